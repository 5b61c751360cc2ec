#!/usr/bin/env python3
"""How LibreOffice printed a workbook: every page holds data, no text under 8 pt.

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
import re
import subprocess
import sys
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


def main():
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
