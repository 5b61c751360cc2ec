/*
 * sweep import of fio's client/server JSON (fio --client=H1 ... --client=H2
 * ... --output-format=json): one result per host plus fio's "All clients"
 * aggregate, which is never a host (its figures go to b->total).  --host
 * NAME[:PORT] imports that one host alone.  This builds the results;
 * cmd-import.c writes them, the way run --hosts writes its own: DIR/HOST/
 * with results.json and every report for each host and the comparison
 * across them (DIR/hosts.csv and hosts.md), or DIR alone for --host.
 *
 * Host names come from the file, so they pass the same check as --hosts
 * (letters, digits, '.', '-', '_'; no leading '.') before any becomes a path.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"
#include "plan/plan.h"
#include "results/profile.h"
#include "results/results.h"

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

/* Every host's results into b (cells NULL: none), and the plan of the summary. */
static void
fleet_build_all(const char *path, const cJSON *root, struct host_list *l, const char *label,
    const char *const expect[2], struct fleet_built *b)
{
	unsigned i;
	int err;

	for (i = 0; i < l->n; i++) {
		struct host *h = &l->h[i];
		char *name = label != NULL ? xasprintf("%s-%s", label, h->dir) : xstrdup(h->dir);

		if ((err = import_fio_results(root, path, h->name, h->port, name, &b->res[i])) != 0) {
			memset(&b->res[i], 0, sizeof b->res[i]);
			str_copy(h->why, sizeof h->why, err == -ENOENT ?
			    "no jobs of this host in the file" : "refused (see the message above)");
			if (err == -ENOENT)
				sweep_error("import %s: host %s port %d: no jobs of this host in the file",
				    path, h->name, h->port);
			else
				b->ret = SWEEP_EXIT_USAGE;
			b->failed++;
		} else if (fleet_expect(&b->res[i], expect[0], expect[1]) != 0) {
			results_free(&b->res[i]);
			memset(&b->res[i], 0, sizeof b->res[i]);
			str_copy(h->why, sizeof h->why, "--expect/--profile refused");
			b->failed++;
		}
		free(name);
	}
	/* A host's file refused (bad figures): nothing is written, as for one host. */
	b->plan = b->ret == SWEEP_EXIT_OK ? fleet_plan(b->res, l->n) : NULL;
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

/* The one host of --host into b->res[0], as a plain import. */
static void
fleet_build_one(const struct fleet *f, const char *label, const char *const expect[2],
    struct fleet_built *b)
{
	const struct host *h = &f->hosts.h[0];

	if (import_fio_results(f->root, f->path, h->name, h->port,
	    label != NULL ? label : h->dir, &b->res[0]) != 0) {
		memset(&b->res[0], 0, sizeof b->res[0]);
		b->ret = SWEEP_EXIT_USAGE;
	} else if (fleet_expect(&b->res[0], expect[0], expect[1]) != 0) {
		results_free(&b->res[0]);
		memset(&b->res[0], 0, sizeof b->res[0]);
		b->ret = SWEEP_EXIT_USAGE;
	}
}

/*
 * The results of what import_fleet_open found, into b: one per host of
 * f->hosts (cells NULL: none), the --host one alone in b->res[0], named
 * and given caps as fo says.
 * The caller writes them (b->ret is the exit code so far) and frees b with
 * import_fleet_built_free.
 */
void
import_fleet_build(struct fleet *f, const struct import_fleet_opts *fo, struct fleet_built *b)
{
	const char *const ep[2] = { fo->expect, fo->profile };
	const char *label = fo->label;

	memset(b, 0, sizeof *b);
	b->res = xcalloc(f->hosts.n, sizeof *b->res);
	b->ret = SWEEP_EXIT_OK;
	if (f->one)
		fleet_build_one(f, label, ep, b);
	else {
		fleet_build_all(f->path, f->root, &f->hosts, label, ep, b);
		hosts_total(f->root, &b->total);
	}
}

void
import_fleet_built_free(const struct fleet *f, struct fleet_built *b)
{
	unsigned i;

	for (i = 0; b->res != NULL && i < f->hosts.n; i++)
		if (b->res[i].cells != NULL)
			results_free(&b->res[i]);
	free(b->res);
	memset(b, 0, sizeof *b);
}
