/* diag.c: collection and printing of input diagnostics, and buffers that
 * hold one thread's messages until they can be printed in order. */
#include "common/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/unichar.h"

#define DIAG_KEEP 256

/* One message a buffer holds back. */
typedef struct held {
	char *text;          /* as kept: without "pairboot: " */
	bool warning;        /* counted as a warning, not an error */
} held;

struct diag {
	FILE *stream;        /* where messages go, or NULL */
	size_t limit;        /* most messages printed, 0 = all */
	size_t errors;       /* errors seen, including those not printed */
	size_t warnings;
	size_t printed;
	pb_status failure;   /* a non-data failure, if any */
	char **kept;         /* the first DIAG_KEEP messages, grown on
				demand: a study may make one diag per file */
	size_t n_kept, cap_kept;

	bool buffer;         /* a buffer: messages are held for replay */
	size_t hold_max;     /* most messages held; the rest only counted */
	held *held;          /* in the order reported */
	size_t n_held, cap_held;
	size_t errors_dropped, warnings_dropped;  /* counted, not held */
};

diag *diag_new(FILE *stream, size_t limit)
{
	diag *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->stream = stream;
	d->limit = limit;
	return d;
}

diag *diag_new_buffer(const diag *parent)
{
	diag *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->buffer = true;
	/* Past this many messages the parent prints and keeps nothing more
	 * (it has printed up to its limit and kept DIAG_KEEP already), so
	 * holding them would change nothing. */
	if (parent->buffer)
		d->hold_max = parent->hold_max;
	else if (parent->stream && parent->limit == 0)
		d->hold_max = SIZE_MAX;
	else
		d->hold_max = parent->limit > DIAG_KEEP ? parent->limit
							 : DIAG_KEEP;
	return d;
}

void diag_free(diag *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n_kept; i++)
		free(d->kept[i]);
	free(d->kept);
	for (size_t i = 0; i < d->n_held; i++)
		free(d->held[i].text);
	free(d->held);
	free(d);
}

/* Prints and keeps the formatted message FULL (malloc'd; D takes it). */
static void diag_record(diag *d, char *full)
{
	if (d->stream && (d->limit == 0 || d->printed < d->limit)) {
		fprintf(d->stream, "pairboot: %s\n", full);
		d->printed++;
	}
	if (d->n_kept == d->cap_kept && d->cap_kept < DIAG_KEEP) {
		size_t cap = d->cap_kept ? 2 * d->cap_kept : 4;
		char **grown = realloc(d->kept, cap * sizeof *grown);
		if (grown) {
			d->kept = grown;
			d->cap_kept = cap < DIAG_KEEP ? cap : DIAG_KEEP;
		} else {
			d->failure = pb_status_merge(d->failure, PB_NOMEM);
		}
	}
	if (d->n_kept < d->cap_kept)
		d->kept[d->n_kept++] = full;
	else
		free(full);
}

/* Holds FULL (malloc'd; D takes it) in the buffer D for diag_replay. */
static void diag_hold(diag *d, char *full, bool warning)
{
	if (d->n_held == d->hold_max) {
		free(full);
		if (warning)
			d->warnings_dropped++;
		else
			d->errors_dropped++;
		return;
	}
	if (d->n_held == d->cap_held) {
		size_t cap = d->cap_held ? 2 * d->cap_held : 8;
		held *h = realloc(d->held, cap * sizeof *h);
		if (!h) {
			free(full);
			d->failure = pb_status_merge(d->failure, PB_NOMEM);
			return;
		}
		d->held = h;
		d->cap_held = cap;
	}
	d->held[d->n_held].text = full;
	d->held[d->n_held].warning = warning;
	d->n_held++;
}

/* Whether the byte at S (LEFT bytes available) starts a control
 * character, and how many bytes it has (1, or 2 for a C1 control); a
 * bidi control or invisible format character (common/unichar.h) counts
 * as one, since it would reorder or hide what the terminal shows. */
static size_t control_len(const unsigned char *s, size_t left)
{
	if (s[0] < 0x20 || s[0] == 0x7F)
		return 1;
	if (s[0] == 0xC2 && left > 1 && s[1] >= 0x80 && s[1] <= 0x9F)
		return 2;
	return unichar_hidden(s, left, NULL);
}

char *diag_escape(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text), o = 0;
	/* At worst every byte becomes four. */
	char *out = malloc(4 * len + 1);

	if (!out)
		return NULL;
	for (size_t i = 0; i < len;) {
		size_t n = control_len(s + i, len - i);
		if (n == 0) {
			out[o++] = (char)s[i++];
			continue;
		}
		for (; n > 0; n--, i++)
			o += (size_t)snprintf(out + o, 5, "\\x%02X", s[i]);
	}
	out[o] = '\0';
	return out;
}

static void diag_emit(diag *d, const char *kind, const char *file,
		      size_t line, size_t col, const char *fmt, va_list ap)
{
	char where[64] = "";
	char text[1024];
	char *full, *safe;
	size_t need;

	if (line && col)
		snprintf(where, sizeof where, ":%zu:%zu", line, col);
	else if (line)
		snprintf(where, sizeof where, ":%zu", line);
	vsnprintf(text, sizeof text, fmt, ap);
	need = strlen(file ? file : "") + strlen(where) + strlen(kind)
	       + strlen(text) + 4;
	full = malloc(need);
	if (!full) {
		d->failure = pb_status_merge(d->failure, PB_NOMEM);
		return;
	}
	snprintf(full, need, "%s%s: %s%s", file ? file : "", where, kind, text);
	safe = diag_escape(full);
	free(full);
	if (!safe) {
		d->failure = pb_status_merge(d->failure, PB_NOMEM);
		return;
	}
	full = safe;
	if (d->buffer)
		diag_hold(d, full, kind[0] != '\0');
	else
		diag_record(d, full);
}

void diag_replay(diag *dst, const diag *src)
{
	for (size_t i = 0; i < src->n_held; i++) {
		size_t len = strlen(src->held[i].text) + 1;
		char *copy = malloc(len);

		if (src->held[i].warning)
			dst->warnings++;
		else
			dst->errors++;
		if (!copy) {
			dst->failure = pb_status_merge(dst->failure, PB_NOMEM);
			continue;
		}
		memcpy(copy, src->held[i].text, len);
		if (dst->buffer)
			diag_hold(dst, copy, src->held[i].warning);
		else
			diag_record(dst, copy);
	}
	dst->errors += src->errors_dropped;
	dst->warnings += src->warnings_dropped;
	if (dst->buffer) {
		dst->errors_dropped += src->errors_dropped;
		dst->warnings_dropped += src->warnings_dropped;
	}
	dst->failure = pb_status_merge(dst->failure, src->failure);
}

/* ---- a buffer passed between processes --------------------------------- */

static bool put_size(FILE *f, size_t n)
{
	uint64_t v = n;
	return fwrite(&v, sizeof v, 1, f) == 1;
}

static bool get_size(FILE *f, size_t *n)
{
	uint64_t v;

	if (fread(&v, sizeof v, 1, f) != 1 || v > SIZE_MAX)
		return false;
	*n = (size_t)v;
	return true;
}

bool diag_save(const diag *src, FILE *f)
{
	bool ok = put_size(f, (size_t)src->failure)
		  && put_size(f, src->errors_dropped)
		  && put_size(f, src->warnings_dropped)
		  && put_size(f, src->n_held);

	for (size_t i = 0; ok && i < src->n_held; i++) {
		size_t len = strlen(src->held[i].text);
		ok = put_size(f, src->held[i].warning)
		     && put_size(f, len)
		     && fwrite(src->held[i].text, 1, len, f) == len;
	}
	return ok;
}

/* Reads one held message of D from F. */
static pb_status load_held(diag *d, FILE *f)
{
	size_t warning, len;
	char *text;

	if (!get_size(f, &warning) || !get_size(f, &len) || len > 1 << 20)
		return PB_IOERR;
	text = malloc(len + 1);
	if (!text)
		return PB_NOMEM;
	if (fread(text, 1, len, f) != len) {
		free(text);
		return PB_IOERR;
	}
	text[len] = '\0';
	diag_hold(d, text, warning != 0);
	return d->failure == PB_NOMEM ? PB_NOMEM : PB_OK;
}

pb_status diag_load(const diag *parent, FILE *f, diag **out)
{
	diag *d = diag_new_buffer(parent);
	size_t failure, n;
	pb_status st = PB_OK;

	*out = NULL;
	if (!d)
		return PB_NOMEM;
	if (!get_size(f, &failure) || !get_size(f, &d->errors_dropped)
	    || !get_size(f, &d->warnings_dropped) || !get_size(f, &n))
		st = PB_IOERR;
	for (size_t i = 0; st == PB_OK && i < n; i++)
		st = load_held(d, f);
	if (st != PB_OK) {
		diag_free(d);
		return st;
	}
	d->failure = (pb_status)failure;
	*out = d;
	return PB_OK;
}

void diag_error(diag *d, const char *file, size_t line, size_t col,
		const char *fmt, ...)
{
	va_list ap;
	d->errors++;
	va_start(ap, fmt);
	diag_emit(d, "", file, line, col, fmt, ap);
	va_end(ap);
}

void diag_warning(diag *d, const char *file, size_t line, size_t col,
		  const char *fmt, ...)
{
	va_list ap;
	d->warnings++;
	va_start(ap, fmt);
	diag_emit(d, "warning: ", file, line, col, fmt, ap);
	va_end(ap);
}

void diag_fail(diag *d, pb_status status)
{
	d->failure = pb_status_merge(d->failure, status);
}

size_t diag_errors(const diag *d) { return d->errors; }
size_t diag_warnings(const diag *d) { return d->warnings; }
size_t diag_kept(const diag *d) { return d->n_kept; }

pb_status diag_status(const diag *d)
{
	if (d->failure != PB_OK)
		return d->failure;
	return d->errors ? PB_DATAERR : PB_OK;
}

const char *diag_message(const diag *d, size_t i)
{
	return i < d->n_kept ? d->kept[i] : NULL;
}

/* Length of the valid UTF-8 sequence at S (at most LEFT bytes), 0 if none. */
static size_t utf8_valid_len(const unsigned char *s, size_t left)
{
	size_t n;
	unsigned min;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xE0) == 0xC0) { n = 2; min = 0x80; cp = s[0] & 0x1F; }
	else if ((s[0] & 0xF0) == 0xE0) { n = 3; min = 0x800; cp = s[0] & 0x0F; }
	else if ((s[0] & 0xF8) == 0xF0) { n = 4; min = 0x10000; cp = s[0] & 0x07; }
	else return 0;
	if (n > left)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

const char *diag_quote(const char *value, size_t len)
{
	/* Per thread: files are read on several threads at once. */
	static _Thread_local char ring[4][256];
	static _Thread_local unsigned next;
	char *out = ring[next++ % 4];
	size_t o = 0;
	const unsigned char *s = (const unsigned char *)value;
	size_t i = 0;

	while (i < len && o < 80) {
		size_t n = utf8_valid_len(s + i, len - i);
		if (n == 1 && s[i] >= 0x20 && s[i] != 0x7F && s[i] != '\''
		    && s[i] != '\\') {
			out[o++] = (char)s[i++];
		} else if (n > 1 && !unichar_hidden(s + i, len - i, NULL)) {
			memcpy(out + o, s + i, n);
			o += n;
			i += n;
		} else {
			o += (size_t)snprintf(out + o, 256 - o, "\\x%02X", s[i]);
			i++;
		}
	}
	if (i < len) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}
