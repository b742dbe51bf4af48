"""Speed of the corpus-wide enrichment, per sub-stage, at N=2,000 and 20,000 papers.

    python benchmarks/enrich_speed.py [--sizes 2000 20000] [--workers 0] [--profile N]

Papers are the dev CSV's abstracts, perturbed to N distinct ones (benchmarks/quality.py's maker).
Sub-stage seconds are the CPU times the enrichment logs itself (logger 'generator.enrich', DEBUG),
from a single-process run (workers=1), so each stage's own cost shows even on a loaded machine;
then the total wall and CPU of that run, and the total wall of
a run with the default workers (per-abstract extractors in forked processes alongside the corpus
stages).  The last rows compare growth from the first size with n log n (ratio <= 1: fine).
"""
from __future__ import annotations

import argparse
import copy
import cProfile
import logging
import math
import pstats
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from generator.enrich import EnrichConfig, enrich  # noqa: E402
from generator.enrich.csvdata import DEV_CSV, read_csv  # noqa: E402
from quality import perturbed  # noqa: E402  (benchmarks/quality.py's corpus maker)


class _Stages(logging.Handler):
    """Collects 'enrich <stage> <seconds> s' debug lines."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.rows: dict[str, float] = {}

    def emit(self, record: logging.LogRecord) -> None:
        m = re.match(r"enrich (.+?)\s+([\d.]+) s \(cpu ([\d.]+) s\)$", record.getMessage())
        if m:  # this process's CPU seconds: what the stage costs, whatever else loads the machine
            self.rows[m.group(1).strip()] = self.rows.get(m.group(1).strip(), 0.0) + float(m.group(3))


def run(papers, workers: int) -> tuple[dict[str, float], float, float]:
    log = logging.getLogger("generator.enrich")
    h = _Stages()
    log.addHandler(h)
    log.setLevel(logging.DEBUG)
    t, c = time.perf_counter(), time.process_time()
    try:
        enrich(papers, EnrichConfig(workers=workers))
    finally:
        log.removeHandler(h)
    return h.rows, time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--sizes", type=int, nargs="+", default=[2000, 20000])
    ap.add_argument("--workers", type=int, default=0, help="for the total: 0 = the enrichment's own default")
    ap.add_argument("--profile", type=int, default=0, help="cProfile the run at this size (top 30 by cumtime)")
    args = ap.parse_args()
    base = read_csv(args.csv)
    serial, total = {}, {}
    for n in args.sizes:
        papers = perturbed(base, n)
        if n == args.profile:
            prof = cProfile.Profile()
            prof.enable()
        serial[n] = run(copy.deepcopy(papers), 1)
        if n == args.profile:
            prof.disable()
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
            pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        total[n] = run(papers, args.workers)
    stages = list(dict.fromkeys(s for rows, _, _ in serial.values() for s in rows))
    n0 = args.sizes[0]
    rows = [(s, [serial[n][0].get(s, 0.0) for n in args.sizes]) for s in stages]
    rows += [("total, 1 process: wall", [serial[n][1] for n in args.sizes]),
             ("total, 1 process: cpu", [serial[n][2] for n in args.sizes]),
             (f"total, workers={args.workers or 'auto'}: wall", [total[n][1] for n in args.sizes]),
             (f"  (cpu of the parent process)", [total[n][2] for n in args.sizes])]
    w = max(len(r[0]) for r in rows) + 2
    print(f"{'sub-stage (cpu s, 1 process)':<{w}}" + "".join(f"{'N=' + format(n, ','):>12}" for n in args.sizes))
    for name, vals in rows:
        print(f"{name:<{w}}" + "".join(f"{v:>12.2f}" for v in vals))
    nlogn = lambda n: n * math.log(n)  # noqa: E731
    for label, res in (("1 process", serial), ("workers", total)):
        print(f"{'growth vs N=' + format(n0, ',') + ', ' + label:<{w}}" + "".join(
            f"{res[n][1] / res[n0][1]:>11.1f}x" for n in args.sizes))
    print(f"{'n log n growth':<{w}}" + "".join(f"{nlogn(n) / nlogn(n0):>11.1f}x" for n in args.sizes))


if __name__ == "__main__":
    main()
