/* cmd_status.c: `pairboot status STUDY [--write-runs] [--next N]`: where
 * the recording of a planned study stands, while it is recorded.
 *
 * The study is read as `check` reads it, but as one still being recorded
 * (study_read_opt's recording mode): runs.csv may be absent, and a series
 * may lack its reference run yet.  What stands where is
 * analyze/recording.h's; this file prints it, and with --write-runs adds
 * to runs.csv the rows of the boots whose latency files are there
 * (render/manifest.h). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "analyze/recording.h"
#include "common/diag.h"
#include "common/fileread.h"
#include "common/numparse.h"
#include "ingest/manifest.h"
#include "ingest/schedfiles.h"
#include "ingest/schedule.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "ingest/studyfile.h"
#include "render/manifest.h"
#include "src/cli.h"
#include "src/options.h"
#include "src/status_looks.h"

/* What the report says holds the study's text and the folder name as the
 * user gave them: both go out escaped. */
#define say(...) cli_print(stdout, __VA_ARGS__)

/* The boots listed as next when --next is not given. */
#define STATUS_NEXT_DEFAULT 6

/* The most boots or runs one list names; the rest are counted, so that a
 * study of thousands of boots gets a report one can read. */
#define STATUS_LISTED 20

/* Ends a list of N items of which STATUS_LISTED were named. */
static void say_more(size_t n)
{
	if (n > STATUS_LISTED)
		cli_print(stdout, "  and %zu more\n", n - STATUS_LISTED);
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "series 1, block 2, position 3, state 20" of planned boot R. */
static void say_place(const study *s, const schedule_row *r)
{
	char state[PB_STATE_BUFSIZE];
	size_t k = study_state_index(&s->plan, r->state);

	say("series %s, block %lu, position %lu, state %s",
	    s->plan.series[r->series].id, r->block, r->position,
	    pb_state_format(k == STUDY_NO_STATE ? r->state
			    : s->plan.states[k], state, sizeof state));
}

/* One series' line: its boots recorded of those planned, and what a
 * series being recorded may still lack. */
static void say_series(const study *s, const recording *rec, size_t k)
{
	const recording_series *rs = &rec->series[k];
	const series_def *sd = &s->plan.series[k];
	char ref[PB_STATE_BUFSIZE];

	say("  series %s (%s): ", sd->id, sd->label);
	if (rs->planned)
		say("%zu of %zu recorded, %zu skipped, %zu to record; ",
		    rs->stands[BOOT_LISTED] + rs->stands[BOOT_UNLISTED],
		    rs->planned, rs->stands[BOOT_SKIPPED],
		    rs->stands[BOOT_TO_RECORD]);
	else if (s->schedule)
		say("none planned; ");
	say("%zu %s in runs.csv", rs->runs, plural(rs->runs, "run", "runs"));
	if (sd->kind == SERIES_LATENCY && !rs->has_reference)
		say("; no accepted run of the reference state %s yet",
		    pb_state_format(s->plan.reference, ref, sizeof ref));
	say("\n");
}

/* The counts: overall, then series by series. */
static void say_counts(const study *s, const recording *rec)
{
	const size_t *n = rec->stands;
	size_t accepted = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		accepted += s->runs[i].accepted;
	say("study %s: %s (build %s)\n", s->dir, s->plan.title, s->plan.build);
	if (s->schedule)
		say("boots: %zu of %zu planned recorded (%zu listed in "
		    "runs.csv, %zu not yet), %zu skipped, %zu to record\n",
		    n[BOOT_LISTED] + n[BOOT_UNLISTED], s->schedule->n,
		    n[BOOT_LISTED], n[BOOT_UNLISTED], n[BOOT_SKIPPED],
		    n[BOOT_TO_RECORD]);
	else
		say("boots: none planned (the study has no schedule.csv)\n");
	say("runs.csv: %zu %s, %zu accepted\n", s->n_runs,
	    plural(s->n_runs, "run", "runs"), accepted);
	for (size_t k = 0; k < s->plan.n_series; k++)
		say_series(s, rec, k);
}

/* The first NEXT boots to record, in schedule order. */
static void say_next(const study *s, const recording *rec, size_t next)
{
	size_t left = rec->stands[BOOT_TO_RECORD], shown = 0;

	if (left == 0) {
		say("next boots: none, no planned boot is left to record\n");
		return;
	}
	say("next boots (%zu of %zu to record):\n", next < left ? next : left,
	    left);
	for (size_t j = 0; j < s->schedule->n && shown < next; j++) {
		const schedule_row *r = &s->schedule->rows[j];

		if (rec->stand[j] != BOOT_TO_RECORD)
			continue;
		say("  %s: ", r->run);
		say_place(s, r);
		say(": write %s\n", r->latency ? r->latency
			: "(schedule.csv names no latency file)");
		shown++;
	}
}

/* The planned boots that stand as B, each at its row of schedule.csv,
 * under the heading WHAT, with the words WHY after each. */
static void say_boots(const study *s, const recording *rec, boot_stand b,
		      const char *what, const char *why)
{
	if (rec->stands[b] == 0) {
		say("%s: none\n", what);
		return;
	}
	say("%s (%zu):\n", what, rec->stands[b]);
	for (size_t j = 0, shown = 0; j < s->schedule->n
				      && shown < STATUS_LISTED; j++) {
		const schedule_row *r = &s->schedule->rows[j];

		if (rec->stand[j] != b)
			continue;
		say("  %s/schedule.csv:%zu:1: %s (", s->dir, r->line, r->run);
		say_place(s, r);
		say("): %s %s\n", r->latency ? r->latency : "no latency file",
		    why);
		shown++;
	}
	say_more(rec->stands[b]);
}

/* Whether index I is in the ascending list L of N, *AT the place to look
 * from (lists are walked once, in runs.csv order). */
static bool listed_at(const size_t *l, size_t n, size_t *at, size_t i)
{
	while (*at < n && l[*at] < i)
		(*at)++;
	return *at < n && l[*at] == i;
}

/* Says how run I differs from its planned boot. */
static void say_differs(const study *s, const schedule_check *c, size_t i)
{
	const study_run *r = &s->runs[i];
	const schedule_row *p = &s->schedule->rows[c->row_of[i]];
	char state[PB_STATE_BUFSIZE];

	say("  %s/runs.csv:%zu:1: run '%s' is planned as ", s->dir,
	    r->manifest_line, r->id);
	say_place(s, p);
	say(" (schedule.csv:%zu), recorded as series %s, block %lu, ",
	    p->line, s->plan.series[r->series].id, r->block);
	if (r->position)
		say("position %lu, ", r->position);
	say("state %s\n", pb_state_format(r->state, state, sizeof state));
}

/* The runs recorded off the schedule, in runs.csv order, each at its
 * row: not planned, planned otherwise, or out of the planned order. */
static void say_off_schedule(const study *s, const schedule_check *c)
{
	size_t n = c->n_unplanned + c->n_differs + c->n_out_of_order;
	size_t u = 0, f = 0, o = 0, shown = 0;

	if (n == 0) {
		say("off the schedule: none\n");
		return;
	}
	say("off the schedule (%zu):\n", n);
	for (size_t i = 0; i < s->n_runs && shown < STATUS_LISTED; i++) {
		const study_run *r = &s->runs[i];

		if (listed_at(c->unplanned, c->n_unplanned, &u, i)
		    && shown++ < STATUS_LISTED)
			say("  %s/runs.csv:%zu:1: run '%s' is not planned in "
			    "schedule.csv\n", s->dir, r->manifest_line, r->id);
		if (listed_at(c->differs, c->n_differs, &f, i)
		    && shown++ < STATUS_LISTED)
			say_differs(s, c, i);
		if (listed_at(c->out_of_order, c->n_out_of_order, &o, i)
		    && shown++ < STATUS_LISTED)
			say("  %s/runs.csv:%zu:1: run '%s' is out of the "
			    "planned order of schedule.csv\n", s->dir,
			    r->manifest_line, r->id);
	}
	say_more(n);
}

static void print_report(const study *s, const recording *rec, size_t next)
{
	say_counts(s, rec);
	if (!s->schedule)
		return;
	say_next(s, rec, next);
	say_boots(s, rec, BOOT_UNLISTED, "recorded, not in runs.csv yet",
		  "is there");
	say_boots(s, rec, BOOT_SKIPPED, "skipped",
		  "is not there, but a boot planned later in the series is "
		  "recorded");
	say_off_schedule(s, &rec->check);
}

/* ---------------------------------------------------------------- */
/* --write-runs                                                       */

/* The digest study_read listed for runs.csv, or NULL when it read none. */
static const char *runs_digest(const study *s)
{
	for (size_t i = 0; i < s->n_inputs; i++)
		if (strcmp(s->inputs[i].path, "runs.csv") == 0)
			return s->inputs[i].sha256;
	return NULL;
}

/* runs.csv as it is now, read again to be added to: *OLD (NULL when
 * there is none; free it) and where to write, *REAL (free it) and *MODE.
 * PB_TEMPFAIL when it is not the file the study was read from: it
 * changed meanwhile, and rows added now could list a boot twice. */
static pb_status runs_again(const study *s, const char *display, diag *d,
			    char **old, size_t *len, char **real,
			    mode_t *mode)
{
	char *root = realpath(s->dir, NULL), hex[65];
	const char *was = runs_digest(s);
	struct stat st_file;
	pb_status st;
	int err;

	*old = *real = NULL;
	*len = 0;
	*mode = 0666;
	if (!root) {
		err = errno;
		if (err == ENOMEM)
			return PB_NOMEM;
		diag_error(d, s->dir, 0, 0, "cannot open the study folder: %s",
			   strerror(err));
		return PB_NOINPUT;
	}
	st = studyfile_read(display, display, root, FILEREAD_MAX_DOCUMENT,
			    true, d, old, len, hex);
	/* Where it lies, to write through a link to it as to the file. */
	if (st == PB_OK && *old) {
		studyfile_fault f = studyfile_check(display, root, 0, real,
						    NULL, &err);

		if (f != STUDYFILE_OK)
			st = f == STUDYFILE_NOMEM ? PB_NOMEM : PB_TEMPFAIL;
	}
	free(root);
	if (st == PB_OK && (!*old != !was || (was && strcmp(was, hex) != 0)))
		st = PB_TEMPFAIL;
	if (st == PB_TEMPFAIL)
		diag_error(d, display, 0, 0, "changed while the study was "
			   "read: nothing written (run status again)");
	if (st == PB_OK && *real && stat(*real, &st_file) == 0)
		*mode = st_file.st_mode & 07777;
	return st;
}

/* The rows of the boots REC finds unlisted, in schedule order, in the
 * columns of runs.csv (OLD: its bytes, NULL for a new one, whose header
 * they then begin with); *ROWS the number written. */
static pb_status runs_rows(const study *s, const recording *rec,
			   const char *old, size_t len, const char *display,
			   diag *d, GString *out, size_t *rows)
{
	manifest_col fresh[MANIFEST_NEW_COLUMNS], *cols = fresh;
	const char *eol = manifest_eol(old, len);
	size_t n;

	*rows = 0;
	if (!old) {
		n = manifest_new_columns(&s->plan, fresh);
		manifest_write_header(cols, n, eol, out);
	} else {
		pb_status st = manifest_read_columns(old, len, display, d,
						     &cols, &n);
		if (st != PB_OK)
			return st;
	}
	for (size_t j = 0; j < s->schedule->n; j++) {
		if (rec->stand[j] != BOOT_UNLISTED)
			continue;
		manifest_write_boot(&s->plan, &s->schedule->rows[j], cols, n,
				    eol, out);
		(*rows)++;
	}
	if (cols != fresh)
		free(cols);
	return PB_OK;
}

/* Adds to runs.csv a row for each boot whose latency file is there but
 * which runs.csv does not list (none without a schedule), and says how
 * many. */
static pb_status write_runs(const study *s, const recording *rec,
			    const cli_options *opt, diag *d)
{
	char *display = g_strdup_printf("%s/runs.csv", s->dir);
	char *old = NULL, *real = NULL;
	GString *out = g_string_new(NULL);
	size_t len, rows = 0;
	mode_t mode;
	pb_status st;

	st = runs_again(s, display, d, &old, &len, &real, &mode);
	if (st == PB_OK && s->schedule)
		st = runs_rows(s, rec, old, len, display, d, out, &rows);
	/* A runs.csv of a header alone is no study's: none is made so. */
	if (st == PB_OK && rows)
		st = manifest_save(real ? real : display, display, old, len,
				   manifest_eol(old, len), out, mode, d);
	if (st == PB_OK && !opt->quiet && rows)
		say("%s: %zu %s %s\n", display, rows,
		    plural(rows, "row", "rows"),
		    old ? "appended" : "written (a new file)");
	else if (st == PB_OK && !opt->quiet)
		say("%s: no row to write: %s\n", display, old
		    ? "it lists every planned boot whose latency file is there"
		    : "no planned boot's latency file is there yet");
	g_string_free(out, TRUE);
	free(old);
	free(real);
	g_free(display);
	return st;
}

/* ---------------------------------------------------------------- */

static pb_status cmd_status(int argc, char **argv, const cli_options *opt);

static const cli_option status_options[] = {
	{ 'w', 0, "write-runs", NULL, false,
	  "add to runs.csv a row for each planned boot whose latency file "
	  "is there but which runs.csv does not list yet (accepted = yes, "
	  "an empty note); runs.csv is made when there is none.  Rows are "
	  "only added, never changed or removed, and nothing is written "
	  "while the study has a problem; the report that follows counts "
	  "the rows added" },
	{ 'n', 0, "next", "N", false,
	  "list the next N boots to record (default 6)" },
};

const cli_command command_status = {
	.name = "status",
	.operands = "STUDY",
	.options = status_options,
	.n_options = sizeof status_options / sizeof status_options[0],
	.summary = "Say where the recording of a study planned with 'plan "
		   "new' stands: the boots recorded and planned, overall and "
		   "per series; the next boots to record, in the order of "
		   "schedule.csv, with the latency file to write; boots whose "
		   "latency file is there but which runs.csv does not list "
		   "yet; planned boots skipped; runs recorded off the "
		   "schedule; and, for a study with looks, where each "
		   "comparison stands at its latest look.  The study is read "
		   "as check reads it, except that runs.csv may be absent and "
		   "a series may lack its reference run yet; every problem is "
		   "printed as FILE:LINE:COL: what is wrong.  The exit status "
		   "is 0 when nothing is wrong so far, 65 when a problem was "
		   "found (a file missing or named by two runs, bad data), 66 "
		   "when the folder or study.ini cannot be opened, and 75 "
		   "when runs.csv changed while --write-runs read it.",
	.overview = "say where the recording of a planned study stands: "
		    "boots recorded, skipped and to record next, files "
		    "missing, runs off the schedule and, with looks, whether "
		    "to stop; exit 0 when nothing is wrong so far, 65 when "
		    "a problem was found.  --write-runs adds to runs.csv "
		    "the rows of the boots whose latency file is there",
	.run = cmd_status,
};

/* Parses --next's N into *NEXT. */
static bool parse_next(const char *text, size_t *next)
{
	unsigned long n;

	if (numparse_ulong(text, strlen(text), &n) != NUMPARSE_OK
	    || n > (size_t)-1)
		return false;
	*next = (size_t)n;
	return true;
}

/* The status of a study S read as ST with D's problems: a problem in a
 * study that could be read is bad data, whichever file it was in. */
static pb_status status_of(pb_status st, const diag *d)
{
	if (st == PB_NOMEM || st == PB_IOERR)
		return st;
	return diag_errors(d) ? PB_DATAERR : st;
}

/* The report of study S (read as ST, with D's problems) when REPORT, and
 * the rows --write-runs adds when WRITE.  Returns the command's status. */
static pb_status status_report(const study *s, pb_status st, bool write,
			       bool report, size_t next,
			       const cli_options *opt, diag *d)
{
	bool *present = NULL;
	recording rec;
	pb_status rs = PB_OK;

	if (s->schedule) {
		present = calloc(s->schedule->n ? s->schedule->n : 1,
				 sizeof *present);
		rs = present ? schedfiles_present(s, present) : PB_NOMEM;
	}
	if (rs == PB_OK)
		rs = recording_assess(s, present, &rec);
	free(present);
	if (rs != PB_OK)
		return pb_status_merge(rs, st);
	if (report && !opt->quiet)
		print_report(s, &rec, next);
	if (report)
		st = pb_status_merge(st, status_looks_print(s, st == PB_OK,
							    opt->quiet, d));
	if (write && st == PB_OK)
		st = write_runs(s, &rec, opt, d);
	else if (write)
		cli_print(stderr, "pairboot: %s/runs.csv: nothing written "
			  "while the study has problems\n", s->dir);
	recording_free(&rec);
	return st;
}

/* The ending on standard error, as check's: the messages left unprinted
 * and the number of problems. */
static void say_problems(pb_status st, const char *dir, const diag *d)
{
	size_t n = diag_errors(d), messages = n + diag_warnings(d);

	if (messages > cli_print_limit)
		fprintf(stderr, "pairboot: %zu more message%s not shown\n",
			messages - cli_print_limit,
			messages - cli_print_limit == 1 ? "" : "s");
	if (st == PB_NOMEM)
		fputs("pairboot: out of memory\n", stderr);
	if (n)
		cli_print(stderr, "pairboot: %s: %zu problem%s found\n", dir,
			  n, n == 1 ? "" : "s");
}

static pb_status cmd_status(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_status, { false }, NULL };
	read_options ro = { 0, 0, 0, true };
	size_t next = STATUS_NEXT_DEFAULT;
	bool write = false;
	study *s = NULL;
	diag *d;
	pb_status st;
	int c;

	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		if (c == 'w')
			write = true;
		else if (c == 'n' && !parse_next(optarg, &next))
			return cli_usage_error("status: --next wants a whole "
					       "number, not '%s'", optarg);
		else if (c != 'n')
			return PB_USAGE;
	}
	if (cli_operands("status", argc, argv, 1, "missing STUDY folder")
	    != PB_OK)
		return PB_USAGE;

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = study_read_opt(argv[optind], &ro, d, &s);
	/* The rows go in first, so that the report and its looks count
	 * the boots just added; with problems, nothing is written and the
	 * study as it is is reported. */
	if (s && write) {
		st = status_report(s, status_of(st, d), true, false, next, opt,
				   d);
		if (st == PB_OK) {
			study_free(s);
			s = NULL;
			st = study_read_opt(argv[optind], &ro, d, &s);
		}
	}
	if (s)
		st = pb_status_merge(st, status_report(s, status_of(st, d),
						       false, true, next, opt,
						       d));
	say_problems(st, argv[optind], d);
	study_free(s);
	diag_free(d);
	return st;
}
