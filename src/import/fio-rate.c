/*
 * fio's rate limit as sweep's open-loop cell: rate_iops ("N" for both
 * directions, or "R,W"; per job, so times numjobs) and rate_process
 * (poisson, else even intervals).  fio times such a job's latency from
 * the issue, not from when each I/O was due: the import says so.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "import/fio.h"
#include "results/results.h"

/* The most a job's rate_iops is read as: results.json's rate_iops reads up to 1e12 for all jobs. */
#define FIO_RATE_MAX	1e9

/* c's rate from fio's rate_iops and rate_process (NULL: not given); -EINVAL if not a number. */
int
fio_rate_cell(const char *rate_iops, const char *rate_process, struct cell *c)
{
	double rd, wr, rate;
	bool two = false;
	char *end;

	if (rate_iops == NULL)
		return 0;
	rd = wr = strtod(rate_iops, &end);
	if (end == rate_iops || !(rd >= 0 && rd <= FIO_RATE_MAX))
		return -EINVAL;
	if (*end == ',') {
		const char *w = end + 1;

		wr = strtod(w, &end);
		if (end == w || !(wr >= 0 && wr <= FIO_RATE_MAX))
			return -EINVAL;
		two = true;
	}
	rate = !mode_writes(c->mode) ? rd : !mode_reads(c->mode) ? wr : two ? rd + wr : rd;
	if (!(rate > 0))
		return 0;	/* rate_iops=0: no limit */
	c->rate_iops = rate * c->jobs;
	c->arrivals = rate_process != NULL && strcmp(rate_process, "poisson") == 0 ?
	    RATE_POISSON : RATE_FIXED;
	return 0;
}

/*
 * After an import: each rate cell's latency, fio's from the issue, is
 * also what sweep keeps as its latency from the issue, and a warning says
 * that the cell's own is not from the due time.
 */
void
fio_rate_finish(struct results *res)
{
	unsigned i, n = 0;

	for (i = 0; i < res->plan.ncells; i++) {
		struct cell_result *r = &res->cells[i];

		if (r->cell.rate_iops <= 0)
			continue;
		memcpy(r->rate_issue_pct_ns, r->lat_pct_ns, sizeof r->rate_issue_pct_ns);
		n++;
	}
	if (n > 0)
		results_warn(res, "%u fio job%s with rate_iops: open-loop cell%s, but fio times "
		    "latency from the issue, so a stall that held issue back is not in it (sweep "
		    "--rate times it from when each I/O was due)", n, n == 1 ? "" : "s",
		    n == 1 ? "" : "s");
}
