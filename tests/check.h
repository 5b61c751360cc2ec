/* A minimal assertion kit for the C unit tests: count, report, exit 1 on any failure. */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_count, check_failed;

#define CHECK(cond, ...) do {						\
	check_count++;							\
	if (!(cond)) {							\
		check_failed++;						\
		fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
	}								\
} while (0)

#define CHECK_STR(a, b) CHECK(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

/*
 * xorshift64 for synthetic data: a fixed sequence, so a failure is
 * reproducible.  A test picks its sequence with *check_rng_state() = SEED
 * before the first draw.
 */
static inline uint64_t *
check_rng_state(void)
{
	static uint64_t state = 0x9E3779B97F4A7C15ULL;

	return &state;
}

/* A uniform draw in [0, 1). */
static inline double
check_rng_unit(void)
{
	uint64_t *s = check_rng_state();

	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / (double)(1ULL << 53);
}

static inline int
check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failed);
	return check_failed ? 1 : 0;
}

#endif
