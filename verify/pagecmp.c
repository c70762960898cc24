/* pagecmp.c: a published page beside the fresh rendering (pagecmp.h). */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "verify/pagecmp.h"

#define NONE SIZE_MAX
#define SHOWN_MAX 160          /* bytes of a text an item quotes */

/* One cell of the rendering: its plain text and marked numbers. */
typedef struct ecell {
	char *plain;
	marks_slot *slots;
	size_t n_slots;
} ecell;

/* One unit of the rendering. */
typedef struct eunit {
	const pageview_unit *u;
	ecell *cells;          /* u->n_cells */
	char *key;             /* its class and plain cells: equal units */
	char *skel;            /* the same with every number as '#' */
	size_t heading;        /* the unit heading its section, or NONE */
	size_t header;         /* a row: its table's header row, or NONE */
} eunit;

struct pagecmp_expected {
	pageview *view;
	eunit *units;
	size_t n;
	GHashTable *by_key;    /* key -> GArray of unit indices */
	GHashTable *by_skel;   /* skeleton -> GArray of unit indices */
	GHashTable *by_first;  /* a row's first cell ("H" or "R" before it,
				  for a header or not) -> GArray of rows */
	bool *shown;           /* the last run: unit I stood on the page as
				  it follows from the data */
};

/* ---- keys --------------------------------------------------------------- */

/* The class of a unit: rows, images and text units are set beside their
 * own kind only; a heading, paragraph or list item read alike. */
static char unit_class(const pageview_unit *u)
{
	if (u->kind == PAGEVIEW_ROW)
		return 'R';
	if (u->kind == PAGEVIEW_IMAGE)
		return 'I';
	return 'T';
}

/* The key of a unit of class C with cells CELLS: C, then each cell after
 * a unit separator; an image's target counts as a cell. */
static char *unit_key(char c, char *const *cells, size_t n,
		      const char *target)
{
	GString *g = g_string_new(NULL);

	g_string_append_c(g, c);
	for (size_t i = 0; i < n; i++) {
		g_string_append_c(g, '\037');
		g_string_append(g, cells[i]);
	}
	if (target) {
		g_string_append_c(g, '\037');
		g_string_append(g, target);
	}
	return g_string_free(g, FALSE);
}

/* KEY with each number ([+-]digits[.,digits]...) as '#'. */
static char *skeleton(const char *key)
{
	GString *g = g_string_new(NULL);

	for (size_t i = 0; key[i];) {
		size_t j = i;
		bool word_before = i > 0 && g_ascii_isalnum(key[i - 1]);

		if ((key[j] == '+' || key[j] == '-') && !word_before
		    && g_ascii_isdigit(key[j + 1]))
			j++;
		if (!g_ascii_isdigit(key[j])) {
			g_string_append_c(g, key[i++]);
			continue;
		}
		while (g_ascii_isdigit(key[j])
		       || ((key[j] == '.' || key[j] == ',')
			   && g_ascii_isdigit(key[j + 1])))
			j++;
		g_string_append_c(g, '#');
		i = j;
	}
	return g_string_free(g, FALSE);
}

/* Adds I under KEY to H; OWNED: H frees its keys, and KEY is H's (or
 * freed at once when H holds it already). */
static void index_add(GHashTable *h, char *key, bool owned, size_t i)
{
	GArray *a = g_hash_table_lookup(h, key);

	if (!a) {
		a = g_array_new(FALSE, FALSE, sizeof(size_t));
		g_hash_table_insert(h, key, a);
	} else if (owned) {
		g_free(key);
	}
	g_array_append_val(a, i);
}

static void array_free(gpointer a)
{
	g_array_free(a, TRUE);
}

/* ---- the rendering -------------------------------------------------------- */

/* The key of a row by its first cell. */
static char *first_key(bool header, const char *cell)
{
	return g_strconcat(header ? "H" : "R", cell, NULL);
}

static bool read_cell(const char *marked, ecell *c)
{
	GString *plain = g_string_new(NULL);
	GArray *slots = g_array_new(FALSE, FALSE, sizeof(marks_slot));
	bool ok = marks_strip(marked, strlen(marked), plain, slots);

	c->plain = g_string_free(plain, FALSE);
	c->n_slots = slots->len;
	c->slots = (marks_slot *)(void *)g_array_free(slots, FALSE);
	return ok;
}

static bool read_unit(pagecmp_expected *e, size_t i, size_t heading,
		      size_t header)
{
	eunit *eu = &e->units[i];
	const pageview_unit *u = pageview_unit_at(e->view, i);
	char **plain = g_new0(char *, u->n_cells + 1);
	bool ok = true;

	eu->u = u;
	eu->cells = g_new0(ecell, u->n_cells);
	for (size_t c = 0; c < u->n_cells; c++) {
		ok = read_cell(u->cells[c], &eu->cells[c]) && ok;
		plain[c] = eu->cells[c].plain;
	}
	eu->key = unit_key(unit_class(u), plain, u->n_cells, u->target);
	eu->skel = skeleton(eu->key);
	eu->heading = heading;
	eu->header = header;
	g_free(plain);
	return ok;
}

pb_status pagecmp_expect(const char *marked, size_t len,
			 pagecmp_expected **out)
{
	pagecmp_expected *e = g_new0(pagecmp_expected, 1);
	pb_status st = pageview_read(marked, len, &e->view);
	size_t heading = NONE, header = NONE;
	bool ok = true;

	*out = NULL;
	if (st != PB_OK) {
		g_free(e);
		return st;
	}
	e->n = pageview_n_units(e->view);
	e->units = g_new0(eunit, e->n);
	e->shown = g_new0(bool, e->n + 1);
	e->by_key = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
					  array_free);
	e->by_skel = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
					   array_free);
	e->by_first = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					    array_free);
	for (size_t i = 0; i < e->n; i++) {
		const pageview_unit *u = pageview_unit_at(e->view, i);
		if (u->kind == PAGEVIEW_ROW && u->header)
			header = i;
		ok = read_unit(e, i, heading, header) && ok;
		if (u->kind == PAGEVIEW_HEADING)
			heading = i;
		index_add(e->by_key, e->units[i].key, false, i);
		index_add(e->by_skel, e->units[i].skel, false, i);
		if (u->kind == PAGEVIEW_ROW && u->n_cells)
			index_add(e->by_first, first_key(u->header,
					e->units[i].cells[0].plain), true, i);
	}
	*out = e;
	if (!ok) {
		pagecmp_expected_free(e);
		*out = NULL;
		return PB_SOFTWARE;
	}
	return PB_OK;
}

void pagecmp_expected_free(pagecmp_expected *e)
{
	if (!e)
		return;
	g_hash_table_destroy(e->by_key);
	g_hash_table_destroy(e->by_skel);
	g_hash_table_destroy(e->by_first);
	for (size_t i = 0; i < e->n; i++) {
		eunit *eu = &e->units[i];
		for (size_t c = 0; c < eu->u->n_cells; c++) {
			g_free(eu->cells[c].plain);
			g_free(eu->cells[c].slots);
		}
		g_free(eu->cells);
		g_free(eu->key);
		g_free(eu->skel);
	}
	g_free(e->units);
	g_free(e->shown);
	pageview_free(e->view);
	g_free(e);
}

static char *page_key(const pageview_unit *u)
{
	return unit_key(unit_class(u), u->cells, u->n_cells, u->target);
}

size_t pagecmp_score(const pagecmp_expected *e, const pageview *page)
{
	size_t n = 0;

	for (size_t i = 0; i < pageview_n_units(page); i++) {
		char *key = page_key(pageview_unit_at(page, i));
		n += g_hash_table_contains(e->by_key, key);
		g_free(key);
	}
	return n;
}

/* ---- one comparison ------------------------------------------------------- */

typedef enum judged {
	UNJUDGED, JUDGED_MATCH, JUDGED_PAIRED, JUDGED_EXTRA, JUDGED_AUTHOR,
	JUDGED_LATER           /* past a budget */
} judged;

/* What a run of the comparison works with. */
typedef struct cmp {
	const pagecmp_expected *e;
	const pageview *page;
	const templates *t;
	const marks_rules *rules;
	vreport *r;
	pagecmp_stats *stats;
	size_t n;              /* units of the page */
	char **keys;           /* each unit's key */
	judged *state;
	bool *used;            /* the rendering's units set beside one */
	size_t *table_of;      /* a page table (1-based) -> the rendering's
				  table number, 0 for none */
	size_t n_tables;
	bool nomem;
} cmp;

/* TEXT cut to SHOWN_MAX bytes (at a character's start) with "…". */
static char *shown(const char *text)
{
	size_t len = strlen(text);
	const char *end;

	if (len <= SHOWN_MAX)
		return g_strdup(text);
	end = g_utf8_find_prev_char(text, text + SHOWN_MAX + 1);
	return g_strdup_printf("%.*s\xe2\x80\xa6", (int)(end - text), text);
}

/* PUBLISHED and RECOMPUTED, two texts that differ, each cut to the same
 * stretch about their first difference (*P and *Q, to g_free). */
static void excerpts(const char *published, const char *recomputed,
		     char **p, char **q)
{
	size_t same = 0, from;

	while (published[same] && published[same] == recomputed[same])
		same++;
	from = same > SHOWN_MAX / 4 ? same - SHOWN_MAX / 4 : 0;
	/* Start both at a character's first byte, as they are the same up
	 * to there. */
	while (from && ((unsigned char)published[from] & 0xc0) == 0x80)
		from--;
	{
		char *a = shown(published + from), *b = shown(recomputed + from);
		*p = from ? g_strconcat("\xe2\x80\xa6", a, NULL) : g_strdup(a);
		*q = from ? g_strconcat("\xe2\x80\xa6", b, NULL) : g_strdup(b);
		g_free(a);
		g_free(b);
	}
}

/* A unit's KEY as an item quotes it: its cells parted by '|', cut as
 * shown() cuts (to g_free). */
static char *key_text(const char *key)
{
	char *cells = g_strdup(key + 2), *text;

	g_strdelimit(cells, "\037", '|');
	text = shown(cells);
	g_free(cells);
	return text;
}

/* The first words of TEXT, for a name. */
static char *first_words(const char *text)
{
	const char *p = text;
	int words = 0;

	while (*p && words < 6) {
		if (*p == ' ')
			words++;
		p++;
	}
	if (!*p)
		return g_strdup_printf("\"%s\"", text);
	return g_strdup_printf("\"%.*s\xe2\x80\xa6\"", (int)(p - text - 1),
			       text);
}

/* The name of unit I of the rendering: its section's heading, then its
 * row's first cell or its first words. */
static char *unit_name(const pagecmp_expected *e, size_t i)
{
	const eunit *eu = &e->units[i];
	char *own, *name;

	if (eu->u->kind == PAGEVIEW_ROW)
		own = eu->u->header ? g_strdup("table header")
				    : g_strdup_printf("row %s",
						      eu->cells[0].plain);
	else if (eu->u->kind == PAGEVIEW_IMAGE)
		own = g_strdup_printf("figure %s", eu->u->target
				      ? eu->u->target : "");
	else
		own = first_words(eu->cells[0].plain);
	if (eu->heading == NONE || eu->heading == i)
		return own;
	name = g_strdup_printf("%s: %s", e->units[eu->heading].cells[0].plain,
			       own);
	g_free(own);
	return name;
}

static void add(cmp *c, vreport_verdict v, const pageview_unit *u,
		const char *what, const char *published,
		const char *recomputed)
{
	if (!vreport_add(c->r, v, u ? u->line : 0, u ? u->last_line : 0, what,
			 published, recomputed))
		c->nomem = true;
}

/* The name of slot K of CELL: an interval's ends alternate low and high. */
static const char *slot_role(const ecell *cell, size_t k)
{
	size_t bounds = 0;

	if (cell->slots[k].rule == 'r')
		return cell->slots[k].sides == '1' ? "estimate" : "number";
	for (size_t j = 0; j < k; j++)
		bounds += cell->slots[j].rule == 'b';
	return bounds % 2 ? "CI high" : "CI low";
}

/* Reads TEXT as CELL's words with numbers in its slots' places, into
 * NUMS (one per slot).  False when the words differ. */
static bool fit_cell(const ecell *cell, const char *text, marks_number *nums,
		     size_t *starts)
{
	size_t from = 0, pos = 0, len = strlen(text);

	for (size_t k = 0; k < cell->n_slots; k++) {
		const marks_slot *s = &cell->slots[k];
		size_t lit = s->off - from;

		if (len - pos < lit
		    || memcmp(text + pos, cell->plain + from, lit) != 0)
			return false;
		pos += lit;
		starts[k] = pos;
		if (!marks_read_number(text + pos, len - pos, s->decimal_mark,
				       &nums[k]))
			return false;
		pos += nums[k].len;
		from = s->off + s->len;
	}
	return strcmp(text + pos, cell->plain + from) == 0;
}

/* Judges cell C of unit EI beside the page's cell TEXT; adds an item for
 * each thing that does not follow.  NAME names the unit, COLUMN the
 * cell's column (NULL: none).  True when it follows. */
static bool judge_cell(cmp *c, size_t ei, size_t ci, const char *text,
		       const pageview_unit *pu, const char *name,
		       const char *column)
{
	const ecell *cell = &c->e->units[ei].cells[ci];
	size_t n = cell->n_slots ? cell->n_slots : 1;
	marks_number *nums = g_new0(marks_number, n);
	size_t *starts = g_new0(size_t, n);
	bool follows = true;
	char *where = column ? g_strdup_printf("%s, %s", name, column)
			     : g_strdup(name);

	if (strcmp(cell->plain, text) == 0) {
		/* the same words and numbers */
	} else if (!fit_cell(cell, text, nums, starts)) {
		char *p, *q;

		excerpts(text, cell->plain, &p, &q);
		add(c, VREPORT_MISMATCH, pu, where, p, q);
		g_free(p);
		g_free(q);
		follows = false;
	} else {
		for (size_t k = 0; k < cell->n_slots; k++) {
			const marks_slot *s = &cell->slots[k];
			const char *why = marks_check(s, &nums[k], c->rules);
			char *what, *pub, *rec;

			if (!why)
				continue;
			what = g_strdup_printf("%s: %s (%s)", where,
					       slot_role(cell, k), why);
			pub = g_strndup(text + starts[k], nums[k].len);
			rec = g_strndup(cell->plain + s->off, s->len);
			add(c, VREPORT_MISMATCH, pu, what, pub, rec);
			g_free(what);
			g_free(pub);
			g_free(rec);
			follows = false;
		}
	}
	g_free(where);
	g_free(nums);
	g_free(starts);
	return follows;
}

/* The header cell of column CI of row EI's table, or NULL. */
static const char *column_name(const pagecmp_expected *e, size_t ei,
			       size_t ci)
{
	size_t h = e->units[ei].header;

	if (h == NONE || h == ei || ci >= e->units[h].u->n_cells)
		return NULL;
	return e->units[h].cells[ci].plain;
}

/* Sets page unit PI beside rendering unit EI, which it now stands for:
 * one match item, or an item for each thing that does not follow. */
static void pair(cmp *c, size_t pi, size_t ei)
{
	const pageview_unit *pu = pageview_unit_at(c->page, pi);
	const eunit *eu = &c->e->units[ei];
	char *name = unit_name(c->e, ei);
	bool follows = true;

	c->used[ei] = true;
	c->state[pi] = JUDGED_PAIRED;
	c->stats->recognised++;
	if (pu->n_cells != eu->u->n_cells) {
		char *p = key_text(c->keys[pi]), *q = key_text(eu->key);

		add(c, VREPORT_MISMATCH, pu, name, p, q);
		g_free(p);
		g_free(q);
		g_free(name);
		return;
	}
	if (g_strcmp0(pu->target, eu->u->target) != 0) {
		/* the same words leading elsewhere: a title linked to
		 * another study's page */
		char *p = g_strdup_printf("links to %s", pu->target
					  ? pu->target : "nothing");
		char *q = g_strdup_printf("links to %s", eu->u->target
					  ? eu->u->target : "nothing");

		add(c, VREPORT_MISMATCH, pu, name, p, q);
		g_free(p);
		g_free(q);
		g_free(name);
		return;
	}
	for (size_t k = 0; k < pu->n_cells; k++)
		follows = judge_cell(c, ei, k, pu->cells[k], pu, name,
				     pu->n_cells > 1
				     ? column_name(c->e, ei, k) : NULL)
			  && follows;
	if (follows)
		add(c, VREPORT_MATCH, pu, name, NULL, NULL);
	c->e->shown[ei] = follows;
	g_free(name);
}

/* Marks page unit PI "not in data": pairboot's words stating what the
 * data do not give (WHY says which words). */
static void extra(cmp *c, size_t pi, const char *why)
{
	const pageview_unit *pu = pageview_unit_at(c->page, pi);
	char *p = key_text(c->keys[pi]);

	add(c, VREPORT_NOT_IN_DATA, pu, why, p, NULL);
	g_free(p);
	c->state[pi] = JUDGED_EXTRA;
	c->stats->recognised++;
}

/* ---- 1. equal units --------------------------------------------------- */

static void pass_equal(cmp *c)
{
	for (size_t i = 0; i < c->n; i++) {
		GArray *a = g_hash_table_lookup(c->e->by_key, c->keys[i]);
		size_t first = NONE;

		if (!a)
			continue;
		for (guint k = 0; k < a->len; k++) {
			size_t ei = g_array_index(a, size_t, k);
			if (first == NONE)
				first = ei;
			if (!c->used[ei]) {
				first = ei;
				break;
			}
		}
		{
			const pageview_unit *pu = pageview_unit_at(c->page, i);
			char *name = unit_name(c->e, first);
			c->used[first] = true;
			c->e->shown[first] = true;
			add(c, VREPORT_MATCH, pu, name, NULL, NULL);
			g_free(name);
		}
		c->state[i] = JUDGED_MATCH;
		c->stats->recognised++;
	}
}

/* ---- 2. tables -------------------------------------------------------- */

/* The rendering's table number of unit EI. */
static size_t e_table(const cmp *c, size_t ei)
{
	return c->e->units[ei].u->table;
}

/* Adds a vote of WEIGHT to the table of each unit of A (NULL: none). */
static void vote(const cmp *c, GArray *a, size_t weight, size_t *votes)
{
	for (guint k = 0; a && k < a->len; k++)
		votes[e_table(c, g_array_index(a, size_t, k))] += weight;
}

/* For each page table, the rendering's table it shares most rows with:
 * rows equal count twice, rows with the same first cell once. */
static void pair_tables(cmp *c)
{
	size_t n_e_tables = 0;
	size_t **votes;

	for (size_t i = 0; i < c->e->n; i++)
		if (c->e->units[i].u->table > n_e_tables)
			n_e_tables = c->e->units[i].u->table;
	for (size_t i = 0; i < c->n; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		if (u->table > c->n_tables)
			c->n_tables = u->table;
	}
	c->table_of = g_new0(size_t, c->n_tables + 1);
	if (!n_e_tables)
		return;
	votes = g_new0(size_t *, c->n_tables + 1);
	for (size_t i = 0; i < c->n; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		char *first;

		if (u->kind != PAGEVIEW_ROW || !u->table || !u->n_cells)
			continue;
		if (!votes[u->table])
			votes[u->table] = g_new0(size_t, n_e_tables + 1);
		vote(c, g_hash_table_lookup(c->e->by_key, c->keys[i]), 2,
		     votes[u->table]);
		first = first_key(u->header, u->cells[0]);
		vote(c, g_hash_table_lookup(c->e->by_first, first), 1,
		     votes[u->table]);
		g_free(first);
	}
	for (size_t t = 1; t <= c->n_tables; t++) {
		size_t best = 0;

		for (size_t k = 1; votes[t] && k <= n_e_tables; k++)
			if (votes[t][k] > votes[t][best])
				best = k;
		c->table_of[t] = best;
		c->stats->tables_paired += best != 0;
		g_free(votes[t]);
	}
	g_free(votes);
}

/* The rendering's row of table ET for page row U: the header for a
 * header, else the row with U's first cell; unused ones first.  *USED_ONLY
 * when only a used one has it. */
static size_t row_partner(const cmp *c, size_t et, const pageview_unit *u,
			  bool *used_only)
{
	char *first = first_key(u->header, u->n_cells ? u->cells[0] : "");
	GArray *a = g_hash_table_lookup(c->e->by_first, first);
	size_t found = NONE;

	g_free(first);
	*used_only = false;
	for (guint k = 0; a && k < a->len; k++) {
		size_t ei = g_array_index(a, size_t, k);
		if (e_table(c, ei) != et)
			continue;
		if (!c->used[ei])
			return ei;
		found = ei;
	}
	*used_only = found != NONE;
	return NONE;
}

static void pass_tables(cmp *c)
{
	pair_tables(c);
	for (size_t i = 0; i < c->n && !c->nomem; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		size_t et, ei;
		bool used_only;

		if (c->state[i] != UNJUDGED || u->kind != PAGEVIEW_ROW
		    || !(et = c->table_of[u->table]))
			continue;
		ei = row_partner(c, et, u, &used_only);
		if (ei != NONE)
			pair(c, i, ei);
		else
			extra(c, i, used_only
			      ? "a second row of a table of pairboot's for "
				"the same item"
			      : "a row that pairboot's table does not have");
	}
}

/* ---- 3. units of a known shape -------------------------------------- */

static void pass_shapes(cmp *c)
{
	for (size_t i = 0; i < c->n && !c->nomem; i++) {
		char *skel;
		GArray *a;
		size_t partner = NONE;

		if (c->state[i] != UNJUDGED)
			continue;
		skel = skeleton(c->keys[i]);
		a = g_hash_table_lookup(c->e->by_skel, skel);
		g_free(skel);
		if (!a)
			continue;
		for (guint k = 0; k < a->len && partner == NONE; k++)
			if (!c->used[g_array_index(a, size_t, k)])
				partner = g_array_index(a, size_t, k);
		if (partner != NONE)
			pair(c, i, partner);
		else
			extra(c, i, "a second line in pairboot's words where "
				    "the data give one");
	}
}

/* ---- 4. units worded differently -------------------------------------- */

/* The words of TEXT (split at spaces), in a set. */
static GHashTable *word_set(const char *text)
{
	GHashTable *h = g_hash_table_new_full(g_str_hash, g_str_equal,
					      g_free, NULL);
	gchar **words = g_strsplit(text, " ", -1);

	for (gchar **w = words; *w; w++)
		if (**w)
			g_hash_table_add(h, g_strdup(*w));
	g_strfreev(words);
	return h;
}

/* |A and B| / |A or B|. */
static double overlap(GHashTable *a, GHashTable *b)
{
	GHashTableIter it;
	gpointer key;
	size_t both = 0, all;

	g_hash_table_iter_init(&it, a);
	while (g_hash_table_iter_next(&it, &key, NULL))
		both += g_hash_table_contains(b, key);
	all = g_hash_table_size(a) + g_hash_table_size(b) - both;
	return all ? (double)both / (double)all : 0;
}

/* An image of the page set beside the rendering's image of its file,
 * when that is left: another alt text for the same figure. */
static void pair_image(cmp *c, size_t i)
{
	const pageview_unit *u = pageview_unit_at(c->page, i);

	for (size_t ei = 0; ei < c->e->n && u->target; ei++) {
		const eunit *eu = &c->e->units[ei];
		if (!c->used[ei] && eu->u->kind == PAGEVIEW_IMAGE
		    && eu->u->target && strcmp(eu->u->target, u->target) == 0) {
			pair(c, i, ei);
			return;
		}
	}
}

static void pass_wording(cmp *c)
{
	size_t budget = PAGECMP_PAIR_BUDGET;
	GHashTable **theirs = g_new0(GHashTable *, c->e->n + 1);

	for (size_t ei = 0; ei < c->e->n; ei++)
		if (!c->used[ei] && unit_class(c->e->units[ei].u) == 'T')
			theirs[ei] = word_set(c->e->units[ei].cells[0].plain);
	for (size_t i = 0; i < c->n && !c->nomem; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		GHashTable *mine;
		size_t best = NONE;
		double best_share = 0.5;

		if (c->state[i] != UNJUDGED)
			continue;
		if (unit_class(u) == 'I') {
			pair_image(c, i);
			continue;
		}
		if (unit_class(u) != 'T')
			continue;
		if (budget < c->e->n) {
			c->state[i] = JUDGED_LATER;
			continue;
		}
		budget -= c->e->n;
		mine = word_set(u->cells[0]);
		for (size_t ei = 0; ei < c->e->n; ei++) {
			double share;

			if (c->used[ei] || !theirs[ei])
				continue;
			share = overlap(mine, theirs[ei]);
			if (share > best_share) {
				best_share = share;
				best = ei;
			}
		}
		g_hash_table_destroy(mine);
		if (best != NONE)
			pair(c, i, best);
	}
	for (size_t ei = 0; ei < c->e->n; ei++)
		if (theirs[ei])
			g_hash_table_destroy(theirs[ei]);
	g_free(theirs);
}

/* ---- 5. and 6. pairboot's words elsewhere, author text ------------------- */

static void pass_templates(cmp *c)
{
	size_t budget = PAGECMP_TEMPLATE_BUDGET;

	for (size_t i = 0; i < c->n && !c->nomem; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		const char *fit = NULL;
		size_t bytes = strlen(c->keys[i]);

		if (c->state[i] != UNJUDGED)
			continue;
		if (bytes > budget) {
			c->state[i] = JUDGED_LATER;
			continue;
		}
		budget -= bytes;
		for (size_t k = 0; k < u->n_cells && !fit; k++)
			fit = templates_fit(c->t, u->cells[k],
					    strlen(u->cells[k]));
		if (fit) {
			char *why = g_strdup_printf("in pairboot's words "
						    "(\"%s\"), but not what "
						    "the data give", fit);
			extra(c, i, why);
			g_free(why);
		}
	}
}

/* The units left: author text, or units past a budget. */
static void pass_rest(cmp *c)
{
	for (size_t i = 0; i < c->n && !c->nomem; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		char *p;

		if (c->state[i] == JUDGED_LATER) {
			c->stats->unjudged++;
			add(c, VREPORT_NOT_CHECKED, u,
			    "not judged: past the work verify does on a page",
			    NULL, NULL);
			continue;
		}
		if (c->state[i] != UNJUDGED)
			continue;
		c->state[i] = JUDGED_AUTHOR;
		c->stats->author++;
		c->stats->author_lines += u->last_line - u->line + 1;
		p = key_text(c->keys[i]);
		add(c, VREPORT_NOT_CHECKED, u, "author text", p, NULL);
		g_free(p);
	}
}

static void pass_omitted(cmp *c)
{
	for (size_t ei = 0; ei < c->e->n && !c->nomem; ei++) {
		const eunit *eu = &c->e->units[ei];
		char *name, *q;

		if (c->used[ei])
			continue;
		name = unit_name(c->e, ei);
		q = key_text(eu->key);
		add(c, VREPORT_OMITTED, NULL, name, NULL, q);
		g_free(q);
		g_free(name);
	}
}

static void count_read(cmp *c)
{
	for (size_t i = 0; i < c->n; i++) {
		const pageview_unit *u = pageview_unit_at(c->page, i);
		if (u->kind == PAGEVIEW_ROW)
			c->stats->rows++;
		else
			c->stats->texts++;
	}
	c->stats->tables = c->n_tables;
}

pb_status pagecmp_run(pagecmp_expected *e, const pageview *page,
		      const templates *t, const marks_rules *rules,
		      vreport *r, pagecmp_stats *stats)
{
	cmp c = { e, page, t, rules, r, stats, pageview_n_units(page), NULL,
		  NULL, NULL, NULL, 0, false };

	memset(stats, 0, sizeof *stats);
	memset(e->shown, 0, e->n * sizeof *e->shown);
	c.used = g_new0(bool, e->n + 1);
	c.keys = g_new0(char *, c.n + 1);
	c.state = g_new0(judged, c.n + 1);
	for (size_t i = 0; i < c.n; i++)
		c.keys[i] = page_key(pageview_unit_at(page, i));
	pass_equal(&c);
	pass_tables(&c);
	pass_shapes(&c);
	pass_wording(&c);
	pass_templates(&c);
	pass_rest(&c);
	pass_omitted(&c);
	count_read(&c);
	for (size_t i = 0; i < c.n; i++)
		g_free(c.keys[i]);
	g_free(c.keys);
	g_free(c.state);
	g_free(c.used);
	g_free(c.table_of);
	return c.nomem ? PB_NOMEM : PB_OK;
}

size_t pagecmp_hidden(const pagecmp_expected *e, const pageview *hidden,
		      size_t first_line, vreport *r)
{
	size_t found = 0;

	for (size_t i = 0; i < pageview_n_units(hidden); i++) {
		const pageview_unit *u = pageview_unit_at(hidden, i);
		char *key = page_key(u), *skel = skeleton(key);
		GArray *a = g_hash_table_lookup(e->by_key, key);
		char *name, *what;
		bool ok;

		size_t hid = NONE;

		if (!a)
			a = g_hash_table_lookup(e->by_skel, skel);
		g_free(key);
		g_free(skel);
		/* Hiding a copy of what the page shows is no harm. */
		for (guint k = 0; a && k < a->len && hid == NONE; k++)
			if (!e->shown[g_array_index(a, size_t, k)])
				hid = g_array_index(a, size_t, k);
		if (hid == NONE)
			continue;
		name = unit_name(e, hid);
		what = g_strdup_printf("hidden from readers: %s", name);
		ok = vreport_add(r, VREPORT_MISMATCH, first_line + u->line - 1,
				 first_line + u->last_line - 1, what,
				 "(in the page's source only)", NULL);
		g_free(name);
		g_free(what);
		if (!ok)
			return (size_t)-1;
		found++;
	}
	return found;
}
