#!/usr/bin/python3
"""Check the bottom line (card) and its diagnosis of one report folder.

  card-check.py DIR VERDICT [DIAG-SUBSTRING ...]

DIR holds results.json and what `sweep report --formats md,html,xlsx,png
--gnuplot /nonexistent --ticket` wrote, its standard output in DIR.out.
VERDICT is every mode's verdict word as the card shows it ("below spec"),
or "-" to leave it unchecked.  Each DIAG-SUBSTRING must be in a line of
the diagnosis.

The card's lines on the terminal are read back and checked against the
cells of results.json (each figure between the mode's least and best cell,
its share of the cap its figure over the cap, the QD1 4K p99 the QD1 4 KiB
cell's, the cell count the mode's); report.md, report.html and report.xlsx
must show the same lines first, before the summary; card.gp's labels and
scorecard.gp's title and verdict must stay inside the canvas, card.gp's
without overlapping (the renderer's own width per character, which is no
narrower than pngcairo draws DejaVu Sans).
"""
import html
import json
import math
import re
import sys

DIR, VERDICT, DIAGS = sys.argv[1], sys.argv[2], sys.argv[3:]
errors = []


def check(cond, what):
    if not cond:
        errors.append(what)
    return cond


def num(text):
    return float(text.replace(",", ""))


res = json.load(open(DIR + "/results.json"))
out = open(DIR + ".out", encoding="utf-8").read()
expect = res.get("expect") or {}

# --- the terminal: the card, then the diagnosis, before "Reports:" -----------
lines = out.split("\n")
first = [k for k, l in enumerate(lines) if l.startswith("Bottom line: ")]
check(first, "terminal: no bottom line:\n" + out[:2000])
i = first[0] + 1 if first else 0
head = lines[i - 1][len("Bottom line: "):]
modes, diags = {}, []
MODE = re.compile(r"^  (\S+): IOPS ([\d,.]+)(.*?) · MiB/s ([\d,.]+)(.*?) · QD1 4K p99 "
                  r"(not measured|([\d,.]+) (µs|ms))(?: · (.+?))? · from (\d+) (?:of (\d+) "
                  r"steady )?cells?")
while i < len(lines) and lines[i].startswith("  "):
    m = MODE.match(lines[i])
    if m:
        modes[m.group(1)] = (m, lines[i][len("  %s: " % m.group(1)):])
    i += 1
if i < len(lines) and lines[i].startswith("Diagnosis"):
    i += 1
    while i < len(lines) and lines[i].startswith("  - "):
        diags.append(lines[i][4:])
        i += 1
check(modes, "terminal: no mode line of the card:\n" + out[:2000])

cells = [c for c in res["cells"] if c.get("status") == "ok" and c.get("iops", 0) > 0]
for name, (m, text) in modes.items():
    mc = [c for c in cells if c["mode"] == name]
    if not check(mc, "%s: no cell of the mode in results.json" % name):
        continue
    iops, mib = num(m.group(2)), num(m.group(4))
    lo, hi = min(c["iops"] for c in mc), max(c["iops"] for c in mc)
    check(lo * 0.95 <= iops <= hi * 1.05, "%s: IOPS %s outside its cells' %s..%s" %
          (name, iops, lo, hi))
    blo = min(c["bw_bytes_s"] for c in mc) / 2**20
    bhi = max(c["bw_bytes_s"] for c in mc) / 2**20
    check(blo * 0.95 <= mib <= bhi * 1.05, "%s: MiB/s %s outside %s..%s" % (name, mib, blo, bhi))
    for val, rest, unit in ((iops, m.group(3), 1), (mib, m.group(5), 2**20)):
        share = re.match(r" of ([\d,.]+)(?:, burst ([\d,.]+))? \(([\d,.]+)%( of the burst)?\)", rest)
        if share:
            cap = num(share.group(2)) if share.group(4) else num(share.group(1))
            want = val / cap * 100
            check(abs(num(share.group(3)) - want) <= max(1.0, want * 0.01),
                  "%s: %s%% of %s is not %s / %s" % (name, share.group(3), cap, val, cap))
    qd1 = [c for c in mc if c["bs"] == 4096 and c["depth"] == 1 and c["jobs"] == 1]
    if qd1 and m.group(7):
        p99 = qd1[0]["lat_ns"]["p99"] / 1000.0
        shown = num(m.group(7)) * (1000 if m.group(8) == "ms" else 1)
        check(abs(shown - p99) <= max(0.06 * p99, 1), "%s: QD1 4K p99 %s, the cell's %s us" %
              (name, shown, p99))
    check(int(m.group(10)) == len(mc) if m.group(11) is None else
          int(m.group(11)) == len(mc) and int(m.group(10)) <= len(mc),
          "%s: rests on %s cells, the mode has %d" % (name, m.group(0)[-40:], len(mc)))
    if VERDICT != "-":
        check(m.group(9) is not None and m.group(9).startswith(VERDICT),
              "%s: verdict %r, want %r" % (name, m.group(9), VERDICT))
for want in DIAGS:
    check(any(want in d for d in diags), "diagnosis: no line with %r in %s" % (want, diags))

# --- report.md: the card first, the same lines ----------------------------------
md = open(DIR + "/report.md", encoding="utf-8").read()
plain = md.replace("\\", "").replace("**", "")
at = plain.find("Bottom line: " + head)
check(at >= 0, "report.md: no 'Bottom line: %s'" % head)
check(0 <= at < plain.find("## Summary") and (plain.find("> Verdict:") < 0 or
      at < plain.find("> Verdict:")), "report.md: the card is not before the summary and verdict")
for name, (m, text) in modes.items():
    check("- %s: %s" % (name, text) in plain, "report.md: no line '- %s: %s'" % (name, text))
for d in diags:
    check("- " + d in plain, "report.md: no diagnosis line %r" % d)
check("```text\nVolume: " in md and "\nReproduce (the run's" in md, "report.md: no ticket block")

# --- report.html: a card div first, the verdict word in its class ---------------
page = open(DIR + "/report.html", encoding="utf-8").read()
div = re.search(r'<div class="card( card-(ok|burst|above|unsat|fail))?">', page)
check(div is not None and div.start() < page.find(">Summary</h2>"),
      "report.html: no card before the summary")
text = html.unescape(re.sub(r"<[^>]+>", "", page))
for name, (m, line) in modes.items():
    check("%s: %s" % (name, line) in text, "report.html: no line '%s: %s'" % (name, line))
    if m.group(9):
        check(re.search(r'<strong class="(ok|burst|above|unsat|fail)">%s</strong>' %
                        re.escape(html.escape(m.group(9))), page) is not None,
              "report.html: %s's verdict word not in its class" % name)
for d in diags:
    check(d in text, "report.html: no diagnosis line %r" % d)
check('<pre class="ticket">' in page, "report.html: no ticket block")

# --- report.xlsx: the Summary's first rows --------------------------------------
try:
    import openpyxl
except ImportError:
    print("openpyxl not installed: report.xlsx not read back")
else:
    ws = openpyxl.load_workbook(DIR + "/report.xlsx")["Summary"]
    rows = [r for r in ws.iter_rows(min_row=1, max_row=40, max_col=2, values_only=True)]
    check(str(rows[1][0]).startswith("Bottom line: " + head),
          "report.xlsx: row 2 is %r, not the bottom line" % (rows[1],))
    for name, (m, line) in modes.items():
        check((name, line) in rows, "report.xlsx: no row (%r, %r)" % (name, line))
    for d in diags:
        check(("- " + d, None) in rows, "report.xlsx: no diagnosis row %r" % d)

# --- card.gp and scorecard.gp: every label inside the canvas ---------------------
def char_w(c):
    if ord(c) >= 0x80 or c in "mwMW@%":
        return 18.0
    if c in " .,:;'|!ijlIft()[]-/":
        return 7.5
    if "A" <= c <= "Z":
        return 14.5
    if "0" <= c <= "9":
        return 12.0
    return 11.0


def text_w(s, size, bold):
    return sum(char_w(c) for c in s) * size / 14.0 * (1.12 if bold else 1.0)


def gp_string(s):
    """A quoted gnuplot string at the start of s (report_gnuplot_quote): its text, the rest."""
    if s[0] == "'":
        end = s.index("'", 1)
        return s[1:end], s[end + 1:]
    out, k = "", 1
    while s[k] != '"':
        if s[k] == "\\":
            if s[k + 1:k + 4] == "140":
                out, k = out + "`", k + 4
                continue
            out, k = out + s[k + 1], k + 2
            continue
        out, k = out + s[k], k + 1
    return out, s[k + 1:]


gp = open(DIR + "/card.gp", encoding="utf-8").read()
W = float(re.search(r"^CARD_W = ([\d.]+)", gp, re.M).group(1))
H = float(re.search(r"^CARD_H = ([\d.]+)", gp, re.M).group(1))
boxes, texts = [], []
for line in gp.split("\n"):
    if not line.startswith("set label "):
        continue
    label, rest = gp_string(line[len("set label "):].lstrip())
    m = re.match(r" at screen ([\d.]+) / CARD_W, screen 1 - ([\d.]+) / CARD_H left font "
                 r'"sans(:Bold)?,(\d+)"', rest)
    if not check(m, "card.gp: a label not placed in pixels: %s" % line):
        continue
    x, y, bold, size = float(m.group(1)), float(m.group(2)), bool(m.group(3)), int(m.group(4))
    w, h = text_w(label, size, bold), 20.0 * size / 14.0
    check(x >= 0 and x + w <= W and y - h / 2 >= 0 and y + h / 2 <= H,
          "card.gp: %r at %.0f,%.0f (%.0f x %.0f px) leaves the %.0f x %.0f canvas" %
          (label, x, y, w, h, W, H))
    for (bx0, by0, bx1, by1, bl) in boxes:
        check(x + w <= bx0 or bx1 <= x or y + h / 2 <= by0 or by1 <= y - h / 2,
              "card.gp: %r overlaps %r" % (label, bl))
    boxes.append((x, y - h / 2, x + w, y + h / 2, label))
    texts.append(label)
joined = " ".join(texts)
for name, (m, line) in modes.items():
    for part in (name, m.group(0).split(" · ")[0].split(": ", 1)[1]):
        check(part.split(" ")[0] in joined, "card.gp: %r not drawn" % part)

sc = open(DIR + "/scorecard.gp", encoding="utf-8").read() if \
    __import__("os").path.exists(DIR + "/scorecard.gp") else ""
for line in sc.split("\n"):
    if line.startswith("set label "):
        label, rest = gp_string(line[len("set label "):].lstrip())
        m = re.search(r'center font "sans(:Bold)?,(\d+)"', rest)
        if m and ("Verdict against" in label or " . " in rest[:8]):
            parts = [label]
            if rest.startswith(' . "\\n" . '):
                parts.append(gp_string(rest[len(' . "\\n" . '):])[0])
            for p in parts:
                w = text_w(p, int(m.group(2)), bool(m.group(1)))
                check(w <= 1100 - 2 * 22, "scorecard.gp: %r (%.0f px) wider than the card" % (p, w))

if errors:
    print("\n".join("FAIL: " + e for e in errors))
    sys.exit(1)
print("ok: %s: %d modes, %d diagnosis lines, %d card labels" % (DIR, len(modes), len(diags),
                                                             len(texts)))
