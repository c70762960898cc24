/* test_csvtext.c: CSV fields as pairboot writes them, against RFC 4180's
 * rule written out by hand: quoted only with ',', '"', CR or LF inside,
 * each '"' doubled; the same bytes into memory and into a stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/csvtext.h"
#include "tests/lib/tap.h"

static void check(const char *field, const char *want)
{
	GString *mem = g_string_new(NULL);
	char *streamed = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&streamed, &size);

	csvtext_append(mem, field);
	csvtext_write(f, field);
	fclose(f);
	tap_streq(mem->str, want, field);
	tap_ok(size == mem->len && memcmp(streamed, mem->str, size) == 0,
	       "streamed as appended: %s", want);
	free(streamed);
	g_string_free(mem, TRUE);
}

int main(void)
{
	check("", "");
	check("High performance", "High performance");
	check("latency/s1-b01-20.csv", "latency/s1-b01-20.csv");
	check("Power, saver", "\"Power, saver\"");
	check("say \"on\"", "\"say \"\"on\"\"\"");
	check("\"", "\"\"\"\"");
	check("a\"\"b,", "\"a\"\"\"\"b,\"");
	check("two\nlines", "\"two\nlines\"");
	check("cr\r", "\"cr\r\"");
	return tap_done();
}
