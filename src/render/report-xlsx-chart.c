/*
 * What the run's workbook (report.xlsx) and the comparison's (compare.xlsx)
 * share: cell formats, native charts that Excel and LibreOffice draw the
 * same, the print setup, and charts stacked below a sheet's tables.
 *
 * Why the charts look the way they do:
 *  - Block size and queue depth are category axes (a line chart) over text
 *    or number labels in the data table: evenly spaced, which for powers of
 *    two is a log2 axis.  A value axis with a log base of 2 and a custom
 *    format is drawn differently by the two (LibreOffice ignores the base
 *    and drops the points at the axis ends).
 *  - Value axes get explicit bounds with headroom (powers of ten on a log
 *    axis, a round step on a linear one) and a #,##0 format, so that no
 *    point sits on the frame and both draw the same ticks.
 *  - A chart is anchored below every table of its sheet, on a page of its
 *    own, so that no chart covers another or a table, on screen or on paper.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "view/palette.h"

#define CHART_X_SCALE	2.0	/* 960 x 504 pixels at zoom 1: one landscape page at most */
#define CHART_Y_SCALE	1.75
#define CHART_W_PX	960
#define CHART_H_PX	504
#define CHART_ZOOM_MAX	3.0	/* a chart at most 2,880 pixels wide */
#define HEADROOM	1.08	/* the largest figure at most 1 / 1.08 of the axis */
/*
 * What a landscape page holds at 100%, in pixels: 11 and 16.5 inches, less
 * libxlsxwriter's margins of 0.7 inch a side, at 96 pixels an inch (Letter
 * is the narrower of Letter and A4).
 */
#define PAGE_LETTER_PX	921
#define PAGE_A3_PX	1453

/* Dashes and markers told apart in every chart, the i-th of each (cycling). */
static const uint8_t xl_dashes[] = {
	LXW_CHART_LINE_DASH_SOLID, LXW_CHART_LINE_DASH_DASH, LXW_CHART_LINE_DASH_ROUND_DOT,
	LXW_CHART_LINE_DASH_DASH_DOT, LXW_CHART_LINE_DASH_LONG_DASH
};
static const uint8_t xl_markers[] = {
	LXW_CHART_MARKER_CIRCLE, LXW_CHART_MARKER_SQUARE, LXW_CHART_MARKER_DIAMOND,
	LXW_CHART_MARKER_TRIANGLE, LXW_CHART_MARKER_X
};

uint8_t
report_xlsx_dash(unsigned i)
{
	return xl_dashes[i % (sizeof xl_dashes / sizeof xl_dashes[0])];
}

uint8_t
report_xlsx_marker(unsigned i)
{
	return xl_markers[i % (sizeof xl_markers / sizeof xl_markers[0])];
}

/*
 * Create tmp (DIR/.NAME.tmp.PID) afresh for a workbook: file_create, never
 * through a link.  libxlsxwriter opens the file by name when it closes the
 * workbook; name is what to give it: /proc/self/fd/FD, this very file even
 * if tmp is replaced meanwhile, or tmp without /proc.  Returns the
 * descriptor (close it after report_xlsx_close), or -errno with the
 * reason in err.
 */
int
report_xlsx_tmp(const char *tmp, char *name, size_t len, char *err, size_t errlen)
{
	int fd = file_create(tmp);

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(-fd));
		return fd;
	}
	snprintf(name, len, "/proc/self/fd/%d", fd);
	if (access(name, W_OK) != 0)
		str_copy(name, len, tmp);
	return fd;
}

/*
 * Close the workbook written to tmp and rename it to path: whole or not at
 * all.  Returns 0, or -errno with the reason in err (tmp removed).
 */
int
report_xlsx_close(struct lxw_workbook *wb, const char *tmp, const char *path, char *err,
    size_t errlen)
{
	lxw_error lerr = workbook_close(wb);
	int ret = 0;

	if (lerr != LXW_NO_ERROR) {
		snprintf(err, errlen, "%s: %s", path, lxw_strerror(lerr));
		ret = -EIO;
	} else if (rename(tmp, path) != 0) {
		ret = -errno;
		snprintf(err, errlen, "rename %s to %s: %s", tmp, path, strerror(errno));
	}
	if (ret != 0)
		unlink(tmp);
	return ret;
}

/* A cell format: number format, bold, fill and font colours (0: none); the workbook owns it. */
struct lxw_format *
report_xlsx_format(struct lxw_workbook *wb, const char *num, bool bold, uint32_t bg, uint32_t fg)
{
	lxw_format *f = workbook_add_format(wb);

	if (num != NULL)
		format_set_num_format(f, num);
	if (bold)
		format_set_bold(f);
	if (bg != 0) {
		format_set_pattern(f, LXW_PATTERN_SOLID);
		format_set_bg_color(f, bg);
	}
	if (fg != 0)
		format_set_font_color(f, fg);
	return f;
}

/*
 * The format of figure v in base (num0 or num1, bad0 or bad1, unsteady0 or
 * unsteady1: decimals places) or, when those places would show a figure
 * below 10 with fewer than two significant digits, base's fill with the
 * places view_num() gives it ("0.015", not "0"); made when first needed,
 * so a workbook without such figures is as it was.
 */
lxw_format *
report_xlsx_small(struct report_xl *x, lxw_format *base, double v, int decimals)
{
	int d = view_num_decimals(v, decimals);
	bool bad = base == x->bad0 || base == x->bad1;
	bool unsteady = base == x->unsteady0 || base == x->unsteady1;
	char num[16] = "0.";
	unsigned i;

	if (d == decimals || base == NULL)
		return base;
	for (i = 0; i < x->nsmall; i++)
		if (x->small[i].base == base && x->small[i].places == d)
			return x->small[i].f;
	if (x->nsmall == REPORT_XLSX_SMALL_MAX)
		return base;
	for (i = 0; i < (unsigned)d && i + 3 < sizeof num; i++)
		num[2 + i] = '0';
	x->small[x->nsmall].base = base;
	x->small[x->nsmall].places = d;
	x->small[x->nsmall].f = report_xlsx_format(x->wb, num, false, bad ? PALETTE_RGB(PALETTE_MISMATCH_BG) : unsteady ?
	    PALETTE_RGB(PALETTE_FLAG_BG) : 0, bad ? PALETTE_RGB(PALETTE_MISMATCH_FG) : 0);
	format_set_align(x->small[x->nsmall].f, LXW_ALIGN_VERTICAL_TOP);
	return x->small[x->nsmall++].f;
}

/* Decimals that show step exactly (at most 3). */
static unsigned
axis_decimals(double step)
{
	unsigned d;
	double s = step;

	for (d = 0; d < 3; d++, s *= 10)
		if (fabs(s - round(s)) < 1e-9 * (s > 1 ? s : 1))
			break;
	return d;
}

/*
 * A value axis over range r: log10 from the power of ten below the
 * smallest figure to the one above the largest, or linear from 0 to a
 * round step above the largest; labels #,##0 with the decimals the ticks
 * need.  An empty range leaves the axis to the renderer.
 */
void
report_xlsx_axis(struct lxw_chart_axis *axis, const struct view_range *r, bool log_scale)
{
	static const char *const fmt[] = { "#,##0", "#,##0.0", "#,##0.00", "#,##0.000" };
	double lo, hi, raw, p, m, step;
	unsigned d = 0;

	if (!(r->hi > 0)) {
		chart_axis_set_num_format(axis, fmt[0]);
		return;
	}
	if (log_scale) {
		lo = pow(10, floor(log10(r->lo / HEADROOM)));
		hi = pow(10, ceil(log10(r->hi * HEADROOM)));
		if (lo < 1)
			d = (unsigned)fmin(3, round(-log10(lo)));
		chart_axis_set_log_base(axis, 10);
		chart_axis_set_min(axis, lo);
		chart_axis_set_max(axis, hi);
		chart_axis_set_num_format(axis, fmt[d]);
		return;
	}
	raw = r->hi * HEADROOM / 5;
	p = pow(10, floor(log10(raw)));
	m = raw / p;
	step = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
	hi = step * ceil(r->hi * HEADROOM / step - 1e-9);
	chart_axis_set_min(axis, 0);
	chart_axis_set_max(axis, hi);
	chart_axis_set_major_unit(axis, step);
	chart_axis_set_num_format(axis, fmt[axis_decimals(step)]);
}

/*
 * A chart of kind: lines or bars over a category axis, or lines over two
 * value axes (scatter); gaps at blank cells.  The workbook owns it.
 */
struct lxw_chart *
report_xlsx_chart(struct lxw_workbook *wb, enum report_xlsx_kind kind, const char *title,
    const char *xname, const char *yname, int legend_position)
{
	lxw_chart *ch = workbook_add_chart(wb, kind == REPORT_XLSX_SCATTER ?
	    LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS : kind == REPORT_XLSX_BARS ? LXW_CHART_COLUMN :
	    LXW_CHART_LINE);

	chart_title_set_name(ch, title);
	chart_axis_set_name(ch->x_axis, xname);
	chart_axis_set_name(ch->y_axis, yname);
	chart_axis_major_gridlines_set_visible(ch->x_axis, LXW_TRUE);
	chart_axis_major_gridlines_set_visible(ch->y_axis, LXW_TRUE);
	chart_legend_set_position(ch, (uint8_t)legend_position);
	chart_show_blanks_as(ch, LXW_CHART_BLANKS_AS_GAP);
	return ch;
}

/* A bar's look: filled in the colour, or hatched in it (the gnuplot charts' depths). */
static void
report_xlsx_bar_look(lxw_chart_series *se, const struct report_xlsx_look *look)
{
	lxw_chart_line border;

	memset(&border, 0, sizeof border);
	border.color = look->color;
	border.width = 0.75;
	chart_series_set_line(se, &border);
	if (look->hatched) {
		lxw_chart_pattern pat;

		memset(&pat, 0, sizeof pat);
		pat.type = LXW_CHART_PATTERN_WIDE_UPWARD_DIAGONAL;
		pat.fg_color = look->color;
		pat.bg_color = PALETTE_RGB(PALETTE_WHITE);
		chart_series_set_pattern(se, &pat);
	} else {
		lxw_chart_fill fill;

		memset(&fill, 0, sizeof fill);
		fill.color = look->color;
		chart_series_set_fill(se, &fill);
	}
}

/*
 * A line of a chart (a bar, in a REPORT_XLSX_BARS chart): values in column col of rows first..last of sheet,
 * its x (categories, or x values of a scatter chart) in column xcol; a
 * marker (LXW_CHART_MARKER_*) or none when marker is 0.  Returns the series.
 */
lxw_chart_series *
report_xlsx_series(struct lxw_chart *ch, const char *sheet, uint32_t first, uint32_t last,
    uint16_t xcol, uint16_t col, const char *name, const struct report_xlsx_look *look)
{
	lxw_chart_series *se = chart_add_series(ch, NULL, NULL);
	lxw_chart_line line;

	memset(&line, 0, sizeof line);
	line.color = look->color;
	line.width = look->width;
	line.dash_type = look->dash;
	chart_series_set_categories(se, sheet, first, xcol, last, xcol);
	chart_series_set_values(se, sheet, first, col, last, col);
	chart_series_set_name(se, name);
	if (ch->type == LXW_CHART_COLUMN) {
		report_xlsx_bar_look(se, look);
		return se;
	}
	chart_series_set_line(se, &line);
	if (look->marker != 0) {
		lxw_chart_fill fill;

		memset(&fill, 0, sizeof fill);
		fill.color = look->color;
		chart_series_set_marker_type(se, look->marker);
		chart_series_set_marker_size(se, 6);
		chart_series_set_marker_fill(se, &fill);
		line.dash_type = LXW_CHART_LINE_DASH_SOLID;	/* a marker's outline is never dashed */
		line.width = 1;
		chart_series_set_marker_line(se, &line);
	} else
		chart_series_set_marker_type(se, LXW_CHART_MARKER_NONE);
	return se;
}

/*
 * The points of series se (rows 0.. of column col of view table v) whose
 * cell has a caveat (view_caveats: not steady, a failed BW check, a read
 * never written) drawn hollow: a marker, or a bar, without fill, outlined
 * in look's colour.  Returns how many.
 */
unsigned
report_xlsx_series_hollow(lxw_chart_series *se, const struct report_xlsx_look *look,
    const struct view *view, const struct view_table *v, unsigned col)
{
	lxw_chart_point *pt, **pts;
	lxw_chart_fill none;
	lxw_chart_line line;
	unsigned r, n = 0;

	if (se == NULL || v->nrows == 0)
		return 0;
	memset(&none, 0, sizeof none);
	none.none = LXW_TRUE;
	memset(&line, 0, sizeof line);
	line.color = look->color;
	line.width = 1.5;
	pt = xcalloc(v->nrows, sizeof *pt);
	pts = xcalloc(v->nrows + 1, sizeof *pts);
	for (r = 0; r < v->nrows; r++) {
		const struct view_cell *vc = view_table_cell(v, r, col);

		pts[r] = &pt[r];	/* all zero: the series' own look */
		if (view_cell_caveats(view, vc) == 0)
			continue;
		pt[r].fill = &none;
		pt[r].line = &line;
		n++;
	}
	if (n > 0)
		chart_series_set_points(se, pts);
	free(pts);
	free(pt);
	return n;
}

/*
 * Print setup: landscape, one page wide, rows 0..repeat_last on every
 * page; on A3 when wide (a sheet of some 60 columns needs a scale below
 * 10% on Letter or A4, LibreOffice's smallest, and it then prints two
 * pages wide).
 */
void
report_xlsx_page(struct lxw_worksheet *ws, uint32_t repeat_last, bool wide)
{
	if (wide)
		worksheet_set_paper(ws, 8);
	worksheet_set_landscape(ws);
	worksheet_fit_to_pages(ws, 1, 0);
	worksheet_repeat_rows(ws, 0, repeat_last);
}

/* The print scale in percent of a sheet width_px wide: see report_xlsx_page_across. */
static uint16_t
page_scale(double width_px, bool wide, unsigned min_pct)
{
	double scale = floor((wide ? PAGE_A3_PX : PAGE_LETTER_PX) * 100 / fmax(1, width_px));

	return (uint16_t)fmax(min_pct, fmin(100, scale));
}

/*
 * Print setup of a sheet that may be wider than a page: landscape (on A3
 * when wide), at the largest scale up to 100% that fits width_px on one
 * page but never below min_pct (REPORT_XLSX_PRINT_MIN: 11-point text at
 * 8 points or more); a wider sheet spans pages across, with rows
 * 0..repeat_row (-1: none) and columns 0..repeat_col on every page.
 */
void
report_xlsx_page_across(struct lxw_worksheet *ws, int repeat_row, uint16_t repeat_col,
    double width_px, bool wide, unsigned min_pct)
{
	if (wide)
		worksheet_set_paper(ws, 8);
	worksheet_set_landscape(ws);
	worksheet_set_print_scale(ws, page_scale(width_px, wide, min_pct));
	if (repeat_row >= 0)
		worksheet_repeat_rows(ws, 0, (lxw_row_t)repeat_row);
	worksheet_repeat_columns(ws, 0, repeat_col);
}

/* The pixels of a sheet width_px wide that a page holds as report_xlsx_page_across prints it. */
double
report_xlsx_page_px(double width_px, bool wide, unsigned min_pct)
{
	return (wide ? PAGE_A3_PX : PAGE_LETTER_PX) * 100.0 / page_scale(width_px, wide, min_pct);
}

/*
 * The last column of a sheet of n columns widths[] characters wide that
 * bands pages across hold, on A3 at
 * REPORT_XLSX_PRINT_MIN where LibreOffice draws columns
 * REPORT_XLSX_FONT_SLACK wider, the columns 0..id-1 repeated on each: the
 * figures a reader looks up first (the Cells sheet: mode to the latency
 * percentiles and CPU; the Checks sheet: every column).  Printing all 65
 * columns of the Cells sheet took 14 pages across for each page down.
 */
unsigned
report_xlsx_print_last(const unsigned *widths, unsigned n, unsigned id, unsigned bands)
{
	double page = report_xlsx_page_px(1e9, true, REPORT_XLSX_PRINT_MIN) / REPORT_XLSX_FONT_SLACK;
	double ids = 0, used;
	unsigned c = 0, b;

	for (c = 0; c < id && c < n; c++)
		ids += report_xlsx_col_px(widths[c]);
	for (b = 0; b < bands && c < n; b++)
		for (used = ids; c < n && (used + report_xlsx_col_px(widths[c]) <= page ||
		    used == ids); c++)
			used += report_xlsx_col_px(widths[c]);
	return c > 0 ? c - 1 : 0;
}

/*
 * The lines text takes wrapped at width characters (a column's width, in
 * digits of the default font: Calibri, or DejaVu Sans where LibreOffice
 * lacks it, whose letters are as wide for its wider digits), bold 10%
 * wider, less a character of padding; a word longer than a line takes as
 * many as it needs.
 */
unsigned
report_xlsx_lines(const char *text, double width)
{
	double room = fmax(1, width * 0.9 - 1), used = 0, n;
	unsigned lines = 1;
	const char *p = text, *e;

	while (*p != '\0') {
		while (*p == ' ' || *p == '\n')
			lines += *p++ == '\n';
		for (e = p, n = 0; *e != '\0' && *e != ' ' && *e != '\n'; e++)
			n += ((unsigned char)*e & 0xC0) != 0x80;
		if (n == 0)
			break;
		if (used > 0 && used + 1 + n > room) {
			lines++;
			used = 0;
		}
		used += (used > 0) + n;
		for (; used > room; used -= room)
			lines++;
		p = e;
	}
	return lines;
}

/*
 * The k-th of n lines of one mode's chart (its depths, or its block
 * sizes): the mode's colour c from light (k 0: 60% towards white) to dark
 * (the last: 40% towards black), so the mode stays one hue.
 */
uint32_t
report_xlsx_ramp(uint32_t c, unsigned k, unsigned n)
{
	return palette_shade(c, n > 1 ? -0.6 + 1.0 * k / (n - 1) : 0);
}

/* The width in pixels of a column width chars wide, as libxlsxwriter reckons it. */
double
report_xlsx_col_px(double chars)
{
	return floor(chars * 7 + 0.5) + 5;
}

/*
 * Charts go on ws from row on (below every table of the sheet), as wide as
 * the sheet's tables (width_px) and at least 960 pixels: the sheet prints
 * one page wide, so a chart narrower than a wide table would print small.
 */
void
report_xlsx_stack_init(struct report_xlsx_stack *st, struct lxw_worksheet *ws, uint32_t row,
    double width_px)
{
	memset(st, 0, sizeof *st);
	st->ws = ws;
	st->row = row;
	st->zoom = fmin(CHART_ZOOM_MAX, fmax(1, width_px / CHART_W_PX));
}

/*
 * A chart font of size points at the stack's zoom, at least what prints at
 * REPORT_XLSX_TEXT_MIN_PT at the sheet's print scale; in tenths of a point.
 */
static double
stack_pt(const struct report_xlsx_stack *st, double size)
{
	double least = REPORT_XLSX_TEXT_MIN_PT * 100 / (st->print_pct ? st->print_pct : 100);

	return ceil(fmax(size * st->zoom, least) * 10) / 10;
}

/* A chart's fonts at the stack's zoom: the same sizes in Excel and LibreOffice. */
static void
stack_fonts(const struct report_xlsx_stack *st, lxw_chart *ch)
{
	lxw_chart_font title = { .size = stack_pt(st, 14), .bold = LXW_TRUE };
	lxw_chart_font name = { .size = stack_pt(st, 10), .bold = LXW_TRUE };
	lxw_chart_font num = { .size = stack_pt(st, 9) };
	lxw_chart_font legend = { .size = stack_pt(st, 9) };

	chart_title_set_name_font(ch, &title);
	chart_axis_set_name_font(ch->x_axis, &name);
	chart_axis_set_name_font(ch->y_axis, &name);
	chart_axis_set_num_font(ch->x_axis, &num);
	chart_axis_set_num_font(ch->y_axis, &num);
	chart_legend_set_font(ch, &legend);
}

/* A page break before row (a table of the sheet's that should start a page). */
void
report_xlsx_stack_break(struct report_xlsx_stack *st, uint32_t row)
{
	st->breaks = xrealloc(st->breaks, (st->nbreaks + 2) * sizeof *st->breaks);
	if (row > 0)
		st->breaks[st->nbreaks++] = row;
	st->breaks[st->nbreaks] = 0;
}

/* Put ch at the stack's next row, column 0, after a page break; not a chart without a line. */
void
report_xlsx_stack_add(struct report_xlsx_stack *st, struct lxw_chart *ch)
{
	lxw_chart_options opt;

	if (STAILQ_EMPTY(ch->series_list))
		return;		/* the workbook frees it; libxlsxwriter would warn on stderr */

	stack_fonts(st, ch);
	memset(&opt, 0, sizeof opt);
	opt.x_scale = CHART_X_SCALE * st->zoom;
	opt.y_scale = CHART_Y_SCALE * st->zoom;
	opt.object_position = LXW_OBJECT_MOVE_DONT_SIZE;
	worksheet_insert_chart_opt(st->ws, st->row, 0, ch, &opt);
	report_xlsx_stack_break(st, st->row);
	/* The rows of 20 pixels it covers, rounded up, and a gap of two. */
	st->row += (uint32_t)ceil(CHART_H_PX * st->zoom / 20) + 2;
}

/* Set the page breaks before the stack's charts. */
void
report_xlsx_stack_done(struct report_xlsx_stack *st)
{
	if (st->nbreaks > 0)
		worksheet_set_h_pagebreaks(st->ws, st->breaks);
	free(st->breaks);
	st->breaks = NULL;
	st->nbreaks = 0;
}
