"""Benchmark the paper search: index build time, index sizes, bytes and time to first result.

    .venv/bin/python benchmarks/search.py [--sizes 2000,20000] [--out /tmp/dir]

Papers are synthesized from shared/data/iclr2026_dev.csv: the real rows first, then copies
whose sentences are shuffled and some words perturbed, so that the vocabulary grows as it
would with more real papers.  For each N the index is written with write_search_index into a
small standalone site (the search page's markup, paper-search.js/.css, the index), served on
127.0.0.1 and opened in headless Chromium with ?q=<query>; we record the resources fetched
before the first result row appears and their gzip sizes.  The Material page itself is a
constant overhead not counted here (about 0.1 MB gzip; see the report).
"""
from __future__ import annotations

import argparse
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


def standalone_site(papers: list[Paper], root: Path) -> Path:
    """A minimal site: search page markup + assets + index. Returns the page path."""
    from generator.search import write_search_index

    write_search_index(papers, root)
    assets = ROOT / "site_templates" / "overrides" / "assets" / "search"
    for name in ("paper-search.js", "paper-search.css"):
        (root / "assets" / "search" / name).write_bytes((assets / name).read_bytes())
    page = root / "search" / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>Search</title>'
        '<link rel="stylesheet" href="../assets/search/paper-search.css"></head><body>'
        '<div id="paper-search" data-paper-search></div>'
        '<script src="../assets/search/paper-search.js"></script></body></html>',
        encoding="utf-8",
    )
    return page


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def measure(root: Path, query: str) -> dict:
    """Open search/?q=query in headless chromium; bytes and ms until the first result."""
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest_browser import launch_browser, serve  # type: ignore

    with serve(root) as base:
        pw, browser = launch_browser()
        try:
            page = browser.new_page()
            page.goto(f"{base}/search/?q={query}")
            page.wait_for_selector(".ps-result", timeout=30000)
            t = page.evaluate("window.__paperSearchFirstResult")
            urls = page.evaluate(
                "performance.getEntriesByType('resource').filter(e => e.responseEnd <= window.__paperSearchFirstResult)"
                ".map(e => e.name).concat([location.href])"
            )
            page.close()
        finally:
            browser.close()
            pw.stop()
    total_raw = total_gz = 0
    for url in urls:
        rel = url.split("/", 3)[3].split("?")[0]
        path = root / rel
        if path.is_dir() or rel.endswith("/") or not rel:
            path = path / "index.html"
        data = path.read_bytes()
        total_raw += len(data)
        total_gz += gz(data)
    return {"ms": t, "files": len(urls), "raw": total_raw, "gz": total_gz}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="2000,20000")
    ap.add_argument("--queries", default="diffusion,phase retrieval,difusion,model")
    args = ap.parse_args()
    rows = []
    for n in [int(s) for s in args.sizes.split(",")]:
        papers = synth_papers(n)
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            t0 = time.perf_counter()
            page = standalone_site(papers, root)
            build_s = time.perf_counter() - t0
            idx = root / "assets" / "search" / "index"
            groups = {"manifest.json": ["manifest.json"], "meta.json": ["meta.json"], "t/*": [], "d/*": []}
            for p in sorted(idx.rglob("*.json")):
                rel = p.relative_to(idx).as_posix()
                if rel.startswith("t/"):
                    groups["t/*"].append(rel)
                elif rel.startswith("d/"):
                    groups["d/*"].append(rel)
            print(f"\nN = {n:,}: index build {build_s:.2f} s (write_search_index, 2 processes)")
            print(f"  {'file(s)':<16}{'count':>7}{'raw MB':>10}{'gzip MB':>10}{'largest gz KB':>15}")
            for name, rels in groups.items():
                sizes = [(len(d := (idx / r).read_bytes()), gz(d)) for r in rels]
                print(f"  {name:<16}{len(rels):>7}{sum(s[0] for s in sizes)/1e6:>10.2f}"
                      f"{sum(s[1] for s in sizes)/1e6:>10.2f}{max(s[1] for s in sizes)/1e3:>15.1f}")
            lunr = (root / "assets/search/lunr.js").read_bytes()
            print(f"  {'lunr.js':<16}{1:>7}{len(lunr)/1e6:>10.2f}{gz(lunr)/1e6:>10.2f}")
            for q in args.queries.split(","):
                m = measure(root, q)
                rows.append((n, q, m))
                print(f"  query {q!r:<18} first result {m['ms']:7.0f} ms after navigation start; "
                      f"{m['files']} files, {m['raw']/1e6:.2f} MB raw, {m['gz']/1e6:.3f} MB gzip before it")
    print("\n| N | query | time to first result (ms) | files | MB raw | MB gzip |")
    print("|---:|---|---:|---:|---:|---:|")
    for n, q, m in rows:
        print(f"| {n:,} | {q} | {m['ms']:.0f} | {m['files']} | {m['raw']/1e6:.2f} | {m['gz']/1e6:.3f} |")


if __name__ == "__main__":
    main()
