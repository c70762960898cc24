/* published.c: reads the claims of a results.json or a published page.
 *
 * A page is read line by line.  A line is a table row when it starts with
 * '|' (Markdown) or holds a tab (the wiki's plain-text copies); a table is
 * the header row and the rows of the same style that follow it.  Rows are
 * split into cells, each remembered with its byte column so that errors
 * point at it.  The rules are in published.h. */
#include "ingest/published.h"

#include "ingest/pubmatch.h"
#include "ingest/published_text.h"
#include "ingest/results_json.h"
#include "common/fileread.h"
#include "common/mdbreak.h"
#include "common/strutil.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAX_CELLS 64
/* State, registration, service, Win32 and ETW priority. */
#define MECH_COLUMNS 5

/* ---------------------------------------------------------------------
 * Small helpers. */

static char *dup_range(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

#define dup_str(s) strutil_dup(s)

/* Grows *ARR (of *N elements of SIZE bytes, capacity *CAP) by one zeroed
 * element and returns it, or NULL when out of memory. */
static void *grow(void **arr, size_t *n, size_t *cap, size_t size)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 8;
		void *p = realloc(*arr, nc * size);
		if (!p)
			return NULL;
		*arr = p;
		*cap = nc;
	}
	void *e = (char *)*arr + *n * size;
	memset(e, 0, size);
	(*n)++;
	return e;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v'
	       || c == '\f';
}

/* ---------------------------------------------------------------------
 * The reader's state. */

typedef struct reader {
	const char *path;
	const pub_phrase *vocab;
	size_t n_vocab;
	const study_plan *plan; /* whose states the file names, or NULL */
	diag *d;
	published *p;
	pb_status st;           /* PB_NOMEM once memory ran out */
	size_t cap_cmp, cap_concl, cap_mech, cap_values, cap_inputs,
	       cap_runs;
	long long schema_version;   /* of a results.json */
	results_json_src js;             /* a results.json's name for messages */
} reader;

static void nomem(reader *r)
{
	r->st = PB_NOMEM;
	diag_fail(r->d, PB_NOMEM);
}

/* The first phrase of CONCEPT that TEXT matches, or NULL; captures as in
 * pub_template_match. */
static const pub_phrase *phrase_match(reader *r, pub_concept concept,
				      const char *text, char **caps,
				      size_t max_caps)
{
	size_t from, to;

	pub_phrases_of(r->vocab, r->n_vocab, concept, &from, &to);
	for (size_t i = from; i < to; i++) {
		const pub_phrase *ph = &r->vocab[i];
		if (ph->concept == concept
		    && pub_template_match(ph->text, text, caps, max_caps))
			return ph;
	}
	return NULL;
}

/* ---------------------------------------------------------------------
 * Cells of a page. */

typedef struct cell {
	char *text;             /* cleaned: trimmed, backticks and escapes
				   removed */
	size_t col;             /* 1-based byte column of its first byte */
} cell;

typedef struct row {
	cell cells[MAX_CELLS];
	size_t n;
	bool markdown;
	bool delimiter;         /* a Markdown |---|---| row */
	bool too_many;
} row;

static void row_clear(row *rw)
{
	for (size_t i = 0; i < rw->n; i++) {
		free(rw->cells[i].text);
		rw->cells[i].text = NULL;
	}
	rw->n = 0;
}

/* The length of the run of backticks at S[I..LEN). */
static size_t fence_at(const char *s, size_t len, size_t i)
{
	size_t n = 0;
	while (i + n < len && s[i + n] == '`')
		n++;
	return n;
}

/* Where the code span opened by the N backticks at S[I] closes (a run of
 * exactly N), or 0 when it does not. */
static size_t fence_close(const char *s, size_t len, size_t i, size_t n)
{
	for (size_t j = i + n; j < len;) {
		size_t m = fence_at(s, len, j);
		if (m == n)
			return j;
		j += m ? m : 1;
	}
	return 0;
}

/* Copies the text of the code span S[A..B) to OUT at *K as CommonMark
 * reads it: as written (backticks and blanks kept, a table's "\|" read
 * as '|'), less one padding space at each end when both are there. */
static void code_text(const char *s, size_t a, size_t b, char *out,
		      size_t *k)
{
	if (b - a >= 2 && s[a] == ' ' && s[b - 1] == ' ') {
		a++;
		b--;
	}
	for (size_t i = a; i < b; i++) {
		if (s[i] == '\\' && i + 1 < b && s[i + 1] == '|')
			i++;
		out[(*k)++] = s[i];
	}
}

/* The cleaned text of the raw cell S (LEN bytes): code spans' fences
 * dropped (code spans are optional) and their text kept as written,
 * the page writer's empty comment after an '@' (common/mdbreak.h) and
 * Markdown escapes undone (outside code spans a backslash before ASCII
 * punctuation, inside them "\|"), runs of white space outside code spans
 * made one space, leading and trailing space trimmed. */
static char *clean_cell(const char *s, size_t len, bool markdown)
{
	char *out = malloc(len + 1);
	size_t k = 0;
	bool in_code = false, space = false;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '`') {
			size_t n = fence_at(s, len, i);
			size_t end = markdown ? fence_close(s, len, i, n) : 0;
			if (end) {
				if (space)
					out[k++] = ' ';
				space = false;
				code_text(s, i + n, end, out, &k);
				i = end + n - 1;
			} else {
				in_code = !in_code;
			}
			continue;
		}
		if (markdown && !in_code && len - i >= MDBREAK_LEN
		    && memcmp(s + i, MDBREAK, MDBREAK_LEN) == 0) {
			i += MDBREAK_LEN - 1;
			continue;
		}
		if (markdown && c == '\\' && i + 1 < len
		    && (in_code ? s[i + 1] == '|'
				: ((unsigned char)s[i + 1] < 128
				   && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
					     s[i + 1]) != NULL))) {
			c = s[++i];
		}
		if (is_space(c)) {
			space = k > 0;
			continue;
		}
		if (space)
			out[k++] = ' ';
		space = false;
		out[k++] = c;
	}
	out[k] = '\0';
	return out;
}

static bool is_delimiter_cell(const char *t)
{
	size_t dashes = 0;
	if (*t == ':')
		t++;
	while (*t == '-') {
		t++;
		dashes++;
	}
	if (*t == ':')
		t++;
	return dashes > 0 && *t == '\0';
}

/* Splits LINE (LEN bytes, no newline) into RW when it is a table row;
 * false when it is not one. */
static bool split_row(reader *r, const char *line, size_t len, row *rw)
{
	size_t i = 0, start;

	rw->n = 0;
	rw->too_many = false;
	rw->delimiter = false;
	while (i < len && line[i] == ' ')
		i++;
	if (i < len && line[i] == '|') {
		/* Markdown: cells between unescaped '|'. */
		rw->markdown = true;
		start = ++i;
		for (; i <= len; i++) {
			if (i < len && line[i] == '\\' && i + 1 < len) {
				i++;
				continue;
			}
			if (i < len && line[i] != '|')
				continue;
			if (i == len) {
				/* Text after the last '|' that is not blank
				 * is a cell of its own (GFM allows leaving out
				 * the final pipe). */
				size_t j = start;
				while (j < len && is_space(line[j]))
					j++;
				if (j == len)
					break;
			}
			if (rw->n == MAX_CELLS) {
				rw->too_many = true;
				break;
			}
			size_t a = start;
			while (a < i && is_space(line[a]))
				a++;
			cell *c = &rw->cells[rw->n];
			c->col = a + 1;
			c->text = clean_cell(line + start, i - start, true);
			if (!c->text) {
				nomem(r);
				return false;
			}
			rw->n++;
			start = i + 1;
		}
		rw->delimiter = rw->n > 0;
		for (size_t k = 0; k < rw->n; k++)
			if (!is_delimiter_cell(rw->cells[k].text))
				rw->delimiter = false;
		return true;
	}
	if (!memchr(line, '\t', len))
		return false;
	rw->markdown = false;
	start = 0;
	for (i = 0; i <= len; i++) {
		if (i < len && line[i] != '\t')
			continue;
		if (rw->n == MAX_CELLS) {
			rw->too_many = true;
			break;
		}
		size_t a = start;
		while (a < i && line[a] == ' ')
			a++;
		cell *c = &rw->cells[rw->n];
		c->col = a + 1;
		c->text = clean_cell(line + start, i - start, false);
		if (!c->text) {
			nomem(r);
			return false;
		}
		rw->n++;
		start = i + 1;
	}
	return true;
}

/* ---------------------------------------------------------------------
 * Values inside cells. */

/* "K/N" filling S. */
static bool parse_fraction(const char *s, size_t *k, size_t *n)
{
	const char *slash = strchr(s, '/');
	char *a;
	bool ok;

	if (!slash)
		return false;
	a = dup_range(s, (size_t)(slash - s));
	if (!a)
		return false;
	ok = pub_count_parse(a, k) && pub_count_parse(slash + 1, n) && *k <= *n;
	free(a);
	return ok;
}

/* A state as a page writes it: a number, hex, or the word for missing;
 * or, in a named-state study, one of its names. */
static bool parse_state(reader *r, const char *s, pb_state *out)
{
	return pub_state_text(r->plan, r->vocab, r->n_vocab, s, out);
}

/* Splits S at ", " into a new array of new strings (*N of them); NULL
 * when out of memory. */
static char **split_list(const char *s, size_t *n)
{
	size_t cap = 1;
	for (const char *p = s; (p = strstr(p, ", ")) != NULL; p += 2)
		cap++;
	char **parts = calloc(cap, sizeof *parts);
	size_t k = 0;
	const char *start = s;

	if (!parts)
		return NULL;
	for (;;) {
		const char *sep = strstr(start, ", ");
		size_t len = sep ? (size_t)(sep - start) : strlen(start);
		parts[k] = dup_range(start, len);
		if (!parts[k]) {
			for (size_t i = 0; i < k; i++)
				free(parts[i]);
			free(parts);
			return NULL;
		}
		k++;
		if (!sep)
			break;
		start = sep + 2;
	}
	*n = k;
	return parts;
}

static void free_list(char **parts, size_t n)
{
	for (size_t i = 0; parts && i < n; i++)
		free(parts[i]);
	free(parts);
}

/* Joins PARTS[I..J] with ", " into a new string. */
static char *join_parts(char **parts, size_t i, size_t j)
{
	size_t len = 0;
	for (size_t k = i; k <= j; k++)
		len += strlen(parts[k]) + 2;
	char *s = malloc(len + 1);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (size_t k = i; k <= j; k++) {
		if (k > i)
			strcat(s, ", ");
		strcat(s, parts[k]);
	}
	return s;
}

/* ---------------------------------------------------------------------
 * Tables of a page. */

typedef enum table_kind { TABLE_NONE, TABLE_CMP, TABLE_MECH, TABLE_VALUES }
	table_kind;

typedef struct table {
	table_kind kind;
	bool markdown;
	bool need_delimiter;    /* Markdown: the next row must be |---| */
	size_t cells;           /* the header's number of cells */
	size_t index;           /* 0-based among the page's tables of KIND */
	/* comparison table: the series columns */
	char *series_id[MAX_CELLS];
	char *series_label[MAX_CELLS];
} table;

static void table_reset(table *t)
{
	for (size_t i = 0; i < MAX_CELLS; i++) {
		free(t->series_id[i]);
		free(t->series_label[i]);
	}
	memset(t, 0, sizeof *t);
}

static void cell_error(reader *r, size_t line, const cell *c,
		       const char *what)
{
	diag_error(r->d, r->path, line, c->col, "%s ('%s')", what,
		   diag_quote(c->text, strlen(c->text)));
}

/* Remembers the language of the first header recognised. */
static void note_lang(reader *r, const pub_phrase *ph)
{
	if (!r->p->lang && ph)
		r->p->lang = ph->lang;
}

/* The confidence level CONF ("95%") that a series column of the
 * comparison table's header C states. */
static void header_confidence(reader *r, size_t line, const cell *c,
			      const char *conf)
{
	const char *at = conf && *conf ? strstr(c->text, conf) : NULL;

	if (at && pub_text_confidence(r->p, conf, line,
				      c->col + (size_t)(at - c->text))
		  != PB_OK)
		nomem(r);
}

/* The comparison table's header RW, whose first cell stated the
 * reference REF_TEXT: the reference, the series columns (into T) and the
 * conclusion, each checked. */
static void cmp_header(reader *r, size_t line, const row *rw, table *t,
		       const char *ref_text)
{
	pb_state ref;

	t->kind = TABLE_CMP;
	if (parse_state(r, ref_text, &ref)) {
		if (r->p->reference_given
		    && !pb_state_equal(ref, r->p->reference))
			cell_error(r, line, &rw->cells[0],
				   "a second comparison table names "
				   "another reference");
		r->p->reference_given = true;
		r->p->reference = ref;
	} else {
		cell_error(r, line, &rw->cells[0],
			   "the reference state is not a state");
	}
	if (!phrase_match(r, PUB_CMP_CONCLUSION_HEAD,
			  rw->cells[rw->n - 1].text, NULL, 0))
		cell_error(r, line, &rw->cells[rw->n - 1],
			   "the last column of the comparison table "
			   "is not its conclusion");
	for (size_t k = 1; k + 1 < rw->n; k++) {
		char *sc[2], *id[1];
		if (!phrase_match(r, PUB_CMP_SERIES_HEAD, rw->cells[k].text,
				  sc, 2)) {
			cell_error(r, line, &rw->cells[k],
				   "not a series column of the "
				   "comparison table");
			continue;
		}
		t->series_label[k] = sc[0];
		header_confidence(r, line, &rw->cells[k], sc[1]);
		free(sc[1]);
		if (sc[0] && phrase_match(r, PUB_SERIES_LABEL, sc[0], id, 1))
			t->series_id[k] = id[0];
	}
}

/* Recognises RW as a header row and checks its cells.  Returns the kind
 * of table it starts (TABLE_NONE when it is not a header); a header whose
 * first two cells are recognised but whose others are not is an error,
 * reported here, and still starts the table so its rows are not taken for
 * text. */
static table_kind header_kind(reader *r, size_t line, const row *rw,
			      table *t)
{
	const pub_phrase *ph;
	char *caps[2];

	if (rw->n < 3 || rw->delimiter)
		return TABLE_NONE;
	/* The comparison table: reference, series columns, conclusion. */
	ph = phrase_match(r, PUB_CMP_HEAD, rw->cells[0].text, caps, 1);
	if (ph && (phrase_match(r, PUB_CMP_SERIES_HEAD, rw->cells[1].text,
				NULL, 0)
		   || phrase_match(r, PUB_CMP_CONCLUSION_HEAD,
				   rw->cells[1].text, NULL, 0))) {
		note_lang(r, ph);
		cmp_header(r, line, rw, t, caps[0]);
		free(caps[0]);
		return TABLE_CMP;
	}
	free(caps[0]);
	ph = phrase_match(r, PUB_MECH_HEAD_STATE, rw->cells[0].text, NULL, 0);
	if (ph && rw->n >= 2 && phrase_match(r, PUB_MECH_HEAD_REGISTRATION,
					     rw->cells[1].text, NULL, 0)) {
		static const pub_concept want[MECH_COLUMNS] = {
			PUB_MECH_HEAD_STATE, PUB_MECH_HEAD_REGISTRATION,
			PUB_MECH_HEAD_SERVICE, PUB_MECH_HEAD_WIN32,
			PUB_MECH_HEAD_ETW
		};
		note_lang(r, ph);
		if (rw->n != MECH_COLUMNS)
			cell_error(r, line, &rw->cells[0],
				   "the mechanism table needs 5 columns");
		for (size_t k = 2; k < rw->n && k < MECH_COLUMNS; k++)
			if (!phrase_match(r, want[k], rw->cells[k].text, NULL,
					  0))
				cell_error(r, line, &rw->cells[k],
					   "not a column of the mechanism "
					   "table");
		t->kind = TABLE_MECH;
		return TABLE_MECH;
	}
	ph = phrase_match(r, PUB_VAL_HEAD_WRITTEN, rw->cells[0].text, NULL, 0);
	if (ph && phrase_match(r, PUB_VAL_HEAD_OBSERVED, rw->cells[1].text,
			       NULL, 0)) {
		note_lang(r, ph);
		if (rw->n != 3)
			cell_error(r, line, &rw->cells[0],
				   "the value-handling table needs 3 columns");
		else if (!phrase_match(r, PUB_VAL_HEAD_RESULT,
				       rw->cells[2].text, NULL, 0))
			cell_error(r, line, &rw->cells[2],
				   "not a column of the value-handling table");
		t->kind = TABLE_VALUES;
		return TABLE_VALUES;
	}
	return TABLE_NONE;
}

/* A comparison cell: "+0.625 ms [-1.111; +2.474]", an estimate with the
 * no-interval phrase, or the no-pairs phrase. */
static bool parse_cmp_cell(reader *r, size_t line, const cell *c,
			   pub_cmp *pc)
{
	const char *s = c->text;
	size_t used;
	int dec;
	double v;

	if (phrase_match(r, PUB_NO_PAIRS, s, NULL, 0)) {
		pc->no_pairs = true;
		return true;
	}
	used = pub_number_parse(s, &v, &dec);
	if (!used) {
		cell_error(r, line, c, "expected a difference such as "
			   "'+0.625 ms [-1.111; +2.474]'");
		return false;
	}
	pc->estimate = (pub_num){ true, v, dec, line, c->col };
	s += used;
	const char *open = strchr(s, '[');
	if (!open) {
		/* An estimate alone, perhaps with the no-interval phrase. */
		size_t from, to;
		pub_phrases_of(r->vocab, r->n_vocab, PUB_NO_INTERVAL, &from,
			       &to);
		for (size_t i = from; i < to; i++) {
			const pub_phrase *ph = &r->vocab[i];
			size_t n = strlen(ph->text), m = strlen(s);
			if (ph->concept == PUB_NO_INTERVAL && n <= m
			    && strcmp(s + m - n, ph->text) == 0)
				pc->no_interval = true;
		}
		return true;
	}
	size_t col = c->col + (size_t)(open - c->text) + 1;
	s = open + 1;
	while (*s == ' ')
		s++;
	used = pub_number_parse(s, &v, &dec);
	if (!used) {
		cell_error(r, line, c, "expected the interval's lower bound "
			   "after '['");
		return false;
	}
	pc->lo = (pub_num){ true, v, dec, line, col };
	s += used;
	while (*s == ' ')
		s++;
	if (*s != ';' && *s != ',') {
		cell_error(r, line, c, "expected ';' between the interval's "
			   "bounds");
		return false;
	}
	s++;
	while (*s == ' ')
		s++;
	used = pub_number_parse(s, &v, &dec);
	if (!used) {
		cell_error(r, line, c, "expected the interval's upper bound");
		return false;
	}
	pc->hi = (pub_num){ true, v, dec, line, col };
	s += used;
	while (*s == ' ')
		s++;
	if (*s != ']' || s[1] != '\0') {
		cell_error(r, line, c, "expected ']' to end the cell");
		return false;
	}
	if (pc->lo.value > pc->hi.value) {
		cell_error(r, line, c, "the interval's lower bound exceeds "
			   "its upper bound");
		return false;
	}
	return true;
}

/* The conclusion phrase of a conclusion cell TEXT: the whole cell, or
 * the conclusion that leads the list of each series' verdict (that list
 * is not read: the series' verdicts are in results.json). */
static const pub_phrase *conclusion_match(reader *r, const char *text)
{
	const pub_phrase *ph = phrase_match(r, PUB_CONCLUSION, text, NULL, 0);
	char *caps[2];
	size_t from, to;

	pub_phrases_of(r->vocab, r->n_vocab, PUB_CONCLUSION_WITH_SERIES, &from,
		       &to);
	for (size_t i = from; !ph && i < to; i++) {
		const pub_phrase *with = &r->vocab[i];
		if (with->concept != PUB_CONCLUSION_WITH_SERIES
		    || !pub_template_match(with->text, text, caps, 2))
			continue;
		ph = phrase_match(r, PUB_CONCLUSION, caps[0], NULL, 0);
		free(caps[0]);
		free(caps[1]);
	}
	return ph;
}

static void cmp_row(reader *r, size_t line, const row *rw, const table *t)
{
	pb_state st;
	const pub_phrase *ph;

	if (!parse_state(r, rw->cells[0].text, &st)) {
		cell_error(r, line, &rw->cells[0], "not a state");
		return;
	}
	for (size_t k = 1; k + 1 < rw->n; k++) {
		pub_cmp pc;
		memset(&pc, 0, sizeof pc);
		pc.state = st;
		pc.line = line;
		pc.series_pos = k - 1;
		if (!parse_cmp_cell(r, line, &rw->cells[k], &pc))
			continue;
		pub_cmp *e = grow((void **)&r->p->cmp, &r->p->n_cmp,
				  &r->cap_cmp, sizeof *e);
		if (!e) {
			nomem(r);
			return;
		}
		*e = pc;
		e->series_id = dup_str(t->series_id[k]);
		e->series_label = dup_str(t->series_label[k]);
		if ((t->series_id[k] && !e->series_id)
		    || (t->series_label[k] && !e->series_label)) {
			nomem(r);
			return;
		}
	}
	const cell *last = &rw->cells[rw->n - 1];
	ph = conclusion_match(r, last->text);
	if (!ph || !ph->code) {
		cell_error(r, line, last, "not a known conclusion");
		return;
	}
	pub_conclusion *pc = grow((void **)&r->p->conclusions,
				  &r->p->n_conclusions, &r->cap_concl,
				  sizeof *pc);
	if (!pc || !(pc->verdict = dup_str(ph->code))) {
		nomem(r);
		return;
	}
	pc->state = st;
	pc->line = line;
	pc->col = last->col;
}

/* "WORD" or "WORD (K/N)": a phrase of CONCEPT with an optional count. */
static const pub_phrase *counted_phrase(reader *r, pub_concept concept,
					const char *s, bool *counted,
					size_t *k, size_t *n)
{
	const pub_phrase *ph = phrase_match(r, concept, s, NULL, 0);
	size_t from, to;

	*counted = false;
	if (ph)
		return ph;
	pub_phrases_of(r->vocab, r->n_vocab, concept, &from, &to);
	for (size_t i = from; i < to; i++) {
		const pub_phrase *p = &r->vocab[i];
		size_t len = strlen(p->text);
		if (p->concept != concept || strncmp(s, p->text, len) != 0
		    || strncmp(s + len, " (", 2) != 0)
			continue;
		const char *rest = s + len + 2;
		size_t rl = strlen(rest);
		if (rl < 2 || rest[rl - 1] != ')')
			continue;
		char *frac = dup_range(rest, rl - 1);
		bool ok = frac && parse_fraction(frac, k, n);
		free(frac);
		if (ok) {
			*counted = true;
			return p;
		}
	}
	return NULL;
}

/* "a -> b -> c" (or with U+2192), filling V. */
static bool parse_transition(const char *s, long v[3])
{
	for (int i = 0; i < 3; i++) {
		char *end;
		while (*s == ' ')
			s++;
		errno = 0;
		v[i] = strtol(s, &end, 10);
		if (end == s || errno)
			return false;
		s = end;
		while (*s == ' ')
			s++;
		if (i == 2)
			break;
		if (s[0] == '-' && s[1] == '>')
			s += 2;
		else if ((unsigned char)s[0] == 0xE2
			 && (unsigned char)s[1] == 0x86
			 && (unsigned char)s[2] == 0x92)
			s += 3;
		else
			return false;
	}
	return *s == '\0';
}

/* A priority cell: transitions (with "(K/N)" counts when boots differ) and
 * "not reported (K/N)", separated by ", ". */
static bool parse_prio_cell(reader *r, size_t line, const cell *c,
			    pub_transition **out, size_t *n_out)
{
	size_t n = 0;
	char **parts = split_list(c->text, &n);
	pub_transition *tr;

	*out = NULL;
	*n_out = 0;
	if (!parts) {
		nomem(r);
		return false;
	}
	tr = calloc(n, sizeof *tr);
	if (!tr) {
		free_list(parts, n);
		nomem(r);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		char *p = parts[i];
		size_t len = strlen(p);
		bool counted = false;
		size_t k = 0, m = 0;

		if (len > 2 && p[len - 1] == ')') {
			char *open = strrchr(p, '(');
			if (open && open > p && open[-1] == ' ') {
				char *frac = dup_range(open + 1,
					(size_t)(p + len - 1 - (open + 1)));
				counted = frac && parse_fraction(frac, &k, &m);
				free(frac);
				if (counted)
					open[-1] = '\0';
			}
		}
		tr[i].counted = counted;
		tr[i].boots = k;
		if (phrase_match(r, PUB_NOT_REPORTED, p, NULL, 0)) {
			tr[i].reported = false;
		} else if (parse_transition(p, tr[i].v)) {
			tr[i].reported = true;
		} else {
			cell_error(r, line, c, "expected a transition such as "
				   "'0 -> 10 -> 0'");
			free(tr);
			free_list(parts, n);
			return false;
		}
	}
	free_list(parts, n);
	*out = tr;
	*n_out = n;
	return true;
}

static void mech_row(reader *r, size_t line, const row *rw, const table *t)
{
	pub_mech m;
	size_t n = 0;
	char **parts;
	bool ok = true;

	memset(&m, 0, sizeof m);
	m.table = t->index;
	m.line = line;
	if (!parse_state(r, rw->cells[0].text, &m.state)) {
		cell_error(r, line, &rw->cells[0], "not a state");
		ok = false;
	}
	if (!parse_fraction(rw->cells[1].text, &m.registered, &m.boots)) {
		cell_error(r, line, &rw->cells[1], "expected registrations "
			   "as k/n");
		ok = false;
	}
	/* The service: one word for all boots, or words with counts. */
	parts = split_list(rw->cells[2].text, &n);
	if (!parts) {
		nomem(r);
		return;
	}
	for (size_t i = 0; ok && i < n; i++) {
		bool counted;
		size_t k = 0, of = 0;
		const pub_phrase *ph = counted_phrase(r, PUB_SERVICE_WORD,
						      parts[i], &counted, &k,
						      &of);
		bool unreported = false;
		if (!ph) {
			ph = counted_phrase(r, PUB_NOT_REPORTED, parts[i],
					    &counted, &k, &of);
			unreported = ph != NULL;
		}
		if (!ph || (n > 1 && !counted)) {
			cell_error(r, line, &rw->cells[2], "not a service "
				   "state");
			ok = false;
			break;
		}
		if (!counted)
			k = m.boots;
		m.service_given = true;
		if (unreported)
			m.unreported += k;
		else if (ph->code && strcmp(ph->code, "running") == 0)
			m.running += k;
		else
			m.stopped += k;
	}
	free_list(parts, n);
	if (ok && !parse_prio_cell(r, line, &rw->cells[3], &m.win32,
				   &m.n_win32))
		ok = false;
	if (ok && !parse_prio_cell(r, line, &rw->cells[4], &m.etw, &m.n_etw))
		ok = false;
	if (!ok) {
		free(m.win32);
		free(m.etw);
		return;
	}
	pub_mech *e = grow((void **)&r->p->mech, &r->p->n_mech, &r->cap_mech,
			   sizeof *e);
	if (!e) {
		free(m.win32);
		free(m.etw);
		nomem(r);
		return;
	}
	*e = m;
}

/* One part of an observed-state cell, matched against every observation
 * phrase; false when none fits. */
static bool observe(reader *r, const char *part, pub_value *v)
{
	const pub_phrase *ph;
	char *caps[1];

	if ((ph = phrase_match(r, PUB_OBS_API, part, caps, 1))) {
		char *end;
		errno = 0;
		long long x = strtoll(caps[0], &end, 10);
		bool ok = end != caps[0] && !*end && !errno;
		free(caps[0]);
		if (!ok)
			return false;
		v->api_given = true;
		v->api_ok = true;
		v->api = x;
		return true;
	}
	if (phrase_match(r, PUB_OBS_API_FAILED, part, NULL, 0)) {
		v->api_given = true;
		v->api_ok = false;
		return true;
	}
	if ((ph = phrase_match(r, PUB_OBS_SERVICE, part, NULL, 0)) && ph->code) {
		v->service = strcmp(ph->code, "running") == 0 ? 1
			     : strcmp(ph->code, "stopped") == 0 ? 0 : 2;
		return true;
	}
	if ((ph = phrase_match(r, PUB_OBS_REGISTRATION, part, NULL, 0))
	    && ph->code) {
		v->registered = strcmp(ph->code, "yes") == 0;
		return true;
	}
	return phrase_match(r, PUB_NOT_REPORTED, part, NULL, 0) != NULL;
}

static void value_row(reader *r, size_t line, const row *rw,
		      const table *t)
{
	pub_value v;
	size_t n = 0, nw = 0;
	char **parts, **written;
	const pub_phrase *ph;
	bool ok = true;

	memset(&v, 0, sizeof v);
	v.table = t->index;
	v.line = line;
	v.service = -1;
	v.registered = -1;
	parts = split_list(rw->cells[1].text, &n);
	if (!parts) {
		nomem(r);
		return;
	}
	/* Each part on its own first, then joined with the parts after it,
	 * so that a translation holding ", " still matches while a template's
	 * "%s" never swallows a neighbouring observation. */
	for (size_t i = 0; ok && i < n;) {
		size_t j = i + 1;
		for (; j <= n; j++) {
			char *s = join_parts(parts, i, j - 1);
			bool hit;
			if (!s) {
				free_list(parts, n);
				nomem(r);
				return;
			}
			hit = observe(r, s, &v);
			free(s);
			if (hit)
				break;
		}
		if (j > n) {
			cell_error(r, line, &rw->cells[1],
				   "not a known observation");
			ok = false;
		}
		i = j;
	}
	free_list(parts, n);
	ph = phrase_match(r, PUB_OUTCOME, rw->cells[2].text, NULL, 0);
	if (!ph || !ph->code) {
		cell_error(r, line, &rw->cells[2], "not a known result");
		ok = false;
	}
	written = split_list(rw->cells[0].text, &nw);
	if (!written) {
		nomem(r);
		return;
	}
	for (size_t i = 0; ok && i < nw; i++) {
		pub_value *e;
		if (!parse_state(r, written[i], &v.written)) {
			cell_error(r, line, &rw->cells[0], "not a list of "
				   "written values");
			break;
		}
		e = grow((void **)&r->p->values, &r->p->n_values,
			 &r->cap_values, sizeof *e);
		if (!e || !(v.outcome = dup_str(ph->code))) {
			nomem(r);
			break;
		}
		*e = v;
	}
	free_list(written, nw);
}

/* Remembers LINE as that of a table's header row (out of memory: not
 * remembered, so verify only checks that line's text more strictly). */
static void header_line(reader *r, size_t line)
{
	published *p = r->p;
	size_t *more = realloc(p->header_lines,
			       (p->n_header_lines + 1) * sizeof *more);

	if (!more)
		return;
	p->header_lines = more;
	p->header_lines[p->n_header_lines++] = line;
}

/* Row RW on line LINE of the page, in or starting table T: a header
 * (COUNTS: the tables of each kind so far), the delimiter row after it,
 * or a row of the table. */
static void table_line(reader *r, size_t line, const row *rw, table *t,
		       size_t counts[4])
{
	if (rw->too_many) {
		diag_error(r->d, r->path, line, 1, "more than %d cells in a row",
			   MAX_CELLS);
	} else if (t->kind == TABLE_NONE) {
		table_kind k = header_kind(r, line, rw, t);
		if (k != TABLE_NONE) {
			t->markdown = rw->markdown;
			t->need_delimiter = rw->markdown;
			t->cells = rw->n;
			t->index = counts[k]++;
			r->p->tables++;
			header_line(r, line);
		}
	} else if (t->need_delimiter) {
		t->need_delimiter = false;
		if (!rw->delimiter || rw->n != t->cells)
			diag_error(r->d, r->path, line, 1, "expected the "
				   "delimiter row (|---|) after the table's "
				   "header");
	} else if (rw->n != t->cells) {
		diag_error(r->d, r->path, line,
			   rw->n ? rw->cells[rw->n - 1].col : 1,
			   "%zu cells in a row of a table of %zu columns",
			   rw->n, t->cells);
	} else if (t->kind == TABLE_CMP) {
		cmp_row(r, line, rw, t);
	} else if (t->kind == TABLE_MECH) {
		/* A header short of columns was reported; its rows lack
		 * cells a row is read from. */
		if (t->cells >= MECH_COLUMNS)
			mech_row(r, line, rw, t);
	} else {
		value_row(r, line, rw, t);
	}
}

static pb_status parse_page(reader *r, const char *text, size_t len)
{
	table t;
	row rw;
	size_t line = 0, counts[4] = { 0, 0, 0, 0 };
	const char *p = text, *end = text + len;

	memset(&t, 0, sizeof t);
	memset(&rw, 0, sizeof rw);
	/* A UTF-8 byte order mark is not text. */
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end && r->st == PB_OK) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *start = p;
		bool is_row;

		line++;
		if (ll && p[ll - 1] == '\r')
			ll--;
		is_row = split_row(r, p, ll, &rw);
		p = nl ? nl + 1 : end;
		if (r->st != PB_OK)
			break;
		if (t.kind != TABLE_NONE && (!is_row || rw.markdown != t.markdown)) {
			if (t.need_delimiter)
				diag_error(r->d, r->path, line, 1,
					   "expected the delimiter row "
					   "(|---|) after the table's header");
			table_reset(&t);
		}
		if (!is_row) {
			row_clear(&rw);
			/* Outside the tables: perhaps the settings. */
			if (pub_text_line(r->p, r->vocab, r->n_vocab, start, ll,
					  line) != PB_OK)
				nomem(r);
			continue;
		}
		table_line(r, line, &rw, &t, counts);
		row_clear(&rw);
	}
	if (t.need_delimiter && r->st == PB_OK)
		diag_error(r->d, r->path, line, 1, "expected the delimiter row "
			   "(|---|) after the table's header");
	table_reset(&t);
	row_clear(&rw);
	if (r->st != PB_OK)
		return r->st;
	if (r->p->tables == 0) {
		diag_error(r->d, r->path, 0, 0, "no comparison, mechanism or "
			   "value-handling table found");
		return PB_DATAERR;
	}
	return diag_errors(r->d) ? PB_DATAERR : PB_OK;
}

/* ---------------------------------------------------------------------
 * results.json. */

static bool json_settings(reader *r, json_t *root)
{
	json_t *plan = results_json_section(&r->js, root, RS_PLAN), *v;
	const char *s;
	double x;

	if (!plan)
		return false;
	if (!results_json_get_state(&r->js, plan, "plan", RP_KEY(RP_REFERENCE),
				    &r->p->reference))
		return false;
	r->p->reference_given = true;
	v = json_object_get(plan, RP_KEY(RP_SEED));
	if (!json_is_integer(v) || json_integer_value(v) < 0
	    || json_integer_value(v) > UINT32_MAX)
		return results_json_bad(&r->js, "plan", RP_KEY(RP_SEED), "a seed");
	r->p->seed = (uint32_t)json_integer_value(v);
	v = json_object_get(plan, RP_KEY(RP_RESAMPLES));
	if (json_is_string(v) && strcmp(json_string_value(v), "exact") == 0) {
		r->p->resamples_exact = true;
	} else if (json_is_integer(v) && json_integer_value(v) >= 1) {
		r->p->resamples = (unsigned long)json_integer_value(v);
	} else {
		return results_json_bad(&r->js, "plan", RP_KEY(RP_RESAMPLES),
					"a count or 'exact'");
	}
	if (!results_json_get_str(&r->js, plan, "plan", RP_KEY(RP_INTERVAL), &s))
		return false;
	snprintf(r->p->interval, sizeof r->p->interval, "%s", s);
	if (!results_json_get_str(&r->js, plan, "plan", RP_KEY(RP_STATISTIC), &s))
		return false;
	snprintf(r->p->statistic, sizeof r->p->statistic, "%s", s);
	if (!results_json_get_num(&r->js, plan, "plan", RP_KEY(RP_CONFIDENCE),
				  false, NULL, &x))
		return false;
	r->p->confidence = x;
	r->p->settings_given = true;
	return true;
}

/* ---------------------------------------------------------------------
 * The settings and run counts results.json states, each to be verified.
 * A key it leaves out is not stated; a key of another type is kept as
 * what it says, and then differs from the recomputed setting. */

static void json_setting(reader *r, json_t *plan, const char *key,
			 const char *where, pub_setting_kind kind)
{
	json_t *v = json_object_get(plan, key);
	pub_num n = { true, 0, -1, 0, 0 };
	pb_status st = PB_OK;

	if (json_is_string(v)) {
		st = pub_setting_add(r->p, kind, json_string_value(v), NULL,
				     where, 0, 0);
	} else if (json_is_number(v)) {
		n.value = json_number_value(v);
		st = pub_setting_add(r->p, kind, NULL, &n, where, 0, 0);
	} else if (json_is_boolean(v)) {
		/* A yes-or-no setting ("registered") reads as a page
		 * states it. */
		st = pub_setting_add(r->p, kind, json_is_true(v) ? "yes"
				     : "no", NULL, where, 0, 0);
	} else if (v) {
		st = pub_setting_add(r->p, kind, "(not a string, number or "
				     "boolean)",
				     NULL, where, 0, 0);
	}
	if (st != PB_OK)
		nomem(r);
}

static bool json_plan_settings(reader *r, json_t *root)
{
	static const struct {
		results_plan_key key;
		const char *where;
		pub_setting_kind kind;
	} keys[] = {
		{ RP_STATISTIC, "plan.statistic", PUB_SET_STATISTIC },
		{ RP_THRESHOLD, "plan.threshold", PUB_SET_THRESHOLD },
		{ RP_UNIT, "plan.unit", PUB_SET_UNIT },
		{ RP_BETTER, "plan.better", PUB_SET_BETTER },
		{ RP_CONFIDENCE, "plan.confidence", PUB_SET_CONFIDENCE },
		{ RP_INTERVAL, "plan.interval", PUB_SET_METHOD },
		{ RP_RESAMPLES, "plan.resamples", PUB_SET_RESAMPLES },
		{ RP_SEED, "plan.seed", PUB_SET_SEED },
		{ RP_GENERATOR, "plan.generator", PUB_SET_GENERATOR },
		{ RP_DIGEST, "plan.digest", PUB_SET_PLAN_DIGEST },
		{ RP_REGISTERED, "plan.registered", PUB_SET_REGISTERED },
	};
	json_t *plan = json_object_get(root, RS_KEY(RS_PLAN));

	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		json_setting(r, plan, RP_KEY(keys[i].key), keys[i].where,
			     keys[i].kind);
	return r->st == PB_OK;
}

/* The excluded runs of one accounting entry E into A. */
static bool json_excluded(reader *r, json_t *e, pub_account *a)
{
	json_t *arr = json_object_get(e, RA_KEY(RA_EXCLUDED_RUNS)), *x;
	size_t i;

	if (!arr)
		return true;
	if (!json_is_array(arr))
		return results_json_bad(&r->js, "accounting",
					RA_KEY(RA_EXCLUDED_RUNS),
					results_schema_account_field(RA_EXCLUDED_RUNS)->want);
	a->excluded_ids = calloc(json_array_size(arr) + 1,
				 sizeof *a->excluded_ids);
	if (!a->excluded_ids) {
		nomem(r);
		return false;
	}
	json_array_foreach(arr, i, x) {
		const char *id;
		if (!results_json_get_str(&r->js, x, "excluded_runs", RX_KEY(RX_RUN),
					  &id))
			return false;
		if (!(a->excluded_ids[a->n_excluded] = dup_str(id))) {
			nomem(r);
			return false;
		}
		a->n_excluded++;
	}
	a->excluded_listed = true;
	return true;
}

/* The lost trace events and buffers of an accounting entry E, when it
 * has them. */
static bool json_lost(reader *r, json_t *e, pub_account *a)
{
	size_t events, buffers;

	if (!json_object_get(e, RA_KEY(RA_LOST_EVENTS))
	    && !json_object_get(e, RA_KEY(RA_LOST_BUFFERS)))
		return true;
	if (!results_json_get_count(&r->js, e, "accounting",
				    RA_KEY(RA_LOST_EVENTS), &events)
	    || !results_json_get_count(&r->js, e, "accounting",
				       RA_KEY(RA_LOST_BUFFERS), &buffers))
		return false;
	a->lost_given = true;
	a->lost_events = events;
	a->lost_buffers = buffers;
	return true;
}

static bool json_accounting(reader *r, json_t *root)
{
	json_t *arr = json_object_get(root, RS_KEY(RS_ACCOUNTING)), *e;
	size_t i, cap = 0;

	/* A file without run counts states none. */
	if (!arr)
		return true;
	if (!results_json_section(&r->js, root, RS_ACCOUNTING))
		return false;
	json_array_foreach(arr, i, e) {
		const char *series;
		pub_account *a;
		if (!results_json_get_str(&r->js, e, "accounting",
					  RA_KEY(RA_SERIES), &series))
			return false;
		a = grow((void **)&r->p->accounts, &r->p->n_accounts, &cap,
			 sizeof *a);
		if (!a || !(a->series_id = dup_str(series))) {
			nomem(r);
			return false;
		}
		if (!results_json_get_count(&r->js, e, "accounting",
					    RA_KEY(RA_RUNS), &a->runs)
		    || !results_json_get_count(&r->js, e, "accounting",
					       RA_KEY(RA_ACCEPTED), &a->accepted)
		    || !results_json_get_count(&r->js, e, "accounting",
					       RA_KEY(RA_EXCLUDED), &a->excluded)
		    || !json_excluded(r, e, a) || !json_lost(r, e, a))
			return false;
		a->excluded_given = true;
	}
	return true;
}

static bool json_inputs(reader *r, json_t *root)
{
	json_t *arr = results_json_section(&r->js, root, RS_INPUTS), *e;
	size_t i;

	if (!arr)
		return false;
	json_array_foreach(arr, i, e) {
		const char *path, *sha;
		pub_input *in;
		if (!results_json_get_str(&r->js, e, "inputs", RN_KEY(RN_PATH), &path)
		    || !results_json_get_str(&r->js, e, "inputs", RN_KEY(RN_SHA256),
					     &sha))
			return false;
		if (strlen(sha) != 64)
			return results_json_bad(&r->js, "inputs", RN_KEY(RN_SHA256),
						results_schema_input_field(RN_SHA256)->want);
		in = grow((void **)&r->p->inputs, &r->p->n_inputs,
			  &r->cap_inputs, sizeof *in);
		if (!in || !(in->path = dup_str(path))) {
			nomem(r);
			return false;
		}
		memcpy(in->sha256, sha, 65);
	}
	return true;
}

static bool json_runs(reader *r, json_t *root)
{
	json_t *arr = results_json_section(&r->js, root, RS_RUNS), *e;
	size_t i;

	if (!arr)
		return false;
	json_array_foreach(arr, i, e) {
		const char *id;
		pub_run *run;
		bool present;
		double x = 0;
		if (!results_json_get_str(&r->js, e, "runs", RR_KEY(RR_RUN), &id)
		    || !results_json_get_num(&r->js, e, "runs", RR_KEY(RR_STATISTIC), true,
					     &present, &x))
			return false;
		run = grow((void **)&r->p->runs, &r->p->n_runs, &r->cap_runs,
			   sizeof *run);
		if (!run || !(run->id = dup_str(id))) {
			nomem(r);
			return false;
		}
		run->has_statistic = present;
		run->statistic = x;
	}
	return true;
}

static pub_num json_pub_num(bool present, double x)
{
	pub_num n = { present, x, -1, 0, 0 };
	return n;
}

/* A verdict code of R's file in the current codes: schema version 1
 * called detected-size-open "detected-small" (the same interval rule). */
static const char *current_code(const reader *r, const char *code)
{
	if (r->schema_version == 1 && strcmp(code, "detected-small") == 0)
		return "detected-size-open";
	return code;
}

static bool json_comparisons(reader *r, json_t *root)
{
	json_t *arr = results_json_section(&r->js, root, RS_COMPARISONS), *e;
	size_t i;

	if (!arr)
		return false;
	json_array_foreach(arr, i, e) {
		const char *series, *verdict;
		pub_cmp pc;
		bool p_est, p_lo, p_hi;
		double est = 0, lo = 0, hi = 0;
		json_t *ci = json_object_get(e, RC_KEY(RC_INTERVAL));

		memset(&pc, 0, sizeof pc);
		if (!results_json_get_str(&r->js, e, "comparisons", RC_KEY(RC_SERIES),
					  &series)
		    || !results_json_get_state(&r->js, e, "comparisons", RC_KEY(RC_STATE),
					       &pc.state)
		    || !results_json_get_num(&r->js, e, "comparisons",
					     RC_KEY(RC_DIFFERENCE),
					     true, &p_est,
					     &est)
		    || !results_json_get_str(&r->js, e, "comparisons", RC_KEY(RC_VERDICT),
					     &verdict))
			return false;
		if (!json_is_object(ci))
			return results_json_bad(&r->js, "comparisons", RC_KEY(RC_INTERVAL),
						"an object");
		if (!results_json_get_num(&r->js, ci, "interval", RI_KEY(RI_LO), true,
					  &p_lo,
					  &lo)
		    || !results_json_get_num(&r->js, ci, "interval", RI_KEY(RI_HI), true,
					     &p_hi, &hi))
			return false;
		pc.estimate = json_pub_num(p_est, est);
		pc.lo = json_pub_num(p_lo, lo);
		pc.hi = json_pub_num(p_hi, hi);
		pc.no_interval = !p_lo || !p_hi;
		pc.no_pairs = !p_est;
		if (json_object_get(e, RC_KEY(RC_PAIRS))) {
			if (!results_json_get_count(&r->js, e, "comparisons",
						    RC_KEY(RC_PAIRS), &pc.pairs))
				return false;
			pc.pairs_given = true;
		}
		pub_cmp *out = grow((void **)&r->p->cmp, &r->p->n_cmp,
				    &r->cap_cmp, sizeof *out);
		if (!out) {
			nomem(r);
			return false;
		}
		*out = pc;
		out->series_id = dup_str(series);
		out->verdict = dup_str(current_code(r, verdict));
		if (!out->series_id || !out->verdict) {
			nomem(r);
			return false;
		}
	}
	arr = results_json_section(&r->js, root, RS_VERDICTS);
	if (!arr)
		return false;
	json_array_foreach(arr, i, e) {
		const char *verdict;
		pb_state st;
		pub_conclusion *pc;
		if (!results_json_get_state(&r->js, e, "verdicts", RD_KEY(RD_STATE),
					    &st)
		    || !results_json_get_str(&r->js, e, "verdicts",
					     RD_KEY(RD_VERDICT), &verdict))
			return false;
		pc = grow((void **)&r->p->conclusions, &r->p->n_conclusions,
			  &r->cap_concl, sizeof *pc);
		if (!pc || !(pc->verdict = dup_str(current_code(r, verdict)))) {
			nomem(r);
			return false;
		}
		pc->state = st;
	}
	return true;
}

/* Appends an entry of BOOTS to the column list *LIST: transition V, or
 * "not reported" when V is NULL. */
static bool append_transition(pub_transition **list, size_t *n,
			      const long v[3], size_t boots)
{
	pub_transition *p = realloc(*list, (*n + 1) * sizeof *p);
	if (!p)
		return false;
	*list = p;
	memset(&p[*n], 0, sizeof p[*n]);
	p[*n].reported = v != NULL;
	if (v)
		memcpy(p[*n].v, v, sizeof p[*n].v);
	p[*n].boots = boots;
	p[*n].counted = true;
	(*n)++;
	return true;
}

/* Adds BOOTS of transition V to the column list *LIST, merging equal
 * transitions (results.json lists Win32 and ETW together). */
static bool add_transition(pub_transition **list, size_t *n, const long v[3],
			   size_t boots)
{
	for (size_t i = 0; i < *n; i++) {
		if ((*list)[i].reported
		    && memcmp((*list)[i].v, v, sizeof (*list)[i].v) == 0) {
			(*list)[i].boots += boots;
			return true;
		}
	}
	return append_transition(list, n, v, boots);
}

/* The counts of the mechanism state E into M, its series into *SERIES and
 * its boots without every phase's priority into *INCOMPLETE. */
static bool mech_counts(reader *r, json_t *e, pub_mech *m,
			const char **series, size_t *incomplete)
{
	static const results_mech_key keys[] = {
		RM_BOOTS, RM_REGISTERED, RM_SERVICE_RUNNING,
		RM_SERVICE_STOPPED, RM_SERVICE_UNKNOWN,
	};
	size_t *counts[] = {
		&m->boots, &m->registered, &m->running, &m->stopped,
		&m->unreported,
	};

	if (!results_json_get_str(&r->js, e, "mechanism", RM_KEY(RM_SERIES),
				  series)
	    || !results_json_get_state(&r->js, e, "mechanism", RM_KEY(RM_STATE),
				       &m->state))
		return false;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!results_json_get_count(&r->js, e, "mechanism", RM_KEY(keys[i]),
					    counts[i]))
			return false;
	return results_json_get_count(&r->js, e, "mechanism",
				      RM_KEY(RM_PRIORITY_INCOMPLETE), incomplete);
}

/* The priority entries of the mechanism state E into M's two columns,
 * with the boots that did not report every phase as "not reported". */
static bool mech_priorities(reader *r, json_t *e, pub_mech *m,
			    size_t incomplete)
{
	json_t *vars = json_object_get(e, RM_KEY(RM_PRIORITY)), *v;
	size_t j;

	if (!json_is_array(vars))
		return results_json_bad(&r->js, "mechanism", RM_KEY(RM_PRIORITY),
					results_schema_mech_field(RM_PRIORITY)->want);
	json_array_foreach(vars, j, v) {
		long w[PRIO_PHASES], t[PRIO_PHASES];
		size_t boots;
		if (!results_json_get_phases(&r->js, v, RV_KEY(RV_WIN32), w)
		    || !results_json_get_phases(&r->js, v, RV_KEY(RV_ETW), t)
		    || !results_json_get_count(&r->js, v, "mechanism",
					       RV_KEY(RV_BOOTS), &boots))
			return false;
		if (!add_transition(&m->win32, &m->n_win32, w, boots)
		    || !add_transition(&m->etw, &m->n_etw, t, boots)) {
			nomem(r);
			return false;
		}
	}
	if (incomplete
	    && (!append_transition(&m->win32, &m->n_win32, NULL, incomplete)
		|| !append_transition(&m->etw, &m->n_etw, NULL, incomplete))) {
		nomem(r);
		return false;
	}
	return true;
}

static bool json_mechanism(reader *r, json_t *root)
{
	json_t *arr = results_json_section(&r->js, root, RS_MECHANISM), *e;
	size_t i, rank = 0;
	const char *prev = NULL;

	if (!arr)
		return false;
	json_array_foreach(arr, i, e) {
		const char *series;
		pub_mech m, *out;
		size_t incomplete = 0;
		bool ok;

		memset(&m, 0, sizeof m);
		if (!mech_counts(r, e, &m, &series, &incomplete))
			return false;
		if (prev && strcmp(prev, series) != 0)
			rank++;
		prev = series;
		m.table = rank;
		m.service_given = true;
		ok = mech_priorities(r, e, &m, incomplete);
		out = ok ? grow((void **)&r->p->mech, &r->p->n_mech,
				&r->cap_mech, sizeof *out)
			 : NULL;
		if (!out || !(m.series_id = dup_str(series))) {
			free(m.win32);
			free(m.etw);
			free(m.series_id);
			if (ok)
				nomem(r);
			return false;
		}
		*out = m;
	}
	return true;
}

static bool json_boundary(reader *r, json_t *root)
{
	json_t *b = results_json_section(&r->js, root, RS_BOUNDARY), *arr, *e;
	size_t i;

	if (!b)
		return false;
	arr = json_object_get(b, RB_KEY(RB_ROWS));
	if (!json_is_array(arr))
		return results_json_bad(&r->js, "boundary", RB_KEY(RB_ROWS),
					results_schema_boundary_field(RB_ROWS)->want);
	json_array_foreach(arr, i, e) {
		const char *run, *outcome;
		json_t *api = json_object_get(e, RW_KEY(RW_API_VALUE));
		json_t *svc = json_object_get(e, RW_KEY(RW_SERVICE));
		json_t *reg = json_object_get(e, RW_KEY(RW_REGISTERED));
		pub_value v;

		memset(&v, 0, sizeof v);
		if (!results_json_get_str(&r->js, e, "boundary", RW_KEY(RW_RUN),
					  &run)
		    || !results_json_get_state(&r->js, e, "boundary",
					       RW_KEY(RW_WRITTEN), &v.written)
		    || !results_json_get_str(&r->js, e, "boundary",
					     RW_KEY(RW_OUTCOME), &outcome))
			return false;
		v.api_given = true;
		v.api_ok = json_is_integer(api);
		v.api = v.api_ok ? json_integer_value(api) : 0;
		v.service = json_is_string(svc)
			    ? strcmp(json_string_value(svc), "running") == 0
			    : -1;
		v.registered = json_is_boolean(reg) ? json_is_true(reg) : -1;
		pub_value *out = grow((void **)&r->p->values, &r->p->n_values,
				      &r->cap_values, sizeof *out);
		if (!out || !(v.outcome = dup_str(outcome))) {
			nomem(r);
			return false;
		}
		*out = v;
	}
	return true;
}

static pb_status parse_json(reader *r, const char *text, size_t len)
{
	json_t *root;
	int version;
	bool ok;
	pb_status st = results_json_parse(r->path, text, len, r->d, &root,
					  &version);

	if (st != PB_OK)
		return st;
	r->js = (results_json_src){ r->path, r->d, false, r->plan };
	r->p->source = PUB_RESULTS_JSON;
	r->schema_version = version;
	ok = json_settings(r, root) && json_plan_settings(r, root)
	     && json_accounting(r, root) && json_inputs(r, root)
	     && json_runs(r, root) && json_comparisons(r, root)
	     && json_mechanism(r, root) && json_boundary(r, root);
	json_decref(root);
	if (r->st != PB_OK)
		return r->st;
	return ok && !diag_errors(r->d) ? PB_OK : PB_DATAERR;
}

/* ---------------------------------------------------------------------
 * Entry points. */

pb_status published_parse(const char *path, const char *text, size_t len,
			  const study_plan *plan, const pub_phrase *vocab,
			  size_t n_vocab, diag *d, published **out)
{
	reader r;
	size_t errors = diag_errors(d);
	const char *nul = memchr(text, '\0', len);
	pb_status st;
	size_t i = 0;

	*out = NULL;
	memset(&r, 0, sizeof r);
	r.path = path;
	r.vocab = vocab;
	r.n_vocab = n_vocab;
	r.plan = plan;
	r.d = d;
	r.p = calloc(1, sizeof *r.p);
	if (!r.p || !(r.p->path = dup_str(path))) {
		free(r.p);
		return PB_NOMEM;
	}
	r.p->plan = plan;
	if (nul) {
		size_t line = 1, col = 1;
		for (const char *c = text; c < nul; c++) {
			col++;
			if (*c == '\n') {
				line++;
				col = 1;
			}
		}
		diag_error(d, path, line, col, "NUL byte in the text");
		published_free(r.p);
		return PB_DATAERR;
	}
	while (i < len && is_space(text[i]))
		i++;
	if (i < len && text[i] == '{')
		st = parse_json(&r, text, len);
	else
		st = parse_page(&r, text, len);
	if (st == PB_OK && diag_errors(d) > errors)
		st = PB_DATAERR;
	if (st == PB_OK && r.p->source == PUB_PAGE) {
		if ((r.p->text = malloc(len + 1))) {
			memcpy(r.p->text, text, len);
			r.p->text[len] = '\0';
			r.p->text_len = len;
		} else {
			st = PB_NOMEM;
		}
	}
	if (st != PB_OK) {
		published_free(r.p);
		return st;
	}
	*out = r.p;
	return PB_OK;
}

pb_status published_read(const char *path, const study_plan *plan,
			 const pub_phrase *vocab, size_t n_vocab, diag *d,
			 published **out)
{
	char *buf;
	size_t len;
	pb_status st;

	*out = NULL;
	st = fileread_document(path, d, &buf, &len);
	if (st != PB_OK)
		return st;
	st = published_parse(path, buf, len, plan, vocab, n_vocab, d, out);
	free(buf);
	return st;
}

void published_free(published *p)
{
	if (!p)
		return;
	free(p->path);
	free(p->text);
	free(p->header_lines);
	for (size_t i = 0; i < p->n_inputs; i++)
		free(p->inputs[i].path);
	free(p->inputs);
	for (size_t i = 0; i < p->n_runs; i++)
		free(p->runs[i].id);
	free(p->runs);
	for (size_t i = 0; i < p->n_cmp; i++) {
		free(p->cmp[i].series_id);
		free(p->cmp[i].series_label);
		free(p->cmp[i].verdict);
	}
	free(p->cmp);
	for (size_t i = 0; i < p->n_conclusions; i++)
		free(p->conclusions[i].verdict);
	free(p->conclusions);
	for (size_t i = 0; i < p->n_mech; i++) {
		free(p->mech[i].series_id);
		free(p->mech[i].win32);
		free(p->mech[i].etw);
	}
	free(p->mech);
	for (size_t i = 0; i < p->n_values; i++) {
		free(p->values[i].series_id);
		free(p->values[i].outcome);
	}
	free(p->values);
	for (size_t i = 0; i < p->n_settings; i++)
		free(p->settings[i].text);
	free(p->settings);
	for (size_t i = 0; i < p->n_accounts; i++) {
		free(p->accounts[i].series_id);
		free(p->accounts[i].series_label);
		for (size_t k = 0; k < p->accounts[i].n_excluded; k++)
			free(p->accounts[i].excluded_ids[k]);
		free(p->accounts[i].excluded_ids);
	}
	free(p->accounts);
	for (size_t i = 0; i < p->n_pairs; i++) {
		for (size_t k = 0; k < p->pairs[i].n_cmps; k++) {
			free(p->pairs[i].cmps[k].series_id);
			free(p->pairs[i].cmps[k].series_label);
		}
		free(p->pairs[i].cmps);
	}
	free(p->pairs);
	free(p);
}
