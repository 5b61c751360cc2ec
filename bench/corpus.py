#!/usr/bin/env python3
"""Agreement of sweep's conclusions with the authors' on bench/corpus.

    bench/corpus.py [SWEEP] [OUT]

Imports every set of bench/corpus (its set.json's arguments and provisioned
caps), reads the knee sentences back (tests/claims.py) and prints, per set
and per claim its authors made, what sweep states and whether it agrees
within 10%, then every contradiction tests/claims.py finds between a
report's sentences and its cells.  A cap claim agrees with a stated cap, or
with one of two stated levels (marked), or with the peak of a side that
shows no plateau ("no bandwidth limit reached (up to X)": the authors' figure
is the most they measured too; marked), or where sweep has fewer than three
block sizes to read a cap from, with its headline peak (marked).  Exit 1
when fewer than 90% of the cap claims agree or a sentence is contradicted.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
import claims  # noqa: E402

MIB = 1024.0 ** 2


def to_mib(value, unit):
    return value * 1e6 / MIB if unit == "MB/s" else value


def headline(md, workload, bw):
    """The summary row's Peak IOPS or Peak MiB/s of workload."""
    for line in md.splitlines():
        if line.startswith("| %s |" % workload):
            f = [x.strip() for x in line.split("|")]
            try:
                return float(f[4 if bw else 2].replace(",", ""))
            except (ValueError, IndexError):
                return None
    return None


def judge(a, parsed, md):
    """(what sweep states, agrees?) for authors' claim a; agrees None: not scored."""
    kind, want = a["claim"], a.get("value")
    bw = kind == "bw_cap" or (kind == "two_levels" and a.get("unit") != "IOPS")
    if want is not None and bw:
        want = to_mib(want, a.get("unit"))
    unit = "MiB/s" if bw else "IOPS"
    if kind in ("iops_cap", "bw_cap", "two_levels"):
        for c in parsed:
            if c["kind"] == "cap" and c["bw"] == bw and kind != "two_levels":
                return ("cap ~%g %s" % (c["cap"], unit), abs(c["cap"] / want - 1) <= 0.10)
        for c in parsed:
            if c["kind"] == "levels" and c["bw"] == bw:
                best = min((lv for lv, _ in c["levels"]), key=lambda lv: abs(lv / want - 1))
                return ("a level ~%g %s" % (best, unit), abs(best / want - 1) <= 0.10)
        for c in parsed:
            if c["kind"] == "peak" and c["bw"] == bw and kind != "two_levels":
                return ("peak %g %s (no plateau: not stated as a cap)" % (c["value"], unit),
                        abs(c["value"] / want - 1) <= 0.10)
        if any(c["kind"] == "unread" for c in parsed) or not parsed:
            peak = headline(md, a["workload"], bw)
            if peak:
                return ("peak %g %s (too few sizes for a cap)" % (peak, unit),
                        abs(peak / want - 1) <= 0.10)
        return ("no %s cap stated" % ("bandwidth" if bw else "IOPS"), False)
    if kind == "falling":
        falls = any(c["kind"] == "cap" and c["bw"] for c in parsed) or \
            any(c["kind"] == "trend" and c["falling"] for c in parsed)
        return ("IOPS fall with size" if falls else "no fall stated", falls)
    return ("(not scored)", None)


def main():
    sweep = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "src", "sweep")
    out = sys.argv[2] if len(sys.argv) > 2 else "/tmp/sweep-corpus"
    os.makedirs(out, exist_ok=True)
    root = os.path.join(HERE, "corpus")
    rows, contra, caps, agree = [], [], 0, 0
    for name in sorted(os.listdir(root)):
        s = os.path.join(root, name, "set.json")
        if not os.path.isfile(s):
            continue
        st = json.load(open(s))
        args = list(st["import"]) + (["--expect", st["expect"]] if st.get("expect") else [])
        dest = os.path.join(out, name)
        subprocess.run([sweep] + args + ["-o", dest, "--formats", "md"], cwd=os.path.dirname(s),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        md = open(os.path.join(dest, "report.md"), encoding="utf-8").read()
        knees = claims.claims(dest)
        errs, _ = claims.check(dest)
        contra += ["%s: %s" % (name, e) for e in errs]
        for a in st["authors"]:
            w = a.get("workload") or ""
            said, ok = judge(a, knees.get(w, []), md)
            if ok is not None and a["claim"] != "falling":
                caps += 1
                agree += bool(ok)
            rows.append((name, w, "%s %s %s" % (a["claim"], a.get("value") or "",
                         a.get("unit") or ""), said,
                         "-" if ok is None else "yes" if ok else "**no**"))
    print("| set | workload | authors | sweep states | agrees (10%) |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print("| %s |" % " | ".join(r))
    print()
    print("%d of %d cap and level claims agree within 10%%; %d sentences contradicted" %
          (agree, caps, len(contra)))
    for c in contra:
        print("  " + c)
    return 0 if caps and agree >= 0.9 * caps and not contra else 1


if __name__ == "__main__":
    sys.exit(main())
