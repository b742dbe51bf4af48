"""Small text helpers shared by the extractors: tokenizer, sentences, slugs."""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

# one analyzer for every corpus statistic: lowercase words, English stop words out, 1-2 grams
VECTORIZER_ARGS = dict(ngram_range=(1, 2), stop_words="english", lowercase=True,
                       token_pattern=r"(?u)\b[a-zA-Z][\w\-]*[a-zA-Z0-9]\b|\b[a-zA-Z]\b", dtype=np.float32)
STOP = ENGLISH_STOP_WORDS
_WORDS = re.compile(r"[a-z0-9]+")
_SENT = re.compile(r"([.!?])\s+(?=[A-Z(\[\"“])")  # (the mark first, not a look-behind: re skips ahead to it)


def count_vectorizer(**kw) -> CountVectorizer:
    """The shared analyzer (pass vocabulary=... to count a fixed term list)."""
    return CountVectorizer(**{**VECTORIZER_ARGS, **kw})


def sentences(text: str) -> list[str]:
    """Split on sentence ends that are followed by a capital; abbreviations like 'e.g.' survive."""
    parts = _SENT.split(text)  # text, mark, text, mark, ..., text
    return [s for s in map(str.strip, map(str.__add__, parts[0::2], parts[1::2] + [""])) if s]


def slugify(text: str, limit: int = 60) -> str:
    """Lowercase ASCII words joined by hyphens, cut at a word boundary within `limit`."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = _WORDS.findall(text.replace("&", " and "))
    out = ""
    for w in words:
        if len(out) + len(w) + (1 if out else 0) > limit:
            break
        out = f"{out}-{w}" if out else w
    return out or (words[0][:limit] if words else "")


def shorten(text: str, limit: int = 200) -> str:
    """Cut text at a word boundary, adding an ellipsis when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"
