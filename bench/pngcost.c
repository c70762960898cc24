/* pngcost.c: an LD_PRELOAD shim for bench/run that changes how cairo's
 * PNG files are compressed, to measure what other PNG bytes would buy in
 * speed and size.  pairboot itself never changes them: the committed
 * reports are byte for byte what the default settings give.
 *
 *   PNGCOST_FILTER=none   no adaptive filtering (libpng's default is to
 *                         try the five filters on every row)
 *   PNGCOST_LEVEL=N       zlib level N (0-9; libpng's default is 6)
 *
 * With neither set the shim changes nothing, so a run under it is the
 * baseline with the same loading cost.  cairo calls png_write_info once
 * per image, after creating the write structure and before the first
 * row: the one place where both settings still take effect.
 *
 * The libpng functions are looked up at run time rather than declared by
 * png.h: the shim then needs no libpng headers or link, only the libpng
 * that cairo has already loaded into the process.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* From png.h of libpng 1.6: the filter masks of png_set_filter. */
#define PNG_FILTER_NONE 0x08

typedef void write_info_fn(void *png, const void *info);
typedef void set_filter_fn(void *png, int method, int filters);
typedef void set_level_fn(void *png, int level);

void png_write_info(void *png, const void *info);

/* Looks NAME up, after this shim in the search order when NEXT; a
 * missing function is a broken setup, reported once per call. */
static void *lookup(const char *name, int next)
{
	void *fn = dlsym(next ? RTLD_NEXT : RTLD_DEFAULT, name);

	if (!fn)
		fprintf(stderr, "pngcost: %s not found\n", name);
	return fn;
}

void png_write_info(void *png, const void *info)
{
	const char *filter = getenv("PNGCOST_FILTER");
	const char *level = getenv("PNGCOST_LEVEL");
	write_info_fn *real = (write_info_fn *)lookup("png_write_info", 1);

	if (filter && strcmp(filter, "none") == 0) {
		set_filter_fn *set = (set_filter_fn *)lookup("png_set_filter",
							     0);
		if (set)
			set(png, 0, PNG_FILTER_NONE);
	}
	if (level && *level) {
		set_level_fn *set = (set_level_fn *)
			lookup("png_set_compression_level", 0);
		if (set)
			set(png, atoi(level));
	}
	if (real)
		real(png, info);
}
