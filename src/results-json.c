/*
 * results.json: the record written whole after every finished cell (schema
 * in doc/results-schema.md); results-json-read.c loads it back for `sweep
 * report`, `sweep compare`, --resume and the tests.  A per-cell figure's
 * field is written in cell_to_json() here and read in cell_from_json()
 * there; results-json-write.c prints the record piece by piece.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include <cjson/cJSON.h>

#include "analysis.h"
#include "sweep.h"
#include "results-json.h"

/* The latency percentiles' keys in "lat_ns", in sweep_percentiles' order. */
const char *const results_json_pct_keys[PCT_COUNT] = { "p50", "p90", "p99", "p99.9", "p99.99" };

/* A cell's "steady": whether and when it got steady, and how steady its last window was. */
static void
steady_to_json(cJSON *o, const struct cell_result *r)
{
	cJSON *st = cJSON_AddObjectToObject(o, "steady");

	cJSON_AddBoolToObject(st, "reached", r->steady);
	if (r->steady)
		cJSON_AddNumberToObject(st, "at_s", r->steady_at_s);
	else
		cJSON_AddNullToObject(st, "at_s");
	/* how steady the last window was, either way: why a cell ran its full runtime */
	cJSON_AddNumberToObject(st, "window_s", r->steady_last.n);
	if (r->steady_last.n > 0) {
		cJSON_AddNumberToObject(st, "spread_pct", round(r->steady_last.spread_pct * 100) / 100);
		cJSON_AddNumberToObject(st, "trend_pct", round(r->steady_last.trend_pct * 100) / 100);
	} else {
		cJSON_AddNullToObject(st, "spread_pct");
		cJSON_AddNullToObject(st, "trend_pct");
	}
}

/* A cell's "device": the block device's counters over the measured window, if any. */
static void
device_to_json(cJSON *o, const struct dev_metrics *d)
{
	cJSON *dev = cJSON_AddObjectToObject(o, "device");

	cJSON_AddBoolToObject(dev, "valid", d->valid);
	if (!d->valid)
		return;
	cJSON_AddNumberToObject(dev, "read_ios", (double)d->read_ios);
	cJSON_AddNumberToObject(dev, "write_ios", (double)d->write_ios);
	cJSON_AddNumberToObject(dev, "read_bytes", (double)d->read_bytes);
	cJSON_AddNumberToObject(dev, "write_bytes", (double)d->write_bytes);
	cJSON_AddNumberToObject(dev, "read_merges", (double)d->read_merges);
	cJSON_AddNumberToObject(dev, "write_merges", (double)d->write_merges);
	cJSON_AddNumberToObject(dev, "iops", d->iops);
	cJSON_AddNumberToObject(dev, "bw_bytes_s", d->bw_bytes_s);
	cJSON_AddNumberToObject(dev, "util_pct", d->util_pct);
	cJSON_AddNumberToObject(dev, "aqu_sz", d->aqu_sz);
	cJSON_AddNumberToObject(dev, "await_us", d->await_us);
	cJSON_AddNumberToObject(dev, "areq_bytes", d->areq_bytes);
}

/* A cell's "bw_check": BW = IOPS x bs three ways and the verdict. */
static void
check_to_json(cJSON *o, const struct bw_check *k)
{
	cJSON *chk = cJSON_AddObjectToObject(o, "bw_check");

	cJSON_AddNumberToObject(chk, "derived_bytes_s", k->derived);
	cJSON_AddNumberToObject(chk, "measured_bytes_s", k->measured);
	if (k->device >= 0)
		cJSON_AddNumberToObject(chk, "device_bytes_s", k->device);
	else
		cJSON_AddNullToObject(chk, "device_bytes_s");
	cJSON_AddNumberToObject(chk, "diff_derived", k->diff_derived);
	cJSON_AddNumberToObject(chk, "diff_device", k->diff_device);
	cJSON_AddStringToObject(chk, "verdict", k->ok ? "ok" : "mismatch");
	cJSON_AddStringToObject(chk, "reason", k->reason);
}

/*
 * A cell's "stability" (analysis-stability.c), for other tools: the verdict, its
 * reason and the figures behind it, judged from the series being written
 * so that they always agree.  Not read back: a load judges the series
 * again, so files written before it get verdicts too.
 */
static void
stability_to_json(cJSON *o, const struct cell_result *r)
{
	cJSON *st = cJSON_AddObjectToObject(o, "stability");
	struct stability judged, *s = &judged;

	analysis_stability_compute(r, s);

	cJSON_AddStringToObject(st, "verdict", analysis_stability_verdict_name(s->verdict));
	cJSON_AddStringToObject(st, "reason", s->reason);
	if (s->nseconds == 0)
		return;
	cJSON_AddNumberToObject(st, "seconds", s->nseconds);
	cJSON_AddNumberToObject(st, "cv_pct", round(s->cv_pct * 100) / 100);
	cJSON_AddNumberToObject(st, "level_iops", round(s->level_iops * 10) / 10);
	cJSON_AddNumberToObject(st, "stalls", s->nstalls);
	cJSON_AddNumberToObject(st, "worst_pct", round(s->worst_pct * 100) / 100);
	cJSON_AddNumberToObject(st, "trend_pct", round(s->trend_pct * 100) / 100);
	if (s->max_over_p999 > 0)
		cJSON_AddNumberToObject(st, "lat_max_over_p999", round(s->max_over_p999 * 100) / 100);
	else
		cJSON_AddNullToObject(st, "lat_max_over_p999");
}

/* A mixed cell's own read share, "rwmixread" (percent); none for other modes or imports. */
static void
cell_rwmix_to_json(cJSON *o, const struct cell *c)
{
	if (c->rwmix_set && mode_reads(c->mode) && mode_writes(c->mode))
		cJSON_AddNumberToObject(o, "rwmixread", c->rwmixread);
}

static cJSON *
cell_to_json(const struct cell_result *r)
{
	cJSON *o = cJSON_CreateObject(), *lat, *cpu, *err, *ser, *a;
	unsigned i;
	double cv;

	cJSON_AddNumberToObject(o, "index", r->cell.index);
	cJSON_AddStringToObject(o, "mode", mode_name(r->cell.mode));
	cJSON_AddNumberToObject(o, "bs", (double)r->cell.bs);
	cJSON_AddNumberToObject(o, "depth", r->cell.depth);
	cJSON_AddNumberToObject(o, "jobs", r->cell.jobs);
	cell_rwmix_to_json(o, &r->cell);
	cJSON_AddStringToObject(o, "status", cell_status_name(r->status));
	cJSON_AddStringToObject(o, "status_reason", r->status_reason);
	if (r->cell.why[0] != '\0')
		cJSON_AddStringToObject(o, "reason", r->cell.why);
	if (r->status == CELL_SKIPPED)
		return o;
	cJSON_AddNumberToObject(o, "runtime_ns", (double)r->runtime_ns);
	cJSON_AddNumberToObject(o, "ios", (double)r->ios);
	cJSON_AddNumberToObject(o, "bytes", (double)r->bytes);
	cJSON_AddNumberToObject(o, "read_ios", (double)r->read_ios);
	cJSON_AddNumberToObject(o, "write_ios", (double)r->write_ios);
	cJSON_AddNumberToObject(o, "read_bytes", (double)r->read_bytes);
	cJSON_AddNumberToObject(o, "write_bytes", (double)r->write_bytes);
	cJSON_AddNumberToObject(o, "iops", r->iops);
	cJSON_AddNumberToObject(o, "bw_bytes_s", r->bw_bytes_s);
	cJSON_AddNumberToObject(o, "bw_mib_s", r->bw_bytes_s / MIB);
	cJSON_AddNumberToObject(o, "bw_mb_s", r->bw_bytes_s / 1e6);
	cJSON_AddNumberToObject(o, "inflight_max", r->inflight_max);
	if ((cv = results_cell_cv_pct(r)) >= 0)
		cJSON_AddNumberToObject(o, "iops_cv_pct", cv);

	lat = cJSON_AddObjectToObject(o, "lat_ns");
	cJSON_AddNumberToObject(lat, "min", (double)r->lat_min_ns);
	cJSON_AddNumberToObject(lat, "max", (double)r->lat_max_ns);
	cJSON_AddNumberToObject(lat, "mean", r->lat_mean_ns);
	cJSON_AddNumberToObject(lat, "stdev", r->lat_stdev_ns);
	for (i = 0; i < PCT_COUNT; i++)
		cJSON_AddNumberToObject(lat, results_json_pct_keys[i], (double)r->lat_pct_ns[i]);

	cpu = cJSON_AddObjectToObject(o, "cpu");
	cJSON_AddNumberToObject(cpu, "usr_pct", r->cpu_usr_pct);
	cJSON_AddNumberToObject(cpu, "sys_pct", r->cpu_sys_pct);

	err = cJSON_AddObjectToObject(o, "errors");
	cJSON_AddNumberToObject(err, "count", (double)r->errors);
	cJSON_AddNumberToObject(err, "short_ios", (double)r->short_ios);
	if (r->err_syscall[0] != '\0') {
		cJSON *first = cJSON_AddObjectToObject(err, "first");

		cJSON_AddStringToObject(first, "syscall", r->err_syscall);
		cJSON_AddNumberToObject(first, "errno", r->err_errno);
		cJSON_AddStringToObject(first, "error", strerror(r->err_errno));
		cJSON_AddNumberToObject(first, "offset", (double)r->err_offset);
	}

	steady_to_json(o, r);
	stability_to_json(o, r);
	ser = cJSON_AddObjectToObject(o, "series");
	cJSON_AddNumberToObject(ser, "interval_s", 1);
	a = cJSON_AddArrayToObject(ser, "ios");
	for (i = 0; i < r->nseries; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)r->series_ios[i]));
	a = cJSON_AddArrayToObject(ser, "bytes");
	for (i = 0; i < r->nseries; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)r->series_bytes[i]));
	device_to_json(o, &r->dev);
	if (r->derived != 0) {
		a = cJSON_AddArrayToObject(o, "derived");
		if (r->derived & CELL_DERIVED_IOPS)
			cJSON_AddItemToArray(a, cJSON_CreateString("iops"));
		if (r->derived & CELL_DERIVED_BW)
			cJSON_AddItemToArray(a, cJSON_CreateString("bw"));
	}
	check_to_json(o, &r->check);
	return o;
}

/* One figure's spread over the rounds: "iops": {median, min, max, lo, hi}. */
static void
spread_to_json(cJSON *o, const char *key, const struct cell_result *r, enum round_figure f)
{
	struct round_spread s;
	cJSON *x;

	if (!analysis_rounds_spread(r, f, &s))
		return;
	x = cJSON_AddObjectToObject(o, key);
	cJSON_AddNumberToObject(x, "median", s.median);
	cJSON_AddNumberToObject(x, "min", s.min);
	cJSON_AddNumberToObject(x, "max", s.max);
	cJSON_AddNumberToObject(x, "lo", s.lo);
	cJSON_AddNumberToObject(x, "hi", s.hi);
}

/* The plan's "repeat" when more than 1, "rounds_until_steady" and "retry_unstable" when given. */
static void
plan_rounds_to_json(cJSON *p, const struct plan *plan)
{
	if (plan_repeat(plan) > 1)
		cJSON_AddNumberToObject(p, "repeat", plan->repeat);
	if (plan->until_steady)
		cJSON_AddBoolToObject(p, "rounds_until_steady", true);
	if (plan->retry_unstable > 0)
		cJSON_AddNumberToObject(p, "retry_unstable", plan->retry_unstable);
}

/*
 * A cell's "rounds" (--repeat) into its object o, which is returned: which
 * one the cell's figures are, the spread of the main figures (derived from
 * "list", written for readers that want them ready), and every round as a
 * cell object of its own.  Nothing for a cell that ran once.
 */
static cJSON *
rounds_to_json(cJSON *o, const struct cell_result *r)
{
	cJSON *ro, *list;
	struct round_spread s;
	unsigned k;

	if (r->nrounds == 0)
		return o;
	ro = cJSON_AddObjectToObject(o, "rounds");
	cJSON_AddNumberToObject(ro, "n", r->nrounds);
	cJSON_AddNumberToObject(ro, "shown", r->shown_round + 1);
	analysis_rounds_spread(r, ROUND_IOPS, &s);
	cJSON_AddNumberToObject(ro, "ok", s.n);
	if (s.n >= 2)
		cJSON_AddNumberToObject(ro, "level_pct", round(s.level_pct * 100) / 100);
	else
		cJSON_AddNullToObject(ro, "level_pct");
	spread_to_json(ro, "iops", r, ROUND_IOPS);
	spread_to_json(ro, "bw_bytes_s", r, ROUND_BW);
	spread_to_json(ro, "lat_p50_ns", r, ROUND_P50);
	spread_to_json(ro, "lat_p99_ns", r, ROUND_P99);
	spread_to_json(ro, "lat_p99.9_ns", r, ROUND_P999);
	list = cJSON_AddArrayToObject(ro, "list");
	for (k = 0; k < r->nrounds; k++) {
		cJSON *c = cell_to_json(&r->rounds[k]);

		cJSON_AddNumberToObject(c, "round", k + 1);
		cJSON_AddItemToArray(list, c);
	}
	return o;
}

/*
 * A cell's "attempts" (--retry-unstable) into its object o, which is
 * returned: which attempt the cell's figures are, the rule that chose it
 * and the note the reports show, and every attempt as a cell object of its
 * own.  Nothing for a cell that was never re-run.
 */
static cJSON *
attempts_to_json(cJSON *o, const struct cell_result *r)
{
	cJSON *ao, *list;
	char note[1024];
	unsigned k;

	if (r->nattempts == 0)
		return o;
	ao = cJSON_AddObjectToObject(o, "attempts");
	cJSON_AddNumberToObject(ao, "n", r->nattempts);
	cJSON_AddNumberToObject(ao, "shown", r->shown_attempt + 1);
	cJSON_AddStringToObject(ao, "rule", results_attempt_rule(r));
	results_attempt_note(r, note, sizeof note);
	cJSON_AddStringToObject(ao, "note", note);
	list = cJSON_AddArrayToObject(ao, "list");
	for (k = 0; k < r->nattempts; k++) {
		cJSON *c = cell_to_json(&r->attempts[k]);

		cJSON_AddNumberToObject(c, "attempt", k + 1);
		cJSON_AddItemToArray(list, c);
	}
	return o;
}

/* A figure of the expectation: a number, or null when not given (0). */
static void
expect_number(cJSON *o, const char *key, double v)
{
	if (v > 0)
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

/* "expect": the caps the volume is provisioned for, or null. */
static void
expect_to_json(cJSON *root, const struct expect *e)
{
	cJSON *o;

	if (!e->set) {
		cJSON_AddNullToObject(root, "expect");
		return;
	}
	o = cJSON_AddObjectToObject(root, "expect");
	expect_number(o, "iops", e->iops);
	expect_number(o, "bw_bytes_s", e->bw_bytes_s);
	expect_number(o, "burst_iops", e->burst_iops);
	expect_number(o, "burst_bw_bytes_s", e->burst_bw_bytes_s);
	expect_number(o, "iops_floor", e->iops_floor);
	expect_number(o, "bw_floor_bytes_s", e->bw_floor_bytes_s);
	expect_number(o, "size_bytes", (double)e->size_bytes);
	cJSON_AddStringToObject(o, "profile", e->profile);
	cJSON_AddStringToObject(o, "source", e->source);
	cJSON_AddStringToObject(o, "basis", e->basis);
}

/*
 * Where the target is and which it is, for --resume: abs_path, and
 * st_dev and st_ino (a file) or st_rdev (a device) as text, exact in
 * 64 bits.  Left out when unknown (imports, older records).
 */
static void
target_identity_to_json(cJSON *t, const struct target *tg)
{
	char buf[32];

	if (tg->abs_path[0] != '\0')
		cJSON_AddStringToObject(t, "abs_path", tg->abs_path);
	if (tg->kind == TARGET_DEVICE && tg->st_rdev != 0) {
		snprintf(buf, sizeof buf, "%u:%u", major(tg->st_rdev), minor(tg->st_rdev));
		cJSON_AddStringToObject(t, "st_rdev", buf);
	} else if (tg->kind == TARGET_FILE && tg->st_dev != 0) {
		snprintf(buf, sizeof buf, "%u:%u", major(tg->st_dev), minor(tg->st_dev));
		cJSON_AddStringToObject(t, "st_dev", buf);
		if (tg->st_ino != 0) {
			snprintf(buf, sizeof buf, "%llu", (unsigned long long)tg->st_ino);
			cJSON_AddStringToObject(t, "st_ino", buf);
		}
	}
}

/*
 * The record without its two lists of cells, which are the last items of
 * "plan" and of the whole (results-json-write.c prints them one by one
 * after it).  Caller frees (cJSON_Delete).
 */
cJSON *
results_json_head(const struct results *res)
{
	cJSON *root = cJSON_CreateObject(), *tool, *t, *p, *w;
	const struct target *tg = &res->target;
	unsigned i;

	cJSON_AddNumberToObject(root, "schema_version", res->schema_version);
	tool = cJSON_AddObjectToObject(root, "tool");
	cJSON_AddStringToObject(tool, "name", "sweep");
	cJSON_AddStringToObject(tool, "version", res->tool_version);
	cJSON_AddStringToObject(root, "host", res->host);
	cJSON_AddStringToObject(root, "kernel", res->kernel);
	cJSON_AddStringToObject(root, "started_utc", res->started_utc);
	cJSON_AddStringToObject(root, "label", res->label);
	cJSON_AddStringToObject(root, "description", res->description);
	cJSON_AddBoolToObject(root, "interrupted", res->interrupted);
	cJSON_AddNumberToObject(root, "cells_done", res->ndone);
	w = cJSON_AddArrayToObject(root, "warnings");
	for (i = 0; i < res->nwarnings; i++)
		cJSON_AddItemToArray(w, cJSON_CreateString(res->warnings[i]));
	expect_to_json(root, &res->expect);
	results_auto_to_json(root, &res->autoplan);

	t = cJSON_AddObjectToObject(root, "target");
	cJSON_AddStringToObject(t, "path", tg->path != NULL ? tg->path : "");
	cJSON_AddStringToObject(t, "kind", tg->kind == TARGET_DEVICE ? "device" : "file");
	cJSON_AddNumberToObject(t, "size_bytes", (double)tg->size);
	cJSON_AddNumberToObject(t, "total_size_bytes", (double)tg->total_size);
	cJSON_AddNumberToObject(t, "logical_block_size", tg->logical_bs);
	cJSON_AddNumberToObject(t, "physical_block_size", tg->physical_bs);
	cJSON_AddNumberToObject(t, "dio_mem_align", tg->dio_mem_align);
	cJSON_AddNumberToObject(t, "dio_offset_align", tg->dio_offset_align);
	if (tg->rotational < 0)
		cJSON_AddNullToObject(t, "rotational");
	else
		cJSON_AddBoolToObject(t, "rotational", tg->rotational);
	cJSON_AddStringToObject(t, "model", tg->model);
	cJSON_AddStringToObject(t, "scheduler", tg->scheduler);
	cJSON_AddStringToObject(t, "device", tg->devname);
	cJSON_AddStringToObject(t, "fs_type", tg->fs_type);
	cJSON_AddStringToObject(t, "signature", tg->signature);
	target_identity_to_json(t, tg);
	if (tg->loop_dio < 0)
		cJSON_AddNullToObject(t, "loop_direct_io");
	else
		cJSON_AddBoolToObject(t, "loop_direct_io", tg->loop_dio);
	{
		cJSON *q = cJSON_AddObjectToObject(t, "queue");

		cJSON_AddNumberToObject(q, "max_sectors_kb", (double)tg->max_sectors_kb);
		cJSON_AddNumberToObject(q, "nr_requests", (double)tg->nr_requests);
		cJSON_AddNumberToObject(q, "optimal_io_size", (double)tg->optimal_io_size);
		cJSON_AddNumberToObject(q, "minimum_io_size", (double)tg->minimum_io_size);
	}

	p = cJSON_AddObjectToObject(root, "plan");
	cJSON_AddStringToObject(p, "engine", res->plan.engine);
	cJSON_AddNumberToObject(p, "runtime_s", res->plan.runtime_s);
	cJSON_AddNumberToObject(p, "ramp_s", res->plan.ramp_s);
	cJSON_AddNumberToObject(p, "rwmixread", res->plan.rwmixread);
	cJSON_AddNumberToObject(p, "seed", (double)res->plan.seed);
	cJSON_AddNumberToObject(p, "size_bytes", (double)tg->size);
	cJSON_AddNumberToObject(p, "steady_pct", res->plan.steady_pct);
	cJSON_AddNumberToObject(p, "steady_window_s", res->plan.steady_window_s);
	cJSON_AddNumberToObject(p, "min_runtime_s", res->plan.min_runtime_s);
	cJSON_AddNumberToObject(p, "io_timeout_s", res->plan.io_timeout_s);
	plan_rounds_to_json(p, &res->plan);
	return root;
}

/* One cell of the plan's "cells": what it is, not what it measured.  Caller frees. */
cJSON *
results_json_plan_cell(const struct cell *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "mode", mode_name(c->mode));
	cJSON_AddNumberToObject(o, "bs", (double)c->bs);
	cJSON_AddNumberToObject(o, "depth", c->depth);
	cJSON_AddNumberToObject(o, "jobs", c->jobs);
	cell_rwmix_to_json(o, c);
	if (c->why[0] != '\0')
		cJSON_AddStringToObject(o, "reason", c->why);
	return o;
}

/* One finished cell of "cells", with its rounds and attempts.  Caller frees. */
cJSON *
results_json_cell(const struct cell_result *r)
{
	return attempts_to_json(rounds_to_json(cell_to_json(r), r), r);
}
