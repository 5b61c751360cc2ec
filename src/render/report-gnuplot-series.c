/*
 * The rows and tics of the series-MODE charts (templates/series.gp; the
 * chart is built by report-gnuplot.c): IOPS second by second of every
 * cell of one mode, the cells side by side in run order, a line per queue
 * depth x jobs.  A cell of fewer than SERIES_LINE_MIN seconds is drawn as
 * points, not joined: a line through two seconds reads as a trend the cell
 * is too short to show; the chart says so under its title.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

#define SERIES_LINE_MIN	3	/* seconds of a cell drawn as a line */

/* How many runs of cells of one block size the workload has in run order: the tics. */
static unsigned
gp_series_runs(const struct view_chart *vc, unsigned wl)
{
	uint64_t run_bs = 0;
	unsigned i, n = 0;

	for (i = 0; i < vc->ntimed; i++) {
		if (vc->timed[i].wl != wl)
			continue;
		if (vc->timed[i].bs != run_bs)
			n++;
		run_bs = vc->timed[i].bs;
	}
	return n;
}

/* A tic of the series chart: labelled, or (every other one of more than 12) a minor tic. */
static void
gp_series_tic(FILE *t, unsigned *ntics, unsigned nruns, uint64_t bs, double at)
{
	char label[32];

	if (nruns > 12 && *ntics % 2 == 1)
		fprintf(t, ", \"\" %.1f 1", at);
	else
		fprintf(t, "%s\"%s\" %.1f", *ntics > 0 ? ", " : "",
		    view_size_label(bs, label, sizeof label), at);
	(*ntics)++;
}

/*
 * Where each timed cell (view_chart.timed) of workload wl starts on the
 * time axis (start[i]); the tics, a label per run of cells of one block
 * size; the burst marks.  Returns the axis's end.
 */
double
report_gnuplot_series_layout(const struct view_chart *vc, unsigned wl, double *start, FILE *t,
    unsigned *ntics, FILE *marks)
{
	double x = 0, run_start = 0;
	uint64_t run_bs = 0;
	unsigned i, nruns = gp_series_runs(vc, wl);

	for (i = 0; i < vc->ntimed; i++) {
		const struct view_chart_timed *r = &vc->timed[i];

		if (r->wl != wl)
			continue;
		if (r->bs != run_bs) {
			if (run_bs != 0)
				gp_series_tic(t, ntics, nruns, run_bs, (run_start + x) / 2);
			run_bs = r->bs;
			run_start = x;
		}
		start[i] = x;
		if (r->burst == BURST_CLIFF || r->burst == BURST_DECLINE) {
			double at = x + r->burst_at_s;
			char *label = xasprintf("%s after %u s", r->burst == BURST_CLIFF ?
			    "burst credits out?" : "decline", r->burst_at_s);

			fprintf(marks, "set arrow from %.1f, graph 0 to %.1f, graph 1 nohead lc rgb "
			    "\"" PALETTE_HEX(PALETTE_ALERT) "\" lw 1.5 dt 3\nset label ", at, at);
			report_gnuplot_quote(marks, label);
			fprintf(marks, " at %.1f, graph 0.97 offset 0.5, 0 tc rgb \""
			    PALETTE_HEX(PALETTE_ALERT) "\"\n", at);
			free(label);
		}
		x += r->nsec;
	}
	if (run_bs != 0)
		gp_series_tic(t, ntics, nruns, run_bs, (run_start + x) / 2);
	return x;
}

/*
 * Series se's rows of series-MODE.dat: each cell's seconds, a blank line
 * between cells so that gnuplot does not join them, and between the
 * seconds of a cell shorter than SERIES_LINE_MIN (points only).  Returns
 * how many cells; npoints[0] counts those drawn as points, npoints[1] those
 * of them with two seconds or more (a line would join them).
 */
unsigned
report_gnuplot_series_rows(const struct view_chart *vc, const struct summary_series *se,
    const double *start, FILE *f, unsigned block, unsigned *npoints, struct view_range *yr)
{
	unsigned i, k, rows = 0;

	for (i = 0; i < vc->ntimed; i++) {
		const struct view_chart_timed *r = &vc->timed[i];

		if (r->wl != se->wl || r->depth != se->depth || r->jobs != se->jobs)
			continue;
		if (rows == 0)
			fprintf(f, "%s# index %u: %s\n# second\tIOPS\tbs_bytes\n",
			    block > 0 ? "\n\n" : "", block, se->name);
		else
			fputc('\n', f);
		npoints[0] += r->nsec < SERIES_LINE_MIN;
		npoints[1] += r->nsec > 1 && r->nsec < SERIES_LINE_MIN;
		for (k = 0; k < r->nsec; k++) {
			view_range_add(yr, (double)r->ios[k]);
			fprintf(f, "%s%.1f\t%llu\t%llu\n", k > 0 && r->nsec < SERIES_LINE_MIN ?
			    "\n" : "", start[i] + k + 0.5, (unsigned long long)r->ios[k],
			    (unsigned long long)r->bs);
		}
		rows++;
	}
	return rows;
}


/* Under the title, when n cells of 2 s are drawn as points: that they are. */
void
report_gnuplot_series_note(FILE *marks, unsigned n)
{
	if (n == 0)
		return;
	fprintf(marks, "# A line through 2 seconds would read as a trend: points only.\n"
	    "set label 2 \"%u cell%s of 2 s: points, not joined (too short for a trend)\" at "
	    "screen 0.5, screen 0.86 center\n", n, n == 1 ? "" : "s");
}
