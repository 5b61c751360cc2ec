/*
 * The loop over cells: each source in turn picks cells, the executor runs
 * them; a cell a resumed run has is skipped; after each cell its line is
 * printed, it is stored and the results are saved, so that an interrupted
 * run keeps them.  The sources are in sweep-loop-source.c.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "import/fio.h"
#include "io/measure.h"
#include "loop/sweep-loop.h"
#include "plan/plan.h"
#include "results/results.h"

/* The native executor: the target must still be there; run.c runs the cell. */
static int
loop_native_ready(void *arg)
{
	const struct target *t = arg;

	return access(t->path, F_OK) != 0 ? -errno : 0;
}

/* Whether a cell's seconds so far already judge noisy or stalled (--auto ends those). */
static bool
loop_native_unstable(const struct cell_result *r)
{
	struct stability s;

	analysis_stability_compute(r, &s);
	return results_stability_suspect(&s);
}

/* A finished cell's verdicts: its last steady window's figures, its stability. */
static void
loop_native_judge(struct cell_result *r, unsigned secs, unsigned window_s)
{
	analysis_steady_stats(r->series_ios, secs, window_s, &r->steady_last);
	analysis_stability_judge(r);
}

/* The analysis a cell's run asks for: io/ sees it only through these. */
static const struct run_rules loop_native_rules = {
	.steady = analysis_steady,
	.unstable = loop_native_unstable,
	.judge = loop_native_judge,
};

static int
loop_native_run(void *arg, const struct plan *p, const struct cell *c, struct cell_result *r,
    unsigned k)
{
	return run_cell(arg, p, c, &loop_native_rules, r, k);
}

const struct loop_executor_ops loop_executor_native = {
	.name = "native",
	.ready = loop_native_ready,
	.run = loop_native_run,
	.run_plan = NULL,
};

/* fio runs every cell on every host, then hosts.c collects each host's results
 * into the outcome; the command writes them. */
static int
loop_hosts_run_plan(void *arg, const struct plan *p)
{
	const struct loop_hosts *h = arg;

	return hosts_run(h->hosts, p, h->target, h->opts, h->outcome);
}

const struct loop_executor_ops loop_executor_hosts = {
	.name = "hosts",
	.ready = NULL,
	.run = NULL,
	.run_plan = loop_hosts_run_plan,
};

int
sweep_loop_run_plan(const struct loop_executor *e, const struct plan *p)
{
	return e->ops->run_plan(e->arg, p);
}

void
sweep_loop_add(struct sweep_loop *l, const struct loop_source_ops *ops, void *state)
{
	if (l->nsrc < LOOP_SOURCES_MAX)
		l->src[l->nsrc++] = (struct loop_source){ .ops = ops, .state = state };
}

/*
 * A cell's line: "[3/8] randread  bs 4k   depth 16 ...  check ok", with
 * ", noisy" or ", stalled" when its window was not steady.
 */
void
sweep_loop_print_cell(FILE *f, const struct cell_result *r, unsigned k, unsigned n)
{
	char bs[32];

	fprintf(f, "[%u/%u] %-9s bs %-4s depth %-4u jobs %-3u ", k + 1, n, mode_name(r->cell.mode),
	    size_short(r->cell.bs, bs, sizeof bs), r->cell.depth, r->cell.jobs);
	if (mode_reads(r->cell.mode) && mode_writes(r->cell.mode) && r->cell.rwmix_set)
		fprintf(f, "reads %3u%% ", r->cell.rwmixread);
	if (plan_cell_open(&r->cell))
		fprintf(f, "rate %.0f ", r->cell.rate_iops);
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
		fprintf(f, "check %s%s%s%s\n", r->check.ok ? "ok" : "MISMATCH",
		    r->stability.verdict == STABILITY_NOISY ? ", noisy" :
		    r->stability.verdict == STABILITY_STALLED ? ", stalled" : "",
		    r->status == CELL_OK ? "" : "  ", r->status == CELL_OK ? "" : r->status_reason);
}

/*
 * Whether cell i has run in round (0-based) already: in a run of one round,
 * whether it has figures; with --repeat, whether it has that many rounds.
 * A skipped cell (its block size does not fit the target) is never run
 * again.  An attempt of --retry-unstable is never done before it runs.
 */
static bool
loop_cell_done(const struct results *res, const struct plan *p, unsigned i, unsigned round)
{
	const struct cell_result *r = &res->cells[i];

	if (round == LOOP_ATTEMPT)
		return false;
	if (plan_repeat(p) == 1)
		return r->status != CELL_PENDING;
	return r->nrounds > round || r->status == CELL_SKIPPED;
}

/* Failed cell runs a resumed run had already: every round's, or the cell's. */
static unsigned
loop_failed_before(const struct results *res, const struct plan *p)
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

/* Interrupted: drop partial figures (never mixed with complete ones) and say how to go on. */
static void
loop_interrupted(struct results *res, const struct plan *p, const char *out)
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
 * Run one picked cell: 0 to go on, 1 when the source is to stop (the cell
 * was interrupted, or --stop-on-error), or an exit code (as a negative
 * number) when the run must end now.
 */
static int
loop_one(struct sweep_loop *l, struct loop_source *s, const struct loop_pick *pk)
{
	struct cell_result got;
	int err;
	struct cell c = l->plan->cells[pk->cell];

	if (l->exec.ops->ready != NULL && (err = l->exec.ops->ready(l->exec.arg)) != 0) {
		s->ops->vanished(l, s->state, -err);
		return -SWEEP_EXIT_FAILED;
	}
	/* --auto's rate cells come with a percent's rate set (auto-rate.c) */
	if (c.rate_pct > 0 && !(c.rate_iops > 0))
		c.rate_iops = results_rate_cap(l->res, &c) * c.rate_pct / 100;
	if (l->exec.ops->run(l->exec.arg, l->plan, &c, &got, pk->k) == -ECANCELED) {
		results_cell_free(&got);
		return 1;
	}
	s->ops->done(l, s->state, pk, &got);
	if (l->save(l->res, l->out) != 0) {
		sweep_error("stopping: the results cannot be saved; %s/results.json keeps the %s "
		    "measured before", l->out, s->ops->kept);
		return -SWEEP_EXIT_FAILED;
	}
	return l->stop ? 1 : 0;
}

/* Every cell of source s: 0, or an exit code when the run must end now. */
static int
loop_source_run(struct sweep_loop *l, struct loop_source *s)
{
	struct loop_pick pk;
	int ret;

	l->cut = false;
	while (s->ops->next(l, s->state, &pk)) {
		if (loop_cell_done(l->res, l->plan, pk.cell, pk.round))
			continue;
		if ((ret = loop_one(l, s, &pk)) < 0)
			return -ret;
		if (ret == 1) {
			l->cut = true;
			s->ops->next(l, s->state, &pk);
			break;
		}
	}
	l->cut = false;
	return 0;
}

/*
 * Run every source's cells in turn, until one stops the run; then mark an
 * interrupted run, let the sources finish and save the results.  0, or an
 * exit code when the run could not go on (said).
 */
int
sweep_loop_run(struct sweep_loop *l)
{
	unsigned n;
	int ret;

	if (l->exec.ops->run == NULL) {
		sweep_error("%s: runs a whole plan at once, not cell by cell", l->exec.ops->name);
		return SWEEP_EXIT_FAILED;
	}
	l->failed = loop_failed_before(l->res, l->plan);
	for (n = 0; n < l->nsrc && !l->stop && !sweep_interrupted; n++) {
		if (!l->src[n].ops->start(l, l->src[n].state))
			continue;
		if ((ret = loop_source_run(l, &l->src[n])) != 0)
			return ret;
	}
	l->interrupted = sweep_interrupted != 0;
	if (l->interrupted)
		loop_interrupted(l->res, l->plan, l->out);
	else
		l->res->interrupted = false;
	for (n = 0; n < l->nsrc; n++)
		if (l->src[n].ops->finish != NULL)
			l->src[n].ops->finish(l, l->src[n].state);
	if (l->save(l->res, l->out) != 0)
		return SWEEP_EXIT_FAILED;
	return 0;
}

/*
 * The whole rounds of a run that ended without a steady state: the fewest
 * any cell has, a skipped cell (it never runs again) left out; the cell
 * runs over the cells would count those once and say "round 3" after 5.
 */
static unsigned
loop_rounds_whole(const struct results *res, unsigned round)
{
	unsigned i, n = UINT_MAX;

	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].status != CELL_SKIPPED && res->cells[i].nrounds < n)
			n = res->cells[i].nrounds;
	return n != UINT_MAX ? n : round;
}

/* The run's last line: where the results are, and how many cells (or rounds) ran. */
void
sweep_loop_summary(const struct sweep_loop *l)
{
	const struct plan *p = l->plan;
	const struct results *res = l->res;
	unsigned nrounds = plan_repeat(p), round = l->round;
	const char *out = l->out;

	if (p->until_steady)
		printf("Results: %s/results.json and reports in %s/ (%u cell runs, rounds until steady: "
		    "%s after round %u of at most %u%s%s)\n", out, out, results_rounds_done(res),
		    l->steady_reached ? "reached" : "not reached", l->steady_reached ? round + 1 :
		    loop_rounds_whole(res, round),
		    nrounds, l->failed ? ", some failed" : "", res->interrupted ? ", interrupted" : "");
	else if (nrounds > 1)
		printf("Results: %s/results.json and reports in %s/ (%u of %u cell runs: %u rounds of "
		    "%u cells%s%s)\n", out, out, results_rounds_done(res), nrounds * p->ncells, nrounds,
		    p->ncells, l->failed ? ", some failed" : "", res->interrupted ? ", interrupted" : "");
	else
		printf("Results: %s/results.json and reports in %s/ (%u of %u cells%s%s)\n", out, out,
		    res->ndone, p->ncells, l->failed ? ", some failed" : "",
		    res->interrupted ? ", interrupted" : "");
}
