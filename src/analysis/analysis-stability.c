/*
 * Stability: how far a cell's figures can be trusted, apart from its
 * accounting (the BW check).  A cell is judged from its per-second IOPS
 * series (whole seconds of the measured window only: a last, partial second
 * counts fewer I/Os by its length, not by the device) and its latency
 * figures, and is
 *
 *   stalled  a second (or more) in which the device all but stopped, or one
 *            I/O that waited a second or more: its IOPS figure is an average
 *            of two states, neither of which it shows;
 *   noisy    per-second IOPS that vary, or move, by more than a figure
 *            quoted as one number can hide, or a pause only the latency
 *            shows;
 *   steady   neither;
 *   unknown  no per-second series to judge (imports, a cell under 2 s).
 *
 * Pure arithmetic over the cell, so tests/unit-stability.c checks it on
 * synthetic series.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "results/results.h"

/*
 * The fewest whole seconds judged.  One second has no variation to measure;
 * with two, the median is their mean and a stall of one of them still shows.
 */
#define STABILITY_MIN_SECONDS	2

/*
 * A second below 10% of the cell's level is a stall: the device all but
 * stopped (the example's read 4K QD1 ran 12,188 IOPS, then 2-23).  Noise,
 * even a volume's wide ±30% swings, and a burst bucket that ran out stay
 * far above that; what lies between is judged by the CV and the trend.
 */
#define STABILITY_STALL_FRAC	0.10

/*
 * Per-second IOPS whose coefficient of variation is above 10% are noisy: a
 * 6-second cell's mean (the figure every report quotes) is then known to no
 * better than ±10% (95%, t(5) = 2.57 x 10% / sqrt(6)), the difference a
 * comparison calls a real one.  Uniform noise of ±5% has a CV of 2.9%, of
 * ±20% 11.5%.  The variation that counting explains is left out first (see
 * stability_edge()).
 */
#define STABILITY_CV_PCT	10.0

/*
 * A least-squares line that moves by more than 10% of the mean across the
 * window is a trend: the SNIA Solid State Storage PTS's steady-state slope
 * rule (the slope's excursion within 10% of the average across the window).
 * The PTS applies it to round averages; on a cell's seconds the line also
 * moves with the noise (by 1.2 x the CV, one standard deviation, over 6 s:
 * 7% for the 6% CV of reports/example's calmer cells), so the slope must
 * also be significant: beyond its 95% interval, from the residuals around
 * the line (Student's t, n - 2 degrees of freedom), which counting's noise
 * widens as it should.  Uniform noise of ±5% then makes a trend in 1 of 500
 * 6-second windows, of ±10% in 2% of 20-second ones (a move that window did
 * make); a drift of 15% under ±2% noise always does.  Asking the low end of the interval to
 * clear 10% instead would miss reports/example's randread 4M QD32, flat for
 * 3 s and then up by a third.
 */
#define STABILITY_TREND_PCT	10.0

/*
 * A maximum latency above 20x p99.9 is not the tail of the same
 * distribution but a pause: on a working device the slowest I/O sits
 * within a few times the slowest 0.1% (57 of reports/example's 60 cells
 * within 11x).  It counts when it is at least 100 ms: a pause that long
 * takes 10% out of the second it falls in at QD1, as much as the noise a
 * steady cell may have (STABILITY_CV_PCT), and it is noisy; a pause of a
 * second or more is a stall, whether or not a second of the series shows
 * it (one split over two seconds halves each, above STABILITY_STALL_FRAC).
 */
#define STABILITY_LAT_RATIO	20.0
#define STABILITY_LAT_PAUSE_NS	(NSEC_PER_SEC / 10)
#define STABILITY_LAT_STALL_NS	NSEC_PER_SEC

/*
 * How many I/Os counting can move between neighbouring seconds.  A second
 * counts the I/Os that completed in it, and the ones in flight at its edge
 * (inflight: depth x jobs) can land on either side: at 146 IOPS and depth
 * 32, waves of 32 completions make counts of 125-166 of a steady device.
 * How far they do shows in the series, as in analysis_steady(): the running
 * count drifts from the straight line at the mean rate by as many I/Os as
 * the edges shift.  That drift, at least 1 and at most inflight.  A shift
 * of up to edge at each edge adds at most edge^2 / 2 to the variance of
 * the counts, which is left out of the CV the verdict uses.
 */
static double
stability_edge(const uint64_t *ios, unsigned n, double mean, unsigned inflight)
{
	double run = 0, drift = 0;
	unsigned i;

	for (i = 0; i < n; i++) {
		run += (double)ios[i] - mean;
		if (fabs(run) > drift)
			drift = fabs(run);
	}
	if (drift > inflight)
		drift = inflight;
	return drift < 1 ? 1 : drift;
}

/* Student's t, two-sided 95%, df degrees of freedom: a table to 10, then Cornish-Fisher's series. */
static double
t975(unsigned df)
{
	static const double t[] = { 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
		2.228 };

	if (df == 0)
		return INFINITY;
	return df <= sizeof t / sizeof t[0] ? t[df - 1] :
	    1.96 + 2.372 / df + 2.82 / ((double)df * df);
}

/*
 * Whether the least-squares line through the n counts has a slope beyond
 * its 95% interval: its standard error, from the residuals, times t.
 */
static bool
slope_significant(const uint64_t *ios, unsigned n, double mean)
{
	double sxx = 0, sxy = 0, b, ss = 0, mid = (n - 1) / 2.0;
	unsigned i;

	if (n < 3)
		return false;
	for (i = 0; i < n; i++) {
		sxx += ((double)i - mid) * ((double)i - mid);
		sxy += ((double)i - mid) * ((double)ios[i] - mean);
	}
	b = sxy / sxx;
	for (i = 0; i < n; i++) {
		double e = (double)ios[i] - mean - b * ((double)i - mid);

		ss += e * e;
	}
	return fabs(b) > t975(n - 2) * sqrt(ss / (n - 2) / sxx);
}

/* Append a clause to s->reason: "; " between clauses. */
static void
reason_add(struct stability *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
reason_add(struct stability *s, const char *fmt, ...)
{
	size_t used = strlen(s->reason);
	va_list ap;

	if (used + 3 >= sizeof s->reason)
		return;
	if (used > 0 && s->reason[used - 1] != ' ') {
		memcpy(s->reason + used, "; ", 3);
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(s->reason + used, sizeof s->reason - used, fmt, ap);
	va_end(ap);
}

/* "12,188": a whole number with thousands separators. */
static const char *
thousands(double v, char *buf, size_t len)
{
	char raw[32];
	size_t n, i, o = 0;

	snprintf(raw, sizeof raw, "%.0f", v < 0 ? 0 : v);
	n = strlen(raw);
	for (i = 0; i < n && o + 2 < len; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = raw[i];
	}
	buf[o] = '\0';
	return buf;
}

/* "512 ms", "1.2 s", "850 us": a latency for a reason. */
static const char *
lat_text(uint64_t ns, char *buf, size_t len)
{
	if (ns >= NSEC_PER_SEC)
		snprintf(buf, len, "%.1f s", (double)ns / 1e9);
	else if (ns >= 1000000)
		snprintf(buf, len, "%.0f ms", (double)ns / 1e6);
	else
		snprintf(buf, len, "%.0f us", (double)ns / 1e3);
	return buf;
}

/* Unknown, with why. */
static void
stability_unknown(struct stability *s, const char *why)
{
	memset(s, 0, sizeof *s);
	s->verdict = STABILITY_UNKNOWN;
	s->cv_pct = -1;
	snprintf(s->reason, sizeof s->reason, "%s", why);
}

/* The stalled verdict's reason: which seconds stalled against which level, and a long wait. */
static void
stability_reason_stalled(const struct cell_result *r, struct stability *s, unsigned best,
    bool best_level, uint64_t lowest, bool pause)
{
	unsigned n = s->nseconds;
	double level = s->level_iops;
	char a[32], b[32], c[32];

	s->verdict = STABILITY_STALLED;
	snprintf(s->reason, sizeof s->reason, "stalled: ");
	if (s->nstalls > 0 && best_level && best == 0)
		reason_add(s, "%u of %u s below %.0f%% of the first second (%s IOPS)",
		    s->nstalls, n, STABILITY_STALL_FRAC * 100, thousands(level, a, sizeof a));
	else if (s->nstalls > 0 && best_level)
		reason_add(s, "%u of %u s below %.0f%% of the best, second %u (%s IOPS)",
		    s->nstalls, n, STABILITY_STALL_FRAC * 100, best + 1,
		    thousands(level, a, sizeof a));
	else if (s->nstalls > 0)
		reason_add(s, "%u of %u s below %.0f%% of the median (%s IOPS), the lowest %s",
		    s->nstalls, n, STABILITY_STALL_FRAC * 100, thousands(level, a, sizeof a),
		    thousands((double)lowest, b, sizeof b));
	if (pause)
		reason_add(s, "an I/O waited %s, %.0fx p99.9 (%s)",
		    lat_text(r->lat_max_ns, b, sizeof b), s->max_over_p999,
		    lat_text(r->lat_pct_ns[3], c, sizeof c));
}

/* Noisy (and why) or steady, for a cell that did not stall. */
static void
stability_noisy_or_steady(const struct cell_result *r, struct stability *s, double mean,
    double cv_beyond, bool pause, unsigned nbelow)
{
	unsigned n = s->nseconds;
	bool noisy = false;
	char b[32], c[32];

	snprintf(s->reason, sizeof s->reason, "%s: ", "noisy");
	if (cv_beyond > STABILITY_CV_PCT) {
		reason_add(s, "per-second IOPS vary %.1f%% (CV)", s->cv_pct);
		noisy = true;
	}
	if (fabs(s->trend_pct) > STABILITY_TREND_PCT && slope_significant(r->series_ios, n, mean)) {
		reason_add(s, "%s by %.0f%% of the mean across %u s", s->trend_pct < 0 ? "falling" :
		    "rising", fabs(s->trend_pct), n);
		noisy = true;
	}
	if (pause) {
		reason_add(s, "an I/O waited %s, %.0fx p99.9 (%s)", lat_text(r->lat_max_ns, b, sizeof b),
		    s->max_over_p999, lat_text(r->lat_pct_ns[3], c, sizeof c));
		noisy = true;
	}
	if (noisy) {
		s->verdict = STABILITY_NOISY;
		return;
	}
	s->verdict = STABILITY_STEADY;
	snprintf(s->reason, sizeof s->reason, "steady: CV %.1f%%%s, trend %+.1f%% across %u s%s",
	    s->cv_pct, s->cv_pct > STABILITY_CV_PCT ? " (counting at the seconds' edges)" : "",
	    s->trend_pct, n, fabs(s->trend_pct) > STABILITY_TREND_PCT ? " (within the noise)" : "");
	if (nbelow > 0)
		reason_add(s, "%u low second%s within counting", nbelow, nbelow == 1 ? "" : "s");
}

/*
 * Judge r's stability into s from its per-second series and latency
 * figures, with the thresholds above.
 */
void
analysis_stability_compute(const struct cell_result *r, struct stability *s)
{
	struct steady_stats st;
	unsigned n = r->nseries, i, best = 0, inflight, nbelow = 0;
	double mean = 0, var = 0, level, edge, cv_beyond, sign = 0, mid;
	uint64_t lowest;
	bool pause = false, lat_stall = false, best_level;

	if (r->status == CELL_SKIPPED || r->status == CELL_PENDING) {
		stability_unknown(s, cell_status_name(r->status));
		return;
	}
	if ((uint64_t)n > r->runtime_ns / NSEC_PER_SEC)
		n = (unsigned)(r->runtime_ns / NSEC_PER_SEC);
	if (r->series_ios == NULL || r->nseries == 0) {
		stability_unknown(s, "no per-second series");
		return;
	}
	if (n < STABILITY_MIN_SECONDS) {
		stability_unknown(s, "");
		snprintf(s->reason, sizeof s->reason, "%u whole second%s measured; %d needed to judge",
		    n, n == 1 ? "" : "s", STABILITY_MIN_SECONDS);
		return;
	}
	for (i = 0; i < n; i++) {
		mean += (double)r->series_ios[i];
		if (r->series_ios[i] > r->series_ios[best])
			best = i;
	}
	mean /= n;
	if (mean <= 0) {
		stability_unknown(s, "no I/O completed in the measured seconds");
		return;
	}
	memset(s, 0, sizeof *s);
	s->nseconds = n;
	s->cv_pct = results_cell_cv_pct(r);
	inflight = r->inflight_max > 0 ? r->inflight_max : r->cell.depth * r->cell.jobs;

	/*
	 * The level stalls are measured against: the median second, or the
	 * best one when the median itself stalled (most of the window).
	 */
	level = u64_median(r->series_ios, n);
	best_level = level < STABILITY_STALL_FRAC * (double)r->series_ios[best];
	if (best_level)
		level = (double)r->series_ios[best];
	s->level_iops = level;
	lowest = r->series_ios[0];
	for (i = 0; i < n; i++) {
		double x = (double)r->series_ios[i];

		if (r->series_ios[i] < lowest)
			lowest = r->series_ios[i];
		/* Counting moves at most inflight I/Os across an edge: a stall is more than that. */
		if (x < STABILITY_STALL_FRAC * level && level - x > inflight)
			s->nstalls++;
		nbelow += x < STABILITY_STALL_FRAC * level;
	}
	s->worst_pct = level > 0 ? (double)lowest / level * 100 : 0;

	/* The CV beyond what counting explains, and the trend. */
	for (i = 0; i < n; i++)
		var += ((double)r->series_ios[i] - mean) * ((double)r->series_ios[i] - mean);
	var /= n;
	edge = stability_edge(r->series_ios, n, mean, inflight);
	cv_beyond = sqrt(fmax(0, var - edge * edge / 2)) / mean * 100;
	analysis_steady_stats(r->series_ios, n, n, &st);
	mid = (n - 1) / 2.0;
	for (i = 0; i < n; i++)
		sign += ((double)i - mid) * (double)r->series_ios[i];
	s->trend_pct = st.n > 0 ? (sign < 0 ? -st.trend_pct : st.trend_pct) : 0;

	if (r->lat_pct_ns[3] > 0) {
		s->max_over_p999 = (double)r->lat_max_ns / (double)r->lat_pct_ns[3];
		pause = s->max_over_p999 > STABILITY_LAT_RATIO &&
		    r->lat_max_ns >= STABILITY_LAT_PAUSE_NS;
		lat_stall = pause && r->lat_max_ns >= STABILITY_LAT_STALL_NS;
	}

	if (s->nstalls > 0 || lat_stall) {
		stability_reason_stalled(r, s, best, best_level, lowest, pause);
		return;
	}
	stability_noisy_or_steady(r, s, mean, cv_beyond, pause, nbelow);
}

/* Judge r into r->stability: wherever a cell's figures are finished or loaded. */
void
analysis_stability_judge(struct cell_result *r)
{
	analysis_stability_compute(r, &r->stability);
}
