#!/usr/bin/python3
"""Checks of sweep's report files, for the shell tests (run with /usr/bin/python3).

  report-check.py png FILE WIDTH HEIGHT   a real PNG of that size (IHDR)
  report-check.py svg FILE                well-formed XML with an <svg> root
  report-check.py xlsx DIR                report.xlsx against results.csv and results.json
  report-check.py html DIR [svg|nosvg]    self-contained, flags, inline charts or the note
  report-check.py md DIR                  summary, flags, tables

Prints one line per failure and exits 1 if any; exits 77 (skip) when
openpyxl is missing for the xlsx check.
"""
import csv
import json
import os
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zipfile

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def check_png(path, width, height):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        fail("%s: not a PNG" % path)
        return
    w, h = struct.unpack(">II", head[16:24])
    if (w, h) != (width, height):
        fail("%s: %dx%d, expected %dx%d" % (path, w, h, width, height))


def check_svg(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail("%s: not well-formed XML: %s" % (path, e))
        return
    if not root.tag.endswith("svg"):
        fail("%s: root element is %s, not svg" % (path, root.tag))


def load_results(d):
    with open(os.path.join(d, "results.json")) as f:
        res = json.load(f)
    with open(os.path.join(d, "results.csv"), newline="") as f:
        rows = list(csv.reader(f))
    return res, rows


def close(a, b, places):
    """b is the CSV text rounded to `places` decimals; a the exact xlsx value."""
    return abs(float(a) - float(b)) <= 0.51 * 10 ** -places + 1e-9 * abs(float(b))


def decimals(text):
    return len(text.split(".")[1]) if "." in text else 0


def check_xlsx(d):
    try:
        import openpyxl
    except ImportError:
        print("SKIP: python3-openpyxl is not installed (apt-get install python3-openpyxl)")
        sys.exit(77)
    path = os.path.join(d, "report.xlsx")
    res, rows = load_results(d)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        if z.testzip() is not None:
            fail("%s: corrupt zip member" % path)
    charts = [n for n in names if re.match(r"xl/charts/chart\d+\.xml$", n)]
    if len(charts) < 3:
        fail("%s: %d charts, expected at least 3 (IOPS, MiB/s, latency)" % (path, len(charts)))
    with zipfile.ZipFile(path) as z:
        xml = "".join(z.read(n).decode() for n in charts)
    if "<c:catAx>" not in xml:
        fail("%s: no category (block size) axis in the charts" % path)

    wb = openpyxl.load_workbook(path)
    want = ["Summary", "IOPS", "MiB per s", "p99 latency (us)", "Cells", "Checks", "Run"]
    if "Saturation" in wb.sheetnames:  # modes with 3 or more depths at a block size
        want.insert(4, "Saturation")
    if wb.sheetnames != want:
        fail("%s: sheets %s, expected %s" % (path, wb.sheetnames, want))
        return
    for n in wb.sheetnames:
        if len(n) > 31 or re.search(r"[\[\]:*?/\\]", n):
            fail("sheet name %r is not valid in Excel" % n)

    # Cells: the columns of results.csv without the label, value for value.
    cells = wb["Cells"]
    # the header row and the identifying columns (Mode .. Jobs) frozen; a filter (a Table's)
    tables = [t.autoFilter for t in cells.tables.values() if t.autoFilter is not None]
    if cells.freeze_panes != "F2" or not (cells.auto_filter.ref or tables):
        fail("Cells: header and Mode .. Jobs not frozen (%s) or no filter (%s)"
             % (cells.freeze_panes, cells.auto_filter.ref))
    xrows = [list(r) for r in cells.iter_rows(values_only=True)]
    header, data = rows[0], rows[1:]
    if len(xrows) - 1 != len(data):
        fail("Cells: %d rows, results.csv %d" % (len(xrows) - 1, len(data)))
    compared = 0
    for i, (crow, xrow) in enumerate(zip(data, xrows[1:])):
        for j, text in enumerate(crow[1:]):
            v = xrow[j] if j < len(xrow) else None
            name = header[j + 1]
            if text == "":
                if v not in (None, ""):
                    fail("Cells row %d %s: %r where results.csv is empty" % (i + 2, name, v))
                continue
            try:
                num = float(text)
                is_num = not name.startswith(("mode", "bs", "status")) or name == "bs_bytes"
            except ValueError:
                is_num = False
            if is_num:
                if not isinstance(v, (int, float)) or not close(v, text, decimals(text)):
                    fail("Cells row %d %s: xlsx %r, results.csv %s" % (i + 2, name, v, text))
                compared += 1
            elif str(v) != text and not (name == "bs" and str(v) == text.upper()):
                fail("Cells row %d %s: xlsx %r, results.csv %r" % (i + 2, name, v, text))
    if compared == 0:
        fail("Cells: no figures compared")

    # Pivot sheets: every IOPS / MiB/s / p99 figure equals its results.csv row.
    by_key = {}
    for r in data:
        rec = dict(zip(header, r))
        if rec["iops"] != "":
            by_key[(rec["mode"], rec["bs"].upper(), rec["depth"], rec["jobs"])] = rec
    for sheet, col in (("IOPS", "iops"), ("MiB per s", "bw_mib_s"),
                       ("p99 latency (us)", "lat_p99_us")):
        ws = wb[sheet]
        hdr = [c.value for c in ws[1]]
        seen = 0
        for row in ws.iter_rows(min_row=2, values_only=True):
            if row[0] is None or row[0] == "Block size":
                break
            for k, h in enumerate(hdr[2:], start=2):
                m = re.match(r"(\w+) QD(\d+)(?: x(\d+) jobs)? \(", h or "")
                if not m or row[k] is None:
                    continue
                rec = by_key.get((m.group(1), row[0], m.group(2), m.group(3) or "1"))
                if rec is None:
                    fail("%s: %s %s has no results.csv row" % (sheet, h, row[0]))
                    continue
                if not close(row[k], rec[col], decimals(rec[col])):
                    fail("%s: %s at %s = %r, results.csv %s" % (sheet, h, row[0], row[k], rec[col]))
                seen += 1
        if seen != len(by_key):
            fail("%s: %d figures, results.csv has %d cells" % (sheet, seen, len(by_key)))

    # Checks: every mismatch of results.json is flagged with its reason.
    mism = {(c["mode"], c["bs"], c["depth"], c["jobs"]): c["bw_check"]["reason"]
            for c in res["cells"] if c.get("bw_check", {}).get("verdict") == "mismatch"}
    ws = wb["Checks"]
    hdr = [c.value for c in ws[1]]
    flagged = {}
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[0] is None:
            break
        rec = dict(zip(hdr, row))
        if rec["Verdict"] == "mismatch":
            flagged[(rec["Mode"], rec["Block size (bytes)"], rec["Queue depth"], rec["Jobs"])] = \
                rec["Likely cause / note"]
    if set(flagged) != set(mism):
        fail("Checks: flagged %s, results.json mismatches %s" % (sorted(flagged), sorted(mism)))
    for k, reason in mism.items():
        if flagged.get(k) != reason:
            fail("Checks: %s reason %r, results.json %r" % (k, flagged.get(k), reason))

    # Summary: the first sheet, one row per mode, the check count.
    text = " ".join(str(v) for row in wb["Summary"].iter_rows(values_only=True) for v in row
                    if v is not None)
    modes = []
    for c in res["plan"]["cells"]:
        if c["mode"] not in modes:
            modes.append(c["mode"])
    for m in modes:
        if m not in text:
            fail("Summary: mode %s missing" % m)
    ok = sum(1 for c in res["cells"] if c.get("bw_check", {}).get("verdict") == "ok")
    if "%d of " % ok not in text:
        fail("Summary: no '%d of N cells pass'" % ok)
    run = " ".join(str(v) for row in wb["Run"].iter_rows(values_only=True) for v in row if v)
    for want in (res["target"]["path"], res["host"], res["plan"]["engine"], "libxlsxwriter"):
        if want not in run:
            fail("Run: %r missing" % want)
    print("xlsx: %d Cells figures, %d charts, %d mismatches flagged" % (compared, len(charts),
                                                                       len(flagged)))


def mismatches(d):
    res, _ = load_results(d)
    return [c for c in res["cells"] if c.get("bw_check", {}).get("verdict") == "mismatch"]


def check_html(d, svg):
    path = os.path.join(d, "report.html")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    ext = re.findall(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", text, re.I)
    if ext:
        fail("%s: network references %s" % (path, ext[:3]))
    if re.search(r"<(script|link|iframe|img)\b", text, re.I):
        fail("%s: has script, link, iframe or img elements" % path)
    if re.search(r"url\(\s*['\"]?(https?:)?//", text, re.I):
        fail("%s: CSS url() to the network" % path)
    n = len(re.findall(r"<svg\b", text))
    if svg == "svg" and n < 3:
        fail("%s: %d inline <svg>, expected at least 3" % (path, n))
    if svg == "nosvg":
        if n != 0:
            fail("%s: %d inline <svg> without gnuplot" % (path, n))
        if "gnuplot" not in text or "not rendered" not in text.lower():
            fail("%s: does not say the charts were not rendered, and why" % path)
    ids = re.findall(r"""\bid=['"]([^'"]+)['"]""", text)
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        fail("%s: duplicate ids %s" % (path, sorted(dup)[:5]))
    mm = mismatches(d)
    flagged = len(re.findall(r'class="[^"]*mismatch[^"]*"', text))
    if mm and flagged < len(mm):
        fail("%s: %d mismatch cells flagged, results.json has %d" % (path, flagged, len(mm)))
    for c in mm:
        reason = c["bw_check"]["reason"].replace("&", "&amp;").replace("'", "&#39;")
        if reason not in text:
            fail("%s: reason %r not shown" % (path, reason))
    if "Summary" not in text or not any(w in text for w in ("IOPS-bound", "bandwidth-bound",
            "too few", "no IOPS", "no bandwidth", "two IOPS levels", "two bandwidth levels")):
        fail("%s: no summary with a knee verdict" % path)
    print("html: %d inline svg, %d mismatch flags" % (n, flagged))


def check_md(d):
    path = os.path.join(d, "report.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    first = text.index("## Summary") if "## Summary" in text else -1
    if first < 0 or first > text.find("## Charts"):
        fail("%s: the summary does not come first" % path)
    mm = mismatches(d)
    if mm and "MISMATCH ≠" not in text:
        fail("%s: mismatches not flagged" % path)
    for c in mm:
        reason = c["bw_check"]["reason"]
        escaped = re.sub(r"([\\|*_`<>\[\]#])", r"\\\1", reason)
        if escaped not in text:
            fail("%s: reason %r not shown" % (path, reason))
    for unit in ("IOPS", "MiB/s", "MB/s", "(us)"):
        if unit not in text:
            fail("%s: unit %s not stated" % (path, unit))
    if not re.search(r"^\| Block size \| QD\d+", text, re.M):
        fail("%s: no block size x queue depth table" % path)
    print("md: %d mismatches" % len(mm))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    what = sys.argv[1]
    if what == "png":
        check_png(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif what == "svg":
        check_svg(sys.argv[2])
    elif what == "xlsx":
        check_xlsx(sys.argv[2])
    elif what == "html":
        check_html(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "")
    elif what == "md":
        check_md(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
