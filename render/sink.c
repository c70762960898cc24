/* sink.c: cairo write functions that remember failures. */
#include "render/sink.h"

#include <stdlib.h>
#include <string.h>

void sink_init_buffer(sink *k)
{
	memset(k, 0, sizeof *k);
}

void sink_init_stream(sink *k, cairo_write_func_t write, void *closure)
{
	memset(k, 0, sizeof *k);
	k->write = write;
	k->closure = closure;
}

cairo_status_t sink_write(void *closure, const unsigned char *data,
			  unsigned int length)
{
	sink *k = closure;

	if (k->failed)
		return CAIRO_STATUS_WRITE_ERROR;
	if (k->write) {
		cairo_status_t st = k->write(k->closure, data, length);
		if (st == CAIRO_STATUS_SUCCESS)
			return st;
		/* A sink that writes into a buffer sink runs out of memory,
		 * not out of disk, when that one does. */
		k->failed = true;
		k->nomem = st == CAIRO_STATUS_NO_MEMORY;
		return k->nomem ? st : CAIRO_STATUS_WRITE_ERROR;
	}
	if (length > k->cap - k->len) {
		/* Doubling keeps the copying linear in the output size. */
		size_t cap = k->cap ? k->cap : 65536;
		unsigned char *p;
		while (cap - k->len < length) {
			if (cap > (size_t)-1 / 2) {
				k->failed = k->nomem = true;
				return CAIRO_STATUS_NO_MEMORY;
			}
			cap *= 2;
		}
		p = realloc(k->data, cap);
		if (!p) {
			k->failed = k->nomem = true;
			return CAIRO_STATUS_NO_MEMORY;
		}
		k->data = p;
		k->cap = cap;
	}
	memcpy(k->data + k->len, data, length);
	k->len += length;
	return CAIRO_STATUS_SUCCESS;
}

bool sink_failed(const sink *k)
{
	return k->failed;
}

void sink_free(sink *k)
{
	free(k->data);
	memset(k, 0, sizeof *k);
}
