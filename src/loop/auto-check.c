/*
 * sweep run --auto, what it checks in a plan: one read share of the mixed
 * modes, and a budget that holds a cell of each mode.  Each refusal is one
 * line (-EINVAL).  The options around --auto are the commands' to read
 * (cmd_auto_check, cmd_auto_opts in cmd-shared.c): nothing here sees
 * struct config.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/util.h"
#include "loop/auto.h"
#include "plan/plan.h"

/*
 * --auto chooses the cells of each mode, at one read share: a plan whose
 * mixed cells (readwrite, randrw) have several is refused.  0, or -EINVAL
 * after one line.
 */
int
autoplan_check_shares(const struct plan *p)
{
	unsigned i, first = 101;

	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];
		unsigned r = plan_cell_rwmixread(p, c);

		if (!mode_reads(c->mode) || !mode_writes(c->mode))
			continue;
		if (first <= 100 && r != first) {
			sweep_error("--rwmixread: one read share with --auto (it chooses the cells of "
			    "each mode; %u%% and %u%% were given); run --auto once per share", first, r);
			return -EINVAL;
		}
		first = r;
	}
	return 0;
}

/*
 * Can the budget hold one cell of each mode of p (its ramp, the least it
 * measures, its set-up), and what the reports keep?  A run that cannot
 * would measure nothing and end as if it had.  0, or -EINVAL after one line.
 */
int
autoplan_check_budget(const struct auto_opts *o, const struct plan *p)
{
	unsigned i, k, nmodes = 0, least, need, budget, ramp;
	enum rw_mode modes[MODE_COUNT];
	struct plan q = *p;
	bool steady;

	autoplan_times(o, p, &ramp, &q.runtime_s);
	steady = plan_steady(&q);

	for (i = 0; i < p->ncells; i++) {
		for (k = 0; k < nmodes && modes[k] != p->cells[i].mode; k++)
			;
		if (k == nmodes)
			modes[nmodes++] = p->cells[i].mode;
	}
	least = steady && plan_steady_least(&q) < q.runtime_s ? plan_steady_least(&q) : q.runtime_s;
	need = (unsigned)(AUTO_RESERVE_NS / NSEC_PER_SEC) + nmodes * (ramp + least +
	    AUTO_OVERHEAD_S);
	budget = o->budget_s ? o->budget_s : AUTO_BUDGET_PER_MODE_S * nmodes;
	if (budget >= need)
		return 0;
	sweep_error("--budget %us%s: too short for one cell per mode (%u mode%s x (%u s ramp + "
	    "%u s measured + %u s set-up) + %u s for the reports = %u s); give --budget %us or "
	    "more, or a shorter %s or --ramp", budget, o->budget_s ? "" : " (the default)",
	    nmodes, nmodes == 1 ? "" : "s", ramp, least, AUTO_OVERHEAD_S,
	    (unsigned)(AUTO_RESERVE_NS / NSEC_PER_SEC), need, need,
	    steady ? "--min-runtime" : "--runtime");
	return -EINVAL;
}

/*
 * The ramp and the longest window of --auto's cells: AUTO_RAMP_S and
 * AUTO_RUNTIME_S, or the plan's where --ramp or --runtime is given or
 * shorter (auto.c says why).
 */
void
autoplan_times(const struct auto_opts *o, const struct plan *p, unsigned *ramp_s,
    unsigned *runtime_s)
{
	*ramp_s = o->ramp_given || p->ramp_s < AUTO_RAMP_S ? p->ramp_s : AUTO_RAMP_S;
	*runtime_s = o->runtime_given || p->runtime_s < AUTO_RUNTIME_S ? p->runtime_s :
	    AUTO_RUNTIME_S;
}
