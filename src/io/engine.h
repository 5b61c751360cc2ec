/*
 * The I/O engines (fio's ioengine_ops): one struct engine_ops each, in
 * engine-NAME.c, found by name in engine.c's table.  The run (run.h) and
 * the --engine check use it; nothing else names an engine.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/sweep.h"

/* One I/O unit: a buffer slice and what is being done with it. */
struct io_u {
	void		*buf;
	uint64_t	 offset;
	uint64_t	 len;
	enum ddir	 ddir;
	unsigned	 index;
	uint64_t	 start_ns;
	int64_t		 result;	/* bytes transferred, or -errno */
	uint8_t		 inflight;	/* read by the watchdog: relaxed atomics */
	struct io_u	*twin;		/* the run's: takes this buffer slice once this completes */
};

struct job;

/*
 * An I/O engine (fio's ioengine_ops, pared down).  submit takes up to n
 * I/Os and returns how many it accepted (0 means "reap first") or -errno;
 * reap waits for at least min completions, stores up to max of them in
 * out and returns how many, or -errno.  The wait has no timeout (a timer
 * armed per wait costs a kernel timer per I/O): a signal ends it early
 * (the watchdog's kick, run.c), and reap then returns what it has, maybe
 * 0.  A failing call's name goes to job->err_syscall.  Private data hangs
 * off job->engine_data and is freed by cleanup.
 *
 * What the engine can do is declared here, so the run loop names no
 * engine: how many I/Os it keeps in flight, whether it moves data at all,
 * and the calls an I/O error or a stuck I/O is reported against.
 */
struct engine_ops {
	const char	*name;
	bool		 needs_fd;
	bool		 moves_data;	/* false: the device's counters would show others' I/O */
	unsigned	 inflight_max;	/* the most I/Os in flight per job; 0: --depth */
	const char	*err_read;	/* a failed read completion, e.g. "pread" */
	const char	*err_write;	/* a failed write completion */
	const char	*err_stuck;	/* where a job waits on I/O that never completes */
	const char	*call_submit;	/* the calls a job may be blocked in: submit's, */
	const char	*call_reap;	/* and reap's, e.g. "io_submit", "io_getevents" */
	int		(*init)(struct job *j);
	int		(*submit)(struct job *j, struct io_u **ious, unsigned n);
	int		(*reap)(struct job *j, unsigned min, unsigned max, struct io_u **out);
	/*
	 * Open-loop cells (--rate): wait at most wait_ns for a completion
	 * (the next I/O is due then), store up to max in out and return how
	 * many, maybe 0, or -errno.  NULL for an engine whose I/O completes
	 * inside submit (psync, null): its reap never waits.
	 */
	int		(*reap_until)(struct job *j, unsigned max, struct io_u **out,
			    uint64_t wait_ns);
	void		(*cleanup)(struct job *j);
};

/* A job: one thread issuing I/O for a cell. */
struct job {
	unsigned		 id;
	int			 fd;
	unsigned		 depth;
	uint64_t		 bs;
	void			*bufs;		/* depth x bs, aligned; io_u i uses slice i */
	const struct engine_ops	*ops;
	void			*engine_data;
	char			 err_syscall[32];
	int			 err_errno;
};

/* engine.c */
const struct engine_ops *engine_find(const char *name);
const char *engine_names(void);

/* engine-libaio.c, engine-psync.c, engine-null.c */
extern const struct engine_ops engine_libaio;
extern const struct engine_ops engine_psync;
extern const struct engine_ops engine_null;
#ifdef HAVE_LIBURING
extern const struct engine_ops engine_io_uring;	/* engine-io_uring.c */
#endif

#endif
