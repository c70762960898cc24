/* keytext.h: the escapes of a text value in study.ini.
 *
 * study.ini is a key file: a value runs from the first non-blank after
 * '=' to the end of its line.  A value that holds a line break, a tab or
 * a carriage return, or that starts with a blank, cannot be written as it
 * is; the escapes `\n`, `\t`, `\r`, `\s` (a space) and `\\` (a backslash)
 * write it, as GKeyFile's strings do.  `plan new` writes study.ini with
 * keytext_escape and every reader of a text value (titles, labels, notes,
 * state names) undoes it with keytext_unescape, so a value read back is
 * the value written, byte for byte.  Nothing else is escaped: ';', ',',
 * '"', '=', '#' and trailing blanks stand for themselves. */
#ifndef PAIRBOOT_KEYTEXT_H
#define PAIRBOOT_KEYTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

/* Appends the LEN bytes at TEXT to OUT, escaped as a value of study.ini
 * (a NUL becomes nothing: a key file cannot hold one). */
void keytext_escape(GString *out, const char *text, size_t len);

/* Appends the LEN bytes of the value RAW to OUT with its escapes undone.
 * False when RAW holds a backslash that starts none of the escapes (or
 * ends it); *BAD is then that backslash's offset and OUT holds what came
 * before it. */
bool keytext_unescape(GString *out, const char *raw, size_t len, size_t *bad);

#endif
