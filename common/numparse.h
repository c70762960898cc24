/* numparse.h: strict, locale-independent parsing of numbers in fields.
 *
 * The input is a field as (text, len): it need not be NUL-terminated and
 * may hold NULs, which are rejected like any other stray byte.  Nothing is
 * skipped: no spaces, no '+', no hex, no "inf" or "nan", no ',' as decimal
 * mark, whatever the process locale says.  A result code says why a field
 * was refused, so callers can word their messages. */
#ifndef PAIRBOOT_NUMPARSE_H
#define PAIRBOOT_NUMPARSE_H

#include <stddef.h>

typedef enum numparse_result {
	NUMPARSE_OK = 0,
	NUMPARSE_SYNTAX,     /* not a number of the accepted form (or empty) */
	NUMPARSE_NAN,        /* spelled "nan" (any case, optional '-') */
	NUMPARSE_NOT_FINITE, /* spelled "inf"/"infinity", or beyond DBL_MAX */
	NUMPARSE_NEGATIVE,   /* numparse_ulong: a valid integer with a '-' */
	NUMPARSE_RANGE,      /* an integer outside the type's range */
	NUMPARSE_NOMEM       /* a very long number could not be copied */
} numparse_result;

/* Parses [-]DIGITS[.DIGITS][(e|E)[+|-]DIGITS]: at least one digit before
 * the '.', and at least one after it when it is there ("12." and ".5" are
 * refused, so a line cut after its '.' is caught).  The result is the double
 * nearest to the decimal value (ties to even), as strtod gives in the C
 * locale; "-0" gives 0.0.  Values too small for a double round to 0 or a
 * subnormal (accepted); too large ones give NUMPARSE_NOT_FINITE.  *OUT is
 * written only on NUMPARSE_OK. */
numparse_result numparse_double(const char *text, size_t len, double *out);

/* Parses decimal digits only (leading zeros allowed) into *OUT.  A '-'
 * followed by digits gives NUMPARSE_NEGATIVE; a value above ULONG_MAX gives
 * NUMPARSE_RANGE. */
numparse_result numparse_ulong(const char *text, size_t len,
			       unsigned long *out);

/* Parses [-]DIGITS into *OUT; NUMPARSE_RANGE outside LONG_MIN..LONG_MAX. */
numparse_result numparse_long(const char *text, size_t len, long *out);

#endif
