/*
 * The per-cell columns: one row of columns[] for each figure a cell has in
 * results.csv and in the workbook's Cells and Checks sheets, in their order.
 * `sweep import --csv` knows sweep's own results.csv by the same names.
 * Adding a figure is one row here plus its field in results.json
 * (results.c); doc/results-schema.md lists the columns.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "columns.h"

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
COLUMN_GETTER(get_depth) { count(v, r->cell.depth); }
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
COLUMN_GETTER(get_lat_min) { number(v, (double)r->lat_min_ns / 1e3); }
COLUMN_GETTER(get_lat_mean) { number(v, r->lat_mean_ns / 1e3); }
COLUMN_GETTER(get_lat_p50) { number(v, (double)r->lat_pct_ns[0] / 1e3); }
COLUMN_GETTER(get_lat_p90) { number(v, (double)r->lat_pct_ns[1] / 1e3); }
COLUMN_GETTER(get_lat_p99) { number(v, (double)r->lat_pct_ns[2] / 1e3); }
COLUMN_GETTER(get_lat_p99_9) { number(v, (double)r->lat_pct_ns[3] / 1e3); }
COLUMN_GETTER(get_lat_p99_99) { number(v, (double)r->lat_pct_ns[4] / 1e3); }
COLUMN_GETTER(get_lat_max) { number(v, (double)r->lat_max_ns / 1e3); }
COLUMN_GETTER(get_lat_stdev) { number(v, r->lat_stdev_ns / 1e3); }
COLUMN_GETTER(get_cpu_usr) { number(v, r->cpu_usr_pct); }
COLUMN_GETTER(get_cpu_sys) { number(v, r->cpu_sys_pct); }
COLUMN_GETTER(get_ios) { count(v, r->ios); }
COLUMN_GETTER(get_bytes) { count(v, r->bytes); }
COLUMN_GETTER(get_runtime) { number(v, (double)r->runtime_ns / 1e9); }
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
COLUMN_GETTER(get_check_measured) { check_figure(r, r->check.measured, v); }

COLUMN_GETTER(get_check_device)
{
	if (r->check.device >= 0)
		check_figure(r, r->check.device, v);
}

COLUMN_GETTER(get_check_diff_derived) { number(v, r->check.diff_derived * 100); }

COLUMN_GETTER(get_check_diff_device)
{
	if (r->check.device >= 0)
		number(v, r->check.diff_device * 100);
}

COLUMN_GETTER(get_check_verdict)
{
	text(v, r->check.ok ? "ok" : "mismatch");
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
	text(v, analysis_stability_verdict_name(r->stability.verdict));
	if (analysis_stability_suspect(&r->stability))
		v->mark = COLUMN_MARK_FAILED;
}

COLUMN_GETTER(get_stability_reason)
{
	text(v, r->stability.reason);
	if (analysis_stability_suspect(&r->stability))
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
	struct round_spread s;

	if (!analysis_rounds_spread(r, f, &s))
		return;
	number(v, (which == 0 ? s.min : which == 1 ? s.max : which == 2 ? s.lo : s.hi) / scale);
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
	struct round_spread s;

	if (analysis_rounds_spread(r, ROUND_IOPS, &s))
		number(v, s.level_pct);
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

#define ID	(COLUMN_ALWAYS | COLUMN_CELLS | COLUMN_CHECKS)
#define CELLS	COLUMN_CELLS
#define CHECK	(COLUMN_CELLS | COLUMN_CHECKS)

const struct column columns[] = {
	/* name, workbook title, Checks title, unit, decimals, flags, widths, getter */
	{ "label", "Label", NULL, "", 0, COLUMN_ALWAYS, 0, 0, get_label },
	{ "mode", "Mode", NULL, "", 0, ID, 0, 0, get_mode },
	{ "bs", "Block size", NULL, "", 0, ID | COLUMN_CAPITALS, 0, 0, get_bs },
	{ "bs_bytes", "Block size (bytes)", NULL, "bytes", 0, ID, 0, 0, get_bs_bytes },
	{ "depth", "Queue depth", NULL, "", -1, ID, 0, 0, get_depth },
	{ "jobs", "Jobs", NULL, "", -1, ID, 0, 0, get_jobs },
	{ "status", "Status", NULL, "", 0, COLUMN_ALWAYS | CELLS, 0, 0, get_status },
	{ "iops", "IOPS", NULL, "IOPS", 1, CELLS, 0, 0, get_iops },
	{ "bw_mib_s", "Throughput (MiB/s)", NULL, "MiB/s", 3, CELLS, 0, 0, get_bw_mib_s },
	{ "bw_mb_s", "Throughput (MB/s)", NULL, "MB/s", 3, CELLS, 0, 0, get_bw_mb_s },
	{ "lat_min_us", "Latency min (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_min },
	{ "lat_mean_us", "Latency mean (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_mean },
	{ "lat_p50_us", "Latency p50 (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_p50 },
	{ "lat_p90_us", "Latency p90 (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_p90 },
	{ "lat_p99_us", "Latency p99 (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_p99 },
	{ "lat_p99_9_us", "Latency p99.9 (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_p99_9 },
	{ "lat_p99_99_us", "Latency p99.99 (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_p99_99 },
	{ "lat_max_us", "Latency max (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_max },
	{ "lat_stdev_us", "Latency stdev (us)", NULL, "us", 1, CELLS, 0, 0, get_lat_stdev },
	{ "cpu_usr_pct", "CPU user (% of one CPU)", NULL, "%", 1, CELLS, 0, 0, get_cpu_usr },
	{ "cpu_sys_pct", "CPU system (% of one CPU)", NULL, "%", 1, CELLS, 0, 0, get_cpu_sys },
	{ "ios", "I/Os", NULL, "", 0, CELLS, 0, 0, get_ios },
	{ "bytes", "Bytes", NULL, "bytes", 0, CELLS, 0, 0, get_bytes },
	{ "runtime_s", "Measured time (s)", NULL, "s", 3, CELLS, 0, 0, get_runtime },
	{ "errors", "Errors", NULL, "", -1, CELLS, 0, 0, get_errors },
	{ "short_ios", "Short I/Os", NULL, "", -1, CELLS, 0, 0, get_short_ios },
	{ "first_error", "First error", NULL, "", 0, CELLS, 30, 0, get_first_error },
	{ "dev_iops", "Device IOPS", NULL, "IOPS", 1, CELLS, 0, 0, get_dev_iops },
	{ "dev_bw_mib_s", "Device throughput (MiB/s)", NULL, "MiB/s", 3, CELLS, 0, 0, get_dev_bw },
	{ "dev_util_pct", "Device utilization (%)", NULL, "%", 1, CELLS, 0, 0, get_dev_util },
	{ "dev_aqu_sz", "Device queue size (aqu-sz)", NULL, "", 2, CELLS, 0, 0, get_dev_aqu_sz },
	{ "dev_await_us", "Device await (us)", NULL, "us", 1, CELLS, 0, 0, get_dev_await },
	{ "dev_areq_kib", "Device average request (KiB)", NULL, "KiB", 1, CELLS, 0, 0, get_dev_areq },
	{ "check_derived_mib_s", "Check: derived IOPS x bs (MiB/s)", "Derived IOPS x bs (MiB/s)",
	    "MiB/s", 3, CHECK, 0, 0, get_check_derived },
	{ "check_measured_mib_s", "Check: measured (MiB/s)", "Measured bytes / time (MiB/s)",
	    "MiB/s", 3, CHECK, 0, 0, get_check_measured },
	{ "check_device_mib_s", "Check: device (MiB/s)", "Device counters (MiB/s)",
	    "MiB/s", 3, CHECK | COLUMN_CHECKS_NA, 0, 0, get_check_device },
	{ "check_diff_derived_pct", "Check: derived vs measured (%)", "Derived vs measured (%)",
	    "%", 2, CHECK, 0, 0, get_check_diff_derived },
	{ "check_diff_device_pct", "Check: device vs measured (%)", "Device vs measured (%)",
	    "%", 2, CHECK, 0, 0, get_check_diff_device },
	{ "check_verdict", "BW check", "Verdict", "", 0, CHECK, 0, 0, get_check_verdict },
	{ "check_reason", "Check reason", "Likely cause / note", "", 0, CHECK, 60, 90,
	    get_check_reason },
	{ "status_reason", "Status reason", NULL, "", 0, COLUMN_ALWAYS | CELLS, 60, 0,
	    get_status_reason },
	{ "inflight_max", "Most I/Os in flight", NULL, "", -1, CELLS, 0, 0, get_inflight_max },
	{ "steady", "Measured window", NULL, "", 0, CELLS, 20, 0, get_steady },
	{ "iops_cv_pct", "IOPS per second: CV (%)", NULL, "%", 1, CELLS, 0, 0, get_iops_cv },
	{ "stability", "Stability", NULL, "", 0, CHECK, 0, 0, get_stability },
	{ "stability_reason", "Stability: why", "Stability: why", "", 0, CHECK, 60, 60,
	    get_stability_reason },
	{ "iops_stalls", "Stalled seconds", NULL, "", -1, CELLS, 0, 0, get_iops_stalls },
	{ "iops_worst_pct", "Lowest second (% of level)", NULL, "%", 1, CELLS, 0, 0, get_iops_worst },
	{ "iops_trend_pct", "IOPS trend across the window (%)", NULL, "%", 1, CELLS, 0, 0,
	    get_iops_trend },
	{ "lat_max_over_p999", "Latency max / p99.9", NULL, "", 1, CELLS, 0, 0,
	    get_lat_max_over_p999 },
	{ "rounds", "Rounds (--repeat)", NULL, "", -1, CELLS, 0, 0, get_rounds },
	{ "iops_min", "IOPS, lowest round", NULL, "IOPS", 1, CELLS, 0, 0, get_iops_min },
	{ "iops_max", "IOPS, highest round", NULL, "IOPS", 1, CELLS, 0, 0, get_iops_max },
	{ "iops_ci_lo", "IOPS: median's interval, low", NULL, "IOPS", 1, CELLS, 0, 0,
	    get_iops_ci_lo },
	{ "iops_ci_hi", "IOPS: median's interval, high", NULL, "IOPS", 1, CELLS, 0, 0,
	    get_iops_ci_hi },
	{ "bw_mib_s_min", "Throughput, lowest round (MiB/s)", NULL, "MiB/s", 3, CELLS, 0, 0,
	    get_bw_min },
	{ "bw_mib_s_max", "Throughput, highest round (MiB/s)", NULL, "MiB/s", 3, CELLS, 0, 0,
	    get_bw_max },
	{ "bw_mib_s_ci_lo", "Throughput: median's interval, low (MiB/s)", NULL, "MiB/s", 3, CELLS,
	    0, 0, get_bw_ci_lo },
	{ "bw_mib_s_ci_hi", "Throughput: median's interval, high (MiB/s)", NULL, "MiB/s", 3, CELLS,
	    0, 0, get_bw_ci_hi },
	{ "lat_p99_us_min", "Latency p99, lowest round (us)", NULL, "us", 1, CELLS, 0, 0,
	    get_p99_min },
	{ "lat_p99_us_max", "Latency p99, highest round (us)", NULL, "us", 1, CELLS, 0, 0,
	    get_p99_max },
	{ "ci_level_pct", "Median's interval: confidence (%)", NULL, "%", 2, CELLS, 0, 0,
	    get_ci_level },
	{ "attempts", "Attempts (--retry-unstable)", NULL, "", -1, CELLS, 0, 0, get_attempts },
	{ "attempt_shown", "Attempt shown, and why", "Attempt shown, and why", "", 0, CHECK, 60, 60,
	    get_attempt_shown },
	{ "rwmixread", "Read share (% of I/Os)", NULL, "%", -1, CELLS, 0, 0, get_rwmixread },
	{ "reason", "Chosen because (--auto)", NULL, "", 0, CELLS, 40, 0, get_reason },
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
	memset(v, 0, sizeof *v);
	if (r->status == CELL_SKIPPED && !(c->flags & COLUMN_ALWAYS))
		return;
	c->get(res, r, v);
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
