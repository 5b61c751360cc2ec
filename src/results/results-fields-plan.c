/*
 * The settings of results.json's "plan" as rows of a field table
 * (results-fields.h), on struct results: what every cell ran with.  Its
 * cells follow them, written one by one (results-json-write.c) and read
 * with the rows of results_cell_fields flagged RF_PLAN.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "plan/plan.h"
#include "results/results-fields.h"

#define RS(member)	offsetof(struct results, member)

/* "engine", which the record's own engine is too. */
static int
engine_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct results *res = base;

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, res->plan.engine, sizeof res->plan.engine);
	str_copy(res->engine, sizeof res->engine, res->plan.engine);
	return 0;
}

/* "size_bytes": the target's region, which the plan's cells used. */
static void
size_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddNumberToObject(o, f->key, (double)((const struct results *)base)->target.size);
}

static bool
steady_rule(const void *base)
{
	return ((const struct results *)base)->plan.steady_rule[0] != '\0';
}

static bool
repeated(const void *base)
{
	return plan_repeat(&((const struct results *)base)->plan) > 1;
}

static bool
until_steady(const void *base)
{
	return ((const struct results *)base)->plan.until_steady;
}

static bool
held(const void *base)
{
	return ((const struct results *)base)->plan.hold_s > 0;
}

static bool
retried(const void *base)
{
	return ((const struct results *)base)->plan.retry_unstable > 0;
}

const struct results_field results_plan_fields[] = {
	{ .key = "engine", .type = RF_STR, .off = RS(plan.engine),
	  .size = sizeof ((struct plan *)0)->engine, .read = engine_read,
	  .doc = "the I/O engine (`libaio`, `psync`, `io_uring`, `null`; an import's own)" },
	{ .key = "runtime_s", .type = RF_UINT, .off = RS(plan.runtime_s),
	  .doc = "the most a cell runs after its ramp" },
	{ .key = "ramp_s", .type = RF_UINT, .off = RS(plan.ramp_s),
	  .doc = "warm-up per cell, excluded from the figures" },
	{ .key = "rwmixread", .type = RF_UINT, .off = RS(plan.rwmixread), .max = 100,
	  .error = "plan \"rwmixread\" %u is not a percentage",
	  .doc = "percent of reads of the mixed cells: the first share given; each mixed cell "
	  "has its own, below" },
	{ .key = "seed", .type = RF_U64, .off = RS(plan.seed),
	  .doc = "seed for random offsets (runs with one seed issue the same offsets)" },
	{ .key = "size_bytes", .type = RF_U64, .off = RS(plan.size), .write = size_write,
	  .doc = "the region every cell used (the target's `size_bytes`)" },
	{ .key = "steady_pct", .type = RF_UINT, .off = RS(plan.steady_pct),
	  .doc = "steady state (`--steady`): a cell ends early once its per-second IOPS over "
	  "the last window stay within this percent of their mean with no trend; 0: off" },
	{ .key = "steady_window_s", .type = RF_UINT, .off = RS(plan.steady_window_s),
	  .doc = "the window of the steady-state test" },
	{ .key = "steady_rule", .type = RF_STR, .off = RS(plan.steady_rule),
	  .size = sizeof ((struct plan *)0)->steady_rule, .when = steady_rule,
	  .doc = "an import's own steady-state criterion as fio gave it (`steadystate=iops:10%, "
	  "ss_dur=30s`); present only then, and the reports word that criterion, not "
	  "`--steady`'s" },
	{ .key = "min_runtime_s", .type = RF_UINT, .off = RS(plan.min_runtime_s),
	  .doc = "with steady state: the least a cell runs after its ramp" },
	{ .key = "io_timeout_s", .type = RF_UINT, .off = RS(plan.io_timeout_s),
	  .doc = "a cell whose I/O has not completed for this long is aborted" },
	{ .key = "repeat", .type = RF_UINT, .off = RS(plan.repeat), .when = repeated,
	  .max = SWEEP_REPEAT_MAX, .error = "plan \"repeat\" %u is more than %u rounds",
	  .doc = "the rounds of `--repeat`; present only when more than 1, and a file without "
	  "it ran once; with `--rounds-until-steady` the most rounds" },
	{ .key = "rounds_until_steady", .type = RF_BOOL, .off = RS(plan.until_steady),
	  .when = until_steady,
	  .doc = "true with `--rounds-until-steady` (absent otherwise); a reader finds the "
	  "steady round from the rounds as sweep does: the "
	  "first round k >= 5 at which, over rounds k-4 .. k, every tracking cell (each "
	  "mode's smallest `bs` at its highest `depth`, a mixed mode's at each read share) "
	  "keeps its rounds' IOPS within 20% of their mean (max - min) and their "
	  "least-squares line moves less than 10% of the mean" },
	{ .key = "retry_unstable", .type = RF_UINT, .off = RS(plan.retry_unstable),
	  .when = retried, .max = SWEEP_RETRY_MAX,
	  .error = "plan \"retry_unstable\" %u is more than %u re-runs",
	  .doc = "the most re-runs of `--retry-unstable` per stalled or noisy cell; present "
	  "only when more than 0" },
	{ .key = "hold_s", .type = RF_UINT, .off = RS(plan.hold_s), .when = held, .max = 86400,
	  .error = "plan \"hold_s\" %u is more than %u s",
	  .doc = "`--hold`: the one cell ran this many seconds (its `runtime_s`) to be judged over "
	  "time against the promise; present only then" },
	{ .key = "cells", .type = RF_CUSTOM,
	  .doc = "the whole matrix as `{mode, bs, depth, jobs}` objects (and `rwmixread` for "
	  "`readwrite` and `randrw` cells, and `reason`, as below, for an `--auto` run), "
	  "finished or not. `cells[i].index` below indexes this list" },
	{ .key = NULL }
};
