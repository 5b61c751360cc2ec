/*
 * The document back-end: a report or comparison is written once, block by
 * block (headings, paragraphs, lists, tables, figures, notes) and span by
 * span, and the format's struct doc_ops (doc-md.c, doc-html.c) turns each
 * call into its markup.  The document is built in memory and saved whole.
 * Its level 2 headings and its charts are the entries of a table of
 * contents, which a format with a contents op gets before the first of
 * them, each entry linking to an anchor of the heading or chart.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/* Start an empty document in memory in the format of ops. */
int
doc_open(struct doc *d, const struct doc_ops *ops)
{
	memset(d, 0, sizeof *d);
	d->ops = ops;
	d->toc_at = -1;
	d->f = open_memstream(&d->buf, &d->len);
	return d->f != NULL ? 0 : -errno;
}

/*
 * A new entry of the table of contents titled title, its anchor made of
 * key's letters and digits ("BW = IOPS x bs checks": bw-iops-x-bs-checks),
 * or "section-N" when there are none, with "-2" and on when an earlier
 * entry has it.  The first entry marks where the contents go.
 */
static const char *
doc_entry_add(struct doc *d, unsigned level, const char *key, const char *title)
{
	struct doc_entry *e;
	char slug[sizeof e->id - 8];
	size_t n = 0;
	unsigned i, k = 1;
	const char *p;

	for (p = key; *p != '\0' && n < sizeof slug - 1; p++)
		if (isalnum((unsigned char)*p) && ((unsigned char)*p < 0x80))
			slug[n++] = (char)tolower((unsigned char)*p);
		else if (n > 0 && slug[n - 1] != '-')
			slug[n++] = '-';
	while (n > 0 && slug[n - 1] == '-')
		n--;
	slug[n] = '\0';
	if (n == 0)
		snprintf(slug, sizeof slug, "section-%u", d->ntoc + 1);
	if (d->ntoc == 0) {
		fflush(d->f);
		d->toc_at = (long)d->len;
	}
	d->toc = xrealloc(d->toc, (d->ntoc + 1) * sizeof *d->toc);
	e = &d->toc[d->ntoc];
	e->level = level;
	e->title = xstrdup(title);
	snprintf(e->id, sizeof e->id, "%s", slug);
	for (i = 0; i < d->ntoc; i++)
		if (strcmp(d->toc[i].id, e->id) == 0) {
			snprintf(e->id, sizeof e->id, "%s-%u", slug, ++k);
			i = (unsigned)-1;	/* the new id against every entry again */
		}
	return d->toc[d->ntoc++].id;
}

/* Free the table of contents. */
static void
doc_entries_free(struct doc *d)
{
	unsigned i;

	for (i = 0; i < d->ntoc; i++)
		free(d->toc[i].title);
	free(d->toc);
	d->toc = NULL;
	d->ntoc = 0;
}

/* The document with its table of contents put in at d->toc_at.  Caller frees. */
static int
doc_with_contents(struct doc *d, char **out, size_t *outlen)
{
	FILE *f = open_memstream(out, outlen);
	size_t at = (size_t)d->toc_at;

	if (f == NULL)
		return -errno;
	fwrite(d->buf, 1, at, f);
	d->ops->contents(d, f);
	fwrite(d->buf + at, 1, d->len - at, f);
	return fclose(f) == 0 ? 0 : -ENOMEM;
}

/* Write the document to path whole or not at all, and free it. */
int
doc_save(struct doc *d, const char *path)
{
	char *whole = NULL;
	size_t len = 0;
	int err;

	if (fclose(d->f) != 0) {
		free(d->buf);
		doc_entries_free(d);
		return -ENOMEM;
	}
	if (d->ops->contents != NULL && d->ntoc > 0 && d->toc_at >= 0 &&
	    (size_t)d->toc_at <= d->len) {
		err = doc_with_contents(d, &whole, &len);
		if (err == 0)
			err = write_file_atomic(path, whole, len);
		free(whole);
	} else
		err = write_file_atomic(path, d->buf, d->len);
	free(d->buf);
	doc_entries_free(d);
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

/* A heading of our own words (level 1 is the title; level 2 is in the contents). */
void
doc_heading(struct doc *d, unsigned level, const char *words)
{
	if (level == 2 && d->ops->contents != NULL)
		d->anchor = doc_entry_add(d, 1, words, words);
	d->ops->heading_begin(d, level);
	d->anchor = NULL;
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

/* Text such as a date or a version: as it is in Markdown but for tags, code and links; escaped in HTML. */
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

/*
 * A table; flagged cells are marked.  A table cut short (a large run,
 * report_table_full) is followed by how many rows it leaves out and where
 * they all are.
 */
void
doc_table(struct doc *d, const struct report_table *t)
{
	char *note, a[32], b[32];

	d->ops->table(d, t);
	if (t->nleft_out == 0)
		return;
	note = xasprintf("This table lists the first %s of %s rows: a run of this size is too large "
	    "to list here cell by cell; results.csv and report.xlsx have every cell.",
	    view_num(t->nrows - 1, 0, a, sizeof a), view_num(t->nrows - 1 + t->nleft_out, 0, b,
	    sizeof b));
	doc_para(d, "note", note);
	free(note);
}

/*
 * Chart n of the document, from dir/STEM.png or .svg as rendered (a mask
 * of REPORT_PNG | REPORT_SVG): linked in Markdown, inlined in HTML.
 */
void
doc_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
    unsigned rendered)
{
	char key[sizeof chart->stem + 8];

	if (d->ops->contents != NULL) {
		snprintf(key, sizeof key, "chart-%s", chart->stem);
		d->anchor = doc_entry_add(d, 2, key, chart->title);
	}
	d->ops->figure(d, dir, chart, n, rendered);
	d->anchor = NULL;
}

/* Text kept as it is, lines and all (a ticket to copy): a fenced block, a <pre>; cls for HTML. */
void
doc_pre(struct doc *d, const char *cls, const char *text)
{
	d->ops->pre(d, cls, text);
}

/* Text in bold, coloured by its class in HTML (a verdict's word: ok, above, unsat, fail). */
void
doc_word(struct doc *d, const char *cls, const char *text)
{
	d->ops->word(d, cls, text);
}
