/*
 * The loop's cell sources: the plan's rounds (one round, --repeat N,
 * --rounds-until-steady), --auto (and --like) adding each next cell as the
 * run goes, and --retry-unstable's attempts after the last cell.  Each
 * keeps its own state; the loop (sweep-loop.c) runs what they pick.
 */
#include "config.h"

#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "io/measure.h"
#include "loop/auto.h"
#include "loop/sweep-loop.h"
#include "plan/plan.h"
#include "results/results.h"

/* A cell of the plan or of --auto ran: its line, --stop-on-error, and store it. */
static void
loop_cell_store(struct sweep_loop *l, void *state, const struct loop_pick *pk,
    struct cell_result *got)
{
	struct results *res = l->res;
	unsigned nrounds = plan_repeat(l->plan);

	(void)state;
	if (res->cells[pk->cell].status == CELL_PENDING)
		res->ndone++;
	if (nrounds > 1)
		printf("round %u/%u ", pk->round + 1, nrounds);
	sweep_loop_print_cell(stdout, got, pk->cell, l->plan->ncells);
	fflush(stdout);
	if (got->status == CELL_FAILED)
		l->failed++;
	if (got->status == CELL_FAILED && l->stop_on_error) {
		sweep_error("stopping at the first failed cell (--stop-on-error): %s",
		    got->status_reason);
		l->stop = true;
	}
	if (nrounds > 1) {
		results_store_round(res, pk->cell, got);
		analysis_rounds_spread_all(&res->cells[pk->cell]);
	} else
		results_store_cell(res, pk->cell, got);
}

static void
loop_cell_vanished(struct sweep_loop *l, void *state, int err)
{
	(void)state;
	sweep_error("%s: the target vanished (%s); stopping after %u of %u cells", l->path,
	    strerror(err), l->res->ndone, l->plan->ncells);
}

/*
 * --rounds-until-steady, after round (1-based) ended: is the SNIA steady
 * state reached?  Says so, with each tracking cell's figures, either way
 * once the window is full.
 */
static bool
loop_rounds_steady(const struct results *res, unsigned round)
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

/* The progress line's count and ETA cover every round. */
static bool
loop_rounds_start(struct sweep_loop *l, void *state)
{
	struct loop_rounds *s = state;
	struct plan whole = *l->plan;

	memset(s, 0, sizeof *s);
	s->nrounds = plan_repeat(l->plan);
	whole.ncells = l->plan->ncells * s->nrounds;
	run_progress_init(l->quiet, &whole);
	return true;
}

/*
 * The plan round by round (every cell once, then every cell again), so
 * that a volume's drift spreads over every cell; a resumed cell goes on at
 * the first round it lacks, which is the round an interrupted run was in.
 * With --rounds-until-steady the rounds end once the steady state is
 * reached.  A round cut short still counts in s->round (the summary's).
 */
static bool
loop_rounds_next(struct sweep_loop *l, void *state, struct loop_pick *pk)
{
	struct loop_rounds *s = state;
	const struct plan *p = l->plan;

	if (l->cut) {
		s->round++;
		return false;
	}
	while (s->round < s->nrounds && !l->stop && !sweep_interrupted) {
		if (s->i < p->ncells && !sweep_interrupted) {
			*pk = (struct loop_pick){ .cell = s->i, .round = s->round,
			    .k = s->round * p->ncells + s->i };
			s->i++;
			return true;
		}
		if (p->until_steady && !sweep_interrupted && s->i == p->ncells &&
		    loop_rounds_steady(l->res, s->round + 1)) {
			s->reached = true;
			return false;
		}
		s->round++;
		s->i = 0;
	}
	return false;
}

static void
loop_rounds_finish(struct sweep_loop *l, void *state)
{
	const struct loop_rounds *s = state;

	l->round = s->round;
	l->steady_reached = s->reached;
}

const struct loop_source_ops loop_source_rounds = {
	.name = "rounds",
	.kept = "cells",
	.start = loop_rounds_start,
	.next = loop_rounds_next,
	.done = loop_cell_store,
	.vanished = loop_cell_vanished,
	.finish = loop_rounds_finish,
};

static bool
loop_auto_start(struct sweep_loop *l, void *state)
{
	struct loop_auto *s = state;
	struct plan whole = *l->plan;

	s->i = s->k = 0;
	whole.ncells = autoplan_cells_max(s->ap);
	run_progress_init(l->quiet, &whole);
	return true;
}

/*
 * The cells there are (--like), then each one the planner adds, or a cell
 * it measures again: an attempt, as --retry-unstable's; then --rate's.
 */
static bool
loop_auto_next(struct sweep_loop *l, void *state, struct loop_pick *pk)
{
	struct loop_auto *s = state;
	unsigned again = AUTOPLAN_NEW;

	if (l->cut || l->stop)
		return false;
	if ((s->i < l->plan->ncells || autoplan_extend(s->ap, l->plan, l->res, &again) ||
	    autoplan_rates_add(s->ap, l->plan, l->res)) && !sweep_interrupted) {
		if (again != AUTOPLAN_NEW) {
			*pk = (struct loop_pick){ .cell = again, .round = LOOP_ATTEMPT, .k = s->k++ };
			return true;
		}
		*pk = (struct loop_pick){ .cell = s->i, .round = 0, .k = s->k++ };
		s->i++;
		return true;
	}
	return false;
}

/* A cell of --auto ran: stored as a new cell, or as an attempt of one measured again. */
static void
loop_auto_done(struct sweep_loop *l, void *state, const struct loop_pick *pk,
    struct cell_result *got)
{
	const struct cell_result *r = &l->res->cells[pk->cell];

	if (pk->round != LOOP_ATTEMPT) {
		loop_cell_store(l, state, pk, got);
		return;
	}
	printf("again %u/%u ", r->nattempts > 0 ? r->nattempts : 1, AUTO_AGAIN_MAX);
	sweep_loop_print_cell(stdout, got, pk->cell, l->plan->ncells);
	fflush(stdout);
	l->failed += got->status == CELL_FAILED;
	results_store_attempt(l->res, pk->cell, got);
}

/* What the run found: the findings into the results, and printed. */
static void
loop_auto_finish(struct sweep_loop *l, void *state)
{
	struct loop_auto *s = state;

	l->round = 1;
	autoplan_finish(s->ap, l->res, stdout);
}

const struct loop_source_ops loop_source_auto = {
	.name = "auto",
	.kept = "cells",
	.start = loop_auto_start,
	.next = loop_auto_next,
	.done = loop_auto_done,
	.vanished = loop_cell_vanished,
	.finish = loop_auto_finish,
};

/* Cells to re-run (--retry-unstable) and the most re-runs they may take, for the ETA. */
static unsigned
loop_retries_wanted(const struct plan *p, const struct results *res, unsigned *most)
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
 * the attempts it has.
 */
static bool
loop_retry_start(struct sweep_loop *l, void *state)
{
	struct loop_retry *s = state;
	const struct plan *p = l->plan;
	struct plan whole = *p;
	unsigned most, n;

	memset(s, 0, sizeof *s);
	if (p->retry_unstable == 0 || (n = loop_retries_wanted(p, l->res, &most)) == 0)
		return false;
	printf("Retrying %u stalled or noisy cell%s: up to %u re-run%s each, until one is steady\n",
	    n, n == 1 ? "" : "s", p->retry_unstable, p->retry_unstable == 1 ? "" : "s");
	fflush(stdout);
	whole.ncells = most;
	run_progress_init(l->quiet, &whole);
	return true;
}

static bool
loop_retry_next(struct sweep_loop *l, void *state, struct loop_pick *pk)
{
	struct loop_retry *s = state;
	const struct plan *p = l->plan;

	if (l->cut)
		return false;
	for (; s->i < p->ncells && !sweep_interrupted; s->i++)
		if (results_attempt_wanted(&l->res->cells[s->i], p->retry_unstable)) {
			*pk = (struct loop_pick){ .cell = s->i, .round = LOOP_ATTEMPT, .k = s->k++ };
			return true;
		}
	return false;
}

static void
loop_retry_done(struct sweep_loop *l, void *state, const struct loop_pick *pk,
    struct cell_result *got)
{
	const struct cell_result *r = &l->res->cells[pk->cell];

	(void)state;
	printf("retry %u/%u ", r->nattempts > 0 ? r->nattempts : 1, l->plan->retry_unstable);
	sweep_loop_print_cell(stdout, got, pk->cell, l->plan->ncells);
	printf("      %s\n", got->stability.reason);
	fflush(stdout);
	l->failed += got->status == CELL_FAILED;
	results_store_attempt(l->res, pk->cell, got);
}

static void
loop_retry_vanished(struct sweep_loop *l, void *state, int err)
{
	(void)state;
	sweep_error("%s: the target vanished (%s); stopping the retries", l->path, strerror(err));
}

const struct loop_source_ops loop_source_retry = {
	.name = "retry",
	.kept = "attempts",
	.start = loop_retry_start,
	.next = loop_retry_next,
	.done = loop_retry_done,
	.vanished = loop_retry_vanished,
	.finish = NULL,
};
