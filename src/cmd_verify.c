/* cmd_verify.c: `pairboot verify STUDY --against FILE [--tolerance X]`:
 * recomputes everything from the study and sets each published number or
 * verdict beside the recomputed one.
 *
 * Each line says `match`, `MISMATCH`, `OMITTED` (recomputed, but the file
 * does not show it) or `not in data` (published, but the study has no
 * such item); against a page, the lines of the page pairboot writes are
 * checked too (analyze/verify_page.h) and the paragraphs that are not
 * pairboot's are listed; a summary line follows.  The exit status is 0
 * when nothing is a MISMATCH, not in data or (unless --allow-omitted)
 * OMITTED, else 1 (PB_MISMATCH).
 *
 * The matching itself (precision, tolerance, what is checked) is
 * analyze/verify.h; this file reads the inputs, runs it and prints its
 * items, a line naming the settings checked and a summary line. */
#include "config.h"

#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/verify.h"
#include "analyze/verify_page.h"
#include "common/diag.h"
#include "ingest/published.h"
#include "ingest/published_text.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/figkind.h"
#include "render/markdown.h"
#include "render/studytext.h"
#include "src/cli.h"
#include "src/options.h"
#include "src/verify_vocab.h"


static const char *const verdict_text[VERIFY_VERDICTS] = {
	"match", "MISMATCH", "OMITTED", "not in data"
};

/* What the command line asks for beyond the files. */
typedef struct verify_request {
	verify_options opt;
	bool quiet;              /* --quiet: only what does not follow */
	bool allow_omitted;      /* --allow-omitted: a result the file does
				    not show is no failure */
} verify_request;

/* One line of the report.  QUIET: only what makes the file fail. */
static void print_item(const verify_item *it, bool quiet, bool allow_omitted)
{
	if (quiet && (it->verdict == VERIFY_MATCH
		      || (allow_omitted && it->verdict == VERIFY_OMITTED)))
		return;
	cli_print(stdout, "%-13s  %s", verdict_text[it->verdict], it->what);
	if (it->published)
		cli_print(stdout, ": published %s", it->published);
	if (it->recomputed)
		cli_print(stdout, "%s recomputed %s",
			  it->published ? "," : ":", it->recomputed);
	putchar('\n');
}

static void print_paths(const char *what, const char **paths, size_t n)
{
	if (!n)
		return;
	printf("%s:", what);
	for (size_t i = 0; i < n; i++)
		cli_print(stdout, " %s", paths[i]);
	putchar('\n');
}

/* The first lines: what is verified against what, and how the interval
 * bounds are compared. */
static void print_header(const verify_result *r, const verify_request *req,
			 const published *p, const study *s,
			 const char *study_dir, const char *file)
{
	const char *unit = s->plan.unit ? s->plan.unit : "";

	if (p->source == PUB_RESULTS_JSON)
		cli_print(stdout, "verify %s against %s (results.json)\n",
			  study_dir, file);
	else
		cli_print(stdout, "verify %s against %s (published page, "
			  "language %s)\n",
		       study_dir, file, p->lang ? p->lang : "unknown");
	if (r->exact_ci)
		printf("CI bounds: compared exactly (same seed, resamples, "
		       "method and confidence as the file)\n");
	else if (req->opt.tolerance_given)
		printf("CI bounds: compared within a tolerance of %g %s\n",
		       req->opt.tolerance, unit);
	else if (p->source == PUB_RESULTS_JSON)
		printf("CI bounds: compared exactly; the file's seed, "
		       "resamples, method or confidence differ from the "
		       "study's (give --tolerance)\n");
	else
		printf("CI bounds: compared at the published precision (give "
		       "--tolerance to allow for another seed)\n");
}

/* Which settings were checked, and which the file does not state. */
static void print_settings_summary(const verify_result *r)
{
	GString *yes = g_string_new(NULL), *no = g_string_new(NULL);

	for (int k = 0; k < PUB_SET_KINDS; k++) {
		GString *g = r->stated[k] ? yes : no;
		g_string_append_printf(g, "%s%s", g->len ? ", " : "",
				       pub_setting_name((pub_setting_kind)k));
	}
	printf("settings checked: %s; not stated: %s; runs checked for %zu "
	       "series, pairs for %zu comparisons\n",
	       yes->len ? yes->str : "none", no->len ? no->str : "none",
	       r->accounts_checked, r->pairs_checked);
	g_string_free(yes, TRUE);
	g_string_free(no, TRUE);
}

/* The published lines that are not pairboot's text: "not checked: 2
 * paragraphs (5 lines): lines 1-4, 9". */
static void print_unchecked(const verify_result *r)
{
	if (!r->n_unchecked)
		return;
	printf("not checked: %zu paragraph%s (%zu line%s): line%s",
	       r->n_unchecked, r->n_unchecked == 1 ? "" : "s",
	       r->unchecked_lines, r->unchecked_lines == 1 ? "" : "s",
	       r->unchecked_lines == 1 ? "" : "s");
	for (size_t i = 0; i < r->n_unchecked; i++) {
		size_t from = r->unchecked[2 * i], to = r->unchecked[2 * i + 1];
		printf("%s %zu", i ? "," : "", from);
		if (to != from)
			printf("-%zu", to);
	}
	putchar('\n');
}

/* The last word of the summary line. */
static const char *conclusion(const verify_result *r, bool allow_omitted)
{
	if (!verify_result_follows(r, true))
		return "the published result does not follow from the data";
	if (!r->counts[VERIFY_OMITTED])
		return "every published item follows from the data";
	if (allow_omitted)
		return "every published item follows from the data; what is "
		       "omitted is allowed (--allow-omitted)";
	return "every published item follows from the data, but results "
	       "of the data are omitted (--allow-omitted accepts that)";
}

/* The items of R and the lines that sum them up. */
static void print_result(const verify_result *r, bool quiet,
			 bool allow_omitted)
{
	const size_t *n = r->counts;

	for (size_t i = 0; i < r->n_items; i++)
		print_item(&r->items[i], quiet, allow_omitted);
	print_unchecked(r);
	print_paths("inputs that differ", r->inputs_differ,
		    r->n_inputs_differ);
	print_paths("inputs missing from the study", r->inputs_missing,
		    r->n_inputs_missing);
	print_paths("inputs new in the study", r->inputs_added,
		    r->n_inputs_added);
	print_settings_summary(r);
	printf("summary: %zu checked", n[VERIFY_MATCH] + n[VERIFY_MISMATCH]
	       + n[VERIFY_NOT_IN_DATA]);
	if (r->lines_compared)
		printf(" (%zu page lines)", r->lines_checked);
	printf(", %zu MISMATCH, %zu not in data, %zu OMITTED",
	       n[VERIFY_MISMATCH], n[VERIFY_NOT_IN_DATA], n[VERIFY_OMITTED]);
	if (r->lines_compared)
		printf(", %zu paragraph%s not checked", r->n_unchecked,
		       r->n_unchecked == 1 ? "" : "s");
	printf("; %s\n", conclusion(r, allow_omitted));
}

/* The figure links of a page, as the first line that shows one of
 * pairboot's figures (`![...](BASEinterval.LANG.EXT)`) has them: BASE into
 * BUF (SIZE bytes), EXT "svg" or "png".  False when the page shows none:
 * it is then compared with the page without figures. */
static bool page_links(const char *text, const char *lang,
		       markdown_links *out, char *buf, size_t size)
{
	static const char *const exts[] = { "svg", "png" };

	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		const char *open = NULL;

		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			len--;
		if (len > 4 && line[0] == '!' && line[1] == '['
		    && line[len - 1] == ')') {
			for (const char *c = line + len - 1; c > line; c--)
				if (c[-1] == ']' && c[0] == '(') {
					open = c + 1;
					break;
				}
		}
		for (int k = 0; open && k < FIG_KINDS; k++)
			for (size_t e = 0; e < 2; e++) {
				char file[64];
				size_t tl = (size_t)(line + len - 1 - open), fl;
				snprintf(file, sizeof file, "%s.%s.%s",
					 figkind_name((fig_kind)k), lang,
					 exts[e]);
				fl = strlen(file);
				if (tl < fl || tl - fl >= size
				    || memcmp(open + tl - fl, file, fl) != 0
				    || (tl > fl && open[tl - fl - 1] != '/'))
					continue;
				memcpy(buf, open, tl - fl);
				buf[tl - fl] = '\0';
				out->base = buf;
				out->ext = exts[e];
				return true;
			}
		line = end ? end + 1 : NULL;
	}
	return false;
}

/* For a page: its every line beside the page pairboot writes from the
 * study in the page's language, with the figures the page shows. */
static pb_status check_lines(verify_result *r, const study *s,
			     const analysis *a, const published *p)
{
	GString *expected;
	markdown_links links;
	char base[1100];
	pb_status st;

	if (p->source != PUB_PAGE || !p->text || !p->lang)
		return PB_OK;
	expected = g_string_new(NULL);
	st = markdown_render_linked(s, a, p->lang,
				    page_links(p->text, p->lang, &links, base,
					       sizeof base) ? &links : NULL,
				    expected);
	if (st == PB_OK)
		st = verify_page_lines(r, p, expected->str, expected->len);
	g_string_free(expected, TRUE);
	return st;
}

static pb_status report(const study *s, const analysis *a, const published *p,
			const verify_request *req, const char *study_dir,
			const char *file)
{
	verify_result *r = NULL;
	pb_status st = verify_run(s, a, p, &req->opt, &r);

	if (st != PB_OK)
		return st;
	st = check_lines(r, s, a, p);
	if (st != PB_OK) {
		if (st == PB_SOFTWARE)
			fprintf(stderr, "pairboot: internal error: the %s page "
				"cannot be rendered\n", p->lang);
		verify_result_free(r);
		return st;
	}
	if (!req->quiet)
		print_header(r, req, p, s, study_dir, file);
	print_result(r, req->quiet, req->allow_omitted);
	st = verify_result_follows(r, req->allow_omitted) ? PB_OK
							  : PB_MISMATCH;
	verify_result_free(r);
	return st;
}

static pb_status verify_study(const char *dir, const char *file,
			      const verify_request *req, diag *d)
{
	pub_phrase *vocab = NULL;
	size_t n_vocab = 0;
	const char *msgid = NULL, *lang = NULL;
	published *p = NULL;
	study *s = NULL;
	analysis *a = NULL;
	pb_status st = verify_vocab_build(&vocab, &n_vocab, &msgid, &lang);

	if (st == PB_SOFTWARE)
		fprintf(stderr, "pairboot: internal error: no %s translation "
			"of '%s'\n", lang, msgid);
	/* The study first: its plan says how the file spells states. */
	if (st == PB_OK)
		st = study_read(dir, d, &s);
	if (st == PB_OK)
		st = published_read(file, &s->plan, vocab, n_vocab, d, &p);
	if (st == PB_OK)
		st = analysis_run(s, d, &a);
	if (st == PB_OK)
		st = report(s, a, p, req, dir, file);
	analysis_free(a);
	study_free(s);
	published_free(p);
	free(vocab);
	return st;
}

/* A tolerance: a '.'-decimal number >= 0, nothing else. */
static bool parse_tolerance(const char *s, double *out)
{
	char *end;
	size_t i = 0;

	while (s[i] >= '0' && s[i] <= '9')
		i++;
	if (s[i] == '.')
		for (i++; s[i] >= '0' && s[i] <= '9'; i++)
			;
	if (i == 0 || s[i] != '\0' || strcmp(s, ".") == 0)
		return false;
	errno = 0;
	*out = strtod(s, &end);
	return !errno && *end == '\0' && isfinite(*out);
}

static pb_status cmd_verify(int argc, char **argv, const cli_options *opt);

static const cli_option verify_opts[] = {
	{ 'a', 'a', "against", "FILE", true,
	  "the results.json or published page (Markdown or plain text, in any "
	  "language) to check" },
	{ 't', 't', "tolerance", "X", false,
	  "how far, in the study's unit, an interval bound drawn another way "
	  "may lie and still match" },
	{ 'O', 0, "allow-omitted", NULL, false,
	  "a result of the data that FILE does not show (OMITTED) does not "
	  "make it fail" },
};

const cli_command command_verify = {
	.name = "verify",
	.operands = "STUDY",
	.options = verify_opts,
	.n_options = sizeof verify_opts / sizeof verify_opts[0],
	.summary = "Recompute everything from the study and print each number, "
		   "verdict and line of FILE beside the recomputed one; exit 1 "
		   "when any item is a MISMATCH, not in data or, unless "
		   "--allow-omitted, OMITTED.",
	.overview = "recompute everything from the study and print each "
		    "number, verdict and page line of FILE (a results.json or "
		    "a published page, Markdown or plain text, in any "
		    "language) beside the recomputed one: match, MISMATCH, "
		    "OMITTED or not in data, and the paragraphs not checked; "
		    "interval bounds drawn another way match within X (in the "
		    "study's unit); exits 1 when any item is a MISMATCH, not "
		    "in data or, unless --allow-omitted, OMITTED",
	.run = cmd_verify,
};

static pb_status cmd_verify(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_verify, { false }, NULL };
	const char *against = NULL;
	verify_request req;
	diag *d;
	pb_status st;
	int c;

	memset(&req, 0, sizeof req);
	req.quiet = opt->quiet;
	/* A page names a series as it is written in the page's language. */
	req.opt.series_name = studytext_series_name;
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case 'a':
			against = optarg;
			break;
		case 'O':
			req.allow_omitted = true;
			break;
		case 't':
			if (!parse_tolerance(optarg, &req.opt.tolerance))
				return cli_usage_error("verify: invalid "
						       "tolerance '%s' (a "
						       "number >= 0, such as "
						       "0.05)", optarg);
			req.opt.tolerance_given = true;
			break;
		default:
			return PB_USAGE;
		}
	}
	if (cli_operands("verify", argc, argv, 1, "missing STUDY folder")
	    != PB_OK)
		return PB_USAGE;
	if (cli_check_required(&p) != PB_OK)
		return PB_USAGE;
	if (!against[0])
		return cli_usage_error("verify: empty file name");

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = verify_study(argv[optind], against, &req, d);
	/* A mismatch is the answer, not a failure to give one. */
	if (st != PB_MISMATCH)
		cli_say_failure(st, "verify", "nothing verified", d);
	diag_free(d);
	return st;
}
