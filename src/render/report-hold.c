/*
 * A --hold run drawn (view-hold.c's view): its section of report.md and
 * report.html (the sentences, the dips, p99 per minute), its sheet of the
 * workbook, and hold.gp: each second against the reference and the 90%
 * line, the dips shaded, a step down named.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

/* Dips shaded on the chart; past it they are still marked point by point. */
#define HOLD_GP_DIPS_SHADED	200

/* A table of the view, after its note. */
static void
hold_doc_table(struct doc *d, const struct view_table *v)
{
	struct report_table t;

	if (v->nrows == 0)
		return;
	doc_heading(d, 3, v->title);
	if (v->note != NULL)
		doc_para_text(d, "note", v->note);
	report_table_view(v, -1, 0, &t);
	doc_table(d, &t);
	report_table_free(&t);
}

/* The hold's section of a document: nothing when the run is no hold. */
void
report_doc_hold(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_hold *vh = &ctx->view->hold;

	if (!vh->on)
		return;
	doc_heading(d, 2, "Held against the promise");
	doc_para_text(d, vh->below ? "fail" : NULL, vh->verdict);
	if (vh->promise != NULL)
		doc_para_text(d, "meta", vh->promise);
	if (vh->step_text != NULL)
		doc_para_text(d, NULL, vh->step_text);
	doc_para_text(d, NULL, vh->dips_text);
	if (vh->worst != NULL)
		doc_para_text(d, NULL, vh->worst);
	if (vh->hours != NULL)
		doc_para_text(d, NULL, vh->hours);
	hold_doc_table(d, &vh->dips);
	hold_doc_table(d, &vh->minutes);
}

/* The x axis: minutes up to 3 hours, hours past. */
static double
hold_gp_xdiv(const struct view_hold *vh)
{
	return vh->nsec > 3 * 3600 ? 3600.0 : 60.0;
}

/* hold.dat: second (in the axis' unit), the figure, the figure again when in a dip. */
static char *
hold_gp_data(const struct view_hold *vh, const char *title)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	double xdiv = hold_gp_xdiv(vh);
	unsigned s, k = 0;

	fprintf(f, "# sweep hold: %s; columns: time (%s from the start of the window), %s that "
	    "second, %s in a dip (NaN: not in one)\n", title, xdiv > 60 ? "hours" : "minutes",
	    vh->unit, vh->unit);
	for (s = 0; s < vh->nsec; s++) {
		while (k < vh->ndips && vh->dip_at[k] + vh->dip_len[k] <= s)
			k++;
		fprintf(f, "%.5f\t%.6g\t", (s + 0.5) / xdiv, vh->v[s]);
		if (k < vh->ndips && s >= vh->dip_at[k])
			fprintf(f, "%.6g\n", vh->v[s]);
		else
			fputs("NaN\n", f);
	}
	fclose(f);
	return buf;
}

/* The dips' shading and the step's arrow and name. */
static char *
hold_gp_objects(const struct view_hold *vh, double ymax)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	double xdiv = hold_gp_xdiv(vh);
	unsigned k;

	for (k = 0; k < vh->ndips && k < HOLD_GP_DIPS_SHADED; k++)
		fprintf(f, "set object %u rect from %.5f, graph 0 to %.5f, graph 1 fc rgb \"%s\" "
		    "fs solid 0.9 noborder behind\n", k + 10, vh->dip_at[k] / xdiv,
		    (vh->dip_at[k] + vh->dip_len[k]) / xdiv, PALETTE_HEX(PALETTE_MISMATCH_BG));
	if (vh->step) {
		fprintf(f, "set arrow 1 from %.5f, graph 0 to %.5f, graph 1 nohead lw 2 dt 2 lc rgb "
		    "\"%s\" front\n", vh->step_at / xdiv, vh->step_at / xdiv,
		    PALETTE_HEX(PALETTE_ALERT));
		fprintf(f, "set label 2 \"%s\" at %.5f, %.6g offset 0.5,0 left front tc rgb \"%s\"\n",
		    vh->step_burst ? "burst bucket ran out" : "step down (a burst bucket running out?)",
		    vh->step_at / xdiv, ymax * 0.95, PALETTE_HEX(PALETTE_ALERT));
	}
	fclose(f);
	return buf;
}

/* The plot: each second, the dips' seconds, the reference and the 90% line. */
static char *
hold_gp_plot(const struct view_hold *vh, const char *stem)
{
	char ref[48], line[48];

	view_num(vh->ref, vh->div > 1 ? 1 : 0, ref, sizeof ref);
	view_num(vh->line, vh->div > 1 ? 1 : 0, line, sizeof line);
	return xasprintf("'%s.dat' using 1:2 with lines lw 1.5 lc rgb \"%s\" title \"%s per "
	    "second\", \\\n     '%s.dat' using 1:3 with points pt 7 ps 0.5 lc rgb \"%s\" title "
	    "\"seconds in a dip\", \\\n     %.6g with lines dt 2 lw 2 lc rgb \"%s\" title \"%s %s "
	    "%s\", \\\n     %.6g with lines dt 3 lw 2 lc rgb \"%s\" title \"%g%% of it: %s %s\"",
	    stem, vh->color, vh->unit, stem, PALETTE_HEX(PALETTE_ALERT), vh->ref,
	    PALETTE_HEX(PALETTE_CAP), vh->provisioned ? "provisioned" : "level held", ref, vh->unit,
	    vh->line, PALETTE_HEX(PALETTE_CAP_BURST), vh->level_pct, line, vh->unit);
}

/* hold.gp and hold.dat from the view. */
int
report_hold_gp_build(struct report_ctx *ctx, struct report_plot *j)
{
	const struct view_hold *vh = &ctx->view->hold;
	struct report_gp_key keys[8];
	char *title, *xlabel, *ylabel, *xrange, *yrange, *objects, *plot;
	double ymax = vh->ref, xdiv;
	unsigned s;

	if (!vh->on)
		return -ENOENT;
	xdiv = hold_gp_xdiv(vh);
	for (s = 0; s < vh->nsec; s++)
		if (vh->v[s] > ymax)
			ymax = vh->v[s];
	ymax = ymax > 0 ? ymax * 1.12 : 1;
	j->tmpl = "hold";
	title = report_gnuplot_title(ctx->view->chart, j->chart.title);
	j->data = hold_gp_data(vh, j->chart.title);
	xlabel = xasprintf("\"Time from the start of the measured window (%s)\"", xdiv > 60 ?
	    "hours" : "minutes");
	ylabel = xasprintf("\"%s per second\"", vh->unit);
	xrange = xasprintf("[0:%.5f]", vh->nsec / xdiv);
	yrange = xasprintf("[0:%.6g]", ymax);
	objects = hold_gp_objects(vh, ymax);
	plot = hold_gp_plot(vh, j->chart.stem);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@XLABEL@", xlabel };
	keys[3] = (struct report_gp_key){ "@YLABEL@", ylabel };
	keys[4] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[5] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[6] = (struct report_gp_key){ "@OBJECTS@", objects };
	keys[7] = (struct report_gp_key){ "@PLOT@", plot };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 8);
	free(title);
	free(xlabel);
	free(ylabel);
	free(xrange);
	free(yrange);
	free(objects);
	free(plot);
	return j->script != NULL ? 0 : -ENOENT;
}
