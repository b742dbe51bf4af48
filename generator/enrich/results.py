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


def extract_results(text: str, limit: int = 4) -> list[str]:
    """Short claim strings in order of appearance, de-duplicated."""
    text = text.replace("\\%", "%").replace("$", "").replace("\\times", "×")
    out: list[str] = []
    for m in _RX.finditer(text):
        s = re.sub(r"(\d)\s+(×|x\b|%)", r"\1\2", " ".join(m.group(0).split())).rstrip(",.;:")
        if re.fullmatch(r"(?:by|of)?\s*[\d.,]+\s*%?", s) or len(s) > 40:
            continue
        if not any(s in o or o in s for o in out):
            out.append(s)
        if len(out) >= limit:
            break
    return out
