#include "config.h"

/*
 * fio JSON output (fio --output-format=json, local or client/server; read
 * and brought to fio 3.19's layout by fio-layout.c) into results: one cell
 * per fio job.  A job's options are its "job options" over the file's
 * "global options"; clones of a job reported one by one (numjobs > 1
 * without group_reporting) are one cell, aggregated as fio's
 * group_reporting does.  Jobs sweep has no mode for (trim, verify-only) or that moved no data
 * are left out, each with its reason in the results' warnings.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "import/fio.h"
#include "results/results-json.h"
#include "results/results.h"

#define IMPORT_FIO_NOTE_MAX	240
#define IMPORT_FIO_NOTE_ITEMS	5	/* names listed in a note; then "and N more" */

/* Notes gathered over the import, turned into warnings at the end. */
struct fio_notes {
	char		 skipped[IMPORT_FIO_NOTE_MAX];
	unsigned	 nskipped;
	char		 estimated[IMPORT_FIO_NOTE_MAX];
	unsigned	 nestimated;
	char		 ignored[IMPORT_FIO_NOTE_MAX];
	unsigned	 nignored;
	char		 buffered[IMPORT_FIO_NOTE_MAX];
	unsigned	 nbuffered;
	char		 differ[IMPORT_FIO_NOTE_MAX];
	char		 concurrent[IMPORT_FIO_NOTE_MAX];
	unsigned	 nconcurrent;
	char		 duplicate[IMPORT_FIO_NOTE_MAX];
	unsigned	 nduplicate;
	char		 clones[IMPORT_FIO_NOTE_MAX];
	unsigned	 nclones;
	char		 logged[IMPORT_FIO_NOTE_MAX];
	unsigned	 nlogged;
};

/* The import in progress. */
struct fio_import {
	const char	*path;
	const cJSON	*root;
	const cJSON	*global;
	const char	*host;		/* client/server output: whose entries; NULL: local */
	char		 host_buf[160];	/* host when the output's only one */
	int		 port;
	const cJSON	**ent;		/* the entries to import, in file order */
	unsigned	 nent;
	unsigned	 series_s;	/* seconds of series read from fio's logs */
	struct fio_notes notes;
};

/* An option of an entry: its "job options", else the file's "global options". */
static const char *
import_fio_opt(const struct fio_import *im, const cJSON *entry, const char *name)
{
	const char *v = fio_json_str(cJSON_GetObjectItemCaseSensitive(entry, "job options"), name);

	return v != NULL ? v : fio_json_str(im->global, name);
}

/*
 * Append "item" to a "; "-separated note, marking truncation with "...".
 * A counted note lists its first IMPORT_FIO_NOTE_ITEMS items (see
 * import_fio_more): 20,000 duplicate jobs are one short line.
 */
static void
import_fio_note(char *note, unsigned *count, const char *fmt, ...)
{
	size_t used = strlen(note), room = IMPORT_FIO_NOTE_MAX - used;
	char item[IMPORT_FIO_NOTE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(item, sizeof item, fmt, ap);
	va_end(ap);
	if (count != NULL && ++*count > IMPORT_FIO_NOTE_ITEMS)
		return;
	if (used > 0 && strcmp(note + used - 3, "...") == 0)
		return;
	if (strlen(item) + 2 < room)
		snprintf(note + used, room, "%s%s", used ? "; " : "", item);
	else if (room > 4)
		snprintf(note + used, room, "%s...", used ? "; " : "");
}

/* ", and N more" after a counted note of n items, or "". */
static const char *
import_fio_more(unsigned n, char *buf, size_t len)
{
	if (n > IMPORT_FIO_NOTE_ITEMS)
		snprintf(buf, len, ", and %u more", n - IMPORT_FIO_NOTE_ITEMS);
	else
		buf[0] = '\0';
	return buf;
}

/* fio's rw (modifiers such as ":8" dropped) as a sweep mode; -EINVAL for trim and others. */
static int
import_fio_mode(const char *rw)
{
	char base[32];

	str_copy(base, sizeof base, rw != NULL ? rw : "read");
	base[strcspn(base, ":")] = '\0';
	if (strcmp(base, "readwrite") == 0)
		return MODE_READWRITE;
	return mode_parse(base);
}

/*
 * The block size of an entry: fio's bs is one size or "read,write[,trim]";
 * the directions the mode uses must agree.  -EINVAL (and why) otherwise.
 */
static int
import_fio_bs(const struct fio_import *im, const cJSON *e, enum rw_mode m, uint64_t *bs,
    char *why, size_t len)
{
	const char *v = import_fio_opt(im, e, "bs");
	char copy[128], *rd, *wr;
	uint64_t r = 0, w = 0;

	if (import_fio_opt(im, e, "bsrange") != NULL || import_fio_opt(im, e, "bssplit") != NULL) {
		snprintf(why, len, "varied block sizes (bsrange/bssplit)");
		return -EINVAL;
	}
	if (v == NULL) {
		*bs = 4096;	/* fio's default */
		return 0;
	}
	str_copy(copy, sizeof copy, v);
	rd = copy;
	wr = strchr(copy, ',');
	if (wr != NULL) {
		*wr++ = '\0';
		wr[strcspn(wr, ",")] = '\0';
	}
	if (parse_size(rd, &r) != 0 || r == 0 ||
	    (wr != NULL && *wr != '\0' && (parse_size(wr, &w) != 0 || w == 0))) {
		snprintf(why, len, "bs=%s is not a block size sweep reads", v);
		return -EINVAL;
	}
	if (wr == NULL || *wr == '\0')
		w = r;
	if (mode_reads(m) && mode_writes(m) && r != w) {
		snprintf(why, len, "different read and write block sizes (bs=%s)", v);
		return -EINVAL;
	}
	*bs = mode_reads(m) ? r : w;
	return 0;
}

/* A whole-number option (iodepth, numjobs) with its default; -EINVAL if malformed. */
static int
import_fio_uint(const struct fio_import *im, const cJSON *e, const char *name, unsigned def,
    unsigned max, unsigned *out)
{
	const char *v = import_fio_opt(im, e, name);
	uint64_t n;

	if (v == NULL) {
		*out = def;
		return 0;
	}
	if (parse_uint(v, 1, max, &n) != 0)
		return -EINVAL;
	*out = (unsigned)n;
	return 0;
}

/*
 * The cell of a job from its options (mode, bs, iodepth, numjobs) into
 * r->cell.  Returns 0 for a job sweep leaves out (why says why).
 */
static int
import_fio_job(struct fio_import *im, const cJSON *e, struct cell_result *r, char *why,
    size_t len)
{
	const char *rw = import_fio_opt(im, e, "rw");
	const char *verify = import_fio_opt(im, e, "verify");
	const char *vonly = import_fio_opt(im, e, "verify_only");
	const char *direct = import_fio_opt(im, e, "direct");
	int m = import_fio_mode(rw);

	if (m < 0) {
		snprintf(why, len, "rw=%s is not one of sweep's modes", rw);
		return 0;
	}
	if ((vonly != NULL && strcmp(vonly, "0") != 0) ||
	    (verify != NULL && strcmp(verify, "0") != 0 && strcmp(verify, "null") != 0 &&
	    !mode_writes((enum rw_mode)m))) {
		snprintf(why, len, "verify-only job: its reads check data written earlier");
		return 0;
	}
	r->cell.mode = (enum rw_mode)m;
	if (import_fio_bs(im, e, r->cell.mode, &r->cell.bs, why, len) != 0)
		return 0;
	if (import_fio_uint(im, e, "iodepth", 1, 65536, &r->cell.depth) != 0 ||
	    import_fio_uint(im, e, "numjobs", 1, 65536, &r->cell.jobs) != 0) {
		snprintf(why, len, "iodepth or numjobs is not a whole number");
		return 0;
	}
	if (fio_rate_cell(import_fio_opt(im, e, "rate_iops"), import_fio_opt(im, e, "rate_process"),
	    &r->cell) != 0) {
		snprintf(why, len, "rate_iops is not a rate of 0 to 10^9 IOPS");
		return 0;
	}
	if (direct == NULL || (strcmp(direct, "1") != 0 && strcmp(direct, "true") != 0)) {
		r->buffered = true;
		import_fio_note(im->notes.buffered, &im->notes.nbuffered, "%s",
		    fio_json_str(e, "jobname"));
	}
	return 1;
}

/* What import_fio_sum() gathers besides the cell's figures. */
struct fio_sum {
	struct fio_lat	*lat;		/* 2 per entry: the records with I/Os */
	unsigned	 nlat;
	double		 win_ms;	/* the longest direction's runtime */
	double		 other_ios;	/* I/Os in a direction the mode does not do */
	int		 error;		/* the first entry's error that is not 0 */
	/* Clones: per direction the longest runtime (ms); over the clones their spread. */
	double		 dir_win_ms[2];
	double		 clone_ms_lo, clone_ms_hi;	/* a clone's window: its longest direction */
	double		 clone_iops_lo, clone_iops_hi;
};

/*
 * Clones whose windows differ by more than this ran different windows:
 * fio's clones start together and end within a few ms of each other
 * unless something (steadystate, a runtime per clone) ended some early.
 */
#define IMPORT_FIO_CLONE_WINDOWS	0.01

/* Sum the figures of entries e[0..n) into r: counts, rates, CPU; latency records into s. */
static void
import_fio_sum(const cJSON **e, unsigned n, struct cell_result *r, struct fio_sum *s)
{
	static const char *dirs[2] = { "read", "write" };
	unsigned i, d;

	for (i = 0; i < n; i++) {
		/* A group-reported entry's CPU figure is the mean of its jobs; sweep sums them. */
		double weight = n == 1 ? r->cell.jobs : 1, clone_ms = 0, clone_ios = 0;

		if (s->error == 0)
			s->error = fio_values_int(fio_json_num(e[i], "error"));
		r->cpu_usr_pct += fio_json_num(e[i], "usr_cpu") * weight;
		r->cpu_sys_pct += fio_json_num(e[i], "sys_cpu") * weight;
		for (d = 0; d < 2; d++) {
			const cJSON *o = cJSON_GetObjectItemCaseSensitive(e[i], dirs[d]);
			uint64_t ios = fio_values_u64(fio_json_num(o, "total_ios"));
			uint64_t bytes = fio_values_u64(fio_json_num(o, "io_bytes"));

			if (d == 0 ? !mode_reads(r->cell.mode) : !mode_writes(r->cell.mode)) {
				s->other_ios += (double)ios;
				continue;
			}
			*(d == 0 ? &r->read_ios : &r->write_ios) += ios;
			*(d == 0 ? &r->read_bytes : &r->write_bytes) += bytes;
			r->iops += fio_json_num(o, "iops");
			r->bw_bytes_s += fio_json_num(o, "bw_bytes");
			r->short_ios += fio_values_u64(fio_json_num(o, "short_ios"));
			if (fio_json_num(o, "runtime") > s->win_ms)
				s->win_ms = fio_json_num(o, "runtime");
			s->dir_win_ms[d] = fmax(s->dir_win_ms[d], fio_json_num(o, "runtime"));
			clone_ms = fmax(clone_ms, fio_json_num(o, "runtime"));
			clone_ios += (double)ios;
			fio_lat_read(o, &s->lat[s->nlat]);
			if (s->lat[s->nlat].n > 0)
				s->nlat++;
		}
		if (i == 0 || clone_ms < s->clone_ms_lo)
			s->clone_ms_lo = clone_ms;
		s->clone_ms_hi = fmax(s->clone_ms_hi, clone_ms);
		clone_ios = clone_ms > 0 ? clone_ios * 1000 / clone_ms : 0;
		if (i == 0 || clone_ios < s->clone_iops_lo)
			s->clone_iops_lo = clone_ios;
		s->clone_iops_hi = fmax(s->clone_iops_hi, clone_ios);
	}
	r->ios = r->read_ios + r->write_ios;
	r->bytes = r->read_bytes + r->write_bytes;
	r->runtime_ns = fio_values_u64(s->win_ms * 1e6);
	/*
	 * Clones reported one by one: their total I/Os and bytes over the
	 * longest clone's window in each direction, as fio's group_reporting
	 * aggregates them; the sum of their rates would count a clone that
	 * stopped early at its own, shorter window.
	 */
	if (n > 1) {
		r->iops = r->bw_bytes_s = 0;
		for (d = 0; d < 2; d++)
			if (s->dir_win_ms[d] > 0) {
				r->iops += (double)(d == 0 ? r->read_ios : r->write_ios) * 1000 /
				    s->dir_win_ms[d];
				r->bw_bytes_s += (double)(d == 0 ? r->read_bytes : r->write_bytes) *
				    1000 / s->dir_win_ms[d];
			}
	}
}

/*
 * What a cell of clones says of them: their windows (results_cell_clones_skewed
 * judges them), always a note of their spread, and in the check's reason
 * when they ran windows of different lengths.
 */
static void
import_fio_clones(struct fio_import *im, const char *name, unsigned n, const struct fio_sum *s,
    struct cell_result *r)
{
	size_t used = strlen(r->check.reason);
	char win[48];
	bool differ = s->clone_ms_hi > 0 &&
	    s->clone_ms_hi - s->clone_ms_lo > IMPORT_FIO_CLONE_WINDOWS * s->clone_ms_hi;

	r->clones.n = n;
	r->clones.min_ns = fio_values_u64(s->clone_ms_lo * 1e6);
	r->clones.max_ns = fio_values_u64(s->clone_ms_hi * 1e6);

	if (differ)
		snprintf(win, sizeof win, "windows of %.2f-%.2f s", s->clone_ms_lo / 1000,
		    s->clone_ms_hi / 1000);
	else
		snprintf(win, sizeof win, "%.2f s each", s->clone_ms_hi / 1000);
	import_fio_note(im->notes.clones, &im->notes.nclones, "%s: %u clones, %.0f-%.0f IOPS "
	    "each, %s", name, n, s->clone_iops_lo, s->clone_iops_hi, win);
	if (differ && used < sizeof r->check.reason)
		snprintf(r->check.reason + used, sizeof r->check.reason - used, "%sclones ran %s: "
		    "the figures are their total I/Os over the longest, as fio's group_reporting",
		    used ? "; " : "", win);
}

/*
 * Build cell r from entries e[0..n): one fio job, or its clones (n > 1).  A
 * single entry of a job with numjobs > 1 stands for all its jobs
 * (group_reporting).  Returns 1 for a cell, 0 for a job left out (why says why).
 */
static int
import_fio_cell(struct fio_import *im, const cJSON **e, unsigned n, struct cell_result *r,
    char *why, size_t len)
{
	const char *name = fio_json_str(e[0], "jobname");
	const cJSON *ss = cJSON_GetObjectItemCaseSensitive(e[0], "steadystate");
	struct fio_sum s = { .lat = NULL };

	memset(r, 0, sizeof *r);
	if (!import_fio_job(im, e[0], r, why, len))
		return 0;
	s.lat = xcalloc(2 * (size_t)n, sizeof *s.lat);
	import_fio_sum(e, n, r, &s);
	if ((r->ios == 0 || s.win_ms <= 0) && s.error == 0) {
		free(s.lat);
		snprintf(why, len, r->ios == 0 ? "no I/O" : "I/Os in a runtime of 0 ms: no rate");
		return 0;
	}
	if (s.other_ios > 0)
		import_fio_note(im->notes.ignored, &im->notes.nignored, "%s: %.0f", name, s.other_ios);
	if (!fio_lat_merge(r, s.lat, s.nlat))
		import_fio_note(im->notes.estimated, &im->notes.nestimated, "%s", name);
	free(s.lat);
	if (cJSON_IsObject(ss)) {
		/* fio ends a job once steady: the end of its window is when it got there. */
		r->steady = fio_json_num(ss, "attained") != 0;
		if (r->steady)
			r->steady_at_s = (unsigned)fmin((s.win_ms + 500) / 1000, UINT_MAX);
	}
	r->status = CELL_OK;
	if (s.error != 0) {
		r->status = CELL_FAILED;
		r->errors = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(e[0], "total_err")) ?
		    fio_values_u64(fio_json_num(e[0], "total_err")) : 1;
		/* fio's JSON names neither the failing call nor the offset: no "first" record. */
		r->err_errno = s.error;
		snprintf(r->status_reason, sizeof r->status_reason, "fio reported error %d (%s)",
		    s.error, strerror(s.error));
	}
	bw_check_compute(r);
	if (n > 1)
		import_fio_clones(im, name, n, &s, r);
	results_cell_derive(r);
	analysis_stability_judge(r);	/* no per-second series: unknown */
	return 1;
}

/* The entries of root: "client_stats" (client/server output) or "jobs". */
static const cJSON *
import_fio_entries(const cJSON *root, bool *client)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "client_stats");

	*client = cJSON_IsArray(a);
	return *client ? a : cJSON_GetObjectItemCaseSensitive(root, "jobs");
}

/*
 * The hosts of client/server output as "HOST:PORT", in order of first
 * appearance (fio's "All clients" aggregate is not a host).  Returns how
 * many there are; at most max are stored.
 */
unsigned
import_fio_hosts(const cJSON *root, char (*out)[160], unsigned max)
{
	const cJSON *item;
	unsigned n = 0, i;
	bool client;
	const cJSON *a = import_fio_entries(root, &client);

	if (!client)
		return 0;
	cJSON_ArrayForEach(item, a) {
		const char *h = fio_json_str(item, "hostname"), *job = fio_json_str(item, "jobname");
		char id[160];

		if (h == NULL || (job != NULL && strcmp(job, FIO_ALL_CLIENTS) == 0))
			continue;
		/* A port out of range is kept as it is, for hosts_add to refuse by its number. */
		if (fio_values_port(item) >= 0)
			snprintf(id, sizeof id, "%s:%lld", h, fio_values_port(item));
		else
			snprintf(id, sizeof id, "%s:%.0f", h, fio_json_num(item, "port"));
		for (i = 0; i < n && i < max; i++)
			if (strcmp(out[i], id) == 0)
				break;
		if (i < n && i < max)
			continue;
		if (n < max)
			str_copy(out[n], sizeof out[0], id);
		n++;
	}
	return n;
}

/* Is entry e one of the host's (or any, for local output)? */
static bool
import_fio_mine(const struct fio_import *im, const cJSON *e)
{
	const char *job = fio_json_str(e, "jobname"), *h;

	if (job != NULL && strcmp(job, FIO_ALL_CLIENTS) == 0)
		return false;
	if (im->host == NULL)
		return true;
	h = fio_json_str(e, "hostname");
	return h != NULL && strcmp(h, im->host) == 0 &&
	    (im->port < 0 || fio_values_port(e) == im->port);
}

/* fio's disk_util of this host, as a note: for one cell, or for the whole run. */
static void
import_fio_disk_util(const struct fio_import *im, struct results *res, unsigned ngroups)
{
	const cJSON *du = cJSON_GetObjectItemCaseSensitive(im->root, "disk_util"), *d;
	char note[256] = "";
	unsigned n = 0;
	size_t used = 0;

	cJSON_ArrayForEach(d, du) {
		const char *h = fio_json_str(d, "hostname"), *name = fio_json_str(d, "name");

		if (im->host != NULL && (h == NULL || strcmp(h, im->host) != 0 ||
		    (im->port >= 0 && fio_values_port(d) != im->port)))
			continue;
		if (used < sizeof note)
			used += (size_t)snprintf(note + used, sizeof note - used,
			    "%s%s %.0f reads, %.0f writes, util %.1f%%", n ? "; " : "",
			    name != NULL ? name : "?", fio_json_num(d, "read_ios"),
			    fio_json_num(d, "write_ios"), fio_json_num(d, "util"));
		n++;
	}
	if (n == 0)
		return;
	/*
	 * fio counts disk_util over its whole run (layout and ramp included) and
	 * without bytes, so it cannot fill a cell's device counters (measured
	 * window, bytes for the BW check): it stays a note, naming the cell when
	 * the run had only one.
	 */
	if (ngroups == 1 && n == 1 && res->plan.ncells == 1)
		results_warn(res, "fio disk_util of the run, i.e. of cell 1 (ramp and file layout "
		    "included, no byte counts): %s", note);
	else
		results_warn(res, "fio disk_util of the whole run (%u stonewalled groups; not "
		    "attributable to one cell): %s", ngroups, note);
}

/* The target and the plan's settings from the entries' options; the cells come later. */
static void
import_fio_setup(const struct fio_import *im, struct target *t, struct plan *p)
{
	const cJSON *first = im->ent[0];
	const char *fname = import_fio_opt(im, first, "filename");
	const char *size = fio_json_str(im->global, "size");
	const char *engine = import_fio_opt(im, first, "ioengine");
	const char *seed = import_fio_opt(im, first, "randseed");
	const char *ss = import_fio_opt(im, first, "steadystate");
	const char *ss_dur = import_fio_opt(im, first, "steadystate_duration");
	const char *slash;
	unsigned pct, dur;
	uint64_t v;
	char pc;

	/* A job's own size may be its slice (offset_increment): the region is the global one. */
	if (size == NULL)
		size = import_fio_opt(im, first, "size");
	/* Without filename=, fio makes files of its own under directory= (or the cwd). */
	if (fname == NULL)
		fname = import_fio_opt(im, first, "directory");
	t->path = (char *)(fname != NULL ? fname : "");
	slash = strrchr(t->path, '/');
	t->name = (char *)(slash != NULL ? slash + 1 : t->path);
	t->kind = strncmp(t->path, "/dev/", 5) == 0 ? TARGET_DEVICE : TARGET_FILE;
	if (size != NULL && parse_size(size, &v) == 0)
		t->size = v;
	t->total_size = t->size;
	t->rotational = -1;
	t->loop_dio = -1;
	t->excl_fd = -1;

	str_copy(p->engine, sizeof p->engine, engine != NULL ? engine : "psync");
	p->size = t->size;
	p->rwmixread = 50;	/* fio's default */
	/* sweep's steady state is fio's iops criterion as a percentage (plus a trend test). */
	if (ss != NULL)
		snprintf(p->steady_rule, sizeof p->steady_rule, "steadystate=%s%s%s", ss,
		    ss_dur != NULL ? ", ss_dur=" : "", ss_dur != NULL ? ss_dur : "");
	if (ss != NULL && sscanf(ss, "iops:%u%c", &pct, &pc) == 2 && pc == '%' &&
	    fio_values_seconds(ss_dur, &dur) == 0) {
		p->steady_pct = pct;
		p->steady_window_s = dur;
	}
	if (fio_values_seconds(import_fio_opt(im, first, "ramp_time"), &p->ramp_s) != 0)
		p->ramp_s = 0;
	if (seed != NULL && parse_uint(seed, 0, UINT64_MAX, &v) == 0)
		p->seed = v;
}

/*
 * What only the output says (host, start time, where it came from) over the
 * record results_create() began.
 */
static void
import_fio_header(const struct fio_import *im, struct results *res)
{
	time_t ts = fio_values_time(fio_json_num(im->root, "timestamp"));
	struct tm tm;
	char *desc;

	if (im->host != NULL)
		text_clean(res->host, sizeof res->host, im->host);
	else
		str_copy(res->host, sizeof res->host, "unknown (fio output has no host name)");
	res->kernel[0] = '\0';
	res->started_utc[0] = '\0';
	if (ts > 0 && gmtime_r(&ts, &tm) != NULL)
		strftime(res->started_utc, sizeof res->started_utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
	desc = xasprintf("imported from %s output %s%s%s", fio_json_str(im->root, "fio version"),
	    im->path, im->host != NULL ? " of host " : "", im->host != NULL ? im->host : "");
	text_clean(res->description, sizeof res->description, desc);
	free(desc);
}

/* A mixed job's read share: its rwmixread, or 100 - rwmixwrite, or fio's 50. */
static unsigned
import_fio_share(const struct fio_import *im, const cJSON *e)
{
	const char *mix = import_fio_opt(im, e, "rwmixread");
	const char *wmix = import_fio_opt(im, e, "rwmixwrite");
	uint64_t pct;

	if (mix != NULL)
		return parse_uint(mix, 0, 100, &pct) == 0 ? (unsigned)pct : 50;
	if (wmix != NULL && parse_uint(wmix, 0, 100, &pct) == 0)
		return (unsigned)(100 - pct);
	return 50;
}

/*
 * Fill what the cells decide: runtime, the plan's rwmixread (the first mixed
 * job's; each mixed cell has its own), and notes where cells disagree.
 */
static void
import_fio_plan(struct fio_import *im, struct plan *p, const struct cell_result *cells,
    const cJSON **first_of_cell)
{
	const char *engine0 = NULL, *file0 = NULL;
	bool mix_seen = false;
	unsigned i;

	for (i = 0; i < p->ncells; i++) {
		const cJSON *e = first_of_cell[i];
		const char *engine = import_fio_opt(im, e, "ioengine");
		const char *file = import_fio_opt(im, e, "filename");
		enum rw_mode m = p->cells[i].mode;
		unsigned s;

		if (engine == NULL)
			engine = "psync";
		if (file == NULL)
			file = "";
		if (i == 0) {
			engine0 = engine;
			file0 = file;
			if (fio_values_seconds(import_fio_opt(im, e, "runtime"), &s) == 0 && s > 0)
				p->runtime_s = s;
			else
				p->runtime_s = (unsigned)((cells[0].runtime_ns + NSEC_PER_SEC / 2) /
				    NSEC_PER_SEC);
		}
		if (strcmp(engine, engine0) != 0 && strstr(im->notes.differ, "ioengine") == NULL)
			import_fio_note(im->notes.differ, NULL, "ioengine (%s, %s, ...)", engine0, engine);
		if (strcmp(file, file0) != 0 && strstr(im->notes.differ, "filename") == NULL)
			import_fio_note(im->notes.differ, NULL, "filename (%s, %s, ...)", file0, file);
		if ((m == MODE_READWRITE || m == MODE_RANDRW) && !mix_seen) {
			p->rwmixread = import_fio_share(im, e);
			mix_seen = true;
		}
	}
}

/* What fio_layout_normalize() converted, as one warning. */
static void
import_fio_layout_warn(struct results *res, const char *version, unsigned layout)
{
	char what[IMPORT_FIO_NOTE_MAX] = "";

	if (layout & FIO_LAYOUT_US)
		import_fio_note(what, NULL, "latency from microseconds (1 us resolution)");
	if (layout & FIO_LAYOUT_KIB)
		import_fio_note(what, NULL, "bytes from KiB (1 KiB resolution)");
	if (layout & FIO_LAYOUT_BW)
		import_fio_note(what, NULL, "bandwidth as io_bytes / runtime (no bw_bytes)");
	if (layout & FIO_LAYOUT_N)
		import_fio_note(what, NULL, "a latency record's count is its direction's total_ios "
		    "(no N)");
	results_warn(res, "%s output, read in the units of fio 3.19: %s", version, what);
}

/* The notes as warnings in res (each printed once on stderr). */
static void
import_fio_warn(const struct fio_import *im, struct results *res)
{
	const struct fio_notes *n = &im->notes;
	const char *version = fio_json_str(im->root, "fio version");
	unsigned layout = (unsigned)fio_values_int(fio_json_num(im->root, FIO_LAYOUT_KEY));
	char more[48];

	if (n->nskipped > 0)
		results_warn(res, "left out %u fio job%s: %s%s", n->nskipped,
		    n->nskipped == 1 ? "" : "s", n->skipped, import_fio_more(n->nskipped, more,
		    sizeof more));
	if (n->nestimated > 0)
		results_warn(res, "percentiles of %u cell%s (clones without group_reporting, or "
		    "both directions) are estimated from fio's per-job percentile tables: %s%s",
		    n->nestimated, n->nestimated == 1 ? "" : "s", n->estimated,
		    import_fio_more(n->nestimated, more, sizeof more));
	if (n->nignored > 0)
		results_warn(res, "I/Os in a direction the job's rw does not do (verify reads, or "
		    "group_reporting over different jobs) are left out: %s%s", n->ignored,
		    import_fio_more(n->nignored, more, sizeof more));
	if (n->nbuffered > 0)
		results_warn(res, "%u fio job%s ran without direct=1 (page cache in the figures): %s%s",
		    n->nbuffered, n->nbuffered == 1 ? "" : "s", n->buffered,
		    import_fio_more(n->nbuffered, more, sizeof more));
	if (n->differ[0] != '\0')
		results_warn(res, "cells differ in %s; the run's header shows the first", n->differ);
	if (n->nduplicate > 0)
		results_warn(res, "fio jobs with the mode, bs, iodepth and numjobs of an earlier "
		    "one (reports pivot on those, so show one of each): %s%s", n->duplicate,
		    import_fio_more(n->nduplicate, more, sizeof more));
	if (layout != 0)
		import_fio_layout_warn(res, version != NULL ? version : "fio", layout);
	if (n->nlogged > 0)
		results_warn(res, "per-second series of %u cell%s from fio's logs beside the JSON: "
		    "%s%s", n->nlogged, n->nlogged == 1 ? "" : "s", n->logged,
		    import_fio_more(n->nlogged, more, sizeof more));
	if (n->nclones > 0)
		results_warn(res, "clones reported one by one (numjobs without group_reporting) "
		    "are one cell each, their total I/Os over the longest clone's window, as fio's "
		    "group_reporting: %s%s", n->clones, import_fio_more(n->nclones, more,
		    sizeof more));
	if (n->nconcurrent > 0)
		results_warn(res, "jobs ran at the same time (one fio group, no stonewall), so they "
		    "shared the target: %s%s", n->concurrent,
		    import_fio_more(n->nconcurrent, more, sizeof more));
}

/*
 * The entries of the host to import into im->ent: host/port as given, or
 * for client output of a single host, that host.  Returns -ENOENT,
 * silently, when the host given has no entries; -EINVAL after one line on
 * stderr when there is nothing to import.
 */
static int
import_fio_select(struct fio_import *im)
{
	char hosts[4][160];
	const cJSON *item;
	bool client, given = im->host != NULL;
	const cJSON *a = import_fio_entries(im->root, &client);
	unsigned n;

	if (client && im->host == NULL) {
		n = import_fio_hosts(im->root, hosts, 4);
		if (n > 1) {
			sweep_error("import %s: fio client/server output of %u hosts (%s, %s%s); sweep "
			    "import takes one host's results: sweep run --hosts splits them per host",
			    im->path, n, hosts[0], hosts[1], n > 2 ? ", ..." : "");
			return -EINVAL;
		}
		if (n == 1) {
			char *colon = strrchr(hosts[0], ':');
			uint64_t port;

			*colon = '\0';
			if (parse_uint(colon + 1, 1, 65535, &port) != 0) {
				sweep_error("import %s: client_stats: host %s has port %s; a port is a "
				    "number from 1 to 65535", im->path, hosts[0], colon + 1);
				return -EINVAL;
			}
			str_copy(im->host_buf, sizeof im->host_buf, hosts[0]);
			im->host = im->host_buf;
			im->port = (int)port;
		}
	}
	im->ent = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *im->ent);
	cJSON_ArrayForEach(item, a)
		if (cJSON_IsObject(item) && import_fio_mine(im, item)) {
			if (fio_values_check(im->path, item) != 0) {
				free(im->ent);
				return -EINVAL;
			}
			im->ent[im->nent++] = item;
		}
	if (im->nent > 0)
		return 0;
	free(im->ent);
	if (given)
		return -ENOENT;
	sweep_error("import %s: fio output with no jobs", im->path);
	return -EINVAL;
}

/*
 * The per-second series of cell r (fio threads first.. of nthreads) from
 * fio's logs beside the JSON (import-fio-log.c); its stability is judged
 * again on it.
 */
static void
import_fio_logs(struct fio_import *im, const cJSON *e, unsigned first, unsigned nthreads,
    struct cell_result *r)
{
	const char *file = fio_json_str(e, FIO_FILE_KEY);
	const struct fio_log_opts o = { .json = file != NULL ? file : im->path,
	    .iops = import_fio_opt(im, e, "write_iops_log"),
	    .bw = import_fio_opt(im, e, "write_bw_log"),
	    .avg_msec = import_fio_opt(im, e, "log_avg_msec"),
	    .jobname = fio_json_str(e, "jobname"), .series_s = &im->series_s };

	if (import_fio_log_series(&o, first, nthreads, r)) {
		import_fio_note(im->notes.logged, &im->notes.nlogged, "%s (%u s)",
		    o.jobname != NULL ? o.jobname : "?", r->nseries);
		analysis_stability_judge(r);
	}
}

/*
 * The cells of the entries into cells[] and p->cells (p->ncells of them),
 * each with the first entry of its job in first_of_cell; clones of a job
 * are summed into one cell.  Returns the number of stonewalled groups.
 */
static unsigned
import_fio_cells(struct fio_import *im, struct plan *p, struct cell_result *cells,
    const cJSON **first_of_cell)
{
	unsigned i, k, n, ngroups = 0, thread = 1, nthreads;
	int last_group = -1;

	for (i = 0; i < im->nent; i += n) {
		const cJSON *e = im->ent[i];
		const char *name = fio_json_str(e, "jobname");
		int group = fio_values_int(fio_json_num(e, "groupid"));
		unsigned jobs = 1;
		struct cell_result *r = &cells[p->ncells];
		char why[160];

		if (name == NULL)
			name = "?";
		if (import_fio_uint(im, e, "numjobs", 1, 65536, &jobs) != 0)
			jobs = 1;
		/* fio numbers the threads of each run: a folder import's files each from 1 */
		if (i > 0 && !import_fio_log_same_file(im->ent[i - 1], e))
			thread = 1;
		/* Clones of one job: consecutive entries of its name and group, numjobs at most. */
		for (n = 1; i + n < im->nent && n < jobs; n++) {
			const char *nn = fio_json_str(im->ent[i + n], "jobname");

			if (nn == NULL || strcmp(nn, name) != 0 ||
			    fio_values_int(fio_json_num(im->ent[i + n], "groupid")) != group)
				break;
		}
		if (group != last_group)
			ngroups++;
		else if (strstr(im->notes.concurrent, name) == NULL)
			import_fio_note(im->notes.concurrent, &im->notes.nconcurrent, "%s (group %d)",
			    name, group);
		last_group = group;
		/* fio numbers its threads over every job and clone: an entry is one, or numjobs */
		nthreads = n > 1 || jobs == 1 ? n : jobs;
		thread += nthreads;
		if (!import_fio_cell(im, im->ent + i, n, r, why, sizeof why)) {
			import_fio_note(im->notes.skipped, &im->notes.nskipped, "%s (%s)", name, why);
			continue;
		}
		import_fio_logs(im, e, thread - nthreads, nthreads, r);
		if (mode_reads(r->cell.mode) && mode_writes(r->cell.mode)) {
			r->cell.rwmixread = import_fio_share(im, e);
			r->cell.rwmix_set = true;
		}
		for (k = 0; k < p->ncells; k++) {
			const struct cell *c = &p->cells[k];

			if (c->mode == r->cell.mode && c->bs == r->cell.bs && c->depth == r->cell.depth &&
			    c->jobs == r->cell.jobs && c->rwmixread == r->cell.rwmixread &&
			    plan_cell_same_rate(c, &r->cell)) {
				import_fio_note(im->notes.duplicate, &im->notes.nduplicate, "%s = cell %u",
				    name, k + 1);
				break;
			}
		}
		r->cell.index = p->ncells;
		p->cells[p->ncells] = r->cell;
		first_of_cell[p->ncells++] = e;
	}
	return ngroups;
}

/*
 * Turn parsed fio output (root, read from path) into res.  host/port pick
 * one host's entries of client/server output (port < 0: any port); NULL
 * takes local output, or client output of a single host.  Returns
 * -ENOENT, silently, when the host has no entries; -EINVAL after one line
 * on stderr when there is nothing to import.
 */
int
import_fio_results(const cJSON *root, const char *path, const char *host, int port,
    const char *label, struct results *res)
{
	struct fio_import im = { .path = path, .root = root, .host = host, .port = port,
	    .global = cJSON_GetObjectItemCaseSensitive(root, "global options") };
	struct target t = { .kind = TARGET_FILE };
	struct plan p = { .ncells = 0 };
	struct cell_result *cells;
	const cJSON **first_of_cell;
	unsigned i, ngroups;
	char stem[128];
	int err;

	memset(res, 0, sizeof *res);
	if ((err = import_fio_select(&im)) != 0)
		return err;
	import_fio_setup(&im, &t, &p);
	cells = xcalloc(im.nent, sizeof *cells);
	p.cells = xcalloc(im.nent, sizeof *p.cells);
	first_of_cell = xcalloc(im.nent, sizeof *first_of_cell);
	ngroups = import_fio_cells(&im, &p, cells, first_of_cell);
	free(im.ent);
	if (p.ncells == 0) {
		char more[48];

		sweep_error("import %s: no fio job sweep can read (%s%s)", path, im.notes.skipped,
		    import_fio_more(im.notes.nskipped, more, sizeof more));
		err = -EINVAL;
	} else {
		import_fio_plan(&im, &p, cells, first_of_cell);
		results_create(res, label != NULL ? label : results_stem(path, stem, sizeof stem),
		    NULL, &t, &p);
		import_fio_header(&im, res);
		for (i = 0; i < p.ncells; i++, res->ndone++)
			results_store_cell(res, i, &cells[i]);
		import_fio_warn(&im, res);
		fio_rate_finish(res);
		import_fio_disk_util(&im, res, ngroups);
	}
	free(cells);
	free(p.cells);
	free(first_of_cell);
	return err;
}

