/*
 * results.json: the record written whole after every finished cell (schema
 * in doc/results-schema.md), and loaded back by `sweep report`, `sweep
 * compare` and the tests.  A per-cell figure's field is written in
 * cell_to_json() and read in cell_from_json(); results-json-write.c
 * prints the record piece by piece.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sweep.h"
#include "results-json.h"

static const char *pct_keys[PCT_COUNT] = { "p50", "p90", "p99", "p99.9", "p99.99" };

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
 * A cell's "stability" (stability.c), for other tools: the verdict, its
 * reason and the figures behind it, judged from the series being written
 * so that they always agree.  Not read back: a load judges the series
 * again, so files written before it get verdicts too.
 */
static void
stability_to_json(cJSON *o, const struct cell_result *r)
{
	cJSON *st = cJSON_AddObjectToObject(o, "stability");
	struct stability judged, *s = &judged;

	stability_compute(r, s);

	cJSON_AddStringToObject(st, "verdict", stability_verdict_name(s->verdict));
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
	cJSON_AddStringToObject(o, "status", cell_status_name(r->status));
	cJSON_AddStringToObject(o, "status_reason", r->status_reason);
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
		cJSON_AddNumberToObject(lat, pct_keys[i], (double)r->lat_pct_ns[i]);

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

	if (!results_round_spread(r, f, &s))
		return;
	x = cJSON_AddObjectToObject(o, key);
	cJSON_AddNumberToObject(x, "median", s.median);
	cJSON_AddNumberToObject(x, "min", s.min);
	cJSON_AddNumberToObject(x, "max", s.max);
	cJSON_AddNumberToObject(x, "lo", s.lo);
	cJSON_AddNumberToObject(x, "hi", s.hi);
}

/* The plan's rounds: "repeat" when more than 1, "rounds_until_steady" when given. */
static void
plan_rounds_to_json(cJSON *p, const struct plan *plan)
{
	if (plan_repeat(plan) > 1)
		cJSON_AddNumberToObject(p, "repeat", plan->repeat);
	if (plan->until_steady)
		cJSON_AddBoolToObject(p, "rounds_until_steady", true);
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
	results_round_spread(r, ROUND_IOPS, &s);
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
	return o;
}

/* One finished cell of "cells", with its rounds.  Caller frees. */
cJSON *
results_json_cell(const struct cell_result *r)
{
	return rounds_to_json(cell_to_json(r), r);
}

static double
jnum(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* A percentage that may exceed 100 (a spread): 0 unless 0..1e6. */
static double
jpct(const cJSON *o, const char *key)
{
	double v = jnum(o, key);

	return v >= 0 && v <= 1e6 ? v : 0;
}

/* A number as a whole count: NaN, negatives and huge values are clamped (casting them is UB). */
static uint64_t
ju64(const cJSON *o, const char *key)
{
	double v = jnum(o, key);

	if (!(v > 0))
		return 0;
	if (v >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t)v;
}

static unsigned
juint(const cJSON *o, const char *key)
{
	uint64_t v = ju64(o, key);

	return v > UINT_MAX ? UINT_MAX : (unsigned)v;
}

static int
jint(const cJSON *o, const char *key)
{
	double v = jnum(o, key);

	if (!(v > INT_MIN))
		return INT_MIN;
	if (v >= INT_MAX)
		return INT_MAX;
	return (int)v;
}

static void
jstr(const cJSON *o, const char *key, char *dst, size_t len)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	snprintf(dst, len, "%s", cJSON_IsString(v) ? v->valuestring : "");
}

static uint64_t *
jseries(const cJSON *a, unsigned n)
{
	uint64_t *v = xcalloc(n ? n : 1, sizeof *v);
	const cJSON *item;
	unsigned i = 0;

	cJSON_ArrayForEach(item, a) {
		if (i >= n)
			break;
		double d = cJSON_IsNumber(item) ? item->valuedouble : 0;

		v[i++] = !(d > 0) ? 0 : d >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)d;
	}
	return v;
}

/* A cell's "device" back into d. */
static void
device_from_json(const cJSON *dev, struct dev_metrics *d)
{
	d->valid = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(dev, "valid"));
	d->read_ios = ju64(dev, "read_ios");
	d->write_ios = ju64(dev, "write_ios");
	d->read_bytes = ju64(dev, "read_bytes");
	d->write_bytes = ju64(dev, "write_bytes");
	d->read_merges = ju64(dev, "read_merges");
	d->write_merges = ju64(dev, "write_merges");
	d->iops = jnum(dev, "iops");
	d->bw_bytes_s = jnum(dev, "bw_bytes_s");
	d->util_pct = jnum(dev, "util_pct");
	d->aqu_sz = jnum(dev, "aqu_sz");
	d->await_us = jnum(dev, "await_us");
	d->areq_bytes = jnum(dev, "areq_bytes");
}

/* A cell's "bw_check" back into k. */
static void
check_from_json(const cJSON *chk, struct bw_check *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(chk, "device_bytes_s");
	char verdict[16];

	k->derived = jnum(chk, "derived_bytes_s");
	k->measured = jnum(chk, "measured_bytes_s");
	k->device = cJSON_IsNumber(v) ? v->valuedouble : -1;
	k->diff_derived = jnum(chk, "diff_derived");
	k->diff_device = jnum(chk, "diff_device");
	jstr(chk, "verdict", verdict, sizeof verdict);
	k->ok = strcmp(verdict, "ok") == 0;
	jstr(chk, "reason", k->reason, sizeof k->reason);
}

static int
cell_from_json(const cJSON *o, struct cell_result *r, char *err, size_t errlen)
{
	const cJSON *lat, *cpu, *e, *first, *ser, *chk, *v;
	char mode[32], status[32];
	int m;
	unsigned i;

	memset(r, 0, sizeof *r);
	jstr(o, "mode", mode, sizeof mode);
	if ((m = mode_parse(mode)) < 0) {
		snprintf(err, errlen, "cell has an unknown mode \"%s\"", mode);
		return -EINVAL;
	}
	r->cell.mode = (enum rw_mode)m;
	r->cell.index = juint(o, "index");
	r->cell.bs = ju64(o, "bs");
	r->cell.depth = juint(o, "depth");
	r->cell.jobs = juint(o, "jobs");
	if (r->cell.bs == 0 || r->cell.depth == 0 || r->cell.jobs == 0) {
		snprintf(err, errlen, "cell %u lacks bs, depth or jobs", r->cell.index);
		return -EINVAL;
	}
	jstr(o, "status", status, sizeof status);
	m = cell_status_parse(status);
	r->status = m >= 0 ? (enum cell_status)m : CELL_OK;
	jstr(o, "status_reason", r->status_reason, sizeof r->status_reason);
	r->runtime_ns = ju64(o, "runtime_ns");
	r->ios = ju64(o, "ios");
	r->bytes = ju64(o, "bytes");
	r->read_ios = ju64(o, "read_ios");
	r->write_ios = ju64(o, "write_ios");
	r->read_bytes = ju64(o, "read_bytes");
	r->write_bytes = ju64(o, "write_bytes");
	r->iops = jnum(o, "iops");
	r->bw_bytes_s = jnum(o, "bw_bytes_s");
	r->inflight_max = juint(o, "inflight_max");
	lat = cJSON_GetObjectItemCaseSensitive(o, "lat_ns");
	r->lat_min_ns = ju64(lat, "min");
	r->lat_max_ns = ju64(lat, "max");
	r->lat_mean_ns = jnum(lat, "mean");
	r->lat_stdev_ns = jnum(lat, "stdev");
	for (i = 0; i < PCT_COUNT; i++)
		r->lat_pct_ns[i] = ju64(lat, pct_keys[i]);
	cpu = cJSON_GetObjectItemCaseSensitive(o, "cpu");
	r->cpu_usr_pct = jnum(cpu, "usr_pct");
	r->cpu_sys_pct = jnum(cpu, "sys_pct");
	e = cJSON_GetObjectItemCaseSensitive(o, "errors");
	r->errors = ju64(e, "count");
	r->short_ios = ju64(e, "short_ios");
	first = cJSON_GetObjectItemCaseSensitive(e, "first");
	if (first != NULL) {
		jstr(first, "syscall", r->err_syscall, sizeof r->err_syscall);
		r->err_errno = jint(first, "errno");
		r->err_offset = ju64(first, "offset");
	}
	v = cJSON_GetObjectItemCaseSensitive(o, "steady");
	r->steady = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "reached"));
	r->steady_at_s = juint(v, "at_s");
	r->steady_last.n = juint(v, "window_s");
	r->steady_last.spread_pct = jpct(v, "spread_pct");
	r->steady_last.trend_pct = jpct(v, "trend_pct");
	ser = cJSON_GetObjectItemCaseSensitive(o, "series");
	v = cJSON_GetObjectItemCaseSensitive(ser, "ios");
	r->nseries = cJSON_IsArray(v) ? (unsigned)cJSON_GetArraySize(v) : 0;
	if (r->nseries > 1000000)
		r->nseries = 1000000;
	r->series_ios = jseries(v, r->nseries);
	r->series_bytes = jseries(cJSON_GetObjectItemCaseSensitive(ser, "bytes"), r->nseries);
	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(o, "derived")) {
		if (cJSON_IsString(v) && strcmp(v->valuestring, "iops") == 0)
			r->derived |= CELL_DERIVED_IOPS;
		if (cJSON_IsString(v) && strcmp(v->valuestring, "bw") == 0)
			r->derived |= CELL_DERIVED_BW;
	}
	device_from_json(cJSON_GetObjectItemCaseSensitive(o, "device"), &r->dev);
	chk = cJSON_GetObjectItemCaseSensitive(o, "bw_check");
	if (chk != NULL)
		check_from_json(chk, &r->check);
	else if (r->status != CELL_SKIPPED)
		bw_check_compute(r);
	stability_judge(r);
	return 0;
}

/*
 * A cell's "rounds" back into r: every round of "list" (as a cell of the
 * same identity), and which one r's figures are.  Absent: r ran once.
 * -EINVAL with err set on a bad round.
 */
static int
rounds_from_json(const cJSON *o, struct cell_result *r, char *err, size_t errlen)
{
	const cJSON *ro = cJSON_GetObjectItemCaseSensitive(o, "rounds"), *list, *item;
	unsigned n;

	if (!cJSON_IsObject(ro))
		return 0;
	list = cJSON_GetObjectItemCaseSensitive(ro, "list");
	n = cJSON_IsArray(list) ? (unsigned)cJSON_GetArraySize(list) : 0;
	if (n > SWEEP_REPEAT_MAX) {
		snprintf(err, errlen, "cell %u has %u rounds, more than %u", r->cell.index, n,
		    SWEEP_REPEAT_MAX);
		return -EINVAL;
	}
	if (n == 0)
		return 0;
	r->rounds = xcalloc(n, sizeof *r->rounds);
	cJSON_ArrayForEach(item, list) {
		struct cell_result *k = &r->rounds[r->nrounds];

		if (cell_from_json(item, k, err, errlen) != 0)
			return -EINVAL;
		r->nrounds++;
		if (k->cell.mode != r->cell.mode || k->cell.bs != r->cell.bs ||
		    k->cell.depth != r->cell.depth || k->cell.jobs != r->cell.jobs) {
			snprintf(err, errlen, "cell %u has a round of another cell", r->cell.index);
			return -EINVAL;
		}
	}
	r->shown_round = juint(ro, "shown") > 0 ? juint(ro, "shown") - 1 : 0;
	if (r->shown_round >= r->nrounds)
		r->shown_round = r->nrounds - 1;
	return 0;
}

/* A figure of "expect": finite and above 0, else 0 (not given). */
static double
expect_jnum(const cJSON *o, const char *key)
{
	double v = jnum(o, key);

	return isfinite(v) && v > 0 ? v : 0;
}

/* "expect" back into e; null, absent or not an object: no expectation. */
static void
expect_from_json(const cJSON *o, struct expect *e)
{
	memset(e, 0, sizeof *e);
	if (!cJSON_IsObject(o))
		return;
	e->set = true;
	e->iops = expect_jnum(o, "iops");
	e->bw_bytes_s = expect_jnum(o, "bw_bytes_s");
	e->burst_iops = expect_jnum(o, "burst_iops");
	e->burst_bw_bytes_s = expect_jnum(o, "burst_bw_bytes_s");
	e->iops_floor = expect_jnum(o, "iops_floor");
	e->bw_floor_bytes_s = expect_jnum(o, "bw_floor_bytes_s");
	e->size_bytes = expect_jnum(o, "size_bytes") < 1.8e19 ? (uint64_t)expect_jnum(o, "size_bytes") : 0;
	jstr(o, "profile", e->profile, sizeof e->profile);
	jstr(o, "source", e->source, sizeof e->source);
	jstr(o, "basis", e->basis, sizeof e->basis);
}

/* "target" back into t. */
static void
target_from_json(const cJSON *t, struct target *tg)
{
	const cJSON *rot = cJSON_GetObjectItemCaseSensitive(t, "rotational");
	const cJSON *ld = cJSON_GetObjectItemCaseSensitive(t, "loop_direct_io");
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(t, "queue");
	char path[4096], kind[16], *slash;

	jstr(t, "path", path, sizeof path);
	tg->path = xstrdup(path);
	slash = strrchr(path, '/');
	tg->name = xstrdup(slash != NULL ? slash + 1 : path);
	jstr(t, "kind", kind, sizeof kind);
	tg->kind = strcmp(kind, "device") == 0 ? TARGET_DEVICE : TARGET_FILE;
	tg->size = ju64(t, "size_bytes");
	tg->total_size = ju64(t, "total_size_bytes");
	tg->logical_bs = (uint32_t)juint(t, "logical_block_size");
	tg->physical_bs = (uint32_t)juint(t, "physical_block_size");
	tg->dio_mem_align = (uint32_t)juint(t, "dio_mem_align");
	tg->dio_offset_align = (uint32_t)juint(t, "dio_offset_align");
	tg->rotational = cJSON_IsBool(rot) ? cJSON_IsTrue(rot) : -1;
	jstr(t, "model", tg->model, sizeof tg->model);
	jstr(t, "scheduler", tg->scheduler, sizeof tg->scheduler);
	jstr(t, "device", tg->devname, sizeof tg->devname);
	jstr(t, "fs_type", tg->fs_type, sizeof tg->fs_type);
	jstr(t, "signature", tg->signature, sizeof tg->signature);
	tg->loop_dio = cJSON_IsBool(ld) ? cJSON_IsTrue(ld) : -1;
	tg->max_sectors_kb = ju64(q, "max_sectors_kb");
	tg->nr_requests = ju64(q, "nr_requests");
	tg->optimal_io_size = ju64(q, "optimal_io_size");
	tg->minimum_io_size = ju64(q, "minimum_io_size");
	tg->excl_fd = -1;
}

/* "plan" back into res: its settings, its cells, and every cell pending.  -EINVAL with err set. */
static int
plan_from_json(const cJSON *p, struct results *res, char *err, size_t errlen)
{
	const cJSON *pc = cJSON_GetObjectItemCaseSensitive(p, "cells"), *item;
	unsigned n = 0;

	if (!cJSON_IsArray(pc)) {
		snprintf(err, errlen, "no \"plan\" with a \"cells\" list");
		return -EINVAL;
	}
	jstr(p, "engine", res->plan.engine, sizeof res->plan.engine);
	str_copy(res->engine, sizeof res->engine, res->plan.engine);
	res->plan.runtime_s = juint(p, "runtime_s");
	res->plan.ramp_s = juint(p, "ramp_s");
	res->plan.rwmixread = juint(p, "rwmixread");
	res->plan.seed = ju64(p, "seed");
	res->plan.size = ju64(p, "size_bytes");
	res->plan.steady_pct = juint(p, "steady_pct");
	res->plan.steady_window_s = juint(p, "steady_window_s");
	res->plan.min_runtime_s = juint(p, "min_runtime_s");
	res->plan.io_timeout_s = juint(p, "io_timeout_s");
	res->plan.repeat = juint(p, "repeat");
	if (res->plan.repeat > SWEEP_REPEAT_MAX) {
		snprintf(err, errlen, "plan \"repeat\" %u is more than %u rounds", res->plan.repeat,
		    SWEEP_REPEAT_MAX);
		return -EINVAL;
	}
	res->plan.repeat = plan_repeat(&res->plan);
	res->plan.until_steady = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p,
	    "rounds_until_steady"));
	res->plan.ncells = (unsigned)cJSON_GetArraySize(pc);
	if (res->plan.ncells > 1000000) {
		snprintf(err, errlen, "plan has too many cells");
		return -EINVAL;
	}
	res->plan.cells = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *res->plan.cells);
	res->cells = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *res->cells);
	cJSON_ArrayForEach(item, pc) {
		struct cell *c = &res->plan.cells[n];
		char mode[32];
		int m;

		jstr(item, "mode", mode, sizeof mode);
		if ((m = mode_parse(mode)) < 0) {
			snprintf(err, errlen, "plan cell %u has an unknown mode \"%s\"", n, mode);
			return -EINVAL;
		}
		c->index = n;
		c->mode = (enum rw_mode)m;
		c->bs = ju64(item, "bs");
		c->depth = juint(item, "depth");
		c->jobs = juint(item, "jobs");
		res->cells[n].cell = *c;
		n++;
	}
	return 0;
}

/*
 * Parse results.json text into res.  On failure returns -EINVAL with a
 * one-line reason in err.
 */
int
results_from_json(const char *text, struct results *res, char *err, size_t errlen)
{
	cJSON *root = cJSON_Parse(text);
	const cJSON *tool, *t, *cells, *item, *w;
	unsigned i;
	int ret = -EINVAL;

	memset(res, 0, sizeof *res);
	if (root == NULL || !cJSON_IsObject(root)) {
		snprintf(err, errlen, "not a JSON object");
		goto out;
	}
	res->schema_version = jint(root, "schema_version");
	if (res->schema_version < 1 || res->schema_version > SWEEP_SCHEMA_VERSION) {
		snprintf(err, errlen, "schema_version %d is not one this sweep reads (1..%d)",
		    res->schema_version, SWEEP_SCHEMA_VERSION);
		goto out;
	}
	tool = cJSON_GetObjectItemCaseSensitive(root, "tool");
	jstr(tool, "version", res->tool_version, sizeof res->tool_version);
	jstr(root, "host", res->host, sizeof res->host);
	jstr(root, "kernel", res->kernel, sizeof res->kernel);
	jstr(root, "started_utc", res->started_utc, sizeof res->started_utc);
	jstr(root, "label", res->label, sizeof res->label);
	jstr(root, "description", res->description, sizeof res->description);
	res->interrupted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "interrupted"));
	w = cJSON_GetObjectItemCaseSensitive(root, "warnings");
	cJSON_ArrayForEach(item, w) {
		if (res->nwarnings < sizeof res->warnings / sizeof res->warnings[0] &&
		    cJSON_IsString(item))
			snprintf(res->warnings[res->nwarnings++], sizeof res->warnings[0], "%s",
			    item->valuestring);
	}

	expect_from_json(cJSON_GetObjectItemCaseSensitive(root, "expect"), &res->expect);

	t = cJSON_GetObjectItemCaseSensitive(root, "target");
	if (!cJSON_IsObject(t)) {
		snprintf(err, errlen, "no \"target\" object");
		goto out;
	}
	target_from_json(t, &res->target);
	if (plan_from_json(cJSON_GetObjectItemCaseSensitive(root, "plan"), res, err, errlen) != 0)
		goto out;

	cells = cJSON_GetObjectItemCaseSensitive(root, "cells");
	if (!cJSON_IsArray(cells)) {
		snprintf(err, errlen, "no \"cells\" list");
		goto out;
	}
	cJSON_ArrayForEach(item, cells) {
		struct cell_result r;

		if (cell_from_json(item, &r, err, errlen) != 0)
			goto out;
		if (rounds_from_json(item, &r, err, errlen) != 0) {
			results_cell_free(&r);
			goto out;
		}
		if (r.cell.index >= res->plan.ncells) {
			snprintf(err, errlen, "cell index %u is outside the plan's %u cells",
			    r.cell.index, res->plan.ncells);
			results_cell_free(&r);
			goto out;
		}
		i = r.cell.index;
		if (res->cells[i].status != CELL_PENDING) {	/* "7 of 6 cells" */
			snprintf(err, errlen, "cell %u is listed twice (a corrupt or edited file)", i);
			results_cell_free(&r);
			goto out;
		}
		results_cell_free(&res->cells[i]);
		res->cells[i] = r;
		res->ndone++;
	}
	ret = 0;
out:
	cJSON_Delete(root);
	if (ret != 0)
		results_free(res);
	return ret;
}

/* Load path into res; -errno, or -EINVAL with a message printed. */
int
results_load(const char *path, struct results *res)
{
	FILE *f = fopen(path, "re");
	char *text, err[256];
	long len;
	int ret;

	memset(res, 0, sizeof *res);
	if (f == NULL) {
		ret = -errno;
		sweep_error("%s: %s (give a results.json written by sweep)", path, strerror(errno));
		return ret;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    len > 256 * 1024 * 1024) {
		fclose(f);
		sweep_error("%s: not a regular file of at most 256 MiB", path);
		return -EINVAL;
	}
	text = xmalloc((size_t)len + 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		free(text);
		sweep_error("%s: read failed", path);
		return -EIO;
	}
	fclose(f);
	text[len] = '\0';
	ret = results_from_json(text, res, err, sizeof err);
	if (ret != 0)
		sweep_error("%s: %s (not a sweep results.json?)", path, err);
	free(text);
	return ret;
}
