/* A minimal assertion kit for the C unit tests: count, report, exit 1 on any failure. */
#ifndef CHECK_H
#define CHECK_H

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

static inline int
check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failed);
	return check_failed ? 1 : 0;
}

#endif
