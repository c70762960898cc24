/* jsonw.h: serialises a jansson value the way pairboot publishes JSON.
 *
 * jansson builds and parses the documents; this writer only decides their
 * exact bytes: two-space indentation, keys in insertion order, and every
 * real number in its shortest round-trip form (the fewest significant
 * digits that read back to the same double, common/numtext.h), which jansson's own dumper
 * (always 17 digits) does not give.  Same value, same bytes, on every
 * machine. */
#ifndef PAIRBOOT_JSONW_H
#define PAIRBOOT_JSONW_H

#include <glib.h>
#include <jansson.h>

#include "common/status.h"

/* Appends the serialisation of VALUE and a final newline to OUT.  Returns
 * PB_SOFTWARE for a value JSON cannot hold (a non-finite real). */
pb_status jsonw_write(const json_t *value, GString *out);

#endif
