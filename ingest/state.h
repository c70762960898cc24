/* state.h: the value of the setting under study.
 *
 * A study's states are of one of two types (study.ini `state_type`):
 *
 *  - numbers, the registry values of format 1: "missing" (the value was
 *    deleted) or a 32-bit unsigned number; `10` and `0x0A` name the same
 *    state, so they compare by value;
 *  - names (format 2): any UTF-8 text without ';', control characters or
 *    blanks at either end, compared byte for byte ("High performance" and
 *    "high performance" are two states, and "missing" is just a name).
 *
 * A state listed in the plan carries the spelling written in study.ini's
 * `states` (TEXT), which every output prints, so that a state written
 * `0x14` there is `0x14` on every page and in every field, whatever
 * spelling a runs.csv row used. */
#ifndef PAIRBOOT_STATE_H
#define PAIRBOOT_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum pb_state_type {
	PB_STATE_NUMBER,   /* missing, decimal or 0x hex: format 1's rule */
	PB_STATE_NAME      /* free text, compared exactly */
} pb_state_type;

typedef struct pb_state {
	bool missing;      /* number type: the value was absent; value is 0 */
	bool hex;          /* number type: spelled 0x... (display only) */
	uint32_t value;    /* number type: the registry value */
	const char *text;  /* the spelling reports print: study.ini's for a
			      listed state, the name for a named one; owned
			      by the plan; NULL prints the number */
	bool named;        /* a named state: TEXT is its identity */
} pb_state;

/* Parses TEXT (LEN bytes, not necessarily NUL-terminated) as a number
 * state: `missing`, a decimal 0..4294967295 without sign or leading '+',
 * or 0x followed by 1..8 hex digits.  Returns true and fills OUT (TEXT
 * NULL) on success. */
bool pb_state_parse(const char *text, size_t len, pb_state *out);

/* What is wrong with a state name. */
typedef enum pb_name_fault {
	PB_NAME_OK,
	PB_NAME_EMPTY,
	PB_NAME_BAD_UTF8,
	PB_NAME_CONTROL,     /* a control character (U+0000-U+001F, U+007F) */
	PB_NAME_SEMICOLON,   /* ';' separates the states list */
	PB_NAME_BLANK_EDGE   /* a space or tab at the start or the end */
} pb_name_fault;

/* Checks the LEN bytes at TEXT as a state name; on a fault, *AT is the
 * offset of the offending byte. */
pb_name_fault pb_state_name_check(const char *text, size_t len, size_t *at);

/* What is wrong with a name, to follow "state" or a key in a message:
 * "is empty", "starts or ends with a blank". */
const char *pb_state_name_fault_text(pb_name_fault f);

/* The named state NAME (not copied: it must outlive the state). */
pb_state pb_state_name(const char *name);

/* True when A and B name the same state: number states by value (spelling
 * ignored), named states by their exact bytes; a number never equals a
 * name. */
bool pb_state_equal(pb_state a, pb_state b);

/* The state as reports print it: its TEXT when it has one, else its number
 * written into BUF ("missing", "20", "0xFFFFFFFF"; at least
 * PB_STATE_BUFSIZE bytes). */
const char *pb_state_format(pb_state s, char *buf, size_t size);

/* "number" or "name", as study.ini's state_type writes it. */
const char *pb_state_type_name(pb_state_type type);

/* The spelling that identifies the state whatever way it was written, for
 * digests and seeds: a number in decimal or "missing", a name as it is. */
const char *pb_state_canonical(pb_state s, char *buf, size_t size);

#define PB_STATE_BUFSIZE 16

#endif
