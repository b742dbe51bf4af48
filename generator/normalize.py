"""Normalize: RawRecords -> Papers, one per distinct abstract.

A paper's id is a hash of its normalized plain text, so URLs survive regeneration and the same
abstract in two files (or twice in one) becomes one paper with several sources.

With a build cache (generator.cache), what is computed from one text (its Markdown/HTML/plain text;
its MinHash signature) or from two (their cosine) is memoized by the texts' digests: an incremental
build computes it for new texts only, and gives the same Papers and Issues as a build without a cache.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import defaultdict
from itertools import chain, islice

import numpy as np

from . import markup
from .cache import Cache, memo_key
from .model import Issue, Paper, RawRecord
from .parallel import cores, fork_map, old_objects_frozen
from .progress import progress
from .textlines import INVISIBLE, JOINERS
from .words import mend_breaks

NEAR_DUPLICATE = 0.9  # cosine of word TF-IDF vectors: the same abstract with a typo scores ~0.98
NEAR_MIN_WORDS = 20  # shorter texts are too short to call near-duplicates (exact ones are merged anyway)
_URL = re.compile(r"https?://[^\s<>\"]+", re.IGNORECASE)


def paper_id(plain_text: str) -> str:
    """Stable id: first 10 hex digits of SHA-1 over the case-folded, space-collapsed text."""
    key = plain_text.casefold()
    key = key.strip() if key.isprintable() and "  " not in key else re.sub(r"\s+", " ", key).strip()
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def clean_text(raw: str, legacy: bool = False) -> str:
    """Unicode NFC, doubled backslashes undone; INVISIBLE characters removed, JOINERS kept, other control,
    format or unassigned characters a space.  `legacy`: every one of them a space, as ids read them."""
    text = unicodedata.normalize("NFC", raw)
    if not text.isprintable():  # (fast path: a printable string has no category-C characters)
        text = "".join(c if c in "\t\n" or unicodedata.category(c)[0] != "C" or (c in JOINERS and not legacy)
                       else "" if c in INVISIBLE and not legacy else " " for c in text)
    return markup.undouble(text)


def paper_key(clean: str, nodes: list[markup.Node], plain: str) -> str:
    """The text a paper's id is made of: its plain text as it was first read, so that no id (and no
    page address) changes when the parser learns to render more: *emphasis* and _emphasis_ keep their
    marks; `256$\\times$256`, `FID$=$1.46`, `$$` display math over lines, a `\\pm` outside math, fractions,
    `{\\bf words}`, `\\citep[see]{key}` and `&mdash;` read as they did before they were rendered (markup's `legacy`)."""
    if "\\" in clean or "$" in clean or "&" in clean:
        nodes = markup.parse(clean, legacy=True)
        plain = markup.to_plain(nodes, legacy=True)
    elif "`" in clean:  # (`quoted': ‘quoted' as it was read before its closing quote was)
        plain = markup.to_plain(nodes, legacy=True)
    return markup.to_plain(nodes, marks=True, legacy=True) if "*" in clean or "_" in clean or "~" in clean else plain


def _derived(text: str) -> tuple[str, str, str, str, list[str]]:
    """What normalize computes from an abstract's text: id, Markdown, HTML, plain text, links."""
    read = clean_text(text)
    clean = mend_breaks(markup.from_html(read))
    nodes = markup.parse(clean)
    plain = markup.to_plain(nodes)
    old = read if text.isprintable() else clean_text(text, legacy=True)  # (the id reads what it read before:
    key = paper_key(clean, nodes, plain) if old == clean else paper_key(old, legacy := markup.parse(old),  # format
                                                                        markup.to_plain(legacy))  # characters as spaces)
    return paper_id(key), markup.to_markdown(nodes), markup.to_html(nodes), plain, markup.links(nodes)


def _paper(rec: RawRecord, derived: tuple[str, str, str, str, list[str]]) -> Paper:
    pid, md, html, plain, links = derived
    return Paper(
        id=pid,
        slug=pid,
        collection=rec.collection,
        abstract_raw=rec.text,
        abstract_md=md,
        abstract_html=html,
        plain_text=plain,
        sources=[rec.source],
        links=list(links),  # (a memoized value is never shared with a Paper)
        given_title=plain_title(rec.title),
        authors=list(rec.authors),
        url=rec.url.strip() if rec.url and _URL.fullmatch(rec.url.strip()) else None,
        keywords=[k for k in map(plain_title, rec.keywords) if k],  # ("$k$-center": "k-center")
        given_area=rec.area,
    )


def plain_title(title: str | None) -> str | None:
    """A given title (or keyword) as text, spaces collapsed; one with TeX (a $, a backslash, ``quotes'') read
    as an abstract's is ('$\\alpha$-DPO' -> 'α-DPO', 'Schr\\"{o}dinger' -> 'Schrödinger'), any other as written
    (braces and all: '{{ x }}' is no TeX group); a one-digit power set raised, as in a derived title's name
    ('A$^2$FM', 'A^2TG', 'MEGS^{2}' -> 'A²FM', 'A²TG', 'MEGS²'), and a one-digit index lowered ('$\\ell_1$-Product'
    -> 'ℓ₁-Product'); its inline HTML read as an abstract's is ('<i>In vivo</i> imaging' -> 'In vivo imaging')."""
    if not title:
        return title
    text = markup.from_html(clean_text(title))
    if "$" in text or "\\" in text or "``" in text:
        text = markup.to_plain(markup.parse(text))
    return " ".join(markup.typeset(text).split()) or None


def normalize_record(rec: RawRecord) -> Paper:
    return _paper(rec, _derived(rec.text))


PARALLEL_MIN = 4_000  # records; below this, starting a second process costs more than it saves
_CHUNK = 1_000
_RECORDS: list[RawRecord] = []  # what forked workers read (inherited, never pickled)


def _normalize_chunk(start: int) -> list[tuple]:
    return [_derived(rec.text) for rec in _RECORDS[start:start + _CHUNK]]


def _derived_all(records: list[RawRecord]):
    """_derived of each record's text, in order: on two cores (chunks of records shared with a forked
    worker, results taken back in order, so the output is the same as on one) when it pays."""
    global _RECORDS
    processes = 2 if len(records) >= PARALLEL_MIN and cores() >= 2 else 1
    _RECORDS = records
    try:
        for part in fork_map(_normalize_chunk, range(0, len(records), _CHUNK), processes):
            yield from part
    finally:
        _RECORDS = []


def _key(text: str) -> str:
    """A memo key for a text (which may hold a lone surrogate, e.g. from a JSON escape)."""
    return memo_key(text)


def _normalized(records: list[RawRecord], cache: Cache | None):
    """normalize_record of each record, in order; `_derived` memoized by the digest of the text."""
    table = cache.table("normalize") if cache is not None else None
    keys = [_key(rec.text) for rec in records] if table is not None else [None] * len(records)
    known = [table.get(key) for key in keys] if table is not None else keys
    fresh = _derived_all([rec for rec, derived in zip(records, known) if derived is None])
    for rec, key, derived in zip(records, keys, known):
        if derived is None:
            derived = next(fresh)
            if table is not None:
                table.put(key, derived)
        yield _paper(rec, derived)


@old_objects_frozen()
def normalize(records: list[RawRecord], cache: Cache | None = None, merged: list[Issue] | None = None) -> list[Paper]:
    """Papers in first-seen order; duplicates merged (sources kept, given metadata filled in), each named in
    `merged` at its source, with the first's (a warning where it is in another collection: a paper has one)."""
    papers: dict[str, Paper] = {}
    for paper in progress(_normalized(records, cache), "normalize", total=len(records)):
        seen = papers.get(paper.id)
        if seen is None:
            papers[paper.id] = paper
            continue
        if merged is not None:
            at, first, other = paper.sources[0], seen.sources[0], paper.collection != seen.collection
            merged.append(Issue("warning" if other else "info", at.file, at.line,
                                f"the same abstract as {first.file}:{first.line}: one paper, with both sources"
                                + (f"; listed under {seen.collection}, not {paper.collection}" if other else "")))
        seen.sources = sorted(set(seen.sources) | set(paper.sources))
        for attr in ("given_title", "url", "given_area"):
            if not getattr(seen, attr):
                setattr(seen, attr, getattr(paper, attr))
        for attr in ("authors", "keywords"):
            if not getattr(seen, attr):
                setattr(seen, attr, getattr(paper, attr))
    return list(papers.values())


def _word_hash(words: list[str]) -> np.ndarray:
    """A stable 64-bit hash of each word (blake2b): what a word contributes to shingles, in any corpus."""
    return np.frombuffer(b"".join(hashlib.blake2b(w.encode("utf-8", "surrogatepass"), digest_size=8).digest()
                                  for w in words), dtype="<u8").astype(np.uint64)


def _shingles(text: str) -> np.ndarray:
    """Word 3-grams of a text as uint64 numbers, without repeats: the words' hashes h1, h2, h3 (`_word_hash`)
    combined as (h1 << 42) ^ (h2 << 21) ^ h3; a text of fewer than 3 words gives its words' hashes.

    (The definition; `near_duplicates` computes the same numbers for all texts at once.  They depend on
    the text alone, so a text's MinHash signature is the same in any corpus and can be memoized.)"""
    h = _word_hash(_WORD.findall(text.casefold()))
    if len(h) < 3:
        return h
    return np.unique((h[:-2] << np.uint64(42)) ^ (h[1:-1] << np.uint64(21)) ^ h[2:])


_WORD = re.compile(r"\w+")
_PAIR_CHUNK = 1 << 10  # candidate pairs whose cosines are computed at once (the scale benchmark's 20,000 near-copies:
# 16,384 at once took the check's process to 857 MB, the build's peak; 4,096 to 549 MB, and in 6.0 s, not 7.9 s;
# 1,024 to 353 MiB, with the signatures in slices of texts, against 494 MiB, in 6.9 s against 6.7 s)
_SIGNATURE_TEXTS = 2000  # texts whose signatures are computed at once
_SHINGLE_CHUNK = 1 << 17  # shingles hashed at once: 30 x 131,072 x 8 bytes = 31 MB of scratch
_READ_CHUNK = 1000  # texts split into words at once


class _Words:
    """The texts' words (`_WORD` runs of the case-folded text) as ids in one first-seen vocabulary;
    each text is read once, and only if asked for (a memo may have what is computed from it)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.vocab: defaultdict[str, int] = defaultdict()
        self.vocab.default_factory = self.vocab.__len__  # a new word gets the next id
        self.folded: dict[int, str] = {}
        self.of: dict[int, np.ndarray] = {}
        self.low: dict[int, np.ndarray] = {}

    def ids(self, js: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """Word ids of texts js, one after the other, and the number of each one's words."""
        new = [j for j in dict.fromkeys(js) if j not in self.of]
        self.folded.update((j, self.texts[j].casefold()) for j in new)
        self.of.update(zip(new, self._read([self.folded[j] for j in new])))
        lens = np.fromiter((len(self.of[j]) for j in js), dtype=np.int64, count=len(js))
        return (np.concatenate([self.of[j] for j in js]) if js else np.empty(0, dtype=np.int64)), lens

    def lowered(self, js: list[int]) -> list[np.ndarray]:
        """Word ids of texts js lowercased, as CountVectorizer reads them (the same as folded but for a
        few letters, e.g. Cherokee)."""
        self.ids(js)
        new = [j for j in js if not self.folded[j].isascii() and self.folded[j].lower() != self.folded[j]]
        self.low.update(zip(new, self._read([self.folded[j].lower() for j in new])))
        return [self.low.get(j, self.of[j]) for j in js]

    def _read(self, texts: list[str]) -> list[np.ndarray]:
        out = []
        for lo in range(0, len(texts), _READ_CHUNK):  # (the words of all texts at once as str: 300 MB at 20,000)
            toks = [_WORD.findall(t) for t in texts[lo:lo + _READ_CHUNK]]
            lens = [len(t) for t in toks]
            flat = np.fromiter(map(self.vocab.__getitem__, chain.from_iterable(toks)), dtype=np.int64,
                               count=sum(lens))
            ends = np.cumsum(lens).tolist()
            out += [flat[e - n:e] for n, e in zip(lens, ends)]
        return out


def text_keys(papers: list[Paper]) -> list[str]:
    """The keys by which near_duplicates memoizes each paper's text."""
    return [_key(p.plain_text) for p in papers]


@old_objects_frozen()
def near_duplicates(papers: list[Paper], threshold: float = NEAR_DUPLICATE, bands: int = 10, rows: int = 3,
                    cache: Cache | None = None, keys: list[str] | None = None) -> list[Issue]:
    """Warnings for pairs of distinct papers whose abstracts are almost the same text (`keys`: their
    text_keys, if the caller has them already).

    Candidates come from MinHash-LSH over word 3-gram shingles (bands x rows hashes per paper; a pair
    with Jaccard 0.6 becomes a candidate with probability ~0.9, one with 0.9 almost surely), so the
    cost is linear in the corpus, never n x n.  Each candidate pair is then confirmed by the cosine of
    its word uni+bigram count vectors >= `threshold` (the same abstract with a typo scores ~0.97).
    Each pair is named once, at the later source, with the other's file:line; nothing is merged.

    Everything is computed for all papers at once with numpy (one tokenization per text, one sort);
    the numbers are bit for bit those of the straightforward per-paper definitions (`_shingles`,
    `_cosines_reference`): the same hashes, the same candidates, and the same float32 cosines as
    scikit-learn's CountVectorizer + normalize + elementwise product give for the pair's two texts,
    summed in the same order.  A signature depends on its text alone, and a cosine on its two texts
    (and which comes first), so `cache` memoizes them by the texts' digests.
    """
    width = bands * rows
    rng = np.random.default_rng(20260101)  # fixed: the same inputs always give the same report
    a = rng.integers(1, 1 << 63, size=(width, 1), dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 1 << 63, size=(width, 1), dtype=np.uint64)
    texts = [p.plain_text for p in papers]
    table = cache.table("near-signatures") if cache is not None else None
    if table is not None and keys is None:
        keys = text_keys(papers)
    known = [table.get(key) for key in keys] if table is not None else [None] * len(texts)
    miss = [i for i, row in enumerate(known) if row is None or len(row) not in (0, 8 * width)]
    for i in miss:  # (split no further than needed to know; a text too short to compare has b"")
        known[i] = None if len(texts[i].split(maxsplit=NEAR_MIN_WORDS - 1)) >= NEAR_MIN_WORDS else b""
    words = _Words(texts)
    long = [i for i in miss if known[i] is None]
    hashes = np.empty(0, dtype=np.uint64)  # of the words in `words.vocab`, in its order
    for lo in range(0, len(long), _SIGNATURE_TEXTS):  # (all at once: 200 MB of scratch at 20,000 papers)
        part = long[lo:lo + _SIGNATURE_TEXTS]
        ids, lens = words.ids(part)
        if len(words.vocab) > len(hashes):
            hashes = np.concatenate([hashes, _word_hash(list(islice(words.vocab, len(hashes), None)))])
        for i, row in zip(part, _signatures(hashes[ids], lens, a, b)):
            known[i] = row.tobytes()
    if table is not None:
        for i in miss:
            table.put(keys[i], known[i])
    idx = [i for i, row in enumerate(known) if row]
    if len(idx) < 2:
        return []
    n = len(idx)
    codes = _candidates(np.frombuffer(b"".join(known), dtype=np.uint64).reshape(n, width), bands, rows)
    if not len(codes):
        return []
    ordered = [(idx[x], idx[y]) for x, y in zip((codes // n).tolist(), (codes % n).tolist())]  # sorted (x < y)
    sims = _pair_cosines(words, ordered, keys, cache.table("near-cosines") if cache is not None else None)
    issues = []
    keep = np.flatnonzero(sims >= threshold)  # (float32 against the threshold, as ever)
    for k, sim in zip(keep.tolist(), sims[keep].tolist()):
        x, y = ordered[k]
        first, second = sorted((papers[x].sources[0], papers[y].sources[0]))
        issues.append(Issue("warning", second.file, second.line,
                            f"near-duplicate of {first.file}:{first.line} ({sim:.0%} similar, not identical): "
                            "kept as two papers; if it is the same abstract with a typo, delete one copy"))
    return sorted(issues, key=lambda i: (i.file, i.line, i.message))


def _pair_cosines(words: _Words, ordered: list[tuple[int, int]], keys: list[str] | None, table) -> np.ndarray:
    """The cosine of each pair (`_cosines_reference`), memoized in `table` by the two texts' digests.

    The pairs to compute go in slices, which bound the memory (`_cosines` builds a count matrix over
    the texts it compares); a pair's cosine depends on its two texts only, never on the slice."""
    known = [table.get(keys[x] + keys[y]) for x, y in ordered] if table is not None else [None] * len(ordered)
    todo = [k for k, sim in enumerate(known) if sim is None]
    sims = np.array([0.0 if sim is None else sim for sim in known], dtype=np.float32)
    for lo in range(0, len(todo), _PAIR_CHUNK):
        part = todo[lo:lo + _PAIR_CHUNK]
        pairs = [ordered[k] for k in part]
        involved = sorted({j for pair in pairs for j in pair})
        row_of = {j: r for r, j in enumerate(involved)}
        docs = words.lowered(involved)  # (first: it may add words to the vocabulary)
        got = _cosines(docs, list(words.vocab), np.array([row_of[x] for x, _ in pairs], dtype=np.int64),
                       np.array([row_of[y] for _, y in pairs], dtype=np.int64))
        corner = np.flatnonzero(np.isnan(got))  # (what the fast path cannot promise: the definition itself)
        if len(corner):
            got[corner] = _cosines_reference(words.folded, [pairs[c] for c in corner.tolist()])
        sims[part] = got
        if table is not None:
            for k, sim in zip(part, got.tolist()):
                x, y = ordered[k]
                table.put(keys[x] + keys[y], sim)
    return sims


def _signatures(hashes: np.ndarray, lens: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """MinHash signature (one row per text) of the texts whose word hashes are `hashes`, `lens` words each.

    The minimum over a text's distinct shingles equals the minimum over all its shingles, so the
    shingles need no de-duplication; texts of fewer than 3 words hash their word hashes, as `_shingles`."""
    n, k = len(lens), a.shape[0]
    starts = np.zeros(n, dtype=np.int64)
    np.cumsum(lens[:-1], out=starts[1:])
    sig = np.empty((n, k), dtype=np.uint64)
    shift = np.uint64(32)
    for j in np.flatnonzero(lens < 3).tolist():
        sh = hashes[starts[j]:starts[j] + lens[j]]
        sig[j] = ((a * sh[None, :] + b) >> shift).min(axis=1)  # (no words at all: raises, as ever)
    long = np.flatnonzero(lens >= 3)
    if not len(long):
        return sig
    packed = (hashes[:-2] << np.uint64(42)) ^ (hashes[1:-1] << np.uint64(21)) ^ hashes[2:]  # every 3 consecutive words
    count = lens[long] - 2  # shingles per text
    first = np.zeros(len(long), dtype=np.int64)  # where each text's shingles start in `sh`
    np.cumsum(count[:-1], out=first[1:])
    sh = packed[np.repeat(starts[long] - first, count) + np.arange(int(count.sum()))]
    bounds = np.append(first, len(sh))
    lo = 0
    while lo < len(long):
        hi = int(np.searchsorted(bounds, bounds[lo] + _SHINGLE_CHUNK, side="right")) - 1
        hi = min(max(hi, lo + 1), len(long))
        h = a * sh[None, bounds[lo]:bounds[hi]]
        h += b
        # (x >> 32 never decreases as x grows, so the shift can come after the minimum)
        sig[long[lo:hi]] = (np.minimum.reduceat(h, first[lo:hi] - bounds[lo], axis=1) >> shift).T
        lo = hi
    return sig


def _candidates(sig: np.ndarray, bands: int, rows: int) -> np.ndarray:
    """Candidate pairs (x < y) as sorted unique codes x * n + y: texts that agree on a whole band.

    In a band's bucket (members in text order) a pair is every member of its first 50 with every
    later member: a huge bucket means many copies of one text, and comparing with 50 names it."""
    n = sig.shape[0]
    found = []
    for band in range(bands):
        cols = sig[:, band * rows:(band + 1) * rows]
        order = np.lexsort(cols.T[::-1])  # stable: a bucket's members stay in text order
        keys = cols[order]
        new = np.ones(n, dtype=bool)
        new[1:] = (keys[1:] != keys[:-1]).any(axis=1)
        starts = np.flatnonzero(new)
        sizes = np.diff(np.append(starts, n))
        for size in np.unique(sizes[sizes > 1]).tolist():
            members = order[starts[sizes == size][:, None] + np.arange(size)]
            left, right = np.triu_indices(size, 1)
            keep = left < 50
            found.append((members[:, left[keep]] * n + members[:, right[keep]]).ravel())
    if not found:
        return np.empty(0, dtype=np.int64)
    codes = np.sort(np.concatenate(found))  # (unique; np.unique hashes, 30x slower here)
    return codes[np.append(True, codes[1:] != codes[:-1])]


def _cosines(docs: list[np.ndarray], words: list[str], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """float32 cosine of each pair (docs[xs[i]], docs[ys[i]]) of word-id lists, exactly as `_cosines_reference`;
    NaN for a pair whose bits only that can promise.

    That is, per pair: CountVectorizer(ngram_range=(1, 2)) tokens (the words of 2+ characters) and
    features (a text's words in order, then its bigrams); l2-normalized float32 rows (squares summed in
    double, as scikit-learn); the products of the features both texts have, which scipy lists in the
    reverse of the order they first occur in the left text (its row is in first-seen feature order:
    a row is in alphabetical, sorted column order only by chance), summed by np.add.reduceat.  Every
    text's features, counts and normalized values are its own, whatever it is compared with.  If both
    rows of a pair may be in sorted order, scipy would take another code path: NaN."""
    import scipy.sparse as sp

    n_docs, big_u = len(docs), len(words)
    wlen = np.fromiter(map(len, words), dtype=np.int64, count=big_u)
    lens = np.fromiter(map(len, docs), dtype=np.int64, count=n_docs)
    flat = np.concatenate(docs) if n_docs else np.empty(0, dtype=np.int64)
    two = wlen[flat] >= 2  # CountVectorizer's tokens: 2+ word characters
    uni = flat[two]
    n_tok = np.bincount(np.repeat(np.arange(n_docs), lens)[two], minlength=n_docs)
    n_big = np.maximum(n_tok - 1, 0)
    per_doc = n_tok + n_big
    total = int(per_doc.sum())
    sims = np.full(len(xs), np.nan, dtype=np.float32)
    if total == 0:
        return sims
    doc_start = np.zeros(n_docs, dtype=np.int64)  # each doc's features: its words, then its bigrams
    np.cumsum(per_doc[:-1], out=doc_start[1:])
    tok_start = np.zeros(n_docs, dtype=np.int64)
    np.cumsum(n_tok[:-1], out=tok_start[1:])
    doc_of_tok = np.repeat(np.arange(n_docs), n_tok)
    within = np.arange(len(uni)) - tok_start[doc_of_tok]
    codes = np.empty(total, dtype=np.int64)
    codes[doc_start[doc_of_tok] + within] = uni
    g = np.flatnonzero(within < (n_tok[doc_of_tok] - 1))
    codes[doc_start[doc_of_tok[g]] + n_tok[doc_of_tok[g]] + within[g]] = big_u + uni[g] * big_u + uni[g + 1]
    del within, g, uni, doc_of_tok, flat, two
    doc_of_occ = np.repeat(np.arange(n_docs), per_doc)
    # Group each feature's occurrences, in text order: one sort of (feature, position)
    occ_bits = total.bit_length()
    if (big_u + big_u * big_u).bit_length() + occ_bits <= 63:
        srt = np.sort((codes << occ_bits) | np.arange(total, dtype=np.int64))
        feat, occ = srt >> occ_bits, srt & ((1 << occ_bits) - 1)
        del srt
    else:  # (a vocabulary of over a million words)
        occ = np.argsort(codes, kind="stable")
        feat = codes[occ]
    del codes  # (occurrence-sized temporaries are dropped as soon as used: memory)
    new_feat = np.ones(total, dtype=bool)
    new_feat[1:] = feat[1:] != feat[:-1]
    doc_sorted = doc_of_occ[occ]
    del doc_of_occ
    new_entry = new_feat.copy()  # an entry: a feature in a doc, with its count and first occurrence
    new_entry[1:] |= doc_sorted[1:] != doc_sorted[:-1]
    entry_start = np.flatnonzero(new_entry)
    row_nnz = np.bincount(doc_sorted[entry_start], minlength=n_docs)
    entry_count = np.diff(np.append(entry_start, total))
    entry_first = occ[entry_start]
    entry_feat = (np.cumsum(new_feat) - 1)[entry_start]  # features numbered in any order: only matched
    entry_code = feat[entry_start]
    del feat, occ, new_feat, new_entry, doc_sorted
    # the entries in order of first occurrence: each doc's row, in its own first-seen feature order
    entry_at = np.full(total, -1, dtype=np.int64)
    entry_at[entry_first] = np.arange(len(entry_start))
    order = entry_at[entry_at >= 0]
    del entry_at
    indptr = np.zeros(n_docs + 2, dtype=np.int64)
    np.cumsum(row_nnz, out=indptr[1:-1])
    # l2 rows exactly as sklearn's inplace_csr_row_normalize_l2: float32 squares summed in double
    c32 = entry_count[order].astype(np.float32)
    sq = (c32 * c32).astype(np.float64)
    sums = np.zeros(n_docs, dtype=np.float64)
    nonempty = row_nnz > 0
    sums[nonempty] = np.add.reduceat(sq, indptr[:-2][nonempty])
    data = (c32.astype(np.float64) / np.repeat(np.sqrt(sums), row_nnz)).astype(np.float32)
    # A row may be in sorted (alphabetical) order only if the words among its first 8 features are
    rank = np.empty(big_u, dtype=np.int64)
    rank[sorted(range(big_u), key=words.__getitem__)] = np.arange(big_u)
    head = indptr[:-2, None] + np.arange(8)
    code = entry_code[order[np.minimum(head, len(order) - 1)]]
    r = np.where((head < indptr[1:-1, None]) & (code < big_u), rank[np.minimum(code, big_u - 1)], -1)
    may_be_sorted = ~((r[:, 1:] >= 0) & (r[:, 1:] < r[:, :-1])).any(axis=1)
    # One more row, out of order, makes scipy's product take its general path for every pair.
    n_feat = int(entry_feat.max()) + 1
    indptr[-1] = indptr[-2] + 2
    matrix = sp.csr_matrix((np.append(data, np.float32([1, 1])), np.append(entry_feat[order], [n_feat + 1, n_feat]),
                            indptr), shape=(n_docs + 1, n_feat + 2))
    step = 20_000
    for lo in range(0, len(xs), step):
        lrows, rrows = np.append(xs[lo:lo + step], n_docs), np.append(ys[lo:lo + step], n_docs)
        prod = matrix[lrows].multiply(matrix[rrows]).tocsr()
        part = np.zeros(len(lrows), dtype=np.float32)
        major = np.flatnonzero(np.diff(prod.indptr))  # (as scipy's sum: the non-empty rows, the extra one last)
        part[major] = np.add.reduceat(prod.data, prod.indptr[major])
        sims[lo:lo + step] = part[:-1]
    sims[may_be_sorted[xs] & may_be_sorted[ys]] = np.nan
    return sims


def _cosines_reference(folded: dict[int, str] | list[str], ordered: list[tuple[int, int]]) -> np.ndarray:
    """Each pair's cosine the plain way: scikit-learn's on the pair's two texts alone, the first one first."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.preprocessing import normalize as unit_rows

    sims = np.zeros(len(ordered), dtype=np.float32)
    for k, (x, y) in enumerate(ordered):
        try:
            matrix = unit_rows(CountVectorizer(ngram_range=(1, 2), dtype=np.float32).fit_transform(
                [folded[x], folded[y]]))
        except ValueError:  # no word of 2+ characters in either: nothing to compare
            continue
        sims[k] = np.asarray(matrix[[0]].multiply(matrix[[1]]).sum(axis=1)).ravel()[0]
    return sims


def accounting(read, papers: list[Paper], near: list[Issue] | None = None) -> list[str]:
    """Explain every difference between paragraphs read and papers made: nothing is dropped silently.

    `read` is a model.ReadResult.  paragraphs = abstracts + excluded + joined; abstracts = papers + merged.
    """
    total = sum(read.paragraphs.values())
    merged = sum(len(p.sources) - 1 for p in papers)
    lines = [f"read {total:,} paragraphs/records from {len(read.paragraphs)} file(s) -> "
             f"{len(read.records):,} abstracts -> {len(papers):,} papers"]
    if read.files_not_read:
        lines.append(f"  {len(read.files_not_read)} file(s) not read (see the errors above): "
                     + ", ".join(read.files_not_read[:10]) + (" ..." if len(read.files_not_read) > 10 else ""))
    if read.excluded:
        reasons: dict[str, list] = {}
        for issue, reason in zip(read.excluded, read.reasons):
            reasons.setdefault(reason, []).append(issue)
        lines.append(f"  {len(read.excluded):,} paragraphs/records left out:")
        for reason, items in reasons.items():
            where = ", ".join(f"{i.file}:{i.line}" for i in items[:3]) + (" ..." if len(items) > 3 else "")
            lines.append(f"    {len(items):,} x {reason} ({where})")
    if read.joined:
        where = ", ".join(f"{i.file}:{i.line}" for i in read.joined[:3]) + (" ..." if len(read.joined) > 3 else "")
        lines.append(f"  {len(read.joined):,} paragraphs read as part of the abstract above them (each said in a "
                     f"note above) ({where})")
    unexplained = total - len(read.records) - len(read.excluded) - len(read.joined)
    if unexplained:
        lines.append(f"  {unexplained:,} paragraphs/records unaccounted for: this is a bug, please report it")
    if merged:
        lines.append(f"  {merged:,} abstracts are exact duplicates of another and were merged "
                     "(one paper, several sources)")
    if near:
        lines.append(f"  {len(near):,} pairs of near-duplicate abstracts flagged above (kept as separate papers)")
    return lines
