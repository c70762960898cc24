/* cs_prep.h: the Czech prepositions v, s, k, z before a word or a number
 * that reaches a message only when the page is written.
 *
 * Czech writes v, s, k, z as ve, se, ke, ze before a word that begins
 * with the same or a like sound, or with a group of consonants that
 * would not run together with the preposition, and says a number as
 * the word it is read aloud with.  The rule this module follows (after
 * the Internetová jazyková příručka of the Ústav pro jazyk český):
 *
 *   - v becomes ve before v, f, w;  s and z become se and ze before s,
 *     z, š, ž;  k becomes ke before k, g:  "ve vodě", "se sestrou",
 *     "ze země", "ke koni";
 *   - each becomes ve, se, ke, ze before s, z, š or ž followed by a
 *     consonant ("ve stu", "ke stolu", "ve škole") and before dv, tř,
 *     čt and mn ("ve dvou", "se dvěma", "ze tří", "ke čtyřem",
 *     "se mnou");
 *   - otherwise it stays v, s, k, z ("v sedmi", "s pěti", "k osmi",
 *     "z tisíce", "v sérii").
 *
 * A number is read by its first word, which keeps its first sounds in
 * every case the preposition governs: 0 nula, 1 jeden, 2 dva, 3 tři,
 * 4 čtyři, 5 pět, 6 šest, 7 sedm, 8 osm, 9 devět, 10 to 19 deset ...
 * devatenáct, the tens dvacet ... devadesát, 100 sto, 200 dvě stě,
 * 300 tři sta ..., 1 000 tisíc, 2 000 dva tisíce, 7 000 sedm tisíc,
 * 1 000 000 milion.  So "ve 2", "ve 3", "ve 4", "ve 12", "ve 31 %",
 * "ve 100", "se 6", "se 7", "se 17", "se 70", "se 7 000", "ze 4 834",
 * but "v 7", "v 17", "s 5", "s 10 000", "z 9 660", "k 8".  Only the
 * whole part counts ("v 0,05" is "v nula celá ..."); a sign is read
 * plus or minus.  An abbreviation in capitals is read by the names of
 * its letters ("ke GPU", "ve VM", "s SSD", "v FPS").
 *
 * A message carries the preposition as it is written before a word of
 * no like sound, "v %s", "s %s"; cs_prep_mark finds each one-letter
 * preposition that stands directly before a conversion, and once the
 * message is formatted cs_prep_resolve writes it as the text that
 * follows asks.  No other catalog has a word of one letter v, s, k or z
 * before a conversion (tests/unit/test_cs_prep.c checks), so the
 * formatting functions of the pages, figures and plans apply this to
 * every message. */
#ifndef PAIRBOOT_CS_PREP_H
#define PAIRBOOT_CS_PREP_H

#include <stdarg.h>
#include <stdbool.h>

#include <glib.h>

/* True when the preposition PREP (v, s, k or z, either case) is written
 * with its vowel before the text NEXT: a word, a number as the pages
 * write it ("7 000", "31 %", "0,05", "+1,2"), possibly behind a code
 * span's backtick, Markdown emphasis, an opening quote or a page's number
 * mark (render/mdpage.h).  False for any other PREP. */
bool cs_prep_vocalized(char prep, const char *next);

/* "v" or "ve" (and so on) for PREP before NEXT, capitalized as PREP is;
 * static. */
const char *cs_prep_word(char prep, const char *next);

/* FORMAT with a mark before each one-letter preposition that stands as
 * a word directly before a conversion ("v %s", "z %2$zu"), or NULL when
 * there is none. */
gchar *cs_prep_mark(const char *format);

/* TEXT, formatted from a format cs_prep_mark marked, with each marked
 * preposition written as what follows it asks and the marks removed.
 * Takes TEXT (g_malloc'ed) and returns a new string. */
gchar *cs_prep_resolve(gchar *text);

/* numtext_group_vprintf (common/numtext.h) of FORMAT with SEP between
 * digit groups ("" for none), its prepositions resolved. */
gchar *cs_prep_vprintf(const char *sep, const char *format, va_list ap);

#endif
