/* strutil.h: copies of C strings, owned by the caller.
 *
 * The one string copy the stages share: plain malloc (free with free()),
 * NULL when out of memory, so that callers below main can report PB_NOMEM
 * rather than end the process as GLib's g_strdup does. */
#ifndef PAIRBOOT_STRUTIL_H
#define PAIRBOOT_STRUTIL_H

#include <stddef.h>

/* A copy of S, or NULL when S is NULL or memory runs out (tell the two
 * apart by S). */
char *strutil_dup(const char *s);

/* A copy of the N bytes at S with a NUL after them, or NULL when memory
 * runs out. */
char *strutil_dup_range(const char *s, size_t n);

#endif
