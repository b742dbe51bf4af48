"""Related papers: top-k neighbours per paper, each with the shared terms that explain the link.

From 1,000 papers, candidates are ranked by cosine in a 32-dimension LSA space (the TF-IDF rows
projected on the leading singular vectors of a 2,000-paper sample over the 10,000 most frequent
terms).  That groups papers by topic better than raw TF-IDF cosine (share of top-5 neighbours in
the same ICLR area on the dev set: 0.48 vs 0.43) and is cheap: a dense chunk x n product with a
block-maximum top-k, never an n x n matrix (exact TF-IDF cosine cost ~25 s at 20,000 papers).
The LSA rows are rounded to multiples of 1/SCALE, so every ranking score is an integer below 2**24,
which single precision holds exactly at every step of any sum: the same candidates in any BLAS and
any order of summation, and a later build can add new papers to the previous build's lists
(candidates) instead of ranking all pairs again.
Smaller corpora use exact TF-IDF cosine.  A kept neighbour must also have TF-IDF cosine >= min_score
(so it has shared terms; spare candidates fill in); TF-IDF cosine and shared terms are computed for
those pairs only.  The score shown is the ranking cosine.  Mentions: a paper whose coined name
occurs in another abstract is linked from it.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Callable, Iterable

import numpy as np
import scipy.sparse as sp
from threadpoolctl import threadpool_limits  # installed with scikit-learn

from generator.cache import memo_key
from generator.model import Related
from generator.parallel import fork_call

from .names import coined
from .tags import GENERIC, GENERIC_MODIFIERS, ING_NOUNS, VERBISH, continuations, continued, participle
from .text import distinct_terms, respelled
from .vectors import row_numbers, top_in_rows, unit_rows

CHUNK = 512
LSA_MIN_PAPERS = 1000  # below this, exact TF-IDF cosine (cheap, and LSA needs papers to learn topics)
LSA_DIMS, LSA_TERMS, LSA_SAMPLE = 32, 10000, 2000
BLOCK = 64  # columns per block in the block-maximum top-k
SCALE = 4088.0  # LSA coordinates in units of 1/4088: with up to 64 dimensions |q| <= 4092, so every partial
# sum of a dot product is an integer below 4092**2 < 2**24, exact in float32 (a resolution of 2.4e-4 per coordinate)
EXTRA = 15  # spare candidates per paper, for neighbours dropped for too few shared terms
SHARED = 4  # shared terms shown per related paper
SPARE_TERMS = 10  # more of the top shared terms, for those dropped (untelling, rhetoric, or part of another)


def top_k(X: sp.csr_matrix, k: int = 5, min_score: float = 0.05) -> list[list[tuple[int, float]]]:
    """For each row of l2-normalised X: up to k (other row, cosine) pairs, best first, ties by index."""
    n = X.shape[0]
    XT = X.T.tocsc()
    out: list[list[tuple[int, float]]] = []
    kk = min(k, n - 1)
    for start in range(0, n, CHUNK):
        S = (X[start:start + CHUNK] @ XT).toarray()
        rows = np.arange(S.shape[0])
        S[rows, start + rows] = -1
        if kk <= 0:
            out.extend([] for _ in rows)
            continue
        cand = np.argpartition(-S, kk - 1, axis=1)[:, :kk]
        val = np.take_along_axis(S, cand, axis=1)
        order = np.lexsort((cand, -val))
        cand, val = np.take_along_axis(cand, order, axis=1), np.take_along_axis(val, order, axis=1)
        out.extend([(int(j), round(float(s), 4)) for j, s in zip(c, v) if s >= min_score] for c, v in zip(cand, val))
    return out


def lsa_basis(X: sp.csr_matrix, dims: int = LSA_DIMS, max_terms: int = LSA_TERMS, sample: int = LSA_SAMPLE,
              seed: int = 0) -> tuple[np.ndarray, np.ndarray] | None:
    """The leading singular vectors (columns, dims x columns) of a sample of X's rows over its
    `max_terms` most frequent terms; None where X is too small for LSA (then exact TF-IDF cosine).
    Deterministic for a seed."""
    n = X.shape[0]
    if n < LSA_MIN_PAPERS or X.shape[1] <= 2 * dims:
        return None
    df = np.bincount(X.indices, minlength=X.shape[1])
    cols = np.sort(np.argsort(-df, kind="stable")[:max_terms])
    rows = np.sort(np.random.RandomState(seed).choice(n, sample, replace=False)) if n > sample else np.arange(n)
    return cols, leading_axes(X[rows][:, cols], dims, seed)


def leading_axes(M: sp.csr_matrix, dims: int, seed: int = 0, n_iter: int = 4) -> np.ndarray:
    """The leading right singular vectors of M (at most dims x columns, float32); deterministic for a seed."""
    from sklearn.utils.extmath import randomized_svd  # (only when fitting: importing scikit-learn takes 1-3 s)
    d = max(1, min(dims, M.shape[0] - 1, M.shape[1] - 1))
    with threadpool_limits(1):  # one BLAS thread: the same floats, hence neighbours and sub-topics, on any machine
        _, _, Vt = randomized_svd(M, d, n_iter=n_iter, random_state=seed)
    return Vt.astype(np.float32)


def lsa_project(X: sp.csr_matrix, basis: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Rows of X in the LSA space of `basis`, l2-normalised, in units of 1/SCALE: papers x dims,
    float32 integers (a row depends on its own row of X only)."""
    cols, Vt = basis
    with threadpool_limits(1):
        return np.rint(unit_rows(np.asarray(X[:, cols].tocsr() @ Vt.T, dtype=np.float32)) * np.float32(SCALE))


PARALLEL_MIN = 4000  # papers; below this a forked worker costs more than it saves


def dense_top_k(Z: np.ndarray, k: int, chunk: int = 256, block: int = BLOCK,
                parallel: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Per row of Z (float32 integers, as lsa_project gives): the k other rows of highest dot product,
    ties to the lower index (papers x k indices, and integer scores, best first).

    Each chunk x n block of scores is cut into column blocks; the k blocks with the highest maxima
    (ties to the lower block) hold the k best scores, so only those are sorted.  From PARALLEL_MIN
    rows a forked worker does the second half (`parallel`: unless the caller keeps the other core busy)."""
    n = Z.shape[0]
    half = (n // 2 // chunk) * chunk
    worker = fork_call(lambda lo: _dense_rows(Z, k, chunk, block, lo, n), half) if parallel and n >= PARALLEL_MIN else None
    if worker is None:
        return _dense_rows(Z, k, chunk, block, 0, n)
    try:
        idx, val = _dense_rows(Z, k, chunk, block, 0, half)
    except BaseException:
        worker.cancel()
        raise
    idx2, val2 = worker()
    return np.concatenate([idx, idx2]), np.concatenate([val, val2])


def _dense_rows(Z: np.ndarray, k: int, chunk: int, block: int, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    """dense_top_k for rows lo..hi (lo a multiple of chunk)."""
    n = Z.shape[0]
    k = min(k, n - 1)
    nb = -(-n // block)
    Zp = np.zeros((nb * block, Z.shape[1]), np.float32)
    Zp[:n] = Z
    idx = np.empty((hi - lo, k), np.int64)
    val = np.empty((hi - lo, k), np.int64)
    kb = min(k, nb)
    offs = np.arange(block)
    for s in range(lo, hi, chunk):
        S = Z[s:min(s + chunk, hi)] @ Zp.T  # (integers below 2**24: exact)
        r = np.arange(S.shape[0])
        S[r, s + r] = -np.inf
        S[:, n:] = -np.inf
        bm = S.reshape(len(r), nb, block).max(axis=2).astype(np.float64) * nb - np.arange(nb)  # (exact: below 2**46)
        blocks = np.sort(np.argpartition(-bm, kb - 1, axis=1)[:, :kb], axis=1)
        cols = (blocks[:, :, None] * block + offs).reshape(len(r), kb * block)
        top = _best(np.take_along_axis(S, cols, axis=1).astype(np.float64), cols, k)
        idx[s - lo:s - lo + chunk], val[s - lo:s - lo + chunk] = top
    return idx, val


def _best(S: np.ndarray, cols: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row: the k (column, integer score) of highest score, ties to the lower column, best first;
    scores -inf (a row's own column, padding) come last."""
    key = S * 2.0 ** 22 - cols  # (exact in float64: |S| < 2**24, columns < 2**22; -inf stays -inf)
    best = np.argpartition(-key, k - 1, axis=1)[:, :k] if key.shape[1] > k else np.arange(key.shape[1])[None].repeat(len(key), 0)
    best = np.take_along_axis(best, np.argsort(-np.take_along_axis(key, best, axis=1), axis=1), axis=1)
    return np.take_along_axis(cols, best, axis=1), np.take_along_axis(S, best, axis=1).astype(np.int64)


def candidates(Z: np.ndarray, k: int, ids: list[str], memo=None, parallel: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """dense_top_k(Z, k, parallel=parallel); with `memo` (a cache table of its own, the fit's key) from the previous
    build's lists where it can: each paper that was there, with the same row and no candidate gone, keeps its list
    merged with its scores against the new papers, and only the new papers are ranked against all.
    The scores being exact integers and ties going to the lower index (the papers that stay keep
    their order), that is the result of ranking all pairs again, to the bit."""
    table, key = (memo[0], memo_key(("candidates", memo[1], k))) if memo is not None else (None, None)
    old = table.get(key) if table is not None else None
    fresh = None
    if old is not None and old["k"] == min(k, len(ids) - 1):
        at = {i: r for r, i in enumerate(ids)}
        where = np.array([at.get(i, -1) for i in old["ids"]], np.int64)  # old row -> new row (-1: gone)
        kept = np.flatnonzero(where >= 0)
        same = np.array_equal(Z[where[kept]], old["Z"][kept])
        if same and np.all(np.diff(where[kept]) > 0):  # (the papers that stay keep their order)
            fresh = np.setdiff1d(np.arange(len(ids)), where[kept])
    if fresh is None or len(fresh) > len(ids) // 4:
        idx, val = dense_top_k(Z, k, parallel=parallel)
    else:
        idx, val = np.empty((len(ids), old["k"]), np.int64), np.empty((len(ids), old["k"]), np.int64)
        lists = where[old["idx"][kept]]  # the kept papers' lists, in new rows (-1: gone)
        whole = kept[(lists < 0).any(axis=1)]  # a candidate gone: ranked again in full
        merge = np.setdiff1d(kept, whole)
        full = np.union1d(fresh, where[whole])
        if len(merge):
            rows = where[merge]
            S = np.concatenate([old["val"][merge].astype(np.float64), (Z[rows] @ Z[fresh].T).astype(np.float64)], axis=1)
            cols = np.concatenate([where[old["idx"][merge]], np.broadcast_to(fresh, (len(rows), len(fresh)))], axis=1)
            idx[rows], val[rows] = _best(S, cols, old["k"])
        for r in full.tolist():  # (few: the new papers, and those that lost a candidate)
            S = (Z[r:r + 1] @ Z.T).astype(np.float64)
            S[0, r] = -np.inf
            idx[r], val[r] = _best(S, np.arange(len(ids))[None], old["k"])
    if table is not None:
        table.replace_all(key, {"k": idx.shape[1], "ids": list(ids), "Z": Z.astype(np.int32),
                                "idx": idx.astype(np.int32), "val": val})
    return idx, val


def pair_terms(X: sp.csr_matrix, I: np.ndarray, J: np.ndarray, k: int = 4,
               chunk: int = 10000) -> tuple[np.ndarray, np.ndarray]:
    """Cosine of rows I[p] and J[p] of l2-normalised X (sorted indices), and the k columns contributing
    most to it, best first (ties by column; -1 pads pairs with fewer shared columns)."""
    scores = np.zeros(len(I), np.float32)
    tops = np.full((len(I), k), -1, np.int64)
    for s in range(0, len(I), chunk):
        P = X[I[s:s + chunk]].multiply(X[J[s:s + chunk]]).tocsr()
        P.eliminate_zeros()
        scores[s:s + chunk] = np.asarray(P.sum(axis=1)).ravel()
        P.sort_indices()  # (after the sum, which adds in P's own order; sorted: ties by column)
        row = row_numbers(P)
        pos, rank = top_in_rows(row, P.data, k)
        tops[s + row[pos], rank] = P.indices[pos]
    return scores, tops


def prune_rows(X: sp.csr_matrix, keep: int = 40) -> sp.csr_matrix:
    """Keep each row's `keep` heaviest terms and re-normalise."""
    X = X.tocsr(copy=True)
    for i in range(X.shape[0]):
        a, b = X.indptr[i], X.indptr[i + 1]
        if b - a > keep:
            row = X.data[a:b]
            cut = np.partition(row, b - a - keep)[b - a - keep]
            row[row < cut] = 0
    X.eliminate_zeros()
    return unit_rows(X)


def related(X: sp.csr_matrix, terms: np.ndarray, ids: list[str], k: int = 5,
            max_terms: int = 0, min_score: float = 0.05, basis=None, memo=None,
            rhetoric: Callable[[str], bool] | None = None, spelled_out: Callable[[str], str] | None = None,
            texts: list[str] | None = None,
            cased: dict[str, str] | None = None, parallel: bool = True) -> list[list[Related]]:
    """Top-k related papers per paper with the shared terms that explain each link.

    max_terms > 0 prunes each paper to its heaviest terms first.  `basis`: the LSA basis to rank in
    (lsa_basis of the fitted papers' rows), None for exact TF-IDF cosine.  `rhetoric(term)`: a term
    too vague to show as shared (see TagModel.rhetoric).  `spelled_out(term)`: the term with its acronyms
    written out (not "RL" and "reinforcement learning" as two shared terms).  `texts` (the abstracts, by
    row): a pair of words is shared only as an abstract writes it, not as the tokenizer joined it across a
    parenthesis or a stop word ("models mllms" of "models (MLLMs)", "sft reinforcement" of "SFT and
    reinforcement"), and whole ("group relative policy optimization", not "group relative").  `cased`: how the abstracts
    spell words not in lower case (text.spelled: "llms" -> "LLMs"), for the shared terms shown.
    `memo`: (cache table, key of X's fit, cache table for `candidates`): a paper's list depends only
    on its candidates (their ids and ranking scores) and their rows of X, so a paper whose candidates
    did not change since the last build gets the list it got then.  `parallel`: False where the caller
    keeps the other core busy (no worker is forked for half the rows)."""
    n = X.shape[0]
    out: list[list[Related]] = [[] for _ in range(n)]
    if n < 2 or k <= 0 or X.shape[1] == 0:
        return out
    X = (prune_rows(X, max_terms) if max_terms else X.tocsr()).sorted_indices()
    kk = min(k + EXTRA, n - 1)
    if basis is not None:
        with threadpool_limits(1):  # (one BLAS thread: the worker forked for half the rows has the other core)
            idx, score = candidates(lsa_project(X, basis), kk, ids, (memo[2], memo[1]) if memo else None, parallel)
        I, J, sim = np.repeat(np.arange(n), idx.shape[1]), idx.ravel(), (score.ravel() / SCALE ** 2).astype(np.float32)
    else:
        rows = top_k(X, kk, min_score=min_score)
        I = np.array([i for i, row in enumerate(rows) for _ in row], np.int64)
        J = np.array([j for row in rows for j, _ in row], np.int64)
        sim = np.array([s for row in rows for _, s in row], np.float32)
    keys = None
    if memo is not None:
        table, fit_key = memo[:2]
        bounds = np.searchsorted(I, np.arange(n + 1)).tolist()
        J_ids = [ids[j] for j in J.tolist()]
        keys = [memo_key((fit_key, k, max_terms, min_score, ids[i], J_ids[a:b], sim[a:b].tobytes()))
                for i, (a, b) in enumerate(zip(bounds, bounds[1:]))]
        known = [table.get(key) for key in keys]
        out = [r or [] for r in known]
        keep = np.array([r is None for r in known])[I]
        I, J, sim = I[keep], J[keep], sim[keep]
    # TF-IDF cosine and shared terms: for the first k candidates, then spares for papers still short
    rank = np.arange(len(I)) - np.searchsorted(I, I)
    todo = np.flatnonzero(rank < k)
    term_list = terms.tolist()
    written = _AsWritten(texts) if texts is not None else None
    spelled_out = lru_cache(maxsize=None)(spelled_out) if spelled_out is not None else None  # (asked per link)
    have = np.array([len(r) for r in out], np.int64)  # each paper's related papers so far
    tells: dict[int, bool] = {}  # column -> can its term explain a link (asked 30 times per column at 20,000 papers)

    def telling(t: int) -> bool:
        if t not in tells:
            tells[t] = telling_term(term_list[t], rhetoric)
        return tells[t]
    for extra in range(k, kk + 1):
        cos, tops = pair_terms(X, I[todo], J[todo], SHARED + SPARE_TERMS)
        for i, j, s, c, top in zip(I[todo].tolist(), J[todo].tolist(), sim[todo].tolist(), cos.tolist(), tops.tolist()):
            if c >= min_score and have[i] < k:
                pair = None if written is None else (lambda t, i=i, j=j: written(t, i, j))
                shared = _telling((term_list[t] for t in top if t >= 0 and telling(t)), pair, spelled_out)
                if shared:  # (a link no term explains is not shown: a spare takes its place)
                    out[i].append(Related(ids[j], round(s, 4), [respelled(t, cased) for t in shared] if cased else shared))
                    have[i] += 1
        todo = np.flatnonzero((rank == extra) & (have < k)[I])
        if not len(todo):
            break
    if keys is not None:
        for i in np.unique(I).tolist():
            table.put(keys[i], out[i])
    return out


class _AsWritten:
    """A shared term as the two abstracts write it: a single word as it is; a pair of words only if the
    first abstract has it (else None), and completed where the two nearly always go on with the same
    words ("group relative" -> "group relative policy optimization", tags.continued).  A pure function
    of the two texts (a memoized related list must be the list computed afresh).  Called row by row:
    the first text, lowered, and what follows a term in it are kept for all the row's links; the second
    is read only where the first goes on with one word."""

    def __init__(self, texts: list[str]) -> None:
        self.texts, self.row, self.low, self.follows = texts, -1, "", {}

    def __call__(self, term: str, i: int, j: int) -> str | None:
        if " " not in term:
            return term
        if i != self.row:
            self.row, self.low, self.follows = i, self.texts[i].lower(), {}
        if term not in self.low:
            return None
        grown, theirs_low = term, None
        for _ in range(2):
            mine = self.follows.get(grown)
            if mine is None:
                mine = self.follows[grown] = continuations(grown, self.low)
            if not mine[1] or mine[1].most_common(1)[0][1] < 0.7 * mine[0]:
                break
            theirs_low = theirs_low or self.texts[j].lower()
            theirs = continuations(grown, theirs_low)
            longer = continued(grown, mine[0] + theirs[0], mine[1] + theirs[1])
            if longer == grown:
                break
            grown = longer
        return grown


_UNTELLING = frozenset({"et", "al", "et al", "ii", "iii", "iv", "vs", "versus"})  # citations' "et al.", numbering, "X vs. Y"
_STRAY = frozenset(["s", "e", "o", "like", "unlike"])  # letters cut off "model's", "e.g." and "O(n)" by the tokenizer,
# and words of a comparison ("models like GPT", "unlike prior")
# what every abstract says: a link explained by "existing methods" or "work introduce" is not explained
_BOILERPLATE = frozenset("""work paper propose proposes proposed introduce introduces introduced present presents
presented show shows demonstrate demonstrates study novel approach method methods results experiments extensive
outperforms existing based new using achieve achieves framework simple effective""".split())
# ... nor by words any abstract may use, whatever its topic (beside the tag vocabulary's generic words and verbs:
# a small corpus cannot tell them itself)
_ANY_TOPIC = frozenset("""offer offers individual gap gaps support obtain similar emerge need needs complex issue issues
overcome application applications natural available implementation lens instead captures result strongest built
realistic community suffer quantify time focus public previous lack mitigate gain gains systematic insight insights
delivers essential possess property properties function difficult accelerates integrate representative
effectiveness cost costs directly notably furthermore experimental advances rigorous supports preserves drive guide
modern distinct predict comprises includes including alongside comparable improvement improvements derive derived
analyze uncover extracts explain just""".split())


def _vague(word: str) -> bool:
    """A word that explains no link between two papers: generic, a verb, an adverb, a participle."""
    return word in _BOILERPLATE or word in _ANY_TOPIC or word in GENERIC or word in GENERIC_MODIFIERS \
        or word in VERBISH or word.endswith("ly") or participle(word) or word.endswith("ing") and word not in ING_NOUNS


def telling_term(term: str, rhetoric: Callable[[str], bool] | None = None) -> bool:
    """Can a term explain a link (or a category) to a reader?  Not a lone letter ("o" of O(n)), not "et al", not "model s"
    (model's), not words any abstract may use ("existing methods", "consistently outperforms") or
    rhetoric (`rhetoric(term)`)."""
    words = term.split()
    return not (term in _UNTELLING or all(len(w) == 1 for w in words) or any(w in _STRAY for w in words)
                or all(_vague(w) for w in words) or rhetoric is not None and rhetoric(term))


def _telling(terms: Iterable[str], as_written: Callable[[str], str | None] | None = None,
             spelled_out: Callable[[str], str] | None = None) -> list[str]:
    """The first SHARED of the (telling) terms, each idea once ("semantic segmentation", not also "semantic"
    and "segmentation"; see distinct_terms for `spelled_out`); `as_written(term)`: the term as the abstracts
    write it, or None (looked up only for the terms needed)."""
    if as_written is not None:
        terms = (w for w in map(as_written, terms) if w)
    return distinct_terms(terms, SHARED, spelled_out)


_MENTION_TOKEN = re.compile(r"[\w][\w.\-+]*[\w+]|\w")


def _tokens_among(text: str, words: re.Pattern) -> set[str]:
    r"""The words (a _trie_pattern of strings that _MENTION_TOKEN fullmatches) that are
    tokens of text: set(_MENTION_TOKEN.findall(text)) & words, without tokenizing the whole text.

    findall cuts every run of [\w.+-] characters into at most one token, the run less its leading
    [.+-] and trailing [.-] characters; so an occurrence of a word is a token if only such
    characters stand between it and the ends of its run."""
    found = set()
    for m in words.finditer(text):
        a, b = m.span()
        while a and text[a - 1] in ".-+":
            a -= 1
        while b < len(text) and text[b] in ".-":
            b += 1
        if not (a and _run_char(text[a - 1])) and not (b < len(text) and _run_char(text[b])):
            found.add(m.group())
    return found


def _trie_pattern(words: list[str]) -> str:
    """A regex for any of the (non-empty) words, matching the longest where several start at one place:
    their trie as nested groups, so that re tries one branch per character, not every word."""
    trie: dict = {}
    for w in words:
        node = trie
        for c in w:
            node = node.setdefault(c, {})
        node[""] = {}  # a word ends here

    def pattern(node: dict) -> str:
        branches = [re.escape(c) + pattern(child) for c, child in sorted(node.items()) if c]
        body = "|".join(branches)
        if len(branches) > 1 or (branches and "" in node):
            body = f"(?:{body})" + ("?" if "" in node else "")  # (greedy: the longer word first)
        return body

    return pattern(trie)


def _run_char(c: str) -> bool:
    r"""A character of a token run: \w (isalnum() or "_") or one of .-+"""
    return c.isalnum() or c in "_.-+"


def mentions(names: list[str | None], texts: list[str], ids: list[str], memo=None,
             keys: list[str] | None = None, df: Callable[[str], float] | None = None) -> list[list[str]]:
    """ids of other papers whose (unique, >= 3 char) name occurs as a whole word in each text; not a name that
    is an ordinary word, which other abstracts write in its own sense ("Navigation" of "Vision-and-Language
    Navigation"): one word, not coined, that more texts write in any case (`df(lower-case word)`: in how many
    texts) than write it as the name (in capitals: "Muddit" is a name, "Anchor" a word).

    Whether a name occurs in a text depends on the two alone, so `memo` (a cache table) keeps each
    text's names found among the previous build's names: a text seen then is searched only for the
    names that are new since (at 20,000 papers: 0.05 s for 20 new papers instead of 0.4 s).  The
    memo's keys are memo_key of each text (normalize.text_keys); `keys`: those, if the caller has them."""
    owners: dict[str, list[int]] = {}
    for i, n in enumerate(names):
        if n and len(n) >= 3:
            owners.setdefault(n, []).append(i)
    unique = {n: v[0] for n, v in owners.items() if len(v) == 1}
    # (a name whose first word is no token is never found)
    candidates = sorted(n for n in unique if _MENTION_TOKEN.fullmatch(n.split()[0]))
    previous = memo.get(_MENTIONS_KEY) if memo is not None else None
    if memo is None:
        keys = []
    elif keys is None:
        keys = [memo_key(t) for t in texts]
    if previous is None:
        found = _names_in(texts, candidates)
    else:
        known, was = previous["found"], set(previous["names"])
        new = [n for n in candidates if n not in was]
        fresh = [i for i, k in enumerate(keys) if k not in known]
        found = [set() for _ in texts]
        for i, f in zip(fresh, _names_in([texts[i] for i in fresh], candidates)):
            found[i] = f
        seen = [i for i, k in enumerate(keys) if k in known]
        current = set(candidates)
        for i, f in zip(seen, _names_in([texts[i] for i in seen], new)):
            found[i] = {n for n in known[keys[i]] if n in current} | f
    if memo is not None:
        memo.replace_all(_MENTIONS_KEY, {"names": candidates, "found": {k: sorted(f) for k, f in zip(keys, found)}})
    if df is not None:
        written = Counter(n for f in found for n in f)  # (texts that write each name, its own among them)
        plain = {n for n in written if " " not in n and not coined(n) and df(n.lower()) > 1.5 * written[n] + 1}
        found = [f - plain for f in found]
    return [sorted({ids[unique[n]] for n in f if unique[n] != i}) for i, f in enumerate(found)]


_MENTIONS_KEY = "names found in each text"


def _names_in(texts: list[str], candidates: list[str]) -> list[set[str]]:
    """For each text, the names among `candidates` (each a first word _MENTION_TOKEN fullmatches)
    that occur in it as whole words."""
    first: dict[str, list[str]] = {}
    for n in candidates:
        first.setdefault(n.split()[0], []).append(n)
    if not first:
        return [set() for _ in texts]
    starts = re.compile(_trie_pattern(list(first)))  # where a first word stands
    whole: dict[str, re.Pattern] = {}  # name -> its whole-word pattern, compiled once
    out = []
    for t in texts:
        found = set()
        for tok in _tokens_among(t, starts):
            for n in first[tok]:
                rx = whole.get(n)
                if rx is None:
                    rx = whole[n] = re.compile(r"(?<![\w\-])" + re.escape(n) + r"(?![\w\-])")
                if rx.search(t):
                    found.add(n)
        out.append(found)
    return out
