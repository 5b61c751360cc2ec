/*
 * Steady state: is a cell's per-second IOPS series steady enough to
 * end its window early (--steady), and how steady its last window was (for
 * the reports).  Pure arithmetic over the series, so tests/unit-steady.c
 * checks it without a device.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "analysis/analysis.h"

/*
 * How steady the last `window` per-second IOPS samples are (all of them
 * when there are fewer): their mean, the largest distance of a sample from
 * it and how far the least-squares line through them moves across the
 * window, both in percent of the mean.  st->n is the number of samples
 * looked at, 0 when there is nothing to judge (fewer than 3 or a zero
 * mean; every figure is 0 then).
 */
void
analysis_steady_stats(const uint64_t *ios, unsigned n, unsigned window, struct steady_stats *st)
{
	double sx = 0, sxy = 0, dev = 0;
	unsigned i, w = n < window ? n : window;

	memset(st, 0, sizeof *st);
	if (w < 3)
		return;
	ios += n - w;
	for (i = 0; i < w; i++)
		st->mean += (double)ios[i];
	st->mean /= w;
	if (st->mean <= 0) {
		st->mean = 0;
		return;
	}
	for (i = 0; i < w; i++) {
		double x = (double)i - (w - 1) / 2.0, d = fabs((double)ios[i] - st->mean);

		if (d > dev)
			dev = d;
		sx += x * x;
		sxy += x * ((double)ios[i] - st->mean);
	}
	st->n = w;
	st->spread_pct = dev / st->mean * 100;
	st->trend_pct = fabs(sxy / sx * (w - 1)) / st->mean * 100;
}

/*
 * Steady state over the first n seconds of a cell's per-second IOPS.  The
 * last `window` samples (all of them, at least 3, while fewer have been
 * measured: --min-runtime can be shorter than the window) must
 *
 * - lie within the band around their mean, and the least-squares line
 *   through them must move by no more than the band across them (no
 *   trend): what --steady names.  Both are needed: a slow ramp passes the
 *   band test alone when it is loose, and a noisy flat series passes the
 *   slope test alone;
 *
 * - have a mean known to within the band: the 95% confidence interval of
 *   their mean, t x s / sqrt(w), inside it, where s leaves out the variance
 *   counting can explain (edge^2, below: counting errors cancel from one
 *   second to the next instead of averaging out).  At 5 samples the band
 *   test nearly implies this; at 3 it does not (this asks s <= 0.4 x the
 *   band): three seconds of a device whose seconds vary by 6% (normal) sit
 *   inside a 2% band and pass the trend test by luck one time in 17, and
 *   this test too one time in 56 (four seconds: 1 in 97; five: 1 in 230).
 *
 * Counting.  A second counts the I/Os that completed in it, and the I/Os
 * in flight at its edges (`inflight`: depth x jobs) can land on either
 * side, so at 16 IOPS and depth 8 counts of 12..20 can be counting, not
 * unsteadiness; and the cell's own count is off by however many of those
 * at its two ends were mostly done before it began or mostly undone when
 * it ended.  How many that is shows in the series: the running count
 * drifts from a straight line at the mean rate by as many I/Os as the
 * edges shift (a device completing 16 a second like clockwork never
 * drifts; batches of 8 landing either side of a second's edge drift by
 * up to 8).  So with `edge` = that drift, at least 1 and at most inflight,
 * the band is pct% of the mean or edge I/Os if wider, and the cell needs
 * 100 x edge / pct completions: the edges then move its IOPS by at most
 * pct%.
 */
bool
analysis_steady(const uint64_t *ios, unsigned n, unsigned window, unsigned pct, unsigned inflight)
{
	static const double t975[] = { 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262 };
	struct steady_stats st;
	double band, total = 0, ss = 0, t, mean, run = 0, drift = 0, edge;
	unsigned i, df;

	if (pct == 0 || window < 2)
		return false;
	analysis_steady_stats(ios, n, window, &st);
	if (st.n == 0)
		return false;
	for (i = 0; i < n; i++)
		total += (double)ios[i];
	mean = total / n;
	for (i = 0; i < n; i++) {
		run += (double)ios[i] - mean;	/* running count less the straight line */
		if (fabs(run) > drift)
			drift = fabs(run);
	}
	edge = drift < 1 ? 1 : drift > inflight ? inflight : drift;
	if (total * pct < 100.0 * edge)
		return false;
	band = edge / st.mean * 100;
	if (band < pct)
		band = pct;
	if (st.spread_pct > band || st.trend_pct > band)
		return false;
	/* Student's t, two-sided 95%, st.n - 1 degrees of freedom: a table to 9, then
	 * Cornish-Fisher's series in 1/df (2.225 at 10 against 2.228, closer beyond) */
	df = st.n - 1;
	t = df - 2 < sizeof t975 / sizeof t975[0] ? t975[df - 2] :
	    1.96 + 2.372 / df + 2.82 / ((double)df * df);
	for (i = n - st.n; i < n; i++)
		ss += ((double)ios[i] - st.mean) * ((double)ios[i] - st.mean);
	ss = ss / df - edge * edge;
	return ss <= 0 || t * sqrt(ss / st.n) <= st.mean * band / 100;
}
