/* plandigest.h: the analysis plan in a canonical form, and its SHA-256, so
 * that a plan published before the first boot can be checked against the
 * study that was analysed.
 *
 * The canonical form holds the keys that decide the numbers and verdicts,
 * and nothing else (not the title, platform, labels or notes), one
 * "key=value" line each, in this order:
 *
 *   pairboot-plan=1
 *   statistic=quantile 0.99 | mean | median | max
 *   column=latency_us
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
 *   series=1 latency;2 latency;mechanism mechanism
 *
 * Numbers are written as the shortest text that reads back to the same
 * double (common/numtext.h), so `0.001` and `1e-3` give one digest; states
 * in decimal or `missing`, so `0x0A` and `10` do too (named states as they
 * are written); states and series in their study.ini order, which the
 * pages follow. */
#ifndef PAIRBOOT_PLANDIGEST_H
#define PAIRBOOT_PLANDIGEST_H

#include <stdbool.h>

#include <glib.h>

#include "common/status.h"
#include "ingest/study.h"

/* Appends the states of plan P joined by ';', in study.ini order, to OUT:
 * as P spells them ("0x0A"), or with CANONICAL in decimal or "missing",
 * as the digest does. */
void plan_append_states(GString *out, const study_plan *p, bool canonical);

/* The canonical form of plan P as a new NUL-terminated string in *TEXT
 * (the caller frees it with free()).  Errors: PB_NOMEM. */
pb_status plan_canonical(const study_plan *p, char **text);

/* The SHA-256 of plan_canonical(P) into HEX (64 hex digits and a NUL).
 * Errors: PB_NOMEM. */
pb_status plan_digest(const study_plan *p, char hex[65]);

#endif
