"""The render and search-index memo (generator.cache): cold, warm, and after papers change, render_site and
search_files give exactly the bytes they give without a cache; a change is never served stale, on the changed
paper's page or on the pages that show it (related papers, cross-references, cards, tag pages); and the
templates read of other papers only the fields that the memo keys list."""
import hashlib
from copy import deepcopy
from pathlib import Path

import pytest

from generator import render, search
from generator.cache import Cache
from generator.enrich import enrich
from generator.normalize import normalize
from generator.readers import read_inputs
from generator.render import render_site
from generator.search import search_files
from generator.writer import Kept

SEEDS = Path(__file__).resolve().parent.parent / "abstracts"


@pytest.fixture(scope="module")
def seeds():
    papers = enrich(normalize(read_inputs([SEEDS]).records))
    for p in papers:
        p.first_seen = "2026-01-01"
    assert len(papers) > 30 and any(p.related for p in papers)
    return papers


def outputs(papers, cache=None, docs=None) -> dict[str, bytes]:
    """The files, with those the render stage keeps (Kept) read from `docs`: the outputs of the
    previous build, which stand for docs/ and the writer's stamps."""
    held = (lambda rel, digest: rel in docs and hashlib.sha256(docs[rel]).digest() == digest) if docs else None
    files = render_site(papers, "Digest", {"Agents": "Agents & co"}, cache=cache, unchanged=held)
    files.update(search_files(papers, cache=cache))
    return {rel: docs[rel] if isinstance(data, Kept) else data for rel, data in files.items()}


_DOCS: dict[Path, dict[str, bytes]] = {}  # per cache folder: what its latest build wrote


def cached(folder: Path, papers) -> tuple[dict[str, bytes], Cache]:
    """One build's outputs with the cache in `folder` (saved, as a build does) and the files of the
    previous build there, checked against no cache."""
    cache = Cache(folder)
    out = outputs(papers, cache, _DOCS.get(folder))
    cache.save()
    _DOCS[folder] = out
    assert out == outputs(papers), "cached output differs from uncached"
    return out, cache


def page(p) -> str:
    return f"papers/{p.slug}.md"


def linked_by(papers, target):
    """The papers whose page links `target` (as related)."""
    return [p for p in papers if any(r.id == target.id for r in p.related)]


def test_cold_warm_and_changed_papers_give_the_uncached_bytes(tmp_path, seeds, monkeypatch):
    monkeypatch.setattr(render, "PARALLEL_MIN_PAPERS", 4)  # the forked worker renders half the misses
    monkeypatch.setattr(search, "PARALLEL_MIN_PAPERS", 4)  # and the pools tokenize and write shards
    monkeypatch.setattr(search, "SHARD_TARGET_BYTES", 4000)
    cold, _ = cached(tmp_path, seeds)
    warm, cache = cached(tmp_path, seeds)
    assert warm == cold
    for name in ("render-pages", "render-cards", "render-records", "search-index"):
        hits, misses = cache.counts()[name]
        assert misses == 0 and hits, name

    papers = deepcopy(seeds)
    x = next(p for p in papers if linked_by(papers, p))
    x.title = "A Brand New Title For This Paper"
    out, cache = cached(tmp_path, papers)
    for p in [x] + linked_by(papers, x):
        assert out[page(p)] != cold[page(p)] and b"A Brand New Title" in out[page(p)]
    assert cache.counts()["render-pages"][0]  # the other pages came from the cache

    # cross-references: a new mention changes both pages; then the mentioned paper's title shows on both
    m = next(p for p in papers if p is not x and p not in linked_by(papers, x))
    m.mentions = [x.id]
    before, _ = cached(tmp_path, papers)
    x.title = "Another Title Again"
    out, _ = cached(tmp_path, papers)
    assert b"Another Title Again" in out[page(m)] and out[page(m)] != before[page(m)]

    # a tag with one paper has no page (in a digest of 100 papers or more: here a floor of 2 stands in);
    # when a second paper gets it, both papers' pages link it
    monkeypatch.setattr(render, "min_term_papers", lambda n: 2)
    a, b = papers[0], papers[1]
    a.tags = a.tags + ["zz unique tag"]
    before, _ = cached(tmp_path, papers)
    assert "tags/zz-unique-tag.md" not in before
    b.tags = b.tags + ["zz unique tag"]
    out, _ = cached(tmp_path, papers)
    assert "tags/zz-unique-tag.md" in out
    assert out[page(a)] != before[page(a)] and b"zz-unique-tag" in out[page(a)]

    # papers gone, a paper's text changed, a duplicate: the search index too
    papers = papers[3:] + [deepcopy(papers[5])]
    papers[0].plain_text += " quokkas"
    out, _ = cached(tmp_path, papers)
    assert b"quokka" in b"".join(v for k, v in out.items() if k.startswith("assets/search/index/t/"))
    cached(tmp_path, seeds)  # and back


def test_a_linked_papers_title_is_never_served_stale(tmp_path, seeds, monkeypatch):
    """The key of a page holds the titles of the papers it links: with a key that left them out,
    this check fails (shown with LINK_FIELDS cut to the slug)."""
    papers = deepcopy(seeds)
    x = next(p for p in papers if linked_by(papers, p))
    y = linked_by(papers, x)[0]
    cached(tmp_path, papers)
    x.title = "Retitled"
    assert b"Retitled" in cached(tmp_path, papers)[0][page(y)]

    monkeypatch.setattr(render, "LINK_FIELDS", ("slug",))  # a key too narrow...
    cached(tmp_path / "narrow", papers)
    x.title = "Retitled twice"
    with pytest.raises(AssertionError, match="cached output differs"):
        cached(tmp_path / "narrow", papers)  # ...serves y's page with x's old title


class Recorder:
    """A paper that notes which of its fields are read."""

    def __init__(self, paper, seen: set[str]) -> None:
        self.__dict__.update(_paper=paper, _seen=seen)

    def __getattr__(self, name):
        self._seen.add(name)
        return getattr(self._paper, name)


def test_templates_read_of_other_papers_only_the_fields_in_the_keys(seeds):
    env = render.environment()
    env.globals["term_pages"] = {"tags": {t for p in seeds for t in p.tags}, "entities": set()}
    env.globals["card"] = lambda p, root: env.get_template("_macros.md.j2").module.card(p, root)
    p = seeds[0]
    links = set()
    others = [Recorder(q, links) for q in seeds[1:4]]
    env.get_template("paper.md.j2").render(
        p=p, root="../../", coll_slug="c", cat_pages=set(), subtopic_href="", show_raw=True,
        related=[(r, o) for r, o in zip(p.related, others)], mentions=others[:1], mentioned_by=others[1:],
        coauthored=[(o, ["Ann Lee"]) for o in others])
    assert links and links <= set(render.LINK_FIELDS)

    shown = set()
    many = [Recorder(q, shown) for q in seeds * 2]  # > 20: a term page lists them instead of cards
    for name, context in [("term.md.j2", dict(term=render.Term("t", many[:3]))),
                          ("term.md.j2", dict(term=render.Term("t", many))),
                          ("all_papers.md.j2", dict(papers=many, groups=[("A", many)])),
                          ("category.md.j2", dict(category=render.Category("c", "d", many), collection="C", coll_slug="c",
                                                  papers_count=len(many), groups=[render.Group("g", many)])),
                          ("category.md.j2", dict(category=render.Category("c", "d", many), collection="C", coll_slug="c",
                                                  papers_count=len(many),
                                                  groups=[render.Group("g", many, "g", ["t"], "topics/g.md")])),
                          ("topic.md.j2", dict(group=render.Group("g", many, "g"), category="c", collection="C",
                                               coll_slug="c", siblings=[("g", "t/g/"), ("h", "t/h/")]))]:
        env.get_template(name).render(root="../../", kind="tags", noun="tags", **context)
    assert {"title", "teaser", "tags", "category"} <= shown <= set(render.SUMMARY_FIELDS)


def test_pages_rendered_with_or_without_a_worker_are_the_same(seeds, monkeypatch):
    """page_worker=False (the build's choice on two cores while the search index is made beside
    render) renders every page in this process, to the same bytes."""
    monkeypatch.setattr(render, "PARALLEL_MIN_PAPERS", 4)
    forked = []

    def fork_call(func, arg):
        forked.append(func.__name__)
        return real(func, arg)
    real = render.fork_call
    monkeypatch.setattr(render, "fork_call", fork_call)
    with_worker = render_site(seeds, "Digest", {})
    assert forked == ["paper_pages"]
    forked.clear()
    assert render_site(seeds, "Digest", {}, page_worker=False) == with_worker and forked == []


def test_a_collections_sub_topics_are_one_chip_each():
    """The overview's sub-topics column: each sub-topic's label a chip of its own (a label is a list of
    words itself: "attention, decoding, context"), written as text, a link to where the sub-topic is shown."""
    from generator.model import Paper
    papers = [Paper(id=f"p{i}", slug=f"p{i}", collection="C", abstract_raw="x", abstract_md="x", abstract_html="x",
                    plain_text="x", category="graphs", subtopic=label)
              for i, label in enumerate(["attention, decoding, context", "reasoning, <b>rewards</b>, LLMs"])]
    coll = render.Collection("C", "c", papers, ["C"], [render.Category("graphs", papers=papers)])
    where = {"attention, decoding, context": "topics/c--graphs--attention/"}  # (the other: a part of the category page)

    def overview():
        return render.environment().get_template("collection.md.j2").render(
            collection=coll, root="../", subtopic_url=lambda cat, label: where.get(label, "") if cat == "graphs" else "x")
    row = next(line for line in overview().splitlines() if line.startswith("| [graphs]"))
    assert row.count('class="pd-chip"') == 2
    assert '<a class="pd-chip" href="../topics/c--graphs--attention/">attention, decoding, context</a>' in row
    assert '<span class="pd-chip">reasoning, &lt;b&gt;rewards&lt;/b&gt;, LLMs</span>' in row and "<b>" not in row
    for p in papers:  # no category split: no empty column
        p.subtopic = None
    page = overview()
    assert "Sub-topics" not in page and "| [graphs](graphs.md) | 2 |\n" in page
