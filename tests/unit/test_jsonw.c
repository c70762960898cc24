/* test_jsonw.c: the exact bytes of pairboot's JSON. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/jsonw.h"
#include "tests/lib/tap.h"

static void check_double(double x, const char *want)
{
	char buf[32];
	jsonw_format_double(x, buf);
	tap_streq(buf, want, want);
}

int main(void)
{
	/* Shortest forms that read back exactly, worked out by hand: 0.1 is
	 * the double nearest 1/10, which "%.1g" already reproduces; 1/3 needs
	 * all 16 digits; 0.1 + 0.2 is one ulp above 0.3 and needs 17. */
	check_double(0.625, "0.625");
	check_double(0.1, "0.1");
	check_double(-1.902, "-1.902");
	check_double(20260825, "20260825");
	check_double(1.0 / 3.0, "0.3333333333333333");
	check_double(0.1 + 0.2, "0.30000000000000004");
	check_double(1e-5, "1e-05");
	check_double(1e300, "1e+300");
	check_double(0, "0");
	check_double(-0.0, "-0");
	check_double(5e-324, "5e-324");

	/* Layout: insertion order kept, two-space indent, escapes. */
	json_t *o = json_object();
	json_object_set_new(o, "zeta", json_real(0.5));
	json_object_set_new(o, "alpha", json_string("a|b\"c\\\n\x01"));
	json_t *arr = json_array();
	json_array_append_new(arr, json_integer(3));
	json_array_append_new(arr, json_null());
	json_array_append_new(arr, json_true());
	json_object_set_new(o, "list", arr);
	json_object_set_new(o, "empty", json_object());
	GString *out = g_string_new(NULL);
	tap_ok(jsonw_write(o, out) == PB_OK, "jsonw_write succeeds");
	tap_streq(out->str,
		  "{\n"
		  "  \"zeta\": 0.5,\n"
		  "  \"alpha\": \"a|b\\\"c\\\\\\n\\u0001\",\n"
		  "  \"list\": [\n"
		  "    3,\n"
		  "    null,\n"
		  "    true\n"
		  "  ],\n"
		  "  \"empty\": {}\n"
		  "}\n", "object layout and escapes");
	/* Integers at the ends of their range, the escapes the case above
	 * leaves out, UTF-8 bytes as they are, and an indent deeper than
	 * one piece of spaces. */
	json_t *ints = json_array();
	json_array_append_new(ints, json_integer(0));
	json_array_append_new(ints, json_integer(-7));
	json_array_append_new(ints, json_integer(9223372036854775807LL));
	json_array_append_new(ints, json_integer(-9223372036854775807LL - 1));
	json_array_append_new(ints, json_string("\b\f\r\t\x1f\x7f \xc3\xa4/"));
	GString *io = g_string_new(NULL);
	tap_ok(jsonw_write(ints, io) == PB_OK, "integers and escapes written");
	tap_streq(io->str,
		  "[\n"
		  "  0,\n"
		  "  -7,\n"
		  "  9223372036854775807,\n"
		  "  -9223372036854775808,\n"
		  "  \"\\b\\f\\r\\t\\u001f\\u007f \xc3\xa4/\"\n"
		  "]\n", "integers and escapes");
	json_decref(ints);
	json_t *deep = json_integer(1);
	for (int level = 0; level < 18; level++) {
		json_t *wrap = json_array();
		json_array_append_new(wrap, deep);
		deep = wrap;
	}
	g_string_truncate(io, 0);
	tap_ok(jsonw_write(deep, io) == PB_OK, "18 levels written");
	const char *one = strstr(io->str, "1");
	size_t blanks = 0;
	while (one && one - blanks > io->str && one[-1 - (long)blanks] == ' ')
		blanks++;
	tap_ok(one && blanks == 36 && one[-37] == '\n',
	       "the innermost value is indented by 36 spaces (%zu)", blanks);
	json_decref(deep);
	g_string_free(io, TRUE);

	/* What we write, jansson reads back to the same values. */
	json_error_t err;
	json_t *back = json_loads(out->str, 0, &err);
	tap_ok(back && json_equal(back, o), "round trip through jansson");
	json_decref(back);
	g_string_free(out, TRUE);
	json_decref(o);

	/* A sweep: random doubles come back bit for bit. */
	unsigned long long state = 88172645463325252ULL;
	int bad = 0;
	for (int i = 0; i < 100000; i++) {
		state ^= state << 13;
		state ^= state >> 7;
		state ^= state << 17;
		double x;
		memcpy(&x, &state, sizeof x);
		if (!isfinite(x))
			continue;
		char buf[32];
		jsonw_format_double(x, buf);
		double y = strtod(buf, NULL);
		bad += memcmp(&x, &y, sizeof x) != 0;
	}
	tap_ok(bad == 0, "100000 random doubles round-trip (%d failed)", bad);
	return tap_done();
}
