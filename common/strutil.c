/* strutil.c: copies of C strings (common/strutil.h). */
#include "common/strutil.h"

#include <stdlib.h>
#include <string.h>

char *strutil_dup(const char *s)
{
	return s ? strutil_dup_range(s, strlen(s)) : NULL;
}

char *strutil_dup_range(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}
