/*
 * The loop over cells (sweep-loop.c): cell sources say which cell runs
 * next (the plan's rounds, --auto, the --retry-unstable attempts), an
 * executor runs it (the native engines), and the loop skips what a resumed
 * run has, prints each cell's line, stores it and saves the results after
 * each.  It writes no report: the command writes them when it returns.
 */
#ifndef SWEEP_LOOP_H
#define SWEEP_LOOP_H

#include "base/sweep.h"

struct autoplan;
struct sweep_loop;

/* A pick's round when it is a --retry-unstable attempt: never skipped as done. */
#define LOOP_ATTEMPT	UINT32_MAX

/* The cell a source picked: its index in the plan, its round, its count for the progress line. */
struct loop_pick {
	unsigned	 cell;
	unsigned	 round;
	unsigned	 k;
};

/*
 * An executor runs one cell into r (which the caller frees); returns
 * -ECANCELED when interrupted, else 0.  ready says whether the target is
 * still there (0, or -errno) before each cell.  An executor that can only
 * run a whole plan at once (fio's client mode: one job file on every
 * host, the results when it ends) has run_plan instead, which returns an
 * exit code; the loop cannot pick its cells one by one.
 */
struct loop_executor_ops {
	const char	*name;
	int		(*ready)(void *arg);
	int		(*run)(void *arg, const struct plan *p, const struct cell *c,
			    struct cell_result *r, unsigned k);
	int		(*run_plan)(void *arg, const struct plan *p);
};

struct loop_executor {
	const struct loop_executor_ops	*ops;
	void				*arg;
};

/* The native engines (run.c); arg is the prepared struct target. */
extern const struct loop_executor_ops loop_executor_native;

/* fio's client mode on every host (hosts.c); arg is a struct loop_hosts. */
struct loop_hosts {
	struct host_list	*hosts;
	const struct target	*target;	/* as each host sees it */
	const struct hosts_run_opts *opts;	/* the output folder, label, description */
	struct hosts_outcome	*outcome;	/* filled: each host's results */
};
extern const struct loop_executor_ops loop_executor_hosts;

/*
 * A source of cells.  start: before its first cell (false: it has none);
 * next: the next cell, or false when it has no more (called once more
 * with the loop's cut set when the loop stops it early); done: a cell ran:
 * print its line and store it; vanished: the target went away (say so);
 * finish: after the last source, in order.  kept names what results.json
 * keeps when a save fails ("cells").
 */
struct loop_source_ops {
	const char	*name;
	const char	*kept;
	bool		(*start)(struct sweep_loop *l, void *state);
	bool		(*next)(struct sweep_loop *l, void *state, struct loop_pick *pk);
	void		(*done)(struct sweep_loop *l, void *state, const struct loop_pick *pk,
			    struct cell_result *got);
	void		(*vanished)(struct sweep_loop *l, void *state, int err);
	void		(*finish)(struct sweep_loop *l, void *state);
};

struct loop_source {
	const struct loop_source_ops	*ops;
	void				*state;
};

#define LOOP_SOURCES_MAX	4

/* The loop's inputs (filled by the command) and what it found. */
struct sweep_loop {
	struct plan		*plan;
	struct results		*res;
	const char		*path;		/* the target's, for messages */
	const char		*out;		/* the output folder, for messages and save */
	bool			 quiet;
	bool			 stop_on_error;
	struct loop_executor	 exec;
	struct loop_source	 src[LOOP_SOURCES_MAX];
	unsigned		 nsrc;
	/* Saves the results after each cell: 0, or -errno (said). */
	int			(*save)(const struct results *res, const char *out);

	unsigned		 failed;	/* failed cell runs, those resumed included */
	bool			 stop;		/* --stop-on-error stopped it */
	bool			 cut;		/* the current source is being stopped */
	bool			 interrupted;
	unsigned		 round;		/* the rounds source's end, for the summary */
	bool			 steady_reached;	/* --rounds-until-steady: it ended the rounds */
};

/* The state of the plan's rounds (--repeat, --rounds-until-steady), or --auto's. */
struct loop_rounds {
	unsigned		 round, i, nrounds;
	bool			 reached;
};

struct loop_auto {
	struct autoplan		*ap;
	unsigned		 i;		/* the next cell of the plan */
	unsigned		 k;		/* cells run, new and again */
};

struct loop_retry {
	unsigned		 i, k;
};

extern const struct loop_source_ops loop_source_rounds;
extern const struct loop_source_ops loop_source_auto;
extern const struct loop_source_ops loop_source_retry;

void	 sweep_loop_add(struct sweep_loop *l, const struct loop_source_ops *ops, void *state);
/* Run every source's cells; 0 when the results are saved, else an exit code. */
int	 sweep_loop_run(struct sweep_loop *l);
/* The whole plan through an executor of run_plan: its exit code. */
int	 sweep_loop_run_plan(const struct loop_executor *e, const struct plan *p);
void	 sweep_loop_print_cell(FILE *f, const struct cell_result *r, unsigned k, unsigned n);
void	 sweep_loop_summary(const struct sweep_loop *l);

#endif
