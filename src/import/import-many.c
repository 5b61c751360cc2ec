/*
 * sweep import of many fio outputs at once: files named one by one, and
 * folders searched for *.json, their sub-folders too (bench-fio and
 * fio-plot write one JSON per cell, in folders per mode, size and depth).
 * Each file is read as a lone import reads it (import_fio_load); the jobs
 * of every file are then put side by side in one fio output, each job
 * carrying its own file's global options and a stonewall group of its own
 * file, and imported as one run (import_fio_results), so cells that repeat
 * are found as in one file.  A file that is not fio output is skipped with
 * one line saying why; the import fails only when no file is left.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "import/fio.h"
#include "results/results.h"

#define MANY_FILES_MAX	100000	/* files of one import */
#define MANY_DEPTH_MAX	16	/* folder levels below a folder given */

/* The files to import, in order: as named, a folder's in natural order (4k before 16k). */
struct many_files {
	char		**path;
	unsigned	 n, cap;
	unsigned	 nlinks;	/* symbolic links in folders, not followed */
	unsigned	 ndeep;		/* folders MANY_DEPTH_MAX levels down, not searched */
	unsigned	 nunread;	/* sub-folders that could not be read, skipped */
	bool		 full;		/* MANY_FILES_MAX reached */
};

static void
many_add(struct many_files *f, const char *path)
{
	if (f->n == MANY_FILES_MAX) {
		f->full = true;
		return;
	}
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->path = xrealloc(f->path, f->cap * sizeof *f->path);
	}
	f->path[f->n++] = xstrdup(path);
}

static int
many_cmp(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

static bool
many_is_json(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcasecmp(name + n - 5, ".json") == 0;
}

/*
 * The *.json files below dir into f, each folder's names sorted; links are
 * counted, not followed (a link may lead out of the folder, or round in a
 * loop), and so are folders past MANY_DEPTH_MAX levels.  A sub-folder that
 * cannot be read is skipped with a line, as a file that is not fio output
 * is; returns -1 after a line on stderr when the folder given cannot be.
 */
static int
many_walk(const char *dir, unsigned depth, struct many_files *f)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	unsigned n = 0, cap = 0, i;
	int err = 0;

	if (d == NULL && depth > 0) {
		sweep_error("import %s: skipped: %s", dir, strerror(errno));
		f->nunread++;
		return 0;
	}
	if (d == NULL) {
		sweep_error("import %s: %s; give a folder of fio JSON files you can read", dir,
		    strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, many_cmp);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		struct stat st;

		if (lstat(p, &st) != 0)
			;	/* gone since readdir: nothing to import */
		else if (S_ISLNK(st.st_mode))
			f->nlinks++;
		else if (S_ISDIR(st.st_mode) && depth == MANY_DEPTH_MAX)
			f->ndeep++;
		else if (S_ISDIR(st.st_mode) && err == 0)
			err = many_walk(p, depth + 1, f);
		else if (S_ISREG(st.st_mode) && many_is_json(names[i]))
			many_add(f, p);
		free(p);
		free(names[i]);
	}
	free(names);
	return err;
}

/*
 * Job e of the file at path, for the merged output: its options with the
 * file's global ones under them, its group moved to group (every file's
 * groups after the last file's: separate runs never ran at the same time),
 * and its file (where its fio logs are, and whose threads it counts).
 */
static cJSON *
many_job(const cJSON *e, const cJSON *global, int group, const char *path)
{
	cJSON *j = cJSON_Duplicate(e, true), *opts, *g;

	opts = cJSON_GetObjectItemCaseSensitive(j, "job options");
	if (!cJSON_IsObject(opts)) {
		cJSON_DeleteItemFromObjectCaseSensitive(j, "job options");
		opts = cJSON_AddObjectToObject(j, "job options");
	}
	cJSON_ArrayForEach(g, global)
		if (cJSON_IsString(g) && g->string != NULL &&
		    !cJSON_HasObjectItem(opts, g->string))
			cJSON_AddStringToObject(opts, g->string, g->valuestring);
	cJSON_DeleteItemFromObjectCaseSensitive(j, "groupid");
	cJSON_AddNumberToObject(j, "groupid", group);
	cJSON_AddStringToObject(j, FIO_FILE_KEY, path);	/* its fio logs are beside it */
	return j;
}

/*
 * The jobs of one file's output into the merged output's jobs, from group
 * *group on (moved past its groups).  Returns false (after one line) for
 * output import_fio_results would not take alone either.
 */
static bool
many_merge(const char *path, const cJSON *root, cJSON *jobs, int *group)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "jobs"), *e;
	const cJSON *global = cJSON_GetObjectItemCaseSensitive(root, "global options");
	int top = 0;

	if (cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "client_stats"))) {
		sweep_error("import %s: skipped: fio client/server output; import it alone "
		    "(sweep import %s, --host NAME for one host)", path, path);
		return false;
	}
	if (cJSON_GetArraySize(list) == 0) {
		sweep_error("import %s: skipped: fio output with no jobs", path);
		return false;
	}
	cJSON_ArrayForEach(e, list) {
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(e, "groupid");
		int id = cJSON_IsNumber(g) ? fio_values_int(g->valuedouble) : 0;

		if (id < 0 || id > 1000000)
			id = 0;
		top = id > top ? id : top;
		cJSON_AddItemToArray(jobs, many_job(e, global, *group + id, path));
	}
	*group += top + 1;
	return true;
}

/* The files of the arguments: files as named, folders searched; -1 after a line. */
static int
many_files(const char *const *args, unsigned nargs, struct many_files *f)
{
	unsigned i;

	for (i = 0; i < nargs; i++) {
		struct stat st;

		if (stat(args[i], &st) != 0) {
			sweep_error("import %s: %s; give fio JSON files or folders of them", args[i],
			    strerror(errno));
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			if (many_walk(args[i], 0, f) != 0)
				return -1;
		} else
			many_add(f, args[i]);
	}
	if (f->full)
		sweep_error("import: more than %d files; the first %d are imported", MANY_FILES_MAX,
		    MANY_FILES_MAX);
	if (f->n == 0) {
		sweep_error("import %s: no *.json file in it%s%s; give fio JSON files or folders of "
		    "them", args[0], f->nlinks ? " (symbolic links are not followed)" : "",
		    f->ndeep ? " (folders more than 16 levels down are not searched)" : "");
		return -1;
	}
	return 0;
}

/* What the merged output says of where it came from: "bench (12 files)", "a.json and 2 more". */
static char *
many_source(const char *const *args, unsigned nargs, unsigned nfiles)
{
	if (nargs == 1)
		return xasprintf("%s (%u file%s)", args[0], nfiles, nfiles == 1 ? "" : "s");
	return xasprintf("%s and %u more (%u files)", args[0], nargs - 1, nfiles);
}

/*
 * Import every fio JSON output of args (files, and folders searched for
 * *.json) as one run into res, named label (NULL: after the first
 * argument).  Returns 0, or -EINVAL after a line on stderr when no file
 * gives a cell.
 */
int
import_fio_many(const char *const *args, unsigned nargs, const char *label, struct results *res)
{
	struct many_files f = { .path = NULL };
	cJSON *merged = cJSON_CreateObject(), *jobs = cJSON_AddArrayToObject(merged, "jobs");
	char version[64] = "", stem[128], *source = NULL;
	unsigned i, nused = 0, nskipped = 0, layout = 0;
	double ts = 0;
	int group = 0, err = -EINVAL;
	bool versions_differ = false;

	memset(res, 0, sizeof *res);
	if (many_files(args, nargs, &f) != 0)
		goto out;
	for (i = 0; i < f.n; i++) {
		cJSON *root;
		const cJSON *v, *t;

		if (import_fio_load(f.path[i], &root) != 0) {
			nskipped++;
			continue;
		}
		if (!many_merge(f.path[i], root, jobs, &group)) {
			cJSON_Delete(root);
			nskipped++;
			continue;
		}
		v = cJSON_GetObjectItemCaseSensitive(root, "fio version");
		t = cJSON_GetObjectItemCaseSensitive(root, "timestamp");
		if (version[0] == '\0')
			str_copy(version, sizeof version, v->valuestring);
		else if (strcmp(version, v->valuestring) != 0)
			versions_differ = true;
		if (cJSON_IsNumber(t) && t->valuedouble > 0 && (ts == 0 || t->valuedouble < ts))
			ts = t->valuedouble;
		t = cJSON_GetObjectItemCaseSensitive(root, FIO_LAYOUT_KEY);
		layout |= cJSON_IsNumber(t) ? (unsigned)fio_values_int(t->valuedouble) : 0;
		nused++;
		cJSON_Delete(root);
	}
	if (nused == 0) {
		sweep_error("import %s: none of its %u file%s is fio JSON output; give the files fio "
		    "--output-format=json wrote", args[0], f.n, f.n == 1 ? "" : "s");
		goto out;
	}
	cJSON_AddStringToObject(merged, "fio version", version);
	if (ts > 0)
		cJSON_AddNumberToObject(merged, "timestamp", ts);
	cJSON_AddNumberToObject(merged, FIO_LAYOUT_KEY, layout);
	source = many_source(args, nargs, nused);
	if (label == NULL) {
		char arg[PATH_MAX];
		size_t n;

		/* the first argument's name: "bench/" is "bench" */
		str_copy(arg, sizeof arg, args[0]);
		for (n = strlen(arg); n > 1 && arg[n - 1] == '/'; n--)
			arg[n - 1] = '\0';
		results_stem(arg, stem, sizeof stem);
		label = stem[0] != '\0' && strcmp(stem, "/") != 0 ? stem : "imported";
	}
	if (import_fio_results(merged, source, NULL, -1, label, res) != 0)
		goto out;
	err = 0;
	if (nskipped > 0 || f.nlinks > 0 || versions_differ || f.ndeep > 0 || f.nunread > 0)
		results_warn(res, "imported %u of %u files%s%s%s%s%s", nused, f.n,
		    nskipped ? "; the others are not fio JSON output (each named on stderr)" : "",
		    f.nlinks ? "; symbolic links in the folders were not followed" : "",
		    versions_differ ? "; the files come from different fio versions (the first is "
		    "shown)" : "", f.ndeep ? "; folders more than 16 levels down were not searched" :
		    "", f.nunread ? "; folders that could not be read were skipped (each named on "
		    "stderr)" : "");
out:
	for (i = 0; i < f.n; i++)
		free(f.path[i]);
	free(f.path);
	free(source);
	cJSON_Delete(merged);
	return err;
}
