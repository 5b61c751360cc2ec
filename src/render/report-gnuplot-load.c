/*
 * The latency-load chart (templates/load.gp, load.png): per workload of
 * the open-loop cells (--rate) its p50, p99 and p99.9 from the due time
 * against the IOPS each rate achieved, and its cap as a vertical line,
 * from the view's lines (view-load.c); a colour per workload, a dash per
 * percentile.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/report.h"
#include "view/palette.h"

/* The data: a block per line (gnuplot's index), a row per rate. */
static char *
load_data(const struct view_load *l, const char *head)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, k;

	fprintf(f, "%s\n", head);
	for (i = 0; i < l->n; i++) {
		const struct view_load_line *ln = &l->lines[i];

		fprintf(f, "%s# %u: iops p50_ms p99_ms p99.9_ms\n", i > 0 ? "\n\n" : "", i);
		for (k = 0; k < ln->n; k++)
			fprintf(f, "%.6g %.6g %.6g %.6g\n", ln->iops[k], ln->p50[k] > 0 ? ln->p50[k] :
			    NAN, ln->p99[k] > 0 ? ln->p99[k] : NAN, ln->p999[k] > 0 ? ln->p999[k] : NAN);
	}
	fclose(f);
	return buf;
}

/* The plot command's series and the caps' lines; the axes' bounds into xmax, ymin, ymax. */
static void
load_plot(const struct view_load *l, const char *stem, char **plot, char **caps, double *xmax,
    double *ymin, double *ymax)
{
	static const char *const pct[] = { "p50", "p99", "p99.9" };
	static const int col[] = { 2, 3, 4 }, dt[] = { 2, 1, 3 };
	size_t plen = 0, clen = 0;
	FILE *p = open_memstream(plot, &plen), *c = open_memstream(caps, &clen);
	unsigned i, k, s, first = 1;

	*xmax = 0;
	*ymin = INFINITY;
	*ymax = 0;
	for (i = 0; i < l->n; i++) {
		const struct view_load_line *ln = &l->lines[i];
		char colour[16];

		snprintf(colour, sizeof colour, "#%06x", (unsigned)palette_tab10(i));

		for (k = 0; k < ln->n; k++) {
			*xmax = fmax(*xmax, ln->iops[k]);
			if (ln->p50[k] > 0)
				*ymin = fmin(*ymin, ln->p50[k]);
			*ymax = fmax(*ymax, ln->p999[k]);
		}
		*xmax = fmax(*xmax, ln->cap);
		for (s = 0; s < 3; s++) {
			fprintf(p, "%s'%s.dat' index %u using 1:%d with linespoints lw 2 pt 7 dt %d lc rgb "
			    "\"%s\" title ", first ? "" : ", \\\n         ", stem, i, col[s], dt[s], colour);
			first = 0;
			report_gnuplot_quote(p, ln->name);
			fprintf(p, " . \" %s\"", pct[s]);
		}
		if (ln->cap > 0) {
			fprintf(c, "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 2 lw 2 lc rgb "
			    "\"%s\"\nset label ", ln->cap, ln->cap, colour);
			report_gnuplot_quote(c, ln->name);
			fprintf(c, " . \" cap %.0f IOPS\" at %.6g, graph %.3f right offset -0.5, 0 "
			    "tc rgb \"%s\"\n", ln->cap, ln->cap, 0.96 - 0.05 * i, colour);
		}
	}
	if (!(*ymin < INFINITY))
		*ymin = 0.001;
	fclose(p);
	fclose(c);
}

/* load: the chart's .gp and .dat in memory. */
int
report_gnuplot_load_build(struct report_ctx *ctx, struct report_plot *j)
{
	const struct view_load *l = ctx->view->load;
	struct report_gp_key keys[7];
	char *plot, *caps, *title, xmax[32], ymin[32], ymax[32];
	double x, lo, hi;

	if (l == NULL)
		return -ENOENT;
	j->tmpl = "load";
	j->data = load_data(l, "# sweep load: per workload of the open-loop cells (--rate), "
	    "latency from the due time against the rate achieved");
	load_plot(l, j->chart.stem, &plot, &caps, &x, &lo, &hi);
	snprintf(xmax, sizeof xmax, "%.6g", x * 1.1);
	snprintf(ymin, sizeof ymin, "%.6g", lo / 2);
	snprintf(ymax, sizeof ymax, "%.6g", hi * 2);
	title = report_gnuplot_title(ctx->view->chart, j->chart.title);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@PLOT@", plot };
	keys[3] = (struct report_gp_key){ "@CAPS@", caps };
	keys[4] = (struct report_gp_key){ "@XMAX@", xmax };
	keys[5] = (struct report_gp_key){ "@YMIN@", ymin };
	keys[6] = (struct report_gp_key){ "@YMAX@", ymax };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 7);
	free(plot);
	free(caps);
	free(title);
	return j->script != NULL ? 0 : -ENOENT;
}
