/*
 * auto.c's own: the planner's state, and what auto-findings.c reads of it
 * to record what a run found.
 */
#ifndef SWEEP_AUTO_PLAN_H
#define SWEEP_AUTO_PLAN_H

#include "loop/auto.h"

#define AUTO_BS_TOP	(8 * MIB)	/* the default plan's largest block size */

struct knee;

struct autoplan {
	enum rw_mode	 modes[MODE_COUNT];
	unsigned	 nmodes;
	unsigned	 cur;		/* the mode being measured */
	unsigned	 depth_max;
	unsigned	 jobs;
	uint64_t	 align;		/* block sizes are multiples of this */
	uint64_t	 size;		/* ... and at most this */
	uint64_t	 bs_lo, bs_hi;	/* ... within this range (--bs, a sweep file's bs) */
	bool		 bs_given;
	uint64_t	 coarse[3];	/* the coarse pass's sizes; 0 past the last */
	uint64_t	 qd1_bs;	/* the QD1 latency's: 4 KiB, or the smallest in range */
	uint64_t	 max_io;	/* the largest request the device takes; 0 unknown */
	uint64_t	 start_ns;
	uint64_t	 budget_ns;
	bool		 budget_default;
	uint64_t	 mode_end_ns;	/* when the current mode's share ends; 0 not started */
	unsigned	 ramp_s, runtime_s, least_s;
	unsigned	 nbisect;	/* knee bisection cells of the current mode */
	uint64_t	 first[2];	/* the current mode's first plateau cells' sizes */
	bool		 first_set;	/* ... chosen */
	struct cell	 open[MODE_COUNT];	/* the cell the budget left unmeasured, per mode */
	bool		 open_set[MODE_COUNT];
	char		 like[256];
	bool		 fixed;		/* --like: the cells are given, none is added */
	/* --rate: the rates of the given plan's open-loop cells, added after the search */
	struct cell	 rates[SWEEP_RATES_MAX];
	unsigned	 nrates;
	bool		 rates_added;	/* ... they are: the search's cells end at nsearch */
	unsigned	 nsearch;
	uint64_t	 search_end_ns;
};

/* auto.c */
void	 auto_append(struct plan *p, struct results *res, const struct cell *c);
int	 auto_find(const struct results *res, enum rw_mode mode, uint64_t bs, unsigned depth,
	     unsigned jobs);
double	 auto_iops(const struct results *res, int i);
bool	 auto_fits(const struct autoplan *ap, uint64_t bs);
bool	 auto_cap_ok(double cap, double lo, double hi, unsigned n);
bool	 auto_clean(const struct results *res, int i);
void	 auto_ends(const struct autoplan *ap, uint64_t *a, uint64_t *z);
unsigned auto_depth_step(const struct autoplan *ap, struct results *res, enum rw_mode mode,
	     uint64_t bs, const struct knee *k, unsigned *sat, double *gain_out, unsigned *to,
	     char *why, size_t len);

#endif
