"""Incremental builds: adding a file rewrites only what changed (and a dirty MkDocs build gives the
same bytes as a full one), removing a file removes its pages and every link to them, and two builds
from the same inputs and state are byte-identical, whole site/ tree included."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from digest_fixtures import ROOT, make_project, run, synth_file, tree_bytes, tree_mtimes


from generator.feeds import feed_path  # noqa: E402
from generator.incremental import stamp_path  # noqa: E402


def papers_json(project: Path) -> dict[str, dict]:
    data = json.loads((project / "docs" / "data" / "papers.json").read_text("utf-8"))
    return {p["id"]: p for p in data["papers"]}


def clone_inputs(src: Path, dst: Path) -> Path:
    """A fresh project elsewhere with the same abstracts, state and mkdocs.yml (another machine, another day)."""
    make_project(dst, seeds=False)
    shutil.copy(src / "mkdocs.yml", dst / "mkdocs.yml")
    for f in (src / "abstracts").iterdir():
        shutil.copy(f, dst / "abstracts" / f.name)
    return dst


HAND_WRITTEN = ("about.md", "data-format.md")


@pytest.fixture(scope="module")
def grown(tmp_path_factory):
    """Seeds built on day 1, then one file of 5 abstracts added and built on day 2, in a project that
    turns Material's page search on (so its index is merged by the dirty build and checked here)."""
    project = make_project(tmp_path_factory.mktemp("grow"))
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("\nplugins: []\n", "\nplugins: [search]\n"), "utf-8")
    first = run(project, "2026-01-10")
    before = {"docs": tree_bytes(project / "docs"), "docs_mtime": tree_mtimes(project / "docs"),
              "site": tree_bytes(project / "site"), "site_mtime": tree_mtimes(project / "site"),
              "papers": papers_json(project), "nav": (project / "docs" / ".nav.json").read_bytes()}
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 5, "grow")
    second = run(project, "2026-02-01")
    return project, first, second, before


def test_added_papers_are_on_the_new_page_and_in_the_feeds(grown):
    project, _, second, before = grown
    papers = papers_json(project)
    new = {i: p for i, p in papers.items() if i not in before["papers"]}
    assert len(new) == 5 and all(p["first_seen"] == "2026-02-01" for p in new.values())
    assert all(p["first_seen"] == "2026-01-10" for i, p in papers.items() if i in before["papers"])
    new_page = (project / "docs" / "new.md").read_text("utf-8")
    latest = new_page.split("## Latest", 1)[1].split("## Earlier", 1)[0]
    assert all(f'href="../{p["url"]}"' in latest for p in new.values())
    assert "2026-01-10" in new_page.split("## Earlier", 1)[1]  # the first batch, by date
    feed = (project / "site" / "feeds" / "all.atom.xml").read_text("utf-8")
    assert all(f"urn:paper-digest:paper:{i}" in feed for i in new)
    for p in new.values():
        cat_feed = project / "site" / feed_path(p["category"])
        assert f"urn:paper-digest:paper:{p['id']}" in cat_feed.read_text("utf-8")
        assert (project / "site" / p["url"] / "index.html").is_file()
    state = json.loads((project / "abstracts" / ".digest-state.json").read_text("utf-8"))
    assert [b["date"] for b in state["batches"]] == ["2026-01-10", "2026-02-01"]


def test_old_urls_survive_and_unchanged_files_are_untouched(grown):
    project, _, second, before = grown
    for p in before["papers"].values():
        assert (project / "site" / p["url"] / "index.html").is_file(), p["url"]
    docs, mtimes = tree_bytes(project / "docs"), tree_mtimes(project / "docs")
    same = [k for k in before["docs"] if docs.get(k) == before["docs"][k]]
    assert same, "nothing stayed the same?"
    assert all(mtimes[k] == before["docs_mtime"][k] for k in same), "an unchanged docs file was rewritten"
    changed = {k for k in docs if before["docs"].get(k) != docs[k]} - {".generated.json"}  # the manifest
    assert changed == set(second.write.written)
    # Corpus-level tags may shift as papers arrive; paper pages never disappear while their abstract stays.
    assert not [r for r in second.write.removed if r.startswith("papers/")]
    for name in HAND_WRITTEN:
        assert docs[name] == before["docs"][name] and mtimes[name] == before["docs_mtime"][name]


def test_dirty_build_when_nav_unchanged_keeps_unchanged_html(grown):
    project, first, second, before = grown
    assert first.mode == "full"
    nav_same = (project / "docs" / ".nav.json").read_bytes() == before["nav"]
    assert second.mode == ("dirty" if nav_same else "full")
    if second.mode == "dirty":
        site, mtimes = tree_bytes(project / "site"), tree_mtimes(project / "site")
        kept = [k for k in before["site"] if site.get(k) == before["site"][k] and k.endswith("/index.html")]
        assert kept and all(mtimes[k] == before["site_mtime"][k] for k in kept)


def test_incremental_site_equals_full_build_elsewhere(grown, tmp_path):
    """Same inputs and state, other folder and other day, full build: every byte of site/ is equal."""
    project = grown[0]
    other = clone_inputs(project, tmp_path / "other")
    result = run(other, "2031-12-31")
    assert result.mode == "full"
    a, b = tree_bytes(project / "site"), tree_bytes(other / "site")
    assert sorted(a) == sorted(b)
    assert [k for k in a if a[k] != b[k]] == []
    assert "sitemap.xml.gz" in a and "search/search_index.json" in a
    index = json.loads(a["search/search_index.json"])  # the site's own pages: no paper, tag or entity page
    assert index["docs"] and not [d for d in index["docs"] if d["location"].startswith(("papers/", "tags/", "entities/"))]
    assert (other / "abstracts" / ".digest-state.json").read_bytes() == \
        (project / "abstracts" / ".digest-state.json").read_bytes()  # no new batch: nothing new


def test_two_full_builds_are_byte_identical(tmp_path):
    a = make_project(tmp_path / "a")
    run(a, "2026-03-03")
    b = clone_inputs(a, tmp_path / "b")
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    run(b, "2027-01-01", full=True)
    ta, tb = tree_bytes(a / "site"), tree_bytes(b / "site")
    assert sorted(ta) == sorted(tb) and [k for k in ta if ta[k] != tb[k]] == []
    assert tree_bytes(a / "docs") == tree_bytes(b / "docs")


def test_dirty_build_never_writes_through_hard_links(tmp_path):
    """Files of the live site are replaced, never rewritten in place: a hard-linked copy keeps its bytes."""
    project = make_project(tmp_path / "p")
    run(project, "2026-01-10")
    snapshot = tmp_path / "snapshot"
    shutil.copytree(project / "site", snapshot, copy_function=os.link)  # shares inodes too
    before = tree_bytes(snapshot)
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "links")
    assert run(project, "2026-01-11").mode == "dirty"
    assert tree_bytes(snapshot) == before


def test_removing_a_file_removes_its_pages_and_every_link(tmp_path):
    project = make_project(tmp_path / "p")
    synth_file(project / "abstracts" / "002_extra.txt", "ICLR 2026 Papers", 4, "gone")
    run(project, "2026-01-10")
    extra = {i: p for i, p in papers_json(project).items()
             if any(s["file"].endswith("002_extra.txt") for s in p["sources"])}
    assert len(extra) == 4
    (project / "abstracts" / "002_extra.txt").unlink()
    result = run(project, "2026-01-12")
    assert result.mode == "full" and result.write.removed
    slugs = [p["url"].split("/")[1] for p in extra.values()]
    for slug in slugs:
        assert not (project / "docs" / "papers" / f"{slug}.md").exists()
        assert not (project / "site" / "papers" / slug).exists()
    for root in (project / "site", project / "docs"):
        for f in root.rglob("*"):
            if f.is_file() and f.suffix in {".html", ".md", ".xml", ".json"}:
                text = f.read_text("utf-8", errors="replace")
                assert not any(s in text for s in slugs), f"{f} still links to a removed paper"
    for name in HAND_WRITTEN:
        assert (project / "docs" / name).is_file()


def test_config_change_forces_full_build(tmp_path):
    project = make_project(tmp_path / "p")
    run(project, "2026-01-10")
    cfg = project / "mkdocs.yml"
    cfg.write_text(cfg.read_text("utf-8").replace("site_name: Paper digest", "site_name: Paper digest 2"), "utf-8")
    result = run(project, "2026-01-10")
    assert result.mode == "full"
    assert "Paper digest 2" in (project / "site" / "about" / "index.html").read_text("utf-8")
    assert stamp_path(project / "site").is_file()


def test_another_site_url_forces_full_build(tmp_path):
    """--site-url is not in mkdocs.yml, yet every page's 404 links and the sitemap depend on it."""
    project = make_project(tmp_path / "p")
    run(project, "2026-01-10", site_url="https://example.org/a/")
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "moved")
    result = run(project, "2026-01-11", site_url="https://example.org/b/")
    assert result.mode == "full"
    assert 'href="/b/assets/' in (project / "site" / "404.html").read_text("utf-8")


def test_most_pages_changed_on_many_cores_means_a_full_build(tmp_path, monkeypatch):
    """MkDocs' dirty build is serial: when most docs files changed and the full build would run on
    several cores, the full build is chosen (and logged with the reason)."""
    import generator.incremental as inc
    project = make_project(tmp_path / "p")
    run(project, "2026-01-10")
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "links")
    monkeypatch.setattr(inc, "parallel_pays", lambda pages: True)
    monkeypatch.setattr(inc, "DIRTY_MAX_SHARE", 0.0)
    assert run(project, "2026-01-11").mode == "full"
    synth_file(project / "abstracts" / "003_added.txt", "ICLR 2026 Papers", 3, "more")
    monkeypatch.setattr(inc, "DIRTY_MAX_SHARE", 1.0)
    assert run(project, "2026-01-12").mode == "dirty"


def test_placing_new_papers_does_not_import_scikit_learn(tmp_path):
    """Importing scikit-learn takes 1-3 s of a build: only fitting needs it, not placing a batch in a fit."""
    project = make_project(tmp_path)
    run(project, "2026-01-10")
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "lazy")
    code = ("import sys; from generator.cli import main; rc = main(['build', '--date', '2026-02-01']); "
            "print(rc, sorted(m for m in sys.modules if m.split('.')[0] == 'sklearn'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert "3 papers placed in the fit" in out.stderr
    assert out.stdout.splitlines()[-1] == "0 []"


def test_a_dirty_build_rebuilds_what_changed_since_the_site_was_built_whatever_the_mtimes(tmp_path):
    """Pages are re-rendered by their bytes against those the site was built from (the stamp's
    digests), not by mtimes: docs written by a build that never reached MkDocs are built next time
    even with old mtimes, and a page touched with the same bytes is not re-rendered."""
    from generator.build import generate, load_mkdocs_config
    project = make_project(tmp_path / "p")
    run(project, "2026-01-10")
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "stale")
    cwd = os.getcwd()
    os.chdir(project)
    try:  # a build killed after writing docs/, before MkDocs: the site and its stamp are the old ones
        written = generate([Path("abstracts")], load_mkdocs_config(Path("mkdocs.yml")), date="2026-01-11").write.written
    finally:
        os.chdir(cwd)
    changed_pages = [r for r in written if r.startswith(("tags/", "iclr-2026/")) and r.endswith(".md")]
    assert changed_pages
    for rel in [*written, *[f for f in (project / "docs").rglob("*") if f.is_file()]]:
        path = rel if isinstance(rel, Path) else project / "docs" / rel
        os.utime(path, (1e9, 1e9))  # (2001: older than every output)
    second = run(project, "2026-01-11")
    assert second.mode == "dirty"
    other = clone_inputs(project, tmp_path / "other")
    run(other, "2026-01-11")
    a, b = tree_bytes(project / "site"), tree_bytes(other / "site")
    assert sorted(a) == sorted(b) and [k for k in a if a[k] != b[k]] == []
    generated = json.loads((project / "docs" / ".generated.json").read_text("utf-8"))
    for rel in generated:  # the same bytes, touched: nothing to re-render
        os.utime(project / "docs" / rel)
    before = tree_mtimes(project / "site")
    assert run(project, "2026-01-11").mode == "dirty"
    after = tree_mtimes(project / "site")
    assert [k for k in before if k.endswith("index.html") and after[k] != before[k]] == []  # (404.html: always)
