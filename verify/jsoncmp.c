/* jsoncmp.c: a published results.json against the study's, key by key
 * (see jsoncmp.h). */
#include "config.h"

#include "common/numtext.h"
#include "verify/jsoncmp.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * A growing text, always NUL-terminated once anything is in it; false
 * from a function that adds means memory ran out. */

typedef struct textbuf {
	char *s;
	size_t len, cap;
} textbuf;

static bool tb_add(textbuf *tb, const char *s, size_t n)
{
	if (n >= SIZE_MAX / 2 - tb->len)
		return false;
	if (tb->len + n + 1 > tb->cap) {
		size_t cap = tb->cap ? tb->cap : 64;
		char *grown;

		while (cap < tb->len + n + 1)
			cap *= 2;
		grown = realloc(tb->s, cap);
		if (!grown)
			return false;
		tb->s = grown;
		tb->cap = cap;
	}
	memcpy(tb->s + tb->len, s, n);
	tb->len += n;
	tb->s[tb->len] = '\0';
	return true;
}

static bool tb_str(textbuf *tb, const char *s)
{
	return tb_add(tb, s, strlen(s));
}

/* Back to the first LEN bytes. */
static void tb_cut(textbuf *tb, size_t len)
{
	tb->len = len;
	if (tb->s)
		tb->s[len] = '\0';
}

static void tb_free(textbuf *tb)
{
	free(tb->s);
	*tb = (textbuf){ NULL, 0, 0 };
}

/* LEN less the bytes of a UTF-8 sequence that S's first LEN bytes end in
 * the middle of, so that a cut text stays valid UTF-8. */
static size_t utf8_whole(const char *s, size_t len)
{
	for (size_t back = 1; back <= 4 && back <= len; back++) {
		unsigned char c = (unsigned char)s[len - back];
		size_t need;

		if ((c & 0xC0) == 0x80)
			continue;          /* a continuation byte: look further */
		need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
		return need > back ? len - back : len;
	}
	return len;
}

/* ---------------------------------------------------------------------
 * Values and names as text. */

/* Collects what jansson's dumper gives, up to CAP bytes; it stops the
 * dumper there, so a huge value costs no more than its cut. */
typedef struct dump_sink {
	textbuf *tb;
	size_t start, cap;
	bool cut, nomem;
} dump_sink;

static int dump_piece(const char *buf, size_t size, void *data)
{
	dump_sink *d = data;
	size_t used = d->tb->len - d->start;

	if (size > d->cap - used) {
		size = utf8_whole(buf, d->cap - used);
		d->cut = true;
	}
	if (!tb_add(d->tb, buf, size)) {
		d->nomem = true;
		return -1;
	}
	return d->cut ? -1 : 0;
}

/* Appends V as compact JSON to TB, cut at CAP bytes with "..." after;
 * false when memory ran out. */
static bool add_json(textbuf *tb, const json_t *v, size_t cap)
{
	dump_sink d = { tb, tb->len, cap, false, false };
	int rc;

	/* A real as the file writes it: the shortest text that reads back
	 * to the same double, not seventeen digits. */
	if (json_is_real(v)) {
		char buf[32];

		numtext_shortest(json_real_value(v), buf);
		return tb_str(tb, buf);
	}
	rc = json_dump_callback(v, dump_piece, &d, JSON_ENCODE_ANY
				    | JSON_COMPACT | JSON_REAL_PRECISION(17));

	if (d.cut)
		return tb_str(tb, "...");
	/* -1 without a cut: jansson ran out of memory (it dumps any value
	 * a parser or the renderer made). */
	return rc == 0 && !d.nomem;
}

/* Whether the N bytes of S can stand in a name as they are: no control
 * character and none of SPECIAL. */
static bool plain_part(const char *s, size_t n, const char *special)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7F || strchr(special, c))
			return false;
	}
	return true;
}

/* Appends the N bytes of S to TB as part of a name: as they are when
 * plain, else as a JSON string; cut at CAP bytes with "..." after. */
static bool add_part(textbuf *tb, const char *s, size_t n, const char *special,
		     size_t cap)
{
	json_t *str;
	bool ok;

	if (plain_part(s, n, special)) {
		if (n <= cap)
			return tb_add(tb, s, n);
		return tb_add(tb, s, utf8_whole(s, cap)) && tb_str(tb, "...");
	}
	str = json_stringn_nocheck(s, n);
	if (!str)
		return false;
	ok = add_json(tb, str, cap);
	json_decref(str);
	return ok;
}

/* The bytes a key, and an identity, must not hold to stand in a name as
 * they are: what would make the name ambiguous. */
static const char key_special[] = ".[]\",";
static const char ident_special[] = "[]\",";

/* ---------------------------------------------------------------------
 * Which arrays are matched by identity, and which keys are bounds. */

typedef struct ident_rule {
	const char *array;           /* its schema path (below) */
	const char *keys[3];         /* its identity: one to three keys */
} ident_rule;

/* Schema paths name a place in the tree: keys joined by '.', "[]" for the
 * elements of an array. */
static const ident_rule ident_rules[] = {
	{ "series", { "id" } },
	{ "inputs", { "path" } },
	{ "runs", { "run" } },
	{ "comparisons", { "series", "state" } },
	{ "comparisons[].notes", { "code" } },
	{ "levels", { "series", "state" } },
	{ "verdicts", { "state" } },
	{ "verdicts[].series", { "series" } },
	{ "heterogeneity.reference_spread", { "series" } },
	{ "heterogeneity.spread_tests", { "series_a", "series_b" } },
	{ "heterogeneity.between_series", { "state", "series_a",
					    "series_b" } },
	{ "mechanism", { "series", "state" } },
	{ "mechanism[].priority", { "win32", "etw" } },
	{ "mechanism[].observed", { "name" } },
	{ "mechanism[].observed[].values", { "value" } },
	{ "boundary.rows", { "run" } },
	{ "boundary.groups", { "written" } },
	{ "accounting", { "series" } },
	{ "accounting[].excluded_runs", { "run" } },
	{ "design.balance", { "series" } },
	{ "design.balance[].by_state", { "state" } },
	{ "design.control", { "run" } },
};

/* The interval ends in the study's unit; '*' stands for any one key. */
static const char *const bound_keys[] = {
	"comparisons[].interval.lo", "comparisons[].interval.hi",
	"comparisons[].sensitivity.*.lo", "comparisons[].sensitivity.*.hi",
	"comparisons[].exact_check.lo", "comparisons[].exact_check.hi",
	"heterogeneity.between_series[].lo",
	"heterogeneity.between_series[].hi",
};

/* Whether schema path PATH is PATTERN, where a '*' of PATTERN stands for
 * one key (no '.'). */
static bool schema_is(const char *path, const char *pattern)
{
	while (*pattern) {
		if (*pattern == '*') {
			while (*path && *path != '.')
				path++;
			pattern++;
		} else if (*path++ != *pattern++) {
			return false;
		}
	}
	return *path == '\0';
}

static const ident_rule *ident_rule_of(const char *schema)
{
	for (size_t i = 0; i < sizeof ident_rules / sizeof *ident_rules; i++)
		if (strcmp(schema, ident_rules[i].array) == 0)
			return &ident_rules[i];
	return NULL;
}

static bool is_bound(const char *schema)
{
	for (size_t i = 0; i < sizeof bound_keys / sizeof *bound_keys; i++)
		if (schema_is(schema, bound_keys[i]))
			return true;
	return false;
}

/* ---------------------------------------------------------------------
 * The walk. */

typedef struct walk {
	const jsoncmp_options *opt;
	vreport *r;
	textbuf name;         /* the item name so far */
	textbuf schema;       /* the schema path so far (FRESH's keys only) */
	textbuf published;    /* the texts of the item being added */
	textbuf recomputed;
} walk;

typedef enum ident_found {
	IDENT_OK,
	IDENT_NONE,           /* not an object, or a key of it missing */
	IDENT_NOMEM
} ident_found;

/* Appends the identity of element E under RULE to TB, each value cut at
 * CAP bytes: one key's value alone, else "KEY VALUE, KEY VALUE". */
static ident_found add_ident(textbuf *tb, const ident_rule *rule,
			     const json_t *e, size_t cap)
{
	size_t n_keys = rule->keys[2] ? 3 : rule->keys[1] ? 2 : 1;

	if (!json_is_object(e))
		return IDENT_NONE;
	for (size_t k = 0; k < n_keys; k++) {
		const json_t *v = json_object_get(e, rule->keys[k]);
		bool ok;

		if (!v)
			return IDENT_NONE;
		ok = (k == 0 || tb_str(tb, ", "))
		     && (n_keys == 1 || (tb_str(tb, rule->keys[k])
					 && tb_str(tb, " ")));
		if (ok && json_is_string(v))
			ok = add_part(tb, json_string_value(v),
				      json_string_length(v), ident_special,
				      cap);
		else if (ok)
			ok = add_json(tb, v, cap);
		if (!ok)
			return IDENT_NOMEM;
	}
	return IDENT_OK;
}

/* Adds an item named by W's name, with the texts of PUB and FRESH (either
 * may be NULL). */
static pb_status add_item(walk *w, vreport_verdict verdict, const json_t *pub,
			  const json_t *fresh)
{
	tb_cut(&w->published, 0);
	tb_cut(&w->recomputed, 0);
	if ((pub && !add_json(&w->published, pub, JSONCMP_TEXT_MAX))
	    || (fresh && !add_json(&w->recomputed, fresh, JSONCMP_TEXT_MAX)))
		return PB_NOMEM;
	if (!vreport_add(w->r, verdict, 0, 0,
			 w->name.len ? w->name.s : "(document)",
			 pub ? w->published.s : NULL,
			 fresh ? w->recomputed.s : NULL))
		return PB_NOMEM;
	return PB_OK;
}

/* Whether leaf PUB states what FRESH does, at W's schema path. */
static bool leaf_equal(const walk *w, const json_t *pub, const json_t *fresh)
{
	double p, f;

	if (json_is_integer(pub) && json_is_integer(fresh))
		return json_integer_value(pub) == json_integer_value(fresh);
	if (json_is_number(pub) && json_is_number(fresh)) {
		/* Exact: render/jsonw.c writes each real with
		 * numtext_shortest, whose text reads back to the same
		 * double, and an integral real as an integer; so only a
		 * changed number differs. */
		p = json_number_value(pub);
		f = json_number_value(fresh);
		if (!(p < f) && !(p > f))   /* p == f; jansson holds no NaN */
			return true;
		return w->opt && w->opt->tolerance_given
		       && is_bound(w->schema.s ? w->schema.s : "")
		       && fabs(p - f) <= w->opt->tolerance;
	}
	if (json_typeof(pub) != json_typeof(fresh))
		return false;
	if (json_is_string(pub))
		return json_string_length(pub) == json_string_length(fresh)
		       && memcmp(json_string_value(pub),
				 json_string_value(fresh),
				 json_string_length(pub)) == 0;
	/* true, false, null, or two empty objects or arrays. */
	return json_equal((json_t *)pub, (json_t *)fresh);
}

static pb_status compare_value(walk *w, const json_t *pub,
			       const json_t *fresh);

/* Names an element of the array in W's name: its identity under RULE
 * (from E) when there is one, else its index (after '#' when the array
 * has identities). */
static pb_status name_element(walk *w, const ident_rule *rule,
			      const json_t *e, size_t index)
{
	char num[32];
	ident_found found = IDENT_NONE;
	size_t open;

	if (!tb_str(&w->name, "["))
		return PB_NOMEM;
	open = w->name.len;
	if (rule)
		found = add_ident(&w->name, rule, e, JSONCMP_TEXT_MAX);
	if (found == IDENT_NOMEM)
		return PB_NOMEM;
	if (found == IDENT_NONE) {
		tb_cut(&w->name, open);     /* the keys it did find */
		snprintf(num, sizeof num, "%s%zu", rule ? "#" : "", index);
		if (!tb_str(&w->name, num))
			return PB_NOMEM;
	}
	return tb_str(&w->name, "]") ? PB_OK : PB_NOMEM;
}

/* Element I of FRESH's array beside element I of PUBLISHED's. */
static pb_status compare_by_index(walk *w, const json_t *pub,
				  const json_t *fresh)
{
	size_t n_fresh = json_array_size(fresh), n_pub = json_array_size(pub);
	size_t name_len = w->name.len;
	pb_status st = PB_OK;

	for (size_t i = 0; st == PB_OK && i < n_fresh; i++) {
		st = name_element(w, NULL, NULL, i);
		if (st == PB_OK)
			st = i < n_pub
			     ? compare_value(w, json_array_get(pub, i),
					     json_array_get(fresh, i))
			     : add_item(w, VREPORT_OMITTED, NULL,
					json_array_get(fresh, i));
		tb_cut(&w->name, name_len);
	}
	for (size_t i = n_fresh; st == PB_OK && i < n_pub; i++) {
		st = name_element(w, NULL, NULL, i);
		if (st == PB_OK)
			st = add_item(w, VREPORT_NOT_IN_DATA,
				      json_array_get(pub, i), NULL);
		tb_cut(&w->name, name_len);
	}
	return st;
}

/* FRESH's elements by identity, sorted so that a published element's
 * identity is found by bisection; equal identities in FRESH's order. */
typedef struct ident_index {
	textbuf texts;        /* the identities, one after the other */
	struct ident_entry {
		const char *text; /* in texts, once they are all in */
		size_t start;     /* its offset there */
		size_t len;
		size_t fresh;     /* its element of FRESH */
	} *entries;
	size_t *match;        /* per element of FRESH: its element of
				 PUBLISHED, or NO_MATCH */
	size_t n;
} ident_index;

#define NO_MATCH SIZE_MAX

static int entry_order(const void *a, const void *b)
{
	const struct ident_entry *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->text, y->text, n);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->fresh < y->fresh ? -1 : x->fresh > y->fresh;
}

static void ident_index_free(ident_index *ix)
{
	tb_free(&ix->texts);
	free(ix->entries);
	free(ix->match);
}

/* Indexes FRESH's elements under RULE.  IDENT_NONE when one has no
 * identity (the array is then compared by index). */
static ident_found ident_index_build(ident_index *ix, const ident_rule *rule,
				     const json_t *fresh)
{
	size_t n = json_array_size(fresh);

	*ix = (ident_index){ { NULL, 0, 0 }, NULL, NULL, n };
	ix->entries = calloc(n ? n : 1, sizeof *ix->entries);
	ix->match = calloc(n ? n : 1, sizeof *ix->match);
	if (!ix->entries || !ix->match)
		return IDENT_NOMEM;
	for (size_t i = 0; i < n; i++) {
		size_t start = ix->texts.len;
		ident_found found = add_ident(&ix->texts, rule,
					      json_array_get(fresh, i),
					      SIZE_MAX / 4);

		if (found != IDENT_OK)
			return found;
		ix->entries[i] = (struct ident_entry){
			NULL, start, ix->texts.len - start, i };
		ix->match[i] = NO_MATCH;
	}
	/* The texts move while they grow: point at them once all are in. */
	for (size_t i = 0; i < n; i++)
		ix->entries[i].text = ix->texts.s + ix->entries[i].start;
	qsort(ix->entries, n, sizeof *ix->entries, entry_order);
	return IDENT_OK;
}

/* The first entry of IX whose identity is the LEN bytes of KEY, or IX's
 * count when none is. */
static size_t ident_find(const ident_index *ix, const char *key, size_t len)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct ident_entry *e = &ix->entries[mid];
		size_t n = e->len < len ? e->len : len;
		int c = memcmp(e->text, key, n);

		if (c < 0 || (c == 0 && e->len < len))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ix->n && ix->entries[lo].len == len
	    && memcmp(ix->entries[lo].text, key, len) == 0)
		return lo;
	return ix->n;
}

/* Whether entry K of IX has the identity of entry FIRST. */
static bool same_ident(const ident_index *ix, size_t first, size_t k)
{
	return k < ix->n && ix->entries[k].len == ix->entries[first].len
	       && memcmp(ix->entries[k].text, ix->entries[first].text,
			 ix->entries[k].len) == 0;
}

/* The element of FRESH that published element P (identity KEY) is
 * matched with under IX, or NO_MATCH; with CLAIM, P takes the first
 * unmatched one of its identity. */
static size_t ident_match(ident_index *ix, const char *key, size_t len,
			  size_t p, bool claim)
{
	size_t first = ident_find(ix, key, len);

	for (size_t k = first; same_ident(ix, first, k); k++) {
		size_t f = ix->entries[k].fresh;

		if (ix->match[f] == p)
			return f;
		if (claim && ix->match[f] == NO_MATCH) {
			ix->match[f] = p;
			return f;
		}
	}
	return NO_MATCH;
}

/* Gives each element of PUBLISHED, in its order, to the first element of
 * FRESH with its identity not yet taken: a second published element of
 * one identity stays unmatched. */
static pb_status match_published(ident_index *ix, const ident_rule *rule,
				 const json_t *pub, textbuf *key)
{
	for (size_t p = 0; p < json_array_size(pub); p++) {
		ident_found found;

		tb_cut(key, 0);
		found = add_ident(key, rule, json_array_get(pub, p),
				  SIZE_MAX / 4);
		if (found == IDENT_NOMEM)
			return PB_NOMEM;
		if (found == IDENT_OK)
			ident_match(ix, key->s, key->len, p, true);
	}
	return PB_OK;
}

/* The published elements IX left unmatched, each "not in data". */
static pb_status report_unmatched(walk *w, ident_index *ix,
				  const ident_rule *rule, const json_t *pub,
				  textbuf *key)
{
	size_t name_len = w->name.len;
	pb_status st = PB_OK;

	for (size_t p = 0; st == PB_OK && p < json_array_size(pub); p++) {
		const json_t *e = json_array_get(pub, p);
		ident_found found;

		tb_cut(key, 0);
		found = add_ident(key, rule, e, SIZE_MAX / 4);
		if (found == IDENT_NOMEM)
			return PB_NOMEM;
		if (found == IDENT_OK
		    && ident_match(ix, key->s, key->len, p, false) != NO_MATCH)
			continue;
		st = name_element(w, rule, e, p);
		if (st == PB_OK)
			st = add_item(w, VREPORT_NOT_IN_DATA, e, NULL);
		tb_cut(&w->name, name_len);
	}
	return st;
}

/* FRESH's elements beside the published ones of the same identity, in
 * FRESH's order, then the published elements left over. */
static pb_status compare_by_ident(walk *w, ident_index *ix,
				  const ident_rule *rule, const json_t *pub,
				  const json_t *fresh)
{
	textbuf key = { NULL, 0, 0 };
	size_t name_len = w->name.len;
	pb_status st = match_published(ix, rule, pub, &key);

	for (size_t f = 0; st == PB_OK && f < ix->n; f++) {
		const json_t *e = json_array_get(fresh, f);

		st = name_element(w, rule, e, f);
		if (st == PB_OK)
			st = ix->match[f] != NO_MATCH
			     ? compare_value(w, json_array_get(pub,
							       ix->match[f]), e)
			     : add_item(w, VREPORT_OMITTED, NULL, e);
		tb_cut(&w->name, name_len);
	}
	if (st == PB_OK)
		st = report_unmatched(w, ix, rule, pub, &key);
	tb_free(&key);
	return st;
}

static pb_status compare_arrays(walk *w, const json_t *pub,
				const json_t *fresh)
{
	const ident_rule *rule = ident_rule_of(w->schema.s ? w->schema.s : "");
	size_t schema_len = w->schema.len;
	ident_index ix = { { NULL, 0, 0 }, NULL, NULL, 0 };
	ident_found found = IDENT_NONE;
	pb_status st;

	if (json_array_size(fresh) == 0 && json_array_size(pub) == 0)
		return add_item(w, VREPORT_MATCH, pub, fresh);
	if (!tb_str(&w->schema, "[]"))
		return PB_NOMEM;
	if (rule)
		found = ident_index_build(&ix, rule, fresh);
	if (found == IDENT_NOMEM)
		st = PB_NOMEM;
	else if (found == IDENT_OK)
		st = compare_by_ident(w, &ix, rule, pub, fresh);
	else
		st = compare_by_index(w, pub, fresh);
	ident_index_free(&ix);
	tb_cut(&w->schema, schema_len);
	return st;
}

/* Adds KEY to W's name (and, with SCHEMA, to its schema path). */
static bool push_key(walk *w, const char *key, bool schema)
{
	size_t len = strlen(key);

	if (w->name.len && !tb_str(&w->name, "."))
		return false;
	if (!add_part(&w->name, key, len, key_special, JSONCMP_TEXT_MAX))
		return false;
	return !schema || ((w->schema.len == 0 || tb_str(&w->schema, "."))
			   && tb_add(&w->schema, key, len));
}

static pb_status compare_objects(walk *w, const json_t *pub,
				 const json_t *fresh)
{
	size_t name_len = w->name.len, schema_len = w->schema.len;
	const char *key;
	json_t *v;
	pb_status st = PB_OK;

	if (json_object_size(fresh) == 0 && json_object_size(pub) == 0)
		return add_item(w, VREPORT_MATCH, pub, fresh);
	json_object_foreach((json_t *)fresh, key, v) {
		const json_t *pv = json_object_get(pub, key);

		if (!push_key(w, key, true))
			st = PB_NOMEM;
		else
			st = pv ? compare_value(w, pv, v)
				: add_item(w, VREPORT_OMITTED, NULL, v);
		tb_cut(&w->name, name_len);
		tb_cut(&w->schema, schema_len);
		if (st != PB_OK)
			return st;
	}
	json_object_foreach((json_t *)pub, key, v) {
		if (json_object_get(fresh, key))
			continue;
		st = push_key(w, key, false)
		     ? add_item(w, VREPORT_NOT_IN_DATA, v, NULL) : PB_NOMEM;
		tb_cut(&w->name, name_len);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

/* The walk goes down only where both trees hold a container of one
 * kind, so it is never deeper than FRESH. */
static pb_status compare_value(walk *w, const json_t *pub,
			       const json_t *fresh)
{
	if (json_is_object(pub) && json_is_object(fresh))
		return compare_objects(w, pub, fresh);
	if (json_is_array(pub) && json_is_array(fresh))
		return compare_arrays(w, pub, fresh);
	return add_item(w, leaf_equal(w, pub, fresh) ? VREPORT_MATCH
						     : VREPORT_MISMATCH,
			pub, fresh);
}

pb_status jsoncmp_run(const json_t *published, const json_t *fresh,
		      const jsoncmp_options *opt, vreport *r)
{
	walk w = { opt, r, { NULL, 0, 0 }, { NULL, 0, 0 }, { NULL, 0, 0 },
		   { NULL, 0, 0 } };
	pb_status st = compare_value(&w, published, fresh);

	tb_free(&w.name);
	tb_free(&w.schema);
	tb_free(&w.published);
	tb_free(&w.recomputed);
	return st;
}
