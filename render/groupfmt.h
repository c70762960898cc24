/* groupfmt.h: whole numbers with their digits grouped in threes, as the
 * pages of a language write them ("10 000" in German and Czech, with a
 * NO-BREAK SPACE, U+00A0).
 *
 * A page's messages take their counts as %zu and %lu (render/i18n.h), so
 * the grouping is done where a message is formatted: groupfmt_vprintf
 * writes each %zu and %lu argument grouped, and everything else as printf
 * does.  Other integer directives (%d, %u) are not grouped: the pages use
 * them for small constants and for the seed, which names a stream of
 * random numbers rather than counting anything. */
#ifndef PAIRBOOT_GROUPFMT_H
#define PAIRBOOT_GROUPFMT_H

#include <stdarg.h>
#include <stdbool.h>

#include <glib.h>

/* The separator of digit groups the catalog's example EXAMPLE shows:
 * EXAMPLE is ten thousand as the language writes it, "10000" (no
 * grouping: returns "") or "10" SEP "000".  SEP must be a NO-BREAK SPACE
 * or a NARROW NO-BREAK SPACE (U+00A0, U+202F) or ',', the ones verify
 * reads back; for anything else returns NULL. */
const char *groupfmt_separator(const char *example);

/* The digits DIGITS (an optional '-' and digits, nothing else) with SEP
 * between groups of three from the right, from 1000 up, appended to OUT;
 * SEP "" appends DIGITS as they are. */
void groupfmt_digits(GString *out, const char *digits, const char *sep);

/* FORMAT and AP as g_strdup_vprintf makes them, but each %zu and %lu
 * argument (also as %N$zu, %N$lu) grouped with SEP.  A FORMAT with any
 * other directive than %s, %d, %u, %zu, %lu and %% is handed to
 * g_strdup_vprintf unchanged.  Returns GLib memory (g_free). */
gchar *groupfmt_vprintf(const char *sep, const char *format, va_list ap);

#endif
