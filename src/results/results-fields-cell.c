/*
 * The cells of results.json as rows of a field table (results-fields.h):
 * a per-cell figure is a field of struct cell_result and one row of
 * results_cell_fields, in the order the keys have in the file.  Keys with
 * logic of their own (mode, status, series, the BW check judged again,
 * rounds, attempts) have their own write and read functions here.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/results-fields.h"
#include "results/results.h"

#define CR(member)	offsetof(struct cell_result, member)

/* Plan cells are written through the same rows: their struct cell is a cell_result's first member. */
_Static_assert(offsetof(struct cell_result, cell) == 0, "struct cell first in cell_result");

/* --- the cell's identity --- */

static void
mode_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, mode_name(((const struct cell *)base)->mode));
}

static int
mode_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct cell *c = base;
	char mode[32];
	int m;

	results_fields_str(o, f->key, mode, sizeof mode);
	if ((m = mode_parse(mode)) < 0) {
		snprintf(err, errlen, "cell has an unknown mode \"%s\"", mode);
		return -EINVAL;
	}
	c->mode = (enum rw_mode)m;
	return 0;
}

/* "jobs", and the identity whole: a cell without bs or jobs is refused (depth 0: not given). */
static int
jobs_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct cell *c = base;

	c->jobs = results_fields_uint(o, f->key);
	if (c->bs == 0 || c->jobs == 0) {
		snprintf(err, errlen, "cell %u lacks bs or jobs", c->index);
		return -EINVAL;
	}
	return 0;
}

/* A mixed cell's own read share; none for other modes or imports. */
static bool
rwmix_given(const void *base)
{
	const struct cell *c = base;

	return c->rwmix_set && mode_reads(c->mode) && mode_writes(c->mode);
}

/*
 * A cell's read share: its "rwmixread" (0..100) when a mixed cell has one,
 * else plan_share (the plan's; UINT_MAX: not known yet, left unset); 100
 * or 0 for the modes that only read or only write, as plan_build makes them.
 */
void
results_fields_rwmix_read(const cJSON *o, struct cell *c, unsigned plan_share)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "rwmixread");

	c->rwmix_set = true;
	if (!(mode_reads(c->mode) && mode_writes(c->mode)))
		c->rwmixread = mode_writes(c->mode) ? 0 : 100;
	else if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 100)
		c->rwmixread = (unsigned)v->valuedouble;
	else if (plan_share <= 100)
		c->rwmixread = plan_share;
	else
		c->rwmix_set = false;
}

/*
 * A plan cell's rate (--rate): "rate_iops" (0 .. 1e12), "rate_pct" (0 ..
 * 1000) and "arrivals", as the cells' rows read them; none: closed loop.
 */
void
results_fields_rate_read(const cJSON *o, struct cell *c)
{
	const cJSON *iops = cJSON_GetObjectItemCaseSensitive(o, "rate_iops");
	const cJSON *pct = cJSON_GetObjectItemCaseSensitive(o, "rate_pct");
	char a[16];

	c->rate_iops = cJSON_IsNumber(iops) && iops->valuedouble >= 0 &&
	    iops->valuedouble <= 1e12 ? iops->valuedouble : 0;
	c->rate_pct = cJSON_IsNumber(pct) && pct->valuedouble >= 0 && pct->valuedouble <= 1000 ?
	    pct->valuedouble : 0;
	results_fields_str(o, "arrivals", a, sizeof a);
	c->arrivals = strcmp(a, "poisson") == 0 ? RATE_POISSON : RATE_FIXED;
}

static int
rwmix_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	(void)f;
	(void)err;
	(void)errlen;
	results_fields_rwmix_read(o, base, UINT_MAX);
	return 0;
}

/* An open-loop cell (--rate); a percent of the cap. */
static bool
rate_given(const void *base)
{
	const struct cell *c = base;

	return c->rate_iops > 0 || c->rate_pct > 0;
}

static bool
rate_pct_given(const void *base)
{
	return ((const struct cell *)base)->rate_pct > 0;
}

static void
arrivals_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, ((const struct cell *)base)->arrivals == RATE_POISSON ?
	    "poisson" : "fixed");
}

/* Anything but "poisson" reads as fixed. */
static int
arrivals_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	char a[16];

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, a, sizeof a);
	((struct cell *)base)->arrivals = strcmp(a, "poisson") == 0 ? RATE_POISSON : RATE_FIXED;
	return 0;
}

static bool
buffered_given(const void *base)
{
	return ((const struct cell_result *)base)->buffered;
}

static bool
clones_given(const void *base)
{
	return ((const struct cell_result *)base)->clones.n > 1;
}

/* The window and counts: not of a table's cell that holds rates only. */
static bool
counts_given(const void *base)
{
	return !results_cell_rates_only(base);
}

static bool
why_given(const void *base)
{
	return ((const struct cell *)base)->why[0] != '\0';
}

static void
status_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, cell_status_name(((const struct cell_result *)base)->status));
}

/* An unknown status reads as ok. */
static int
status_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct cell_result *r = base;
	char status[32];
	int m;

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, status, sizeof status);
	m = cell_status_parse(status);
	r->status = m >= 0 ? (enum cell_status)m : CELL_OK;
	return 0;
}

/* --- figures derived from others, written for other readers --- */

static void
cv_write(cJSON *o, const struct results_field *f, const void *base)
{
	double cv = results_cell_cv_pct(base);

	if (cv >= 0)
		cJSON_AddNumberToObject(o, f->key, cv);
}

static void
strerror_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, strerror(((const struct cell_result *)base)->err_errno));
}

static bool
err_given(const void *base)
{
	return ((const struct cell_result *)base)->err_syscall[0] != '\0';
}

static bool
steady_reached(const void *base)
{
	return ((const struct cell_result *)base)->steady;
}

static bool
steady_judged(const void *base)
{
	return ((const struct cell_result *)base)->steady_last.n > 0;
}

static bool
stability_judged(const void *base)
{
	return ((const struct cell_result *)base)->stability.nseconds > 0;
}

static bool
lat_ratio_known(const void *base)
{
	return ((const struct cell_result *)base)->stability.max_over_p999 > 0;
}

static bool
dev_valid(const void *base)
{
	return ((const struct cell_result *)base)->dev.valid;
}

static bool
check_device_known(const void *base)
{
	return ((const struct cell_result *)base)->check.device >= 0;
}

/* --- the per-second series and the derived figures' list --- */

static void
series_array(cJSON *o, const char *key, const uint64_t *v, unsigned n)
{
	cJSON *a = cJSON_AddArrayToObject(o, key);
	unsigned i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
}

static void
series_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct cell_result *r = base;
	cJSON *ser = cJSON_AddObjectToObject(o, f->key);

	cJSON_AddNumberToObject(ser, "interval_s", 1);
	series_array(ser, "ios", r->series_ios, r->nseries);
	series_array(ser, "bytes", r->series_bytes, r->nseries);
	if (r->series_p99_ns != NULL)
		series_array(ser, "p99_ns", r->series_p99_ns, r->nseries);
	if (r->minute_p99_ns != NULL)
		series_array(ser, "p99_minute_ns", r->minute_p99_ns, r->nminutes);
}

static uint64_t *
series_values(const cJSON *a, unsigned n)
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

/* "series": as many seconds as "ios" has (at most 10^6), "bytes" cut or padded to them. */
static int
series_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	const cJSON *ser = cJSON_GetObjectItemCaseSensitive(o, f->key);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(ser, "ios");
	struct cell_result *r = base;

	(void)err;
	(void)errlen;
	r->nseries = cJSON_IsArray(v) ? (unsigned)cJSON_GetArraySize(v) : 0;
	if (r->nseries > 1000000)
		r->nseries = 1000000;
	r->series_ios = series_values(v, r->nseries);
	r->series_bytes = series_values(cJSON_GetObjectItemCaseSensitive(ser, "bytes"), r->nseries);
	v = cJSON_GetObjectItemCaseSensitive(ser, "p99_ns");
	if (cJSON_IsArray(v))
		r->series_p99_ns = series_values(v, r->nseries);
	v = cJSON_GetObjectItemCaseSensitive(ser, "p99_minute_ns");
	if (cJSON_IsArray(v)) {
		/* a minute for each 60 seconds of the series, at most */
		r->nminutes = (unsigned)cJSON_GetArraySize(v);
		if (r->nminutes > (r->nseries + 59) / 60)
			r->nminutes = (r->nseries + 59) / 60;
		r->minute_p99_ns = series_values(v, r->nminutes);
	}
	return 0;
}

static void
derived_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct cell_result *r = base;
	cJSON *a;

	if (r->derived == 0)
		return;
	a = cJSON_AddArrayToObject(o, f->key);
	if (r->derived & CELL_DERIVED_IOPS)
		cJSON_AddItemToArray(a, cJSON_CreateString("iops"));
	if (r->derived & CELL_DERIVED_BW)
		cJSON_AddItemToArray(a, cJSON_CreateString("bw"));
}

static int
derived_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct cell_result *r = base;
	const cJSON *v;

	(void)err;
	(void)errlen;
	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(o, f->key)) {
		if (cJSON_IsString(v) && strcmp(v->valuestring, "iops") == 0)
			r->derived |= CELL_DERIVED_IOPS;
		if (cJSON_IsString(v) && strcmp(v->valuestring, "bw") == 0)
			r->derived |= CELL_DERIVED_BW;
	}
	return 0;
}

/* --- the BW check --- */

static void
verdict_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, ((const struct cell_result *)base)->check.ok ? "ok" :
	    "mismatch");
}

static int
verdict_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	char verdict[16];

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, verdict, sizeof verdict);
	((struct cell_result *)base)->check.ok = strcmp(verdict, "ok") == 0;
	return 0;
}

/*
 * A cell's "bw_check" back into r's.  The verdict is not taken on trust:
 * it is judged again from r's figures (its rows come last), and where the
 * two differ, the check judged again replaces the stored one whole.  A
 * skipped cell has no figures to judge; a cell without one gets one.
 */
static int
check_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	const cJSON *chk = cJSON_GetObjectItemCaseSensitive(o, f->key);
	struct cell_result *r = base;
	struct bw_check stored;

	if (chk != NULL && results_fields_read(chk, f->sub, base, err, errlen) != 0)
		return -EINVAL;
	if (r->status == CELL_SKIPPED)
		return 0;
	stored = r->check;
	bw_check_compute(r);
	if (chk != NULL && r->check.ok == stored.ok)
		r->check = stored;
	return 0;
}

/* --- rounds and attempts: each a cell object of the same rows --- */

/* One figure's spread over the rounds (stored by results_rounds_spread): {median, min, max, lo, hi}. */
static void
spread_write(cJSON *o, const char *key, const struct round_spread *s)
{
	cJSON *x;

	if (s->n < 2)
		return;
	x = cJSON_AddObjectToObject(o, key);
	cJSON_AddNumberToObject(x, "median", s->median);
	cJSON_AddNumberToObject(x, "min", s->min);
	cJSON_AddNumberToObject(x, "max", s->max);
	cJSON_AddNumberToObject(x, "lo", s->lo);
	cJSON_AddNumberToObject(x, "hi", s->hi);
}

/* Each of list (n) as a cell object with its 1-based number at key. */
static void
measurements_write(cJSON *o, const char *key, const struct cell_result *list, unsigned n)
{
	cJSON *l = cJSON_AddArrayToObject(o, "list");
	unsigned k;

	for (k = 0; k < n; k++) {
		cJSON *c = cJSON_CreateObject();

		results_fields_write(c, results_cell_fields, &list[k], 0,
		    RF_TOP | (list[k].status == CELL_SKIPPED ? RF_MEASURED : 0));
		cJSON_AddNumberToObject(c, key, k + 1);
		cJSON_AddItemToArray(l, c);
	}
}

/*
 * A cell's "rounds" (--repeat): which one the cell's figures are, the
 * spread of the main figures (derived from "list", written for readers
 * that want them ready), and every round.  Nothing for a cell that ran once.
 */
static void
rounds_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct cell_result *r = base;
	const struct round_spread *s = r->round_spread;
	cJSON *ro;

	if (r->nrounds == 0)
		return;
	ro = cJSON_AddObjectToObject(o, f->key);
	cJSON_AddNumberToObject(ro, "n", r->nrounds);
	cJSON_AddNumberToObject(ro, "shown", r->shown_round + 1);
	cJSON_AddNumberToObject(ro, "ok", s[ROUND_IOPS].n);
	if (s[ROUND_IOPS].n >= 2)
		cJSON_AddNumberToObject(ro, "level_pct", round(s[ROUND_IOPS].level_pct * 100) / 100);
	else
		cJSON_AddNullToObject(ro, "level_pct");
	spread_write(ro, "iops", &s[ROUND_IOPS]);
	spread_write(ro, "bw_bytes_s", &s[ROUND_BW]);
	spread_write(ro, "lat_p50_ns", &s[ROUND_P50]);
	spread_write(ro, "lat_p99_ns", &s[ROUND_P99]);
	spread_write(ro, "lat_p99.9_ns", &s[ROUND_P999]);
	measurements_write(ro, "round", r->rounds, r->nrounds);
}

/*
 * A cell's "attempts" (--retry-unstable, run --auto): which attempt the
 * cell's figures are, the rule that chose it and the note the reports
 * show, and every attempt.  Nothing for a cell that was never re-run.
 */
static void
attempts_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct cell_result *r = base;
	char note[1024];
	cJSON *ao;

	if (r->nattempts == 0)
		return;
	ao = cJSON_AddObjectToObject(o, f->key);
	cJSON_AddNumberToObject(ao, "n", r->nattempts);
	cJSON_AddNumberToObject(ao, "shown", r->shown_attempt + 1);
	cJSON_AddStringToObject(ao, "rule", results_attempt_rule(r));
	results_attempt_note(r, note, sizeof note);
	cJSON_AddStringToObject(ao, "note", note);
	measurements_write(ao, "attempt", r->attempts, r->nattempts);
}

/* --- the tables --- */

static const char *const stability_names[] = {
	[STABILITY_UNKNOWN] = "unknown",
	[STABILITY_STEADY]  = "steady",
	[STABILITY_NOISY]   = "noisy",
	[STABILITY_STALLED] = "stalled",
};

static const struct results_field lat_fields[] = {
	{ .key = "min", .type = RF_U64, .off = CR(lat_min_ns) },
	{ .key = "max", .type = RF_U64, .off = CR(lat_max_ns) },
	{ .key = "mean", .type = RF_DOUBLE, .off = CR(lat_mean_ns) },
	{ .key = "stdev", .type = RF_DOUBLE, .off = CR(lat_stdev_ns) },
	{ .key = "p50", .type = RF_U64, .off = CR(lat_pct_ns[0]) },
	{ .key = "p90", .type = RF_U64, .off = CR(lat_pct_ns[1]) },
	{ .key = "p99", .type = RF_U64, .off = CR(lat_pct_ns[2]) },
	{ .key = "p99.9", .type = RF_U64, .off = CR(lat_pct_ns[3]) },
	{ .key = "p99.99", .type = RF_U64, .off = CR(lat_pct_ns[4]) },
	{ .key = NULL }
};

/* An import's rate cell (fio's rate_iops) has no lag: fio keeps none. */
static bool
rate_lag_known(const void *base)
{
	return ((const struct cell_result *)base)->rate_lag_max_ns > 0;
}

static const struct results_field rate_lag_fields[] = {
	{ .key = "p99", .type = RF_U64, .off = CR(rate_lag_p99_ns), .nonnull = rate_lag_known },
	{ .key = "max", .type = RF_U64, .off = CR(rate_lag_max_ns), .nonnull = rate_lag_known },
	{ .key = NULL }
};

static const struct results_field rate_issue_fields[] = {
	{ .key = "p50", .type = RF_U64, .off = CR(rate_issue_pct_ns[0]) },
	{ .key = "p90", .type = RF_U64, .off = CR(rate_issue_pct_ns[1]) },
	{ .key = "p99", .type = RF_U64, .off = CR(rate_issue_pct_ns[2]) },
	{ .key = "p99.9", .type = RF_U64, .off = CR(rate_issue_pct_ns[3]) },
	{ .key = "p99.99", .type = RF_U64, .off = CR(rate_issue_pct_ns[4]) },
	{ .key = NULL }
};

static const struct results_field rate_fields[] = {
	{ .key = "lag_ns", .type = RF_OBJECT, .sub = rate_lag_fields,
	  .doc = "how late I/Os were issued after they were due (%k), over those due in the "
	  "window: a full queue (depth in flight) or a late wake-up; null in a fio import's "
	  "rate job (fio keeps no such figure)" },
	{ .key = "issue_lat_ns", .type = RF_OBJECT, .sub = rate_issue_fields,
	  .doc = "the same I/Os' latency from when each was issued (%k), as a closed-loop tool "
	  "(fio's rate_iops) times them: a stall that delays issue hides here. A fio import's "
	  "rate job has fio's own here and in `lat_ns`" },
	{ .key = NULL }
};

static const struct results_field cpu_fields[] = {
	{ .key = "usr_pct", .type = RF_DOUBLE, .off = CR(cpu_usr_pct) },
	{ .key = "sys_pct", .type = RF_DOUBLE, .off = CR(cpu_sys_pct) },
	{ .key = NULL }
};

static const struct results_field first_fields[] = {
	{ .key = "syscall", .type = RF_STR, .off = CR(err_syscall),
	  .size = sizeof ((struct cell_result *)0)->err_syscall },
	{ .key = "errno", .type = RF_INT, .off = CR(err_errno) },
	{ .key = "error", .type = RF_CUSTOM, .flags = RF_WRITE_ONLY, .write = strerror_write },
	{ .key = "offset", .type = RF_U64, .off = CR(err_offset) },
	{ .key = NULL }
};

static const struct results_field errors_fields[] = {
	{ .key = "count", .type = RF_U64, .off = CR(errors) },
	{ .key = "short_ios", .type = RF_U64, .off = CR(short_ios) },
	{ .key = "first", .type = RF_OBJECT, .when = err_given, .sub = first_fields,
	  .doc = "{%k} of the first error" },
	{ .key = NULL }
};

static const struct results_field steady_fields[] = {
	{ .key = "reached", .type = RF_BOOL, .off = CR(steady),
	  .doc = "steady state ended the cell early" },
	{ .key = "at_s", .type = RF_UINT, .off = CR(steady_at_s), .nonnull = steady_reached,
	  .doc = "seconds after the ramp; null when not reached" },
	{ .key = "window_s", .type = RF_UINT, .off = CR(steady_last.n) },
	{ .key = "spread_pct", .type = RF_DOUBLE, .off = CR(steady_last.spread_pct), .max = 1e6,
	  .round = 100, .nonnull = steady_judged },
	{ .key = "trend_pct", .type = RF_DOUBLE, .off = CR(steady_last.trend_pct), .max = 1e6,
	  .round = 100, .nonnull = steady_judged },
	{ .key = NULL }
};

static const struct results_field stability_fields[] = {
	{ .key = "verdict", .type = RF_ENUM, .off = CR(stability.verdict),
	  .names = stability_names, .nnames = 4,
	  .doc = "`steady`; `noisy` (per-second IOPS vary or trend more than one figure can "
	  "stand for, or one I/O paused the device for 100 ms or more); `stalled` (a second, "
	  "or more, in which the device all but stopped, or one I/O that waited a second or "
	  "more); `unknown` (no per-second series: imported figures, or fewer than 2 whole "
	  "seconds)" },
	{ .key = "reason", .type = RF_STR, .off = CR(stability.reason),
	  .size = sizeof ((struct cell_result *)0)->stability.reason,
	  .doc = "the verdict in words, as the reports show it: `stalled: 5 of 6 s below 10% "
	  "of the first second (12,188 IOPS)`, `noisy: per-second IOPS vary 15.7% (CV)`, "
	  "`steady: CV 2.4%, trend -1.5% across 6 s`, `no per-second series`" },
	{ .key = "seconds", .type = RF_UINT, .off = CR(stability.nseconds),
	  .when = stability_judged,
	  .doc = "whole seconds judged. Absent (with the keys below) when the verdict is "
	  "`unknown`" },
	{ .key = "cv_pct", .type = RF_DOUBLE, .off = CR(stability.cv_pct), .round = 100,
	  .when = stability_judged,
	  .doc = "the coefficient of variation of the per-second IOPS, in percent (as "
	  "`iops_cv_pct`)" },
	{ .key = "level_iops", .type = RF_DOUBLE, .off = CR(stability.level_iops), .round = 10,
	  .when = stability_judged,
	  .doc = "what a stall is measured against: the median second, or the best second "
	  "when the median itself is below 10% of it (the cell stalled for most of its window)" },
	{ .key = "stalls", .type = RF_UINT, .off = CR(stability.nstalls),
	  .when = stability_judged,
	  .doc = "seconds below 10% of `level_iops` by more than the I/Os in flight "
	  "(`inflight_max`: counting can move that many across a second's edge)" },
	{ .key = "worst_pct", .type = RF_DOUBLE, .off = CR(stability.worst_pct), .round = 100,
	  .when = stability_judged,
	  .doc = "the lowest second, in percent of `level_iops`" },
	{ .key = "trend_pct", .type = RF_DOUBLE, .off = CR(stability.trend_pct), .round = 100,
	  .when = stability_judged,
	  .doc = "how far the least-squares line through the seconds moves across the window, "
	  "in percent of their mean; negative: falling" },
	{ .key = "lat_max_over_p999", .type = RF_DOUBLE, .off = CR(stability.max_over_p999),
	  .round = 100, .when = stability_judged, .nonnull = lat_ratio_known,
	  .doc = "`lat_ns.max / lat_ns.p99.9`; null without latency percentiles" },
	{ .key = NULL }
};

static const struct results_field device_fields[] = {
	{ .key = "valid", .type = RF_BOOL, .off = CR(dev.valid), .doc = "false: none readable" },
	{ .key = "read_ios", .type = RF_U64, .off = CR(dev.read_ios), .when = dev_valid },
	{ .key = "write_ios", .type = RF_U64, .off = CR(dev.write_ios), .when = dev_valid },
	{ .key = "read_bytes", .type = RF_U64, .off = CR(dev.read_bytes), .when = dev_valid },
	{ .key = "write_bytes", .type = RF_U64, .off = CR(dev.write_bytes), .when = dev_valid },
	{ .key = "read_merges", .type = RF_U64, .off = CR(dev.read_merges), .when = dev_valid },
	{ .key = "write_merges", .type = RF_U64, .off = CR(dev.write_merges), .when = dev_valid },
	{ .key = "iops", .type = RF_DOUBLE, .off = CR(dev.iops), .when = dev_valid },
	{ .key = "bw_bytes_s", .type = RF_DOUBLE, .off = CR(dev.bw_bytes_s), .when = dev_valid },
	{ .key = "util_pct", .type = RF_DOUBLE, .off = CR(dev.util_pct), .when = dev_valid,
	  .doc = "io_ticks / window" },
	{ .key = "aqu_sz", .type = RF_DOUBLE, .off = CR(dev.aqu_sz), .when = dev_valid,
	  .doc = "time_in_queue / window" },
	{ .key = "await_us", .type = RF_DOUBLE, .off = CR(dev.await_us), .when = dev_valid,
	  .doc = "ticks / ios" },
	{ .key = "areq_bytes", .type = RF_DOUBLE, .off = CR(dev.areq_bytes), .when = dev_valid,
	  .doc = "bytes / ios" },
	{ .key = NULL }
};

static const struct results_field clones_fields[] = {
	{ .key = "n", .type = RF_UINT, .off = CR(clones.n), .doc = "how many" },
	{ .key = "runtime_min_ns", .type = RF_U64, .off = CR(clones.min_ns),
	  .doc = "the shortest clone's window (its longest direction's runtime)" },
	{ .key = "runtime_max_ns", .type = RF_U64, .off = CR(clones.max_ns),
	  .doc = "the longest's, the cell's `runtime_ns`" },
	{ .key = NULL }
};

static const struct results_field check_fields[] = {
	{ .key = "derived_bytes_s", .type = RF_DOUBLE, .off = CR(check.derived),
	  .doc = "`iops x bs`" },
	{ .key = "measured_bytes_s", .type = RF_DOUBLE, .off = CR(check.measured),
	  .doc = "`bytes / runtime`" },
	{ .key = "device_bytes_s", .type = RF_DOUBLE, .off = CR(check.device), .absent = -1,
	  .nonnull = check_device_known,
	  .doc = "device bytes / runtime; null without device counters" },
	{ .key = "diff_derived", .type = RF_DOUBLE, .off = CR(check.diff_derived),
	  .doc = "`(derived - measured) / measured`" },
	{ .key = "diff_device", .type = RF_DOUBLE, .off = CR(check.diff_device),
	  .doc = "`(device - measured) / measured`" },
	{ .key = "verdict", .type = RF_CUSTOM, .write = verdict_write, .read = verdict_read,
	  .doc = "`ok`, or `mismatch` when `abs(diff_derived) > 0.01` or `abs(diff_device) > "
	  "0.05`" },
	{ .key = "reason", .type = RF_STR, .off = CR(check.reason),
	  .size = sizeof ((struct cell_result *)0)->check.reason,
	  .doc = "`ok`, or the likely cause: short I/O; device moved less (page cache, "
	  "buffered loop device, unwritten extents); device moved more (other I/O on the "
	  "device, filesystem metadata, read-modify-write); requests merged or split (noted, "
	  "not a mismatch)" },
	{ .key = NULL }
};

#define SIZE(member)	sizeof ((struct cell_result *)0)->member

const struct results_field results_cell_fields[] = {
	{ .key = "index", .type = RF_UINT, .off = CR(cell.index),
	  .doc = "the cell (`bs` in bytes; `depth` 0: an imported table row that gives none)" },
	{ .key = "mode", .type = RF_CUSTOM, .flags = RF_PLAN, .write = mode_write,
	  .read = mode_read },
	{ .key = "bs", .type = RF_U64, .off = CR(cell.bs), .flags = RF_PLAN },
	{ .key = "depth", .type = RF_UINT, .off = CR(cell.depth), .flags = RF_PLAN },
	{ .key = "jobs", .type = RF_UINT, .off = CR(cell.jobs), .flags = RF_PLAN,
	  .read = jobs_read },
	{ .key = "rwmixread", .type = RF_UINT, .off = CR(cell.rwmixread), .flags = RF_PLAN,
	  .when = rwmix_given, .read = rwmix_read,
	  .doc = "`readwrite` and `randrw` cells: their percent of reads (`--rwmixread` takes "
	  "a list, one cell per share); absent for the other modes (100 or 0) and in files "
	  "written before it and CSV imports, where the plan's `rwmixread` holds; a fio import "
	  "gives each mixed job's own share. Reports treat each share as a mode of its own "
	  "when a mode has several" },
	{ .key = "rate_iops", .type = RF_DOUBLE, .off = CR(cell.rate_iops), .flags = RF_PLAN,
	  .min = 0, .max = 1e12, .when = rate_given,
	  .doc = "open-loop cells (`--rate`) only: the rate offered, IOPS of all jobs together "
	  "(a percent's, once the cell ran; 0 before); `iops` is the rate achieved. Absent in "
	  "closed-loop cells" },
	{ .key = "rate_pct", .type = RF_DOUBLE, .off = CR(cell.rate_pct), .flags = RF_PLAN,
	  .min = 0, .max = 1000, .when = rate_pct_given,
	  .doc = "the rate asked as a percent of the cap (the best IOPS of the closed-loop cells "
	  "of the same mode and bs); absent when it was asked in IOPS" },
	{ .key = "arrivals", .type = RF_CUSTOM, .flags = RF_PLAN, .when = rate_given,
	  .write = arrivals_write, .read = arrivals_read,
	  .doc = "`fixed` (even intervals) or `poisson` (random gaps from `seed`)" },
	{ .key = "status", .type = RF_CUSTOM, .write = status_write, .read = status_read,
	  .doc = "`ok`, `failed` (I/O errors; see `errors`), `skipped` (see `status_reason`; "
	  "no figures follow)" },
	{ .key = "status_reason", .type = RF_STR, .off = CR(status_reason),
	  .size = SIZE(status_reason), .doc = "why a cell failed or was skipped" },
	{ .key = "reason", .type = RF_STR, .off = CR(cell.why), .size = SIZE(cell.why),
	  .flags = RF_PLAN, .when = why_given,
	  .doc = "`sweep run --auto` only (absent otherwise): why the cell was chosen, e.g. "
	  "`QD1 pass`, `knee bisection 2 (IOPS cap)`, `depth search 8→16: +3%, saturated`, "
	  "`QD1 latency at 4 KiB`; with `--like`, `as in LABEL: ` and the earlier run's reason" },
	{ .key = "runtime_ns", .type = RF_U64, .off = CR(runtime_ns), .flags = RF_MEASURED,
	  .when = counts_given,
	  .doc = "the measured window (ramp excluded). Absent, with the counts below, in a "
	  "table import's cell whose row gives no `runtime_s`: the table holds rates, and the "
	  "window and counts they came from are not known" },
	{ .key = "ios", .type = RF_U64, .off = CR(ios), .flags = RF_MEASURED,
	  .when = counts_given, .doc = "completed in the window, both directions" },
	{ .key = "bytes", .type = RF_U64, .off = CR(bytes), .flags = RF_MEASURED,
	  .when = counts_given },
	{ .key = "read_ios", .type = RF_U64, .off = CR(read_ios), .flags = RF_MEASURED,
	  .when = counts_given, .doc = "by direction" },
	{ .key = "write_ios", .type = RF_U64, .off = CR(write_ios), .flags = RF_MEASURED,
	  .when = counts_given },
	{ .key = "read_bytes", .type = RF_U64, .off = CR(read_bytes), .flags = RF_MEASURED,
	  .when = counts_given },
	{ .key = "write_bytes", .type = RF_U64, .off = CR(write_bytes), .flags = RF_MEASURED,
	  .when = counts_given },
	{ .key = "iops", .type = RF_DOUBLE, .off = CR(iops), .flags = RF_MEASURED,
	  .doc = "`ios / runtime`" },
	{ .key = "bw_bytes_s", .type = RF_DOUBLE, .off = CR(bw_bytes_s), .flags = RF_MEASURED,
	  .doc = "`bytes / runtime`" },
	{ .key = "bw_mib_s", .type = RF_DOUBLE, .off = CR(bw_bytes_s), .div = MIB,
	  .flags = RF_MEASURED | RF_WRITE_ONLY },
	{ .key = "bw_mb_s", .type = RF_DOUBLE, .off = CR(bw_bytes_s), .div = 1e6,
	  .flags = RF_MEASURED | RF_WRITE_ONLY },
	{ .key = "inflight_max", .type = RF_UINT, .off = CR(inflight_max), .flags = RF_MEASURED,
	  .doc = "the most I/Os in flight at once, summed over jobs: `depth x jobs` for libaio "
	  "and io_uring, `jobs` for psync" },
	{ .key = "iops_cv_pct", .type = RF_CUSTOM, .flags = RF_MEASURED | RF_WRITE_ONLY,
	  .write = cv_write,
	  .doc = "how much the per-second IOPS vary: their coefficient of variation "
	  "(population standard deviation / mean) over the whole measured seconds (a last, "
	  "partial second left out), in percent. Absent when fewer than 2 whole seconds were "
	  "measured (table imports). Derived from `series`, so a reader recomputes it rather "
	  "than trusting it" },
	{ .key = "lat_ns", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = lat_fields,
	  .doc = "completion latency, submit to reap: %k. Percentiles come from a log-linear "
	  "histogram: relative error at most 0.39%" },
	{ .key = "rate", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = rate_fields,
	  .when = rate_given,
	  .doc = "open-loop cells only (`--rate`; `lat_ns` is then timed from when each I/O was "
	  "due): %k" },
	{ .key = "cpu", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = cpu_fields,
	  .doc = "%k: CPU time of the job threads over the window, percent of one CPU, summed "
	  "over jobs" },
	{ .key = "errors", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = errors_fields,
	  .doc = "%k" },
	{ .key = "steady", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = steady_fields,
	  .doc = "%k: over the last `window_s` whole seconds of the cell (`steady_window_s`, "
	  "or all of them if fewer; 0 and nulls when there were fewer than 3), the largest "
	  "distance of a second's IOPS from their mean (`spread_pct`) and how far the "
	  "least-squares line through them moves (`trend_pct`), both in percent of the mean. "
	  "A cell that ran its full runtime shows here how far from steady it was." },
	{ .key = "stability", .type = RF_OBJECT, .flags = RF_MEASURED | RF_WRITE_ONLY,
	  .sub = stability_fields,
	  .doc = "how far the cell's figures can be trusted, apart from the BW check: "
	  "[below](#stability)" },
	{ .key = "series", .type = RF_CUSTOM, .flags = RF_MEASURED, .write = series_write,
	  .read = series_read,
	  .doc = "`interval_s` (1), `ios` and `bytes`: one entry per second of the window; a "
	  "`--hold` cell adds `p99_ns` (each second's p99 latency, ns; 0: nothing completed) and "
	  "`p99_minute_ns` (each minute's, from the minute's own histogram); with several jobs, "
	  "the highest job's" },
	{ .key = "device", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = device_fields,
	  .doc = "the device's own counters over the window: %k" },
	{ .key = "buffered", .type = RF_BOOL, .off = CR(buffered), .flags = RF_MEASURED,
	  .when = buffered_given,
	  .doc = "fio imports only, when true: the job ran with `direct=0`, through the page "
	  "cache, so its figures may be the cache's, not the storage's (marked in the reports, "
	  "and no headline rests on them); absent otherwise" },
	{ .key = "clones", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = clones_fields,
	  .when = clones_given,
	  .doc = "fio imports only, a cell of `numjobs` clones reported one by one (no "
	  "`group_reporting`): %k. When the longest is more than 1.5 times the shortest the "
	  "clones ran different windows, and the cell's figure (their total I/Os over the "
	  "longest) is no one window's: the reports mark it and rest no headline on it" },
	{ .key = "derived", .type = RF_CUSTOM, .flags = RF_MEASURED, .write = derived_write,
	  .read = derived_read,
	  .doc = "imported cells only, when present: `[\"iops\"]` (IOPS = bandwidth / bs) or "
	  "`[\"bw\"]` (bandwidth = IOPS x bs): the figure was computed, not given" },
	{ .key = "bw_check", .type = RF_OBJECT, .flags = RF_MEASURED, .sub = check_fields,
	  .read = check_read, .doc = "below" },
	{ .key = "rounds", .type = RF_CUSTOM, .flags = RF_TOP, .write = rounds_write,
	  .doc = "`--repeat` only, below; absent in a cell that ran once (every file written "
	  "before it, and runs without the option, read as they always did)" },
	{ .key = "attempts", .type = RF_CUSTOM, .flags = RF_TOP, .write = attempts_write,
	  .doc = "`--retry-unstable` and `run --auto` only, [below](#attempts); absent in a cell "
	  "that was never re-run" },
	{ .key = NULL }
};

/* Each row's derive of fields (and of its objects' rows) on r. */
static void
cell_derive_rows(const struct results_field *fields, struct cell_result *r)
{
	const struct results_field *f;

	for (f = fields; f->key != NULL; f++) {
		if (f->derive != NULL)
			f->derive(r);
		if (f->type == RF_OBJECT && f->sub != NULL)
			cell_derive_rows(f->sub, r);
	}
}

/*
 * The figures derived from a cell's others (a row's derive), set where a
 * cell is made or loaded (run.c, the imports, results.json's reader, as
 * analysis_stability_judge is), so that writing results.json computes
 * nothing.  A round or an attempt is a cell made by the run, or loaded.
 */
void
results_cell_derive(struct cell_result *r)
{
	cell_derive_rows(results_cell_fields, r);
}
