"""Enrich: fill every Paper's derived fields from the corpus (pure function over the list).

    enrich(papers, EnrichConfig(taxonomy_path=...)) -> the same papers, enriched

One tokenization pass feeds categories, tags, sub-topics and related papers; extractors that read
single abstracts (names, entities, results, titles) are plain functions in their own modules.

Speed (20,000 papers, see benchmarks/enrich_speed.py): from 4,000 papers the per-abstract extractors
run in forked worker processes, each owning a fixed slice of the papers, while this process does the
corpus-wide stages; output is identical to a single-process run (EnrichConfig(workers=1)).  The
objects that exist when enrich starts are frozen out of garbage collection meanwhile (gc.freeze), so
that collections do not walk 20,000 papers again and again, nor copy their pages in the workers.
"""
from __future__ import annotations

import logging
import multiprocessing as mp
import tempfile
import time
import traceback
from collections import Counter
from copy import copy
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp

try:  # installed with scikit-learn
    from threadpoolctl import threadpool_limits
except ImportError:  # pragma: no cover
    threadpool_limits = None

from generator.model import Paper
from generator.parallel import cores, leave, left, old_objects_frozen

from generator.cache import Cache, memo_key

from .categories import (CategoryModel, category_probs, class_text, description_terms, explain_rows, keyword_terms,
                         load_model)
from .entities import extract_entities
from . import layout
from .names import analyze, coined, common_floor, common_names, extract_name, titled_name
from .related import lsa_basis, mentions, prune_rows, related, telling_term
from .results import extract_results
from .tags import TagModel, assign_tags
from .taxonomy import UNMATCHED, Taxonomy, load_taxonomy
from .text import corpus_text, distinct_terms, spelled
from .titles import make_slugs, make_title, teaser
from .topics import Subtopics, spell_labels, subtopics
from .vectors import Corpus, build_corpus, weigh

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
    workers: int = 0  # processes for per-abstract extractors; 0 = auto (all cores from 4,000 papers); 1 = none


def _per_paper(common: frozenset[str], item) -> tuple:
    """The single-abstract extractors for one paper."""
    md, plain, an = item
    name = extract_name(md, common, an)
    return name, extract_entities(plain, name, an[1]), extract_results(plain), teaser(plain)


def _coined_counts(tokens: Counter) -> Counter:
    """The counts of the coined tokens only: all that common_names reads (a worker sends far less)."""
    return Counter({t: n for t, n in tokens.items() if coined(t)})


def _extract_slice(papers: list[Paper], conn, out) -> None:
    """Worker: analyze its papers, send their (coined) token counts, receive the corpus-common names,
    leave (name, entities, results, teaser) per paper in the unnamed file `out`, say so, and end: a
    result sent through the pipe would keep the worker, and every page the parent has written to
    since the fork, alive until the parent reads it at the end of the fit (parallel.leave)."""
    try:
        analyzed = [analyze(p.abstract_md) for p in papers]
        conn.send(("ok", [_coined_counts(toks) for _, toks in analyzed]))
        common = conn.recv()
        leave([_per_paper(common, (p.abstract_md, p.plain_text, an)) for p, an in zip(papers, analyzed)], out)
        conn.send(("ok", None))
    except EOFError:  # the parent stopped (it failed itself); nothing to report
        pass
    except BaseException:  # noqa: BLE001 - reported to the parent, which raises
        try:
            conn.send(("error", traceback.format_exc()))
        except OSError:
            pass
    finally:
        conn.close()


class _Extractors:
    """The per-abstract extractors (names.analyze, extract_name, entities, results, teaser).

    With workers > 1 they run in forked processes, each owning a fixed contiguous slice of the papers,
    while the parent does the corpus-wide stages; the only barrier is the corpus-common names, which
    need every paper's token counts.  Results come back in paper order: identical to workers=1."""

    def __init__(self, papers: list[Paper], workers: int) -> None:
        self.papers = papers
        self.analyzed: list | None = None
        self.done: list = []
        self.procs: list = []
        self.conns: list = []
        self.files: list = []
        if workers > 1:
            ctx = mp.get_context("fork")
            n = len(papers)
            for w in range(workers):
                parent, child = ctx.Pipe()
                out = tempfile.TemporaryFile()
                proc = ctx.Process(target=_extract_slice,
                                   args=(papers[n * w // workers:n * (w + 1) // workers], child, out), daemon=True)
                proc.start()
                child.close()
                self.procs.append(proc)
                self.conns.append(parent)
                self.files.append(out)

    @staticmethod
    def _receive(conn):
        status, payload = conn.recv()
        if status != "ok":
            raise RuntimeError(f"enrich worker failed:\n{payload}")
        return payload

    def token_counts(self) -> list:
        if not self.procs:
            self.analyzed = [analyze(p.abstract_md) for p in self.papers]
            return [_coined_counts(toks) for _, toks in self.analyzed]
        return [counts for conn in self.conns for counts in self._receive(conn)]

    def start(self, common: frozenset[str]) -> None:
        """Hand the corpus-common names over: workers extract; workers=1 extracts right here."""
        if not self.procs:
            self.done = [_per_paper(common, (p.abstract_md, p.plain_text, an)) for p, an in zip(self.papers, self.analyzed)]
        for conn in self.conns:
            conn.send(common)

    def results(self) -> list[tuple]:
        """(name, entities, results, teaser) per paper, in paper order."""
        if not self.procs:
            return self.done
        out = []
        for conn, f in zip(self.conns, self.files):
            self._receive(conn)  # ("ok" once the worker has left its share in its file)
            out.extend(left(f))
        return out

    def close(self) -> None:
        for conn in self.conns:
            conn.close()
        for f in self.files:
            f.close()
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()


def corpus_common(token_counts: list[Counter], corpus: Corpus) -> frozenset[str]:
    """What is never a paper's own name: coined tokens many abstracts share (GPT-4o, ImageNet), and the
    two-word terms many write, in lower case ("We propose a novel Reinforcement Learning approach")."""
    floor = common_floor(len(token_counts))
    pairs = corpus.term_strings(np.flatnonzero((corpus.df >= floor) & (corpus.second >= 0)))
    return common_names(token_counts) | frozenset(pairs.tolist())


def _auto_workers(n: int) -> int:
    """All usable cores (at most 4) from 4,000 papers; below that, forking costs more than it saves."""
    if n < 4000:
        return 1
    return max(1, min(4, cores()))


class _Clock:
    """Logs each stage's wall (and this process's CPU) seconds at DEBUG level (logger 'generator.enrich')."""

    def __init__(self) -> None:
        self.t, self.c = time.perf_counter(), time.process_time()

    def __call__(self, stage: str) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        log.debug("enrich %-36s %6.2f s (cpu %.2f s)", stage, now - self.t, cpu - self.c)
        self.t, self.c = now, cpu


def _taxonomy(path: Path | None) -> Taxonomy:
    return _taxonomy_read(path, _file_bytes(path))  # (as the file is now: `serve` reloads an edited one)


@lru_cache(maxsize=4)
def _taxonomy_read(path: Path | None, content: bytes) -> Taxonomy:
    return load_taxonomy(path)


@lru_cache(maxsize=4)
def _model(path: Path | None) -> CategoryModel | None:
    return load_model(path)


def _categorize(papers: list[Paper], corpus, taxonomy: Taxonomy, model: CategoryModel | None,
                cfg: EnrichConfig, tfidf: tuple | None = None) -> None:
    extra = None
    if model is not None and any(p.keywords for p in papers):  # given keywords, counted over model terms
        extra = build_corpus([class_text("", p.keywords) for p in papers]).select(model.terms)
    if model is None or not taxonomy.is_default:  # (areas scored on the words of their names and descriptions)
        tfidf = tfidf or corpus.tfidf(min_df=1, max_df=0.5)
    P, Xm = category_probs(corpus, extra, taxonomy, model, tfidf)
    names = taxonomy.names
    by_name = {a.name: a for a in taxonomy.areas}
    orders = np.lexsort((np.broadcast_to(np.arange(len(names)), P.shape), -P))  # per row, ties by area order
    top = cfg.max_categories + 1  # enough to fill categories even when a given area is moved first
    for i, p in enumerate(papers):
        ranked = [(names[j], round(float(P[i, j]), 3)) for j in orders[i, :top].tolist() if P[i, j] > 0]
        if not ranked:  # (a user taxonomy none of whose areas the abstract has a word of)
            ranked = [(taxonomy.catch_all or UNMATCHED, 1.0)]
        given = taxonomy.area_named(p.given_area) if p.given_area else None
        if given:
            ranked = [(given, 1.0)] + [r for r in ranked if r[0] != given]
        p.category = ranked[0][0]
        p.categories = [ranked[0]] + [r for r in ranked[1:cfg.max_categories] if r[1] >= cfg.min_secondary]
    if Xm is not None:
        explained = explain_rows(Xm, model, [p.category for p in papers],
                                 texts=[class_text(p.plain_text, p.keywords) for p in papers], telling=telling_term)
    else:  # (none for the user taxonomy's UNMATCHED)
        explained = description_terms(*tfidf, taxonomy, [names.index(p.category) if p.category in by_name else None
                                                         for p in papers])
    for i, p in enumerate(papers):
        if Xm is not None and p.category in model.classes:
            p.category_terms = explained[i]
        elif p.category in by_name:
            area = by_name[p.category]
            found = keyword_terms(p.plain_text, (area.name, *area.keywords))
            p.category_terms = distinct_terms(found + (explained[i] if Xm is None else []), 6)
        else:
            p.category_terms = []


@dataclass
class Fitted:
    """What enrichment learned from the papers it was fitted on: the corpus statistics that stay fixed
    until the next refit, and every fitted paper's own fields."""

    terms: np.ndarray  # TF-IDF columns
    idf: np.ndarray  # their idf (float32)
    ids: list[str]  # the fitted papers, in the order of X's rows
    X: sp.csr_matrix  # their TF-IDF rows
    fields: dict[str, tuple]  # id -> values of FIELDS
    common: frozenset[str]  # names too common to be a paper's own
    tags: TagModel
    subtopics: dict[str, Subtopics]  # category -> its sub-topics
    basis: tuple | None  # LSA basis of related papers (None: exact TF-IDF cosine)
    map_basis: tuple | None  # the map's LSA space (layout.py): the related papers', or the corpus's own
    places: dict[tuple[str, str], tuple[float, float]]  # (category, sub-topic) -> its 2-D place on maps
    cased: dict[str, str]  # how the fitted abstracts spell the words of terms not in lower case ("llms" -> "LLMs")


SHARED_SPELLING = 1000  # fitted abstracts read for how the words of terms are spelled (related papers' shared terms)
FIELDS = ("name", "entities", "results", "teaser", "category", "categories", "category_terms", "subtopic", "tags")
PLACED = FIELDS[:7]  # what a placed paper gets from per-abstract work (memoized per paper)


def enrich(papers: list[Paper], config: EnrichConfig | None = None, fit: set[str] | None = None,
           cache: Cache | None = None, text_keys: list[str] | None = None, one_core=None) -> list[Paper]:
    """Fill name, title, teaser, slug, categories, subtopic, tags, entities, results, related, mentions, position.

    Corpus statistics (TF-IDF vocabulary and weights, tag vocabulary, sub-topics, common names, the
    related-papers space) are fitted on the papers whose ids are in `fit` (default: all); the others
    are placed in that fit, each as if it were alone, so a small batch of new papers leaves the fitted
    papers' own fields exactly as they were.  Related papers and mentions are always over all papers.
    `cache` (generator/cache.py) remembers the fit and each placed paper's per-abstract work;
    `text_keys`: each paper's normalize.text_keys, if the caller has them (the mentions memo's keys).
    `one_core()`, if given, is called once, as soon as enrichment needs one core only for the rest
    (from the start, unless a fit runs its per-abstract workers): the caller may use the other, and
    enrichment forks no worker after it (related papers rank all rows in this process)."""
    cfg = config or EnrichConfig()
    if not papers:
        return papers
    if cache is None or cfg.model is not None:  # (a model object has no stable key: not memoized)
        cache = Cache(None)
    with old_objects_frozen():
        fitted_papers = [p for p in papers if fit is None or p.id in fit] or papers
        key = memo_key((repr(cfg), _file_bytes(cfg.taxonomy_path), _file_bytes(cfg.model_path),
                        [(p.id, p.abstract_md, p.given_area, p.keywords) for p in fitted_papers]))
        table = cache.table("enrich-fit")
        fitted = table.get(key)
        shared = one_core is not None  # (after one_core() the caller keeps the other core busy: no more forks)
        one_core = one_core or (lambda: None)
        if fitted is None:
            fitted = _fit(fitted_papers, cfg, one_core)
            table.put(key, fitted)
        else:
            one_core()
        for p in fitted_papers:
            for name, value in zip(FIELDS, fitted.fields[p.id]):
                setattr(p, name, copy(value))
        rest = [p for p in papers if p.id not in fitted.fields]
        X = _place(rest, fitted, cfg, cache.table("enrich-placed"), key)
        _link(papers, fitted, X, cfg, cache, key, text_keys, parallel=not shared)
    return papers


def _file_bytes(path: Path | None) -> bytes:
    return Path(path).read_bytes() if path and Path(path).is_file() else b""


def _fit(papers: list[Paper], cfg: EnrichConfig, one_core) -> Fitted:
    clock = _Clock()
    workers = cfg.workers if cfg.workers > 0 else _auto_workers(len(papers))
    if workers > 1 and "fork" not in mp.get_all_start_methods():
        workers = 1
    if workers == 1:
        one_core()
    extractors = _Extractors(papers, workers)  # with workers > 1, starts now and runs alongside
    # with worker processes busy on the other cores, BLAS threads in this one would only contend
    blas = threadpool_limits(1) if workers > 1 and threadpool_limits else None
    try:
        texts = [corpus_text(p.plain_text) for p in papers]
        corpus = build_corpus(texts)
        clock("corpus")
        _categorize(papers, corpus, *_category_model(cfg), cfg)
        clock("categories")

        common = corpus_common(extractors.token_counts(), corpus)
        extractors.start(common)
        clock("names, entities, results, teasers" + (" (wait)" if workers > 1 else ""))

        keep, idf = corpus.idf(min_df=2, max_df=0.5)
        X, terms = weigh(corpus.counts[:, keep], idf), corpus.term_strings(keep)
        del corpus
        tag_lists, tag_model = assign_tags(X, terms, texts, cfg.tags_per_paper)
        for p, tags in zip(papers, tag_lists):
            p.tags = tags
        clock("tags")
        basis = lsa_basis((prune_rows(X, cfg.related_max_terms) if cfg.related_max_terms else X).sorted_indices())
        clock("related (basis)")
        groups: dict[str, list[int]] = {}
        for i, p in enumerate(papers):
            groups.setdefault(p.category, []).append(i)
        placed: dict[str, Subtopics] = {}
        for cat in sorted(groups):
            labels, model = subtopics(X, terms, groups[cat], cfg.subtopic_min, label_ok=tag_model.label_ok, texts=texts,
                                      spelled_out=tag_model.spelled_out)
            for i, label in labels.items():
                papers[i].subtopic = label
            if model is not None:
                placed[cat] = model
        spell_labels(papers, placed.values(), texts)
        clock("subtopics")
        map_basis = layout.basis_for(X, basis)
        places = layout.centres(layout.rows(X, map_basis), [layout.group_of(p) for p in papers])
        clock("map")

        per_paper = extractors.results()
        if workers > 1:
            clock("names, entities, results, teasers (wait)")
    finally:
        extractors.close()
        if blas is not None:
            blas.restore_original_limits()
    if workers > 1:
        one_core()
    for p, (name, ents, res, tease) in zip(papers, per_paper):
        p.name, p.entities, p.results, p.teaser = name, ents, res, tease
    cased = spelled({w for t in terms.tolist() for w in t.split()}, texts[:SHARED_SPELLING])
    return Fitted(terms, idf, [p.id for p in papers], X,
                  {p.id: tuple(copy(getattr(p, f)) for f in FIELDS) for p in papers},
                  common, tag_model, placed, basis, map_basis, places, cased)


def _category_model(cfg: EnrichConfig) -> tuple[Taxonomy, CategoryModel | None]:
    taxonomy = _taxonomy(cfg.taxonomy_path)
    return taxonomy, (cfg.model or _model(cfg.model_path)) if taxonomy.is_default else None


def _place(papers: list[Paper], fitted: Fitted, cfg: EnrichConfig, table, key: str) -> sp.csr_matrix:
    """Papers outside the fit: per-abstract fields (memoized per paper), tags and sub-topic placed in
    the fit; returns their TF-IDF rows over the fitted terms."""
    if not papers:
        return sp.csr_matrix((0, len(fitted.terms)), dtype=np.float32)
    texts = [corpus_text(p.plain_text) for p in papers]
    corpus = build_corpus(texts)
    X = weigh(corpus.select(fitted.terms), fitted.idf)
    keys = [memo_key((key, p.id, p.abstract_md, p.given_area, p.keywords)) for p in papers]
    known = [table.get(k) for k in keys]
    todo = [i for i, k in enumerate(known) if k is None]
    if todo:  # (each paper on its own: a user taxonomy scores it on its row of the fitted TF-IDF)
        sub = [papers[i] for i in todo]
        _categorize(sub, corpus.rows(todo), *_category_model(cfg), cfg, tfidf=(X[todo], fitted.terms))
        for i, p in zip(todo, sub):
            p.name, p.entities, p.results, p.teaser = _per_paper(fitted.common, (p.abstract_md, p.plain_text,
                                                                                 analyze(p.abstract_md)))
            known[i] = tuple(copy(getattr(p, f)) for f in PLACED)
            table.put(keys[i], known[i])
    for p, values in zip(papers, known):
        for name, value in zip(PLACED, values):
            setattr(p, name, copy(value))
    for p, tags in zip(papers, fitted.tags.place(X, texts)):
        p.tags = tags
    for cat in sorted({p.category for p in papers} & fitted.subtopics.keys()):
        rows = [i for i, p in enumerate(papers) if p.category == cat]
        for i, label in zip(rows, fitted.subtopics[cat].place(X[rows])):
            papers[i].subtopic = label
    return X


def _link(papers: list[Paper], fitted: Fitted, placed: sp.csr_matrix, cfg: EnrichConfig, cache: Cache,
          key: str, text_keys: list[str] | None = None, parallel: bool = True) -> None:
    """Over all papers: related papers, mentions, map places, titles and slugs (related lists, places and titles
    memoized)."""
    clock = _Clock()
    for p in papers:  # (a real title's name wins: "GenCompositor: ...")
        p.name = titled_name(p.given_title, p.plain_text) or p.name
    at = {i: r for r, i in enumerate(fitted.ids)}
    later = iter(range(len(fitted.ids), len(fitted.ids) + placed.shape[0]))  # placed rows, in paper order
    X = sp.vstack([fitted.X, placed]).tocsr()[[at[p.id] if p.id in at else next(later) for p in papers]]
    ids = [p.id for p in papers]
    for p, rel in zip(papers, related(X, fitted.terms, ids, cfg.related_k, cfg.related_max_terms, basis=fitted.basis,
                                      memo=(cache.table("related"), key, cache.table("related-candidates")),
                                      rhetoric=fitted.tags.rhetoric, spelled_out=fitted.tags.spelled_out,
                                      texts=[p.plain_text for p in papers],
                                      cased=fitted.cased, parallel=parallel)):
        p.related = rel
    clock("related")
    column = {t: i for i, t in enumerate(fitted.terms.tolist()) if " " not in t}

    def df(word: str) -> float:  # in how many fitted abstracts a word is (from its smoothed idf)
        i = column.get(word)
        return 0.0 if i is None else float(Corpus.df_of(float(fitted.idf[i]), len(fitted.ids)))
    for p, men in zip(papers, mentions([p.name for p in papers], [p.plain_text for p in papers], ids,
                                       cache.table("mentions") if cache.folder is not None else None, text_keys, df)):
        p.mentions = men
    clock("mentions")
    _map(papers, X, fitted, cache.table("map"), key)
    clock("map")
    titles = cache.table("titles")
    spelling = memo_key((sorted(fitted.common), sorted(fitted.cased.items())))  # (which acronyms a title spells out, how)
    for p in papers:
        title_key = memo_key((p.id, p.given_title, p.name, p.tags, spelling))  # (the id stands for the text)
        p.title = titles.get(title_key)
        if p.title is None:
            p.title = make_title(p.given_title, p.name, p.plain_text, p.tags, fitted.common, fitted.cased)
            titles.put(title_key, p.title)
    for p, slug in zip(papers, make_slugs(papers)):
        p.slug = slug
    clock("titles, slugs")


def _map(papers: list[Paper], X: sp.csr_matrix, fitted: Fitted, table, key: str) -> None:
    """Each paper's place on its collection's map (layout.py; memoized per collection)."""
    for coll in sorted({p.collection for p in papers}):
        at = [i for i, p in enumerate(papers) if p.collection == coll]
        groups = [layout.group_of(papers[i]) for i in at]
        memo = memo_key((key, [papers[i].id for i in at], groups))
        places = table.get(memo)
        if places is None:
            places = layout.positions(layout.rows(X[at], fitted.map_basis), groups, fitted.places)
            table.put(memo, places)
        for i, xy in zip(at, places):
            papers[i].position = xy
