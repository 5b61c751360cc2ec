/*
 * The per-cell columns: one row of columns[] for each figure a cell has in
 * results.csv and in the workbook's Cells and Checks sheets, in their order.
 * `sweep import --csv` knows sweep's own results.csv by the same names.
 * Adding a figure is one row here (a double of the cell needs no getter:
 * .off and .div) plus its field in struct cell_result and its row in
 * results_cell_fields; doc/results-schema.md's table of the columns and
 * the tests' header are made from this one.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "plan/plan.h"
#include "results/columns.h"
#include "results/results.h"

/*
 * How a cell's measured window ended: "steady after 4 s" (steady state ended
 * it early), "ran full runtime", or "not recorded" (a table import); with
 * how much its last window's per-second IOPS moved when that was measured:
 * "ran full runtime (last 5 s: ±5.4%, trend 0.1%)" says why steady state
 * (a band of steady_pct) did not end it.
 */
const char *
column_steady_text(const struct results *res, const struct cell_result *r, char *buf, size_t len)
{
	if (res->plan.runtime_s == 0) {
		snprintf(buf, len, "not recorded");
		return buf;
	}
	if (r->steady)
		snprintf(buf, len, "steady after %u s", r->steady_at_s);
	else
		snprintf(buf, len, "ran full runtime");
	if (!r->steady && r->steady_last.n > 0) {
		size_t n = strlen(buf);

		snprintf(buf + n, len - n, " (last %u s: ±%.1f%%, trend %.1f%%)", r->steady_last.n,
		    r->steady_last.spread_pct, r->steady_last.trend_pct);
	}
	return buf;
}

/* A getter's parameters; most getters use only the cell. */
#define COLUMN_GETTER(name)						\
	static void name(const struct results *res __attribute__((unused)),	\
	    const struct cell_result *r __attribute__((unused)), struct column_value *v)

static void
number(struct column_value *v, double d)
{
	v->kind = COLUMN_NUMBER;
	v->number = d;
}

static void
count(struct column_value *v, uint64_t n)
{
	v->kind = COLUMN_COUNT;
	v->count = n;
}

static void
text(struct column_value *v, const char *s)
{
	v->kind = COLUMN_TEXT;
	v->text = s;
}

COLUMN_GETTER(get_label) { text(v, res->label); }
COLUMN_GETTER(get_mode) { text(v, mode_name(r->cell.mode)); }
COLUMN_GETTER(get_bs) { text(v, size_short(r->cell.bs, v->buf, sizeof v->buf)); }
COLUMN_GETTER(get_bs_bytes) { count(v, r->cell.bs); }
COLUMN_GETTER(get_depth) { if (r->cell.depth > 0) count(v, r->cell.depth); }	/* 0: not given */
COLUMN_GETTER(get_jobs) { count(v, r->cell.jobs); }

COLUMN_GETTER(get_status)
{
	text(v, cell_status_name(r->status));
	if (r->status != CELL_OK)
		v->mark = COLUMN_MARK_FAILED;
}

COLUMN_GETTER(get_iops) { number(v, r->iops); }
COLUMN_GETTER(get_bw_mib_s) { number(v, r->bw_bytes_s / MIB); }
COLUMN_GETTER(get_bw_mb_s) { number(v, r->bw_bytes_s / 1e6); }
/* A latency of 0 ns is not a measurement (an imported table without it): blank, not 0. */
static void
latency(struct column_value *v, double ns)
{
	if (ns > 0)
		number(v, ns / 1e3);
}

COLUMN_GETTER(get_lat_min) { latency(v, (double)r->lat_min_ns); }
COLUMN_GETTER(get_lat_mean) { latency(v, r->lat_mean_ns); }
COLUMN_GETTER(get_lat_p50) { latency(v, (double)r->lat_pct_ns[0]); }
COLUMN_GETTER(get_lat_p90) { latency(v, (double)r->lat_pct_ns[1]); }
COLUMN_GETTER(get_lat_p99) { latency(v, (double)r->lat_pct_ns[2]); }
COLUMN_GETTER(get_lat_p99_9) { latency(v, (double)r->lat_pct_ns[3]); }
COLUMN_GETTER(get_lat_p99_99) { latency(v, (double)r->lat_pct_ns[4]); }
COLUMN_GETTER(get_lat_max) { latency(v, (double)r->lat_max_ns); }

/* A spread of 0 is a measurement when the cell has a latency at all. */
COLUMN_GETTER(get_lat_stdev)
{
	if (r->lat_max_ns > 0 || r->lat_mean_ns > 0)
		number(v, r->lat_stdev_ns / 1e3);
}
/* A table import (engine "table", import-csv.c) gives no CPU: blank, not 0. */
COLUMN_GETTER(get_cpu_usr) { if (strcmp(res->plan.engine, "table") != 0) number(v, r->cpu_usr_pct); }
COLUMN_GETTER(get_cpu_sys) { if (strcmp(res->plan.engine, "table") != 0) number(v, r->cpu_sys_pct); }
/* A table's cell of rates only has no window and counts: blank, not 0. */
COLUMN_GETTER(get_ios) { if (!results_cell_rates_only(r)) count(v, r->ios); }
COLUMN_GETTER(get_bytes) { if (!results_cell_rates_only(r)) count(v, r->bytes); }
COLUMN_GETTER(get_runtime)
{
	if (!results_cell_rates_only(r))
		number(v, (double)r->runtime_ns / 1e9);
}
COLUMN_GETTER(get_errors) { count(v, r->errors); }
COLUMN_GETTER(get_short_ios) { count(v, r->short_ios); }

COLUMN_GETTER(get_first_error)
{
	if (r->err_syscall[0] == '\0')
		return;
	snprintf(v->buf, sizeof v->buf, "%s: %s at offset %llu", r->err_syscall,
	    strerror(r->err_errno), (unsigned long long)r->err_offset);
	text(v, v->buf);
	v->mark = COLUMN_MARK_FAILED;
}

/* Device counters: none when the target has no block device of its own. */
#define DEV_GETTER(name, expr) \
	COLUMN_GETTER(name) { if (r->dev.valid) number(v, (expr)); }
DEV_GETTER(get_dev_iops, r->dev.iops)
DEV_GETTER(get_dev_bw, r->dev.bw_bytes_s / MIB)
DEV_GETTER(get_dev_util, r->dev.util_pct)
DEV_GETTER(get_dev_aqu_sz, r->dev.aqu_sz)
DEV_GETTER(get_dev_await, r->dev.await_us)
DEV_GETTER(get_dev_areq, r->dev.areq_bytes / KIB)

/* The BW = IOPS x bs check; its MiB/s figures are marked when it failed. */
static void
check_figure(const struct cell_result *r, double bytes_s, struct column_value *v)
{
	number(v, bytes_s / MIB);
	if (!r->check.ok)
		v->mark = COLUMN_MARK_MISMATCH;
}

COLUMN_GETTER(get_check_derived) { check_figure(r, r->check.derived, v); }

/* A figure derived from the other (a table's row with one of them) checks nothing: blank. */
COLUMN_GETTER(get_check_measured)
{
	if (r->derived == 0)
		check_figure(r, r->check.measured, v);
}

COLUMN_GETTER(get_check_device)
{
	if (r->check.device >= 0)
		check_figure(r, r->check.device, v);
}

COLUMN_GETTER(get_check_diff_derived)
{
	if (r->derived == 0)
		number(v, r->check.diff_derived * 100);
}

COLUMN_GETTER(get_check_diff_device)
{
	if (r->check.device >= 0)
		number(v, r->check.diff_device * 100);
}

COLUMN_GETTER(get_check_verdict)
{
	text(v, r->derived != 0 ? "not checked" : r->check.ok ? "ok" : "mismatch");
	if (!r->check.ok)
		v->mark = COLUMN_MARK_MISMATCH;
}

COLUMN_GETTER(get_check_reason)
{
	text(v, r->check.reason);
	if (!r->check.ok)
		v->mark = COLUMN_MARK_MISMATCH;
}

COLUMN_GETTER(get_status_reason) { text(v, r->status_reason); }
COLUMN_GETTER(get_reason) { if (r->cell.why[0] != '\0') text(v, r->cell.why); }

COLUMN_GETTER(get_iops_cv)
{
	double cv = results_cell_cv_pct(r);

	if (cv >= 0)
		number(v, cv);
}

COLUMN_GETTER(get_inflight_max)
{
	if (r->inflight_max > 0)
		count(v, r->inflight_max);
}

COLUMN_GETTER(get_steady) { text(v, column_steady_text(res, r, v->buf, sizeof v->buf)); }

/* The stability verdict (analysis-stability.c) and its reason; noisy and stalled are marked. */
COLUMN_GETTER(get_stability)
{
	text(v, results_stability_name(r->stability.verdict));
	if (results_stability_suspect(&r->stability))
		v->mark = COLUMN_MARK_FAILED;
}

COLUMN_GETTER(get_stability_reason)
{
	text(v, r->stability.reason);
	if (results_stability_suspect(&r->stability))
		v->mark = COLUMN_MARK_FAILED;
}

/* The figures behind the verdict: none when it is unknown (no series judged). */
COLUMN_GETTER(get_iops_stalls)
{
	if (r->stability.nseconds > 0)
		count(v, r->stability.nstalls);
}

COLUMN_GETTER(get_iops_worst)
{
	if (r->stability.nseconds > 0)
		number(v, r->stability.worst_pct);
}

COLUMN_GETTER(get_iops_trend)
{
	if (r->stability.nseconds > 0)
		number(v, r->stability.trend_pct);
}

COLUMN_GETTER(get_lat_max_over_p999)
{
	if (r->stability.max_over_p999 > 0)
		number(v, r->stability.max_over_p999);
}

/*
 * --repeat: how many rounds a cell ran, and the spread of its figures over
 * its ok rounds (analysis_rounds_spread); empty for a cell that ran once.
 */
COLUMN_GETTER(get_rounds)
{
	if (r->nrounds > 0)
		count(v, r->nrounds);
}

static void
spread_value(const struct cell_result *r, enum round_figure f, int which, double scale,
    struct column_value *v)
{
	const struct round_spread *s = &r->round_spread[f];	/* derived when stored or loaded */

	if (s->n < 2)
		return;
	number(v, (which == 0 ? s->min : which == 1 ? s->max : which == 2 ? s->lo : s->hi) / scale);
}

#define SPREAD_GETTER(name, f, which, scale) \
	COLUMN_GETTER(name) { spread_value(r, f, which, scale, v); }
SPREAD_GETTER(get_iops_min, ROUND_IOPS, 0, 1)
SPREAD_GETTER(get_iops_max, ROUND_IOPS, 1, 1)
SPREAD_GETTER(get_iops_ci_lo, ROUND_IOPS, 2, 1)
SPREAD_GETTER(get_iops_ci_hi, ROUND_IOPS, 3, 1)
SPREAD_GETTER(get_bw_min, ROUND_BW, 0, MIB)
SPREAD_GETTER(get_bw_max, ROUND_BW, 1, MIB)
SPREAD_GETTER(get_bw_ci_lo, ROUND_BW, 2, MIB)
SPREAD_GETTER(get_bw_ci_hi, ROUND_BW, 3, MIB)
SPREAD_GETTER(get_p99_min, ROUND_P99, 0, 1e3)
SPREAD_GETTER(get_p99_max, ROUND_P99, 1, 1e3)

COLUMN_GETTER(get_ci_level)
{
	if (r->round_spread[ROUND_IOPS].n >= 2)
		number(v, r->round_spread[ROUND_IOPS].level_pct);
}

/*
 * --retry-unstable: how many attempts a re-run cell has, and which one the
 * row shows and why; empty for a cell that was never re-run.
 */
COLUMN_GETTER(get_attempts)
{
	if (r->nattempts > 0)
		count(v, r->nattempts);
}

/* A readwrite or randrw cell's percent of reads; empty for the other modes. */
COLUMN_GETTER(get_rwmixread)
{
	if (mode_reads(r->cell.mode) && mode_writes(r->cell.mode))
		count(v, plan_cell_rwmixread(&res->plan, &r->cell));
}

COLUMN_GETTER(get_attempt_shown)
{
	if (r->nattempts == 0)
		return;
	results_attempt_note(r, v->buf, sizeof v->buf);
	text(v, v->buf);
}

/* An open-loop cell's figures (--rate): empty in a closed-loop cell. */
COLUMN_GETTER(get_rate_offered)
{
	if (r->cell.rate_iops > 0)
		number(v, r->cell.rate_iops);
}

COLUMN_GETTER(get_rate_pct)
{
	if (r->cell.rate_pct > 0)
		number(v, r->cell.rate_pct);
}

COLUMN_GETTER(get_rate_lag_p99)
{
	if (plan_cell_open(&r->cell) && r->rate_lag_max_ns > 0)
		number(v, (double)r->rate_lag_p99_ns / 1e3);
}

COLUMN_GETTER(get_rate_lag_max)
{
	if (plan_cell_open(&r->cell) && r->rate_lag_max_ns > 0)
		number(v, (double)r->rate_lag_max_ns / 1e3);
}

COLUMN_GETTER(get_rate_issue_p99)
{
	latency(v, (double)r->rate_issue_pct_ns[2]);
}

COLUMN_GETTER(get_rate_issue_p99_9)
{
	latency(v, (double)r->rate_issue_pct_ns[3]);
}

#define ID	(COLUMN_ALWAYS | COLUMN_CELLS | COLUMN_CHECKS)
#define CELLS	COLUMN_CELLS
#define CHECK	(COLUMN_CELLS | COLUMN_CHECKS)

const struct column columns[] = {
	{ .name = "label", .title = "Label", .unit = "", .flags = COLUMN_ALWAYS,
	  .get = get_label },
	{ .name = "mode", .title = "Mode", .unit = "", .flags = ID, .get = get_mode },
	{ .name = "bs", .title = "Block size", .unit = "", .flags = ID | COLUMN_CAPITALS,
	  .get = get_bs },
	{ .name = "bs_bytes", .title = "Block size (bytes)", .unit = "bytes", .flags = ID,
	  .get = get_bs_bytes },
	{ .name = "depth", .title = "Queue depth", .unit = "", .decimals = -1, .flags = ID,
	  .get = get_depth },
	{ .name = "jobs", .title = "Jobs", .unit = "", .decimals = -1, .flags = ID,
	  .get = get_jobs },
	{ .name = "status", .title = "Status", .unit = "", .flags = COLUMN_ALWAYS | CELLS,
	  .get = get_status },
	{ .name = "iops", .title = "IOPS", .unit = "IOPS", .decimals = 1, .flags = CELLS,
	  .get = get_iops },
	{ .name = "bw_mib_s", .title = "Throughput (MiB/s)", .unit = "MiB/s", .decimals = 3,
	  .flags = CELLS, .get = get_bw_mib_s },
	{ .name = "bw_mb_s", .title = "Throughput (MB/s)", .unit = "MB/s", .decimals = 3,
	  .flags = CELLS, .get = get_bw_mb_s },
	{ .name = "lat_min_us", .title = "Latency min (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_min },
	{ .name = "lat_mean_us", .title = "Latency mean (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_mean },
	{ .name = "lat_p50_us", .title = "Latency p50 (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_p50 },
	{ .name = "lat_p90_us", .title = "Latency p90 (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_p90 },
	{ .name = "lat_p99_us", .title = "Latency p99 (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_p99 },
	{ .name = "lat_p99_9_us", .title = "Latency p99.9 (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_p99_9 },
	{ .name = "lat_p99_99_us", .title = "Latency p99.99 (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_p99_99 },
	{ .name = "lat_max_us", .title = "Latency max (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_max },
	{ .name = "lat_stdev_us", .title = "Latency stdev (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_lat_stdev },
	{ .name = "cpu_usr_pct", .title = "CPU user (% of one CPU)", .unit = "%", .decimals = 1,
	  .flags = CELLS, .get = get_cpu_usr },
	{ .name = "cpu_sys_pct", .title = "CPU system (% of one CPU)", .unit = "%", .decimals = 1,
	  .flags = CELLS, .get = get_cpu_sys },
	{ .name = "ios", .title = "I/Os", .unit = "", .flags = CELLS, .get = get_ios },
	{ .name = "bytes", .title = "Bytes", .unit = "bytes", .flags = CELLS, .get = get_bytes },
	{ .name = "runtime_s", .title = "Measured time (s)", .unit = "s", .decimals = 3,
	  .flags = CELLS, .get = get_runtime },
	{ .name = "errors", .title = "Errors", .unit = "", .decimals = -1, .flags = CELLS,
	  .get = get_errors },
	{ .name = "short_ios", .title = "Short I/Os", .unit = "", .decimals = -1, .flags = CELLS,
	  .get = get_short_ios },
	{ .name = "first_error", .title = "First error", .unit = "", .flags = CELLS, .width = 30,
	  .get = get_first_error },
	{ .name = "dev_iops", .title = "Device IOPS", .unit = "IOPS", .decimals = 1,
	  .flags = CELLS, .get = get_dev_iops },
	{ .name = "dev_bw_mib_s", .title = "Device throughput (MiB/s)", .unit = "MiB/s",
	  .decimals = 3, .flags = CELLS, .get = get_dev_bw },
	{ .name = "dev_util_pct", .title = "Device utilization (%)", .unit = "%", .decimals = 1,
	  .flags = CELLS, .get = get_dev_util },
	{ .name = "dev_aqu_sz", .title = "Device queue size (aqu-sz)", .unit = "", .decimals = 2,
	  .flags = CELLS, .get = get_dev_aqu_sz },
	{ .name = "dev_await_us", .title = "Device await (us)", .unit = "us", .decimals = 1,
	  .flags = CELLS, .get = get_dev_await },
	{ .name = "dev_areq_kib", .title = "Device average request (KiB)", .unit = "KiB",
	  .decimals = 1, .flags = CELLS, .get = get_dev_areq },
	{ .name = "check_derived_mib_s", .title = "Check: derived IOPS x bs (MiB/s)",
	  .checks_title = "Derived IOPS x bs (MiB/s)", .unit = "MiB/s", .decimals = 3,
	  .flags = CHECK, .get = get_check_derived },
	{ .name = "check_measured_mib_s", .title = "Check: measured (MiB/s)",
	  .checks_title = "Measured bytes / time (MiB/s)", .unit = "MiB/s", .decimals = 3,
	  .flags = CHECK, .get = get_check_measured },
	{ .name = "check_device_mib_s", .title = "Check: device (MiB/s)",
	  .checks_title = "Device counters (MiB/s)", .unit = "MiB/s", .decimals = 3,
	  .flags = CHECK | COLUMN_CHECKS_NA, .get = get_check_device },
	{ .name = "check_diff_derived_pct", .title = "Check: derived vs measured (%)",
	  .checks_title = "Derived vs measured (%)", .unit = "%", .decimals = 2, .flags = CHECK,
	  .get = get_check_diff_derived },
	{ .name = "check_diff_device_pct", .title = "Check: device vs measured (%)",
	  .checks_title = "Device vs measured (%)", .unit = "%", .decimals = 2, .flags = CHECK,
	  .get = get_check_diff_device },
	{ .name = "check_verdict", .title = "BW check", .checks_title = "Verdict", .unit = "",
	  .flags = CHECK, .get = get_check_verdict },
	{ .name = "check_reason", .title = "Check reason", .checks_title = "Likely cause / note",
	  .unit = "", .flags = CHECK, .width = 60, .checks_width = 90, .get = get_check_reason },
	{ .name = "status_reason", .title = "Status reason", .unit = "",
	  .flags = COLUMN_ALWAYS | CELLS, .width = 60, .get = get_status_reason },
	{ .name = "inflight_max", .title = "Most I/Os in flight", .unit = "", .decimals = -1,
	  .flags = CELLS, .get = get_inflight_max },
	{ .name = "steady", .title = "Measured window", .unit = "", .flags = CELLS, .width = 20,
	  .get = get_steady },
	{ .name = "iops_cv_pct", .title = "IOPS per second: CV (%)", .unit = "%", .decimals = 1,
	  .flags = CELLS, .get = get_iops_cv },
	{ .name = "stability", .title = "Stability", .unit = "", .flags = CHECK,
	  .get = get_stability },
	{ .name = "stability_reason", .title = "Stability: why", .checks_title = "Stability: why",
	  .unit = "", .flags = CHECK, .width = 60, .checks_width = 60,
	  .get = get_stability_reason },
	{ .name = "iops_stalls", .title = "Stalled seconds", .unit = "", .decimals = -1,
	  .flags = CELLS, .get = get_iops_stalls },
	{ .name = "iops_worst_pct", .title = "Lowest second (% of level)", .unit = "%",
	  .decimals = 1, .flags = CELLS, .get = get_iops_worst },
	{ .name = "iops_trend_pct", .title = "IOPS trend across the window (%)", .unit = "%",
	  .decimals = 1, .flags = CELLS, .get = get_iops_trend },
	{ .name = "lat_max_over_p999", .title = "Latency max / p99.9", .unit = "", .decimals = 1,
	  .flags = CELLS, .get = get_lat_max_over_p999 },
	{ .name = "rounds", .title = "Rounds (--repeat)", .unit = "", .decimals = -1,
	  .flags = CELLS, .get = get_rounds },
	{ .name = "iops_min", .title = "IOPS, lowest round", .unit = "IOPS", .decimals = 1,
	  .flags = CELLS, .get = get_iops_min },
	{ .name = "iops_max", .title = "IOPS, highest round", .unit = "IOPS", .decimals = 1,
	  .flags = CELLS, .get = get_iops_max },
	{ .name = "iops_ci_lo", .title = "IOPS: median's interval, low", .unit = "IOPS",
	  .decimals = 1, .flags = CELLS, .get = get_iops_ci_lo },
	{ .name = "iops_ci_hi", .title = "IOPS: median's interval, high", .unit = "IOPS",
	  .decimals = 1, .flags = CELLS, .get = get_iops_ci_hi },
	{ .name = "bw_mib_s_min", .title = "Throughput, lowest round (MiB/s)", .unit = "MiB/s",
	  .decimals = 3, .flags = CELLS, .get = get_bw_min },
	{ .name = "bw_mib_s_max", .title = "Throughput, highest round (MiB/s)", .unit = "MiB/s",
	  .decimals = 3, .flags = CELLS, .get = get_bw_max },
	{ .name = "bw_mib_s_ci_lo", .title = "Throughput: median's interval, low (MiB/s)",
	  .unit = "MiB/s", .decimals = 3, .flags = CELLS, .get = get_bw_ci_lo },
	{ .name = "bw_mib_s_ci_hi", .title = "Throughput: median's interval, high (MiB/s)",
	  .unit = "MiB/s", .decimals = 3, .flags = CELLS, .get = get_bw_ci_hi },
	{ .name = "lat_p99_us_min", .title = "Latency p99, lowest round (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_p99_min },
	{ .name = "lat_p99_us_max", .title = "Latency p99, highest round (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_p99_max },
	{ .name = "ci_level_pct", .title = "Median's interval: confidence (%)", .unit = "%",
	  .decimals = 2, .flags = CELLS, .get = get_ci_level },
	{ .name = "attempts", .title = "Attempts (--retry-unstable)", .unit = "", .decimals = -1,
	  .flags = CELLS, .get = get_attempts },
	{ .name = "attempt_shown", .title = "Attempt shown, and why",
	  .checks_title = "Attempt shown, and why", .unit = "", .flags = CHECK, .width = 60,
	  .checks_width = 60, .get = get_attempt_shown },
	{ .name = "rwmixread", .title = "Read share (% of I/Os)", .unit = "%", .decimals = -1,
	  .flags = CELLS, .get = get_rwmixread },
	{ .name = "reason", .title = "Chosen because (--auto)", .unit = "", .flags = CELLS,
	  .width = 40, .get = get_reason },
	{ .name = "rate_offered_iops", .title = "Rate offered (IOPS, --rate)", .unit = "IOPS",
	  .decimals = 1, .flags = CELLS, .get = get_rate_offered },
	{ .name = "rate_pct", .title = "Rate asked (% of cap)", .unit = "%", .decimals = 2,
	  .flags = CELLS, .get = get_rate_pct },
	{ .name = "rate_lag_p99_us", .title = "Issue behind schedule p99 (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_rate_lag_p99 },
	{ .name = "rate_lag_max_us", .title = "Issue behind schedule max (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_rate_lag_max },
	{ .name = "lat_issue_p99_us", .title = "Latency from issue p99 (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_rate_issue_p99 },
	{ .name = "lat_issue_p99_9_us", .title = "Latency from issue p99.9 (us)", .unit = "us",
	  .decimals = 1, .flags = CELLS, .get = get_rate_issue_p99_9 },
};

const unsigned ncolumns = sizeof columns / sizeof columns[0];

/*
 * Column c's value for cell r of res.  A skipped cell has only its identity,
 * status and reason (COLUMN_ALWAYS); the rest is empty.
 */
void
column_value(const struct column *c, const struct results *res, const struct cell_result *r,
    struct column_value *v)
{
	double d;

	memset(v, 0, sizeof *v);
	if (r->status == CELL_SKIPPED && !(c->flags & COLUMN_ALWAYS))
		return;
	if (c->get != NULL) {
		c->get(res, r, v);
		return;
	}
	memcpy(&d, (const char *)r + c->off, sizeof d);
	if (d > 0)
		number(v, c->div > 0 ? d / c->div : d);
}

/* The column named name (results.csv's header), or NULL. */
const struct column *
column_find(const char *name)
{
	unsigned i;

	for (i = 0; i < ncolumns; i++)
		if (strcmp(columns[i].name, name) == 0)
			return &columns[i];
	return NULL;
}
