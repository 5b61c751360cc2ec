/*
 * Locks: one run at a time on an output folder and on a target.  An
 * exclusive flock(2), taken without waiting, on DIR/.sweep.lock (which
 * holds the holder's PID, for the message) and on the target itself.  The
 * kernel drops a flock when its holder dies, so a run killed with SIGKILL
 * leaves at most a stale .sweep.lock that blocks nobody.  Below the
 * commands and the target code; calls neither.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sweep.h"

#define LOCK_TRIES	5

/* The PID holding a flock on st's inode, from /proc/locks; 0 if not found. */
static long
lock_holder_proc(const struct stat *st)
{
	FILE *f = fopen("/proc/locks", "re");
	char line[256];
	long pid = 0;

	if (f == NULL)
		return 0;
	while (pid == 0 && fgets(line, sizeof line, f) != NULL) {
		unsigned maj, min;
		unsigned long ino;
		long p;
		char kind[16], mode[16];

		if (strstr(line, "->") != NULL)
			continue;	/* a waiter, not the holder */
		if (sscanf(line, "%*d: %15s %*s %15s %ld %x:%x:%lu", kind, mode, &p, &maj, &min,
		    &ino) != 6)
			continue;
		if (strcmp(kind, "FLOCK") == 0 && maj == major(st->st_dev) &&
		    min == minor(st->st_dev) && ino == (unsigned long)st->st_ino && p > 0)
			pid = p;
	}
	fclose(f);
	return pid;
}

/* The PID written in a lock file by its holder; 0 if none. */
static long
lock_holder_file(int fd)
{
	char buf[32];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	long pid;

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	pid = strtol(buf, NULL, 10);
	return pid > 0 ? pid : 0;
}

/*
 * Take an exclusive lock on path without waiting.  create: make path if
 * missing (a lock file, or a test file about to be laid out); pid_file:
 * path is a lock file of ours, so write our PID into it.  Returns the
 * lock's descriptor (release it with lock_release), -EBUSY after one line
 * naming input and the holder's PID, or -errno after one line.
 */
int
lock_take(const char *path, const char *input, bool create, bool pid_file)
{
	int tries, fd = -1;

	for (tries = 0; tries < LOCK_TRIES; tries++) {
		struct stat a, b;

		fd = open(path, (create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC, 0644);
		if (fd < 0) {
			int err = -errno;

			sweep_error("%s: cannot lock %s: %s", input, path, strerror(errno));
			return err;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			int err = errno;
			long pid = 0;

			if (err == EWOULDBLOCK && fstat(fd, &a) == 0)
				pid = lock_holder_proc(&a);
			if (err == EWOULDBLOCK && pid == 0 && pid_file)
				pid = lock_holder_file(fd);
			close(fd);
			if (err != EWOULDBLOCK) {
				sweep_error("%s: cannot lock %s: %s", input, path, strerror(err));
				return -err;
			}
			if (pid > 0)
				sweep_error("%s: in use by another sweep run (PID %ld); wait for it to "
				    "end or stop it (kill %ld)", input, pid, pid);
			else
				sweep_error("%s: in use by another sweep run; wait for it to end", input);
			return -EBUSY;
		}
		/* Locked; but the holder before us may have removed path meanwhile. */
		if (fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			break;
		close(fd);
		fd = -1;
	}
	if (fd < 0) {
		sweep_error("%s: cannot lock %s: it keeps being replaced", input, path);
		return -EAGAIN;
	}
	if (pid_file) {
		char pid[32];
		int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());

		/* write, not pwrite: the tests' fault injection counts a run's pwrites. */
		if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n) {
			/* The lock holds without the PID; only the message loses it. */
		}
	}
	return fd;
}

/* Drop a lock from lock_take; unlink_path (a lock file of ours) is removed first. */
void
lock_release(int fd, const char *unlink_path)
{
	if (fd < 0)
		return;
	if (unlink_path != NULL)
		unlink(unlink_path);
	close(fd);
}
