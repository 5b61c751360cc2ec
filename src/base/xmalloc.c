/* Allocation wrappers: a CLI tool that cannot allocate stops here, with a message. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"

static void
xmalloc_fail(size_t size)
{
	fprintf(stderr, "sweep: out of memory allocating %zu bytes\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		xmalloc_fail(size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		xmalloc_fail(n * size);
	return p;
}

void *
xrealloc(void *old, size_t size)
{
	void *p = realloc(old, size ? size : 1);

	if (p == NULL)
		xmalloc_fail(size);
	return p;
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		xmalloc_fail(strlen(s) + 1);
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char *p;

	if (vasprintf(&p, fmt, ap) < 0)
		xmalloc_fail(strlen(fmt));
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}
