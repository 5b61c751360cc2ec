/*
 * libFuzzer harness: the table importer (import_csv_parse on a buffer),
 * then what reads its results: the JSON round trip, the summary (knee,
 * caps, burst detection) and a comparison of the table with itself.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "render/report.h"
#include "results/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results res;
	char *text = malloc(size + 1), err[256];

	sweep_error_silent = 1;
	memcpy(text, data, size);
	text[size] = '\0';
	if (import_csv_parse("fuzz.csv", text, size, NULL, &res) == 0) {
		char *json = results_to_json(&res);
		struct summary sum;
		struct compare cmp;
		unsigned k;

		view_summary_build(&res, &sum);
		view_summary_free(&sum);
		memset(&cmp, 0, sizeof cmp);
		cmp.runs = calloc(2, sizeof *cmp.runs);
		for (k = 0; json != NULL && k < 2; k++) {
			if (results_from_json(json, &cmp.runs[k].res, err, sizeof err) != 0)
				abort();	/* what sweep writes, sweep must read */
			cmp.runs[k].path = strdup("fuzz.csv");
			snprintf(cmp.runs[k].label, sizeof cmp.runs[k].label, "run%u", k);
			view_summary_build(&cmp.runs[k].res, &cmp.runs[k].sum);
			cmp.nruns++;
		}
		compare_build(&cmp);
		compare_free(&cmp);
		free(json);
		results_free(&res);
	}
	free(text);
	return 0;
}
