/* textcheck.h: finds bytes that make input unfit to be read as text.
 *
 * study.ini and the mechanism logs must be UTF-8 text.  A NUL byte would cut
 * a C string short and hide what follows it, and invalid UTF-8 would end up
 * in reports, so both are errors the readers report with their position. */
#ifndef PAIRBOOT_TEXTCHECK_H
#define PAIRBOOT_TEXTCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum text_fault {
	TEXT_OK,        /* all bytes are valid UTF-8 without NUL */
	TEXT_NUL,       /* a NUL byte */
	TEXT_BAD_UTF8   /* a byte that starts no valid UTF-8 sequence */
} text_fault;

/* Length of the valid UTF-8 sequence at S (LEFT >= 1 bytes available), 0
 * when the bytes there are not one.  The bounds follow RFC 3629, section 4:
 * no overlong forms, surrogates, or code points past U+10FFFF. */
size_t textcheck_utf8_len(const unsigned char *s, size_t left);

/* Looks for the first NUL byte or invalid UTF-8 sequence in S[0..LEN).
 * Overlong forms, surrogates and code points above U+10FFFF are invalid, as
 * is a sequence cut off by the end of S.  Returns TEXT_OK, or the fault with
 * the byte offset of its first byte in *AT (not touched on TEXT_OK). */
text_fault textcheck_find(const char *s, size_t len, size_t *at);

/* Looks for the first control character in the UTF-8 text S[0..LEN): a
 * C0 byte (tab, CR and LF included), DEL, or a C1 control (U+0080..U+009F,
 * the bytes C2 80..C2 9F).  Such a character in a title or label would
 * reach the terminal of whoever runs `check` (ESC starts a terminal
 * command) or cut a line of a page.  Returns true with its byte offset in
 * *AT, or false (*AT not touched). */
bool textcheck_control(const char *s, size_t len, size_t *at);

/* Looks for the first character of the UTF-8 text S[0..LEN) that a reader
 * does not see (common/unichar.h): a bidi control or an invisible format
 * character.  Returns true with its byte offset in *AT and code point in
 * *CP, or false.
 *
 * A ZERO WIDTH NON-JOINER (U+200C) or JOINER (U+200D) between two
 * characters that are neither ASCII nor of that list is let through: in
 * Persian, Arabic or Indic words (and in emoji sequences, which the fonts
 * check refuses anyway) it shapes the letters around it and is part of
 * the spelling.  At an edge of the text, next to ASCII or next to another
 * such character it changes nothing a reader sees and is refused. */
bool textcheck_invisible(const char *s, size_t len, size_t *at,
			 uint32_t *cp);

/* The message for such a character CP, "U+202E (RIGHT-TO-LEFT OVERRIDE),
 * a bidi control character" or "..., an invisible format character". */
const char *textcheck_invisible_what(uint32_t cp);

#endif
