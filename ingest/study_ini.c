/* study_ini.c: reading and strict validation of study.ini, the schema
 * of its keys.  ingest/keyindex.c says where each section and key stands;
 * validation walks that index in file order and asks GKeyFile for each
 * value; the plan read goes into the study_plan of ingest/study.h. */
#include "ingest/study_ini.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/fileread.h"
#include "common/keytext.h"
#include "common/numparse.h"
#include "common/strutil.h"
#include "ingest/keyindex.h"
#include "ingest/plantext.h"
#include "ingest/rowfilter.h"
#include "ingest/suggest.h"
#include "ingest/textcheck.h"

/* ------------------------------------------------------------------ */
/* Values */

typedef struct plan_ctx {
	const char *file;
	diag *d;
	GKeyFile *kf;
	study_plan *plan;
	pb_status fail;          /* PB_NOMEM once an allocation failed */
	const ini_section *study;  /* [study], once read */
	const ini_key *reference_key;
	const ini_key *states_key;
	bool reference_ok;
	bool states_ok;
	bool state_type_bad;     /* `state_type` is neither word: states
				    cannot be judged by either rule */
	char registered[65];     /* `registered` as given, or "" */
	GPtrArray *v2_keys;      /* keys that only format 2 knows, in file
				    order (const ini_key *) */
	const ini_key *rule_key; /* the first value-rule key of any series,
				    or NULL: rules judge numbers */
	const ini_key *control_key;  /* the kind line of the first control
					series, or NULL */
	const ini_key *boundary_key; /* `boundary`, or NULL: it needs looks */
	bool missing_limit_given;    /* `missing_limit` was read */
} plan_ctx;

/* Reports a problem with the value of key K. */
__attribute__((format(printf, 3, 4)))
static void value_error(plan_ctx *c, const ini_key *k, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	diag_error(c->d, c->file, k->line, k->vcol, "%s", text);
}

/* The value of K as written (GLib memory: g_free). */
static gchar *value_raw(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = g_key_file_get_value(c->kf, s->name, k->name, NULL);
	return v ? v : g_strdup("");
}

static const char *quoted(const char *v)
{
	return diag_quote(v, strlen(v));
}

/* The byte offset in RAW (a value as written) of the first control
 * character its text holds, either written out or as an escape (\n, \t,
 * \r) that GKeyFile turns into one; -1 when there is none. */
static long control_offset(const char *raw)
{
	size_t at, len = strlen(raw);

	if (textcheck_control(raw, len, &at))
		return (long)at;
	for (size_t i = 0; i + 1 < len; i++) {
		if (raw[i] != '\\')
			continue;
		if (raw[i + 1] == 'n' || raw[i + 1] == 't' || raw[i + 1] == 'r')
			return (long)i;
		i++;    /* \\ and \s: the next byte is no escape */
	}
	return -1;
}

/* The value of K with its escapes undone (keytext.h) into *OUT (GLib
 * memory: g_free), or false after saying where its escape is bad. */
static bool value_unescaped(plan_ctx *c, const ini_section *s,
			    const ini_key *k, gchar **out)
{
	gchar *raw = value_raw(c, s, k);
	GString *text = g_string_new(NULL);
	size_t bad;
	bool ok = keytext_unescape(text, raw, strlen(raw), &bad);

	if (!ok)
		value_error(c, k, "bad escape sequence in %s ('%s')", k->name,
			    quoted(raw));
	g_free(raw);
	*out = g_string_free(text, !ok);
	return ok;
}

/* Whether the value of K holds a control character; reports it. */
static bool text_has_control(plan_ctx *c, const ini_section *s,
			     const ini_key *k)
{
	gchar *raw = value_raw(c, s, k);
	long at = control_offset(raw);

	if (at >= 0)
		diag_error(c->d, c->file, k->line, k->vcol + (size_t)at,
			   "%s contains a control character ('%s')", k->name,
			   quoted(raw));
	g_free(raw);
	return at >= 0;
}

/* Notes TEXT, written at LINE:COL, among the plan's texts (a copy); a
 * bidi control or invisible format character in it is an error there. */
static void text_seen(plan_ctx *c, const char *text, size_t line, size_t col)
{
	study_plan *p = c->plan;
	plan_text_at *grown;
	uint32_t cp;
	size_t at;

	if (textcheck_invisible(text, strlen(text), &at, &cp))
		diag_error(c->d, c->file, line, col + at, "%s in '%s'",
			   textcheck_invisible_what(cp),
			   diag_quote(text, strlen(text)));
	char *copy;

	if (c->fail != PB_OK)
		return;
	grown = realloc(p->texts, (p->n_texts + 1) * sizeof *grown);
	copy = strutil_dup(text);
	if (!grown || !copy) {
		if (grown)
			p->texts = grown;
		free(copy);
		c->fail = PB_NOMEM;
		return;
	}
	p->texts = grown;
	p->texts[p->n_texts++] = (plan_text_at){ copy, line, col };
}

/* Stores the unescaped text value of K in *DEST (replacing what was there).
 * An empty value is an error when NONEMPTY; a control character is an
 * error at its column. */
static void value_text(plan_ctx *c, const ini_section *s, const ini_key *k,
		       bool nonempty, char **dest)
{
	gchar *v;

	if (!value_unescaped(c, s, k, &v))
		return;
	if (nonempty && v[0] == '\0') {
		value_error(c, k, "%s is empty", k->name);
	} else if (text_has_control(c, s, k)) {
		/* reported */
	} else {
		char *copy = strutil_dup(v);
		if (!copy) {
			c->fail = PB_NOMEM;
		} else {
			free(*dest);
			*dest = copy;
			text_seen(c, v, k->line, k->vcol);
		}
	}
	g_free(v);
}

typedef enum num_result { NUM_OK, NUM_SYNTAX, NUM_RANGE } num_result;

/* Parses S as a number in the one strict form numparse_double accepts
 * (strtod alone would also take blanks, inf, nan, hex and, in some locales,
 * ','), and gives its written decimals. */
static num_result number_parse(const char *s, double *out, int *decimals)
{
	switch (numparse_double(s, strlen(s), out)) {
	case NUMPARSE_OK:
		*decimals = numparse_decimals(s);
		return NUM_OK;
	case NUMPARSE_NOT_FINITE:
		/* "inf" is no number in a plan; 1e999 is one out of range. */
		return strpbrk(s, "iI") ? NUM_SYNTAX : NUM_RANGE;
	case NUMPARSE_RANGE:
		return NUM_RANGE;
	default:
		return NUM_SYNTAX;
	}
}

/* Parses the value of K as a number into *OUT; reports and returns false
 * when it is none. */
static bool value_number(plan_ctx *c, const ini_key *k, const char *v,
			 double *out, int *decimals)
{
	int dec = 0;

	switch (number_parse(v, out, &dec)) {
	case NUM_OK:
		if (decimals)
			*decimals = dec;
		return true;
	case NUM_SYNTAX:
		value_error(c, k, "%s is not a number ('%s')", k->name,
			    quoted(v));
		return false;
	case NUM_RANGE:
		value_error(c, k, "%s is out of range ('%s')", k->name,
			    quoted(v));
		return false;
	}
	return false;
}

/* Parses V as plain decimal digits no larger than MAX. */
static bool digits_parse(const char *v, uint64_t max, uint64_t *out)
{
	unsigned long n;

	if (numparse_ulong(v, strlen(v), &n) != NUMPARSE_OK || n > max)
		return false;
	*out = n;
	return true;
}

/* ------------------------------------------------------------------ */
/* The keys of [study] */

typedef void (*key_reader)(plan_ctx *c, const ini_section *s,
			   const ini_key *k);

/* The newest format this program reads. */
#define PLAN_FORMAT_MAX 2

static void read_format(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	bool plain = v[0] != '0';    /* no leading zero: `01` is no format */
	uint64_t n = 0;

	bool number = plain && digits_parse(v, UINT64_MAX, &n);

	if (number && n >= 1 && n <= PLAN_FORMAT_MAX)
		c->plan->format = (int)n;
	else if (number && n > PLAN_FORMAT_MAX)
		value_error(c, k, "format %s is newer than this program reads "
			    "(it reads formats 1 and 2)", quoted(v));
	else
		value_error(c, k, "format must be 1 or 2 ('%s')", quoted(v));
	g_free(v);
}

/* The value of K, one of the words A and B: 0 for A, 1 for B; -1, with
 * the error reported, for anything else. */
static int value_choice(plan_ctx *c, const ini_section *s, const ini_key *k,
			const char *a, const char *b)
{
	gchar *v = value_raw(c, s, k);
	int which = strcmp(v, a) == 0 ? 0 : strcmp(v, b) == 0 ? 1 : -1;

	if (which < 0)
		value_error(c, k, "%s must be %s or %s ('%s')", k->name, a, b,
			    quoted(v));
	g_free(v);
	return which;
}

static void read_state_type(plan_ctx *c, const ini_section *s,
			    const ini_key *k)
{
	int which = value_choice(c, s, k, "number", "name");

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	if (which >= 0)
		c->plan->state_type = which ? PB_STATE_NAME : PB_STATE_NUMBER;
	c->state_type_bad = which < 0;
}

static void read_title(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	value_text(c, s, k, true, &c->plan->title);
}

static void read_build(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	value_text(c, s, k, true, &c->plan->build);
}

static void read_platform(plan_ctx *c, const ini_section *s,
			  const ini_key *k)
{
	value_text(c, s, k, false, &c->plan->platform);
}

/* `metric` (format 2): what the statistic measures, in words. */
static void read_metric(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	g_ptr_array_add(c->v2_keys, (gpointer)k);
	value_text(c, s, k, true, &c->plan->metric);
}

static void read_column(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	value_text(c, s, k, true, &c->plan->column);
}

static void read_unit(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	value_text(c, s, k, true, &c->plan->unit);
}

/* The most significant digits and decimals a number the pages print as
 * written may have.  Pages print such a number in fixed notation with its
 * written decimals (numtext_fixed, at most 15); a decimal of at most 15
 * significant digits reads into a double and prints back as the same
 * digits (DBL_DIG), so within both bounds the page shows exactly what
 * study.ini says, and beyond them it could not. */
#define PRINTED_MAX_DIGITS 15

/* Whether number V of key K, with DECIMALS written
 * decimals, can be printed as written; reports it when not. */
static bool value_printable(plan_ctx *c, const ini_key *k, const char *v,
			    int decimals)
{
	if (decimals <= PRINTED_MAX_DIGITS
	    && numparse_fixed_digits(v) <= PRINTED_MAX_DIGITS)
		return true;
	value_error(c, k, "%s has more digits than the pages can print as "
		    "written (at most %d significant digits and %d decimals) "
		    "('%s')", k->name, PRINTED_MAX_DIGITS, PRINTED_MAX_DIGITS,
		    quoted(v));
	return false;
}

/* scale and threshold: finite numbers > 0; the threshold, which the pages
 * print with its written decimals, also printable as written. */
static bool read_positive(plan_ctx *c, const ini_section *s,
			  const ini_key *k, double *out, int *decimals)
{
	gchar *v = value_raw(c, s, k);
	double x;
	bool ok = value_number(c, k, v, &x, decimals);

	if (ok && !(x > 0)) {
		value_error(c, k, "%s must be > 0 ('%s')", k->name, quoted(v));
		ok = false;
	}
	if (ok && decimals)
		ok = value_printable(c, k, v, *decimals);
	if (ok)
		*out = x;
	g_free(v);
	return ok;
}

static void read_scale(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	read_positive(c, s, k, &c->plan->scale, NULL);
}

static void read_threshold(plan_ctx *c, const ini_section *s,
			   const ini_key *k)
{
	read_positive(c, s, k, &c->plan->threshold,
		      &c->plan->threshold_decimals);
}

/* Decimals of a confidence level: its percentage has at most one. */
#define CONFIDENCE_MAX_DECIMALS 3

static void read_confidence(plan_ctx *c, const ini_section *s,
			    const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	double x;

	int decimals = 0;

	if (value_number(c, k, v, &x, &decimals)) {
		if (!(x > 0 && x < 1))
			value_error(c, k, "confidence must be strictly "
				    "between 0 and 1 ('%s')", quoted(v));
		else if (decimals > CONFIDENCE_MAX_DECIMALS)
			/* Figures print the level as a percentage with one
			 * decimal: 0.9995 would show as 100%. */
			value_error(c, k, "confidence has more than %d "
				    "decimals, which the pages cannot print "
				    "as a percentage ('%s')",
				    CONFIDENCE_MAX_DECIMALS, quoted(v));
		else
			c->plan->confidence = x;
	}
	g_free(v);
}

static void read_better(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	int which = value_choice(c, s, k, "lower", "higher");
	if (which >= 0)
		c->plan->better = which ? BETTER_HIGHER : BETTER_LOWER;
}

/* `registered`: the digest of the plan as published before the data, 64
 * lower-case hex digits; compared with the plan once all of it is read. */
static void read_registered(plan_ctx *c, const ini_section *s,
			    const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	size_t n = strlen(v);
	bool hex = n == 64;

	(void)s;
	for (size_t i = 0; hex && i < n; i++)
		hex = (v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f');
	if (!hex) {
		value_error(c, k, "registered must be the 64 lower-case hex "
			    "digits of a plan digest ('%s')", quoted(v));
	} else {
		memcpy(c->registered, v, 65);
	}
	g_free(v);
}

static void read_service(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	value_text(c, s, k, true, &c->plan->service);
}

/* A yes/no key into *OUT; anything else is reported. */
static void read_yes_no(plan_ctx *c, const ini_section *s, const ini_key *k,
			bool *out)
{
	int which = value_choice(c, s, k, "yes", "no");
	if (which >= 0)
		*out = which == 0;
}

static void read_synthetic(plan_ctx *c, const ini_section *s,
			   const ini_key *k)
{
	read_yes_no(c, s, k, &c->plan->synthetic);
}

/* `decimal`: "point", or "language" (the default). */
static void read_decimal(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);

	(void)s;
	if (strcmp(v, "point") == 0 || strcmp(v, "language") == 0)
		c->plan->decimal_point = strcmp(v, "point") == 0;
	else
		value_error(c, k, "decimal must be point or language ('%s')",
			    quoted(v));
	g_free(v);
}

static void read_allow_negative(plan_ctx *c, const ini_section *s,
				const ini_key *k)
{
	g_ptr_array_add(c->v2_keys, (gpointer)k);
	read_yes_no(c, s, k, &c->plan->allow_negative);
}

/* `capture` (format 2): csv (the default) or capframex. */
static void read_capture(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	int which = value_choice(c, s, k, "csv", "capframex");

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	if (which >= 0)
		c->plan->capture = which ? CAPTURE_CAPFRAMEX : CAPTURE_CSV;
}

static void read_shared_files(plan_ctx *c, const ini_section *s,
			      const ini_key *k)
{
	g_ptr_array_add(c->v2_keys, (gpointer)k);
	read_yes_no(c, s, k, &c->plan->shared_files);
}

/* One item of `looks`, V[A..B), at column COL: a whole number of blocks
 * from PLAN_MIN_LOOK to PLAN_MAX_LOOK, above the look before it. */
static bool look_item(plan_ctx *c, const ini_key *k, const char *v, size_t a,
		      size_t b, unsigned long *out)
{
	char item[24];
	uint64_t n;
	study_plan *p = c->plan;
	size_t col = k->vcol + a;

	if (b - a >= sizeof item) {
		value_error(c, k, "looks: '%s' is not a number of blocks",
			    diag_quote(v + a, b - a));
		return false;
	}
	memcpy(item, v + a, b - a);
	item[b - a] = '\0';
	if (!digits_parse(item, PLAN_MAX_LOOK, &n) || n < PLAN_MIN_LOOK) {
		diag_error(c->d, c->file, k->line, col, "looks: each look is "
			   "a number of blocks from %lu (no verdict is made "
			   "from fewer pairs) to %lu ('%s')", PLAN_MIN_LOOK,
			   PLAN_MAX_LOOK, quoted(item));
		return false;
	}
	if (p->n_looks > 0 && n <= p->looks[p->n_looks - 1]) {
		diag_error(c->d, c->file, k->line, col, "looks must be "
			   "ascending: %s does not come after %lu",
			   quoted(item), p->looks[p->n_looks - 1]);
		return false;
	}
	*out = (unsigned long)n;
	return true;
}

/* looks = 10;20;30;40: the blocks per series at which the data may be
 * judged, the last being the maximum (format 2). */
static void read_looks(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	size_t len = strlen(v), i = 0;
	study_plan *p = c->plan;
	bool ok = true;

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	p->n_looks = 0;
	while (ok) {
		const char *semi = memchr(v + i, ';', len - i);
		size_t end = semi ? (size_t)(semi - v) : len;
		unsigned long n;

		if (p->n_looks == PLAN_MAX_LOOKS) {
			diag_error(c->d, c->file, k->line, k->vcol + i,
				   "looks: at most %d looks", PLAN_MAX_LOOKS);
			ok = false;
		} else if ((ok = look_item(c, k, v, i, end, &n))) {
			p->looks[p->n_looks++] = n;
		}
		if (!semi)
			break;
		i = end + 1;
	}
	if (!ok)
		p->n_looks = 0;
	g_free(v);
}

static void read_boundary(plan_ctx *c, const ini_section *s,
			  const ini_key *k)
{
	gchar *v = value_raw(c, s, k);

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	c->boundary_key = k;
	if (!look_boundary_parse(v, &c->plan->boundary))
		value_error(c, k, "boundary must be obrien-fleming, pocock or "
			    "bonferroni ('%s')", quoted(v));
	g_free(v);
}

/* Tells what rowfilter's parse of K's value said: a fault at its place
 * in the value, any other failure as the reading's.  True on PB_OK. */
static bool rowfilter_parsed(plan_ctx *c, const ini_key *k, pb_status st,
			     const rowfilter_fault *f)
{
	if (st == PB_DATAERR)
		diag_error(c->d, c->file, k->line, k->vcol + f->at, "%s",
			   f->what);
	else if (st != PB_OK)
		c->fail = st;
	return st == PB_OK;
}

/* filter = COLUMN == VALUE [AND ...] (format 2, ingest/rowfilter.h). */
static void read_filter(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	rowfilter_fault f;
	study_plan *p = c->plan;
	pb_status st;

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	if (text_has_control(c, s, k)) {
		g_free(v);
		return;
	}
	rowfilter_free_conditions(p->filter, p->n_filter);
	st = rowfilter_parse(v, &p->filter, &p->n_filter, &f);
	if (rowfilter_parsed(c, k, st, &f)) {
		GString *text = g_string_new(NULL);

		rowfilter_text(text, p->filter, p->n_filter, false);
		text_seen(c, text->str, k->line, k->vcol);
		g_string_free(text, TRUE);
	}
	g_free(v);
}

/* missing = NA[;...]: the texts of the column that mean "no value". */
static void read_missing(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	rowfilter_fault f;
	study_plan *p = c->plan;
	pb_status st;

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	if (text_has_control(c, s, k)) {
		g_free(v);
		return;
	}
	rowfilter_free_tokens(p->missing, p->n_missing);
	st = rowfilter_tokens_parse(v, &p->missing, &p->n_missing, &f);
	rowfilter_parsed(c, k, st, &f);
	for (size_t i = 0; i < p->n_missing; i++)
		text_seen(c, p->missing[i], k->line, k->vcol);
	g_free(v);
}

/* missing_limit = 5% | 0.05: the largest share of a run's kept rows that
 * may be missing. */
static void read_missing_limit(plan_ctx *c, const ini_section *s,
			       const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	rowfilter_fault f;

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	if (rowfilter_limit_parse(v, &c->plan->missing_limit, &f))
		c->missing_limit_given = true;
	else
		value_error(c, k, "%s", f.what);
	g_free(v);
}

static void read_statistic(plan_ctx *c, const ini_section *s,
			   const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	if (!stat_spec_parse(v, &c->plan->statistic))
		value_error(c, k, "statistic must be pNN, pNN.N, mean, median "
			    "or max ('%s')", quoted(v));
	g_free(v);
}

/* reference and states are read once all of [study] is, since how a state
 * is written depends on state_type, which may come later in the file. */
static void read_reference(plan_ctx *c, const ini_section *s,
			   const ini_key *k)
{
	(void)s;
	c->reference_key = k;
}

static void read_resamples(plan_ctx *c, const ini_section *s,
			   const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	uint64_t n;

	if (strcmp(v, "exact") == 0) {
		c->plan->resamples_exact = true;
		c->plan->resamples = 0;
	} else if (digits_parse(v, PLAN_MAX_RESAMPLES, &n)
		   && n >= PLAN_MIN_RESAMPLES) {
		c->plan->resamples_exact = false;
		c->plan->resamples = (unsigned long)n;
	} else {
		value_error(c, k, "resamples must be an integer from %lu to "
			    "%lu, or exact ('%s')", PLAN_MIN_RESAMPLES,
			    PLAN_MAX_RESAMPLES, quoted(v));
	}
	g_free(v);
}

static void read_seed(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	gchar *v = value_raw(c, s, k);
	uint64_t n;

	if (digits_parse(v, UINT32_MAX, &n))
		c->plan->seed = (uint32_t)n;
	else
		value_error(c, k, "seed must be an integer 0..4294967295 "
			    "('%s')", quoted(v));
	g_free(v);
}

static void read_interval(plan_ctx *c, const ini_section *s,
			  const ini_key *k)
{
	gchar *v = value_raw(c, s, k);

	if (!interval_method_parse(v, &c->plan->interval))
		value_error(c, k, "interval must be percentile, bca, t, "
			    "expanded or studentized ('%s')", quoted(v));
	g_free(v);
}

static void read_states(plan_ctx *c, const ini_section *s, const ini_key *k)
{
	(void)s;
	c->states_key = k;
}

/* Parses one state of the plan, TEXT[0..LEN), written at LINE:COL, as the
 * plan's state_type says; WHAT starts a message about a bad number, NAMED
 * one about a bad name.  A named state gets TEXT as its text. */
static bool plan_state_parse(plan_ctx *c, const char *what,
			     const char *named, size_t line, size_t col,
			     const char *text, size_t len, pb_state *out)
{
	size_t at = 0;
	pb_name_fault f;

	if (c->plan->state_type == PB_STATE_NUMBER) {
		if (pb_state_parse(text, len, out))
			return true;
		diag_error(c->d, c->file, line, col, "%s: missing, 0 to "
			   "4294967295 or 0x0 to 0xFFFFFFFF ('%s')", what,
			   diag_quote(text, len));
		return false;
	}
	f = pb_state_name_check(text, len, &at);
	if (f == PB_NAME_OK) {
		*out = pb_state_name(text);
		return true;
	}
	diag_error(c->d, c->file, line, col + at, "%s %s ('%s')", named,
		   pb_state_name_fault_text(f), diag_quote(text, len));
	return false;
}

/* One item of `states`: its column and where it lies in the value. */
typedef struct state_item {
	size_t col, off, len;
	char *text;          /* a NUL-terminated copy (g_free) */
} state_item;

/* Reports state N of ITEMS when it repeats an earlier one. */
static bool state_repeated(plan_ctx *c, const ini_key *k, const pb_state *st,
			   const state_item *items, size_t n)
{
	size_t dup = n;

	for (size_t j = 0; j < n && dup == n; j++)
		if (pb_state_equal(st[j], st[n]))
			dup = j;
	if (dup == n)
		return false;
	if (st[n].named)
		diag_error(c->d, c->file, k->line, items[n].col,
			   "state '%s' listed twice in states (first at "
			   "column %zu)", quoted(items[n].text),
			   items[dup].col);
	else
		diag_error(c->d, c->file, k->line, items[n].col,
			   "state '%s' listed twice in states (first as "
			   "'%s' at column %zu)", quoted(items[n].text),
			   quoted(items[dup].text), items[dup].col);
	return true;
}

/* Splits V, the value of K, on ';' into ITEMS (room for one per ';' and
 * one more), each trimmed of blanks.  Returns the number of items, with an
 * empty item reported and *OK cleared. */
static size_t states_split(plan_ctx *c, const ini_key *k, const char *v,
			   state_item *items, bool *ok)
{
	size_t len = strlen(v), n = 0, i = 0;

	for (;;) {
		const char *semi = memchr(v + i, ';', len - i);
		size_t end = semi ? (size_t)(semi - v) : len;
		size_t a = i, b = end;

		while (a < b && (v[a] == ' ' || v[a] == '\t'))
			a++;
		while (b > a && (v[b - 1] == ' ' || v[b - 1] == '\t'))
			b--;
		if (a == b) {
			/* One ';' may end the list, as in GKeyFile lists. */
			if (!semi && i > 0)
				break;
			if (semi || len > 0)
				diag_error(c->d, c->file, k->line, k->vcol + a,
					   "empty state in states");
			*ok = false;
		} else {
			/* Split before unescaping, as the writer escapes each
			 * state and joins them with ';'. */
			GString *name = g_string_new(NULL);
			size_t bad;
			if (!keytext_unescape(name, v + a, b - a, &bad)) {
				diag_error(c->d, c->file, k->line,
					   k->vcol + a + bad, "bad escape "
					   "sequence in states ('%s')",
					   quoted(v));
				*ok = false;
				g_string_free(name, TRUE);
			} else {
				items[n].col = k->vcol + a;
				items[n].off = a;
				items[n].len = name->len;
				items[n].text = g_string_free(name, FALSE);
				n++;
			}
		}
		if (!semi)
			break;
		i = end + 1;
	}
	return n;
}

/* states: the raw value is split on ';' here (rather than with
 * g_key_file_get_string_list) so each item keeps its column.  Blanks
 * around an item are not part of it, so a name cannot start or end with
 * one here. */
static void parse_states(plan_ctx *c, const ini_key *k)
{
	gchar *v = value_raw(c, c->study, k);
	size_t cap = 1, n_items, n = 0;
	pb_state *states;
	state_item *items;
	const char **texts;
	bool ok = true;

	for (const char *p = v; *p; p++)
		cap += *p == ';';
	states = calloc(cap, sizeof *states);
	items = calloc(cap, sizeof *items);
	texts = calloc(cap, sizeof *texts);
	if (!states || !items || !texts) {
		c->fail = PB_NOMEM;
		n_items = 0;
		goto out;
	}
	n_items = states_split(c, k, v, items, &ok);
	if (n_items > PLAN_MAX_STATES) {
		/* Refused before the items are parsed and compared. */
		diag_error(c->d, c->file, k->line, items[PLAN_MAX_STATES].col,
			   "more than %d states (states lists %zu; a study "
			   "may have at most %d)", PLAN_MAX_STATES, n_items,
			   PLAN_MAX_STATES);
		c->states_ok = false;
		goto out;
	}
	for (size_t i = 0; i < n_items; i++) {
		if (!plan_state_parse(c, "bad state in states",
				      "state name in states", k->line,
				      items[i].col, items[i].text,
				      items[i].len, &states[n])) {
			ok = false;
			continue;
		}
		text_seen(c, items[i].text, k->line, items[i].col);
		if (n != i) {
			/* Item N failed: its place takes item I. */
			g_free(items[n].text);
			items[n] = items[i];
			items[i].text = NULL;
		}
		if (state_repeated(c, k, states, items, n)) {
			ok = false;
			g_free(items[n].text);
			items[n].text = NULL;
			continue;
		}
		texts[n] = items[n].text;
		n++;
	}
	if (v[0] == '\0')
		value_error(c, k, "states is empty");
	/* One state leaves nothing to compare it with: refuse the study
	 * here, where the line that declares it is known. */
	if (ok && n == 1) {
		value_error(c, k, "states has one state; a study compares at "
			    "least two");
		ok = false;
	}
	if (ok) {
		free(c->plan->states);
		c->plan->states = states;
		c->plan->n_states = n;
		states = NULL;
		if (study_plan_set_state_text(c->plan, texts) != PB_OK)
			c->fail = PB_NOMEM;
	}
	c->states_ok = ok;
out:
	for (size_t i = 0; i < n_items; i++)
		g_free(items[i].text);
	free(states);
	free(items);
	free(texts);
	g_free(v);
}

/* reference: one of the states; the plan's reference is that state of
 * the list, so it prints as `states` spells it. */
static void parse_reference(plan_ctx *c, const ini_key *k)
{
	gchar *v;
	char num[PB_STATE_BUFSIZE];
	pb_state ref;
	size_t i;

	if (!value_unescaped(c, c->study, k, &v)) {
		c->reference_ok = false;
		return;
	}
	c->reference_ok = plan_state_parse(c, "reference is not a state",
					   "reference", k->line, k->vcol, v,
					   strlen(v), &ref);
	if (!c->reference_ok || !c->states_ok)
		goto out;
	i = study_state_index(c->plan, ref);
	if (i != STUDY_NO_STATE) {
		c->plan->reference = c->plan->states[i];
	} else {
		const char *near = study_state_suggest(c->plan, v, strlen(v));
		c->reference_ok = false;
		if (near)
			value_error(c, k, "reference state '%s' is not listed "
				    "in states; did you mean '%s'?", quoted(v),
				    quoted(near));
		else if (ref.named)
			value_error(c, k, "reference state '%s' is not listed "
				    "in states", quoted(v));
		else
			value_error(c, k, "reference state %s is not listed in "
				    "states", pb_state_format(ref, num,
							      sizeof num));
	}
out:
	g_free(v);
}

typedef struct key_def {
	const char *name;
	bool required;
	key_reader read;
} key_def;

static const key_def study_keys[] = {
	{ "format", true, read_format },
	{ "title", true, read_title },
	{ "build", true, read_build },
	{ "platform", false, read_platform },
	{ "column", true, read_column },
	{ "scale", true, read_scale },
	{ "unit", true, read_unit },
	{ "better", true, read_better },
	{ "statistic", true, read_statistic },
	{ "reference", true, read_reference },
	{ "threshold", true, read_threshold },
	{ "confidence", true, read_confidence },
	{ "resamples", true, read_resamples },
	{ "seed", true, read_seed },
	{ "interval", false, read_interval },
	{ "states", true, read_states },
	{ "service", false, read_service },
	{ "synthetic", false, read_synthetic },
	{ "decimal", false, read_decimal },
	{ "registered", false, read_registered },
	{ "allow_negative", false, read_allow_negative },
	{ "state_type", false, read_state_type },
	{ "shared_files", false, read_shared_files },
	{ "capture", false, read_capture },
	{ "looks", false, read_looks },
	{ "boundary", false, read_boundary },
	{ "metric", false, read_metric },
	{ "filter", false, read_filter },
	{ "missing", false, read_missing },
	{ "missing_limit", false, read_missing_limit },
};
#define N_STUDY_KEYS (sizeof study_keys / sizeof study_keys[0])

/* ------------------------------------------------------------------ */
/* The keys of [series ID] */

/* The rule keys come last: read_rule takes them from WHERE[SK_DISABLES]
 * on. */
enum { SK_KIND, SK_LABEL, SK_NOTE, SK_DISABLES, SK_VALID, SK_OUTSIDE,
       SK_MULTIPLE };

static const key_def series_keys[] = {
	[SK_KIND] = { "kind", true, NULL },
	[SK_LABEL] = { "label", false, NULL },
	[SK_NOTE] = { "note", false, NULL },
	[SK_DISABLES] = { "disables", false, NULL },
	[SK_VALID] = { "valid", false, NULL },
	[SK_OUTSIDE] = { "outside", false, NULL },
	[SK_MULTIPLE] = { "multiple", false, NULL },
};
#define N_SERIES_KEYS (sizeof series_keys / sizeof series_keys[0])

/* ------------------------------------------------------------------ */
/* Unknown keys */

/* The known key nearest to NAME when it is close enough to be a typo
 * (distance at most 2, and less than NAME's length so that short keys do
 * not match anything), else NULL. */
static const char *key_suggest(const char *name, const key_def *defs,
			       size_t n)
{
	const char *names[N_STUDY_KEYS > N_SERIES_KEYS ? N_STUDY_KEYS
						       : N_SERIES_KEYS];
	size_t best;

	for (size_t i = 0; i < n && i < sizeof names / sizeof names[0]; i++)
		names[i] = defs[i].name;
	best = suggest_nearest(name, strlen(name), names, n, 2);
	return best < n ? defs[best].name : NULL;
}

static void report_unknown_key(plan_ctx *c, const ini_key *k,
			       const key_def *defs, size_t n)
{
	const char *hint;
	size_t len = strlen(k->name);

	if (len > 2 && k->name[len - 1] == ']' && strchr(k->name, '[')) {
		diag_error(c->d, c->file, k->line, k->col,
			   "unknown key '%s' (only title, platform, metric, "
			   "label and note may be given per language)",
			   quoted(k->name));
		return;
	}
	hint = key_suggest(k->name, defs, n);
	if (hint)
		diag_error(c->d, c->file, k->line, k->col,
			   "unknown key '%s'; did you mean '%s'?",
			   quoted(k->name), hint);
	else
		diag_error(c->d, c->file, k->line, k->col,
			   "unknown key '%s'", quoted(k->name));
}

/* Index of NAME in DEFS, or -1. */
static int key_lookup(const char *name, const key_def *defs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, defs[i].name) == 0)
			return (int)i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* Localized keys: title[de] */

/* Where the localized forms of the keys of a section were written:
 * l10n[i][l] is DEFS[i] in plan_text_langs[l], or NULL. */
typedef const ini_key *l10n_where[PLAN_TEXT_LANGS];

/* The keys that may also be given per language: title, platform and
 * metric of [study], label and note of [series ID]. */
static bool key_localizable(const char *name)
{
	return strcmp(name, "title") == 0 || strcmp(name, "platform") == 0
	       || strcmp(name, "metric") == 0
	       || strcmp(name, "label") == 0 || strcmp(name, "note") == 0;
}

/* When K is NAME[TAG] for a key NAME of DEFS that may be localized: true,
 * with *DEF its index and *LANG the index of TAG in plan_text_langs, or -1
 * (reported here) when TAG is no language study text may be given in.
 * False for any other key. */
static bool localized_key(plan_ctx *c, const ini_key *k, const key_def *defs,
			  size_t n, int *def, int *lang)
{
	const char *open = strchr(k->name, '[');
	size_t len = strlen(k->name), base_len, tag_len;
	char base[32];

	if (!open || k->name[len - 1] != ']')
		return false;
	base_len = (size_t)(open - k->name);
	tag_len = len - base_len - 2;
	if (base_len >= sizeof base)
		return false;
	memcpy(base, k->name, base_len);
	base[base_len] = '\0';
	*def = key_lookup(base, defs, n);
	if (*def < 0 || !key_localizable(base))
		return false;
	*lang = -1;
	for (int l = 0; l < PLAN_TEXT_LANGS; l++)
		if (strlen(plan_text_langs[l]) == tag_len
		    && memcmp(plan_text_langs[l], open + 1, tag_len) == 0)
			*lang = l;
	if (*lang < 0)
		diag_error(c->d, c->file, k->line, k->col, "unknown language "
			   "'%s' in '%s' (study text may be given in de, cs "
			   "and ko)", diag_quote(open + 1, tag_len),
			   quoted(k->name));
	return true;
}

/* Reads the localized forms WHERE of a text key into DEST, each
 * replacing what was there; NONEMPTY as for value_text. */
static void read_l10n(plan_ctx *c, const ini_section *s,
		      const l10n_where where, bool nonempty, plan_l10n *dest)
{
	for (int l = 0; l < PLAN_TEXT_LANGS; l++)
		if (where[l])
			value_text(c, s, where[l], nonempty, &dest->in[l]);
}

/* Keys that format 1 does not know are refused there, at their own
 * line, once the whole file (and so `format`) has been read. */
static void format_gate(plan_ctx *c)
{
	if (c->plan->format != 1)
		return;
	for (guint i = 0; i < c->v2_keys->len; i++) {
		const ini_key *k = g_ptr_array_index(c->v2_keys, i);
		diag_error(c->d, c->file, k->line, k->col,
			   "`%s` needs format = 2", quoted(k->name));
	}
}

/* Notes the localized key K (the J-th of S) and, when its value can be
 * trusted, where it is (*AT). */
static void localized_found(plan_ctx *c, const ini_section *s,
			    const ini_key *k, size_t j, const ini_key **at,
			    bool with_values)
{
	bool repeated_later = false;

	g_ptr_array_add(c->v2_keys, (gpointer)k);
	for (size_t m = j + 1; m < s->n_keys; m++)
		repeated_later |= strcmp(s->keys[m].name, k->name) == 0;
	if (with_values && !repeated_later)
		*at = k;
}

/* Walks the keys of section S in file order: reports unknown and repeated
 * keys, sets SEEN[i] for each key of DEFS present and, when WITH_VALUES, for
 * each known key whose value can be trusted, stores it in WHERE[i] (when
 * WHERE is not NULL) and reads it with the key's reader (when it has one;
 * otherwise the caller reads it through WHERE).  Localized forms of the
 * keys go to L10N in the same way (NULL: the section has none). */
static void section_keys(plan_ctx *c, const ini_section *s,
			 const key_def *defs, size_t n, bool *seen,
			 const ini_key **where, l10n_where *l10n,
			 bool with_values)
{
	for (size_t j = 0; j < s->n_keys; j++) {
		const ini_key *k = &s->keys[j];
		int def = key_lookup(k->name, defs, n);
		bool repeated_later = false;
		size_t earlier = SIZE_MAX;

		for (size_t m = 0; m < j && earlier == SIZE_MAX; m++)
			if (strcmp(s->keys[m].name, k->name) == 0)
				earlier = m;
		if (earlier != SIZE_MAX) {
			diag_error(c->d, c->file, k->line, k->col,
				   "key '%s' given twice in [%s] (first at "
				   "line %zu)", quoted(k->name),
				   diag_quote(s->name, strlen(s->name)),
				   s->keys[earlier].line);
			continue;
		}
		if (def < 0) {
			int lang;
			if (!l10n || !localized_key(c, k, defs, n, &def, &lang))
				report_unknown_key(c, k, defs, n);
			else if (lang >= 0)
				localized_found(c, s, k, j, &l10n[def][lang],
						with_values);
			continue;
		}
		seen[def] = true;
		for (size_t m = j + 1; m < s->n_keys; m++)
			repeated_later |= strcmp(s->keys[m].name, k->name) == 0;
		/* GKeyFile kept only the last of repeated keys: the value it
		 * gives is not the one written here. */
		if (!with_values || repeated_later)
			continue;
		if (where)
			where[def] = k;
		if (defs[def].read)
			defs[def].read(c, s, k);
	}
}

static void report_missing(plan_ctx *c, const ini_section *s,
			   const key_def *defs, size_t n, const bool *seen)
{
	for (size_t i = 0; i < n; i++)
		if (defs[i].required && !seen[i])
			diag_error(c->d, c->file, s->line, 0,
				   "[%s] has no key '%s'",
				   diag_quote(s->name, strlen(s->name)),
				   defs[i].name);
}

/* ------------------------------------------------------------------ */
/* Sections */

/* The place of the [study] key NAME in study_keys, found by name so that
 * a key added anywhere in the table moves nothing. */
static size_t study_key(const char *name)
{
	int i = key_lookup(name, study_keys, N_STUDY_KEYS);

	assert(i >= 0);
	return (size_t)i;
}

_Static_assert(N_STUDY_KEYS == PLAN_STUDY_KEYS,
	       "study.h's PLAN_STUDY_KEYS counts the keys of [study]");

/* Records where each key of WHERE was written, in study_keys order, so that
 * later stages can point at a setting (a plan compared with another). */
static void record_key_positions(study_plan *p, const ini_key *const *where)
{
	size_t n = 0;

	for (size_t i = 0; i < N_STUDY_KEYS; i++) {
		if (!where[i])
			continue;
		p->key_at[n].key = study_keys[i].name;
		p->key_at[n].line = where[i]->line;
		p->key_at[n].col = where[i]->vcol;
		n++;
	}
}

/* Looks are judged with the Student t interval or the bootstrap-t only:
 * the percentile, BCa and expanded intervals of a few pairs cannot widen
 * to a look's level (they end at the smallest and largest difference),
 * and sequential designs judged with them erred in up to 15% of normal
 * studies where 5% was promised (bench/seqbench, docs/statistics.md).
 * Said at `interval`, or at `looks` when the percentile default was
 * left unsaid. */
static void looks_method(plan_ctx *c, const ini_section *s,
			 const ini_key *interval)
{
	interval_method m = c->plan->interval;
	const ini_key *at = interval;

	(void)s;
	if (m == INTERVAL_T || m == INTERVAL_STUDENTIZED)
		return;
	for (guint i = 0; !at && i < c->v2_keys->len; i++) {
		const ini_key *k = g_ptr_array_index(c->v2_keys, i);
		if (strcmp(k->name, "looks") == 0)
			at = k;
	}
	if (!at)
		return;
	diag_error(c->d, c->file, at->line, interval ? at->vcol : at->col,
		   "looks need interval = t or studentized: a %s interval of "
		   "a few pairs cannot widen to a look's level, and such "
		   "designs erred well above 1 - confidence "
		   "(docs/statistics.md, sequential designs)%s",
		   interval_method_name(m),
		   interval ? "" : "; interval is percentile when not given");
}

static void read_study(plan_ctx *c, const ini_section *s)
{
	bool seen[N_STUDY_KEYS] = { false };
	const ini_key *where[N_STUDY_KEYS] = { NULL };
	l10n_where l10n[N_STUDY_KEYS] = { { NULL } };

	section_keys(c, s, study_keys, N_STUDY_KEYS, seen, where, l10n,
		     !s->merged);
	if (s->merged)
		return;
	report_missing(c, s, study_keys, N_STUDY_KEYS, seen);
	record_key_positions(c->plan, where);
	read_l10n(c, s, l10n[study_key("title")], true, &c->plan->title_l10n);
	read_l10n(c, s, l10n[study_key("platform")], false,
		  &c->plan->platform_l10n);
	read_l10n(c, s, l10n[study_key("metric")], true, &c->plan->metric_l10n);
	c->study = s;
	/* With a bad state_type, judging the states by either rule would
	 * only add errors that follow from the first. */
	if (c->states_key && !c->state_type_bad)
		parse_states(c, c->states_key);
	if (c->reference_key && !c->state_type_bad)
		parse_reference(c, c->reference_key);
	if (c->boundary_key && !where[study_key("looks")])
		diag_error(c->d, c->file, c->boundary_key->line,
			   c->boundary_key->col, "boundary needs looks: it "
			   "says how a sequential design spends its error");
	if (where[study_key("missing_limit")] && !seen[study_key("missing")])
		diag_error(c->d, c->file, where[study_key("missing_limit")]->line,
			   where[study_key("missing_limit")]->col, "missing_limit "
			   "needs missing: it limits the rows that hold one of "
			   "its tokens");
	else if (c->plan->n_missing > 0 && !c->missing_limit_given)
		c->plan->missing_limit = PLAN_MISSING_LIMIT_DEFAULT;
	/* A CapFrameX capture holds one process's frames as numbers: there
	 * is no row to filter and no token to declare. */
	if (c->plan->capture == CAPTURE_CAPFRAMEX)
		for (size_t i = 0; i < 2; i++) {
			const ini_key *k = where[study_key(i ? "missing"
							       : "filter")];
			if (k)
				diag_error(c->d, c->file, k->line, k->col,
					   "%s is for CSV captures; a "
					   "CapFrameX capture (capture = "
					   "capframex) has no rows of other "
					   "processes and no missing-value "
					   "tokens", k->name);
		}
	/* Format 1 refuses looks themselves (format_gate). */
	if (c->plan->n_looks > 0 && c->plan->format >= 2)
		looks_method(c, s, where[study_key("interval")]);
}

/* ------------------------------------------------------------------ */
/* The value rule of a boundary series */

/* Keys that format 1 does not have: format_gate refuses them there. */
static void format2_only(plan_ctx *c, const ini_key *k)
{
	g_ptr_array_add(c->v2_keys, (gpointer)k);
}

/* A written value of a rule: decimal or 0x hex, 0 to 4294967295, as
 * states are written, but never `missing`. */
static bool rule_value_parse(const char *v, size_t len, uint32_t *out)
{
	pb_state st;

	if (!pb_state_parse(v, len, &st) || st.missing)
		return false;
	*out = st.value;
	return true;
}

static bool rule_value(plan_ctx *c, const ini_section *s, const ini_key *k,
		       uint32_t *out)
{
	gchar *v = value_raw(c, s, k);
	bool ok = rule_value_parse(v, strlen(v), out);

	if (!ok)
		value_error(c, k, "%s must be a value 0 to 4294967295 or 0x0 "
			    "to 0xFFFFFFFF ('%s')", k->name, quoted(v));
	g_free(v);
	return ok;
}

/* valid = LOW..HIGH, both written values, LOW <= HIGH. */
static bool rule_range(plan_ctx *c, const ini_section *s, const ini_key *k,
		       value_rule *rule)
{
	gchar *v = value_raw(c, s, k);
	const char *dots = strstr(v, "..");
	bool ok = dots
		  && rule_value_parse(v, (size_t)(dots - v), &rule->valid_lo)
		  && rule_value_parse(dots + 2, strlen(dots + 2),
				      &rule->valid_hi)
		  && rule->valid_lo <= rule->valid_hi;

	if (!ok)
		value_error(c, k, "valid must be LOW..HIGH, two values 0 to "
			    "4294967295 with LOW <= HIGH ('%s')", quoted(v));
	g_free(v);
	return ok;
}

/* Reads the rule keys WHERE[SK_DISABLES..SK_MULTIPLE] of section S into
 * SD's rule; they belong to boundary series only. */
static void read_rule(plan_ctx *c, const ini_section *s, series_def *sd,
		      const ini_key *const *where)
{
	value_rule *rule = &sd->rule;
	bool ok = true, any = false;

	for (int i = SK_DISABLES; i <= SK_MULTIPLE; i++) {
		if (!where[i])
			continue;
		any = true;
		format2_only(c, where[i]);
		if (!c->rule_key)
			c->rule_key = where[i];
		if (sd->kind != SERIES_BOUNDARY) {
			diag_error(c->d, c->file, where[i]->line, where[i]->col,
				   "%s is only for a boundary series (kind = "
				   "boundary)", where[i]->name);
			ok = false;
		}
	}
	/* Under format 1 the keys are refused as a whole (format1_refuse),
	 * so their values are not judged too. */
	if (!any || !ok || c->plan->format == 1)
		return;
	rule->multiple = 1;
	if (where[SK_DISABLES])
		rule->has_disables = ok &= rule_value(c, s, where[SK_DISABLES],
						      &rule->disables);
	if (where[SK_VALID])
		rule->has_valid = ok &= rule_range(c, s, where[SK_VALID], rule);
	if (where[SK_OUTSIDE])
		ok &= rule_value(c, s, where[SK_OUTSIDE], &rule->outside);
	if (where[SK_MULTIPLE] && rule_value(c, s, where[SK_MULTIPLE],
					     &rule->multiple)
	    && rule->multiple == 0) {
		value_error(c, where[SK_MULTIPLE], "multiple must be at least "
			    "1 ('0')");
		ok = false;
	}
	if (where[SK_VALID] && !where[SK_OUTSIDE]) {
		diag_error(c->d, c->file, where[SK_VALID]->line,
			   where[SK_VALID]->col, "valid needs outside: the value "
			   "that a written value outside the range becomes");
		ok = false;
	} else if (where[SK_OUTSIDE] && !where[SK_VALID]) {
		diag_error(c->d, c->file, where[SK_OUTSIDE]->line,
			   where[SK_OUTSIDE]->col, "outside needs valid: the "
			   "range of values the setting uses");
		ok = false;
	}
	rule->declared = ok;
}

/* Reads [series ID] section S into a new entry of the plan's series.  Sets
 * *LATENCY when its kind is latency, *BAD_KIND when the kind is wrong. */
static void read_series(plan_ctx *c, const ini_section *s, const char *id,
			bool *latency, bool *bad_kind)
{
	bool seen[N_SERIES_KEYS] = { false };
	const ini_key *where[N_SERIES_KEYS] = { NULL };
	l10n_where l10n[N_SERIES_KEYS] = { { NULL } };
	study_plan *p = c->plan;
	series_def *sd;
	size_t cap = p->n_series;
	bool kind_ok = false;

	section_keys(c, s, series_keys, N_SERIES_KEYS, seen, where, l10n,
		     !s->merged);
	if (s->merged) {
		*bad_kind = true;
		return;
	}
	report_missing(c, s, series_keys, N_SERIES_KEYS, seen);
	if (p->n_series == PLAN_MAX_SERIES) {
		diag_error(c->d, c->file, s->line, s->col, "more than %d "
			   "series (a study may have at most %d)",
			   PLAN_MAX_SERIES, PLAN_MAX_SERIES);
		*bad_kind = true;
		return;
	}
	/* The plan's array grows one at a time: a study has few series. */
	sd = realloc(p->series, (cap + 1) * sizeof *p->series);
	if (!sd) {
		c->fail = PB_NOMEM;
		return;
	}
	p->series = sd;
	sd = &p->series[p->n_series++];
	memset(sd, 0, sizeof *sd);
	sd->id = strutil_dup(id);
	if (!sd->id) {
		c->fail = PB_NOMEM;
		return;
	}
	/* The ID names the series where it has no label ("Series ID"); the
	 * ID starts after "[series ". */
	text_seen(c, sd->id, s->line, s->col + 8);
	if (where[SK_KIND]) {
		gchar *v = value_raw(c, s, where[SK_KIND]);
		if (series_kind_parse(v, &sd->kind)) {
			kind_ok = true;
			if (sd->kind == SERIES_CONTROL && !c->control_key)
				c->control_key = where[SK_KIND];
			*latency |= sd->kind == SERIES_LATENCY;
		} else {
			value_error(c, where[SK_KIND], "kind must be latency, "
				    "mechanism, boundary or control ('%s')",
				    quoted(v));
			*bad_kind = true;
		}
		g_free(v);
	} else {
		*bad_kind = true;
	}
	/* Without a label, the name depends on the format, which may come
	 * later in the file: series_default_labels gives it. */
	if (where[SK_LABEL])
		value_text(c, s, where[SK_LABEL], true, &sd->label);
	sd->label_default = !where[SK_LABEL];
	if (where[SK_NOTE])
		value_text(c, s, where[SK_NOTE], false, &sd->note);
	read_l10n(c, s, l10n[SK_LABEL], true, &sd->label_l10n);
	read_l10n(c, s, l10n[SK_NOTE], false, &sd->note_l10n);
	if (kind_ok)
		read_rule(c, s, sd, where);
}

/* The English name of a series without a label: "Series ID" in format 1
 * (as before there were kinds of default); in format 2 a latency series
 * is still "Series ID", the others are named by their kind. */
static void series_default_labels(plan_ctx *c)
{
	static const char *const by_kind[] = {
		[SERIES_MECHANISM] = "Mechanism check",
		[SERIES_BOUNDARY] = "Boundary values",
		[SERIES_CONTROL] = "Control boot",
	};
	study_plan *p = c->plan;

	for (size_t k = 0; k < p->n_series; k++) {
		series_def *sd = &p->series[k];
		if (!sd->label_default || sd->label)
			continue;
		if (p->format >= 2 && sd->kind != SERIES_LATENCY) {
			sd->label = strutil_dup(by_kind[sd->kind]);
		} else {
			size_t n = strlen(sd->id) + sizeof "Series ";
			sd->label = malloc(n);
			if (sd->label)
				snprintf(sd->label, n, "Series %s", sd->id);
		}
		if (!sd->label)
			c->fail = PB_NOMEM;
	}
}

/* A series ID is what runs.csv refers to: printable, without blanks. */
static bool series_id_ok(const char *id)
{
	if (!*id)
		return false;
	for (const unsigned char *p = (const unsigned char *)id; *p; p++)
		if (*p <= ' ' || *p == 0x7F)
			return false;
	return true;
}

static void validate(plan_ctx *c, const ini_index *ix)
{
	bool have_study = false, latency = false, bad_kind = false;

	for (size_t i = 0; i < ix->n; i++) {
		const ini_section *s = &ix->sec[i];
		const char *name = s->name;

		if (s->first != i) {
			diag_error(c->d, c->file, s->line, s->col,
				   "section [%s] given twice (first at line "
				   "%zu)", quoted(name),
				   ix->sec[s->first].line);
			continue;
		}
		if (strcmp(name, "study") == 0) {
			have_study = true;
			read_study(c, s);
		} else if (strncmp(name, "series ", 7) == 0
			   && series_id_ok(name + 7)) {
			read_series(c, s, name + 7, &latency, &bad_kind);
		} else if (strncmp(name, "series", 6) == 0
			   && (name[6] == '\0' || name[6] == ' ')) {
			diag_error(c->d, c->file, s->line, s->col,
				   "bad series ID '%s' (it must not be empty "
				   "or hold blanks)", quoted(name + 6 +
							     (name[6] != 0)));
			bad_kind = true;
		} else {
			diag_error(c->d, c->file, s->line, s->col,
				   "unknown section [%s] (expected [study] "
				   "or [series ID])", quoted(name));
		}
		if (c->fail != PB_OK)
			return;
	}
	series_default_labels(c);
	format_gate(c);
	/* A rule speaks of written numbers (rounded down, normalized): a
	 * study of named states has none. */
	/* A control boot's log reports the registry value it restored, a
	 * number: it cannot tell a named state. */
	if (c->control_key && c->plan->state_type == PB_STATE_NAME)
		diag_error(c->d, c->file, c->control_key->line,
			   c->control_key->col, "kind = control needs number "
			   "states (state_type = number): a control boot "
			   "reports the registry value as a number");
	if (c->rule_key && c->plan->state_type == PB_STATE_NAME)
		diag_error(c->d, c->file, c->rule_key->line, c->rule_key->col,
			   "%s needs number states (state_type = number): a "
			   "value rule judges written numbers",
			   c->rule_key->name);
	study_plan_format1_rules(c->plan);
	if (!have_study)
		diag_error(c->d, c->file, 0, 0, "no [study] section");
	if (!latency && !bad_kind)
		diag_error(c->d, c->file, 0, 0, "no latency series (a [series "
			   "ID] section with kind = latency)");
}

/* ------------------------------------------------------------------ */
/* Entry points */

/* Computes the plan's digest and holds it against `registered`: a plan
 * changed after it was published is refused, at the `registered` line. */
static pb_status check_registered(plan_ctx *c)
{
	study_plan *p = c->plan;
	pb_status st = plantext_digest(p, p->digest);

	if (st != PB_OK || c->registered[0] == '\0')
		return st;
	if (strcmp(c->registered, p->digest) != 0) {
		size_t line, col;

		study_plan_key_position(p, "registered", &line, &col);
		diag_error(c->d, c->file, line, col, "the analysis plan "
			   "differs from the registered one: a key that decides "
			   "the numbers was changed after registration "
			   "(registered %s, the plan now gives %s)",
			   c->registered, p->digest);
		return PB_OK;
	}
	p->registered = true;
	return PB_OK;
}

pb_status study_ini_read_buffer(const char *buf, size_t len,
				const char *display, diag *d, study_plan *out)
{
	size_t errors = diag_errors(d), over, over_col;
	ini_index ix = { NULL, 0, 0 };
	plan_ctx c;
	GKeyFile *kf;
	GError *err = NULL;
	pb_status st;

	memset(out, 0, sizeof *out);
	out->interval = INTERVAL_PERCENTILE;
	/* Editors on Windows may start the file with a byte order mark. */
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	if (len > PLAN_MAX_BYTES) {
		diag_error(d, display, 0, 0, "file too large (more than %d "
			   "bytes)", PLAN_MAX_BYTES);
		return PB_DATAERR;
	}
	if (!keyindex_text_check(buf, len, display, d))
		return PB_DATAERR;
	/* A flood of sections is refused before GKeyFile and the checks
	 * below spend time on each. */
	over = keyindex_section_over(buf, len, PLAN_MAX_SECTIONS, &over_col);
	if (over) {
		diag_error(d, display, over, over_col, "more than %d sections "
			   "(a study has [study] and at most %d series)",
			   PLAN_MAX_SECTIONS, PLAN_MAX_SERIES);
		return PB_DATAERR;
	}
	kf = g_key_file_new();
	/* Without KEEP_TRANSLATIONS, GKeyFile would drop the localized keys
	 * (title[de]) of every language but the process locale's. */
	if (len > 0 && !g_key_file_load_from_data(kf, buf, len,
						  G_KEY_FILE_KEEP_TRANSLATIONS,
						  &err)) {
		keyindex_report_syntax(buf, len, display, d, err);
		g_error_free(err);
		g_key_file_free(kf);
		return PB_DATAERR;
	}
	st = keyindex_build(buf, len, &ix);
	if (st == PB_OK) {
		memset(&c, 0, sizeof c);
		c.file = display;
		c.d = d;
		c.kf = kf;
		c.plan = out;
		out->texts_file = strutil_dup(display);
		if (!out->texts_file)
			c.fail = PB_NOMEM;
		c.v2_keys = g_ptr_array_new();
		validate(&c, &ix);
		g_ptr_array_free(c.v2_keys, TRUE);
		st = c.fail;
		if (st == PB_OK && diag_errors(d) == errors)
			st = check_registered(&c);
	}
	keyindex_free(&ix);
	g_key_file_free(kf);
	if (st == PB_OK && diag_errors(d) > errors)
		st = PB_DATAERR;
	if (st != PB_OK) {
		if (st != PB_DATAERR)
			diag_fail(d, st);
		study_plan_free(out);
	}
	return st;
}

pb_status study_ini_read_file(const char *path, const char *display, diag *d,
			      study_plan *out)
{
	FILE *f;
	char *buf;
	size_t len;
	pb_status st;

	memset(out, 0, sizeof *out);
	f = fopen(path, "rb");
	if (!f) {
		int e = errno;
		diag_error(d, display, 0, 0, "cannot open: %s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_NOINPUT;
	}
	/* Bytes beyond what is allowed tell a file that is too large. */
	st = fileread_all(f, PLAN_MAX_BYTES + 3, &buf, &len);
	if (st == PB_IOERR) {
		diag_error(d, display, 0, 0, "read error: %s",
			   strerror(errno));
		diag_fail(d, PB_IOERR);
	}
	fclose(f);
	if (st != PB_OK)
		return st;
	st = study_ini_read_buffer(buf, len, display, d, out);
	free(buf);
	return st;
}
