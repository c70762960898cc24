/* textfonts.c: the fonts' coverage of a study's text (textfonts.h). */
#include "config.h"

#include "src/textfonts.h"

#include <stdlib.h>
#include <string.h>

#include "render/style.h"

pb_status textfonts_check(const study_plan *plan, diag *d)
{
	const char **texts;
	style_coverage bad;
	const plan_text_at *at;
	char glyph[8] = "";
	size_t len = 1;
	pb_status st;

	if (plan->n_texts == 0)
		return PB_OK;
	texts = calloc(plan->n_texts, sizeof *texts);
	if (!texts)
		return PB_NOMEM;
	for (size_t i = 0; i < plan->n_texts; i++)
		texts[i] = plan->texts[i].text;
	st = style_fonts_cover(texts, plan->n_texts, &bad);
	free(texts);
	if (st != PB_OK || bad.text == plan->n_texts)
		return st;
	at = &plan->texts[bad.text];
	/* The character as the text spells it: one UTF-8 sequence. */
	while (at->text[bad.offset + len]
	       && (at->text[bad.offset + len] & 0xC0) == 0x80
	       && len < sizeof glyph - 1)
		len++;
	memcpy(glyph, at->text + bad.offset, len);
	glyph[len] = '\0';
	diag_error(d, plan->texts_file ? plan->texts_file : "study.ini",
		   at->line, at->col, "the fonts DejaVu Sans and NanumGothic "
		   "have no glyph for U+%04lX ('%s') in '%s'",
		   (unsigned long)bad.codepoint, diag_quote(glyph, len),
		   diag_quote(at->text, strlen(at->text)));
	return PB_DATAERR;
}
