/*
 * sweep run --auto --like DIR: the cells of an earlier run, measured
 * again, so that sweep compare has every cell in common.  DIR's
 * results.json is untrusted: each cell is checked before it is taken.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "loop/auto.h"
#include "plan/plan.h"
#include "results/results.h"

/* Is cell c of an earlier run one this run can measure?  0, or -EINVAL after one line. */
static int
auto_like_cell(const char *like, const struct plan *p, const struct cell *c)
{
	unsigned k;
	char b[32];

	for (k = 0; k < p->ncells && p->cells[k].mode != c->mode; k++)
		;
	if (k == p->ncells) {
		sweep_error("--like %s: its cells include %s, not among this run's modes (give "
		    "--modes with it%s)", like, mode_name(c->mode), mode_writes(c->mode) ?
		    ", and --destructive on a device" : "");
		return -EINVAL;
	}
	if (c->bs < SWEEP_BS_MIN || c->bs > SWEEP_BS_MAX || c->bs % 512 != 0 || c->depth < 1 ||
	    c->depth > SWEEP_DEPTH_MAX || c->jobs < 1 || c->jobs > SWEEP_JOBS_MAX) {
		sweep_error("--like %s: a cell has block size %s, depth %u, jobs %u: block sizes are "
		    "multiples of 512 up to 64M, depths 1-%u, jobs 1-%u", like,
		    size_short(c->bs, b, sizeof b), c->depth, c->jobs, SWEEP_DEPTH_MAX, SWEEP_JOBS_MAX);
		return -EINVAL;
	}
	return 0;
}

/*
 * --auto --like DIR: p's cells become the measured cells of DIR/results.json
 * (untrusted: each is checked), each with its reason there; the modes must
 * be among p's, so the write guards that p passed still hold.  -EINVAL
 * after one line.
 */
int
autoplan_like(const struct auto_opts *o, struct plan *p)
{
	const char *like = o->like;
	char *path = xasprintf("%s/results.json", like);
	struct results old;
	struct cell *cells;
	unsigned i, k, n = 0;
	int err = -EINVAL;

	if (access(path, F_OK) != 0) {
		sweep_error("--like %s: no results.json there (give the output directory of an "
		    "earlier run)", like);
		free(path);
		return -EINVAL;
	}
	if (analysis_results_load(path, &old) != 0) {
		free(path);
		return -EINVAL;
	}
	free(path);
	cells = xcalloc(old.plan.ncells ? old.plan.ncells : 1, sizeof *cells);
	for (i = 0; i < old.plan.ncells; i++) {
		struct cell c = old.cells[i].cell;

		if (old.cells[i].status == CELL_PENDING)
			continue;
		if (auto_like_cell(like, p, &c) != 0)
			goto out;
		if (n >= AUTO_LIKE_CELLS_MAX) {
			sweep_error("--like %s: more than %u cells", like, AUTO_LIKE_CELLS_MAX);
			goto out;
		}
		for (k = 0; k < n; k++)
			if (cells[k].mode == c.mode && cells[k].bs == c.bs && cells[k].depth == c.depth &&
			    cells[k].jobs == c.jobs)
				break;
		if (k < n)
			continue;
		c.index = n;
		snprintf(c.why, sizeof c.why, "as in %.*s%s%.*s", TEXT_CUT(old.label, 40),
		    old.cells[i].cell.why[0] ? ": " : "", TEXT_CUT(old.cells[i].cell.why, 40));
		cells[n++] = c;
	}
	if (n == 0) {
		sweep_error("--like %s: its results.json has no measured cell", like);
		goto out;
	}
	free(p->cells);
	p->cells = cells;
	p->ncells = n;
	cells = NULL;
	err = 0;
out:
	free(cells);
	results_free(&old);
	return err;
}
