/* cmd_report.h: the parts of `pairboot report` that `pairboot site`
 * shares: a study read and analysed as report does it, its files
 * rendered before any folder is made, and then put into a report folder
 * (render/outdir.h), figures drawn one language a child process. */
#ifndef PAIRBOOT_CMD_REPORT_H
#define PAIRBOOT_CMD_REPORT_H

#include <stddef.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/figures.h"
#include "render/markdown.h"
#include "render/outdir.h"
#include "render/pagedoc.h"
#include "src/cli.h"

/* What --format can ask for. */
enum {
	FORMAT_JSON = 8u,     /* results.json (FIG_* take the low bits) */
	FORMAT_MD = 16u,      /* LANG.md */
	FORMAT_ALL = FORMAT_JSON | FORMAT_MD | FIG_PDF | FIG_SVG | FIG_PNG
};

/* Parses the comma-separated format names of ARG ("md,json"), --format
 * of command CMD, into *FORMATS.  PB_OK or a usage error (printed). */
pb_status report_parse_formats(const char *cmd, const char *arg,
			       unsigned *formats);

/* Reads the study in folder DIR and analyses it as report does (the
 * fonts checked against its text, a sequential study refused before its
 * first look): new *S and *A (NULL on failure, the problems in D). */
pb_status report_prepare(const char *dir, diag *d, study **s,
			 analysis **a);

/* A sequential study's series that reached no look yet, each an error at
 * study.ini's `looks`: PB_DATAERR, else PB_OK. */
pb_status report_check_looks(const study *s, const analysis *a, diag *d);

/* Refuses (PB_CANTCREAT) an output folder TARGET inside the study
 * folder of S, or one holding it, telling D to give OPTION ("-o") another
 * folder; else PB_OK. */
pb_status report_check_place(const study *s, const char *target,
			     const char *option, diag *d);

/* A report's text, rendered before its folder is made. */
typedef struct report_text {
	GString *json;                    /* results.json, or empty */
	pagedoc *pages[CLI_MAX_LANGS];    /* the page of each language */
} report_text;

/* Renders results.json and the pages of S and A that FORMATS asks for,
 * with the figures LINKS says (NULL: none) into T (report_text_free it,
 * also on failure). */
pb_status report_text_render(const study *s, const analysis *a,
			     const cli_langs *langs, unsigned formats,
			     const markdown_links *links, report_text *t);

/* Writes T and the figures FORMATS asks for into O: the figures named
 * PREFIX<figure>.LANG.EXT, the paired figures of the N_PAIRED states
 * PAIRED too. */
pb_status report_text_put(const report_text *t, const study *s,
			  const analysis *a, const cli_langs *langs,
			  unsigned formats, const size_t *paired,
			  size_t n_paired, const char *prefix, outdir *o,
			  diag *d);

void report_text_free(report_text *t);

#endif
