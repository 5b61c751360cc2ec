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
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"

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
 * The node every run locks for the block device of st: /dev/DEVNAME, from
 * /sys/dev/block/MAJ:MIN/uevent.  A flock is on an inode, and a second
 * node of one device (mknod, a copy in a container) is another inode; the
 * device number is what is shared.  0 with the path in out, or -1.
 */
static int
lock_device_node(const struct stat *st, char *out, size_t len)
{
	char *uevent = xasprintf("/sys/dev/block/%u:%u/uevent", major(st->st_rdev),
	    minor(st->st_rdev));
	FILE *f = fopen(uevent, "re");
	char line[256];
	int ret = -1;

	free(uevent);
	if (f == NULL)
		return -1;
	while (ret != 0 && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "DEVNAME=", 8) == 0 && line[8] != '\0' &&
		    strstr(line, "..") == NULL &&
		    snprintf(out, len, "/dev/%s", line + 8) < (int)len)
			ret = 0;
	}
	fclose(f);
	return ret;
}

/*
 * A device node's lock goes on the device's own node in /dev (see
 * lock_device_node) when that is the same device: fd is swapped for it and
 * locked names it.  Anything else keeps fd and path.
 */
static int
lock_device_swap(int fd, const char *path, char *locked, size_t len)
{
	struct stat a, b;
	char node[256];
	int nfd;

	str_copy(locked, len, path);
	if (fstat(fd, &a) != 0 || !S_ISBLK(a.st_mode) || lock_device_node(&a, node,
	    sizeof node) != 0 || strcmp(node, path) == 0)
		return fd;
	nfd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (nfd < 0)
		return fd;
	if (fstat(nfd, &b) != 0 || !S_ISBLK(b.st_mode) || b.st_rdev != a.st_rdev) {
		close(nfd);
		return fd;
	}
	close(fd);
	str_copy(locked, len, node);
	return nfd;
}

/*
 * Open path to lock it.  A lock file of ours (pid_file) is opened without
 * following a symbolic link and must be a regular file with no other name:
 * lock_take truncates it and writes the PID, which through a planted link
 * would change a file outside the folder.  O_NONBLOCK: a FIFO there cannot
 * block.  Returns the descriptor, with the path it locks in locked, or
 * -errno after one line.
 */
static int
lock_open(const char *path, const char *input, bool create, bool pid_file, char *locked,
    size_t len)
{
	int flags = (create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC;
	struct stat st;
	int fd, err;

	if (pid_file)
		flags |= O_NOFOLLOW | O_NONBLOCK;
	fd = open(path, flags, 0644);
	if (fd < 0) {
		err = -errno;
		if (pid_file && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			sweep_error("%s: %s is a symbolic link; sweep's lock file must be a regular "
			    "file (remove the link)", input, path);
		else
			sweep_error("%s: cannot lock %s: %s", input, path, strerror(-err));
		return err;
	}
	if (!pid_file)
		return lock_device_swap(fd, path, locked, len);
	str_copy(locked, len, path);
	if (fstat(fd, &st) != 0)
		err = -errno;
	else if (!S_ISREG(st.st_mode) || st.st_nlink > 1)
		err = -EEXIST;
	else
		return fd;
	close(fd);
	if (err != -EEXIST)
		sweep_error("%s: cannot lock %s: %s", input, path, strerror(-err));
	else if (S_ISREG(st.st_mode))
		sweep_error("%s: %s has another name (a hard link); sweep's lock file must be its "
		    "own file (remove it)", input, path);
	else
		sweep_error("%s: %s is not a regular file (a FIFO, device or folder); sweep's lock "
		    "file must be one (remove it)", input, path);
	return err;
}

/* flock failed with err on fd (closed here): one line naming the holder. */
static int
lock_busy(int fd, int err, const char *input, const char *path, bool pid_file)
{
	struct stat a;
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

/*
 * Take an exclusive lock on path without waiting.  create: make path if
 * missing (a lock file, or a test file about to be laid out); pid_file:
 * path is a lock file of ours, so write our PID into it.  A block device
 * is locked by its device number (lock_device_swap), whichever node names
 * it.  Returns the lock's descriptor (release it with lock_release),
 * -EBUSY after one line naming input and the holder's PID, or -errno
 * after one line.
 */
int
lock_take(const char *path, const char *input, bool create, bool pid_file)
{
	char locked[PATH_MAX];
	int tries, fd = -1;

	for (tries = 0; tries < LOCK_TRIES; tries++) {
		struct stat a, b;

		fd = lock_open(path, input, create, pid_file, locked, sizeof locked);
		if (fd < 0)
			return fd;
		if (flock(fd, LOCK_EX | LOCK_NB) != 0)
			return lock_busy(fd, errno, input, locked, pid_file);
		/* Locked; but the holder before us may have removed path meanwhile. */
		if (fstat(fd, &a) == 0 && stat(locked, &b) == 0 && a.st_dev == b.st_dev &&
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
