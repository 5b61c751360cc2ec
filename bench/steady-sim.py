#!/usr/bin/env python3
"""Replay steady-state rules over a fixed-runtime run's per-second series.

    bench/steady-sim.py FIXED/results.json

Two sweeps of the same plan minutes apart measure the disk at different
times; on a shared disk they differ by more than any steady-state rule
does (bench/sweep-time.sh).  This takes one fixed run (--steady 0) and asks,
per rule, when each cell would have stopped and how far the mean of its
seconds up to then is from the mean of all of them: the rule's own cost in
time and accuracy, with the device held the same.

Rules: sweep's (analysis_steady() in src/analysis/analysis-steady.c: every sample of the last WINDOW
seconds, or of all seconds so far from 3 on, within PCT% of their mean or
within EDGE I/Os if that is wider (EDGE: how far the running count drifts
from a straight line, 1..inflight), no trend, the 95% confidence interval
of their mean (counting's EDGE^2 left out of the variance) inside that
band, and at least 100 x EDGE / PCT completions in all; checked from min_runtime_s on, stopping one second
later), the rule before it ("full window": only whole
windows, no allowance for counting), and a proposed one (the 95% confidence
interval of the mean over all seconds so far is within PCT% of it, plus the
trend test over the last window).  Time is modelled as ramp + measured
seconds per cell, set-up excluded.
"""
import json
import math
import statistics
import sys

T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262]  # df 1..9


def t975(df):
    """as analysis_steady(): a table, then Cornish-Fisher's series in 1/df"""
    return T975[df - 1] if df <= len(T975) else 1.96 + 2.372 / df + 2.82 / df ** 2


def no_trend(w, pct):
    m = sum(w) / len(w)
    xs = [i - (len(w) - 1) / 2 for i in range(len(w))]
    slope = sum(x * (y - m) for x, y in zip(xs, w)) / sum(x * x for x in xs)
    return abs(slope * (len(w) - 1)) <= m * pct / 100


def band(ios, window, pct, inflight=0):
    """sweep's rule (analysis_steady()); inflight=0 is the rule before it: whole
    windows only, no allowance for counting, no confidence test"""
    n = min(window, len(ios)) if inflight else window
    if len(ios) < max(n, 3):
        return False
    edge = 0
    if inflight:
        mean_all, run, drift = sum(ios) / len(ios), 0.0, 0.0
        for x in ios:
            run += x - mean_all
            drift = max(drift, abs(run))
        edge = min(max(drift, 1), inflight)
        if sum(ios) * pct < 100 * edge:
            return False
    w = ios[-n:]
    m = sum(w) / n
    if m <= 0:
        return False
    b = max(pct, 100.0 * edge / m)
    if not (all(abs(x - m) <= m * b / 100 for x in w) and no_trend(w, b)):
        return False
    if not inflight:
        return True
    var = statistics.variance(w) - edge * edge
    return var <= 0 or t975(n - 1) * math.sqrt(var / n) <= m * b / 100


def ci(ios, window, pct):
    n = len(ios)
    if n < max(window, 2):
        return False
    m = statistics.mean(ios)
    return (m > 0 and t975(n - 1) * statistics.stdev(ios) / math.sqrt(n) <= m * pct / 100 and
            no_trend(ios[-window:], pct))


def main():
    d = json.load(open(sys.argv[1]))
    p = d["plan"]
    ramp, cap, least, win = p["ramp_s"], p["runtime_s"], p["min_runtime_s"], p["steady_window_s"]
    inflight = max(c["depth"] * c["jobs"] for c in d["cells"])
    rules = [("sweep's: band 2%%/%ds, partial windows, %d in flight" % (win, inflight),
              lambda s: band(s, win, 2, inflight)),
             ("sweep's at 5%", lambda s: band(s, win, 5, inflight)),
             ("sweep's at 10%", lambda s: band(s, win, 10, inflight)),
             ("full window 2%%/%ds (the rule before)" % win, lambda s: band(s, win, 2)),
             ("full window 5%%/%ds" % win, lambda s: band(s, win, 5)),
             ("CI95 <= 2%", lambda s: ci(s, win, 2)),
             ("CI95 <= 3%", lambda s: ci(s, win, 3)),
             ("CI95 <= 4%", lambda s: ci(s, win, 4))]
    cells = [c for c in d["cells"] if c["status"] == "ok"]
    fixed = len(cells) * (ramp + cap)
    print("%d cells of %d s + %d s ramp: %d s without set-up" % (len(cells), cap, ramp, fixed))
    print()
    print("| rule | time (model, s) | vs fixed | cells that stop early | within 3% "
          "| within 3% or CV | largest difference |")
    print("|---|---|---|---|---|---|---|")
    for name, rule in rules:
        total = early = n3 = ncv = 0
        worst = 0.0
        for c in cells:
            s = c["series"]["ios"][:cap]
            full = statistics.mean(s)
            cv = statistics.pstdev(s) / full
            stop = cap
            for done in range(least, cap - 1):
                if rule(s[:done]):
                    stop = done + 1
                    early += 1
                    break
            diff = abs(statistics.mean(s[:stop]) - full) / full
            n3 += diff <= 0.03
            ncv += diff <= max(0.03, cv)
            worst = max(worst, diff)
            total += ramp + stop
        print("| %s | %d | %.2f | %d of %d | %d | %d | %.1f%% |" %
              (name, total, total / fixed, early, len(cells), n3, ncv, worst * 100))


if __name__ == "__main__":
    main()
