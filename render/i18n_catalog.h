/* i18n_catalog.h: the form of the translation catalogs built into pairboot.
 *
 * The catalogs are the compiled po/LANG.po files: at build time msgfmt
 * checks and compiles each one, and render/i18n_gen turns the .mo files
 * into a C source (render/i18n_catalog.c in the build tree) that defines
 * i18n_catalogs[].  Nothing is read at run time, so the pages come out the
 * same from the build tree, after `make install` and whatever the process
 * locale.  Only render/i18n.c reads these tables. */
#ifndef PAIRBOOT_I18N_CATALOG_H
#define PAIRBOOT_I18N_CATALOG_H

#include <stddef.h>

typedef struct i18n_entry {
	const char *key;        /* msgid, or msgctxt "\004" msgid */
	const char *key_plural; /* a plural entry's msgid_plural (the
				   English plural); else NULL */
	const char *value;      /* the translation; plural entries hold
				   their forms one after another, each
				   ending in a NUL byte */
	unsigned int value_len; /* bytes of value, the NULs between plural
				   forms included, the final NUL not */
	unsigned int plural;    /* 1: an entry with plural forms */
} i18n_entry;

typedef struct i18n_catalog {
	const char *lang;           /* "de" */
	const i18n_entry *entries;  /* sorted by strcmp of key, unique */
	size_t n_entries;
	unsigned int nplurals;      /* from the catalog's Plural-Forms */
	/* The catalog's plural expression: which form a count N takes. */
	unsigned long (*plural)(unsigned long n);
} i18n_catalog;

/* Defined by the generated render/i18n_catalog.c, in the order of the
 * languages given to the generator. */
extern const i18n_catalog i18n_catalogs[];
extern const size_t i18n_n_catalogs;

#endif
