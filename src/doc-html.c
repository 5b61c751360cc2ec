/*
 * The HTML back-end of the documents: one self-contained page that opens
 * offline: CSS inline, the charts inlined from the rendered .svg files, no
 * script and no reference to anything outside the file.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SVG_MAX		(64 * MIB)

static const char html_style[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:2em auto;"
    "max-width:1280px;padding:0 1em;color:#222;line-height:1.4}\n"
    "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-bottom:.3em}\n"
    "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}\n"
    "th,td{border:1px solid #ccc;padding:.25em .6em;vertical-align:top}\n"
    "th{background:#f0f0f0;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "td.mismatch{background:#fde2e2;color:#8a0000}td.failed{background:#fff2cc}\n"
    ".meta{color:#555}.note{background:#fff8e1;border-left:4px solid #f0b400;padding:.5em 1em}\n"
    ".pass{color:#1a7f37}.fail{color:#b00020}\n"
    "figure{margin:1em 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}\n"
    "figcaption{color:#555;font-size:.9em}\n"
    ".pivots{display:flex;flex-wrap:wrap;gap:0 2em}\n";

/* Text as HTML: & < > " ' escaped. */
static void
html_text(struct doc *d, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", d->f);
			break;
		case '<':
			fputs("&lt;", d->f);
			break;
		case '>':
			fputs("&gt;", d->f);
			break;
		case '"':
			fputs("&quot;", d->f);
			break;
		case '\'':
			fputs("&#39;", d->f);
			break;
		default:
			fputc(*s, d->f);
		}
	}
}

/* The head: title and the style sheet, then style (a document's own rules) if any. */
static void
html_begin(struct doc *d, const char *title, const char *style)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", d->f);
	html_text(d, title);
	fprintf(d->f, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", html_style,
	    style != NULL ? style : "");
}

/* The end of the body and the page. */
static void
html_end(struct doc *d)
{
	fputs("</body>\n</html>\n", d->f);
}

/* <h1> to <h3>. */
static void
html_heading_begin(struct doc *d, unsigned level)
{
	fprintf(d->f, "<h%u>", level);
}

/* Closes the heading. */
static void
html_heading_end(struct doc *d, unsigned level)
{
	fprintf(d->f, "</h%u>\n", level);
}

/* An opening tag with its class, if any: <p>, <p class="note">. */
static void
html_open(struct doc *d, const char *tag, const char *cls)
{
	if (cls != NULL)
		fprintf(d->f, "<%s class=\"%s\">", tag, cls);
	else
		fprintf(d->f, "<%s>", tag);
}

/* A paragraph, with its class if any. */
static void
html_para_begin(struct doc *d, const char *cls)
{
	html_open(d, "p", cls);
}

/* Closes the paragraph. */
static void
html_para_end(struct doc *d)
{
	fputs("</p>\n", d->f);
}

/* A bulleted list. */
static void
html_list_begin(struct doc *d)
{
	fputs("<ul>\n", d->f);
}

/* Closes the list. */
static void
html_list_end(struct doc *d)
{
	fputs("</ul>\n", d->f);
}

/* An item, with its class if any ("fail": red). */
static void
html_item_begin(struct doc *d, const char *cls)
{
	html_open(d, "li", cls);
}

/* Closes the item. */
static void
html_item_end(struct doc *d)
{
	fputs("</li>\n", d->f);
}

/* A <div> that lays blocks out together (class "pivots": side by side). */
static void
html_group_begin(struct doc *d, const char *cls)
{
	html_open(d, "div", cls);
	fputc('\n', d->f);
}

/* Closes the <div>. */
static void
html_group_end(struct doc *d)
{
	fputs("</div>\n", d->f);
}

/* Bold text, escaped. */
static void
html_strong(struct doc *d, const char *s)
{
	fputs("<strong>", d->f);
	html_text(d, s);
	fputs("</strong>", d->f);
}

/* A path or command in <code>, escaped. */
static void
html_code(struct doc *d, const char *s)
{
	fputs("<code>", d->f);
	html_text(d, s);
	fputs("</code>", d->f);
}

/* A superscript. */
static void
html_sup(struct doc *d, const char *s)
{
	fputs("<sup>", d->f);
	html_text(d, s);
	fputs("</sup>", d->f);
}

/* The separator of the fields of a line. */
static void
html_sep(struct doc *d)
{
	fputs(" &middot; ", d->f);
}

/* The warning sign. */
static void
html_flag(struct doc *d)
{
	fputs(" &#9888;", d->f);
}

/* A note: a boxed paragraph with its label in bold. */
static void
html_note(struct doc *d, const char *label, const char *text)
{
	fputs("<p class=\"note\">", d->f);
	html_strong(d, label);
	fputc(' ', d->f);
	html_text(d, text);
	fputs("</p>\n", d->f);
}

/* A table as HTML; flagged cells get a class, the reason as a tooltip, and a warning sign. */
static void
html_table(struct doc *d, const struct report_table *t)
{
	FILE *f = d->f;
	unsigned r, c;

	fputs("<table>\n", f);
	for (r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (c = 0; c < t->ncols; c++) {
			size_t i = (size_t)r * t->ncols + c;
			const char *cls = t->flag[i] & REPORT_FLAG_MISMATCH ? "mismatch" :
			    t->flag[i] & REPORT_FLAG_FAILED ? "failed" : NULL;

			if (r == 0) {
				fputs("<th>", f);
				html_text(d, t->text[i] != NULL ? t->text[i] : "");
				fputs("</th>", f);
				continue;
			}
			fputs("<td", f);
			if (cls != NULL || t->numeric[c])
				fprintf(f, " class=\"%s%s%s\"", t->numeric[c] ? "n" : "",
				    t->numeric[c] && cls != NULL ? " " : "", cls != NULL ? cls : "");
			if (t->why[i] != NULL) {
				fputs(" title=\"", f);
				html_text(d, t->why[i]);
				fputc('"', f);
			}
			fputc('>', f);
			html_text(d, t->text[i] != NULL ? t->text[i] : "");
			if (t->flag[i] & REPORT_FLAG_MISMATCH)
				html_flag(d);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* The text of a file (an .svg, SVG_MAX at most) in a string.  Caller frees. */
static int
html_slurp(const char *path, char **out)
{
	FILE *f = fopen(path, "re");
	char *text;
	size_t len = 0, cap = 65536;
	int err = 0;

	*out = NULL;
	if (f == NULL)
		return -errno;
	text = xmalloc(cap);
	while (!feof(f) && !ferror(f)) {
		if (cap - len < 4096) {
			if (cap >= SVG_MAX) {
				err = -EFBIG;
				break;
			}
			text = xrealloc(text, cap *= 2);
		}
		len += fread(text + len, 1, cap - len - 1, f);
	}
	if (ferror(f))
		err = -EIO;
	fclose(f);
	text[len] = '\0';
	*out = text;
	return err;
}

/*
 * Copy an .svg into the page from its <svg> element on.  Each chart's ids
 * get the prefix cN- so that two charts' gnuplot ids (gpPt0, gnuplot_canvas)
 * cannot collide in one document.
 */
static int
html_svg(FILE *out, const char *path, unsigned n)
{
	static const char *const refs[] = { "id='", "id=\"", "href='#", "href=\"#", "url(#" };
	char *text, *p;
	size_t k;
	int err = html_slurp(path, &text);

	if (text == NULL)
		return err;
	p = strstr(text, "<svg");
	if (err == 0 && p == NULL)
		err = -EINVAL;
	for (; err == 0 && *p != '\0'; p++) {
		for (k = 0; k < sizeof refs / sizeof refs[0]; k++)
			if (strncmp(p, refs[k], strlen(refs[k])) == 0)
				break;
		if (k < sizeof refs / sizeof refs[0]) {
			fputs(refs[k], out);
			fprintf(out, "c%u-", n);
			p += strlen(refs[k]) - 1;
			continue;
		}
		fputc(*p, out);
	}
	free(text);
	return err;
}

/* A chart inlined from dir/STEM.svg, with its caption; a note when it cannot be read. */
static void
html_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
    unsigned rendered)
{
	char *path = xasprintf("%s/%s.svg", dir, chart->stem);

	(void)rendered;
	fputs("<figure>\n", d->f);
	if (html_svg(d->f, path, n) != 0) {
		fputs("<p class=\"note\">", d->f);
		html_text(d, path);
		fputs(": could not be read</p>\n", d->f);
	}
	fputs("\n<figcaption>", d->f);
	html_text(d, chart->title);
	fprintf(d->f, " (%s.svg; the data is in %s.dat)</figcaption>\n</figure>\n", chart->stem,
	    chart->stem);
	free(path);
}

/* Not compact: a page has room for the knee column and every table. */
const struct doc_ops doc_html = {
	.name = "html",
	.compact = false,
	.figures = REPORT_SVG,
	.begin = html_begin,
	.end = html_end,
	.heading_begin = html_heading_begin,
	.heading_end = html_heading_end,
	.para_begin = html_para_begin,
	.para_end = html_para_end,
	.list_begin = html_list_begin,
	.list_end = html_list_end,
	.item_begin = html_item_begin,
	.item_end = html_item_end,
	.group_begin = html_group_begin,
	.group_end = html_group_end,
	.text = html_text,
	.plain = html_text,
	.strong = html_strong,
	.code = html_code,
	.sup = html_sup,
	.sep = html_sep,
	.flag = html_flag,
	.note = html_note,
	.table = html_table,
	.figure = html_figure,
};
