/* i18n.h: the words of the Markdown pages in each published language.
 *
 * English is the language of the sources; German, Czech and Korean come
 * from the gettext catalogs po/de.po, po/cs.po and po/ko.po, compiled into
 * the program at build time (see render/i18n_catalog.h and
 * docs/translations.md).  Lookups name their language explicitly, so one
 * run renders all four pages, and nothing depends on the process locale,
 * on installed .mo files or on any cache: unlike gettext(), which answers
 * in English under LC_ALL=C and keeps the first language it loaded.
 *
 * A lookup that finds no translation returns NULL rather than the English
 * text: the build checks that every string of the sources is translated,
 * so a NULL here is a bug, and the caller must fail instead of printing
 * English on a German page. */
#ifndef PAIRBOOT_I18N_H
#define PAIRBOOT_I18N_H

#include <stdbool.h>
#include <stddef.h>

/* The code of the source language, "en". */
#define I18N_SOURCE_LANG "en"

/* The number of languages (English and every built-in catalog). */
size_t i18n_count(void);

/* The code of language I (0 = "en", then the catalogs in build order:
 * "de", "cs", "ko"), or NULL when I >= i18n_count(). */
const char *i18n_code(size_t i);

/* True when LANG is the code of one of the languages. */
bool i18n_known(const char *lang);

/* The translation of MSGID into LANG.  English returns MSGID itself.  NULL
 * when LANG is unknown or the catalog has no translation of MSGID.  The
 * result is static. */
const char *i18n_text(const char *lang, const char *msgid);

/* The same for MSGID in context CTX (gettext's msgctxt, for an English
 * word that needs two translations). */
const char *i18n_ctext(const char *lang, const char *ctx, const char *msgid);

/* The form of MSGID / PLURAL for the count N, by the catalog's plural rule
 * (English: MSGID when N is 1, else PLURAL).  NULL as for i18n_text, or
 * when the catalog lacks the form its rule asks for. */
const char *i18n_ntext(const char *lang, const char *msgid,
		       const char *plural, unsigned long n);

/* Calls FN with every text LANG's pages can be written from: each
 * translation and each of its plural forms (English: each msgid and
 * msgid_plural, contexts left out), with USER.  An English msgid that has
 * no translation anywhere is not seen (the build makes every one
 * translated).  False when LANG is unknown. */
bool i18n_each_text(const char *lang,
		    void (*fn)(const char *text, void *user), void *user);

#endif
