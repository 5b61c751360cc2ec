/* libFuzzer harness: sizes, lists, ranges and mode lists. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), buf[64];
	struct num_list l;
	struct group g;
	uint64_t v;

	memcpy(s, data, size);
	s[size] = '\0';
	if (parse_size(s, &v) == 0)
		size_short(v, buf, sizeof buf);
	parse_uint(s, 1, 4096, &v);
	parse_size_list(s, &l);
	parse_uint_list(s, 1, 4096, &l);
	parse_mode_list(s, &g);
	edit_distance(s, "depth");
	free(s);
	return 0;
}
