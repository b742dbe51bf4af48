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
from collections import Counter
from contextlib import nullcontext
from multiprocessing import get_context

import numpy as np
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
SHARD_TARGET_BYTES = 160_000  # estimated raw JSON bytes per term shard
POSTING_BYTES = 9  # estimate of one (term, field, doc) posting: doc delta and weight
DOCS_PER_SHARD = 40  # papers per doc shard (text for snippets); a results page loads few
FORMAT_VERSION = 1

# lunr.js semantics: tokenizer splits on /[\s\-]+/; trimmer strips ASCII \W at both ends
_SPLIT = re.compile(r"[\s\-]+")
_TRIM = re.compile(r"^\W+|\W+$", re.ASCII)


def lunr_js_path() -> Path:
    import mkdocs

    return Path(mkdocs.__file__).parent / "contrib/search/templates/search/lunr.js"


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


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# worker state for the pool (fork start method: inherited, not pickled)
_STATE: dict = {}
PARALLEL_MIN_PAPERS = 3000  # below this a pool costs more than it saves


def _tokenize(papers: list[Paper], offset: int = 0):
    """Flat postings (term id, doc, field, tf) as arrays, field lengths, and the vocabulary."""
    vocab: dict[str, int] = {}
    cache: dict[str, int] = {}  # raw token -> term id, or -1 for no term
    nfields = len(FIELDS)
    p_term: list[int] = []
    p_doc: list[int] = []
    p_field: list[int] = []
    p_tf: list[int] = []
    flen = [[0] * len(papers) for _ in range(nfields)]
    for doc, p in enumerate(papers):
        for f, text in enumerate(_field_texts(p)):
            if not text:
                continue
            acc: dict[int, int] = {}
            for tok, n in Counter(text.lower().replace("-", " ").split()).items():
                tid = cache.get(tok)
                if tid is None:
                    t = _TRIM.sub("", tok)
                    if not t or t in STOP_WORDS:
                        tid = -1
                    else:
                        term = porter_stemmer.stem(t)
                        tid = vocab.setdefault(term, len(vocab)) if term else -1
                    cache[tok] = tid
                if tid >= 0:
                    acc[tid] = acc.get(tid, 0) + n
            if acc:
                p_term.extend(acc)
                p_tf.extend(acc.values())
                p_doc.extend([doc + offset] * len(acc))
                p_field.extend([f] * len(acc))
                flen[f][doc] = sum(acc.values())
    arr = lambda xs: np.asarray(xs, dtype=np.int64)  # noqa: E731
    return arr(p_term), arr(p_doc), arr(p_field), arr(p_tf), arr(flen).reshape(nfields, len(papers)), list(vocab)


def _tokenize_worker(bounds: tuple[int, int]):
    a, b = bounds
    return _tokenize(_STATE["papers"][a:b], offset=a)


def _postings(papers: list[Paper], pool):
    """Tokenize all papers (in the pool when given); term ids are ranks in the sorted vocabulary."""
    if pool is None:
        parts = [_tokenize(papers)]
    else:
        half = (len(papers) + 1) // 2
        parts = pool.map(_tokenize_worker, [(0, half), (half, len(papers))])
    terms = sorted(set().union(*(part[5] for part in parts)))
    index = {t: i for i, t in enumerate(terms)}
    T = np.concatenate([np.asarray([index[t] for t in part[5]], dtype=np.int64)[part[0]] if len(part[0]) else part[0] for part in parts])
    D, F, TF = (np.concatenate([part[k] for part in parts]) for k in (1, 2, 3))
    FL = np.concatenate([part[4] for part in parts], axis=1)
    return terms, T, D, F, TF.astype(np.float64), FL.astype(np.float64)


def _shard_json(terms: list[str], L, F, D, S) -> str:
    """One term shard, in a columnar form of lunr's serialized index.

    L, F, D, S: local term index, field, doc and weight of the shard's postings, sorted by
    (term, field, doc).  ``n`` holds, per term and field, how many postings follow; ``d`` the
    doc numbers (delta-coded within each run); ``w`` lunr's weights in thousandths (lunr rounds
    to 3 decimals).  paper-search.js turns it back into lunr's own JSON (invertedIndex with
    every field, fieldVectors) and calls lunr.Index.load; tests do the same in node.
    """
    nf = len(FIELDS)
    counts = np.bincount(L * nf + F, minlength=len(terms) * nf)
    run_start = np.r_[True, (L[1:] != L[:-1]) | (F[1:] != F[:-1])] if len(L) else np.zeros(0, bool)
    deltas = D - np.r_[0, D[:-1]] if len(D) else D
    deltas = np.where(run_start, D, deltas)
    weights = np.rint(S * 1000).astype(np.int64)
    return (
        '{"terms":' + _dumps(terms) + ',"n":' + _dumps(counts.tolist()) + ',"d":' + _dumps(deltas.tolist())
        + ',"w":' + _dumps(weights.tolist()) + "}"
    )


def _shard_worker(i: int) -> str:
    s = _STATE
    a, b = s["bounds"][i]
    sl = slice(s["pstart"][a], s["pstart"][b])
    return _shard_json(s["terms"][a:b], s["L"][sl] - a, s["F"][sl], s["D"][sl], s["S"][sl])


def build_files(papers: list[Paper], processes: int = 2) -> dict[str, bytes]:
    """Every file of the index, by path relative to assets/search/index/."""
    papers = _order(papers)
    ndocs = len(papers)
    procs = processes if ndocs >= PARALLEL_MIN_PAPERS else 1
    try:
        texts, terms, bounds, df = _term_shards(papers, procs)
    finally:
        _STATE.clear()
    files: dict[str, str] = {f"t/{i:03d}.json": text for i, text in enumerate(texts)}
    _other_files(papers, terms, bounds, df, files)
    return {path: text.encode("utf-8") for path, text in files.items()}


def _pool(processes: int):
    """A fork pool (workers see _STATE as it is now), or None to run in this process."""
    return get_context("fork").Pool(processes) if processes > 1 else nullcontext()


def _term_shards(papers, processes):
    """Term shards as JSON texts, the sorted vocabulary, shard bounds and document counts."""
    ndocs = len(papers)
    _STATE["papers"] = papers
    with _pool(processes) as pool:
        terms, T, D, F, TF, FL = _postings(papers, pool)
    V = len(terms)
    # lunr's BM25 with its idf (documents counted once per field holding the term)
    avg = FL.sum(axis=1) / max(ndocs, 1)
    avg[avg == 0] = 1.0
    with_term = np.bincount(T, minlength=V).astype(np.float64)
    idf = np.log1p(np.abs((ndocs - with_term + 0.5) / (with_term + 0.5)))
    boost = np.array([b for _, b in FIELDS], dtype=np.float64)
    flen_p = FL[F, D] if len(D) else np.zeros(0)
    score = idf[T] * ((K1 + 1) * TF) / (K1 * (1 - B + B * (flen_p / avg[F])) + TF) * boost[F]
    score = np.floor(score * 1000 + 0.5) / 1000  # lunr.js: Math.round(score * 1000) / 1000
    order = np.lexsort((D, F, T))
    T, F, D, S = T[order], F[order], D[order], score[order]
    # document frequency per term (distinct papers), for ranking expansions in the browser
    _u = np.lexsort((D, T))
    Tu, Du = T[_u], D[_u]
    distinct = np.r_[True, (Tu[1:] != Tu[:-1]) | (Du[1:] != Du[:-1])] if len(Tu) else np.zeros(0, bool)
    df = np.bincount(Tu[distinct], minlength=V)
    # cut the sorted terms into shards of about SHARD_TARGET_BYTES
    npost = np.bincount(T, minlength=V)
    cost = (16 + np.array([len(t) for t in terms], dtype=np.int64) + POSTING_BYTES * npost).tolist()
    bounds, a, size = [], 0, 0
    for k in range(V):
        if k > a and size + cost[k] > SHARD_TARGET_BYTES:
            bounds.append((a, k))
            a, size = k, 0
        size += cost[k]
    if V:
        bounds.append((a, V))
    pstart = np.searchsorted(T, np.arange(V + 1)).tolist()

    _STATE.update(bounds=bounds, pstart=pstart, terms=terms, L=T, F=F, D=D, S=S)
    with _pool(processes if len(bounds) > 4 else 1) as pool:
        if pool is not None:
            texts = pool.map(_shard_worker, range(len(bounds)), chunksize=4)
        else:
            texts = [_shard_worker(i) for i in range(len(bounds))]
    return texts, terms, bounds, df


def _other_files(papers, terms, bounds, df, files):
    ndocs = len(papers)
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
    dfl = df.tolist()
    files["manifest.json"] = _dumps(
        {
            "format": FORMAT_VERSION,
            "lunr": __TARGET_JS_VERSION__,
            "docs": ndocs,
            "docsPerShard": DOCS_PER_SHARD,
            "fields": [[name, b] for name, b in FIELDS],
            # per term shard: its terms (space-separated, sorted) and their paper counts
            "shards": [[" ".join(terms[a:b]), dfl[a:b]] for a, b in bounds],
        }
    )


def _write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def search_files(papers: list[Paper]) -> dict[str, bytes]:
    """Every search file by path relative to docs_dir (assets/search/...), for the writer."""
    files = {f"assets/search/index/{rel}": data for rel, data in build_files(papers).items()}
    files["assets/search/lunr.js"] = lunr_js_path().read_bytes()
    return files


def write_search_index(papers: list[Paper], docs_dir: Path) -> None:
    """Write lunr.js and the sharded paper index under docs_dir/assets/search/.

    Files whose bytes are unchanged are left alone; index files no longer produced are removed.
    """
    files = search_files(papers)
    docs_dir = Path(docs_dir)
    for rel, data in files.items():
        _write_if_changed(docs_dir / rel, data)
    index_dir = docs_dir / "assets" / "search" / "index"
    for path in sorted(index_dir.rglob("*")):  # drop shards left over from a larger corpus
        if path.is_file() and path.relative_to(docs_dir).as_posix() not in files:
            path.unlink()


__all__ = ["write_search_index", "search_files", "build_files", "FIELDS", "lunr_js_path"]
