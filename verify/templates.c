/* templates.c: the catalog's texts as patterns (see templates.h). */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "render/i18n.h"
#include "verify/templates.h"

/* In a pattern, one open place: any text, or none. */
#define OPEN '\001'

typedef struct pattern {
	char *text;            /* literal bytes and OPEN */
	size_t len;
	char *shown;           /* the pattern with "…" for each OPEN */
	bool inside;           /* long enough to be found inside a text */
} pattern;

struct templates {
	GArray *patterns;      /* of pattern */
};

/* The length of the printf conversion at F ('%' first), 0 for "%%". */
static size_t conversion_len(const char *f)
{
	size_t i = 1;

	if (f[1] == '%')
		return 0;
	while (f[i] && strchr("0123456789$.-+ #'hlzjtL", f[i]))
		i++;
	return f[i] ? i + 1 : i;
}

/* TEXT as a pattern: conversions become OPEN (one for a run of them),
 * Markdown marks go, white space is one space, trimmed. */
static GString *pattern_of(const char *text)
{
	GString *g = g_string_new(NULL);
	gchar *nfc = g_utf8_normalize(text, -1, G_NORMALIZE_NFC);
	const char *t = nfc ? nfc : text;

	for (size_t i = 0; t[i];) {
		char c = t[i];
		size_t n;

		if (c == '%' && (n = conversion_len(t + i)) > 0) {
			/* A Czech preposition right before it is written
			 * "ve", "se", "ke", "ze" as what is put in asks
			 * (render/cs_prep.h): the place opens after its
			 * letter. */
			if (g->len >= 2 && g->str[g->len - 1] == ' '
			    && strchr("vskzVSKZ", g->str[g->len - 2])
			    && (g->len == 2 || g->str[g->len - 3] == ' '
				|| g->str[g->len - 3] == '('))
				g_string_truncate(g, g->len - 1);
			if (!g->len || g->str[g->len - 1] != OPEN)
				g_string_append_c(g, OPEN);
			i += n;
			continue;
		}
		if (c == '%') {
			g_string_append_c(g, '%');
			i += 2;
			continue;
		}
		i++;
		if (c == '`' || c == '*' || c == '\\')
			continue;
		if (c == ' ' || c == '\t' || c == '\n') {
			if (g->len && g->str[g->len - 1] != ' ')
				g_string_append_c(g, ' ');
			continue;
		}
		g_string_append_c(g, c);
	}
	while (g->len && g->str[g->len - 1] == ' ')
		g_string_truncate(g, g->len - 1);
	g_free(nfc);
	return g;
}

/* The letters of a pattern (what makes it more than punctuation). */
static size_t letters(const GString *g)
{
	size_t n = 0;

	for (size_t i = 0; i < g->len; i++)
		if (g_ascii_isalpha(g->str[i]) || (guchar)g->str[i] >= 0xc0)
			n++;
	return n;
}

static void add_text(const char *text, void *user)
{
	templates *t = user;
	GString *g = pattern_of(text);
	size_t n = letters(g);
	pattern p;

	if (n < TEMPLATES_MIN_WHOLE) {
		g_string_free(g, TRUE);
		return;
	}
	p.len = g->len;
	p.inside = n >= TEMPLATES_MIN_INSIDE;
	p.text = g_string_free(g, FALSE);
	{
		GString *shown = g_string_new(NULL);
		for (size_t i = 0; i < p.len; i++)
			if (p.text[i] == OPEN)
				g_string_append(shown, "\xe2\x80\xa6");
			else
				g_string_append_c(shown, p.text[i]);
		p.shown = g_string_free(shown, FALSE);
	}
	g_array_append_val(t->patterns, p);
}

pb_status templates_new(const char *lang, templates **out)
{
	templates *t = g_new0(templates, 1);

	*out = NULL;
	t->patterns = g_array_new(FALSE, FALSE, sizeof(pattern));
	if (!i18n_each_text(lang, add_text, t)) {
		templates_free(t);
		return PB_SOFTWARE;
	}
	*out = t;
	return PB_OK;
}

void templates_free(templates *t)
{
	if (!t)
		return;
	for (guint i = 0; i < t->patterns->len; i++) {
		pattern *p = &g_array_index(t->patterns, pattern, i);
		g_free(p->text);
		g_free(p->shown);
	}
	g_array_free(t->patterns, TRUE);
	g_free(t);
}

size_t templates_count(const templates *t)
{
	return t->patterns->len;
}

/* Whether TEXT (LEN bytes) is pattern P (PLEN bytes) as a whole, each OPEN
 * taking any run of bytes: the usual matching of one wildcard, going back
 * to the last OPEN on a failure, linear in practice. */
static bool match(const char *p, size_t plen, const char *text, size_t len)
{
	size_t i = 0, j = 0, star = (size_t)-1, resume = 0;

	while (j < len) {
		if (i < plen && p[i] == OPEN) {
			star = i++;
			resume = j;
		} else if (i < plen && p[i] == text[j]) {
			i++;
			j++;
		} else if (star != (size_t)-1) {
			i = star + 1;
			j = ++resume;
		} else {
			return false;
		}
	}
	while (i < plen && p[i] == OPEN)
		i++;
	return i == plen;
}

/* Whether TEXT holds pattern P somewhere: P with an OPEN at each end. */
static bool holds(const pattern *p, const char *text, size_t len)
{
	char *q = g_malloc(p->len + 2);
	bool found;

	q[0] = OPEN;
	memcpy(q + 1, p->text, p->len);
	q[p->len + 1] = OPEN;
	found = match(q, p->len + 2, text, len);
	g_free(q);
	return found;
}

const char *templates_fit(const templates *t, const char *text, size_t len)
{
	for (guint i = 0; i < t->patterns->len; i++) {
		const pattern *p = &g_array_index(t->patterns, pattern, i);
		if (match(p->text, p->len, text, len)
		    || (p->inside && holds(p, text, len)))
			return p->shown;
	}
	return NULL;
}
