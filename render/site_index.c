/* site_index.c: the index page of a site of reports (see site_index.h). */
#include "render/site_index.h"

#include <stdio.h>

#include "render/i18n.h"
#include "render/markdown.h"
#include "render/mdpage.h"
#include "render/pagedoc.h"

typedef struct index_page {
	mdpage md;
} index_page;

#include "render/mdpage_names.h"

void site_index_name(const char *lang, char *name)
{
	snprintf(name, SITE_INDEX_NAME_SIZE, "index.%s.md", lang);
}

/* The index's heading and the sentence under it. */
static pb_status index_head(const char *lang, pagedoc *doc)
{
	index_page pg;

	mdpage_init(&pg.md, lang, doc);
	pagedoc_begin(doc, PAGE_TOP);
	head(&pg, 1, trc(&pg, "site index heading", "Studies"));
	para(&pg, tr(&pg, "The comparisons of each study with its reference, "
		     "as its own page gives them; each title links to that "
		     "page."));
	return mdpage_finish(&pg.md, 0);
}

pb_status site_index_render(const site_study *studies, size_t n,
			    const char *lang, const char *base, bool marked,
			    GString *out)
{
	pagedoc *doc;
	pb_status st;

	if (!i18n_known(lang))
		return PB_SOFTWARE;
	doc = pagedoc_new();
	st = index_head(lang, doc);
	for (size_t i = 0; i < n && st == PB_OK; i++) {
		char *href = g_strdup_printf("%s%s/%s.md", base ? base : "",
					     studies[i].folder, lang);
		st = markdown_render_entry(studies[i].s, studies[i].a, lang,
					   href, marked, doc);
		g_free(href);
	}
	if (st == PB_OK)
		g_string_append_len(out, pagedoc_str(doc),
				    (gssize)pagedoc_len(doc));
	pagedoc_free(doc);
	return st;
}
