/*
 * gnuplot charts: for each chart a .dat file of figures and a .gp script
 * made from templates/NAME.gp, both always written; then, when gnuplot can
 * be found, one gnuplot process per chart (fork/exec, no shell, cwd = the
 * output directory, all charts at once, with a timeout) renders the .png
 * and .svg.  gnuplot writes hidden temp files that are renamed into place
 * once it exits cleanly, so a chart is there whole or not at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report.h"

#define GNUPLOT_TIMEOUT_S	30	/* all charts together; $SWEEP_GNUPLOT_TIMEOUT overrides */
#define GNUPLOT_TMP		".tmp-"
#define CHARTS_MAX		(3 + MODE_COUNT)

/* A gnuplot single-quoted string: only ' needs escaping (doubled). */
void
report_gnuplot_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputc('\'', f);
		if (*s != '\n' && *s != '\r')
			fputc(*s, f);
	}
	fputc('\'', f);
}

/* The title as a gnuplot string: label and what, then target and date.  Caller frees. */
static char *
gp_title(const struct results *res, const char *what)
{
	char *buf = NULL, date[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	char *line1, *line2;

	/* "2026-11-30T07:59:15Z" -> "2026-11-30 07:59 UTC" */
	snprintf(date, sizeof date, "%.10s %.5s UTC", res->started_utc,
	    strlen(res->started_utc) > 11 ? res->started_utc + 11 : "");
	line1 = xasprintf("%s: %s", res->label, what);
	if (res->target.model[0] != '\0')
		line2 = xasprintf("%s (%s), %s", res->target.path, res->target.model, date);
	else
		line2 = xasprintf("%s, %s", res->target.path, date);
	report_gnuplot_quote(f, line1);
	fputs(" . \"\\n\" . ", f);
	report_gnuplot_quote(f, line2);
	fclose(f);
	free(line1);
	free(line2);
	return buf;
}

/* Caller frees: tmpl with each @KEY@ replaced by its value. */
static char *
gp_fill(const char *tmpl, const struct report_gp_key *keys, unsigned nkeys)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *p;
	unsigned i;

	for (p = tmpl; *p != '\0'; p++) {
		if (*p == '@') {
			for (i = 0; i < nkeys; i++)
				if (strncmp(p, keys[i].key, strlen(keys[i].key)) == 0)
					break;
			if (i < nkeys) {
				fputs(keys[i].value, f);
				p += strlen(keys[i].key) - 1;
				continue;
			}
		}
		fputc(*p, f);
	}
	fclose(f);
	return buf;
}

/* Caller frees: the whole of a template, or NULL with the reason in ctx->error. */
static char *
gp_template(struct report_ctx *ctx, const char *name)
{
	char *path = xasprintf("%s/templates/%s.gp", datadir_path(), name), *text;
	FILE *f = fopen(path, "re");
	size_t n, cap = 4096, len = 0;

	if (f == NULL) {
		snprintf(ctx->error, sizeof ctx->error, "%s: %s (chart templates are read from "
		    "DATADIR/templates; set SWEEP_DATADIR to the folder that holds templates/)",
		    path, strerror(errno));
		free(path);
		return NULL;
	}
	text = xmalloc(cap);
	while ((n = fread(text + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len - 1 == 0)
			text = xrealloc(text, cap *= 2);
	}
	text[len] = '\0';
	fclose(f);
	free(path);
	return text;
}

static const int gp_points[] = { 7, 5, 9, 11, 13, 6, 4, 8 };

/* The plot style of a line: colour by mode, dash and point by depth x jobs. */
static void
gp_style(FILE *f, const struct summary_series *se)
{
	unsigned v = se->variant;

	fprintf(f, "with linespoints ls %u dt %u pt %d", (unsigned)se->mode + 1, v % 5 + 1,
	    gp_points[v % (sizeof gp_points / sizeof gp_points[0])]);
}

/*
 * Log2 axis of the block sizes bs[0..nbs) (ascending, nbs > 0): a tic at
 * every power of two from the smallest to the largest.  Caller frees both.
 */
void
report_gnuplot_bs_axis(const uint64_t *bs, unsigned nbs, char **xtics, char **xrange)
{
	char *buf = NULL, label[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int lo = 0, hi = 0, e, step = 1;

	/* Exponents, not products: a size near 2^64 (a hostile results.json) cannot overflow. */
	while (lo < 62 && (1ULL << (lo + 1)) <= bs[0])
		lo++;
	for (hi = lo; hi < 62 && (1ULL << hi) < bs[nbs - 1]; hi++)
		;
	while ((hi - lo + 1) / step > 16)
		step *= 2;
	for (e = lo; e <= hi; e += step)
		fprintf(f, "%s\"%s\" %llu", e > lo ? ", " : "",
		    report_size_label(1ULL << e, label, sizeof label), 1ULL << e);
	fclose(f);
	*xtics = buf;
	*xrange = xasprintf("[%g:%g]", (double)(1ULL << lo) / 1.3, (double)(1ULL << hi) * 1.3);
}

/*
 * Fill charts (at most max) with the charts this summary gives: iops, bw,
 * latency (when latency was measured), and series-MODE for each mode with
 * per-second figures.  A chart is made only when it has a point to plot
 * (gnuplot fails on an empty plot, or one whose points are all 0 on a log
 * axis), so imports without per-second series or latency get no such chart.
 */
unsigned
report_gnuplot_charts(const struct summary *sum, struct report_chart *charts, unsigned max)
{
	unsigned n = 0, m;

	if (sum->nbs == 0 || sum->nseries == 0)
		return 0;
	if (n < max && sum->has_iops) {
		snprintf(charts[n].stem, sizeof charts[n].stem, "iops");
		snprintf(charts[n++].title, sizeof charts[0].title, "IOPS vs block size");
	}
	if (n < max && sum->has_bw) {
		snprintf(charts[n].stem, sizeof charts[n].stem, "bw");
		snprintf(charts[n++].title, sizeof charts[0].title, "Throughput (MiB/s, MB/s) vs block size");
	}
	if (n < max && sum->has_latency) {
		snprintf(charts[n].stem, sizeof charts[n].stem, "latency");
		snprintf(charts[n++].title, sizeof charts[0].title,
		    "Latency p50/p99/p99.9 (us) vs block size, lowest queue depth");
	}
	for (m = 0; m < sum->nmodes && n < max; m++) {
		if (sum->modes[m].ntimed == 0)
			continue;
		snprintf(charts[n].stem, sizeof charts[n].stem, "series-%s", mode_name(sum->modes[m].mode));
		snprintf(charts[n++].title, sizeof charts[0].title, "%s: IOPS per second, every cell",
		    mode_name(sum->modes[m].mode));
	}
	return n;
}

/* The figure of a cell on the iops or bw chart; a point only when above 0 (log axis). */
static double
gp_matrix_value(const struct cell_result *r, bool bw)
{
	return bw ? r->bw_bytes_s : r->iops;
}

/* One horizontal cap line as a plot item (a constant function: autoscale keeps it in view). */
static void
gp_cap_line(FILE *plot, bool first, double v, unsigned dt, const char *what)
{
	fprintf(plot, "%s%.6g with lines lc rgb \"#404040\" lw 2 dt %u title ",
	    first ? "" : ", \\\n     ", v, dt);
	report_gnuplot_quote(plot, what);
}

/*
 * The caps of results.expect as plot items: IOPS (baseline, burst, floor)
 * or bandwidth in MiB/s.  first: no plot item before them.
 */
static void
gp_caps(const struct results *res, bool bw, FILE *plot, bool first)
{
	const struct expect *e = &res->expect;
	const char *who = e->profile[0] != '\0' ? e->profile : "--expect";
	char a[32], *t;

	if (!e->set)
		return;
	if (bw) {
		if (e->bw_bytes_s > 0) {
			t = xasprintf("%s cap %s", who, profile_rate_text(e->bw_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->bw_bytes_s / MIB, 2, t);
			free(t);
			first = false;
		}
		if (e->burst_bw_bytes_s > 0) {
			t = xasprintf("%s burst %s", who, profile_rate_text(e->burst_bw_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->burst_bw_bytes_s / MIB, 4, t);
			free(t);
			first = false;
		}
		if (e->bw_floor_bytes_s > 0) {
			t = xasprintf("%s floor %s", who, profile_rate_text(e->bw_floor_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->bw_floor_bytes_s / MIB, 3, t);
			free(t);
		}
		return;
	}
	if (e->iops > 0) {
		t = xasprintf("%s cap %s IOPS", who, report_num(e->iops, 0, a, sizeof a));
		gp_cap_line(plot, first, e->iops, 2, t);
		free(t);
		first = false;
	}
	if (e->burst_iops > 0) {
		t = xasprintf("%s burst %s IOPS", who, report_num(e->burst_iops, 0, a, sizeof a));
		gp_cap_line(plot, first, e->burst_iops, 4, t);
		free(t);
		first = false;
	}
	if (e->iops_floor > 0) {
		t = xasprintf("%s floor %s IOPS", who, report_num(e->iops_floor, 0, a, sizeof a));
		gp_cap_line(plot, first, e->iops_floor, 3, t);
		free(t);
	}
}

/* Whether any cell of res ran more than one round (--repeat): the charts draw their spread. */
static bool
gp_has_rounds(const struct results *res)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].nrounds > 1)
			return true;
	return false;
}

/*
 * --repeat: the interval of the median of r's rounds (IOPS, or MiB/s for
 * bw) as two more columns of its row; the figure itself twice when the
 * cell has no spread (one ok round).
 */
static void
gp_spread_columns(FILE *f, const struct cell_result *r, bool bw)
{
	struct round_spread s;
	double v = bw ? r->bw_bytes_s / MIB : r->iops, lo = v, hi = v;

	if (results_round_spread(r, bw ? ROUND_BW : ROUND_IOPS, &s)) {
		lo = bw ? s.lo / MIB : s.lo;
		hi = bw ? s.hi / MIB : s.hi;
	}
	fprintf(f, bw ? "\t%.3f\t%.3f" : "\t%.1f\t%.1f", lo, hi);
}

/*
 * iops.dat / bw.dat: a block per series; plot items into plot.  With
 * --repeat each row carries the median's interval too, drawn as an error
 * bar in the line's colour.
 */
static void
gp_matrix(struct report_ctx *ctx, struct report_plot *j, bool bw, FILE *plot)
{
	const struct summary *sum = ctx->sum;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned s, b, block = 0;
	bool spread = gp_has_rounds(ctx->res);

	fprintf(f, "# sweep %s: %s; one block per line of the chart (gnuplot index 0, 1, ...)\n",
	    j->chart.stem, j->chart.title);
	for (s = 0; s < sum->nseries; s++) {
		const struct summary_series *se = &sum->series[s];
		unsigned rows = 0;

		for (b = 0; b < sum->nbs; b++)
			if (se->cell[b] >= 0 && gp_matrix_value(&ctx->res->cells[se->cell[b]], bw) > 0)
				rows++;
		if (rows == 0)
			continue;
		fprintf(f, "%s# index %u: %s\n", block > 0 ? "\n\n" : "", block, se->name);
		if (spread)
			fputs(bw ? "# bs_bytes\tMiB/s\tMB/s\tMiB/s_lo\tMiB/s_hi\n" :
			    "# bs_bytes\tIOPS\tIOPS_lo\tIOPS_hi\n", f);
		else
			fputs(bw ? "# bs_bytes\tMiB/s\tMB/s\n" : "# bs_bytes\tIOPS\n", f);
		for (b = 0; b < sum->nbs; b++) {
			const struct cell_result *r;

			if (se->cell[b] < 0)
				continue;
			r = &ctx->res->cells[se->cell[b]];
			if (!(gp_matrix_value(r, bw) > 0))
				continue;
			if (bw)
				fprintf(f, "%llu\t%.3f\t%.3f", (unsigned long long)r->cell.bs,
				    r->bw_bytes_s / MIB, r->bw_bytes_s / 1e6);
			else
				fprintf(f, "%llu\t%.1f", (unsigned long long)r->cell.bs, r->iops);
			if (spread)
				gp_spread_columns(f, r, bw);
			fputc('\n', f);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:2 ", block > 0 ? ", \\\n     " : "",
		    j->chart.stem, block);
		gp_style(plot, se);
		fputs(" title ", plot);
		report_gnuplot_quote(plot, se->name);
		if (spread)
			fprintf(plot, ", \\\n     '%s.dat' index %u using 1:2:%u:%u with yerrorbars "
			    "ls %u pt 0 notitle", j->chart.stem, block, bw ? 4 : 3, bw ? 5 : 4,
			    (unsigned)se->mode + 1);
		block++;
	}
	gp_caps(ctx->res, bw, plot, block == 0);
	fclose(f);
	j->data = buf;
}

/* latency.dat: per mode at its lowest depth, p50/p99/p99.9 in microseconds. */
static void
gp_latency(struct report_ctx *ctx, struct report_plot *j, FILE *plot)
{
	static const char *pct_name[] = { "p50", "p99", "p99.9" };
	static const unsigned pct_index[] = { 0, 2, 3 };	/* into sweep_percentiles */
	const struct summary *sum = ctx->sum;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned m, b, p, block = 0;

	fprintf(f, "# sweep latency: completion latency percentiles per mode at its lowest queue "
	    "depth; one block per mode (gnuplot index 0, 1, ...)\n");
	for (m = 0; m < sum->nmodes; m++) {
		int si = sum->modes[m].lat_series;
		const struct summary_series *se;
		unsigned rows = 0;

		if (si < 0)
			continue;
		se = &sum->series[si];
		for (b = 0; b < sum->nbs; b++)
			if (se->cell[b] >= 0 && ctx->res->cells[se->cell[b]].lat_pct_ns[0] > 0)
				rows++;
		if (rows == 0)
			continue;
		fprintf(f, "%s# index %u: %s\n# bs_bytes\tp50_us\tp99_us\tp99.9_us\n",
		    block > 0 ? "\n\n" : "", block, se->name);
		for (b = 0; b < sum->nbs; b++) {
			const struct cell_result *r;

			if (se->cell[b] < 0)
				continue;
			r = &ctx->res->cells[se->cell[b]];
			if (r->lat_pct_ns[0] == 0)
				continue;
			fprintf(f, "%llu", (unsigned long long)r->cell.bs);
			for (p = 0; p < 3; p++)
				/* %g: a null-engine latency of 40 ns is 0.04 us, not 0.0 (undefined on a log axis) */
				fprintf(f, "\t%g", (double)r->lat_pct_ns[pct_index[p]] / 1e3);
			fputc('\n', f);
		}
		for (p = 0; p < 3; p++) {
			char *title = xasprintf("%s %s", se->name, pct_name[p]);

			fprintf(plot, "%s'%s.dat' index %u using 1:%u with linespoints ls %u dt %u "
			    "pt %d title ", block > 0 || p > 0 ? ", \\\n     " : "", j->chart.stem,
			    block, p + 2, (unsigned)se->mode + 1, p == 0 ? 1 : p == 1 ? 2 : 3,
			    gp_points[p]);
			report_gnuplot_quote(plot, title);
			free(title);
		}
		block++;
	}
	fclose(f);
	j->data = buf;
}

/*
 * series-MODE.dat: every cell of the mode in run order, side by side on one
 * time axis; a block per depth x jobs (one colour each), cells split by a
 * blank line so that gnuplot does not join them.  A tic labels each run of
 * cells of one block size.
 */
static void
gp_series(struct report_ctx *ctx, struct report_plot *j, enum rw_mode mode, FILE *plot,
    char **xtics, char **xrange, FILE *marks)
{
	const struct results *res = ctx->res;
	const struct summary *sum = ctx->sum;
	char *buf = NULL, *tbuf = NULL, label[32];
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *t = open_memstream(&tbuf, &tlen);
	double *start = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *start);
	double x = 0, run_start = 0;
	uint64_t run_bs = 0;
	unsigned i, s, block = 0, ntics = 0;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->cell.mode != mode || !report_has_figures(r) || r->nseries == 0)
			continue;
		if (r->cell.bs != run_bs) {
			if (run_bs != 0)
				fprintf(t, "%s\"%s\" %.1f", ntics++ > 0 ? ", " : "",
				    report_size_label(run_bs, label, sizeof label), (run_start + x) / 2);
			run_bs = r->cell.bs;
			run_start = x;
		}
		start[i] = x;
		if (sum->burst != NULL && (sum->burst[i].kind == BURST_CLIFF ||
		    sum->burst[i].kind == BURST_DECLINE)) {
			double at = x + sum->burst[i].at_s;
			char *label = xasprintf("%s after %u s", sum->burst[i].kind == BURST_CLIFF ?
			    "burst credits out?" : "decline", sum->burst[i].at_s);

			fprintf(marks, "set arrow from %.1f, graph 0 to %.1f, graph 1 nohead lc rgb "
			    "\"#b00020\" lw 1.5 dt 3\nset label ", at, at);
			report_gnuplot_quote(marks, label);
			fprintf(marks, " at %.1f, graph 0.97 offset 0.5, 0 tc rgb \"#b00020\"\n", at);
			free(label);
		}
		x += r->nseries;
	}
	if (run_bs != 0)
		fprintf(t, "%s\"%s\" %.1f", ntics++ > 0 ? ", " : "",
		    report_size_label(run_bs, label, sizeof label), (run_start + x) / 2);
	fprintf(f, "# sweep %s: IOPS per second of every %s cell, cells side by side in run "
	    "order; one block per queue depth (gnuplot index 0, 1, ...)\n", j->chart.stem,
	    mode_name(mode));
	for (s = 0; s < sum->nseries; s++) {
		const struct summary_series *se = &sum->series[s];
		unsigned rows = 0, v;

		if (se->mode != mode)
			continue;
		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];
			unsigned k;

			if (r->cell.mode != mode || r->cell.depth != se->depth ||
			    r->cell.jobs != se->jobs || !report_has_figures(r) || r->nseries == 0)
				continue;
			if (rows == 0)
				fprintf(f, "%s# index %u: %s\n# second\tIOPS\tbs_bytes\n",
				    block > 0 ? "\n\n" : "", block, se->name);
			else
				fputc('\n', f);
			for (k = 0; k < r->nseries; k++)
				fprintf(f, "%.1f\t%llu\t%llu\n", start[i] + k + 0.5,
				    (unsigned long long)r->series_ios[k], (unsigned long long)r->cell.bs);
			rows++;
		}
		if (rows == 0)
			continue;
		v = se->variant;
		fprintf(plot, "%s'%s.dat' index %u using 1:($2 > 0 ? $2 : NaN) with linespoints "
		    "ls %u dt %u pt %d title ", block > 0 ? ", \\\n     " : "", j->chart.stem, block,
		    v % 8 + 1, v % 5 + 1, gp_points[v % (sizeof gp_points / sizeof gp_points[0])]);
		report_gnuplot_quote(plot, se->name);
		block++;
	}
	gp_caps(res, false, plot, block == 0);
	fclose(f);
	fclose(t);
	j->data = buf;
	if (ntics == 0) {
		free(tbuf);
		tbuf = xasprintf("\"0\" 0");
	}
	*xtics = tbuf;
	*xrange = xasprintf("[0:%g]", x > 0 ? x : 1);
	free(start);
}

/* Build one chart's script and data in memory. */
static int
gp_build(struct report_ctx *ctx, struct report_plot *j, enum rw_mode mode)
{
	char *plot = NULL, *xtics = NULL, *xrange = NULL, *title, *what, *marks = NULL;
	size_t len = 0, mlen = 0;
	FILE *f = open_memstream(&plot, &len), *mf = open_memstream(&marks, &mlen);
	struct report_gp_key keys[7];

	if (strcmp(j->tmpl, "series") == 0) {
		gp_series(ctx, j, mode, f, &xtics, &xrange, mf);
		what = xasprintf("%s IOPS per second, every cell in run order", mode_name(mode));
	} else {
		report_gnuplot_bs_axis(ctx->sum->bs, ctx->sum->nbs, &xtics, &xrange);
		if (strcmp(j->tmpl, "latency") == 0)
			gp_latency(ctx, j, f);
		else
			gp_matrix(ctx, j, strcmp(j->tmpl, "bw") == 0, f);
		what = xstrdup(j->chart.title);
	}
	fclose(f);
	fclose(mf);
	title = gp_title(ctx->res, what);
	free(what);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[3] = (struct report_gp_key){ "@PLOT@", plot };
	keys[4] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[5] = (struct report_gp_key){ "@MARKS@", marks };
	/* A note and the bars' style where the charts draw the rounds' spread; else nothing. */
	keys[6] = (struct report_gp_key){ "@BARS@", gp_has_rounds(ctx->res) ?
	    "# --repeat: each point is a cell's median round; its error bar is the interval of the\n"
	    "# median of its rounds (columns 3-4 of iops.dat, 4-5 of bw.dat).\nset bars small\n" :
	    "" };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 7);
	free(plot);
	free(marks);
	free(xtics);
	free(xrange);
	free(title);
	return j->script != NULL ? 0 : -ENOENT;
}

/*
 * Caller frees: templates/NAME.gp with each key replaced by its value, or
 * NULL with the reason in ctx->error.
 */
char *
report_gnuplot_script(struct report_ctx *ctx, const char *name, const struct report_gp_key *keys,
    unsigned nkeys)
{
	char *tmpl = gp_template(ctx, name), *script;

	if (tmpl == NULL)
		return NULL;
	script = gp_fill(tmpl, keys, nkeys);
	free(tmpl);
	return script;
}

/* Write DIR/STEM.EXT whole or not at all; the message goes to ctx->error. */
static int
gp_save(struct report_ctx *ctx, const char *stem, const char *ext, const char *text)
{
	char *path = xasprintf("%s/%s.%s", ctx->dir, stem, ext);
	int err = write_file_atomic(path, text, strlen(text));

	if (err != 0)
		snprintf(ctx->error, sizeof ctx->error, "%s: %s", path, strerror(-err));
	free(path);
	return err;
}

/* Caller frees: gnuplot's path (--gnuplot PATH, a name on PATH, or "gnuplot"), NULL if none. */
char *
report_gnuplot_find(const char *want)
{
	const char *name = want != NULL ? want : "gnuplot", *path = getenv("PATH"), *p;
	struct stat st;

	if (strchr(name, '/') != NULL) {
		if (stat(name, &st) == 0 && S_ISREG(st.st_mode) && access(name, X_OK) == 0)
			return xstrdup(name);
		return NULL;
	}
	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	for (p = path; ; ) {
		const char *end = strchr(p, ':');
		size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
		char *cand = n > 0 ? xasprintf("%.*s/%s", (int)n, p, name) : xasprintf("./%s", name);

		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0)
			return cand;
		free(cand);
		if (end == NULL)
			break;
		p = end + 1;
	}
	return NULL;
}

/* Start gnuplot on one chart in dir; stdout and stderr go to .STEM.gnuplot.log. */
static int
gp_spawn(const char *gnuplot, const char *dir, struct report_plot *j, const char *formats)
{
	char *script = xasprintf("%s.gp", j->chart.stem);
	char *log = xasprintf(".%s.gnuplot.log", j->chart.stem);
	char *vars = xasprintf("formats='%s'; sweep_tmp='" GNUPLOT_TMP "'", formats);
	char *argv[] = { (char *)gnuplot, (char *)"-e", vars, script, NULL };
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		/*
		 * The child: only async-signal-safe calls until exec.  Its own
		 * process group lets a timeout (or ^C, through gp_wait) kill it
		 * with anything it started.
		 */
		int fd;

		setpgid(0, 0);
		if (chdir(dir) != 0)
			_exit(126);
		fd = open("/dev/null", O_RDONLY);
		if (fd >= 0) {
			dup2(fd, 0);
			close(fd);
		}
		fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execv(gnuplot, argv);
		_exit(127);
	}
	free(script);
	free(log);
	free(vars);
	if (pid < 0)
		return -errno;
	setpgid(pid, pid);
	j->pid = pid;
	return 0;
}

/* Seconds gnuplot may take for all charts: $SWEEP_GNUPLOT_TIMEOUT, else GNUPLOT_TIMEOUT_S. */
static unsigned
gp_timeout_s(void)
{
	const char *env = getenv("SWEEP_GNUPLOT_TIMEOUT");
	uint64_t v;

	if (env != NULL && parse_uint(env, 1, 3600, &v) == 0)
		return (unsigned)v;
	return GNUPLOT_TIMEOUT_S;
}

/* Wait for every started job until the deadline or an interrupt; kill what is left. */
static void
gp_wait(struct report_plot *jobs, unsigned n)
{
	uint64_t deadline = now_ns() + gp_timeout_s() * NSEC_PER_SEC;
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	unsigned i, left;

	for (;;) {
		for (left = 0, i = 0; i < n; i++) {
			if (jobs[i].pid <= 0 || jobs[i].done)
				continue;
			if (waitpid(jobs[i].pid, &jobs[i].status, WNOHANG) == jobs[i].pid)
				jobs[i].done = true;
			else
				left++;
		}
		if (left == 0 || now_ns() > deadline || sweep_interrupted)
			break;
		nanosleep(&nap, NULL);
	}
	for (i = 0; i < n; i++) {
		if (jobs[i].pid <= 0 || jobs[i].done)
			continue;
		kill(-jobs[i].pid, SIGKILL);
		waitpid(jobs[i].pid, &jobs[i].status, 0);
		jobs[i].status = sweep_interrupted ? -2 : -1;	/* interrupted, timed out */
		jobs[i].done = true;
	}
}

/* The last non-empty line of a gnuplot log, for an error message. */
static void
gp_log_tail(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	char line[512];

	buf[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		size_t n = strlen(line);

		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == ' ' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n > 0 && strncmp(line, "WARNING", 7) != 0)
			str_copy(buf, len, line);
	}
	fclose(f);
}

/* After a job: move its outputs into place, or clean up and say why it failed. */
static int
gp_finish(struct report_ctx *ctx, struct report_plot *j, const char **fmts, unsigned nfmts)
{
	char *log = xasprintf("%s/.%s.gnuplot.log", ctx->dir, j->chart.stem), *why = NULL;
	unsigned f;
	int err = 0;

	if (j->status == -2)
		why = xstrdup("interrupted");
	else if (j->status == -1)
		why = xasprintf("gnuplot killed after %u s", gp_timeout_s());
	else if (!WIFEXITED(j->status) || WEXITSTATUS(j->status) != 0) {
		char tail[256];

		gp_log_tail(log, tail, sizeof tail);
		if (WIFEXITED(j->status) && WEXITSTATUS(j->status) == 127)
			why = xstrdup("could not run gnuplot");
		else
			why = xasprintf("gnuplot failed: %s", tail[0] ? tail : "no message");
	}
	for (f = 0; f < nfmts; f++) {
		char *tmp = xasprintf("%s/" GNUPLOT_TMP "%s.%s", ctx->dir, j->chart.stem, fmts[f]);
		char *dst = xasprintf("%s/%s.%s", ctx->dir, j->chart.stem, fmts[f]);
		struct stat st;

		if (why == NULL && (stat(tmp, &st) != 0 || st.st_size == 0))
			why = xasprintf("gnuplot wrote no %s.%s", j->chart.stem, fmts[f]);
		if (why == NULL && rename(tmp, dst) != 0)
			why = xasprintf("rename to %s: %s", dst, strerror(errno));
		unlink(tmp);
		free(tmp);
		free(dst);
	}
	if (why != NULL) {
		char *msg = xasprintf("%s/%s.gp: %s (log: %s)", ctx->dir, j->chart.stem, why, log);

		str_copy(ctx->error, sizeof ctx->error, msg);
		free(msg);
		free(why);
		err = -EIO;
	} else
		unlink(log);
	free(log);
	return err;
}

/*
 * Write each chart's .dat and .gp into ctx->dir, then render the formats of
 * ctx->mask (png, svg) with one gnuplot process per chart, all at once.
 * Without gnuplot the charts stay as .gp/.dat and ctx->chart_note says
 * why; that is not an error.  Sets ctx->rendered when every chart rendered.
 */
int
report_gnuplot_render(struct report_ctx *ctx, struct report_plot *jobs, unsigned n)
{
	const char *fmts[2];
	char *gnuplot = NULL, formats[16] = "";
	unsigned i, nfmts = 0;
	int err = 0;

	for (i = 0; i < n && err == 0; i++) {
		err = gp_save(ctx, jobs[i].chart.stem, "dat", jobs[i].data);
		if (err == 0)
			err = gp_save(ctx, jobs[i].chart.stem, "gp", jobs[i].script);
	}
	if (err != 0)
		return err;
	if (ctx->mask & REPORT_PNG)
		fmts[nfmts++] = "png";
	if (ctx->mask & REPORT_SVG)
		fmts[nfmts++] = "svg";
	snprintf(formats, sizeof formats, "%s%s%s", nfmts > 0 ? fmts[0] : "", nfmts > 1 ? " " : "",
	    nfmts > 1 ? fmts[1] : "");
	gnuplot = report_gnuplot_find(ctx->gnuplot);
	if (gnuplot == NULL) {
		if (ctx->gnuplot != NULL)
			snprintf(ctx->chart_note, sizeof ctx->chart_note,
			    "--gnuplot %s is not an executable file", ctx->gnuplot);
		else
			snprintf(ctx->chart_note, sizeof ctx->chart_note, "gnuplot not found on PATH");
		sweep_warn("%s: charts written as .gp and .dat files only; render them with: "
		    "cd %s && " REPORT_GNUPLOT_ALL, ctx->chart_note, ctx->dir);
		return 0;
	}
	for (i = 0; i < n; i++) {
		int e = gp_spawn(gnuplot, ctx->dir, &jobs[i], formats);

		if (e != 0 && err == 0) {
			snprintf(ctx->error, sizeof ctx->error, "fork: %s", strerror(-e));
			err = e;
		}
	}
	gp_wait(jobs, n);
	for (i = 0; i < n; i++) {
		char saved[sizeof ctx->error];
		int e;

		if (jobs[i].pid <= 0)
			continue;
		memcpy(saved, ctx->error, sizeof saved);
		e = gp_finish(ctx, &jobs[i], fmts, nfmts);
		if (e != 0 && err == 0)
			err = e;
		else if (e != 0)
			memcpy(ctx->error, saved, sizeof saved);	/* keep the first message */
	}
	if (err == 0)
		ctx->rendered = ctx->mask & (REPORT_PNG | REPORT_SVG);
	else
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "gnuplot failed on some charts "
		    "(see the .gnuplot.log files)");
	free(gnuplot);
	return err;
}

/* The png and svg formats of a run's report: runs once even when both are asked. */
int
report_gnuplot_write(struct report_ctx *ctx)
{
	struct report_plot jobs[CHARTS_MAX];
	struct report_chart charts[CHARTS_MAX];
	unsigned n, i;
	int err = 0;

	if (ctx->charts_done)
		return 0;
	ctx->charts_done = true;
	n = report_gnuplot_charts(ctx->sum, charts, CHARTS_MAX);
	if (n == 0) {
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "no cell has figures to chart");
		return 0;
	}
	memset(jobs, 0, sizeof jobs);
	for (i = 0; i < n && err == 0; i++) {
		enum rw_mode mode = MODE_READ;

		jobs[i].chart = charts[i];
		if (strncmp(charts[i].stem, "series-", 7) == 0) {
			jobs[i].tmpl = "series";
			mode = (enum rw_mode)mode_parse(charts[i].stem + 7);
		} else
			jobs[i].tmpl = charts[i].stem;
		err = gp_build(ctx, &jobs[i], mode);
	}
	if (err == 0)
		err = report_gnuplot_render(ctx, jobs, n);
	for (i = 0; i < n; i++) {
		free(jobs[i].script);
		free(jobs[i].data);
	}
	return err;
}
