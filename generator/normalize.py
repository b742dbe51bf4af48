"""Normalize: RawRecords -> Papers, one per distinct abstract.

A paper's id is a hash of its normalized plain text, so URLs survive regeneration and the same
abstract in two files (or twice in one) becomes one paper with several sources.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

from . import markup
from .model import Paper, RawRecord


def paper_id(plain_text: str) -> str:
    """Stable id: first 10 hex digits of SHA-1 over the case-folded, space-collapsed text."""
    key = re.sub(r"\s+", " ", plain_text.casefold()).strip()
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def clean_text(raw: str) -> str:
    """Unicode NFC, control characters removed, doubled backslashes undone."""
    text = unicodedata.normalize("NFC", raw)
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
        url=rec.url if rec.url and re.match(r"https?://", rec.url) else None,
        keywords=list(rec.keywords),
        given_area=rec.area,
    )


def normalize(records: list[RawRecord]) -> list[Paper]:
    """Papers in first-seen order; duplicates merged (sources kept, given metadata filled in)."""
    papers: dict[str, Paper] = {}
    for rec in records:
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
