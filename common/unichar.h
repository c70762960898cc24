/* unichar.h: characters a reader does not see.
 *
 * A bidirectional control (U+202E RIGHT-TO-LEFT OVERRIDE shows "exe.txt"
 * as "txt.exe") or an invisible format character (U+200B ZERO WIDTH SPACE
 * makes two names that look the same differ) in a run id, note, label or
 * state name would reach the terminal and the pages as written, where it
 * reorders or hides what is shown.  This names them, for the readers of
 * study text (ingest/textcheck.h refuses them) and for the messages
 * (common/diag.h shows them as \xHH). */
#ifndef PAIRBOOT_UNICHAR_H
#define PAIRBOOT_UNICHAR_H

#include <stddef.h>
#include <stdint.h>

/* When the UTF-8 bytes at S (LEFT of them) are one of the characters
 * below, its byte length, its code point in *CP (CP may be NULL); else 0.
 *   bidi controls: U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069
 *   invisible format characters: U+00AD (soft hyphen), U+200B..U+200D,
 *   U+2060..U+2064, U+FEFF; and U+2028, U+2029, which end a line. */
size_t unichar_hidden(const unsigned char *s, size_t left, uint32_t *cp);

/* The Unicode name of a code point unichar_hidden finds
 * ("RIGHT-TO-LEFT OVERRIDE"); "" for any other. */
const char *unichar_hidden_name(uint32_t cp);

#endif
