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

/* Matches TEXT against TMPL from the given positions, filling CAPS[K..]
 * (or the numbered capture) with the pieces that each directive takes.
 * The shortest piece is tried first and backtracking finds a match when
 * there is one.  A piece can only end where the byte that follows it in
 * the template is, so the other ends are not tried: verify matches every
 * line of a page against many phrases. */
static bool match_at(const char *t, const char *s, char **caps, size_t k,
		     size_t max_caps, bool *nomem)
{
	while (*t) {
		size_t at;
		size_t conv = directive(t, k, &at);
		if (conv) {
			int next = byte_after(t + conv);
			for (const char *e = s;; e++) {
				if (next == 0)
					e += strlen(e);
				else if (next > 0 && !(e = strchr(e, next)))
					return false;
				if (match_at(t + conv, e, caps, k + 1, max_caps,
					     nomem)) {
					if (caps && at < max_caps) {
						caps[at] = strndup(s,
							(size_t)(e - s));
						if (!caps[at])
							*nomem = true;
					}
					return true;
				}
				if (!*e || *nomem)
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

bool pub_template_match(const char *tmpl, const char *text, char **caps,
			size_t max_caps)
{
	bool nomem = false;
	bool ok;

	for (size_t i = 0; caps && i < max_caps; i++)
		caps[i] = NULL;
	if (!tmpl || !text)
		return false;
	ok = match_at(tmpl, text, caps, 0, max_caps, &nomem);
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
	if (s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
		buf[k++] = s[i++];
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
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > SIZE_MAX)
		return false;
	*out = (size_t)v;
	return true;
}
