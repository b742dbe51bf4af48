"""Benchmark: full build vs incremental build after adding one file of 20 abstracts.

For each N it synthesizes N papers in the seed text format (header line, one abstract per
paragraph, 1,000 per file) from the abstracts of shared/data/iclr2026_dev.csv (reused ones are
spliced from two different abstracts so every id differs and none is a near-duplicate), runs
`paper-digest build` (full, no previous site), then, three times (--batches), adds one file of 20
new abstracts (the next day's batch) and runs `paper-digest build` again, timing every build as a
user would (separate processes, wall clock; each build finds the previous one's site, docs/, state
file and build cache, as it would at home).  This machine's timings drift by +-20% from run to run:
the table gives the median incremental build and every batch's time.

    .venv/bin/python benchmarks/incremental.py --sizes 2000 20000

Prints a table and writes benchmarks/out/incremental.json.  Projects live in benchmarks/out/.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"
OUT = ROOT / "benchmarks" / "out"
PER_FILE = 1000


def abstracts() -> list[str]:
    with CSV.open(newline="", encoding="utf-8") as f:
        return [" ".join(r["abstract"].split()) for r in csv.DictReader(f) if len(r["abstract"]) > 300]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def synthesize(base: list[str], start: int, count: int) -> list[str]:
    """Abstract number k: the original for k < len(base), else halves of two different ones."""
    out, m = [], len(base)
    for k in range(start, start + count):
        if k < m:
            out.append(base[k])
            continue
        a, b = _sentences(base[k % m]), _sentences(base[(k * 7 + k // m) % m])
        text = " ".join(a[: max(1, len(a) // 2)] + b[len(b) // 2:])
        out.append(f"{text} (Variant {k // m}.)")
    return out


def make_project(folder: Path, n: int, base: list[str]) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "abstracts").mkdir(parents=True)
    shutil.copy(ROOT / "mkdocs.yml", folder / "mkdocs.yml")
    # copies, not links: an edit in the work tree between the two builds must not change the
    # theme/hook fingerprint (which would rightly force a full build)
    shutil.copytree(ROOT / "site_templates", folder / "site_templates")
    (folder / "generator").mkdir()
    shutil.copy(ROOT / "generator" / "mkdocs_hooks.py", folder / "generator" / "mkdocs_hooks.py")
    manifest = ROOT / "docs" / ".generated.json"  # the generator's own pages: not to be copied
    generated = set(json.loads(manifest.read_text("utf-8"))) if manifest.is_file() else set()
    shutil.copytree(ROOT / "docs", folder / "docs",
                    ignore=lambda d, names: [x for x in names if Path(d, x).is_dir() or not x.endswith(".md")
                                             or Path(d, x).relative_to(ROOT / "docs").as_posix() in generated])
    if not (folder / "docs" / "search.md").exists():
        (folder / "docs" / "search.md").write_text("# Search\n", "utf-8")
    texts = synthesize(base, 0, n)
    for i in range(0, n, PER_FILE):
        write_file(folder / "abstracts" / f"{i // PER_FILE:03d}_bench.txt", texts[i:i + PER_FILE])


def write_file(path: Path, texts: list[str], header: str = "ICLR 2026 Papers") -> None:
    path.write_text(header + "\n\n" + "\n\n".join(texts) + "\n", "utf-8")


def run_build(folder: Path, date: str) -> dict:
    os.sync()  # (earlier writes and deletions flushed first: they would slow this build's own)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--run-build", "--date", date],
                          cwd=folder, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode:
        sys.stderr.write(proc.stderr[-5000:])
        raise SystemExit(f"build failed in {folder}")
    log = proc.stderr
    (folder / f"build-{date}.log").write_text(log, "utf-8")
    written = re.search(r"docs: (\d+) written, (\d+) unchanged, (\d+) removed", log)
    mode = re.search(r"mkdocs: (dirty|full) build \(([^)]*)\)", log)
    rerendered = re.search(r"re-rendered (\d+) of (\d+) pages", log)
    stages = {m.group(2): float(m.group(1)) for m in re.finditer(r"\[\s*([\d.]+)s\] (.+)", log)}
    return {"seconds": round(wall, 2), "written": int(written.group(1)) if written else None,
            "mode": mode.group(1) if mode else "?", "reason": mode.group(2) if mode else "",
            "rerendered": int(rerendered.group(1)) if rerendered else None,
            "stub_enrich": "stand-in enrich" in log, "stages": stages}


def bench(n: int, base: list[str], batches: int = 3, out: Path = OUT) -> dict:
    """A full build, then `batches` incremental builds, each after one more file of 20 new abstracts
    (the next day's batch): one sample per batch, since this machine's timings drift by +-20%."""
    folder = out / f"incremental-{n}"
    make_project(folder, n, base)
    full = run_build(folder, "2026-01-01")
    runs = []
    for b in range(batches):
        write_file(folder / "abstracts" / f"9{b:02d}_added.txt",
                   synthesize(base, 10 * max(n, len(base)) + 17 + 20 * b, 20), "ICLR 2026 Papers")
        runs.append(run_build(folder, f"2026-01-{2 + b:02d}"))
    median = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
    return {"n": n, "full": full, "incremental": median, "incremental_seconds": [r["seconds"] for r in runs]}


def _run_build_here(date: str) -> None:
    """Child process: `paper-digest build` in the benchmark's project folder (its entry point, exit included)."""
    from generator.cli import run
    run(["build", "--date", date])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[2000, 20000])
    ap.add_argument("--batches", type=int, default=3, help="incremental builds, one batch of 20 abstracts each")
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the projects and incremental.json")
    ap.add_argument("--run-build", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--date", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.run_build:
        _run_build_here(args.date)
    args.out.mkdir(parents=True, exist_ok=True)
    base = abstracts()
    rows = []
    for n in args.sizes:
        rows.append(bench(n, base, args.batches, args.out))
        print(f"done N={n}: {json.dumps(rows[-1])}", file=sys.stderr, flush=True)
    (args.out / "incremental.json").write_text(json.dumps(rows, indent=1) + "\n", "utf-8")
    print(f"\n{'N':>7} | {'full build s':>12} | {'+20 abstracts s (median)':>24} | {'each batch s':>20} | "
          f"{'docs rewritten':>14} | {'pages re-rendered':>17} | mkdocs")
    print("-" * 130)
    for r in rows:
        i = r["incremental"]
        each = ", ".join(f"{s:.1f}" for s in r["incremental_seconds"])
        print(f"{r['n']:>7} | {r['full']['seconds']:>12.1f} | {i['seconds']:>24.1f} | {each:>20} | {i['written']!s:>14} | "
              f"{i['rerendered']!s:>17} | {i['mode']} ({i['reason']})")
    names = ["read", "normalize", "near-duplicates", "history", "enrich", "render", "search index", "write", "cache", "mkdocs build"]
    print(f"\nStages of the median incremental build (s; 'other' = wall - stages: start-up, imports, config):")
    print(f"{'N':>7} | " + " | ".join(f"{n:>12}" for n in names + ["other"]))
    for r in rows:
        st = r["incremental"]["stages"]
        other = r["incremental"]["seconds"] - sum(st.values())
        print(f"{r['n']:>7} | " + " | ".join(f"{st.get(n, 0):>12.2f}" for n in names) + f" | {other:>12.2f}")
    if any(r["full"]["stub_enrich"] for r in rows):
        print("(enrich: the tests' stand-in; generator.enrich was not available)")


if __name__ == "__main__":
    main()
