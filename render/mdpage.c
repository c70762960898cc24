/* mdpage.c: the pieces every Markdown page writer builds its page from
 * (render/mdpage.h).
 *
 * The words used here are extracted under the short names of
 * render/mdpage_names.h; this file is one of the translated sources. */
#include "render/mdpage.h"

#include <stdarg.h>
#include <string.h>

#include "common/numtext.h"
#include "render/cs_prep.h"
#include "render/i18n.h"
#include "render/mdtext.h"
#include "render/studytext.h"

/* The names xgettext extracts (Makefile.am, "Translations"). */
#define trc(md, ctx, msgid) mdpage_trc((md), (ctx), (msgid))

void mdpage_init(mdpage *md, const char *lang, pagedoc *doc)
{
	md->lang = lang;
	md->doc = doc;
	md->pool = g_ptr_array_new_with_free_func(g_free);
	md->st = PB_OK;
	md->decimal_mark = '.';
	md->group_sep = "";
	md->marked = false;
}

void mdpage_number_marks(mdpage *md, const study_plan *p)
{
	/* TRANSLATORS: the decimal mark of numbers on a page, "." or ","
	   (1.784 or 1,784).  A study may ask for "." in every language. */
	const char *mark = trc(md, "decimal mark", ".");

	md->decimal_mark = !p->decimal_point && mark[0] == ',' ? ',' : '.';
	/* TRANSLATORS: ten thousand as a page writes a whole number, with
	   the language's separator of digit groups: "10000" for none,
	   German and Czech "10 000" with a NO-BREAK SPACE (U+00A0).  Only
	   U+00A0, U+202F and "," are allowed, the ones verify reads. */
	const char *groups = trc(md, "digit groups", "10000");
	const char *sep = numtext_group_separator(groups);

	if (!sep) {
		mdpage_fail(md, PB_SOFTWARE);
		sep = "";
	}
	md->group_sep = p->decimal_point ? "" : sep;
}

pb_status mdpage_finish(mdpage *md, gsize start)
{
	g_ptr_array_free(md->pool, TRUE);
	md->pool = NULL;
	if (md->st != PB_OK)
		pagedoc_truncate(md->doc, start);
	return md->st;
}

void mdpage_fail(mdpage *md, pb_status st)
{
	md->st = pb_status_merge(md->st, st);
}

/* ---- words ------------------------------------------------------------ */

/* Remembers a missing translation and goes on with the English text. */
static const char *missing(mdpage *md, const char *msgid, const char *found)
{
	if (found)
		return found;
	mdpage_fail(md, PB_SOFTWARE);
	return msgid;
}

const char *mdpage_tr(mdpage *md, const char *msgid)
{
	return missing(md, msgid, i18n_text(md->lang, msgid));
}

const char *mdpage_trc(mdpage *md, const char *ctx, const char *msgid)
{
	return missing(md, msgid, i18n_ctext(md->lang, ctx, msgid));
}

const char *mdpage_trn(mdpage *md, const char *singular, const char *plural,
		       unsigned long n)
{
	return missing(md, n == 1 ? singular : plural,
		       i18n_ntext(md->lang, singular, plural, n));
}

const char *mdpage_phrase(mdpage *md, page_phrase_id id)
{
	const page_phrase *p = page_phrase_get(id);

	return p->ctx ? mdpage_trc(md, p->ctx, p->msgid)
		      : mdpage_tr(md, p->msgid);
}

const char *mdpage_phrase_n(mdpage *md, page_phrase_id id, unsigned long n)
{
	const page_phrase *p = page_phrase_get(id);

	return mdpage_trn(md, p->msgid, p->plural, n);
}

/* ---- text pieces -------------------------------------------------------- */

const char *mdpage_keep(mdpage *md, gchar *s)
{
	g_ptr_array_add(md->pool, s);
	return s;
}

const char *mdpage_fmt(mdpage *md, const char *format, ...)
{
	va_list ap;
	gchar *s;

	va_start(ap, format);
	s = cs_prep_vprintf(md->group_sep, format, ap);
	va_end(ap);
	return mdpage_keep(md, s);
}

const char *mdpage_esc(mdpage *md, const char *text)
{
	GString *g = g_string_new(NULL);

	mdtext_escape(g, text ? text : "");
	return mdpage_keep(md, g_string_free(g, FALSE));
}

const char *mdpage_code(mdpage *md, const char *text, bool in_table)
{
	GString *g = g_string_new(NULL);

	mdtext_code(g, text, in_table);
	return mdpage_keep(md, g_string_free(g, FALSE));
}

const char *mdpage_state(mdpage *md, pb_state st, bool in_table)
{
	char buf[PB_STATE_BUFSIZE];

	if (st.missing)
		return mdpage_phrase(md, PH_MISSING);
	return mdpage_code(md, pb_state_format(st, buf, sizeof buf),
			   in_table);
}

const char *mdpage_state_named(mdpage *md, pb_state st, bool in_table)
{
	if (st.missing)
		return mdpage_phrase(md, PH_MISSING_NAMED);
	return mdpage_state(md, st, in_table);
}

/* TEXT (pooled) with its number mark (mdpage.h) when the page is
 * marked: the exact VALUE, RULE and SIDES. */
static const char *mark(mdpage *md, const char *text, double value,
			char rule, char sides)
{
	if (!md->marked)
		return text;
	return mdpage_fmt(md, MDPAGE_MARK_OPEN "%c%c%.17g" MDPAGE_MARK_TEXT
			  "%s" MDPAGE_MARK_CLOSE, rule, sides, value, text);
}

/* As mark, for a number that keeps its side of +T and -T: T goes into
 * the mark too, so that a page of several studies (a site's index) has
 * each number judged against its own study's threshold. */
static const char *mark_t(mdpage *md, const char *text, double value,
			  char rule, double threshold)
{
	if (!md->marked)
		return text;
	return mdpage_fmt(md, MDPAGE_MARK_OPEN "%c2%.17g;%.17g"
			  MDPAGE_MARK_TEXT "%s" MDPAGE_MARK_CLOSE, rule, value,
			  threshold, text);
}

/* BUF as a pooled string, or "?" after remembering the failure ST. */
static const char *formatted(mdpage *md, pb_status st, char *buf)
{
	if (st != PB_OK) {
		mdpage_fail(md, st);
		return "?";
	}
	numtext_decimal_mark(buf, md->decimal_mark);
	return mdpage_fmt(md, "%s", buf);
}

const char *mdpage_fixed(mdpage *md, double x, int decimals, bool sign)
{
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_fixed(x, decimals, sign, buf, sizeof buf);

	return mark(md, formatted(md, st, buf), x, 'r', '0');
}

const char *mdpage_beside(mdpage *md, double x, int decimals,
			  double threshold, bool beside_t, bool sign)
{
	const double bounds[2] = { threshold, -threshold };
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_beside(x, decimals, bounds, beside_t ? 2 : 0,
				     sign, buf, sizeof buf);

	if (beside_t)
		return mark_t(md, formatted(md, st, buf), x, 'b', threshold);
	return mark(md, formatted(md, st, buf), x, 'r', '1');
}

/* The digits of the fraction F as a percentage, "79.5", or NULL after
 * remembering the failure. */
static const char *percent_digits(mdpage *md, double f, int decimals)
{
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_percent(f, decimals, buf, sizeof buf);

	if (st != PB_OK) {
		mdpage_fail(md, st);
		return NULL;
	}
	numtext_decimal_mark(buf, md->decimal_mark);
	return mark(md, mdpage_fmt(md, "%s", buf), 100.0 * f, 'r', '0');
}

const char *mdpage_percent(mdpage *md, double f, int decimals)
{
	const char *d = percent_digits(md, f, decimals);

	/* TRANSLATORS: a percentage that qualifies a noun, "a 95%
	   interval"; %s is the number.  German writes "95-%" and the
	   messages add the noun with a hyphen ("95-%-Konfidenzintervall"),
	   Czech keeps "95%" (the adjective "devadesátipětiprocentní"). */
	return d ? mdpage_fmt(md, trc(md, "percentage before a noun", "%s%%"),
			      d) : "?%";
}

const char *mdpage_percent_alone(mdpage *md, double f, int decimals)
{
	const char *d = percent_digits(md, f, decimals);

	/* TRANSLATORS: a percentage on its own, "79.5%"; %s is the number.
	   Write the space the language puts before the sign. */
	return d ? mdpage_fmt(md, trc(md, "percentage", "%s%%"), d) : "?%";
}

const char *mdpage_qty(mdpage *md, const char *number, const char *unit)
{
	/* TRANSLATORS: a number and its unit, "1.784 ms"; the first %s is
	   the number, the second the unit.  Write the space the language
	   puts between them: German and Czech a NO-BREAK SPACE (U+00A0),
	   which keeps the two on one line. */
	return mdpage_fmt(md, trc(md, "number and unit", "%s %s"), number,
			  unit ? unit : "");
}

/* Series K's name as NAME_OF gives it in the page's language, escaped;
 * its label when the language has none. */
static const char *series_text(mdpage *md, const study_plan *p, size_t k,
			       char *(*name_of)(const study_plan *, size_t,
						const char *))
{
	char *name = name_of(p, k, md->lang);

	if (!name)
		return missing(md, p->series[k].label, NULL);
	return mdpage_esc(md, mdpage_keep(md, name));
}

const char *mdpage_series_name(mdpage *md, const study_plan *p, size_t k)
{
	return series_text(md, p, k, studytext_series_name);
}

const char *mdpage_series_name_after(mdpage *md, const study_plan *p,
				     size_t k)
{
	return series_text(md, p, k, studytext_series_name_after);
}

const char *mdpage_series_name_inside(mdpage *md, const study_plan *p,
				      size_t k)
{
	return series_text(md, p, k, studytext_series_name_inside);
}

const char *mdpage_join(mdpage *md, GPtrArray *items, const char *sep)
{
	GString *g = g_string_new(NULL);

	for (guint i = 0; i < items->len; i++) {
		if (i)
			g_string_append(g, sep);
		g_string_append(g, g_ptr_array_index(items, i));
	}
	return mdpage_keep(md, g_string_free(g, FALSE));
}

/* ---- blocks ------------------------------------------------------------ */

void mdpage_heading(mdpage *md, int level, const char *text)
{
	pagedoc_heading(md->doc, level, text);
}

void mdpage_paragraph(mdpage *md, const char *text)
{
	pagedoc_paragraph(md->doc, text);
}

void mdpage_bullet(mdpage *md, const char *text)
{
	pagedoc_bullet(md->doc, text);
}

void mdpage_table_header(mdpage *md, GPtrArray *cells)
{
	pagedoc_table(md->doc, (const char *const *)cells->pdata, cells->len);
}

void mdpage_table_row(mdpage *md, GPtrArray *cells)
{
	pagedoc_row(md->doc, (const char *const *)cells->pdata, cells->len);
}

GPtrArray *mdpage_row_new(void)
{
	return g_ptr_array_new();
}

void mdpage_cell(GPtrArray *row, const char *cell)
{
	g_ptr_array_add(row, (gpointer)cell);
}
