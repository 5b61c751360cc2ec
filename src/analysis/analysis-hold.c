/*
 * A --hold cell judged over time against the volume's promise.  The
 * vendor's promise (a profile's "promise": AWS io2 "at least 90% of their
 * provisioned IOPS performance 99.9% of the time") is read second by
 * second: a second is within when it moved at least level_pct (90%) of
 * the reference, the provisioned figure, or without one the level the
 * cell held (the median second; after a step down, the level after it,
 * the rate the volume settled to).  The closed-loop cell runs at the cap,
 * so the reference is what the volume is to hold.
 *
 * A dip is a run of seconds under HOLD_DIP_PCT (90%) of the level held
 * around it, so that a volume below its provisioned rate throughout reads
 * as below the promise, not as one dip the length of the run.  A step
 * down that lasts to the end (analysis_burst_detect's cliff: a steady
 * start, then 9 of 10 seconds and 80% of the rest more than 30% under it)
 * is a burst bucket running out, not a dip: the seconds after it are
 * judged against the level after it.
 *
 * An hour's total is judged against HOLD_HOURLY_PCT (99%) of the
 * reference times 3,600 s: AWS's target for st1 and sc1 ("targeting 99% of
 * expected total throughput each hour"), applied to every hold of an hour
 * or more as the yardstick the promise gives.  Numbers only: view-hold.c
 * words them.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"

/* The level held at second s: the step's level on its side, else the run's. */
static double
hold_level_at(const struct hold *h, unsigned s, double whole)
{
	if (h->step.kind != BURST_CLIFF)
		return whole;
	return s < h->step.at_s ? h->step.before_iops : h->step.after_iops;
}

/* Runs of seconds under HOLD_DIP_PCT of the level held around them. */
static void
hold_dips(const uint64_t *v, unsigned n, double whole, struct hold *h)
{
	unsigned s = 0, cap = 0;

	while (s < n) {
		double level = hold_level_at(h, s, whole), low;
		unsigned from = s;

		if (!(level > 0) || (double)v[s] >= level * HOLD_DIP_PCT / 100) {
			s++;
			continue;
		}
		low = (double)v[s];
		while (s < n && (double)v[s] < hold_level_at(h, s, whole) * HOLD_DIP_PCT / 100) {
			if ((double)v[s] < low)
				low = (double)v[s];
			s++;
		}
		if (h->ndips == cap) {
			cap = cap ? 2 * cap : 16;
			h->dips = xrealloc(h->dips, cap * sizeof *h->dips);
		}
		h->dips[h->ndips++] = (struct hold_dip){ .start_s = from, .len_s = s - from,
		    .low = low, .level = level };
		h->dip_s += s - from;
	}
}

/* The minutes (the last perhaps partial), their p99 where measured, and the worst whole one. */
static void
hold_minutes(const uint64_t *v, unsigned n, const uint64_t *p99, unsigned np99, struct hold *h)
{
	unsigned m, s;

	h->nminutes = (n + 59) / 60;
	h->minutes = xcalloc(h->nminutes ? h->nminutes : 1, sizeof *h->minutes);
	h->worst = -1;
	for (m = 0; m < h->nminutes; m++) {
		struct hold_minute *mi = &h->minutes[m];
		double sum = 0;

		mi->low = INFINITY;
		for (s = m * 60; s < n && s < (m + 1) * 60; s++) {
			sum += (double)v[s];
			if ((double)v[s] < mi->low)
				mi->low = (double)v[s];
			mi->nsec++;
		}
		mi->mean = sum / mi->nsec;
		mi->p99_ns = p99 != NULL && m < np99 ? p99[m] : 0;
		/* the worst of the whole minutes; a run under a minute has its one */
		if ((mi->nsec == 60 || h->nminutes == 1) &&
		    (h->worst < 0 || mi->mean < h->minutes[h->worst].mean))
			h->worst = (int)m;
	}
}

/* Each whole hour's total against the reference x 3,600 s. */
static void
hold_hours(const uint64_t *v, unsigned n, struct hold *h)
{
	unsigned k, s;

	h->nhours = n / 3600;
	h->hours = xcalloc(h->nhours ? h->nhours : 1, sizeof *h->hours);
	for (k = 0; k < h->nhours; k++) {
		struct hold_hour *hr = &h->hours[k];

		for (s = k * 3600; s < (k + 1) * 3600; s++)
			hr->total += (double)v[s];
		hr->pct = h->ref > 0 ? hr->total / (h->ref * 3600) * 100 : NAN;
		hr->met = hr->pct >= h->hourly_pct;
	}
}

/*
 * Judge n seconds of a metric (I/Os or bytes a second; bw: bytes) with
 * each minute's p99 (NULL: not measured) against e (NULL or not set: the
 * level held).  Fills h; analysis_hold_free frees it.
 */
void
analysis_hold_series(const uint64_t *v, unsigned n, const uint64_t *minute_p99,
    unsigned nminutes, const struct expect *e, bool bw, struct hold *h)
{
	const struct promise *pr = e != NULL && e->set ? &e->promise : NULL;
	double given = e == NULL || !e->set ? 0 : bw ? e->bw_bytes_s : e->iops;
	double whole, line;
	unsigned s;

	memset(h, 0, sizeof *h);
	h->bw = bw;
	h->nsec = n;
	h->worst = -1;
	if (v == NULL || n == 0)
		return;
	h->valid = true;
	analysis_burst_detect(v, n, &h->step);
	whole = u64_median(v, n);
	h->level = h->step.kind == BURST_CLIFF ? h->step.after_iops : whole;
	h->ref_kind = given > 0 ? HOLD_REF_PROVISIONED : HOLD_REF_LEVEL;
	h->ref = given > 0 ? given : h->level;
	h->level_pct = pr != NULL && pr->level_pct > 0 ? pr->level_pct : HOLD_LEVEL_PCT;
	h->promise_pct = pr != NULL ? pr->share_pct : 0;
	h->hourly_published = pr != NULL && pr->hourly_pct > 0;
	h->hourly_pct = h->hourly_published ? pr->hourly_pct : HOLD_HOURLY_PCT;
	h->step_burst = h->step.kind == BURST_CLIFF && e != NULL && e->set &&
	    (bw ? e->burst_bw_bytes_s : e->burst_iops) > 0;
	line = h->ref * h->level_pct / 100;
	/* a volume that moved nothing held no level: no second of it is within */
	for (s = 0; s < n && h->ref > 0; s++)
		h->nwithin += (double)v[s] >= line;
	h->within_pct = 100.0 * h->nwithin / n;
	h->meets = h->promise_pct > 0 && h->within_pct >= h->promise_pct;
	hold_dips(v, n, whole, h);
	hold_minutes(v, n, minute_p99, nminutes, h);
	hold_hours(v, n, h);
}

/*
 * The hold of res (plan hold_s set, its one cell with a series), judged on
 * the metric of its promise.  false when res is no hold or its cell has no
 * seconds; h is then empty (analysis_hold_free is harmless).
 */
bool
analysis_hold(const struct results *res, struct hold *h)
{
	const struct cell_result *r;
	unsigned n;
	bool bw;

	memset(h, 0, sizeof *h);
	h->worst = -1;
	if (res->plan.hold_s == 0 || res->plan.ncells == 0)
		return false;
	r = &res->cells[0];
	if (r->status != CELL_OK && r->status != CELL_PARTIAL)
		return false;
	/* whole seconds of the window: the last partial one is left out */
	n = (unsigned)(r->runtime_ns / NSEC_PER_SEC);
	if (n > r->nseries)
		n = r->nseries;
	bw = res->expect.set && res->expect.promise.share_pct > 0 &&
	    res->expect.promise.of == PROMISE_BW && res->expect.bw_bytes_s > 0;
	analysis_hold_series(bw ? r->series_bytes : r->series_ios, n, r->minute_p99_ns,
	    r->nminutes, &res->expect, bw, h);
	h->cell = 0;
	return h->valid;
}

void
analysis_hold_free(struct hold *h)
{
	free(h->dips);
	free(h->minutes);
	free(h->hours);
	memset(h, 0, sizeof *h);
	h->worst = -1;
}
