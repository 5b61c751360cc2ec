/*
 * sweep run --auto (auto.c): the cells are chosen as the run goes, per
 * mode: a coarse block-size pass, bisection around the knee until both
 * caps are settled, a depth search, QD1 latency at 4 KiB; all within
 * --budget.  cmd-run.c and cmd-plan.c call it; it calls the layers below.
 */
#ifndef SWEEP_AUTO_H
#define SWEEP_AUTO_H

#include <limits.h>

#include "base/sweep.h"

#define AUTO_TARGET_PCT		5	/* a cap is settled when its range is within 5% of it */
#define AUTO_DEPTH_GAIN_PCT	5	/* doubling the depth gains less: saturated */
#define AUTO_BUDGET_PER_MODE_S	150	/* the default --budget: 5 min for 2 modes */
#define AUTO_BISECT_MAX		6	/* knee bisection cells per mode, at most */
#define AUTO_LIKE_CELLS_MAX	4096	/* --like: the most cells an earlier run may give */
#define AUTO_RESERVE_NS		(2 * NSEC_PER_SEC)	/* kept for the reports */
#define AUTO_OVERHEAD_S		1	/* a cell's set-up and teardown, at most */
#define AUTO_RAMP_S		1	/* the ramp unless --ramp is given (auto.c says why) */
#define AUTO_RUNTIME_S		6	/* the longest window unless --runtime is given (ditto) */
#define AUTO_AGAIN_MAX		2	/* re-measures of a noisy or stalled cell, at most */
#define AUTOPLAN_NEW		UINT_MAX	/* autoplan_extend: a new cell, not one again */

struct autoplan;

/* What --auto takes from the options; the command fills it (cmd_auto_opts). */
struct auto_opts {
	bool			 bs_given;	/* --bs or a sweep file's bs: the range explored */
	bool			 ramp_given;	/* --ramp on the command line: kept */
	bool			 runtime_given;	/* --runtime on the command line: kept */
	unsigned		 budget_s;	/* --budget; 0 the default */
	const char		*like;		/* --like DIR, or NULL */
};

/* The planner for the modes, depths and jobs of p (the given plan) on t.  Caller frees. */
struct autoplan *autoplan_new(const struct auto_opts *o, const struct plan *p,
	     const struct target *t, uint64_t start_ns);
/* Caller frees. */
struct autoplan *autoplan_start(const struct auto_opts *o, struct plan *p,
	     const struct target *t, uint64_t start_ns);
void	 autoplan_free(struct autoplan *ap);
unsigned autoplan_cells_max(const struct autoplan *ap);
void	 autoplan_print(FILE *f, const struct autoplan *ap, const struct plan *p,
	     const struct target *t);
bool	 autoplan_extend(struct autoplan *ap, struct plan *p, struct results *res,
	     unsigned *again);
void	 autoplan_finish(struct autoplan *ap, struct results *res, FILE *f);
/* auto-rate.c: --rate's cells once the search has ended */
bool	 autoplan_rates_add(struct autoplan *ap, struct plan *p, struct results *res);
void	 autoplan_rates_print(FILE *f, const struct autoplan *ap);
int	 autoplan_like(const struct auto_opts *o, struct plan *p);

/* auto-check.c: what --auto checks in a plan */
int	 autoplan_check_shares(const struct plan *p);
int	 autoplan_check_budget(const struct auto_opts *o, const struct plan *p);
void	 autoplan_times(const struct auto_opts *o, const struct plan *p, unsigned *ramp_s,
	     unsigned *runtime_s);

#endif
