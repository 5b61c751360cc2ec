/*
 * Burst detection: a volume that bursts on credits (AWS gp2, st1,
 * sc1, Azure P20 and smaller) runs at its burst rate until the credits are
 * spent, then drops to its baseline within a second or two and stays there.
 * In a cell's per-second series that is a cliff: a steady start, then a
 * sustained drop.  analysis_burst_detect() is a pure function of the series,
 * so it is tested on synthetic ones (tests/unit-burst.c); view-burst-text.c
 * writes its sentence.
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

#include "analysis/analysis.h"
#include "base/util.h"

#define BURST_START_S		5
#define BURST_START_BAND	0.25
#define BURST_HOLD_S		10
#define BURST_HOLD_MISS		1	/* seconds of the hold that may be above the line */
#define BURST_TAIL_SHARE	0.80
#define BURST_TAIL_S		5
#define BURST_EDGE_S		3
#define BURST_EDGE		0.15

/*
 * Look for a burst running out in n per-second I/O counts (a cell's
 * series_ios); the thresholds are above.  Fills b.
 */
void
analysis_burst_detect(const uint64_t *ios, unsigned n, struct burst *b)
{
	double level, line, edge, tail, before;
	unsigned i, t, k, near = 0, below, from;

	memset(b, 0, sizeof *b);
	b->kind = BURST_TOO_SHORT;
	b->nseries_s = n;
	if (ios == NULL || n < BURST_MIN_SERIES_S)
		return;
	level = u64_median(ios, BURST_START_S);
	for (i = 0; i < BURST_START_S; i++)
		if (fabs((double)ios[i] - level) <= BURST_START_BAND * level)
			near++;
	b->before_iops = level;
	if (!(level > 0) || near < BURST_START_S - 1) {
		b->kind = BURST_UNSTEADY_START;
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
}
