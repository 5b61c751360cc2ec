/* sweep import FIO.json | --csv TABLE.csv: results.json from numbers measured elsewhere. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sweep.h"

static const char *const cmd_import_options[] = {
	"csv", "host", "label", "out", "formats", "gnuplot", "expect", "profile", NULL
};

static int cmd_import_exec(struct config *);

const struct cmd_entry cmd_import_entry = {
	"import", "sweep import FIO.json | --csv TABLE.csv   results.json from fio or a table",
	cmd_import_options, cmd_import_exec
};

/*
 * fio client/server output of several hosts, or --host: DIR/HOST/ per host
 * and hosts.md (import-fleet.c).  Returns an exit code; -1 when the file is
 * not for it (the single-host import takes it).
 */
static int
cmd_import_fleet(struct config *cfg, const char *src, unsigned mask)
{
	struct fleet f;
	char safe[128], comp[128], *dir;
	const char *base = strrchr(src, '/') != NULL ? strrchr(src, '/') + 1 : src;
	size_t n;
	int ret = import_fleet_open(src, cfg->host, &f);

	if (ret < 0)
		return SWEEP_EXIT_USAGE;
	if (ret == 1 || (f.hosts.n < 2 && !f.one)) {
		if (ret == 0)
			import_fleet_close(&f);
		return -1;
	}
	/* the folder: from --label, else the file's name (the hosts' names are inside it) */
	str_copy(safe, sizeof safe, cfg->label != NULL ? cfg->label : base);
	n = strlen(safe);
	if (cfg->label == NULL && n > 5 && strcmp(safe + n - 5, ".json") == 0)
		safe[n - 5] = '\0';
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    xasprintf("reports/%s-imported", path_component(safe, comp, sizeof comp));
	ret = cmd_out_prepare(dir, "-o", false) != 0 ? SWEEP_EXIT_USAGE :
	    import_fleet_write(&f, dir, cfg->label, cfg->expect, cfg->profile, mask, cfg->gnuplot);
	free(dir);
	import_fleet_close(&f);
	return ret;
}

/*
 * sweep import FIO.json [--host NAME[:PORT]] [--label L] [-o DIR]
 * sweep import --csv TABLE.csv [--label L] [-o DIR]
 * Writes DIR/results.json and every report; DIR defaults to
 * reports/LABEL-imported.
 */
static int
cmd_import_exec(struct config *cfg)
{
	struct results res;
	struct expect expect;
	const char *src;
	char *dir, safe[sizeof res.label];
	unsigned mask;
	int err;

	if (cfg->csv != NULL && cfg->nargs == 0)
		src = cfg->csv;
	else if (cfg->csv == NULL && cfg->nargs == 1)
		src = cfg->args[0];
	else {
		sweep_error("import: give one fio JSON file (sweep import FIO.json) or --csv TABLE.csv");
		return SWEEP_EXIT_USAGE;
	}
	if (cmd_formats(cfg, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (cfg->host != NULL && cfg->csv != NULL) {
		sweep_error("--host %s: picks a host of fio client/server output, not of --csv",
		    cfg->host);
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->csv == NULL && (err = cmd_import_fleet(cfg, src, mask)) >= 0)
		return err;
	if (cfg->csv != NULL)
		err = import_csv_file(src, cfg->label, &res);
	else
		err = import_fio_file(src, cfg->label, &res);
	if (err != 0)
		return SWEEP_EXIT_USAGE;
	if (profile_apply(cfg->expect, cfg->profile, &res.target, &expect) != 0) {
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	if (expect.set)
		res.expect = expect;
	/* the label may come from the imported file: untrusted in a path */
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) :
	    xasprintf("reports/%s-imported", path_component(res.label, safe, sizeof safe));
	if (cmd_out_prepare(dir, "-o", false) != 0) {
		free(dir);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	err = report_save_all(&res, dir, mask, cfg->gnuplot);
	if (err == 0)
		printf("Imported %u cells: %s/results.json\n", res.ndone, dir);
	free(dir);
	results_free(&res);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
