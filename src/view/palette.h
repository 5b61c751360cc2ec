/*
 * The colours every output shares (palette.c): one per mode, the same in
 * the gnuplot charts, the workbooks and a comparison, and the colours of a
 * mixed mode's further read shares; and one per run of a comparison.
 * Colours are 0xrrggbb.
 */
#ifndef PALETTE_H
#define PALETTE_H

#include "base/sweep.h"

/*
 * Every other colour of the outputs, named for what it marks, each written
 * once here as the six hex digits of 0xrrggbb (report.html's greys in CSS's
 * short form, "#ccc"): PALETTE_HEX(PALETTE_ALERT)
 * is the string "#b00020" (gnuplot, CSS), PALETTE_RGB(PALETTE_ALERT) the
 * number 0xb00020 (the workbooks, gnuplot's "rgb variable").  A role may
 * share its value with another; then each still has its own name.
 */
#define PALETTE_HEX(c)		PALETTE_HEX_(c)
#define PALETTE_HEX_(c)		"#" #c
#define PALETTE_RGB(c)		PALETTE_RGB_(c)
#define PALETTE_RGB_(c)		0x##c

/* Every output: */
#define PALETTE_ALERT		b00020	/* below spec, failed, a burst cliff, a warning */
#define PALETTE_WHITE		ffffff	/* hollow points and bars, ink on a dark square */
#define PALETTE_BLACK		000000	/* p50 dots, ink on a light square */
#define PALETTE_NO_MODE		404040	/* a line of no mode (palette_mode_color) */
#define PALETTE_CAP		404040	/* a provisioned cap's flat line */
#define PALETTE_CAP_BURST	909090	/* a comparison's burst cap line */
#define PALETTE_CAP_SHEET_2ND	808080	/* a run's burst and published range on a sheet */
#define PALETTE_MISMATCH_BG	fde2e2	/* a failed BW check: fill, and a tile's marks badge */
#define PALETTE_MISMATCH_FG	8a0000
#define PALETTE_HEADER_BG	f0f0f0	/* a table's header row */
#define PALETTE_FLAG_BG		fff2cc	/* a sheet's failed, not steady or missing cell */
/* The charts: */
#define PALETTE_WHISKER		202020	/* the rounds' error bars on bars */
#define PALETTE_KEY		444444	/* the key's entries of marks and line styles */
#define PALETTE_KEY_RAMP	606060	/* the panels' key of depths: a ramp of this grey */
#define PALETTE_LABEL		333333	/* a label of several modes; a tile's IOPS */
#define PALETTE_INK_MISSING	999999	/* a heat map's "missing" */
/* A run's heat map (jobs-MODE): ColorBrewer's YlGnBu, light for few IOPS, dark for many */
#define PALETTE_HEAT_SEQ	"0 \"#edf8b1\", 1 \"#c7e9b4\", 2 \"#7fcdbb\", 3 \"#41b6c4\", " \
	"4 \"#1d91c0\", \\\n    5 \"#225ea8\", 6 \"#253494\", 7 \"#081d58\""
/* The scorecard: */
#define PALETTE_SC_FIGURE	111111	/* a tile's MB/s */
#define PALETTE_SC_HEAD		222222	/* "Read", "Write" */
#define PALETTE_SC_NAME		2e5e4e	/* the tiles' names' boxes; the verdict on spec */
#define PALETTE_SC_BOX		f7fafc	/* a tile measured */
#define PALETTE_SC_NEAR_BOX	fff8ec	/* a tile a near cell stands in for */
#define PALETTE_SC_NEAR		8a4b00	/* the stand-in's label and its legend */
#define PALETTE_SC_MISSING_BOX	f2f2f2	/* a tile not measured: fill, border, text */
#define PALETTE_SC_MISSING_EDGE	bbbbbb
#define PALETTE_SC_MISSING	888888
/* The bottom line's card: a mode's box edge */
#define PALETTE_CARD_EDGE	dddddd
/* A comparison (ColorBrewer's RdBu, which colour-blind readers tell apart): */
#define PALETTE_WORSE_STRONG	b2182b	/* far behind the first run */
#define PALETTE_WORSE		ef8a62
#define PALETTE_WORSE_LIGHT	fddbc7	/* behind: a ratio's fill */
#define PALETTE_WORSE_INK	67001f
#define PALETTE_EVEN		f7f7f7	/* within the tie band */
#define PALETTE_BETTER_LIGHT	d1e5f0	/* ahead: a ratio's fill */
#define PALETTE_BETTER		67a9cf
#define PALETTE_BETTER_STRONG	2166ac	/* far ahead */
#define PALETTE_BETTER_INK	053061
#define PALETTE_RATIO_EDGE	333333	/* compare-ratio: the 1.0 line and the bars' edges */
/* The documents' tables (report.html) and the workbook's scale: */
#define PALETTE_STALLED_BG	ffe0c2
#define PALETTE_STALLED_FG	7a2e00
#define PALETTE_STALLED_EDGE	e8590c
#define PALETTE_NOISY_BG	fff5cc
#define PALETTE_NOISY_FG	5c4500
#define PALETTE_NOISY_EDGE	e0b000
#define PALETTE_FAILED_BG	ededed
#define PALETTE_NOTE_BG		fff8e1
#define PALETTE_NOTE_EDGE	f0b400
#define PALETTE_PASS		1a7f37	/* a check passed, a verdict ok */
#define PALETTE_ABOVE		9a6700	/* above the cap */
#define PALETTE_BURST		8250df	/* within the burst, above the baseline */
/* The verdict box of each class: its fill (the edge is the class's colour). */
#define PALETTE_OK_BG		e9f6ec
#define PALETTE_BURST_BG	f3eefc
#define PALETTE_ABOVE_BG	fbf3e0
#define PALETTE_UNSAT_BG	f2f2f2
#define PALETTE_FAIL_BG		fde8ea
#define PALETTE_TOC_BG		f7f7f7
/* report.html's greys, in CSS's short form ("#ccc"): */
#define PALETTE_DOC_TEXT	222	/* the text */
#define PALETTE_DOC_RULE	ccc	/* table borders, a heading's rule */
#define PALETTE_DOC_PAPER	fff	/* the page, a sticky column */
#define PALETTE_DOC_QUIET	555	/* captions, meta lines, a failed cell's text */
#define PALETTE_DOC_BOX		ddd	/* the contents' border */
#define PALETTE_DOC_FRAME	eee	/* a chart's frame */
#define PALETTE_DOC_EDGE	bbb	/* a sticky column's edge */
#define PALETTE_DOC_UNSAT_EDGE	888	/* the edge of a "not saturated" verdict's box */
#define PALETTE_DOC_PAPER_CLEAR	fff0	/* a wide table's fade to its edge */
#define PALETTE_DOC_SHADOW	0003	/* the shadow at a scrolling edge */
#define PALETTE_DOC_CLEAR	0000
#define PALETTE_SCALE_GOOD	63be7b	/* a sheet's colour scale: the good end */
#define PALETTE_SCALE_MID	d5edda

/* palette.c */
uint32_t palette_mode_rgb(enum rw_mode mode);
const char *palette_mode_color(enum rw_mode mode);
uint32_t palette_run(unsigned k);
uint32_t palette_tab10(unsigned i);
void	 palette_workloads(const enum rw_mode *mode, unsigned n, uint32_t *rgb);
uint32_t palette_shade(uint32_t rgb, double t);
void	 palette_ramp(uint32_t rgb, unsigned i, unsigned n, char *out, size_t len);

#endif
