/* Block-device targets: probing sysfs, and the guards on writes. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sweep.h"

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

/* Model, rotational flag and scheduler of disk, from sysfs. */
void
target_device_describe(struct target *t, const char *disk)
{
	char p[PATH_MAX], buf[256];
	uint64_t v;

	snprintf(p, sizeof p, "/sys/class/block/%s/device/model", disk);
	if (read_sysfs_str(p, buf, sizeof buf) == 0)
		str_copy(t->model, sizeof t->model, buf);
	else if (strncmp(disk, "loop", 4) == 0)
		snprintf(t->model, sizeof t->model, "loop device");
	else if (strncmp(disk, "vd", 2) == 0)
		snprintf(t->model, sizeof t->model, "virtio disk");
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
}

int
target_device_open(struct target *t, const struct config *cfg, bool for_run)
{
	(void)t;
	(void)for_run;
	sweep_error("--device %s: block devices are not supported yet; use --file", cfg->device);
	return -EINVAL;
}
