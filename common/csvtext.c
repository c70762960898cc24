/* csvtext.c: CSV fields, quoted when RFC 4180 needs it (common/csvtext.h). */
#include "common/csvtext.h"

#include <string.h>

/* Where a field's bytes go: N bytes at S appended to SINK. */
typedef void put_fn(void *sink, const char *s, size_t n);

static void put_gstring(void *sink, const char *s, size_t n)
{
	g_string_append_len(sink, s, (gssize)n);
}

static void put_file(void *sink, const char *s, size_t n)
{
	fwrite(s, 1, n, sink);
}

/* The field S through PUT, quoted and with its quotes doubled when it
 * holds a character that would end or split it. */
static void put_field(const char *s, put_fn *put, void *sink)
{
	const char *quote;

	if (!strpbrk(s, ",\"\r\n")) {
		put(sink, s, strlen(s));
		return;
	}
	put(sink, "\"", 1);
	while ((quote = strchr(s, '"'))) {
		put(sink, s, (size_t)(quote - s) + 1);
		put(sink, "\"", 1);
		s = quote + 1;
	}
	put(sink, s, strlen(s));
	put(sink, "\"", 1);
}

void csvtext_append(GString *out, const char *s)
{
	put_field(s, put_gstring, out);
}

void csvtext_write(FILE *out, const char *s)
{
	put_field(s, put_file, out);
}
