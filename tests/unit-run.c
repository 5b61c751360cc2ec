/*
 * The run loop's reap batch (run_job_reap_min): how many completions a
 * job waits for.  Never none, never more than it has in flight (it would
 * wait for ever), one at the depths under RUN_JOB_REAP_BATCH (depth 1
 * waits for its one I/O), depth / RUN_JOB_REAP_BATCH at full queue.
 */
#include "config.h"

#include "check.h"
#include "io/run.h"

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
	return check_done("unit-run");
}
