/*
 * The block-size axis of the charts against block size (iops, bw,
 * latency, their panels): log2, its tics and labels.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "render/report.h"

/*
 * Log2 axis of the block sizes bs[0..nbs) (ascending, nbs > 0): a tic at
 * every power of two from the smallest to the largest (every other one, or
 * fourth, past 32), each labelled up to maxlab tics; past that, every other
 * (or fourth...) one labelled, the rest minor tics, so that 14 pt labels do
 * not run into each other.  The common sizes 4K, 64K and 1M are labelled
 * always: their exponents (12, 16, 20) are even, so labelling every other
 * exponent keeps them, and they are added where labels are sparser.
 * Caller frees both.
 */
void
report_gnuplot_bs_axis_of(const uint64_t *bs, unsigned nbs, int maxlab, char **xtics,
    char **xrange)
{
	char *buf = NULL, label[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int lo = 0, hi = 0, e, step = 1, every = 1, n = 0;
	bool common;

	/* Exponents, not products: a size near 2^64 (a hostile results.json) cannot overflow. */
	while (lo < 62 && (1ULL << (lo + 1)) <= bs[0])
		lo++;
	for (hi = lo; hi < 62 && (1ULL << hi) < bs[nbs - 1]; hi++)
		;
	while ((hi - lo + 1) / step > 32)
		step *= 2;
	if (maxlab < 2)
		maxlab = 2;	/* the ends at least: 0 would never be met */
	while ((hi - lo + 1 + every - 1) / every > maxlab)
		every *= 2;
	for (e = lo; e <= hi; e++) {
		common = e == 12 || e == 16 || e == 20;
		if (e % step != 0 && e != lo && e != hi && !common)
			continue;
		if (every == 1 || e % every == 0 || common)
			fprintf(f, "%s\"%s\" %llu", n > 0 ? ", " : "",
			    view_size_label(1ULL << e, label, sizeof label), 1ULL << e);
		else
			fprintf(f, "%s\"\" %llu 1", n > 0 ? ", " : "", 1ULL << e);
		n++;
	}
	fclose(f);
	*xtics = buf;
	*xrange = xasprintf("[%g:%g]", (double)(1ULL << lo) / 1.3, (double)(1ULL << hi) * 1.3);
}

/* The block-size axis of a whole chart: every size labelled up to 15.  Caller frees both. */
void
report_gnuplot_bs_axis(const uint64_t *bs, unsigned nbs, char **xtics, char **xrange)
{
	report_gnuplot_bs_axis_of(bs, nbs, 15, xtics, xrange);
}
