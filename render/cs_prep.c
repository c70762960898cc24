/* cs_prep.c: the Czech prepositions v, s, k, z before what follows them
 * (the rule is in cs_prep.h). */
#include "render/cs_prep.h"

#include <string.h>

#include "common/numtext.h"

/* Marks a preposition in a format until the message is formatted: a
 * private-use character, as the number marks of render/mdpage.h
 * (U+E000 to U+E002) are. */
#define PREP_MARK "\xee\x80\x83"    /* U+E003 */
#define PREP_MARK_LEN 3

/* The number marks of a marked page: what follows U+E000 up to U+E001
 * is the mark's data, then the number as the page writes it. */
#define NUM_MARK_OPEN "\xee\x80\x80"
#define NUM_MARK_TEXT "\xee\x80\x81"

/* The code point at *S (UTF-8), advancing *S; 0 at the end or on a
 * malformed byte (which is then stepped over). */
static unsigned next_cp(const char **s)
{
	const unsigned char *u = (const unsigned char *)*s;
	unsigned cp;
	int more;

	if (!*u)
		return 0;
	if (*u < 0x80) {
		(*s)++;
		return *u;
	}
	if ((*u & 0xE0) == 0xC0) {
		cp = *u & 0x1F;
		more = 1;
	} else if ((*u & 0xF0) == 0xE0) {
		cp = *u & 0x0F;
		more = 2;
	} else if ((*u & 0xF8) == 0xF0) {
		cp = *u & 0x07;
		more = 3;
	} else {
		(*s)++;
		return 0xFFFD;
	}
	for (int i = 1; i <= more; i++) {
		if ((u[i] & 0xC0) != 0x80) {
			*s += i;
			return 0xFFFD;
		}
		cp = cp << 6 | (u[i] & 0x3F);
	}
	*s += more + 1;
	return cp;
}

/* CP in lower case, for the letters the rule looks at. */
static unsigned lower(unsigned cp)
{
	if (cp >= 'A' && cp <= 'Z')
		return cp + ('a' - 'A');
	switch (cp) {
	case 0x0160: return 0x0161;   /* Š */
	case 0x017D: return 0x017E;   /* Ž */
	case 0x010C: return 0x010D;   /* Č */
	case 0x0158: return 0x0159;   /* Ř */
	default: return cp;
	}
}

#define S_CARON 0x0161u
#define Z_CARON 0x017Eu
#define C_CARON 0x010Du
#define R_CARON 0x0159u

static bool is_vowel(unsigned cp)
{
	static const unsigned v[] = {
		'a', 'e', 'i', 'o', 'u', 'y', 0xE1, 0xE9, 0x11B, 0xED, 0xF3,
		0xFA, 0x16F, 0xFD, 0xE4, 0xF6, 0xFC
	};

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (cp == v[i])
			return true;
	return false;
}

static bool is_letter(unsigned cp)
{
	return (cp >= 'a' && cp <= 'z') || cp >= 0xC0;
}

static bool is_consonant(unsigned cp)
{
	return is_letter(cp) && !is_vowel(cp);
}

static bool sibilant(unsigned cp)
{
	return cp == 's' || cp == 'z' || cp == S_CARON || cp == Z_CARON;
}

/* The rule of cs_prep.h for PREP (lower case) before a word whose first
 * two sounds (lower case) are C1 and C2. */
static bool rule(char prep, unsigned c1, unsigned c2)
{
	bool like;

	switch (prep) {
	case 'v': like = c1 == 'v' || c1 == 'f' || c1 == 'w'; break;
	case 's':
	case 'z': like = sibilant(c1); break;
	case 'k': like = c1 == 'k' || c1 == 'g'; break;
	default: return false;
	}
	if (like)
		return true;
	if (sibilant(c1) && is_consonant(c2))
		return true;
	return (c1 == 'd' && c2 == 'v') || (c1 == 't' && c2 == R_CARON)
	       || (c1 == C_CARON && c2 == 't') || (c1 == 'm' && c2 == 'n');
}

/* How the Czech read the capital letter C (A to Z) on its own. */
static const char *letter_name(char c)
{
	static const char *const names[26] = {
		"á", "bé", "cé", "dé", "é", "ef", "gé", "há", "í", "jé",
		"ká", "el", "em", "en", "ó", "pé", "kvé", "er", "es", "té",
		"ú", "vé", "dvojité vé", "iks", "ypsilon", "zet"
	};

	return names[c - 'A'];
}

/* The first word a whole number N is read with. */
static const char *number_word(unsigned long long n)
{
	static const char *const ones[20] = {
		"nula", "jeden", "dva", "tři", "čtyři", "pět", "šest", "sedm",
		"osm", "devět", "deset", "jedenáct", "dvanáct", "třináct",
		"čtrnáct", "patnáct", "šestnáct", "sedmnáct", "osmnáct",
		"devatenáct"
	};
	static const char *const tens[10] = {
		"", "", "dvacet", "třicet", "čtyřicet", "padesát", "šedesát",
		"sedmdesát", "osmdesát", "devadesát"
	};
	static const char *const hundreds[10] = {
		"", "sto", "dvě stě", "tři sta", "čtyři sta", "pět set",
		"šest set", "sedm set", "osm set", "devět set"
	};
	static const struct { unsigned long long unit; const char *one; }
	big[] = {
		{ 1000000000000000000ULL, "trilion" },
		{ 1000000000000000ULL, "biliarda" },
		{ 1000000000000ULL, "bilion" },
		{ 1000000000ULL, "miliarda" },
		{ 1000000ULL, "milion" },
		{ 1000ULL, "tisíc" },
	};

	for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
		if (n >= big[i].unit) {
			unsigned long long q = n / big[i].unit;
			return q == 1 ? big[i].one : number_word(q);
		}
	if (n >= 100)
		return hundreds[n / 100];
	if (n >= 20)
		return tens[n / 10];
	return ones[n];
}

/* The length of a separator of digit groups at S that a digit follows:
 * a space, U+00A0, U+202F or U+2009; 0 for none. */
static size_t group_sep(const char *s)
{
	size_t n = 0;

	if (s[0] == ' ')
		n = 1;
	else if (!strncmp(s, "\xc2\xa0", 2))
		n = 2;
	else if (!strncmp(s, "\xe2\x80\xaf", 3)
		 || !strncmp(s, "\xe2\x80\x89", 3))
		n = 3;
	if (!n)
		return 0;
	for (int i = 0; i < 3; i++)
		if (s[n + i] < '0' || s[n + i] > '9')
			return 0;
	return (s[n + 3] >= '0' && s[n + 3] <= '9') ? 0 : n;
}

/* The whole part of the number at S, its groups joined; saturates. */
static unsigned long long whole_part(const char *s)
{
	unsigned long long n = 0;

	for (;;) {
		if (*s >= '0' && *s <= '9') {
			unsigned d = (unsigned)(*s++ - '0');
			n = n > (~0ULL - d) / 10 ? ~0ULL : n * 10 + d;
			continue;
		}
		size_t g = group_sep(s);
		if (!g)
			return n;
		s += g;
	}
}

/* S past what is not read: Markdown's backticks and emphasis, opening
 * quotes and brackets, a number mark's data. */
static const char *skip_unread(const char *s)
{
	for (;;) {
		if (*s == '`' || *s == '*' || *s == '_' || *s == '"'
		    || *s == '(' || *s == '[' || *s == '\'') {
			s++;
		} else if (!strncmp(s, "\xe2\x80\x9e", 3)     /* „ */
			   || !strncmp(s, "\xe2\x80\x9c", 3)  /* “ */
			   || !strncmp(s, "\xe2\x80\x9a", 3)  /* ‚ */
			   || !strncmp(s, "\xe2\x80\x98", 3)) /* ‘ */ {
			s += 3;
		} else if (!strncmp(s, NUM_MARK_OPEN, 3)) {
			const char *t = strstr(s, NUM_MARK_TEXT);
			if (!t)
				return s + 3;
			s = t + 3;
		} else {
			return s;
		}
	}
}

bool cs_prep_vocalized(char prep, const char *next)
{
	const char *s = skip_unread(next ? next : "");
	const char *word;
	unsigned c1, c2;

	if (prep >= 'A' && prep <= 'Z')
		prep = (char)(prep + ('a' - 'A'));
	if (*s >= '0' && *s <= '9')
		word = number_word(whole_part(s));
	else if (*s == '+')
		word = "plus";
	else if (*s == '-' || !strncmp(s, "\xe2\x88\x92", 3))
		word = "minus";
	else if (s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z')
		word = letter_name(s[0]);
	else
		word = s;
	c1 = lower(next_cp(&word));
	c2 = lower(next_cp(&word));
	return rule(prep, c1, c2);
}

const char *cs_prep_word(char prep, const char *next)
{
	static const char *const words[] = {
		"v", "ve", "s", "se", "k", "ke", "z", "ze",
		"V", "Ve", "S", "Se", "K", "Ke", "Z", "Ze"
	};
	const char *which = strchr("vskzVSKZ", prep);
	size_t i;

	if (!prep || !which)
		return "";
	i = (size_t)(which - "vskzVSKZ");
	return words[2 * i + cs_prep_vocalized(prep, next)];
}

/* True when FORMAT[I] is a one-letter preposition standing as a word
 * right before a conversion. */
static bool prep_at(const char *format, size_t i)
{
	char c = format[i];

	if (!c || !strchr("vskzVSKZ", c))
		return false;
	if (i > 0 && format[i - 1] != ' ' && format[i - 1] != '('
	    && format[i - 1] != '\n')
		return false;
	return format[i + 1] == ' ' && format[i + 2] == '%'
	       && format[i + 3] != '%' && format[i + 3] != '\0';
}

gchar *cs_prep_mark(const char *format)
{
	GString *out = NULL;

	for (size_t i = 0; format[i]; i++) {
		if (prep_at(format, i)) {
			if (!out)
				out = g_string_new_len(format, (gssize)i);
			g_string_append(out, PREP_MARK);
		}
		if (out)
			g_string_append_c(out, format[i]);
	}
	return out ? g_string_free(out, FALSE) : NULL;
}

gchar *cs_prep_resolve(gchar *text)
{
	GString *out;
	const char *s = text, *m;

	if (!strstr(text, PREP_MARK))
		return text;
	out = g_string_new(NULL);
	while ((m = strstr(s, PREP_MARK))) {
		g_string_append_len(out, s, m - s);
		s = m + PREP_MARK_LEN;
		if (*s && strchr("vskzVSKZ", *s) && s[1] == ' ') {
			g_string_append(out, cs_prep_word(*s, s + 2));
			s++;
		} else {
			/* Not a mark of a preposition: the study's text. */
			g_string_append(out, PREP_MARK);
		}
	}
	g_string_append(out, s);
	g_free(text);
	return g_string_free(out, FALSE);
}

gchar *cs_prep_vprintf(const char *sep, const char *format, va_list ap)
{
	gchar *marked = cs_prep_mark(format);
	gchar *s;

	if (!marked)
		return numtext_group_vprintf(sep, format, ap);
	s = numtext_group_vprintf(sep, marked, ap);
	g_free(marked);
	return cs_prep_resolve(s);
}
