/*
 * The iops and bw charts of a large run (view_big()): a line per mode, at
 * each block size its best cell over every depth and job count, where a
 * line per mode x depth x jobs would be thousands (report-gnuplot.c draws
 * the chart around it; report-gnuplot-bs.c the lines of a smaller run).
 */
#include "config.h"

#include <stdlib.h>

#include "render/report.h"

/*
 * The iops or bw chart of a large run (view_big(), view.h), where a line per
 * mode x depth x jobs would be thousands of lines: a line per mode, at each
 * block size its best cell over every depth and job count (the chart's
 * title says so).
 */
void
report_gnuplot_best(struct report_ctx *ctx, struct report_plot *j, bool bw, FILE *plot,
    struct view_range *yr)
{
	const struct view_chart *vc = ctx->view->chart;
	unsigned m, b, block = 0;
	unsigned marked, all = 0;
	char *buf = NULL, dt[64];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fprintf(f, "# sweep %s: %s; one block per mode: at each block size the best cell of every "
	    "queue depth and job count (gnuplot index 0, 1, ...)\n", j->chart.stem, j->chart.title);
	for (m = 0; m < vc->nmodes; m++) {
		const struct view_chart_point *best = &vc->best[bw][(size_t)m * vc->nbs];

		for (b = 0; b < vc->nbs && best[b].cell < 0; b++)
			;
		if (b == vc->nbs)
			continue;
		for (marked = 0, b = 0; b < vc->nbs; b++)
			marked |= best[b].caveats;
		all |= marked;
		fprintf(f, "%s# index %u: %s, the best cell of each block size\n# bs_bytes\t%s\t"
		    "depth\tjobs%s\n", block > 0 ? "\n\n" : "", block, vc->modes[m].name,
		    bw ? "MiB/s\tMB/s" : "IOPS", marked ? "\tmarks" : "");
		for (b = 0; b < vc->nbs; b++) {
			const struct view_chart_point *r = &best[b];

			if (r->cell < 0)
				continue;
			view_range_add(yr, bw ? r->v[METRIC_MIB_S] : r->v[METRIC_IOPS]);
			if (bw)
				fprintf(f, "%llu\t%.3f\t%.3f", (unsigned long long)r->bs,
				    r->v[METRIC_MIB_S], r->v[METRIC_MB_S]);
			else
				fprintf(f, "%llu\t%.1f", (unsigned long long)r->bs, r->v[METRIC_IOPS]);
			fprintf(f, "\t%u\t%u", r->depth, r->jobs);
			if (marked)
				report_gnuplot_mark_column(f, r->caveats);
			fputc('\n', f);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
		    "dt %s pt 7 title \"%s, best\"", block > 0 ? ", \\\n     " : "", j->chart.stem,
		    block, vc->modes[m].color, report_gnuplot_dt(block, dt, sizeof dt),
		    vc->modes[m].name);
		if (marked)
			report_gnuplot_mark_items(plot, j->chart.stem, block, 1, 2, bw ? 6 : 5, 7,
			    vc->modes[m].color, true);
		block++;
	}
	report_gnuplot_caps(vc, bw, plot, block == 0, yr);
	if (block > 0)
		report_gnuplot_gap_keys(ctx, bw, plot);
	report_gnuplot_mark_key(plot, all);
	fclose(f);
	j->data = buf;
}
