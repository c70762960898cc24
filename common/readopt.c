/* readopt.c: the number of reading threads (readopt.h). */
#include "common/readopt.h"

#include <unistd.h>

static unsigned default_jobs;

void readopt_set_default_jobs(unsigned jobs)
{
	default_jobs = jobs;
}

unsigned readopt_default_jobs(void)
{
	long n = default_jobs;

	if (n == 0)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	return n > READOPT_MAX_JOBS ? READOPT_MAX_JOBS : (unsigned)n;
}
