/*
 * The knee and the caps of a mode, read off its cells (the method is
 * described below); report_summary_build() calls it for every workload,
 * run --auto after every cell, the unit tests and bench/caps-accuracy on
 * synthetic volumes.  Numbers only: report-knee.c writes the sentence.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "results.h"
#include "util.h"

/*
 * The knee and the caps.  A volume that can do at most I IOPS and B bytes/s
 * gives, at block size bs, IOPS = min(I, B / bs): flat (IOPS-bound) for small
 * blocks, falling as 1/bs (bandwidth-bound) for large ones; in log space two
 * straight lines of slope 0 and -1 meeting at the knee, bs = B / I.
 *
 * What an engineer reads off the tables is the level of each flat part (IOPS
 * at the small sizes, MiB/s at the large ones), ignoring the bend between
 * them and a cell far off the others.  That is what is computed, over the
 * upper envelope of the cells (the best steady cell at each block size, over
 * every depth and job count):
 *
 * 1. Classify.  Every split of the sorted points between the two lines is
 *    tried, each side's level taken as its median (of log IOPS on the left,
 *    of log bandwidth on the right), and scored by the squared log distance
 *    of every point to min(I, B / bs), each point's cost truncated at
 *    KNEE_OUTLIER: a stalled cell at 40% or a burst at +60% costs what any
 *    far-off point does and cannot drag the split to itself.  (The least
 *    squares fit of the same model, used before this one, let one such cell,
 *    or the bend of a soft knee, pull both caps by its share: ~204 MiB/s on a
 *    volume whose 1 MiB cells read 243-246 MiB/s.)
 * 2. Plateau.  Of a side's points, those away from the bend vote (at least
 *    4x from where the two levels cross when five are, else 2x: on a soft
 *    knee the largest IOPS-bound size may be at 70% of the cap, and the bend
 *    is on neither line).  The plateau is the band of KNEE_BAND (25%) that
 *    holds the most of them (narrower when the cells know their noise and
 *    agree: see knee_plateau), a tie going to the higher band (the upper
 *    envelope: a stall only lowers a cell), re-centred on the mean of the
 *    points in it.  A stalled cell below the band and a burst cell above it
 *    (a single point far above the others) fall out.  When no two points
 *    agree within the band, the plateau is the middle one of three or more
 *    (one stall below and one burst above leave it), the higher of two.  The cap is the
 *    geometric mean of the points in the band, which on uniform +-15% noise
 *    varies 0.6 times as much as their median.  Steps 1 and 2 run twice, the
 *    second time from the first plateau's levels.
 * 3. Floor.  A plateau cell shows the volume sustained its rate less its
 *    noise: its own (the coefficient of variation of its per-second IOPS),
 *    or when it has no series (imports) KNEE_FLOOR_SIGMAS times the spread
 *    of the plateau's cells (their standard deviation).  A cap below that is
 *    raised to it: a stated cap is never below a cell on its plateau beyond
 *    the cell's noise.
 *
 * 4. Stated.  A cap is stated (iops_plateau, bw_plateau) only where the
 *    cells show its plateau: two points or more in its band, and no point of
 *    the side above it beyond that point's noise (its own, or when unknown
 *    KNEE_FLOOR_SIGMAS times the plateau's spread, and never less than the
 *    band).  Otherwise the side's shape says what the cells do: a point
 *    above (a burst, or a cache at that size; the highest is named), two
 *    levels (a run of the smaller sizes and one of the larger, two points or
 *    more each, each within the band and more than KNEE_BAND apart; a lower
 *    run next to the bend is the bend of a soft knee, not a level), or no
 *    two points agreeing (the first and the last).  When every point of the
 *    curve is in one of two flat IOPS runs, or neither side of a knee shows
 *    a plateau, the mode is read as IOPS-bound with that shape: a falling
 *    curve is on neither line, and a knee read off it would be noise.  Other
 *    caps are computed as before, so bench/caps-accuracy's errors are those
 *    of the caps whether stated or not; it also counts how often each is
 *    stated (about 92% of IOPS caps on the acceptance volumes: not in most
 *    of those with a burst cell, 99% of bandwidth caps).
 *
 * The range given with each cap, "~3,000 IOPS (2,910-3,070)", is the lowest
 * and highest cell of the plateau: what the cells the cap was read from
 * measured, which a reader finds in the tables.  It shows the noise (on
 * +-15% cells it is wide) and how much the cap rests on (one block size: no
 * range).
 *
 * Cells whose stability verdict is noisy or stalled are left out before all
 * this and counted (the first named by index); steady cells and imported ones (verdict
 * unknown) are kept.  A block size whose left-out cells ran at more depth x
 * jobs than its kept ones has no point: what is left is a lower depth's.
 *
 * A two-line model always fits noise at least as well as one line, so a side
 * counts only if it moves the curve by more than KNEE_SIDE_MIN (25%, far
 * above the few percent of run-to-run noise): the largest block size must
 * fall clearly below the IOPS level, and the smallest clearly below the
 * bandwidth level.  Otherwise the mode is IOPS-bound (or bandwidth-bound) at
 * every size measured, and that one cap is the plateau of all the points.
 * Fewer than KNEE_POINTS_MIN block sizes, or a span under KNEE_SPAN_MIN x,
 * cannot tell the lines apart.  Accuracy on 1,000 synthetic volumes with
 * +-15% noise, a soft knee, stalls and bursts: bench/caps-accuracy.sh and
 * bench/RESULTS.md.
 */
#define KNEE_SIDE_MIN	1.25
#define KNEE_OUTLIER	0.405	/* ln 1.5 */
#define KNEE_BAND	0.223	/* ln 1.25 */
#define KNEE_BAND_MIN	0.049	/* ln 1.05 */
#define KNEE_BAND_SIGMAS 4
#define KNEE_BEND	0.693	/* ln 2 */
#define KNEE_FAR_MIN	5
#define KNEE_FLOOR_SIGMAS 2

/* A block size's best usable cell. */
struct knee_point {
	uint64_t	 bs;
	double		 iops;
	double		 noise;	/* the cell's per-second IOPS CV, a fraction; < 0 unknown */
	unsigned	 par;	/* the most depth x jobs of its kept cells */
	unsigned	 par_out;	/* ... and of its cells left out */
};

/* A side's plateau: its level and range (log), and how many points it rests on. */
struct knee_plateau {
	double		 level, lo, hi;
	double		 noise;		/* the standard deviation of its points; 0 under 3 */
	double		 band;		/* the band its points agree within (log) */
	unsigned	 n;
};

/* The point of block size bs in p[0..*n), added in order if new. */
static struct knee_point *
knee_point_at(struct knee_point *p, unsigned *n, uint64_t bs)
{
	unsigned j;

	for (j = 0; j < *n && p[j].bs < bs; j++)
		;
	if (j == *n || p[j].bs != bs) {
		memmove(p + j + 1, p + j, (*n - j) * sizeof *p);
		memset(&p[j], 0, sizeof p[j]);
		p[j].bs = bs;
		(*n)++;
	}
	return &p[j];
}

/*
 * The upper envelope of a mode's cells into p[], sorted by block size: each
 * size's best clean cell (finished, IOPS above 0) whose verdict is not noisy
 * or stalled; those are counted in k (the first by index).  A size whose
 * left-out cells ran at more depth x jobs than any kept one has no point:
 * its best kept cell is a lower depth's, not the volume's (a stalled QD32
 * cell leaves QD1).
 * Returns how many points.
 */
static unsigned
knee_points(const struct cell_result *cells, unsigned ncells, enum rw_mode mode, int share,
    struct knee_point *p, struct knee *k)
{
	unsigned n = 0, i, j;

	for (i = 0; i < ncells; i++) {
		const struct cell_result *r = &cells[i];
		struct knee_point *q;
		unsigned par = r->cell.depth * (r->cell.jobs ? r->cell.jobs : 1);
		double cv;

		if (r->cell.mode != mode || !results_cell_has_figures(r) || r->status != CELL_OK ||
		    !(r->iops > 0) || r->cell.bs == 0 ||
		    (share != SUMMARY_NO_SHARE && r->cell.rwmixread != (unsigned)share))
			continue;
		q = knee_point_at(p, &n, r->cell.bs);
		if (r->stability.verdict == STABILITY_NOISY ||
		    r->stability.verdict == STABILITY_STALLED) {
			if (k->nleft_out < KNEE_LEFT_OUT_NAMES)
				k->left_out[k->nleft_out] = i;
			k->nleft_out++;
			q->par_out = par > q->par_out ? par : q->par_out;
			continue;
		}
		q->par = par > q->par ? par : q->par;
		if (r->iops > q->iops) {
			cv = results_cell_cv_pct(r);
			q->iops = r->iops;
			q->noise = cv >= 0 ? cv / 100 : -1;
		}
	}
	for (i = 0, j = 0; i < n; i++)
		if (p[i].iops > 0 && p[i].par >= p[i].par_out)
			p[j++] = p[i];
	return j;
}

/* The span and the peaks of the points, for every verdict. */
static void
knee_peaks(struct knee *k, const struct knee_point *p, unsigned n)
{
	unsigned i;

	k->npoints = n;
	if (n > 0) {
		k->bs_min = p[0].bs;
		k->bs_max = p[n - 1].bs;
	}
	for (i = 0; i < n; i++) {
		if (p[i].iops > k->peak_iops) {
			k->peak_iops = p[i].iops;
			k->peak_iops_bs = p[i].bs;
		}
		if (p[i].iops * (double)p[i].bs > k->peak_bw) {
			k->peak_bw = p[i].iops * (double)p[i].bs;
			k->peak_bw_bs = p[i].bs;
		}
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of x[0..n), n > 0, sorted in scratch s[n]. */
static double
knee_median(const double *x, unsigned n, double *s)
{
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/*
 * The split of the least truncated squared error: the first split points on
 * the IOPS line (log I = *li, the median of their u), the rest on the
 * bandwidth line (log B = *lB, the median of their v).  u is log IOPS, v
 * log(IOPS x bs), lb log bs.
 */
static unsigned
knee_split(const double *u, const double *v, const double *lb, unsigned n, double *li,
    double *lB)
{
	double best_cost = INFINITY, *s = xcalloc(n, sizeof *s);
	unsigned split, i, best = 0;

	*li = *lB = 0;
	for (split = 0; split <= n; split++) {
		double si = split > 0 ? knee_median(u, split, s) : 0;
		double sB = split < n ? knee_median(v + split, n - split, s) : 0, cost = 0;

		for (i = 0; i < n; i++) {
			double m = split == 0 ? sB - lb[i] : split == n ? si : fmin(si, sB - lb[i]);

			cost += fmin((u[i] - m) * (u[i] - m), KNEE_OUTLIER * KNEE_OUTLIER);
		}
		if (cost < best_cost) {
			best_cost = cost;
			best = split;
			*li = si;
			*lB = sB;
		}
	}
	free(s);
	return best;
}

/*
 * The plateau of a side: of its points x[] (log values) with side[] set, the
 * band of KNEE_BAND that holds the most of them (a tie goes to the higher
 * band: the upper envelope), then re-centred on the mean of the points in
 * it, those away from the bend (far[]) when two or more are.  Then the floor
 * of step 3: a point's noise is its own (noise[], a fraction), or when that
 * is unknown (< 0) the spread of the plateau (the standard deviation of its
 * points, from three on).
 */
static void
knee_plateau(const double *x, const double *noise, const bool *side, const bool *far,
    unsigned n, struct knee_plateau *pl)
{
	double ref = 0, sum, sumsq = 0, spread = 0, band, med, worst;
	double *d = xcalloc(n ? n : 1, sizeof *d), *s = xcalloc(n ? n : 1, sizeof *s);
	double *d2 = xcalloc(n ? n : 1, sizeof *d2), *s2 = xcalloc(n ? n : 1, sizeof *s2);
	unsigned i, j, iter, best = 0, nfar, m;
	bool *use = xcalloc(n ? n : 1, sizeof *use);

	memset(pl, 0, sizeof *pl);
	for (i = 0, nfar = 0; i < n; i++)
		nfar += side[i] && far[i];
	/*
	 * The band: KNEE_BAND, or when every voter knows its noise and the voters
	 * agree (their median absolute deviation), KNEE_BAND_SIGMAS of it and no
	 * less than KNEE_BAND_MIN: cells steady to 1% that agree to 1% make a
	 * plateau of a few percent, and a bend 10% below it is not on it.
	 */
	for (i = 0, m = 0, worst = 0; i < n; i++)
		if (side[i] && (nfar < 2 || far[i])) {
			d[m++] = x[i];
			worst = noise[i] < 0 || worst < 0 ? -1 : fmax(worst, log1p(noise[i]));
		}
	band = KNEE_BAND;
	if (m >= 3 && worst >= 0) {
		med = knee_median(d, m, s);
		for (i = 0; i < m; i++)
			d[i] = fabs(d[i] - med);
		worst = fmax(worst, 1.4826 * knee_median(d, m, s));
		band = fmin(KNEE_BAND, fmax(KNEE_BAND_MIN, KNEE_BAND_SIGMAS * worst));
	}
	free(d);
	free(s);
	for (i = 0, m = 0; i < n; i++) {
		unsigned c = 0;

		if (!side[i] || (nfar >= 2 && !far[i]))
			continue;
		for (j = 0; j < n; j++)
			c += side[j] && (nfar < 2 || far[j]) && fabs(x[j] - x[i]) <= band;
		if (c > best || (c == best && x[i] > ref)) {
			best = c;
			ref = x[i];
		}
		if (c == 1)
			d2[m++] = x[i];
	}
	/*
	 * No two voters agree within the band: the higher of two (a stall is
	 * likelier than a burst), but of three or more the middle one, not the
	 * highest, which is then a burst as often as not.
	 */
	if (best == 1 && m >= 3)
		ref = knee_median(d2, m, s2);
	free(d2);
	free(s2);
	pl->band = band;
	if (best == 0) {
		free(use);
		return;
	}
	for (iter = 0; iter < 6; iter++) {
		for (i = 0, nfar = 0; i < n; i++)
			nfar += side[i] && far[i] && fabs(x[i] - ref) <= band;
		for (i = 0, sum = 0, pl->n = 0; i < n; i++) {
			use[i] = side[i] && (nfar < 2 || far[i]) && fabs(x[i] - ref) <= band;
			if (use[i]) {
				sum += x[i];
				pl->n++;
			}
		}
		if (pl->n == 0)
			break;
		ref = sum / pl->n;
	}
	pl->level = ref;
	pl->lo = INFINITY;
	pl->hi = -INFINITY;
	for (i = 0; i < n; i++) {
		if (!use[i])
			continue;
		pl->lo = fmin(pl->lo, x[i]);
		pl->hi = fmax(pl->hi, x[i]);
		sumsq += (x[i] - ref) * (x[i] - ref);
	}
	if (pl->n == 0) {
		pl->lo = pl->hi = ref;
		pl->n = 1;
	} else if (pl->n >= 3)
		spread = sqrt(sumsq / pl->n);
	for (i = 0; i < n; i++)
		if (use[i] && (noise[i] >= 0 || spread > 0))
			pl->level = fmax(pl->level, noise[i] >= 0 ? x[i] - log1p(noise[i]) :
			    x[i] - KNEE_FLOOR_SIGMAS * spread);
	pl->noise = spread;
	free(use);
}

/*
 * The points of the IOPS side (left) or bandwidth side (right) of the
 * crossing lk (log bs) into side[], and of them those away from the bend
 * into far[]: at least 4x from the crossing when KNEE_FAR_MIN points are,
 * else 2x (on a soft knee at 70% the curve is 11% below the cap 2x away,
 * 3% 4x away).
 */
static void
knee_side(const double *lb, unsigned n, double lk, bool left, bool *side, bool *far)
{
	unsigned i, nfar, pass;

	for (i = 0; i < n; i++)
		side[i] = left ? lb[i] < lk : lb[i] > lk;
	for (pass = 0; pass < 2; pass++) {
		double bend = pass == 0 ? 2 * KNEE_BEND : KNEE_BEND;

		for (i = 0, nfar = 0; i < n; i++) {
			far[i] = side[i] && (left ? lb[i] <= lk - bend : lb[i] >= lk + bend);
			nfar += far[i];
		}
		if (nfar >= KNEE_FAR_MIN)
			break;
	}
}

/*
 * Two levels: the voters v[0..m) (indexes into x, by block size) split into
 * a run of the smaller sizes and one of the larger, two points or more each,
 * each run within the band and their means more than KNEE_BAND apart.  On a
 * side of a knee (bend > 0: the bend is at the larger sizes; < 0: at the
 * smaller), a lower run next to the bend is the bend of a soft knee (70% of
 * the cap 2x from it), not a level.
 */
static bool
knee_two_levels(const double *x, const struct knee_point *p, const unsigned *v, unsigned m,
    double band, int bend, struct knee_levels *kl)
{
	unsigned s, i, r;

	for (s = 2; s + 2 <= m; s++) {
		double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
		double sum[2] = { 0, 0 };

		for (i = 0; i < m; i++) {
			r = i >= s;
			lo[r] = fmin(lo[r], x[v[i]]);
			hi[r] = fmax(hi[r], x[v[i]]);
			sum[r] += x[v[i]];
		}
		sum[0] /= s;
		sum[1] /= m - s;
		if (hi[0] - lo[0] > band || hi[1] - lo[1] > band || fabs(sum[0] - sum[1]) <= KNEE_BAND)
			continue;
		if ((bend > 0 && sum[1] < sum[0]) || (bend < 0 && sum[0] < sum[1]))
			continue;
		kl->shape = KNEE_SHAPE_TWO_LEVELS;
		kl->value[0] = exp(sum[0]);
		kl->value[1] = exp(sum[1]);
		kl->from_bs[0] = p[v[0]].bs;
		kl->to_bs[0] = p[v[s - 1]].bs;
		kl->from_bs[1] = p[v[s]].bs;
		kl->to_bs[1] = p[v[m - 1]].bs;
		return true;
	}
	return false;
}

/*
 * What a side's points show (x log values, side[] and far[] as for
 * knee_plateau, pl its plateau): two levels; no two voters within the band
 * (the curve falls or rises: its first and last voter); a point of the side
 * above the cap beyond its noise (its own, or when unknown
 * KNEE_FLOOR_SIGMAS times the plateau's spread, and never less than the
 * band: the highest such point); else a plateau, whose cap is stated.
 */
static void
knee_shape(const double *x, const double *noise, const bool *side, const bool *far,
    const struct knee_point *p, unsigned n, const struct knee_plateau *pl, int bend,
    struct knee_levels *kl)
{
	unsigned *v = xcalloc(n ? n : 1, sizeof *v), i, m, nfar;
	double tol, above = -INFINITY;

	memset(kl, 0, sizeof *kl);
	for (i = 0, nfar = 0; i < n; i++)
		nfar += side[i] && far[i];
	for (i = 0, m = 0; i < n; i++)
		if (side[i] && (nfar < 2 || far[i]))
			v[m++] = i;
	if (m == 0 || knee_two_levels(x, p, v, m, pl->band, bend, kl)) {
		free(v);
		return;
	}
	if (pl->n < 2) {
		kl->shape = KNEE_SHAPE_UNEVEN;
		kl->value[0] = exp(x[v[0]]);
		kl->from_bs[0] = kl->to_bs[0] = p[v[0]].bs;
		kl->value[1] = exp(x[v[m - 1]]);
		kl->from_bs[1] = kl->to_bs[1] = p[v[m - 1]].bs;
		free(v);
		return;
	}
	free(v);
	kl->shape = KNEE_SHAPE_PLATEAU;
	for (i = 0; i < n; i++) {
		if (!side[i])
			continue;
		tol = KNEE_FLOOR_SIGMAS * (noise[i] >= 0 ? log1p(noise[i]) : pl->noise);
		if (x[i] > pl->level + fmax(tol, pl->band) && x[i] > above) {
			above = x[i];
			kl->shape = KNEE_SHAPE_ABOVE;
			kl->value[0] = exp(x[i]);
			kl->from_bs[0] = kl->to_bs[0] = p[i].bs;
		}
	}
}

/*
 * The whole curve in IOPS, after a knee's split: when every point is in one
 * of two flat runs (two IOPS levels, a cache at the small sizes), or neither
 * side of the split shows a plateau (the curve falls, or rises, on neither
 * line), the mode is read as IOPS-bound, with that shape and no bandwidth
 * side: no cap, no knee.
 */
static void
knee_whole(struct knee *k, const double *u, const struct knee_point *p, unsigned n)
{
	unsigned *v = xcalloc(n, sizeof *v), i;
	struct knee_levels kl = { .shape = KNEE_SHAPE_NONE };
	bool none = k->iops_shape.shape == KNEE_SHAPE_UNEVEN ||
	    k->iops_shape.shape == KNEE_SHAPE_NONE;

	none = none && (k->bw_shape.shape == KNEE_SHAPE_UNEVEN ||
	    k->bw_shape.shape == KNEE_SHAPE_NONE);
	for (i = 0; i < n; i++)
		v[i] = i;
	if (knee_two_levels(u, p, v, n, KNEE_BAND, 0, &kl) || none) {
		if (kl.shape == KNEE_SHAPE_NONE) {
			kl.shape = KNEE_SHAPE_UNEVEN;
			kl.value[0] = p[0].iops;
			kl.from_bs[0] = kl.to_bs[0] = p[0].bs;
			kl.value[1] = p[n - 1].iops;
			kl.from_bs[1] = kl.to_bs[1] = p[n - 1].bs;
		}
		k->kind = KNEE_IOPS_BOUND;
		k->iops_shape = kl;
		memset(&k->bw_shape, 0, sizeof k->bw_shape);
		k->bw_cap = k->bw_lo = k->bw_hi = k->knee_bs = 0;
		k->bw_npoints = 0;
	}
	free(v);
}

/* Store a plateau (log) as caps. */
static void
knee_set(const struct knee_plateau *pl, double *cap, double *lo, double *hi, unsigned *np)
{
	*cap = exp(pl->level);
	*lo = exp(pl->lo);
	*hi = exp(pl->hi);
	*np = pl->n;
}

/* Fit n sorted points (enough of them, spanning enough): set k's kind, caps and ranges. */
static void
knee_fit(struct knee *k, const struct knee_point *p, unsigned n)
{
	double *u = xcalloc(n, sizeof *u), *v = xcalloc(n, sizeof *v), *lb = xcalloc(n, sizeof *lb);
	double *noise = xcalloc(n, sizeof *noise);
	bool *side = xcalloc(n, sizeof *side), *far = xcalloc(n, sizeof *far);
	struct knee_plateau pi, pb;
	double li, lB;
	unsigned i, best, pass;

	for (i = 0; i < n; i++) {
		lb[i] = log((double)p[i].bs);
		u[i] = log(p[i].iops);
		v[i] = u[i] + lb[i];
		noise[i] = p[i].noise;
		side[i] = far[i] = true;
	}
	best = knee_split(u, v, lb, n, &li, &lB);
	if (best > 0 && best < n) {
		bool bw_side = u[n - 1] + log(KNEE_SIDE_MIN) < li;
		bool iops_side = v[0] + log(KNEE_SIDE_MIN) < lB;

		if (!bw_side || !iops_side)
			best = bw_side ? 0 : n;
	}
	if (best == n) {
		k->kind = KNEE_IOPS_BOUND;
		knee_plateau(u, noise, side, far, n, &pi);
		knee_shape(u, noise, side, far, p, n, &pi, 0, &k->iops_shape);
		knee_set(&pi, &k->iops_cap, &k->iops_lo, &k->iops_hi, &k->iops_npoints);
	} else if (best == 0) {
		k->kind = KNEE_BW_BOUND;
		knee_plateau(v, noise, side, far, n, &pb);
		knee_shape(v, noise, side, far, p, n, &pb, 0, &k->bw_shape);
		knee_set(&pb, &k->bw_cap, &k->bw_lo, &k->bw_hi, &k->bw_npoints);
	} else {
		/* Until a side has a plateau, its cap is the split's median. */
		k->kind = KNEE_FOUND;
		pi = (struct knee_plateau){ .level = li, .lo = li, .hi = li, .band = KNEE_BAND, .n = 1 };
		pb = (struct knee_plateau){ .level = lB, .lo = lB, .hi = lB, .band = KNEE_BAND, .n = 1 };
		for (pass = 0; pass < 2; pass++) {
			struct knee_plateau ti, tb;

			knee_side(lb, n, lB - li, true, side, far);
			knee_plateau(u, noise, side, far, n, &ti);
			if (pass == 1)
				knee_shape(u, noise, side, far, p, n, ti.n > 0 ? &ti : &pi, 1,
				    &k->iops_shape);
			knee_side(lb, n, lB - li, false, side, far);
			knee_plateau(v, noise, side, far, n, &tb);
			if (pass == 1)
				knee_shape(v, noise, side, far, p, n, tb.n > 0 ? &tb : &pb, -1,
				    &k->bw_shape);
			if (ti.n > 0)
				pi = ti;
			if (tb.n > 0)
				pb = tb;
			li = pi.level;
			lB = pb.level;
		}
		knee_set(&pi, &k->iops_cap, &k->iops_lo, &k->iops_hi, &k->iops_npoints);
		knee_set(&pb, &k->bw_cap, &k->bw_lo, &k->bw_hi, &k->bw_npoints);
		k->knee_bs = k->bw_cap / k->iops_cap;
		knee_whole(k, u, p, n);
	}
	k->iops_plateau = k->iops_shape.shape == KNEE_SHAPE_PLATEAU;
	k->bw_plateau = k->bw_shape.shape == KNEE_SHAPE_PLATEAU;
	free(u);
	free(v);
	free(lb);
	free(noise);
	free(side);
	free(far);
}

/*
 * Find the knee and the caps of a mode from its cells (any order; the
 * method is described above), of those at read share `share` only unless
 * it is SUMMARY_NO_SHARE.  Only finished cells with IOPS above 0 count;
 * noisy and stalled ones are left out and counted in k->nleft_out.
 */
void
analysis_caps_knee(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
    int share, struct knee *k)
{
	struct knee_point *p = xcalloc(ncells ? ncells : 1, sizeof *p);
	unsigned n;

	memset(k, 0, sizeof *k);
	k->kind = KNEE_TOO_FEW;
	n = knee_points(cells, ncells, mode, share, p, k);
	knee_peaks(k, p, n);
	if (n >= KNEE_POINTS_MIN && k->bs_max >= KNEE_SPAN_MIN * k->bs_min)
		knee_fit(k, p, n);
	free(p);
}

/*
 * The knee as it is stated everywhere (the report's sentence, run --auto's
 * findings): the power of two nearest (in log space) to knee_bs, for the
 * caps it is read from hold their noise and block sizes are measured in
 * powers of two; 0 when no knee is stated (either cap lacks its plateau).
 */
uint64_t
analysis_caps_knee_size(const struct knee *k)
{
	double e;

	if (k->kind != KNEE_FOUND || !k->iops_plateau || !k->bw_plateau)
		return 0;
	e = round(log2(k->knee_bs > 1 ? k->knee_bs : 1));
	return 1ULL << (e < 62 ? (int)e : 62);
}
