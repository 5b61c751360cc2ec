#!/usr/bin/env python3
"""How LibreOffice prints a workbook: every page holds data, no text under 8 pt.

  xlsx-print.py setup BOOK.xlsx
      reads each sheet's page setup and chart anchors: landscape, a print
      scale of 75% or more (11-point text at 8 points) and no fit to a
      page, which a wide table or a long line shrinks; every chart starts
      a page (a row break at its first row) and its columns, from column A
      to the last one it reaches into, fit the page's width at that scale
      where LibreOffice draws columns 1.35 times wider (DejaVu Sans for a
      missing Calibri): a chart that ends in a column the page cannot hold
      prints a sliver on the next page across.  Prints "SHEET: scale N%,
      K charts" a sheet.
  xlsx-print.py BOOK.pdf [MIN_PT] [MAX_PAGES]
      reads each page's text as drawn: the font size of every text run
      (the operand of Tf: LibreOffice writes text at its printed size, with
      no scaling matrix) from the page's content stream, and the words of
      the page from pdftotext -bbox.  Fails when a page's smallest text is
      under MIN_PT (8), when a page holds no data (no figure such as
      "1,234", "0.71x", "12.5" or "35%", and fewer than 12 different words
      of four letters or more: a page of repeated row labels only, or an
      empty one), or when the PDF has more than MAX_PAGES pages.  Prints
      "pages N, smallest text P pt (page K)" and a line per page:
      "PAGE<TAB>SMALLEST PT<TAB>WORDS<TAB>FIRST WORDS".

Prints one line per failure to stderr and exits 1 if any.  Uses only the
standard library and pdftotext.
"""
import html
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
import zlib

FIGURE = re.compile(r"^[<>~(]?\d[\d,]*[.,]\d+\S*$|^\d[\d,]*(x|%|\))$|^\d{1,3}(,\d{3})+$")


def objects(pdf):
    """Object number -> its body (bytes), of an uncompressed-xref PDF such as LibreOffice's."""
    return {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(\d+) 0 obj\s*(.*?)endobj", pdf, re.S)}


def stream(body):
    """The decoded stream of an object's body (Flate or none)."""
    s = body.find(b"stream")
    if s < 0:
        return b""
    data = body[s + 6:].lstrip(b"\r\n")
    data = data[:data.rfind(b"endstream")]
    try:
        return zlib.decompress(data)
    except zlib.error:
        return data


def page_font_sizes(pdf):
    """Per page, in order, the font sizes its content stream sets (Tf)."""
    objs = objects(pdf)
    root = next(b for b in objs.values() if re.search(rb"/Type\s*/Pages\b", b))
    kids = re.search(rb"/Kids\s*\[(.*?)\]", root, re.S).group(1)
    out = []
    for n in (int(x) for x in re.findall(rb"(\d+) 0 R", kids)):
        refs = re.search(rb"/Contents\s*(\[[^\]]*\]|\d+ 0 R)", objs[n]).group(1)
        sizes = []
        for c in re.findall(rb"(\d+) 0 R", refs):
            sizes += [float(s) for s in re.findall(rb"/F\w+\s+([\d.]+)\s+Tf", stream(objs[int(c)]))]
        out.append(sizes)
    return out


def page_words(path):
    """Per page, its words (pdftotext -bbox)."""
    out = subprocess.run(["pdftotext", "-bbox", path, "-"], capture_output=True, text=True,
                         check=True).stdout
    return [[html.unescape(w) for w in re.findall(r"<word [^>]*>(.*?)</word>", p)]
            for p in out.split("<page ")[1:]]


def holds_data(words):
    if any(FIGURE.match(w) for w in words):
        return True
    return len({w.lower() for w in words if re.fullmatch(r"[A-Za-z]{4,}", w)}) >= 12


NS = {
    "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "xdr": "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
}
SLACK = 1.35          # LibreOffice's columns without Calibri
PAGE_PX = {1: 921, 8: 1453}   # landscape Letter and A3 at 100%, less 0.7 inch margins


def rels(z, path):
    d, base = os.path.split(path)
    rp = d + "/_rels/" + base + ".rels"
    if rp not in z.namelist():
        return {}
    return {r.get("Id"): os.path.normpath(os.path.join(d, r.get("Target")))
            for r in ET.fromstring(z.read(rp)).findall("pr:Relationship", NS)}


def col_px(chars):
    return int(chars * 7 + 0.5) + 5


def setup(book):
    bad = []
    z = zipfile.ZipFile(book)
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    wrel = rels(z, "xl/workbook.xml")
    for sh in wb.find("m:sheets", NS):
        name = sh.get("name")
        path = wrel[sh.get("{%s}id" % NS["r"])]
        root = ET.fromstring(z.read(path))
        ps = root.find("m:pageSetup", NS)
        spr = root.find("m:sheetPr/m:pageSetUpPr", NS)
        scale = int(ps.get("scale", "100")) if ps is not None else 100
        paper = int(ps.get("paperSize", "1")) if ps is not None else 1
        if ps is None or ps.get("orientation") != "landscape":
            bad.append("%s: not landscape" % name)
        if spr is not None and spr.get("fitToPage") == "1":
            bad.append("%s: fitted to a page (a wide table or long line shrinks it)" % name)
        if scale < 75:
            bad.append("%s: printed at %d%%, 11-point text under 8 points" % (name, scale))
        widths = {}
        for c in root.findall("m:cols/m:col", NS):
            for i in range(int(c.get("min")), int(c.get("max")) + 1):
                widths[i - 1] = float(c.get("width"))
        breaks = {int(b.get("id")) for b in root.findall("m:rowBreaks/m:brk", NS)}
        page = PAGE_PX.get(paper, 921) * 100.0 / scale
        n = 0
        for d in root.findall("m:drawing", NS):
            dpath = rels(z, path)[d.get("{%s}id" % NS["r"])]
            for anc in ET.fromstring(z.read(dpath)).findall("xdr:twoCellAnchor", NS):
                fc = int(anc.find("xdr:from/xdr:col", NS).text)
                fr = int(anc.find("xdr:from/xdr:row", NS).text)
                tc = int(anc.find("xdr:to/xdr:col", NS).text)
                toff = int(anc.find("xdr:to/xdr:colOff", NS).text)
                n += 1
                # whole columns from A to the last the chart reaches into (libxlsxwriter's
                # widths less their 0.71 padding; 8.43 where none is set)
                last = tc if toff > 0 else tc - 1
                px = sum(col_px(round(widths.get(i, 8.43 + 0.71) - 0.71, 2)) for i in range(0, last + 1))
                if fc != 0 or px * SLACK > page:
                    bad.append("%s: a chart at row %d reaches column %d, %d px with columns "
                               "1.35x wider, past the page's %d px: its right end prints on "
                               "another page" % (name, fr + 1, last + 1, px * SLACK, page))
                if fr not in breaks and fr > 0:
                    bad.append("%s: no page break before the chart at row %d" % (name, fr + 1))
        print("%s: scale %d%%%s, %d charts" % (name, scale, ", A3" if paper == 8 else "", n))
    for b in bad:
        print("FAIL: %s: %s" % (book, b), file=sys.stderr)
    return 1 if bad else 0


def main():
    if sys.argv[1] == "setup":
        return setup(sys.argv[2])
    path = sys.argv[1]
    min_pt = float(sys.argv[2]) if len(sys.argv) > 2 else 8.0
    max_pages = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    fonts = page_font_sizes(open(path, "rb").read())
    words = page_words(path)
    bad = []
    if len(fonts) != len(words):
        bad.append("%s: %d pages in the page tree, pdftotext read %d" %
                   (path, len(fonts), len(words)))
    smallest, where = 1e9, 0
    lines = []
    for i, (f, w) in enumerate(zip(fonts, words), 1):
        low = min(f) if f else float("nan")
        if f and low < smallest:
            smallest, where = low, i
        if f and low < min_pt - 0.05:
            bad.append("%s page %d: text at %.1f pt (under %g): %s" %
                       (path, i, low, min_pt, " ".join(w[:12])))
        if not holds_data(w):
            bad.append("%s page %d holds no data: %s" % (path, i, " ".join(w[:20]) or "(blank)"))
        lines.append("%d\t%.1f\t%d\t%s" % (i, low, len(w), " ".join(w[:10])))
    if max_pages and len(words) > max_pages:
        bad.append("%s: %d pages, more than %d" % (path, len(words), max_pages))
    print("pages %d, smallest text %.1f pt (page %d)" % (len(words), smallest, where))
    print("\n".join(lines))
    for b in bad:
        print("FAIL: " + b, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
