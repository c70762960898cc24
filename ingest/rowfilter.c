/* rowfilter.c: the values of `filter`, `missing` and `missing_limit`
 * (see rowfilter.h). */
#include "ingest/rowfilter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/keytext.h"
#include "common/numparse.h"

#define AND_SEP " AND "

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Trims blanks from both ends of RAW[*A..*B). */
static void trim(const char *raw, size_t *a, size_t *b)
{
	while (*a < *b && blank(raw[*a]))
		(*a)++;
	while (*b > *a && blank(raw[*b - 1]))
		(*b)--;
}

/* RAW[A..B) unescaped into new memory in *OUT; false (with *F) for a bad
 * escape, or with *OUT NULL when memory ran out. */
static bool unescape_piece(const char *raw, size_t a, size_t b,
			   const char *what, char **out, rowfilter_fault *f)
{
	GString *g = g_string_new(NULL);
	size_t bad;

	*out = NULL;
	if (!keytext_unescape(g, raw + a, b - a, &bad)) {
		f->at = a + bad;
		snprintf(f->what, sizeof f->what, "bad escape sequence in the "
			 "%s ('%s')", what, diag_quote(raw + a, b - a));
		g_string_free(g, TRUE);
		return false;
	}
	*out = strdup(g->str);
	g_string_free(g, TRUE);
	return true;
}

/* One condition, RAW[A..B). */
static pb_status condition_parse(const char *raw, size_t a, size_t b,
				 plan_condition *c, rowfilter_fault *f)
{
	size_t op = b, ca = a, cb, va, vb = b;

	for (size_t i = a; i + 1 < b; i++)
		if ((raw[i] == '=' || raw[i] == '!') && raw[i + 1] == '=') {
			op = i;
			break;
		}
	trim(raw, &ca, &vb);
	if (ca == vb || (vb - ca == 3 && memcmp(raw + ca, "AND", 3) == 0)
	    || (vb - ca > 3 && memcmp(raw + ca, "AND ", 4) == 0)
	    || (vb - ca > 3 && memcmp(raw + vb - 4, " AND", 4) == 0)) {
		f->at = ca;
		snprintf(f->what, sizeof f->what, "filter: AND without a "
			 "condition on both sides");
		return PB_DATAERR;
	}
	if (op == b) {
		f->at = ca;
		snprintf(f->what, sizeof f->what, "filter: condition '%s' has "
			 "no == or != (COLUMN == VALUE or COLUMN != VALUE)",
			 diag_quote(raw + ca, vb - ca));
		return PB_DATAERR;
	}
	cb = op;
	trim(raw, &ca, &cb);
	if (ca == cb) {
		f->at = op;
		snprintf(f->what, sizeof f->what, "filter: condition has no "
			 "column before %.2s", raw + op);
		return PB_DATAERR;
	}
	va = op + 2;
	trim(raw, &va, &vb);
	if (va == vb) {
		f->at = op;
		snprintf(f->what, sizeof f->what, "filter: condition has no "
			 "value after %.2s", raw + op);
		return PB_DATAERR;
	}
	c->equal = raw[op] == '=';
	if (!unescape_piece(raw, ca, cb, "filter's column", &c->column, f))
		return PB_DATAERR;
	if (!c->column)
		return PB_NOMEM;
	if (!unescape_piece(raw, va, vb, "filter's value", &c->value, f))
		return PB_DATAERR;
	return c->value ? PB_OK : PB_NOMEM;
}

void rowfilter_free_conditions(plan_condition *c, size_t n)
{
	for (size_t i = 0; c && i < n; i++) {
		free(c[i].column);
		free(c[i].value);
	}
	free(c);
}

pb_status rowfilter_parse(const char *raw, plan_condition **out, size_t *n,
			  rowfilter_fault *f)
{
	size_t len = strlen(raw), cap = 1, i = 0, got = 0;
	plan_condition *c;
	pb_status st = PB_OK;

	*out = NULL;
	*n = 0;
	f->at = 0;
	f->what[0] = '\0';
	if (raw[strspn(raw, " \t")] == '\0') {
		snprintf(f->what, sizeof f->what, "filter is empty (COLUMN == "
			 "VALUE or COLUMN != VALUE, joined by AND)");
		return PB_DATAERR;
	}
	for (const char *p = raw; (p = strstr(p, AND_SEP)); p++)
		cap++;
	c = calloc(cap, sizeof *c);
	if (!c)
		return PB_NOMEM;
	for (;;) {
		const char *sep = strstr(raw + i, AND_SEP);
		size_t end = sep ? (size_t)(sep - raw) : len;

		st = condition_parse(raw, i, end, &c[got], f);
		if (st != PB_OK) {
			got++;
			break;
		}
		got++;
		if (!sep)
			break;
		i = end + strlen(AND_SEP);
	}
	if (st != PB_OK) {
		rowfilter_free_conditions(c, got);
		return st;
	}
	*out = c;
	*n = got;
	return PB_OK;
}

void rowfilter_free_tokens(char **t, size_t n)
{
	for (size_t i = 0; t && i < n; i++)
		free(t[i]);
	free(t);
}

pb_status rowfilter_tokens_parse(const char *raw, char ***out, size_t *n,
				 rowfilter_fault *f)
{
	size_t len = strlen(raw), cap = 1, i = 0, got = 0;
	char **t;

	*out = NULL;
	*n = 0;
	f->at = 0;
	f->what[0] = '\0';
	for (const char *p = raw; *p; p++)
		cap += *p == ';';
	t = calloc(cap, sizeof *t);
	if (!t)
		return PB_NOMEM;
	for (;;) {
		const char *semi = memchr(raw + i, ';', len - i);
		size_t end = semi ? (size_t)(semi - raw) : len;
		size_t a = i, b = end;
		double x;

		trim(raw, &a, &b);
		if (a == b) {
			/* One ';' may end the list, as in `states`. */
			if (!semi && i > 0)
				break;
			f->at = a;
			snprintf(f->what, sizeof f->what, "%s",
				 len ? "empty token in missing"
				     : "missing is empty");
			goto bad;
		}
		if (!unescape_piece(raw, a, b, "missing token", &t[got], f))
			goto bad;
		if (!t[got])
			goto nomem;
		got++;
		for (size_t j = 0; j + 1 < got; j++)
			if (strcmp(t[j], t[got - 1]) == 0) {
				f->at = a;
				snprintf(f->what, sizeof f->what, "token '%s' "
					 "listed twice in missing",
					 diag_quote(t[j], strlen(t[j])));
				goto bad;
			}
		if (numparse_double(t[got - 1], strlen(t[got - 1]), &x)
		    == NUMPARSE_OK) {
			f->at = a;
			snprintf(f->what, sizeof f->what, "missing token '%s' "
				 "reads as a number: it would hide values that "
				 "were measured", diag_quote(t[got - 1],
							     strlen(t[got - 1])));
			goto bad;
		}
		if (!semi)
			break;
		i = end + 1;
	}
	*out = t;
	*n = got;
	return PB_OK;
bad:
	rowfilter_free_tokens(t, got);
	return PB_DATAERR;
nomem:
	rowfilter_free_tokens(t, got);
	return PB_NOMEM;
}

/* Reads DIGITS[.DECIMALS] from RAW[0..LEN) as an integer scaled by
 * 10^SCALE (at most SCALE decimals) into *OUT; false for anything else. */
static bool fixed_parse(const char *raw, size_t len, int scale,
			uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0, ints = 0;
	int dec = 0;

	while (i < len && raw[i] >= '0' && raw[i] <= '9' && ints < 8) {
		v = v * 10 + (uint64_t)(raw[i++] - '0');
		ints++;
	}
	if (ints == 0)
		return false;
	if (i < len && raw[i] == '.') {
		i++;
		if (i == len)
			return false;
		while (i < len && raw[i] >= '0' && raw[i] <= '9'
		       && dec < scale) {
			v = v * 10 + (uint64_t)(raw[i++] - '0');
			dec++;
		}
	}
	if (i != len)
		return false;
	for (; dec < scale; dec++)
		v *= 10;
	*out = v;
	return true;
}

bool rowfilter_limit_parse(const char *raw, uint32_t *ppm,
			   rowfilter_fault *f)
{
	size_t len = strlen(raw);
	uint64_t v;
	bool pct = len > 0 && raw[len - 1] == '%';

	f->at = 0;
	if (pct ? fixed_parse(raw, len - 1, 4, &v) && v <= 1000000
		: fixed_parse(raw, len, 6, &v) && v <= 1000000) {
		*ppm = (uint32_t)v;
		return true;
	}
	snprintf(f->what, sizeof f->what, "missing_limit must be a "
		 "percentage from 0%% to 100%% with at most 4 decimals (5%%) "
		 "or a fraction from 0 to 1 with at most 6 decimals (0.05) "
		 "('%s')", diag_quote(raw, len));
	return false;
}

/* TEXT, a column or value of a condition; with ESCAPE as study.ini's
 * grammar reads it back: escaped as a text value, with a trailing blank
 * as \s (trimmed otherwise), and every blank as \s in a piece that holds
 * AND, so that no ` AND ` of its own joins two conditions.  Written so,
 * two filters never give one text (the digest's form). */
static void put_piece(GString *out, const char *text, bool escape)
{
	size_t len = strlen(text), keep = len;
	bool all = escape && strstr(text, "AND") != NULL;

	if (!escape) {
		g_string_append(out, text);
		return;
	}
	while (keep > 0 && text[keep - 1] == ' ')
		keep--;
	for (size_t i = 0; i < len; i++) {
		if (text[i] != ' ')
			keytext_escape(out, text + i, 1);
		else if (all || i == 0 || i >= keep)
			g_string_append(out, "\\s");
		else
			g_string_append_c(out, ' ');
	}
}

void rowfilter_text(GString *out, const plan_condition *c, size_t n,
		    bool escape)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append(out, AND_SEP);
		put_piece(out, c[i].column, escape);
		g_string_append(out, c[i].equal ? " == " : " != ");
		put_piece(out, c[i].value, escape);
	}
}

void rowfilter_tokens_text(GString *out, char *const *t, size_t n,
			   bool escape)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(out, ';');
		put_piece(out, t[i], escape);
	}
}

void rowfilter_limit_text(GString *out, uint32_t ppm)
{
	char dec[8];
	int len;

	if (ppm >= 1000000) {
		g_string_append(out, "1");
		return;
	}
	len = snprintf(dec, sizeof dec, "%06u", (unsigned)ppm);
	while (len > 0 && dec[len - 1] == '0')
		dec[--len] = '\0';
	g_string_append_printf(out, "0%s%s", len ? "." : "", dec);
}

bool rowfilter_is_token(char *const *t, size_t n, const char *text,
			size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(t[i]) == len && memcmp(t[i], text, len) == 0)
			return true;
	return false;
}

bool rowfilter_within(size_t missing, size_t kept, uint32_t ppm)
{
	/* Both products stay below 2^64 for any file memory can hold
	 * (kept < 1.8e13 rows). */
	return (uint64_t)missing * 1000000u <= (uint64_t)ppm * kept;
}
