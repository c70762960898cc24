/* pagedoc.c: a page made once, as blocks and as Markdown (pagedoc.h). */
#include "render/pagedoc.h"

#include <string.h>

/* A block and what it owns. */
typedef struct block_rec {
	page_block pub;
	size_t offset;          /* where its Markdown starts in the text */
	char *text;             /* pub.text */
	char *target;           /* pub.target */
	GPtrArray *cells;       /* pub.cells, owned strings; NULL but for a
				   table */
} block_rec;

struct pagedoc {
	GString *text;          /* the Markdown of the blocks */
	GArray *blocks;         /* of block_rec, in page order */
	page_section section;   /* the section new blocks belong to */
};

pagedoc *pagedoc_new(void)
{
	pagedoc *doc = g_new(pagedoc, 1);

	doc->text = g_string_new(NULL);
	doc->blocks = g_array_new(FALSE, FALSE, sizeof(block_rec));
	doc->section = PAGE_TOP;
	return doc;
}

static void block_clear(block_rec *b)
{
	g_free(b->text);
	g_free(b->target);
	if (b->cells)
		g_ptr_array_free(b->cells, TRUE);
}

void pagedoc_free(pagedoc *doc)
{
	if (!doc)
		return;
	for (guint i = 0; i < doc->blocks->len; i++)
		block_clear(&g_array_index(doc->blocks, block_rec, i));
	g_array_free(doc->blocks, TRUE);
	g_string_free(doc->text, TRUE);
	g_free(doc);
}

/* ---- writing ------------------------------------------------------------ */

void pagedoc_begin(pagedoc *doc, page_section id)
{
	doc->section = id;
}

static block_rec *last_block(const pagedoc *doc)
{
	if (doc->blocks->len == 0)
		return NULL;
	return &g_array_index(doc->blocks, block_rec, doc->blocks->len - 1);
}

/* A new block of KIND at the end, after the blank line that parts it from
 * the one before: none between the items of a list. */
static block_rec *add_block(pagedoc *doc, page_block_kind kind)
{
	const block_rec *last = last_block(doc);
	block_rec b;

	memset(&b, 0, sizeof b);
	b.offset = doc->text->len;
	if (last && !(last->pub.kind == PAGE_BULLET && kind == PAGE_BULLET))
		g_string_append_c(doc->text, '\n');
	b.pub.kind = kind;
	b.pub.section = doc->section;
	g_array_append_val(doc->blocks, b);
	return last_block(doc);
}

/* A block of KIND with TEXT, written after the Markdown PREFIX. */
static void add_text(pagedoc *doc, page_block_kind kind, int level,
		     const char *prefix, const char *text)
{
	block_rec *b = add_block(doc, kind);

	b->pub.level = level;
	b->text = g_strdup(text);
	b->pub.text = b->text;
	g_string_append(doc->text, prefix);
	g_string_append(doc->text, text);
	g_string_append_c(doc->text, '\n');
}

void pagedoc_heading(pagedoc *doc, int level, const char *text)
{
	char prefix[8];

	level = CLAMP(level, 1, 6);
	memset(prefix, '#', (size_t)level);
	prefix[level] = ' ';
	prefix[level + 1] = '\0';
	add_text(doc, PAGE_HEADING, level, prefix, text);
}

void pagedoc_paragraph(pagedoc *doc, const char *text)
{
	add_text(doc, PAGE_PARAGRAPH, 0, "", text);
}

void pagedoc_bullet(pagedoc *doc, const char *text)
{
	add_text(doc, PAGE_BULLET, 0, "- ", text);
}

void pagedoc_figure(pagedoc *doc, const char *alt, const char *target)
{
	block_rec *b = add_block(doc, PAGE_FIGURE);

	b->text = g_strdup(alt);
	b->pub.text = b->text;
	b->target = g_strdup(target);
	b->pub.target = b->target;
	g_string_append_printf(doc->text, "![%s](%s)\n", alt, target);
}

/* Adds to table B the row of N CELLS, cut or padded to its columns, and
 * writes it. */
static void add_row(pagedoc *doc, block_rec *b, const char *const *cells,
		    size_t n)
{
	g_string_append(doc->text, "| ");
	for (size_t c = 0; c < b->pub.n_cols; c++) {
		const char *cell = c < n && cells[c] ? cells[c] : "";
		if (c)
			g_string_append(doc->text, " | ");
		g_string_append(doc->text, cell);
		g_ptr_array_add(b->cells, g_strdup(cell));
	}
	g_string_append(doc->text, " |\n");
	b->pub.n_rows++;
	b->pub.cells = (const char *const *)b->cells->pdata;
}

void pagedoc_table(pagedoc *doc, const char *const *cells, size_t n)
{
	block_rec *b = add_block(doc, PAGE_TABLE);

	b->cells = g_ptr_array_new_with_free_func(g_free);
	b->pub.n_cols = n;
	add_row(doc, b, cells, n);
	g_string_append_c(doc->text, '|');
	for (size_t c = 0; c < n; c++)
		g_string_append(doc->text, "---|");
	g_string_append_c(doc->text, '\n');
}

void pagedoc_row(pagedoc *doc, const char *const *cells, size_t n)
{
	block_rec *b = last_block(doc);

	g_return_if_fail(b && b->pub.kind == PAGE_TABLE);
	add_row(doc, b, cells, n);
}

void pagedoc_truncate(pagedoc *doc, size_t len)
{
	guint keep = doc->blocks->len;
	const block_rec *last;

	while (keep > 0
	       && g_array_index(doc->blocks, block_rec, keep - 1).offset >= len)
		block_clear(&g_array_index(doc->blocks, block_rec, --keep));
	g_array_set_size(doc->blocks, keep);
	if (len < doc->text->len)
		g_string_truncate(doc->text, len);
	last = last_block(doc);
	doc->section = last ? last->pub.section : PAGE_TOP;
}

/* ---- reading ------------------------------------------------------------ */

const char *pagedoc_str(const pagedoc *doc)
{
	return doc->text->str;
}

size_t pagedoc_len(const pagedoc *doc)
{
	return doc->text->len;
}

size_t pagedoc_n_blocks(const pagedoc *doc)
{
	return doc->blocks->len;
}

const page_block *pagedoc_block(const pagedoc *doc, size_t i)
{
	g_return_val_if_fail(i < doc->blocks->len, NULL);
	return &g_array_index(doc->blocks, block_rec, i).pub;
}
