"""Enrich: fill every Paper's derived fields from the corpus (pure function over the list).

    enrich(papers, EnrichConfig(taxonomy_path=...)) -> the same papers, enriched

One tokenization pass feeds categories, tags, sub-topics and related papers; extractors that read
single abstracts (names, entities, results, titles) are plain functions in their own modules.
"""
from __future__ import annotations

import logging
import multiprocessing as mp
import os
import time
from functools import partial
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from generator.model import Paper

from .categories import CategoryModel, category_probs, class_text, explain, keyword_terms, load_model
from .entities import extract_entities
from .names import analyze, common_names, extract_name
from .related import mentions, related
from .results import extract_results
from .tags import assign_tags
from .taxonomy import Taxonomy, load_taxonomy
from .text import count_vectorizer
from .titles import make_slugs, make_title, teaser
from .topics import subtopics
from .vectors import build_corpus

__all__ = ["EnrichConfig", "enrich"]
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EnrichConfig:
    taxonomy_path: Path | None = None  # a user's JSON/YAML taxonomy replaces the ICLR areas
    model_path: Path | None = None  # category model (default: generator/data/category_model.json)
    model: CategoryModel | None = field(default=None, compare=False, repr=False)  # overrides model_path
    related_k: int = 5
    related_max_terms: int = 0  # >0: prune TF-IDF rows to this many terms before similarity (speed)
    tags_per_paper: int = 5
    max_categories: int = 3  # primary + scored secondaries shown
    min_secondary: float = 0.0  # probability a secondary category needs
    subtopic_min: int = 40  # categories with fewer papers get no sub-topics
    workers: int = 0  # processes for per-abstract extractors; 0 = auto (all cores from 4,000 papers)


def _per_paper(common: frozenset[str], item) -> tuple:
    """The single-abstract extractors for one paper (picklable for a process pool)."""
    md, plain, an = item
    name = extract_name(md, common, an)
    return name, extract_entities(plain, name, an[1]), extract_results(plain), teaser(plain)


def _map(fn, items: list, workers: int) -> list:
    """map() in order; across `workers` forked processes for large corpora (same result either way)."""
    if workers <= 1 or len(items) < 2 * workers or "fork" not in mp.get_all_start_methods():
        return [fn(x) for x in items]
    with mp.get_context("fork").Pool(workers) as pool:
        return pool.map(fn, items, chunksize=max(1, len(items) // (workers * 8)))


class _Clock:
    """Logs each stage's wall seconds at DEBUG level (logger 'generator.enrich')."""

    def __init__(self) -> None:
        self.t = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        log.debug("enrich %-36s %6.2f s", stage, now - self.t)
        self.t = now


@lru_cache(maxsize=4)
def _taxonomy(path: Path | None) -> Taxonomy:
    return load_taxonomy(path)


@lru_cache(maxsize=4)
def _model(path: Path | None) -> CategoryModel | None:
    return load_model(path)


def _categorize(papers: list[Paper], corpus, taxonomy: Taxonomy, model: CategoryModel | None,
                cfg: EnrichConfig) -> None:
    extra = None
    if model is not None and any(p.keywords for p in papers):
        cv = count_vectorizer(vocabulary={t: i for i, t in enumerate(model.terms)})
        extra = cv.transform([class_text("", p.keywords) for p in papers])
    P, Xm = category_probs(corpus, extra, taxonomy, model)
    names = taxonomy.names
    by_name = {a.name: a for a in taxonomy.areas}
    for i, p in enumerate(papers):
        order = np.lexsort((np.arange(len(names)), -P[i]))
        ranked = [(names[j], round(float(P[i, j]), 3)) for j in order]
        if p.given_area in by_name:
            ranked = [(p.given_area, 1.0)] + [r for r in ranked if r[0] != p.given_area]
        p.category = ranked[0][0]
        p.categories = [ranked[0]] + [r for r in ranked[1:cfg.max_categories] if r[1] >= cfg.min_secondary]
        if Xm is not None and p.category in model.classes:
            p.category_terms = explain(Xm[i], model, p.category)
        else:
            p.category_terms = keyword_terms(p.plain_text, by_name[p.category].keywords)


def enrich(papers: list[Paper], config: EnrichConfig | None = None) -> list[Paper]:
    """Fill name, title, teaser, slug, categories, subtopic, tags, entities, results, related, mentions."""
    cfg = config or EnrichConfig()
    if not papers:
        return papers
    clock = _Clock()
    texts = [p.plain_text for p in papers]
    ids = [p.id for p in papers]
    corpus = build_corpus(texts)
    clock("corpus")
    taxonomy = _taxonomy(cfg.taxonomy_path)
    model = (cfg.model or _model(cfg.model_path)) if taxonomy.is_default else None

    workers = cfg.workers or (min(4, os.cpu_count() or 1) if len(papers) >= 4000 else 1)
    mds = [p.abstract_md for p in papers]
    analyzed = _map(analyze, mds, workers)
    common = common_names([toks for _, toks in analyzed])
    items = [(p.abstract_md, p.plain_text, an) for p, an in zip(papers, analyzed)]
    for p, (name, ents, res, tease) in zip(papers, _map(partial(_per_paper, common), items, workers)):
        p.name, p.entities, p.results, p.teaser = name, ents, res, tease
    clock("names, entities, results, teasers")

    _categorize(papers, corpus, taxonomy, model, cfg)
    clock("categories")

    X, terms = corpus.tfidf(min_df=2, max_df=0.5)
    for p, tags in zip(papers, assign_tags(X, terms, texts, cfg.tags_per_paper)):
        p.tags = tags
    clock("tags")
    for p, rel in zip(papers, related(X, terms, ids, cfg.related_k, cfg.related_max_terms)):
        p.related = rel
    for p, men in zip(papers, mentions([p.name for p in papers], texts, ids)):
        p.mentions = men
    clock("related, mentions")

    groups: dict[str, list[int]] = {}
    for i, p in enumerate(papers):
        groups.setdefault(p.category, []).append(i)
    for cat in sorted(groups):
        for i, label in subtopics(X, terms, groups[cat], cfg.subtopic_min).items():
            papers[i].subtopic = label
    clock("subtopics")

    for p in papers:
        p.title = make_title(p.given_title, p.name, p.plain_text, p.tags)
    for p, slug in zip(papers, make_slugs(papers)):
        p.slug = slug
    clock("titles, slugs")
    return papers
