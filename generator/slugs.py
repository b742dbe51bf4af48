"""Readable, URL-safe slugs: the one spelling of every page address (papers, categories, tags, feeds)."""
from __future__ import annotations

import hashlib
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


# the pages beside a collection's category pages, and the site's own top-level pages and folders
RESERVED = frozenset({"index", "map"})
TOP_LEVEL = frozenset({"index", "new", "search", "about", "reading-list", "data-format", "performance", "performance-log",
                       "papers", "tags", "entities", "topics", "feeds", "data", "assets", "img", "search-index", "sitemap",
                       "404"})


def _page_slug(name: str, kind: str, taken: frozenset[str]) -> str:
    """A name's slug; "<kind>-" and the start of the name's hash for a name without Latin letters or
    digits; "-<kind>" after a slug the site's own pages have."""
    slug = slugify(name) or f"{kind}-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:6]
    return f"{slug}-{kind}" if slug in taken else slug


def category_slug(name: str) -> str:
    """A category's page and feed name: "Learning on graphs" -> "learning-on-graphs", "Map" -> "map-area",
    "神经科学" -> "area-3c1f0e"."""
    return _page_slug(name, "area", RESERVED)


def collection_slug(name: str) -> str:
    """A collection's folder: "ICLR 2026" -> "iclr-2026", "Papers" -> "papers-collection", a name without
    Latin letters or digits -> "collection-" and the start of its hash."""
    return _page_slug(name, "collection", TOP_LEVEL)
