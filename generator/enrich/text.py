"""Small text helpers shared by the extractors: tokenizer, sentences, shortening."""
from __future__ import annotations

import importlib.util
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

import numpy as np

from generator.readers import CJK  # (the reader, first to meet such text, defines it)

# one analyzer for every corpus statistic: lowercase words, English stop words out, 1-2 grams
VECTORIZER_ARGS = dict(ngram_range=(1, 2), stop_words="english", lowercase=True,
                       token_pattern=r"(?u)\b[a-zA-Z][\w\-]*[a-zA-Z0-9]\b|\b[a-zA-Z]\b", dtype=np.float32)
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|ai)\b(?:/\S*)?", re.IGNORECASE)
# what a text holds (lower-cased) wherever _URL matches: a domain ending, or an i that IGNORECASE
# takes for "i" but lower() does not make one (İ, ı)
_URL_NEEDLES = (".com", ".org", ".net", ".io", ".ai", "\u0130".lower(), "\u0131")
LETTER = re.compile(r"[^\W\d_]")  # a letter of any script
CJK_STOPS = "。！？"  # the full stops of Chinese and Japanese, which no space follows
# a sentence's end: . ! ? before white space and a capital, or a CJK full stop, which needs neither
_SENT = re.compile(rf"([.!?](?=\s+[A-Z(\[\"“])|[{CJK_STOPS}])\s*")  # (the mark first, not a look-behind: re skips ahead to it)


def _stop_words() -> frozenset[str]:
    """scikit-learn's English stop words, read from their module file without importing scikit-learn,
    which takes 1-3 s (a build that only places new papers needs nothing else of it)."""
    try:
        spec = importlib.util.find_spec("sklearn")  # (finds the package without running it)
        path = Path(spec.origin).parent / "feature_extraction" / "_stop_words.py"
        module = importlib.util.module_from_spec(importlib.util.spec_from_file_location("_sklearn_stop_words", path))
        module.__spec__.loader.exec_module(module)
        return frozenset(module.ENGLISH_STOP_WORDS)
    except (AttributeError, ImportError, OSError, TypeError):  # (moved in some version: import it)
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
        return frozenset(ENGLISH_STOP_WORDS)


STOP = _stop_words()


def count_vectorizer(**kw):
    """scikit-learn's CountVectorizer with the shared analyzer (pass vocabulary=... to count a fixed
    term list): what vectors.build_corpus and vectors.grams reproduce."""
    from sklearn.feature_extraction.text import CountVectorizer
    return CountVectorizer(**{**VECTORIZER_ARGS, **kw})


def corpus_text(plain_text: str) -> str:
    """What corpus statistics (TF-IDF, tags, sub-topics, related papers, the category model) read of
    an abstract: its text less its web addresses, whose pieces ("https github", "github com") would
    otherwise be the terms that a tenth of all abstracts share."""
    low = plain_text.lower()  # (most abstracts hold none of what every address needs: 1 µs, not 120 µs of _URL)
    if "://" in plain_text or "www." in low or any(needle in low for needle in _URL_NEEDLES):
        return _URL.sub(" ", plain_text)
    return plain_text


_SPELLING_TOKEN = re.compile(r"\w[\w\-]*\w|\w")


def spelled(words: set[str], texts) -> dict[str, str]:
    """How the texts write each lowercase word where that is not lowercase: "llms" -> "LLMs", "grpo" ->
    "GRPO" (the most common spelling inside sentences, where it has a capital after its first letter),
    "bayesian" -> "Bayesian" (a capital first letter only where the word, not a compound, is nearly
    never lowercase: not "Large" of "Large Language Models (LLMs)", nor "Sharpness-Aware" of a name).
    A sentence's first word proves nothing."""
    counts: dict[str, Counter] = {}
    for t in texts:
        for m in _SPELLING_TOKEN.finditer(t):
            w = m.group(0)
            low = w.lower()
            if low not in words:
                continue
            j = m.start() - 1
            while j >= 0 and t[j].isspace():
                j -= 1
            if j < 0 or t[j] in ".!?:":  # a sentence's first word
                continue
            counts.setdefault(low, Counter())[w] += 1
    out = {}
    for low, c in sorted(counts.items()):
        best = max(c.items(), key=lambda kv: (kv[1], kv[0]))[0]
        inner_capital = any(ch.isupper() for part in best.split("-") for ch in part[1:])  # LLMs, human-AI
        proper = best[0].isupper() and "-" not in best and c[low] < 0.1 * sum(c.values())  # Bayesian
        if inner_capital or proper:
            out[low] = best
    return out


def lowered_text(texts: list[str], d: int, cache: dict[int, str]) -> str:
    """texts[d] in lower case, computed once per index (`cache` is shared by the caller's lookups)."""
    low = cache.get(d)
    if low is None:
        low = cache[d] = texts[d].lower()
    return low


def respelled(term: str, cased: dict[str, str]) -> str:
    """A lowercase term with each word as `cased` (from spelled) writes it: "llms grpo" -> "LLMs GRPO"."""
    return " ".join(cased.get(w, w) for w in term.split())


def sentences(text: str) -> list[str]:
    """Split on sentence ends that are followed by a capital; abbreviations like 'e.g.' survive."""
    parts = _SENT.split(text)  # text, mark, text, mark, ..., text
    return [s for s in map(str.strip, map(str.__add__, parts[0::2], parts[1::2] + [""])) if s]


def shorten(text: str, limit: int = 200) -> str:
    """Cut text at a word boundary, adding an ellipsis when cut: at the end of a clause if one ends in the
    last two fifths, and never after a word that leads on ("by", "the", "and"): "… flaws in current length
    rewards…", not "… rewards: (1) the erroneous penalization of essential exploratory tokens and…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0]
    clause = max(cut.rfind(", "), cut.rfind("; "), cut.rfind(": "), cut.rfind(" — "), cut.rfind(" – "))
    if clause >= 0.6 * limit:
        cut = cut[:clause]
    words = cut.split(" ")
    while len(words) > 1 and (words[-1].lower().lstrip("(").rstrip(",") in _LEADING_ON or _NUMBERING.fullmatch(words[-1])):
        words.pop()
    return " ".join(words).rstrip(",;:(—– ") + "…"


# words that lead on to what a cut leaves out
_LEADING_ON = frozenset("""a an the of to in on for with by from via into onto over under between among across
through and or but nor as at than that which who whose where when while its their our his her this these those
such is are was were be been being has have had can could will would may might must should both either each
every no not so likely e.g. i.e. during then any all using without within upon toward towards against after
before around beyond per versus vs. also more less most very how what whether if because since thereby thus hence""".split())
_NUMBERING = re.compile(r"\(?(?:\d{1,2}|[ivx]{1,4}|[a-z])\)")  # "(1)", "ii)": an item the cut leaves out


_SPLIT = re.compile(r"[\s\-–]+")


def singular(word: str) -> str:
    """A word's singular, roughly: policies -> policy, motions -> motion, losses -> loss, patches -> patch
    (and loss, focus, analysis as they are); a verb's base form likewise (detects -> detect)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


STEM = 5  # letters two words of one stem share at least
# what may follow a shared stem: "priva|cy, priva|te", "sampl|ing, sampl|er", "watermark|, watermark|ing" (not
# "image|, image|net", "classi|fier, classi|cal", "transf|er, transf|ormer")
_ENDINGS = frozenset("""s es e ed er ers ing ings ion ions ation ations ive ives ively al ally ly y cy te ity
ities ility le able ible ize ized izer izes ization ise ised isation ic ical ics ment ments ness or ors ous ial
ially on ve tion tive ty""".split()) | {""}


def distinct_terms(ranked: Iterable[str], n: int, spelled_out: Callable[[str], str] | None = None) -> list[str]:
    """Up to n of the ranked terms, none of them part of another: "flow matching" stands for "flow" and
    "matching", "motion" for "motions", "differential privacy" for "differentially private" (words of one
    stem), and a later phrase takes the place of the words it covers.  For labels and explanations that
    name each idea once: sub-topic labels, a related paper's shared terms, the words behind a category.
    `spelled_out(term)`: the term with its acronyms written out, so that "MARL" and "multi-agent reinforcement
    learning", "RLVR" and "verifiable rewards" are one idea too."""
    chosen: list[tuple[str, tuple[frozenset, ...]]] = []
    heads: set[str] = set()  # the first STEM letters of the words chosen so far (or of those replaced)

    def covers(big: tuple[frozenset, ...], small: tuple[frozenset, ...]) -> bool:
        return any(_covers(b, s) for b, s in zip(big, small))  # (as written, or spelled out)

    for term in ranked:
        words = word_set(term)
        forms = (words, word_set(spelled_out(term))) if spelled_out else (words,)
        mine = frozenset().union(*map(_heads, forms))
        if not mine.isdisjoint(heads):  # (else no word of one is a word, or of the stem, of another)
            if any(covers(other, forms) for _, other in chosen):
                continue
            covered = [i for i, (_, other) in enumerate(chosen) if covers(forms, other)]
            if covered:
                chosen[covered[0]] = (term, forms)
                chosen = [c for i, c in enumerate(chosen) if i not in covered[1:]]
                heads |= mine
                continue
        chosen.append((term, forms))
        heads |= mine
        if len(chosen) == n:
            break
    return [term for term, _ in chosen]


_DASHES = re.compile(r"[‐‑‒]")  # (Unicode hyphens: "Mixture‑of‑Experts")
_NOT_WORD = re.compile(r"'s\b|[^\w\s\-–]")


def one_idea(a: str, b: str, loose: frozenset[str] | set[str] = frozenset()) -> bool:
    """Do two terms name one idea: does each word of one have a word of the same stem in the other, as
    written or with hyphens closed up, stop words and the `loose` words aside ("differential privacy" and
    "differentially private", "multi-modal large language model" and "multimodal large language models",
    "RL from verifiable rewards" and "RL with verifiable rewards")?  Not "self-supervised learning" and
    "semi-supervised learning", nor "stable diffusion" and "speculative decoding"."""
    a, b = (_NOT_WORD.sub("", _DASHES.sub("-", t.lower())) for t in (a, b))
    for x, y in ((a, b), (a.replace("-", ""), b.replace("-", ""))):
        wx, wy = (frozenset(w for w in word_set(t) if w not in STOP and w not in loose) for t in (x, y))
        if _covers(wx, wy) or _covers(wy, wx):
            return True
    return False


@lru_cache(maxsize=1 << 16)
def _heads(words: frozenset[str]) -> frozenset[str]:
    return frozenset(w[:STEM] for w in words)


@lru_cache(maxsize=1 << 18)
def _covers(big: frozenset[str], small: frozenset[str]) -> bool:
    """Does each word of `small` have a word of the same stem in `big` ("differential privacy" covers
    "differentially private", "watermarking" covers "watermark")?"""
    return small <= big or all(w in big or any(_same_stem(w, v) for v in big) for w in small)


@lru_cache(maxsize=1 << 16)
def _same_stem(a: str, b: str) -> bool:
    """'privacy' and 'private', 'generation' and 'generative', 'attack' and 'attackers'; not 'image' and 'imagenet'."""
    n = len(os.path.commonprefix([a, b]))
    return n >= STEM and a[n:] in _ENDINGS and b[n:] in _ENDINGS


@lru_cache(maxsize=1 << 16)
def word_set(term: str) -> frozenset[str]:
    """The singulars of a term's words (memoized: related papers ask for the same terms 100,000 times
    at 20,000 papers)."""
    return frozenset(singular(w) for w in _SPLIT.split(term.lower()) if w)
