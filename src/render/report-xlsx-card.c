/*
 * The bottom line at the top of report.xlsx's Summary sheet, as the
 * documents open with it (view-card.c): a line for the volume, a row per
 * workload (its name, then its figures with the verdict word in its class
 * colour, a rich string), and the diagnosis a line each; every line spans
 * the columns of the first page, wrapped, its row as tall as its lines.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "view/palette.h"

#define XC_LINE_PT	15	/* a line of 11-point text */

/* The colour of a verdict class: green, amber, grey, red; dark grey without one. */
static uint32_t
xc_color(const char *cls)
{
	if (cls == NULL)
		return PALETTE_RGB(PALETTE_LABEL);
	if (strcmp(cls, "ok") == 0)
		return PALETTE_RGB(PALETTE_PASS);
	if (strcmp(cls, "above") == 0)
		return PALETTE_RGB(PALETTE_ABOVE);
	if (strcmp(cls, "fail") == 0)
		return PALETTE_RGB(PALETTE_ALERT);
	return PALETTE_RGB(PALETTE_KEY);
}

/* A wrapped, top-aligned format: bold or not, in colour fg (0: black). */
static lxw_format *
xc_format(struct report_xl *x, bool bold, uint32_t fg)
{
	lxw_format *f = report_xlsx_format(x->wb, NULL, bold, 0, fg);

	format_set_text_wrap(f);
	format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
	return f;
}

/* text across columns first..last of row, wrapped in f, the row as tall as its lines. */
static void
xc_span(lxw_worksheet *ws, uint32_t row, unsigned first, unsigned last, const char *text,
    lxw_format *f, double chars)
{
	unsigned lines = report_xlsx_lines(text, chars);

	if (last > first)
		worksheet_merge_range(ws, row, (lxw_col_t)first, row, (lxw_col_t)last, text, f);
	else
		worksheet_write_string(ws, row, (lxw_col_t)first, text, f);
	if (lines > 1)
		worksheet_set_row(ws, row, XC_LINE_PT * lines, NULL);
}

/* A workload's row: its name, then the figures with the verdict word in its colour. */
static void
xc_mode(struct report_xl *x, lxw_worksheet *ws, uint32_t row, const struct view_card_mode *cm,
    unsigned last, double chars, lxw_format *plain)
{
	const char *mark = view_verdict_mark(cm->verdict);
	char *before, *word, *after;
	lxw_format *wf;

	worksheet_write_string(ws, row, 0, cm->name, x->bold);
	xc_span(ws, row, last > 0 ? 1 : 0, last, cm->line, plain, chars);
	if (cm->word == NULL || last == 0)
		return;
	/* The same text as a rich string, its verdict word bold in its class's colour. */
	wf = report_xlsx_format(x->wb, NULL, true, 0, xc_color(cm->cls));
	before = xasprintf("%s · %s · %s · ", cm->iops_text, cm->bw_text, cm->lat_text);
	word = xasprintf("%s%s%s", cm->word, mark[0] != '\0' ? " " : "", mark);
	after = xasprintf(" · %s", cm->cells_text);
	worksheet_write_rich_string(ws, row, 1, (lxw_rich_string_tuple *[]){
	    &(lxw_rich_string_tuple){ .format = NULL, .string = before },
	    &(lxw_rich_string_tuple){ .format = wf, .string = word },
	    &(lxw_rich_string_tuple){ .format = NULL, .string = after }, NULL }, plain);
	free(before);
	free(word);
	free(after);
}

/*
 * The bottom line from row, across the ncols columns of the first page (w:
 * their widths in characters): the volume's line, a row per workload, the
 * diagnosis.  Returns the row after it (row itself when the run has no
 * workload with figures).
 */
uint32_t
report_xlsx_card(struct report_xl *x, lxw_worksheet *ws, uint32_t row,
    const struct report_ctx *ctx, const double *w, unsigned ncols)
{
	const struct view_card *c = ctx->view->card;
	unsigned last = ncols > 0 ? ncols - 1 : 0, m;
	double chars = 0, rest;
	lxw_format *plain, *head;
	char *line;

	if (c == NULL || c->nmodes == 0)
		return row;
	for (m = 0; m < ncols; m++)
		chars += w[m];
	if (chars <= 0)
		chars = 100;
	rest = ncols > 1 ? chars - w[0] : chars;	/* the figures start in the second column */
	plain = xc_format(x, false, 0);
	head = xc_format(x, true, xc_color(c->cls));
	line = c->against[0] != '\0' ? xasprintf("Bottom line: %s (caps: %s)", c->head, c->against) :
	    xasprintf("Bottom line: %s", c->head);
	xc_span(ws, row++, 0, last, line, head, chars);
	free(line);
	for (m = 0; m < c->nmodes; m++)
		xc_mode(x, ws, row++, &c->modes[m], last, rest, plain);
	if (c->ndiag > 0)
		xc_span(ws, row++, 0, last, "Diagnosis, from what was measured:", xc_format(x, true, 0),
		    chars);
	for (m = 0; m < c->ndiag; m++) {
		line = xasprintf("- %s", c->diag[m]);
		xc_span(ws, row++, 0, last, line, plain, chars);
		free(line);
	}
	return row;
}
