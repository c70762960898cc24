/* capframex.c: reading one boot's CapFrameX capture (see capframex.h). */
#include "ingest/capframex.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "common/fileread.h"
#include "ingest/suggest.h"

/* ------------------------------------------------------------------ */
/* Positions of values in the text: a scan of JSON jansson accepted. */

typedef struct cfx_text {
	const char *s;
	size_t len;
} cfx_text;

static size_t skip_blanks(const cfx_text *t, size_t i)
{
	while (i < t->len && (t->s[i] == ' ' || t->s[i] == '\t'
			      || t->s[i] == '\n' || t->s[i] == '\r'))
		i++;
	return i;
}

/* I at a '"': the index after the string's closing quote. */
static size_t skip_string(const cfx_text *t, size_t i)
{
	for (i++; i < t->len; i++) {
		if (t->s[i] == '\\')
			i++;
		else if (t->s[i] == '"')
			return i + 1;
	}
	return t->len;
}

/* I at a value's first byte: the index after it. */
static size_t skip_value(const cfx_text *t, size_t i)
{
	size_t depth = 0;

	if (i >= t->len)
		return t->len;
	if (t->s[i] == '"')
		return skip_string(t, i);
	if (t->s[i] != '{' && t->s[i] != '[') {
		while (i < t->len && !strchr(",]} \t\r\n", t->s[i]))
			i++;
		return i;
	}
	while (i < t->len) {
		char c = t->s[i];

		if (c == '"') {
			i = skip_string(t, i);
			continue;
		}
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return i + 1;
		i++;
	}
	return t->len;
}

/* OBJ at an object's '{': true with *AT at the first byte of the value of
 * KEY, when a key of exactly those bytes is there. */
static bool member_at(const cfx_text *t, size_t obj, const char *key,
		      size_t *at)
{
	size_t klen = strlen(key);
	size_t i = skip_blanks(t, obj + 1);

	while (i < t->len && t->s[i] == '"') {
		size_t end = skip_string(t, i);
		bool match = end - i == klen + 2
			     && memcmp(t->s + i + 1, key, klen) == 0;

		i = skip_blanks(t, end);
		if (i >= t->len || t->s[i] != ':')
			return false;
		i = skip_blanks(t, i + 1);
		if (match) {
			*at = i;
			return true;
		}
		i = skip_blanks(t, skip_value(t, i));
		if (i >= t->len || t->s[i] != ',')
			return false;
		i = skip_blanks(t, i + 1);
	}
	return false;
}

/* ARR at an array's '[': true with *AT at the first byte of element K. */
static bool element_at(const cfx_text *t, size_t arr, size_t k, size_t *at)
{
	size_t i = skip_blanks(t, arr + 1);

	for (size_t j = 0; i < t->len && t->s[i] != ']'; j++) {
		if (j == k) {
			*at = i;
			return true;
		}
		i = skip_blanks(t, skip_value(t, i));
		if (i >= t->len || t->s[i] != ',')
			return false;
		i = skip_blanks(t, i + 1);
	}
	return false;
}

static void line_col(const cfx_text *t, size_t at, size_t *line, size_t *col)
{
	size_t start = 0;

	*line = 1;
	for (size_t i = 0; i < at && i < t->len; i++) {
		if (t->s[i] == '\n') {
			(*line)++;
			start = i + 1;
		}
	}
	*col = at - start + 1;
}

/* ------------------------------------------------------------------ */
/* Reading */

typedef struct cfx_ctx {
	cfx_text text;
	const char *display;
	const char *column;
	bool allow_negative;
	diag *d;
	size_t root;             /* offset of the root value */
	size_t list;             /* of the Runs array (or of the root) */
} cfx_ctx;

static void error_at(const cfx_ctx *c, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void error_at(const cfx_ctx *c, size_t at, const char *fmt, ...)
{
	char msg[512];
	size_t line, col;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	line_col(&c->text, at, &line, &col);
	diag_error(c->d, c->display, line, col, "%s", msg);
}

static const char *json_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "text";
	case JSON_INTEGER:
	case JSON_REAL: return "a number";
	case JSON_TRUE: return "true";
	case JSON_FALSE: return "false";
	case JSON_NULL: return "null";
	}
	return "a value";
}

/* The known CaptureData key nearest to the study's column, for a column
 * that is not there; NULL when none is near. */
static const char *column_suggest(json_t *cap, const char *column)
{
	const char *names[64];
	size_t n = 0;
	const char *key;
	json_t *v;
	size_t best;

	json_object_foreach(cap, key, v) {
		if (n < sizeof names / sizeof names[0])
			names[n++] = key;
	}
	best = suggest_nearest(column, strlen(column), names, n, 2);
	return best < n ? names[best] : NULL;
}

/* Where things are, found only when a message needs it (each look is a
 * scan of the text): run R's value, its CaptureData's, and the value of
 * KEY in that CaptureData; each falls back to the one that holds it when
 * the scan cannot find it. */
static size_t run_pos(const cfx_ctx *c, size_t r)
{
	size_t at = c->list;

	element_at(&c->text, c->list, r, &at);
	return at;
}

static size_t cap_pos(const cfx_ctx *c, size_t r)
{
	size_t run = run_pos(c, r), at = run;

	member_at(&c->text, run, "CaptureData", &at);
	return at;
}

static size_t key_pos(const cfx_ctx *c, size_t r, const char *key)
{
	size_t cap = cap_pos(c, r), at = cap;

	member_at(&c->text, cap, key, &at);
	return at;
}

/* Checks run R (0-based); its frames in *FRAMES and the column's array
 * in *ARR.  False after reporting what is wrong. */
static bool run_check(const cfx_ctx *c, json_t *run, size_t r,
		      size_t *frames, json_t **arr)
{
	json_t *cap, *time;
	const char *near;
	const char *col = diag_quote(c->column, strlen(c->column));

	if (!json_is_object(run)) {
		error_at(c, run_pos(c, r), "run %zu of Runs is %s, not an "
			 "object with CaptureData", r + 1, json_kind(run));
		return false;
	}
	cap = json_object_get(run, "CaptureData");
	if (!cap) {
		error_at(c, run_pos(c, r), "run %zu has no CaptureData (a "
			 "CapFrameX run holds its frames there)", r + 1);
		return false;
	}
	if (!json_is_object(cap)) {
		error_at(c, cap_pos(c, r), "CaptureData of run %zu is %s, not "
			 "an object", r + 1, json_kind(cap));
		return false;
	}
	time = json_object_get(cap, "TimeInSeconds");
	*arr = json_object_get(cap, c->column);
	if (!*arr) {
		near = column_suggest(cap, c->column);
		error_at(c, cap_pos(c, r), "CaptureData of run %zu has no '%s' "
			 "(the study's column)%s%s%s", r + 1, col,
			 near ? "; did you mean '" : "",
			 near ? diag_quote(near, strlen(near)) : "",
			 near ? "'?" : "");
		return false;
	}
	if (!json_is_array(*arr)) {
		error_at(c, key_pos(c, r, c->column), "'%s' of run %zu is %s, "
			 "not an array of numbers", col, r + 1,
			 json_kind(*arr));
		return false;
	}
	if (!time) {
		error_at(c, cap_pos(c, r), "CaptureData of run %zu has no "
			 "TimeInSeconds, which gives its frames", r + 1);
		return false;
	}
	if (!json_is_array(time)) {
		error_at(c, key_pos(c, r, "TimeInSeconds"), "TimeInSeconds of "
			 "run %zu is %s, not an array", r + 1, json_kind(time));
		return false;
	}
	*frames = json_array_size(time);
	if (*frames == 0) {
		error_at(c, key_pos(c, r, "TimeInSeconds"), "run %zu has no "
			 "frames (its TimeInSeconds is empty)", r + 1);
		return false;
	}
	if (json_array_size(*arr) != *frames) {
		error_at(c, key_pos(c, r, c->column), "'%s' of run %zu holds "
			 "%zu values, but TimeInSeconds holds %zu frames", col,
			 r + 1, json_array_size(*arr), *frames);
		return false;
	}
	return true;
}

/* Copies the numbers of ARR (FRAMES of them) of run R into OUT; false
 * after reporting the first element that is not one, or is negative when
 * that is not allowed. */
static bool run_values(const cfx_ctx *c, json_t *arr, size_t r,
		       size_t frames, double *out)
{
	for (size_t j = 0; j < frames; j++) {
		json_t *v = json_array_get(arr, j);
		const char *col;
		size_t arr_at, at;

		if (json_is_number(v)) {
			out[j] = json_number_value(v);
			if (out[j] >= 0 || c->allow_negative)
				continue;
		}
		arr_at = at = key_pos(c, r, c->column);
		element_at(&c->text, arr_at, j, &at);
		col = diag_quote(c->column, strlen(c->column));
		if (json_is_number(v))
			error_at(c, at, "frame %zu of run %zu: '%s' is %g, "
				 "below 0 (allow_negative = yes if the metric "
				 "can be)", j + 1, r + 1, col, out[j]);
		else
			error_at(c, at, "frame %zu of run %zu: '%s' is %s, not "
				 "a number", j + 1, r + 1, col, json_kind(v));
		return false;
	}
	return true;
}

/* Reads the runs of ROOT into *VALUES. */
static pb_status read_runs(cfx_ctx *c, json_t *root, double **values,
			   size_t *n, size_t *runs)
{
	json_t *list, **arrs;
	size_t total = 0, nruns, *frames;
	bool ok = true;
	double *v;

	if (!json_is_object(root)) {
		error_at(c, c->root, "a CapFrameX capture is an object with "
			 "Runs, not %s", json_kind(root));
		return PB_DATAERR;
	}
	list = json_object_get(root, "Runs");
	if (!list) {
		error_at(c, c->root, "no Runs: a CapFrameX capture holds its "
			 "runs there");
		return PB_DATAERR;
	}
	c->list = c->root;
	member_at(&c->text, c->root, "Runs", &c->list);
	if (!json_is_array(list)) {
		error_at(c, c->list, "Runs is %s, not an array of runs",
			 json_kind(list));
		return PB_DATAERR;
	}
	nruns = json_array_size(list);
	if (nruns == 0) {
		error_at(c, c->list, "Runs is empty: the capture holds no "
			 "frames");
		return PB_DATAERR;
	}
	frames = calloc(nruns, sizeof *frames);
	arrs = calloc(nruns, sizeof *arrs);
	if (!frames || !arrs) {
		free(frames);
		free(arrs);
		diag_fail(c->d, PB_NOMEM);
		return PB_NOMEM;
	}
	for (size_t r = 0; r < nruns; r++) {
		if (run_check(c, json_array_get(list, r), r, &frames[r],
			      &arrs[r]))
			total += frames[r];
		else
			ok = false;
	}
	v = ok ? malloc(total * sizeof *v) : NULL;
	if (ok && !v) {
		diag_fail(c->d, PB_NOMEM);
		free(frames);
		free(arrs);
		return PB_NOMEM;
	}
	/* Once every run has its frames, each reports its first bad
	 * value. */
	for (size_t r = 0, off = 0; v && r < nruns; r++) {
		if (!run_values(c, arrs[r], r, frames[r], v + off))
			ok = false;
		off += frames[r];
	}
	free(frames);
	free(arrs);
	if (!ok) {
		free(v);
		return PB_DATAERR;
	}
	*values = v;
	*n = total;
	*runs = nruns;
	return PB_OK;
}

/* The JSON values of TEXT at most, counted without parsing it: every '{',
 * '[' and ',' outside strings, and one more; jansson spends some 50 bytes
 * on each. */
static size_t values_at_most(const cfx_text *t)
{
	size_t n = 1;

	for (size_t i = 0; i < t->len; i++) {
		char c = t->s[i];

		if (c == '"')
			i = skip_string(t, i) - 1;
		else if (c == '{' || c == '[' || c == ',')
			n++;
	}
	return n;
}

pb_status capframex_read_buffer(const char *buf, size_t len,
				const char *display, const char *column,
				bool allow_negative, diag *d,
				double **values, size_t *n, size_t *runs)
{
	cfx_ctx c = { { buf, len }, display, column, allow_negative, d, 0,
		      0 };
	size_t skip = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	json_error_t err;
	json_t *root;
	pb_status st;

	*values = NULL;
	*n = 0;
	*runs = 0;
	memset(&err, 0, sizeof err);
	if (values_at_most(&c.text) > CAPFRAMEX_MAX_VALUES) {
		diag_error(d, display, 0, 0, "more than %d JSON values, more "
			   "than pairboot reads of a CapFrameX capture",
			   CAPFRAMEX_MAX_VALUES);
		return PB_DATAERR;
	}
	errno = 0;
	root = json_loadb(buf + skip, len - skip,
			  JSON_REJECT_DUPLICATES, &err);
	/* A failed allocation inside jansson may come out as an empty
	 * message or as a syntax error where it happened; malloc's errno
	 * (ENOMEM, which no syntax error sets) tells it apart. */
	if (!root && (json_error_code(&err) == json_error_out_of_memory
		      || err.text[0] == '\0' || errno == ENOMEM)) {
		diag_fail(d, PB_NOMEM);
		return PB_NOMEM;
	}
	if (!root) {
		size_t line = err.line > 0 ? (size_t)err.line : 0;
		size_t col = err.column > 0 ? (size_t)err.column : 0;

		if (line == 1 && col > 0)
			col += skip;
		diag_error(d, display, line, col, "not a CapFrameX capture: "
			   "%s", err.text);
		return PB_DATAERR;
	}
	c.root = skip_blanks(&c.text, skip);
	st = read_runs(&c, root, values, n, runs);
	json_decref(root);
	return st;
}

pb_status capframex_read_file(const char *path, const char *display,
			      const char *column, bool allow_negative,
			      diag *d, double **values, size_t *n,
			      size_t *runs, digest_stream *ds)
{
	FILE *f = fileread_open(path);
	char *buf;
	size_t len;
	pb_status st;

	*values = NULL;
	*n = 0;
	*runs = 0;
	if (!f)
		return fileread_open_failed(d, display, true);
	st = fileread_all(f, CAPFRAMEX_MAX_BYTES, &buf, &len);
	if (st == PB_IOERR)
		diag_error(d, display, 0, 0, "read error: %s",
			   strerror(errno));
	fclose(f);
	if (st != PB_OK) {
		diag_fail(d, st);
		return st;
	}
	if (ds)
		digest_stream_update(ds, buf, len);
	if (len > CAPFRAMEX_MAX_BYTES) {
		diag_error(d, display, 0, 0, "larger than %zu MiB, the most "
			   "pairboot reads of a CapFrameX capture",
			   CAPFRAMEX_MAX_BYTES >> 20);
		free(buf);
		return PB_DATAERR;
	}
	st = capframex_read_buffer(buf, len, display, column, allow_negative,
				   d, values, n, runs);
	free(buf);
	return st;
}

bool capframex_looks_like_json(const char *path, size_t *line, size_t *col)
{
	FILE *f = fileread_open(path);
	char buf[4096];
	size_t len, i = 0;
	cfx_text t;

	if (!f)
		return false;
	len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	t.s = buf;
	t.len = len;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	i = skip_blanks(&t, i);
	if (i >= len || buf[i] != '{')
		return false;
	line_col(&t, i, line, col);
	return true;
}
