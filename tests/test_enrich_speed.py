"""The fast paths of the enrichment give the same answers as the plain ones they replace."""
import random
import re

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.preprocessing import normalize

from generator.enrich import EnrichConfig, enrich
from generator.enrich.csvdata import DEV_CSV, paper_from_text, read_csv
from generator.enrich.related import (SCALE, _MENTION_TOKEN, _tokens_among, _trie_pattern, candidates, dense_top_k,
                                      pair_terms, related)
from generator.enrich.results import _RX, _matches
from generator.enrich.text import count_vectorizer
from generator.enrich.vectors import build_corpus, grams, top_in_rows, unit_rows

TEXTS = ["", "the and of", "We propose GPT-4o-mini x, a 3D-aware model; über-fast!",
         "Graph neural networks (GNNs) on graphs: graph neural networks scale.",
         "Large language models (LLMs) reason. Large language models plan, and LLMs act."]


def test_corpus_counts_equal_countvectorizer():
    texts = TEXTS + [f"word{i % 7} topic{i % 3} the shared phrase number {i}" for i in range(40)]
    corpus = build_corpus(texts)
    cv = count_vectorizer()
    want = cv.fit_transform(texts)
    assert list(corpus.terms) == list(cv.get_feature_names_out())
    assert (corpus.counts != want).nnz == 0
    pick = ["graph neural", "llms", "not there", "a b c", "shared phrase"]
    got = corpus.select(pick)
    ref = count_vectorizer(vocabulary={t: i for i, t in enumerate(pick[:2] + pick[4:])}).transform(texts)
    assert (got[:, [0, 1, 4]] != ref).nnz == 0 and got[:, [2, 3]].nnz == 0


def test_grams_and_stop_words_equal_scikit_learn():
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
    from generator.enrich.taxonomy import load_taxonomy
    from generator.enrich.text import STOP
    assert STOP == ENGLISH_STOP_WORDS
    analyzer = count_vectorizer().build_analyzer()
    keywords = [k for a in load_taxonomy(None).areas for k in a.keywords]
    abstracts = [p.plain_text for p in read_csv(DEV_CSV)[:50]] if DEV_CSV.exists() else []
    for text in TEXTS + keywords + abstracts:
        assert grams(text) == analyzer(text), text


def test_unit_rows_equal_scikit_learn():
    rng = np.random.default_rng(2)
    for dtype in (np.float32, np.float64):
        X = sp.random(400, 900, density=0.08, format="csr", dtype=dtype, random_state=3)
        X.data = (rng.lognormal(0, 4, len(X.data)) * rng.choice([-1, 1], len(X.data))).astype(dtype)  # wide magnitudes
        X.data[X.indptr[5]:X.indptr[6]] = 0  # a row of stored zeros, and an empty one
        X = sp.vstack([X, sp.csr_matrix((1, 900), dtype=dtype)]).tocsr()
        for M in (X, X.tocsc(), X.toarray(), np.zeros((3, 4), dtype)):
            got, want = unit_rows(M), normalize(M)
            assert type(got) is type(want) and got.dtype == want.dtype
            if sp.issparse(got):
                assert np.array_equal(got.indptr, want.indptr) and np.array_equal(got.indices, want.indices)
                got, want = got.data, want.data
            assert got.tobytes() == want.tobytes()
    assert unit_rows(sp.csr_matrix(np.array([[3, 4]]))).toarray().tolist() == [[0.6, 0.8]]  # ints: float64, as sklearn


def test_select_from_a_large_vocabulary_sorted_or_not():
    small = build_corpus(TEXTS[2:])  # a few papers against many terms: looked up, not matched by columns
    vocab = sorted(set(build_corpus(TEXTS + [f"word{i} term{i} topic" for i in range(3000)]).terms) | {"aa zz"})
    ref = count_vectorizer(vocabulary={t: i for i, t in enumerate(vocab)}).transform(TEXTS[2:])
    assert (small.select(vocab) != ref).nnz == 0 and (small.select(np.array(vocab, dtype=object)) != ref).nnz == 0
    shuffled = vocab[::-1] + ["llms"]  # not sorted, and a term twice
    got = small.select(shuffled)
    assert (got[:, :len(vocab)] != ref[:, ::-1]).nnz == 0 and (got[:, -1] != ref[:, [vocab.index("llms")]]).nnz == 0


def test_corpus_of_stop_words_only():
    corpus = build_corpus(["the and", ""])
    assert corpus.counts.shape == (2, 0) and corpus.select(["x"]).shape == (2, 1)


def test_candidates_from_the_previous_lists_equal_ranking_all_pairs():
    """Papers added, removed and both: the lists merged from the previous build's are those of
    ranking every pair again (ties included)."""
    from generator.cache import Table
    rng = np.random.default_rng(5)
    Z = np.rint(normalize(rng.standard_normal((900, 6))) * SCALE).astype(np.float32)
    Z[10] = Z[11]  # (ties)
    ids = [f"p{i}" for i in range(900)]
    for keep in (np.arange(880), np.r_[0:300, 320:880], np.r_[0:880]):
        table = Table({})
        first = candidates(Z[keep], 7, [ids[i] for i in keep], (table, "fit"))
        assert np.array_equal(first[0], dense_top_k(Z[keep], 7)[0])
        for now in (np.arange(900), np.r_[0:150, 160:900], np.r_[0:5, 6:880]):
            memo = Table(dict(table.used))
            got = candidates(Z[now], 7, [ids[i] for i in now], (memo, "fit"))
            want = dense_top_k(Z[now], 7)
            assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
    table = Table({})
    candidates(Z[:880], 7, ids[:880], (table, "fit"))
    moved = Z[:880].copy()
    moved[3] = np.rint(normalize(rng.standard_normal((1, 6))) * SCALE).astype(np.float32)
    want = dense_top_k(moved, 7)[0]
    assert np.array_equal(candidates(moved, 7, ids[:880], (Table(dict(table.used)), "fit"))[0], want)
    [(key, entry)] = table.used.items()
    lie = {**entry, "Z": moved.astype(np.int32)}  # (as if row 3 had not changed: the lists would be stale)
    assert not np.array_equal(candidates(moved, 7, ids[:880], (Table({key: lie}), "fit"))[0], want)


def test_result_scan_equals_finditer():
    rng = random.Random(0)
    parts = list("0123456789  +%x×.,-") + ["up to ", "by  ", "of\t", "more than ", "+ ", " vs ", "times ",
                                           "faster ", "AP", "% fewer tokens", "approximately ", "nearby "]
    for _ in range(3000):
        t = "".join(rng.choice(parts) for _ in range(rng.randint(1, 40)))
        assert [m.span() for m in _matches(t)] == [m.span() for m in _RX.finditer(t)], t


def test_top_in_rows_equals_lexsort():
    rng = np.random.default_rng(0)
    values = [-2.5, -1.0, -0.0, 0.0, 1e-45, 0.5, 1.0, 3.0, 1e30, np.inf, -np.inf]
    for dtype in (np.float32, np.float64):
        for _ in range(300):
            n = int(rng.integers(1, 300))
            row, val, m = np.sort(rng.integers(0, 20, n)), rng.choice(values, n).astype(dtype), int(rng.integers(1, 6))
            order = np.lexsort((np.arange(n), -val, row))
            rank = np.arange(n) - np.searchsorted(row[order], row[order])
            pos, got_rank = top_in_rows(row, val, m)
            assert pos.tolist() == order[rank < m].tolist() and got_rank.tolist() == rank[rank < m].tolist()


def test_mention_tokens_equal_findall():
    rng = random.Random(1)
    words = ["GPT", "GPT-4", "GPT-4o", "GNN", "A", "AB", "ABC", "x+", "Net", "é2", "_b"]
    starts = re.compile(_trie_pattern(words))
    parts = words + list(" .-+_,(é4oC") + [" and ", "Net.", "--", "ée"]
    for _ in range(3000):
        t = "".join(rng.choice(parts) for _ in range(rng.randint(1, 12)))
        assert _tokens_among(t, starts) == set(_MENTION_TOKEN.findall(t)) & set(words), t


def test_dense_top_k_and_pair_terms_exact():
    rng = np.random.RandomState(0)
    Z = np.rint(normalize(rng.rand(700, 8).astype(np.float32) - 0.5) * SCALE)
    Z[1] = Z[0]  # (equal rows: ties)
    Z[2] = Z[3] = np.rint(Z[3] / 4)  # (ties again, at other scores)
    idx, val = dense_top_k(Z, 4, chunk=128, block=16)
    S = (Z.astype(np.int64) @ Z.astype(np.int64).T).astype(np.float64)
    np.fill_diagonal(S, -np.inf)
    want = np.argsort(-S, axis=1, kind="stable")[:, :4]  # (best first, ties to the lower index)
    assert np.array_equal(idx, want) and np.array_equal(val, np.take_along_axis(S, want, axis=1))
    X = normalize(sp.random(50, 30, density=0.3, random_state=rng, format="csr", dtype=np.float32)).sorted_indices()
    I, J = np.repeat(np.arange(50), 3), np.tile([1, 2, 3], 50)
    cos, tops = pair_terms(X, I, J)
    assert np.allclose(cos, np.asarray(X[I].multiply(X[J]).sum(axis=1)).ravel(), atol=1e-6)
    for p in range(0, 150, 17):
        prod = X[I[p]].multiply(X[J[p]]).toarray().ravel()
        best = [c for c in np.lexsort((np.arange(30), -prod))[:4] if prod[c] > 0]
        assert [c for c in tops[p] if c >= 0] == best


@pytest.mark.skipif(not DEV_CSV.exists(), reason="dev csv not available")
def test_related_large_path_and_parallel_equal_serial():
    base = read_csv()[:1200]  # >= 1,000 papers: the LSA path
    papers = [paper_from_text(p.abstract_raw) for p in base]
    again = [paper_from_text(p.abstract_raw) for p in base]
    a = enrich(papers, EnrichConfig(workers=1))
    b = enrich(again, EnrichConfig(workers=2))
    assert [x.to_dict() for x in a] == [y.to_dict() for y in b]
    assert sum(len(p.related) for p in a) >= 4.5 * len(a)
    assert all(r.shared and r.id != p.id for p in a for r in p.related)


def test_extractor_workers_end_before_their_results_are_collected():
    """A worker leaves its share in a file and ends (it does not wait, with every page the parent has
    written to since the fork, for the parent to read it at the end of the fit); the shares arrive whole."""
    import time
    from generator.enrich import _Extractors, _per_paper
    from generator.enrich.names import analyze
    papers = [paper_from_text(f"We propose Net{i}, a method that improves results on MMLU, GSM8K, HumanEval, ImageNet,"
                              f" COCO and LongBench for task {i}, with a long account of how the approach works in"
                              f" practice and in theory. Net{i} gains 5% on MMLU and 7% on GSM8K. " * 5)
              for i in range(4000)]  # (shares of 1 MB, far more than a pipe or a socket pair holds)
    ex = _Extractors(papers, 2)
    try:
        assert len(ex.token_counts()) == len(papers)
        ex.start(frozenset())
        deadline = time.monotonic() + 60
        while any(p.is_alive() for p in ex.procs) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(p.is_alive() for p in ex.procs)
        got = ex.results()
    finally:
        ex.close()
    assert got == [_per_paper(frozenset(), (p.abstract_md, p.plain_text, analyze(p.abstract_md))) for p in papers]


@pytest.mark.skipif(not DEV_CSV.exists(), reason="dev csv not available")
def test_no_worker_is_forked_once_the_caller_took_the_other_core(monkeypatch):
    """After one_core() the build runs its near-duplicate check on the other core: related papers rank every row
    in this process (a worker for half the rows would be a third process, and its memory on top of the peak)."""
    import sys
    R = sys.modules["generator.enrich.related"]  # (the package's own "related" is the function)
    monkeypatch.setattr(R, "PARALLEL_MIN", 10)
    forked, real = [], R.fork_call
    monkeypatch.setattr(R, "fork_call", lambda f, a: forked.append(1) or real(f, a))
    base = read_csv()[:1200]  # (the LSA path)
    with_caller = enrich([paper_from_text(p.abstract_raw) for p in base], EnrichConfig(workers=1), one_core=lambda: None)
    assert forked == []
    alone = enrich([paper_from_text(p.abstract_raw) for p in base], EnrichConfig(workers=1))
    assert forked == [1]
    assert [p.related for p in with_caller] == [p.related for p in alone]
