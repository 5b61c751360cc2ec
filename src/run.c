/*
 * Run: one cell at a time.  Each job is a thread with its own file
 * descriptor, engine context and buffers.  All jobs start together (a
 * start gate), ramp for ramp_s, then count completions in one shared
 * window [t_measure, t_end).  The main thread samples the device counters
 * at the window's edges, draws progress, ends the window early once IOPS
 * are steady (--steady), and watches for I/O that never completes
 * (--io-timeout).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"

volatile int sweep_interrupted;

/* All jobs set up, then all start at once (or none, when one failed). */
struct start_gate {
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	unsigned	ready;
	int		go;		/* 0 wait, 1 go, -1 cancelled */
};

struct run_job {
	struct job		 j;		/* what the engine sees */
	const struct cell	*cell;
	const struct plan	*plan;
	const struct target	*target;
	struct start_gate	*gate;
	const uint64_t		*t_measure;	/* set by the main thread at the start gate */
	uint64_t		*t_end;		/* moved earlier by steady state: atomic */
	int			*abort;		/* the cell is being aborted: atomic */
	pthread_t		 thread;
	int			 ret;
	char			 msg[160];
	bool			 stuck;		/* gave up on I/O that never completed */
	bool			 cancelled;	/* the watchdog cancelled this thread */
	bool			 joined;

	void			*bufs;
	struct io_u		*ious;
	struct io_u		**freelist;
	unsigned		 nfree;
	struct io_u		**pending;
	unsigned		 npending;
	struct io_u		**events;
	unsigned		 inflight;

	uint64_t		 rng[4];
	uint64_t		 nblocks;
	uint64_t		 seq_block;
	uint64_t		 ddir_rng;
	bool			 random;	/* the cell's mode, decoded once */
	bool			 mixed;
	enum ddir		 ddir;		/* the direction when not mixed */

	/* measured window only */
	struct hist		 hist;
	uint64_t		 ios, bytes, read_ios, write_ios, read_bytes, write_bytes;
	uint64_t		 errors, short_ios;
	char			 err_syscall[32];
	int			 err_errno;
	uint64_t		 err_offset;
	uint64_t		*series_ios;
	uint64_t		*series_bytes;
	unsigned		 nseries;
	struct rusage		 ru_start, ru_end;
	bool			 measuring;
	unsigned		 inflight_max;

	/* read by the main thread; written by this job only (relaxed atomics) */
	uint64_t		 live_ios;
	uint64_t		 live_bytes;
	uint64_t		 last_progress;	/* when a completion last arrived */
	unsigned		 live_inflight;
};

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* xoshiro256**: fast, and the same seed gives the same offsets. */
static uint64_t
rng_next(uint64_t *s)
{
	uint64_t r = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = s[3] << 45 | s[3] >> 19;
	return r;
}

/* A uniform integer in [0, n): Lemire's multiply-shift, no division. */
static uint64_t
rng_below(uint64_t *s, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)rng_next(s) * n) >> 64);
}

static void
job_seed(struct run_job *rj)
{
	const struct cell *c = rj->cell;
	uint64_t x = rj->plan->seed;
	int i;

	x ^= ((uint64_t)c->mode << 56) ^ (c->bs << 8) ^ ((uint64_t)c->depth << 40) ^
	    ((uint64_t)c->jobs << 48) ^ rj->j.id;
	for (i = 0; i < 4; i++)
		rj->rng[i] = splitmix64(&x);
	rj->ddir_rng = splitmix64(&x) | 1;
}

/* Where the next I/O goes, and whether it reads or writes. */
static void
job_next(struct run_job *rj, struct io_u *u)
{
	const struct cell *c = rj->cell;
	uint64_t block;

	if (rj->random) {
		block = rng_below(rj->rng, rj->nblocks);
	} else {
		block = rj->seq_block++;
		if (rj->seq_block >= rj->nblocks)
			rj->seq_block = 0;
	}
	u->offset = block * c->bs;
	u->len = c->bs;
	if (rj->mixed)
		u->ddir = splitmix64(&rj->ddir_rng) % 100 < rj->plan->rwmixread ? DDIR_READ : DDIR_WRITE;
	else
		u->ddir = rj->ddir;
}

static void
job_record_error(struct run_job *rj, const char *syscall, int err, uint64_t offset)
{
	rj->errors++;
	if (rj->err_syscall[0] == '\0') {
		str_copy(rj->err_syscall, sizeof rj->err_syscall, syscall);
		rj->err_errno = err;
		rj->err_offset = offset;
	}
}

/*
 * Account one completion reaped at time t, in second sec of the window
 * (the caller checked that t is inside it, once for the whole batch).
 */
static void
job_complete(struct run_job *rj, struct io_u *u, uint64_t t, uint64_t sec)
{
	uint64_t done;

	if (u->result < 0) {
		job_record_error(rj, rj->j.ops == &engine_psync ?
		    (u->ddir == DDIR_READ ? "pread" : "pwrite") :
		    (u->ddir == DDIR_READ ? "io_getevents (read)" : "io_getevents (write)"),
		    (int)-u->result, u->offset);
		return;
	}
	done = (uint64_t)u->result;
	if (done < u->len)
		rj->short_ios++;
	rj->ios++;
	rj->bytes += done;
	if (u->ddir == DDIR_READ) {
		rj->read_ios++;
		rj->read_bytes += done;
	} else {
		rj->write_ios++;
		rj->write_bytes += done;
	}
	hist_add(&rj->hist, t - u->start_ns);
	if (sec < rj->nseries) {
		__atomic_store_n(&rj->series_ios[sec], rj->series_ios[sec] + 1, __ATOMIC_RELAXED);
		rj->series_bytes[sec] += done;
	}
}

static int
job_setup(struct run_job *rj)
{
	const struct cell *c = rj->cell;
	const struct target *t = rj->target;
	size_t align = t->dio_mem_align > 4096 ? t->dio_mem_align : 4096;
	unsigned i;
	int flags = O_DIRECT | O_CLOEXEC;

	/*
	 * psync has one I/O in flight whatever the depth: give it one io_u.
	 * With depth of them it would cycle through depth buffers (8 MiB at
	 * 1m x 8 instead of 1 MiB, out of cache) and re-stamp depth - 1 I/Os
	 * that wait for nothing on every submit.
	 */
	rj->j.depth = rj->j.ops == &engine_psync ? 1 : c->depth;
	rj->j.bs = c->bs;
	rj->j.fd = -1;
	rj->random = mode_is_random(c->mode);
	rj->mixed = c->mode == MODE_READWRITE || c->mode == MODE_RANDRW;
	rj->ddir = mode_writes(c->mode) ? DDIR_WRITE : DDIR_READ;
	rj->nblocks = t->size / c->bs;
	/* Sequential jobs start spread over the region, not all at block 0. */
	rj->seq_block = rj->nblocks / c->jobs * rj->j.id;
	job_seed(rj);
	hist_init(&rj->hist);
	rj->nseries = rj->plan->runtime_s;
	rj->series_ios = xcalloc(rj->nseries, sizeof *rj->series_ios);
	rj->series_bytes = xcalloc(rj->nseries, sizeof *rj->series_bytes);

	if (rj->j.ops->needs_fd) {
		flags |= mode_writes(c->mode) ? O_RDWR : O_RDONLY;
		rj->j.fd = open(t->path, flags);
		if (rj->j.fd < 0) {
			snprintf(rj->msg, sizeof rj->msg, "open %s: %s", t->path, strerror(errno));
			return -errno;
		}
	}
	if (posix_memalign(&rj->bufs, align, c->bs * rj->j.depth) != 0) {
		snprintf(rj->msg, sizeof rj->msg, "posix_memalign: cannot allocate buffers");
		return -ENOMEM;
	}
	if (mode_writes(c->mode)) {
		uint64_t seed = rj->rng[0] | 1;

		target_fill_random(rj->bufs, c->bs * rj->j.depth, &seed);
	} else
		memset(rj->bufs, 0, c->bs * rj->j.depth);
	rj->ious = xcalloc(rj->j.depth, sizeof *rj->ious);
	rj->freelist = xcalloc(rj->j.depth, sizeof *rj->freelist);
	rj->pending = xcalloc(rj->j.depth, sizeof *rj->pending);
	rj->events = xcalloc(rj->j.depth, sizeof *rj->events);
	for (i = 0; i < rj->j.depth; i++) {
		rj->ious[i].index = i;
		rj->ious[i].buf = (char *)rj->bufs + (size_t)i * c->bs;
		rj->freelist[rj->nfree++] = &rj->ious[rj->j.depth - 1 - i];
	}
	rj->j.bufs = rj->bufs;
	if (rj->j.ops->init(&rj->j) != 0) {
		snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall, strerror(rj->j.err_errno));
		return -rj->j.err_errno;
	}
	return 0;
}

/* Give up on I/O that has not completed for too long: record where it is stuck. */
static void
job_stuck(struct run_job *rj, uint64_t waited)
{
	struct io_u *oldest = NULL;
	unsigned i;

	for (i = 0; i < rj->j.depth; i++) {
		struct io_u *u = &rj->ious[i];

		if (__atomic_load_n(&u->inflight, __ATOMIC_RELAXED) &&
		    (oldest == NULL || u->start_ns < oldest->start_ns))
			oldest = u;
	}
	rj->stuck = true;
	rj->errors++;
	str_copy(rj->err_syscall, sizeof rj->err_syscall,
	    rj->j.ops == &engine_psync ? "pread/pwrite" : "reap");
	rj->err_errno = ETIMEDOUT;
	rj->err_offset = oldest != NULL ? oldest->offset : 0;
	snprintf(rj->msg, sizeof rj->msg, "I/O stuck for %.0f s at offset %llu",
	    (double)waited / 1e9, (unsigned long long)rj->err_offset);
}

/*
 * The I/O loop: fill the queue to depth, submit the batch (one timestamp
 * for the batch), reap at least one, account with one timestamp per reap.
 * Two clock reads per batch keeps timing off the hot path.  Reaping waits
 * at most ENGINE_REAP_WAIT_NS, so the loop notices the end of the window,
 * an interruption or I/O that has been stuck for io_timeout_s.
 */
static int
job_loop(struct run_job *rj)
{
	const struct engine_ops *ops = rj->j.ops;
	uint64_t t_measure = *rj->t_measure, t, t_end, last_progress = now_ns();
	uint64_t timeout = (uint64_t)rj->plan->io_timeout_s * NSEC_PER_SEC, sec;
	bool stopping = false, counted;
	int n, i;

	__atomic_store_n(&rj->last_progress, last_progress, __ATOMIC_RELAXED);
	for (;;) {
		if (!stopping) {
			unsigned k;

			while (rj->nfree > 0) {
				struct io_u *u = rj->freelist[--rj->nfree];

				job_next(rj, u);
				rj->pending[rj->npending++] = u;
			}
			if (rj->npending > 0) {
				t = now_ns();
				for (k = 0; k < rj->npending; k++) {
					rj->pending[k]->start_ns = t;
					__atomic_store_n(&rj->pending[k]->inflight, 1, __ATOMIC_RELAXED);
				}
				if (rj->inflight == 0) {
					last_progress = t;
					__atomic_store_n(&rj->last_progress, t, __ATOMIC_RELAXED);
				}
				n = ops->submit(&rj->j, rj->pending, rj->npending);
				if (n < 0) {
					snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall,
					    strerror(rj->j.err_errno));
					job_record_error(rj, rj->j.err_syscall, rj->j.err_errno,
					    rj->pending[0]->offset);
					for (k = 0; k < rj->npending; k++)
						__atomic_store_n(&rj->pending[k]->inflight, 0,
						    __ATOMIC_RELAXED);
					stopping = true;
				} else {
					for (k = (unsigned)n; k < rj->npending; k++)
						__atomic_store_n(&rj->pending[k]->inflight, 0,
						    __ATOMIC_RELAXED);
					rj->inflight += (unsigned)n;
					if (rj->inflight > rj->inflight_max)
						rj->inflight_max = rj->inflight;
					rj->npending -= (unsigned)n;
					if (rj->npending > 0)
						memmove(rj->pending, rj->pending + n,
						    rj->npending * sizeof *rj->pending);
				}
				__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
			}
		}
		if (rj->inflight == 0) {
			if (stopping)
				break;
			continue;
		}
		n = ops->reap(&rj->j, 1, rj->inflight, rj->events);
		if (n < 0) {
			snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall,
			    strerror(rj->j.err_errno));
			job_record_error(rj, rj->j.err_syscall, rj->j.err_errno, 0);
			return n;
		}
		t = now_ns();
		/* Nothing completed for io_timeout_s, whether or not this reap found something. */
		if (t - last_progress >= timeout) {
			job_stuck(rj, t - last_progress);
			__atomic_store_n(rj->abort, 1, __ATOMIC_RELAXED);
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
		/* One window check and one division per batch: it shares t. */
		counted = rj->measuring && t < __atomic_load_n(rj->t_end, __ATOMIC_RELAXED);
		sec = counted ? (t - t_measure) / NSEC_PER_SEC : 0;
		for (i = 0; i < n; i++) {
			__atomic_store_n(&rj->events[i]->inflight, 0, __ATOMIC_RELAXED);
			if (counted)
				job_complete(rj, rj->events[i], t, sec);
			rj->freelist[rj->nfree++] = rj->events[i];
		}
		rj->inflight -= (unsigned)n;
		__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
		__atomic_store_n(&rj->live_ios, rj->ios, __ATOMIC_RELAXED);
		__atomic_store_n(&rj->live_bytes, rj->bytes, __ATOMIC_RELAXED);
		t_end = __atomic_load_n(rj->t_end, __ATOMIC_RELAXED);
		if (!stopping && (t >= t_end || sweep_interrupted ||
		    __atomic_load_n(rj->abort, __ATOMIC_RELAXED))) {
			stopping = true;
			getrusage(RUSAGE_THREAD, &rj->ru_end);
		}
	}
	return rj->errors > 0 && rj->ios == 0 ? -EIO : 0;
}

static void *
job_thread(void *arg)
{
	struct run_job *rj = arg;
	struct start_gate *g = rj->gate;
	int go;

	rj->ret = job_setup(rj);
	pthread_mutex_lock(&g->lock);
	g->ready++;
	pthread_cond_broadcast(&g->cond);
	while (g->go == 0)
		pthread_cond_wait(&g->cond, &g->lock);
	go = g->go;
	pthread_mutex_unlock(&g->lock);
	if (rj->ret != 0)
		return NULL;
	if (go < 0) {
		rj->ret = -ECANCELED;
		return NULL;
	}
	rj->ret = job_loop(rj);
	if (!rj->measuring)
		getrusage(RUSAGE_THREAD, &rj->ru_start);
	if (rj->ru_end.ru_utime.tv_sec == 0 && rj->ru_end.ru_utime.tv_usec == 0 &&
	    rj->ru_end.ru_stime.tv_sec == 0 && rj->ru_end.ru_stime.tv_usec == 0)
		getrusage(RUSAGE_THREAD, &rj->ru_end);
	return NULL;
}

/*
 * Free a job's resources.  A job that gave up on stuck I/O keeps its
 * engine context (io_destroy would wait for the stuck I/O); a thread that
 * could not be joined keeps everything, since it may still be running.
 */
static void
job_free(struct run_job *rj)
{
	/* Kept reachable on purpose, so leak checkers report only real leaks. */
	static struct run_job **abandoned;
	static unsigned nabandoned;

	if (rj->stuck || (rj->cancelled && !rj->joined)) {
		abandoned = xrealloc(abandoned, (nabandoned + 1) * sizeof *abandoned);
		abandoned[nabandoned] = xmalloc(sizeof *rj);
		*abandoned[nabandoned++] = *rj;
	}
	if (rj->cancelled && !rj->joined)
		return;
	if (rj->j.ops != NULL && rj->j.engine_data != NULL && !rj->stuck)
		rj->j.ops->cleanup(&rj->j);
	if (rj->j.fd >= 0)
		close(rj->j.fd);
	if (rj->stuck)
		return;
	free(rj->bufs);
	free(rj->ious);
	free(rj->freelist);
	free(rj->pending);
	free(rj->events);
	free(rj->series_ios);
	free(rj->series_bytes);
}

static double
tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* Progress: one updating line on a TTY; nothing until the cell ends otherwise. */
static struct {
	bool		 tty;
	bool		 quiet;
	unsigned	 ncells;
	uint64_t	 cell_ns;
	uint64_t	 sweep_start;
} progress;

void
run_progress_init(bool quiet, const struct plan *p)
{
	progress.quiet = quiet;
	progress.tty = !quiet && isatty(STDERR_FILENO);
	progress.ncells = p->ncells;
	progress.cell_ns = (uint64_t)(p->ramp_s + p->runtime_s) * NSEC_PER_SEC;
	progress.sweep_start = now_ns();
}

static void
progress_draw(const struct cell *c, unsigned k, struct run_job *jobs, uint64_t t0,
    uint64_t *last_ios, uint64_t *last_bytes, uint64_t *last_t)
{
	uint64_t ios = 0, bytes = 0, t = now_ns(), left;
	double dt = (double)(t - *last_t) / 1e9;
	char b[32], eta[32];
	unsigned i;

	for (i = 0; i < c->jobs; i++) {
		ios += __atomic_load_n(&jobs[i].live_ios, __ATOMIC_RELAXED);
		bytes += __atomic_load_n(&jobs[i].live_bytes, __ATOMIC_RELAXED);
	}
	left = (uint64_t)(progress.ncells - k) * progress.cell_ns;
	left = t - t0 < progress.cell_ns ? left - (t - t0) : left - progress.cell_ns;
	fprintf(stderr, "\r\033[K[%u/%u] %-9s bs %-4s depth %-4u jobs %-3u %10.0f IOPS %9.1f MiB/s  ETA %s",
	    k + 1, progress.ncells, mode_name(c->mode), size_short(c->bs, b, sizeof b), c->depth,
	    c->jobs, dt > 0 ? (double)(ios - *last_ios) / dt : 0.0,
	    dt > 0 ? (double)(bytes - *last_bytes) / MIB / dt : 0.0,
	    duration_human(left, eta, sizeof eta));
	*last_ios = ios;
	*last_bytes = bytes;
	*last_t = t;
}

/*
 * How steady the last `window` per-second IOPS samples are (all of them
 * when there are fewer): their mean, the largest distance of a sample from
 * it and how far the least-squares line through them moves across the
 * window, both in percent of the mean.  st->n is the number of samples
 * looked at, 0 when there is nothing to judge (fewer than 3 or a zero
 * mean; every figure is 0 then).
 */
void
run_steady_stats(const uint64_t *ios, unsigned n, unsigned window, struct steady_stats *st)
{
	double sx = 0, sxy = 0, dev = 0;
	unsigned i, w = n < window ? n : window;

	memset(st, 0, sizeof *st);
	if (w < 3)
		return;
	ios += n - w;
	for (i = 0; i < w; i++)
		st->mean += (double)ios[i];
	st->mean /= w;
	if (st->mean <= 0) {
		st->mean = 0;
		return;
	}
	for (i = 0; i < w; i++) {
		double x = (double)i - (w - 1) / 2.0, d = fabs((double)ios[i] - st->mean);

		if (d > dev)
			dev = d;
		sx += x * x;
		sxy += x * ((double)ios[i] - st->mean);
	}
	st->n = w;
	st->spread_pct = dev / st->mean * 100;
	st->trend_pct = fabs(sxy / sx * (w - 1)) / st->mean * 100;
}

/*
 * Steady state over the first n seconds of a cell's per-second IOPS.  The
 * last `window` samples (all of them, at least 3, while fewer have been
 * measured: --min-runtime can be shorter than the window) must
 *
 * - lie within the band around their mean, and the least-squares line
 *   through them must move by no more than the band across them (no
 *   trend): what --steady names.  Both are needed: a slow ramp passes the
 *   band test alone when it is loose, and a noisy flat series passes the
 *   slope test alone;
 *
 * - have a mean known to within the band: the 95% confidence interval of
 *   their mean, t x s / sqrt(w), inside it, where s leaves out the variance
 *   counting can explain (edge^2, below: counting errors cancel from one
 *   second to the next instead of averaging out).  At 5 samples the band
 *   test nearly implies this; at 3 it does not (this asks s <= 0.4 x the
 *   band): three seconds of a device whose seconds vary by 6% (normal) sit
 *   inside a 2% band and pass the trend test by luck one time in 17, and
 *   this test too one time in 56 (four seconds: 1 in 97; five: 1 in 230).
 *
 * Counting.  A second counts the I/Os that completed in it, and the I/Os
 * in flight at its edges (`inflight`: depth x jobs) can land on either
 * side, so at 16 IOPS and depth 8 counts of 12..20 can be counting, not
 * unsteadiness; and the cell's own count is off by however many of those
 * at its two ends were mostly done before it began or mostly undone when
 * it ended.  How many that is shows in the series: the running count
 * drifts from a straight line at the mean rate by as many I/Os as the
 * edges shift (a device completing 16 a second like clockwork never
 * drifts; batches of 8 landing either side of a second's edge drift by
 * up to 8).  So with `edge` = that drift, at least 1 and at most inflight,
 * the band is pct% of the mean or edge I/Os if wider, and the cell needs
 * 100 x edge / pct completions: the edges then move its IOPS by at most
 * pct%.
 */
bool
run_steady(const uint64_t *ios, unsigned n, unsigned window, unsigned pct, unsigned inflight)
{
	static const double t975[] = { 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262 };
	struct steady_stats st;
	double band, total = 0, ss = 0, t, mean, run = 0, drift = 0, edge;
	unsigned i, df;

	if (pct == 0 || window < 2)
		return false;
	run_steady_stats(ios, n, window, &st);
	if (st.n == 0)
		return false;
	for (i = 0; i < n; i++)
		total += (double)ios[i];
	mean = total / n;
	for (i = 0; i < n; i++) {
		run += (double)ios[i] - mean;	/* running count less the straight line */
		if (fabs(run) > drift)
			drift = fabs(run);
	}
	edge = drift < 1 ? 1 : drift > inflight ? inflight : drift;
	if (total * pct < 100.0 * edge)
		return false;
	band = edge / st.mean * 100;
	if (band < pct)
		band = pct;
	if (st.spread_pct > band || st.trend_pct > band)
		return false;
	/* Student's t, two-sided 95%, st.n - 1 degrees of freedom: a table to 9, then
	 * Cornish-Fisher's series in 1/df (2.225 at 10 against 2.228, closer beyond) */
	df = st.n - 1;
	t = df - 2 < sizeof t975 / sizeof t975[0] ? t975[df - 2] :
	    1.96 + 2.372 / df + 2.82 / ((double)df * df);
	for (i = n - st.n; i < n; i++)
		ss += ((double)ios[i] - st.mean) * ((double)ios[i] - st.mean);
	ss = ss / df - edge * edge;
	return ss <= 0 || t * sqrt(ss / st.n) <= st.mean * band / 100;
}

/* What the main thread watches while a cell runs. */
struct run_watch {
	const struct cell	*cell;
	const struct plan	*plan;
	struct run_job		*jobs;
	unsigned		 k;
	uint64_t		 t0;
	uint64_t		 t_measure;
	uint64_t		*t_end;
	int			*abort;
	uint64_t		 li, lb, lt;
	uint64_t		*ios;		/* per-second IOPS, summed over jobs */
	unsigned		 nchecked;	/* seconds already summed */
	bool			 steady;
	unsigned		 steady_at_s;
};

/*
 * The watchdog: a job whose I/O has not completed for io_timeout_s plus a
 * grace second is stuck inside a call it cannot return from by itself (a
 * stalled pread, an interposed io_getevents): cancel its thread and abort
 * the cell.  A job stuck in its reap loop notices first and aborts itself.
 */
static void
run_watchdog(struct run_watch *w, uint64_t t)
{
	uint64_t limit = ((uint64_t)w->plan->io_timeout_s + 1) * NSEC_PER_SEC;
	unsigned i;

	for (i = 0; i < w->cell->jobs; i++) {
		struct run_job *rj = &w->jobs[i];
		uint64_t last = __atomic_load_n(&rj->last_progress, __ATOMIC_RELAXED);

		/* last can be newer than t: the job runs while we look */
		if (rj->cancelled || rj->joined || last == 0 || last >= t ||
		    __atomic_load_n(&rj->live_inflight, __ATOMIC_RELAXED) == 0 || t - last < limit)
			continue;
		rj->cancelled = true;
		pthread_cancel(rj->thread);
		__atomic_store_n(w->abort, 1, __ATOMIC_RELAXED);
	}
}

/*
 * Steady state, checked on whole seconds of the window: once seconds
 * [0, s) are complete and steady, end the window at the next whole second
 * (t_end in the future, so the jobs' counting stays exact).
 */
static void
run_check_steady(struct run_watch *w, uint64_t t)
{
	const struct plan *p = w->plan;
	unsigned done, i, s, inflight;

	if (p->steady_pct == 0 || w->steady || t < w->t_measure)
		return;
	/* second s is complete once every job has reaped past it: allow 100 ms */
	done = (unsigned)((t - w->t_measure) / NSEC_PER_SEC);
	if (t - w->t_measure - (uint64_t)done * NSEC_PER_SEC < NSEC_PER_SEC / 10)
		return;
	if (done > p->runtime_s)
		done = p->runtime_s;
	for (s = w->nchecked; s < done; s++) {
		w->ios[s] = 0;
		for (i = 0; i < w->cell->jobs; i++)
			w->ios[s] += __atomic_load_n(&w->jobs[i].series_ios[s], __ATOMIC_RELAXED);
	}
	w->nchecked = done;
	if (done < p->min_runtime_s || done + 1 >= p->runtime_s)
		return;
	for (i = 0, inflight = 0; i < w->cell->jobs; i++)
		inflight += w->jobs[i].j.depth;
	if (run_steady(w->ios, done, p->steady_window_s, p->steady_pct, inflight)) {
		uint64_t end = w->t_measure + (uint64_t)(done + 1) * NSEC_PER_SEC;

		w->steady = true;
		w->steady_at_s = done;
		if (end < *w->t_end)
			__atomic_store_n(w->t_end, end, __ATOMIC_RELAXED);
	}
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

		end = to_end ? __atomic_load_n(w->t_end, __ATOMIC_RELAXED) : deadline;
		if (t >= end || sweep_interrupted || __atomic_load_n(w->abort, __ATOMIC_RELAXED))
			return;
		step = end - t;
		if (step > NSEC_PER_SEC / 4)
			step = NSEC_PER_SEC / 4;
		ts.tv_sec = (time_t)(step / NSEC_PER_SEC);
		ts.tv_nsec = (long)(step % NSEC_PER_SEC);
		nanosleep(&ts, NULL);
		t = now_ns();
		run_watchdog(w, t);
		run_check_steady(w, t);
		if (progress.tty && t - w->lt >= NSEC_PER_SEC)
			progress_draw(w->cell, w->k, w->jobs, w->t0, &w->li, &w->lb, &w->lt);
	}
}

/*
 * After the window (or an abort or interruption) the jobs drain their
 * in-flight I/O: give them io_timeout_s + 2 s, the watchdog cancelling
 * stuck ones, then cancel whatever is left.
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
			struct run_job *rj = &w->jobs[i];

			if (rj->joined || rj->cancelled)
				continue;
			if (pthread_tryjoin_np(rj->thread, NULL) == 0)
				rj->joined = true;
			else
				left++;
		}
	}
	for (i = 0; i < started; i++)
		if (!w->jobs[i].joined && !w->jobs[i].cancelled) {
			w->jobs[i].cancelled = true;
			pthread_cancel(w->jobs[i].thread);
		}
}

/* Join every job; a cancelled one that will not end within 5 s is left detached. */
static void
run_join(struct run_job *jobs, unsigned started)
{
	unsigned i;

	for (i = 0; i < started; i++) {
		struct run_job *rj = &jobs[i];
		struct timespec ts;

		if (rj->joined)
			continue;
		if (!rj->cancelled) {
			pthread_join(rj->thread, NULL);
			rj->joined = true;
			continue;
		}
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 5;
		if (pthread_timedjoin_np(rj->thread, NULL, &ts) == 0) {
			rj->joined = true;
		} else {
			pthread_detach(rj->thread);
		}
		/* The thread is gone (or abandoned): its figures are ours to fix up. */
		if (!rj->stuck) {
			uint64_t last = __atomic_load_n(&rj->last_progress, __ATOMIC_RELAXED);

			rj->stuck = true;
			if (rj->joined)
				job_stuck(rj, now_ns() - last);
			else
				snprintf(rj->msg, sizeof rj->msg, "I/O stuck for %.0f s; the job "
				    "could not be stopped", (double)(now_ns() - last) / 1e9);
		}
	}
}

/*
 * Gather the jobs' figures into the cell's result.  window_ns is the
 * measured window; the series keep its whole seconds plus a last partial
 * one.  A thread that could not be joined is left out (it may still run).
 */
static void
run_collect(struct cell_result *r, struct run_job *jobs, const struct cell *c,
    uint64_t window_ns)
{
	struct hist *h = xmalloc(sizeof *h);
	unsigned i, s, p;
	double secs = (double)window_ns / 1e9;

	hist_init(h);
	r->nseries = (unsigned)((window_ns + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
	if (r->nseries > jobs[0].nseries)
		r->nseries = jobs[0].nseries;
	r->series_ios = xcalloc(r->nseries, sizeof *r->series_ios);
	r->series_bytes = xcalloc(r->nseries, sizeof *r->series_bytes);
	for (i = 0; i < c->jobs; i++) {
		struct run_job *rj = &jobs[i];

		if (rj->cancelled && !rj->joined) {
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
 * Run one cell (number k of the plan, for progress) into r.  Returns 0 when
 * the cell ran (r->status tells ok, failed or skipped) and -ECANCELED when
 * interrupted (r is then partial and marked so).
 */
int
run_cell(const struct target *t, const struct plan *p, const struct cell *c,
    struct cell_result *r, unsigned k)
{
	const struct engine_ops *ops = engine_find(p->engine);
	struct run_job *jobs = xcalloc(c->jobs, sizeof *jobs);
	struct start_gate gate = {
		PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0
	};
	uint64_t t_measure = 0, t_end = 0, t0;
	struct run_watch w;
	struct devstat ds0, ds1;
	unsigned i, started = 0;
	int ret = 0, abort = 0;

	memset(r, 0, sizeof *r);
	memset(&ds0, 0, sizeof ds0);
	memset(&ds1, 0, sizeof ds1);
	r->cell = *c;
	if (c->bs % t->dio_offset_align != 0) {
		r->status = CELL_SKIPPED;
		snprintf(r->status_reason, sizeof r->status_reason,
		    "block size %llu is not a multiple of the target's O_DIRECT alignment (%u bytes)",
		    (unsigned long long)c->bs, t->dio_offset_align);
		free(jobs);
		return 0;
	}
	for (i = 0; i < c->jobs; i++) {
		struct run_job *rj = &jobs[i];

		rj->j.id = i;
		rj->j.ops = ops;
		rj->j.fd = -1;
		rj->cell = c;
		rj->plan = p;
		rj->target = t;
		rj->gate = &gate;
		rj->t_measure = &t_measure;
		rj->t_end = &t_end;
		rj->abort = &abort;
		if (pthread_create(&rj->thread, NULL, job_thread, rj) != 0) {
			ret = -EAGAIN;
			break;
		}
		started++;
	}
	pthread_mutex_lock(&gate.lock);
	while (gate.ready < started)
		pthread_cond_wait(&gate.cond, &gate.lock);
	for (i = 0; i < started; i++)
		if (jobs[i].ret != 0 && ret == 0)
			ret = jobs[i].ret;
	t0 = now_ns();
	if (ret == 0) {
		t_measure = t0 + (uint64_t)p->ramp_s * NSEC_PER_SEC;
		t_end = t_measure + (uint64_t)p->runtime_s * NSEC_PER_SEC;
	}
	gate.go = ret == 0 ? 1 : -1;
	pthread_cond_broadcast(&gate.cond);
	pthread_mutex_unlock(&gate.lock);

	memset(&w, 0, sizeof w);
	w.cell = c;
	w.plan = p;
	w.jobs = jobs;
	w.k = k;
	w.t0 = w.lt = t0;
	w.t_measure = t_measure;
	w.t_end = &t_end;
	w.abort = &abort;
	w.ios = xcalloc(p->runtime_s + 1, sizeof *w.ios);
	if (ret == 0) {
		/* The null engine moves nothing: the device's counters would only show others' I/O. */
		const char *dev = ops == &engine_null ? NULL : t->devname;

		run_wait(&w, t_measure, false);
		devstat_read(dev, &ds0);
		run_wait(&w, 0, true);
		devstat_read(dev, &ds1);
	}
	if (ret == 0)
		run_drain(&w, started);
	run_join(jobs, started);
	if (progress.tty)
		fputs("\r\033[K", stderr);

	for (i = 0; i < started; i++)
		if ((jobs[i].ret != 0 || jobs[i].stuck) && jobs[i].msg[0] != '\0' &&
		    r->status_reason[0] == '\0')
			snprintf(r->status_reason, sizeof r->status_reason, "job %u: %s", i,
			    jobs[i].msg);
	if (ret != 0) {
		r->status = CELL_FAILED;
		if (r->status_reason[0] == '\0')
			snprintf(r->status_reason, sizeof r->status_reason, "could not start %u jobs: %s",
			    c->jobs, strerror(-ret));
	} else {
		uint64_t end = __atomic_load_n(&t_end, __ATOMIC_RELAXED);
		uint64_t window = end - t_measure;

		if (sweep_interrupted || abort) {
			uint64_t stop = now_ns();

			if (stop < end)
				window = stop > t_measure ? stop - t_measure : 1;
		}
		run_collect(r, jobs, c, window);
		devstat_delta(&ds0, &ds1, window, &r->dev);
		r->steady = w.steady;
		r->steady_at_s = w.steady_at_s;
		run_steady_stats(r->series_ios, (unsigned)(window / NSEC_PER_SEC), p->steady_window_s,
		    &r->steady_last);
		if (sweep_interrupted) {
			r->status = CELL_PARTIAL;
			str_copy(r->status_reason, sizeof r->status_reason, "interrupted");
			ret = -ECANCELED;
		} else if (r->errors > 0 || abort) {
			r->status = CELL_FAILED;
			if (r->status_reason[0] == '\0')
				snprintf(r->status_reason, sizeof r->status_reason,
				    "%llu I/O errors; first: %s: %s at offset %llu",
				    (unsigned long long)r->errors, r->err_syscall,
				    strerror(r->err_errno), (unsigned long long)r->err_offset);
		} else
			r->status = CELL_OK;
		bw_check_compute(r);
	}
	free(w.ios);
	for (i = 0; i < started; i++)
		job_free(&jobs[i]);
	free(jobs);
	return ret == -ECANCELED ? ret : 0;
}
