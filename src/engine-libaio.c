/*
 * libaio engine: io_submit / io_getevents on a context of `depth` slots.
 * iocbs are allocated once per job, one per io_u, so the hot path makes no
 * allocation and no system call besides io_submit and io_getevents.
 */
#include "config.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

struct libaio_data {
	io_context_t	 ctx;
	struct iocb	*iocbs;		/* one per io_u, by index */
	struct iocb	**batch;
	struct io_event	*events;
};

static int
libaio_init(struct job *j)
{
	struct libaio_data *d = xcalloc(1, sizeof *d);
	int err;

	d->iocbs = xcalloc(j->depth, sizeof *d->iocbs);
	d->batch = xcalloc(j->depth, sizeof *d->batch);
	d->events = xcalloc(j->depth, sizeof *d->events);
	err = io_setup((int)j->depth, &d->ctx);
	if (err != 0) {
		snprintf(j->err_syscall, sizeof j->err_syscall, "io_setup");
		j->err_errno = -err;
		free(d->iocbs);
		free(d->batch);
		free(d->events);
		free(d);
		return err;
	}
	j->engine_data = d;
	return 0;
}

/*
 * io_submit may take fewer than asked, or fail with EAGAIN when the kernel
 * is short of resources: either way the caller reaps and tries the rest
 * again.  Any other error ends the cell.
 */
static int
libaio_submit(struct job *j, struct io_u **ious, unsigned n)
{
	struct libaio_data *d = j->engine_data;
	unsigned i;
	int r;

	for (i = 0; i < n; i++) {
		struct io_u *u = ious[i];
		struct iocb *cb = &d->iocbs[u->index];

		if (u->ddir == DDIR_READ)
			io_prep_pread(cb, j->fd, u->buf, u->len, (long long)u->offset);
		else
			io_prep_pwrite(cb, j->fd, u->buf, u->len, (long long)u->offset);
		cb->data = u;
		d->batch[i] = cb;
	}
	do
		r = io_submit(d->ctx, (long)n, d->batch);
	while (r == -EINTR);
	if (r == -EAGAIN)
		return 0;
	if (r < 0) {
		snprintf(j->err_syscall, sizeof j->err_syscall, "io_submit");
		j->err_errno = -r;
	}
	return r;
}

static int
libaio_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct libaio_data *d = j->engine_data;
	struct timespec ts = { 0, ENGINE_REAP_WAIT_NS };
	int r, i;

	do
		r = io_getevents(d->ctx, (long)min, (long)max, d->events, &ts);
	while (r == -EINTR);
	if (r < 0) {
		snprintf(j->err_syscall, sizeof j->err_syscall, "io_getevents");
		j->err_errno = -r;
		return r;
	}
	for (i = 0; i < r; i++) {
		struct io_u *u = d->events[i].data;

		u->result = (long)d->events[i].res;
		out[i] = u;
	}
	return r;
}

static void
libaio_cleanup(struct job *j)
{
	struct libaio_data *d = j->engine_data;

	if (d == NULL)
		return;
	io_destroy(d->ctx);
	free(d->iocbs);
	free(d->batch);
	free(d->events);
	free(d);
	j->engine_data = NULL;
}

const struct engine_ops engine_libaio = {
	.name = "libaio",
	.needs_fd = true,
	.init = libaio_init,
	.submit = libaio_submit,
	.reap = libaio_reap,
	.cleanup = libaio_cleanup,
};
