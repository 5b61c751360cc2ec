/*
 * Measuring one cell: run.c's entry, the progress line (run-progress.c),
 * the latency histogram (hist.c) and the device's counters (devstat.c).
 */
#ifndef SWEEP_MEASURE_H
#define SWEEP_MEASURE_H

#include "sweep.h"

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

/* run.c: one cell, its jobs' threads and the main thread watching them */
int	 run_cell(const struct target *t, const struct plan *p, const struct cell *c,
	     struct cell_result *r, unsigned k);

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
