/*
 * What the throttle signature and the latency distribution charts draw
 * (issue 35, item 3), built once with the other charts (view_chart_build):
 * - throttle: the per-second IOPS of the cells at a mode's IOPS cap
 *   (within VIEW_THROTTLE_NEAR of it: the summary's measured cap, else
 *   the provisioned one), against the cap, with each cell's p99.  A
 *   results.json holds no per-second latency, so the p99 is the cell's
 *   whole-window figure, and the chart says so;
 * - latency-cdf: the latency distribution of each queue depth at one
 *   block size (4 KiB where measured, else the smallest), from the
 *   percentiles the record stores of each cell's histogram (min, p50,
 *   p90, p99, p99.9, p99.99, max: io/hist.c's log-linear buckets, 0.39%
 *   at most off), so that "two populations" has its picture.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/*
 * The IOPS cap mode m's cells are held against: the measured one (the
 * plateau the summary states, else where IOPS stop growing with depth),
 * else the provisioned one.
 */
static double
vth_cap(const struct summary *sum, const struct results *res, unsigned m)
{
	const struct knee *k = &sum->modes[m].knee;
	const struct saturation *sat = &sum->modes[m].sat;

	if (k->iops_plateau && k->iops_cap > 0)
		return k->iops_cap;
	if (sat->found && sat->reached && sat->best_iops > 0)
		return sat->best_iops;
	return res->expect.set ? res->expect.iops : 0;
}

/* Whether cell i may be a line of the throttle chart, and its IOPS when so (0 not). */
static double
vth_at_cap(const struct results *res, const struct summary *sum, unsigned i)
{
	const struct cell_result *r = &res->cells[i];
	double cap;

	if (!results_cell_has_figures(r) || r->nseries < 3 || sum->cell_wl[i] >= sum->nmodes)
		return 0;
	cap = vth_cap(sum, res, sum->cell_wl[i]);
	if (!(cap > 0) || !(r->iops >= (1 - VIEW_THROTTLE_NEAR) * cap))
		return 0;
	return r->iops;
}

/* The cells at their mode's cap, the most IOPS first, VIEW_THROTTLE_MAX at most. */
static void
vth_throttle(struct view_throttle *t, const struct results *res, const struct summary *sum)
{
	unsigned i, k, n = 0;
	double v;

	for (i = 0; i < res->plan.ncells; i++) {
		struct view_throttle_line *l;

		if (!((v = vth_at_cap(res, sum, i)) > 0))
			continue;
		for (k = n; k > 0 && res->cells[t->line[k - 1].cell].iops < v; k--)
			;
		if (k >= VIEW_THROTTLE_MAX)
			continue;
		if (n < VIEW_THROTTLE_MAX)
			n++;
		memmove(&t->line[k + 1], &t->line[k], (n - 1 - k) * sizeof t->line[0]);
		l = &t->line[k];
		l->cell = (int)i;
		l->wl = sum->cell_wl[i];
		l->bs = res->cells[i].cell.bs;
		l->depth = res->cells[i].cell.depth;
		l->jobs = res->cells[i].cell.jobs;
		l->nsec = res->cells[i].nseries;
		l->ios = res->cells[i].series_ios;
		l->p99_us = (double)res->cells[i].lat_pct_ns[2] / 1e3;
		l->cap = vth_cap(sum, res, l->wl);
		l->caveats = view_caveats(res, (int)i);
	}
	t->n = n;
	t->provisioned = res->expect.set ? res->expect.iops : 0;
}

/* The block size the distribution is drawn at: 4 KiB where measured, else the smallest. */
static int
vth_cdf_bs(const struct summary *sum)
{
	unsigned b;

	for (b = 0; b < sum->nbs; b++)
		if (sum->bs[b] == 4096)
			return (int)b;
	return sum->nbs > 0 ? 0 : -1;
}

/* Series s's cell at block size b when it has latency percentiles; else -1. */
static int
vth_cdf_cell(const struct results *res, const struct summary *sum, unsigned s, int b)
{
	int i = sum->series[s].cell[b];

	if (i < 0 || !results_cell_has_figures(&res->cells[i]) ||
	    res->cells[i].lat_pct_ns[0] == 0 || res->cells[i].lat_pct_ns[2] == 0)
		return -1;
	return i;
}

/*
 * The distribution's lines: each depth of the first VIEW_CDF_MODES modes
 * with two depths or more at the block size, at the mode's lowest job count.
 */
static void
vth_cdf(struct view_cdf *c, const struct results *res, const struct summary *sum)
{
	unsigned s, m, nm = 0, depths, jobs;
	int b = vth_cdf_bs(sum), i;

	c->n = 0;
	if (b < 0)
		return;
	c->bs = sum->bs[b];
	for (m = 0; m < sum->nmodes && nm < VIEW_CDF_MODES; m++) {
		for (jobs = 0, s = 0; s < sum->nseries; s++)
			if (sum->series[s].wl == m && vth_cdf_cell(res, sum, s, b) >= 0 &&
			    (jobs == 0 || sum->series[s].jobs < jobs))
				jobs = sum->series[s].jobs;
		for (depths = 0, s = 0; s < sum->nseries; s++)
			depths += sum->series[s].wl == m && sum->series[s].jobs == jobs &&
			    vth_cdf_cell(res, sum, s, b) >= 0;
		if (depths < 2)
			continue;
		nm++;
		for (s = 0; s < sum->nseries && c->n < VIEW_CDF_MAX; s++) {
			struct view_cdf_line *l = &c->line[c->n];
			const struct cell_result *r;
			unsigned p;

			if (sum->series[s].wl != m || sum->series[s].jobs != jobs ||
			    (i = vth_cdf_cell(res, sum, s, b)) < 0)
				continue;
			r = &res->cells[i];
			l->wl = m;
			l->series = s;
			l->depth = r->cell.depth;
			l->jobs = r->cell.jobs;
			l->cell = i;
			l->caveats = view_caveats(res, i);
			l->lat_us[0] = (double)r->lat_min_ns / 1e3;
			for (p = 0; p < PCT_COUNT; p++)
				l->lat_us[p + 1] = (double)r->lat_pct_ns[p] / 1e3;
			l->lat_us[PCT_COUNT + 1] = (double)r->lat_max_ns / 1e3;
			c->n++;
		}
	}
}

/*
 * The throttle and latency-cdf charts of a run into vc (after the curves'
 * charts in vc->entry, when there is room): a chart when it has a line.
 */
void
view_chart_throttle_build(struct view_chart *vc, const struct results *res,
    const struct summary *sum)
{
	unsigned at = 0, k, add = 0;
	struct view_chart_entry e[2];

	vth_throttle(&vc->throttle, res, sum);
	vth_cdf(&vc->cdf, res, sum);
	memset(e, 0, sizeof e);
	if (vc->throttle.n > 0 && sum->has_iops) {
		snprintf(e[add].stem, sizeof e[add].stem, "throttle");
		snprintf(e[add++].title, sizeof e[0].title, "Throttle signature: IOPS per second at "
		    "the cap, and p99");
	}
	if (vc->cdf.n >= 2 && sum->has_latency) {
		char size[32];

		snprintf(e[add].stem, sizeof e[add].stem, "latency-cdf");
		snprintf(e[add++].title, sizeof e[0].title, "Latency distribution per queue depth "
		    "at %s", size_human(vc->cdf.bs, size, sizeof size));
	}
	for (k = 0; k < vc->nentries; k++)
		if (strcmp(vc->entry[k].stem, "latency") == 0 ||
		    strcmp(vc->entry[k].stem, "saturation") == 0 ||
		    strcmp(vc->entry[k].stem, "latency-curve") == 0)
			at = k + 1;
	if (at == 0)
		at = vc->nentries;
	if (vc->nentries + add > VIEW_CHARTS_MAX)
		add = VIEW_CHARTS_MAX - vc->nentries;
	memmove(&vc->entry[at + add], &vc->entry[at], (vc->nentries - at) * sizeof vc->entry[0]);
	memcpy(&vc->entry[at], e, add * sizeof e[0]);
	vc->nentries += add;
}
