/*
 * What sweep compare says about its runs, built once for every writer:
 * cells matched by mode (and read share), bs, depth and jobs into rows (a cell only some
 * runs have is a row with the others missing), rows grouped into the lines
 * of the charts, a winner per row and metric, and a verdict per mode in
 * words; with the figures, names and texts the writers share.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* A block size at or below this reads as an IOPS figure, above it as bandwidth. */
#define COMPARE_IOPS_BS_MAX	(64 * KIB)
/* Ratios of one verdict phrase within this spread are given as one figure. */
#define COMPARE_ONE_FIGURE	1.15
/* A verdict phrase covers ratios within this spread; a wider one starts a new phrase. */
#define COMPARE_SPLIT		1.5

static const char *const compare_metric_names[COMPARE_METRICS] = {
	[COMPARE_IOPS] = "IOPS",
	[COMPARE_BW] = "MiB/s",
	[COMPARE_P99] = "p99 (us)"
};

/* "IOPS", "MiB/s", "p99 (us)". */
const char *
compare_metric_name(enum compare_metric m)
{
	return (unsigned)m < COMPARE_METRICS ? compare_metric_names[m] : "?";
}

/* The rule every comparison states. */
const char *
compare_rule(void)
{
	return "Ratios are each run's figure divided by the first run's. The winner of a cell is "
	    "the run with the higher IOPS or MiB/s, or the lower p99 latency; when the runner-up "
	    "is within 5% of the best, the cell is a tie, and so it is, whatever the figures, when "
	    "the runs measured rounds (--repeat) and the intervals of their medians overlap.";
}

/* A figure of run k in row: IOPS, MiB/s or p99 in us; NAN when missing or not measured. */
double
compare_value(const struct compare *cmp, const struct compare_row *row, unsigned k,
    enum compare_metric m)
{
	const struct cell_result *r;
	double v;

	if (k >= cmp->nruns || row->cell[k] < 0)
		return NAN;
	r = &cmp->runs[k].res.cells[row->cell[k]];
	switch (m) {
	case COMPARE_IOPS:
		v = r->iops;
		break;
	case COMPARE_BW:
		v = r->bw_bytes_s / MIB;
		break;
	case COMPARE_P99:
		v = (double)r->lat_pct_ns[2] / 1e3;
		break;
	default:
		v = 0;
	}
	return v > 0 && isfinite(v) ? v : NAN;
}

/*
 * The interval of run k's figure in row (compare_value's unit): the
 * interval of the median of its rounds (--repeat), or the figure itself
 * when the cell ran once.  false when the figure is missing.
 */
static bool
compare_interval(const struct compare *cmp, const struct compare_row *row, unsigned k,
    enum compare_metric m, double *lo, double *hi)
{
	static const enum round_figure fig[COMPARE_METRICS] = { ROUND_IOPS, ROUND_BW, ROUND_P99 };
	static const double scale[COMPARE_METRICS] = { 1, MIB, 1e3 };
	double v = compare_value(cmp, row, k, m);
	struct round_spread s;

	if (isnan(v))
		return false;
	*lo = *hi = v;
	if ((unsigned)m < COMPARE_METRICS &&
	    analysis_rounds_spread(&cmp->runs[k].res.cells[row->cell[k]], fig[m], &s)) {
		*lo = fmin(v, s.lo / scale[m]);
		*hi = fmax(v, s.hi / scale[m]);
	}
	return true;
}

/* Do the intervals of runs a and b in row overlap (a cell that ran once: its figure)? */
static bool
compare_overlap(const struct compare *cmp, const struct compare_row *row, unsigned a,
    unsigned b, enum compare_metric m)
{
	double alo, ahi, blo, bhi;

	return compare_interval(cmp, row, a, m, &alo, &ahi) &&
	    compare_interval(cmp, row, b, m, &blo, &bhi) && alo <= bhi && blo <= ahi;
}

/* Does any run hold cells with rounds (--repeat)? */
static bool
compare_has_rounds(const struct compare *cmp)
{
	unsigned k, i;

	for (k = 0; k < cmp->nruns; k++)
		for (i = 0; i < cmp->runs[k].res.plan.ncells; i++)
			if (cmp->runs[k].res.cells[i].nrounds > 1)
				return true;
	return false;
}

/* The winner of a row for a metric, as text: a label, "tie (A, B)", or "-". */
const char *
compare_winner_text(const struct compare *cmp, const struct compare_row *row,
    enum compare_metric m, char *buf, size_t len)
{
	unsigned k;
	size_t used;

	if (row->winner[m] >= 0) {
		snprintf(buf, len, "%s", cmp->runs[row->winner[m]].label);
		return buf;
	}
	if (row->winner[m] == COMPARE_WIN_NONE) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (cmp->nruns == 2) {
		snprintf(buf, len, "tie");
		return buf;
	}
	used = (size_t)snprintf(buf, len, "tie (");
	for (k = 0; k < cmp->nruns && k < 8; k++)
		if (row->tie_with[m][k] && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
			    buf[used - 1] == '(' ? "" : ", ", cmp->runs[k].label);
	if (used < len)
		snprintf(buf + used, len - used, ")");
	return buf;
}

/*
 * The latency line of run k and a mode (charts): its group of the lowest
 * depth (then jobs) with a p99 figure; -1 when none has one.
 */
int
compare_lat_group(const struct compare *cmp, unsigned k, unsigned wl)
{
	unsigned g, i;

	/* Groups are sorted by depth, then jobs, within a mode. */
	for (g = 0; g < cmp->ngroups; g++) {
		if (cmp->groups[g].wl != wl)
			continue;
		for (i = 0; i < cmp->groups[g].n; i++)
			if (!isnan(compare_value(cmp, &cmp->rows[cmp->groups[g].first + i], k,
			    COMPARE_P99)))
				return (int)g;
	}
	return -1;
}

/* A key while the rows are built. */
struct compare_key {
	unsigned	 rank;		/* its workload: index into compare.modes (first-seen order) */
	enum rw_mode	 mode;
	unsigned	 depth, jobs;
	uint64_t	 bs;
	unsigned	 run;
	int		 cell;
};

/* Row order: workload (first seen), depth, jobs, bs; then run and cell. */
static int
compare_key_cmp(const void *a, const void *b)
{
	const struct compare_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->jobs != y->jobs)
		return x->jobs < y->jobs ? -1 : 1;
	if (x->bs != y->bs)
		return x->bs < y->bs ? -1 : 1;
	if (x->run != y->run)
		return x->run < y->run ? -1 : 1;
	return x->cell < y->cell ? -1 : x->cell > y->cell;
}

/* Ascending uint64_t, for qsort. */
static int
compare_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The winner of a row for a metric: the best run, or a tie of every run
 * within COMPARE_TIE of it or whose interval overlaps its interval (runs
 * with rounds: the medians' intervals say they are not told apart).
 */
static void
compare_row_winner(const struct compare *cmp, struct compare_row *row, enum compare_metric m)
{
	bool lower = m == COMPARE_P99;
	double best = NAN;
	unsigned k, have = 0, close = 0;
	int who = -1;

	for (k = 0; k < cmp->nruns; k++) {
		double v = compare_value(cmp, row, k, m);

		if (isnan(v))
			continue;
		have++;
		if (isnan(best) || (lower ? v < best : v > best)) {
			best = v;
			who = (int)k;
		}
	}
	if (have < 2) {
		row->winner[m] = COMPARE_WIN_NONE;
		return;
	}
	for (k = 0; k < cmp->nruns; k++) {
		double v = compare_value(cmp, row, k, m);

		if (isnan(v))
			continue;
		if ((lower ? v <= best * COMPARE_TIE : v * COMPARE_TIE >= best) ||
		    compare_overlap(cmp, row, k, (unsigned)who, m)) {
			if (k < 8)
				row->tie_with[m][k] = true;
			close++;
		}
	}
	row->winner[m] = close > 1 ? COMPARE_WIN_TIE : who;
}

/* Append to a growing string. */
static void
compare_add(char **buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
compare_add(char **buf, const char *fmt, ...)
{
	va_list ap;
	char *part, *joined;

	va_start(ap, fmt);
	if (vasprintf(&part, fmt, ap) < 0)
		part = NULL;
	va_end(ap);
	if (part == NULL)
		return;
	joined = xasprintf("%s%s", *buf != NULL ? *buf : "", part);
	free(part);
	free(*buf);
	*buf = joined;
}

/* Where a verdict phrase holds: "at 4 KiB", "up to 64 KiB", "from 1 MiB up", "from 8 KiB to 1 MiB". */
static void
compare_where(char *buf, size_t len, uint64_t lo, uint64_t hi, uint64_t min, uint64_t max)
{
	char a[32], b[32];

	size_human(lo, a, sizeof a);
	size_human(hi, b, sizeof b);
	if (lo == hi)
		snprintf(buf, len, "at %s", a);
	else if (lo == min && hi == max)
		snprintf(buf, len, "at every block size (%s to %s)", a, b);
	else if (lo == min)
		snprintf(buf, len, "up to %s", b);
	else if (hi == max)
		snprintf(buf, len, "from %s up", a);
	else
		snprintf(buf, len, "from %s to %s", a, b);
}

/* Run k against run 0 in one mode: what its verdict is told from. */
struct compare_vs {
	const char	*ka, *a0;	/* the labels of run k and run 0 */
	uint64_t	*bs;		/* the block sizes both runs have, ascending */
	double		*ratio;		/* per bs: run k's best IOPS / run 0's */
	int		*outcome;	/* per bs: 1 run k ahead, -1 behind, 0 a tie */
	unsigned	 n;
	bool		 rounds;	/* either run has rounds: ties by interval too */
	uint64_t	 lat_bs;	/* the latency clause's cell: 0 none */
	unsigned	 lat_depth;
	double		 lat0, latk;	/* its p99 in run 0 and run k, us */
};

/* The outcome of a ratio: 1 run k ahead, -1 behind, 0 a tie (within COMPARE_TIE). */
static int
compare_outcome(double ratio)
{
	return ratio > COMPARE_TIE ? 1 : ratio * COMPARE_TIE < 1 ? -1 : 0;
}

/*
 * The ratios of run k to run 0 for a mode: at each block size, the best
 * IOPS of the depths and job counts both runs have there.  The latency
 * clause takes the smallest block size at the lowest depth both have p99 for.
 */
static void
compare_vs_build(const struct compare *cmp, unsigned wl, unsigned k, struct compare_vs *v)
{
	unsigned b, i;

	memset(v, 0, sizeof *v);
	v->ka = cmp->runs[k].label;
	v->a0 = cmp->runs[0].label;
	v->bs = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *v->bs);
	v->ratio = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *v->ratio);
	v->outcome = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *v->outcome);
	v->rounds = compare_has_rounds(cmp);
	v->lat0 = v->latk = NAN;
	for (b = 0; b < cmp->nbs; b++) {
		double best0 = NAN, bestk = NAN;
		const struct compare_row *row0 = NULL, *rowk = NULL;

		for (i = 0; i < cmp->nrows; i++) {
			const struct compare_row *row = &cmp->rows[i];
			double v0, vk;

			if (row->wl != wl || row->bs != cmp->bs[b])
				continue;
			v0 = compare_value(cmp, row, 0, COMPARE_IOPS);
			vk = compare_value(cmp, row, k, COMPARE_IOPS);
			if (isnan(v0) || isnan(vk))
				continue;
			if (isnan(best0) || v0 > best0) {
				best0 = v0;
				row0 = row;
			}
			if (isnan(bestk) || vk > bestk) {
				bestk = vk;
				rowk = row;
			}
			if ((v->lat_bs == 0 || row->depth < v->lat_depth) &&
			    !isnan(compare_value(cmp, row, 0, COMPARE_P99)) &&
			    !isnan(compare_value(cmp, row, k, COMPARE_P99))) {
				v->lat_bs = row->bs;
				v->lat_depth = row->depth;
				v->lat0 = compare_value(cmp, row, 0, COMPARE_P99);
				v->latk = compare_value(cmp, row, k, COMPARE_P99);
			}
		}
		if (!isnan(best0) && !isnan(bestk)) {
			double lo0, hi0, lok, hik;

			v->bs[v->n] = cmp->bs[b];
			v->ratio[v->n] = bestk / best0;
			v->outcome[v->n] = compare_outcome(v->ratio[v->n]);
			/* The best cells' intervals overlap: not told apart, whatever the ratio. */
			if (compare_interval(cmp, row0, 0, COMPARE_IOPS, &lo0, &hi0) &&
			    compare_interval(cmp, rowk, k, COMPARE_IOPS, &lok, &hik) &&
			    lo0 <= hik && lok <= hi0)
				v->outcome[v->n] = 0;
			v->n++;
		}
	}
}

/*
 * The end of the stretch that starts at ratio i: one outcome, one side of
 * COMPARE_IOPS_BS_MAX (IOPS or bandwidth), and factors within COMPARE_SPLIT
 * of each other.
 */
static unsigned
compare_stretch_end(const struct compare_vs *v, unsigned i)
{
	int cls = v->outcome[i];
	double lo = INFINITY, hi = 0;
	unsigned j;

	for (j = i; j < v->n; j++) {
		double f = cls >= 0 ? v->ratio[j] : 1 / v->ratio[j];

		if (v->outcome[j] != cls ||
		    (v->bs[j] > COMPARE_IOPS_BS_MAX) != (v->bs[i] > COMPARE_IOPS_BS_MAX) ||
		    (cls != 0 && fmax(hi, f) / fmin(lo, f) > COMPARE_SPLIT))
			break;
		lo = fmin(lo, f);
		hi = fmax(hi, f);
	}
	return j;
}

/*
 * The phrase of the stretch of ratios i .. j - 1: "the same IOPS (within
 * 5%) up to 64 KiB", "B has 1.5x the bandwidth of A from 1 MiB up".
 */
static void
compare_stretch_text(const struct compare_vs *v, unsigned i, unsigned j, char **out)
{
	int cls = v->outcome[i];
	double lo = INFINITY, hi = 0, logsum = 0;
	bool small = true, large = true;
	const char *what, *ahead = cls > 0 ? v->ka : v->a0, *behind = cls > 0 ? v->a0 : v->ka;
	char where[96], x[32], xlo[32];
	unsigned e;

	for (e = i; e < j; e++) {
		double f = cls >= 0 ? v->ratio[e] : 1 / v->ratio[e];

		lo = fmin(lo, f);
		hi = fmax(hi, f);
		logsum += log(f);
		if (v->bs[e] > COMPARE_IOPS_BS_MAX)
			small = false;
		else
			large = false;
	}
	what = small ? "IOPS" : large ? "bandwidth" : "IOPS and bandwidth";
	compare_where(where, sizeof where, v->bs[i], v->bs[j - 1], v->bs[0], v->bs[v->n - 1]);
	if (i > 0)
		compare_add(out, "; ");
	if (cls == 0 && v->rounds)
		compare_add(out, "the same %s (within 5%% or the rounds' intervals) %s", what, where);
	else if (cls == 0)
		compare_add(out, "the same %s (within 5%%) %s", what, where);
	else if (hi / lo <= COMPARE_ONE_FIGURE)
		compare_add(out, "%s has %s the %s of %s %s", ahead,
		    view_ratio(exp(logsum / (j - i)), 1, x, sizeof x), what, behind, where);
	else {
		view_ratio(lo, 1, xlo, sizeof xlo);
		xlo[strlen(xlo) - 1] = '\0';
		compare_add(out, "%s has %s-%s the %s of %s %s", ahead, xlo,
		    view_ratio(hi, 1, x, sizeof x), what, behind, where);
	}
}

/* The latency clause: p99 at the lowest depth's smallest block size in both runs. */
static void
compare_latency_text(const struct compare_vs *v, char **out)
{
	char a[32], x0[32], xk[32], xr[32];
	double r = v->latk / v->lat0;

	size_human(v->lat_bs, a, sizeof a);
	view_lat_text(v->lat0, x0, sizeof x0);
	view_lat_text(v->latk, xk, sizeof xk);
	if (r <= COMPARE_TIE && r * COMPARE_TIE >= 1)
		compare_add(out, "; the same p99 latency at %s QD%u (within 5%%: %s %s, %s %s)",
		    a, v->lat_depth, v->a0, x0, v->ka, xk);
	else
		compare_add(out, "; p99 latency at %s QD%u: %s %s, %s %s (%s %s lower)",
		    a, v->lat_depth, v->a0, x0, v->ka, xk, r < 1 ? v->ka : v->a0,
		    view_ratio(r < 1 ? 1 / r : r, 1, xr, sizeof xr));
}

/* Keep run k's ratios of mode wl in cmp->bs_ratio, at each block size both runs have. */
static void
compare_keep_ratios(struct compare *cmp, unsigned wl, unsigned k, const struct compare_vs *v)
{
	double *out = &cmp->bs_ratio[((size_t)wl * cmp->nruns + k) * cmp->nbs];
	unsigned b, i;

	for (b = 0; b < cmp->nbs; b++)
		for (i = 0; i < v->n; i++)
			if (v->bs[i] == cmp->bs[b])
				out[b] = v->ratio[i];
}

/*
 * The verdict of run k against run 0 for one mode: the IOPS ratio at each
 * block size (the best of the depths and job counts both runs have there),
 * grouped into stretches of one outcome: run k ahead, behind, or a tie.  At
 * one block size the IOPS ratio is the bandwidth ratio, so a stretch of
 * small blocks is told in IOPS and one of large blocks in bandwidth.
 */
static void
compare_verdict_run(struct compare *cmp, unsigned wl, unsigned k, char **out)
{
	struct compare_vs v;
	unsigned i, j;

	compare_vs_build(cmp, wl, k, &v);
	compare_keep_ratios(cmp, wl, k, &v);
	compare_add(out, "%s vs %s: ", v.ka, v.a0);
	if (v.n == 0)
		compare_add(out, "no cell in common.");
	else {
		for (i = 0; i < v.n; i = j) {
			j = compare_stretch_end(&v, i);
			compare_stretch_text(&v, i, j, out);
		}
		if (v.lat_bs > 0)
			compare_latency_text(&v, out);
		compare_add(out, ".");
	}
	free(v.bs);
	free(v.ratio);
	free(v.outcome);
}

/*
 * The one-line verdict of run k against run 0 over every mode: the
 * geometric mean of the block sizes' ratios (bs_ratio) and how many are
 * ahead, behind or a tie by the rule of the ratio alone.
 */
static void
compare_bottom_run(struct compare *cmp, unsigned k, char **out)
{
	unsigned m, b, n = 0, nmodes = 0, ahead = 0, behind = 0;
	double logsum = 0, g;
	const char *lead, *trail;
	char x[32];

	for (m = 0; m < cmp->nmodes; m++) {
		unsigned before = n;

		for (b = 0; b < cmp->nbs; b++) {
			double r = cmp->bs_ratio[((size_t)m * cmp->nruns + k) * cmp->nbs + b];

			if (isnan(r) || !(r > 0))
				continue;
			logsum += log(r);
			n++;
			ahead += compare_outcome(r) > 0;
			behind += compare_outcome(r) < 0;
		}
		nmodes += n > before;
	}
	if (*out != NULL)
		compare_add(out, " ");
	if (n == 0) {
		compare_add(out, "%s vs %s: no block size in common.", cmp->runs[k].label,
		    cmp->runs[0].label);
		return;
	}
	g = exp(logsum / n);
	lead = g >= 1 ? cmp->runs[k].label : cmp->runs[0].label;
	trail = g >= 1 ? cmp->runs[0].label : cmp->runs[k].label;
	if (compare_outcome(g) == 0)
		compare_add(out, "%s and %s: the same IOPS and bandwidth within 5%%", lead, trail);
	else
		compare_add(out, "%s has %s the IOPS and bandwidth of %s", lead,
		    view_ratio(g >= 1 ? g : 1 / g, 1, x, sizeof x), trail);
	compare_add(out, " (the geometric mean of %u block size%s in %u mode%s; %s ahead at %u, "
	    "behind at %u, within 5%% at %u).", n, n == 1 ? "" : "s", nmodes, nmodes == 1 ? "" : "s",
	    cmp->runs[k].label, ahead, behind, n - ahead - behind);
}

/* Each mode's verdict: every run against the first; then the one-line verdict. */
static void
compare_verdicts(struct compare *cmp)
{
	size_t nr = (size_t)(cmp->nmodes ? cmp->nmodes : 1) * cmp->nruns * (cmp->nbs ? cmp->nbs : 1);
	unsigned m, k;
	size_t i;

	cmp->verdict = xcalloc(cmp->nmodes ? cmp->nmodes : 1, sizeof *cmp->verdict);
	cmp->bs_ratio = xcalloc(nr, sizeof *cmp->bs_ratio);
	for (i = 0; i < nr; i++)
		cmp->bs_ratio[i] = NAN;
	for (m = 0; m < cmp->nmodes; m++)
		for (k = 1; k < cmp->nruns; k++) {
			if (k > 1)
				compare_add(&cmp->verdict[m], " ");
			compare_verdict_run(cmp, m, k, &cmp->verdict[m]);
		}
	for (k = 1; k < cmp->nruns && cmp->nmodes > 0; k++)
		compare_bottom_run(cmp, k, &cmp->bottom);
}

/*
 * Is cell r of a run a cell of the comparison: it has figures, or, when
 * every cell counts (a fleet, whose summary lists each cell a host ran),
 * it ran at all.
 */
static bool
compare_cell_counts(const struct compare *cmp, const struct cell_result *r)
{
	return results_cell_has_figures(r) || (cmp->all_cells && r->status != CELL_PENDING);
}

/* A depth x jobs pair of the groups: one variant (dash and marker) each. */
struct compare_pair {
	unsigned	 depth, jobs;
};

/*
 * The workloads in first-seen order (cmp->modes): a mode, or a mixed mode
 * at each read share when the runs together have it at more than one, so
 * that a cell is matched only with cells at its own share.  wl[k][i] is
 * the workload of cell i of run k.
 */
static void
compare_modes(struct compare *cmp, unsigned **wl)
{
	struct summary_shares sh;
	unsigned k, i;
	size_t cap = 0;

	memset(&sh, 0, sizeof sh);
	for (k = 0; k < cmp->nruns; k++) {
		view_summary_shares_add(&sh, &cmp->runs[k].res, !cmp->all_cells);
		cap += cmp->runs[k].res.plan.ncells;
	}
	cmp->modes = xcalloc(cap ? cap : 1, sizeof *cmp->modes);
	for (k = 0; k < cmp->nruns; k++) {
		const struct results *res = &cmp->runs[k].res;

		wl[k] = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *wl[k]);
		for (i = 0; i < res->plan.ncells; i++)
			if (compare_cell_counts(cmp, &res->cells[i]))
				wl[k][i] = view_summary_workload(cmp->modes, &cmp->nmodes, &sh, res,
				    &res->plan.cells[i]);
	}
	view_summary_workloads(cmp->modes, cmp->nmodes);
}

/*
 * A key for every cell with figures in any run, sorted into row order, and
 * every block size (cmp->bs, ascending, once each).  Caller frees.
 */
static struct compare_key *
compare_keys(struct compare *cmp, unsigned *const *wl, unsigned *nkeys, bool *multi_jobs)
{
	struct compare_key *keys;
	unsigned k, i, n = 0;
	size_t cap = 0;

	*multi_jobs = false;
	for (k = 0; k < cmp->nruns; k++)
		cap += cmp->runs[k].res.plan.ncells;
	keys = xcalloc(cap ? cap : 1, sizeof *keys);
	cmp->bs = xcalloc(cap ? cap : 1, sizeof *cmp->bs);
	for (k = 0; k < cmp->nruns; k++) {
		const struct results *res = &cmp->runs[k].res;

		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];

			if (!compare_cell_counts(cmp, r))
				continue;
			if (r->cell.jobs > 1)
				*multi_jobs = true;
			keys[n] = (struct compare_key){ wl[k][i], r->cell.mode, r->cell.depth,
			    r->cell.jobs, r->cell.bs, k, (int)i };
			cmp->bs[n] = r->cell.bs;
			n++;
		}
	}
	qsort(keys, n, sizeof *keys, compare_key_cmp);
	qsort(cmp->bs, n, sizeof *cmp->bs, compare_u64_cmp);
	for (i = 0; i < n; i++)
		if (cmp->nbs == 0 || cmp->bs[cmp->nbs - 1] != cmp->bs[i])
			cmp->bs[cmp->nbs++] = cmp->bs[i];
	*nkeys = n;
	return keys;
}

/* Start the group (a line of the charts) of key, and note its depth x jobs pair. */
static struct compare_group *
compare_group_add(struct compare *cmp, const struct compare_key *key, bool multi_jobs,
    struct compare_pair *pairs, unsigned *npairs)
{
	struct compare_group *g = &cmp->groups[cmp->ngroups++];
	unsigned p;
	char qd[16];

	g->mode = key->mode;
	g->wl = key->rank;
	g->depth = key->depth;
	g->jobs = key->jobs;
	g->first = cmp->nrows;
	qd_text(g->depth, qd, sizeof qd);
	if (multi_jobs)
		snprintf(g->name, sizeof g->name, "%s %s x%u jobs", cmp->modes[g->wl].name, qd,
		    g->jobs);
	else
		snprintf(g->name, sizeof g->name, "%s %s", cmp->modes[g->wl].name, qd);
	for (p = 0; p < *npairs; p++)
		if (pairs[p].depth == g->depth && pairs[p].jobs == g->jobs)
			break;
	if (p == *npairs) {
		pairs[p].depth = g->depth;
		pairs[p].jobs = g->jobs;
		(*npairs)++;
	}
	return g;
}

/* Start the row of key, in the last group, missing in every run until filled. */
static struct compare_row *
compare_row_add(struct compare *cmp, const struct compare_key *key)
{
	struct compare_row *row = &cmp->rows[cmp->nrows++];
	unsigned k;

	row->mode = key->mode;
	row->wl = key->rank;
	row->bs = key->bs;
	row->depth = key->depth;
	row->jobs = key->jobs;
	row->group = cmp->ngroups - 1;
	row->cell = xcalloc(cmp->nruns, sizeof *row->cell);
	for (k = 0; k < cmp->nruns; k++)
		row->cell[k] = -1;
	cmp->groups[row->group].n++;
	return row;
}

/* Variants: depth x jobs pairs by rank of depth, then jobs (dash and marker per pair). */
static void
compare_variants(struct compare *cmp, const struct compare_pair *pairs, unsigned npairs)
{
	unsigned i, p, v;

	for (i = 0; i < cmp->ngroups; i++) {
		for (p = 0, v = 0; p < npairs; p++)
			if (pairs[p].depth < cmp->groups[i].depth || (pairs[p].depth ==
			    cmp->groups[i].depth && pairs[p].jobs < cmp->groups[i].jobs))
				v++;
		cmp->groups[i].variant = v;
	}
}

/* The sorted keys into rows (a cell in each run) and groups (consecutive rows of a line). */
static void
compare_rows(struct compare *cmp, const struct compare_key *keys, unsigned n, bool multi_jobs)
{
	struct compare_pair *pairs = xcalloc(n ? n : 1, sizeof *pairs);
	unsigned i, npairs = 0;

	cmp->rows = xcalloc(n ? n : 1, sizeof *cmp->rows);
	cmp->groups = xcalloc(n ? n : 1, sizeof *cmp->groups);
	for (i = 0; i < n; i++) {
		const struct compare_key *key = &keys[i];
		struct compare_row *row = cmp->nrows > 0 ? &cmp->rows[cmp->nrows - 1] : NULL;
		struct compare_group *g = cmp->ngroups > 0 ? &cmp->groups[cmp->ngroups - 1] : NULL;

		if (row == NULL || row->wl != key->rank || row->depth != key->depth ||
		    row->jobs != key->jobs || row->bs != key->bs) {
			if (g == NULL || g->wl != key->rank || g->depth != key->depth ||
			    g->jobs != key->jobs)
				compare_group_add(cmp, key, multi_jobs, pairs, &npairs);
			row = compare_row_add(cmp, key);
		}
		/* A run with the same cell twice: the later one, as in its own reports. */
		row->cell[key->run] = key->cell;
	}
	compare_variants(cmp, pairs, npairs);
	free(pairs);
}

/* Per run the rows it lacks, the rows every run has, and each row's winners. */
static void
compare_winners(struct compare *cmp)
{
	unsigned i, k, m;

	cmp->nmissing = xcalloc(cmp->nruns, sizeof *cmp->nmissing);
	for (i = 0; i < cmp->nrows; i++) {
		struct compare_row *row = &cmp->rows[i];
		unsigned have = 0;

		for (k = 0; k < cmp->nruns; k++) {
			if (row->cell[k] >= 0)
				have++;
			else
				cmp->nmissing[k]++;
		}
		if (have == cmp->nruns)
			cmp->ncommon++;
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_row_winner(cmp, row, (enum compare_metric)m);
	}
}

/*
 * The hosts' results (one per host of fleet->hosts; cells NULL: the host
 * gave none) moved into cmp as its runs, and compared: res[i] is left
 * empty.  Free cmp with compare_free().
 */
void
compare_fleet_build(struct compare *cmp, const struct compare_fleet *fleet, struct results *res)
{
	const struct host_list *l = fleet->hosts;
	unsigned i;

	memset(cmp, 0, sizeof *cmp);
	cmp->runs = xcalloc(l->n ? l->n : 1, sizeof *cmp->runs);
	cmp->nruns = l->n;
	cmp->all_cells = true;
	cmp->fleet = fleet;
	for (i = 0; i < l->n; i++) {
		cmp->runs[i].res = res[i];
		memset(&res[i], 0, sizeof res[i]);
		str_copy(cmp->runs[i].label, sizeof cmp->runs[i].label, l->h[i].dir);
	}
	compare_build(cmp);
}

/*
 * Match the cells of cmp->runs (loaded, labelled) into rows, groups and
 * winners, and write the verdicts.  Returns 0.
 */
int
compare_build(struct compare *cmp)
{
	struct compare_key *keys;
	unsigned **wl = xcalloc(cmp->nruns ? cmp->nruns : 1, sizeof *wl), n, k;
	bool multi_jobs;

	compare_modes(cmp, wl);
	keys = compare_keys(cmp, wl, &n, &multi_jobs);
	compare_rows(cmp, keys, n, multi_jobs);
	free(keys);
	for (k = 0; k < cmp->nruns; k++)
		free(wl[k]);
	free(wl);
	compare_winners(cmp);
	compare_verdicts(cmp);
	return 0;
}

/* Free what compare_build() and the loader made. */
void
compare_free(struct compare *cmp)
{
	unsigned i;

	for (i = 0; i < cmp->nrows; i++)
		free(cmp->rows[i].cell);
	for (i = 0; i < cmp->nruns; i++) {
		free(cmp->runs[i].path);
		view_summary_free(&cmp->runs[i].sum);
		results_free(&cmp->runs[i].res);
	}
	for (i = 0; cmp->verdict != NULL && i < cmp->nmodes; i++)
		free(cmp->verdict[i]);
	free(cmp->verdict);
	free(cmp->bs_ratio);
	free(cmp->bottom);
	free(cmp->modes);
	free(cmp->runs);
	free(cmp->rows);
	free(cmp->groups);
	free(cmp->nmissing);
	free(cmp->bs);
	memset(cmp, 0, sizeof *cmp);
}

/* The runs that lack a row's cell, "a; b", or "" when none.  Caller frees. */
char *
compare_missing_text(const struct compare *cmp, const struct compare_row *row)
{
	char *out = xstrdup(""), *next;
	unsigned k;

	for (k = 0; k < cmp->nruns; k++)
		if (row->cell[k] < 0) {
			next = xasprintf("%s%s%s", out, *out ? "; " : "", cmp->runs[k].label);
			free(out);
			out = next;
		}
	return out;
}

/*
 * The name of a column of compare.csv (and of the workbook's sheets, which
 * hold the same columns): run k's figure ("gp2 IOPS"), its ratio to the
 * first run ("gp2/standard IOPS"), or the winner ("winner IOPS").  Caller frees.
 */
char *
compare_head(const struct compare *cmp, enum compare_column kind, unsigned k, enum compare_metric m)
{
	const char *what = m == COMPARE_P99 && kind != COMPARE_COL_VALUE ? "p99" :
	    compare_metric_name(m);

	if (kind == COMPARE_COL_VALUE)
		return xasprintf("%s %s", cmp->runs[k].label, what);
	if (kind == COMPARE_COL_RATIO)
		return xasprintf("%s/%s %s", cmp->runs[k].label, cmp->runs[0].label, what);
	return xasprintf("winner %s", what);
}

