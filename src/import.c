#include "config.h"

/* `sweep import`: results.json from numbers measured elsewhere (fio JSON, a CSV table). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sweep.h"

/*
 * sweep import FIO.json [--label L] [-o DIR]
 * sweep import --csv TABLE.csv [--label L] [-o DIR]
 * Writes DIR/results.json and every report; DIR defaults to
 * reports/LABEL-imported.
 */
int
import_command(struct config *cfg)
{
	struct results res;
	struct expect expect;
	const char *src;
	char *dir, *json;
	unsigned mask = REPORT_DEFAULT;
	int err;

	if (cfg->csv != NULL && cfg->nargs == 0)
		src = cfg->csv;
	else if (cfg->csv == NULL && cfg->nargs == 1)
		src = cfg->args[0];
	else {
		sweep_error("import: give one fio JSON file (sweep import FIO.json) or --csv TABLE.csv");
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->formats != NULL && report_parse_formats(cfg->formats, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (cfg->csv != NULL)
		err = import_csv_file(src, cfg->label, &res);
	else
		err = import_fio_file(src, cfg->label, &res);
	if (err != 0)
		return SWEEP_EXIT_USAGE;
	if (profile_apply(cfg, &res.target, &expect) != 0) {
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	if (expect.set)
		res.expect = expect;
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) : xasprintf("reports/%s-imported", res.label);
	err = mkdir_p(dir);
	if (err != 0) {
		sweep_error("-o %s: cannot create the output directory: %s", dir, strerror(-err));
		free(dir);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	json = xasprintf("%s/results.json", dir);
	err = results_write_json(&res, json);
	if (err != 0)
		sweep_error("%s: %s", json, strerror(-err));
	else
		err = report_write_all(&res, dir, mask, cfg->gnuplot);
	if (err == 0)
		printf("Imported %u cells: %s\n", res.ndone, json);
	free(json);
	free(dir);
	results_free(&res);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
