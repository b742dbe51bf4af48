"""The data of a collection's map page (docs/data/map/<collection>.json), drawn by assets/digest/map.js.

Categories in name order (their colours stay put as papers come and go), groups (sub-topics, or a
category without any), and per paper: its place (enrich/layout.py), its group, title and slug.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Callable

from generator.enrich.layout import SPACING, group_of
from generator.model import Paper


def map_json(papers: list[Paper], cat_url: Callable[[str], str], group_url: Callable[[Paper], str],
             page_url: str) -> bytes:
    """`cat_url(category)`, `group_url(paper)`: URLs of a category's page and of the paper's sub-topic (its
    page or anchor; "" without one), from the site root; `page_url`: a paper's, with "{slug}" in it."""
    placed = sorted((p for p in papers if p.position is not None), key=lambda p: p.id)
    counts = Counter(p.category for p in placed)
    cats = sorted(counts, key=lambda c: (c.casefold(), c))
    at_cat = {c: i for i, c in enumerate(cats)}
    first = {}
    for p in placed:
        first.setdefault(group_of(p), p)
    groups = sorted(first, key=lambda g: (g[0].casefold(), g[0], g[1].casefold(), g[1]))
    at_group = {g: i for i, g in enumerate(groups)}
    data = {
        "spacing": SPACING,
        "page": page_url,
        "categories": [{"name": c, "url": cat_url(c), "papers": counts[c]} for c in cats],
        "groups": [{"label": sub or cat, "category": at_cat[cat], "url": group_url(first[cat, sub]) or cat_url(cat)}
                   for cat, sub in groups],
        "papers": [[p.position[0], p.position[1], at_group[group_of(p)], p.title, p.slug]
                   for p in placed],
    }
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
