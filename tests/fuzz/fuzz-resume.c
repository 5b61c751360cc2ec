/*
 * libFuzzer harness: what --resume does with a results.json before it runs
 * its plan: load it, then options_plan_check.  A plan that passes must be
 * one the jobs can run (run-job.c divides by bs, sizes buffers by bs x
 * depth x jobs and series by runtime_s, looks the engine up), else abort.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"
#include "options/options.h"
#include "plan/plan.h"
#include "results/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What run_cell and the jobs rely on in a plan options_plan_check passed. */
static void
fuzz_resume_runnable(const struct plan *p)
{
	unsigned i;

	if (engine_find(p->engine) == NULL || p->runtime_s < 1 || p->runtime_s > 86400 ||
	    p->ramp_s > 3600 || p->io_timeout_s < 1 || p->steady_window_s < 2 ||
	    p->min_runtime_s < 1 || p->rwmixread > 100 || plan_repeat(p) > SWEEP_REPEAT_MAX ||
	    p->retry_unstable > SWEEP_RETRY_MAX)
		abort();
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];

		if (c->bs < SWEEP_BS_MIN || c->bs > SWEEP_BS_MAX || c->bs % 512 != 0 ||
		    c->depth < 1 || c->depth > SWEEP_DEPTH_MAX || c->jobs < 1 ||
		    c->jobs > SWEEP_JOBS_MAX || c->bs * c->depth * c->jobs > 4 * GIB ||
		    plan_cell_rwmixread(p, c) > 100)
			abort();
	}
	plan_duration_ns(p);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results res;
	char *text = malloc(size + 1), err[256];

	sweep_error_silent = 1;
	memcpy(text, data, size);
	text[size] = '\0';
	if (results_from_json(text, &res, err, sizeof err) == 0) {
		if (options_plan_check("fuzz/results.json", &res.plan) == 0)
			fuzz_resume_runnable(&res.plan);
		results_free(&res);
	}
	free(text);
	return 0;
}
