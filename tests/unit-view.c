/*
 * The views (view*.c) on a small synthetic run: the pivot's columns,
 * groups, cells and marks; the same pivot as a document table; the
 * summary's columns and its latency note; the data moved and its total; the mismatched and
 * failed cells, each back-end's columns; the rounds; the findings; the
 * axis range; a ratio's text; the charts' points and a heat map.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake-cell.h"
#include "base/util.h"
#include "render/report.h"
#include "results/results.h"

/*
 * randread and write at 4K, 64K and 1M, QD1 and QD8: 12 cells.  The write
 * 64K QD8 cell fails its check, randread 4K QD8 is noisy, randread 1M QD1
 * is skipped.
 */
static void
fake_results(struct results *res)
{
	static const uint64_t sizes[] = { 4096, 65536, 1048576 };
	static const enum rw_mode modes[] = { MODE_RANDREAD, MODE_WRITE };
	static const unsigned depths[] = { 1, 8 };
	unsigned m, b, d, n = 0;

	memset(res, 0, sizeof *res);
	res->plan.ncells = 12;
	res->plan.cells = xcalloc(res->plan.ncells, sizeof *res->plan.cells);
	res->cells = xcalloc(res->plan.ncells, sizeof *res->cells);
	str_copy(res->label, sizeof res->label, "unit");
	for (m = 0; m < 2; m++)
		for (b = 0; b < 3; b++)
			for (d = 0; d < 2; d++, n++) {
				struct cell_result *r = &res->cells[n];

				fake_cell(res, n, modes[m], sizes[b], depths[d], 1000 * (d + 1) * (m + 1), 2);
				r->lat_pct_ns[0] = 10000;
				r->lat_pct_ns[2] = 40000;
				bw_check_compute(r);
				res->ndone++;
			}
	res->cells[9].check.ok = false;		/* write 64K QD8 */
	str_copy(res->cells[9].check.reason, sizeof res->cells[9].check.reason, "planted");
	res->cells[1].stability.verdict = STABILITY_NOISY;	/* randread 4K QD8 */
	str_copy(res->cells[1].stability.reason, sizeof res->cells[1].stability.reason, "wobbly");
	res->cells[0].lat_mean_ns = 150000;	/* randread 4K QD1: 15x its p50, two populations */
	res->cells[0].lat_pct_ns[1] = 12000;
	res->cells[6].lat_mean_ns = 12000;	/* write 4K QD1: one population */
	res->cells[4].status = CELL_SKIPPED;	/* randread 1M QD1 */
	res->cells[4].ios = res->cells[4].bytes = res->cells[4].read_bytes = 0;
	res->ndone--;
}

static void
pivot(const struct results *res, const struct summary *sum)
{
	struct view_table v;
	struct report_table t;
	const struct view_cell *c;

	view_pivot(res, sum, METRIC_IOPS, &v);
	CHECK(v.ncols == 4 && v.nrows == 3 && v.ngroups == 2, "pivot %u x %u, %u groups", v.nrows,
	    v.ncols, v.ngroups);
	CHECK_STR(v.groups[0], "randread: IOPS");
	CHECK_STR(v.cols[0].header, "QD1");
	CHECK_STR(v.cols[0].name, "randread QD1 (IOPS)");
	CHECK(v.cols[0].decimals == 0 && v.cols[2].group == 1, "decimals, groups");
	CHECK_STR(v.rows[1].label, "64K");
	CHECK(v.rows[1].key == 65536, "row key %g", v.rows[1].key);
	c = view_table_cell(&v, 0, 1);
	CHECK(c->kind == VIEW_NUMBER && c->value == 2000 && c->cell == 1, "randread 4K QD8");
	CHECK((c->flags & VIEW_NOISY) && c->why != NULL && strcmp(c->why, "wobbly") == 0,
	    "the noisy cell is marked with its reason");
	c = view_table_cell(&v, 2, 0);
	CHECK(c->kind == VIEW_NONE, "the skipped cell has no figure");
	c = view_table_cell(&v, 1, 3);
	CHECK((c->flags & VIEW_MISMATCH) && strcmp(c->why, "planted") == 0, "the failed check");
	CHECK(view_table_cell(&v, 3, 0) == NULL && view_table_cell(&v, 0, 4) == NULL,
	    "outside the table: NULL");

	report_table_view(&v, 0, 0, &t);
	CHECK(t.ncols == 3 && t.nrows == 4, "randread's table %u x %u", t.nrows, t.ncols);
	CHECK_STR(t.title, "randread: IOPS");
	CHECK_STR(t.text[0], "Block size");
	CHECK_STR(t.text[1 * 3 + 2], "2,000 " REPORT_UNSTEADY_MARK);
	CHECK(t.flag[1 * 3 + 2] & REPORT_FLAG_NOISY, "the document flags the noisy figure");
	CHECK_STR(t.text[3 * 3 + 1], "-");
	report_table_free(&t);
	view_table_free(&v);
	CHECK(v.ncols == 0 && v.cells == NULL, "freed");
}

static void
summary(const struct results *res, const struct summary *sum)
{
	struct view_table v;
	struct report_table t;

	view_summary(res, sum, &v);
	CHECK(v.ncols == 13 && v.nrows == 2, "summary %u x %u (no expectation: no shares)", v.nrows,
	    v.ncols);
	CHECK_STR(v.cols[5].header, "QD1 4K mean (us)");
	CHECK(view_table_cell(&v, 0, 5)->kind == VIEW_NUMBER &&
	    view_table_cell(&v, 0, 5)->value == 150, "randread's QD1 4K mean in us");
	CHECK(view_table_cell(&v, 1, 5)->value == 12, "write's QD1 4K mean in us");
	CHECK(view_summary_lat_note(&v, 0) != NULL &&
	    strstr(view_summary_lat_note(&v, 0), "two populations") != NULL &&
	    strstr(view_summary_lat_note(&v, 0), "is 15.0x the p50 of 10.0 us (p90 12.0 us, "
	    "p99 40.0 us)") != NULL, "a mean 15x the p50: the note, with p90");
	CHECK(view_summary_lat_note(&v, 1) == NULL, "a mean 1.2x the p50: no note");
	CHECK_STR(v.rows[1].label, "write");
	CHECK(view_table_cell(&v, 1, 0)->kind == VIEW_NUMBER &&
	    fabs(view_table_cell(&v, 1, 0)->value - 4000) < 1, "write peak IOPS: %.3f",
	    view_table_cell(&v, 1, 0)->value);
	CHECK(view_table_cell(&v, 0, 1)->kind == VIEW_TEXT, "where it was reached");
	report_table_view(&v, -1, VIEW_COL_DETAIL | VIEW_COL_PROSE, &t);
	CHECK(t.ncols == 9, "compact document: %u columns", t.ncols);
	report_table_free(&t);
	report_table_view(&v, -1, VIEW_COL_DETAIL, &t);
	CHECK(t.ncols == 10, "full document: %u columns (the note is a sentence below)", t.ncols);
	report_table_free(&t);
	view_table_free(&v);
}

static void
data_moved(const struct results *res, const struct summary *sum)
{
	struct view_table v;

	view_io(res, sum, &v);
	CHECK(v.nrows == 3 && v.ncols == 5, "data moved %u x %u", v.nrows, v.ncols);
	CHECK_STR(v.rows[2].label, "All");
	CHECK(view_table_cell(&v, 0, 0)->value == 5, "randread: 5 cells measured");
	CHECK(view_table_cell(&v, 2, 0)->value == 11, "11 cells in all");
	CHECK(fabs(view_table_cell(&v, 2, 1)->value - 22) < 1e-9, "22 s measured");
	CHECK(view_table_cell(&v, 0, 4)->value == 0 && view_table_cell(&v, 1, 3)->value == 0,
	    "reads read, writes write");
	view_table_free(&v);
}

static void
checks(const struct results *res, const struct summary *sum)
{
	struct view_table v;
	struct report_table t;

	view_mismatches(res, sum, &v);
	CHECK(v.nrows == 1 && v.ncols == 9 && v.unlabelled, "mismatches %u x %u", v.nrows, v.ncols);
	CHECK((v.cols[0].flags & VIEW_COL_DOC) && (v.cols[1].flags & VIEW_COL_SHEET),
	    "the workload for documents, the mode for sheets");
	CHECK_STR(v.cols[3].name, "Queue depth");
	CHECK(view_table_cell(&v, 0, 3)->value == 8 && view_table_cell(&v, 0, 3)->cell == 9,
	    "write 64K QD8");
	report_table_view(&v, -1, 0, &t);
	CHECK(t.ncols == 8 && t.nrows == 2, "mismatch document table %u x %u", t.nrows, t.ncols);
	CHECK_STR(t.text[0], "Mode");
	CHECK_STR(t.text[2], "QD");
	CHECK_STR(t.text[8 + 0], "write");
	CHECK_STR(t.text[8 + 2], "8");
	CHECK_STR(t.text[8 + 7], "planted");
	CHECK(t.numeric[2] && !t.numeric[1] && !t.numeric[7], "counts and figures right-aligned");
	report_table_free(&t);
	view_table_free(&v);

	view_problems(res, sum, &v);
	CHECK(v.nrows == 1 && v.ncols == 7, "problems %u x %u", v.nrows, v.ncols);
	CHECK_STR(view_table_cell(&v, 0, 5)->text, "skipped");
	CHECK(view_table_cell(&v, 0, 5)->flags & VIEW_FAILED, "the status is marked failed");
	report_table_view(&v, -1, 0, &t);
	CHECK(t.ncols == 6 && t.nrows == 2, "problem document table %u x %u", t.nrows, t.ncols);
	CHECK_STR(t.text[6 + 1], "1M");
	CHECK(t.flag[6 + 4] & REPORT_FLAG_FAILED, "the document flags the status");
	CHECK(!t.numeric[2], "the failed cells' counts are left-aligned");
	report_table_free(&t);
	view_table_free(&v);

	view_rounds(res, sum, &v);
	CHECK(v.nrows == 0, "no --rounds-until-steady: no rounds");
	view_table_free(&v);

	view_findings(res, sum, &v);
	CHECK(v.nrows == 2 && v.ncols == FIND_COLS, "findings %u x %u", v.nrows, v.ncols);
	CHECK(view_table_cell(&v, 0, FIND_EXPECT)->kind == VIEW_NONE,
	    "no expectation: no sentence of the caps");
	CHECK(view_table_cell(&v, 1, FIND_SATURATION)->kind == VIEW_NONE,
	    "two depths: no saturation");
	view_table_free(&v);
}

static void
range(void)
{
	struct view_range r = { 0, 0 };

	view_range_add(&r, 0);
	view_range_add(&r, -3);
	view_range_add(&r, INFINITY);
	view_range_add(&r, NAN);
	CHECK(r.lo == 0 && r.hi == 0, "nothing a log axis can show");
	view_range_add(&r, 10);
	CHECK(!view_range_wants_log(&r), "one value: linear");
	view_range_add(&r, 150);
	CHECK(r.lo == 10 && r.hi == 150 && !view_range_wants_log(&r), "15x: linear");
	view_range_add(&r, 250);
	CHECK(view_range_wants_log(&r), "25x: log");
}

/* Every cell's check: one definition, the documents' columns and the sheet's. */
static void
check_table(const struct results *res, const struct summary *sum)
{
	struct view_chart vc;
	struct view v = { .chart = &vc, .rec = res, .all = res };
	struct report_ctx ctx = { .view = &v };
	struct report_table t;
	unsigned k, ndoc = 0, nsheet = 0;

	view_chart_build(&vc, res, sum);	/* the workloads' names */

	for (k = 0; k < view_ncheck_cols; k++) {
		CHECK(column_find(view_check_cols[k].column) != NULL, "check column %s",
		    view_check_cols[k].column);
		ndoc += !(view_check_cols[k].flags & VIEW_COL_SHEET);
		nsheet += !(view_check_cols[k].flags & VIEW_COL_DOC);
	}
	CHECK(ndoc == 15 && nsheet == 15, "check columns: %u in documents, %u in the sheet", ndoc,
	    nsheet);
	report_table_checks(&ctx, &t);
	CHECK(t.ncols == 15 && t.nrows == 12, "check table %u x %u", t.nrows, t.ncols);
	CHECK_STR(t.text[0], "Mode");
	CHECK_STR(t.text[(1 + 8) * 15 + 9], "MISMATCH");
	CHECK(t.flag[(1 + 8) * 15 + 9] & REPORT_FLAG_MISMATCH, "the failed check is flagged");
	CHECK_STR(t.text[(1 + 0) * 15 + 9], "ok");
	report_table_free(&t);
	view_chart_free(&vc);
}

/* Two depths: no curve; the view is empty and frees. */
static void
curves(const struct results *res, const struct summary *sum)
{
	struct view_curves v;

	view_curves(res, sum, &v);
	CHECK(v.n == 0, "two depths: %u curves", v.n);
	CHECK(view_curves_saturating(&v, 0) == NULL, "no saturating curve");
	view_curves_free(&v);
}

/*
 * randread at 5 block sizes x QD1, 2, 4, 8 (4K QD8 failed): a curve of 5
 * sizes; the charts draw the smallest, middle, largest and the saturating
 * one, the sheet every size and the failed cell too.
 */
static void
curves_chosen(void)
{
	static const uint64_t sizes[] = { 4096, 8192, 16384, 65536, 1048576 };
	struct results res;
	struct summary sum;
	struct view_curves v;
	const struct view_curve *c;
	unsigned b, d, k, n = 0, chosen = 0;

	memset(&res, 0, sizeof res);
	res.plan.ncells = 20;
	res.plan.cells = xcalloc(res.plan.ncells, sizeof *res.plan.cells);
	res.cells = xcalloc(res.plan.ncells, sizeof *res.cells);
	for (b = 0; b < 5; b++)
		for (d = 0; d < 4; d++, n++) {
			fake_cell(&res, n, MODE_RANDREAD, sizes[b], 1u << d,
			    1000.0 * (d < 2 ? d + 1 : 2) * (b + 1), 1);
			bw_check_compute(&res.cells[n]);
			res.ndone++;
		}
	res.cells[3].status = CELL_FAILED;
	view_summary_build(&res, &sum);
	view_curves(&res, &sum, &v);
	CHECK(v.n == 1, "one curve: %u", v.n);
	c = view_curves_saturating(&v, 0);
	CHECK(c != NULL && c->nbs == 5 && c->nseries == 4, "5 sizes x 4 depths");
	for (b = 0; c != NULL && b < c->nbs; b++)
		chosen += (c->bs[b].flags & VIEW_CURVE_CHOSEN) != 0;
	CHECK(chosen == 3 || chosen == 4, "the charts draw %u sizes", chosen);
	CHECK(c != NULL && (c->bs[0].flags & VIEW_CURVE_CHOSEN) &&
	    (c->bs[4].flags & VIEW_CURVE_CHOSEN), "the smallest and the largest");
	for (k = 0, n = 0; c != NULL && k < c->nseries; k++)
		n += (c->bs[0].point[k].flags & VIEW_CURVE_OK) != 0;
	CHECK(c != NULL && n == 3 && c->bs[0].point[3].cell != NULL,
	    "4K: 3 ok points, the failed one kept");
	view_curves_free(&v);
	view_summary_free(&sum);
	results_free(&res);
}

/* A ratio shows at most 3 significant digits, and a tiny one is not "0.00x". */
static void
ratio(void)
{
	static const struct {
		double		 v;
		int		 decimals;
		const char	*want;
	} t[] = {
		{ 1432.1, 1, "1,430x" }, { 12893.1, 2, "12,900x" }, { 148.7, 1, "149x" },
		{ 14.36, 2, "14.4x" }, { 3.0, 1, "3.0x" }, { 2.0, 2, "2.00x" }, { 0.5, 2, "0.50x" },
		{ 0.000123, 2, "0.00012x" }, { NAN, 2, "-" }
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		CHECK_STR(view_ratio(t[i].v, t[i].decimals, buf, sizeof buf), t[i].want);
}

/*
 * view.docs (view-docs.c, view-notes.c, view-retry.c): the header, the
 * counts, the banner in each format's words, the notes, and the retried
 * cells: none, then cell 1 (randread 4K QD8) run again, still noisy.
 */
static void
docs(struct results *res, const struct summary *sum)
{
	struct cell_result *r = &res->cells[1];
	struct view_docs *d = view_docs_build(res, sum);
	const char *b;
	unsigned k;

	CHECK_STR(d->head.label, "unit");
	CHECK(d->nwl == 2 && strcmp(d->wl[1].name, "write") == 0 && d->wl[0].ncells == 5,
	    "workloads: %u, randread %u cells", d->nwl, d->wl[0].ncells);
	CHECK(d->notes.counts.ndone == 11 && d->notes.counts.nmismatch == 1 &&
	    d->notes.counts.nskipped == 1 && d->notes.counts.nunsteady == 1,
	    "counts: %u done, %u mismatch, %u skipped, %u unsteady", d->notes.counts.ndone,
	    d->notes.counts.nmismatch, d->notes.counts.nskipped, d->notes.counts.nunsteady);
	b = d->notes.unsteady[VIEW_WHERE_DOC];
	CHECK(b != NULL && strstr(b, "1 of 11 cells is not steady (noisy: randread 4K QD8)") != NULL &&
	    strstr(b, "marked " REPORT_UNSTEADY_MARK ", and the Stability column of every cell's "
	    "check says why") != NULL, "the document's banner: %s", b ? b : "NULL");
	b = d->notes.unsteady[VIEW_WHERE_SHEET];
	CHECK(b != NULL && strstr(b, "marked yellow") != NULL, "the sheet's banner: %s",
	    b ? b : "NULL");
	CHECK(d->notes.stability != NULL && strncmp(d->notes.stability, "Stability", 9) == 0 &&
	    d->notes.burst != NULL && d->notes.verdict == NULL, "the notes; no spec: no verdict");
	CHECK(d->retry.text == NULL && d->retry.none == NULL && d->retry.ncells == 0 &&
	    !d->rounds.on, "nothing retried, no rounds");
	view_docs_free(d);

	/* cell 1 ran twice, both noisy; the first is shown */
	res->plan.retry_unstable = 2;
	r->nattempts = 2;
	r->attempts = xcalloc(2, sizeof *r->attempts);
	for (k = 0; k < 2; k++) {
		r->attempts[k].status = CELL_OK;
		r->attempts[k].stability.verdict = STABILITY_NOISY;
		snprintf(r->attempts[k].stability.reason, sizeof r->attempts[k].stability.reason,
		    "noisy %u", k + 1);
	}
	d = view_docs_build(res, sum);
	CHECK(d->retry.ncells == 1 && d->retry.unsteady && d->retry.cells[0].cell == 1,
	    "one cell retried, still noisy");
	CHECK(d->retry.text != NULL && strncmp(d->retry.text, "1 cell was stalled or noisy and ran "
	    "again (--retry-unstable 2: up to 2 re-runs, until an attempt is steady); 0 of them "
	    "are steady now.", 120) == 0, "the retries' sentence: %s",
	    d->retry.text ? d->retry.text : "NULL");
	CHECK_STR(d->retry.cells[0].name, "randread 4K QD8");
	CHECK(strncmp(d->retry.cells[0].note, "attempt 1 of 2 shown", 20) == 0 &&
	    strstr(d->retry.cells[0].note, "attempt 2 noisy 2") != NULL, "its note: %s",
	    d->retry.cells[0].note);
	view_docs_free(d);
	res->plan.retry_unstable = 0;
}

/*
 * The charts' view (view-chart.c): a point per line and block size with
 * the cell's figures, NaN (not 0) where the cell has none, and its
 * caveats; lines, not bars, at three block sizes; no heat map at one job
 * count.
 */
static void
chart(struct results *res)
{
	struct summary sum;
	struct view_chart vc;
	const struct view_chart_point *p;

	res->cells[2].lat_pct_ns[0] = res->cells[2].lat_pct_ns[2] = 0;	/* randread 64K QD1 */
	view_summary_build(res, &sum);
	view_chart_build(&vc, res, &sum);
	CHECK(!vc.bars && vc.nseries == 4 && vc.nbs == 3 && vc.njobs == 0,
	    "lines, 4 x 3 points, no heat map (bars %d, %u x %u, %u maps)", vc.bars, vc.nseries,
	    vc.nbs, vc.njobs);
	p = view_chart_at(&vc, 0, 1);
	CHECK(p->cell == 2 && p->v[METRIC_IOPS] == 1000 && p->bs == 65536,
	    "randread 64K QD1: cell %d, %g IOPS", p->cell, p->v[METRIC_IOPS]);
	CHECK(isnan(p->v[METRIC_P99_US]) && isnan(p->v[METRIC_P50_US]),
	    "a latency not given is NaN, not 0 (p99 %g)", p->v[METRIC_P99_US]);
	p = view_chart_at(&vc, 0, 0);
	CHECK(p->v[METRIC_P99_US] == 40 && p->v[METRIC_P50_US] == 10, "randread 4K QD1 p99 %g",
	    p->v[METRIC_P99_US]);
	p = view_chart_at(&vc, 1, 0);
	CHECK((p->caveats & VIEW_NOISY) && p->lo[0] == p->v[METRIC_IOPS],
	    "the noisy point is marked; no rounds: its interval is its figure");
	CHECK(vc.best[0][0].cell == 1, "randread 4K's best by IOPS: QD8 (cell %d)",
	    vc.best[0][0].cell);
	view_chart_free(&vc);
	view_summary_free(&sum);
}

/*
 * The heat map of depth x jobs (view-chart-heat.c, drawn by the one heat
 * writer): randread at 4K and 64K, QD1 and QD4, 1 and 2 jobs, QD4 x2 at
 * 64K not measured: a row per block size and depth, a column per job
 * count, the missing square NaN with no label; its .dat from the shared
 * writer.
 */
static void
heat(void)
{
	static const uint64_t sizes[] = { 4096, 65536 };
	struct results res;
	struct summary sum;
	struct view_chart vc;
	const struct view_heat *h;
	unsigned b, d, j, n = 0;
	char *dat;

	memset(&res, 0, sizeof res);
	res.plan.ncells = 8;
	res.plan.cells = xcalloc(res.plan.ncells, sizeof *res.plan.cells);
	res.cells = xcalloc(res.plan.ncells, sizeof *res.cells);
	for (b = 0; b < 2; b++)
		for (d = 0; d < 2; d++)
			for (j = 0; j < 2; j++, n++) {
				fake_cell(&res, n, MODE_RANDREAD, sizes[b], d == 0 ? 1 : 4,
				    1000 * (1 + d) * (1 + j) * (2 - b), 2);
				res.cells[n].cell.jobs = res.plan.cells[n].jobs = j + 1;
				bw_check_compute(&res.cells[n]);
				res.ndone++;
			}
	res.cells[7].status = CELL_SKIPPED;	/* 64K QD4 x2 */
	res.cells[7].ios = res.cells[7].bytes = res.cells[7].read_bytes = 0;
	res.cells[7].iops = res.cells[7].bw_bytes_s = 0;
	res.ndone--;
	view_summary_build(&res, &sum);
	view_chart_build(&vc, &res, &sum);
	CHECK(vc.njobs == 1, "one heat map (%u)", vc.njobs);
	h = &vc.jobs[0];
	CHECK(h->nrows == 4 && h->ncols == 2 && h->npanels == 1, "%u rows x %u columns",
	    h->nrows, h->ncols);
	CHECK_STR(h->row_label[1], "4K QD4");
	CHECK_STR(h->col_label[1], "2 jobs");
	CHECK(view_heat_at(h, 0, 1, 1)->value == 8000, "4K QD4 x2: %g",
	    view_heat_at(h, 0, 1, 1)->value);
	CHECK_STR(view_heat_at(h, 0, 1, 1)->label, "8k");
	CHECK(isnan(view_heat_at(h, 0, 3, 1)->value) && view_heat_at(h, 0, 3, 1)->label[0] == '\0',
	    "64K QD4 x2 not measured: a blank square");
	CHECK(!h->log && h->hi == 8000, "a linear scale to the best (%g)", h->hi);
	dat = report_gnuplot_heat_data(h, "# head");
	CHECK(strstr(dat, "# col\trow\tIOPS\tlabel\twhite\tjobs\tbs_bytes\tdepth\tmarks\n") != NULL &&
	    strstr(dat, "1\t3\tNaN\t\"\"\t0\t2\t65536\t4\t-\n") != NULL, "the .dat:\n%s", dat);
	free(dat);
	view_chart_free(&vc);
	view_summary_free(&sum);
	results_free(&res);
}

int
main(void)
{
	struct results res;
	struct summary sum;

	fake_results(&res);
	view_summary_build(&res, &sum);
	pivot(&res, &sum);
	summary(&res, &sum);
	data_moved(&res, &sum);
	checks(&res, &sum);
	check_table(&res, &sum);
	curves(&res, &sum);
	curves_chosen();
	range();
	ratio();
	docs(&res, &sum);
	view_summary_free(&sum);
	chart(&res);
	heat();
	results_free(&res);
	return check_done("unit-view");
}
