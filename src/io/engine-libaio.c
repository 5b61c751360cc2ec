/*
 * libaio engine: io_submit / io_getevents on a context of `depth` slots.
 * iocbs are allocated once per job, one per io_u, so the hot path makes no
 * allocation and no system call besides io_submit and io_getevents, and
 * io_getevents only when no completion is ready yet: ready ones are read
 * straight from the completion ring the kernel shares with us (fio's
 * userspace_reap).
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"

/*
 * The completion ring io_setup maps into our memory (fs/aio.c): the kernel
 * appends at tail, we consume at head.  The layout is ABI; magic and
 * incompat_features say whether this kernel uses it.
 */
struct libaio_ring {
	unsigned	id;
	unsigned	nr;
	unsigned	head;
	unsigned	tail;
	unsigned	magic;
	unsigned	compat_features;
	unsigned	incompat_features;
	unsigned	header_length;
	struct io_event	events[];
};
#define LIBAIO_RING_MAGIC	0xa10a10a1

struct libaio_data {
	io_context_t	 ctx;
	struct libaio_ring *ring;	/* NULL: reap through io_getevents only */
	struct iocb	*iocbs;		/* one per io_u, by index */
	struct iocb	**batch;
	struct io_event	*events;
};

/*
 * Is io_getevents someone else's (an LD_PRELOAD fault injector or tracer)?
 * Then every completion goes through it, since reaping from the ring would
 * hide completions from it.  A libaio linked in statically counts as
 * interposed too: the safe way is the system call.
 */
static bool
libaio_getevents_interposed(void)
{
	int (*fn)(io_context_t, long, long, struct io_event *, struct timespec *) = io_getevents;
	Dl_info info;
	void *addr;

	memcpy(&addr, &fn, sizeof addr);
	return dladdr(addr, &info) == 0 || info.dli_fname == NULL ||
	    strstr(info.dli_fname, "libaio") == NULL;
}

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
	d->ring = (struct libaio_ring *)d->ctx;
	if (d->ring->magic != LIBAIO_RING_MAGIC || d->ring->incompat_features != 0 ||
	    libaio_getevents_interposed())
		d->ring = NULL;
	j->engine_data = d;
	return 0;
}

/*
 * I/Os per io_submit.  io_submit puts a batch of more than two iocbs
 * (AIO_PLUG_THRESHOLD in fs/aio.c) under a block plug: the device sees
 * none of them until the last is prepared, so its real queue is shorter
 * than the depth asked for.  Measured on a virtio disk, 4k randread at
 * depth 32: whole batches 0.85x fio's IOPS, pairs 1.01x, single 1.00x
 * (bench/PROFILE.md).  Pairs keep half of batching's saving in calls.
 */
#define LIBAIO_SUBMIT_MAX	2

/*
 * io_submit may take fewer than asked, or fail with EAGAIN when the kernel
 * is short of resources: either way the caller reaps and tries the rest
 * again.  Any other error ends the cell (after what was already submitted
 * completes: the error comes back on the next call).
 */
static int
libaio_submit(struct job *j, struct io_u **ious, unsigned n)
{
	struct libaio_data *d = j->engine_data;
	unsigned i, done = 0;
	int r = 0;

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
	while (done < n) {
		long want = n - done < LIBAIO_SUBMIT_MAX ? (long)(n - done) : LIBAIO_SUBMIT_MAX;

		do
			r = io_submit(d->ctx, want, d->batch + done);
		while (r == -EINTR);
		if (r <= 0)
			break;
		done += (unsigned)r;
		if (r < want)
			break;
	}
	if (done > 0 || r == -EAGAIN)
		return (int)done;
	if (r < 0) {
		snprintf(j->err_syscall, sizeof j->err_syscall, "io_submit");
		j->err_errno = -r;
	}
	return r;
}

/*
 * Take up to max ready completions from the shared ring, without a system
 * call: read tail (acquire) before the events it covers, and publish the
 * new head (release) only after copying them, since the kernel reuses the
 * slots as soon as it sees head move.  Only this job's thread consumes.
 */
static int
libaio_ring_reap(struct libaio_ring *ring, unsigned max, struct io_event *events)
{
	unsigned head = ring->head, tail = __atomic_load_n(&ring->tail, __ATOMIC_ACQUIRE);
	unsigned n = 0;

	while (n < max && head != tail) {
		events[n++] = ring->events[head];
		head = head + 1 < ring->nr ? head + 1 : 0;
	}
	if (n > 0)
		__atomic_store_n(&ring->head, head, __ATOMIC_RELEASE);
	return (int)n;
}

/* The n events reaped as their io_us, into out. */
static int
libaio_out(struct libaio_data *d, int n, struct io_u **out)
{
	int i;

	for (i = 0; i < n; i++) {
		struct io_u *u = d->events[i].data;

		u->result = (long)d->events[i].res;
		out[i] = u;
	}
	return n;
}

/*
 * Ready completions from the ring, and io_getevents only when there are
 * fewer than min: it waits without a timeout, until min completions or
 * a signal (-EINTR: return what there is).
 */
static int
libaio_reap(struct job *j, unsigned min, unsigned max, struct io_u **out)
{
	struct libaio_data *d = j->engine_data;
	int r = 0;

	if (d->ring != NULL)
		r = libaio_ring_reap(d->ring, max, d->events);
	if ((unsigned)r < min) {
		int got = io_getevents(d->ctx, (long)(min - (unsigned)r), (long)(max - (unsigned)r),
		    d->events + r, NULL);

		if (got < 0 && got != -EINTR && r == 0) {
			snprintf(j->err_syscall, sizeof j->err_syscall, "io_getevents");
			j->err_errno = -got;
			return got;
		}
		if (got > 0)
			r += got;
	}
	return libaio_out(d, r, out);
}

/* Ready completions from the ring, else io_getevents for one, waiting at most wait_ns. */
static int
libaio_reap_until(struct job *j, unsigned max, struct io_u **out, uint64_t wait_ns)
{
	struct libaio_data *d = j->engine_data;
	struct timespec ts = { (time_t)(wait_ns / NSEC_PER_SEC), (long)(wait_ns % NSEC_PER_SEC) };
	int r = 0;

	if (d->ring != NULL)
		r = libaio_ring_reap(d->ring, max, d->events);
	if (r == 0) {
		int got = io_getevents(d->ctx, 1, (long)max, d->events, &ts);

		if (got < 0 && got != -EINTR) {
			snprintf(j->err_syscall, sizeof j->err_syscall, "io_getevents");
			j->err_errno = -got;
			return got;
		}
		r = got > 0 ? got : 0;
	}
	return libaio_out(d, r, out);
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
	.moves_data = true,
	.inflight_max = 0,
	.err_read = "io_getevents (read)",
	.err_write = "io_getevents (write)",
	.err_stuck = "reap",
	.call_submit = "io_submit",
	.call_reap = "io_getevents",
	.init = libaio_init,
	.submit = libaio_submit,
	.reap = libaio_reap,
	.reap_until = libaio_reap_until,
	.cleanup = libaio_cleanup,
};
