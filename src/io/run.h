/*
 * Run, private to run.c and run-job.c: a cell's jobs as both sides see
 * them.  A job thread writes its own run_job; the main thread reads the
 * live_*, last_progress and series_ios fields while it runs (relaxed
 * atomics) and the rest once it has been joined.
 */
#ifndef SWEEP_RUN_H
#define SWEEP_RUN_H

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include "base/sweep.h"
#include "io/engine.h"
#include "io/measure.h"

/* All jobs set up, then all start at once (or none, when one failed). */
struct start_gate {
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	unsigned	ready;
	int		go;		/* 0 wait, 1 go, -1 cancelled */
};

/*
 * What a cell's jobs share with the main thread and each other.  On the
 * heap and counted, as each job is: a thread the watchdog gives up on (in
 * a call nothing can end) outlives its cell, and must find both when the
 * call returns.  The last reference frees it (run_job_shared_put).
 */
struct run_shared {
	struct start_gate	 gate;
	uint64_t		 t_measure;	/* set by the main thread at the start gate */
	uint64_t		 t_end;		/* moved earlier by steady state: atomic */
	int			 abort;		/* the cell is being aborted: atomic */
	unsigned		 refs;		/* atomic: the cell's and each job's */
};

/*
 * The watchdog's kick (run.c): a signal that ends a job's wait for
 * completions, which has no timeout of its own, once its I/O is overdue.
 */
#define RUN_KICK_SIGNAL	(SIGRTMIN + 1)

/*
 * When an open-loop cell's I/Os are due (run-rate.c): every gap ns, or
 * gaps drawn from an exponential distribution of that mean (a Poisson
 * process) from a seeded generator, so a seed repeats its schedule.
 */
struct rate_sched {
	double		 gap;		/* mean ns between one job's I/Os */
	double		 due;		/* the next one's, ns after the schedule's start */
	bool		 poisson;
	uint64_t	 x;		/* splitmix64's state */
};

/* An open-loop job's schedule and what it measures beside the cell's latency. */
struct run_rate {
	struct rate_sched sched;
	uint64_t	 start;		/* the schedule's origin: the job's first clock read */
	uint64_t	*issued;	/* per io_u (2 x depth): when it was issued */
	struct hist	 lag;		/* issue minus due, of I/Os due in the window */
	struct hist	 issue_lat;	/* completion minus issue */
};

struct run_job {
	struct job		 j;		/* what the engine sees */
	/*
	 * The I/O loop when not the closed one (run-job.c's job_loop): the
	 * open loop of a cell with a rate (run_rate_loop), set by run.c; its
	 * state, made by that loop, freed with the job.
	 */
	int			(*loop)(struct run_job *rj);
	struct run_rate		*rate;
	unsigned		 refs;		/* atomic: the cell's and its thread's */
	struct run_shared	*sh;
	struct cell		 cell;		/* copies: the plan may be gone when the thread ends */
	uint64_t		 seed;
	unsigned		 runtime_s;
	bool			 hold;		/* --hold: keep the p99 of each second and minute */
	unsigned		 io_timeout_s;
	unsigned		 rwmixread;
	char			*path;		/* the target's, for the exit notice */
	const struct target	*target;	/* job_setup only, before the start gate */
	pthread_t		 thread;
	int			 ret;
	char			 msg[160];
	bool			 stuck;		/* gave up on I/O that never completed */
	int			 ended;		/* the thread is done: atomic */
	int			 in_call;	/* 1 in the engine's submit, 2 in its reap: atomic */

	/* the main thread's alone: the thread never touches these */
	bool			 abandoned;	/* given up on: its thread ends by itself, if ever */
	bool			 joined;
	char			 lost_msg[160];	/* why the cell left it behind */

	void			*bufs;
	size_t			 bufs_mapped;	/* bytes mmap'd for bufs (huge pages); 0: malloc'd */
	struct io_u		*ious;		/* 2 x depth: two per buffer slice (job_twin) */
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
	struct hist_windows	*windows;	/* --hold: p99 per second and minute; NULL otherwise */
	struct rusage		 ru_start, ru_end;
	bool			 measuring;
	unsigned		 inflight_max;

	/* read by the main thread; written by this job only (relaxed atomics) */
	uint64_t		 live_ios;
	uint64_t		 live_bytes;
	uint64_t		 last_progress;	/* when a completion last arrived */
	unsigned		 live_inflight;
};


/*
 * A reap waits for depth / RUN_JOB_REAP_BATCH completions, not the first:
 * 2 at depth 32, 8 at 128, 1 under 32.  Each wake-up of a job costs CPU
 * (a context switch; a vCPU leaving and re-entering idle), and io_uring
 * (deferred task work) and aio (a waiter's min_nr) wake a job once its
 * batch is there, not at every completion: on the virtio disk, 4k random
 * writes at depth 32 sleep a third as often with a batch of 4 and need
 * less CPU per I/O.  The price is the queue: the slots of a batch's first
 * completions wait for its last, (batch - 1) / 2 on average, and a device
 * whose IOPS its latency alone sets would lose that share of the depth,
 * (batch - 1) / (2 x depth): 1.6% at depth 32, 2.7% at 128 (a batch of
 * depth / 8 would cost 4.7% at depth 32).  bench/RESULTS.md, section 9.
 */
#define RUN_JOB_REAP_BATCH	16

/* run-rate.c */
void	 rate_sched_init(struct rate_sched *s, double iops, enum rate_arrivals a, uint64_t seed);
uint64_t rate_sched_next(struct rate_sched *s);
int	 run_rate_loop(struct run_job *rj);
void	 run_rate_collect(struct cell_result *r, struct run_job **jobs, unsigned njobs);

/* run-job.c */
void	 run_job_pick(struct run_job *rj, struct io_u *u);
void	 run_job_account(struct run_job *rj, unsigned n, uint64_t t, bool counted, uint64_t sec);
void	 run_job_error(struct run_job *rj, const char *syscall, int err, uint64_t offset);
unsigned run_job_reap_min(unsigned depth, unsigned inflight);
struct run_job *run_job_new(struct run_shared *sh, const struct cell *c, const struct plan *p,
	     const struct target *t, const struct engine_ops *ops, unsigned id);
void	*run_job_thread(void *arg);
void	 run_job_stuck(struct run_job *rj, uint64_t waited);
void	 run_job_lost(struct run_job *rj);
void	 run_job_put(struct run_job *rj);
struct run_shared *run_job_shared_new(void);
void	 run_job_shared_put(struct run_shared *sh);

#endif
