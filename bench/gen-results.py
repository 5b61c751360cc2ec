#!/usr/bin/python3
"""Write a synthetic sweep results.json: a volume with known caps.

  gen-results.py [--modes randread,read,write,randwrite] [--bs 4k,...] [--depths 1,4,...]
                 [--cells N] [--runtime S] [--mismatch N] [--seed N]
                 [--scale F] [--scale-bw F] OUT

Each mode has an IOPS cap I and a bandwidth cap B; a cell at block size bs
and queue depth d does min(d / (1/I1 + bs/B), I, B / bs) IOPS with 3% noise
(I1: the QD1 rate), latency by Little's law.  --cells N picks the first N
cells of modes x bs x depths (default 4 modes x 10 sizes x 5 depths = 200).
--mismatch N gives N cells a device leg 30% short, as a page cache would.
--scale F multiplies every cap (IOPS, bandwidth, QD1) and --scale-bw F the
bandwidth cap again: a second volume type for a comparison.
Used by bench/report-speed.sh and the report tests.
"""
import argparse
import json
import random

CAPS = {  # mode: (IOPS cap, bandwidth cap bytes/s, QD1 IOPS)
    "randread": (90000, 900 * 2**20, 9000),
    "read": (120000, 1200 * 2**20, 20000),
    "write": (60000, 700 * 2**20, 15000),
    "randwrite": (40000, 500 * 2**20, 8000),
    "readwrite": (70000, 800 * 2**20, 10000),
    "randrw": (50000, 600 * 2**20, 8000),
}


def size(text):
    mult = {"k": 2**10, "m": 2**20, "g": 2**30}
    t = text.strip().lower()
    return int(t[:-1]) * mult[t[-1]] if t[-1] in mult else int(t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--modes", default="randread,read,write,randwrite")
    ap.add_argument("--bs", default="4k,8k,16k,32k,64k,128k,256k,512k,1m,2m")
    ap.add_argument("--depths", default="1,2,4,8,16")
    ap.add_argument("--cells", type=int, default=0)
    ap.add_argument("--runtime", type=int, default=10)
    ap.add_argument("--mismatch", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--scale-bw", type=float, default=1.0)
    ap.add_argument("out")
    a = ap.parse_args()
    rnd = random.Random(a.seed)

    plan = [(m, size(b), int(d)) for m in a.modes.split(",") for b in a.bs.split(",")
            for d in a.depths.split(",")]
    if a.cells:
        plan = plan[:a.cells]
    cells = []
    bad = set(rnd.sample(range(len(plan)), min(a.mismatch, len(plan))))
    for i, (mode, bs, depth) in enumerate(plan):
        cap_i, cap_b, qd1 = (c * a.scale for c in CAPS[mode])
        cap_b *= a.scale_bw
        iops = min(depth / (1.0 / qd1 + bs / cap_b), cap_i, cap_b / bs) * rnd.uniform(0.97, 1.03)
        runtime_ns = a.runtime * 10**9
        ios = int(iops * a.runtime)
        iops = ios / a.runtime
        nbytes = ios * bs
        bw = nbytes / a.runtime
        lat_us = depth / iops * 1e6
        series = [int(ios / a.runtime * rnd.uniform(0.95, 1.05)) for _ in range(a.runtime)]
        reads = "read" in mode and "write" not in mode
        dev_bw = bw * (0.7 if i in bad else rnd.uniform(0.995, 1.005))
        diff_dev = (dev_bw - bw) / bw
        if abs(diff_dev) > 0.05:
            verdict, reason = "mismatch", ("device moved %.0f%% less: cache (page cache, buffered "
                                           "loop device) or unwritten extents" % (-diff_dev * 100))
        else:
            verdict, reason = "ok", "ok"
        cells.append({
            "index": i, "mode": mode, "bs": bs, "depth": depth, "jobs": 1,
            "status": "ok", "status_reason": "",
            "runtime_ns": runtime_ns, "ios": ios, "bytes": nbytes,
            "read_ios": ios if reads else 0, "write_ios": 0 if reads else ios,
            "read_bytes": nbytes if reads else 0, "write_bytes": 0 if reads else nbytes,
            "iops": iops, "bw_bytes_s": bw, "bw_mib_s": bw / 2**20, "bw_mb_s": bw / 1e6,
            "lat_ns": {"min": int(lat_us * 300), "max": int(lat_us * 9000),
                       "mean": lat_us * 1100, "stdev": lat_us * 400,
                       "p50": int(lat_us * 1000), "p90": int(lat_us * 1600),
                       "p99": int(lat_us * 2500), "p99.9": int(lat_us * 4000),
                       "p99.99": int(lat_us * 6000)},
            "cpu": {"usr_pct": 2.0, "sys_pct": 10.0},
            "errors": {"count": 0, "short_ios": 0},
            "series": {"interval_s": 1, "ios": series, "bytes": [s * bs for s in series]},
            "device": {"valid": True, "read_ios": ios if reads else 0,
                       "write_ios": 0 if reads else ios,
                       "read_bytes": int(dev_bw * a.runtime) if reads else 0,
                       "write_bytes": 0 if reads else int(dev_bw * a.runtime),
                       "read_merges": 0, "write_merges": 0, "iops": iops,
                       "bw_bytes_s": dev_bw, "util_pct": 99.0, "aqu_sz": float(depth),
                       "await_us": lat_us, "areq_bytes": float(bs)},
            "bw_check": {"derived_bytes_s": iops * bs, "measured_bytes_s": bw,
                         "device_bytes_s": dev_bw, "diff_derived": 0.0,
                         "diff_device": diff_dev, "verdict": verdict, "reason": reason},
        })
    doc = {
        "schema_version": 1,
        "tool": {"name": "sweep", "version": "synthetic"},
        "host": "bench-host", "kernel": "Linux synthetic",
        "started_utc": "2026-01-01T00:00:00Z", "label": "synthetic",
        "description": "synthetic results from bench/gen-results.py",
        "interrupted": False, "cells_done": len(cells), "warnings": [],
        "target": {"path": "/dev/synthetic", "kind": "device", "size_bytes": 2**34,
                   "total_size_bytes": 2**34, "logical_block_size": 512,
                   "physical_block_size": 4096, "dio_mem_align": 512,
                   "dio_offset_align": 512, "rotational": False, "model": "Synthetic SSD",
                   "scheduler": "none", "device": "synthetic", "fs_type": ""},
        "plan": {"engine": "libaio", "runtime_s": a.runtime, "ramp_s": 2, "rwmixread": 70,
                 "seed": a.seed, "size_bytes": 2**34,
                 "cells": [{"mode": m, "bs": b, "depth": d, "jobs": 1} for m, b, d in plan]},
        "cells": cells,
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
