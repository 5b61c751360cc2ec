/*
 * The tables of compare.md and compare.html, built once as text (as
 * report-table.c does for a run's report) so both show the same figures.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The runs: label, target, host, date, engine, plan and provisioned caps. */
void
compare_table_runs(const struct compare *cmp, struct report_table *t)
{
	static const char *const header[] = {
		"Run", "Results", "Target", "Region used", "Host", "Started (UTC)", "Engine",
		"Cells with figures", "Provisioned caps"
	};
	unsigned k;
	char a[32], b[32], caps[160];

	report_table_init(t, "Runs", 9, header);
	t->numeric[7] = true;
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct results *res = &run->res;
		unsigned row = report_table_add_row(t);

		report_table_set(t, row, 0, "%s%s", run->label, k == 0 ? " (first: the ratios' base)" :
		    "");
		report_table_set(t, row, 1, "%s", run->path);
		report_table_set(t, row, 2, "%s (%s)", res->target.path,
		    res->target.kind == TARGET_DEVICE ? "block device" : "file");
		if (res->target.size > 0)
			report_table_set(t, row, 3, "%s of %s", size_human(res->target.size, a, sizeof a),
			    size_human(res->target.total_size, b, sizeof b));
		else
			report_table_set(t, row, 3, "not recorded");
		report_table_set(t, row, 4, "%s", res->host);
		report_table_set(t, row, 5, "%s", res->started_utc);
		if (res->plan.runtime_s > 0)
			report_table_set(t, row, 6, "%s, %u s per cell", res->plan.engine,
			    res->plan.runtime_s);
		else
			report_table_set(t, row, 6, "%s", res->plan.engine);
		report_table_set(t, row, 7, "%u", run->sum.ndone);
		if (res->expect.set)
			report_table_set(t, row, 8, "%s%s%s%s", report_summary_caps(&res->expect, caps,
			    sizeof caps), res->expect.profile[0] ? " (" : "", res->expect.profile,
			    res->expect.profile[0] ? ")" : "");
		else
			report_table_set(t, row, 8, "none given");
	}
}

/*
 * One mode's rows: block size, depth, jobs, then for each metric every
 * run's figure, every run's ratio to the first, and the winner.  A run that
 * lacks the cell shows "missing".
 */
void
compare_table_mode(const struct compare *cmp, unsigned wl, struct report_table *t)
{
	unsigned ncols = 3 + COMPARE_METRICS * (cmp->nruns + (cmp->nruns - 1) + 1), c, i, k, m;
	char a[160];

	report_table_init(t, cmp->modes[wl].name, ncols, NULL);
	report_table_set(t, 0, 0, "Block size");
	report_table_set(t, 0, 1, "QD");
	report_table_set(t, 0, 2, "Jobs");
	t->numeric[1] = t->numeric[2] = true;
	for (c = 3, m = 0; m < COMPARE_METRICS; m++) {
		for (k = 0; k < cmp->nruns; k++) {
			t->numeric[c] = true;
			report_table_set(t, 0, c++, "%s %s", cmp->runs[k].label, compare_metric_name(m));
		}
		for (k = 1; k < cmp->nruns; k++) {
			t->numeric[c] = true;
			report_table_set(t, 0, c++, "%s/%s", cmp->runs[k].label, cmp->runs[0].label);
		}
		report_table_set(t, 0, c++, "Winner (%s)", m == COMPARE_P99 ? "p99" :
		    compare_metric_name(m));
	}
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		unsigned r;

		if (row->wl != wl)
			continue;
		r = report_table_add_row(t);
		report_table_set(t, r, 0, "%s", report_size_label(row->bs, a, sizeof a));
		report_table_set(t, r, 1, "%u", row->depth);
		report_table_set(t, r, 2, "%u", row->jobs);
		for (c = 3, m = 0; m < COMPARE_METRICS; m++) {
			for (k = 0; k < cmp->nruns; k++, c++) {
				double v = compare_value(cmp, row, k, m);

				if (row->cell[k] < 0) {
					report_table_set(t, r, c, "missing");
					report_table_flag(t, r, c, REPORT_FLAG_FAILED, "not measured in this run");
				} else if (isnan(v))
					report_table_set(t, r, c, "-");
				else
					report_table_set(t, r, c, "%s", report_num(v, m == COMPARE_IOPS ? 0 : 1,
					    a, sizeof a));
			}
			for (k = 1; k < cmp->nruns; k++, c++) {
				double v = compare_value(cmp, row, k, m) / compare_value(cmp, row, 0, m);

				if (isnan(v))
					report_table_set(t, r, c, "-");
				else
					report_table_set(t, r, c, "%.2fx", v);
			}
			report_table_set(t, r, c++, "%s", compare_winner_text(cmp, row, m, a, sizeof a));
		}
	}
}

/* The cells some runs lack: mode, block size, depth, jobs, and which runs. */
void
compare_table_missing(const struct compare *cmp, struct report_table *t)
{
	static const char *const header[] = { "Mode", "Block size", "QD", "Jobs", "Missing in" };
	unsigned i, k;
	char a[32];

	report_table_init(t, "Cells only some runs have", 5, header);
	t->numeric[2] = t->numeric[3] = true;
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		char *who = NULL;
		unsigned r;

		for (k = 0; k < cmp->nruns; k++)
			if (row->cell[k] < 0) {
				char *next = xasprintf("%s%s%s", who != NULL ? who : "", who != NULL ? ", " : "",
				    cmp->runs[k].label);

				free(who);
				who = next;
			}
		if (who == NULL)
			continue;
		r = report_table_add_row(t);
		report_table_set(t, r, 0, "%s", cmp->modes[row->wl].name);
		report_table_set(t, r, 1, "%s", report_size_label(row->bs, a, sizeof a));
		report_table_set(t, r, 2, "%u", row->depth);
		report_table_set(t, r, 3, "%u", row->jobs);
		report_table_set(t, r, 4, "%s", who);
		report_table_flag(t, r, 4, REPORT_FLAG_FAILED, NULL);
		free(who);
	}
}
