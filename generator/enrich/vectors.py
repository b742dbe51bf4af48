"""One tokenization pass over the corpus; every corpus statistic is derived from its counts.

The counts are exactly CountVectorizer's with text.VECTORIZER_ARGS (lowercase words, English stop
words out, 1-2 grams, columns in term order), built with one regex pass per abstract and numpy:
every token gets an integer id, bigrams are pairs of ids, and a term's column is its rank in
(first word, second word) order -- the same as sorting the "first second" strings, since a space
sorts before every token character.  Term strings are only made for the columns that are used.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import cached_property

import numpy as np
import scipy.sparse as sp

from .text import STOP, VECTORIZER_ARGS

_TOKEN = re.compile(VECTORIZER_ARGS["token_pattern"])


class Corpus:
    """Papers x terms raw counts of 1-2 grams; a column's term is `terms[col]` (see term_strings)."""

    def __init__(self, counts: sp.csr_matrix, words: list[str], first: np.ndarray, second: np.ndarray) -> None:
        self.counts = counts  # papers x terms, float32 counts
        self.words = words  # unigram id -> word
        self.first, self.second = first, second  # column -> word ids (second = -1 for a unigram)
        self._word_id = {w: i for i, w in enumerate(words)}
        self._terms: np.ndarray | None = None

    def term_strings(self, cols: np.ndarray) -> np.ndarray:
        """The terms of the given columns, as an object array of str."""
        w, a, b = self.words, self.first[cols].tolist(), self.second[cols].tolist()
        return np.array([w[x] if y < 0 else f"{w[x]} {w[y]}" for x, y in zip(a, b)], dtype=object)

    @property
    def terms(self) -> np.ndarray:
        """Column -> term for every column (made on first use)."""
        if self._terms is None:
            self._terms = self.term_strings(np.arange(self.counts.shape[1]))
        return self._terms

    @cached_property
    def df(self) -> np.ndarray:
        """Papers per term (computed once: common names and the idf ask for it)."""
        c = self.counts.tocsr()
        return np.bincount(c.indices, minlength=c.shape[1])

    def columns(self, terms: list[str]) -> np.ndarray:
        """Column of each term (-1 where the corpus lacks it)."""
        nw = len(self.words) + 1
        code = np.full(len(terms), -1, np.int64)
        for i, t in enumerate(terms):
            ws = t.split(" ")
            ids = [self._word_id.get(w, -1) for w in ws]
            if len(ws) <= 2 and min(ids) >= 0:
                code[i] = ids[0] * nw + (ids[1] + 1 if len(ws) == 2 else 0)
        keys = self.first * nw + self.second + 1
        pos = np.searchsorted(keys, code)
        pos = np.minimum(pos, max(len(keys) - 1, 0))
        found = (code >= 0) & (len(keys) > 0) & (keys[pos] == code if len(keys) else False)
        return np.where(found, pos, -1)

    def rows(self, idx: list[int]) -> "Corpus":
        """The corpus of some of its papers (the same columns)."""
        return Corpus(self.counts[idx], self.words, self.first, self.second)

    def select(self, terms) -> sp.csr_matrix:
        """Counts for a fixed term list (a sequence of str; zeros for terms the corpus lacks), papers x len(terms)."""
        if self.counts.shape[1] < len(terms):  # a few papers against a large vocabulary: look up
            wanted = np.asarray(terms, dtype=object)  # this corpus's own terms among the wanted ones
            if len(wanted) and bool(np.all(wanted[1:] > wanted[:-1])):  # sorted, no repeats (a fitted vocabulary)
                pos = np.searchsorted(wanted, self.terms) if self.counts.shape[1] else np.zeros(0, np.int64)
                have = np.flatnonzero(wanted[np.minimum(pos, len(wanted) - 1)] == self.terms)
                pos, have = have, pos[have]
            else:
                at: dict[str, list[int]] = {}
                for i, t in enumerate(wanted.tolist()):
                    at.setdefault(t, []).append(i)
                pairs = [(c, i) for c, t in enumerate(self.terms.tolist()) for i in at.get(t, ())]
                pos, have = (np.array(x, np.int64) for x in zip(*pairs)) if pairs else (np.zeros(0, np.int64),) * 2
        else:
            pos = self.columns(terms)
            have = np.flatnonzero(pos >= 0)
            pos = pos[have]
        pick = sp.csr_matrix((np.ones(len(have), np.float32), (pos, have)),
                             shape=(self.counts.shape[1], len(terms)))
        return (self.counts @ pick).tocsr()

    def idf(self, min_df: int = 2, max_df: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
        """The columns with min_df <= df <= max_df * n, and their (smoothed, float32) idf."""
        n = self.counts.shape[0]
        df = self.df
        keep = np.flatnonzero((df >= min(min_df, max(1, n // 2))) & (df <= max(1, max_df * n)))
        return keep, (np.log((1 + n) / (1 + df[keep])) + 1).astype(np.float32)

    @staticmethod
    def df_of(idf: float, n: int) -> float:
        """In how many of n texts a term is, from its idf (the inverse of idf's smoothing)."""
        return (1 + n) / np.exp(idf - 1) - 1

    def tfidf(self, min_df: int = 2, max_df: float = 0.5) -> tuple[sp.csr_matrix, np.ndarray]:
        """Sublinear, l2-normalised TF-IDF over terms with min_df <= df <= max_df * n."""
        keep, idf = self.idf(min_df, max_df)
        return weigh(self.counts[:, keep], idf), self.term_strings(keep)


def unit_rows(X):
    """Rows scaled to unit l2 norm (a copy), exactly as scikit-learn's preprocessing.normalize: a
    sparse row's squares summed in order in double precision, a dense row's with einsum, zero rows
    kept.  Here so that a build that only places new papers need not import scikit-learn (1-3 s)."""
    if sp.issparse(X):
        X = X.tocsr(copy=True)
        if X.dtype not in (np.float32, np.float64):
            X = X.astype(np.float64)
        nnz, start = np.diff(X.indptr), X.indptr[:-1]
        sq = (X.data * X.data).astype(np.float64)
        sums = np.zeros(X.shape[0])
        for j in range(int(nnz.max()) if len(nnz) else 0):  # column by column: each row summed in order
            live = np.flatnonzero(nnz > j)
            sums[live] += sq[start[live] + j]
        X.data = (X.data / np.repeat(np.where(sums == 0, 1.0, np.sqrt(sums)), nnz)).astype(X.dtype)
        return X
    X = np.array(X, dtype=X.dtype if np.issubdtype(np.asarray(X).dtype, np.floating) else np.float64)
    norms = np.sqrt(np.einsum("ij,ij->i", X, X))
    norms[norms < 10 * np.finfo(norms.dtype).eps] = 1.0
    X /= norms[:, None]
    return X


def grams(text: str) -> list[str]:
    """A text's terms as CountVectorizer's analyzer with text.VECTORIZER_ARGS gives them: the
    lowercase words but stop words, then the pairs of consecutive ones."""
    words = [w for w in _TOKEN.findall(text.lower()) if w not in STOP]
    return words + [f"{a} {b}" for a, b in zip(words, words[1:])]


def weigh(counts: sp.csr_matrix, idf: np.ndarray) -> sp.csr_matrix:
    """Counts (papers x terms) -> sublinear TF x idf, rows l2-normalised: each row on its own, so a
    paper placed later in a fitted vocabulary (Corpus.select) gets the row it would have had."""
    X = counts.tocsr(copy=True).sorted_indices()
    X.data = 1 + np.log(X.data)
    return unit_rows((X @ sp.diags(idf)).tocsr())


def _descending(val: np.ndarray) -> np.ndarray:
    """Integers (int64) that sort as -val does: float32 values give keys in [0, 2**32)."""
    if val.dtype == np.float32:
        bits = (np.float32(0) - val).view(np.int32).astype(np.int64)  # (0 - x: -0.0 becomes 0.0)
        return (bits ^ ((bits >> 31) & 0x7FFFFFFF)) + 2**31
    bits = (0.0 - val.astype(np.float64)).view(np.int64)
    return bits ^ ((bits >> 63) & np.int64(0x7FFFFFFFFFFFFFFF))


def top_in_rows(row: np.ndarray, val: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """The (at most) m entries of highest `val` in each row: their positions, by row, then value
    descending (ties in the given order), and each one's rank in its row.  `row` must not decrease."""
    row = np.asarray(row, np.int64)
    key = _descending(val)
    if val.dtype == np.float32:  # row and value in one key: one sort
        order = np.argsort((row << 32) | key, kind="stable")
    else:
        rank = np.empty(len(key), np.int64)
        rank[np.argsort(key, kind="stable")] = np.arange(len(key))
        order = np.argsort(row * len(key) + rank)
    at = np.arange(len(row))  # (order keeps each row's entries where they were: row[order] is row)
    place = at - np.maximum.accumulate(np.where(np.r_[True, row[1:] != row[:-1]], at, 0))
    keep = place < m
    return order[keep], place[keep]


def row_numbers(X: sp.csr_matrix) -> np.ndarray:
    """The row of each stored entry of X."""
    return np.repeat(np.arange(X.shape[0], dtype=np.int64), np.diff(X.indptr))


def build_corpus(texts: list[str]) -> Corpus:
    """Count every 1-2 gram of every text (the one tokenization pass)."""
    word_id: defaultdict[str, int] = defaultdict()
    word_id.default_factory = word_id.__len__  # a new word gets the next id
    lookup, findall = word_id.__getitem__, _TOKEN.findall
    ids: list[int] = []
    lengths = np.empty(len(texts), np.int64)
    for d, t in enumerate(texts):
        toks = findall(t.lower())
        lengths[d] = len(toks)
        ids.extend(map(lookup, toks))
    words = list(word_id)
    tok = np.array(ids, dtype=np.int64)
    doc = np.repeat(np.arange(len(texts)), lengths)
    keep = ~np.array([w in STOP for w in words], dtype=bool)[tok] if words else np.zeros(0, bool)
    tok, doc = tok[keep], doc[keep]
    if not len(tok):  # only stop words / empty texts
        return Corpus(sp.csr_matrix((len(texts), 0), dtype=np.float32), [], np.zeros(0, np.int64), np.zeros(0, np.int64))
    # words renumbered in sorted order, so integer order of (first, second) is term order
    order = sorted(range(len(words)), key=words.__getitem__)
    rank = np.empty(len(words), np.int64)
    rank[order] = np.arange(len(words))
    words = [words[i] for i in order]
    tok = rank[tok]
    nw = len(words) + 1
    pair = doc[1:] == doc[:-1]
    code = np.concatenate([tok * nw, tok[:-1][pair] * nw + tok[1:][pair] + 1])
    rows = np.concatenate([doc, doc[1:][pair]])
    keys = np.sort(code)
    keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])]  # np.unique, minus its slow argsort
    # column of each occurrence: unigrams through a per-word table, bigrams by binary search
    col = np.empty(len(code), np.int64)
    col[:len(tok)] = np.searchsorted(keys, np.arange(len(words), dtype=np.int64) * nw)[tok]
    col[len(tok):] = np.searchsorted(keys, code[len(tok):])
    counts = sp.csr_matrix((np.ones(len(col), np.float32), (rows, col)), shape=(len(texts), len(keys)))
    counts.sum_duplicates()
    return Corpus(counts, words, keys // nw, keys % nw - 1)
