/*
 * Run, one open-loop job (--rate): I/Os issued on a schedule rather than
 * as the last completes, at most depth in flight.  Each I/O's latency
 * runs from when it was due, not from when it went out, so a stall that
 * holds issue back shows in every I/O it delays (coordinated omission,
 * as wrk2 avoids it for HTTP); an I/O due while depth are in flight waits
 * for a slot, and that wait is in its latency too.  Beside the cell's
 * latency a job keeps how late each I/O went out (the lag) and its
 * latency from the issue, the figure a closed-loop tool's rate limit
 * (fio's rate_iops) would give.  The closed loop (run-job.c) never comes
 * here: a cell without a rate costs nothing of this.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "base/util.h"
#include "io/measure.h"
#include "io/run.h"

/*
 * The longest a job sleeps or waits at once: an interruption, an abort or
 * the window's end is seen within it however low the rate.
 */
#define RATE_WAIT_MAX_NS	(100 * 1000 * 1000ULL)

/* splitmix64: a seeded stream of its own, apart from the offsets' generator. */
static uint64_t
rate_mix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A schedule of iops I/Os a second, evenly or as a Poisson process seeded by seed. */
void
rate_sched_init(struct rate_sched *s, double iops, enum rate_arrivals a, uint64_t seed)
{
	s->gap = 1e9 / iops;
	s->due = 0;
	s->poisson = a == RATE_POISSON;
	s->x = seed ^ 0x7261746573636864ULL;
}

/*
 * When the next I/O is due, in ns after the schedule's start, and the one
 * after it drawn: the first is due at once.  A Poisson gap is -ln(1 - u)
 * x the mean gap, u uniform in [0, 1) from 53 bits.
 */
uint64_t
rate_sched_next(struct rate_sched *s)
{
	uint64_t due = (uint64_t)s->due;

	if (s->poisson) {
		double u = (double)(rate_mix(&s->x) >> 11) * 0x1.0p-53;

		s->due += -log1p(-u) * s->gap;
	} else
		s->due += s->gap;
	return due;
}

/* Job rj's schedule: its share of the cell's rate, its seed and id.  The job frees it (run_job_put). */
static struct run_rate *
run_rate_new(const struct run_job *rj)
{
	struct run_rate *rr = xcalloc(1, sizeof *rr);
	const struct cell *c = &rj->cell;

	rate_sched_init(&rr->sched, c->rate_iops / c->jobs, c->arrivals,
	    rj->seed * 0x100000001B3ULL + rj->j.id);
	rr->issued = xcalloc(2 * (size_t)rj->j.depth, sizeof *rr->issued);
	hist_init(&rr->lag);
	hist_init(&rr->issue_lat);
	return rr;
}

/*
 * Issue every I/O due by t that a free slot can take, each stamped with
 * when it was due (its latency's start), then submit.  The lag of those
 * due inside the window is kept.  false when the engine refused the batch
 * with an error (recorded): the job then issues nothing more.
 */
static bool
rate_issue(struct run_job *rj, uint64_t t, uint64_t *due, uint64_t *last_progress)
{
	struct run_rate *rr = rj->rate;
	uint64_t t_measure = rj->sh->t_measure, t_end = __atomic_load_n(&rj->sh->t_end,
	    __ATOMIC_RELAXED);
	unsigned k;
	int n;

	while (rj->nfree > 0 && *due <= t) {
		struct io_u *u = rj->freelist[--rj->nfree];

		run_job_pick(rj, u);
		u->start_ns = *due;
		rr->issued[u - rj->ious] = t;
		if (*due >= t_measure && *due < t_end)
			hist_add(&rr->lag, t - *due);
		*due = rr->start + rate_sched_next(&rr->sched);
		rj->pending[rj->npending++] = u;
	}
	if (rj->npending == 0)
		return true;
	for (k = 0; k < rj->npending; k++)
		__atomic_store_n(&rj->pending[k]->inflight, 1, __ATOMIC_RELAXED);
	if (rj->inflight == 0) {
		*last_progress = t;
		__atomic_store_n(&rj->last_progress, t, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&rj->in_call, 1, __ATOMIC_RELAXED);
	n = rj->j.ops->submit(&rj->j, rj->pending, rj->npending);
	__atomic_store_n(&rj->in_call, 0, __ATOMIC_RELAXED);
	if (n < 0) {
		snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall,
		    strerror(rj->j.err_errno));
		run_job_error(rj, rj->j.err_syscall, rj->j.err_errno, rj->pending[0]->offset);
		for (k = 0; k < rj->npending; k++)
			__atomic_store_n(&rj->pending[k]->inflight, 0, __ATOMIC_RELAXED);
		return false;
	}
	for (k = (unsigned)n; k < rj->npending; k++)
		__atomic_store_n(&rj->pending[k]->inflight, 0, __ATOMIC_RELAXED);
	rj->inflight += (unsigned)n;
	if (rj->inflight > rj->inflight_max)
		rj->inflight_max = rj->inflight;
	rj->npending -= (unsigned)n;
	if (rj->npending > 0)
		memmove(rj->pending, rj->pending + n, rj->npending * sizeof *rj->pending);
	__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
	return true;
}

/* Sleep until the next I/O is due (at most RATE_WAIT_MAX_NS, never past the window's end). */
static void
rate_sleep(const struct run_job *rj, uint64_t t, uint64_t due)
{
	uint64_t until = t + RATE_WAIT_MAX_NS, end = __atomic_load_n(&rj->sh->t_end,
	    __ATOMIC_RELAXED);
	struct timespec ts;

	if (due < until)
		until = due;
	if (end > t && end < until)
		until = end;
	if (until <= t)
		return;
	ts.tv_sec = (time_t)(until / NSEC_PER_SEC);
	ts.tv_nsec = (long)(until % NSEC_PER_SEC);
	(void)clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/*
 * Wait for completions: until the next I/O is due while a slot is free
 * for it, else (the queue full, or stopping) for the first to come.
 */
static int
rate_reap(struct run_job *rj, uint64_t t, uint64_t due, bool stopping)
{
	const struct engine_ops *ops = rj->j.ops;
	int n;

	__atomic_store_n(&rj->in_call, 2, __ATOMIC_RELAXED);
	if (!stopping && rj->nfree > 0 && ops->reap_until != NULL) {
		uint64_t wait = due > t ? due - t : 0;

		n = ops->reap_until(&rj->j, rj->inflight, rj->events,
		    wait < RATE_WAIT_MAX_NS ? wait : RATE_WAIT_MAX_NS);
	} else
		n = ops->reap(&rj->j, 1, rj->inflight, rj->events);
	__atomic_store_n(&rj->in_call, 0, __ATOMIC_RELAXED);
	if (n < 0) {
		snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall,
		    strerror(rj->j.err_errno));
		run_job_error(rj, rj->j.err_syscall, rj->j.err_errno, 0);
	}
	return n;
}

/*
 * The n I/Os reaped at t: their slots free again, and (counted: t inside
 * the window, in second sec) their latency from the issue beside the
 * cell's own from when they were due (run_job_account).
 */
static void
rate_done(struct run_job *rj, int n, uint64_t t, bool counted, uint64_t sec)
{
	int i;

	for (i = 0; i < n; i++) {
		struct io_u *u = rj->events[i];

		__atomic_store_n(&u->inflight, 0, __ATOMIC_RELAXED);
		if (counted && u->result >= 0)
			hist_add(&rj->rate->issue_lat, t - rj->rate->issued[u - rj->ious]);
		rj->freelist[rj->nfree++] = u;
	}
	rj->inflight -= (unsigned)n;
	__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
	run_job_account(rj, (unsigned)n, t, counted, sec);
}

/*
 * The open-loop I/O loop: issue what is due, then wait for a completion
 * or the next due time, whichever comes first; with nothing in flight,
 * sleep until the next is due.  The window, the per-second series, the
 * watchdog and stopping are the closed loop's (run-job.c's job_loop).
 */
int
run_rate_loop(struct run_job *rj)
{
	uint64_t t_measure = rj->sh->t_measure, t = now_ns(), last_progress = t, due;
	uint64_t timeout = (uint64_t)rj->io_timeout_s * NSEC_PER_SEC, sec;
	bool stopping = false, counted;
	int n;

	/* a sleep to the next due time ends then, not up to 50 us later */
	(void)prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	rj->rate = run_rate_new(rj);
	rj->rate->start = t;
	due = t + rate_sched_next(&rj->rate->sched);
	__atomic_store_n(&rj->last_progress, last_progress, __ATOMIC_RELAXED);
	for (;;) {
		if (!stopping && !rate_issue(rj, t, &due, &last_progress))
			stopping = true;
		if (!stopping && (t >= __atomic_load_n(&rj->sh->t_end, __ATOMIC_RELAXED) ||
		    sweep_interrupted || __atomic_load_n(&rj->sh->abort, __ATOMIC_RELAXED))) {
			stopping = true;
			getrusage(RUSAGE_THREAD, &rj->ru_end);
		}
		if (rj->inflight == 0) {
			if (stopping)
				break;
			rate_sleep(rj, t, due);
			t = now_ns();
			continue;
		}
		if ((n = rate_reap(rj, t, due, stopping)) < 0)
			return n;
		t = now_ns();
		if (t - last_progress >= timeout) {
			rate_done(rj, n, t, false, 0);
			run_job_stuck(rj, t - last_progress);
			__atomic_store_n(&rj->sh->abort, 1, __ATOMIC_RELAXED);
			return -ETIMEDOUT;
		}
		if (n > 0) {
			last_progress = t;
			__atomic_store_n(&rj->last_progress, t, __ATOMIC_RELAXED);
		}
		if (!rj->measuring && t >= t_measure && !stopping) {
			rj->measuring = true;
			getrusage(RUSAGE_THREAD, &rj->ru_start);
		}
		counted = rj->measuring && t < __atomic_load_n(&rj->sh->t_end, __ATOMIC_RELAXED);
		sec = counted ? (t - t_measure) / NSEC_PER_SEC : 0;
		rate_done(rj, n, t, counted, sec);
	}
	return rj->errors > 0 && rj->ios == 0 ? -EIO : 0;
}

/* The jobs' lag and latency from the issue, into the cell's result. */
void
run_rate_collect(struct cell_result *r, struct run_job **jobs, unsigned njobs)
{
	struct hist *lag = xmalloc(sizeof *lag), *lat = xmalloc(sizeof *lat);
	unsigned i, p;

	hist_init(lag);
	hist_init(lat);
	for (i = 0; i < njobs; i++)
		if (jobs[i]->joined && jobs[i]->rate != NULL) {
			hist_merge(lag, &jobs[i]->rate->lag);
			hist_merge(lat, &jobs[i]->rate->issue_lat);
		}
	if (lag->n > 0) {
		r->rate_lag_p99_ns = hist_percentile(lag, 99.0);
		r->rate_lag_max_ns = lag->max;
	}
	if (lat->n > 0)
		for (p = 0; p < PCT_COUNT; p++)
			r->rate_issue_pct_ns[p] = hist_percentile(lat, sweep_percentiles[p]);
	free(lag);
	free(lat);
}
