"""Benchmark the front of the pipeline: read, normalize and near-duplicate detection, for N papers.

    .venv/bin/python benchmarks/normalize_speed.py                 # N = 2,000 and 20,000
    .venv/bin/python benchmarks/normalize_speed.py --sizes 5000
    .venv/bin/python benchmarks/normalize_speed.py --code /path    # time another checkout's generator/

The corpus is benchmarks/scale.py's (seed-format files of 500 abstracts, made from the dev CSV's
abstracts and seeded perturbations of them).  Each N runs in a fresh Python process, so that no
cache (math conversions, imported modules) carries over from one N to the next; each stage's wall
seconds and the CPU seconds of the process and its workers are shown.  The budget is read +
normalize + near-duplicates <= 3 s wall at N = 20,000.

Then normalize + near-duplicates with a build cache (generator.cache, in a temporary folder; each run
loads the tables afresh, and the load is counted): "cold" fills it from all but the last 20 abstracts,
"+20 new" runs on all N with it (the incremental build after 20 abstracts were added), "warm" runs on
the same N again.  Budget: warm and +20 new <= 1 s at N = 20,000.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(n: int, corpus: Path, code: Path) -> dict:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import scale

    if not corpus.exists():
        scale.write_corpus(n, corpus)
    sys.path.insert(0, str(code))
    from generator.normalize import near_duplicates, normalize
    from generator.readers import read_inputs

    row = {"n": n}
    for name, step in (("read", lambda _: read_inputs([corpus])), ("normalize", lambda r: normalize(r.records)),
                       ("near-duplicates", near_duplicates)):
        t, c = time.perf_counter(), os.times()
        value = step(value if name != "read" else None)
        u = os.times()
        row[name] = time.perf_counter() - t
        row[name + " cpu"] = (u.user - c.user) + (u.system - c.system) + (u.children_user - c.children_user) \
            + (u.children_system - c.children_system)
        if name == "normalize":
            row["papers"] = len(value)
        if name == "near-duplicates":
            row["flagged"] = len(value)
    records = read_inputs([corpus]).records
    from generator.cache import Cache
    with tempfile.TemporaryDirectory() as folder:
        for name, part in (("cold", records[:-20]), ("+20 new", records), ("warm", records)):
            t = time.perf_counter()
            cache = Cache(Path(folder))
            near_duplicates(normalize(part, cache=cache), cache=cache)
            row[name] = time.perf_counter() - t
            cache.save()
        row["cache MB"] = sum(f.stat().st_size for f in Path(folder).glob("*.pickle")) / 1e6
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="2000,20000", help="comma-separated corpus sizes (default 2000,20000)")
    ap.add_argument("--code", default=str(ROOT), help="folder holding the generator/ package to time (default: this repo)")
    ap.add_argument("--corpus-dir", help="keep the corpora here and reuse them (default: a temporary folder)")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--corpus", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child, Path(args.corpus), Path(args.code))))
        return 0
    base = Path(args.corpus_dir) if args.corpus_dir else Path(tempfile.mkdtemp(prefix="pd-norm-"))
    rows = []
    for n in (int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()):
        out = subprocess.run([sys.executable, __file__, "--child", str(n), "--corpus", str(base / f"corpus{n}"),
                              "--code", args.code], capture_output=True, text=True, check=True).stdout
        rows.append(json.loads(out.strip().splitlines()[-1]))
    stages = ("read", "normalize", "near-duplicates")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")
    cached = ("cold", "+20 new", "warm")
    print("| N | papers | flagged | " + " | ".join(stages) + " | total | CPU | cached: " + " | ".join(cached)
          + " | cache |")
    print("|---:|---:|---:|" + "---:|" * (len(stages) + len(cached) + 3))
    for r in rows:
        total = sum(r[s] for s in stages)
        cpu = sum(r[s + " cpu"] for s in stages)
        print(f"| {r['n']:,} | {r['papers']:,} | {r['flagged']:,} | " + " | ".join(f"{r[s]:.2f} s" for s in stages)
              + f" | {total:.2f} s | {cpu:.2f} s | " + " | ".join(f"{r[s]:.2f} s" for s in cached)
              + f" | {r['cache MB']:.0f} MB |")
    if not args.corpus_dir:
        import shutil
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
