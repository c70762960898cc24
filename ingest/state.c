/* state.c: parsing, checking and printing of setting states. */
#include "ingest/state.h"

#include <stdio.h>
#include <string.h>

#include "ingest/textcheck.h"

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
	pb_state s = { false, false, 0, NULL, false };

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

static bool is_edge_blank(char c)
{
	return c == ' ' || c == '\t';
}

pb_name_fault pb_state_name_check(const char *text, size_t len, size_t *at)
{
	if (len == 0) {
		*at = 0;
		return PB_NAME_EMPTY;
	}
	/* A NUL is a control character here, so the UTF-8 check's NUL
	 * fault is reported as one. */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c < 0x20 || c == 0x7F) {
			*at = i;
			return PB_NAME_CONTROL;
		}
		if (c == ';') {
			*at = i;
			return PB_NAME_SEMICOLON;
		}
	}
	if (textcheck_find(text, len, at) != TEXT_OK)
		return PB_NAME_BAD_UTF8;
	if (is_edge_blank(text[0]) || is_edge_blank(text[len - 1])) {
		*at = is_edge_blank(text[0]) ? 0 : len - 1;
		return PB_NAME_BLANK_EDGE;
	}
	return PB_NAME_OK;
}

const char *pb_state_name_fault_text(pb_name_fault f)
{
	switch (f) {
	case PB_NAME_OK:
		break;
	case PB_NAME_EMPTY:
		return "is empty";
	case PB_NAME_BAD_UTF8:
		return "is not valid UTF-8";
	case PB_NAME_CONTROL:
		return "holds a control character";
	case PB_NAME_SEMICOLON:
		return "holds a ';', which separates states";
	case PB_NAME_BLANK_EDGE:
		return "starts or ends with a blank";
	}
	return "is not a state name";
}

pb_state pb_state_name(const char *name)
{
	pb_state s = { false, false, 0, name, true };
	return s;
}

bool pb_state_equal(pb_state a, pb_state b)
{
	if (a.named || b.named)
		return a.named && b.named && strcmp(a.text, b.text) == 0;
	if (a.missing || b.missing)
		return a.missing == b.missing;
	return a.value == b.value;
}

const char *pb_state_format(pb_state s, char *buf, size_t size)
{
	if (s.text)
		return s.text;
	if (s.missing)
		snprintf(buf, size, "missing");
	else if (s.hex)
		snprintf(buf, size, "0x%08X", (unsigned)s.value);
	else
		snprintf(buf, size, "%u", (unsigned)s.value);
	return buf;
}

const char *pb_state_type_name(pb_state_type type)
{
	return type == PB_STATE_NAME ? "name" : "number";
}

const char *pb_state_canonical(pb_state s, char *buf, size_t size)
{
	if (s.named)
		return s.text;
	s.text = NULL;
	s.hex = false;
	return pb_state_format(s, buf, size);
}
