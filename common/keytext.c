/* keytext.c: escaping and unescaping of study.ini text values. */
#include "common/keytext.h"

void keytext_escape(GString *out, const char *text, size_t len)
{
	size_t start = out->len;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		/* The reader drops the blanks after '=', so a leading space
		 * must be written as an escape; the others may stay.  The
		 * first byte written may come after dropped NULs. */
		if (c == ' ' && out->len == start)
			g_string_append(out, "\\s");
		else if (c == '\\')
			g_string_append(out, "\\\\");
		else if (c == '\n')
			g_string_append(out, "\\n");
		else if (c == '\t')
			g_string_append(out, "\\t");
		else if (c == '\r')
			g_string_append(out, "\\r");
		else if (c != '\0')
			g_string_append_c(out, c);
	}
}

bool keytext_unescape(GString *out, const char *raw, size_t len, size_t *bad)
{
	for (size_t i = 0; i < len; i++) {
		if (raw[i] != '\\') {
			g_string_append_c(out, raw[i]);
			continue;
		}
		char c = i + 1 < len ? raw[i + 1] : '\0';
		char plain = c == 's' ? ' ' : c == 'n' ? '\n' : c == 't' ? '\t'
			     : c == 'r' ? '\r' : c == '\\' ? '\\' : '\0';
		if (plain == '\0') {
			*bad = i;
			return false;
		}
		g_string_append_c(out, plain);
		i++;
	}
	return true;
}
