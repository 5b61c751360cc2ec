#include "config.h"

/*
 * The plan as an equivalent fio job file: a [global] section with what every
 * cell shares, then one job per cell, each with stonewall (cells run one
 * after another, as sweep runs them) and group_reporting (a cell with
 * several jobs is one result).  `sweep import` reads fio's JSON output of
 * it back into results.json; hosts.c sends it to fio servers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"
#include "plan/plan.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0"
#endif

/* sweep's engine names and fio's ioengine for each. */
static const struct {
	const char	*sweep;
	const char	*fio;
} fio_jobfile_engines[] = {
	{ .sweep = "libaio", .fio = "libaio" },
	{ .sweep = "psync", .fio = "psync" },
	{ .sweep = "io_uring", .fio = "io_uring" },
	{ .sweep = "null", .fio = "null" },
};

/* sweep's rw modes in fio's words, by enum rw_mode. */
static const char *fio_jobfile_rw[MODE_COUNT] = {
	[MODE_READ]      = "read",
	[MODE_WRITE]     = "write",
	[MODE_RANDREAD]  = "randread",
	[MODE_RANDWRITE] = "randwrite",
	[MODE_READWRITE] = "rw",
	[MODE_RANDRW]    = "randrw",
};

/* fio's ioengine for a sweep engine name, or NULL when fio has no equivalent. */
const char *
fio_jobfile_engine(const char *engine)
{
	size_t i;

	for (i = 0; i < sizeof fio_jobfile_engines / sizeof fio_jobfile_engines[0]; i++)
		if (strcmp(engine, fio_jobfile_engines[i].sweep) == 0)
			return fio_jobfile_engines[i].fio;
	return NULL;
}

/* The job name for a cell: "randread-4k-qd32-j1".  Caller frees. */
char *
fio_jobfile_name(const struct cell *c)
{
	char bs[32];

	if (c->rate_iops > 0)
		return xasprintf("%s-%s-qd%u-j%u-rate%.0f", mode_name(c->mode),
		    size_short(c->bs, bs, sizeof bs), c->depth, c->jobs, c->rate_iops);
	return xasprintf("%s-%s-qd%u-j%u", mode_name(c->mode), size_short(c->bs, bs, sizeof bs),
	    c->depth, c->jobs);
}

/*
 * A path as a fio filename= value: fio splits filename on ':' (several
 * files), so a literal colon is written "\:".  NULL when the path cannot be
 * written at all (a newline would end the line).  Caller frees.
 */
static char *
fio_jobfile_path(const char *path)
{
	size_t n = 0, i;
	char *out;

	if (strchr(path, '\n') != NULL || strchr(path, '\r') != NULL || *path == '\0')
		return NULL;
	out = xmalloc(2 * strlen(path) + 1);
	for (i = 0; path[i] != '\0'; i++) {
		if (path[i] == ':')
			out[n++] = '\\';
		out[n++] = path[i];
	}
	out[n] = '\0';
	return out;
}

/* The comment at the top: what the plan is and how fio's run differs from sweep's. */
static void
fio_jobfile_head(char **buf, size_t *len, const struct plan *p, const struct target *t)
{
	char size[32];
	bool writes = false;
	unsigned i;

	for (i = 0; i < p->ncells; i++)
		if (mode_writes(p->cells[i].mode))
			writes = true;
	if (p->size != 0)
		size_human(p->size, size, sizeof size);
	else
		str_copy(size, sizeof size, "the whole device");
	str_appendf(buf, len,
	    "# fio job file for a sweep plan, written by sweep %s (sweep plan --fio-jobfile).\n"
	    "# Plan: %u cell%s, engine %s, %u s ramp + %u s measured per cell, seed %llu,\n"
	    "# rwmixread %u%%, target %s (%s, region %s).\n"
	    "# One job per cell: stonewall runs the cells one after another, group_reporting\n"
	    "# makes a cell with several jobs one result.  Random offsets are uniform with\n"
	    "# replacement (norandommap), as sweep's; sequential jobs of one cell each take\n"
	    "# an equal slice of the region (offset_increment), where sweep's jobs start\n"
	    "# spread over the region and wrap around it.\n"
	    "# Run: fio --output-format=json --output=out.json THIS_FILE\n"
	    "# then: sweep import out.json\n",
	    PACKAGE_VERSION, p->ncells, p->ncells == 1 ? "" : "s", p->engine, p->ramp_s,
	    p->runtime_s, (unsigned long long)p->seed, p->rwmixread, t->path,
	    t->kind == TARGET_DEVICE ? "block device" : "file", size);
	if (writes && t->kind == TARGET_DEVICE)
		str_appendf(buf, len, "# WARNING: this job file writes to %s: the data in "
		    "its region is destroyed.\n", t->path);
	if (p->steady_pct > 0)
		str_appendf(buf, len, "# Steady state (sweep --steady %u): fio's steadystate=iops:%u%% "
		    "tests the band over the\n# same %u s window; sweep also requires no trend in it.\n",
		    p->steady_pct, p->steady_pct, p->steady_window_s);
	if (t->scratch)
		str_appendf(buf, len, "# %s is a scratch file: the last job removes it "
		    "(unlink=1), as sweep does unless --keep.\n", t->path);
}

/* [global]: what every cell shares. */
static void
fio_jobfile_global(char **buf, size_t *len, const struct plan *p, const char *engine,
    const char *fname)
{
	char size[32];
	bool mixed = false;
	unsigned i;

	for (i = 0; i < p->ncells; i++)
		if (p->cells[i].mode == MODE_READWRITE || p->cells[i].mode == MODE_RANDRW)
			mixed = true;
	str_appendf(buf, len,
	    "\n[global]\n"
	    "ioengine=%s\n"
	    "direct=1\n"
	    "time_based=1\n"
	    "runtime=%u\n"
	    "ramp_time=%u\n",
	    engine, p->runtime_s, p->ramp_s);
	if (p->size != 0)
		str_appendf(buf, len, "size=%s\n", size_short(p->size, size, sizeof size));
	str_appendf(buf, len,
	    "filename=%s\n"
	    "randrepeat=1\n"
	    "randseed=%llu\n"
	    "norandommap=1\n",
	    fname, (unsigned long long)p->seed);
	if (mixed)
		str_appendf(buf, len, "rwmixread=%u\n", p->rwmixread);
	if (p->steady_pct > 0 && p->steady_window_s > 0)
		str_appendf(buf, len,
		    "steadystate=iops:%u%%\n"
		    "steadystate_duration=%u\n"
		    "steadystate_ramp_time=%u\n",
		    p->steady_pct, p->steady_window_s,
		    p->min_runtime_s > p->steady_window_s ? p->min_runtime_s - p->steady_window_s : 0);
	str_appendf(buf, len, "group_reporting=1\n");
}

/* Cell i's job section. */
static void
fio_jobfile_cell(char **buf, size_t *len, const struct plan *p, const struct target *t,
    unsigned i)
{
	const struct cell *c = &p->cells[i];
	char *name = fio_jobfile_name(c), bs[32], region[32];

	str_appendf(buf, len,
	    "\n[%s]\n"
	    "stonewall\n"
	    "rw=%s\n"
	    "bs=%s\n"
	    "iodepth=%u\n"
	    "numjobs=%u\n",
	    name, fio_jobfile_rw[c->mode], size_short(c->bs, bs, sizeof bs), c->depth, c->jobs);
	if ((c->mode == MODE_READWRITE || c->mode == MODE_RANDRW) &&
	    plan_cell_rwmixread(p, c) != p->rwmixread)
		str_appendf(buf, len, "rwmixread=%u\n", plan_cell_rwmixread(p, c));
	if (c->jobs > 1 && !mode_is_random(c->mode)) {
		/* Each job's slice: a whole number of blocks, or a share of an unknown size. */
		if (p->size != 0) {
			uint64_t slice = p->size / c->jobs / c->bs * c->bs;

			if (slice >= c->bs)
				str_appendf(buf, len, "size=%s\noffset_increment=%s\n",
				    size_short(slice, region, sizeof region),
				    size_short(slice, region, sizeof region));
		} else
			str_appendf(buf, len, "size=%u%%\noffset_increment=%u%%\n",
			    100 / c->jobs, 100 / c->jobs);
	}
	/* fio's rate is per job, and it times latency from the issue, not the due time */
	if (c->rate_iops > 0)
		str_appendf(buf, len, "rate_iops=%.0f\n%s", c->rate_iops / c->jobs,
		    c->arrivals == RATE_POISSON ? "rate_process=poisson\n" : "");
	if (t->scratch && i + 1 == p->ncells)
		str_appendf(buf, len, "unlink=1\n");
	free(name);
}

/*
 * The job file for plan p on target t, as text; NULL with why in err (an
 * engine fio lacks, a path fio cannot name).  A region size of 0 (a remote
 * device of unknown size) leaves size= out, so fio uses the whole file or
 * device.  Caller frees.
 */
char *
fio_jobfile_text(const struct plan *p, const struct target *t, char *err, size_t errlen)
{
	const char *engine = fio_jobfile_engine(p->engine);
	char *buf = NULL, *fname;
	size_t len = 0;
	unsigned i;

	if (engine == NULL) {
		snprintf(err, errlen, "engine %s has no fio equivalent (fio takes libaio, psync, "
		    "io_uring, null)", p->engine);
		return NULL;
	}
	for (i = 0; i < p->ncells; i++)
		if (p->cells[i].rate_pct > 0) {
			snprintf(err, errlen, "--rate %g%% is of a cap measured as sweep runs; "
			    "a fio job file needs the rate in IOPS (--rate 1500)", p->cells[i].rate_pct);
			return NULL;
		}
	fname = fio_jobfile_path(t->path);
	if (fname == NULL) {
		snprintf(err, errlen, "target path \"%s\" cannot be written as a fio filename "
		    "(empty, or has a line break)", t->path);
		return NULL;
	}
	fio_jobfile_head(&buf, &len, p, t);
	fio_jobfile_global(&buf, &len, p, engine, fname);
	for (i = 0; i < p->ncells; i++)
		fio_jobfile_cell(&buf, &len, p, t, i);
	free(fname);
	return buf;
}

/* Write the job file for plan p on target t to path, whole or not at all; -errno after a line on stderr. */
int
fio_jobfile_write(const struct plan *p, const struct target *t, const char *path)
{
	char why[512], *buf = fio_jobfile_text(p, t, why, sizeof why);
	int err;

	if (buf == NULL) {
		sweep_error("--fio-jobfile %s: %s", path, why);
		return -EINVAL;
	}
	err = write_file_atomic(path, buf, strlen(buf));
	if (err != 0)
		sweep_error("--fio-jobfile %s: %s", path, strerror(-err));
	free(buf);
	return err;
}
