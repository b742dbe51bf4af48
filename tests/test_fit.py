"""Enrichment fitted on a set of papers, later papers placed in the fit (generator/enrich/__init__.py),
the state's fit batch (generator/state.py), and the build cache giving the same bytes (generator/cache.py)."""
from __future__ import annotations

import copy
import importlib
import json
import shutil
from pathlib import Path

import pytest

from digest_fixtures import make_project, run, synth_file, tree_bytes
from generator.cache import Cache
from generator.enrich import FIELDS, enrich
from generator.enrich.csvdata import DEV_CSV, read_csv
from generator.state import REFIT_SHARE, State

pytestmark = pytest.mark.skipif(not DEV_CSV.exists(), reason="dev csv not available")


@pytest.fixture(scope="module")
def dev():
    return read_csv(DEV_CSV, hide_titles=True)[:1200]  # from 1,000 papers related papers use LSA


def fields(p) -> tuple:
    return tuple(getattr(p, f) for f in FIELDS)


def test_fit_moves_when_placed_papers_pass_the_share():
    s = State()
    s.record([f"a{i}" for i in range(100)], "2026-01-01")
    assert s.fit_set([f"a{i}" for i in range(100)]) == {f"a{i}" for i in range(100)} and s.fit_batch == 1
    small = [f"b{i}" for i in range(int(REFIT_SHARE * 100))]
    s.record(small, "2026-01-02")
    ids = [f"a{i}" for i in range(100)] + small
    assert s.fit_set(ids) == {f"a{i}" for i in range(100)} and s.fit_batch == 1  # 10 placed: not more than 10%
    s.record(["c0"], "2026-01-03")
    assert s.fit_set(ids + ["c0"]) == set(ids + ["c0"]) and s.fit_batch == 3  # 11 placed: refit
    assert s.fit_set(ids, refit=True) == set(ids)
    assert '"fit_batch": 3' in s.dumps()


def test_fitted_papers_keep_their_fields_and_placed_ones_get_the_fits_tags(dev):
    base = enrich(copy.deepcopy(dev[:1150]))
    grown = enrich(copy.deepcopy(dev), fit={p.id for p in dev[:1150]})
    assert [fields(p) for p in grown[:1150]] == [fields(p) for p in base]
    fitted_tags = {t for p in base for t in p.tags}
    labels = {(p.category, p.subtopic) for p in base}
    placed = grown[1150:]
    assert all(p.tags and set(p.tags) <= fitted_tags for p in placed)
    assert all(p.category and p.title and p.slug for p in placed)
    assert all((p.category, p.subtopic) in labels or p.subtopic is None for p in placed)
    assert sum(p.subtopic is not None for p in placed) >= len(placed) // 2
    # related papers are over all papers: a placed paper links to fitted ones and may be linked from them
    ids = {p.id for p in placed}
    assert all(p.related for p in placed)
    assert any(r.id in ids for p in grown[:1150] for r in p.related)
    # placing a paper = enriching it alone in the fit: the same fields whatever else is placed with it
    alone = enrich(copy.deepcopy(dev[:1150] + dev[1160:1161]), fit={p.id for p in dev[:1150]})
    assert fields(alone[-1]) == fields(grown[1160])


def test_the_cache_changes_no_field(dev, tmp_path):
    fit = {p.id for p in dev[:1150]}
    plain = [p.to_dict() for p in enrich(copy.deepcopy(dev), fit=fit)]
    cold = Cache(tmp_path / "c")
    assert [p.to_dict() for p in enrich(copy.deepcopy(dev), fit=fit, cache=cold)] == plain
    cold.save()
    warm = Cache(tmp_path / "c")
    assert [p.to_dict() for p in enrich(copy.deepcopy(dev), fit=fit, cache=warm)] == plain
    assert warm.tables["enrich-fit"].hits == 1
    # another fit set is another fit, never the remembered one
    other = Cache(tmp_path / "c")
    refit = [p.to_dict() for p in enrich(copy.deepcopy(dev), cache=other)]
    assert refit == [p.to_dict() for p in enrich(copy.deepcopy(dev))] and refit != plain


def own_fields(project: Path) -> dict[str, tuple]:
    data = json.loads((project / "docs" / "data" / "papers.json").read_text("utf-8"))
    return {p["id"]: (p["name"], p["tags"], p["subtopic"], p["category"], p["title"], p["url"]) for p in data["papers"]}


def test_a_small_batch_is_placed_and_another_machine_builds_the_same_site(tmp_path):
    project = make_project(tmp_path / "a")
    synth_file(project / "abstracts" / "001_more.txt", "ICLR 2026 Papers", 40, "base")
    run(project, "2026-01-10")
    before = own_fields(project)
    synth_file(project / "abstracts" / "002_added.txt", "ICLR 2026 Papers", 3, "later")
    second = run(project, "2026-02-01")
    assert second.state.fit_batch == 1 and len(second.papers) == len(second.state.papers)
    assert (project / ".digest-cache" / "enrich-fit.pickle").is_file()
    after = own_fields(project)
    assert len(after) == len(before) + 3 and all(after[i] == v for i, v in before.items())
    # the same inputs and state on a fresh machine (no cache), and with --no-cache: the same bytes
    other = make_project(tmp_path / "b", seeds=False)
    for f in (project / "abstracts").iterdir():
        shutil.copy(f, other / "abstracts" / f.name)
    run(other, "2031-12-31", cache=False)
    assert not (other / ".digest-cache").exists()
    a, b = tree_bytes(project / "site"), tree_bytes(other / "site")
    assert sorted(a) == sorted(b) and [k for k in a if a[k] != b[k]] == []
    # --refit fits on every paper: the state says so, and the site is that of a first build of them all
    third = run(other, "2032-01-01", refit=True)
    assert third.state.fit_batch == 2


def test_top_k_in_two_processes_is_the_one_process_result(monkeypatch):
    import numpy as np

    rel = importlib.import_module("generator.enrich.related")
    Z = np.random.default_rng(3).standard_normal((1500, 32)).astype(np.float32)
    Z = np.rint(Z / np.linalg.norm(Z, axis=1, keepdims=True) * rel.SCALE).astype(np.float32)
    one = rel._dense_rows(Z, 20, 256, rel.BLOCK, 0, len(Z))
    monkeypatch.setattr(rel, "PARALLEL_MIN", 1000)
    two = rel.dense_top_k(Z, 20)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])


def test_a_remembered_related_list_is_used_only_for_the_same_candidates(dev, tmp_path):
    fit = {p.id for p in dev[:1150]}
    cache = Cache(tmp_path / "c")
    enrich(copy.deepcopy(dev), fit=fit, cache=cache)
    cache.save()
    # the same fit, one placed paper fewer: lists that had it among their candidates are made anew
    gone = dev[1170].id
    fewer = [p for p in dev if p.id != gone]
    warm = Cache(tmp_path / "c")
    memoized = enrich(copy.deepcopy(fewer), fit=fit, cache=warm)
    table = warm.tables["related"]
    assert table.hits > 1000 and table.misses > 0
    assert [p.related for p in memoized] == [p.related for p in enrich(copy.deepcopy(fewer), fit=fit)]


def test_related_candidates_of_new_papers_are_merged_into_the_previous_lists(dev, tmp_path, monkeypatch):
    """A batch of papers placed in the fit: no ranking of all pairs, and the same lists as without a cache."""
    rel = importlib.import_module("generator.enrich.related")
    fit = {p.id for p in dev[:1150]}
    cache = Cache(tmp_path / "c")
    enrich(copy.deepcopy(dev[:1180]), fit=fit, cache=cache)
    cache.save()
    plain = enrich(copy.deepcopy(dev), fit=fit)
    calls, ranked = [], rel.dense_top_k
    monkeypatch.setattr(rel, "dense_top_k", lambda *a, **kw: calls.append(1) or ranked(*a, **kw))
    merged = enrich(copy.deepcopy(dev), fit=fit, cache=Cache(tmp_path / "c"))
    assert calls == [] and [p.related for p in merged] == [p.related for p in plain]


def test_a_placed_papers_category_under_a_user_taxonomy_does_not_depend_on_the_cache(dev, tmp_path):
    from generator.enrich import EnrichConfig

    path = tmp_path / "tax.json"
    path.write_text(json.dumps({"areas": [
        {"name": "Vision", "description": "images, video, detection, segmentation", "keywords": ["image", "segmentation"]},
        {"name": "Language", "description": "text, language models, translation", "keywords": ["language model", "text"]},
        {"name": "Other", "description": "optimization, theory, reinforcement learning", "keywords": ["reward"]}]}))
    cfg = EnrichConfig(taxonomy_path=path)
    papers, fit = dev[:1030], {p.id for p in dev[:1000]}
    plain = [fields(p) for p in enrich(copy.deepcopy(papers), cfg, fit=fit)]
    cache = Cache(tmp_path / "c")  # half the placed papers remembered, half not
    enrich(copy.deepcopy(papers[:1015]), cfg, fit=fit, cache=cache)
    cache.save()
    assert [fields(p) for p in enrich(copy.deepcopy(papers), cfg, fit=fit, cache=Cache(tmp_path / "c"))] == plain
    assert {p[4] for p in plain[1000:]} <= {"Vision", "Language", "Other"}


def test_enrich_tells_when_it_needs_one_core_only(dev, tmp_path, monkeypatch):
    """one_core() is called once: after a fit's per-abstract workers are done and gone (with
    workers), at the start (one process, or a fit the cache has); the result is the same as without."""
    import generator.enrich as E
    papers = dev[:300]
    events = []
    for name in ("__init__", "close"):
        real = getattr(E._Extractors, name)
        monkeypatch.setattr(E._Extractors, name, lambda self, *a, real=real, name=name: (events.append(name),
                                                                                         real(self, *a))[1])

    def one_core():
        events.append("one_core")
    cache = Cache(tmp_path / "cache")
    got = enrich(copy.deepcopy(papers), E.EnrichConfig(workers=2), cache=cache, one_core=one_core)
    cache.save()
    assert events == ["__init__", "close", "one_core"]
    plain = enrich(copy.deepcopy(papers), E.EnrichConfig(workers=2))
    assert [fields(p) for p in got] == [fields(p) for p in plain]
    events.clear()
    enrich(copy.deepcopy(papers), E.EnrichConfig(workers=1), one_core=one_core)
    assert events == ["one_core", "__init__", "close"]
    events.clear()
    enrich(copy.deepcopy(papers), E.EnrichConfig(workers=2), cache=cache, one_core=one_core)  # (the fit: cached)
    assert events == ["one_core"]
