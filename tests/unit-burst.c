/*
 * Burst detection (analysis-burst.c) on synthetic per-second series: flat,
 * noisy flat, a cliff (clean and with a transition), a gradual decline, a
 * short dip that recovers, a longer dip that recovers, a drop too near the
 * end to hold, an unsteady start, and series too short to tell.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/report.h"

/* The sentence of b, as the report writes it. */
static const char *
burst_sentence(const struct burst *b)
{
	static char text[REPORT_BURST_TEXT];

	return view_burst_text(b, text, sizeof text);
}

/* v with uniform noise of +-noise (a share). */
static uint64_t
noisy(double v, double noise)
{
	return (uint64_t)llround(v * (1 + noise * (2 * check_rng_unit() - 1)));
}

/* s[from..to) at level v with noise. */
static void
fill(uint64_t *s, unsigned from, unsigned to, double v, double noise)
{
	unsigned i;

	for (i = from; i < to; i++)
		s[i] = noisy(v, noise);
}

static void
flat_and_noisy(void)
{
	uint64_t s[120];
	struct burst b;
	unsigned t;

	fill(s, 0, 60, 3000, 0);
	analysis_burst_detect(s, 60, &b);
	CHECK(b.kind == BURST_NONE, "flat: kind %d (%s)", b.kind, burst_sentence(&b));
	for (t = 0; t < 200; t++) {
		fill(s, 0, 120, 3000, 0.10);
		analysis_burst_detect(s, 120, &b);
		CHECK(b.kind == BURST_NONE, "noisy flat (+-10%%), trial %u: kind %d (%s)", t, b.kind,
		    burst_sentence(&b));
	}
	/* Noise of +-25% (a busy neighbour) is still no burst: no 10 s below 70%. */
	fill(s, 0, 120, 3000, 0.25);
	analysis_burst_detect(s, 120, &b);
	CHECK(b.kind == BURST_NONE, "noisy flat (+-25%%): kind %d (%s)", b.kind, burst_sentence(&b));
}

static void
cliffs(void)
{
	uint64_t s[120];
	struct burst b;
	unsigned t;

	/* gp2 100 GiB: 3,000 IOPS on credits for 30 s, then its 300 baseline. */
	fill(s, 0, 30, 3000, 0.05);
	fill(s, 30, 70, 300, 0.05);
	analysis_burst_detect(s, 70, &b);
	CHECK(b.kind == BURST_CLIFF, "cliff: kind %d (%s)", b.kind, burst_sentence(&b));
	CHECK(b.at_s == 30, "cliff at 30 s, found %u", b.at_s);
	CHECK(fabs(b.before_iops - 3000) < 150 && fabs(b.after_iops - 300) < 15,
	    "levels %.0f -> %.0f", b.before_iops, b.after_iops);
	CHECK(b.drop > 0.85 && b.drop < 0.95, "drop %.2f", b.drop);
	CHECK(strstr(burst_sentence(&b), "likely burst credits exhausted after 30 s at ~3,") != NULL &&
	    strstr(burst_sentence(&b), "IOPS") != NULL, "text: %s", burst_sentence(&b));

	/* Throttling that takes two seconds to bite: the drop is where it crosses 70%. */
	fill(s, 0, 40, 3000, 0.03);
	s[40] = 2400;
	s[41] = 1200;
	fill(s, 42, 90, 500, 0.03);
	analysis_burst_detect(s, 90, &b);
	CHECK(b.kind == BURST_CLIFF && b.at_s == 41, "cliff with a transition: kind %d at %u (%s)",
	    b.kind, b.at_s, burst_sentence(&b));

	/* A drop of 35% (just over the line), held to the end: still a cliff. */
	fill(s, 0, 20, 1000, 0.02);
	fill(s, 20, 40, 650, 0.02);
	analysis_burst_detect(s, 40, &b);
	CHECK(b.kind == BURST_CLIFF && b.at_s == 20, "35%% drop: kind %d at %u (%s)", b.kind, b.at_s,
	    burst_sentence(&b));

	/* A drop of 20% is within what a volume may do: not a burst. */
	fill(s, 0, 20, 1000, 0.02);
	fill(s, 20, 60, 800, 0.02);
	analysis_burst_detect(s, 60, &b);
	CHECK(b.kind == BURST_NONE, "20%% drop: kind %d (%s)", b.kind, burst_sentence(&b));

	/* Cliffs at random places over noisy series: found at the right second. */
	for (t = 0; t < 200; t++) {
		unsigned at = 5 + (unsigned)(check_rng_unit() * 80), n = at + 10 + (unsigned)(check_rng_unit() * 20);

		fill(s, 0, at, 5000, 0.10);
		fill(s, at, n, 5000 * (0.1 + 0.5 * check_rng_unit()), 0.10);
		analysis_burst_detect(s, n, &b);
		CHECK(b.kind == BURST_CLIFF && b.at_s == at, "random cliff %u at %u of %u: kind %d at %u "
		    "(%s)", t, at, n, b.kind, b.at_s, burst_sentence(&b));
	}
}

static void
declines_and_dips(void)
{
	uint64_t s[120];
	struct burst b;
	unsigned i;

	/* A slope from 3,000 to 1,000 over 80 s (a cache filling): a decline, not a cliff. */
	fill(s, 0, 10, 3000, 0.02);
	for (i = 10; i < 90; i++)
		s[i] = noisy(3000 - 2000.0 * (i - 10) / 80, 0.02);
	analysis_burst_detect(s, 90, &b);
	CHECK(b.kind == BURST_DECLINE, "gradual decline: kind %d (%s)", b.kind, burst_sentence(&b));
	CHECK(strstr(burst_sentence(&b), "gradually") != NULL, "decline text: %s", burst_sentence(&b));

	/* A 5 s dip that recovers. */
	fill(s, 0, 30, 3000, 0.05);
	fill(s, 30, 35, 300, 0.05);
	fill(s, 35, 70, 3000, 0.05);
	analysis_burst_detect(s, 70, &b);
	CHECK(b.kind == BURST_NONE, "short dip: kind %d (%s)", b.kind, burst_sentence(&b));

	/* A 15 s dip that recovers: longer than the hold, but it came back. */
	fill(s, 0, 20, 3000, 0.05);
	fill(s, 20, 35, 300, 0.05);
	fill(s, 35, 80, 3000, 0.05);
	analysis_burst_detect(s, 80, &b);
	CHECK(b.kind == BURST_NONE, "dip that recovers: kind %d (%s)", b.kind, burst_sentence(&b));

	/* One second back at the burst level inside the hold does not undo a cliff. */
	fill(s, 0, 20, 3000, 0.02);
	fill(s, 20, 60, 300, 0.02);
	s[25] = 3000;
	analysis_burst_detect(s, 60, &b);
	CHECK(b.kind == BURST_CLIFF && b.at_s == 20, "cliff with one high second: kind %d at %u",
	    b.kind, b.at_s);

	/* A drop 9 s before the end cannot show it holds. */
	fill(s, 0, 40, 3000, 0.02);
	fill(s, 40, 49, 300, 0.02);
	analysis_burst_detect(s, 49, &b);
	CHECK(b.kind == BURST_NONE, "drop too late to hold: kind %d (%s)", b.kind, burst_sentence(&b));
	analysis_burst_detect(s, 49, &b);
	fill(s, 49, 50, 300, 0.02);
	analysis_burst_detect(s, 50, &b);
	CHECK(b.kind == BURST_CLIFF && b.at_s == 40, "drop held 10 s to the end: kind %d at %u",
	    b.kind, b.at_s);
}

static void
short_and_odd(void)
{
	uint64_t s[64];
	struct burst b;

	fill(s, 0, 64, 3000, 0);
	analysis_burst_detect(s, BURST_MIN_SERIES_S - 1, &b);
	CHECK(b.kind == BURST_TOO_SHORT && strstr(burst_sentence(&b), "--steady 0") != NULL,
	    "15 s: kind %d (%s)", b.kind, burst_sentence(&b));
	analysis_burst_detect(s, 6, &b);
	CHECK(b.kind == BURST_TOO_SHORT, "6 s (a steady-state cell): kind %d", b.kind);
	analysis_burst_detect(NULL, 0, &b);
	CHECK(b.kind == BURST_TOO_SHORT, "no series: kind %d", b.kind);
	analysis_burst_detect(s, BURST_MIN_SERIES_S, &b);
	CHECK(b.kind == BURST_NONE, "16 s flat: kind %d (%s)", b.kind, burst_sentence(&b));

	memset(s, 0, sizeof s);
	analysis_burst_detect(s, 40, &b);
	CHECK(b.kind == BURST_UNSTEADY_START, "all zero: kind %d", b.kind);

	s[0] = 100;
	s[1] = 5000;
	s[2] = 800;
	s[3] = 3000;
	s[4] = 40;
	fill(s, 5, 40, 300, 0);
	analysis_burst_detect(s, 40, &b);
	CHECK(b.kind == BURST_UNSTEADY_START, "unsteady start: kind %d (%s)", b.kind, burst_sentence(&b));

	/* Counts near 2^64 (a hostile results.json) neither overflow nor trip the detector up. */
	fill(s, 0, 40, 9e18, 0);
	fill(s, 20, 40, 1e18, 0);
	analysis_burst_detect(s, 40, &b);
	CHECK(b.kind == BURST_CLIFF && b.at_s == 20, "huge counts: kind %d at %u", b.kind, b.at_s);
}

int
main(void)
{
	flat_and_noisy();
	cliffs();
	declines_and_dips();
	short_and_odd();
	return check_done("unit-burst");
}
