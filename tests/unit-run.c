/*
 * The run loop's reap batch (run_job_reap_min): how many completions a
 * job waits for.  Never none, never more than it has in flight (it would
 * wait for ever), one at the depths under RUN_JOB_REAP_BATCH (depth 1
 * waits for its one I/O), depth / RUN_JOB_REAP_BATCH at full queue.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "io/run.h"

#define SCHED_N	200000

/* The first SCHED_N due times of a schedule of iops, arrivals a, seed. */
static void
sched_fill(uint64_t *due, double iops, enum rate_arrivals a, uint64_t seed)
{
	struct rate_sched s;
	unsigned i;

	rate_sched_init(&s, iops, a, seed);
	for (i = 0; i < SCHED_N; i++)
		due[i] = rate_sched_next(&s);
}

/*
 * An open-loop schedule: even gaps of 1/rate; a Poisson process's gaps
 * have the same mean and a coefficient of variation of 1 (an exponential
 * distribution's), one seed repeats it exactly and another does not.
 */
static void
check_sched(void)
{
	uint64_t *a = calloc(SCHED_N, sizeof *a), *b = calloc(SCHED_N, sizeof *b);
	double gap = 1e9 / 3000, sum = 0, sumsq = 0, mean, cv;
	unsigned i, same = 0;

	sched_fill(a, 3000, RATE_FIXED, 1);
	CHECK(a[0] == 0, "the first I/O is due at once, not at %llu ns", (unsigned long long)a[0]);
	for (i = 1; i < SCHED_N; i++)
		CHECK(fabs((double)(a[i] - a[i - 1]) - gap) <= 1, "fixed gap %u: %llu ns, want %.0f",
		    i, (unsigned long long)(a[i] - a[i - 1]), gap);
	CHECK(fabs((double)a[SCHED_N - 1] - gap * (SCHED_N - 1)) <= 1, "fixed: the gaps add up "
	    "without drift: %llu ns", (unsigned long long)a[SCHED_N - 1]);
	sched_fill(a, 3000, RATE_POISSON, 7);
	sched_fill(b, 3000, RATE_POISSON, 7);
	CHECK(memcmp(a, b, SCHED_N * sizeof *a) == 0, "poisson: seed 7 twice, two schedules");
	for (i = 1; i < SCHED_N; i++) {
		double g = (double)(a[i] - a[i - 1]);

		sum += g;
		sumsq += g * g;
	}
	mean = sum / (SCHED_N - 1);
	cv = sqrt(sumsq / (SCHED_N - 1) - mean * mean) / mean;
	/* over 200,000 gaps the mean's and CV's standard errors are about 0.2% */
	CHECK(fabs(mean - gap) <= 0.02 * gap, "poisson: mean gap %.1f ns, want %.1f", mean, gap);
	CHECK(fabs(cv - 1) <= 0.02, "poisson: CV of the gaps %.3f, want 1", cv);
	sched_fill(b, 3000, RATE_POISSON, 8);
	for (i = 0; i < SCHED_N; i++)
		same += a[i] == b[i];
	CHECK(same < SCHED_N / 100, "poisson: seeds 7 and 8 share %u of %u due times", same,
	    SCHED_N);
	free(a);
	free(b);
}

int
main(void)
{
	unsigned depth, inflight, batch, m;

	for (depth = 1; depth <= 1024; depth++) {
		batch = depth / RUN_JOB_REAP_BATCH > 0 ? depth / RUN_JOB_REAP_BATCH : 1;
		for (inflight = 1; inflight <= depth; inflight++) {
			m = run_job_reap_min(depth, inflight);
			CHECK(m >= 1 && m <= inflight, "depth %u, %u in flight: waits for %u", depth,
			    inflight, m);
			CHECK(m == (batch < inflight ? batch : inflight),
			    "depth %u, %u in flight: waits for %u, want %u", depth, inflight, m,
			    batch < inflight ? batch : inflight);
		}
	}
	CHECK(run_job_reap_min(1, 1) == 1, "depth 1");
	CHECK(run_job_reap_min(RUN_JOB_REAP_BATCH - 1, RUN_JOB_REAP_BATCH - 1) == 1,
	    "depth %u waits for the first", RUN_JOB_REAP_BATCH - 1);
	CHECK(run_job_reap_min(32, 32) == 32 / RUN_JOB_REAP_BATCH, "depth 32, full");
	CHECK(run_job_reap_min(128, 128) == 128 / RUN_JOB_REAP_BATCH, "depth 128, full");
	CHECK(run_job_reap_min(128, 3) == 3 || 128 / RUN_JOB_REAP_BATCH < 3,
	    "depth 128 draining its last 3: waits for all of them");
	check_sched();
	return check_done("unit-run");
}
