/*
 * sweep: characterize a disk, volume or file with a matrix of direct-I/O tests.
 *
 * Data path: command line / sweep file (options.c) -> plan (plan.c) ->
 * target (target.c) -> engine (engine-*.c) -> run (run.c) -> results
 * (results.c) -> reports (report-*.c).  Every prototype is listed here in a
 * section named after the file that defines it.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "target.h"	/* struct results holds a struct target */

#define SWEEP_SCHEMA_VERSION 1

/* Exit codes (documented in sweep.1 and README). */
#define SWEEP_EXIT_OK		0	/* every cell ran */
#define SWEEP_EXIT_FAILED	1	/* a cell failed (I/O error) or the run could not complete */
#define SWEEP_EXIT_USAGE	2	/* bad input: nothing was written to the target */
#define SWEEP_EXIT_INTERRUPTED	130	/* SIGINT/SIGTERM: finished cells were kept */

/*
 * Errors, one convention for every file below main:
 *
 * - A function returns 0 (or a count, or 1/0 for a question) on success
 *   and -errno on failure; a library's own code (libxlsxwriter's lxw_error)
 *   only inside the file that calls the library.
 * - Whoever knows what the user gave prints, once, one line through
 *   sweep_error, naming that input and what would be right: checks of
 *   options, sweep files, targets and plans print and return -EINVAL, and
 *   their callers print nothing more.  Writing the target's region
 *   (laying out a file, preconditioning a device) prints "VERB PATH: call:
 *   strerror" itself and returns -errno.
 * - Helpers that do not know the input (write_file_atomic, mkdir_p,
 *   read_sysfs_*, devstat_read, results_write_json, the report writers)
 *   print nothing and return -errno; their caller adds the context
 *   ("DIR/results.csv: No space left on device").  Parsers of a buffer
 *   (results_from_json, profile_parse) fill an error text instead, for the
 *   caller to prefix with the file's name.
 * - An I/O error inside a cell is data, not a message: the engine records
 *   the failing call in job->err_syscall (its err_read/err_write names for
 *   completions) and the cell keeps it in its result and status_reason.
 * - Only the commands turn results into exit codes (-EINVAL from a check:
 *   SWEEP_EXIT_USAGE; a failed run: SWEEP_EXIT_FAILED, or _INTERRUPTED when
 *   sweep_interrupted) and only main exits.  The exceptions: xmalloc stops
 *   the program when memory runs out, and a forked child that cannot exec
 *   calls _exit(126/127).
 */

#define NSEC_PER_SEC	1000000000ULL
#define KIB		1024ULL
#define MIB		(1024ULL * 1024)
#define GIB		(1024ULL * 1024 * 1024)

#define SWEEP_BS_MIN		512ULL
#define SWEEP_BS_MAX		(64 * MIB)
#define SWEEP_DEPTH_MAX		4096
#define SWEEP_JOBS_MAX		256
#define SWEEP_LIST_MAX		64
#define SWEEP_GROUPS_MAX	32

/* The six access patterns, in fio's vocabulary. */
enum rw_mode {
	MODE_READ,
	MODE_WRITE,
	MODE_RANDREAD,
	MODE_RANDWRITE,
	MODE_READWRITE,
	MODE_RANDRW,
	MODE_COUNT
};

enum ddir { DDIR_READ, DDIR_WRITE };

/* A list of numbers from the command line or a sweep file. */
struct num_list {
	uint64_t	v[SWEEP_LIST_MAX];
	unsigned	n;
};

/* One sub-matrix of the plan: modes x read shares (mixed modes only) x bs x depth x jobs. */
struct group {
	unsigned	modes;		/* bit mask of 1 << enum rw_mode */
	unsigned	mode_order[MODE_COUNT];
	unsigned	nmodes;
	struct num_list	rwmixread;	/* percent of reads of readwrite and randrw cells */
	struct num_list	bs;
	struct num_list	depth;
	struct num_list	jobs;
};

/* Everything the user asked for, from defaults, sweep file and command line. */
struct config {
	char		*device;
	char		*file;
	char		*sweep_file;
	char		*out_dir;
	char		*label;
	char		*engine;
	char		*description;
	char		*formats;	/* report formats, e.g. "csv,xlsx,png" */
	char		*gnuplot;	/* gnuplot binary; NULL: search PATH */
	char		*fio_jobfile;	/* plan --fio-jobfile */
	char		*hosts;		/* run --hosts */
	char		*hosts_file;
	char		*csv;		/* import --csv */
	char		*host;		/* import --host: one host of fio client/server output */
	char		*expect;	/* --expect iops=N,bw=SIZE/s (profile.c) */
	char		*profile;	/* --profile NAME or PATH (profile.c) */
	uint64_t	 size;
	unsigned	 runtime_s;
	unsigned	 ramp_s;
	uint64_t	 seed;
	unsigned	 io_timeout_s;
	unsigned	 steady_pct;	/* 0: fixed runtime */
	unsigned	 steady_window_s;
	unsigned	 min_runtime_s;
	unsigned	 repeat;	/* --repeat: rounds of the whole plan */
	unsigned	 rounds_until_steady;	/* --rounds-until-steady MAX; 0 off */
	unsigned	 retry_unstable;	/* --retry-unstable N: re-runs of an unsteady cell */
	bool		 retry_unstable_set;	/* given (a resumed run keeps its own otherwise) */
	char		*resume;	/* run --resume DIR */
	bool		 auto_plan;	/* --auto: the cells are chosen as the run goes (auto.c) */
	unsigned	 budget_s;	/* --budget: the most an --auto run takes; 0 default */
	char		*like;		/* --auto --like DIR: the cells of an earlier run */
	bool		 keep;
	bool		 quiet;
	bool		 stop_on_error;
	bool		 size_set;
	unsigned	 plan_given;	/* options that define the plan or target were given */
	uint64_t	 plan_given_set;	/* bit i: option table entry i given (OPT_PLAN) */

	bool		 destructive;
	bool		 force;
	bool		 precondition;

	/*
	 * Matrix keys: a sweep file's top level (base) is inherited by each
	 * of its groups; keys given on the command line (cli) replace those
	 * of every group.
	 */
	struct group	 base;
	unsigned	 base_set;	/* bit mask of CFG_SET_* */
	struct group	 cli;
	unsigned	 cli_set;
	struct group	 groups[SWEEP_GROUPS_MAX];
	unsigned	 group_set[SWEEP_GROUPS_MAX];
	unsigned	 ngroups;

	char		**args;		/* positional arguments after the command */
	int		 nargs;
};
#define CFG_SET_MODES	0x1
#define CFG_SET_BS	0x2
#define CFG_SET_DEPTH	0x4
#define CFG_SET_JOBS	0x8
#define CFG_SET_RWMIX	0x10

struct cell {
	unsigned	index;
	enum rw_mode	mode;
	uint64_t	bs;
	unsigned	depth;
	unsigned	jobs;
	/*
	 * readwrite and randrw: the percent of reads (plan_cell_rwmixread);
	 * rwmix_set false (a cell an import made): the plan's rwmixread.
	 */
	unsigned	rwmixread;
	bool		rwmix_set;
	char		why[96];	/* --auto: why it was chosen ("coarse pass"); empty otherwise */
};

struct plan {
	struct cell	*cells;
	unsigned	 ncells;
	unsigned	 runtime_s;	/* the most a cell runs after its ramp */
	unsigned	 ramp_s;
	unsigned	 min_runtime_s;	/* steady state: the least a cell runs */
	unsigned	 steady_pct;	/* steady state: 0 off, else the IOPS band in percent */
	unsigned	 steady_window_s;
	unsigned	 io_timeout_s;
	unsigned	 rwmixread;	/* mixed cells' read share: the first given (each cell has its own) */
	uint64_t	 seed;
	uint64_t	 size;
	char		 engine[16];
	unsigned	 repeat;	/* rounds: the whole plan runs this many times, round by round */
	bool		 until_steady;	/* --rounds-until-steady: repeat is the most, steady ends it */
	unsigned	 retry_unstable;	/* re-runs of a stalled or noisy cell after the last */
};

/* The most re-runs --retry-unstable takes per cell: a cell unsteady 10 times is the device. */
#define SWEEP_RETRY_MAX		10

/* The most rounds --repeat takes: past a few dozen, drift is better seen in one long run. */
#define SWEEP_REPEAT_MAX	100

/*
 * --rounds-until-steady, the SNIA Solid State Storage PTS steady-state
 * rule: over the last SWEEP_STEADY_WINDOW_ROUNDS rounds each tracking cell
 * (the smallest block size at the highest depth, per mode) keeps its IOPS
 * within SWEEP_STEADY_EXCURSION of their mean (max - min), and their
 * least-squares line moves less than SWEEP_STEADY_SLOPE of it across the
 * window.  The specification's own numbers: 5 rounds, 20%, 10%.
 */
#define SWEEP_STEADY_WINDOW_ROUNDS	5
#define SWEEP_STEADY_EXCURSION		0.20
#define SWEEP_STEADY_SLOPE		0.10

/* A tracking cell of --rounds-until-steady over its window (analysis_rounds_steady). */
struct rounds_steady_track {
	unsigned	 cell;		/* index into the plan */
	double		 mean;		/* IOPS over the window */
	double		 excursion;	/* (max - min) / mean over the window */
	double		 slope;		/* the fitted line's move across the window / mean */
	bool		 steady;
};

/* The most tracking cells: one per mode, and per read share of the two mixed modes. */
#define SWEEP_TRACK_MAX		(MODE_COUNT + 2 * SWEEP_LIST_MAX)

/* Whether and when the rounds of a run got steady; the window ends at round `last`. */
struct rounds_steady {
	unsigned	 ntrack;
	struct rounds_steady_track track[SWEEP_TRACK_MAX];
	unsigned	 last;		/* 1-based round the window ends at; 0: fewer than 5 rounds */
	bool		 reached;	/* every tracking cell steady in the window ending at last */
};

/* Log-linear latency histogram; see hist.c for its error bound and memory cost. */
#define HIST_SUB_BITS	7
#define HIST_SUB	(1U << HIST_SUB_BITS)
#define HIST_MAX_BITS	40		/* values up to 2^40 ns (~18 min) are exact to the bound */
#define HIST_BUCKETS	((HIST_MAX_BITS - HIST_SUB_BITS) * HIST_SUB + 2 * HIST_SUB)

struct hist {
	uint64_t	n;
	uint64_t	min;
	uint64_t	max;
	double		sum;
	double		sumsq;
	uint64_t	count[HIST_BUCKETS];
};

/* Device counters (/sys/class/block/NAME/stat), in the kernel's order. */
enum {
	DS_READ_IOS, DS_READ_MERGES, DS_READ_SECTORS, DS_READ_TICKS,
	DS_WRITE_IOS, DS_WRITE_MERGES, DS_WRITE_SECTORS, DS_WRITE_TICKS,
	DS_IN_FLIGHT, DS_IO_TICKS, DS_TIME_IN_QUEUE,
	DS_DISCARD_IOS, DS_DISCARD_MERGES, DS_DISCARD_SECTORS, DS_DISCARD_TICKS,
	DS_FLUSH_IOS, DS_FLUSH_TICKS,
	DS_COUNT
};

struct devstat {
	uint64_t	f[DS_COUNT];
	bool		ok;
};

/* What the device itself did during a cell's measured window. */
struct dev_metrics {
	bool		valid;
	uint64_t	read_ios, write_ios;
	uint64_t	read_bytes, write_bytes;
	uint64_t	read_merges, write_merges;
	double		iops;
	double		bw_bytes_s;
	double		util_pct;	/* io_ticks / window */
	double		aqu_sz;		/* time_in_queue / window */
	double		await_us;	/* (read + write ticks) / ios */
	double		areq_bytes;	/* bytes / ios */
};

/* BW = IOPS x bs, three ways. */
struct bw_check {
	double		derived;	/* IOPS x bs, bytes/s */
	double		measured;	/* bytes transferred / measured time, bytes/s */
	double		device;		/* device bytes / measured time, bytes/s; < 0 unknown */
	double		diff_derived;	/* (derived - measured) / measured */
	double		diff_device;	/* (device - measured) / measured */
	bool		ok;
	char		reason[192];
};

#define BW_CHECK_DERIVED_TOL	0.01
#define BW_CHECK_DEVICE_TOL	0.05

#define PCT_COUNT 5
extern const double sweep_percentiles[PCT_COUNT];	/* 50, 90, 99, 99.9, 99.99 */

enum cell_status { CELL_PENDING, CELL_OK, CELL_FAILED, CELL_SKIPPED, CELL_PARTIAL };

#define CELL_DERIVED_IOPS	0x1	/* IOPS = bandwidth / bs */
#define CELL_DERIVED_BW		0x2	/* bandwidth = IOPS x bs */

/* How steady the last window of a per-second IOPS series is (analysis_steady_stats). */
struct steady_stats {
	unsigned	 n;		/* samples looked at; 0: too few to judge */
	double		 mean;		/* IOPS */
	double		 spread_pct;	/* largest distance from the mean, % of it */
	double		 trend_pct;	/* the fitted line's move across them, % */
};

/*
 * How steady a cell's measured window was, apart from its BW check
 * (analysis-stability.c): judged from the per-second series and the latency
 * figures.  Imported cells without a series are STABILITY_UNKNOWN, which
 * reports treat as usable but unjudged; NOISY and STALLED are "not steady".
 */
enum stability_verdict {
	STABILITY_UNKNOWN,
	STABILITY_STEADY,
	STABILITY_NOISY,
	STABILITY_STALLED
};

struct stability {
	enum stability_verdict verdict;
	double		 cv_pct;	/* coefficient of variation of per-second IOPS, %; < 0 unknown */
	unsigned	 nstalls;	/* seconds below STABILITY_STALL_FRAC of the level */
	unsigned	 nseconds;	/* whole seconds judged; 0 unknown */
	double		 level_iops;	/* the median second, or the best when the median stalled */
	double		 worst_pct;	/* the lowest second, % of level_iops */
	double		 max_over_p999;	/* latency max / p99.9; 0 unknown */
	double		 trend_pct;	/* the fitted line's move across the window, % of the mean;
					   negative: falling */
	char		 reason[160];	/* "stalled: 5 of 6 s below 10% of the first second (12,188 IOPS)" */
};

/*
 * The spread of one figure over a cell's ok rounds (analysis_rounds_spread):
 * the median (for an even count, the lower of the two middle values, so
 * that it is a measured round), the extremes, and the distribution-free
 * interval of the median from order statistics, [x(j), x(n+1-j)] for the
 * largest j whose coverage, 1 - 2 P(Binomial(n, 1/2) < j), is at least 95%.
 * Below 6 rounds no j reaches 95%: the interval is then the whole range,
 * whose coverage is only 1 - 2^(1-n) (75% for 3 rounds), and level_pct
 * says so.
 */
enum round_figure { ROUND_IOPS, ROUND_BW, ROUND_P50, ROUND_P99, ROUND_P999, ROUND_FIGURES };

#define ROUND_LEVEL_PCT		95.0	/* the interval's confidence where the rounds allow it */

struct round_spread {
	unsigned	 n;		/* ok rounds the figure comes from; < 2: no spread */
	double		 median, min, max;	/* IOPS, bytes/s or ns as the figure is */
	double		 lo, hi;	/* the interval of the median */
	double		 level_pct;	/* its coverage, %: 95 or more, or what n allows */
};

struct cell_result {
	struct cell	 cell;
	enum cell_status status;
	char		 status_reason[192];
	uint64_t	 runtime_ns;		/* measured window */
	uint64_t	 ios, bytes;
	uint64_t	 read_ios, write_ios, read_bytes, write_bytes;
	double		 iops;
	double		 bw_bytes_s;
	/* completion latency, submit to reap, nanoseconds */
	uint64_t	 lat_min_ns, lat_max_ns;
	double		 lat_mean_ns, lat_stdev_ns;
	uint64_t	 lat_pct_ns[PCT_COUNT];
	double		 cpu_usr_pct, cpu_sys_pct;	/* of one CPU, summed over jobs */
	uint64_t	 errors, short_ios;
	char		 err_syscall[32];
	int		 err_errno;
	uint64_t	 err_offset;
	unsigned	 inflight_max;		/* most I/Os in flight at once, summed over jobs */
	bool		 steady;		/* steady state reached (with --steady) */
	unsigned	 steady_at_s;		/* seconds after the ramp when it was */
	struct steady_stats steady_last;	/* its last window (mean not kept in results.json) */
	/* per-second series over the measured window */
	unsigned	 nseries;
	uint64_t	*series_ios;
	uint64_t	*series_bytes;
	unsigned	 derived;		/* CELL_DERIVED_*: figures computed, not given (imports) */
	struct dev_metrics dev;
	struct bw_check	 check;
	/* Set by analysis_stability_judge() wherever a cell is stored or loaded. */
	struct stability stability;

	/*
	 * --repeat N: every round of this cell, in the order they ran, each a
	 * whole measurement of its own (nrounds 0: the cell ran once and keeps
	 * no rounds).  The figures above are a copy of rounds[shown_round],
	 * the median round by IOPS (results_store_round).
	 */
	struct cell_result *rounds;
	unsigned	 nrounds;
	unsigned	 shown_round;
	/*
	 * The spread of each figure over the rounds, for results.json: set by
	 * results_rounds_spread() where rounds are stored or loaded, so that
	 * writing the record computes nothing.
	 */
	struct round_spread round_spread[ROUND_FIGURES];

	/*
	 * --retry-unstable N: every attempt of this cell in the order they ran
	 * (the first run, then each re-run; nattempts 0: it was never re-run).
	 * The figures above are a copy of attempts[shown_attempt], chosen by
	 * results_attempt_choose (results-attempt.c).
	 */
	struct cell_result *attempts;
	unsigned	 nattempts;
	unsigned	 shown_attempt;
};

/*
 * What the volume is provisioned for (--expect, --profile; profile.c): the
 * caps reports compare the figures with.  0 means not given.
 */
struct expect {
	bool		 set;
	double		 iops;			/* baseline (provisioned) IOPS */
	double		 bw_bytes_s;		/* baseline throughput */
	double		 burst_iops;		/* burst ceiling, when above the baseline */
	double		 burst_bw_bytes_s;
	double		 iops_floor;		/* published lower end (magnetic volumes) */
	double		 bw_floor_bytes_s;
	uint64_t	 size_bytes;		/* the volume size size-dependent caps used */
	char		 profile[64];		/* profile name; empty: --expect alone */
	char		 source[512];		/* where the caps were published */
	char		 basis[1024];		/* how they were computed, for the reader */
};

/*
 * What an --auto run found and how sure it is (auto.c), for the report's
 * "How this was measured": one line per question, settled or not.
 */
#define AUTOPLAN_FINDINGS	48	/* 7 per mode, for every mode */
struct autoplan_record {
	bool		 on;
	unsigned	 budget_s;	/* the most the run could take */
	unsigned	 elapsed_s;	/* what it took */
	unsigned	 target_pct;	/* a cap is settled when its range is within this */
	char		 like[256];	/* --like: the run whose cells were measured again */
	unsigned	 nfindings;
	char		 findings[AUTOPLAN_FINDINGS][240];
};

/* The one record everything else reads: results.json in memory. */
struct results {
	char		 tool_version[32];
	int		 schema_version;
	char		 host[128];
	char		 kernel[128];
	char		 started_utc[32];
	char		 label[128];
	char		 description[256];
	char		 engine[16];
	struct target	 target;
	struct plan	 plan;
	struct cell_result *cells;	/* plan.ncells entries */
	unsigned	 ndone;
	bool		 interrupted;
	char		 warnings[8][256];
	unsigned	 nwarnings;
	struct expect	 expect;
	struct autoplan_record autoplan;	/* --auto only */
};

/* xmalloc.c: allocation failure stops the program (tmux's rule). */
void	*xmalloc(size_t size);
void	*xcalloc(size_t n, size_t size);
void	*xrealloc(void *old, size_t size);
char	*xstrdup(const char *s);
/* Caller frees. */
char	*xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* util.c */
extern int sweep_error_silent;
extern volatile int sweep_interrupted;
void	 sweep_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	 sweep_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	 str_copy(char *dst, size_t len, const char *src);
const char *path_component(const char *name, char *out, size_t len);
bool	 path_same_dir(const char *a, const char *b);
double	 u64_median(const uint64_t *v, unsigned n);
void	 text_position(const char *text, size_t off, unsigned *line, unsigned *col);
void	 str_appendf(char **buf, size_t *len, const char *fmt, ...)
	     __attribute__((format(printf, 3, 4)));
uint64_t now_ns(void);
int	 file_create(const char *path);
FILE	*input_fopen(const char *path, const char **why);
int	 write_file_atomic(const char *path, const void *buf, size_t len);
/* A file written piece by piece, whole or not at all (PATH.tmp.PID, fsync, rename). */
#define ATOMIC_FILE_BUF	(256 * 1024)
struct atomic_file {
	char	*path, *tmp;
	int	 fd;
	int	 err;		/* the first write error: commit returns it */
	char	*buf;		/* ATOMIC_FILE_BUF bytes not yet written */
	size_t	 len;
};
int	 atomic_file_open(struct atomic_file *af, const char *path);
void	 atomic_file_write(struct atomic_file *af, const void *buf, size_t len);
int	 atomic_file_commit(struct atomic_file *af);
int	 mkdir_p(const char *path);
const char *size_short(uint64_t v, char *buf, size_t len);
const char *size_human(uint64_t v, char *buf, size_t len);
const char *duration_human(uint64_t ns, char *buf, size_t len);
int	 read_sysfs_str(const char *path, char *buf, size_t len);
int	 read_sysfs_u64(const char *path, uint64_t *v);
size_t	 utf8_prefix(const char *s, size_t max);
/* For "%.*s": s cut to n bytes at most on a character boundary (a message's quote of a value). */
#define TEXT_CUT(s, n)	(int)utf8_prefix((s), (n)), (s)
bool	 text_is_clean(const char *s);
bool	 text_clean(char *dst, size_t len, const char *src);
/* Caller frees. */
char	*text_clean_dup(const char *src);
const char *text_escape(const char *s, char *out, size_t len);
bool	 csv_is_formula(const char *s);

/* datadir.c: $SWEEP_DATADIR, the source tree, BINDIR/../share/sweep or pkgdatadir */
const char *datadir_path(void);

/* parse.c: sizes take k/m/g/t (base 1024) or plain bytes. */
int	 parse_size(const char *s, uint64_t *out);
int	 parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
int	 parse_size_list(const char *s, struct num_list *l);
int	 parse_uint_list(const char *s, uint64_t lo, uint64_t hi, struct num_list *l);
const char *mode_name(enum rw_mode m);
int	 mode_parse(const char *s);
bool	 mode_is_random(enum rw_mode m);
bool	 mode_writes(enum rw_mode m);
bool	 mode_reads(enum rw_mode m);
int	 parse_mode_list(const char *s, struct group *g);
unsigned edit_distance(const char *a, const char *b);

/* options.c: one typed table for the command line, sweep files, defaults and --help. */
void	 config_init(struct config *cfg);
void	 config_free(struct config *cfg);
int	 options_parse_argv(struct config *cfg, int argc, char **argv, int *first,
	     const char *command, unsigned cmd,
	     void (*takers)(const char *option, char *buf, size_t len));
void	 options_usage(FILE *f);
void	 options_man(FILE *f);
int	 options_finish(struct config *cfg, bool is_device);
size_t	 options_count(void);
const char *options_name(size_t i);
bool	 options_on_cli(size_t i);
bool	 options_given(const struct config *cfg, const char *name);
bool	 options_takes_value(size_t i);
unsigned options_cmds(size_t i);
int	 options_key_find(const char *key, bool in_group, const char **hint);
int	 options_key_set(struct config *cfg, const char *key, const char *value, int group,
	     const char *input);

/* options-plan.c: a stored plan (--resume) checked by the options' rules */
int	 options_plan_check(const char *path, const struct plan *p);

/* options-sweep.c: sweep files, read through options.c's table */
int	 options_load_sweep(struct config *cfg, const char *arg);
int	 options_parse_sweep(struct config *cfg, const char *path, const char *text, size_t len);

/* plan.c */
const char *plan_writer(const struct plan *p);
int	 plan_build(struct plan *p, const struct config *cfg);
void	 plan_free(struct plan *p);
uint64_t plan_duration_ns(const struct plan *p);
bool	 plan_steady(const struct plan *p);
unsigned plan_repeat(const struct plan *p);
unsigned plan_steady_least(const struct plan *p);
unsigned plan_cell_rwmixread(const struct plan *p, const struct cell *c);
bool	 plan_cell_same(const struct cell *a, const struct cell *b);
int	 plan_compare(const struct plan *a, const struct plan *b, char *why, size_t len);
void	 plan_print(FILE *f, const struct plan *p, const struct target *t, bool cells);
void	 plan_print_target(FILE *f, const struct target *t);

/* lock.c: one run at a time on a folder or target (flock) */
int	 lock_take(const char *path, const char *input, bool create, bool pid_file);
void	 lock_release(int fd, const char *unlink_path);

/* devstat.c */
int	 devstat_read(const char *devname, struct devstat *ds);
void	 devstat_delta(const struct devstat *a, const struct devstat *b, uint64_t window_ns,
	     struct dev_metrics *m);

/* hist.c */
void	 hist_init(struct hist *h);
void	 hist_add(struct hist *h, uint64_t v);
void	 hist_merge(struct hist *dst, const struct hist *src);
uint64_t hist_percentile(const struct hist *h, double p);
unsigned hist_index(uint64_t v);
uint64_t hist_bucket_mid(unsigned i);

/* run.c: one cell, its jobs' threads and the main thread watching them */
int	 run_cell(const struct target *t, const struct plan *p, const struct cell *c,
	     struct cell_result *r, unsigned k);

/* run-progress.c: the progress line on a terminal */
struct run_progress_mark {
	uint64_t	 ios, bytes;	/* completed at the last draw */
	uint64_t	 t;		/* when it was drawn */
};
void	 run_progress_init(bool quiet, const struct plan *p);
bool	 run_progress_due(const struct run_progress_mark *m, uint64_t t);
void	 run_progress_draw(const struct cell *c, unsigned k, uint64_t t0, uint64_t ios,
	     uint64_t bytes, struct run_progress_mark *m);
void	 run_progress_clear(void);

/* results.c */
void	 results_create(struct results *res, const char *label, const char *description,
	     const struct target *t, const struct plan *p);
bool	 results_cell_has_figures(const struct cell_result *r);
double	 results_cell_cv_pct(const struct cell_result *r);
void	 results_store_cell(struct results *res, unsigned i, struct cell_result *r);
void	 results_reset_cell(struct results *res, unsigned i);
void	 results_store_round(struct results *res, unsigned i, struct cell_result *r);
void	 results_rounds_spread(struct cell_result *r);
void	 results_cell_free(struct cell_result *r);
unsigned results_rounds_done(const struct results *res);
void	 results_set_expect(struct results *res, const struct expect *e);
void	 results_free(struct results *res);
void	 results_warn(struct results *res, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
void	 bw_check_compute(struct cell_result *r);
const char *cell_status_name(enum cell_status s);
int	 cell_status_parse(const char *name);
const char *results_stem(const char *path, char *buf, size_t len);
/* Caller frees the text. */
int	 results_read_input(const char *what, const char *path, uint64_t max, const char *hint,
	     const char *binary_hint, char **text, size_t *len);

/* results-attempt.c: --retry-unstable's attempts of a cell, and which one it shows */
bool	 results_attempt_wanted(const struct cell_result *r, unsigned max);
void	 results_store_attempt(struct results *res, unsigned i, struct cell_result *a);
unsigned results_attempt_choose(const struct cell_result *r);
const char *results_attempt_rule(const struct cell_result *r);
void	 results_attempt_note(const struct cell_result *r, char *buf, size_t len);

/* results-json.c: results.json, written */
int	 results_write_json(const struct results *res, const char *path);
/* Caller frees the returned string. */
char	*results_to_json(const struct results *res);

/* results-json-read.c: results.json, read back */
int	 results_load(const char *path, struct results *res);
int	 results_from_json(const char *text, struct results *res, char *err, size_t errlen);

/* results-auto.c: the "auto" object of results.json (an --auto run's findings) */
struct cJSON;
void	 results_auto_to_json(struct cJSON *root, const struct autoplan_record *a);
void	 results_auto_from_json(const struct cJSON *o, struct autoplan_record *a);

/* profile.c: provisioned-limit profiles and --expect (issue 5) */
#define PROFILE_STEPS_MAX	8
enum profile_figure { PROFILE_IOPS, PROFILE_BW, PROFILE_BURST_IOPS, PROFILE_BURST_BW,
	PROFILE_FIGURES };

/* One figure of a profile: fixed, a formula of the volume size, or provisioned with it. */
struct profile_limit {
	bool		 present;
	bool		 provisioned;	/* chosen when the volume is made: --expect or provisioned_* */
	bool		 has_value;
	double		 value;		/* fixed part; for a provisioned figure, its default */
	double		 per_gib, per_tib;	/* times the volume size */
	double		 per_iops;	/* bandwidth: bytes/s per baseline IOPS */
	double		 min, max;	/* clamp of the formula; range of a provisioned figure */
	double		 max_per_gib;	/* provisioned: the most per GiB of volume */
	double		 max_per_iops;	/* provisioned bandwidth: the most per provisioned IOPS */
	double		 floor;		/* the published lower end */
	unsigned	 nsteps;	/* volumes up to step_up_to[i] bytes get step_value[i] */
	uint64_t	 step_up_to[PROFILE_STEPS_MAX];
	double		 step_value[PROFILE_STEPS_MAX];
};

/* A volume type's published caps (IOPS in IOPS, bandwidth in bytes/s). */
struct profile {
	char		 name[64];
	char		 description[256];
	char		 source[512];
	char		 notes[512];
	uint64_t	 size;		/* a fixed-size tier's disk size (Azure P10); 0 none */
	double		 provisioned_iops, provisioned_bw;
	struct profile_limit limit[PROFILE_FIGURES];
};

int	 profile_parse_rate(const char *s, double *out);
const char *profile_rate_text(double v, char *buf, size_t len);
int	 profile_parse_expect(const char *arg, struct expect *e, char *err, size_t errlen);
int	 profile_parse(const char *path, const char *text, size_t len, struct profile *p, char *err,
	     size_t errlen);
int	 profile_load(const char *arg, struct profile *p);
int	 profile_resolve(const struct profile *p, const struct expect *given, uint64_t size,
	     struct expect *out, char *err, size_t errlen);
int	 profile_apply(const char *expect, const char *profile, const struct target *t,
	     struct expect *out);


/* import-csv.c: a table of numbers into results (issue 5) */
int	 import_csv_parse(const char *name, const char *text, size_t len, const char *label,
	     struct results *res);
int	 import_csv_file(const char *path, const char *label, struct results *res);

/* fio-jobfile.c: the plan as an equivalent fio job file */
int	 fio_jobfile_write(const struct plan *p, const struct target *t, const char *path);

/* hosts.c: run the plan on many hosts through fio's client/server mode */
/* One fio server. */
struct host {
	char	 name[128];	/* as fio reports it in "hostname" */
	char	 why[256];	/* why it gave no results */
	int	 port;
	bool	 ipv6;
	char	 dir[160];	/* OUT/dir: name, or name-port off the default port */
	char	 taken[160];	/* the folder it would have had, another's: "" none */
	char	 client[160];	/* fio --client= value */
};

struct host_list {
	struct host	*h;
	unsigned	 n;
};

/* fio's own "All clients" aggregate: every host's I/O over the whole run, cells mixed. */
struct fleet_total {
	bool	 found;
	double	 read_iops, write_iops, bw_bytes_s;
};

/* What the hosts of a run gave: one results per host (cells NULL: none), and what failed. */
struct hosts_outcome {
	struct results	*res;
	unsigned	 failed_hosts;
	unsigned	 failed_cells;
	struct fleet_total total;
};

/* What a multi-host run takes from the options; the command fills it. */
struct hosts_opts {
	const char	*hosts;		/* --hosts H1[:PORT],H2,... */
	const char	*hosts_file;	/* --hosts-file FILE */
	const char	*device;	/* --device, on every host */
	const char	*file;		/* --file, on every host */
	uint64_t	 size;		/* --size, when size_set */
	bool		 size_set;
	bool		 keep;
	bool		 destructive;
	bool		 precondition;	/* refused */
	bool		 stop_on_error;	/* refused */
	const char	*resume;	/* refused */
};

int	 hosts_list_read(const struct hosts_opts *o, struct host_list *l);
void	 hosts_target(const struct hosts_opts *o, struct target *t);
int	 hosts_check(const struct hosts_opts *o, const struct plan *p, uint64_t size);
int	 hosts_run(struct host_list *l, const struct plan *p, const struct target *t,
	     const char *out, const char *label, const char *description, struct hosts_outcome *o);
void	 hosts_outcome_free(const struct host_list *l, struct hosts_outcome *o);

/* import-fleet.c: fio client/server output, one results per host */
struct cJSON;
struct fleet {
	const char	*path;
	struct cJSON	*root;
	struct host_list hosts;
	bool		 one;		/* --host: that host alone, into the folder itself */
};
int	 import_fleet_open(const char *path, const char *host, struct fleet *f);
/* What import_fleet_build made: one results per host (cells NULL: none). */
struct fleet_built {
	struct results	*res;
	const struct plan *plan;	/* of the host with the most cells; NULL: none gave any */
	struct fleet_total total;
	unsigned	 failed;	/* hosts that gave none */
	int		 ret;		/* the exit code so far */
};
void	 import_fleet_build(struct fleet *f, const char *label, const char *expect,
	     const char *profile, struct fleet_built *b);
void	 import_fleet_built_free(const struct fleet *f, struct fleet_built *b);
int	 import_fleet_results(const struct fleet *f, const char *label, struct results *res);
void	 import_fleet_close(struct fleet *f);

/*
 * cmd.c and cmd-*.c: the command table (tmux's cmd_entry).  Adding a
 * command is one cmd-NAME.c with its entry and CMD_ bit, and one row in
 * cmd_table; the option table's entries name the commands that take them.
 */
#define CMD_RUN		0x1
#define CMD_PLAN	0x2
#define CMD_REPORT	0x4
#define CMD_IMPORT	0x8
#define CMD_COMPARE	0x10
#define CMD_ALL		(CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT | CMD_COMPARE)
struct cmd_entry {
	const char	 *name;
	unsigned	  cmd;		/* its CMD_ bit: an option's cmds say which commands take it */
	const char	 *usage;	/* its line in --help */
	int		(*exec)(struct config *cfg);	/* returns an exit code */
};
extern const struct cmd_entry *const cmd_table[];	/* NULL ends */
extern const struct cmd_entry cmd_run_entry, cmd_plan_entry, cmd_report_entry,
	     cmd_import_entry, cmd_compare_entry;
const struct cmd_entry *cmd_find(const char *name);
bool	 cmd_accepts(const struct cmd_entry *e, const char *option);
int	 cmd_main(int argc, char **argv);

/* cmd-shared.c: what the commands share */
int	 cmd_out_prepare(const char *dir, const char *input, bool probe);
/* Caller frees. */
char	*cmd_out_default(const char *label);
int	 cmd_formats(const struct config *cfg, unsigned *mask);
int	 cmd_plan_build(struct config *cfg, bool is_device, struct plan *p);
int	 cmd_no_args(const struct config *cfg);
int	 cmd_target_open(struct config *cfg, bool create, struct target *t, struct plan *p);
int	 cmd_target_check(struct config *cfg, struct target *t, struct plan *p, bool writes,
	     struct expect *expect);
int	 cmd_run_lock(const char *dir, const char *input, struct target *t);
int	 cmd_out_lock(const char *dir, const char *input);
void	 cmd_run_unlock(int fd, const char *dir);
struct compare_fleet;
int	 cmd_hosts_save(const char *out, const struct compare_fleet *fleet, struct results *res,
	     unsigned planned, unsigned mask, const char *gnuplot);

/* report-csv.c */
int	 report_csv_write(const struct results *res, const char *path);
void	 csv_quote(FILE *f, const char *s);

#endif
