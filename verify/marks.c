/* marks.c: marked numbers and their rules (see marks.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/mdpage.h"
#include "verify/marks.h"

#define MARK_BYTES 3    /* each mark is one private-use character */

/* The decimals of the number text T (LEN bytes) after its mark, and which
 * mark that is ('.' when it has none). */
static int text_decimals(const char *t, size_t len, char *mark)
{
	for (size_t i = 0; i < len; i++)
		if (t[i] == '.' || t[i] == ',') {
			int d = 0;
			*mark = t[i];
			for (size_t j = i + 1; j < len && t[j] >= '0'
			     && t[j] <= '9'; j++)
				d++;
			return d;
		}
	*mark = '.';
	return 0;
}

/* One mark at M (after its opening character), up to END: its slot
 * (offset OFF) and where it ends; NULL when malformed. */
static const char *read_mark(const char *m, const char *end, size_t off,
			     GString *plain, marks_slot *slot)
{
	const char *text = NULL, *close;
	char *vend;

	if (end - m < 3)
		return NULL;
	slot->rule = m[0];
	slot->sides = m[1];
	slot->value = strtod(m + 2, &vend);
	slot->has_threshold = vend < end && *vend == ';';
	if (slot->has_threshold)
		slot->threshold = strtod(vend + 1, &vend);
	if (vend >= end || (size_t)(end - vend) < MARK_BYTES
	    || memcmp(vend, MDPAGE_MARK_TEXT, MARK_BYTES) != 0)
		return NULL;
	text = vend + MARK_BYTES;
	close = g_strstr_len(text, end - text, MDPAGE_MARK_CLOSE);
	if (!close)
		return NULL;
	slot->off = off;
	slot->len = (size_t)(close - text);
	slot->decimals = text_decimals(text, slot->len, &slot->decimal_mark);
	g_string_append_len(plain, text, (gssize)slot->len);
	return close + MARK_BYTES;
}

bool marks_strip(const char *marked, size_t len, GString *plain,
		 GArray *slots)
{
	const char *p = marked, *end = marked + len;

	while (p < end) {
		const char *open = g_strstr_len(p, end - p, MDPAGE_MARK_OPEN);
		marks_slot slot;

		if (!open) {
			g_string_append_len(plain, p, end - p);
			return true;
		}
		g_string_append_len(plain, p, open - p);
		p = read_mark(open + MARK_BYTES, end, plain->len, plain,
			      &slot);
		if (!p)
			return false;
		g_array_append_val(slots, slot);
	}
	return true;
}

bool marks_read_number(const char *text, size_t len, char mark,
		       marks_number *out)
{
	size_t i = 0, int_digits = 0;
	double v = 0, scale = 1;

	memset(out, 0, sizeof *out);
	if (i < len && (text[i] == '+' || text[i] == '-')) {
		out->negative = text[i] == '-';
		i++;
	}
	for (; i < len && text[i] >= '0' && text[i] <= '9'; i++, int_digits++)
		v = 10 * v + (text[i] - '0');
	if (!int_digits)
		return false;
	/* A page whose language writes a comma may be re-typed with points;
	 * never the other way, where a comma may part a list. */
	if (i + 1 < len && (text[i] == mark || (mark == ',' && text[i] == '.'))
	    && text[i + 1] >= '0' && text[i + 1] <= '9')
		for (i++; i < len && text[i] >= '0' && text[i] <= '9'; i++) {
			scale /= 10;
			v += (text[i] - '0') * scale;
			out->decimals++;
		}
	out->len = i;
	out->value = out->negative ? -v : v;
	return true;
}

/* -1, 0 or 1: where X lies from B. */
static int side(double x, double b)
{
	return (x > b) - (x < b);
}

/* Whether V lies on X's side of B: equal to B only where X is. */
static bool same_side(double x, double v, double b)
{
	return side(x, b) == side(v, b);
}

const char *marks_check(const marks_slot *s, const marks_number *n,
			const marks_rules *rules)
{
	double x = s->value, half = 0.5 * pow(10, -n->decimals);
	double allowed = half * (1 + 1e-9) + 1e-12 * fabs(x);

	if (n->decimals < s->decimals)
		return "rounded to fewer decimals than pairboot writes";
	if (s->rule == 'b' && rules->tolerance_given
	    && rules->tolerance > allowed)
		allowed = rules->tolerance;
	if (fabs(n->value - x) > allowed)
		return s->rule == 'b' && rules->tolerance_given
		       ? "farther than the tolerance" : "another value";
	/* Within its rounding a number keeps its side (the renderer writes
	 * enough decimals for that); within a tolerance it may not. */
	if (s->sides != '0' && !same_side(x, n->value, 0))
		return "on the other side of 0";
	double t = s->has_threshold ? s->threshold : rules->threshold;
	if (s->sides == '2' && (!same_side(x, n->value, t)
				|| !same_side(x, n->value, -t)))
		return "on the other side of the threshold";
	return NULL;
}
