/* cmd_report.c: `pairboot report STUDY [-o DIR]`: analyse a study and write
 * its report folder (results.json) as a whole. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "ingest/study.h"
#include "render/outdir.h"
#include "render/results_json.h"
#include "src/cli.h"

#define REPORT_PRINT_LIMIT 100
#define DEFAULT_REPORTS "reports"

/* The default report folder: reports/<study folder name>, creating
 * reports/ when it does not exist yet. */
static char *default_output(const study *s, diag *d)
{
	char *path;

	if (mkdir(DEFAULT_REPORTS, 0777) != 0 && errno != EEXIST) {
		diag_error(d, DEFAULT_REPORTS, 0, 0, "cannot create: %s",
			   strerror(errno));
		return NULL;
	}
	path = malloc(strlen(DEFAULT_REPORTS) + strlen(s->name) + 2);
	if (path)
		sprintf(path, "%s/%s", DEFAULT_REPORTS, s->name);
	return path;
}

/* Writes the report of S into folder TARGET. */
static pb_status write_report(const study *s, const analysis *a,
			      const char *target, diag *d)
{
	GString *json = g_string_new(NULL);
	outdir *o;
	pb_status st = results_json_write(s, a, json);

	if (st == PB_OK)
		st = outdir_begin(target, d, &o);
	if (st == PB_OK) {
		st = outdir_write(o, "results.json", json->str, json->len);
		if (st == PB_OK)
			st = outdir_commit(o);
		else
			outdir_abort(o);
	}
	g_string_free(json, TRUE);
	return st;
}

static pb_status report_study(const char *dir, const char *output,
			      const cli_options *opt, diag *d)
{
	study *s = NULL;
	analysis *a = NULL;
	char *target = NULL;
	pb_status st = study_read(dir, d, &s);

	if (st == PB_OK)
		st = analysis_run(s, d, &a);
	if (st == PB_OK) {
		target = output ? strdup(output) : default_output(s, d);
		if (!target)
			st = diag_errors(d) ? PB_CANTCREAT : PB_NOMEM;
	}
	if (st == PB_OK)
		st = write_report(s, a, target, d);
	if (st == PB_OK && !opt->quiet)
		printf("report written to %s/\n", target);
	free(target);
	analysis_free(a);
	study_free(s);
	return st;
}

pb_status cmd_report(int argc, char **argv, const cli_options *opt)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL;
	diag *d;
	pb_status st;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		default:
			if (optopt == 'o')
				return cli_usage_error("report: option '%s' "
						       "requires an argument",
						       argv[optind - 1]);
			return cli_usage_error("report: unrecognized option "
					       "'%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return cli_usage_error("report: missing STUDY folder");
	if (optind + 1 < argc)
		return cli_usage_error("report: extra operand '%s'",
				       argv[optind + 1]);
	if (output && !output[0])
		return cli_usage_error("report: empty output folder name");

	d = diag_new(stderr, REPORT_PRINT_LIMIT);
	if (!d) {
		fputs("pairboot: out of memory\n", stderr);
		return PB_NOMEM;
	}
	st = report_study(argv[optind], output, opt, d);
	if (st == PB_NOMEM)
		fputs("pairboot: out of memory\n", stderr);
	else if (st != PB_OK && diag_errors(d))
		fprintf(stderr, "pairboot: %s: no report written (%zu "
			"problem%s)\n", argv[optind], diag_errors(d),
			diag_errors(d) == 1 ? "" : "s");
	diag_free(d);
	return st;
}
