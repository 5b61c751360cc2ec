/*
 * The views of a comparison (sweep compare, a fleet's hosts): the runs, a
 * table per workload with every run's figures, their ratios to the first
 * run and the winner of each metric, and the cells only some runs have.
 * Built once from struct compare; compare.md, compare.html and the
 * workbook draw them.  A comparison's document lists every row (all_rows),
 * as it always has, however many there are.  A figure written with a unit
 * of its own ("1.25x", a count) is a text whose value is set too, so a
 * sheet can keep it as a number.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

#define VIEW_COMPARE_UNSTEADY_MAX	6	/* cells named per run; the rest are counted */

/* Make row, col of t the text of fmt, with value v (NAN: none). */
static void
cv_text(struct view_table *t, unsigned row, unsigned col, double v, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void
cv_text(struct view_table *t, unsigned row, unsigned col, double v, const char *fmt, ...)
{
	struct view_cell *vc = view_table_cell(t, row, col);
	va_list ap;

	if (vc == NULL)
		return;
	free(vc->text);
	va_start(ap, fmt);
	vc->text = xvasprintf(fmt, ap);
	va_end(ap);
	vc->kind = VIEW_TEXT;
	vc->value = v;
}

/* Set column c of t: header, unit, decimals and flags (VIEW_COL_*). */
static void
cv_col(struct view_table *t, unsigned c, const char *header, const char *unit, int decimals,
    unsigned flags)
{
	view_table_col(t, c, header, NULL, unit, decimals, -1);
	t->cols[c].flags = flags;
}

/* The caveats (VIEW_CAVEATS) of run k's cell of row: 0 when it has none or no cell. */
static unsigned
cv_caveats(const struct compare *cmp, const struct compare_row *row, unsigned k)
{
	return view_caveats(&cmp->runs[k].res, row->cell[k]);
}

/*
 * What the marks of the tables mean (view_caveat_legend), those present:
 * a ratio carries the marks of both its cells.  NULL none.  Caller frees.
 */
static char *
cv_marks_legend(const struct compare *cmp)
{
	char legend[VIEW_LEGEND_LEN];
	unsigned i, k, f = 0;

	for (i = 0; i < cmp->nrows; i++)
		for (k = 0; k < cmp->nruns; k++)
			f |= cv_caveats(cmp, &cmp->rows[i], k);
	if (f == 0)
		return NULL;
	return xasprintf("%s; a ratio carries the marks of both its cells.",
	    view_caveat_legend(f, legend, sizeof legend));
}

/* Mark figure vc of run k's cell i with its caveats, as a pivot marks it. */
static void
cv_mark(struct view_cell *vc, const struct compare *cmp, unsigned k, int i)
{
	const struct results *res = &cmp->runs[k].res;

	view_cell_unsteady(vc, res, i);
	if (view_caveats(res, i) & VIEW_MISMATCH)
		view_cell_flag(vc, VIEW_MISMATCH, vc->why == NULL ? res->cells[i].check.reason : NULL);
}

/* The runs: label, results, target, host, date, engine, cells and provisioned caps. */
static void
view_compare_runs(const struct compare *cmp, struct view_table *t)
{
	static const char *const header[] = {
		"Results", "Target", "Region used", "Host", "Started (UTC)", "Engine",
		"Cells with figures", "Provisioned caps"
	};
	unsigned c, k;
	char a[32], b[32], caps[160], per[48], *label;

	view_table_init(t, "Runs", 8);
	t->all_rows = true;
	str_copy(t->row_head, sizeof t->row_head, "Run");
	for (c = 0; c < 8; c++)
		cv_col(t, c, header[c], NULL, 0, c == 6 ? 0 : VIEW_COL_WORDS);
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct results *res = &run->res;
		unsigned row;

		label = xasprintf("%s%s", run->label, k == 0 ? " (first: the ratios' base)" : "");
		row = view_table_add_row(t, label, k);
		free(label);
		cv_text(t, row, 0, NAN, "%s", run->path);
		cv_text(t, row, 1, NAN, "%s (%s)", res->target.path,
		    res->target.kind == TARGET_DEVICE ? "block device" : "file");
		if (res->target.size > 0)
			cv_text(t, row, 2, NAN, "%s of %s", size_human(res->target.size, a, sizeof a),
			    size_human(res->target.total_size, b, sizeof b));
		else
			cv_text(t, row, 2, NAN, "not recorded");
		cv_text(t, row, 3, NAN, "%s", res->host);
		cv_text(t, row, 4, NAN, "%s", res->started_utc);
		if (res->plan.runtime_s > 0)
			cv_text(t, row, 5, NAN, "%s, %s per cell", res->plan.engine,
			    view_per_cell(res, per, sizeof per));
		else
			cv_text(t, row, 5, NAN, "%s", res->plan.engine);
		cv_text(t, row, 6, run->sum.ndone, "%u", run->sum.ndone);
		if (res->expect.set)
			cv_text(t, row, 7, NAN, "%s%s%s%s", view_summary_caps(&res->expect, caps,
			    sizeof caps), res->expect.profile[0] ? " (" : "", res->expect.profile,
			    res->expect.profile[0] ? ")" : "");
		else
			cv_text(t, row, 7, NAN, "none given");
	}
}

/* The columns of a workload's table: depth, jobs, then per metric figures, ratios, winner. */
static void
view_compare_mode_cols(const struct compare *cmp, struct view_table *t)
{
	unsigned c = 2, k, m;
	char *h;

	str_copy(t->row_head, sizeof t->row_head, "Block size");
	cv_col(t, 0, "QD", NULL, 0, 0);
	cv_col(t, 1, "Jobs", NULL, 0, 0);
	for (m = 0; m < COMPARE_METRICS; m++) {
		for (k = 0; k < cmp->nruns; k++, c++) {
			h = xasprintf("%s %s", cmp->runs[k].label, compare_metric_name(m));
			cv_col(t, c, h, compare_metric_name(m), m == COMPARE_IOPS ? 0 : 1, 0);
			free(h);
		}
		for (k = 1; k < cmp->nruns; k++, c++) {
			h = xasprintf("%s/%s", cmp->runs[k].label, cmp->runs[0].label);
			cv_col(t, c, h, "x", 2, 0);
			free(h);
		}
		h = xasprintf("Winner (%s)", m == COMPARE_P99 ? "p99" : compare_metric_name(m));
		cv_col(t, c++, h, NULL, 0, VIEW_COL_WORDS);
		free(h);
	}
}

/*
 * Whether ratio v of run k's figure of metric m to the first run's favours
 * run k: VIEW_BETTER (ahead by more than COMPARE_TIE), VIEW_WORSE (behind),
 * 0 a tie, within the tie band or, with rounds, by the winners' rule.
 */
static unsigned
cv_outcome(const struct compare_row *row, enum compare_metric m, unsigned k, double v)
{
	bool lower = m == COMPARE_P99;

	if (isnan(v) || (row->winner[m] == COMPARE_WIN_TIE && k < 8 && row->tie_with[m][0] &&
	    row->tie_with[m][k]))
		return 0;
	if (lower ? v * COMPARE_TIE < 1 : v > COMPARE_TIE)
		return VIEW_BETTER;
	if (lower ? v > COMPARE_TIE : v * COMPARE_TIE < 1)
		return VIEW_WORSE;
	return 0;
}

/* Flag the figure of the winner of metric m in row r from column c (a run per column). */
static void
cv_winner(const struct compare_row *row, enum compare_metric m, struct view_table *t,
    unsigned r, unsigned c)
{
	if (row->winner[m] >= 0)
		view_cell_flag(view_table_cell(t, r, c + (unsigned)row->winner[m]), VIEW_BETTER,
		    NULL);
}

/*
 * One row's cells of metric m from column c: every run's figure, its ratio,
 * the winner.  The winner's figure is flagged VIEW_BETTER, a ratio by its
 * outcome (cv_outcome).  A figure carries its cell's marks; a ratio those of both its
 * sides ("0.52x ≠").
 */
static unsigned
view_compare_metric(const struct compare *cmp, const struct compare_row *row,
    enum compare_metric m, struct view_table *t, unsigned r, unsigned c)
{
	unsigned k;
	char a[160], marks[VIEW_MARKS_LEN];

	for (k = 0; k < cmp->nruns; k++, c++) {
		double v = compare_value(cmp, row, k, m);

		if (row->cell[k] < 0) {
			cv_text(t, r, c, NAN, "missing");
			view_cell_flag(view_table_cell(t, r, c), VIEW_FAILED,
			    "not measured in this run");
		} else if (!isnan(v)) {
			view_cell_number(t, r, c, v, row->cell[k]);
			cv_mark(view_table_cell(t, r, c), cmp, k, row->cell[k]);
		}
	}
	cv_winner(row, m, t, r, c - cmp->nruns);
	for (k = 1; k < cmp->nruns; k++, c++) {
		double v = compare_value(cmp, row, k, m) / compare_value(cmp, row, 0, m);

		view_caveat_marks(cv_caveats(cmp, row, 0) | cv_caveats(cmp, row, k), " ", marks,
		    sizeof marks);
		if (isnan(v))
			cv_text(t, r, c, NAN, "-");
		else
			cv_text(t, r, c, v, "%s%s", view_ratio(v, 2, a, sizeof a), marks);
		if (cv_outcome(row, m, k, v) != 0)
			view_cell_flag(view_table_cell(t, r, c), cv_outcome(row, m, k, v), NULL);
	}
	cv_text(t, r, c++, NAN, "%s", compare_winner_text(cmp, row, m, a, sizeof a));
	return c;
}

/*
 * Workload wl's rows: block size, depth, jobs, then for each metric every
 * run's figure, every run's ratio to the first, and the winner.  A run that
 * lacks the cell shows "missing".
 */
static void
view_compare_mode(const struct compare *cmp, unsigned wl, struct view_table *t)
{
	unsigned i, m;
	char a[32];

	view_table_init(t, cmp->modes[wl].name, 2 + COMPARE_METRICS * 2 * cmp->nruns);
	t->all_rows = true;
	view_compare_mode_cols(cmp, t);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		unsigned r, c;

		if (row->wl != wl)
			continue;
		r = view_table_add_row(t, view_size_label(row->bs, a, sizeof a), (double)row->bs);
		cv_text(t, r, 0, row->depth, row->depth ? "%u" : "?", row->depth);	/* 0: not given */
		cv_text(t, r, 1, row->jobs, "%u", row->jobs);
		for (c = 2, m = 0; m < COMPARE_METRICS; m++)
			c = view_compare_metric(cmp, row, m, t, r, c);
	}
}

/* The runs that lack row's cell, "a, b"; NULL when none.  Caller frees. */
static char *
view_compare_who(const struct compare *cmp, const struct compare_row *row)
{
	char *who = NULL, *next;
	unsigned k;

	for (k = 0; k < cmp->nruns; k++)
		if (row->cell[k] < 0) {
			next = xasprintf("%s%s%s", who != NULL ? who : "", who != NULL ? ", " : "",
			    cmp->runs[k].label);
			free(who);
			who = next;
		}
	return who;
}

/* The cells some runs lack: mode, block size, depth, jobs, and which runs. */
static void
view_compare_missing(const struct compare *cmp, struct view_table *t)
{
	unsigned i, r;
	char a[32], *who;

	view_table_init(t, "Cells only some runs have", 4);
	t->all_rows = true;
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	cv_col(t, 0, "Block size", NULL, 0, VIEW_COL_WORDS);
	cv_col(t, 1, "QD", NULL, 0, 0);
	cv_col(t, 2, "Jobs", NULL, 0, 0);
	cv_col(t, 3, "Missing in", NULL, 0, VIEW_COL_WORDS);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];

		if ((who = view_compare_who(cmp, row)) == NULL)
			continue;
		r = view_table_add_row(t, cmp->modes[row->wl].name, i);
		cv_text(t, r, 0, (double)row->bs, "%s", view_size_label(row->bs, a, sizeof a));
		cv_text(t, r, 1, row->depth, row->depth ? "%u" : "?", row->depth);
		cv_text(t, r, 2, row->jobs, "%u", row->jobs);
		cv_text(t, r, 3, NAN, "%s", who);
		view_cell_flag(view_table_cell(t, r, 3), VIEW_FAILED, NULL);
		free(who);
	}
}

/* The columns of the cells table: identity, figures, ratios, winners, the runs lacking it. */
static void
view_compare_cells_cols(const struct compare *cmp, struct view_table *t)
{
	static const char *const id[] = { "bs", "bs_bytes", "bs_kib", "depth", "jobs" };
	static const int decimals[COMPARE_METRICS] = {
		[COMPARE_IOPS] = 1, [COMPARE_BW] = 3, [COMPARE_P99] = 1
	};
	static const char *const group[VIEW_CMP_GROUPS] = {
		[VIEW_CMP_ID] = "cell", [VIEW_CMP_FIGURES] = "figures",
		[VIEW_CMP_RATIOS] = "ratios", [VIEW_CMP_WINNERS] = "winners",
		[VIEW_CMP_MISSING] = "missing"
	};
	unsigned c = 0, k, m;
	char *h;

	str_copy(t->row_head, sizeof t->row_head, "mode");
	t->groups = xcalloc(VIEW_CMP_GROUPS, sizeof *t->groups);
	for (t->ngroups = 0; t->ngroups < VIEW_CMP_GROUPS; t->ngroups++)
		t->groups[t->ngroups] = xstrdup(group[t->ngroups]);
	for (; c < 5; c++)
		view_table_col(t, c, id[c], NULL, NULL, 0, VIEW_CMP_ID);
	t->cols[0].flags = VIEW_COL_WORDS;
	for (k = 0; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++, c++) {
			h = compare_head(cmp, COMPARE_COL_VALUE, k, m);
			view_table_col(t, c, h, NULL, compare_metric_name(m), decimals[m],
			    VIEW_CMP_FIGURES);
			free(h);
		}
	for (k = 1; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++, c++) {
			h = compare_head(cmp, COMPARE_COL_RATIO, k, m);
			view_table_col(t, c, h, NULL, "x", 3, VIEW_CMP_RATIOS);
			free(h);
		}
	for (m = 0; m < COMPARE_METRICS; m++, c++) {
		h = compare_head(cmp, COMPARE_COL_WINNER, 0, m);
		view_table_col(t, c, h, NULL, NULL, 0, VIEW_CMP_WINNERS);
		t->cols[c].flags = VIEW_COL_WORDS;
		free(h);
	}
	view_table_col(t, c, "missing in", NULL, NULL, 0, VIEW_CMP_MISSING);
	t->cols[c++].flags = VIEW_COL_WORDS;
	for (k = 0; c < t->ncols && k < cmp->nruns; k++, c++) {
		h = xasprintf("marks %s", cmp->runs[k].label);
		view_table_col(t, c, h, NULL, NULL, 0, VIEW_CMP_MISSING);
		t->cols[c].flags = VIEW_COL_WORDS;
		free(h);
	}
}

/*
 * Every row of the comparison, as compare.csv and the workbook's data
 * sheets have it: its identity, each run's figures (nothing when missing),
 * each run's ratios to the first, the winners and the runs that lack it.
 */
static void
view_compare_cells(const struct compare *cmp, struct view_table *t)
{
	unsigned i, k, m, c, r;
	char a[160];

	/* Last, a column per run of its cell's marks (view_caveat_marks), "" none. */
	view_table_init(t, "Cells", 5 + COMPARE_METRICS * (2 * cmp->nruns) + 1 + cmp->nruns);
	view_compare_cells_cols(cmp, t);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		char *missing;

		r = view_table_add_row(t, cmp->modes[row->wl].name, i);
		cv_text(t, r, 0, (double)row->bs, "%s", size_short(row->bs, a, sizeof a));
		view_cell_number(t, r, 1, (double)row->bs, -1);
		cv_text(t, r, 2, (double)row->bs / KIB, "%g", (double)row->bs / KIB);
		view_cell_number(t, r, 3, row->depth ? row->depth : NAN, -1);	/* 0: not given */
		view_cell_number(t, r, 4, row->jobs, -1);
		for (c = 5, k = 0; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++, c++) {
				double v = compare_value(cmp, row, k, m);

				if (!isnan(v))
					view_cell_number(t, r, c, v, row->cell[k]);
			}
		for (m = 0; m < COMPARE_METRICS; m++)
			if (row->winner[m] >= 0)
				view_cell_flag(view_table_cell(t, r, 5 + (unsigned)row->winner[m] *
				    COMPARE_METRICS + m), VIEW_BETTER, NULL);
		for (k = 1; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++, c++) {
				double v = compare_value(cmp, row, k, m) / compare_value(cmp, row, 0, m);

				if (!isnan(v))
					view_cell_number(t, r, c, v, -1);
				if (cv_outcome(row, m, k, v) != 0)
					view_cell_flag(view_table_cell(t, r, c), cv_outcome(row, m, k,
					    v), NULL);
			}
		for (m = 0; m < COMPARE_METRICS; m++, c++)
			cv_text(t, r, c, NAN, "%s", compare_winner_text(cmp, row, m, a, sizeof a));
		missing = compare_missing_text(cmp, row);
		cv_text(t, r, c++, NAN, "%s", missing);
		free(missing);
		for (k = 0; c < t->ncols; k++, c++)
			cv_text(t, r, c, NAN, "%s", view_caveat_marks(cv_caveats(cmp, row, k), "", a,
			    sizeof a));
	}
}

/*
 * A fleet's table of metric m: a row per cell, a column per host, and the
 * spread (the highest figure over the lowest).  A host shows nothing ("-")
 * for a cell it did not run, the cell's status when it has no figures.
 */
static void
view_compare_fleet(const struct compare *cmp, enum compare_metric m, struct view_table *t)
{
	static const int decimals[COMPARE_METRICS] = {
		[COMPARE_IOPS] = 0, [COMPARE_BW] = 1, [COMPARE_P99] = 1
	};
	char *label, bs[32], x[32], qd[16];
	unsigned i, k, r;

	view_table_init(t, compare_metric_name(m), cmp->nruns + 1);
	t->all_rows = true;
	str_copy(t->row_head, sizeof t->row_head, "cell");
	for (k = 0; k < cmp->nruns; k++)
		view_table_col(t, k, cmp->runs[k].label, NULL, compare_metric_name(m), decimals[m], -1);
	view_table_col(t, cmp->nruns, "spread", NULL, "x", 2, -1);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		unsigned have = 0;
		double lo = NAN, hi = NAN;

		label = xasprintf("%s %s %s x%u", cmp->modes[row->wl].name,
		    view_size_label(row->bs, bs, sizeof bs), qd_text(row->depth, qd, sizeof qd),
		    row->jobs);
		r = view_table_add_row(t, label, i);
		free(label);
		for (k = 0; k < cmp->nruns; k++) {
			const struct cell_result *c = row->cell[k] < 0 ? NULL :
			    &cmp->runs[k].res.cells[row->cell[k]];
			double v = compare_value(cmp, row, k, m);

			if (c != NULL && !results_cell_has_figures(c))
				cv_text(t, r, k, NAN, "%s", cell_status_name(c->status));
			else if (c != NULL && !isnan(v)) {
				lo = have == 0 ? v : fmin(lo, v);
				hi = have == 0 ? v : fmax(hi, v);
				have++;
				view_cell_number(t, r, k, v, row->cell[k]);
			}
		}
		if (have > 1) {
			view_ratio(hi / lo, 2, x, sizeof x);
			x[strlen(x) - 1] = '\0';	/* the column's unit says "x" */
			cv_text(t, r, cmp->nruns, hi / lo, "%s", x);
		} else
			cv_text(t, r, cmp->nruns, NAN, "-");
	}
}

/* Each run's caps of metric m (none for p99), the baseline before the burst. */
static void
view_compare_caps(const struct compare *cmp, enum compare_metric m, struct compare_series *s)
{
	unsigned k, c;

	s->caps = xcalloc(2 * cmp->nruns + 1, sizeof *s->caps);
	for (k = 0; m != COMPARE_P99 && k < cmp->nruns; k++) {
		const struct expect *e = &cmp->runs[k].res.expect;
		double v[2];

		if (!e->set)
			continue;
		v[0] = m == COMPARE_IOPS ? e->iops : e->bw_bytes_s / MIB;
		v[1] = m == COMPARE_IOPS ? e->burst_iops : e->burst_bw_bytes_s / MIB;
		for (c = 0; c < 2; c++)
			if (v[c] > 0)
				s->caps[s->ncaps++] = (struct compare_cap){ .run = k, .burst = c == 1,
				    .value = v[c] };
	}
}

/*
 * The lines of the chart of metric m: per run, per mode x depth x jobs
 * (for p99, each workload's lowest depth with latency), with a point per
 * block size that has a figure; a line may have none.
 */
static void
view_compare_series(const struct compare *cmp, enum compare_metric m, struct compare_series *s)
{
	unsigned k, g, i;

	memset(s, 0, sizeof *s);
	s->lines = xcalloc(cmp->nruns * cmp->ngroups + 1, sizeof *s->lines);
	for (k = 0; k < cmp->nruns; k++)
		for (g = 0; g < cmp->ngroups; g++) {
			const struct compare_group *gr = &cmp->groups[g];
			struct compare_line *l = &s->lines[s->nlines];

			if (m == COMPARE_P99 && compare_lat_group(cmp, k, gr->wl) != (int)g)
				continue;
			l->bs = xcalloc(gr->n ? gr->n : 1, sizeof *l->bs);
			l->value = xcalloc(gr->n ? gr->n : 1, sizeof *l->value);
			for (i = 0; i < gr->n; i++) {
				const struct compare_row *row = &cmp->rows[gr->first + i];
				double v = compare_value(cmp, row, k, m);

				if (isnan(v))
					continue;
				l->bs[l->npoints] = row->bs;
				l->value[l->npoints++] = v;
				if (v > s->max)
					s->max = v;
			}
			l->run = k;
			l->group = g;
			l->title = xasprintf("%s %s", cmp->runs[k].label, gr->name);
			s->nlines++;
		}
	view_compare_caps(cmp, m, s);
}

/*
 * A fleet's cells as hosts.csv has them: a row per host and cell (the
 * comparison's rows, numbered), with its status ("missing": the host did
 * not run it) and, when it has figures, IOPS, MiB/s and p99.
 */
static void
view_compare_hosts(const struct compare *cmp, struct view_table *t)
{
	static const struct {
		const char	*header;
		int		 decimals;
		unsigned	 flags;
	} cols[] = {
		{ .header = "port" }, { .header = "cell" },
		{ .header = "mode", .flags = VIEW_COL_WORDS }, { .header = "bs" },
		{ .header = "depth" }, { .header = "jobs" },
		{ .header = "status", .flags = VIEW_COL_WORDS },
		{ .header = "iops", .decimals = 1 }, { .header = "bw_mib_s", .decimals = 3 },
		{ .header = "p99_us", .decimals = 1 }
	};
	const struct host_list *l = cmp->fleet->hosts;
	unsigned c, i, k, r, n = sizeof cols / sizeof cols[0];

	view_table_init(t, "Hosts", n);
	str_copy(t->row_head, sizeof t->row_head, "host");
	for (c = 0; c < n; c++)
		cv_col(t, c, cols[c].header, NULL, cols[c].decimals, cols[c].flags);
	for (k = 0; k < cmp->nruns; k++)
		for (i = 0; i < cmp->nrows; i++) {
			const struct compare_row *row = &cmp->rows[i];
			const struct cell_result *res = row->cell[k] < 0 ? NULL :
			    &cmp->runs[k].res.cells[row->cell[k]];

			r = view_table_add_row(t, l->h[k].name, i);
			view_cell_number(t, r, 0, l->h[k].port, -1);
			view_cell_number(t, r, 1, i + 1, -1);
			cv_text(t, r, 2, NAN, "%s", mode_name(row->mode));
			view_cell_number(t, r, 3, (double)row->bs, -1);
			view_cell_number(t, r, 4, row->depth ? row->depth : NAN, -1);
			view_cell_number(t, r, 5, row->jobs, -1);
			cv_text(t, r, 6, NAN, "%s", res == NULL ? "missing" :
			    cell_status_name(res->status));
			if (res == NULL || !results_cell_has_figures(res))
				continue;
			view_cell_number(t, r, 7, res->iops, row->cell[k]);
			view_cell_number(t, r, 8, res->bw_bytes_s / MIB, row->cell[k]);
			view_cell_number(t, r, 9, view_metric_value(res, METRIC_P99_US), row->cell[k]);
		}
}

/* Each workload's verdict (view-compare-build.c), a row each. */
static void
view_compare_verdicts(const struct compare *cmp, struct view_table *t)
{
	unsigned m, r;

	view_table_init(t, "Verdict", 1);
	t->all_rows = true;
	str_copy(t->row_head, sizeof t->row_head, "Workload");
	cv_col(t, 0, "Verdict", NULL, 0, VIEW_COL_WORDS | VIEW_COL_PROSE);
	for (m = 0; m < cmp->nmodes; m++) {
		r = view_table_add_row(t, cmp->modes[m].name, m);
		cv_text(t, r, 0, NAN, "%s", cmp->verdict != NULL && cmp->verdict[m] != NULL ?
		    cmp->verdict[m] : "");
	}
}

/*
 * Which runs read a region never written (view_unwritten()), each with its
 * banner: their read figures, and the ratios and winners from them, may be
 * far above what the storage does.  NULL when none did.  Caller frees.
 */
static char *
view_compare_unwritten(const struct compare *cmp)
{
	char *buf = NULL, *banner;
	size_t len = 0;
	FILE *f;
	unsigned k, nruns = 0;

	if ((f = open_memstream(&buf, &len)) == NULL)
		return NULL;
	for (k = 0; k < cmp->nruns; k++) {
		banner = view_unwritten_banner(&cmp->runs[k].res, REPORT_UNWRITTEN_MARK " in its report");
		if (banner == NULL)
			continue;
		fprintf(f, "%s%s: %s", nruns++ > 0 ? " " : "", cmp->runs[k].label, banner);
		free(banner);
	}
	if (nruns == 0) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fprintf(f, " A ratio or winner at a read cell of %s may tell of the unwritten region "
	    "rather than of the storage.", nruns == 1 ? "that run" : "those runs");
	fclose(f);
	return buf;
}

/*
 * Which runs have cells that are not steady (noisy or stalled), as one
 * warning: ratios and winners of those cells may be the volume's moods,
 * not a difference between the runs.  NULL when every cell is steady.
 * Caller frees.
 */
static char *
view_compare_unsteady(const struct compare *cmp)
{
	char *buf = NULL, a[96];
	size_t len = 0;
	FILE *f;
	unsigned k, i, nruns = 0;

	for (k = 0; k < cmp->nruns; k++)
		nruns += cmp->runs[k].sum.nunsteady > 0;
	if (nruns == 0 || (f = open_memstream(&buf, &len)) == NULL)
		return NULL;
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct summary *s = &run->sum;

		if (s->nunsteady == 0)
			continue;
		fprintf(f, "%s%s: %u of %u cells (%u stalled, %u noisy: ", ftell(f) > 0 ? "; " : "",
		    run->label, s->nunsteady, s->ndone, s->nverdict[STABILITY_STALLED],
		    s->nverdict[STABILITY_NOISY]);
		for (i = 0; i < s->nunsteady && i < VIEW_COMPARE_UNSTEADY_MAX; i++)
			fprintf(f, "%s%s", i > 0 ? ", " : "", view_summary_cell_name(s,
			    &run->res.cells[s->unsteady[i]], a, sizeof a));
		if (s->nunsteady > VIEW_COMPARE_UNSTEADY_MAX)
			fprintf(f, " and %u more", s->nunsteady - VIEW_COMPARE_UNSTEADY_MAX);
		fputc(')', f);
	}
	fprintf(f, ". A ratio or winner at such a cell may tell how the volume behaved during %s "
	    "run rather than how the runs differ; each run's report says why its cells are not "
	    "steady.", nruns == 1 ? "that" : "each");
	fclose(f);
	return buf;
}

/*
 * One run against its own caps, after its label: "verdict; caps ...
 * (profile); mode: plateaus ...; burst credits ...".  Caller frees.
 */
static char *
view_compare_run_caps(const struct compare_run *run)
{
	const struct expect *e = &run->res.expect;
	char *buf = NULL, caps[160];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned m;

	if (f == NULL)
		return xstrdup("");
	if (!e->set)
		fputs("no caps given", f);
	else {
		fprintf(f, "%s; caps ", run->sum.verdict_text);
		fputs(view_summary_caps(e, caps, sizeof caps), f);
		if (e->profile[0] != '\0')
			fprintf(f, " (%s)", e->profile);
		for (m = 0; m < run->sum.nmodes; m++)
			fprintf(f, "; %s: %s", run->sum.modes[m].name, run->sum.modes[m].expect_text);
	}
	if (run->sum.nburst > 0)
		fprintf(f, "; burst credits likely ran out in %u cell%s (see its report)",
		    run->sum.nburst, run->sum.nburst == 1 ? "" : "s");
	fclose(f);
	return buf;
}

/*
 * Each run against its own caps, a row per run, when some run has caps
 * or a burst cliff (no row otherwise); and per run with caps and
 * workload, what its peaks reached, marked when above the cap.
 */
static void
view_compare_limits(const struct compare *cmp, struct view_table *t, struct view_table *peaks)
{
	unsigned k, m, r, any = 0;
	char *s, *label;

	view_table_init(t, "Against the provisioned limits", 1);
	t->all_rows = true;
	str_copy(t->row_head, sizeof t->row_head, "Run");
	cv_col(t, 0, "Against its caps", NULL, 0, VIEW_COL_WORDS | VIEW_COL_PROSE);
	view_table_init(peaks, "Peaks against the caps", 1);
	peaks->all_rows = true;
	str_copy(peaks->row_head, sizeof peaks->row_head, "Run and workload");
	cv_col(peaks, 0, "Peaks", NULL, 0, VIEW_COL_WORDS | VIEW_COL_PROSE);
	for (k = 0; k < cmp->nruns; k++)
		any += cmp->runs[k].res.expect.set || cmp->runs[k].sum.nburst > 0;
	for (k = 0; any > 0 && k < cmp->nruns; k++) {
		r = view_table_add_row(t, cmp->runs[k].label, k);
		s = view_compare_run_caps(&cmp->runs[k]);
		cv_text(t, r, 0, NAN, "%s", s);
		if (cmp->runs[k].sum.verdict == EXPECT_BELOW ||
		    cmp->runs[k].sum.verdict == EXPECT_ABOVE_CAP)
			view_cell_flag(view_table_cell(t, r, 0), VIEW_ABOVE_CAP, NULL);
		free(s);
	}
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];

		if (!run->res.expect.set)
			continue;
		for (m = 0; m < run->sum.nmodes; m++) {
			label = xasprintf("%s %s", run->label, run->sum.modes[m].name);
			r = view_table_add_row(peaks, label, k);
			free(label);
			cv_text(peaks, r, 0, NAN, "%s", run->sum.modes[m].expect_text);
			if (run->sum.modes[m].above_cap || run->sum.modes[m].below_spec)
				view_cell_flag(view_table_cell(peaks, r, 0), VIEW_ABOVE_CAP, NULL);
		}
	}
}

/* Every table of comparison cmp into v. */
void
view_compare_build(struct compare_view *v, const struct compare *cmp)
{
	unsigned m;

	memset(v, 0, sizeof *v);
	view_compare_runs(cmp, &v->runs);
	v->nmodes = cmp->nmodes;
	v->modes = xcalloc(cmp->nmodes ? cmp->nmodes : 1, sizeof *v->modes);
	for (m = 0; m < cmp->nmodes; m++)
		view_compare_mode(cmp, m, &v->modes[m]);
	view_compare_missing(cmp, &v->missing);
	view_compare_cells(cmp, &v->cells);
	view_compare_verdicts(cmp, &v->verdicts);
	view_compare_limits(cmp, &v->limits, &v->peaks);
	view_load_compare(cmp, &v->load);
	v->unsteady = view_compare_unsteady(cmp);
	v->marks = cv_marks_legend(cmp);
	v->unwritten = view_compare_unwritten(cmp);
	for (m = 0; cmp->fleet != NULL && m < COMPARE_METRICS; m++)
		view_compare_fleet(cmp, m, &v->fleet[m]);
	if (cmp->fleet != NULL)
		view_compare_hosts(cmp, &v->hosts);
	for (m = 0; m < COMPARE_METRICS; m++)
		view_compare_series(cmp, m, &v->series[m]);
	v->nheat = view_chart_compare_heats(cmp, &v->heat);
}

/* Free what view_compare_build() made. */
void
view_compare_free(struct compare_view *v)
{
	unsigned i, m;

	view_table_free(&v->runs);
	for (m = 0; m < v->nmodes; m++)
		view_table_free(&v->modes[m]);
	free(v->modes);
	view_table_free(&v->missing);
	view_table_free(&v->cells);
	view_table_free(&v->hosts);
	view_table_free(&v->verdicts);
	view_table_free(&v->limits);
	view_table_free(&v->peaks);
	view_table_free(&v->load);
	free(v->unsteady);
	free(v->marks);
	free(v->unwritten);
	for (m = 0; m < COMPARE_METRICS; m++) {
		view_table_free(&v->fleet[m]);
		for (i = 0; i < v->series[m].nlines; i++) {
			free(v->series[m].lines[i].title);
			free(v->series[m].lines[i].bs);
			free(v->series[m].lines[i].value);
		}
		free(v->series[m].lines);
		free(v->series[m].caps);
	}
	for (i = 0; i < v->nheat; i++)
		view_heat_free(&v->heat[i]);
	free(v->heat);
	memset(v, 0, sizeof *v);
}
