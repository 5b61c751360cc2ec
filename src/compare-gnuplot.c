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

#include "report.h"


static const struct {
	const char		*stem;
	const char		*title;
	enum compare_metric	 metric;
} compare_chart_table[COMPARE_CHARTS] = {
	{ "compare-iops", "IOPS vs block size", COMPARE_IOPS },
	{ "compare-bw", "Throughput (MiB/s) vs block size", COMPARE_BW },
	{ "compare-latency", "p99 latency vs block size, lowest queue depth", COMPARE_P99 },
};

/* Does any row have the metric in some run? */
static bool
compare_gnuplot_any(const struct compare *cmp, enum compare_metric m)
{
	unsigned i, k;

	for (i = 0; i < cmp->nrows; i++)
		for (k = 0; k < cmp->nruns; k++)
			if (!isnan(compare_value(cmp, &cmp->rows[i], k, m)))
				return true;
	return false;
}

/* Fill charts (COMPARE_CHARTS at most) with the charts that have a point to plot. */
unsigned
compare_gnuplot_charts(const struct compare *cmp, struct report_chart *charts)
{
	unsigned n = 0, c;

	if (cmp->nbs == 0)
		return 0;
	for (c = 0; c < COMPARE_CHARTS; c++) {
		if (!compare_gnuplot_any(cmp, compare_chart_table[c].metric))
			continue;
		snprintf(charts[n].stem, sizeof charts[n].stem, "%s", compare_chart_table[c].stem);
		snprintf(charts[n].title, sizeof charts[n].title, "%s", compare_chart_table[c].title);
		n++;
	}
	return n;
}

/* A run's caps as lines in its colour. */
static void
compare_gnuplot_caps(const struct compare *cmp, unsigned k, bool bw, FILE *plot, unsigned *items,
    struct view_range *yr)
{
	const struct expect *e = &cmp->runs[k].res.expect;
	double v[2];
	const char *what[2] = { "cap", "burst" };
	unsigned i;
	char a[32];

	if (!e->set)
		return;
	v[0] = bw ? e->bw_bytes_s / MIB : e->iops;
	v[1] = bw ? e->burst_bw_bytes_s / MIB : e->burst_iops;
	for (i = 0; i < 2; i++) {
		char *t;

		if (!(v[i] > 0))
			continue;
		view_range_add(yr, v[i]);
		if (bw)
			t = xasprintf("%s %s %s", cmp->runs[k].label, what[i], profile_rate_text(v[i] * MIB,
			    a, sizeof a));
		else
			t = xasprintf("%s %s %s IOPS", cmp->runs[k].label, what[i], report_num(v[i], 0, a,
			    sizeof a));
		fprintf(plot, "%s%.6g with lines lc rgb \"%s\" lw %s dt %u title ", (*items)++ > 0 ?
		    ", \\\n     " : "", v[i], i == 0 ? "#404040" : "#909090", i == 0 ? "2" : "1.5",
		    report_gnuplot_dash(k));
		report_gnuplot_quote(plot, t);
		free(t);
	}
}

/* One chart's data (a block per line) and plot items. */
static void
compare_gnuplot_data(const struct compare *cmp, const char *stem, enum compare_metric m,
    double div, FILE *data, FILE *plot, struct view_range *yr)
{
	unsigned k, g, i, block = 0, items = 0;

	fprintf(data, "# sweep compare %s: one block per line of the chart (gnuplot index 0, 1, "
	    "...)\n", stem);
	for (k = 0; k < cmp->nruns; k++) {
		for (g = 0; g < cmp->ngroups; g++) {
			const struct compare_group *gr = &cmp->groups[g];
			unsigned rows = 0;
			char *title;

			if (m == COMPARE_P99 && compare_lat_group(cmp, k, gr->wl) != (int)g)
				continue;
			for (i = 0; i < gr->n; i++)
				rows += !isnan(compare_value(cmp, &cmp->rows[gr->first + i], k, m));
			if (rows == 0)
				continue;
			title = xasprintf("%s %s", cmp->runs[k].label, gr->name);
			fprintf(data, "%s# index %u: %s\n# bs_bytes\t%s\n", block > 0 ? "\n\n" : "", block,
			    title, compare_metric_name(m));
			for (i = 0; i < gr->n; i++) {
				const struct compare_row *row = &cmp->rows[gr->first + i];
				double v = compare_value(cmp, row, k, m);

				if (isnan(v))
					continue;
				fprintf(data, "%llu\t%.6g\n", (unsigned long long)row->bs, v / div);
				view_range_add(yr, v / div);
			}
			fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 "
			    "dt %u pt %d ps 1.5 title ", items++ > 0 ? ", \\\n     " : "", stem, block,
			    cmp->modes[gr->wl].color, report_gnuplot_dash(k),
			    report_gnuplot_point(gr->variant));
			report_gnuplot_quote(plot, title);
			free(title);
			block++;
		}
	}
	if (m != COMPARE_P99)
		for (k = 0; k < cmp->nruns; k++)
			compare_gnuplot_caps(cmp, k, m == COMPARE_BW, plot, &items, yr);
}

/* The largest figure a chart of metric m draws (a dry run of its data). */
static double
compare_gnuplot_max(const struct compare *cmp, const char *stem, enum compare_metric m)
{
	char *data = NULL, *plot = NULL;
	size_t dlen = 0, plen = 0;
	FILE *df = open_memstream(&data, &dlen), *pf = open_memstream(&plot, &plen);
	struct view_range yr = { 0, 0 };

	compare_gnuplot_data(cmp, stem, m, 1, df, pf, &yr);
	fclose(df);
	fclose(pf);
	free(data);
	free(plot);
	return yr.hi;
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
	    "caps" : "colour: mode; dash: run; marker: queue depth");
	fclose(f);
	free(line);
	return buf;
}

/*
 * compare-iops, compare-bw and compare-latency: .dat, .gp, and .png/.svg
 * where gnuplot is.  The png and svg formats both run it: it renders once.
 */
int
compare_gnuplot_write(struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	struct report_plot plots[COMPARE_CHARTS];
	struct report_chart charts[COMPARE_CHARTS];
	unsigned n = compare_gnuplot_charts(cmp, charts), i, c;
	char *xtics = NULL, *xrange = NULL;
	int err = 0;

	if (ctx->charts_done)
		return 0;
	ctx->charts_done = true;
	if (n == 0) {
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "no figures to chart");
		return 0;
	}
	memset(plots, 0, sizeof plots);
	report_gnuplot_bs_axis(cmp->bs, cmp->nbs, &xtics, &xrange);
	for (i = 0; i < n && err == 0; i++) {
		char *data = NULL, *plot = NULL, *title;
		size_t dlen = 0, plen = 0;
		FILE *df = open_memstream(&data, &dlen), *pf = open_memstream(&plot, &plen);
		struct report_gp_key keys[8];
		struct view_range yr;
		const char *unit = "";
		char *yrange, *ylabel, *ytics;
		double div;

		for (c = 0; c < COMPARE_CHARTS; c++)
			if (strcmp(compare_chart_table[c].stem, charts[i].stem) == 0)
				break;
		yr = (struct view_range){ 0, 0 };
		div = 1;
		if (compare_chart_table[c].metric == COMPARE_P99)
			div = report_gnuplot_lat_unit(compare_gnuplot_max(cmp, charts[i].stem,
			    COMPARE_P99), &unit);
		compare_gnuplot_data(cmp, charts[i].stem, compare_chart_table[c].metric, div, df, pf,
		    &yr);
		fclose(df);
		fclose(pf);
		yrange = report_gnuplot_log_range(&yr, 1);
		ytics = report_gnuplot_log_tics(&yr, 1);
		ylabel = xasprintf("p99 completion latency (%s, log scale)", unit);
		title = compare_gnuplot_title(cmp, charts[i].title);
		plots[i].chart = charts[i];
		plots[i].tmpl = charts[i].stem;
		plots[i].data = data;
		keys[0] = (struct report_gp_key){ "@TITLE@", title };
		keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
		keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
		keys[3] = (struct report_gp_key){ "@PLOT@", plot };
		keys[4] = (struct report_gp_key){ "@STEM@", charts[i].stem };
		keys[5] = (struct report_gp_key){ "@YRANGE@", yrange };
		keys[6] = (struct report_gp_key){ "@YLABEL@", ylabel };
		keys[7] = (struct report_gp_key){ "@YTICS@", ytics };
		plots[i].script = report_gnuplot_script(ctx, plots[i].tmpl, keys, 8);
		free(ytics);
		free(yrange);
		free(ylabel);
		if (plots[i].script == NULL)
			err = -ENOENT;
		free(plot);
		free(title);
	}
	if (err == 0)
		err = report_gnuplot_render(ctx, plots, n);
	for (i = 0; i < n; i++) {
		free(plots[i].script);
		free(plots[i].data);
	}
	free(xtics);
	free(xrange);
	return err;
}
