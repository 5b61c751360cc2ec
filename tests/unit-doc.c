/*
 * The document back-end (doc.c, doc-md.c, doc-html.c): one document written
 * once and saved in both formats, byte for byte: escaping of data text and
 * not of our own words, Markdown's blank line between blocks (none at the
 * end, one after an empty list), classes, a flagged table (a failed BW
 * check, a stalled and a noisy cell, a long text), a note, a figure that
 * cannot be read, and HTML's table of contents of the level 2 headings
 * (two of one name) and the figure, before the first of them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "base/util.h"
#include "render/report.h"

static const char md_want[] =
    "# Title: a\\_b \\<c\\>\n"
    "\n"
    "**Target** `/tmp/x_y` · **Host** h\\|1 · sweep 1.0_rc\n"
    "\n"
    "MiB/s = 2^20 bytes/s.\n"
    "\n"
    "- **read**: ok ⚠\n"
    "- **write**: it's \\*fine\\*\n"
    "\n"
    "\n"
    "## Table\n"
    "\n"
    "| mode | IOPS |\n"
    "| --- | --: |\n"
    "| read | 1,000 ≠ |\n"
    "| stalled: 5 of 6 s below 10% of the level | 12 |\n"
    "| write | 3,000 |\n"
    "\n"
    "## Table\n"
    "\n"
    "> **Warning:** a \\[note\\]\n"
    "\n"
    "![IOPS vs block size](iops.png)\n"
    "\n"
    "Figures from results.json.\n";

static const char html_want_body[] =
    "<h1>Title: a_b &lt;c&gt;</h1>\n"
    "<p class=\"meta\"><strong>Target</strong> <code>/tmp/x_y</code> &middot; "
    "<strong>Host</strong> h|1 &middot; sweep 1.0_rc</p>\n"
    "<p>MiB/s = 2<sup>20</sup> bytes/s.</p>\n"
    "<ul>\n<li class=\"fail\"><strong>read</strong>: ok &#9888;</li>\n"
    "<li><strong>write</strong>: it&#39;s *fine*</li>\n</ul>\n"
    "<ul>\n</ul>\n"
    "<nav class=\"toc\" aria-label=\"Contents\"><strong>Contents</strong>\n"
    "<ol>\n<li><a href=\"#table\">Table</a></li>\n"
    "<li><a href=\"#table-2\">Table</a>\n<ol>\n"
    "<li><a href=\"#chart-iops\">IOPS vs block size</a></li>\n"
    "</ol></li>\n</ol>\n</nav>\n"
    "<h2 id=\"table\">Table</h2>\n"
    "<div class=\"wide\">\n"
    "<div class=\"scroll\"><table>\n<tr><th>mode</th><th>IOPS</th></tr>\n"
    "<tr><td>read</td><td class=\"n mismatch\" title=\"a &quot;why&quot;\">1,000 &#8800;</td>"
    "</tr>\n"
    "<tr><td class=\"w stalled\" title=\"stalled\">stalled: 5 of 6 s below 10% of the level</td>"
    "<td class=\"n\">12</td></tr>\n"
    "<tr><td class=\"noisy\">write</td><td class=\"n noisy\">3,000</td></tr>\n"
    "</table></div>\n"
    "<p class=\"key\">Marked cells: <span class=\"mismatch\">&#8800; failed BW check</span>"
    "<span class=\"stalled\">&#9888; stalled cell</span>"
    "<span class=\"noisy\">&#9888; noisy cell</span>(hover a cell for the reason).</p>\n"
    "</div>\n"
    "<h2 id=\"table-2\">Table</h2>\n"
    "<p class=\"note\"><strong>Warning:</strong> a [note]</p>\n"
    "<figure id=\"chart-iops\">\n<p class=\"note\">/nonexistent/iops.svg: could not be read</p>\n"
    "\n<figcaption>IOPS vs block size</figcaption>\n"
    "</figure>\n"
    "<p class=\"meta\">Figures from results.json.</p>\n"
    "</body>\n</html>\n";

/* The document, written once for every format. */
static void
write_doc(struct doc *d)
{
	static const char *const head[] = { "mode", "IOPS" };
	struct report_chart chart = { "iops", "IOPS vs block size" };
	struct report_table t;

	doc_begin(d, "sweep: a_b <c>", NULL);
	doc_heading_begin(d, 1);
	doc_raw(d, "Title: ");
	doc_text(d, "a_b <c>");
	doc_heading_end(d, 1);
	doc_para_begin(d, "meta");
	doc_strong(d, "Target");
	doc_raw(d, " ");
	doc_code(d, "/tmp/x_y");
	doc_sep(d);
	doc_strong(d, "Host");
	doc_raw(d, " ");
	doc_text(d, "h|1");
	doc_sep(d);
	doc_raw(d, "sweep ");
	doc_plain(d, "1.0_rc");
	doc_para_end(d);
	doc_para_begin(d, NULL);
	doc_raw(d, "MiB/s = 2");
	doc_sup(d, "20");
	doc_raw(d, " bytes/s.");
	doc_para_end(d);
	doc_list_begin(d);
	doc_item_begin(d, "fail");
	doc_strong(d, "read");
	doc_raw(d, ": ok");
	doc_flag(d);
	doc_item_end(d);
	doc_item_begin(d, NULL);
	doc_strong(d, "write");
	doc_raw(d, ": ");
	doc_text(d, "it's *fine*");
	doc_item_end(d);
	doc_list_end(d);
	doc_list_begin(d);
	doc_list_end(d);
	doc_heading(d, 2, "Table");
	doc_group_begin(d, "wide");
	report_table_init(&t, "t", 2, head);
	t.numeric[1] = true;
	report_table_add_row(&t);
	report_table_set(&t, 1, 0, "read");
	report_table_set(&t, 1, 1, "%s", "1,000");
	report_table_flag(&t, 1, 1, REPORT_FLAG_MISMATCH, "a \"why\"");
	report_table_add_row(&t);
	report_table_set(&t, 2, 0, "stalled: 5 of 6 s below 10%% of the level");
	report_table_set(&t, 2, 1, "12");
	report_table_flag(&t, 2, 0, REPORT_FLAG_STALLED, "stalled");
	report_table_add_row(&t);
	report_table_set(&t, 3, 0, "write");
	report_table_set(&t, 3, 1, "3,000");
	report_table_flag(&t, 3, 0, REPORT_FLAG_NOISY, NULL);
	report_table_flag(&t, 3, 1, REPORT_FLAG_NOISY, NULL);
	doc_table(d, &t);
	report_table_free(&t);
	doc_group_end(d);
	doc_heading(d, 2, "Table");
	doc_note(d, "Warning:", "a [note]");
	doc_figure(d, "/nonexistent", &chart, 0, REPORT_PNG | REPORT_SVG);
	doc_para(d, "meta", "Figures from results.json.");
	doc_end(d);
}

/* The document saved in a format, as a string.  Caller frees. */
static char *
save_doc(const struct doc_ops *ops)
{
	char path[] = "/tmp/unit-doc.XXXXXX", *text;
	struct doc d;
	FILE *f;
	long len;
	int fd = mkstemp(path);

	if (fd < 0)
		return NULL;
	close(fd);
	CHECK(doc_open(&d, ops) == 0, "doc_open %s", ops->name);
	write_doc(&d);
	CHECK(doc_save(&d, path) == 0, "doc_save %s", path);
	f = fopen(path, "r");
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)len + 1);
	if (text != NULL && fread(text, 1, (size_t)len, f) != (size_t)len)
		text[0] = '\0';
	fclose(f);
	unlink(path);
	return text;
}

/*
 * A chart's .svg inlined: its ids prefixed with the chart's number, with
 * no width floor (it scales to the column by its viewBox); alone in a
 * document, the chart is the one entry of the contents.
 */
static void
check_svg(void)
{
	static const char svg[] = "<?xml version=\"1.0\"?>\n<svg width=\"1200\" height=\"800\" "
	    "viewBox=\"0 0 1200 800\">\n<g id=\"gnuplot_canvas\" font-size=\"10.00\">"
	    "<use xlink:href='#gpPt1'/><text font-size=\"12.00\">k</text></g></svg>\n";
	static const char want[] = "<nav class=\"toc\" aria-label=\"Contents\"><strong>Contents"
	    "</strong>\n<ol>\n<li><a href=\"#chart-iops\">IOPS</a></li>\n</ol>\n</nav>\n"
	    "<figure id=\"chart-iops\">\n<svg width=\"1200\" "
	    "height=\"800\" viewBox=\"0 0 1200 800\">\n<g id=\"c3-gnuplot_canvas\" "
	    "font-size=\"10.00\"><use xlink:href='#c3-gpPt1'/><text font-size=\"12.00\">k</text>"
	    "</g></svg>\n\n<figcaption>IOPS</figcaption>\n</figure>\n</body>";
	struct report_chart chart = { "iops", "IOPS" };
	char dir[] = "/tmp/unit-doc-svg.XXXXXX", *path, *text = NULL;
	struct doc d;
	FILE *f;

	if (mkdtemp(dir) == NULL)
		return;
	path = xasprintf("%s/iops.svg", dir);
	f = fopen(path, "w");
	CHECK(f != NULL && fputs(svg, f) >= 0 && fclose(f) == 0, "%s written", path);
	CHECK(doc_open(&d, &doc_html) == 0, "doc_open html");
	doc_begin(&d, "svg", NULL);
	doc_figure(&d, dir, &chart, 3, REPORT_SVG);
	doc_end(&d);
	free(path);
	path = xasprintf("%s/page.html", dir);
	CHECK(doc_save(&d, path) == 0, "doc_save %s", path);
	f = fopen(path, "r");
	if (f != NULL) {
		text = calloc(1, 65536);
		if (text != NULL && fread(text, 1, 65535, f) == 0)
			text[0] = '\0';
		fclose(f);
	}
	CHECK(text != NULL && strstr(text, want) != NULL, "the inlined chart: %s", text);
	free(text);
	unlink(path);
	free(path);
	path = xasprintf("%s/iops.svg", dir);
	unlink(path);
	free(path);
	rmdir(dir);
}

int
main(void)
{
	char *md = save_doc(&doc_md), *html = save_doc(&doc_html);
	const char *body;

	CHECK(md != NULL && html != NULL, "saved");
	if (md == NULL || html == NULL)
		return 1;
	CHECK_STR(md, md_want);
	CHECK(strncmp(html, "<!DOCTYPE html>\n", 16) == 0, "html starts with its doctype");
	CHECK(strstr(html, "<title>sweep: a_b &lt;c&gt;</title>\n<style>\n") != NULL,
	    "html title escaped: %.300s", html);
	body = strstr(html, "<body>\n");
	CHECK(body != NULL, "html has a body");
	if (body != NULL)
		CHECK_STR(body + 7, html_want_body);
	CHECK(doc_md.compact && !doc_html.compact, "Markdown is the compact format");
	check_svg();
	free(md);
	free(html);
	printf("%d checks, %d failed\n", check_count, check_failed);
	return check_failed > 0;
}
