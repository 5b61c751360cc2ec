/*
 * Fault injection for tests only: an LD_PRELOAD interposer over libaio's
 * io_submit/io_getevents, liburing's io_uring_peek_batch_cqe and libc's
 * pread/pwrite, driven by
 *
 *   SWEEP_FAULT="CALL:ACTION@N[+]"
 *
 * CALL is io_submit, io_getevents, io_uring_peek_batch_cqe, pread or pwrite
 * (pread/pwrite also match pread64/pwrite64).  N counts I/Os through CALL
 * from 1 (events for io_getevents, iocbs for io_submit, CQEs returned for
 * io_uring_peek_batch_cqe, which may return one again until it is
 * consumed: the count is then of sightings); "@N" hits the Nth only, "@N+"
 * every one from the Nth on.  ACTION is:
 *   eio, enospc, erofs  the I/O fails with that errno
 *   short               the I/O moves half its bytes
 *   stall=S             the call sleeps S seconds first (once, at the Nth;
 *                       not for io_uring_peek_batch_cqe)
 *   hang=S              the same, but pthread_cancel does not end the sleep:
 *                       a call stuck in the kernel (libaio's io_submit is a
 *                       system call, no cancellation point; a pread in D
 *                       state acts on a cancel only once it returns)
 * The kernel has no dm-flakey or null_blk here, so this is how the tests
 * reach sweep's error paths through the real engines.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <libaio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef FAULT_URING
#include <liburing.h>
#endif

enum action { NONE, FAIL, SHORT, STALL, HANG };

static struct {
	char		call[32];
	enum action	action;
	int		err;
	unsigned	stall_s;
	unsigned long	at;
	int		onward;
} spec;
static atomic_ulong counter;
static atomic_int stalled;

__attribute__((constructor)) static void
fault_init(void)
{
	const char *env = getenv("SWEEP_FAULT");
	char buf[128], *colon, *at, *act;

	if (env == NULL || strlen(env) >= sizeof buf)
		return;
	strcpy(buf, env);
	colon = strchr(buf, ':');
	at = strchr(buf, '@');
	if (colon == NULL || at == NULL || at < colon)
		return;
	*colon = '\0';
	*at = '\0';
	act = colon + 1;
	snprintf(spec.call, sizeof spec.call, "%s", buf);
	spec.at = strtoul(at + 1, NULL, 10);
	spec.onward = strchr(at + 1, '+') != NULL;
	if (strcmp(act, "eio") == 0) {
		spec.action = FAIL;
		spec.err = EIO;
	} else if (strcmp(act, "enospc") == 0) {
		spec.action = FAIL;
		spec.err = ENOSPC;
	} else if (strcmp(act, "erofs") == 0) {
		spec.action = FAIL;
		spec.err = EROFS;
	} else if (strcmp(act, "short") == 0) {
		spec.action = SHORT;
	} else if (strncmp(act, "stall=", 6) == 0) {
		spec.action = STALL;
		spec.stall_s = (unsigned)strtoul(act + 6, NULL, 10);
	} else if (strncmp(act, "hang=", 5) == 0) {
		spec.action = HANG;
		spec.stall_s = (unsigned)strtoul(act + 5, NULL, 10);
	}
	fprintf(stderr, "fault-inject: %s %s at %lu%s\n", spec.call, act, spec.at,
	    spec.onward ? " onward" : "");
}

/* Does the n-th I/O through call get the fault? */
static int
hit(const char *call, unsigned long n)
{
	if (spec.action == NONE || strcmp(call, spec.call) != 0)
		return 0;
	return spec.onward ? n >= spec.at : n == spec.at;
}

static void
stall(void)
{
	struct timespec ts = { spec.stall_s, 0 };
	int old;

	if (atomic_exchange(&stalled, 1) != 0)
		return;
	if (spec.action == HANG)
		pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	nanosleep(&ts, NULL);	/* stall: a cancellation point, like a real blocking call */
	if (spec.action == HANG)
		pthread_setcancelstate(old, NULL);
}

int
io_submit(io_context_t ctx, long nr, struct iocb *ios[])
{
	static int (*real)(io_context_t, long, struct iocb *[]);
	unsigned long first;
	long i;

	if (real == NULL)
		real = (int (*)(io_context_t, long, struct iocb *[]))dlsym(RTLD_NEXT, "io_submit");
	first = atomic_fetch_add(&counter, strcmp(spec.call, "io_submit") == 0 ? (unsigned long)nr : 0) + 1;
	for (i = 0; i < nr; i++)
		if (hit("io_submit", first + (unsigned long)i)) {
			if (spec.action == FAIL)
				return -spec.err;
			if (spec.action == STALL || spec.action == HANG)
				stall();
			break;
		}
	return real(ctx, nr, ios);
}

int
io_getevents(io_context_t ctx, long min, long max, struct io_event *events,
    struct timespec *timeout)
{
	static int (*real)(io_context_t, long, long, struct io_event *, struct timespec *);
	int n, i;

	if (real == NULL)
		real = (int (*)(io_context_t, long, long, struct io_event *, struct timespec *))
		    dlsym(RTLD_NEXT, "io_getevents");
	if ((spec.action == STALL || spec.action == HANG) &&
	    strcmp(spec.call, "io_getevents") == 0 &&
	    atomic_load(&counter) + 1 >= spec.at)
		stall();
	n = real(ctx, min, max, events, timeout);
	if (strcmp(spec.call, "io_getevents") != 0)
		return n;
	for (i = 0; i < n; i++) {
		unsigned long k = atomic_fetch_add(&counter, 1) + 1;
		long res = (long)events[i].res;

		if (!hit("io_getevents", k) || res <= 0)
			continue;
		if (spec.action == FAIL)
			events[i].res = (unsigned long)(long)-spec.err;
		else if (spec.action == SHORT)
			events[i].res = (unsigned long)(res / 2);
	}
	return n;
}

#ifdef FAULT_URING
/*
 * The io_uring engine reads each completion's result from the CQE the
 * peek returns: a fault rewrites it in the shared ring before the engine
 * reads it, as the kernel would have written a failed I/O.
 */
unsigned
io_uring_peek_batch_cqe(struct io_uring *ring, struct io_uring_cqe **cqes, unsigned count)
{
	static unsigned (*real)(struct io_uring *, struct io_uring_cqe **, unsigned);
	unsigned n, i;

	if (real == NULL)
		real = (unsigned (*)(struct io_uring *, struct io_uring_cqe **, unsigned))
		    dlsym(RTLD_NEXT, "io_uring_peek_batch_cqe");
	n = real(ring, cqes, count);
	if (strcmp(spec.call, "io_uring_peek_batch_cqe") != 0)
		return n;
	for (i = 0; i < n; i++) {
		unsigned long k = atomic_fetch_add(&counter, 1) + 1;

		if (!hit("io_uring_peek_batch_cqe", k) || cqes[i]->res <= 0)
			continue;
		if (spec.action == FAIL)
			cqes[i]->res = -spec.err;
		else if (spec.action == SHORT)
			cqes[i]->res /= 2;
	}
	return n;
}
#endif

static ssize_t
rw_fault(const char *call, ssize_t (*real)(int, void *, size_t, off_t), int fd, void *buf,
    size_t len, off_t off)
{
	unsigned long k = 0;

	if (strcmp(spec.call, call) == 0)
		k = atomic_fetch_add(&counter, 1) + 1;
	if (k != 0 && hit(call, k)) {
		if (spec.action == FAIL) {
			errno = spec.err;
			return -1;
		}
		if (spec.action == SHORT && len >= 1024)
			len = len / 2 / 512 * 512;
		if (spec.action == STALL || spec.action == HANG)
			stall();
	}
	return real(fd, buf, len, off);
}

ssize_t
pread(int fd, void *buf, size_t len, off_t off)
{
	static ssize_t (*real)(int, void *, size_t, off_t);

	if (real == NULL)
		real = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread");
	return rw_fault("pread", real, fd, buf, len, off);
}

ssize_t
pread64(int fd, void *buf, size_t len, off_t off)
{
	return pread(fd, buf, len, off);
}

ssize_t
pwrite(int fd, const void *buf, size_t len, off_t off)
{
	static ssize_t (*real)(int, void *, size_t, off_t);

	if (real == NULL)
		real = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
	return rw_fault("pwrite", real, fd, (void *)buf, len, off);
}

ssize_t
pwrite64(int fd, const void *buf, size_t len, off_t off)
{
	return pwrite(fd, buf, len, off);
}
