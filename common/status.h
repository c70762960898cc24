/* status.h: the exit statuses of pairboot, one enum for the whole program.
 *
 * Functions below main return a pb_status instead of exiting; main turns the
 * first non-zero one into the process exit status.  The values follow
 * sysexits.h so scripts can tell bad data from a broken disk.  1 is kept for
 * `verify`, which, like cmp(1), exits 1 when the data and the claim differ,
 * and 2 when the published file cannot be read as a whole; 3 for the third
 * answer of the compare gate, neither pass nor fail. */
#ifndef PAIRBOOT_STATUS_H
#define PAIRBOOT_STATUS_H

typedef enum pb_status {
	PB_OK = 0,          /* success */
	PB_MISMATCH = 1,    /* verify: a published number does not follow */
	PB_GATE_FAILED = 1, /* compare --fail-on: what it fails on happened */
	PB_UNREADABLE = 2,  /* verify: the published file cannot be read as
			       a whole (what was read is still reported) */
	PB_INCONCLUSIVE = 3, /* compare --fail-on: too few pairs, or a
				worsening of the threshold not ruled out */
	PB_USAGE = 64,      /* bad command line */
	PB_DATAERR = 65,    /* the study is malformed or inconsistent */
	PB_NOINPUT = 66,    /* a study folder or input file does not exist */
	PB_SOFTWARE = 70,   /* internal error: a bug in pairboot */
	PB_NOMEM = 71,      /* out of memory */
	PB_CANTCREAT = 73,  /* an output file or folder cannot be created */
	PB_IOERR = 74,      /* reading or writing failed part way */
	PB_TEMPFAIL = 75    /* another pairboot is writing the same output */
} pb_status;

/* A short lower-case description of STATUS, for --help and messages. */
const char *pb_status_describe(pb_status status);

/* The worse of two statuses: the first non-OK one wins, so a later error
 * never hides an earlier one. */
static inline pb_status pb_status_merge(pb_status first, pb_status second)
{
	return first != PB_OK ? first : second;
}

#endif
