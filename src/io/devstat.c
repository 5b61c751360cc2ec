/*
 * Device counters: /sys/class/block/NAME/stat, the numbers iostat reads.
 * Tick fields are milliseconds; sectors are 512 bytes whatever the device's
 * logical block size (Documentation/block/stat.rst).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/sweep.h"
#include "io/measure.h"

int
devstat_read(const char *devname, struct devstat *ds)
{
	char path[256];
	FILE *f;
	int i, n = 0;

	memset(ds, 0, sizeof *ds);
	if (devname == NULL || devname[0] == '\0')
		return -ENOENT;
	snprintf(path, sizeof path, "/sys/class/block/%s/stat", devname);
	f = fopen(path, "re");
	if (f == NULL)
		return -errno;
	for (i = 0; i < DS_COUNT; i++) {
		if (fscanf(f, "%" SCNu64, &ds->f[i]) != 1)
			break;
		n++;
	}
	fclose(f);
	if (n < DS_TIME_IN_QUEUE + 1)
		return -EINVAL;
	ds->ok = true;
	return 0;
}

/* What the device did between a and b, over window_ns. */
void
devstat_delta(const struct devstat *a, const struct devstat *b, uint64_t window_ns,
    struct dev_metrics *m)
{
	double window_ms = (double)window_ns / 1e6, ios;
	uint64_t d[DS_COUNT];
	int i;

	memset(m, 0, sizeof *m);
	if (!a->ok || !b->ok || window_ns == 0)
		return;
	for (i = 0; i < DS_COUNT; i++)
		d[i] = b->f[i] >= a->f[i] ? b->f[i] - a->f[i] : 0;
	m->valid = true;
	m->read_ios = d[DS_READ_IOS];
	m->write_ios = d[DS_WRITE_IOS];
	m->read_bytes = d[DS_READ_SECTORS] * 512;
	m->write_bytes = d[DS_WRITE_SECTORS] * 512;
	m->read_merges = d[DS_READ_MERGES];
	m->write_merges = d[DS_WRITE_MERGES];
	ios = (double)(m->read_ios + m->write_ios);
	m->iops = ios * 1e3 / window_ms;
	m->bw_bytes_s = (double)(m->read_bytes + m->write_bytes) * 1e3 / window_ms;
	m->util_pct = (double)d[DS_IO_TICKS] / window_ms * 100.0;
	if (m->util_pct > 100.0)
		m->util_pct = 100.0;
	m->aqu_sz = (double)d[DS_TIME_IN_QUEUE] / window_ms;
	if (ios > 0) {
		m->await_us = (double)(d[DS_READ_TICKS] + d[DS_WRITE_TICKS]) * 1e3 / ios;
		m->areq_bytes = (double)(m->read_bytes + m->write_bytes) / ios;
	}
}
