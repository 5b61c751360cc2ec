/*
 * Synthetic volumes for the cap estimator; see caps-volume.h.  Every figure
 * comes from the caller's xorshift64 state, so a seed gives the same
 * volumes on every machine.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "caps-volume.h"

/* A uniform draw in [0, 1) from xorshift64 state *s. */
double
caps_volume_unit(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / (double)(1ULL << 53);
}

/*
 * A soft knee of exponent p: IOPS = I (1 + (bs I / B)^p)^(-1/p), a smooth
 * min(I, B / bs) that tends to it as p grows (p = 1 is QD1's 1 / (1/I +
 * bs/B)).  p = 0: the hard min.
 */
double
caps_volume_soft(double I, double B, double bs, double p)
{
	if (p <= 0)
		return fmin(I, B / bs);
	return I * pow(1 + pow(bs * I / B, p), -1 / p);
}

/*
 * The exponent that puts a size at ratio r = bs I / B (below 1: IOPS-bound)
 * at share `at` of I, by bisection: the value grows with p.
 */
static double
soft_exponent(double r, double at)
{
	double lo = 0.05, hi = 64;
	int i;

	for (i = 0; i < 100; i++) {
		double p = (lo + hi) / 2;

		if (pow(1 + pow(r, p), -1 / p) < at)
			lo = p;
		else
			hi = p;
	}
	return (lo + hi) / 2;
}

/* A clean cell of a 4-second run at that rate. */
void
caps_volume_cell(struct cell_result *r, enum rw_mode mode, uint64_t bs, unsigned depth,
    double iops)
{
	memset(r, 0, sizeof *r);
	r->cell.mode = mode;
	r->cell.bs = bs;
	r->cell.depth = depth;
	r->cell.jobs = 1;
	r->status = CELL_OK;
	r->runtime_ns = 4 * NSEC_PER_SEC;
	r->iops = iops;
	r->ios = (uint64_t)(iops * 4) + 1;
	r->bytes = r->ios * bs;
	r->bw_bytes_s = iops * (double)bs;
	r->stability.verdict = STABILITY_UNKNOWN;
	r->stability.cv_pct = -1;
}

/*
 * One volume: the default plan's ladder (sweeps/default.json: 512 B to 8
 * MiB, 15 sizes); I from 100 to 1M IOPS; the knee B / I log-uniform between
 * the ladder's sixth size and its sixth largest (16 KiB to 256 KiB, where
 * cloud volumes have theirs), so each side has at least six sizes.  A soft
 * knee is the smooth min of caps_volume_soft(), its exponent set so that the
 * curve is at soft_at (70%) of the caps at the knee itself (p = 1.94; the
 * largest IOPS-bound size is then at 70-89% of I), or with soft_at_size at
 * the largest IOPS-bound size (p 1.05-1.94: a curve as soft as QD1's, still
 * 5% below the cap 8x away from the knee).  Then noise on every cell,
 * the stalls on distinct cells, and the burst on one of the three smallest
 * sizes that is not stalled.
 */
void
caps_volume_make(uint64_t *s, const struct caps_volume_opts *o, struct caps_volume *v)
{
	uint64_t b;
	double knee, r;
	unsigned n = 0, i, nstalls;

	memset(v, 0, sizeof *v);
	v->burst = -1;
	for (b = 512; b <= 8 * MIB && n < CAPS_VOLUME_MAX; b *= 2)
		v->cells[n++].cell.bs = b;
	v->ncells = n;
	knee = exp(log((double)v->cells[5].cell.bs) + caps_volume_unit(s) *
	    (log((double)v->cells[n - 6].cell.bs) - log((double)v->cells[5].cell.bs)));
	v->iops_cap = pow(10, 2 + 4 * caps_volume_unit(s));
	v->bw_cap = v->iops_cap * knee;
	if (caps_volume_unit(s) < o->soft_share) {
		/* The largest IOPS-bound size: the last at or below the knee. */
		for (i = n; i-- > 0;)
			if ((double)v->cells[i].cell.bs <= knee)
				break;
		r = o->soft_at_size ? (double)v->cells[i].cell.bs / knee : 1;
		v->soft_p = soft_exponent(r, o->soft_at);
	}
	for (i = 0; i < n; i++) {
		uint64_t bs = v->cells[i].cell.bs;
		double clean = caps_volume_soft(v->iops_cap, v->bw_cap, (double)bs, v->soft_p);

		v->clean[i] = clean;
		caps_volume_cell(&v->cells[i], MODE_READ, bs, 32, o->one_sided ?
		    clean * (1 - 2 * o->noise * caps_volume_unit(s)) :
		    clean * (1 + o->noise * (2 * caps_volume_unit(s) - 1)));
	}
	nstalls = (unsigned)(caps_volume_unit(s) * (o->max_stalls + 1));
	while (nstalls > 0) {
		i = (unsigned)(caps_volume_unit(s) * n);
		if (v->stalled[i])
			continue;
		v->stalled[i] = true;
		nstalls--;
		v->cells[i].iops *= 1 - (o->stall_min + (o->stall_max - o->stall_min) *
		    caps_volume_unit(s));
		if (o->mark_stalls)
			v->cells[i].stability.verdict = STABILITY_STALLED;
	}
	if (caps_volume_unit(s) < o->burst_share) {
		i = (unsigned)(caps_volume_unit(s) * 3);
		if (!v->stalled[i]) {
			v->burst = (int)i;
			v->cells[i].iops *= 1 + o->burst_min + (o->burst_max - o->burst_min) *
			    caps_volume_unit(s);
		}
	}
	for (i = 0; i < n; i++) {
		struct cell_result *c = &v->cells[i];

		c->ios = (uint64_t)(c->iops * 4) + 1;
		c->bytes = c->ios * c->cell.bs;
		c->bw_bytes_s = c->iops * (double)c->cell.bs;
	}
}
