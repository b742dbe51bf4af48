"""Read: what a line of a text file is: blank (nothing on it that shows), a list's number, a sentence's
break, an "Abstract" label.  Shared by textdump.py (paragraphs and their layout) and bylines.py (the lines
around an abstract)."""
from __future__ import annotations

import re

INVISIBLE = frozenset("\u00ad\u200b\u2060\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# (soft hyphens and zero-width spaces from PDFs, "inves\u00adtigate"; direction marks): characters that show nothing
JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners: part of Persian words and emoji ("👩\u200d👧"), kept
SHOWS_NOTHING = "".join(sorted(INVISIBLE | JOINERS))
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]|[。！？]\S")
# a list number opening a paragraph ("1. ", "12) ", "[3] ", "(4) ", "#5 "): a numbered dump's, not the abstract's
LIST_NUMBER = re.compile(r"(?:(\d{1,5})[.)]|\[(\d{1,5})\]|\((\d{1,5})\)|#(\d{1,5})[.:]?)\s+(?=\S)")


def unnumbered(text: str) -> str:
    """The text without the list number that opens it ("[2] arXiv:..." -> "arXiv:..."), if one does."""
    m = LIST_NUMBER.match(text)
    return text[m.end():] if m else text
ABSTRACT_WORD = r"(?:Abstract|ABSTRACT)"
LONG_PARAGRAPH = 5_000  # characters: OpenReview's limit for an abstract; longer paragraphs are kept, with a warning
LABEL_ALONE = re.compile(ABSTRACT_WORD + r"\s*[:：.]?")  # an "Abstract" label on a line of its own
ABSTRACT_LABEL = re.compile("^" + ABSTRACT_WORD + r"\s*[:：.—–]\s*")  # "Abstract: " opening the abstract
KEYWORDS_WORDS = ("Keywords", "Key words", "Key Words", "KEYWORDS", "Index Terms")
KEYWORDS_LABEL = rf"(?:{'|'.join(KEYWORDS_WORDS)})\s*[:：—–-]\s*"  # "Keywords: ", IEEE's "Index Terms—"
HEADING_MARK = re.compile(r"#{1,6}\s+")  # a Markdown heading's "## "
BOLD_LINE = re.compile(r"\*\*([^*\s](?:[^*]*[^*\s])?)\*\*|__([^_\s](?:[^_]*[^_\s])?)__")  # "**Title**" (fullmatch)


def is_blank(line: str) -> bool:
    """A line that parts paragraphs: nothing, or only spaces and characters that show nothing (a zero-width space)."""
    return not (line.strip() and (line.isascii() or line.strip().strip(SHOWS_NOTHING).strip()))
