/*
 * Synthetic volumes for the cap estimator (analysis_caps_knee): IOPS =
 * min(I, B / bs) over a ladder of block sizes, with noise, a soft knee,
 * stalled cells and a burst cell, as struct cell_result cells the summary
 * reads.  tests/unit-caps.c and bench/caps-accuracy.c share it, so the
 * test's bounds and the bench's table come from the same volumes.
 */
#ifndef CAPS_VOLUME_H
#define CAPS_VOLUME_H

#include "base/sweep.h"

#define CAPS_VOLUME_MAX		16	/* block sizes: 512 B .. 8 MiB at most */

struct caps_volume_opts {
	double		 noise;		/* every cell x (1 + U(-noise, noise)) */
	double		 soft_share;	/* share of volumes with a soft knee */
	double		 soft_at;	/* soft: the curve at this share of I where... */
	bool		 soft_at_size;	/* ...the largest IOPS-bound size is; else at the knee, B / I */
	unsigned	 max_stalls;	/* 0..max_stalls stalled cells, uniformly */
	double		 stall_min, stall_max;	/* a stalled cell is that much low: x (1 - U) */
	double		 burst_share;	/* share of volumes with a burst cell */
	double		 burst_min, burst_max;	/* a burst cell is that much high: x (1 + U) */
	bool		 mark_stalls;	/* give stalled cells STABILITY_STALLED (else UNKNOWN) */
	/*
	 * One-sided noise: every cell x (1 - U(0, 2 noise)), as a throttle lets
	 * cells fall short of its rate and never above it (the same spread).
	 */
	bool		 one_sided;
};

/*
 * The acceptance volumes: +-15%, a soft knee at 70% of the caps,
 * 0-2 stalls 20-60% low, an occasional burst +30-60% (one volume in ten).
 */
#define CAPS_VOLUME_ACCEPTANCE { 0.15, 1.0, 0.70, false, 2, 0.20, 0.60, 0.10, 0.30, 0.60, false, false }

struct caps_volume {
	double		 iops_cap;	/* I, the truth */
	double		 bw_cap;	/* B, bytes/s */
	double		 soft_p;	/* the soft knee's exponent; 0 a hard knee */
	unsigned	 ncells;
	struct cell_result cells[CAPS_VOLUME_MAX];
	double		 clean[CAPS_VOLUME_MAX];	/* each cell's IOPS before noise and faults */
	bool		 stalled[CAPS_VOLUME_MAX];
	int		 burst;		/* the burst cell, -1 none */
};

/* caps_volume.c */
double	 caps_volume_unit(uint64_t *);
double	 caps_volume_soft(double, double, double, double);
void	 caps_volume_cell(struct cell_result *, enum rw_mode, uint64_t, unsigned, double);
void	 caps_volume_make(uint64_t *, const struct caps_volume_opts *, struct caps_volume *);

#endif
