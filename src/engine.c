/* The engine table: every I/O back end, by name. */
#include "config.h"

#include <string.h>

#include "sweep.h"

static const struct engine_ops *engines[] = {
	&engine_libaio,
	&engine_psync,
	&engine_null,
};

const struct engine_ops *
engine_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof engines / sizeof engines[0]; i++)
		if (strcmp(engines[i]->name, name) == 0)
			return engines[i];
	return NULL;
}
