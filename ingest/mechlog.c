/* mechlog.c: the logfmt reader of mechanism-check logs.
 *
 * Input is fed in chunks and cut into lines in one buffer of
 * MECHLOG_LINE_MAX bytes; a longer line is reported and skipped, never
 * stored, so a file of any size is read in constant memory.  Each line is
 * split into key=value pairs in place (a quoted value is unescaped into the
 * bytes it occupied, which only shrinks it) and then matched against the
 * known events. */
#include "ingest/mechlog.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fileread.h"
#include "ingest/textcheck.h"

typedef struct pair {
	const char *key;
	size_t klen;
	const char *val;     /* unescaped; not NUL-terminated */
	size_t vlen;
	size_t kcol;         /* column of the key */
	size_t vcol;         /* column of the value (its quote, if quoted) */
} pair;

typedef enum event {
	EV_SERVICE,
	EV_QUERY,
	EV_PRIORITY,
	EV_REGISTER,
	EV_ETW,
	EV_REGISTRY,
	EV_TRACING,
	EV_PROCESSES,
	EV_OBSERVE,
	EV_COUNT
} event;

static const char *const event_names[EV_COUNT] = {
	[EV_SERVICE] = "service",
	[EV_QUERY] = "query",
	[EV_PRIORITY] = "priority",
	[EV_REGISTER] = "register",
	[EV_ETW] = "etw",
	[EV_REGISTRY] = "registry",
	[EV_TRACING] = "tracing",
	[EV_PROCESSES] = "processes",
	[EV_OBSERVE] = "observe",
};

static const char *const phase_names[PRIO_PHASES] = {
	[PHASE_BEFORE] = "before",
	[PHASE_AFTER] = "after",
	[PHASE_CLEANUP] = "cleanup",
};

typedef struct mech_reader {
	const char *file;
	diag *d;
	mech_log *log;
	char *line;                  /* MECHLOG_LINE_MAX + 1 bytes (a CR) */
	size_t used;                 /* bytes of the current line */
	bool overlong;               /* the current line did not fit */
	size_t lineno;               /* lines finished so far */
	pair *pairs;                 /* the current line's pairs */
	size_t cap_pairs;
	size_t event_line[EV_COUNT]; /* first line of each event, 0: none */
	size_t phase_line[PRIO_PHASES];
	size_t cap_observations;
	pb_status fail;              /* PB_NOMEM once an allocation failed */
} mech_reader;

/* Reports a problem at column COL of the current line. */
__attribute__((format(printf, 3, 4)))
static void line_error(mech_reader *r, size_t col, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	diag_error(r->d, r->file, r->lineno, col, "%s", text);
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

static bool is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

static bool span_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(s, word, len) == 0;
}

static char *dup_span(mech_reader *r, const char *s, size_t len)
{
	char *p = malloc(len + 1);
	if (!p) {
		r->fail = PB_NOMEM;
		return NULL;
	}
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/* ------------------------------------------------------------------ */
/* Values */

static const pair *field(const pair *p, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (span_is(p[i].key, p[i].klen, name))
			return &p[i];
	return NULL;
}

typedef enum int_result { INT_OK, INT_SYNTAX, INT_RANGE } int_result;

/* Parses [-]digits into a sign and a magnitude; INT_RANGE when the
 * magnitude does not fit 64 bits. */
static int_result int_parse(const char *s, size_t len, bool *neg,
			    uint64_t *mag)
{
	size_t i = 0;
	uint64_t m = 0;

	*neg = len > 0 && s[0] == '-';
	i = *neg;
	if (i == len)
		return INT_SYNTAX;
	for (; i < len; i++) {
		unsigned dgt;
		if (!is_digit(s[i]))
			return INT_SYNTAX;
		dgt = (unsigned)(s[i] - '0');
		if (m > (UINT64_MAX - dgt) / 10) {
			/* keep checking the syntax: "99999999999999999999x"
			 * is not a number at all */
			while (i < len && is_digit(s[i]))
				i++;
			return i == len ? INT_RANGE : INT_SYNTAX;
		}
		m = m * 10 + dgt;
	}
	*mag = m;
	return INT_OK;
}

/* The value of P as a signed integer that fits a long. */
static bool value_long(mech_reader *r, const pair *p, long *out)
{
	bool neg;
	uint64_t mag = 0;
	int_result res = int_parse(p->val, p->vlen, &neg, &mag);
	const char *what = diag_quote(p->val, p->vlen);

	if (res == INT_OK && !neg && mag > (uint64_t)LONG_MAX)
		res = INT_RANGE;
	if (res == INT_OK && neg && mag > (uint64_t)LONG_MAX + 1)
		res = INT_RANGE;
	if (res == INT_SYNTAX) {
		line_error(r, p->vcol, "%.*s is not an integer ('%s')",
			   (int)p->klen, p->key, what);
		return false;
	}
	if (res == INT_RANGE) {
		line_error(r, p->vcol, "%.*s is out of range ('%s')",
			   (int)p->klen, p->key, what);
		return false;
	}
	/* -(LONG_MAX + 1) written without overflowing */
	*out = !neg ? (long)mag : mag == 0 ? 0 : -(long)(mag - 1) - 1;
	return true;
}

/* The value of P as an integer 0..MAX. */
static bool value_unsigned(mech_reader *r, const pair *p, uint64_t max,
			   uint64_t *out)
{
	bool neg;
	uint64_t mag = 0;
	int_result res = int_parse(p->val, p->vlen, &neg, &mag);
	const char *what = diag_quote(p->val, p->vlen);

	if (res == INT_SYNTAX) {
		line_error(r, p->vcol, "%.*s is not an integer ('%s')",
			   (int)p->klen, p->key, what);
		return false;
	}
	if (neg || res == INT_RANGE || mag > max) {
		line_error(r, p->vcol, "%.*s must be an integer 0..%" PRIu64
			   " ('%s')", (int)p->klen, p->key, max, what);
		return false;
	}
	*out = mag;
	return true;
}

/* Looks up the fields NAMES (NULL-terminated) of event EV; reports each one
 * missing.  Returns true when all are present, filling FOUND. */
static bool require(mech_reader *r, const pair *ev, const pair *p, size_t n,
		    const char *const *names, const pair **found)
{
	bool ok = true;

	for (size_t i = 0; names[i]; i++) {
		found[i] = field(p, n, names[i]);
		if (!found[i]) {
			line_error(r, ev->kcol, "event '%.*s' has no field "
				   "'%s'", (int)ev->vlen, ev->val, names[i]);
			ok = false;
		}
	}
	return ok;
}

/* ------------------------------------------------------------------ */
/* Events */

static void on_service(mech_reader *r, const pair *ev, const pair *p,
		       size_t n)
{
	static const char *const names[] = { "status", NULL };
	const pair *f[1];

	if (!require(r, ev, p, n, names, f))
		return;
	if (span_is(f[0]->val, f[0]->vlen, "running"))
		r->log->service = 1;
	else if (span_is(f[0]->val, f[0]->vlen, "stopped"))
		r->log->service = 0;
	else
		line_error(r, f[0]->vcol, "status must be running or stopped "
			   "('%s')", diag_quote(f[0]->val, f[0]->vlen));
}

static void on_query(mech_reader *r, const pair *p, size_t n)
{
	const pair *v = field(p, n, "value");
	uint64_t x;

	r->log->query_seen = true;
	if (v && value_unsigned(r, v, UINT32_MAX, &x)) {
		r->log->query_ok = true;
		r->log->query_value = (int64_t)x;
	}
}

static void on_priority(mech_reader *r, const pair *ev, const pair *p,
			size_t n)
{
	static const char *const names[] = { "phase", "win32", "etw", NULL };
	const pair *f[3];
	const pair *cls = field(p, n, "class");
	int phase = -1;
	long win32, etw;
	bool ok;

	if (!require(r, ev, p, n, names, f))
		return;
	for (int i = 0; i < PRIO_PHASES; i++)
		if (span_is(f[0]->val, f[0]->vlen, phase_names[i]))
			phase = i;
	if (phase < 0) {
		line_error(r, f[0]->vcol, "unknown priority phase '%s' "
			   "(expected before, after or cleanup)",
			   diag_quote(f[0]->val, f[0]->vlen));
		return;
	}
	if (r->phase_line[phase]) {
		line_error(r, f[0]->kcol, "phase '%s' given twice (first at "
			   "line %zu)", phase_names[phase],
			   r->phase_line[phase]);
		return;
	}
	r->phase_line[phase] = r->lineno;
	ok = value_long(r, f[1], &win32);
	ok = value_long(r, f[2], &etw) && ok;
	if (!ok)
		return;
	r->log->prio_seen[phase] = true;
	r->log->win32[phase] = win32;
	r->log->etw[phase] = etw;
	if (cls)
		r->log->prio_class[phase] = dup_span(r, cls->val, cls->vlen);
}

static void on_register(mech_reader *r, const pair *ev, const pair *p,
			size_t n)
{
	static const char *const names[] = { "ok", NULL };
	const pair *f[1];
	const pair *task = field(p, n, "task");
	const pair *err = field(p, n, "error");

	if (!require(r, ev, p, n, names, f))
		return;
	if (span_is(f[0]->val, f[0]->vlen, "true")) {
		r->log->register_ok = true;
	} else if (span_is(f[0]->val, f[0]->vlen, "false")) {
		r->log->register_ok = false;
	} else {
		line_error(r, f[0]->vcol, "ok must be true or false ('%s')",
			   diag_quote(f[0]->val, f[0]->vlen));
		return;
	}
	r->log->register_seen = true;
	if (task)
		r->log->register_task = dup_span(r, task->val, task->vlen);
	if (err)
		r->log->register_error = dup_span(r, err->val, err->vlen);
}

static void on_etw(mech_reader *r, const pair *ev, const pair *p, size_t n)
{
	static const char *const names[] = { "lost_events", "lost_buffers",
					     NULL };
	const pair *f[2];
	uint64_t events, buffers;
	bool ok;

	if (!require(r, ev, p, n, names, f))
		return;
	ok = value_unsigned(r, f[0], UINT64_MAX, &events);
	ok = value_unsigned(r, f[1], UINT64_MAX, &buffers) && ok;
	if (!ok)
		return;
	r->log->etw_seen = true;
	r->log->lost_events = events;
	r->log->lost_buffers = buffers;
}

static void on_registry(mech_reader *r, const pair *ev, const pair *p,
			size_t n)
{
	static const char *const names[] = { "value", NULL };
	const pair *f[1];

	if (!require(r, ev, p, n, names, f))
		return;
	if (!pb_state_parse(f[0]->val, f[0]->vlen, &r->log->registry)) {
		line_error(r, f[0]->vcol, "value must be missing, 0 to "
			   "4294967295 or 0x0 to 0xFFFFFFFF ('%s')",
			   diag_quote(f[0]->val, f[0]->vlen));
		return;
	}
	r->log->registry_seen = true;
}

/* tracing active=<n> and processes leftover=<n>. */
static void on_count(mech_reader *r, const pair *ev, const pair *p,
		     size_t n, const char *name, long *dest)
{
	const char *const names[] = { name, NULL };
	const pair *f[1];
	uint64_t x;

	if (!require(r, ev, p, n, names, f))
		return;
	if (value_unsigned(r, f[0], LONG_MAX, &x))
		*dest = (long)x;
}

/* Index of the observation NAME (LEN bytes) in the log, or SIZE_MAX. */
static size_t observation_find(const mech_log *m, const char *name,
			       size_t len)
{
	for (size_t i = 0; i < m->n_observations; i++)
		if (m->observations[i].name
		    && span_is(name, len, m->observations[i].name))
			return i;
	return SIZE_MAX;
}

/* event=observe name=<text> value=<text>: a name may be observed once per
 * log, since two values of one thing in one boot could not be counted. */
static void on_observe(mech_reader *r, const pair *ev, const pair *p,
		       size_t n)
{
	static const char *const names[] = { "name", "value", NULL };
	const pair *f[2];
	mech_log *m = r->log;
	mech_observation *o;
	size_t earlier;

	if (!require(r, ev, p, n, names, f))
		return;
	for (int i = 0; i < 2; i++) {
		if (f[i]->vlen == 0) {
			line_error(r, f[i]->vcol, "observe %s is empty",
				   names[i]);
			return;
		}
	}
	earlier = observation_find(m, f[0]->val, f[0]->vlen);
	if (earlier != SIZE_MAX) {
		line_error(r, f[0]->vcol, "observation '%s' given twice "
			   "(first at line %zu)",
			   diag_quote(f[0]->val, f[0]->vlen),
			   m->observations[earlier].line);
		return;
	}
	if (m->n_observations == r->cap_observations) {
		size_t cap = r->cap_observations ? r->cap_observations * 2 : 4;
		o = realloc(m->observations, cap * sizeof *o);
		if (!o) {
			r->fail = PB_NOMEM;
			return;
		}
		m->observations = o;
		r->cap_observations = cap;
	}
	o = &m->observations[m->n_observations];
	o->name = dup_span(r, f[0]->val, f[0]->vlen);
	o->value = dup_span(r, f[1]->val, f[1]->vlen);
	o->line = r->lineno;
	m->n_observations++;   /* counted even when a copy failed: freed */
}

static void handle_event(mech_reader *r, const pair *p, size_t n)
{
	const pair *ev = field(p, n, "event");
	int e = -1;

	if (!ev) {
		line_error(r, p[0].kcol, "no event= on this line");
		return;
	}
	if (ev->vlen == 0) {
		line_error(r, ev->vcol, "event= has an empty value");
		return;
	}
	for (int i = 0; i < EV_COUNT; i++)
		if (span_is(ev->val, ev->vlen, event_names[i]))
			e = i;
	if (e < 0)
		return;   /* unknown events are for other tools */
	if (e != EV_PRIORITY && e != EV_OBSERVE) {
		if (r->event_line[e]) {
			line_error(r, ev->kcol, "event '%s' given twice "
				   "(first at line %zu)", event_names[e],
				   r->event_line[e]);
			return;
		}
		r->event_line[e] = r->lineno;
	}
	switch ((event)e) {
	case EV_SERVICE:
		on_service(r, ev, p, n);
		break;
	case EV_QUERY:
		on_query(r, p, n);
		break;
	case EV_PRIORITY:
		on_priority(r, ev, p, n);
		break;
	case EV_REGISTER:
		on_register(r, ev, p, n);
		break;
	case EV_ETW:
		on_etw(r, ev, p, n);
		break;
	case EV_REGISTRY:
		on_registry(r, ev, p, n);
		break;
	case EV_TRACING:
		on_count(r, ev, p, n, "active", &r->log->tracing_active);
		break;
	case EV_PROCESSES:
		on_count(r, ev, p, n, "leftover", &r->log->leftover);
		break;
	case EV_OBSERVE:
		on_observe(r, ev, p, n);
		break;
	case EV_COUNT:
		break;
	}
}

/* ------------------------------------------------------------------ */
/* Lines */

/* Reads the value starting at S[*I] (just after '=') into *V, moving *I past
 * it.  Returns false after reporting a malformed value. */
static bool value_scan(mech_reader *r, char *s, size_t len, size_t *i,
		       pair *v)
{
	size_t at = *i;

	v->vcol = at + 1;
	if (at < len && s[at] == '"') {
		size_t open = at, w = at + 1;
		at++;
		for (;;) {
			if (at == len) {
				line_error(r, open + 1, "unterminated quote");
				return false;
			}
			if (s[at] == '"')
				break;
			if (s[at] == '\\') {
				if (at + 1 == len) {
					line_error(r, open + 1,
						   "unterminated quote");
					return false;
				}
				if (s[at + 1] != '"' && s[at + 1] != '\\') {
					line_error(r, at + 1, "bad escape in "
						   "quoted value (only \\\" "
						   "and \\\\ are allowed)");
					return false;
				}
				at++;
			}
			s[w++] = s[at++];
		}
		at++;   /* the closing quote */
		if (at < len && !is_blank(s[at])) {
			line_error(r, at + 1, "expected a blank after the "
				   "closing quote");
			return false;
		}
		v->val = s + open + 1;
		v->vlen = w - (open + 1);
	} else {
		size_t start = at;
		for (; at < len && !is_blank(s[at]); at++) {
			if (s[at] == '"') {
				line_error(r, at + 1, "unexpected '\"' in an "
					   "unquoted value");
				return false;
			}
		}
		v->val = s + start;
		v->vlen = at - start;
	}
	*i = at;
	return true;
}

/* Parses line S (LEN bytes, CR removed, changed in place) as one event. */
static void line_parse(mech_reader *r, char *s, size_t len)
{
	size_t i = 0, n = 0, bad;
	text_fault f = textcheck_find(s, len, &bad);

	if (f != TEXT_OK) {
		if (f == TEXT_NUL)
			line_error(r, bad + 1, "NUL byte");
		else
			line_error(r, bad + 1, "invalid UTF-8 (byte 0x%02X)",
				   (unsigned char)s[bad]);
		return;
	}
	/* Editors on Windows may start the file with a byte order mark.
	 * Columns still count its three bytes, as in the CSV files. */
	if (r->lineno == 1 && len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len && is_blank(s[i]))
		i++;
	if (i == len || s[i] == '#')
		return;
	for (;;) {
		pair pr;
		size_t start;

		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !is_blank(s[i]) && s[i] != '=')
			i++;
		if (i == len || s[i] != '=') {
			line_error(r, start + 1, "expected key=value ('%s')",
				   diag_quote(s + start, i - start));
			return;
		}
		if (i == start) {
			line_error(r, start + 1, "empty key before '='");
			return;
		}
		pr.key = s + start;
		pr.klen = i - start;
		pr.kcol = start + 1;
		i++;
		if (!value_scan(r, s, len, &i, &pr))
			return;
		for (size_t m = 0; m < n; m++) {
			if (r->pairs[m].klen == pr.klen
			    && memcmp(r->pairs[m].key, pr.key, pr.klen) == 0) {
				line_error(r, pr.kcol, "key '%s' given twice "
					   "on this line (first at column %zu)",
					   diag_quote(pr.key, pr.klen),
					   r->pairs[m].kcol);
				return;
			}
		}
		if (n == r->cap_pairs) {
			size_t cap = r->cap_pairs ? r->cap_pairs * 2 : 16;
			pair *np = realloc(r->pairs, cap * sizeof *np);
			if (!np) {
				r->fail = PB_NOMEM;
				return;
			}
			r->pairs = np;
			r->cap_pairs = cap;
		}
		r->pairs[n++] = pr;
	}
	handle_event(r, r->pairs, n);
}

/* The current line is complete: parse it or report it too long. */
static void line_end(mech_reader *r)
{
	size_t len = r->used;

	r->lineno++;
	if (!r->overlong && len > 0 && r->line[len - 1] == '\r')
		len--;
	if (r->overlong || len > MECHLOG_LINE_MAX)
		line_error(r, MECHLOG_LINE_MAX + 1, "line longer than %d "
			   "bytes", MECHLOG_LINE_MAX);
	else
		line_parse(r, r->line, len);
	r->used = 0;
	r->overlong = false;
}

/* Feeds N bytes at P: whole lines are parsed, the rest is kept. */
static void reader_feed(mech_reader *r, const char *p, size_t n)
{
	while (n > 0 && r->fail == PB_OK) {
		const char *nl = memchr(p, '\n', n);
		size_t take = nl ? (size_t)(nl - p) : n;

		if (!r->overlong) {
			/* One byte beyond the limit leaves room for a CR. */
			if (take > MECHLOG_LINE_MAX + 1 - r->used) {
				r->overlong = true;
			} else {
				memcpy(r->line + r->used, p, take);
				r->used += take;
			}
		}
		if (nl) {
			line_end(r);
			take++;
		}
		p += take;
		n -= take;
	}
}

static pb_status reader_init(mech_reader *r, const char *display, diag *d)
{
	memset(r, 0, sizeof *r);
	r->file = display;
	r->d = d;
	r->line = malloc(MECHLOG_LINE_MAX + 1);
	r->log = calloc(1, sizeof *r->log);
	if (!r->line || !r->log) {
		free(r->line);
		free(r->log);
		return PB_NOMEM;
	}
	r->log->service = -1;
	r->log->tracing_active = -1;
	r->log->leftover = -1;
	return PB_OK;
}

/* Parses what is left, frees the reader and hands over the log when no
 * error was found since the diag held ERRORS errors. */
static pb_status reader_finish(mech_reader *r, pb_status st, size_t errors,
			       mech_log **out)
{
	if (st == PB_OK && r->fail == PB_OK && (r->used > 0 || r->overlong))
		line_end(r);
	st = pb_status_merge(st, r->fail);
	if (st == PB_OK && diag_errors(r->d) > errors)
		st = PB_DATAERR;
	if (st == PB_OK) {
		*out = r->log;
	} else {
		if (st != PB_DATAERR)
			diag_fail(r->d, st);
		mechlog_free(r->log);
	}
	free(r->line);
	free(r->pairs);
	return st;
}

/* ------------------------------------------------------------------ */
/* Entry points */

pb_status mechlog_read_buffer(const char *buf, size_t len,
			      const char *display, diag *d, mech_log **out)
{
	size_t errors = diag_errors(d);
	mech_reader r;
	pb_status st;

	*out = NULL;
	st = reader_init(&r, display, d);
	if (st != PB_OK)
		return st;
	reader_feed(&r, buf, len);
	return reader_finish(&r, PB_OK, errors, out);
}

pb_status mechlog_read_file(const char *path, const char *display, diag *d,
			    mech_log **out)
{
	return mechlog_read_file_hashed(path, display, d, out, NULL);
}

pb_status mechlog_read_file_hashed(const char *path, const char *display,
				   diag *d, mech_log **out,
				   digest_stream *ds)
{
	size_t errors = diag_errors(d);
	char chunk[16384];
	mech_reader r;
	pb_status st;
	FILE *f;
	size_t n;

	*out = NULL;
	f = fileread_open(path);
	if (!f)
		return fileread_open_failed(d, display, false);
	st = reader_init(&r, display, d);
	if (st != PB_OK) {
		fclose(f);
		return st;
	}
	while (r.fail == PB_OK && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (ds)
			digest_stream_update(ds, chunk, n);
		reader_feed(&r, chunk, n);
	}
	if (ferror(f)) {
		diag_error(d, display, 0, 0, "read error: %s",
			   strerror(errno));
		st = PB_IOERR;
	}
	fclose(f);
	return reader_finish(&r, st, errors, out);
}

void mechlog_free(mech_log *m)
{
	if (!m)
		return;
	for (int i = 0; i < PRIO_PHASES; i++)
		free(m->prio_class[i]);
	free(m->register_task);
	free(m->register_error);
	for (size_t i = 0; i < m->n_observations; i++) {
		free(m->observations[i].name);
		free(m->observations[i].value);
	}
	free(m->observations);
	free(m);
}
