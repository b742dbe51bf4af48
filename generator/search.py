"""Build the paper search index: one lunr index cut by term into shards, plus doc shards.

One logical lunr index over every paper (fields title, name, tag, entity, category, author, text,
boosted in about that order) is computed with lunr's text pipeline (lunr.js's tokenizer and
trimmer, lunr.py's stop-word list, lunr.js's Porter stemmer, ported here) and lunr's BM25
field-vector weights (k1 = 1.2, b = 0.75, 3 decimals), vectorized with numpy.  The sorted
terms are cut into shards of about SHARD_TARGET_BYTES; a shard stores its postings in a
columnar form of lunr's serialization (paper-search.js's ``toLunrJSON`` rebuilds lunr's own
JSON for ``lunr.Index.load``; tests/test_search_index.py checks the shards together equal the
index lunr.js's own Builder makes).  idf and average field lengths are corpus-wide, so the
scores of different shards add up to the single index's.

Why not lunr.py's Builder and its JSON: at 20,000 papers it takes about a minute and writes
~120 MB (the per-document field vectors repeat every ref); this takes a few seconds and
~20 MB, and the browser fetches only the shards holding a query's terms.

Layout under ``docs_dir/assets/search/``::

    lunr.js                 copied from the installed mkdocs package (lunr 2.3.9)
    index/manifest.json     fields and boosts; per term shard its terms and their paper counts
    index/meta.json         category and tag names; per paper [category, tags...] (facets)
    index/t/NNN.json        term shards: {"terms", "n", "d", "w", "r", "a", "l"} (see _shard_json)
    index/d/NNN.json        doc shards: [slug, title, category, tags, text(, authors)] per paper

Papers are numbered by (category, id), so that the results of one query tend to share doc
shards.  Output is deterministic: same papers, byte-identical files.  With a cache (build_files),
a build tokenizes only the papers that the previous one did not index, and writes the same files.
"""
from __future__ import annotations

import json
import os
import re
from operator import attrgetter
from pathlib import Path

import numpy as np
from lunr import __TARGET_JS_VERSION__
from lunr.stop_word_filter import WORDS as STOP_WORDS

from .cache import Cache, memo_key
from .markup import SUBSCRIPT_DIGITS, SUPERSCRIPT_DIGITS
from .model import Paper
from .parallel import fork_map, trim_memory
from .readers import CJK_CHARS
from .related_terms import acronyms, related_terms

# (lunr field name, boost); the field names are also the query syntax: tag:benchmark
FIELDS: list[tuple[str, int]] = [
    ("title", 10),
    ("name", 8),
    ("tag", 5),
    ("entity", 4),
    ("category", 3),
    ("author", 4),  # the authors a structured file or an authors line names (none in the seed format)
    ("text", 1),
]
K1, B = 1.2, 0.75  # lunr's BM25 defaults
SHARD_TARGET_BYTES = 160_000  # estimated raw JSON bytes per term shard
POSTING_BYTES = 9  # estimate of one (term, field, doc) posting: doc delta and weight
SCORE_SLICE = 1 << 18  # postings weighed at once (_term_shards)
DOCS_PER_SHARD = 40  # papers per doc shard (text for snippets); a results page loads few
FORMAT_VERSION = 1

# lunr.js semantics: the tokenizer splits on /[\s\-]+/ (str.split() after "-" -> " ");
# the trimmer strips ASCII \W at both ends
# the trimmer strips ASCII \W at both ends; but for Chinese and Japanese characters (their pairs: _cjk_pairs),
# which lunr.js's trimmer would strip whole and paper-search.js looks up as they are
_TRIM = re.compile(rf"^[^\w{CJK_CHARS}]+|[^\w{CJK_CHARS}]+$", re.ASCII)
_CJK_RUN = re.compile(f"[{CJK_CHARS}]+")
_SEP = "\x01"  # joins a column's texts for one split; never a token of its own


# lunr.js 2.3.9's Porter stemmer, ported line for line.  lunr.py's own stemmer is the
# reference Porter algorithm and differs from lunr.js's on words such as "delay"/"always"
# (y -> i), so an index stemmed with it misses queries that lunr.js stems in the browser.
_STEP2 = {"ational": "ate", "tional": "tion", "enci": "ence", "anci": "ance", "izer": "ize", "bli": "ble",
          "alli": "al", "entli": "ent", "eli": "e", "ousli": "ous", "ization": "ize", "ation": "ate",
          "ator": "ate", "alism": "al", "iveness": "ive", "fulness": "ful", "ousness": "ous", "aliti": "al",
          "iviti": "ive", "biliti": "ble", "logi": "log"}
_STEP3 = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}
_c, _v = "[^aeiou]", "[aeiouy]"
_C, _V = _c + "[^aeiouy]*", _v + "[aeiou]*"
_MGR0 = re.compile("^(" + _C + ")?" + _V + _C)
_MEQ1 = re.compile("^(" + _C + ")?" + _V + _C + "(" + _V + ")?$")
_MGR1 = re.compile("^(" + _C + ")?" + _V + _C + _V + _C)
_S_V = re.compile("^(" + _C + ")?" + _v)
_1A, _1A2 = re.compile(r"^(.+?)(ss|i)es$"), re.compile(r"^(.+?)([^s])s$")
_1B, _1B2 = re.compile(r"^(.+?)eed$"), re.compile(r"^(.+?)(ed|ing)$")
_1B_LAST, _1B_ATBLIZ = re.compile(r".$"), re.compile(r"(at|bl|iz)$")
_1B_DOUBLE, _1B_CVC = re.compile(r"([^aeiouylsz])\1$"), re.compile("^" + _C + _v + "[^aeiouwxy]$")
_1C = re.compile(r"^(.+?[^aeiou])y$")
_2 = re.compile("^(.+?)(" + "|".join(_STEP2) + ")$")
_3 = re.compile("^(.+?)(" + "|".join(_STEP3) + ")$")
_4 = re.compile(r"^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$")
_4B = re.compile(r"^(.+?)(s|t)(ion)$")
_5, _5LL = re.compile(r"^(.+?)e$"), re.compile(r"ll$")


def lunr_js_stem(w: str) -> str:
    """lunr.js's stemmer (lunr.stemmer in lunr 2.3.9) on one lower-case word."""
    if len(w) < 3:
        return w
    first = w[0]
    if first == "y":
        w = "Y" + w[1:]
    if _1A.search(w):
        w = _1A.sub(r"\1\2", w, count=1)
    elif _1A2.search(w):
        w = _1A2.sub(r"\1\2", w, count=1)
    m = _1B.search(w)
    if m:
        if _MGR0.search(m.group(1)):
            w = _1B_LAST.sub("", w, count=1)
    else:
        m = _1B2.search(w)
        if m and _S_V.search(m.group(1)):
            w = m.group(1)
            if _1B_ATBLIZ.search(w):
                w += "e"
            elif _1B_DOUBLE.search(w):
                w = _1B_LAST.sub("", w, count=1)
            elif _1B_CVC.search(w):
                w += "e"
    m = _1C.search(w)
    if m:
        w = m.group(1) + "i"
    m = _2.search(w)
    if m and _MGR0.search(m.group(1)):
        w = m.group(1) + _STEP2[m.group(2)]
    m = _3.search(w)
    if m and _MGR0.search(m.group(1)):
        w = m.group(1) + _STEP3[m.group(2)]
    m = _4.search(w)
    if m:
        if _MGR1.search(m.group(1)):
            w = m.group(1)
    else:
        m = _4B.search(w)
        if m and _MGR1.search(m.group(1) + m.group(2)):
            w = m.group(1) + m.group(2)
    m = _5.search(w)
    if m:
        stem = m.group(1)
        if _MGR1.search(stem) or (_MEQ1.search(stem) and not _1B_CVC.search(stem)):
            w = stem
    if _5LL.search(w) and _MGR1.search(w):
        w = _1B_LAST.sub("", w, count=1)
    if first == "y":
        w = "y" + w[1:]
    return w


def lunr_js_path() -> Path:
    import mkdocs

    return Path(mkdocs.__file__).parent / "contrib/search/templates/search/lunr.js"


def index_terms(text: str) -> list[str]:
    """The index terms lunr's pipeline makes of a text, in order (tokens trimmed to nothing and stop
    words dropped), as _tokenize does for the papers' fields."""
    out = []
    for tok in _cjk_pairs(_fold(text)).lower().replace("-", " ").split():
        t = _TRIM.sub("", tok)
        if t and t not in STOP_WORDS:
            out.append(lunr_js_stem(t))
    return out


def _field_texts(p: Paper) -> list[str]:
    """The text of each of FIELDS; the tag field holds the keywords a paper was given too (GRPO, RLHF)."""
    return [_cjk_pairs(_fold(t)) for t in (p.title or "", p.name or "", " ".join([*p.tags, *p.keywords]),
                                           " ".join(p.entities), p.category or "", ", ".join(p.authors),
                                           p.plain_text or "")]


def _fold_table() -> dict[str, str]:
    """What a text is read as before lunr's pipeline, in the index and (paper-search.js, from the manifest's
    "fold") in a query: a dash or minus inside a word splits it as a hyphen does ("Jensen–Shannon",
    "vision–language"), an accented Latin letter is its letter ("Schrödinger": "schrodinger"), a Greek
    letter its name ("α-divergence": "alpha divergence"), a power or an index its digit, raised, after a caret
    or lowered ("A²FM", "A^2FM": "a2fm", "ℓ₁": "l1", as people type them).  (_fold also drops a possessive 's.)"""
    import unicodedata
    table = {c: " " for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"}
    table.update({c: str(d) for d, c in enumerate(SUPERSCRIPT_DIGITS)})
    table.update({c: str(d) for d, c in enumerate(SUBSCRIPT_DIGITS)})  # ("ℓ₁": "l1")
    table["ℓ"] = "l"
    table["^"] = ""
    for cp in range(0x391, 0x3CA):
        words = unicodedata.name(chr(cp), "").split()  # GREEK SMALL LETTER ALPHA (not ... WITH TONOS)
        if len(words) == 4 and words[0] == "GREEK":
            table[chr(cp)] = f" {words[3].lower().replace('lamda', 'lambda')} "  # (as people spell it)
    for cp in range(0xC0, 0x250):
        base = "".join(c for c in unicodedata.normalize("NFD", chr(cp)) if not unicodedata.combining(c))
        if base != chr(cp) and base.isascii() and base.isalpha():
            table[chr(cp)] = base
    return table


FOLD = _fold_table()
_FOLD = str.maketrans(FOLD)


_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b", re.ASCII)  # ("Heun's": "Heun", as a query has it; paper-search.js's foldText)


def _fold(text: str) -> str:
    """text as the index reads it (_fold_table), a possessive 's dropped."""
    if "'" in text or "’" in text:
        text = _POSSESSIVE.sub("", text)
    return text if text.isascii() and "^" not in text else text.translate(_FOLD)


def _cjk_pairs(text: str) -> str:
    """Chinese and Japanese, written without spaces between words, as the overlapping pairs of characters of each
    run (as Lucene's CJK analyzer indexes them): "用于缓存压缩" -> " 用于 于缓 缓存 存压 压缩 ".  The search page splits
    a query the same way, so that any two or more characters of a run find it."""
    if text.isascii():
        return text
    return _CJK_RUN.sub(lambda m: " " + " ".join(m.group()[i:i + 2] for i in range(max(len(m.group()) - 1, 1))) + " ",
                        text)


def _order(papers: list[Paper]) -> list[Paper]:
    """Documents in the order they arrived (first-seen date, then id): a new batch is appended, so
    the doc shards of older papers keep their bytes and are not written again."""
    return sorted(papers, key=lambda p: (p.first_seen, p.id))


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# worker state for the pool (fork start method: inherited, not pickled)
_STATE: dict = {}
PARALLEL_MIN_PAPERS = 3000  # below this a pool costs more than it saves
TOKENIZE_CHUNK = 2500  # papers tokenized at once (their abstracts' tokens as str: ~30 MB per 1,000 papers)


def _column_tokens(texts) -> list[str]:
    """The tokens of texts in one split (lunr.js's tokenizer: lower case, split at white space and "-"),
    a _SEP token where each text starts but the first."""
    return f" {_SEP} ".join(t.replace(_SEP, " ") for t in texts).lower().replace("-", " ").split()


def _earlier_docs(old_keys: list[str], keys: list[str]) -> np.ndarray:
    """Each paper's doc number in an earlier build by its key (-1: none; an old doc serves one paper)."""
    free = {k: i for i, k in enumerate(old_keys)}
    return np.fromiter((free.pop(k, -1) for k in keys), dtype=np.int64, count=len(keys))


def _doc_of(prev: np.ndarray, n_old: int) -> np.ndarray:
    """Old doc number -> new doc number (-1: gone), from each paper's earlier doc number `prev`."""
    doc_of = np.full(n_old, -1, dtype=np.int64)
    hit = np.flatnonzero(prev >= 0)
    doc_of[prev[hit]] = hit
    return doc_of


def _tokenize(papers: list[Paper], offset: int = 0):
    """Flat postings (term id, doc, field, tf, first) as arrays, field lengths, and the vocabulary.

    Per field, the whole corpus at once: split every text (lunr.js's tokenizer), map each
    distinct token through trimmer / stop words / stemmer once, then count (doc, term)
    pairs with numpy.  `first` marks the posting of a (doc, term) in the doc's first field
    that has the term, so that documents can be counted once per term.
    """
    vocab: dict[str, int] = {}
    cache: dict[str, int] = {}  # raw token -> term id; -1 stop word; -2 trimmed to "" (lunr.js counts it); -3 _SEP
    nfields = len(FIELDS)
    n = len(papers)
    texts = [_field_texts(p) for p in papers]
    out_t, out_d, out_f, out_tf = [], [], [], []
    flen = np.zeros((nfields, n), dtype=np.int64)
    cache[_SEP] = -3
    for f in range(nfields):
        toks = _column_tokens(row[f] for row in texts)  # (one split over the whole column)
        for tok in set(toks).difference(cache):
            t = _TRIM.sub("", tok)
            if not t:
                cache[tok] = -2
            elif t in STOP_WORDS:
                cache[tok] = -1
            else:
                tid = cache.get(t)  # "model," and "model" share one stemming
                if tid is None:
                    tid = cache[t] = vocab.setdefault(lunr_js_stem(t), len(vocab))
                cache[tok] = tid
        ids = np.fromiter(map(cache.__getitem__, toks), dtype=np.int64, count=len(toks))
        docs = np.cumsum(ids == -3)
        flen[f] = np.bincount(docs[(ids != -1) & (ids != -3)], minlength=n)
        keep = ids >= 0
        width = max(len(vocab), 1)
        pairs, counts = np.unique(docs[keep] * width + ids[keep], return_counts=True)
        out_t.append((pairs % width).astype(np.int32))  # int32: half the bytes back from the pool
        out_d.append((pairs // width + offset).astype(np.int32))
        out_f.append(np.full(len(pairs), f, dtype=np.int32))
        out_tf.append(counts.astype(np.int32))
    T, D = np.concatenate(out_t), np.concatenate(out_d)
    pair = (D - offset).astype(np.int64) * max(len(vocab), 1) + T
    order = np.argsort(pair, kind="stable")  # fields in order within each (doc, term)
    first = np.empty(len(pair), dtype=bool)
    first[order] = np.diff(pair[order], prepend=-1) != 0
    return T, D, np.concatenate(out_f), np.concatenate(out_tf), first, flen, list(vocab)


def _tokenize_worker(bounds: tuple[int, int]):
    a, b = bounds
    return _tokenize(_STATE["papers"][a:b], offset=a)


COLUMNS = ("T", "F", "D", "TF", "first")  # a posting: term, field, doc, term frequency, first (see _tokenize)


def _in_shares(worker, n: int, processes: int) -> list:
    """worker((a, b)) over consecutive shares of n papers, at least one per process and none over TOKENIZE_CHUNK
    papers (a share's tokens are Python strings: bounded), in order."""
    shares = max(processes, -(-n // TOKENIZE_CHUNK))
    cuts = [n * k // shares for k in range(shares + 1)]
    return list(fork_map(worker, list(zip(cuts, cuts[1:])), processes))


def _postings(papers: list[Paper], processes: int) -> dict:
    """Tokenize papers (in `processes` shares): their vocabulary `terms`, the COLUMNS of their
    postings (T: index in terms, D: index in papers) and field lengths FL (field x doc)."""
    _STATE["papers"] = papers
    parts = _in_shares(_tokenize_worker, len(papers), processes)
    terms = sorted(set().union(*(part[6] for part in parts)))
    index = {t: i for i, t in enumerate(terms)}
    out = {name: np.concatenate([part[k] for part in parts]) for k, name in ((1, "D"), (2, "F"), (3, "TF"), (4, "first"))}
    out.update(T=np.concatenate([_ids(part[6], index)[part[0]] for part in parts]), terms=terms,
               FL=np.concatenate([part[5] for part in parts], axis=1))
    return out


def _ids(names: list[str], index: dict[str, int]) -> np.ndarray:
    return np.asarray([index[t] for t in names] or [0], dtype=np.int64)  # ([0]: indexable by an empty array)


_DTYPES = {"T": np.int32, "F": np.int8, "D": np.int32, "TF": np.int32, "first": bool}  # the stored columns


def _merged(new: dict, part: dict | None, nf: int, ndocs: int, in_order: bool) -> dict:
    """The COLUMNS of new's and part's postings together, sorted by (term, field, doc).

    in_order: part's postings are sorted already (its docs and terms were renumbered in the same
    order): new's few postings are then inserted where they belong, instead of sorting them all."""
    def key(c):
        return (c["T"] * nf + c["F"]) * max(ndocs, 1) + c["D"]
    if in_order:
        new_keys = key(new)
        ins = np.argsort(new_keys, kind="stable")
        at = np.searchsorted(key(part), new_keys[ins])  # (no two postings share a key: docs differ)
        return {c: np.insert(part[c].astype(_DTYPES[c], copy=False), at, new[c][ins].astype(_DTYPES[c]))
                for c in COLUMNS}
    cols = {c: np.concatenate([new[c]] + ([part[c]] if part else [])) for c in COLUMNS}
    order = np.argsort(key(cols), kind="stable")
    return {c: cols[c][order].astype(_DTYPES[c]) for c in COLUMNS}


def _index(papers: list[Paper], keys: list[str] | None, processes: int, old: dict | None) -> dict:
    """The index of `papers` (in index order): postings sorted by (term, field, doc), the sorted
    vocabulary, field lengths and doc records (_doc_json); with the papers' keys (_paper_key).

    `old` is such an index from an earlier build: the papers whose key it holds take their
    postings, field lengths and records from it, and only the others are tokenized."""
    ndocs, nf = len(papers), len(FIELDS)
    prev = np.full(ndocs, -1, dtype=np.int64)  # each paper's doc number in old (-1: none)
    if old is not None and keys is not None:
        prev[:] = _earlier_docs(old["keys"], keys)  # (duplicates: one takes the old doc, the others are tokenized)
    todo, hit = np.flatnonzero(prev < 0), np.flatnonzero(prev >= 0)
    new = _postings([papers[d] for d in todo], processes if len(todo) >= PARALLEL_MIN_PAPERS else 1)
    new["D"] = todo[new["D"]]
    FL = np.zeros((nf, ndocs), dtype=np.int64)
    FL[:, todo] = new["FL"]
    docs = [old["docs"][j] if j >= 0 else _doc_json(p) for p, j in zip(papers, prev.tolist())]
    part = None  # the old index's postings of the papers it serves, renumbered
    if len(hit):
        FL[:, hit] = old["FL"][:, prev[hit]]
        doc_of = _doc_of(prev, len(old["keys"]))
        D = doc_of[old["D"]]
        kept = D >= 0
        whole = bool(kept.all())
        part = {c: old[c] if whole else old[c][kept] for c in COLUMNS}
        part["D"] = D if whole else D[kept]
        used = np.flatnonzero(np.bincount(part["T"], minlength=len(old["terms"])))
        part["terms"] = [old["terms"][i] for i in used.tolist()]
    terms = sorted(set(new["terms"]).union(part["terms"] if part else ()))
    index = {t: i for i, t in enumerate(terms)}
    new["T"] = _ids(new["terms"], index)[new["T"]]
    if part:
        term_of = np.zeros(len(old["terms"]), dtype=np.int64)  # old term -> new term
        term_of[used] = _ids(part["terms"], index)
        part["T"] = term_of[part["T"]]
    out = _merged(new, part, nf, ndocs, in_order=bool(part) and bool(np.all(np.diff(doc_of[doc_of >= 0]) > 0)))
    out.update(keys=keys, terms=terms, FL=FL, docs=docs)
    return out


def _shard_json(terms: list[str], L, F, D, S, relations: dict | None = None) -> str:
    """One term shard, in a columnar form of lunr's serialized index.

    L, F, D, S: local term index, field, doc and weight of the shard's postings, sorted by
    (term, field, doc).  ``n`` holds, per term and field, how many postings follow; ``d`` the
    doc numbers (delta-coded within each run); ``w`` lunr's weights in thousandths (lunr rounds
    to 3 decimals).  paper-search.js turns it back into lunr's own JSON (invertedIndex with
    every field, fieldVectors) and calls lunr.Index.load; tests do the same in node.  Where some
    of its terms have them (see _relations): ``r``, term -> its related terms [[term, cosine in
    hundredths]...]; ``a``, acronym -> its long forms [[term...]...]; ``l``, term -> the long forms
    it starts [[term..., acronym]...].
    """
    nf = len(FIELDS)
    counts = np.bincount(L * nf + F, minlength=len(terms) * nf)
    run_start = np.r_[True, (L[1:] != L[:-1]) | (F[1:] != F[:-1])] if len(L) else np.zeros(0, bool)
    deltas = D - np.r_[0, D[:-1]] if len(D) else D
    deltas = np.where(run_start, D, deltas)
    weights = np.rint(S * 1000).astype(np.int64)
    extra = ""
    for key, by_term in (relations or {}).items():
        mine = {t: by_term[t] for t in terms if t in by_term}
        if mine:
            extra += f',"{key}":' + _dumps(mine)
    return ('{"terms":' + _dumps(terms) + ',"n":' + _ints(counts) + ',"d":' + _ints(deltas) + ',"w":' + _ints(weights)
            + extra + "}")


def _ints(a: np.ndarray) -> str:
    """_dumps(a.tolist()) of an int array, vectorized (~3x faster): each number's digits and a
    comma in a row of bytes, leading zeros masked out."""
    if not len(a) or a.min() < 0:
        return _dumps(a.tolist())
    width = len(str(int(a.max())))
    rest = a.astype(np.int64)
    chars = np.empty((len(a), width + 1), dtype=np.uint8)
    keep = np.ones(chars.shape, dtype=bool)
    chars[:, width] = ord(",")
    for k in range(width - 1, -1, -1):
        chars[:, k] = rest % 10 + ord("0")
        rest //= 10
        if k < width - 1:
            keep[:, k] = a >= 10 ** (width - 1 - k)
    return "[" + chars[keep].tobytes()[:-1].decode("ascii") + "]"


def _shard_worker(i: int) -> str:
    s = _STATE
    a, b = s["bounds"][i]
    sl = slice(s["pstart"][a], s["pstart"][b])
    return _shard_json(s["terms"][a:b], s["L"][sl] - a, s["F"][sl], s["D"][sl], s["S"][sl], s["relations"])


# What the index reads of a paper: the key under which a cache keeps its postings and record (the
# cache's code fingerprint covers this program and lunr's version, hence its stop words)
_INDEXED = attrgetter("id", "slug", "title", "name", "tags", "keywords", "entities", "category", "authors",
                      "plain_text")


def _paper_key(p: Paper) -> str:
    return memo_key(_INDEXED(p))


def build_files(papers: list[Paper], processes: int | None = None, cache: Cache | None = None,
                learn: set[str] | None = None) -> dict[str, bytes]:
    """Every file of the index, by path relative to assets/search/index/.

    With a cache: the files as they were when no paper's indexed fields changed; otherwise the
    index of the previous build (postings, lengths and records by paper key) less the papers
    gone, plus the papers new or changed, tokenized now.  The term shards carry each term's
    related terms and the acronyms the papers define (related_terms.py), learned from the papers
    whose ids are in `learn` (default: all; the build passes enrichment's fit, so a new batch
    reuses what the previous build learned)."""
    papers = _order(papers)
    procs = (processes or default_processes()) if len(papers) >= PARALLEL_MIN_PAPERS else 1
    table = cache.table("search-index") if cache is not None else None
    keys = [_paper_key(p) for p in papers] if table is not None else None
    learned = [d for d, p in enumerate(papers) if learn is None or p.id in learn]
    learn_key = memo_key(("learn", [keys[d] for d in learned])) if keys is not None else None
    files_key, index_key = memo_key(("files", keys, learn_key)), "index"
    old = table.get(index_key) if table is not None else None  # (kept for the next build either way)
    files = table.get(files_key) if table is not None else None  # (all but the doc shards)
    if files is None or old is None or old["keys"] != keys:
        try:
            # (the tokens and the phrase search leave freed memory behind: trimmed, at 20,000 papers the
            # search's child, beside render at the build's peak, holds 150-250 MB less)
            index = _index(papers, keys, procs, old)
            trim_memory()
            relations = _relations(index, [papers[d].plain_text or "" for d in learned], learned, cache, learn_key)
            full = _with_phrases(index, papers, relations, procs, table, keys)
            trim_memory()
            texts, bounds, df = _term_shards(full, relations, procs)
        finally:
            _STATE.clear()
        files = {f"t/{i:03d}.json": text.encode("utf-8") for i, text in enumerate(texts)}
        files.update(_meta_files(papers, full["terms"], bounds, df))
        if table is not None:
            table.put(files_key, files)
            table.put(index_key, index)
    else:
        index = old
    docs = index["docs"]  # (records as JSON bytes)
    return {**files, **{f"d/{start // DOCS_PER_SHARD:03d}.json": b"[" + b",".join(docs[start : start + DOCS_PER_SHARD]) + b"]"
                        for start in range(0, len(docs), DOCS_PER_SHARD)}}


# Phrases: a query's words in a row ("state space models") rank the papers that write them in a row
# first.  The phrases are those the papers make ideas of (their tags and keywords, the long forms of
# the acronyms they define), of 2 or 3 index terms; each is one more term of the text field, its
# words joined by "-" (which no word term holds: the tokenizer splits at "-").  Where the papers write
# it: its terms in a row in the title or the abstract, stop words skipped (as the index skips
# them), within a clause (no comma, colon, full stop or bracket between).
PHRASE_JOIN = "-"
_CLAUSE_END = re.compile(r"[.,;:!?)\]}]$")
_CLAUSE_START = re.compile(r"^[(\[{]")
_SEP_CODE = -4 * 4 + 3


def phrase_vocabulary(papers: list[Paper], relations: dict) -> list[tuple[str, ...]]:
    """The phrases the papers make ideas of, as sorted tuples of index terms (see above)."""
    found = {tuple(index_terms(t)) for p in papers for t in (*p.tags, *p.keywords)}
    found.update(tuple(form) for forms in relations.get("a", {}).values() for form in forms)
    return sorted(ph for ph in found if 2 <= len(ph) <= 3)


def _phrase_postings(papers: list[Paper], vocab: list[tuple[str, ...]], processes: int):
    """(phrase number in vocab, doc, tf) of every phrase of `vocab` the papers write (see above)."""
    if not papers:
        return tuple(np.zeros(0, dtype=np.int64) for _ in range(3))
    words = {w: i for i, w in enumerate(sorted({w for ph in vocab for w in ph}))}
    coded = np.array([_phrase_code([words[w] for w in ph], len(words) + 1) for ph in vocab], dtype=np.int64)
    order = np.argsort(coded, kind="stable")
    _STATE.update(papers=papers, words=words, codes=coded[order], order=order)
    parts = _in_shares(_phrase_worker, len(papers), processes)
    return tuple(np.concatenate([part[k] for part in parts]) for k in range(3))


def _memo_phrase_postings(papers: list[Paper], vocab: list[tuple[str, ...]], processes: int, table, keys):
    """_phrase_postings, memoized by paper key while the phrases stay the same (see _with_phrases)."""
    if table is None or keys is None:
        return _phrase_postings(papers, vocab, processes)
    vocab_key = memo_key(vocab)
    old = table.get("phrases")
    prev = np.full(len(papers), -1, dtype=np.int64)  # each paper's doc number in the earlier build (-1: none)
    if old is not None and old["vocab"] == vocab_key:
        prev[:] = _earlier_docs(old["keys"], keys)
    todo = np.flatnonzero(prev < 0)
    P, D, TF = _phrase_postings([papers[d] for d in todo.tolist()], vocab,
                                processes if len(todo) >= PARALLEL_MIN_PAPERS else 1)
    D = todo[D]
    if len(todo) < len(papers):  # (old postings of the papers still here, renumbered)
        moved = _doc_of(prev, len(old["keys"]))[old["D"]]
        kept = moved >= 0
        P, D, TF = (np.concatenate([a, b]) for a, b in ((P, old["P"][kept]), (D, moved[kept]), (TF, old["TF"][kept])))
    table.put("phrases", {"vocab": vocab_key, "keys": keys, "P": P, "D": D, "TF": TF})
    return P, D, TF


def _phrase_worker(bounds: tuple[int, int]):
    a, b = bounds
    s = _STATE
    words, codes, W = s["words"], s["codes"], len(s["words"]) + 1
    # token -> word id (-1 stop word, -2 another word, -3 no word, -4 a paper's start) x 4 + break before x 2 + break after
    cache: dict[str, int] = {_SEP: _SEP_CODE}
    out_p, out_d = [], []
    for field in ("title", "plain_text"):
        toks = _column_tokens(_fold(getattr(p, field) or "") for p in s["papers"][a:b])
        for tok in set(toks).difference(cache):
            t = _TRIM.sub("", tok)
            word = (-1 if t in STOP_WORDS else words.get(lunr_js_stem(t), -2)) if t else -3
            cache[tok] = word * 4 + 2 * (not t or bool(_CLAUSE_START.search(tok))) + (not t or bool(_CLAUSE_END.search(tok)))
        rows = np.fromiter(map(cache.__getitem__, toks), dtype=np.int64, count=len(toks))
        ids, docs = rows >> 2, np.cumsum(rows == _SEP_CODE) + a
        # breaks up to each token's end; two kept (not stop) words are in a row when none lies between them
        breaks = np.cumsum(np.r_[(rows[:-1] & 1) | (rows[1:] >> 1 & 1), 1])
        kept = np.flatnonzero(ids != -1)
        ids, docs = ids[kept], docs[kept]
        row = (ids[:-1] >= 0) & (ids[1:] >= 0) & (breaks[kept[1:] - 1] == np.r_[0, breaks][kept[:-1]])
        for n in (2, 3):
            at = np.flatnonzero(row[:-1] & row[1:]) if n == 3 else np.flatnonzero(row)
            code = _phrase_code([ids[at + k] for k in range(n)], W)
            pos = np.minimum(np.searchsorted(codes, code), max(len(codes) - 1, 0))
            hit = codes[pos] == code if len(codes) else np.zeros(len(code), bool)
            out_p.append(s["order"][pos[hit]])
            out_d.append(docs[at[hit]])
    n = len(s["papers"])
    pairs, tf = np.unique(np.concatenate(out_p) * n + np.concatenate(out_d), return_counts=True)
    return pairs // n, pairs % n, tf


def _phrase_code(ids, W: int):
    """One int64 per phrase of 2 or 3 word ids (numbers or arrays of them)."""
    code = ids[0] * W + ids[1]
    return (code * W + ids[2]) * 2 + 1 if len(ids) == 3 else code * 2


def _with_phrases(index: dict, papers: list[Paper], relations: dict, processes: int, table=None,
                  keys: list[str] | None = None) -> dict:
    """The index with the phrases the papers write as terms of the text field (see above).  With a cache
    table and the papers' keys: an earlier build's phrase postings for the same phrases are kept for the
    papers it had (a new batch finds phrases in its own papers only)."""
    vocab = phrase_vocabulary(papers, relations)
    P, D, TF = _memo_phrase_postings(papers, vocab, processes, table, keys)
    if not len(P):
        return index
    used = np.unique(P)
    names = [PHRASE_JOIN.join(vocab[i]) for i in used.tolist()]
    terms = sorted(index["terms"] + names)
    at = {t: i for i, t in enumerate(terms)}
    local = np.zeros(len(vocab), dtype=np.int64)
    local[used] = _ids(names, at)
    # the index's terms keep their order among the phrases, so its postings stay sorted, and each phrase's
    # postings (new terms, sorted by doc) go in as one run where the phrase's term comes
    T = _ids(index["terms"], at).astype(_DTYPES["T"])[index["T"]]
    order = np.lexsort((D, local[P]))
    new = {"T": local[P][order], "F": np.full(len(P), len(FIELDS) - 1), "D": D[order], "TF": TF[order],
           "first": np.ones(len(P), bool)}
    where = np.searchsorted(T, new["T"])
    return {**index, **{c: np.insert(T if c == "T" else index[c], where, new[c].astype(_DTYPES[c])) for c in COLUMNS},
            "terms": terms}


def _relations(index: dict, texts: list[str], learned: list[int], cache: Cache | None, learn_key: str | None) -> dict:
    """What the term shards say of their terms beyond the postings, learned from the docs `learned`
    (`texts`: their abstracts; memoized by their keys): {"r": term -> related terms (related_terms),
    "a": acronym -> its long forms, "l": a long form's first term -> [long form's terms + [acronym]]}."""
    table = cache.table("related-terms") if cache is not None and learn_key is not None else None
    relations = table.get(learn_key) if table is not None else None
    if relations is None:
        text = index["F"] == len(FIELDS) - 1
        related = related_terms(index["terms"], index["T"][text], index["D"][text], index["TF"][text],
                                np.asarray(learned, dtype=np.int64))
        longs = acronyms(texts, index_terms)
        starts: dict[str, list[list[str]]] = {}
        for acro, forms in longs.items():
            for form in forms:
                starts.setdefault(form[0], []).append(form + [acro])
        relations = {"r": related, "a": longs, "l": {t: sorted(v) for t, v in starts.items()}}
        if table is not None:
            table.put(learn_key, relations)
    return relations


def default_processes() -> int:
    """PAPER_DIGEST_SEARCH_PROCESSES, else 2 (the budget machine has 2 cores); 1 disables the pool."""
    try:
        return max(1, int(os.environ.get("PAPER_DIGEST_SEARCH_PROCESSES", "2")))
    except ValueError:
        return 2


def _term_shards(index: dict, relations: dict[str, dict], processes: int):
    """Term shards as JSON texts, shard bounds (in index["terms"]) and document counts; `relations`:
    see _relations (only what names terms of the index is kept)."""
    terms, FL = index["terms"], index["FL"].astype(np.float64)
    T, F, D = index["T"], index["F"], index["D"]  # (in their stored dtypes: numpy indexes with any)
    ndocs, V = FL.shape[1], len(terms)
    # lunr's BM25 with its idf (documents counted once per field holding the term)
    avg = FL.sum(axis=1) / max(ndocs, 1)
    avg[avg == 0] = 1.0
    npost = np.bincount(T, minlength=V)
    idf = np.log1p(np.abs((ndocs - npost.astype(np.float64) + 0.5) / (npost + 0.5)))
    boost = np.array([b for _, b in FIELDS], dtype=np.float64)
    S = np.empty(len(T))  # each posting's weight, a slice at a time (whole columns: ~250 MB of temporaries at 20,000 papers)
    for a in range(0, len(T), SCORE_SLICE):
        t, f, d = T[a : a + SCORE_SLICE], F[a : a + SCORE_SLICE], D[a : a + SCORE_SLICE]
        tf = index["TF"][a : a + SCORE_SLICE].astype(np.float64)
        score = idf[t] * ((K1 + 1) * tf) / (K1 * (1 - B + B * (FL[f, d] / avg[f])) + tf) * boost[f]
        S[a : a + SCORE_SLICE] = np.floor(score * 1000 + 0.5) / 1000  # lunr.js: Math.round(score * 1000) / 1000
    # document frequency per term (distinct papers), for ranking expansions in the browser
    df = np.bincount(T[index["first"]], minlength=V)
    # cut the sorted terms into shards of about SHARD_TARGET_BYTES
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

    known = set(terms)
    named = {"r": lambda near: near[0] in known, "a": known.issuperset, "l": known.issuperset}  # (what each entry names)
    kept = {k: {t: [x for x in v if named[k](x)] for t, v in m.items() if t in known} for k, m in relations.items()}
    _STATE.update(bounds=bounds, pstart=pstart, terms=terms, L=T, F=F, D=D, S=S,
                  relations={k: {t: v for t, v in m.items() if v} for k, m in kept.items()})
    texts = list(fork_map(_shard_worker, list(range(len(bounds))), processes if len(bounds) > 4 else 1))
    return texts, bounds, df


def _doc_json(p: Paper) -> bytes:
    """A paper's record in the doc shards: [slug, title, category, tags, text], and its authors where it has any."""
    row = [p.slug, p.title or p.name or p.id, p.category or "", list(p.tags), p.plain_text or ""]
    return _dumps(row + [list(p.authors)] if p.authors else row).encode("utf-8")


def _meta_files(papers, terms, bounds, df) -> dict[str, bytes]:
    """meta.json (facets) and manifest.json."""
    categories = sorted({p.category for p in papers if p.category})
    tags = sorted({t for p in papers for t in p.tags})
    cat_ix = {c: i for i, c in enumerate(categories)}
    tag_ix = {t: i for i, t in enumerate(tags)}
    meta = {
        "categories": categories,
        "tags": tags,
        # per paper: [category index or -1, tag indexes...]
        "docs": [[cat_ix.get(p.category, -1), *sorted(map(tag_ix.__getitem__, set(p.tags)))] for p in papers],
    }
    dfl = df.tolist()
    manifest = {
        "format": FORMAT_VERSION,
        "lunr": __TARGET_JS_VERSION__,
        "docs": len(papers),
        "docsPerShard": DOCS_PER_SHARD,
        "fields": [[name, b] for name, b in FIELDS],
        "fold": FOLD,  # (how a query's text is read before lunr's pipeline, as the papers' were: _fold_table)
        # per term shard: its terms (space-separated, sorted) and their paper counts
        "shards": [[" ".join(terms[a:b]), dfl[a:b]] for a, b in bounds],
    }
    return {"meta.json": _dumps(meta).encode("utf-8"), "manifest.json": _dumps(manifest).encode("utf-8")}


def _write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def search_files(papers: list[Paper], cache: Cache | None = None, processes: int | None = None,
                 learn: set[str] | None = None) -> dict[str, bytes]:
    """Every search file by path relative to docs_dir (assets/search/...), for the writer."""
    files = {f"assets/search/index/{rel}": data for rel, data in build_files(papers, processes, cache, learn).items()}
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
