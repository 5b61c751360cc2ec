/*
 * fio's latency records into a cell's figures.  fio's JSON holds, per job
 * and direction, the count, min, max, mean, stdev and a table of
 * percentiles; a cell made of several records (a job's clones reported one
 * by one, or both directions of a mixed job) gets their pooled figures and
 * percentiles estimated from the joined tables.  With --output-format=json+
 * each record also holds its histogram ("bins": each bucket's value in ns,
 * the mean of its range, and its count), and the records' histograms
 * added give the percentiles of them all exactly as fio computes one
 * record's: the first bucket whose running count reaches q% of the total.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"

/* sweep's five percentiles as fio spells them in clat_ns.percentile. */
static const char *fio_lat_pct_keys[PCT_COUNT] = {
	"50.000000", "90.000000", "99.000000", "99.900000", "99.990000"
};

/*
 * A record's json+ histogram when it holds one sweep can add up: keys that
 * are latencies in ns (fio 3's; fio 2's json+ kept bucket indexes and
 * FIO_IO_U_PLAT_BITS beside them), counts that are whole and together its
 * n I/Os.  NULL otherwise: its percentile table stands for it.
 */
static const cJSON *
fio_lat_bins(const cJSON *bins, double n)
{
	const cJSON *b;
	double total = 0;
	char *end;

	if (!cJSON_IsObject(bins) || bins->child == NULL)
		return NULL;
	cJSON_ArrayForEach(b, bins) {
		double v = strtod(b->string, &end);

		if (*end != '\0' || end == b->string || !(v >= 0 && v < 1e15) ||
		    !cJSON_IsNumber(b) || !(b->valuedouble >= 0) ||
		    b->valuedouble != floor(b->valuedouble))
			return NULL;
		total += b->valuedouble;
	}
	return total > 0 && fabs(total - n) <= 0.001 * n ? bins : NULL;
}

/* One direction's latency record: clat_ns, or lat_ns when fio kept no clat. */
void
fio_lat_read(const cJSON *dir, struct fio_lat *l)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(dir, "clat_ns"), *item;

	if (fio_json_num(o, "N") <= 0)
		o = cJSON_GetObjectItemCaseSensitive(dir, "lat_ns");
	memset(l, 0, sizeof *l);
	l->n = fio_json_num(o, "N");
	l->min = fio_json_num(o, "min");
	l->max = fio_json_num(o, "max");
	l->mean = fio_json_num(o, "mean");
	l->stdev = fio_json_num(o, "stddev");
	l->table = cJSON_GetObjectItemCaseSensitive(o, "percentile");
	cJSON_ArrayForEach(item, l->table) {
		double p = strtod(item->string, NULL);
		unsigned k;

		if (!cJSON_IsNumber(item) || p <= 0 || p >= 100 || l->npct == FIO_LAT_PCT_MAX)
			continue;
		for (k = l->npct; k > 0 && l->pct[k - 1] > p; k--) {
			l->pct[k] = l->pct[k - 1];
			l->val[k] = l->val[k - 1];
		}
		l->pct[k] = p;
		l->val[k] = item->valuedouble;
		l->npct++;
	}
	l->bins = fio_lat_bins(cJSON_GetObjectItemCaseSensitive(o, "bins"), l->n);
}

/*
 * The share of l's I/Os that took at most x ns, from its percentile table
 * joined by straight lines from (min, 0) to (max, 1): fio keeps histograms,
 * but its JSON holds only these points.
 */
static double
fio_lat_cdf(const struct fio_lat *l, double x)
{
	double px = l->min, pp = 0;
	unsigned k;

	if (x < l->min)
		return 0;
	for (k = 0; k <= l->npct; k++) {
		double vx = k < l->npct ? l->val[k] : l->max, vp = k < l->npct ? l->pct[k] / 100 : 1;

		if (vx < px)
			vx = px;
		if (x < vx)
			return pp + (vp - pp) * (x - px) / (vx - px);
		px = vx;
		pp = vp;
	}
	return 1;
}

/*
 * Percentile q (percent) of the I/Os of several latency records together
 * (a cell's clones, or its read and write halves): the x where their
 * N-weighted CDFs reach q, by bisection.  One record with the key fio
 * printed gives fio's own number.
 */
static uint64_t
fio_lat_percentile(const struct fio_lat *l, unsigned n, double q, const char *key)
{
	double lo = INFINITY, hi = 0, total = 0;
	unsigned i, it;

	if (n == 1 && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(l[0].table, key)))
		return fio_values_u64(cJSON_GetObjectItemCaseSensitive(l[0].table, key)->valuedouble);
	for (i = 0; i < n; i++) {
		if (l[i].min < lo)
			lo = l[i].min;
		if (l[i].max > hi)
			hi = l[i].max;
		if (l[i].npct > 0 && l[i].val[l[i].npct - 1] > hi)
			hi = l[i].val[l[i].npct - 1];
		total += l[i].n;
	}
	if (total <= 0 || lo > hi)
		return 0;
	for (it = 0; it < 200 && hi - lo > 0.5; it++) {
		double mid = (lo + hi) / 2, f = 0;

		for (i = 0; i < n; i++)
			f += l[i].n * fio_lat_cdf(&l[i], mid);
		if (f / total >= q / 100)
			hi = mid;
		else
			lo = mid;
	}
	return fio_values_u64(hi + 0.5);
}

/* A bucket of a json+ histogram: its value (ns) and count. */
struct fio_lat_bucket {
	double		 ns, count;
};

static int
fio_lat_bucket_cmp(const void *a, const void *b)
{
	const struct fio_lat_bucket *x = a, *y = b;

	return (x->ns > y->ns) - (x->ns < y->ns);
}

/*
 * Percentiles pct[PCT_COUNT] of records l[0..n) together from their json+
 * histograms (fio_lat_bins), as fio computes them of one: the value of the
 * first bucket, in order, at which the running count reaches q% of all.
 * false, pct untouched, when some record has none.
 */
static bool
fio_lat_bins_percentiles(const struct fio_lat *l, unsigned n, uint64_t *pct)
{
	struct fio_lat_bucket *b;
	const cJSON *item;
	size_t nb = 0, cap = 0, k;
	long double total = 0, sum = 0;
	unsigned i, p = 0;

	for (i = 0; i < n; i++)
		if (l[i].bins == NULL)
			return false;
	for (i = 0; i < n; i++)
		cap += (size_t)cJSON_GetArraySize(l[i].bins);
	b = xcalloc(cap, sizeof *b);
	for (i = 0; i < n; i++)
		cJSON_ArrayForEach(item, l[i].bins) {
			b[nb].ns = strtod(item->string, NULL);
			b[nb++].count = item->valuedouble;
			total += item->valuedouble;
		}
	qsort(b, nb, sizeof *b, fio_lat_bucket_cmp);
	for (k = 0; k < nb && p < PCT_COUNT; k++) {
		sum += b[k].count;
		while (p < PCT_COUNT && sum >= (long double)sweep_percentiles[p] / 100 * total)
			pct[p++] = fio_values_u64(b[k].ns);
	}
	while (p < PCT_COUNT)
		pct[p++] = fio_values_u64(b[nb - 1].ns);
	free(b);
	return true;
}

/*
 * Latency figures of a cell from its records: min, max, mean, pooled
 * stdev, percentiles.  Returns whether its percentiles are exact: one
 * record's own, or several records' from their json+ histograms; false
 * when estimated from their percentile tables.
 */
bool
fio_lat_merge(struct cell_result *r, const struct fio_lat *l, unsigned n)
{
	double total = 0, mean = 0, sq = 0, min = INFINITY, max = 0;
	unsigned i;

	for (i = 0; i < n; i++) {
		total += l[i].n;
		mean += l[i].n * l[i].mean;
		sq += l[i].n * (l[i].stdev * l[i].stdev + l[i].mean * l[i].mean);
		if (l[i].min < min)
			min = l[i].min;
		if (l[i].max > max)
			max = l[i].max;
	}
	if (total <= 0)
		return true;
	mean /= total;
	r->lat_min_ns = fio_values_u64(min);
	r->lat_max_ns = fio_values_u64(max);
	r->lat_mean_ns = mean;
	r->lat_stdev_ns = n == 1 ? l[0].stdev : sqrt(fmax(sq / total - mean * mean, 0));
	if (n > 1 && fio_lat_bins_percentiles(l, n, r->lat_pct_ns))
		return true;
	for (i = 0; i < PCT_COUNT; i++)
		r->lat_pct_ns[i] = fio_lat_percentile(l, n, sweep_percentiles[i],
		    fio_lat_pct_keys[i]);
	return n == 1;
}
