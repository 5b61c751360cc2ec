/*
 * compare.xlsx (libxlsxwriter): Summary (runs, rule, verdicts, caps), Side
 * by side (every run's IOPS, MiB/s and p99 per cell), Ratios (each run over
 * the first, and the winners) and Charts (native overlay charts of the Side
 * by side figures, with each run's caps).  The two data sheets have the
 * columns of compare.csv, header for header.  Written to a temp file and
 * renamed over compare.xlsx once libxlsxwriter has closed it.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "report.h"

#define SHEET_SUMMARY	"Summary"
#define SHEET_SIDE	"Side by side"
#define SHEET_RATIOS	"Ratios"
#define SHEET_CHARTS	"Charts"
#define COL_FIRST	6	/* mode, bs, bs_bytes, bs_kib, depth, jobs, then figures */
#define CHART_SERIES_MAX 255

static const lxw_color_t compare_xl_color[] = {
	0x1F77B4, 0xD62728, 0x2CA02C, 0xFF7F0E, 0x9467BD, 0x8C564B, 0xE377C2, 0x7F7F7F
};
static const uint8_t compare_xl_dash[] = {
	LXW_CHART_LINE_DASH_SOLID, LXW_CHART_LINE_DASH_DASH, LXW_CHART_LINE_DASH_ROUND_DOT,
	LXW_CHART_LINE_DASH_DASH_DOT, LXW_CHART_LINE_DASH_LONG_DASH
};
static const uint8_t compare_xl_marker[] = {
	LXW_CHART_MARKER_CIRCLE, LXW_CHART_MARKER_SQUARE, LXW_CHART_MARKER_DIAMOND,
	LXW_CHART_MARKER_TRIANGLE, LXW_CHART_MARKER_X
};

/* The workbook and its formats. */
struct compare_xl {
	lxw_workbook	*wb;
	lxw_format	*title, *header, *bold, *num0, *num1, *ratio, *missing, *alert;
};

/* The row's identity columns, as compare.csv has them. */
static void
compare_xl_id(struct compare_xl *x, lxw_worksheet *ws, lxw_row_t r, const struct compare_row *row)
{
	char bs[32];

	worksheet_write_string(ws, r, 0, mode_name(row->mode), NULL);
	worksheet_write_string(ws, r, 1, size_short(row->bs, bs, sizeof bs), NULL);
	worksheet_write_number(ws, r, 2, (double)row->bs, x->num0);
	worksheet_write_number(ws, r, 3, (double)row->bs / KIB, NULL);
	worksheet_write_number(ws, r, 4, row->depth, NULL);
	worksheet_write_number(ws, r, 5, row->jobs, NULL);
}

/* The identity header of a data sheet. */
static void
compare_xl_id_header(struct compare_xl *x, lxw_worksheet *ws)
{
	static const char *const id[] = { "mode", "bs", "bs_bytes", "bs_kib", "depth", "jobs" };
	unsigned c;

	for (c = 0; c < COL_FIRST; c++)
		worksheet_write_string(ws, 0, (lxw_col_t)c, id[c], x->header);
	worksheet_set_row(ws, 0, 45, NULL);
	worksheet_freeze_panes(ws, 1, COL_FIRST);
	worksheet_set_column(ws, 0, COL_FIRST - 1, 9, NULL);
}

/* Side by side: every run's figures per cell; a missing cell is "missing". */
static void
compare_xl_side(struct compare_xl *x, const struct compare *cmp)
{
	static const char *const numfmt[COMPARE_METRICS] = { "#,##0.0", "#,##0.000", "#,##0.0" };
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_SIDE);
	lxw_format *fmt[COMPARE_METRICS];
	unsigned i, k, m, last = COL_FIRST + COMPARE_METRICS * cmp->nruns;

	for (m = 0; m < COMPARE_METRICS; m++)
		fmt[m] = report_xlsx_format(x->wb, numfmt[m], false, 0, 0);
	compare_xl_id_header(x, ws);
	for (k = 0; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++) {
			char *h = compare_head(cmp, COMPARE_COL_VALUE, k, m);

			worksheet_write_string(ws, 0, (lxw_col_t)(COL_FIRST + k * COMPARE_METRICS + m), h,
			    x->header);
			free(h);
		}
	worksheet_write_string(ws, 0, (lxw_col_t)last, "missing in", x->header);
	worksheet_set_column(ws, COL_FIRST, (lxw_col_t)(last - 1), 14, NULL);
	worksheet_set_column(ws, (lxw_col_t)last, (lxw_col_t)last, 24, NULL);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		char *missing;

		compare_xl_id(x, ws, i + 1, row);
		for (k = 0; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++) {
				double v = compare_value(cmp, row, k, m);

				/* Blank, not text, when missing: a chart shows a gap there. */
				if (!isnan(v))
					worksheet_write_number(ws, i + 1,
					    (lxw_col_t)(COL_FIRST + k * COMPARE_METRICS + m), v, fmt[m]);
			}
		missing = compare_missing_text(cmp, row);
		if (*missing)
			worksheet_write_string(ws, i + 1, (lxw_col_t)last, missing, x->missing);
		free(missing);
	}
	worksheet_autofilter(ws, 0, 0, cmp->nrows > 0 ? cmp->nrows : 1, (lxw_col_t)last);
}

/* Ratios: each run over the first, and the winner of every metric. */
static void
compare_xl_ratios(struct compare_xl *x, const struct compare *cmp)
{
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_RATIOS);
	unsigned i, k, m, wcol = COL_FIRST + COMPARE_METRICS * (cmp->nruns - 1);
	char buf[256];

	compare_xl_id_header(x, ws);
	for (k = 1; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++) {
			char *h = compare_head(cmp, COMPARE_COL_RATIO, k, m);

			worksheet_write_string(ws, 0, (lxw_col_t)(COL_FIRST + (k - 1) * COMPARE_METRICS + m),
			    h, x->header);
			free(h);
		}
	for (m = 0; m < COMPARE_METRICS; m++) {
		char *h = compare_head(cmp, COMPARE_COL_WINNER, 0, m);

		worksheet_write_string(ws, 0, (lxw_col_t)(wcol + m), h, x->header);
		free(h);
	}
	worksheet_set_column(ws, COL_FIRST, (lxw_col_t)(wcol - 1), 14, NULL);
	worksheet_set_column(ws, (lxw_col_t)wcol, (lxw_col_t)(wcol + 2), 18, NULL);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];

		compare_xl_id(x, ws, i + 1, row);
		for (k = 1; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++) {
				double v = compare_value(cmp, row, k, m) / compare_value(cmp, row, 0, m);

				if (!isnan(v))
					worksheet_write_number(ws, i + 1,
					    (lxw_col_t)(COL_FIRST + (k - 1) * COMPARE_METRICS + m), v, x->ratio);
			}
		for (m = 0; m < COMPARE_METRICS; m++)
			worksheet_write_string(ws, i + 1, (lxw_col_t)(wcol + m),
			    compare_winner_text(cmp, row, m, buf, sizeof buf), NULL);
	}
	worksheet_write_string(ws, cmp->nrows + 2, 0, compare_rule(), NULL);
	worksheet_autofilter(ws, 0, 0, cmp->nrows > 0 ? cmp->nrows : 1, (lxw_col_t)(wcol + 2));
}

/* Summary: the runs, the rule, the verdicts, each run's caps. */
static void
compare_xl_summary(struct compare_xl *x, const struct compare *cmp)
{
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_SUMMARY);
	struct report_table t;
	lxw_row_t row = 0;
	unsigned r, c, k, m;
	char *line = xstrdup("Comparison:"), *next;

	for (k = 0; k < cmp->nruns; k++) {
		next = xasprintf("%s%s%s", line, k > 0 ? " vs " : " ", cmp->runs[k].label);
		free(line);
		line = next;
	}
	worksheet_set_column(ws, 0, 0, 16, NULL);
	worksheet_set_column(ws, 1, 8, 22, NULL);
	worksheet_write_string(ws, row++, 0, line, x->title);
	free(line);
	worksheet_write_string(ws, row++, 0, compare_rule(), NULL);
	worksheet_write_string(ws, row++, 0, "Units: IOPS; MiB/s = 2^20 bytes/s; p99 completion "
	    "latency in microseconds (us). Figures: sheet Side by side; ratios and winners: Ratios; "
	    "charts: Charts.", NULL);
	if (cmp->ncommon == 0)
		worksheet_write_string(ws, row++, 0, "Warning: the runs have no cell in common; there "
		    "is no ratio and no winner.", x->alert);
	row++;
	compare_table_runs(cmp, &t);
	for (r = 0; r < t.nrows; r++, row++)
		for (c = 0; c < t.ncols; c++)
			worksheet_write_string(ws, row, (lxw_col_t)c, t.text[r * t.ncols + c],
			    r == 0 ? x->header : NULL);
	report_table_free(&t);
	row++;
	worksheet_write_string(ws, row++, 0, "Verdict", x->bold);
	for (m = 0; m < cmp->nmodes; m++, row++) {
		worksheet_write_string(ws, row, 0, mode_name(cmp->modes[m]), x->bold);
		worksheet_write_string(ws, row, 1, cmp->verdict[m] != NULL ? cmp->verdict[m] : "", NULL);
	}
	row++;
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];

		if (!run->res.expect.set)
			continue;
		for (m = 0; m < run->sum.nmodes; m++, row++) {
			line = xasprintf("%s %s", run->label, mode_name(run->sum.modes[m].mode));
			worksheet_write_string(ws, row, 0, line, x->bold);
			free(line);
			worksheet_write_string(ws, row, 1, run->sum.modes[m].expect_text,
			    run->sum.modes[m].above_cap ? x->alert : NULL);
		}
	}
	worksheet_activate(ws);
}

/* A chart line: rows first..last of a sheet's column, x from its bs_kib column. */
static void
compare_xl_series(lxw_chart *ch, const char *sheet, lxw_row_t first, lxw_row_t last,
    lxw_col_t xcol, lxw_col_t col, const char *name, unsigned run, unsigned dash, int marker)
{
	lxw_chart_series *se = chart_add_series(ch, NULL, NULL);
	lxw_chart_line line;

	memset(&line, 0, sizeof line);
	line.color = compare_xl_color[run % 8];
	line.width = marker >= 0 ? 1.75 : 1.25;
	line.dash_type = compare_xl_dash[dash % 5];
	chart_series_set_categories(se, sheet, first, xcol, last, xcol);
	chart_series_set_values(se, sheet, first, col, last, col);
	chart_series_set_name(se, name);
	chart_series_set_line(se, &line);
	if (marker >= 0) {
		chart_series_set_marker_type(se, compare_xl_marker[marker % 5]);
		chart_series_set_marker_size(se, 5);
	} else
		chart_series_set_marker_type(se, LXW_CHART_MARKER_NONE);
}

/* The dash of a mode: its place among the compared modes. */
static unsigned
compare_xl_dash_of(const struct compare *cmp, enum rw_mode mode)
{
	unsigned m;

	for (m = 0; m < cmp->nmodes; m++)
		if (cmp->modes[m] == mode)
			return m;
	return 0;
}

/*
 * Charts: IOPS, MiB/s and p99 against block size from the Side by side
 * sheet, a line per run and mode x depth x jobs; each run's caps as flat
 * lines from a small table on this sheet.
 */
static void
compare_xl_charts(struct compare_xl *x, const struct compare *cmp)
{
	static const char *const ytitle[COMPARE_METRICS] = {
		"IOPS (log scale)", "Throughput (MiB/s, log scale)", "p99 latency (us, log scale)"
	};
	static const char *const ctitle[COMPARE_METRICS] = {
		"IOPS vs block size", "Throughput vs block size",
		"p99 latency vs block size, lowest queue depth"
	};
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_CHARTS);
	lxw_chart_options opt;
	lxw_row_t caprow = 1;
	unsigned k, g, m, nseries;
	double kib_lo = cmp->nbs > 0 ? (double)cmp->bs[0] / KIB : 1;
	double kib_hi = cmp->nbs > 0 ? (double)cmp->bs[cmp->nbs - 1] / KIB : 1;

	worksheet_write_string(ws, 0, 0, "Caps drawn on the charts (each run's results.json)",
	    x->bold);
	worksheet_set_column(ws, 0, 0, 30, NULL);
	worksheet_set_column(ws, 1, 3, 14, NULL);
	for (m = 0; m < COMPARE_METRICS; m++) {
		char *title;
		lxw_chart *ch;

		title = xasprintf("%s", ctitle[m]);
		ch = report_xlsx_chart(x->wb, cmp->bs, cmp->nbs, title, ytitle[m],
		    LXW_CHART_LEGEND_RIGHT);
		free(title);
		nseries = 0;
		for (k = 0; k < cmp->nruns; k++)
			for (g = 0; g < cmp->ngroups && nseries < CHART_SERIES_MAX; g++) {
				const struct compare_group *gr = &cmp->groups[g];
				char *name;

				if (m == COMPARE_P99 && compare_lat_group(cmp, k, gr->mode) != (int)g)
					continue;
				name = xasprintf("%s %s", cmp->runs[k].label, gr->name);
				compare_xl_series(ch, SHEET_SIDE, gr->first + 1, gr->first + gr->n, 3,
				    (lxw_col_t)(COL_FIRST + k * COMPARE_METRICS + m), name, k,
				    compare_xl_dash_of(cmp, gr->mode), (int)gr->variant);
				free(name);
				nseries++;
			}
		for (k = 0; m != COMPARE_P99 && k < cmp->nruns && nseries < CHART_SERIES_MAX; k++) {
			const struct expect *e = &cmp->runs[k].res.expect;
			double caps[2];
			unsigned c;

			if (!e->set)
				continue;
			caps[0] = m == COMPARE_IOPS ? e->iops : e->bw_bytes_s / MIB;
			caps[1] = m == COMPARE_IOPS ? e->burst_iops : e->burst_bw_bytes_s / MIB;
			for (c = 0; c < 2; c++) {
				char *name;

				if (!(caps[c] > 0))
					continue;
				name = xasprintf("%s %s %s", cmp->runs[k].label, c == 0 ? "cap" : "burst",
				    m == COMPARE_IOPS ? "IOPS" : "MiB/s");
				worksheet_write_string(ws, caprow, 0, name, NULL);
				worksheet_write_number(ws, caprow, 1, kib_lo, NULL);
				worksheet_write_number(ws, caprow, 2, caps[c], x->num1);
				worksheet_write_number(ws, caprow + 1, 1, kib_hi, NULL);
				worksheet_write_number(ws, caprow + 1, 2, caps[c], x->num1);
				compare_xl_series(ch, SHEET_CHARTS, caprow, caprow + 1, 1, 2, name, k,
				    c == 0 ? 1 : 2, -1);
				free(name);
				caprow += 2;
				nseries++;
			}
		}
		memset(&opt, 0, sizeof opt);
		opt.x_scale = 2.0;
		opt.y_scale = 2.0;
		worksheet_insert_chart_opt(ws, (lxw_row_t)(m * 31), 5, ch, &opt);
	}
}

/* Write DIR/compare.xlsx whole or not at all. */
int
compare_xlsx_write(struct compare_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	char *tmp = xasprintf("%s/.compare.xlsx.tmp", ctx->rc.dir);
	char *path = xasprintf("%s/compare.xlsx", ctx->rc.dir);
	lxw_workbook_options opt = { .constant_memory = LXW_FALSE, .tmpdir = NULL,
	    .use_zip64 = LXW_FALSE };
	lxw_doc_properties props;
	struct compare_xl x;
	lxw_error lerr;
	int err = 0;

	memset(&x, 0, sizeof x);
	x.wb = workbook_new_opt(tmp, &opt);
	if (x.wb == NULL) {
		snprintf(ctx->rc.error, sizeof ctx->rc.error, "%s: libxlsxwriter could not create the "
		    "workbook", tmp);
		free(tmp);
		free(path);
		return -EIO;
	}
	memset(&props, 0, sizeof props);
	props.title = (char *)"sweep compare";
	props.comments = (char *)"Runs compared by sweep compare from their results.json";
	workbook_set_properties(x.wb, &props);
	x.title = report_xlsx_format(x.wb, NULL, true, 0, 0);
	format_set_font_size(x.title, 14);
	x.header = report_xlsx_format(x.wb, NULL, true, 0xF0F0F0, 0);
	format_set_text_wrap(x.header);
	format_set_align(x.header, LXW_ALIGN_VERTICAL_TOP);
	x.bold = report_xlsx_format(x.wb, NULL, true, 0, 0);
	x.num0 = report_xlsx_format(x.wb, "#,##0", false, 0, 0);
	x.num1 = report_xlsx_format(x.wb, "#,##0.0", false, 0, 0);
	x.ratio = report_xlsx_format(x.wb, "0.000\"x\"", false, 0, 0);
	x.missing = report_xlsx_format(x.wb, NULL, false, 0xFFF2CC, 0);
	x.alert = report_xlsx_format(x.wb, NULL, true, 0, 0);
	format_set_font_color(x.alert, 0xB00020);
	compare_xl_summary(&x, cmp);
	compare_xl_side(&x, cmp);
	compare_xl_ratios(&x, cmp);
	compare_xl_charts(&x, cmp);
	lerr = workbook_close(x.wb);
	if (lerr != LXW_NO_ERROR) {
		snprintf(ctx->rc.error, sizeof ctx->rc.error, "%s: %s", path, lxw_strerror(lerr));
		err = -EIO;
	} else if (rename(tmp, path) != 0) {
		err = -errno;
		snprintf(ctx->rc.error, sizeof ctx->rc.error, "rename %s to %s: %s", tmp, path,
		    strerror(errno));
	}
	if (err != 0)
		unlink(tmp);
	free(tmp);
	free(path);
	return err;
}
