/*
 * What the commands share: the output folder, results.json with the
 * reports beside it, and the target and plan that run and plan set up.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "io/target.h"
#include "loop/auto.h"
#include "options/options.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/profile.h"

static int cmd_out_check_links(const char *dir, const char *input);

/*
 * Create the output folder; with probe, also prove it is writable before
 * any I/O.  input names where dir came from ("-o", "--out", "default
 * output").  Prints one line and returns -errno on failure.
 */
int
cmd_out_prepare(const char *dir, const char *input, bool probe)
{
	char *path;
	int err = mkdir_p(dir), fd;

	if (err != 0) {
		sweep_error("%s %s: cannot create the output directory: %s", input, dir, strerror(-err));
		return err;
	}
	if (!probe)
		return 0;
	path = xasprintf("%s/.sweep-write-test.%ld", dir, (long)getpid());
	fd = file_create(path);
	if (fd < 0 || close(fd) != 0) {
		err = fd < 0 ? fd : -errno;
		sweep_error("%s %s: output directory is not writable: %s", input, dir, strerror(-err));
	} else
		unlink(path);
	free(path);
	return err;
}

/*
 * Would cmd_out_prepare(dir, input, true) refuse dir?  Found without
 * creating anything: the first missing folder of dir needs a writable
 * parent, an existing dir must be a writable folder.  The same line and
 * -errno as cmd_out_prepare, or 0.  *exists says whether dir is there.
 */
static int
cmd_out_preview_dir(const char *dir, const char *input, bool *exists)
{
	char *copy = xstrdup(dir), *p, *parent, *slash, c;
	struct stat st;
	int err = 0;

	*exists = true;
	for (p = copy + 1; err == 0 && *exists; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (stat(copy, &st) != 0 && errno == ENOENT) {
			/* mkdir here, and below it in the folder it made. */
			slash = strrchr(copy, '/');
			parent = slash == NULL ? xstrdup(".") : slash == copy ? xstrdup("/") :
			    xasprintf("%.*s", (int)(slash - copy), copy);
			if (access(parent, W_OK | X_OK) != 0)
				err = -errno;
			free(parent);
			*exists = false;
		} else if (stat(copy, &st) != 0)
			err = -errno;
		else if (c == '\0' && !S_ISDIR(st.st_mode))
			err = -ENOTDIR;
		if ((*p = c) == '\0')
			break;
	}
	free(copy);
	if (err != 0)
		sweep_error("%s %s: cannot create the output directory: %s", input, dir, strerror(-err));
	else if (*exists && access(dir, W_OK | X_OK) != 0) {
		err = -errno;
		sweep_error("%s %s: output directory is not writable: %s", input, dir, strerror(-err));
	}
	return err;
}

/*
 * plan: the refusals of run's output folder (out_dir, or NULL for the
 * default folder of label), found without creating or locking anything.
 * -errno after run's line, or 0.
 */
int
cmd_out_preview(const char *out_dir, const char *label)
{
	char *dir = out_dir != NULL ? xstrdup(out_dir) : cmd_out_default(label);
	bool exists;
	int err;

	err = cmd_out_preview_dir(dir, out_dir != NULL ? "--out" : "default output", &exists);
	if (err == 0 && exists)
		err = cmd_out_check_links(dir, out_dir != NULL ? "--out" : "output folder");
	free(dir);
	return err;
}

/* reports/LABEL-YYYYmmdd-HHMMSS.  Caller frees. */
char *
cmd_out_default(const char *label)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	return xasprintf("reports/%s-%s", label, stamp);
}

/* --formats into a mask (REPORT_DEFAULT without it); -EINVAL after one line. */
int
cmd_formats(const struct config *cfg, unsigned *mask)
{
	*mask = REPORT_DEFAULT;
	if (cfg->formats != NULL)
		return report_parse_formats(cfg->formats, mask);
	return 0;
}

/*
 * --hold: the cell's defaults where no --modes, --bs or --depth (nor a
 * sweep file's) gives them: randread 16k at depth 32, deep enough that a
 * throttled volume's cap, not the host, sets the rate.
 */
static void
cmd_hold_defaults(struct config *cfg)
{
	unsigned set = cfg->cli_set | cfg->base_set, i;

	for (i = 0; i < cfg->ngroups; i++)
		set |= cfg->group_set[i];
	if (!(set & CFG_SET_MODES)) {
		parse_mode_list("randread", &cfg->cli);
		cfg->cli_set |= CFG_SET_MODES;
	}
	if (!(set & CFG_SET_BS)) {
		parse_size_list("16k", &cfg->cli.bs);
		cfg->cli_set |= CFG_SET_BS;
	}
	if (!(set & CFG_SET_DEPTH)) {
		parse_uint_list("32", 1, 32, &cfg->cli.depth);
		cfg->cli_set |= CFG_SET_DEPTH;
	}
}

/* --hold: what it does not go with; -EINVAL after one line. */
static int
cmd_hold_conflicts(const struct config *cfg)
{
	const char *with = cfg->auto_plan ? "--auto" : cfg->repeat > 1 ? "--repeat" :
	    cfg->rounds_until_steady > 0 ? "--rounds-until-steady" : cfg->retry_unstable > 0 ?
	    "--retry-unstable" : cfg->resume != NULL ? "--resume" : cfg->hosts != NULL ||
	    cfg->hosts_file != NULL ? "--hosts" : options_given(cfg, "runtime") ? "--runtime" :
	    options_given(cfg, "steady") ? "--steady" : cfg->rate != NULL ? "--rate" : NULL;

	if (with == NULL)
		return 0;
	sweep_error("--hold with %s: a hold runs one cell once, for the duration given, with "
	    "steady state off; give one of them", with);
	return -EINVAL;
}

/* --hold: the plan is one cell; -EINVAL after one line naming the lists that are longer. */
static int
cmd_hold_plan(const struct config *cfg, struct plan *p)
{
	if (p->ncells != 1) {
		sweep_error("--hold runs one cell: give one mode, one block size, one depth and one "
		    "job count (the plan has %u cells)", p->ncells);
		return -EINVAL;
	}
	p->hold_s = cfg->hold_s;
	p->runtime_s = cfg->hold_s;
	p->steady_pct = 0;
	return 0;
}

/*
 * --hold, before the target is opened (which may lay a file out): what it
 * does not go with, and whether the options make one cell, on a copy of
 * cfg (a hold's cell is the same on a file or a device).  -EINVAL after
 * one line.
 */
int
cmd_hold_check(const struct config *cfg)
{
	struct config *c;
	struct plan p;
	int ret = -EINVAL;

	if (cfg->hold_s == 0)
		return 0;
	if (cmd_hold_conflicts(cfg) != 0)
		return -EINVAL;
	c = xmalloc(sizeof *c);
	*c = *cfg;
	cmd_hold_defaults(c);
	options_finish(c, false);
	memset(&p, 0, sizeof p);
	if (options_plan_build(&p, c) != 0)
		sweep_error("the plan has no cells");
	else
		ret = cmd_hold_plan(c, &p);
	plan_free(&p);
	free(c);
	return ret;
}

/* Settle the matrix and build the plan; "the plan has no cells" when empty. */
int
cmd_plan_build(struct config *cfg, bool is_device, struct plan *p)
{
	if (cfg->hold_s > 0)
		cmd_hold_defaults(cfg);
	options_finish(cfg, is_device);
	if (cfg->rounds_until_steady > 0 && cfg->repeat > 1) {
		sweep_error("--repeat %u with --rounds-until-steady %u: give one (the most rounds "
		    "is --rounds-until-steady's MAX)", cfg->repeat, cfg->rounds_until_steady);
		return -EINVAL;
	}
	if (cfg->retry_unstable > 0 && (cfg->repeat > 1 || cfg->rounds_until_steady > 0)) {
		sweep_error("--retry-unstable %u: not with %s (the rounds' spread is what shows an "
		    "unsteady cell; re-running its bad rounds would hide it)", cfg->retry_unstable,
		    cfg->repeat > 1 ? "--repeat" : "--rounds-until-steady");
		return -EINVAL;
	}
	if (options_plan_build(p, cfg) != 0) {
		sweep_error("the plan has no cells");
		return -EINVAL;
	}
	if (cfg->hold_s > 0 && cmd_hold_plan(cfg, p) != 0) {
		plan_free(p);
		return -EINVAL;
	}
	return 0;
}

/* run and plan take no positional words; -EINVAL after one line. */
int
cmd_no_args(const struct config *cfg)
{
	if (cfg->nargs > 0) {
		sweep_error("%s: unexpected argument (options start with --; see sweep --help)",
		    cfg->args[0]);
		return -EINVAL;
	}
	return 0;
}

/*
 * run and plan: open the target (create: a run lays a file out) and build
 * the plan for it.  On failure nothing is left to free and the exit code
 * is returned.
 */
/* The options the target layer reads, from cfg. */
static void
cmd_target_opts(const struct config *cfg, struct target_opts *o)
{
	*o = (struct target_opts){
		.device = cfg->device,
		.file = cfg->file,
		.size = cfg->size,
		.size_set = cfg->size_set,
		.keep = cfg->keep,
		.destructive = cfg->destructive,
		.force = cfg->force,
		.precondition = cfg->precondition,
	};
}

int
cmd_target_open(struct config *cfg, bool create, struct target *t, struct plan *p)
{
	struct target_opts o;

	cmd_target_opts(cfg, &o);
	if (target_open(t, &o, create) != 0)
		return SWEEP_EXIT_USAGE;
	if (cmd_plan_build(cfg, t->kind == TARGET_DEVICE, p) != 0) {
		target_free(t);
		return SWEEP_EXIT_USAGE;
	}
	p->size = t->size;
	return 0;
}

/*
 * run and plan: the plan fits the target (and may write it, for a run); the
 * expectation.  -EINVAL after one line; -EINTR, -ETIMEDOUT or -EIO when a
 * probe of the target was interrupted, stuck in a stalled device or lost
 * (said too).
 */
int
cmd_target_check(struct config *cfg, struct target *t, struct plan *p, bool writes,
    struct expect *expect)
{
	struct target_opts o;
	int err;

	if (target_check_plan(t, p) != 0)
		return -EINVAL;
	cmd_target_opts(cfg, &o);
	if (writes && (err = target_check_writes(t, &o, p)) != 0)
		return err == -EINTR || err == -ETIMEDOUT || err == -EIO ? err : -EINVAL;
	return profile_apply(cfg->expect, cfg->profile, t, expect);
}

/*
 * The exit code of a failed cmd_target_check, the same for run and plan:
 * a probe of the target interrupted, stuck in a stalled device or lost
 * (said), else a refusal.
 */
int
cmd_target_check_exit(int err)
{
	if (err == -EINTR)
		return SWEEP_EXIT_INTERRUPTED;
	if (err == -ETIMEDOUT || err == -EIO)
		return SWEEP_EXIT_FAILED;
	return SWEEP_EXIT_USAGE;
}

/*
 * What plan p writes over the data on t that cmd_target_check let
 * --destructive write (a write mode, --precondition, or laying out a
 * file that is not sweep's): its name, or NULL when it destroys nothing.
 */
static const char *
cmd_target_destroyer(const struct config *cfg, const struct target *t, const struct plan *p)
{
	const char *writer = plan_writer(p);

	if (!cfg->destructive)
		return NULL;
	if (t->kind == TARGET_DEVICE)
		return writer != NULL ? writer : cfg->precondition ? "--precondition" : NULL;
	if (!t->has_data || t->as_is || (!t->foreign && t->signature[0] == '\0'))
		return NULL;
	if (writer != NULL)
		return writer;
	return target_file_needs_layout(t->path, t->size) == 1 ? "the layout" : NULL;
}

/*
 * The warning line of a --destructive plan that destroys data: the target,
 * its size and what the signature probe found on it.  Nothing otherwise.
 */
void
cmd_target_warn_destroys(FILE *f, const struct config *cfg, const struct target *t,
    const struct plan *p)
{
	const char *what = cmd_target_destroyer(cfg, t, p);
	char a[32], b[32];

	if (what == NULL)
		return;
	fprintf(f, "Warning: --destructive: %s writes to %s (%s, %s) and destroys the data in its "
	    "first %s; on it: %s\n", what, t->path, t->kind == TARGET_DEVICE ? "block device" :
	    "file", size_human(t->total_size, a, sizeof a), size_human(t->size, b, sizeof b),
	    t->signature[0] != '\0' ? t->signature : "no signature found");
}

/* The PID of a NAME.tmp.PID file (tmp + rename), or 0 for another name. */
static long
cmd_out_tmp_pid(const char *name)
{
	const char *tail = strstr(name, ".tmp."), *p;

	if (tail == NULL || tail == name || tail[5] == '\0')
		return 0;
	for (p = tail + 5; *p != '\0' && isdigit((unsigned char)*p); p++)
		;
	return *p == '\0' ? strtol(tail + 5, NULL, 10) : 0;
}

/*
 * Is name one that sweep opens for writing in a folder (not one it renames
 * over, which replaces a link and writes nothing through it)?  The
 * temporaries NAME.tmp.PID, gnuplot's .tmp-CHART.EXT and .CHART.gnuplot.log,
 * the write test and run --hosts' fio files.
 */
static bool
cmd_out_opened_name(const char *name)
{
	size_t n = strlen(name);

	return cmd_out_tmp_pid(name) > 0 || strncmp(name, ".tmp-", 5) == 0 ||
	    (name[0] == '.' && n > 12 && strcmp(name + n - 12, ".gnuplot.log") == 0) ||
	    strncmp(name, ".sweep-write-test.", 18) == 0 || strcmp(name, "fio-client.log") == 0 ||
	    strcmp(name, "fio-output.json") == 0;
}

/*
 * A symbolic link in dir where sweep opens a file of its own: planted so
 * that sweep would write outside the folder.  Refused, with one line
 * naming input; -ELOOP.  Called with dir locked.
 */
static int
cmd_out_check_links(const char *dir, const char *input)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int err = 0;

	if (d == NULL)
		return 0;
	while (err == 0 && (e = readdir(d)) != NULL) {
		char *path;
		struct stat st;

		if (!cmd_out_opened_name(e->d_name))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
			sweep_error("%s %s: %s is a symbolic link where sweep writes a file of its own; "
			    "sweep writes nothing through a link (remove it)", input, dir, path);
			err = -ELOOP;
		}
		free(path);
	}
	closedir(d);
	return err;
}

/*
 * Remove the NAME.tmp.PID files (tmp + rename) that a killed run left in
 * dir: those whose PID is no longer a process.  Called with dir locked.
 */
static void
cmd_out_clean_stale(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		long pid = cmd_out_tmp_pid(e->d_name);

		if (pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
			char *path = xasprintf("%s/%s", dir, e->d_name);

			unlink(path);
			free(path);
		}
	}
	closedir(d);
}

/*
 * run: one run at a time on the output folder dir (DIR/.sweep.lock) and on
 * the target.  input names where dir came from.  Returns the folder lock's
 * descriptor for cmd_run_unlock (the target's is released by
 * target_cleanup), or -errno after one line: -EBUSY names the holder's PID.
 */
int
cmd_run_lock(const char *dir, const char *input, struct target *t)
{
	int fd = cmd_out_lock(dir, input), err;

	if (fd < 0)
		return fd;
	err = target_lock(t);
	if (err != 0) {
		cmd_run_unlock(fd, dir);
		fd = err;
	}
	return fd;
}

/*
 * One run at a time on the output folder dir alone (run --hosts, whose
 * targets are on other hosts): DIR/.sweep.lock, as cmd_run_lock takes it.
 */
int
cmd_out_lock(const char *dir, const char *input)
{
	char *path = xasprintf("%s/.sweep.lock", dir), *what = xasprintf("%s %s", input, dir);
	int fd = lock_take(path, what, true, true);

	free(what);
	if (fd >= 0 && cmd_out_check_links(dir, input) != 0) {
		lock_release(fd, path);
		fd = -ELOOP;
	} else if (fd >= 0)
		cmd_out_clean_stale(dir);
	free(path);
	return fd;
}

/* Release the folder lock from cmd_run_lock. */
void
cmd_run_unlock(int fd, const char *dir)
{
	char *path = xasprintf("%s/.sweep.lock", dir);

	lock_release(fd, path);
	free(path);
}

/* OUT/HOST/ for one host's results: made, never through a link.  -errno after one line. */
static int
cmd_host_dir(const char *dir)
{
	struct stat st;
	int err = lstat(dir, &st) == 0 && S_ISLNK(st.st_mode) ? -ELOOP : mkdir_p(dir);

	if (err == -ELOOP)
		sweep_error("%s: a symbolic link where sweep writes the host's folder; sweep writes "
		    "nothing through a link (remove it)", dir);
	else if (err != 0)
		sweep_error("%s: cannot create the host's output directory: %s", dir, strerror(-err));
	return err;
}

/*
 * A fleet's results (one per host of fleet->hosts; cells NULL: none) into
 * OUT/HOST/, results.json and every report of mask, then moved into the
 * comparison across the hosts: OUT/hosts.md and hosts.csv.  planned: the
 * cells each host was to run (its line says "N of M cells"), 0 for an
 * import.  Returns how many folders and summaries were not written.
 */
int
cmd_hosts_save(const char *out, const struct compare_fleet *fleet, struct results *res,
    unsigned planned, unsigned mask, const char *gnuplot)
{
	const struct host_list *l = fleet->hosts;
	struct compare cmp;
	unsigned i;
	int failed = 0;

	for (i = 0; i < l->n; i++) {
		const struct host *h = &l->h[i];
		char *dir;

		if (res[i].cells == NULL)
			continue;
		dir = xasprintf("%s/%s", out, h->dir);
		if (cmd_host_dir(dir) != 0 || report_save_all(&res[i], dir,
		    &(struct report_opts){ .formats = mask, .gnuplot = gnuplot }) != 0)
			failed++;
		else if (planned > 0)
			printf("%s port %d: %u of %u cells: %s/results.json\n", h->name, h->port,
			    res[i].ndone, planned, dir);
		else
			printf("%s port %d: %u cells: %s/results.json\n", h->name, h->port,
			    res[i].ndone, dir);
		free(dir);
	}
	compare_fleet_build(&cmp, fleet, res);
	if (compare_fleet_write_all(&cmp, out) != 0)
		failed++;
	else
		printf("Across hosts: %s/hosts.md and %s/hosts.csv\n", out, out);
	compare_free(&cmp);
	return failed;
}

/*
 * What --auto takes from the options: whether a bs was given (the range it
 * explores), --ramp and --runtime, --budget and --like.  The knee's sentence is the caller's.
 */
void
cmd_auto_opts(const struct config *cfg, struct auto_opts *o)
{
	unsigned i;

	memset(o, 0, sizeof *o);
	for (i = 0; i < cfg->ngroups; i++)
		o->bs_given |= (cfg->group_set[i] & CFG_SET_BS) != 0;
	o->ramp_given = options_given(cfg, "ramp");
	o->runtime_given = options_given(cfg, "runtime");
	o->budget_s = cfg->budget_s;
	o->like = cfg->like;
}

/* Options that go with --auto only, and those that do not go with it; -EINVAL after one line. */
int
cmd_auto_check(const struct config *cfg)
{
	if (!cfg->auto_plan && cfg->budget_s != 0) {
		sweep_error("--budget: only with --auto (a plan of fixed cells takes what it takes; "
		    "sweep plan says how long)");
		return -EINVAL;
	}
	if (!cfg->auto_plan && cfg->like != NULL) {
		sweep_error("--like %s: only with --auto (sweep run --auto --like DIR measures the "
		    "cells of the run in DIR)", cfg->like);
		return -EINVAL;
	}
	if (cfg->like != NULL && cfg->out_dir != NULL && path_same_dir(cfg->like, cfg->out_dir)) {
		sweep_error("--like %s -o %s: the run would overwrite the run it copies; give -o a "
		    "new folder", cfg->like, cfg->out_dir);
		return -EINVAL;
	}
	if (cfg->like != NULL && cfg->budget_s != 0) {
		sweep_error("--budget with --like %s: every cell of the run there is measured; "
		    "give one of them", cfg->like);
		return -EINVAL;
	}
	if (cfg->auto_plan && (cfg->repeat > 1 || cfg->rounds_until_steady > 0)) {
		sweep_error("--auto: not with --repeat or --rounds-until-steady (it chooses each cell "
		    "from the ones before)");
		return -EINVAL;
	}
	if (cfg->auto_plan && (cfg->hosts != NULL || cfg->hosts_file != NULL)) {
		sweep_error("--auto: not with --hosts or --hosts-file (fio's client/server mode "
		    "runs a fixed plan)");
		return -EINVAL;
	}
	if (cfg->rate != NULL && (cfg->like != NULL || cfg->hosts != NULL ||
	    cfg->hosts_file != NULL)) {
		sweep_error("--rate %s: not with %s (%s)", cfg->rate, cfg->like != NULL ? "--like" :
		    "--hosts", cfg->like != NULL ? "--like measures the closed-loop cells of the "
		    "run it names again, for sweep compare" : "fio's client/server mode runs closed-loop cells only");
		return -EINVAL;
	}
	if (cfg->rate == NULL && options_given(cfg, "arrivals")) {
		sweep_error("--arrivals %s: only with --rate (it says when an open-loop cell's I/Os "
		    "are due)", cfg->arrivals);
		return -EINVAL;
	}
	if (cfg->auto_plan && cfg->resume != NULL) {
		sweep_error("--auto with --resume %s: an --auto run keeps every cell it chose; start "
		    "a new one (with --like %s to measure the same cells)", cfg->resume, cfg->resume);
		return -EINVAL;
	}
	return 0;
}
