/*
 * Clock reads counted, for tests only: an LD_PRELOAD interposer over
 * clock_gettime that counts the reads of CLOCK_MONOTONIC (the clock
 * now_ns() reads, util.c) and writes their number, at exit, to the file
 * SWEEP_CLOCK_COUNT names.  tests/per-io.sh divides it by the I/Os a run
 * made: the clock reads per I/O, whatever the machine's speed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static atomic_ulong reads;

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);

	if (real == NULL)
		real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
	if (id == CLOCK_MONOTONIC)
		atomic_fetch_add_explicit(&reads, 1, memory_order_relaxed);
	return real(id, ts);
}

/* The count, into $SWEEP_CLOCK_COUNT. */
__attribute__((destructor)) static void
clock_count_write(void)
{
	const char *path = getenv("SWEEP_CLOCK_COUNT");
	FILE *f;

	if (path == NULL || (f = fopen(path, "w")) == NULL)
		return;
	fprintf(f, "%lu\n", atomic_load(&reads));
	fclose(f);
}
