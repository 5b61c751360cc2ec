/*
 * Jobs as a dimension: when a workload ran at several job counts, its IOPS
 * by block size and depth (rows) and job count (columns), so a reader sees
 * at a glance whether more jobs help, and at which depth; a row per
 * workload and block size gives the saturating depth at each job count
 * (analysis_saturation_depth, as the summary's own at the lowest count),
 * and a last column says how IOPS scale with jobs on the row.  Empty (no
 * rows) when no workload ran at two job counts: view_build() leaves it out.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "view.h"

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

/* The distinct job counts of workload wl's cells with figures, ascending, into jobs[]. */
static unsigned
jobs_counts(const struct summary *sum, unsigned wl, unsigned *jobs)
{
	unsigned i, j, n = 0;

	for (i = 0; i < sum->nseries; i++) {
		if (sum->series[i].wl != wl)
			continue;
		for (j = 0; j < n && jobs[j] != sum->series[i].jobs; j++)
			;
		if (j == n)
			jobs[n++] = sum->series[i].jobs;
	}
	jobs_sort(jobs, n);
	return n;
}

/* The cell of workload wl at block size b, depth and jobs; -1 none. */
static int
jobs_cell(const struct summary *sum, unsigned wl, unsigned b, unsigned depth, unsigned jobs)
{
	unsigned i;

	for (i = 0; i < sum->nseries; i++)
		if (sum->series[i].wl == wl && sum->series[i].depth == depth &&
		    sum->series[i].jobs == jobs)
			return sum->series[i].cell[b];
	return -1;
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
		    report_num(iops[best], 0, a, sizeof a));
	else
		snprintf(buf, len, "best at %u job%s (%s IOPS, %s over %u job%s)", jobs[best],
		    jobs[best] == 1 ? "" : "s", report_num(iops[best], 0, a, sizeof a),
		    report_pct((iops[best] / iops[first] - 1) * 100, true, pct, sizeof pct),
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
 * The rows of workload wl at block size b: a row per depth, then its
 * saturating depths; clones that ran windows far apart (jobs_skewed) are
 * left out of both.
 */
static void
jobs_rows(const struct results *res, const struct summary *sum, unsigned wl, unsigned b,
    const unsigned *jobs, unsigned njobs, struct view_table *t)
{
	unsigned *depth = xcalloc(sum->nseries + 1, sizeof *depth), ndepth = 0, i, j, row;
	double *iops = xcalloc(njobs, sizeof *iops), *col = xcalloc(sum->nseries + 1, sizeof *col);
	unsigned *dcol = xcalloc(sum->nseries + 1, sizeof *dcol);
	char bs[32], label[96], text[224], qd[16];

	report_size_label(sum->bs[b], bs, sizeof bs);
	for (i = 0; i < sum->nseries; i++)
		if (sum->series[i].wl == wl && sum->series[i].cell[b] >= 0) {
			for (j = 0; j < ndepth && depth[j] != sum->series[i].depth; j++)
				;
			if (j == ndepth)
				depth[ndepth++] = sum->series[i].depth;
		}
	jobs_sort(depth, ndepth);
	for (i = 0; i < ndepth; i++) {
		unsigned skewed = 0;

		snprintf(label, sizeof label, "%s %s %s", sum->modes[wl].name, bs,
		    qd_text(depth[i], qd, sizeof qd));
		row = view_table_add_row(t, label, (double)sum->bs[b]);
		for (j = 0; j < njobs; j++) {
			int c = jobs_cell(sum, wl, b, depth[i], jobs[j]);

			iops[j] = 0;
			if (c < 0 || res->cells[c].status != CELL_OK || !(res->cells[c].iops > 0))
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
	/* Where IOPS stop growing with depth, per job count (three depths at least). */
	if (ndepth >= SATURATION_MIN_DEPTHS) {
		snprintf(label, sizeof label, "%s %s saturating depth", sum->modes[wl].name, bs);
		row = view_table_add_row(t, label, (double)sum->bs[b]);
		for (j = 0; j < njobs; j++) {
			unsigned n = 0;
			int at;

			for (i = 0; i < ndepth; i++) {
				int c = jobs_cell(sum, wl, b, depth[i], jobs[j]);

				if (c >= 0 && res->cells[c].status == CELL_OK && res->cells[c].iops > 0 &&
				    !jobs_skewed(res, c)) {
					dcol[n] = depth[i];
					col[n++] = res->cells[c].iops;
				}
			}
			if (n < SATURATION_MIN_DEPTHS)
				continue;
			at = analysis_saturation_depth(dcol, col, n);
			snprintf(text, sizeof text, "%s%s", qd_text(dcol[at], qd, sizeof qd),
			    at == (int)n - 1 ? "+" : "");
			jobs_text(t, row, j, text);
		}
		jobs_text(t, row, njobs, "QDn+: still growing at the deepest depth");
	}
	free(depth);
	free(iops);
	free(col);
	free(dcol);
}

/* Per workload with two job counts or more, per block size: IOPS by depth x jobs. */
void
view_jobs(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned *jobs = xcalloc(sum->nseries + 1, sizeof *jobs), all[64], nall = 0, wl, b, j, n;
	char head[32], name[64];

	/* The columns: every job count of the run, so rows of every workload line up. */
	for (wl = 0; wl < sum->nmodes; wl++) {
		n = jobs_counts(sum, wl, jobs);
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
	str_copy(t->row_head, sizeof t->row_head, "Mode, block size, depth");
	for (j = 0; j < nall; j++) {
		snprintf(head, sizeof head, "%u job%s", all[j], all[j] == 1 ? "" : "s");
		snprintf(name, sizeof name, "%u job%s (IOPS)", all[j], all[j] == 1 ? "" : "s");
		view_table_col(t, j, head, name, "IOPS", 0, -1);
	}
	view_table_col(t, nall, "Scaling with jobs", "Scaling with jobs", NULL, 0, -1);
	t->cols[nall].flags |= VIEW_COL_WORDS;
	for (wl = 0; wl < sum->nmodes && nall >= 2; wl++) {
		if (jobs_counts(sum, wl, jobs) < 2)
			continue;
		for (b = 0; b < sum->nbs; b++)
			jobs_rows(res, sum, wl, b, all, nall, t);
	}
	free(jobs);
}
