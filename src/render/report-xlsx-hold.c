/*
 * report.xlsx's Hold sheet for a --hold run (view-hold.c's view): the
 * sentences, the dips, the minutes with their p99, and a chart of each
 * second against the reference and the 90% line, from the seconds written
 * in columns beside the tables.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "view/palette.h"

#define HOLD_SHEET	"Hold"
#define HOLD_DATA_COL	8	/* the seconds' columns: time, figure, reference, 90% line */

/* A sentence across the sheet's first columns, wrapped; NULL writes nothing. */
static lxw_row_t
hold_line(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const char *text,
    lxw_format *f)
{
	if (text == NULL)
		return row;
	worksheet_merge_range(ws, row, 0, row, 6, text, f != NULL ? f : x->wrap);
	worksheet_set_row(ws, row, 15 * (double)report_xlsx_lines(text, 7 * 14), NULL);
	return row + 1;
}

/* A table of the view: its title, note, header, rows; the row after it. */
static lxw_row_t
hold_table(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct view_table *v)
{
	unsigned r, c;

	if (v->nrows == 0)
		return row;
	worksheet_write_string(ws, ++row, 0, v->title, x->bold);
	if (v->note != NULL)
		row = hold_line(x, ws, row + 1, v->note, NULL) - 1;
	row++;
	worksheet_write_string(ws, row, 0, v->row_head, x->header);
	for (c = 0; c < v->ncols; c++)
		worksheet_write_string(ws, row, (lxw_col_t)(c + 1), v->cols[c].header, x->header);
	for (r = 0; r < v->nrows; r++) {
		row++;
		worksheet_write_string(ws, row, 0, v->rows[r].label, NULL);
		for (c = 0; c < v->ncols; c++) {
			const struct view_cell *vc = view_table_cell(v, r, c);

			if (vc->kind == VIEW_NUMBER)
				worksheet_write_number(ws, row, (lxw_col_t)(c + 1), vc->value,
				    v->cols[c].decimals > 1 ? x->num3 : v->cols[c].decimals == 1 ?
				    x->num1 : x->num0);
		}
	}
	return row + 1;
}

/* The seconds beside the tables, and the chart of them at row at. */
static void
hold_chart(struct report_xl *x, lxw_worksheet *ws, const struct report_ctx *ctx, lxw_row_t at)
{
	const struct view_hold *vh = &ctx->view->hold;
	struct report_xlsx_look look = { .width = 1.5, .color = 0 };
	lxw_col_t c = HOLD_DATA_COL;
	lxw_chart *ch;
	char *name, *title;
	unsigned s;

	worksheet_write_string(ws, 0, c, "Minute", x->header);
	name = xasprintf("%s per second", vh->unit);
	worksheet_write_string(ws, 0, c + 1, name, x->header);
	worksheet_write_string(ws, 0, c + 2, vh->provisioned ? "Provisioned" : "Level held",
	    x->header);
	worksheet_write_string(ws, 0, c + 3, "90% of it", x->header);
	for (s = 0; s < vh->nsec; s++) {
		worksheet_write_number(ws, s + 1, c, (s + 0.5) / 60, x->num3);
		worksheet_write_number(ws, s + 1, c + 1, vh->v[s], vh->bw ? x->num1 : x->num0);
		worksheet_write_number(ws, s + 1, c + 2, vh->ref, vh->bw ? x->num1 : x->num0);
		worksheet_write_number(ws, s + 1, c + 3, vh->line, vh->bw ? x->num1 : x->num0);
	}
	worksheet_set_column(ws, c, c + 3, 13, NULL);
	if (vh->nsec == 0)
		goto out;
	title = xasprintf("%s: %s", ctx->view->docs->head.label, name);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_SCATTER, title, "Minutes from the start of the "
	    "measured window", name, LXW_CHART_LEGEND_BOTTOM);
	look.color = (uint32_t)strtoul(vh->color + 1, NULL, 16);
	report_xlsx_series(ch, HOLD_SHEET, 1, vh->nsec, c, c + 1, name, &look);
	look = (struct report_xlsx_look){ .width = 2, .color = PALETTE_RGB(PALETTE_CAP),
	    .dash = LXW_CHART_LINE_DASH_DASH };
	report_xlsx_series(ch, HOLD_SHEET, 1, vh->nsec, c, c + 2, vh->provisioned ?
	    "Provisioned" : "Level held", &look);
	look.color = PALETTE_RGB(PALETTE_CAP_BURST);
	look.dash = LXW_CHART_LINE_DASH_ROUND_DOT;
	report_xlsx_series(ch, HOLD_SHEET, 1, vh->nsec, c, c + 3, "90% of it", &look);
	chart_axis_set_min(ch->y_axis, 0);
	chart_axis_set_min(ch->x_axis, 0);
	chart_axis_set_max(ch->x_axis, vh->nsec / 60.0);
	worksheet_insert_chart_opt(ws, at, 0, ch, &(lxw_chart_options){ .x_scale = 1.6,
	    .y_scale = 1.3 });
	free(title);
out:
	free(name);
}

/* The Hold sheet, when the run is a hold. */
void
report_xlsx_hold(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct view_hold *vh = &ctx->view->hold;
	lxw_worksheet *ws;
	lxw_row_t row = 0;

	if (!vh->on)
		return;
	ws = workbook_add_worksheet(x->wb, HOLD_SHEET);
	worksheet_set_column(ws, 0, 6, 17, NULL);
	worksheet_write_string(ws, row++, 0, "Held against the promise", x->title);
	row = hold_line(x, ws, row, vh->verdict, vh->below ? x->alert_wrap : NULL);
	row = hold_line(x, ws, row, vh->promise, NULL);
	row = hold_line(x, ws, row, vh->step_text, NULL);
	row = hold_line(x, ws, row, vh->dips_text, NULL);
	row = hold_line(x, ws, row, vh->worst, NULL);
	row = hold_line(x, ws, row, vh->hours, NULL);
	hold_chart(x, ws, ctx, row + 1);
	row += 22;
	row = hold_table(x, ws, row, &vh->dips);
	row = hold_table(x, ws, row, &vh->minutes);
	report_xlsx_page(ws, 0, false);
	/* the sentences, the chart and the tables; the seconds beside them are the chart's data */
	worksheet_print_area(ws, 0, 0, row, 6);
}
