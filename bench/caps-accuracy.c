/*
 * How close the stated caps come to the truth on synthetic volumes
 * (testlib/caps-volume.c): the estimator of analysis-caps.c against the
 * least-squares fit it replaced (testlib/caps-old.c), as a Markdown table of the
 * distribution of |cap / truth - 1|.  bench/caps-accuracy.sh builds and
 * runs it.
 *
 *     caps-accuracy [-n VOLUMES] [-s SEED] [-m] [-b SHARE] [-k] [-o] [-w]
 *
 * -m gives stalled cells the verdict "stalled" (as a run that judges them
 * does) instead of "unknown" (as an import without a series has); -b sets
 * the share of volumes with a burst cell (0.10); -k puts the soft knee's 70%
 * at the largest IOPS-bound size instead of at the knee (a softer curve); -o
 * makes the noise one-sided (every cell 0-30% under its clean rate, as a
 * throttle's cells fall short of it, never above); -w prints the volume of
 * the largest error, cell by cell, after the table.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "caps-old.h"
#include "caps-volume.h"
#include "base/util.h"
#include "render/report.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The q quantile of sorted e[0..n): the smallest value at or above share q of them. */
static double
quantile(const double *e, unsigned n, double q)
{
	unsigned i = (unsigned)ceil(q * n);

	return e[i > 0 ? i - 1 : 0];
}

static double
share_within(const double *e, unsigned n, double tol)
{
	unsigned i, c = 0;

	for (i = 0; i < n; i++)
		c += e[i] <= tol;
	return 100.0 * c / n;
}

/* One row: the distribution of errors e[0..n) (a cap not stated counts as 100%). */
static void
row(const char *est, const char *cap, double *e, unsigned n)
{
	qsort(e, n, sizeof *e, cmp_double);
	printf("| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n",
	    est, cap, 100 * quantile(e, n, 0.5), 100 * quantile(e, n, 0.9),
	    100 * quantile(e, n, 0.97), 100 * quantile(e, n, 0.99), 100 * e[n - 1],
	    share_within(e, n, 0.05), share_within(e, n, 0.10), share_within(e, n, 0.20));
}

/* -w: the volume of the largest error, cell by cell, and what was stated. */
static void
print_worst(unsigned t, const struct caps_volume *v, const struct knee *k)
{
	char text[REPORT_KNEE_TEXT];
	unsigned i;

	view_knee_text(k, v->cells, SUMMARY_NO_SHARE, text, sizeof text);
	printf("\nworst: volume %u, I %.0f IOPS, B %.1f MiB/s (knee %.1f KiB, soft p %.2f)\n"
	    "stated: %s\n\n| bs | clean IOPS | IOPS | x clean | MiB/s | fault |\n"
	    "|--:|--:|--:|--:|--:|---|\n", t, v->iops_cap, v->bw_cap / MIB,
	    v->bw_cap / v->iops_cap / 1024, v->soft_p, text);
	for (i = 0; i < v->ncells; i++)
		printf("| %llu | %.0f | %.0f | %.2f | %.1f | %s |\n",
		    (unsigned long long)v->cells[i].cell.bs, v->clean[i], v->cells[i].iops,
		    v->cells[i].iops / v->clean[i], v->cells[i].bw_bytes_s / MIB,
		    v->stalled[i] ? "stalled" : (int)i == v->burst ? "burst" : "");
}

/* How often each side's cap is stated, why not when not, and how close the stated ones are. */
struct stated {
	unsigned	 n, shape[8], within10, burst;
};

static void
stated_add(struct stated *st, const struct knee_levels *kl, bool plateau, double e, bool burst)
{
	st->shape[kl->shape]++;
	if (plateau) {
		st->n++;
		st->within10 += e <= 0.10;
	} else
		st->burst += burst;
}

static void
stated_print(const char *cap, const struct stated *st, unsigned n)
{
	printf("| %s | %.1f%% | %.1f%% | %u | %u | %u | %u | %u |\n", cap,
	    100.0 * st->n / n, st->n ? 100.0 * st->within10 / st->n : 0,
	    st->shape[KNEE_SHAPE_ABOVE], st->shape[KNEE_SHAPE_TWO_LEVELS],
	    st->shape[KNEE_SHAPE_UNEVEN], st->shape[KNEE_SHAPE_NONE], st->burst);
}

static double
error(double cap, double truth)
{
	return cap > 0 ? fabs(cap / truth - 1) : 1;
}

int
main(int argc, char **argv)
{
	struct caps_volume_opts o = CAPS_VOLUME_ACCEPTANCE;
	uint64_t seed = 20261201;
	char seed_text[32];
	unsigned n = 1000, t, i;
	double *e[4], worst_e = -1;
	struct caps_volume worst_v = { 0 };
	struct knee worst_k = { 0 };
	unsigned worst_t = 0;
	bool worst = false;
	struct stated st[2] = { { 0 }, { 0 } };
	int c;

	while ((c = getopt(argc, argv, "n:s:mb:kow")) != -1) {
		switch (c) {
		case 'n':
			n = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			break;
		case 'm':
			o.mark_stalls = true;
			break;
		case 'b':
			o.burst_share = strtod(optarg, NULL);
			break;
		case 'k':
			o.soft_at_size = true;
			break;
		case 'o':
			o.one_sided = true;
			break;
		case 'w':
			worst = true;
			break;
		default:
			fprintf(stderr, "usage: caps-accuracy [-n VOLUMES] [-s SEED] [-m] [-b SHARE] [-k] "
			    "[-o] [-w]\n");
			return 2;
		}
	}
	if (n == 0 || seed == 0) {
		fprintf(stderr, "caps-accuracy: -n and -s must be above 0\n");
		return 2;
	}
	snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
	for (i = 0; i < 4; i++)
		e[i] = xcalloc(n, sizeof *e[i]);
	for (t = 0; t < n; t++) {
		struct caps_volume v;
		struct knee k;
		struct caps_old old;
		uint64_t bs[CAPS_VOLUME_MAX];
		double iops[CAPS_VOLUME_MAX];
		unsigned m = 0;

		caps_volume_make(&seed, &o, &v);
		analysis_caps_knee(v.cells, v.ncells, MODE_READ, SUMMARY_NO_SHARE, &k);
		/* The old fit saw every clean cell: it had no verdicts. */
		for (i = 0; i < v.ncells; i++) {
			bs[m] = v.cells[i].cell.bs;
			iops[m++] = v.cells[i].iops;
		}
		caps_old_knee(bs, iops, m, &old);
		e[0][t] = error(k.kind == KNEE_FOUND ? k.iops_cap : 0, v.iops_cap);
		e[1][t] = error(k.kind == KNEE_FOUND ? k.bw_cap : 0, v.bw_cap);
		e[2][t] = error(old.kind == KNEE_FOUND ? old.iops_cap : 0, v.iops_cap);
		e[3][t] = error(old.kind == KNEE_FOUND ? old.bw_cap : 0, v.bw_cap);
		stated_add(&st[0], &k.iops_shape, k.iops_plateau, e[0][t], v.burst >= 0);
		stated_add(&st[1], &k.bw_shape, k.bw_plateau, e[1][t], v.burst >= 0);
		if (fmax(e[0][t], e[1][t]) > worst_e) {
			worst_e = fmax(e[0][t], e[1][t]);
			worst_t = t;
			worst_v = v;
			worst_k = k;
		}
	}
	printf("%u volumes (512 B .. 8 MiB, knee 16-256 KiB), seed %s; noise %s%.0f%%, soft knee "
	    "(%.0f%% of the caps at %s) in %.0f%%, 0-%u stalled cells %.0f-%.0f%% low (%s), a "
	    "burst cell +%.0f-%.0f%% at one of the 3 smallest sizes in %.0f%%\n\n", n, seed_text,
	    o.one_sided ? "one-sided 0 to -" : "+-", (o.one_sided ? 2 : 1) * o.noise * 100, o.soft_at * 100, o.soft_at_size ? "the largest IOPS-bound size" :
	    "the knee", o.soft_share * 100, o.max_stalls,
	    o.stall_min * 100, o.stall_max * 100, o.mark_stalls ? "marked stalled" :
	    "verdict unknown", o.burst_min * 100, o.burst_max * 100, o.burst_share * 100);
	printf("| estimator | cap | median | p90 | p97 | p99 | max | within 5%% | within 10%% | "
	    "within 20%% |\n|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
	row("segments (now)", "IOPS", e[0], n);
	row("segments (now)", "bandwidth", e[1], n);
	row("least squares (before)", "IOPS", e[2], n);
	row("least squares (before)", "bandwidth", e[3], n);
	printf("\n| cap | stated (a plateau) | of them within 10%% | not: a cell above "
	    "| two levels | no two agree | no side | not, in a volume with a burst |\n"
	    "|---|--:|--:|--:|--:|--:|--:|--:|\n");
	stated_print("IOPS", &st[0], n);
	stated_print("bandwidth", &st[1], n);
	if (worst)
		print_worst(worst_t, &worst_v, &worst_k);
	for (i = 0; i < 4; i++)
		free(e[i]);
	return 0;
}
