/*
 * The stability verdict (stability.c) on synthetic cells: flat, ±5%, ±10%
 * and ±20% noise, one stalled second, a cliff, a slow drift, a latency
 * outlier, counting at low rates and high depths, and the cells that
 * cannot be judged.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "analysis/analysis.h"
#include "check.h"
#include "base/sweep.h"
#include "base/util.h"

/* uniform noise in [-amp, amp] */
static double
noise(double amp)
{
	return (check_rng_unit() * 2 - 1) * amp;
}

/*
 * A finished cell over the n seconds of v at depth 1 (inflight 1), with a
 * tame latency (p99.9 1 ms, max 3 ms) unless the test sets its own; r owns
 * a copy of the series.
 */
static void
cell(struct cell_result *r, const uint64_t *v, unsigned n)
{
	unsigned i;

	free(r->series_ios);
	memset(r, 0, sizeof *r);
	r->cell.mode = MODE_RANDREAD;
	r->cell.bs = 4096;
	r->cell.depth = 1;
	r->cell.jobs = 1;
	r->status = CELL_OK;
	r->inflight_max = 1;
	r->runtime_ns = (uint64_t)n * NSEC_PER_SEC;
	r->nseries = n;
	r->series_ios = xcalloc(n ? n : 1, sizeof *r->series_ios);
	for (i = 0; i < n; i++) {
		r->series_ios[i] = v[i];
		r->ios += v[i];
	}
	r->iops = n ? (double)r->ios / n : 0;
	r->lat_pct_ns[3] = 1000000;
	r->lat_max_ns = 3000000;
}

/* The verdict of v (n seconds): cell() then analysis_stability_judge(). */
static enum stability_verdict
judge(struct cell_result *r, const uint64_t *v, unsigned n)
{
	cell(r, v, n);
	analysis_stability_judge(r);
	return r->stability.verdict;
}

/* n seconds at level x (1 + up to ±amp uniform noise). */
static void
noisy_series(uint64_t *v, unsigned n, double level, double amp)
{
	unsigned i;

	for (i = 0; i < n; i++)
		v[i] = (uint64_t)(level * (1 + noise(amp)));
}

/* How many of `runs` series of n seconds with ±amp noise come out v. */
static unsigned
rate(unsigned runs, unsigned n, double amp, enum stability_verdict want)
{
	struct cell_result r = { 0 };
	uint64_t v[64];
	unsigned k, hits = 0;

	for (k = 0; k < runs; k++) {
		noisy_series(v, n, 5000, amp);
		hits += judge(&r, v, n) == want;
	}
	free(r.series_ios);
	printf("±%.0f%% noise, %u s: %u of %u %s\n", amp * 100, n, hits, runs,
	    results_stability_name(want));
	return hits;
}

#define HAS(r, s) CHECK(strstr((r).stability.reason, (s)) != NULL, "reason \"%s\" lacks \"%s\"", \
	(r).stability.reason, (s))

int
main(void)
{
	struct cell_result r = { 0 };
	uint64_t v[64];
	unsigned i, hits;
	const uint64_t example_4k_qd1[] = { 12188, 2, 5, 4, 2, 23 };
	const uint64_t example_4k_qd32[] = { 128, 64, 96, 64, 64, 62395 };
	const uint64_t example_8m_qd32[] = { 166, 147, 163, 125, 145, 130 };

	*check_rng_state() = 13;

	/* Flat: steady, with its figures. */
	for (i = 0; i < 10; i++)
		v[i] = 5000;
	CHECK(judge(&r, v, 10) == STABILITY_STEADY, "flat: %s", r.stability.reason);
	CHECK(r.stability.nseconds == 10 && r.stability.nstalls == 0, "flat: %u s, %u stalls",
	    r.stability.nseconds, r.stability.nstalls);
	CHECK(fabs(r.stability.cv_pct) < 1e-9 && fabs(r.stability.trend_pct) < 1e-9 &&
	    fabs(r.stability.worst_pct - 100) < 1e-9 && fabs(r.stability.level_iops - 5000) < 1e-9,
	    "flat: cv %g trend %g worst %g level %g", r.stability.cv_pct, r.stability.trend_pct,
	    r.stability.worst_pct, r.stability.level_iops);
	CHECK(fabs(r.stability.max_over_p999 - 3) < 1e-9, "flat: max/p99.9 %g",
	    r.stability.max_over_p999);
	HAS(r, "steady: CV 0.0%");

	/* ±5% noise: steady, one series and every one of 500. */
	noisy_series(v, 20, 5000, 0.05);
	CHECK(judge(&r, v, 20) == STABILITY_STEADY, "±5%%: %s", r.stability.reason);
	CHECK((hits = rate(500, 6, 0.05, STABILITY_STEADY)) >= 498, "±5%%, 6 s: %u of 500 steady",
	    hits);
	CHECK((hits = rate(500, 20, 0.05, STABILITY_STEADY)) == 500, "±5%%, 20 s: %u of 500 steady",
	    hits);
	/*
	 * ±10% (SNIA's data excursion band, CV 5.8%): steady, but for the odd
	 * window whose seconds happen to make a significant trend above 10%.
	 */
	CHECK((hits = rate(500, 20, 0.10, STABILITY_STEADY)) >= 480, "±10%%, 20 s: %u of 500 steady",
	    hits);

	/*
	 * ±20% noise: noisy.  Uniform noise up to ±20% has a CV of 11.5%, so a
	 * window's CV falls under 10% now and then: 20-second cells are noisy
	 * more than 8 times in 10; seconds that all swing by the full ±20% always.
	 */
	noisy_series(v, 30, 5000, 0.20);
	CHECK(judge(&r, v, 30) == STABILITY_NOISY, "±20%%: %s", r.stability.reason);
	HAS(r, "noisy: per-second IOPS vary");
	CHECK((hits = rate(500, 20, 0.20, STABILITY_NOISY)) >= 400, "±20%%, 20 s: %u of 500 noisy",
	    hits);
	CHECK(rate(500, 20, 0.20, STABILITY_STALLED) == 0, "±20%% called stalled");
	for (i = 0; i < 20; i++)
		v[i] = (uint64_t)(5000 * (check_rng_unit() < 0.5 ? 0.8 : 1.2));
	CHECK(judge(&r, v, 20) == STABILITY_NOISY, "±20%% swing: %s", r.stability.reason);

	/* One stalled second in the middle: stalled, against the median. */
	noisy_series(v, 10, 5000, 0.03);
	v[5] = 100;
	CHECK(judge(&r, v, 10) == STABILITY_STALLED, "one stall: %s", r.stability.reason);
	CHECK(r.stability.nstalls == 1, "one stall: %u stalls", r.stability.nstalls);
	CHECK(r.stability.worst_pct < 3, "one stall: worst %.1f%%", r.stability.worst_pct);
	HAS(r, "stalled: 1 of 10 s below 10% of the median");
	/* A dip to 40% is not a stall (the CV makes it noisy). */
	v[5] = 2000;
	CHECK(judge(&r, v, 10) == STABILITY_NOISY, "dip to 40%%: %s", r.stability.reason);
	CHECK(r.stability.nstalls == 0, "dip to 40%%: %u stalls", r.stability.nstalls);

	/* A cliff to 30%: noisy; to 0.5%: stalled, half the seconds. */
	for (i = 0; i < 10; i++)
		v[i] = i < 5 ? 5000 : 1500;
	CHECK(judge(&r, v, 10) == STABILITY_NOISY, "cliff to 30%%: %s", r.stability.reason);
	HAS(r, "falling");
	for (i = 5; i < 10; i++)
		v[i] = 25;
	CHECK(judge(&r, v, 10) == STABILITY_STALLED, "cliff to 0.5%%: %s", r.stability.reason);
	CHECK(r.stability.nstalls == 5, "cliff to 0.5%%: %u stalls", r.stability.nstalls);

	/* reports/example's read 4K QD1: the first second's rate, then next to nothing. */
	CHECK(judge(&r, example_4k_qd1, 6) == STABILITY_STALLED, "example 4K QD1: %s",
	    r.stability.reason);
	CHECK_STR(r.stability.reason, "stalled: 5 of 6 s below 10% of the first second (12,188 IOPS)");
	CHECK(r.stability.nstalls == 5 && r.stability.level_iops == 12188, "example 4K QD1: %u, %g",
	    r.stability.nstalls, r.stability.level_iops);
	/* ... its QD32 neighbour: the best second is the last. */
	cell(&r, example_4k_qd32, 6);
	r.inflight_max = 32;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STALLED && r.stability.nstalls == 5,
	    "example 4K QD32: %s", r.stability.reason);
	HAS(r, "of the best, second 6 (62,395 IOPS)");

	/* A slow drift of +15% (±2% noise): the CV stays low, the trend makes it noisy. */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(5000 * (1 + 0.15 * i / 9) * (1 + noise(0.02)));
	CHECK(judge(&r, v, 10) == STABILITY_NOISY, "drift +15%%: %s", r.stability.reason);
	CHECK(r.stability.cv_pct < 10 && r.stability.trend_pct > 10, "drift +15%%: cv %.1f trend %.1f",
	    r.stability.cv_pct, r.stability.trend_pct);
	HAS(r, "rising by");
	/* ... falling, the same */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(5000 * (1 - 0.15 * i / 9) * (1 + noise(0.02)));
	CHECK(judge(&r, v, 10) == STABILITY_NOISY && r.stability.trend_pct < -10,
	    "drift -15%%: %s", r.stability.reason);
	/* ... of 5%: steady */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(5000 * (1 + 0.05 * i / 9) * (1 + noise(0.02)));
	CHECK(judge(&r, v, 10) == STABILITY_STEADY, "drift +5%%: %s", r.stability.reason);
	/* A trend of 14% that the noise explains (6 s of ±10%): not a trend. */
	{
		const uint64_t w[] = { 4500, 5400, 4800, 5300, 5200, 5500 };

		CHECK(judge(&r, w, 6) == STABILITY_STEADY && r.stability.trend_pct > 10,
		    "trend within noise: %.1f%%: %s", r.stability.trend_pct, r.stability.reason);
	}

	/* Latency: a 300 ms pause (300x p99.9) is noisy, one of 2 s is a stall. */
	for (i = 0; i < 10; i++)
		v[i] = 5000;
	cell(&r, v, 10);
	r.lat_max_ns = 300000000;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_NOISY, "300 ms pause: %s", r.stability.reason);
	CHECK(fabs(r.stability.max_over_p999 - 300) < 1e-9, "300 ms pause: %g",
	    r.stability.max_over_p999);
	HAS(r, "an I/O waited 300 ms, 300x p99.9 (1 ms)");
	r.lat_max_ns = 2 * NSEC_PER_SEC;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STALLED, "2 s pause: %s", r.stability.reason);
	HAS(r, "stalled: an I/O waited 2.0 s");
	/* ... 50 ms at 50x: a hiccup under 100 ms; 300 ms at 1.2x p99.9: queueing, not a pause */
	r.lat_max_ns = 50000000;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STEADY, "50 ms max: %s", r.stability.reason);
	r.lat_pct_ns[3] = 250000000;
	r.lat_max_ns = 300000000;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STEADY, "queueing 300 ms: %s", r.stability.reason);

	/*
	 * Counting: reports/example's randread 8M QD32, 146 IOPS in waves of
	 * 32, varies 10.4% from one second to the next by where the waves
	 * fall; at depth 1 the same counts would be noise.
	 */
	cell(&r, example_8m_qd32, 6);
	r.inflight_max = 32;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STEADY && r.stability.cv_pct > 10,
	    "8M QD32: cv %.1f: %s", r.stability.cv_pct, r.stability.reason);
	CHECK(judge(&r, example_8m_qd32, 6) == STABILITY_NOISY, "8M at depth 1: %s",
	    r.stability.reason);
	/* ... and a second of 0 at 30 IOPS with 32 in flight is counting, with 4 a stall */
	{
		const uint64_t w[] = { 30, 32, 0, 31, 29, 60, 28, 30 };

		cell(&r, w, 8);
		r.inflight_max = 32;
		analysis_stability_judge(&r);
		CHECK(r.stability.nstalls == 0, "30 IOPS at 32 in flight: %s", r.stability.reason);
		r.inflight_max = 4;
		analysis_stability_judge(&r);
		CHECK(r.stability.verdict == STABILITY_STALLED && r.stability.nstalls == 1,
		    "30 IOPS at 4 in flight: %s", r.stability.reason);
	}

	/* Only whole seconds: a last, partial second is no stall. */
	for (i = 0; i < 7; i++)
		v[i] = i < 6 ? 5000 : 300;
	cell(&r, v, 7);
	r.runtime_ns = 6 * NSEC_PER_SEC + NSEC_PER_SEC / 20;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_STEADY && r.stability.nseconds == 6,
	    "partial last second: %u s: %s", r.stability.nseconds, r.stability.reason);

	/* Unknown: no series (imports), one second, skipped, nothing completed. */
	cell(&r, v, 0);
	free(r.series_ios);
	r.series_ios = NULL;
	r.runtime_ns = 10 * NSEC_PER_SEC;
	r.iops = 5000;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_UNKNOWN, "no series: %d", r.stability.verdict);
	CHECK_STR(r.stability.reason, "no per-second series");
	CHECK(!results_stability_suspect(&r.stability), "unknown is suspect");
	CHECK(judge(&r, v, 1) == STABILITY_UNKNOWN, "one second: %s", r.stability.reason);
	HAS(r, "1 whole second measured");
	cell(&r, v, 6);
	r.status = CELL_SKIPPED;
	analysis_stability_judge(&r);
	CHECK(r.stability.verdict == STABILITY_UNKNOWN, "skipped: %s", r.stability.reason);
	for (i = 0; i < 6; i++)
		v[i] = 0;
	CHECK(judge(&r, v, 6) == STABILITY_UNKNOWN, "no I/O: %s", r.stability.reason);

	CHECK_STR(results_stability_name(STABILITY_STALLED), "stalled");
	CHECK_STR(results_stability_name(STABILITY_NOISY), "noisy");
	CHECK_STR(results_stability_name(STABILITY_STEADY), "steady");
	CHECK_STR(results_stability_name(STABILITY_UNKNOWN), "unknown");
	free(r.series_ios);
	return check_done("unit-stability");
}
