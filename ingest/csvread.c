/* csvread.c: positions, limits and row checks around libcsv.
 *
 * libcsv does the splitting and unquoting.  Beside it runs a small scanner
 * that follows the same state machine (libcsv 3.0.3 with no byte counted as
 * space) byte for byte, only to learn where each field starts, where a NUL
 * sits and how long a field has grown.  The input is cut into pieces that
 * never cross a line end or a row end, so that
 *   - all bytes of a piece are on one line: an offset libcsv returns for a
 *     quoting error is a column;
 *   - the field starts the scanner recorded belong to the row libcsv is
 *     delivering, since that row ends no later than the piece does.
 * A field that grows past the limit is never handed to libcsv whole, which
 * would buffer it. */
#include "ingest/csvread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <csv.h>

#include "common/fileread.h"

/* Scanner states, named after libcsv's. */
enum scan_state {
	SCAN_ROW,    /* between rows: line ends are skipped */
	SCAN_FIELD,  /* a field is due at the next byte */
	SCAN_IN,     /* inside a field */
	SCAN_QUOTE   /* a quote inside a quoted field: closing or doubled */
};

/* What the scanner and libcsv know about one field of the current row. */
typedef struct slot {
	size_t line, col;          /* where the field starts */
	size_t nul_line, nul_col;  /* its first NUL byte; nul_line 0 if none */
	size_t off, len;           /* its text in reader.text, once delivered */
} slot;

typedef struct csv_cursor {
	struct csv_parser parser;
	const char *display;
	csv_row_fn fn;
	const csv_columns *cols; /* the columns interface, or NULL */
	void *ctx;
	diag *d;
	size_t base_errors;     /* diag_errors(d) when the file was opened */

	size_t line, col;       /* position of the next byte to scan */
	unsigned bom_seen;      /* leading bytes that matched a BOM so far */
	bool bom_done;          /* past the place where a BOM may be */
	bool skip_line;         /* after a quoting error: skip to line end */

	enum scan_state state;  /* scanner state */
	bool quoted;            /* the current field started with a quote */
	bool piece_blank;       /* the piece scanned last holds a space or
				   a tab */
	bool plain;             /* parsing a run of plain lines: positions
				   are counted from the fields libcsv gives,
				   not scanned (see reader_plain) */
	bool fast_rows;         /* ... and its data rows go to cols field
				   by field, without slots (see
				   on_field_fast) */
	const unsigned char *plain_at;  /* start of the current row */
	const unsigned char *plain_end; /* end of the run */
	size_t plain_col;       /* column of the next field */
	size_t plain_row_col;   /* column where the current row starts */
	size_t field_bytes;     /* bytes of the current field, as written */
	size_t started;         /* fields of the current row begun so far */
	slot *slots;
	size_t slots_cap;

	size_t delivered;       /* fields libcsv gave of the current row */
	bool row_bad;           /* the current row had an error already */
	char *text;             /* texts of the current row's fields */
	size_t text_len, text_cap;
	csv_field *fields;      /* the row as passed to fn */
	size_t fields_cap;

	bool have_header;
	size_t header_n;
	size_t rows;            /* rows seen, the header included */
	bool stop;              /* stop reading: fatal error, limit, or fn */
	bool warned_limit;
	pb_status fail;         /* a non-data failure */
} reader;

/* RFC 4180: spaces and tabs are field content, never trimmed. */
static int csvread_no_space(unsigned char c)
{
	(void)c;
	return 0;
}

static void reader_parser_init(reader *r)
{
	csv_init(&r->parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
	csv_set_space_func(&r->parser, csvread_no_space);
	/* The default 128-byte growth is quadratic for long fields. */
	csv_set_blk_size(&r->parser, 4096);
}

static void reader_nomem(reader *r)
{
	r->fail = pb_status_merge(r->fail, PB_NOMEM);
	r->stop = true;
}

static size_t reader_errors(const reader *r)
{
	return diag_errors(r->d) - r->base_errors;
}

/* Stops the file once it has given enough errors, saying so once. */
static void reader_check_limit(reader *r)
{
	if (reader_errors(r) < CSVREAD_MAX_ERRORS)
		return;
	r->stop = true;
	if (!r->warned_limit) {
		r->warned_limit = true;
		diag_warning(r->d, r->display, 0, 0,
			     "stopped after %d errors; the rest of the file "
			     "was not checked", CSVREAD_MAX_ERRORS);
	}
}

/* Forgets the row in progress, in the scanner and in the collected text. */
static void reader_row_reset(reader *r)
{
	r->delivered = 0;
	r->row_bad = false;
	r->text_len = 0;
}

/* Records that a new field of the current row starts at LINE:COL.  Returns
 * false (and stops the file) past the field limit or when out of memory. */
static bool scan_field_begin(reader *r, size_t col)
{
	if (r->started == CSVREAD_MAX_FIELDS) {
		diag_error(r->d, r->display, r->line, col,
			   "row has more than %d fields", CSVREAD_MAX_FIELDS);
		r->stop = true;
		return false;
	}
	if (r->started == r->slots_cap) {
		size_t cap = r->slots_cap ? r->slots_cap * 2 : 16;
		slot *s = realloc(r->slots, cap * sizeof *s);
		csv_field *f;
		if (!s) {
			reader_nomem(r);
			return false;
		}
		r->slots = s;
		f = realloc(r->fields, cap * sizeof *f);
		if (!f) {
			reader_nomem(r);
			return false;
		}
		r->fields = f;
		r->slots_cap = cap;
		r->fields_cap = cap;
	}
	r->slots[r->started] = (slot){ r->line, col, 0, 0, 0, 0 };
	r->started++;
	r->field_bytes = 0;
	return true;
}

/* Counts one more byte of the current field, noting a NUL.  Returns false
 * when the field would pass the limit. */
static bool scan_field_byte(reader *r, unsigned char c, size_t col)
{
	slot *s = &r->slots[r->started - 1];
	if (r->field_bytes == CSVREAD_MAX_FIELD)
		return false;
	r->field_bytes++;
	if (c == '\0' && s->nul_line == 0) {
		s->nul_line = r->line;
		s->nul_col = col;
	}
	return true;
}

/* What one byte does to the piece that scan cuts: nothing yet, it ends
 * the piece, or it would make a field or the field count too large (the
 * piece then ends before it). */
typedef enum scan_step {
	STEP_ON,
	STEP_CUT,
	STEP_OVER
} scan_step;

/* Byte C at column COL where a field begins (SCAN_FIELD). */
static scan_step step_field(reader *r, unsigned char c, size_t col, bool end)
{
	if (c == ',')
		return scan_field_begin(r, col + 1) ? STEP_ON : STEP_OVER;
	if (end) {
		r->state = SCAN_ROW;
		return STEP_CUT;
	}
	r->state = SCAN_IN;
	r->quoted = c == '"';
	return scan_field_byte(r, c, col) ? STEP_ON : STEP_OVER;
}

/* Byte C inside a field (SCAN_IN). */
static scan_step step_in(reader *r, unsigned char c, size_t col, bool end)
{
	if (c == '"' && !r->quoted)
		return STEP_CUT;  /* libcsv rejects this quote */
	if (c == '"') {
		r->state = SCAN_QUOTE;
	} else if (!r->quoted && c == ',') {
		r->state = SCAN_FIELD;
		return scan_field_begin(r, col + 1) ? STEP_ON : STEP_OVER;
	} else if (!r->quoted && end) {
		r->state = SCAN_ROW;
		return STEP_CUT;
	}
	return scan_field_byte(r, c, col) ? STEP_ON : STEP_OVER;
}

/* Byte C after a quote inside a quoted field (SCAN_QUOTE). */
static scan_step step_quote(reader *r, unsigned char c, size_t col, bool end)
{
	if (c == ',') {
		r->state = SCAN_FIELD;
		return scan_field_begin(r, col + 1) ? STEP_ON : STEP_OVER;
	}
	if (end) {
		r->state = SCAN_ROW;
		return STEP_CUT;
	}
	if (c == '"') {
		r->state = SCAN_IN;
		return scan_field_byte(r, c, col) ? STEP_ON : STEP_OVER;
	}
	return STEP_CUT;  /* libcsv rejects this byte */
}

/* One byte C at column COL through libcsv's state machine. */
static scan_step scan_byte(reader *r, unsigned char c, size_t col)
{
	bool end = c == '\r' || c == '\n';
	scan_step step = STEP_ON;

	if (c == ' ' || c == '\t')
		r->piece_blank = true;
	switch (r->state) {
	case SCAN_ROW:
		if (end)
			break;
		/* The byte opens the row's first field. */
		r->state = SCAN_FIELD;
		r->started = 0;
		if (!scan_field_begin(r, col))
			return STEP_OVER;
		step = step_field(r, c, col, end);
		break;
	case SCAN_FIELD:
		step = step_field(r, c, col, end);
		break;
	case SCAN_IN:
		step = step_in(r, c, col, end);
		break;
	case SCAN_QUOTE:
		step = step_quote(r, c, col, end);
		break;
	}
	return step == STEP_ON && c == '\n' ? STEP_CUT : step;
}

/* Follows libcsv's state machine over P[0..LEN) and returns how many bytes
 * form the next piece to parse: up to and including the first line end, row
 * end or byte libcsv will reject.  Sets *OVER when the piece stops short
 * because a field grew past CSVREAD_MAX_FIELD (or the field count past its
 * limit); the file is then given up. */
static size_t scan(reader *r, const unsigned char *p, size_t len, bool *over)
{
	/* Bytes that need the full state machine inside an unquoted field:
	 * those that end it or are wrong in it, NUL (noted), and blanks
	 * (noted, for the space function below). */
	static const bool special[256] = {
		['\0'] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true,
		[' '] = true, ['"'] = true, [','] = true,
	};

	*over = false;
	r->piece_blank = false;
	for (size_t i = 0; i < len; i++) {
		/* The common bytes, plain ones inside an unquoted field, only
		 * make the field longer: run over them at once. */
		if (r->state == SCAN_IN && !r->quoted && !special[p[i]]) {
			size_t j = i + 1;

			while (j < len && !special[p[j]])
				j++;
			if (j - i > CSVREAD_MAX_FIELD - r->field_bytes) {
				*over = true;
				return i + (CSVREAD_MAX_FIELD - r->field_bytes);
			}
			r->field_bytes += j - i;
			i = j - 1;
			continue;
		}
		switch (scan_byte(r, p[i], r->col + i)) {
		case STEP_ON:
			break;
		case STEP_CUT:
			return i + 1;
		case STEP_OVER:
			*over = true;
			return i;
		}
	}
	return len;
}

/* Moves the position over P[0..LEN), which holds a line end only last. */
static void reader_advance(reader *r, const unsigned char *p, size_t len)
{
	if (len && p[len - 1] == '\n') {
		r->line++;
		r->col = 1;
	} else {
		r->col += len;
	}
}

/* libcsv's field callback: keeps the field's text for the row. */
static void on_field(void *s, size_t len, void *data)
{
	reader *r = data;
	size_t k;
	slot *sl;

	if (r->stop)
		return;
	k = r->delivered++;
	if (r->plain && k == r->started) {
		/* A plain field starts where the one before it ended, one
		 * comma later: nothing needs scanning. */
		if (!scan_field_begin(r, r->plain_col))
			return;
		r->plain_col += len + 1;
	}
	if (k >= r->started) {
		/* The scanner lost step with libcsv: a bug, not bad data. */
		diag_error(r->d, r->display, r->line, 0,
			   "internal error: CSV field positions lost");
		r->fail = pb_status_merge(r->fail, PB_SOFTWARE);
		r->stop = true;
		return;
	}
	sl = &r->slots[k];
	/* The scanner noted the field's first NUL byte as it went by, so the
	 * field need not be searched again (a third pass over every byte). */
	if (sl->nul_line && !r->row_bad) {
		diag_error(r->d, r->display,
			   sl->nul_line ? sl->nul_line : sl->line,
			   sl->nul_line ? sl->nul_col : sl->col,
			   "NUL byte in field");
		r->row_bad = true;
	}
	if (r->row_bad || (r->have_header && k >= r->header_n))
		return;  /* not passed on: no need to keep it */
	if (len + 1 > r->text_cap - r->text_len) {
		size_t cap = r->text_cap ? r->text_cap : 256;
		char *t;
		while (len + 1 > cap - r->text_len)
			cap *= 2;
		t = realloc(r->text, cap);
		if (!t) {
			reader_nomem(r);
			return;
		}
		r->text = t;
		r->text_cap = cap;
	}
	memcpy(r->text + r->text_len, s, len);
	r->text[r->text_len + len] = '\0';
	sl->off = r->text_len;
	sl->len = len;
	r->text_len += len + 1;
}

/* Skips the line ends at the plain cursor: blank lines give no row. */
static void plain_skip_blank(reader *r)
{
	while (r->plain_at < r->plain_end && *r->plain_at == '\n') {
		r->plain_at++;
		r->line++;
		r->plain_col = r->plain_row_col = r->col = 1;
	}
}

/* A plain row has ended: it ran from plain_at over its fields and the
 * commas between them, to its '\n'.  Moves the cursor to the next row. */
static void plain_row_end(reader *r)
{
	r->plain_at += r->plain_col - r->plain_row_col;
	r->line++;
	r->plain_col = r->plain_row_col = r->col = 1;
	r->started = 0;
	plain_skip_blank(r);
}

/* libcsv's field callback for the data rows of a plain run read through
 * the columns interface: the field goes straight from libcsv's buffer to
 * the caller.  Its column is the run's arithmetic (the fields before it
 * and their commas), kept as plain_col; nothing else is recorded, since
 * a plain field holds no quote, NUL or line end and cannot be too long. */
static void on_field_fast(void *s, size_t len, void *data)
{
	reader *r = data;
	size_t k = r->delivered++;

	if (r->stop)
		return;
	if (k < r->header_n) {
		r->cols->field(r->ctx, k, s, len);
	} else if (k == CSVREAD_MAX_FIELDS) {
		diag_error(r->d, r->display, r->line, r->plain_col,
			   "row has more than %d fields", CSVREAD_MAX_FIELDS);
		r->stop = true;
		return;
	}
	r->plain_col += len + 1;
}

/* libcsv's row callback beside on_field_fast: the field count, then the
 * caller's judgement of the row. */
static void on_row_fast(int c, void *data)
{
	reader *r = data;
	size_t n = r->delivered;

	(void)c;
	if (r->stop)
		return;
	r->rows++;
	if (n != r->header_n)
		diag_error(r->d, r->display, r->line, r->plain_row_col,
			   "row has %zu field%s, header has %zu", n,
			   n == 1 ? "" : "s", r->header_n);
	else if (!r->cols->row(r->ctx, r->rows - 1, r, r->d))
		r->stop = true;
	r->delivered = 0;
	plain_row_end(r);
	if (!r->stop)
		reader_check_limit(r);
}

void csv_cursor_place(const csv_cursor *cur, size_t k, size_t *line,
		      size_t *col)
{
	const reader *r = cur;
	const unsigned char *p = r->plain_at;
	size_t c = r->plain_row_col;

	if (!r->fast_rows) {
		*line = r->slots[k].line;
		*col = r->slots[k].col;
		return;
	}
	/* A plain row: field K starts after the K-th comma of the row. */
	for (size_t seen = 0; seen < k; p++, c++)
		seen += *p == ',';
	*line = r->line;
	*col = c;
}

/* A good data row of the scanned path, given to the columns interface
 * as the fast path gives its rows. */
static void row_to_columns(reader *r, const csv_row *row)
{
	for (size_t k = 0; k < row->n; k++)
		r->cols->field(r->ctx, k, row->fields[k].text,
			       row->fields[k].len);
	if (!r->cols->row(r->ctx, row->index, r, r->d))
		r->stop = true;
}

/* libcsv's row callback: checks the row and passes it on. */
static void on_row(int c, void *data)
{
	reader *r = data;
	size_t n;

	(void)c;
	if (r->stop)
		return;
	n = r->delivered;
	r->rows++;
	if (!r->have_header) {
		r->have_header = true;
		r->header_n = n;
		if (r->row_bad) {
			/* Without a sound header no row can be checked. */
			r->stop = true;
			return;
		}
	} else if (n != r->header_n) {
		diag_error(r->d, r->display, r->slots[0].line, r->slots[0].col,
			   "row has %zu field%s, header has %zu", n,
			   n == 1 ? "" : "s", r->header_n);
		r->row_bad = true;
	}
	if (!r->row_bad) {
		csv_row row;
		for (size_t i = 0; i < n; i++) {
			r->fields[i].text = r->text + r->slots[i].off;
			r->fields[i].len = r->slots[i].len;
			r->fields[i].line = r->slots[i].line;
			r->fields[i].col = r->slots[i].col;
		}
		row.index = r->rows - 1;
		row.line = r->slots[0].line;
		row.n = n;
		row.fields = r->fields;
		if (r->cols && row.index > 0)
			row_to_columns(r, &row);
		else if (!r->fn(r->ctx, &row, r->d))
			r->stop = true;
	}
	reader_row_reset(r);
	if (r->plain)
		plain_row_end(r);
	if (!r->stop)
		reader_check_limit(r);
}

/* Reports a byte libcsv rejected, at LINE:COL, and resynchronises: the rest
 * of the line is dropped and the next line starts a new row. */
static void reader_quote_error(reader *r, unsigned char bad, size_t col)
{
	const slot *open = r->started ? &r->slots[r->started - 1] : NULL;
	char where[80] = "";

	/* A quote left open swallows the lines after it up to the next quote
	 * in the file, which libcsv then takes for the closing one: the error
	 * shows far from its cause, so name where the field began. */
	if (bad != '"' && open && open->line != r->line)
		snprintf(where, sizeof where, "; the quoted field opened at "
			 "line %zu, column %zu", open->line, open->col);
	if (bad == '"')
		diag_error(r->d, r->display, r->line, col,
			   "stray quote in an unquoted field (quote the whole "
			   "field and double the quote)");
	else
		diag_error(r->d, r->display, r->line, col,
			   "stray quote: a closing quote must be followed by a "
			   "comma or a line end (found '%s'%s)",
			   diag_quote((const char *)&bad, 1), where);
	csv_free(&r->parser);
	reader_parser_init(r);
	r->state = SCAN_ROW;
	r->started = 0;
	reader_row_reset(r);
	if (!r->have_header) {
		r->stop = true;  /* the header itself is broken */
		return;
	}
	r->skip_line = true;
	reader_check_limit(r);
}

/* The bytes that end a run of plain lines: libcsv treats them specially
 * (quote, CR), the reader notes them (NUL), or whether they are data
 * depends on the space function (space, tab). */
static const unsigned char plain_stop[5] = { '"', '\0', '\r', ' ', '\t' };

/* Where the next byte of PLAIN_STOP at or after Q lies (END if none),
 * remembered in NEXT across calls over the same piece of input: each kind
 * is searched for once per occurrence, so the search stays linear. */
static const unsigned char *plain_next_stop(const unsigned char *q,
					    const unsigned char *end,
					    const unsigned char **next)
{
	const unsigned char *first = end;

	for (int k = 0; k < 5; k++) {
		if (!next[k] || next[k] < q) {
			next[k] = memchr(q, plain_stop[k], (size_t)(end - q));
			if (!next[k])
				next[k] = end;
		}
		if (next[k] < first)
			first = next[k];
	}
	return first;
}

/* The fast path for the common input, whole lines of plain bytes (no
 * quote, CR, NUL, space or tab): libcsv parses the run of lines in one
 * call, and since every field of such a line is its bytes and one comma
 * or line end, each field's column follows from the lengths of the fields
 * before it, and each row's line from the line ends between rows; the
 * scanner, which looks at every byte, is not needed.  The run starts at P
 * between rows and ends with a '\n' at P + LEN - 1; it is at most
 * CSVREAD_MAX_FIELD bytes, so no field in it can pass the limit.  The
 * result is exactly that of the scanned path (the tests feed every input
 * at every chunk size, which mixes the two). */
static void reader_plain(reader *r, const unsigned char *p, size_t len)
{
	size_t got;

	r->plain = true;
	r->plain_at = p;
	r->plain_end = p + len;
	r->plain_col = r->plain_row_col = r->col;
	r->started = 0;
	plain_skip_blank(r);
	csv_set_space_func(&r->parser, NULL);
	r->fast_rows = r->cols && r->have_header;
	got = csv_parse(&r->parser, p, len,
			r->fast_rows ? on_field_fast : on_field,
			r->fast_rows ? on_row_fast : on_row, r);
	r->plain = false;
	r->fast_rows = false;
	if (r->stop)
		return;
	if (got != len || csv_error(&r->parser) != CSV_SUCCESS) {
		/* No quote in the run: only memory can fail. */
		reader_nomem(r);
		return;
	}
	if (r->plain_at != r->plain_end) {
		diag_error(r->d, r->display, r->line, 0,
			   "internal error: CSV field positions lost");
		r->fail = pb_status_merge(r->fail, PB_SOFTWARE);
		r->stop = true;
	}
	r->col = 1;
	r->state = SCAN_ROW;
}

/* Between rows, at P before END: parses the longest run of plain whole
 * lines from P, if there is one, and returns its length (0: none).  NEXT
 * keeps plain_next_stop's places from one call to the next. */
static size_t reader_plain_run(reader *r, const unsigned char *p,
			       const unsigned char *end,
			       const unsigned char *next[5])
{
	const unsigned char *stop = plain_next_stop(p, end, next);
	size_t room = (size_t)(stop - p);
	const unsigned char *nl;
	size_t k;

	if (room > CSVREAD_MAX_FIELD)
		room = CSVREAD_MAX_FIELD;
	/* The header comes whole to its callback, the rows after it field by
	 * field: a run read through the columns interface starts after the
	 * header. */
	if (r->cols && !r->have_header) {
		const unsigned char *hl = memchr(p, '\n', room);
		if (hl)
			room = (size_t)(hl - p) + 1;
	}
	/* The last line end in the room (memrchr is GNU). */
	for (nl = p + room; nl > p && nl[-1] != '\n'; nl--)
		;
	if (nl == p)
		return 0;
	k = (size_t)(nl - p);
	reader_plain(r, p, k);
	return k;
}

/* Scans and parses LEN bytes that follow the byte order mark, if any. */
static void reader_push(reader *r, const unsigned char *p, size_t len)
{
	const unsigned char *next[5] = { NULL };
	const unsigned char *end = p + len;

	while (len && !r->stop) {
		size_t k;
		size_t got;
		bool over;

		if (!r->skip_line && r->state == SCAN_ROW && r->bom_done) {
			k = reader_plain_run(r, p, end, next);
			if (k) {
				p += k;
				len -= k;
				continue;
			}
		}
		if (r->skip_line) {
			const unsigned char *nl = memchr(p, '\n', len);
			k = nl ? (size_t)(nl - p) + 1 : len;
			reader_advance(r, p, k);
			r->skip_line = nl == NULL;
			p += k;
			len -= k;
			continue;
		}
		k = scan(r, p, len, &over);
		if (r->stop)
			return;
		/* Asking csvread_no_space about every byte costs libcsv a call
		 * a byte; for a piece without blanks its own test (space or
		 * tab) gives the same answers. */
		csv_set_space_func(&r->parser,
				   r->piece_blank ? csvread_no_space : NULL);
		got = csv_parse(&r->parser, p, k, on_field, on_row, r);
		if (r->stop)
			return;
		if (got != k || csv_error(&r->parser) != CSV_SUCCESS) {
			if (csv_error(&r->parser) != CSV_EPARSE) {
				reader_nomem(r);
				return;
			}
			reader_quote_error(r, p[got], r->col + got);
			reader_advance(r, p, got + 1);
			p += got + 1;
			len -= got + 1;
			continue;
		}
		reader_advance(r, p, k);
		p += k;
		len -= k;
		if (over) {
			slot *s = &r->slots[r->started - 1];
			if (!r->stop)
				diag_error(r->d, r->display, s->line, s->col,
					   "field is longer than %zu bytes",
					   CSVREAD_MAX_FIELD);
			r->stop = true;
		}
	}
}

/* Takes the next LEN bytes of the file, dropping a leading byte order mark
 * even when it arrives split over several calls. */
static void reader_feed(reader *r, const unsigned char *p, size_t len)
{
	static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };

	/* 0xFF and 0xFE never occur in UTF-8; at the very start they are
	 * the byte order mark of a file saved as UTF-16, which would
	 * otherwise only show up later as a NUL byte in some field. */
	if (!r->bom_done && r->bom_seen == 0 && len
	    && (p[0] == 0xFF || p[0] == 0xFE)) {
		diag_error(r->d, r->display, 1, 1, "the file starts with "
			   "byte 0x%02X, a UTF-16 byte order mark: it is not "
			   "UTF-8 text (save it as UTF-8)", p[0]);
		r->bom_done = true;
		r->stop = true;
		return;
	}
	while (!r->bom_done && len) {
		if (p[0] == bom[r->bom_seen]) {
			r->bom_seen++;
			p++;
			len--;
			if (r->bom_seen == 3) {
				r->bom_done = true;
				r->col += 3;
			}
		} else {
			r->bom_done = true;
			reader_push(r, bom, r->bom_seen);
		}
	}
	if (len)
		reader_push(r, p, len);
}

static void reader_open(reader *r, const char *display, csv_row_fn fn,
			void *ctx, diag *d)
{
	memset(r, 0, sizeof *r);
	r->display = display;
	r->fn = fn;
	r->ctx = ctx;
	r->d = d;
	r->base_errors = diag_errors(d);
	r->line = 1;
	r->col = 1;
	r->state = SCAN_ROW;
	reader_parser_init(r);
}

/* Ends the input: flushes a partial BOM, lets libcsv finish the last row,
 * and checks for an open quote and an empty file.  Frees what R holds and
 * returns the file's status. */
static pb_status reader_close(reader *r)
{
	pb_status st;

	if (!r->bom_done) {
		r->bom_done = true;
		reader_push(r, (const unsigned char *)"\xEF\xBB\xBF",
			    r->bom_seen);
	}
	if (!r->stop && !r->skip_line) {
		csv_set_space_func(&r->parser, csvread_no_space);
		if (csv_fini(&r->parser, on_field, on_row, r) != 0) {
			slot *s = &r->slots[r->started - 1];
			diag_error(r->d, r->display, s->line, s->col,
				   "unterminated quoted field");
		}
	}
	if (!r->stop && !r->have_header && reader_errors(r) == 0)
		diag_error(r->d, r->display, 1, 1,
			   "empty file, expected a header");
	csv_free(&r->parser);
	free(r->slots);
	free(r->fields);
	free(r->text);
	if (r->fail != PB_OK) {
		diag_fail(r->d, r->fail);
		return r->fail;
	}
	st = reader_errors(r) ? PB_DATAERR : PB_OK;
	return st;
}

/* csvread_buffer, with COLS when not NULL (FN is then its header). */
static pb_status read_buffer(const char *buf, size_t len, const char *display,
			     size_t chunk, csv_row_fn fn,
			     const csv_columns *cols, void *ctx, diag *d)
{
	reader r;
	const unsigned char *p = (const unsigned char *)buf;

	reader_open(&r, display, fn, ctx, d);
	r.cols = cols;
	if (chunk == 0)
		chunk = len;
	while (len && !r.stop) {
		size_t k = len < chunk ? len : chunk;
		reader_feed(&r, p, k);
		p += k;
		len -= k;
	}
	return reader_close(&r);
}

pb_status csvread_buffer(const char *buf, size_t len, const char *display,
			 size_t chunk, csv_row_fn fn, void *ctx, diag *d)
{
	return read_buffer(buf, len, display, chunk, fn, NULL, ctx, d);
}

pb_status csvread_buffer_columns(const char *buf, size_t len,
				 const char *display, size_t chunk,
				 const csv_columns *cols, void *ctx, diag *d)
{
	return read_buffer(buf, len, display, chunk, cols->header, cols, ctx,
			   d);
}

/* csvread_file_hashed, with COLS when not NULL (FN is then its header). */
static pb_status read_file(const char *path, const char *display,
			   csv_row_fn fn, const csv_columns *cols, void *ctx,
			   diag *d, digest_stream *ds)
{
	enum { BLOCK = 65536 };
	reader r;
	unsigned char *block;
	FILE *f = fileread_open(path);

	if (!f)
		return fileread_open_failed(d, display, true);
	block = malloc(BLOCK);
	if (!block) {
		fclose(f);
		diag_fail(d, PB_NOMEM);
		return PB_NOMEM;
	}
	reader_open(&r, display, fn, ctx, d);
	r.cols = cols;
	for (;;) {
		size_t n = fread(block, 1, BLOCK, f);
		if (ds && n)
			digest_stream_update(ds, block, n);
		if (n && !r.stop)
			reader_feed(&r, block, n);
		if (n < BLOCK)
			break;
		/* Once parsing has stopped, the rest is read only to finish
		 * the digest, which a failure makes useless. */
		if (r.stop && (!ds || r.fail != PB_OK))
			break;
	}
	if (ferror(f)) {
		diag_error(d, display, 0, 0, "read error: %s", strerror(errno));
		r.fail = pb_status_merge(r.fail, PB_IOERR);
		r.stop = true;
	}
	fclose(f);
	free(block);
	return reader_close(&r);
}

pb_status csvread_file(const char *path, const char *display, csv_row_fn fn,
		       void *ctx, diag *d)
{
	return read_file(path, display, fn, NULL, ctx, d, NULL);
}

pb_status csvread_file_hashed(const char *path, const char *display,
			      csv_row_fn fn, void *ctx, diag *d,
			      digest_stream *ds)
{
	return read_file(path, display, fn, NULL, ctx, d, ds);
}

pb_status csvread_file_columns(const char *path, const char *display,
			       const csv_columns *cols, void *ctx, diag *d,
			       digest_stream *ds)
{
	return read_file(path, display, cols->header, cols, ctx, d, ds);
}
