/* sweep report RESULTS.json: write the reports again from a results.json. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/profile.h"
#include "results/results.h"

static int cmd_report_exec(struct config *);

const struct cmd_entry cmd_report_entry = {
	.name = "report",
	.cmd = CMD_REPORT,
	.usage = "sweep report RESULTS.json [OPTIONS]",
	.summary = "write the reports again from results.json",
	.exec = cmd_report_exec
};

/* The folder of a results.json, where its reports go without -o.  Caller frees. */
static char *
report_dir_of(const char *input)
{
	char *dir = xstrdup(input), *slash = strrchr(dir, '/');

	if (slash != NULL)
		*slash = '\0';
	else
		strcpy(dir, ".");
	if (dir[0] == '\0')
		strcpy(dir, "/");
	return dir;
}

/*
 * sweep report RESULTS.json [-o DIR] [--formats LIST] [--gnuplot PATH]
 * [--expect ...] [--profile NAME]; a run's folder stands for the
 * results.json in it.  With --expect or --profile the expectation is also
 * recorded in DIR/results.json, so that reports and comparisons made from
 * it later show it too.
 */
static int
cmd_report_exec(struct config *cfg)
{
	struct results res;
	unsigned mask;
	struct stat st;
	char *dir, *input, *card = NULL, *ticket = NULL;
	const char *what;
	bool expect = cfg->expect != NULL || cfg->profile != NULL;
	int err, lock;

	if (cfg->nargs != 1) {
		sweep_error("report: give one results.json (sweep report RESULTS.json [-o DIR] "
		    "[--formats LIST])");
		return SWEEP_EXIT_USAGE;
	}
	if (cmd_formats(cfg, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (stat(cfg->args[0], &st) == 0 && S_ISDIR(st.st_mode))
		input = xasprintf("%s/results.json", cfg->args[0]);
	else
		input = xstrdup(cfg->args[0]);
	if (analysis_results_load(input, &res) != 0) {
		free(input);
		return SWEEP_EXIT_USAGE;
	}
	if (expect && profile_apply(cfg->expect, cfg->profile, &res.target, &res.expect) != 0) {
		free(input);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) : report_dir_of(input);
	free(input);
	/* the folder lock: not into a folder a run is writing (nor another report) */
	what = cfg->out_dir != NULL ? "-o" : "output folder";
	if (cmd_out_prepare(dir, what, false) != 0 || (lock = cmd_out_lock(dir, what)) < 0) {
		free(dir);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	if (expect && res.expect.set) {
		err = report_save_all(&res, dir, &(struct report_opts){ .formats = mask,
		    .gnuplot = cfg->gnuplot, .card = &card, .ticket = cfg->ticket ? &ticket : NULL });
		if (err == 0)
			printf("Recorded the expectation in %s/results.json\n", dir);
	} else
		err = report_write_all(&res, dir, &(struct report_opts){ .formats = mask,
		    .gnuplot = cfg->gnuplot, .card = &card, .ticket = cfg->ticket ? &ticket : NULL });
	cmd_run_unlock(lock, dir);
	if (card != NULL)
		fputs(card, stdout);
	if (err == 0)
		printf("Reports: %s\n", dir);
	if (ticket != NULL)
		printf("\nTicket:\n%s", ticket);
	free(card);
	free(ticket);
	free(dir);
	results_free(&res);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
