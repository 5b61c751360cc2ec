/*
 * The HTML back-end of the documents: one self-contained page that opens
 * offline: CSS inline, the charts inlined from the rendered .svg files, no
 * script and no reference to anything outside the file.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

#define SVG_MAX		(64 * MIB)

/*
 * A table wider than the window scrolls in its own box with its leading
 * columns that name a row (report_table.nkeys, HTML_KEYS_MAX at most)
 * held at its left edge (position: sticky).  Each such column but the
 * last is set as wide as its longest text, in em: HTML_EM_PER_CHAR per
 * character of a cell (DejaVu Sans and system-ui fonts average 0.55-0.6
 * em; a bold header's 0.68), plus padding and border; the next one's left
 * edge is their sum.
 */
#define HTML_KEYS_MAX		4
#define HTML_EM_PER_CHAR	0.64
#define HTML_EM_PER_HEAD_CHAR	0.72
#define HTML_CELL_PAD_EM	1.6

/*
 * A cell's text of more characters than this gets a column of its own
 * width (td.w); from windows of HTML_NOWRAP_PX up, no shorter text wraps.
 */
#define HTML_WIDE_TEXT		32
#define HTML_NOWRAP_PX		"1000px"

/*
 * The page reads from a phone to a wide screen: tables and charts wider
 * than the window scroll in their own box, with a shadow at the edge that
 * hides more (background-attachment: local), and long words wrap.  The colours
 * of a flagged cell: red, a failed BW check; orange with a bar, stalled;
 * yellow with a bar, noisy; grey, failed or not measured.
 */
static const char html_style[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:2em auto;"
    "max-width:1280px;padding:0 1em;color:" PALETTE_HEX(PALETTE_DOC_TEXT)
    ";line-height:1.4;overflow-wrap:break-word}\n"
    "h1{font-size:1.6em}h2{margin-top:2em;"
    "border-bottom:1px solid " PALETTE_HEX(PALETTE_DOC_RULE) "}h3{margin-bottom:.3em}\n"
    ".scroll,figure{overflow-x:auto;"
    "background:linear-gradient(to right," PALETTE_HEX(PALETTE_DOC_PAPER)
    " 30%," PALETTE_HEX(PALETTE_DOC_PAPER_CLEAR) "),"
    "linear-gradient(to left," PALETTE_HEX(PALETTE_DOC_PAPER)
    " 30%," PALETTE_HEX(PALETTE_DOC_PAPER_CLEAR) ") 100% 0,"
    "radial-gradient(farthest-side at 0 50%," PALETTE_HEX(PALETTE_DOC_SHADOW)
    "," PALETTE_HEX(PALETTE_DOC_CLEAR) "),"
    "radial-gradient(farthest-side at 100% 50%," PALETTE_HEX(PALETTE_DOC_SHADOW)
    "," PALETTE_HEX(PALETTE_DOC_CLEAR) ") 100% 0;"
    "background-repeat:no-repeat;background-size:3em 100%,3em 100%,1em 100%,1em 100%;"
    "background-attachment:local,local,scroll,scroll}\n"
    ".scroll{margin:.5em 0 1.5em}\n"
    "table{border-collapse:collapse;font-size:.9em}\n"
    "th,td{border:1px solid " PALETTE_HEX(PALETTE_DOC_RULE)
    ";padding:.25em .6em;vertical-align:top;box-sizing:border-box}\n"
    "th{background:" PALETTE_HEX(PALETTE_HEADER_BG) ";text-align:left}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "td.w{min-width:16em}@media (min-width:" HTML_NOWRAP_PX "){td{white-space:nowrap}"
    "td.w{white-space:normal}}\n"
    ".mismatch{background:" PALETTE_HEX(PALETTE_MISMATCH_BG) ";color:"
    PALETTE_HEX(PALETTE_MISMATCH_FG) "}\n"
    ".stalled{background:" PALETTE_HEX(PALETTE_STALLED_BG) ";color:" PALETTE_HEX(PALETTE_STALLED_FG)
    ";box-shadow:inset 4px 0 " PALETTE_HEX(PALETTE_STALLED_EDGE) "}\n"
    ".noisy{background:" PALETTE_HEX(PALETTE_NOISY_BG) ";color:" PALETTE_HEX(PALETTE_NOISY_FG)
    ";box-shadow:inset 4px 0 " PALETTE_HEX(PALETTE_NOISY_EDGE) "}\n"
    ".failed{background:" PALETTE_HEX(PALETTE_FAILED_BG)
    ";color:" PALETTE_HEX(PALETTE_DOC_QUIET) "}\n"
    ".key span{padding:0 .4em;margin-right:.5em;white-space:nowrap}.key{font-size:.9em}\n"
    ".pivots .key{width:0;min-width:100%}\n"
    ".meta{color:" PALETTE_HEX(PALETTE_DOC_QUIET)
    "}.note{background:" PALETTE_HEX(PALETTE_NOTE_BG) ";border-left:4px solid "
    PALETTE_HEX(PALETTE_NOTE_EDGE) ";padding:.5em 1em}\n"
    ".pass{color:" PALETTE_HEX(PALETTE_PASS) "}.fail{color:" PALETTE_HEX(PALETTE_ALERT)
    "}.ok{color:"
    PALETTE_HEX(PALETTE_PASS) "}.above{color:" PALETTE_HEX(PALETTE_ABOVE) "}"
    ".burst{color:" PALETTE_HEX(PALETTE_BURST) "}.unsat{color:" PALETTE_HEX(PALETTE_DOC_QUIET)
    "}\n"
    ".note.ok{background:" PALETTE_HEX(PALETTE_OK_BG) ";border-color:" PALETTE_HEX(PALETTE_PASS) "}"
    ".note.burst{background:" PALETTE_HEX(PALETTE_BURST_BG) ";border-color:"
    PALETTE_HEX(PALETTE_BURST) "}.note.above{background:" PALETTE_HEX(PALETTE_ABOVE_BG)
    ";border-color:" PALETTE_HEX(PALETTE_ABOVE) "}.note.unsat{background:"
    PALETTE_HEX(PALETTE_UNSAT_BG) ";border-color:" PALETTE_HEX(PALETTE_DOC_UNSAT_EDGE)
    "}.note.fail{background:"
    PALETTE_HEX(PALETTE_FAIL_BG) ";border-color:" PALETTE_HEX(PALETTE_ALERT) "}"
    ".note:is(.ok,.burst,.above,.unsat,.fail){color:" PALETTE_HEX(PALETTE_DOC_TEXT) "}\n"
    ".toc{background:" PALETTE_HEX(PALETTE_TOC_BG)
    ";border:1px solid " PALETTE_HEX(PALETTE_DOC_BOX) ";padding:.5em 1em;margin:1.5em 0}\n"
    ".toc ol{margin:.3em 0;padding-left:1.6em;columns:2 16em;column-gap:2em}\n"
    ".toc ol ol{columns:auto;font-size:.9em;margin:0}.toc li{break-inside:avoid}\n"
    "figure{margin:1em 0}\n"
    "figure svg{display:block;width:100%;max-width:max-content;height:auto;"
    "border:1px solid " PALETTE_HEX(PALETTE_DOC_FRAME) ";box-sizing:border-box}\n"
    ".sk1 tr>:nth-child(-n+1),.sk2 tr>:nth-child(-n+2),.sk3 tr>:nth-child(-n+3),"
    ".sk4 tr>:nth-child(-n+4){position:sticky;z-index:1}\n"
    ":is(.sk1,.sk2,.sk3,.sk4){border-collapse:separate;border-spacing:0}"
    ":is(.sk1,.sk2,.sk3,.sk4) :is(th,td){border-width:0 1px 1px 0}"
    ":is(.sk1,.sk2,.sk3,.sk4) tr>:first-child{border-left-width:1px}"
    ":is(.sk1,.sk2,.sk3,.sk4) tr:first-child>*{border-top-width:1px}\n"
    ".sk1 tr>:nth-child(1){left:0}:is(.sk2,.sk3,.sk4) tr>:nth-child(1){left:0;"
    "min-width:var(--w1)}:is(.sk2,.sk3,.sk4) tr>:nth-child(2){left:var(--l2)}"
    ":is(.sk3,.sk4) tr>:nth-child(2){min-width:var(--w2)}:is(.sk3,.sk4) tr>:nth-child(3)"
    "{left:var(--l3)}.sk4 tr>:nth-child(3){min-width:var(--w3)}"
    ".sk4 tr>:nth-child(4){left:var(--l4)}\n"
    ":where(.sk1 tr>td:nth-child(-n+1),.sk2 tr>td:nth-child(-n+2),.sk3 tr>td:nth-child(-n+3),"
    ".sk4 tr>td:nth-child(-n+4)){background-color:" PALETTE_HEX(PALETTE_DOC_PAPER) "}\n"
    ".sk1 tr>:nth-child(1),.sk2 tr>:nth-child(2),.sk3 tr>:nth-child(3),"
    ".sk4 tr>:nth-child(4){box-shadow:inset -2px 0 " PALETTE_HEX(PALETTE_DOC_EDGE) "}\n"
    "figcaption{color:" PALETTE_HEX(PALETTE_DOC_QUIET) ";font-size:.9em}\n"
    ".pivots{display:flex;flex-wrap:wrap;gap:0 2em}.pivots>div{min-width:0;max-width:100%}\n";

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

/* <h1> to <h3>, with the anchor of its entry in the contents if it has one. */
static void
html_heading_begin(struct doc *d, unsigned level)
{
	if (d->anchor != NULL)
		fprintf(d->f, "<h%u id=\"%s\">", level, d->anchor);
	else
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

/* The class of a flagged cell: what needs a look most comes first; NULL if none. */
static const char *
html_flag_class(unsigned flag)
{
	if (flag & REPORT_FLAG_MISMATCH)
		return "mismatch";
	if (flag & REPORT_FLAG_STALLED)
		return "stalled";
	if (flag & REPORT_FLAG_NOISY)
		return "noisy";
	if (flag & REPORT_FLAG_FAILED)
		return "failed";
	if (flag & VIEW_BETTER)
		return "better";
	if (flag & VIEW_WORSE)
		return "worse";
	return NULL;
}

/*
 * What the colours of a table mean, below it when it has a stalled or
 * noisy cell (whose colours no paragraph names): one swatch per kind
 * present, in the colours of the cells.
 */
static void
html_table_key(struct doc *d, unsigned flags)
{
	if ((flags & (REPORT_FLAG_STALLED | REPORT_FLAG_NOISY)) == 0)
		return;
	fputs("<p class=\"key\">Marked cells: ", d->f);
	if (flags & REPORT_FLAG_MISMATCH)
		fputs("<span class=\"mismatch\">&#8800; failed BW check</span>", d->f);
	if (flags & REPORT_FLAG_STALLED)
		fputs("<span class=\"stalled\">&#9888; stalled cell</span>", d->f);
	if (flags & REPORT_FLAG_NOISY)
		fputs("<span class=\"noisy\">&#9888; noisy cell</span>", d->f);
	if (flags & REPORT_FLAG_FAILED)
		fputs("<span class=\"failed\">failed or not measured</span>", d->f);
	fputs("(hover a cell for the reason).</p>\n", d->f);
}

/*
 * The start of a cell, "<td class=...": n, a figure (right-aligned, never
 * wrapped); w, a text longer than HTML_WIDE_TEXT, in a column wide enough
 * that it does not wrap word by word when the table is wider than the
 * window, and the one kind of cell that wraps in a wide window ("512 B,
 * QD1" stays on one line there); the flag.
 */
static void
html_td(struct doc *d, bool numeric, const char *flag, const char *text)
{
	bool wide = !numeric && text != NULL && strlen(text) > HTML_WIDE_TEXT;

	fputs("<td", d->f);
	if (!numeric && !wide && flag == NULL)
		return;
	fprintf(d->f, " class=\"%s%s%s\"", numeric ? "n" : wide ? "w" : "",
	    flag != NULL && (numeric || wide) ? " " : "", flag != NULL ? flag : "");
}

/* The width of column c of t in em, as wide as its longest text (HTML_EM_PER_CHAR). */
static double
html_col_em(const struct report_table *t, unsigned c)
{
	double em = 0, w;
	const char *p, *s;
	unsigned r, n;

	for (r = 0; r < t->nrows; r++) {
		if ((s = t->text[(size_t)r * t->ncols + c]) == NULL)
			continue;
		/* characters (not UTF-8 continuation bytes); a header's longest word, as it wraps */
		for (p = s, n = 0; ; p++) {
			if (*p == '\0' || (r == 0 && *p == ' ')) {
				w = n * (r == 0 ? HTML_EM_PER_HEAD_CHAR : HTML_EM_PER_CHAR);
				em = w > em ? w : em;
				n = 0;
				if (*p == '\0')
					break;
			} else if ((*p & 0xc0) != 0x80)
				n++;
		}
	}
	return em + HTML_CELL_PAD_EM;
}

/*
 * <table>, with its leading columns that name a row (nkeys, at least the
 * first) held in view when it scrolls sideways: class skN and the left
 * edge of each after the first (--l2 ...), widths held with min-width.
 */
static void
html_table_open(struct doc *d, const struct report_table *t)
{
	unsigned c, k = t->nkeys > 0 ? t->nkeys : 1;
	double left = 0, w;

	if (k > HTML_KEYS_MAX)
		k = HTML_KEYS_MAX;
	if (t->ncols <= k + 1) {
		fputs("<table>\n", d->f);
		return;
	}
	fprintf(d->f, "<table class=\"sk%u\"", k);
	if (k > 1) {
		fputs(" style=\"", d->f);
		for (c = 0; c + 1 < k; c++) {
			/* to the tenth printed, so that the left edges add up to the widths */
			w = ceil(html_col_em(t, c) * 10) / 10;
			fprintf(d->f, "--w%u:%.1fem;", c + 1, w);
			left += w;
			fprintf(d->f, "--l%u:%.1fem;", c + 2, left);
		}
		fputc('"', d->f);
	}
	fputs(">\n", d->f);
}

/*
 * A table as HTML, in a box that scrolls sideways when the table is wider
 * than the window; flagged cells get a class, the reason as a tooltip, and
 * a failed BW check its mark (REPORT_MISMATCH_MARK).
 */
static void
html_table(struct doc *d, const struct report_table *t)
{
	FILE *f = d->f;
	unsigned r, c, flags = 0;

	fputs("<div class=\"scroll\">", f);
	html_table_open(d, t);
	for (r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (c = 0; c < t->ncols; c++) {
			size_t i = (size_t)r * t->ncols + c;
			const char *cls = html_flag_class(t->flag[i]);

			if (r == 0) {
				fputs("<th>", f);
				html_text(d, t->text[i] != NULL ? t->text[i] : "");
				fputs("</th>", f);
				continue;
			}
			flags |= t->flag[i];
			html_td(d, t->numeric[c], cls, t->text[i]);
			if (t->why[i] != NULL) {
				fputs(" title=\"", f);
				html_text(d, t->why[i]);
				fputc('"', f);
			}
			fputc('>', f);
			html_text(d, t->text[i] != NULL ? t->text[i] : "");
			if (t->flag[i] & REPORT_FLAG_MISMATCH)
				fputs(" &#8800;", f);	/* REPORT_MISMATCH_MARK */
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
	html_table_key(d, flags);
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
 * Copy an .svg (its text) into the page from its <svg> element on.  Each
 * chart's ids get the prefix cN- so that two charts' gnuplot ids (gpPt0,
 * gnuplot_canvas) cannot collide in one document.
 */
static int
html_svg(FILE *out, const char *text, unsigned n)
{
	static const char *const refs[] = { "id='", "id=\"", "href='#", "href=\"#", "url(#" };
	const char *p = strstr(text, "<svg");
	size_t k;

	if (p == NULL)
		return -EINVAL;
	for (; *p != '\0'; p++) {
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
	return 0;
}

/*
 * A chart inlined from dir/STEM.svg with its anchor and its caption,
 * scaled to the column with its legend (its viewBox, width 100%, height
 * auto: the style sheet); a note when it cannot be read.
 */
static void
html_figure(struct doc *d, const char *dir, const struct report_chart *chart, unsigned n,
    unsigned rendered)
{
	char *path = xasprintf("%s/%s.svg", dir, chart->stem), *text;
	int err = html_slurp(path, &text);

	(void)rendered;
	fputs("<figure", d->f);
	if (d->anchor != NULL)
		fprintf(d->f, " id=\"%s\"", d->anchor);
	fputs(">\n", d->f);
	if (err != 0 || html_svg(d->f, text, n) != 0) {
		fputs("<p class=\"note\">", d->f);
		html_text(d, path);
		fputs(": could not be read</p>\n", d->f);
	}
	fputs("\n<figcaption>", d->f);
	html_text(d, chart->title);
	fputs("</figcaption>\n</figure>\n", d->f);
	free(text);
	free(path);
}

/*
 * The table of contents: a numbered list of the sections, the charts
 * listed under theirs (an entry is at most one level below the one before).
 */
static void
html_contents(struct doc *d, FILE *f)
{
	unsigned i, level = 0;
	FILE *body = d->f;

	d->f = f;
	fputs("<nav class=\"toc\" aria-label=\"Contents\"><strong>Contents</strong>\n", f);
	for (i = 0; i < d->ntoc; i++) {
		const struct doc_entry *e = &d->toc[i];
		unsigned want = e->level > level + 1 ? level + 1 : e->level;

		if (want > level)
			fputs(level++ == 0 ? "<ol>\n" : "\n<ol>\n", f);
		else {
			fputs("</li>\n", f);
			for (; level > want; level--)
				fputs("</ol></li>\n", f);
		}
		fprintf(f, "<li><a href=\"#%s\">", e->id);
		html_text(d, e->title);
		fputs("</a>", f);
	}
	fputs("</li>\n", f);
	for (; level > 1; level--)
		fputs("</ol></li>\n", f);
	fputs("</ol>\n</nav>\n", f);
	d->f = body;
}

/* A verbatim block: <pre>, escaped. */
static void
html_pre(struct doc *d, const char *cls, const char *text)
{
	html_open(d, "pre", cls);
	html_text(d, text);
	fputs("</pre>\n", d->f);
}

/* A word in bold, coloured by its class. */
static void
html_word(struct doc *d, const char *cls, const char *text)
{
	html_open(d, "strong", cls);
	html_text(d, text);
	fputs("</strong>", d->f);
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
	.contents = html_contents,
	.pre = html_pre,
	.word = html_word,
};
