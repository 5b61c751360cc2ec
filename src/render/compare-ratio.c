/*
 * The ratio bars of sweep compare (templates/compare-ratio.gp,
 * compare-ratio.png): a panel per mode, a bar per block size from the 1.0
 * line to each run's best IOPS over the first run's best at that size (the
 * ratios the verdict sentences are told from, view-compare-build.c).  Up:
 * the run has more, down: fewer; at one block size the MiB/s ratio is the
 * same.  A log2 axis, so 2x and 0.5x are bars of one length.  Colour is the
 * mode, as in every sweep chart; with three runs or more, a bar's fill
 * tells the runs apart.  The block sizes are categories, labelled every
 * few sizes where a panel is too narrow for each label.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

/* The canvas: width, the height of a row of panels, the space above them and below each. */
#define RATIO_W_PX	1200
#define RATIO_ROW_PX	340
#define RATIO_TOP_PX	90
#define RATIO_BOT_PX	20
#define RATIO_L_PX	115	/* a panel's left margin: the y tics */
#define RATIO_R_PX	20
#define RATIO_GAP_PX	50	/* between a panel's plot and the next: its x tic labels and title */
/* A block size label at 14 pt ("512K", "64M") and the space around it. */
#define RATIO_LABEL_PX	56

/* The ratio of run k to run 0 of mode m at block size b (NAN none). */
static double
ratio_at(const struct compare *cmp, unsigned m, unsigned k, unsigned b)
{
	return cmp->bs_ratio[((size_t)m * cmp->nruns + k) * cmp->nbs + b];
}

/* Whether mode m has a ratio at any block size. */
static bool
ratio_mode_has(const struct compare *cmp, unsigned m)
{
	unsigned k, b;

	for (k = 1; k < cmp->nruns; k++)
		for (b = 0; b < cmp->nbs; b++)
			if (ratio_at(cmp, m, k, b) > 0)
				return true;
	return false;
}

/* Whether any mode has a ratio at block size b: the sizes the chart's axis holds. */
static bool
ratio_bs_used(const struct compare *cmp, unsigned b)
{
	unsigned m, k;

	for (m = 0; m < cmp->nmodes; m++)
		for (k = 1; k < cmp->nruns; k++)
			if (ratio_at(cmp, m, k, b) > 0)
				return true;
	return false;
}

/* Add the ratio chart to charts[n] when a mode has a ratio; returns the new count. */
unsigned
compare_ratio_charts(const struct compare *cmp, struct report_chart *charts, unsigned n)
{
	unsigned m;

	if (cmp->bs_ratio == NULL || cmp->nruns < 2)
		return n;
	for (m = 0; m < cmp->nmodes; m++)
		if (ratio_mode_has(cmp, m)) {
			snprintf(charts[n].stem, sizeof charts[n].stem, "compare-ratio");
			snprintf(charts[n].title, sizeof charts[n].title, "IOPS ratio by block size, "
			    "per mode");
			return n + 1;
		}
	return n;
}

/*
 * The labels of the block-size axis, every few categories so that a label
 * has RATIO_LABEL_PX in a plot plot_px wide: '"4K" 0, "" 1, "16K" 2, ...'.
 * Caller frees.
 */
char *
compare_ratio_tics(const uint64_t *bs, unsigned nbs, double plot_px, unsigned *every)
{
	char *buf = NULL, label[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned b, step = 1;

	while (nbs > 0 && plot_px * step / nbs < RATIO_LABEL_PX && step < nbs)
		step++;
	for (b = 0; b < nbs; b++)
		fprintf(f, "%s\"%s\" %u%s", b > 0 ? ", " : "", b % step == 0 ?
		    view_size_label(bs[b], label, sizeof label) : "", b, b % step == 0 ? "" : " 1");
	fclose(f);
	if (every != NULL)
		*every = step;
	return buf;
}

/* The .dat: a block per mode with a ratio, a row per block size: index, bytes, run 1's ratio, ... */
static char *
ratio_data(const struct compare *cmp, double *lo, double *hi)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned m, k, b, x, block = 0;

	fprintf(f, "# sweep compare compare-ratio: a block per mode (gnuplot index 0, 1, ...), a row "
	    "per block size: its index, bytes, then each run's best IOPS there over the first "
	    "run's (NaN: not in both)\n");
	*lo = *hi = 1;
	for (m = 0; m < cmp->nmodes; m++) {
		if (!ratio_mode_has(cmp, m))
			continue;
		fprintf(f, "%s# index %u: %s\n", block > 0 ? "\n\n" : "", block, cmp->modes[m].name);
		block++;
		for (b = 0, x = 0; b < cmp->nbs; b++) {
			if (!ratio_bs_used(cmp, b))
				continue;
			fprintf(f, "%u\t%llu", x++, (unsigned long long)cmp->bs[b]);
			for (k = 1; k < cmp->nruns; k++) {
				double r = ratio_at(cmp, m, k, b);

				if (r > 0) {
					*lo = fmin(*lo, r);
					*hi = fmax(*hi, r);
					fprintf(f, "\t%.6g", r);
				} else
					fputs("\tNaN", f);
			}
			fputc('\n', f);
		}
	}
	fclose(f);
	return buf;
}

/* The multiplot's panels: a plot per mode with a ratio, laid out in cols columns. */
static char *
ratio_panels(const struct compare *cmp, unsigned cols, unsigned rows, const char *xtics,
    double height)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	double pw = (double)RATIO_W_PX / cols, w = 0.8 / (cmp->nruns - 1);
	unsigned m, k, i = 0;

	for (m = 0; m < cmp->nmodes; m++) {
		double x0, y0;

		if (!ratio_mode_has(cmp, m))
			continue;
		x0 = (i % cols) * pw;
		y0 = height - RATIO_TOP_PX - (i / cols + 1) * (double)RATIO_ROW_PX;
		fprintf(f, "    set lmargin at screen %.4f\n    set rmargin at screen %.4f\n",
		    (x0 + RATIO_L_PX) / RATIO_W_PX, (x0 + pw - RATIO_R_PX) / RATIO_W_PX);
		fprintf(f, "    set bmargin at screen %.4f\n    set tmargin at screen %.4f\n",
		    (y0 + RATIO_GAP_PX + RATIO_BOT_PX) / height, (y0 + RATIO_ROW_PX - 40) / height);
		fprintf(f, "    set xtics (%s)\n    set title ", xtics);
		report_gnuplot_quote(f, cmp->modes[m].name);
		fprintf(f, " tc rgb \"%s\" font \"sans:Bold,15\"\n    plot 1 with lines lc rgb "
		    "\"" PALETTE_HEX(PALETTE_RATIO_EDGE) "\" lw 2 notitle", cmp->modes[m].color);
		for (k = 1; k < cmp->nruns; k++) {
			double off = -0.4 + w * (k - 0.5);

			fprintf(f, ", \\\n        'compare-ratio.dat' index %u using ($1%+.3f):(1):"
			    "($1%+.3f):($1%+.3f):(1):($%u == $%u ? $%u : 1/0) with boxxyerror fs %s lc rgb \"%s\" ",
			    i, off, off - w * 0.45, off + w * 0.45, k + 2, k + 2, k + 2,
			    k == 1 ? "solid 0.85 border lc rgb \"" PALETTE_HEX(PALETTE_RATIO_EDGE) "\"" :
			    k == 2 ? "pattern 4 border lc rgb \"" PALETTE_HEX(PALETTE_RATIO_EDGE) "\"" :
			    "pattern 5 border lc rgb \"" PALETTE_HEX(PALETTE_RATIO_EDGE) "\"",
			    cmp->modes[m].color);
			if (cmp->nruns > 2 && i == 0) {
				fputs("title ", f);
				report_gnuplot_quote(f, cmp->runs[k].label);
			} else
				fputs("notitle", f);
		}
		fputs(i == 0 ? "\n    unset key\n" : "\n", f);
		i++;
	}
	(void)rows;
	fclose(f);
	return buf;
}

/* The chart's title and what it shows, as gnuplot strings.  Caller frees. */
static char *
ratio_title(const struct compare *cmp)
{
	char *buf = NULL, *line = xasprintf("%s", cmp->runs[1].label);
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k;

	for (k = 2; k < cmp->nruns; k++) {
		char *next = xasprintf("%s, %s", line, cmp->runs[k].label);

		free(line);
		line = next;
	}
	{
		char *next = xasprintf("%s over %s (up: more, down: fewer%s)", line,
		    cmp->runs[0].label, cmp->nruns > 2 ? "; fill: run" : "");

		free(line);
		line = next;
	}
	report_gnuplot_quote(f, line);
	fclose(f);
	free(line);
	return buf;
}

/* The y tics between lo and hi: ratios a reader names ("0.5x", "1.25x"), 1x always.  Caller frees. */
static char *
ratio_ytics(double lo, double hi)
{
	static const double steps[] = { 1.0 / 64, 1.0 / 32, 1.0 / 16, 0.125, 0.25, 1.0 / 3, 0.5,
	    2.0 / 3, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 4, 8, 16, 32, 64 };
	char *buf = NULL, x[32];
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	unsigned n = 0;

	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		/* Near 1 only where the bars are short: 0.9x and 1.1x crowd a tall axis. */
		if (steps[i] < lo || steps[i] > hi || ((steps[i] == 0.9 || steps[i] == 1.1 ||
		    steps[i] == 0.8 || steps[i] == 1.25) && hi / lo > 4))
			continue;
		fprintf(f, "%s\"%s\" %.6g", n++ > 0 ? ", " : "", view_ratio(steps[i], 2, x, sizeof x),
		    steps[i]);
	}
	fclose(f);
	return buf;
}

/* The ratio chart as p: its .gp and .dat in memory. */
int
compare_ratio_build(struct report_ctx *ctx, struct report_plot *p)
{
	const struct compare *cmp = ctx->cmp;
	unsigned m, n = 0, cols, rows, b, nused = 0;
	uint64_t *used;
	double lo, hi, height;
	char *xtics, *panels, *title, *sub, *yrange, *ytics, *w, *h;
	struct report_gp_key keys[9];

	for (m = 0; m < cmp->nmodes; m++)
		n += ratio_mode_has(cmp, m);
	if (n == 0)
		return -ENOENT;
	cols = n > 1 ? 2 : 1;
	rows = (n + cols - 1) / cols;
	height = RATIO_TOP_PX + rows * (double)RATIO_ROW_PX;
	p->tmpl = "compare-ratio";
	p->data = ratio_data(cmp, &lo, &hi);
	used = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *used);
	for (b = 0; b < cmp->nbs; b++)
		if (ratio_bs_used(cmp, b))
			used[nused++] = cmp->bs[b];
	xtics = compare_ratio_tics(used, nused, (double)RATIO_W_PX / cols - RATIO_L_PX - RATIO_R_PX,
	    NULL);
	free(used);
	panels = ratio_panels(cmp, cols, rows, xtics, height);
	title = xstrdup("\"IOPS ratio at each block size, the best queue depth of each (MiB/s: "
	    "the same)\"");
	sub = ratio_title(cmp);
	lo = fmin(lo, 1 / 1.1) / 1.15;
	hi = fmax(hi, 1.1) * 1.15;
	yrange = xasprintf("[%.4g:%.4g]", lo, hi);
	ytics = ratio_ytics(lo, hi);
	w = xasprintf("%u", RATIO_W_PX);
	h = xasprintf("%.0f", height);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@SUBTITLE@", sub };
	keys[2] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[3] = (struct report_gp_key){ "@PANELS@", panels };
	keys[4] = (struct report_gp_key){ "@STEM@", p->chart.stem };
	keys[5] = (struct report_gp_key){ "@WIDTH@", w };
	keys[6] = (struct report_gp_key){ "@HEIGHT@", h };
	keys[7] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[8] = (struct report_gp_key){ "@KEY@", cmp->nruns > 2 ? "set key top left opaque box" :
	    "unset key" };
	p->script = report_gnuplot_script(ctx, p->tmpl, keys, 9);
	free(ytics);
	free(xtics);
	free(panels);
	free(title);
	free(sub);
	free(yrange);
	free(w);
	free(h);
	return p->script != NULL ? 0 : -ENOENT;
}
