/*
 * Jobs as a dimension: when a workload ran at several job counts, its IOPS
 * by block size and depth (rows) and job count (columns), so a reader sees
 * at a glance whether more jobs help, and at which depth; a row per
 * workload and block size gives the saturating depth at each job count
 * (analysis_saturation_depth, as the summary's own at the lowest count),
 * and a last column says how IOPS scale with jobs on the row.  Empty (no
 * rows) when no workload ran at two job counts: view_build() leaves it out.
 * A large run (view_big()) has too many depths for a row each: per
 * workload and block size, each job count's best over every depth, where
 * it is, and the saturating depths, and the table's note says so.  The
 * heat maps (report-gnuplot-jobs.c) find their cells here too.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "view/view.h"

/* A change in IOPS from one job count to the best under this share is no change. */
#define JOBS_SAME	0.05

/* A text at row, col. */
static void
jobs_text(struct view_table *t, unsigned row, unsigned col, const char *text)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	vc->kind = VIEW_TEXT;
	vc->text = xstrdup(text);
}

/* Sort v[0..n) ascending (a few job counts or depths: insertion sort). */
static void
jobs_sort(unsigned *v, unsigned n)
{
	unsigned i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			unsigned t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

/*
 * The series of workload wl: sum->series[*lo..return), by depth, then jobs
 * (summary_grid sorts them by workload, depth, jobs).
 */
static unsigned
jobs_span(const struct summary *sum, unsigned wl, unsigned *lo)
{
	unsigned a = 0, b = sum->nseries, m;

	while (a < b) {
		m = a + (b - a) / 2;
		if (sum->series[m].wl < wl)
			a = m + 1;
		else
			b = m;
	}
	*lo = a;
	for (b = sum->nseries; a < b;) {
		m = a + (b - a) / 2;
		if (sum->series[m].wl <= wl)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

/* Whether cell c is one the table and the heat map show: ok, with IOPS. */
static bool
jobs_ok(const struct results *res, int c)
{
	return c >= 0 && res->cells[c].status == CELL_OK && res->cells[c].iops > 0;
}

/* The distinct job counts of workload wl's series, ascending, into jobs (room for its series). */
unsigned
view_jobs_counts(const struct summary *sum, unsigned wl, unsigned *jobs)
{
	unsigned lo, hi = jobs_span(sum, wl, &lo), i, j, n = 0;

	for (i = lo; i < hi; i++) {
		for (j = 0; j < n && jobs[j] != sum->series[i].jobs; j++)
			;
		if (j == n)
			jobs[n++] = sum->series[i].jobs;
	}
	jobs_sort(jobs, n);
	return n;
}

/*
 * The depths of workload wl with a cell at block size b, ascending, into
 * depth (room for its series).
 */
unsigned
view_jobs_depths(const struct summary *sum, unsigned wl, unsigned b, unsigned *depth)
{
	unsigned lo, hi = jobs_span(sum, wl, &lo), i, n = 0;

	for (i = lo; i < hi; i++)
		if (sum->series[i].cell[b] >= 0 && (n == 0 || depth[n - 1] != sum->series[i].depth))
			depth[n++] = sum->series[i].depth;
	return n;
}

/* The cell of workload wl at block size b, depth and jobs when it is ok with IOPS; else -1. */
int
view_jobs_cell(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    unsigned depth, unsigned jobs)
{
	const struct summary_series *se;
	unsigned lo, hi = jobs_span(sum, wl, &lo), m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		se = &sum->series[m];
		if (se->depth == depth && se->jobs == jobs)
			return jobs_ok(res, se->cell[b]) ? se->cell[b] : -1;
		if (se->depth < depth || (se->depth == depth && se->jobs < jobs))
			lo = m + 1;
		else
			hi = m;
	}
	return -1;
}

/*
 * The cell of workload wl at block size b and jobs with the most IOPS over
 * every depth (the shallowest of equals), ok; -1 none.
 */
int
view_jobs_best(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    unsigned jobs)
{
	unsigned lo, hi = jobs_span(sum, wl, &lo), i;
	int best = -1, c;

	for (i = lo; i < hi; i++) {
		if (sum->series[i].jobs != jobs || !jobs_ok(res, c = sum->series[i].cell[b]))
			continue;
		if (best < 0 || res->cells[c].iops > res->cells[best].iops)
			best = c;
	}
	return best;
}

/*
 * How IOPS scale with jobs along a row: "best at 2 jobs (+12% over 1 job);
 * 16 jobs: -31%"; "no change with jobs" when all are within JOBS_SAME.
 */
static void
jobs_scaling(const double *iops, const unsigned *jobs, unsigned n, char *buf, size_t len)
{
	unsigned i, best = 0, first = n, last = n;
	char a[32], pct[24];

	for (i = 0; i < n; i++) {
		if (!(iops[i] > 0))
			continue;
		if (first == n)
			first = i;
		last = i;
		if (iops[i] > iops[best] || !(iops[best] > 0))
			best = i;
	}
	if (first == n || first == last) {
		snprintf(buf, len, "one job count measured");
		return;
	}
	if (iops[best] < iops[first] * (1 + JOBS_SAME) && iops[last] > iops[best] * (1 - JOBS_SAME)) {
		snprintf(buf, len, "no change with jobs (within %.0f%%)", JOBS_SAME * 100);
		return;
	}
	if (best == first)
		snprintf(buf, len, "best at %u job%s (%s IOPS)", jobs[best], jobs[best] == 1 ? "" : "s",
		    view_num(iops[best], 0, a, sizeof a));
	else
		snprintf(buf, len, "best at %u job%s (%s IOPS, %s over %u job%s)", jobs[best],
		    jobs[best] == 1 ? "" : "s", view_num(iops[best], 0, a, sizeof a),
		    view_pct((iops[best] / iops[first] - 1) * 100, true, pct, sizeof pct),
		    jobs[first], jobs[first] == 1 ? "" : "s");
	if (last != best && iops[last] < iops[best] * (1 - JOBS_SAME))
		snprintf(buf + strlen(buf), len - strlen(buf), "; %u jobs: %.0f%% below the best",
		    jobs[last], (1 - iops[last] / iops[best]) * 100);
}

/*
 * Whether cell c is fio clones whose windows differ widely: its figure is
 * the rate of no one window, so no ranking of job counts or depths rests
 * on it (it is shown, marked).
 */
static bool
jobs_skewed(const struct results *res, int c)
{
	return (view_caveats(res, c) & VIEW_CLONES) != 0;
}

/*
 * The row of workload wl at block size b that gives each job count's
 * saturating depth: where IOPS stop growing with depth (of the ndepth in
 * depth, three at least), clones far apart left out.
 */
static void
jobs_saturating(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    const unsigned *depth, unsigned ndepth, const unsigned *jobs, unsigned njobs,
    struct view_table *t)
{
	unsigned *dcol = xcalloc(ndepth + 1, sizeof *dcol), i, j, row, r;
	double *col = xcalloc(ndepth + 1, sizeof *col);
	char bs[32], label[96], text[32], qd[16];
	bool plus = false, said = false;

	view_size_label(sum->bs[b], bs, sizeof bs);
	snprintf(label, sizeof label, "%s %s saturating depth", sum->modes[wl].name, bs);
	row = view_table_add_row(t, label, (double)sum->bs[b]);
	for (j = 0; j < njobs; j++) {
		unsigned n = 0;
		int at;

		for (i = 0; i < ndepth; i++) {
			int c = view_jobs_cell(res, sum, wl, b, depth[i], jobs[j]);

			if (c >= 0 && !jobs_skewed(res, c)) {
				dcol[n] = depth[i];
				col[n++] = res->cells[c].iops;
			}
		}
		if (n < SATURATION_MIN_DEPTHS)
			continue;
		at = analysis_saturation_depth(dcol, col, n);
		snprintf(text, sizeof text, "%s%s", qd_text(dcol[at], qd, sizeof qd),
		    at == (int)n - 1 ? "+" : "");
		plus |= at == (int)n - 1;
		jobs_text(t, row, j, text);
	}
	/* What "+" means, once a table, on the first row that has one (it is no finding). */
	for (r = 0; r < row && !said; r++) {
		const struct view_cell *vc = view_table_cell(t, r, njobs);

		said = vc->kind == VIEW_TEXT && vc->text != NULL &&
		    strncmp(vc->text, "QDn+", 4) == 0;
	}
	if (plus && !said)
		jobs_text(t, row, njobs, "QDn+: still growing at the deepest depth");
	free(dcol);
	free(col);
}

/*
 * The rows of workload wl at block size b: a row per depth, then its
 * saturating depths; clones that ran windows far apart (jobs_skewed) are
 * left out of both.
 */
static void
jobs_rows(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    const unsigned *jobs, unsigned njobs, struct view_table *t)
{
	unsigned *depth = xcalloc(sum->nseries + 1, sizeof *depth), ndepth, i, j, row;
	double *iops = xcalloc(njobs, sizeof *iops);
	char bs[32], label[96], text[224], qd[16];

	view_size_label(sum->bs[b], bs, sizeof bs);
	ndepth = view_jobs_depths(sum, wl, b, depth);
	for (i = 0; i < ndepth; i++) {
		unsigned skewed = 0;

		snprintf(label, sizeof label, "%s %s %s", sum->modes[wl].name, bs,
		    qd_text(depth[i], qd, sizeof qd));
		row = view_table_add_row(t, label, (double)sum->bs[b]);
		for (j = 0; j < njobs; j++) {
			int c = view_jobs_cell(res, sum, wl, b, depth[i], jobs[j]);

			iops[j] = 0;
			if (c < 0)
				continue;
			view_cell_number(t, row, j, res->cells[c].iops, c);
			view_cell_unsteady(view_table_cell(t, row, j), res, c);
			if (jobs_skewed(res, c))
				skewed++;
			else
				iops[j] = res->cells[c].iops;
		}
		jobs_scaling(iops, jobs, njobs, text, sizeof text);
		if (skewed > 0 && strncmp(text, "one job count", 13) == 0)
			snprintf(text, sizeof text, "one job count besides %s (fio clones' windows "
			    "differ): no ranking", REPORT_CLONES_MARK);
		else if (skewed > 0)
			str_catf(text, sizeof text, "; %s left out (fio clones' windows differ)",
			    REPORT_CLONES_MARK);
		jobs_text(t, row, njobs, text);
	}
	if (ndepth >= SATURATION_MIN_DEPTHS)
		jobs_saturating(res, sum, wl, b, depth, ndepth, jobs, njobs, t);
	free(depth);
	free(iops);
}

/*
 * A large run's rows of workload wl at block size b, too many depths for
 * a row each: each job count's best over every depth and how IOPS scale
 * with jobs, the depth of each best, then the saturating depths.
 */
static void
jobs_rows_best(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    const unsigned *jobs, unsigned njobs, struct view_table *t)
{
	unsigned *depth = xcalloc(sum->nseries + 1, sizeof *depth), ndepth, j, row, at;
	double *iops;
	int best;
	char bs[32], label[96], text[224], qd[16];

	if ((ndepth = view_jobs_depths(sum, wl, b, depth)) == 0) {
		free(depth);
		return;
	}
	iops = xcalloc(njobs, sizeof *iops);
	view_size_label(sum->bs[b], bs, sizeof bs);
	snprintf(label, sizeof label, "%s %s best", sum->modes[wl].name, bs);
	row = view_table_add_row(t, label, (double)sum->bs[b]);
	snprintf(label, sizeof label, "%s %s best at", sum->modes[wl].name, bs);
	at = view_table_add_row(t, label, (double)sum->bs[b]);
	for (j = 0; j < njobs; j++) {
		if ((best = view_jobs_best(res, sum, wl, b, jobs[j])) < 0)
			continue;
		iops[j] = res->cells[best].iops;
		view_cell_number(t, row, j, iops[j], best);
		view_cell_unsteady(view_table_cell(t, row, j), res, best);
		jobs_text(t, at, j, qd_text(res->cells[best].cell.depth, qd, sizeof qd));
		view_table_cell(t, at, j)->cell = best;
	}
	jobs_scaling(iops, jobs, njobs, text, sizeof text);
	jobs_text(t, row, njobs, text);
	jobs_text(t, at, njobs, "the depth of each best");
	if (ndepth >= SATURATION_MIN_DEPTHS)
		jobs_saturating(res, sum, wl, b, depth, ndepth, jobs, njobs, t);
	free(depth);
	free(iops);
}

/*
 * Per workload with two job counts or more, per block size: IOPS by depth
 * x jobs; a large run's, each job count's best over every depth, said in
 * the table's note.
 */
void
view_jobs(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned *jobs = xcalloc(sum->nseries + 1, sizeof *jobs), all[64], nall = 0, wl, b, j, n;
	bool big = view_big(sum);
	char head[32], name[64], cells[32];

	/* The columns: every job count of the run, so rows of every workload line up. */
	for (wl = 0; wl < sum->nmodes; wl++) {
		n = view_jobs_counts(sum, wl, jobs);
		for (j = 0; j < n && n >= 2; j++) {
			unsigned k;

			for (k = 0; k < nall && all[k] != jobs[j]; k++)
				;
			if (k == nall && nall < sizeof all / sizeof all[0])
				all[nall++] = jobs[j];
		}
	}
	jobs_sort(all, nall);
	view_table_init(t, "IOPS by queue depth and jobs", nall + 1);
	str_copy(t->row_head, sizeof t->row_head, big ? "Mode, block size" :
	    "Mode, block size, depth");
	for (j = 0; j < nall; j++) {
		snprintf(head, sizeof head, "%u job%s", all[j], all[j] == 1 ? "" : "s");
		snprintf(name, sizeof name, "%u job%s (IOPS)", all[j], all[j] == 1 ? "" : "s");
		view_table_col(t, j, head, name, "IOPS", 0, -1);
	}
	view_table_col(t, nall, "Scaling with jobs", "Scaling with jobs", NULL, 0, -1);
	t->cols[nall].flags |= VIEW_COL_WORDS;
	for (wl = 0; wl < sum->nmodes && nall >= 2; wl++) {
		if (view_jobs_counts(sum, wl, jobs) < 2)
			continue;
		for (b = 0; b < sum->nbs; b++)
			(big ? jobs_rows_best : jobs_rows)(res, sum, wl, b, all, nall, t);
	}
	if (big && t->nrows > 0)
		t->note = xasprintf("A large run (%s cells): per mode and block size, each job "
		    "count's best IOPS over every queue depth (best), the queue depth of it (best "
		    "at) and the saturating depth, not a row per depth; results.csv and report.xlsx "
		    "(the Cells sheet) have every cell.", view_num(sum->ndone, 0, cells,
		    sizeof cells));
	free(jobs);
}
