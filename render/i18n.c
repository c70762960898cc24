/* i18n.c: lookups in the built-in translation catalogs. */
#include "render/i18n.h"

#include <string.h>

#include "render/i18n_catalog.h"

size_t i18n_count(void)
{
	return 1 + i18n_n_catalogs;
}

const char *i18n_code(size_t i)
{
	if (i == 0)
		return I18N_SOURCE_LANG;
	return i <= i18n_n_catalogs ? i18n_catalogs[i - 1].lang : NULL;
}

static const i18n_catalog *catalog_of(const char *lang)
{
	for (size_t i = 0; lang && i < i18n_n_catalogs; i++)
		if (strcmp(i18n_catalogs[i].lang, lang) == 0)
			return &i18n_catalogs[i];
	return NULL;
}

bool i18n_known(const char *lang)
{
	return lang && (strcmp(lang, I18N_SOURCE_LANG) == 0
			|| catalog_of(lang) != NULL);
}

/* strcmp of the key CTX "\004" MSGID (just MSGID when CTX is NULL) with
 * KEY, without building the joined string. */
static int key_cmp(const char *ctx, const char *msgid, const char *key)
{
	const unsigned char *k = (const unsigned char *)key;

	if (ctx) {
		const unsigned char *c = (const unsigned char *)ctx;
		for (; *c; c++, k++)
			if (*c != *k)
				return *c < *k ? -1 : 1;
		if (*k != '\004')
			return '\004' < *k ? -1 : 1;
		k++;
	}
	return strcmp(msgid, (const char *)k);
}

/* The entry for (CTX, MSGID) in catalog C, or NULL.  Entries are sorted by
 * strcmp of their keys, which key_cmp reproduces. */
static const i18n_entry *find(const i18n_catalog *c, const char *ctx,
			      const char *msgid)
{
	size_t lo = 0, hi = c->n_entries;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = key_cmp(ctx, msgid, c->entries[mid].key);
		if (r == 0)
			return &c->entries[mid];
		if (r < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

static const char *lookup(const char *lang, const char *ctx,
			  const char *msgid)
{
	const i18n_catalog *c;
	const i18n_entry *e;

	if (!lang || !msgid)
		return NULL;
	if (strcmp(lang, I18N_SOURCE_LANG) == 0)
		return msgid;
	c = catalog_of(lang);
	e = c ? find(c, ctx, msgid) : NULL;
	/* A plural entry is not an answer to a singular lookup: its forms
	 * follow a count the caller did not give. */
	return e && !e->plural ? e->value : NULL;
}

const char *i18n_text(const char *lang, const char *msgid)
{
	return lookup(lang, NULL, msgid);
}

const char *i18n_ctext(const char *lang, const char *ctx, const char *msgid)
{
	return ctx ? lookup(lang, ctx, msgid) : NULL;
}

const char *i18n_ntext(const char *lang, const char *msgid,
		       const char *plural, unsigned long n)
{
	const i18n_catalog *c;
	const i18n_entry *e;
	unsigned long form;
	const char *p, *end;

	if (!lang || !msgid || !plural)
		return NULL;
	if (strcmp(lang, I18N_SOURCE_LANG) == 0)
		return n == 1 ? msgid : plural;
	c = catalog_of(lang);
	e = c ? find(c, NULL, msgid) : NULL;
	if (!e || !e->plural)
		return NULL;
	form = c->plural(n);
	if (form >= c->nplurals)
		return NULL;
	/* Step over FORM NUL-terminated forms, never past the value. */
	p = e->value;
	end = e->value + e->value_len;
	for (unsigned long i = 0; i < form; i++) {
		p += strlen(p) + 1;
		if (p > end)
			return NULL;
	}
	return p;
}

/* The msgid of KEY: what follows a context's "\004", else KEY. */
static const char *key_msgid(const char *key)
{
	const char *eot = strchr(key, '\004');

	return eot ? eot + 1 : key;
}

bool i18n_each_text(const char *lang,
		    void (*fn)(const char *text, void *user), void *user)
{
	const i18n_catalog *c;

	if (lang && strcmp(lang, I18N_SOURCE_LANG) == 0) {
		/* Every catalog holds every msgid: the first lists them. */
		if (i18n_n_catalogs == 0)
			return true;
		c = &i18n_catalogs[0];
		for (size_t i = 0; i < c->n_entries; i++) {
			fn(key_msgid(c->entries[i].key), user);
			if (c->entries[i].key_plural)
				fn(c->entries[i].key_plural, user);
		}
		return true;
	}
	c = catalog_of(lang);
	if (!c)
		return false;
	for (size_t i = 0; i < c->n_entries; i++) {
		const i18n_entry *e = &c->entries[i];

		/* Plural forms follow one another, each ending in a NUL. */
		for (const char *f = e->value; f <= e->value + e->value_len;
		     f += strlen(f) + 1)
			fn(f, user);
	}
	return true;
}
