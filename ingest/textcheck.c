/* textcheck.c: NUL and UTF-8 validation of input text. */
#include "ingest/textcheck.h"

#include <stdint.h>
#include <stdio.h>

#include "common/unichar.h"

size_t textcheck_utf8_len(const unsigned char *s, size_t left)
{
	size_t n;
	uint32_t cp, min;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		n = 2;
		min = 0x80;
		cp = s[0] & 0x1Fu;
	} else if ((s[0] & 0xF0) == 0xE0) {
		n = 3;
		min = 0x800;
		cp = s[0] & 0x0Fu;
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		n = 4;
		min = 0x10000;
		cp = s[0] & 0x07u;
	} else {
		return 0;
	}
	if (n > left)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3Fu);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

text_fault textcheck_find(const char *s, size_t len, size_t *at)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		size_t n;
		if (u[i] == 0) {
			*at = i;
			return TEXT_NUL;
		}
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		n = textcheck_utf8_len(u + i, len - i);
		if (n == 0) {
			*at = i;
			return TEXT_BAD_UTF8;
		}
		i += n;
	}
	return TEXT_OK;
}

bool textcheck_control(const char *s, size_t len, size_t *at)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < len; i++) {
		bool c1 = u[i] == 0xC2 && i + 1 < len && u[i + 1] >= 0x80
			  && u[i + 1] <= 0x9F;
		if (u[i] < 0x20 || u[i] == 0x7F || c1) {
			*at = i;
			return true;
		}
	}
	return false;
}

/* Whether the character at S[I] (of LEN bytes), or at the text's edge,
 * lets a ZWNJ or ZWJ beside it shape letters: a non-ASCII character that
 * is not itself one unichar_hidden finds. */
static bool joins(const unsigned char *s, size_t len, size_t i)
{
	return i < len && s[i] >= 0x80 && !unichar_hidden(s + i, len - i, NULL);
}

bool textcheck_invisible(const char *s, size_t len, size_t *at,
			 uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t prev = len;   /* where the character before starts */

	for (size_t i = 0; i < len;) {
		uint32_t c;
		size_t n = unichar_hidden(u + i, len - i, &c);

		if (n == 0) {
			prev = i;
			n = textcheck_utf8_len(u + i, len - i);
			i += n ? n : 1;
			continue;
		}
		if (!((c == 0x200C || c == 0x200D) && prev < len
		      && joins(u, len, prev) && joins(u, len, i + n))) {
			*at = i;
			*cp = c;
			return true;
		}
		prev = len;   /* a joiner after a joiner is refused */
		i += n;
	}
	return false;
}

const char *textcheck_invisible_what(uint32_t cp)
{
	static _Thread_local char text[96];
	bool bidi = cp == 0x061C || cp == 0x200E || cp == 0x200F
		    || (cp >= 0x202A && cp <= 0x202E)
		    || (cp >= 0x2066 && cp <= 0x2069);

	snprintf(text, sizeof text, "U+%04lX (%s), %s", (unsigned long)cp,
		 unichar_hidden_name(cp), bidi ? "a bidi control character"
		 : "an invisible format character");
	return text;
}
