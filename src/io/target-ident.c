#include "config.h"

/*
 * What the volume is: vendor, model and serial from sysfs, and the kind of
 * volume they name (Amazon EBS and its volume id, EC2 instance storage,
 * an Azure disk, a Google persistent disk or local SSD, virtio, loop).
 * A file target is identified by the device holding it (st_dev), a device
 * by its own number; a partition by its disk, LVM or LUKS on one disk by
 * that disk.  SWEEP_SYSFS_ROOT (default
 * "/sys") points the reads at another tree, for the tests.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/util.h"
#include "io/target.h"

/*
 * A sysfs text file of dir, trimmed of padding and made clean text (it
 * reaches JSON, XML and HTML); "" when absent.
 */
static void
ident_read(const char *dir, const char *file, char *buf, size_t len)
{
	char p[PATH_MAX * 2], raw[256];
	size_t n, i;

	buf[0] = '\0';
	snprintf(p, sizeof p, "%s/%s", dir, file);
	if (read_sysfs_str(p, raw, sizeof raw) != 0)
		return;
	n = strlen(raw);
	while (n > 0 && (raw[n - 1] == ' ' || raw[n - 1] == '\t' || raw[n - 1] == '\n'))
		raw[--n] = '\0';
	for (i = 0; raw[i] == ' ' || raw[i] == '\t'; i++)
		;
	text_clean(buf, len, raw + i);
}

static bool
ident_exists(const char *dir, const char *file)
{
	char p[PATH_MAX * 2];

	snprintf(p, sizeof p, "%s/%s", dir, file);
	return access(p, F_OK) == 0;
}

/*
 * Name the volume from what sysfs says of its disk: identity gets "Amazon
 * EBS", "Amazon EC2 instance storage", "Azure disk", "Google persistent
 * disk", "Google local SSD", "virtio disk" or "loop device", or "" when
 * none fits; volid the EBS volume id ("vol-0123...") from the serial
 * ("vol0123..."), or "".  disk is the disk's name, "" when not known.
 */
void
target_ident_classify(const char *vendor, const char *model, const char *serial,
    const char *disk, char *identity, size_t ilen, char *volid, size_t vlen)
{
	identity[0] = '\0';
	volid[0] = '\0';
	if (strcmp(model, "Amazon Elastic Block Store") == 0) {
		str_copy(identity, ilen, "Amazon EBS");
		if (strncmp(serial, "vol", 3) == 0 && serial[3] != '\0')
			snprintf(volid, vlen, "vol-%s", serial + (serial[3] == '-' ? 4 : 3));
	} else if (strcmp(model, "Amazon EC2 NVMe Instance Storage") == 0)
		str_copy(identity, ilen, "Amazon EC2 instance storage");
	else if ((strcasecmp(vendor, "Msft") == 0 && strcmp(model, "Virtual Disk") == 0) ||
	    strncmp(model, "MSFT NVMe Accelerator", 21) == 0)
		str_copy(identity, ilen, "Azure disk");
	else if (strcmp(model, "Microsoft NVMe Direct Disk") == 0)
		str_copy(identity, ilen, "Azure local NVMe disk");
	else if ((strcmp(vendor, "Google") == 0 && strcmp(model, "PersistentDisk") == 0) ||
	    strcmp(model, "nvme_card-pd") == 0)
		str_copy(identity, ilen, "Google persistent disk");
	else if ((strcmp(vendor, "Google") == 0 && strcmp(model, "EphemeralDisk") == 0) ||
	    strcmp(model, "nvme_card") == 0)
		str_copy(identity, ilen, "Google local SSD");
	else if (strncmp(disk, "vd", 2) == 0)
		str_copy(identity, ilen, "virtio disk");
	else if (strncmp(disk, "loop", 4) == 0)
		str_copy(identity, ilen, "loop device");
}

/*
 * The shipped profiles (sweeps/profiles) that fit a volume so named, as a
 * comma-separated list, or NULL when none does.
 */
const char *
target_ident_profiles(const char *identity)
{
	if (strcmp(identity, "Amazon EBS") == 0)
		return "aws-gp2, aws-gp3, aws-io1, aws-io2, aws-st1, aws-sc1, aws-standard";
	if (strcmp(identity, "Azure disk") == 0)
		return "azure-p10, azure-p30, azure-p50";
	return NULL;
}

/*
 * The one device under a device-mapper or md device (LVM, LUKS on one
 * disk) into out; -1 when there are none or several.
 */
static int
ident_only_slave(const char *dir, char *out, size_t len)
{
	char p[PATH_MAX * 2];
	struct dirent *de;
	unsigned n = 0;
	DIR *d;

	snprintf(p, sizeof p, "%s/slaves", dir);
	if ((d = opendir(p)) == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && n++ == 0 &&
		    snprintf(out, len, "%s/%s", p, de->d_name) >= (int)len)
			n = 2;	/* cut: not followed */
	closedir(d);
	return n == 1 ? 0 : -1;
}

/*
 * The sysfs directory of the disk holding dev into dir: a partition's
 * parent, a dm or md device's only underlying disk (up to 4 levels); -1
 * when sysfs does not know dev.
 */
static int
ident_disk_dir(uint64_t dev, char *dir, size_t len)
{
	const char *root = getenv("SWEEP_SYSFS_ROOT");
	char p[PATH_MAX * 2], real[PATH_MAX];
	unsigned depth;

	if (root == NULL || root[0] == '\0')
		root = "/sys";
	snprintf(p, sizeof p, "%s/dev/block/%u:%u", root, major(dev), minor(dev));
	for (depth = 0; depth < 4; depth++) {
		if (realpath(p, real) == NULL)
			return -1;
		if (ident_exists(real, "partition")) {
			char *slash = strrchr(real, '/');

			if (slash == NULL || slash == real)
				return -1;
			*slash = '\0';
		}
		if (ident_exists(real, "device") || ident_only_slave(real, p, sizeof p) != 0)
			break;
	}
	str_copy(dir, len, real);
	return 0;
}

/*
 * The instance type of the machine, when its firmware names it: an EC2
 * instance's DMI product name is its type ("m5.large", "i4i.xlarge"); other
 * clouds' are a product line ("Virtual Machine", "Google Compute Engine"),
 * so it stays "" there.
 */
static void
ident_instance(struct target *t)
{
	const char *root = getenv("SWEEP_SYSFS_ROOT");
	char dir[PATH_MAX], vendor[64];

	snprintf(dir, sizeof dir, "%s/class/dmi/id", root != NULL && root[0] != '\0' ? root : "/sys");
	ident_read(dir, "sys_vendor", vendor, sizeof vendor);
	if (strcmp(vendor, "Amazon EC2") == 0)
		ident_read(dir, "product_name", t->instance, sizeof t->instance);
}

/*
 * Vendor, model, serial and identity of the disk holding dev (a file's
 * st_dev, a device's st_rdev).  A model read here replaces the one
 * target_device_describe found; nothing is set when sysfs does not know dev.
 * The machine's instance type too, where DMI names it (ident_instance).
 */
void
target_identify(struct target *t, uint64_t dev)
{
	char dir[PATH_MAX], model[sizeof t->model];
	const char *disk;

	ident_instance(t);
	if (dev == 0 || ident_disk_dir(dev, dir, sizeof dir) != 0)
		return;
	disk = strrchr(dir, '/') != NULL ? strrchr(dir, '/') + 1 : dir;
	ident_read(dir, "device/vendor", t->vendor, sizeof t->vendor);
	if (strncmp(t->vendor, "0x", 2) == 0)
		t->vendor[0] = '\0';	/* a PCI or virtio vendor number, not a name */
	ident_read(dir, "device/model", model, sizeof model);
	if (model[0] != '\0')
		str_copy(t->model, sizeof t->model, model);
	ident_read(dir, "device/serial", t->serial, sizeof t->serial);
	if (t->serial[0] == '\0')
		ident_read(dir, "serial", t->serial, sizeof t->serial);
	target_ident_classify(t->vendor, model, t->serial, ident_exists(dir, "loop") ?
	    "loop" : disk, t->identity, sizeof t->identity, t->volume_id, sizeof t->volume_id);
}
