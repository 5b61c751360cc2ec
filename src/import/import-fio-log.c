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
 *
 * A log is read as untrusted as the JSON: a value the JSON importer would
 * refuse (negative, not finite, 2^64 or more), a sample past the job's own
 * runtime, an interval longer than the job, or more I/Os than twice the
 * job's leave the cell without a series, with a line saying why; so does a
 * series past a day (sweep's longest --runtime) or past FIO_LOG_TOTAL_S
 * seconds over the import, which the reports are not made for.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "import/fio.h"
#include "results/results.h"

#define FIO_LOG_MAX_BYTES	(256 * MIB)
#define FIO_LOG_MAX_S		86400	/* a cell's series: a day, sweep's longest --runtime */
/*
 * The seconds of series of one import: results.json holds about 45 bytes
 * a second at most (two 20-digit numbers), so 45 MB of series, and sweep
 * report reads it in about 200 MB (185 bytes a second, measured).
 */
#define FIO_LOG_TOTAL_S		1000000
#define FIO_LOG_SLACK_S		1	/* fio writes a sample a few ms after its interval */

/* The I/Os per second of a cell's logs as they are read. */
struct fio_log_acc {
	double		*ios;		/* [nmax]: each second's I/Os */
	double		*step;		/* [nmax + 1]: change of a spread sample's whole seconds */
	unsigned	 nmax;		/* the seconds the job's window holds */
	unsigned	 n;		/* up to the last sample's second */
	unsigned	 avg_msec;
	double		 window_ms;	/* the job's runtime */
	enum rw_mode	 mode;
	uint64_t	 bs;
	bool		 bw;
};

/*
 * count I/Os spread evenly over [a, b) ms into acc (a point when a == b):
 * the partial seconds at either end directly, the whole ones between as a
 * step, so a long interval costs no more than a short one.
 */
static void
fio_log_spread(struct fio_log_acc *acc, double a, double b, double count)
{
	unsigned sa = (unsigned)(a / 1000), sb = b > a ? (unsigned)ceil(b / 1000) - 1 : sa;
	double rate;

	if (sb >= acc->n)
		acc->n = sb + 1;
	if (sa == sb) {
		acc->ios[sa] += count;
		return;
	}
	rate = count / (b - a);
	acc->ios[sa] += rate * (1000.0 * (sa + 1) - a);
	acc->ios[sb] += rate * (b - 1000.0 * sb);
	acc->step[sa + 1] += rate * 1000;
	acc->step[sb] -= rate * 1000;
}

/*
 * One line of a log into acc: 0 when it is taken or is not a sample of
 * this cell (another direction, not a sample line); -EINVAL after a line
 * on stderr when it makes the log unusable.
 */
static int
fio_log_line(struct fio_log_acc *acc, const char *path, unsigned lineno, const char *line)
{
	unsigned long long t, dir, sbs;
	double v, count, a, b;

	if (sscanf(line, "%llu, %lf, %llu, %llu", &t, &v, &dir, &sbs) != 4)
		return 0;
	if (!(isfinite(v) && v >= 0 && v < FIO_VALUES_MAX)) {
		sweep_warn("import log %s:%u: value %g; fio's log values are counts and rates "
		    "from 0 to 2^64 (a corrupt or edited file?): its cell has no series", path,
		    lineno, v);
		return -EINVAL;
	}
	if (dir > 2 || (dir == 0 ? !mode_reads(acc->mode) : dir == 1 ? !mode_writes(acc->mode) :
	    true))
		return 0;
	/*
	 * An averaged sample is interval k = round(t / avg_msec) - 1 (fio writes it
	 * at the interval's end, a few ms late), its mean over avg_msec spread over
	 * the seconds it covers; an I/O's own sample is one I/O when it ends.
	 */
	count = 1;
	a = b = (double)t;
	if (acc->avg_msec > 0) {
		count = acc->bw ? v * 1024 * acc->avg_msec / 1000 / (double)acc->bs :
		    v * acc->avg_msec / 1000;
		a = fmax(floor((double)t / acc->avg_msec + 0.5) - 1, 0) * acc->avg_msec;
		b = a + acc->avg_msec;
	}
	if (b >= 1000.0 * acc->nmax && (b > 1000.0 * acc->nmax || a == b)) {
		sweep_warn("import log %s:%u: a sample at %llu ms, past the %u s the job's "
		    "runtime (%.0f ms) gives a series (a log of another run?): its cell has no "
		    "series", path, lineno, t, acc->nmax, acc->window_ms);
		return -EINVAL;
	}
	fio_log_spread(acc, a, b, count);
	return 0;
}

/*
 * The I/Os of one log file, per second, into acc; after a line on stderr,
 * -EINVAL when it cannot be used, -ERANGE when no log of the job can be.
 */
static int
fio_log_add(const char *path, struct fio_log_acc *acc)
{
	char *text, *line, *next;
	unsigned lineno = 1;
	size_t len;
	int err = 0;

	if (acc->avg_msec > acc->window_ms + 1000.0 * FIO_LOG_SLACK_S) {
		sweep_warn("import log %s: log_avg_msec=%u is longer than the job's %.0f ms: the "
		    "log has no per-second figures, its cell no series", path, acc->avg_msec,
		    acc->window_ms);
		return -ERANGE;
	}
	if (results_read_input("import log", path, FIO_LOG_MAX_BYTES, "give fio's log as "
	    "fio wrote it", "give fio's text log (not log_compression's)", &text, &len) != 0)
		return -EINVAL;
	for (line = text; err == 0 && line != NULL && *line != '\0'; line = next, lineno++) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		err = fio_log_line(acc, path, lineno, line);
	}
	free(text);
	return err;
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
 * Read the logs of threads first..first+nthreads-1 named name of kind
 * (iops, bw) in dir into acc: 0 when every thread had one and it could be
 * used, -ENOENT when one has none, fio_log_add's error.
 */
static int
fio_log_threads(struct fio_log_acc *acc, const char *dir, const char *name, const char *kind,
    unsigned first, unsigned nthreads)
{
	unsigned t;
	int err;

	for (t = 0; t < nthreads; t++) {
		char *p = fio_log_path(dir, name, kind, first + t);

		if (p == NULL && nthreads == 1)
			p = fio_log_path(dir, name, kind, 0);
		if (p == NULL)
			return -ENOENT;
		err = fio_log_add(p, acc);
		free(p);
		if (err != 0)
			return err;
	}
	return acc->n > 0 ? 0 : -ENOENT;
}

/*
 * acc's seconds as r's series, when they fit what the job did (at most
 * twice its I/Os, each second's bytes within 2^64) and the import's
 * FIO_LOG_TOTAL_S; false, after a line, when not.
 */
static bool
fio_log_store(const struct fio_log_opts *o, struct fio_log_acc *acc, struct cell_result *r)
{
	double step = 0, sum = 0, top = 0;
	unsigned s;

	for (s = 0; s < acc->n; s++) {
		step += acc->step[s];
		acc->ios[s] = fmax(acc->ios[s] + step, 0);
		sum += acc->ios[s];
		top = fmax(top, acc->ios[s]);
	}
	if (sum > 2.0 * (double)r->ios + acc->n || top * (double)r->cell.bs >= FIO_VALUES_MAX) {
		sweep_warn("import %s: the logs of fio job \"%s\" hold %.4g I/Os, more than twice "
		    "the %llu the job did (a log of another run?): its cell has no series",
		    o->json, o->jobname != NULL ? o->jobname : "?", sum,
		    (unsigned long long)r->ios);
		return false;
	}
	if (o->series_s != NULL && *o->series_s + acc->n > FIO_LOG_TOTAL_S) {
		if (*o->series_s <= FIO_LOG_TOTAL_S)
			sweep_warn("import %s: fio's logs give more than %u s of series in all, "
			    "which reports are not made for: the cells from fio job \"%s\" on "
			    "have none", o->json, FIO_LOG_TOTAL_S,
			    o->jobname != NULL ? o->jobname : "?");
		*o->series_s = FIO_LOG_TOTAL_S + 1;
		return false;
	}
	if (o->series_s != NULL)
		*o->series_s += acc->n;
	free(r->series_ios);
	free(r->series_bytes);
	r->series_ios = xcalloc(acc->n, sizeof *r->series_ios);
	r->series_bytes = xcalloc(acc->n, sizeof *r->series_bytes);
	for (s = 0; s < acc->n; s++) {
		r->series_ios[s] = fio_values_u64(floor(acc->ios[s] + 0.5));
		r->series_bytes[s] = r->series_ios[s] * r->cell.bs;
	}
	r->nseries = acc->n;
	return true;
}

/*
 * Do entries a and b come from one file?  A folder import's entries say
 * which (FIO_FILE_KEY): fio numbers the threads of each file from 1.
 */
bool
import_fio_log_same_file(const cJSON *a, const cJSON *b)
{
	const char *fa = fio_json_str(a, FIO_FILE_KEY), *fb = fio_json_str(b, FIO_FILE_KEY);

	return fa == fb || (fa != NULL && fb != NULL && strcmp(fa, fb) == 0);
}

/*
 * The series of the cell r made of fio threads first..first+nthreads-1
 * (thread numbers, from 1, of the cell's own file) from their logs beside
 * the JSON (an iops log, else a bw log), as o names them.  Returns true
 * when every thread had a log and r now has a series; false leaves r as
 * it was (not logged, no log, or a log it cannot use, said on stderr).
 */
bool
import_fio_log_series(const struct fio_log_opts *o, unsigned first, unsigned nthreads,
    struct cell_result *r)
{
	static const char *const kinds[] = { "iops", "bw" };
	struct fio_log_acc acc = { .mode = r->cell.mode, .bs = r->cell.bs,
	    .window_ms = (double)r->runtime_ns / 1e6 };
	const char *slash = strrchr(o->json, '/'), *name;
	char *dir;
	uint64_t ms = 0;
	unsigned k;
	bool done = false;
	int err = 0;

	if ((o->iops == NULL && o->bw == NULL) ||
	    (o->avg_msec != NULL && parse_uint(o->avg_msec, 0, 86400000, &ms) != 0))
		return false;
	acc.avg_msec = (unsigned)ms;
	acc.nmax = (unsigned)fmin(ceil(acc.window_ms / 1000) + FIO_LOG_SLACK_S, FIO_LOG_MAX_S);
	dir = slash == NULL ? xstrdup(".") : slash == o->json ? xstrdup("/") :
	    xasprintf("%.*s", (int)(slash - o->json), o->json);
	acc.ios = xcalloc(acc.nmax, sizeof *acc.ios);
	acc.step = xcalloc((size_t)acc.nmax + 1, sizeof *acc.step);
	for (k = 0; k < 2 && !done && err != -ERANGE; k++) {
		name = k == 0 ? o->iops : o->bw;
		/* write_iops_log without a name: the job's name */
		if (name != NULL && (name[0] == '\0' || strcmp(name, "1") == 0))
			name = o->jobname;
		if (name == NULL)
			continue;
		acc.bw = k == 1;
		err = fio_log_threads(&acc, dir, name, kinds[k], first, nthreads);
		done = err == 0 && fio_log_store(o, &acc, r);
		if (!done) {
			memset(acc.ios, 0, acc.nmax * sizeof *acc.ios);
			memset(acc.step, 0, ((size_t)acc.nmax + 1) * sizeof *acc.step);
			acc.n = 0;
		}
	}
	free(dir);
	free(acc.ios);
	free(acc.step);
	return done;
}
