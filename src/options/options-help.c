/*
 * --help and the man page's option entries, both from the option table
 * (options.c), so that neither can drift from what the parser takes.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/sweep.h"
#include "options/options.h"

/* --help after the commands' usage lines: every command-line option. */
void
options_usage(FILE *f)
{
	size_t i;

	fputs("Sizes take k, m, g, t (base 1024) or plain bytes.  Options:\n", f);
	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);
		char head[64];

		if (!(o->flags & OPT_CLI))
			continue;
		if (o->short_name)
			snprintf(head, sizeof head, "-%c, --%s%s%s", o->short_name, o->name,
			    o->argname ? " " : "", o->argname ? o->argname : "");
		else
			snprintf(head, sizeof head, "    --%s%s%s", o->name,
			    o->argname ? " " : "", o->argname ? o->argname : "");
		fprintf(f, "  %-26s ", head);
		if (o->flags & OPT_HELP_RANGE)
			fprintf(f, o->help, (unsigned long long)o->min, (unsigned long long)o->max);
		else
			fputs(o->help, f);
		if (o->def_text != NULL)
			fprintf(f, " [%s]", o->def_text);
		else if (o->def != NULL && strcmp(o->name, "modes") == 0)
			fprintf(f, " [%s (device); %s (file)]", MODES_DEFAULT_DEVICE, o->def);
		else if (o->def != NULL)
			fprintf(f, " [%s]", o->def);
		fputc('\n', f);
	}
	fputs("\nA sweep file (--sweep) is a JSON object with the same keys (plus \"description\","
	      "\n\"comment\" and \"groups\": a list of {modes, bs, depth, jobs} sub-matrices).\n"
	      "Exit codes: 0 ok, 1 a cell failed, 2 bad input (nothing written), 130 interrupted.\n", f);
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
 * sweep --help-man: the man page's option entries (.TP paragraphs), from
 * the same table as --help, so that the page lists every option with
 * --help's text and default.  doc/sweep.1.in holds the rest of the page.
 */
void
options_man(FILE *f)
{
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);
		char help[512];

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
		if (o->flags & OPT_HELP_RANGE)
			snprintf(help, sizeof help, o->help, (unsigned long long)o->min,
			    (unsigned long long)o->max);
		else
			str_copy(help, sizeof help, o->help);
		help[0] = (char)toupper((unsigned char)help[0]);
		man_text(f, help);
		if (o->def_text != NULL || o->def != NULL) {
			/* "(every power of two in between); default: 512-8m." not ") (default: ". */
			fputs(help[strlen(help) - 1] == ')' ? "; default: " : " (default: ", f);
			if (o->def_text != NULL)
				man_text(f, o->def_text);
			else if (strcmp(o->name, "modes") == 0)
				fprintf(f, "%s on a device; %s on a file", MODES_DEFAULT_DEVICE, o->def);
			else
				man_text(f, o->def);
			if (help[strlen(help) - 1] != ')')
				fputc(')', f);
		}
		fputs(".\n", f);
	}
}
