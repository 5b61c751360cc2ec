/*
 * The option table's entry type, private to options*.c: options-table.c
 * holds the table, options.c its parsers, options-help.c writes each
 * command's --help, the man page's option entries and doc/options.md from it.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "base/sweep.h"

#define OPT_ARG		0x1	/* takes a value */
#define OPT_FILE	0x2	/* allowed in a sweep file */
#define OPT_MATRIX	0x4	/* a matrix key: allowed inside "groups" too */
#define OPT_CLI		0x8	/* allowed on the command line */
#define OPT_PLAN	0x10	/* defines the plan or the target (checked by --resume) */
#define OPT_HELP_RANGE	0x20	/* help is a format taking min and max */
#define OPT_ARG_OPTIONAL 0x40	/* with OPT_ARG: the value may be left out; def is it then */
#define OPT_TEXT	0x80	/* shown in reports: made clean UTF-8 text (text_clean) */

/* Where a value came from: the command line, a sweep file's top level, or a group. */
enum opt_where { WHERE_CLI, WHERE_BASE, WHERE_GROUP };

struct opt_ctx {
	struct config	*cfg;
	enum opt_where	 where;
	unsigned	 group;
	const char	*input;		/* "--bs 3k" or "quick.json: \"bs\": \"3k\"" */
};

/*
 * What a value is, and so which generic setter stores it at the entry's
 * offset into struct config: a string (char *), true/false (bool), a whole
 * number in [min, max] (unsigned or uint64_t), or a kind of its own that
 * only the entry's check function can store (size, the matrix lists).
 */
enum opt_type { OPT_STRING, OPT_BOOL, OPT_UINT, OPT_UINT64, OPT_CUSTOM, OPT_IGNORED };

/*
 * One option or sweep-file key (fio's struct fio_option).  def is the
 * default value: config_init and options_finish apply it and --help shows
 * it; def_text is what --help shows instead when the default is not one
 * value; for an OPT_ARG_OPTIONAL entry, def is the value it takes when given
 * without one (off, 0, by default).  help is the full text of the man page
 * and doc/options.md; brief is the one-line text of sweep CMD --help (help
 * when NULL): with the option's name and default it must fit in 99 columns
 * (tests/help.sh).  With OPT_HELP_RANGE both are formats taking min and max.
 * range is the error for a number outside [min, max], a format taking min
 * and max.  check, when set, validates the value first (for OPT_CUSTOM it
 * also stores it).
 */
struct option_entry {
	const char	*name;
	char		 short_name;
	unsigned	 cmds;		/* the commands that take it: CMD_RUN | CMD_PLAN, ... */
	unsigned	 flags;
	enum opt_type	 type;
	size_t		 off;
	uint64_t	 min;
	uint64_t	 max;
	const char	*def;
	const char	*def_text;
	const char	*argname;
	const char	*help;
	const char	*brief;
	const char	*range;
	int		(*check)(struct opt_ctx *c, const struct option_entry *o, const char *v);
};

/* The defaults of the matrix keys on a device, where they differ from a file's. */
#define MODES_DEFAULT_DEVICE	"read,randread"

/* The table's entry i, i < options_count() (options.c). */
const struct option_entry *options_entry(size_t i);

/* options-table.c: the table, and the errors its checks and the setters share */
extern const struct option_entry options_table[];
extern const size_t options_table_len;
int	 opt_bad(struct opt_ctx *c, const char *what);
int	 opt_range(struct opt_ctx *c, const struct option_entry *o);

/* options.c: one typed table for the command line, sweep files, defaults and --help. */
void	 config_init(struct config *cfg);
void	 config_free(struct config *cfg);
int	 options_parse_argv(struct config *cfg, int argc, char **argv, int *first,
	     const char *command, unsigned cmd,
	     void (*takers)(const char *option, char *buf, size_t len));
/* options-help.c: "run, plan" for an option's cmds bits, from the command table */
typedef void options_cmd_names_fn(unsigned cmds, char *buf, size_t len);
void	 options_usage(FILE *f, unsigned cmd);
void	 options_man(FILE *f, options_cmd_names_fn *names);
void	 options_markdown(FILE *f, options_cmd_names_fn *names);
int	 options_finish(struct config *cfg, bool is_device);
size_t	 options_count(void);
const char *options_name(size_t i);
bool	 options_on_cli(size_t i);
bool	 options_given(const struct config *cfg, const char *name);
bool	 options_takes_value(size_t i);
unsigned options_cmds(size_t i);
int	 options_key_find(const char *key, bool in_group, const char **hint);
int	 options_key_set(struct config *cfg, const char *key, const char *value, int group,
	     const char *input);

/* options-plan.c: a stored plan (--resume) checked by the options' rules */
int	 options_plan_check(const char *path, const struct plan *p);
int	 options_plan_build(struct plan *p, const struct config *cfg);

/* options-sweep.c: sweep files, read through options.c's table */
int	 options_load_sweep(struct config *cfg, const char *arg);
int	 options_parse_sweep(struct config *cfg, const char *path, const char *text, size_t len);

#endif
