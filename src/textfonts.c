/* textfonts.c: the fonts' coverage of a study's text (textfonts.h). */
#include "config.h"

#include "src/textfonts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/style.h"

/* Where the text a font lacks is, and which text it is (WHAT, when not
 * NULL, names it in the message). */
typedef struct text_place {
	const char *file;
	const char *text;
	size_t line, col;
	const char *what;
} text_place;

/* Records in D that the fonts lack the character at byte OFFSET of the
 * text at AT, code point CP. */
static void say_missing(diag *d, const text_place *at, size_t offset,
			uint32_t cp)
{
	char glyph[8];
	size_t len = 1;

	/* The character as the text spells it: one UTF-8 sequence. */
	while (at->text[offset + len]
	       && (at->text[offset + len] & 0xC0) == 0x80
	       && len < sizeof glyph - 1)
		len++;
	memcpy(glyph, at->text + offset, len);
	glyph[len] = '\0';
	diag_error(d, at->file, at->line, at->col, "the fonts DejaVu Sans and "
		   "NanumGothic have no glyph for U+%04lX ('%s') in %s%s'%s'",
		   (unsigned long)cp, diag_quote(glyph, len),
		   at->what ? at->what : "", at->what ? " " : "",
		   diag_quote(at->text, strlen(at->text)));
}

/* Checks the N texts of PLACES; as textfonts_check. */
static pb_status check_places(const text_place *places, size_t n, diag *d)
{
	const char **texts;
	style_coverage bad;
	pb_status st;

	if (n == 0)
		return PB_OK;
	texts = calloc(n, sizeof *texts);
	if (!texts)
		return PB_NOMEM;
	for (size_t i = 0; i < n; i++)
		texts[i] = places[i].text;
	st = style_fonts_cover(texts, n, &bad);
	free(texts);
	if (st != PB_OK || bad.text == n)
		return st;
	say_missing(d, &places[bad.text], bad.offset, bad.codepoint);
	return PB_DATAERR;
}

/* Fills PLACES (room for plan->n_texts) with the texts of PLAN. */
static size_t plan_places(const study_plan *plan, text_place *places)
{
	const char *file = plan->texts_file ? plan->texts_file : "study.ini";

	for (size_t i = 0; i < plan->n_texts; i++)
		places[i] = (text_place){ file, plan->texts[i].text,
					  plan->texts[i].line,
					  plan->texts[i].col, NULL };
	return plan->n_texts;
}

pb_status textfonts_check(const study_plan *plan, diag *d)
{
	text_place *places = calloc(plan->n_texts + 1, sizeof *places);
	pb_status st;

	if (!places)
		return PB_NOMEM;
	st = check_places(places, plan_places(plan, places), d);
	free(places);
	return st;
}

pb_status textfonts_check_study(const study *s, diag *d)
{
	const study_plan *plan = &s->plan;
	text_place *places = calloc(plan->n_texts
				    + s->n_runs * (2 + PLAN_TEXT_LANGS) + 2,
				    sizeof *places);
	char *manifest = NULL;
	size_t n;
	pb_status st = PB_NOMEM;

	if (!places)
		return PB_NOMEM;
	n = plan_places(plan, places);
	/* The folder's name titles the report: told at the folder. */
	if (s->name)
		places[n++] = (text_place){ s->dir, s->name, 0, 0,
					    "the study folder's name" };
	manifest = malloc(strlen(s->dir) + sizeof "/runs.csv");
	if (manifest)
		sprintf(manifest, "%s/runs.csv", s->dir);
	if (manifest) {
		/* The runs excluded, by id, and the reasons: the pages
		 * and the PDF list them. */
		for (size_t i = 0; i < s->n_runs; i++) {
			const study_run *r = &s->runs[i];
			if (r->id)
				places[n++] = (text_place){
					manifest, r->id, r->id_line,
					r->id_col, NULL };
			if (r->note)
				places[n++] = (text_place){
					manifest, r->note, r->note_line,
					r->note_col, NULL };
			for (size_t l = 0; l < PLAN_TEXT_LANGS; l++)
				if (r->note_l10n.in[l])
					places[n++] = (text_place){
						manifest, r->note_l10n.in[l],
						r->note_line,
						r->note_l10n_col[l], NULL };
		}
		st = check_places(places, n, d);
	}
	free(manifest);
	free(places);
	return st;
}
