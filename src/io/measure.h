/*
 * Measuring one cell: run.c's entry, the progress line (run-progress.c),
 * the latency histogram (hist.c) and the device's counters (devstat.c).
 */
#ifndef SWEEP_MEASURE_H
#define SWEEP_MEASURE_H

#include "base/sweep.h"

/* Log-linear latency histogram; see hist.c for its error bound and memory cost. */
#define HIST_SUB_BITS	7
#define HIST_SUB	(1U << HIST_SUB_BITS)
#define HIST_MAX_BITS	40		/* values up to 2^40 ns (~18 min) are exact to the bound */
#define HIST_BUCKETS	((HIST_MAX_BITS - HIST_SUB_BITS) * HIST_SUB + 2 * HIST_SUB)

struct hist {
	uint64_t	n;
	uint64_t	min;
	uint64_t	max;
	double		sum;
	double		sumsq;
	uint64_t	count[HIST_BUCKETS];
};

/* The p99 of each window of secs seconds, from one histogram of the window being filled. */
struct hist_win {
	unsigned	 secs;		/* 1 or 60 */
	unsigned	 n;		/* windows in the cell */
	uint64_t	*p99_ns;	/* n of them; 0: no I/O completed in that window */
	unsigned	 cur;		/* the window h holds */
	struct hist	*h;
};

/* A long cell's (--hold) p99 per second and per minute (hist-window.c). */
struct hist_windows {
	struct hist_win	 second, minute;
};

/* Device counters (/sys/class/block/NAME/stat), in the kernel's order. */
enum {
	DS_READ_IOS, DS_READ_MERGES, DS_READ_SECTORS, DS_READ_TICKS,
	DS_WRITE_IOS, DS_WRITE_MERGES, DS_WRITE_SECTORS, DS_WRITE_TICKS,
	DS_IN_FLIGHT, DS_IO_TICKS, DS_TIME_IN_QUEUE,
	DS_DISCARD_IOS, DS_DISCARD_MERGES, DS_DISCARD_SECTORS, DS_DISCARD_TICKS,
	DS_FLUSH_IOS, DS_FLUSH_TICKS,
	DS_COUNT
};

struct devstat {
	uint64_t	f[DS_COUNT];
	bool		ok;
};

/* devstat.c */
int	 devstat_read(const char *devname, struct devstat *ds);
void	 devstat_delta(const struct devstat *a, const struct devstat *b, uint64_t window_ns,
	     struct dev_metrics *m);

/* hist.c */
void	 hist_init(struct hist *h);
void	 hist_add(struct hist *h, uint64_t v);
void	 hist_merge(struct hist *dst, const struct hist *src);
uint64_t hist_percentile(const struct hist *h, double p);
unsigned hist_index(uint64_t v);
uint64_t hist_bucket_mid(unsigned i);

/* hist-window.c */
struct hist_windows *hist_windows_new(unsigned nsec);
void	 hist_windows_add(struct hist_windows *ws, unsigned sec, uint64_t lat_ns);
void	 hist_windows_end(struct hist_windows *ws);
void	 hist_windows_free(struct hist_windows *ws);

/*
 * What measuring a cell asks of the analysis, given by its caller (the
 * loop, above both): io/ includes no analysis, so the rules that end a
 * window early and the verdicts a finished cell carries come in here.
 *   steady     whether seconds [0, n) of per-second IOPS are steady (ends
 *              the window at the next second); NULL never
 *   unstable   whether the seconds so far (a partial cell: cell, status,
 *              series_ios, nseries, runtime_ns, inflight_max) already
 *              judge noisy or stalled (a plan with steady_soon ends it);
 *              NULL never
 *   judge      the verdicts of the finished cell r, whose window held secs
 *              whole seconds (steady_last, stability); NULL none
 */
struct run_rules {
	bool	(*steady)(const uint64_t *ios, unsigned n, unsigned window_s, unsigned pct,
		    unsigned inflight);
	bool	(*unstable)(const struct cell_result *r);
	void	(*judge)(struct cell_result *r, unsigned secs, unsigned window_s);
};

/* run.c: one cell, its jobs' threads and the main thread watching them */
int	 run_cell(const struct target *t, const struct plan *p, const struct cell *c,
	     const struct run_rules *rules, struct cell_result *r, unsigned k);

/* run-progress.c: the progress line on a terminal */
struct run_progress_mark {
	uint64_t	 ios, bytes;	/* completed at the last draw */
	uint64_t	 t;		/* when it was drawn */
};
void	 run_progress_init(bool quiet, const struct plan *p);
bool	 run_progress_due(const struct run_progress_mark *m, uint64_t t);
void	 run_progress_draw(const struct cell *c, unsigned k, uint64_t t0, uint64_t ios,
	     uint64_t bytes, struct run_progress_mark *m);
void	 run_progress_clear(void);

#endif
