"""Readable, URL-safe slugs."""
from __future__ import annotations

import re
import unicodedata

_NOT_SLUG = re.compile(r"[^a-z0-9]+")  # (compiled once: re's own cache is churned by the many patterns of enrich)


def slugify(text: str, max_len: int = 60) -> str:
    """"Learning on graphs & topologies" -> "learning-on-graphs-topologies" (ASCII, hyphens)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(slug) > max_len:
        slug = slug[:max_len].rsplit("-", 1)[0]
    return slug
