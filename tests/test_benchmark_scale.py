"""benchmarks/scale.py keeps working: a tiny run builds a site and prints the table (no timing checks)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "scale.py"
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"

pytestmark = pytest.mark.skipif(not CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")


def _scale():
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import scale
    finally:
        sys.path.remove(str(SCRIPT.parent))
    return scale


def test_perturbed_corpus_is_distinct_deterministic_and_in_seed_format(tmp_path):
    scale = _scale()
    real = scale.load_abstracts()
    n = len(real) + 40  # past the real rows: perturbed copies
    a, b = scale.make_abstracts(n), scale.make_abstracts(n)
    assert a == b  # seeded
    assert len(set(a)) == n
    assert a[:len(real)] == real
    for copy, orig in zip(a[len(real):], real):
        assert copy != orig and 0.4 * len(orig) < len(copy) <= len(orig) + 40  # light: one sentence less at most
    scale.write_corpus(30, tmp_path)
    text = (tmp_path / "000_bench.txt").read_text("utf-8")
    header, *paragraphs = text.strip().split("\n\n")
    assert header == "ICLR 2026 Papers" and len(paragraphs) == 30


def test_project_shares_code_but_not_the_repos_cache(tmp_path, monkeypatch):
    """The throw-away project links the code and copies the hand-written pages, but never links the
    repo's build cache (a 'full build' would find its work done) nor anything else hidden."""
    scale = _scale()
    repo = tmp_path / "repo"
    for folder in ("generator", "site_templates", "docs", ".digest-cache", ".git", "site"):
        (repo / folder).mkdir(parents=True)
    (repo / "mkdocs.yml").write_text("site_name: x\n", "utf-8")
    (repo / "docs" / "about.md").write_text("# About\n", "utf-8")
    (repo / ".digest-cache" / "normalize.pkl").write_bytes(b"memo")
    monkeypatch.setattr(scale, "ROOT", repo)
    work = tmp_path / "work"
    assert scale.make_project(work) == work / "mkdocs.yml"
    assert (work / "generator").resolve() == repo / "generator" and (work / "site_templates").is_symlink()
    assert (work / "docs" / "about.md").read_text("utf-8") == "# About\n" and not (work / "docs").is_symlink()
    assert not (work / "mkdocs.yml").is_symlink()
    assert sorted(p.name for p in work.iterdir()) == ["docs", "generator", "mkdocs.yml", "site_templates"]


def test_small_run_prints_the_table_and_builds_the_site(tmp_path):
    out_json = tmp_path / "rows.json"
    manifest = ROOT / "docs" / ".generated.json"
    before = manifest.read_bytes() if manifest.exists() else None
    proc = subprocess.run([sys.executable, str(SCRIPT), "--sizes", "60", "--keep", str(tmp_path / "b"),
                           "--json", str(out_json), "--bare"], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [l for l in proc.stdout.splitlines() if l.startswith("|")]
    assert lines[0].startswith("| N | read | normalize | near-duplicates | enrich | render | search index |")
    assert re.match(r"\| 60 \| ", lines[2])
    row = json.loads(out_json.read_text("utf-8"))[0]
    assert row["papers"] == 60 and row["paper_pages"] == 60 and row["peak_rss"] > 0
    site = tmp_path / "b" / "n60" / "site"
    assert (site / "index.html").is_file() and (site / "sitemap.xml").is_file()
    assert (manifest.read_bytes() if manifest.exists() else None) == before  # the repo's docs/ untouched
    # --bare: the same pages built by stock MkDocs and Material (their full page template, their search)
    assert re.search(r"^N=60: a bare `mkdocs build` of the same docs/ .*: [\d.]+ s wall, [\d.]+ s CPU, .*"
                     r"generator / bare build: [\d.]+ in wall seconds", proc.stdout, re.M)
    assert row["bare"]["wall"] > 0 and row["bare"]["cpu"] > 0
    bare = tmp_path / "b" / "n60" / "bare-site"
    page = next((site / "papers").glob("*/index.html")).relative_to(site)
    assert 'data-md-component="search"' in (bare / page).read_text("utf-8")
    assert 'data-md-component="search"' not in (site / page).read_text("utf-8")
    assert (bare / "search" / "search_index.json").is_file()
