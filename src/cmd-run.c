/* sweep [run] [OPTIONS]: run the plan on the target and write the reports. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "auto.h"
#include "report.h"
#include "sweep.h"

static int cmd_run_exec(struct config *);

/* --auto: the planner that adds each next cell (auto.c); NULL for a plan of fixed cells. */
static struct autoplan *run_auto;

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.cmd = CMD_RUN,
	.usage = "sweep [run] [OPTIONS]      run a sweep and write its reports",
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

static void
print_cell_line(FILE *f, const struct cell_result *r, unsigned k, unsigned n)
{
	char bs[32];

	fprintf(f, "[%u/%u] %-9s bs %-4s depth %-4u jobs %-3u ", k + 1, n, mode_name(r->cell.mode),
	    size_short(r->cell.bs, bs, sizeof bs), r->cell.depth, r->cell.jobs);
	if (mode_reads(r->cell.mode) && mode_writes(r->cell.mode) && r->cell.rwmix_set)
		fprintf(f, "reads %3u%% ", r->cell.rwmixread);
	if (r->status == CELL_SKIPPED || (r->status == CELL_FAILED && r->ios == 0)) {
		fprintf(f, "%s: %s\n", cell_status_name(r->status), r->status_reason);
		return;
	}
	fprintf(f, "%10.0f IOPS %9.1f MiB/s  p50 %8.1f us  p99 %9.1f us  ", r->iops,
	    r->bw_bytes_s / MIB, (double)r->lat_pct_ns[0] / 1e3, (double)r->lat_pct_ns[2] / 1e3);
	/* A failed cell says so first: its check of the I/O that did complete is beside the point. */
	if (r->status == CELL_FAILED)
		fprintf(f, "failed: %s\n", r->status_reason);
	else
		fprintf(f, "check %s%s%s\n", r->check.ok ? "ok" : "MISMATCH",
		    r->status == CELL_OK ? "" : "  ", r->status == CELL_OK ? "" : r->status_reason);
}

/* After each cell: results.json and results.csv, so an interrupted run keeps them. */
static int
run_save(const struct results *res, const char *dir)
{
	char *json = xasprintf("%s/results.json", dir), *csv = xasprintf("%s/results.csv", dir);
	int err = results_write_json(res, json);

	if (err != 0)
		sweep_error("%s: %s", json, strerror(-err));
	else if ((err = report_csv_write(res, csv)) != 0)
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
	err = results_load(path, old);
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

/* Interrupted: drop partial figures (never mixed with complete ones) and say how to go on. */
static void
run_interrupted(struct results *res, const struct plan *p, const char *out)
{
	unsigned k;

	res->interrupted = true;
	for (k = 0; k < p->ncells; k++)
		if (res->cells[k].status == CELL_PARTIAL)
			results_reset_cell(res, k);
	if (plan_repeat(p) > 1)
		sweep_error("interrupted: kept %u of %u cell runs (%u rounds of %u cells); sweep run "
		    "--resume %s continues", results_rounds_done(res), plan_repeat(p) * p->ncells,
		    plan_repeat(p), p->ncells, out);
	else
		sweep_error("interrupted: kept %u of %u cells; sweep run --resume %s continues",
		    res->ndone, p->ncells, out);
}

/*
 * Whether cell i has run in round (0-based) already: in a run of one round,
 * whether it has figures; with --repeat, whether it has that many rounds.
 * A skipped cell (its block size does not fit the target) is never run
 * again.
 */
static bool
run_cell_done(const struct results *res, const struct plan *p, unsigned i, unsigned round)
{
	const struct cell_result *r = &res->cells[i];

	if (plan_repeat(p) == 1)
		return r->status != CELL_PENDING;
	return r->nrounds > round || r->status == CELL_SKIPPED;
}

/*
 * --rounds-until-steady, after round (1-based) ended: is the SNIA steady
 * state reached?  Says so, with each tracking cell's figures, either way
 * once the window is full.
 */
static bool
run_rounds_steady(const struct results *res, unsigned round)
{
	struct rounds_steady st;
	unsigned t;
	bool reached = analysis_rounds_steady(res, round, &st);

	if (st.last == 0)
		return false;
	printf("Steady state after round %u (rounds %u-%u): %s\n", round,
	    round - SWEEP_STEADY_WINDOW_ROUNDS + 1, round, reached ? "reached" : "not yet");
	for (t = 0; t < st.ntrack; t++) {
		const struct cell *c = &res->plan.cells[st.track[t].cell];
		char bs[32], mix[24] = "";

		if (mode_reads(c->mode) && mode_writes(c->mode))
			snprintf(mix, sizeof mix, " reads %u%%", plan_cell_rwmixread(&res->plan, c));
		printf("  %s%s bs %s depth %u: mean %.0f IOPS, excursion %.1f%% (<= %.0f%%), slope "
		    "%.1f%% (< %.0f%%)\n", mode_name(c->mode), mix, size_short(c->bs, bs, sizeof bs),
		    c->depth, st.track[t].mean, st.track[t].excursion * 100,
		    SWEEP_STEADY_EXCURSION * 100, st.track[t].slope * 100, SWEEP_STEADY_SLOPE * 100);
	}
	fflush(stdout);
	return reached;
}

/* Cells to re-run (--retry-unstable) and the most re-runs they may take, for the ETA. */
static unsigned
run_retries_wanted(const struct plan *p, const struct results *res, unsigned *most)
{
	unsigned i, n = 0;

	*most = 0;
	for (i = 0; i < p->ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!results_attempt_wanted(r, p->retry_unstable))
			continue;
		n++;
		*most += p->retry_unstable - (r->nattempts > 0 ? r->nattempts - 1 : 0);
	}
	return n;
}

/*
 * --retry-unstable N, after the last cell: each stalled or noisy cell runs
 * again until an attempt is steady or it has run N more times; the cell
 * keeps every attempt (results_store_attempt).  A resumed run goes on from
 * the attempts it has.  Returns 0, or an exit code when it had to stop.
 */
static int
run_retries(struct config *cfg, struct target *t, struct plan *p, struct results *res,
    const char *out, unsigned *failed)
{
	unsigned i, k = 0, most, n = run_retries_wanted(p, res, &most);
	struct plan whole = *p;

	if (n == 0)
		return 0;
	printf("Retrying %u stalled or noisy cell%s: up to %u re-run%s each, until one is steady\n",
	    n, n == 1 ? "" : "s", p->retry_unstable, p->retry_unstable == 1 ? "" : "s");
	fflush(stdout);
	whole.ncells = most;
	run_progress_init(cfg->quiet, &whole);
	for (i = 0; i < p->ncells && !sweep_interrupted; i++) {
		struct cell_result *r = &res->cells[i], got;

		while (!sweep_interrupted && results_attempt_wanted(r, p->retry_unstable)) {
			if (access(t->path, F_OK) != 0) {
				sweep_error("%s: the target vanished (%s); stopping the retries", t->path,
				    strerror(errno));
				return SWEEP_EXIT_FAILED;
			}
			if (run_cell(t, p, &p->cells[i], &got, k++) == -ECANCELED) {
				results_cell_free(&got);
				break;
			}
			printf("retry %u/%u ", r->nattempts > 0 ? r->nattempts : 1, p->retry_unstable);
			print_cell_line(stdout, &got, i, p->ncells);
			printf("      %s\n", got.stability.reason);
			fflush(stdout);
			*failed += got.status == CELL_FAILED;
			results_store_attempt(res, i, &got);
			if (run_save(res, out) != 0) {
				sweep_error("stopping: the results cannot be saved; %s/results.json keeps the "
				    "attempts measured before", out);
				return SWEEP_EXIT_FAILED;
			}
		}
	}
	return 0;
}

/* Failed cell runs a resumed run had already: every round's, or the cell's. */
static unsigned
run_failed_before(const struct results *res, const struct plan *p)
{
	unsigned i, k, failed = 0;

	for (i = 0; i < p->ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->nrounds == 0 && r->status == CELL_FAILED)
			failed++;
		for (k = 0; k < r->nrounds; k++)
			failed += r->rounds[k].status == CELL_FAILED;
	}
	return failed;
}

/*
 * Run every pending cell; returns the exit code.  With --repeat N the
 * plan runs round by round (every cell once, then every cell again), so
 * that a volume's drift spreads over every cell; a cell resumes at the
 * first round it lacks, which is the round an interrupted run was in.
 */
static int
run_cells(struct config *cfg, struct target *t, struct plan *p, struct results *res,
    const char *out, unsigned mask)
{
	unsigned i, round, nrounds = plan_repeat(p), failed = 0;
	struct plan whole = *p;
	bool stop = false, interrupted;
	int err;

	failed = run_failed_before(res, p);
	/* The progress line's count and ETA cover every round. */
	whole.ncells = run_auto != NULL ? autoplan_cells_max(run_auto) : p->ncells * nrounds;
	run_progress_init(cfg->quiet, &whole);
	for (round = 0; round < nrounds && !stop && !sweep_interrupted; round++) {
		for (i = 0; (i < p->ncells || (run_auto != NULL && autoplan_extend(run_auto, p, res)))
		    && !sweep_interrupted; i++) {
			struct cell_result *r = &res->cells[i], got;
			char at[48] = "";

			if (run_cell_done(res, p, i, round))
				continue;
			if (access(t->path, F_OK) != 0) {
				sweep_error("%s: the target vanished (%s); stopping after %u of %u cells",
				    t->path, strerror(errno), res->ndone, p->ncells);
				return SWEEP_EXIT_FAILED;
			}
			if (run_cell(t, p, &p->cells[i], &got, round * p->ncells + i) == -ECANCELED) {
				results_cell_free(&got);
				break;
			}
			if (r->status == CELL_PENDING)
				res->ndone++;
			if (nrounds > 1)
				snprintf(at, sizeof at, "round %u/%u ", round + 1, nrounds);
			fputs(at, stdout);
			print_cell_line(stdout, &got, i, p->ncells);
			fflush(stdout);
			if (got.status == CELL_FAILED)
				failed++;
			if (got.status == CELL_FAILED && cfg->stop_on_error) {
				sweep_error("stopping at the first failed cell (--stop-on-error): %s",
				    got.status_reason);
				stop = true;
			}
			if (nrounds > 1)
				results_store_round(res, i, &got);
			else
				results_store_cell(res, i, &got);
			if (run_save(res, out) != 0) {
				sweep_error("stopping: the results cannot be saved; %s/results.json keeps the "
				    "cells measured before", out);
				return SWEEP_EXIT_FAILED;
			}
			if (stop)
				break;
		}
		if (p->until_steady && !stop && !sweep_interrupted && i == p->ncells &&
		    run_rounds_steady(res, round + 1))
			break;
	}
	if (p->retry_unstable > 0 && !stop && !sweep_interrupted &&
	    (err = run_retries(cfg, t, p, res, out, &failed)) != 0)
		return err;
	interrupted = sweep_interrupted != 0;
	if (interrupted)
		run_interrupted(res, p, out);
	else
		res->interrupted = false;
	if (run_auto != NULL)
		autoplan_finish(run_auto, res, stdout);
	if (run_save(res, out) != 0)
		return SWEEP_EXIT_FAILED;
	/*
	 * A report that cannot be written (a chart gnuplot failed on) fails the run, as in
	 * report.  The interrupt that ended the cells must not stop the charts of the
	 * finished ones; a second one during the charts does.
	 */
	sweep_interrupted = 0;
	err = report_write_all(res, out, mask, cfg->gnuplot);
	interrupted = interrupted || sweep_interrupted;
	if (p->until_steady)
		printf("Results: %s/results.json and reports in %s/ (%u cell runs, rounds until steady: "
		    "%s after round %u of at most %u%s%s)\n", out, out, results_rounds_done(res),
		    round < nrounds ? "reached" : "not reached", round < nrounds ? round + 1 : round,
		    nrounds, failed ? ", some failed" : "", res->interrupted ? ", interrupted" : "");
	else if (nrounds > 1)
		printf("Results: %s/results.json and reports in %s/ (%u of %u cell runs: %u rounds of "
		    "%u cells%s%s)\n", out, out, results_rounds_done(res), nrounds * p->ncells, nrounds,
		    p->ncells, failed ? ", some failed" : "", res->interrupted ? ", interrupted" : "");
	else
		printf("Results: %s/results.json and reports in %s/ (%u of %u cells%s%s)\n", out, out,
		    res->ndone, p->ncells, failed ? ", some failed" : "",
		    res->interrupted ? ", interrupted" : "");
	if (interrupted)
		return SWEEP_EXIT_INTERRUPTED;
	return failed || err != 0 ? SWEEP_EXIT_FAILED : SWEEP_EXIT_OK;
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
    const struct expect *expect, const char *out, unsigned mask)
{
	struct results res;
	int ret;

	if (run_auto != NULL)
		autoplan_print(stdout, run_auto, p, t);
	else
		plan_print(stdout, p, t, false);
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
		ret = run_cells(cfg, t, p, &res, out, mask);
	target_cleanup(t, cfg->keep);
	results_free(&res);
	return ret;
}

/*
 * sweep run --hosts H1[:PORT],H2,... | --hosts-file FILE: the plan on every
 * host at once through fio's client/server mode (hosts.c).  The plan and
 * the output folder are set up as for a local run; the target is remote.
 */
static int
run_hosts(struct config *cfg, unsigned mask)
{
	struct host_list l;
	struct hosts_outcome o;
	struct compare_fleet fleet;
	struct plan p;
	struct target t;
	char *out = NULL;
	int ret = SWEEP_EXIT_USAGE, lock;
	unsigned k;

	memset(&p, 0, sizeof p);
	memset(&t, 0, sizeof t);
	if (hosts_list_read(cfg, &l) != 0)
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
	hosts_target(cfg, &t);
	p.size = t.size;
	if (hosts_check(cfg, &p, t.size) != 0)
		goto out;
	out = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    cmd_out_default(cfg->label != NULL ? cfg->label : "hosts");
	if (cmd_out_prepare(out, cfg->out_dir != NULL ? "--out" : "default output", false) != 0)
		goto out;
	if ((lock = cmd_out_lock(out, cfg->out_dir != NULL ? "--out" : "output folder")) < 0)
		goto out;
	ret = hosts_run(&l, &p, &t, out, cfg->label, cfg->description, &o);
	fleet = (struct compare_fleet){ .label = cfg->label, .hosts = &l, .total = o.total };
	if (o.res != NULL && cmd_hosts_save(out, &fleet, o.res, p.ncells, mask, cfg->gnuplot) > 0 &&
	    ret == SWEEP_EXIT_OK)
		ret = SWEEP_EXIT_FAILED;
	hosts_outcome_free(&l, &o);
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
	char *out = NULL;
	unsigned mask;
	int ret = SWEEP_EXIT_USAGE, lock, err;
	uint64_t start = now_ns();

	memset(&old, 0, sizeof old);
	if (cmd_no_args(cfg) != 0 || cmd_formats(cfg, &mask) != 0 || autoplan_check(cfg) != 0)
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
	if (cfg->like != NULL && autoplan_like(cfg, &p) != 0)
		goto out;
	if (cfg->auto_plan && cfg->like == NULL && (autoplan_check_shares(&p) != 0 ||
	    autoplan_check_budget(cfg, &p) != 0))
		goto out;
	if ((err = cmd_target_check(cfg, &t, &p, true, &expect)) != 0) {
		/* A probe of the target interrupted, stuck in a stalled device or lost (said). */
		if (err == -EINTR || err == -ETIMEDOUT || err == -EIO)
			ret = err == -EINTR ? SWEEP_EXIT_INTERRUPTED : SWEEP_EXIT_FAILED;
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
		run_auto = autoplan_start(cfg, &p, &t, start);
	ret = run_measure(cfg, &t, &p, &old, &expect, out, mask);
	autoplan_free(run_auto);
	run_auto = NULL;
	cmd_run_unlock(lock, out);
out:
	results_free(&old);
	plan_free(&p);
	target_free(&t);
	free(out);
	return ret;
}
