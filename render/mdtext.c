/* mdtext.c: escaping of study text for Markdown pages. */
#include "render/mdtext.h"

#include <string.h>

#include "common/mdbreak.h"

/* The characters that could start markup anywhere in a line.  '!' needs no
 * escape: an image needs the '[' after it, which is escaped. */
static const char markup_chars[] = "\\`*_[]<>|#~&$";

/* A copy of TEXT that is valid UTF-8, with every control character (C0,
 * DEL, C1) turned into a space and leading and trailing white space
 * removed.  The caller frees it with g_free. */
static gchar *clean_copy(const char *text)
{
	gchar *s = g_utf8_make_valid(text, -1);
	GString *out = g_string_sized_new(strlen(s));
	const gchar *p = s;

	while (*p) {
		gunichar c = g_utf8_get_char(p);
		const gchar *next = g_utf8_next_char(p);

		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
			g_string_append_c(out, ' ');
		else
			g_string_append_len(out, p, next - p);
		p = next;
	}
	g_free(s);
	g_strstrip(out->str);
	out->len = strlen(out->str);
	return g_string_free(out, FALSE);
}

/* Whether P, in the text S, is the character that makes GitHub read a
 * bare URL as a link: the ':' of "://" (http, https, ftp) or the '.' of
 * "www." (GitHub takes only lower case; any case is escaped).  A
 * backslash before it keeps the text as it is. */
static bool opens_autolink(const char *s, const char *p)
{
	if (*p == ':')
		return p[1] == '/' && p[2] == '/';
	return *p == '.' && p - s >= 3 && g_ascii_strncasecmp(p - 3, "www", 3) == 0;
}

void mdtext_escape(GString *out, const char *text)
{
	gchar *s;
	const char *p;

	if (!text)
		return;
	s = clean_copy(text);
	p = s;
	/* Block markers only count at the start of a line, and the text may
	 * be put there: escape them at the start of the text. */
	if (*p == '-' || *p == '+' || *p == '=') {
		g_string_append_c(out, '\\');
		g_string_append_c(out, *p++);
	} else if (*p >= '0' && *p <= '9') {
		/* An ordered list marker is 1-9 digits, '.' or ')', then a
		 * space or the end of the line: "26200.9168" is none. */
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if ((*q == '.' || *q == ')') && q - p <= 9
		    && (q[1] == ' ' || q[1] == '\0')) {
			g_string_append_len(out, p, q - p);
			g_string_append_c(out, '\\');
			g_string_append_c(out, *q);
			p = q + 1;
		}
	}
	for (; *p; p++) {
		if (strchr(markup_chars, *p) || opens_autolink(s, p))
			g_string_append_c(out, '\\');
		g_string_append_c(out, *p);
		if (*p == '@' && p[1])
			g_string_append(out, MDBREAK);
	}
	g_free(s);
}

void mdtext_code(GString *out, const char *text, bool in_table)
{
	gchar *s;
	size_t run = 0, longest = 0, fence;
	bool pad;

	if (!text)
		return;
	s = clean_copy(text);
	if (!*s) {
		g_free(s);
		return;
	}
	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fence = longest + 1;
	/* CommonMark strips one space from each end of a span that has both,
	 * and a backtick next to the fence would lengthen it: a padding space
	 * on each side keeps the text as it is.  clean_copy trimmed white
	 * space, so only backticks can need it. */
	pad = s[0] == '`' || s[strlen(s) - 1] == '`';
	for (size_t i = 0; i < fence; i++)
		g_string_append_c(out, '`');
	if (pad)
		g_string_append_c(out, ' ');
	for (const char *p = s; *p; p++) {
		if (*p == '|' && in_table)
			g_string_append_c(out, '\\');
		g_string_append_c(out, *p);
	}
	if (pad)
		g_string_append_c(out, ' ');
	for (size_t i = 0; i < fence; i++)
		g_string_append_c(out, '`');
	g_free(s);
}
