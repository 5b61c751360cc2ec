/*
 * Results: the one record every report reads, and its API (create, store
 * or reset a cell, set the expectation, warn).  results-json.c writes it as
 * results.json (schema in doc/results-schema.md) and reads it back.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "results/results.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0"
#endif

static const char *status_names[] = {
	[CELL_PENDING] = "pending",
	[CELL_OK]      = "ok",
	[CELL_FAILED]  = "failed",
	[CELL_SKIPPED] = "skipped",
	[CELL_PARTIAL] = "partial",
};

const char *
cell_status_name(enum cell_status s)
{
	return (unsigned)s < sizeof status_names / sizeof status_names[0] ? status_names[s] : "?";
}

/* The status named name, or -EINVAL. */
int
cell_status_parse(const char *name)
{
	unsigned i;

	for (i = 0; i < sizeof status_names / sizeof status_names[0]; i++)
		if (strcmp(name, status_names[i]) == 0)
			return (int)i;
	return -EINVAL;
}

/*
 * Start a record for plan p on target t: the header (tool version, schema,
 * this host and kernel, the start time) is filled here and nowhere else;
 * label NULL means the target's name.  Importers overwrite host and
 * started_utc with what their input says.  Every cell starts pending.
 */
void
results_create(struct results *res, const char *label, const char *description,
    const struct target *t, const struct plan *p)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;
	unsigned i;

	memset(res, 0, sizeof *res);
	str_copy(res->tool_version, sizeof res->tool_version, PACKAGE_VERSION);
	res->schema_version = SWEEP_SCHEMA_VERSION;
	if (gethostname(res->host, sizeof res->host) != 0)
		snprintf(res->host, sizeof res->host, "unknown");
	if (uname(&u) == 0) {
		char *k = xasprintf("%s %s %s", u.sysname, u.release, u.machine);

		str_copy(res->kernel, sizeof res->kernel, k);
		free(k);
	}
	gmtime_r(&now, &tm);
	strftime(res->started_utc, sizeof res->started_utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
	text_clean(res->label, sizeof res->label, label != NULL ? label : t->name);
	if (description != NULL)
		text_clean(res->description, sizeof res->description, description);
	str_copy(res->engine, sizeof res->engine, p->engine);
	res->target = *t;
	res->target.path = xstrdup(t->path);
	res->target.name = xstrdup(t->name);
	res->plan = *p;
	res->plan.cells = xcalloc(p->ncells ? p->ncells : 1, sizeof *p->cells);
	memcpy(res->plan.cells, p->cells, p->ncells * sizeof *p->cells);
	res->cells = xcalloc(p->ncells ? p->ncells : 1, sizeof *res->cells);
	for (i = 0; i < p->ncells; i++)
		res->cells[i].cell = p->cells[i];
}

/*
 * Whether a cell has figures to show: it finished (ok, or failed after I/O)
 * and did I/O, or it holds rates without counts (results_cell_rates_only).
 */
bool
results_cell_has_figures(const struct cell_result *r)
{
	return ((r->status == CELL_OK || r->status == CELL_FAILED) && r->ios > 0 &&
	    r->runtime_ns > 0) || results_cell_rates_only(r);
}

/*
 * Whether cell r holds rates (IOPS, bandwidth) without the window and
 * counts they came from: a table import's row that gives no runtime_s.
 * Its runtime, I/Os and bytes are not known, and stay 0.
 */
bool
results_cell_rates_only(const struct cell_result *r)
{
	return (r->status == CELL_OK || r->status == CELL_FAILED) && r->runtime_ns == 0 &&
	    r->ios == 0 && r->bytes == 0 && (r->iops > 0 || r->bw_bytes_s > 0);
}

/*
 * Whether cell r's BW check compares two figures it was given: not when one
 * was derived from the other (a table's row with IOPS or bandwidth only).
 */
bool
results_cell_checked(const struct cell_result *r)
{
	return results_cell_has_figures(r) && r->derived == 0;
}

/*
 * Whether cell r's figures went through the page cache (a fio job with
 * direct=0): they may be the cache's, not the storage's, however fast or
 * slow.  sweep's own engines always use O_DIRECT.
 */
bool
results_cell_buffered(const struct cell_result *r)
{
	return r->buffered;
}

/*
 * Whether other I/O shared cell r's device: its block-layer counters moved
 * more than the cell did, beyond the BW check's tolerance (a competing
 * reader, another job).  Its figures are then its share of the device.
 */
bool
results_cell_shared(const struct cell_result *r)
{
	return r->check.device >= 0 && r->check.measured > 0 &&
	    r->check.diff_device > BW_CHECK_DEVICE_TOL;
}

/*
 * Whether cell r is fio clones whose windows differ more than
 * RESULTS_CLONES_SKEW (11.9 s and 28.9 s): its figure is their total I/Os
 * over the longest window, so the clones that stopped early pull it down,
 * and it is the rate of no clone and of no one window.
 */
bool
results_cell_clones_skewed(const struct cell_result *r)
{
	return r->clones.n > 1 && r->clones.max_ns > 0 &&
	    (double)r->clones.max_ns > RESULTS_CLONES_SKEW * (double)r->clones.min_ns;
}

/* Whether some cell of res has the device's own counters (none for imports and some targets). */
bool
results_device_counted(const struct results *res)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].dev.valid && results_cell_has_figures(&res->cells[i]))
			return true;
	return false;
}

/*
 * How much a cell's per-second IOPS vary: the coefficient of variation
 * (population stdev / mean) over its whole measured seconds, in percent; a
 * last, partial second is left out.  -1 when fewer than 2 whole seconds were
 * measured (imports without a series) or no I/O completed.
 */
double
results_cell_cv_pct(const struct cell_result *r)
{
	unsigned n = r->nseries, i;
	double sum = 0, sumsq = 0, mean;

	if ((uint64_t)n > r->runtime_ns / NSEC_PER_SEC)
		n = (unsigned)(r->runtime_ns / NSEC_PER_SEC);
	if (r->series_ios == NULL || n < 2)
		return -1;
	for (i = 0; i < n; i++) {
		sum += (double)r->series_ios[i];
		sumsq += (double)r->series_ios[i] * (double)r->series_ios[i];
	}
	mean = sum / n;
	if (mean <= 0)
		return -1;
	return 100 * sqrt(fmax(0, sumsq / n - mean * mean)) / mean;
}

/* Store cell i's figures; the record takes over r's series (r is left empty). */
void
results_store_cell(struct results *res, unsigned i, struct cell_result *r)
{
	results_cell_free(&res->cells[i]);
	res->cells[i] = *r;
	memset(r, 0, sizeof *r);
}

/* Drop cell i's figures (an interrupted cell's partial ones): it is pending again. */
void
results_reset_cell(struct results *res, unsigned i)
{
	struct cell_result *r = &res->cells[i];

	results_cell_free(r);
	r->cell = res->plan.cells[i];
	r->status = CELL_PENDING;
}

/* Free what a cell result owns (series, rounds, attempts and theirs); r is left empty. */
void
results_cell_free(struct cell_result *r)
{
	unsigned k;

	free(r->series_ios);
	free(r->series_bytes);
	free(r->series_p99_ns);
	free(r->minute_p99_ns);
	for (k = 0; k < r->nrounds; k++)
		results_cell_free(&r->rounds[k]);
	free(r->rounds);
	for (k = 0; k < r->nattempts; k++)
		results_cell_free(&r->attempts[k]);
	free(r->attempts);
	memset(r, 0, sizeof *r);
}

/*
 * Which round cell r shows: the median of its ok rounds by IOPS (for an
 * even count the lower middle one), so that every figure shown is one
 * measured round's and BW = IOPS x bs holds for them as measured; the last
 * round when none is ok.
 */
static unsigned
round_median(const struct cell_result *r)
{
	unsigned k, m, n = 0, below;

	for (k = 0; k < r->nrounds; k++)
		n += r->rounds[k].status == CELL_OK;
	for (k = 0; k < r->nrounds && n > 0; k++) {
		if (r->rounds[k].status != CELL_OK)
			continue;
		/* k is the median when (n - 1) / 2 ok rounds sort before it (ties: round order). */
		for (m = 0, below = 0; m < r->nrounds; m++)
			if (m != k && r->rounds[m].status == CELL_OK &&
			    (r->rounds[m].iops < r->rounds[k].iops ||
			    (r->rounds[m].iops == r->rounds[k].iops && m < k)))
				below++;
		if (below == (n - 1) / 2)
			return k;
	}
	return r->nrounds - 1;
}

/*
 * A cell shown from an ok round says in its status_reason which of its
 * other rounds failed, so that the failure is not hidden behind the median.
 */
static void
round_failed_note(struct cell_result *c)
{
	unsigned k, nfailed = 0, first = 0;

	if (c->status != CELL_OK)
		return;
	for (k = 0; k < c->nrounds; k++)
		if (c->rounds[k].status == CELL_FAILED && nfailed++ == 0)
			first = k;
	if (nfailed > 0)
		snprintf(c->status_reason, sizeof c->status_reason, "%u of %u rounds failed (round "
		    "%u: %.*s); the figures are of the ok rounds", nfailed, c->nrounds, first + 1,
		    TEXT_CUT(c->rounds[first].status_reason, 100));
}

/*
 * Store round r of cell i (--repeat): the cell keeps it (r is left empty)
 * and shows its median round's figures, copied over its own.
 */
void
results_store_round(struct results *res, unsigned i, struct cell_result *r)
{
	struct cell_result *c = &res->cells[i], *shown;
	struct cell_result *rounds = c->rounds;
	unsigned nrounds = c->nrounds, k;

	rounds = xrealloc(rounds, (nrounds + 1) * sizeof *rounds);
	rounds[nrounds++] = *r;
	memset(r, 0, sizeof *r);
	free(c->series_ios);
	free(c->series_bytes);
	free(c->series_p99_ns);
	free(c->minute_p99_ns);
	c->rounds = rounds;
	c->nrounds = nrounds;
	k = round_median(c);
	shown = &c->rounds[k];
	*c = *shown;
	c->rounds = rounds;
	c->nrounds = nrounds;
	c->shown_round = k;
	round_failed_note(c);
	results_cell_own_series(c, shown);
}

/* A copy of n values of v, or NULL for NULL.  Caller frees. */
static uint64_t *
results_u64_dup(const uint64_t *v, unsigned n)
{
	uint64_t *c;

	if (v == NULL)
		return NULL;
	c = xcalloc(n, sizeof *c);
	memcpy(c, v, n * sizeof *c);
	return c;
}

/*
 * Give c, a copy of shown (a round or an attempt kept in c's list), its own
 * copy of shown's per-second series: the list and the cell are freed apart.
 */
void
results_cell_own_series(struct cell_result *c, const struct cell_result *shown)
{
	unsigned n = shown->nseries ? shown->nseries : 1;

	c->series_ios = xcalloc(n, sizeof *c->series_ios);
	c->series_bytes = xcalloc(n, sizeof *c->series_bytes);
	if (shown->nseries > 0) {
		memcpy(c->series_ios, shown->series_ios, shown->nseries * sizeof *c->series_ios);
		memcpy(c->series_bytes, shown->series_bytes, shown->nseries * sizeof *c->series_bytes);
	}
	c->series_p99_ns = results_u64_dup(shown->series_p99_ns, n);
	c->minute_p99_ns = results_u64_dup(shown->minute_p99_ns,
	    shown->nminutes ? shown->nminutes : 1);
}

static const char *const verdict_names[] = {
	[STABILITY_UNKNOWN] = "unknown",
	[STABILITY_STEADY]  = "steady",
	[STABILITY_NOISY]   = "noisy",
	[STABILITY_STALLED] = "stalled",
};

/* "unknown", "steady", "noisy", "stalled". */
const char *
results_stability_name(enum stability_verdict v)
{
	return (unsigned)v < sizeof verdict_names / sizeof verdict_names[0] ? verdict_names[v] :
	    "?";
}

/* Noisy or stalled: figures from the cell are marked in the reports. */
bool
results_stability_suspect(const struct stability *s)
{
	return s->verdict == STABILITY_NOISY || s->verdict == STABILITY_STALLED;
}

/* Cell runs done: every round of every cell (a cell without rounds counts once). */
unsigned
results_rounds_done(const struct results *res)
{
	unsigned i, n = 0;

	for (i = 0; i < res->plan.ncells; i++)
		n += res->cells[i].nrounds > 0 ? res->cells[i].nrounds :
		    res->cells[i].status != CELL_PENDING;
	return n;
}

/* The volume's provisioned caps the reports measure against; NULL or unset: none. */
void
results_set_expect(struct results *res, const struct expect *e)
{
	if (e != NULL && e->set)
		res->expect = *e;
	else
		memset(&res->expect, 0, sizeof res->expect);
}

void
results_free(struct results *res)
{
	unsigned i;

	/* with the open-loop cells a comparison moved after the plan's (results_drop_open) */
	if (res->cells != NULL)
		for (i = 0; i < res->plan.ncells + res->nopen; i++)
			results_cell_free(&res->cells[i]);
	free(res->cells);
	free(res->plan.cells);
	free(res->target.path);	/* the record's copy of the target (io/target.c's target_free) */
	free(res->target.name);
	results_auto_free(&res->autoplan);
	memset(res, 0, sizeof *res);
}

/* Record a warning in the results (shown in every report) and print it. */
void
results_warn(struct results *res, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (msg == NULL)
		return;
	sweep_warn("%s", msg);
	if (res->nwarnings < sizeof res->warnings / sizeof res->warnings[0])
		text_clean(res->warnings[res->nwarnings++], sizeof res->warnings[0], msg);
	free(msg);
}

/*
 * BW = IOPS x bs three ways.  derived (IOPS x bs) and measured (bytes /
 * time) differ only when I/Os moved fewer bytes than bs (short I/O); the
 * device leg (device bytes / time) catches what the application cannot see:
 * reads served from a cache or from unwritten extents (device too low),
 * other traffic, metadata or read-modify-write (device too high).
 */
void
bw_check_compute(struct cell_result *r)
{
	struct bw_check *k = &r->check;
	size_t used = 0;

	memset(k, 0, sizeof *k);
	k->derived = r->iops * (double)r->cell.bs;
	k->measured = r->runtime_ns ? (double)r->bytes * 1e9 / (double)r->runtime_ns :
	    results_cell_rates_only(r) ? r->bw_bytes_s : 0;
	k->device = r->dev.valid ? r->dev.bw_bytes_s : -1;
	k->ok = true;
	if (k->measured <= 0) {
		k->ok = false;
		snprintf(k->reason, sizeof k->reason, "no bytes moved");
		return;
	}
	k->diff_derived = (k->derived - k->measured) / k->measured;
	k->diff_device = k->device >= 0 ? (k->device - k->measured) / k->measured : 0;
	if (fabs(k->diff_derived) > BW_CHECK_DERIVED_TOL) {
		k->ok = false;
		if (r->short_ios > 0)
			used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
			    "short I/O: %llu I/Os moved fewer bytes than bs; ",
			    (unsigned long long)r->short_ios);
		else
			used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
			    "IOPS x bs differs from bytes moved; ");
	}
	if (k->device >= 0 && k->diff_device < -BW_CHECK_DEVICE_TOL) {
		k->ok = false;
		used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
		    "device moved %.0f%% less: cache (page cache, buffered loop device) or "
		    "unwritten extents; ", -k->diff_device * 100);
	} else if (k->device >= 0 && k->diff_device > BW_CHECK_DEVICE_TOL) {
		k->ok = false;
		used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
		    "device moved %.0f%% more: other I/O on the device, filesystem metadata, "
		    "or read-modify-write; ", k->diff_device * 100);
	} else if (k->device >= 0 && r->iops > 0 &&
	    fabs(r->dev.iops - r->iops) / r->iops > BW_CHECK_DEVICE_TOL) {
		used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
		    "bytes agree; device IOPS %.0f vs %.0f: requests %s; ", r->dev.iops, r->iops,
		    r->dev.iops < r->iops ? "merged" : "split");
	}
	if (k->device < 0)
		used += (size_t)snprintf(k->reason + used, sizeof k->reason - used,
		    "no device counters for this target; ");
	if (used >= 2 && used < sizeof k->reason)
		k->reason[used - 2] = '\0';
	else if (used == 0)
		snprintf(k->reason, sizeof k->reason, "ok");
}

/*
 * Read the input file of an import whole into *text (NUL-terminated; caller
 * frees): a regular file of at most max bytes with no NUL byte.  Otherwise
 * prints "WHAT PATH: why" (hint says what to give; binary_hint, after a NUL
 * byte) and returns -errno, -EINVAL or -EIO.
 */
int
results_read_input(const char *what, const char *path, uint64_t max, const char *hint,
    const char *binary_hint, char **text, size_t *len)
{
	const char *why;
	FILE *f = input_fopen(path, &why);
	struct stat st;
	char size[32];
	int err;

	*text = NULL;
	if (f == NULL) {
		err = -errno;
		sweep_error("%s %s: %s (%s)", what, path, why, hint);
		return err;
	}
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > max) {
		sweep_error("%s %s: not a regular file of at most %s", what, path,
		    size_human(max, size, sizeof size));
		fclose(f);
		return -EINVAL;
	}
	*text = xmalloc((size_t)st.st_size + 1);
	*len = fread(*text, 1, (size_t)st.st_size, f);
	err = ferror(f) ? -EIO : 0;
	fclose(f);
	(*text)[*len] = '\0';
	if (err != 0)
		sweep_error("%s %s: read failed", what, path);
	else if (strlen(*text) != *len) {
		sweep_error("%s %s: binary data (a NUL byte); %s", what, path, binary_hint);
		err = -EINVAL;
	}
	if (err != 0) {
		free(*text);
		*text = NULL;
	}
	return err;
}

/* The name of the file at path without its folder and extension: an import's default label. */
const char *
results_stem(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');
	char *dot;

	str_copy(buf, len, slash != NULL ? slash + 1 : path);
	if ((dot = strrchr(buf, '.')) != NULL && dot != buf)
		*dot = '\0';
	return buf;
}
