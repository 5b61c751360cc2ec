/* The engine table: every I/O back end, by name. */
#include "config.h"

#include <string.h>

#include "base/sweep.h"
#include "io/engine.h"

static const struct engine_ops *engines[] = {
	&engine_libaio,
	&engine_psync,
	&engine_null,
#ifdef HAVE_LIBURING
	&engine_io_uring,
#endif
};
#define ENGINES_COUNT (sizeof engines / sizeof engines[0])

const struct engine_ops *
engine_find(const char *name)
{
	size_t i;

	for (i = 0; i < ENGINES_COUNT; i++)
		if (strcmp(engines[i]->name, name) == 0)
			return engines[i];
	return NULL;
}

/* "libaio, psync, null[, io_uring]": the engines this build has. */
const char *
engine_names(void)
{
	static char names[128];
	size_t i, used = 0;

	if (names[0] != '\0')
		return names;
	for (i = 0; i < ENGINES_COUNT; i++)
		used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
		    engines[i]->name);
	return names;
}
