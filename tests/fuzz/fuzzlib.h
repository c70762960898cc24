/* fuzzlib.h: what the fuzz targets that read against a fixed plan share.
 * A target aborts on any broken promise, which libFuzzer reports as a
 * crash with the input that caused it. */
#ifndef PAIRBOOT_FUZZLIB_H
#define PAIRBOOT_FUZZLIB_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "ingest/study.h"

/* Reads the LEN bytes of study.ini TEXT into *OUT; aborts when it is not
 * a good plan (the targets' plans are fixed). */
void fuzz_plan_read(const char *text, size_t len, study_plan *out);

/* Whether A and B are both NULL or the same string. */
bool fuzz_same_str(const char *a, const char *b);

/* Whether D1 and D2 hold the same errors and the same messages: a reading
 * in pieces must say what a reading of the whole says. */
bool fuzz_same_messages(const diag *d1, const diag *d2);

#endif
