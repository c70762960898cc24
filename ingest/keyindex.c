/* keyindex.c: the line index of a key file that GKeyFile accepted. */
#include "ingest/keyindex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/strutil.h"
#include "ingest/textcheck.h"
/* ------------------------------------------------------------------ */
/* Lines */

typedef struct text_line {
	const char *s;   /* start of the line in the buffer */
	size_t len;      /* without the '\n' and one CR before it */
	size_t number;   /* 1-based; 0 before the first line */
} text_line;

/* Steps LN to the line starting at *POS in BUF[0..LEN) and moves *POS past
 * it.  Returns false at the end of the buffer. */
static bool line_next(const char *buf, size_t len, size_t *pos, text_line *ln)
{
	const char *nl;

	if (*pos >= len)
		return false;
	ln->s = buf + *pos;
	nl = memchr(ln->s, '\n', len - *pos);
	ln->len = nl ? (size_t)(nl - ln->s) : len - *pos;
	*pos += ln->len + (nl ? 1 : 0);
	if (ln->len && ln->s[ln->len - 1] == '\r')
		ln->len--;
	ln->number++;
	return true;
}

/* The blanks GKeyFile skips around keys and values (g_ascii_isspace less
 * the newline, which never occurs inside a line). */
static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f'
	       || ch == '\r';
}

/* Offset of the first non-blank byte of LN (LN->len if none). */
static size_t line_indent(const text_line *ln)
{
	size_t i = 0;
	while (i < ln->len && is_blank(ln->s[i]))
		i++;
	return i;
}

/* ------------------------------------------------------------------ */
/* The index of sections and keys */

/* Makes room for one more element of SIZE bytes in *ARR holding N of *CAP.
 * Returns false when out of memory (*ARR is then unchanged). */
static bool grow(void **arr, size_t *cap, size_t n, size_t size)
{
	size_t want;
	void *p;

	if (n < *cap)
		return true;
	want = *cap ? *cap * 2 : 8;
	if (want > SIZE_MAX / size)
		return false;
	p = realloc(*arr, want * size);
	if (!p)
		return false;
	*arr = p;
	*cap = want;
	return true;
}

void keyindex_free(ini_index *ix)
{
	for (size_t i = 0; i < ix->n; i++) {
		for (size_t j = 0; j < ix->sec[i].n_keys; j++)
			free(ix->sec[i].keys[j].name);
		free(ix->sec[i].keys);
		free(ix->sec[i].name);
	}
	free(ix->sec);
	memset(ix, 0, sizeof *ix);
}

static pb_status index_add_section(ini_index *ix, const text_line *ln,
				   size_t at)
{
	ini_section *s;
	size_t end = ln->len;

	/* GKeyFile accepted the line, so it is "[name]" plus blanks. */
	while (end > at + 1 && ln->s[end - 1] != ']')
		end--;
	if (end <= at + 1)
		return PB_OK;
	if (!grow((void **)&ix->sec, &ix->cap, ix->n, sizeof *ix->sec))
		return PB_NOMEM;
	s = &ix->sec[ix->n];
	memset(s, 0, sizeof *s);
	s->name = strutil_dup_range(ln->s + at + 1, end - 1 - (at + 1));
	if (!s->name)
		return PB_NOMEM;
	s->line = ln->number;
	s->col = at + 1;
	s->first = ix->n;
	for (size_t i = 0; i < ix->n; i++) {
		if (strcmp(ix->sec[i].name, s->name) == 0) {
			s->first = i;
			ix->sec[i].merged = true;
			break;
		}
	}
	ix->n++;
	return PB_OK;
}

static pb_status index_add_key(ini_index *ix, const text_line *ln, size_t at)
{
	const char *eq = memchr(ln->s + at, '=', ln->len - at);
	ini_section *s;
	ini_key *k;
	size_t key_end, v;

	/* GKeyFile rejects keys before the first section and lines without
	 * '=', so neither can happen here; be safe anyway. */
	if (!eq || ix->n == 0)
		return PB_OK;
	key_end = (size_t)(eq - ln->s);
	while (key_end > at && is_blank(ln->s[key_end - 1]))
		key_end--;
	v = (size_t)(eq - ln->s) + 1;
	while (v < ln->len && is_blank(ln->s[v]))
		v++;
	s = &ix->sec[ix->n - 1];
	if (!grow((void **)&s->keys, &s->cap_keys, s->n_keys, sizeof *s->keys))
		return PB_NOMEM;
	k = &s->keys[s->n_keys];
	k->name = strutil_dup_range(ln->s + at, key_end - at);
	if (!k->name)
		return PB_NOMEM;
	k->line = ln->number;
	k->col = at + 1;
	k->vcol = v + 1;
	s->n_keys++;
	return PB_OK;
}

pb_status keyindex_build(const char *buf, size_t len, ini_index *ix)
{
	size_t pos = 0;
	text_line ln = { NULL, 0, 0 };
	pb_status st = PB_OK;

	while (st == PB_OK && line_next(buf, len, &pos, &ln)) {
		size_t at = line_indent(&ln);
		if (at == ln.len || ln.s[at] == '#')
			continue;
		if (ln.s[at] == '[')
			st = index_add_section(ix, &ln, at);
		else
			st = index_add_key(ix, &ln, at);
	}
	return st;
}

/* ------------------------------------------------------------------ */
/* Encoding and syntax errors */

bool keyindex_text_check(const char *buf, size_t len, const char *file,
			diag *d)
{
	size_t pos = 0;
	text_line ln = { NULL, 0, 0 };
	bool ok = true;

	while (line_next(buf, len, &pos, &ln)) {
		size_t at;
		text_fault f = textcheck_find(ln.s, ln.len, &at);
		if (f == TEXT_NUL)
			diag_error(d, file, ln.number, at + 1, "NUL byte");
		else if (f == TEXT_BAD_UTF8)
			diag_error(d, file, ln.number, at + 1,
				   "invalid UTF-8 (byte 0x%02X)",
				   (unsigned char)ln.s[at]);
		ok = ok && f == TEXT_OK;
	}
	return ok;
}

size_t keyindex_section_over(const char *buf, size_t len, size_t max,
			     size_t *col)
{
	size_t pos = 0, n = 0;
	text_line ln = { NULL, 0, 0 };

	while (line_next(buf, len, &pos, &ln)) {
		size_t at = line_indent(&ln);
		if (at < ln.len && ln.s[at] == '[' && ++n > max) {
			*col = at + 1;
			return ln.number;
		}
	}
	*col = 0;
	return 0;
}

/* How a line is matched against the text quoted in a GLib message. */
typedef enum line_match {
	MATCH_LINE,      /* the line, without indentation, is the text */
	MATCH_SECTION,   /* the line is "[text]" plus blanks */
	MATCH_KEY,       /* the line's key is the text */
	MATCH_CONTENT    /* the first line neither blank nor comment */
} line_match;

static bool line_matches(const text_line *ln, size_t at, line_match how,
			 const char *text, size_t tlen)
{
	const char *s = ln->s + at;
	size_t n = ln->len - at;

	switch (how) {
	case MATCH_LINE:
		/* GLib may quote the line with or without its indentation. */
		return (n == tlen && memcmp(s, text, tlen) == 0)
		       || (ln->len == tlen && memcmp(ln->s, text, tlen) == 0);
	case MATCH_SECTION:
		while (n > 0 && is_blank(s[n - 1]))
			n--;
		return n == tlen + 2 && s[0] == '[' && s[n - 1] == ']'
		       && memcmp(s + 1, text, tlen) == 0;
	case MATCH_KEY:
		if (n <= tlen || memcmp(s, text, tlen) != 0)
			return false;
		for (size_t i = tlen; i < n; i++) {
			if (s[i] == '=')
				return true;
			if (!is_blank(s[i]))
				return false;
		}
		return false;
	case MATCH_CONTENT:
		return n > 0 && s[0] != '#';
	}
	return false;
}

/* Finds the first line of BUF matching TEXT as HOW says.  Returns its number
 * (0: none) and the column of its first non-blank byte in *COL. */
static size_t line_find(const char *buf, size_t len, line_match how,
			const char *text, size_t tlen, size_t *col)
{
	size_t pos = 0;
	text_line ln = { NULL, 0, 0 };

	while (line_next(buf, len, &pos, &ln)) {
		size_t at = line_indent(&ln);
		if (line_matches(&ln, at, how, text, tlen)) {
			*col = at + 1;
			return ln.number;
		}
	}
	*col = 0;
	return 0;
}

void keyindex_report_syntax(const char *buf, size_t len, const char *file,
			    diag *d, const GError *err)
{
	static const char lq[] = "\xE2\x80\x9C", rq[] = "\xE2\x80\x9D";
	const char *msg = err->message;
	const char *open = strstr(msg, lq);
	const char *close = open ? strstr(open + 3, rq) : NULL;
	const char *text = NULL;
	size_t tlen = 0, line = 0, col = 0;
	const char *what = NULL;

	if (g_error_matches(err, G_KEY_FILE_ERROR,
			    G_KEY_FILE_ERROR_GROUP_NOT_FOUND)) {
		line = line_find(buf, len, MATCH_CONTENT, "", 0, &col);
		diag_error(d, file, line, col,
			   "key before the first section (the file must "
			   "start with a section such as [study])");
		return;
	}
	if (open && close && strstr(msg, "which is not a key-value pair")) {
		text = open + 3;
		tlen = (size_t)(close - text);
		line = line_find(buf, len, MATCH_LINE, text, tlen, &col);
		what = "not a [section], key = value or # comment";
	} else if (strncmp(msg, "Invalid group name: ", 20) == 0) {
		text = msg + 20;
		tlen = strlen(text);
		line = line_find(buf, len, MATCH_SECTION, text, tlen, &col);
		what = "bad section name";
	} else if (strncmp(msg, "Invalid key name: ", 18) == 0) {
		text = msg + 18;
		tlen = strlen(text);
		line = line_find(buf, len, MATCH_KEY, text, tlen, &col);
		what = "bad key name";
	}
	if (what)
		diag_error(d, file, line, col, "%s ('%s')", what,
			   diag_quote(text, tlen));
	else
		diag_error(d, file, 0, 0, "not a valid key file (%s)", msg);
}

