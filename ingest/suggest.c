/* suggest.c: edit distances for "did you mean ...?". */
#include "ingest/suggest.h"

#include <stdint.h>
#include <string.h>

size_t suggest_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t rows[3][SUGGEST_MAX_LEN + 1];
	size_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2];

	if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t *t;
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t best = prev[j - 1] + cost;
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2]
			    && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

size_t suggest_nearest(const char *text, size_t len,
		       const char *const *candidates, size_t n,
		       size_t max_dist)
{
	size_t best = n, best_d = max_dist + 1;

	for (size_t i = 0; i < n; i++) {
		size_t d = suggest_distance(text, len, candidates[i],
					    strlen(candidates[i]));
		if (d < best_d && d < len) {
			best = i;
			best_d = d;
		}
	}
	return best;
}
