#include "config.h"

/*
 * io_uring engine (liburing): one ring of `depth` entries per job, the
 * job's file registered (IOSQE_FIXED_FILE) and its buffers registered
 * (read/write_fixed) so the kernel neither looks up the file nor pins the
 * pages on every I/O.  A batch is one io_uring_submit; reaping peeks every
 * ready completion at once and waits only when none is ready.  Buffer
 * registration counts against RLIMIT_MEMLOCK: when it is refused the
 * engine falls back to plain read/write on the same ring.
 */
#include <errno.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "sweep.h"

struct uring_data {
	struct io_uring		  ring;
	struct io_uring_cqe	**cqes;
	bool			  fixed_file;
	bool			  fixed_bufs;
};

static int
uring_init(struct job *j)
{
	struct uring_data *d = xcalloc(1, sizeof *d);
	struct iovec *iov;
	unsigned i;
	int err;

	err = io_uring_queue_init(j->depth, &d->ring, 0);
	if (err < 0) {
		str_copy(j->err_syscall, sizeof j->err_syscall, "io_uring_queue_init");
		j->err_errno = -err;
		free(d);
		return err;
	}
	d->cqes = xcalloc(j->depth, sizeof *d->cqes);
	d->fixed_file = io_uring_register_files(&d->ring, &j->fd, 1) == 0;
	iov = xcalloc(j->depth, sizeof *iov);
	for (i = 0; i < j->depth; i++) {
		iov[i].iov_base = (char *)j->bufs + (size_t)i * j->bs;
		iov[i].iov_len = j->bs;
	}
	d->fixed_bufs = io_uring_register_buffers(&d->ring, iov, j->depth) == 0;
	free(iov);
	j->engine_data = d;
	return 0;
}

/* Fill one SQE for u. */
static void
uring_prep(struct job *j, struct io_uring_sqe *sqe, struct io_u *u, struct uring_data *d)
{
	int fd = d->fixed_file ? 0 : j->fd;

	if (d->fixed_bufs) {
		if (u->ddir == DDIR_READ)
			io_uring_prep_read_fixed(sqe, fd, u->buf, (unsigned)u->len, u->offset,
			    (int)u->index);
		else
			io_uring_prep_write_fixed(sqe, fd, u->buf, (unsigned)u->len, u->offset,
			    (int)u->index);
	} else if (u->ddir == DDIR_READ)
		io_uring_prep_read(sqe, fd, u->buf, (unsigned)u->len, u->offset);
	else
		io_uring_prep_write(sqe, fd, u->buf, (unsigned)u->len, u->offset);
	if (d->fixed_file)
		sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data(sqe, u);
}

static int
uring_queue(struct job *j, struct io_u **ious, unsigned n)
{
	struct uring_data *d = j->engine_data;
	unsigned i;
	int r;

	for (i = 0; i < n; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&d->ring);

		if (sqe == NULL)
			break;
		uring_prep(j, sqe, ious[i], d);
	}
	if (i == 0)
		return 0;
	do
		r = io_uring_submit(&d->ring);
	while (r == -EINTR);
	if (r == -EAGAIN || r == -EBUSY)
		return 0;
	if (r < 0) {
		str_copy(j->err_syscall, sizeof j->err_syscall, "io_uring_enter");
		j->err_errno = -r;
	}
	return r;
}

static int
uring_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct uring_data *d = j->engine_data;
	unsigned n, i;

	n = io_uring_peek_batch_cqe(&d->ring, d->cqes, max);
	if (n == 0 && min > 0) {
		struct __kernel_timespec ts = { 0, ENGINE_REAP_WAIT_NS };
		struct io_uring_cqe *cqe;
		int r;

		do
			r = io_uring_wait_cqe_timeout(&d->ring, &cqe, &ts);
		while (r == -EINTR);
		if (r == -ETIME)
			return 0;
		if (r < 0) {
			str_copy(j->err_syscall, sizeof j->err_syscall, "io_uring_wait_cqe");
			j->err_errno = -r;
			return r;
		}
		n = io_uring_peek_batch_cqe(&d->ring, d->cqes, max);
	}
	for (i = 0; i < n; i++) {
		struct io_u *u = io_uring_cqe_get_data(d->cqes[i]);

		u->result = d->cqes[i]->res;
		out[i] = u;
	}
	io_uring_cq_advance(&d->ring, n);
	return (int)n;
}

static void
uring_cleanup(struct job *j)
{
	struct uring_data *d = j->engine_data;

	if (d == NULL)
		return;
	io_uring_queue_exit(&d->ring);
	free(d->cqes);
	free(d);
	j->engine_data = NULL;
}

const struct engine_ops engine_io_uring = {
	.name = "io_uring",
	.needs_fd = true,
	.init = uring_init,
	.submit = uring_queue,
	.reap = uring_reap,
	.cleanup = uring_cleanup,
};
