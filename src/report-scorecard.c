/*
 * The scorecard (templates/scorecard.gp): one compact picture of the tests
 * people paste into tickets, in the layout of CrystalDiskMark: a row per
 * tile (SEQ 1M Q8, SEQ 1M Q1, RND 4K Q32, RND 4K Q1), a column for read
 * and one for write, each with MB/s and IOPS, and p99 latency on the 4K
 * tiles.  The cells come from the summary (report_score_tiles); a tile the
 * run did not measure says so, and a tile from a cell with a caveat (not
 * steady, a failed BW check, a read never written) carries its marks in
 * its top right corner, explained in the footer.  The figures go to scorecard.dat too; the
 * picture is gnuplot labels and rectangles, every string from results.json
 * quoted with report_gnuplot_quote().
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "palette.h"
#include "report.h"

/* The layout, in screen percent (0..100 both ways). */
#define SC_LEFT		2.0	/* the tile names' column */
#define SC_NAME_W	22.0
#define SC_COL_W	36.0	/* read, write */
#define SC_GAP		1.5
#define SC_TOP		83.0	/* below the title and the column heads */
#define SC_ROW_H	14.5
#define SC_ROW_GAP	1.5
#define SC_FOOT		(SC_TOP - SCORE_TILES * (SC_ROW_H + SC_ROW_GAP) - 2.5)
#define SC_LINE		4.0	/* a footer line */
#define SC_WRAP		100	/* characters in a footer line */
#define SC_MARK_COLOR	"#b00020"	/* a tile's caveat marks, and their legend */
#define SC_BADGE_W	2.6	/* the corner badge's width per mark (3 bytes of UTF-8 each) */

/* The caveats (VIEW_CAVEATS) of the tiles measured, together. */
static unsigned
sc_caveats(const struct report_ctx *ctx)
{
	unsigned t, k, f = 0;

	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			f |= view_caveats(ctx->res, ctx->sum->score[t][k]);
	return f;
}

/* MB/s as CrystalDiskMark writes it: two decimals below 100, one below 10,000, then whole. */
static const char *
sc_mbs(double mbs, char *buf, size_t len)
{
	if (mbs < 100)
		snprintf(buf, len, "%.2f", mbs);
	else if (mbs < 10000)
		snprintf(buf, len, "%.1f", mbs);
	else
		report_num(mbs, 0, buf, len);
	return buf;
}

/* A latency in microseconds with its unit: microseconds below 10 ms, else milliseconds. */
static const char *
sc_lat(double us, char *buf, size_t len)
{
	const char *unit;
	double div = report_gnuplot_lat_unit(us, &unit);

	snprintf(buf, len, "%.*f %s", us / div < 10 ? 2 : us / div < 100 ? 1 : 0, us / div, unit);
	return buf;
}

/* A label of our own text (no quote in it) at x, y in screen percent. */
static void
sc_label(FILE *f, const char *text, double x, double y, const char *align, const char *font,
    const char *color)
{
	fputs("set label ", f);
	report_gnuplot_quote(f, text);
	fprintf(f, " at screen %.4f, screen %.4f %s font \"%s\" tc rgb \"%s\" front\n", x / 100,
	    y / 100, align, font, color);
}

/* A filled rectangle in screen percent. */
static void
sc_box(FILE *f, double x0, double y0, double x1, double y1, const char *fill, const char *border)
{
	fprintf(f, "set object rectangle from screen %.4f, screen %.4f to screen %.4f, screen %.4f "
	    "fillcolor rgb \"%s\" fillstyle solid 1.0 border lc rgb \"%s\" lw 2 back\n", x0 / 100,
	    y0 / 100, x1 / 100, y1 / 100, fill, border);
}

/*
 * One value box: tile t, column k (0 read, 1 write); a row of scorecard.dat,
 * with the tile's marks ("-" none) when marks_col.
 */
static void
sc_value(const struct report_ctx *ctx, FILE *obj, FILE *dat, unsigned t, unsigned k,
    bool marks_col)
{
	const struct score_tile *tile = &report_score_tiles[t];
	int c = ctx->sum->score[t][k];
	double x0 = SC_LEFT + SC_NAME_W + SC_GAP + k * (SC_COL_W + SC_GAP), x1 = x0 + SC_COL_W;
	double y1 = SC_TOP - t * (SC_ROW_H + SC_ROW_GAP), y0 = y1 - SC_ROW_H, xm = (x0 + x1) / 2;
	const char *color = palette_mode_color(tile->mode[k]);
	const struct cell_result *r;
	char a[48], b[48], marks[VIEW_MARKS_LEN], *line;

	if (c < 0) {
		sc_box(obj, x0, y0, x1, y1, "#f2f2f2", "#bbbbbb");
		line = xasprintf("not measured (%s)", mode_name(tile->mode[k]));
		sc_label(obj, line, xm, (y0 + y1) / 2, "center", "sans,16", "#888888");
		free(line);
		return;
	}
	r = &ctx->res->cells[c];
	sc_box(obj, x0, y0, x1, y1, "#f7fafc", color);
	/* The marks in a badge in the top right corner; the MB/s move down below it. */
	view_caveat_marks(view_caveats(ctx->res, c), "", marks, sizeof marks);
	if (marks[0] != '\0') {
		sc_box(obj, x1 - SC_BADGE_W * strlen(marks) / 3, y1 - SC_ROW_H * 0.24, x1, y1,
		    "#fde2e2", SC_MARK_COLOR);
		sc_label(obj, marks, x1 - SC_BADGE_W * strlen(marks) / 6, y1 - SC_ROW_H * 0.12,
		    "center", "sans:Bold,16", SC_MARK_COLOR);
	}
	line = xasprintf("%s MB/s", sc_mbs(r->bw_bytes_s / 1e6, a, sizeof a));
	sc_label(obj, line, x1 - 2, y1 - SC_ROW_H * (marks[0] != '\0' ? 0.46 : 0.36), "right",
	    "sans:Bold,30", "#111111");
	free(line);
	if (tile->bs == 4 * KIB && r->lat_pct_ns[2] > 0)
		line = xasprintf("%s IOPS   p99 %s", report_num(r->iops, 0, a, sizeof a),
		    sc_lat((double)r->lat_pct_ns[2] / 1e3, b, sizeof b));
	else
		line = xasprintf("%s IOPS", report_num(r->iops, 0, a, sizeof a));
	sc_label(obj, line, x1 - 2, y0 + SC_ROW_H * 0.22, "right", "sans,16", "#333333");
	free(line);
	sc_label(obj, r->status != CELL_OK ? "failed: partial figures" : mode_name(tile->mode[k]),
	    x0 + 1.5, y1 - SC_ROW_H * 0.2, "left", "sans,14", r->status != CELL_OK ? "#b00020" :
	    color);
	/* A p99 not given (an import) is NaN, gnuplot's missing value, not 0. */
	fprintf(dat, r->lat_pct_ns[2] > 0 ? "%u\t%s\t%s\t%.3f\t%.1f\t%g" :
	    "%u\t%s\t%s\t%.3f\t%.1f\tNaN", t, tile->name, mode_name(tile->mode[k]),
	    r->bw_bytes_s / 1e6, r->iops, (double)r->lat_pct_ns[2] / 1e3);
	if (marks_col)
		fprintf(dat, "\t%s", marks[0] != '\0' ? marks : "-");
	fputc('\n', dat);
}

/* The most lines of the footer: units, modes, the marks' legend, not measured (3 at most). */
#define SC_FOOT_LINES	8

/*
 * The footer: units, what the corner marks mean, which tiles the run did
 * not measure (wrapped); closer together when they would not fit below
 * the tiles otherwise.
 */
static void
sc_footer(const struct report_ctx *ctx, FILE *obj)
{
	char text[SC_FOOT_LINES][VIEW_LEGEND_LEN + 32], item[64], legend[VIEW_LEGEND_LEN];
	const char *color[SC_FOOT_LINES];
	char *sp;
	unsigned t, k, i, nmissing = 0, n = 2;
	double step;

	snprintf(text[0], sizeof text[0], "MB/s = 10^6 bytes/s; IOPS; p99 = 99th percentile "
	    "completion latency.");
	snprintf(text[1], sizeof text[1], "SEQ: modes read and write at 1 MiB; RND: randread and "
	    "randwrite at 4 KiB; one job each.");
	color[0] = color[1] = "#444444";
	if (view_caveat_legend(sc_caveats(ctx), legend, sizeof legend)[0] != '\0') {
		snprintf(text[n], sizeof text[n], "Corner marks: %s.", legend);
		color[n++] = SC_MARK_COLOR;
		/* the three marks' legend is too long for a line: after the second "; " */
		if (strlen(text[n - 1]) > SC_WRAP && (sp = strstr(text[n - 1], "; ")) != NULL &&
		    (sp = strstr(sp + 2, "; ")) != NULL) {
			snprintf(text[n], sizeof text[n], "%s", sp + 2);
			sp[1] = '\0';
			color[n++] = SC_MARK_COLOR;
		}
	}
	snprintf(text[n], sizeof text[n], "Not measured: ");
	color[n] = "#b00020";
	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++) {
			if (ctx->sum->score[t][k] >= 0)
				continue;
			snprintf(item, sizeof item, "%s%s %s", nmissing++ > 0 ? ", " : "",
			    report_score_tiles[t].name, mode_name(report_score_tiles[t].mode[k]));
			if (strlen(text[n]) + strlen(item) > SC_WRAP && n + 1 < SC_FOOT_LINES) {
				strcat(text[n], ",");
				snprintf(text[++n], sizeof text[n], "%s", item + 2);
				color[n] = "#b00020";
			} else
				strcat(text[n], item);
		}
	n += nmissing > 0;
	step = n > 1 && SC_FOOT - SC_LINE * (n - 1) < 1.5 ? (SC_FOOT - 1.5) / (n - 1) : SC_LINE;
	for (i = 0; i < n; i++)
		sc_label(obj, text[i], SC_LEFT, SC_FOOT - step * i, "left", "sans,14", color[i]);
}

/* The tiles' names, the column heads, and every value box; the figures into dat. */
static void
sc_tiles(const struct report_ctx *ctx, FILE *obj, FILE *dat)
{
	unsigned t, k;
	bool marks_col = sc_caveats(ctx) != 0;

	for (k = 0; k < 2; k++)
		sc_label(obj, k == 0 ? "Read" : "Write", SC_LEFT + SC_NAME_W + SC_GAP + k *
		    (SC_COL_W + SC_GAP) + SC_COL_W / 2, SC_TOP + 2.5, "center", "sans:Bold,18",
		    "#222222");
	for (t = 0; t < SCORE_TILES; t++) {
		double y1 = SC_TOP - t * (SC_ROW_H + SC_ROW_GAP), y0 = y1 - SC_ROW_H;
		char name[32], *sp;

		sc_box(obj, SC_LEFT, y0, SC_LEFT + SC_NAME_W, y1, "#2e5e4e", "#2e5e4e");
		snprintf(name, sizeof name, "%s", report_score_tiles[t].name);
		sp = strrchr(name, ' ');	/* "SEQ 1M" above "Q8" */
		*sp = '\0';
		sc_label(obj, name, SC_LEFT + SC_NAME_W / 2, y1 - SC_ROW_H * 0.36, "center",
		    "sans:Bold,24", "#ffffff");
		sc_label(obj, sp + 1, SC_LEFT + SC_NAME_W / 2, y0 + SC_ROW_H * 0.24, "center",
		    "sans,18", "#ffffff");
		for (k = 0; k < 2; k++)
			sc_value(ctx, obj, dat, t, k, marks_col);
	}
}

/* Under the title: the volume against its spec, red when below it or above the cap. */
static void
sc_verdict(const struct report_ctx *ctx, FILE *obj)
{
	const struct expect *e = &ctx->res->expect;
	bool off = ctx->sum->verdict == EXPECT_BELOW || ctx->sum->verdict == EXPECT_ABOVE_CAP;
	char *line;

	if (!e->set)
		return;
	line = xasprintf("Verdict against %s: %s", e->profile[0] != '\0' ? e->profile :
	    "its --expect caps", ctx->sum->verdict_text);
	sc_label(obj, line, 50, 89.6, "center", "sans:Bold,12", off ? "#b00020" : "#2e5e4e");
	free(line);
}

/* scorecard.gp and scorecard.dat, in memory. */
int
report_scorecard_build(struct report_ctx *ctx, struct report_plot *j)
{
	char *obj = NULL, *data = NULL, *title;
	size_t olen = 0, dlen = 0;
	FILE *of = open_memstream(&obj, &olen), *df = open_memstream(&data, &dlen);
	struct report_gp_key keys[3];

	fprintf(df, "# sweep scorecard: the tiles of %s, one row per tile and mode measured\n"
	    "# tile\tname\tmode\tMB/s\tIOPS\tp99_us%s\n", j->chart.stem, sc_caveats(ctx) != 0 ?
	    "\tmarks" : "");
	sc_tiles(ctx, of, df);
	sc_footer(ctx, of);
	sc_verdict(ctx, of);
	fclose(of);
	fclose(df);
	title = report_gnuplot_title(ctx->res, "scorecard");
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@OBJECTS@", obj };
	keys[2] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	j->script = report_gnuplot_script(ctx, "scorecard", keys, 3);
	j->data = data;
	free(obj);
	free(title);
	return j->script != NULL ? 0 : -ENOENT;
}
