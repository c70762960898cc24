/* state.c: parsing and printing of setting states. */
#include "ingest/state.h"

#include <stdio.h>
#include <string.h>

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool pb_state_parse(const char *text, size_t len, pb_state *out)
{
	uint64_t v = 0;
	pb_state s = { false, false, 0 };

	if (len == 7 && memcmp(text, "missing", 7) == 0) {
		s.missing = true;
		*out = s;
		return true;
	}
	if (len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		if (len > 10)
			return false;
		for (size_t i = 2; i < len; i++) {
			int dgt = hex_digit(text[i]);
			if (dgt < 0)
				return false;
			v = v * 16 + (uint64_t)dgt;
		}
		s.hex = true;
	} else {
		if (len == 0 || len > 10)
			return false;
		for (size_t i = 0; i < len; i++) {
			if (text[i] < '0' || text[i] > '9')
				return false;
			v = v * 10 + (uint64_t)(text[i] - '0');
		}
	}
	if (v > UINT32_MAX)
		return false;
	s.value = (uint32_t)v;
	*out = s;
	return true;
}

bool pb_state_equal(pb_state a, pb_state b)
{
	if (a.missing || b.missing)
		return a.missing == b.missing;
	return a.value == b.value;
}

char *pb_state_format(pb_state s, char *buf, size_t size)
{
	if (s.missing)
		snprintf(buf, size, "missing");
	else if (s.hex)
		snprintf(buf, size, "0x%08X", (unsigned)s.value);
	else
		snprintf(buf, size, "%u", (unsigned)s.value);
	return buf;
}
