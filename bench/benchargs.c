/* benchargs.c: command-line arguments of the simulation benches. */
#include "bench/benchargs.h"

#include <stdlib.h>

bool benchargs_count(const char *s, unsigned long *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v == 0)
		return false;
	*out = v;
	return true;
}
