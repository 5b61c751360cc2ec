/* sweep: the command line.  Only main() exits; everything below returns -errno. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "sweep.h"

static void
on_signal(int sig)
{
	(void)sig;
	if (sweep_interrupted) {
		/* Second signal: every output is temp file + rename, so nothing is half-written. */
		_exit(SWEEP_EXIT_INTERRUPTED);
	}
	sweep_interrupted = 1;
}

static void
signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* --sweep is read before the other options so that they override it. */
static int
load_sweep_first(struct config *cfg, int argc, char **argv, int first)
{
	int i;

	for (i = first; i < argc; i++) {
		const char *v = NULL;

		if (strcmp(argv[i], "--sweep") == 0 && i + 1 < argc)
			v = argv[i + 1];
		else if (strncmp(argv[i], "--sweep=", 8) == 0)
			v = argv[i] + 8;
		if (v != NULL)
			return options_load_sweep(cfg, v);
	}
	return 0;
}

/* Create the output directory and prove it is writable before any I/O. */
static int
out_dir_prepare(const char *dir, const char *input)
{
	char *probe;
	FILE *f;
	int err = mkdir_p(dir);

	if (err != 0) {
		sweep_error("%s %s: cannot create the output directory: %s", input, dir, strerror(-err));
		return err;
	}
	probe = xasprintf("%s/.sweep-write-test.%ld", dir, (long)getpid());
	f = fopen(probe, "we");
	if (f == NULL || fclose(f) != 0) {
		err = -errno;
		sweep_error("%s %s: output directory is not writable: %s", input, dir, strerror(errno));
	} else
		unlink(probe);
	free(probe);
	return err;
}

static char *
default_out_dir(const char *label)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	return xasprintf("reports/%s-%s", label, stamp);
}

static void
print_cell_line(FILE *f, const struct cell_result *r, unsigned k, unsigned n)
{
	char bs[32];

	fprintf(f, "[%u/%u] %-9s bs %-4s depth %-4u jobs %-3u ", k + 1, n, mode_name(r->cell.mode),
	    size_short(r->cell.bs, bs, sizeof bs), r->cell.depth, r->cell.jobs);
	if (r->status == CELL_SKIPPED || (r->status == CELL_FAILED && r->ios == 0)) {
		fprintf(f, "%s: %s\n", cell_status_name(r->status), r->status_reason);
		return;
	}
	fprintf(f, "%10.0f IOPS %9.1f MiB/s  p50 %8.1f us  p99 %9.1f us  check %s%s%s\n", r->iops,
	    r->bw_bytes_s / MIB, (double)r->lat_pct_ns[0] / 1e3, (double)r->lat_pct_ns[2] / 1e3,
	    r->check.ok ? "ok" : "MISMATCH", r->status == CELL_OK ? "" : "  ",
	    r->status == CELL_OK ? "" : r->status_reason);
}

static int
save_results(const struct results *res, const char *dir)
{
	char *json = xasprintf("%s/results.json", dir), *csv = xasprintf("%s/results.csv", dir);
	int err = results_write_json(res, json);

	if (err != 0)
		sweep_error("%s: %s", json, strerror(-err));
	else if ((err = report_csv_write(res, csv)) != 0)
		sweep_error("%s: %s", csv, strerror(-err));
	free(json);
	free(csv);
	return err;
}

/* Device checks before the first cell: precondition, or warn about a fresh volume. */
static int
run_device_checks(struct config *cfg, struct target *t, struct results *res)
{
	unsigned samples;

	if (t->kind != TARGET_DEVICE)
		return 0;
	if (cfg->precondition)
		return target_device_precondition(t, cfg->quiet);
	if (target_device_looks_fresh(t, &samples) == 1)
		results_warn(res, "%s looks freshly created: all %u sampled blocks are zero. "
		    "Some cloud volumes answer reads of never-written blocks without touching "
		    "storage, which inflates read results; --precondition --destructive writes "
		    "the region first", t->path, samples);
	return 0;
}

/*
 * --resume DIR: the target and plan come from DIR/results.json unless the
 * command line gives them again, in which case they must be the same.
 */
static int
resume_load(struct config *cfg, struct results *old)
{
	char *path = xasprintf("%s/results.json", cfg->resume);
	int err;

	if (access(path, F_OK) != 0) {
		sweep_error("--resume %s: no results.json there (give the output directory of an "
		    "interrupted run)", cfg->resume);
		free(path);
		return -EINVAL;
	}
	err = results_load(path, old);
	free(path);
	if (err != 0)
		return err;
	if (cfg->device == NULL && cfg->file == NULL) {
		if (old->target.kind == TARGET_DEVICE)
			cfg->device = xstrdup(old->target.path);
		else if (strcmp(old->target.path, "sweep.dat") != 0)
			cfg->file = xstrdup(old->target.path);
	}
	if (!cfg->size_set) {
		cfg->size = old->target.size;
		cfg->size_set = true;
	}
	if (cfg->label == NULL)
		cfg->label = xstrdup(old->label);
	return 0;
}

/* Refuse to resume onto another target or plan; adopt the stored plan otherwise. */
static int
resume_check(struct config *cfg, struct results *old, struct target *t, struct plan *p)
{
	char why[256];

	if (old->target.kind != t->kind || strcmp(old->target.path, t->path) != 0 ||
	    old->target.size != t->size) {
		char a[32], b[32];

		sweep_error("--resume %s: the run there used %s (%s), this one %s (%s); resume on "
		    "the same target", cfg->resume, old->target.path,
		    size_human(old->target.size, a, sizeof a), t->path, size_human(t->size, b, sizeof b));
		return -EINVAL;
	}
	if (cfg->plan_given > 0 && plan_compare(&old->plan, p, why, sizeof why) != 0) {
		sweep_error("--resume %s: the plan differs from the interrupted run's: %s",
		    cfg->resume, why);
		return -EINVAL;
	}
	plan_free(p);
	*p = old->plan;
	p->cells = xcalloc(old->plan.ncells, sizeof *p->cells);
	memcpy(p->cells, old->plan.cells, old->plan.ncells * sizeof *p->cells);
	return 0;
}

/* Run every pending cell; returns the exit code. */
static int
run_cells(struct config *cfg, struct target *t, struct plan *p, struct results *res,
    const char *out)
{
	unsigned i, failed = 0, k;

	for (i = 0; i < p->ncells; i++)
		if (res->cells[i].status == CELL_FAILED)
			failed++;
	run_progress_init(cfg->quiet, p);
	for (i = 0; i < p->ncells && !sweep_interrupted; i++) {
		struct cell_result *r = &res->cells[i];

		if (r->status != CELL_PENDING)
			continue;
		if (access(t->path, F_OK) != 0) {
			sweep_error("%s: the target vanished (%s); stopping after %u of %u cells",
			    t->path, strerror(errno), res->ndone, p->ncells);
			return SWEEP_EXIT_FAILED;
		}
		if (run_cell(t, p, &p->cells[i], r, i) == -ECANCELED)
			break;
		res->ndone++;
		print_cell_line(stdout, r, i, p->ncells);
		fflush(stdout);
		if (save_results(res, out) != 0) {
			sweep_error("stopping: the results cannot be saved; %s/results.json keeps the "
			    "cells measured before", out);
			return SWEEP_EXIT_FAILED;
		}
		if (r->status == CELL_FAILED) {
			failed++;
			if (cfg->stop_on_error) {
				sweep_error("stopping at the first failed cell (--stop-on-error): %s",
				    r->status_reason);
				break;
			}
		}
	}
	if (sweep_interrupted) {
		res->interrupted = true;
		for (k = 0; k < p->ncells; k++) {
			struct cell_result *r = &res->cells[k];

			/* Partial figures are dropped, never mixed with complete ones. */
			if (r->status == CELL_PARTIAL)
				results_reset_cell(res, k);
		}
		sweep_error("interrupted: kept %u of %u cells; sweep run --resume %s continues",
		    res->ndone, p->ncells, out);
	} else
		res->interrupted = false;
	if (save_results(res, out) != 0)
		return SWEEP_EXIT_FAILED;
	report_write_all(res, out, cfg->formats_mask, cfg->gnuplot);
	printf("Results: %s/results.json and reports in %s/ (%u of %u cells%s%s)\n", out, out,
	    res->ndone, p->ncells, failed ? ", some failed" : "",
	    res->interrupted ? ", interrupted" : "");
	if (sweep_interrupted)
		return SWEEP_EXIT_INTERRUPTED;
	return failed ? SWEEP_EXIT_FAILED : SWEEP_EXIT_OK;
}

static int
cmd_run(struct config *cfg, bool plan_only)
{
	struct target t;
	struct plan p;
	struct results res, old;
	struct expect expect;
	char *out = NULL;
	int ret = SWEEP_EXIT_USAGE;

	memset(&old, 0, sizeof old);
	memset(&res, 0, sizeof res);
	cfg->formats_mask = REPORT_DEFAULT;
	if (cfg->nargs > 0) {
		sweep_error("%s: unexpected argument (options start with --; see sweep --help)",
		    cfg->args[0]);
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->formats != NULL && report_parse_formats(cfg->formats, &cfg->formats_mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (!plan_only && (cfg->hosts != NULL || cfg->hosts_file != NULL))
		return hosts_command(cfg);
	if (cfg->resume != NULL && plan_only) {
		sweep_error("--resume %s: goes with sweep run", cfg->resume);
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->resume != NULL && resume_load(cfg, &old) != 0)
		return SWEEP_EXIT_USAGE;
	if (target_open(&t, cfg, !plan_only) != 0) {
		results_free(&old);
		return SWEEP_EXIT_USAGE;
	}
	options_finish(cfg, t.kind == TARGET_DEVICE);
	if (plan_build(&p, cfg) != 0) {
		sweep_error("the plan has no cells");
		target_free(&t);
		results_free(&old);
		return SWEEP_EXIT_USAGE;
	}
	p.size = t.size;
	if (cfg->resume != NULL && resume_check(cfg, &old, &t, &p) != 0)
		goto out_plan;
	if (target_check_plan(&t, &p) != 0)
		goto out_plan;
	if (!plan_only && target_device_check_writes(&t, cfg, &p) != 0)
		goto out_plan;
	if (profile_apply(cfg, &t, &expect) != 0)
		goto out_plan;
	if (plan_only) {
		plan_print(stdout, &p, &t, true);
		ret = SWEEP_EXIT_OK;
		if (cfg->fio_jobfile != NULL && fio_jobfile_write(&p, &t, cfg->fio_jobfile) != 0)
			ret = SWEEP_EXIT_USAGE;
		goto out_plan;
	}
	if (cfg->fio_jobfile != NULL) {
		sweep_error("--fio-jobfile %s: goes with sweep plan", cfg->fio_jobfile);
		goto out_plan;
	}

	if (cfg->resume != NULL)
		out = xstrdup(cfg->resume);
	else if (cfg->out_dir != NULL)
		out = xstrdup(cfg->out_dir);
	else
		out = default_out_dir(cfg->label != NULL ? cfg->label : t.name);
	if (out_dir_prepare(out, cfg->resume != NULL ? "--resume" : cfg->out_dir != NULL ?
	    "--out" : "default output") != 0)
		goto out_plan;

	plan_print(stdout, &p, &t, false);
	if (cfg->resume != NULL)
		printf("Resuming: %u of %u cells done\n", old.ndone, p.ncells);
	printf("Output: %s\n", out);
	fflush(stdout);
	signals_install();
	if (target_prepare(&t, cfg->quiet) != 0) {
		ret = sweep_interrupted ? SWEEP_EXIT_INTERRUPTED : SWEEP_EXIT_FAILED;
		target_cleanup(&t, cfg->keep);
		goto out_plan;
	}
	if (cfg->resume != NULL) {
		res = old;
		memset(&old, 0, sizeof old);
	} else
		results_create(&res, cfg->label, cfg->description, &t, &p);
	if (expect.set)
		results_set_expect(&res, &expect);
	if (t.devname[0] == '\0')
		results_warn(&res, "no block device under %s (%s): device counters and the device "
		    "leg of the BW check are unavailable", t.path, t.fs_type);
	if (t.loop_dio == 0)
		results_warn(&res, "%s is a buffered loop device (direct I/O off): its figures "
		    "mostly measure the host's page cache; use losetup --direct-io=on", t.path);
	if (run_device_checks(cfg, &t, &res) != 0)
		ret = sweep_interrupted ? SWEEP_EXIT_INTERRUPTED : SWEEP_EXIT_FAILED;
	else
		ret = run_cells(cfg, &t, &p, &res, out);
	target_cleanup(&t, cfg->keep);
	results_free(&res);
out_plan:
	results_free(&old);
	plan_free(&p);
	target_free(&t);
	free(out);
	return ret;
}

int
main(int argc, char **argv)
{
	struct config cfg;
	const char *cmd = "run";
	int first = 1, ret;

	if (argc > 1 && argv[1][0] != '-') {
		cmd = argv[1];
		first = 2;
		if (strcmp(cmd, "run") != 0 && strcmp(cmd, "plan") != 0 &&
		    strcmp(cmd, "report") != 0 && strcmp(cmd, "import") != 0 &&
		    strcmp(cmd, "compare") != 0) {
			sweep_error("%s: unknown command; commands are run, plan, report, import and "
			    "compare (see sweep --help)", cmd);
			return SWEEP_EXIT_USAGE;
		}
	}
	config_init(&cfg);
	if (load_sweep_first(&cfg, argc, argv, first) != 0) {
		config_free(&cfg);
		return SWEEP_EXIT_USAGE;
	}
	ret = options_parse_argv(&cfg, argc, argv, &first);
	if (ret == 1) {
		if (first == -1)
			options_usage(stdout);
		else
			printf("sweep %s\n", PACKAGE_VERSION);
		config_free(&cfg);
		return SWEEP_EXIT_OK;
	}
	if (ret != 0) {
		config_free(&cfg);
		return SWEEP_EXIT_USAGE;
	}
	if (strcmp(cmd, "report") == 0)
		ret = report_command(&cfg);
	else if (strcmp(cmd, "import") == 0)
		ret = import_command(&cfg);
	else if (strcmp(cmd, "compare") == 0)
		ret = compare_command(&cfg);
	else
		ret = cmd_run(&cfg, strcmp(cmd, "plan") == 0);
	config_free(&cfg);
	return ret;
}
