/*
 * Analysis: numbers and verdicts read off the results (caps and knee,
 * saturation, bursts, rounds, a cell's stability and steady state), below
 * both the run (run --auto too) and the reports.  The estimators give
 * numbers only: the report layer (view-knee.c, view-burst-text.c) and the
 * planner (auto.c) write their sentences; a cell's stability verdict keeps
 * its reason, which results.json stores.  Prototypes are listed in
 * sections named after their file.
 */
#ifndef ANALYSIS_H
#define ANALYSIS_H

#include "base/sweep.h"
#include "plan/plan.h"
#include "results/results.h"

/* A mode's only read share: the estimators take every cell of the mode. */
#define SUMMARY_NO_SHARE	(-1)

enum knee_kind {
	KNEE_TOO_FEW,		/* fewer than 3 block sizes, or they span less than 4x */
	KNEE_FOUND,		/* a run flat in IOPS at the small sizes, one flat in bandwidth above */
	KNEE_IOPS_BOUND,	/* runs flat in IOPS, none flat in bandwidth */
	KNEE_BW_BOUND,		/* runs flat in bandwidth, none flat in IOPS */
	KNEE_NO_PLATEAU		/* no run flat in either: the curve falls or rises */
};
#define KNEE_POINTS_MIN		3	/* block sizes a knee needs */
#define KNEE_SPAN_MIN		4	/* ... spanning this many times */
#define KNEE_LEFT_OUT_NAMES	4	/* cells left out that are named; more are counted */

/*
 * What the runs of a side (IOPS or bandwidth) show; see analysis-caps.c.  A
 * cap is stated only on a plateau: one level of two or more adjacent sizes
 * (runs at it may be broken by a dip below), and no cell above it beyond
 * its noise.
 */
enum knee_shape {
	KNEE_SHAPE_NONE,	/* no run flat on this side */
	KNEE_SHAPE_PLATEAU,	/* a plateau: its cap is stated */
	KNEE_SHAPE_ABOVE,	/* a level, but a cell above it beyond its noise */
	KNEE_SHAPE_TWO_LEVELS,	/* two runs at levels apart, the lower not a dip between */
	KNEE_SHAPE_UNEVEN,	/* the whole curve: no flat run, it falls or rises */
	KNEE_SHAPE_UNSATURATED	/* the level's cells still gained IOPS at their deepest depth */
};
struct knee_levels {
	enum knee_shape	 shape;
	/*
	 * IOPS (IOPS side) or bytes/s (bandwidth side).  ABOVE: the highest cell
	 * above, value[0] at from_bs[0]; UNEVEN: the first and the last point,
	 * value[i] at from_bs[i]; TWO_LEVELS: the level of the smaller sizes
	 * from_bs[0]..to_bs[0] and of the larger ones from_bs[1]..to_bs[1].
	 */
	double		 value[2];
	uint64_t	 from_bs[2], to_bs[2];
	/* PLATEAU: the lowest point between its runs, when below them (a dip); 0 none. */
	double		 dip;
	uint64_t	 dip_from, dip_to;
	unsigned	 depth;		/* UNSATURATED: the deepest depth x jobs of its cells */
};

/* A run of the curve that is neither flat nor a cap's, for the sentence. */
#define KNEE_TRENDS_MAX	4
struct knee_trend {
	uint64_t	 from_bs, to_bs;
	double		 from_iops, to_iops;
};

/* Where a mode stops being IOPS-bound and becomes bandwidth-bound; see analysis-caps.c. */
struct knee {
	enum knee_kind	 kind;
	unsigned	 npoints;	/* distinct block sizes used */
	uint64_t	 bs_min, bs_max;
	/* Each side's level: IOPS, bytes/s; its cap when the side's shape is a plateau. */
	double		 iops_cap;
	double		 bw_cap;
	double		 knee_bs;	/* bw_cap / iops_cap: where the two lines cross, bytes */
	uint64_t	 knee_lo_bs, knee_hi_bs;	/* the measured sizes either side of it */
	/* Each level's range: the lowest and highest cell of its runs, how many, their sizes. */
	double		 iops_lo, iops_hi;
	double		 bw_lo, bw_hi;
	unsigned	 iops_npoints, bw_npoints;
	uint64_t	 iops_bs_lo, iops_bs_hi, bw_bs_lo, bw_bs_hi;
	unsigned	 nleft_out;	/* noisy or stalled cells left out of the fit */
	unsigned	 left_out[KNEE_LEFT_OUT_NAMES];	/* the first of them: indexes into cells */
	double		 peak_iops, peak_bw;	/* of the points, for the no-knee verdicts */
	uint64_t	 peak_iops_bs, peak_bw_bs;
	/*
	 * Each side's sizes: the IOPS side up to iops_side_max (below the first
	 * bandwidth run; 0: every size), the bandwidth side from bw_side_min (the
	 * last IOPS run's end; 0: every size); the best point of each.
	 */
	uint64_t	 iops_side_max, bw_side_min;
	unsigned	 iops_side_n, bw_side_n;	/* how many points each side has */
	double		 side_iops, side_bw;
	uint64_t	 side_iops_bs, side_bw_bs;
	/* A cap is stated (its side's shape is KNEE_SHAPE_PLATEAU): the data shows its plateau. */
	bool		 iops_plateau, bw_plateau;
	struct knee_levels iops_shape, bw_shape;
	/* Runs of three sizes or more on neither line, outside the caps and the bend between. */
	unsigned	 ntrends;
	struct knee_trend trends[KNEE_TRENDS_MAX];
};

/* The curve a knee is read from (analysis-curve.c): a point per block size. */
#define CURVE_SIGMA_FLOOR	0.02	/* cells never agree better than 2% */
#define CURVE_SIGMA_MAX		0.35
#define CURVE_POINTS_MAX	256	/* more block sizes than this are not segmented */
enum curve_kind {
	CURVE_FLAT_IOPS,	/* flat in IOPS within the noise */
	CURVE_FLAT_BW,		/* flat in bandwidth within the noise */
	CURVE_TREND		/* a line of its own slope: rising, falling, a bend */
};
struct curve_point {
	uint64_t	 bs;
	double		 iops;
	double		 x, y, w;	/* ln bs, ln IOPS, ln bytes/s */
	double		 own;		/* ln(1 + the cell's per-second CV); < 0 unknown */
	double		 sigma;		/* the noise of y (and w): own, its neighbours', a floor */
	bool		 unsat;		/* its size still gained IOPS at the deepest depth */
	int		 cell;		/* the cell it is, an index into cells */
	unsigned	 par, par_out;	/* the most depth x jobs of its kept and left-out cells */
	unsigned	 seg;		/* its segment */
	double		 z;		/* its residual from the segment's fit, in sigmas */
	bool		 inlier;	/* |z| within the fit's truncation */
};
struct curve_seg {
	enum curve_kind	 kind;
	unsigned	 first, last;	/* points */
	double		 level;		/* flat: ln IOPS or ln bytes/s; trend: ln IOPS at first */
	double		 slope;		/* trend: d ln IOPS / d ln bs */
};
struct curve {
	struct curve_point *p;
	unsigned	 n;
	struct curve_seg *seg;
	unsigned	 nseg;
};

/* What a cell's per-second series says about burst credits; see analysis-burst.c. */
enum burst_kind {
	BURST_TOO_SHORT,	/* fewer than BURST_MIN_SERIES_S seconds */
	BURST_UNSTEADY_START,	/* no steady start to measure a drop from */
	BURST_NONE,		/* no sustained drop */
	BURST_CLIFF,		/* a steady start, then a sustained drop: likely credits running out */
	BURST_DECLINE		/* a sustained drop reached by a slope, not a cliff */
};
#define BURST_MIN_SERIES_S	16
#define BURST_DROP		0.30	/* a second under the burst level by this much has dropped */

struct burst {
	enum burst_kind	 kind;
	unsigned	 nseries_s;	/* seconds of the series looked at */
	unsigned	 at_s;		/* second of the measured window where the drop starts */
	double		 before_iops;	/* the steady start's level (median) */
	double		 after_iops;	/* the level after the drop (median) */
	double		 drop;		/* 1 - after / before */
};

/*
 * Where IOPS stop growing with queue depth: the smallest depth within
 * SATURATION_TOL of the best IOPS, at a block size with SATURATION_MIN_DEPTHS
 * depths at least.
 */
#define SATURATION_TOL		0.05
#define SATURATION_MIN_DEPTHS	3

/*
 * The verdict against the spec (analysis-expect.c), in rising severity: a
 * mode's verdict is the most severe of its figures', a volume's of its
 * modes' (below spec dominates).
 */
enum expect_verdict {
	EXPECT_NO_SPEC,		/* no cap or published range of this kind */
	EXPECT_NOT_REACHED,	/* the other cap holds this figure under its own at these sizes */
	/*
	 * Above a published range's upper end: noted per figure, but a range
	 * is not a cap the volume is held to (AWS's magnetic volumes burst to
	 * "hundreds of IOPS"), so the other figure within it says more.
	 */
	EXPECT_ABOVE_RANGE,
	EXPECT_IN_RANGE,	/* within a published range (magnetic volumes) */
	EXPECT_DELIVERS,	/* the level within the cap's band: 90-110% of it */
	EXPECT_IN_BURST,	/* above the baseline, within the burst: burst credits */
	EXPECT_ABOVE_CAP,	/* above the cap's band and any burst */
	EXPECT_NOT_SATURATED,	/* below the band at cells that still gained with depth */
	EXPECT_BELOW		/* under the cap's band, or a published range's lower end */
};

/* Where a figure's measured level comes from: the knee's shape of its side. */
enum expect_source {
	EXPECT_FROM_PLATEAU,	/* a stated cap */
	EXPECT_FROM_LEVEL,	/* the level of runs a cell above (or a second level) keeps from a cap */
	EXPECT_FROM_UNSAT,	/* cells still gaining with depth: at least this */
	EXPECT_FROM_PEAK	/* no run: the side's best cell */
};

/* A figure as measured: its plateau (the knee's cap and range), a level, or its side's peak. */
struct expect_level {
	double		 level, lo, hi;	/* IOPS or bytes/s */
	uint64_t	 bs_lo, bs_hi;	/* the block sizes of its cells */
	bool		 plateau;	/* the knee's plateau, not the peak */
	enum expect_source from;
	double		 other;		/* two levels: the other level (the level is the lower); 0 */
	uint64_t	 other_lo, other_hi;
	/* Above the cap: why a cache is likely, or NULL (no evidence of one). */
	const char	*cache;
};
struct expect_figure {
	struct expect_level	 m;
	double			 cap, burst, floor;	/* in m's unit; 0 none */
	double			 pct;		/* m.level / cap * 100; 0 without a cap */
	enum expect_verdict	 verdict;
};
struct expect_mode {
	bool			 has_iops, has_bw;
	struct expect_figure	 iops, bw;
	enum expect_verdict	 verdict;
};

/* analysis-expect.c */
bool	 analysis_expect_plateau(const struct knee *k, bool bw);
void	 analysis_expect_figure(const struct expect_level *m, double cap, double burst,
	     double floor, double reach, struct expect_figure *f);
void	 analysis_expect_mode(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
	     int share, const struct knee *k, const struct expect *e, struct expect_mode *out);
enum expect_verdict analysis_expect_volume(const struct expect_mode *modes, unsigned n);

/* analysis-curve.c */
bool	 analysis_curve_cell(const struct cell_result *r, enum rw_mode mode, int share);
bool	 analysis_curve_left_out(const struct cell_result *r);
unsigned analysis_curve_points(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
	     int share, struct curve_point *p, struct knee *k);
double	 analysis_curve_median(const double *x, unsigned n, double *s);
void	 analysis_curve_fit(struct curve *c);
void	 analysis_curve_free(struct curve *c);

/* analysis-caps.c */
void	 analysis_caps_knee(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
	     int share, struct knee *k);
uint64_t analysis_caps_knee_size(const struct knee *k);

/* analysis-burst.c */
void	 analysis_burst_detect(const uint64_t *ios, unsigned n, struct burst *b);

/*
 * A --hold cell judged over time (analysis-hold.c): seconds against the
 * reference (the provisioned figure, or the level held), dips, the worst
 * minute, p99 per minute, a step down, whole hours.  Figures in the
 * metric's unit: IOPS, or bytes/s when the promise is of throughput.
 */
#define HOLD_LEVEL_PCT		90.0	/* a second within 10%: at least 90% of the reference */
#define HOLD_DIP_PCT		90.0	/* a dip: seconds under 90% of the level held around them */
#define HOLD_HOURLY_PCT		99.0	/* an hour's total against the expected (st1/sc1's target) */

enum hold_ref {
	HOLD_REF_PROVISIONED,	/* the profile's or --expect's figure */
	HOLD_REF_LEVEL		/* none given: the level the cell held (after a step) */
};

struct hold_dip {
	unsigned	 start_s;	/* second of the measured window */
	unsigned	 len_s;
	double		 low;		/* its lowest second */
	double		 level;		/* the level held around it */
};

struct hold_minute {
	unsigned	 nsec;		/* seconds of it measured (60 but the last) */
	double		 mean, low;	/* per second */
	uint64_t	 p99_ns;	/* 0: not measured */
};

struct hold_hour {
	double		 total;		/* I/Os or bytes */
	double		 pct;		/* of the expected (reference x 3,600 s) */
	bool		 met;		/* at least hourly_pct */
};

struct hold {
	bool		 valid;		/* a hold cell with seconds to judge */
	unsigned	 cell;		/* its index */
	unsigned	 nsec;		/* whole seconds judged */
	bool		 bw;		/* judged on throughput (a promise of it), else IOPS */
	enum hold_ref	 ref_kind;
	double		 ref;		/* the reference */
	double		 level;		/* median second (after a step: the level after it) */
	double		 level_pct;	/* the promise's level, else HOLD_LEVEL_PCT */
	unsigned	 nwithin;	/* seconds at least level_pct of ref */
	double		 within_pct;
	double		 promise_pct;	/* the promise's share of the time; 0: no promise */
	bool		 meets;		/* within_pct >= promise_pct (with a promise) */
	struct hold_dip	*dips;
	unsigned	 ndips, dip_s;	/* dips, and their seconds in all */
	struct hold_minute *minutes;
	unsigned	 nminutes;
	int		 worst;		/* the whole minute of the lowest mean; -1 none */
	struct burst	 step;		/* BURST_CLIFF: a step down (a burst bucket running out) */
	bool		 step_burst;	/* the profile has a burst above the baseline it fell to */
	struct hold_hour *hours;	/* whole hours */
	unsigned	 nhours;
	double		 hourly_pct;	/* the target: the promise's, else HOLD_HOURLY_PCT */
	bool		 hourly_published;	/* the promise states it */
};

/* analysis-hold.c */
bool	 analysis_hold(const struct results *res, struct hold *h);
void	 analysis_hold_series(const uint64_t *v, unsigned n, const uint64_t *minute_p99,
	     unsigned nminutes, const struct expect *e, bool bw, struct hold *h);
void	 analysis_hold_free(struct hold *h);

/* analysis-stability.c: the per-cell stability verdict (its reason is part of the record) */
void	 analysis_stability_compute(const struct cell_result *r, struct stability *s);
void	 analysis_stability_judge(struct cell_result *r);

/* analysis-steady.c: steady state of a per-second IOPS series */
bool	 analysis_steady(const uint64_t *ios, unsigned n, unsigned window, unsigned pct,
	     unsigned inflight);
void	 analysis_steady_stats(const uint64_t *ios, unsigned n, unsigned window,
	     struct steady_stats *st);

/* analysis-rounds.c */
double	 analysis_rounds_level_pct(unsigned n);
void	 analysis_rounds_spread_all(struct cell_result *r);
bool	 analysis_rounds_spread(const struct cell_result *r, enum round_figure f,
	     struct round_spread *s);
bool	 analysis_rounds_steady(const struct results *res, unsigned last, struct rounds_steady *st);
unsigned analysis_rounds_reached(const struct results *res, unsigned *most,
	     struct rounds_steady *st);

/* analysis-saturation.c */
int	 analysis_saturation_depth(const unsigned *depth, const double *iops, unsigned n);

/* analysis-derive.c: a record read back gets its verdicts, spread and shown attempt */
void	 analysis_cell_derive(struct cell_result *r);
void	 analysis_results_derive(struct results *res);
int	 analysis_results_load(const char *path, struct results *res);

#endif
