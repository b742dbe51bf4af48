"""Related terms for the search: the index terms that stand for the same idea as a query word.

A search for `jailbreak` also finds the papers that say "red-teaming", "bypass" or "harmful
prompts" without the word itself; paper-search.js ranks them after every paper that has the word,
marked "related idea".  The relations are learned from the papers themselves, over the search
index's own terms (lunr's stems): each term is a vector in an LSA space (the truncated SVD of
the papers' TF-IDF over their abstracts, terms weighted by their singular values), and a term's
related terms are its nearest ones there (cosine >= MIN_SIMILARITY, at most PER_TERM).

Only corpora of MIN_PAPERS papers or more have them (LSA on fewer learns noise).  Vectors are
rounded to integers (enrich.related's SCALE), so the neighbours are the same in any BLAS.

Acronyms are the same idea under another spelling: `acronyms` reads the papers' own definitions
("large language models (LLMs)"), so that a search for `LLM` also finds the papers that only write
"large language models", and one for `reinforcement learning` those that only write "RL".
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Callable, Iterable

import numpy as np
import scipy.sparse as sp
from threadpoolctl import threadpool_limits  # installed with scikit-learn

from .enrich.related import SCALE, dense_top_k
from .enrich.vectors import unit_rows

MIN_PAPERS = 1000
DIMS = 64  # (at most 64: see enrich.related.SCALE)
MIN_DF, MAX_DF_SHARE = 5, 0.1  # terms in fewer papers are noise, in more carry no idea of their own
PER_TERM = 6
MIN_SIMILARITY = 0.6


def related_terms(terms: list[str], T: np.ndarray, D: np.ndarray, TF: np.ndarray,
                  docs: np.ndarray) -> dict[str, list[tuple[str, int]]]:
    """term -> its related terms, best first, each with its cosine in hundredths.

    T, D, TF: postings of the abstracts' field (index in `terms`, doc, term frequency); only the
    postings of the docs in `docs` (doc numbers) are learned from."""
    learn = np.isin(D, docs)
    n = len(np.unique(D[learn]))
    if n < MIN_PAPERS:
        return {}
    T, D, TF = T[learn], np.unique(D[learn], return_inverse=True)[1], TF[learn].astype(np.float64)
    df = np.bincount(T, minlength=len(terms))
    worded = np.fromiter((t.isalnum() and not t.isdigit() and len(t) > 1 for t in terms), bool, len(terms))
    cols = np.flatnonzero((df >= MIN_DF) & (df <= MAX_DF_SHARE * n) & worded)
    if len(cols) <= 2 * DIMS:
        return {}
    col_of = np.full(len(terms), -1)
    col_of[cols] = np.arange(len(cols))
    keep = col_of[T] >= 0
    weight = (1 + np.log(TF[keep])) * np.log(n / df[T[keep]])  # sublinear tf x idf
    X = sp.csr_matrix((weight, (D[keep], col_of[T[keep]])), shape=(n, len(cols)))
    X = unit_rows(X)
    from sklearn.utils.extmath import randomized_svd
    with threadpool_limits(1):  # one BLAS thread: the same floats on any machine
        _, S, Vt = randomized_svd(X, DIMS, n_iter=5, random_state=0)
    Z = np.rint(unit_rows(Vt.T * S) * SCALE).astype(np.float32)
    idx, score = dense_top_k(Z, PER_TERM, parallel=False)
    cut = MIN_SIMILARITY * SCALE * SCALE
    out: dict[str, list[tuple[str, int]]] = {}
    for row, (js, ss) in enumerate(zip(idx.tolist(), score.tolist())):
        near = [(terms[cols[j]], int(s / (SCALE * SCALE) * 100 + 0.5)) for j, s in zip(js, ss) if s >= cut]
        if near:
            out[terms[cols[row]]] = near
    return out


ACRONYM_MIN_PAPERS = 2  # papers that define an acronym the same way before the search trusts it
ACRONYM_SHARE = 0.25  # of an acronym's definitions, at least this share for a long form to count
ACRONYM_CASED = 0.8  # of the acronym's occurrences, at least this share as written (LLM, not llm)


def acronyms(texts: Iterable[str], terms_of: Callable[[str], list[str]]) -> dict[str, list[list[str]]]:
    """acronym's index term -> the index terms of each of its long forms, as the papers define them
    ('... large language models (LLMs) ...' -> {'llm': [['larg', 'languag', 'model']]}).

    A long form counts when ACRONYM_MIN_PAPERS papers define it and it is at least ACRONYM_SHARE of
    its acronym's definitions (a truncated 'policy optimization (PPO)' is rare beside the whole form);
    it must have two words at least, and the acronym must be written as such (ACRONYM_CASED of its
    occurrences: not 'map', 'cat').  `terms_of`: the search index's pipeline for a text."""
    from .enrich.names import acronym_pairs
    texts = list(texts)
    cached_terms = lru_cache(maxsize=None)(lambda text: tuple(terms_of(text)))  # (the same strings recur)
    defined: dict[str, Counter] = defaultdict(Counter)
    for text in texts:
        for long, acro in set(acronym_pairs(text)):
            words = [w for w in re.split(r"[\s\-–]+", long) if w]
            if len(words) < 2:  # (a word may give two letters: "Sparse Autoencoders (SAEs)")
                continue
            term, longs = cached_terms(acro), cached_terms(long)
            if len(term) == 1 and longs and term != longs:
                defined[term[0]][(acro.rstrip("s") if acro[:-1].isupper() else acro, longs)] += 1
    kept: dict[str, tuple[set[str], list[list[str]]]] = {}
    for term, forms in sorted(defined.items()):
        total = sum(forms.values())
        keep = sorted({longs for (_, longs), n in forms.items() if n >= ACRONYM_MIN_PAPERS and n >= ACRONYM_SHARE * total})
        if keep:
            kept[term] = ({acro for acro, _ in forms}, [list(longs) for longs in keep])
    # how each kept acronym is written, in whole words (a hyphenated compound, 'MoE-based', is no use of it)
    wanted = {w.lower() + end for spellings, _ in kept.values() for w in spellings for end in ("", "s")}
    written: Counter = Counter()
    for tok, n in Counter(w for text in texts for w in text.split()).items():
        core = tok.strip(_PUNCT)
        if core.lower() in wanted:
            written[core] += n
    lowered: Counter = Counter()
    for tok, n in written.items():
        lowered[tok.lower()] += n
    out: dict[str, list[list[str]]] = {}
    for term, (spellings, longs) in kept.items():
        forms = {a + end for a in spellings for end in ("", "s")}  # (each word form once: "GNN", "GNNs", "Gnns")
        as_written = sum(written[f] for f in forms)
        anyhow = sum(lowered[f] for f in {f.lower() for f in forms})
        if as_written >= ACRONYM_CASED * anyhow:
            out[term] = longs
    return out


_PUNCT = "()[]{}.,;:!?\"'`“”‘’*$_~"
