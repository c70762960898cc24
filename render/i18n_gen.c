/* i18n_gen.c: turns compiled gettext catalogs (.mo files) into a C source
 * that builds them into pairboot (render/i18n_catalog.h describes it).
 *
 *     i18n_gen OUTPUT.c LANG=FILE.mo ...
 *
 * A build tool, run by `make` after msgfmt has checked and compiled each
 * po/LANG.po; it links nothing of pairboot.  The .mo format is the one the
 * GNU gettext manual documents ("The Format of GNU MO Files"): a header of
 * 32-bit words in the writer's byte order (magic 0x950412de, revision, N,
 * offset of the original strings' table, offset of the translations'
 * table, hash table size and offset), then two tables of N (length,
 * offset) pairs.  An original holds "msgctxt\004msgid", and for plural
 * entries "msgid\0msgid_plural"; a plural translation holds its forms
 * separated by NUL bytes.  The entry with the empty msgid is the header,
 * whose Plural-Forms line gives the number of forms and the rule.
 *
 * Only revision 0 is read: revision 1 adds system-dependent strings (such
 * as <PRIu64> in a format), which the pages do not use; numbers are passed
 * as %s or %zu instead.  The output depends only on the inputs, so a build
 * is reproducible. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MO_MAGIC 0x950412deU
#define MO_MAGIC_SWAPPED 0xde120495U

typedef struct mo_string {
	const char *s;   /* points into the file's bytes */
	uint32_t len;    /* bytes without the final NUL */
} mo_string;

typedef struct mo_entry {
	mo_string orig, trans;
} mo_entry;

typedef struct catalog {
	const char *lang;
	const char *path;
	char *data;          /* the whole file */
	size_t size;
	mo_entry *entries;   /* header entry left out, sorted by key */
	size_t n;
	unsigned nplurals;
	char plural[256];    /* the C expression of the rule */
} catalog;

static int fail(const char *path, const char *msg)
{
	fprintf(stderr, "i18n_gen: %s: %s\n", path, msg);
	return 1;
}

static int read_file(catalog *c)
{
	FILE *f = fopen(c->path, "rb");
	long size;

	if (!f)
		return fail(c->path, strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0
	    || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return fail(c->path, "cannot find its size");
	}
	c->size = (size_t)size;
	c->data = malloc(c->size + 1);
	if (!c->data) {
		fclose(f);
		return fail(c->path, "out of memory");
	}
	if (fread(c->data, 1, c->size, f) != c->size || ferror(f)) {
		fclose(f);
		return fail(c->path, "read error");
	}
	fclose(f);
	c->data[c->size] = '\0';
	return 0;
}

static uint32_t word(const catalog *c, size_t off, bool swap)
{
	const unsigned char *p = (const unsigned char *)c->data + off;
	uint32_t le = (uint32_t)p[0] | (uint32_t)p[1] << 8
		      | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	uint32_t be = (uint32_t)p[3] | (uint32_t)p[2] << 8
		      | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
	/* The magic tells the writer's byte order; SWAP means the other
	 * order than little-endian. */
	return swap ? be : le;
}

/* Reads table entry I of the table at TABLE into *OUT, checking that the
 * string lies inside the file and ends in a NUL. */
static bool table_string(const catalog *c, uint32_t table, uint32_t i,
			 bool swap, mo_string *out)
{
	size_t at = (size_t)table + (size_t)i * 8;
	uint32_t len, off;

	if (at + 8 > c->size)
		return false;
	len = word(c, at, swap);
	off = word(c, at + 4, swap);
	if ((size_t)off + len >= c->size || c->data[(size_t)off + len] != '\0')
		return false;
	out->s = c->data + off;
	out->len = len;
	return true;
}

static int key_order(const void *a, const void *b)
{
	return strcmp(((const mo_entry *)a)->orig.s,
		      ((const mo_entry *)b)->orig.s);
}

/* Takes nplurals and the plural rule from the header's Plural-Forms line;
 * the rule must use only what C and gettext's rules share, so that it can
 * be compiled as it is. */
static int parse_plural_forms(catalog *c, const char *header)
{
	const char *line = strstr(header, "Plural-Forms:");
	const char *p, *e;
	size_t len;

	c->nplurals = 2;
	strcpy(c->plural, "n != 1");
	if (!line)
		return 0;
	p = strstr(line, "nplurals=");
	if (!p)
		return fail(c->path, "Plural-Forms without nplurals");
	c->nplurals = (unsigned)strtoul(p + 9, NULL, 10);
	if (c->nplurals < 1 || c->nplurals > 6)
		return fail(c->path, "nplurals outside 1..6");
	p = strstr(line, "plural=");
	if (!p)
		return fail(c->path, "Plural-Forms without plural=");
	p += 7;
	e = strchr(p, ';');
	if (!e)
		e = p + strcspn(p, "\n");
	len = (size_t)(e - p);
	if (len == 0 || len >= sizeof c->plural)
		return fail(c->path, "plural rule empty or too long");
	for (const char *q = p; q < e; q++)
		if (!strchr("n0123456789()?:<>=!&|%+-*/ \t", *q))
			return fail(c->path, "plural rule has a character "
				    "other than n, digits, operators, "
				    "parentheses and spaces");
	memcpy(c->plural, p, len);
	c->plural[len] = '\0';
	return 0;
}

static int load(catalog *c)
{
	uint32_t magic, rev, n, otab, ttab;
	bool swap, header_seen = false;

	if (read_file(c))
		return 1;
	if (c->size < 28)
		return fail(c->path, "too short for a .mo file");
	magic = word(c, 0, false);
	if (magic == MO_MAGIC)
		swap = false;
	else if (magic == MO_MAGIC_SWAPPED)
		swap = true;
	else
		return fail(c->path, "not a .mo file (bad magic number)");
	rev = word(c, 4, swap);
	if (rev != 0)
		return fail(c->path, "revision is not 0: system-dependent "
			    "strings are not supported (pass numbers as %s "
			    "or %zu)");
	n = word(c, 8, swap);
	otab = word(c, 12, swap);
	ttab = word(c, 16, swap);
	c->entries = calloc(n ? n : 1, sizeof *c->entries);
	if (!c->entries)
		return fail(c->path, "out of memory");
	for (uint32_t i = 0; i < n; i++) {
		mo_entry e;
		if (!table_string(c, otab, i, swap, &e.orig)
		    || !table_string(c, ttab, i, swap, &e.trans))
			return fail(c->path, "a string table entry lies "
				    "outside the file");
		if (e.orig.len == 0) {
			if (parse_plural_forms(c, e.trans.s))
				return 1;
			header_seen = true;
			continue;
		}
		c->entries[c->n++] = e;
	}
	if (!header_seen)
		return fail(c->path, "no header entry");
	qsort(c->entries, c->n, sizeof *c->entries, key_order);
	for (size_t i = 1; i < c->n; i++)
		if (strcmp(c->entries[i - 1].orig.s, c->entries[i].orig.s) == 0)
			return fail(c->path, "a msgid appears twice");
	return 0;
}

/* Writes LEN bytes of S as a C string literal.  Every byte that is not
 * printable ASCII, and the quote, backslash and '?' (trigraphs), becomes a
 * three-digit octal escape, which never runs into the next character as a
 * hex escape would. */
static void put_literal(FILE *out, const char *s, size_t len)
{
	fputc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char b = (unsigned char)s[i];
		if (b < 0x20 || b > 0x7e || b == '"' || b == '\\' || b == '?')
			fprintf(out, "\\%03o", (unsigned)b);
		else
			fputc(b, out);
	}
	fputc('"', out);
}

static void put_catalog(FILE *out, const catalog *c)
{
	fprintf(out, "\n/* %s: %zu messages, %u plural forms. */\n", c->lang,
		c->n, c->nplurals);
	fprintf(out, "static const i18n_entry entries_%s[] = {\n", c->lang);
	for (size_t i = 0; i < c->n; i++) {
		const mo_entry *e = &c->entries[i];
		/* The key is the singular msgid (with its context): a
		 * plural original continues after its first NUL. */
		size_t klen = strlen(e->orig.s);
		fputs("\t{ ", out);
		put_literal(out, e->orig.s, klen);
		fputs(", ", out);
		if (klen < e->orig.len)
			put_literal(out, e->orig.s + klen + 1,
				    e->orig.len - klen - 1);
		else
			fputs("NULL", out);
		fputs(",\n\t  ", out);
		put_literal(out, e->trans.s, e->trans.len);
		fprintf(out, ",\n\t  %lu, %d },\n", (unsigned long)e->trans.len,
			klen < e->orig.len ? 1 : 0);
	}
	if (c->n == 0)
		fputs("\t{ \"\", NULL, \"\", 0, 0 }\n", out);
	fputs("};\n\n", out);
	fprintf(out, "static unsigned long plural_%s(unsigned long n)\n{\n"
		"\t(void)n;\n\treturn (unsigned long)(%s);\n}\n", c->lang,
		c->plural);
}

static bool valid_lang(const char *s, size_t len)
{
	if (len == 0 || len > 15)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_'))
			return false;
	return true;
}

int main(int argc, char **argv)
{
	catalog *cats;
	size_t n = argc > 2 ? (size_t)argc - 2 : 0;
	FILE *out;
	int status = 0;

	if (argc < 3) {
		fputs("usage: i18n_gen OUTPUT.c LANG=FILE.mo...\n", stderr);
		return 2;
	}
	cats = calloc(n, sizeof *cats);
	if (!cats) {
		fputs("i18n_gen: out of memory\n", stderr);
		return 1;
	}
	for (size_t i = 0; i < n && status == 0; i++) {
		char *arg = argv[i + 2];
		char *eq = strchr(arg, '=');
		if (!eq || !valid_lang(arg, (size_t)(eq - arg))) {
			status = fail(arg, "expected LANG=FILE.mo with LANG "
				      "in lower case letters");
			break;
		}
		*eq = '\0';
		cats[i].lang = arg;
		cats[i].path = eq + 1;
		status = load(&cats[i]);
	}
	if (status == 0) {
		out = fopen(argv[1], "w");
		if (!out) {
			status = fail(argv[1], strerror(errno));
		} else {
			fputs("/* i18n_catalog.c: the translation catalogs, "
			      "generated by render/i18n_gen\n * from the "
			      "compiled po/LANG.po files.  Do not edit: edit "
			      "the .po files. */\n"
			      "#include \"render/i18n_catalog.h\"\n\n"
			      "/* The plural rules are copied from the "
			      "catalogs as written. */\n"
			      "#pragma GCC diagnostic ignored "
			      "\"-Wparentheses\"\n", out);
			for (size_t i = 0; i < n; i++)
				put_catalog(out, &cats[i]);
			fputs("\nconst i18n_catalog i18n_catalogs[] = {\n",
			      out);
			for (size_t i = 0; i < n; i++)
				fprintf(out, "\t{ \"%s\", entries_%s, %zu, %u, "
					"plural_%s },\n", cats[i].lang,
					cats[i].lang, cats[i].n,
					cats[i].nplurals, cats[i].lang);
			fprintf(out, "};\n\nconst size_t i18n_n_catalogs = "
				"%zu;\n", n);
			if (fflush(out) != 0 || ferror(out))
				status = fail(argv[1], "write error");
			if (fclose(out) != 0 && status == 0)
				status = fail(argv[1], "write error");
		}
	}
	for (size_t i = 0; i < n; i++) {
		free(cats[i].data);
		free(cats[i].entries);
	}
	free(cats);
	return status;
}
