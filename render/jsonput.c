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

json_t *jsonput_str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *jsonput_state(pb_state st)
{
	char buf[PB_STATE_BUFSIZE];

	return json_string(pb_state_format(st, buf, sizeof buf));
}

json_t *jsonput_longs(const long *v, size_t n, bool *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++)
		jsonput_push(arr, json_integer(v[i]), ok);
	return arr;
}
