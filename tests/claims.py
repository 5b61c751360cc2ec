"""The claims of a report, read back and tested against the cells they name.

sweep states what it concludes in sentences (report.md's knee list, its
verdicts, its saturation lines).  This module parses each sentence back into
a claim and checks the claim against results.json's cells with rules of its
own, written from what the words say, not from how analysis-caps.c reads
the curve:

- "IOPS cap ~X IOPS (lo-hi) at A-B": every kept cell's best IOPS at the
  sizes A..B lies within [lo, hi] (or at a dip the sentence names); no size
  of the mode does more than max(X + 10%, hi + 5%); X lies in [lo, hi];
- "bandwidth cap ~X MiB/s (...)": the same in MiB/s;
- "two IOPS levels: ~X at A-B, ~Y at C-D": each level's cells within a
  factor 1.4 of it, and the two runs apart (the higher run's lowest cell
  above the lower run's highest);
- "IOPS falling/rising with size from X at A to Y at B": the cells at A and
  B are X and Y, and Y < X when falling;
- "knee ~K, between P and Q": P <= K <= Q, P and Q measured sizes with none
  between, K within 5% of the stated bandwidth cap over the IOPS cap;
- "no IOPS limit reached (up to X at A)": no kept cell does more than X;
- "saturates at QDn at A: X IOPS, within 5% of the best (Y IOPS at QDm)":
  the cells at A say so;
- a verdict "P% of the provisioned C": P is the level over C, and the word
  fits P ("delivers" 90-110, "below spec" under 90, "above the cap" over
  110).

A kept cell is one the summary reads: finished, IOPS above 0, its stability
verdict not noisy or stalled; a size's best is its highest IOPS of those.
check(dir) returns the list of contradictions (empty: none) and the number
of claims checked; claims(dir) returns the parsed claims, for
bench/corpus.sh.
"""
import json
import os
import re

UNITS = {"B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}
SIZE = r"[0-9.]+(?: (?:B|KiB|MiB|GiB))?"
NUM = r"[0-9][0-9,]*(?:\.[0-9]+)?"


def num(s):
    return float(s.replace(",", ""))


def sizes(text):
    """'2-64 KiB' -> (2048, 65536); '512 B-1 KiB'; '4 KiB' -> (4096, 4096)."""
    text = text.strip()
    m = re.fullmatch(r"([0-9.]+)(?: (B|KiB|MiB|GiB))?-([0-9.]+) (B|KiB|MiB|GiB)", text)
    if m:
        lo_unit = m.group(2) or m.group(4)
        return (int(round(float(m.group(1)) * UNITS[lo_unit])),
                int(round(float(m.group(3)) * UNITS[m.group(4)])))
    m = re.fullmatch(r"([0-9.]+) (B|KiB|MiB|GiB)", text)
    if m:
        v = int(round(float(m.group(1)) * UNITS[m.group(2)]))
        return (v, v)
    raise ValueError("not a size: %r" % text)


def kept_points(cells, mode):
    """The best kept IOPS per block size of mode: {bs: iops}."""
    best, out = {}, {}
    for c in cells:
        if c.get("mode") != mode or c.get("status") != "ok" or not c.get("iops"):
            continue
        par = c.get("depth", 1) * max(c.get("jobs", 1), 1)
        b = best.setdefault(c["bs"], {"iops": 0, "par": 0, "par_out": 0})
        if c.get("stability", {}).get("verdict") in ("noisy", "stalled"):
            b["par_out"] = max(b["par_out"], par)
            continue
        b["par"] = max(b["par"], par)
        b["iops"] = max(b["iops"], c["iops"])
    for bs, b in best.items():
        if b["iops"] > 0 and b["par"] >= b["par_out"]:
            out[bs] = b["iops"]
    return out


def mode_of(name):
    """'randrw 65/35' -> ('randrw', 65); 'read' -> ('read', None)."""
    m = re.fullmatch(r"(\w+)(?: (\d+)/\d+)?", name)
    return (m.group(1), int(m.group(2)) if m.group(2) else None) if m else (name, None)


def section(md, start, stop=r"\n## "):
    i = md.find(start)
    if i < 0:
        return ""
    rest = md[i + len(start):]
    j = re.search(stop, rest)
    return rest[:j.start()] if j else rest


def items(text):
    """'- **name**: sentence' lines: [(name, sentence)]."""
    return re.findall(r"^- \*\*(.+?)\*\*: (.*)$", text, re.M)


def parts(text):
    """text split at '; ' outside parentheses."""
    out, depth, cur = [], 0, ""
    i = 0
    while i < len(text):
        ch = text[i]
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and text.startswith("; ", i):
            out.append(cur)
            cur = ""
            i += 2
            continue
        cur += ch
        i += 1
    return out + [cur] if cur else out


def parse_knee(text):
    """The claims of a knee sentence: a list of dicts."""
    out = []
    for part in parts(text):
        m = re.match(r"(IOPS|bandwidth) cap ~(" + NUM + r") (IOPS|MiB/s)"
                     r"(?: \((?:(" + NUM + r")-(" + NUM + r")|\d+ cells, all ~" + NUM + r")"
                     r"(?:; ~" + NUM + r" MB/s)?\))? at (?:every block size measured \((.+?)\)|(.+?))"
                     r"(?:, a dip to ~(" + NUM + r") (?:IOPS|MiB/s) at (.+))?$", part)
        if m:
            bw = m.group(1) == "bandwidth"
            cap = num(m.group(2))
            lo = num(m.group(4)) if m.group(4) else cap
            hi = num(m.group(5)) if m.group(5) else cap
            out.append({"kind": "cap", "bw": bw, "cap": cap, "lo": lo, "hi": hi,
                        "sizes": sizes(m.group(6) or m.group(7)), "every": m.group(6) is not None,
                        "dip": sizes(m.group(9)) if m.group(9) else None, "text": part})
            continue
        m = re.match(r"two (IOPS|bandwidth) levels: ~(" + NUM + r") (?:IOPS|MiB/s) at (.+?), ~("
                     + NUM + r") (?:IOPS|MiB/s) at (.+)$", part)
        if m:
            out.append({"kind": "levels", "bw": m.group(1) == "bandwidth",
                        "levels": [(num(m.group(2)), sizes(m.group(3))),
                                   (num(m.group(4)), sizes(m.group(5)))], "text": part})
            continue
        m = re.match(r"IOPS (falling|rising) with size from (" + NUM + r") at (" + SIZE +
                     r") to (" + NUM + r") at (" + SIZE + r")", part)
        if m:
            out.append({"kind": "trend", "falling": m.group(1) == "falling",
                        "from": (num(m.group(2)), sizes(m.group(3))[0]),
                        "to": (num(m.group(4)), sizes(m.group(5))[0]), "text": part})
            continue
        m = re.match(r"knee ~(" + SIZE + r"), between (.+) and (" + SIZE + r")$", part)
        if m:
            hi_size = sizes(m.group(3))[0]
            lo_text = m.group(2) if " " in m.group(2) else m.group(2) + " " + m.group(3).split()[1]
            out.append({"kind": "knee", "at": sizes(m.group(1))[0], "lo": sizes(lo_text)[0],
                        "hi": hi_size, "text": part})
            continue
        m = re.match(r"knee ~(" + SIZE + r"), a size measured$", part)
        if m:
            at = sizes(m.group(1))[0]
            out.append({"kind": "knee", "at": at, "lo": at, "hi": at, "text": part})
            continue
        m = re.match(r"no (IOPS|bandwidth) plateau: only (" + SIZE + r") on its side \((" + NUM +
                     r") (?:IOPS|MiB/s)\)$", part)
        if m:
            bs = sizes(m.group(2))[0]
            out.append({"kind": "trend", "bw": m.group(1) == "bandwidth", "falling": False,
                        "from": (num(m.group(3)), bs), "to": (num(m.group(3)), bs),
                        "text": part})
            continue
        m = re.match(r"no (IOPS|bandwidth) limit reached \(up to (" + NUM + r") (?:IOPS|MiB/s) at (" +
                     SIZE + r")\)", part)
        if m:
            out.append({"kind": "peak", "bw": m.group(1) == "bandwidth", "value": num(m.group(2)),
                        "at": sizes(m.group(3))[0], "text": part})
            continue
        m = re.match(r"no (IOPS|bandwidth) cap: (" + SIZE + r") did (" + NUM + r") (?:IOPS|MiB/s), "
                     r"(\d+)% above the ~(" + NUM + r") (?:IOPS|MiB/s) of (.+?)(?: \((?:(" + NUM +
                     r")-(" + NUM + r")|\d+ cells, all ~" + NUM + r")(?:; ~" + NUM + r" MB/s)?\))?$",
                     part)
        if m:
            out.append({"kind": "above", "bw": m.group(1) == "bandwidth",
                        "at": sizes(m.group(2))[0], "value": num(m.group(3)),
                        "pct": num(m.group(4)), "level": num(m.group(5)),
                        "sizes": sizes(m.group(6)), "text": part})
            continue
        m = re.match(r"not saturated at QD(\d+): ~(" + NUM + r") (?:IOPS|MiB/s) at (.+?) still rising",
                     part)
        if m:
            out.append({"kind": "unsat", "depth": int(m.group(1)), "sizes": sizes(m.group(3)),
                        "text": part})
            continue
        m = re.match(r"no (IOPS|bandwidth) plateau: (" + NUM + r") (?:IOPS|MiB/s) at (" + SIZE +
                     r") (falling|rising) to (" + NUM + r") (?:IOPS|MiB/s) at (" + SIZE + r")$", part)
        if m:
            out.append({"kind": "side_trend", "bw": m.group(1) == "bandwidth",
                        "from": (num(m.group(2)), sizes(m.group(3))[0]),
                        "to": (num(m.group(5)), sizes(m.group(6))[0]),
                        "falling": m.group(4) == "falling", "text": part})
            continue
        if part.startswith("left out of the fit: ") or part.startswith("too few block sizes") \
                or re.match(r"\d+ block sizes: more than the", part) \
                or part.startswith("block sizes span too little"):
            continue
        out.append({"kind": "unread", "text": part})
    return out


def within(v, lo, hi, slack=0.006):
    """v in [lo, hi] with the slack of their three-digit rounding."""
    return lo * (1 - slack) <= v <= hi * (1 + slack)


def check_cap(c, pts, errs):
    unit = 1024.0 ** 2 if c["bw"] else 1.0
    val = {bs: (v * bs if c["bw"] else v) / unit for bs, v in pts.items()}
    a, b = c["sizes"]
    named = [bs for bs in val if a <= bs <= b]
    if not named:
        errs.append("%s: no kept cell at the sizes it names" % c["text"])
    if not within(c["cap"], c["lo"], c["hi"], 0.012):
        errs.append("%s: the cap outside its own range" % c["text"])
    for bs in named:
        if c["dip"] and c["dip"][0] <= bs <= c["dip"][1]:
            continue
        if not within(val[bs], c["lo"], c["hi"]):
            errs.append("%s: the %d B cell, %.4g, is outside (%g-%g)" %
                        (c["text"], bs, val[bs], c["lo"], c["hi"]))
    top = max(c["cap"] * 1.10, c["hi"] * 1.05)
    for bs, v in val.items():
        if v > top * 1.006:
            errs.append("%s: the %d B cell, %.4g, is above the cap" % (c["text"], bs, v))
    if c["every"] and (a != min(val) or b != max(val)):
        errs.append("%s: 'every block size' but the cells span %d-%d" % (c["text"], min(val),
                    max(val)))


def check_levels(c, pts, errs):
    unit = 1024.0 ** 2 if c["bw"] else 1.0
    val = {bs: (v * bs if c["bw"] else v) / unit for bs, v in pts.items()}
    runs = []
    for level, (a, b) in c["levels"]:
        cells = [val[bs] for bs in val if a <= bs <= b]
        if len(cells) < 2:
            errs.append("%s: a level of fewer than two cells" % c["text"])
            return
        for v in cells:
            if not (level / 1.4 <= v <= level * 1.4):
                errs.append("%s: a cell at %.4g is off its level ~%g" % (c["text"], v, level))
        runs.append((level, min(cells), max(cells)))
    hi, lo = (runs[0], runs[1]) if runs[0][0] > runs[1][0] else (runs[1], runs[0])
    if hi[1] <= lo[2]:
        errs.append("%s: the two levels' cells overlap" % c["text"])


def check_trend(c, pts, errs):
    if c.get("bw"):
        pts = {bs: v * bs / 1024.0 ** 2 for bs, v in pts.items()}
    for v, bs in (c["from"], c["to"]):
        if bs not in pts or abs(pts[bs] - v) > max(0.06 if c.get("bw") else 0.6, 0.005 * v):
            errs.append("%s: the cell at %d B is %s, not %g" % (c["text"], bs, pts.get(bs), v))
    if c["falling"] != (c["to"][0] < c["from"][0]):
        errs.append("%s: the direction" % c["text"])


def check_knee(c, caps, pts, errs):
    if not c["lo"] <= c["at"] <= c["hi"]:
        errs.append("%s: the knee outside its sizes" % c["text"])
    if c["lo"] != c["hi"] and any(c["lo"] < bs < c["hi"] for bs in pts):
        errs.append("%s: a measured size between" % c["text"])
    if c["lo"] == c["hi"] and c["at"] not in pts:
        errs.append("%s: not a size measured" % c["text"])
    if "iops" in caps and "bw" in caps:
        want = caps["bw"] * 1024 ** 2 / caps["iops"]
        if abs(c["at"] / want - 1) > 0.06:
            errs.append("%s: the caps cross at %.0f B" % (c["text"], want))


def check_above(c, pts, errs):
    unit = 1024.0 ** 2 if c["bw"] else 1.0
    val = {bs: (v * bs if c["bw"] else v) / unit for bs, v in pts.items()}
    if c["at"] not in val or abs(val[c["at"]] - c["value"]) > max(0.06, 0.006 * c["value"]):
        errs.append("%s: the cell at %d B is %s" % (c["text"], c["at"], val.get(c["at"])))
    if abs(100 * (c["value"] / c["level"] - 1) - c["pct"]) > 1.5 or c["pct"] < 5:
        errs.append("%s: not %g%% above" % (c["text"], c["pct"]))
    a, b = c["sizes"]
    if sum(1 for bs in val if a <= bs <= b and bs != c["at"]) < 2:
        errs.append("%s: the level rests on fewer than two other sizes" % c["text"])


def check_unsat(c, cells, mode, share, errs):
    a, b = c["sizes"]
    for bs in sorted({x["bs"] for x in cells if a <= x["bs"] <= b and x.get("mode") == mode}):
        at = {}
        for x in cells:
            if x.get("mode") == mode and x["bs"] == bs and x.get("status") == "ok" and \
                    (share is None or x.get("rwmixread") == share):
                par = x["depth"] * max(x.get("jobs", 1), 1)
                at[par] = max(at.get(par, 0), x["iops"])
        if len(at) < 2:
            continue
        d = sorted(at)
        if at[d[-1]] < 1.05 * max(at[q] for q in d[:-1]):
            errs.append("%s: at %d B the deepest does not gain 5%%: %s" % (c["text"], bs, at))


def check_peak(c, pts, errs):
    vals = [(v * bs / 1024.0 ** 2 if c["bw"] else v) for bs, v in pts.items()]
    if vals and max(vals) > c["value"] * 1.006 + 0.05:
        errs.append("%s: a kept cell does %.4g" % (c["text"], max(vals)))


def check_saturation(name, text, cells, errs):
    m = re.match(r"saturates at QD(\d+) at (" + SIZE + r")(?: with (\d+) jobs?)?.*?: (" + NUM +
                 r") IOPS, within (\d+)% of the best \((" + NUM + r") IOPS at QD(\d+)\)", text)
    if not m:
        return 0
    mode, share = mode_of(name)
    bs, jobs = sizes(m.group(2))[0], int(m.group(3) or 0)
    at = {}
    for c in cells:
        if c.get("mode") == mode and c["bs"] == bs and c.get("status") == "ok" and \
                (share is None or c.get("rwmixread") == share) and \
                (not jobs or c.get("jobs") == jobs):
            at[c["depth"]] = max(at.get(c["depth"], 0), c["iops"])
    qd, best = int(m.group(1)), max(at.values()) if at else 0
    if not at or qd not in at or at[qd] < best * (1 - int(m.group(5)) / 100.0) - 0.5:
        errs.append("%s: %s: the cells at QD%d do %s of a best %s" % (name, text, qd, at.get(qd),
                    best))
    elif any(d < qd and v >= best * (1 - int(m.group(5)) / 100.0) + 0.5 for d, v in at.items()):
        errs.append("%s: %s: a lower depth is within it too" % (name, text))
    return 1


VERDICTS = ("delivers", "below spec", "above the cap", "not saturated", "held by the other cap",
            "within the published range", "above the published range",
            "above the baseline, within the burst")


def check_verdict(name, text, errs):
    """Each figure of a verdict line: its share as its figures give it, and its word."""
    n = 0
    mode_word = None
    for part in parts(text):
        word, first = mode_word, True
        while True:
            hit = [(w, p) for w in VERDICTS for p in (w + ": ", "IOPS " + w + ": ",
                   "bandwidth " + w + ": ") if part.startswith(p)]
            if not hit:
                break
            word, part = hit[0][0], part[len(hit[0][1]):]
            if mode_word is None and first:
                mode_word = word
            first = False
        m = re.search(r"~?(" + NUM + r") (IOPS|MiB/s)[^:]*?: (" + NUM +
                      r")% of the provisioned (" + NUM + r") (IOPS|MiB/s|MB/s)", part)
        if not m:
            continue
        level, pct, cap = num(m.group(1)), num(m.group(3)), num(m.group(4))
        if m.group(2) == "MiB/s" and m.group(5) == "MB/s":
            cap = cap * 1e6 / 1024 ** 2
        want = 100 * level / cap
        if abs(want - pct) > max(1.0, 0.02 * want):
            errs.append("%s: %s: %g%% said, %.1f%% from its figures" % (name, part, pct, want))
        ok = {"delivers": 89.5 <= pct <= 110.5, "below spec": pct < 90,
              "above the cap": pct > 110, "held by the other cap": pct < 90,
              "not saturated": pct < 90}.get(word, True)
        if not ok:
            errs.append("%s: '%s' beside %g%%: %s" % (name, word, pct, part))
        n += 1
    return n


def read(d):
    res = json.load(open(os.path.join(d, "results.json")))
    md = open(os.path.join(d, "report.md"), encoding="utf-8").read()
    return res, md


def claims(d):
    """{workload: [claims]} of the knee list of report.md in d."""
    res, md = read(d)
    knees = section(md, "Knee, where a mode stops being IOPS-bound", r"\n## |\n\n[^-]")
    return {name: parse_knee(text) for name, text in items(knees)}


def check(d):
    """The contradictions of d's report.md against its results.json, and the claims checked."""
    res, md = read(d)
    cells = res.get("cells", [])
    errs, n = [], 0
    knees = section(md, "Knee, where a mode stops being IOPS-bound", r"\n## |\n\n[^-]")
    for name, text in items(knees):
        mode, share = mode_of(name)
        mine = [c for c in cells if share is None or c.get("rwmixread") == share]
        pts = kept_points(mine, mode)
        caps = {}
        parsed = parse_knee(text)
        for c in parsed:
            if c["kind"] == "cap":
                caps["bw" if c["bw"] else "iops"] = c["cap"]
        for c in parsed:
            n += 1
            {"cap": lambda: check_cap(c, pts, errs),
             "levels": lambda: check_levels(c, pts, errs),
             "trend": lambda: check_trend(c, pts, errs),
             "side_trend": lambda: check_trend(c, pts, errs),
             "knee": lambda: check_knee(c, caps, pts, errs),
             "peak": lambda: check_peak(c, pts, errs),
             "above": lambda: check_above(c, pts, errs),
             "unsat": lambda: check_unsat(c, mine, mode, share, errs),
             "unread": lambda: errs.append("%s: %s: a claim the checker cannot read" %
                                           (name, c["text"]))}[c["kind"]]()
    for name, text in items(section(md, "## Against the provisioned limits")):
        n += check_verdict(name, text, errs)
    for name, text in items(section(md, "Saturation, the smallest queue depth")):
        n += check_saturation(name, text, cells, errs)
    return errs, n
