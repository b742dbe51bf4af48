"""Words a PDF split at a line end, mended: "consis-⏎tent" -> "consistent", "self-⏎supervised" -> "self-supervised".

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
from collections import Counter
from functools import lru_cache
from pathlib import Path

WORDS_PATH = Path(__file__).resolve().parent / "data" / "words.txt"
MIN_TEXTS = 2  # abstracts that write a word for the list to hold it (one may be a typo)
_WORD = re.compile(r"\b[a-z]{4,}\b")
_AT_LINE_END = re.compile(r"(?<!\w)([A-Za-z]+)-[ \t]*\n[ \t]*([a-z]+)(?!\w)")
_IN_LINE = re.compile(r"(?<!\w)([A-Za-z]+)- (?!(?:and|or|nor|to|as|vs|versus|but|than|then|via)\b)([a-z]+)(?!\w)")


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
