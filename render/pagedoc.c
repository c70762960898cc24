/* pagedoc.c: a study's page, rendered once (pagedoc.h). */
#include "render/pagedoc.h"

/* Where a section starts in the text. */
typedef struct page_mark {
	size_t offset;
	page_section id;
} page_mark;

struct pagedoc {
	GString *text;
	GArray *marks;          /* of page_mark, by offset */
};

pagedoc *pagedoc_new(void)
{
	pagedoc *doc = g_new(pagedoc, 1);

	doc->text = g_string_new(NULL);
	doc->marks = g_array_new(FALSE, FALSE, sizeof(page_mark));
	return doc;
}

void pagedoc_free(pagedoc *doc)
{
	if (!doc)
		return;
	g_string_free(doc->text, TRUE);
	g_array_free(doc->marks, TRUE);
	g_free(doc);
}

GString *pagedoc_text(pagedoc *doc)
{
	return doc->text;
}

const char *pagedoc_str(const pagedoc *doc)
{
	return doc->text->str;
}

size_t pagedoc_len(const pagedoc *doc)
{
	return doc->text->len;
}

void pagedoc_begin(pagedoc *doc, page_section id)
{
	page_mark m = { doc->text->len, id };

	g_array_append_val(doc->marks, m);
}

page_section pagedoc_section_at(const pagedoc *doc, size_t offset)
{
	page_section id = PAGE_TOP;

	for (guint i = 0; i < doc->marks->len; i++) {
		const page_mark *m = &g_array_index(doc->marks, page_mark, i);
		if (m->offset > offset)
			break;
		id = m->id;
	}
	return id;
}

void pagedoc_truncate(pagedoc *doc, size_t len)
{
	guint keep = 0;

	if (len < doc->text->len)
		g_string_truncate(doc->text, len);
	while (keep < doc->marks->len
	       && g_array_index(doc->marks, page_mark, keep).offset < len)
		keep++;
	g_array_set_size(doc->marks, keep);
}
