/*
 * Reports of large runs (issue 16): an import of 100,000 rows is no table
 * a reader can use whole.  Above REPORT_CELLS_LISTED cells with figures,
 * the per-cell tables of report.md and report.html list the first
 * REPORT_CELLS_LISTED rows and say so (report_table_full), and each mode's
 * table gives, at each block size, its best cell over every queue depth
 * and job count instead of a column per depth x jobs.  results.csv and
 * report.xlsx keep every cell.  Runs of ordinary size are not touched.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Whether the run has too many cells to lay out cell by cell in md and html. */
bool
report_big(const struct summary *sum)
{
	return sum->ndone > REPORT_CELLS_LISTED;
}

/* The index of bs in the summary's ascending block sizes, or -1. */
static int
big_bs_index(const struct summary *sum, uint64_t bs)
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
big_better(enum report_metric metric, double v, double w)
{
	return metric >= METRIC_P50_US ? v < w : v > w;
}

/*
 * The best cell of mode (an index of sum->modes) at each block size for
 * metric: best[b] an index into results.cells, -1 when none has the figure;
 * count[b] the cells of that block size.  Both have sum->nbs entries.
 */
void
report_big_best(const struct report_ctx *ctx, unsigned mode, enum report_metric metric, int *best,
    unsigned *count)
{
	const struct summary *sum = ctx->sum;
	unsigned i, b;

	for (b = 0; b < sum->nbs; b++) {
		best[b] = -1;
		count[b] = 0;
	}
	for (i = 0; i < ctx->res->plan.ncells; i++) {
		const struct cell_result *r = &ctx->res->cells[i];
		double v;
		int k;

		if (sum->cell_wl[i] != mode || !results_cell_has_figures(r) ||
		    (k = big_bs_index(sum, r->cell.bs)) < 0)
			continue;
		count[k]++;
		v = report_metric_value(r, metric);
		if (v > 0 && (best[k] < 0 || big_better(metric, v,
		    report_metric_value(&ctx->res->cells[best[k]], metric))))
			best[k] = (int)i;
	}
}

/* Where a cell is in its mode's matrix: "QD8", or "QD8 x4" when some cell ran more jobs. */
const char *
report_big_at(const struct summary *sum, const struct cell_result *r, char *buf, size_t len)
{
	if (sum->multi_jobs)
		snprintf(buf, len, "QD%u x%u", r->cell.depth, r->cell.jobs);
	else
		snprintf(buf, len, "QD%u", r->cell.depth);
	return buf;
}

/*
 * One metric of one mode (an index of sum->modes) as the best per block
 * size: its figure, the queue depth and jobs of the cell it is from, and
 * how many cells of that block size there were.  Caller frees (_free).
 */
void
report_big_pivot(const struct report_ctx *ctx, unsigned mode, enum report_metric metric,
    struct report_table *t)
{
	static const char *const header[] = { "Block size", "Best", "At", "Cells" };
	const struct summary *sum = ctx->sum;
	int *best = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *best);
	unsigned *count = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *count), b;
	char title[192], a[64];

	report_big_best(ctx, mode, metric, best, count);
	snprintf(title, sizeof title, "%s: %s, the best of every queue depth and job count",
	    sum->modes[mode].name, report_metric_name(metric));
	report_table_init(t, title, 4, header);
	t->numeric[1] = t->numeric[3] = true;
	for (b = 0; b < sum->nbs; b++) {
		const struct cell_result *r;
		unsigned row;

		if (count[b] == 0)
			continue;
		row = report_table_add_row(t);
		report_table_set(t, row, 0, "%s", report_size_label(sum->bs[b], a, sizeof a));
		report_table_set(t, row, 3, "%u", count[b]);
		if (best[b] < 0) {
			report_table_set(t, row, 1, "-");
			report_table_set(t, row, 2, "-");
			continue;
		}
		r = &ctx->res->cells[best[b]];
		report_table_set(t, row, 1, "%s", report_num(report_metric_value(r, metric),
		    metric == METRIC_IOPS ? 0 : 1, a, sizeof a));
		report_table_set(t, row, 2, "%s", report_big_at(sum, r, a, sizeof a));
		if (!r->check.ok)
			report_table_flag(t, row, 1, REPORT_FLAG_MISMATCH, r->check.reason);
		if (r->status == CELL_FAILED)
			report_table_flag(t, row, 1, REPORT_FLAG_FAILED, r->status_reason);
	}
	free(best);
	free(count);
}
