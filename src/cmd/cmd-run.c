/* sweep [run] [OPTIONS]: run the plan on the target and write the reports. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "import/fio.h"
#include "io/target.h"
#include "loop/auto.h"
#include "loop/sweep-loop.h"
#include "options/options.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/results.h"

static int cmd_run_exec(struct config *);

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.cmd = CMD_RUN,
	.usage = "sweep [run] [OPTIONS]",
	.summary = "run a sweep and write its reports",
	.exec = cmd_run_exec
};

static void
run_on_signal(int sig)
{
	(void)sig;
	if (sweep_interrupted) {
		/* Second signal: every output is temp file + rename, so nothing is half-written. */
		_exit(SWEEP_EXIT_INTERRUPTED);
	}
	sweep_interrupted = 1;
}

/* From here on SIGINT and SIGTERM stop the run after the current cell. */
static void
run_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = run_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* After each cell: results.json and results.csv, so an interrupted run keeps them. */
static int
run_save(const struct results *res, const char *dir)
{
	char *json = xasprintf("%s/results.json", dir), *csv = xasprintf("%s/results.csv", dir);
	int err = results_write_json(res, json);
	struct view_rows rows;

	if (err != 0)
		sweep_error("%s: %s", json, strerror(-err));
	else if ((view_rows_init(&rows, res, VIEW_ROWS_FINISHED),
	    err = report_csv_write(&rows, csv)) != 0)
		sweep_error("%s: %s", csv, strerror(-err));
	free(json);
	free(csv);
	return err;
}

/* Device checks before the first cell: precondition, or warn about a fresh volume. */
static int
run_device_checks(struct config *cfg, struct target *t, struct results *res)
{
	unsigned samples;
	int fresh;

	if (t->kind != TARGET_DEVICE)
		return 0;
	if (cfg->precondition)
		return target_device_precondition(t, cfg->quiet);
	fresh = target_device_looks_fresh(t, res->plan.io_timeout_s, &samples);
	if (fresh == 1)
		results_warn(res, "%s looks freshly created: all %u sampled blocks are zero. "
		    "Some cloud volumes answer reads of never-written blocks without touching "
		    "storage, which inflates read results; --precondition --destructive writes "
		    "the region first", t->path, samples);
	/* Interrupted (said): the run stops before its first cell and keeps a results.json. */
	return fresh == -ETIMEDOUT ? fresh : 0;
}

/*
 * --resume DIR: the target and plan come from DIR/results.json unless the
 * command line gives them again, in which case they must be the same.
 */
static int
resume_load(struct config *cfg, struct results *old)
{
	char *path = xasprintf("%s/results.json", cfg->resume);
	int err;

	if (access(path, F_OK) != 0) {
		sweep_error("--resume %s: no results.json there (give the output directory of an "
		    "interrupted run)", cfg->resume);
		free(path);
		return -EINVAL;
	}
	err = analysis_results_load(path, old);
	if (err == 0 && (err = options_plan_check(path, &old->plan)) != 0)
		results_free(old);
	free(path);
	if (err != 0)
		return err;
	if (cfg->out_dir != NULL && !path_same_dir(cfg->out_dir, cfg->resume)) {
		sweep_error("--resume %s -o %s: a resumed run writes into %s; leave out -o (or copy "
		    "%s to %s and resume that)", cfg->resume, cfg->out_dir, cfg->resume,
		    cfg->resume, cfg->out_dir);
		results_free(old);
		return -EINVAL;
	}
	if (cfg->device == NULL && cfg->file == NULL) {
		if (old->target.kind == TARGET_DEVICE)
			cfg->device = xstrdup(old->target.path);
		else if (strcmp(old->target.path, "sweep.dat") != 0)
			cfg->file = xstrdup(target_resume_path(&old->target));
	}
	if (!cfg->size_set) {
		cfg->size = old->target.size;
		cfg->size_set = true;
	}
	if (cfg->label == NULL)
		cfg->label = xstrdup(old->label);
	return 0;
}

/*
 * The values of one matrix key over p's cells, in order and once each, as
 * text ("4k,64k"): key 0 modes, 1 bs, 2 depth, 3 jobs, 4 the read shares of
 * the mixed cells.
 */
static void
resume_key_text(const struct plan *p, unsigned key, char *buf, size_t len)
{
	uint64_t *v = xcalloc(p->ncells ? p->ncells : 1, sizeof *v), x;
	unsigned i, k, n = 0;
	size_t used = 0;
	char b[32];

	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];

		if (key == 4 && !(mode_reads(c->mode) && mode_writes(c->mode)))
			continue;
		x = key == 0 ? c->mode : key == 1 ? c->bs : key == 2 ? c->depth :
		    key == 3 ? c->jobs : plan_cell_rwmixread(p, c);
		for (k = n; k > 0 && v[k - 1] > x; k--)
			v[k] = v[k - 1];
		if (k > 0 && v[k - 1] == x) {
			memmove(&v[k], &v[k + 1], (n - k) * sizeof *v);
			continue;
		}
		v[k] = x;
		n++;
	}
	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "", key == 0 ?
		    mode_name((enum rw_mode)v[i]) : key == 1 ? size_short(v[i], b, sizeof b) :
		    (snprintf(b, sizeof b, "%llu", (unsigned long long)v[i]), b));
	if (n == 0 && key == 4)
		snprintf(buf, len, "%u", p->rwmixread);
	free(v);
}

/* How many rounds plan p runs, as its options say it. */
static const char *
resume_rounds_text(const struct plan *p, char *buf, size_t len)
{
	if (p->until_steady)
		snprintf(buf, len, "--rounds-until-steady %u", plan_repeat(p));
	else if (plan_repeat(p) > 1)
		snprintf(buf, len, "--repeat %u", plan_repeat(p));
	else
		snprintf(buf, len, "one round");
	return buf;
}

/*
 * Does plan option name, given again on resume, differ from the run stored
 * (a: stored, b: as the command line builds it)?  Then why says how, "X
 * there, Y here".  The target's options are checked with the target.
 */
static bool
resume_option_differs(const char *name, const struct plan *a, const struct plan *b, char *why,
    size_t len)
{
	static const char *const keys[] = { "modes", "bs", "depth", "jobs", "rwmixread" };
	char x[512], y[512];
	unsigned k;

#define RESUME_SAME(opt, field) \
	if (strcmp(name, opt) == 0) { \
		snprintf(why, len, "%llu there, %llu here", (unsigned long long)a->field, \
		    (unsigned long long)b->field); \
		return a->field != b->field; \
	}
	RESUME_SAME("runtime", runtime_s);
	RESUME_SAME("ramp", ramp_s);
	RESUME_SAME("seed", seed);
	RESUME_SAME("steady", steady_pct);
	RESUME_SAME("steady-window", steady_window_s);
	RESUME_SAME("min-runtime", min_runtime_s);
#undef RESUME_SAME
	if (strcmp(name, "engine") == 0) {
		snprintf(why, len, "%s there, %s here", a->engine, b->engine);
		return strcmp(a->engine, b->engine) != 0;
	}
	if (strcmp(name, "repeat") == 0 || strcmp(name, "rounds-until-steady") == 0) {
		snprintf(why, len, "%s there, %s here", resume_rounds_text(a, x, sizeof x),
		    resume_rounds_text(b, y, sizeof y));
		return a->until_steady != b->until_steady || plan_repeat(a) != plan_repeat(b);
	}
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (strcmp(name, keys[k]) == 0) {
			resume_key_text(a, k, x, sizeof x);
			resume_key_text(b, k, y, sizeof y);
			snprintf(why, len, "%.200s there, %.200s here", x, y);
			return strcmp(x, y) != 0 || (k == 4 && a->rwmixread != b->rwmixread);
		}
	if (strcmp(name, "sweep") == 0 && plan_compare(a, b, why, len) != 0) {
		if (a->ncells != b->ncells)
			snprintf(why, len, "%u cells there, %u here", a->ncells, b->ncells);
		return true;
	}
	return false;
}

/*
 * The plan options given again on resume: each one equal to the stored run's
 * is accepted, the first that differs is named.  0, or -EINVAL after one line.
 */
static int
resume_options_check(const struct config *cfg, const struct plan *old, const struct plan *p)
{
	char why[512];
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const char *name = options_name(i);

		if (!options_given(cfg, name) ||
		    !resume_option_differs(name, old, p, why, sizeof why))
			continue;
		sweep_error("--resume %s --%s: differs from the run there (%s); leave --%s out to "
		    "resume the stored plan, or start a new run", cfg->resume, name, why, name);
		return -EINVAL;
	}
	return 0;
}

/* Refuse to resume onto another target or plan; adopt the stored plan otherwise. */
static int
resume_check(struct config *cfg, struct results *old, struct target *t, struct plan *p)
{
	char why[PATH_MAX * 2 + 128];

	if (target_same(&old->target, t, why, sizeof why) != 0) {
		sweep_error("--resume %s: %s; resume on the same target", cfg->resume, why);
		return -EINVAL;
	}
	if (resume_options_check(cfg, &old->plan, p) != 0)
		return -EINVAL;
	plan_free(p);
	*p = old->plan;
	p->cells = xcalloc(old->plan.ncells, sizeof *p->cells);
	memcpy(p->cells, old->plan.cells, old->plan.ncells * sizeof *p->cells);
	/* --retry-unstable given again replaces the run's: a finished run can retry its cells. */
	if (cfg->retry_unstable_set)
		p->retry_unstable = cfg->retry_unstable;
	if (p->retry_unstable > 0 && plan_repeat(p) > 1) {
		sweep_error("--retry-unstable %u: not with the %u rounds of the run in %s (the rounds' "
		    "spread is what shows an unsteady cell)", p->retry_unstable, plan_repeat(p),
		    cfg->resume);
		return -EINVAL;
	}
	return 0;
}

/*
 * Run every pending cell through the loop (sweep-loop.c): the plan's
 * rounds or --auto's cells, then --retry-unstable's attempts; then the
 * reports.  Returns the exit code.
 */
static int
run_cells(struct config *cfg, struct target *t, struct plan *p, struct results *res,
    struct autoplan *ap, const char *out, unsigned mask)
{
	struct sweep_loop l = {
		.plan = p, .res = res, .path = t->path, .out = out, .quiet = cfg->quiet,
		.stop_on_error = cfg->stop_on_error, .save = run_save,
		.exec = { .ops = &loop_executor_native, .arg = t },
	};
	struct loop_rounds rounds;
	struct loop_auto au = { .ap = ap };
	struct loop_retry retry;
	char *conclusions = NULL, *ticket = NULL;
	bool interrupted;
	int err;

	if (ap != NULL)
		sweep_loop_add(&l, &loop_source_auto, &au);
	else
		sweep_loop_add(&l, &loop_source_rounds, &rounds);
	sweep_loop_add(&l, &loop_source_retry, &retry);
	if ((err = sweep_loop_run(&l)) != 0)
		return err;
	/*
	 * A report that cannot be written (a chart gnuplot failed on) fails the run, as in
	 * report.  The interrupt that ended the cells must not stop the charts of the
	 * finished ones; a second one during the charts does.
	 */
	interrupted = l.interrupted;
	sweep_interrupted = 0;
	err = report_write_all(res, out, &(struct report_opts){ .formats = mask,
	    .gnuplot = cfg->gnuplot, .conclusions = &conclusions,
	    .ticket = cfg->ticket ? &ticket : NULL });
	interrupted = interrupted || sweep_interrupted;
	sweep_loop_summary(&l);
	report_terminal(stdout, conclusions, out, err == 0 ? mask : 0);
	if (ticket != NULL)
		printf("\nTicket:\n%s", ticket);
	free(conclusions);
	free(ticket);
	if (interrupted)
		return SWEEP_EXIT_INTERRUPTED;
	return l.failed || err != 0 ? SWEEP_EXIT_FAILED : SWEEP_EXIT_OK;
}

/*
 * Interrupted while laying out the file: nothing was measured.  results.json
 * (no cells, interrupted) lets --resume go on; the half-written file fails
 * the layout check (target_file_needs_layout), so it is laid out again
 * before any cell.
 */
static int
run_layout_interrupted(struct config *cfg, struct target *t, struct plan *p,
    struct results *old, const char *out)
{
	struct results res;
	char a[32], b[32];

	if (cfg->resume != NULL) {
		res = *old;
		memset(old, 0, sizeof *old);
	} else
		results_create(&res, cfg->label, cfg->description, t, p);
	res.interrupted = true;
	if (run_save(&res, out) == 0)
		sweep_error("interrupted while laying out %s (%s of %s written, nothing measured); "
		    "sweep run --resume %s lays it out again and runs the plan", t->path,
		    size_human(t->written, a, sizeof a), size_human(t->size, b, sizeof b), out);
	results_free(&res);
	return SWEEP_EXIT_INTERRUPTED;
}

/*
 * An interrupt while --precondition wrote the device: say how far it got,
 * keep a results.json of no cells, and say how to go on (a resume writes
 * the whole region again when --precondition is given again).
 */
static int
run_precondition_interrupted(const struct target *t, struct results *res, const char *out)
{
	char a[32], b[32];

	res->interrupted = true;
	if (run_save(res, out) == 0)
		sweep_error("interrupted while preconditioning %s (%s of %s written, nothing "
		    "measured); sweep run --resume %s --precondition --destructive preconditions it "
		    "again and runs the plan", t->path, size_human(t->written, a, sizeof a),
		    size_human(t->size, b, sizeof b), out);
	return SWEEP_EXIT_INTERRUPTED;
}

/* Lay out the target, start the results (or take the resumed ones) and run the cells. */
static int
run_measure(struct config *cfg, struct target *t, struct plan *p, struct results *old,
    const struct expect *expect, struct autoplan *ap, const char *out, unsigned mask)
{
	struct results res;
	int ret;

	if (ap != NULL) {
		autoplan_print(stdout, ap, p, t);
		autoplan_rates_print(stdout, ap);
	} else
		plan_print(stdout, p, t, false);
	if (!expect->set && target_ident_profiles(t->identity) != NULL)
		printf("Profiles that fit: %s (--profile NAME to check it against its spec)\n",
		    target_ident_profiles(t->identity));
	if (cfg->resume != NULL && plan_repeat(p) > 1)
		printf("Resuming: %u of %u cell runs done (%u rounds of %u cells)\n",
		    results_rounds_done(old), plan_repeat(p) * p->ncells, plan_repeat(p), p->ncells);
	else if (cfg->resume != NULL)
		printf("Resuming: %u of %u cells done\n", old->ndone, p->ncells);
	printf("Output: %s\n", out);
	fflush(stdout);
	run_signals_install();
	if (target_prepare(t, cfg->quiet) != 0) {
		ret = sweep_interrupted ? run_layout_interrupted(cfg, t, p, old, out) :
		    SWEEP_EXIT_FAILED;
		target_cleanup(t, cfg->keep);
		return ret;
	}
	if (cfg->resume != NULL) {
		res = *old;
		memset(old, 0, sizeof *old);
	} else
		results_create(&res, cfg->label, cfg->description, t, p);
	res.plan.retry_unstable = p->retry_unstable;
	if (expect->set)
		results_set_expect(&res, expect);
	if (t->devname[0] == '\0')
		results_warn(&res, "no block device under %s (%s): device counters and the device "
		    "leg of the BW check are unavailable", t->path, t->fs_type);
	if (t->unlaid)
		results_warn(&res, "%s was read as it is, with holes or unwritten extents in the "
		    "region: reads of them never reach the device and inflate the read figures (an "
		    "existing file that sweep did not create is not laid out without --destructive)",
		    t->path);
	if (t->loop_dio == 0)
		results_warn(&res, "%s is a buffered loop device (direct I/O off): its figures "
		    "mostly measure the host's page cache; use losetup --direct-io=on", t->path);
	if (run_device_checks(cfg, t, &res) != 0)
		ret = sweep_interrupted ? run_precondition_interrupted(t, &res, out) :
		    SWEEP_EXIT_FAILED;
	else
		ret = run_cells(cfg, t, p, &res, ap, out, mask);
	target_cleanup(t, cfg->keep);
	results_free(&res);
	return ret;
}

/*
 * sweep run --hosts H1[:PORT],H2,... | --hosts-file FILE: the plan on every
 * host at once through fio's client/server mode (hosts.c).  The plan and
 * the output folder are set up as for a local run; the target is remote.
 */
/* What --hosts takes from the options. */
static void
run_hosts_opts(const struct config *cfg, struct hosts_opts *o)
{
	*o = (struct hosts_opts){
		.hosts = cfg->hosts, .hosts_file = cfg->hosts_file, .device = cfg->device,
		.file = cfg->file, .size = cfg->size, .size_set = cfg->size_set, .keep = cfg->keep,
		.destructive = cfg->destructive, .precondition = cfg->precondition,
		.stop_on_error = cfg->stop_on_error, .resume = cfg->resume,
	};
}

static int
run_hosts(struct config *cfg, unsigned mask)
{
	struct hosts_opts o;
	struct hosts_run_opts ro;
	struct host_list l;
	struct hosts_outcome ho;
	struct compare_fleet fleet;
	struct loop_hosts h;
	struct loop_executor exec = { .ops = &loop_executor_hosts, .arg = &h };
	struct plan p;
	struct target t;
	char *out = NULL;
	int ret = SWEEP_EXIT_USAGE, lock;
	unsigned k;

	memset(&p, 0, sizeof p);
	memset(&t, 0, sizeof t);
	run_hosts_opts(cfg, &o);
	if (hosts_list_read(&o, &l) != 0)
		goto out;
	if (cfg->retry_unstable > 0) {
		sweep_error("--retry-unstable %u: not with --hosts (fio's client/server mode runs the "
		    "plan once); run the unstable cells again locally", cfg->retry_unstable);
		goto out;
	}
	if (cfg->repeat > 1) {
		sweep_error("--repeat %u: not with --hosts (fio's client/server mode runs the plan "
		    "once); run it again for another round", cfg->repeat);
		goto out;
	}
	if (cmd_plan_build(cfg, cfg->device != NULL, &p) != 0)
		goto out;
	for (k = 0; k < p.ncells; k++)
		if (plan_cell_rwmixread(&p, &p.cells[k]) != p.rwmixread &&
		    (p.cells[k].mode == MODE_READWRITE || p.cells[k].mode == MODE_RANDRW)) {
			sweep_error("--rwmixread: one read share with --hosts (fio's job names do not "
			    "carry it); run each share as its own sweep");
			goto out;
		}
	hosts_target(&o, &t);
	p.size = t.size;
	if (hosts_check(&o, &p, t.size) != 0)
		goto out;
	out = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    cmd_out_default(cfg->label != NULL ? cfg->label : "hosts");
	if (cmd_out_prepare(out, cfg->out_dir != NULL ? "--out" : "default output", false) != 0)
		goto out;
	if ((lock = cmd_out_lock(out, cfg->out_dir != NULL ? "--out" : "output folder")) < 0)
		goto out;
	ro = (struct hosts_run_opts){ .out = out, .label = cfg->label,
	    .description = cfg->description };
	h = (struct loop_hosts){ .hosts = &l, .target = &t, .opts = &ro, .outcome = &ho };
	ret = sweep_loop_run_plan(&exec, &p);
	fleet = (struct compare_fleet){ .label = cfg->label, .hosts = &l, .total = ho.total };
	if (ho.res != NULL && cmd_hosts_save(out, &fleet, ho.res, p.ncells, mask, cfg->gnuplot) > 0 &&
	    ret == SWEEP_EXIT_OK)
		ret = SWEEP_EXIT_FAILED;
	hosts_outcome_free(&l, &ho);
	cmd_run_unlock(lock, out);
out:
	free(out);
	target_free(&t);
	plan_free(&p);
	free(l.h);
	return ret;
}

static int
cmd_run_exec(struct config *cfg)
{
	struct target t;
	struct plan p;
	struct results old;
	struct expect expect;
	struct auto_opts ao;
	struct autoplan *ap = NULL;
	char *out = NULL;
	unsigned mask;
	int ret = SWEEP_EXIT_USAGE, lock, err;
	uint64_t start = now_ns();

	memset(&old, 0, sizeof old);
	if (cmd_no_args(cfg) != 0 || cmd_formats(cfg, &mask) != 0 || cmd_auto_check(cfg) != 0 ||
	    cmd_hold_check(cfg) != 0)
		return SWEEP_EXIT_USAGE;
	if (cfg->hosts != NULL || cfg->hosts_file != NULL)
		return run_hosts(cfg, mask);
	if (cfg->resume != NULL && resume_load(cfg, &old) != 0)
		return SWEEP_EXIT_USAGE;
	if ((ret = cmd_target_open(cfg, true, &t, &p)) != 0) {
		results_free(&old);
		return ret;
	}
	ret = SWEEP_EXIT_USAGE;
	if (cfg->resume != NULL && resume_check(cfg, &old, &t, &p) != 0)
		goto out;
	cmd_auto_opts(cfg, &ao);
	if (ao.like != NULL && autoplan_like(&ao, &p) != 0)
		goto out;
	if (cfg->auto_plan && ao.like == NULL && (autoplan_check_shares(&p) != 0 ||
	    autoplan_check_budget(&ao, &p) != 0))
		goto out;
	if ((err = cmd_target_check(cfg, &t, &p, true, &expect)) != 0) {
		ret = cmd_target_check_exit(err);
		goto out;
	}
	if (cfg->resume != NULL)
		out = xstrdup(cfg->resume);
	else if (cfg->out_dir != NULL)
		out = xstrdup(cfg->out_dir);
	else
		out = cmd_out_default(cfg->label != NULL ? cfg->label : t.name);
	if (cmd_out_prepare(out, cfg->resume != NULL ? "--resume" : cfg->out_dir != NULL ?
	    "--out" : "default output", true) != 0)
		goto out;
	if ((lock = cmd_run_lock(out, cfg->resume != NULL ? "--resume" : cfg->out_dir != NULL ?
	    "--out" : "output folder", &t)) < 0) {
		if (cfg->resume == NULL && cfg->out_dir == NULL)
			rmdir(out);	/* the default folder made for this run, still empty */
		goto out;
	}
	if (cfg->auto_plan)
		ap = autoplan_start(&ao, &p, &t, start);
	ret = run_measure(cfg, &t, &p, &old, &expect, ap, out, mask);
	autoplan_free(ap);
	cmd_run_unlock(lock, out);
out:
	results_free(&old);
	plan_free(&p);
	target_free(&t);
	free(out);
	return ret;
}
