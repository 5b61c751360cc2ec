/* The latency histogram against exact percentiles of synthetic data. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "base/sweep.h"
#include "io/measure.h"

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t
exact(const uint64_t *sorted, size_t n, double p)
{
	size_t rank = (size_t)ceil(p / 100.0 * (double)n);

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

static double
uniform01(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/* Compare every reported percentile with the exact one; the bound is 1%. */
static void
against_exact(const char *name, uint64_t *v, size_t n)
{
	static const double ps[] = { 1, 10, 50, 90, 99, 99.9, 99.99, 100 };
	struct hist *h = malloc(sizeof *h);
	double worst = 0;
	size_t i;

	hist_init(h);
	for (i = 0; i < n; i++)
		hist_add(h, v[i]);
	qsort(v, n, sizeof *v, cmp_u64);
	for (i = 0; i < sizeof ps / sizeof ps[0]; i++) {
		uint64_t want = exact(v, n, ps[i]), got = hist_percentile(h, ps[i]);
		double rel = want ? fabs((double)got - (double)want) / (double)want : (double)got;

		if (rel > worst)
			worst = rel;
		CHECK(rel <= 0.01, "%s p%g: exact %llu, histogram %llu (%.3f%%)", name, ps[i],
		    (unsigned long long)want, (unsigned long long)got, rel * 100);
	}
	CHECK(h->min == v[0] && h->max == v[n - 1], "%s min/max exact", name);
	printf("%s: worst relative error %.3f%% over %zu values\n", name, worst * 100, n);
	free(h);
}

int
main(void)
{
	size_t n = 200000, i;
	uint64_t *v = malloc(n * sizeof *v), s = 42;
	struct hist *a = malloc(sizeof *a), *b = malloc(sizeof *b);

	for (i = 0; i < n; i++)		/* uniform 50 us .. 150 us */
		v[i] = 50000 + (uint64_t)(uniform01(&s) * 100000);
	against_exact("uniform", v, n);
	for (i = 0; i < n; i++)		/* exponential, mean 200 us: a long tail */
		v[i] = (uint64_t)(-log(1 - uniform01(&s)) * 200000) + 1;
	against_exact("exponential", v, n);
	for (i = 0; i < n; i++)		/* log-normal around 1 ms, spans decades */
		v[i] = (uint64_t)exp(log(1e6) + 1.5 * sqrt(-2 * log(uniform01(&s) + 1e-300)) *
		    cos(2 * M_PI * uniform01(&s))) + 1;
	against_exact("lognormal", v, n);
	for (i = 0; i < n; i++)		/* bimodal: cache hits at ~80 ns, misses at ~8 ms */
		v[i] = uniform01(&s) < 0.7 ? 60 + (uint64_t)(uniform01(&s) * 40) :
		    7000000 + (uint64_t)(uniform01(&s) * 2000000);
	against_exact("bimodal", v, n);
	for (i = 0; i < n; i++)		/* small exact values */
		v[i] = i % 300;
	against_exact("small", v, n);

	/* Bucket edges: every value maps into a bucket whose midpoint is within 1/256. */
	for (i = 256; i < 1ULL << 24; i = i * 17 / 16 + 1) {
		uint64_t mid = hist_bucket_mid(hist_index(i));
		double rel = fabs((double)mid - (double)i) / (double)i;

		CHECK(rel <= 1.0 / 256 + 1e-12, "value %zu -> mid %llu", i, (unsigned long long)mid);
	}
	CHECK(hist_index((1ULL << HIST_MAX_BITS) * 4) < HIST_BUCKETS, "huge values clamp");

	/* Merging two halves equals adding all. */
	hist_init(a);
	hist_init(b);
	for (i = 0; i < n; i++)
		hist_add(i % 2 ? a : b, v[i] * 1000 + 7);
	hist_merge(a, b);
	CHECK(a->n == n, "merged count %llu", (unsigned long long)a->n);
	CHECK(hist_percentile(a, 50) == hist_bucket_mid(hist_index(hist_percentile(a, 50))) ||
	    hist_percentile(a, 50) == a->min || hist_percentile(a, 50) == a->max, "merged p50");
	hist_init(b);
	CHECK(hist_percentile(b, 99) == 0, "empty histogram");
	free(a);
	free(b);
	free(v);
	return check_done("unit-hist");
}
