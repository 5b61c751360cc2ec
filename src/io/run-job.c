/*
 * Run, one job: a thread with its own file descriptor, engine context and
 * buffers, issuing the cell's I/O through the engine and counting the
 * completions that land in the shared window.  This is the hot path: per
 * I/O it picks an offset, stamps and accounts; the clock read and the
 * window check are per batch.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "io/measure.h"
#include "io/run.h"
#include "io/target.h"
#include "plan/plan.h"

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
	const struct cell *c = &rj->cell;
	uint64_t x = rj->seed;
	int i;

	x ^= ((uint64_t)c->mode << 56) ^ (c->bs << 8) ^ ((uint64_t)c->depth << 40) ^
	    ((uint64_t)c->jobs << 48) ^ rj->j.id;
	for (i = 0; i < 4; i++)
		rj->rng[i] = splitmix64(&x);
	rj->ddir_rng = splitmix64(&x) | 1;
}

/* Where the next I/O goes, and whether it reads or writes. */
/* Folded into both loops (job_loop, and run-rate.c through its wrapper). */
static inline __attribute__((always_inline)) void
job_next(struct run_job *rj, struct io_u *u)
{
	const struct cell *c = &rj->cell;
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
		u->ddir = splitmix64(&rj->ddir_rng) % 100 < rj->rwmixread ?
		    DDIR_READ : DDIR_WRITE;
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
 * Account one completion reaped at time t, inside the window (the caller
 * checked, once for the whole batch, and counts the batch into its
 * second).
 */
static inline __attribute__((always_inline)) void
job_complete(struct run_job *rj, struct io_u *u, uint64_t t)
{
	uint64_t done;

	if (u->result < 0) {
		job_record_error(rj, u->ddir == DDIR_READ ? rj->j.ops->err_read :
		    rj->j.ops->err_write, (int)-u->result, u->offset);
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
}


/*
 * The I/O buffers: huge pages where the kernel gives them (THP "madvise"
 * or "always") for blocks of JOB_HUGE_BS or more.  A 1 MiB buffer in 4 KiB
 * pages that are not physically contiguous is 256 segments; virtio-blk
 * takes 254 per request, so the block layer splits every 1 MiB I/O in two
 * (1016 KiB + 8 KiB) and the tails do not merge with the next I/O.  In huge
 * pages a buffer is one segment, one request (bench/RESULTS.md, section 7).
 * Whether 4 KiB pages came out contiguous was luck, run by run: the same
 * binary read 916 or 2,285 IOPS at 1m QD8.  Blocks of 128 KiB gained as
 * much (8,364 -> 17,991 IOPS at QD32).  The buffers are rounded up to whole
 * huge pages: one engine keeps a single 1 MiB buffer (psync), and a region
 * under 2 MiB gets no huge page at all.  4 KiB cells are left as they were.
 */
#define JOB_HUGE_BS	((size_t)64 << 10)
#define JOB_HUGE_PAGE	((size_t)2 << 20)

/*
 * Mapped, not malloc'd: an allocator of its own (ASan's, in CI's second
 * pass) may place a region so that no whole 2 MiB page is in it.  The map
 * is len + 2 MiB, trimmed to the 2 MiB-aligned len inside it.
 */
static void *
job_map_huge(size_t len)
{
	size_t map = len + JOB_HUGE_PAGE, head;
	char *p = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	head = (JOB_HUGE_PAGE - (uintptr_t)p % JOB_HUGE_PAGE) % JOB_HUGE_PAGE;
	if (head > 0)
		munmap(p, head);
	if (map - head - len > 0)
		munmap(p + head + len, map - head - len);
#ifdef MADV_HUGEPAGE
	(void)madvise(p + head, len, MADV_HUGEPAGE);
#endif
	return p + head;
}

static int
job_alloc_bufs(struct run_job *rj, size_t align, size_t bs, size_t len)
{
	if (bs >= JOB_HUGE_BS && align <= JOB_HUGE_PAGE) {
		len = (len + JOB_HUGE_PAGE - 1) / JOB_HUGE_PAGE * JOB_HUGE_PAGE;
		rj->bufs = job_map_huge(len);
		if (rj->bufs == NULL)
			return -1;
		rj->bufs_mapped = len;
		return 0;
	}
	return posix_memalign(&rj->bufs, align, len) != 0 ? -1 : 0;
}

static int
job_setup(struct run_job *rj)
{
	const struct cell *c = &rj->cell;
	const struct target *t = rj->target;
	size_t align = t->dio_mem_align > 4096 ? t->dio_mem_align : 4096;
	unsigned i;
	int flags = O_DIRECT | O_CLOEXEC;

	/*
	 * An engine that keeps fewer I/Os in flight than the depth (psync: one)
	 * gets only as many io_us.  With depth of them it would cycle through
	 * depth buffers (8 MiB at 1m x 8 instead of 1 MiB, out of cache) and
	 * re-stamp depth - 1 I/Os that wait for nothing on every submit.
	 */
	rj->j.depth = rj->j.ops->inflight_max != 0 && rj->j.ops->inflight_max < c->depth ?
	    rj->j.ops->inflight_max : c->depth;
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
	rj->nseries = rj->runtime_s;
	rj->series_ios = xcalloc(rj->nseries, sizeof *rj->series_ios);
	rj->series_bytes = xcalloc(rj->nseries, sizeof *rj->series_bytes);
	if (rj->hold)
		rj->windows = hist_windows_new(rj->nseries);

	if (rj->j.ops->needs_fd) {
		flags |= mode_writes(c->mode) ? O_RDWR : O_RDONLY;
		rj->j.fd = open(t->path, flags);
		if (rj->j.fd < 0) {
			snprintf(rj->msg, sizeof rj->msg, "open %s: %s", t->path, strerror(errno));
			return -errno;
		}
	}
	if (job_alloc_bufs(rj, align, c->bs, c->bs * rj->j.depth) != 0) {
		snprintf(rj->msg, sizeof rj->msg, "posix_memalign: cannot allocate buffers");
		return -ENOMEM;
	}
	if (mode_writes(c->mode)) {
		uint64_t seed = rj->rng[0] | 1;

		target_fill_random(rj->bufs, c->bs * rj->j.depth, &seed);
	} else
		memset(rj->bufs, 0, c->bs * rj->j.depth);
	/*
	 * Two io_us per buffer slice, each the other's twin: the replacement
	 * of a reaped I/O goes out on its twin before the reaped one is
	 * accounted (job_loop), and the reaped io_u stays as it was, for the
	 * accounting, until its twin completes in turn.
	 */
	rj->ious = xcalloc(2 * (size_t)rj->j.depth, sizeof *rj->ious);
	rj->freelist = xcalloc(rj->j.depth, sizeof *rj->freelist);
	rj->pending = xcalloc(rj->j.depth, sizeof *rj->pending);
	rj->events = xcalloc(rj->j.depth, sizeof *rj->events);
	for (i = 0; i < 2 * rj->j.depth; i++) {
		rj->ious[i].index = i % rj->j.depth;
		rj->ious[i].buf = (char *)rj->bufs + (size_t)rj->ious[i].index * c->bs;
		rj->ious[i].twin = &rj->ious[(i + rj->j.depth) % (2 * rj->j.depth)];
	}
	for (i = 0; i < rj->j.depth; i++)
		rj->freelist[rj->nfree++] = &rj->ious[rj->j.depth - 1 - i];
	rj->j.bufs = rj->bufs;
	if (rj->j.ops->init(&rj->j) != 0) {
		snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall, strerror(rj->j.err_errno));
		return -rj->j.err_errno;
	}
	return 0;
}

/* Give up on I/O that has not completed for too long: record where it is stuck. */
void
run_job_stuck(struct run_job *rj, uint64_t waited)
{
	struct io_u *oldest = NULL;
	unsigned i;

	for (i = 0; i < 2 * rj->j.depth; i++) {
		struct io_u *u = &rj->ious[i];

		if (__atomic_load_n(&u->inflight, __ATOMIC_RELAXED) &&
		    (oldest == NULL || u->start_ns < oldest->start_ns))
			oldest = u;
	}
	rj->stuck = true;
	rj->errors++;
	str_copy(rj->err_syscall, sizeof rj->err_syscall, rj->j.ops->err_stuck);
	rj->err_errno = ETIMEDOUT;
	rj->err_offset = oldest != NULL ? oldest->offset : 0;
	snprintf(rj->msg, sizeof rj->msg, "I/O stuck for %.0f s at offset %llu",
	    (double)waited / 1e9, (unsigned long long)rj->err_offset);
}

/*
 * Fill the queue to depth and submit what is pending, stamped t: the
 * clock read that ended the last reap, so one read per batch both ends
 * the reaped I/Os' latency and starts their replacements' (between the
 * two lie the reap's bookkeeping and picking offsets, 10-25 ns; the
 * accounting comes after the submit).  Returns false when the engine
 * refused the batch with an error (recorded): the job then issues nothing
 * more.  Called once per batch from job_loop only, so the compiler folds
 * it into the loop.
 */
static bool
job_submit(struct run_job *rj, uint64_t t, uint64_t *last_progress)
{
	unsigned k;
	bool ok = true;
	int n;

	while (rj->nfree > 0) {
		struct io_u *u = rj->freelist[--rj->nfree];

		job_next(rj, u);
		rj->pending[rj->npending++] = u;
	}
	if (rj->npending == 0)
		return true;
	for (k = 0; k < rj->npending; k++) {
		rj->pending[k]->start_ns = t;
		__atomic_store_n(&rj->pending[k]->inflight, 1, __ATOMIC_RELAXED);
	}
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
		job_record_error(rj, rj->j.err_syscall, rj->j.err_errno, rj->pending[0]->offset);
		for (k = 0; k < rj->npending; k++)
			__atomic_store_n(&rj->pending[k]->inflight, 0, __ATOMIC_RELAXED);
		ok = false;
	} else {
		for (k = (unsigned)n; k < rj->npending; k++)
			__atomic_store_n(&rj->pending[k]->inflight, 0, __ATOMIC_RELAXED);
		rj->inflight += (unsigned)n;
		if (rj->inflight > rj->inflight_max)
			rj->inflight_max = rj->inflight;
		rj->npending -= (unsigned)n;
		if (rj->npending > 0)
			memmove(rj->pending, rj->pending + n, rj->npending * sizeof *rj->pending);
	}
	__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
	return ok;
}

/*
 * How many completions a reap waits for: a batch of depth /
 * RUN_JOB_REAP_BATCH (at least one; all that is in flight when that is
 * fewer), not the first to come.  See RUN_JOB_REAP_BATCH in run.h.
 */
unsigned
run_job_reap_min(unsigned depth, unsigned inflight)
{
	unsigned batch = depth / RUN_JOB_REAP_BATCH;

	if (batch == 0)
		batch = 1;
	return batch < inflight ? batch : inflight;
}

/*
 * Account the batch reaped at t once its replacements are out (counted:
 * t is inside the window, checked once for the batch, in second sec),
 * and show the job's figures to the main thread.
 */
/* Folded into both loops (job_loop, and run-rate.c through its wrapper). */
static inline __attribute__((always_inline)) void
job_account(struct run_job *rj, unsigned n, uint64_t t, bool counted, uint64_t sec)
{
	uint64_t ios = rj->ios, bytes = rj->bytes;
	unsigned i;

	if (counted) {
		for (i = 0; i < n; i++)
			job_complete(rj, rj->events[i], t);
		if (sec < rj->nseries) {
			__atomic_store_n(&rj->series_ios[sec], rj->series_ios[sec] + rj->ios - ios,
			    __ATOMIC_RELAXED);
			rj->series_bytes[sec] += rj->bytes - bytes;
		}
		for (i = 0; rj->windows != NULL && i < n; i++)
			if (rj->events[i]->result >= 0)
				hist_windows_add(rj->windows, (unsigned)sec, t - rj->events[i]->start_ns);
	}
	__atomic_store_n(&rj->live_ios, rj->ios, __ATOMIC_RELAXED);
	__atomic_store_n(&rj->live_bytes, rj->bytes, __ATOMIC_RELAXED);
}

/*
 * The open-loop loop's (run-rate.c) ways into the job: out of line, so
 * that the closed loop's own calls stay folded into it.
 */
void
run_job_pick(struct run_job *rj, struct io_u *u)
{
	job_next(rj, u);
}

void
run_job_account(struct run_job *rj, unsigned n, uint64_t t, bool counted, uint64_t sec)
{
	job_account(rj, n, t, counted, sec);
}

void
run_job_error(struct run_job *rj, const char *syscall, int err, uint64_t offset)
{
	job_record_error(rj, syscall, err, offset);
}

/*
 * The I/O loop: fill the queue to depth, submit the batch, account the
 * batch reaped before it, reap the next (run_job_reap_min).  One clock
 * read per reap stamps both the I/Os it found (their latency's end, the
 * window and the second they count in) and those that replace them
 * (their latency's start).  Reaping waits with no timeout: while I/O is
 * in flight its completions wake the loop (the end of the window, an
 * interruption are seen then); I/O that has been stuck for io_timeout_s
 * gets the watchdog's kick (run.c), and the reap returns to find it
 * overdue.
 */
static int
job_loop(struct run_job *rj)
{
	const struct engine_ops *ops = rj->j.ops;
	uint64_t t_measure = rj->sh->t_measure, t = now_ns(), last_progress = t;
	uint64_t timeout = (uint64_t)rj->io_timeout_s * NSEC_PER_SEC, sec = 0;
	bool stopping = false, counted = false;
	int n = 0, i;

	__atomic_store_n(&rj->last_progress, last_progress, __ATOMIC_RELAXED);
	for (;;) {
		if (!stopping)
			stopping = !job_submit(rj, t, &last_progress);
		job_account(rj, (unsigned)n, t, counted, sec);
		if (rj->inflight == 0) {
			if (stopping)
				break;
			n = 0;
			t = now_ns();
			continue;
		}
		__atomic_store_n(&rj->in_call, 2, __ATOMIC_RELAXED);
		n = ops->reap(&rj->j, run_job_reap_min(rj->j.depth, rj->inflight), rj->inflight,
		    rj->events);
		__atomic_store_n(&rj->in_call, 0, __ATOMIC_RELAXED);
		if (n < 0) {
			snprintf(rj->msg, sizeof rj->msg, "%s: %s", rj->j.err_syscall,
			    strerror(rj->j.err_errno));
			job_record_error(rj, rj->j.err_syscall, rj->j.err_errno, 0);
			return n;
		}
		t = now_ns();
		/* Nothing completed for io_timeout_s, whether or not this reap found something. */
		if (t - last_progress >= timeout) {
			/* What this reap found is done: what is left is in the kernel still. */
			for (i = 0; i < n; i++)
				__atomic_store_n(&rj->events[i]->inflight, 0, __ATOMIC_RELAXED);
			rj->inflight -= (unsigned)n;
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
		/* One window check and one division per batch: it shares t. */
		counted = rj->measuring && t < __atomic_load_n(&rj->sh->t_end, __ATOMIC_RELAXED);
		sec = counted ? (t - t_measure) / NSEC_PER_SEC : 0;
		for (i = 0; i < n; i++) {
			__atomic_store_n(&rj->events[i]->inflight, 0, __ATOMIC_RELAXED);
			rj->freelist[rj->nfree++] = rj->events[i]->twin;
		}
		rj->inflight -= (unsigned)n;
		__atomic_store_n(&rj->live_inflight, rj->inflight, __ATOMIC_RELAXED);
		if (!stopping && (t >= __atomic_load_n(&rj->sh->t_end, __ATOMIC_RELAXED) ||
		    sweep_interrupted || __atomic_load_n(&rj->sh->abort, __ATOMIC_RELAXED))) {
			stopping = true;
			getrusage(RUSAGE_THREAD, &rj->ru_end);
		}
	}
	return rj->errors > 0 && rj->ios == 0 ? -EIO : 0;
}

/*
 * A job's thread: set up, wait at the gate, run the loop, and let go of
 * the job, which the last of it and its cell frees (run_job_put).
 */
void *
run_job_thread(void *arg)
{
	struct run_job *rj = arg;
	struct start_gate *g = &rj->sh->gate;
	sigset_t kick;
	int go;

	/* the watchdog's kick must reach this thread, whatever mask it inherited */
	sigemptyset(&kick);
	sigaddset(&kick, RUN_KICK_SIGNAL);
	pthread_sigmask(SIG_UNBLOCK, &kick, NULL);
	rj->ret = job_setup(rj);
	pthread_mutex_lock(&g->lock);
	g->ready++;
	pthread_cond_broadcast(&g->cond);
	while (g->go == 0)
		pthread_cond_wait(&g->cond, &g->lock);
	go = g->go;
	pthread_mutex_unlock(&g->lock);
	if (rj->ret == 0 && go < 0)
		rj->ret = -ECANCELED;
	else if (rj->ret == 0) {
		rj->ret = rj->loop != NULL ? rj->loop(rj) : job_loop(rj);
		if (!rj->measuring)
			getrusage(RUSAGE_THREAD, &rj->ru_start);
		if (rj->ru_end.ru_utime.tv_sec == 0 && rj->ru_end.ru_utime.tv_usec == 0 &&
		    rj->ru_end.ru_stime.tv_sec == 0 && rj->ru_end.ru_stime.tv_usec == 0)
			getrusage(RUSAGE_THREAD, &rj->ru_end);
	}
	__atomic_store_n(&rj->ended, 1, __ATOMIC_RELEASE);
	run_job_put(rj);
	return NULL;
}

/* A cell's shared block, held by the cell (one reference).  Caller puts it. */
struct run_shared *
run_job_shared_new(void)
{
	struct run_shared *sh = xcalloc(1, sizeof *sh);

	pthread_mutex_init(&sh->gate.lock, NULL);
	pthread_cond_init(&sh->gate.cond, NULL);
	sh->refs = 1;
	return sh;
}

void
run_job_shared_put(struct run_shared *sh)
{
	if (__atomic_sub_fetch(&sh->refs, 1, __ATOMIC_ACQ_REL) > 0)
		return;
	pthread_mutex_destroy(&sh->gate.lock);
	pthread_cond_destroy(&sh->gate.cond);
	free(sh);
}

/*
 * Job id of cell c, run by ops on t: what its thread needs, copied, and a
 * reference to sh.  It holds two references, the cell's and the thread's
 * (the caller puts the thread's when it cannot start one).  Caller puts.
 */
struct run_job *
run_job_new(struct run_shared *sh, const struct cell *c, const struct plan *p,
    const struct target *t, const struct engine_ops *ops, unsigned id)
{
	struct run_job *rj = xcalloc(1, sizeof *rj);

	rj->refs = 2;
	rj->sh = sh;
	__atomic_add_fetch(&sh->refs, 1, __ATOMIC_RELAXED);
	rj->cell = *c;
	rj->seed = p->seed;
	rj->runtime_s = p->runtime_s;
	rj->hold = p->hold_s > 0;
	rj->io_timeout_s = p->io_timeout_s;
	rj->rwmixread = plan_cell_rwmixread(p, c);
	rj->path = xstrdup(t->path);
	rj->target = t;
	rj->j.id = id;
	rj->j.ops = ops;
	rj->j.fd = -1;
	return rj;
}

/*
 * Jobs that outlive their cell: a thread given up on (still in a call that
 * nothing could end) and a job that ended with I/O in the kernel, whose
 * buffers and engine context the kernel still uses (io_destroy would wait
 * for it).  Listed here, reachable, so that leak checkers report only real
 * leaks and the exit can say what is stuck (run_job_exit).
 */
static struct {
	pthread_mutex_t	  lock;
	struct run_job	**jobs;
	unsigned	  n;
	bool		  exit_set;
} run_job_kept = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, false };

static void run_job_exit(void);

/* List rj among the jobs that outlive their cell (once). */
static void
run_job_keep(struct run_job *rj)
{
	unsigned i;

	pthread_mutex_lock(&run_job_kept.lock);
	for (i = 0; i < run_job_kept.n && run_job_kept.jobs[i] != rj; i++)
		;
	if (i == run_job_kept.n) {
		run_job_kept.jobs = xrealloc(run_job_kept.jobs,
		    (run_job_kept.n + 1) * sizeof *run_job_kept.jobs);
		run_job_kept.jobs[run_job_kept.n++] = rj;
	}
	if (!run_job_kept.exit_set)
		run_job_kept.exit_set = atexit(run_job_exit) == 0;
	pthread_mutex_unlock(&run_job_kept.lock);
}

/* Take rj off the list, where it is. */
static void
run_job_unkeep(struct run_job *rj)
{
	unsigned i;

	pthread_mutex_lock(&run_job_kept.lock);
	for (i = 0; i < run_job_kept.n; i++)
		if (run_job_kept.jobs[i] == rj) {
			run_job_kept.jobs[i] = run_job_kept.jobs[--run_job_kept.n];
			break;
		}
	pthread_mutex_unlock(&run_job_kept.lock);
}

/* The cell leaves rj's thread running (detached): it ends and frees itself, if ever. */
void
run_job_lost(struct run_job *rj)
{
	run_job_keep(rj);
}

/*
 * Let go of rj: the last reference frees it, its engine context and its
 * buffers, unless I/O is still in flight (the kernel completes it into the
 * buffers): then all of it stays, listed, until the process ends.
 */
void
run_job_put(struct run_job *rj)
{
	if (__atomic_sub_fetch(&rj->refs, 1, __ATOMIC_ACQ_REL) > 0)
		return;
	if (rj->inflight > 0) {
		run_job_keep(rj);
		return;
	}
	run_job_unkeep(rj);
	if (rj->j.ops != NULL && rj->j.engine_data != NULL)
		rj->j.ops->cleanup(&rj->j);
	if (rj->j.fd >= 0)
		close(rj->j.fd);
	if (rj->bufs_mapped > 0)
		munmap(rj->bufs, rj->bufs_mapped);
	else
		free(rj->bufs);
	free(rj->ious);
	free(rj->freelist);
	free(rj->pending);
	free(rj->events);
	free(rj->series_ios);
	free(rj->series_bytes);
	hist_windows_free(rj->windows);
	if (rj->rate != NULL) {
		free(rj->rate->issued);
		free(rj->rate);
	}
	free(rj->path);
	run_job_shared_put(rj->sh);
	free(rj);
}

/*
 * The process holding our memory once we are gone: see run_job_exit.  It
 * shares that memory, so it makes system calls only, on a stack of its
 * own: it closes every descriptor (a pipe reading our output sees its end),
 * leaves the terminal's session, dies with us, and then lingers in the
 * kernel, as we would have, until the device answers.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
__attribute__((no_sanitize("address")))
#endif
#elif defined(__SANITIZE_ADDRESS__)
__attribute__((no_sanitize_address))
#endif
static int
run_job_holder(void *arg)
{
	long parent = (long)(intptr_t)arg;

	syscall(SYS_close_range, 0, ~0U, 0);
	syscall(SYS_setsid);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	while (syscall(SYS_getppid) == parent) {
		struct timespec ts = { 1, 0 };

		syscall(SYS_nanosleep, &ts, NULL);
	}
	syscall(SYS_exit, 0);
	return 0;
}

/*
 * Leave the I/O still in flight to the kernel.  A process ends only once
 * the kernel has torn down its memory, and that waits for every libaio
 * request in flight (exit_aio): on a device that stopped answering, for
 * ever, in D state, where no signal reaches it.  A process sharing the
 * memory (clone CLONE_VM) keeps it from being torn down when we exit: that
 * process waits in our place, and our exit status reaches the shell now.
 */
static void
run_job_leave_to_kernel(void)
{
	size_t len = 64 << 10;
	char *stack = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
	    MAP_STACK, -1, 0);

	if (stack != MAP_FAILED &&
	    clone(run_job_holder, stack + len, CLONE_VM | SIGCHLD, (void *)(intptr_t)getpid()) < 0)
		munmap(stack, len);
}

/*
 * At exit: say in one line what is stuck, and leave I/O in flight to the
 * kernel rather than wait for it.  A thread still blocked in a call (a
 * pread in D state) holds the exit until the call returns: nothing ends it.
 */
static void
run_job_exit(void)
{
	struct run_job *first = NULL, *blocked = NULL;
	unsigned i, nblocked = 0;
	uint64_t nio = 0;
	char bs[32];

	pthread_mutex_lock(&run_job_kept.lock);
	for (i = 0; i < run_job_kept.n; i++) {
		struct run_job *rj = run_job_kept.jobs[i];

		if (!__atomic_load_n(&rj->ended, __ATOMIC_ACQUIRE)) {
			nblocked++;
			if (blocked == NULL)
				blocked = rj;
		} else if (rj->inflight > 0) {
			nio += rj->inflight;
			if (first == NULL)
				first = rj;
		}
	}
	fflush(stdout);
	if (blocked != NULL)
		sweep_error("%u job%s still blocked in %s on %s (%s %s, engine %s) since the I/O "
		    "timeout; sweep exits when %s", nblocked, nblocked == 1 ? " is" : "s are",
		    __atomic_load_n(&blocked->in_call, __ATOMIC_RELAXED) == 1 ?
		    blocked->j.ops->call_submit : blocked->j.ops->call_reap, blocked->path,
		    mode_name(blocked->cell.mode),
		    size_short(blocked->cell.bs, bs, sizeof bs), blocked->j.ops->name,
		    nblocked == 1 ? "it returns" : "they return");
	else if (first != NULL)
		sweep_error("%llu I/O%s still in flight on %s (%s %s, engine %s) since the I/O "
		    "timeout: left to the kernel, which ends %s when the device answers",
		    (unsigned long long)nio, nio == 1 ? " is" : "s are", first->path,
		    mode_name(first->cell.mode), size_short(first->cell.bs, bs, sizeof bs),
		    first->j.ops->name, nio == 1 ? "it" : "them");
	if (nio > 0)
		run_job_leave_to_kernel();
	pthread_mutex_unlock(&run_job_kept.lock);
}
