/*
 * A --hold judged over time (analysis-hold.c) and worded (view-hold.c) on
 * synthetic per-second series: a throttle that dips to half for 5 s every
 * minute (55 of 60 s within: 91.7%), a steady one (100%), a burst bucket
 * running out (a step, not a dip), an hour-long and a two-hour series for
 * the hourly totals, a promise of throughput, and a series under a minute.
 * The expected figures come from the schedules, not from a run.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "check.h"
#include "view/view.h"

/* v with uniform noise of +-noise (a share). */
static uint64_t
noisy(double v, double noise)
{
	return (uint64_t)llround(v * (1 + noise * (2 * check_rng_unit() - 1)));
}

/* n seconds at level, dropped to level x frac for dip_s of every every_s (from every_s - dip_s). */
static uint64_t *
schedule(unsigned n, double level, double frac, unsigned every_s, unsigned dip_s, double noise)
{
	uint64_t *v = calloc(n, sizeof *v);
	unsigned s;

	for (s = 0; s < n; s++)
		v[s] = noisy(every_s > 0 && s % every_s >= every_s - dip_s ? level * frac : level, noise);
	return v;
}

/* An io2 volume provisioned at iops, with AWS's promise. */
static void
io2(struct expect *e, double iops)
{
	memset(e, 0, sizeof *e);
	e->set = true;
	e->iops = iops;
	str_copy(e->profile, sizeof e->profile, "aws-io2");
	e->promise.share_pct = 99.9;
	e->promise.level_pct = 90;
	e->promise.of = PROMISE_IOPS;
	str_copy(e->promise.window, sizeof e->promise.window, "a given year");
	str_copy(e->promise.quote, sizeof e->promise.quote, "io1 and io2 volumes are designed to "
	    "deliver at least 90% of their provisioned IOPS performance 99.9% of the time in a "
	    "given year.");
}

/* A record of one hold cell of series v (n seconds), for the view. */
static void
record(struct results *res, struct cell_result *c, uint64_t *v, unsigned n, const struct expect *e)
{
	memset(res, 0, sizeof *res);
	memset(c, 0, sizeof *c);
	res->plan.hold_s = n;
	res->plan.ncells = 1;
	res->cells = c;
	if (e != NULL)
		res->expect = *e;
	c->status = CELL_OK;
	c->cell.mode = MODE_RANDREAD;
	c->cell.bs = 16384;
	c->nseries = n;
	c->series_ios = v;
	c->series_bytes = calloc(n, sizeof *c->series_bytes);
	c->runtime_ns = (uint64_t)n * NSEC_PER_SEC;
}

/* 10 minutes at 3,000 IOPS, 1,500 for 5 s a minute: 91.7% within, 10 dips of 5 s. */
static void
dips(void)
{
	uint64_t *v = schedule(600, 3000, 0.5, 60, 5, 0.01);
	struct expect e;
	struct hold h;
	struct results res;
	struct cell_result c;
	struct view_hold vh;
	unsigned i;

	io2(&e, 3000);
	analysis_hold_series(v, 600, NULL, 0, &e, false, &h);
	CHECK(h.valid && h.ref_kind == HOLD_REF_PROVISIONED && h.ref == 3000, "ref %g", h.ref);
	CHECK(h.nwithin == 550 && fabs(h.within_pct - 100.0 * 55 / 60) < 1e-9, "within %u %g",
	    h.nwithin, h.within_pct);
	CHECK(!h.meets && h.promise_pct == 99.9, "meets %d", h.meets);
	CHECK(h.ndips == 10 && h.dip_s == 50, "%u dips, %u s", h.ndips, h.dip_s);
	for (i = 0; i < h.ndips; i++)
		CHECK(h.dips[i].start_s == 60 * i + 55 && h.dips[i].len_s == 5 &&
		    fabs(h.dips[i].low / h.dips[i].level - 0.5) < 0.03, "dip %u at %u for %u", i,
		    h.dips[i].start_s, h.dips[i].len_s);
	CHECK(h.step.kind != BURST_CLIFF, "no step: %d", h.step.kind);
	CHECK(h.nminutes == 10 && h.worst >= 0 && h.nhours == 0, "%u minutes, worst %d, %u hours",
	    h.nminutes, h.worst, h.nhours);
	analysis_hold_free(&h);

	record(&res, &c, v, 600, &e);
	view_hold_build(&res, &vh);
	CHECK(vh.on && vh.below, "view on %d below %d", vh.on, vh.below);
	CHECK(vh.verdict != NULL && strstr(vh.verdict, "Within 10% of the provisioned 3,000 IOPS "
	    "in 91.7% of seconds (550 of 600") != NULL && strstr(vh.verdict, "against a promise of "
	    "99.9% of the time: below it.") != NULL, "verdict: %s", vh.verdict);
	CHECK(strstr(vh.dips_text, "10 dips") != NULL && strstr(vh.dips_text, "50 s in all") != NULL,
	    "dips: %s", vh.dips_text);
	CHECK(vh.dips.nrows == 10 && vh.minutes.nrows == 10 && vh.step_text == NULL &&
	    vh.hours == NULL, "rows %u %u", vh.dips.nrows, vh.minutes.nrows);
	CHECK(vh.promise != NULL && strstr(vh.promise, "99.9% of the time") != NULL, "promise: %s",
	    vh.promise);
	view_hold_free(&vh);
	free(c.series_bytes);

	/* More dips than the table lists: the rest are counted. */
	free(v);
	v = schedule(1200, 3000, 0.5, 30, 2, 0.01);
	record(&res, &c, v, 1200, &e);
	view_hold_build(&res, &vh);
	CHECK(vh.dips.nrows == VIEW_HOLD_DIPS_LISTED && vh.dips.note != NULL &&
	    strstr(vh.dips.note, "of 40") != NULL, "dips listed %u: %s", vh.dips.nrows,
	    vh.dips.note ? vh.dips.note : "(none)");
	view_hold_free(&vh);
	free(c.series_bytes);
	free(v);
}

/* A steady throttle: every second within, no dips; without a profile, the level held. */
static void
steady(void)
{
	uint64_t *v = schedule(600, 3000, 1, 0, 0, 0.02);
	struct hold h;
	struct expect e;
	struct results res;
	struct cell_result c;
	struct view_hold vh;

	io2(&e, 3000);
	analysis_hold_series(v, 600, NULL, 0, &e, false, &h);
	CHECK(h.nwithin == 600 && h.within_pct == 100 && h.meets && h.ndips == 0,
	    "steady: %u within, %u dips", h.nwithin, h.ndips);
	analysis_hold_free(&h);
	analysis_hold_series(v, 600, NULL, 0, NULL, false, &h);
	CHECK(h.ref_kind == HOLD_REF_LEVEL && fabs(h.ref - 3000) < 60 && h.promise_pct == 0 &&
	    !h.meets && h.within_pct == 100, "no profile: ref %g", h.ref);
	analysis_hold_free(&h);
	record(&res, &c, v, 600, NULL);
	view_hold_build(&res, &vh);
	CHECK(strstr(vh.verdict, "of the level held") != NULL && strstr(vh.verdict, "in 100% of "
	    "seconds") != NULL && strstr(vh.verdict, "no promise") != NULL && !vh.below,
	    "verdict: %s", vh.verdict);
	CHECK(strncmp(vh.dips_text, "No dips", 7) == 0, "dips: %s", vh.dips_text);
	{
		char *lines = strdup("  randread: ...\n");

		view_hold_conclusion(&vh, &lines);
		CHECK(strncmp(lines, "  randread: ...\n  Held: Within 10% of the level held", 48) ==
		    0, "conclusions: %s", lines);
		free(lines);
	}
	view_hold_free(&vh);
	free(c.series_bytes);
	free(v);
}

/* gp2 at a 1,000 IOPS baseline bursting to 3,000: the bucket runs out at 200 s, a step. */
static void
step(void)
{
	uint64_t *v = schedule(600, 1000, 1, 0, 0, 0.01);
	struct expect e;
	struct hold h;
	struct results res;
	struct cell_result c;
	struct view_hold vh;
	unsigned s;

	for (s = 0; s < 200; s++)
		v[s] = noisy(3000, 0.01);
	io2(&e, 1000);
	e.burst_iops = 3000;
	e.promise.share_pct = 99;
	analysis_hold_series(v, 600, NULL, 0, &e, false, &h);
	CHECK(h.step.kind == BURST_CLIFF && h.step.at_s == 200 && h.step_burst, "step %d at %u",
	    h.step.kind, h.step.at_s);
	CHECK(h.ndips == 0 && h.within_pct == 100 && h.meets, "step: %u dips, %g within",
	    h.ndips, h.within_pct);
	CHECK(fabs(h.level - 1000) < 20, "level after the step %g", h.level);
	analysis_hold_free(&h);
	record(&res, &c, v, 600, &e);
	view_hold_build(&res, &vh);
	CHECK(vh.step_text != NULL && strstr(vh.step_text, "The burst bucket ran out at 3:20") !=
	    NULL && strstr(vh.step_text, "not a dip") != NULL && vh.step && vh.step_at == 200,
	    "step: %s", vh.step_text ? vh.step_text : "(none)");
	view_hold_free(&vh);
	free(c.series_bytes);
	/* Without a profile's burst it is still a step, worded as one. */
	record(&res, &c, v, 600, NULL);
	view_hold_build(&res, &vh);
	CHECK(vh.step_text != NULL && strncmp(vh.step_text, "A step down at 3:20", 19) == 0 &&
	    strstr(vh.verdict, "after the step") != NULL, "step: %s / %s", vh.step_text ?
	    vh.step_text : "(none)", vh.verdict);
	CHECK(vh.dips.nrows == 0, "no dips: %u", vh.dips.nrows);
	view_hold_free(&vh);
	free(c.series_bytes);
	free(v);
}

/* Two hours: the first steady, the second dipping 5 s a minute (95.8% of the expected total). */
static void
hours(void)
{
	unsigned n = 7200, s;
	uint64_t *v = schedule(n, 3000, 0.5, 60, 5, 0);
	struct expect e;
	struct hold h;
	struct results res;
	struct cell_result c;
	struct view_hold vh;

	for (s = 0; s < 3600; s++)
		v[s] = 3000;
	io2(&e, 3000);
	analysis_hold_series(v, n, NULL, 0, &e, false, &h);
	CHECK(h.nhours == 2 && h.hours[0].met && fabs(h.hours[0].pct - 100) < 1e-9,
	    "hour 1: %g", h.nhours ? h.hours[0].pct : NAN);
	CHECK(h.nhours == 2 && !h.hours[1].met &&
	    fabs(h.hours[1].pct - 100 * (55 + 5 * 0.5) / 60) < 1e-9, "hour 2: %g",
	    h.nhours > 1 ? h.hours[1].pct : NAN);
	CHECK(h.hourly_pct == HOLD_HOURLY_PCT && !h.hourly_published && h.nminutes == 120,
	    "hourly %g, %u minutes", h.hourly_pct, h.nminutes);
	CHECK(h.worst >= 60, "the worst minute is in the second hour: %d", h.worst);
	analysis_hold_free(&h);
	record(&res, &c, v, n, &e);
	view_hold_build(&res, &vh);
	CHECK(vh.hours != NULL && strstr(vh.hours, "1 of 2 hours") != NULL &&
	    strstr(vh.hours, "hour 2, at 95.8%") != NULL, "hours: %s", vh.hours ? vh.hours :
	    "(none)");
	CHECK(vh.minutes.nrows == VIEW_HOLD_MINUTES_LISTED && vh.minutes.note != NULL,
	    "minutes listed %u", vh.minutes.nrows);
	CHECK(strstr(vh.verdict, "over 2 h 0 min") != NULL, "verdict: %s", vh.verdict);
	view_hold_free(&vh);
	free(c.series_bytes);
	free(v);
}

/* st1: a promise of throughput, judged on bytes; an hour exactly at the expected meets 99%. */
static void
throughput(void)
{
	unsigned n = 3600, s;
	uint64_t *v = calloc(n, sizeof *v);
	uint64_t p99[60];
	struct expect e;
	struct hold h;

	memset(&e, 0, sizeof e);
	e.set = true;
	e.bw_bytes_s = 40.0 * MIB;
	e.promise = (struct promise){ .share_pct = 99, .level_pct = 90, .of = PROMISE_BW,
	    .hourly_pct = 99 };
	for (s = 0; s < n; s++)
		v[s] = (uint64_t)(40 * MIB);
	for (s = 0; s < 60; s++)
		p99[s] = 1000000 + s;
	analysis_hold_series(v, n, p99, 60, &e, true, &h);
	CHECK(h.bw && h.ref == 40.0 * MIB && h.nhours == 1 && h.hours[0].met &&
	    h.hourly_published && h.hourly_pct == 99, "st1: ref %g, %u hours", h.ref, h.nhours);
	CHECK(h.minutes[59].p99_ns == 1000059, "p99 of minute 60: %llu",
	    (unsigned long long)h.minutes[59].p99_ns);
	analysis_hold_free(&h);
	free(v);
}

/* Under a minute: one minute, no worst-minute sentence; no series: nothing. */
static void
short_and_empty(void)
{
	uint64_t *v = schedule(30, 3000, 1, 0, 0, 0);
	struct hold h;
	struct results res;
	struct cell_result c;
	struct view_hold vh;

	analysis_hold_series(v, 30, NULL, 0, NULL, false, &h);
	CHECK(h.valid && h.nminutes == 1 && h.worst == 0 && h.nhours == 0, "30 s: %u minutes",
	    h.nminutes);
	analysis_hold_free(&h);
	/* a volume that moved nothing: no level, no second within, no worst minute worded */
	memset(v, 0, 30 * sizeof *v);
	analysis_hold_series(v, 30, NULL, 0, NULL, false, &h);
	CHECK(h.valid && h.ref == 0 && h.nwithin == 0, "all zero: ref %g, %u within", h.ref,
	    h.nwithin);
	analysis_hold_free(&h);
	analysis_hold_series(NULL, 0, NULL, 0, NULL, false, &h);
	CHECK(!h.valid, "no series");
	analysis_hold_free(&h);
	record(&res, &c, v, 30, NULL);
	view_hold_build(&res, &vh);
	CHECK(vh.on && vh.worst == NULL, "30 s: worst %s", vh.worst ? vh.worst : "(none)");
	view_hold_free(&vh);
	res.plan.hold_s = 0;
	view_hold_build(&res, &vh);
	CHECK(!vh.on, "no hold: no view");
	free(c.series_bytes);
	free(v);
}

int
main(void)
{
	dips();
	steady();
	step();
	hours();
	throughput();
	short_and_empty();
	return check_done("unit-hold");
}
