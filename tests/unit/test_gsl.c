/* test_gsl.c: GSL errors become pairboot statuses, never an abort.
 *
 * GSL's default error handler calls abort().  main() turns it off
 * (gsl_set_error_handler_off) and pairboot checks what it hands to GSL, so
 * an input GSL would reject becomes a pb_status.  Each case runs in a child
 * process with GSL's default, aborting handler still installed: if pairboot
 * ever passed such an input on, the child would die of SIGABRT and the case
 * fail.  The first cases show that the harness does see such an abort, and
 * what GSL returns once the handler is off (what main relies on). */
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#include "analyze/bootstrap.h"
#include "tests/lib/tap.h"

/* Runs FN in a child; returns how the child ended: its exit status, or
 * 128 + the signal that killed it. */
static int in_child(int (*fn)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		/* Keep the expected abort from leaving a core file. */
		signal(SIGABRT, SIG_DFL);
		_exit(fn());
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* GSL rejects n = 0 for gsl_rng_uniform_int through its error handler. */
static int gsl_default_aborts(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	unsigned long k;

	fclose(stderr);  /* GSL's own message is expected here */
	k = gsl_rng_uniform_int(r, 0);
	gsl_rng_free(r);
	return k == 0 ? 0 : 1;
}

static int gsl_off_returns(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	unsigned long k;

	gsl_set_error_handler_off();
	k = gsl_rng_uniform_int(r, 0);
	gsl_rng_free(r);
	/* No abort; the value (0) means nothing, which is why pairboot
	 * checks n itself. */
	return k == 0 && !isfinite(gsl_cdf_tdist_Pinv(0.025, 0.0)) ? 0 : 1;
}

static const double d3[3] = { 1.0, 2.0, 3.0 };

static int replicates_no_pairs(void)
{
	double out[4];
	return boot_replicates(d3, 0, 4, 7, out) == PB_DATAERR ? 0 : 1;
}

static int replicates_none_asked(void)
{
	double out[1];
	return boot_replicates(d3, 3, 0, 7, out) == PB_DATAERR ? 0 : 1;
}

/* The t and expanded intervals need n - 1 >= 1 degrees of freedom. */
static int t_one_pair(void)
{
	boot_interval ci;
	pb_status st = boot_interval_compute(INTERVAL_T, d3, 1, 0.95, NULL,
					     &ci);
	return st == PB_OK && !ci.defined && ci.note ? 0 : 1;
}

static int expanded_one_pair(void)
{
	double v[1] = { 1.0 };
	boot_dist dist = { v, NULL, 1, NULL, NULL };
	boot_interval ci;
	pb_status st = boot_interval_compute(INTERVAL_EXPANDED, d3, 1, 0.95,
					     &dist, &ci);
	return st == PB_OK && !ci.defined ? 0 : 1;
}

/* Confidence 1 would ask GSL for the normal quantile at 0. */
static int bca_confidence_one(void)
{
	double v[3] = { 1.0, 2.0, 3.0 };
	boot_dist dist = { v, NULL, 3, NULL, NULL };
	boot_interval ci;
	pb_status st = boot_interval_compute(INTERVAL_BCA, d3, 3, 1.0, &dist,
					     &ci);
	return st == PB_SOFTWARE && !ci.defined ? 0 : 1;
}

/* Every replicate above the estimate (2): the bias correction would be
 * the normal quantile at 0 (-inf).  BCa falls back to the percentile
 * interval and says why. */
static int bca_no_replicate_below(void)
{
	double v[3] = { 5.0, 6.0, 7.0 };
	boot_dist dist = { v, NULL, 3, NULL, NULL };
	boot_interval ci;
	pb_status st = boot_interval_compute(INTERVAL_BCA, d3, 3, 0.95, &dist,
					     &ci);
	return st == PB_OK && ci.defined && ci.fallback
	       && ci.used == INTERVAL_PERCENTILE && ci.note
	       && isfinite(ci.lo) && isfinite(ci.hi) ? 0 : 1;
}

int main(void)
{
	int r;

	r = in_child(gsl_default_aborts);
	tap_ok(r == 128 + SIGABRT, "control: GSL's default handler aborts on a "
	       "domain error (child ended with %d)", r);
	tap_ok(in_child(gsl_off_returns) == 0,
	       "with the handler off, as main sets it, GSL returns instead");
	tap_ok(in_child(replicates_no_pairs) == 0,
	       "replicates of 0 pairs: PB_DATAERR before GSL is asked");
	tap_ok(in_child(replicates_none_asked) == 0,
	       "0 replicates: PB_DATAERR");
	tap_ok(in_child(t_one_pair) == 0,
	       "t interval of 1 pair (0 degrees of freedom): no interval, "
	       "with a note");
	tap_ok(in_child(expanded_one_pair) == 0,
	       "expanded interval of 1 pair: no interval");
	tap_ok(in_child(bca_confidence_one) == 0,
	       "confidence 1 (a normal quantile at 0): PB_SOFTWARE");
	tap_ok(in_child(bca_no_replicate_below) == 0,
	       "BCa with no replicate below the estimate (z0 = -inf): falls "
	       "back to percentile and says why");
	return tap_done();
}
