/* vreport.c: the items verify found (see vreport.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "verify/vreport.h"

struct vreport {
	vreport_item *items;
	size_t n, cap;
	size_t counts[VREPORT_VERDICTS];
};

vreport *vreport_new(void)
{
	return calloc(1, sizeof(vreport));
}

static void item_clear(vreport_item *it)
{
	free(it->what);
	free(it->published);
	free(it->recomputed);
}

void vreport_free(vreport *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++)
		item_clear(&r->items[i]);
	free(r->items);
	free(r);
}

/* A copy of S, or NULL for NULL; *FAILED set when S could not be copied. */
static char *copy(const char *s, bool *failed)
{
	char *c;

	if (!s)
		return NULL;
	c = strdup(s);
	if (!c)
		*failed = true;
	return c;
}

bool vreport_add(vreport *r, vreport_verdict verdict, size_t line,
		 size_t last_line, const char *what, const char *published,
		 const char *recomputed)
{
	vreport_item it = { verdict, NULL, NULL, NULL, line, last_line };
	bool failed = false;

	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		vreport_item *items = realloc(r->items, cap * sizeof *items);

		if (!items)
			return false;
		r->items = items;
		r->cap = cap;
	}
	it.what = copy(what ? what : "", &failed);
	it.published = copy(published, &failed);
	it.recomputed = copy(recomputed, &failed);
	if (failed) {
		item_clear(&it);
		return false;
	}
	r->items[r->n++] = it;
	r->counts[verdict]++;
	return true;
}

size_t vreport_n_items(const vreport *r)
{
	return r->n;
}

const vreport_item *vreport_item_at(const vreport *r, size_t i)
{
	return &r->items[i];
}

size_t vreport_count(const vreport *r, vreport_verdict verdict)
{
	return r->counts[verdict];
}

const char *vreport_verdict_word(vreport_verdict verdict)
{
	static const char *const words[VREPORT_VERDICTS] = {
		"match", "MISMATCH", "OMITTED", "not in data", "not checked"
	};

	return verdict < VREPORT_VERDICTS ? words[verdict] : "?";
}

/* Lines first, 0 last; then the order they were added in, which the
 * comparison (a copy of the index) keeps. */
typedef struct ranked {
	vreport_item item;
	size_t added;
} ranked;

static int by_line(const void *pa, const void *pb)
{
	const ranked *a = pa, *b = pb;
	size_t la = a->item.line ? a->item.line : SIZE_MAX;
	size_t lb = b->item.line ? b->item.line : SIZE_MAX;

	if (la != lb)
		return la < lb ? -1 : 1;
	return (a->added > b->added) - (a->added < b->added);
}

void vreport_sort_by_line(vreport *r)
{
	ranked *tmp = malloc(r->n * sizeof *tmp + 1);

	if (!tmp)
		return;    /* the order stays as added: nothing is lost */
	for (size_t i = 0; i < r->n; i++) {
		tmp[i].item = r->items[i];
		tmp[i].added = i;
	}
	qsort(tmp, r->n, sizeof *tmp, by_line);
	for (size_t i = 0; i < r->n; i++)
		r->items[i] = tmp[i].item;
	free(tmp);
}
