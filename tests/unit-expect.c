/*
 * The verdict against the spec (analysis-expect.c): a figure's level
 * against its cap's band (90% to 110%), its burst and a published range;
 * a figure the other cap holds; and whole modes of synthetic volumes
 * (a throttle at 400 IOPS / 40 MiB/s and at 3,000 / 125 against gp3's
 * 3,000 / 125, and 400 IOPS against magnetic's 40 to 200).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "analysis/analysis.h"
#include "caps-volume.h"
#include "check.h"
#include "base/sweep.h"

/* A level from lo to hi (plateau when they differ), at block sizes bs_lo..bs_hi. */
static struct expect_level
level(double lo, double hi, uint64_t bs_lo, uint64_t bs_hi)
{
	return (struct expect_level){ .level = (lo + hi) / 2, .lo = lo, .hi = hi, .bs_lo = bs_lo,
	    .bs_hi = bs_hi, .plateau = hi > lo, .from = hi > lo ? EXPECT_FROM_PLATEAU :
	    EXPECT_FROM_PEAK };
}

/* verdict of a level against cap (burst, floor, reach). */
static enum expect_verdict
verdict(struct expect_level m, double cap, double burst, double floor, double reach)
{
	struct expect_figure f;

	analysis_expect_figure(&m, cap, burst, floor, reach, &f);
	return f.verdict;
}

/*
 * A level at 90-110% of the cap delivers, whatever its range: a plateau at
 * 81% whose top cell reaches 92% is below (it said "delivers").
 */
static void
expect_band(void)
{
	struct expect_figure f;
	struct expect_level m = level(2990, 3010, 4096, 16384);

	analysis_expect_figure(&m, 3000, 0, 0, 0, &f);
	CHECK(f.verdict == EXPECT_DELIVERS && fabs(f.pct - 100) < 1e-9, "3000 of 3000: %d %.3f",
	    f.verdict, f.pct);
	CHECK(verdict(level(2700, 2700, 4096, 4096), 3000, 0, 0, 0) == EXPECT_DELIVERS,
	    "90%% delivers");
	CHECK(verdict(level(2699, 2699, 4096, 4096), 3000, 0, 0, 0) == EXPECT_BELOW,
	    "under 90%% is below");
	m = level(2100, 2760, 4096, 4096);
	m.level = 2430;
	CHECK(verdict(m, 3000, 0, 0, 0) == EXPECT_BELOW, "a level at 81%% whose range reaches "
	    "92%% is below");
	m = level(400, 400, 4096, 65536);
	analysis_expect_figure(&m, 3000, 0, 0, 0, &f);
	CHECK(f.verdict == EXPECT_BELOW && fabs(f.pct - 400.0 / 30) < 1e-9, "400 of 3000: %d %.3f",
	    f.verdict, f.pct);
	CHECK(verdict(level(3300, 3300, 4096, 4096), 3000, 0, 0, 0) == EXPECT_DELIVERS,
	    "110%% is the cap's slack");
	CHECK(verdict(level(3301, 3301, 4096, 4096), 3000, 0, 0, 0) == EXPECT_ABOVE_CAP,
	    "above 110%%: above the cap");
	CHECK(verdict(level(2900, 2900, 4096, 4096), 100, 3000, 0, 0) == EXPECT_IN_BURST,
	    "above the baseline, within the burst");
	CHECK(verdict(level(3400, 3400, 4096, 4096), 100, 3000, 0, 0) == EXPECT_ABOVE_CAP,
	    "above the burst too");
	CHECK(verdict(level(50, 50, 4096, 4096), 0, 0, 0, 0) == EXPECT_NO_SPEC, "no cap");
	m = level(1200, 1200, 4096, 16384);
	m.from = EXPECT_FROM_UNSAT;
	CHECK(verdict(m, 3000, 0, 0, 0) == EXPECT_NOT_SATURATED, "below, still rising with depth");
}

/* Published ranges (magnetic 40-200 IOPS) are ranges, not caps. */
static void
expect_ranges(void)
{
	CHECK(verdict(level(120, 120, 4096, 4096), 200, 0, 40, 0) == EXPECT_IN_RANGE,
	    "120 in 40-200");
	CHECK(verdict(level(45, 45, 4096, 4096), 200, 0, 40, 0) == EXPECT_IN_RANGE,
	    "45 in 40-200: not below a cap of 200");
	CHECK(verdict(level(400, 400, 4096, 4096), 200, 0, 40, 0) == EXPECT_ABOVE_RANGE,
	    "400 above 40-200");
	CHECK(verdict(level(36, 36, 4096, 4096), 200, 0, 40, 0) == EXPECT_IN_RANGE,
	    "36 reaches 40-200 with the slack");
	CHECK(verdict(level(30, 30, 4096, 4096), 200, 0, 40, 0) == EXPECT_BELOW, "30 under 40-200");
	CHECK(verdict(level(30, 30, 4096, 4096), 0, 0, 40, 0) == EXPECT_BELOW, "30 under 40-");
}

/* Bandwidth at small blocks is held by the IOPS cap, not below its own. */
static void
expect_reach(void)
{
	CHECK(verdict(level(47 * MIB, 47 * MIB, 16384, 16384), 125 * MIB, 0, 0, 3000 * 16384.0) ==
	    EXPECT_NOT_REACHED, "47 MiB/s at 16 KiB under 3000 IOPS");
	CHECK(verdict(level(47 * MIB, 47 * MIB, 16384, 16384), 125 * MIB, 0, 0, 0) == EXPECT_BELOW,
	    "47 MiB/s with no IOPS cap");
}

/* A throttled volume: IOPS = min(iops, bw / bs) at 4 KiB .. 1 MiB, QD32. */
static unsigned
volume(struct cell_result *c, double iops, double bw)
{
	unsigned n = 0;
	uint64_t b;

	for (b = 4096; b <= MIB; b *= 4, n++)
		caps_volume_cell(&c[n], MODE_RANDREAD, b, 32, fmin(iops, bw / (double)b));
	return n;
}

/* A mode of a volume against e. */
static void
mode(double iops, double bw, const struct expect *e, struct expect_mode *x)
{
	struct cell_result c[8];
	struct knee k;
	unsigned n = volume(c, iops, bw);

	analysis_caps_knee(c, n, MODE_RANDREAD, SUMMARY_NO_SHARE, &k);
	analysis_expect_mode(c, n, MODE_RANDREAD, SUMMARY_NO_SHARE, &k, e, x);
}

static void
expect_modes(void)
{
	struct expect gp3 = { .set = true, .iops = 3000, .bw_bytes_s = 125 * MIB };
	struct expect magnetic = { .set = true, .iops = 200, .bw_bytes_s = 90 * MIB,
	    .iops_floor = 40, .bw_floor_bytes_s = 40 * MIB };
	struct expect_mode x[3];

	mode(400, 40 * MIB, &gp3, &x[0]);
	CHECK(x[0].verdict == EXPECT_BELOW && x[0].iops.verdict == EXPECT_BELOW &&
	    x[0].bw.verdict == EXPECT_BELOW, "400/40 against gp3: %d %d %d", x[0].verdict,
	    x[0].iops.verdict, x[0].bw.verdict);
	CHECK(x[0].iops.m.plateau && x[0].iops.m.bs_lo == 4096 && x[0].iops.m.bs_hi == 65536,
	    "400/40: IOPS plateau at 4-64 KiB: %d %llu-%llu", x[0].iops.m.plateau,
	    (unsigned long long)x[0].iops.m.bs_lo, (unsigned long long)x[0].iops.m.bs_hi);
	CHECK(fabs(x[0].iops.pct - 400.0 / 30) < 0.5 && fabs(x[0].bw.pct - 32) < 0.5,
	    "400/40: %.1f%% and %.1f%%", x[0].iops.pct, x[0].bw.pct);
	mode(3000, 125 * MIB, &gp3, &x[1]);
	CHECK(x[1].verdict == EXPECT_DELIVERS && x[1].iops.verdict == EXPECT_DELIVERS &&
	    x[1].bw.verdict == EXPECT_DELIVERS, "3000/125 against gp3: %d %d %d", x[1].verdict,
	    x[1].iops.verdict, x[1].bw.verdict);
	CHECK(analysis_expect_volume(x, 2) == EXPECT_BELOW, "below dominates the volume");
	mode(400, 40 * MIB, &magnetic, &x[2]);
	CHECK(x[2].iops.verdict == EXPECT_ABOVE_RANGE && x[2].bw.verdict == EXPECT_IN_RANGE &&
	    x[2].verdict == EXPECT_IN_RANGE, "400/40 against magnetic: %d %d %d", x[2].verdict,
	    x[2].iops.verdict, x[2].bw.verdict);
	mode(120, 40 * MIB, &magnetic, &x[2]);
	CHECK(x[2].verdict == EXPECT_IN_RANGE, "120/40 against magnetic: %d", x[2].verdict);
}

/*
 * Issue 31's Azure table (randread QD32, 512 B - 8 MiB) against its 500 IOPS
 * and 60 MB/s: two IOPS levels, judged at the lower (~250 at 2-64 KiB:
 * below spec), the bandwidth plateau at ~60 MB/s delivering; a level above
 * its cap without evidence names no cache.
 */
static void
expect_two_levels(void)
{
	static const double iops[] = { 562.5, 579.3, 288.9, 229.6, 261.9, 175.8, 221.9, 259.7,
		142.9, 106.1, 84.1, 49.6, 28.5, 14.8, 5.7 };
	struct expect e = { .set = true, .iops = 500, .bw_bytes_s = 60e6 };
	struct cell_result c[15];
	struct expect_mode x;
	struct knee k;
	unsigned i;

	for (i = 0; i < 15; i++)
		caps_volume_cell(&c[i], MODE_RANDREAD, 512ULL << i, 32, iops[i]);
	analysis_caps_knee(c, 15, MODE_RANDREAD, SUMMARY_NO_SHARE, &k);
	analysis_expect_mode(c, 15, MODE_RANDREAD, SUMMARY_NO_SHARE, &k, &e, &x);
	CHECK(x.iops.verdict == EXPECT_BELOW && x.iops.m.from == EXPECT_FROM_LEVEL &&
	    x.iops.m.level > 225 && x.iops.m.level < 260 && x.iops.m.bs_lo == 2048 &&
	    x.iops.m.other > 550, "Azure IOPS: %d at %.0f (%llu), other %.0f", x.iops.verdict,
	    x.iops.m.level, (unsigned long long)x.iops.m.bs_lo, x.iops.m.other);
	CHECK(x.bw.verdict == EXPECT_DELIVERS && x.bw.m.plateau && fabs(x.bw.pct - 100) < 5,
	    "Azure bandwidth: %d %.1f%%", x.bw.verdict, x.bw.pct);
	CHECK(x.verdict == EXPECT_BELOW, "Azure: below spec, not above the cap: %d", x.verdict);
	e.iops = 250;
	analysis_expect_mode(c, 15, MODE_RANDREAD, SUMMARY_NO_SHARE, &k, &e, &x);
	CHECK(x.iops.verdict == EXPECT_DELIVERS, "the lower level against 250: %d", x.iops.verdict);
	e.iops = 100;
	analysis_expect_mode(c, 15, MODE_RANDREAD, SUMMARY_NO_SHARE, &k, &e, &x);
	CHECK(x.iops.verdict == EXPECT_ABOVE_CAP && x.iops.m.cache == NULL,
	    "above 100 with no evidence of a cache: %d %s", x.iops.verdict,
	    x.iops.m.cache ? x.iops.m.cache : "(none)");
	for (i = 0; i < 15; i++) {
		c[i].check.measured = c[i].bw_bytes_s;
		c[i].check.device = 0.1 * c[i].bw_bytes_s;
	}
	analysis_expect_mode(c, 15, MODE_RANDREAD, SUMMARY_NO_SHARE, &k, &e, &x);
	CHECK(x.iops.verdict == EXPECT_ABOVE_CAP && x.iops.m.cache != NULL,
	    "above, the device read a tenth: a cache");
}

int
main(void)
{
	expect_two_levels();
	expect_band();
	expect_ranges();
	expect_reach();
	expect_modes();
	return check_done("unit-expect");
}
