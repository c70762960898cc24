/* site_index.h: the index page of a site of reports (`pairboot site`).
 *
 * In one language: a heading, a sentence saying what follows, and each
 * study's entry (render/markdown.h, markdown_render_entry: its title
 * linking to its page, its platform, its comparison table in the page's
 * own words and numbers), in the order given.  A study's page is
 * FOLDER/LANG.md beside the index, or under the address BASE where a
 * wiki keeps its pages. */
#ifndef PAIRBOOT_SITE_INDEX_H
#define PAIRBOOT_SITE_INDEX_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/study.h"

/* One study of a site. */
typedef struct site_study {
	const study *s;
	const analysis *a;
	const char *folder;     /* its folder in the site, a plain name */
} site_study;

/* Appends the index of the N STUDIES in LANG to OUT, each title linking
 * to BASE FOLDER/LANG.md (BASE NULL: ""); MARKED: with the number marks
 * of a marked page (render/mdpage.h), for `pairboot verify`.
 * Errors as for markdown_render (PB_SOFTWARE, PB_NOMEM); OUT is then
 * left as it was. */
pb_status site_index_render(const site_study *studies, size_t n,
			    const char *lang, const char *base, bool marked,
			    GString *out);

/* The file name of the index in LANG: "index.LANG.md" (NAME_SIZE bytes
 * suffice). */
#define SITE_INDEX_NAME_SIZE 32
void site_index_name(const char *lang, char *name);

#endif
