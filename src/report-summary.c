/*
 * The characterization summary every report shows first: per mode the peak
 * IOPS and bandwidth and where they were reached, QD1 4 KiB latency, the
 * knee between IOPS-bound and bandwidth-bound block sizes, and the
 * BW = IOPS x bs checks.  Built once from struct results; the writers only
 * format it.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/*
 * The knee.  A volume that can do at most I IOPS and B bytes/s gives, at
 * block size bs, IOPS = min(I, B / bs): flat (IOPS-bound) for small blocks,
 * falling as 1/bs (bandwidth-bound) for large ones.  In log space that is two
 * straight lines of known slope, 0 and -1, meeting at bs = B / I.
 *
 * We fit exactly that model by least squares in log space.  The points are
 * sorted by block size and every split k (the first k points on the IOPS
 * line, the rest on the bandwidth line) is tried: with the slopes fixed, the
 * best log I for a split is the mean of log IOPS on its side and the best
 * log B the mean of log(IOPS x bs) on the other, so each split costs one
 * pass and the split with the smallest squared error wins.  Geometric means
 * make a single noisy point pull the caps by its share only.
 *
 * A two-line model always fits noise at least as well as one line, so a
 * side counts only if it moves the curve by more than KNEE_SIDE_MIN (25%,
 * far above the few percent of run-to-run noise): the largest block size
 * must fall clearly below the IOPS plateau, and the smallest clearly below
 * the bandwidth plateau.  Otherwise the mode is IOPS-bound (or
 * bandwidth-bound) over every size measured, and that one cap is the mean
 * over all points.  Fewer than KNEE_POINTS_MIN block sizes, or a span under
 * KNEE_SPAN_MIN x, cannot tell the lines apart.  On a soft knee (QD1, where
 * latency = a + bs / B) the fit finds the asymptotes; the caps are then
 * close to, and a little under, the true limits.
 */
#define KNEE_SIDE_MIN	1.25
#define KNEE_POINTS_MIN	3
#define KNEE_SPAN_MIN	4

/* A cell that moved data: finished, or failed after some I/O. */
bool
report_has_figures(const struct cell_result *r)
{
	return (r->status == CELL_OK || r->status == CELL_FAILED) && r->ios > 0 &&
	    r->runtime_ns > 0;
}

/* The nearest power of two (in log space) to v bytes, as a human size: "64 KiB". */
static void
pow2_human(double v, char *buf, size_t len)
{
	double e = round(log2(v > 1 ? v : 1));

	size_human(1ULL << (e < 62 ? (int)e : 62), buf, len);
}

/* The one-sentence verdict of a knee. */
static void
knee_text(struct knee *k)
{
	char a[32], b[32], c[32], d[32], e[32], f[32];

	switch (k->kind) {
	case KNEE_TOO_FEW:
		if (k->npoints < KNEE_POINTS_MIN)
			snprintf(k->text, sizeof k->text, "too few block sizes to find a knee "
			    "(%u measured; need %d)", k->npoints, KNEE_POINTS_MIN);
		else
			snprintf(k->text, sizeof k->text, "block sizes span too little to find a "
			    "knee (%s to %s; need %dx)", size_human(k->bs_min, a, sizeof a),
			    size_human(k->bs_max, b, sizeof b), KNEE_SPAN_MIN);
		break;
	case KNEE_FOUND:
		pow2_human(k->knee_bs, a, sizeof a);
		snprintf(k->text, sizeof k->text, "IOPS-bound below ~%s at ~%s IOPS; "
		    "bandwidth-bound above at ~%s MiB/s (~%s MB/s)", a,
		    report_approx(k->iops_cap, b, sizeof b), report_approx(k->bw_cap / MIB, c, sizeof c),
		    report_approx(k->bw_cap / 1e6, d, sizeof d));
		break;
	case KNEE_IOPS_BOUND:
		snprintf(k->text, sizeof k->text, "IOPS-bound at every block size measured (%s to %s) "
		    "at ~%s IOPS; no bandwidth limit reached (up to %s MiB/s at %s)",
		    size_human(k->bs_min, a, sizeof a), size_human(k->bs_max, b, sizeof b),
		    report_approx(k->iops_cap, c, sizeof c), report_num(k->peak_bw / MIB, 1, d, sizeof d),
		    size_human(k->peak_bw_bs, e, sizeof e));
		break;
	case KNEE_BW_BOUND:
		snprintf(k->text, sizeof k->text, "bandwidth-bound at every block size measured "
		    "(%s to %s) at ~%s MiB/s (~%s MB/s); no IOPS limit reached (up to %s IOPS at %s)",
		    size_human(k->bs_min, a, sizeof a), size_human(k->bs_max, b, sizeof b),
		    report_approx(k->bw_cap / MIB, c, sizeof c), report_approx(k->bw_cap / 1e6, d, sizeof d),
		    report_num(k->peak_iops, 0, e, sizeof e), size_human(k->peak_iops_bs, f, sizeof f));
		break;
	}
}

/*
 * The usable points of n_in (block size, IOPS) into bs[] and iops[], sorted
 * by block size, IOPS <= 0 left out, a repeated size keeping its best IOPS.
 * Returns how many.
 */
static unsigned
knee_points(const uint64_t *bs_in, const double *iops_in, unsigned n_in, uint64_t *bs,
    double *iops)
{
	unsigned n = 0, i, j;

	for (i = 0; i < n_in; i++) {
		if (!(iops_in[i] > 0) || bs_in[i] == 0)
			continue;
		for (j = 0; j < n && bs[j] < bs_in[i]; j++)
			;
		if (j < n && bs[j] == bs_in[i]) {
			if (iops_in[i] > iops[j])
				iops[j] = iops_in[i];
			continue;
		}
		memmove(bs + j + 1, bs + j, (n - j) * sizeof *bs);
		memmove(iops + j + 1, iops + j, (n - j) * sizeof *iops);
		bs[j] = bs_in[i];
		iops[j] = iops_in[i];
		n++;
	}
	return n;
}

/* The span and the peaks of the points, for every verdict. */
static void
knee_peaks(struct knee *k, const uint64_t *bs, const double *iops, unsigned n)
{
	unsigned i;

	k->npoints = n;
	if (n > 0) {
		k->bs_min = bs[0];
		k->bs_max = bs[n - 1];
	}
	for (i = 0; i < n; i++) {
		if (iops[i] > k->peak_iops) {
			k->peak_iops = iops[i];
			k->peak_iops_bs = bs[i];
		}
		if (iops[i] * (double)bs[i] > k->peak_bw) {
			k->peak_bw = iops[i] * (double)bs[i];
			k->peak_bw_bs = bs[i];
		}
	}
}

/*
 * The split of the least squared error: the first split points on the IOPS
 * line (log I = *li), the rest on the bandwidth line (log B = *lB).  u is
 * log IOPS, v log(IOPS x bs), lb log bs.
 */
static unsigned
knee_best_split(const double *u, const double *v, const double *lb, unsigned n, double *li,
    double *lB)
{
	double best_sse = INFINITY;
	unsigned split, i, best = 0;

	*li = *lB = 0;
	for (split = 0; split <= n; split++) {
		double si = 0, sB = 0, sse = 0;

		for (i = 0; i < split; i++)
			si += u[i];
		for (i = split; i < n; i++)
			sB += v[i];
		si = split > 0 ? si / split : 0;
		sB = split < n ? sB / (n - split) : 0;
		for (i = 0; i < n; i++) {
			double m = split == 0 ? sB - lb[i] : split == n ? si : fmin(si, sB - lb[i]);

			sse += (u[i] - m) * (u[i] - m);
		}
		if (sse < best_sse) {
			best_sse = sse;
			best = split;
			*li = si;
			*lB = sB;
		}
	}
	return best;
}

/* Fit the two lines to n sorted points (enough of them, spanning enough) and set k's kind and caps. */
static void
knee_fit(struct knee *k, const uint64_t *bs, const double *iops, unsigned n)
{
	double *u = xcalloc(n, sizeof *u), *v = xcalloc(n, sizeof *v), *lb = xcalloc(n, sizeof *lb);
	double li, lB;
	unsigned i, best;

	for (i = 0; i < n; i++) {
		lb[i] = log((double)bs[i]);
		u[i] = log(iops[i]);
		v[i] = u[i] + lb[i];
	}
	best = knee_best_split(u, v, lb, n, &li, &lB);
	if (best > 0 && best < n) {
		double I = exp(li), B = exp(lB);
		bool bw_side = iops[n - 1] * KNEE_SIDE_MIN < I;
		bool iops_side = iops[0] * (double)bs[0] * KNEE_SIDE_MIN < B;

		if (bw_side && iops_side) {
			k->kind = KNEE_FOUND;
			k->iops_cap = I;
			k->bw_cap = B;
			k->knee_bs = B / I;
		} else
			best = bw_side ? 0 : n;
	}
	if (best == n) {
		k->kind = KNEE_IOPS_BOUND;
		for (li = 0, i = 0; i < n; i++)
			li += u[i];
		k->iops_cap = exp(li / n);
	} else if (best == 0) {
		k->kind = KNEE_BW_BOUND;
		for (lB = 0, i = 0; i < n; i++)
			lB += v[i];
		k->bw_cap = exp(lB / n);
	}
	free(u);
	free(v);
	free(lb);
}

/*
 * Find the knee of n points (block size in bytes, IOPS), in any order;
 * points with IOPS <= 0 are ignored.  The method is described above.
 */
void
report_summary_knee(const uint64_t *bs_in, const double *iops_in, unsigned n_in, struct knee *k)
{
	uint64_t *bs = xcalloc(n_in ? n_in : 1, sizeof *bs);
	double *iops = xcalloc(n_in ? n_in : 1, sizeof *iops);
	unsigned n = knee_points(bs_in, iops_in, n_in, bs, iops);

	memset(k, 0, sizeof *k);
	k->kind = KNEE_TOO_FEW;
	knee_peaks(k, bs, iops, n);
	if (n >= KNEE_POINTS_MIN && k->bs_max >= KNEE_SPAN_MIN * k->bs_min)
		knee_fit(k, bs, iops, n);
	knee_text(k);
	free(bs);
	free(iops);
}

/* "4 KiB, QD8" or "4 KiB, QD8, 4 jobs": where a figure was reached. */
const char *
report_summary_at(const struct cell_result *r, char *buf, size_t len)
{
	char bs[32];

	size_human(r->cell.bs, bs, sizeof bs);
	if (r->cell.jobs > 1)
		snprintf(buf, len, "%s, QD%u, %u jobs", bs, r->cell.depth, r->cell.jobs);
	else
		snprintf(buf, len, "%s, QD%u", bs, r->cell.depth);
	return buf;
}

/* A series key while the grid is built: the mode's rank in the plan, depth, jobs. */
struct grid_key {
	unsigned	rank, depth, jobs;
};

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Order of series: mode as first seen in the plan, then depth, then jobs. */
static int
cmp_key(const void *a, const void *b)
{
	const struct grid_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/* Depth x jobs only: the order of the variants (dash and marker) shared by every mode. */
static int
cmp_variant(const void *a, const void *b)
{
	const struct grid_key *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/*
 * The distinct block sizes and series of the cells with figures, and which
 * cell is where (a later cell of the same mode, size, depth and jobs wins).
 * Sorting keeps it O(n log n) on any results.json.
 */
static void
summary_grid(const struct results *res, struct summary *s, const unsigned *rank)
{
	size_t cap = res->plan.ncells ? res->plan.ncells : 1;
	struct grid_key *keys = xcalloc(cap, sizeof *keys), *pairs;
	unsigned i, j, n = 0, nkeys = 0, npairs = 0;

	s->bs = xcalloc(cap, sizeof *s->bs);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!report_has_figures(r))
			continue;
		s->bs[n++] = r->cell.bs;
		keys[nkeys++] = (struct grid_key){ rank[r->cell.mode], r->cell.depth, r->cell.jobs };
	}
	qsort(s->bs, n, sizeof *s->bs, cmp_u64);
	for (i = 0; i < n; i++)
		if (s->nbs == 0 || s->bs[s->nbs - 1] != s->bs[i])
			s->bs[s->nbs++] = s->bs[i];
	qsort(keys, nkeys, sizeof *keys, cmp_key);
	for (i = 0, n = 0; i < nkeys; i++)
		if (n == 0 || cmp_key(&keys[n - 1], &keys[i]) != 0)
			keys[n++] = keys[i];
	nkeys = n;

	/* Variants: the distinct depth x jobs pairs, sorted. */
	pairs = xcalloc(nkeys ? nkeys : 1, sizeof *pairs);
	memcpy(pairs, keys, nkeys * sizeof *keys);
	qsort(pairs, nkeys, sizeof *pairs, cmp_variant);
	for (i = 0; i < nkeys; i++)
		if (npairs == 0 || cmp_variant(&pairs[npairs - 1], &pairs[i]) != 0)
			pairs[npairs++] = pairs[i];

	s->series = xcalloc(nkeys ? nkeys : 1, sizeof *s->series);
	s->nseries = nkeys;
	for (j = 0; j < nkeys; j++) {
		struct summary_series *se = &s->series[j];
		const struct grid_key *v = bsearch(&keys[j], pairs, npairs, sizeof *pairs, cmp_variant);

		for (i = 0; i < MODE_COUNT; i++)
			if (rank[i] == keys[j].rank)
				se->mode = (enum rw_mode)i;
		se->depth = keys[j].depth;
		se->jobs = keys[j].jobs;
		se->variant = v != NULL ? (unsigned)(v - pairs) : 0;
		if (s->multi_jobs) {
			snprintf(se->column, sizeof se->column, "QD%u x%u", se->depth, se->jobs);
			snprintf(se->name, sizeof se->name, "%s QD%u x%u jobs", mode_name(se->mode),
			    se->depth, se->jobs);
		} else {
			snprintf(se->column, sizeof se->column, "QD%u", se->depth);
			snprintf(se->name, sizeof se->name, "%s QD%u", mode_name(se->mode), se->depth);
		}
		se->cell = xcalloc(s->nbs ? s->nbs : 1, sizeof *se->cell);
		for (i = 0; i < s->nbs; i++)
			se->cell[i] = -1;
	}
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		struct grid_key k;
		const struct grid_key *hit;
		const uint64_t *b;

		if (!report_has_figures(r))
			continue;
		k = (struct grid_key){ rank[r->cell.mode], r->cell.depth, r->cell.jobs };
		hit = bsearch(&k, keys, nkeys, sizeof *keys, cmp_key);
		b = bsearch(&r->cell.bs, s->bs, s->nbs, sizeof *s->bs, cmp_u64);
		if (hit != NULL && b != NULL)
			s->series[hit - keys].cell[b - s->bs] = (int)i;
	}
	free(keys);
	free(pairs);
}

/*
 * The series that stands for a mode in the latency chart and sheet: its
 * lowest depth (then jobs) with a latency figure; -1 when none has one.
 */
static int
summary_lat_series(const struct results *res, const struct summary *s, enum rw_mode mode)
{
	unsigned i, b;

	/* Series are sorted by depth, then jobs. */
	for (i = 0; i < s->nseries; i++) {
		if (s->series[i].mode != mode)
			continue;
		for (b = 0; b < s->nbs; b++)
			if (s->series[i].cell[b] >= 0 && res->cells[s->series[i].cell[b]].lat_pct_ns[0] > 0)
				return (int)i;
	}
	return -1;
}

/* Append a sentence part to a summary text. */
static void
summary_add(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
summary_add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* Slack before a peak counts as above a cap: a cap is a rate the volume is held to, not a bound. */
#define EXPECT_ABOVE	1.05

/*
 * One figure against its caps: "peak 3,050 IOPS: 102% of the provisioned
 * 3,000 IOPS", and why a figure above the cap may be there.  Returns true
 * when it is above both the cap and the burst.
 */
static bool
summary_expect_figure(char *buf, size_t len, bool bw, double peak, double cap, double burst,
    double floor, bool said)
{
	char a[32], b[32], c[32];
	bool above = false;

	if (bw)
		snprintf(a, sizeof a, "%s MiB/s", report_num(peak / MIB, 1, c, sizeof c));
	else
		snprintf(a, sizeof a, "%s IOPS", report_num(peak, 0, c, sizeof c));
	if (cap > 0) {
		if (bw)
			profile_rate_text(cap, b, sizeof b);
		else
			snprintf(b, sizeof b, "%s IOPS", report_num(cap, 0, c, sizeof c));
		summary_add(buf, len, "%speak %s: %.0f%% of the provisioned %s", buf[0] ? "; " : "",
		    a, peak / cap * 100, b);
	} else
		summary_add(buf, len, "%speak %s", buf[0] ? "; " : "", a);
	if (cap > 0 && peak > cap * EXPECT_ABOVE && burst > 0 && peak <= burst * EXPECT_ABOVE) {
		if (bw)
			profile_rate_text(burst, b, sizeof b);
		else
			snprintf(b, sizeof b, "%s IOPS", report_num(burst, 0, c, sizeof c));
		summary_add(buf, len, ", above the baseline but within the burst of %s (burst credits)",
		    b);
	} else if (cap > 0 && peak > (burst > cap ? burst : cap) * EXPECT_ABOVE) {
		if (said)
			summary_add(buf, len, ", ABOVE the cap%s too", burst > 0 ? " and its burst" : "");
		else
			summary_add(buf, len, ", ABOVE the cap%s: likely a cache (page cache, a buffered "
			    "loop device, the hypervisor's host cache) or a profile that does not fit this "
			    "volume", burst > 0 ? " and its burst" : "");
		above = true;
	}
	if (floor > 0 && peak < floor) {
		if (bw)
			profile_rate_text(floor, b, sizeof b);
		else
			snprintf(b, sizeof b, "%s IOPS", report_num(floor, 0, c, sizeof c));
		summary_add(buf, len, ", below the published floor of %s", b);
	}
	return above;
}

/* Each mode's peaks against results.expect. */
static void
summary_expect(const struct results *res, struct summary *s)
{
	const struct expect *e = &res->expect;
	unsigned m;

	if (!e->set)
		return;
	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];

		if (sm->peak_iops >= 0 && (e->iops > 0 || e->iops_floor > 0)) {
			double v = res->cells[sm->peak_iops].iops;

			sm->iops_pct = e->iops > 0 ? v / e->iops * 100 : 0;
			sm->above_cap |= summary_expect_figure(sm->expect_text, sizeof sm->expect_text,
			    false, v, e->iops, e->burst_iops, e->iops_floor, false);
		}
		if (sm->peak_bw >= 0 && (e->bw_bytes_s > 0 || e->bw_floor_bytes_s > 0)) {
			double v = res->cells[sm->peak_bw].bw_bytes_s;

			sm->bw_pct = e->bw_bytes_s > 0 ? v / e->bw_bytes_s * 100 : 0;
			sm->above_cap |= summary_expect_figure(sm->expect_text, sizeof sm->expect_text,
			    true, v, e->bw_bytes_s, e->burst_bw_bytes_s, e->bw_floor_bytes_s,
			    sm->above_cap);
		}
		if (sm->expect_text[0] == '\0')
			snprintf(sm->expect_text, sizeof sm->expect_text, "no clean cell to compare");
	}
}

/* The caps of an expectation in a few words: "300 IOPS (burst 3,000), 128 MiB/s". */
const char *
report_summary_caps(const struct expect *e, char *buf, size_t len)
{
	char a[32], b[32];

	buf[0] = '\0';
	if (e->iops > 0) {
		summary_add(buf, len, "%s IOPS", report_num(e->iops, 0, a, sizeof a));
		if (e->burst_iops > 0)
			summary_add(buf, len, " (burst %s)", report_num(e->burst_iops, 0, a, sizeof a));
		if (e->iops_floor > 0)
			summary_add(buf, len, " (published range from %s)",
			    report_num(e->iops_floor, 0, a, sizeof a));
	}
	if (e->bw_bytes_s > 0) {
		summary_add(buf, len, "%s%s", buf[0] ? ", " : "", profile_rate_text(e->bw_bytes_s, a,
		    sizeof a));
		if (e->burst_bw_bytes_s > 0)
			summary_add(buf, len, " (burst %s)", profile_rate_text(e->burst_bw_bytes_s, b,
			    sizeof b));
		if (e->bw_floor_bytes_s > 0)
			summary_add(buf, len, " (published range from %s)",
			    profile_rate_text(e->bw_floor_bytes_s, b, sizeof b));
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "none");
	return buf;
}

/* Burst detection on every cell with a per-second series. */
static void
summary_bursts(const struct results *res, struct summary *s)
{
	unsigned i;

	s->burst = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->burst);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		s->burst[i].kind = BURST_TOO_SHORT;
		if (!report_has_figures(r) || r->nseries == 0)
			continue;
		report_burst_detect(r->series_ios, r->nseries, &s->burst[i]);
		if (r->nseries > s->longest_series_s)
			s->longest_series_s = r->nseries;
		if (s->burst[i].kind != BURST_TOO_SHORT)
			s->nburst_long++;
		if (s->burst[i].kind == BURST_CLIFF)
			s->nburst++;
	}
}

/* "read 4K QD1", or "read 4K QD1 x4" when some cell ran more than one job: a cell in a list. */
const char *
report_summary_cell_name(const struct summary *s, const struct cell_result *r, char *buf,
    size_t len)
{
	char bs[32];

	report_size_label(r->cell.bs, bs, sizeof bs);
	if (s->multi_jobs)
		snprintf(buf, len, "%s %s QD%u x%u", mode_name(r->cell.mode), bs, r->cell.depth,
		    r->cell.jobs);
	else
		snprintf(buf, len, "%s %s QD%u", mode_name(r->cell.mode), bs, r->cell.depth);
	return buf;
}

/* Whether cell i (an index into results.cells, -1 none) is noisy or stalled: its figures are marked. */
bool
report_summary_suspect(const struct results *res, int i)
{
	return i >= 0 && stability_suspect(&res->cells[i].stability);
}

/*
 * The cells' verdicts: how many of each, the list of those not steady
 * (stalled first, then noisy, each in plan order), and per mode which of
 * the knee's points are not steady.  The knee takes the best IOPS of the
 * clean cells at each block size (knee_points), so those are the cells
 * looked at here, through the grid of series by block size.
 */
static void
summary_stability(const struct results *res, struct summary *s)
{
	unsigned n = res->plan.ncells, i, b, m, pass;

	s->unsteady = xcalloc(n ? n : 1, sizeof *s->unsteady);
	for (i = 0; i < n; i++)
		if (report_has_figures(&res->cells[i]))
			s->nverdict[res->cells[i].stability.verdict]++;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++)
			if (report_has_figures(&res->cells[i]) && res->cells[i].stability.verdict ==
			    (pass == 0 ? STABILITY_STALLED : STABILITY_NOISY))
				s->unsteady[s->nunsteady++] = i;
	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];

		sm->knee_unsteady = xcalloc(s->nbs ? s->nbs : 1, sizeof *sm->knee_unsteady);
		for (b = 0; b < s->nbs; b++) {
			int best = -1;

			for (i = 0; i < s->nseries; i++) {
				int c = s->series[i].cell[b];

				if (s->series[i].mode != sm->mode || c < 0 ||
				    res->cells[c].status != CELL_OK || !(res->cells[c].iops > 0))
					continue;
				if (best < 0 || res->cells[c].iops > res->cells[best].iops)
					best = c;
			}
			if (report_summary_suspect(res, best))
				sm->knee_unsteady[sm->nknee_unsteady++] = (unsigned)best;
		}
	}
}

/* Fill s from res; report_summary_free() releases it. */
void
report_summary_build(const struct results *res, struct summary *s)
{
	unsigned rank[MODE_COUNT], i, m;
	bool seen[MODE_COUNT] = { false };

	memset(s, 0, sizeof *s);
	for (m = 0; m < MODE_COUNT; m++)
		rank[m] = MODE_COUNT;
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		enum rw_mode mode = res->plan.cells[i].mode;

		if (!seen[mode]) {
			seen[mode] = true;
			rank[mode] = s->nmodes;
			s->modes[s->nmodes].mode = mode;
			s->modes[s->nmodes].peak_iops = -1;
			s->modes[s->nmodes].peak_bw = -1;
			s->modes[s->nmodes].qd1_4k = -1;
			s->modes[s->nmodes].lat_series = -1;
			s->nmodes++;
		}
		if (r->status == CELL_SKIPPED)
			s->nskipped++;
		if (r->status == CELL_FAILED)
			s->nfailed++;
		if (report_has_figures(r) && r->cell.jobs > 1)
			s->multi_jobs = true;
	}
	summary_grid(res, s, rank);
	s->mismatch = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->mismatch);

	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];
		uint64_t *bs = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *bs);
		double *iops = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *iops);
		unsigned n = 0, k;

		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];

			if (r->cell.mode != sm->mode || !report_has_figures(r))
				continue;
			sm->ncells++;
			for (k = 0; k < r->nseries && r->series_ios[k] == 0; k++)
				;
			if (k < r->nseries)
				sm->ntimed++;
			if (r->lat_pct_ns[0] > 0)
				s->has_latency = true;
			if (r->iops > 0)
				s->has_iops = true;
			if (r->bw_bytes_s > 0)
				s->has_bw = true;
			/* Peaks and the knee come from clean cells only: a failed cell's figures are partial. */
			if (r->status != CELL_OK || !(r->iops > 0))
				continue;
			if (sm->peak_iops < 0 || r->iops > res->cells[sm->peak_iops].iops)
				sm->peak_iops = (int)i;
			if (sm->peak_bw < 0 || r->bw_bytes_s > res->cells[sm->peak_bw].bw_bytes_s)
				sm->peak_bw = (int)i;
			if (r->cell.bs == 4 * KIB && r->cell.depth == 1 && r->cell.jobs == 1)
				sm->qd1_4k = (int)i;
			/* The knee uses the best of every depth and job count at each size. */
			bs[n] = r->cell.bs;
			iops[n] = r->iops;
			n++;
		}
		report_summary_knee(bs, iops, n, &sm->knee);
		free(bs);
		free(iops);
		sm->lat_series = summary_lat_series(res, s, sm->mode);
	}

	summary_expect(res, s);
	summary_bursts(res, s);
	summary_stability(res, s);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!report_has_figures(r))
			continue;
		s->ndone++;
		if (r->check.ok)
			s->npass++;
		else
			s->mismatch[s->nmismatch++] = i;
	}
}

/* Free what report_summary_build() allocated. */
void
report_summary_free(struct summary *s)
{
	unsigned i;

	for (i = 0; i < s->nseries; i++)
		free(s->series[i].cell);
	for (i = 0; i < s->nmodes; i++)
		free(s->modes[i].knee_unsteady);
	free(s->unsteady);
	free(s->series);
	free(s->bs);
	free(s->mismatch);
	free(s->burst);
	memset(s, 0, sizeof *s);
}
