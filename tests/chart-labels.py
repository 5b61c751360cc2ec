#!/usr/bin/python3
"""No text of a sweep chart leaves its canvas or overlaps another text.

  chart-labels.py CHART.gp...

Reads each gnuplot script sweep wrote and places, in pixels, the texts
whose place the script fixes: labels at screen coordinates (the title, the
notes, the axis labels, the legend of the panels), the panels' titles and
their subtitles (a label at graph 0.5, graph 1 over the plot area set by
"set [lrtb]margin at screen"), and the latency curves' depth labels (at
graph coordinates).  A character is 0.72 x its point size wide (0.8 bold) and a line
1.45 x its point size high (pngcairo's "sans": 14 pt text measured 9.6 px
a character in sweep's PNGs, bold 10.7); a title is 1.6 lines above its plot area, each
character of offset a line of 14 pt (20 px).  Texts at data coordinates
(a knee's label) and gnuplot's own keys and tic labels are not placed
here.  Also fails a key set inside a panel of a multi-panel chart.
Prints one line per chart; exits 1 on the first fault of each.
"""
import re
import sys

CHAR_W, CHAR_W_BOLD, LINE_H, OFFSET_PX, TITLE_LINES = 0.72, 0.8, 1.45, 20.0, 1.6


def pieces(text):
    """The script's texts: 'a' . "\\n" . 'b' as lines; a quoted string's content."""
    parts = re.findall(r"'((?:[^']|'')*)'|\"((?:[^\"\\]|\\.)*)\"", text)
    lines, cur = [], ""
    for a, b in parts:
        s = a if a or not b else b
        if b == "\\n":
            lines.append(cur)
            cur = ""
        else:
            cur += s.replace("''", "'").replace('\\"', '"')
    lines.append(cur)
    return lines


def num(expr):
    """A coordinate the script writes as a number or an expression ("1 - 25.2 / 720")."""
    if not re.fullmatch(r"[-0-9.+*/ ]+", expr):
        raise ValueError(expr)
    return float(eval(expr, {"__builtins__": {}}))


def width_em(rest):
    """A character's width in points: bold is wider."""
    return CHAR_W_BOLD if re.search(r'font "[^"]*Bold', rest) else CHAR_W


def font_pt(rest, default=14.0):
    m = re.search(r'font "[^",]*,(\d+(?:\.\d+)?)"', rest)
    return float(m.group(1)) if m else default


def box(lines, pt, x, y, align, em):
    w = max(len(l) for l in lines) * em * pt
    h = LINE_H * pt
    x0 = x - w / 2 if align == "center" else x - w if align == "right" else x
    return (x0, y - h / 2, x0 + w, y - h / 2 + h * len(lines))


def overlap(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def check(path):
    text = open(path).read()
    m = re.search(r"pngcairo size (\d+),\s*(\d+)", text)
    W, H = int(m.group(1)), int(m.group(2))
    panels = len(re.findall(r"set tmargin at screen", text))
    body = text
    # One frame per plot command: its labels (kept until unset) and its title.
    frames, labels, margins, title = [], {}, {}, None
    for raw in body.split("\n"):
        line = raw.strip()
        if line.startswith("unset label"):
            labels = {}
        elif line.startswith("unset title"):
            title = None
        for k, v in re.findall(r"set ([lrtb])margin at screen ([0-9.]+)", line):
            margins[k] = float(v)
        mm = re.match(r"set label (\d+)?\s*(.*?) at (screen|graph) ([-0-9.+*/ ]+), "
                      r"(screen|graph) ([-0-9.+*/ ]+)\s*(left|center|centre|right)?(\s.*)?$", line)
        if mm and "rotate" not in (mm.group(8) or ""):
            labels[mm.group(1) or str(len(labels) + 100)] = mm.groups()
        mt = re.match(r"set title (.*?)( font .*)?$", line)
        if mt and not line.startswith("set title offset"):
            title = (pieces(mt.group(1)), mt.group(2) or "")
        if line.startswith("plot ") or line.startswith("@PLOT"):
            frames.append((dict(labels), dict(margins), title))
        if "set key inside" in line and panels > 1 and "set border 0" not in body.split(line)[0][-400:]:
            return "a key inside a panel: %s" % line
    placed = []
    for labels, margins, title in frames:
        x0 = margins.get("l", 0.1) * W
        x1 = margins.get("r", 0.9) * W
        top = (1 - margins.get("t", 0.9)) * H
        bot = (1 - margins.get("b", 0.1)) * H
        for tag, t, cx, vx, cy, vy, align, rest in labels.values():
            lines = pieces(t)
            if not any(lines):
                continue
            vx, vy, rest = num(vx), num(vy), rest or ""
            px = vx * W if cx == "screen" else x0 + vx * (x1 - x0)
            py = (1 - vy) * H if cy == "screen" else bot - vy * (bot - top)
            off = re.search(r"offset ([-0-9.]+),\s*([-0-9.]+)", rest)
            if off:
                px += float(off.group(1)) * OFFSET_PX * 0.6
                py -= float(off.group(2)) * OFFSET_PX
            placed.append((" / ".join(lines), box(lines, font_pt(rest), px, py,
                                                   (align or "left").replace("centre", "center"),
                                                   width_em(rest))))
        if title and any(title[0]) and "l" in margins:
            off = re.search(r"offset ([-0-9.]+),\s*([-0-9.]+)", title[1])
            dy = (TITLE_LINES + (float(off.group(2)) if off else 0)) * OFFSET_PX
            placed.append((" / ".join(title[0]), box(title[0], font_pt(title[1]), (x0 + x1) / 2,
                                                      top - dy, "center", width_em(title[1]))))
    seen, uniq = set(), []
    for t, b in placed:
        key = (t, tuple(round(v, 1) for v in b))
        if key not in seen:
            seen.add(key)
            uniq.append((t, b))
    for i, (t, b) in enumerate(uniq):
        if b[0] < -0.5 or b[1] < -0.5 or b[2] > W + 0.5 or b[3] > H + 0.5:
            return "%r at %s leaves the %dx%d canvas" % (t, tuple(round(v) for v in b), W, H)
        for u, c in uniq[:i]:
            if overlap(b, c):
                return "%r at %s overlaps %r at %s" % (t, tuple(round(v) for v in b), u,
                                                      tuple(round(v) for v in c))
    return "%d texts placed, none off the canvas or overlapping" % len(uniq)


bad = 0
for p in sys.argv[1:]:
    r = check(p)
    ok = r.endswith("overlapping")
    bad += not ok
    print("%s %s: %s" % ("ok  " if ok else "FAIL", p, r))
sys.exit(1 if bad else 0)
