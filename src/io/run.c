/*
 * Run: one cell at a time.  Each job is a thread (run-job.c) with its own
 * file descriptor, engine context and buffers.  All jobs start together (a
 * start gate), ramp for ramp_s, then count completions in one shared
 * window [t_measure, t_end).  The main thread, here, samples the device
 * counters at the window's edges, draws progress (run-progress.c), ends
 * the window early once IOPS are steady (--steady, analysis-steady.c), watches
 * for I/O that never completes (--io-timeout) and gathers the figures.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "io/measure.h"
#include "io/run.h"
#include "results/results.h"

/* steady_soon: how far ahead the window ends once steady, so that it is never in the past. */
#define RUN_SOON_NS	(NSEC_PER_SEC / 50)

static double
tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/*
 * A cell being run: what the main thread watches, and what it shares with
 * the jobs (the start gate, the window, the abort flag; they point here).
 */
struct run_watch {
	const struct cell	*cell;
	const struct plan	*plan;
	const struct run_rules	*rules;		/* the caller's steady, unstable and judge */
	struct run_job		**jobs;		/* c->jobs of them, each counted (run_job_put) */
	unsigned		 started;	/* job threads created */
	unsigned		 k;
	struct run_shared	*sh;		/* the gate, the window and the abort flag */
	uint64_t		 t0;		/* the jobs passed the gate */
	struct run_progress_mark mark;	/* the last progress line drawn */
	uint64_t		*ios;		/* per-second IOPS, summed over jobs */
	unsigned		 nchecked;	/* seconds already summed */
	bool			 steady;
	unsigned		 steady_at_s;
};

/* The kick does nothing but interrupt the job's wait: the job looks at the clock. */
static void
run_on_kick(int sig)
{
	(void)sig;
}

/* Install the kick's handler, once: no SA_RESTART, so the wait ends with EINTR. */
static void
run_kick_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = run_on_kick;
	sigemptyset(&sa.sa_mask);
	sigaction(RUN_KICK_SIGNAL, &sa, NULL);
}

/*
 * The watchdog.  A job waits for completions without a timeout, so one
 * whose I/O has not completed for io_timeout_s is kicked out of its reap
 * (a signal, again on every look until it answers: one sent just before
 * it started waiting is lost) and gives up itself, saying where its I/O
 * is stuck.  One whose I/O has not completed for a grace second more is
 * stuck inside a call it cannot return from by itself (a stalled pread,
 * an io_submit waiting for the device): give up on its thread and abort
 * the cell.  The thread is not cancelled: a cancel acts only once the
 * call returns (pread) or never (io_submit is no cancellation point), and
 * its forced unwind is what ASan cannot follow.  Instead it owns its job
 * (run_job_put), sees the abort when the call returns, and ends.
 */
static void
run_watchdog(struct run_watch *w, uint64_t t)
{
	uint64_t timeout = (uint64_t)w->plan->io_timeout_s * NSEC_PER_SEC;
	unsigned i;

	for (i = 0; i < w->started; i++) {
		struct run_job *rj = w->jobs[i];
		uint64_t last = __atomic_load_n(&rj->last_progress, __ATOMIC_RELAXED);

		/* last can be newer than t: the job runs while we look */
		if (rj->abandoned || rj->joined || last == 0 || last >= t ||
		    __atomic_load_n(&rj->live_inflight, __ATOMIC_RELAXED) == 0 || t - last < timeout)
			continue;
		if (t - last < timeout + NSEC_PER_SEC) {
			if (__atomic_load_n(&rj->in_call, __ATOMIC_RELAXED) == 2)
				pthread_kill(rj->thread, RUN_KICK_SIGNAL);
			continue;
		}
		rj->abandoned = true;
		__atomic_store_n(&w->sh->abort, 1, __ATOMIC_RELAXED);
	}
}

/*
 * steady_soon: where a steady window ends, at least RUN_SOON_NS from now,
 * on a tenth of a second of the window: a throttle that dispatches in
 * 100 ms slices (blk-throttle) then has whole slices in the last, partial
 * second (ending mid-slice read 2,972 IOPS off a 3,000 IOPS throttle).
 */
static uint64_t
run_soon_end(const struct run_watch *w)
{
	uint64_t tenth = NSEC_PER_SEC / 10, in = now_ns() + RUN_SOON_NS - w->sh->t_measure;

	return w->sh->t_measure + (in + tenth - 1) / tenth * tenth;
}

/*
 * steady_soon: whether the seconds [0, done) already judge noisy or
 * stalled (the caller's rule, as the finished cell is judged).  --auto
 * measures such a cell again; the rest of its runtime would only average
 * the disturbance into a figure the caps leave out.
 */
static bool
run_soon_unstable(const struct run_watch *w, unsigned done, unsigned inflight)
{
	struct cell_result r;

	if (w->rules->unstable == NULL)
		return false;
	memset(&r, 0, sizeof r);
	r.cell = *w->cell;
	r.status = CELL_OK;
	r.series_ios = w->ios;
	r.nseries = done;
	r.runtime_ns = (uint64_t)done * NSEC_PER_SEC;
	r.inflight_max = inflight;
	return w->rules->unstable(&r);
}

/*
 * Steady state, checked on whole seconds of the window: once seconds
 * [0, s) are complete and steady, end the window at the next whole second
 * (t_end in the future, so the jobs' counting stays exact).  A plan with
 * steady_soon (--auto's) ends it within a tenth of a second instead
 * (run_soon_end): the seconds judged are the figures' evidence, and the
 * rest of a second adds none; its partial last second is one the series
 * and the stability verdict already leave out.  It ends one whose seconds
 * already judge noisy or stalled there too (run_soon_unstable).
 */
static void
run_check_steady(struct run_watch *w, uint64_t t)
{
	const struct plan *p = w->plan;
	unsigned done, i, s, inflight;

	if (p->steady_pct == 0 || w->steady || t < w->sh->t_measure)
		return;
	/* second s is complete once every job has reaped past it: allow 100 ms */
	done = (unsigned)((t - w->sh->t_measure) / NSEC_PER_SEC);
	if (t - w->sh->t_measure - (uint64_t)done * NSEC_PER_SEC < NSEC_PER_SEC / 10)
		return;
	if (done > p->runtime_s)
		done = p->runtime_s;
	for (s = w->nchecked; s < done; s++) {
		w->ios[s] = 0;
		for (i = 0; i < w->cell->jobs; i++)
			w->ios[s] += __atomic_load_n(&w->jobs[i]->series_ios[s], __ATOMIC_RELAXED);
	}
	w->nchecked = done;
	if (done < p->min_runtime_s || done + 1 >= p->runtime_s)
		return;
	for (i = 0, inflight = 0; i < w->cell->jobs; i++)
		inflight += w->jobs[i]->j.depth;
	if (w->rules->steady != NULL &&
	    w->rules->steady(w->ios, done, p->steady_window_s, p->steady_pct, inflight)) {
		uint64_t end = w->sh->t_measure + (uint64_t)(done + 1) * NSEC_PER_SEC;
		uint64_t soon = p->steady_soon ? run_soon_end(w) : end;

		if (soon < end)
			end = soon;
		w->steady = true;
		w->steady_at_s = done;
		if (end < w->sh->t_end)
			__atomic_store_n(&w->sh->t_end, end, __ATOMIC_RELAXED);
	} else if (p->steady_soon && run_soon_unstable(w, done, inflight) &&
	    run_soon_end(w) < w->sh->t_end) {
		__atomic_store_n(&w->sh->t_end, run_soon_end(w), __ATOMIC_RELAXED);
	}
}

/* Draw the progress line with what the jobs have completed so far. */
static void
run_draw(struct run_watch *w)
{
	uint64_t ios = 0, bytes = 0;
	unsigned i;

	for (i = 0; i < w->cell->jobs; i++) {
		ios += __atomic_load_n(&w->jobs[i]->live_ios, __ATOMIC_RELAXED);
		bytes += __atomic_load_n(&w->jobs[i]->live_bytes, __ATOMIC_RELAXED);
	}
	run_progress_draw(w->cell, w->k, w->t0, ios, bytes, &w->mark);
}

/*
 * steady_soon: the time from t to the next steady-state check, 100 ms
 * past a whole second of the window, when its second is complete; the
 * window ends that much sooner than at a quarter-second's wake.
 */
static uint64_t
run_soon_wake(const struct run_watch *w, uint64_t t)
{
	uint64_t into, at = NSEC_PER_SEC / 10;

	if (t < w->sh->t_measure)
		return w->sh->t_measure - t + at;
	into = (t - w->sh->t_measure) % NSEC_PER_SEC;
	return into < at ? at - into : NSEC_PER_SEC + at - into;
}

/*
 * Sleep until deadline (or the window's end, which steady state may move
 * earlier), an interruption or an abort; draw progress once a second,
 * check steady state and watch for stuck I/O.
 */
static void
run_wait(struct run_watch *w, uint64_t deadline, bool to_end)
{
	for (;;) {
		uint64_t t = now_ns(), step, end;
		struct timespec ts;

		end = to_end ? __atomic_load_n(&w->sh->t_end, __ATOMIC_RELAXED) : deadline;
		if (t >= end || sweep_interrupted || __atomic_load_n(&w->sh->abort, __ATOMIC_RELAXED))
			return;
		step = end - t;
		if (step > NSEC_PER_SEC / 4)
			step = NSEC_PER_SEC / 4;
		if (w->plan->steady_soon && step > run_soon_wake(w, t))
			step = run_soon_wake(w, t);
		ts.tv_sec = (time_t)(step / NSEC_PER_SEC);
		ts.tv_nsec = (long)(step % NSEC_PER_SEC);
		nanosleep(&ts, NULL);
		t = now_ns();
		run_watchdog(w, t);
		run_check_steady(w, t);
		if (run_progress_due(&w->mark, t))
			run_draw(w);
	}
}

/*
 * After the window (or an abort or interruption) the jobs drain their
 * in-flight I/O: give them io_timeout_s + 2 s, the watchdog giving up on
 * stuck ones, then give up on whatever is left.
 */
static void
run_drain(struct run_watch *w, unsigned started)
{
	uint64_t deadline = now_ns() + ((uint64_t)w->plan->io_timeout_s + 2) * NSEC_PER_SEC;
	unsigned i, left = started;

	while (left > 0 && now_ns() < deadline) {
		struct timespec ts = { 0, NSEC_PER_SEC / 10 };

		nanosleep(&ts, NULL);
		run_watchdog(w, now_ns());
		left = 0;
		for (i = 0; i < started; i++) {
			struct run_job *rj = w->jobs[i];

			if (rj->joined || rj->abandoned)
				continue;
			if (pthread_tryjoin_np(rj->thread, NULL) == 0)
				rj->joined = true;
			else
				left++;
		}
	}
	for (i = 0; i < started; i++)
		if (!w->jobs[i]->joined && !w->jobs[i]->abandoned) {
			w->jobs[i]->abandoned = true;
			__atomic_store_n(&w->sh->abort, 1, __ATOMIC_RELAXED);
		}
}

/*
 * Join every job; one given up on that does not end within 5 s is left
 * running, detached: it owns its job and frees it when it ends, if ever.
 */
static void
run_join(struct run_job **jobs, unsigned started)
{
	unsigned i;

	for (i = 0; i < started; i++) {
		struct run_job *rj = jobs[i];
		uint64_t last;
		struct timespec ts;

		if (rj->joined)
			continue;
		if (!rj->abandoned) {
			pthread_join(rj->thread, NULL);
			rj->joined = true;
			continue;
		}
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 5;
		last = __atomic_load_n(&rj->last_progress, __ATOMIC_RELAXED);
		if (pthread_timedjoin_np(rj->thread, NULL, &ts) == 0) {
			rj->joined = true;
			/* The thread is gone: its figures are ours to fix up. */
			if (!rj->stuck)
				run_job_stuck(rj, now_ns() - last);
			continue;
		}
		pthread_detach(rj->thread);
		run_job_lost(rj);
		snprintf(rj->lost_msg, sizeof rj->lost_msg, "I/O stuck for %.0f s in %s; the job "
		    "could not be stopped", (double)(now_ns() - last) / 1e9,
		    __atomic_load_n(&rj->in_call, __ATOMIC_RELAXED) == 1 ? rj->j.ops->call_submit :
		    rj->j.ops->call_reap);
	}
}

/* The highest of each window's p99 over the joined jobs into to[n]. */
static void
run_window_max(uint64_t *to, unsigned n, const struct hist_win *w)
{
	unsigned s;

	for (s = 0; s < n && s < w->n; s++)
		if (w->p99_ns[s] > to[s])
			to[s] = w->p99_ns[s];
}

/* --hold: the p99 of each second and minute (the highest job's). */
static void
run_collect_windows(struct cell_result *r, struct run_job **jobs, const struct cell *c)
{
	unsigned i;

	if (jobs[0]->windows == NULL)
		return;
	r->series_p99_ns = xcalloc(r->nseries ? r->nseries : 1, sizeof *r->series_p99_ns);
	r->nminutes = (r->nseries + 59) / 60;
	r->minute_p99_ns = xcalloc(r->nminutes ? r->nminutes : 1, sizeof *r->minute_p99_ns);
	for (i = 0; i < c->jobs; i++) {
		if (!jobs[i]->joined || jobs[i]->windows == NULL)
			continue;
		hist_windows_end(jobs[i]->windows);
		run_window_max(r->series_p99_ns, r->nseries, &jobs[i]->windows->second);
		run_window_max(r->minute_p99_ns, r->nminutes, &jobs[i]->windows->minute);
	}
}

/*
 * Gather the jobs' figures into the cell's result.  window_ns is the
 * measured window; the series keep its whole seconds plus a last partial
 * one.  A thread that could not be joined is left out (it may still run).
 */
static void
run_collect(struct cell_result *r, struct run_job **jobs, const struct cell *c,
    uint64_t window_ns)
{
	struct hist *h = xmalloc(sizeof *h);
	unsigned i, s, p;
	double secs = (double)window_ns / 1e9;

	hist_init(h);
	r->nseries = (unsigned)((window_ns + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
	if (r->nseries > jobs[0]->nseries)
		r->nseries = jobs[0]->nseries;
	r->series_ios = xcalloc(r->nseries, sizeof *r->series_ios);
	r->series_bytes = xcalloc(r->nseries, sizeof *r->series_bytes);
	for (i = 0; i < c->jobs; i++) {
		struct run_job *rj = jobs[i];

		if (!rj->joined) {
			r->errors++;
			continue;
		}
		r->ios += rj->ios;
		r->bytes += rj->bytes;
		r->read_ios += rj->read_ios;
		r->write_ios += rj->write_ios;
		r->read_bytes += rj->read_bytes;
		r->write_bytes += rj->write_bytes;
		r->errors += rj->errors;
		r->short_ios += rj->short_ios;
		r->inflight_max += rj->inflight_max;
		if (r->err_syscall[0] == '\0' && rj->err_syscall[0] != '\0') {
			str_copy(r->err_syscall, sizeof r->err_syscall, rj->err_syscall);
			r->err_errno = rj->err_errno;
			r->err_offset = rj->err_offset;
		}
		hist_merge(h, &rj->hist);
		for (s = 0; s < r->nseries && s < rj->nseries; s++) {
			r->series_ios[s] += rj->series_ios[s];
			r->series_bytes[s] += rj->series_bytes[s];
		}
		r->cpu_usr_pct += (tv_s(&rj->ru_end.ru_utime) - tv_s(&rj->ru_start.ru_utime)) /
		    secs * 100.0;
		r->cpu_sys_pct += (tv_s(&rj->ru_end.ru_stime) - tv_s(&rj->ru_start.ru_stime)) /
		    secs * 100.0;
	}
	run_collect_windows(r, jobs, c);
	if (c->rate_iops > 0)
		run_rate_collect(r, jobs, c->jobs);
	r->runtime_ns = window_ns;
	r->iops = (double)r->ios / secs;
	r->bw_bytes_s = (double)r->bytes / secs;
	if (h->n > 0) {
		double mean = h->sum / (double)h->n;
		double var = h->sumsq / (double)h->n - mean * mean;

		r->lat_min_ns = h->min;
		r->lat_max_ns = h->max;
		r->lat_mean_ns = mean;
		r->lat_stdev_ns = var > 0 ? sqrt(var) : 0;
		for (p = 0; p < PCT_COUNT; p++)
			r->lat_pct_ns[p] = hist_percentile(h, sweep_percentiles[p]);
	}
	free(h);
}

/*
 * Create the cell's job threads and open the start gate once every one
 * has set up: the window starts after the ramp.  Returns 0, or the first
 * job's error (the gate then cancels them all).
 */
static int
run_start(struct run_watch *w, const struct engine_ops *ops, const struct target *t)
{
	const struct plan *p = w->plan;
	struct start_gate *g = &w->sh->gate;
	unsigned i;
	int ret = 0;

	for (i = 0; i < w->cell->jobs; i++) {
		struct run_job *rj = run_job_new(w->sh, w->cell, p, t, ops, i);

		if (w->cell->rate_iops > 0)
			rj->loop = run_rate_loop;

		w->jobs[i] = rj;
		if (pthread_create(&rj->thread, NULL, run_job_thread, rj) != 0) {
			run_job_put(rj);	/* the thread's reference: there is no thread */
			rj->joined = true;
			ret = -EAGAIN;
			break;
		}
		w->started++;
	}
	pthread_mutex_lock(&g->lock);
	while (g->ready < w->started)
		pthread_cond_wait(&g->cond, &g->lock);
	for (i = 0; i < w->started; i++)
		if (w->jobs[i]->ret != 0 && ret == 0)
			ret = w->jobs[i]->ret;
	w->t0 = w->mark.t = now_ns();
	if (ret == 0) {
		w->sh->t_measure = w->t0 + (uint64_t)p->ramp_s * NSEC_PER_SEC;
		w->sh->t_end = w->sh->t_measure + (uint64_t)p->runtime_s * NSEC_PER_SEC;
	}
	g->go = ret == 0 ? 1 : -1;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
	return ret;
}

/*
 * The cell's figures and status once its jobs are done: the window is
 * cut short where an interruption or an abort stopped it.  Returns
 * -ECANCELED when interrupted, else 0.
 */
static int
run_finish(struct run_watch *w, struct cell_result *r, const struct devstat *ds0,
    const struct devstat *ds1)
{
	uint64_t end = __atomic_load_n(&w->sh->t_end, __ATOMIC_RELAXED);
	uint64_t window = end - w->sh->t_measure;
	int ret = 0;

	if (sweep_interrupted || __atomic_load_n(&w->sh->abort, __ATOMIC_RELAXED)) {
		uint64_t stop = now_ns();

		if (stop < end)
			window = stop > w->sh->t_measure ? stop - w->sh->t_measure : 1;
	}
	run_collect(r, w->jobs, w->cell, window);
	devstat_delta(ds0, ds1, window, &r->dev);
	r->steady = w->steady;
	r->steady_at_s = w->steady_at_s;
	if (sweep_interrupted) {
		r->status = CELL_PARTIAL;
		str_copy(r->status_reason, sizeof r->status_reason, "interrupted");
		ret = -ECANCELED;
	} else if (r->errors > 0 || __atomic_load_n(&w->sh->abort, __ATOMIC_RELAXED)) {
		r->status = CELL_FAILED;
		if (r->status_reason[0] == '\0')
			snprintf(r->status_reason, sizeof r->status_reason,
			    "%llu I/O errors; first: %s: %s at offset %llu",
			    (unsigned long long)r->errors, r->err_syscall,
			    strerror(r->err_errno), (unsigned long long)r->err_offset);
	} else
		r->status = CELL_OK;
	bw_check_compute(r);
	results_cell_derive(r);
	if (w->rules->judge != NULL)
		w->rules->judge(r, (unsigned)(window / NSEC_PER_SEC), w->plan->steady_window_s);
	return ret;
}

/* The first job's reason for the cell's failure, into r: a job given up on has the cell's. */
static void
run_reason(struct run_watch *w, struct cell_result *r)
{
	unsigned i;

	for (i = 0; i < w->started && r->status_reason[0] == '\0'; i++) {
		const struct run_job *rj = w->jobs[i];

		if (!rj->joined)
			snprintf(r->status_reason, sizeof r->status_reason, "job %u: %s", i,
			    rj->lost_msg);
		else if ((rj->ret != 0 || rj->stuck) && rj->msg[0] != '\0')
			snprintf(r->status_reason, sizeof r->status_reason, "job %u: %s", i, rj->msg);
	}
}

/*
 * Run one cell (number k of the plan, for progress) into r.  Returns 0 when
 * the cell ran (r->status tells ok, failed or skipped) and -ECANCELED when
 * interrupted (r is then partial and marked so).
 */
int
run_cell(const struct target *t, const struct plan *p, const struct cell *c,
    const struct run_rules *rules, struct cell_result *r, unsigned k)
{
	const struct engine_ops *ops = engine_find(p->engine);
	struct run_watch w;
	struct devstat ds0, ds1;
	unsigned i;
	int ret;

	static pthread_once_t kick_once = PTHREAD_ONCE_INIT;

	pthread_once(&kick_once, run_kick_install);
	memset(r, 0, sizeof *r);
	memset(&ds0, 0, sizeof ds0);
	memset(&ds1, 0, sizeof ds1);
	r->cell = *c;
	if (c->bs % t->dio_offset_align != 0) {
		r->status = CELL_SKIPPED;
		snprintf(r->status_reason, sizeof r->status_reason,
		    "block size %llu is not a multiple of the target's O_DIRECT alignment (%u bytes)",
		    (unsigned long long)c->bs, t->dio_offset_align);
		return 0;
	}
	if ((c->rate_pct > 0 || c->rate_iops != 0) && !(c->rate_iops >= 1)) {
		r->status = CELL_SKIPPED;
		snprintf(r->status_reason, sizeof r->status_reason, "no rate to issue at: %g%% of a "
		    "cap that was not measured", c->rate_pct);
		return 0;
	}
	memset(&w, 0, sizeof w);
	w.cell = c;
	w.plan = p;
	w.rules = rules;
	w.k = k;
	w.jobs = xcalloc(c->jobs, sizeof *w.jobs);
	w.ios = xcalloc(p->runtime_s + 1, sizeof *w.ios);
	w.sh = run_job_shared_new();
	ret = run_start(&w, ops, t);
	if (ret == 0) {
		/* An engine that moves nothing (null): the counters would only show others' I/O. */
		const char *dev = ops->moves_data ? t->devname : NULL;

		run_wait(&w, w.sh->t_measure, false);
		devstat_read(dev, &ds0);
		run_wait(&w, 0, true);
		devstat_read(dev, &ds1);
		run_drain(&w, w.started);
	}
	run_join(w.jobs, w.started);
	run_progress_clear();
	run_reason(&w, r);
	if (ret != 0) {
		r->status = CELL_FAILED;
		if (r->status_reason[0] == '\0')
			snprintf(r->status_reason, sizeof r->status_reason, "could not start %u jobs: %s",
			    c->jobs, strerror(-ret));
	} else
		ret = run_finish(&w, r, &ds0, &ds1);
	free(w.ios);
	for (i = 0; i < c->jobs && w.jobs[i] != NULL; i++)
		run_job_put(w.jobs[i]);
	free(w.jobs);
	run_job_shared_put(w.sh);
	return ret == -ECANCELED ? ret : 0;
}
