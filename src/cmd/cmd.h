/*
 * The commands (cmd.c, cmd-*.c): the only layer that reads struct config
 * besides options*.c, which builds it.
 */
#ifndef SWEEP_CMD_H
#define SWEEP_CMD_H

#include "base/sweep.h"

/*
 * cmd.c and cmd-*.c: the command table (tmux's cmd_entry).  Adding a
 * command is one cmd-NAME.c with its entry and CMD_ bit, and one row in
 * cmd_table; the option table's entries name the commands that take them
 * (the CMD_ bits are in base/sweep.h, below both).
 */
struct cmd_entry {
	const char	 *name;
	unsigned	  cmd;		/* its CMD_ bit: an option's cmds say which commands take it */
	const char	 *usage;	/* its synopsis: "sweep plan [OPTIONS]" */
	const char	 *summary;	/* what it does, in a line of sweep --help */
	int		(*exec)(struct config *cfg);	/* returns an exit code */
};
extern const struct cmd_entry *const cmd_table[];	/* NULL ends */
extern const struct cmd_entry cmd_run_entry, cmd_plan_entry, cmd_report_entry,
	     cmd_import_entry, cmd_compare_entry;
const struct cmd_entry *cmd_find(const char *name);
bool	 cmd_accepts(const struct cmd_entry *e, const char *option);
void	 cmd_names(unsigned cmds, char *buf, size_t len);
int	 cmd_main(int argc, char **argv);

/* cmd-shared.c: what the commands share */
int	 cmd_out_prepare(const char *dir, const char *input, bool probe);
/* Caller frees. */
char	*cmd_out_default(const char *label);
int	 cmd_out_preview(const char *out_dir, const char *label);
int	 cmd_formats(const struct config *cfg, unsigned *mask);
int	 cmd_plan_build(struct config *cfg, bool is_device, struct plan *p);
int	 cmd_no_args(const struct config *cfg);
int	 cmd_target_open(struct config *cfg, bool create, struct target *t, struct plan *p);
int	 cmd_target_check(struct config *cfg, struct target *t, struct plan *p, bool writes,
	     struct expect *expect);
int	 cmd_target_check_exit(int err);
void	 cmd_target_warn_destroys(FILE *f, const struct config *cfg, const struct target *t,
	     const struct plan *p);
int	 cmd_run_lock(const char *dir, const char *input, struct target *t);
int	 cmd_out_lock(const char *dir, const char *input);
void	 cmd_run_unlock(int fd, const char *dir);
struct compare_fleet;
int	 cmd_hosts_save(const char *out, const struct compare_fleet *fleet, struct results *res,
	     unsigned planned, unsigned mask, const char *gnuplot);
struct auto_opts;
void	 cmd_auto_opts(const struct config *cfg, struct auto_opts *o);
int	 cmd_auto_check(const struct config *cfg);
int	 cmd_hold_check(const struct config *cfg);

#endif
