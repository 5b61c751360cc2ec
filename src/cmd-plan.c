/* sweep plan [OPTIONS]: print the plan and its duration (and a fio job file); run nothing. */
#include "config.h"

#include <string.h>

#include "auto.h"
#include "cmd.h"
#include "fio.h"
#include "plan.h"
#include "sweep.h"
#include "util.h"

/*
 * A run's command line can be previewed by changing "run" to "plan": plan
 * takes (and checks) every option run does but --resume and --hosts, which
 * would need the stored run or the hosts, plus --fio-jobfile.
 */
static int cmd_plan_exec(struct config *);

const struct cmd_entry cmd_plan_entry = {
	.name = "plan",
	.cmd = CMD_PLAN,
	.usage = "sweep plan [OPTIONS]       print the plan and its duration; run nothing",
	.exec = cmd_plan_exec
};

/* sweep plan --auto [--like DIR]: the strategy, or the cells of DIR; returns the exit code. */
static int
cmd_plan_auto(struct config *cfg, struct target *t, struct plan *p)
{
	struct autoplan *ap;
	struct auto_opts o;
	struct expect expect;

	cmd_auto_opts(cfg, &o);
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

static int
cmd_plan_exec(struct config *cfg)
{
	struct target t;
	struct plan p;
	struct expect expect;
	int ret;

	if (cmd_no_args(cfg) != 0 || cmd_auto_check(cfg) != 0)
		return SWEEP_EXIT_USAGE;
	if ((ret = cmd_target_open(cfg, false, &t, &p)) != 0)
		return ret;
	ret = SWEEP_EXIT_USAGE;
	if (cfg->auto_plan)
		ret = cmd_plan_auto(cfg, &t, &p);
	else if (cmd_target_check(cfg, &t, &p, false, &expect) == 0) {
		plan_print(stdout, &p, &t, true);
		ret = SWEEP_EXIT_OK;
		if (cfg->fio_jobfile != NULL && fio_jobfile_write(&p, &t, cfg->fio_jobfile) != 0)
			ret = SWEEP_EXIT_USAGE;
	}
	plan_free(&p);
	target_free(&t);
	return ret;
}
