/* plan.h: reads study.ini, the analysis plan of a study, into a study_plan.
 *
 * study.ini is a key file (GLib's GKeyFile does the syntax) checked strictly:
 *
 *   [study]     format       required, 1 or 2; a format-2 key (the table
 *                            format2_keys in plan.c, one line per key) in
 *                            a format 1 study is refused at the key
 *               state_type   optional, format 2: number (default) | name
 *               title        required, non-empty text
 *               build        required, non-empty text
 *               platform     optional text
 *               column       required, non-empty text: the latency CSV column
 *               scale        required, decimal number > 0
 *               unit         required, non-empty text
 *               better       required, lower | higher
 *               statistic    required, pNN | pNN.N | mean | median | max
 *               reference    required, a state listed in states (the
 *                            plan's reference is that listed state, with
 *                            its spelling)
 *               threshold    required, decimal number > 0
 *               confidence   required, decimal number strictly in (0, 1)
 *               resamples    required, integer >= 1000 or exact
 *               seed         required, integer 0..4294967295
 *               interval     optional, percentile (default) | bca | t |
 *                            expanded | studentized (t is Student's t
 *                            interval, studentized the bootstrap-t)
 *               states       required, states separated by ';' (blanks
 *                            around each and one trailing ';' allowed), no
 *                            state twice (10 and 0x0A are the same state);
 *                            numbers, or names (ingest/state.h) when
 *                            state_type = name; each keeps its spelling
 *                            in plan.state_text
 *               service      optional text: the name of the service the
 *                            mechanism logs report on (e.g. MMCSS)
 *               synthetic    optional, yes | no (default no): the metric is
 *                            a synthetic proxy, and conclusions say so
 *   [series ID] kind         required, latency | mechanism | boundary |
 *                            control
 *               label        optional text, default "Series ID"
 *               note         optional text
 *
 * At least one latency series is required; any other section, any other key
 * (including localized ones such as title[de]), a section or a key given
 * twice are errors.  Numbers are [-]digits[.digits][(e|E)[+|-]digits] with a
 * '.' whatever the locale: no blanks, inf, nan, hex or ','.  Integers are
 * plain decimal digits.  Text values are unescaped as GKeyFile does (\s, \n,
 * \t, \r, \\); other values are taken exactly as written, so a trailing blank
 * after a number is an error.  A UTF-8 byte order mark at the start is
 * skipped.  The file must be UTF-8 without NUL bytes.
 *
 * Every problem is reported as FILE:LINE:COL (the column of the value for a
 * bad value, of the key for an unknown or repeated key, of the '[' for a
 * section); a missing key is reported at the line of its section. */
#ifndef PAIRBOOT_PLAN_H
#define PAIRBOOT_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* study.ini larger than this is refused: a plan is a page of text. */
#define PLAN_MAX_BYTES (1024 * 1024)

/* Reads the file at PATH (named DISPLAY in messages) into *OUT.  Returns
 * PB_OK with *OUT filled (the caller owns it: plan_free), or, with *OUT
 * zeroed and every problem reported to D: PB_NOINPUT when the file does not
 * exist or cannot be opened, PB_IOERR when reading fails, PB_DATAERR for bad
 * content, PB_NOMEM. */
pb_status plan_read_file(const char *path, const char *display, diag *d,
			 study_plan *out);

/* As plan_read_file, from the LEN bytes at BUF (not NUL-terminated, may hold
 * NUL bytes, which are reported).  BUF stays the caller's. */
pb_status plan_read_buffer(const char *buf, size_t len, const char *display,
			   diag *d, study_plan *out);

/* Frees what plan_read_* allocated in P and zeroes it.  Safe on a zeroed
 * plan and on NULL. */
void plan_free(study_plan *p);

/* Where study.ini wrote KEY of [study]: true with *LINE and *COL (of the
 * value) set; false with both 0 when the key was absent or the plan did
 * not come from a study.ini (ingest/results_read.h). */
bool plan_key_position(const study_plan *p, const char *key, size_t *line,
		       size_t *col);

/* Parses the statistic TEXT: pNN or pNN.N (0 <= NN.N <= 100, no leading
 * zero, at most one decimal), mean, median or max.  Returns true and fills
 * OUT (prob: quantile probability, 0.5 for median, 1 for max, 0 for mean;
 * name: TEXT) on success; false leaves OUT untouched. */
bool stat_spec_parse(const char *text, stat_spec *out);

#endif
