/*
 * A measured peak against the volume's provisioned caps (--expect,
 * --profile): within them, above the baseline but within the burst, above
 * both, and below a published floor.  Numbers and a verdict only; the
 * reports word them (report-summary.c).
 */
#include "config.h"

#include "analysis.h"

/*
 * Slack before a peak counts as above a cap: a cap is a rate the volume is
 * held to, not a bound, and a throttle's first slice lets a few percent
 * more through.
 */
#define EXPECT_ABOVE	1.05

void
analysis_expect_figure(double peak, double cap, double burst, double floor,
    struct expect_figure *f)
{
	f->peak = peak;
	f->cap = cap;
	f->burst = burst;
	f->floor = floor;
	f->pct = cap > 0 ? peak / cap * 100 : 0;
	if (cap <= 0)
		f->verdict = EXPECT_NO_CAP;
	else if (peak > cap * EXPECT_ABOVE && burst > 0 && peak <= burst * EXPECT_ABOVE)
		f->verdict = EXPECT_IN_BURST;
	else if (peak > (burst > cap ? burst : cap) * EXPECT_ABOVE)
		f->verdict = EXPECT_ABOVE_CAP;
	else
		f->verdict = EXPECT_WITHIN;
	f->below_floor = floor > 0 && peak < floor;
}
