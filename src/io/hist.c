/*
 * Latency histogram, log-linear (HdrHistogram's layout).
 *
 * Values below 2 * HIST_SUB (256 ns) have a bucket each.  Above that, every
 * power-of-two range [2^k, 2^(k+1)) is cut into HIST_SUB = 128 equal buckets,
 * so a bucket is at most 1/128 of the values in it wide.  A percentile is
 * reported as its bucket's midpoint: the relative error bound is 1/256 =
 * 0.39% (within the 1% the reports promise), whatever the distribution.
 *
 * Range: values up to 2^HIST_MAX_BITS ns (~18 minutes); larger ones are
 * clamped into the last bucket (min/max/mean stay exact).  Memory:
 * HIST_BUCKETS = 4480 64-bit counters = 35 KiB per job, fixed, with no
 * allocation on the I/O path.  Merging is an element-wise sum.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "base/sweep.h"
#include "io/measure.h"

const double sweep_percentiles[PCT_COUNT] = { 50.0, 90.0, 99.0, 99.9, 99.99 };

void
hist_init(struct hist *h)
{
	memset(h, 0, sizeof *h);
	h->min = UINT64_MAX;
}

unsigned
hist_index(uint64_t v)
{
	unsigned msb, shift;

	if (v < 2 * HIST_SUB)
		return (unsigned)v;
	if (v >= (1ULL << HIST_MAX_BITS))
		v = (1ULL << HIST_MAX_BITS) - 1;
	msb = 63U - (unsigned)__builtin_clzll(v);
	shift = msb - HIST_SUB_BITS;
	return shift * HIST_SUB + (unsigned)(v >> shift);
}

/* The midpoint of bucket i: the value a percentile in it is reported as. */
uint64_t
hist_bucket_mid(unsigned i)
{
	unsigned shift;
	uint64_t lower;

	if (i < 2 * HIST_SUB)
		return i;
	shift = i / HIST_SUB - 1;
	lower = (uint64_t)(i % HIST_SUB + HIST_SUB) << shift;
	return lower + ((1ULL << shift) >> 1);
}

void
hist_add(struct hist *h, uint64_t v)
{
	h->count[hist_index(v)]++;
	h->n++;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->sum += (double)v;
	h->sumsq += (double)v * (double)v;
}

void
hist_merge(struct hist *dst, const struct hist *src)
{
	unsigned i;

	if (src->n == 0)
		return;
	for (i = 0; i < HIST_BUCKETS; i++)
		dst->count[i] += src->count[i];
	dst->n += src->n;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->sum += src->sum;
	dst->sumsq += src->sumsq;
}

/*
 * The p-th percentile (0 < p <= 100): the value of rank ceil(p/100 * n) in
 * sorted order, to within the bound above.  0 when the histogram is empty.
 */
uint64_t
hist_percentile(const struct hist *h, double p)
{
	uint64_t rank, cum = 0, v;
	unsigned i;

	if (h->n == 0)
		return 0;
	rank = (uint64_t)ceil(p / 100.0 * (double)h->n);
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;
	for (i = 0; i < HIST_BUCKETS; i++) {
		cum += h->count[i];
		if (cum >= rank)
			break;
	}
	v = hist_bucket_mid(i);
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	return v;
}
