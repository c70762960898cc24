/* pageview_html.c: the pieces of raw HTML (pageview_html.h). */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "ingest/pageview_html.h"

void pvhtml_start(pvhtml_scan *sc, const char *s, size_t len)
{
	sc->s = s;
	sc->len = len;
	sc->pos = 0;
	sc->next_gt = 0;
	sc->gt_known = false;
}

/* Where the first '>' at or after FROM is, or LEN.  The answer is kept:
 * every later question from no further than it has the same answer, so
 * a page of '<' without '>' is looked through once. */
static size_t find_gt(pvhtml_scan *sc, size_t from)
{
	if (!sc->gt_known || sc->next_gt < from) {
		const char *gt = memchr(sc->s + from, '>', sc->len - from);
		sc->next_gt = gt ? (size_t)(gt - sc->s) : sc->len;
		sc->gt_known = true;
	}
	return sc->next_gt;
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_alnum(char c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool starts(const pvhtml_scan *sc, size_t at, const char *word)
{
	size_t n = strlen(word);
	return sc->len - at >= n && memcmp(sc->s + at, word, n) == 0;
}

/* The end of the construct at sc->pos that ends with TERM, or the end of
 * the text when there is none. */
static size_t end_of(const pvhtml_scan *sc, size_t from, const char *term)
{
	size_t n = strlen(term);
	const char *s = sc->s;

	while (from < sc->len) {
		const char *c = memchr(s + from, term[0], sc->len - from);
		if (!c)
			break;
		from = (size_t)(c - s);
		if (sc->len - from >= n && memcmp(s + from, term, n) == 0)
			return from + n;
		from++;
	}
	return sc->len;
}

/* A comment from sc->pos ("<!--"); HTML also ends "<!-->" and "<!--->" at
 * once. */
static size_t comment_end(const pvhtml_scan *sc)
{
	size_t at = sc->pos + 4;

	if (starts(sc, at, ">"))
		return at + 1;
	if (starts(sc, at, "->"))
		return at + 2;
	return end_of(sc, at, "-->");
}

static bool read_tag(pvhtml_scan *sc, pvhtml_token *t)
{
	size_t at = sc->pos + 1, gt, n = 0;

	t->closing = sc->s[at] == '/';
	if (t->closing)
		at++;
	gt = find_gt(sc, at);
	if (gt == sc->len)
		return false;
	while (at < gt && is_alnum(sc->s[at])) {
		if (n < PVHTML_NAME_MAX)
			t->name[n++] = lower(sc->s[at]);
		at++;
	}
	t->name[n] = '\0';
	t->kind = PVHTML_TAG;
	t->end = gt + 1;
	return true;
}

/* The markup starting at sc->pos (a '<') into *T; false when the '<' is
 * text. */
static bool read_markup(pvhtml_scan *sc, pvhtml_token *t)
{
	size_t at = sc->pos + 1;

	if (starts(sc, sc->pos, "<!--")) {
		t->kind = PVHTML_COMMENT;
		t->end = comment_end(sc);
		return true;
	}
	if (starts(sc, sc->pos, "<![CDATA[")) {
		t->kind = PVHTML_OTHER;
		t->end = end_of(sc, sc->pos + 9, "]]>");
		return true;
	}
	if (at < sc->len && (sc->s[at] == '!' || sc->s[at] == '?')) {
		size_t gt = find_gt(sc, at);
		if (gt == sc->len)
			return false;
		t->kind = PVHTML_OTHER;
		t->end = gt + 1;
		return true;
	}
	if (at < sc->len && (is_alpha(sc->s[at])
			     || (sc->s[at] == '/' && at + 1 < sc->len
				 && is_alpha(sc->s[at + 1]))))
		return read_tag(sc, t);
	return false;
}

bool pvhtml_next(pvhtml_scan *sc, pvhtml_token *t)
{
	size_t at;

	if (sc->pos >= sc->len)
		return false;
	t->start = sc->pos;
	t->closing = false;
	t->name[0] = '\0';
	if (sc->s[sc->pos] == '<' && read_markup(sc, t)) {
		sc->pos = t->end;
		return true;
	}
	/* Text up to the next '<' that begins markup; a '<' that does not is
	 * part of the text. */
	at = sc->pos + 1;
	for (;;) {
		const char *lt = memchr(sc->s + at, '<', sc->len - at);
		pvhtml_token probe;
		if (!lt) {
			at = sc->len;
			break;
		}
		at = (size_t)(lt - sc->s);
		sc->pos = at;
		if (read_markup(sc, &probe))
			break;
		at++;
	}
	t->kind = PVHTML_TEXT;
	t->end = at;
	sc->pos = at;
	return true;
}

static bool is_attr_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Whether S[0..N) is NAME (lower case) in any case. */
static bool same_name(const char *s, const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a')
						     : s[i];
		if (c != name[i])
			return false;
	}
	return true;
}

bool pvhtml_attr(const char *tag, size_t len, const char *name,
		 const char **value, size_t *n)
{
	size_t i = 1, nl = strlen(name);

	/* past '<' and the tag's name */
	while (i < len && !is_attr_space(tag[i]) && tag[i] != '>'
	       && tag[i] != '/')
		i++;
	while (i < len && tag[i] != '>') {
		size_t from, to;
		/* a '=' that no name precedes is skipped, as a browser
		 * skips it */
		while (i < len && (is_attr_space(tag[i]) || tag[i] == '/'
				   || tag[i] == '='))
			i++;
		from = i;
		while (i < len && !is_attr_space(tag[i]) && tag[i] != '='
		       && tag[i] != '>' && tag[i] != '/')
			i++;
		if (i == from)
			break;
		to = i;
		while (i < len && is_attr_space(tag[i]))
			i++;
		bool has_value = i < len && tag[i] == '=';
		const char *v = "";
		size_t vn = 0;
		if (has_value) {
			i++;
			while (i < len && is_attr_space(tag[i]))
				i++;
			if (i < len && (tag[i] == '"' || tag[i] == '\'')) {
				char q = tag[i++];
				const char *end = memchr(tag + i, q, len - i);
				/* unclosed: the value ends before the tag's
				 * closing '>' */
				size_t stop = end ? (size_t)(end - tag)
					    : len > i && tag[len - 1] == '>'
					    ? len - 1 : len;
				v = tag + i;
				vn = stop - i;
				i = stop < len ? stop + 1 : len;
			} else {
				size_t start = i;
				while (i < len && !is_attr_space(tag[i])
				       && tag[i] != '>')
					i++;
				v = tag + start;
				vn = i - start;
			}
		}
		if (to - from == nl && same_name(tag + from, name, nl)) {
			*value = v;
			*n = vn;
			return true;
		}
	}
	return false;
}

void pvhtml_skip_to_end_tag(pvhtml_scan *sc, const char *name,
			    size_t *end_of_content)
{
	size_t n = strlen(name), at = sc->pos;

	while (at < sc->len) {
		const char *lt = memchr(sc->s + at, '<', sc->len - at);
		bool same = true;
		if (!lt)
			break;
		at = (size_t)(lt - sc->s);
		if (sc->len - at < n + 2 || sc->s[at + 1] != '/') {
			at++;
			continue;
		}
		for (size_t i = 0; i < n && same; i++)
			same = lower(sc->s[at + 2 + i]) == name[i];
		if (same && (at + 2 + n == sc->len
			     || !is_alnum(sc->s[at + 2 + n]))) {
			size_t gt = find_gt(sc, at);
			*end_of_content = at;
			sc->pos = gt < sc->len ? gt + 1 : sc->len;
			return;
		}
		at++;
	}
	*end_of_content = sc->len;
	sc->pos = sc->len;
}

/* ---- character references ------------------------------------------ */

static size_t utf8_put(uint32_t cp, char out[4])
{
	if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = 0xFFFD;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The named references a page plausibly holds: markup characters,
 * spaces and dashes, quotes, and the signs of numbers and units. */
static const struct named_ref {
	const char *name;
	uint32_t cp;
} named_refs[] = {
	{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' },
	{ "apos", '\'' }, { "nbsp", 0xA0 }, { "ensp", 0x2002 },
	{ "emsp", 0x2003 }, { "thinsp", 0x2009 }, { "shy", 0xAD },
	{ "minus", 0x2212 }, { "ndash", 0x2013 }, { "mdash", 0x2014 },
	{ "hellip", 0x2026 }, { "lsquo", 0x2018 }, { "rsquo", 0x2019 },
	{ "sbquo", 0x201A }, { "ldquo", 0x201C }, { "rdquo", 0x201D },
	{ "bdquo", 0x201E }, { "laquo", 0xAB }, { "raquo", 0xBB },
	{ "bull", 0x2022 }, { "middot", 0xB7 }, { "times", 0xD7 },
	{ "divide", 0xF7 }, { "plusmn", 0xB1 }, { "deg", 0xB0 },
	{ "micro", 0xB5 }, { "le", 0x2264 }, { "ge", 0x2265 },
	{ "ne", 0x2260 }, { "asymp", 0x2248 }, { "larr", 0x2190 },
	{ "rarr", 0x2192 }, { "harr", 0x2194 }, { "percnt", '%' },
	{ "copy", 0xA9 }, { "reg", 0xAE }, { "trade", 0x2122 },
	{ "sect", 0xA7 }, { "euro", 0x20AC }, { "auml", 0xE4 },
	{ "ouml", 0xF6 }, { "uuml", 0xFC }, { "Auml", 0xC4 },
	{ "Ouml", 0xD6 }, { "Uuml", 0xDC }, { "szlig", 0xDF },
	{ "eacute", 0xE9 },
};

static size_t numeric_ref(const char *s, size_t len, uint32_t *cp)
{
	bool hex = len > 2 && (s[2] == 'x' || s[2] == 'X');
	size_t at = hex ? 3 : 2, digits = 0;
	uint32_t v = 0;

	for (; at < len && digits < 8; at++, digits++) {
		char c = s[at];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (hex && lower(c) >= 'a' && lower(c) <= 'f')
			d = (unsigned)(lower(c) - 'a' + 10);
		else
			break;
		v = v * (hex ? 16u : 10u) + d;
	}
	if (digits == 0 || at >= len || s[at] != ';')
		return 0;
	*cp = v;
	return at + 1;
}

size_t pvhtml_entity(const char *s, size_t len, char out[4],
		     size_t *out_len)
{
	uint32_t cp;
	size_t n;

	if (len < 3 || s[0] != '&')
		return 0;
	if (s[1] == '#') {
		n = numeric_ref(s, len, &cp);
		if (n)
			*out_len = utf8_put(cp, out);
		return n;
	}
	for (size_t i = 0; i < sizeof named_refs / sizeof named_refs[0];
	     i++) {
		size_t k = strlen(named_refs[i].name);
		if (len >= k + 2 && memcmp(s + 1, named_refs[i].name, k) == 0
		    && s[k + 1] == ';') {
			*out_len = utf8_put(named_refs[i].cp, out);
			return k + 2;
		}
	}
	return 0;
}
