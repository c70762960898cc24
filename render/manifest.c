/* manifest.c: runs.csv rows for planned boots (see manifest.h). */
#include "render/manifest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "common/csvtext.h"
#include "common/safefile.h"

size_t manifest_new_columns(const study_plan *p, manifest_col *cols)
{
	static const manifest_col order[] = {
		MANIFEST_COL_RUN, MANIFEST_COL_SERIES, MANIFEST_COL_BLOCK,
		MANIFEST_COL_POSITION, MANIFEST_COL_STATE,
		MANIFEST_COL_ACCEPTED, MANIFEST_COL_NOTE,
		MANIFEST_COL_LATENCY
	};
	size_t n = sizeof order / sizeof order[0];
	bool mechanism = p->format < 2;

	memcpy(cols, order, sizeof order);
	for (size_t k = 0; k < p->n_series; k++)
		mechanism = mechanism || p->series[k].kind != SERIES_LATENCY;
	if (mechanism)
		cols[n++] = MANIFEST_COL_MECHANISM;
	return n;
}

const char *manifest_eol(const char *old, size_t old_len)
{
	const char *nl = old ? memchr(old, '\n', old_len) : NULL;

	return nl && nl > old && nl[-1] == '\r' ? "\r\n" : "\n";
}

void manifest_write_header(const manifest_col *cols, size_t n,
			   const char *eol, GString *out)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(out, ',');
		csvtext_append(out, manifest_col_name(cols[i]));
	}
	g_string_append(out, eol);
}

/* Appends the field of column C of planned boot R to OUT. */
static void boot_field(const study_plan *p, const schedule_row *r,
		       manifest_col c, GString *out)
{
	char state[PB_STATE_BUFSIZE];
	size_t k;

	switch (c) {
	case MANIFEST_COL_RUN:
		csvtext_append(out, r->run);
		break;
	case MANIFEST_COL_SERIES:
		csvtext_append(out, p->series[r->series].id);
		break;
	case MANIFEST_COL_BLOCK:
		g_string_append_printf(out, "%lu", r->block);
		break;
	case MANIFEST_COL_POSITION:
		g_string_append_printf(out, "%lu", r->position);
		break;
	case MANIFEST_COL_STATE:
		/* As `states` spells it, the one spelling outputs use. */
		k = study_state_index(p, r->state);
		csvtext_append(out, pb_state_format(k == STUDY_NO_STATE
						    ? r->state : p->states[k],
						    state, sizeof state));
		break;
	case MANIFEST_COL_ACCEPTED:
		g_string_append(out, "yes");
		break;
	case MANIFEST_COL_LATENCY:
		csvtext_append(out, r->latency ? r->latency : "");
		break;
	case MANIFEST_COL_NOTE:
	case MANIFEST_COL_MECHANISM:
	case MANIFEST_COL_STARTED:
	case MANIFEST_COL_OTHER:
		break;
	}
}

void manifest_write_boot(const study_plan *p, const schedule_row *r,
			 const manifest_col *cols, size_t n, const char *eol,
			 GString *out)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(out, ',');
		boot_field(p, r, cols[i], out);
	}
	g_string_append(out, eol);
}

pb_status manifest_save(const char *path, const char *display,
			const char *old, size_t old_len, const char *eol,
			const GString *rows, mode_t mode, diag *d)
{
	GString *text = g_string_sized_new(old_len + rows->len + 2);
	safefile_step step;
	int rc, e;

	g_string_append_len(text, old ? old : "", (gssize)old_len);
	if (old_len && old[old_len - 1] != '\n' && old[old_len - 1] != '\r')
		g_string_append(text, eol);
	g_string_append_len(text, rows->str, (gssize)rows->len);
	rc = safefile_replace(AT_FDCWD, path, text->str, text->len, mode,
			      &step);
	e = errno;
	g_string_free(text, TRUE);
	if (rc == 0)
		return PB_OK;
	if (e == ENOMEM)
		return PB_NOMEM;
	diag_error(d, display, 0, 0, "%s: %s", step == SAFEFILE_WRITE
		   ? "write error" : "cannot create", strerror(e));
	return step == SAFEFILE_WRITE ? PB_IOERR : PB_CANTCREAT;
}
