/*
 * The bottom line as the first picture of a report (templates/card.gp):
 * the volume's verdict, a block per workload (its name and verdict word,
 * its IOPS and MiB/s against the caps, its QD1 4K p99 and the cells it
 * rests on) and the diagnosis, from the card (view-card.c).  Text flows
 * left to right and wraps at words (a word wider than the card is cut), at
 * widths per character no narrower than DejaVu Sans draws them
 * (gc_char_w()), so no label leaves the canvas or meets another at any
 * label, profile or mode name length; the card grows downwards.
 * Positions are written in pixels over CARD_W and CARD_H, so a reader (and
 * tests/card.sh) sees them as laid out.  Every string from results.json is
 * quoted with report_gnuplot_quote().
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

#define GC_W		1100	/* pixels */
#define GC_LEFT		24.0
#define GC_RIGHT	(GC_W - 24.0)
#define GC_BOLD		1.12	/* bold is this much wider (bold "W" 21 px to "M" 15.9) */
#define GC_LINE_H	20.0	/* px of a line of text at 14 pt */
#define GC_GAP		18.0	/* between two items on a line */
#define GC_BAR		8.0	/* a workload's colour bar */
#define GC_INDENT	(GC_LEFT + GC_BAR + 14.0)

/* The text being laid out: the objects' file, where the next item goes. */
struct gc_flow {
	FILE	*f;
	double	 x, y;		/* the next item's left, the line's top (px) */
	double	 indent;	/* where a line starts */
	double	 line_h;	/* the tallest item on the line so far */
};

/*
 * The width of a character at 14 pt, no narrower than DejaVu Sans draws it
 * (measured with pngcairo: "M" 15.9 px, "0" 11.8, bold "0" 12.9, bold "W"
 * 21): narrow marks, lower case, digits, capitals, and the widest
 * (m, w, M, W, @, %, and any other script or symbol).
 */
static double
gc_char_w(const char *c)
{
	unsigned char u = (unsigned char)*c;

	if (u >= 0x80 || strchr("mwMW@%", u) != NULL)
		return 18.0;
	if (strchr(" .,:;'|!ijlIft()[]-/", u) != NULL)
		return 7.5;
	if (u >= 'A' && u <= 'Z')
		return 14.5;
	if (u >= '0' && u <= '9')
		return 12.0;
	return 11.0;
}

/* A text's width in pixels at size points, bold or not, no narrower than pngcairo draws it. */
double
report_gnuplot_text_w(const char *s, int size, bool bold)
{
	double w = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w += gc_char_w(s);
	return w * size / 14.0 * (bold ? GC_BOLD : 1.0);
}

/* The next line. */
static void
gc_newline(struct gc_flow *fl)
{
	fl->y += fl->line_h > 0 ? fl->line_h : GC_LINE_H;
	fl->x = fl->indent;
	fl->line_h = 0;
}

/* One label of at most the line's width at x, on the current line. */
static void
gc_label(struct gc_flow *fl, const char *text, int size, bool bold, const char *color)
{
	double h = GC_LINE_H * size / 14.0 + 8;

	fputs("set label ", fl->f);
	report_gnuplot_quote(fl->f, text);
	fprintf(fl->f, " at screen %.1f / CARD_W, screen 1 - %.1f / CARD_H left font \"sans%s,%d\" "
	    "tc rgb \"%s\" front\n", fl->x, fl->y + h / 2, bold ? ":Bold" : "", size, color);
	fl->x += report_gnuplot_text_w(text, size, bold) + GC_GAP;
	if (h > fl->line_h)
		fl->line_h = h;
}

/*
 * An item: on the current line when it fits, else on the next; one wider
 * than a line is cut at words (a word wider than a line, at the line's
 * width) into lines of its own.
 */
static void
gc_item(struct gc_flow *fl, const char *text, int size, bool bold, const char *color)
{
	size_t len = strlen(text) + 1, b, best, prev;
	char *piece = xmalloc(len);
	const char *p = text;

	if (fl->x > fl->indent && fl->x + report_gnuplot_text_w(text, size, bold) > GC_RIGHT)
		gc_newline(fl);
	while (report_gnuplot_text_w(p, size, bold) > GC_RIGHT - fl->x) {
		/* the longest piece that fits, ending before a space when one does */
		for (b = 0, best = 0, prev = 0; p[b] != '\0'; ) {
			size_t nb = b + 1;

			while (((unsigned char)p[nb] & 0xc0) == 0x80)
				nb++;
			snprintf(piece, len, "%.*s", (int)nb, p);
			if (report_gnuplot_text_w(piece, size, bold) > GC_RIGHT - fl->x)
				break;
			b = nb;
			if (p[b] == ' ') {
				prev = best;
				best = b;
			}
		}
		/* no mark or short word alone on the last line ("↑"): break a word earlier */
		if (prev > 0 && utf8_chars(p + best + 1) <= 2)
			best = prev;
		if (best == 0)
			best = b > 0 ? b : 1;	/* no space: cut the word (one character at least) */
		snprintf(piece, len, "%.*s", (int)best, p);
		gc_label(fl, piece, size, bold, color);
		gc_newline(fl);
		for (p += best; *p == ' '; p++)
			;
	}
	if (*p != '\0')
		gc_label(fl, p, size, bold, color);
	free(piece);
}

/* A filled rectangle between pixels x0..x1, y0..y1 (from the top). */
static void
gc_box(FILE *f, double x0, double y0, double x1, double y1, const char *fill, const char *border)
{
	fprintf(f, "set object rectangle from screen %.1f / CARD_W, screen 1 - %.1f / CARD_H to "
	    "screen %.1f / CARD_W, screen 1 - %.1f / CARD_H fillcolor rgb \"%s\" fillstyle solid 1.0 "
	    "border lc rgb \"%s\" lw 1 back\n", x0, y1, x1, y0, fill, border);
}

/* The colour of a verdict class (report.html's): green, amber, grey, red; dark grey none. */
static const char *
gc_class_color(const char *cls)
{
	if (cls == NULL)
		return PALETTE_HEX(PALETTE_LABEL);
	if (strcmp(cls, "ok") == 0)
		return PALETTE_HEX(PALETTE_PASS);
	if (strcmp(cls, "above") == 0)
		return PALETTE_HEX(PALETTE_ABOVE);
	if (strcmp(cls, "fail") == 0)
		return PALETTE_HEX(PALETTE_ALERT);
	return PALETTE_HEX(PALETTE_KEY);
}

/* A workload's block: its colour bar, name and verdict, figures, latency and cells. */
static void
gc_mode(struct gc_flow *fl, const struct view_card_mode *cm)
{
	const char *mark = view_verdict_mark(cm->verdict);
	double top = fl->y;
	char *word;

	fl->y += 6;
	fl->indent = fl->x = GC_INDENT;
	gc_item(fl, cm->name, 18, true, cm->color);
	if (cm->word != NULL) {
		word = xasprintf("%s%s%s", cm->word, mark[0] != '\0' ? " " : "", mark);
		gc_item(fl, word, 18, true, gc_class_color(cm->cls));
		free(word);
	}
	gc_newline(fl);
	gc_item(fl, cm->iops_text, 16, true, PALETTE_HEX(PALETTE_SC_FIGURE));
	gc_item(fl, cm->bw_text, 16, true, PALETTE_HEX(PALETTE_SC_FIGURE));
	gc_newline(fl);
	gc_item(fl, cm->lat_text, 14, false, PALETTE_HEX(PALETTE_LABEL));
	gc_item(fl, cm->cells_text, 14, false, PALETTE_HEX(PALETTE_KEY));
	gc_newline(fl);
	fl->y += 4;
	gc_box(fl->f, GC_LEFT, top, GC_RIGHT, fl->y, PALETTE_HEX(PALETTE_SC_BOX), PALETTE_HEX(PALETTE_CARD_EDGE));
	gc_box(fl->f, GC_LEFT, top, GC_LEFT + GC_BAR, fl->y, cm->color, cm->color);
	fl->y += 10;
}

/* The card's objects and labels into fl; its height in pixels. */
static double
gc_layout(const struct report_ctx *ctx, struct gc_flow *fl)
{
	const struct view_card *c = ctx->view->card;
	char *line;
	unsigned m;

	fl->y = 14;
	fl->indent = fl->x = GC_LEFT;
	gc_item(fl, "Bottom line:", 20, true, PALETTE_HEX(PALETTE_SC_HEAD));
	gc_item(fl, c->head, 20, true, gc_class_color(c->cls));
	gc_newline(fl);
	if (c->against[0] != '\0') {
		line = xasprintf("caps: %s", c->against);
		gc_item(fl, line, 14, false, PALETTE_HEX(PALETTE_KEY));
		free(line);
	}
	gc_item(fl, ctx->view->chart->title_where, 14, false, PALETTE_HEX(PALETTE_KEY));
	gc_newline(fl);
	fl->y += 8;
	for (m = 0; m < c->nmodes; m++)
		gc_mode(fl, &c->modes[m]);
	fl->indent = fl->x = GC_LEFT;
	if (c->ndiag > 0) {
		gc_item(fl, "Diagnosis, from what was measured:", 16, true, PALETTE_HEX(PALETTE_SC_HEAD));
		gc_newline(fl);
	}
	for (m = 0; m < c->ndiag; m++) {
		fl->indent = fl->x = GC_LEFT;
		gc_item(fl, "-", 14, false, PALETTE_HEX(PALETTE_LABEL));
		fl->indent = fl->x = GC_LEFT + 20;
		gc_item(fl, c->diag[m], 14, false, PALETTE_HEX(PALETTE_LABEL));
		gc_newline(fl);
	}
	return fl->y + 14;
}

/* card.dat: the card's figures, a row per workload (the picture is labels). */
static char *
gc_data(const struct view_card *c)
{
	char *buf = NULL;
	size_t len = 0;
	unsigned m;

	str_appendf(&buf, &len, "# sweep bottom line: a row per mode; caps and shares 0 without "
	    "an expectation, NaN not measured\n# mode\tIOPS\tIOPS_cap\tIOPS_pct\tMiB/s\t"
	    "MiB/s_cap\tMiB/s_pct\tQD1_4K_p99_us\tsteady_cells\tcells\tverdict\n");
	for (m = 0; m < c->nmodes; m++) {
		const struct view_card_mode *cm = &c->modes[m];

		str_appendf(&buf, &len, "%s\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.1f\t%.1f\t%u\t%u\t%s\n",
		    cm->name, cm->iops, cm->iops_cap, cm->iops_pct, cm->mib, cm->mib_cap, cm->mib_pct,
		    cm->p99_us, cm->nsteady, cm->ncells, cm->word != NULL ? cm->word : "-");
	}
	return buf;
}

/* card.gp and card.dat, in memory. */
int
report_gnuplot_card_build(struct report_ctx *ctx, struct report_plot *j)
{
	char *obj = NULL, *head, width[16], height[16];
	size_t olen = 0;
	struct gc_flow fl = { .f = open_memstream(&obj, &olen) };
	struct report_gp_key keys[4];
	double h;

	if (fl.f == NULL)
		return -ENOMEM;
	h = ceil(gc_layout(ctx, &fl));
	fclose(fl.f);
	snprintf(width, sizeof width, "%d", GC_W);
	snprintf(height, sizeof height, "%.0f", h);
	head = xasprintf("CARD_W = %d.0\nCARD_H = %.0f.0\n%s", GC_W, h, obj);
	keys[0] = (struct report_gp_key){ "@OBJECTS@", head };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@WIDTH@", width };
	keys[3] = (struct report_gp_key){ "@HEIGHT@", height };
	j->script = report_gnuplot_script(ctx, "card", keys, 4);
	j->data = gc_data(ctx->view->card);
	free(obj);
	free(head);
	return j->script != NULL ? 0 : -ENOENT;
}
