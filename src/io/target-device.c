#include "config.h"

/*
 * Block-device targets: probing sysfs and ioctls, and the guards on writes.
 *
 * Reads are always allowed.  A write (a write mode, or --precondition) is
 * refused unless --destructive; even then it is refused while the device,
 * one of its partitions or a holder (dm, md, LVM) is mounted or used as
 * swap, or when O_EXCL cannot be had; a filesystem or partition-table
 * signature needs --force as well.  Every refusal happens before the first
 * byte is written.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/target.h"

/*
 * The whole disk a block device belongs to: "vda" for "vda1", "nvme0n1"
 * for "nvme0n1p1"; the name itself for a whole disk.  Static buffer.
 */
const char *
target_device_disk(const char *name)
{
	static char disk[64];
	char path[PATH_MAX], link[PATH_MAX];
	ssize_t n;
	char *slash;

	str_copy(disk, sizeof disk, name);
	snprintf(path, sizeof path, "/sys/class/block/%s/partition", name);
	if (access(path, F_OK) != 0)
		return disk;
	snprintf(path, sizeof path, "/sys/class/block/%s", name);
	n = readlink(path, link, sizeof link - 1);
	if (n < 0)
		return disk;
	link[n] = '\0';
	slash = strrchr(link, '/');
	if (slash == NULL)
		return disk;
	*slash = '\0';
	slash = strrchr(link, '/');
	str_copy(disk, sizeof disk, slash != NULL ? slash + 1 : link);
	return disk;
}

static void
sysfs_u64(const char *disk, const char *file, uint64_t *v)
{
	char p[PATH_MAX];

	snprintf(p, sizeof p, "/sys/class/block/%s/%s", disk, file);
	if (read_sysfs_u64(p, v) != 0)
		*v = 0;
}

/* Model, rotational flag, scheduler and queue limits of disk, from sysfs. */
void
target_device_describe(struct target *t, const char *disk)
{
	char p[PATH_MAX], buf[256];
	uint64_t v;

	snprintf(p, sizeof p, "/sys/class/block/%s/device/model", disk);
	if (read_sysfs_str(p, buf, sizeof buf) == 0)
		str_copy(t->model, sizeof t->model, buf);
	else if (strncmp(disk, "loop", 4) == 0)
		str_copy(t->model, sizeof t->model, "loop device");
	else if (strncmp(disk, "vd", 2) == 0)
		str_copy(t->model, sizeof t->model, "virtio disk");
	else if (strncmp(disk, "zram", 4) == 0)
		str_copy(t->model, sizeof t->model, "zram");
	snprintf(p, sizeof p, "/sys/class/block/%s/queue/rotational", disk);
	if (read_sysfs_u64(p, &v) == 0)
		t->rotational = v != 0;
	snprintf(p, sizeof p, "/sys/class/block/%s/queue/scheduler", disk);
	if (read_sysfs_str(p, buf, sizeof buf) == 0) {
		char *a = strchr(buf, '['), *b = a != NULL ? strchr(a, ']') : NULL;

		if (a != NULL && b != NULL) {
			*b = '\0';
			str_copy(t->scheduler, sizeof t->scheduler, a + 1);
		} else
			str_copy(t->scheduler, sizeof t->scheduler, buf);
	}
	sysfs_u64(disk, "queue/max_sectors_kb", &t->max_sectors_kb);
	sysfs_u64(disk, "queue/nr_requests", &t->nr_requests);
	sysfs_u64(disk, "queue/optimal_io_size", &t->optimal_io_size);
	sysfs_u64(disk, "queue/minimum_io_size", &t->minimum_io_size);
	snprintf(p, sizeof p, "/sys/class/block/%s/loop/dio", disk);
	if (read_sysfs_u64(p, &v) == 0)
		t->loop_dio = v != 0;
}

/* Probe and check a --device target (nothing is written). */
int
target_device_open(struct target *t, const struct target_opts *o, bool for_run)
{
	const char *path = o->device;
	struct statx sx;
	struct stat st;
	char a[32], b[32], c[32], link[PATH_MAX], sys[64];
	uint64_t bytes = 0;
	int fd, lbs = 0;
	unsigned pbs = 0;
	ssize_t n;

	(void)for_run;
	t->kind = TARGET_DEVICE;
	t->path = xstrdup(path);
	if (realpath(path, t->abs_path) == NULL)
		t->abs_path[0] = '\0';
	if (stat(path, &st) != 0) {
		sweep_error("--device %s: %s (give a block device such as /dev/sdd1)", path,
		    strerror(errno));
		return -EINVAL;
	}
	if (S_ISREG(st.st_mode)) {
		sweep_error("--device %s: is a regular file; use --file %s", path, path);
		return -EINVAL;
	}
	if (!S_ISBLK(st.st_mode)) {
		sweep_error("--device %s: not a block device", path);
		return -EINVAL;
	}
	t->st_rdev = st.st_rdev;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		if (e == EACCES || e == EPERM)
			sweep_error("--device %s: %s: reading a block device needs root (or the "
			    "device's group, usually 'disk')", path, strerror(e));
		else
			sweep_error("--device %s: open: %s", path, strerror(e));
		return -EINVAL;
	}
	if (ioctl(fd, BLKGETSIZE64, &bytes) != 0 || ioctl(fd, BLKSSZGET, &lbs) != 0) {
		sweep_error("--device %s: cannot read its size: %s", path, strerror(errno));
		close(fd);
		return -EINVAL;
	}
	if (ioctl(fd, BLKPBSZGET, &pbs) != 0)
		pbs = (unsigned)lbs;
	close(fd);
	t->total_size = bytes;
	t->logical_bs = (uint32_t)lbs;
	t->physical_bs = pbs;

	snprintf(sys, sizeof sys, "/sys/dev/block/%u:%u", major(st.st_rdev), minor(st.st_rdev));
	n = readlink(sys, link, sizeof link - 1);
	if (n > 0) {
		char *slash;

		link[n] = '\0';
		slash = strrchr(link, '/');
		str_copy(t->devname, sizeof t->devname, slash != NULL ? slash + 1 : link);
		target_device_describe(t, target_device_disk(t->devname));
	}
	target_identify(t, st.st_rdev);

	/* STATX_DIOALIGN on block devices is Linux 6.11+; else the logical block size. */
	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &sx) == 0 && (sx.stx_mask & STATX_DIOALIGN) &&
	    sx.stx_dio_offset_align != 0) {
		t->dio_mem_align = sx.stx_dio_mem_align;
		t->dio_offset_align = sx.stx_dio_offset_align;
	} else {
		t->dio_mem_align = (uint32_t)lbs;
		t->dio_offset_align = (uint32_t)lbs;
	}
	if (bytes == 0) {
		sweep_error("--device %s: the device is empty (0 bytes)", path);
		return -EINVAL;
	}
	if (o->size_set && o->size > bytes) {
		sweep_error("--size %s: larger than %s (%s); use at most --size %s",
		    size_short(o->size, a, sizeof a), path, size_human(bytes, b, sizeof b),
		    size_short(bytes / t->dio_offset_align * t->dio_offset_align, c, sizeof c));
		return -EINVAL;
	}
	t->size = o->size_set ? o->size : bytes / t->dio_offset_align * t->dio_offset_align;
	t->laid_out = true;
	return 0;
}

/* dev_t from a sysfs "dev" file ("8:1"). */
static int
sysfs_dev(const char *path, dev_t *dev)
{
	char buf[32];
	unsigned ma, mi;

	if (read_sysfs_str(path, buf, sizeof buf) != 0 || sscanf(buf, "%u:%u", &ma, &mi) != 2)
		return -EINVAL;
	*dev = makedev(ma, mi);
	return 0;
}

#define DEVS_MAX 256

/* The device and, for a whole disk, each of its partitions: name and dev_t. */
static unsigned
device_family(const char *name, dev_t self, char names[][64], dev_t *devs)
{
	char p[PATH_MAX];
	struct dirent *de;
	unsigned n = 0;
	DIR *d;

	str_copy(names[n], 64, name);
	devs[n++] = self;
	snprintf(p, sizeof p, "/sys/class/block/%s", name);
	d = opendir(p);
	if (d == NULL)
		return n;
	while ((de = readdir(d)) != NULL && n < DEVS_MAX) {
		char part[PATH_MAX];

		if (de->d_name[0] == '.')
			continue;
		snprintf(part, sizeof part, "/sys/class/block/%s/%s/partition", name, de->d_name);
		if (access(part, F_OK) != 0)
			continue;
		snprintf(part, sizeof part, "/sys/class/block/%s/%s/dev", name, de->d_name);
		if (sysfs_dev(part, &devs[n]) == 0)
			str_copy(names[n++], 64, de->d_name);
	}
	closedir(d);
	return n;
}

/* A holder of name (dm, md, LVM), or "" when none. */
static void
device_holder(const char *name, char *out, size_t len)
{
	char p[PATH_MAX];
	struct dirent *de;
	DIR *d;

	out[0] = '\0';
	snprintf(p, sizeof p, "/sys/class/block/%s/holders", name);
	d = opendir(p);
	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.') {
			str_copy(out, len, de->d_name);
			break;
		}
	closedir(d);
}

/* Where dev is mounted (from /proc/self/mountinfo), or "" when it is not. */
static void
device_mountpoint(dev_t dev, char *out, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];

	out[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		unsigned id, parent, ma, mi;
		char root[PATH_MAX], mnt[PATH_MAX];

		if (sscanf(line, "%u %u %u:%u %4095s %4095s", &id, &parent, &ma, &mi, root, mnt) != 6)
			continue;
		if (makedev(ma, mi) == dev) {
			str_copy(out, len, mnt);
			break;
		}
	}
	fclose(f);
}

/* Is dev an active swap device? */
static bool
device_is_swap(dev_t dev)
{
	FILE *f = fopen("/proc/swaps", "re");
	char line[4096], path[PATH_MAX];
	bool swap = false;

	if (f == NULL)
		return false;
	while (fgets(line, sizeof line, f) != NULL) {
		struct stat st;

		if (sscanf(line, "%4095s", path) == 1 && stat(path, &st) == 0 &&
		    S_ISBLK(st.st_mode) && st.st_rdev == dev)
			swap = true;
	}
	fclose(f);
	return swap;
}

/*
 * Refuse a plan that writes to a device unless the user said so, and never
 * while it is in use.  On success with writes, holds the device O_EXCL
 * (t->excl_fd) until target_cleanup so nobody mounts it meanwhile.
 */
int
target_device_check_writes(struct target *t, const struct target_opts *o, const struct plan *p)
{
	char names[DEVS_MAX][64], mnt[PATH_MAX], holder[64], a[32], input[PATH_MAX + 16];
	dev_t devs[DEVS_MAX];
	const char *writer = NULL;
	struct stat st;
	unsigned i, n;
	int err;

	if (t->kind != TARGET_DEVICE)
		return 0;
	for (i = 0; i < p->ncells && writer == NULL; i++)
		if (mode_writes(p->cells[i].mode))
			writer = mode_name(p->cells[i].mode);
	if (o->precondition && writer == NULL)
		writer = "--precondition";
	snprintf(input, sizeof input, "--device %s", t->path);
	err = target_probe(input, "probing for a filesystem or partition signature (libblkid)",
	    p->io_timeout_s, target_probe_signature, t->path, t->signature, sizeof t->signature);
	if (err < 0)
		return err;
	if (writer == NULL)
		return 0;
	if (!o->destructive) {
		sweep_error("--device %s: %s writes to the device and destroys the data in its first %s; "
		    "add --destructive to allow it, or use read modes only", t->path, writer,
		    size_human(t->size, a, sizeof a));
		return -EINVAL;
	}
	if (stat(t->path, &st) != 0) {
		sweep_error("--device %s: %s", t->path, strerror(errno));
		return -EINVAL;
	}
	n = device_family(t->devname, st.st_rdev, names, devs);
	for (i = 0; i < n; i++) {
		device_mountpoint(devs[i], mnt, sizeof mnt);
		if (mnt[0] != '\0') {
			sweep_error("--device %s: %s is mounted on %s; refusing to write to a mounted "
			    "device (unmount it first)", t->path, names[i], mnt);
			return -EINVAL;
		}
		if (device_is_swap(devs[i])) {
			sweep_error("--device %s: %s is in use as swap; refusing to write (swapoff first)",
			    t->path, names[i]);
			return -EINVAL;
		}
		device_holder(names[i], holder, sizeof holder);
		if (holder[0] != '\0') {
			sweep_error("--device %s: %s is held by %s (device-mapper, md or LVM); refusing "
			    "to write to a device in use", t->path, names[i], holder);
			return -EINVAL;
		}
	}
	t->excl_fd = open(t->path, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (t->excl_fd < 0) {
		sweep_error("--device %s: cannot open it exclusively (%s): it is in use; refusing to "
		    "write", t->path, strerror(errno));
		return -EINVAL;
	}
	if (t->signature[0] != '\0' && !o->force) {
		sweep_error("--device %s: carries %s; add --force as well to overwrite it", t->path,
		    t->signature);
		close(t->excl_fd);
		t->excl_fd = -1;
		return -EINVAL;
	}
	return 0;
}

/*
 * Sample 64 offsets spread over the region of the target arg; out gets
 * "SAMPLES ZERO", the blocks read and those all zero.  A probe function
 * for target_probe: 0 or -errno.
 */
static int
device_zero_sample(const void *arg, char *out, size_t outlen)
{
	const struct target *t = arg;
	const unsigned n = 64;
	size_t len = t->dio_offset_align > 4096 ? t->dio_offset_align : 4096;
	uint64_t blocks = t->size / len;
	unsigned i, zero = 0, samples = 0;
	void *buf;
	int fd, ret = 0;

	snprintf(out, outlen, "0 0");
	if (blocks == 0)
		return 0;
	if (posix_memalign(&buf, len, len) != 0)
		return -ENOMEM;
	fd = open(t->path, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		free(buf);
		return ret;
	}
	for (i = 0; i < n; i++) {
		uint64_t off = blocks * i / n * len;
		const uint64_t *w = buf;
		size_t k;

		if (pread(fd, buf, len, (off_t)off) != (ssize_t)len) {
			ret = -errno;
			break;
		}
		samples++;
		for (k = 0; k < len / 8 && w[k] == 0; k++)
			;
		if (k == len / 8)
			zero++;
	}
	close(fd);
	free(buf);
	snprintf(out, outlen, "%u %u", samples, zero);
	return ret;
}

/*
 * Sample 64 offsets spread over the region: 1 when every sampled block is
 * zero (a freshly created volume: some cloud volumes answer reads of
 * never-written blocks without touching storage), 0 otherwise, -errno;
 * -EINTR or -ETIMEDOUT after one line when a signal came or no read
 * completed for timeout_s (see target_probe).
 */
int
target_device_looks_fresh(const struct target *t, unsigned timeout_s, unsigned *samples)
{
	char input[PATH_MAX + 16], out[64];
	unsigned zero = 0;
	int ret;

	*samples = 0;
	snprintf(input, sizeof input, "--device %s", t->path);
	ret = target_probe(input, "sampling 64 blocks for a freshly created volume", timeout_s,
	    device_zero_sample, t, out, sizeof out);
	if (ret < 0)
		return ret;
	if (sscanf(out, "%u %u", samples, &zero) != 2 || *samples == 0)
		return 0;
	return zero == *samples ? 1 : 0;
}

/* --precondition: write the whole region once before the first cell. */
int
target_device_precondition(struct target *t, bool quiet)
{
	return target_write_region(t, "preconditioning", quiet);
}
