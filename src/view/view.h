/*
 * Views: what the reports show, built once from results and the analysis
 * as typed tables (a title, columns with their unit and decimals, rows of
 * cells: a figure, a text or nothing, with what marks it) and axis ranges.
 * A view knows no file format: report-doc.c draws it as Markdown and HTML
 * (doc*.c), report-xlsx*.c as sheets, so every format shows the same
 * figures with the same marks.  The summary every view starts from is here
 * too (view-characterize.c builds it).  Prototypes are listed in sections
 * named after their file.
 */
#ifndef VIEW_H
#define VIEW_H

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "results/columns.h"

/*
 * A line of the pivot tables and charts: one workload (a mode, or a mixed
 * mode at one read share) x depth x jobs, a cell per block size.
 */
struct summary_series {
	enum rw_mode	 mode;
	unsigned	 wl;		/* its workload: index into summary.modes */
	unsigned	 depth;
	unsigned	 jobs;
	char		 name[64];	/* "randread QD8", "randread QD8 x4 jobs", "randrw 65/35 QD8" */
	char		 column[32];	/* "QD8" or "QD8 x4": the column in a per-workload table */
	char		 color[8];	/* its workload's colour, "#rrggbb" */
	unsigned	 variant;	/* rank of depth x jobs among all series: dash and marker */
	int		*cell;		/* per summary.bs[]: index into results.cells, -1 none */
};

/*
 * Where IOPS stop growing with queue depth: at the block size of a mode
 * with the most depths (three at least), the smallest depth within
 * SATURATION_TOL of the best IOPS; see view-characterize.c.
 */
struct saturation {
	bool		 found;
	bool		 reached;	/* below the deepest depth measured: IOPS did level off */
	uint64_t	 bs;
	unsigned	 jobs;
	unsigned	 ndepths;
	unsigned	 depth, best_depth;	/* the saturating depth, the depth of the best */
	double		 iops, best_iops;
	char		 text[224];
};

/*
 * The scorecard's tiles (CrystalDiskMark's layout): SEQ 1M Q8, SEQ 1M Q1,
 * RND 4K Q32, RND 4K Q1, each measured as a read and a write.
 */
#define SCORE_TILES	4
struct score_tile {
	const char	*name;		/* "SEQ 1M Q8" */
	uint64_t	 bs;
	unsigned	 depth;
	enum rw_mode	 mode[2];	/* read, write */
};
extern const struct score_tile view_score_tiles[SCORE_TILES];
/* How far a cell may be from a tile to stand in for it, in doublings of bs and of depth. */
#define VIEW_SCORE_NEAR_LOG2	3.0

/* The sentence of a knee (view_knee_text) fits in this. */
#define REPORT_KNEE_TEXT	640

/*
 * A workload: a mode, or when a mixed mode (readwrite, randrw) ran at more
 * than one read share, that mode at one share.  Every per-mode part of the
 * reports (tables, caps, charts, comparisons) is per workload.
 */
struct summary_mode {
	enum rw_mode	 mode;
	int		 share;		/* percent of reads; SUMMARY_NO_SHARE: the mode's only one */
	char		 name[32];	/* "randrw", or "randrw 65/35" (reads/writes, % of I/Os) */
	char		 stem[32];	/* the same for file names: "randrw", "randrw-65" */
	char		 color[8];	/* "#rrggbb" in every chart; see view_summary_build() */
	uint32_t	 rgb;		/* the same as 0xrrggbb */
	unsigned	 ncells;	/* cells of this workload with figures */
	unsigned	 ntimed;	/* of them, with a per-second series that has a point above 0 */
	int		 lat_series;	/* latency chart: the lowest depth series with latency; -1 none */
	int		 peak_iops;	/* index into results.cells, -1 none */
	int		 peak_bw;
	/*
	 * The headline's peaks: the best cell without a caveat mark
	 * (view_caveats()), else the peak itself, marked.  The verdict against
	 * the caps uses them where the knee states no plateau; the knee leaves
	 * out noisy and stalled cells itself.
	 */
	int		 head_iops;
	int		 head_bw;
	int		 qd1_4k;	/* bs 4 KiB, depth 1, jobs 1; -1 not measured */
	struct knee	 knee;
	char		 knee_text[REPORT_KNEE_TEXT];	/* its sentence (view-knee.c) */
	uint64_t	 knee_size;	/* where the caps meet, bytes (analysis_caps_knee_size); 0 none */
	bool		 iops_stated;	/* the knee states an IOPS plateau (analysis_expect_plateau) */
	bool		 bw_stated;	/* ...a bandwidth plateau */
	/* Against the expectation (results.expect), when there is one: */
	double		 iops_pct;	/* peak IOPS in percent of the baseline cap; 0 none */
	double		 bw_pct;
	bool		 above_cap;	/* a plateau above the cap (and its burst): cache, or wrong profile */
	bool		 below_spec;	/* a plateau below the cap's band, or a published range */
	struct expect_mode spec;	/* the verdict against the spec (analysis-expect.c) */
	char		 expect_text[640];	/* the verdict, then each figure against its spec */
	unsigned	 nbs;		/* distinct block sizes with figures: < 3 draws bars */
	struct saturation sat;
	/* At several job counts: how IOPS scale with jobs, one sentence; empty otherwise. */
	char		 jobs_text[256];
	/* The knee's points (the best cell at each block size) that are not steady: */
};

/*
 * The bottom line (view-card.c), the first thing of every report: per
 * workload its level against the caps ("IOPS 910 of 3,000 (30%)"), its
 * QD1 4 KiB p99, its verdict and the cells it rests on; then the likely
 * reasons, a line each with their figures (view-diagnosis.c); and what a
 * ticket needs to reproduce the run (the plan and the target, for the
 * command and the fio job file the renderers write).
 */
struct summary;
struct view_card_mode {
	char		 name[32];
	char		 color[8];	/* the workload's, "#rrggbb" */
	enum expect_verdict verdict;	/* EXPECT_NO_SPEC without an expectation */
	const char	*word;		/* view_verdict_name(); NULL without an expectation */
	const char	*cls;		/* view_verdict_class(): the word's colour; NULL none */
	double		 iops, iops_cap, iops_pct;	/* NaN: no figure; cap 0: none */
	double		 mib, mib_cap, mib_pct;
	double		 p99_us;	/* QD1 4 KiB p99; NaN not measured */
	unsigned	 ncells, nsteady, njudged;
	char		 iops_text[96];	/* "IOPS 910 of 3,000 (30%)" */
	char		 bw_text[96];	/* "MiB/s 128 of 125 (102%)" */
	char		 lat_text[64];	/* "QD1 4K p99 143 µs" */
	char		 cells_text[64];	/* "from 40 of 54 steady cells" */
	char		 line[448];	/* the four, then the verdict word, joined by " · " */
};
#define VIEW_DIAG_MAX	24
struct view_card {
	char		*head;		/* "LABEL against PROFILE: below spec ✗" */
	char		*against;	/* the caps: "3,000 IOPS, 125 MiB/s"; "" without them */
	enum expect_verdict verdict;
	const char	*cls;		/* the volume's verdict class; NULL none */
	struct view_card_mode *modes;
	unsigned	 nmodes;
	char		*diag[VIEW_DIAG_MAX];	/* the diagnosis, a line each */
	unsigned	 ndiag;
	/* The ticket's: the volume and what reproduces the run. */
	char		*identity;	/* "/dev/nvme1n1: Amazon EBS vol-0123..., model ..." */
	char		*command;	/* "sweep run --device ... " */
	char		*command_note;	/* why the command differs from the run; NULL none */
	struct plan	 repro;		/* the cells the bottom line rests on (cells owned) */
	const struct target *target;
	unsigned	 ncells;	/* the run's cells */
};
/* view-card.c; caller frees with view_card_free() */
struct view_card *view_card_build(const struct results *res, const struct summary *sum);
void	 view_card_free(struct view_card *c);
const char *view_card_lat(double us, char *buf, size_t len);
/* Caller frees. */
char	*view_card_text(const struct view_card *c);
/* view-diagnosis.c */
void	 view_diagnosis(const struct results *res, const struct summary *sum, struct view_card *c);
/* view-ticket.c */
void	 view_ticket_build(const struct results *res, const struct summary *sum,
	     struct view_card *c);

/* What every report shows first; built once by view_summary_build(). */
struct summary {
	struct summary_mode	*modes;		/* the workloads, in the plan's order */
	unsigned		 nmodes;
	unsigned		*cell_wl;	/* per results.cells entry: its workload */
	uint64_t		*bs;		/* distinct block sizes with figures, ascending */
	unsigned		 nbs;
	struct summary_series	*series;	/* by workload (the plan's order), depth, jobs */
	unsigned		 nseries;
	bool			 multi_jobs;	/* some cell ran more than one job */
	bool			 has_latency;	/* some cell has latency percentiles */
	bool			 has_iops;	/* some cell has IOPS above 0: the IOPS chart has a point */
	bool			 has_bw;	/* some cell has bandwidth above 0: so has the bw chart */
	unsigned		 ndone;		/* cells with figures (ok, failed with I/O) */
	unsigned		 nfailed, nskipped;
	unsigned		 npass;		/* cells whose BW check is ok */
	unsigned		*mismatch;	/* indexes into results.cells */
	unsigned		 nmismatch;
	struct burst		*burst;		/* per results.cells entry (plan.ncells) */
	unsigned		 nburst;	/* cells with a burst cliff */
	unsigned		 nburst_long;	/* cells with a series long enough to tell */
	unsigned		 longest_series_s;
	/* Stability (analysis-stability.c) of the cells with figures: */
	unsigned		 nverdict[STABILITY_STALLED + 1];	/* per enum stability_verdict */
	unsigned		*unsteady;	/* noisy or stalled: indexes into results.cells, stalled first */
	unsigned		 nunsteady;
	/* The scorecard (view_score_fill): per tile, read and write, a results.cells index or -1. */
	int			 score[SCORE_TILES][2];
	unsigned		 nscore;	/* of them, measured */
	/* The volume against its spec: the most severe of the modes' verdicts, in words. */
	enum expect_verdict	 verdict;
	char			 verdict_text[320];	/* "below spec: 13% of ... (randread)" */
};

/*
 * The caveats of a figure, a mark each, the same in every format (tables,
 * headline, scorecard tiles, chart points, comparison ratios): a cell that
 * is not steady (noisy or stalled), a cell whose BW check failed (its BW is
 * not IOPS x bs: "≠"), and a read of a region never written
 * (REPORT_UNWRITTEN_MARK, below).
 */
#define REPORT_UNSTEADY_MARK	"⚠"
#define REPORT_MISMATCH_MARK	"≠"

/* A figure of a cell, for pivot tables and charts. */
enum view_metric {
	METRIC_IOPS,
	METRIC_MIB_S,
	METRIC_MB_S,
	METRIC_P50_US,
	METRIC_P99_US,
	METRIC_P999_US,
	METRIC_COUNT
};

/*
 * The values an axis must show, above 0 (a log axis cannot show 0): the
 * gnuplot charts and the workbook's charts fit their y axis to it.
 * { 0, 0 }: none yet.
 */
struct view_range {
	double		 lo, hi;
};

/* What marks a cell of a view (the doc back-end's table flags are the same bits). */
#define VIEW_MISMATCH	0x1	/* the cell's BW check failed */
#define VIEW_FAILED	0x2	/* the cell failed or was skipped */
#define VIEW_NOISY	0x4	/* the cell's stability verdict is noisy */
#define VIEW_STALLED	0x8	/* the cell's stability verdict is stalled */
#define VIEW_ABOVE_CAP	0x10	/* off spec: below the cap, or above it (a cache, the wrong profile) */
#define VIEW_UNSTEADY	(VIEW_NOISY | VIEW_STALLED)
#define VIEW_UNWRITTEN	0x20	/* reads of a region whose sampled blocks were all zero */
#define VIEW_BETTER	0x40	/* compare: the winner's figure, a ratio in its run's favour */
#define VIEW_WORSE	0x80	/* compare: a ratio against its run (the first run is ahead) */
#define VIEW_BUFFERED	0x100	/* buffered I/O (fio direct=0): the page cache's figure */
#define VIEW_CLONES	0x200	/* fio clones whose windows differ more than RESULTS_CLONES_SKEW */

/* The marker of a read figure from a region never written (view_unwritten()). */
#define REPORT_UNWRITTEN_MARK	"∅"
/* The markers of buffered I/O (results_cell_buffered) and of clones' windows (..._skewed). */
#define REPORT_BUFFERED_MARK	"◐"
#define REPORT_CLONES_MARK	"↔"
/* The flags that carry a caveat mark (view_caveats()): a figure's reader must know them. */
#define VIEW_CAVEATS	(VIEW_UNSTEADY | VIEW_MISMATCH | VIEW_UNWRITTEN | VIEW_BUFFERED | VIEW_CLONES)
/* A pivot sheet's key to its chart's hollow points (report_xlsx_series_hollow()). */
#define REPORT_XLSX_HOLLOW_NOTE	"Hollow points (or bars) in the chart below: figures from a cell " \
	"with a caveat: " REPORT_UNSTEADY_MARK " not steady, " REPORT_MISMATCH_MARK " BW check " \
	"failed (red in the table), " REPORT_UNWRITTEN_MARK " read of a region never written (a note)."
/* The pivot sheets' key to the marks of a run's imports, the line under REPORT_XLSX_HOLLOW_NOTE. */
#define REPORT_XLSX_HOLLOW_IMPORT	"Hollow too: " REPORT_BUFFERED_MARK " buffered I/O (fio " \
	"direct=0), " REPORT_CLONES_MARK " fio clones' windows more than 1.5x apart (a note each)."
/* The longest text of view_caveat_marks(), and of view_caveat_legend(). */
#define VIEW_MARKS_LEN	32
#define VIEW_LEGEND_LEN	384
/* A sheet's note on such a figure. */
#define REPORT_UNWRITTEN_NOTE	REPORT_UNWRITTEN_MARK " read of a region never written: may be " \
	"far above what the storage does"
#define REPORT_BUFFERED_NOTE	REPORT_BUFFERED_MARK " buffered I/O (fio direct=0): the page " \
	"cache's figure, not the storage's"
#define REPORT_CLONES_NOTE	REPORT_CLONES_MARK " fio clones ran windows more than 1.5x " \
	"apart: the figure is their total over the longest"

enum view_kind {
	VIEW_NONE,		/* not measured: no cell, or the cell lacks the figure */
	VIEW_NUMBER,
	VIEW_TEXT
};

/* A cell of a view table. */
struct view_cell {
	enum view_kind	 kind;
	double		 value;		/* VIEW_NUMBER, in its column's unit */
	bool		 spread;	/* --repeat: lo..hi is the interval of the median */
	double		 lo, hi;
	char		*text;		/* VIEW_TEXT */
	unsigned	 flags;		/* VIEW_MISMATCH ... */
	char		*why;		/* what the flags mean, or NULL */
	int		 cell;		/* the results.cells entry it is from, -1 none */
};

/* What a column holds, beside its figures or texts. */
#define VIEW_COL_WORDS	0x1	/* words, not figures: left-aligned */
#define VIEW_COL_DETAIL	0x2	/* a figure a sentence of the same row says too (a cap, a share) */
#define VIEW_COL_PROSE	0x4	/* sentences: what a compact document leaves out */
#define VIEW_COL_DOC	0x8	/* documents show it, sheets do not ("randrw 65/35") */
#define VIEW_COL_SHEET	0x10	/* sheets show it, documents do not ("randrw") */
#define VIEW_COL_COUNT	0x20	/* a count (a depth): no thousands separator, no number format */
#define VIEW_COL_ALERT	0x40	/* what went wrong: a sheet colours its texts, failed yellow, else red */

/*
 * A column: its header in a table of its group (or of few columns), its
 * name standing alone (a sheet's header), unit and decimals.
 */
struct view_col {
	char		*header;	/* "QD8" */
	char		*name;		/* "randread QD8 (IOPS)" */
	const char	*unit;		/* "IOPS", "MiB/s", "p99 latency (us)" */
	int		 decimals;
	int		 group;		/* index into view_table.groups, -1 none */
	unsigned	 flags;		/* VIEW_COL_* */
	const char	*subject;	/* what its figures are, for the note of a marked one */
};

/* A row: its label and what the label names as a number (a block size in bytes). */
struct view_row {
	char		*label;		/* "4 KiB" */
	double		 key;
};

/*
 * A table: rows by columns, the columns in groups (a workload each in a
 * pivot) that a document may show as tables of their own, each with its
 * title.  The row labels are a column of their own, headed row_head.
 */
struct view_table {
	char		 title[192];
	char		 row_head[32];	/* "Block size" */
	unsigned	 ncols, nrows, rcap;
	struct view_col	*cols;
	struct view_row	*rows;
	struct view_cell *cells;	/* nrows x ncols, row-major */
	char		**groups;	/* per group: its title */
	unsigned	 ngroups;
	unsigned	 nleft_out;	/* rows past REPORT_CELLS_LISTED a per-cell view leaves out */
	bool		 unlabelled;	/* no row labels: its columns name each row */
	bool		 all_rows;	/* a document lists every row, past REPORT_CELLS_LISTED too */
	char		*note;		/* a sentence on what it summarises, or NULL */
};

/* view-num.c */
const char *view_size_label(uint64_t bs, char *buf, size_t len);
const char *view_num(double v, int decimals, char *buf, size_t len);
const char *view_lat_text(double us, char *buf, size_t len);
int	 view_num_decimals(double v, int decimals);
const char *view_range_text(double lo, double hi, int decimals, char *buf, size_t len);
const char *view_pct(double pct, bool sign, char *buf, size_t len);
const char *view_approx(double v, char *buf, size_t len);
const char *view_ratio(double v, int decimals, char *buf, size_t len);
const char *view_per_cell(const struct results *res, char *buf, size_t len);
bool	 view_per_cell_own(const struct results *res);
bool	 view_per_cell_known(const struct results *res);

/* view-verdict.c: the verdict against the spec, in words */
void	 view_verdict_build(const struct results *res, struct summary *s);
const char *view_verdict_name(enum expect_verdict v);
const char *view_verdict_mark(enum expect_verdict v);
const char *view_cap_word(const struct expect *e, bool bw);
const char *view_verdict_class(enum expect_verdict v);
char	*view_verdict_bottom_line(const struct results *res, const struct summary *s);
const char *view_verdict_below_advice(const struct summary *s);

/* view-characterize.c */
void	 view_summary_build(const struct results *res, struct summary *s);
void	 view_summary_free(struct summary *s);
const char *view_summary_at(const struct cell_result *r, char *buf, size_t len);
const char *view_summary_caps(const struct expect *e, char *buf, size_t len);
/* The read shares of each mode, counted over one run or several. */
struct summary_shares {
	bool		 seen[MODE_COUNT][101];
	unsigned	 n[MODE_COUNT];
};
void	 view_summary_shares_add(struct summary_shares *sh, const struct results *res,
	     bool figures_only);
unsigned view_summary_workload(struct summary_mode *w, unsigned *n,
	     const struct summary_shares *sh, const struct results *res, const struct cell *c);
void	 view_summary_workloads(struct summary_mode *w, unsigned n);
int	 view_modes_wl(const struct summary_mode *modes, unsigned n, const struct cell *c);
int	 view_summary_wl(const struct summary *s, const struct cell *c);
bool	 view_summary_shares_text(const struct summary *s, char *buf, size_t len);
const char *view_summary_wl_name(const struct summary *s, const struct cell *c);
const char *view_summary_cell_name(const struct summary *s, const struct cell_result *r,
	     char *buf, size_t len);
bool	 view_summary_suspect(const struct results *res, int i);

/* view-knee.c */
void	 view_knee_text(const struct knee *k, const struct cell_result *cells, int share,
	     char *text, size_t len);
const char *view_knee_sizes(uint64_t lo, uint64_t hi, char *buf, size_t len);

/* view-burst-text.c: the sentence of a burst; REPORT_BURST_TEXT holds the longest */
#define REPORT_BURST_TEXT	224
const char *view_burst_text(const struct burst *b, char *text, size_t len);

/*
 * view.c: the table type and the figures of a cell.  A table owns its
 * texts (copied in); every builder below fills one that the caller frees
 * with view_table_free().
 */
const char *view_metric_name(enum view_metric m);
double	 view_metric_value(const struct cell_result *r, enum view_metric m);
void	 view_range_add(struct view_range *r, double v);
bool	 view_range_wants_log(const struct view_range *r);
void	 view_table_init(struct view_table *t, const char *title, unsigned ncols);
unsigned view_table_add_row(struct view_table *t, const char *label, double key);
struct view_cell *view_table_cell(const struct view_table *t, unsigned row, unsigned col);
void	 view_table_col(struct view_table *t, unsigned c, const char *header, const char *name,
	     const char *unit, int decimals, int group);
void	 view_cell_number(struct view_table *t, unsigned row, unsigned col, double v, int cell);
void	 view_cell_flag(struct view_cell *vc, unsigned flags, const char *why);
void	 view_cell_rounds(struct view_cell *vc, const struct cell_result *r, enum view_metric m);
void	 view_cell_unsteady(struct view_cell *vc, const struct results *res, int i);
char	*view_unwritten_banner(const struct results *res, const char *where_marked);
bool	 view_row_empty(const struct view_table *t, unsigned row, int group);
void	 view_table_free(struct view_table *t);
/*
 * Reports of large runs: an import of 100,000 rows is no table a reader
 * can use whole.  Above REPORT_CELLS_LISTED cells with figures, the
 * per-cell tables of report.md and report.html list the first
 * REPORT_CELLS_LISTED rows and say so (report_table_full), and each mode's
 * table gives, at each block size, its best cell over every queue depth
 * and job count instead of a column per depth x jobs; the depth x jobs
 * table and heat maps give each job count's best over every depth
 * (view-jobs.c).  results.csv and report.xlsx keep every cell.  Runs of
 * ordinary size are not touched.
 */
bool	 view_big(const struct summary *sum);

/* view-score.c: the cells of the scorecard's tiles, their own or the nearest */
void	 view_score_fill(const struct results *res, const struct score_tile *tiles,
	    int score[SCORE_TILES][2]);

/* view-caveat.c: a cell's caveats, their marks and legend */
bool	 view_unwritten(const struct results *res);
unsigned view_caveats(const struct results *res, int i);
const char *view_caveat_marks(unsigned flags, const char *sep, char *buf, size_t len);
const char *view_caveat_legend(unsigned flags, char *buf, size_t len);
const char *view_caveat_note(unsigned flags, char *buf, size_t len);
unsigned view_caveats_all(const struct results *res);

/*
 * Above this many cells with figures the per-cell tables of report.md and
 * report.html list this many rows, and the per-mode tables the best of
 * each block size (view_big()).
 */
#define REPORT_CELLS_LISTED	2000

/* The most sections (view-build.c) a report has beside its summary and pivots. */
#define VIEW_SECTIONS_MAX	8

/*
 * The queue-depth curves (view-curves.c): per workload x job count with
 * CURVE_MIN_DEPTHS depths or more with IOPS at a block size, per such block
 * size a point per depth.  Each renderer filters by the flags.
 */
#define CURVE_MIN_DEPTHS	3
#define VIEW_CURVE_OK		0x1	/* a point: its cell is ok (and has IOPS) */
#define VIEW_CURVE_SATURATING	0x2	/* a curve: its workload's saturating job count */
#define VIEW_CURVE_CHOSEN	0x4	/* a block size: one the gnuplot charts draw */
#define VIEW_CURVE_LATENCY	0x8	/* a curve: some point has latency percentiles */

/* A point of a curve: x the depth, y the cell's figures. */
struct view_curve_point {
	unsigned			 depth;
	const struct cell_result	*cell;	/* with IOPS above 0, or NULL: no point */
	unsigned			 flags;	/* VIEW_CURVE_OK */
	unsigned			 caveats;	/* view_caveats() of the cell */
	/* The cell's figures the curves draw (a point with a cell only). */
	double				 iops;
	uint64_t			 lat_ns[PCT_COUNT];	/* its lat_pct_ns */
	double				 metric[3];	/* view_metric_value(): IOPS, p50, p99 (us) */
};

/*
 * The caveats that keep the circle off a cell: its figure is in doubt (not
 * steady, its check failed, or fio clones that ran windows far apart, so
 * it is the rate of no one window).  Reads of a never-written region and
 * buffered I/O are hollow too, but every cell of such a run or job is, and
 * the depth where IOPS level off is still where they do.
 */
#define VIEW_SAT_DOUBT	(VIEW_UNSTEADY | VIEW_MISMATCH | VIEW_CLONES)

/* A block size of a curve: a point per series of the curve, in the same order. */
struct view_curve_bs {
	unsigned		 b;	/* index into summary.bs */
	unsigned		 flags;	/* VIEW_CURVE_CHOSEN */
	struct view_curve_point	*point;
	/*
	 * The point to circle as the mode's saturating depth, -1 none; when
	 * the summary's saturating cell has a caveat, sat_moved is its depth
	 * and sat the saturating depth of the clean points (or -1).
	 */
	int			 sat;
	unsigned		 sat_moved;
};

struct view_curve {
	unsigned		 wl;		/* index into summary.modes */
	unsigned		 jobs;
	unsigned		 flags;		/* VIEW_CURVE_SATURATING, VIEW_CURVE_LATENCY */
	unsigned		*series;	/* into summary.series, in the plan's order */
	unsigned		*by_depth;	/* indexes into series[], by ascending depth */
	unsigned		 nseries;
	struct view_curve_bs	*bs;		/* ascending */
	unsigned		 nbs;
};

struct view_curves {
	struct view_curve	*curve;
	unsigned		 n;
};

/*
 * Every cell's check (view-checks.c): its columns, in order, for the
 * documents and the Checks sheet; how the documents write each value.
 */
enum view_check_fmt {
	VIEW_CHECK_TEXT,	/* the getter's text; "-" when none */
	VIEW_CHECK_WORKLOAD,	/* the cell's workload ("randrw 65/35") */
	VIEW_CHECK_SIZE,	/* the cell's block size ("4K") */
	VIEW_CHECK_COUNT,	/* a whole number; "-" when none */
	VIEW_CHECK_FIGURE,	/* with decimals_doc and thousands; "n/a" when none */
	VIEW_CHECK_SIGNED,	/* "+1.25%" with decimals_doc; "n/a" when none */
	VIEW_CHECK_VERDICT,	/* "ok", or "MISMATCH" flagged with the reason */
	VIEW_CHECK_STABILITY,	/* the verdict and, in the next column, why, marked */
	VIEW_CHECK_NONE		/* written by the column before it */
};

struct view_check_col {
	const char		*column;	/* columns.c's: the getter, the sheet's header */
	const char		*title;		/* the documents' header */
	enum view_check_fmt	 fmt;
	int			 decimals_doc;	/* the sheet's are the column's */
	bool			 numeric;	/* right-aligned in the documents */
	unsigned		 flags;		/* VIEW_COL_DOC, VIEW_COL_SHEET; neither: both */
};
extern const struct view_check_col view_check_cols[];
extern const unsigned view_ncheck_cols;

/* The views of one run, built once by view_build() for every writer. */
/*
 * view-hold.c: a --hold run against the promise over time, in sentences,
 * two tables and what its chart draws (the metric's unit: IOPS or MiB/s).
 */
#define VIEW_HOLD_DIPS_LISTED		20	/* dips the tables list; the rest are counted */
#define VIEW_HOLD_MINUTES_LISTED	60	/* minutes listed; a longer hold lists its lowest */
struct view_hold {
	bool		 on;
	bool		 bw;		/* judged on throughput */
	const char	*unit;		/* "IOPS" or "MiB/s" */
	double		 div;		/* the metric / div is in unit */
	char		*verdict;	/* "Within 10% of the provisioned 3,000 IOPS in 91.7% ..." */
	bool		 below;		/* below the promise */
	const char	*color;		/* the cell's mode's */
	char		*promise;	/* the vendor's words and where; NULL none */
	char		*step_text;	/* a step down (a burst bucket running out); NULL none */
	char		*dips_text;
	char		*worst;		/* the worst minute; NULL under two minutes */
	char		*hours;		/* each whole hour's total; NULL under an hour */
	struct view_table dips;		/* the first VIEW_HOLD_DIPS_LISTED; note: how many more */
	struct view_table minutes;	/* p99 per minute, the mean, the lowest second */
	/* the chart */
	unsigned	 nsec;
	double		*v;		/* each second, in unit */
	double		 ref, line;	/* the reference and level_pct of it, in unit */
	double		 level_pct;
	bool		 provisioned;	/* the reference is the provisioned figure */
	unsigned	 ndips;
	unsigned	*dip_at, *dip_len;	/* seconds */
	bool		 step, step_burst;
	unsigned	 step_at;
};

struct view {
	bool			 big;	/* over REPORT_CELLS_LISTED cells */
	struct view_table	 pivot[METRIC_COUNT];	/* big: view_pivot_best()'s */
	struct view_table	 percentiles;	/* at each workload's lowest depth */
	struct view_table	 summary;
	struct view_table	 run;
	struct view_table	 bursts;
	struct view_table	 mismatches;	/* cells whose BW check failed */
	struct view_table	 problems;	/* cells that failed or were skipped */
	struct view_table	 rounds;	/* --rounds-until-steady: IOPS per round */
	struct view_table	 findings;	/* per workload: against the caps, saturation */
	/* A heading and a table each, that every format shows as they are: */
	struct view_table	 sections[VIEW_SECTIONS_MAX];
	const char		*headings[VIEW_SECTIONS_MAX];
	unsigned		 nsections;
	struct view_curves	 curves;	/* the queue-depth curves */
	struct view_docs	*docs;	/* the header, notes, retries and workloads (below) */
	struct view_chart	*chart;		/* what the gnuplot charts draw (view-chart.c) */
	struct view_load	*load;		/* the latency-load chart's lines (view-load.c) */
	char			*conclusions;	/* the terminal's lines (view-conclusions.c); NULL none */
	struct summary		*own_sum;	/* view_build_run's summary, freed with the view */
	const struct results	*rec;	/* the record the views read (view_cell_caveats) */
	const struct results	*all;	/* what view_rows streams: every cell, open-loop too */
	struct view_hold	 hold;		/* --hold: the run against the promise over time */
	struct view_card	*card;		/* the bottom line, its diagnosis, the ticket (view-card.c) */
};

/* view-hold.c */
const char *view_hold_clock(unsigned s, char *buf, size_t len);
void	 view_hold_build(const struct results *res, struct view_hold *vh);
void	 view_hold_free(struct view_hold *vh);
void	 view_hold_conclusion(const struct view_hold *vh, char **lines);

/*
 * view-rows.c: the record's cells a row at a time, for the writers of a row
 * per cell (results.csv, the workbook's Cells and Checks sheets, the
 * documents' check table).  A run of 100,000 imported cells is no table to
 * build whole, so the rows are streamed from the record through the column
 * table (results/columns.h); a renderer gets each row's values, its
 * workload, check and stability, never the cell itself.
 */
#define VIEW_ROWS_FINISHED	0x1	/* every cell that ran, failed or was skipped */
#define VIEW_ROWS_FIGURES	0x2	/* only the cells with figures */
struct view_rows {
	const struct results	*rec;	/* private: read by view-rows.c only */
	const struct view_chart	*chart;	/* the workloads' names; NULL: the mode's */
	unsigned		 want;	/* VIEW_ROWS_* */
	unsigned		 next;	/* the record's next cell */
	int			 at;	/* the row's cell, -1 before the first */
};
void	 view_rows_init(struct view_rows *it, const struct results *res, unsigned want);
void	 view_rows_begin(struct view_rows *it, const struct view *v, unsigned want);
bool	 view_rows_next(struct view_rows *it);
void	 view_rows_value(const struct view_rows *it, const struct column *c,
	     struct column_value *v);
const char *view_rows_workload(const struct view_rows *it);
uint64_t view_rows_bs(const struct view_rows *it);
bool	 view_rows_check_ok(const struct view_rows *it, const char **reason);
unsigned view_rows_unsteady(const struct view_rows *it, enum stability_verdict *verdict,
	     const char **reason);
unsigned view_cell_caveats(const struct view *v, const struct view_cell *vc);

/* view-conclusions.c: the run's conclusions as the terminal prints them; caller frees */
char	*view_conclusions(const struct results *res, const struct summary *sum);

/* view-pivot.c: a metric by block size (rows) and workload x depth x jobs (columns) */
void	 view_pivot(const struct results *res, const struct summary *sum, enum view_metric metric,
	     struct view_table *t);
void	 view_percentiles(const struct results *res, const struct summary *sum,
	     struct view_table *t);
void	 view_best(const struct results *res, const struct summary *sum, unsigned mode,
	     enum view_metric metric, int *best, unsigned *count);
const char *view_best_at(const struct summary *sum, const struct cell_result *r, char *buf,
	     size_t len);
void	 view_pivot_best(const struct results *res, const struct summary *sum,
	     enum view_metric metric, struct view_table *t);

/* view-summary.c: per workload its peaks, QD1 4K latency, the knee and the expected caps */
/*
 * A mean latency this many times the p50 or more tells of two populations:
 * for it, the I/Os above the p50 must hold 95% of all the time waited or
 * more (the half at or below it hold at most half a p50 each: 5% of ten
 * p50s), as 1% of them at 1000x the p50 would, which one population of I/O
 * times does not do; a cache's misses among its hits, I/Os that wait for a
 * throttle's tokens, or stalls do.  The mean cannot fall to a tenth of the
 * p50 (half the I/Os take the p50 or more, so the mean is half of it at
 * least): only a high mean is told.
 */
#define SUMMARY_LAT_TWO_POPULATIONS	10.0

void	 view_summary(const struct results *res, const struct summary *sum, struct view_table *t);
const char *view_summary_lat_note(const struct view_table *t, unsigned row);
const char *view_summary_marks(const struct view_table *t, char *buf, size_t len);

/* view-io.c: per workload the cells, time, I/Os and bytes read and written */
void	 view_io(const struct results *res, const struct summary *sum, struct view_table *t);

/*
 * view-load.c: per workload of the open-loop cells, latency against the
 * rate achieved: the report's table, and the chart's lines (stem "load"):
 * per workload its rates' achieved IOPS and p50, p99, p99.9 from the due
 * time (ms), by rate, and its cap (the closed-loop cells' best IOPS; 0:
 * none).  view_load_chart returns NULL for a run without open-loop cells.
 */
struct view_load_line {
	char		*name;		/* "randread 4K QD32" */
	double		 cap;
	unsigned	 n;
	double		*iops, *p50, *p99, *p999;
};

struct view_load {
	struct view_load_line *lines;
	unsigned	 n;
};

void	 view_load(const struct results *res, const struct summary *sum, struct view_table *t);
struct view_load *view_load_chart(const struct results *res);
void	 view_load_free(struct view_load *l);

/*
 * view-jobs.c: per workload at several job counts, IOPS by depth x jobs,
 * saturation, scaling (a large run's: each job count's best of every depth);
 * the cells by workload, block size (an index into summary.bs), depth and
 * jobs that the table and the heat map show
 */
void	 view_jobs(const struct results *res, const struct summary *sum, struct view_table *t);
unsigned view_jobs_counts(const struct summary *sum, unsigned wl, unsigned *jobs);
unsigned view_jobs_depths(const struct summary *sum, unsigned wl, unsigned b, unsigned *depth);
int	 view_jobs_cell(const struct results *res, const struct summary *sum, unsigned wl,
	     unsigned b, unsigned depth, unsigned jobs);
int	 view_jobs_best(const struct results *res, const struct summary *sum, unsigned wl,
	     unsigned b, unsigned jobs);

/* view-burst.c: the cells whose IOPS dropped and stayed down */
void	 view_bursts(const struct results *res, const struct summary *sum, struct view_table *t);

/* view-check.c: per cell, its failed BW check, or its failure, with why */
void	 view_mismatches(const struct results *res, const struct summary *sum,
	     struct view_table *t);
void	 view_problems(const struct results *res, const struct summary *sum, struct view_table *t);
unsigned view_check_counts(const struct results *res, unsigned *checked, unsigned *pass);

/* view-findings.c: per workload the sentences of its caps and saturation, in these columns */
enum { FIND_EXPECT, FIND_SATURATION, FIND_COLS };
void	 view_findings(const struct results *res, const struct summary *sum, struct view_table *t);
/*
 * An --auto run's findings (results.autoplan) in words, one sentence each
 * in the order report.md lists them; an older record's as it stored them.
 * *n gets how many.  Caller frees with view_lines_free().
 */
char	**view_auto_findings(const struct results *res, unsigned *n);
void	 view_lines_free(char **lines, unsigned n);

/* view-rounds.c: --rounds-until-steady's tracking cells, round by round, and the window */
void	 view_rounds(const struct results *res, const struct summary *sum, struct view_table *t);

/* view-run.c: target, host, plan and versions as key / value rows */
void	 view_run(const struct results *res, const struct summary *sum, struct view_table *t);

/* view-curves.c: the queue-depth curves, for the saturation charts and sheet */
void	 view_curves(const struct results *res, const struct summary *sum,
	     struct view_curves *v);
const struct view_curve *view_curves_saturating(const struct view_curves *v, unsigned wl);
void	 view_curves_free(struct view_curves *v);

/* view-build.c: every view of a run, and its sections; the caller frees them with view_free(). */
void	 view_build_run(struct view *v, const struct results *res);
void	 view_build(struct view *v, const struct results *res, const struct summary *sum);
void	 view_free(struct view *v);

/*
 * sweep compare: runs side by side (view-compare-build.c; its views in
 * view-compare.c, drawn by compare*.c).  A row is a cell (mode,
 * bs, depth, jobs) measured in at least one run; rows are sorted by mode
 * (first seen), depth, jobs, then block size, so each line of a chart (a
 * mode x depth x jobs of one run) is a run of consecutive rows.
 */
enum compare_metric { COMPARE_IOPS, COMPARE_BW, COMPARE_P99, COMPARE_METRICS };
enum compare_column { COMPARE_COL_VALUE, COMPARE_COL_RATIO, COMPARE_COL_WINNER };

#define COMPARE_TIE		1.05	/* within 5% of the best: a tie */
#define COMPARE_WIN_TIE		-1	/* compare_row.winner: runs within COMPARE_TIE */
#define COMPARE_WIN_NONE	-2	/* fewer than two runs have the figure */

struct compare_run {
	char		*path;		/* its results.json */
	char		 label[160];	/* unique among the runs */
	struct results	 res;
	struct summary	 sum;
};

struct compare_row {
	enum rw_mode	 mode;
	unsigned	 wl;		/* its workload: index into compare.modes */
	uint64_t	 bs;
	unsigned	 depth, jobs;
	unsigned	 group;		/* index into compare.groups */
	int		*cell;		/* per run: index into its results.cells; -1 missing */
	int		 winner[COMPARE_METRICS];	/* run index, or COMPARE_WIN_* */
	bool		 tie_with[COMPARE_METRICS][8];	/* runs in a tie (the first 8) */
};

/* A line of the charts per run: one mode x depth x jobs, rows first .. first + n - 1. */
struct compare_group {
	enum rw_mode	 mode;
	unsigned	 wl;		/* its workload: index into compare.modes */
	unsigned	 depth, jobs;
	unsigned	 first, n;
	unsigned	 variant;	/* rank of depth x jobs: dash and marker */
	char		 name[64];	/* "randread QD8" or "randread QD8 x4 jobs" */
};

struct compare {
	struct compare_run	*runs;
	unsigned		 nruns;
	struct compare_row	*rows;
	unsigned		 nrows;
	struct compare_group	*groups;
	unsigned		 ngroups;
	unsigned		 ncommon;	/* rows every run has */
	unsigned		*nmissing;	/* per run: rows it lacks */
	/*
	 * The workloads of every run, in first-seen order: a mode, or a mixed
	 * mode at one read share when the runs have it at several (only mode,
	 * share, name, stem, color and rgb are set).
	 */
	struct summary_mode	*modes;
	unsigned		 nmodes;
	uint64_t		*bs;		/* every block size, ascending */
	unsigned		 nbs;
	char			**verdict;	/* per modes[] entry */
	/* [(m * nruns + k) * nbs + b]: run k's best IOPS at bs[b] over run 0's; NAN none */
	double			*bs_ratio;
	char			*bottom;	/* the one-line verdict of every mode; NULL none */
	bool			 all_cells;	/* a row also for a cell no run has figures of */
	const struct compare_fleet *fleet;	/* the runs are a fleet's hosts, or NULL */
};

/*
 * The hosts of one fio client/server run (run --hosts, or the import of
 * its output), compared as the runs of a comparison: hosts.md, hosts.csv.
 */
struct compare_fleet {
	const char		*label;		/* --label, or NULL */
	const char		*source;	/* the fio output imported, or NULL: a run */
	const struct host_list	*hosts;		/* a run per host, in this order */
	struct fleet_total	 total;		/* fio's own aggregate */
};

/*
 * view-compare-build.c: the comparison, built once from the runs (cmd-compare.c,
 * compare-fleet.c) before its views.
 */
int	 compare_build(struct compare *cmp);
void	 compare_fleet_build(struct compare *cmp, const struct compare_fleet *fleet,
	     struct results *res);
void	 compare_free(struct compare *cmp);
double	 compare_value(const struct compare *cmp, const struct compare_row *row, unsigned k,
	     enum compare_metric m);
const char *compare_metric_name(enum compare_metric m);
const char *compare_winner_text(const struct compare *cmp, const struct compare_row *row,
	     enum compare_metric m, char *buf, size_t len);
const char *compare_rule(void);
int	 compare_lat_group(const struct compare *cmp, unsigned k, unsigned wl);
/* Caller frees. */
char	*compare_head(const struct compare *cmp, enum compare_column kind, unsigned k,
	     enum compare_metric m);
/* Caller frees. */
char	*compare_missing_text(const struct compare *cmp, const struct compare_row *row);


/*
 * view-compare.c: a comparison's tables, built once for every writer: the
 * runs, a table per workload (figures, ratios to the first run, winners,
 * per metric) and the cells only some runs have.  The caller frees them
 * with view_compare_free().
 */
enum view_compare_group {
	VIEW_CMP_ID,		/* bs, bs_bytes, bs_kib, depth, jobs (the row label: the mode) */
	VIEW_CMP_FIGURES,	/* per run, per metric */
	VIEW_CMP_RATIOS,	/* per run but the first, per metric: over the first run's */
	VIEW_CMP_WINNERS,	/* per metric */
	VIEW_CMP_MISSING,	/* the runs that lack the cell */
	VIEW_CMP_GROUPS
};
/*
 * A line of a comparison's chart of one metric: one run's figures of one
 * mode x depth x jobs (for p99, of each workload's lowest depth with
 * latency), at the block sizes that have one (none: npoints 0).
 */
struct compare_line {
	unsigned	 run;		/* index into compare.runs: the line's dash */
	unsigned	 group;		/* index into compare.groups: its mode's colour, its marker */
	char		*title;		/* "gp2 randread QD8" */
	unsigned	 npoints;
	uint64_t	*bs;		/* ascending */
	double		*value;		/* in the metric's unit (compare_value) */
};
/* A run's provisioned cap (or burst) of a metric: a flat line of the charts. */
struct compare_cap {
	unsigned	 run;		/* index into compare.runs */
	bool		 burst;		/* the burst cap, not the baseline */
	double		 value;		/* in the metric's unit, above 0 */
};
struct compare_series {
	struct compare_line	*lines;		/* per run, per group (p99: its latency groups) */
	unsigned		 nlines;
	struct compare_cap	*caps;		/* per run, cap then burst, those given; none for p99 */
	unsigned		 ncaps;
	double			 max;		/* the largest value of a line; 0 none */
};
struct compare_view {
	struct view_table	 runs;
	struct view_table	*modes;		/* per compare.modes entry */
	unsigned		 nmodes;
	struct view_table	 missing;
	struct view_table	 cells;		/* every row, in groups (enum view_compare_group) */
	struct view_table	 fleet[COMPARE_METRICS];	/* a fleet's: cells by hosts, spread */
	struct view_table	 hosts;		/* a fleet's: a row per host and cell */
	struct view_table	 verdicts;	/* per workload: its verdict */
	struct view_table	 limits;	/* per run: against its caps; no row: none has any */
	struct view_table	 peaks;		/* per run with caps and workload: its peaks */
	struct view_table	 load;		/* the runs' open-loop cells side by side (view-load.c) */
	char			*unsteady;	/* the runs' cells not steady, a sentence; NULL none */
	char			*unwritten;	/* the runs that read a region never written; NULL none */
	char			*marks;		/* what the figures' and ratios' marks mean; NULL none */
	struct compare_series	 series[COMPARE_METRICS];	/* the charts' lines */
	struct view_heat	*heat;		/* the heat maps (view-chart-heat.c) */
	unsigned		 nheat;
};
void	 view_compare_build(struct compare_view *v, const struct compare *cmp);
/* view-load.c: the runs' open-loop cells side by side (results_drop_open moved them) */
void	 view_load_compare(const struct compare *cmp, struct view_table *t);
void	 view_compare_free(struct compare_view *v);

/*
 * Issue 34: what the documents (report.md, report.html) and the workbook
 * draw beside their tables, built once by view_build() into view.docs so
 * that a renderer reads the view alone: the run's header, its workloads,
 * the notes (banners, steady state, stability, bursts) with the counts a
 * renderer picks its words and colours by, and what --retry-unstable and
 * --rounds-until-steady did.
 */

/* Where a banner is drawn: it names the places that format marks a figure. */
enum view_where { VIEW_WHERE_DOC, VIEW_WHERE_SHEET, VIEW_WHERES };

/* The run's header.  Its strings are the results' own: valid while they are. */
struct view_header {
	const char	*label;
	const char	*description;	/* "" none */
	const char	*target;	/* its path */
	const char	*model;		/* "" none */
	bool		 device;	/* a block device, not a file */
	uint64_t	 used;		/* bytes of the target used; 0: not said */
	const char	*host, *started, *engine, *version;
	char		 per_cell[48];	/* "60 s" (view_per_cell); "" not known */
	const char	(*warnings)[256];	/* nwarnings of them */
	unsigned	 nwarnings;
	const struct expect *expect;	/* the provisioned caps; expect->set: there are some */
};

/* A workload as the documents and sheets name it (summary.modes, the same order). */
struct view_workload {
	const char	*name;		/* "randrw 65/35" */
	const char	*knee_text;
	uint32_t	 rgb;		/* its colour, 0xrrggbb */
	unsigned	 ncells;	/* cells with figures */
	unsigned	 ntimed;	/* of them, with a per-second series */
	enum expect_verdict verdict;	/* against the spec */
};

/* The counts a renderer picks words and colours by. */
struct view_counts {
	unsigned	 ndone, nfailed, nskipped, nmismatch, nunsteady, nburst;
	unsigned	 checked, pass, unchecked;	/* the BW check (view_check_counts) */
	bool		 table;		/* figures from a table (engine "table") */
	bool		 device;	/* some cell has the device's counters */
	unsigned	 caveats;	/* VIEW_* caveats of any cell (view_caveats_all) */
};

/* The notes, each a sentence (or NULL: none); built by view-notes.c.  */
struct view_notes {
	char		*unwritten[VIEW_WHERES];	/* reads of a region never written */
	char		*unsteady[VIEW_WHERES];		/* cells not steady, named */
	char		*verdict;	/* the bottom line against the spec, without its stop */
	bool		 verdict_off;	/* below the spec or above the cap */
	const char	*below_advice;	/* what holds a volume below its caps (static) */
	char		*steady;	/* how the cells ended; NULL: imported figures */
	char		*stability;	/* how steady they were */
	char		*burst;		/* what burst detection found */
	struct view_counts counts;
};

/* A cell --retry-unstable ran again. */
struct view_retry_cell {
	char		*name;		/* "randread 4K QD1" (" x4 jobs") */
	char		*note;		/* its attempts (results_attempt_note) */
	int		 cell;		/* index into results.cells */
};

/* --retry-unstable: what it did (view-retry.c). */
struct view_retry {
	char		*none;		/* it was on and no cell had to run again; else NULL */
	char		*text;		/* the cells run again and the rule; NULL: none was */
	bool		 unsteady;	/* some cell run again is still not steady */
	struct view_retry_cell *cells;
	unsigned	 ncells;
};

/* --rounds-until-steady: whether, at which round and over which window. */
struct view_rounds_verdict {
	bool		 on;
	bool		 reached;
	char		*text;
};

/* An --auto run: how its cells were chosen, and what it found (results.autoplan). */
struct view_measured {
	bool		 on;
	char		*text;		/* the cells by the question that chose them */
	const char	*like;		/* --like: the run measured again, after text; else NULL */
	char		**findings;	/* what it found (view_auto_findings), nfindings of them */
	unsigned	 nfindings;
};

struct view_docs {
	struct view_header	 head;
	struct view_measured	 measured;
	struct view_workload	*wl;		/* per summary.modes entry */
	unsigned		 nwl;
	char			 shares[256];	/* the read shares, "" none (view_summary_shares_text) */
	unsigned		 nseries;	/* lines of the pivot charts (summary.nseries) */
	const uint64_t		*bs;		/* block sizes with figures, ascending (summary.bs) */
	unsigned		 nbs;
	struct view_notes	 notes;
	struct view_retry	 retry;
	struct view_rounds_verdict rounds;
};

/* view-notes.c */
void	 view_notes_build(struct view_notes *n, const struct results *res,
	     const struct summary *sum);
void	 view_notes_free(struct view_notes *n);

/* view-retry.c */
void	 view_retry_build(struct view_retry *v, struct view_rounds_verdict *r,
	     const struct results *res, const struct summary *sum);
void	 view_retry_free(struct view_retry *v, struct view_rounds_verdict *r);

/* view-docs.c: the header and workloads, then the notes and retries; caller frees (view_docs_free) */
struct view_docs *view_docs_build(const struct results *res, const struct summary *sum);
void	 view_docs_free(struct view_docs *d);

/*
 * ---- The charts' views (issue 34): view-chart.c, view-chart-heat.c ----
 * What the gnuplot charts draw, built once by view_build() (a comparison's
 * heat maps by view_chart_compare_heats()): every figure a chart plots,
 * its flags and marks, the choices (bars or lines, which charts), so that
 * a chart renderer reads the view only, never the cells or the summary.
 */

/* A point of a chart: one cell's figures in the charts' units; NaN where it has none. */
struct view_chart_point {
	int		 cell;		/* index into results.cells; -1: no cell, every figure NaN */
	enum cell_status status;
	uint64_t	 bs;
	unsigned	 depth, jobs;
	double		 v[METRIC_COUNT];	/* view_metric_value(): NaN no figure (a latency of 0) */
	/* --repeat: the interval of the median round of IOPS [0] and MiB/s [1]; else the figure. */
	double		 lo[2], hi[2];
	bool		 spread[2];	/* lo, hi are an interval (analysis_rounds_spread) */
	bool		 rounds;	/* the cell ran more than one round */
	unsigned	 caveats;	/* view_caveats(): VIEW_CAVEATS bits */
};

/* A chart: its file stem ("iops"), its title, its workload (series-, jobs-: index into modes). */
struct view_chart_entry {
	char		 stem[48];
	char		 title[96];
	unsigned	 wl;
};
/* The most charts a report draws: 7, then each workload's heat map and series chart up to this. */
#define VIEW_CHARTS_MAX		32

/* A cell with a per-second series (series-MODE), in run order. */
struct view_chart_timed {
	unsigned	 wl;
	int		 cell;
	uint64_t	 bs;
	unsigned	 depth, jobs;
	unsigned	 nsec;
	const uint64_t	*ios;		/* per second: I/Os (the record's; the view does not own it) */
	enum burst_kind	 burst;		/* BURST_CLIFF, BURST_DECLINE drawn; else none */
	unsigned	 burst_at_s;
};

/*
 * A heat map: rows by columns of squares, in one panel or more (a
 * comparison's: a run each after the first), each square a figure for its
 * colour (NaN: a blank square), its label and ink, its caveats, and
 * figures for a reader of the data (extra, NaN none).
 */
#define VIEW_HEAT_EXTRA		4
#define VIEW_HEAT_MAX		16	/* a comparison's heat maps: a workload each */
#define VIEW_HEAT_INK_DARK	0	/* a label on a light square */
#define VIEW_HEAT_INK_WHITE	1	/* on a dark one */
#define VIEW_HEAT_INK_NONE	2	/* on a blank one */
struct view_heat_square {
	double		 value;
	char		 label[64];
	unsigned	 ink;		/* VIEW_HEAT_INK_* */
	unsigned	 flags;		/* VIEW_CAVEATS */
	double		 extra[VIEW_HEAT_EXTRA];
};
struct view_heat {
	unsigned	 wl;		/* its workload */
	char		 stem[48];	/* "jobs-randread", "compare-heat-randread" */
	char		 title[96];
	unsigned	 nrows, ncols, npanels;
	char		**row_label;	/* "4 KiB QD8" */
	uint64_t	*row_bs;	/* per row: its block size (a line between sizes) */
	bool		 row_groups;	/* rows come in groups of a block size */
	char		**col_label;	/* "2 jobs", "QD8 x4 jobs" */
	char		**panel;	/* per panel: its title, or NULL for one panel */
	const char	*value_name;	/* the .dat's column of value: "IOPS", "log2" */
	const char	*ink_name;	/* "white", "ink" */
	int		 decimals;	/* of value; -1: %.6g */
	const char	*extra_name[VIEW_HEAT_EXTRA];
	int		 extra_decimals[VIEW_HEAT_EXTRA];	/* -1: %.6g */
	unsigned	 nextra;
	struct view_heat_square *sq;	/* npanels x nrows x ncols */
	unsigned	 flags;		/* every square's caveats */
	/* The colour scale: log or linear, lo to hi; the values' own range. */
	bool		 log;
	double		 lo, hi;
	struct view_range range;
};

/*
 * The throttle signature (view-chart-throttle.c): cells at their mode's
 * IOPS cap, each its per-second IOPS and its whole-window p99.
 */
#define VIEW_THROTTLE_MAX	4	/* lines: the cells with the most IOPS */
#define VIEW_THROTTLE_NEAR	0.10	/* at the cap: within 10% below it, or above */
struct view_throttle_line {
	unsigned	 wl;
	int		 cell;
	uint64_t	 bs;
	unsigned	 depth, jobs;
	unsigned	 nsec;
	const uint64_t	*ios;		/* per second (the record's) */
	double		 p99_us;	/* the cell's, over its whole window */
	double		 cap;		/* its mode's IOPS cap, measured or provisioned */
	unsigned	 caveats;
};
struct view_throttle {
	struct view_throttle_line line[VIEW_THROTTLE_MAX];
	unsigned	 n;
	double		 provisioned;	/* results.expect's IOPS; 0 none */
};
/* The latency distribution per depth: each line min, p50 ... p99.99, max (us). */
#define VIEW_CDF_MODES		2
#define VIEW_CDF_MAX		16
#define VIEW_CDF_POINTS		(PCT_COUNT + 2)
struct view_cdf_line {
	unsigned	 wl, series;	/* series: into summary.series (its name and variant) */
	unsigned	 depth, jobs;
	int		 cell;
	unsigned	 caveats;
	double		 lat_us[VIEW_CDF_POINTS];
};
struct view_cdf {
	uint64_t		 bs;
	struct view_cdf_line	 line[VIEW_CDF_MAX];
	unsigned		 n;
};

struct view_chart {
	bool			 bars;	/* grouped bars, not lines: no workload has 3 block sizes */
	bool			 big;	/* view_big(): a line per mode, its best (iops, bw) */
	bool			 rounds;	/* some cell ran rounds (--repeat): error bars */
	bool			 has_iops, has_bw, has_latency;
	bool			 saturates;	/* a workload's saturation was found: curves */
	const struct summary_mode *modes;	/* the summary's workloads */
	unsigned		 nmodes;
	const uint64_t		*bs;		/* the summary's block sizes */
	unsigned		 nbs;
	const struct summary_series *series;	/* the summary's lines (their names, colours) */
	unsigned		 nseries;
	struct view_chart_point	*point;	/* nseries x nbs: series s at bs b, point[s * nbs + b] */
	/* Per workload x block size, the best cell by IOPS [0] and MiB/s [1] (view_best()). */
	struct view_chart_point	*best[2];
	struct view_chart_point	 score[SCORE_TILES][2];	/* the scorecard's tiles; cell -1 none */
	unsigned		 nscore;
	double			 score_pct[SCORE_TILES][2];	/* of the tile's cap (vch_score_pct); 0 none */
	char			*score_test;	/* the scorecard's "Test: ..." line */
	struct expect		 expect;	/* the caps drawn (results.expect) */
	enum expect_verdict	 verdict;
	const char		*verdict_text;
	char			*title_run;	/* the run's label, before a chart's title */
	char			*title_where;	/* "target (model), 2026-11-30 07:59 UTC" */
	struct view_chart_timed	*timed;
	unsigned		 ntimed;
	struct view_heat	*jobs;		/* per workload at two job counts or more */
	unsigned		 njobs;
	struct view_chart_entry	 entry[VIEW_CHARTS_MAX];	/* the charts, in order */
	unsigned		 nentries;
	struct view_throttle	 throttle;	/* view-chart-throttle.c */
	struct view_cdf		 cdf;
};

/* view-chart.c */
void	 view_chart_build(struct view_chart *vc, const struct results *res,
	     const struct summary *sum);
void	 view_chart_free(struct view_chart *vc);
bool	 view_chart_bars(const struct summary *sum);
bool	 view_chart_saturates(const struct summary *sum);
unsigned view_chart_list(const struct summary *sum, struct view_chart_entry *out, unsigned max);
const struct view_chart_point *view_chart_at(const struct view_chart *vc, unsigned s, unsigned b);
const char *view_chart_wl_name(const struct view_chart *vc, const struct cell *c);

/* view-chart-throttle.c: the throttle signature's and the latency distribution's lines */
void	 view_chart_throttle_build(struct view_chart *vc, const struct results *res,
	     const struct summary *sum);

/* view-chart-heat.c: the heat maps, a run's by depth x jobs and a comparison's ratios */
void	 view_heat_init(struct view_heat *h, unsigned nrows, unsigned ncols, unsigned npanels);
struct view_heat_square *view_heat_at(const struct view_heat *h, unsigned panel, unsigned row,
	     unsigned col);
void	 view_heat_free(struct view_heat *h);
unsigned view_chart_jobs_heats(const struct results *res, const struct summary *sum,
	     const struct view_chart_entry *e, unsigned n, struct view_heat **out);
/* Caller frees each with view_heat_free(), then the array. */
unsigned view_chart_compare_heats(const struct compare *cmp, struct view_heat **out);

/* view-hold.c: the hold chart's entry, first of vc's */
void	 view_hold_chart_entry(const struct view_hold *vh, struct view_chart *vc);

#endif
