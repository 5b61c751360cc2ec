/*
 * The overlay charts of sweep compare (templates/compare-*.gp, rendered by
 * report_gnuplot_render() as a run's charts are): IOPS, MiB/s and p99
 * latency against block size, one line per run and mode x depth x jobs.
 * Colour is the mode, as in every sweep chart; dash tells the runs apart,
 * the marker the queue depth; each run's provisioned caps are grey lines
 * in the run's dash.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "results/profile.h"
#include "view/palette.h"

static const struct {
	const char		*stem;
	const char		*title;
	enum compare_metric	 metric;
} compare_chart_table[COMPARE_CHARTS] = {
	{ .stem = "compare-iops", .title = "IOPS vs block size", .metric = COMPARE_IOPS },
	{ .stem = "compare-bw", .title = "Throughput (MiB/s) vs block size",
	  .metric = COMPARE_BW },
	{ .stem = "compare-latency", .title = "p99 latency vs block size, lowest queue depth",
	  .metric = COMPARE_P99 },
};

/*
 * Fill charts (COMPARE_CHARTS_MAX at most) with the charts that have a
 * point to plot: the ratio bars (compare-ratio.c), the heat map of each workload with a ratio
 * (compare-heat.c), then a metric whose series (view-compare.c) has a
 * figure.
 */
unsigned
compare_gnuplot_charts(const struct compare *cmp, const struct compare_view *v,
    struct report_chart *charts)
{
	unsigned n = compare_ratio_charts(cmp, charts, 0), c;

	n = compare_heat_charts(v, charts, n, n + COMPARE_HEAT_MAX);

	for (c = 0; c < COMPARE_CHARTS; c++) {
		if (!(v->series[compare_chart_table[c].metric].max > 0))
			continue;
		snprintf(charts[n].stem, sizeof charts[n].stem, "%s", compare_chart_table[c].stem);
		snprintf(charts[n].title, sizeof charts[n].title, "%s", compare_chart_table[c].title);
		n++;
	}
	return n;
}

/* The runs' caps as flat grey lines in each run's dash: "gp2 provisioned 3,000 IOPS". */
static void
compare_gnuplot_caps(const struct compare *cmp, const struct compare_series *s, bool bw,
    FILE *plot, unsigned *items, struct view_range *yr)
{
	unsigned i;
	char a[32], dt[48];

	for (i = 0; i < s->ncaps; i++) {
		const struct compare_cap *cap = &s->caps[i];
		const char *what = cap->burst ? "provisioned burst" : "provisioned";
		char *t;

		view_range_add(yr, cap->value);
		if (bw)
			t = xasprintf("%s %s %s", cmp->runs[cap->run].label, what,
			    profile_rate_text(cap->value * MIB, a, sizeof a));
		else
			t = xasprintf("%s %s %s IOPS", cmp->runs[cap->run].label, what,
			    view_num(cap->value, 0, a, sizeof a));
		fprintf(plot, "%s%.6g with lines lc rgb \"%s\" lw %s dt %s title ", (*items)++ > 0 ?
		    ", \\\n     " : "", cap->value, cap->burst ? PALETTE_HEX(PALETTE_CAP_BURST) : PALETTE_HEX(PALETTE_CAP),
		    cap->burst ? "1.5" : "2", report_gnuplot_dt(cap->run, dt, sizeof dt));
		report_gnuplot_quote(plot, t);
		free(t);
	}
}

/* One chart's data (a block per line of the comparison's series) and plot items. */
static void
compare_gnuplot_data(const struct report_ctx *ctx, const char *stem, enum compare_metric m,
    double div, FILE *data, FILE *plot, struct view_range *yr)
{
	const struct compare *cmp = ctx->cmp;
	const struct compare_series *s = &ctx->cview->series[m];
	unsigned i, n, block = 0, items = 0;
	char dt[48];

	fprintf(data, "# sweep compare %s: one block per line of the chart (gnuplot index 0, 1, "
	    "...)\n", stem);
	for (n = 0; n < s->nlines; n++) {
		const struct compare_line *l = &s->lines[n];
		const struct compare_group *gr = &cmp->groups[l->group];

		if (l->npoints == 0)
			continue;
		fprintf(data, "%s# index %u: %s\n# bs_bytes\t%s\n", block > 0 ? "\n\n" : "", block,
		    l->title, compare_metric_name(m));
		for (i = 0; i < l->npoints; i++) {
			fprintf(data, "%llu\t%.6g\n", (unsigned long long)l->bs[i], l->value[i] / div);
			view_range_add(yr, l->value[i] / div);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 "
		    "dt %s pt %d ps 1.5 title ", items++ > 0 ? ", \\\n     " : "", stem, block++,
		    cmp->modes[gr->wl].color, report_gnuplot_dt(l->run, dt, sizeof dt),
		    report_gnuplot_point(gr->variant));
		report_gnuplot_quote(plot, l->title);
	}
	compare_gnuplot_caps(cmp, s, m == COMPARE_BW, plot, &items, yr);
}

/* The title of a chart as a gnuplot string.  Caller frees. */
static char *
compare_gnuplot_title(const struct compare *cmp, const char *what)
{
	char *buf = NULL, *line = xstrdup("");
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k;

	for (k = 0; k < cmp->nruns; k++) {
		char *next = xasprintf("%s%s%s", line, k > 0 ? " vs " : "", cmp->runs[k].label);

		free(line);
		line = next;
	}
	{
		char *next = xasprintf("%s: %s", line, what);

		free(line);
		line = next;
	}
	for (k = 0; k < cmp->nruns && !cmp->runs[k].res.expect.set; k++)
		;
	report_gnuplot_quote(f, line);
	fputs(" . \"\\n\" . ", f);
	report_gnuplot_quote(f, k < cmp->nruns ? "colour: mode; dash: run; marker: queue depth; grey: "
	    "provisioned caps" : "colour: mode; dash: run; marker: queue depth");
	fclose(f);
	free(line);
	return buf;
}

/*
 * The block-size axis of an overlay chart and where its key goes: the
 * key outside on the right takes a column of COMPARE_KEY_ROWS entries per
 * its longest title (at COMPARE_CHAR_PX a character), and the plot keeps
 * the rest of the canvas, where a label takes COMPARE_LABEL_PX; past that
 * many labels, every other one.  Where that would leave the plot less
 * than COMPARE_PLOT_MIN_PX, the key goes below it, a row an entry, and the
 * picture grows by the rows.  Caller frees both strings.
 */
#define COMPARE_CANVAS_PX	1200
#define COMPARE_PLOT_MIN_PX	240	/* the least a plot beside its key keeps */
#define COMPARE_KEY_ROWS	28	/* 800 px less the title and the axis, at 14 pt a row */
#define COMPARE_CHAR_PX		10.4
#define COMPARE_LABEL_PX	56
static void
compare_gnuplot_axis(const struct report_ctx *ctx, enum compare_metric m, char **xtics,
    char **xrange, const char **key_at, char *height, size_t hlen)
{
	const struct compare_series *s = &ctx->cview->series[m];
	size_t longest = 0;
	unsigned i, n = s->ncaps, cols;
	double key, plot;

	for (i = 0; i < s->nlines; i++)
		if (s->lines[i].npoints > 0) {
			longest = strlen(s->lines[i].title) > longest ? strlen(s->lines[i].title) :
			    longest;
			n++;
		}
	longest = longest < 40 ? 40 : longest;	/* a cap's "label provisioned 3,000 IOPS" */
	cols = (n + COMPARE_KEY_ROWS - 1) / COMPARE_KEY_ROWS;
	key = cols * (longest * COMPARE_CHAR_PX + 140);
	plot = COMPARE_CANVAS_PX - 140 - key;
	*key_at = "set key outside right top vertical box";
	snprintf(height, hlen, "800");
	if (cols > 1 && key > 0.6 * COMPARE_CANVAS_PX)
		plot = COMPARE_CANVAS_PX - 140;	/* gnuplot draws a key of columns this wide over the plot */
	else if (plot < COMPARE_PLOT_MIN_PX) {
		/* long run labels: the key below the plot, a row each, the picture taller */
		*key_at = "set key outside bottom center vertical maxcols 1 nobox";
		snprintf(height, hlen, "%u", 800 + n * 22);
		plot = COMPARE_CANVAS_PX - 140;
	}
	report_gnuplot_bs_axis_of(ctx->cmp->bs, ctx->cmp->nbs, (int)(plot / COMPARE_LABEL_PX), xtics,
	    xrange);
}

/* Overlay chart c (compare_chart_table) as p: its .gp and .dat in memory. */
static int
compare_gnuplot_overlay(struct report_ctx *ctx, unsigned c, struct report_plot *p)
{
	char *data = NULL, *plot = NULL, *title, *yrange, *ylabel, *ytics, *xtics, *xrange;
	char height[16];
	const char *key_at;
	size_t dlen = 0, plen = 0;
	FILE *df = open_memstream(&data, &dlen), *pf = open_memstream(&plot, &plen);
	struct report_gp_key keys[10];
	struct view_range yr = { 0, 0 };
	const char *unit = "";
	double div = 1;

	if (compare_chart_table[c].metric == COMPARE_P99)
		div = report_gnuplot_lat_unit(ctx->cview->series[COMPARE_P99].max, &unit);
	compare_gnuplot_data(ctx, p->chart.stem, compare_chart_table[c].metric, div, df, pf, &yr);
	compare_gnuplot_axis(ctx, compare_chart_table[c].metric, &xtics, &xrange, &key_at, height,
	    sizeof height);
	fclose(df);
	fclose(pf);
	yrange = report_gnuplot_log_range(&yr, 1);
	ytics = report_gnuplot_log_tics(&yr, 1);
	ylabel = xasprintf("p99 completion latency (%s, log scale)", unit);
	title = compare_gnuplot_title(ctx->cmp, p->chart.title);
	p->tmpl = p->chart.stem;
	p->data = data;
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[3] = (struct report_gp_key){ "@PLOT@", plot };
	keys[4] = (struct report_gp_key){ "@STEM@", p->chart.stem };
	keys[5] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[6] = (struct report_gp_key){ "@YLABEL@", ylabel };
	keys[7] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[8] = (struct report_gp_key){ "@KEY@", key_at };
	keys[9] = (struct report_gp_key){ "@HEIGHT@", height };
	p->script = report_gnuplot_script(ctx, p->tmpl, keys, 10);
	free(xtics);
	free(xrange);
	free(ytics);
	free(yrange);
	free(ylabel);
	free(plot);
	free(title);
	return p->script != NULL ? 0 : -ENOENT;
}

/*
 * The heat maps, compare-iops, compare-bw and compare-latency: .dat, .gp,
 * and .png/.svg where gnuplot is.  The png and svg formats both run it: it
 * renders once.
 */
int
compare_gnuplot_write(struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	struct report_plot plots[COMPARE_CHARTS_MAX];
	struct report_chart charts[COMPARE_CHARTS_MAX];
	unsigned n = compare_gnuplot_charts(cmp, ctx->cview, charts), i, c;
	int err = 0;

	if (ctx->charts_done)
		return 0;
	ctx->charts_done = true;
	if (n == 0) {
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "no figures to chart");
		return 0;
	}
	memset(plots, 0, sizeof plots);
	for (i = 0; i < n && err == 0; i++) {
		plots[i].chart = charts[i];
		for (c = 0; c < COMPARE_CHARTS; c++)
			if (strcmp(compare_chart_table[c].stem, charts[i].stem) == 0)
				break;
		if (c < COMPARE_CHARTS)
			err = compare_gnuplot_overlay(ctx, c, &plots[i]);
		else if (strcmp(charts[i].stem, "compare-ratio") == 0)
			err = compare_ratio_build(ctx, &plots[i]);
		else
			err = compare_heat_build(ctx, &plots[i]);
	}
	if (err == 0)
		err = report_gnuplot_render(ctx, plots, n);
	for (i = 0; i < n; i++) {
		free(plots[i].script);
		free(plots[i].data);
	}
	return err;
}
