/* test_diagescape.c: diag_escape turns every control character into \xHH
 * and keeps all other text, and a diag's messages pass through it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "tests/lib/tap.h"

/* diag_escape(IN) compared with WANT, the copy freed. */
static void escapes(const char *in, const char *want, const char *name)
{
	char *got = diag_escape(in);

	tap_ok(got != NULL, "%s: a copy is made", name);
	if (got)
		tap_streq(got, want, name);
	free(got);
}

int main(void)
{
	char all_c0[33], want_c0[32 * 4 + 1];
	FILE *out = tmpfile();
	diag *d = diag_new(out, 0);
	char buf[512];
	size_t n;

	escapes("", "", "empty text stays empty");
	escapes("SystemResponsiveness und MMCSS", "SystemResponsiveness und MMCSS",
		"plain text is kept");
	escapes("S\x1b]0;pwned\a", "S\\x1B]0;pwned\\x07",
		"ESC and BEL of a title-setting sequence");
	escapes("a\bb\rc\nd\te", "a\\x08b\\x0Dc\\x0Ad\\x09e",
		"BS, CR, LF and tab");
	escapes("x\x7fy", "x\\x7Fy", "DEL");
	escapes("\xc2\x9b" "31m", "\\xC2\\x9B31m", "C1 CSI (U+009B), both bytes");
	escapes("\xc2\x80\xc2\x9f\xc2\xa0", "\\xC2\\x80\\xC2\\x9F\xc2\xa0",
		"U+0080 and U+009F escaped, U+00A0 kept");
	escapes("Übertragung 전원 \\ 'q'", "Übertragung 전원 \\ 'q'",
		"UTF-8 text, backslash and quotes are kept");
	escapes("\xc2", "\xc2", "a lone lead byte at the end is no C1 control");

	/* Every C0 byte but NUL, which ends the string. */
	for (int i = 1; i < 32; i++)
		all_c0[i - 1] = (char)i;
	all_c0[31] = '\0';
	n = 0;
	for (int i = 1; i < 32; i++)
		n += (size_t)snprintf(want_c0 + n, sizeof want_c0 - n, "\\x%02X", i);
	escapes(all_c0, want_c0, "every C0 byte 0x01..0x1F");

	/* A message whose file name holds ESC is printed and kept escaped. */
	diag_error(d, "st\x1budy/study.ini", 7, 9, "title contains '%s'", "\x1b[2J");
	fflush(out);
	rewind(out);
	n = fread(buf, 1, sizeof buf - 1, out);
	buf[n] = '\0';
	tap_streq(buf, "pairboot: st\\x1Budy/study.ini:7:9: title contains "
		  "'\\x1B[2J'\n", "a diag message is printed escaped");
	tap_ok(memchr(buf, 0x1b, n) == NULL, "no raw ESC is printed");
	tap_streq(diag_message(d, 0), "st\\x1Budy/study.ini:7:9: title "
		  "contains '\\x1B[2J'", "and kept escaped");
	diag_free(d);
	fclose(out);
	return tap_done();
}
