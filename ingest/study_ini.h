/* study_ini.h: reads study.ini, the analysis plan of a study, into the
 * study_plan of ingest/study.h.
 *
 * study.ini is a key file (GLib's GKeyFile does the syntax) checked strictly:
 *
 *   [study]     format       required, 1 or 2; a format-2 key (the table
 *                            format2_keys in study_ini.c, one line per key) in
 *                            a format 1 study is refused at the key
 *               state_type   optional, format 2: number (default) | name
 *               title        required, non-empty text
 *               build        required, non-empty text
 *               platform     optional text
 *               metric       optional text, format 2: what the statistic
 *                            measures, in words (pages name it; without
 *                            it they name the statistic and the column)
 *               column       required, non-empty text: the latency CSV column
 *                            (with capture = capframex, the CaptureData
 *                            metric)
 *               capture      optional, format 2: csv (default) | capframex,
 *                            how each run's latency file is read
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
 *               allow_negative  optional, yes | no (default no), format 2:
 *                            negative per-period values are data
 *               filter       optional, format 2: COLUMN == VALUE or
 *                            COLUMN != VALUE, joined by " AND "
 *                            (ingest/rowfilter.h): the rows used
 *               missing      optional, format 2: tokens separated by
 *                            ';' that mean "no value" in `column`
 *               missing_limit  optional, format 2, only with missing:
 *                            P% or a fraction F (default 5%)
 *   [series ID] kind         required, latency | mechanism | boundary |
 *                            control
 *               label        optional text; the default is "Series ID", in
 *                            format 2 for a latency series only (the other
 *                            kinds are named "Mechanism check", "Boundary
 *                            values", "Control boot")
 *               note         optional text
 *               disables     format 2, boundary series: a value (decimal or
 *                            0x hex, not missing) that disables the service
 *               valid        format 2, boundary series: LOW..HIGH, the
 *                            values used; needs outside
 *               outside      format 2, boundary series: the value a written
 *                            value outside valid is normalized to
 *               multiple     format 2, boundary series: K >= 1; a value in
 *                            range is rounded down to a multiple of K
 *
 * A format 1 study that gives a format 2 key is refused at the key
 * ("`valid` needs format = 2"); its boundary series keep the rule format 1
 * built in (disables 100, valid 10..100, outside 20, multiple 10).  A
 * format 2 boundary series without these keys declares no rule.
 *
 * In format 2, title, platform, metric, label and note may also be given per
 * language as KEY[LANG] with LANG de, cs or ko (study.h, plan_l10n); a
 * format 1 file that uses allow_negative or such a key is refused at it.
 * At least one latency series is required; any other section, any other key
 * (including other localized ones such as build[de] or title[fr]), a
 * section or a key given twice are errors.  Numbers are
 * [-]digits[.digits][(e|E)[+|-]digits] with a
 * '.' whatever the locale: no blanks, inf, nan, hex or ','.  Integers are
 * plain decimal digits.  Text values are unescaped as GKeyFile does (\s, \n,
 * \t, \r, \\); other values are taken exactly as written, so a trailing blank
 * after a number is an error.  A UTF-8 byte order mark at the start is
 * skipped.  The file must be UTF-8 without NUL bytes.
 *
 * Every problem is reported as FILE:LINE:COL (the column of the value for a
 * bad value, of the key for an unknown or repeated key, of the '[' for a
 * section); a missing key is reported at the line of its section. */
#ifndef PAIRBOOT_STUDY_INI_H
#define PAIRBOOT_STUDY_INI_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* study.ini larger than this is refused: a plan is a page of text. */
#define PLAN_MAX_BYTES (1024 * 1024)

/* The most states and series a study may have.  Each state is a row of
 * every table on every page and needs a boot in every block; the limits
 * lie far above any settings study and bound what a study can make the
 * program spend (results.json grows with states times series). */
#define PLAN_MAX_STATES 128
#define PLAN_MAX_SERIES 32
/* Sections of study.ini: [study], the series, and room for mistakes that
 * are each reported, before reading stops. */
#define PLAN_MAX_SECTIONS 64

/* Reads the file at PATH (named DISPLAY in messages) into *OUT.  Returns
 * PB_OK with *OUT filled (the caller owns it: study_plan_free), or, with
 * *OUT zeroed and every problem reported to D: PB_NOINPUT when the file
 * does not exist or cannot be opened, PB_IOERR when reading fails,
 * PB_DATAERR for bad content, PB_NOMEM. */
pb_status study_ini_read_file(const char *path, const char *display, diag *d,
			      study_plan *out);

/* As study_ini_read_file, from the LEN bytes at BUF (not NUL-terminated,
 * may hold NUL bytes, which are reported).  BUF stays the caller's. */
pb_status study_ini_read_buffer(const char *buf, size_t len,
				const char *display, diag *d, study_plan *out);

#endif
