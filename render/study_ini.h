/* study_ini.h: the writer of study.ini, for a study planned before its
 * data exist (`plan new`); ingest/study_ini.h is its reader.  The file
 * ends its lines with LF and is the same bytes for the same plan. */
#ifndef PAIRBOOT_RENDER_STUDY_INI_H
#define PAIRBOOT_RENDER_STUDY_INI_H

#include <glib.h>

#include "ingest/study.h"

/* Appends the study.ini of plan P to OUT: every key of [study] as study.ini
 * spells it (ingest/plantext.h; numbers as written for P's precision),
 * `registered` with P's digest, and one [series ID] section per series with
 * its kind and label.  INTERVAL_WHY, when not NULL, is written as a
 * comment above `interval`, wrapped. */
void study_ini_write(const study_plan *p, const char *interval_why,
		     GString *out);

#endif
