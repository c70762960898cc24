/* fuzz_mechlog.c: libFuzzer target for the mechanism-log (logfmt) reader.
 *
 * The input is one log.  Besides not crashing or leaking, the reader must
 * explain every failure with a message and return a log only on success. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/diag.h"
#include "ingest/mechlog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	diag *d = diag_new(NULL, 0);
	mech_log *m = NULL;
	pb_status st;

	if (!d)
		abort();
	st = mechlog_read_buffer((const char *)data, size, "fuzz.log", d, &m);
	if (st == PB_OK && (!m || diag_errors(d) != 0))
		abort();
	if (st != PB_OK && m)
		abort();
	if (st == PB_DATAERR && diag_errors(d) == 0)
		abort();
	if (m && m->service != -1 && m->service != 0 && m->service != 1)
		abort();
	mechlog_free(m);
	diag_free(d);
	return 0;
}
