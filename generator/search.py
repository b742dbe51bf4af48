"""Build the paper search index: a lunr index split into term shards, plus doc shards.

One logical lunr index over every paper (fields title, name, tag, entity, category, text,
boosted in that order) is computed here with lunr.py's own pipeline functions (trimmer,
stop-word filter, Porter stemmer) and lunr's BM25 weighting, then cut by term into shards.
Every shard is a complete, valid lunr 2.3.9 index (``lunr.Index.load`` takes it unchanged);
its vectors hold only its own terms, and idf / field lengths are corpus-wide, so scores from
different shards add up to what the single index would give.  The browser fetches only the
shards that hold the query's terms (the term list comes first, in ``manifest.json``).

Layout under ``docs_dir/assets/search/``::

    lunr.js                 copied from the installed mkdocs package (lunr 2.3.9)
    index/manifest.json     fields, boosts, shard files with their terms and document counts
    index/meta.json         category and tag vocabularies, per paper [category, tags...]
    index/t/NNN.json        term shards: serialized lunr indexes
    index/d/NNN.json        doc shards: [slug, title, category, tags, text] per paper

Papers are numbered by (category, id), so that the results of one query tend to share doc
shards.  Output is deterministic: same papers, byte-identical files.  Files whose bytes are
unchanged are not rewritten; stale shard files are removed.
"""
from __future__ import annotations

import json
import math
import re
import shutil
from collections import Counter, defaultdict
from multiprocessing import get_context
from pathlib import Path

from lunr import __TARGET_JS_VERSION__
from lunr.stemmer import porter_stemmer
from lunr.stop_word_filter import WORDS as STOP_WORDS

from .model import Paper

# (lunr field name, boost); the field names are also the query syntax: tag:benchmark
FIELDS: list[tuple[str, int]] = [
    ("title", 10),
    ("name", 8),
    ("tag", 5),
    ("entity", 4),
    ("category", 3),
    ("text", 1),
]
K1, B = 1.2, 0.75  # lunr's BM25 defaults
SHARD_TARGET_BYTES = 256_000  # estimated raw JSON bytes per term shard
POSTING_BYTES = 24  # estimate of one (term, field, doc) entry: "123":{}, + 123,1.234,
DOCS_PER_SHARD = 40  # papers per doc shard (text for snippets); a results page loads few
FORMAT_VERSION = 1

# lunr.js semantics: tokenizer splits on /[\s\-]+/; trimmer strips ASCII \W at both ends
_SPLIT = re.compile(r"[\s\-]+")
_TRIM = re.compile(r"^\W+|\W+$", re.ASCII)


def lunr_js_path() -> Path:
    import mkdocs

    return Path(mkdocs.__file__).parent / "contrib/search/templates/search/lunr.js"


class _Terms:
    """token -> index term (or None), memoized: lunr's trimmer, stop-word filter, stemmer."""

    def __init__(self) -> None:
        self.cache: dict[str, str | None] = {}

    def __call__(self, text: str) -> list[str]:
        out = []
        cache = self.cache
        for tok in _SPLIT.split(text.lower()):
            if not tok:
                continue
            term = cache.get(tok, False)
            if term is False:
                t = _TRIM.sub("", tok)
                term = None if (not t or t in STOP_WORDS) else (porter_stemmer.stem(t) or None)
                cache[tok] = term
            if term is not None:
                out.append(term)
        return out


def _field_texts(p: Paper) -> list[str]:
    return [
        p.title or "",
        p.name or "",
        " ".join(p.tags),
        " ".join(p.entities),
        p.category or "",
        p.plain_text or "",
    ]


def _order(papers: list[Paper]) -> list[Paper]:
    return sorted(papers, key=lambda p: (p.category or "", p.id))


def _round3(x: float) -> float:
    return math.floor(x * 1000 + 0.5) / 1000  # lunr.js: Math.round(score * 1000) / 1000


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def build_postings(papers: list[Paper]):
    """Tokenize every field; return (postings, idf) with postings[term][field] = [(doc, tf, len)]."""
    to_terms = _Terms()
    nfields = len(FIELDS)
    postings: dict[str, list[list[tuple[int, int, int]]]] = {}
    total_len = [0] * nfields
    for doc, p in enumerate(papers):
        for f, text in enumerate(_field_texts(p)):
            terms = to_terms(text)
            n = len(terms)
            total_len[f] += n
            for term, tf in Counter(terms).items():
                post = postings.get(term)
                if post is None:
                    post = postings[term] = [[] for _ in range(nfields)]
                post[f].append((doc, tf, n))
    ndocs = max(len(papers), 1)
    avg = [(t / ndocs) or 1.0 for t in total_len]
    return postings, avg


def _shard_json(terms: list[str], postings, avg: list[float], ndocs: int) -> str:
    """One term shard as a serialized lunr index (only these terms' vector entries)."""
    names = [name for name, _ in FIELDS]
    inverted = []
    vectors: dict[tuple[int, int], list] = {}
    for local, term in enumerate(terms):
        post = postings[term]
        with_term = sum(len(fp) for fp in post)
        x = (ndocs - with_term + 0.5) / (with_term + 0.5)
        idf = math.log(1 + abs(x))
        entry = {"_index": local}
        for f, (name, boost) in enumerate(FIELDS):
            entry[name] = {str(doc): {} for doc, _, _ in post[f]}
            for doc, tf, flen in post[f]:
                score = idf * ((K1 + 1) * tf) / (K1 * (1 - B + B * (flen / avg[f])) + tf) * boost
                vec = vectors.get((f, doc))
                if vec is None:
                    vec = vectors[(f, doc)] = []
                vec.append(local)
                vec.append(_round3(score))
        inverted.append([term, entry])
    field_vectors = [[f"{names[f]}/{doc}", vectors[(f, doc)]] for f, doc in sorted(vectors)]
    return _dumps(
        {
            "version": __TARGET_JS_VERSION__,
            "fields": names,
            "fieldVectors": field_vectors,
            "invertedIndex": inverted,
            "pipeline": ["stemmer"],
        }
    )


def _partition(postings) -> list[list[str]]:
    """Consecutive runs of sorted terms, each about SHARD_TARGET_BYTES of JSON."""
    shards: list[list[str]] = []
    cur: list[str] = []
    size = 0
    for term in sorted(postings):
        cost = 40 + len(term) + POSTING_BYTES * sum(len(fp) for fp in postings[term])
        if cur and size + cost > SHARD_TARGET_BYTES:
            shards.append(cur)
            cur, size = [], 0
        cur.append(term)
        size += cost
    if cur:
        shards.append(cur)
    return shards


# worker state for the pool (fork start method: inherited, not pickled)
_STATE: dict = {}


def _shard_worker(i: int) -> str:
    s = _STATE
    return _shard_json(s["shards"][i], s["postings"], s["avg"], s["ndocs"])


def build_files(papers: list[Paper], processes: int = 2) -> dict[str, bytes]:
    """Every file of the index, by path relative to assets/search/index/."""
    papers = _order(papers)
    postings, avg = build_postings(papers)
    shards = _partition(postings)
    ndocs = len(papers)
    files: dict[str, str] = {}

    _STATE.update(shards=shards, postings=postings, avg=avg, ndocs=ndocs)
    try:
        if processes > 1 and len(shards) > 4:
            with get_context("fork").Pool(processes) as pool:
                texts = pool.map(_shard_worker, range(len(shards)), chunksize=4)
        else:
            texts = [_shard_worker(i) for i in range(len(shards))]
    finally:
        _STATE.clear()
    for i, text in enumerate(texts):
        files[f"t/{i:03d}.json"] = text

    categories = sorted({p.category for p in papers if p.category})
    tags = sorted({t for p in papers for t in p.tags})
    cat_ix = {c: i for i, c in enumerate(categories)}
    tag_ix = {t: i for i, t in enumerate(tags)}
    files["meta.json"] = _dumps(
        {
            "categories": categories,
            "tags": tags,
            # per paper: [category index or -1, tag indexes...]
            "docs": [[cat_ix.get(p.category, -1), *sorted(tag_ix[t] for t in set(p.tags))] for p in papers],
        }
    )
    for start in range(0, ndocs, DOCS_PER_SHARD):
        chunk = papers[start : start + DOCS_PER_SHARD]
        files[f"d/{start // DOCS_PER_SHARD:03d}.json"] = _dumps(
            [[p.slug, p.title or p.name or p.id, p.category or "", list(p.tags), p.plain_text or ""] for p in chunk]
        )
    files["manifest.json"] = _dumps(
        {
            "format": FORMAT_VERSION,
            "lunr": __TARGET_JS_VERSION__,
            "docs": ndocs,
            "docsPerShard": DOCS_PER_SHARD,
            "fields": [[name, boost] for name, boost in FIELDS],
            # per term shard: its terms (space-separated, sorted) and their document counts
            "shards": [
                [" ".join(terms), [len({d for fp in postings[t] for d, _, _ in fp}) for t in terms]]
                for terms in shards
            ],
        }
    )
    return {path: text.encode("utf-8") for path, text in files.items()}


def _write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def write_search_index(papers: list[Paper], docs_dir: Path) -> None:
    """Write lunr.js and the sharded paper index under docs_dir/assets/search/."""
    out = Path(docs_dir) / "assets" / "search"
    out.mkdir(parents=True, exist_ok=True)
    _write_if_changed(out / "lunr.js", lunr_js_path().read_bytes())
    files = build_files(papers)
    index_dir = out / "index"
    for rel, data in files.items():
        _write_if_changed(index_dir / rel, data)
    if index_dir.exists():  # drop shards left over from a larger corpus
        for path in sorted(index_dir.rglob("*")):
            if path.is_file() and path.relative_to(index_dir).as_posix() not in files:
                path.unlink()


__all__ = ["write_search_index", "build_files", "FIELDS", "lunr_js_path"]
