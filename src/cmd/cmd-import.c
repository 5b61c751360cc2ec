/* sweep import FIO.json... | DIR | --csv TABLE.csv: results.json from numbers measured elsewhere. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "import/fio.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/profile.h"
#include "results/results.h"

static int cmd_import_exec(struct config *);

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.cmd = CMD_IMPORT,
	.usage = "sweep import FIO.json... | DIR | --csv TABLE.csv [OPTIONS]",
	.summary = "make results.json and reports from fio's JSON output or a table",
	.exec = cmd_import_exec
};

/* The --host one into dir, as a plain import.  Returns an exit code. */
static int
cmd_import_fleet_one(const struct fleet *f, struct results *res, const char *dir,
    unsigned mask, const char *gnuplot)
{
	const struct host *h = &f->hosts.h[0];
	struct report_opts opts = { .formats = mask, .gnuplot = gnuplot };
	int ret = report_save_all(res, dir, &opts) == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;

	if (ret == SWEEP_EXIT_OK)
		printf("Imported %u cells of %s port %d: %s/results.json\n", res->ndone, h->name,
		    h->port, dir);
	return ret;
}

/*
 * Every host of b into dir/HOST/, then the comparison across them
 * (hosts.csv and hosts.md); b's results move into it.  Returns an exit code.
 */
static int
cmd_import_fleet_all(const struct fleet *f, struct fleet_built *b, const char *dir,
    const char *label, unsigned mask, const char *gnuplot)
{
	struct compare_fleet fleet = { .label = label, .source = f->path, .hosts = &f->hosts,
	    .total = b->total };
	int ret = b->ret;

	if (b->plan == NULL) {
		if (ret == SWEEP_EXIT_OK)
			sweep_error("import %s: no host gave results; nothing written", f->path);
		return ret == SWEEP_EXIT_OK ? SWEEP_EXIT_FAILED : ret;
	}
	if ((cmd_hosts_save(dir, &fleet, b->res, 0, mask, gnuplot) > 0 || b->failed > 0) &&
	    ret == SWEEP_EXIT_OK)
		ret = SWEEP_EXIT_FAILED;
	return ret;
}

/*
 * fio client/server output of several hosts, or --host: their results
 * (import-fleet.c), written into DIR/HOST/ per host and hosts.md, or DIR
 * for --host, from the open f.  Returns an exit code.
 */
static int
cmd_import_fleet(struct config *cfg, struct fleet *f, const char *src, unsigned mask)
{
	const struct import_fleet_opts fo = { .label = cfg->label, .expect = cfg->expect,
	    .profile = cfg->profile };
	struct fleet_built b;
	char safe[128], comp[128], *dir;
	const char *base = strrchr(src, '/') != NULL ? strrchr(src, '/') + 1 : src, *what;
	size_t n;
	int ret, lock;

	/* the folder: from --label, else the file's name (the hosts' names are inside it) */
	str_copy(safe, sizeof safe, cfg->label != NULL ? cfg->label : base);
	n = strlen(safe);
	if (cfg->label == NULL && n > 5 && strcmp(safe + n - 5, ".json") == 0)
		safe[n - 5] = '\0';
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    xasprintf("reports/%s-imported", path_component(safe, comp, sizeof comp));
	what = cfg->out_dir != NULL ? "-o" : "default output";
	/* the folder lock: not into a folder a run (or a report) is writing */
	if (cmd_out_prepare(dir, what, false) != 0 || (lock = cmd_out_lock(dir, what)) < 0) {
		free(dir);
		return SWEEP_EXIT_USAGE;
	}
	import_fleet_build(f, &fo, &b);
	if (f->one)
		ret = b.ret != SWEEP_EXIT_OK ? b.ret :
		    cmd_import_fleet_one(f, &b.res[0], dir, mask, cfg->gnuplot);
	else
		ret = cmd_import_fleet_all(f, &b, dir, cfg->label, mask, cfg->gnuplot);
	import_fleet_built_free(f, &b);
	cmd_run_unlock(lock, dir);
	free(dir);
	return ret;
}

/*
 * fio JSON: a fleet of hosts (or --host) is written by cmd_import_fleet,
 * into *ret; otherwise its results, from the one parse of the file, into
 * res.  Returns 0 when res is filled, 1 when *ret is the exit code.
 */
static int
cmd_import_fio(struct config *cfg, const char *src, unsigned mask, struct results *res,
    int *ret)
{
	struct fleet f;
	int err;

	if (import_fleet_open(src, cfg->host, &f) != 0) {
		*ret = SWEEP_EXIT_USAGE;
		return 1;
	}
	if (f.one || f.hosts.n >= 2) {
		*ret = cmd_import_fleet(cfg, &f, src, mask);
		import_fleet_close(&f);
		return 1;
	}
	err = import_fleet_results(&f, cfg->label, res);
	import_fleet_close(&f);
	*ret = SWEEP_EXIT_USAGE;
	return err != 0;
}

/*
 * sweep import FIO.json [--host NAME[:PORT]] [--label L] [-o DIR]
 * sweep import FIO.json MORE.json | DIR ... [--label L] [-o DIR]: as one run
 * sweep import --csv TABLE.csv [--label L] [-o DIR]
 * Writes DIR/results.json and every report; DIR defaults to
 * reports/LABEL-imported.
 */
static int
cmd_import_exec(struct config *cfg)
{
	struct results res;
	struct expect expect;
	const char *src, *what;
	char *dir, *conclusions = NULL, safe[sizeof res.label];
	struct stat st;
	unsigned mask;
	int err, lock;
	bool many;

	if (cfg->csv != NULL && cfg->nargs == 0)
		src = cfg->csv;
	else if (cfg->csv == NULL && cfg->nargs >= 1)
		src = cfg->args[0];
	else {
		sweep_error("import: give fio JSON files or folders of them (sweep import FIO.json "
		    "[MORE.json | DIR ...]), or one --csv TABLE.csv");
		return SWEEP_EXIT_USAGE;
	}
	many = cfg->csv == NULL && (cfg->nargs > 1 || (stat(src, &st) == 0 && S_ISDIR(st.st_mode)));
	if (cmd_formats(cfg, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (cfg->host != NULL && cfg->csv != NULL) {
		sweep_error("--host %s: picks a host of fio client/server output, not of --csv",
		    cfg->host);
		return SWEEP_EXIT_USAGE;
	}
	if (many && cfg->host != NULL) {
		sweep_error("--host %s: picks a host of one client/server file; give that file alone",
		    cfg->host);
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->csv != NULL) {
		if (import_csv_file(src, cfg->label, &res) != 0)
			return SWEEP_EXIT_USAGE;
	} else if (many) {
		if (import_fio_many((const char *const *)cfg->args, (unsigned)cfg->nargs, cfg->label,
		    &res) != 0)
			return SWEEP_EXIT_USAGE;
	} else if (cmd_import_fio(cfg, src, mask, &res, &err) != 0)
		return err;
	if (profile_apply(cfg->expect, cfg->profile, &res.target, &expect) != 0) {
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	if (expect.set)
		res.expect = expect;
	/* the label may come from the imported file: untrusted in a path */
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    xasprintf("reports/%s-imported", path_component(res.label, safe, sizeof safe));
	what = cfg->out_dir != NULL ? "-o" : "default output";
	if (cmd_out_prepare(dir, what, false) != 0 || (lock = cmd_out_lock(dir, what)) < 0) {
		free(dir);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	err = report_save_all(&res, dir, &(struct report_opts){ .formats = mask,
	    .gnuplot = cfg->gnuplot, .conclusions = &conclusions });
	cmd_run_unlock(lock, dir);
	if (err == 0) {
		printf("Imported %u cells: %s/results.json\n", res.ndone, dir);
		report_terminal(stdout, conclusions, dir, mask);
	}
	free(conclusions);
	free(dir);
	results_free(&res);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
