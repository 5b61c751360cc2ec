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

#include "results/results.h"
#include "view/view.h"

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
static int
score_cell(const struct results *res, const struct score_tile *tile, unsigned k)
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

/*
 * Every tile's cell (score_cell) of tiles (SCORE_TILES of them,
 * view_score_tiles), each cell in one tile at most: a
 * stand-in that two tiles of a column would share (randread 4K QD8 for
 * both RND 4K Q32 and Q1) fills the one it is nearer to, by depth (the
 * tiles of a size share it), on a tie the first; the other is not
 * measured, rather than show one figure twice for depths apart.
 */
void
view_score_fill(const struct results *res, const struct score_tile *tiles,
    int score[SCORE_TILES][2])
{
	unsigned t, u, k;

	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			score[t][k] = score_cell(res, &tiles[t], k);
	for (k = 0; k < 2; k++)
		for (t = 0; t < SCORE_TILES; t++)
			for (u = t + 1; u < SCORE_TILES; u++) {
				double dt, du;
				const struct cell *c;

				if (score[t][k] < 0 || score[u][k] != score[t][k])
					continue;
				c = &res->cells[score[t][k]].cell;
				dt = score_doublings((double)c->bs, (double)tiles[t].bs) +
				    score_doublings(c->depth, tiles[t].depth);
				du = score_doublings((double)c->bs, (double)tiles[u].bs) +
				    score_doublings(c->depth, tiles[u].depth);
				if (du < dt - SCORE_EPS)
					score[t][k] = -1;
				else
					score[u][k] = -1;
			}
}
