/* fuzzlib.c: what the fuzz targets share (fuzzlib.h). */
#include "tests/fuzz/fuzzlib.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/study_ini.h"

void fuzz_plan_read(const char *text, size_t len, study_plan *out)
{
	diag *d = diag_new(NULL, 0);

	if (!d || study_ini_read_buffer(text, len, "study.ini", d, out) != PB_OK)
		abort();
	diag_free(d);
}

bool fuzz_same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

bool fuzz_same_messages(const diag *d1, const diag *d2)
{
	if (diag_errors(d1) != diag_errors(d2)
	    || diag_kept(d1) != diag_kept(d2))
		return false;
	for (size_t i = 0; i < diag_kept(d1); i++)
		if (strcmp(diag_message(d1, i), diag_message(d2, i)) != 0)
			return false;
	return true;
}
