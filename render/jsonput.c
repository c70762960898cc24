/* jsonput.c: jansson helpers with one failure flag (see jsonput.h). */
#include "render/jsonput.h"

#include <math.h>

void jsonput_set(json_t *obj, const char *key, json_t *value, bool *ok)
{
	if (!obj) {
		json_decref(value);
		*ok = false;
	} else if (!value || json_object_set_new(obj, key, value) != 0) {
		*ok = false;
	}
}

void jsonput_push(json_t *arr, json_t *value, bool *ok)
{
	if (!arr) {
		json_decref(value);
		*ok = false;
	} else if (!value || json_array_append_new(arr, value) != 0) {
		*ok = false;
	}
}

json_t *jsonput_num(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

json_t *jsonput_count(size_t n)
{
	return json_integer((json_int_t)n);
}
