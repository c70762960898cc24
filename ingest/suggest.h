/* suggest.h: "did you mean ...?" for a misspelt key or state name.
 *
 * Both study.ini keys and the names of named states are compared exactly;
 * when one is not found, the closest known text is offered, if it is close
 * enough to be a slip of the finger rather than another word. */
#ifndef PAIRBOOT_SUGGEST_H
#define PAIRBOOT_SUGGEST_H

#include <stddef.h>

/* Texts longer than this (in bytes) are never taken for misspellings. */
#define SUGGEST_MAX_LEN 128

/* The optimal string alignment distance of A[0..LA) and B[0..LB), over
 * bytes: insertions, deletions, substitutions and swaps of neighbours each
 * cost 1.  SIZE_MAX when either is longer than SUGGEST_MAX_LEN. */
size_t suggest_distance(const char *a, size_t la, const char *b, size_t lb);

/* Index of the text among the N of CANDIDATES nearest to TEXT[0..LEN)
 * whose distance is at most MAX_DIST and below LEN (so that a short text
 * does not match everything), the first of equals; or N when none is. */
size_t suggest_nearest(const char *text, size_t len,
		       const char *const *candidates, size_t n,
		       size_t max_dist);

#endif
