/* state.h: the value of the setting under study, as written to the registry.
 *
 * A state is either "missing" (the value was deleted) or a 32-bit unsigned
 * number.  `10` and `0x0A` name the same state; a state remembers how it was
 * first spelled (decimal or hex) so reports can show it as the study does. */
#ifndef PAIRBOOT_STATE_H
#define PAIRBOOT_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pb_state {
	bool missing;     /* true: the value was absent; value is then 0 */
	bool hex;         /* spelled 0x... (display only, not identity) */
	uint32_t value;
} pb_state;

/* Parses TEXT (LEN bytes, not necessarily NUL-terminated): `missing`, a
 * decimal 0..4294967295 without sign or leading '+', or 0x followed by 1..8
 * hex digits.  Returns true and fills OUT on success. */
bool pb_state_parse(const char *text, size_t len, pb_state *out);

/* True when A and B name the same state (spelling ignored). */
bool pb_state_equal(pb_state a, pb_state b);

/* Writes the display form ("missing", "20", "0xFFFFFFFF") into BUF (at
 * least 16 bytes) and returns BUF. */
char *pb_state_format(pb_state s, char *buf, size_t size);

#define PB_STATE_BUFSIZE 16

#endif
