/*
 * The views of a comparison (view-compare.c) on two synthetic runs: the
 * runs, a workload's table with its figures, ratios, winners and missing
 * cells, the cells only some runs have, the cells table compare.csv and
 * the workbook write, and the charts' series.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake-cell.h"
#include "render/report.h"

/*
 * randread at 4K and 64K, QD1 and QD4, IOPS scaled by scale; with drop,
 * the 64K QD4 cell is left out of the plan.
 */
static void
fake_run(struct compare_run *run, const char *label, double scale, bool drop)
{
	static const uint64_t sizes[] = { 4096, 65536 };
	static const unsigned depths[] = { 1, 4 };
	struct results *res = &run->res;
	unsigned b, d, n = 0;

	memset(run, 0, sizeof *run);
	run->path = xasprintf("%s/results.json", label);
	str_copy(run->label, sizeof run->label, label);
	res->plan.ncells = drop ? 3 : 4;
	res->plan.cells = xcalloc(4, sizeof *res->plan.cells);
	res->cells = xcalloc(4, sizeof *res->cells);
	for (b = 0; b < 2; b++)
		for (d = 0; d < 2 && n < res->plan.ncells; d++, n++) {
			struct cell_result *r = &res->cells[n];

			fake_cell(res, n, MODE_RANDREAD, sizes[b], depths[d], 1000 * (d + 1) * scale, 2);
			r->lat_pct_ns[0] = 10000;
			r->lat_pct_ns[2] = 40000;
			bw_check_compute(r);
			res->ndone++;
		}
	view_summary_build(res, &run->sum);
}

/* A and B (twice A's IOPS, without 64K QD4) compared. */
static void
fake_compare(struct compare *cmp)
{
	memset(cmp, 0, sizeof *cmp);
	cmp->runs = xcalloc(2, sizeof *cmp->runs);
	cmp->nruns = 2;
	fake_run(&cmp->runs[0], "A", 1, false);
	fake_run(&cmp->runs[1], "B", 2, true);
	compare_build(cmp);
}

static void
runs(const struct compare_view *v)
{
	const struct view_cell *c;

	CHECK(v->runs.nrows == 2 && v->runs.ncols == 8, "runs %u x %u", v->runs.nrows,
	    v->runs.ncols);
	CHECK_STR(v->runs.row_head, "Run");
	CHECK_STR(v->runs.rows[0].label, "A (first: the ratios' base)");
	CHECK_STR(v->runs.cols[6].header, "Cells with figures");
	CHECK(!(v->runs.cols[6].flags & VIEW_COL_WORDS) && (v->runs.cols[0].flags & VIEW_COL_WORDS),
	    "the count is a figure's column, the path words");
	c = view_table_cell(&v->runs, 1, 6);
	CHECK(c->kind == VIEW_TEXT && strcmp(c->text, "3") == 0 && c->value == 3,
	    "B's cells: a text that keeps its number");
	CHECK_STR(view_table_cell(&v->runs, 0, 7)->text, "none given");
	CHECK(v->verdicts.nrows == 1 && strcmp(v->verdicts.rows[0].label, "randread") == 0,
	    "a verdict per workload");
	CHECK(view_table_cell(&v->verdicts, 0, 0)->kind == VIEW_TEXT, "the verdict is a text");
	CHECK(v->unsteady == NULL, "every cell steady or not judged: no warning");
}

static void
mode(const struct compare_view *v)
{
	const struct view_table *t = &v->modes[0];
	const struct view_cell *c;
	struct report_table rt;

	CHECK(v->nmodes == 1 && t->nrows == 4, "one workload, %u rows", t->nrows);
	/* QD, jobs, then per metric: A, B, B/A, winner */
	CHECK(t->ncols == 2 + COMPARE_METRICS * 4, "%u columns", t->ncols);
	CHECK_STR(t->title, "randread");
	CHECK_STR(t->cols[2].header, "A IOPS");
	CHECK_STR(t->cols[4].header, "B/A");
	CHECK_STR(t->cols[5].header, "Winner (IOPS)");
	CHECK_STR(t->cols[13].header, "Winner (p99)");
	CHECK(t->cols[2].decimals == 0 && t->cols[6].decimals == 1, "IOPS 0 decimals, MiB/s 1");
	/* rows by depth, then block size: 4K QD1, 64K QD1, 4K QD4, 64K QD4 */
	CHECK_STR(t->rows[2].label, "4K");
	c = view_table_cell(t, 2, 3);
	CHECK(c->kind == VIEW_NUMBER && c->value == 4000, "B's 4K QD4: %g", c->value);
	c = view_table_cell(t, 1, 4);
	CHECK(c->kind == VIEW_TEXT && strcmp(c->text, "2.00x") == 0 && c->value == 2, "the ratio");
	CHECK_STR(view_table_cell(t, 1, 5)->text, "B");
	c = view_table_cell(t, 3, 3);
	CHECK(c->kind == VIEW_TEXT && strcmp(c->text, "missing") == 0 && (c->flags & VIEW_FAILED),
	    "B lacks 64K QD4");
	CHECK_STR(view_table_cell(t, 3, 4)->text, "-");

	report_table_view(t, -1, 0, &rt);
	CHECK(rt.nrows == 5 && rt.ncols == 15, "document table %u x %u", rt.nrows, rt.ncols);
	CHECK_STR(rt.text[0], "Block size");
	CHECK_STR(rt.text[1 * 15 + 0], "4K");
	CHECK_STR(rt.text[2 * 15 + 4], "2,000");
	CHECK_STR(rt.text[4 * 15 + 4], "missing");
	CHECK(rt.flag[4 * 15 + 4] & REPORT_FLAG_FAILED, "missing is flagged");
	report_table_free(&rt);
}

static void
missing_and_cells(const struct compare_view *v)
{
	const struct view_table *t = &v->cells;
	unsigned c, nfig = 0;

	CHECK(v->missing.nrows == 1, "%u cells only some runs have", v->missing.nrows);
	CHECK_STR(v->missing.rows[0].label, "randread");
	CHECK_STR(view_table_cell(&v->missing, 0, 3)->text, "B");

	CHECK(t->nrows == 4 && t->ngroups == VIEW_CMP_GROUPS, "cells %u rows", t->nrows);
	CHECK_STR(t->row_head, "mode");
	CHECK_STR(t->cols[0].header, "bs");
	/* Last, "missing in" and a column of marks per run (none here). */
	CHECK_STR(t->cols[t->ncols - 3].header, "missing in");
	CHECK_STR(t->cols[t->ncols - 1].header, "marks B");
	for (c = 0; c < t->ncols; c++)
		nfig += t->cols[c].group == VIEW_CMP_FIGURES;
	CHECK(nfig == 2 * COMPARE_METRICS, "%u figure columns", nfig);
	CHECK(t->cols[6].decimals == 3, "MiB/s in 3 decimals: %d", t->cols[6].decimals);
	CHECK(view_table_cell(t, 3, 8)->kind == VIEW_NONE, "B's missing figure is nothing");
	CHECK_STR(view_table_cell(t, 3, t->ncols - 3)->text, "B");
	CHECK_STR(view_table_cell(t, 0, t->ncols - 3)->text, "");
	CHECK_STR(view_table_cell(t, 0, t->ncols - 1)->text, "");
}

static void
series(const struct compare_view *v)
{
	const struct compare_series *s = &v->series[COMPARE_IOPS];
	unsigned n;

	/* per run, QD1 and QD4 */
	CHECK(s->nlines == 4, "%u IOPS lines", s->nlines);
	CHECK(s->max == 4000, "the largest IOPS %g", s->max);
	for (n = 0; n < s->nlines; n++)
		if (s->lines[n].run == 1 && s->lines[n].npoints == 1)
			break;
	CHECK(n < s->nlines && s->lines[n].bs[0] == 4096, "B's QD4 line has 4K only");
	CHECK(n < s->nlines && strcmp(s->lines[n].title, "B randread QD4") == 0, "its title");
	CHECK(v->series[COMPARE_P99].nlines == 2, "p99: one line per run (the lowest depth)");
	CHECK(s->ncaps == 0, "no run gave caps");
}

int
main(void)
{
	struct compare cmp;
	struct compare_view v;

	fake_compare(&cmp);
	view_compare_build(&v, &cmp);
	runs(&v);
	mode(&v);
	missing_and_cells(&v);
	series(&v);
	view_compare_free(&v);
	compare_free(&cmp);
	return check_done("unit-compare-view");
}
