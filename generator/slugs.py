"""Readable, URL-safe slugs: the one spelling of every page address (papers, categories, tags, feeds)."""
from __future__ import annotations

import re
import unicodedata

_NOT_SLUG = re.compile(r"[^a-z0-9]+")  # (compiled once: re's own cache is churned by the many patterns of enrich)
_GREEK = re.compile(r"[\u0370-\u03ff]")


def slugify(text: str, max_len: int = 60) -> str:
    """"Learning on graphs & topologies" -> "learning-on-graphs-topologies": lowercase ASCII words joined by
    hyphens, shorter than max_len, cut between words.  A plus is a word ("HumanEval+" -> "humaneval-plus"),
    so that a benchmark and its extension do not share a page, and so is a Greek letter ("π-Flow" -> "pi-flow")."""
    if "+" in text:
        text = text.replace("+", " plus ")
    if _GREEK.search(text):
        text = _GREEK.sub(lambda m: f" {unicodedata.name(m.group(0), '').rpartition(' ')[2]} ", text)
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(slug) > max_len:
        slug = slug[:max_len].rsplit("-", 1)[0]
    return slug
