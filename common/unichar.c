/* unichar.c: characters a reader does not see (unichar.h). */
#include "common/unichar.h"

static const struct {
	uint32_t cp;
	const char *name;
} hidden[] = {
	{ 0x00AD, "SOFT HYPHEN" },
	{ 0x061C, "ARABIC LETTER MARK" },
	{ 0x200B, "ZERO WIDTH SPACE" },
	{ 0x200C, "ZERO WIDTH NON-JOINER" },
	{ 0x200D, "ZERO WIDTH JOINER" },
	{ 0x200E, "LEFT-TO-RIGHT MARK" },
	{ 0x200F, "RIGHT-TO-LEFT MARK" },
	{ 0x2028, "LINE SEPARATOR" },
	{ 0x2029, "PARAGRAPH SEPARATOR" },
	{ 0x202A, "LEFT-TO-RIGHT EMBEDDING" },
	{ 0x202B, "RIGHT-TO-LEFT EMBEDDING" },
	{ 0x202C, "POP DIRECTIONAL FORMATTING" },
	{ 0x202D, "LEFT-TO-RIGHT OVERRIDE" },
	{ 0x202E, "RIGHT-TO-LEFT OVERRIDE" },
	{ 0x2060, "WORD JOINER" },
	{ 0x2061, "FUNCTION APPLICATION" },
	{ 0x2062, "INVISIBLE TIMES" },
	{ 0x2063, "INVISIBLE SEPARATOR" },
	{ 0x2064, "INVISIBLE PLUS" },
	{ 0x2066, "LEFT-TO-RIGHT ISOLATE" },
	{ 0x2067, "RIGHT-TO-LEFT ISOLATE" },
	{ 0x2068, "FIRST STRONG ISOLATE" },
	{ 0x2069, "POP DIRECTIONAL ISOLATE" },
	{ 0xFEFF, "ZERO WIDTH NO-BREAK SPACE" },
};
#define N_HIDDEN (sizeof hidden / sizeof hidden[0])

const char *unichar_hidden_name(uint32_t cp)
{
	for (size_t i = 0; i < N_HIDDEN; i++)
		if (hidden[i].cp == cp)
			return hidden[i].name;
	return "";
}

size_t unichar_hidden(const unsigned char *s, size_t left, uint32_t *cp)
{
	uint32_t c;
	size_t n;

	/* Every one of them is two bytes (C2 AD, D8 9C) or three (E2 ..,
	 * EF BB BF). */
	if (left >= 2 && (s[0] == 0xC2 || s[0] == 0xD8)
	    && (s[1] & 0xC0) == 0x80) {
		c = ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3Fu);
		n = 2;
	} else if (left >= 3 && (s[0] == 0xE2 || s[0] == 0xEF)
		   && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
		c = ((uint32_t)(s[0] & 0x0F) << 12)
		    | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3Fu);
		n = 3;
	} else {
		return 0;
	}
	if (!unichar_hidden_name(c)[0])
		return 0;
	if (cp)
		*cp = c;
	return n;
}
