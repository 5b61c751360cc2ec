/*
 * The "auto" object of results.json: what an --auto run (auto-findings.c)
 * found and how sure it is, as figures and states per mode, for the
 * report's "How this was measured" (view-findings.c words them).  Written
 * only for such runs; results-fields-top.c calls these for the record's
 * top level.  An older record's "findings" (sentences) are read and
 * written back as they are.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/sweep.h"
#include "base/util.h"
#include "results/results.h"

#define AUTO_LEGACY_MAX	64	/* an older record's findings: 7 per mode at most */

static const char *const knee_names[AUTO_KNEE_STATES] = {
	[AUTO_KNEE_NONE] = "none",
	[AUTO_KNEE_FOUND] = "found",
	[AUTO_KNEE_IOPS_BOUND] = "iops_bound",
	[AUTO_KNEE_BW_BOUND] = "bw_bound",
	[AUTO_KNEE_UNSETTLED] = "not_settled",
};

static const char *const depth_names[AUTO_DEPTH_STATES] = {
	[AUTO_DEPTH_NONE] = "none",
	[AUTO_DEPTH_QD1_ONLY] = "not_searched",
	[AUTO_DEPTH_OPEN] = "open",
	[AUTO_DEPTH_ON_CAP] = "on_cap",
	[AUTO_DEPTH_SATURATED] = "saturated",
	[AUTO_DEPTH_NO_QD1] = "no_qd1",
	[AUTO_DEPTH_UNSTEADY] = "unsteady",
	[AUTO_DEPTH_NOT_REACHED] = "not_reached",
};

/* A's sentences of an older record, freed. */
void
results_auto_free(struct autoplan_record *a)
{
	unsigned i;

	for (i = 0; i < a->nlegacy; i++)
		free(a->legacy[i]);
	free(a->legacy);
	a->legacy = NULL;
	a->nlegacy = 0;
}

/* A cap as {value, unit, lo, hi, block_sizes, bs_lo, bs_hi, settled} at key of o. */
static void
auto_cap_to_json(cJSON *o, const char *key, const struct auto_cap *c, const char *unit)
{
	cJSON *j;

	if (!c->stated)
		return;
	j = cJSON_AddObjectToObject(o, key);
	cJSON_AddNumberToObject(j, "value", c->value);
	cJSON_AddStringToObject(j, "unit", unit);
	cJSON_AddNumberToObject(j, "lo", c->lo);
	cJSON_AddNumberToObject(j, "hi", c->hi);
	cJSON_AddNumberToObject(j, "block_sizes", c->nbs);
	cJSON_AddNumberToObject(j, "bs_lo", (double)c->bs_lo);
	cJSON_AddNumberToObject(j, "bs_hi", (double)c->bs_hi);
	cJSON_AddBoolToObject(j, "settled", c->settled);
}

/* The knee: its state, and its size and bounds or the size a side is bound to. */
static void
auto_knee_to_json(cJSON *o, const struct auto_mode_record *m)
{
	cJSON *j;

	if (m->knee == AUTO_KNEE_NONE)
		return;
	j = cJSON_AddObjectToObject(o, "knee");
	cJSON_AddStringToObject(j, "state", knee_names[m->knee]);
	if (m->knee == AUTO_KNEE_FOUND) {
		cJSON_AddNumberToObject(j, "bs", (double)m->knee_bs);
		cJSON_AddNumberToObject(j, "lo_bs", (double)m->knee_lo_bs);
		cJSON_AddNumberToObject(j, "hi_bs", (double)m->knee_hi_bs);
	} else if (m->knee == AUTO_KNEE_IOPS_BOUND)
		cJSON_AddNumberToObject(j, "up_to_bs", (double)m->bound_bs);
	else if (m->knee == AUTO_KNEE_BW_BOUND)
		cJSON_AddNumberToObject(j, "down_to_bs", (double)m->bound_bs);
}

/* One size of the depth search: its state and the figures that state has. */
static void
auto_depth_to_json(cJSON *arr, const struct auto_depth *d)
{
	cJSON *j = cJSON_CreateObject();

	cJSON_AddItemToArray(arr, j);
	cJSON_AddNumberToObject(j, "bs", (double)d->bs);
	cJSON_AddStringToObject(j, "state", depth_names[d->state]);
	switch (d->state) {
	case AUTO_DEPTH_OPEN:
		cJSON_AddNumberToObject(j, "from_qd", d->from_qd);
		cJSON_AddNumberToObject(j, "next_qd", d->next_qd);
		break;
	case AUTO_DEPTH_ON_CAP:
		cJSON_AddStringToObject(j, "cap", d->on_iops ? "iops" : "bw");
		break;
	case AUTO_DEPTH_SATURATED:
		cJSON_AddNumberToObject(j, "qd", d->qd);
		cJSON_AddNumberToObject(j, "next_qd", d->next_qd);
		cJSON_AddNumberToObject(j, "gain_pct", d->gain_pct);
		break;
	case AUTO_DEPTH_UNSTEADY:
		cJSON_AddNumberToObject(j, "qd", d->qd);
		cJSON_AddStringToObject(j, "verdict", d->stalled ? "stalled" : "noisy");
		cJSON_AddNumberToObject(j, "runs", d->runs);
		break;
	case AUTO_DEPTH_NOT_REACHED:
		cJSON_AddNumberToObject(j, "qd", d->qd);
		cJSON_AddNumberToObject(j, "gain_pct", d->gain_pct);
		break;
	default:
		break;
	}
}

/* One mode's findings. */
static void
auto_mode_to_json(cJSON *arr, const struct auto_mode_record *m)
{
	cJSON *o = cJSON_CreateObject(), *j;
	unsigned i;

	cJSON_AddItemToArray(arr, o);
	cJSON_AddStringToObject(o, "mode", mode_name(m->mode));
	auto_cap_to_json(o, "iops_cap", &m->iops, "IOPS");
	auto_cap_to_json(o, "bw_cap", &m->bw, "bytes/s");
	auto_knee_to_json(o, m);
	j = cJSON_AddArrayToObject(o, "depth");
	for (i = 0; i < m->ndepth; i++)
		auto_depth_to_json(j, &m->depth[i]);
	j = cJSON_AddObjectToObject(o, "qd1_latency");
	cJSON_AddNumberToObject(j, "bs", (double)m->qd1_bs);
	cJSON_AddBoolToObject(j, "measured", m->qd1_measured);
	if (m->qd1_measured) {
		cJSON_AddNumberToObject(j, "p50_ns", (double)m->qd1_p50_ns);
		cJSON_AddNumberToObject(j, "p99_ns", (double)m->qd1_p99_ns);
		cJSON_AddNumberToObject(j, "iops", m->qd1_iops);
	}
	if (m->open) {
		j = cJSON_AddObjectToObject(o, "budget_left");
		cJSON_AddNumberToObject(j, "bs", (double)m->open_bs);
		cJSON_AddNumberToObject(j, "depth", m->open_depth);
		cJSON_AddStringToObject(j, "reason", m->open_reason);
	}
}

/* "auto" with the budget and the findings, into root (nothing for other runs). */
void
results_auto_to_json(struct cJSON *root, const struct autoplan_record *a)
{
	cJSON *o, *f;
	unsigned i;

	if (!a->on)
		return;
	o = cJSON_AddObjectToObject(root, "auto");
	cJSON_AddNumberToObject(o, "budget_s", a->budget_s);
	cJSON_AddNumberToObject(o, "elapsed_s", a->elapsed_s);
	cJSON_AddNumberToObject(o, "target_pct", a->target_pct);
	if (a->depth_gain_pct > 0)
		cJSON_AddNumberToObject(o, "depth_gain_pct", a->depth_gain_pct);
	if (a->like[0] != '\0')
		cJSON_AddStringToObject(o, "like", a->like);
	if (a->nlegacy > 0) {
		f = cJSON_AddArrayToObject(o, "findings");
		for (i = 0; i < a->nlegacy; i++)
			cJSON_AddItemToArray(f, cJSON_CreateString(a->legacy[i]));
		return;
	}
	f = cJSON_AddArrayToObject(o, "modes");
	for (i = 0; i < a->nmodes; i++)
		auto_mode_to_json(f, &a->modes[i]);
}

/* A whole number in [0, max] from o[key], else 0 (untrusted input). */
static uint64_t
auto_json_count(const cJSON *o, const char *key, double max)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= max ?
	    (uint64_t)v->valuedouble : 0;
}

#define auto_json_uint(o, key)	((unsigned)auto_json_count(o, key, 1e9))
#define auto_json_bytes(o, key)	auto_json_count(o, key, 1e18)

/* A finite figure from o[key] within +-1e30, else 0. */
static double
auto_json_figure(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) && fabs(v->valuedouble) <= 1e30 ?
	    v->valuedouble : 0;
}

/* The index of o[key] among names[0..n), else 0 (none). */
static unsigned
auto_json_enum(const cJSON *o, const char *key, const char *const *names, unsigned n)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	unsigned i;

	for (i = 0; cJSON_IsString(v) && i < n; i++)
		if (strcmp(v->valuestring, names[i]) == 0)
			return i;
	return 0;
}

/* Whether o[key] is true. */
static bool
auto_json_true(const cJSON *o, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static void
auto_cap_from_json(const cJSON *o, struct auto_cap *c)
{
	if (!cJSON_IsObject(o))
		return;
	c->value = auto_json_figure(o, "value");
	c->stated = c->value > 0;
	c->lo = auto_json_figure(o, "lo");
	c->hi = auto_json_figure(o, "hi");
	c->nbs = auto_json_uint(o, "block_sizes");
	c->bs_lo = auto_json_bytes(o, "bs_lo");
	c->bs_hi = auto_json_bytes(o, "bs_hi");
	c->settled = auto_json_true(o, "settled");
}

static void
auto_depth_from_json(const cJSON *o, struct auto_depth *d)
{
	const cJSON *v;

	d->bs = auto_json_bytes(o, "bs");
	d->state = (enum auto_depth_state)auto_json_enum(o, "state", depth_names,
	    AUTO_DEPTH_STATES);
	d->qd = auto_json_uint(o, "qd");
	d->next_qd = auto_json_uint(o, "next_qd");
	d->from_qd = auto_json_uint(o, "from_qd");
	d->gain_pct = auto_json_figure(o, "gain_pct");
	v = cJSON_GetObjectItemCaseSensitive(o, "cap");
	d->on_iops = cJSON_IsString(v) && strcmp(v->valuestring, "iops") == 0;
	v = cJSON_GetObjectItemCaseSensitive(o, "verdict");
	d->stalled = cJSON_IsString(v) && strcmp(v->valuestring, "stalled") == 0;
	d->runs = auto_json_uint(o, "runs");
}

/* One mode's findings; false when it names no mode this sweep knows. */
static bool
auto_mode_from_json(const cJSON *o, struct auto_mode_record *m)
{
	const cJSON *mode = cJSON_GetObjectItemCaseSensitive(o, "mode"), *j, *d;
	int k;

	if (!cJSON_IsString(mode) || (k = mode_parse(mode->valuestring)) < 0)
		return false;
	m->mode = (enum rw_mode)k;
	auto_cap_from_json(cJSON_GetObjectItemCaseSensitive(o, "iops_cap"), &m->iops);
	auto_cap_from_json(cJSON_GetObjectItemCaseSensitive(o, "bw_cap"), &m->bw);
	j = cJSON_GetObjectItemCaseSensitive(o, "knee");
	m->knee = (enum auto_knee_state)auto_json_enum(j, "state", knee_names, AUTO_KNEE_STATES);
	m->knee_bs = auto_json_bytes(j, "bs");
	m->knee_lo_bs = auto_json_bytes(j, "lo_bs");
	m->knee_hi_bs = auto_json_bytes(j, "hi_bs");
	m->bound_bs = m->knee == AUTO_KNEE_IOPS_BOUND ? auto_json_bytes(j, "up_to_bs") :
	    auto_json_bytes(j, "down_to_bs");
	cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(o, "depth"))
		if (m->ndepth < sizeof m->depth / sizeof m->depth[0] && cJSON_IsObject(d))
			auto_depth_from_json(d, &m->depth[m->ndepth++]);
	j = cJSON_GetObjectItemCaseSensitive(o, "qd1_latency");
	m->qd1_bs = auto_json_bytes(j, "bs");
	m->qd1_measured = auto_json_true(j, "measured");
	m->qd1_p50_ns = auto_json_bytes(j, "p50_ns");
	m->qd1_p99_ns = auto_json_bytes(j, "p99_ns");
	m->qd1_iops = auto_json_figure(j, "iops");
	j = cJSON_GetObjectItemCaseSensitive(o, "budget_left");
	if (cJSON_IsObject(j)) {
		const cJSON *why = cJSON_GetObjectItemCaseSensitive(j, "reason");

		m->open = true;
		m->open_bs = auto_json_bytes(j, "bs");
		m->open_depth = auto_json_uint(j, "depth");
		if (cJSON_IsString(why))
			text_clean(m->open_reason, sizeof m->open_reason, why->valuestring);
	}
	return true;
}

/*
 * "auto" back into a (absent: not an --auto run): its modes' findings, or
 * an older record's sentences ("findings"), kept as they are.
 */
void
results_auto_from_json(const struct cJSON *o, struct autoplan_record *a)
{
	const cJSON *item, *like;

	if (!cJSON_IsObject(o))
		return;
	a->on = true;
	a->budget_s = auto_json_uint(o, "budget_s");
	a->elapsed_s = auto_json_uint(o, "elapsed_s");
	a->target_pct = auto_json_uint(o, "target_pct");
	a->depth_gain_pct = auto_json_uint(o, "depth_gain_pct");
	like = cJSON_GetObjectItemCaseSensitive(o, "like");
	if (cJSON_IsString(like))
		str_copy(a->like, sizeof a->like, like->valuestring);
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "modes"))
		if (a->nmodes < MODE_COUNT && cJSON_IsObject(item) &&
		    auto_mode_from_json(item, &a->modes[a->nmodes]))
			a->nmodes++;
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "findings")) {
		if (a->nlegacy >= AUTO_LEGACY_MAX || !cJSON_IsString(item))
			continue;
		if (a->legacy == NULL)
			a->legacy = xcalloc(AUTO_LEGACY_MAX, sizeof *a->legacy);
		a->legacy[a->nlegacy++] = xstrdup(item->valuestring);
	}
}
