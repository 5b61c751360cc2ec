#!/usr/bin/env python3
"""How report.xlsx reads and prints, read back with openpyxl and the chart XML.

  xlsx-layout.py BOOK.xlsx [caps] [permode N]

Every sheet: a row holding a wrapped text (a header) is given a height
of at least its lines at the column's width (a line of 15 points); every
used column has a width of its own (not left at the default).  Summary,
Cells and Checks print at a scale that keeps 11-point text at 8 points
or more (scale >= 73, or fitToWidth > 1), with their header row and
identifying columns repeated.  The pivot sheets have a colour scale,
Cells and Checks an Excel Table.  With "caps": the IOPS and MiB per s
charts carry cap lines ("measured cap", "provisioned").  With "permode
N": the IOPS sheet has N charts, one per mode.  Prints one line per
failure and exits 1 if any.
"""
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

import openpyxl
from openpyxl.utils import get_column_letter

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def lines(text, width):
    """Lines of text wrapped at width characters of Calibri (a lower bound)."""
    room, n, used = max(1.0, width - 1), 1, 0
    for w in str(text).split():
        if used and used + 1 + len(w) > room:
            n, used = n + 1, 0
        used += (1 if used else 0) + len(w)
        while used > room:
            n, used = n + 1, used - room
    return n


def widths(ws):
    """Width of every column that has one set, by index from 1."""
    out = {}
    for dim in ws.column_dimensions.values():
        if dim.customWidth and dim.width:
            for c in range(dim.min, dim.max + 1):
                out[c] = dim.width
    return out


def check_sheet(ws):
    w = widths(ws)
    merged = set()
    for rng in ws.merged_cells.ranges:
        for r in range(rng.min_row, rng.max_row + 1):
            for c in range(rng.min_col, rng.max_col + 1):
                merged.add((r, c))
    used = set()
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is None or (cell.row, cell.column) in merged:
                continue
            # a sentence in the first column that runs over empty cells is not a column
            if cell.column == 1 and isinstance(cell.value, str) and len(cell.value) > 40:
                continue
            used.add(cell.column)
            if cell.alignment.wrap_text and isinstance(cell.value, str):
                need = lines(cell.value, w.get(cell.column, 8.43))
                h = ws.row_dimensions[cell.row].height
                if need > 1 and (h is None or h < 15 * need - 0.5):
                    fail("%s!%s%d: %r needs %d lines at width %.1f, the row is %s pt"
                         % (ws.title, get_column_letter(cell.column), cell.row, cell.value,
                            need, w.get(cell.column, 8.43), h))
    for c in sorted(used - set(w)):
        fail("%s: column %s is used but has no width" % (ws.title, get_column_letter(c)))


def check_print(ws, cols):
    ps = ws.page_setup
    fit = ws.sheet_properties.pageSetUpPr
    fitting = fit is not None and fit.fitToPage
    scale = ps.scale or 100
    if fitting and not (ps.fitToWidth is not None and int(ps.fitToWidth) > 1):
        fail("%s: fits %s page(s) wide: its scale is not kept at 8 pt" % (ws.title,
                                                                        ps.fitToWidth or 1))
    if not fitting and scale < 800 / 11:
        fail("%s: prints at %s%%, 11-pt text at %.1f pt" % (ws.title, scale, 11 * scale / 100))
    if not ws.print_title_rows:
        fail("%s: no header row repeated" % ws.title)
    if ws.print_title_cols != cols:
        fail("%s: repeated columns %s, expected %s" % (ws.title, ws.print_title_cols, cols))


def chart_series(book):
    """(title, [series names]) of every chart of sheet IOPS and MiB per s, by sheet."""
    z = zipfile.ZipFile(book)
    out = []
    for n in sorted(x for x in z.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", x)):
        root = ET.fromstring(z.read(n))
        title = "".join(t.text or "" for t in root.find(C + "chart").find(C + "title")
                        .iter(A + "t"))
        names = [v.text for ser in root.iter(C + "ser") for v in ser.findall(C + "tx//" + C + "v")
                 if v.text]
        refs = [f.text for f in root.iter(C + "f")]
        sheet = refs[0].split("!")[0].strip("'") if refs else ""
        out.append((sheet, title, names))
    return out


def main():
    book = sys.argv[1]
    args = sys.argv[2:]
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        check_sheet(ws)
    check_print(wb["Summary"], "$A:$A")
    check_print(wb["Cells"], "$A:$E")
    check_print(wb["Checks"], "$A:$E")
    for name in ("IOPS", "MiB per s", "p99 latency (us)"):
        if name in wb.sheetnames and not wb[name].conditional_formatting:
            fail("%s: no colour scale" % name)
    for name in ("Cells", "Checks"):
        if not wb[name].tables:
            fail("%s: not an Excel Table" % name)
    charts = chart_series(book)
    if "caps" in args:
        for sheet in ("IOPS", "MiB per s"):
            names = [n for s, _, ns in charts if s == sheet for n in ns]
            if not any("measured cap" in n for n in names):
                fail("%s: no measured cap line in its charts (%s)" % (sheet, names))
            if not any(n.startswith("provisioned") for n in names):
                fail("%s: no provisioned cap line in its charts (%s)" % (sheet, names))
    if "permode" in args:
        want = int(args[args.index("permode") + 1])
        iops = [t for s, t, _ in charts if s == "IOPS"]
        if len(iops) != want:
            fail("IOPS: %d charts, expected %d (one per mode): %s" % (len(iops), want, iops))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
