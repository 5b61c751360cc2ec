/*
 * Where sweep's data (templates/, sweeps/, sweeps/profiles/) is.  Below the
 * command line on purpose: options, profiles and the chart writer all need
 * it, and none of them should call up into the CLI for it.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"

#ifndef ABS_SRCDIR
#define ABS_SRCDIR "."
#endif
#ifndef ABS_BUILDDIR
#define ABS_BUILDDIR "."
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/sweep"
#endif

/*
 * Where templates/ and sweeps/ are: $SWEEP_DATADIR if set; the source tree
 * when this binary is the one in the build tree; BINDIR/../share/sweep
 * when it holds them (an install moved elsewhere, or made with DESTDIR);
 * else the configured pkgdatadir.
 */
const char *
datadir_path(void)
{
	static char dir[PATH_MAX];
	char exe[PATH_MAX];
	const char *env = getenv("SWEEP_DATADIR");
	ssize_t n;

	if (env != NULL && *env != '\0')
		return env;
	if (dir[0] != '\0')
		return dir;
	str_copy(dir, sizeof dir, PKGDATADIR);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			char *share = xasprintf("%s/../share/sweep", exe);
			char *probe = xasprintf("%s/sweeps", share);

			if (strcmp(exe, ABS_BUILDDIR "/src") == 0 ||
			    strcmp(exe, ABS_BUILDDIR "/src/.libs") == 0)
				str_copy(dir, sizeof dir, ABS_SRCDIR);
			else if (access(probe, F_OK) == 0 && realpath(share, exe) != NULL)
				str_copy(dir, sizeof dir, exe);
			free(share);
			free(probe);
		}
	}
	return dir;
}
