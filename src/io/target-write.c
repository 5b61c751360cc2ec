/*
 * Target, writing: fill a target's region with incompressible data, to lay
 * out a file (target.c) or precondition a device (target-device.c).  Below
 * both: it calls neither.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/target.h"

#define LAYOUT_CHUNK		(8 * MIB)

/* Fill buf with pseudo-random bytes (incompressible; not for cryptography). */
void
target_fill_random(void *buf, size_t len, uint64_t *state)
{
	uint64_t *p = buf, x = *state ? *state : 0x9E3779B97F4A7C15ULL;
	size_t i;

	for (i = 0; i < len / 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = x;
	}
	*state = x;
}

/* The progress line (a TTY only): done of size bytes written since start. */
static void
write_progress(const char *verb, uint64_t done, uint64_t size, uint64_t start)
{
	double secs = (double)(now_ns() - start) / 1e9;
	char a[32], b[32];

	fprintf(stderr, "\r\033[K  %s %3.0f%% (%s of %s, %.0f MiB/s)", verb,
	    100.0 * (double)done / (double)size, size_human(done, a, sizeof a),
	    size_human(size, b, sizeof b), secs > 0 ? (double)done / MIB / secs : 0.0);
}

/*
 * Write [0, size) of the target with incompressible data, O_DIRECT, in
 * 8 MiB requests, with progress; fsync at the end.  verb names the step in
 * messages ("laying out", "preconditioning").  Stops at an interrupt with
 * -EINTR and no message: t->written says how far it got, for the caller's.
 */
int
target_write_region(struct target *t, const char *verb, bool quiet)
{
	bool tty = !quiet && isatty(STDERR_FILENO);
	uint64_t done = 0, start = now_ns(), last = 0, seed = 0x5eed;
	int flags = O_WRONLY | O_DIRECT | O_CLOEXEC | (t->kind == TARGET_FILE ? O_CREAT : 0);
	void *buf;
	char a[32];
	int fd, err = 0;

	t->written = 0;
	fd = open(t->path, flags, 0644);
	if (fd < 0) {
		err = -errno;
		if (errno == EINVAL)
			sweep_error("%s: the filesystem does not support O_DIRECT; put the test file "
			    "on one that does (ext4, xfs, btrfs)", t->path);
		else
			sweep_error("%s %s: open: %s", verb, t->path, strerror(errno));
		return err;
	}
	if (posix_memalign(&buf, 4096, LAYOUT_CHUNK) != 0) {
		sweep_error("%s %s: cannot allocate its %llu MiB buffer", verb, t->path,
		    (unsigned long long)(LAYOUT_CHUNK / MIB));
		close(fd);
		return -ENOMEM;
	}
	if (!quiet)
		fprintf(stderr, "sweep: %s %s: %s of incompressible data\n", verb, t->path,
		    size_human(t->size, a, sizeof a));
	while (done < t->size && !sweep_interrupted) {
		size_t len = t->size - done < LAYOUT_CHUNK ? (size_t)(t->size - done) : LAYOUT_CHUNK;
		ssize_t n;

		target_fill_random(buf, len, &seed);
		n = pwrite(fd, buf, len, (off_t)done);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			sweep_error("%s %s: pwrite at offset %llu: %s", verb, t->path,
			    (unsigned long long)done, strerror(errno));
			break;
		}
		if (n == 0) {
			err = -EIO;
			sweep_error("%s %s: pwrite at offset %llu wrote nothing", verb, t->path,
			    (unsigned long long)done);
			break;
		}
		done += (uint64_t)n;
		t->written = done;
		if (tty && now_ns() - last > NSEC_PER_SEC / 4) {
			last = now_ns();
			write_progress(verb, done, t->size, start);
		}
	}
	/* The last state, 100% when done: the line never stops at the last quarter second's. */
	if (tty) {
		write_progress(verb, done, t->size, start);
		fputc('\n', stderr);
	}
	if (err == 0 && sweep_interrupted)
		err = -EINTR;
	if (err == 0 && fsync(fd) != 0) {
		err = -errno;
		sweep_error("%s %s: fsync: %s", verb, t->path, strerror(errno));
	}
	if (close(fd) != 0 && err == 0) {
		err = -errno;
		sweep_error("%s %s: close: %s", verb, t->path, strerror(errno));
	}
	if (err == 0 && !quiet)
		fprintf(stderr, "sweep: %s %s took %.1f s\n", verb, t->path,
		    (double)(now_ns() - start) / 1e9);
	free(buf);
	return err;
}
