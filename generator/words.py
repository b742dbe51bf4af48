"""Words a PDF split at a line end, mended: "consis-⏎tent" -> "consistent", "self-⏎supervised" -> "self-supervised";
and letters pdflatex parted from their accents: "Schr¨odinger" -> "Schrödinger" (accented).

    python -m generator.words [--csv PATH] [--out PATH]     (rewrites generator/data/words.txt from the dev CSV)

Text pasted from a PDF keeps its hyphenation: a word split over two lines ("consis-" and "tent").
Whether the hyphen belongs to the word ("self-supervised") or only to the line ("consistent") takes a
word list: generator/data/words.txt, the lower-case words of letters only (4 or more) that at least two
of the dev CSV's titles and abstracts write, as machine-learning papers spell them.  A hyphen at a
line end joins its halves when they make such a word and stays otherwise (the line break goes).  A
hyphen and a space inside a line ("consis- tent", "self- supervised": wrapped lines or a table's cell
joined) are mended so too, but before "and", "or", "to" and the like: "pre- and post-training" stays.
"""
from __future__ import annotations

import argparse
import re
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path

WORDS_PATH = Path(__file__).resolve().parent / "data" / "words.txt"
MIN_TEXTS = 2  # abstracts that write a word for the list to hold it (one may be a typo)
_WORD = re.compile(r"\b[a-z]{4,}\b")
_AT_LINE_END = re.compile(r"(?<!\w)([A-Za-z]+)-[ \t]*\n[ \t]*([a-z]+)(?!\w)")
_IN_LINE = re.compile(r"(?<!\w)([A-Za-z]+)- (?!(?:and|or|nor|to|as|vs|versus|but|than|then|via)\b)([a-z]+)(?!\w)")


# TeX's accents as pdflatex sets them without T1 fonts: a spacing accent before its letter ("Schr¨odinger"), a cedilla
# after it ("c¸"); as combining marks, each makes the letter it composes with ("ö"), or stays as it is
_SPACING = "\u00a8\u00b4\u02dc\u02c6\u02c7\u02d8\u02da\u02d9\u02dd\u00af\u02cb"  # ¨ ´ ˜ ˆ ˇ ˘ ˚ ˙ ˝ ¯ ˋ
_COMBINING = dict(zip(_SPACING + "\u00b8", "\u0308\u0301\u0303\u0302\u030c\u0306\u030a\u0307\u030b\u0304\u0300\u0327"))
ANY_ACCENT = re.compile(f"[{_SPACING}\u00b8]")  # (the fast test)
_ACCENT_BEFORE = re.compile(f"([{_SPACING}])\\s?([A-Za-z\u0131])")
_CEDILLA_AFTER = re.compile("([A-Za-z])\\s?\u00b8")


def accented(text: str) -> str:
    """TeX's spacing accents put on their letters: "Schr¨odinger" -> "Schrödinger", "Franc¸ois" -> "François"."""
    def put(letter: str, accent: str, whole: str) -> str:
        one = unicodedata.normalize("NFC", letter.replace("\u0131", "i") + _COMBINING[accent])
        return one if len(one) == 1 else whole
    text = _ACCENT_BEFORE.sub(lambda m: put(m.group(2), m.group(1), m.group()), text)
    return _CEDILLA_AFTER.sub(lambda m: put(m.group(1), "\u00b8", m.group()), text)


@lru_cache(maxsize=1)
def words() -> frozenset[str]:
    return frozenset(WORDS_PATH.read_text("utf-8").split())


def _joined(m: re.Match) -> str:
    """The two halves as one word where the list holds it, else joined by their hyphen."""
    whole = m.group(1) + m.group(2)
    return whole if whole.lower() in words() else f"{m.group(1)}-{m.group(2)}"


def mend_breaks(text: str) -> str:
    """The text with the words a line end split mended (see above)."""
    if "-\n" in text or "- \n" in text or "-\t\n" in text:
        text = _AT_LINE_END.sub(_joined, text)
    if "- " in text:
        text = _IN_LINE.sub(_joined, text)
    return text


def main() -> None:
    from .enrich.csvdata import DEV_CSV, read_csv

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--out", type=Path, default=WORDS_PATH)
    args = ap.parse_args()
    counts: Counter = Counter()
    for p in read_csv(args.csv):
        # (a word a line end split is not counted: "consis-⏎tent" gives neither "consis" nor "tent" a vote)
        text = re.sub(r"\w+-\s*\n\s*\w+", " ", f"{p.given_title or ''}\n{p.abstract_raw}")
        counts.update(set(_WORD.findall(text.lower())))
    args.out.write_text("".join(w + "\n" for w in sorted(w for w, n in counts.items() if n >= MIN_TEXTS)), "utf-8")


if __name__ == "__main__":
    main()
