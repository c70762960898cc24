/* jsoncmp.h: a published results.json set beside the one the study gives,
 * key by key.
 *
 * FRESH is the tree `pairboot report` would write for the study
 * (render/results_json.h); PUBLISHED is the file as ingest/results_json.h
 * parsed it.  The walk follows FRESH, in its key order (the documented
 * order), and adds to the report:
 *  - one item per leaf value of FRESH found in PUBLISHED: match or
 *    MISMATCH, with both values as JSON text.  A value of another type
 *    than FRESH's (a string for a number, an object for an array, null
 *    for a number) is a MISMATCH at that key, whatever lies below it.  An
 *    empty object or array found empty is one match;
 *  - one OMITTED per key or array element of FRESH that PUBLISHED lacks,
 *    with the recomputed value (a whole subtree as one item);
 *  - one "not in data" per key or element only in PUBLISHED, with its
 *    value, after the keys FRESH gives of the same object or array.
 *
 * Item names are paths a reviewer finds in the file: keys joined by '.',
 * an array element in brackets.  Arrays of objects whose schema names an
 * identity are matched by it, so that one element missing in the middle
 * is one OMITTED element, and an element is named by it: one key's value
 * alone (`runs[s1-b01-10].accepted`), several as "key value" pairs
 * (`comparisons[series 1, state 10].interval.lo`).  The identities:
 *    series: id              inputs: path            runs: run
 *    comparisons: series, state
 *    comparisons[].notes: code
 *    verdicts: state         verdicts[].series: series
 *    heterogeneity.reference_spread: series
 *    heterogeneity.spread_tests: series_a, series_b
 *    heterogeneity.between_series: state, series_a, series_b
 *    mechanism: series, state
 *    mechanism[].priority: win32, etw
 *    mechanism[].observed: name
 *    mechanism[].observed[].values: value
 *    boundary.rows: run      boundary.groups: written
 *    accounting: series      accounting[].excluded_runs: run
 *    design.balance: series  design.balance[].by_state: state
 *    design.control: run
 * An identity is compared as text: a string as it is, any other value as
 * compact JSON.  Of two published elements with one identity the first
 * is matched and the second is "not in data"; a published element
 * without the identity (not an object, or a key missing) is "not in
 * data" named by its index after '#' (`runs[#3]`).  Every other array
 * (plan.states, blocks, differences, a density, a triplet) is compared
 * by index from 0, the extra or missing indices told one by one.  A key
 * or identity that is not plain text (a control character, or one of
 * [ ] " , and for a key .) is written as a JSON string; any part of a
 * name is cut at JSONCMP_TEXT_MAX bytes.
 *
 * Values: strings, booleans and null compare exactly; numbers by value,
 * so an integer 3 equals a real 3.0 (render/jsonw.c writes an integral
 * real as "3", which jansson reads back as an integer), and otherwise two
 * doubles must be equal: render/jsonw.c writes each real in its shortest
 * form that reads back to the same double (common/numtext.h,
 * numtext_shortest), so an untouched file matches exactly, as
 * tests/unit/test_jsoncmp.c checks on a bundled study.  Two integers
 * compare as integers.  A value is shown as jansson's compact JSON text,
 * a real in its shortest form (as the file writes it), cut at
 * JSONCMP_TEXT_MAX bytes (at a character boundary) with "..." after it.
 *
 * Bound keys, the ends of an interval in the study's unit, alone take
 * the tolerance: with tolerance_given, a bound matches when both values
 * are numbers at most the tolerance apart; without it, exactly.  They:
 *    comparisons[].interval.lo, .hi
 *    comparisons[].sensitivity.METHOD.lo, .hi (every method)
 *    comparisons[].exact_check.lo, .hi
 *    heterogeneity.between_series[].lo, .hi
 * Not bounds, so exact: a density's lo and hi (the limits of its grid),
 * a fragile note's boundary and distance, a spread's min and max and a
 * rule's valid range.
 *
 * Cost.  The walk enters a key only where both trees hold an object or
 * an array, so it goes no deeper than FRESH, whose shape
 * render/results_json.c fixes (7 levels of objects and arrays); a
 * subtree only one side holds is one item whose text is dumped up to the
 * cut and no further (jansson's dumper recurses, at most as deep as its
 * parser allows: 2048 levels; ingest/results_json.h sets no depth limit
 * of its own).  Time is linear in the two trees (the identities of
 * FRESH's elements are sorted, each published element is looked up).
 * Memory: the walk keeps FRESH's path and, per array matched by
 * identity, an index of FRESH's elements; the rest is the items, at most
 * one per value of the two trees, each about 150 bytes when its name and
 * texts are short (a name is FRESH's path and at most JSONCMP_TEXT_MAX
 * bytes more, a text at most JSONCMP_TEXT_MAX + 3 bytes; a longer one
 * stands for as many bytes of the file).  So at the reader's limits (64
 * MiB, 3,000,000 values) the comparison adds about 0.5 GB at most to the
 * parsed file.  Peak RSS measured with bench/jsoncmpbench against the
 * bundled study's results.json (5,114 values), reading alone / reading
 * and comparing:
 *    3,000,000 numbers in one array at a key FRESH lacks: 127 / 127 MB
 *      (16 items)
 *    3,000,000 more "differences" in a comparison: 136 / 590 MB
 *      (3.0 million items, 1.3 s)
 *    3,000,000 more top-level keys: 438 / 727 MB (3.0 million items)
 *    a 64 MiB study name: 201 / 201 MB (one MISMATCH cut to 203 bytes)
 *    1,500,000 runs of one key each: 608 / 743 MB (1.5 million items)
 *    an extra key 2000 arrays deep: 6 / 7 MB. */
#ifndef PAIRBOOT_JSONCMP_H
#define PAIRBOOT_JSONCMP_H

#include <stdbool.h>

#include <jansson.h>

#include "common/status.h"
#include "verify/vreport.h"

/* The most bytes of a value's text, or of one part of a name, an item
 * shows. */
#define JSONCMP_TEXT_MAX 200

typedef struct jsoncmp_options {
	bool tolerance_given;
	double tolerance;      /* for interval bounds ("bound" keys), in the
				  study's unit; >= 0 */
} jsoncmp_options;

/* Compares PUBLISHED (a parsed results.json) with FRESH (the tree the
 * study gives) key by key and adds to R: one item per leaf value (match
 * or MISMATCH, published and recomputed values as JSON text), one OMITTED
 * per key or array element in FRESH but not in PUBLISHED, one "not in
 * data" per key or element only in PUBLISHED.  PB_OK, or PB_NOMEM (R then
 * holds the items added before). */
pb_status jsoncmp_run(const json_t *published, const json_t *fresh,
		      const jsoncmp_options *opt, vreport *r);

#endif
