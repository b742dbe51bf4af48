"""Sub-topics inside large categories: spherical k-means in a small LSA space of the category's
TF-IDF rows, labelled by c-TF-IDF terms.

A paper placed later (see generator/enrich/__init__.py) joins the sub-topic of the nearest centre."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import numpy as np
import scipy.sparse as sp

from .related import SCALE, leading_axes, lsa_project
from .tags import _worthy, grown
from .text import distinct_terms, lowered_text, spelled
from .vectors import unit_rows


@dataclass
class Subtopics:
    """One category's sub-topics: the term columns and LSA axes clustered in, the centres and their labels."""

    cols: np.ndarray
    axes: np.ndarray  # dims x len(cols): the category's leading singular vectors
    centres: np.ndarray  # k x dims, l2-normalised (x SCALE, rounded)
    labels: list[str]

    def place(self, X: sp.csr_matrix) -> list[str | None]:
        """The label of the nearest centre for each row of X (None for a row with none of the terms)."""
        S = embedded(X, self.cols, self.axes) @ self.centres.T
        has = X[:, self.cols].getnnz(axis=1) > 0
        return [self.labels[int(c)] if h else None for c, h in zip(S.argmax(axis=1), has)]


LSA_DIMS, LSA_TERMS = 16, 10000  # of a category's TF-IDF rows: sub-topics that share authors' keywords 1.5-1.7x as often as
# other papers of the category do on the dev CSV, where k-means on the TF-IDF rows themselves (clustered by
# the words every abstract uses) reached 1.2-1.4x


def lsa_axes(Xc: sp.csr_matrix, dims: int = LSA_DIMS, seed: int = 0) -> np.ndarray:
    """The leading singular vectors (dims x columns) of Xc's l2-normalised rows; deterministic for a seed."""
    return leading_axes(unit_rows(Xc), dims, seed, n_iter=5)


def embedded(X: sp.csr_matrix, cols: np.ndarray, axes: np.ndarray) -> np.ndarray:
    """X's rows over `cols` in the LSA space of `axes`, as related papers' are (lsa_project: l2-normalised,
    in integer units of 1/SCALE), as float64: every cosine and sum k-means computes is an exact integer."""
    return lsa_project(X, (cols, axes)).astype(np.float64)


def kmeans(Z: np.ndarray, k: int, iters: int = 30, restarts: int = 4, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Spherical k-means (cosine) on `embedded` rows, k-means++ seeded, the best of `restarts` runs by total
    cosine: labels and centres (rounded as the rows are); deterministic for a seed."""
    best = None
    rng = np.random.RandomState(seed)
    for _ in range(restarts):
        picked = [rng.randint(len(Z))]
        near = Z @ Z[picked[0]]  # each row's cosine to its nearest pick so far (x SCALE**2)
        for _ in range(1, k):
            far = np.maximum(SCALE ** 2 - near, 0)
            picked.append(int(rng.choice(len(Z), p=far / far.sum())) if far.sum() > 0 else rng.randint(len(Z)))
            near = np.maximum(near, Z @ Z[picked[-1]])
        C = Z[picked].copy()
        labels = np.full(len(Z), -1)
        for _ in range(iters):
            new = (Z @ C.T).argmax(axis=1)
            if np.array_equal(new, labels):
                break
            labels = new
            members = sp.csr_matrix((np.ones(len(Z)), (labels, np.arange(len(Z)))), shape=(k, len(Z)))
            sums = members @ Z
            held = np.diff(members.indptr) > 0  # (an emptied centre stays where it was)
            C[held] = np.rint(unit_rows(sums[held]) * SCALE)
        fit = float((Z * C[labels]).sum())
        if best is None or fit > best[0]:
            best = (fit, labels, C)
    return best[1], best[2]


LABEL_TERMS = 3  # terms in a sub-topic's label
LABEL_CANDIDATES = 12  # of its top c-TF-IDF terms, from which those are picked
SPELLING_SAMPLE, SPELLING_GENERAL = 8, 1000  # abstracts read for how labels are spelled: per sub-topic, in all


SUBTOPICS_MAX = 40  # per category: the largest category of a 20,000-paper conference (4,000 papers) gets sub-topics
# of about 100 papers (with 12 at most, they held 330 each: lists too long to browse); they stay as coherent
# (on the dev file, sub-topics of 8-12 papers share keywords even more often than those of 40)


def subtopics(X: sp.csr_matrix, terms: np.ndarray, members: list[int], min_size: int = 40,
              per_cluster: int = 40, max_k: int = SUBTOPICS_MAX, max_terms: int = 2000,
              label_ok: Callable[[str], bool] = _worthy, texts: list[str] | None = None,
              spelled_out: Callable[[str], str] | None = None) -> tuple[dict[int, str], Subtopics | None]:
    """Paper index -> sub-topic label for one category's members, and the sub-topics to place later
    papers in (nothing if the category is small).  `label_ok(term)`: may the term be in a label.
    `texts` (the papers' corpus texts, by index): label terms are then read in their members' abstracts,
    to be completed where the abstracts nearly always go on ("rotary" -> "rotary position embedding")
    and dropped where no abstract has them as written ("sft reinforcement" of "SFT and reinforcement").
    `spelled_out(term)`: the term with its acronyms written out (one idea is named once: see distinct_terms)."""
    n = len(members)
    if n < min_size:
        return {}, None
    k = int(min(max_k, max(2, round(n / per_cluster))))
    Xc = X[members]
    df = np.asarray((Xc > 0).sum(axis=0)).ravel()
    cols = np.sort(np.argsort(-df, kind="stable")[:max_terms])  # the category's common terms, for labels
    shared = np.flatnonzero(df >= 2)  # for the clusters: the terms two papers share, the LSA_TERMS most common
    space = np.sort(shared[np.argsort(-df[shared], kind="stable")[:LSA_TERMS]])
    axes = lsa_axes(Xc[:, space])  # (float32, kept with the fit: 0.6 MB a category at most)
    labels, centres = kmeans(embedded(Xc, space, axes), k)
    k = int(labels.max()) + 1
    # c-TF-IDF: term mass per cluster, down-weighted by how many clusters use the term
    onehot = sp.csr_matrix((np.ones(n, np.float32), (labels, np.arange(n))), shape=(k, n))
    tf = np.asarray((onehot @ Xc[:, cols]).todense())
    tf /= np.maximum(tf.sum(axis=1, keepdims=True), 1e-9)
    worthy = np.array([label_ok(str(t)) for t in terms[cols]])
    score = tf * np.log(1 + k / np.maximum((tf > 0).sum(axis=0), 1)) * worthy
    names, taken = {}, set()
    for c in range(k):
        ranked = [str(terms[cols[t]]) for t in np.lexsort((cols, -score[c]))[:LABEL_CANDIDATES] if score[c, t] > 0]
        if texts is not None:
            ranked = _as_written([members[i] for i in np.flatnonzero(labels == c)[:LABEL_READ]], ranked, texts)
        names[c] = next((name for n in range(LABEL_TERMS, len(ranked) + 1)
                         if (name := ", ".join(distinct_terms(ranked, n, spelled_out))) not in taken), f"group {c + 1}")
        taken.add(names[c])  # (two clusters with one label would be one group on the pages)
    used = np.unique(labels)  # (a centre that ended with no member takes no later paper either)
    return ({m: names[int(lab)] for m, lab in zip(members, labels)},
            Subtopics(space, axes, centres[used], [names[c] for c in used.tolist()]))


LABEL_READ = 20  # abstracts of a sub-topic read for how its label terms are written


def _as_written(docs: list[int], ranked: list[str], texts: list[str]) -> list[str]:
    """The ranked label terms as the sub-topic's abstracts write them: completed where they nearly always
    go on, dropped where none has them (a pair of words the tokenizer joined across a stop word)."""
    lowered: dict[int, str] = {}
    return [grown(term, texts, docs, lowered) for term in ranked
            if " " not in term or any(term in lowered_text(texts, d, lowered) for d in docs)]


def spell_labels(papers, models, texts: list[str]) -> None:
    """Sub-topic labels as the abstracts spell their words: "mathematical reasoning, LLMs, RLVR",
    "Bayesian, kernel, Langevin" (read in a few papers of each sub-topic and, so that a word of a
    capitalised name is not taken for a proper one -- "Vision" of "Vision Transformers" --, in the
    first SPELLING_GENERAL of all; a word none of those has, in every paper of its sub-topics).  Changes
    papers' subtopic and the models' labels in place."""
    members: dict[str, list[int]] = {}
    for i, p in enumerate(papers):
        if p.subtopic:
            members.setdefault(p.subtopic, []).append(i)
    sample = sorted({i for ms in members.values() for i in ms[:SPELLING_SAMPLE]} | set(range(min(len(texts), SPELLING_GENERAL))))
    words = {w for label in members for w in _LABEL_WORD.findall(label)}
    cased = spelled(words, (texts[i] for i in sample))
    read = "\n".join(texts[i] for i in sample).lower()
    unread = {w for w in words if w not in read}  # (in none of those: read every member of the sub-topics using it)
    if unread:
        cased.update(spelled(unread, (texts[i] for i in sorted({i for label, ms in members.items()
                                                                 if unread.intersection(_LABEL_WORD.findall(label))
                                                                 for i in ms}))))
    if not cased:
        return

    def spell(label: str) -> str:
        return _LABEL_WORD.sub(lambda m: cased.get(m.group(0), m.group(0)), label)

    for p in papers:
        if p.subtopic:
            p.subtopic = spell(p.subtopic)
    for model in models:
        model.labels = [spell(label) for label in model.labels]


_LABEL_WORD = re.compile(r"[^\s,]+")

