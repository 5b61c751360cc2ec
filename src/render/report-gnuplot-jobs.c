/*
 * The heat map of a mode that ran at two job counts or more
 * (templates/jobs.gp, jobs-MODE.png): its IOPS by block size and queue
 * depth (rows, in the order of the "Queue depth x jobs" table, view-jobs.c)
 * and job count (columns), so that whether more jobs help, and at which
 * depth, shows at a glance.  A square per cell, coloured by its IOPS on a
 * sequential palette and labelled with them ("12.3k") and the cell's caveat
 * marks (view_caveats()); a cell the table leaves blank (not measured, or
 * not ok) is NaN, a blank square.  A large run's (view_big()) has a row
 * per block size, each square the best of every depth with the depth in
 * its label, as the table gives it: a row per depth made SVGs of 30 MB.
 * The squares and their colour scale are the view's (view-chart-heat.c);
 * report-gnuplot-heat.c writes them, as it does a comparison's.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

/* Pixels of a column and a row of squares, the frame around them, and the bounds. */
#define HM_COL_PX	150
#define HM_ROW_PX	40
#define HM_FRAME_W_PX	320
#define HM_FRAME_H_PX	230
#define HM_MIN_W_PX	1100
#define HM_MIN_H_PX	500
#define HM_MAX_PX	2400
/* Rows shorter than this (over 100 of them) are not labelled: 13 pt text would overlap. */
#define HM_LABEL_MIN_PX	20

/* The colour scale's gnuplot settings: h's log or linear scale.  Caller frees. */
static char *
hm_scale(const struct view_heat *h)
{
	char *tics, *text;

	if (!h->log)
		return xasprintf("set cbrange [0:%.10g]\n", h->hi);
	tics = report_gnuplot_log_tics(&h->range, 1);
	text = xasprintf("set logscale cb 10\nset cbrange [%.10g:%.10g]\nset cbtics %s\n", h->lo,
	    h->hi, tics);
	free(tics);
	return text;
}

/*
 * A white line between the rows of one block size and the next (none in a
 * large run's, a block size a row).  Caller frees.
 */
static char *
hm_groups(const struct view_heat *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned row;

	for (row = 1; row < h->nrows && h->row_groups; row++)
		if (h->row_bs[row] != h->row_bs[row - 1])
			fprintf(f, "set arrow from -0.5, %u.5 to %u.5, %u.5 nohead lw 6 lc rgb \"%s\" "
			    "front\n", row - 1, h->ncols - 1, row - 1, PALETTE_HEX(PALETTE_WHITE));
	fclose(f);
	return buf;
}

/* A size in pixels for n squares of px each and a frame, within the bounds. */
static char *
hm_px(unsigned n, unsigned px, unsigned frame, unsigned min)
{
	unsigned long v = (unsigned long)n * px + frame;

	return xasprintf("%lu", v < min ? min : v > HM_MAX_PX ? HM_MAX_PX : v);
}

/* The heat map of workload wl in the view, or NULL. */
static const struct view_heat *
hm_find(const struct view_chart *vc, unsigned wl)
{
	unsigned i;

	for (i = 0; i < vc->njobs; i++)
		if (vc->jobs[i].wl == wl)
			return &vc->jobs[i];
	return NULL;
}

/* jobs-MODE: the heat map of workload wl, its .gp and .dat in memory. */
int
report_gnuplot_jobs_build(struct report_ctx *ctx, struct report_plot *j, unsigned wl)
{
	const struct view_chart *vc = ctx->view->chart;
	const struct view_heat *h = hm_find(vc, wl);
	struct report_gp_key keys[17];
	char *what, *title, *xtics, *ytics, *cbaxis, *marks, *groups, *ncols, *nrows, *width;
	char *height, *head;
	bool big;

	if (h == NULL)
		return -ENOENT;
	big = !h->row_groups;
	j->tmpl = "jobs";
	cbaxis = hm_scale(h);
	head = xasprintf("# sweep %s: %s; a row per square: column (job count), row (block "
	    "size%s, from the top), IOPS (NaN: not measured)", j->chart.stem, j->chart.title, big ?
	    "; the best of every queue depth, its depth in the label" : " and queue depth");
	j->data = report_gnuplot_heat_data(h, head);
	report_gnuplot_heat_tics(h, &xtics, &ytics);
	what = xasprintf(big ? "%s: IOPS by block size and jobs, the best of every queue "
	    "depth" : "%s: IOPS by block size, queue depth and jobs", vc->modes[wl].name);
	title = report_gnuplot_title(vc, what);
	marks = report_gnuplot_marks_label(h->flags, "set bmargin 6\n", "0.025");
	groups = hm_groups(h);
	ncols = xasprintf("%u", h->ncols);
	nrows = xasprintf("%u", h->nrows);
	width = hm_px(h->ncols, HM_COL_PX, HM_FRAME_W_PX, HM_MIN_W_PX);
	height = hm_px(h->nrows, HM_ROW_PX, HM_FRAME_H_PX, HM_MIN_H_PX);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[3] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[4] = (struct report_gp_key){ "@NCOLS@", ncols };
	keys[5] = (struct report_gp_key){ "@NROWS@", nrows };
	keys[6] = (struct report_gp_key){ "@CBNOTE@", h->log ? ", log scale" : "" };
	keys[7] = (struct report_gp_key){ "@CBAXIS@", cbaxis };
	keys[8] = (struct report_gp_key){ "@MARKS@", marks };
	keys[9] = (struct report_gp_key){ "@WIDTH@", width };
	keys[10] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[11] = (struct report_gp_key){ "@GROUPS@", groups };
	keys[12] = (struct report_gp_key){ "@LABELS@", (HM_MAX_PX - HM_FRAME_H_PX) /
	    (h->nrows > 0 ? h->nrows : 1) >= HM_LABEL_MIN_PX ? "1" : "0" };
	keys[13] = (struct report_gp_key){ "@YLABEL@", big ? "Block size" :
	    "Block size and queue depth" };
	keys[14] = (struct report_gp_key){ "@PALETTE@", PALETTE_HEAT_SEQ };
	keys[15] = (struct report_gp_key){ "@INK@", PALETTE_HEX(PALETTE_BLACK) };
	keys[16] = (struct report_gp_key){ "@INK_ON_DARK@", PALETTE_HEX(PALETTE_WHITE) };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 17);
	free(head);
	free(what);
	free(title);
	free(xtics);
	free(ytics);
	free(cbaxis);
	free(marks);
	free(groups);
	free(ncols);
	free(nrows);
	free(width);
	free(height);
	return j->script != NULL ? 0 : -ENOENT;
}
