/* test_manifest.c: reading runs.csv against a plan.
 *
 * The plan is built by hand: series "1" (latency), "mech" (mechanism),
 * "bound" (boundary), "ctl" (control); states missing;0;10;20;100.  Each
 * case is read at every chunk size (and whole); the runs returned, the
 * messages and the status must be the same each time.  Runs are shown as
 *   id sSERIES bBLOCK STATE yes|no note=.. pos=.. started=..
 *   lat=PATH@COL mech=PATH@COL line=LINE
 * with - for NULL.  Every line and column below was counted by hand from
 * the input (1-based, in bytes); the counts are written next to the cases
 * where they are not obvious. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/manifest.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

static char id_1[] = "1", id_mech[] = "mech", id_bound[] = "bound",
	    id_ctl[] = "ctl";
static char label[] = "label";

static series_def series[] = {
	{ .id = id_1, .kind = SERIES_LATENCY, .label = label },
	{ .id = id_mech, .kind = SERIES_MECHANISM, .label = label },
	{ .id = id_bound, .kind = SERIES_BOUNDARY, .label = label },
	{ .id = id_ctl, .kind = SERIES_CONTROL, .label = label },
};

static pb_state states[] = {
	{ .missing = true }, { .value = 0 }, { .value = 10 },
	{ .value = 20 }, { .value = 100 },
};

static study_plan plan;

static void plan_init(void)
{
	memset(&plan, 0, sizeof plan);
	plan.format = 1;
	plan.states = states;
	plan.n_states = sizeof states / sizeof states[0];
	plan.series = series;
	plan.n_series = sizeof series / sizeof series[0];
}

typedef struct man_case {
	const char *name;
	const char *input;
	size_t len;
	pb_status status;
	const char *runs;
	const char *msgs;
} man_case;

#define IN(s) s, sizeof(s) - 1
#define H "run,series,block,state,accepted,note,latency,mechanism\n"
#define H_OPT "run,series,block,state,accepted,note,latency,mechanism," \
	"position,started\n"
#define NEED_LAT "latency is empty: an accepted run of a latency series " \
	"needs its latency file"
#define NEED_MECH "mechanism is empty: an accepted run of a mechanism, " \
	"boundary or control series needs its mechanism log"
#define STATES "(missing;0;10;20;100)"
#define TIME_FORM "started is not a time of the form " \
	"YYYY-MM-DDTHH:MM:SS[Z|+HH:MM]"

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

static void render(const study_run *runs, size_t n, char *buf, size_t size)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && o < size; i++) {
		const study_run *r = &runs[i];
		char st[PB_STATE_BUFSIZE];
		o += (size_t)snprintf(buf + o, size - o,
			"%s s%zu b%lu %s %s note=%s pos=%lu started=%s "
			"lat=%s@%zu mech=%s@%zu line=%zu\n",
			or_dash(r->id), r->series, r->block,
			pb_state_format(r->state, st, sizeof st),
			r->accepted ? "yes" : "no", or_dash(r->note),
			r->position, or_dash(r->started),
			or_dash(r->latency_path), r->latency_col,
			or_dash(r->mechanism_path), r->mechanism_col,
			r->manifest_line);
	}
}

static bool run_once(const void *arg, size_t chunk)
{
	const man_case *c = arg;
	diag *d = diag_new(NULL, 0);
	study_run *runs = (study_run *)&runs;  /* must be overwritten */
	size_t n = 99;
	char got_runs[4096], msgs[4096];
	pb_status st;
	bool ok;

	st = manifest_read_buffer(c->input, c->len, "runs.csv", &plan, chunk,
				  d, &runs, &n);
	testlib_messages(d, msgs, sizeof msgs);
	if (runs == (study_run *)&runs) {
		tap_diag("%s: *runs not set", c->name);
		diag_free(d);
		return false;
	}
	render(runs, n, got_runs, sizeof got_runs);
	ok = st == c->status && strcmp(msgs, c->msgs) == 0
	     && strcmp(got_runs, c->runs) == 0 && (n > 0) == (runs != NULL);
	if (!ok) {
		tap_diag("%s, chunk %zu: status %d (want %d)", c->name, chunk,
			 (int)st, (int)c->status);
		tap_diag("runs got:\n%s# runs want:\n%s", got_runs, c->runs);
		tap_diag("messages got:\n%s# messages want:\n%s", msgs,
			 c->msgs);
	}
	manifest_runs_free(runs, n);
	diag_free(d);
	return ok;
}

static void run_case(const man_case *c)
{
	testlib_every_chunk(c->name, c->len, run_once, c);
}

static const man_case cases[] = {
	/* Columns of the latency and mechanism fields, line by line:
	 *   2 r1,1,1,20,yes,,lat/r1.csv,          16 and 27
	 *   3 r2,1,1,0x0A,yes,,lat/r2.csv,        18 and 29
	 *   4 r3,mech,1,10,yes,,,mech/r3.log      19 and 20
	 *   5 r4,bound,1,0xFFFFFFFF,yes,,,b/r4.log 28 and 29
	 *   6 p1,1,2,20,no,pilot: trace failed,,  34 and 35
	 *   7 c1,ctl,1,20,yes,,,c.log             18 and 19
	 *   8 n1,1,2,missing,yes,"a<TAB>b",lat/n1.csv,m.log  26 and 37 */
	{ "good runs",
	  IN(H "r1,1,1,20,yes,,lat/r1.csv,\n"
	     "r2,1,1,0x0A,yes,,lat/r2.csv,\n"
	     "r3,mech,1,10,yes,,,mech/r3.log\n"
	     "r4,bound,1,0xFFFFFFFF,yes,,,b/r4.log\n"
	     "p1,1,2,20,no,pilot: trace failed,,\n"
	     "c1,ctl,1,20,yes,,,c.log\n"
	     "n1,1,2,missing,yes,\"a\tb\",lat/n1.csv,m.log\n"),
	  PB_OK,
	  "r1 s0 b1 20 yes note=- pos=0 started=- lat=lat/r1.csv@16 "
	  "mech=-@27 line=2\n"
	  /* 0x0A is the plan's state 10, and takes the plan's spelling. */
	  "r2 s0 b1 10 yes note=- pos=0 started=- lat=lat/r2.csv@18 "
	  "mech=-@29 line=3\n"
	  "r3 s1 b1 10 yes note=- pos=0 started=- lat=-@19 "
	  "mech=mech/r3.log@20 line=4\n"
	  "r4 s2 b1 0xFFFFFFFF yes note=- pos=0 started=- lat=-@28 "
	  "mech=b/r4.log@29 line=5\n"
	  "p1 s0 b2 20 no note=pilot: trace failed pos=0 started=- lat=-@34 "
	  "mech=-@35 line=6\n"
	  "c1 s3 b1 20 yes note=- pos=0 started=- lat=-@18 mech=c.log@19 "
	  "line=7\n"
	  "n1 s0 b2 missing yes note=a\tb pos=0 started=- lat=lat/n1.csv@26 "
	  "mech=m.log@37 line=8\n",
	  "" },
	/* Latency always at column 2, mechanism at 1. */
	{ "optional columns, any order, unknown column",
	  IN("mechanism,latency,note,accepted,state,block,series,run,"
	     "position,started,extra\n"
	     ",l.csv,,yes,missing,3,1,r1,2,2026-08-25T14:03:00Z,zzz\n"
	     ",l2.csv,,yes,100,3,1,r2,,2026-08-25T14:03:00+02:00,\n"
	     ",l3.csv,,yes,0,3,1,r3,5,,x\n"
	     ",l4.csv,,yes,10,3,1,r4,1,2024-02-29T23:59:59-05:30,\n"),
	  PB_OK,
	  "r1 s0 b3 missing yes note=- pos=2 started=2026-08-25T14:03:00Z "
	  "lat=l.csv@2 mech=-@1 line=2\n"
	  "r2 s0 b3 100 yes note=- pos=0 started=2026-08-25T14:03:00+02:00 "
	  "lat=l2.csv@2 mech=-@1 line=3\n"
	  "r3 s0 b3 0 yes note=- pos=5 started=- lat=l3.csv@2 mech=-@1 "
	  "line=4\n"
	  "r4 s0 b3 10 yes note=- pos=1 started=2024-02-29T23:59:59-05:30 "
	  "lat=l4.csv@2 mech=-@1 line=5\n",
	  "" },
	{ "missing required column",
	  IN("run,series,block,state,accepted,latency,mechanism\n"
	     "r1,1,1,20,yes,a.csv,\n"),
	  PB_DATAERR, "", "runs.csv:1:1: header has no column 'note'\n" },
	{ "missing header", IN("r1,1,1,20,yes,,a.csv,\n"), PB_DATAERR, "",
	  "runs.csv:1:1: header has no columns 'run', 'series', 'block', "
	  "'state', 'accepted', 'note', 'latency', 'mechanism' (is the header "
	  "missing?)\n" },
	/* The header's ninth field starts at column 56. */
	{ "column twice",
	  IN("run,series,block,state,accepted,note,latency,mechanism,run\n"
	     "r1,1,1,20,yes,,a,,r1\n"),
	  PB_DATAERR, "",
	  "runs.csv:1:56: column 'run' appears twice in the header (columns 1 "
	  "and 9)\n" },
	{ "empty file", IN(""), PB_DATAERR, "",
	  "runs.csv:1:1: empty file, expected a header\n" },
	{ "header only", IN(H), PB_DATAERR, "",
	  "runs.csv:1:1: no runs: the file holds only a header\n" },
	{ "duplicate run id",
	  IN(H "r1,1,1,20,yes,,a.csv,\nr2,1,1,10,yes,,b.csv,\n"
	     "r1,1,2,20,yes,,c.csv,\n"),
	  PB_DATAERR,
	  "r1 s0 b1 20 yes note=- pos=0 started=- lat=a.csv@16 mech=-@22 "
	  "line=2\n"
	  "r2 s0 b1 10 yes note=- pos=0 started=- lat=b.csv@16 mech=-@22 "
	  "line=3\n",
	  "runs.csv:4:1: duplicate run id 'r1' (first at line 2)\n" },
	{ "unknown and empty series",
	  IN(H "r1,9,1,20,yes,,a.csv,\nr2,,1,20,yes,,a.csv,\n"), PB_DATAERR,
	  "",
	  "runs.csv:2:4: unknown series '9' (study.ini has no [series 9] "
	  "section)\n"
	  "runs.csv:3:4: series is empty\n" },
	/* The state is column 12 on every line ("rN,bound,1,"). */
	{ "bad states",
	  IN(H "r1,bound,1,-1,yes,,,m\n"
	     "r2,bound,1,4294967296,yes,,,m\n"
	     "r3,bound,1,0x1G,yes,,,m\n"
	     "r4,bound,1,,yes,,,m\n"
	     "r5,bound,1,0x100000000,yes,,,m\n"
	     "r6,bound,1,Missing,yes,,,m\n"
	     "r7,bound,1,4294967295,yes,,,m\n"),
	  PB_DATAERR,
	  "r7 s2 b1 4294967295 yes note=- pos=0 started=- lat=-@28 mech=m@29 "
	  "line=8\n",
	  "runs.csv:2:12: state is negative ('-1')\n"
	  "runs.csv:3:12: state is out of range ('4294967296'; the largest is "
	  "4294967295 or 0xFFFFFFFF)\n"
	  "runs.csv:4:12: state is not a number ('0x1G')\n"
	  "runs.csv:5:12: state is empty (expected missing, a number or 0x "
	  "followed by hex digits)\n"
	  "runs.csv:6:12: state is out of range ('0x100000000'; the largest "
	  "is 4294967295 or 0xFFFFFFFF)\n"
	  "runs.csv:7:12: state is not a number ('Missing')\n" },
	/* Boundary and control series may hold any state. */
	{ "state not in the plan",
	  IN(H "r1,1,1,30,yes,,a,\nr2,mech,1,0x1E,yes,,,m\n"
	     "r3,bound,1,30,yes,,,b\nr4,ctl,1,7,yes,,,c\n"),
	  PB_DATAERR,
	  "r3 s2 b1 30 yes note=- pos=0 started=- lat=-@20 mech=b@21 "
	  "line=4\n"
	  "r4 s3 b1 7 yes note=- pos=0 started=- lat=-@17 mech=c@18 "
	  "line=5\n",
	  "runs.csv:2:8: state 30 is not one of the study's states " STATES
	  "\n"
	  "runs.csv:3:11: state 0x0000001E is not one of the study's states "
	  STATES "\n" },
	{ "bad accepted",
	  IN(H "r1,1,1,20,Yes,,a,\nr2,1,2,20,,,a,\nr3,1,3,20,y,,,\n"),
	  PB_DATAERR, "",
	  "runs.csv:2:11: accepted must be yes or no ('Yes')\n"
	  "runs.csv:3:11: accepted must be yes or no ('')\n"
	  "runs.csv:4:11: accepted must be yes or no ('y')\n" },
	{ "no without a note",
	  IN(H "p1,1,1,20,no,,,\np2,1,1,20,no,\"\",,\np3,1,1,20,no,x,,\n"),
	  PB_DATAERR,
	  "p3 s0 b1 20 no note=x pos=0 started=- lat=-@16 mech=-@17 line=4\n",
	  "runs.csv:2:14: note is empty: a run with accepted = no needs the "
	  "reason\n"
	  "runs.csv:3:14: note is empty: a run with accepted = no needs the "
	  "reason\n" },
	/* The latency path is column 16 on lines 2-7 and 9-10; line 8's
	 * mechanism path is column 20. */
	{ "paths leaving the study folder",
	  IN(H "r1,1,1,20,yes,,../x,\n"
	     "r2,1,2,20,yes,,/etc/passwd,\n"
	     "r3,1,3,20,yes,,a/../../b,\n"
	     "r4,1,4,20,yes,,a\\b,\n"
	     "r5,1,5,20,yes,,a//b,\n"
	     "r6,1,6,20,yes,,a/,\n"
	     "r7,mech,1,20,yes,,,..\n"
	     "r8,1,7,20,yes,,./a/b.csv,x/./y\n"
	     "r9,1,8,20,yes,,a/..b/...,\n"),
	  PB_DATAERR,
	  "r8 s0 b7 20 yes note=- pos=0 started=- lat=./a/b.csv@16 "
	  "mech=x/./y@26 line=9\n"
	  "r9 s0 b8 20 yes note=- pos=0 started=- lat=a/..b/...@16 mech=-@26 "
	  "line=10\n",
	  "runs.csv:2:16: latency path leaves the study folder ('../x')\n"
	  "runs.csv:3:16: latency path leaves the study folder "
	  "('/etc/passwd')\n"
	  "runs.csv:4:16: latency path leaves the study folder "
	  "('a/../../b')\n"
	  "runs.csv:5:16: latency path contains a backslash; separate folders "
	  "with '/' ('a\\x5Cb')\n"
	  "runs.csv:6:16: latency path has an empty component ('a//b')\n"
	  "runs.csv:7:16: latency path has an empty component ('a/')\n"
	  "runs.csv:8:20: mechanism path leaves the study folder ('..')\n" },
	{ "files an accepted run needs",
	  IN(H "r1,1,1,20,yes,,,\nr2,mech,1,20,yes,,,\nr3,bound,1,20,yes,,,\n"
	     "r4,ctl,1,20,yes,,,\nr5,1,2,20,no,why,,\nr6,mech,1,10,no,why,,\n"),
	  PB_DATAERR,
	  "r5 s0 b2 20 no note=why pos=0 started=- lat=-@18 mech=-@19 "
	  "line=6\n"
	  "r6 s1 b1 10 no note=why pos=0 started=- lat=-@21 mech=-@22 "
	  "line=7\n",
	  "runs.csv:2:16: " NEED_LAT "\n"
	  "runs.csv:3:20: " NEED_MECH "\n"
	  "runs.csv:4:21: " NEED_MECH "\n"
	  "runs.csv:5:19: " NEED_MECH "\n" },
	/* 0x14 is 20, named as the plan spells it; the rejected run and
	 * other series do not count. */
	{ "two accepted runs of a state in a block",
	  IN(H "r1,1,1,20,yes,,a,\n"
	     "r2,1,1,0x14,yes,,b,\n"
	     "r3,1,1,20,no,retry,c,\n"
	     "r4,mech,1,20,yes,,,m\n"
	     "r5,mech,1,20,yes,,,n\n"
	     "r6,1,2,20,yes,,d,\n"
	     "r7,1,1,10,yes,,e,\n"),
	  PB_DATAERR,
	  "r1 s0 b1 20 yes note=- pos=0 started=- lat=a@16 mech=-@18 line=2\n"
	  "r3 s0 b1 20 no note=retry pos=0 started=- lat=c@20 mech=-@22 "
	  "line=4\n"
	  "r4 s1 b1 20 yes note=- pos=0 started=- lat=-@19 mech=m@20 line=5\n"
	  "r5 s1 b1 20 yes note=- pos=0 started=- lat=-@19 mech=n@20 line=6\n"
	  "r6 s0 b2 20 yes note=- pos=0 started=- lat=d@16 mech=-@18 line=7\n"
	  "r7 s0 b1 10 yes note=- pos=0 started=- lat=e@16 mech=-@18 "
	  "line=8\n",
	  "runs.csv:3:8: block 1 of series '1' has two accepted runs of state "
	  "20 (lines 2 and 3; '0x14' is 20)\n" },
	/* Line 4's note holds a line end (the row goes on to line 5);
	 * line 8's id is r-e-acute, 3 bytes, so its note is column 15. */
	{ "text that is not clean UTF-8",
	  IN(H "p1,1,1,20,no,caf\xE9,,\n"
	     "r\x01,1,1,20,no,x,,\n"
	     "p3,1,1,20,no,\"two\nlines\",,\n"
	     "p4,1,1,20,no,a\tb,,\n"
	     "p5,1,1,20,no,\xC2\x85,,\n"
	     "r\xC3\xA9,1,1,20,no,caf\xC3\xA9,,\n"),
	  PB_DATAERR,
	  "p4 s0 b1 20 no note=a\tb pos=0 started=- lat=-@18 mech=-@19 "
	  "line=6\n"
	  "r\xC3\xA9 s0 b1 20 no note=caf\xC3\xA9 pos=0 started=- lat=-@21 "
	  "mech=-@22 line=8\n",
	  "runs.csv:2:14: invalid UTF-8 in note ('caf\\xE9')\n"
	  "runs.csv:3:1: run contains a control character ('r\\x01')\n"
	  "runs.csv:4:14: note contains a control character "
	  "('two\\x0Alines')\n"
	  "runs.csv:7:14: note contains a control character "
	  "('\\xC2\\x85')\n" },
	/* Columns: block 6; position 19 and started 20 for "rN,...";
	 * one more for "rNN,...". */
	{ "bad block, position and started",
	  IN(H_OPT "r1,1,0,20,yes,,a,,,\n"
	     "r2,1,-1,20,yes,,a,,,\n"
	     "r3,1,x,20,yes,,a,,,\n"
	     "r4,1,,20,yes,,a,,,\n"
	     "r5,1,1,20,yes,,a,,0,\n"
	     "r6,1,2,20,yes,,a,,x1,\n"
	     "r7,1,3,20,yes,,a,,,2026-02-30T00:00:00\n"
	     "r8,1,4,20,yes,,a,,,2026-08-25 14:03:00\n"
	     "r9,1,5,20,yes,,a,,,2026-08-25T14:03:00+2:00\n"
	     "r10,1,6,20,yes,,a,,,2026-08-25T24:00:00Z\n"
	     "r11,1,7,20,yes,,a,,3,2024-02-29T23:59:59Z\n"
	     "r12,1,8,20,yes,,a,,,1900-02-29T00:00:00\n"
	     "r13,1,9,20,yes,,a,,,2000-02-29T00:00:00-00:00\n"),
	  PB_DATAERR,
	  "r11 s0 b7 20 yes note=- pos=3 started=2024-02-29T23:59:59Z "
	  "lat=a@17 mech=-@19 line=12\n"
	  "r13 s0 b9 20 yes note=- pos=0 started=2000-02-29T00:00:00-00:00 "
	  "lat=a@17 mech=-@19 line=14\n",
	  "runs.csv:2:6: block is not a positive integer ('0')\n"
	  "runs.csv:3:6: block is not a positive integer ('-1')\n"
	  "runs.csv:4:6: block is not a positive integer ('x')\n"
	  "runs.csv:5:6: block is not a positive integer ('')\n"
	  "runs.csv:6:19: position is not a positive integer ('0')\n"
	  "runs.csv:7:19: position is not a positive integer ('x1')\n"
	  "runs.csv:8:20: " TIME_FORM " ('2026-02-30T00:00:00')\n"
	  "runs.csv:9:20: " TIME_FORM " ('2026-08-25 14:03:00')\n"
	  "runs.csv:10:20: " TIME_FORM " ('2026-08-25T14:03:00+2:00')\n"
	  "runs.csv:11:21: " TIME_FORM " ('2026-08-25T24:00:00Z')\n"
	  "runs.csv:13:21: " TIME_FORM " ('1900-02-29T00:00:00')\n" },
	{ "empty run id", IN(H ",1,1,20,yes,,a,\n"), PB_DATAERR, "",
	  "runs.csv:2:1: run is empty (each run needs an id)\n" },
	{ "ragged row among good ones",
	  IN(H "r1,1,1,20,yes,,a\nr2,1,2,20,yes,,b,\n"), PB_DATAERR,
	  "r2 s0 b2 20 yes note=- pos=0 started=- lat=b@16 mech=-@18 line=3\n",
	  "runs.csv:2:1: row has 7 fields, header has 8\n" },
	/* r1,x,0,-1,maybe,,../a,/b: series 4, block 6, state 8, accepted
	 * 11, latency 18, mechanism 23. */
	{ "every problem of a row",
	  IN(H "r1,x,0,-1,maybe,,../a,/b\n"), PB_DATAERR, "",
	  "runs.csv:2:4: unknown series 'x' (study.ini has no [series x] "
	  "section)\n"
	  "runs.csv:2:6: block is not a positive integer ('0')\n"
	  "runs.csv:2:8: state is negative ('-1')\n"
	  "runs.csv:2:11: accepted must be yes or no ('maybe')\n"
	  "runs.csv:2:18: latency path leaves the study folder ('../a')\n"
	  "runs.csv:2:23: mechanism path leaves the study folder ('/b')\n" },
	{ "unterminated quote", IN(H "r1,1,1,20,yes,\"oops,a,\n"), PB_DATAERR,
	  "", "runs.csv:2:15: unterminated quoted field\n" },
};

static void test_missing_file(void)
{
	diag *d = diag_new(NULL, 0);
	study_run *runs = NULL;
	size_t n = 1;
	char msgs[512];
	pb_status st = manifest_read_file("/nonexistent/runs.csv", "runs.csv",
					  &plan, d, &runs, &n);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_NOINPUT && runs == NULL && n == 0
	       && strcmp(msgs, "runs.csv: cannot open: No such file or "
			 "directory\n") == 0,
	       "missing runs.csv: PB_NOINPUT");
	diag_free(d);
}

int main(void)
{
	plan_init();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_missing_file();
	return tap_done();
}
