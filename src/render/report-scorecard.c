/*
 * The scorecard (templates/scorecard.gp): one compact picture of the tests
 * people paste into tickets, in the layout of CrystalDiskMark: a row per
 * tile (SEQ 1M Q8, SEQ 1M Q1, RND 4K Q32, RND 4K Q1), a column for read
 * and one for write, each with MB/s and IOPS, and p99 latency on the 4K
 * tiles.  The cells come from the summary (view_score_tiles); a tile the
 * run did not measure says so, and a tile from a cell with a caveat (not
 * steady, a failed BW check, a read never written) carries its marks in
 * its top right corner, explained in the footer.  The figures go to scorecard.dat too; the
 * picture is gnuplot labels and rectangles, every string from results.json
 * quoted with report_gnuplot_quote().
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

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
#define SC_MARK_COLOR	PALETTE_HEX(PALETTE_ALERT)	/* a tile's caveat marks, and their legend */
#define SC_BADGE_W	2.6	/* the corner badge's width per mark (3 bytes of UTF-8 each) */
#define SC_NEAR_COLOR	PALETTE_HEX(PALETTE_SC_NEAR)	/* a stand-in tile's label, and its legend */
#define SC_H		720.0	/* the card's height in pixels when the footer fits below the tiles */
#define SC_W		1100.0	/* its width (templates/scorecard.gp) */

/*
 * The objects being written.  Coordinates are percent of the 720-pixel
 * card; a footer longer than the room below the tiles makes the card
 * taller by extra pixels at the bottom, and every y is mapped onto it.
 */
struct sc_out {
	FILE	*f;
	double	 extra;
	double	 lat_max;	/* the largest p99 of the 4K tiles, us: one unit for all of them */
};

/*
 * What stands in for tile when its cell r is not the tile's own: "Q32 for
 * Q8", "512K for 1M", "512K Q32 for 1M Q8"; "" for the tile's own cell.
 */
static const char *
sc_stand_in(const struct score_tile *tile, const struct view_chart_point *c, char *buf,
    size_t len)
{
	char have[16], want[16];
	size_t i;

	buf[0] = '\0';
	size_short(c->bs, have, sizeof have);
	size_short(tile->bs, want, sizeof want);
	for (i = 0; have[i] != '\0'; i++)
		have[i] = (char)toupper((unsigned char)have[i]);
	for (i = 0; want[i] != '\0'; i++)
		want[i] = (char)toupper((unsigned char)want[i]);
	if (c->bs != tile->bs && c->depth != tile->depth)
		snprintf(buf, len, "%s Q%u for %s Q%u", have, c->depth, want, tile->depth);
	else if (c->bs != tile->bs)
		snprintf(buf, len, "%s for %s", have, want);
	else if (c->depth != tile->depth)
		snprintf(buf, len, "Q%u for Q%u", c->depth, tile->depth);
	return buf;
}

/* The caveats (VIEW_CAVEATS) of the tiles measured, together. */
static unsigned
sc_caveats(const struct report_ctx *ctx)
{
	unsigned t, k, f = 0;

	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			f |= ctx->view->chart->score[t][k].caveats;
	return f;
}

/*
 * MB/s as CrystalDiskMark writes it (two decimals below 100, one below
 * 10,000, then whole), with thousands separators.
 */
static const char *
sc_mbs(double mbs, char *buf, size_t len)
{
	return view_num(mbs, mbs < 100 ? 2 : mbs < 10000 ? 1 : 0, buf, len);
}

/*
 * A latency in microseconds with the unit of the card's largest (max_us:
 * µs below 10 ms, else ms), so that tiles side by side read in one unit:
 * "1,184 µs", "0.16 ms".
 */
static const char *
sc_lat(double us, double max_us, char *buf, size_t len)
{
	const char *unit;
	double div = report_gnuplot_lat_unit(max_us, &unit);

	view_num(us / div, us / div < 10 ? 2 : us / div < 100 ? 1 : 0, buf, len);
	str_catf(buf, len, " %s", unit);
	return buf;
}

/* y in percent of the 720-pixel card as a screen coordinate of the card drawn. */
static double
sc_y(const struct sc_out *o, double y)
{
	return (y * SC_H / 100 + o->extra) / (SC_H + o->extra);
}

/* A label of our own text (no quote in it) at x, y in screen percent. */
static void
sc_label(struct sc_out *o, const char *text, double x, double y, const char *align,
    const char *font, const char *color)
{
	fputs("set label ", o->f);
	report_gnuplot_quote(o->f, text);
	fprintf(o->f, " at screen %.4f, screen %.4f %s font \"%s\" tc rgb \"%s\" front\n", x / 100,
	    sc_y(o, y), align, font, color);
}

/* A filled rectangle in screen percent; dashed: its border dashed (a stand-in tile). */
static void
sc_box(struct sc_out *o, double x0, double y0, double x1, double y1, const char *fill,
    const char *border, bool dashed)
{
	fprintf(o->f, "set object rectangle from screen %.4f, screen %.4f to screen %.4f, screen "
	    "%.4f fillcolor rgb \"%s\" fillstyle solid 1.0 border lc rgb \"%s\" lw 2%s back\n",
	    x0 / 100, sc_y(o, y0), x1 / 100, sc_y(o, y1), fill, border, dashed ? " dt 2" : "");
}

/*
 * The figure of a value box in bold, right-aligned at y: 30 pt, smaller for
 * one of more than SC_FIGURE_CHARS characters ("31,215 MB/s", a null
 * engine's millions) so that it stays clear of the mode in the corner.
 */
#define SC_FIGURE_CHARS	10

static void
sc_figure(struct sc_out *o, const char *text, double x, double y)
{
	size_t n = strlen(text);
	char font[32];

	snprintf(font, sizeof font, "sans:Bold,%d", n > SC_FIGURE_CHARS ? (int)(30 *
	    SC_FIGURE_CHARS / n) < 18 ? 18 : (int)(30 * SC_FIGURE_CHARS / n) : 30);
	sc_label(o, text, x, y, "right", font, PALETTE_HEX(PALETTE_SC_FIGURE));
}

/* A tile the run has no cell near enough for: grey, "not measured (mode)". */
static void
sc_missing(struct sc_out *o, const struct score_tile *tile, unsigned k, double x0, double y0,
    double x1, double y1)
{
	char *line = xasprintf("not measured (%s)", mode_name(tile->mode[k]));

	sc_box(o, x0, y0, x1, y1, PALETTE_HEX(PALETTE_SC_MISSING_BOX),
	    PALETTE_HEX(PALETTE_SC_MISSING_EDGE), false);
	sc_label(o, line, (x0 + x1) / 2, (y0 + y1) / 2, "center", "sans,16",
	    PALETTE_HEX(PALETTE_SC_MISSING));
	free(line);
}

/*
 * The top left of a value box: the mode in its colour, and against an
 * expectation the tile's share of its cap (pct, 0 none: "· 30% of IOPS
 * cap", "· 98% of bw cap"); for a stand-in ("Q32 for Q8") the mode and what stands in, in
 * SC_NEAR_COLOR; for a failed cell that its figures are partial.
 */
static void
sc_corner(struct sc_out *o, const struct view_chart_point *r, const struct score_tile *tile,
    unsigned k, double x0, double y1, double pct)
{
	char near[48], share[48] = "", p[16], *line;

	sc_stand_in(tile, r, near, sizeof near);
	if (pct > 0)
		snprintf(share, sizeof share, " · %s of %s", view_pct(pct, false, p, sizeof p),
		    tile->bs >= MIB ? "bw cap" : "IOPS cap");
	if (r->status != CELL_OK)
		line = xasprintf("failed: partial figures%s%s", near[0] != '\0' ? "; " : "", near);
	else if (near[0] != '\0')
		line = xasprintf("%s: %s%s", mode_name(tile->mode[k]), near, share);
	else
		line = xasprintf("%s%s", mode_name(tile->mode[k]), share);
	sc_label(o, line, x0 + 1.5, y1 - SC_ROW_H * 0.2, "left", near[0] != '\0' ?
	    "sans:Bold,14" : "sans,14", r->status != CELL_OK ? PALETTE_HEX(PALETTE_ALERT) : near[0] != '\0' ?
	    SC_NEAR_COLOR : palette_mode_color(tile->mode[k]));
	free(line);
}

/* A row of scorecard.dat: the figures of tile t's mode k from cell r. */
static void
sc_dat(FILE *dat, const struct view_chart_point *r, unsigned t, unsigned k, const char *marks,
    bool marks_col)
{
	const struct score_tile *tile = &view_score_tiles[t];
	char bs[16];

	/* A p99 not given (an import) is NaN, gnuplot's missing value, not 0. */
	fprintf(dat, r->v[METRIC_P99_US] > 0 ? "%u\t%s\t%s\t%.3f\t%.1f\t%g" :
	    "%u\t%s\t%s\t%.3f\t%.1f\tNaN", t, tile->name, mode_name(tile->mode[k]),
	    r->v[METRIC_MB_S], r->v[METRIC_IOPS], r->v[METRIC_P99_US]);
	fprintf(dat, "\t%s Q%u", size_short(r->bs, bs, sizeof bs), r->depth);
	if (marks_col)
		fprintf(dat, "\t%s", marks[0] != '\0' ? marks : "-");
	fputc('\n', dat);
}

/*
 * One value box: tile t, column k (0 read, 1 write); a row of scorecard.dat,
 * with the tile's marks ("-" none) when marks_col.  A stand-in (the nearest
 * cell, view_score_fill) has a dashed border and says what it is.
 */
static void
sc_value(const struct report_ctx *ctx, struct sc_out *o, FILE *dat, unsigned t, unsigned k,
    bool marks_col)
{
	const struct score_tile *tile = &view_score_tiles[t];
	const struct view_chart_point *r = &ctx->view->chart->score[t][k];
	double x0 = SC_LEFT + SC_NAME_W + SC_GAP + k * (SC_COL_W + SC_GAP), x1 = x0 + SC_COL_W;
	double y1 = SC_TOP - t * (SC_ROW_H + SC_ROW_GAP), y0 = y1 - SC_ROW_H;
	char a[48], b[48], marks[VIEW_MARKS_LEN], *line;
	bool near, low;

	if (r->cell < 0) {
		sc_missing(o, tile, k, x0, y0, x1, y1);
		return;
	}
	near = r->bs != tile->bs || r->depth != tile->depth;
	sc_box(o, x0, y0, x1, y1, near ? PALETTE_HEX(PALETTE_SC_NEAR_BOX) : PALETTE_HEX(PALETTE_SC_BOX), palette_mode_color(tile->mode[k]),
	    near);
	/* The marks in a badge in the top right corner; the MB/s move down below it. */
	view_caveat_marks(r->caveats, "", marks, sizeof marks);
	if (marks[0] != '\0') {
		sc_box(o, x1 - SC_BADGE_W * strlen(marks) / 3, y1 - SC_ROW_H * 0.24, x1, y1,
		    PALETTE_HEX(PALETTE_MISMATCH_BG), SC_MARK_COLOR, false);
		sc_label(o, marks, x1 - SC_BADGE_W * strlen(marks) / 6, y1 - SC_ROW_H * 0.12,
		    "center", "sans:Bold,16", SC_MARK_COLOR);
	}
	low = marks[0] != '\0' || near || ctx->view->chart->score_pct[t][k] > 0;
	line = xasprintf("%s MB/s", sc_mbs(r->v[METRIC_MB_S], a, sizeof a));
	sc_figure(o, line, x1 - 2, y1 - SC_ROW_H * (low ? 0.48 : 0.36));
	free(line);
	if (tile->bs == 4 * KIB && r->v[METRIC_P99_US] > 0)
		line = xasprintf("%s IOPS   p99 %s", view_num(r->v[METRIC_IOPS], 0, a, sizeof a),
		    sc_lat(r->v[METRIC_P99_US], o->lat_max, b, sizeof b));
	else
		line = xasprintf("%s IOPS", view_num(r->v[METRIC_IOPS], 0, a, sizeof a));
	sc_label(o, line, x1 - 2, y0 + SC_ROW_H * (low ? 0.18 : 0.22), "right", "sans,16",
	    PALETTE_HEX(PALETTE_LABEL));
	free(line);
	sc_corner(o, r, tile, k, x0, y1, ctx->view->chart->score_pct[t][k]);
	sc_dat(dat, r, t, k, marks, marks_col);
}

/* The most lines of the footer: test, units, modes, stand-ins, marks (2), not measured (3). */
#define SC_FOOT_LINES	9

struct sc_foot {
	char		 text[SC_FOOT_LINES][VIEW_LEGEND_LEN + 32];
	const char	*color[SC_FOOT_LINES];
	unsigned	 n;
};

/* A line of the footer in color. */
static char *
sc_foot_line(struct sc_foot *ft, const char *color)
{
	ft->color[ft->n] = color;
	ft->text[ft->n][0] = '\0';
	return ft->text[ft->n++];
}

/* The test: the region's size, how long each cell measured, the rounds (the view's line). */
static void
sc_foot_test(const struct report_ctx *ctx, struct sc_foot *ft)
{
	snprintf(sc_foot_line(ft, PALETTE_HEX(PALETTE_KEY)), sizeof ft->text[0], "%s",
	    ctx->view->chart->score_test);
}

/* Which tiles the run did not measure, wrapped at SC_WRAP; nothing when it measured all. */
static void
sc_foot_missing(const struct report_ctx *ctx, struct sc_foot *ft)
{
	char item[64], *line = NULL;
	unsigned t, k, nmissing = 0;

	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++) {
			if (ctx->view->chart->score[t][k].cell >= 0)
				continue;
			if (line == NULL)
				strcpy(line = sc_foot_line(ft, PALETTE_HEX(PALETTE_ALERT)), "Not measured: ");
			snprintf(item, sizeof item, "%s%s %s", nmissing++ > 0 ? ", " : "",
			    view_score_tiles[t].name, mode_name(view_score_tiles[t].mode[k]));
			if (strlen(line) + strlen(item) > SC_WRAP && ft->n < SC_FOOT_LINES) {
				str_catf(line, sizeof ft->text[0], ",");
				line = sc_foot_line(ft, PALETTE_HEX(PALETTE_ALERT));
				str_copy(line, sizeof ft->text[0], item + 2);
			} else
				str_catf(line, sizeof ft->text[0], "%s", item);
		}
}

/*
 * The footer: the test, units, what a stand-in and the corner marks mean,
 * which tiles the run did not measure (wrapped).
 */
static void
sc_footer(const struct report_ctx *ctx, struct sc_foot *ft)
{
	const struct view_chart_point (*sc)[2] = ctx->view->chart->score;
	char legend[VIEW_LEGEND_LEN], *line, *sp;
	unsigned t, k;
	bool near = false;

	ft->n = 0;
	sc_foot_test(ctx, ft);
	strcpy(sc_foot_line(ft, PALETTE_HEX(PALETTE_KEY)), "MB/s = 1,000,000 bytes/s; IOPS; p99 = 99th "
	    "percentile completion latency.");
	strcpy(sc_foot_line(ft, PALETTE_HEX(PALETTE_KEY)), "SEQ: modes read and write at 1 MiB; RND: randread "
	    "and randwrite at 4 KiB; one job each.");
	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			near |= sc[t][k].cell >= 0 && (sc[t][k].bs != view_score_tiles[t].bs ||
			    sc[t][k].depth != view_score_tiles[t].depth);
	if (near)
		snprintf(sc_foot_line(ft, SC_NEAR_COLOR), sizeof ft->text[0], "Dashed tiles: the "
		    "nearest cell measured stands in (same mode; size, then depth; within %.0fx).",
		    exp2(VIEW_SCORE_NEAR_LOG2));
	if (view_caveat_legend(sc_caveats(ctx), legend, sizeof legend)[0] != '\0') {
		line = sc_foot_line(ft, SC_MARK_COLOR);
		snprintf(line, sizeof ft->text[0], "Corner marks: %s.", legend);
		/* the three marks' legend is too long for a line: after the second "; " */
		if (strlen(line) > SC_WRAP && (sp = strstr(line, "; ")) != NULL &&
		    (sp = strstr(sp + 2, "; ")) != NULL) {
			strcpy(sc_foot_line(ft, SC_MARK_COLOR), sp + 2);
			sp[1] = '\0';
		}
	}
	sc_foot_missing(ctx, ft);
}

/* The footer's lines below the tiles, SC_LINE apart, into the card's extra height. */
static void
sc_footer_draw(struct sc_out *o, const struct sc_foot *ft)
{
	unsigned i;

	for (i = 0; i < ft->n; i++)
		sc_label(o, ft->text[i], SC_LEFT, SC_FOOT - SC_LINE * i, "left", "sans,14",
		    ft->color[i]);
}

/* The tiles' names, the column heads, and every value box; the figures into dat. */
static void
sc_tiles(const struct report_ctx *ctx, struct sc_out *o, FILE *dat)
{
	unsigned t, k;
	bool marks_col = sc_caveats(ctx) != 0;

	for (k = 0; k < 2; k++)
		sc_label(o, k == 0 ? "Read" : "Write", SC_LEFT + SC_NAME_W + SC_GAP + k *
		    (SC_COL_W + SC_GAP) + SC_COL_W / 2, SC_TOP + 2.5, "center", "sans:Bold,18",
		    PALETTE_HEX(PALETTE_SC_HEAD));
	for (t = 0; t < SCORE_TILES; t++) {
		double y1 = SC_TOP - t * (SC_ROW_H + SC_ROW_GAP), y0 = y1 - SC_ROW_H;
		char name[32], *sp;

		sc_box(o, SC_LEFT, y0, SC_LEFT + SC_NAME_W, y1, PALETTE_HEX(PALETTE_SC_NAME),
		    PALETTE_HEX(PALETTE_SC_NAME), false);
		snprintf(name, sizeof name, "%s", view_score_tiles[t].name);
		sp = strrchr(name, ' ');	/* "SEQ 1M" above "Q8" */
		*sp = '\0';
		sc_label(o, name, SC_LEFT + SC_NAME_W / 2, y1 - SC_ROW_H * 0.36, "center",
		    "sans:Bold,24", PALETTE_HEX(PALETTE_WHITE));
		sc_label(o, sp + 1, SC_LEFT + SC_NAME_W / 2, y0 + SC_ROW_H * 0.24, "center",
		    "sans,18", PALETTE_HEX(PALETTE_WHITE));
		for (k = 0; k < 2; k++)
			sc_value(ctx, o, dat, t, k, marks_col);
	}
}

/*
 * Under the title: the volume against its spec in a word, red when below
 * it or above the cap (the card, the report's first picture, has the
 * figures and the whole name).  The line fits the card's width at 14
 * points, the charts' least: a profile's name too long for it is cut with
 * an ellipsis.
 */

static void
sc_verdict(const struct report_ctx *ctx, struct sc_out *o)
{
	const struct view_chart *vc = ctx->view->chart;
	const struct expect *e = &vc->expect;
	bool off = vc->verdict == EXPECT_BELOW || vc->verdict == EXPECT_ABOVE_CAP;
	const char *mark = view_verdict_mark(vc->verdict);
	char name[sizeof e->profile + 8], *line = NULL;
	double room = SC_W * (100 - 2 * SC_LEFT) / 100;
	size_t n;
	const int size = 14;

	if (!e->set)
		return;
	snprintf(name, sizeof name, "%s", e->profile[0] != '\0' ? e->profile : "its --expect caps");
	for (n = strlen(name); ; ) {
		free(line);
		line = xasprintf("Verdict against %s: %s%s%s", name, view_verdict_name(vc->verdict),
		    mark[0] != '\0' ? " " : "", mark);
		if (report_gnuplot_text_w(line, size, true) <= room || n == 0)
			break;
		while (n > 0 && ((unsigned char)name[--n] & 0xc0) == 0x80)
			;
		snprintf(name + n, sizeof name - n, "\u2026");
	}
	sc_label(o, line, 50, 89.4, "center", "sans:Bold,14", off ? PALETTE_HEX(PALETTE_ALERT) :
	    PALETTE_HEX(PALETTE_SC_NAME));
	free(line);
}

/*
 * The title, "LABEL: scorecard" above the target and date, in bold at 18
 * points, each line cut with an ellipsis where it would run past the card's
 * width (the card, the first picture, wraps the whole label); its font
 * into font.  Caller frees.
 */

static char *
sc_title(const struct view_chart *vc, char *font, size_t len)
{
	const char *lines[2] = { vc->title_run, vc->title_where };
	char *fit[2], *out = NULL;
	double room = SC_W * (100 - 2 * SC_LEFT) / 100;
	size_t olen = 0, n;
	const int size = 18;
	unsigned i;
	FILE *f;

	fit[0] = xasprintf("%s: scorecard", lines[0]);
	fit[1] = xstrdup(lines[1]);
	for (i = 0; i < 2; i++)
		for (n = strlen(fit[i]); n > 0 && report_gnuplot_text_w(fit[i], size, true) > room; ) {
			while (n > 0 && ((unsigned char)fit[i][--n] & 0xc0) == 0x80)
				;
			fit[i][n] = '\0';
			str_appendf(&fit[i], &n, "\u2026");
			n -= strlen("\u2026");
		}
	snprintf(font, len, "sans:Bold,%d", size);
	f = open_memstream(&out, &olen);
	report_gnuplot_quote(f, fit[0]);
	fputs(" . \"\\n\" . ", f);
	report_gnuplot_quote(f, fit[1]);
	fclose(f);
	free(fit[0]);
	free(fit[1]);
	return out;
}

/* scorecard.gp and scorecard.dat, in memory. */
int
report_scorecard_build(struct report_ctx *ctx, struct report_plot *j)
{
	char *obj = NULL, *data = NULL, *title, height[16];
	size_t olen = 0, dlen = 0;
	FILE *df = open_memstream(&data, &dlen);
	struct sc_out o = { .f = open_memstream(&obj, &olen) };
	struct sc_foot *ft = xcalloc(1, sizeof *ft);
	struct report_gp_key keys[5];
	char title_font[32];
	unsigned t, k;

	sc_footer(ctx, ft);
	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			if (view_score_tiles[t].bs == 4 * KIB && ctx->view->chart->score[t][k].cell >= 0 &&
			    ctx->view->chart->score[t][k].v[METRIC_P99_US] > o.lat_max)
				o.lat_max = ctx->view->chart->score[t][k].v[METRIC_P99_US];
	/* The last line 2.5 % above the bottom (its middle), or the card grows below. */
	if (SC_FOOT - SC_LINE * (ft->n - 1) < 2.5)
		o.extra = (2.5 - (SC_FOOT - SC_LINE * (ft->n - 1))) * SC_H / 100;
	snprintf(height, sizeof height, "%.0f", SC_H + o.extra);
	fprintf(df, "# sweep scorecard: the tiles of %s, one row per tile and mode measured\n"
	    "# tile\tname\tmode\tMB/s\tIOPS\tp99_us\tmeasured%s\n", j->chart.stem,
	    sc_caveats(ctx) != 0 ? "\tmarks" : "");
	sc_tiles(ctx, &o, df);
	sc_footer_draw(&o, ft);
	sc_verdict(ctx, &o);
	fclose(o.f);
	fclose(df);
	free(ft);
	title = sc_title(ctx->view->chart, title_font, sizeof title_font);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@OBJECTS@", obj };
	keys[2] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[3] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[4] = (struct report_gp_key){ "@TITLE_FONT@", title_font };
	j->script = report_gnuplot_script(ctx, "scorecard", keys, 5);
	j->data = data;
	free(obj);
	free(title);
	return j->script != NULL ? 0 : -ENOENT;
}
