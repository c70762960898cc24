/* manifest.c: the checks on runs.csv, row by row, and the two checks
 * across rows (unique run ids, one accepted run per state and block). */
#include "ingest/manifest.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/numparse.h"
#include "ingest/csvread.h"
#include "ingest/textcheck.h"

#define NO_COLUMN ((size_t)-1)

/* The columns runs.csv may have; the first MCOL_REQUIRED are required. */
enum mcol {
	MCOL_RUN = MANIFEST_COL_RUN, MCOL_SERIES = MANIFEST_COL_SERIES,
	MCOL_BLOCK = MANIFEST_COL_BLOCK, MCOL_STATE = MANIFEST_COL_STATE,
	MCOL_ACCEPTED = MANIFEST_COL_ACCEPTED, MCOL_NOTE = MANIFEST_COL_NOTE,
	MCOL_LATENCY = MANIFEST_COL_LATENCY,
	MCOL_MECHANISM = MANIFEST_COL_MECHANISM,
	MCOL_POSITION = MANIFEST_COL_POSITION,
	MCOL_STARTED = MANIFEST_COL_STARTED,
	MCOL_COUNT = MANIFEST_COL_OTHER
};
#define MCOL_REQUIRED 8

static const char *const mcol_name[MCOL_COUNT] = {
	"run", "series", "block", "state", "accepted", "note", "latency",
	"mechanism", "position", "started"
};

/* An open-addressing hash set of run indices, so the checks across rows
 * stay linear in the number of runs.  Slots hold index + 1; 0 is empty. */
typedef struct run_set {
	size_t *slots;
	size_t cap;    /* a power of two, or 0 */
	size_t count;
} run_set;

typedef uint64_t (*run_hash_fn)(const study_run *r);
typedef bool (*run_equal_fn)(const study_run *a, const study_run *b);

typedef struct manifest_ctx {
	const char *display;
	const study_plan *plan;
	size_t col[MCOL_COUNT];  /* header index of each column, or NO_COLUMN */
	size_t note_col[PLAN_TEXT_LANGS];   /* note[LANG], or NO_COLUMN */
	size_t header_line, header_col;
	study_run *runs;         /* every data row, good or bad */
	bool *bad;               /* bad[i]: row i drew an error */
	size_t n, cap;
	run_set ids;             /* runs with a good id */
	run_set slots;           /* accepted latency runs: series/block/state */
	pb_status fail;          /* out of memory */
} manifest_ctx;

static uint64_t fnv1a(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < len; i++) {
		h ^= s[i];
		h *= 1099511628211u;
	}
	return h;
}

static uint64_t id_hash(const study_run *r)
{
	return fnv1a(14695981039346656037u, r->id, strlen(r->id));
}

static bool id_equal(const study_run *a, const study_run *b)
{
	return strcmp(a->id, b->id) == 0;
}

static uint64_t slot_hash(const study_run *r)
{
	uint64_t key[3];
	key[0] = r->series;
	key[1] = r->block;
	if (r->state.named)
		key[2] = fnv1a(14695981039346656037u, r->state.text,
			       strlen(r->state.text));
	else
		key[2] = r->state.missing ? (uint64_t)1 << 32 : r->state.value;
	return fnv1a(14695981039346656037u, key, sizeof key);
}

static bool slot_equal(const study_run *a, const study_run *b)
{
	return a->series == b->series && a->block == b->block
	       && pb_state_equal(a->state, b->state);
}

/* Looks for a run equal to RUNS[I] in SET.  Returns the index of the one
 * found, or adds I and returns I; (size_t)-1 when out of memory. */
static size_t run_set_add(run_set *set, const study_run *runs, size_t i,
			  run_hash_fn hash, run_equal_fn equal)
{
	size_t mask, k;

	if (set->count * 2 >= set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 64;
		size_t *slots = calloc(cap, sizeof *slots);
		if (!slots)
			return (size_t)-1;
		for (size_t j = 0; j < set->cap; j++) {
			size_t v = set->slots[j];
			if (!v)
				continue;
			k = (size_t)hash(&runs[v - 1]) & (cap - 1);
			while (slots[k])
				k = (k + 1) & (cap - 1);
			slots[k] = v;
		}
		free(set->slots);
		set->slots = slots;
		set->cap = cap;
	}
	mask = set->cap - 1;
	k = (size_t)hash(&runs[i]) & mask;
	while (set->slots[k]) {
		size_t j = set->slots[k] - 1;
		if (equal(&runs[j], &runs[i]))
			return j;
		k = (k + 1) & mask;
	}
	set->slots[k] = i + 1;
	set->count++;
	return i;
}

/* A copy of F's text, or NULL for an empty field.  Sets *OOM on failure. */
static char *field_dup(const csv_field *f, bool *oom)
{
	char *s;
	if (f->len == 0)
		return NULL;
	s = malloc(f->len + 1);
	if (!s) {
		*oom = true;
		return NULL;
	}
	memcpy(s, f->text, f->len + 1);
	return s;
}

static void field_error(manifest_ctx *c, const csv_field *f, diag *d,
			const char *what)
{
	diag_error(d, c->display, f->line, f->col, "%s ('%s')", what,
		   diag_quote(f->text, f->len));
}

/* Checks that F is valid UTF-8 without control characters (a tab is
 * allowed when TAB_OK: notes may be tab-separated lists).  C1 controls
 * (U+0080..U+009F) count as control characters too, and so do bidi
 * controls and invisible format characters (textcheck_invisible). */
static bool text_ok(manifest_ctx *c, const csv_field *f, const char *name,
		    bool tab_ok, diag *d)
{
	const unsigned char *u = (const unsigned char *)f->text;
	uint32_t cp;
	size_t at;

	if (textcheck_find(f->text, f->len, &at) == TEXT_BAD_UTF8) {
		diag_error(d, c->display, f->line, f->col,
			   "invalid UTF-8 in %s ('%s')", name,
			   diag_quote(f->text, f->len));
		return false;
	}
	for (size_t i = 0; i < f->len; i++) {
		bool ctl = (u[i] < 0x20 && !(tab_ok && u[i] == '\t'))
			   || u[i] == 0x7F
			   || (u[i] == 0xC2 && i + 1 < f->len
			       && u[i + 1] >= 0x80 && u[i + 1] <= 0x9F);
		if (ctl) {
			diag_error(d, c->display, f->line, f->col,
				   "%s contains a control character ('%s')",
				   name, diag_quote(f->text, f->len));
			return false;
		}
	}
	if (textcheck_invisible(f->text, f->len, &at, &cp)) {
		diag_error(d, c->display, f->line, f->col, "%s contains %s "
			   "('%s')", name, textcheck_invisible_what(cp),
			   diag_quote(f->text, f->len));
		return false;
	}
	return true;
}

const char *manifest_path_problem(const char *p, size_t len)
{
	size_t start = 0;

	if (p[0] == '/')
		return "path leaves the study folder";
	if (memchr(p, '\\', len))
		return "path contains a backslash; separate folders with '/'";
	for (size_t i = 0; i <= len; i++) {
		if (i < len && p[i] != '/')
			continue;
		if (i == start)
			return "path has an empty component";
		if (i - start == 2 && p[start] == '.' && p[start + 1] == '.')
			return "path leaves the study folder";
		start = i + 1;
	}
	return NULL;
}

/* Checks the path column NAME; stores a copy in *OUT (NULL when empty).
 * NEEDED: the run must name a file here. */
static bool check_path(manifest_ctx *c, const csv_field *f, const char *name,
		       bool needed, const char *why, diag *d, char **out,
		       bool *oom)
{
	const char *problem;

	*out = NULL;
	if (!text_ok(c, f, name, false, d))
		return false;
	if (f->len == 0) {
		if (!needed)
			return true;
		diag_error(d, c->display, f->line, f->col,
			   "%s is empty: %s", name, why);
		return false;
	}
	problem = manifest_path_problem(f->text, f->len);
	if (problem) {
		diag_error(d, c->display, f->line, f->col, "%s %s ('%s')",
			   name, problem, diag_quote(f->text, f->len));
		return false;
	}
	*out = field_dup(f, oom);
	return true;
}

static bool two_digits(const char *s, unsigned lo, unsigned hi, unsigned *v)
{
	if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
		return false;
	*v = (unsigned)(s[0] - '0') * 10 + (unsigned)(s[1] - '0');
	return *v >= lo && *v <= hi;
}

/* YYYY-MM-DDTHH:MM:SS, then nothing, Z, or +HH:MM / -HH:MM, with a real
 * calendar date (Gregorian leap years). */
static bool iso_time_ok(const char *s, size_t len)
{
	static const unsigned mdays[12] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	unsigned y1, y2, mon, day, h, m, sec, dim, year;

	if (len != 19 && len != 20 && len != 25)
		return false;
	if (s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':'
	    || s[16] != ':')
		return false;
	if (!two_digits(s, 0, 99, &y1) || !two_digits(s + 2, 0, 99, &y2)
	    || !two_digits(s + 5, 1, 12, &mon)
	    || !two_digits(s + 8, 1, 31, &day)
	    || !two_digits(s + 11, 0, 23, &h)
	    || !two_digits(s + 14, 0, 59, &m)
	    || !two_digits(s + 17, 0, 59, &sec))
		return false;
	year = y1 * 100 + y2;
	dim = mdays[mon - 1];
	if (mon == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
		dim = 29;
	if (day > dim)
		return false;
	if (len == 20)
		return s[19] == 'Z';
	if (len == 25)
		return (s[19] == '+' || s[19] == '-')
		       && two_digits(s + 20, 0, 23, &h) && s[22] == ':'
		       && two_digits(s + 23, 0, 59, &m);
	return true;
}

/* Reports why TEXT is not a state, in the user's terms. */
static void state_error(manifest_ctx *c, const csv_field *f, diag *d)
{
	const char *t = f->text;
	size_t len = f->len;
	size_t digits = 0, hexdigits = 0;
	const char *what = "state is not a number";

	for (size_t i = 0; i < len; i++)
		digits += t[i] >= '0' && t[i] <= '9';
	if (len > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
		for (size_t i = 2; i < len; i++)
			hexdigits += (t[i] >= '0' && t[i] <= '9')
				     || (t[i] >= 'a' && t[i] <= 'f')
				     || (t[i] >= 'A' && t[i] <= 'F');
	if (len == 0) {
		diag_error(d, c->display, f->line, f->col,
			   "state is empty (expected missing, a number or "
			   "0x followed by hex digits)");
		return;
	}
	if (len > 1 && t[0] == '-' && digits == len - 1) {
		what = "state is negative";
	} else if (digits == len || (len > 2 && hexdigits == len - 2)) {
		diag_error(d, c->display, f->line, f->col,
			   "state is out of range ('%s'; the largest is "
			   "4294967295 or 0xFFFFFFFF)", diag_quote(t, len));
		return;
	}
	field_error(c, f, d, what);
}

/* The plan's states as "missing;0;10", for messages, cut with ";..." when
 * they do not fit into BUF. */
static void plan_states_text(const study_plan *plan, char *buf, size_t size)
{
	static const char more[] = ";...";
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < plan->n_states; i++) {
		char num[PB_STATE_BUFSIZE];
		const char *name = pb_state_format(plan->states[i], num,
						   sizeof num);
		size_t need = strlen(name) + (i > 0);
		if (o + need + sizeof more > size) {
			snprintf(buf + o, size - o, "%s", more);
			return;
		}
		o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? ";" : "",
				      name);
	}
}

/* Reports a state of a named-state study that is not a listed name, with
 * the nearest listed name when one is close. */
static void unknown_name_error(manifest_ctx *c, const csv_field *f, diag *d)
{
	char list[160];
	const char *near = study_state_suggest(c->plan, f->text, f->len);

	plan_states_text(c->plan, list, sizeof list);
	if (near)
		diag_error(d, c->display, f->line, f->col,
			   "state '%s' is not one of the study's states (%s); "
			   "did you mean '%s'?", diag_quote(f->text, f->len),
			   list, diag_quote(near, strlen(near)));
	else
		diag_error(d, c->display, f->line, f->col,
			   "state '%s' is not one of the study's states (%s)",
			   diag_quote(f->text, f->len), list);
}

/* Reads the state field F of run R, of a series of kind KIND (KNOWN: the
 * series is valid).  A listed state takes the plan's spelling.  Returns
 * true when the state is good. */
static bool manifest_state(manifest_ctx *c, const csv_field *f, diag *d,
			   bool known, series_kind kind, study_run *r)
{
	size_t at = 0;
	char num[PB_STATE_BUFSIZE], list[160];

	switch (study_state_lookup(c->plan, f->text, f->len, &r->state, &at)) {
	case STATE_LISTED:
		return true;
	case STATE_BAD_NUMBER:
		state_error(c, f, d);
		return false;
	case STATE_BAD_NAME:
		diag_error(d, c->display, f->line, f->col + at,
			   "state %s ('%s')",
			   pb_state_name_fault_text(
				   pb_state_name_check(f->text, f->len, &at)),
			   diag_quote(f->text, f->len));
		return false;
	case STATE_UNKNOWN:
		unknown_name_error(c, f, d);
		return false;
	case STATE_UNLISTED:
		break;
	}
	/* Boundary and control boots may write values outside the plan. */
	if (!known || (kind != SERIES_LATENCY && kind != SERIES_MECHANISM))
		return true;
	plan_states_text(c->plan, list, sizeof list);
	diag_error(d, c->display, f->line, f->col,
		   "state %s is not one of the study's states (%s)",
		   pb_state_format(r->state, num, sizeof num), list);
	return false;
}

/* The first series of PLAN whose runs name a file in column K (latency
 * or mechanism), or NULL when no series does. */
static const series_def *column_needed_by(const study_plan *plan, size_t k)
{
	for (size_t i = 0; i < plan->n_series; i++) {
		bool latency = plan->series[i].kind == SERIES_LATENCY;
		if ((k == MCOL_LATENCY) == latency)
			return &plan->series[i];
	}
	return NULL;
}

/* Format 2 lets the latency and mechanism columns be left out when no
 * series needs them; format 1 requires them as it always did. */
static bool column_required(const manifest_ctx *c, size_t k)
{
	if (k < MCOL_LATENCY || c->plan->format < 2)
		return k < MCOL_REQUIRED;
	return false;
}

/* Reports each of the latency and mechanism columns that the header
 * lacks although a series needs it. */
static bool header_files_ok(manifest_ctx *c, diag *d)
{
	bool ok = true;

	for (size_t k = MCOL_LATENCY; k <= MCOL_MECHANISM; k++) {
		const series_def *sd = column_needed_by(c->plan, k);
		if (column_required(c, k) || c->col[k] != NO_COLUMN || !sd)
			continue;
		diag_error(d, c->display, c->header_line, c->header_col,
			   "header has no column '%s', which series '%s' "
			   "(kind %s) needs", mcol_name[k],
			   diag_quote(sd->id, strlen(sd->id)),
			   series_kind_name(sd->kind));
		ok = false;
	}
	return ok;
}

/* Header field F at index I when it is "note[LANG]": its column is
 * remembered (twice, or a language pairboot has no page in, is an
 * error).  Returns whether F names such a column. */
static bool note_column(manifest_ctx *c, const csv_field *f, size_t i,
			diag *d, bool *ok)
{
	if (f->len < 7 || memcmp(f->text, "note[", 5) != 0
	    || f->text[f->len - 1] != ']')
		return false;
	for (size_t l = 0; l < PLAN_TEXT_LANGS; l++) {
		const char *lang = plan_text_langs[l];
		if (strlen(lang) != f->len - 6
		    || memcmp(lang, f->text + 5, f->len - 6) != 0)
			continue;
		if (c->note_col[l] != NO_COLUMN) {
			diag_error(d, c->display, f->line, f->col,
				   "column 'note[%s]' appears twice in the "
				   "header (columns %zu and %zu)", lang,
				   c->note_col[l] + 1, i + 1);
			*ok = false;
		}
		c->note_col[l] = i;
		return true;
	}
	diag_error(d, c->display, f->line, f->col,
		   "column '%s': a note may be given in de, cs or ko",
		   diag_quote(f->text, f->len));
	*ok = false;
	return true;
}

/* Matches the header's names to the known columns.  Returns false (the
 * file cannot be read) when a required column is missing or a known one
 * appears twice. */
static bool manifest_header(manifest_ctx *c, const csv_row *row, diag *d)
{
	char missing[256] = "";
	size_t o = 0, n_missing = 0, n_required = 0;
	bool ok = true;

	c->header_line = row->line;
	c->header_col = row->fields[0].col;
	for (size_t i = 0; i < row->n; i++) {
		const csv_field *f = &row->fields[i];
		if (note_column(c, f, i, d, &ok))
			continue;
		for (size_t k = 0; k < MCOL_COUNT; k++) {
			if (strlen(mcol_name[k]) != f->len
			    || memcmp(mcol_name[k], f->text, f->len) != 0)
				continue;
			if (c->col[k] != NO_COLUMN) {
				diag_error(d, c->display, f->line, f->col,
					   "column '%s' appears twice in the "
					   "header (columns %zu and %zu)",
					   mcol_name[k], c->col[k] + 1, i + 1);
				ok = false;
			} else {
				c->col[k] = i;
			}
		}
	}
	for (size_t k = 0; k < MCOL_REQUIRED; k++) {
		n_required += column_required(c, k);
		if (c->col[k] != NO_COLUMN || !column_required(c, k))
			continue;
		o += (size_t)snprintf(missing + o, sizeof missing - o,
				      "%s'%s'", n_missing ? ", " : "",
				      mcol_name[k]);
		n_missing++;
	}
	if (n_missing) {
		diag_error(d, c->display, c->header_line, c->header_col,
			   "header has no column%s %s%s",
			   n_missing > 1 ? "s" : "", missing,
			   n_missing == n_required
				   ? " (is the header missing?)" : "");
		ok = false;
	}
	return header_files_ok(c, d) && ok;
}

static bool manifest_grow(manifest_ctx *c)
{
	size_t cap;
	study_run *runs;
	bool *bad;

	if (c->n < c->cap)
		return true;
	cap = c->cap ? c->cap * 2 : 64;
	runs = realloc(c->runs, cap * sizeof *runs);
	if (!runs)
		return false;
	c->runs = runs;
	bad = realloc(c->bad, cap * sizeof *bad);
	if (!bad)
		return false;
	c->bad = bad;
	c->cap = cap;
	return true;
}

/* What the checks of one data row found so far. */
typedef struct row_check {
	manifest_ctx *c;
	const csv_row *row;
	diag *d;
	size_t i;                /* the run's index */
	study_run *r;            /* the run being filled */
	series_kind kind;        /* of its series, when series_ok */
	bool oom;                /* a copy failed */
	bool id_ok, series_ok, block_ok, state_ok, accepted_ok;
} row_check;

/* The row's field of column COL (a column the file has). */
static const csv_field *row_field(const row_check *k, int col)
{
	return &k->row->fields[k->c->col[col]];
}

static void check_run_id(row_check *k)
{
	const csv_field *f = row_field(k, MCOL_RUN);

	if (!text_ok(k->c, f, "run", false, k->d))
		return;
	if (f->len == 0) {
		diag_error(k->d, k->c->display, f->line, f->col,
			   "run is empty (each run needs an id)");
	} else {
		k->r->id = field_dup(f, &k->oom);
		k->id_ok = k->r->id != NULL;
		k->r->id_line = f->line;
		k->r->id_col = f->col;
	}
}

static void check_series(row_check *k)
{
	const csv_field *f = row_field(k, MCOL_SERIES);
	size_t s;

	if (!text_ok(k->c, f, "series", false, k->d))
		return;
	s = f->len ? study_series_index(k->c->plan, f->text) : (size_t)-1;
	if (f->len == 0) {
		diag_error(k->d, k->c->display, f->line, f->col,
			   "series is empty");
	} else if (s == (size_t)-1) {
		diag_error(k->d, k->c->display, f->line, f->col,
			   "unknown series '%s' (study.ini has no "
			   "[series %s] section)",
			   diag_quote(f->text, f->len),
			   diag_quote(f->text, f->len));
	} else {
		k->r->series = s;
		k->kind = k->c->plan->series[s].kind;
		k->series_ok = true;
	}
}

static void check_block(row_check *k)
{
	const csv_field *f = row_field(k, MCOL_BLOCK);

	if (numparse_ulong(f->text, f->len, &k->r->block) == NUMPARSE_OK
	    && k->r->block >= 1)
		k->block_ok = true;
	else
		field_error(k->c, f, k->d, "block is not a positive integer");
}

static void check_state(row_check *k)
{
	k->state_ok = manifest_state(k->c, row_field(k, MCOL_STATE), k->d,
				     k->series_ok, k->kind, k->r);
}

static void check_accepted(row_check *k)
{
	const csv_field *f = row_field(k, MCOL_ACCEPTED);

	if (f->len == 3 && memcmp(f->text, "yes", 3) == 0) {
		k->r->accepted = true;
		k->accepted_ok = true;
	} else if (f->len == 2 && memcmp(f->text, "no", 2) == 0) {
		k->accepted_ok = true;
	} else {
		field_error(k->c, f, k->d, "accepted must be yes or no");
	}
}

static void check_note(row_check *k)
{
	const csv_field *f = row_field(k, MCOL_NOTE);

	if (!text_ok(k->c, f, "note", true, k->d))
		return;
	if (k->accepted_ok && !k->r->accepted && f->len == 0)
		diag_error(k->d, k->c->display, f->line, f->col,
			   "note is empty: a run with accepted = no needs "
			   "the reason");
	k->r->note = field_dup(f, &k->oom);
	k->r->note_line = f->line;
	k->r->note_col = f->col;
	for (size_t l = 0; l < PLAN_TEXT_LANGS; l++) {
		const csv_field *t;
		if (k->c->note_col[l] == NO_COLUMN)
			continue;
		t = &k->row->fields[k->c->note_col[l]];
		if (t->len && text_ok(k->c, t, "note", true, k->d)) {
			k->r->note_l10n.in[l] = field_dup(t, &k->oom);
			k->r->note_l10n_col[l] = t->col;
		}
	}
}

/* The latency and mechanism files, each needed by an accepted run of the
 * series kinds that record one (a column left out is needed by no series:
 * manifest_header made sure). */
static void check_files(row_check *k)
{
	study_run *r = k->r;
	bool accepted = k->series_ok && k->accepted_ok && r->accepted;
	const csv_field *f;

	if (k->c->col[MCOL_LATENCY] != NO_COLUMN) {
		f = row_field(k, MCOL_LATENCY);
		r->latency_col = f->col;
		check_path(k->c, f, "latency",
			   accepted && k->kind == SERIES_LATENCY,
			   "an accepted run of a latency series needs its "
			   "latency file", k->d, &r->latency_path, &k->oom);
	}
	if (k->c->col[MCOL_MECHANISM] != NO_COLUMN) {
		f = row_field(k, MCOL_MECHANISM);
		r->mechanism_col = f->col;
		check_path(k->c, f, "mechanism",
			   accepted && k->kind != SERIES_LATENCY,
			   "an accepted run of a mechanism, boundary or "
			   "control series needs its mechanism log", k->d,
			   &r->mechanism_path, &k->oom);
	}
}

/* The columns a manifest may leave out: position and started. */
static void check_optional(row_check *k)
{
	manifest_ctx *c = k->c;
	study_run *r = k->r;
	const csv_field *f;

	if (c->col[MCOL_POSITION] != NO_COLUMN) {
		f = row_field(k, MCOL_POSITION);
		if (f->len
		    && (numparse_ulong(f->text, f->len, &r->position)
			!= NUMPARSE_OK || r->position == 0)) {
			field_error(c, f, k->d,
				    "position is not a positive integer");
			r->position = 0;
		}
	}
	if (c->col[MCOL_STARTED] != NO_COLUMN) {
		f = row_field(k, MCOL_STARTED);
		if (text_ok(c, f, "started", false, k->d)) {
			if (f->len && !iso_time_ok(f->text, f->len))
				field_error(c, f, k->d,
					    "started is not a time of the form "
					    "YYYY-MM-DDTHH:MM:SS[Z|+HH:MM]");
			else
				r->started = field_dup(f, &k->oom);
		}
	}
}

/* A run id seen on an earlier row.  False when out of memory. */
static bool check_duplicate_id(row_check *k)
{
	manifest_ctx *c = k->c;
	size_t j = run_set_add(&c->ids, c->runs, k->i, id_hash, id_equal);
	const csv_field *f = row_field(k, MCOL_RUN);

	if (j == (size_t)-1)
		return false;
	if (j != k->i)
		diag_error(k->d, c->display, f->line, f->col,
			   "duplicate run id '%s' (first at line %zu)",
			   diag_quote(f->text, f->len),
			   c->runs[j].manifest_line);
	return true;
}

/* A second accepted latency run of the same series, block and state.
 * False when out of memory. */
static bool check_duplicate_slot(row_check *k)
{
	manifest_ctx *c = k->c;
	const study_run *r = k->r;
	size_t j = run_set_add(&c->slots, c->runs, k->i, slot_hash,
			       slot_equal);
	const csv_field *f = row_field(k, MCOL_STATE);
	char num[PB_STATE_BUFSIZE];
	char alias[PB_STATE_BUFSIZE + 112] = "";
	const char *name;

	if (j == (size_t)-1)
		return false;
	if (j == k->i)
		return true;
	name = pb_state_format(r->state, num, sizeof num);
	/* 10 and 0x0a are one state: say so, or the two lines would not
	 * seem to clash. */
	if (strlen(name) != f->len || memcmp(name, f->text, f->len) != 0)
		snprintf(alias, sizeof alias, "; '%s' is %s",
			 diag_quote(f->text, f->len), name);
	diag_error(k->d, c->display, f->line, f->col,
		   "block %lu of series '%s' has two accepted runs of state "
		   "%s (lines %zu and %zu%s)",
		   r->block, c->plan->series[r->series].id, name,
		   c->runs[j].manifest_line, r->manifest_line, alias);
	return true;
}

/* Checks one data row and appends it to the runs, good or bad. */
static bool manifest_row(void *ctx, const csv_row *row, diag *d)
{
	manifest_ctx *c = ctx;
	size_t errors = diag_errors(d);
	row_check k = { .c = c, .row = row, .d = d,
			.kind = SERIES_LATENCY };

	if (row->index == 0)
		return manifest_header(c, row, d);
	if (!manifest_grow(c)) {
		c->fail = PB_NOMEM;
		return false;
	}
	k.i = c->n++;
	k.r = &c->runs[k.i];
	memset(k.r, 0, sizeof *k.r);
	c->bad[k.i] = false;
	k.r->manifest_line = row->line;

	check_run_id(&k);
	check_series(&k);
	check_block(&k);
	check_state(&k);
	check_accepted(&k);
	check_note(&k);
	check_files(&k);
	check_optional(&k);
	if (k.oom
	    || (k.id_ok && !check_duplicate_id(&k))
	    || (k.series_ok && k.kind == SERIES_LATENCY && k.block_ok
		&& k.state_ok && k.accepted_ok && k.r->accepted
		&& !check_duplicate_slot(&k))) {
		c->fail = PB_NOMEM;
		return false;
	}
	c->bad[k.i] = diag_errors(d) != errors;
	return true;
}

/* Frees the strings of one run (not the run itself, not mech). */
static void run_strings_free(study_run *r)
{
	free(r->id);
	free(r->note);
	for (size_t l = 0; l < PLAN_TEXT_LANGS; l++)
		free(r->note_l10n.in[l]);
	free(r->started);
	free(r->latency_path);
	free(r->mechanism_path);
}

void manifest_runs_free(study_run *runs, size_t n)
{
	if (!runs)
		return;
	for (size_t i = 0; i < n; i++)
		run_strings_free(&runs[i]);
	free(runs);
}

static void manifest_init(manifest_ctx *c, const char *display,
			  const study_plan *plan)
{
	memset(c, 0, sizeof *c);
	c->display = display;
	c->plan = plan;
	for (size_t k = 0; k < MCOL_COUNT; k++)
		c->col[k] = NO_COLUMN;
	for (size_t l = 0; l < PLAN_TEXT_LANGS; l++)
		c->note_col[l] = NO_COLUMN;
}

/* Shared end of both readers: the final checks, then what the caller gets:
 * all runs, only the good ones, or none. */
static pb_status manifest_finish(manifest_ctx *c, pb_status st, diag *d,
				 study_run **runs, size_t *n)
{
	size_t kept = 0;

	free(c->ids.slots);
	free(c->slots.slots);
	if (c->fail != PB_OK) {
		diag_fail(d, c->fail);
		st = pb_status_merge(c->fail, st);
	}
	if (st == PB_OK && c->n == 0) {
		diag_error(d, c->display, c->header_line, c->header_col,
			   "no runs: the file holds only a header");
		st = PB_DATAERR;
	}
	if (st != PB_OK && st != PB_DATAERR) {
		manifest_runs_free(c->runs, c->n);
		free(c->bad);
		*runs = NULL;
		*n = 0;
		return st;
	}
	/* Keep the rows that drew no error, in order. */
	for (size_t i = 0; i < c->n; i++) {
		if (c->bad[i]) {
			run_strings_free(&c->runs[i]);
			continue;
		}
		c->runs[kept++] = c->runs[i];
	}
	free(c->bad);
	if (kept == 0) {
		free(c->runs);
		c->runs = NULL;
	}
	*runs = c->runs;
	*n = kept;
	return st;
}

pb_status manifest_read_file(const char *path, const char *display,
			     const study_plan *plan, diag *d,
			     study_run **runs, size_t *n)
{
	manifest_ctx c;
	pb_status st;

	manifest_init(&c, display, plan);
	st = csvread_file(path, display, manifest_row, &c, d);
	return manifest_finish(&c, st, d, runs, n);
}

pb_status manifest_read_buffer(const char *buf, size_t len,
			       const char *display, const study_plan *plan,
			       size_t chunk, diag *d, study_run **runs,
			       size_t *n)
{
	manifest_ctx c;
	pb_status st;

	manifest_init(&c, display, plan);
	st = csvread_buffer(buf, len, display, chunk, manifest_row, &c, d);
	return manifest_finish(&c, st, d, runs, n);
}

const char *manifest_col_name(manifest_col c)
{
	return c < MANIFEST_COL_OTHER ? mcol_name[c] : "";
}

/* What manifest_read_columns keeps: the header's columns. */
typedef struct columns_ctx {
	manifest_col *cols;
	size_t n;
	bool oom;
} columns_ctx;

/* Takes the header's names and stops the reader there. */
static bool columns_header(void *ctx, const csv_row *row, diag *d)
{
	columns_ctx *c = ctx;

	(void)d;
	c->cols = malloc((row->n ? row->n : 1) * sizeof *c->cols);
	c->oom = !c->cols;
	for (size_t i = 0; c->cols && i < row->n; i++) {
		const csv_field *f = &row->fields[i];

		c->cols[i] = MANIFEST_COL_OTHER;
		for (size_t k = 0; k < MCOL_COUNT; k++)
			if (strlen(mcol_name[k]) == f->len
			    && memcmp(mcol_name[k], f->text, f->len) == 0)
				c->cols[i] = (manifest_col)k;
	}
	c->n = c->cols ? row->n : 0;
	return false;
}

pb_status manifest_read_columns(const char *buf, size_t len,
				const char *display, diag *d,
				manifest_col **cols, size_t *n)
{
	columns_ctx c = { NULL, 0, false };
	pb_status st = csvread_buffer(buf, len, display, 0, columns_header,
				      &c, d);

	if (c.oom)
		st = PB_NOMEM;
	else if (st == PB_OK && !c.cols)
		st = PB_DATAERR;
	if (st != PB_OK) {
		free(c.cols);
		c.cols = NULL;
		c.n = 0;
	}
	*cols = c.cols;
	*n = c.n;
	return st;
}
