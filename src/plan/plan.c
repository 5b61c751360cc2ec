/* Plan: the matrix of cells, expanded from the groups of a config. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "plan/plan.h"

/* The plan's first write mode, or NULL for a plan of reads. */
const char *
plan_writer(const struct plan *p)
{
	unsigned i;

	for (i = 0; i < p->ncells; i++)
		if (mode_writes(p->cells[i].mode))
			return mode_name(p->cells[i].mode);
	return NULL;
}

/* Whether two cells are the same test (mode, read share, bs, depth, jobs, rate); index aside. */
bool
plan_cell_same(const struct cell *a, const struct cell *b)
{
	return a->mode == b->mode && a->bs == b->bs && a->depth == b->depth &&
	    a->jobs == b->jobs && a->rwmixread == b->rwmixread && plan_cell_same_rate(a, b);
}

/*
 * A mixed cell's (readwrite, randrw) percent of reads: its own, or the
 * plan's for a cell an import made; 100 and 0 for the modes that only read
 * or only write.
 */
unsigned
plan_cell_rwmixread(const struct plan *p, const struct cell *c)
{
	if (mode_reads(c->mode) && mode_writes(c->mode))
		return c->rwmix_set ? c->rwmixread : p->rwmixread;
	return mode_writes(c->mode) ? 0 : 100;
}

/* Add c to p's n cells unless it is there already. */
static void
plan_add(struct plan *p, unsigned *n, struct cell c)
{
	unsigned k;

	for (k = 0; k < *n; k++)
		if (plan_cell_same(&p->cells[k], &c))
			return;
	c.index = *n;
	p->cells[(*n)++] = c;
}

/*
 * Expand every group (modes x read shares x bs x depth x jobs, in that
 * nesting) into cells.  The read shares multiply readwrite and randrw only;
 * a mode that only reads or only writes has one cell per bs, depth and jobs.
 * The rest of p is zero: the caller sets the times, seed, size and engine.
 */
int
plan_build(struct plan *p, const struct group *groups, unsigned ngroups)
{
	unsigned gi, mi, ri, bi, di, ji, n = 0, cap = 0;
	bool mixed_seen = false;

	memset(p, 0, sizeof *p);
	for (gi = 0; gi < ngroups; gi++) {
		const struct group *g = &groups[gi];

		cap += g->nmodes * g->rwmixread.n * g->bs.n * g->depth.n * g->jobs.n;
	}
	p->cells = xcalloc(cap ? cap : 1, sizeof *p->cells);
	p->rwmixread = ngroups > 0 ? (unsigned)groups[0].rwmixread.v[0] : 0;
	for (gi = 0; gi < ngroups; gi++) {
		const struct group *g = &groups[gi];

		for (mi = 0; mi < g->nmodes; mi++) {
			enum rw_mode m = (enum rw_mode)g->mode_order[mi];
			bool mixed = mode_reads(m) && mode_writes(m);

			if (mixed && !mixed_seen) {
				p->rwmixread = (unsigned)g->rwmixread.v[0];
				mixed_seen = true;
			}
			for (ri = 0; ri < (mixed ? g->rwmixread.n : 1); ri++)
				for (bi = 0; bi < g->bs.n; bi++)
					for (di = 0; di < g->depth.n; di++)
						for (ji = 0; ji < g->jobs.n; ji++)
							plan_add(p, &n, (struct cell){
								.mode = m,
								.bs = g->bs.v[bi],
								.depth = (unsigned)g->depth.v[di],
								.jobs = (unsigned)g->jobs.v[ji],
								.rwmixread = mixed ?
								    (unsigned)g->rwmixread.v[ri] :
								    mode_writes(m) ? 0 : 100,
								.rwmix_set = true,
							});
		}
	}
	p->ncells = n;
	return n > 0 ? 0 : -1;
}

void
plan_free(struct plan *p)
{
	free(p->cells);
	p->cells = NULL;
	p->ncells = 0;
}

/*
 * Are two plans the same run (cells, timing, engine, seed, mix)?  0 if so,
 * else -1 with the first difference, "X there, Y here", in why.
 */
int
plan_compare(const struct plan *a, const struct plan *b, char *why, size_t len)
{
	unsigned i;
	char x[32], y[32];

#define PLAN_SAME(field, name) \
	if (a->field != b->field) { \
		snprintf(why, len, "%s %llu there, %llu here", name, \
		    (unsigned long long)a->field, (unsigned long long)b->field); \
		return -1; \
	}
	PLAN_SAME(ncells, "cells");
	PLAN_SAME(runtime_s, "--runtime");
	PLAN_SAME(ramp_s, "--ramp");
	PLAN_SAME(rwmixread, "--rwmixread");
	PLAN_SAME(seed, "--seed");
	PLAN_SAME(steady_pct, "--steady");
	if (a->until_steady != b->until_steady) {
		snprintf(why, len, "--rounds-until-steady %s there, %s here",
		    a->until_steady ? "given" : "not given", b->until_steady ? "given" : "not given");
		return -1;
	}
	if (plan_repeat(a) != plan_repeat(b)) {
		snprintf(why, len, "--repeat %u there, %u here", plan_repeat(a), plan_repeat(b));
		return -1;
	}
#undef PLAN_SAME
	if (strcmp(a->engine, b->engine) != 0) {
		snprintf(why, len, "--engine %s there, %s here", a->engine, b->engine);
		return -1;
	}
	for (i = 0; i < a->ncells; i++) {
		const struct cell *p = &a->cells[i], *q = &b->cells[i];

		if (!plan_cell_same(p, q)) {
			char rp[48], rq[48];

			snprintf(why, len, "cell %u is %s %s depth %u jobs %u (%u%% reads%s%s) there, %s "
			    "%s depth %u jobs %u (%u%% reads%s%s) here", i + 1, mode_name(p->mode),
			    size_short(p->bs, x, sizeof x), p->depth, p->jobs, plan_cell_rwmixread(a, p),
			    plan_cell_open(p) ? ", rate " : "", plan_cell_rate_text(p, rp, sizeof rp),
			    mode_name(q->mode), size_short(q->bs, y, sizeof y), q->depth, q->jobs,
			    plan_cell_rwmixread(b, q), plan_cell_open(q) ? ", rate " : "",
			    plan_cell_rate_text(q, rq, sizeof rq));
			return -1;
		}
	}
	return 0;
}

/* The least a steady cell runs: --min-runtime, and the test needs 3 whole seconds. */
unsigned
plan_steady_least(const struct plan *p)
{
	return p->min_runtime_s > 3 ? p->min_runtime_s : 3;
}

/* Can steady state end a cell before its runtime?  (It ends on the second after passing.) */
bool
plan_steady(const struct plan *p)
{
	return p->steady_pct > 0 && p->runtime_s > plan_steady_least(p) + 1;
}

/* The rounds of the plan (--repeat): 1 for a plan that runs once, or one read without it. */
unsigned
plan_repeat(const struct plan *p)
{
	return p->repeat > 1 ? p->repeat : 1;
}

/*
 * Ramp plus runtime for every cell of every round (setup such as file
 * layout is extra, and so are --retry-unstable's re-runs: plan_print says
 * how much they may add).
 */
uint64_t
plan_duration_ns(const struct plan *p)
{
	return (uint64_t)plan_repeat(p) * p->ncells * (p->ramp_s + p->runtime_s) * NSEC_PER_SEC;
}

/* Distinct values of one field of the cells, in plan order, as "a, b, c". */
static void
plan_values(const struct plan *p, int field, char *buf, size_t len, unsigned *count)
{
	uint64_t seen[256];
	unsigned n = 0, i, k;
	size_t used = 0;

	buf[0] = '\0';
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];
		uint64_t v = field == 0 ? c->mode : field == 1 ? c->bs : field == 2 ? c->depth :
		    field == 3 ? c->jobs : plan_cell_rwmixread(p, c);
		char tmp[32];

		if (field == 4 && !(mode_reads(c->mode) && mode_writes(c->mode)))
			continue;	/* read shares: of the mixed cells only */
		for (k = 0; k < n; k++)
			if (seen[k] == v)
				break;
		if (k < n || n == 256)
			continue;
		seen[n++] = v;
		if (field == 0)
			str_copy(tmp, sizeof tmp, mode_name((enum rw_mode)v));
		else if (field == 1)
			size_short(v, tmp, sizeof tmp);
		else
			snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v);
		if (used + strlen(tmp) + 3 < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", n > 1 ? ", " : "", tmp);
	}
	*count = n;
}

/* The plan's "Target:" line (nothing for t NULL). */
void
plan_print_target(FILE *f, const struct target *t)
{
	char size[32], tsize[32];

	if (t != NULL)
		fprintf(f, "Target: %s (%s, %s region of %s, O_DIRECT alignment %u B)\n", t->path,
		    t->kind == TARGET_DEVICE ? "block device" : "file",
		    size_human(t->size, size, sizeof size),
		    size_human(t->total_size, tsize, sizeof tsize), t->dio_offset_align);
	if (t != NULL && t->identity[0] != '\0' && strcmp(t->identity, t->model) != 0)
		fprintf(f, "Volume: %s%s%s\n", t->identity, t->volume_id[0] ? " " : "",
		    t->volume_id);
}

/* The plan in a few lines; with cells, one line per cell too. */
void
plan_print(FILE *f, const struct plan *p, const struct target *t, bool cells)
{
	char modes[256], bs[512], depth[256], jobs[256], mix[256], size[32], dur[32];
	unsigned nm, nb, nd, nj, nr;

	plan_values(p, 0, modes, sizeof modes, &nm);
	plan_values(p, 1, bs, sizeof bs, &nb);
	plan_values(p, 2, depth, sizeof depth, &nd);
	plan_values(p, 3, jobs, sizeof jobs, &nj);
	plan_values(p, 4, mix, sizeof mix, &nr);
	plan_print_target(f, t);
	fprintf(f, "Plan: %u cell%s; modes: %s; block sizes: %s; depths: %s; jobs: %s\n",
	    p->ncells, p->ncells == 1 ? "" : "s", modes, bs, depth, jobs);
	if (nr > 1)
		fprintf(f, "Each cell: %u s ramp + %u s measured, engine %s, seed %llu; read shares "
		    "of readwrite and randrw: %s%%\n", p->ramp_s, p->runtime_s, p->engine,
		    (unsigned long long)p->seed, mix);
	else
		fprintf(f, "Each cell: %u s ramp + %u s measured, engine %s, seed %llu, rwmixread "
		    "%u%%\n", p->ramp_s, p->runtime_s, p->engine, (unsigned long long)p->seed,
		    p->rwmixread);
	plan_print_rates(f, p);
	if (plan_steady(p))
		fprintf(f, "Steady state: a cell ends once IOPS over the last %u s stay within %u%% "
		    "with no trend, after at least %u s\n", p->steady_window_s, p->steady_pct,
		    plan_steady_least(p));
	if (p->until_steady)
		fprintf(f, "Rounds: until steady (SNIA PTS: the last %u rounds of each mode's (read "
		    "share's) smallest block size that runs, at its highest depth, within %.0f%% of "
		    "their mean, slope under %.0f%%), at least %u, at most %u, interleaved; a cell's "
		    "figures are its median round's\n",
		    SWEEP_STEADY_WINDOW_ROUNDS, SWEEP_STEADY_EXCURSION * 100, SWEEP_STEADY_SLOPE * 100,
		    SWEEP_STEADY_WINDOW_ROUNDS, plan_repeat(p));
	else if (plan_repeat(p) > 1)
		fprintf(f, "Rounds: %u, interleaved: every cell once, then every cell again (%u cell "
		    "runs); a cell's figures are its median round's, with the rounds' range\n",
		    plan_repeat(p), plan_repeat(p) * p->ncells);
	if (p->retry_unstable > 0)
		fprintf(f, "Retry unstable: after the last cell, each stalled or noisy cell runs again, "
		    "up to %u time%s, until an attempt is steady (every attempt is kept, the first "
		    "steady one shown); retries may add up to %u x %u cell%s (%s) to the duration\n",
		    p->retry_unstable, p->retry_unstable == 1 ? "" : "s", p->retry_unstable, p->ncells,
		    p->ncells == 1 ? "" : "s",
		    duration_human((uint64_t)p->retry_unstable * p->ncells * (p->ramp_s +
		    p->runtime_s) * NSEC_PER_SEC, dur, sizeof dur));
	fprintf(f, "Estimated duration: %s%s", plan_steady(p) || p->until_steady ? "at most " : "",
	    duration_human(plan_duration_ns(p), dur, sizeof dur));
	/* a user's file is read as it is: only a run that writes it (with consent) lays it out */
	if (t != NULL && t->kind == TARGET_FILE && !t->laid_out &&
	    (!t->foreign || plan_writer(p) != NULL))
		fprintf(f, " (plus laying out %s)", size_human(t->size, size, sizeof size));
	fputc('\n', f);
	if (cells)
		plan_print_cells(f, p);
}

/* The plan's cells, one line each under a header. */
void
plan_print_cells(FILE *f, const struct plan *p)
{
	char mix[256];
	unsigned nr, i;
	bool rates = false;

	plan_values(p, 4, mix, sizeof mix, &nr);
	for (i = 0; i < p->ncells; i++)
		rates |= plan_cell_open(&p->cells[i]);
	/* A reads column (percent) when the mixed cells have more than one read share. */
	fprintf(f, "%5s  %-9s  %6s  %5s  %4s%s%s\n", "cell", "mode", "bs", "depth", "jobs",
	    nr > 1 ? "  reads" : "", rates ? "  rate" : "");
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];
		char b[32], r[48];

		fprintf(f, "%5u  %-9s  %6s  %5u  %4u", i + 1, mode_name(c->mode),
		    size_short(c->bs, b, sizeof b), c->depth, c->jobs);
		if (nr > 1)
			fprintf(f, "  %4u%%", plan_cell_rwmixread(p, c));
		if (rates)
			fprintf(f, "  %s", plan_cell_open(c) ? plan_cell_rate_text(c, r, sizeof r) :
			    "closed loop");
		fputc('\n', f);
	}
}
