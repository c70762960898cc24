/* verify_vocab.h: the words `pairboot verify` recognises in a published
 * page, in every language the program carries.
 *
 * The phrases are the msgids of the page renderer (render/markdown.c)
 * looked up in the built-in catalogs (render/i18n.h), so a page in any of
 * the languages is read with the very words it was written with, and a new
 * catalog needs no change here. */
#ifndef PAIRBOOT_VERIFY_VOCAB_H
#define PAIRBOOT_VERIFY_VOCAB_H

#include <stddef.h>

#include "common/status.h"
#include "ingest/published.h"

/* Builds the vocabulary into a new array *OUT of *N phrases (free with
 * free(); the strings are static).  Errors: PB_NOMEM; PB_SOFTWARE when a
 * catalog lacks one of the phrases (the renderer's msgids changed), with
 * the msgid and language in *MISSING_MSGID and *MISSING_LANG. */
pb_status verify_vocab_build(pub_phrase **out, size_t *n,
			     const char **missing_msgid,
			     const char **missing_lang);

#endif
