/* libFuzzer harness: the sweep-file parser, then the plan it yields. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"
#include "plan/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config cfg;
	struct plan p;
	char *text = malloc(size + 1);

	sweep_error_silent = 1;
	memcpy(text, data, size);
	text[size] = '\0';
	config_init(&cfg);
	if (options_parse_sweep(&cfg, "fuzz.json", text, size) == 0) {
		options_finish(&cfg, size % 2);
		if (options_plan_build(&p, &cfg) == 0)
			plan_duration_ns(&p);
		plan_free(&p);
	}
	config_free(&cfg);
	free(text);
	return 0;
}
