"""Normalize: RawRecords -> Papers, one per distinct abstract.

A paper's id is a hash of its normalized plain text, so URLs survive regeneration and the same
abstract in two files (or twice in one) becomes one paper with several sources.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
import zlib

import numpy as np

from . import markup
from .model import Issue, Paper, RawRecord
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


def normalize_record(rec: RawRecord) -> Paper:
    nodes = markup.parse(clean_text(rec.text))
    plain = markup.to_plain(nodes)
    pid = paper_id(plain)
    return Paper(
        id=pid,
        slug=pid,
        collection=rec.collection,
        abstract_raw=rec.text,
        abstract_md=markup.to_markdown(nodes),
        abstract_html=markup.to_html(nodes),
        plain_text=plain,
        sources=[rec.source],
        links=markup.links(nodes),
        given_title=rec.title,
        authors=list(rec.authors),
        url=rec.url.strip() if rec.url and _URL.fullmatch(rec.url.strip()) else None,
        keywords=list(rec.keywords),
        given_area=rec.area,
    )


def normalize(records: list[RawRecord]) -> list[Paper]:
    """Papers in first-seen order; duplicates merged (sources kept, given metadata filled in)."""
    papers: dict[str, Paper] = {}
    for rec in progress(records, "normalize"):
        paper = normalize_record(rec)
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
    """Word 3-grams of a text as uint64 numbers (word ids packed 21 bits each), without repeats."""
    ids = np.fromiter((vocab.setdefault(w, len(vocab)) for w in re.findall(r"\w+", text.casefold())), dtype=np.uint64)
    if len(ids) < 3:
        return ids
    mask = np.uint64((1 << 21) - 1)
    return np.unique(((ids[:-2] & mask) << np.uint64(42)) | ((ids[1:-1] & mask) << np.uint64(21)) | (ids[2:] & mask))


def near_duplicates(papers: list[Paper], threshold: float = NEAR_DUPLICATE, bands: int = 10, rows: int = 3) -> list[Issue]:
    """Warnings for pairs of distinct papers whose abstracts are almost the same text.

    Candidates come from MinHash-LSH over word 3-gram shingles (bands x rows hashes per paper; a pair
    with Jaccard 0.6 becomes a candidate with probability ~0.9, one with 0.9 almost surely), so the
    cost is linear in the corpus, never n x n.  Each candidate pair is then confirmed by the cosine of
    its word uni+bigram count vectors >= `threshold` (the same abstract with a typo scores ~0.97).
    Each pair is named once, at the later source, with the other's file:line; nothing is merged.
    """
    idx = [i for i, p in enumerate(papers) if len(p.plain_text.split()) >= NEAR_MIN_WORDS]
    if len(idx) < 2:
        return []
    rng = np.random.default_rng(20260101)  # fixed: the same inputs always give the same report
    a = rng.integers(1, 1 << 63, size=(bands * rows, 1), dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 1 << 63, size=(bands * rows, 1), dtype=np.uint64)
    vocab: dict[str, int] = {}
    buckets: dict[tuple, list[int]] = {}
    for pos, i in enumerate(idx):
        sh = _shingles(papers[i].plain_text, vocab)
        sig = ((a * sh[None, :] + b) >> np.uint64(32)).min(axis=1)  # multiply-shift hashes (mod 2**64)
        for band in range(bands):
            buckets.setdefault((band, *sig[band * rows:(band + 1) * rows].tolist()), []).append(pos)
    pairs = set()
    for members in buckets.values():
        if len(members) > 1:
            head = members[:50]  # a huge bucket means many copies of one text: comparing with 50 names it
            pairs.update((x, y) for n, x in enumerate(head) for y in members[n + 1:] if x != y)
    if not pairs:
        return []
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.preprocessing import normalize as unit_rows

    involved = sorted({x for pair in pairs for x in pair})
    row_of = {x: r for r, x in enumerate(involved)}
    matrix = unit_rows(CountVectorizer(ngram_range=(1, 2), dtype=np.float32).fit_transform(
        [papers[idx[x]].plain_text.casefold() for x in involved]))
    ordered = sorted(pairs)
    left = matrix[[row_of[x] for x, _ in ordered]]
    right = matrix[[row_of[y] for _, y in ordered]]
    sims = np.asarray(left.multiply(right).sum(axis=1)).ravel()
    issues = []
    for (x, y), sim in zip(ordered, sims):
        if sim < threshold:
            continue
        first, second = sorted((papers[idx[x]].sources[0], papers[idx[y]].sources[0]))
        issues.append(Issue("warning", second.file, second.line,
                            f"near-duplicate of {first.file}:{first.line} ({sim:.0%} similar, not identical): "
                            "kept as two papers; if it is the same abstract with a typo, delete one copy"))
    return sorted(issues, key=lambda i: (i.file, i.line, i.message))


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
