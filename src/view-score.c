/*
 * The scorecard's cells (view.h's score tiles): a tile's own cell, or the
 * nearest one measured that can stand in for it.  How near is
 * VIEW_SCORE_NEAR_LOG2 (view.h): a factor of 8 in block size and a factor
 * of 8 in depth (3 doublings each).  That fills the tiles of the plans
 * people run most (the default depths 1 and 32 give "Q32 for Q8"; an
 * --auto run's depth sweeps at 4 KiB and at its largest size, 8 MiB, give
 * "8M for 1M"), and never lets Q1 stand in for Q32, whose figures differ
 * by the device's parallelism.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "results.h"
#include "view.h"

/* Doublings closer than this are equal (a size of 3k against 4k is 0.415 apart). */
#define SCORE_EPS	1e-9

/* The distance of a from b in doublings; HUGE_VAL when either is 0 (an import gave none). */
static double
score_doublings(double a, double b)
{
	return a > 0 && b > 0 ? fabs(log2(a / b)) : HUGE_VAL;
}

/*
 * Whether a cell dbs and dqd doublings from the tile, of block size bs and
 * depth qd, is nearer than the best so far (at bbs and bqd doublings, of
 * best's size and depth): the nearest block size, then the nearest depth;
 * on a tie the larger; an equal cell is nearer, so the later wins (as in
 * the grid).
 */
static bool
score_nearer(double dbs, double dqd, const struct cell *c, double bbs, double bqd,
    const struct cell *best)
{
	if (fabs(dbs - bbs) > SCORE_EPS)
		return dbs < bbs;
	if (c->bs != best->bs)
		return c->bs > best->bs;
	if (fabs(dqd - bqd) > SCORE_EPS)
		return dqd < bqd;
	return c->depth >= best->depth;
}

/*
 * The cell of tile's mode k (0 read, 1 write) at one job that fills it:
 * the exact cell, else the nearest within VIEW_SCORE_NEAR_LOG2 (by
 * score_nearer).  -1 when none is that near.
 */
int
view_score_cell(const struct results *res, const struct score_tile *tile, unsigned k)
{
	double best_bs = HUGE_VAL, best_qd = HUGE_VAL, dbs, dqd;
	unsigned i;
	int best = -1;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->cell.mode != tile->mode[k] || r->cell.jobs != 1 ||
		    !results_cell_has_figures(r))
			continue;
		dbs = score_doublings((double)r->cell.bs, (double)tile->bs);
		dqd = score_doublings(r->cell.depth, tile->depth);
		if (dbs > VIEW_SCORE_NEAR_LOG2 + SCORE_EPS || dqd > VIEW_SCORE_NEAR_LOG2 + SCORE_EPS)
			continue;
		if (best >= 0 && !score_nearer(dbs, dqd, &r->cell, best_bs, best_qd,
		    &res->cells[best].cell))
			continue;
		best = (int)i;
		best_bs = dbs;
		best_qd = dqd;
	}
	return best;
}
