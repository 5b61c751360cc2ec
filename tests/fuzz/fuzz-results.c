/* libFuzzer harness: the results.json loader; what loads must serialise again. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
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
	if (results_from_json(text, &res, err, sizeof err) == 0) {
		char *again = results_to_json(&res);
		unsigned i;

		for (i = 0; i < res.plan.ncells; i++)
			if (res.cells[i].status != CELL_PENDING)
				bw_check_compute(&res.cells[i]);
		free(again);
		results_free(&res);
	}
	free(text);
	return 0;
}
