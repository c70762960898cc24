/* verify.c: the matching engine of `pairboot verify` (see verify.h). */
#include "analyze/verify.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/numtext.h"
#include "ingest/published_text.h"

typedef struct verifier {
	const study *s;
	const analysis *a;
	const published *p;
	verify_options opt;
	verify_result *r;        /* counts, stated settings, exact_ci */
	size_t line;             /* the page line being checked, or 0 */
	size_t col;              /* the column of the number checked, or 0 */
	GArray *items;           /* of verify_item */
	GPtrArray *differ, *missing, *added;   /* input paths */
} verifier;

static bool same_double(double a, double b)
{
	return !(a < b) && !(a > b);
}

/* Records one item, taking ITEM, PUB and REC (g_malloc()ed; PUB and REC
 * may be NULL). */
static void claim_free(verifier *v, verify_verdict st, char *item, char *pub,
		       char *rec)
{
	verify_item it = { st, item, pub, rec, v->line, v->col };

	v->r->counts[st]++;
	g_array_append_val(v->items, it);
}

/* Records one item with copies of ITEM, PUB and REC. */
static void claim(verifier *v, verify_verdict st, const char *item,
		  const char *pub, const char *rec)
{
	claim_free(v, st, g_strdup(item), g_strdup(pub), g_strdup(rec));
}

static char *state_str(pb_state st)
{
	char buf[PB_STATE_BUFSIZE];
	return g_strdup(pb_state_format(st, buf, sizeof buf));
}

/* X as published: with the published decimals and a sign (a page), or
 * in shortest round-trip form (results.json, DECIMALS < 0). */
static char *num_str(double x, int decimals)
{
	char buf[32];

	if (!isfinite(x))
		return g_strdup("none");
	if (decimals < 0) {
		numtext_shortest(x, buf);
		return g_strdup(buf);
	}
	return g_strdup_printf("%+.*f", decimals, x);
}

/* X rounded to DECIMALS as printf rounds, read back. */
static double round_to(double x, int decimals)
{
	char buf[400];
	snprintf(buf, sizeof buf, "%.*f", decimals, x);
	return strtod(buf, NULL);
}

/* Whether the recomputed REC matches the published N.  CI: an interval
 * bound, for which the tolerance rules apply. */
static bool num_match(const verifier *v, const pub_num *n, double rec,
		      bool ci)
{
	if (!isfinite(rec))
		return false;
	if (ci && !v->r->exact_ci && v->opt.tolerance_given)
		return fabs(rec - n->value)
		       <= v->opt.tolerance + 1e-9 * fmax(1.0, fabs(n->value));
	if (n->decimals < 0)
		return same_double(rec, n->value);
	return same_double(round_to(rec, n->decimals), n->value);
}

static void check_num(verifier *v, const char *item, const pub_num *n,
		      double rec, bool ci)
{
	char *ps = num_str(n->value, n->decimals);
	char *rs = num_str(rec, n->decimals);

	v->col = n->col;
	claim(v, num_match(v, n, rec, ci) ? VERIFY_MATCH : VERIFY_MISMATCH, item, ps, rs);
	v->col = 0;
	g_free(ps);
	g_free(rs);
}

static void check_code(verifier *v, const char *item, const char *pub,
		       const char *rec)
{
	claim(v, strcmp(pub, rec) == 0 ? VERIFY_MATCH : VERIFY_MISMATCH, item, pub, rec);
}

/* ---------------------------------------------------------------------
 * Inputs and runs (results.json only). */

static const input_file *find_input(const study *s, const char *path)
{
	for (size_t i = 0; i < s->n_inputs; i++)
		if (strcmp(s->inputs[i].path, path) == 0)
			return &s->inputs[i];
	return NULL;
}

static void check_inputs(verifier *v)
{
	const published *p = v->p;

	for (size_t i = 0; i < p->n_inputs; i++) {
		const pub_input *in = &p->inputs[i];
		const input_file *f = find_input(v->s, in->path);
		char *item = g_strdup_printf("input %s sha256", in->path);
		char pub[20], rec[20];
		snprintf(pub, sizeof pub, "%.16s...", in->sha256);
		if (!f) {
			claim(v, VERIFY_NOT_IN_DATA, item, pub, NULL);
			g_ptr_array_add(v->missing, in->path);
		} else {
			snprintf(rec, sizeof rec, "%.16s...", f->sha256);
			bool same = strcmp(in->sha256, f->sha256) == 0;
			claim(v, same ? VERIFY_MATCH : VERIFY_MISMATCH, item, pub, rec);
			if (!same)
				g_ptr_array_add(v->differ, in->path);
		}
		g_free(item);
	}
	for (size_t i = 0; i < v->s->n_inputs; i++) {
		const input_file *f = &v->s->inputs[i];
		bool seen = false;
		for (size_t k = 0; k < p->n_inputs && !seen; k++)
			seen = strcmp(p->inputs[k].path, f->path) == 0;
		if (seen)
			continue;
		char *item = g_strdup_printf("input %s sha256", f->path);
		char rec[20];
		snprintf(rec, sizeof rec, "%.16s...", f->sha256);
		claim(v, VERIFY_OMITTED, item, NULL, rec);
		g_ptr_array_add(v->added, f->path);
		g_free(item);
	}
}

static const study_run *find_run(const study *s, const char *id)
{
	for (size_t i = 0; i < s->n_runs; i++)
		if (strcmp(s->runs[i].id, id) == 0)
			return &s->runs[i];
	return NULL;
}

static void check_runs(verifier *v)
{
	const published *p = v->p;

	for (size_t i = 0; i < p->n_runs; i++) {
		const pub_run *pr = &p->runs[i];
		const study_run *r = find_run(v->s, pr->id);
		char *item = g_strdup_printf("run %s statistic", pr->id);
		if (!r) {
			char *ps = pr->has_statistic
				   ? num_str(pr->statistic, -1) : NULL;
			claim(v, VERIFY_NOT_IN_DATA, item, ps ? ps : "none", NULL);
			g_free(ps);
		} else if (pr->has_statistic || r->has_statistic) {
			pub_num n = { pr->has_statistic, pr->statistic, -1,
				      0, 0 };
			if (pr->has_statistic && r->has_statistic) {
				check_num(v, item, &n, r->statistic, false);
			} else {
				char *ps = pr->has_statistic
					   ? num_str(pr->statistic, -1)
					   : g_strdup("none");
				char *rs = r->has_statistic
					   ? num_str(r->statistic, -1)
					   : g_strdup("none");
				claim(v, VERIFY_MISMATCH, item, ps, rs);
				g_free(ps);
				g_free(rs);
			}
		}
		g_free(item);
	}
	for (size_t i = 0; i < v->s->n_runs; i++) {
		const study_run *r = &v->s->runs[i];
		bool seen = false;
		for (size_t k = 0; k < p->n_runs && !seen; k++)
			seen = strcmp(p->runs[k].id, r->id) == 0;
		if (seen)
			continue;
		char *item = g_strdup_printf("run %s", r->id);
		char *rs = r->has_statistic ? num_str(r->statistic, -1)
					    : g_strdup("no statistic");
		claim(v, VERIFY_OMITTED, item, NULL, rs);
		g_free(rs);
		g_free(item);
	}
}

/* ---------------------------------------------------------------------
 * Comparisons and conclusions. */

/* The I-th series of KIND (0-based), or (size_t)-1. */
static size_t nth_series(const study_plan *plan, series_kind kind, size_t i)
{
	for (size_t k = 0; k < plan->n_series; k++)
		if (plan->series[k].kind == kind && i-- == 0)
			return k;
	return (size_t)-1;
}

/* Whether LABEL, as the published file names a series, is series K: its
 * label in results.json, its name in the language of a page (which may
 * be a localized label or the language's default name). */
static bool series_label_is(const verifier *v, size_t k, const char *label)
{
	const study_plan *plan = &v->s->plan;
	char *name;
	bool same;

	if (strcmp(plan->series[k].label, label) == 0)
		return true;
	if (!v->opt.series_name)
		return false;
	name = v->opt.series_name(plan, k, v->p->lang);
	same = name && strcmp(name, label) == 0;
	g_free(name);
	return same;
}

/* The latency series a published comparison column names: by id (a
 * results.json, or a default label "Series ID" in any language), else by
 * its label as printed, else by its place among the latency series. */
static size_t resolve_series(const verifier *v, const pub_cmp *pc)
{
	const study_plan *plan = &v->s->plan;
	size_t k;

	if (pc->series_id) {
		k = study_series_index(plan, pc->series_id);
		if (k != (size_t)-1 && plan->series[k].kind == SERIES_LATENCY)
			return k;
		if (v->p->source == PUB_RESULTS_JSON)
			return (size_t)-1;
	}
	if (pc->series_label) {
		for (k = 0; k < plan->n_series; k++)
			if (plan->series[k].kind == SERIES_LATENCY
			    && series_label_is(v, k, pc->series_label))
				return k;
	}
	return nth_series(plan, SERIES_LATENCY, pc->series_pos);
}

static size_t find_cmp(const analysis *a, size_t series, size_t state)
{
	for (size_t i = 0; i < a->n_cmp; i++)
		if (a->cmp[i].series == series && a->cmp[i].state == state)
			return i;
	return (size_t)-1;
}

/* ---- Settings, run counts and pairs ---------------------------------- */

/* The generator the bootstrap draws from (analyze/mt19937.h). */
#define VERIFY_GENERATOR "mt19937"

/* A setting as recomputed: TEXT, or the number NUM when TEXT is NULL. */
typedef struct rec_setting {
	const char *text;
	double num;
} rec_setting;

static rec_setting recomputed_setting(const study_plan *plan,
				      pub_setting_kind kind)
{
	rec_setting r = { NULL, 0 };

	switch (kind) {
	case PUB_SET_STATISTIC: r.text = plan->statistic.name; break;
	case PUB_SET_THRESHOLD: r.num = plan->threshold; break;
	case PUB_SET_UNIT: r.text = plan->unit ? plan->unit : ""; break;
	case PUB_SET_BETTER:
		r.text = plan->better == BETTER_LOWER ? "lower" : "higher";
		break;
	case PUB_SET_CONFIDENCE: r.num = plan->confidence; break;
	case PUB_SET_METHOD:
		r.text = interval_method_name(plan->interval);
		break;
	case PUB_SET_RESAMPLES:
		if (plan->resamples_exact)
			r.text = "exact";
		else
			r.num = (double)plan->resamples;
		break;
	case PUB_SET_SEED: r.num = plan->seed; break;
	case PUB_SET_GENERATOR: r.text = VERIFY_GENERATOR; break;
	case PUB_SET_PLAN_DIGEST: r.text = plan->digest; break;
	case PUB_SET_REGISTERED:
		r.text = plan->registered ? "yes" : "no";
		break;
	case PUB_SET_KINDS: r.text = "?"; break;
	}
	return r;
}

/* A setting's number as printed: a confidence as a percentage, the rest
 * at the published decimals (any, for a results.json). */
static char *setting_num_str(pub_setting_kind kind, double x, int decimals)
{
	char buf[32];

	if (decimals < 0 && same_double(x, floor(x)) && fabs(x) < 1e15)
		return g_strdup_printf("%.0f", x);
	if (decimals < 0) {
		numtext_shortest(x, buf);
		return g_strdup(buf);
	}
	if (kind == PUB_SET_CONFIDENCE)
		return g_strdup_printf("%.*f%%", decimals >= 2 ? decimals - 2
						 : 0, x * 100);
	return g_strdup_printf("%.*f", decimals, x);
}

/* Where the file states S: "(line 57, column 24)" or "(plan.seed)". */
static char *where_str(size_t line, size_t col, const char *key)
{
	if (key)
		return g_strdup_printf("(%s)", key);
	if (col)
		return g_strdup_printf("(line %zu, column %zu)", line, col);
	return g_strdup_printf("(line %zu)", line);
}

static void check_setting(verifier *v, const pub_setting *ps)
{
	rec_setting r = recomputed_setting(&v->s->plan, ps->kind);
	char *where;

	v->line = ps->line;
	where = where_str(ps->line, ps->col, ps->key);
	char *item = g_strdup_printf("setting %s %s",
				     pub_setting_name(ps->kind), where);
	char *pub = ps->text ? g_strdup(ps->text)
		    : setting_num_str(ps->kind, ps->num.value,
				      ps->num.decimals);
	char *rec = r.text ? g_strdup(r.text)
		    : setting_num_str(ps->kind, r.num,
				      ps->text ? -1 : ps->num.decimals);
	bool same;

	/* The renderer writes the threshold, resamples and seed as the
	 * study gives them, so a page must state them exactly ("1.78" is
	 * another threshold than 1.784); it rounds the confidence level to
	 * at most two decimals of a percentage. */
	if (ps->text || r.text)
		same = ps->text && r.text && strcmp(ps->text, r.text) == 0;
	else if (ps->kind == PUB_SET_CONFIDENCE)
		same = num_match(v, &ps->num, r.num, false);
	else
		same = same_double(ps->num.value, r.num);
	v->r->stated[ps->kind] = true;
	claim_free(v, same ? VERIFY_MATCH : VERIFY_MISMATCH, item, pub, rec);
	g_free(where);
}

/* The series a published account names: by id, else by its label. */
static size_t resolve_account(const verifier *v, const pub_account *pa)
{
	const study_plan *plan = &v->s->plan;
	size_t k;

	if (pa->series_id) {
		k = study_series_index(plan, pa->series_id);
		if (k != (size_t)-1 || v->p->source == PUB_RESULTS_JSON)
			return k;
	}
	for (k = 0; pa->series_label && k < plan->n_series; k++)
		if (series_label_is(v, k, pa->series_label))
			return k;
	return (size_t)-1;
}

static const series_accounting *find_account(const study_summary *sum,
					     size_t series)
{
	for (size_t i = 0; i < sum->n_accounting; i++)
		if (sum->accounting[i].series == series)
			return &sum->accounting[i];
	return NULL;
}

/* The ids of the excluded runs, ", "-separated, published or recomputed
 * (ACC). */
static char *excluded_str(const verifier *v, const pub_account *pa,
			  const series_accounting *acc)
{
	GString *g = g_string_new(NULL);
	size_t n = pa ? pa->n_excluded : acc->excluded;

	for (size_t i = 0; i < n; i++)
		g_string_append_printf(g, "%s%s", i ? ", " : "",
				       pa ? pa->excluded_ids[i]
				       : v->s->runs[acc->excluded_runs[i]].id);
	if (!n)
		g_string_append(g, "none");
	return g_string_free(g, FALSE);
}

/* Whether the published excluded runs are the recomputed ones, in any
 * order. */
static bool same_excluded(const verifier *v, const pub_account *pa,
			  const series_accounting *acc)
{
	if (pa->n_excluded != acc->excluded)
		return false;
	for (size_t i = 0; i < pa->n_excluded; i++) {
		bool found = false;
		for (size_t k = 0; k < acc->excluded && !found; k++)
			found = strcmp(pa->excluded_ids[i],
				       v->s->runs[acc->excluded_runs[k]].id)
				== 0;
		if (!found)
			return false;
	}
	return true;
}

static void check_count(verifier *v, const char *base, const char *what,
			const char *where, size_t pub, size_t rec)
{
	claim_free(v, pub == rec ? VERIFY_MATCH : VERIFY_MISMATCH,
		   g_strdup_printf("%s: %s %s", base, what, where),
		   g_strdup_printf("%zu", pub), g_strdup_printf("%zu", rec));
}

/* Lost trace events and buffers: a page states them only for a series
 * with mechanism logs that report them (render/markdown.c). */
static void check_lost(verifier *v, const char *base, const char *where,
		       const pub_account *pa, const series_accounting *acc)
{
	bool page = v->p->source == PUB_PAGE;
	bool same = pa->lost_events == acc->lost_events
		    && pa->lost_buffers == acc->lost_buffers
		    && (!page || acc->logs_with_etw);

	claim_free(v, same ? VERIFY_MATCH : VERIFY_MISMATCH,
		   g_strdup_printf("%s: lost trace events and buffers %s",
				   base, where),
		   g_strdup_printf("%" PRIu64 ", %" PRIu64, pa->lost_events,
				   pa->lost_buffers),
		   page && !acc->logs_with_etw
		   ? g_strdup("not reported by any log")
		   : g_strdup_printf("%" PRIu64 ", %" PRIu64,
				     acc->lost_events, acc->lost_buffers));
}

static void check_account(verifier *v, const pub_account *pa, bool *seen)
{
	size_t k = (v->line = pa->line, resolve_account(v, pa));
	const series_accounting *acc = k != (size_t)-1
		? find_account(v->a->summary, k) : NULL;
	char *where = where_str(pa->line, pa->col,
				v->p->source == PUB_RESULTS_JSON
				? "accounting" : NULL);
	char *base = g_strdup_printf("runs of series %s",
				     acc ? v->s->plan.series[k].id
				     : pa->series_id ? pa->series_id
				     : pa->series_label);

	if (!acc) {
		claim_free(v, VERIFY_NOT_IN_DATA,
			   g_strdup_printf("%s %s", base, where),
			   g_strdup_printf("%zu of %zu accepted",
					   pa->accepted, pa->runs), NULL);
	} else {
		seen[acc - v->a->summary->accounting] = true;
		v->r->accounts_checked++;
		check_count(v, base, "total", where, pa->runs, acc->runs);
		check_count(v, base, "accepted", where, pa->accepted,
			    acc->accepted);
		if (pa->excluded_given)
			check_count(v, base, "excluded", where, pa->excluded,
				    acc->excluded);
		if (pa->lost_given)
			check_lost(v, base, where, pa, acc);
	}
	if (acc && pa->excluded_listed)
		claim_free(v, same_excluded(v, pa, acc) ? VERIFY_MATCH : VERIFY_MISMATCH,
			   g_strdup_printf("%s: excluded runs %s", base,
					   where),
			   excluded_str(v, pa, NULL),
			   excluded_str(v, NULL, acc));
	g_free(base);
	g_free(where);
}

/* The pairs a results.json says comparison C used. */
static void check_pairs(verifier *v, const pub_cmp *pc, const comparison *c,
			const char *base)
{
	if (!pc->pairs_given)
		return;
	v->r->pairs_checked++;
	check_count(v, base, "pairs", "(comparisons)", pc->pairs, c->n_pairs);
}

/* The latency series a page names NAME (by id or label), or -1. */
static size_t resolve_named(const verifier *v, const pub_cmp_name *name)
{
	pub_cmp pc;

	memset(&pc, 0, sizeof pc);
	pc.series_id = name->series_id;
	pc.series_label = name->series_label;
	pc.series_pos = (size_t)-1;
	return resolve_series(v, &pc);
}

static void check_named_pairs(verifier *v, const pub_pairs *note,
			      const pub_cmp_name *name, const char *where)
{
	size_t k = resolve_named(v, name);
	size_t j = study_state_index(&v->s->plan, name->state);
	size_t i = k != (size_t)-1 && j != (size_t)-1 ? find_cmp(v->a, k, j)
		   : (size_t)-1;
	char *state = state_str(name->state);

	if (i == (size_t)-1) {
		claim_free(v, VERIFY_NOT_IN_DATA,
			   g_strdup_printf("comparison %s, series %s: pairs "
					   "%s", state, name->series_label,
					   where),
			   g_strdup_printf("%zu", note->pairs), NULL);
	} else {
		char *base = g_strdup_printf("comparison %s, series %s",
					     state, v->s->plan.series[k].id);
		v->r->pairs_checked++;
		check_count(v, base, "pairs", where, note->pairs,
			    v->a->cmp[i].n_pairs);
		g_free(base);
	}
	g_free(state);
}

/* A small-sample note of a page: the pairs of the comparisons it names,
 * or of every comparison with an interval. */
static void check_pairs_note(verifier *v, const pub_pairs *note)
{
	const study_plan *plan = &v->s->plan;
	char *where = where_str(note->line, note->col, NULL);

	v->line = note->line;

	for (size_t i = 0; note->every && i < v->a->n_cmp; i++) {
		const comparison *c = &v->a->cmp[i];
		if (!c->boot.ci[plan->interval].defined)
			continue;
		char *state = state_str(plan->states[c->state]);
		char *base = g_strdup_printf("comparison %s, series %s", state,
					     plan->series[c->series].id);
		v->r->pairs_checked++;
		check_count(v, base, "pairs", where, note->pairs, c->n_pairs);
		g_free(base);
		g_free(state);
	}
	for (size_t i = 0; !note->every && i < note->n_cmps; i++)
		check_named_pairs(v, note, &note->cmps[i], where);
	g_free(where);
}

static void check_settings(verifier *v)
{
	const study_summary *sum = v->a->summary;
	bool *seen = g_new0(bool, sum->n_accounting + 1);

	for (size_t i = 0; i < v->p->n_settings; i++)
		check_setting(v, &v->p->settings[i]);
	for (size_t i = 0; i < v->p->n_accounts; i++)
		check_account(v, &v->p->accounts[i], seen);
	for (size_t i = 0; i < v->p->n_pairs; i++)
		if (v->p->pairs[i].scoped)
			check_pairs_note(v, &v->p->pairs[i]);
	/* A file that accounts for the runs of some series should do so
	 * for every one. */
	v->line = 0;
	for (size_t i = 0; v->p->n_accounts && i < sum->n_accounting; i++) {
		const series_accounting *acc = &sum->accounting[i];
		if (!seen[i])
			claim_free(v, VERIFY_OMITTED,
				   g_strdup_printf("runs of series %s",
					v->s->plan.series[acc->series].id),
				   NULL, g_strdup_printf("%zu of %zu accepted",
							 acc->accepted,
							 acc->runs));
	}
	g_free(seen);
}

static void check_comparison(verifier *v, const pub_cmp *pc, bool *seen)
{
	const study_plan *plan = &v->s->plan;
	size_t k = (v->line = pc->line, resolve_series(v, pc));
	size_t j = study_state_index(plan, pc->state);
	size_t ci_idx = k != (size_t)-1 && j != (size_t)-1
			? find_cmp(v->a, k, j) : (size_t)-1;
	char *state = state_str(pc->state);
	char *base = g_strdup_printf("comparison %s, series %s", state,
				     k != (size_t)-1 ? plan->series[k].id
				     : pc->series_id ? pc->series_id
				     : pc->series_label ? pc->series_label
				     : "?");
	char *item;

	if (ci_idx == (size_t)-1) {
		char *ps = pc->estimate.present
			   ? num_str(pc->estimate.value, pc->estimate.decimals)
			   : g_strdup("no pairs");
		item = g_strdup_printf("%s: difference", base);
		claim(v, VERIFY_NOT_IN_DATA, item, ps, NULL);
		g_free(item);
		g_free(ps);
		g_free(base);
		g_free(state);
		return;
	}
	seen[ci_idx] = true;
	const comparison *c = &v->a->cmp[ci_idx];
	const boot_interval *ci = &c->boot.ci[plan->interval];

	item = g_strdup_printf("%s: difference", base);
	if (pc->no_pairs || !pc->estimate.present)
		claim(v, c->n_pairs == 0 ? VERIFY_MATCH : VERIFY_MISMATCH, item,
		      "no pairs", c->n_pairs == 0 ? "no pairs"
		      : "pairs present");
	else if (c->n_pairs == 0)
		claim(v, VERIFY_MISMATCH, item, "a difference", "no pairs");
	else
		check_num(v, item, &pc->estimate, c->boot.estimate, false);
	g_free(item);
	check_pairs(v, pc, c, base);
	if (pc->lo.present && pc->hi.present) {
		item = g_strdup_printf("%s: CI low", base);
		check_num(v, item, &pc->lo, ci->defined ? ci->lo : NAN, true);
		g_free(item);
		item = g_strdup_printf("%s: CI high", base);
		check_num(v, item, &pc->hi, ci->defined ? ci->hi : NAN, true);
		g_free(item);
	} else if (pc->no_interval && !pc->no_pairs) {
		item = g_strdup_printf("%s: CI", base);
		claim(v, ci->defined ? VERIFY_MISMATCH : VERIFY_MATCH, item,
		      "no interval", ci->defined ? "an interval"
		      : "no interval");
		g_free(item);
	}
	if (pc->verdict) {
		item = g_strdup_printf("%s: verdict", base);
		check_code(v, item, pc->verdict, verdict_code(c->verdict));
		g_free(item);
	}
	g_free(base);
	g_free(state);
}

static void check_comparisons(verifier *v)
{
	const published *p = v->p;
	const study_plan *plan = &v->s->plan;
	bool *seen = g_new0(bool, v->a->n_cmp + 1);
	bool *seen_state = g_new0(bool, v->a->n_states + 1);

	if (p->reference_given) {
		char *ps = state_str(p->reference);
		char *rs = state_str(plan->reference);
		claim(v, pb_state_equal(p->reference, plan->reference)
		      ? VERIFY_MATCH : VERIFY_MISMATCH, "reference state", ps, rs);
		g_free(ps);
		g_free(rs);
	}
	for (size_t i = 0; i < p->n_cmp; i++)
		check_comparison(v, &p->cmp[i], seen);
	for (size_t i = 0; i < p->n_conclusions; i++) {
		const pub_conclusion *pc = &p->conclusions[i];
		size_t j = study_state_index(plan, pc->state);
		const state_result *r = NULL;
		char *state = state_str(pc->state);
		char *item = g_strdup_printf("conclusion %s", state);
		v->line = pc->line;
		for (size_t k = 0; j != (size_t)-1 && k < v->a->n_states; k++)
			if (v->a->states[k].state == j) {
				r = &v->a->states[k];
				seen_state[k] = true;
			}
		if (!r)
			claim(v, VERIFY_NOT_IN_DATA, item, pc->verdict, NULL);
		else
			check_code(v, item, pc->verdict,
				   verdict_code(r->verdict));
		g_free(item);
		g_free(state);
	}
	/* What the file does not show.  A page with no comparison table
	 * says nothing about comparisons at all: that is not listed. */
	v->line = 0;
	for (size_t i = 0; (p->n_cmp || p->n_conclusions) && i < v->a->n_cmp;
	     i++) {
		const comparison *c = &v->a->cmp[i];
		if (seen[i])
			continue;
		char *state = state_str(plan->states[c->state]);
		char *item = g_strdup_printf("comparison %s, series %s", state,
					     plan->series[c->series].id);
		char *rs = c->n_pairs ? num_str(c->boot.estimate, -1)
				      : g_strdup("no pairs");
		claim(v, VERIFY_OMITTED, item, NULL, rs);
		g_free(rs);
		g_free(item);
		g_free(state);
	}
	for (size_t k = 0; (p->n_cmp || p->n_conclusions) && k < v->a->n_states;
	     k++) {
		if (seen_state[k])
			continue;
		char *state = state_str(plan->states[v->a->states[k].state]);
		char *item = g_strdup_printf("conclusion %s", state);
		claim(v, VERIFY_OMITTED, item, NULL,
		      verdict_code(v->a->states[k].verdict));
		g_free(item);
		g_free(state);
	}
	g_free(seen);
	g_free(seen_state);
}

/* ---------------------------------------------------------------------
 * Mechanism. */

/* The recomputed transitions of one column of M, merged as a page shows
 * them: distinct transitions with their boots, then the boots without all
 * phases as "not reported". */
static pub_transition *rec_transitions(const mech_state_summary *m,
				       bool win32, size_t *n)
{
	pub_transition *t = g_new0(pub_transition, m->n_variants + 2);
	size_t k = 0;

	for (size_t i = 0; i < m->n_variants; i++) {
		const long *x = win32 ? m->variants[i].win32
				      : m->variants[i].etw;
		size_t j = 0;
		while (j < k && memcmp(t[j].v, x, sizeof t[j].v) != 0)
			j++;
		if (j == k) {
			t[k].reported = true;
			t[k].counted = true;
			memcpy(t[k].v, x, sizeof t[k].v);
			k++;
		}
		t[j].boots += m->variants[i].boots;
	}
	if (m->prio_missing) {
		t[k].reported = false;
		t[k].counted = true;
		t[k].boots = m->prio_missing;
		k++;
	}
	*n = k;
	return t;
}

static char *transitions_str(const pub_transition *t, size_t n, size_t boots)
{
	GString *g = g_string_new(NULL);

	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append(g, ", ");
		if (t[i].reported)
			g_string_append_printf(g, "%ld -> %ld -> %ld", t[i].v[0],
					       t[i].v[1], t[i].v[2]);
		else
			g_string_append(g, "not reported");
		if (t[i].counted && (n > 1 || !t[i].reported
				     || t[i].boots != boots))
			g_string_append_printf(g, " (%zu/%zu)", t[i].boots,
					       boots);
	}
	if (!n)
		g_string_append(g, "none");
	return g_string_free(g, FALSE);
}

static bool same_transition(const pub_transition *a, const pub_transition *b)
{
	return a->reported == b->reported
	       && (!a->reported || memcmp(a->v, b->v, sizeof a->v) == 0);
}

/* Published transitions PT against recomputed RT: without counts, the one
 * published transition must be the only one, shown by every boot; with
 * counts, the same transitions with the same boots. */
static bool transitions_match(const pub_transition *pt, size_t np,
			      const pub_transition *rt, size_t nr,
			      size_t boots)
{
	if (np == 1 && !pt[0].counted)
		return nr == 1 && same_transition(&pt[0], &rt[0])
		       && rt[0].boots == boots;
	if (np != nr)
		return false;
	for (size_t i = 0; i < np; i++) {
		bool found = false;
		for (size_t j = 0; j < nr && !found; j++)
			found = same_transition(&pt[i], &rt[j])
				&& (!pt[i].counted || pt[i].boots == rt[j].boots);
		if (!found)
			return false;
	}
	return true;
}

static char *service_str(size_t running, size_t stopped, size_t unknown,
			 size_t boots)
{
	GString *g;

	if (boots && running == boots)
		return g_strdup("running");
	if (boots && stopped == boots)
		return g_strdup("stopped");
	if (unknown == boots)
		return g_strdup("not reported");
	g = g_string_new(NULL);
	if (running)
		g_string_append_printf(g, "running (%zu/%zu)", running, boots);
	if (stopped)
		g_string_append_printf(g, "%sstopped (%zu/%zu)",
				       g->len ? ", " : "", stopped, boots);
	if (unknown)
		g_string_append_printf(g, "%snot reported (%zu/%zu)",
				       g->len ? ", " : "", unknown, boots);
	return g_string_free(g, FALSE);
}

/* The mechanism series a published row belongs to. */
static size_t resolve_mech_series(const verifier *v, const pub_mech *pm)
{
	const study_plan *plan = &v->s->plan;
	if (pm->series_id) {
		size_t k = study_series_index(plan, pm->series_id);
		return k != (size_t)-1 && plan->series[k].kind
					  == SERIES_MECHANISM ? k : (size_t)-1;
	}
	return nth_series(plan, SERIES_MECHANISM, pm->table);
}

static void check_mech_row(verifier *v, const pub_mech *pm, bool *seen)
{
	const study_summary *sum = v->a->summary;
	size_t k = resolve_mech_series(v, pm);
	const mech_state_summary *m = NULL;
	char *state = state_str(pm->state);
	char *item, *ps, *rs;

	for (size_t i = 0; k != (size_t)-1 && i < sum->n_mech; i++)
		if (sum->mech[i].series == k
		    && pb_state_equal(sum->mech[i].state, pm->state)) {
			m = &sum->mech[i];
			seen[i] = true;
		}
	item = g_strdup_printf("mechanism %s: registration", state);
	ps = g_strdup_printf("%zu/%zu", pm->registered, pm->boots);
	if (!m) {
		claim(v, VERIFY_NOT_IN_DATA, item, ps, NULL);
		g_free(ps);
		g_free(item);
		g_free(state);
		return;
	}
	rs = g_strdup_printf("%zu/%zu", m->registered, m->boots);
	check_code(v, item, ps, rs);
	g_free(item);
	g_free(ps);
	g_free(rs);
	if (pm->service_given) {
		item = g_strdup_printf("mechanism %s: service", state);
		ps = service_str(pm->running, pm->stopped, pm->unreported,
				 pm->boots);
		rs = service_str(m->service_running, m->service_stopped,
				 m->service_unknown, m->boots);
		claim(v, pm->running == m->service_running
		      && pm->stopped == m->service_stopped
		      && pm->unreported == m->service_unknown
		      ? VERIFY_MATCH : VERIFY_MISMATCH, item, ps, rs);
		g_free(item);
		g_free(ps);
		g_free(rs);
	}
	for (int col = 0; col < 2; col++) {
		const pub_transition *pt = col ? pm->etw : pm->win32;
		size_t np = col ? pm->n_etw : pm->n_win32, nr;
		pub_transition *rt = rec_transitions(m, col == 0, &nr);
		if (np) {
			item = g_strdup_printf("mechanism %s: %s priority",
					       state, col ? "ETW" : "Win32");
			ps = transitions_str(pt, np, pm->boots);
			rs = transitions_str(rt, nr, m->boots);
			claim(v, transitions_match(pt, np, rt, nr, m->boots)
			      ? VERIFY_MATCH : VERIFY_MISMATCH, item, ps, rs);
			g_free(item);
			g_free(ps);
			g_free(rs);
		}
		g_free(rt);
	}
	g_free(state);
}

static void check_mechanism(verifier *v)
{
	const study_summary *sum = v->a->summary;
	bool *seen = g_new0(bool, sum->n_mech + 1);

	for (size_t i = 0; i < v->p->n_mech; i++) {
		v->line = v->p->mech[i].line;
		check_mech_row(v, &v->p->mech[i], seen);
	}
	v->line = 0;
	for (size_t i = 0; v->p->n_mech && i < sum->n_mech; i++) {
		if (seen[i])
			continue;
		char *state = state_str(sum->mech[i].state);
		char *item = g_strdup_printf("mechanism %s: registration",
					     state);
		char *rs = g_strdup_printf("%zu/%zu", sum->mech[i].registered,
					   sum->mech[i].boots);
		claim(v, VERIFY_OMITTED, item, NULL, rs);
		g_free(rs);
		g_free(item);
		g_free(state);
	}
	g_free(seen);
}

/* ---------------------------------------------------------------------
 * Value handling. */

static const char *service_word(int service)
{
	switch (service) {
	case 0: return "stopped";
	case 1: return "running";
	case 2: return "not running";
	default: return "not reported";
	}
}

/* PUB, a published outcome code, in today's codes: results.json files
 * written before the value rule became part of the study name the
 * normalization to 20 "normalized-to-20". */
static const char *outcome_code_now(const char *pub, const boundary_row *b)
{
	if (strcmp(pub, "normalized-to-20") == 0 && b->expected_known
	    && b->expected_value == 20)
		return boundary_outcome_code(OUTCOME_NORMALIZED);
	return pub;
}

static void check_value(verifier *v, const pub_value *pv, bool *seen)
{
	const study_summary *sum = v->a->summary;
	const study_plan *plan = &v->s->plan;
	/* A results.json names no series for a boundary row: any boundary
	 * series will do.  A page's N-th table is the N-th boundary series. */
	bool any = v->p->source == PUB_RESULTS_JSON && !pv->series_id;
	size_t k = pv->series_id ? study_series_index(plan, pv->series_id)
		   : any ? (size_t)-1
		   : nth_series(plan, SERIES_BOUNDARY, pv->table);
	const boundary_row *b = NULL;
	char *state = state_str(pv->written);
	char *item;

	for (size_t i = 0; (any || k != (size_t)-1) && i < sum->n_boundary
			   && !b; i++) {
		const boundary_row *row = &sum->boundary[i];
		if ((any || v->s->runs[row->run].series == k)
		    && pb_state_equal(row->written, pv->written)
		    && !seen[i]) {
			b = row;
			seen[i] = true;
		}
	}
	if (!b) {
		item = g_strdup_printf("value %s: result", state);
		claim(v, VERIFY_NOT_IN_DATA, item, pv->outcome, NULL);
		g_free(item);
		g_free(state);
		return;
	}
	if (pv->api_given) {
		char *ps = pv->api_ok ? g_strdup_printf("%lld",
							(long long)pv->api)
				      : g_strdup("none");
		char *rs = b->api_ok ? g_strdup_printf("%lld",
						       (long long)b->api_value)
				     : g_strdup("none");
		item = g_strdup_printf("value %s: API value", state);
		claim(v, pv->api_ok == b->api_ok
		      && (!b->api_ok || pv->api == b->api_value)
		      ? VERIFY_MATCH : VERIFY_MISMATCH, item, ps, rs);
		g_free(item);
		g_free(ps);
		g_free(rs);
	}
	if (pv->service >= 0) {
		bool ok = pv->service == 2 ? b->service != 1
					   : pv->service == b->service;
		item = g_strdup_printf("value %s: service", state);
		claim(v, ok ? VERIFY_MATCH : VERIFY_MISMATCH, item,
		      service_word(pv->service), service_word(b->service));
		g_free(item);
	}
	if (pv->registered >= 0) {
		static const char *const reg[3] = { "not reported", "no", "yes" };
		item = g_strdup_printf("value %s: registration", state);
		claim(v, pv->registered == b->registered ? VERIFY_MATCH : VERIFY_MISMATCH,
		      item, reg[pv->registered + 1], reg[b->registered + 1]);
		g_free(item);
	}
	item = g_strdup_printf("value %s: result", state);
	check_code(v, item, outcome_code_now(pv->outcome, b),
		   boundary_outcome_code(b->outcome));
	g_free(item);
	g_free(state);
}

static void check_values(verifier *v)
{
	const study_summary *sum = v->a->summary;
	bool *seen = g_new0(bool, sum->n_boundary + 1);

	for (size_t i = 0; i < v->p->n_values; i++) {
		v->line = v->p->values[i].line;
		check_value(v, &v->p->values[i], seen);
	}
	v->line = 0;
	for (size_t i = 0; v->p->n_values && i < sum->n_boundary; i++) {
		if (seen[i])
			continue;
		char *state = state_str(sum->boundary[i].written);
		char *item = g_strdup_printf("value %s: result", state);
		claim(v, VERIFY_OMITTED, item, NULL,
		      boundary_outcome_code(sum->boundary[i].outcome));
		g_free(item);
		g_free(state);
	}
	g_free(seen);
}

/* ---------------------------------------------------------------------
 * The whole run. */

/* Whether results.json's intervals were drawn as ours are. */
static bool same_settings(const published *p, const study_plan *plan)
{
	return p->settings_given && p->seed == plan->seed
	       && p->resamples_exact == plan->resamples_exact
	       && (plan->resamples_exact || p->resamples == plan->resamples)
	       && strcmp(p->interval, interval_method_name(plan->interval)) == 0
	       && same_double(p->confidence, plan->confidence);
}

static const char **paths_take(GPtrArray *paths, size_t *n)
{
	*n = paths->len;
	return (const char **)g_ptr_array_free(paths, FALSE);
}

pb_status verify_run(const study *s, const analysis *a, const published *p,
		     const verify_options *opt, verify_result **out)
{
	verifier v = { s, a, p, *opt, NULL, 0, 0, NULL, NULL, NULL, NULL };

	v.r = g_new0(verify_result, 1);
	v.items = g_array_new(FALSE, FALSE, sizeof(verify_item));
	v.differ = g_ptr_array_new();
	v.missing = g_ptr_array_new();
	v.added = g_ptr_array_new();
	v.r->exact_ci = p->source == PUB_RESULTS_JSON
			&& same_settings(p, &s->plan);
	if (p->source == PUB_RESULTS_JSON) {
		check_inputs(&v);
		check_runs(&v);
	}
	check_settings(&v);
	check_comparisons(&v);
	check_mechanism(&v);
	check_values(&v);
	v.r->n_items = v.items->len;
	v.r->items = (verify_item *)g_array_free(v.items, FALSE);
	v.r->inputs_differ = paths_take(v.differ, &v.r->n_inputs_differ);
	v.r->inputs_missing = paths_take(v.missing, &v.r->n_inputs_missing);
	v.r->inputs_added = paths_take(v.added, &v.r->n_inputs_added);
	*out = v.r;
	return PB_OK;
}

bool verify_result_follows(const verify_result *r, bool allow_omitted)
{
	return !r->counts[VERIFY_MISMATCH] && !r->counts[VERIFY_NOT_IN_DATA]
	       && (allow_omitted || !r->counts[VERIFY_OMITTED]);
}

void verify_result_free(verify_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_items; i++) {
		g_free(r->items[i].what);
		g_free(r->items[i].published);
		g_free(r->items[i].recomputed);
	}
	g_free(r->items);
	g_free(r->unchecked);
	g_free(r->inputs_differ);
	g_free(r->inputs_missing);
	g_free(r->inputs_added);
	g_free(r);
}
