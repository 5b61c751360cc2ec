#include "config.h"

/*
 * io_uring engine (liburing): one ring of `depth` entries per job, the
 * job's file registered (IOSQE_FIXED_FILE) and its buffers registered
 * (read/write_fixed) so the kernel neither looks up the file nor pins the
 * pages on every I/O.  submit fills SQEs and hands them to the kernel in
 * pairs, as the libaio engine does and for the same reason (a batch of
 * more than two is plugged); the last pair waits for the reap, which
 * submits it and waits for the first completion in the same io_uring_enter,
 * so at depth 1 an I/O costs one system call, not two (fio's commit +
 * getevents), and a reap takes every ready completion at once.  The ring
 * is single-issuer with
 * deferred task work where the kernel has it (6.1): completions are posted
 * when the job asks for them instead of interrupting it.  Buffer
 * registration counts against RLIMIT_MEMLOCK: when it is refused the
 * engine falls back to plain read/write on the same ring.
 */
#include <errno.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"

struct uring_data {
	struct io_uring		  ring;
	struct io_uring_cqe	**cqes;
	bool			  fixed_file;
	bool			  fixed_bufs;
};

/*
 * The job's thread creates the ring and is the only one to submit to it,
 * so it can be single-issuer and run its task work itself (DEFER_TASKRUN,
 * 6.1), else cooperatively (COOP_TASKRUN, 5.19); older kernels refuse the
 * flags with EINVAL and get a plain ring.
 */
static int
uring_setup(unsigned depth, struct io_uring *ring)
{
	static const unsigned tries[] = {
#if defined(IORING_SETUP_SINGLE_ISSUER) && defined(IORING_SETUP_DEFER_TASKRUN)
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
#endif
#ifdef IORING_SETUP_COOP_TASKRUN
		IORING_SETUP_COOP_TASKRUN,
#endif
		0
	};
	size_t i;
	int err = -EINVAL;

	for (i = 0; i < sizeof tries / sizeof tries[0]; i++) {
		struct io_uring_params p;

		memset(&p, 0, sizeof p);
		p.flags = tries[i];
		err = io_uring_queue_init_params(depth, ring, &p);
		if (err != -EINVAL)
			break;
	}
	return err;
}

static int
uring_init(struct job *j)
{
	struct uring_data *d = xcalloc(1, sizeof *d);
	struct iovec *iov;
	unsigned i;
	int err;

	err = uring_setup(j->depth, &d->ring);
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

/*
 * SQEs per io_uring_enter: io_uring plugs a submission of more than two
 * (io_submit_state_start) just as io_submit does; see engine-libaio.c.
 */
#define URING_SUBMIT_MAX	2

/*
 * Fill an SQE per I/O and submit them a pair at a time, keeping the last
 * (up to) pair for the reap.  A failed submission leaves its SQEs queued:
 * the reap submits them again and reports the error.
 */
static int
uring_queue(struct job *j, struct io_u **ious, unsigned n)
{
	struct uring_data *d = j->engine_data;
	bool chunk = true;
	unsigned i;

	for (i = 0; i < n; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&d->ring);
		int r;

		if (sqe == NULL)
			break;
		uring_prep(j, sqe, ious[i], d);
		if (!chunk || io_uring_sq_ready(&d->ring) < URING_SUBMIT_MAX || n - i - 1 == 0)
			continue;
		do
			r = io_uring_submit(&d->ring);
		while (r == -EINTR);
		if (r < 0)
			chunk = false;
	}
	return (int)i;
}

/*
 * Submit the queued SQEs and, unless min completions are ready already,
 * wait for them, all in one io_uring_enter, with no timeout: a signal
 * ends the wait (-EINTR), and the reap returns what is ready.  EAGAIN and
 * EBUSY (the kernel is short of requests, or the CQ ring is full) leave
 * the SQEs queued for the next reap, after this one has drained
 * completions.
 */
static int
uring_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct uring_data *d = j->engine_data;
	unsigned n, i;

	n = io_uring_peek_batch_cqe(&d->ring, d->cqes, max);
	if (io_uring_sq_ready(&d->ring) > 0 || n < min) {
		int r = io_uring_submit_and_wait(&d->ring, n < min ? min - n : 0);

		if (r < 0 && r != -EINTR && r != -EAGAIN && r != -EBUSY) {
			str_copy(j->err_syscall, sizeof j->err_syscall, "io_uring_enter");
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

/*
 * Ready completions, else submit what is queued and wait for one, at most
 * wait_ns (-ETIME: none came); the same errors as uring_reap stop it.
 */
static int
uring_reap_until(struct job *j, unsigned max, struct io_u **out, uint64_t wait_ns)
{
	struct uring_data *d = j->engine_data;
	struct __kernel_timespec ts = { (long long)(wait_ns / NSEC_PER_SEC),
	    (long long)(wait_ns % NSEC_PER_SEC) };
	struct io_uring_cqe *cqe;
	unsigned n, i;
	int r = 0;

	n = io_uring_peek_batch_cqe(&d->ring, d->cqes, max);
	if (n == 0)
		r = io_uring_submit_and_wait_timeout(&d->ring, &cqe, 1, &ts, NULL);
	else if (io_uring_sq_ready(&d->ring) > 0)
		r = io_uring_submit(&d->ring);
	if (r < 0 && r != -ETIME && r != -EINTR && r != -EAGAIN && r != -EBUSY) {
		str_copy(j->err_syscall, sizeof j->err_syscall, "io_uring_enter");
		j->err_errno = -r;
		return r;
	}
	if (n == 0)
		n = io_uring_peek_batch_cqe(&d->ring, d->cqes, max);
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
	.moves_data = true,
	.inflight_max = 0,
	.err_read = "io_uring_enter (read)",
	.err_write = "io_uring_enter (write)",
	.err_stuck = "reap",
	.call_submit = "io_uring_enter",
	.call_reap = "io_uring_enter",
	.init = uring_init,
	.submit = uring_queue,
	.reap = uring_reap,
	.reap_until = uring_reap_until,
	.cleanup = uring_cleanup,
};
