#include "config.h"

/*
 * Multi-host runs through fio's client/server mode: the plan becomes a fio
 * job file (fio-jobfile.c), `fio --client=HOST,PORT JOBFILE ...` runs it on
 * every host at once (each runs `fio --server`), and fio's JSON output is
 * split per host (import-fio.c) into one results each.  The command layer
 * writes them: OUT/HOST/results.json and reports, and the comparison
 * across hosts (compare-fleet.c: OUT/hosts.csv, OUT/hosts.md).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "import/fio.h"
#include "plan/plan.h"
#include "results/results.h"

#define HOSTS_MAX		1024
#define HOSTS_DEFAULT_FILE	"sweep.dat"
#define HOSTS_DEFAULT_SIZE	GIB

static volatile pid_t hosts_child;

/* SIGINT/SIGTERM sent to sweep alone (kill): pass it on to fio, which stops its servers. */
static void
hosts_on_signal(int sig, siginfo_t *info, void *ctx)
{
	(void)ctx;
	sweep_interrupted = 1;
	if (hosts_child > 0 && info != NULL && info->si_code <= 0)
		kill(hosts_child, sig);
}

/*
 * The folder of host h under OUT: its name, or name-port off fio's default
 * port, with what is not a letter, digit, '.', '-' or '_' as '_' and no
 * leading '.' ("..": no folder above the run's).  Two hosts may get the same
 * one ("a" port 8766 and "a-8766", "::1" and "__1"): hosts_dirs_unique().
 */
static void
hosts_dir_name(const struct host *h, char *dir, size_t len)
{
	char *p;

	if (h->port == FIO_DEFAULT_PORT)
		str_copy(dir, len, h->name);
	else
		snprintf(dir, len, "%s-%d", h->name, h->port);
	for (p = dir; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && strchr(".-_", *p) == NULL)
			*p = '_';
	if (dir[0] == '.')
		dir[0] = '_';
}

/* Is dir one of the files hosts_run and the fleet import write beside the hosts' folders? */
static bool
hosts_dir_reserved(const char *dir)
{
	static const char *const files[] = { "hosts.md", "hosts.csv", "sweep.fio",
	    "fio-output.json", "fio-client.log" };
	unsigned i;

	for (i = 0; i < sizeof files / sizeof files[0]; i++)
		if (strcmp(dir, files[i]) == 0)
			return true;
	return false;
}

/* Is dir reserved, or the folder of a host of l other than skip? */
static bool
hosts_dir_taken(const struct host_list *l, unsigned skip, const char *dir)
{
	unsigned i;

	if (hosts_dir_reserved(dir))
		return true;
	for (i = 0; i < l->n; i++)
		if (i != skip && strcmp(l->h[i].dir, dir) == 0)
			return true;
	return false;
}

/*
 * Give every host of l a folder of its own.  A host whose folder is its
 * name as given keeps it (no two such hosts share one: hosts_add refuses
 * the same name and port twice), the others keep theirs in list order, and
 * one whose folder is taken gets "-2", "-3", ... after it.  One warning
 * (input names the list) for each folder changed; hosts.md lists them too.
 */
void
hosts_dirs_unique(struct host_list *l, const char *input)
{
	unsigned i, j, k;

	for (i = 0; i < l->n; i++) {
		struct host *h = &l->h[i];
		bool own = strcmp(h->dir, h->name) == 0, taken = hosts_dir_reserved(h->dir);
		char want[sizeof h->dir];

		for (j = 0; j < l->n && !taken && !own; j++)
			taken = j != i && strcmp(l->h[j].dir, h->dir) == 0 &&
			    (j < i || strcmp(l->h[j].dir, l->h[j].name) == 0);
		if (!taken)
			continue;
		str_copy(want, sizeof want, h->dir);
		str_copy(h->taken, sizeof h->taken, want);
		for (k = 2; ; k++) {
			snprintf(h->dir, sizeof h->dir, "%.150s-%u", want, k);
			if (!hosts_dir_taken(l, i, h->dir))
				break;
		}
		sweep_warn("%s: host %s port %d: folder %s is taken; its results go to %s/",
		    input, h->name, h->port, want, h->dir);
	}
}

/*
 * Parse "host", "host:port", "[v6addr]:port" or a bare IPv6 address into h.
 * input names the source in messages ("--hosts a,b" or "fleet.txt:3").
 * Prints one line and returns -EINVAL on bad input.
 */
static int
hosts_parse_one(const char *spec, const char *input, struct host *h)
{
	char buf[256], *name = buf, *port = NULL, *p;
	uint64_t v = FIO_DEFAULT_PORT;

	memset(h, 0, sizeof *h);
	if (strlen(spec) >= sizeof buf || *spec == '\0') {
		sweep_error("%s: \"%s\": give host[:port], e.g. db1 or db1:8765", input, spec);
		return -EINVAL;
	}
	str_copy(buf, sizeof buf, spec);
	if (buf[0] == '[') {
		char *close = strchr(buf, ']');

		if (close == NULL || (close[1] != '\0' && close[1] != ':')) {
			sweep_error("%s: \"%s\": an IPv6 address with a port is [ADDR]:PORT", input, spec);
			return -EINVAL;
		}
		*close = '\0';
		name = buf + 1;
		port = close[1] == ':' ? close + 2 : NULL;
		h->ipv6 = true;
	} else if ((p = strchr(buf, ':')) != NULL && strchr(p + 1, ':') == NULL) {
		*p = '\0';
		port = p + 1;
	} else if (p != NULL)
		h->ipv6 = true;
	if (*name == '\0' || strlen(name) >= sizeof h->name) {
		sweep_error("%s: \"%s\": host name must be 1 to %zu characters", input, spec,
		    sizeof h->name - 1);
		return -EINVAL;
	}
	for (p = name; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && strchr(".-_", *p) == NULL &&
		    !(h->ipv6 && strchr(":%", *p) != NULL)) {
			sweep_error("%s: \"%s\": host names take letters, digits, '.', '-' and '_'",
			    input, spec);
			return -EINVAL;
		}
	if (port != NULL && parse_uint(port, 1, 65535, &v) != 0) {
		sweep_error("%s: \"%s\": port must be a number from 1 to 65535 (fio --server's "
		    "default is %d)", input, spec, FIO_DEFAULT_PORT);
		return -EINVAL;
	}
	str_copy(h->name, sizeof h->name, name);
	h->port = (int)v;
	hosts_dir_name(h, h->dir, sizeof h->dir);
	snprintf(h->client, sizeof h->client, "%s%s,%d", h->ipv6 ? "ip6:" : "", h->name, h->port);
	return 0;
}

/* Add spec to the list; refuses duplicates and more than HOSTS_MAX hosts. */
int
hosts_add(struct host_list *l, const char *spec, const char *input)
{
	struct host h;
	unsigned i;

	if (hosts_parse_one(spec, input, &h) != 0)
		return -EINVAL;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->h[i].name, h.name) == 0 && l->h[i].port == h.port) {
			sweep_error("%s: host %s port %d is listed twice", input, h.name, h.port);
			return -EINVAL;
		}
	if (l->n == HOSTS_MAX) {
		sweep_error("%s: more than %d hosts", input, HOSTS_MAX);
		return -EINVAL;
	}
	l->h = xrealloc(l->h, (l->n + 1) * sizeof *l->h);
	l->h[l->n++] = h;
	return 0;
}

/* Hosts from --hosts (comma-separated) or --hosts-file (one per line, # comments). */
int
hosts_list_read(const struct hosts_opts *o, struct host_list *l)
{
	char *copy, *item, *save = NULL, *input, line[512];
	const char *why;
	unsigned lineno = 0;
	FILE *f;
	int err = 0;

	memset(l, 0, sizeof *l);
	if (o->hosts != NULL && o->hosts_file != NULL) {
		sweep_error("--hosts %s --hosts-file %s: give one list of hosts, not both", o->hosts,
		    o->hosts_file);
		return -EINVAL;
	}
	if (o->hosts != NULL) {
		input = xasprintf("--hosts %s", o->hosts);
		copy = xstrdup(o->hosts);
		for (item = strtok_r(copy, ",", &save); item != NULL && err == 0;
		    item = strtok_r(NULL, ",", &save))
			err = hosts_add(l, item, input);
		free(copy);
		if (err == 0 && l->n == 0) {
			sweep_error("%s: no hosts; give host[:port],host[:port],...", input);
			err = -EINVAL;
		}
		if (err == 0)
			hosts_dirs_unique(l, input);
		free(input);
		return err;
	}
	f = input_fopen(o->hosts_file, &why);
	if (f == NULL) {
		sweep_error("--hosts-file %s: %s (give a file with one host[:port] per line)",
		    o->hosts_file, why);
		return -EINVAL;
	}
	while (err == 0 && fgets(line, sizeof line, f) != NULL) {
		char *s = line, *e;

		lineno++;
		s[strcspn(s, "#\r\n")] = '\0';
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		if (*s == '\0')
			continue;
		input = xasprintf("%s:%u", o->hosts_file, lineno);
		if (strpbrk(s, " \t,") != NULL) {
			sweep_error("%s: \"%s\": one host[:port] per line", input, s);
			err = -EINVAL;
		} else
			err = hosts_add(l, s, input);
		free(input);
	}
	fclose(f);
	if (err == 0 && l->n == 0) {
		sweep_error("--hosts-file %s: no hosts in it (one host[:port] per line, # comments)",
		    o->hosts_file);
		err = -EINVAL;
	}
	if (err == 0) {
		input = xasprintf("--hosts-file %s", o->hosts_file);
		hosts_dirs_unique(l, input);
		free(input);
	}
	return err;
}

/* Is there an executable fio on PATH? */
static bool
hosts_have_fio(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL;
	bool found = false;

	copy = xstrdup(path != NULL && *path != '\0' ? path : "/usr/bin:/bin");
	for (dir = strtok_r(copy, ":", &save); dir != NULL && !found;
	    dir = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/fio", dir);

		found = access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

/*
 * Run argv (fio) with its stdout and stderr in log, stdin from /dev/null, and
 * wait for it, passing on signals sent to sweep.  Returns its exit status,
 * 128 + signal if killed, or -errno if it could not start.
 */
static int
hosts_spawn(char **argv, const char *log)
{
	struct sigaction sa, old_int, old_term;
	int pipefd[2], fd, status, exec_err = 0;
	ssize_t n;
	pid_t pid;

	fd = file_create(log);	/* not through a link planted at OUT/fio-client.log */
	if (fd < 0)
		return fd;
	if (pipe2(pipefd, O_CLOEXEC) != 0) {
		close(fd);
		return -errno;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = hosts_on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	pid = fork();
	if (pid < 0) {
		int err = -errno;

		close(fd);
		close(pipefd[0]);
		close(pipefd[1]);
		return err;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execvp(argv[0], argv);
		exec_err = errno;
		n = write(pipefd[1], &exec_err, sizeof exec_err);
		(void)n;
		_exit(127);
	}
	hosts_child = pid;
	close(fd);
	close(pipefd[1]);
	do
		n = read(pipefd[0], &exec_err, sizeof exec_err);
	while (n < 0 && errno == EINTR);
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			status = 0;
			break;
		}
	hosts_child = 0;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (n == (ssize_t)sizeof exec_err)
		return -exec_err;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* The first line of the fio log that mentions host h (its connect error), or "". */
static void
hosts_log_line(const char *log, const struct host *h, char *buf, size_t len)
{
	char line[512], needle[200], bracketed[200];
	FILE *f = fopen(log, "re");

	buf[0] = '\0';
	if (f == NULL)
		return;
	snprintf(needle, sizeof needle, "%s:%d", h->name, h->port);
	snprintf(bracketed, sizeof bracketed, "<%s>", h->name);
	while (fgets(line, sizeof line, f) != NULL)
		if (strstr(line, needle) != NULL || strstr(line, bracketed) != NULL) {
			line[strcspn(line, "\r\n")] = '\0';
			str_copy(buf, len, line);
			break;
		}
	fclose(f);
}

/* Did fio write JSON to path (a "{" at the start of a line)? */
static bool
hosts_output_has_json(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "re");
	bool found = false;

	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f) != NULL)
		found = line[0] == '{';
	fclose(f);
	return found;
}

/* The first "fio: ..." line of the log (why fio gave up), or "". */
static void
hosts_log_first(const char *log, char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen(log, "re");

	buf[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "fio: ", 5) == 0) {
			line[strcspn(line, "\r\n")] = '\0';
			str_copy(buf, len, line);
			break;
		}
	fclose(f);
}

/* fio's own "All clients" aggregate of root into total (total->found false: none). */
void
hosts_total(const cJSON *root, struct fleet_total *total)
{
	const cJSON *item;

	memset(total, 0, sizeof *total);
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "client_stats")) {
		const char *job = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "jobname"));
		const cJSON *rd = cJSON_GetObjectItemCaseSensitive(item, "read");
		const cJSON *wr = cJSON_GetObjectItemCaseSensitive(item, "write");
		double riops, wiops, bw;

		if (job == NULL || strcmp(job, FIO_ALL_CLIENTS) != 0)
			continue;
		riops = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(rd, "iops"));
		wiops = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(wr, "iops"));
		bw = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(rd, "bw_bytes")) +
		    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(wr, "bw_bytes"));
		total->found = true;
		total->read_iops = isnan(riops) ? 0 : riops;
		total->write_iops = isnan(wiops) ? 0 : wiops;
		total->bw_bytes_s = isnan(bw) ? 0 : bw;
		break;
	}
}

/* Refuse what a multi-host run cannot do; one line on stderr, -EINVAL. */
int
hosts_check(const struct hosts_opts *o, const struct plan *p, uint64_t size)
{
	unsigned i;
	char a[32], b[32];

	if (o->device != NULL && o->file != NULL) {
		sweep_error("--device %s --file %s: give one target, not both", o->device, o->file);
		return -EINVAL;
	}
	if (o->resume != NULL || o->stop_on_error) {
		sweep_error("%s: not available with --hosts (fio runs every cell on every host; "
		    "run again to repeat)", o->resume != NULL ? "--resume" : "--stop-on-error");
		return -EINVAL;
	}
	if (o->precondition) {
		sweep_error("--precondition: not available with --hosts; precondition each host's "
		    "device first (e.g. fio with rw=write bs=1m on it)");
		return -EINVAL;
	}
	if (fio_jobfile_engine(p->engine) == NULL) {
		sweep_error("--engine %s: fio has no such engine; --hosts takes libaio, psync, "
		    "io_uring, null", p->engine);
		return -EINVAL;
	}
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];

		if (o->device != NULL && mode_writes(c->mode) && !o->destructive) {
			sweep_error("--device %s --hosts: mode %s writes to %s on every host and destroys "
			    "its data; sweep cannot inspect remote devices for filesystems or partition "
			    "tables, so add --destructive only if they hold nothing you need",
			    o->device, mode_name(c->mode), o->device);
			return -EINVAL;
		}
		if (size != 0 && c->bs > size) {
			sweep_error("--size %s: smaller than the block size %s; use a larger --size",
			    size_short(size, a, sizeof a), size_short(c->bs, b, sizeof b));
			return -EINVAL;
		}
	}
	if (!hosts_have_fio()) {
		sweep_error("--hosts: fio not found on PATH; multi-host runs drive fio's client mode "
		    "(install the fio package)");
		return -EINVAL;
	}
	return 0;
}

/* The target as each host sees it: --device, --file or sweep.dat, of --size (1 GiB for files). */
void
hosts_target(const struct hosts_opts *o, struct target *t)
{
	const char *path = o->device != NULL ? o->device :
	    o->file != NULL ? o->file : HOSTS_DEFAULT_FILE;

	memset(t, 0, sizeof *t);
	t->kind = o->device != NULL ? TARGET_DEVICE : TARGET_FILE;
	t->path = xstrdup(path);
	t->name = xstrdup(strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path);
	t->size = t->total_size = o->size_set ? o->size : o->device != NULL ? 0 :
	    HOSTS_DEFAULT_SIZE;
	t->scratch = o->device == NULL && o->file == NULL && !o->keep;
	t->excl_fd = -1;
}

/* The files of a multi-host run in its output folder. */
struct hosts_files {
	char	*jobfile;	/* OUT/sweep.fio: the plan as a fio job file */
	char	*json;		/* OUT/fio-output.json: fio's output */
	char	*log;		/* OUT/fio-client.log: fio's messages */
};

/*
 * fio --client=H1 JOBFILE --client=H2 JOBFILE ... --output-format=json
 * --output=JSON, its messages in LOG.  Returns its exit status (see
 * hosts_spawn) or -errno.
 */
static int
hosts_fio(const struct host_list *l, const struct hosts_files *hf)
{
	char **argv = xcalloc(2 * (size_t)l->n + 4, sizeof *argv);
	unsigned i;
	int argc = 0, st;

	argv[argc++] = xstrdup("fio");
	for (i = 0; i < l->n; i++) {
		argv[argc++] = xasprintf("--client=%s", l->h[i].client);
		argv[argc++] = xstrdup(hf->jobfile);
	}
	argv[argc++] = xstrdup("--output-format=json");
	argv[argc++] = xasprintf("--output=%s", hf->json);
	/* fio opens --output by name: made afresh first, so that it is no planted link */
	st = file_create(hf->json);
	if (st >= 0) {
		close(st);
		st = hosts_spawn(argv, hf->log);
	}
	for (i = 0; i < (unsigned)argc; i++)
		free(argv[i]);
	free(argv);
	return st;
}

/* Host i's results from fio's JSON; counts what failed. */
static void
hosts_collect_one(struct host *h, struct results *res, const cJSON *root,
    const struct hosts_files *hf, const struct plan *p, const struct hosts_run_opts *ro,
    struct hosts_outcome *o)
{
	char *name, why[512];
	unsigned k;
	int err;

	name = ro->label != NULL ? xasprintf("%s-%s", ro->label, h->dir) : xstrdup(h->dir);
	err = import_fio_results(root, hf->json, h->name, h->port, name, res);
	free(name);
	if (err != 0) {
		memset(res, 0, sizeof *res);
		hosts_log_line(hf->log, h, why, sizeof why);
		if (why[0] != '\0')
			sweep_error("%s port %d: no results: %s", h->name, h->port, why);
		else
			sweep_error("%s port %d: no results (see %s)", h->name, h->port, hf->log);
		str_copy(h->why, sizeof h->why, why[0] != '\0' ? why : "see fio-client.log");
		o->failed_hosts++;
		return;
	}
	res->interrupted = sweep_interrupted != 0;
	snprintf(res->description, sizeof res->description,
	    "%s%sfio client/server run of host %s port %d", ro->description != NULL ?
	    ro->description : "", ro->description != NULL ? "; " : "", h->name, h->port);
	for (k = 0; k < res->plan.ncells; k++)
		if (res->cells[k].status != CELL_OK)
			o->failed_cells++;
	if (res->plan.ncells < p->ncells)
		o->failed_cells += p->ncells - res->plan.ncells;
}

/* The plan, the target and the hosts, before fio starts. */
static void
hosts_print(const struct host_list *l, const struct plan *p, const struct target *t,
    const char *out, const char *jobfile)
{
	char sizebuf[32];
	unsigned i;

	plan_print(stdout, p, NULL, false);
	printf("Target on each host: %s (%s, %s)\n", t->path,
	    t->kind == TARGET_DEVICE ? "block device" : "file",
	    t->size != 0 ? size_human(t->size, sizebuf, sizeof sizebuf) : "whole device");
	printf("Hosts: %u, all at once through fio --client:", l->n);
	for (i = 0; i < l->n; i++)
		printf(" %s", l->h[i].client);
	printf("\nOutput: %s (job file %s)\n", out, jobfile);
	fflush(stdout);
}

/*
 * Run the plan on every host at once through fio's client/server mode:
 * OUT/sweep.fio and fio's output, and each host's results into o (o->res
 * NULL: none; the caller writes them and frees o with hosts_outcome_free).
 * Returns an exit code.
 */
int
hosts_run(struct host_list *l, const struct plan *p, const struct target *t,
    const struct hosts_run_opts *ro, struct hosts_outcome *o)
{
	cJSON *root = NULL;
	struct hosts_files hf = { .jobfile = xasprintf("%s/sweep.fio", ro->out),
	    .json = xasprintf("%s/fio-output.json", ro->out),
	    .log = xasprintf("%s/fio-client.log", ro->out) };
	unsigned i;
	int ret = SWEEP_EXIT_USAGE, st;

	memset(o, 0, sizeof *o);
	if (fio_jobfile_write(p, t, hf.jobfile) != 0)
		goto out;
	hosts_print(l, p, t, ro->out, hf.jobfile);
	st = hosts_fio(l, &hf);
	if (st < 0) {
		sweep_error("fio: cannot run it: %s", strerror(-st));
		ret = SWEEP_EXIT_FAILED;
		goto out;
	}
	if (!hosts_output_has_json(hf.json) || import_fio_load(hf.json, &root) != 0) {
		char why[512];

		hosts_log_first(hf.log, why, sizeof why);
		sweep_error("fio --client exit %d, no results from any host: %s (log: %s)", st,
		    why[0] != '\0' ? why : "no message", hf.log);
		ret = sweep_interrupted ? SWEEP_EXIT_INTERRUPTED : SWEEP_EXIT_FAILED;
		goto out;
	}
	o->res = xcalloc(l->n, sizeof *o->res);
	for (i = 0; i < l->n; i++)
		hosts_collect_one(&l->h[i], &o->res[i], root, &hf, p, ro, o);
	hosts_total(root, &o->total);
	if (sweep_interrupted)
		ret = SWEEP_EXIT_INTERRUPTED;
	else if (st != 0 || o->failed_hosts > 0 || o->failed_cells > 0)
		ret = SWEEP_EXIT_FAILED;
	else
		ret = SWEEP_EXIT_OK;
out:
	cJSON_Delete(root);
	free(hf.json);
	free(hf.log);
	free(hf.jobfile);
	return ret;
}

/* Free what hosts_run gave in o. */
void
hosts_outcome_free(const struct host_list *l, struct hosts_outcome *o)
{
	unsigned i;

	for (i = 0; o->res != NULL && i < l->n; i++)
		if (o->res[i].cells != NULL)
			results_free(&o->res[i]);
	free(o->res);
	memset(o, 0, sizeof *o);
}
