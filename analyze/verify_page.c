/* verify_page.c: a published page's every line set beside the page
 * pairboot writes from the study (see verify_page.h). */
#include "analyze/verify_page.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ingest/pubmatch.h"

/* Pairing by shared words sets every unpaired line of one side beside
 * every one of the other; beyond this many such pairs it is skipped. */
#define WORD_PAIRS_MAX ((size_t)1 << 20)
/* The share of their words two lines must have in common to be paired
 * (twice the words in common over the words of both). */
#define WORD_SHARE_MIN 0.75
/* A run of at least this many hexadecimal digits is a digest. */
#define DIGEST_MIN_DIGITS 16

#define NO_PARTNER ((size_t)-1)

/* Starts the normal form of a table row and parts its cells; neither
 * byte is in a page's text (control characters are refused). */
#define ROW_MARK '\x1e'
#define CELL_MARK '\x1f'

typedef struct line_unit {
	size_t line;           /* 1-based line of its text */
	size_t lead;           /* blanks cut from its start */
	char *raw;             /* the line, without its line end, trimmed */
	char *norm;            /* its normal form */
	char *skel;            /* the normal form with numbers masked */
	char *key;             /* a table row: first cell and width */
	const char *section;   /* the heading it lies under (borrowed from
				  the side's sections) */
	size_t partner;        /* index on the other side, or NO_PARTNER */
	bool exact;            /* the partner is equal in normal form */
} line_unit;

typedef struct page_side {
	GArray *units;         /* of line_unit */
	GPtrArray *sections;   /* owned heading texts */
} page_side;

/* ---------------------------------------------------------------------
 * Normal forms. */

static bool is_punct(char c)
{
	return c && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) != NULL;
}

/* The bytes of a space that is not ' ' at S (N left), or 0: tab, CR,
 * NO-BREAK SPACE, NARROW NO-BREAK SPACE. */
static size_t other_space(const char *s, size_t n)
{
	if (*s == '\t' || *s == '\r')
		return 1;
	if (n >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0)
		return 2;
	if (n >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80
	    && (unsigned char)s[2] == 0xaf)
		return 3;
	return 0;
}

/* Appends LEN bytes of S to OUT in normal form: without code-span
 * backticks, backslash escapes and the empty comment that keeps an '@'
 * from becoming a link, each run of white space one space, trimmed. */
static void clean_append(GString *out, const char *s, size_t len)
{
	size_t start = out->len;
	bool space = false;

	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		size_t sp = other_space(s + i, len - i);

		if (c == '<' && len - i >= 8 && memcmp(s + i, "<!-- -->", 8) == 0) {
			i += 7;
			continue;
		}
		if (c == '`')
			continue;
		/* A count's digit groups ("10 000") read as the digits
		 * alone, as a page without grouping writes them. */
		if (sp > 1 && out->len > start && !space
		    && out->str[out->len - 1] >= '0'
		    && out->str[out->len - 1] <= '9'
		    && pub_group_len(s + i, false) == sp) {
			i += sp - 1;
			continue;
		}
		if (c == ROW_MARK || c == CELL_MARK)
			c = ' ';   /* no text may pass for a row */
		if (c == ' ' || sp) {
			i += sp ? sp - 1 : 0;
			space = true;
			continue;
		}
		if (c == '\\' && i + 1 < len && is_punct(s[i + 1]))
			c = s[++i];
		if (space && out->len > start)
			g_string_append_c(out, ' ');
		space = false;
		g_string_append_c(out, c);
	}
}

/* Whether the cell S (LEN bytes) is one of a delimiter row: dashes and
 * colons, at least one dash. */
static bool delimiter_cell(const char *s, size_t len)
{
	bool dash = false;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '-')
			dash = true;
		else if (s[i] != ':' && s[i] != ' ' && s[i] != '\t')
			return false;
	}
	return dash;
}

/* The cells of the row S (LEN bytes, trimmed) as offsets into S: a
 * Markdown row between unescaped pipes, else a row of tab-parted cells.
 * Returns the number of cells; *BOUNDS gets 2 per cell (g_free). */
static size_t row_cells(const char *s, size_t len, size_t **bounds)
{
	GArray *b = g_array_new(FALSE, FALSE, sizeof(size_t));
	bool md = s[0] == '|';
	char sep = md ? '|' : '\t';
	size_t from = md ? 1 : 0, end = len;

	if (md && len > 1 && s[len - 1] == '|' && s[len - 2] != '\\')
		end = len - 1;
	for (size_t i = from; i <= end; i++) {
		if (i < end && (s[i] != sep || (md && s[i - 1] == '\\')))
			continue;
		g_array_append_val(b, from);
		g_array_append_val(b, i);
		from = i + 1;
	}
	size_t n = b->len / 2;
	*bounds = (size_t *)g_array_free(b, FALSE);
	return n;
}

/* The normal form of the row S (LEN bytes) into NORM, its first cell and
 * width into KEY; false for a delimiter row. */
static bool row_norm(const char *s, size_t len, GString *norm, GString *key)
{
	size_t *b;
	size_t n = row_cells(s, len, &b);
	bool delimiter = n > 0;

	for (size_t i = 0; i < n; i++)
		delimiter = delimiter && delimiter_cell(s + b[2 * i],
							b[2 * i + 1] - b[2 * i]);
	g_string_append_c(norm, ROW_MARK);
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(norm, CELL_MARK);
		clean_append(norm, s + b[2 * i], b[2 * i + 1] - b[2 * i]);
		if (i == 0)
			g_string_append_printf(key, "%s%c%zu", norm->str,
					       CELL_MARK, n);
	}
	g_free(b);
	return !delimiter;
}

/* The normal form of a line that is not a row: without its heading or
 * list mark. */
static void text_norm(const char *s, size_t len, GString *norm)
{
	size_t i = 0;

	while (i < len && s[i] == '#')
		i++;
	if (i == 0 || i >= len || s[i] != ' ')
		i = 0;
	while (i < len && s[i] == ' ')
		i++;
	if (len - i >= 2 && strchr("-*+", s[i]) && s[i + 1] == ' ')
		i += 2;
	else if (len - i >= 4 && memcmp(s + i, "\xe2\x80\xa2 ", 4) == 0)
		i += 4;   /* a bullet, as a plain-text copy has it */
	clean_append(norm, s + i, len - i);
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')
	       || (c >= 'A' && c <= 'F');
}

static bool is_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')
	       || (c >= 'A' && c <= 'Z');
}

/* The length of the token at S that the skeleton masks: a digest (a run
 * of hexadecimal digits long enough, not inside a word) or a number (an
 * optional sign, digits, a decimal point and digits); 0 if none starts
 * there.  AFTER_WORD: S follows a letter or digit. */
static size_t masked_token(const char *s, bool after_word)
{
	size_t n = 0, i = 0;

	if (!after_word) {
		while (is_hex(s[n]))
			n++;
		if (n >= DIGEST_MIN_DIGITS && !is_alnum(s[n]))
			return n;
	}
	if ((s[0] == '+' || s[0] == '-') && s[1] >= '0' && s[1] <= '9'
	    && !after_word)
		i = 1;
	if (s[i] < '0' || s[i] > '9')
		return 0;
	while (s[i] >= '0' && s[i] <= '9')
		i++;
	if ((s[i] == '.' || s[i] == ',') && s[i + 1] >= '0' && s[i + 1] <= '9')
		for (i++; s[i] >= '0' && s[i] <= '9'; i++)
			;
	return i;
}

/* NORM with every number and digest replaced by '#', into OUT; each
 * masked token's offset and length appended to TOKENS when not NULL. */
static void skeleton(const char *norm, GString *out, GArray *tokens)
{
	for (size_t i = 0; norm[i];) {
		size_t n = masked_token(norm + i, i > 0 && is_alnum(norm[i - 1]));
		if (n) {
			if (tokens) {
				g_array_append_val(tokens, i);
				g_array_append_val(tokens, n);
			}
			g_string_append_c(out, '#');
			i += n;
		} else {
			g_string_append_c(out, norm[i++]);
		}
	}
}

/* ---------------------------------------------------------------------
 * The lines of a text. */

static void unit_clear(line_unit *u)
{
	g_free(u->raw);
	g_free(u->norm);
	g_free(u->skel);
	g_free(u->key);
}

static void side_clear(page_side *p)
{
	if (p->units) {
		for (size_t i = 0; i < p->units->len; i++)
			unit_clear(&g_array_index(p->units, line_unit, i));
		g_array_free(p->units, TRUE);
	}
	if (p->sections)
		g_ptr_array_free(p->sections, TRUE);
}

/* The line S (LEN bytes, line number LINE) as a unit of P, unless it is
 * blank or a delimiter row.  A heading opens a section. */
static void side_add(page_side *p, const char *s, size_t len, size_t line)
{
	GString *norm = g_string_new(NULL), *key = g_string_new(NULL);
	GString *skel = g_string_new(NULL);
	line_unit u;
	bool keep = true, row;
	size_t lead = 0;

	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'
		       || s[len - 1] == '\r'))
		len--;
	while (len && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		len--;
		lead++;
	}
	row = len && (s[0] == '|' || memchr(s, '\t', len));
	if (row)
		keep = row_norm(s, len, norm, key);
	else
		text_norm(s, len, norm);
	if (!keep || norm->len == 0) {
		g_string_free(norm, TRUE);
		g_string_free(key, TRUE);
		g_string_free(skel, TRUE);
		return;
	}
	if (s[0] == '#')
		g_ptr_array_add(p->sections, g_strdup(norm->str));
	skeleton(norm->str, skel, NULL);
	u.line = line;
	u.lead = lead;
	u.raw = g_strndup(s, len);
	u.norm = g_string_free(norm, FALSE);
	u.skel = g_string_free(skel, FALSE);
	u.key = row ? g_string_free(key, FALSE)
		    : (g_string_free(key, TRUE), NULL);
	u.section = p->sections->len
		    ? g_ptr_array_index(p->sections, p->sections->len - 1)
		    : "";
	u.partner = NO_PARTNER;
	u.exact = false;
	g_array_append_val(p->units, u);
}

static void side_read(page_side *p, const char *text, size_t len)
{
	size_t line = 1, from = 0;

	p->units = g_array_new(FALSE, FALSE, sizeof(line_unit));
	p->sections = g_ptr_array_new_with_free_func(g_free);
	/* A byte order mark, as the page reader skips it. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	for (size_t i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n')
			continue;
		side_add(p, text + from, i - from, line++);
		from = i + 1;
	}
}

static line_unit *unit_at(const page_side *p, size_t i)
{
	return &g_array_index(p->units, line_unit, i);
}

/* ---------------------------------------------------------------------
 * Pairing. */

/* The text of U that a pairing step compares: its normal form, row key
 * or skeleton (NULL: U takes no part in the step). */
typedef const char *(*unit_text_fn)(const line_unit *u);

static const char *unit_norm(const line_unit *u)
{
	return u->norm;
}

static const char *unit_key(const line_unit *u)
{
	return u->key;
}

static const char *unit_skel(const line_unit *u)
{
	return u->skel;
}

/* Pairs each unpaired published line with the first unpaired recomputed
 * line of the same TEXT, in page order. */
static void pair_equal(page_side *pub, page_side *rec, unit_text_fn text,
		       bool exact)
{
	GHashTable *queues = g_hash_table_new_full(g_str_hash, g_str_equal,
						   NULL, (GDestroyNotify)g_queue_free);

	for (size_t i = 0; i < rec->units->len; i++) {
		const line_unit *u = unit_at(rec, i);
		const char *t = text(u);
		if (u->partner != NO_PARTNER || !t)
			continue;
		GQueue *q = g_hash_table_lookup(queues, t);
		if (!q) {
			q = g_queue_new();
			g_hash_table_insert(queues, (gpointer)t, q);
		}
		g_queue_push_tail(q, GSIZE_TO_POINTER(i + 1));
	}
	for (size_t i = 0; i < pub->units->len; i++) {
		line_unit *u = unit_at(pub, i);
		const char *t = text(u);
		GQueue *q = u->partner == NO_PARTNER && t
			    ? g_hash_table_lookup(queues, t) : NULL;
		if (!q || g_queue_is_empty(q))
			continue;
		size_t j = GPOINTER_TO_SIZE(g_queue_pop_head(q)) - 1;
		u->partner = j;
		u->exact = exact;
		unit_at(rec, j)->partner = i;
		unit_at(rec, j)->exact = exact;
	}
	g_hash_table_destroy(queues);
}

/* Whether C belongs to a word of a skeleton: not the end, a space, a
 * row or cell mark, or punctuation other than '#' (a masked number). */
static bool is_word_byte(char c)
{
	return c && c != ' ' && c != ROW_MARK && c != CELL_MARK
	       && (c == '#' || !is_punct(c));
}

/* The words of a skeleton: runs of bytes that are not spaces or
 * punctuation ('#', a masked number, is a word). */
static GPtrArray *words_of(const char *skel)
{
	GPtrArray *w = g_ptr_array_new_with_free_func(g_free);

	for (size_t i = 0; skel[i];) {
		size_t n = 0;
		while (is_word_byte(skel[i + n]))
			n++;
		if (n)
			g_ptr_array_add(w, g_strndup(skel + i, n));
		i += n ? n : 1;
	}
	return w;
}

static int word_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Twice the words A and B (sorted) have in common over the words of
 * both. */
static double word_share(const GPtrArray *a, const GPtrArray *b)
{
	size_t i = 0, j = 0, common = 0;

	if (!a->len || !b->len)
		return 0;
	while (i < a->len && j < b->len) {
		int c = word_cmp(&a->pdata[i], &b->pdata[j]);
		if (c == 0) {
			common++;
			i++;
			j++;
		} else if (c < 0) {
			i++;
		} else {
			j++;
		}
	}
	return 2.0 * (double)common / (double)(a->len + b->len);
}

static void sort_words(GPtrArray *w)
{
	qsort(w->pdata, w->len, sizeof(char *), word_cmp);
}

static void words_free(gpointer words)
{
	if (words)
		g_ptr_array_unref(words);
}

/* The words of a skeleton, counted without keeping them. */
static size_t word_count(const char *skel)
{
	size_t n = 0;
	bool in = false;

	for (size_t i = 0; skel[i]; i++) {
		bool w = is_word_byte(skel[i]);
		n += w && !in;
		in = w;
	}
	return n;
}

/* Pairs each unpaired recomputed line, in page order, with the unpaired
 * published line that shares most of its words, if enough.  Two lines of
 * A and B words share at most 2 min(A, B) / (A + B) of them, so a
 * published line too long or too short for any recomputed one is not
 * split into words at all (a hostile page of long lines costs no
 * memory). */
static void pair_words(page_side *pub, page_side *rec)
{
	GPtrArray *pw = g_ptr_array_new_with_free_func(words_free);
	size_t n_pub = 0, n_rec = 0, fewest = (size_t)-1, most = 0;
	double ratio = WORD_SHARE_MIN / (2.0 - WORD_SHARE_MIN);

	for (size_t i = 0; i < pub->units->len; i++)
		n_pub += unit_at(pub, i)->partner == NO_PARTNER;
	for (size_t i = 0; i < rec->units->len; i++) {
		const line_unit *u = unit_at(rec, i);
		size_t w;
		if (u->partner != NO_PARTNER)
			continue;
		n_rec++;
		w = word_count(u->skel);
		fewest = w < fewest ? w : fewest;
		most = w > most ? w : most;
	}
	if (!n_pub || !n_rec || n_pub > WORD_PAIRS_MAX / n_rec) {
		g_ptr_array_free(pw, TRUE);
		return;
	}
	for (size_t i = 0; i < pub->units->len; i++) {
		const line_unit *u = unit_at(pub, i);
		size_t w = u->partner == NO_PARTNER ? word_count(u->skel) : 0;
		GPtrArray *words = NULL;
		if (w && (double)w >= ratio * (double)fewest
		    && (double)w * ratio <= (double)most) {
			words = words_of(u->skel);
			sort_words(words);
		}
		g_ptr_array_add(pw, words);
	}
	for (size_t j = 0; j < rec->units->len; j++) {
		line_unit *r = unit_at(rec, j);
		size_t best = NO_PARTNER;
		double best_share = WORD_SHARE_MIN;
		if (r->partner != NO_PARTNER)
			continue;
		GPtrArray *rw = words_of(r->skel);
		sort_words(rw);
		for (size_t i = 0; i < pub->units->len; i++) {
			const line_unit *p = unit_at(pub, i);
			if (p->partner != NO_PARTNER || !p->key != !r->key
			    || !pw->pdata[i])
				continue;
			double share = word_share(pw->pdata[i], rw);
			if (share >= best_share + (best == NO_PARTNER ? 0 : 1e-12)) {
				best = i;
				best_share = share;
			}
		}
		g_ptr_array_free(rw, TRUE);
		if (best != NO_PARTNER) {
			r->partner = best;
			unit_at(pub, best)->partner = j;
		}
	}
	g_ptr_array_free(pw, TRUE);
}

/* ---------------------------------------------------------------------
 * Judging a pair. */

/* Whether the published number P (PN bytes) is the recomputed R (RN
 * bytes) rounded to P's decimals; a digest must be the same.  Both are
 * read as a page's numbers are (ingest/pubmatch.h: either decimal
 * mark). */
static bool number_agrees(const char *p, size_t pn, const char *r, size_t rn)
{
	char buf[400];
	double pv, rv, exact;
	int dp, dr;

	if (pn == rn && memcmp(p, r, pn) == 0)
		return true;
	if (pn >= DIGEST_MIN_DIGITS || rn >= DIGEST_MIN_DIGITS
	    || pub_number_parse(p, &pv, &dp) != pn
	    || pub_number_parse(r, &exact, &dr) != rn || dp > dr)
		return false;
	/* Fewer decimals, but not none where pairboot writes some: "0.06"
	 * for 0.060, never "0" or "1" for 0.060 or 0.864. */
	if (dr > 0 && dp == 0)
		return false;
	snprintf(buf, sizeof buf, "%.*f", dp, exact);
	rv = strtod(buf, NULL);
	if (!(pv < 0.0 || pv > 0.0) && (exact < 0.0 || exact > 0.0))
		return false;   /* a number rounded away is not stated */
	return !(rv < pv) && !(rv > pv);
}

/* Whether the published text P, equal to R but for its numbers, states
 * each number as R rounded to its decimals (both in normal form). */
static bool text_numbers_agree(const char *p, const char *r)
{
	GArray *pt = g_array_new(FALSE, FALSE, sizeof(size_t));
	GArray *rt = g_array_new(FALSE, FALSE, sizeof(size_t));
	GString *tmp = g_string_new(NULL);
	bool ok;

	skeleton(p, tmp, pt);
	g_string_truncate(tmp, 0);
	skeleton(r, tmp, rt);
	ok = pt->len == rt->len;
	for (size_t k = 0; ok && k < pt->len; k += 2)
		ok = number_agrees(p + g_array_index(pt, size_t, k),
				   g_array_index(pt, size_t, k + 1),
				   r + g_array_index(rt, size_t, k),
				   g_array_index(rt, size_t, k + 1));
	g_array_free(pt, TRUE);
	g_array_free(rt, TRUE);
	g_string_free(tmp, TRUE);
	return ok;
}

/* What the items of the first half say of each published line: 0 none,
 * 1 all match, 2 one does not (3, set by the caller: a table header
 * read cell by cell). */
static unsigned char *item_lines(const verify_result *r, size_t n_lines)
{
	unsigned char *seen = g_new0(unsigned char, n_lines + 1);

	for (size_t i = 0; i < r->n_items; i++) {
		size_t line = r->items[i].line;
		if (!line || line > n_lines)
			continue;
		if (r->items[i].verdict == VERIFY_MATCH) {
			if (!seen[line])
				seen[line] = 1;
		} else {
			seen[line] = 2;
		}
	}
	return seen;
}

/* ---------------------------------------------------------------------
 * The result. */

static void add_item(verify_result *r, GArray *items, verify_verdict v,
		     char *what, const char *pub, const char *rec, size_t line)
{
	verify_item it = { v, what, g_strdup(pub), g_strdup(rec), line, 0 };

	r->counts[v]++;
	g_array_append_val(items, it);
}

/* Where the published line P lies, named by the section of its partner
 * REC in the page pairboot writes. */
static char *where(const line_unit *p, const line_unit *rec)
{
	if (rec->raw[0] == '#')
		return g_strdup_printf("page line %zu (heading)", p->line);
	return g_strdup_printf("page line %zu (section %s)", p->line,
			       rec->section[0] ? rec->section : "none");
}

/* The items of R's first half, without those of what the page omits. */
static GArray *kept_items(verify_result *r)
{
	GArray *items = g_array_new(FALSE, FALSE, sizeof(verify_item));

	for (size_t i = 0; i < r->n_items; i++) {
		verify_item *it = &r->items[i];
		if (it->verdict != VERIFY_OMITTED) {
			g_array_append_val(items, *it);
			continue;
		}
		r->counts[VERIFY_OMITTED]--;
		g_free(it->what);
		g_free(it->published);
		g_free(it->recomputed);
	}
	g_free(r->items);
	r->items = NULL;
	r->n_items = 0;
	return items;
}

/* Whether the first half has read numbers in columns FROM..TO of page
 * line LINE (1-based, inclusive), and found each right. */
static bool cell_by_items(const GArray *items, size_t line, size_t from,
			  size_t to)
{
	bool any = false;

	for (size_t i = 0; i < items->len; i++) {
		const verify_item *it = &g_array_index(items, verify_item, i);
		if (it->line != line || it->col < from || it->col > to)
			continue;
		if (it->verdict != VERIFY_MATCH)
			return false;
		any = true;
	}
	return any;
}

/* The normal form of cell I of row S (bounds B). */
static char *cell_norm(const char *s, const size_t *b, size_t i)
{
	GString *g = g_string_new(NULL);

	clean_append(g, s + b[2 * i], b[2 * i + 1] - b[2 * i]);
	return g_string_free(g, FALSE);
}

/* Whether the published row P states what its partner REC does, cell by
 * cell: each cell the same, or the same but for numbers that are REC's
 * rounded, or that the first half (ITEMS) has read there and found
 * right, within its tolerance. */
static bool rows_agree(const GArray *items, const line_unit *p,
		       const line_unit *rec)
{
	size_t *pb, *rb;
	size_t n = row_cells(p->raw, strlen(p->raw), &pb);
	bool ok = row_cells(rec->raw, strlen(rec->raw), &rb) == n;

	for (size_t i = 0; ok && i < n; i++) {
		char *pc = cell_norm(p->raw, pb, i), *rc = cell_norm(rec->raw, rb, i);
		GString *ps = g_string_new(NULL), *rs = g_string_new(NULL);

		skeleton(pc, ps, NULL);
		skeleton(rc, rs, NULL);
		ok = strcmp(pc, rc) == 0
		     || (strcmp(ps->str, rs->str) == 0
			 && (text_numbers_agree(pc, rc)
			     || cell_by_items(items, p->line,
					      p->lead + pb[2 * i] + 1,
					      p->lead + pb[2 * i + 1])));
		g_string_free(ps, TRUE);
		g_string_free(rs, TRUE);
		g_free(pc);
		g_free(rc);
	}
	g_free(pb);
	g_free(rb);
	return ok;
}

/* The published line P and its partner R: one item, or none where the
 * first half's items on P's line have found a number wrong. */
static void judge_pair(verify_result *r, GArray *items, const line_unit *p,
		       const line_unit *rec, const unsigned char *by_items)
{
	bool same_skel = strcmp(p->skel, rec->skel) == 0;
	verify_verdict v;

	r->lines_checked++;
	if (p->exact || (p->key && by_items[p->line] == 3))
		v = VERIFY_MATCH;
	else if (by_items[p->line] == 2)
		return;
	else if (same_skel && p->key)
		v = rows_agree(items, p, rec) ? VERIFY_MATCH : VERIFY_MISMATCH;
	else if (same_skel && !p->key)
		v = text_numbers_agree(p->norm, rec->norm) ? VERIFY_MATCH
							    : VERIFY_MISMATCH;
	else
		v = VERIFY_MISMATCH;
	add_item(r, items, v, where(p, rec),
		 v == VERIFY_MATCH ? NULL : p->raw,
		 v == VERIFY_MATCH ? NULL : rec->raw, p->line);
}

/* The runs of adjacent published lines without a partner. */
static void list_unchecked(verify_result *r, const page_side *pub)
{
	GArray *runs = g_array_new(FALSE, FALSE, sizeof(size_t));
	size_t last = 0;

	for (size_t i = 0; i < pub->units->len; i++) {
		const line_unit *u = unit_at(pub, i);
		if (u->partner != NO_PARTNER)
			continue;
		r->unchecked_lines++;
		if (runs->len && last + 1 == u->line && i > 0
		    && unit_at(pub, i - 1)->partner == NO_PARTNER
		    && unit_at(pub, i - 1)->line == last) {
			g_array_index(runs, size_t, runs->len - 1) = u->line;
		} else {
			g_array_append_val(runs, u->line);
			g_array_append_val(runs, u->line);
		}
		last = u->line;
	}
	r->n_unchecked = runs->len / 2;
	r->unchecked = (size_t *)g_array_free(runs, FALSE);
}

pb_status verify_page_lines(verify_result *r, const published *pp,
			    const char *expected, size_t expected_len)
{
	const char *page = pp->text;
	size_t page_len = pp->text_len;
	page_side pub = { NULL, NULL }, rec = { NULL, NULL };
	size_t n_lines = 1;
	unsigned char *by_items;
	GArray *items;

	for (size_t i = 0; i < page_len; i++)
		n_lines += page[i] == '\n';
	side_read(&pub, page, page_len);
	side_read(&rec, expected, expected_len);
	pair_equal(&pub, &rec, unit_norm, true);
	pair_equal(&pub, &rec, unit_key, false);
	pair_equal(&pub, &rec, unit_skel, false);
	pair_words(&pub, &rec);

	by_items = item_lines(r, n_lines);
	for (size_t i = 0; i < pp->n_header_lines; i++)
		if (pp->header_lines[i] <= n_lines)
			by_items[pp->header_lines[i]] = 3;
	items = kept_items(r);
	for (size_t i = 0; i < pub.units->len; i++) {
		const line_unit *p = unit_at(&pub, i);
		if (p->partner != NO_PARTNER)
			judge_pair(r, items, p, unit_at(&rec, p->partner),
				   by_items);
	}
	for (size_t j = 0; j < rec.units->len; j++) {
		const line_unit *u = unit_at(&rec, j);
		if (u->partner == NO_PARTNER)
			add_item(r, items, VERIFY_OMITTED,
				 g_strdup_printf("section %s",
						 u->section[0] ? u->section
						 : "none"),
				 NULL, u->raw, 0);
	}
	list_unchecked(r, &pub);
	r->lines_compared = true;
	r->n_items = items->len;
	r->items = (verify_item *)g_array_free(items, FALSE);
	g_free(by_items);
	side_clear(&pub);
	side_clear(&rec);
	return PB_OK;
}
