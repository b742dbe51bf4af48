"""Primary and secondary categories, with the words that drove each decision.

Default taxonomy: a linear model (generator/data/category_model.json, made by
`python -m generator.enrich.train_categories`) scores the areas it has training data for;
areas without training data (and every area of a user taxonomy) are scored from their
keywords and description, so all areas are reachable.  Scores become probabilities.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from .taxonomy import DATA, Taxonomy
from .text import LETTER, distinct_terms, lowered_text
from .vectors import Corpus, build_corpus, grams, row_numbers, top_in_rows, unit_rows

MODEL_PATH = DATA / "category_model.json"
TEMPERATURE = 1.0  # softmax sharpness over the model's scores (logits, calibrated as they are: see train_categories)
KEYWORD_ON, KEYWORD_SLOPE = 5.5, 3.0  # keyword evidence at which an untrained area gets p=0.5


@dataclass
class CategoryModel:
    """A linear model over sublinear TF-IDF 1-2 grams: score = tfidf(x) @ coef.T + intercept (logits)."""

    classes: list[str]
    terms: list[str]
    idf: np.ndarray
    coef: np.ndarray  # classes x terms
    intercept: np.ndarray
    trained_with: dict[str, str] = field(default_factory=dict)  # library versions: the file is theirs, byte for byte

    def to_json(self, path: Path) -> None:
        data = {"format": "paper-digest linear category model v1", "trained_with": self.trained_with,
                "classes": self.classes,
                "terms": self.terms, "idf": [round(float(v), 4) for v in self.idf],
                "intercept": [round(float(v), 4) for v in self.intercept],
                "coef": [[round(float(v), 4) for v in row] for row in self.coef]}
        path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, path: Path) -> "CategoryModel":
        d = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(d["classes"], d["terms"], np.array(d["idf"], np.float32),
                   np.array(d["coef"], np.float32), np.array(d["intercept"], np.float32), d.get("trained_with", {}))

    def features(self, counts: sp.csr_matrix) -> sp.csr_matrix:
        """Counts over self.terms -> the model's l2-normalised sublinear TF-IDF."""
        X = counts.tocsr(copy=True).astype(np.float32)
        X.data = 1 + np.log(X.data)
        return unit_rows(X @ sp.diags(self.idf))

    def scores(self, X: sp.csr_matrix) -> np.ndarray:
        return np.asarray(X @ self.coef.T) + self.intercept


def class_text(plain_text: str, keywords: list[str]) -> str:
    """What the classifier reads: the abstract, plus given keywords (twice) when present."""
    return plain_text + (" . " + " ; ".join(keywords * 2) if keywords else "")


def _keyword_evidence(corpus: Corpus, taxonomy: Taxonomy) -> np.ndarray:
    """Per paper and area: sum over the area's keywords present of 1 + log(count)."""
    kw_terms: list[list[str]] = []
    for area in taxonomy.areas:
        terms = []
        for k in area.keywords:
            wanted = [g for g in grams(k) if len(g.split()) == min(2, len(k.split()))]
            terms.append(wanted[0] if wanted else "")
        kw_terms.append(terms)
    vocab = sorted({t for ts in kw_terms for t in ts if t})
    counts = corpus.select(vocab)
    counts.data = 1 + np.log(counts.data)
    col = {t: i for i, t in enumerate(vocab)}
    W = sp.lil_matrix((len(vocab), len(taxonomy.areas)), dtype=np.float32)
    for j, ts in enumerate(kw_terms):
        for t in ts:
            if t:
                W[col[t], j] = 1
    return np.asarray((counts @ W.tocsr()).todense())


def _area_vectors(terms: np.ndarray, taxonomy: Taxonomy) -> sp.csr_matrix:
    """Each area's name, description and keywords as unit rows over `terms` (foreign taxonomies)."""
    A = build_corpus([_with_singulars(f"{a.name} ; {a.description} ; " + " ; ".join(a.keywords * 3))
                      for a in taxonomy.areas]).select(
        terms.tolist()).sorted_indices()  # (as CountVectorizer(vocabulary=terms).transform counts them)
    A.data = 1 + np.log(A.data)
    return unit_rows(A.astype(np.float32))


_PLURAL = re.compile(r"\b([A-Za-z]{3,}?)(?<![sui])s\b")  # "databases", "robots"; not "glass", "corpus", "analysis"


def _with_singulars(text: str) -> str:
    """An area's words with the singular of each plural after them: "Databases" finds "database"."""
    return _PLURAL.sub(lambda m: f"{m.group(0)} {m.group(1)}", text)


def _description_scores(X: sp.csr_matrix, terms: np.ndarray, taxonomy: Taxonomy) -> np.ndarray:
    """Cosine of each paper's TF-IDF (rows of X over terms) with each area's words."""
    return np.asarray((X @ _area_vectors(terms, taxonomy).T).todense())


def description_terms(X: sp.csr_matrix, terms: np.ndarray, taxonomy: Taxonomy, areas: list[int | None],
                      k: int = 6) -> list[list[str]]:
    """For each row of X, the terms its area areas[i] (None: no explanation) was chosen for: those with
    the largest share of the paper's cosine with the area's words (ties by column)."""
    A = _area_vectors(terms, taxonomy).tocsr()
    rows = [i for i, j in enumerate(areas) if j is not None]
    shared = X[rows].multiply(A[[areas[i] for i in rows]]).tocsr()  # (row r: paper rows[r] times its area)
    shared.eliminate_zeros()
    shared.sort_indices()
    pos, _ = top_in_rows(row_numbers(shared), shared.data, k)
    out: list[list[str]] = [[] for _ in areas]
    for r, c in zip(row_numbers(shared)[pos].tolist(), shared.indices[pos].tolist()):
        out[rows[r]].append(str(terms[c]))
    return [distinct_terms(t, k) for t in out]


def _softmax(S: np.ndarray) -> np.ndarray:
    S = S - S.max(axis=1, keepdims=True)
    E = np.exp(S)
    return E / E.sum(axis=1, keepdims=True)


def category_probs(corpus: Corpus, extra: sp.csr_matrix | None, taxonomy: Taxonomy,
                   model: CategoryModel | None, tfidf: tuple | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """Papers x areas probabilities, and the model's TF-IDF features (None without a model).

    `extra`: counts of the given keywords over model terms, added to the abstract's counts.  Without a
    model, areas are scored on the TF-IDF rows `tfidf` = (X, terms) (default: the corpus's own)."""
    evidence = _keyword_evidence(corpus, taxonomy)
    names = taxonomy.names
    if model is None or not taxonomy.is_default:
        S = _description_scores(*(tfidf or corpus.tfidf(min_df=1, max_df=0.5)), taxonomy) * 20 + 0.3 * evidence
        P = np.where(S > 0, _softmax(S), 0)  # an area none of whose words the paper has is not among its categories
        total = P.sum(axis=1, keepdims=True)
        return np.divide(P, total, out=np.zeros_like(P), where=total > 0), None  # (a row of zeros: no area at all)
    counts = corpus.select(model.terms)
    if extra is not None:
        counts = counts + extra
    X = model.features(counts)
    P = np.zeros((X.shape[0], len(names)), np.float64)
    trained = [names.index(c) for c in model.classes]
    P[:, trained] = _softmax(TEMPERATURE * model.scores(X))
    untrained = [j for j in range(len(names)) if j not in trained]
    if untrained:
        u = 1 / (1 + np.exp(-KEYWORD_SLOPE * (evidence[:, untrained] - KEYWORD_ON)))
        P[:, trained] *= (1 - u.max(axis=1, keepdims=True))
        P[:, untrained] = u
        P /= P.sum(axis=1, keepdims=True)
    return P, X


def explain_rows(X: sp.csr_matrix, model: CategoryModel, classes: list[str | None], k: int = 6,
                 texts: list[str] | None = None, telling: Callable[[str], bool] | None = None) -> list[list[str]]:
    """For each row of X, the k terms that pushed it most towards its class classes[i] (tfidf x weight;
    None: no explanation), each idea once ("reinforcement learning", not also "reinforcement").  With the
    rows' `texts` (what the model read: class_text), a pair of words only where the text writes it so
    (not "gap introduce" of "this gap, we introduce", nor "model llm" of "model (LLM)", which the
    tokenizer joined), and two pairs that overlap as one phrase where the text has it ("large language"
    and "language models" -> "large language models").  No term with a word of one letter, or of digits or marks
    only, is shown ("s" of "model's", "d objects" of "3D objects"), nor one `telling(term)` refuses (words any abstract
    may use: "existing methods", "overcome", "gap"); the model's scores are as they are."""
    X = X.tocsr().sorted_indices()  # (ties by column)
    cls_ix = np.array([model.classes.index(c) if c in model.classes else -1 for c in classes], np.int64)
    row = row_numbers(X)
    contrib = X.data * model.coef[np.maximum(cls_ix[row], 0), X.indices]
    cols, shown = np.unique(X.indices), np.zeros(len(model.terms), bool)
    shown[cols] = [all(len(w) > 1 and LETTER.search(w) for w in model.terms[c].split())
                   and (telling is None or telling(model.terms[c])) for c in cols.tolist()]
    ok = (contrib > 0) & (cls_ix[row] >= 0) & shown[X.indices]  # (no "s" of "model's": the spares go to words)
    row, col, contrib = row[ok], X.indices[ok], contrib[ok]
    pos, _ = top_in_rows(row, contrib, k + 8)  # (spares for the terms that are part of another or not written)
    out: list[list[str]] = [[] for _ in range(X.shape[0])]
    lowered: dict[int, str] = {}
    for r, c in zip(row[pos].tolist(), col[pos].tolist()):
        term = model.terms[c]
        if texts is not None and " " in term and term not in lowered_text(texts, r, lowered):
            continue
        out[r].append(term)
    if texts is not None:
        out = [_joined(terms, lowered.get(r, "")) for r, terms in enumerate(out)]
    return [distinct_terms(terms, k) for terms in out]


def _joined(terms: list[str], text: str) -> list[str]:
    """Pairs of words that overlap ("multimodal large", "large language", "language models") as the one
    phrase the (lowercased) text writes ("multimodal large language models"), where the first stood."""
    out = list(terms)
    changed = True
    while changed:
        changed = False
        for first in out:
            head, _, last = first.rpartition(" ")
            if not head:
                continue
            second = next((t for t in out if t != first and t.startswith(last + " ") and f"{head} {t}" in text), None)
            if second is not None:
                out[out.index(first)] = f"{head} {second}"
                out.remove(second)
                changed = True
                break
    return out


def keyword_terms(text: str, area_keywords: tuple[str, ...], k: int = 6) -> list[str]:
    """The area's keywords found in a text as words, plural or not (explains a keyword/description
    decision): "gene" in "gene expression", "genes", not in "generates"."""
    low = text.lower()
    counts = [(len(rx.findall(low)), kw) for kw, rx in _keyword_patterns(area_keywords)]
    hits = sorted(((n, kw) for n, kw in counts if n), key=lambda h: (-h[0], h[1]))
    return distinct_terms([kw for _, kw in hits], k)


@lru_cache(maxsize=64)
def _keyword_patterns(area_keywords: tuple[str, ...]) -> list[tuple[str, re.Pattern]]:
    return [(kw, re.compile(rf"(?<!\w){re.escape(kw.lower())}(?:e?s)?(?!\w)")) for kw in area_keywords if kw.strip()]


def load_model(path: Path | None = None) -> CategoryModel | None:
    p = Path(path) if path else MODEL_PATH
    return CategoryModel.from_json(p) if p.exists() else None
