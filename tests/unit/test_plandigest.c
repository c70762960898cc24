/* test_plandigest.c: unit tests of ingest/plandigest: the canonical
 * analysis plan and its SHA-256, and the `registered` key that holds a
 * study to the plan it published.
 *
 * The expected digest was computed apart from pairboot, with
 *     printf 'pairboot-plan=1\nstatistic=quantile 0.99\n...' | sha256sum
 * over the canonical text written out in CANONICAL below. */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study_ini.h"
#include "ingest/plandigest.h"
#include "tests/lib/tap.h"

#define INI_HEAD \
	"[study]\n" \
	"format = 1\n" \
	"title = A registered study\n" \
	"build = 1\n" \
	"column = latency_us\n"
#define INI_TAIL \
	"unit = ms\n" \
	"better = lower\n" \
	"statistic = p99\n" \
	"reference = 20\n" \
	"threshold = 1.784\n" \
	"confidence = 0.95\n" \
	"resamples = 10000\n" \
	"seed = 20260825\n" \
	"interval = percentile\n" \
	"states = missing;0;0x0A;20;100\n"
#define INI_SERIES \
	"\n[series 1]\nkind = latency\n\n[series m]\nkind = mechanism\n"

static const char study_ini[] =
	INI_HEAD "scale = 0.001\n" INI_TAIL INI_SERIES;

static const char canonical[] =
	"pairboot-plan=1\n"
	"statistic=quantile 0.99\n"
	"column=latency_us\n"
	"scale=0.001\n"
	"unit=ms\n"
	"better=lower\n"
	"reference=20\n"
	"threshold=1.784\n"
	"confidence=0.95\n"
	"resamples=10000\n"
	"seed=20260825\n"
	"interval=percentile\n"
	"states=missing;0;10;20;100\n"
	"series=1 latency;m mechanism\n";

#define DIGEST "f592ed2da3f066efdf5401b914d0cc9da793b1eefa77c75bcd1e2f40f3bfec45"

/* Reads TEXT as study.ini; the first message, if any, goes to *MSGS
 * (caller frees). */
static pb_status read_ini(const char *text, study_plan *p, char **msgs)
{
	diag *d = diag_new(NULL, 0);
	pb_status st = study_ini_read_buffer(text, strlen(text), "study.ini", d, p);
	const char *m = diag_message(d, 0);

	*msgs = m ? strdup(m) : NULL;
	diag_free(d);
	return st;
}

static char *with_line(const char *ini, const char *line)
{
	size_t n = strlen(ini), m = strlen(line);
	const char *series = strstr(ini, "\n[series");
	size_t at = (size_t)(series - ini) + 1;
	char *out = malloc(n + m + 2);

	memcpy(out, ini, at);
	memcpy(out + at, line, m);
	out[at + m] = '\n';
	memcpy(out + at + m + 1, ini + at, n - at + 1);
	return out;
}

int main(void)
{
	study_plan p;
	char *text = NULL, *msgs = NULL, hex[65];

	tap_ok(read_ini(study_ini, &p, &msgs) == PB_OK, "the plan reads");
	free(msgs);
	tap_ok(plan_canonical(&p, &text) == PB_OK, "its canonical form");
	tap_streq(text, canonical, "the canonical form, key by key, with 0x0A "
		  "as 10");
	free(text);
	tap_ok(plan_digest(&p, hex) == PB_OK, "its digest");
	tap_streq(hex, DIGEST, "the digest is sha256sum's of that text");
	tap_streq(p.digest, DIGEST, "and the plan read carries it");
	tap_ok(!p.registered, "a plan without `registered` is not registered");
	study_plan_free(&p);

	/* Spelled otherwise, the same plan; a title is not part of it. */
	char *other = strdup(INI_HEAD "scale = 1e-3\n" INI_TAIL INI_SERIES);
	memcpy(strstr(other, "A registered"), "A retitled  ", 12);
	tap_ok(read_ini(other, &p, &msgs) == PB_OK
	       && strcmp(p.digest, DIGEST) == 0,
	       "1e-3 for 0.001 and another title give the same digest");
	free(msgs);
	study_plan_free(&p);
	free(other);

	/* A registered plan that still matches. */
	char *reg = with_line(study_ini, "registered = " DIGEST);
	tap_ok(read_ini(reg, &p, &msgs) == PB_OK && p.registered,
	       "a plan that matches its registered digest is registered");
	free(msgs);
	study_plan_free(&p);
	free(reg);

	/* The threshold moved after registration: refused at that line. */
	char *moved = with_line(study_ini, "registered = " DIGEST);
	memcpy(strstr(moved, "threshold = 1.784"), "threshold = 2.000", 17);
	tap_ok(read_ini(moved, &p, &msgs) == PB_DATAERR,
	       "a changed threshold under `registered` is bad data");
	tap_ok(msgs && strncmp(msgs, "study.ini:18:14: the analysis plan "
			       "differs from the registered one", 51) == 0,
	       "the message is at the registered line (%s)", msgs);
	free(msgs);
	free(moved);

	char *bad = with_line(study_ini, "registered = ABC");
	tap_ok(read_ini(bad, &p, &msgs) == PB_DATAERR, "a bad digest is refused");
	tap_streq(msgs, "study.ini:18:14: registered must be the 64 lower-case "
		  "hex digits of a plan digest ('ABC')", "and says what it "
		  "must be");
	free(msgs);
	free(bad);
	return tap_done();
}
