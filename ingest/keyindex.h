/* keyindex.h: where each section and key of a key file stands.
 *
 * GKeyFile checks the syntax of a key file and hands out its values, but it
 * keeps no line numbers, silently merges a repeated section, keeps only the
 * last of a repeated key and hides localized keys (title[de]) from its key
 * list.  So, once GKeyFile has accepted the text, a plain line scan records
 * where each section and key is: an index, not a second parser, since the
 * syntax is known to be valid by then.  The study.ini reader
 * (ingest/study_ini.h) walks it in file order and asks GKeyFile for each
 * value.  The index also places the messages GKeyFile gives without a
 * position, and the encoding faults it would stop at. */
#ifndef PAIRBOOT_KEYINDEX_H
#define PAIRBOOT_KEYINDEX_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "common/diag.h"
#include "common/status.h"

/* A key as written: its name and where it and its value start (1-based). */
typedef struct ini_key {
	char *name;
	size_t line;
	size_t col;      /* of the key's first byte */
	size_t vcol;     /* of the value's first byte */
} ini_key;

/* A section as written, with its keys in file order.  A section name given
 * twice is two entries: the later one has FIRST at the earlier. */
typedef struct ini_section {
	char *name;      /* between the brackets */
	size_t line;
	size_t col;      /* of the '[' */
	size_t first;    /* index of the first section with this name */
	bool merged;     /* another section of this name follows */
	ini_key *keys;
	size_t n_keys, cap_keys;
} ini_section;

/* The sections of a file in file order. */
typedef struct ini_index {
	ini_section *sec;
	size_t n, cap;
} ini_index;

/* Indexes the sections and keys of the LEN bytes at BUF, which GKeyFile has
 * accepted, into IX (zeroed by the caller; keyindex_free releases it, also
 * after a failure).  PB_OK or PB_NOMEM. */
pb_status keyindex_build(const char *buf, size_t len, ini_index *ix);

/* Frees what keyindex_build allocated in IX and zeroes it. */
void keyindex_free(ini_index *ix);

/* Reports, as FILE:LINE:COL to D, the first NUL or invalid UTF-8 byte of
 * each line of BUF.  Returns true when there was none. */
bool keyindex_text_check(const char *buf, size_t len, const char *file,
			 diag *d);

/* The line of the section header past the first MAX of BUF, with the
 * column of its '[' in *COL; 0 when BUF has no more than MAX sections.  It
 * lets a reader refuse a flood of sections before GKeyFile reads them. */
size_t keyindex_section_over(const char *buf, size_t len, size_t max,
			     size_t *col);

/* Reports the syntax error ERR that GKeyFile found in BUF, as FILE:LINE:COL
 * to D.  GLib's messages carry no line number, but most quote the
 * offending line, section or key name (between U+201C and U+201D, or after
 * "name: "); that text is looked up in BUF to give the position.  GLib's
 * English messages are relied on only to find the quoted text: pairboot
 * never calls setlocale, so they are not translated. */
void keyindex_report_syntax(const char *buf, size_t len, const char *file,
			    diag *d, const GError *err);

#endif
