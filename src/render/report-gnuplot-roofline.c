/*
 * The roofline of a run (templates/roofline.gp, roofline.png), the second
 * picture of every report: at each block size each mode's best IOPS over
 * every queue depth and job count, on log-log axes under its caps.  The
 * IOPS cap is a flat line and the bandwidth cap the diagonal IOPS = BW / bs
 * (straight on log-log axes), each drawn where it is the lower one, so the
 * knee is the corner where they meet.  Solid, in the mode's colour: the
 * caps the analysis states (analysis-caps.c: a plateau of the mode's cells,
 * as the summary's "IOPS vs bandwidth (knee)" says; a side without its
 * plateau draws nothing).  Dashed grey: the provisioned caps of --profile or
 * --expect; dotted: their burst.  A point with a caveat is hollow with its
 * marks (view_caveats()), as on the IOPS chart.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "results/profile.h"
#include "view/palette.h"

/* The provisioned caps' colour (gp_caps' cap lines on the IOPS and bw charts too). */
#define RL_PROVISIONED	PALETTE_HEX(PALETTE_CAP)
/*
 * The legend under the plot: entries per row, the picture's height without
 * it and per row of it, and the bottom margin (characters) without it and
 * per row.
 */
#define RL_KEY_COLS	2
#define RL_HEIGHT_PX	760
#define RL_KEY_ROW_PX	26
#define RL_BMARGIN	4.5
#define RL_KEY_ROW	1.3
/*
 * The last mode's point size, and how much larger each mode's is than the
 * next one's: this, or more with few modes (the first twice the last).
 */
#define RL_PS_MIN	1.2
#define RL_PS_STEP	0.45
/* The knees' labels: the first row's height in the plot (graph units), and each next row's step. */
#define RL_LABEL_TOP	0.95
#define RL_LABEL_ROW	0.055

/*
 * A roof: an IOPS cap (the flat line) and a bandwidth cap in bytes/s (the
 * diagonal), 0 for a side not given.
 */
struct rl_roof {
	double		 iops, bw;
	const char	*color;
	unsigned	 dt;		/* gnuplot dash type */
	double		 lw;
};

/* The picture being made: its x range and what it has drawn so far. */
struct rl_plot {
	FILE		*plot;		/* the plot items */
	FILE		*caps;		/* the knees' labels and points */
	double		 xlo, xhi;	/* the x range */
	uint64_t	 bs_lo, bs_hi;	/* the block sizes measured */
	unsigned	 items;		/* plot items written */
	unsigned	 keys;		/* of them, with a legend entry */
	unsigned	 knees;		/* rows of knee labels */
	double		*kx, *ky;	/* per mode: its knee, when ksize */
	uint64_t	*ksize;		/* per mode: its knee as stated, 0 none */
	struct view_range yr;
};

/* The IOPS of roof r at block size bs: the lower of its caps; 0 none. */
static double
rl_roof_at(const struct rl_roof *r, double bs)
{
	double bw = r->bw > 0 ? r->bw / bs : 0;

	if (r->iops > 0 && (bw == 0 || r->iops < bw))
		return r->iops;
	return bw;
}

/* The separator before the next plot item. */
static const char *
rl_sep(struct rl_plot *p)
{
	return p->items++ > 0 ? ", \\\n     " : "";
}

/*
 * The separator before a function's sampling range: the first item of a
 * plot says "sample", or gnuplot would read [x=a:b] as the plot's x range.
 */
static const char *
rl_fn_sep(struct rl_plot *p)
{
	return p->items++ > 0 ? ", \\\n     " : "sample ";
}

/* A line's plot item: the style and its legend entry (NULL: none). */
static void
rl_line_style(struct rl_plot *p, const struct rl_roof *r, const char *title)
{
	fprintf(p->plot, " with lines lc rgb \"%s\" lw %.1f dt %u ", r->color, r->lw, r->dt);
	if (title == NULL) {
		fputs("notitle", p->plot);
		return;
	}
	fputs("title ", p->plot);
	report_gnuplot_quote(p->plot, title);
	p->keys++;
}

/*
 * Roof r as plot items over the x range: the flat IOPS cap from the left
 * edge to the knee, the diagonal bw / x from the knee to the right edge
 * (either across the whole range when the other side is 0), each titled
 * (NULL: in the legend through another entry).
 * Widens the y range to hold the roof at the block sizes measured.
 * Returns the knee's block size (where the two meet), 0 when there is none.
 */
static double
rl_roof(struct rl_plot *p, const struct rl_roof *r, const char *iops_title,
    const char *bw_title)
{
	double knee = r->iops > 0 && r->bw > 0 ? r->bw / r->iops : 0;
	double x0 = p->xlo, x1 = p->xhi;

	if (knee > 0) {
		x0 = knee < p->xlo ? p->xlo : knee > p->xhi ? p->xhi : knee;
		x1 = x0;
	}
	if (r->iops > 0 && x1 > p->xlo) {
		fprintf(p->plot, "%s[x=%.6g:%.6g] %.10g", rl_fn_sep(p), p->xlo, x1, r->iops);
		rl_line_style(p, r, iops_title);
	}
	if (r->bw > 0 && x0 < p->xhi) {
		fprintf(p->plot, "%s[x=%.6g:%.6g] %.10g / x", rl_fn_sep(p), x0, p->xhi, r->bw);
		rl_line_style(p, r, bw_title);
	}
	view_range_add(&p->yr, rl_roof_at(r, (double)p->bs_lo));
	view_range_add(&p->yr, rl_roof_at(r, (double)p->bs_hi));
	if (knee > (double)p->bs_lo && knee < (double)p->bs_hi)
		view_range_add(&p->yr, r->iops);
	return knee;
}

/* The caps the analysis states for workload sm (a plateau of its cells), 0 for a side without. */
static void
rl_measured_roof(const struct summary_mode *sm, struct rl_roof *r)
{
	const struct knee *k = &sm->knee;

	*r = (struct rl_roof){ .color = sm->color, .dt = 1, .lw = 2.5 };
	if ((k->kind == KNEE_FOUND || k->kind == KNEE_IOPS_BOUND) && sm->iops_stated)
		r->iops = k->iops_cap;
	if ((k->kind == KNEE_FOUND || k->kind == KNEE_BW_BOUND) && sm->bw_stated)
		r->bw = k->bw_cap;
}

/*
 * Workload sm's legend entry, which names its caps too (their lines have
 * none of their own): "randread: caps ~3,000 IOPS, ~100 MiB/s".
 * Caller frees.
 */
static char *
rl_mode_title(const struct summary_mode *sm)
{
	struct rl_roof r;
	char a[32], b[32];

	rl_measured_roof(sm, &r);
	view_approx(r.iops, a, sizeof a);
	view_approx(r.bw / MIB, b, sizeof b);
	if (r.iops > 0 && r.bw > 0)
		return xasprintf("%s: caps ~%s IOPS, ~%s MiB/s", sm->name, a, b);
	if (r.iops > 0 || r.bw > 0)
		return xasprintf("%s: cap ~%s %s", sm->name, r.iops > 0 ? a : b,
		    r.iops > 0 ? "IOPS" : "MiB/s");
	return xasprintf("%s: no cap stated", sm->name);
}

/*
 * The caps the analysis states for workload m, in its colour, and its knee
 * circled where they meet, when the analysis states it (both caps) and it
 * is in the picture: kept in p for its label (rl_knee_labels).
 */
static void
rl_measured(struct rl_plot *p, const struct summary_mode *sm, unsigned m)
{
	struct rl_roof r;
	double knee;

	rl_measured_roof(sm, &r);
	if (r.iops == 0 && r.bw == 0)
		return;
	knee = rl_roof(p, &r, NULL, NULL);
	if ((p->ksize[m] = sm->knee_size) == 0)
		return;
	if (knee < p->xlo || knee > p->xhi) {
		p->ksize[m] = 0;
		return;
	}
	p->kx[m] = knee;
	p->ky[m] = r.iops;
	fprintf(p->caps, "set object %u circle at %.6g, %.10g size screen 0.01 front fillstyle "
	    "empty border lc rgb \"%s\" lw 2\n", 10 + m, knee, r.iops, sm->color);
}

/*
 * How a label at x lines up, so that it stays in the picture: from x
 * rightwards in the left quarter of the plot, leftwards in the right one.
 */
static const char *
rl_justify(const struct rl_plot *p, double x)
{
	double f = log(x / p->xlo) / log(p->xhi / p->xlo);

	return f < 0.25 ? "left" : f > 0.75 ? "right" : "center";
}

/*
 * The knees' labels, as the summary states them ("knee ~32 KiB",
 * analysis_caps_knee_size()): a row each at the top of the plot, above
 * every roof, a dotted line from under the lowest row down to each knee
 * (a line to its own row crossed the labels of the rows below).  Modes
 * whose knee is stated alike share a row ("read, write: knee ~32 KiB", in
 * grey); a lone mode's label is in its colour; with one knee in all, the
 * label names no mode.  p->knees gets the number of rows.
 */
static void
rl_knee_labels(struct rl_plot *p, const struct view_chart *vc)
{
	unsigned m, k, row = 0, n, total = 0, first, rows = 0;
	char a[32], *names, *label;
	double y, logx;

	for (m = 0; m < vc->nmodes; m++)
		total += p->ksize[m] != 0;
	for (m = 0; m < vc->nmodes; m++) {	/* the rows: one per knee size */
		for (k = 0; k < m && p->ksize[k] != p->ksize[m]; k++)
			;
		rows += p->ksize[m] != 0 && k == m;
	}
	for (m = 0; m < vc->nmodes; m++) {
		for (k = 0; k < m && p->ksize[k] != p->ksize[m]; k++)
			;
		if (p->ksize[m] == 0 || k < m)
			continue;
		y = RL_LABEL_TOP - RL_LABEL_ROW * row;
		names = xstrdup("");
		for (n = 0, logx = 0, k = m; k < vc->nmodes; k++) {
			if (p->ksize[k] != p->ksize[m])
				continue;
			label = xasprintf("%s%s%s", names, n++ > 0 ? ", " : "", vc->modes[k].name);
			free(names);
			names = label;
			logx += log(p->kx[k]);
			/* Up to under the lowest row: no line runs through another row's label. */
			fprintf(p->caps, "set arrow %u from %.6g, %.10g to %.6g, graph %.3f nohead lw 1.5 "
			    "dt 3 lc rgb \"%s\" back\n", 10 + k, p->kx[k], p->ky[k], p->kx[k],
			    RL_LABEL_TOP - RL_LABEL_ROW * (rows - 1) - 0.02, vc->modes[k].color);
		}
		first = m;
		label = xasprintf("%s%sknee ~%s", total > 1 ? names : "", total > 1 ? ": " : "",
		    size_human(p->ksize[m], a, sizeof a));
		fprintf(p->caps, "set label %u ", 10 + row);
		report_gnuplot_quote(p->caps, label);
		fprintf(p->caps, " at %.6g, graph %.3f %s front tc rgb \"%s\" font \"sans:Bold,14\"\n",
		    exp(logx / n), y, rl_justify(p, exp(logx / n)), n > 1 ? PALETTE_HEX(PALETTE_LABEL) :
		    vc->modes[first].color);
		free(names);
		free(label);
		row++;
	}
	p->knees = row;
}

/*
 * The provisioned caps of results.expect (--profile, --expect), dashed grey
 * and in words ("provisioned 3,000 IOPS", "provisioned 125 MiB/s"); the
 * burst's roof dotted, with the baseline cap for a side the burst does not
 * raise.
 */
static void
rl_provisioned(struct rl_plot *p, const struct expect *e)
{
	struct rl_roof base = { .iops = e->iops, .bw = e->bw_bytes_s, .color = RL_PROVISIONED,
	    .dt = 2, .lw = 2 };
	struct rl_roof burst = { .iops = e->burst_iops > 0 ? e->burst_iops : e->iops,
	    .bw = e->burst_bw_bytes_s > 0 ? e->burst_bw_bytes_s : e->bw_bytes_s,
	    .color = RL_PROVISIONED, .dt = 3, .lw = 2 };
	char a[32], b[32], *ti, *tb;

	if (!e->set)
		return;
	ti = xasprintf("%s %s IOPS", view_cap_word(e, false), view_num(e->iops, 0, a,
	    sizeof a));
	tb = xasprintf("%s %s", view_cap_word(e, true), profile_rate_text(e->bw_bytes_s, b,
	    sizeof b));
	rl_roof(p, &base, ti, tb);
	free(ti);
	free(tb);
	if (e->burst_iops == 0 && e->burst_bw_bytes_s == 0)
		return;
	/* A side the burst leaves as it is goes on dotted, named once (above). */
	ti = xasprintf("provisioned burst %s IOPS", view_num(e->burst_iops, 0, a, sizeof a));
	tb = xasprintf("provisioned burst %s", profile_rate_text(e->burst_bw_bytes_s, b,
	    sizeof b));
	rl_roof(p, &burst, e->burst_iops > 0 ? ti : NULL, e->burst_bw_bytes_s > 0 ? tb : NULL);
	free(ti);
	free(tb);
}

/*
 * roofline.dat: a block per mode, at each block size its best IOPS over
 * every queue depth and job count (view_best()), with the cell's depth,
 * jobs and, when a point of the chart has a caveat, its marks; a plot item
 * per mode, hollow points with marks for its cells with a caveat.  Points
 * are joined only where the next size is at most twice the last (a line
 * across sizes never measured, as between an --auto run's sparse points,
 * would show a curve nobody measured): the caps are the roofline's lines.
 * Each mode's points are a little larger than the next one's, so that a
 * mode whose points equal a later one's (read and randread on a throttle)
 * shows as a ring around them, not hidden under them.
 */
static char *
rl_points(struct report_ctx *ctx, struct rl_plot *p, const char *stem, unsigned *all)
{
	const struct view_chart *vc = ctx->view->chart;
	unsigned m, b, block = 0, marked;
	uint64_t prev;
	double step = vc->nmodes > 1 && RL_PS_MIN / (vc->nmodes - 1) > RL_PS_STEP ?
	    RL_PS_MIN / (vc->nmodes - 1) : RL_PS_STEP;
	char *buf = NULL, *title;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*all = 0;
	fprintf(f, "# sweep %s: one block per mode (gnuplot index 0, 1, ...): at each block size "
	    "the best IOPS of every queue depth and job count; a blank line where sizes were "
	    "skipped\n", stem);
	for (m = 0; m < vc->nmodes; m++) {
		const struct view_chart_point *best = &vc->best[0][(size_t)m * vc->nbs];

		for (marked = 0, b = 0; b < vc->nbs; b++)
			marked |= best[b].caveats;
		for (b = 0; b < vc->nbs && best[b].cell < 0; b++)
			;
		if (b == vc->nbs)
			continue;
		*all |= marked;
		fprintf(f, "%s# index %u: %s\n# bs_bytes\tIOPS\tMiB/s\tdepth\tjobs%s\n",
		    block > 0 ? "\n\n" : "", block, vc->modes[m].name, marked ? "\tmarks" : "");
		for (prev = 0, b = 0; b < vc->nbs; b++) {
			const struct view_chart_point *r = &best[b];

			if (r->cell < 0)
				continue;
			/* A blank line: no segment across sizes not measured. */
			if (prev > 0 && r->bs > 2 * prev)
				fputc('\n', f);
			prev = r->bs;
			view_range_add(&p->yr, r->v[METRIC_IOPS]);
			fprintf(f, "%llu\t%.1f\t%.3f\t%u\t%u", (unsigned long long)r->bs,
			    r->v[METRIC_IOPS], r->v[METRIC_MIB_S], r->depth, r->jobs);
			if (marked)
				report_gnuplot_mark_column(f, r->caveats);
			fputc('\n', f);
		}
		fprintf(p->plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 1.5 "
		    "ps %.2f dt 1 pt 7 title ", rl_sep(p), stem, block, vc->modes[m].color,
		    RL_PS_MIN + step * (vc->nmodes - 1 - m));
		title = rl_mode_title(&vc->modes[m]);
		report_gnuplot_quote(p->plot, title);
		free(title);
		p->keys++;
		if (marked)
			report_gnuplot_mark_items(p->plot, stem, block, 1, 2, 6, 7, vc->modes[m].color,
			    true);
		block++;
	}
	fclose(f);
	return buf;
}

/*
 * How many times the y axis reaches above the highest point or roof (yr)
 * so that n rows of knee labels fit between it and the top of the plot:
 * on a log axis the top share f of the plot is (hi / lo)^(f / (1 - f)).
 */
static double
rl_room(const struct view_range *yr, unsigned n)
{
	double f = 1 - RL_LABEL_TOP + RL_LABEL_ROW * n + 0.02;

	if (n == 0 || !(yr->lo > 0) || !(yr->hi > yr->lo))
		return 1;
	return pow(yr->hi / yr->lo * 1.15 * 1.15, f / (1 - f));
}

/* roofline: its .gp and .dat in memory. */
int
report_gnuplot_roofline_build(struct report_ctx *ctx, struct report_plot *j)
{
	const struct view_chart *vc = ctx->view->chart;
	struct rl_plot p = { .bs_lo = vc->bs[0], .bs_hi = vc->bs[vc->nbs - 1] };
	struct report_gp_key keys[11];
	char *plot = NULL, *caps = NULL, *xtics, *xrange, *title, *yrange, *ytics, *rows, *height;
	char *bmargin;
	size_t plen = 0, clen = 0;
	unsigned m, marked, nrows;
	double room;

	j->tmpl = "roofline";
	p.plot = open_memstream(&plot, &plen);
	p.caps = open_memstream(&caps, &clen);
	report_gnuplot_bs_axis(vc->bs, vc->nbs, &xtics, &xrange);
	if (sscanf(xrange, "[%lf:%lf]", &p.xlo, &p.xhi) != 2)
		p.xlo = p.xhi = 0;
	/* The measured caps first, so that the points (and hollow ones) are drawn over them. */
	p.kx = xcalloc(vc->nmodes, sizeof *p.kx);
	p.ky = xcalloc(vc->nmodes, sizeof *p.ky);
	p.ksize = xcalloc(vc->nmodes, sizeof *p.ksize);
	for (m = 0; m < vc->nmodes; m++)
		rl_measured(&p, &vc->modes[m], m);
	rl_knee_labels(&p, vc);
	j->data = rl_points(ctx, &p, j->chart.stem, &marked);
	rl_provisioned(&p, &vc->expect);
	report_gnuplot_mark_key(p.plot, marked);
	for (m = 0; m < 5; m++)
		p.keys += (marked & (m == 0 ? VIEW_UNSTEADY : m == 1 ? VIEW_MISMATCH : m == 2 ?
		    VIEW_UNWRITTEN : m == 3 ? VIEW_BUFFERED : VIEW_CLONES)) != 0;
	fclose(p.plot);
	fclose(p.caps);
	room = rl_room(&p.yr, p.knees);
	yrange = report_gnuplot_log_range(&p.yr, room);
	ytics = report_gnuplot_log_tics(&p.yr, room);
	title = report_gnuplot_title(vc, j->chart.title);
	nrows = (p.keys + RL_KEY_COLS - 1) / RL_KEY_COLS;
	rows = xasprintf("%u", nrows > 0 ? nrows : 1);
	height = xasprintf("%u", RL_HEIGHT_PX + RL_KEY_ROW_PX * nrows);
	bmargin = xasprintf("%.1f", RL_BMARGIN + RL_KEY_ROW * nrows);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[3] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[4] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[5] = (struct report_gp_key){ "@CAPS@", caps };
	keys[6] = (struct report_gp_key){ "@PLOT@", plot };
	keys[7] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[8] = (struct report_gp_key){ "@KEYROWS@", rows };
	keys[9] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[10] = (struct report_gp_key){ "@BMARGIN@", bmargin };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 11);
	free(plot);
	free(caps);
	free(xtics);
	free(xrange);
	free(title);
	free(yrange);
	free(ytics);
	free(rows);
	free(height);
	free(bmargin);
	free(p.kx);
	free(p.ky);
	free(p.ksize);
	return j->script != NULL ? 0 : -ENOENT;
}
