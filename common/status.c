/* status.c: descriptions of the exit statuses. */
#include "common/status.h"

const char *pb_status_describe(pb_status status)
{
	switch (status) {
	case PB_OK: return "success";
	case PB_MISMATCH:
		return "verify found a mismatch, or compare --fail-on what it "
		       "fails on";
	case PB_UNREADABLE:
		return "verify could not read the published file as a whole";
	case PB_INCONCLUSIVE:
		return "compare --fail-on could not tell: too few pairs, or a "
		       "worsening of the threshold not ruled out";
	case PB_USAGE: return "usage error";
	case PB_DATAERR: return "the study has bad data";
	case PB_NOINPUT: return "an input does not exist or cannot be opened";
	case PB_SOFTWARE: return "internal error";
	case PB_NOMEM: return "out of memory";
	case PB_CANTCREAT: return "cannot create an output";
	case PB_IOERR: return "input/output error";
	case PB_TEMPFAIL: return "another pairboot is writing the same output";
	}
	return "unknown status";
}
