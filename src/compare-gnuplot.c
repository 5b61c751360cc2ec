/*
 * The overlay charts of sweep compare (templates/compare-*.gp, rendered by
 * report_gnuplot_render() as a run's charts are): IOPS, MiB/s and p99
 * latency against block size, one line per run and mode x depth x jobs.
 * Colour tells the runs apart, dash the modes, the marker the queue depth;
 * each run's provisioned caps are drawn in its colour.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static const char *const compare_colors[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"
};
static const int compare_points[] = { 7, 5, 9, 11, 13, 6, 4, 8 };

static const struct {
	const char		*stem;
	const char		*title;
	enum compare_metric	 metric;
} compare_chart_table[COMPARE_CHARTS] = {
	{ "compare-iops", "IOPS vs block size", COMPARE_IOPS },
	{ "compare-bw", "Throughput (MiB/s) vs block size", COMPARE_BW },
	{ "compare-latency", "p99 latency (us) vs block size, lowest queue depth", COMPARE_P99 },
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

/* The index of a mode among the compared modes: its dash. */
static unsigned
compare_gnuplot_dash(const struct compare *cmp, enum rw_mode mode)
{
	unsigned m;

	for (m = 0; m < cmp->nmodes; m++)
		if (cmp->modes[m] == mode)
			return m % 5 + 1;
	return 1;
}

/* A run's caps as lines in its colour. */
static void
compare_gnuplot_caps(const struct compare *cmp, unsigned k, bool bw, FILE *plot, unsigned *items)
{
	const struct expect *e = &cmp->runs[k].res.expect;
	const char *color = compare_colors[k % 8];
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
		if (bw)
			t = xasprintf("%s %s %s", cmp->runs[k].label, what[i], profile_rate_text(v[i] * MIB,
			    a, sizeof a));
		else
			t = xasprintf("%s %s %s IOPS", cmp->runs[k].label, what[i], report_num(v[i], 0, a,
			    sizeof a));
		fprintf(plot, "%s%.6g with lines lc rgb \"%s\" lw 1.5 dt %u title ", (*items)++ > 0 ?
		    ", \\\n     " : "", v[i], color, i == 0 ? 2u : 4u);
		report_gnuplot_quote(plot, t);
		free(t);
	}
}

/* One chart's data (a block per line) and plot items. */
static void
compare_gnuplot_data(const struct compare *cmp, const char *stem, enum compare_metric m,
    FILE *data, FILE *plot)
{
	unsigned k, g, i, block = 0, items = 0;

	fprintf(data, "# sweep compare %s: one block per line of the chart (gnuplot index 0, 1, "
	    "...)\n", stem);
	for (k = 0; k < cmp->nruns; k++) {
		for (g = 0; g < cmp->ngroups; g++) {
			const struct compare_group *gr = &cmp->groups[g];
			unsigned rows = 0;
			char *title;

			if (m == COMPARE_P99 && compare_lat_group(cmp, k, gr->mode) != (int)g)
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

				if (!isnan(v))
					fprintf(data, "%llu\t%.3f\n", (unsigned long long)row->bs, v);
			}
			fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 "
			    "dt %u pt %d ps 1.2 title ", items++ > 0 ? ", \\\n     " : "", stem, block,
			    compare_colors[k % 8], compare_gnuplot_dash(cmp, gr->mode),
			    compare_points[gr->variant % 8]);
			report_gnuplot_quote(plot, title);
			free(title);
			block++;
		}
	}
	if (m != COMPARE_P99)
		for (k = 0; k < cmp->nruns; k++)
			compare_gnuplot_caps(cmp, k, m == COMPARE_BW, plot, &items);
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
	report_gnuplot_quote(f, k < cmp->nruns ? "colour: run; dash: mode; marker: queue depth; flat "
	    "lines: each run's provisioned caps" : "colour: run; dash: mode; marker: queue depth");
	fclose(f);
	free(line);
	return buf;
}

/* compare-iops, compare-bw and compare-latency: .dat, .gp, and .png/.svg where gnuplot is. */
int
compare_gnuplot_write(struct compare_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	struct report_plot plots[COMPARE_CHARTS];
	struct report_chart charts[COMPARE_CHARTS];
	unsigned n = compare_gnuplot_charts(cmp, charts), i, c;
	char *xtics = NULL, *xrange = NULL;
	int err = 0;

	if (n == 0) {
		snprintf(ctx->rc.chart_note, sizeof ctx->rc.chart_note, "no figures to chart");
		return 0;
	}
	memset(plots, 0, sizeof plots);
	report_gnuplot_bs_axis(cmp->bs, cmp->nbs, &xtics, &xrange);
	for (i = 0; i < n && err == 0; i++) {
		char *data = NULL, *plot = NULL, *title;
		size_t dlen = 0, plen = 0;
		FILE *df = open_memstream(&data, &dlen), *pf = open_memstream(&plot, &plen);
		struct report_gp_key keys[5];

		for (c = 0; c < COMPARE_CHARTS; c++)
			if (strcmp(compare_chart_table[c].stem, charts[i].stem) == 0)
				break;
		compare_gnuplot_data(cmp, charts[i].stem, compare_chart_table[c].metric, df, pf);
		fclose(df);
		fclose(pf);
		title = compare_gnuplot_title(cmp, charts[i].title);
		plots[i].chart = charts[i];
		plots[i].tmpl = charts[i].stem;
		plots[i].data = data;
		keys[0] = (struct report_gp_key){ "@TITLE@", title };
		keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
		keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
		keys[3] = (struct report_gp_key){ "@PLOT@", plot };
		keys[4] = (struct report_gp_key){ "@STEM@", charts[i].stem };
		plots[i].script = report_gnuplot_script(&ctx->rc, plots[i].tmpl, keys, 5);
		if (plots[i].script == NULL)
			err = -ENOENT;
		free(plot);
		free(title);
	}
	if (err == 0)
		err = report_gnuplot_render(&ctx->rc, plots, n);
	for (i = 0; i < n; i++) {
		free(plots[i].script);
		free(plots[i].data);
	}
	free(xtics);
	free(xrange);
	return err;
}
