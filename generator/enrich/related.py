"""Related papers: sparse top-k cosine neighbours, each with the shared terms that explain it.

Chunked sparse products (chunk x n at a time), never an n x n matrix.  Mentions: a paper whose
coined name occurs in another abstract is linked from it.
"""
from __future__ import annotations

import re

import numpy as np
import scipy.sparse as sp
from sklearn.preprocessing import normalize

from generator.model import Related

CHUNK = 512


def top_k(X: sp.csr_matrix, k: int = 5, min_score: float = 0.05) -> list[list[tuple[int, float]]]:
    """For each row of l2-normalised X: up to k (other row, cosine) pairs, best first, ties by index."""
    n = X.shape[0]
    XT = X.T.tocsc()
    out: list[list[tuple[int, float]]] = []
    for start in range(0, n, CHUNK):
        S = (X[start:start + CHUNK] @ XT).toarray()
        for r in range(S.shape[0]):
            S[r, start + r] = -1
        kk = min(k, n - 1)
        if kk <= 0:
            out.extend([] for _ in range(S.shape[0]))
            continue
        part = np.argpartition(-S, kk - 1, axis=1)[:, :kk]
        for r in range(S.shape[0]):
            cand = part[r]
            order = np.lexsort((cand, -S[r, cand]))
            out.append([(int(cand[j]), round(float(S[r, cand[j]]), 4)) for j in order if S[r, cand[j]] >= min_score])
    return out


def shared_terms(X: sp.csr_matrix, i: int, j: int, terms: np.ndarray, k: int = 4) -> list[str]:
    """The terms contributing most to the cosine of rows i and j."""
    a0, a1, b0, b1 = X.indptr[i], X.indptr[i + 1], X.indptr[j], X.indptr[j + 1]
    common, ia, ib = np.intersect1d(X.indices[a0:a1], X.indices[b0:b1], assume_unique=True, return_indices=True)
    if not len(common):
        return []
    contrib = X.data[a0:a1][ia] * X.data[b0:b1][ib]
    order = np.lexsort((common, -contrib))[:k]
    return [str(terms[common[o]]) for o in order]


def prune_rows(X: sp.csr_matrix, keep: int = 40) -> sp.csr_matrix:
    """Keep each row's `keep` heaviest terms and re-normalise: the products stay cheap at 20k papers."""
    X = X.tocsr(copy=True)
    for i in range(X.shape[0]):
        a, b = X.indptr[i], X.indptr[i + 1]
        if b - a > keep:
            row = X.data[a:b]
            cut = np.partition(row, b - a - keep)[b - a - keep]
            row[row < cut] = 0
    X.eliminate_zeros()
    return normalize(X)


def related(X: sp.csr_matrix, terms: np.ndarray, ids: list[str], k: int = 5,
            max_terms: int = 0) -> list[list[Related]]:
    """Top-k related papers per paper with the shared terms that explain each link.

    max_terms > 0 prunes each paper to its heaviest terms first (faster, slightly less accurate)."""
    Xp = prune_rows(X, max_terms) if max_terms else X
    return [[Related(ids[j], s, shared_terms(Xp, i, j, terms)) for j, s in row]
            for i, row in enumerate(top_k(Xp, k))]


def mentions(names: list[str | None], texts: list[str], ids: list[str]) -> list[list[str]]:
    """ids of other papers whose (unique, >= 3 char) name occurs as a whole word in each text."""
    owners: dict[str, list[int]] = {}
    for i, n in enumerate(names):
        if n and len(n) >= 3:
            owners.setdefault(n, []).append(i)
    unique = {n: v[0] for n, v in owners.items() if len(v) == 1}
    first = {}
    for n in unique:
        first.setdefault(n.split()[0], []).append(n)
    out = []
    for i, t in enumerate(texts):
        found = []
        for tok in sorted(set(re.findall(r"[\w][\w.\-+]*[\w+]|\w", t)) & first.keys()):
            for n in first[tok]:
                j = unique[n]
                if j != i and re.search(r"(?<![\w\-])" + re.escape(n) + r"(?![\w\-])", t):
                    found.append(ids[j])
        out.append(sorted(set(found)))
    return out
