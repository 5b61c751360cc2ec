/*
 * Identifying the volume (target-ident.c): the names vendor, model and
 * serial give, the profiles that fit, and the reads from a fake sysfs tree
 * (SWEEP_SYSFS_ROOT) for a whole disk, a partition and an unknown number.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "check.h"
#include "base/util.h"
#include "io/target.h"

static void
classify(const char *vendor, const char *model, const char *serial, const char *disk,
    const char *want, const char *want_volid)
{
	char id[64], volid[64];

	target_ident_classify(vendor, model, serial, disk, id, sizeof id, volid, sizeof volid);
	CHECK_STR(id, want);
	CHECK_STR(volid, want_volid);
}

static void
test_classify(void)
{
	classify("", "Amazon Elastic Block Store", "vol0123456789abcdef0", "nvme1n1",
	    "Amazon EBS", "vol-0123456789abcdef0");
	classify("", "Amazon Elastic Block Store", "vol-0abc", "nvme1n1", "Amazon EBS",
	    "vol-0abc");
	classify("", "Amazon Elastic Block Store", "", "nvme1n1", "Amazon EBS", "");
	classify("", "Amazon EC2 NVMe Instance Storage", "AWS22F1A8C2D1E4B8C3A", "nvme2n1",
	    "Amazon EC2 instance storage", "");
	classify("Msft", "Virtual Disk", "", "sdc", "Azure disk", "");
	classify("", "MSFT NVMe Accelerator v1.0", "", "nvme0n2", "Azure disk", "");
	classify("", "Microsoft NVMe Direct Disk", "", "nvme0n1", "Azure local NVMe disk", "");
	classify("Google", "PersistentDisk", "", "sdb", "Google persistent disk", "");
	classify("", "nvme_card-pd", "nvme_card-pd", "nvme0n2", "Google persistent disk", "");
	classify("Google", "EphemeralDisk", "", "sdb", "Google local SSD", "");
	classify("", "nvme_card", "", "nvme0n1", "Google local SSD", "");
	classify("", "", "data-1", "vdb", "virtio disk", "");
	classify("", "", "", "loop3", "loop device", "");
	classify("ATA", "Samsung SSD 870", "S1", "sda", "", "");
	classify("", "", "", "", "", "");

	CHECK(target_ident_profiles("Amazon EBS") != NULL &&
	    strstr(target_ident_profiles("Amazon EBS"), "aws-gp3") != NULL, "EBS fits aws-gp3");
	CHECK(strstr(target_ident_profiles("Azure disk"), "azure-p30") != NULL, "Azure fits p30");
	CHECK(target_ident_profiles("Amazon EC2 instance storage") == NULL, "no profile fits");
	CHECK(target_ident_profiles("") == NULL, "unknown: none");
}

static void
put(const char *root, const char *file, const char *text)
{
	char p[PATH_MAX];
	FILE *f;

	snprintf(p, sizeof p, "%s/%s", root, file);
	f = fopen(p, "w");
	CHECK(f != NULL, "create %s", p);
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

static void
sh(const char *fmt, const char *root)
{
	char cmd[PATH_MAX * 2];

	snprintf(cmd, sizeof cmd, fmt, root, root, root, root);
	CHECK(system(cmd) == 0, "%s", cmd);
}

static void
test_sysfs(void)
{
	char root[] = "/tmp/unit-ident.XXXXXX";
	struct target t;

	CHECK(mkdtemp(root) != NULL, "mkdtemp");
	sh("mkdir -p %s/devices/nvme0/nvme1n1/nvme1n1p2 %s/devices/nvme0/nvme1n1/device "
	    "%s/dev/block && touch %s/devices/nvme0/nvme1n1/nvme1n1p2/partition", root);
	put(root, "devices/nvme0/nvme1n1/device/model", "Amazon Elastic Block Store    \n");
	put(root, "devices/nvme0/nvme1n1/device/serial", "vol0abc123\n");
	put(root, "devices/nvme0/nvme1n1/device/vendor", "  Odd\x1b\xff  \n");
	sh("ln -s ../../devices/nvme0/nvme1n1 %s/dev/block/259:1 && "
	    "ln -s ../../devices/nvme0/nvme1n1/nvme1n1p2 %s/dev/block/259:3", root);
	/* dm-0 (LVM) on nvme1n1p2; dm-1 on two disks names none */
	sh("mkdir -p %s/devices/virtual/dm-0/slaves %s/devices/virtual/dm-1/slaves && "
	    "ln -s ../../../nvme0/nvme1n1/nvme1n1p2 %s/devices/virtual/dm-0/slaves/nvme1n1p2 && "
	    "ln -s ../../dm-0 %s/devices/virtual/dm-1/slaves/dm-0", root);
	sh("ln -s ../../../nvme0/nvme1n1 %s/devices/virtual/dm-1/slaves/nvme1n1 && "
	    "ln -s ../../devices/virtual/dm-0 %s/dev/block/253:0 && "
	    "ln -s ../../devices/virtual/dm-1 %s/dev/block/253:1", root);
	setenv("SWEEP_SYSFS_ROOT", root, 1);

	memset(&t, 0, sizeof t);
	target_identify(&t, makedev(259, 1));
	CHECK_STR(t.model, "Amazon Elastic Block Store");
	CHECK_STR(t.serial, "vol0abc123");
	CHECK_STR(t.identity, "Amazon EBS");
	CHECK_STR(t.volume_id, "vol-0abc123");
	CHECK_STR(t.vendor, "Odd\xef\xbf\xbd\xef\xbf\xbd");	/* clean: U+FFFD twice */

	memset(&t, 0, sizeof t);
	target_identify(&t, makedev(259, 3));	/* a partition: its disk's */
	CHECK_STR(t.identity, "Amazon EBS");
	CHECK_STR(t.volume_id, "vol-0abc123");

	memset(&t, 0, sizeof t);
	target_identify(&t, makedev(253, 0));	/* LVM on one disk: that disk's */
	CHECK_STR(t.volume_id, "vol-0abc123");
	memset(&t, 0, sizeof t);
	target_identify(&t, makedev(253, 1));	/* on two: none */
	CHECK_STR(t.identity, "");

	memset(&t, 0, sizeof t);
	str_copy(t.model, sizeof t.model, "kept");
	target_identify(&t, makedev(8, 0));	/* not in the tree: nothing set */
	CHECK_STR(t.model, "kept");
	CHECK_STR(t.identity, "");
	target_identify(&t, 0);
	CHECK_STR(t.identity, "");
	sh("rm -rf %s", root);
	unsetenv("SWEEP_SYSFS_ROOT");
}

int
main(void)
{
	test_classify();
	test_sysfs();
	return check_done("unit-ident");
}
