/* rowfilter.h: the values of study.ini's `filter`, `missing` and
 * `missing_limit` (format 2), which say which rows of a latency file a
 * study uses: a capture such as PresentMon's holds a row per frame of
 * every process it saw, and writes `NA` where a metric is not available.
 *
 *   filter         COND [ AND COND ]...
 *                  COND:  COLUMN == VALUE  |  COLUMN != VALUE
 *                  The value is split at each " AND " (a blank, AND in
 *                  capitals, a blank), each condition at its first `==`
 *                  or `!=`; the column and the value are trimmed of blanks
 *                  and then unescaped as study.ini text (\s for a blank
 *                  they must keep, common/keytext.h), and neither may be
 *                  empty.  A row is used only when every condition holds
 *                  for its field, compared as text, exactly, after CSV
 *                  unquoting.
 *   missing        TOKEN [; TOKEN]...  (blanks around each and one
 *                  trailing ';' allowed; no token twice; no token that
 *                  reads as a number): a kept row whose value in the
 *                  study's column is one of them is counted as missing,
 *                  not used, and is no error.
 *   missing_limit  P%  (P from 0 to 100, at most 4 decimals)  or
 *                  F   (F from 0 to 1, at most 6 decimals): the largest
 *                  share of a run's kept rows that may be missing; held
 *                  exactly as parts per million.  5% when `missing` is
 *                  given without it.
 *
 * The parsers take a value as study.ini wrote it (escapes not yet undone)
 * and, for a bad value, say at which byte of it the problem lies. */
#ifndef PAIRBOOT_ROWFILTER_H
#define PAIRBOOT_ROWFILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "common/status.h"
#include "ingest/study.h"

/* What is wrong with a value, and where: AT is a byte offset into it. */
typedef struct rowfilter_fault {
	size_t at;
	char what[256];
} rowfilter_fault;

/* Parses the `filter` value RAW into *OUT (N conditions, new memory:
 * rowfilter_free_conditions).  PB_DATAERR with *F set for a bad value;
 * PB_NOMEM; on either, *OUT is NULL and *N 0. */
pb_status rowfilter_parse(const char *raw, plan_condition **out, size_t *n,
			  rowfilter_fault *f);

void rowfilter_free_conditions(plan_condition *c, size_t n);

/* Parses the `missing` value RAW into *OUT (N tokens, new memory:
 * rowfilter_free_tokens), as rowfilter_parse does. */
pb_status rowfilter_tokens_parse(const char *raw, char ***out, size_t *n,
				 rowfilter_fault *f);

void rowfilter_free_tokens(char **t, size_t n);

/* Parses the `missing_limit` value RAW: true with *PPM set (parts per
 * million, 0..1000000), or false with *F set. */
bool rowfilter_limit_parse(const char *raw, uint32_t *ppm,
			   rowfilter_fault *f);

/* The conditions as study.ini's grammar reads them, joined by " AND "
 * ("Application == game.exe AND PresentMode != Composed: Flip"); with
 * ESCAPE, each column and value escaped as a study.ini text value, a
 * trailing blank as \s and, in a column or value holding AND, every
 * blank as \s, so that the text reads back as the same conditions and
 * no two filters give one text (the digest's form). */
void rowfilter_text(GString *out, const plan_condition *c, size_t n,
		    bool escape);

/* The tokens joined by ';' (escaped with ESCAPE). */
void rowfilter_tokens_text(GString *out, char *const *t, size_t n,
			   bool escape);

/* The limit PPM as the shortest decimal fraction, "0.05" for 50000. */
void rowfilter_limit_text(GString *out, uint32_t ppm);

/* Whether a field of TEXT[0..LEN) is one of the N tokens T. */
bool rowfilter_is_token(char *const *t, size_t n, const char *text,
			size_t len);

/* Whether MISSING of KEPT rows may be missing under the limit PPM:
 * MISSING / KEPT <= PPM / 10^6, compared exactly. */
bool rowfilter_within(size_t missing, size_t kept, uint32_t ppm);

#endif
