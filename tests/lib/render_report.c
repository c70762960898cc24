/* render_report.c: a test helper that writes the figures and the PDF
 * report of a study, so tests/cli/test_pdf.sh can check them with poppler
 * before `pairboot report` itself offers the formats.
 *
 *     render_report STUDY OUTDIR LANG...   figures and PDF per language
 *     render_report --versions             the renderer versions as JSON
 *
 * Exit status: the pb_status of the first failure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/figures.h"
#include "render/outdir.h"

static int versions(void)
{
	diag *d = diag_new(stderr, 0);
	json_t *v = NULL;
	pb_status st = figures_versions_json(d, &v);
	char *text;

	if (st == PB_OK) {
		text = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (text)
			puts(text);
		free(text);
	}
	json_decref(v);
	diag_free(d);
	return st;
}

int main(int argc, char **argv)
{
	diag *d;
	study *s = NULL;
	analysis *a = NULL;
	outdir *o = NULL;
	pb_status st;

	if (argc == 2 && strcmp(argv[1], "--versions") == 0)
		return versions();
	if (argc < 4) {
		fputs("usage: render_report STUDY OUTDIR LANG...\n", stderr);
		return PB_USAGE;
	}
	d = diag_new(stderr, 0);
	if (!d)
		return PB_NOMEM;
	st = study_read(argv[1], d, &s);
	if (st == PB_OK)
		st = analysis_run(s, d, &a);
	if (st == PB_OK)
		st = outdir_begin(argv[2], d, &o);
	for (int i = 3; st == PB_OK && i < argc; i++)
		st = figures_write(s, a, argv[i], NULL,
				   FIG_PDF | FIG_SVG | FIG_PNG,
				   getenv("SOURCE_DATE_EPOCH"), o, d);
	if (o && st == PB_OK)
		st = outdir_commit(o);
	else if (o)
		outdir_abort(o);
	analysis_free(a);
	study_free(s);
	diag_free(d);
	return st;
}
