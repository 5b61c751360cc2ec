/*
 * Run, progress: on a terminal, one line redrawn about once a second while
 * a cell runs (its rate since the last draw and the sweep's ETA), cleared
 * when the cell ends.  Nothing with --quiet or when stderr is not a TTY.
 */
#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/measure.h"

static struct {
	bool		 tty;
	unsigned	 ncells;
	uint64_t	 cell_ns;	/* ramp + runtime: the most one cell takes */
} progress;

void
run_progress_init(bool quiet, const struct plan *p)
{
	progress.tty = !quiet && isatty(STDERR_FILENO);
	progress.ncells = p->ncells;
	progress.cell_ns = (uint64_t)(p->ramp_s + p->runtime_s) * NSEC_PER_SEC;
}

/* Is the line due again at time t (a second after the last draw)? */
bool
run_progress_due(const struct run_progress_mark *m, uint64_t t)
{
	return progress.tty && t - m->t >= NSEC_PER_SEC;
}

/*
 * Draw cell c (number k, started at t0) with ios and bytes completed so
 * far, the rate taken against the last draw, which m then records.
 */
void
run_progress_draw(const struct cell *c, unsigned k, uint64_t t0, uint64_t ios, uint64_t bytes,
    struct run_progress_mark *m)
{
	uint64_t t = now_ns(), left;
	double dt = (double)(t - m->t) / 1e9;
	char b[32], eta[32];

	left = (uint64_t)(progress.ncells - k) * progress.cell_ns;
	left = t - t0 < progress.cell_ns ? left - (t - t0) : left - progress.cell_ns;
	fprintf(stderr, "\r\033[K[%u/%u] %-9s bs %-4s depth %-4u jobs %-3u %10.0f IOPS %9.1f MiB/s  ETA %s",
	    k + 1, progress.ncells, mode_name(c->mode), size_short(c->bs, b, sizeof b), c->depth,
	    c->jobs, dt > 0 ? (double)(ios - m->ios) / dt : 0.0,
	    dt > 0 ? (double)(bytes - m->bytes) / MIB / dt : 0.0,
	    duration_human(left, eta, sizeof eta));
	m->ios = ios;
	m->bytes = bytes;
	m->t = t;
}

/* Clear the line once the cell has ended. */
void
run_progress_clear(void)
{
	if (progress.tty)
		fputs("\r\033[K", stderr);
}
