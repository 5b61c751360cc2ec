/*
 * results.json's "target" as rows of a field table (results-fields.h), on
 * struct target: what was measured, and for --resume which file or device
 * it was.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/results-fields.h"

#define TG(member)	offsetof(struct target, member)

/* The 32-bit sizes are read and written as unsigned rows. */
_Static_assert(sizeof(uint32_t) == sizeof(unsigned), "uint32_t is unsigned");

static void
path_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct target *tg = base;

	cJSON_AddStringToObject(o, f->key, tg->path != NULL ? tg->path : "");
}

/* "path", and the target's name (its last component) from it. */
static int
path_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	struct target *tg = base;
	char path[4096], *slash;

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, path, sizeof path);
	tg->path = xstrdup(path);
	slash = strrchr(path, '/');
	tg->name = xstrdup(slash != NULL ? slash + 1 : path);
	return 0;
}

static void
kind_write(cJSON *o, const struct results_field *f, const void *base)
{
	cJSON_AddStringToObject(o, f->key, ((const struct target *)base)->kind == TARGET_DEVICE ?
	    "device" : "file");
}

static int
kind_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	char kind[16];

	(void)err;
	(void)errlen;
	results_fields_str(o, f->key, kind, sizeof kind);
	((struct target *)base)->kind = strcmp(kind, "device") == 0 ? TARGET_DEVICE : TARGET_FILE;
	return 0;
}

static bool
abs_path_known(const void *base)
{
	return ((const struct target *)base)->abs_path[0] != '\0';
}

static bool
rdev_known(const void *base)
{
	const struct target *tg = base;

	return tg->kind == TARGET_DEVICE && tg->st_rdev != 0;
}

static bool
dev_known(const void *base)
{
	const struct target *tg = base;

	return tg->kind == TARGET_FILE && tg->st_dev != 0;
}

static bool
ino_known(const void *base)
{
	return dev_known(base) && ((const struct target *)base)->st_ino != 0;
}

/* The identity rows are written only when sysfs said something. */
#define TG_KNOWN(member)						\
static bool								\
member##_known(const void *base)					\
{									\
	return ((const struct target *)base)->member[0] != '\0';	\
}
TG_KNOWN(vendor)
TG_KNOWN(serial)
TG_KNOWN(identity)
TG_KNOWN(volume_id)
TG_KNOWN(instance)

/* A device number as "MAJOR:MINOR". */
static void
devnum_write(cJSON *o, const struct results_field *f, const void *base)
{
	uint64_t v = *(const uint64_t *)((const char *)base + f->off);
	char buf[32];

	snprintf(buf, sizeof buf, "%u:%u", major(v), minor(v));
	cJSON_AddStringToObject(o, f->key, buf);
}

/* A "MAJOR:MINOR" device number; 0 when absent or not one. */
static int
devnum_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, f->key);
	uint64_t *dst = (uint64_t *)((char *)base + f->off);
	unsigned ma, mi;
	char end;

	(void)err;
	(void)errlen;
	if (!cJSON_IsString(v) || sscanf(v->valuestring, "%u:%u%c", &ma, &mi, &end) != 2)
		*dst = 0;
	else
		*dst = makedev(ma, mi);
	return 0;
}

/* An inode number as decimal text, exact in 64 bits. */
static void
ino_write(cJSON *o, const struct results_field *f, const void *base)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%llu", (unsigned long long)((const struct target *)base)->st_ino);
	cJSON_AddStringToObject(o, f->key, buf);
}

static int
ino_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	const cJSON *ino = cJSON_GetObjectItemCaseSensitive(o, f->key);
	struct target *tg = base;
	char *end;

	(void)err;
	(void)errlen;
	tg->st_ino = 0;
	if (cJSON_IsString(ino) && ino->valuestring[0] >= '0' && ino->valuestring[0] <= '9') {
		errno = 0;
		tg->st_ino = strtoull(ino->valuestring, &end, 10);
		if (errno != 0 || *end != '\0')
			tg->st_ino = 0;
	}
	return 0;
}

static const struct results_field queue_fields[] = {
	{ .key = "max_sectors_kb", .type = RF_U64, .off = TG(max_sectors_kb) },
	{ .key = "nr_requests", .type = RF_U64, .off = TG(nr_requests) },
	{ .key = "optimal_io_size", .type = RF_U64, .off = TG(optimal_io_size) },
	{ .key = "minimum_io_size", .type = RF_U64, .off = TG(minimum_io_size) },
	{ .key = NULL }
};

#define TSIZE(member)	sizeof ((struct target *)0)->member

const struct results_field results_target_fields[] = {
	{ .key = "path", .type = RF_CUSTOM, .write = path_write, .read = path_read,
	  .doc = "as given (`sweep.dat` for the default scratch file)" },
	{ .key = "kind", .type = RF_CUSTOM, .write = kind_write, .read = kind_read,
	  .doc = "`file` or `device`" },
	{ .key = "size_bytes", .type = RF_U64, .off = TG(size), .doc = "the region every cell used" },
	{ .key = "total_size_bytes", .type = RF_U64, .off = TG(total_size),
	  .doc = "the whole file or device" },
	{ .key = "logical_block_size", .type = RF_UINT, .off = TG(logical_bs),
	  .doc = "of the device (under the file)" },
	{ .key = "physical_block_size", .type = RF_UINT, .off = TG(physical_bs) },
	{ .key = "dio_mem_align", .type = RF_UINT, .off = TG(dio_mem_align),
	  .doc = "O_DIRECT alignment used (STATX_DIOALIGN or the logical block size)" },
	{ .key = "dio_offset_align", .type = RF_UINT, .off = TG(dio_offset_align) },
	{ .key = "rotational", .type = RF_TRIBOOL, .off = TG(rotational),
	  .doc = "true, false, or null when unknown" },
	{ .key = "model", .type = RF_STR, .off = TG(model), .size = TSIZE(model),
	  .doc = "from sysfs" },
	{ .key = "vendor", .type = RF_STR, .off = TG(vendor), .size = TSIZE(vendor),
	  .when = vendor_known, .doc = "from sysfs (`Msft`, `Google`, ...); absent when unknown" },
	{ .key = "serial", .type = RF_STR, .off = TG(serial), .size = TSIZE(serial),
	  .when = serial_known, .doc = "from sysfs; absent when unknown" },
	{ .key = "identity", .type = RF_STR, .off = TG(identity), .size = TSIZE(identity),
	  .when = identity_known,
	  .doc = "what the volume is, from vendor and model: `Amazon EBS`, `Amazon EC2 instance "
	  "storage`, `Azure disk`, `Azure local NVMe disk`, `Google persistent disk`, `Google "
	  "local SSD`, `virtio disk`, `loop device`; absent when unknown. A file's is its "
	  "filesystem's device's" },
	{ .key = "volume_id", .type = RF_STR, .off = TG(volume_id), .size = TSIZE(volume_id),
	  .when = volume_id_known, .doc = "an Amazon EBS volume's id (`vol-0123...`), from its "
	  "serial" },
	{ .key = "instance", .type = RF_STR, .off = TG(instance), .size = TSIZE(instance),
	  .when = instance_known, .doc = "the machine's instance type where its firmware names "
	  "it: an Amazon EC2 instance's (`m5.large`, from DMI's product name); absent elsewhere" },
	{ .key = "scheduler", .type = RF_STR, .off = TG(scheduler), .size = TSIZE(scheduler) },
	{ .key = "device", .type = RF_STR, .off = TG(devname), .size = TSIZE(devname),
	  .doc = "the block device whose counters were read (e.g. `vda`, `loop3`); empty when "
	  "none" },
	{ .key = "fs_type", .type = RF_STR, .off = TG(fs_type), .size = TSIZE(fs_type),
	  .doc = "filesystem of a file target (`ext4`, `xfs`, `tmpfs`, ...)" },
	{ .key = "signature", .type = RF_STR, .off = TG(signature), .size = TSIZE(signature),
	  .doc = "what libblkid found on a device, e.g. `ext4, label 'data'`" },
	{ .key = "abs_path", .type = RF_STR, .off = TG(abs_path), .size = TSIZE(abs_path),
	  .when = abs_path_known,
	  .doc = "the file resolved to an absolute path (symlinks followed), or the device "
	  "node's; `--resume` without `--file`, run from a folder where `path` names another "
	  "file, runs on it" },
	{ .key = "st_rdev", .type = RF_CUSTOM, .off = TG(st_rdev), .when = rdev_known,
	  .write = devnum_write, .read = devnum_read,
	  .doc = "a device's number, `\"MAJOR:MINOR\"`; `--resume` refuses another" },
	{ .key = "st_dev", .type = RF_CUSTOM, .off = TG(st_dev), .when = dev_known,
	  .write = devnum_write, .read = devnum_read,
	  .doc = "a file's identity: its filesystem's device number as `\"MAJOR:MINOR\"` and "
	  "its inode number as a decimal string (exact in 64 bits); `st_ino` is absent when "
	  "the file did not exist yet. `--resume` refuses another file at the same path" },
	{ .key = "st_ino", .type = RF_CUSTOM, .when = ino_known, .write = ino_write,
	  .read = ino_read },
	{ .key = "loop_direct_io", .type = RF_TRIBOOL, .off = TG(loop_dio),
	  .doc = "a loop device's direct I/O (true) or buffered I/O (false); null for other "
	  "targets" },
	{ .key = "queue", .type = RF_OBJECT, .sub = queue_fields,
	  .doc = "the device's request queue from sysfs: %k" },
	{ .key = NULL }
};
