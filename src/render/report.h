/*
 * Reports: every output format is one entry of a table of writers
 * (report.c); each reads only struct results, the summary and the views
 * built from it once (view-characterize.c, view*.c: view.h), so a report can
 * be made again from results.json alone.  Prototypes are listed in
 * sections named after their file.
 */
#ifndef REPORT_H
#define REPORT_H

#include <sys/types.h>

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "results/columns.h"
#include "view/view.h"

#define REPORT_CSV	0x01	/* results.csv */
#define REPORT_XLSX	0x02	/* report.xlsx */
#define REPORT_PNG	0x04	/* iops.png, bw.png, latency.png, series-MODE.png */
#define REPORT_SVG	0x08	/* the same charts as .svg */
#define REPORT_MD	0x10	/* report.md */
#define REPORT_HTML	0x20	/* report.html (inlines the .svg charts) */
#define REPORT_DEFAULT	(REPORT_CSV | REPORT_XLSX | REPORT_PNG | REPORT_SVG | REPORT_MD | \
			 REPORT_HTML)

/*
 * What the writers share during one pass over the formats
 * (report_write_formats): a run's report reads its view only (the rows of
 * a row per cell through view_rows), a comparison (sweep compare, a
 * fleet's hosts) its view and cmp.
 */
struct report_ctx {
	const struct view	*view;		/* the tables every format draws */
	const struct compare	*cmp;
	const struct compare_view *cview;	/* the comparison's tables every format draws */
	const char		*dir;
	unsigned		 mask;		/* REPORT_* asked for */
	const char		*gnuplot;	/* --gnuplot, NULL: search PATH */
	bool			 charts_done;	/* the chart writer ran */
	unsigned		 rendered;	/* REPORT_PNG | REPORT_SVG rendered by gnuplot */
	char			 chart_note[512];	/* why the charts are not rendered */
	char			 error[512];	/* a writer's message for its failure */
};

/* A table of text built once and written as Markdown or HTML; row 0 is the header. */
struct report_table {
	char		 title[128];
	unsigned	 ncols, nrows, cap;
	char		**text;		/* nrows x ncols, row-major */
	unsigned char	*flag;		/* per cell: REPORT_FLAG_* */
	char		**why;		/* per cell: what the flag means, or NULL */
	bool		*numeric;	/* per column: right-aligned */
	unsigned	 nleft_out;	/* rows not listed (report_table_full): doc_table says so */
	unsigned	 nkeys;		/* leading columns that name a row (0: the first) */
};
#define REPORT_FLAG_MISMATCH	VIEW_MISMATCH	/* the same bits as a view cell's flags */
#define REPORT_FLAG_FAILED	VIEW_FAILED
#define REPORT_FLAG_NOISY	VIEW_NOISY
#define REPORT_FLAG_STALLED	VIEW_STALLED

/* A chart: its file stem ("iops") and what it shows. */
/* The most charts a report draws: 7, then each workload's heat map and series chart up to this. */
#define REPORT_CHARTS_MAX	32
struct report_chart {
	char	 stem[48];
	char	 title[96];
	unsigned wl;		/* series-WORKLOAD: the workload (index into summary.modes) */
};

/* What a command asks of the reports: which formats, and how to draw the charts. */
struct report_opts {
	unsigned	 formats;	/* REPORT_* */
	const char	*gnuplot;	/* --gnuplot, NULL: search PATH */
	char		**conclusions;	/* non-NULL: the view's conclusions (caller frees) */
	char		**card;		/* non-NULL: the bottom line and diagnosis as text (caller frees) */
	char		**ticket;	/* non-NULL: the ticket as text (caller frees) */
};

/* What a pass over the formats writes: each format has a writer for each, or none. */
enum report_output_kind {
	REPORT_OUT_RUN,		/* results.csv, report.xlsx, report.md, ... */
	REPORT_OUT_COMPARE,	/* compare.csv, compare.xlsx, compare.md, ... */
	REPORT_OUT_FLEET,	/* a comparison of a fleet's hosts: hosts.csv, hosts.md */
	REPORT_OUT_KINDS
};

/* report.c */
int	 report_parse_formats(const char *list, unsigned *mask);
int	 report_write_formats(struct report_ctx *ctx, enum report_output_kind kind);
int	 report_write_all(const struct results *res, const char *dir,
	     const struct report_opts *opts);
int	 report_save_all(const struct results *res, const char *dir,
	     const struct report_opts *opts);

/* report-terminal.c */
void	 report_terminal(FILE *f, const char *conclusions, const char *dir, unsigned mask);

/* report-card.c: the bottom line and the ticket (view-card.c) in the documents and as text */
struct doc;
extern const char report_card_style[];
void	 report_card_doc(struct doc *d, const struct report_ctx *ctx);
void	 report_ticket_doc(struct doc *d, const struct report_ctx *ctx);
/* Caller frees. */
char	*report_ticket_text(const struct view_card *c);

/* report-gnuplot-card.c: card.gp, the bottom line as the first picture */
struct report_plot;
int	 report_gnuplot_card_build(struct report_ctx *ctx, struct report_plot *j);
double	 report_gnuplot_text_w(const char *s, int size, bool bold);

/* report-xlsx-card.c: the bottom line at the top of the Summary sheet; returns the next row */
struct report_xl;
struct lxw_worksheet;
uint32_t report_xlsx_card(struct report_xl *x, struct lxw_worksheet *ws, uint32_t row,
	     const struct report_ctx *ctx, const double *w, unsigned ncols);

/* report-table.c */
void	 report_table_init(struct report_table *t, const char *title, unsigned ncols,
	     const char *const *header);
void	 report_table_set(struct report_table *t, unsigned row, unsigned col, const char *fmt,
	     ...)
	     __attribute__((format(printf, 4, 5)));
void	 report_table_flag(struct report_table *t, unsigned row, unsigned col, unsigned flag,
	     const char *why);
unsigned report_table_add_row(struct report_table *t);
bool	 report_table_full(struct report_table *t);
void	 report_table_free(struct report_table *t);
void	 report_table_view(const struct view_table *v, int group, unsigned skip,
	     struct report_table *t);
void	 report_table_checks(const struct report_ctx *ctx, struct report_table *t);
void	 report_table_stability(struct report_table *t, unsigned row, unsigned col,
	     const struct view_rows *it);

/* report-csv.c: results.csv of rows (view_rows_init: the run writes it after every cell) */
int	 report_csv_write(struct view_rows *rows, const char *path);

/* report-xlsx.c */
int	 report_xlsx_write(struct report_ctx *ctx);

/* The formats the sheets of report.xlsx share (the workbook owns them). */
/* The small-figure formats a workbook may need: 3 fills x up to 6 places, and room. */
#define REPORT_XLSX_SMALL_MAX	24
struct report_xl {
	struct lxw_workbook	*wb;
	struct lxw_format	*title, *header, *bold, *wrap;
	struct lxw_format	*num0, *num1, *num3, *pct;	/* #,##0  #,##0.0  #,##0.000  0.00 */
	struct lxw_format	*bad, *bad0, *bad1;		/* BW check mismatch: red fill */
	struct lxw_format	*failed;
	struct lxw_format	*alert;		/* bold red text, no fill */
	struct lxw_format	*bold_wrap, *alert_wrap;	/* wrapped, top-aligned */
	struct lxw_format	*top;		/* plain, top-aligned */
	struct lxw_format	*unsteady0, *unsteady1;	/* a figure from a cell not steady: yellow */
	/* report_xlsx_small(): the formats of figures below 10, made as first needed */
	struct {
		struct lxw_format	*base, *f;
		int			 places;
	} small[REPORT_XLSX_SMALL_MAX];
	unsigned		 nsmall;
};

/* report-xlsx-pivot.c: the IOPS, MiB per s and p99 latency sheets with their charts */
void	 report_xlsx_pivots(struct report_xl *x, const struct report_ctx *ctx);

/* report-xlsx-hold.c: the Hold sheet of a --hold run */
void	 report_xlsx_hold(struct report_xl *x, const struct report_ctx *ctx);

/* report-xlsx-curves.c: the Saturation sheet (IOPS and latency against queue depth) */
#define REPORT_XLSX_SHEET_CURVES	"Saturation"
bool	 report_xlsx_has_curves(const struct report_ctx *ctx);
bool	 report_xlsx_curves(struct report_xl *x, const struct report_ctx *ctx);

/* report-xlsx-chart.c: what report.xlsx and compare.xlsx share */
struct lxw_chart;
struct lxw_chart_axis;
struct lxw_format;
struct lxw_workbook;
struct lxw_worksheet;
#define REPORT_XLSX_SERIES_MAX	255	/* Excel's limit of series in one chart */
struct lxw_format *report_xlsx_small(struct report_xl *x, struct lxw_format *base, double v,
	     int decimals);
/*
 * How much wider columns print where Calibri is missing (LibreOffice falls
 * back to DejaVu Sans, whose digit, the unit of a column's width, is 9.3
 * pixels, not 7): a sentence spans the columns a page holds even then.
 */
#define REPORT_XLSX_FONT_SLACK	1.35
#define REPORT_XLSX_PRINT_MIN	75	/* percent: 11-point text prints at 8.25 points */
#define REPORT_XLSX_TEXT_MIN_PT	8.25	/* the smallest text a printed page has, in points */

/* How a chart line looks: colour 0xRRGGBB, LXW_CHART_LINE_DASH_*, LXW_CHART_MARKER_* (0 none). */
struct report_xlsx_look {
	uint32_t	 color;
	float		 width;		/* points */
	uint8_t		 dash;
	uint8_t		 marker;
	bool		 hatched;	/* a bar: hatched in the colour, not filled */
};

/* What report_xlsx_chart draws. */
enum report_xlsx_kind {
	REPORT_XLSX_LINES,	/* lines over a category axis */
	REPORT_XLSX_SCATTER,	/* lines over two value axes */
	REPORT_XLSX_BARS	/* clustered columns over a category axis */
};

/* Charts stacked below a sheet's tables, each after a page break. */
struct report_xlsx_stack {
	struct lxw_worksheet	*ws;
	uint32_t		 row;		/* where the next chart goes */
	double			 zoom;		/* size and fonts, 1: 960 x 504 pixels */
	unsigned		 print_pct;	/* the sheet's print scale (0: 100%): fonts print >= 8 pt */
	uint32_t		*breaks;	/* page breaks (lxw_row_t), 0-terminated */
	unsigned		 nbreaks;
};

struct lxw_format *report_xlsx_format(struct lxw_workbook *wb, const char *num, bool bold,
	     uint32_t bg, uint32_t fg);
int	 report_xlsx_tmp(const char *tmp, char *name, size_t len, char *err, size_t errlen);
int	 report_xlsx_close(struct lxw_workbook *wb, const char *tmp, const char *path, char *err,
	     size_t errlen);
uint8_t	 report_xlsx_dash(unsigned i);
uint8_t	 report_xlsx_marker(unsigned i);
void	 report_xlsx_axis(struct lxw_chart_axis *axis, const struct view_range *r, bool log_scale);
struct lxw_chart *report_xlsx_chart(struct lxw_workbook *wb, enum report_xlsx_kind kind,
	     const char *title, const char *xname, const char *yname, int legend_position);
struct lxw_chart_series *report_xlsx_series(struct lxw_chart *ch, const char *sheet,
	     uint32_t first, uint32_t last, uint16_t xcol, uint16_t col, const char *name,
	     const struct report_xlsx_look *look);
unsigned report_xlsx_series_hollow(struct lxw_chart_series *se,
	     const struct report_xlsx_look *look, const struct view *view,
	     const struct view_table *v, unsigned col);
void	 report_xlsx_page(struct lxw_worksheet *ws, uint32_t repeat_last, bool wide);
void	 report_xlsx_page_across(struct lxw_worksheet *ws, int repeat_row,
	     uint16_t repeat_col, double width_px, bool wide, unsigned min_pct);
double	 report_xlsx_page_px(double width_px, bool wide, unsigned min_pct);
unsigned report_xlsx_lines(const char *text, double width);
unsigned report_xlsx_print_last(const unsigned *widths, unsigned n, unsigned id, unsigned bands);
uint32_t report_xlsx_ramp(uint32_t c, unsigned k, unsigned n);
double	 report_xlsx_col_px(double chars);
void	 report_xlsx_stack_init(struct report_xlsx_stack *st, struct lxw_worksheet *ws,
	     uint32_t row, double width_px);
void	 report_xlsx_stack_break(struct report_xlsx_stack *st, uint32_t row);
void	 report_xlsx_stack_add(struct report_xlsx_stack *st, struct lxw_chart *ch);
void	 report_xlsx_stack_done(struct report_xlsx_stack *st);

/* A @KEY@ of a chart template and its value. */
struct report_gp_key {
	const char	*key;
	const char	*value;
};

/* One chart being made: its files (script and data in memory) and its gnuplot process. */
struct report_plot {
	struct report_chart	 chart;
	const char		*tmpl;		/* templates/TMPL.gp */
	char			*script;	/* filled template */
	char			*data;		/* STEM.dat */
	pid_t			 pid;
	int			 status;
	bool			 done;
};

/* report-hold.c: a --hold run's chart (its section: report_doc_hold, below) */
int	 report_hold_gp_build(struct report_ctx *ctx, struct report_plot *j);

/* report-gnuplot.c: the shell command that renders every chart of a folder by hand */
#define REPORT_GNUPLOT_ALL	"for f in *.gp; do gnuplot \"$f\"; done"
int	 report_gnuplot_write(struct report_ctx *ctx);

/* report-gnuplot-run.c */
/* Caller frees. */
char	*report_gnuplot_log_range(const struct view_range *r, double room);
/* Caller frees. */
char	*report_gnuplot_lin_range(const struct view_range *r, double room);
/* Caller frees. */
char	*report_gnuplot_log_tics(const struct view_range *r, double room);
/* Caller frees. */
char	*report_gnuplot_lin_tics(double hi, const char *suffix);
int	 report_gnuplot_point(unsigned v);
const char *report_gnuplot_dt(unsigned i, char *buf, size_t len);
const char *report_gnuplot_fill(unsigned v);
double	 report_gnuplot_lat_unit(double max_us, const char **unit);
/* Caller frees. */
char	*report_gnuplot_title(const struct view_chart *vc, const char *what);
int	 report_gnuplot_render(struct report_ctx *ctx, struct report_plot *jobs, unsigned n);
/* Caller frees. */
char	*report_gnuplot_script(struct report_ctx *ctx, const char *name,
	     const struct report_gp_key *keys, unsigned nkeys);
void	 report_gnuplot_quote(FILE *f, const char *s);
/* The gap below spec as gnuplot objects for the iops or bw chart.  Caller frees. */
char	*report_gnuplot_gap(const struct report_ctx *ctx, bool bw);
/* The same, of workload wl only (every one when wl < 0).  Caller frees. */
char	*report_gnuplot_gap_of(const struct report_ctx *ctx, bool bw, int wl);
void	 report_gnuplot_gap_keys(const struct report_ctx *ctx, bool bw, FILE *plot);
/* What a panel says of its gap below spec, or NULL.  Caller frees. */
char	*report_gnuplot_gap_text(const struct report_ctx *ctx, bool bw, unsigned wl);
void	 report_gnuplot_caps(const struct view_chart *vc, bool bw, FILE *plot, bool first,
	     struct view_range *yr);
/* report-gnuplot-point.c */
void	 report_gnuplot_spread_columns(FILE *f, const struct view_chart_point *p, bool bw);
void	 report_gnuplot_spread_range(const struct view_chart_point *p, bool bw,
	     struct view_range *yr);
void	 report_gnuplot_mark_items(FILE *plot, const char *stem, unsigned block, unsigned x,
	     unsigned y, unsigned col, int pt, const char *color, bool label);
void	 report_gnuplot_mark_column(FILE *f, unsigned caveats);
/* Caller frees. */
char	*report_gnuplot_marks_label(unsigned flags, const char *before, const char *y);
void	 report_gnuplot_mark_key(FILE *plot, unsigned flags);
void	 report_gnuplot_bar_label(FILE *f, double v, const char *marks);
unsigned report_gnuplot_series_caveats(const struct view_chart *vc, unsigned s, bool bw);
/* report-gnuplot-bs.c: the iops and bw charts' lines; the block-size axis (caller frees both) */
void	 report_gnuplot_bs_axis(const uint64_t *bs, unsigned nbs, char **xtics, char **xrange);
/* report-gnuplot-axis.c: the same, labelled up to maxlab tics.  Caller frees both. */
void	 report_gnuplot_bs_axis_of(const uint64_t *bs, unsigned nbs, int maxlab, char **xtics,
	     char **xrange);
/* What a chart of lines against block size draws: IOPS, MiB/s (bw) or p99 latency (lat). */
struct report_gp_lines {
	bool		 bw;
	bool		 lat;
	double		 div;		/* latency: microseconds per the axis' unit */
	const char	*unit;		/* latency: the axis' unit, "µs" or "ms" */
	const char	*ylabel;
};
bool	 report_gnuplot_lines(struct report_ctx *ctx, struct report_plot *j,
	     const struct report_gp_lines *what, FILE *plot, struct view_range *yr, char *size,
	     size_t len);
void	 report_gnuplot_best(struct report_ctx *ctx, struct report_plot *j, bool bw, FILE *plot,
	     struct view_range *yr);
/* Caller frees. */
char	*report_gnuplot_find(const char *want);
/* report-gnuplot-throttle.c: the throttle signature and the latency distribution */
int	 report_gnuplot_throttle_build(struct report_ctx *ctx, struct report_plot *j);

/* report-scorecard.c: scorecard.gp and its data */
int	 report_scorecard_build(struct report_ctx *ctx, struct report_plot *j);

/* report-gnuplot-jobs.c: jobs-MODE, the heat map of IOPS by depth x jobs */
int	 report_gnuplot_jobs_build(struct report_ctx *ctx, struct report_plot *j, unsigned wl);
/* report-gnuplot-load.c: the latency-load chart (stem "load") */
int	 report_gnuplot_load_build(struct report_ctx *ctx, struct report_plot *j);

/* report-gnuplot-heat.c: the heat maps' .dat and tics, a run's and a comparison's */
/* Caller frees. */
char	*report_gnuplot_heat_data(const struct view_heat *h, const char *head);
void	 report_gnuplot_heat_tics(const struct view_heat *h, char **xtics, char **ytics);

/* report-gnuplot-series.c: the rows and tics of series-MODE.gp */
double	 report_gnuplot_series_layout(const struct view_chart *vc, unsigned wl, double *start,
	     FILE *t, unsigned *ntics, FILE *marks);
unsigned report_gnuplot_series_rows(const struct view_chart *vc,
	     const struct summary_series *se, const double *start, FILE *f, unsigned block,
	     unsigned *npoints, struct view_range *yr);
void	 report_gnuplot_series_note(FILE *marks, unsigned n);
/* report-gnuplot-roofline.c: roofline, best IOPS per block size under the caps */
int	 report_gnuplot_roofline_build(struct report_ctx *ctx, struct report_plot *j);

/* report-curves.c: saturation.gp and latency-curve.gp */
int	 report_curves_build(struct report_ctx *ctx, struct report_plot *j, bool latency);

/*
 * The document back-end (doc*.c): report.md, report.html, compare.md and
 * compare.html are each written once, block by block, against struct
 * doc_ops; doc-md.c and doc-html.c fill it.  Spans come in two kinds:
 * text from the data (labels, paths, messages), which each format escapes,
 * and our own words (doc_raw(), doc_printf(), headings and doc_para()),
 * which hold no markup character and are written as they are.
 */
struct doc;

struct doc_ops {
	const char	*name;		/* "md", "html" */
	bool		 compact;	/* keep to what a ticket shows; see doc-md.c */
	unsigned	 figures;	/* REPORT_PNG | REPORT_SVG: the renders a figure can show */
	void		(*begin)(struct doc *, const char *, const char *);
	void		(*end)(struct doc *);
	void		(*heading_begin)(struct doc *, unsigned);
	void		(*heading_end)(struct doc *, unsigned);
	void		(*para_begin)(struct doc *, const char *);
	void		(*para_end)(struct doc *);
	void		(*list_begin)(struct doc *);
	void		(*list_end)(struct doc *);
	void		(*item_begin)(struct doc *, const char *);
	void		(*item_end)(struct doc *);
	void		(*group_begin)(struct doc *, const char *);
	void		(*group_end)(struct doc *);
	void		(*text)(struct doc *, const char *);
	void		(*plain)(struct doc *, const char *);
	void		(*strong)(struct doc *, const char *);
	void		(*code)(struct doc *, const char *);
	void		(*sup)(struct doc *, const char *);
	void		(*sep)(struct doc *);
	void		(*flag)(struct doc *);
	void		(*note)(struct doc *, const char *, const char *);
	void		(*table)(struct doc *, const struct report_table *);
	void		(*figure)(struct doc *, const char *, const struct report_chart *, unsigned,
			    unsigned);
	void		(*contents)(struct doc *, FILE *);	/* NULL: no table of contents */
	void		(*pre)(struct doc *, const char *, const char *);	/* a verbatim block */
	void		(*word)(struct doc *, const char *, const char *);	/* strong, in a class */
};

/* An entry of the table of contents: a level 2 heading (1) or a chart (2) under it. */
struct doc_entry {
	unsigned	 level;
	char		 id[48];	/* the anchor: [a-z0-9-], unique in the document */
	char		*title;		/* as written, not escaped */
};

/* A document being written, in memory until doc_save(). */
struct doc {
	const struct doc_ops	*ops;
	FILE			*f;
	char			*buf;
	size_t			 len;
	bool			 gap;	/* Markdown: the previous block's blank line is owed */
	const char		*anchor;	/* the id of the block being begun, or NULL */
	struct doc_entry	*toc;		/* the table of contents, in order */
	unsigned		 ntoc;
	long			 toc_at;	/* where it goes: before the first entry, or -1 */
};

/* doc.c */
int	 doc_open(struct doc *d, const struct doc_ops *ops);
int	 doc_save(struct doc *d, const char *path);
void	 doc_begin(struct doc *d, const char *title, const char *style);
void	 doc_end(struct doc *d);
void	 doc_heading(struct doc *d, unsigned level, const char *words);
void	 doc_heading_begin(struct doc *d, unsigned level);
void	 doc_heading_end(struct doc *d, unsigned level);
void	 doc_para(struct doc *d, const char *cls, const char *words);
void	 doc_para_text(struct doc *d, const char *cls, const char *text);
void	 doc_para_begin(struct doc *d, const char *cls);
void	 doc_para_end(struct doc *d);
void	 doc_list_begin(struct doc *d);
void	 doc_list_end(struct doc *d);
void	 doc_item_begin(struct doc *d, const char *cls);
void	 doc_item_end(struct doc *d);
void	 doc_group_begin(struct doc *d, const char *cls);
void	 doc_group_end(struct doc *d);
void	 doc_text(struct doc *d, const char *text);
void	 doc_plain(struct doc *d, const char *text);
void	 doc_raw(struct doc *d, const char *words);
void	 doc_printf(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void	 doc_strong(struct doc *d, const char *text);
void	 doc_code(struct doc *d, const char *text);
void	 doc_sup(struct doc *d, const char *text);
void	 doc_sep(struct doc *d);
void	 doc_flag(struct doc *d);
void	 doc_note(struct doc *d, const char *label, const char *text);
void	 doc_table(struct doc *d, const struct report_table *t);
void	 doc_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
	     unsigned rendered);
void	 doc_pre(struct doc *d, const char *cls, const char *text);
void	 doc_word(struct doc *d, const char *cls, const char *text);

/* doc-md.c, doc-html.c */
extern const struct doc_ops doc_md;
extern const struct doc_ops doc_html;
/* Text from a file (a label, a host's name) as Markdown text in buf; returns buf. */
const char *doc_md_escape(const char *s, char *buf, size_t len);

/* report-doc.c: report.md and report.html */
int	 report_md_write(struct report_ctx *ctx);
int	 report_html_write(struct report_ctx *ctx);
/* report-hold.c: a --hold run's section of a document */
void	 report_doc_hold(struct doc *d, const struct report_ctx *ctx);
void	 report_doc_charts(struct doc *d, const struct report_ctx *rc,
	     const struct report_chart *charts, unsigned n, const char *none, bool one);

/* compare.c */
int	 compare_write_all(const struct compare *cmp, const char *dir,
	     const struct report_opts *opts);
int	 compare_fleet_write_all(struct compare *cmp, const char *dir);

/* compare-fleet.c: a fleet's hosts as a comparison */
int	 compare_fleet_csv_write(struct report_ctx *ctx);
int	 compare_fleet_md_write(struct report_ctx *ctx);

/* compare-csv.c */
int	 compare_csv_table(const struct report_ctx *ctx, const struct view_table *t,
	     const char *file);
int	 compare_csv_write(struct report_ctx *ctx);

/* compare-gnuplot.c */
#define COMPARE_CHARTS	3
#define COMPARE_HEAT_MAX	VIEW_HEAT_MAX	/* heat maps (compare-heat.c): a workload each */
#define COMPARE_CHARTS_MAX	(COMPARE_CHARTS + COMPARE_HEAT_MAX + 1)	/* + compare-ratio */
int	 compare_gnuplot_write(struct report_ctx *ctx);
unsigned compare_gnuplot_charts(const struct compare *cmp, const struct compare_view *v,
	     struct report_chart *charts);

/* compare-heat.c */
unsigned compare_heat_charts(const struct compare_view *v, struct report_chart *charts,
	     unsigned n, unsigned max);
int	 compare_heat_build(struct report_ctx *ctx, struct report_plot *p);
/* compare-ratio.c: the ratio bars, a panel per mode */
unsigned compare_ratio_charts(const struct compare *cmp, struct report_chart *charts, unsigned n);
int	 compare_ratio_build(struct report_ctx *ctx, struct report_plot *p);
/* Labels of nbs block sizes as categories, thinned to fit plot_px; *every: the step.  Caller frees. */
char	*compare_ratio_tics(const uint64_t *bs, unsigned nbs, double plot_px, unsigned *every);

/* compare-xlsx.c */
int	 compare_xlsx_write(struct report_ctx *ctx);

/* compare-doc.c: compare.md and compare.html */
int	 compare_md_write(struct report_ctx *ctx);
int	 compare_html_write(struct report_ctx *ctx);

#endif
