/*
 * Every engine of this build declares what the run loop needs from it: its
 * capabilities and the calls its errors are reported against, its own and
 * nobody else's (an io_uring completion error is not "io_getevents").
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"

static bool
named(const char *s)
{
	return s != NULL && s[0] != '\0' && strlen(s) < sizeof ((struct job *)0)->err_syscall;
}

int
main(void)
{
	char *names = xstrdup(engine_names()), *save = NULL, *name;
	const struct engine_ops *e;
	unsigned n = 0;

	for (name = strtok_r(names, ", ", &save); name != NULL; name = strtok_r(NULL, ", ", &save)) {
		e = engine_find(name);
		CHECK(e != NULL, "engine_names() lists %s, engine_find does not know it", name);
		if (e == NULL)
			continue;
		n++;
		CHECK_STR(e->name, name);
		CHECK(e->init != NULL && e->submit != NULL && e->reap != NULL && e->cleanup != NULL,
		    "%s: an operation is missing", name);
		CHECK(named(e->err_read) && named(e->err_write) && named(e->err_stuck),
		    "%s: an error name is missing or longer than err_syscall", name);
		CHECK(strcmp(e->err_read, e->err_write) != 0, "%s: reads and writes fail alike", name);
		CHECK(strcmp(e->name, "libaio") == 0 || (strstr(e->err_read, "io_getevents") == NULL &&
		    strstr(e->err_write, "io_getevents") == NULL),
		    "%s: reports its errors as libaio's io_getevents", name);
	}
	CHECK(n >= 3, "only %u engines", n);

	e = engine_find("psync");
	CHECK(e != NULL && e->inflight_max == 1, "psync keeps one I/O in flight");
	CHECK(e != NULL && strcmp(e->err_read, "pread") == 0 && strcmp(e->err_write, "pwrite") == 0,
	    "psync: its errors are pread's and pwrite's");
	e = engine_find("libaio");
	CHECK(e != NULL && e->inflight_max == 0 && e->moves_data, "libaio keeps --depth in flight");
	e = engine_find("null");
	CHECK(e != NULL && !e->moves_data, "null moves nothing: no device counters");
#ifdef HAVE_LIBURING
	e = engine_find("io_uring");
	CHECK(e != NULL && e->inflight_max == 0 && e->moves_data, "io_uring keeps --depth in flight");
	CHECK(e != NULL && strncmp(e->err_read, "io_uring", 8) == 0 &&
	    strncmp(e->err_write, "io_uring", 8) == 0, "io_uring: its errors name io_uring's call");
#endif
	CHECK(engine_find("bogus") == NULL, "an unknown engine was found");
	free(names);
	return check_done("unit-engine");
}
