/*
 * The document back-end: a report or comparison is written once, block by
 * block (headings, paragraphs, lists, tables, figures, notes) and span by
 * span, and the format's struct doc_ops (doc-md.c, doc-html.c) turns each
 * call into its markup.  The document is built in memory and saved whole.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Start an empty document in memory in the format of ops. */
int
doc_open(struct doc *d, const struct doc_ops *ops)
{
	memset(d, 0, sizeof *d);
	d->ops = ops;
	d->f = open_memstream(&d->buf, &d->len);
	return d->f != NULL ? 0 : -errno;
}

/* Write the document to path whole or not at all, and free it. */
int
doc_save(struct doc *d, const char *path)
{
	int err;

	if (fclose(d->f) != 0) {
		free(d->buf);
		return -ENOMEM;
	}
	err = write_file_atomic(path, d->buf, d->len);
	free(d->buf);
	memset(d, 0, sizeof *d);
	return err;
}

/* The head of the document (HTML: its title and style sheet; style may be NULL). */
void
doc_begin(struct doc *d, const char *title, const char *style)
{
	d->ops->begin(d, title, style);
}

/* The end of the document. */
void
doc_end(struct doc *d)
{
	d->ops->end(d);
}

/* A heading of our own words (level 1 is the title). */
void
doc_heading(struct doc *d, unsigned level, const char *words)
{
	d->ops->heading_begin(d, level);
	doc_raw(d, words);
	d->ops->heading_end(d, level);
}

/* A heading made of spans: doc_heading_begin(), spans, doc_heading_end(). */
void
doc_heading_begin(struct doc *d, unsigned level)
{
	d->ops->heading_begin(d, level);
}

/* The end of a heading of spans. */
void
doc_heading_end(struct doc *d, unsigned level)
{
	d->ops->heading_end(d, level);
}

/* A paragraph of our own words; cls is its HTML class, or NULL. */
void
doc_para(struct doc *d, const char *cls, const char *words)
{
	d->ops->para_begin(d, cls);
	doc_raw(d, words);
	d->ops->para_end(d);
}

/* A paragraph of text from the data (escaped). */
void
doc_para_text(struct doc *d, const char *cls, const char *text)
{
	d->ops->para_begin(d, cls);
	d->ops->text(d, text);
	d->ops->para_end(d);
}

/* A paragraph made of spans: doc_para_begin(), spans, doc_para_end(). */
void
doc_para_begin(struct doc *d, const char *cls)
{
	d->ops->para_begin(d, cls);
}

/* The end of a paragraph of spans. */
void
doc_para_end(struct doc *d)
{
	d->ops->para_end(d);
}

/* A bulleted list: doc_list_begin(), items of spans, doc_list_end(). */
void
doc_list_begin(struct doc *d)
{
	d->ops->list_begin(d);
}

/* The end of a list. */
void
doc_list_end(struct doc *d)
{
	d->ops->list_end(d);
}

/* An item of a list; cls is its HTML class, or NULL. */
void
doc_item_begin(struct doc *d, const char *cls)
{
	d->ops->item_begin(d, cls);
}

/* The end of an item. */
void
doc_item_end(struct doc *d)
{
	d->ops->item_end(d);
}

/* Blocks that HTML lays out together (a <div> of class cls); nothing in Markdown. */
void
doc_group_begin(struct doc *d, const char *cls)
{
	d->ops->group_begin(d, cls);
}

/* The end of a group. */
void
doc_group_end(struct doc *d)
{
	d->ops->group_end(d);
}

/* A span of text from the data (labels, paths, messages): escaped. */
void
doc_text(struct doc *d, const char *text)
{
	d->ops->text(d, text);
}

/* Text such as a date or a version: as it is in Markdown, escaped in HTML. */
void
doc_plain(struct doc *d, const char *text)
{
	d->ops->plain(d, text);
}

/* Our own words, which hold no markup character: as they are in every format. */
void
doc_raw(struct doc *d, const char *words)
{
	fputs(words, d->f);
}

/* Our own words and figures, formatted: as they are in every format. */
void
doc_printf(struct doc *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(d->f, fmt, ap);
	va_end(ap);
}

/* Bold text (escaped). */
void
doc_strong(struct doc *d, const char *text)
{
	d->ops->strong(d, text);
}

/* A path or a command, in a fixed-width font. */
void
doc_code(struct doc *d, const char *text)
{
	d->ops->code(d, text);
}

/* A superscript: the exponent of "2^20". */
void
doc_sup(struct doc *d, const char *text)
{
	d->ops->sup(d, text);
}

/* The separator of the fields of a line: " · ". */
void
doc_sep(struct doc *d)
{
	d->ops->sep(d);
}

/* The warning sign after a figure or a line that needs a look: " ⚠". */
void
doc_flag(struct doc *d)
{
	d->ops->flag(d);
}

/* A boxed note: "Warning: text" (text escaped). */
void
doc_note(struct doc *d, const char *label, const char *text)
{
	d->ops->note(d, label, text);
}

/* A table; flagged cells are marked. */
void
doc_table(struct doc *d, const struct report_table *t)
{
	d->ops->table(d, t);
}

/*
 * Chart n of the document, from dir/STEM.png or .svg as rendered (a mask
 * of REPORT_PNG | REPORT_SVG): linked in Markdown, inlined in HTML.
 */
void
doc_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
    unsigned rendered)
{
	d->ops->figure(d, dir, chart, n, rendered);
}
