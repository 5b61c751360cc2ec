/*
 * null engine: every I/O completes at once and touches nothing.  It tests
 * the pipeline end to end without a disk and measures the framework's own
 * cost per I/O (fio has the same engine for the same reasons).
 */
#include "config.h"

#include <stdlib.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"

struct null_data {
	struct io_u	**done;
	unsigned	  ndone;
};

static int
null_init(struct job *j)
{
	struct null_data *d = xcalloc(1, sizeof *d);

	d->done = xcalloc(j->depth, sizeof *d->done);
	j->engine_data = d;
	return 0;
}

static int
null_submit(struct job *j, struct io_u **ious, unsigned n)
{
	struct null_data *d = j->engine_data;
	unsigned i;

	for (i = 0; i < n; i++) {
		ious[i]->result = (int64_t)ious[i]->len;
		d->done[d->ndone++] = ious[i];
	}
	return (int)n;
}

static int
null_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct null_data *d = j->engine_data;
	unsigned n = d->ndone < max ? d->ndone : max, i;

	(void)min;
	for (i = 0; i < n; i++)
		out[i] = d->done[--d->ndone];
	return (int)n;
}

static void
null_cleanup(struct job *j)
{
	struct null_data *d = j->engine_data;

	if (d == NULL)
		return;
	free(d->done);
	free(d);
	j->engine_data = NULL;
}

const struct engine_ops engine_null = {
	.name = "null",
	.needs_fd = false,
	.moves_data = false,
	.inflight_max = 0,
	.err_read = "null (read)",
	.err_write = "null (write)",
	.err_stuck = "reap",
	.call_submit = "null",
	.call_reap = "null",
	.init = null_init,
	.submit = null_submit,
	.reap = null_reap,
	.cleanup = null_cleanup,
};
