/*
 * sweep: characterize a disk, volume or file with a matrix of direct-I/O tests.
 *
 * Data path: command line / sweep file (options.c) -> plan (plan.c) ->
 * target (target.c) -> engine (engine-*.c) -> run (run.c) -> results
 * (results.c) -> reports (report-*.c).  This header holds the model those
 * steps share (struct config, plan, cell_result, results) and the parsers of
 * its vocabulary (parse.c); each subsystem's prototypes are in its own
 * header (util.h, plan.h, measure.h, results.h, options.h, fio.h, cmd.h),
 * in sections named after the file that defines them.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/util.h"	/* what every layer uses: xmalloc, sweep_error, str_copy */

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

/*
 * The target as results.json records it (io/target.c opens, guards and
 * describes it): a file or a block device and what it is.
 */
enum target_kind { TARGET_FILE, TARGET_DEVICE };

struct target {
	enum target_kind kind;
	char		*path;
	char		*name;		/* basename, used as the default label */
	uint64_t	 size;		/* the region every cell uses, bytes */
	uint64_t	 total_size;	/* the file's or device's whole size */
	uint32_t	 dio_mem_align;
	uint32_t	 dio_offset_align;
	uint32_t	 logical_bs;
	uint32_t	 physical_bs;
	int		 rotational;	/* -1 unknown */
	char		 model[128];
	char		 vendor[64];	/* from sysfs, "" unknown (target-ident.c) */
	char		 serial[64];
	char		 identity[64];	/* "Amazon EBS", "virtio disk", ...; "" unknown */
	char		 volume_id[64];	/* an EBS volume's id, "vol-0123..." */
	char		 instance[64];	/* the machine's instance type from DMI ("m5.large"); "" unknown */
	char		 scheduler[64];
	char		 devname[64];	/* block device whose stat counters we read */
	char		 fs_type[32];
	char		 signature[160];	/* what libblkid found on a device, e.g. "ext4, label 'data'" */
	uint64_t	 max_sectors_kb;
	uint64_t	 nr_requests;
	uint64_t	 optimal_io_size;
	uint64_t	 minimum_io_size;
	int		 loop_dio;	/* loop devices: 1 direct I/O, 0 buffered, -1 not a loop */
	int		 excl_fd;	/* held O_EXCL while a destructive run writes */
	int		 lock_fd;	/* flock held by a run (lock.c), -1 none */
	bool		 scratch;	/* default sweep.dat: removed unless --keep */
	bool		 laid_out;
	bool		 has_data;	/* an existing file with written data (SEEK_DATA) */
	bool		 foreign;	/* ...that sweep did not create: the user's (no marker) */
	bool		 as_is;		/* a foreign file read as it is, never laid out */
	bool		 unlaid;	/* ...with holes or unwritten extents in the region */
	char		 abs_path[4096];	/* the file (or its folder) resolved; "" in older records */
	uint64_t	 st_dev;	/* a file's (or its folder's) filesystem, 0 unknown */
	uint64_t	 st_ino;	/* a file's inode, 0 when it does not exist (yet) */
	uint64_t	 st_rdev;	/* a device's number, 0 unknown */
	uint64_t	 written;	/* bytes the last layout or precondition wrote */
};

/*
 * The commands' bits (cmd.c's table gives each command one): an option
 * table entry's cmds say which commands take it.  Here, below both the
 * option table (options/) and the commands (cmd/) that read them.
 */
#define CMD_RUN		0x1
#define CMD_PLAN	0x2
#define CMD_REPORT	0x4
#define CMD_IMPORT	0x8
#define CMD_COMPARE	0x10
#define CMD_ALL		(CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT | CMD_COMPARE)

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
	unsigned	 hold_s;	/* --hold: one cell held this long; 0 off */
	char		*like;		/* --auto --like DIR: the cells of an earlier run */
	char		*rate;		/* --rate LIST: open-loop cells (parse_rate_list) */
	char		*arrivals;	/* --arrivals fixed|poisson */
	bool		 keep;
	bool		 quiet;
	bool		 ticket;	/* --ticket: print the ticket after the reports */
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

/* When an open-loop cell's I/Os are due: evenly spaced, or a Poisson process (seeded). */
enum rate_arrivals { RATE_FIXED, RATE_POISSON };

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
	/*
	 * An open-loop cell (--rate): I/Os issued on a schedule of rate_iops
	 * (all jobs together), at most depth in flight per job, each timed
	 * from when it was due.  rate_pct > 0: the rate is that percent of
	 * the cap (the best IOPS of the closed-loop cells of the same mode
	 * and bs), set by the loop when the cell runs.  Both 0: closed loop.
	 */
	double		rate_iops;
	double		rate_pct;
	enum rate_arrivals arrivals;
};

/* --rate's list (parse_rate_list): IOPS, or percents of the cap where pct[i]. */
#define SWEEP_RATES_MAX	32
#define SWEEP_RATE_MAX	10000000	/* IOPS: an open-loop cell's most */
struct rate_list {
	double		v[SWEEP_RATES_MAX];
	bool		pct[SWEEP_RATES_MAX];
	unsigned	n;
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
	bool		 steady_soon;	/* steady state ends a window at once, not on a whole second */
	char		 steady_rule[96];	/* an import's own criterion: "steadystate=iops:10%" */
	unsigned	 hold_s;	/* --hold: its one cell runs this long, judged over time; 0 off */
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

/*
 * A cell of fio clones reported one by one (numjobs without
 * group_reporting): how many, and the shortest and longest clone's window
 * (its longest direction's runtime).  n 0: not such a cell.
 */
struct clone_windows {
	unsigned	 n;
	uint64_t	 min_ns, max_ns;
};

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
	/*
	 * An open-loop cell's schedule kept (cell.rate_iops > 0): how late
	 * I/Os were issued after they were due (a full queue, a late
	 * wake-up), and their latency from the issue, as a closed-loop tool
	 * would time them (lat_* above are from when they were due).
	 */
	uint64_t	 rate_lag_p99_ns, rate_lag_max_ns;
	uint64_t	 rate_issue_pct_ns[PCT_COUNT];
	bool		 steady;		/* steady state reached (with --steady) */
	unsigned	 steady_at_s;		/* seconds after the ramp when it was */
	struct steady_stats steady_last;	/* its last window (mean not kept in results.json) */
	/* per-second series over the measured window */
	unsigned	 nseries;
	uint64_t	*series_ios;
	uint64_t	*series_bytes;
	/*
	 * --hold: the p99 latency of each second (nseries of them) and of
	 * each minute, ns (0: no I/O completed then); with several jobs the
	 * highest job's.  NULL for other cells.
	 */
	uint64_t	*series_p99_ns;
	uint64_t	*minute_p99_ns;
	unsigned	 nminutes;
	unsigned	 derived;		/* CELL_DERIVED_*: figures computed, not given (imports) */
	bool		 buffered;		/* fio direct=0: through the page cache (imports) */
	struct clone_windows clones;		/* fio clones reported one by one (imports) */
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
 * What a volume type's vendor promises over time (a profile's "promise",
 * profile.c): at least level_pct of the provisioned figure (IOPS, or the
 * expected throughput) share_pct of the time over the window it names ("a
 * given year"); hourly_pct, where published, each hour's total against the
 * expected.  share_pct 0: no promise.
 */
enum promise_of { PROMISE_IOPS, PROMISE_BW, PROMISE_OF_COUNT };
struct promise {
	double		 share_pct;
	double		 level_pct;
	enum promise_of	 of;
	double		 hourly_pct;	/* 0: not published */
	char		 window[48];
	char		 quote[384];	/* the vendor's sentence */
	char		 url[192];
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
	struct promise	 promise;		/* the profile's promise over time */
};

/*
 * What an --auto run found and how sure it is (auto-findings.c), as
 * figures and states: per mode, each cap and the block sizes it rests on,
 * the knee, the saturating depth at the depth search's sizes, the QD1
 * latency and what the budget left open.  view-findings.c words them for
 * report.md's "How this was measured" and the terminal.
 */
enum auto_knee_state {
	AUTO_KNEE_NONE,		/* not recorded */
	AUTO_KNEE_FOUND,	/* both caps stated: the knee between them */
	AUTO_KNEE_IOPS_BOUND,	/* no bandwidth cap up to the largest size */
	AUTO_KNEE_BW_BOUND,	/* no IOPS cap down to the smallest size */
	AUTO_KNEE_UNSETTLED,	/* a side without a plateau: its cells say why (view_knee_text) */
	AUTO_KNEE_STATES
};
enum auto_depth_state {
	AUTO_DEPTH_NONE,	/* not recorded */
	AUTO_DEPTH_QD1_ONLY,	/* --depth gives QD1 only: not searched */
	AUTO_DEPTH_OPEN,	/* the budget (or --like's cells) ended before the next depth */
	AUTO_DEPTH_ON_CAP,	/* QD1 is on a settled cap: saturated at QD1 */
	AUTO_DEPTH_SATURATED,	/* doubling from qd gained under the limit */
	AUTO_DEPTH_NO_QD1,	/* the QD1 cell has no figures */
	AUTO_DEPTH_UNSTEADY,	/* a cell stayed noisy or stalled over its runs */
	AUTO_DEPTH_NOT_REACHED,	/* still gaining at the highest depth */
	AUTO_DEPTH_STATES
};
/* A cap of a mode: stated when its side is a plateau. */
struct auto_cap {
	bool		 stated;
	bool		 settled;	/* its range within target_pct, over two sizes or more */
	double		 value, lo, hi;	/* IOPS, or bytes/s: the level and its cells' range */
	unsigned	 nbs;		/* the block sizes it rests on */
	uint64_t	 bs_lo, bs_hi;	/* ... the smallest and the largest */
};
/* The depth search at one block size. */
struct auto_depth {
	enum auto_depth_state state;
	uint64_t	 bs;
	unsigned	 qd;		/* SATURATED: the depth; UNSTEADY: the cell's; NOT_REACHED: the highest */
	unsigned	 next_qd;	/* SATURATED: the depth it was compared with; OPEN: the one not measured */
	unsigned	 from_qd;	/* OPEN: the depth that doubles (0: QD1 or the highest depth first) */
	double		 gain_pct;	/* SATURATED, NOT_REACHED: the last doubling's IOPS gain */
	bool		 on_iops;	/* ON_CAP: on the IOPS cap, else the bandwidth cap */
	bool		 stalled;	/* UNSTEADY: stalled, else noisy */
	unsigned	 runs;		/* UNSTEADY: how many times it ran */
};
struct auto_mode_record {
	enum rw_mode	 mode;
	struct auto_cap	 iops, bw;
	enum auto_knee_state knee;
	uint64_t	 knee_bs;		/* FOUND: the knee, rounded as the reports give it */
	uint64_t	 knee_lo_bs, knee_hi_bs;	/* FOUND: the measured sizes either side */
	uint64_t	 bound_bs;		/* IOPS_BOUND: up to; BW_BOUND: down to */
	unsigned	 ndepth;
	struct auto_depth depth[2];
	uint64_t	 qd1_bs;		/* the QD1 latency's block size */
	bool		 qd1_measured;
	uint64_t	 qd1_p50_ns, qd1_p99_ns;
	double		 qd1_iops;
	bool		 open;			/* the budget ended before a cell: */
	uint64_t	 open_bs;
	unsigned	 open_depth;
	char		 open_reason[96];	/* ... its reason, as a cell's ("QD1 latency at 4 KiB") */
};
struct autoplan_record {
	bool		 on;
	unsigned	 budget_s;	/* the most the run could take */
	unsigned	 elapsed_s;	/* what it took */
	unsigned	 target_pct;	/* a cap is settled when its range is within this */
	unsigned	 depth_gain_pct;	/* a doubling of depth that gains less: saturated */
	char		 like[256];	/* --like: the run whose cells were measured again */
	unsigned	 nmodes;
	struct auto_mode_record modes[MODE_COUNT];
	/* An older results.json's findings, stored as sentences: shown as they are. */
	char		**legacy;
	unsigned	 nlegacy;
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
	/*
	 * A closed-loop copy (results_closed_loop): the open-loop cells it
	 * left out, kept after the plan's in cells[plan.ncells ...]; 0 else.
	 */
	unsigned	 nopen;
};

/* hosts.c: the hosts of a multi-host run, and fio's aggregate of them */
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

/* parse.c: sizes take k/m/g/t (base 1024) or plain bytes. */
int	 parse_size(const char *s, uint64_t *out);
int	 parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
int	 parse_duration(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
int	 parse_size_list(const char *s, struct num_list *l);
int	 parse_uint_list(const char *s, uint64_t lo, uint64_t hi, struct num_list *l);
const char *mode_name(enum rw_mode m);
int	 mode_parse(const char *s);
bool	 mode_is_random(enum rw_mode m);
bool	 mode_writes(enum rw_mode m);
bool	 mode_reads(enum rw_mode m);
int	 parse_mode_list(const char *s, struct group *g);
int	 parse_rate_list(const char *s, struct rate_list *l);
unsigned edit_distance(const char *a, const char *b);


/* report-csv.c */
void	 csv_quote(FILE *f, const char *s);

#endif