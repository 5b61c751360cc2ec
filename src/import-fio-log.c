/*
 * fio's per-interval logs as a cell's per-second series: an iops log (or
 * a bw log) that fio wrote beside its JSON (write_iops_log=NAME,
 * write_bw_log=NAME, log_avg_msec=MS) becomes the cell's I/Os per second,
 * so imported cells get stability verdicts, series charts and burst
 * detection as sweep's own do.
 *
 * fio names a job's log NAME_iops.N.log (NAME the option's value, else the
 * job's name; N the job's thread number, counted from 1 over every job and
 * clone of the job file in order; per_job_logs=0 drops ".N").  A line is
 * "time_ms, value, direction, bs[, offset], prio": with log_avg_msec the
 * value is the mean IOPS (KiB/s for bw) over the interval ending at
 * time_ms (written a few ms after the interval ends), without it one I/O.
 * Direction 0 is a read, 1 a write.  The log is looked for in the JSON's folder only, under the
 * last component of NAME: a job file's path says where fio ran, which is
 * not where the files are now, and an option from the file never leads
 * out of that folder.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fio.h"
#include "results.h"
#include "util.h"

#define FIO_LOG_MAX_BYTES	(256 * MIB)
#define FIO_LOG_MAX_S		(7 * 24 * 3600)	/* a week of seconds */

/* The I/Os of one log file, per second, added into ios[0..*n). */
static int
fio_log_add(const char *path, bool bw, enum rw_mode mode, uint64_t bs, unsigned avg_msec,
    double **ios, unsigned *n)
{
	char *text, *line, *next;
	size_t len;

	if (results_read_input("import log", path, FIO_LOG_MAX_BYTES, "give fio's log as "
	    "fio wrote it", "give fio's text log (not log_compression's)", &text, &len) != 0)
		return -EINVAL;
	for (line = text; line != NULL && *line != '\0'; line = next) {
		unsigned long long t, dir, sbs;
		double v, count;
		unsigned s;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (sscanf(line, "%llu, %lf, %llu, %llu", &t, &v, &dir, &sbs) != 4 ||
		    !isfinite(v) || v < 0 || dir > 2)
			continue;
		if (dir == 0 ? !mode_reads(mode) : dir == 1 ? !mode_writes(mode) : true)
			continue;
		/* The I/Os of the sample: a mean over avg_msec, or one I/O (its bytes). */
		count = avg_msec > 0 ? v * avg_msec / 1000 : 1;
		if (bw && avg_msec > 0)
			count = v * 1024 * avg_msec / 1000 / (double)bs;
		/*
		 * An averaged sample is interval k = round(t / avg_msec) - 1 (fio writes it
		 * at the interval's end, a few ms late), which starts at second
		 * k * avg_msec / 1000; an I/O's own sample, the second it ends in.
		 */
		if (avg_msec > 0) {
			double k = fmax(floor((double)t / avg_msec + 0.5) - 1, 0);

			s = (unsigned)fmin(k * avg_msec / 1000, FIO_LOG_MAX_S);
		} else
			s = (unsigned)fmin((double)t / 1000, FIO_LOG_MAX_S);
		if (s >= FIO_LOG_MAX_S)
			continue;
		if (s >= *n) {
			*ios = xrealloc(*ios, (s + 1) * sizeof **ios);
			memset(*ios + *n, 0, (s + 1 - *n) * sizeof **ios);
			*n = s + 1;
		}
		(*ios)[s] += count;
	}
	free(text);
	return 0;
}

/* dir/NAME_KIND.N.log (or dir/NAME_KIND.log when number is 0) when it is a regular file. */
static char *
fio_log_path(const char *dir, const char *name, const char *kind, unsigned number)
{
	const char *base = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
	struct stat st;
	char *p;

	if (base[0] == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return NULL;
	p = number > 0 ? xasprintf("%s/%s_%s.%u.log", dir, base, kind, number) :
	    xasprintf("%s/%s_%s.log", dir, base, kind);
	if (lstat(p, &st) == 0 && S_ISREG(st.st_mode))
		return p;
	free(p);
	return NULL;
}

/*
 * The series of the cell r made of fio threads first..first+nthreads-1
 * (thread numbers, from 1) from their logs beside the JSON (an iops log,
 * else a bw log), as o names them.  Returns true when every thread had a
 * log and r now has a series; false leaves r as it was (not logged, no
 * log, or a log it cannot read).
 */
bool
import_fio_log_series(const struct fio_log_opts *o, unsigned first, unsigned nthreads,
    struct cell_result *r)
{
	static const char *const kinds[] = { "iops", "bw" };
	const char *dir = o->dir, *slash, *name;
	char *own = NULL;
	double *ios = NULL;
	unsigned n = 0, k, t, s, avg_msec;
	uint64_t ms = 0;

	if ((o->iops == NULL && o->bw == NULL) ||
	    (o->avg_msec != NULL && parse_uint(o->avg_msec, 0, 86400000, &ms) != 0))
		return false;
	avg_msec = (unsigned)ms;
	if (dir == NULL) {
		slash = strrchr(o->json, '/');
		own = slash != NULL ? xasprintf("%.*s", (int)(slash - o->json), o->json) :
		    xstrdup(".");
		dir = own[0] != '\0' ? own : "/";
	}
	for (k = 0; k < 2; k++) {
		name = k == 0 ? o->iops : o->bw;
		/* write_iops_log without a name: the job's name */
		if (name != NULL && (name[0] == '\0' || strcmp(name, "1") == 0))
			name = o->jobname;
		if (name == NULL)
			continue;
		for (t = 0; t < nthreads; t++) {
			char *p = fio_log_path(dir, name, kinds[k], first + t);

			if (p == NULL && nthreads == 1)
				p = fio_log_path(dir, name, kinds[k], 0);
			if (p == NULL)
				break;
			if (fio_log_add(p, k == 1, r->cell.mode, r->cell.bs, avg_msec, &ios, &n) != 0) {
				free(p);
				break;
			}
			free(p);
		}
		if (t == nthreads && n > 0)
			break;
		free(ios);
		ios = NULL;
		n = 0;
	}
	free(own);
	if (n == 0)
		return false;
	free(r->series_ios);
	free(r->series_bytes);
	r->series_ios = xcalloc(n, sizeof *r->series_ios);
	r->series_bytes = xcalloc(n, sizeof *r->series_bytes);
	for (s = 0; s < n; s++) {
		r->series_ios[s] = (uint64_t)llround(ios[s]);
		r->series_bytes[s] = r->series_ios[s] * r->cell.bs;
	}
	r->nseries = n;
	free(ios);
	return true;
}
