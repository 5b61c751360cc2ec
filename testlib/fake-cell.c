/* A measured cell for the unit tests' fake runs (fake-cell.h). */
#include "config.h"

#include "fake-cell.h"

/*
 * Cell n of res (and its plan's cell): mode at bs and depth, one job,
 * finished, iops for seconds: its I/Os, bytes (read, or written for a
 * mode that only writes) and bandwidth.  The caller adds latency and
 * whatever else its test needs, then bw_check_compute().
 */
void
fake_cell(struct results *res, unsigned n, enum rw_mode mode, uint64_t bs, unsigned depth,
    double iops, unsigned seconds)
{
	struct cell_result *r = &res->cells[n];

	r->cell = (struct cell){ .index = n, .mode = mode, .bs = bs, .depth = depth, .jobs = 1 };
	res->plan.cells[n] = r->cell;
	r->status = CELL_OK;
	r->runtime_ns = (uint64_t)seconds * NSEC_PER_SEC;
	r->iops = iops;
	r->ios = (uint64_t)(iops * seconds);
	r->bytes = r->ios * bs;
	if (mode_writes(mode) && !mode_reads(mode))
		r->write_bytes = r->bytes;
	else
		r->read_bytes = r->bytes;
	r->bw_bytes_s = (double)r->bytes / seconds;
}
