/* mdpage_names.h: the short names a Markdown page writer calls the pieces
 * of render/mdpage.h by.
 *
 * tr, trc and trn are the keywords xgettext extracts the page's words by
 * (Makefile.am, "Translations"), so every writer must call them by these
 * names.  Include this header only in a page writer's .c file, after the
 * definition of its page struct: PG is a pointer to that struct, which
 * holds its mdpage in a member named md. */
#ifndef PAIRBOOT_MDPAGE_NAMES_H
#define PAIRBOOT_MDPAGE_NAMES_H

#include "render/mdpage.h"

#define tr(pg, msgid) mdpage_tr(&(pg)->md, (msgid))
#define trc(pg, ctx, msgid) mdpage_trc(&(pg)->md, (ctx), (msgid))
#define trn(pg, singular, plural, n) \
	mdpage_trn(&(pg)->md, (singular), (plural), (n))
#define phrase(pg, id) mdpage_phrase(&(pg)->md, (id))
#define phrase_n(pg, id, n) mdpage_phrase_n(&(pg)->md, (id), (n))
#define keep(pg, s) mdpage_keep(&(pg)->md, (s))
#define fmt(pg, ...) mdpage_fmt(&(pg)->md, __VA_ARGS__)
#define head(pg, level, text) mdpage_heading(&(pg)->md, (level), (text))
#define para(pg, text) mdpage_paragraph(&(pg)->md, (text))
#define item(pg, text) mdpage_bullet(&(pg)->md, (text))
#define esc(pg, text) mdpage_esc(&(pg)->md, (text))
#define join(pg, items, sep) mdpage_join(&(pg)->md, (items), (sep))
#define table_header(pg, cells) mdpage_table_header(&(pg)->md, (cells))
#define table_row(pg, cells) mdpage_table_row(&(pg)->md, (cells))
#define row_new() mdpage_row_new()
#define add(row, cell) mdpage_cell((row), (cell))

#endif
