/*
 * Target, probing: the reads made before the first cell (libblkid's look
 * for a filesystem or partition table, the zero check of a fresh volume)
 * on a target that may have stalled.
 *
 * A read stuck in a device holds its process in D state: no signal ends it
 * until the read completes (at 1 IOPS libblkid's buffered reads took about
 * a minute; on a dead device, forever), and neither does a process's exit
 * while one of its threads is in the read.  So each probe runs in a child
 * process; the parent waits for its answer while it watches for SIGINT or
 * SIGTERM and for the child's reads (rchar in /proc/PID/io) to move.  On a
 * signal, or no read completed for --io-timeout, the child is killed and
 * left to the kernel (it goes when its read completes) and the parent says
 * what is stuck, in one line, and goes on to exit.  Below target.c and
 * target-device.c; calls neither.
 */
#include "config.h"

#include <blkid/blkid.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/target.h"

/* What the child sends back through the pipe: one write, under PIPE_BUF. */
struct probe_answer {
	int	 ret;
	char	 text[512];
};

static volatile sig_atomic_t probe_signalled;

static void
probe_on_signal(int sig)
{
	(void)sig;
	probe_signalled = 1;
	sweep_interrupted = 1;
}

/* Bytes the process pid has read so far (rchar); 0 when /proc does not say. */
static uint64_t
probe_rchar(pid_t pid)
{
	char path[64], line[128];
	unsigned long long v = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%ld/io", (long)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "rchar: %llu", &v) == 1)
			break;
	fclose(f);
	return v;
}

/* The child: run fn, send its answer, never return. */
static void
probe_child(int fd, int (*fn)(const void *, char *, size_t), const void *arg)
{
	struct probe_answer a;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	/* No copy of the run's locks or outputs outlives the parent in a stuck child. */
	if (fd > 3)
		close_range(3, (unsigned)fd - 1, 0);
	close_range((unsigned)fd + 1, ~0U, 0);
	memset(&a, 0, sizeof a);
	a.ret = fn(arg, a.text, sizeof a.text);
	a.text[sizeof a.text - 1] = '\0';
	if (write(fd, &a, sizeof a) != (ssize_t)sizeof a)
		_exit(1);
	_exit(0);
}

/*
 * Wait for the child's answer on fd: 1 with a read, or -EINTR / -ETIMEDOUT
 * (stuck_s: how long no read had completed), -EIO when it ended without one.
 */
static int
probe_wait(pid_t pid, int fd, unsigned timeout_s, struct probe_answer *a, double *stuck_s)
{
	uint64_t since = now_ns(), last = 0, limit = (uint64_t)timeout_s * NSEC_PER_SEC;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	for (;;) {
		uint64_t rchar;
		int n = poll(&pfd, 1, 100);

		if (n > 0) {
			ssize_t got = read(fd, a, sizeof *a);

			if (got == (ssize_t)sizeof *a)
				return 1;
			return -EIO;	/* the child ended without an answer */
		}
		*stuck_s = (double)(now_ns() - since) / 1e9;
		if (probe_signalled)
			return -EINTR;
		rchar = probe_rchar(pid);
		if (rchar != last) {
			last = rchar;
			since = now_ns();
		} else if (now_ns() - since >= limit)
			return -ETIMEDOUT;
	}
}

/*
 * Run fn(arg, out, len) in a child process (see above).  Returns fn's
 * answer with out filled, or after one line naming input ("--device
 * /dev/sdb") and what was stuck: -EINTR on SIGINT or SIGTERM (which also
 * sets sweep_interrupted), -ETIMEDOUT when no read completed for
 * timeout_s, -EIO when the child ended without an answer.
 */
int
target_probe(const char *input, const char *what, unsigned timeout_s,
    int (*fn)(const void *, char *, size_t), const void *arg, char *out, size_t len)
{
	struct sigaction sa, old_int, old_term;
	struct probe_answer a;
	double stuck_s = 0;
	uint64_t start = now_ns();
	int pfd[2], ret;
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC) != 0)
		return -errno;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return ret;
	}
	if (pid == 0) {
		close(pfd[0]);
		probe_child(pfd[1], fn, arg);
	}
	close(pfd[1]);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = probe_on_signal;
	sigemptyset(&sa.sa_mask);
	probe_signalled = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	ret = probe_wait(pid, pfd[0], timeout_s, &a, &stuck_s);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	close(pfd[0]);
	if (ret == 1) {
		waitpid(pid, NULL, 0);
		str_copy(out, len, a.text);
		return a.ret;
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, WNOHANG);
	if (ret == -EIO)
		sweep_error("%s: %s: the probe's process ended without an answer", input, what);
	else if (ret == -EINTR)
		sweep_error("%s: interrupted while %s, %.1f s in (its last read completed %.1f s "
		    "ago; a read still in the device is left to the kernel)", input, what,
		    (double)(now_ns() - start) / 1e9, stuck_s);
	else
		sweep_error("%s: %s: no read has completed for %u s (--io-timeout %u): the device is "
		    "stalled", input, what, timeout_s, timeout_s);
	return ret;
}

/*
 * What libblkid finds at the path arg: "ext4, label 'data'", "a dos
 * partition table", or "" (returns 0 either way).  A probe function for
 * target_probe.
 */
int
target_probe_signature(const void *arg, char *out, size_t len)
{
	blkid_probe pr = blkid_new_probe_from_filename(arg);
	const char *type = NULL, *label = NULL, *pttype = NULL;

	out[0] = '\0';
	if (pr == NULL)
		return 0;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	blkid_probe_enable_partitions(pr, 1);
	if (blkid_do_safeprobe(pr) == 0) {
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		if (type != NULL && label != NULL)
			snprintf(out, len, "%s, label '%s'", type, label);
		else if (type != NULL)
			snprintf(out, len, "%s", type);
		else if (pttype != NULL)
			snprintf(out, len, "a %s partition table", pttype);
	}
	blkid_free_probe(pr);
	return 0;
}
