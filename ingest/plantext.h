/* plantext.h: the analysis plan as text, written in one place for every
 * reader of it: the canonical form whose SHA-256 is the plan's digest, the
 * study.ini that `plan new` writes (render/study_ini.c), and the values
 * `compare` quotes when two plans differ.
 *
 * The canonical form holds the keys that decide the numbers and verdicts,
 * and nothing else (not the title, platform, metric, labels or notes), one
 * "key=value" line each, in this order:
 *
 *   pairboot-plan=1
 *   statistic=quantile 0.99 | mean | median | max
 *   column=latency_us
 *   capture=capframex              (only for a plan that reads CapFrameX
 *                                   captures: csv, the default, is left
 *                                   out, written or not)
 *   scale=0.001
 *   unit=ms
 *   better=lower | higher
 *   reference=20
 *   threshold=1.784
 *   confidence=0.95
 *   resamples=10000 | exact
 *   seed=20260825
 *   interval=percentile
 *   state_type=name                (only for named states)
 *   states=missing;0;10;20;100
 *   looks=10;20;30;40              (only for a sequential plan)
 *   boundary=obrien-fleming        (likewise)
 *   filter=Application == game.exe (only when study.ini gives `filter`)
 *   missing=NA;N/A                 (only when study.ini gives `missing`)
 *   missing_limit=0.05             (with missing: the limit in force,
 *                                   5% when not given)
 *   series=1 latency;2 latency;mechanism mechanism
 *
 * Numbers are written as the shortest text that reads back to the same
 * double (common/numtext.h), so `0.001` and `1e-3` give one digest; states
 * in decimal or `missing`, so `0x0A` and `10` do too (named states as they
 * are written); states and series in their study.ini order, which the
 * pages follow.
 *
 * The study.ini form of a value is what study.ini holds for it: text
 * escaped as ingest/study_ini.h unescapes it (common/keytext.h), states as
 * spelled in `states` and each escaped, the statistic as named (p99), the
 * threshold with the decimals it was written with. */
#ifndef PAIRBOOT_PLANTEXT_H
#define PAIRBOOT_PLANTEXT_H

#include <stdbool.h>

#include <glib.h>

#include "common/status.h"
#include "ingest/study.h"

/* The keys of [study] that decide the numbers, in the canonical order. */
typedef enum plantext_key {
	PLAN_KEY_STATISTIC,
	PLAN_KEY_COLUMN,
	PLAN_KEY_CAPTURE,    /* only when not csv */
	PLAN_KEY_SCALE,
	PLAN_KEY_UNIT,
	PLAN_KEY_BETTER,
	PLAN_KEY_REFERENCE,
	PLAN_KEY_THRESHOLD,
	PLAN_KEY_CONFIDENCE,
	PLAN_KEY_RESAMPLES,
	PLAN_KEY_SEED,
	PLAN_KEY_INTERVAL,
	PLAN_KEY_STATE_TYPE,
	PLAN_KEY_STATES,
	PLAN_KEY_LOOKS,      /* these two only for a sequential plan */
	PLAN_KEY_BOUNDARY,
	PLAN_KEY_FILTER,     /* these three only when `filter` and `missing`
				are given (missing_limit with missing) */
	PLAN_KEY_MISSING,
	PLAN_KEY_MISSING_LIMIT,
	PLAN_KEY_SERIES,     /* the canonical form's only: study.ini has
				sections */
	PLAN_KEY_COUNT
} plantext_key;

/* How a value is spelled. */
typedef enum plantext_form {
	PLANTEXT_CANONICAL,  /* the digest's (above) */
	PLANTEXT_INI         /* study.ini's (above) */
} plantext_form;

/* The name study.ini gives KEY ("threshold"). */
const char *plantext_key_name(plantext_key key);

/* The key named NAME: true with *KEY set, false for a name that is none of
 * them. */
bool plantext_key_find(const char *name, plantext_key *key);

/* Appends the value of KEY in plan P, spelled as FORM says, to OUT. */
void plantext_value(GString *out, const study_plan *p, plantext_key key,
		    plantext_form form);

/* Appends the study.ini line "NAME = VALUE" to OUT, VALUE escaped as a
 * text value: what the reader gets back is exactly VALUE. */
void plantext_ini_line(GString *out, const char *name, const char *value);

/* The canonical form of plan P as a new NUL-terminated string in *TEXT
 * (the caller frees it with free()).  Errors: PB_NOMEM. */
pb_status plantext_canonical(const study_plan *p, char **text);

/* The SHA-256 of plantext_canonical(P) into HEX (64 hex digits and a
 * NUL).  Errors: PB_NOMEM. */
pb_status plantext_digest(const study_plan *p, char hex[65]);

#endif
