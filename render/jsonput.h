/* jsonput.h: building jansson documents without checking every call.
 *
 * A document is built in one go and checked once at the end: each helper
 * takes the new value's reference whatever happens, and a failure (a
 * value that could not be made, an object that is NULL) only clears *OK,
 * so a half-built document is freed whole and never written. */
#ifndef PAIRBOOT_JSONPUT_H
#define PAIRBOOT_JSONPUT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "ingest/state.h"

/* OBJ[KEY] = VALUE (its reference taken). */
void jsonput_set(json_t *obj, const char *key, json_t *value, bool *ok);

/* Appends VALUE (its reference taken) to ARR. */
void jsonput_push(json_t *arr, json_t *value, bool *ok);

/* X as a JSON number, or null when it is not finite. */
json_t *jsonput_num(double x);

/* N as a JSON integer. */
json_t *jsonput_count(size_t n);

/* S as a JSON string, or null for NULL. */
json_t *jsonput_str_or_null(const char *s);

/* State ST as a JSON string, as the study spells states
 * (pb_state_format). */
json_t *jsonput_state(pb_state st);

/* The N numbers of V as a JSON array; a value lost to a failed allocation
 * fails the document (*OK false) rather than shortening the array. */
json_t *jsonput_longs(const long *v, size_t n, bool *ok);

#endif
