/*
 * Burst detection (issue 5): a volume that bursts on credits (AWS gp2, st1,
 * sc1, Azure P20 and smaller) runs at its burst rate until the credits are
 * spent, then drops to its baseline within a second or two and stays there.
 * In a cell's per-second series that is a cliff: a steady start, then a
 * sustained drop.  report_burst_detect() is a pure function of the series,
 * so it is tested on synthetic ones (tests/unit-burst.c).
 *
 * The thresholds, and why:
 *   BURST_START_S (5 s)   the steady start: the first 5 seconds, whose median
 *                         is the burst level; at least 4 of them within
 *                         BURST_START_BAND (25%) of it, or the start is not
 *                         steady and nothing is claimed.
 *   BURST_DROP (30%)      a second counts as dropped when it is more than 30%
 *                         under the burst level: far outside run-to-run noise
 *                         (a few percent), far inside a real burst cliff
 *                         (gp2 100 GiB: 3,000 to 300 IOPS, -90%).
 *   BURST_HOLD_S (10 s)   the drop must hold: at least 9 of the 10 seconds
 *                         from the first dropped one are dropped, so a short
 *                         dip (a hiccup, a neighbour) is not a burst; and it
 *                         must last to the end of the series (at least 80% of
 *                         the seconds after it dropped, and the median of the
 *                         last 5 s), because credits do not come back under load.
 *   BURST_EDGE (15%)      a cliff, not a slope: the median of the 3 seconds
 *                         before the drop is within 15% of the median of all
 *                         the seconds before it (the burst level it ran at).
 *                         A series that slid down to the threshold is reported
 *                         as a gradual decline (a cache filling, garbage
 *                         collection), not as burst credits.
 * A series shorter than BURST_START_S + BURST_HOLD_S + 1 (16 s) cannot show
 * this: steady state (--steady, default 2%) ends most cells after a few
 * seconds, so characterizing a burst volume needs --steady 0 --runtime 120.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define BURST_START_S		5
#define BURST_START_BAND	0.25
#define BURST_DROP		0.30
#define BURST_HOLD_S		10
#define BURST_HOLD_MISS		1	/* seconds of the hold that may be above the line */
#define BURST_TAIL_SHARE	0.80
#define BURST_TAIL_S		5
#define BURST_EDGE_S		3
#define BURST_EDGE		0.15

/* The sentence of a finding. */
static void
burst_text(struct burst *b, unsigned n)
{
	char x[32], y[32];

	switch (b->kind) {
	case BURST_TOO_SHORT:
		snprintf(b->text, sizeof b->text, "series of %u s: too short to see a burst (needs %d s; "
		    "run with --steady 0 --runtime 120)", n, BURST_MIN_SERIES_S);
		break;
	case BURST_UNSTEADY_START:
		snprintf(b->text, sizeof b->text, "no steady start to measure a drop from");
		break;
	case BURST_NONE:
		snprintf(b->text, sizeof b->text, "no sustained drop over %u s", n);
		break;
	case BURST_CLIFF:
		snprintf(b->text, sizeof b->text, "likely burst credits exhausted after %u s at ~%s IOPS; "
		    "then ~%s IOPS (-%.0f%%)", b->at_s, report_approx(b->before_iops, x, sizeof x),
		    report_approx(b->after_iops, y, sizeof y), b->drop * 100);
		break;
	case BURST_DECLINE:
		snprintf(b->text, sizeof b->text, "IOPS declined gradually from ~%s to ~%s (-%.0f%%, "
		    "below -%.0f%% after %u s): not a burst cliff (a cache filling, or garbage "
		    "collection?)", report_approx(b->before_iops, x, sizeof x),
		    report_approx(b->after_iops, y, sizeof y), b->drop * 100, BURST_DROP * 100, b->at_s);
		break;
	}
}

/*
 * Look for a burst running out in n per-second I/O counts (a cell's
 * series_ios); the thresholds are above.  Fills b, its text included.
 */
void
report_burst_detect(const uint64_t *ios, unsigned n, struct burst *b)
{
	double level, line, edge, tail, before;
	unsigned i, t, k, near = 0, below, from;

	memset(b, 0, sizeof *b);
	b->kind = BURST_TOO_SHORT;
	if (ios == NULL || n < BURST_MIN_SERIES_S) {
		burst_text(b, n);
		return;
	}
	level = u64_median(ios, BURST_START_S);
	for (i = 0; i < BURST_START_S; i++)
		if (fabs((double)ios[i] - level) <= BURST_START_BAND * level)
			near++;
	b->before_iops = level;
	if (!(level > 0) || near < BURST_START_S - 1) {
		b->kind = BURST_UNSTEADY_START;
		burst_text(b, n);
		return;
	}
	line = (1 - BURST_DROP) * level;
	b->kind = BURST_NONE;
	for (t = BURST_START_S; t + BURST_HOLD_S <= n; t++) {
		if ((double)ios[t] >= line)
			continue;
		for (below = 0, k = t; k < t + BURST_HOLD_S; k++)
			below += (double)ios[k] < line;
		if (below + BURST_HOLD_MISS < BURST_HOLD_S)
			continue;
		for (below = 0, k = t; k < n; k++)
			below += (double)ios[k] < line;
		tail = u64_median(ios + n - BURST_TAIL_S, BURST_TAIL_S);
		if (below < BURST_TAIL_SHARE * (n - t) || tail >= line)
			continue;	/* it came back: a dip, not credits running out */
		/* The level it fell from: all of the seconds before the drop. */
		before = u64_median(ios, t);
		from = t >= BURST_START_S + BURST_EDGE_S ? t - BURST_EDGE_S : BURST_START_S;
		edge = t > from ? u64_median(ios + from, t - from) : before;
		b->at_s = t;
		b->after_iops = u64_median(ios + t, n - t);
		b->kind = edge >= (1 - BURST_EDGE) * before ? BURST_CLIFF : BURST_DECLINE;
		if (b->kind == BURST_CLIFF)
			b->before_iops = before;
		b->drop = 1 - b->after_iops / b->before_iops;
		break;
	}
	burst_text(b, n);
}
