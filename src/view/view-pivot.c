/*
 * The pivot views: a metric of every cell by block size (rows) and
 * workload x queue depth x jobs (columns, a group per workload), each
 * figure with its --repeat interval and its marks.  report.md and
 * report.html show a table per workload, report.xlsx a sheet per metric
 * with every column, from the same view.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* The rounds of res when they ran with --repeat (0 otherwise), and the interval's coverage. */
static unsigned
pivot_rounds(const struct results *res, double *level_pct)
{
	unsigned i, n = plan_repeat(&res->plan);

	*level_pct = 0;
	for (i = 0; i < res->plan.ncells && n > 1; i++)
		if (res->cells[i].nrounds > 1) {
			*level_pct = analysis_rounds_level_pct(n);
			return n;
		}
	return 0;
}

/*
 * Set vc to metric m of cell i: the figure, the interval of the median of
 * its rounds (--repeat), and its marks, each with what it means (the last
 * one given is the cell's note): a failed BW check, a failed cell, a cell
 * that is not steady.
 */
static void
pivot_cell(struct view_cell *vc, const struct results *res, int i, enum view_metric m)
{
	const struct cell_result *r = &res->cells[i];

	vc->value = view_metric_value(r, m);
	vc->kind = isnan(vc->value) ? VIEW_NONE : VIEW_NUMBER;	/* NaN: not given */
	vc->cell = i;
	view_cell_rounds(vc, r, m);
	if (!r->check.ok)
		view_cell_flag(vc, VIEW_MISMATCH, r->check.reason);
	if (r->status == CELL_FAILED)
		view_cell_flag(vc, VIEW_FAILED, r->status_reason);
	view_cell_unsteady(vc, res, i);
}

/* Each workload's title: "randread: IOPS", and how rounds were summed up when they ran. */
static void
pivot_groups(struct view_table *t, const struct results *res, const struct summary *sum,
    enum view_metric metric)
{
	unsigned m, nrounds;
	double level;
	char rounds[192] = "";

	if ((nrounds = pivot_rounds(res, &level)) > 0)
		snprintf(rounds, sizeof rounds, metric >= METRIC_P50_US ?
		    ", of each cell's median round by IOPS of %u (in brackets: the %.4g%% interval of "
		    "the rounds' median)" : ", median of %u rounds (in brackets: the median's %.4g%% "
		    "interval)", nrounds, level);
	t->ngroups = sum->nmodes;
	t->groups = xcalloc(sum->nmodes ? sum->nmodes : 1, sizeof *t->groups);
	for (m = 0; m < sum->nmodes; m++)
		t->groups[m] = xasprintf("%s: %s%s", sum->modes[m].name, view_metric_name(metric),
		    rounds);
}

/* metric of every series (columns) at every block size (rows). */
void
view_pivot(const struct results *res, const struct summary *sum, enum view_metric metric,
    struct view_table *t)
{
	int decimals = metric == METRIC_IOPS ? 0 : 1;
	unsigned s, b;
	char label[32], *name;

	view_table_init(t, view_metric_name(metric), sum->nseries);
	str_copy(t->row_head, sizeof t->row_head, "Block size");
	pivot_groups(t, res, sum, metric);
	for (s = 0; s < sum->nseries; s++) {
		name = xasprintf("%s (%s)", sum->series[s].name, view_metric_name(metric));
		view_table_col(t, s, sum->series[s].column, name, view_metric_name(metric), decimals,
		    (int)sum->series[s].wl);
		free(name);
	}
	for (b = 0; b < sum->nbs; b++) {
		unsigned row = view_table_add_row(t, view_size_label(sum->bs[b], label,
		    sizeof label), (double)sum->bs[b]);

		for (s = 0; s < sum->nseries; s++)
			if (sum->series[s].cell[b] >= 0)
				pivot_cell(view_table_cell(t, row, s), res, sum->series[s].cell[b], metric);
	}
}

/*
 * Latency percentiles at each workload's lowest depth with latency (its
 * lat_series): p50, p99 and p99.9 (a group of three columns per workload
 * that has one) at every block size.  Imported figures without
 * percentiles have none.
 */
void
view_percentiles(const struct results *res, const struct summary *sum, struct view_table *t)
{
	static const enum view_metric pct[] = { METRIC_P50_US, METRIC_P99_US, METRIC_P999_US };
	static const char *const pct_name[] = { "p50", "p99", "p99.9" };
	unsigned m, p, b, c = 0, ncols = 0;
	char label[32], *h, *name;

	for (m = 0; m < sum->nmodes; m++)
		ncols += sum->modes[m].lat_series >= 0 ? 3 : 0;
	view_table_init(t, "Latency percentiles at each mode's lowest queue depth (us)", ncols);
	str_copy(t->row_head, sizeof t->row_head, "Block size");
	for (b = 0; b < sum->nbs; b++)
		view_table_add_row(t, view_size_label(sum->bs[b], label, sizeof label),
		    (double)sum->bs[b]);
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_series *se;

		if (sum->modes[m].lat_series < 0)
			continue;
		se = &sum->series[sum->modes[m].lat_series];
		for (p = 0; p < 3; p++, c++) {
			h = xasprintf("%s %s", se->name, pct_name[p]);
			name = xasprintf("%s %s (us)", se->name, pct_name[p]);
			view_table_col(t, c, h, name, view_metric_name(pct[p]), 1, (int)m);
			free(h);
			free(name);
			for (b = 0; b < sum->nbs; b++)
				if (se->cell[b] >= 0 && res->cells[se->cell[b]].lat_pct_ns[0] != 0)
					view_cell_number(t, b, c, view_metric_value(&res->cells[se->cell[b]],
					    pct[p]), se->cell[b]);
		}
	}
}

/* The index of bs in the summary's ascending block sizes, or -1. */
static int
best_bs_index(const struct summary *sum, uint64_t bs)
{
	unsigned lo = 0, hi = sum->nbs;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (sum->bs[mid] == bs)
			return (int)mid;
		if (sum->bs[mid] < bs)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* Whether v is better than w for metric: more IOPS or throughput, less latency. */
static bool
best_better(enum view_metric metric, double v, double w)
{
	return metric >= METRIC_P50_US ? v < w : v > w;
}

/*
 * The best cell of workload mode (an index of sum->modes) at each block
 * size for metric: best[b] an index into results.cells, -1 when none has
 * the figure; count[b] the cells of that block size.  Both have sum->nbs
 * entries.
 */
void
view_best(const struct results *res, const struct summary *sum, unsigned mode,
    enum view_metric metric, int *best, unsigned *count)
{
	unsigned i, b;

	for (b = 0; b < sum->nbs; b++) {
		best[b] = -1;
		count[b] = 0;
	}
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		double v;
		int k;

		if (sum->cell_wl[i] != mode || !results_cell_has_figures(r) ||
		    (k = best_bs_index(sum, r->cell.bs)) < 0)
			continue;
		count[k]++;
		v = view_metric_value(r, metric);
		if (v > 0 && (best[k] < 0 || best_better(metric, v,
		    view_metric_value(&res->cells[best[k]], metric))))
			best[k] = (int)i;
	}
}

/* Where a cell is in its workload's matrix: "QD8", or "QD8 x4" when some cell ran more jobs. */
const char *
view_best_at(const struct summary *sum, const struct cell_result *r, char *buf, size_t len)
{
	char qd[16];

	qd_text(r->cell.depth, qd, sizeof qd);
	if (sum->multi_jobs)
		snprintf(buf, len, "%s x%u", qd, r->cell.jobs);
	else
		snprintf(buf, len, "%s", qd);
	return buf;
}

/* Workload m's three columns of a best view from column c: best, where, how many cells. */
static void
best_group(struct view_table *t, const struct results *res, const struct summary *sum,
    enum view_metric metric, unsigned m)
{
	int *best = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *best);
	unsigned *count = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *count), b, c = 3 * m;
	char *name = xasprintf("%s best (%s)", sum->modes[m].name, view_metric_name(metric)), at[32];

	view_table_col(t, c, "Best", name, view_metric_name(metric), metric == METRIC_IOPS ? 0 : 1,
	    (int)m);
	view_table_col(t, c + 1, "At", "at", NULL, 0, (int)m);
	t->cols[c + 1].flags = VIEW_COL_WORDS;
	view_table_col(t, c + 2, "Cells", "cells", NULL, 0, (int)m);
	free(name);
	t->groups[m] = xasprintf("%s: %s, the best of every queue depth and job count",
	    sum->modes[m].name, view_metric_name(metric));
	view_best(res, sum, m, metric, best, count);
	for (b = 0; b < sum->nbs; b++) {
		const struct cell_result *r;
		struct view_cell *vc;

		if (count[b] == 0)
			continue;
		vc = view_table_cell(t, b, c + 2);
		vc->kind = VIEW_TEXT;
		vc->text = xasprintf("%u", count[b]);
		if (best[b] < 0)
			continue;
		r = &res->cells[best[b]];
		view_cell_number(t, b, c, view_metric_value(r, metric), best[b]);
		vc = view_table_cell(t, b, c + 1);
		vc->kind = VIEW_TEXT;
		vc->text = xstrdup(view_best_at(sum, r, at, sizeof at));
		vc->cell = best[b];
		vc = view_table_cell(t, b, c);
		if (!r->check.ok)
			view_cell_flag(vc, VIEW_MISMATCH, r->check.reason);
		if (r->status == CELL_FAILED)
			view_cell_flag(vc, VIEW_FAILED, r->status_reason);
	}
	free(best);
	free(count);
}

/*
 * A large run's pivot: per workload (a group of three columns) the best
 * cell of each block size over every queue depth and job count, where it
 * is, and how many cells that block size has.
 */
void
view_pivot_best(const struct results *res, const struct summary *sum, enum view_metric metric,
    struct view_table *t)
{
	unsigned m, b;
	char label[32];

	view_table_init(t, view_metric_name(metric), 3 * sum->nmodes);
	str_copy(t->row_head, sizeof t->row_head, "Block size");
	t->ngroups = sum->nmodes;
	t->groups = xcalloc(sum->nmodes ? sum->nmodes : 1, sizeof *t->groups);
	for (b = 0; b < sum->nbs; b++)
		view_table_add_row(t, view_size_label(sum->bs[b], label, sizeof label),
		    (double)sum->bs[b]);
	for (m = 0; m < sum->nmodes; m++)
		best_group(t, res, sum, metric, m);
}
