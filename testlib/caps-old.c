/*
 * The knee fit as it was before the plateau estimator (view-characterize.c at
 * f902f93), frozen for bench/caps-accuracy.c and tests/unit-caps.c to
 * compare against: least squares in log space of IOPS = min(I, B / bs) over
 * the best IOPS at each size, every split tried, each side kept only if it
 * moves the curve by 25%.  The code is the old one with its text and peaks
 * left out.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "caps-old.h"

#define KNEE_SIDE_MIN	1.25
#define KNEE_POINTS_MIN	3
#define KNEE_SPAN_MIN	4

static unsigned
old_points(const uint64_t *bs_in, const double *iops_in, unsigned n_in, uint64_t *bs,
    double *iops)
{
	unsigned n = 0, i, j;

	for (i = 0; i < n_in; i++) {
		if (!(iops_in[i] > 0) || bs_in[i] == 0)
			continue;
		for (j = 0; j < n && bs[j] < bs_in[i]; j++)
			;
		if (j < n && bs[j] == bs_in[i]) {
			if (iops_in[i] > iops[j])
				iops[j] = iops_in[i];
			continue;
		}
		memmove(bs + j + 1, bs + j, (n - j) * sizeof *bs);
		memmove(iops + j + 1, iops + j, (n - j) * sizeof *iops);
		bs[j] = bs_in[i];
		iops[j] = iops_in[i];
		n++;
	}
	return n;
}

static unsigned
old_best_split(const double *u, const double *v, const double *lb, unsigned n, double *li,
    double *lB)
{
	double best_sse = INFINITY;
	unsigned split, i, best = 0;

	*li = *lB = 0;
	for (split = 0; split <= n; split++) {
		double si = 0, sB = 0, sse = 0;

		for (i = 0; i < split; i++)
			si += u[i];
		for (i = split; i < n; i++)
			sB += v[i];
		si = split > 0 ? si / split : 0;
		sB = split < n ? sB / (n - split) : 0;
		for (i = 0; i < n; i++) {
			double m = split == 0 ? sB - lb[i] : split == n ? si : fmin(si, sB - lb[i]);

			sse += (u[i] - m) * (u[i] - m);
		}
		if (sse < best_sse) {
			best_sse = sse;
			best = split;
			*li = si;
			*lB = sB;
		}
	}
	return best;
}

/* The old verdict of n (block size, IOPS) points: kind, and the caps it states (0 none). */
void
caps_old_knee(const uint64_t *bs_in, const double *iops_in, unsigned n_in, struct caps_old *k)
{
	uint64_t bs[64];
	double iops[64], u[64], v[64], lb[64], li, lB;
	unsigned n, i, best;

	memset(k, 0, sizeof *k);
	k->kind = KNEE_TOO_FEW;
	n = old_points(bs_in, iops_in, n_in < 64 ? n_in : 64, bs, iops);
	if (n < KNEE_POINTS_MIN || bs[n - 1] < KNEE_SPAN_MIN * bs[0])
		return;
	for (i = 0; i < n; i++) {
		lb[i] = log((double)bs[i]);
		u[i] = log(iops[i]);
		v[i] = u[i] + lb[i];
	}
	best = old_best_split(u, v, lb, n, &li, &lB);
	if (best > 0 && best < n) {
		double I = exp(li), B = exp(lB);
		bool bw_side = iops[n - 1] * KNEE_SIDE_MIN < I;
		bool iops_side = iops[0] * (double)bs[0] * KNEE_SIDE_MIN < B;

		if (bw_side && iops_side) {
			k->kind = KNEE_FOUND;
			k->iops_cap = I;
			k->bw_cap = B;
		} else
			best = bw_side ? 0 : n;
	}
	if (best == n) {
		k->kind = KNEE_IOPS_BOUND;
		for (li = 0, i = 0; i < n; i++)
			li += u[i];
		k->iops_cap = exp(li / n);
	} else if (best == 0) {
		k->kind = KNEE_BW_BOUND;
		for (lB = 0, i = 0; i < n; i++)
			lB += v[i];
		k->bw_cap = exp(lB / n);
	}
}
