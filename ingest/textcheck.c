/* textcheck.c: NUL and UTF-8 validation of input text. */
#include "ingest/textcheck.h"

#include <stdint.h>

/* Length of the valid UTF-8 sequence at S (LEFT bytes available), 0 when the
 * bytes there are not one.  The bounds follow RFC 3629, section 4. */
static size_t utf8_seq_len(const unsigned char *s, size_t left)
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
		n = utf8_seq_len(u + i, len - i);
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
