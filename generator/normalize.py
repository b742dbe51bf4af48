"""Normalize: RawRecords -> Papers, one per distinct abstract.

A paper's id is a hash of its normalized plain text, so URLs survive regeneration and the same
abstract in two files (or twice in one) becomes one paper with several sources.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import defaultdict
from itertools import chain

import numpy as np

from . import markup
from .model import Issue, Paper, RawRecord
from .parallel import cores, fork_map
from .progress import progress

NEAR_DUPLICATE = 0.9  # cosine of word TF-IDF vectors: the same abstract with a typo scores ~0.98
NEAR_MIN_WORDS = 20  # shorter texts are too short to call near-duplicates (exact ones are merged anyway)
_URL = re.compile(r"https?://[^\s<>\"]+", re.IGNORECASE)


def paper_id(plain_text: str) -> str:
    """Stable id: first 10 hex digits of SHA-1 over the case-folded, space-collapsed text."""
    key = plain_text.casefold()
    key = key.strip() if key.isprintable() and "  " not in key else re.sub(r"\s+", " ", key).strip()
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def clean_text(raw: str) -> str:
    """Unicode NFC, control characters removed, doubled backslashes undone."""
    text = unicodedata.normalize("NFC", raw)
    if not text.isprintable():  # (fast path: a printable string has no category-C characters)
        text = "".join(c if c in "\t\n" or unicodedata.category(c)[0] != "C" else " " for c in text)
    return markup.undouble(text)


def _derived(text: str) -> tuple[str, str, str, str, list[str]]:
    """What normalize computes from an abstract's text: id, Markdown, HTML, plain text, links."""
    nodes = markup.parse(clean_text(text))
    plain = markup.to_plain(nodes)
    return paper_id(plain), markup.to_markdown(nodes), markup.to_html(nodes), plain, markup.links(nodes)


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
        links=links,
        given_title=rec.title,
        authors=list(rec.authors),
        url=rec.url.strip() if rec.url and _URL.fullmatch(rec.url.strip()) else None,
        keywords=list(rec.keywords),
        given_area=rec.area,
    )


def normalize_record(rec: RawRecord) -> Paper:
    return _paper(rec, _derived(rec.text))


PARALLEL_MIN = 4_000  # records; below this, starting a second process costs more than it saves
_CHUNK = 1_000
_RECORDS: list[RawRecord] = []  # what forked workers read (inherited, never pickled)


def _normalize_chunk(start: int) -> list[tuple]:
    return [_derived(rec.text) for rec in _RECORDS[start:start + _CHUNK]]


def _normalized(records: list[RawRecord]):
    """normalize_record of each record, in order: on two cores (chunks of records shared with a forked
    worker, results taken back in order, so the output is the same as on one) when it pays."""
    global _RECORDS
    processes = 2 if len(records) >= PARALLEL_MIN and cores() >= 2 else 1
    _RECORDS = records
    try:
        starts = range(0, len(records), _CHUNK)
        for part, start in zip(fork_map(_normalize_chunk, starts, processes), starts):
            yield from map(_paper, records[start:start + _CHUNK], part)
    finally:
        _RECORDS = []


def normalize(records: list[RawRecord]) -> list[Paper]:
    """Papers in first-seen order; duplicates merged (sources kept, given metadata filled in)."""
    papers: dict[str, Paper] = {}
    for paper in progress(_normalized(records), "normalize", total=len(records)):
        seen = papers.get(paper.id)
        if seen is None:
            papers[paper.id] = paper
            continue
        seen.sources = sorted(set(seen.sources) | set(paper.sources))
        for attr in ("given_title", "url", "given_area"):
            if not getattr(seen, attr):
                setattr(seen, attr, getattr(paper, attr))
        for attr in ("authors", "keywords"):
            if not getattr(seen, attr):
                setattr(seen, attr, getattr(paper, attr))
    return list(papers.values())


def _shingles(text: str, vocab: dict[str, int]) -> np.ndarray:
    """Word 3-grams of a text as uint64 numbers (word ids packed 21 bits each), without repeats.

    (The definition; `near_duplicates` computes the same numbers for all texts at once.)"""
    ids = np.fromiter((vocab.setdefault(w, len(vocab)) for w in _WORD.findall(text.casefold())), dtype=np.uint64)
    if len(ids) < 3:
        return ids
    mask = np.uint64((1 << 21) - 1)
    return np.unique(((ids[:-2] & mask) << np.uint64(42)) | ((ids[1:-1] & mask) << np.uint64(21)) | (ids[2:] & mask))


_WORD = re.compile(r"\w+")
_PAIR_CHUNK = 1 << 17  # candidate pairs whose cosines are computed at once (memory, not speed)
_SHINGLE_CHUNK = 1 << 17  # shingles hashed at once: 30 x 131,072 x 8 bytes = 31 MB of scratch


def near_duplicates(papers: list[Paper], threshold: float = NEAR_DUPLICATE, bands: int = 10, rows: int = 3) -> list[Issue]:
    """Warnings for pairs of distinct papers whose abstracts are almost the same text.

    Candidates come from MinHash-LSH over word 3-gram shingles (bands x rows hashes per paper; a pair
    with Jaccard 0.6 becomes a candidate with probability ~0.9, one with 0.9 almost surely), so the
    cost is linear in the corpus, never n x n.  Each candidate pair is then confirmed by the cosine of
    its word uni+bigram count vectors >= `threshold` (the same abstract with a typo scores ~0.97).
    Each pair is named once, at the later source, with the other's file:line; nothing is merged.

    Everything is computed for all papers at once with numpy (one tokenization per text, one sort);
    the numbers are bit for bit those of the straightforward per-paper definitions (`_shingles`,
    `_cosines_reference`):
    the same hashes, the same candidates, and the same float32 cosines as scikit-learn's
    CountVectorizer + normalize + elementwise product would give, summed in the same order.
    """
    idx = [i for i, p in enumerate(papers)  # (split no further than needed to know)
           if len(p.plain_text.split(maxsplit=NEAR_MIN_WORDS - 1)) >= NEAR_MIN_WORDS]
    if len(idx) < 2:
        return []
    rng = np.random.default_rng(20260101)  # fixed: the same inputs always give the same report
    a = rng.integers(1, 1 << 63, size=(bands * rows, 1), dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 1 << 63, size=(bands * rows, 1), dtype=np.uint64)
    folded = [papers[i].plain_text.casefold() for i in idx]
    toks = [_WORD.findall(t) for t in folded]
    vocab: defaultdict[str, int] = defaultdict()
    vocab.default_factory = vocab.__len__  # a new word gets the next id: first-seen ids
    lens = np.fromiter(map(len, toks), dtype=np.int64, count=len(toks))
    ids = np.fromiter(map(vocab.__getitem__, chain.from_iterable(toks)), dtype=np.uint64, count=int(lens.sum()))
    sig = _signatures(ids, lens, a, b)
    codes = _candidates(sig, bands, rows)
    if not len(codes):
        return []
    n = len(idx)
    ordered = list(zip((codes // n).tolist(), (codes % n).tolist()))  # sorted pairs (x < y)
    sims = np.concatenate([_pair_cosines(folded, vocab, ids, lens, codes[lo:lo + _PAIR_CHUNK] // n,
                                         codes[lo:lo + _PAIR_CHUNK] % n, ordered[lo:lo + _PAIR_CHUNK])
                           for lo in range(0, len(codes), _PAIR_CHUNK)])
    issues = []
    keep = np.flatnonzero(sims >= threshold)  # (float32 against the threshold, as ever)
    for k, sim in zip(keep.tolist(), sims[keep].tolist()):
        x, y = ordered[k]
        first, second = sorted((papers[idx[x]].sources[0], papers[idx[y]].sources[0]))
        issues.append(Issue("warning", second.file, second.line,
                            f"near-duplicate of {first.file}:{first.line} ({sim:.0%} similar, not identical): "
                            "kept as two papers; if it is the same abstract with a typo, delete one copy"))
    return sorted(issues, key=lambda i: (i.file, i.line, i.message))


def _pair_cosines(folded, vocab, ids, lens, xs, ys, pairs) -> np.ndarray:
    """The cosines of a slice of the candidate pairs.  Slices bound the memory: `_cosines` builds its
    count matrix over the texts it compares (a 20,000-text corpus full of near-copies peaked at
    1.8 GB in one go).  A slice's count matrix numbers features in its own first-seen order, so a
    value may differ from the whole-corpus one in float32's last bit; the slices are fixed, so the
    same inputs always give the same values."""
    sims = _cosines(folded, vocab, ids, lens, xs, ys)
    if sims is None:  # (a corner the fast path does not cover: the per-pair computation itself)
        sims = _cosines_reference(folded, pairs)
    return np.asarray(sims)


def _signatures(ids: np.ndarray, lens: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """MinHash signature (one row per text) of the texts whose word ids are `ids`, `lens` words each.

    The minimum over a text's distinct shingles equals the minimum over all its shingles, so the
    shingles need no de-duplication; texts of fewer than 3 words hash their word ids, as `_shingles`."""
    n, k = len(lens), a.shape[0]
    starts = np.zeros(n, dtype=np.int64)
    np.cumsum(lens[:-1], out=starts[1:])
    sig = np.empty((n, k), dtype=np.uint64)
    shift = np.uint64(32)
    for j in np.flatnonzero(lens < 3).tolist():
        sh = ids[starts[j]:starts[j] + lens[j]]
        sig[j] = ((a * sh[None, :] + b) >> shift).min(axis=1)  # (no words at all: raises, as ever)
    long = np.flatnonzero(lens >= 3)
    if not len(long):
        return sig
    mask = np.uint64((1 << 21) - 1)
    m = ids & mask
    packed = (m[:-2] << np.uint64(42)) | (m[1:-1] << np.uint64(21)) | m[2:]  # every 3 consecutive words
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
    return np.unique(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)


def _cosines(folded: list[str], vocab: dict[str, int], ids: np.ndarray, lens: np.ndarray,
             xs: np.ndarray, ys: np.ndarray) -> np.ndarray | None:
    """float32 cosine of each pair's word uni+bigram count vectors, exactly as `_cosines_reference`.

    That is: CountVectorizer(ngram_range=(1, 2)) tokens (runs of 2+ word characters of the lowercased
    text) and its vocabulary order; l2-normalized float32 rows (sum of squares in double, as
    scikit-learn); the elementwise product, whose non-zero terms scipy lists in the reverse of the
    left row's order (the rows are never in sorted column order), summed by np.add.reduceat.
    None when the fast path cannot promise the same bits (then the caller uses the reference)."""
    import scipy.sparse as sp

    involved = np.unique(np.concatenate([xs, ys]))
    n = len(lens)
    vocab = dict(vocab)
    words = list(vocab)
    lowered = [folded[j].lower() for j in involved.tolist()]
    if all(low == folded[j] for low, j in zip(lowered, involved.tolist())):
        doc_of_tok = np.repeat(np.arange(n), lens)
        chosen = np.zeros(n, dtype=bool)
        chosen[involved] = True
        sel = chosen[doc_of_tok]
        uni_all, doc_all = ids[sel].astype(np.int64), doc_of_tok[sel]
    else:  # (lowercasing a case-folded text rarely changes it: Cherokee letters)
        pieces = []
        for low in lowered:
            found = _WORD.findall(low)
            for w in found:
                if w not in vocab:
                    vocab[w] = len(words)
                    words.append(w)
            pieces.append(np.array([vocab[w] for w in found], dtype=np.int64))
        uni_all = np.concatenate(pieces)
        doc_all = np.repeat(involved, [len(p) for p in pieces])
    wlen = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    two = wlen[uni_all] >= 2  # CountVectorizer's tokens: 2+ word characters
    row_of = np.searchsorted(involved, np.arange(n))
    uni = uni_all[two]
    n_tok = np.bincount(row_of[doc_all[two]], minlength=len(involved))
    n_big = np.maximum(n_tok - 1, 0)
    per_doc = n_tok + n_big
    total = int(per_doc.sum())
    big_u = len(words)
    code_bits = (big_u + big_u * big_u).bit_length()
    occ_bits = max(total, 1).bit_length()
    if total == 0 or code_bits + occ_bits > 63:
        return None
    n_docs = len(involved)
    doc_start = np.zeros(n_docs, dtype=np.int64)  # each doc's features: its words, then its bigrams
    np.cumsum(per_doc[:-1], out=doc_start[1:])
    tok_start = np.zeros(n_docs, dtype=np.int64)
    np.cumsum(n_tok[:-1], out=tok_start[1:])
    doc_of_tok = np.repeat(np.arange(n_docs), n_tok)
    within = np.arange(len(uni)) - tok_start[doc_of_tok]
    codes = np.empty(total, dtype=np.int64)
    codes[doc_start[doc_of_tok] + within] = uni
    has_next = within < (n_tok[doc_of_tok] - 1)
    g = np.flatnonzero(has_next)
    codes[doc_start[doc_of_tok[g]] + n_tok[doc_of_tok[g]] + within[g]] = big_u + uni[g] * big_u + uni[g + 1]
    del within, has_next, g, uni, doc_of_tok, uni_all, doc_all, two
    doc_of_occ = np.repeat(np.arange(n_docs), per_doc)
    # One sort of (feature, position): groups each feature's occurrences, in text order.
    srt = np.sort((codes << occ_bits) | np.arange(total, dtype=np.int64))
    del codes  # (occurrence-sized temporaries are dropped as soon as used: memory)
    feat = srt >> occ_bits
    occ = srt & ((1 << occ_bits) - 1)
    del srt
    new_feat = np.ones(total, dtype=bool)
    new_feat[1:] = feat[1:] != feat[:-1]
    feat_start = np.flatnonzero(new_feat)
    first_seen = occ[feat_start]
    mark = np.zeros(total, dtype=np.int64)
    mark[first_seen] = 1
    fid_of_feat = (np.cumsum(mark) - 1)[first_seen]  # CountVectorizer's first-seen feature number
    del mark
    n_feat = len(feat_start)
    doc_sorted = doc_of_occ[occ]
    del doc_of_occ, occ
    # distinct (feature, doc) entries with their counts, still in feature-then-doc order
    new_entry = new_feat.copy()
    new_entry[1:] |= doc_sorted[1:] != doc_sorted[:-1]
    entry_start = np.flatnonzero(new_entry)
    entry_count = np.diff(np.append(entry_start, total))
    entry_doc = doc_sorted[entry_start]
    feat_of_entry = np.cumsum(new_feat)[entry_start] - 1
    feat_codes = feat[feat_start]
    del feat, doc_sorted, new_entry, new_feat
    per_feat = np.bincount(feat_of_entry, minlength=n_feat)
    first_entry = np.zeros(n_feat, dtype=np.int64)
    np.cumsum(per_feat[:-1], out=first_entry[1:])
    by_fid = np.empty(n_feat, dtype=np.int64)
    by_fid[fid_of_feat] = np.arange(n_feat)  # features in first-seen order
    cnt = per_feat[by_fid]
    pos_start = np.zeros(n_feat, dtype=np.int64)
    np.cumsum(cnt[:-1], out=pos_start[1:])
    take = np.repeat(first_entry[by_fid] - pos_start, cnt) + np.arange(len(entry_start))
    indptr = np.zeros(n_feat + 1, dtype=np.int64)
    np.cumsum(cnt, out=indptr[1:])
    csc = sp.csc_matrix((entry_count[take].astype(np.float64), entry_doc[take], indptr),
                        shape=(n_docs, n_feat))
    matrix = csc.tocsr()  # rows: features in first-seen order, as CountVectorizer's rows
    del csc, take, entry_count, entry_doc
    matrix.sort_indices()
    # l2 rows exactly as sklearn's inplace_csr_row_normalize_l2: float32 squares summed in double
    c32 = matrix.data.astype(np.float32)
    sq = (c32 * c32).astype(np.float64)
    row_nnz = np.diff(matrix.indptr)
    sums = np.zeros(n_docs, dtype=np.float64)
    nonempty = row_nnz > 0
    sums[nonempty] = np.add.reduceat(sq, matrix.indptr[:-1][nonempty])
    norm = np.repeat(np.sqrt(sums), row_nnz)
    matrix.data = (c32.astype(np.float64) / norm).astype(np.float32)
    # CountVectorizer labels columns alphabetically, so a row is in sorted column order only if its
    # features, in first-seen order, are also in alphabetical order; scipy's product takes another
    # code path (and sums in another order) only if every left and every right row is so: one row
    # that is not rules it out.
    code_of_fid = feat_codes[by_fid]

    def alphabetical(r: int) -> bool:
        names = []
        for c in code_of_fid[matrix.indices[matrix.indptr[r]:matrix.indptr[r + 1]]].tolist():
            names.append(words[c] if c < big_u else words[(c - big_u) // big_u] + " " + words[(c - big_u) % big_u])
        return all(p < q for p, q in zip(names, names[1:]))

    lrows, rrows = row_of[xs], row_of[ys]
    checked = 0
    for r in dict.fromkeys(np.concatenate([lrows, rrows]).tolist()):
        if not alphabetical(r):
            break
        checked += 1
        if checked >= 64:
            return None
    else:
        return None
    sims = np.zeros(len(xs), dtype=np.float32)
    step = 20_000
    for lo in range(0, len(xs), step):
        prod = matrix[lrows[lo:lo + step]].multiply(matrix[rrows[lo:lo + step]]).tocsr()
        prod.sort_indices()
        nnz = np.diff(prod.indptr)
        rows_ = np.flatnonzero(nnz)[::-1]  # reversed: the left row's order backwards
        if not len(rows_):
            continue
        data = np.ascontiguousarray(prod.data[:prod.indptr[-1]][::-1])
        seg = prod.indptr[-1] - prod.indptr[rows_ + 1]
        sims[lo + rows_] = np.add.reduceat(data, seg)
    return sims


def _cosines_reference(folded: list[str], ordered: list[tuple[int, int]]) -> np.ndarray:
    """The per-pair cosines the plain way (scikit-learn), for `_cosines`' corner cases."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.preprocessing import normalize as unit_rows

    involved = sorted({x for pair in ordered for x in pair})
    row_of = {x: r for r, x in enumerate(involved)}
    try:
        matrix = unit_rows(CountVectorizer(ngram_range=(1, 2), dtype=np.float32).fit_transform(
            [folded[x] for x in involved]))
    except ValueError:  # no word of 2+ characters in any of them: nothing to compare
        return np.zeros(len(ordered), dtype=np.float32)
    left = matrix[[row_of[x] for x, _ in ordered]]
    right = matrix[[row_of[y] for _, y in ordered]]
    return np.asarray(left.multiply(right).sum(axis=1)).ravel()


def accounting(read, papers: list[Paper], near: list[Issue] | None = None) -> list[str]:
    """Explain every difference between paragraphs read and papers made: nothing is dropped silently.

    `read` is a readers.ReadResult.  paragraphs = abstracts + excluded; abstracts = papers + merged.
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
    unexplained = total - len(read.records) - len(read.excluded)
    if unexplained:
        lines.append(f"  {unexplained:,} paragraphs/records unaccounted for: this is a bug, please report it")
    if merged:
        lines.append(f"  {merged:,} abstracts are exact duplicates of another and were merged "
                     "(one paper, several sources)")
    if near:
        lines.append(f"  {len(near):,} pairs of near-duplicate abstracts flagged above (kept as separate papers)")
    return lines
