/*
 * The p99 latency of each second and of each minute of a long cell
 * (--hold), kept as the cell runs: one histogram for the current second
 * and one for the current minute, each read into its p99 and emptied when
 * the window moves on.  Two histograms (2 x 35 KiB) and 8 bytes a second
 * and a minute, however long the cell runs: a 24-hour cell keeps 691 KiB
 * of p99s, where a histogram a second would take 3 GiB.  A window's p99
 * has the histogram's error bound (hist.c).  The job thread adds to it;
 * the main thread reads it once the thread is joined.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "io/measure.h"

/* A window of secs seconds (1 or 60) over a cell of nsec seconds. */
static void
hist_win_init(struct hist_win *w, unsigned secs, unsigned nsec)
{
	w->secs = secs;
	w->n = (nsec + secs - 1) / secs;
	w->p99_ns = xcalloc(w->n ? w->n : 1, sizeof *w->p99_ns);
	w->cur = 0;
	w->h = xmalloc(sizeof *w->h);
	hist_init(w->h);
}

/* Read the current window into its p99 (0: no I/O completed in it) and empty it. */
static void
hist_win_flush(struct hist_win *w)
{
	if (w->h->n > 0 && w->cur < w->n)
		w->p99_ns[w->cur] = hist_percentile(w->h, 99.0);
	if (w->h->n > 0)
		hist_init(w->h);
}

static void
hist_win_add(struct hist_win *w, unsigned sec, uint64_t lat_ns)
{
	unsigned at = sec / w->secs;

	if (at != w->cur) {
		hist_win_flush(w);
		w->cur = at;
	}
	hist_add(w->h, lat_ns);
}

/* The windows of a cell measured for nsec seconds.  Caller frees (hist_windows_free). */
struct hist_windows *
hist_windows_new(unsigned nsec)
{
	struct hist_windows *ws = xcalloc(1, sizeof *ws);

	hist_win_init(&ws->second, 1, nsec);
	hist_win_init(&ws->minute, 60, nsec);
	return ws;
}

/* One completion of second sec of the window, lat_ns after it was issued. */
void
hist_windows_add(struct hist_windows *ws, unsigned sec, uint64_t lat_ns)
{
	hist_win_add(&ws->second, sec, lat_ns);
	hist_win_add(&ws->minute, sec, lat_ns);
}

/* The cell has ended: read the last second and minute. */
void
hist_windows_end(struct hist_windows *ws)
{
	hist_win_flush(&ws->second);
	hist_win_flush(&ws->minute);
}

void
hist_windows_free(struct hist_windows *ws)
{
	if (ws == NULL)
		return;
	free(ws->second.p99_ns);
	free(ws->second.h);
	free(ws->minute.p99_ns);
	free(ws->minute.h);
	free(ws);
}
