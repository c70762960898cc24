/* groupfmt.c: whole numbers with their digits grouped (groupfmt.h). */
#include "render/groupfmt.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The separators verify reads back (ingest/pubmatch.h). */
static const char *const separators[] = {
	"\xc2\xa0",        /* NO-BREAK SPACE */
	"\xe2\x80\xaf",    /* NARROW NO-BREAK SPACE */
	",",
};

const char *groupfmt_separator(const char *example)
{
	size_t n;

	if (!example)
		return NULL;
	if (strcmp(example, "10000") == 0)
		return "";
	n = strlen(example);
	if (n < 6 || strncmp(example, "10", 2) != 0
	    || strcmp(example + n - 3, "000") != 0)
		return NULL;
	for (size_t i = 0; i < sizeof separators / sizeof *separators; i++)
		if (n - 5 == strlen(separators[i])
		    && strncmp(example + 2, separators[i], n - 5) == 0)
			return separators[i];
	return NULL;
}

void groupfmt_digits(GString *out, const char *digits, const char *sep)
{
	size_t n;

	if (*digits == '-')
		g_string_append_c(out, *digits++);
	n = strlen(digits);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0 && n >= 4)
			g_string_append(out, sep);
		g_string_append_c(out, digits[i]);
	}
}

/* The most arguments a page's message takes. */
#define MAX_ARGS 16

typedef enum { ARG_NONE, ARG_STR, ARG_INT, ARG_UINT, ARG_SIZE, ARG_ULONG }
	arg_kind;

/* One directive of a format: where it lies, which argument it takes. */
typedef struct {
	size_t from, to;   /* its bytes in the format */
	int arg;           /* 0-based argument, -1 for "%%" */
	arg_kind kind;
} directive;

/* The directive at S (just after '%'): its kind and length after the
 * '%', or ARG_NONE for one this file does not handle. */
static arg_kind conversion(const char *s, size_t *len)
{
	if (s[0] == 's' || s[0] == 'd' || s[0] == 'u') {
		*len = 1;
		return s[0] == 's' ? ARG_STR : s[0] == 'd' ? ARG_INT : ARG_UINT;
	}
	if ((s[0] == 'z' || s[0] == 'l') && s[1] == 'u') {
		*len = 2;
		return s[0] == 'z' ? ARG_SIZE : ARG_ULONG;
	}
	return ARG_NONE;
}

/* Reads the directives of FORMAT into D (at most MAX_ARGS * 2); false for
 * one not handled, or a mix of numbered and plain ones. */
static bool directives(const char *format, directive *d, size_t *n_d,
		       arg_kind *kinds, int *n_args)
{
	int next = 0, numbered = -1;

	*n_d = 0;
	*n_args = 0;
	for (size_t i = 0; format[i]; i++) {
		size_t len, at = i;
		int arg;
		if (format[i] != '%')
			continue;
		if (*n_d == 2 * MAX_ARGS)
			return false;
		if (format[i + 1] == '%') {
			d[(*n_d)++] = (directive){ at, at + 2, -1, ARG_NONE };
			i++;
			continue;
		}
		i++;
		if (format[i] >= '1' && format[i] <= '9' && format[i + 1] == '$') {
			if (numbered == 0)
				return false;
			numbered = 1;
			arg = format[i] - '1';
			i += 2;
		} else {
			if (numbered == 1)
				return false;
			numbered = 0;
			arg = next++;
		}
		arg_kind k = conversion(format + i, &len);
		if (k == ARG_NONE || arg >= MAX_ARGS
		    || (kinds[arg] != ARG_NONE && kinds[arg] != k))
			return false;
		kinds[arg] = k;
		if (arg + 1 > *n_args)
			*n_args = arg + 1;
		i += len - 1;
		d[(*n_d)++] = (directive){ at, i + 1, arg, k };
	}
	for (int a = 0; a < *n_args; a++)
		if (kinds[a] == ARG_NONE)
			return false;   /* a gap: the types cannot be known */
	return true;
}

gchar *groupfmt_vprintf(const char *sep, const char *format, va_list ap)
{
	directive d[2 * MAX_ARGS];
	arg_kind kinds[MAX_ARGS] = { ARG_NONE };
	union { const char *s; int i; unsigned u; size_t z; unsigned long l; }
		val[MAX_ARGS];
	size_t n_d, from = 0;
	int n_args;
	GString *out;
	char num[32];

	if (!directives(format, d, &n_d, kinds, &n_args))
		return g_strdup_vprintf(format, ap);
	for (int a = 0; a < n_args; a++)
		switch (kinds[a]) {
		case ARG_STR: val[a].s = va_arg(ap, const char *); break;
		case ARG_INT: val[a].i = va_arg(ap, int); break;
		case ARG_UINT: val[a].u = va_arg(ap, unsigned); break;
		case ARG_SIZE: val[a].z = va_arg(ap, size_t); break;
		case ARG_ULONG: val[a].l = va_arg(ap, unsigned long); break;
		case ARG_NONE: break;
		}
	out = g_string_new(NULL);
	for (size_t k = 0; k < n_d; k++) {
		const directive *x = &d[k];
		g_string_append_len(out, format + from, (gssize)(x->from - from));
		from = x->to;
		switch (x->kind) {
		case ARG_NONE: g_string_append_c(out, '%'); break;
		case ARG_STR:
			g_string_append(out, val[x->arg].s ? val[x->arg].s
							   : "(null)");
			break;
		case ARG_INT:
			g_string_append_printf(out, "%d", val[x->arg].i);
			break;
		case ARG_UINT:
			g_string_append_printf(out, "%u", val[x->arg].u);
			break;
		case ARG_SIZE:
			snprintf(num, sizeof num, "%zu", val[x->arg].z);
			groupfmt_digits(out, num, sep);
			break;
		case ARG_ULONG:
			snprintf(num, sizeof num, "%lu", val[x->arg].l);
			groupfmt_digits(out, num, sep);
			break;
		}
	}
	g_string_append(out, format + from);
	return g_string_free(out, FALSE);
}
