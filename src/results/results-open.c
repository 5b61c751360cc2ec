/*
 * The record without its open-loop cells (--rate): the analyses of a
 * closed loop (caps, knee, curves, stability, the summary) read a
 * cell's IOPS as what the volume does flat out, which a cell held to a
 * rate is not.  results.csv and the Cells sheet keep every cell.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "plan/plan.h"
#include "results/results.h"

/*
 * A cell the closed-loop views leave out: an open-loop cell sweep ran,
 * its latency from the due time and its lag kept.  An import's rate job
 * (fio's rate_iops: latency from the issue, no lag) stays in them, as
 * before fio's rate jobs were read as such.
 */
bool
results_open_own(const struct cell_result *r)
{
	return plan_cell_open(&r->cell) && r->rate_lag_max_ns > 0;
}

/*
 * The cap a rate of c's workload is a share of: the best IOPS of res's
 * closed-loop cells of c's mode, read share and bs that have figures; 0
 * when none has.  The loop sets a percent's rate by it, the latency-load
 * view draws it.
 */
double
results_rate_cap(const struct results *res, const struct cell *c)
{
	double cap = 0;
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!plan_cell_open(&r->cell) && r->cell.mode == c->mode && r->cell.bs == c->bs &&
		    r->cell.rwmixread == c->rwmixread && r->status == CELL_OK && r->iops > cap)
			cap = r->iops;
	}
	return cap;
}

/*
 * res's closed-loop cells alone into out, a shallow copy (their series,
 * rounds and attempts are res's, and res must outlive it), renumbered,
 * and its open-loop cells after them (out->nopen, for the views of the
 * load); false, out untouched, when res has no open-loop cell.  Free out with
 * results_closed_free, never results_free.
 */
bool
results_closed_loop(const struct results *res, struct results *out)
{
	unsigned i, n = 0;

	for (i = 0; i < res->plan.ncells; i++)
		n += !results_open_own(&res->cells[i]);
	if (n == res->plan.ncells)
		return false;
	*out = *res;
	out->nopen = res->plan.ncells - n;
	out->cells = xcalloc(res->plan.ncells, sizeof *out->cells);
	out->plan.cells = xcalloc(n ? n : 1, sizeof *out->plan.cells);
	out->ndone = 0;
	for (i = 0, n = 0; i < res->plan.ncells; i++) {
		if (results_open_own(&res->cells[i]))
			continue;
		out->cells[n] = res->cells[i];
		out->plan.cells[n] = res->plan.cells[i];
		out->cells[n].cell.index = out->plan.cells[n].index = n;
		out->ndone += out->cells[n].status != CELL_PENDING;
		n++;
	}
	out->plan.ncells = n;
	for (i = 0; i < res->plan.ncells; i++)
		if (results_open_own(&res->cells[i]))
			out->cells[n++] = res->cells[i];
	return true;
}

void
results_closed_free(struct results *out)
{
	free(out->cells);
	free(out->plan.cells);
	out->cells = NULL;
	out->plan.cells = NULL;
}

/*
 * Move res's open-loop cells (results_open_own) after the plan's, in
 * place, the rest renumbered: res->nopen of them, out of every view that
 * reads the plan's cells (results_free frees them too); how many moved.
 * For a comparison, which lines up closed-loop cells by mode, bs, depth
 * and jobs (a rate cell has the same) and the open-loop cells apart.
 */
unsigned
results_drop_open(struct results *res)
{
	struct cell_result *open;
	struct cell *open_plan;
	unsigned i, n = 0, k = 0, total = res->plan.ncells;

	open = xcalloc(total ? total : 1, sizeof *open);
	open_plan = xcalloc(total ? total : 1, sizeof *open_plan);
	res->ndone = 0;
	for (i = 0; i < total; i++) {
		if (results_open_own(&res->cells[i])) {
			open_plan[k] = res->plan.cells[i];
			open[k++] = res->cells[i];
			continue;
		}
		res->cells[n] = res->cells[i];
		res->plan.cells[n] = res->plan.cells[i];
		res->cells[n].cell.index = res->plan.cells[n].index = n;
		res->ndone += res->cells[n].status != CELL_PENDING;
		n++;
	}
	memcpy(res->cells + n, open, k * sizeof *open);
	memcpy(res->plan.cells + n, open_plan, k * sizeof *open_plan);
	res->plan.ncells = n;
	res->nopen = k;
	free(open);
	free(open_plan);
	return k;
}
