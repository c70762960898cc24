/* pubmatch.c: phrase templates and published numbers (pubmatch.h). */
#include "ingest/pubmatch.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * Templates. */

/* The length of the directive at T ("%s", "%zu", or a numbered "%2$s",
 * "%1$zu" as translations that reorder their arguments write), 0 when T
 * holds none; *INDEX is the capture it fills: NEXT, or the number less 1. */
static size_t directive(const char *t, size_t next, size_t *index)
{
	size_t pos = 1;

	*index = next;
	if (t[0] != '%')
		return 0;
	if (t[1] >= '1' && t[1] <= '9' && t[2] == '$') {
		*index = (size_t)(t[1] - '1');
		pos = 3;
	}
	if (t[pos] == 's')
		return pos + 1;
	if (t[pos] == 'z' && t[pos + 1] == 'u')
		return pos + 2;
	return 0;
}

/* The byte that T, the template after a directive, must match first: '\0'
 * at the template's end, -1 when T begins with another directive. */
static int byte_after(const char *t)
{
	size_t index;

	if (t[0] == '%' && t[1] == '%')
		return '%';
	if (directive(t, 0, &index))
		return -1;
	return (unsigned char)t[0];
}

/* A match by backtracking: where captures go, where the text ends (found
 * when a piece first needs it), and how much more work it may do before
 * it gives up. */
typedef struct walk {
	char **caps;
	size_t max_caps;
	bool nomem;
	const char *end;
	size_t work_left;
	bool gave_up;
} walk;

/* The work a backtracking match may do, in tries plus bytes looked
 * through: far more than a line of a page needs, and little enough that a
 * line made to defeat it costs a few milliseconds at most before the
 * linear matcher below takes over. */
#define MATCH_WORK 65536

/* Takes N units of W's work; false, having given up, when that is more
 * than is left. */
static bool spend(walk *w, size_t n)
{
	if (n >= w->work_left) {
		w->work_left = 0;
		w->gave_up = true;
		return false;
	}
	w->work_left -= n;
	return true;
}

/* The first place from E on where a piece that NEXT follows (byte_after)
 * may end, or NULL when there is none or W gives up. */
static const char *piece_end(walk *w, const char *e, int next)
{
	const char *hit;

	if (!w->end) {
		w->end = e + strlen(e);
		if (!spend(w, (size_t)(w->end - e)))
			return NULL;
	}
	if (next < 0)
		return e;
	hit = next == 0 ? w->end
			: memchr(e, next, (size_t)(w->end - e));
	if (!spend(w, (size_t)((hit ? hit : w->end) - e)))
		return NULL;
	return hit;
}

/* Matches S against T, the template from the given position, filling
 * W->caps[K..] (or the numbered capture) with the pieces that each
 * directive takes.  The shortest piece is tried first and backtracking
 * finds a match when there is one; a piece can only end where the byte
 * that follows it in the template is, so the other ends are not tried.
 * This is fast on the lines of a page, whose phrases are turned away by a
 * byte or two, but a line with many places where each of several pieces
 * could end takes time exponential in their number: past MATCH_WORK it
 * gives up (W->gave_up). */
static bool match_at(const char *t, const char *s, size_t k, walk *w)
{
	if (!spend(w, 1))
		return false;
	while (*t) {
		size_t at;
		size_t conv = directive(t, k, &at);
		if (conv) {
			int next = byte_after(t + conv);
			for (const char *e = s;; e++) {
				if (!(e = piece_end(w, e, next)))
					return false;
				if (match_at(t + conv, e, k + 1, w)) {
					/* Set last, so the first directive
					 * of a number wins. */
					if (w->caps && at < w->max_caps) {
						free(w->caps[at]);
						w->caps[at] = strndup(s,
							(size_t)(e - s));
						if (!w->caps[at])
							w->nomem = true;
					}
					return true;
				}
				if (!*e || w->nomem || w->gave_up)
					return false;
			}
		}
		if (t[0] == '%' && t[1] == '%') {
			if (*s != '%')
				return false;
			t += 2;
			s++;
			continue;
		}
		if (*t != *s)
			return false;
		t++;
		s++;
	}
	return *s == '\0';
}

/* A template is cut into parts: the literal text before its first
 * directive, then each directive with the literal text after it.  A
 * literal is kept as the template writes it ("%%" for '%'). */
typedef struct tmpl_part {
	const char *lit;        /* the literal, in the template */
	size_t lit_bytes;       /* its bytes in the template */
	size_t lit_len;         /* the bytes it matches in a text */
	size_t cap;             /* the capture the part's directive fills */
} tmpl_part;

/* The number of directives in TMPL. */
static size_t count_directives(const char *t)
{
	size_t n = 0, at;

	while (*t) {
		size_t conv = directive(t, n, &at);
		if (conv) {
			n++;
			t += conv;
		} else {
			t += t[0] == '%' && t[1] == '%' ? 2 : 1;
		}
	}
	return n;
}

/* Cuts TMPL into PARTS (one more than it has directives). */
static void cut_template(const char *t, tmpl_part *parts)
{
	size_t k = 0;

	parts[0] = (tmpl_part){ t, 0, 0, 0 };
	while (*t) {
		size_t at;
		size_t conv = directive(t, k, &at);
		if (conv) {
			t += conv;
			parts[++k] = (tmpl_part){ t, 0, 0, at };
		} else if (t[0] == '%' && t[1] == '%') {
			t += 2;
			parts[k].lit_bytes += 2;
			parts[k].lit_len++;
		} else {
			t++;
			parts[k].lit_bytes++;
			parts[k].lit_len++;
		}
	}
}

/* Whether the literal of PART stands at S. */
static bool literal_at(const char *s, const tmpl_part *part)
{
	const char *l = part->lit;

	for (size_t i = 0; i < part->lit_bytes; i++, s++) {
		if (l[i] == '%' && i + 1 < part->lit_bytes && l[i + 1] == '%')
			i++;
		if (*s != l[i])
			return false;
	}
	return true;
}

#define NO_START ((size_t)-1)

/* For each directive J of PARTS[1..K] over TEXT (N bytes): the last byte
 * its piece may start at and the rest of the template still match, into
 * LAST[J] (NO_START when there is none).  A piece may be any text, so the
 * rest matches from every start up to that one. */
static void last_starts(const char *s, size_t n, const tmpl_part *parts,
			size_t k, size_t *last)
{
	const tmpl_part *end = &parts[k];

	last[k] = n >= end->lit_len && literal_at(s + n - end->lit_len, end)
		  ? n - end->lit_len : NO_START;
	for (size_t j = k - 1; j >= 1; j--) {
		const tmpl_part *p = &parts[j];
		last[j] = NO_START;
		if (last[j + 1] == NO_START || last[j + 1] < p->lit_len)
			continue;
		for (size_t e = last[j + 1] - p->lit_len + 1; e-- > 0;)
			if (literal_at(s + e, p)) {
				last[j] = e;
				break;
			}
	}
}

/* Stores the piece S[FROM..TO) as capture AT, the first piece for AT
 * winning; false when out of memory. */
static bool keep_piece(char **caps, size_t max_caps, size_t at,
		       const char *s, size_t from, size_t to)
{
	if (!caps || at >= max_caps || caps[at])
		return true;
	caps[at] = strndup(s + from, to - from);
	return caps[at] != NULL;
}

/* Matches S (N bytes) against the K directives of PARTS, whose literal
 * before the first directive S starts with, each piece as short as lets
 * the rest match; LAST is what last_starts found.  Each piece ends at the
 * first place the literal after it stands and the next piece can start
 * from, so the match takes time linear in S for each part, never the
 * backtracking over every way to cut S.  False when there is no match or
 * memory ran out (*NOMEM). */
static bool match_pieces(const char *s, size_t n, const tmpl_part *parts,
			 size_t k, const size_t *last, char **caps,
			 size_t max_caps, bool *nomem)
{
	size_t from = parts[0].lit_len;

	for (size_t j = 1; j <= k; j++) {
		const tmpl_part *p = &parts[j];
		size_t to;
		if (last[j] == NO_START || from > last[j])
			return false;
		if (j == k) {
			to = n - p->lit_len;
		} else {
			to = from;
			while (!(to + p->lit_len <= last[j + 1]
				 && literal_at(s + to, p)))
				to++;
		}
		if (!keep_piece(caps, max_caps, p->cap, s, from, to)) {
			*nomem = true;
			return false;
		}
		from = to + p->lit_len;
	}
	return true;
}

/* Matches TEXT against TMPL, filling CAPS as pub_template_match, in time
 * linear in TEXT for each part of TMPL. */
static bool match_linear(const char *tmpl, const char *s, char **caps,
			 size_t max_caps, bool *nomem)
{
	tmpl_part few[8], *parts = few;
	size_t few_last[8], *last = few_last;
	size_t k = count_directives(tmpl), n;
	bool ok;

	if (k + 1 > sizeof few / sizeof few[0]) {
		parts = malloc((k + 1) * sizeof *parts);
		last = malloc((k + 1) * sizeof *last);
		if (!parts || !last) {
			free(parts);
			free(last);
			*nomem = true;
			return false;
		}
	}
	cut_template(tmpl, parts);
	n = strlen(s);
	if (!literal_at(s, &parts[0])) {
		ok = false;
	} else if (k == 0) {
		ok = n == parts[0].lit_len;
	} else {
		last_starts(s, n, parts, k, last);
		ok = match_pieces(s, n, parts, k, last, caps, max_caps, nomem);
	}
	if (parts != few) {
		free(parts);
		free(last);
	}
	return ok;
}

bool pub_template_match(const char *tmpl, const char *text, char **caps,
			size_t max_caps)
{
	bool nomem = false;
	bool ok;
	walk w;

	for (size_t i = 0; caps && i < max_caps; i++)
		caps[i] = NULL;
	if (!tmpl || !text)
		return false;
	w = (walk){ caps, max_caps, false, NULL, MATCH_WORK, false };
	ok = match_at(tmpl, text, 0, &w);
	nomem = w.nomem;
	if (w.gave_up) {
		for (size_t i = 0; caps && i < max_caps; i++) {
			free(caps[i]);
			caps[i] = NULL;
		}
		ok = match_linear(tmpl, text, caps, max_caps, &nomem);
	}
	if (!ok || nomem) {
		for (size_t i = 0; caps && i < max_caps; i++) {
			free(caps[i]);
			caps[i] = NULL;
		}
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------------
 * Numbers. */

size_t pub_group_len(const char *s, bool comma)
{
	size_t sep = 0;

	if ((unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0)
		sep = 2;
	else if ((unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80
		 && (unsigned char)s[2] == 0xaf)
		sep = 3;
	else if (comma && s[0] == ',')
		sep = 1;
	if (!sep)
		return 0;
	for (size_t d = 0; d < 3; d++)
		if (s[sep + d] < '0' || s[sep + d] > '9')
			return 0;
	if (s[sep + 3] >= '0' && s[sep + 3] <= '9')
		return 0;
	return sep;
}

/* The groups of digits after the leading DIGITS at S (which start right
 * after those digits) copied into BUF at *K: their length in S, 0 when
 * there are none or they are not groups (see pub_number_parse). */
static size_t digit_groups(const char *s, size_t digits, char *buf,
			   size_t *k, size_t size)
{
	size_t i = 0, n_groups = 0, g;
	bool comma;

	if (digits > 3)
		return 0;
	/* Commas only where a comma cannot be the decimal mark. */
	for (comma = true; (g = pub_group_len(s + i, true)) != 0; n_groups++)
		i += g + 3;
	if (n_groups == 0)
		return 0;
	comma = n_groups >= 2 || (s[i] == '.' && s[i + 1] >= '0'
				  && s[i + 1] <= '9');
	i = 0;
	while ((g = pub_group_len(s + i, comma)) != 0 && *k + 3 < size - 2) {
		memcpy(buf + *k, s + i + g, 3);
		*k += 3;
		i += g + 3;
	}
	return i;
}

size_t pub_number_parse(const char *s, double *value, int *decimals)
{
	char buf[64];
	size_t i = 0, k = 0, digits = 0;
	int dec = 0;

	if (s[i] == '+' || s[i] == '-') {
		buf[k++] = s[i] == '-' ? '-' : '+';
		i++;
	} else if ((unsigned char)s[i] == 0xE2
		   && (unsigned char)s[i + 1] == 0x88
		   && (unsigned char)s[i + 2] == 0x92) {
		buf[k++] = '-';
		i += 3;
	}
	while (s[i] >= '0' && s[i] <= '9' && k < sizeof buf - 2) {
		buf[k++] = s[i++];
		digits++;
	}
	if (!digits)
		return 0;
	i += digit_groups(s + i, digits, buf, &k, sizeof buf);
	if ((s[i] == '.' || s[i] == ',') && s[i + 1] >= '0' && s[i + 1] <= '9') {
		buf[k++] = '.';
		i++;
		while (s[i] >= '0' && s[i] <= '9' && k < sizeof buf - 1) {
			buf[k++] = s[i++];
			dec++;
		}
	}
	if (k >= sizeof buf - 1)
		return 0;
	buf[k] = '\0';
	errno = 0;
	*value = strtod(buf, NULL);
	if (errno == ERANGE || !isfinite(*value))
		return 0;
	*decimals = dec;
	return i;
}

bool pub_count_parse(const char *s, size_t *out)
{
	char buf[64], *end;
	size_t i = 0, k = 0, g;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return false;
	while (s[i] >= '0' && s[i] <= '9' && k < sizeof buf - 1)
		buf[k++] = s[i++];
	if (i <= 3)
		while ((g = pub_group_len(s + i, true)) != 0
		       && k + 3 < sizeof buf) {
			memcpy(buf + k, s + i + g, 3);
			k += 3;
			i += g + 3;
		}
	if (s[i] || k >= sizeof buf - 1)
		return false;
	buf[k] = '\0';
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (errno || *end || v > SIZE_MAX)
		return false;
	*out = (size_t)v;
	return true;
}
