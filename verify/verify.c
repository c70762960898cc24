/* verify.c: a published file beside pairboot's own (see verify.h). */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "render/fig_paired.h"
#include "render/figkind.h"
#include "render/i18n.h"
#include "render/markdown.h"
#include "render/results_json.h"
#include "render/site_index.h"
#include "verify/jsoncmp.h"
#include "verify/templates.h"
#include "verify/verify.h"

void verify_outcome_free(verify_outcome *o)
{
	if (!o)
		return;
	vreport_free(o->report);
	pageview_free(o->page);
	g_free(o);
}

static verify_outcome *outcome_new(void)
{
	verify_outcome *o = g_new0(verify_outcome, 1);

	o->report = vreport_new();
	if (!o->report) {
		g_free(o);
		return NULL;
	}
	return o;
}

/* Whether the N bytes of ADDRESS, read from a published page, may stand
 * in a link of the fresh rendering as they are: no blank or control
 * byte, nothing that ends or nests a Markdown link or opens HTML.  A page
 * whose address is not is set beside the rendering without it, and
 * fails. */
static bool plain_address(const char *address, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)address[i];
		if (c <= 0x20 || c == 0x7F || strchr("<>()[]\"'\\`", c))
			return false;
	}
	return true;
}

/* The figure links of PAGE in LANG: the first image whose target ends in
 * one of the report's figure files, `BASE<figure>.LANG.EXT`; BASE, all
 * that stands before the figure's name (an address and the name's
 * prefix, `report --figure-prefix`), is copied into BUF (SIZE bytes).
 * False when the page shows none (it is then set beside the page without
 * figures). */
static bool page_links(const pageview *page, const char *lang,
		       markdown_links *links, char *buf, size_t size)
{
	static const char *const exts[] = { "svg", "png" };

	for (size_t i = 0; i < pageview_n_units(page); i++) {
		const pageview_unit *u = pageview_unit_at(page, i);
		const char *t = u->kind == PAGEVIEW_IMAGE ? u->target : NULL;
		size_t tl = t ? strlen(t) : 0;

		for (int k = 0; t && k < FIG_KINDS; k++)
			for (size_t x = 0; x < 2; x++) {
				char *file = g_strdup_printf("%s.%s.%s",
					figkind_name((fig_kind)k), lang,
					exts[x]);
				size_t fl = strlen(file);
				bool fits = tl >= fl && tl - fl < size
					    && strcmp(t + tl - fl, file) == 0
					    && plain_address(t, tl - fl);

				g_free(file);
				if (!fits)
					continue;
				memcpy(buf, t, tl - fl);
				buf[tl - fl] = '\0';
				links->base = buf;
				links->ext = exts[x];
				links->paired = NULL;
				links->n_paired = 0;
				return true;
			}
	}
	return false;
}

/* Whether PAGE shows an image whose target is BASE STEM.LANG.EXT. */
static bool page_shows(const pageview *page, const char *target)
{
	for (size_t i = 0; i < pageview_n_units(page); i++) {
		const pageview_unit *u = pageview_unit_at(page, i);

		if (u->kind == PAGEVIEW_IMAGE && u->target
		    && strcmp(u->target, target) == 0)
			return true;
	}
	return false;
}

/* The states of S whose paired figures PAGE shows, as LINKS name them
 * (`report --figures paired`), into STATES (room for every state of the
 * plan), in the plan's order, as report draws them: the page asked for
 * them as it asked for its figures' address. */
static void paired_links(const pageview *page, const char *lang,
			 const study *s, markdown_links *links,
			 size_t *states)
{
	links->paired = states;
	links->n_paired = 0;
	for (size_t i = 0; i < s->plan.n_states; i++) {
		char stem[FIG_PAIRED_STEM_SIZE];
		char *target;

		fig_paired_stem(s->plan.states[i], stem, sizeof stem);
		target = g_strdup_printf("%s%s.%s.%s", links->base, stem, lang,
					 links->ext);
		if (page_shows(page, target))
			states[links->n_paired++] = i;
		g_free(target);
	}
}

/* What is set beside a published page: a study's page or a site's
 * index, rendered marked in a language into OUT. */
typedef struct rendering {
	pb_status (*render)(const struct rendering *r, const char *lang,
			    const pageview *page, GString *out);
	const study *s;                 /* a study's page */
	const analysis *a;
	const site_study *studies;      /* an index: its studies */
	size_t n_studies;
} rendering;

/* The marked page of a study in LANG, with the figures PAGE shows. */
static pb_status render_page(const rendering *r, const char *lang,
			     const pageview *page, GString *out)
{
	markdown_links links;
	char base[1100];
	size_t *states = g_new(size_t, r->s->plan.n_states + 1);
	bool linked = page_links(page, lang, &links, base, sizeof base);
	pb_status st;

	if (linked)
		paired_links(page, lang, r->s, &links, states);
	st = markdown_render_marked(r->s, r->a, lang, linked ? &links : NULL,
				    out);
	g_free(states);
	return st;
}

/* The address under which PAGE, an index in LANG, links its studies'
 * pages: what stands before "FOLDER/LANG.md" in the first heading link
 * that ends in a study's page, at a '/' or the start (a wiki's address of
 * its pages; "" beside the index).  A heading that links elsewhere is then
 * set beside the title's link under the same address, and fails. */
static char *index_base(const rendering *r, const char *lang,
			const pageview *page)
{
	for (size_t i = 0; i < pageview_n_units(page); i++) {
		const pageview_unit *u = pageview_unit_at(page, i);
		size_t tl = u->target ? strlen(u->target) : 0;

		if (u->kind != PAGEVIEW_HEADING || !u->target)
			continue;
		for (size_t k = 0; k < r->n_studies; k++) {
			char *href = g_strdup_printf("%s/%s.md",
						     r->studies[k].folder, lang);
			size_t hl = strlen(href);
			bool fits = tl >= hl
				    && strcmp(u->target + tl - hl, href) == 0
				    && (tl == hl || u->target[tl - hl - 1] == '/')
				    && plain_address(u->target, tl - hl);

			g_free(href);
			if (fits)
				return g_strndup(u->target, tl - hl);
		}
	}
	return g_strdup("");
}

/* The marked index of a site's studies in LANG, its titles linked as
 * PAGE links them. */
static pb_status render_index(const rendering *r, const char *lang,
			      const pageview *page, GString *out)
{
	char *base = index_base(r, lang, page);
	pb_status st = site_index_render(r->studies, r->n_studies, lang, base,
					 true, out);

	g_free(base);
	return st;
}

/* The marked rendering R in LANG, with the figures PAGE shows. */
static pb_status expect(const rendering *r, const char *lang,
			const pageview *page, pagecmp_expected **out)
{
	GString *g = g_string_new(NULL);
	pb_status st = r->render(r, lang, page, g);

	*out = NULL;
	if (st == PB_OK)
		st = pagecmp_expect(g->str, g->len, out);
	g_string_free(g, TRUE);
	return st;
}

/* Of the languages' renderings, the one sharing most units with PAGE
 * (the first on a tie), into *BEST and its code into LANG. */
static pb_status best_rendering(const rendering *r, const pageview *page,
				pagecmp_expected **best, char lang[8])
{
	size_t best_score = 0;

	*best = NULL;
	for (size_t i = 0; i < i18n_count(); i++) {
		pagecmp_expected *e;
		pb_status st = expect(r, i18n_code(i), page, &e);
		size_t score;

		if (st != PB_OK) {
			pagecmp_expected_free(*best);
			*best = NULL;
			return st;
		}
		score = pagecmp_score(e, page);
		if (!*best || score > best_score) {
			pagecmp_expected_free(*best);
			*best = e;
			best_score = score;
			g_strlcpy(lang, i18n_code(i), 8);
		} else {
			pagecmp_expected_free(e);
		}
	}
	return PB_OK;
}

/* The source of hidden region H of TEXT (LEN bytes): its lines, the
 * comment's marks blanked so that what it holds reads as a page. */
static GString *hidden_source(const char *text, size_t len,
			      const pageview_hidden *h)
{
	GString *g = g_string_new(NULL);
	size_t line = 1;

	for (size_t i = 0; i < len && line <= h->last_line; i++) {
		if (line >= h->line)
			g_string_append_c(g, text[i]);
		line += text[i] == '\n';
	}
	for (char *m; (m = strstr(g->str, "<!--"));)
		memcpy(m, "    ", 4);
	for (char *m; (m = strstr(g->str, "-->"));)
		memcpy(m, "   ", 3);
	return g;
}

/* Pairboot's units among what PAGE hides from its readers: each a
 * MISMATCH, whatever else the page shows. */
static pb_status check_hidden(const pagecmp_expected *e, const char *text,
			      size_t len, verify_outcome *o)
{
	for (size_t i = 0; i < pageview_n_hidden(o->page); i++) {
		const pageview_hidden *h = pageview_hidden_at(o->page, i);
		GString *src = hidden_source(text, len, h);
		pageview *v = NULL;
		pb_status st = pageview_read(src->str, src->len, &v);
		size_t n = 0;

		if (st == PB_OK)
			n = pagecmp_hidden(e, v, h->line, o->report);
		pageview_free(v);
		g_string_free(src, TRUE);
		if (st != PB_OK)
			return st;
		if (n == (size_t)-1)
			return PB_NOMEM;
		o->hidden_results += n;
	}
	return PB_OK;
}

/* Compares the page TEXT (LEN bytes) with the rendering R. */
static pb_status verify_rendered(const rendering *r, const char *text,
				 size_t len, const marks_rules *rules,
				 verify_outcome **out)
{
	verify_outcome *o = outcome_new();
	pagecmp_expected *e = NULL;
	templates *t = NULL;
	pb_status st;

	*out = NULL;
	if (!o)
		return PB_NOMEM;
	st = pageview_read(text, len, &o->page);
	if (st == PB_OK)
		st = best_rendering(r, o->page, &e, o->lang);
	if (st == PB_OK)
		st = templates_new(o->lang, &t);
	if (st == PB_OK)
		st = pagecmp_run(e, o->page, t, rules, o->report, &o->stats);
	if (st == PB_OK)
		st = check_hidden(e, text, len, o);
	if (st == PB_OK)
		vreport_sort_by_line(o->report);
	templates_free(t);
	pagecmp_expected_free(e);
	if (st != PB_OK) {
		verify_outcome_free(o);
		return st;
	}
	*out = o;
	return PB_OK;
}

pb_status verify_page(const study *s, const analysis *a, const char *text,
		      size_t len, const marks_rules *rules,
		      verify_outcome **out)
{
	const rendering r = { render_page, s, a, NULL, 0 };

	return verify_rendered(&r, text, len, rules, out);
}

pb_status verify_index(const site_study *studies, size_t n,
		       const char *text, size_t len, const marks_rules *rules,
		       verify_outcome **out)
{
	const rendering r = { render_index, NULL, NULL, studies, n };

	return verify_rendered(&r, text, len, rules, out);
}

pb_status verify_json(const study *s, const analysis *a,
		      const json_t *published, const marks_rules *rules,
		      verify_outcome **out)
{
	verify_outcome *o = outcome_new();
	jsoncmp_options opt = { rules->tolerance_given, rules->tolerance };
	json_t *fresh = NULL;
	pb_status st;

	*out = NULL;
	if (!o)
		return PB_NOMEM;
	st = results_json_build(s, a, &fresh);
	if (st == PB_OK)
		st = jsoncmp_run(published, fresh, &opt, o->report);
	json_decref(fresh);
	if (st != PB_OK) {
		verify_outcome_free(o);
		return st;
	}
	*out = o;
	return PB_OK;
}
