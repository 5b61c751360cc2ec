/*
 * The IOPS and throughput charts against block size (iops.gp, bw.gp): a
 * line per mode x depth x jobs on a log2 axis of block sizes.  Colour is
 * the mode; where one mode is drawn, a ramp of its hue from the lowest
 * depth (light) to the deepest (dark).  Each line of a plot has a dash of
 * its own.  Past GP_PANEL_MAX lines, small multiples: a panel per mode on
 * shared axes, its depths by the ramp, and one legend of the depths under
 * the panels.  A line breaks where its series skips a size that another
 * measured (an --auto run's sparse sizes: markers only there), and modes
 * whose lines coincide are said above the plot, since one hides the other.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

#define GP_PANEL_MAX	8	/* lines on one plot; more: a panel per mode */
#define GP_PANELS_MAX	12	/* more modes (or job counts) than this: one plot all the same */
#define GP_SAME		0.02	/* lines within 2% at every size both have coincide */
/* The panels' canvas, in pixels: width, the height of a row, and the frame. */
#define GP_PANEL_W_PX	1200
#define GP_PANEL_ROW_PX	340
#define GP_PANEL_TOP_PX	135	/* the title's two lines, the note, a panel's title */
#define GP_PANEL_BOT_PX	150	/* x tic labels, the axis label, the legend's rows */
#define GP_PANEL_L_PX	95
#define GP_PANEL_R_PX	20
#define GP_PANEL_GX_PX	25	/* between columns: y tics labelled on the first only */
/* The legend of the depths: columns, left edge and width (screen), first row and rows (pixels). */
#define GP_KEY_COLS	8
#define GP_KEY_X0	0.06
#define GP_KEY_W	0.115
#define GP_KEY_Y_PX	60.0
#define GP_KEY_ROW_PX	26
#define GP_PANEL_GY_PX	85	/* between rows: x tic labels and the next row's titles */
#define GP_PANEL_SUB_PX	20	/* a panel's subtitle under its title (below spec) */

/* One chart's lines: which series are drawn, as which block of the .dat. */
struct gp_lines {
	struct report_ctx	*ctx;
	const struct view_chart	*vc;
	const char		*stem;
	bool			 bw;		/* MiB/s; else IOPS, or latency when lat */
	bool			 lat;		/* p99, whiskers from p50 to p99.9 */
	bool			 lowest;	/* a line per mode: its lowest depth (a large run) */
	double			 div;		/* latency: microseconds per the chart's unit */
	const char		*unit;		/* latency: "µs" or "ms" */
	const char		*ylabel;
	bool			 spread;	/* --repeat: error bars */
	unsigned		 marked;	/* caveats of every cell drawn */
	unsigned		 nvariants;	/* depth x jobs ranks: the ramp's steps */
	int			*block;		/* per series: its .dat block; -1 not drawn */
	/* Panels: the grid, the canvas' height, the legend's rows of depths. */
	unsigned		 cols, rows, h, krows;
	bool			 sub;		/* a panel below spec: a subtitle each */
	bool			 keyed;		/* caps or caveats: their key under the legend */
	/*
	 * A point in doubt (VIEW_SAT_DOUBT: not steady, check failed) sets no
	 * axis unless every point is; one beyond the axis (nclipped) is drawn
	 * at its edge as an arrow and its figure, "↓ 2.0" (ylo, yhi: the axis).
	 */
	bool			 doubt_all;
	unsigned		 nclipped;
	double			 ylo, yhi;
	/*
	 * One mode at several job counts past GP_PANEL_MAX lines: a panel per
	 * job count (pjobs[k]), its depths by the ramp and a legend of depths
	 * (depth: the depths drawn, ascending), not 12 lines of one hue.
	 */
	const unsigned		*pjobs;
	unsigned		*depth, ndepth;
};

/*
 * A point's figure on the chart: IOPS, MiB/s, or a latency percentile (m)
 * in the chart's unit; NaN where it has none.  A point only when above 0
 * (log axis).
 */
static double
gp_pct(const struct gp_lines *L, const struct view_chart_point *p, enum view_metric m)
{
	if (L->lat)
		return p->v[m] / L->div;
	return p->v[L->bw ? METRIC_MIB_S : METRIC_IOPS];
}

/* A point's figure on the chart: IOPS, MiB/s or p99 latency. */
static double
gp_value(const struct gp_lines *L, const struct view_chart_point *p)
{
	return gp_pct(L, p, METRIC_P99_US);
}

/* Whether point p stays out of the axis' range: in doubt, where some point is not. */
static bool
gp_doubt(const struct gp_lines *L, const struct view_chart_point *p)
{
	return (p->caveats & VIEW_SAT_DOUBT) != 0 && !L->doubt_all;
}

/* Series s's style (dash, marker, step of the ramp): its depth x jobs rank, or by jobs its depth's. */
static unsigned
gp_style(const struct gp_lines *L, unsigned s)
{
	unsigned d;

	if (L->pjobs == NULL)
		return L->vc->series[s].variant;
	for (d = 0; d < L->ndepth && L->depth[d] != L->vc->series[s].depth; d++)
		;
	return d;
}

/* How many styles the lines have: the ramp's steps. */
static unsigned
gp_nstyles(const struct gp_lines *L)
{
	return L->pjobs != NULL ? L->ndepth : L->nvariants;
}

/*
 * A latency row: block size, p99, p50 and p99.9 (NaN, gnuplot's missing,
 * where an import gave none), depth and jobs.
 */
static void
gp_lat_row(const struct gp_lines *L, FILE *f, const struct view_chart_point *pt,
    struct view_range *yr)
{
	static const enum view_metric pct[] = { METRIC_P99_US, METRIC_P50_US, METRIC_P999_US };
	unsigned p;
	double v;

	fprintf(f, "%llu", (unsigned long long)pt->bs);
	for (p = 0; p < 3; p++) {
		v = gp_pct(L, pt, pct[p]);
		/* %g: a null-engine latency of 40 ns is 0.04 us, not 0.0 (undefined on a log axis). */
		fprintf(f, v > 0 ? "\t%g" : "\tNaN", v);
		if (!gp_doubt(L, pt))
			view_range_add(yr, v);
	}
	fprintf(f, "\t%u\t%u", pt->depth, pt->jobs);
}

/*
 * Series s's rows: block size and figure (then the rounds' interval and
 * the marks); a blank line where it skips a size another series measured,
 * so that gnuplot does not join its points across sizes it never ran.
 */
static void
gp_lines_rows(const struct gp_lines *L, FILE *f, unsigned s, struct view_range *yr)
{
	unsigned b;
	bool any = false, gap = false;

	for (b = 0; b < L->vc->nbs; b++) {
		const struct view_chart_point *p = view_chart_at(L->vc, s, b);

		if (!(gp_value(L, p) > 0)) {
			gap |= any;
			continue;
		}
		if (gap)
			fputc('\n', f);
		gap = false;
		any = true;
		if (!gp_doubt(L, p))
			view_range_add(yr, gp_value(L, p));
		if (L->lat) {
			gp_lat_row(L, f, p, yr);
		} else if (L->bw)
			fprintf(f, "%llu\t%.3f\t%.3f", (unsigned long long)p->bs, p->v[METRIC_MIB_S],
			    p->v[METRIC_MB_S]);
		else
			fprintf(f, "%llu\t%.1f", (unsigned long long)p->bs, p->v[METRIC_IOPS]);
		if (L->spread) {
			if (!gp_doubt(L, p))
				report_gnuplot_spread_range(p, L->bw, yr);
			report_gnuplot_spread_columns(f, p, L->bw);
		}
		if (L->marked)
			report_gnuplot_mark_column(f, p->caveats);
		fputc('\n', f);
	}
}

/* Whether a series of workload wl before series s is drawn. */
static bool
gp_drawn(const struct gp_lines *L, unsigned wl, unsigned s)
{
	unsigned t;

	for (t = 0; t < s; t++)
		if (L->block[t] >= 0 && L->vc->series[t].wl == wl)
			return true;
	return false;
}

/* Whether every point drawn is in doubt (then they set the axis, as ever). */
static bool
gp_all_doubt(const struct gp_lines *L)
{
	unsigned s, b;

	for (s = 0; s < L->vc->nseries; s++)
		for (b = 0; b < L->vc->nbs && L->block[s] >= 0; b++) {
			const struct view_chart_point *p = view_chart_at(L->vc, s, b);

			if (gp_value(L, p) > 0 && !(p->caveats & VIEW_SAT_DOUBT))
				return false;
		}
	return true;
}

/*
 * The axis the chart will have (the points' range and the caps', as
 * report_gnuplot_log_range() makes it) into L->ylo, L->yhi, and how many
 * points in doubt fall beyond it into L->nclipped.
 */
static void
gp_clipped(struct gp_lines *L, const struct view_range *yr)
{
	struct view_range r = *yr;
	char *buf = NULL, *range;
	size_t len = 0;
	FILE *devnull = open_memstream(&buf, &len);
	unsigned s, b;
	double v;

	if (!L->lat)
		report_gnuplot_caps(L->vc, L->bw, devnull, false, &r);
	fclose(devnull);
	free(buf);
	range = report_gnuplot_log_range(&r, 1);
	L->nclipped = 0;
	if (sscanf(range, "[%lf:%lf]", &L->ylo, &L->yhi) == 2)
		for (s = 0; s < L->vc->nseries; s++)
			for (b = 0; b < L->vc->nbs && L->block[s] >= 0; b++) {
				const struct view_chart_point *p = view_chart_at(L->vc, s, b);

				v = gp_value(L, p);
				L->nclipped += v > 0 && gp_doubt(L, p) && (v < L->ylo || v > L->yhi);
			}
	free(range);
}

/*
 * iops.dat / bw.dat / latency.dat: a block per series drawn (with lowest,
 * each mode's first, its lowest depth).  Returns how many.
 */
static unsigned
gp_lines_data(struct gp_lines *L, struct report_plot *j, struct view_range *yr)
{
	const struct view_chart *vc = L->vc;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned s, b, n = 0;

	for (s = 0; s < vc->nseries; s++) {
		const struct summary_series *se = &vc->series[s];

		L->block[s] = -1;
		for (b = 0; b < vc->nbs && !(gp_value(L, view_chart_at(vc, s, b)) > 0); b++)
			;
		if (b == vc->nbs || (L->lowest && gp_drawn(L, se->wl, s)))
			continue;
		L->marked |= report_gnuplot_series_caveats(vc, s, L->bw);
		L->block[s] = (int)n++;
		if (se->variant + 1 > L->nvariants)
			L->nvariants = se->variant + 1;
	}
	L->doubt_all = gp_all_doubt(L);
	fprintf(f, "# sweep %s: %s; one block per line of the chart (gnuplot index 0, 1, ...); "
	    "a blank line where a line skips a size\n", j->chart.stem, j->chart.title);
	for (s = 0; s < vc->nseries; s++) {
		if (L->block[s] < 0)
			continue;
		fprintf(f, "%s# index %d: %s\n", L->block[s] > 0 ? "\n\n" : "", L->block[s],
		    vc->series[s].name);
		if (L->lat)
			fprintf(f, "# bs_bytes\tp99_%s\tp50_%s\tp99.9_%s\tdepth\tjobs", L->unit,
			    L->unit, L->unit);
		else if (L->spread)
			fputs(L->bw ? "# bs_bytes\tMiB/s\tMB/s\tMiB/s_lo\tMiB/s_hi" :
			    "# bs_bytes\tIOPS\tIOPS_lo\tIOPS_hi", f);
		else
			fputs(L->bw ? "# bs_bytes\tMiB/s\tMB/s" : "# bs_bytes\tIOPS", f);
		fputs(L->marked ? "\tmarks\n" : "\n", f);
		gp_lines_rows(L, f, s, yr);
	}
	fclose(f);
	j->data = buf;
	gp_clipped(L, yr);
	return n;
}

/*
 * A series' line as plot items: colour, its dash (the idx-th of the plot),
 * its depth's marker; the rounds' error bars and the caveats' marks.
 */
static void
gp_line_item(FILE *plot, const struct gp_lines *L, unsigned s, const char *color, bool first,
    unsigned idx, bool titled)
{
	const struct summary_series *se = &L->vc->series[s];
	unsigned mcol = L->lat ? 7 : (L->bw ? 4 : 3) + (L->spread ? 2 : 0);	/* the marks' */
	char dt[64];

	fprintf(plot, "%s'%s.dat' index %d using 1:2 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
	    "dt %s pt %d ", first ? "" : ", \\\n     ", L->stem, L->block[s], color,
	    report_gnuplot_dt(idx, dt, sizeof dt), report_gnuplot_point(gp_style(L, s)));
	if (titled) {
		fputs("title ", plot);
		report_gnuplot_quote(plot, se->name);
	} else
		fputs("notitle", plot);
	/* Whiskers drawn with the line's own marker: pt 0 would cover its fill. */
	if (L->lat)
		fprintf(plot, ", \\\n     '%s.dat' index %d using 1:2:3:4 with yerrorbars "
		    "lc rgb \"%s\" lw 1 ps 1.5 pt %d notitle", L->stem, L->block[s], color,
		    report_gnuplot_point(gp_style(L, s)));
	else if (L->spread)
		fprintf(plot, ", \\\n     '%s.dat' index %d using 1:2:%u:%u with yerrorbars "
		    "lc rgb \"%s\" lw 2 pt 0 notitle", L->stem, L->block[s], L->bw ? 4 : 3,
		    L->bw ? 5 : 4, color);
	if (report_gnuplot_series_caveats(L->vc, s, L->bw) != 0)
		report_gnuplot_mark_items(plot, L->stem, (unsigned)L->block[s], 1, 2, mcol,
		    report_gnuplot_point(gp_style(L, s)), color, true);
	/* A point in doubt beyond the axis: an arrow and its figure at the edge. */
	if (L->nclipped > 0 && (report_gnuplot_series_caveats(L->vc, s, L->bw) & VIEW_SAT_DOUBT))
		fprintf(plot, ", \\\n     '%s.dat' index %d using 1:(strcol(%u) ne \"-\" && ($2 < ylo "
		    "|| $2 > yhi) ? ($2 < ylo ? ylo * 1.3 : yhi / 1.3) : NaN):(($2 < ylo ? "
		    "\"\342\206\223 \".strcol(2) : \"\342\206\221 \".strcol(2)).\" \".strcol(%u)) with "
		    "labels tc rgb \"%s\" font \"sans:Bold,14\" notitle", L->stem, L->block[s], mcol,
		    mcol, color);
}

/* The key's entry of the arrows of points beyond the axis, when there are some. */
static void
gp_clip_key(FILE *plot, const struct gp_lines *L)
{
	if (L->nclipped > 0)
		fputs(", \\\n     keyentry with points pt 0 lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" "
		    "title \"\342\206\223 \342\206\221 n: a caveat's cell, off the axis\"", plot);
}

/* Whether series a and b are within GP_SAME of each other at every size both have (one at least). */
static bool
gp_same_series(const struct gp_lines *L, unsigned a, unsigned b)
{
	unsigned k, n = 0;
	double va, vb;

	for (k = 0; k < L->vc->nbs; k++) {
		va = gp_value(L, view_chart_at(L->vc, a, k));
		vb = gp_value(L, view_chart_at(L->vc, b, k));
		if (!(va > 0) || !(vb > 0))
			continue;
		if (fabs(va - vb) > GP_SAME * fmax(va, vb))
			return false;
		n++;
	}
	return n > 0;
}

/*
 * Whether workloads x and y coincide: each series of x drawn has one of y
 * at its depth and jobs within GP_SAME of it, and so each of y.
 */
static bool
gp_same_modes(const struct gp_lines *L, unsigned x, unsigned y)
{
	const struct view_chart *vc = L->vc;
	unsigned s, t, pairs = 0, drawn = 0;

	for (s = 0; s < vc->nseries; s++) {
		const struct summary_series *a = &vc->series[s];

		if (L->block[s] < 0 || (a->wl != x && a->wl != y))
			continue;
		drawn++;
		if (a->wl != x)
			continue;
		for (t = 0; t < vc->nseries; t++) {
			const struct summary_series *b = &vc->series[t];

			if (L->block[t] < 0 || b->wl != y || b->depth != a->depth ||
			    b->jobs != a->jobs)
				continue;
			if (!gp_same_series(L, s, t))
				return false;
			pairs++;
		}
	}
	return pairs > 0 && 2 * pairs == drawn;
}

/*
 * The note of the modes whose lines coincide, "read and randread within 2%
 * (their lines coincide)", pairs joined by "; "; NULL when none do.
 * Caller frees.
 */
static char *
gp_same_note(const struct gp_lines *L)
{
	const struct view_chart *vc = L->vc;
	char *buf = NULL;
	size_t len = 0;
	unsigned x, y, n = 0;

	for (x = 0; x < vc->nmodes; x++)
		for (y = x + 1; y < vc->nmodes; y++)
			if (gp_same_modes(L, x, y))
				str_appendf(&buf, &len, "%s%s and %s", n++ > 0 ? "; " : "",
				    vc->modes[x].name, vc->modes[y].name);
	if (n == 0)
		return NULL;
	str_appendf(&buf, &len, " within %.0f%% at every size (%s)", GP_SAME * 100,
	    n > 1 ? "each pair's lines coincide" : "their lines coincide");
	return buf;
}

/* The note above the plot at screen height y, when there is one. */
static void
gp_note(FILE *plot, const struct gp_lines *L, double y)
{
	char *note = gp_same_note(L);

	if (note == NULL)
		return;
	fputs("set label 2 ", plot);
	report_gnuplot_quote(plot, note);
	fprintf(plot, " at screen 0.5, screen %.4f center font \"sans,14\" tc rgb \"" PALETTE_HEX(PALETTE_ALERT) "\"\n    ",
	    y);
	free(note);
}

/*
 * The knee a mode's line chart marks: "knee ~64 KiB" where the summary
 * states one (KNEE_FOUND, both plateaus) into buf; NULL when none, or on
 * the MiB/s and latency charts.
 */
static const char *
gp_knee_text(const struct gp_lines *L, unsigned m, char *buf, size_t len)
{
	const struct knee *k = &L->vc->modes[m].knee;
	char a[32];

	if (L->bw || L->lat || k->kind != KNEE_FOUND || !k->iops_plateau || !k->bw_plateau ||
	    !(k->iops_cap > 0))
		return NULL;
	snprintf(buf, len, "knee ~%s", size_human(L->vc->modes[m].knee_size, a, sizeof a));
	return buf;
}

/*
 * The IOPS chart's marks of what the summary states for workload wl (every
 * one when wl < 0): where it states a knee, a cross at the knee's size and
 * IOPS cap in the mode's colour, labelled "knee ~64 KiB" beside it; a
 * panel (wl >= 0) says it in its title instead, where no line runs.
 */
static void
gp_knee_marks(FILE *plot, const struct gp_lines *L, int wl)
{
	const struct view_chart *vc = L->vc;
	unsigned m, n = 0;
	char t[48];

	for (m = 0; m < vc->nmodes; m++) {
		const struct knee *k = &vc->modes[m].knee;

		if ((wl >= 0 && (unsigned)wl != m) || gp_knee_text(L, m, t, sizeof t) == NULL)
			continue;
		fputs("set label ", plot);
		report_gnuplot_quote(plot, wl >= 0 ? "" : t);
		fprintf(plot, " at %.6g, %.6g right point pt 2 ps 3 lw 3 lc rgb \"%s\" offset -1, %.1f "
		    "tc rgb \"%s\" font \"sans:Bold,14\" front\n    ", (double)vc->modes[m].knee_size,
		    k->iops_cap, vc->modes[m].color, -1.5 - 1.2 * n++, vc->modes[m].color);
	}
}

/* Whether the summary states a bandwidth cap for a workload (drawn on the IOPS chart). */
static bool
gp_bw_cap_any(const struct gp_lines *L)
{
	const struct view_chart *vc = L->vc;
	unsigned m;

	for (m = 0; m < vc->nmodes && !L->bw && !L->lat; m++)
		if (vc->modes[m].knee.bw_plateau && vc->modes[m].knee.bw_cap > 0 &&
		    (vc->modes[m].knee.kind == KNEE_FOUND || vc->modes[m].knee.kind == KNEE_BW_BOUND))
			return true;
	return false;
}

/*
 * The bandwidth cap the summary states for workload wl (every one when wl
 * < 0) drawn on the IOPS chart, as IOPS = BW / block size: a dotted curve
 * in the mode's colour (titled when titled).
 */
static void
gp_bw_cap_items(FILE *plot, const struct gp_lines *L, int wl, bool titled)
{
	const struct view_chart *vc = L->vc;
	unsigned m;
	char a[32], *t;

	for (m = 0; m < vc->nmodes && !L->bw && !L->lat; m++) {
		const struct knee *k = &vc->modes[m].knee;

		if ((wl >= 0 && (unsigned)wl != m) || !k->bw_plateau || !(k->bw_cap > 0) ||
		    (k->kind != KNEE_FOUND && k->kind != KNEE_BW_BOUND))
			continue;
		/* Only between the sizes measured: beyond them the cap is not known. */
		/* Dotted, a gap of its own per mode: no line's pattern begins with a dot. */
		fprintf(plot, ", \\\n     (x >= %.6g && x <= %.6g ? %.6g / x : NaN) with lines lc rgb "
		    "\"%s\" lw 2 dt (2,%u) ", (double)k->bs_min / 1.01, (double)k->bs_max * 1.01,
		    k->bw_cap, vc->modes[m].color, 4 + m);
		if (!titled) {
			fputs("notitle", plot);
			continue;
		}
		t = xasprintf("%s BW cap ~%s MiB/s as IOPS", vc->modes[m].name,
		    view_approx(k->bw_cap / MIB, a, sizeof a));
		fputs("title ", plot);
		report_gnuplot_quote(plot, t);
		free(t);
	}
}

/* The colour of series s: its mode's, or a step of its mode's ramp by depth. */
static void
gp_line_color(const struct gp_lines *L, unsigned s, bool ramp, char *out, size_t len)
{
	const struct summary_series *se = &L->vc->series[s];

	if (ramp)
		palette_ramp(L->vc->modes[se->wl].rgb, gp_style(L, s), gp_nstyles(L), out, len);
	else
		snprintf(out, len, "%s", se->color);
}

/* The workloads drawn, and how many (GP_PANELS_MAX at most are set in wl[]). */
static unsigned
gp_lines_modes(const struct gp_lines *L, unsigned *wl)
{
	const struct view_chart *vc = L->vc;
	unsigned m, s, n = 0;

	for (m = 0; m < vc->nmodes; m++) {
		for (s = 0; s < vc->nseries && (L->block[s] < 0 || vc->series[s].wl != m); s++)
			;
		if (s < vc->nseries && n < GP_PANELS_MAX)
			wl[n] = m;
		n += s < vc->nseries;
	}
	return n;
}

/* One plot of every line: coloured by mode, or by the ramp when it draws one mode. */
static void
gp_lines_one(FILE *plot, const struct gp_lines *L, unsigned nmodes, struct view_range *yr)
{
	const struct view_chart *vc = L->vc;
	unsigned s, idx = 0;
	char color[8];

	gp_note(plot, L, 0.905);
	gp_knee_marks(plot, L, -1);
	fputs("plot ", plot);
	for (s = 0; s < vc->nseries; s++) {
		if (L->block[s] < 0)
			continue;
		gp_line_color(L, s, nmodes == 1, color, sizeof color);
		gp_line_item(plot, L, s, color, idx == 0, idx, true);
		idx++;
	}
	if (idx > 0)
		gp_bw_cap_items(plot, L, -1, true);
	if (!L->lat)
		report_gnuplot_caps(L->vc, L->bw, plot, idx == 0, yr);
	if (!L->lat && idx > 0)
		report_gnuplot_gap_keys(L->ctx, L->bw, plot);
	report_gnuplot_mark_key(plot, L->marked);
	gp_clip_key(plot, L);
}

/* How many depth x jobs variants the panels draw: the legend's entries. */
static unsigned
gp_panel_variants(const struct gp_lines *L)
{
	const struct view_chart *vc = L->vc;
	unsigned v, s, total = 0;

	for (v = 0; v < gp_nstyles(L); v++) {
		for (s = 0; s < vc->nseries && (L->block[s] < 0 || gp_style(L, s) != v); s++)
			;
		total += s < vc->nseries;
	}
	return total;
}

/* The bottom of the legend of depths above the key of caps, in pixels from the foot. */
static double
gp_panel_key_px(const struct gp_lines *L)
{
	return GP_KEY_Y_PX + (L->keyed && L->krows > 1 ? (L->krows - 1) * GP_KEY_ROW_PX : 0);
}

/*
 * The legend of the panels' depths, drawn as labels and arrows in rows
 * under them (a key belongs to one panel, and gnuplot fits it to that
 * panel's width): per depth x jobs a line in grey steps of the ramp, its
 * dash and marker as in every panel, and its name.
 */
static void
gp_panel_key(FILE *plot, const struct gp_lines *L)
{
	const struct view_chart *vc = L->vc;
	unsigned v, s, n = 0, total = gp_panel_variants(L), h = L->h;
	char color[8], dt[64];
	double x, x0, y;

	/* A row centred under the panels (a full one from the left edge GP_KEY_X0). */
	x0 = total >= GP_KEY_COLS ? GP_KEY_X0 : 0.5 - total * GP_KEY_W / 2;
	for (v = 0; v < gp_nstyles(L); v++) {
		for (s = 0; s < vc->nseries && (L->block[s] < 0 || gp_style(L, s) != v); s++)
			;
		if (s == vc->nseries)
			continue;
		x = x0 + (n % GP_KEY_COLS) * GP_KEY_W;
		y = (gp_panel_key_px(L) - (n / GP_KEY_COLS) * GP_KEY_ROW_PX) / h;
		n++;
		palette_ramp(PALETTE_RGB(PALETTE_KEY_RAMP), v, gp_nstyles(L), color, sizeof color);
		fprintf(plot, "set arrow from screen %.4f, screen %.4f to screen %.4f, screen %.4f "
		    "nohead lc rgb \"%s\" lw 2 dt %s\n    set label \"\" at screen %.4f, screen %.4f "
		    "point pt %d ps 1.5 lc rgb \"%s\"\n    set label ", x, y, x + 0.045, y, color,
		    report_gnuplot_dt(v, dt, sizeof dt), x + 0.0225, y, report_gnuplot_point(v), color);
		if (L->pjobs != NULL)	/* a panel per job count: the legend is of depths */
			fprintf(plot, "'QD%u'", vc->series[s].depth);
		else
			report_gnuplot_quote(plot, vc->series[s].column);
		fprintf(plot, " at screen %.4f, screen %.4f left\n    ", x + 0.052, y);
	}
}

/*
 * Panel k of a rows x cols grid on a canvas h pixels high (bottom: the
 * frame under the panels, sub: room for subtitles): its plot area's margins.
 */
static void
gp_panel_box(FILE *plot, unsigned k, unsigned cols, unsigned rows, unsigned h, double bottom,
    bool sub)
{
	double s = sub ? GP_PANEL_SUB_PX : 0;
	double pw = (GP_PANEL_W_PX - GP_PANEL_L_PX - GP_PANEL_R_PX - (cols - 1.0) * GP_PANEL_GX_PX) /
	    cols;
	double ph = (h - GP_PANEL_TOP_PX - s - bottom - (rows - 1.0) * (GP_PANEL_GY_PX + s)) / rows;
	double l = GP_PANEL_L_PX + (k % cols) * (pw + GP_PANEL_GX_PX);
	double t = GP_PANEL_TOP_PX + s + (k / cols) * (ph + GP_PANEL_GY_PX + s);

	fprintf(plot, "set lmargin at screen %.4f; set rmargin at screen %.4f\n    "
	    "set tmargin at screen %.4f; set bmargin at screen %.4f\n    ",
	    l / GP_PANEL_W_PX, (l + pw) / GP_PANEL_W_PX, 1 - t / h, 1 - (t + ph) / h);
}

/*
 * The grid of n panels into cols and rows, and the canvas' height in
 * pixels into h: taller by GP_PANEL_SUB_PX a row where the panels have a
 * subtitle (sub), and by a key row for each legend row past the first
 * (krows) when the caps' key goes under it (caps).
 */
static void
gp_panel_grid(struct gp_lines *L, const unsigned *wl, unsigned n)
{
	unsigned k;

	L->cols = n <= 3 ? n : n == 4 ? 2 : 3;
	L->rows = (n + L->cols - 1) / L->cols;
	L->krows = (gp_panel_variants(L) + GP_KEY_COLS - 1) / GP_KEY_COLS;
	L->keyed = L->marked != 0 || (!L->lat && L->vc->expect.set);
	for (L->sub = false, k = 0; k < n && !L->lat; k++) {
		char *t = report_gnuplot_gap_text(L->ctx, L->bw, wl[k]);

		L->sub |= t != NULL;
		free(t);
	}
	L->h = GP_PANEL_TOP_PX + GP_PANEL_BOT_PX + L->rows * (GP_PANEL_ROW_PX +
	    (L->sub ? GP_PANEL_SUB_PX : 0));
	if (L->keyed && L->krows > 1)
		L->h += (L->krows - 1) * GP_KEY_ROW_PX;
	if (L->h < 800)
		L->h = 800;
}

/*
 * Small multiples: a panel per workload (wl[0..n)) on the template's
 * shared ranges, titled in its colour, its lines by its ramp; the title,
 * the note and the axes' labels once (on the first panel, then unset), and
 * one legend of the depths and caps under the panels.
 */
static void
gp_panels(FILE *plot, const struct gp_lines *L, const unsigned *wl, unsigned n,
    struct view_range *yr)
{
	const struct view_chart *vc = L->vc;
	unsigned cols = L->cols, rows = L->rows, k, s, idx, h = L->h;
	char color[8], knee[48], *xtics, *xrange, *gap, *title, *sub;
	double bottom = GP_PANEL_BOT_PX + gp_panel_key_px(L) - GP_KEY_Y_PX;

	report_gnuplot_bs_axis_of(vc->bs, vc->nbs, cols >= 3 ? 7 : cols == 2 ? 11 : 15, &xtics,
	    &xrange);
	fprintf(plot, "set multiplot\n    unset key\n    unset xlabel\n    unset ylabel\n    "
	    "set xtics (%s)\n    ", xtics);
	gp_note(plot, L, 1 - 92.0 / h);
	fprintf(plot, "set label 3 \"Block size (log2 scale); a panel per %s, a line per queue "
	    "depth%s\" at screen 0.5, screen %.4f center\n    set label 4 \"%s\" at screen 0.015, "
	    "screen 0.5 center rotate by 90\n    ", L->pjobs != NULL ? "job count" : "mode",
	    gp_bw_cap_any(L) ? "; dotted: the bandwidth cap as IOPS = BW / bs" : "",
	    (bottom - 55.0) / h, L->ylabel);
	for (k = 0; k < n; k++) {
		gp_panel_box(plot, k, cols, rows, h, bottom, L->sub);
		gap = L->lat ? xstrdup("") : report_gnuplot_gap_of(L->ctx, L->bw, (int)wl[k]);
		if (k > 0)
			fputs("unset label\n    unset object\n    ", plot);
		/* Tic labels on the first column only, as the template's (latency in %g). */
		fprintf(plot, "%sset format y %s\n    set title ", gap, k % cols != 0 ? "\"\"" :
		    L->lat ? "\"%g\"" : "\"%.0s%c\"");
		free(gap);
		if (L->pjobs != NULL)
			title = xasprintf("%s, %u job%s", vc->modes[wl[k]].name, L->pjobs[k],
			    L->pjobs[k] == 1 ? "" : "s");
		else
			title = gp_knee_text(L, wl[k], knee, sizeof knee) != NULL ?
			    xasprintf("%s: %s", vc->modes[wl[k]].name, knee) :
			    xstrdup(vc->modes[wl[k]].name);
		report_gnuplot_quote(plot, title);
		free(title);
		fprintf(plot, " tc rgb \"%s\" font \"sans:Bold,14\"%s\n    ", vc->modes[wl[k]].color,
		    L->sub ? " offset 0,0.9" : "");
		/* Below spec: what the panel's shaded gap is, under its title, above the lines. */
		if ((sub = L->lat ? NULL : report_gnuplot_gap_text(L->ctx, L->bw, wl[k])) != NULL) {
			fputs("set label 9 ", plot);
			report_gnuplot_quote(plot, sub);
			fprintf(plot, " at graph 0.5, graph 1 center offset 0,0.9 "
			    "tc rgb \"" PALETTE_HEX(PALETTE_ALERT) "\"\n    ");
			free(sub);
		}
		gp_knee_marks(plot, L, (int)wl[k]);
		if (k == n - 1) {
			gp_panel_key(plot, L);
			/* The caps' and caveats' key under the legend, not inside a panel. */
			fprintf(plot, "set key at screen 0.5, screen %.4f center top horizontal Left "
			    "reverse samplen 3 maxrows 1\n    ", (gp_panel_key_px(L) - L->krows *
			    GP_KEY_ROW_PX + 12.0) / h);
		}
		fputs("plot ", plot);
		for (idx = 0, s = 0; s < vc->nseries; s++) {
			if (L->block[s] < 0 || vc->series[s].wl != wl[k] ||
			    (L->pjobs != NULL && vc->series[s].jobs != L->pjobs[k]))
				continue;
			gp_line_color(L, s, true, color, sizeof color);
			gp_line_item(plot, L, s, color, idx++ == 0, gp_style(L, s), false);
		}
		gp_bw_cap_items(plot, L, (int)wl[k], false);
		if (!L->lat)
			report_gnuplot_caps(L->vc, L->bw, plot, false, yr);
		if (k == n - 1) {
			report_gnuplot_mark_key(plot, L->marked);
			gp_clip_key(plot, L);
		}
		fputs("\n    ", plot);
	}
	fputs("unset multiplot\n    unset label\n    unset arrow\n    unset object", plot);
	free(xtics);
	free(xrange);
}

/* Add x to the ascending set v of *n values, once. */
static void
gp_set_add(unsigned *v, unsigned *n, unsigned x)
{
	unsigned i;

	for (i = 0; i < *n && v[i] < x; i++)
		;
	if (i < *n && v[i] == x)
		return;
	memmove(&v[i + 1], &v[i], (*n - i) * sizeof *v);
	v[i] = x;
	(*n)++;
}

/*
 * The job counts of the lines drawn (one mode's), ascending, into pjobs
 * (GP_PANELS_MAX at most) with wl[] each that mode, and the depths drawn
 * into L->depth; returns how many job counts, 0 when more than a grid holds.
 */
static unsigned
gp_by_jobs(struct gp_lines *L, unsigned *pjobs, unsigned *wl)
{
	const struct view_chart *vc = L->vc;
	unsigned *jobs = xcalloc(vc->nseries + 1, sizeof *jobs), s, n = 0;

	free(L->depth);
	L->depth = xcalloc(vc->nseries + 1, sizeof *L->depth);
	L->ndepth = 0;
	for (s = 0; s < vc->nseries; s++)
		if (L->block[s] >= 0) {
			gp_set_add(jobs, &n, vc->series[s].jobs);
			gp_set_add(L->depth, &L->ndepth, vc->series[s].depth);
		}
	if (n > GP_PANELS_MAX)
		n = 0;
	for (s = 0; s < n; s++) {
		pjobs[s] = jobs[s];
		wl[s] = wl[0];
	}
	free(jobs);
	return n;
}

/*
 * The iops, bw or latency chart's lines (a line per series) into plot: the
 * data into j->data, then "plot ..." of every line, or past GP_PANEL_MAX lines of two
 * modes or more the panels.  size: the canvas, "W,H" in pixels.  Returns
 * whether it drew panels (which shade each mode's gap below spec in its own).
 */
bool
report_gnuplot_lines(struct report_ctx *ctx, struct report_plot *j,
    const struct report_gp_lines *what, FILE *plot, struct view_range *yr, char *size, size_t len)
{
	struct gp_lines L = {
		.ctx = ctx, .stem = j->chart.stem, .bw = what->bw, .lat = what->lat,
		.div = what->div, .unit = what->unit, .ylabel = what->ylabel,
		.vc = ctx->view->chart,
		.lowest = what->lat && ctx->view->chart->big,
		.spread = !what->lat && ctx->view->chart->rounds,
	};
	unsigned wl[GP_PANELS_MAX], pjobs[GP_PANELS_MAX], n, nmodes, k;
	bool panels;

	L.block = xcalloc(L.vc->nseries ? L.vc->nseries : 1, sizeof *L.block);
	n = gp_lines_data(&L, j, yr);
	nmodes = gp_lines_modes(&L, wl);
	if (n > GP_PANEL_MAX && nmodes == 1 && (k = gp_by_jobs(&L, pjobs, wl)) > 1) {
		L.pjobs = pjobs;
		nmodes = k;
	}
	if (L.nclipped > 0)	/* the axis' ends, for the arrows of points beyond it */
		fprintf(plot, "ylo = %.6g; yhi = %.6g\n    ", L.ylo, L.yhi);
	panels = n > GP_PANEL_MAX && nmodes > 1 && nmodes <= GP_PANELS_MAX;
	if (!panels)
		L.pjobs = NULL;
	snprintf(size, len, "1200,800");
	if (panels) {
		gp_panel_grid(&L, wl, nmodes);
		snprintf(size, len, "%u,%u", GP_PANEL_W_PX, L.h);
		gp_panels(plot, &L, wl, nmodes, yr);
	} else
		gp_lines_one(plot, &L, nmodes, yr);
	free(L.block);
	free(L.depth);
	return panels;
}
