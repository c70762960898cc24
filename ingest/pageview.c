/* pageview.c: a Markdown page as a reader sees it (pageview.h).
 *
 * The page's bytes are checked and made valid UTF-8 first; cmark-gfm then
 * parses it, through an allocator of this file that counts what the tree
 * takes and gives up (by longjmp) past the budget; the tree is walked in
 * document order, each leaf block read into units.  Units' strings live
 * in an arena that the pageview owns. */
#include "config.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <glib.h>

#include "ingest/pageview.h"
#include "ingest/textcheck.h"
#include "ingest/pageview_html.h"

/* ---- the arena of the units' strings -------------------------------- */

/* A chunk's usual size; a larger string gets a chunk of its own. */
#define ARENA_CHUNK ((size_t)64 << 10)

typedef struct arena_chunk {
	struct arena_chunk *next;
	size_t cap, used;
	max_align_t data[];
} arena_chunk;

/* N bytes aligned to a pointer from the arena at *HEAD; NULL when memory
 * ran out. */
static void *arena_alloc(arena_chunk **head, size_t n)
{
	arena_chunk *c = *head;
	size_t at;

	if (c) {
		at = (c->used + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
		if (at <= c->cap && n <= c->cap - at) {
			c->used = at + n;
			return (char *)c->data + at;
		}
	}
	size_t cap = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
	arena_chunk *fresh = malloc(sizeof *fresh + cap);
	if (!fresh)
		return NULL;
	fresh->cap = cap;
	fresh->used = n;
	if (c && cap != ARENA_CHUNK) {
		/* behind the head, whose free room stays in use */
		fresh->next = c->next;
		c->next = fresh;
	} else {
		fresh->next = c;
		*head = fresh;
	}
	return fresh->data;
}

static void arena_free(arena_chunk *c)
{
	while (c) {
		arena_chunk *next = c->next;
		free(c);
		c = next;
	}
}

/* ---- the pageview --------------------------------------------------- */

struct pageview {
	pageview_unit *units;
	size_t n_units, cap_units;
	pageview_problem *problems;
	size_t n_problems, cap_problems;
	pageview_hidden *hidden;
	size_t n_hidden, cap_hidden;
	arena_chunk *arena;
};

/* Room for one more item of SIZE bytes in *ITEMS (N of CAP used). */
static bool grow(void *items, size_t *cap, size_t n, size_t size)
{
	void **p = items;
	size_t want;
	void *bigger;

	if (n < *cap)
		return true;
	want = *cap ? 2 * *cap : 16;
	if (want > SIZE_MAX / size)
		return false;
	bigger = realloc(*p, want * size);
	if (!bigger)
		return false;
	*p = bigger;
	*cap = want;
	return true;
}

void pageview_free(pageview *v)
{
	if (!v)
		return;
	free(v->units);
	free(v->problems);
	free(v->hidden);
	arena_free(v->arena);
	free(v);
}

size_t pageview_n_units(const pageview *v)
{
	return v->n_units;
}

const pageview_unit *pageview_unit_at(const pageview *v, size_t i)
{
	return &v->units[i];
}

size_t pageview_n_problems(const pageview *v)
{
	return v->n_problems;
}

const pageview_problem *pageview_problem_at(const pageview *v, size_t i)
{
	return &v->problems[i];
}

size_t pageview_n_hidden(const pageview *v)
{
	return v->n_hidden;
}

const pageview_hidden *pageview_hidden_at(const pageview *v, size_t i)
{
	return &v->hidden[i];
}

/* ---- cmark-gfm's memory --------------------------------------------- */

/* Each block cmark-gfm allocates is linked into its pool, so that a parse
 * given up in the middle frees all it took. */
typedef union pool_block {
	struct {
		union pool_block *prev, *next;
		size_t size;
	} h;
	max_align_t align;
} pool_block;

enum pool_trip { POOL_OVER_BUDGET = 1, POOL_NOMEM = 2 };

typedef struct pool {
	pool_block head;     /* the list's sentinel */
	size_t used, budget; /* bytes taken, headers included; used <= budget */
	enum pool_trip why;
	jmp_buf trip;
} pool;

/* cmark_mem's functions take no context: the pool of the parse under way
 * in this thread. */
static _Thread_local pool *active_pool;

static _Noreturn void pool_trip(pool *p, enum pool_trip why)
{
	p->why = why;
	longjmp(p->trip, 1);
}

static void pool_link(pool *p, pool_block *b)
{
	b->h.prev = &p->head;
	b->h.next = p->head.h.next;
	b->h.next->h.prev = b;
	p->head.h.next = b;
}

static void *pool_calloc(size_t n, size_t size)
{
	pool *p = active_pool;
	pool_block *b;

	if (size && n > (SIZE_MAX - sizeof *b) / size)
		pool_trip(p, POOL_NOMEM);
	if (n * size + sizeof *b > p->budget - p->used)
		pool_trip(p, POOL_OVER_BUDGET);
	b = calloc(1, sizeof *b + n * size);
	if (!b)
		pool_trip(p, POOL_NOMEM);
	b->h.size = n * size;
	pool_link(p, b);
	p->used += sizeof *b + n * size;
	return b + 1;
}

static void *pool_realloc(void *ptr, size_t size)
{
	pool *p = active_pool;
	pool_block *b, *moved;

	if (!ptr)
		return pool_calloc(1, size);
	b = (pool_block *)ptr - 1;
	if (size > SIZE_MAX - sizeof *b)
		pool_trip(p, POOL_NOMEM);
	if (size > b->h.size && size - b->h.size > p->budget - p->used)
		pool_trip(p, POOL_OVER_BUDGET);
	moved = realloc(b, sizeof *b + size);
	if (!moved)
		pool_trip(p, POOL_NOMEM);   /* b is still whole and linked */
	moved->h.prev->h.next = moved;
	moved->h.next->h.prev = moved;
	p->used = p->used - moved->h.size + size;
	moved->h.size = size;
	return moved + 1;
}

static void pool_free(void *ptr)
{
	pool *p = active_pool;
	pool_block *b;

	if (!ptr)
		return;
	b = (pool_block *)ptr - 1;
	b->h.prev->h.next = b->h.next;
	b->h.next->h.prev = b->h.prev;
	p->used -= sizeof *b + b->h.size;
	free(b);
}

static cmark_mem pool_mem = { pool_calloc, pool_realloc, pool_free };

static void pool_init(pool *p, size_t budget)
{
	p->head.h.prev = p->head.h.next = &p->head;
	p->used = 0;
	p->budget = budget;
	p->why = 0;
}

static void pool_release(pool *p)
{
	pool_block *b = p->head.h.next;

	while (b != &p->head) {
		pool_block *next = b->h.next;
		free(b);
		b = next;
	}
	pool_init(p, p->budget);
}

/* ---- the reader ----------------------------------------------------- */

typedef struct textbuf {
	char *s;
	size_t len, cap;
} textbuf;

/* A table row being read: its text, where each cell ends, the lines of
 * its visible text. */
typedef struct rowbuf {
	textbuf text;
	size_t *ends;
	size_t n_ends, cap_ends;
	size_t line, last_line;  /* 0 until a visible character came */
	bool html;
} rowbuf;

/* The lines of the part of the page being parsed, for what lies between
 * its blocks (link reference definitions). */
typedef struct source {
	const char *s;
	size_t len, pos;     /* pos: the start of line `line` */
	size_t line;         /* relative to the part, 1-based */
	size_t covered;      /* the last line a block of the part took */
} source;

typedef struct reader {
	pageview *v;
	pageview_limits lim;
	pb_status status;     /* PB_NOMEM once an allocation failed */
	bool stopped;         /* max_units reached: the rest is not read */
	bool hidden_full, problems_full;
	size_t line_base;     /* lines of the page before the part */
	size_t tables;        /* tables seen so far */
	source src;
	textbuf scratch;      /* normalisation */

	/* the unit being collected: paragraph text, heading, raw HTML */
	textbuf text;
	size_t text_line, text_last;  /* absolute; 0: nothing visible yet */
	bool text_html;
	char *text_link;      /* the first link's target, or NULL (arena) */
	char *line_link;      /* a paragraph's line being read: its first
				 link, the text's or dropped with a row */

	/* a paragraph's line (tab-separated fields) or a GFM row */
	rowbuf row;
	size_t tab_table;     /* the table of the tab rows just read, or 0 */

	/* the list item whose paragraphs are being joined */
	cmark_node *item;
	textbuf item_text;
	size_t item_line, item_last;
	bool item_html;
	char *item_link;      /* its first link's target, or NULL (arena) */

	/* raw HTML: the next unit's kind, an open table, row and cell */
	pageview_kind h_kind;
	int h_level;
	size_t h_table;       /* an open <table>'s number, or 0 */
	bool h_row_open, h_cell_open, h_row_all_th;
	rowbuf h_row;

	pool pool;
} reader;

static bool reader_done(const reader *r)
{
	return r->stopped || r->status != PB_OK;
}

static void nomem(reader *r)
{
	r->status = PB_NOMEM;
}

static void tb_add(reader *r, textbuf *b, const char *s, size_t n)
{
	if (n == 0 || r->status != PB_OK)
		return;
	if (b->cap - b->len <= n) {
		size_t want = b->cap ? b->cap : 256;
		while (want - b->len <= n && want < SIZE_MAX / 2)
			want *= 2;
		char *bigger = want - b->len > n ? realloc(b->s, want) : NULL;
		if (!bigger) {
			nomem(r);
			return;
		}
		b->s = bigger;
		b->cap = want;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static bool is_blank_byte(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool all_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_blank_byte(s[i]))
			return false;
	return true;
}

static void add_problem(reader *r, size_t line, size_t col, const char *what)
{
	pageview *v = r->v;

	if (r->problems_full || r->status != PB_OK)
		return;
	if (v->n_problems + 1 >= r->lim.max_problems) {
		r->problems_full = true;
		what = "more problems follow, not listed";
	}
	if (!grow(&v->problems, &v->cap_problems, v->n_problems,
		  sizeof *v->problems)) {
		nomem(r);
		return;
	}
	v->problems[v->n_problems++] = (pageview_problem){ line, col, what };
}

/* Hidden content from LINE to LAST (relative to the part). */
static void add_hidden(reader *r, size_t line, size_t last, const char *what)
{
	pageview *v = r->v;

	if (r->hidden_full || r->status != PB_OK)
		return;
	if (v->n_hidden >= r->lim.max_hidden) {
		r->hidden_full = true;
		add_problem(r, r->line_base + line, 1,
			    "more hidden content follows, not listed");
		return;
	}
	if (!grow(&v->hidden, &v->cap_hidden, v->n_hidden,
		  sizeof *v->hidden)) {
		nomem(r);
		return;
	}
	v->hidden[v->n_hidden++] = (pageview_hidden){
		r->line_base + line, r->line_base + (last < line ? line : last),
		what };
}

/* ---- normalisation -------------------------------------------------- */

/* What the normal form makes of the character at S (N bytes left):
 * 0 keeps it, ' ' reads it as a blank, '-' as a hyphen-minus, 'x' drops
 * it; *LEN its byte length. */
static char fold(const unsigned char *s, size_t n, size_t *len)
{
	*len = 1;
	if (s[0] < 0x80)
		return is_blank_byte((char)s[0]) ? ' ' : 0;
	if (s[0] == 0xC2 && n >= 2) {
		*len = 2;
		return s[1] == 0xA0 ? ' ' : 0;
	}
	if (s[0] == 0xE2 && n >= 3) {
		*len = 3;
		if (s[1] == 0x88 && s[2] == 0x92)
			return '-';                                /* U+2212 */
		if (s[1] == 0x80 && (s[2] == 0x87 || s[2] == 0x89
				     || s[2] == 0x8A || s[2] == 0xAF))
			return ' ';             /* U+2007, 2009, 200A, 202F */
		if ((s[1] == 0x80 && s[2] == 0x8B) ||
		    (s[1] == 0x81 && s[2] == 0xA0))
			return 'x';                         /* U+200B, 2060 */
		return 0;
	}
	if (s[0] == 0xEF && n >= 3 && s[1] == 0xBB && s[2] == 0xBF) {
		*len = 3;
		return 'x';                                        /* U+FEFF */
	}
	/* any other character: its lead byte and continuation bytes */
	while (*len < n && (s[*len] & 0xC0) == 0x80)
		(*len)++;
	return 0;
}

static bool has_non_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return true;
	return false;
}

/* The normal form of RAW[0..N) in the arena; NULL when memory ran out.
 * ASCII text is in NFC already, which saves GLib's copy of every page
 * in UCS-4. */
static char *normalize(reader *r, const char *raw, size_t n)
{
	gchar *nfc = NULL;
	const unsigned char *s = (const unsigned char *)raw;
	size_t out = 0;
	bool blank = false;
	char *copy;

	if (has_non_ascii(raw, n)) {
		nfc = g_utf8_normalize(raw, (gssize)n, G_NORMALIZE_NFC);
		if (nfc) {
			s = (const unsigned char *)nfc;
			n = strlen(nfc);
		}
	}
	r->scratch.len = 0;
	tb_add(r, &r->scratch, " ", 1);   /* room for n bytes below */
	if (r->status == PB_OK && r->scratch.cap <= n) {
		char *bigger = realloc(r->scratch.s, n + 1);
		if (bigger) {
			r->scratch.s = bigger;
			r->scratch.cap = n + 1;
		} else {
			nomem(r);
		}
	}
	if (r->status != PB_OK) {
		g_free(nfc);
		return NULL;
	}
	for (size_t i = 0; i < n;) {
		size_t len;
		char f = fold(s + i, n - i, &len);
		if (f == ' ') {
			blank = out > 0;
		} else if (f != 'x') {
			if (blank)
				r->scratch.s[out++] = ' ';
			blank = false;
			if (f == '-')
				r->scratch.s[out++] = '-';
			else
				memcpy(r->scratch.s + out, s + i, len), out += len;
		}
		i += len;
	}
	g_free(nfc);
	copy = arena_alloc(&r->v->arena, out + 1);
	if (!copy) {
		nomem(r);
		return NULL;
	}
	memcpy(copy, r->scratch.s, out);
	copy[out] = '\0';
	return copy;
}

/* ---- units ---------------------------------------------------------- */

/* A slot for the next unit, or NULL (the page's units are at their limit,
 * or memory ran out).  LINE is absolute, for the limit's problem. */
static pageview_unit *new_unit(reader *r, size_t line)
{
	pageview *v = r->v;

	if (reader_done(r))
		return NULL;
	if (v->n_units >= r->lim.max_units) {
		r->stopped = true;
		add_problem(r, line, 1,
			    "too many units: the rest of the page is not read");
		return NULL;
	}
	if (!grow(&v->units, &v->cap_units, v->n_units, sizeof *v->units)) {
		nomem(r);
		return NULL;
	}
	return &v->units[v->n_units];
}

/* A unit of one cell, RAW[0..N) normalised, from absolute lines LINE to
 * LAST; dropped when nothing of it is visible (an image is visible by
 * itself).  TARGET: an image's URL, or the target of a text's first
 * link. */
static void emit_text(reader *r, pageview_kind kind, int level, size_t line,
		      size_t last, bool html, const char *raw, size_t n,
		      const char *target)
{
	char *text, **cells, *url = NULL;
	pageview_unit *u;

	bool shows_itself = target && kind == PAGEVIEW_IMAGE;

	if (reader_done(r) || (all_blank(raw, n) && !shows_itself))
		return;
	text = normalize(r, raw, n);
	if (!text || (!*text && !shows_itself))
		return;
	cells = arena_alloc(&r->v->arena, sizeof *cells);
	if (target) {
		url = arena_alloc(&r->v->arena, strlen(target) + 1);
		if (url)
			strcpy(url, target);
	}
	if (!cells || (target && !url)) {
		nomem(r);
		return;
	}
	cells[0] = text;
	u = new_unit(r, line);
	if (!u)
		return;
	*u = (pageview_unit){ .kind = kind, .level = level, .line = line,
			      .last_line = last < line ? line : last,
			      .html = html, .n_cells = 1, .cells = cells,
			      .target = url };
	r->v->n_units++;
}

static void row_end_cell(reader *r, rowbuf *row)
{
	if (!grow(&row->ends, &row->cap_ends, row->n_ends,
		  sizeof *row->ends)) {
		nomem(r);
		return;
	}
	row->ends[row->n_ends++] = row->text.len;
}

/* Notes that text at absolute LINE is visible in ROW. */
static void row_seen(rowbuf *row, size_t line)
{
	if (!row->line)
		row->line = line;
	row->last_line = line;
}

static void row_clear(rowbuf *row)
{
	row->text.len = 0;
	row->n_ends = 0;
	row->line = row->last_line = 0;
	row->html = false;
}

/* ROW (its cells ended) as a unit of table TABLE; dropped when no cell
 * shows anything. */
static void emit_row(reader *r, rowbuf *row, size_t table, bool header)
{
	char **cells;
	bool visible = false;
	pageview_unit *u;

	if (reader_done(r) || row->n_ends == 0)
		return;
	cells = arena_alloc(&r->v->arena, row->n_ends * sizeof *cells);
	if (!cells) {
		nomem(r);
		return;
	}
	for (size_t i = 0, from = 0; i < row->n_ends; i++) {
		cells[i] = normalize(r, row->text.s + from,
				     row->ends[i] - from);
		if (!cells[i])
			return;
		visible = visible || *cells[i];
		from = row->ends[i];
	}
	if (!visible || !(u = new_unit(r, row->line)))
		return;
	*u = (pageview_unit){ .kind = PAGEVIEW_ROW, .line = row->line,
			      .last_line = row->last_line, .table = table,
			      .header = header, .html = row->html,
			      .n_cells = row->n_ends, .cells = cells };
	r->v->n_units++;
}

/* The unit collected in r->text, as KIND, then an empty one. */
static void flush_text(reader *r, pageview_kind kind, int level)
{
	if (r->text_line)
		emit_text(r, kind, level, r->text_line, r->text_last,
			  r->text_html, r->text.s, r->text.len, r->text_link);
	r->text.len = 0;
	r->text_link = NULL;
	r->text_line = r->text_last = 0;
	r->text_html = false;
}

static void text_seen(reader *r, size_t line)
{
	if (!r->text_line)
		r->text_line = line;
	r->text_last = line;
}

static void item_flush(reader *r)
{
	if (r->item)
		emit_text(r, PAGEVIEW_ITEM, 0, r->item_line, r->item_last,
			  r->item_html, r->item_text.s, r->item_text.len,
			  r->item_link);
	r->item = NULL;
	r->item_link = NULL;
	r->item_text.len = 0;
}

/* ---- lines between blocks ------------------------------------------- */

/* Moves S to the start of line LINE (at least its current one); false
 * past the end.  *N: the line's length without its line end. */
static bool source_line(source *s, size_t line, const char **text, size_t *n)
{
	for (;;) {
		size_t end = s->pos;
		while (end < s->len && s->s[end] != '\n' && s->s[end] != '\r')
			end++;
		if (s->line >= line) {
			*text = s->s + s->pos;
			*n = end - s->pos;
			return s->pos < s->len;
		}
		if (end >= s->len)
			return false;
		end += s->s[end] == '\r' && end + 1 < s->len
		       && s->s[end + 1] == '\n' ? 2 : 1;
		s->pos = end;
		s->line++;
	}
}

/* Whether a line, its block quote marks and list markers left out,
 * starts with '[', as a link reference definition does. */
static bool starts_like_definition(const char *s, size_t n)
{
	size_t i = 0;

	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i < n && s[i] == '>') {
			i++;
			continue;
		}
		size_t m = i;
		while (m < n && s[m] >= '0' && s[m] <= '9')
			m++;
		bool marker = (m == i && i < n && (s[i] == '-' || s[i] == '*'
						   || s[i] == '+'))
			      || (m > i && m < n && (s[m] == '.' || s[m] == ')'));
		size_t after = m == i ? i + 1 : m + 1;
		if (marker && (after == n || s[after] == ' '
			       || s[after] == '\t')) {
			i = after;
			continue;
		}
		return i < n && s[i] == '[';
	}
}

/* Lines FROM..TO (relative) that no block took: each link reference
 * definition there (a line starting with '[' and the non-blank lines
 * after it) is hidden. */
static void scan_gap(reader *r, size_t from, size_t to)
{
	size_t open = 0, last = 0;
	const char *text;
	size_t n;

	for (size_t line = from; line <= to; line++) {
		if (!source_line(&r->src, line, &text, &n))
			break;
		if (all_blank(text, n) || starts_like_definition(text, n)) {
			if (open)
				add_hidden(r, open, last,
					   "a link reference definition");
			open = 0;
		}
		if (!all_blank(text, n)) {
			if (starts_like_definition(text, n))
				open = line;
			last = line;
		}
	}
	if (open)
		add_hidden(r, open, last, "a link reference definition");
}

/* A block took relative lines START..END. */
static void cover(reader *r, size_t start, size_t end)
{
	if (start > r->src.covered + 1)
		scan_gap(r, r->src.covered + 1, start - 1);
	if (end > r->src.covered)
		r->src.covered = end;
}

/* ---- inline content ------------------------------------------------- */

/* Reading the inline content of one block. */
typedef struct inl {
	reader *r;
	textbuf *out;        /* where text goes (not in split mode) */
	bool split;          /* a paragraph: a line with a tab is a row */
	size_t line;         /* the relative line being read */
	bool html;           /* raw HTML met */
	const char *hiding;  /* inside an inline <script> or <style> */
	size_t hide_line;
	char **link;         /* where the first link's target goes, or NULL
				when the unit keeps none (a table cell) */
} inl;

/* Keeps TARGET[0..N) in *LINK (from the arena) unless a link came first;
 * DECODE: its character references decoded (an attribute's value; cmark
 * gives a Markdown link's target decoded already). */
static void keep_link(reader *r, char **link, const char *target, size_t n,
		      bool decode)
{
	char *out;
	size_t k = 0;

	if (!link || *link)
		return;
	out = arena_alloc(&r->v->arena, n + 1);
	if (!out) {
		nomem(r);
		return;
	}
	for (size_t i = 0; i < n;) {
		char buf[4];
		size_t len, used = decode && target[i] == '&'
			? pvhtml_entity(target + i, n - i, buf, &len) : 0;
		if (used && len <= used) {
			memcpy(out + k, buf, len);
			k += len;
			i += used;
		} else {
			out[k++] = target[i++];
		}
	}
	out[k] = '\0';
	*link = out;
}

/* The target of <a href=...> in tag T of S into *LINK, as keep_link. */
static void keep_href(reader *r, char **link, const char *s,
		      const pvhtml_token *t)
{
	const char *v;
	size_t n;

	if (link && !*link && !t->closing && strcmp(t->name, "a") == 0
	    && pvhtml_attr(s + t->start, t->end - t->start, "href", &v, &n))
		keep_link(r, link, v, n, true);
}

static size_t count_newlines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void inl_text(inl *c, const char *s, bool tabs_split)
{
	reader *r = c->r;
	size_t n = s ? strlen(s) : 0;

	if (c->hiding || n == 0)
		return;
	if (!c->split) {
		tb_add(r, c->out, s, n);
		return;
	}
	if (!all_blank(s, n))
		row_seen(&r->row, r->line_base + c->line);
	while (n > 0) {
		const char *tab = tabs_split ? memchr(s, '\t', n) : NULL;
		size_t k = tab ? (size_t)(tab - s) : n;
		tb_add(r, &r->row.text, s, k);
		if (!tab)
			break;
		row_end_cell(r, &r->row);
		s += k + 1;
		n -= k + 1;
	}
}

/* The end of a line of a paragraph read in split mode: a row when it
 * held a tab, else more of the paragraph's text. */
static void split_line_end(inl *c)
{
	reader *r = c->r;
	rowbuf *row = &r->row;

	if (row->n_ends > 0) {
		bool header = r->tab_table == 0;
		flush_text(r, PAGEVIEW_PARAGRAPH, 0);
		r->line_link = NULL;    /* a row keeps no link */
		if (header)
			r->tab_table = ++r->tables;
		row_end_cell(r, row);
		if (!row->line)
			row->line = row->last_line = r->line_base + c->line;
		emit_row(r, row, r->tab_table, header);
	} else {
		r->tab_table = 0;
		if (r->text.len)
			tb_add(r, &r->text, " ", 1);
		tb_add(r, &r->text, row->text.s ? row->text.s : "",
		       row->text.len);
		if (row->line) {
			text_seen(r, row->line);
			r->text_last = row->last_line;
		}
		r->text_html = r->text_html || row->html;
		if (!r->text_link)
			r->text_link = r->line_link;
		r->line_link = NULL;
	}
	row_clear(row);
}

static void inl_break(inl *c)
{
	if (c->split)
		split_line_end(c);
	else
		tb_add(c->r, c->out, " ", 1);
	c->line++;
}

static void inl_html(inl *c, const char *lit)
{
	reader *r = c->r;
	size_t lines;

	if (!lit)
		return;
	lines = count_newlines(lit);
	pvhtml_scan sc;
	pvhtml_token t;

	c->html = true;
	if (c->split)
		r->row.html = true;
	pvhtml_start(&sc, lit, strlen(lit));
	if (!pvhtml_next(&sc, &t)) {
		c->line += lines;
		return;
	}
	if (t.kind == PVHTML_COMMENT) {
		/* An empty one hides nothing: the page writer's mark after an
		 * '@' (common/mdbreak.h) is one. */
		if (!all_blank(lit + 4, t.end > 7 ? t.end - 7 : 0))
			add_hidden(r, c->line, c->line + lines,
				   "an HTML comment");
	} else if (t.kind == PVHTML_TAG && c->hiding) {
		if (t.closing && strcmp(t.name, c->hiding) == 0) {
			add_hidden(r, c->hide_line, c->line,
				   strcmp(c->hiding, "script") == 0
				   ? "the content of a <script> element"
				   : "the content of a <style> element");
			c->hiding = NULL;
		}
	} else if (t.kind == PVHTML_TAG && !t.closing
		   && (strcmp(t.name, "script") == 0
		       || strcmp(t.name, "style") == 0)) {
		c->hiding = strcmp(t.name, "script") == 0 ? "script" : "style";
		c->hide_line = c->line;
	} else if (t.kind == PVHTML_TAG && strcmp(t.name, "br") == 0) {
		inl_text(c, " ", false);
	} else if (t.kind == PVHTML_TAG) {
		keep_href(r, c->link, lit, &t);
	}
	c->line += lines;
}

/* Reads the inline content under NODE. */
static void collect(inl *c, cmark_node *node)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_TEXT:
			inl_text(c, cmark_node_get_literal(n), true);
			break;
		case CMARK_NODE_CODE:
			inl_text(c, cmark_node_get_literal(n), false);
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			inl_break(c);
			break;
		case CMARK_NODE_HTML_INLINE:
			inl_html(c, cmark_node_get_literal(n));
			break;
		case CMARK_NODE_LINK: {
			const char *url = cmark_node_get_url(n);
			keep_link(c->r, c->link, url ? url : "",
				  url ? strlen(url) : 0, false);
			break;
		}
		default:
			break;
		}
	}
	cmark_iter_free(it);
	if (c->hiding)
		add_hidden(c->r, c->hide_line, c->line,
			   strcmp(c->hiding, "script") == 0
			   ? "the content of a <script> element"
			   : "the content of a <style> element");
}

/* How many lines the inline content under NODE covers. */
static size_t inline_lines(cmark_node *node)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	size_t lines = 1;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			lines++;
			break;
		case CMARK_NODE_HTML_INLINE:
			lines += count_newlines(cmark_node_get_literal(n));
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
	return lines;
}

/* The relative lines of paragraph PARA into *START, *END.  cmark-gfm
 * 0.29 counts the link reference definitions it took out of the start
 * of a paragraph as the paragraph's lines: they are hidden, and the
 * paragraph starts after them. */
static void paragraph_lines(reader *r, cmark_node *para, size_t *start,
			    size_t *end)
{
	size_t first = (size_t)cmark_node_get_start_line(para);
	size_t last = (size_t)cmark_node_get_end_line(para);
	size_t lines = inline_lines(para);
	const char *text;
	size_t n;

	cover(r, first, last);
	*start = first;
	*end = last;
	if (last < first || last - first + 1 <= lines)
		return;
	if (source_line(&r->src, first, &text, &n)
	    && starts_like_definition(text, n)) {
		*start = last - lines + 1;
		add_hidden(r, first, *start - 1, "a link reference definition");
	}
}

/* ---- blocks --------------------------------------------------------- */

/* The image that paragraph PARA holds and nothing else (but blanks), or
 * NULL. */
static cmark_node *only_image(cmark_node *para)
{
	cmark_node *image = NULL;

	for (cmark_node *c = cmark_node_first_child(para); c;
	     c = cmark_node_next(c)) {
		cmark_node_type t = cmark_node_get_type(c);
		if (t == CMARK_NODE_IMAGE && !image)
			image = c;
		else if (t == CMARK_NODE_TEXT) {
			const char *s = cmark_node_get_literal(c);
			if (!all_blank(s, strlen(s)))
				return NULL;
		} else if (t != CMARK_NODE_SOFTBREAK
			   && t != CMARK_NODE_LINEBREAK)
			return NULL;
	}
	return image;
}

static void read_image(reader *r, cmark_node *image, size_t start,
		       size_t end)
{
	inl c = { .r = r, .out = &r->text, .line = start };
	const char *url = cmark_node_get_url(image);

	r->text.len = 0;
	collect(&c, image);
	emit_text(r, PAGEVIEW_IMAGE, 0, r->line_base + start,
		  r->line_base + end, c.html, r->text.s ? r->text.s : "",
		  r->text.len, url ? url : "");
	r->text.len = 0;
}

/* A paragraph of list item ITEM: joined to the item's text. */
static void read_item_paragraph(reader *r, cmark_node *item,
				cmark_node *para, size_t start, size_t end)
{
	inl c = { .r = r, .out = &r->item_text, .line = start,
		  .link = &r->item_link };

	if (r->item != item) {
		item_flush(r);
		r->item = item;
		r->item_line = r->line_base + start;
		r->item_html = false;
	} else {
		tb_add(r, &r->item_text, " ", 1);
	}
	collect(&c, para);
	r->item_last = r->line_base + end;
	r->item_html = r->item_html || c.html;
}

static void read_paragraph(reader *r, cmark_node *para)
{
	cmark_node *parent = cmark_node_parent(para);
	cmark_node *image = only_image(para);
	size_t start, end;
	inl c = { .r = r, .split = true, .link = &r->line_link };

	paragraph_lines(r, para, &start, &end);
	if (!image && cmark_node_get_type(parent) == CMARK_NODE_ITEM) {
		read_item_paragraph(r, parent, para, start, end);
		return;
	}
	item_flush(r);
	if (image) {
		read_image(r, image, start, end);
		return;
	}
	c.line = start;
	r->tab_table = 0;
	r->line_link = NULL;
	row_clear(&r->row);
	collect(&c, para);
	split_line_end(&c);
	flush_text(r, PAGEVIEW_PARAGRAPH, 0);
	r->tab_table = 0;
}

static void read_heading(reader *r, cmark_node *heading)
{
	size_t start = (size_t)cmark_node_get_start_line(heading);
	size_t end = (size_t)cmark_node_get_end_line(heading);
	inl c = { .r = r, .out = &r->text, .line = start,
		  .link = &r->text_link };

	cover(r, start, end);
	r->text.len = 0;
	r->text_link = NULL;
	collect(&c, heading);
	r->text_line = r->line_base + start;
	r->text_last = r->line_base + end;
	r->text_html = c.html;
	flush_text(r, PAGEVIEW_HEADING, cmark_node_get_heading_level(heading));
}

static void read_code(reader *r, cmark_node *code)
{
	size_t start = (size_t)cmark_node_get_start_line(code);
	size_t end = (size_t)cmark_node_get_end_line(code);
	const char *lit = cmark_node_get_literal(code);

	cover(r, start, end);
	emit_text(r, PAGEVIEW_CODE, 0, r->line_base + start,
		  r->line_base + end, false, lit, strlen(lit), NULL);
}

/* A row of a GFM table. */
static void read_gfm_row(reader *r, cmark_node *row)
{
	size_t line = (size_t)cmark_node_get_start_line(row);

	row_clear(&r->row);
	for (cmark_node *cell = cmark_node_first_child(row); cell;
	     cell = cmark_node_next(cell)) {
		inl c = { .r = r, .out = &r->row.text, .line = line };
		collect(&c, cell);
		r->row.html = r->row.html || c.html;
		row_end_cell(r, &r->row);
	}
	r->row.line = r->row.last_line = r->line_base + line;
	emit_row(r, &r->row, r->tables,
		 cmark_gfm_extensions_get_table_row_is_header(row) != 0);
	row_clear(&r->row);
}

/* ---- raw HTML blocks ------------------------------------------------ */

/* Where in an HTML block the reading is: the block's text and the line
 * of position `at` (relative to the part), moved forward only. */
typedef struct html_pos {
	const char *s;
	size_t at, line;
} html_pos;

static size_t html_line(html_pos *h, size_t pos)
{
	for (; h->at < pos; h->at++)
		h->line += h->s[h->at] == '\n';
	return h->line;
}

static void html_flush_unit(reader *r)
{
	flush_text(r, r->h_kind, r->h_level);
}

static void html_cell_end(reader *r)
{
	if (r->h_cell_open)
		row_end_cell(r, &r->h_row);
	r->h_cell_open = false;
}

static void html_row_end(reader *r)
{
	html_cell_end(r);
	if (r->h_row_open) {
		r->h_row.html = true;
		emit_row(r, &r->h_row, r->h_table,
			 r->h_row_all_th && r->h_row.n_ends > 0);
	}
	row_clear(&r->h_row);
	r->h_row_open = false;
}

static void html_row_begin(reader *r)
{
	html_row_end(r);
	if (!r->h_table)
		r->h_table = ++r->tables;   /* a <tr> without <table> */
	r->h_row_open = true;
	r->h_row_all_th = true;
}

static void html_cell_begin(reader *r, bool th)
{
	if (!r->h_row_open) {
		html_flush_unit(r);
		html_row_begin(r);
	}
	html_cell_end(r);
	r->h_cell_open = true;
	r->h_row_all_th = r->h_row_all_th && th;
}

/* Text of an HTML block S[0..N), entities decoded, into the open cell or
 * the unit being collected; H tells the lines. */
static void html_text(reader *r, html_pos *h, size_t from, size_t n)
{
	const char *s = h->s + from;
	textbuf *out = r->h_cell_open ? &r->h_row.text : &r->text;
	size_t first = 0, last = n;

	while (first < n && is_blank_byte(s[first]))
		first++;
	if (first == n) {
		tb_add(r, out, " ", 1);
		return;
	}
	while (last > first && is_blank_byte(s[last - 1]))
		last--;
	size_t line_first = r->line_base + html_line(h, from + first);
	size_t line_last = r->line_base + html_line(h, from + last - 1);
	if (r->h_cell_open) {
		row_seen(&r->h_row, line_first);
		row_seen(&r->h_row, line_last);
	} else {
		text_seen(r, line_first);
		text_seen(r, line_last);
		r->text_html = true;
	}
	for (size_t i = 0; i < n;) {
		char buf[4];
		size_t k, used = s[i] == '&'
			? pvhtml_entity(s + i, n - i, buf, &k) : 0;
		if (used) {
			tb_add(r, out, buf, k);
			i += used;
			continue;
		}
		const char *amp = memchr(s + i + 1, '&', n - i - 1);
		k = amp ? (size_t)(amp - s) - i : n - i;
		tb_add(r, out, s + i, k);
		i += k;
	}
}

/* A tag that starts a unit of its own: its kind and level into *KIND and
 * *LEVEL; false for any other. */
static bool block_tag(const char *name, pageview_kind *kind, int *level)
{
	static const char *const paragraphs[] = { "p", "div", "br",
						  "blockquote" };

	*level = 0;
	*kind = PAGEVIEW_PARAGRAPH;
	if (strcmp(name, "li") == 0) {
		*kind = PAGEVIEW_ITEM;
		return true;
	}
	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && !name[2]) {
		*kind = PAGEVIEW_HEADING;
		*level = name[1] - '0';
		return true;
	}
	for (size_t i = 0; i < sizeof paragraphs / sizeof *paragraphs; i++)
		if (strcmp(name, paragraphs[i]) == 0)
			return true;
	return false;
}

static void html_hide_element(reader *r, html_pos *h, pvhtml_scan *sc,
			      const pvhtml_token *t)
{
	size_t end, first = html_line(h, t->start);
	bool script = strcmp(t->name, "script") == 0;

	pvhtml_skip_to_end_tag(sc, t->name, &end);
	add_hidden(r, first, html_line(h, end),
		   script ? "the content of a <script> element"
		   : "the content of a <style> element");
}

static void html_tag(reader *r, html_pos *h, pvhtml_scan *sc,
		     const pvhtml_token *t)
{
	const char *name = t->name;
	pageview_kind kind;
	int level;

	if (!t->closing && (strcmp(name, "script") == 0
			    || strcmp(name, "style") == 0)) {
		html_hide_element(r, h, sc, t);
	} else if (strcmp(name, "table") == 0) {
		html_flush_unit(r);
		html_row_end(r);
		r->h_table = t->closing ? 0 : ++r->tables;
	} else if (strcmp(name, "tr") == 0) {
		html_flush_unit(r);
		if (t->closing)
			html_row_end(r);
		else
			html_row_begin(r);
	} else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0) {
		if (t->closing)
			html_cell_end(r);
		else
			html_cell_begin(r, name[1] == 'h');
	} else if (block_tag(name, &kind, &level)) {
		if (r->h_cell_open) {
			tb_add(r, &r->h_row.text, " ", 1);
			return;
		}
		html_flush_unit(r);
		r->h_kind = t->closing ? PAGEVIEW_PARAGRAPH : kind;
		r->h_level = t->closing ? 0 : level;
	} else if (!r->h_cell_open) {
		keep_href(r, &r->text_link, h->s, t);
	}
}

static void html_comment(reader *r, html_pos *h, const pvhtml_token *t)
{
	size_t first = html_line(h, t->start);

	add_hidden(r, first, html_line(h, t->end - 1), "an HTML comment");
}

static void read_html_block(reader *r, cmark_node *node)
{
	const char *lit = cmark_node_get_literal(node);
	size_t len = strlen(lit);
	size_t start = (size_t)cmark_node_get_start_line(node);
	html_pos h = { lit, 0, start };
	pvhtml_scan sc;
	pvhtml_token t;

	/* cmark-gfm 0.29 may end an HTML block's lines one early: its text
	 * says where it ends */
	cover(r, start, start + count_newlines(lit)
		  - (len && lit[len - 1] == '\n'));
	r->h_kind = PAGEVIEW_PARAGRAPH;
	r->h_level = 0;
	pvhtml_start(&sc, lit, len);
	while (!reader_done(r) && pvhtml_next(&sc, &t)) {
		if (t.kind == PVHTML_TEXT)
			html_text(r, &h, t.start, t.end - t.start);
		else if (t.kind == PVHTML_COMMENT)
			html_comment(r, &h, &t);
		else if (t.kind == PVHTML_TAG)
			html_tag(r, &h, &sc, &t);
	}
	html_flush_unit(r);
	r->h_kind = PAGEVIEW_PARAGRAPH;
}

/* ---- the walk ------------------------------------------------------- */

/* Reads block NODE; true when its children are read with it. */
static bool read_block(reader *r, cmark_node *node)
{
	cmark_node_type type = cmark_node_get_type(node);
	const char *ext;

	switch (type) {
	case CMARK_NODE_DOCUMENT:
		return false;
	case CMARK_NODE_PARAGRAPH:
		read_paragraph(r, node);
		return true;
	case CMARK_NODE_ITEM:
	case CMARK_NODE_LIST:
	case CMARK_NODE_BLOCK_QUOTE:
		item_flush(r);
		return false;
	default:
		break;
	}
	item_flush(r);
	switch (type) {
	case CMARK_NODE_HEADING:
		read_heading(r, node);
		return true;
	case CMARK_NODE_CODE_BLOCK:
		read_code(r, node);
		return false;
	case CMARK_NODE_HTML_BLOCK:
		read_html_block(r, node);
		return false;
	case CMARK_NODE_THEMATIC_BREAK:
		cover(r, (size_t)cmark_node_get_start_line(node),
		      (size_t)cmark_node_get_end_line(node));
		return false;
	default:
		break;
	}
	ext = cmark_node_get_type_string(node);
	if (strcmp(ext, "table") == 0) {
		cover(r, (size_t)cmark_node_get_start_line(node),
		      (size_t)cmark_node_get_end_line(node));
		r->tables++;
		return false;
	}
	if (strcmp(ext, "table_row") == 0 || strcmp(ext, "table_header") == 0) {
		read_gfm_row(r, node);
		return true;
	}
	return false;
}

static void walk(reader *r, cmark_node *doc)
{
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;

	while (!reader_done(r)
	       && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *node = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_EXIT) {
			if (node == r->item)
				item_flush(r);
			continue;
		}
		if (read_block(r, node))
			cmark_iter_reset(it, node, CMARK_EVENT_EXIT);
	}
	cmark_iter_free(it);
	item_flush(r);
	cover(r, SIZE_MAX, 0);
}

/* ---- parsing -------------------------------------------------------- */

static void attach_extensions(cmark_parser *parser)
{
	static const char *const names[] = { "table", "strikethrough",
					     "autolink" };

	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		cmark_syntax_extension *e = cmark_find_syntax_extension(names[i]);
		if (e)
			cmark_parser_attach_syntax_extension(parser, e);
	}
}

/* cmark-gfm marks the extensions' characters in a table of its own for
 * the length of an inline parse; a parse given up there leaves them
 * marked, and a whole small parse clears them again. */
static void settle_cmark(void)
{
	cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);

	if (!parser)
		return;
	attach_extensions(parser);
	cmark_parser_feed(parser, "x\n", 2);
	cmark_node_free(cmark_parser_finish(parser));
	cmark_parser_free(parser);
}

static void parse_and_walk(reader *r, const char *s, size_t len)
{
	cmark_parser *parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT,
							 &pool_mem);
	cmark_node *doc;

	attach_extensions(parser);
	cmark_parser_feed(parser, s, len);
	doc = cmark_parser_finish(parser);
	walk(r, doc);
	cmark_node_free(doc);
	cmark_parser_free(parser);
}

typedef enum part_result { PART_READ, PART_TOO_BIG, PART_NOMEM } part_result;

/* Parses and reads S[0..LEN), a part of the page (or all of it) whose
 * first line is line r->line_base + 1. */
static part_result read_part(reader *r, const char *s, size_t len)
{
	pool *p = &r->pool;

	r->src = (source){ .s = s, .len = len, .line = 1 };
	pool_init(p, r->lim.parse_budget);
	active_pool = p;
	if (setjmp(p->trip) != 0) {
		active_pool = NULL;
		pool_release(p);
		settle_cmark();
		return p->why == POOL_NOMEM ? PART_NOMEM : PART_TOO_BIG;
	}
	parse_and_walk(r, s, len);
	active_pool = NULL;
	pool_release(p);
	return PART_READ;
}

/* Where the part of S[0..LEN) from FROM ends: after the last blank line
 * within MAX bytes, else after the last line end, else at a character's
 * start. */
static size_t part_end(const char *s, size_t len, size_t from, size_t max)
{
	size_t lim = from + max, i;

	if (len - from <= max)
		return len;
	for (i = lim; i > from + 1; i--) {
		size_t at = i - 1;      /* a '\n' ending a blank line? */
		if (s[at] != '\n')
			continue;
		if (s[at - 1] == '\n' || (s[at - 1] == '\r' && at >= from + 2
					  && s[at - 2] == '\n'))
			return i;
	}
	for (i = lim; i > from; i--)
		if (s[i - 1] == '\n')
			return i;
	for (i = lim; i > from + 1 && ((unsigned char)s[i] & 0xC0) == 0x80;)
		i--;
	return s[i - 1] == '\r' && s[i] == '\n' ? i + 1 : i;
}

/* Line ends in S[0..LEN), CR LF counted once. */
static size_t count_line_ends(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		if (s[i] == '\n' || (s[i] == '\r'
				     && (i + 1 == len || s[i + 1] != '\n')))
			n++;
	return n;
}

/* The state a part given up in the middle left, cleared. */
static void reader_forget(reader *r)
{
	r->text.len = r->item_text.len = 0;
	r->text_line = r->text_last = 0;
	r->text_html = false;
	r->item = NULL;
	row_clear(&r->row);
	r->tab_table = 0;
}

/* Reads S[0..LEN) part by part, for a page that cannot be parsed
 * whole. */
static void read_in_parts(reader *r, const char *s, size_t len)
{
	size_t from = 0;

	add_problem(r, 1, 1, "the page is too large or too complex to parse "
		    "whole: it is read in parts, and a table or list across "
		    "two parts reads as two");
	while (from < len && !reader_done(r)) {
		size_t end = part_end(s, len, from, r->lim.part_size);
		size_t units = r->v->n_units, hidden = r->v->n_hidden;
		size_t tables = r->tables;
		part_result got = read_part(r, s + from, end - from);

		if (got == PART_NOMEM) {
			nomem(r);
		} else if (got == PART_TOO_BIG) {
			reader_forget(r);
			r->v->n_units = units;
			r->v->n_hidden = hidden;
			r->tables = tables;
			add_problem(r, r->line_base + 1, 1, "this part of the "
				    "page is too complex to parse: not read");
		}
		r->line_base += count_line_ends(s + from, end - from);
		from = end;
	}
}

/* ---- the bytes ------------------------------------------------------ */

/* What is wrong with the byte at S, or NULL when it starts a character
 * of text; *N the length of the character or of the bad bytes. */
static const char *bad_bytes(const unsigned char *s, size_t left, size_t *n)
{
	*n = 1;
	if (s[0] == 0)
		return "a NUL byte";
	if (s[0] < 0x20 && s[0] != '\t' && s[0] != '\n' && s[0] != '\r')
		return "a control character";
	*n = textcheck_utf8_len(s, left);
	if (*n == 0) {
		/* a sequence cut short or out of range is one fault: its lead
		 * byte and the continuation bytes it claims */
		size_t want = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3
			      : s[0] >= 0xC0 ? 2 : 1;
		*n = 1;
		while (*n < want && *n < left && (s[*n] & 0xC0) == 0x80)
			(*n)++;
		return "invalid UTF-8";
	}
	return NULL;
}

/* Whether the block quote marks and list markers at the start of the
 * line S[0..N) open more than PAGEVIEW_MAX_DEPTH blocks: then the marks
 * past that depth are S[*CUT..*END).  cmark-gfm takes about a second for
 * each MiB of such marks (`>>>>`, `- - - a`). */
static bool too_deep(const char *s, size_t n, size_t *cut, size_t *end)
{
	size_t depth = 0, i = 0;

	for (;;) {
		size_t m;
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		for (m = i; m < n && m - i < 9 && s[m] >= '0' && s[m] <= '9';)
			m++;
		if (i < n && s[i] == '>') {
			i++;
		} else if (m == i && i + 1 < n && (s[i] == '-' || s[i] == '*'
						   || s[i] == '+')
			   && (s[i + 1] == ' ' || s[i + 1] == '\t')) {
			i += 2;
		} else if (m > i && m + 1 < n && (s[m] == '.' || s[m] == ')')
			   && (s[m + 1] == ' ' || s[m + 1] == '\t')) {
			i = m + 2;
		} else {
			break;
		}
		if (++depth == PAGEVIEW_MAX_DEPTH)
			*cut = i;
	}
	*end = i;
	return depth > PAGEVIEW_MAX_DEPTH;
}

/* The length of the line at S[0..LEFT) without its line end. */
static size_t line_length(const char *s, size_t left)
{
	size_t n = 0;

	while (n < left && s[n] != '\n' && s[n] != '\r')
		n++;
	return n;
}

/* The length of the line end at S[0..LEFT): 0, 1 or 2 (CR LF). */
static size_t line_end_length(const char *s, size_t left)
{
	if (left == 0)
		return 0;
	return s[0] == '\r' && left > 1 && s[1] == '\n' ? 2 : 1;
}

/* Checks the LINE'th line, S[0..N): each fault a problem; what its clean
 * copy leaves out and adds, in bytes, added to *DROP and *ADD. */
static void check_line(reader *r, const char *s, size_t n, size_t line,
		       size_t *drop, size_t *add)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t cut, end, k;

	if (too_deep(s, n, &cut, &end)) {
		add_problem(r, line, cut + 1, "more than "
			    PAGEVIEW_MAX_DEPTH_TEXT " nested blocks: the "
			    "deeper marks are left out");
		*drop += end - cut;
	}
	for (size_t i = 0; i < n; i += k) {
		if (bad_bytes(u + i, n - i, &k)) {
			add_problem(r, line, i + 1, bad_bytes(u + i, n - i, &k));
			*add += 3;
			*drop += k;
		}
	}
}

/* The clean copy of the line S[0..N) at OUT: marks too deep left out,
 * bytes that are not text as U+FFFD.  Returns the bytes written. */
static size_t copy_line(const char *s, size_t n, char *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t cut = 0, end = 0, k, o = 0;

	if (!too_deep(s, n, &cut, &end))
		cut = end = 0;
	for (size_t i = 0; i < n; i += k) {
		if (i == cut && end > cut) {
			k = end - cut;
		} else if (bad_bytes(u + i, n - i, &k)) {
			memcpy(out + o, "\xEF\xBF\xBD", 3);
			o += 3;
		} else {
			memcpy(out + o, s + i, k);
			o += k;
		}
	}
	return o;
}

/* Checks TEXT[0..LEN), each fault a problem; a clean copy into *CLEAN
 * (free it), or *CLEAN NULL when the text is good as it is. */
static void clean_bytes(reader *r, const char *text, size_t len,
			char **clean, size_t *clean_len)
{
	size_t line = 1, drop = 0, add = 0, out = 0, n;
	char *copy;

	*clean = NULL;
	*clean_len = len;
	for (size_t i = 0; i < len; line++) {
		n = line_length(text + i, len - i);
		check_line(r, text + i, n, line, &drop, &add);
		i += n;
		i += line_end_length(text + i, len - i);
	}
	if ((drop == 0 && add == 0) || r->status != PB_OK)
		return;
	copy = malloc(len - drop + add + 1);
	if (!copy) {
		nomem(r);
		return;
	}
	for (size_t i = 0; i < len;) {
		n = line_length(text + i, len - i);
		out += copy_line(text + i, n, copy + out);
		i += n;
		n = line_end_length(text + i, len - i);
		memcpy(copy + out, text + i, n);
		out += n;
		i += n;
	}
	copy[out] = '\0';
	*clean = copy;
	*clean_len = out;
}

/* ---- reading a page ------------------------------------------------- */

static void reader_free(reader *r)
{
	free(r->scratch.s);
	free(r->text.s);
	free(r->item_text.s);
	free(r->row.text.s);
	free(r->row.ends);
	free(r->h_row.text.s);
	free(r->h_row.ends);
}

/* Forgets the units and hidden content of a whole parse given up. */
static void forget_reading(reader *r)
{
	reader_forget(r);
	r->v->n_units = 0;
	r->v->n_hidden = 0;
	r->tables = 0;
	r->h_table = 0;
	r->h_row_open = r->h_cell_open = false;
	row_clear(&r->h_row);
	r->hidden_full = false;
	arena_free(r->v->arena);
	r->v->arena = NULL;
}

static void read_page(reader *r, const char *s, size_t len)
{
	part_result got = read_part(r, s, len);

	if (got == PART_NOMEM) {
		nomem(r);
	} else if (got == PART_TOO_BIG) {
		forget_reading(r);
		read_in_parts(r, s, len);
	}
	/* a row of an HTML table the page left open */
	if (!reader_done(r))
		html_row_end(r);
}

pb_status pageview_read_limited(const char *text, size_t len,
				const pageview_limits *limits,
				pageview **out)
{
	reader *r = calloc(1, sizeof *r);
	char *clean;
	size_t clean_len;
	pb_status status;

	*out = NULL;
	if (!r)
		return PB_NOMEM;
	r->v = calloc(1, sizeof *r->v);
	if (!r->v) {
		free(r);
		return PB_NOMEM;
	}
	r->lim = *limits;
	if (r->lim.max_problems < 1)
		r->lim.max_problems = 1;
	r->h_kind = PAGEVIEW_PARAGRAPH;
	cmark_gfm_core_extensions_ensure_registered();
	clean_bytes(r, text, len, &clean, &clean_len);
	if (r->status == PB_OK)
		read_page(r, clean ? clean : text, clean_len);
	free(clean);
	reader_free(r);
	status = r->status;
	if (status == PB_OK)
		*out = r->v;
	else
		pageview_free(r->v);
	free(r);
	return status;
}

pb_status pageview_read(const char *text, size_t len, pageview **out)
{
	static const pageview_limits limits = {
		PAGEVIEW_PARSE_BUDGET, PAGEVIEW_PART_SIZE, PAGEVIEW_MAX_UNITS,
		PAGEVIEW_MAX_HIDDEN, PAGEVIEW_MAX_PROBLEMS
	};

	return pageview_read_limited(text, len, &limits, out);
}
