/* cmd_verify.c: `pairboot verify STUDY --against FILE`: recomputes
 * everything from the study and sets the published page or results.json
 * beside what pairboot writes from it (verify/verify.h); `pairboot verify
 * STUDY... --against INDEX` does the same for the index page of a site of
 * the studies (`pairboot site`).
 *
 * The report names first what was read (a page: its tables, rows and
 * other blocks, what pairboot recognised as its own, the author's text and
 * what is hidden from readers), then the items that do not follow
 * (MISMATCH, not in data), those omitted, the author's text that was not
 * checked, and the matches; a summary line ends it.  Exit status: 0 when
 * everything follows (author text aside, unless --strict), 1 when
 * something does not (PB_MISMATCH), 2 when the file could not be read as a
 * whole (PB_UNREADABLE: a byte that is not text, a page past verify's
 * work, a results.json that is not JSON). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "common/fileread.h"
#include "ingest/results_json.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "src/cli.h"
#include "src/options.h"
#include "verify/verify.h"

/* What the command line asks for beyond the files. */
typedef struct verify_request {
	marks_rules rules;
	bool quiet;              /* --quiet: only what does not follow */
	bool allow_omitted;      /* --allow-omitted */
	bool strict;             /* --strict: author text fails the page */
	const char *registered;  /* --registered DIGEST, or NULL */
	bool index;              /* --index, or several studies: FILE is a
				    site's index page */
} verify_request;

/* What the items add up to. */
typedef struct verify_tally {
	size_t failed;           /* MISMATCH and not in data */
	size_t omitted;
	size_t author;           /* units of author text */
	bool unreadable;         /* the file was not read as a whole */
	bool registered_differs;
} verify_tally;

/* ---- the report ------------------------------------------------------ */

static void print_item(const vreport_item *it)
{
	cli_print(stdout, "%-13s  ", vreport_verdict_word(it->verdict));
	if (it->line == it->last_line && it->line)
		printf("line %zu: ", it->line);
	else if (it->line)
		printf("lines %zu-%zu: ", it->line, it->last_line);
	cli_print(stdout, "%s", it->what);
	if (it->published)
		cli_print(stdout, ": published %s", it->published);
	if (it->recomputed)
		cli_print(stdout, "%s recomputed %s",
			  it->published ? "," : ":", it->recomputed);
	putchar('\n');
}

/* The items of verdict V, in the file's order. */
static void print_items(const vreport *r, vreport_verdict v)
{
	for (size_t i = 0; i < vreport_n_items(r); i++)
		if (vreport_item_at(r, i)->verdict == v)
			print_item(vreport_item_at(r, i));
}

/* Where PAGE could not be read. */
static void print_problems(const pageview *page)
{
	for (size_t i = 0; i < pageview_n_problems(page); i++) {
		const pageview_problem *p = pageview_problem_at(page, i);
		printf("unreadable     line %zu, column %zu: %s\n", p->line,
		       p->col, p->what);
	}
}

/* What was read of a page, first: so that what disagrees stands out. */
static void print_read(const verify_outcome *o)
{
	const pagecmp_stats *s = &o->stats;
	size_t n_hidden = pageview_n_hidden(o->page);

	printf("read: %zu table%s (%zu row%s), %zu other block%s; "
	       "pairboot's: %zu block%s and row%s (%zu table%s set beside "
	       "pairboot's); author text: %zu block%s (%zu line%s)\n",
	       s->tables, s->tables == 1 ? "" : "s", s->rows,
	       s->rows == 1 ? "" : "s", s->texts, s->texts == 1 ? "" : "s",
	       s->recognised, s->recognised == 1 ? "" : "s",
	       s->recognised == 1 ? "" : "s", s->tables_paired,
	       s->tables_paired == 1 ? "" : "s", s->author,
	       s->author == 1 ? "" : "s", s->author_lines,
	       s->author_lines == 1 ? "" : "s");
	for (size_t i = 0; i < n_hidden; i++) {
		const pageview_hidden *h = pageview_hidden_at(o->page, i);
		printf("hidden from readers, not read: lines %zu-%zu (%s)\n",
		       h->line, h->last_line, h->what);
	}
	print_problems(o->page);
}

static void print_header(const verify_outcome *o, const verify_request *req,
			 const study *s, const char *dir, const char *file)
{
	const char *unit = s && s->plan.unit ? s->plan.unit : "";

	if (req->index)
		cli_print(stdout, "verify %s against %s (index page, language "
			  "%s)\n", dir, file, o->lang);
	else if (o->page)
		cli_print(stdout, "verify %s against %s (published page, "
			  "language %s)\n", dir, file, o->lang);
	else
		cli_print(stdout, "verify %s against %s (results.json)\n", dir,
			  file);
	if (o->page)
		print_read(o);
	if (req->rules.tolerance_given)
		cli_print(stdout, "CI bounds: within %g %s of the recomputed "
			  "ones, on the same side of 0 and of the threshold\n",
			  req->rules.tolerance, req->index
			  ? "(in each study's unit)" : unit);
	else
		printf("CI bounds: %s (give --tolerance to allow for another "
		       "seed)\n", o->page ? "at the precision pairboot writes"
					  : "exactly");
	if (s && s->runs_from_summary)
		printf("runs taken from the study's summary, their raw files "
		       "absent: %zu of %zu\n", s->runs_from_summary,
		       s->n_runs);
}

/* The registered plan the reviewer saw published, beside the study's. */
static void check_registered(const verify_request *req, const study *s,
			     verify_tally *t)
{
	if (!req->registered)
		return;
	t->registered_differs = strcmp(req->registered, s->plan.digest) != 0;
	printf("%-13s  registered plan digest: given %s, the study's %s%s\n",
	       t->registered_differs ? "MISMATCH" : "match", req->registered,
	       s->plan.digest,
	       s->plan.registered ? "" : " (its study.ini does not say "
					 "registered)");
}

/* The most places of author text the summary line names; the items above
 * it name them all. */
#define AUTHOR_PLACES_MAX 20

/* "3-5, 9" of the author text, and how many more there are. */
static void print_author_lines(const vreport *r)
{
	size_t shown = 0, more = 0;

	for (size_t i = 0; i < vreport_n_items(r); i++) {
		const vreport_item *it = vreport_item_at(r, i);
		if (it->verdict != VREPORT_NOT_CHECKED || !it->line)
			continue;
		if (shown == AUTHOR_PLACES_MAX) {
			more++;
			continue;
		}
		printf("%s%zu", shown++ ? ", " : "", it->line);
		if (it->last_line != it->line)
			printf("-%zu", it->last_line);
	}
	if (more)
		printf(" and %zu more", more);
}

static const char *closing(const verify_tally *t, const verify_request *req)
{
	if (t->unreadable)
		return "the file could not be read as a whole; what was read "
		       "is listed above";
	if (t->failed || t->registered_differs)
		return "the published result does not follow from the data";
	if (t->omitted && !req->allow_omitted)
		return "every published item follows from the data, but "
		       "results of the data are omitted (--allow-omitted "
		       "accepts that)";
	if (t->author)
		return NULL;    /* said with the lines (print_summary) */
	if (t->omitted)
		return "every published item follows from the data; what is "
		       "omitted is allowed (--allow-omitted)";
	return "every published item follows from the data";
}

static void print_summary(const verify_outcome *o, const verify_tally *t,
			  const verify_request *req)
{
	const vreport *r = o->report;
	const char *last = closing(t, req);

	printf("summary: %zu checked, %zu MISMATCH, %zu not in data, "
	       "%zu OMITTED",
	       vreport_count(r, VREPORT_MATCH)
	       + vreport_count(r, VREPORT_MISMATCH)
	       + vreport_count(r, VREPORT_NOT_IN_DATA),
	       vreport_count(r, VREPORT_MISMATCH),
	       vreport_count(r, VREPORT_NOT_IN_DATA),
	       vreport_count(r, VREPORT_OMITTED));
	if (o->page)
		printf(", %zu author block%s not checked", t->author,
		       t->author == 1 ? "" : "s");
	if (last) {
		printf("; %s\n", last);
		return;
	}
	printf("; every item in pairboot's words follows from the data, but "
	       "%zu block%s of author text %s not checked (line%s ",
	       t->author, t->author == 1 ? "" : "s",
	       t->author == 1 ? "was" : "were", t->author == 1 ? "" : "s");
	print_author_lines(r);
	printf(")%s\n", req->strict ? "; --strict fails it" : "");
}

static verify_tally tally(const verify_outcome *o)
{
	verify_tally t = { 0 };
	const vreport *r = o->report;

	t.failed = vreport_count(r, VREPORT_MISMATCH)
		   + vreport_count(r, VREPORT_NOT_IN_DATA);
	t.omitted = vreport_count(r, VREPORT_OMITTED);
	if (o->page) {
		t.author = o->stats.author;
		t.unreadable = pageview_n_problems(o->page) > 0
			       || o->stats.unjudged > 0;
	}
	return t;
}

/* A file not read whole is not verified, whatever was found in it. */
static pb_status status_of(const verify_tally *t, const verify_request *req)
{
	if (t->unreadable)
		return PB_UNREADABLE;
	if (t->failed || t->registered_differs
	    || (t->omitted && !req->allow_omitted))
		return PB_MISMATCH;
	return req->strict && t->author ? PB_MISMATCH : PB_OK;
}

static pb_status report(const verify_outcome *o, const verify_request *req,
			const study *s, const char *dir, const char *file)
{
	static const vreport_verdict order[] = {
		VREPORT_MISMATCH, VREPORT_NOT_IN_DATA, VREPORT_OMITTED,
		VREPORT_NOT_CHECKED, VREPORT_MATCH
	};
	verify_tally t = tally(o);

	if (!req->quiet)
		print_header(o, req, s, dir, file);
	else if (o->page)
		print_problems(o->page);
	check_registered(req, s, &t);
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
		if (!req->quiet || order[k] == VREPORT_MISMATCH
		    || order[k] == VREPORT_NOT_IN_DATA
		    || (order[k] == VREPORT_OMITTED && !req->allow_omitted)
		    || (order[k] == VREPORT_NOT_CHECKED && req->strict))
			print_items(o->report, order[k]);
	print_summary(o, &t, req);
	return status_of(&t, req);
}

/* ---- reading and comparing --------------------------------------------- */

/* The report of a file that could not be read at all (its diagnostics
 * say why, on stderr): PB_UNREADABLE. */
static pb_status unreadable(const char *dir, const char *file,
			    const char *kind)
{
	cli_print(stdout, "verify %s against %s (%s)", dir, file, kind);
	printf("\nsummary: nothing checked; the file could not be read as a "
	       "whole (see the error above)\n");
	return PB_UNREADABLE;
}

/* Whether TEXT is a JSON document rather than a page: '{' first. */
static bool looks_like_json(const char *text, size_t len)
{
	size_t i = 0;

	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && (text[i] == ' ' || text[i] == '\t'
			   || text[i] == '\n' || text[i] == '\r'))
		i++;
	return i < len && text[i] == '{';
}

static pb_status compare(const study *s, const analysis *a, const char *file,
			 const char *text, size_t len,
			 const verify_request *req, diag *d,
			 verify_outcome **out)
{
	json_t *root = NULL;
	int version;
	pb_status st;

	if (!looks_like_json(text, len))
		return verify_page(s, a, text, len, &req->rules, out);
	st = results_json_parse(file, text, len, d, &root, &version);
	if (st == PB_DATAERR)
		return unreadable(s->dir, file, "results.json");
	if (st == PB_OK)
		st = verify_json(s, a, root, &req->rules, out);
	json_decref(root);
	return st;
}

static pb_status verify_study(const char *dir, const char *file,
			      const verify_request *req, diag *d)
{
	study *s = NULL;
	analysis *a = NULL;
	verify_outcome *o = NULL;
	char *text = NULL;
	size_t len = 0;
	pb_status st = study_read(dir, d, &s);

	if (st == PB_OK) {
		st = fileread_document(file, d, &text, &len);
		/* Too large, or not a regular file's text. */
		if (st == PB_DATAERR)
			st = unreadable(dir, file, "not read");
	}
	if (st == PB_OK)
		st = analysis_run(s, d, &a);
	if (st == PB_OK) {
		verify_request with_t = *req;

		with_t.rules.threshold = s->plan.threshold;
		st = compare(s, a, file, text, len, &with_t, d, &o);
	}
	if (st == PB_SOFTWARE)
		fprintf(stderr, "pairboot: internal error: a page of the study "
			"cannot be rendered\n");
	if (st == PB_OK)
		st = report(o, req, s, dir, file);
	verify_outcome_free(o);
	free(text);
	analysis_free(a);
	study_free(s);
	return st;
}

/* The N studies of DIRS, in the order of the site, read and analysed
 * into E (the caller frees them). */
static pb_status read_studies(char **dirs, size_t n, diag *d, study **s,
			      analysis **a, site_study *e, char **folders)
{
	pb_status st = PB_OK;

	for (size_t i = 0; i < n; i++) {
		char *real = realpath(dirs[i], NULL);
		pb_status one = study_read(dirs[i], d, &s[i]);

		folders[i] = g_path_get_basename(real ? real : dirs[i]);
		free(real);
		if (one == PB_OK)
			one = analysis_run(s[i], d, &a[i]);
		if (st == PB_OK)
			st = one;
		e[i].s = s[i];
		e[i].a = a[i];
		e[i].folder = folders[i];
	}
	return st;
}

/* Sets FILE, a site's index page, beside the index of the N studies of
 * DIRS (given in the site's order). */
static pb_status verify_site_index(char **dirs, size_t n, const char *file,
				   const verify_request *req, diag *d)
{
	study **s = g_new0(study *, n);
	analysis **a = g_new0(analysis *, n);
	site_study *e = g_new0(site_study, n);
	char **folders = g_new0(char *, n);
	GString *names = g_string_new(NULL);
	verify_outcome *o = NULL;
	char *text = NULL;
	size_t len = 0;
	pb_status st = read_studies(dirs, n, d, s, a, e, folders);

	for (size_t i = 0; i < n; i++)
		g_string_append_printf(names, "%s%s", i ? ", " : "", dirs[i]);
	if (st == PB_OK) {
		st = fileread_document(file, d, &text, &len);
		if (st == PB_DATAERR)
			st = unreadable(names->str, file, "not read");
	}
	if (st == PB_OK && looks_like_json(text, len)) {
		diag_error(d, file, 1, 1, "an index is a page, not JSON: give "
			   "each study's results.json with its study alone");
		st = PB_USAGE;
	}
	if (st == PB_OK)
		st = verify_index(e, n, text, len, &req->rules, &o);
	if (st == PB_SOFTWARE)
		fprintf(stderr, "pairboot: internal error: an index of the "
			"studies cannot be rendered\n");
	if (st == PB_OK)
		st = report(o, req, NULL, names->str, file);
	verify_outcome_free(o);
	free(text);
	for (size_t i = 0; i < n; i++) {
		analysis_free(a[i]);
		study_free(s[i]);
		g_free(folders[i]);
	}
	g_free(s);
	g_free(a);
	g_free(e);
	g_free(folders);
	g_string_free(names, TRUE);
	return st;
}

/* ---- the command line ---------------------------------------------------- */

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

/* A plan digest: 64 lower-case hexadecimal digits. */
static bool is_digest(const char *s)
{
	size_t i = 0;

	while (g_ascii_isdigit(s[i]) || (s[i] >= 'a' && s[i] <= 'f'))
		i++;
	return i == 64 && s[i] == '\0';
}

static pb_status cmd_verify(int argc, char **argv, const cli_options *opt);

static const cli_option verify_opts[] = {
	{ 'a', 'a', "against", "FILE", true,
	  "the results.json or published page (Markdown or plain text, in any "
	  "of the four languages) to check" },
	{ 't', 't', "tolerance", "X", false,
	  "how far, in the study's unit, an interval bound drawn another way "
	  "may lie and still match (never across 0 or the threshold)" },
	{ 'O', 0, "allow-omitted", NULL, false,
	  "a result of the data that FILE does not show (OMITTED) does not "
	  "make it fail" },
	{ 'S', 0, "strict", NULL, false,
	  "text of the author's (not in pairboot's words, so not checked) "
	  "makes FILE fail" },
	{ 'R', 0, "registered", "DIGEST", false,
	  "the plan digest published before the first boot: fail when the "
	  "study's plan digest differs" },
	{ 'I', 0, "index", NULL, false,
	  "FILE is the index page of a site (pairboot site) of the STUDY "
	  "folders, given in the site's order; implied by more than one "
	  "STUDY" },
};

const cli_command command_verify = {
	.name = "verify",
	.operands = "STUDY...",
	.options = verify_opts,
	.n_options = sizeof verify_opts / sizeof verify_opts[0],
	.summary = "Render the study's page or results.json afresh and set "
		   "FILE beside it, as a reader sees it; with several studies "
		   "(or --index), FILE is the index page of their site "
		   "(pairboot site), set beside a fresh index of the studies "
		   "in the order given.  Exit 1 when anything in pairboot's "
		   "words does not follow, 2 when FILE cannot be read as a "
		   "whole.",
	.overview = "render the study's page (in the language of FILE) or "
		    "results.json afresh and set FILE beside it: a page as a "
		    "reader sees it (HTML comments hidden, raw HTML judged), "
		    "each block or row a match, MISMATCH (numbers by their "
		    "rules: never fewer decimals than pairboot writes), not "
		    "in data (pairboot's words the data do not give) or "
		    "author text, not checked; a results.json key by key; "
		    "what FILE leaves out is OMITTED; exits 1 when anything "
		    "does not follow (or, with --strict, author text is "
		    "left), 2 when FILE cannot be read as a whole; with "
		    "several studies (or --index), FILE is the index page of "
		    "their site, set beside a fresh index",
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
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case 'a':
			against = optarg;
			break;
		case 'O':
			req.allow_omitted = true;
			break;
		case 'S':
			req.strict = true;
			break;
		case 'I':
			req.index = true;
			break;
		case 'R':
			if (!is_digest(optarg))
				return cli_usage_error("verify: invalid "
						       "digest '%s' (64 "
						       "lower-case hex "
						       "digits)", optarg);
			req.registered = optarg;
			break;
		case 't':
			if (!parse_tolerance(optarg, &req.rules.tolerance))
				return cli_usage_error("verify: invalid "
						       "tolerance '%s' (a "
						       "number >= 0, such as "
						       "0.05)", optarg);
			req.rules.tolerance_given = true;
			break;
		default:
			return PB_USAGE;
		}
	}
	if (optind >= argc)
		return cli_usage_error("verify: missing STUDY folder");
	if (argc - optind > 1)
		req.index = true;
	if (req.index && req.registered)
		return cli_usage_error("verify: --registered checks one "
				       "study's plan, not an index");
	if (cli_check_required(&p) != PB_OK)
		return PB_USAGE;
	if (!against[0])
		return cli_usage_error("verify: empty file name");

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	if (req.index)
		st = verify_site_index(argv + optind, (size_t)(argc - optind),
				       against, &req, d);
	else
		st = verify_study(argv[optind], against, &req, d);
	/* A mismatch is the answer, not a failure to give one; a page that
	 * could not be read whole has its report, a results.json that is
	 * not JSON its diagnostics. */
	if (st != PB_MISMATCH)
		cli_say_failure(st, "verify", st == PB_UNREADABLE
				? "the file cannot be read as a whole"
				: "nothing verified", d);
	diag_free(d);
	return st;
}
