/* textfonts.h: refuses, before anything is written, a study whose text
 * the report's fonts cannot draw.
 *
 * The figures and the PDF set every text of study.ini (title, platform,
 * series labels and notes, state names, ...) in DejaVu Sans or
 * NanumGothic and fail on a character neither has.  Found only then, the
 * failure would come after `plan new` wrote the study and the boots were
 * recorded; so `plan new`, `check` and `report` ask render's coverage
 * test first and point at where study.ini wrote the text. */
#ifndef PAIRBOOT_TEXTFONTS_H
#define PAIRBOOT_TEXTFONTS_H

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Records in D one error, at the file:line:col of the first text of PLAN
 * that the fonts lack a character of (naming it as U+XXXX), and returns
 * PB_DATAERR; PB_OK when every text is drawn; PB_NOMEM. */
pb_status textfonts_check(const study_plan *plan, diag *d);

/* As textfonts_check, for the plan of S, the ids and notes of its runs
 * (runs.csv's line and column) and the study folder's name (told at the
 * folder), which titles the report. */
pb_status textfonts_check_study(const study *s, diag *d);

#endif
