"""The search index: built in Python, loaded and queried by the real lunr.js 2.3.9 under node.

- every term shard decodes to a lunr index that lunr.Index.load takes, and plain lunr
  queries (field, prefix, typo) on it return the expected papers;
- the shards together hold exactly the index lunr.js's own Builder makes from the same
  documents (terms, postings, BM25 weights), so the sharding changes no score;
- paper-search.js's engine (the code the search page runs) finds the expected papers;
- same papers, byte-identical files, with or without the process pool.
"""
from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator import search
from generator.model import Paper

ROOT = Path(__file__).resolve().parents[1]
ENGINE_JS = ROOT / "site_templates" / "overrides" / "assets" / "search" / "paper-search.js"
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def paper(pid, title, text, category, tags=(), entities=(), name=None, authors=()) -> Paper:
    return Paper(
        id=pid, slug=f"{pid}-slug", collection="Test", abstract_raw=text, abstract_md=text,
        abstract_html="", plain_text=text, title=title, name=name, tags=list(tags),
        entities=list(entities), category=category, authors=list(authors),
    )


PAPERS = [
    paper("p-gaia", "Gaia2: Benchmarking LLM Agents on Dynamic and Asynchronous Environments",
          "We introduce Gaia2, a benchmark for evaluating large language model agents in realistic, "
          "asynchronous environments that evolve independently of agent actions.",
          "Agents", tags=["benchmark", "agents"], entities=["Gaia2"], name="Gaia2", authors=["Ann Lee", "Bo Chén"]),
    paper("p-scaling", "Scaling Laws under Anisotropy",
          "Scaling laws describe how learning improves with data. We study a canonical nonlinear model: "
          "phase retrieval with anisotropic Gaussian inputs whose covariance follows a power law.",
          "Learning theory", tags=["scaling laws"]),
    paper("p-diff-img", "Fast Diffusion Samplers for Images",
          "Denoising diffusion models generate images; we cut the number of sampling steps tenfold.",
          "Generative models", tags=["diffusion", "sampling"]),
    paper("p-diff-text", "Discrete Diffusion Language Models",
          "Masked diffusion language models rival autoregressive ones on a reasoning benchmark.",
          "Language models", tags=["diffusion", "language models"]),
    paper("p-rl", "Plasticity in Continual Reinforcement Learning",
          "Reinitialization restores plasticity; we balance stability and plasticity in continual learning.",
          "Reinforcement learning", tags=["continual learning"], entities=["FIRE"], name="FIRE"),
]

NODE_HARNESS = r"""
const fs = require('fs'), path = require('path');
const [lunrPath, enginePath, indexDir, cmdPath] = process.argv.slice(2);
const lunr = require(lunrPath);
const {Engine, toLunrJSON} = require(enginePath);
const read = p => JSON.parse(fs.readFileSync(path.join(indexDir, p), 'utf8'));
const manifest = read('manifest.json'), meta = read('meta.json');
const fields = manifest.fields.map(f => f[0]);
const slugOf = doc => read('d/' + String(Math.floor(doc / manifest.docsPerShard)).padStart(3, '0') + '.json')
                        [doc % manifest.docsPerShard][0];
const cmd = JSON.parse(fs.readFileSync(cmdPath, 'utf8'));
const out = {};
(async () => {
  // 1. plain lunr on each shard; refs -> slugs
  out.lunr = {};
  for (const q of cmd.lunrQueries || []) {
    const hits = [];
    manifest.shards.forEach((sh, s) => {
      const idx = lunr.Index.load(toLunrJSON(read('t/' + String(s).padStart(3, '0') + '.json'), fields));
      for (const r of idx.search(q)) hits.push([slugOf(+r.ref), r.score]);
    });
    hits.sort((a, b) => b[1] - a[1]);
    out.lunr[q] = hits.map(h => h[0]);
  }
  // 2. the page's engine
  const engine = new Engine(lunr, manifest, meta, p => Promise.resolve(read(p)));
  if (cmd.noPhrases) engine.phrases = false;
  out.engine = {};
  for (const q of cmd.engineQueries || []) {
    const res = await engine.search(q);
    out.engine[q] = {slugs: res.hits.map(h => slugOf(h.doc)), partial: res.partial, near: res.near,
                     nearHits: res.hits.map(h => !!h.near),
                     related: res.hits.map(h => h.related), ideas: res.hits.map(h => h.ideas), relatedTerms: [...res.relatedTerms].sort(),
                     loose: res.hits.map(h => h.loose), readAs: res.readAs.map(r => [r.word, [...r.terms].sort()]),
                     facets: engine.facet(res.hits, cmd.filters && cmd.filters[q] || {cat: null, tags: []})};
  }
  // 3. lunr.js's own Builder over the same documents, against the union of the shards
  if (cmd.docs) {
    const built = lunr(function () {
      this.ref('ref');
      manifest.fields.forEach(([name, boost]) => this.field(name, {boost}));
      cmd.docs.forEach(d => this.add(d));
    }).toJSON();
    const want = {}, got = {}, phrases = {};
    const weights = (idx, into) => {
      const vec = new Map(idx.fieldVectors.map(([k, v]) => [k, v]));
      for (const [term, posting] of idx.invertedIndex) {
        if (term === '') continue;  // lunr.js indexes tokens trimmed to nothing; we count them only
        for (const f of fields) for (const ref of Object.keys(posting[f])) {
          // a phrase ("-" joins its words): a term of ours, beside lunr's own
          if (term.includes('-')) { phrases[f] = (phrases[f] || 0) + 1; continue; }
          const v = vec.get(f + '/' + ref); let w = null;
          for (let i = 0; i < v.length; i += 2) if (v[i] === posting._index) w = v[i + 1];
          into[term + ' ' + f + '/' + ref] = w;
        }
      }
    };
    weights(built, want);
    manifest.shards.forEach((sh, s) => {
      const idx = lunr.Index.load(toLunrJSON(read('t/' + String(s).padStart(3, '0') + '.json'), fields));
      weights(JSON.parse(JSON.stringify(idx)), got);
    });
    out.fidelity = {want: Object.keys(want).length, got: Object.keys(got).length, diffs: [], phrases};
    for (const k of new Set([...Object.keys(want), ...Object.keys(got)])) {
      if (want[k] === undefined || got[k] === undefined || Math.abs(want[k] - got[k]) > 0.0011) {
        if (out.fidelity.diffs.length < 20) out.fidelity.diffs.push([k, want[k], got[k]]);
        out.fidelity.ndiffs = (out.fidelity.ndiffs || 0) + 1;
      }
    }
  }
  if (cmd.stemWords) out.stems = cmd.stemWords.map(w => lunr.stemmer(new lunr.Token(w, {})).toString());
  process.stdout.write(JSON.stringify(out));
})().catch(e => { console.error(e && e.stack || e); process.exit(1); });
"""


def run_node(tmp_path: Path, papers: list[Paper], cmd: dict) -> dict:
    index_dir = tmp_path / "index"
    for rel, data in search.build_files(papers).items():
        (index_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (index_dir / rel).write_bytes(data)
    harness = tmp_path / "harness.js"
    harness.write_text(NODE_HARNESS, "utf-8")
    cmd_file = tmp_path / "cmd.json"
    cmd_file.write_text(json.dumps(cmd), "utf-8")
    proc = subprocess.run(
        [NODE, str(harness), str(search.lunr_js_path()), str(ENGINE_JS), str(index_dir), str(cmd_file)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def slug(pid: str) -> str:
    return f"{pid}-slug"


def test_shards_are_lunr_indexes_answering_field_prefix_and_typo_queries(tmp_path):
    out = run_node(tmp_path, PAPERS, {"lunrQueries": [
        "tag:benchmark", "gaia2", "diff*", "difusion~1", "title:diffusion", "+diffusion +images", "plasticity -continual",
    ]})["lunr"]
    assert out["tag:benchmark"] == [slug("p-gaia")]  # p-diff-text says "benchmark" only in its text
    assert out["gaia2"][0] == slug("p-gaia")
    assert set(out["diff*"]) == {slug("p-diff-img"), slug("p-diff-text")}
    assert set(out["difusion~1"]) == {slug("p-diff-img"), slug("p-diff-text")}
    assert set(out["title:diffusion"]) == {slug("p-diff-img"), slug("p-diff-text")}
    assert out["+diffusion +images"] == [slug("p-diff-img")]
    assert out["plasticity -continual"] == []


def test_engine_queries(tmp_path):
    queries = ["Gaia2", "phase retrieval", "difusion", "diffu", "tag:benchmark", "name:fire",
               "diffusion -images", "qwxzvq", "<img src=x onerror=alert(1)>", "*", "~", ":", "+-", '"unmatched',
               "the", "diffusion", "entity:gaia2", "category:generative", "retrieval phase gaussian",
               "author:Lee author:Ann", "authors:chen", "author:diffusion"]
    out = run_node(tmp_path, PAPERS, {
        "engineQueries": queries,
        "filters": {"diffusion": {"cat": "Generative models", "tags": []}},
    })["engine"]
    assert out["Gaia2"]["slugs"][0] == slug("p-gaia")
    assert out["phase retrieval"]["slugs"] == [slug("p-scaling")]  # in the abstract only
    assert set(out["difusion"]["slugs"]) == {slug("p-diff-img"), slug("p-diff-text")}  # typo
    assert set(out["diffu"]["slugs"]) == {slug("p-diff-img"), slug("p-diff-text")}  # prefix
    assert out["tag:benchmark"]["slugs"] == [slug("p-gaia")]
    assert out["name:fire"]["slugs"] == [slug("p-rl")]
    assert out["diffusion -images"]["slugs"] == [slug("p-diff-text")]
    assert out["entity:gaia2"]["slugs"] == [slug("p-gaia")]
    assert out["category:generative"]["slugs"] == [slug("p-diff-img")]
    assert out["retrieval phase gaussian"]["slugs"] == [slug("p-scaling")]
    assert out["author:Lee author:Ann"]["slugs"] == out["authors:chen"]["slugs"] == [slug("p-gaia")]  # (Chén: folded)
    assert out["author:diffusion"]["slugs"] == []
    for q in ["qwxzvq", "*", "~", ":", "+-"]:
        assert out[q]["slugs"] == [], q
    facets = out["diffusion"]["facets"]
    assert [h for h in facets["hits"]] and len(facets["hits"]) == 1
    assert {c["name"]: c["count"] for c in facets["categories"]} == {"Generative models": 1, "Language models": 1}
    assert {t["name"] for t in facets["tags"]} == {"diffusion", "sampling"}


def test_long_queries_go_on_with_papers_that_miss_one_word(tmp_path):
    """From three words, when fewer than a page of papers has them all, the papers with all of them
    but one follow the full matches (flagged `near`); not for two words, nor when a page is full."""
    papers = [paper("full", "Sampling diffusion proteins", "Fast sampling of diffusion models for proteins.", "Bio"),
              paper("two-a", "Diffusion for proteins", "Diffusion models for protein design.", "Bio"),
              paper("two-b", "Protein sampling", "Sampling protein conformations quickly.", "Bio"),
              paper("one", "Diffusion", "Diffusion models for images.", "Vision"),
              paper("none", "Graphs", "Graph neural networks for molecules.", "Graphs")]
    out = run_node(tmp_path, papers, {"engineQueries": ["protein diffusion sampling", "protein diffusion",
                                                        "protein diffusion sampling graphs"]})["engine"]
    three = out["protein diffusion sampling"]
    assert three["slugs"][0] == slug("full") and set(three["slugs"][1:]) == {slug("two-a"), slug("two-b")}
    assert three["near"] == 2 and three["nearHits"] == [False, True, True] and three["partial"] is False
    assert set(out["protein diffusion"]["slugs"]) == {slug("full"), slug("two-a")} and out["protein diffusion"]["near"] == 0
    four = out["protein diffusion sampling graphs"]  # none has all four: papers with some, as before
    assert four["partial"] is True and four["near"] == 0 and four["slugs"][0] == slug("full")
    many = [paper(f"f{i}", f"Protein diffusion sampling {i}", "Protein diffusion sampling.", "Bio") for i in range(10)]
    out = run_node(tmp_path / "many", many + papers, {"engineQueries": ["protein diffusion sampling"]})["engine"]
    assert out["protein diffusion sampling"]["near"] == 0 and len(out["protein diffusion sampling"]["slugs"]) == 11


def csv_papers(n: int) -> list[Paper]:
    rows = list(csv.DictReader(CSV.open(encoding="utf-8")))[:n]
    return [
        paper(f"c{i:04d}", r["title"], r["abstract"], r["primary_area"].replace("_", " "),
              tags=[k.strip().lower() for k in r["keywords"].split(",") if k.strip()][:5],
              entities=sorted(set(w for w in r["abstract"].split() if w[:1].isupper() and any(c.isdigit() for c in w)))[:5],
              name=r["title"].split(":")[0] if ":" in r["title"] else None)
        for i, r in enumerate(rows)
    ]


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_shards_hold_exactly_lunr_js_builders_index(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_TARGET_BYTES", 4000)  # many shards
    monkeypatch.setattr(search, "SCORE_SLICE", 997)  # the weights computed in many slices
    papers = search._order(csv_papers(150))
    docs = [{"ref": str(i), **dict(zip([f for f, _ in search.FIELDS], search._field_texts(p)))} for i, p in enumerate(papers)]
    out = run_node(tmp_path, papers, {"docs": docs})
    manifest = json.loads((tmp_path / "index" / "manifest.json").read_text("utf-8"))
    assert len(manifest["shards"]) > 10
    fid = out["fidelity"]
    assert fid["want"] > 5000
    # lunr.js and Python split text identically but for exotic whitespace; allow none here
    assert fid.get("ndiffs", 0) == 0, fid["diffs"]
    assert set(fid["phrases"]) == {"text"} and fid["phrases"]["text"] > 100  # phrases: terms of the text field only


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_deterministic_and_pool_independent(monkeypatch):
    papers = csv_papers(300)
    first = search.build_files(papers, processes=1)
    again = search.build_files(list(reversed(papers)), processes=1)
    assert first == again
    monkeypatch.setattr(search, "PARALLEL_MIN_PAPERS", 10)
    monkeypatch.setattr(search, "SHARD_TARGET_BYTES", 20000)
    pooled = search.build_files(papers, processes=2)
    single = search.build_files(papers, processes=1)
    assert pooled == single
    assert len([k for k in pooled if k.startswith("t/")]) > 4
    monkeypatch.setattr(search, "SCORE_SLICE", 13)  # the postings' weights a few at a time: the same bytes
    assert search.build_files(papers, processes=1) == single


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_a_new_batch_leaves_the_doc_shards_of_older_papers_as_they_were():
    """Documents are in arrival order: a later batch is appended, whatever its ids and categories."""
    papers = csv_papers(300)
    for k, p in enumerate(papers):
        p.first_seen = "2026-01-01" if k % 10 else "2026-02-01"  # every tenth paper arrives later
    old = search.build_files([p for p in papers if p.first_seen == "2026-01-01"], processes=1)
    new = search.build_files(papers, processes=1)
    shards = sorted(k for k in old if k.startswith("d/"))
    assert len(shards) > 5
    assert [k for k in shards if old[k] != new[k]] == shards[-1:]  # the last, partly filled one


def test_write_search_index_layout_and_stale_files(tmp_path):
    search.write_search_index(PAPERS, tmp_path)
    base = tmp_path / "assets" / "search"
    assert (base / "lunr.js").read_bytes() == search.lunr_js_path().read_bytes()
    assert b"2.3.9" in (base / "lunr.js").read_bytes()[:2000]
    assert (base / "index" / "manifest.json").exists() and (base / "index" / "t" / "000.json").exists()
    stale = base / "index" / "t" / "999.json"
    stale.write_text("{}")
    search.write_search_index(PAPERS[:2], tmp_path)
    assert not stale.exists()
    meta = json.loads((base / "index" / "meta.json").read_text("utf-8"))
    assert meta["categories"] == ["Agents", "Learning theory"]


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_python_stemmer_is_lunr_js_stemmer(tmp_path):
    import re
    text = CSV.read_text("utf-8").lower()
    words = sorted(set(re.findall(r"[a-z]{3,}", text)))
    assert len(words) > 10000
    stems = run_node(tmp_path, PAPERS[:1], {"stemWords": words})["stems"]
    diffs = [(w, js, search.lunr_js_stem(w)) for w, js in zip(words, stems) if search.lunr_js_stem(w) != js]
    assert diffs == []


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_an_index_built_on_an_earlier_one_is_the_index_built_from_scratch(monkeypatch):
    """_index with an earlier build's index (the cache's) gives the arrays it gives without one: after
    a batch is appended (the new postings are inserted into the old, which are in order), after papers
    are removed and changed, and after an edited history reorders old papers (every posting sorted)."""
    papers = csv_papers(200)
    for k, p in enumerate(papers):
        p.first_seen = "2026-01-01" if k % 10 else "2026-02-01"
    merged = []
    real = search._merged
    monkeypatch.setattr(search, "_merged", lambda *a, in_order: merged.append(in_order) or real(*a, in_order=in_order))

    def index(ps, old=None):
        ps = search._order(ps)
        return search._index(ps, [search._paper_key(p) for p in ps], 1, old)

    def same(a, b):
        assert a["terms"] == b["terms"] and a["docs"] == b["docs"] and a["keys"] == b["keys"]
        for c in (*search.COLUMNS, "FL"):
            assert a[c].dtype == b[c].dtype and (a[c] == b[c]).all(), c

    first = index([p for p in papers if p.first_seen == "2026-01-01"])
    same(index(papers, first), index(papers))  # a batch appended
    changed = papers[7:]
    changed[3].plain_text += " quokkas wombats"
    same(index(changed, first), index(changed))  # papers gone, one changed
    moved = [p for p in papers if p.first_seen == "2026-01-01"]
    moved[0].first_seen = "2026-03-01"  # (the paper's key is the same: its postings come from `first`)
    same(index(moved, first), index(moved))
    assert merged[1::2] == [True, True, False]  # (the builds on `first`: inserted, inserted, sorted)


@pytest.fixture(scope="module")
def dev_papers() -> list[Paper]:
    return csv_papers(2120)


def _stems(p: Paper) -> set[str]:
    return set(search.index_terms(" ".join(search._field_texts(p))))


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_a_word_finds_papers_on_related_ideas_after_those_with_the_word(tmp_path, dev_papers):
    """`jailbreak` also finds the papers on attacks and harmful prompts that do not say it, after
    every paper that does; +word, a field and a prefix ask for the word itself; a paper without the
    word needs two of its related terms."""
    out = run_node(tmp_path, dev_papers, {"engineQueries": ["jailbreak", "+jailbreak", "text:jailbreak", "jailbrea*",
                                                            "federated", "jailbreak diffusion"]})["engine"]
    by_slug = {p.slug: p for p in dev_papers}
    jail = out["jailbreak"]
    n_direct = jail["related"].index(True)
    assert n_direct > 5 and all(jail["related"][n_direct:])  # the word's papers first, then the related ones
    assert len(jail["slugs"]) - n_direct > 20
    assert {"attack", "harm"} <= set(jail["relatedTerms"])
    assert set(jail["slugs"][:n_direct]) == set(out["+jailbreak"]["slugs"])
    assert all("jailbreak" in _stems(by_slug[s]) for s in jail["slugs"][:n_direct])
    assert not any("jailbreak" in _stems(by_slug[s]) for s in jail["slugs"][n_direct:])
    near = dict(_related(tmp_path, "jailbreak"))
    for s, ideas in zip(jail["slugs"][n_direct:], jail["ideas"][n_direct:]):
        had = _stems(by_slug[s]) & set(near)
        assert ideas == len(had) >= 2
    assert jail["ideas"][n_direct:] == sorted(jail["ideas"][n_direct:], reverse=True)
    for q in ("+jailbreak", "text:jailbreak", "jailbrea*"):
        assert not any(out[q]["related"]) and out[q]["relatedTerms"] == [], q
    assert {"client", "server"} <= set(out["federated"]["relatedTerms"])
    both = out["jailbreak diffusion"]  # papers with both words first, then one word and a related idea
    assert "jailbreak" in _stems(by_slug[both["slugs"][0]]) and both["related"][0] is False


def _related(tmp_path: Path, term: str) -> list:
    """A term's related terms, read from the term shards of the index run_node wrote."""
    for shard in sorted((tmp_path / "index" / "t").glob("*.json")):
        got = json.loads(shard.read_text("utf-8")).get("r", {}).get(term)
        if got:
            return got
    return []


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_related_terms_are_in_the_term_shards_learned_from_the_given_papers(tmp_path, dev_papers):
    from generator.cache import Cache
    files = search.build_files(dev_papers, processes=1)
    shards = [json.loads(v) for k, v in sorted(files.items()) if k.startswith("t/")]
    terms = {t for s in shards for t in s["terms"]}
    related = {t: near for s in shards for t, near in s.get("r", {}).items()}
    assert len(related) > 1000 and set(related) <= terms
    assert all(r in terms and 60 <= sim <= 100 for near in related.values() for r, sim in near)
    assert "client" in dict(related["feder"])
    # learned only from the papers without "federated": the word has no related terms
    without = {p.id for p in dev_papers if "feder" not in _stems(p)}
    assert len(without) < len(dev_papers)
    learned = search.build_files(dev_papers, processes=1, learn=without)
    r2 = {t: near for k, v in learned.items() if k.startswith("t/") for t, near in json.loads(v).get("r", {}).items()}
    assert "feder" not in r2 and r2 != related
    # a cache gives the same bytes; a paper added outside `learn` reuses the related terms learned before
    cache = Cache(tmp_path / "cache")
    assert search.build_files(dev_papers, processes=1, cache=cache) == files
    cache.save()
    cache = Cache(tmp_path / "cache")
    extra = paper("c-extra", "Quokka federated clients", "Quokkas federate with clients.", "Other")
    bigger = search.build_files(dev_papers + [extra], processes=1, cache=cache, learn={p.id for p in dev_papers})
    assert cache.counts()["related-terms"] == (1, 0)
    r3 = {t: near for k, v in bigger.items() if k.startswith("t/") for t, near in json.loads(v).get("r", {}).items()}
    assert r3 == related


def test_no_related_terms_below_a_thousand_papers():
    files = search.build_files(csv_papers(300) if CSV.exists() else PAPERS, processes=1)
    assert not any(b'"r":' in v for k, v in files.items() if k.startswith("t/"))


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_an_acronym_is_its_long_form_and_a_long_form_its_acronym(tmp_path, dev_papers):
    """`LLM` finds the papers that only write "large language models" (the papers' own definitions),
    `reinforcement learning` those that only write "RL"; both as papers with the word, not as
    related ideas."""
    out = run_node(tmp_path, dev_papers, {"engineQueries": ["LLM", "reinforcement learning", "text:llm"]})["engine"]
    by_slug = {p.slug: p for p in dev_papers}
    llm = out["LLM"]
    assert not any(llm["related"])
    spelled = [s for s in llm["slugs"] if "llm" not in _stems(by_slug[s])]
    assert len(spelled) > 100 and all({"larg", "languag", "model"} <= _stems(by_slug[s]) for s in spelled)
    assert len(out["text:llm"]["slugs"]) < len(llm["slugs"])  # a field asks for the word itself
    rl = out["reinforcement learning"]
    only_rl = [s for s, r in zip(rl["slugs"], rl["related"]) if not r and "reinforc" not in _stems(by_slug[s])]
    assert len(only_rl) > 5 and all("rl" in _stems(by_slug[s]) for s in only_rl)


def test_acronyms_are_read_from_the_papers_definitions():
    from generator.related_terms import acronyms
    texts = ["We study large language models (LLMs) and their agents."] * 2 + [
        "Reinforcement Learning (RL) trains agents; RL is hard.", "We use reinforcement learning (RL) here.",
        "Proximal policy optimization (PPO) is a policy optimization (PPO) method.",
        "A mean average precision (MAP) of 3.", "The mean average precision (MAP) grows.",
        "We map inputs to outputs; the map is smooth; a map of the map.",  # 'map' is mostly a word
        "One definition only: graph neural networks (GNNs).",
        "Sparse autoencoders (SAEs) find features; SAEs are cheap.", "We train sparse autoencoders (SAEs).",  # (a word
        "Message passing in graph neural networks (Gnns) and GNN layers.",  # may give two letters; one odd spelling
        "Deep graph neural networks (GNNs) oversmooth.",                       # is not counted twice)
    ]
    got = acronyms(texts, search.index_terms)
    assert got == {"llm": [["larg", "languag", "model"]], "rl": [["reinforc", "learn"]],
                   "sae": [["spars", "autoencod"]], "gnn": [["graph", "neural", "network"]]}


def test_index_terms_are_the_index_s_own_chinese_and_japanese_pairs_included():
    """index_terms (what related terms and acronyms are counted over) splits a text as the index does: Chinese and
    Japanese runs into their character pairs, the rest through lunr's pipeline; pairing twice changes nothing."""
    text = "我们提出了ProtoKV，用于缓存压缩的 models"
    assert search.index_terms(text) == ["我们", "们提", "提出", "出了", "protokv", "用于", "于缓", "缓存", "存压", "压缩",
                                        "缩的", "model"]
    assert search.index_terms(search._cjk_pairs(text)) == search.index_terms(text)


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_completions_corrections_and_acronyms_do_not_outrank_the_words(tmp_path, dev_papers):
    """What a researcher types first: a word's rare completions ("ViT" is not "VitaBench", "lear" is
    "learn" before "LearNAT"), a typo's nearest correction ("transfomer" is "transformer" before
    "transfer"), and a long form whose acronym means other things too ("continual learning" is not
    "CL", which papers also write for contrastive learning and the [CLS] token)."""
    queries = {"ViT": [{"vit"}, {"vision", "transform"}], "reinforcement lear": [{"reinforc", "learn"}],
               "transfomer": [{"transform"}], "continual learning": [{"continu", "learn"}]}  # (what each paper has)
    out = run_node(tmp_path, dev_papers, {"engineQueries": list(queries)})["engine"]
    by_slug = {p.slug: p for p in dev_papers}
    for query, alternatives in queries.items():
        top = out[query]["slugs"][:10]
        assert len(top) == 10, query
        assert all(any(a <= _stems(by_slug[s]) for a in alternatives) for s in top), (query, [by_slug[s].title for s in top])


def test_given_keywords_are_searched_and_no_word_breaks_the_search(tmp_path):
    """A keyword the authors gave (not in the abstract) finds the paper; a word that names a property of
    every JavaScript object ("constructor") is a word like any other."""
    papers = [paper("p-kw", "Entropy-preserving policy updates", "We keep the policy's entropy high while fine-tuning.",
                    "Reinforcement learning"),
              paper("p-ctor", "Constructors of proofs", "A constructor builds each proof term from the constructors "
                    "of its type.", "Learning theory")] + PAPERS
    papers[0].keywords = ["GRPO", "entropy"]
    out = run_node(tmp_path, papers, {"engineQueries": ["GRPO", "constructor", "constructor proofs", "valueOf"]})["engine"]
    assert out["GRPO"]["slugs"] == [slug("p-kw")]
    assert out["constructor"]["slugs"][0] == slug("p-ctor") and out["constructor proofs"]["slugs"][0] == slug("p-ctor")
    assert out["valueOf"]["slugs"] == []


def test_dashes_accents_and_greek_letters_are_read_as_people_type_them(tmp_path):
    """'Jensen–Shannon' (an en dash) is two words, as 'Jensen-Shannon' is; 'Schrödinger' is found as
    'Schrodinger' too, and 'α-divergence' as 'alpha divergence' (before, the dash glued the words into
    one term, and the trimmer dropped the α: 'α-divergence' found any divergence)."""
    papers = [paper("p-js", "Attribution by a Jensen–Shannon divergence", "A vision–language model is probed.", "Agents"),
              paper("p-sb", "Tight bounds for Schrödinger bridges", "Entropic transport.", "Learning theory"),
              paper("p-ad", "Preference alignment via α-divergence", "We set λ by cross-validation.", "Learning theory"),
              paper("p-kl", "Another divergence", "Kullback-Leibler divergence, nothing more.", "Learning theory")]
    queries = ["Jensen-Shannon", "jensen shannon divergence", "vision-language", "Schrodinger", "Schrödinger",
               "α-divergence", "alpha divergence", "lambda"]
    out = run_node(tmp_path, papers, {"engineQueries": queries})["engine"]
    first = {q: out[q]["slugs"][:1] for q in queries}
    assert first == {"Jensen-Shannon": [slug("p-js")], "jensen shannon divergence": [slug("p-js")],
                     "vision-language": [slug("p-js")], "Schrodinger": [slug("p-sb")], "Schrödinger": [slug("p-sb")],
                     "α-divergence": [slug("p-ad")], "alpha divergence": [slug("p-ad")], "lambda": [slug("p-ad")]}
    assert not out["α-divergence"]["partial"] and out["α-divergence"]["slugs"] == [slug("p-ad")]


def test_a_power_is_found_raised_after_a_caret_or_flat(tmp_path):
    """A title sets `A$^2$FM` raised (A²FM) and the abstract's plain text writes it `A^2FM`: each of the three
    spellings, and the caret inside a query (no boost operator here), finds the paper."""
    papers = [paper("p-a2", "A²FM: An Adaptive Agent Foundation Model", "We present A^2FM, a routed agent.", "Agents"),
              paper("p-fm", "FM: Flow matching", "A flow model, nothing more.", "Generative models")]
    queries = ["A2FM", "A^2FM", "A²FM", "a2fm agent"]
    out = run_node(tmp_path, papers, {"engineQueries": queries})["engine"]
    assert {q: out[q]["slugs"] for q in queries} == {q: [slug("p-a2")] for q in queries}


def test_a_caret_a_possessive_and_a_script_l_are_read_as_people_type_them(tmp_path):
    """A name an ASCII abstract writes with a caret (EMPO^2) is found as EMPO², EMPO^2 and EMPO2 (the index kept
    the caret of an ASCII text); a word written with a possessive is found with or without it ("Heun's", a
    curly ’ too); an index lowered and a script l ("ℓ₁-Product") as l1.  None is taken for a typo."""
    papers = [paper("p-em", "Exploratory memory-augmented agents", "We propose EMPO^2, a hybrid optimization.", "Agents"),
              paper("p-he", "Stochastic interpolants", "We analyze Heun's method and the dancer’s pose.", "Generative models"),
              paper("p-l1", "PHyCLIP: ℓ₁-Product of hyperbolic factors", "Hierarchy and compositionality.", "Learning"),
              paper("p-x", "Empowering small models", "We empower agents to dance.", "Agents")]
    want = {"EMPO²": "p-em", "EMPO^2": "p-em", "EMPO2": "p-em", "Heun": "p-he", "Heun's": "p-he", "heun’s": "p-he",
            "dancer": "p-he", "dancer's": "p-he", "l1": "p-l1", "ℓ1": "p-l1", "ℓ₁": "p-l1"}
    out = run_node(tmp_path, papers, {"engineQueries": list(want)})["engine"]
    assert {q: out[q]["slugs"][:1] for q in want} == {q: [slug(p)] for q, p in want.items()}
    assert all(out[q]["readAs"] == [] and not out[q]["partial"] for q in want)


def test_a_word_no_paper_has_is_read_as_others_and_longer_words_are_told_apart(tmp_path):
    """A typo is read as the words it corrects to (readAs: what the page announces); a word papers have is
    not, and the papers that have only longer words beginning with it ("SAM": "sampling") come after those
    with the word, marked loose; asked for with *, a longer word is the word."""
    papers = [paper("p-sam", "Sharpness-aware minimization", "SAM flattens the loss landscape.", "Optimization"),
              paper("p-smp", "Faster sampling", "A sampler for diffusion models, and more samples.", "Generative models")]
    out = run_node(tmp_path, papers, {"engineQueries": ["SAM", "sam*", "sharpnes", "sharpness"]})["engine"]
    assert out["SAM"]["slugs"] == [slug("p-sam"), slug("p-smp")] and out["SAM"]["loose"] == [False, True]
    assert out["SAM"]["readAs"] == [] and out["sam*"]["loose"] == [False, False]
    assert out["sharpnes"]["slugs"] == [slug("p-sam")] and out["sharpnes"]["readAs"] == [["sharpnes", ["sharp"]]]
    assert out["sharpness"]["readAs"] == [] and out["sharpness"]["loose"] == [False]


def test_words_in_a_row_rank_the_papers_that_write_them_so_first(tmp_path):
    """A phrase the papers make an idea of (a tag, a keyword, an acronym's long form) is a term of the
    text field where a paper writes its words in a row, stop words skipped, within a clause; papers
    that write a query's words so come first, before papers richer in the words scattered."""
    papers = [
        paper("p-row", "Selective Scans", "State space models (SSMs) scale linearly with sequence length.", "ML",
              tags=["state space models"]),
        paper("p-ssm", "Compressed Scans", "We prune state space models (SSMs) for speed.", "ML"),
        paper("p-long", "Recurrences", "Recurrent state space models of dynamics, trained on long videos of people.", "ML"),
        paper("p-scattered", "State Estimation Models in Latent Space",
              "We model the state of a robot in a latent space: state estimation models in space and state.", "ML"),
        paper("p-comma", "Time Series", "Our models handle state, space and time.", "ML"),
        paper("p-moe", "Routing", "A mixture of experts routes tokens to experts.", "ML", tags=["mixture of experts"]),
        paper("p-moe-apart", "Expert Mixtures", "Experts write a mixture of code; a mixture of styles, of experts.", "ML"),
    ]
    queries = ["state space models", "mixture of experts", "state space", "SSM"]
    out = run_node(tmp_path, papers, {"engineQueries": queries})["engine"]
    apart = run_node(tmp_path / "off", papers, {"engineQueries": queries, "noPhrases": True})["engine"]
    assert out["state space models"]["slugs"][0] == slug("p-row")
    assert apart["state space models"]["slugs"][0] == slug("p-scattered")  # (the words alone rank it first)
    assert set(out["state space models"]["slugs"]) == set(apart["state space models"]["slugs"])  # (the same papers)
    assert out["mixture of experts"]["slugs"][0] == slug("p-moe")
    assert apart["mixture of experts"]["slugs"][0] == slug("p-moe-apart")
    assert out["state space"]["slugs"][0] == slug("p-scattered")  # ("state space" is no phrase of these papers)
    # an acronym is its long form in a row: the papers that write "state space models" apart come after
    ssm, ssm_apart = out["SSM"]["slugs"], apart["SSM"]["slugs"]
    assert ssm.index(slug("p-long")) < ssm.index(slug("p-scattered"))
    assert ssm_apart.index(slug("p-long")) > ssm_apart.index(slug("p-scattered"))
    terms = {t for sh in json.loads((tmp_path / "index" / "manifest.json").read_text("utf-8"))["shards"]
             for t in sh[0].split()}
    assert {"state-space-model", "mixtur-expert"} <= terms


def test_phrase_postings_need_the_words_in_a_row_within_a_clause():
    texts = {"row": "We train state space models.", "title": "", "stop": "The state of the space model.",
             "comma": "The state, space models and more.", "bracket": "A state (space model) here.",
             "between": "The state latent space model.", "sentence": "Estimate the state. Space models help.",
             "dash": "State-space models are fast."}
    papers = [paper(k, "State Space Models" if k == "title" else "", v, "ML") for k, v in texts.items()]
    vocab = [("state", "space", "model"), ("state", "space")]
    P, D, TF = search._phrase_postings(papers, vocab, 1)
    found = {(vocab[p], papers[d].id) for p, d in zip(P.tolist(), D.tolist())}
    in_a_row = {"row", "title", "stop", "dash"}  # (stop words are skipped, as the index skips them)
    assert {pid for ph, pid in found if len(ph) == 3} == in_a_row
    assert {pid for ph, pid in found if len(ph) == 2} == in_a_row
    two = search._phrase_postings(papers, vocab, 2)  # (the same in two processes)
    assert sorted(zip(*(a.tolist() for a in two))) == sorted(zip(P.tolist(), D.tolist(), TF.tolist()))


def test_a_word_some_paper_has_is_no_typo(tmp_path):
    """Typo corrections are for words no paper has: "federated", in one paper, finds that paper only,
    not the papers with "generated", "under" or "fewer" (its stem "feder" is an edit or two from them);
    "feederated" (stem "feeder", one edit from "feder") finds it as a typo, and "hallucinaton" the papers
    with "hallucinations" (the longest term it starts with, "hallucin", is most of it)."""
    papers = [paper("p-fed", "Private Training", "We study federated learning across clients.", "ML"),
              *(paper(f"p-{i}", "Other", text, "ML") for i, text in enumerate([
                  "Images generated by diffusion.", "Learning under noise.", "Fewer steps suffice.",
                  "Generated text under fewer tokens.", "An order of magnitude faster.",
                  "We reduce hallucinations in captioning."]))]
    out = run_node(tmp_path, papers, {"engineQueries": ["federated", "feederated", "federated~2", "hallucinaton"]})["engine"]
    assert out["federated"]["slugs"] == [slug("p-fed")]
    assert out["feederated"]["slugs"] == [slug("p-fed")]
    assert len(out["federated~2"]["slugs"]) > 1  # (asked for: two edits of the word and of its stem)
    # a typo in the ending, which the stem does not reach: the longest term the word starts with ("hallucin")
    assert out["hallucinaton"]["slugs"] == [slug("p-5")]


@pytest.mark.skipif(not CSV.exists(), reason="shared/data/iclr2026_dev.csv is not there")
def test_a_new_batch_finds_phrases_in_its_own_papers_and_gives_the_files_of_a_build_from_scratch(tmp_path, monkeypatch):
    import dataclasses
    from generator.cache import Cache
    papers = csv_papers(150)
    batch = [dataclasses.replace(p, tags=[], first_seen="2026-02-01") for p in papers[140:]]  # (no new phrase)
    papers = papers[:140]
    for p in papers:
        p.first_seen = "2026-01-01"
    learn = {p.id for p in papers}
    seen = []
    real = search._phrase_postings
    monkeypatch.setattr(search, "_phrase_postings", lambda ps, *a: seen.append(len(ps)) or real(ps, *a))
    cache = Cache(tmp_path / "cache")
    search.build_files(papers, processes=1, cache=cache, learn=learn)
    cache.save()
    cache = Cache(tmp_path / "cache")
    later = search.build_files(papers + batch, processes=1, cache=cache, learn=learn)
    assert seen == [140, 10]  # (the earlier papers' phrases come from the cache)
    assert later == search.build_files(papers + batch, processes=1, learn=learn)
    assert any("-" in t for k, v in later.items() if k.startswith("t/") for t in json.loads(v)["terms"])
