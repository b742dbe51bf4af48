"""Several collections: a file whose header names another venue or year becomes its own section."""
from __future__ import annotations

import json
import os
from pathlib import Path

from digest_fixtures import make_project, synth_file


from generator.build import build  # noqa: E402
from generator.slugs import slugify  # noqa: E402


def test_second_collection_appears_beside_the_first(tmp_path):
    project = make_project(tmp_path / "p")
    synth_file(project / "abstracts" / "neurips.txt", "NeurIPS 2025 Papers", 1, "neurips")  # (one paper: "1 paper")
    cwd = os.getcwd()
    os.chdir(project)
    try:
        result = build([Path("abstracts")], Path("mkdocs.yml"), date="2026-01-10")
    finally:
        os.chdir(cwd)
    by_coll: dict[str, int] = {}
    for p in result.papers:
        by_coll[p.collection] = by_coll.get(p.collection, 0) + 1
    assert by_coll == {"ICLR 2026": 38, "NeurIPS 2025": 1}
    site, docs = project / "site", project / "docs"
    assert (site / "iclr-2026" / "index.html").is_file() and (site / "neurips-2025" / "index.html").is_file()
    home = (docs / "index.md").read_text("utf-8")
    assert "## [ICLR 2026](iclr-2026/index.md)" in home and "## [NeurIPS 2025](neurips-2025/index.md)" in home
    assert "2 collections" in home
    nav = json.loads((docs / ".nav.json").read_text("utf-8"))
    sections = [next(iter(item)) for item in nav]
    assert "ICLR 2026" in sections and "NeurIPS 2025" in sections
    html = (site / "index.html").read_text("utf-8")
    assert 'href="neurips-2025/"' in html and 'href="iclr-2026/"' in html
    coll = (docs / "neurips-2025" / "index.md").read_text("utf-8")
    assert "1 paper from NeurIPS 2025 Papers" in coll
    lone = next(p for p in result.papers if p.collection == "NeurIPS 2025")
    category = (docs / "neurips-2025" / f"{slugify(lone.category)}.md").read_text("utf-8")
    assert "1 paper in NeurIPS 2025" in category
    assert "38 papers from ICLR 2026" in (docs / "iclr-2026" / "index.md").read_text("utf-8")
    for p in result.papers:
        if p.collection == "NeurIPS 2025":
            page = (docs / "papers" / f"{p.slug}.md").read_text("utf-8")
            assert 'href="../../neurips-2025/"' in page
    # each collection its own map, of its own papers, linked from their pages
    for slug, coll in (("iclr-2026", "ICLR 2026"), ("neurips-2025", "NeurIPS 2025")):
        data = json.loads((site / "data" / "map" / f"{slug}.json").read_text("utf-8"))
        assert sorted(p[4] for p in data["papers"]) == sorted(p.slug for p in result.papers if p.collection == coll)
        assert (site / slug / "map" / "index.html").is_file() and {"Map": f"{slug}/map.md"} in nav[sections.index(coll)][coll]
    page = (docs / "papers" / f"{next(p.slug for p in result.papers if p.collection == 'NeurIPS 2025')}.md").read_text("utf-8")
    assert 'href="../../neurips-2025/map/?paper=' in page
    assert 'See them on a <a href="map/">map</a>' in (site / "neurips-2025" / "index.html").read_text("utf-8")
