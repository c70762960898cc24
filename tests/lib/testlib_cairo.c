/* testlib_cairo.c: the failing cairo write function of testlib.h, on its
 * own so that a test without cairo links without it. */
#include <cairo.h>

#include "tests/lib/testlib.h"

cairo_status_t testlib_fail_write(void *closure, const unsigned char *data,
				  unsigned int length)
{
	testlib_failing *f = closure;

	(void)data;
	if (f->written + length > f->limit)
		return CAIRO_STATUS_WRITE_ERROR;
	f->written += length;
	return CAIRO_STATUS_SUCCESS;
}
