/* published_text.c: reads the settings and run sentences of a published
 * page (rules in published_text.h). */
#include "ingest/published_text.h"

#include "common/mdbreak.h"
#include "ingest/pubmatch.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PIECES 8

static const char *const setting_names[PUB_SET_KINDS] = {
	"statistic", "threshold", "unit", "better", "confidence", "method",
	"resamples", "seed", "generator", "plan digest", "registered"
};

const char *pub_setting_name(pub_setting_kind kind)
{
	return kind < PUB_SET_KINDS ? setting_names[kind] : "?";
}

pb_status pub_setting_add(published *p, pub_setting_kind kind,
			  const char *text, const pub_num *num,
			  const char *key, size_t line, size_t col)
{
	pub_setting *n = realloc(p->settings,
				 (p->n_settings + 1) * sizeof *n);
	pub_setting *e;

	if (!n)
		return PB_NOMEM;
	p->settings = n;
	e = &n[p->n_settings];
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->key = key;
	e->line = line;
	e->col = col;
	if (text && !(e->text = strdup(text)))
		return PB_NOMEM;
	if (!text && num)
		e->num = *num;
	p->n_settings++;
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * Pieces of a sentence. */

/* The code a piece names: the content of its first code span, else the
 * piece itself; a new string. */
static char *piece_code(const char *s)
{
	const char *a = strchr(s, '`'), *b = a ? strchr(a + 1, '`') : NULL;

	if (b)
		return strndup(a + 1, (size_t)(b - a - 1));
	return strdup(s);
}

/* The code a setting's piece names.  A page typed without backticks
 * leaves the explanation the renderer puts after a code in parentheses
 * ("percentile (percentile bootstrap)") in the piece; no setting's code
 * holds " (", so it ends there. */
static char *setting_code(const char *s)
{
	const char *paren = strchr(s, '`') ? NULL : strstr(s, " (");

	return paren ? strndup(s, (size_t)(paren - s)) : piece_code(s);
}

/* A confidence percentage "95%" (or "97.5 %") filling S into *OUT as a
 * fraction, with the decimals that fraction is published to. */
static bool parse_percent(const char *s, pub_num *out)
{
	char buf[80];
	double pct;
	int dec;
	size_t used = pub_number_parse(s, &pct, &dec);

	if (!used || s[0] == '+' || s[0] == '-')
		return false;
	s += used;
	if (*s == ' ')
		s++;
	if (strcmp(s, "%") != 0)
		return false;
	/* Shift the decimal point in the text rather than divide, so that
	 * "99.9%" is the double nearest 0.999, as strtod reads it. */
	snprintf(buf, sizeof buf, "%.*fe-2", dec, pct);
	*out = (pub_num){ true, strtod(buf, NULL), dec + 2, 0, 0 };
	return true;
}

pb_status pub_text_confidence(published *p, const char *s, size_t line,
			      size_t col)
{
	pub_num n;

	if (parse_percent(s, &n))
		return pub_setting_add(p, PUB_SET_CONFIDENCE, NULL, &n, NULL,
				       line, col);
	return pub_setting_add(p, PUB_SET_CONFIDENCE, s, NULL, NULL, line,
			       col);
}

/* A count (resamples, seed); anything else is kept as text, which then
 * differs from the recomputed count. */
static pb_status add_count(published *p, pub_setting_kind kind,
			   const char *s, size_t line, size_t col)
{
	size_t v;

	if (pub_count_parse(s, &v)) {
		pub_num n = { true, (double)v, 0, line, col };
		return pub_setting_add(p, kind, NULL, &n, NULL, line, col);
	}
	return pub_setting_add(p, kind, s, NULL, NULL, line, col);
}

/* "1.784 ms": the threshold and the unit. */
static pb_status add_quantity(published *p, const char *s, size_t line,
			      size_t col)
{
	double v;
	int dec;
	size_t used = pub_number_parse(s, &v, &dec);
	pb_status st;

	if (!used)
		return pub_setting_add(p, PUB_SET_THRESHOLD, s, NULL, NULL,
				       line, col);
	pub_num n = { true, v, dec, line, col };
	st = pub_setting_add(p, PUB_SET_THRESHOLD, NULL, &n, NULL, line, col);
	while (s[used] == ' ')
		used++;
	if (st == PB_OK && s[used])
		st = pub_setting_add(p, PUB_SET_UNIT, s + used, NULL, NULL,
				     line, col + used);
	return st;
}

/* A small-sample note's pairs; which comparisons it is about follows. */
static pb_status add_pairs(published *p, const char *s, size_t line,
			   size_t col)
{
	pub_pairs *n;
	size_t v;

	if (!pub_count_parse(s, &v))
		return PB_OK;
	n = realloc(p->pairs, (p->n_pairs + 1) * sizeof *n);
	if (!n)
		return PB_NOMEM;
	p->pairs = n;
	memset(&n[p->n_pairs], 0, sizeof *n);
	n[p->n_pairs].pairs = v;
	n[p->n_pairs].line = line;
	n[p->n_pairs].col = col;
	p->n_pairs++;
	return PB_OK;
}

/* Adds what the piece S says as ROLE (LEN bytes). */
static pb_status add_piece(published *p, const char *role, size_t len,
			   const char *s, size_t line, size_t col)
{
	static const struct { const char *name; pub_setting_kind kind; }
	codes[] = {
		{ "statistic", PUB_SET_STATISTIC },
		{ "method", PUB_SET_METHOD },
		{ "generator", PUB_SET_GENERATOR },
		{ "plan", PUB_SET_PLAN_DIGEST },
	};
	char *code;
	pb_status st = PB_OK;

	if (len == 9 && strncmp(role, "threshold", 9) == 0)
		return add_quantity(p, s, line, col);
	if (len == 10 && strncmp(role, "confidence", 10) == 0)
		return pub_text_confidence(p, s, line, col);
	if (len == 5 && strncmp(role, "pairs", 5) == 0)
		return add_pairs(p, s, line, col);
	if (!(code = setting_code(s)))
		return PB_NOMEM;
	if (len == 9 && strncmp(role, "resamples", 9) == 0)
		st = add_count(p, PUB_SET_RESAMPLES, code, line, col);
	else if (len == 4 && strncmp(role, "seed", 4) == 0)
		st = add_count(p, PUB_SET_SEED, code, line, col);
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
		if (strlen(codes[i].name) == len
		    && strncmp(role, codes[i].name, len) == 0)
			st = pub_setting_add(p, codes[i].kind, code, NULL,
					     NULL, line, col);
	free(code);
	return st;
}

/* ---------------------------------------------------------------------
 * Setting phrases as templates. */

/* One PUB_SETTING phrase made ready to match: its text with each fixed
 * "ROLE=TEXT" turned into a "%s", and the role of every piece. */
typedef struct setting_tmpl {
	char *text;
	const char *role[MAX_PIECES];
	size_t role_len[MAX_PIECES];
	size_t n;
} setting_tmpl;

/* The next space-separated token of *CODE: its start and length, with
 * KIND '=' (fixed text), ':' (a stated fact) or 0 (an argument), and the
 * part after that sign in *VAL / *VAL_LEN. */
static bool next_token(const char **code, const char **tok, size_t *len,
		       char *kind, const char **val, size_t *val_len)
{
	const char *s = *code, *e;

	while (*s == ' ')
		s++;
	if (!*s)
		return false;
	e = s;
	while (*e && *e != ' ')
		e++;
	*tok = s;
	*len = (size_t)(e - s);
	*kind = 0;
	for (const char *q = s; q < e; q++)
		if (*q == '=' || *q == ':') {
			*kind = *q;
			*len = (size_t)(q - s);
			*val = q + 1;
			*val_len = (size_t)(e - q - 1);
			break;
		}
	*code = e;
	return true;
}

/* The fixed text of CODE that starts at TEXT, if any: its role. */
static bool fixed_at(const char *code, const char *text, const char **role,
		     size_t *role_len, size_t *fixed_len)
{
	const char *tok, *val;
	size_t len, vlen;
	char kind;

	while (next_token(&code, &tok, &len, &kind, &val, &vlen))
		if (kind == '=' && vlen && strncmp(text, val, vlen) == 0) {
			*role = tok;
			*role_len = len;
			*fixed_len = vlen;
			return true;
		}
	return false;
}

/* The next argument role of CODE after *CODE_POS ("-" when none left). */
static void next_arg(const char **code_pos, const char **role, size_t *len)
{
	const char *tok, *val;
	size_t tlen, vlen;
	char kind;

	while (next_token(code_pos, &tok, &tlen, &kind, &val, &vlen))
		if (!kind) {
			*role = tok;
			*len = tlen;
			return;
		}
	*role = "-";
	*len = 1;
}

static bool tmpl_build(const pub_phrase *ph, setting_tmpl *t)
{
	const char *s = ph->text, *code = ph->code ? ph->code : "";
	const char *args = code;
	/* Most codes fix no text: then no position needs looking up. */
	bool fixes = strchr(code, '=') != NULL;
	size_t k = 0;

	memset(t, 0, sizeof *t);
	t->text = malloc(2 * strlen(s) + 3);
	if (!t->text)
		return false;
	while (*s) {
		/* A numbered directive ("%3$s", as a translation that
		 * reorders its arguments writes it) takes the role of that
		 * argument rather than of the next one. */
		bool numbered = s[0] == '%' && s[1] >= '1' && s[1] <= '9'
				&& s[2] == '$';
		const char *spec = numbered ? s + 3 : s + 1;
		size_t conv = s[0] != '%' ? 0
			      : spec[0] == 's' ? (size_t)(spec - s) + 1
			      : spec[0] == 'z' && spec[1] == 'u'
			      ? (size_t)(spec - s) + 2 : 0;
		const char *role;
		size_t role_len, fixed = conv;
		if (!conv && !(fixes && fixed_at(code, s, &role, &role_len,
						 &fixed))) {
			if (s[0] == '%' && s[1] == '%')
				t->text[k++] = *s++;
			t->text[k++] = *s++;
			continue;
		}
		if (conv && numbered) {
			const char *nth = code;
			for (int i = '1'; i <= s[1]; i++)
				next_arg(&nth, &role, &role_len);
		} else if (conv) {
			next_arg(&args, &role, &role_len);
		}
		/* More pieces than any phrase has: the rest stays fixed
		 * text, and the phrase will not match. */
		if (t->n == MAX_PIECES) {
			t->text[k++] = *s++;
			continue;
		}
		t->role[t->n] = role;
		t->role_len[t->n] = role_len;
		t->n++;
		t->text[k++] = '%';
		t->text[k++] = 's';
		s += fixed;
	}
	t->text[k] = '\0';
	return true;
}

/* The facts "ROLE:VALUE" the phrase states by itself. */
static pb_status add_facts(published *p, const char *code, size_t line,
			   size_t col)
{
	const char *tok, *val;
	size_t len, vlen;
	char kind;
	pb_status st = PB_OK;

	while (st == PB_OK && code
	       && next_token(&code, &tok, &len, &kind, &val, &vlen)) {
		char *v;
		if (kind != ':')
			continue;
		if (!(v = strndup(val, vlen)))
			return PB_NOMEM;
		if (len == 6 && strncmp(tok, "better", 6) == 0)
			st = pub_setting_add(p, PUB_SET_BETTER, v, NULL, NULL,
					     line, col);
		else if (len == 9 && strncmp(tok, "resamples", 9) == 0)
			st = pub_setting_add(p, PUB_SET_RESAMPLES, v, NULL,
					     NULL, line, col);
		else if (len == 10 && strncmp(tok, "registered", 10) == 0)
			st = pub_setting_add(p, PUB_SET_REGISTERED, v, NULL,
					     NULL, line, col);
		free(v);
	}
	return st;
}

/* Matches S against T followed by " " and more (then *REST is that
 * more, a new string), or else against T alone.  The first is tried
 * first: a phrase ending in a piece would otherwise take the sentences
 * after it as part of that piece.  CAPS gets T->n pieces. */
static bool tmpl_match(const setting_tmpl *t, const char *s, char **caps,
		       char **rest)
{
	size_t len = strlen(t->text);
	char *more = malloc(len + 4);
	bool ok;

	*rest = NULL;
	if (!more)
		return false;
	memcpy(more, t->text, len);
	memcpy(more + len, " %s", 4);
	ok = pub_template_match(more, s, caps, t->n + 1);
	free(more);
	if (ok) {
		*rest = caps[t->n];
		return true;
	}
	return pub_template_match(t->text, s, caps, t->n);
}

/* The byte column of PIECE in S (whose first byte is at column COL0). */
static size_t piece_col(const char *s, const char *piece, size_t col0)
{
	const char *at = piece && *piece ? strstr(s, piece) : NULL;
	return col0 + (at ? (size_t)(at - s) : 0);
}

/* The bytes of PH's text before its first piece (a directive or a fixed
 * value of its code). */
static size_t phrase_lead(const pub_phrase *ph)
{
	const char *code = ph->code ? ph->code : "";
	const char *role, *x = ph->text;
	size_t role_len, fixed;

	while (*x && *x != '%' && !fixed_at(code, x, &role, &role_len, &fixed))
		x++;
	return (size_t)(x - ph->text);
}

pb_status pub_phrases_prepare(pub_phrase *vocab, size_t n)
{
	size_t start[PUB_CONCEPTS + 1] = { 0 };
	pub_phrase *sorted = malloc((n ? n : 1) * sizeof *sorted);

	if (!sorted)
		return PB_NOMEM;
	/* A counting sort, which keeps each concept's phrases in order:
	 * the first phrase of a concept that matches is the one taken. */
	for (size_t i = 0; i < n; i++)
		start[vocab[i].concept + 1]++;
	for (size_t c = 1; c <= PUB_CONCEPTS; c++)
		start[c] += start[c - 1];
	for (size_t i = 0; i < n; i++)
		sorted[start[vocab[i].concept]++] = vocab[i];
	for (size_t i = 0; i < n; i++) {
		vocab[i] = sorted[i];
		vocab[i].lead = phrase_lead(&vocab[i]);
		vocab[i].prepared = true;
	}
	free(sorted);
	return PB_OK;
}

void pub_phrases_of(const pub_phrase *vocab, size_t n, pub_concept concept,
		    size_t *from, size_t *to)
{
	size_t lo = 0, hi = n;

	*from = 0;
	*to = n;
	if (!n || !vocab[0].prepared)
		return;
	/* The first phrase of CONCEPT or later, then the first after it. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vocab[mid].concept < concept)
			lo = mid + 1;
		else
			hi = mid;
	}
	*from = lo;
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vocab[mid].concept <= concept)
			lo = mid + 1;
		else
			hi = mid;
	}
	*to = lo;
}

/* Whether S can start with the phrase PH: its text up to the first piece
 * is where S starts.  Every line is tried against every setting phrase of
 * every language, so the template is built only for a phrase that passes
 * this test. */
static bool lead_matches(const pub_phrase *ph, const char *s)
{
	size_t lead = ph->prepared ? ph->lead : phrase_lead(ph);

	/* The first byte alone turns most phrases away. */
	if (lead && ph->text[0] != s[0])
		return false;
	return strncmp(ph->text, s, lead) == 0;
}

/* Reads one sentence of S with the phrase PH; on a match adds what it
 * states and sets *MATCHED and *REST (a new string or NULL). */
static pb_status sentence(published *p, const pub_phrase *ph, const char *s,
			  size_t line, size_t col, bool *matched, char **rest)
{
	setting_tmpl t;
	char *caps[MAX_PIECES + 1];
	pb_status st = PB_OK;

	*matched = false;
	*rest = NULL;
	if (!lead_matches(ph, s))
		return PB_OK;
	if (!tmpl_build(ph, &t))
		return PB_NOMEM;
	if (tmpl_match(&t, s, caps, rest)) {
		*matched = true;
		for (size_t i = 0; i < t.n; i++) {
			if (st == PB_OK && caps[i]
			    && !(t.role_len[i] == 1 && t.role[i][0] == '-'))
				st = add_piece(p, t.role[i], t.role_len[i],
					       caps[i], line,
					       piece_col(s, caps[i], col));
			free(caps[i]);
		}
		if (st == PB_OK)
			st = add_facts(p, ph->code, line, col);
	}
	free(t.text);
	return st;
}

/* The series id that NAME, a default label "Series ID", gives, or NULL
 * (also when out of memory: then the label alone names the series). */
static char *label_id(const pub_phrase *vocab, size_t n_vocab,
		      const char *name)
{
	char *id[1];
	size_t from, to;

	pub_phrases_of(vocab, n_vocab, PUB_SERIES_LABEL, &from, &to);
	for (size_t i = from; i < to; i++)
		if (vocab[i].concept == PUB_SERIES_LABEL
		    && pub_template_match(vocab[i].text, name, id, 1))
			return id[0];
	return NULL;
}

/* The text of the code span that S holds (its fence of any length, one
 * padding space on each side dropped, a table's "\|" read as '|'), as a
 * new string; NULL when S is no code span or memory ran out. */
static char *code_span_text(const char *s)
{
	size_t fence = 0, len = strlen(s), o = 0;
	char *t;

	while (s[fence] == '`')
		fence++;
	if (fence == 0 || len < 2 * fence
	    || strspn(s + len - fence, "`") != fence)
		return NULL;
	s += fence;
	len -= 2 * fence;
	if (len >= 2 && s[0] == ' ' && s[len - 1] == ' ') {
		s++;
		len -= 2;
	}
	t = malloc(len + 1);
	for (size_t i = 0; t && i < len; i++) {
		if (s[i] == '\\' && i + 1 < len && s[i + 1] == '|')
			i++;
		t[o++] = s[i];
	}
	if (t)
		t[o] = '\0';
	return t;
}

/* A named state: a name of PLAN's list, in a code span or (a table cell
 * whose code span the reader has taken off) as it is. */
static bool state_name_text(const study_plan *plan, const char *s,
			    pb_state *out)
{
	char *span = code_span_text(s);
	const char *name = span ? span : s;
	bool ok = study_state_lookup(plan, name, strlen(name), out, NULL)
		  == STATE_LISTED;

	free(span);
	return ok;
}

bool pub_state_text(const study_plan *plan, const pub_phrase *vocab,
		    size_t n_vocab, const char *s, pb_state *out)
{
	char *code;
	size_t from, to;
	bool ok;

	if (plan && plan->state_type == PB_STATE_NAME)
		return state_name_text(plan, s, out);
	code = piece_code(s);
	ok = code && pb_state_parse(code, strlen(code), out);
	free(code);
	if (ok && plan) {
		size_t i = study_state_index(plan, *out);
		if (i != STUDY_NO_STATE)
			*out = plan->states[i];
	}
	if (ok)
		return true;
	pub_phrases_of(vocab, n_vocab, PUB_MISSING, &from, &to);
	for (size_t i = from; i < to; i++)
		if (vocab[i].concept == PUB_MISSING
		    && pub_template_match(vocab[i].text, s, NULL, 0)) {
			memset(out, 0, sizeof *out);
			out->missing = true;
			return true;
		}
	return false;
}

/* The blank before the code span that ends S[0..LEN) (a state name may
 * hold blanks), else before its last word; NULL when there is none. */
static const char *state_gap(const char *s, size_t len)
{
	size_t fence = 0;
	const char *sp = NULL;

	while (fence < len && s[len - 1 - fence] == '`')
		fence++;
	for (size_t i = 0; fence && i + fence < len; i++)
		if (s[i] == ' ' && strspn(s + i + 1, "`") == fence)
			return s + i;
	for (size_t i = 0; i < len; i++)
		if (s[i] == ' ')
			sp = s + i;
	return sp;
}

/* "NAME STATE": a comparison named in a note, into C. */
static bool parse_cmp_name(const study_plan *plan, const pub_phrase *vocab,
			   size_t n_vocab, const char *s, size_t len,
			   pub_cmp_name *c)
{
	const char *sp = state_gap(s, len);
	char *state;
	bool ok;

	if (!sp || sp == s)
		return false;
	state = strndup(sp + 1, len - (size_t)(sp + 1 - s));
	if (!state)
		return false;
	ok = pub_state_text(plan, vocab, n_vocab, state, &c->state);
	free(state);
	if (!ok || !(c->series_label = strndup(s, (size_t)(sp - s))))
		return false;
	c->series_id = label_id(vocab, n_vocab, c->series_label);
	return true;
}

/* The comparisons "Series 1 `10`, Series 2 `0`" into N. */
static pb_status parse_cmp_list(const study_plan *plan,
				const pub_phrase *vocab, size_t n_vocab,
				const char *s, pub_pairs *n)
{
	while (*s) {
		const char *e = strstr(s, ", ");
		size_t len = e ? (size_t)(e - s) : strlen(s);
		pub_cmp_name *c = realloc(n->cmps,
					  (n->n_cmps + 1) * sizeof *c);
		if (!c)
			return PB_NOMEM;
		n->cmps = c;
		memset(&c[n->n_cmps], 0, sizeof *c);
		if (!parse_cmp_name(plan, vocab, n_vocab, s, len,
				    &c[n->n_cmps])) {
			free(c[n->n_cmps].series_label);
			return PB_OK;
		}
		n->n_cmps++;
		s = e ? e + 2 : s + len;
	}
	n->scoped = n->n_cmps > 0;
	return PB_OK;
}

/* S after a small-sample note on line LINE: which comparisons the note
 * is about. */
static pb_status pairs_scope(published *p, const pub_phrase *vocab,
			     size_t n_vocab, const char *s, size_t line)
{
	pub_pairs *n = p->n_pairs ? &p->pairs[p->n_pairs - 1] : NULL;
	size_t from, to;

	if (!n || n->line != line || n->scoped)
		return PB_OK;
	pub_phrases_of(vocab, n_vocab, PUB_PAIRS_SCOPE, &from, &to);
	for (size_t i = from; i < to; i++) {
		const pub_phrase *ph = &vocab[i];
		char *c[1];
		pb_status st;
		if (ph->concept != PUB_PAIRS_SCOPE || !ph->code
		    || !pub_template_match(ph->text, s, c, 1))
			continue;
		if (strcmp(ph->code, "every") == 0) {
			free(c[0]);
			n->scoped = n->every = true;
			return PB_OK;
		}
		st = c[0] ? parse_cmp_list(p->plan, vocab, n_vocab, c[0], n)
			  : PB_OK;
		free(c[0]);
		return st;
	}
	return PB_OK;
}

/* The settings sentences of S, one after another. */
static pb_status settings_line(published *p, const pub_phrase *vocab,
			       size_t n_vocab, const char *s, size_t line,
			       size_t col)
{
	char *own = NULL;
	pb_status st = PB_OK;
	size_t from, to;

	pub_phrases_of(vocab, n_vocab, PUB_SETTING, &from, &to);
	while (st == PB_OK && s) {
		char *rest = NULL;
		bool matched = false;
		for (size_t i = from; i < to && !matched && st == PB_OK; i++)
			if (vocab[i].concept == PUB_SETTING)
				st = sentence(p, &vocab[i], s, line, col,
					      &matched, &rest);
		if (!matched) {
			/* What follows a sentence may say which comparisons
			 * a small-sample note is about. */
			if (st == PB_OK && own)
				st = pairs_scope(p, vocab, n_vocab, s, line);
			break;
		}
		if (rest)
			col += (size_t)(strlen(s) - strlen(rest));
		free(own);
		own = rest;
		s = rest;
	}
	free(own);
	return st;
}

/* ---------------------------------------------------------------------
 * Runs of a series. */

/* The run ids of "ID (reason), ID, ..." into A; false when S is not such
 * a list. */
static bool parse_run_list(const char *s, pub_account *a, bool *nomem)
{
	while (*s) {
		const char *e = s;
		char **n;
		/* The reason follows in parentheses.  An id holding a
		 * space, parenthesis, comma or semicolon cannot be told from
		 * the list's punctuation: such a list is not read (the
		 * counts still are). */
		while (*e && !strchr(" (),;", *e))
			e++;
		if (e == s || (*e && !(e[0] == ' ' && e[1] == '(')
			       && !(e[0] == ',' && e[1] == ' ')))
			return false;
		n = realloc(a->excluded_ids, (a->n_excluded + 1) * sizeof *n);
		if (!n || !(n[a->n_excluded] = strndup(s,
							 (size_t)(e - s)))) {
			if (n)
				a->excluded_ids = n;
			*nomem = true;
			return false;
		}
		a->excluded_ids = n;
		a->n_excluded++;
		if (e[0] == ' ') {
			int depth = 0;
			for (e++; *e; e++) {
				depth += *e == '(' ? 1 : *e == ')' ? -1 : 0;
				if (depth == 0)
					break;
			}
			if (!*e)
				return false;
			e++;
		}
		if (*e && !(e[0] == ',' && e[1] == ' '))
			return false;
		s = *e ? e + 2 : e;
	}
	return true;
}

/* The accepted and total runs that PART states; false if it does not. */
static bool runs_phrase(const pub_phrase *vocab, size_t n_vocab,
			const char *part, size_t *runs, size_t *accepted)
{
	size_t from, to;

	pub_phrases_of(vocab, n_vocab, PUB_RUNS, &from, &to);
	for (size_t i = from; i < to; i++) {
		const pub_phrase *ph = &vocab[i];
		char *c[2];
		bool ok;
		if (ph->concept != PUB_RUNS || !ph->code
		    || !pub_template_match(ph->text, part, c, 2))
			continue;
		if (strcmp(ph->code, "none") == 0) {
			*runs = *accepted = 0;
			ok = true;
		} else if (strcmp(ph->code, "one") == 0) {
			*runs = *accepted = 1;
			ok = true;
		} else if (strcmp(ph->code, "two") == 0) {
			*runs = *accepted = 2;
			ok = true;
		} else if (strcmp(ph->code, "all") == 0) {
			ok = c[0] && pub_count_parse(c[0], runs);
			*accepted = *runs;
		} else if (strcmp(ph->code, "one-refused") == 0) {
			*runs = 1;
			*accepted = 0;
			ok = true;
		} else if (strcmp(ph->code, "none-of") == 0) {
			ok = c[0] && pub_count_parse(c[0], runs);
			*accepted = 0;
		} else {
			/* "some": the total, then the accepted runs. */
			ok = c[0] && c[1] && pub_count_parse(c[0], runs)
			     && pub_count_parse(c[1], accepted)
			     && *accepted <= *runs;
		}
		free(c[0]);
		free(c[1]);
		if (ok)
			return true;
	}
	return false;
}

/* A uint64_t filling S. */
static bool parse_u64(const char *s, uint64_t *out)
{
	size_t v;

	if (!pub_count_parse(s, &v))
		return false;
	*out = v;
	return true;
}

/* The lost trace events and buffers PART states, into A. */
static bool lost_phrase(const pub_phrase *vocab, size_t n_vocab,
			const char *part, pub_account *a)
{
	size_t from, to;

	pub_phrases_of(vocab, n_vocab, PUB_RUNS_LOST, &from, &to);
	for (size_t i = from; i < to; i++) {
		const pub_phrase *ph = &vocab[i];
		char *c[2];
		bool ok;
		if (ph->concept != PUB_RUNS_LOST || !ph->code
		    || !pub_template_match(ph->text, part, c, 2))
			continue;
		if (strcmp(ph->code, "none") == 0) {
			a->lost_events = a->lost_buffers = 0;
			ok = true;
		} else {
			ok = c[0] && c[1] && parse_u64(c[0], &a->lost_events)
			     && parse_u64(c[1], &a->lost_buffers);
		}
		free(c[0]);
		free(c[1]);
		if (ok)
			return true;
	}
	return false;
}

/* The lost events and buffers stated in one of the parts of S after its
 * first "; ", into A. */
static void lost_part(const pub_phrase *vocab, size_t n_vocab, char *s,
		      pub_account *a)
{
	for (char *p = strstr(s, "; "); p && !a->lost_given;
	     p = strstr(p + 2, "; ")) {
		char *end = strstr(p + 2, "; ");
		if (end)
			*end = '\0';
		a->lost_given = lost_phrase(vocab, n_vocab, p + 2, a);
		if (end)
			*end = ';';
	}
}

/* The excluded runs listed in the parts of S after its first "; ". */
static bool excluded_part(const pub_phrase *vocab, size_t n_vocab,
			  const char *s, pub_account *a, bool *nomem)
{
	size_t from, to;

	pub_phrases_of(vocab, n_vocab, PUB_RUNS_EXCLUDED, &from, &to);
	for (const char *p = strstr(s, "; "); p; p = strstr(p + 2, "; "))
		for (size_t i = from; i < to; i++) {
			char *c[1];
			if (vocab[i].concept != PUB_RUNS_EXCLUDED
			    || !pub_template_match(vocab[i].text, p + 2, c, 1))
				continue;
			bool ok = c[0] && parse_run_list(c[0], a, nomem);
			free(c[0]);
			return ok;
		}
	return false;
}

static pb_status add_account(published *p, const pub_phrase *vocab,
			     size_t n_vocab, const char *name, size_t len,
			     size_t runs, size_t accepted)
{
	pub_account *n = realloc(p->accounts,
				 (p->n_accounts + 1) * sizeof *n);
	pub_account *a;

	if (!n)
		return PB_NOMEM;
	p->accounts = n;
	a = &n[p->n_accounts++];
	memset(a, 0, sizeof *a);
	if (!(a->series_label = strndup(name, len)))
		return PB_NOMEM;
	a->series_id = label_id(vocab, n_vocab, a->series_label);
	a->runs = runs;
	a->accepted = accepted;
	return PB_OK;
}

/* "NAME: PHRASE; ...; excluded: ...": a series' runs. */
static pb_status runs_line(published *p, const pub_phrase *vocab,
			   size_t n_vocab, char *s, size_t line, size_t col)
{
	size_t len = strlen(s);

	if (len && s[len - 1] == '.')
		s[--len] = '\0';
	for (char *colon = strstr(s, ": "); colon;
	     colon = strstr(colon + 1, ": ")) {
		char *rest = colon + 2, *semi = strstr(rest, "; ");
		size_t runs, accepted;
		bool found;
		pb_status st;

		if (semi)
			*semi = '\0';
		found = runs_phrase(vocab, n_vocab, rest, &runs, &accepted);
		if (semi)
			*semi = ';';
		if (!found)
			continue;
		st = add_account(p, vocab, n_vocab, s, (size_t)(colon - s),
				 runs, accepted);
		if (st != PB_OK)
			return st;
		pub_account *a = &p->accounts[p->n_accounts - 1];
		bool nomem = false;
		a->line = line;
		a->col = col + (size_t)(rest - s);
		a->excluded_listed = excluded_part(vocab, n_vocab, rest, a,
						   &nomem);
		a->excluded_given = a->excluded_listed;
		a->excluded = a->n_excluded;
		lost_part(vocab, n_vocab, rest, a);
		return nomem ? PB_NOMEM : PB_OK;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * A line. */

/* The text of a line as a sentence: the list marker skipped, Markdown
 * escapes and the empty comment after an '@' (common/mdbreak.h) outside
 * code spans undone, trailing space dropped; *SKIP is
 * the bytes skipped at the start. */
static char *clean_line(const char *line, size_t len, size_t *skip)
{
	char *out = malloc(len + 1);
	size_t i = 0, k = 0;
	bool in_code = false;

	if (!out)
		return NULL;
	while (i < len && line[i] == ' ')
		i++;
	if (i + 1 < len && (line[i] == '-' || line[i] == '*')
	    && line[i + 1] == ' ')
		i += 2;
	*skip = i;
	for (; i < len; i++) {
		char c = line[i];
		if (c == '`') {
			in_code = !in_code;
		} else if (!in_code && len - i >= MDBREAK_LEN
			   && memcmp(line + i, MDBREAK, MDBREAK_LEN) == 0) {
			i += MDBREAK_LEN - 1;
			continue;
		} else if (!in_code && c == '\\' && i + 1 < len
			 && (unsigned char)line[i + 1] < 128
			 && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
				   line[i + 1]))
			c = line[++i];
		out[k++] = c;
	}
	while (k && (out[k - 1] == ' ' || out[k - 1] == '\r'
		     || out[k - 1] == '\t'))
		k--;
	out[k] = '\0';
	return out;
}

pb_status pub_text_line(published *p, const pub_phrase *vocab, size_t n_vocab,
			const char *line, size_t len, size_t lineno)
{
	size_t skip, before = p->n_settings;
	char *s = clean_line(line, len, &skip);
	pb_status st;

	if (!s)
		return PB_NOMEM;
	st = settings_line(p, vocab, n_vocab, s, lineno, skip + 1);
	if (st == PB_OK && p->n_settings == before)
		st = runs_line(p, vocab, n_vocab, s, lineno, skip + 1);
	free(s);
	return st;
}
