#!/usr/bin/env python3
"""Checks of an XLSX workbook written by sweep and of LibreOffice's PDF of it.

  visual-xlsx.py xlsx BOOK.xlsx [RESULTS.json]
      drawing anchors overlap neither each other nor a table (the sheet's
      used range); block-size and queue-depth charts have a category axis
      (c:catAx) and no log2 value axis; every value axis has a #,##0 number
      format and, where it has bounds, every point it draws strictly inside
      them; column ranges do not overlap; every sheet prints landscape, one
      page wide, its first row repeated, or (report.xlsx) at 69% or more,
      pages across, its first columns repeated.  With RESULTS.json (report.xlsx):
      the Saturation sheet is there exactly when a mode has 3 or more depths
      at a block size, with one saturation chart per such mode.
      Prints the chart titles, one a line, to stdout.
  visual-xlsx.py pdf BOOK.xlsx BOOK.pdf PNGDIR
      every page is landscape; each chart is drawn on exactly one page with
      its title, x-axis title and legend (not split), and as many pages have
      a chart as the workbook has charts; PNGDIR has a PNG per page.  Drawn
      means the words are there and so is ink where pdftotext -bbox places
      them, in the 72 dpi renders PNGDIR/page-N.pgm.
  visual-xlsx.py pages BOOK.xlsx BOOK.pdf PNGDIR
      the same but for the PNGs, then "PAGE<TAB>TITLE" for every chart drawn.

Prints one line per failure and exits 1 if any.  Uses only the standard
library, pdftotext and pdfinfo.
"""
import glob
import html
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

NS = {
    "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "xdr": "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def col_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def cell_ref(ref):
    m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", ref)
    return col_index(m.group(1)), int(m.group(2)) - 1


def rels(z, path):
    """Targets of a part's relationships, by id, as paths in the zip."""
    d, base = os.path.split(path)
    rp = d + "/_rels/" + base + ".rels"
    if rp not in z.namelist():
        return {}
    out = {}
    for r in ET.fromstring(z.read(rp)).findall("pr:Relationship", NS):
        out[r.get("Id")] = os.path.normpath(os.path.join(d, r.get("Target")))
    return out


def sheets(z):
    """(name, path of the sheet part) in workbook order."""
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    rid = rels(z, "xl/workbook.xml")
    return [(s.get("name"), rid[s.get("{%s}id" % NS["r"])])
            for s in wb.find("m:sheets", NS).findall("m:sheet", NS)]


def sheet_values(z, path):
    """Numbers of a sheet by (col, row)."""
    vals = {}
    root = ET.fromstring(z.read(path))
    for c in root.iter("{%s}c" % NS["m"]):
        v = c.find("m:v", NS)
        if v is not None and c.get("t") in (None, "n"):
            vals[cell_ref(c.get("r"))] = float(v.text)
    return vals


def text_of(el):
    return "".join(t.text or "" for t in el.iter("{%s}t" % NS["a"])) if el is not None else ""


def ref_values(books, f):
    """The numbers of a range formula 'Sheet'!$C$2:$C$16."""
    m = re.fullmatch(r"'?(.*?)'?!(\$?[A-Z]+\$?\d+)(?::(\$?[A-Z]+\$?\d+))?", f)
    name = m.group(1).replace("''", "'")
    (c0, r0), (c1, r1) = cell_ref(m.group(2)), cell_ref(m.group(3) or m.group(2))
    vals = books[name]
    return [vals[(c, r)] for c in range(c0, c1 + 1) for r in range(r0, r1 + 1) if (c, r) in vals]


def overlap(a, b):
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def check_anchors(z, name, path, root):
    """Anchors of the sheet's drawing against each other and the used range."""
    dim = root.find("m:dimension", NS)
    used = None
    if dim is not None and dim.get("ref") not in (None, "A1"):
        parts = dim.get("ref").split(":")
        (c0, r0), (c1, r1) = cell_ref(parts[0]), cell_ref(parts[-1])
        used = (c0, r0, c1, r1)
    boxes = []
    for target in rels(z, path).values():
        if "/drawings/" not in target:
            continue
        d = ET.fromstring(z.read(target))
        for anc in d.findall("xdr:twoCellAnchor", NS):
            fr, to = anc.find("xdr:from", NS), anc.find("xdr:to", NS)
            box = tuple(int(x.find("xdr:" + k, NS).text) for x in (fr, to) for k in ("col", "row"))
            boxes.append(box)
    for i, a in enumerate(boxes):
        if used and overlap(a, used):
            fail("%s: a chart anchored at %s overlaps the table %s" % (name, a, used))
        for b in boxes[i + 1:]:
            if overlap(a, b):
                fail("%s: charts anchored at %s and %s overlap" % (name, a, b))
    return len(boxes)


def check_print(name, root, titles):
    ps = root.find("m:pageSetup", NS)
    fit = root.find("m:sheetPr/m:pageSetUpPr", NS)
    if ps is None or ps.get("orientation") != "landscape":
        fail("%s: not set to print landscape" % name)
    # one page wide, or (report.xlsx) at 69% or more, pages across, its first columns repeated
    across = (fit is None or fit.get("fitToPage") != "1") and ps is not None and \
        int(ps.get("scale", "100")) >= 69 and name in titles.get("cols", ())
    if not across and (fit is None or fit.get("fitToPage") != "1" or ps is None or
                       ps.get("fitToWidth", "1") != "1" or ps.get("fitToHeight") != "0"):
        fail("%s: not set to print one page wide, nor across at 69%% or more" % name)
    if name not in titles["rows"] and not across:
        fail("%s: no header rows repeated on every page" % name)
    last = -1
    for col in root.findall("m:cols/m:col", NS):
        lo, hi = int(col.get("min")), int(col.get("max"))
        if lo <= last:
            fail("%s: column ranges overlap at column %d" % (name, lo))
        last = max(last, hi)


def check_chart(books, xml, path):
    """One chart: its axes, formats and bounds.  Returns (title, x-axis title)."""
    root = ET.fromstring(xml)
    chart = root.find("c:chart", NS)
    title = " ".join(text_of(chart.find("c:title", NS)).split())
    plot = chart.find("c:plotArea", NS)
    cat = plot.findall("c:catAx", NS)
    vals = plot.findall("c:valAx", NS)
    xtitle = " ".join(text_of((cat or vals)[0].find("c:title", NS)).split())
    legend = [" ".join((v.text or "").split()) for v in plot.findall(".//c:ser/c:tx/c:v", NS)]
    if re.search(r"block size|queue depth", xtitle, re.I) and not cat:
        fail("%s (%s): x axis %r is not a category axis" % (path, title, xtitle))
    if plot.find(".//c:logBase[@val='2']", NS) is not None:
        fail("%s (%s): a log2 value axis" % (path, title))
    # The figures on each value axis: y values, and a scatter chart's x values.
    on_axis = {}
    for ser in plot.iter("{%s}ser" % NS["c"]):
        group = [g for g in plot if ser in list(g)][0]
        ids = [a.get("val") for a in group.findall("c:axId", NS)]
        for tag, axis in (("c:val", ids[1]), ("c:yVal", ids[1]), ("c:xVal", ids[0])):
            f = ser.find(tag + "/c:numRef/c:f", NS)
            if f is not None:
                on_axis.setdefault(axis, []).extend(ref_values(books, f.text))
    for ax in vals:
        aid = ax.find("c:axId", NS).get("val")
        fmt = ax.find("c:numFmt", NS)
        if fmt is None or not fmt.get("formatCode", "").startswith("#,##0"):
            fail("%s (%s): value axis without a #,##0 number format" % (path, title))
        lo = ax.find("c:scaling/c:min", NS)
        hi = ax.find("c:scaling/c:max", NS)
        pts = on_axis.get(aid, [])
        if hi is not None and pts and not max(pts) < float(hi.get("val")):
            fail("%s (%s): a point at %g on an axis ending at %s" % (path, title, max(pts),
                                                                    hi.get("val")))
        if lo is not None and pts and not min(pts) > float(lo.get("val")) and \
                not (min(pts) == 0 and float(lo.get("val")) == 0):
            fail("%s (%s): a point at %g on an axis starting at %s" % (path, title, min(pts),
                                                                      lo.get("val")))
    kind = "bars" if plot.find("c:barChart", NS) is not None else \
        "scatter" if plot.find("c:scatterChart", NS) is not None else "lines"
    return title, xtitle, legend, kind


def curves_expected(results):
    """(mode, jobs) with 3 or more depths (IOPS above 0) at a block size."""
    with open(results) as f:
        res = json.load(f)
    depths = {}
    for c in res["cells"]:
        if (c.get("iops") or 0) > 0:
            depths.setdefault((c["mode"], c["jobs"], c["bs"]), set()).add(c["depth"])
    return {(m, j) for (m, j, _), d in depths.items() if len(d) >= 3}


def check_xlsx(book, results=None):
    z = zipfile.ZipFile(book)
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    titles = {"rows": set(), "cols": set()}
    for d in wb.iter("{%s}definedName" % NS["m"]):
        if d.get("name") != "_xlnm.Print_Titles":
            continue
        sheet = re.sub(r"^'|'$", "", d.text.split("!")[0]).replace("''", "'")
        for part in d.text.split(","):
            ref = part.split("!")[-1]
            titles["cols" if re.fullmatch(r"\$[A-Z]+:\$[A-Z]+", ref) else "rows"].add(sheet)
    books, nanchors = {}, 0
    order = sheets(z)
    for name, path in order:
        books[name] = sheet_values(z, path)
    for name, path in order:
        root = ET.fromstring(z.read(path))
        check_print(name, root, titles)
        nanchors += check_anchors(z, name, path, root)
    charts = sorted((n for n in z.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", n)),
                    key=lambda n: int(re.search(r"\d+", n).group()))
    if nanchors != len(charts):
        fail("%s: %d chart anchors, %d charts" % (book, nanchors, len(charts)))
    out = [check_chart(books, z.read(n), n) for n in charts]
    if results:
        want = curves_expected(results)
        names = [n for n, _ in order]
        sat = [t for t, _, _, _ in out if "IOPS vs queue depth" in t]
        if bool(want) != ("Saturation" in names):
            fail("%s: Saturation sheet %s, but %d modes have 3 or more depths at a block size"
                 % (book, "present" if "Saturation" in names else "missing", len(want)))
        if len(sat) != len(want):
            fail("%s: %d saturation charts, expected %d (%s)" % (book, len(sat), len(want),
                                                                 sorted(want)))
    for t, x, _, k in out:
        print("%s\t%s\t%s" % (t, x, k))


def pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "100000", pdf], capture_output=True,
                          text=True, check=True).stdout
    return [(float(w), float(h)) for w, h in
            re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)]


def pdf_words(pdf, page):
    """The words of a page with their boxes in points: (text, x0, y0, x1, y1)."""
    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-bbox", pdf, "-"],
                         capture_output=True, text=True, check=True).stdout
    return [(html.unescape(t), float(a), float(b), float(c), float(d)) for a, b, c, d, t in
            re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                       r'yMax="([\d.]+)">([^<]*)</word>', out)]


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    return int(m.group(1)), int(m.group(2)), data[m.end():]


def ink(pgm, box, page_w):
    """Dark pixels of a rendered page inside a box given in points."""
    w, h, px = pgm
    k = w / page_w
    x0, y0 = max(0, int(box[0] * k)), max(0, int(box[1] * k))
    x1, y1 = min(w, int(box[2] * k + 0.999)), min(h, int(box[3] * k + 0.999))
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if px[y * w + x] < 200)


def visible(words, pgm, page_w, phrase):
    """Whether phrase is on the page as drawn: its words in order, each with ink in both
    halves of its box.  LibreOffice also writes the parts of a chart clipped off the page
    (a chart cut at the page's edge, or one that starts on a later page) as text that is
    never drawn."""
    tokens = phrase.split()
    n = len(tokens)
    for i in range(len(words) - n + 1):
        if [w[0] for w in words[i:i + n]] != tokens:
            continue
        if all(ink(pgm, (x0, y0, (x0 + x1) / 2, y1), page_w) > 0 and
               ink(pgm, ((x0 + x1) / 2, y0, x1, y1), page_w) > 0
               for _, x0, y0, x1, y1 in words[i:i + n]):
            return True
    return False


def check_pdf(book, pdf, pngdir, want_png=True):
    z = zipfile.ZipFile(book)
    charts = [n for n in z.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", n)]
    values = {}
    for name, path in sheets(z):
        values[name] = sheet_values(z, path)
    want = [check_chart(values, z.read(n), n) for n in charts]
    sizes = pdf_pages(pdf)
    for i, (w, h) in enumerate(sizes):
        if w <= h:
            fail("%s: page %d is portrait (%g x %g pt)" % (pdf, i + 1, w, h))
    pgms = {int(re.search(r"(\d+)\.pgm$", p).group(1)): p
            for p in glob.glob(os.path.join(pngdir, "page-*.pgm"))}
    if len(pgms) != len(sizes):
        fail("%s: %d PGM renders, the PDF has %d pages" % (pngdir, len(pgms), len(sizes)))
        return
    pages = set()
    for i, (w, h) in enumerate(sizes):
        words = pdf_words(pdf, i + 1)
        text = " ".join(x[0] for x in words)
        todo = [c for c in want if c[0] in text]
        if not todo:
            continue
        pgm = read_pgm(pgms[i + 1])
        for title, xtitle, legend, _ in todo:
            if not visible(words, pgm, w, title):
                continue
            pages.add(i)
            if title in seen_on:
                fail("%s: chart %r drawn on pages %d and %d" % (pdf, title, seen_on[title], i + 1))
            seen_on[title] = i + 1
            for part in [xtitle] + legend:
                if part and not visible(words, pgm, w, part):
                    fail("%s: chart %r split: page %d lacks its %r" % (pdf, title, i + 1, part))
    for title, _, _, _ in want:
        if title not in seen_on:
            fail("%s: chart %r is drawn on no page" % (pdf, title))
    if len(pages) != len(want):
        fail("%s: %d pages with a chart, the workbook has %d charts" % (pdf, len(pages), len(want)))
    found = glob.glob(os.path.join(pngdir, "page-*.png"))
    if want_png and len(found) != len(sizes):
        fail("%s: %d PNG pages, the PDF has %d" % (pngdir, len(found), len(sizes)))
    for p in found:
        with open(p, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                fail("%s: not a PNG" % p)
    print("%s: %d pages, %d of %d charts found drawn whole, on %d pages" %
          (os.path.basename(pdf), len(sizes), len(seen_on), len(want), len(pages)))


seen_on = {}


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "xlsx":
        check_xlsx(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    elif len(sys.argv) == 5 and sys.argv[1] in ("pdf", "pages"):
        check_pdf(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[1] == "pdf")
        if sys.argv[1] == "pages":
            for title, page in sorted(seen_on.items(), key=lambda x: x[1]):
                print("%d\t%s" % (page, title))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
