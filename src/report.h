/*
 * Reports: every output format is one entry of a table of writers
 * (report.c); each reads only struct results and the summary built from it
 * once (report-summary.c), so a report can be made again from results.json
 * alone.  Prototypes are listed in sections named after their file.
 */
#ifndef REPORT_H
#define REPORT_H

#include "sweep.h"

#define REPORT_CSV	0x01	/* results.csv */
#define REPORT_XLSX	0x02	/* report.xlsx */
#define REPORT_PNG	0x04	/* iops.png, bw.png, latency.png, series-MODE.png */
#define REPORT_SVG	0x08	/* the same charts as .svg */
#define REPORT_MD	0x10	/* report.md */
#define REPORT_HTML	0x20	/* report.html (inlines the .svg charts) */
#define REPORT_DEFAULT	(REPORT_CSV | REPORT_XLSX | REPORT_PNG | REPORT_SVG | REPORT_MD | \
			 REPORT_HTML)

/* A line of the pivot tables and charts: one mode x depth x jobs, a cell per block size. */
struct summary_series {
	enum rw_mode	 mode;
	unsigned	 depth;
	unsigned	 jobs;
	char		 name[64];	/* "randread QD8", or "randread QD8 x4 jobs" */
	char		 column[32];	/* "QD8" or "QD8 x4": the column in a per-mode table */
	unsigned	 variant;	/* rank of depth x jobs among all series: dash and marker */
	int		*cell;		/* per summary.bs[]: index into results.cells, -1 none */
};

enum knee_kind {
	KNEE_TOO_FEW,		/* fewer than 3 block sizes, or they span less than 4x */
	KNEE_FOUND,		/* IOPS-bound below knee_bs, bandwidth-bound above */
	KNEE_IOPS_BOUND,	/* IOPS-bound at every block size measured */
	KNEE_BW_BOUND		/* bandwidth-bound at every block size measured */
};

/* Where a mode stops being IOPS-bound and becomes bandwidth-bound; see report-summary.c. */
struct knee {
	enum knee_kind	 kind;
	unsigned	 npoints;	/* distinct block sizes used */
	uint64_t	 bs_min, bs_max;
	double		 iops_cap;	/* the IOPS plateau, IOPS */
	double		 bw_cap;	/* the bandwidth plateau, bytes/s */
	double		 knee_bs;	/* bw_cap / iops_cap: where the two lines cross, bytes */
	double		 peak_iops, peak_bw;	/* of the points, for the no-knee verdicts */
	uint64_t	 peak_iops_bs, peak_bw_bs;
	char		 text[320];	/* the verdict in one sentence */
};

struct summary_mode {
	enum rw_mode	 mode;
	unsigned	 ncells;	/* cells of this mode with figures */
	unsigned	 ntimed;	/* of them, with a per-second series */
	int		 peak_iops;	/* index into results.cells, -1 none */
	int		 peak_bw;
	int		 qd1_4k;	/* bs 4 KiB, depth 1, jobs 1; -1 not measured */
	struct knee	 knee;
};

/* What every report shows first; built once by report_summary_build(). */
struct summary {
	struct summary_mode	 modes[MODE_COUNT];
	unsigned		 nmodes;
	uint64_t		*bs;		/* distinct block sizes with figures, ascending */
	unsigned		 nbs;
	struct summary_series	*series;	/* in the plan's order */
	unsigned		 nseries;
	bool			 multi_jobs;	/* some cell ran more than one job */
	bool			 has_latency;	/* some cell has latency percentiles */
	unsigned		 ndone;		/* cells with figures (ok, failed with I/O) */
	unsigned		 nfailed, nskipped;
	unsigned		 npass;		/* cells whose BW check is ok */
	unsigned		*mismatch;	/* indexes into results.cells */
	unsigned		 nmismatch;
};

/* What the writers share during one report_write_all(). */
struct report_ctx {
	const struct results	*res;
	const struct summary	*sum;
	const char		*dir;
	unsigned		 mask;		/* REPORT_* asked for */
	const char		*gnuplot;	/* --gnuplot, NULL: search PATH */
	bool			 charts_done;	/* the chart writer ran */
	unsigned		 rendered;	/* REPORT_PNG | REPORT_SVG rendered by gnuplot */
	char			 chart_note[512];	/* why the charts are not rendered */
	char			 error[512];	/* a writer's message for its failure */
};

/* A figure of a cell, for pivot tables and charts. */
enum report_metric {
	METRIC_IOPS,
	METRIC_MIB_S,
	METRIC_MB_S,
	METRIC_P50_US,
	METRIC_P99_US,
	METRIC_P999_US,
	METRIC_COUNT
};

/* A table of text built once and written as Markdown or HTML; row 0 is the header. */
struct report_table {
	char		 title[128];
	unsigned	 ncols, nrows, cap;
	char		**text;		/* nrows x ncols, row-major */
	unsigned char	*flag;		/* per cell: REPORT_FLAG_* */
	char		**why;		/* per cell: what the flag means, or NULL */
	bool		*numeric;	/* per column: right-aligned */
};
#define REPORT_FLAG_MISMATCH	0x1	/* the cell's BW check failed */
#define REPORT_FLAG_FAILED	0x2	/* the cell failed or was skipped */

/* A chart: its file stem ("iops") and what it shows. */
struct report_chart {
	char	stem[48];
	char	title[96];
};

/* report.c */
int	 report_parse_formats(const char *, unsigned *);
int	 report_write_all(const struct results *, const char *, unsigned, const char *);
int	 report_command(struct config *);
const char *report_size_label(uint64_t, char *, size_t);
const char *report_num(double, int, char *, size_t);
const char *report_approx(double, char *, size_t);
bool	 report_has_figures(const struct cell_result *);

/* report-table.c */
const char *report_metric_name(enum report_metric);
double	 report_metric_value(const struct cell_result *, enum report_metric);
void	 report_table_init(struct report_table *, const char *, unsigned, const char *const *);
void	 report_table_set(struct report_table *, unsigned, unsigned, const char *, ...)
	     __attribute__((format(printf, 4, 5)));
void	 report_table_flag(struct report_table *, unsigned, unsigned, unsigned, const char *);
unsigned report_table_add_row(struct report_table *);
void	 report_table_free(struct report_table *);
void	 report_table_summary(const struct report_ctx *, struct report_table *, bool);
void	 report_table_mismatches(const struct report_ctx *, struct report_table *);
void	 report_table_pivot(const struct report_ctx *, unsigned, enum report_metric,
	     struct report_table *);
void	 report_table_checks(const struct report_ctx *, struct report_table *);
void	 report_table_problems(const struct report_ctx *, struct report_table *);
void	 report_table_run(const struct report_ctx *, struct report_table *);

/* report-summary.c */
void	 report_summary_build(const struct results *, struct summary *);
void	 report_summary_free(struct summary *);
void	 report_summary_knee(const uint64_t *, const double *, unsigned, struct knee *);
const char *report_summary_at(const struct cell_result *, char *, size_t);

/* report-csv.c: report_csv_write() is in sweep.h (the run writes the CSV after every cell). */

/* report-xlsx.c */
int	 report_xlsx_write(struct report_ctx *);

/* report-gnuplot.c: the shell command that renders every chart of a folder by hand */
#define REPORT_GNUPLOT_ALL	"for f in *.gp; do gnuplot \"$f\"; done"
int	 report_gnuplot_write(struct report_ctx *);
unsigned report_gnuplot_charts(const struct summary *, struct report_chart *, unsigned);
/* Caller frees. */
char	*report_gnuplot_find(const char *);

/* report-md.c */
int	 report_md_write(struct report_ctx *);

/* report-html.c */
int	 report_html_write(struct report_ctx *);

#endif
