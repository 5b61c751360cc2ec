/*
 * sweep import of fio's client/server JSON (fio --client=H1 ... --client=H2
 * ... --output-format=json): one result per host plus fio's "All clients"
 * aggregate.  Written the way run --hosts writes its own: DIR/HOST/ with
 * results.json and every report for each host, and DIR/hosts.csv and
 * hosts.md across them.  The aggregate is never a host.  --host NAME[:PORT]
 * imports that one host alone, into DIR.
 *
 * Host names come from the file, so they pass the same check as --hosts
 * (letters, digits, '.', '-', '_'; no leading '.') before any becomes a path.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "report.h"

#define FLEET_MAX	256	/* hosts read from one file */

/* By name, then port: fio lists hosts in the order they finished. */
static int
fleet_host_cmp(const void *a, const void *b)
{
	const struct host *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c != 0 ? c : (x->port > y->port) - (x->port < y->port);
}

/* The hosts of the file into l, sorted; one line and -EINVAL when one is not a host name. */
static int
fleet_hosts(const char *path, const cJSON *root, struct host_list *l)
{
	static char ids[FLEET_MAX][160];
	char *input = xasprintf("import %s: client_stats", path);
	unsigned n = import_fio_hosts(root, ids, FLEET_MAX), i;
	int err = 0;

	memset(l, 0, sizeof *l);
	if (n > FLEET_MAX) {
		sweep_error("import %s: %u hosts; at most %d in one file", path, n, FLEET_MAX);
		err = -EINVAL;
	}
	for (i = 0; err == 0 && i < n; i++) {
		/* "HOST:PORT"; an IPv6 address (fio --client=ip6:ADDR,PORT) as [ADDR]:PORT. */
		char *colon = strrchr(ids[i], ':');
		char *spec = colon != NULL && memchr(ids[i], ':', (size_t)(colon - ids[i])) != NULL ?
		    xasprintf("[%.*s]%s", (int)(colon - ids[i]), ids[i], colon) : xstrdup(ids[i]);

		err = hosts_add(l, spec, input);
		free(spec);
	}
	if (err == 0 && l->n > 1)
		qsort(l->h, l->n, sizeof *l->h, fleet_host_cmp);
	free(input);
	return err;
}

/*
 * --host NAME, NAME:PORT, [ADDR]:PORT or a bare IPv6 address: its index in
 * l, or -1 after one line (a port out of range, or the hosts there).
 */
static int
fleet_pick(const char *path, const struct host_list *l, const char *want)
{
	char list[512] = "", name[256];
	const char *colon = strrchr(want, ':'), *port = NULL;
	uint64_t v = 0;
	unsigned i;

	str_copy(name, sizeof name, want);
	if (want[0] == '[' && strchr(want, ']') != NULL) {
		const char *close = strchr(want, ']');

		name[close - want] = '\0';
		memmove(name, name + 1, strlen(name));
		port = close[1] == '\0' ? NULL : close + 1 + (close[1] == ':');
	} else if (colon != NULL) {
		for (i = 0; i < l->n; i++)	/* a bare IPv6 address: every port */
			if (strcmp(l->h[i].name, want) == 0)
				return (int)i;
		name[colon - want] = '\0';
		port = colon + 1;
	}
	if (port != NULL && parse_uint(port, 1, 65535, &v) != 0) {
		sweep_error("--host %s: port must be a number from 1 to 65535", want);
		return -1;
	}
	for (i = 0; i < l->n; i++)
		if (strcmp(l->h[i].name, name) == 0 && (port == NULL || (int)v == l->h[i].port))
			return (int)i;
	for (i = 0; i < l->n; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    l->h[i].ipv6 ? "%s[%s]:%d" : "%s%s:%d", i == 0 ? "" : ", ", l->h[i].name,
		    l->h[i].port);
	sweep_error("--host %s: not in %s; its hosts are %s", want, path, list);
	return -1;
}

/* The plan of the summary tables: the host with the most cells. */
static const struct plan *
fleet_plan(const struct results *res, unsigned n)
{
	const struct plan *p = NULL;
	unsigned i;

	for (i = 0; i < n; i++)
		if (res[i].cells != NULL && (p == NULL || res[i].plan.ncells > p->ncells))
			p = &res[i].plan;
	return p;
}

/* --expect / --profile for one host's results (its target's size); -EINVAL after one line. */
static int
fleet_expect(struct results *res, const char *expect, const char *profile)
{
	struct expect e;

	if (profile_apply(expect, profile, &res->target, &e) != 0)
		return -EINVAL;
	if (e.set)
		res->expect = e;
	return 0;
}

/* Every host into OUT/HOST/, then hosts.csv and hosts.md.  Returns an exit code. */
static int
fleet_write_all(const char *path, const cJSON *root, struct host_list *l, const char *out,
    const char *label, const char *const expect[2], unsigned mask, const char *gnuplot)
{
	struct results *res = xcalloc(l->n, sizeof *res);
	const struct plan *p;
	char *intro;
	unsigned i, failed = 0;
	int ret = SWEEP_EXIT_OK, err;

	for (i = 0; i < l->n; i++) {
		struct host *h = &l->h[i];
		char *name = label != NULL ? xasprintf("%s-%s", label, h->dir) : xstrdup(h->dir);

		if ((err = import_fio_results(root, path, h->name, h->port, name, &res[i])) != 0) {
			memset(&res[i], 0, sizeof res[i]);
			str_copy(h->why, sizeof h->why, err == -ENOENT ?
			    "no jobs of this host in the file" : "refused (see the message above)");
			if (err == -ENOENT)
				sweep_error("import %s: host %s port %d: no jobs of this host in the file",
				    path, h->name, h->port);
			else
				ret = SWEEP_EXIT_USAGE;
			failed++;
		} else if (fleet_expect(&res[i], expect[0], expect[1]) != 0) {
			results_free(&res[i]);
			memset(&res[i], 0, sizeof res[i]);
			str_copy(h->why, sizeof h->why, "--expect/--profile refused");
			failed++;
		}
		free(name);
	}
	/* A host's file refused (bad figures): nothing is written, as for one host. */
	p = ret == SWEEP_EXIT_OK ? fleet_plan(res, l->n) : NULL;
	for (i = 0; p != NULL && i < l->n; i++) {
		char *dir = xasprintf("%s/%s", out, l->h[i].dir);

		if (res[i].cells == NULL)
			;
		else if (hosts_write_one(&res[i], dir, mask, gnuplot) != 0)
			failed++;
		else
			printf("%s port %d: %u cells: %s/results.json\n", l->h[i].name,
			    l->h[i].port, res[i].ndone, dir);
		free(dir);
	}
	intro = xasprintf("Imported from fio client/server output (%s): %u hosts.", path, l->n);
	if (p == NULL && ret == SWEEP_EXIT_OK)
		sweep_error("import %s: no host gave results; nothing written", path);
	if (p == NULL || hosts_summary_write(out, p, l, res, root, label, intro) != 0)
		ret = ret == SWEEP_EXIT_OK ? SWEEP_EXIT_FAILED : ret;
	else
		printf("Across hosts: %s/hosts.md and %s/hosts.csv\n", out, out);
	if (failed > 0 && ret == SWEEP_EXIT_OK)
		ret = SWEEP_EXIT_FAILED;
	for (i = 0; i < l->n; i++)
		if (res[i].cells != NULL)
			results_free(&res[i]);
	free(intro);
	free(res);
	return ret;
}

/*
 * Open fio output at path, loaded into f->root: its client/server hosts in
 * f->hosts (none for local output), and with host given (--host
 * NAME[:PORT]) that one alone (f->one).  A file of fewer than two hosts
 * and no --host is for the single-host importer (import_fio_results on
 * f->root).  Returns 0 (close f after), or -EINVAL after one line, also
 * when it is no fio output at all.
 */
int
import_fleet_open(const char *path, const char *host, struct fleet *f)
{
	static char ids[1][160];
	int k;

	memset(f, 0, sizeof *f);
	f->path = path;
	if (import_fio_load(path, &f->root) != 0)
		return -EINVAL;	/* it said why */
	if (import_fio_hosts(f->root, ids, 1) == 0) {
		if (host == NULL)
			return 0;	/* local output: the caller imports f->root as it is */
		sweep_error("--host %s: %s is not fio client/server output (it has no "
		    "client_stats hosts)", host, path);
		import_fleet_close(f);
		return -EINVAL;
	}
	if (fleet_hosts(path, f->root, &f->hosts) != 0 ||
	    (host != NULL && (k = fleet_pick(path, &f->hosts, host)) < 0)) {
		import_fleet_close(f);
		return -EINVAL;
	}
	if (host != NULL) {
		f->hosts.h[0] = f->hosts.h[k];
		f->hosts.n = 1;
		f->one = true;
	} else {
		char *input = xasprintf("import %s", path);

		hosts_dirs_unique(&f->hosts, input);
		free(input);
	}
	return 0;
}

/* Local output, or a single host's (f->hosts.n < 2, no --host): its results into res. */
int
import_fleet_results(const struct fleet *f, const char *label, struct results *res)
{
	memset(res, 0, sizeof *res);
	return import_fio_results(f->root, f->path, NULL, -1, label, res);
}

void
import_fleet_close(struct fleet *f)
{
	free(f->hosts.h);
	cJSON_Delete(f->root);
	memset(f, 0, sizeof *f);
}

/* The one host of --host into dir, as a plain import.  Returns an exit code. */
static int
fleet_write_one(const struct fleet *f, const char *dir, const char *label,
    const char *const expect[2], unsigned mask, const char *gnuplot)
{
	const struct host *h = &f->hosts.h[0];
	struct results res;
	int ret;

	if (import_fio_results(f->root, f->path, h->name, h->port,
	    label != NULL ? label : h->dir, &res) != 0)
		return SWEEP_EXIT_USAGE;
	if (fleet_expect(&res, expect[0], expect[1]) != 0) {
		results_free(&res);
		return SWEEP_EXIT_USAGE;
	}
	ret = report_save_all(&res, dir, mask, gnuplot) == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
	if (ret == SWEEP_EXIT_OK)
		printf("Imported %u cells of %s port %d: %s/results.json\n", res.ndone, h->name,
		    h->port, dir);
	results_free(&res);
	return ret;
}

/*
 * Write what import_fleet_open found into dir (made already): every host
 * in dir/HOST/ with hosts.md and hosts.csv, or the --host one in dir.
 * expect and profile are --expect and --profile (NULL: none), for each
 * host.  Returns an exit code.
 */
int
import_fleet_write(struct fleet *f, const char *dir, const char *label, const char *expect,
    const char *profile, unsigned mask, const char *gnuplot)
{
	const char *const ep[2] = { expect, profile };

	if (f->one)
		return fleet_write_one(f, dir, label, ep, mask, gnuplot);
	return fleet_write_all(f->path, f->root, &f->hosts, dir, label, ep, mask, gnuplot);
}
