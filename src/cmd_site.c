/* cmd_site.c: `pairboot site DIR STUDY... [--lang LIST] [--format LIST]
 * [--figure-base URL]`: one wiki of many settings.  Each study's full
 * report goes into a folder of its own, DIR/<study folder name>/, its
 * figures and PDFs named <study folder name>-<figure>.LANG.EXT and
 * <study folder name>-report.LANG.pdf so that the files of every study
 * can share one flat upload area, and an index page of each language, DIR/index.LANG.md (render/site_index.h), lists the
 * studies in the order given.  DIR is written as a report folder is
 * (render/outdir.h): whole or not at all, one writer at a time, never
 * over a file that no earlier run wrote; every study is read, analysed
 * and rendered before anything is written, so a study that fails leaves
 * DIR as it was. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "common/timing.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/markdown.h"
#include "render/outdir.h"
#include "render/site_index.h"
#include "src/cli.h"
#include "src/cmd_report.h"
#include "src/options.h"

/* One study of the site, as the command works on it. */
typedef struct site_entry {
	const char *dir;        /* as given */
	char *folder;           /* its folder name in the site (g_free) */
	char *prefix;           /* "<folder>-" (g_free) */
	study *s;
	analysis *a;
	report_text text;
	bool rendered;
} site_entry;

/* The folder name of study folder DIR: the name of the folder itself
 * (through "." or a link), as report names its default output. */
static char *folder_name(const char *dir)
{
	char *real = realpath(dir, NULL);
	char *name = g_path_get_basename(real ? real : dir);

	free(real);
	return name;
}

/* Names the folders of the N studies E, refusing a name that cannot
 * stand in a file name and a link as it is, the name of an index page
 * (index.LANG.md, of any language: another --lang may write it), and
 * two studies of one name.  Usage errors (printed). */
static pb_status name_folders(site_entry *e, size_t n)
{
	cli_langs all;

	cli_all_langs(&all);
	for (size_t i = 0; i < n; i++) {
		e[i].folder = folder_name(e[i].dir);
		if (!cli_plain_name(e[i].folder))
			return cli_usage_error("site: the folder name '%s' of "
					       "study %s cannot name its folder "
					       "and figures in a site: it must "
					       "be 1 to %d letters, digits, "
					       "'.', '_' or '-', not starting "
					       "with '.' (rename the folder)",
					       e[i].folder, e[i].dir,
					       CLI_FIGURE_PREFIX_MAX);
		for (size_t l = 0; l < all.n; l++) {
			char name[SITE_INDEX_NAME_SIZE];

			site_index_name(all.code[l], name);
			if (g_ascii_strcasecmp(e[i].folder, name) == 0)
				return cli_usage_error("site: the folder name "
						       "'%s' of study %s is "
						       "the name of the site's "
						       "%s index page (rename "
						       "the folder)",
						       e[i].folder, e[i].dir,
						       all.code[l]);
		}
		for (size_t k = 0; k < i; k++) {
			if (strcmp(e[k].folder, e[i].folder) == 0)
				return cli_usage_error("site: studies %s and "
						       "%s have the same "
						       "folder name '%s'; each "
						       "study needs a folder "
						       "of its own", e[k].dir,
						       e[i].dir,
						       e[i].folder);
			/* A wiki that capitalises names (MediaWiki) and a
			 * disk that ignores case take them for one. */
			if (g_ascii_strcasecmp(e[k].folder, e[i].folder) == 0)
				return cli_usage_error("site: studies %s and "
						       "%s have folder names "
						       "'%s' and '%s', which "
						       "differ only in case; "
						       "a wiki that capitalises "
						       "names, or a disk that "
						       "ignores case, would "
						       "take their pages and "
						       "figures for one "
						       "(rename a folder)",
						       e[k].dir, e[i].dir,
						       e[k].folder,
						       e[i].folder);
		}
		e[i].prefix = g_strdup_printf("%s-", e[i].folder);
	}
	return PB_OK;
}

/* Writes every report and index into DIR, all rendered beforehand. */
static pb_status write_site(site_entry *e, size_t n, const cli_langs *langs,
			    unsigned formats, GString *const *index,
			    const char *dir, diag *d)
{
	outdir *o;
	pb_status st = outdir_begin(dir, d, &o);

	if (st != PB_OK)
		return st;
	for (size_t i = 0; i < n && st == PB_OK; i++) {
		outdir *sub;
		st = outdir_sub(o, e[i].folder, &sub);
		if (st != PB_OK)
			break;
		st = report_text_put(&e[i].text, e[i].s, e[i].a, langs,
				     formats, NULL, 0, e[i].prefix, sub, d);
		if (st == PB_OK)
			st = outdir_sub_close(o, sub);
		else
			outdir_release(sub);
	}
	for (size_t i = 0; i < langs->n && st == PB_OK
			   && (formats & FORMAT_MD); i++) {
		char name[SITE_INDEX_NAME_SIZE];
		site_index_name(langs->code[i], name);
		st = outdir_write(o, name, index[i]->str, index[i]->len);
	}
	if (st == PB_OK)
		st = outdir_commit(o);
	else
		outdir_abort(o);
	return st;
}

/* Renders the index of every language into INDEX[i]. */
static pb_status render_index(const site_entry *e, size_t n,
			      const cli_langs *langs, GString **index)
{
	site_study *studies = g_new0(site_study, n);
	pb_status st = PB_OK;

	for (size_t i = 0; i < n; i++) {
		studies[i].s = e[i].s;
		studies[i].a = e[i].a;
		studies[i].folder = e[i].folder;
	}
	for (size_t i = 0; i < langs->n && st == PB_OK; i++) {
		st = site_index_render(studies, n, langs->code[i], NULL, false,
				       index[i]);
		if (st == PB_SOFTWARE)
			fprintf(stderr, "pairboot: internal error: the %s index "
				"cannot be rendered\n", langs->code[i]);
	}
	g_free(studies);
	return st;
}

static pb_status make_site(site_entry *e, size_t n, const char *dir,
			   const cli_langs *langs, unsigned formats,
			   const char *figure_base, const cli_options *opt,
			   diag *d)
{
	GString *index[CLI_MAX_LANGS] = { NULL };
	pb_status st = PB_OK;

	/* Every study, so that each one's problems are told at once; the
	 * first failure is the command's. */
	for (size_t i = 0; i < n; i++) {
		pb_status one = report_prepare(e[i].dir, d, &e[i].s, &e[i].a);
		if (one == PB_OK)
			one = report_check_place(e[i].s, dir, "DIR", d);
		if (st == PB_OK)
			st = one;
	}
	for (size_t i = 0; i < n && st == PB_OK; i++) {
		char base[CLI_FIGURE_BASE_MAX + CLI_FIGURE_PREFIX_MAX + 4];
		markdown_links links;

		snprintf(base, sizeof base, "%s%s", figure_base, e[i].prefix);
		links.base = base;
		links.paired = NULL;
		links.n_paired = 0;
		links.ext = formats & FIG_SVG ? "svg" : formats & FIG_PNG
			    ? "png" : figure_base[0] ? "svg" : NULL;
		e[i].rendered = true;
		st = report_text_render(e[i].s, e[i].a, langs, formats,
					links.ext && (formats & FORMAT_MD)
					? &links : NULL, &e[i].text);
	}
	for (size_t i = 0; i < langs->n; i++)
		index[i] = g_string_new(NULL);
	if (st == PB_OK && (formats & FORMAT_MD))
		st = render_index(e, n, langs, index);
	if (st == PB_OK) {
		timing_begin(TIMING_RENDER);
		st = write_site(e, n, langs, formats, index, dir, d);
		timing_end(TIMING_RENDER);
	}
	if (st == PB_OK && !opt->quiet)
		cli_print(stdout, "site of %zu %s written to %s/\n", n,
			  n == 1 ? "study" : "studies", dir);
	for (size_t i = 0; i < langs->n; i++)
		g_string_free(index[i], TRUE);
	return st;
}

static pb_status cmd_site(int argc, char **argv, const cli_options *opt);

enum { OPT_LANG = 256, OPT_FORMAT, OPT_FIGURE_BASE };

static const cli_option site_options[] = {
	{ OPT_LANG, 0, "lang", "LIST", false,
	  "the languages, from en,de,cs,ko (default: all)" },
	{ OPT_FORMAT, 0, "format", "LIST", false,
	  "the formats, from md,json,pdf,svg,png (default: all); the index "
	  "pages come with md" },
	{ OPT_FIGURE_BASE, 0, "figure-base", "URL", false,
	  "the pages show their figures from URL, where a wiki keeps its "
	  "uploads (default: beside the page)" },
};

const cli_command command_site = {
	.name = "site",
	.operands = "DIR STUDY...",
	.options = site_options,
	.n_options = sizeof site_options / sizeof site_options[0],
	.summary = "Write the reports of several studies as one wiki into DIR: "
		   "each study's report in DIR/<study folder name>/, its figures "
		   "and PDFs named <study folder name>-FIGURE.LANG.svg, .png and "
		   "<study folder name>-report.LANG.pdf, and an "
		   "index page of each language, DIR/index.LANG.md, listing the "
		   "studies in the order given with their title, platform and "
		   "comparisons as their pages give them.  DIR appears whole or "
		   "not at all: a study that fails leaves it as it was.",
	.overview = "write the reports of several studies as one wiki into "
		    "DIR: each in DIR/<study folder name>/ with its figures and "
		    "PDFs named after the study, and an index page of each "
		    "language, "
		    "index.LANG.md, listing the studies in the order given; "
		    "--lang, --format and --figure-base as for report",
	.run = cmd_site,
};

static pb_status cmd_site(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_site, { false }, NULL };
	const char *figure_base = NULL;
	char base[CLI_FIGURE_BASE_MAX + 2];
	unsigned formats = FORMAT_ALL;
	cli_langs langs;
	site_entry *e;
	size_t n;
	diag *d;
	pb_status st;
	int c;

	cli_all_langs(&langs);
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case OPT_LANG:
			if (cli_parse_langs("site", optarg, &langs) != PB_OK)
				return PB_USAGE;
			break;
		case OPT_FORMAT:
			if (report_parse_formats("site", optarg, &formats)
			    != PB_OK)
				return PB_USAGE;
			break;
		case OPT_FIGURE_BASE:
			figure_base = optarg;
			break;
		default:
			return PB_USAGE;
		}
	}
	if (figure_base && cli_figure_base("site", figure_base, base)
	    != PB_OK)
		return PB_USAGE;
	if (optind >= argc)
		return cli_usage_error("site: missing DIR and STUDY folders");
	if (optind + 1 >= argc)
		return cli_usage_error("site: missing STUDY folders after DIR");
	if (!argv[optind][0])
		return cli_usage_error("site: empty output folder name");

	n = (size_t)(argc - optind - 1);
	e = g_new0(site_entry, n);
	for (size_t i = 0; i < n; i++)
		e[i].dir = argv[optind + 1 + i];
	st = name_folders(e, n);
	if (st == PB_OK) {
		d = cli_diag_new();
		if (!d)
			st = PB_NOMEM;
		else {
			st = make_site(e, n, argv[optind], &langs, formats,
				       figure_base ? base : "", opt, d);
			if (st != PB_USAGE)
				cli_say_failure(st, argv[optind],
						"no site written", d);
			diag_free(d);
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (e[i].rendered)
			report_text_free(&e[i].text);
		analysis_free(e[i].a);
		study_free(e[i].s);
		g_free(e[i].folder);
		g_free(e[i].prefix);
	}
	g_free(e);
	return st;
}
