/* schedule.c: the schedule.csv of a planned study (see schedule.h). */
#include "render/schedule.h"

#include <stdio.h>
#include <string.h>

#include "common/csvtext.h"

/* Decimal digits of N. */
static int digits(unsigned long n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

char *schedule_run_id(const study_plan *p, size_t series,
		      const design_boot *b, unsigned long blocks, char *buf,
		      size_t size)
{
	char state[PB_STATE_BUFSIZE];

	const char *spelled = state;

	/* A name may hold any character a file name should not (blanks,
	 * '/', ','): a named state is the state's place in `states`. */
	if (p->state_type == PB_STATE_NAME)
		snprintf(state, sizeof state, "state%zu", b->state + 1);
	else
		spelled = pb_state_format(p->states[b->state], state,
					  sizeof state);
	snprintf(buf, size, "s%s-b%0*lu-%s", p->series[series].id,
		 digits(blocks), b->block, spelled);
	return buf;
}

void schedule_write_csv(const study_plan *p, design_boot *const *boots,
			unsigned long blocks, GString *out)
{
	char state[PB_STATE_BUFSIZE], run[128];
	size_t latency = 0;

	g_string_append(out, "run,series,block,position,state,latency\n");
	for (size_t k = 0; k < p->n_series; k++) {
		if (p->series[k].kind != SERIES_LATENCY)
			continue;
		const design_boot *b = boots[latency++];
		for (size_t i = 0; i < blocks * p->n_states; i++) {
			schedule_run_id(p, k, &b[i], blocks, run, sizeof run);
			g_string_append_printf(out, "%s,%s,%lu,%zu,", run,
					       p->series[k].id, b[i].block,
					       b[i].position);
			/* A named state may hold ',' or '"'. */
			csvtext_append(out, pb_state_format(p->states[b[i].state],
							    state,
							    sizeof state));
			g_string_append_printf(out, ",latency/%s.csv\n", run);
		}
	}
}
