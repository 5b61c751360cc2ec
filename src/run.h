/*
 * Run, private to run.c and run-job.c: a cell's jobs as both sides see
 * them.  A job thread writes its own run_job; the main thread reads the
 * live_*, last_progress and series_ios fields while it runs (relaxed
 * atomics) and the rest once it has been joined.
 */
#ifndef SWEEP_RUN_H
#define SWEEP_RUN_H

#include <pthread.h>
#include <sys/resource.h>

#include "sweep.h"

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
	size_t			 bufs_mapped;	/* bytes mmap'd for bufs (huge pages); 0: malloc'd */
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


/* run-job.c */
void	*run_job_thread(void *);
void	 run_job_stuck(struct run_job *, uint64_t);
void	 run_job_free(struct run_job *);

#endif
