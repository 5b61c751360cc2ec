/*
 * libFuzzer harness: the fio JSON importer as `sweep import FIO.json` runs
 * it (import_fleet_open, then each host's or the local results), then what
 * reads its results: the JSON round trip and the summary (knee, caps, burst
 * detection).  The importer reads a path, so each input goes through one
 * temporary file, rewritten in place.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "import/fio.h"
#include "render/report.h"
#include "results/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_fio_path[64];

/* What sweep writes, sweep must read; then the summary of it. */
static void
fuzz_fio_check(struct results *res)
{
	char *json = results_to_json(res), err[256];
	struct results back;
	struct summary sum;

	if (json == NULL || results_from_json(json, &back, err, sizeof err) != 0)
		abort();
	view_summary_build(&back, &sum);
	view_summary_free(&sum);
	results_free(&back);
	free(json);
	results_free(res);
}

static void
fuzz_fio_unlink(void)
{
	unlink(fuzz_fio_path);
}

/* The input into fuzz_fio_path; 0 when it is there whole. */
static int
fuzz_fio_write(const uint8_t *data, size_t size)
{
	FILE *f;
	size_t n;

	if (fuzz_fio_path[0] == '\0') {
		int fd;

		snprintf(fuzz_fio_path, sizeof fuzz_fio_path, "/tmp/fuzz-fio.XXXXXX");
		if ((fd = mkstemp(fuzz_fio_path)) < 0)
			abort();
		close(fd);
		atexit(fuzz_fio_unlink);
	}
	if ((f = fopen(fuzz_fio_path, "wb")) == NULL)
		abort();
	n = fwrite(data, 1, size, f);
	return fclose(f) != 0 || n != size ? -1 : 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results res;
	struct fleet f;
	unsigned i;

	sweep_error_silent = 1;
	if (fuzz_fio_write(data, size) != 0 || import_fleet_open(fuzz_fio_path, NULL, &f) != 0)
		return 0;
	if (f.hosts.n < 2) {
		if (import_fleet_results(&f, NULL, &res) == 0)
			fuzz_fio_check(&res);
	} else {
		for (i = 0; i < f.hosts.n; i++) {
			const struct host *h = &f.hosts.h[i];

			if (import_fio_results(f.root, f.path, h->name, h->port, h->dir, &res) == 0)
				fuzz_fio_check(&res);
		}
	}
	import_fleet_close(&f);
	return 0;
}
