/* jsonw.c: deterministic JSON serialisation. */
#include "render/jsonw.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/numtext.h"

/* Whether byte C goes into a JSON string as it is. */
static bool json_plain_byte(unsigned char c)
{
	return c >= 0x20 && c != 0x7F && c != '"' && c != '\\';
}

static void write_escape(unsigned char c, GString *out)
{
	switch (c) {
	case '"': g_string_append(out, "\\\""); break;
	case '\\': g_string_append(out, "\\\\"); break;
	case '\b': g_string_append(out, "\\b"); break;
	case '\f': g_string_append(out, "\\f"); break;
	case '\n': g_string_append(out, "\\n"); break;
	case '\r': g_string_append(out, "\\r"); break;
	case '\t': g_string_append(out, "\\t"); break;
	default: g_string_append_printf(out, "\\u%04x", c); break;
	}
}

static void write_string(const char *s, size_t len, GString *out)
{
	size_t i = 0;

	g_string_append_c(out, '"');
	while (i < len) {
		/* Plain bytes go in as one run: most strings are nothing
		 * else. */
		size_t run = i;
		while (run < len && json_plain_byte((unsigned char)s[run]))
			run++;
		g_string_append_len(out, s + i, (gssize)(run - i));
		if (run < len)
			write_escape((unsigned char)s[run++], out);
		i = run;
	}
	g_string_append_c(out, '"');
}

/* A line end and DEPTH levels of two spaces. */
static void indent(GString *out, int depth)
{
	static const char spaces[] = "                                ";
	size_t left = 2 * (size_t)depth;

	g_string_append_c(out, '\n');
	while (left) {
		size_t k = left < sizeof spaces - 1 ? left : sizeof spaces - 1;
		g_string_append_len(out, spaces, (gssize)k);
		left -= k;
	}
}

/* What "%" JSON_INTEGER_FORMAT writes, without printf: a report holds
 * tens of thousands of integers (block numbers, counts). */
static void write_integer(json_int_t v, GString *out)
{
	char buf[3 * sizeof v + 2];
	char *p = buf + sizeof buf;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v
				     : (unsigned long long)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	g_string_append_len(out, p, (gssize)(buf + sizeof buf - p));
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
		write_integer(json_integer_value(v), out);
		return PB_OK;
	case JSON_REAL:
		if (!isfinite(json_real_value(v)))
			return PB_SOFTWARE;
		/* An integral value such as 20 is written "20"; JSON
		 * readers that tell integers from reals still see the
		 * number. */
		numtext_shortest(json_real_value(v), buf);
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
