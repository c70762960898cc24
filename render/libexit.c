/* libexit.c: release of Pango's font map at exit. */
#include "render/libexit.h"

#include <stdatomic.h>
#include <stdbool.h>

#include <pango/pangocairo.h>

/* Set once a font map may exist; set from any thread that draws text. */
static atomic_bool fonts_used;

void libexit_fonts_used(void)
{
	atomic_store(&fonts_used, true);
}

void libexit_release(void)
{
	/* A process that never drew text has no font map: asking for none
	 * would make GLib create the thread-local slot of one, and GLib
	 * stops the process when that allocation fails. */
	if (!atomic_load(&fonts_used))
		return;
	/* The font map holds the fonts, which hold cairo fonts and
	 * fontconfig patterns: dropping it frees nearly all.  Two other
	 * calls were tried and left out, since each can stop the process
	 * at exit after a report was published:
	 * cairo_debug_reset_static_data asserts that no cairo font is alive
	 * (one still was in 1 run of 13 at -j 8: Pango lets go of fonts from
	 * another thread), and FcFini asserts that no fontconfig cache is
	 * referenced (one still was after an allocation failed inside
	 * Pango).  What fontconfig keeps, its parsed configuration, is
	 * named in tests/lib/valgrind.supp and tests/lib/lsan.supp. */
	pango_cairo_font_map_set_default(NULL);
}
