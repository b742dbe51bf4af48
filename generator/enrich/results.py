"""Headline quantitative claims: "81× faster", "+5.1 AP", "95.2% vs 55.0%", "over 50% fewer tokens"."""
from __future__ import annotations

import re

_NUM = r"\d+(?:[.,]\d+)?"
_Q = r"(?:(?:up to|over|more than|nearly|about|around|approximately|roughly|by|at least|only|just)\s+)?"
_UNIT = r"(?:AP|mAP|mIoU|BLEU|ROUGE(?:-L)?|FID|dB|PSNR|points?|pp|percentage points?|accuracy|F1|pass@1|Elo)"
_CMP = r"(?:faster|speedup|speed-up|acceleration|fewer|less|smaller|lower|higher|more|larger|reduction|improvement|gains?|better|cheaper|compression|throughput|memory)"
_NEXT = r"(?:\s+(?!(?:than|the|and|in|on|of|to|for|with|over|at|while|compared)\b)[a-z]\w+)?"  # "fewer tokens"
PATTERNS = [
    rf"{_NUM}\s?%\s?(?:vs\.?|versus|compared (?:to|with)|over|against)\s?{_NUM}\s?%",
    rf"{_Q}{_NUM}\s?(?:×|x|X|times)\s?(?:{_CMP}{_NEXT})?(?![\w])",
    rf"[+]\s?{_NUM}\s?%?\s?{_UNIT}?",
    rf"{_Q}{_NUM}\s?%\s?(?:relative\s+|absolute\s+)?(?:{_CMP}{_NEXT})",
    rf"(?:by|of)\s+{_NUM}\s?(?:%|{_UNIT})",
    rf"{_NUM}\s?%\s?(?:accuracy|success rate|win rate|pass@1)",
]
_RX = re.compile("|".join(f"(?:{p})" for p in PATTERNS))

# Every match holds a number, and what precedes its first digit is at most one of these words plus the
# whitespace before the digit, or "+" (and one space).  So only a few positions next to each digit can
# start a match: _matches tries those instead of letting the regex try every position of the text.
_DIGIT = re.compile(r"\d")
_SPACED_UNIT = re.compile(r"(\d)\s+(×|x\b|%)")
_BARE_NUMBER = re.compile(r"(?:by|of)?\s*[\d.,]+\s*%?")
_LEAD_WORDS = ("up to", "over", "more than", "nearly", "about", "around", "approximately", "roughly", "by",
               "at least", "only", "just", "of")


def _matches(text: str):
    """Exactly _RX.finditer(text), found by trying only the possible starts around each digit."""
    pos = 0
    while True:
        dm = _DIGIT.search(text, pos)
        if dm is None:
            return
        d = dm.start()
        j = d
        while j > pos and text[j - 1].isspace():
            j -= 1
        starts = {d}
        if j < d:  # "<word> <digit>"
            starts.update(j - len(w) for w in _LEAD_WORDS if j - len(w) >= pos and text.startswith(w, j - len(w)))
        if d - 1 >= pos and text[d - 1] == "+":
            starts.add(d - 1)
        if d - 2 >= pos and text[d - 2] == "+" and text[d - 1].isspace():
            starts.add(d - 2)
        for s in sorted(starts):
            m = _RX.match(text, s)
            if m:
                yield m
                pos = m.end()
                break
        else:
            pos = d + 1


def extract_results(text: str, limit: int = 4) -> list[str]:
    """Short claim strings in order of appearance, de-duplicated."""
    text = text.replace("\\%", "%").replace("$", "").replace("\\times", "×")
    out: list[str] = []
    for m in _matches(text):
        s = _SPACED_UNIT.sub(r"\1\2", " ".join(m.group(0).split())).rstrip(",.;:")
        if _BARE_NUMBER.fullmatch(s) or len(s) > 40:
            continue
        if not any(s in o or o in s for o in out):
            out.append(s)
        if len(out) >= limit:
            break
    return out
