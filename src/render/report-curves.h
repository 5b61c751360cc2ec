/*
 * The queue-depth curve charts' shared state and layout (report-curves.c
 * writes the charts, report-curves-layout.c places their panels, key and
 * depth labels): private to those two files.
 */
#ifndef REPORT_CURVES_H
#define REPORT_CURVES_H

#include "render/report.h"

#define CV_WIDTH	1200	/* px, PNG and SVG */
#define CV_CHAR_W	13.2	/* px of a character at 14 pt (pngcairo, "sans") */
#define CV_CHAR_H	20.0	/* px of a line of text at 14 pt */
#define CV_TITLE_PX	100	/* the two-line title above everything */
#define CV_KEY_ROW_PX	24	/* a row of the key */
#define CV_XLABEL_PX	100	/* under the plot: tic labels, the axis's label, the key's gap */
#define CV_SAMPLE_PX	90	/* a key entry's sample and gaps */
#define CV_NORM_UNDER	0.2	/* a line's best below this share of the top line's: norm */

/* A rectangle in pixels, y down from the top of the picture. */
struct cv_box {
	double	 x0, y0, x1, y1;
};

/* One chart being written: saturation or latency-curve. */
struct cv_chart {
	struct report_ctx	*ctx;
	const char		*stem;
	bool			 latency;
	double			 div;		/* latency: microseconds per unit */
	FILE			*dat;
	unsigned		 block;		/* the .dat's next index */
	unsigned		 lines;		/* curves drawn */
	unsigned		*wl;		/* modes with a curve: a panel each */
	unsigned		 nwl;
	bool			 panels;
	unsigned		 cols, rows, height;
	uint64_t		*bs;		/* block sizes drawn, ascending: a style each */
	unsigned		 nbs;
	unsigned		 caveats;	/* VIEW_CAVEATS of the points drawn */
	unsigned		 nkey, keylen;	/* key entries, the longest's characters */
	struct view_range	 xr, yr;
	/*
	 * Saturation whose lines' best IOPS differ over 1 / CV_NORM_UNDER
	 * times: each line in percent of its own best, so that no line lies
	 * flat on 0 under another (small block sizes above large ones).
	 */
	bool			 norm;
	double			 best_lo;	/* the lowest line's best IOPS */
	unsigned		 jobs;		/* the curves' job count; 0: they differ */
	bool			 jobs_say;	/* the run has other job counts, or jobs > 1 */
	double			 xlo, xhi, ylo, yhi;	/* the axes' ranges */
	struct cv_box		*placed;	/* points and depth labels placed so far */
	unsigned		 nplaced, maxplaced;
	struct cv_box		*segs;		/* the lines' segments, (x0, y0) to (x1, y1) */
	unsigned		 nsegs;
};

/* report-curves-layout.c */
double	 report_curves_lat(const struct cv_chart *cv, const struct view_curve_point *p,
	     unsigned pct);
const struct view_curve *report_curves_of(const struct cv_chart *cv, unsigned wl);
void	 report_curves_key_shape(const struct cv_chart *cv, unsigned *cols, unsigned *rows);
struct cv_box report_curves_panel_box(const struct cv_chart *cv, unsigned k, unsigned keyrows);
void	 report_curves_labels(struct cv_chart *cv, FILE *f, unsigned k, const struct cv_box *area);

#endif
