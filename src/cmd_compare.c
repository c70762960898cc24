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
#include "common/diag.h"
#include "common/numtext.h"
#include "ingest/plan.h"
#include "ingest/plandigest.h"
#include "ingest/results_read.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/builddiff_json.h"
#include "render/builddiff_md.h"
#include "render/fig_builddiff.h"
#include "render/i18n.h"
#include "render/outdir.h"
#include "src/cli.h"
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
 * summaries (ingest/results_read.h), so its analysis is the published
 * one. */
static pb_status side_load(const char *path, diag *d, side *out)
{
	struct stat sb;
	pb_status st;

	out->from_results = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
	if (out->from_results)
		st = results_read(path, d, &out->s);
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

/* Writes compare.json, and compare.LANG.md and the figure in every
 * language, into the folder TARGET, as a whole; each page shows its
 * figure from FIGURE_BASE ("" beside it, or an address ending in '/'). */
static pb_status write_folder(const side *o, const side *n,
			      const builddiff_result *c, const char *target,
			      const char *figure_base, diag *d)
{
	GString *json = g_string_new(NULL);
	GPtrArray *pages = g_ptr_array_new_with_free_func(free_page);
	outdir *dir = NULL;
	pb_status st = builddiff_json_write(o->s, o->a, n->s, n->a, c, json);

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
		if (st == PB_OK)
			st = fig_builddiff_write(&fin, cli_source_date_epoch(),
						 dir, d);
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

/* 'missing;0;10', the states as study.ini lists them. */
static void append_states(GString *out, const study_plan *p)
{
	g_string_append_c(out, '\'');
	plan_append_states(out, p, false);
	g_string_append_c(out, '\'');
}

/* A number in its shortest form: 0.001, 1.784. */
static void append_number(GString *out, double x)
{
	char buf[32];

	numtext_shortest(x, buf);
	g_string_append(out, buf);
}

/* The value of plan field BIT in P as a message quotes it. */
static void plan_value_text(const study_plan *p, unsigned bit, GString *out)
{
	char buf[PB_STATE_BUFSIZE];

	switch (bit) {
	case PLAN_DIFF_COLUMN: append_quoted(out, p->column); break;
	case PLAN_DIFF_SCALE: append_number(out, p->scale); break;
	case PLAN_DIFF_UNIT: append_quoted(out, p->unit); break;
	case PLAN_DIFF_BETTER:
		append_quoted(out, p->better == BETTER_LOWER ? "lower"
							     : "higher");
		break;
	case PLAN_DIFF_STATISTIC: append_quoted(out, p->statistic.name); break;
	case PLAN_DIFF_REFERENCE:
		append_quoted(out, pb_state_format(p->reference, buf,
						   sizeof buf));
		break;
	case PLAN_DIFF_THRESHOLD: append_number(out, p->threshold); break;
	case PLAN_DIFF_CONFIDENCE: append_number(out, p->confidence); break;
	case PLAN_DIFF_INTERVAL:
		append_quoted(out, interval_method_name(p->interval));
		break;
	case PLAN_DIFF_STATES: append_states(out, p); break;
	case PLAN_DIFF_STATE_TYPE:
		append_quoted(out, pb_state_type_name(p->state_type));
		break;
	default: g_string_append_c(out, '?'); break;
	}
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
		plan_key_position(&n->s->plan, key, &line, &col);
		g_string_printf(what, "'%s' differs: old ", key);
		plan_value_text(&o->s->plan, bit, what);
		g_string_append(what, ", new ");
		plan_value_text(&n->s->plan, bit, what);
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

/* What `--fail-on` makes the exit status depend on. */
typedef enum fail_on {
	FAIL_ON_NOTHING,           /* without the option: 0 whatever changed */
	FAIL_ON_WORSE,             /* an effect or the baseline changed worse,
				      whether or not by the threshold */
	FAIL_ON_CHANGE             /* anything changed, either way */
} fail_on;

/* What the gate counts: the intervals that found a change, those of them
 * that went worse, and of each how many are of open size. */
typedef struct gate_tally {
	size_t changed, changed_open;
	size_t worse, worse_open;
} gate_tally;

/* Counts CH, one interval of the comparison, into T: a change of open
 * size is a change found all the same. */
static void gate_count(const change_interval *ch, gate_tally *t)
{
	bool size_open = ch->verdict == CHANGE_SIZE_OPEN;

	if (!change_verdict_found(ch->verdict))
		return;
	t->changed++;
	t->changed_open += size_open;
	if (ch->direction == CHANGE_WORSE) {
		t->worse++;
		t->worse_open += size_open;
	}
}

/* Judges C by GATE: each series pair of every state's effect and of the
 * baseline counts on its own (a CI fails on one pair that got worse even
 * where the series as a whole disagree), and for FAIL_ON_CHANGE so do the
 * value handling and the mechanism.  Says on stderr what failed it;
 * returns PB_GATE_FAILED or PB_OK. */
static pb_status gate_judge(const builddiff_result *c, fail_on gate)
{
	gate_tally t = { 0, 0, 0, 0 };
	size_t values = 0, mech = 0;

	if (gate == FAIL_ON_NOTHING)
		return PB_OK;
	for (size_t i = 0; i < c->n_effects; i++)
		gate_count(&c->effects[i].change, &t);
	for (size_t i = 0; i < c->n_baseline; i++)
		gate_count(&c->baseline[i].change, &t);
	for (size_t i = 0; i < c->n_values; i++)
		values += c->values[i].changed;
	for (size_t i = 0; i < c->n_mech; i++)
		mech += c->mech[i].changed;
	if (gate == FAIL_ON_WORSE && t.worse > 0) {
		fprintf(stderr, "pairboot: compare: --fail-on worse: %zu "
			"interval%s changed worse", t.worse,
			t.worse == 1 ? "" : "s");
		if (t.worse_open)
			fprintf(stderr, " (%zu of open size)", t.worse_open);
		fputc('\n', stderr);
		return PB_GATE_FAILED;
	}
	if (gate == FAIL_ON_CHANGE && t.changed + values + mech > 0) {
		fprintf(stderr, "pairboot: compare: --fail-on change: %zu "
			"interval%s changed (", t.changed,
			t.changed == 1 ? "" : "s");
		if (t.changed_open)
			fprintf(stderr, "%zu of open size, ", t.changed_open);
		fprintf(stderr, "%zu worse), %zu written value%s and %zu "
			"mechanism state%s handled otherwise\n", t.worse, values,
			values == 1 ? "" : "s", mech, mech == 1 ? "" : "s");
		return PB_GATE_FAILED;
	}
	return PB_OK;
}

static pb_status compare_studies(const char *old_dir, const char *new_dir,
				 const char *output, const char *figure_base,
				 const cli_options *opt, fail_on gate, diag *d)
{
	side o = { NULL, NULL, false }, n = { NULL, NULL, false };
	builddiff_result *c = NULL;
	char *target = NULL;
	pb_status st = side_load(old_dir, d, &o);

	if (st == PB_OK)
		st = side_load(new_dir, d, &n);
	if (st == PB_OK)
		st = check_plans(&o, &n, d);
	if (st == PB_OK)
		check_sides(&o, &n, d);
	if (st == PB_OK)
		st = builddiff_run(o.s, o.a, n.s, n.a, &c);
	if (st == PB_OK) {
		target = output ? strdup(output)
				: default_output(o.s, n.s, d);
		if (!target)
			st = diag_errors(d) ? PB_CANTCREAT : PB_NOMEM;
	}
	if (st == PB_OK)
		st = write_folder(&o, &n, c, target, figure_base, d);
	if (st == PB_OK && !opt->quiet) {
		print_summary(c);
		cli_print(stdout, "comparison written to %s/\n", target);
	}
	if (st == PB_OK)
		st = gate_judge(c, gate);
	free(target);
	builddiff_free(c);
	side_free(&o);
	side_free(&n);
	return st;
}

pb_status cmd_compare(int argc, char **argv, const cli_options *opt)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "fail-on", required_argument, NULL, 'F' },
		{ "figure-base", required_argument, NULL, 'B' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL, *figure_base = NULL;
	char base[CLI_FIGURE_BASE_MAX + 2] = "";
	fail_on gate = FAIL_ON_NOTHING;
	diag *d;
	pb_status st;
	int c;

	while ((c = cli_next_option("compare", argc, argv, "o:", longopts))
	       != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'F':
			if (strcmp(optarg, "worse") == 0)
				gate = FAIL_ON_WORSE;
			else if (strcmp(optarg, "change") == 0)
				gate = FAIL_ON_CHANGE;
			else
				return cli_usage_error("compare: --fail-on "
						       "must be worse or "
						       "change ('%s')",
						       optarg);
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
			     gate, d);
	/* A failure that no diagnostic explains is a bug of the program;
	 * it must still not end the command without a word.  A failed gate
	 * has said what failed it. */
	if (st != PB_OK && st != PB_NOMEM && st != PB_GATE_FAILED
	    && diag_errors(d) == 0)
		fprintf(stderr, "pairboot: internal error: the comparison "
			"cannot be made (exit %d)\n", (int)st);
	cli_say_failure(st, "compare", "no comparison written", d);
	diag_free(d);
	return st;
}
