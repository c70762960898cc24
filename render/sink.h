/* sink.h: where cairo writes a PDF, SVG or PNG: a memory buffer, or any
 * cairo write function, with every write failure remembered.
 *
 * cairo 1.16 does not always report a failed write: a PDF surface made with
 * cairo_pdf_surface_create() on a full disk finishes "successfully".  So
 * output always goes through a write function (the *_for_stream
 * constructors), and this wrapper records a failing write itself; the
 * caller checks sink_failed() as well as the surface status after
 * cairo_surface_finish().  Output is kept in memory and then handed to
 * render/outdir.h, which writes and syncs the report folder as a whole. */
#ifndef PAIRBOOT_SINK_H
#define PAIRBOOT_SINK_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

typedef struct sink {
	cairo_write_func_t write;   /* where bytes go; NULL: the buffer */
	void *closure;              /* for WRITE */
	unsigned char *data;        /* the buffer (WRITE NULL), owned */
	size_t len, cap;
	bool failed;                /* a write failed (or out of memory) */
	bool nomem;                 /* the failure was out of memory */
} sink;

/* A sink into a growing memory buffer (free with sink_free). */
void sink_init_buffer(sink *k);

/* A sink that passes every write on to WRITE with CLOSURE (tests pass a
 * failing one). */
void sink_init_stream(sink *k, cairo_write_func_t write, void *closure);

/* The cairo_write_func_t to give cairo, with the sink as closure. */
cairo_status_t sink_write(void *closure, const unsigned char *data,
			  unsigned int length);

bool sink_failed(const sink *k);

/* Frees the buffer; the sink can be initialised again. */
void sink_free(sink *k);

#endif
