/* mdblocks.c: reads back the blocks of a generated Markdown page. */
#include "render/mdblocks.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

static bool is_punct(unsigned char c)
{
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@')
	       || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

char *mdblocks_inline(const char *s, size_t len)
{
	GString *out = g_string_sized_new(len + 1);
	size_t i = 0;

	while (i < len) {
		if (s[i] == '\\' && i + 1 < len
		    && is_punct((unsigned char)s[i + 1])) {
			g_string_append_c(out, s[i + 1]);
			i += 2;
		} else if (s[i] == '`') {
			/* A code span: a run of N backticks up to the next run
			 * of exactly N; without one the backticks are text. */
			size_t n = 0, j, close = 0;
			bool found = false;
			while (i + n < len && s[i + n] == '`')
				n++;
			for (j = i + n; j < len && !found;) {
				size_t m = 0;
				if (s[j] != '`') {
					j++;
					continue;
				}
				while (j + m < len && s[j + m] == '`')
					m++;
				if (m == n) {
					found = true;
					close = j;
				}
				j += m;
			}
			if (!found) {
				g_string_append_len(out, s + i, (gssize)n);
				i += n;
				continue;
			}
			{
				const char *c = s + i + n;
				size_t cl = close - (i + n);
				/* One space each side is padding, unless the
				 * span is all spaces (CommonMark). */
				bool all_space = true;
				for (size_t k = 0; k < cl; k++)
					all_space &= c[k] == ' ';
				if (cl >= 2 && c[0] == ' ' && c[cl - 1] == ' '
				    && !all_space) {
					c++;
					cl -= 2;
				}
				g_string_append_len(out, c, (gssize)cl);
			}
			i = close + n;
		} else {
			g_string_append_c(out, s[i]);
			i++;
		}
	}
	return g_string_free(out, FALSE);
}

/* One line of the input: [start, start + len), without its newline. */
typedef struct line {
	const char *start;
	size_t len;
} line;

static bool blank(const line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->start[i] != ' ' && l->start[i] != '\t')
			return false;
	return true;
}

static int heading_level(const line *l)
{
	int n = 0;
	while ((size_t)n < l->len && l->start[n] == '#')
		n++;
	if (n < 1 || n > 6 || ((size_t)n < l->len && l->start[n] != ' '))
		return 0;
	return n;
}

static bool bullet(const line *l)
{
	return l->len >= 2 && (l->start[0] == '-' || l->start[0] == '*')
	       && l->start[1] == ' ';
}

static bool table_row(const line *l)
{
	return l->len > 0 && l->start[0] == '|';
}

/* A delimiter row: cells of '-' with optional ':' at either end. */
static bool delimiter_row(const line *l)
{
	bool dash = false;

	if (!table_row(l))
		return false;
	for (size_t i = 0; i < l->len; i++) {
		char c = l->start[i];
		if (c == '-')
			dash = true;
		else if (c != '|' && c != ':' && c != ' ' && c != '\t')
			return false;
	}
	return dash;
}

/* Splits a table row into cells: at '|' but not at "\|", which becomes
 * '|' (GFM removes that backslash before reading the cell, even inside
 * a code span); other escapes are kept for mdblocks_inline. */
static GPtrArray *split_row(const line *l)
{
	GPtrArray *cells = g_ptr_array_new();
	GString *cell = NULL;
	size_t i = 0, end = l->len;

	if (i < end && l->start[i] == '|')
		i++;
	/* A final unescaped '|' closes the row rather than opening a cell. */
	if (end > i && l->start[end - 1] == '|'
	    && !(end >= 2 && l->start[end - 2] == '\\'))
		end--;
	cell = g_string_new(NULL);
	for (; i < end; i++) {
		char c = l->start[i];
		if (c == '\\' && i + 1 < end) {
			if (l->start[i + 1] != '|')
				g_string_append_c(cell, c);
			g_string_append_c(cell, l->start[i + 1]);
			i++;
		} else if (c == '|') {
			g_ptr_array_add(cells, g_string_free(cell, FALSE));
			cell = g_string_new(NULL);
		} else {
			g_string_append_c(cell, c);
		}
	}
	g_ptr_array_add(cells, g_string_free(cell, FALSE));
	return cells;
}

/* Inline text of S without the white space around it. */
static char *cell_text(const char *s)
{
	const char *a = s, *b = s + strlen(s);
	while (a < b && (*a == ' ' || *a == '\t'))
		a++;
	while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	return mdblocks_inline(a, (size_t)(b - a));
}

static md_block *add_block(GArray *blocks, md_kind kind)
{
	md_block b;
	memset(&b, 0, sizeof b);
	b.kind = kind;
	g_array_append_val(blocks, b);
	return &g_array_index(blocks, md_block, blocks->len - 1);
}

/* Joins lines FIRST .. FIRST+N-1 with spaces, the first one from offset
 * SKIP, and turns the result into plain text. */
static char *joined(const line *lines, size_t first, size_t n, size_t skip)
{
	GString *g = g_string_new(NULL);
	char *t;

	for (size_t i = 0; i < n; i++) {
		const line *l = &lines[first + i];
		size_t off = i == 0 ? skip : 0;
		while (off < l->len && (l->start[off] == ' '
					|| l->start[off] == '\t'))
			off++;
		if (g->len)
			g_string_append_c(g, ' ');
		g_string_append_len(g, l->start + off,
				    (gssize)(l->len - off));
	}
	t = mdblocks_inline(g->str, g->len);
	g_string_free(g, TRUE);
	return t;
}

static bool starts_block(const line *lines, size_t i, size_t n)
{
	return heading_level(&lines[i]) || bullet(&lines[i])
	       || (table_row(&lines[i]) && i + 1 < n
		   && delimiter_row(&lines[i + 1]));
}

/* The lines of the LEN bytes of TEXT, without their line ends. */
static GArray *split_lines(const char *text, size_t len)
{
	GArray *ls = g_array_new(FALSE, FALSE, sizeof(line));
	size_t pos = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		line l = { text + pos, nl ? (size_t)(nl - (text + pos))
					  : len - pos };
		if (l.len > 0 && l.start[l.len - 1] == '\r')
			l.len--;
		g_array_append_val(ls, l);
		pos = nl ? (size_t)(nl - text) + 1 : len;
	}
	return ls;
}

/* The heading of level LEVEL on line L. */
static void add_heading(GArray *blocks, const line *l, int level)
{
	md_block *b = add_block(blocks, MD_HEADING);
	size_t skip = (size_t)level;
	size_t end = l->len;

	while (skip < end && l->start[skip] == ' ')
		skip++;
	while (end > skip && l->start[end - 1] == ' ')
		end--;
	b->level = level;
	b->text = mdblocks_inline(l->start + skip, end - skip);
}

/* The table whose header is line I (its delimiter row follows); returns
 * the line after the table. */
static size_t add_table(GArray *blocks, const line *lines, size_t i,
			size_t n)
{
	GPtrArray *head = split_row(&lines[i]);
	GPtrArray *all = g_ptr_array_new();
	md_block *b = add_block(blocks, MD_TABLE);
	size_t cols = head->len;

	g_ptr_array_add(all, head);
	for (i += 2; i < n && table_row(&lines[i]); i++)
		g_ptr_array_add(all, split_row(&lines[i]));
	b->n_cols = cols;
	b->n_rows = all->len;
	b->cells = g_new0(char *, cols * all->len + 1);
	for (size_t r = 0; r < all->len; r++) {
		GPtrArray *row = g_ptr_array_index(all, r);
		for (size_t c = 0; c < cols; c++)
			b->cells[r * cols + c] = cell_text(
				c < row->len ? g_ptr_array_index(row, c) : "");
		g_ptr_array_set_free_func(row, g_free);
		g_ptr_array_free(row, TRUE);
	}
	g_ptr_array_free(all, TRUE);
	return i;
}

/* A bullet or paragraph (KIND) starting at line I, up to a blank line or
 * the start of another block; returns the line after it. */
static size_t add_text(GArray *blocks, md_kind kind, const line *lines,
		       size_t i, size_t n)
{
	size_t first = i++;

	while (i < n && !blank(&lines[i]) && !starts_block(lines, i, n))
		i++;
	add_block(blocks, kind)->text =
		joined(lines, first, i - first, kind == MD_BULLET ? 2 : 0);
	return i;
}

void mdblocks_parse(const char *text, size_t len, md_doc *doc)
{
	GArray *ls = split_lines(text, len);
	GArray *blocks = g_array_new(FALSE, FALSE, sizeof(md_block));
	const line *lines = (const line *)(void *)ls->data;
	size_t n = ls->len, i = 0;

	while (i < n) {
		const line *l = &lines[i];
		guint before = blocks->len;
		int level;

		if (blank(l)) {
			i++;
		} else if ((level = heading_level(l)) > 0) {
			add_heading(blocks, l, level);
			i++;
		} else if (table_row(l) && i + 1 < n
			   && delimiter_row(&lines[i + 1])) {
			i = add_table(blocks, lines, i, n);
		} else {
			i = add_text(blocks, bullet(l) ? MD_BULLET
						       : MD_PARAGRAPH,
				     lines, i, n);
		}
		if (blocks->len > before)
			g_array_index(blocks, md_block, before).offset =
				(size_t)(l->start - text);
	}
	g_array_free(ls, TRUE);
	doc->n = blocks->len;
	doc->blocks = (md_block *)(void *)g_array_free(blocks, FALSE);
}

void mdblocks_free(md_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		md_block *b = &doc->blocks[i];
		g_free(b->text);
		if (b->cells) {
			for (size_t k = 0; k < b->n_cols * b->n_rows; k++)
				g_free(b->cells[k]);
			g_free(b->cells);
		}
	}
	g_free(doc->blocks);
	doc->blocks = NULL;
	doc->n = 0;
}
