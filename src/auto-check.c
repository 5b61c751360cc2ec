/*
 * sweep run --auto, the options around it: which go with it, one read share
 * of the mixed modes, a budget that holds a cell of each mode, and --like
 * not writing over the run it copies.  Each refusal is one line (-EINVAL).
 * The planner's side of the config ends here: autoplan_opts takes what
 * auto.c needs, and sweep plan --auto (autoplan_plan) is wired here.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "auto.h"
#include "cmd.h"
#include "plan.h"
#include "util.h"

/*
 * What --auto takes from the options: whether a bs was given (the range it
 * explores), --budget and --like.  The knee's sentence is the caller's.
 */
void
autoplan_opts(const struct config *cfg, struct auto_opts *o)
{
	unsigned i;

	memset(o, 0, sizeof *o);
	for (i = 0; i < cfg->ngroups; i++)
		o->bs_given |= (cfg->group_set[i] & CFG_SET_BS) != 0;
	o->budget_s = cfg->budget_s;
	o->like = cfg->like;
}

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

/* Options that go with --auto only, and those that do not go with it; -EINVAL after one line. */
int
autoplan_check(const struct config *cfg)
{
	if (!cfg->auto_plan && cfg->budget_s != 0) {
		sweep_error("--budget: only with --auto (a plan of fixed cells takes what it takes; "
		    "sweep plan says how long)");
		return -EINVAL;
	}
	if (!cfg->auto_plan && cfg->like != NULL) {
		sweep_error("--like %s: only with --auto (sweep run --auto --like DIR measures the "
		    "cells of the run in DIR)", cfg->like);
		return -EINVAL;
	}
	if (cfg->like != NULL && cfg->out_dir != NULL && path_same_dir(cfg->like, cfg->out_dir)) {
		sweep_error("--like %s -o %s: the run would overwrite the run it copies; give -o a "
		    "new folder", cfg->like, cfg->out_dir);
		return -EINVAL;
	}
	if (cfg->like != NULL && cfg->budget_s != 0) {
		sweep_error("--budget with --like %s: every cell of the run there is measured; "
		    "give one of them", cfg->like);
		return -EINVAL;
	}
	if (cfg->auto_plan && (cfg->repeat > 1 || cfg->rounds_until_steady > 0)) {
		sweep_error("--auto: not with --repeat or --rounds-until-steady (it chooses each cell "
		    "from the ones before)");
		return -EINVAL;
	}
	if (cfg->auto_plan && (cfg->hosts != NULL || cfg->hosts_file != NULL)) {
		sweep_error("--auto: not with --hosts or --hosts-file (fio's client/server mode "
		    "runs a fixed plan)");
		return -EINVAL;
	}
	if (cfg->auto_plan && cfg->resume != NULL) {
		sweep_error("--auto with --resume %s: an --auto run keeps every cell it chose; start "
		    "a new one (with --like %s to measure the same cells)", cfg->resume, cfg->resume);
		return -EINVAL;
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
	unsigned i, k, nmodes = 0, least, need, budget;
	enum rw_mode modes[MODE_COUNT];
	bool steady = plan_steady(p);

	for (i = 0; i < p->ncells; i++) {
		for (k = 0; k < nmodes && modes[k] != p->cells[i].mode; k++)
			;
		if (k == nmodes)
			modes[nmodes++] = p->cells[i].mode;
	}
	least = steady && plan_steady_least(p) < p->runtime_s ? plan_steady_least(p) : p->runtime_s;
	need = (unsigned)(AUTO_RESERVE_NS / NSEC_PER_SEC) + nmodes * (p->ramp_s + least +
	    AUTO_OVERHEAD_S);
	budget = o->budget_s ? o->budget_s : AUTO_BUDGET_PER_MODE_S * nmodes;
	if (budget >= need)
		return 0;
	sweep_error("--budget %us%s: too short for one cell per mode (%u mode%s x (%u s ramp + "
	    "%u s measured + %u s set-up) + %u s for the reports = %u s); give --budget %us or "
	    "more, or a shorter %s or --ramp", budget, o->budget_s ? "" : " (the default)",
	    nmodes, nmodes == 1 ? "" : "s", p->ramp_s, least, AUTO_OVERHEAD_S,
	    (unsigned)(AUTO_RESERVE_NS / NSEC_PER_SEC), need, need,
	    steady ? "--min-runtime" : "--runtime");
	return -EINVAL;
}

/* sweep plan --auto [--like DIR]: the strategy, or the cells of DIR; returns the exit code. */
int
autoplan_plan(struct config *cfg, struct target *t, struct plan *p)
{
	struct autoplan *ap;
	struct auto_opts o;
	struct expect expect;

	autoplan_opts(cfg, &o);
	if ((o.like != NULL && autoplan_like(&o, p) != 0) ||
	    (o.like == NULL && (autoplan_check_shares(p) != 0 ||
	    autoplan_check_budget(&o, p) != 0)) ||
	    cmd_target_check(cfg, t, p, false, &expect) != 0)
		return SWEEP_EXIT_USAGE;
	ap = autoplan_new(&o, p, t, now_ns());
	autoplan_print(stdout, ap, p, t);
	autoplan_free(ap);
	return SWEEP_EXIT_OK;
}
