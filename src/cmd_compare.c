/* cmd_compare.c: `pairboot compare OLD NEW [-o DIR]`: what changed between
 * two studies of the same design on two builds, written as a report folder
 * (compare.json, and compare.LANG.md with the figure as compare.LANG.svg,
 * .png and .pdf in every language, the page showing the SVG beside it or
 * from --figure-base) as a whole, with a short summary on standard
 * output. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/builddiff.h"
#include "analyze/gate.h"
#include "common/diag.h"
#include "ingest/plantext.h"
#include "ingest/results_json.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/builddiff_json.h"
#include "render/builddiff_md.h"
#include "render/fig_builddiff.h"
#include "render/i18n.h"
#include "render/mdplain.h"
#include "render/outdir.h"
#include "src/cli.h"
#include "src/options.h"
#include "src/textfonts.h"

#define DEFAULT_REPORTS "reports"

/* One study read and analysed. */
typedef struct side {
	study *s;
	analysis *a;
	bool from_results;         /* read from a results.json, not a folder */
} side;

/* Reads PATH, a study folder or the results.json of one, and analyses
 * it.  A results.json gives back the published run statistics and
 * summaries (ingest/results_json.h), so its analysis is the published
 * one. */
static pb_status side_load(const char *path, diag *d, side *out)
{
	struct stat sb;
	pb_status st;

	out->from_results = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
	if (out->from_results)
		st = results_json_read(path, d, &out->s);
	else
		st = study_read(path, d, &out->s);
	/* A study folder's text is judged as report judges it, before any
	 * output; a results.json names no place in study.ini to point at. */
	if (st == PB_OK && !out->from_results)
		st = textfonts_check_study(out->s, d);
	if (st == PB_OK)
		st = analysis_run(out->s, d, &out->a);
	return st;
}

static void side_free(side *sd)
{
	analysis_free(sd->a);
	study_free(sd->s);
}

static void free_page(gpointer page)
{
	g_string_free(page, TRUE);
}

/* reports/compare-OLD-NEW, creating reports/ when needed. */
static char *default_output(const study *os, const study *ns, diag *d)
{
	char *path;
	size_t len;

	if (mkdir(DEFAULT_REPORTS, 0777) != 0 && errno != EEXIST) {
		diag_error(d, DEFAULT_REPORTS, 0, 0, "cannot create: %s",
			   strerror(errno));
		return NULL;
	}
	len = strlen(DEFAULT_REPORTS) + strlen(os->name) + strlen(ns->name)
	      + sizeof "/compare--";
	path = malloc(len);
	if (path)
		snprintf(path, len, "%s/compare-%s-%s", DEFAULT_REPORTS,
			 os->name, ns->name);
	return path;
}

/* The alt text of the figure compare.LANG.svg on the page MD, as plain
 * text (g_free), or NULL when the page does not show it: the text of the
 * line "![ALT](...compare.LANG.svg)". */
static char *figure_alt(const char *md, const char *lang)
{
	char *tail = g_strdup_printf("compare.%s.svg)", lang);
	char **lines = g_strsplit(md, "\n", -1);
	char *alt = NULL;

	for (size_t i = 0; lines[i] && !alt; i++) {
		const char *l = lines[i];
		const char *close = strstr(l, "](");

		if (strncmp(l, "![", 2) == 0 && g_str_has_suffix(l, tail)
		    && close)
			alt = mdplain_inline(l + 2, (size_t)(strrchr(l, ']')
							     - l - 2));
	}
	g_strfreev(lines);
	g_free(tail);
	return alt;
}

/* Writes compare.json (with the decision of the gate G, or none), and
 * compare.LANG.md and the figure in every language, into the folder
 * TARGET, as a whole; each page shows its
 * figure from FIGURE_BASE ("" beside it, or an address ending in '/'). */
static pb_status write_folder(const side *o, const side *n,
			      const builddiff_result *c, const gate_result *g,
			      const char *target, const char *figure_base,
			      diag *d)
{
	GString *json = g_string_new(NULL);
	GPtrArray *pages = g_ptr_array_new_with_free_func(free_page);
	outdir *dir = NULL;
	pb_status st = builddiff_json_write(o->s, o->a, n->s, n->a, c, g, json);

	for (size_t i = 0; st == PB_OK && i < i18n_count(); i++) {
		GString *md = g_string_new(NULL);
		st = builddiff_md_render_linked(o->s, o->a, n->s, n->a, c,
						i18n_code(i), figure_base, md);
		g_ptr_array_add(pages, md);
	}
	if (st == PB_OK)
		st = outdir_begin(target, d, &dir);
	if (st == PB_OK)
		st = outdir_write(dir, "compare.json", json->str, json->len);
	for (size_t i = 0; st == PB_OK && i < pages->len; i++) {
		const GString *md = g_ptr_array_index(pages, i);
		fig_builddiff_input fin = { o->s, n->s, o->a, n->a, c,
					  i18n_code(i) };
		char name[64];
		snprintf(name, sizeof name, "compare.%s.md", i18n_code(i));
		st = outdir_write(dir, name, md->str, md->len);
		if (st == PB_OK) {
			char *alt = figure_alt(md->str, i18n_code(i));

			st = fig_builddiff_write_alt(&fin,
						     cli_source_date_epoch(),
						     alt, dir, d);
			g_free(alt);
		}
	}
	if (dir) {
		if (st == PB_OK)
			st = outdir_commit(dir);
		else
			outdir_abort(dir);
	}
	g_ptr_array_free(pages, TRUE);
	g_string_free(json, TRUE);
	return st;
}

/* 'TEXT', escaped as diag quotes what it read (NULL as empty). */
static void append_quoted(GString *out, const char *text)
{
	g_string_append_printf(out, "'%s'", diag_quote(text, text ? strlen(text)
								  : 0));
}

/* The value of plan key NAME in P as a message quotes it: as study.ini
 * spells it (ingest/plantext.h), a text in quotes. */
static void plan_value_text(const study_plan *p, const char *name,
			    GString *out)
{
	GString *value = g_string_new(NULL);
	plantext_key key;

	if (!plantext_key_find(name, &key)) {
		g_string_append_c(out, '?');
		g_string_free(value, TRUE);
		return;
	}
	plantext_value(value, p, key, PLANTEXT_INI);
	/* The looks with their boundary, which may differ alone. */
	if (key == PLAN_KEY_LOOKS && p->n_looks > 0)
		g_string_append_printf(value, " (%s)",
				       look_boundary_name(p->boundary));
	/* The tokens with their limit, which may differ alone. */
	if (key == PLAN_KEY_MISSING && p->n_missing > 0) {
		g_string_append(value, " (missing_limit ");
		plantext_value(value, p, PLAN_KEY_MISSING_LIMIT,
			       PLANTEXT_INI);
		g_string_append_c(value, ')');
	}
	if (key == PLAN_KEY_SCALE || key == PLAN_KEY_THRESHOLD
	    || key == PLAN_KEY_CONFIDENCE)
		g_string_append(out, value->str);
	else
		append_quoted(out, value->str);
	g_string_free(value, TRUE);
}

/* Reports, one message per differing key, how the two plans differ: an
 * error for a key that makes the studies incomparable, else a warning,
 * since the old plan's settings are then used.  Each message points at
 * the key in the new study's study.ini, or at its results.json.  Returns
 * PB_DATAERR when the studies cannot be compared. */
static pb_status check_plans(const side *o, const side *n, diag *d)
{
	unsigned diff = builddiff_plan_diff(&o->s->plan, &n->s->plan);
	GString *file = g_string_new(n->s->dir);
	GString *what = g_string_new(NULL);

	if (!n->from_results)
		g_string_append(file, "/study.ini");
	for (unsigned i = 0; i < PLAN_DIFF_FIELDS; i++) {
		unsigned bit = 1u << i;
		const char *key = builddiff_plan_field(bit);
		size_t line = 0, col = 0;

		if (!(diff & bit))
			continue;
		study_plan_key_position(&n->s->plan, key, &line, &col);
		g_string_printf(what, "'%s' differs: old ", key);
		plan_value_text(&o->s->plan, key, what);
		g_string_append(what, ", new ");
		plan_value_text(&n->s->plan, key, what);
		if (bit & PLAN_DIFF_INCOMPARABLE)
			diag_error(d, file->str, line, col, "%s; studies that "
				   "measure different things are not compared",
				   what->str);
		else if (diff & PLAN_DIFF_INCOMPARABLE)
			continue;
		else if (bit == PLAN_DIFF_STATES)
			diag_warning(d, file->str, line, col, "%s; states in "
				     "one plan only are not compared",
				     what->str);
		else if (bit == PLAN_DIFF_INTERVAL)
			diag_warning(d, file->str, line, col, "%s; each "
				     "build's own conclusions keep its method, "
				     "the changes use the old plan's settings",
				     what->str);
		else
			diag_warning(d, file->str, line, col, "%s; the old "
				     "plan's value is used", what->str);
	}
	g_string_free(what, TRUE);
	g_string_free(file, TRUE);
	return diff & PLAN_DIFF_INCOMPARABLE ? PB_DATAERR : PB_OK;
}

/* Whether A and B are both NULL or the same text. */
static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Warns about a comparison that is no comparison of two builds: the same
 * input files twice (every change is zero by construction), or two
 * studies of one build whose titles or services differ (two settings or
 * two studies, not a new build).  Each warning names the new study. */
static void check_sides(const side *o, const side *n, diag *d)
{
	const study_plan *op = &o->s->plan, *np = &n->s->plan;

	/* A comparison stopped at an early look was stopped because its
	 * interval fell far enough from the boundaries: its estimate leans
	 * away from 0, and compare's intervals take it as a fixed sample. */
	if (op->n_looks > 0 || np->n_looks > 0)
		diag_warning(d, (np->n_looks > 0 ? n : o)->s->dir, 0, 0,
			     "is a sequential study: its effects are those "
			     "of the looks that decided them, and an effect "
			     "decided early is likely to be larger than the "
			     "truth; compare's intervals and gate take them "
			     "as fixed samples");
	if (o->s->digest[0] && strcmp(o->s->digest, n->s->digest) == 0)
		diag_warning(d, n->s->dir, 0, 0, "has the same input digest "
			     "as %s (%.12s...): the same data twice, so "
			     "nothing can change", o->s->dir, o->s->digest);
	if (!same_text(op->build, np->build))
		return;
	if (!same_text(op->title, np->title))
		diag_warning(d, n->s->dir, 0, 0, "is of the same build (%s) "
			     "as %s, but its title differs: a comparison of "
			     "builds expects one study repeated on another "
			     "build", np->build ? np->build : "none",
			     o->s->dir);
	else if (!same_text(op->service, np->service))
		diag_warning(d, n->s->dir, 0, 0, "is of the same build (%s) "
			     "as %s, but names another service ('%s', old "
			     "'%s')", np->build ? np->build : "none",
			     o->s->dir, np->service ? np->service : "",
			     op->service ? op->service : "");
}

/* "WHAT: K of N changed", the start of one summary line. */
static void print_list(const char *what, size_t n_changed, size_t n_all)
{
	printf("%s: %zu of %zu changed", what, n_changed, n_all);
}

static void print_state(pb_state st, bool *first)
{
	char buf[PB_STATE_BUFSIZE];
	printf("%s%s", *first ? ": " : ", ", pb_state_format(st, buf,
							     sizeof buf));
	*first = false;
}

/* A verdict with, for a change found, which way it goes and what is
 * better: "changed, worse (lower is better)", "changed-size-open, better
 * (higher is better)". */
static void print_verdict(change_verdict v, change_direction dir,
			  better_side better)
{
	fputs(change_verdict_code(v), stdout);
	if (change_verdict_found(v))
		printf(", %s (%s is better)", change_direction_code(dir),
		       better == BETTER_LOWER ? "lower" : "higher");
}

/* "value handling: K of N changed: missing, ..."; nothing for a study
 * without written values. */
static void print_values(const builddiff_result *c)
{
	size_t k = 0;
	bool first = true;

	if (c->n_values == 0)
		return;
	for (size_t i = 0; i < c->n_values; i++)
		k += c->values[i].changed;
	print_list("value handling", k, c->n_values);
	for (size_t i = 0; i < c->n_values; i++)
		if (c->values[i].changed)
			print_state(c->values[i].written, &first);
	putchar('\n');
}

/* The same for the mechanism states. */
static void print_mech(const builddiff_result *c)
{
	size_t k = 0;
	bool first = true;

	if (c->n_mech == 0)
		return;
	for (size_t i = 0; i < c->n_mech; i++)
		k += c->mech[i].changed;
	print_list("mechanism", k, c->n_mech);
	for (size_t i = 0; i < c->n_mech; i++)
		if (c->mech[i].changed)
			print_state(c->mech[i].state, &first);
	putchar('\n');
}

/* One line per verdict (and direction) that some state has, in the
 * order changed better, changed worse, the same of open size, then the
 * other verdicts. */
static void print_effects(const builddiff_result *c)
{
	static const struct {
		change_verdict v;
		change_direction dir;
	} order[] = {
		{ CHANGE_CHANGED, CHANGE_BETTER },
		{ CHANGE_CHANGED, CHANGE_WORSE },
		{ CHANGE_SIZE_OPEN, CHANGE_BETTER },
		{ CHANGE_SIZE_OPEN, CHANGE_WORSE },
		{ CHANGE_UNCHANGED, CHANGE_NO_DIRECTION },
		{ CHANGE_NOT_ESTABLISHED, CHANGE_NO_DIRECTION },
		{ CHANGE_NO_INTERVAL, CHANGE_NO_DIRECTION },
	};

	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		bool first = true;
		for (size_t i = 0; i < c->n_states; i++) {
			const state_change *sc = &c->states[i];
			if (sc->verdict != order[k].v
			    || sc->direction != order[k].dir)
				continue;
			if (first) {
				fputs("effects ", stdout);
				print_verdict(sc->verdict, sc->direction,
					      c->better);
			}
			print_state(sc->state, &first);
		}
		if (!first)
			putchar('\n');
	}
}

/* The summary a user reads first: what changed, by item. */
static void print_summary(const builddiff_result *c)
{
	print_values(c);
	print_mech(c);
	fputs("baseline: ", stdout);
	print_verdict(c->baseline_verdict, c->baseline_direction, c->better);
	putchar('\n');
	print_effects(c);
}

/* What `--fail-on` and `--inconclusive` ask for. */
typedef struct gate_choice {
	bool on;                   /* --fail-on given */
	gate_mode mode;
	pb_status inconclusive;    /* the status of an inconclusive gate:
				      PB_INCONCLUSIVE, or PB_OK or
				      PB_GATE_FAILED by --inconclusive */
} gate_choice;

/* "state 10 in series 1" ("1/2" when the series ids differ; "the
 * baseline" for the reference's own statistic), into OUT. */
static void gate_item_name(const study *os, const study *ns,
			   const gate_item *it, GString *out)
{
	const char *a = os->plan.series[it->old_series].id;
	const char *b = ns->plan.series[it->new_series].id;
	char buf[PB_STATE_BUFSIZE];

	if (it->baseline)
		g_string_append(out, "the baseline");
	else
		g_string_append_printf(out, "state %s", pb_state_format(
					       it->state, buf, sizeof buf));
	g_string_append_printf(out, " in series %s", a);
	if (strcmp(a, b) != 0)
		g_string_append_printf(out, "/%s", b);
}

/* The threshold of plan P as study.ini writes it, with its unit:
 * "0.50 ms". */
static void threshold_text(const study_plan *p, GString *out)
{
	g_string_append_printf(out, "%.*f", p->threshold_decimals,
			       p->threshold);
	if (p->unit && p->unit[0])
		g_string_append_printf(out, " %s", p->unit);
}

/* What MODE establishes under plan P: "a worsening of at least
 * 0.50 ms". */
static void gate_claim(gate_mode mode, const study_plan *p, GString *out)
{
	switch (mode) {
	case GATE_WORSE:
		g_string_append(out, "a worsening of at least ");
		threshold_text(p, out);
		break;
	case GATE_WORSE_DETECTED:
		g_string_append(out, "a worsening");
		break;
	case GATE_CHANGE:
		g_string_append(out, "a change of at least ");
		threshold_text(p, out);
		g_string_append(out, " either way");
		break;
	}
}

/* ", NAME, NAME" of the items of G for which PICK holds, after WHAT. */
static void gate_list(const study *os, const study *ns, const gate_result *g,
		      bool (*pick)(const gate_item *), GString *out)
{
	bool first = true;

	for (size_t i = 0; i < g->n_items; i++) {
		if (!pick(&g->items[i]))
			continue;
		g_string_append(out, first ? " (" : ", ");
		gate_item_name(os, ns, &g->items[i], out);
		first = false;
	}
	if (!first)
		g_string_append_c(out, ')');
}

static bool item_established(const gate_item *it)
{
	return it->established;
}

static bool item_dropped(const gate_item *it)
{
	return it->dropped;
}

static bool item_open_judged(const gate_item *it)
{
	return it->open && it->judged;
}

static bool item_unjudged(const gate_item *it)
{
	return it->open && !it->judged && !it->dropped;
}

/* Why G failed: each hole named, then the established claims. */
static void gate_why_failed(const study *os, const study *ns,
			    const builddiff_result *c, const gate_result *g,
			    GString *msg)
{
	char buf[PB_STATE_BUFSIZE];

	for (size_t i = 0; i < c->n_only_old; i++)
		g_string_append_printf(msg, "; state %s is in OLD and missing "
				       "from NEW", pb_state_format(
					       c->only_old[i], buf, sizeof buf));
	for (size_t i = 0; i < g->n_series_dropped; i++)
		g_string_append_printf(msg, "; series %s is in OLD and missing "
				       "from NEW", g->series_dropped[i]);
	if (g->n_dropped) {
		g_string_append_printf(msg, "; NEW has no pairs where OLD has "
				       "some");
		gate_list(os, ns, g, item_dropped, msg);
	}
	if (g->n_established) {
		g_string_append_printf(msg, "; %zu of %zu intervals establish ",
				       g->n_established, g->m);
		gate_claim(g->mode, &os->plan, msg);
		g_string_append_printf(msg, " (Holm, family-wise rate %g%%)",
				       100 * g->level);
		gate_list(os, ns, g, item_established, msg);
	}
}

/* Why G could not tell, and how many blocks would decide it. */
static void gate_why_open(const study *os, const study *ns,
			  const gate_result *g, GString *msg)
{
	size_t open_judged = g->n_open - g->n_unjudged;

	if (open_judged) {
		g_string_append_printf(msg, "; %zu of %zu intervals cannot "
				       "rule out a %s of ", open_judged, g->m,
				       g->mode == GATE_CHANGE ? "change"
							      : "worsening");
		threshold_text(&os->plan, msg);
		if (g->mode == GATE_CHANGE)
			g_string_append(msg, " either way");
		gate_list(os, ns, g, item_open_judged, msg);
	}
	if (g->n_unjudged) {
		g_string_append_printf(msg, "; %zu with fewer than %d pairs on "
				       "a side", g->n_unjudged,
				       VERDICT_MIN_PAIRS);
		gate_list(os, ns, g, item_unjudged, msg);
	}
	if (g->blocks_needed)
		g_string_append_printf(msg, "; about %zu blocks per series "
				       "would decide it (assuming both builds "
				       "measured with that many, the spread "
				       "per block as measured, the change at "
				       "its estimate, and no adjustment for "
				       "the other intervals)",
				       g->blocks_needed);
	else
		g_string_append(msg, "; how many blocks would decide it cannot "
			       "be told (an estimate lies on the threshold)");
}

/* Says on stderr what decided G (nothing for a pass) and returns the
 * status CHOICE maps the decision to. */
static pb_status gate_report(const study *os, const study *ns,
			     const builddiff_result *c, const gate_result *g,
			     const gate_choice *choice)
{
	GString *why;

	if (g->decision == GATE_PASS)
		return PB_OK;
	/* Each reason begins "; "; the first is set off by ": ". */
	why = g_string_new(NULL);
	if (g->decision == GATE_FAIL)
		gate_why_failed(os, ns, c, g, why);
	else
		gate_why_open(os, ns, g, why);
	fprintf(stderr, "pairboot: compare: --fail-on %s: %s: %s\n",
		gate_mode_code(g->mode), gate_decision_code(g->decision),
		why->len > 2 ? why->str + 2 : "");
	g_string_free(why, TRUE);
	return g->decision == GATE_FAIL ? PB_GATE_FAILED : choice->inconclusive;
}

/* Under --fail-on, the same input on both sides is refused: every change
 * is zero by construction, so a pass would say nothing of two builds. */
static pb_status gate_check_sides(const side *o, const side *n,
				  const gate_choice *choice, diag *d)
{
	if (!choice->on || !o->s->digest[0]
	    || strcmp(o->s->digest, n->s->digest) != 0)
		return PB_OK;
	diag_error(d, n->s->dir, 0, 0, "has the same input digest as %s "
		   "(%.12s...): both sides are the same data, which --fail-on "
		   "cannot judge", o->s->dir, o->s->digest);
	return PB_DATAERR;
}

static pb_status compare_studies(const char *old_dir, const char *new_dir,
				 const char *output, const char *figure_base,
				 const cli_options *opt,
				 const gate_choice *choice, diag *d)
{
	side o = { NULL, NULL, false }, n = { NULL, NULL, false };
	builddiff_result *c = NULL;
	gate_result *g = NULL;
	char *target = NULL;
	pb_status st = side_load(old_dir, d, &o);

	if (st == PB_OK)
		st = side_load(new_dir, d, &n);
	if (st == PB_OK)
		st = check_plans(&o, &n, d);
	if (st == PB_OK)
		st = gate_check_sides(&o, &n, choice, d);
	if (st == PB_OK)
		check_sides(&o, &n, d);
	if (st == PB_OK)
		st = builddiff_run(o.s, o.a, n.s, n.a, &c);
	if (st == PB_OK && choice->on)
		st = gate_run(o.s, n.s, c, choice->mode, &g);
	if (st == PB_OK) {
		target = output ? strdup(output)
				: default_output(o.s, n.s, d);
		if (!target)
			st = diag_errors(d) ? PB_CANTCREAT : PB_NOMEM;
	}
	if (st == PB_OK)
		st = write_folder(&o, &n, c, g, target, figure_base, d);
	if (st == PB_OK && !opt->quiet) {
		print_summary(c);
		cli_print(stdout, "comparison written to %s/\n", target);
	}
	if (st == PB_OK && g)
		st = gate_report(o.s, n.s, c, g, choice);
	free(target);
	gate_free(g);
	builddiff_free(c);
	side_free(&o);
	side_free(&n);
	return st;
}

static pb_status cmd_compare(int argc, char **argv, const cli_options *opt);

static const cli_option compare_options[] = {
	{ 'o', 'o', "output", "DIR", false,
	  "write the comparison to DIR (default: reports/compare-<old "
	  "name>-<new name>)" },
	{ 'F', 0, "fail-on", "worse|worse-detected|change", false,
	  "judge the comparison as a CI gate, every state's effect and the "
	  "baseline in every series together, with a false-alarm rate of at "
	  "most 1 minus the confidence level for the whole comparison "
	  "(Welch intervals, "
	  "Holm's adjustment): exit 1 when a worsening of at least the "
	  "threshold is established (worse), any worsening (worse-detected) "
	  "or a change of at least the threshold either way (change), or "
	  "when a state or series of OLD is missing from NEW; exit 3 when "
	  "it cannot tell: a worsening of the threshold (for change, a "
	  "change) not ruled out, or too few pairs; exit 0 otherwise.  The "
	  "same data on both sides is refused (65).  The comparison is "
	  "written either way, with the decision in compare.json" },
	{ 'I', 0, "inconclusive", "pass|fail", false,
	  "exit 0 (pass) or 1 (fail) instead of 3 when --fail-on cannot "
	  "tell" },
	{ 'B', 0, "figure-base", "URL", false,
	  "the pages show their figure from URL, where a wiki keeps its "
	  "uploads (default: beside the page)" },
};

const cli_command command_compare = {
	.name = "compare",
	.operands = "OLD NEW",
	.options = compare_options,
	.n_options = sizeof compare_options / sizeof compare_options[0],
	.summary = "Compare two studies of the same design on an old and a "
		   "new build: value handling, mechanism, baseline and each "
		   "state's effect, with a verdict per state.",
	.overview = "compare two studies of the same design on an old and a "
		    "new build: value handling, mechanism, baseline and each "
		    "state's effect, with a verdict per state (changed, "
		    "changed with its size open, no change established, "
		    "unchanged within the threshold); writes DIR (default: "
		    "reports/compare-<old name>-<new name>); --fail-on "
		    "worse|worse-detected|change makes it a CI gate that "
		    "exits 0 (pass), 1 (fail) or 3 (cannot tell), with a "
		    "false-alarm rate of at most 1 minus the confidence level "
		    "for the whole comparison; the pages show the figure beside them, or "
		    "from --figure-base URL",
	.run = cmd_compare,
};

static pb_status cmd_compare(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_compare, { false }, NULL };
	const char *output = NULL, *figure_base = NULL;
	char base[CLI_FIGURE_BASE_MAX + 2] = "";
	gate_choice gate = { false, GATE_WORSE, PB_INCONCLUSIVE };
	diag *d;
	pb_status st;
	int c;

	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'F':
			if (!gate_mode_from_code(optarg, &gate.mode))
				return cli_usage_error("compare: --fail-on "
						       "must be worse, "
						       "worse-detected or "
						       "change ('%s')",
						       optarg);
			gate.on = true;
			break;
		case 'I':
			if (strcmp(optarg, "pass") == 0)
				gate.inconclusive = PB_OK;
			else if (strcmp(optarg, "fail") == 0)
				gate.inconclusive = PB_GATE_FAILED;
			else
				return cli_usage_error("compare: "
						       "--inconclusive must "
						       "be pass or fail "
						       "('%s')", optarg);
			break;
		case 'B':
			figure_base = optarg;
			break;
		default:
			return PB_USAGE;
		}
	}
	if (figure_base && cli_figure_base("compare", figure_base, base)
	    != PB_OK)
		return PB_USAGE;
	if (cli_operands("compare", argc, argv, 2, "needs two study "
			 "folders, OLD and NEW") != PB_OK)
		return PB_USAGE;
	if (output && !output[0])
		return cli_usage_error("compare: empty output folder name");

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = compare_studies(argv[optind], argv[optind + 1], output, base, opt,
			     &gate, d);
	/* A failure that no diagnostic explains is a bug of the program;
	 * it must still not end the command without a word.  A gate that
	 * failed or could not tell has said why. */
	if (st != PB_OK && st != PB_NOMEM && st != PB_GATE_FAILED
	    && st != PB_INCONCLUSIVE && diag_errors(d) == 0)
		fprintf(stderr, "pairboot: internal error: the comparison "
			"cannot be made (exit %d)\n", (int)st);
	cli_say_failure(st, "compare", "no comparison written", d);
	diag_free(d);
	return st;
}
