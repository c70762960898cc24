/* libexit.h: gives back, at exit, what the drawing libraries keep for the
 * whole process.
 *
 * Pango's default font map, with the fonts, cairo fonts and fontconfig
 * patterns it holds, lives until the process ends.  That costs nothing,
 * but leak checkers (valgrind, LeakSanitizer) report what it holds as
 * lost, which would hide a real leak of pairboot's among a thousand of
 * theirs.  Releasing it at exit keeps those reports down to what pairboot
 * itself did; what fontconfig still keeps after this is named, with the
 * reason, in tests/lib/valgrind.supp and tests/lib/lsan.supp. */
#ifndef PAIRBOOT_LIBEXIT_H
#define PAIRBOOT_LIBEXIT_H

/* Notes that Pango's default font map is in use (style.c calls it
 * before it asks for the map or a context made from it). */
void libexit_fonts_used(void);

/* Releases the libraries' process-wide state, if text was drawn.  Call once, at the very end
 * of main, after oom_settle (releasing may allocate): no Pango object may
 * be used afterwards. */
void libexit_release(void);

#endif
