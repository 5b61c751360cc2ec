/*
 * Options: every command-line option and sweep-file key is declared once in
 * options_table (options-table.c: name, commands, type, offset, limits,
 * default, help).  The command line parser, the sweep-file loader
 * (options-sweep.c), the defaults and --help all read that one table.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"

#define OPTIONS_COUNT	options_table_len

/*
 * A text option's value (a label, a description: shown in every report) as
 * clean text: a byte that is not UTF-8 becomes U+FFFD, with a warning that
 * shows the input.  Caller frees.
 */
static char *
opt_text(struct opt_ctx *c, const char *v)
{
	char *clean = text_clean_dup(v);

	if (strcmp(clean, v) != 0)
		sweep_warn("%s: not UTF-8 text; each byte that is not (or a control character) is "
		    "U+FFFD now: %s", c->input, clean);
	return clean;
}

/* The generic setters: store v at o's offset as o's type says. */
static int
opt_store(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	char *field = (char *)c->cfg + o->off;
	uint64_t n;

	switch (o->type) {
	case OPT_STRING:
		free(*(char **)field);
		*(char **)field = o->flags & OPT_TEXT ? opt_text(c, v) : xstrdup(v);
		return 0;
	case OPT_BOOL:
		if (v == NULL || strcmp(v, "true") == 0)
			*(bool *)field = true;
		else if (strcmp(v, "false") == 0)
			*(bool *)field = false;
		else
			return opt_bad(c, "must be true or false");
		return 0;
	case OPT_UINT:
	case OPT_UINT64:
		if (parse_uint(v, o->min, o->max, &n) != 0)
			return opt_range(c, o);
		if (o->type == OPT_UINT)
			*(unsigned *)field = (unsigned)n;
		else
			*(uint64_t *)field = n;
		return 0;
	case OPT_CUSTOM:
	case OPT_IGNORED:
	default:
		return 0;
	}
}

/* Check v (the entry's own check), then store it. */
static int
opt_set(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	if (o->check != NULL && o->check(c, o, v) != 0)
		return -EINVAL;
	return opt_store(c, o, v);
}

/* The table seen from outside (tests, the command table's checks): count, name, kind. */
size_t
options_count(void)
{
	return OPTIONS_COUNT;
}

const char *
options_name(size_t i)
{
	return options_table[i].name;
}

bool
options_on_cli(size_t i)
{
	return (options_table[i].flags & OPT_CLI) != 0;
}

/* The commands that take entry i: CMD_ bits. */
unsigned
options_cmds(size_t i)
{
	return options_table[i].cmds;
}

bool
options_takes_value(size_t i)
{
	return (options_table[i].flags & OPT_ARG) != 0;
}

static const struct option_entry *
options_find(const char *name)
{
	size_t i;

	for (i = 0; i < OPTIONS_COUNT; i++)
		if (strcmp(options_table[i].name, name) == 0)
			return &options_table[i];
	return NULL;
}

/* Note a plan option given on the command line: how many, and which (options_given). */
static void
opt_mark_given(struct config *cfg, const struct option_entry *o)
{
	if (!(o->flags & OPT_PLAN))
		return;
	cfg->plan_given++;
	cfg->plan_given_set |= (uint64_t)1 << (o - options_table);
}

/* Was the plan option called name given on the command line (for --resume)? */
bool
options_given(const struct config *cfg, const char *name)
{
	const struct option_entry *o = options_find(name);

	return o != NULL && (cfg->plan_given_set & (uint64_t)1 << (o - options_table)) != 0;
}

/* The closest option name, for "did you mean", or NULL when none is close. */
static const char *
options_suggest(const char *name, unsigned flags)
{
	const char *best = NULL;
	unsigned best_d = 3;
	size_t i;

	for (i = 0; i < OPTIONS_COUNT; i++) {
		unsigned d;

		if ((options_table[i].flags & flags) == 0)
			continue;
		d = edit_distance(name, options_table[i].name);
		if (d < best_d) {
			best_d = d;
			best = options_table[i].name;
		}
	}
	if (best == NULL && strcmp(name, "iodepth") == 0)
		best = "depth";
	if (best == NULL && (strcmp(name, "numjobs") == 0))
		best = "jobs";
	if (best == NULL && (strcmp(name, "rw") == 0 || strcmp(name, "mode") == 0))
		best = "modes";
	if (best == NULL && strcmp(name, "filename") == 0)
		best = "file";
	return best;
}

/* The defaults: every generic entry's def, stored as the command line would store it. */
void
config_init(struct config *cfg)
{
	struct opt_ctx c;
	size_t i;

	memset(cfg, 0, sizeof *cfg);
	c.cfg = cfg;
	c.where = WHERE_CLI;
	c.group = 0;
	c.input = "default";
	for (i = 0; i < OPTIONS_COUNT; i++)
		if (options_table[i].def != NULL && options_table[i].type != OPT_CUSTOM &&
		    !(options_table[i].flags & OPT_ARG_OPTIONAL))
			opt_store(&c, &options_table[i], options_table[i].def);
}

void
config_free(struct config *cfg)
{
	free(cfg->device);
	free(cfg->file);
	free(cfg->sweep_file);
	free(cfg->out_dir);
	free(cfg->label);
	free(cfg->engine);
	free(cfg->description);
	free(cfg->formats);
	free(cfg->fio_jobfile);
	free(cfg->hosts);
	free(cfg->hosts_file);
	free(cfg->csv);
	free(cfg->host);
	free(cfg->expect);
	free(cfg->profile);
	free(cfg->resume);
	free(cfg->like);
	free(cfg->rate);
	free(cfg->arrivals);
	free(cfg->gnuplot);
	free(cfg->args);
	memset(cfg, 0, sizeof *cfg);
}

/*
 * The value of option o at argv[i], given as --NAME=VALUE or not (NULL): an
 * OPT_ARG_OPTIONAL option given bare (no number follows it) takes its def.
 */
static char *
opt_bare_value(const struct option_entry *o, char *value, int argc, char **argv, int i)
{
	if (value != NULL || !(o->flags & OPT_ARG_OPTIONAL) ||
	    (i + 1 < argc && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9'))
		return value;
	return (char *)o->def;
}

/*
 * Parse options (argv[*first] onward); positional words go to cfg->args.
 * An option whose entry does not name cmd (command's CMD_ bit; CMD_ALL:
 * any) is refused; takers (may be NULL) says which commands take it, e.g.
 * "sweep import takes it", for the message.  Returns 0, 1 for --help or
 * --version (*first tells which: -1 help, -2 version), or -EINVAL after
 * printing one line.
 */
int
options_parse_argv(struct config *cfg, int argc, char **argv, int *first, const char *command,
    unsigned cmd, void (*takers)(const char *option, char *buf, size_t len))
{
	int i;

	cfg->args = xcalloc((size_t)argc + 1, sizeof *cfg->args);
	for (i = *first; i < argc; i++) {
		const struct option_entry *o = NULL;
		char *arg = argv[i], *name, *value = NULL, *input;
		struct opt_ctx c;
		int err;

		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			*first = -1;
			return 1;
		}
		if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
			*first = -2;
			return 1;
		}
		if (arg[0] != '-' || arg[1] == '\0') {
			cfg->args[cfg->nargs++] = arg;
			continue;
		}
		if (arg[1] != '-' && arg[2] == '\0') {
			size_t k;

			for (k = 0; k < OPTIONS_COUNT; k++)
				if (options_table[k].short_name == arg[1])
					o = &options_table[k];
			if (o == NULL) {
				sweep_error("%s: unknown option (see sweep --help)", arg);
				return -EINVAL;
			}
			name = xstrdup(o->name);
		} else if (arg[1] == '-') {
			name = xstrdup(arg + 2);
			value = strchr(name, '=');
			if (value != NULL)
				*value++ = '\0';
			o = options_find(name);
			if (o == NULL || (o->flags & OPT_CLI) == 0) {
				const char *hint = options_suggest(name, OPT_CLI);

				if (hint != NULL)
					sweep_error("%s: unknown option; did you mean --%s?", arg, hint);
				else
					sweep_error("%s: unknown option (see sweep --help)", arg);
				free(name);
				return -EINVAL;
			}
		} else {
			sweep_error("%s: unknown option (see sweep --help)", arg);
			return -EINVAL;
		}
		if ((o->cmds & cmd) == 0) {
			char typed[64], who[128] = "";

			if (arg[1] == '-')
				snprintf(typed, sizeof typed, "--%s", o->name);
			else
				snprintf(typed, sizeof typed, "-%c", o->short_name);
			if (takers != NULL)
				takers(o->name, who, sizeof who);
			if (who[0] != '\0')
				sweep_error("%s: not an option of sweep %s (%s)", typed, command, who);
			else
				sweep_error("%s: not an option of sweep %s (see sweep --help)", typed,
				    command);
			free(name);
			return -EINVAL;
		}
		value = opt_bare_value(o, value, argc, argv, i);
		if ((o->flags & OPT_ARG) && value == NULL) {
			if (i + 1 >= argc) {
				sweep_error("--%s: needs a value (%s)", o->name, o->argname);
				free(name);
				return -EINVAL;
			}
			value = argv[++i];
		} else if (!(o->flags & OPT_ARG) && value != NULL) {
			sweep_error("--%s: takes no value", o->name);
			free(name);
			return -EINVAL;
		}
		input = value != NULL ? xasprintf("--%s %s", o->name, value) : xasprintf("--%s", o->name);
		c.cfg = cfg;
		c.where = WHERE_CLI;
		c.group = 0;
		c.input = input;
		opt_mark_given(cfg, o);
		err = opt_set(&c, o, value);
		free(input);
		free(name);
		if (err != 0)
			return err;
	}
	return 0;
}

/*
 * Whether a sweep file may hold key, at its top level or (in_group) inside
 * "groups": 0, -EPERM for a key only the top level takes, -ENOENT for an
 * unknown one (*hint: the closest name, or NULL).
 */
int
options_key_find(const char *key, bool in_group, const char **hint)
{
	const struct option_entry *o = options_find(key);

	*hint = NULL;
	if (o != NULL && (o->flags & OPT_FILE) != 0 && (!in_group || (o->flags & OPT_MATRIX)))
		return 0;
	*hint = options_suggest(key, in_group ? OPT_MATRIX : OPT_FILE);
	return o != NULL && in_group ? -EPERM : -ENOENT;
}

/*
 * A sweep file's key: at the top level (group < 0) or in group; input
 * names it in messages.  The key must pass options_key_find.  Prints one
 * line and returns -EINVAL on a bad value.
 */
int
options_key_set(struct config *cfg, const char *key, const char *value, int group,
    const char *input)
{
	struct opt_ctx c;

	c.cfg = cfg;
	c.where = group < 0 ? WHERE_BASE : WHERE_GROUP;
	c.group = group < 0 ? 0 : (unsigned)group;
	c.input = input;
	return opt_set(&c, options_find(key), value);
}

static void
group_take(struct group *dst, unsigned *dst_set, const struct group *src, unsigned src_set)
{
	if (src_set & CFG_SET_MODES) {
		dst->modes = src->modes;
		dst->nmodes = src->nmodes;
		memcpy(dst->mode_order, src->mode_order, sizeof dst->mode_order);
	}
	if (src_set & CFG_SET_BS)
		dst->bs = src->bs;
	if (src_set & CFG_SET_DEPTH)
		dst->depth = src->depth;
	if (src_set & CFG_SET_JOBS)
		dst->jobs = src->jobs;
	if (src_set & CFG_SET_RWMIX)
		dst->rwmixread = src->rwmixread;
	*dst_set |= src_set;
}

/*
 * Settle the matrix: every group inherits the sweep file's top level, then
 * the command line, then defaults (default modes depend on the target kind).
 */
int
options_finish(struct config *cfg, bool is_device)
{
	const struct option_entry *modes = options_find("modes"), *bs = options_find("bs");
	const struct option_entry *depth = options_find("depth"), *jobs = options_find("jobs");
	const struct option_entry *mix = options_find("rwmixread");
	unsigned i;

	if (cfg->ngroups == 0)
		cfg->ngroups = 1;
	for (i = 0; i < cfg->ngroups; i++) {
		struct group *g = &cfg->groups[i];
		unsigned set = cfg->group_set[i];
		struct group base = cfg->base;
		unsigned base_set = cfg->base_set & ~set;

		group_take(g, &set, &base, base_set);
		group_take(g, &set, &cfg->cli, cfg->cli_set);
		if (!(set & CFG_SET_MODES))
			parse_mode_list(is_device ? MODES_DEFAULT_DEVICE : modes->def, g);
		if (!(set & CFG_SET_BS))
			parse_size_list(bs->def, &g->bs);
		if (!(set & CFG_SET_DEPTH))
			parse_uint_list(depth->def, depth->min, depth->max, &g->depth);
		if (!(set & CFG_SET_JOBS))
			parse_uint_list(jobs->def, jobs->min, jobs->max, &g->jobs);
		if (!(set & CFG_SET_RWMIX))
			parse_uint_list(mix->def, mix->min, mix->max, &g->rwmixread);
		cfg->group_set[i] = set;
	}
	return 0;
}

const struct option_entry *
options_entry(size_t i)
{
	return &options_table[i];
}
