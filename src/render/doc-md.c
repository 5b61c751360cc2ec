/*
 * The Markdown back-end of the documents (GitHub, GitLab, Jira's Markdown
 * paste): every block is followed by a blank line, written when the next
 * block starts, so the file ends with one newline.  Charts are links to
 * the .png (else .svg) files beside it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render/report.h"

#define MD_FLAG " ⚠"

/* Start a block: the blank line the previous one is owed. */
static void
md_block(struct doc *d)
{
	if (d->gap)
		fputc('\n', d->f);
	d->gap = false;
}

/* End a block: its line ends, its blank line is owed. */
static void
md_block_end(struct doc *d)
{
	fputc('\n', d->f);
	d->gap = true;
}

/*
 * s as text of a Markdown table cell or paragraph, in buf of len bytes
 * (2 x strlen(s) + 1 holds it whole): what would be markup escaped, line
 * breaks made spaces.  Returns buf.
 */
const char *
doc_md_escape(const char *s, char *buf, size_t len)
{
	size_t o = 0;

	if (len == 0)
		return buf;
	for (; *s != '\0' && o + 3 <= len; s++) {
		if (strchr("\\|*_`<>[]#", *s) != NULL)
			buf[o++] = '\\';
		buf[o++] = *s == '\n' || *s == '\r' ? ' ' : *s;
	}
	buf[o] = '\0';
	return buf;
}

/* Text in a Markdown table cell or paragraph: escape what would be markup. */
static void
md_text(struct doc *d, const char *s)
{
	size_t len = 2 * strlen(s) + 1;
	char *buf = xmalloc(len);

	fputs(doc_md_escape(s, buf, len), d->f);
	free(buf);
}

/* Markdown has no head: the title is the level 1 heading. */
static void
md_begin(struct doc *d, const char *title, const char *style)
{
	(void)d;
	(void)title;
	(void)style;
}

/* Nothing closes a Markdown file; the last block's blank line is dropped. */
static void
md_end(struct doc *d)
{
	(void)d;
}

/* "## ": one # per level. */
static void
md_heading_begin(struct doc *d, unsigned level)
{
	md_block(d);
	while (level-- > 0)
		fputc('#', d->f);
	fputc(' ', d->f);
}

/* A heading is one line. */
static void
md_heading_end(struct doc *d, unsigned level)
{
	(void)level;
	md_block_end(d);
}

/* A paragraph is a block; its class is for HTML. */
static void
md_para_begin(struct doc *d, const char *cls)
{
	(void)cls;
	md_block(d);
}

/* A list is a block of "- " lines. */
static void
md_list_begin(struct doc *d)
{
	md_block(d);
}

/* The list's blank line. */
static void
md_list_end(struct doc *d)
{
	d->gap = true;
}

/* An item starts its line; its class is for HTML. */
static void
md_item_begin(struct doc *d, const char *cls)
{
	(void)cls;
	fputs("- ", d->f);
}

/* An item is one line. */
static void
md_item_end(struct doc *d)
{
	fputc('\n', d->f);
}

/* Groups lay blocks out in HTML only. */
static void
md_group(struct doc *d, const char *cls)
{
	(void)d;
	(void)cls;
}

/* Nothing closes a group. */
static void
md_group_end(struct doc *d)
{
	(void)d;
}

/*
 * Plain text (a date, a version) as it is, but for what would open a tag, a
 * link or code, or end the line or a table cell: it is read from a file too.
 */
static void
md_plain(struct doc *d, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\|`<>[]", *s) != NULL)
			fputc('\\', d->f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, d->f);
	}
}

/* Bold: **text**, escaped inside. */
static void
md_strong(struct doc *d, const char *s)
{
	fputs("**", d->f);
	md_text(d, s);
	fputs("**", d->f);
}

/*
 * Code between backticks, one more than the longest run of them inside
 * (CommonMark), with a space inside them when it starts or ends with one;
 * a line break is a space.  Nothing else is markup in a code span.
 */
static void
md_code(struct doc *d, const char *s)
{
	size_t run = 0, most = 0, i, n = strlen(s);
	bool pad = n > 0 && (s[0] == '`' || s[n - 1] == '`');

	for (i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > most)
			most = run;
	}
	for (i = 0; i <= most; i++)
		fputc('`', d->f);
	if (pad)
		fputc(' ', d->f);
	for (i = 0; i < n; i++)
		fputc(s[i] == '\n' || s[i] == '\r' ? ' ' : s[i], d->f);
	if (pad)
		fputc(' ', d->f);
	for (i = 0; i <= most; i++)
		fputc('`', d->f);
}

/* A superscript as an exponent: "2^20". */
static void
md_sup(struct doc *d, const char *s)
{
	fprintf(d->f, "^%s", s);
}

/* The separator of the fields of a line. */
static void
md_sep(struct doc *d)
{
	fputs(" · ", d->f);
}

/* The warning sign. */
static void
md_flag(struct doc *d)
{
	fputs(MD_FLAG, d->f);
}

/* A note as a quote: "> **Warning:** text". */
static void
md_note(struct doc *d, const char *label, const char *text)
{
	md_block(d);
	fputs("> ", d->f);
	md_strong(d, label);
	fputc(' ', d->f);
	md_text(d, text);
	md_block_end(d);
}

/*
 * A fenced block, its fence one backtick longer than the longest run in
 * the text (three at least), so that no line of it can close it.
 */
static void
md_pre(struct doc *d, const char *cls, const char *text)
{
	size_t run = 0, most = 2, i;
	const char *s;

	(void)cls;
	for (s = text; *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > most)
			most = run;
	}
	md_block(d);
	for (i = 0; i <= most; i++)
		fputc('`', d->f);
	fprintf(d->f, "text\n%s%s", text, text[0] != '\0' && text[strlen(text) - 1] != '\n' ?
	    "\n" : "");
	for (i = 0; i <= most; i++)
		fputc('`', d->f);
	md_block_end(d);
}

/* A word in bold: Markdown has no colour. */
static void
md_word(struct doc *d, const char *cls, const char *text)
{
	(void)cls;
	md_strong(d, text);
}

/* A table as Markdown; a cell whose BW check failed gets its mark. */
static void
md_table(struct doc *d, const struct report_table *t)
{
	unsigned r, c;

	md_block(d);
	for (r = 0; r < t->nrows; r++) {
		fputc('|', d->f);
		for (c = 0; c < t->ncols; c++) {
			size_t i = (size_t)r * t->ncols + c;

			fputc(' ', d->f);
			md_text(d, t->text[i] != NULL ? t->text[i] : "");
			if (t->flag[i] & REPORT_FLAG_MISMATCH)
				fputs(" " REPORT_MISMATCH_MARK, d->f);
			fputs(" |", d->f);
		}
		fputc('\n', d->f);
		if (r == 0) {
			fputc('|', d->f);
			for (c = 0; c < t->ncols; c++)
				fputs(t->numeric[c] ? " --: |" : " --- |", d->f);
			fputc('\n', d->f);
		}
	}
	d->gap = true;
}

/* A chart as a link to its .png, else its .svg, beside the document. */
static void
md_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
    unsigned rendered)
{
	(void)dir;
	(void)n;
	md_block(d);
	fprintf(d->f, "![%s](%s.%s)", chart->title, chart->stem, rendered & REPORT_PNG ? "png" :
	    "svg");
	md_block_end(d);
}

/*
 * Compact: a Markdown report is read in a ticket, so it keeps to what fits
 * there (the knee as a sentence per mode instead of a column, no MB/s
 * tables) and says things in fewer paragraphs.
 */
const struct doc_ops doc_md = {
	.name = "md",
	.compact = true,
	.figures = REPORT_PNG | REPORT_SVG,
	.begin = md_begin,
	.end = md_end,
	.heading_begin = md_heading_begin,
	.heading_end = md_heading_end,
	.para_begin = md_para_begin,
	.para_end = md_block_end,
	.list_begin = md_list_begin,
	.list_end = md_list_end,
	.item_begin = md_item_begin,
	.item_end = md_item_end,
	.group_begin = md_group,
	.group_end = md_group_end,
	.text = md_text,
	.plain = md_plain,
	.strong = md_strong,
	.code = md_code,
	.sup = md_sup,
	.sep = md_sep,
	.flag = md_flag,
	.note = md_note,
	.table = md_table,
	.figure = md_figure,
	.pre = md_pre,
	.word = md_word,
};
