/* cmd_report.c: `pairboot report STUDY [-o DIR] [--lang LIST]
 * [--format LIST]`: analyse a study and write its report folder as a whole:
 * results.json, the Markdown pages LANG.md, and the figures and PDF report
 * of each language (by default every language and every format).
 *
 * The renderer's versions (cairo, pango, the font files) go to
 * renderer.json, not results.json: they differ between machines, and
 * results.json must be the same bytes on every machine. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/verdict.h"
#include "common/diag.h"
#include "common/forkpool.h"
#include "common/readopt.h"
#include "common/timing.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/figures.h"
#include "render/i18n.h"
#include "render/jsonw.h"
#include "render/libexit.h"
#include "render/markdown.h"
#include "render/outdir.h"
#include "render/results_json.h"
#include "src/cli.h"
#include "src/cmd_report.h"
#include "src/options.h"
#include "src/textfonts.h"

#define DEFAULT_REPORTS "reports"

static const struct {
	const char *name;
	unsigned bit;
} format_names[] = {
	{ "md", FORMAT_MD }, { "json", FORMAT_JSON }, { "pdf", FIG_PDF },
	{ "svg", FIG_SVG }, { "png", FIG_PNG },
};

/* What --figures asks for: the paired figure of some states, or of
 * every compared state. */
typedef struct paired_request {
	bool wanted;            /* --figures paired was given */
	const char *list;       /* the states after '=', as given; NULL:
				   every compared state */
	size_t *states;         /* resolved: indices into plan.states, plan
				   order (free) */
	size_t n;
} paired_request;

/* The default report folder: reports/<study folder name>, creating
 * reports/ when it does not exist yet. */
static char *default_output(const study *s)
{
	char *real = realpath(s->dir, NULL);
	gchar *name = real ? g_path_get_basename(real) : NULL;
	char *path;

	free(real);
	/* "." or "..": the folder's own name, not the one it was given by. */
	if (!name || !strcmp(name, "/") || !strcmp(name, ".")) {
		g_free(name);
		name = g_strdup(s->name);
	}
	path = malloc(strlen(DEFAULT_REPORTS) + strlen(name) + 2);
	if (path)
		sprintf(path, "%s/%s", DEFAULT_REPORTS, name);
	g_free(name);
	return path;
}

/* Creates the reports/ folder of the default output, once the output is
 * known to lie outside the study. */
static pb_status make_default_parent(diag *d)
{
	if (mkdir(DEFAULT_REPORTS, 0777) != 0 && errno != EEXIST) {
		diag_error(d, DEFAULT_REPORTS, 0, 0, "cannot create: %s",
			   strerror(errno));
		return PB_CANTCREAT;
	}
	return PB_OK;
}

/* PATH made absolute through its deepest existing folder, so that a
 * path not created yet can be compared with the study's (g_free). */
static gchar *resolve_ahead(const char *path)
{
	char *real = realpath(path, NULL);
	gchar *parent, *base, *up, *joined;

	if (real) {
		joined = g_strdup(real);
		free(real);
		return joined;
	}
	parent = g_path_get_dirname(path);
	base = g_path_get_basename(path);
	up = strcmp(parent, path) ? resolve_ahead(parent) : g_strdup(path);
	joined = g_build_filename(up, base, NULL);
	g_free(parent);
	g_free(base);
	g_free(up);
	return joined;
}

/* Whether folder INNER is OUTER or lies inside it (absolute paths). */
static bool lies_within(const char *inner, const char *outer)
{
	size_t n = strlen(outer);

	if (n == 1 && outer[0] == '/')
		return true;
	return !strncmp(inner, outer, n) && (inner[n] == '/' || !inner[n]);
}

/* Refuses an output inside the study folder, or one holding it: the
 * staging folder and the study's files would be taken as each other's. */
pb_status report_check_place(const study *s, const char *target,
			     const char *option, diag *d)
{
	char *study_real = realpath(s->dir, NULL);
	gchar *out_real = resolve_ahead(target);
	pb_status st = PB_OK;

	if (!study_real || !out_real) {
		st = PB_OK; /* study_read found it: nothing else to compare */
	} else if (lies_within(out_real, study_real)) {
		diag_error(d, target, 0, 0, "the output would lie inside the "
			   "study folder %s; give %s a folder outside it",
			   s->dir, option);
		st = PB_CANTCREAT;
	} else if (lies_within(study_real, out_real)) {
		diag_error(d, target, 0, 0, "the output would hold the study "
			   "folder %s; give %s a folder outside it", s->dir,
			   option);
		st = PB_CANTCREAT;
	}
	free(study_real);
	g_free(out_real);
	return st;
}

/* Renders the page of S in each language of LANGS into PAGES[i] (new
 * documents, which the Markdown files and the PDFs both show; the caller
 * frees them, NULL ones included). */
static pb_status render_pages(const study *s, const analysis *a,
			      const cli_langs *langs,
			      const markdown_links *links, pagedoc **pages)
{
	pb_status st = PB_OK;

	for (size_t i = 0; i < langs->n && st == PB_OK; i++) {
		pages[i] = pagedoc_new();
		st = markdown_render_doc_linked(s, a, langs->code[i], links,
						pages[i]);
		if (st == PB_SOFTWARE)
			fprintf(stderr, "pairboot: internal error: the %s page "
				"cannot be rendered\n", langs->code[i]);
	}
	return st;
}

/* The figures of every language, one language a task of a
 * common/forkpool.h pool: Pango and fontconfig are not known to be safe
 * on threads, so the languages are drawn side by side in processes. */
typedef struct lang_figures {
	const study *s;
	const analysis *a;
	const cli_langs *langs;
	pagedoc *const *pages;
	unsigned figs;          /* FIG_* formats */
	const size_t *paired;   /* the states of the paired figures */
	size_t n_paired;
	const char *prefix;     /* before each figure's and the PDF's file
				   name */
	outdir *o;
	char names[CLI_MAX_LANGS][24];   /* "figures (de)", for messages */
} lang_figures;

/* Draws the figures of language I into the report; in a child (OUT not
 * NULL) through a handle of its own, whose files it lists in OUT. */
static pb_status figures_task(void *arg, size_t i, diag *d, FILE *out)
{
	const lang_figures *f = arg;
	outdir *o = out ? outdir_share(f->o, d) : f->o;
	pb_status st;

	if (!o)
		return PB_NOMEM;
	st = figures_write_report(f->s, f->a, f->langs->code[i],
				  f->pages[i], f->figs,
				  cli_source_date_epoch(), f->prefix,
				  f->paired, f->n_paired, o, d);
	if (st == PB_OK && f->n_paired > 0)
		st = figures_write_paired(f->s, f->a, f->langs->code[i],
					  f->paired, f->n_paired, f->figs,
					  f->prefix, o, d);
	if (!out)
		return st;
	for (size_t k = 0; st == PB_OK && k < outdir_n_written(o); k++)
		if (fprintf(out, "%s\n", outdir_written(o, k)) < 0) {
			diag_error(d, f->names[i], 0, 0, "cannot pass the names "
				   "of its files on: %s", strerror(errno));
			st = PB_IOERR;
		}
	outdir_release(o);
	/* The child ends after this task: it gives back the drawing
	 * libraries' caches as main does, so that a leak checker, which
	 * looks at each process, sees only what pairboot kept. */
	libexit_release();
	return st;
}

/* Records in the report the files a child wrote, one name a line (the
 * names are short: "boots.de.png"). */
static pb_status figures_take(void *arg, size_t i, FILE *in, diag *d)
{
	const lang_figures *f = arg;
	char name[256];
	bool cut = false;   /* a line without its '\n': too long, or the
			       file ends inside it */
	pb_status st = PB_OK;

	while (st == PB_OK && !cut && fgets(name, sizeof name, in)) {
		size_t len = strcspn(name, "\n");

		cut = name[len] != '\n';
		name[len] = '\0';
		if (!cut)
			st = outdir_adopt(f->o, name);
	}
	if (st == PB_OK && (cut || ferror(in))) {
		diag_error(d, f->names[i], 0, 0, "internal error: the names "
			   "of its files cannot be read back");
		st = PB_SOFTWARE;
	}
	return st;
}

/* Writes the figures and PDF of every language, and renderer.json. */
static pb_status write_figures(const study *s, const analysis *a,
			       const cli_langs *langs, pagedoc *const *pages,
			       unsigned formats, const size_t *paired,
			       size_t n_paired, const char *prefix,
			       outdir *o, diag *d)
{
	lang_figures f = { s, a, langs, pages,
			   formats & (FIG_PDF | FIG_SVG | FIG_PNG), paired,
			   n_paired, prefix, o, { "" } };
	const char *names[CLI_MAX_LANGS];
	json_t *versions = NULL;
	GString *text;
	pb_status st;

	if (!f.figs)
		return PB_OK;
	for (size_t i = 0; i < langs->n; i++) {
		snprintf(f.names[i], sizeof f.names[i], "figures (%s)",
			 langs->code[i]);
		names[i] = f.names[i];
	}
	st = forkpool_run(langs->n, readopt_default_jobs(), names,
			  figures_task, figures_take, &f, d);
	if (st == PB_OK)
		st = figures_versions_json(d, &versions);
	if (st != PB_OK)
		return st;
	text = g_string_new(NULL);
	st = jsonw_write(versions, text);
	if (st == PB_OK)
		st = outdir_write(o, "renderer.json", text->str, text->len);
	g_string_free(text, TRUE);
	json_decref(versions);
	return st;
}

pb_status report_text_render(const study *s, const analysis *a,
			     const cli_langs *langs, unsigned formats,
			     const markdown_links *links, report_text *t)
{
	pb_status st = PB_OK;

	memset(t, 0, sizeof *t);
	t->json = g_string_new(NULL);
	if (formats & FORMAT_JSON)
		st = results_json_write(s, a, t->json);
	if (st == PB_OK && (formats & (FORMAT_MD | FIG_PDF)))
		st = render_pages(s, a, langs, links, t->pages);
	return st;
}

void report_text_free(report_text *t)
{
	for (size_t i = 0; i < CLI_MAX_LANGS; i++)
		pagedoc_free(t->pages[i]);
	if (t->json)
		g_string_free(t->json, TRUE);
	memset(t, 0, sizeof *t);
}

pb_status report_text_put(const report_text *t, const study *s,
			  const analysis *a, const cli_langs *langs,
			  unsigned formats, const size_t *paired,
			  size_t n_paired, const char *prefix, outdir *o,
			  diag *d)
{
	pb_status st = PB_OK;

	if (formats & FORMAT_JSON)
		st = outdir_write(o, "results.json", t->json->str,
				  t->json->len);
	for (size_t i = 0; i < langs->n && st == PB_OK
			   && (formats & FORMAT_MD); i++) {
		char name[32];
		snprintf(name, sizeof name, "%s.md", langs->code[i]);
		st = outdir_write(o, name, pagedoc_str(t->pages[i]),
				  pagedoc_len(t->pages[i]));
	}
	if (st == PB_OK)
		st = write_figures(s, a, langs, t->pages, formats, paired,
				   n_paired, prefix, o, d);
	return st;
}

/* Writes the report of S into folder TARGET.  Everything is rendered
 * before the staging folder is made, so that running out of memory in a
 * library (which ends the process, common/oom.h) leaves nothing behind;
 * then every file goes into the staging folder, which replaces TARGET as a
 * whole or not at all. */
static pb_status write_report(const study *s, const analysis *a,
			      const cli_langs *langs, unsigned formats,
			      const markdown_links *links,
			      const paired_request *paired,
			      const char *prefix, const char *target,
			      diag *d)
{
	report_text t;
	outdir *o;
	pb_status st = report_text_render(s, a, langs, formats, links, &t);

	if (st == PB_OK)
		st = outdir_begin(target, d, &o);
	if (st == PB_OK) {
		st = report_text_put(&t, s, a, langs, formats, paired->states,
				     paired->n, prefix, o, d);
		if (st == PB_OK)
			st = outdir_commit(o);
		else
			outdir_abort(o);
	}
	report_text_free(&t);
	return st;
}

/* Whether plan state I has comparisons: a state the paired figure can
 * show. */
static bool state_compared(const analysis *a, size_t i)
{
	for (size_t k = 0; k < a->n_states; k++)
		if (a->states[k].state == i && a->states[k].n_comparisons > 0)
			return true;
	return false;
}

/* A sequential study is reported at a look: a series that reached none
 * has no interval to publish yet (`pairboot status` says how far it is).
 * Said once per series, at study.ini's `looks`. */
pb_status report_check_looks(const study *s, const analysis *a, diag *d)
{
	char *file = g_strdup_printf("%s/study.ini", s->dir);
	size_t line = 0, col = 0, last = (size_t)-1;
	pb_status st = PB_OK;

	study_plan_key_position(&s->plan, "looks", &line, &col);
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		if (c->look_status != LOOK_NOT_REACHED || c->series == last)
			continue;
		last = c->series;
		diag_error(d, file, line, col, "series '%s' has reached no "
			   "look yet (the first is at %lu blocks): nothing can "
			   "be reported before it; 'pairboot status' shows how "
			   "far the study is", s->plan.series[c->series].id,
			   s->plan.looks[0]);
		st = PB_DATAERR;
	}
	g_free(file);
	return st;
}

/* True when the LEN bytes at P name the missing state as a page of any
 * language writes it: in a table (missing, fehlt, chybí, 없음) or quoted
 * in a sentence ("missing", „fehlt“, „chybí“, ‘없음’), so that a name
 * copied from any page is understood. */
static bool names_missing(const char *p, size_t len)
{
	for (size_t l = 0; l < i18n_count(); l++) {
		const char *forms[2] = {
			i18n_ctext(i18n_code(l), "state", "missing"),
			i18n_ctext(i18n_code(l), "state in a sentence",
				   "\"missing\"")
		};
		for (size_t f = 0; f < 2; f++)
			if (forms[f] && strlen(forms[f]) == len
			    && !memcmp(forms[f], p, len))
				return true;
	}
	return false;
}

/* The states of R's list (or every compared state) as indices into the
 * plan's states, in plan order, into R.  A name is a state as the page
 * writes it (pb_state_format), byte for byte, or the missing state's word
 * on a page of any language (names_missing); an unknown one, the
 * reference, or one given twice is a usage error (printed). */
static pb_status resolve_paired(const study *s, const analysis *a,
				paired_request *r)
{
	const study_plan *plan = &s->plan;
	bool *chosen = calloc(plan->n_states ? plan->n_states : 1,
			      sizeof *chosen);
	const char *p = r->list;
	pb_status st = PB_OK;

	if (!chosen)
		return PB_NOMEM;
	for (size_t i = 0; !p && i < plan->n_states; i++)
		chosen[i] = state_compared(a, i);
	while (p && st == PB_OK) {
		size_t len = strcspn(p, ","), found = STUDY_NO_STATE;

		for (size_t i = 0; i < plan->n_states; i++) {
			char buf[PB_STATE_BUFSIZE];
			const char *name = pb_state_format(plan->states[i],
							   buf, sizeof buf);
			if ((strlen(name) == len && !memcmp(name, p, len))
			    || (plan->states[i].missing
				&& names_missing(p, len)))
				found = i;
		}
		if (len == 0)
			st = cli_usage_error("report: empty state name in "
					     "--figures paired='%s'", r->list);
		else if (found == STUDY_NO_STATE) {
			GString *known = g_string_new(NULL);
			for (size_t i = 0; i < plan->n_states; i++) {
				char buf[PB_STATE_BUFSIZE];
				if (!state_compared(a, i))
					continue;
				g_string_append_printf(known, "%s%s",
					known->len ? ", " : "",
					pb_state_format(plan->states[i], buf,
							sizeof buf));
			}
			st = cli_usage_error("report: unknown state '%.*s' in "
					     "--figures paired (states as the "
					     "page writes them: %s)", (int)len,
					     p, known->str);
			g_string_free(known, TRUE);
		}
		else if (!state_compared(a, found))
			st = cli_usage_error("report: state '%.*s' in "
					     "--figures paired is the reference "
					     "or has no comparison", (int)len,
					     p);
		else if (chosen[found])
			st = cli_usage_error("report: state '%.*s' given twice "
					     "in --figures paired", (int)len, p);
		else
			chosen[found] = true;
		p = p[len] ? p + len + 1 : NULL;
	}
	if (st == PB_OK) {
		r->states = calloc(plan->n_states ? plan->n_states : 1,
				   sizeof *r->states);
		if (!r->states)
			st = PB_NOMEM;
		for (size_t i = 0; r->states && i < plan->n_states; i++)
			if (chosen[i])
				r->states[r->n++] = i;
	}
	free(chosen);
	return st;
}

/* Verdict V of an estimate EST, as compare prints a verdict: its code and,
 * for a difference detected, which way it goes and what is better:
 * "detected-size-open, worse (lower is better)". */
static void verdict_text(GString *out, verdict v, double est, better_side b)
{
	g_string_append(out, verdict_code(v));
	if (v == VERDICT_DETECTED)
		g_string_append_printf(out, ", %s (%s is better)",
				       (est > 0) == (b == BETTER_HIGHER)
				       ? "better" : "worse",
				       b == BETTER_LOWER ? "lower" : "higher");
}

/* One line a state compared with the reference: its verdict across
 * series and, with more than one latency series, each series' verdict:
 * "state 10: series-disagree (series 1: harm; series 2: indeterminate)". */
static void print_verdicts(const study *s, const analysis *a)
{
	const study_plan *p = &s->plan;
	char name[PB_STATE_BUFSIZE];
	GString *line = g_string_new(NULL);

	for (size_t i = 0; i < a->n_states; i++) {
		const state_result *r = &a->states[i];
		g_string_truncate(line, 0);
		verdict_text(line, r->verdict, r->n_comparisons
			     ? a->cmp[r->comparisons[0]].boot.estimate : 0.0,
			     p->better);
		for (size_t k = 0; r->n_comparisons > 1
				   && k < r->n_comparisons; k++) {
			const comparison *c = &a->cmp[r->comparisons[k]];
			g_string_append_printf(line, "%sseries %s: ",
					       k ? "; " : " (",
					       p->series[c->series].id);
			verdict_text(line, c->verdict, c->boot.estimate,
				     p->better);
		}
		if (r->n_comparisons > 1)
			g_string_append_c(line, ')');
		cli_print(stdout, "state %s: %s\n",
			  pb_state_format(p->states[r->state], name,
					  sizeof name), line->str);
	}
	g_string_free(line, TRUE);
}

pb_status report_prepare(const char *dir, diag *d, study **s_out,
			 analysis **a_out)
{
	study *s = NULL;
	analysis *a = NULL;
	pb_status st = study_read(dir, d, &s);

	/* Before the output folder is made: a text the fonts cannot draw
	 * would otherwise fail only once pages were written. */
	if (st == PB_OK)
		st = textfonts_check_study(s, d);
	if (st == PB_OK) {
		timing_begin(TIMING_BOOTSTRAP);
		st = analysis_run(s, d, &a);
		timing_end(TIMING_BOOTSTRAP);
	}
	if (st == PB_OK && a->sequential)
		st = report_check_looks(s, a, d);
	if (st != PB_OK) {
		analysis_free(a);
		study_free(s);
		s = NULL;
		a = NULL;
	}
	*s_out = s;
	*a_out = a;
	return st;
}

static pb_status report_study(const char *dir, const char *output,
			      const cli_langs *langs, unsigned formats,
			      const markdown_links *links,
			      paired_request *paired, const char *prefix,
			      const cli_options *opt, diag *d)
{
	study *s = NULL;
	analysis *a = NULL;
	char *target = NULL;
	markdown_links with_paired;
	pb_status st = report_prepare(dir, d, &s, &a);

	if (st == PB_OK && paired->wanted)
		st = resolve_paired(s, a, paired);
	/* The pages link the paired figures they have files of. */
	if (st == PB_OK && links && paired->wanted) {
		with_paired = *links;
		with_paired.paired = paired->states;
		with_paired.n_paired = paired->n;
		links = &with_paired;
	}
	if (st == PB_OK) {
		target = output ? strdup(output) : default_output(s);
		if (!target)
			st = PB_NOMEM;
	}
	if (st == PB_OK)
		st = report_check_place(s, target, "-o", d);
	if (st == PB_OK && !output)
		st = make_default_parent(d);
	if (st == PB_OK) {
		timing_begin(TIMING_RENDER);
		st = write_report(s, a, langs, formats, links, paired, prefix,
				  target, d);
		timing_end(TIMING_RENDER);
	}
	if (st == PB_OK && !opt->quiet) {
		print_verdicts(s, a);
		cli_print(stdout, "report written to %s/\n", target);
	}
	free(target);
	analysis_free(a);
	study_free(s);
	return st;
}

/* Parses the comma-separated format names of ARG ("md,json") into
 * *FORMATS.  Returns PB_OK or a usage error (printed). */
pb_status report_parse_formats(const char *cmd, const char *arg,
			       unsigned *formats)
{
	const char *p = arg;

	*formats = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		unsigned bit = 0;
		for (size_t i = 0; i < sizeof format_names
				       / sizeof *format_names; i++)
			if (strlen(format_names[i].name) == len
			    && strncmp(format_names[i].name, p, len) == 0)
				bit = format_names[i].bit;
		if (!bit)
			return cli_usage_error("%s: unknown format '%.*s' "
					       "in --format (known: md, json, "
					       "pdf, svg, png)", cmd, (int)len,
					       p);
		if (*formats & bit)
			return cli_usage_error("%s: format '%.*s' given "
					       "twice in --format", cmd,
					       (int)len, p);
		*formats |= bit;
		if (p[len] == '\0')
			return PB_OK;
		p += len + 1;
	}
}

/* Parses the value of --figures: "paired", every compared state's paired
 * figure, or "paired=LIST", those of the comma-separated states of LIST
 * (resolved once the study is read).  Returns PB_OK or a usage error
 * (printed). */
static pb_status parse_figures(const char *arg, paired_request *r)
{
	static const char name[] = "paired";
	const size_t n = sizeof name - 1;

	if (strncmp(arg, name, n) != 0 || (arg[n] && arg[n] != '='))
		return cli_usage_error("report: unknown figure '%s' in "
				       "--figures (known: paired, "
				       "paired=STATE,...)", arg);
	if (r->wanted)
		return cli_usage_error("report: --figures paired given twice");
	if (arg[n] == '=' && !arg[n + 1])
		return cli_usage_error("report: no state after "
				       "--figures paired=");
	r->wanted = true;
	r->list = arg[n] ? arg + n + 1 : NULL;
	return PB_OK;
}

static pb_status cmd_report(int argc, char **argv, const cli_options *opt);

/* --lang has no short form: its value stands for the option. */
enum { OPT_LANG = 256, OPT_FORMAT, OPT_FIGURE_BASE, OPT_FIGURES,
	OPT_FIGURE_PREFIX };

static const cli_option report_options[] = {
	{ 'o', 'o', "output", "DIR", false,
	  "write the report to DIR (default: reports/<study folder name>)" },
	{ OPT_LANG, 0, "lang", "LIST", false,
	  "the languages, from en,de,cs,ko (default: all)" },
	{ OPT_FORMAT, 0, "format", "LIST", false,
	  "the formats, from md,json,pdf,svg,png (default: all)" },
	{ OPT_FIGURE_BASE, 0, "figure-base", "URL", false,
	  "the pages show their figures from URL, where a wiki keeps its "
	  "uploads (default: beside the page)" },
	{ OPT_FIGURE_PREFIX, 0, "figure-prefix", "P", false,
	  "name each figure file P<figure>.LANG.svg (and .png) and the PDF "
	  "Preport.LANG.pdf, and link the pages to those names, so that the "
	  "files of several studies can share one upload area of a wiki; P is "
	  "letters, digits, '.', '_' and '-' (default: none)" },
	{ OPT_FIGURES, 0, "figures", "paired[=STATES]", false,
	  "also draw the paired figure of each state of STATES "
	  "(comma-separated, spelled as the page writes them, the missing "
	  "value as any language's page names it: missing, fehlt, chybí, "
	  "없음; default: every compared state) as paired-STATE.LANG.svg "
	  "and .png, linked from the pages, and in the PDF report; a state "
	  "that is not one of the study's, or a --format without svg, png "
	  "and pdf, is a usage error (exit 64)" },
};

const cli_command command_report = {
	.name = "report",
	.operands = "STUDY",
	.options = report_options,
	.n_options = sizeof report_options / sizeof report_options[0],
	.summary = "Analyse the study and write its report: results.json, "
		   "LANG.md pages, report.LANG.pdf and each figure as "
		   "FIGURE.LANG.svg and .png.",
	.overview = "analyse the study and write its report to DIR (default: "
		    "reports/<study folder name>): results.json, LANG.md "
		    "pages, report.LANG.pdf and each figure as FIGURE.LANG.svg "
		    "and .png; --lang picks languages from en,de,cs,ko and "
		    "--format formats from md,json,pdf,svg,png (default: all); "
		    "the pages show the figures beside them, or from "
		    "--figure-base URL; --figures paired draws each state's "
		    "paired figure too, or those of STATES; prints each "
		    "compared state's verdict, with each series' when there "
		    "are several (not with --quiet)",
	.run = cmd_report,
};

static pb_status cmd_report(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_report, { false }, NULL };
	const char *output = NULL, *figure_base = NULL, *prefix = "";
	char base[CLI_FIGURE_BASE_MAX + 2];
	char linkbase[CLI_FIGURE_BASE_MAX + CLI_FIGURE_PREFIX_MAX + 2];
	markdown_links links;
	paired_request paired = { false, NULL, NULL, 0 };
	unsigned formats = FORMAT_ALL;
	cli_langs langs;
	diag *d;
	pb_status st;
	int c;

	cli_all_langs(&langs);
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case OPT_LANG:
			if (cli_parse_langs("report", optarg, &langs) != PB_OK)
				return PB_USAGE;
			break;
		case OPT_FORMAT:
			if (report_parse_formats("report", optarg, &formats)
			    != PB_OK)
				return PB_USAGE;
			break;
		case OPT_FIGURE_BASE:
			figure_base = optarg;
			break;
		case OPT_FIGURES:
			if (parse_figures(optarg, &paired) != PB_OK)
				return PB_USAGE;
			break;
		case OPT_FIGURE_PREFIX:
			if (cli_figure_prefix("report", optarg) != PB_OK)
				return PB_USAGE;
			prefix = optarg;
			break;
		default:
			return PB_USAGE;
		}
	}
	/* The paired figures are SVG and PNG files of their own and pages
	 * of the PDF report: without any of those formats they would be
	 * asked for and never drawn. */
	if (paired.wanted && !(formats & (FIG_SVG | FIG_PNG | FIG_PDF)))
		return cli_usage_error("report: --figures paired draws SVG and "
				       "PNG files and pages of the PDF report, "
				       "but --format holds none of svg, png and "
				       "pdf");
	if (figure_base && cli_figure_base("report", figure_base, base)
	    != PB_OK)
		return PB_USAGE;
	snprintf(linkbase, sizeof linkbase, "%s%s", figure_base ? base : "",
		 prefix);
	links.base = linkbase;
	links.paired = NULL;
	links.n_paired = 0;
	links.ext = formats & FIG_SVG ? "svg" : formats & FIG_PNG ? "png"
		    : figure_base ? "svg" : NULL;
	if (cli_operands("report", argc, argv, 1, "missing STUDY folder")
	    != PB_OK)
		return PB_USAGE;
	if (output && !output[0])
		return cli_usage_error("report: empty output folder name");

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = report_study(argv[optind], output, &langs, formats,
			  links.ext && (formats & FORMAT_MD) ? &links : NULL,
			  &paired, prefix, opt, d);
	if (st != PB_USAGE)
		cli_say_failure(st, argv[optind], "no report written", d);
	free(paired.states);
	diag_free(d);
	return st;
}
