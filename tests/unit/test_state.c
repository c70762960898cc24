/* test_state.c: the rules of state names, state equality and spelling,
 * the plan's state lookup and the "did you mean" suggestion.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study_ini.h"
#include "ingest/state.h"
#include "ingest/suggest.h"
#include "tests/lib/tap.h"

static pb_name_fault fault(const char *s, size_t *at)
{
	return pb_state_name_check(s, strlen(s), at);
}

static void test_name_rules(void)
{
	size_t at = 99;

	tap_ok(fault("High performance", &at) == PB_NAME_OK,
	       "a name with an inner blank is good");
	tap_ok(fault("missing", &at) == PB_NAME_OK,
	       "'missing' is an ordinary name");
	tap_ok(fault("\xC3\x9Asporn\xC3\xBD re\xC5\xBEim", &at) == PB_NAME_OK,
	       "UTF-8 letters are good");
	tap_ok(fault("", &at) == PB_NAME_EMPTY, "an empty name is refused");
	tap_ok(fault(" Balanced", &at) == PB_NAME_BLANK_EDGE && at == 0,
	       "a leading blank is refused at byte 0");
	tap_ok(fault("Balanced ", &at) == PB_NAME_BLANK_EDGE && at == 8,
	       "a trailing blank is refused at its byte (8)");
	tap_ok(fault("Balanced\t", &at) == PB_NAME_CONTROL && at == 8,
	       "a tab is a control character");
	tap_ok(fault("a\x7F" "b", &at) == PB_NAME_CONTROL && at == 1,
	       "DEL is a control character");
	tap_ok(fault("a;b", &at) == PB_NAME_SEMICOLON && at == 1,
	       "a ';' is refused at its byte");
	tap_ok(fault("ab\xC3", &at) == PB_NAME_BAD_UTF8 && at == 2,
	       "a cut UTF-8 sequence is refused at its first byte");
	tap_ok(pb_state_name_check("a\0b", 3, &at) == PB_NAME_CONTROL
	       && at == 1, "a NUL byte is a control character");
}

static void test_equality(void)
{
	pb_state ten, hex_ten, name_hi, name_hi2, name_lo, missing, word;

	pb_state_parse("10", 2, &ten);
	pb_state_parse("0x0A", 4, &hex_ten);
	pb_state_parse("missing", 7, &missing);
	name_hi = pb_state_name("High performance");
	name_hi2 = pb_state_name("High performance");
	name_lo = pb_state_name("high performance");
	word = pb_state_name("missing");

	tap_ok(pb_state_equal(ten, hex_ten), "10 and 0x0A are one state");
	tap_ok(pb_state_equal(name_hi, name_hi2),
	       "a name equals the same bytes held elsewhere");
	tap_ok(!pb_state_equal(name_hi, name_lo),
	       "names are compared exactly: the case counts");
	tap_ok(!pb_state_equal(word, missing) && !pb_state_equal(missing, word),
	       "the name 'missing' is not the deleted value");
	tap_ok(!pb_state_equal(pb_state_name("10"), ten),
	       "the name '10' is not the number 10");
}

static void test_spelling(void)
{
	char buf[PB_STATE_BUFSIZE];
	pb_state hex;

	pb_state_parse("0x14", 4, &hex);
	tap_streq(pb_state_format(hex, buf, sizeof buf), "0x00000014",
		  "an unlisted hex state prints with 8 digits");
	hex.text = "0x14";
	tap_streq(pb_state_format(hex, buf, sizeof buf), "0x14",
		  "a state with a spelling prints that spelling");
	tap_streq(pb_state_canonical(hex, buf, sizeof buf), "20",
		  "its canonical form is decimal, whatever the spelling");
	tap_streq(pb_state_canonical(pb_state_name("Power saver"), buf,
				     sizeof buf), "Power saver",
		  "a name is its own canonical form");
	tap_streq(pb_state_type_name(PB_STATE_NAME), "name", "type name");
	tap_streq(pb_state_type_name(PB_STATE_NUMBER), "number",
		  "type number");
}

/* Distances worked by hand: kitten -> sitting is k->s, e->i, +g = 3;
 * "ab" -> "ba" is one swap of neighbours; "" -> "abc" is 3 insertions. */
static void test_distance(void)
{
	tap_ok(suggest_distance("kitten", 6, "sitting", 7) == 3,
	       "kitten to sitting: 3");
	tap_ok(suggest_distance("ab", 2, "ba", 2) == 1,
	       "a swap of neighbours costs 1");
	tap_ok(suggest_distance("", 0, "abc", 3) == 3, "from empty: 3");
	tap_ok(suggest_distance("Balanced", 8, "Balanced", 8) == 0,
	       "equal: 0");
	{
		char longer[SUGGEST_MAX_LEN + 2];
		memset(longer, 'a', sizeof longer - 1);
		longer[sizeof longer - 1] = '\0';
		tap_ok(suggest_distance(longer, strlen(longer), "a", 1)
		       == SIZE_MAX, "a text too long is no misspelling");
	}
}

static const char named_ini[] =
	"[study]\n"
	"format = 2\n"
	"state_type = name\n"
	"title = t\nbuild = b\ncolumn = c\nscale = 1\nunit = ms\n"
	"better = lower\nstatistic = mean\nreference = Balanced\n"
	"threshold = 1\nconfidence = 0.95\nresamples = 1000\nseed = 1\n"
	"states = Balanced ; High performance;Power saver;\n"
	"[series 1]\nkind = latency\n";

static bool read_named(study_plan *p)
{
	diag *d = diag_new(NULL, 0);
	pb_status st;

	if (!d)
		abort();
	st = study_ini_read_buffer(named_ini, sizeof named_ini - 1, "study.ini",
			      d, p);
	for (size_t i = 0; i < diag_kept(d); i++)
		tap_diag("unexpected: %s", diag_message(d, i));
	diag_free(d);
	return st == PB_OK;
}

static void test_lookup(void)
{
	study_plan p;
	pb_state st;
	size_t at = 0;

	if (!tap_ok(read_named(&p), "a named plan reads"))
		return;
	tap_ok(p.format == 2 && p.state_type == PB_STATE_NAME
	       && p.n_states == 3, "format 2, names, three states");
	tap_ok(p.states[1].named && strcmp(p.states[1].text,
					   "High performance") == 0,
	       "blanks around an item are not part of the name");
	tap_ok(p.reference.text == p.states[0].text,
	       "the reference is the listed state, with its spelling");
	tap_ok(study_state_lookup(&p, "Power saver", 11, &st, &at)
	       == STATE_LISTED && st.text == p.states[2].text,
	       "a listed name is found, with the plan's text");
	tap_ok(study_state_lookup(&p, "power saver", 11, &st, &at)
	       == STATE_UNKNOWN, "another case is another name");
	tap_ok(study_state_lookup(&p, " Balanced", 9, &st, &at)
	       == STATE_BAD_NAME && at == 0, "a leading blank is a bad name");
	tap_ok(study_state_index(&p, pb_state_name("Turbo")) == STUDY_NO_STATE,
	       "an unlisted name has no index");
	tap_streq(study_state_suggest(&p, "Balance", 7), "Balanced",
		  "one letter short: suggested");
	tap_streq(study_state_suggest(&p, "HIGH PERFORMANCE", 16),
		  "High performance", "the same words in capitals: suggested");
	tap_streq(study_state_suggest(&p, "Power savr", 10), "Power saver",
		  "one letter dropped in a long name: suggested");
	tap_ok(study_state_suggest(&p, "Turbo", 5) == NULL,
	       "nothing near: no suggestion");
	tap_ok(study_state_suggest(&p, "Bal", 3) == NULL,
	       "five letters off is no slip: no suggestion");
	study_plan_free(&p);
}

int main(void)
{
	test_name_rules();
	test_equality();
	test_spelling();
	test_distance();
	test_lookup();
	return tap_done();
}
