/*
 * Each command's --help, the man page's option entries and doc/options.md,
 * all from the option table (options-table.c), so that none can drift from
 * what the parser takes.  --help gives an option's one line (brief), the
 * man page and doc/options.md its full text (help).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"

/* --help's option column: names up to this wide line up; a longer one pushes its text. */
#define USAGE_COLUMN	28

/* fmt (o's help or brief) with o's min and max when it is a format.  Caller frees. */
static char *
opt_text(const struct option_entry *o, const char *fmt)
{
	if (o->flags & OPT_HELP_RANGE)
		return xasprintf(fmt, (unsigned long long)o->min, (unsigned long long)o->max);
	return xstrdup(fmt);
}

/* The default --help shows in brackets, or "" for none. */
static void
opt_default_brief(const struct option_entry *o, char *buf, size_t len)
{
	size_t dev = strlen(MODES_DEFAULT_DEVICE);

	if (o->def_text != NULL)
		snprintf(buf, len, " [%s]", o->def_text);
	else if (o->def != NULL && strcmp(o->name, "modes") == 0 &&
	    strncmp(o->def, MODES_DEFAULT_DEVICE ",", dev + 1) == 0)
		snprintf(buf, len, " [%s; on a file also %s]", MODES_DEFAULT_DEVICE, o->def + dev + 1);
	else if (o->def != NULL)
		snprintf(buf, len, " [%s]", o->def);
	else
		buf[0] = '\0';
}

/*
 * sweep CMD --help: the options of the command whose CMD_ bit is cmd, one
 * line each: "  -o, --out DIR", its brief text and its default.
 */
void
options_usage(FILE *f, unsigned cmd)
{
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);
		char head[64], def[96], *text;
		int n;

		if (!(o->flags & OPT_CLI) || !(o->cmds & cmd))
			continue;
		if (o->short_name)
			snprintf(head, sizeof head, "  -%c, --%s%s%s", o->short_name, o->name,
			    o->argname ? " " : "", o->argname ? o->argname : "");
		else
			snprintf(head, sizeof head, "      --%s%s%s", o->name,
			    o->argname ? " " : "", o->argname ? o->argname : "");
		n = (int)strlen(head) + 2 > USAGE_COLUMN ? (int)strlen(head) + 2 : USAGE_COLUMN;
		text = opt_text(o, o->brief != NULL ? o->brief : o->help);
		opt_default_brief(o, def, sizeof def);
		fprintf(f, "%-*s%s%s\n", n, head, text, def);
		free(text);
	}
}

/* s for roff: backslashes doubled, every '-' as "\\-" (a minus, not a hyphen). */
static void
man_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\')
			fputs("\\\\", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
	}
}

/*
 * An entry's full text as a sentence: help with a capital and its default
 * ("(every power of two in between); default: 512-8m." not ") (default:").
 * Caller frees.
 */
static char *
opt_sentence(const struct option_entry *o)
{
	char *help = opt_text(o, o->help), *def = NULL, *s;
	bool paren = help[0] != '\0' && help[strlen(help) - 1] == ')';

	help[0] = (char)toupper((unsigned char)help[0]);
	if (o->def_text != NULL)
		def = xstrdup(o->def_text);
	else if (o->def != NULL && strcmp(o->name, "modes") == 0)
		def = xasprintf("%s on a device; %s on a file", MODES_DEFAULT_DEVICE, o->def);
	else if (o->def != NULL)
		def = xstrdup(o->def);
	if (def == NULL)
		s = xasprintf("%s.", help);
	else
		s = xasprintf("%s%s%s%s.", help, paren ? "; default: " : " (default: ", def,
		    paren ? "" : ")");
	free(help);
	free(def);
	return s;
}

/*
 * sweep --help-man: the man page's option entries (.TP paragraphs) with
 * each option's full text, default and commands.  doc/sweep.1.in holds the
 * rest of the page.
 */
void
options_man(FILE *f, options_cmd_names_fn *names)
{
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);
		char *s, cmds[128];

		if (!(o->flags & OPT_CLI))
			continue;
		/* .BI --depth " LIST", .BI "-o, --out" " DIR": names bold, the value italic. */
		fputs(o->argname != NULL ? ".TP\n.BI " : ".TP\n.B ", f);
		if (o->short_name != '\0')
			fprintf(f, "\"\\-%c, ", o->short_name);
		fputs("\\-\\-", f);
		man_text(f, o->name);
		if (o->short_name != '\0')
			fputc('"', f);
		if (o->argname != NULL) {
			fputs(" \" ", f);
			man_text(f, o->argname);
			fputc('"', f);
		}
		fputc('\n', f);
		s = opt_sentence(o);
		man_text(f, s);
		names(o->cmds, cmds, sizeof cmds);
		fprintf(f, "\nCommands: %s.\n", cmds);
		free(s);
	}
}

/* sweep --help-md: doc/options.md's list of options, the man page's entries in Markdown. */
void
options_markdown(FILE *f, options_cmd_names_fn *names)
{
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);
		char *s, cmds[128];

		if (!(o->flags & OPT_CLI))
			continue;
		fputs("- **`", f);
		if (o->short_name != '\0')
			fprintf(f, "-%c`, `", o->short_name);
		fprintf(f, "--%s%s%s`**: ", o->name, o->argname ? " " : "",
		    o->argname ? o->argname : "");
		s = opt_sentence(o);
		names(o->cmds, cmds, sizeof cmds);
		fprintf(f, "%s Commands: %s.\n", s, cmds);
		free(s);
	}
}
