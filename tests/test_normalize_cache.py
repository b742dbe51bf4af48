"""The normalize stage's memo (generator.cache): cold, warm, and after papers come and go, normalize and
near_duplicates give exactly what they give without a cache; a changed text is never served stale; the
memoized numbers (MinHash signatures, pair cosines) are those of their per-text / per-pair definitions."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from generator.cache import Cache
from generator.model import RawRecord, Source
from generator.normalize import (_cosines, _cosines_reference, _pair_cosines, _shingles, _signatures, _word_hash,
                                 _Words, near_duplicates, normalize)
from generator.readers import read_inputs

SEEDS = Path(__file__).resolve().parent.parent / "abstracts"


def typo(text: str, k: int) -> str:
    words = text.split()
    words[len(words) // 2 + k] += "x"
    return " ".join(words)


@pytest.fixture(scope="module")
def records() -> list[RawRecord]:
    """The seeds, and a typo'd copy of six of them (near-duplicates)."""
    recs = read_inputs([SEEDS]).records
    return recs + [RawRecord(typo(r.text, k), Source("copies.txt", 1 + 2 * k), r.collection)
                   for k, r in enumerate(recs[:6])]


def run(records, cache=None):
    papers = normalize(records, cache=cache)
    return papers, near_duplicates(papers, cache=cache)


def test_cold_warm_and_changed_corpus_give_the_uncached_result(tmp_path, records):
    expected = run(records)
    assert len(expected[1]) == 6
    cache = Cache(tmp_path)
    assert run(records, cache) == expected
    cache.save()
    cache = Cache(tmp_path)
    assert run(records, cache) == expected
    assert all(t.misses == 0 and t.hits for t in cache.tables.values()), cache.stats()
    cache.save()
    # papers come and go; two copies now come before their originals (a pair's two texts change places)
    more = [RawRecord(typo(r.text, 3), Source("more.txt", 1 + 2 * k), r.collection)
            for k, r in enumerate(records[10:13])]
    changed = records[-6:-4] + records[1:-6] + records[-4:] + more
    expected = run(changed)
    assert len(expected[1]) == 8
    cache = Cache(tmp_path)
    assert run(changed, cache) == expected
    assert all(t.hits and t.misses for t in cache.tables.values()), cache.stats()
    cache.save()
    cache = Cache(tmp_path)
    assert run(changed, cache) == expected
    assert all(t.misses == 0 for t in cache.tables.values()), cache.stats()


def test_a_changed_text_is_not_served_stale(tmp_path, records):
    cache = Cache(tmp_path)
    run(records, cache)
    cache.save()
    edited = list(records)
    edited[0] = replace(records[0], text=" ".join(records[0].text.split()[:60]))  # its copy: no longer near
    edited[1] = replace(records[1], text="Zebra " + records[1].text)
    expected = run(edited)
    got = run(edited, Cache(tmp_path))
    assert got == expected
    assert got[0][1].plain_text.startswith("Zebra ") and got[0][0].plain_text.count(" ") == 59
    assert len(got[1]) == 5


def test_a_lone_surrogate_is_a_key_like_any_text(tmp_path):
    records = [RawRecord("A JSON escape \ud800 left a lone surrogate. " * 5, Source("a.json", 1), "ICLR 2026")]
    expected = run(records)
    assert run(records, Cache(tmp_path)) == expected


def test_signatures_are_the_minhash_of_the_shingles_of_the_text_alone():
    texts = [p.plain_text for p in normalize(read_inputs([SEEDS]).records)][:12] + ["Two words", "Äpfel ÄPFEL x"]
    rng = np.random.default_rng(1)
    a = rng.integers(1, 1 << 63, size=(6, 1), dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 1 << 63, size=(6, 1), dtype=np.uint64)

    def signatures(texts):
        words = _Words(texts)
        ids, lens = words.ids(list(range(len(texts))))
        return _signatures(_word_hash(list(words.vocab))[ids], lens, a, b)

    sig = signatures(texts)
    for j, text in enumerate(texts):
        sh = _shingles(text)
        assert (sig[j] == ((a * sh[None, :] + b) >> np.uint64(32)).min(axis=1)).all()
        assert (signatures([text])[0] == sig[j]).all()  # the same in any corpus
    assert (sig[-1] == signatures(["äpfel äpfel X"])[0]).all()


def test_pair_cosines_are_the_two_texts_reference_bit_for_bit():
    texts = [p.plain_text for p in normalize(read_inputs([SEEDS]).records)][:10]
    texts += [typo(texts[0], 1), "aa bb cc dd", "aa bb cc dd ee", "a b c d e",
              "ꭰꭱ ꭰꭱ ꭲ bb", "Ꭰꭱ ꭰꭱ ꭲ bb cc"]  # (Cherokee: lowercasing the case-folded text changes it)
    n = len(texts)
    pairs = [(x, y) for x in range(n) for y in range(n) if x != y]
    words = _Words(texts)
    reference = _cosines_reference([t.casefold() for t in texts], pairs)
    got = _pair_cosines(words, pairs, None, None)
    assert got.view(np.uint32).tolist() == reference.view(np.uint32).tolist()
    assert got[pairs.index((0, 10))] > 0.9
    fast = _cosines(words.lowered(list(range(n))), list(words.vocab), *np.array(pairs).T)
    corners = {pairs[k] for k in np.flatnonzero(np.isnan(fast)).tolist()}
    # (both rows may be in sorted order, and scipy would sum another way: the pairs of texts 11-13 only)
    assert corners == {(x, y) for x in (11, 12, 13) for y in (11, 12, 13) if x != y}


def test_texts_read_and_pairs_compared_in_small_slices_give_the_same_report(records, monkeypatch):
    """The near-duplicate check bounds its memory by reading texts, and comparing candidate pairs,
    a slice at a time: slices of any size give the same warnings."""
    import generator.normalize as N
    expected = run(records)
    assert len(expected[1]) == 6
    monkeypatch.setattr(N, "_READ_CHUNK", 3)
    monkeypatch.setattr(N, "_PAIR_CHUNK", 2)
    assert run(records) == expected
