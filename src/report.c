#include "config.h"

/* The table of report writers, and `sweep report RESULTS.json`. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

struct report_writer {
	const char	*name;
	unsigned	 flag;
	const char	*file;
	int		(*write)(const struct results *, const char *);
};

static const struct report_writer writers[] = {
	{ "csv", REPORT_CSV, "results.csv", report_csv_write },
};
#define WRITERS_COUNT (sizeof writers / sizeof writers[0])

/* "csv,xlsx" into a mask; prints one line and returns -EINVAL on an unknown name. */
int
report_parse_formats(const char *list, unsigned *mask)
{
	char *copy = xstrdup(list), *item, *save = NULL;
	int err = 0;

	*mask = 0;
	for (item = strtok_r(copy, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < WRITERS_COUNT; i++)
			if (strcmp(item, writers[i].name) == 0)
				break;
		if (i == WRITERS_COUNT) {
			sweep_error("--formats %s: unknown format \"%s\"; formats are csv", list, item);
			err = -EINVAL;
			break;
		}
		*mask |= writers[i].flag;
	}
	free(copy);
	if (err == 0 && *mask == 0) {
		sweep_error("--formats %s: no format given; formats are csv", list);
		err = -EINVAL;
	}
	return err;
}

/* Write every format in mask into dir; the first error is returned, the rest still run. */
int
report_write_all(const struct results *res, const char *dir, unsigned mask, const char *gnuplot)
{
	size_t i;
	int first = 0;

	(void)gnuplot;
	for (i = 0; i < WRITERS_COUNT; i++) {
		char *path;
		int err;

		if (!(mask & writers[i].flag))
			continue;
		path = xasprintf("%s/%s", dir, writers[i].file);
		err = writers[i].write(res, path);
		if (err != 0) {
			sweep_error("%s: %s", path, strerror(-err));
			if (first == 0)
				first = err;
		}
		free(path);
	}
	return first;
}

/* sweep report RESULTS.json [-o DIR] [--formats LIST] [--gnuplot PATH] */
int
report_command(struct config *cfg)
{
	struct results res;
	unsigned mask = REPORT_DEFAULT;
	char *dir;
	int err;

	if (cfg->nargs != 1) {
		sweep_error("report: give one results.json (sweep report RESULTS.json [-o DIR])");
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->formats != NULL && report_parse_formats(cfg->formats, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	if (results_load(cfg->args[0], &res) != 0)
		return SWEEP_EXIT_USAGE;
	if (cfg->out_dir != NULL)
		dir = xstrdup(cfg->out_dir);
	else {
		char *slash;

		dir = xstrdup(cfg->args[0]);
		slash = strrchr(dir, '/');
		if (slash != NULL)
			*slash = '\0';
		else
			strcpy(dir, ".");
	}
	err = mkdir_p(dir);
	if (err != 0) {
		sweep_error("-o %s: cannot create the output directory: %s", dir, strerror(-err));
		free(dir);
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	err = report_write_all(&res, dir, mask, cfg->gnuplot);
	if (err == 0)
		printf("Reports: %s\n", dir);
	free(dir);
	results_free(&res);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
