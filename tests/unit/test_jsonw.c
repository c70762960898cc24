/* test_jsonw.c: the exact bytes of pairboot's JSON. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/jsonw.h"
#include "tests/lib/tap.h"

int main(void)
{
	/* Each real is written in its shortest round-trip form
	 * (common/numtext.h, tested in test_numtext.c). */
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

	return tap_done();
}
