/*
 * sweep plan [OPTIONS]: print the plan and its duration (and a fio job
 * file); run nothing.  It refuses what run refuses, with run's line and
 * exit code, and says the caps of --profile/--expect and what a
 * --destructive plan destroys.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "import/fio.h"
#include "io/target.h"
#include "loop/auto.h"
#include "plan/plan.h"
#include "view/view.h"

/*
 * A run's command line can be previewed by changing "run" to "plan": plan
 * takes (and checks) every option run does but --resume and --hosts, which
 * would need the stored run or the hosts, plus --fio-jobfile.
 */
static int cmd_plan_exec(struct config *);

const struct cmd_entry cmd_plan_entry = {
	.name = "plan",
	.cmd = CMD_PLAN,
	.usage = "sweep plan [OPTIONS]",
	.summary = "print the plan and its duration; run nothing",
	.exec = cmd_plan_exec
};

/*
 * The caps of --profile or --expect as the reports will take them: "Caps:
 * 3,000 IOPS, 125 MiB/s (aws-gp3, 100 GiB)"; nothing without them.
 */
static void
cmd_plan_caps(FILE *f, const struct expect *e)
{
	char caps[512], size[32];

	if (!e->set)
		return;
	fprintf(f, "Caps: %s (%s", view_summary_caps(e, caps, sizeof caps),
	    e->profile[0] != '\0' ? e->profile : "--expect");
	if (e->size_bytes > 0)
		fprintf(f, ", %s", size_human(e->size_bytes, size, sizeof size));
	fprintf(f, ")\n");
	if (e->basis[0] != '\0')
		fprintf(f, "Caps basis: %s\n", e->basis);
}

/*
 * The target checks of run (consent to write, signatures, the user's
 * file) and the expectation, run's exit code on a refusal.  Nothing is
 * written: the device a run would hold while it writes is let go.
 */
static int
cmd_plan_check(struct config *cfg, struct target *t, struct plan *p, struct expect *expect)
{
	int err = cmd_target_check(cfg, t, p, true, expect);

	if (t->excl_fd >= 0) {
		close(t->excl_fd);
		t->excl_fd = -1;
	}
	return err != 0 ? cmd_target_check_exit(err) : 0;
}

/* sweep plan --auto [--like DIR]: the strategy, or the cells of DIR; returns the exit code. */
static int
cmd_plan_auto(struct config *cfg, struct target *t, struct plan *p)
{
	struct autoplan *ap;
	struct auto_opts o;
	struct expect expect;
	int ret;

	cmd_auto_opts(cfg, &o);
	if ((o.like != NULL && autoplan_like(&o, p) != 0) ||
	    (o.like == NULL && (autoplan_check_shares(p) != 0 ||
	    autoplan_check_budget(&o, p) != 0)))
		return SWEEP_EXIT_USAGE;
	if ((ret = cmd_plan_check(cfg, t, p, &expect)) != 0)
		return ret;
	if (cmd_out_preview(cfg->out_dir, cfg->label != NULL ? cfg->label : t->name) != 0)
		return SWEEP_EXIT_USAGE;
	ap = autoplan_new(&o, p, t, now_ns());
	autoplan_print(stdout, ap, p, t);
	autoplan_rates_print(stdout, ap);
	cmd_plan_caps(stdout, &expect);
	cmd_target_warn_destroys(stdout, cfg, t, p);
	autoplan_free(ap);
	return SWEEP_EXIT_OK;
}

/* sweep plan of fixed cells: the plan, the caps and warning, the cells; the exit code. */
static int
cmd_plan_fixed(struct config *cfg, struct target *t, struct plan *p)
{
	struct expect expect;
	int ret;

	if ((ret = cmd_plan_check(cfg, t, p, &expect)) != 0)
		return ret;
	if (cmd_out_preview(cfg->out_dir, cfg->label != NULL ? cfg->label : t->name) != 0)
		return SWEEP_EXIT_USAGE;
	plan_print(stdout, p, t, false);
	cmd_plan_caps(stdout, &expect);
	cmd_target_warn_destroys(stdout, cfg, t, p);
	plan_print_cells(stdout, p);
	if (cfg->fio_jobfile != NULL && fio_jobfile_write(p, t, cfg->fio_jobfile) != 0)
		return SWEEP_EXIT_USAGE;
	return SWEEP_EXIT_OK;
}

static int
cmd_plan_exec(struct config *cfg)
{
	struct target t;
	struct plan p;
	unsigned mask;
	int ret;

	if (cmd_no_args(cfg) != 0 || cmd_formats(cfg, &mask) != 0 || cmd_auto_check(cfg) != 0 ||
	    cmd_hold_check(cfg) != 0)
		return SWEEP_EXIT_USAGE;
	if ((ret = cmd_target_open(cfg, false, &t, &p)) != 0)
		return ret;
	ret = cfg->auto_plan ? cmd_plan_auto(cfg, &t, &p) : cmd_plan_fixed(cfg, &t, &p);
	plan_free(&p);
	target_free(&t);
	return ret;
}
