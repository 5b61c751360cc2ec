/*
 * Target: the file or block device under test, checked before anything is
 * written, and laid out (files) so that no read lands on a hole or an
 * unwritten extent.  This file is the dispatcher: block-device specifics
 * live in target-device.c, writing a target's region (layout,
 * preconditioning) in target-write.c; neither calls back up into here.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/target.h"
#include "plan/plan.h"

#define TARGET_DEFAULT_FILE	"sweep.dat"
#define TARGET_DEFAULT_SIZE	GIB

/*
 * The mark sweep leaves on a file it created (or found holding no data):
 * an extended attribute.  A marked file is sweep's own test file, written
 * and laid out again without asking; any other file with data in it is
 * the user's, and is written only as a device is (--destructive, and
 * --force over a signature).  Where the filesystem keeps no user xattrs,
 * the mark is not kept and a rerun that writes asks for --destructive.
 */
#define TARGET_MARK		"user.sweep"
#define TARGET_MARK_VALUE	"test file"

/* The block device (by its sysfs name) holding the filesystem at st_dev; -ENODEV if none. */
static int
devname_for_dev(dev_t dev, char *buf, size_t len)
{
	char path[64], link[PATH_MAX];
	ssize_t n;
	char *base;

	if (major(dev) == 0)
		return -ENODEV;
	snprintf(path, sizeof path, "/sys/dev/block/%u:%u", major(dev), minor(dev));
	n = readlink(path, link, sizeof link - 1);
	if (n < 0)
		return -ENODEV;
	link[n] = '\0';
	base = strrchr(link, '/');
	snprintf(buf, len, "%s", base != NULL ? base + 1 : link);
	return 0;
}

int
target_devname_for_path(const char *path, char *buf, size_t len)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return -errno;
	return devname_for_dev(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, buf, len);
}

static const char *
fs_name(long type)
{
	switch ((unsigned long)type) {
	case 0xEF53: return "ext4";
	case 0x58465342: return "xfs";
	case 0x9123683E: return "btrfs";
	case 0x01021994: return "tmpfs";
	case 0x794c7630: return "overlayfs";
	case 0x6969: return "nfs";
	case 0x2FC12FC1: return "zfs";
	case 0xF2F52010: return "f2fs";
	case 0x9FA0: return "proc";
	case 0x62656572: return "sysfs";
	default: return "other";
	}
}

/* The directory part of path ("." when it has none). Caller frees. */
static char *
parent_dir(const char *path)
{
	char *copy = xstrdup(path), *dir = xstrdup(dirname(copy));

	free(copy);
	return dir;
}

/* Bytes already allocated to path (0 when it does not exist). */
static uint64_t
allocated_bytes(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return 0;
	return (uint64_t)st.st_blocks * 512;
}

/*
 * O_DIRECT alignment: STATX_DIOALIGN where the kernel and filesystem report
 * it (Linux 6.1+), else the logical block size of the device under the
 * filesystem, else 512.
 */
static void
file_alignment(struct target *t, const char *probe)
{
	struct statx sx;
	char p[128];
	uint64_t v;

	t->dio_mem_align = 0;
	t->dio_offset_align = 0;
	if (statx(AT_FDCWD, probe, 0, STATX_DIOALIGN, &sx) == 0 &&
	    (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align != 0) {
		t->dio_mem_align = sx.stx_dio_mem_align;
		t->dio_offset_align = sx.stx_dio_offset_align;
	}
	if (t->devname[0] != '\0') {
		snprintf(p, sizeof p, "/sys/class/block/%s/queue/logical_block_size",
		    target_device_disk(t->devname));
		if (read_sysfs_u64(p, &v) == 0)
			t->logical_bs = (uint32_t)v;
		snprintf(p, sizeof p, "/sys/class/block/%s/queue/physical_block_size",
		    target_device_disk(t->devname));
		if (read_sysfs_u64(p, &v) == 0)
			t->physical_bs = (uint32_t)v;
	}
	if (t->dio_offset_align == 0)
		t->dio_offset_align = t->logical_bs ? t->logical_bs : 512;
	if (t->dio_mem_align == 0)
		t->dio_mem_align = t->dio_offset_align;
}

/* Whether path has written data anywhere: holes and unwritten extents are not (SEEK_DATA). */
static bool
file_has_data(const char *path, const struct stat *st)
{
	off_t at;
	bool data;
	int fd;

	if (st->st_size == 0)
		return false;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return true;
	at = lseek(fd, 0, SEEK_DATA);
	data = !(at < 0 && errno == ENXIO);
	close(fd);
	return data;
}

/*
 * t's absolute path and identity: the file's st_dev and st_ino, or while it
 * does not exist, its folder's st_dev (and st_ino 0).
 */
static void
file_identity(struct target *t, const char *dir)
{
	char real[PATH_MAX], *copy;
	struct stat st;

	if (realpath(t->path, real) != NULL && stat(real, &st) == 0) {
		str_copy(t->abs_path, sizeof t->abs_path, real);
		t->st_dev = st.st_dev;
		t->st_ino = st.st_ino;
		return;
	}
	t->st_ino = 0;
	if (realpath(dir, real) == NULL || stat(real, &st) != 0) {
		t->abs_path[0] = '\0';
		t->st_dev = 0;
		return;
	}
	copy = xstrdup(t->path);
	if ((size_t)snprintf(t->abs_path, sizeof t->abs_path, "%s/%s",
	    strcmp(real, "/") == 0 ? "" : real, basename(copy)) >= sizeof t->abs_path)
		t->abs_path[0] = '\0';
	t->st_dev = st.st_dev;
	free(copy);
}

static int
target_open_file(struct target *t, const struct target_opts *o)
{
	const char *path = o->file != NULL ? o->file : TARGET_DEFAULT_FILE;
	char *dir = parent_dir(path);
	const char *input = o->file != NULL ? "--file" : "default target";
	struct statvfs vfs;
	struct statfs sfs;
	struct stat st;
	int err = -EINVAL;

	t->kind = TARGET_FILE;
	t->path = xstrdup(path);
	t->scratch = o->file == NULL && !o->keep;
	t->size = o->size_set ? o->size : TARGET_DEFAULT_SIZE;

	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			sweep_error("%s %s: is a directory; --file takes a regular file (created if missing)",
			    input, path);
			goto out;
		}
		if (S_ISBLK(st.st_mode)) {
			sweep_error("%s %s: is a block device; use --device %s", input, path, path);
			goto out;
		}
		if (!S_ISREG(st.st_mode)) {
			sweep_error("%s %s: not a regular file; --file takes a regular file", input, path);
			goto out;
		}
		if (access(path, R_OK | W_OK) != 0) {
			sweep_error("%s %s: %s (the test file must be readable and writable)", input,
			    path, strerror(errno));
			goto out;
		}
		t->has_data = file_has_data(path, &st);
		t->foreign = t->has_data && getxattr(path, TARGET_MARK, NULL, 0) < 0;
		if (t->foreign)
			t->scratch = false;	/* never remove what sweep did not create */
	} else if (errno != ENOENT) {
		sweep_error("%s %s: %s", input, path, strerror(errno));
		goto out;
	} else {
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			sweep_error("%s %s: directory %s does not exist", input, path, dir);
			goto out;
		}
		if (access(dir, W_OK) != 0) {
			sweep_error("%s %s: cannot create the file: directory %s is not writable", input,
			    path, dir);
			goto out;
		}
	}

	devname_for_dev(st.st_dev, t->devname, sizeof t->devname);
	file_alignment(t, S_ISREG(st.st_mode) ? path : dir);
	file_identity(t, dir);
	/* The user's file: the region is the file, as a device's is the device. */
	if (t->foreign && !o->size_set)
		t->size = (uint64_t)st.st_size / t->dio_offset_align * t->dio_offset_align;
	if (statfs(S_ISREG(st.st_mode) ? path : dir, &sfs) == 0)
		str_copy(t->fs_type, sizeof t->fs_type, fs_name(sfs.f_type));
	if (t->devname[0] != '\0')
		target_device_describe(t, target_device_disk(t->devname));
	target_identify(t, st.st_dev);
	t->total_size = S_ISREG(st.st_mode) && (uint64_t)st.st_size > t->size ?
	    (uint64_t)st.st_size : t->size;

	if (statvfs(dir, &vfs) == 0 && vfs.f_blocks == 0 && strcmp(t->fs_type, "tmpfs") != 0) {
		/* proc, sysfs and the like: no storage under them, "0 B free" would mislead. */
		sweep_error("%s %s: on a %s filesystem with no storage (not a disk); --file takes a "
		    "file on a disk filesystem (ext4, xfs, btrfs, ...)", input, path,
		    t->fs_type[0] != '\0' && strcmp(t->fs_type, "other") != 0 ? t->fs_type : "virtual");
		goto out;
	}
	if (statvfs(dir, &vfs) == 0) {
		uint64_t avail = (uint64_t)vfs.f_bavail * vfs.f_frsize;
		uint64_t have = allocated_bytes(path);
		uint64_t need = t->size > have ? t->size - have : 0;

		if (need > avail) {
			char a[32], b[32];

			sweep_error("%s %s: not enough free space: the file needs %s more, %s has %s free "
			    "(use a smaller --size)", input, path, size_human(need, a, sizeof a), dir,
			    size_human(avail, b, sizeof b));
			goto out;
		}
	}
	err = 0;
out:
	free(dir);
	return err;
}

/* Probe and check the target; prints one line and returns -EINVAL on bad input. */
int
target_open(struct target *t, const struct target_opts *o, bool for_run)
{
	char *copy;
	int err;

	memset(t, 0, sizeof *t);
	t->rotational = -1;
	t->loop_dio = -1;
	t->excl_fd = -1;
	t->lock_fd = -1;
	if (o->device != NULL && o->file != NULL) {
		sweep_error("--device %s --file %s: give one target, not both", o->device, o->file);
		return -EINVAL;
	}
	if (o->device != NULL)
		err = target_device_open(t, o, for_run);
	else
		err = target_open_file(t, o);
	if (err != 0) {
		target_free(t);
		return err;
	}
	copy = xstrdup(t->path);
	t->name = xstrdup(basename(copy));
	free(copy);
	return 0;
}

/*
 * Check the plan against the target.  A cell whose block size the target
 * cannot take (not a multiple of its O_DIRECT alignment) is marked for
 * skipping by the caller; it is bad input only when every cell would be.
 */
int
target_check_plan(struct target *t, const struct plan *p)
{
	uint64_t max_bs = 0, max_buf = 0;
	unsigned i, usable = 0;
	char a[32], b[32];

	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];
		uint64_t buf = c->bs * c->depth * c->jobs;

		if (c->bs % t->dio_offset_align == 0)
			usable++;
		if (c->bs > max_bs)
			max_bs = c->bs;
		if (buf > max_buf)
			max_buf = buf;
	}
	if (usable == 0) {
		sweep_error("--bs %s: block size must be a multiple of %u (%s's O_DIRECT alignment)",
		    size_short(p->cells[0].bs, a, sizeof a), t->dio_offset_align, t->path);
		return -EINVAL;
	}
	if (t->size % t->dio_offset_align != 0) {
		sweep_error("--size %s: must be a multiple of %u (%s's O_DIRECT alignment)",
		    size_short(t->size, a, sizeof a), t->dio_offset_align, t->path);
		return -EINVAL;
	}
	if (max_bs > t->size) {
		sweep_error("--size %s: smaller than the largest block size %s; use a larger --size",
		    size_short(t->size, a, sizeof a), size_short(max_bs, b, sizeof b));
		return -EINVAL;
	}
	if (max_buf > 4 * GIB) {
		sweep_error("--depth/--jobs/--bs: a cell needs %s of buffers (jobs x depth x bs); "
		    "at most 4 GiB", size_human(max_buf, a, sizeof a));
		return -EINVAL;
	}
	return 0;
}

/* The refusal of a write to an existing file with data that is not sweep's; -EINVAL. */
static int
file_refuse(const struct target *t, const char *input, const char *writer)
{
	struct stat st;
	uint64_t have = stat(t->path, &st) == 0 ? (uint64_t)st.st_size : 0;
	char a[32], b[32], c[32];

	if (t->signature[0] != '\0')
		sweep_error("%s %s: carries %s; %s would overwrite it: add --destructive --force to "
		    "allow it%s", input, t->path, t->signature, writer != NULL ? writer :
		    "laying it out", writer != NULL ? ", or use read modes only" : "");
	else if (writer != NULL)
		sweep_error("%s %s: an existing file with data that sweep did not create; %s writes to "
		    "it and destroys the data in its first %s: add --destructive to allow it, or use "
		    "read modes only", input, t->path, writer, size_human(t->size, a, sizeof a));
	else
		sweep_error("%s %s: an existing file with data that sweep did not create, %s long; "
		    "--size %s would lay it out again and destroy its data: add --destructive to "
		    "allow it, or give --size %s or less", input, t->path,
		    size_human(have, a, sizeof a), size_short(t->size, b, sizeof b),
		    size_short(have / t->dio_offset_align * t->dio_offset_align, c, sizeof c));
	return -EINVAL;
}

/*
 * A file target before a run: sweep's own file (created now, marked, or
 * holding no data) is written and laid out as needed.  Writing any other
 * existing file (a write mode, or laying out a file shorter than the
 * region) needs --destructive, as a device does, and --force as well over
 * a filesystem or partition signature; so does writing sweep's own file
 * once something put a signature on it.  Reads of a file big enough for
 * the region need no layout: it is read as it is (t->as_is).
 */
static int
file_check_writes(struct target *t, const struct target_opts *o, const struct plan *p)
{
	const char *input = o->file != NULL ? "--file" : "default target";
	const char *writer = plan_writer(p);
	char what[PATH_MAX + 32];
	struct stat st;
	bool shorter;
	int need, err;

	if (!t->has_data)
		return 0;
	need = target_file_needs_layout(t->path, t->size);
	if (need < 0) {
		sweep_error("%s %s: checking extents: %s", input, t->path, strerror(-need));
		return -EINVAL;
	}
	if (writer == NULL && need == 0)
		return 0;
	shorter = stat(t->path, &st) != 0 || (uint64_t)st.st_size < t->size;
	if (t->foreign && writer == NULL && !shorter && !o->destructive) {
		t->as_is = t->unlaid = t->laid_out = true;
		return 0;
	}
	snprintf(what, sizeof what, "%s %s", input, t->path);
	err = target_probe(what, "probing for a filesystem or partition signature (libblkid)",
	    p->io_timeout_s, target_probe_signature, t->path, t->signature, sizeof t->signature);
	if (err < 0)
		return err;
	if (!t->foreign && t->signature[0] == '\0')
		return 0;
	if (!o->destructive)
		return file_refuse(t, input, writer);
	if (t->signature[0] != '\0' && !o->force) {
		sweep_error("%s %s: carries %s; add --force as well to overwrite it", input, t->path,
		    t->signature);
		return -EINVAL;
	}
	return 0;
}

/*
 * Refuse a run that writes to a target without the user's consent (see
 * file_check_writes and target_device_check_writes); 0, -EINVAL after one
 * line, or -EINTR / -ETIMEDOUT when the signature probe was interrupted or
 * stuck (said).
 */
int
target_check_writes(struct target *t, const struct target_opts *o, const struct plan *p)
{
	if (t->kind == TARGET_DEVICE)
		return target_device_check_writes(t, o, p);
	return file_check_writes(t, o, p);
}

/*
 * Does path need laying out before reads of [0, size)?  1 if it is shorter
 * than size, has a hole, or has an unwritten (fallocated) or not yet
 * allocated (delayed) extent in the region; 0 if every byte is written;
 * -errno on failure.  Reads of holes and unwritten extents never reach the
 * device, so they report fake IOPS (~27x on this project's machine).
 */
int
target_file_needs_layout(const char *path, uint64_t size)
{
	struct stat st;
	struct fiemap *fm;
	uint64_t pos = 0;
	off_t hole;
	int fd, ret = 0;
	const unsigned next = 256;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 1 : -errno;
	if (fstat(fd, &st) != 0) {
		ret = -errno;
		goto out;
	}
	if ((uint64_t)st.st_size < size) {
		ret = 1;
		goto out;
	}
	hole = lseek(fd, 0, SEEK_HOLE);
	if (hole >= 0 && (uint64_t)hole < size) {
		ret = 1;
		goto out;
	}
	fm = xcalloc(1, sizeof *fm + next * sizeof(struct fiemap_extent));
	while (pos < size) {
		unsigned i;

		memset(fm, 0, sizeof *fm);
		fm->fm_start = pos;
		fm->fm_length = size - pos;
		fm->fm_flags = FIEMAP_FLAG_SYNC;
		fm->fm_extent_count = next;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) != 0) {
			/* No FIEMAP (tmpfs, some network filesystems): SEEK_HOLE was the check. */
			break;
		}
		if (fm->fm_mapped_extents == 0) {
			ret = 1;
			break;
		}
		for (i = 0; i < fm->fm_mapped_extents; i++) {
			struct fiemap_extent *e = &fm->fm_extents[i];

			if (e->fe_logical > pos ||
			    (e->fe_flags & (FIEMAP_EXTENT_UNWRITTEN | FIEMAP_EXTENT_DELALLOC |
			    FIEMAP_EXTENT_UNKNOWN))) {
				ret = 1;
				break;
			}
			pos = e->fe_logical + e->fe_length;
			if (e->fe_flags & FIEMAP_EXTENT_LAST)
				break;
		}
		if (ret != 0 || (fm->fm_extents[fm->fm_mapped_extents - 1].fe_flags &
		    FIEMAP_EXTENT_LAST))
			break;
	}
	if (ret == 0 && pos < size && pos != 0)
		ret = 1;
	free(fm);
out:
	close(fd);
	return ret;
}

/*
 * Make the target ready for the first cell: a file is created if missing
 * and laid out unless every byte of the region is already written; sweep's
 * own file gets its mark first, a file read as it is is left alone.
 */
int
target_prepare(struct target *t, bool quiet)
{
	int need, err;
	char *dir;

	if (t->kind == TARGET_DEVICE)
		return 0;
	dir = parent_dir(t->path);
	file_identity(t, dir);	/* the file exists now: target_lock created it */
	free(dir);
	if (t->as_is) {
		if (!quiet)
			fprintf(stderr, "sweep: reading %s as it is: an existing file that sweep did not "
			    "create is not laid out\n", t->path);
		return 0;
	}
	if (!t->foreign)
		setxattr(t->path, TARGET_MARK, TARGET_MARK_VALUE, strlen(TARGET_MARK_VALUE), 0);
	need = target_file_needs_layout(t->path, t->size);
	if (need < 0) {
		sweep_error("%s: checking extents: %s", t->path, strerror(-need));
		return need;
	}
	if (need == 0) {
		t->laid_out = true;
		if (!quiet)
			fprintf(stderr, "sweep: re-using %s: every byte of the region is written "
			    "(no holes or unwritten extents)\n", t->path);
		return 0;
	}
	err = target_write_region(t, "laying out", quiet);
	if (err == 0) {
		t->laid_out = true;
		file_alignment(t, t->path);
	}
	return err;
}

/*
 * One run at a time on a target: an exclusive flock on the file (created
 * if missing, to be laid out) or the device node, held until
 * target_cleanup.  0, or -errno after one line (-EBUSY names the holder).
 */
int
target_lock(struct target *t)
{
	char *what;
	int fd;

	if (t->kind == TARGET_DEVICE)
		what = xasprintf("--device %s", t->path);
	else if (t->scratch || strcmp(t->path, TARGET_DEFAULT_FILE) == 0)
		what = xasprintf("default target %s", t->path);
	else
		what = xasprintf("--file %s", t->path);
	fd = lock_take(t->path, what, t->kind == TARGET_FILE, false);
	free(what);
	if (fd < 0)
		return fd;
	t->lock_fd = fd;
	return 0;
}

/* Remove the scratch file unless asked to keep it; drop the target's lock. */
void
target_cleanup(struct target *t, bool keep)
{
	if (t->excl_fd >= 0) {
		close(t->excl_fd);
		t->excl_fd = -1;
	}
	if (t->kind == TARGET_FILE && t->scratch && !keep && t->path != NULL)
		unlink(t->path);
	lock_release(t->lock_fd, NULL);
	t->lock_fd = -1;
}

void
target_free(struct target *t)
{
	free(t->path);
	free(t->name);
	t->path = NULL;
	t->name = NULL;
}

/*
 * Whether t is the target recorded as old (the results.json a run
 * resumes): 0, or -EINVAL with why saying how they differ.  A file is
 * compared by absolute path and identity (a file that is gone, such as
 * the scratch file, by its folder's filesystem), a device by the path as
 * given and its device number; a record from before abs_path and the
 * identities by the path as given.
 */
int
target_same(const struct target *old, const struct target *t, char *why, size_t len)
{
	bool abs = old->kind == TARGET_FILE && old->abs_path[0] != '\0';
	const char *op = abs ? old->abs_path : old->path, *tp = abs ? t->abs_path : t->path;
	char a[32], b[32];

	if (old->kind != t->kind || strcmp(op, tp) != 0 || old->size != t->size) {
		snprintf(why, len, "the run there used %s (%s), this one %s (%s)", op,
		    size_human(old->size, a, sizeof a), tp, size_human(t->size, b, sizeof b));
		return -EINVAL;
	}
	if (old->kind == TARGET_DEVICE && old->st_rdev != 0 && old->st_rdev != t->st_rdev) {
		snprintf(why, len, "the run there used %s as device %u:%u, now it is %u:%u", op,
		    major(old->st_rdev), minor(old->st_rdev), major(t->st_rdev), minor(t->st_rdev));
		return -EINVAL;
	}
	if (old->kind == TARGET_FILE && old->st_dev != 0 && (old->st_dev != t->st_dev ||
	    (old->st_ino != 0 && t->st_ino != 0 && old->st_ino != t->st_ino))) {
		snprintf(why, len, "the run there used %s as inode %llu on device %u:%u, now it is "
		    "inode %llu on %u:%u (another file)", op, (unsigned long long)old->st_ino,
		    major(old->st_dev), minor(old->st_dev), (unsigned long long)t->st_ino,
		    major(t->st_dev), minor(t->st_dev));
		return -EINVAL;
	}
	return 0;
}

/*
 * The file a resume without --file runs on: the recorded path as given
 * while it names the same file from here (messages stay as they were),
 * else the recorded absolute path.
 */
const char *
target_resume_path(const struct target *old)
{
	struct target here;
	char *dir;

	if (old->abs_path[0] == '\0')
		return old->path;
	memset(&here, 0, sizeof here);
	here.path = old->path;
	dir = parent_dir(old->path);
	file_identity(&here, dir);
	free(dir);
	return strcmp(here.abs_path, old->abs_path) == 0 ? old->path : old->abs_path;
}
