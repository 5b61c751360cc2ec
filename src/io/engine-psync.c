/*
 * psync engine: one pread/pwrite at a time, like fio's psync.  A job keeps
 * one I/O in flight whatever its depth; use jobs for parallelism.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"

struct psync_data {
	struct io_u	*done;
};

static int
psync_init(struct job *j)
{
	j->engine_data = xcalloc(1, sizeof(struct psync_data));
	return 0;
}

static int
psync_submit(struct job *j, struct io_u **ious, unsigned n)
{
	struct psync_data *d = j->engine_data;
	struct io_u *u = ious[0];
	ssize_t r;

	if (n == 0 || d->done != NULL)
		return 0;
	do {
		if (u->ddir == DDIR_READ)
			r = pread(j->fd, u->buf, u->len, (off_t)u->offset);
		else
			r = pwrite(j->fd, u->buf, u->len, (off_t)u->offset);
	} while (r < 0 && errno == EINTR);
	u->result = r < 0 ? -errno : r;
	d->done = u;
	return 1;
}

static int
psync_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct psync_data *d = j->engine_data;

	(void)min;
	if (d->done == NULL || max == 0)
		return 0;
	out[0] = d->done;
	d->done = NULL;
	return 1;
}

static void
psync_cleanup(struct job *j)
{
	free(j->engine_data);
	j->engine_data = NULL;
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.needs_fd = true,
	.moves_data = true,
	.inflight_max = 1,
	.err_read = "pread",
	.err_write = "pwrite",
	.err_stuck = "pread/pwrite",
	.call_submit = "pread/pwrite",
	.call_reap = "pread/pwrite",
	.init = psync_init,
	.submit = psync_submit,
	.reap = psync_reap,
	.cleanup = psync_cleanup,
};
