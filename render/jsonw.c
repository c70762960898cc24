/* jsonw.c: deterministic JSON serialisation. */
#include "render/jsonw.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/numtext.h"

void jsonw_format_double(double x, char buf[32])
{
	/* An integral value such as 20 is written "20"; JSON readers that
	 * distinguish integers from reals will still see the number. */
	numtext_shortest(x, buf);
}

static void write_string(const char *s, size_t len, GString *out)
{
	g_string_append_c(out, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\b': g_string_append(out, "\\b"); break;
		case '\f': g_string_append(out, "\\f"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\r': g_string_append(out, "\\r"); break;
		case '\t': g_string_append(out, "\\t"); break;
		default:
			if (c < 0x20 || c == 0x7F)
				g_string_append_printf(out, "\\u%04x", c);
			else
				g_string_append_c(out, (char)c);
		}
	}
	g_string_append_c(out, '"');
}

static void indent(GString *out, int depth)
{
	g_string_append_c(out, '\n');
	for (int i = 0; i < depth; i++)
		g_string_append(out, "  ");
}

static pb_status write_value(const json_t *v, int depth, GString *out);

static pb_status write_object(const json_t *v, int depth, GString *out)
{
	const char *key;
	json_t *member;
	bool first = true;

	if (json_object_size(v) == 0) {
		g_string_append(out, "{}");
		return PB_OK;
	}
	g_string_append_c(out, '{');
	/* jansson keeps insertion order, which is the documented key order. */
	json_object_foreach((json_t *)v, key, member) {
		if (!first)
			g_string_append_c(out, ',');
		first = false;
		indent(out, depth + 1);
		write_string(key, strlen(key), out);
		g_string_append(out, ": ");
		pb_status st = write_value(member, depth + 1, out);
		if (st != PB_OK)
			return st;
	}
	indent(out, depth);
	g_string_append_c(out, '}');
	return PB_OK;
}

static pb_status write_array(const json_t *v, int depth, GString *out)
{
	size_t n = json_array_size(v);

	if (n == 0) {
		g_string_append(out, "[]");
		return PB_OK;
	}
	g_string_append_c(out, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(out, ',');
		indent(out, depth + 1);
		pb_status st = write_value(json_array_get(v, i), depth + 1, out);
		if (st != PB_OK)
			return st;
	}
	indent(out, depth);
	g_string_append_c(out, ']');
	return PB_OK;
}

static pb_status write_value(const json_t *v, int depth, GString *out)
{
	char buf[32];

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return write_object(v, depth, out);
	case JSON_ARRAY:
		return write_array(v, depth, out);
	case JSON_STRING:
		write_string(json_string_value(v), json_string_length(v), out);
		return PB_OK;
	case JSON_INTEGER:
		g_string_append_printf(out, "%" JSON_INTEGER_FORMAT,
				       json_integer_value(v));
		return PB_OK;
	case JSON_REAL:
		if (!isfinite(json_real_value(v)))
			return PB_SOFTWARE;
		jsonw_format_double(json_real_value(v), buf);
		g_string_append(out, buf);
		return PB_OK;
	case JSON_TRUE:
		g_string_append(out, "true");
		return PB_OK;
	case JSON_FALSE:
		g_string_append(out, "false");
		return PB_OK;
	case JSON_NULL:
		g_string_append(out, "null");
		return PB_OK;
	}
	return PB_SOFTWARE;
}

pb_status jsonw_write(const json_t *value, GString *out)
{
	pb_status st = write_value(value, 0, out);
	g_string_append_c(out, '\n');
	return st;
}
