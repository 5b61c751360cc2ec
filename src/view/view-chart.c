/*
 * What the gnuplot charts draw, built once (view_build): each line's
 * points with their figures in the charts' units (NaN where a cell has
 * none: the chart leaves a gap, never a 0), the --repeat interval and the
 * caveats of each; each workload's best cells; the scorecard's tiles; the
 * cells with a per-second series; the depth x jobs heat maps
 * (view-chart-heat.c); whether the block-size charts are bars or lines and
 * which charts there are.  The chart renderers (render/report-gnuplot*.c,
 * report-scorecard.c, report-curves*.c) read this and nothing else.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"


/* The name of cell c's workload among vc's modes, as view_summary_wl_name() gives it. */
const char *
view_chart_wl_name(const struct view_chart *vc, const struct cell *c)
{
	int m = view_modes_wl(vc->modes, vc->nmodes, c);

	return m >= 0 ? vc->modes[m].name : mode_name(c->mode);
}
/* Grouped bars instead of lines: no workload has three block sizes or more (nor a large run). */
bool
view_chart_bars(const struct summary *sum)
{
	unsigned m;

	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].nbs >= 3 || view_big(sum))
			return false;
	return true;
}

/* Point p of cell i (-1: none, every figure NaN). */
static void
vch_point(struct view_chart_point *p, const struct results *res, int i)
{
	static const enum round_figure fig[2] = { ROUND_IOPS, ROUND_BW };
	static const double div[2] = { 1, MIB };
	const struct cell_result *r;
	struct round_spread s;
	unsigned m;

	memset(p, 0, sizeof *p);
	p->cell = i;
	for (m = 0; m < METRIC_COUNT; m++)
		p->v[m] = NAN;
	p->lo[0] = p->lo[1] = p->hi[0] = p->hi[1] = NAN;
	if (i < 0)
		return;
	r = &res->cells[i];
	p->status = r->status;
	p->bs = r->cell.bs;
	p->depth = r->cell.depth;
	p->jobs = r->cell.jobs;
	for (m = 0; m < METRIC_COUNT; m++)
		p->v[m] = view_metric_value(r, (enum view_metric)m);
	p->rounds = r->nrounds > 1;
	for (m = 0; m < 2; m++) {
		p->lo[m] = p->hi[m] = p->v[m == 0 ? METRIC_IOPS : METRIC_MIB_S];
		if (analysis_rounds_spread(r, fig[m], &s)) {
			p->spread[m] = true;
			p->lo[m] = s.lo / div[m];
			p->hi[m] = s.hi / div[m];
		}
	}
	p->caveats = view_caveats(res, i);
}

/* The point of series s at block size b. */
const struct view_chart_point *
view_chart_at(const struct view_chart *vc, unsigned s, unsigned b)
{
	return &vc->point[(size_t)s * vc->nbs + b];
}

/* Add a chart to out[*n] when there is room. */
static void
vch_entry(struct view_chart_entry *out, unsigned *n, unsigned max, const char *stem,
    const char *title, unsigned wl)
{
	if (*n >= max)
		return;
	snprintf(out[*n].stem, sizeof out[*n].stem, "%.47s", stem);
	snprintf(out[*n].title, sizeof out[*n].title, "%s", title);
	out[*n].wl = wl;
	(*n)++;
}

/* Whether a workload's saturation was found: the curves have a line. */
bool
view_chart_saturates(const struct summary *sum)
{
	unsigned m;

	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].sat.found)
			return true;
	return false;
}

/* The heat maps' charts: a workload at two job counts or more, with a cell. */
static void
vch_list_jobs(const struct summary *sum, struct view_chart_entry *out, unsigned *n,
    unsigned max)
{
	unsigned *jobs = xcalloc(sum->nseries + 1, sizeof *jobs), wl, s, b;
	char stem[48], title[96];
	bool any;

	for (wl = 0; wl < sum->nmodes && *n < max; wl++) {
		for (any = false, s = 0; s < sum->nseries; s++)
			for (b = 0; b < sum->nbs && sum->series[s].wl == wl; b++)
				any |= sum->series[s].cell[b] >= 0;
		if (view_jobs_counts(sum, wl, jobs) < 2 || !any)
			continue;
		snprintf(stem, sizeof stem, "jobs-%.42s", sum->modes[wl].stem);
		snprintf(title, sizeof title, view_big(sum) ?
		    "%s: IOPS by block size x jobs, the best of every depth" :
		    "%s: IOPS by depth x jobs", sum->modes[wl].name);
		vch_entry(out, n, max, stem, title, wl);
	}
	free(jobs);
}

/*
 * The charts this summary gives, into out (at most max): the bottom
 * line's card (report-gnuplot-card.c), the scorecard
 * (when a run has one of its cells), the roofline (two block sizes or
 * more), iops, bw, latency (when latency was measured), saturation and
 * latency-curve (a mode with three depths at a block size), jobs-MODE (a
 * mode at two job counts or more) and series-MODE (a mode with per-second
 * figures).  A chart is made only when it has a point to plot (gnuplot
 * fails on an empty plot, or one whose points are all 0 on a log axis), so
 * imports without per-second series or latency get no such chart.
 */
unsigned
view_chart_list(const struct summary *sum, struct view_chart_entry *out, unsigned max)
{
	bool bars = view_chart_bars(sum), big = view_big(sum);
	unsigned n = 0, m;
	char stem[48], title[96];

	if (sum->nbs == 0 || sum->nseries == 0)
		return 0;
	vch_entry(out, &n, max, "card", "Bottom line: each mode against the caps, and why", 0);
	if (sum->nscore > 0)
		vch_entry(out, &n, max, "scorecard", "Scorecard: SEQ 1M and RND 4K, read and write",
		    0);
	if (sum->has_iops && sum->nbs >= 2)
		vch_entry(out, &n, max, "roofline", "Best IOPS per block size under the caps "
		    "(roofline)", 0);
	if (sum->has_iops)
		vch_entry(out, &n, max, "iops", bars ? "IOPS by block size and queue depth" :
		    big ? "IOPS vs block size, per mode the best of every depth x jobs" :
		    "IOPS vs block size", 0);
	if (sum->has_bw)
		vch_entry(out, &n, max, "bw", bars ? "Throughput (MiB/s) by block size and queue "
		    "depth" : big ? "Throughput (MiB/s) vs block size, per mode the best of every "
		    "depth x jobs" : "Throughput (MiB/s) vs block size", 0);
	if (sum->has_latency)
		vch_entry(out, &n, max, "latency", bars ? "p99 latency by block size and queue "
		    "depth" : big ? "p99 latency vs block size at each mode's lowest depth, "
		    "whiskers p50 to p99.9" : "p99 latency vs block size by queue depth, whiskers p50 "
		    "to p99.9", 0);
	if (sum->has_iops && view_chart_saturates(sum)) {
		vch_entry(out, &n, max, "saturation", "IOPS vs queue depth: where it saturates", 0);
		if (sum->has_latency)
			vch_entry(out, &n, max, "latency-curve", "Latency vs IOPS across queue depths",
			    0);
	}
	vch_list_jobs(sum, out, &n, max);
	for (m = 0; m < sum->nmodes; m++) {
		if (sum->modes[m].ntimed == 0)
			continue;
		snprintf(stem, sizeof stem, "series-%s", sum->modes[m].stem);
		snprintf(title, sizeof title, "%s: IOPS per second, every cell", sum->modes[m].name);
		vch_entry(out, &n, max, stem, title, m);
	}
	return n;
}

/* The title's second line: the target, its model, the date ("2026-11-30 07:59 UTC"). */
static char *
vch_where(const struct results *res)
{
	char date[32];

	snprintf(date, sizeof date, "%.10s %.5s UTC", res->started_utc,
	    strlen(res->started_utc) > 11 ? res->started_utc + 11 : "");
	if (res->target.model[0] != '\0')
		return xasprintf("%s (%s), %s", res->target.path, res->target.model, date);
	return xasprintf("%s, %s", res->target.path, date);
}

/*
 * Each tile's share of its provisioned cap: a 1 MiB tile's MiB/s of the
 * bandwidth cap, a 4 KiB tile's IOPS of the IOPS cap (what holds each);
 * 0 without the cap or the figure.
 */
static void
vch_score_pct(struct view_chart *vc, const struct results *res)
{
	unsigned t, k;

	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++) {
			const struct view_chart_point *p = &vc->score[t][k];
			bool bw = view_score_tiles[t].bs >= MIB;
			double cap = bw ? res->expect.bw_bytes_s / MIB : res->expect.iops;
			double v = p->v[bw ? METRIC_MIB_S : METRIC_IOPS];

			vc->score_pct[t][k] = res->expect.set && p->cell >= 0 && cap > 0 && v > 0 ?
			    v / cap * 100 : 0;
		}
}

/* The scorecard's test line: the region's size, how long each cell measured, the rounds. */
static char *
vch_score_test(const struct results *res)
{
	unsigned rounds = plan_repeat(&res->plan);
	char size[32], per[48];

	if (res->target.total_size == 0 && !view_per_cell_known(res))
		return xstrdup("Test: region and time per cell not recorded.");
	return xasprintf("Test: %s region, %s per cell after a %u s ramp, %u round%s%s.",
	    size_human(res->target.size, size, sizeof size), view_per_cell(res, per, sizeof per),
	    res->plan.ramp_s, rounds, rounds == 1 ? "" : "s",
	    rounds > 1 ? " (each tile its median round)" : "");
}

/* The cells with a per-second series, in run order. */
static void
vch_timed(struct view_chart *vc, const struct results *res, const struct summary *sum)
{
	unsigned i;

	vc->timed = xcalloc(res->plan.ncells + 1, sizeof *vc->timed);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		struct view_chart_timed *t = &vc->timed[vc->ntimed];

		if (!results_cell_has_figures(r) || r->nseries == 0)
			continue;
		t->wl = sum->cell_wl[i];
		t->cell = (int)i;
		t->bs = r->cell.bs;
		t->depth = r->cell.depth;
		t->jobs = r->cell.jobs;
		t->nsec = r->nseries;
		t->ios = r->series_ios;
		t->burst = BURST_NONE;
		if (sum->burst != NULL && (sum->burst[i].kind == BURST_CLIFF ||
		    sum->burst[i].kind == BURST_DECLINE)) {
			t->burst = sum->burst[i].kind;
			t->burst_at_s = sum->burst[i].at_s;
		}
		vc->ntimed++;
	}
}

/* Each workload's best cell at each block size, by IOPS and by MiB/s. */
static void
vch_best(struct view_chart *vc, const struct results *res, const struct summary *sum)
{
	int *best = xcalloc(sum->nbs + 1, sizeof *best);
	unsigned *count = xcalloc(sum->nbs + 1, sizeof *count), k, m, b;

	for (k = 0; k < 2; k++) {
		vc->best[k] = xcalloc((size_t)sum->nmodes * sum->nbs + 1, sizeof *vc->best[k]);
		for (m = 0; m < sum->nmodes; m++) {
			view_best(res, sum, m, k == 0 ? METRIC_IOPS : METRIC_MIB_S, best, count);
			for (b = 0; b < sum->nbs; b++)
				vch_point(&vc->best[k][(size_t)m * sum->nbs + b], res, best[b]);
		}
	}
	free(best);
	free(count);
}

/* The charts' view of a run. */
void
view_chart_build(struct view_chart *vc, const struct results *res, const struct summary *sum)
{
	unsigned s, b, t, k, i;

	memset(vc, 0, sizeof *vc);
	vc->bars = view_chart_bars(sum);
	vc->big = view_big(sum);
	for (i = 0; i < res->plan.ncells && !vc->rounds; i++)
		vc->rounds = res->cells[i].nrounds > 1;
	vc->has_iops = sum->has_iops;
	vc->has_bw = sum->has_bw;
	vc->has_latency = sum->has_latency;
	vc->saturates = view_chart_saturates(sum);
	vc->modes = sum->modes;
	vc->nmodes = sum->nmodes;
	vc->bs = sum->bs;
	vc->nbs = sum->nbs;
	vc->series = sum->series;
	vc->nseries = sum->nseries;
	vc->point = xcalloc((size_t)sum->nseries * sum->nbs + 1, sizeof *vc->point);
	for (s = 0; s < sum->nseries; s++)
		for (b = 0; b < sum->nbs; b++)
			vch_point(&vc->point[(size_t)s * sum->nbs + b], res, sum->series[s].cell[b]);
	vch_best(vc, res, sum);
	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			vch_point(&vc->score[t][k], res, sum->score[t][k]);
	vch_score_pct(vc, res);
	vc->nscore = sum->nscore;
	vc->score_test = vch_score_test(res);
	vc->expect = res->expect;
	vc->verdict = sum->verdict;
	vc->verdict_text = sum->verdict_text;
	vc->title_run = xstrdup(res->label);
	vc->title_where = vch_where(res);
	vch_timed(vc, res, sum);
	vc->nentries = view_chart_list(sum, vc->entry, VIEW_CHARTS_MAX);
	view_chart_throttle_build(vc, res, sum);
	vc->njobs = view_chart_jobs_heats(res, sum, vc->entry, vc->nentries, &vc->jobs);
}

/* Free what view_chart_build allocated. */
void
view_chart_free(struct view_chart *vc)
{
	unsigned i;

	if (vc == NULL)
		return;
	free(vc->point);
	free(vc->best[0]);
	free(vc->best[1]);
	free(vc->score_test);
	free(vc->title_run);
	free(vc->title_where);
	free(vc->timed);
	for (i = 0; i < vc->njobs; i++)
		view_heat_free(&vc->jobs[i]);
	free(vc->jobs);
}
