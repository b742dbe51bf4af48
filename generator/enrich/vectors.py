"""One tokenization pass over the corpus; every corpus statistic is derived from its counts."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from sklearn.preprocessing import normalize

from .text import count_vectorizer


@dataclass
class Corpus:
    counts: sp.csr_matrix  # papers x terms, raw counts of 1-2 grams
    terms: np.ndarray  # column -> term
    index: dict  # term -> column

    @property
    def df(self) -> np.ndarray:
        return np.asarray((self.counts > 0).sum(axis=0)).ravel()

    def select(self, terms: list[str]) -> sp.csr_matrix:
        """Counts for a fixed term list (zeros for terms the corpus lacks), papers x len(terms)."""
        pos = np.array([self.index.get(t, -1) for t in terms])
        have = np.flatnonzero(pos >= 0)
        pick = sp.csr_matrix((np.ones(len(have), np.float32), (pos[have], have)),
                             shape=(len(self.terms), len(terms)))
        return (self.counts @ pick).tocsr()

    def tfidf(self, min_df: int = 2, max_df: float = 0.5) -> tuple[sp.csr_matrix, np.ndarray]:
        """Sublinear, l2-normalised TF-IDF over terms with min_df <= df <= max_df * n."""
        n = self.counts.shape[0]
        df = self.df
        keep = np.flatnonzero((df >= min(min_df, max(1, n // 2))) & (df <= max(1, max_df * n)))
        X = self.counts[:, keep].tocsr(copy=True)
        X.data = 1 + np.log(X.data)
        X = X @ sp.diags(np.log((1 + n) / (1 + df[keep])) + 1).astype(np.float32)
        return normalize(X.tocsr()), self.terms[keep]


def build_corpus(texts: list[str]) -> Corpus:
    """Count every 1-2 gram of every text (the one tokenization pass)."""
    cv = count_vectorizer()
    try:
        counts = cv.fit_transform(texts).tocsr()
    except ValueError:  # only stop words / empty texts
        return Corpus(sp.csr_matrix((len(texts), 0), dtype=np.float32), np.array([], dtype=object), {})
    terms = cv.get_feature_names_out()
    return Corpus(counts, terms, cv.vocabulary_)
