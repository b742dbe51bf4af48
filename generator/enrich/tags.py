"""Keyphrase tags: distinctive 1-2 word terms, merged across spellings and acronyms.

"LLMs", "LLM" and "large language models" become one tag (acronym definitions found in the
corpus), singular/plural forms merge, and a tag that only one paper has is dropped (unless the
corpus is tiny).  Tags are shown in the abstract's own spelling ("chain-of-thought").
"""
from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache

import numpy as np
import scipy.sparse as sp

from .names import acronym_pairs
from .text import STOP

GENERIC = set("""
method methods approach approaches model models propose proposed performance results result task tasks data learning
existing novel framework frameworks training based using use used show shows demonstrate demonstrates experiments
experiment achieve achieves improve improves improved improvement new significantly significant state art different
various key challenge challenges problem problems paper work study studies extensive strong effective efficient
effectively efficiently existing prior previous recent recently approach performance outperforms outperform baseline
baselines benchmark benchmarks evaluation evaluate evaluations analysis code available github com https http
general generalization simple specifically leading large scale high quality low cost better best remains remain
including introduce introduces present presents provide provides enable enables enabling address addressing
step steps set sets way ways number time times level levels limited limitation limitations lack fail fails
capabilities capability ability abilities critical crucial important fundamental potential widely wide range
settings setting real world empirical empirically theoretical theoretically design designed designs yields yield
paradigm principled robust robustness comprehensive diverse consistent consistently superior substantial
substantially compared comparison standard typically often across process processes mechanism mechanisms
module modules component components strategy strategies technique techniques tool tools pipeline pipelines
additionally furthermore moreover however finally first second third code publicly open source
""".split())


def _singular(term: str) -> str:
    words = term.split()
    w = words[-1]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ics")):
        words[-1] = w[:-1]
    return " ".join(words)


def acronym_map(texts: list[str]) -> dict[str, str]:
    """lowercased acronym -> its most frequent lowercase long form ('llm' -> 'large language model')."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for t in texts:
        for long, acro in acronym_pairs(t):
            if long.islower() or long[0].isupper() and long[1:].islower():
                votes[_singular(acro.lower())][_singular(long.lower())] += 1
    return {a: c.most_common(1)[0][0] for a, c in sorted(votes.items()) if sum(c.values()) >= 2}


@lru_cache(maxsize=None)
def _worthy(term: str) -> bool:
    words = term.split()
    if any(w in GENERIC or w in STOP or w.isdigit() or len(w) < 2 for w in words):
        return False
    return len(words) == 2 or len(term) >= 4


def surface_forms(keys: list[str], texts: list[str], rows: list[list[int]]) -> dict[str, str | None]:
    """How the abstracts spell a tag: 'chain thought' -> 'chain-of-thought' (most common form);
    None when the words never stand side by side (a bigram across a dropped stop word)."""
    out: dict[str, str | None] = {}
    for key, docs in zip(keys, rows):
        words = key.split()
        if len(words) != 2:  # a word (plural if the abstracts mostly say so), or an acronym's long form
            low = " ".join(texts[d].lower() for d in docs[:20])
            plural = low.count(key + "s")
            out[key] = key + "s" if plural > low.count(key) - plural else key
            continue
        a, b = words
        forms = [f"{a}{j}{b}{s}" for j in (" ", "-", " of ", "-of-", " and ", " for ", " to ") for s in ("s", "")]
        low = [texts[d].lower() for d in docs[:20]]
        counts = [(sum(t.count(f) for t in low), -i, f) for i, f in enumerate(forms)]
        best = max(counts)
        out[key] = best[2] if best[0] else None
    return out


def assign_tags(X: sp.csr_matrix, terms: np.ndarray, texts: list[str], per_paper: int = 5,
                min_papers: int = 2) -> list[list[str]]:
    """Top tags per paper from its TF-IDF row; X is the corpus TF-IDF over `terms`."""
    acr = acronym_map(texts)
    keys, col_key = {}, []
    for t in terms:
        k = _singular(t)
        long = acr.get(k, acr.get(t))
        k = long or k
        col_key.append(keys.setdefault(k, len(keys)) if long or _worthy(k) else -1)
    col_key = np.array(col_key)
    cols = np.flatnonzero(col_key >= 0)
    G = sp.csr_matrix((np.ones(len(cols), np.float32), (cols, col_key[cols])), shape=(len(terms), len(keys)))
    S = (X @ G).tocsr()
    key_names = np.array(sorted(keys, key=keys.get), dtype=object)
    bigram = np.array([" " in k for k in key_names])
    picks = []
    for i in range(S.shape[0]):
        idx, val = S.indices[S.indptr[i]:S.indptr[i + 1]], S.data[S.indptr[i]:S.indptr[i + 1]]
        val = val * np.where(bigram[idx], 1.3, 1.0)
        order = np.lexsort((idx, -val))[:per_paper * 2]
        picks.append([int(idx[j]) for j in order])
    floor = min_papers if X.shape[0] >= 20 else 1
    pool = picks
    while True:  # keep only tags that at least `floor` papers end up with
        counts = Counter(k for p in picks for k in p)
        kept = [[k for k in p if counts[k] >= floor] for p in pool]
        new = [p[:per_paper] for p in kept]
        if new == picks:
            break
        picks, pool = new, kept
    used = sorted({k for p in picks for k in p})
    docs = defaultdict(list)
    for i, p in enumerate(picks):
        for k in p:
            docs[k].append(i)
    forms = surface_forms([key_names[k] for k in used], texts, [docs[k] for k in used])
    return [[forms[key_names[k]] for k in p if forms[key_names[k]]] for p in picks]
