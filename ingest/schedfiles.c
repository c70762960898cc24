/* schedfiles.c: the planned boots whose latency file is there (see
 * schedfiles.h). */
#include "ingest/schedfiles.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/manifest.h"
#include "ingest/schedule.h"
#include "ingest/studyfile.h"
#include "ingest/textcheck.h"

/* Whether TEXT is what runs.csv takes in a field of text: valid UTF-8
 * without a NUL, a control character or one a reader does not see (as
 * ingest/manifest.c judges its fields).  schedule.csv's run ids and paths
 * are kept as written, so a hand-edited one may be neither. */
static bool text_fit(const char *text)
{
	size_t len = strlen(text), at;
	uint32_t cp;

	return len > 0 && textcheck_find(text, len, &at) == TEXT_OK
	       && !textcheck_control(text, len, &at)
	       && !textcheck_invisible(text, len, &at, &cp);
}

/* Whether the latency file REL of the study in DIR (real path ROOT) is
 * there as a study file; *ST is PB_NOMEM when that could not be told. */
static bool file_present(const char *dir, const char *root, const char *rel,
			 pb_status *st)
{
	size_t ld = strlen(dir), lr = strlen(rel);
	char *path = malloc(ld + lr + 2);
	studyfile_fault f;
	int err = 0;

	if (!path) {
		*st = PB_NOMEM;
		return false;
	}
	memcpy(path, dir, ld);
	path[ld] = '/';
	memcpy(path + ld + 1, rel, lr + 1);
	f = studyfile_check(path, root, 0, NULL, NULL, &err);
	free(path);
	if (f == STUDYFILE_NOMEM)
		*st = PB_NOMEM;
	return f == STUDYFILE_OK;
}

pb_status schedfiles_present(const study *s, bool *present)
{
	const schedule *sch = s->schedule;
	char *root = realpath(s->dir, NULL);
	pb_status st = PB_OK;

	if (!root)
		return errno == ENOMEM ? PB_NOMEM : PB_NOINPUT;
	for (size_t i = 0; i < sch->n && st == PB_OK; i++) {
		const char *rel = sch->rows[i].latency;

		present[i] = rel && text_fit(rel) && text_fit(sch->rows[i].run)
			     && !manifest_path_problem(rel, strlen(rel))
			     && file_present(s->dir, root, rel, &st);
	}
	free(root);
	return st;
}
