"""Benchmark the paper search: index build time, index sizes, bytes and time to first result.

    .venv/bin/python benchmarks/search.py [--sizes 2000,20000] [--out /tmp/dir]

Papers are synthesized from shared/data/iclr2026_dev.csv: the real rows first, then copies
whose sentences are shuffled and some words perturbed, so that the vocabulary grows as it
would with more real papers.  For each N the index is written with write_search_index into a
real Material site holding just the search page (built with mkdocs and the project's theme
overrides), served on 127.0.0.1 and opened in headless Chromium with ?query=<query>; we record
every resource fetched before the first result row appears (the page and Material's own
assets included) and their gzip sizes.
"""
from __future__ import annotations

import argparse
import os
import csv
import gzip
import hashlib
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.model import Paper  # noqa: E402

CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"
if not CSV.exists():
    CSV = Path("/work/shared/data/iclr2026_dev.csv")

_WORD = re.compile(r"[A-Za-z]{5,}")


def _slug(title: str, pid: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:50].strip("-")
    return f"{base}-{pid[:6]}"


def synth_papers(n: int, seed: int = 7) -> list[Paper]:
    """n Paper objects built from the dev CSV (real first, then perturbed copies)."""
    rows = list(csv.DictReader(CSV.open(encoding="utf-8")))
    rnd = random.Random(seed)
    papers = []
    for i in range(n):
        row = rows[i % len(rows)]
        copy = i // len(rows)
        text, title = row["abstract"], row["title"]
        if copy:
            sents = re.split(r"(?<=[.!?])\s+", text)
            rnd.shuffle(sents)
            text = " ".join(sents)
            # perturb ~3% of long words into new, plausible-looking vocabulary
            text = _WORD.sub(lambda m: m.group(0) + rnd.choice("aeiou") + "x" if rnd.random() < 0.03 else m.group(0), text)
            title = f"{title} ({copy})"
        pid = hashlib.sha1(f"{i}:{text}".encode()).hexdigest()[:12]
        name = title.split(":")[0] if ":" in title and len(title.split(":")[0]) < 30 else None
        kws = [k.strip().lower() for k in row["keywords"].split(",") if k.strip()][:6]
        ents = sorted(set(re.findall(r"\b[A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9-]*\b", text)))[:8]
        papers.append(
            Paper(
                id=pid, slug=_slug(title, pid), collection="ICLR 2026", abstract_raw=text,
                abstract_md=text, abstract_html="", plain_text=text, title=title, name=name,
                tags=kws, entities=ents, category=row["primary_area"].replace("_", " ").strip() or "other",
            )
        )
    return papers


def material_site(root: Path) -> Path:
    """A real Material site with the search page (no papers yet) built into `root`."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    proj = root.parent / (root.name + "-project")
    docs = proj / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "index.md").write_text("# Papers\n\nA benchmark site.\n", "utf-8")
    (docs / "search.md").write_bytes((ROOT / "docs" / "search.md").read_bytes())
    (proj / "mkdocs.yml").write_text(
        "site_name: Bench\n"
        f"docs_dir: {docs}\nsite_dir: {root}\n"
        f"theme:\n  name: material\n  custom_dir: {ROOT / 'site_templates' / 'overrides'}\n  font: false\n"
        "plugins:\n  - search\n"
        "extra_javascript:\n  - assets/search/paper-search.js\n"
        "extra_css:\n  - assets/search/paper-search.css\n", "utf-8")
    build(load_config(config_file=str(proj / "mkdocs.yml"), site_dir=str(root)))
    return root / "search" / "index.html"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def measure(root: Path, queries: list[str], runs: int = 3) -> dict[str, dict]:
    """Open search/?query=<q> in headless Chromium, `runs` times per query, each in a fresh
    context (cold cache).  Per query: median ms from navigation start to the first rendered
    result, and the files fetched before it (count, raw and gzip bytes, the page included)."""
    import statistics
    from urllib.parse import quote

    sys.path.insert(0, str(ROOT / "tests"))
    from conftest_browser import launch_browser, serve  # type: ignore

    out = {}
    with serve(root) as base:
        pw, browser = launch_browser()
        try:
            for q in queries:
                times, urls = [], []
                for _ in range(runs):
                    ctx = browser.new_context()
                    page = ctx.new_page()
                    page.goto(f"{base}/search/?query={quote(q)}")
                    page.wait_for_function("window.__paperSearchFirstResult !== undefined", timeout=60000)
                    times.append(page.evaluate("window.__paperSearchFirstResult"))
                    urls = page.evaluate(
                        "performance.getEntriesByType('resource')"
                        ".filter(e => e.startTime <= window.__paperSearchFirstResult).map(e => e.name)"
                        ".concat([location.href])")
                    ctx.close()
                out[q] = {"ms": statistics.median(times), "all_ms": times, **_bytes(root, urls)}
        finally:
            browser.close()
            pw.stop()
    return out


def _bytes(root: Path, urls: list[str]) -> dict:
    total_raw = total_gz = files = 0
    for url in urls:
        rel = url.split("/", 3)[3].split("?")[0]
        path = root / rel
        if path.is_dir() or rel.endswith("/") or not rel:
            path = path / "index.html"
        if not path.is_file():  # e.g. a favicon.ico the browser asked for: a 404
            continue
        data = path.read_bytes()
        files += 1
        total_raw += len(data)
        total_gz += gz(data)
    return {"files": files, "raw": total_raw, "gz": total_gz}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="2000,20000")
    ap.add_argument("--queries", default="diffusion,phase retrieval,difusion,model,tag:benchmark,jailbreak,LLM")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    rows = []
    for n in [int(s) for s in args.sizes.split(",")]:
        papers = synth_papers(n)
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "site"
            material_site(root)
            from generator.search import write_search_index

            t0, c0 = time.perf_counter(), os.times()
            write_search_index(papers, root)
            build_s, c1 = time.perf_counter() - t0, os.times()
            cpu_s = sum(c1[:4]) - sum(c0[:4])  # user + system, this process and its pool
            idx = root / "assets" / "search" / "index"
            groups = {"manifest.json": ["manifest.json"], "meta.json": ["meta.json"], "t/*": [], "d/*": []}
            for p in sorted(idx.rglob("*.json")):
                rel = p.relative_to(idx).as_posix()
                if rel.startswith("t/"):
                    groups["t/*"].append(rel)
                elif rel.startswith("d/"):
                    groups["d/*"].append(rel)
            print(f"\nN = {n:,}: index build {build_s:.2f} s wall, {cpu_s:.2f} s CPU (write_search_index, pool of 2; "
                  f"load average {os.getloadavg()[0]:.1f})")
            print(f"  {'file(s)':<16}{'count':>7}{'raw MB':>10}{'gzip MB':>10}{'largest gz KB':>15}")
            for name, rels in groups.items():
                sizes = [(len(d := (idx / r).read_bytes()), gz(d)) for r in rels]
                print(f"  {name:<16}{len(rels):>7}{sum(s[0] for s in sizes)/1e6:>10.2f}"
                      f"{sum(s[1] for s in sizes)/1e6:>10.2f}{max(s[1] for s in sizes)/1e3:>15.1f}")
            lunr = (root / "assets/search/lunr.js").read_bytes()
            print(f"  {'lunr.js':<16}{1:>7}{len(lunr)/1e6:>10.2f}{gz(lunr)/1e6:>10.2f}")
            for q, m in measure(root, args.queries.split(","), args.runs).items():
                rows.append((n, q, m))
                print(f"  query {q!r:<18} first result {m['ms']:6.0f} ms (runs: {', '.join(f'{t:.0f}' for t in m['all_ms'])}) "
                      f"after navigation start; {m['files']} files, {m['raw']/1e6:.2f} MB raw, {m['gz']/1e6:.3f} MB gzip before it")
    print(f"\nmachine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("\n| N | query | time to first result (ms, median) | files | MB raw | MB gzip |")
    print("|---:|---|---:|---:|---:|---:|")
    for n, q, m in rows:
        print(f"| {n:,} | {q} | {m['ms']:.0f} | {m['files']} | {m['raw']/1e6:.2f} | {m['gz']/1e6:.3f} |")


if __name__ == "__main__":
    main()
