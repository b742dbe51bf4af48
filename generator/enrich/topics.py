"""Sub-topics inside large categories: spherical k-means on TF-IDF rows, labelled by c-TF-IDF terms.

A paper placed later (see generator/enrich/__init__.py) joins the sub-topic of the nearest centre."""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from .tags import _worthy
from .vectors import unit_rows


@dataclass
class Subtopics:
    """One category's sub-topics: the term columns clustered on, the centres and their labels."""

    cols: np.ndarray
    centres: np.ndarray  # k x len(cols), l2-normalised
    labels: list[str]

    def place(self, X: sp.csr_matrix) -> list[str | None]:
        """The label of the nearest centre for each row of X (None for a row with none of the terms)."""
        Xc = X[:, self.cols]
        S = np.asarray(Xc @ self.centres.T)
        has = np.diff(Xc.tocsr().indptr) > 0
        return [self.labels[int(c)] if h else None for c, h in zip(S.argmax(axis=1), has)]


def kmeans(X: sp.csr_matrix, k: int, iters: int = 15, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Spherical k-means (cosine) on l2-normalised sparse rows: labels and centres; deterministic for a seed."""
    n = X.shape[0]
    rng = np.random.RandomState(seed)
    C = X[np.sort(rng.choice(n, k, replace=False))].toarray()
    labels = np.zeros(n, dtype=np.int64)
    for it in range(iters):
        new = np.asarray(X @ C.T).argmax(axis=1)
        if it and np.array_equal(new, labels):
            break
        labels = new
        onehot = sp.csr_matrix((np.ones(n, np.float32), (labels, np.arange(n))), shape=(k, n))
        sums = np.asarray((onehot @ X).todense())
        empty = np.flatnonzero(np.abs(sums).sum(axis=1) == 0)
        sums[empty] = C[empty]  # keep an emptied centre where it was
        C = unit_rows(sums)
    return labels, C


LABEL_TERMS = 3  # terms in a sub-topic's label
LABEL_CANDIDATES = 12  # of its top c-TF-IDF terms, from which those are picked
_SPLIT = re.compile(r"[\s\-]+")


def _stem(word: str) -> str:
    """A word's singular, roughly: policies -> policy, motions -> motion, losses -> loss, patches -> patch
    (and loss, focus, analysis as they are)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def label_terms(ranked: list[str], n: int) -> list[str]:
    """Up to n of the ranked terms, none of them part of another: "flow matching" stands for "flow" and
    "matching", "motion" for "motions" (a later phrase takes the place of the words it covers)."""
    chosen: list[tuple[str, frozenset]] = []
    for term in ranked:
        words = frozenset(_stem(w) for w in _SPLIT.split(term.lower()) if w)
        if any(words <= other for _, other in chosen):
            continue
        covered = [i for i, (_, other) in enumerate(chosen) if other <= words]
        if covered:
            chosen[covered[0]] = (term, words)
            chosen = [c for i, c in enumerate(chosen) if i not in covered[1:]]
        else:
            chosen.append((term, words))
        if len(chosen) == n:
            break
    return [term for term, _ in chosen]


def subtopics(X: sp.csr_matrix, terms: np.ndarray, members: list[int], min_size: int = 40,
              per_cluster: int = 40, max_k: int = 12, max_terms: int = 2000) -> tuple[dict[int, str], Subtopics | None]:
    """Paper index -> sub-topic label for one category's members, and the sub-topics to place later
    papers in (nothing if the category is small)."""
    n = len(members)
    if n < min_size:
        return {}, None
    k = int(min(max_k, max(2, round(n / per_cluster))))
    Xc = X[members]
    df = np.asarray((Xc > 0).sum(axis=0)).ravel()
    cols = np.sort(np.argsort(-df, kind="stable")[:max_terms])  # cluster on the category's common terms
    labels, centres = kmeans(unit_rows(Xc[:, cols]), k)
    k = int(labels.max()) + 1
    # c-TF-IDF: term mass per cluster, down-weighted by how many clusters use the term
    onehot = sp.csr_matrix((np.ones(n, np.float32), (labels, np.arange(n))), shape=(k, n))
    tf = np.asarray((onehot @ Xc[:, cols]).todense())
    tf /= np.maximum(tf.sum(axis=1, keepdims=True), 1e-9)
    worthy = np.array([_worthy(str(t)) for t in terms[cols]])
    score = tf * np.log(1 + k / np.maximum((tf > 0).sum(axis=0), 1)) * worthy
    names, taken = {}, set()
    for c in range(k):
        ranked = [str(terms[cols[t]]) for t in np.lexsort((cols, -score[c]))[:LABEL_CANDIDATES] if score[c, t] > 0]
        names[c] = next((name for n in range(LABEL_TERMS, len(ranked) + 1)
                         if (name := ", ".join(label_terms(ranked, n))) not in taken), f"group {c + 1}")
        taken.add(names[c])  # (two clusters with one label would be one group on the pages)
    used = np.unique(labels)  # (a centre that ended with no member takes no later paper either)
    return ({m: names[int(lab)] for m, lab in zip(members, labels)},
            Subtopics(cols, centres[used].astype(np.float32), [names[c] for c in used.tolist()]))
