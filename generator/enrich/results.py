"""Headline quantitative claims: "81× faster", "+5.1 AP", "95.2% vs 55.0%", "over 50% fewer tokens"."""
from __future__ import annotations

import re

_DIGITS = r"\d+(?:[.,]\d+)?"
_START = r"(?<![\w.\-^{+])"  # a number not inside a name or formula: "Boltz-1x", "d+1", "10^{-3}"
_NUM = _START + _DIGITS
_RANGED = rf"{_START}(?:{_DIGITS}(?:\s?(?:×|x|X|%))?\s?(?:–|-|−|to)\s?)?{_DIGITS}"  # "1.2×–1.5×", "2.24x to 4.32x", "6.4–14.2%", "20 − 59%"
_MUL = r"\s?(?:×|x|X|times)"
_QUALIFIERS = ("up to", "over", "more than", "nearly", "about", "around", "approximately", "roughly", "by", "at least",
               "only", "just", "less than", "fewer than", "below", "under", "at most", "almost", "above")
# (a qualifier stays with its figure: "less than 50% accuracy" is no 50% accuracy)
_BOUNDS = "<>≤≥≈~"  # ("$\\gt 4$% accuracy gain", "~8% more"): a qualifier as a sign
_Q = r"(?:(?:" + "|".join(q.replace(" ", r"\s?" if q == "up to" else r"\s+") for q in _QUALIFIERS) \
    + rf")\s+|[{_BOUNDS}]\s?)?"
_UNIT = r"(?:AP|mAP|mIoU|BLEU|ROUGE(?:-L)?|FID|dB|PSNR|points?|pp|percentage points?|accuracy|F1|pass@1|Elo)(?![\w@])"
_COMPARATIVES = r"faster|fewer|less|smaller|lower|higher|more|larger|better|cheaper"
_CHANGES = (r"speedups?|speed-ups?|acceleration|reductions?|improvements?|gains?|compression|increase|decrease|boost|"
            r"savings")  # (nouns of a change)
_CMP = rf"(?:{_COMPARATIVES}|{_CHANGES}|throughput|memory)"
_STOP = (r"(?:than|the|and|or|in|on|of|to|for|with|over|at|while|compared|without|that|which|are|is|was|were|"
         r"across|from|per|when|where|after|before|during|using|as|by|relative|respectively|even|still|also|only|"
         r"vs|versus|under|its|their|our|this|these|it|we|they|a|an|both|all|on|into|via|within)\b")
_WORD = rf"(?:(?!{_STOP})[a-z][\w\-‑]+|[A-Z][a-z]+(?:\s+[A-Z][a-z]+){{0,3}}(?:\s+\([A-Z]+\))?|[A-Z]{{2,}}[\w\-‑]*)"
# (a word, or a metric's Title-Case name or acronym: "lower RMS error", "higher Attack Success Rates (ASR)")
_ADJ = r"[a-z][\w\-‑]*(?:al|able|ible|ive)|average|non|more|most"
_MOD = rf"{_ADJ}|[a-z][\w\-‑]*(?:ing|ed)|wall-clock|wall‑clock|token|GPU|compute|inference|[A-Z]{{2,}}"
# what a claim is about: one word ("fewer tokens", "faster sampling"), or a modifier and its noun
# ("less training time"); never an adjective alone ("80% fewer expensive")
_NEXT = rf"(?:\s+(?:(?:{_MOD})\s+{_WORD}|(?!(?:{_ADJ})\b){_WORD}))?"
_BEFORE_CMP = rf"(?:(?!{_STOP})[a-z][\w\-‑]*\s+){{0,2}}"  # "8× efficiency gain", "5.4× computational cost reduction"
_ON = r"\s?on\s+(?:the\s+)?[A-Z][\w\-.+]*[\w+]"  # "on MATH500", "on HumanEval+"
PATTERNS = [
    rf"{_NUM}\s?%\s?(?:vs\.?|versus|compared (?:to|with)|over|against)\s?{_NUM}\s?%",
    rf"{_Q}{_RANGED}{_MUL}\s?{_BEFORE_CMP}{_CMP}{_NEXT}(?![\w])",
    # "+5.1 AP", "+3.4%", "+1.83 higher PSNR", "+17.0 on HumanEval", "+13.2 mIoU on VOC", "+6.1% FG-ARI on COCO"
    rf"(?<![\w}})^])[+]\s?{_DIGITS}(?:\s?%\s?(?:{_UNIT}(?:\s+(?:{_CHANGES})\b)?|{_BEFORE_CMP}{_CMP}(?:\s+{_UNIT})?"
    rf"|[A-Z]{{2,}}[\w\-]*(?=\s+on\s))?"
    rf"|\s?(?:{_UNIT}|{_CMP}(?:\s+{_UNIT})?)"
    rf"|(?={_ON}))(?:{_ON})?",
    rf"{_Q}{_RANGED}\s?%\s?(?:relative\s+|absolute\s+)?{_BEFORE_CMP}(?:{_CMP}{_NEXT})",  # ("39% token reduction")
    rf"(?:by|of)\s+{_NUM}\s?(?:%|{_UNIT})",
    rf"{_Q}{_NUM}\s?%\s?(?:accuracy|(?:attack\s+)?success rate|win rate|pass@1|recall|precision|agreement|"
    rf"(?:(?!{_STOP})[a-z]+\s+){{0,2}}(?:pass|error|refusal|hit|acceptance|detection|success) rates?\b)"
    rf"(?:\s+(?:drops?|degradation|loss|declines?|gaps?|{_CHANGES})\b)?",  # ("70% accuracy gains")
    # ("74.4% overall execution pass rate", "12% refusal rate")
    rf"{_NUM}\s?%(?:\s?accuracy)?{_ON}",  # "83.4% on MATH500"
]
_RX = re.compile("|".join(f"(?:{p})" for p in PATTERNS))

# claims whose number comes last, after what changed and how: "improves overall score by 11.5%", "reducing token
# usage by up to 70%", "relative gains exceeding 85.7%", "average accuracies of 65.4%", "speedup from 2.35x to 2.58x"
_AMOUNT = rf"{_Q}(?:[+]\s?{_DIGITS}|{_RANGED})\s?(?:%|×|x\b|X\b|times\b|{_UNIT})"  # ("by 0.42 percentage points", "by 15.9
# mAP", "of +34.3%")
_CHANGED = (r"(?:improv|reduc|increas|decreas|boost|cut|lower|rais|outperform|surpass|exceed|accelerat|speed|shrink|"
            r"compress|sav|enhanc|gain|beat)[a-z]*")
_WORDS = rf"(?:(?:the|its)\s+)?(?:(?!{_STOP})[A-Za-z][\w\-‑@.]*\s+){{0,3}}?"  # (what: "token usage", "GPU memory usage")
_METRIC = r"(?:accurac(?:y|ies)|success rates?|win rates?|pass rates?|scores?|F1|agreement|precision|recall|AUROC|AUC)"
LATE_PATTERNS = [
    rf"\b{_CHANGED}\s+(?:(?:in|of)\s+{_WORDS}(?:by|of)|{_WORDS}by)\s+{_AMOUNT}",  # ("a reduction in reasoning tokens by 50%")
    rf"\b{_CHANGED}\s+{_AMOUNT}\s+(?:in|of)\s+(?:(?!{_STOP})[a-z][\w\-]*\s+)?(?!{_STOP})[a-z][\w\-]*",  # ("reducing 42% in annotation costs")
    rf"\b(?:(?:relative|absolute|average|overall|mean)\s+)?(?:{_CMP}|{_METRIC})\s+(?:of|exceeding|above|reaching)\s+{_AMOUNT}",
    rf"\b(?:(?!{_STOP})[A-Za-z][\w\-]*\s+)?{_METRIC}\s+(?:of|at)\s+{_AMOUNT}",  # ("PSNR score of 37dB")
    rf"\b{_WORDS}from\s+{_Q}{_NUM}\s?(%|×|x\b)\s+to\s+{_Q}{_NUM}\s?(?:%|×|x\b)",
]
_LATE = re.compile("|".join(f"(?:{p})" for p in LATE_PATTERNS))
_LATE_AT = re.compile(rf"\b(?:by|of|at|exceeding|above|reaching|from|{_CHANGED})\s+{_Q}(?:[+]\s?)?\d")  # where a late claim's number comes
MAX_CLAIM = 50  # characters

# Every match holds a number, and what precedes its first digit is at most one of these words plus the
# whitespace before the digit, or a bound's sign (_BOUNDS), or "+" (and one space).  So only a few positions
# next to each digit can start a match: _matches tries those instead of letting the regex try every position.
_DIGIT = re.compile(r"\d")
_LEAD_ARTICLE = re.compile(r"^(?:the|its|an?)\s+")
_WHAT_OF = re.compile(rf"((?<![\w\-‑@])(?:(?!{_STOP})[A-Za-z][\w\-‑@]*\s+){{0,2}})$")  # (the words right before, up to a stop word)
_SPACED_UNIT = re.compile(r"(\d)\s+(×|x\b|%)")
_BARE_NUMBER = re.compile(r"(?:by|of)?\s*[\d.,]+\s*%?")
_LEAD_WORDS = (*_QUALIFIERS, "upto", "of")


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
        if j - 1 >= pos and text[j - 1] in _BOUNDS:  # "<5%", "≥ 90%"
            starts.add(j - 1)
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


def _late(text: str):
    """For each place a late claim's number comes, the longest _LATE match of at most MAX_CLAIM characters
    that reaches it, tried only from the starts of the words just before it (not from every position)."""
    for a in _LATE_AT.finditer(text):
        for i in range(max(0, a.start() - MAX_CLAIM), a.start() + 1):
            if not i or not (text[i - 1].isalnum() or text[i - 1] in "-_‑@."):
                m = _LATE.match(text, i)
                if m and m.end() > a.start() and m.end() - i <= MAX_CLAIM:
                    yield m
                    break


def _no_overlap(matches: list[re.Match]) -> list[re.Match]:
    """The longest of each set of overlapping matches (the first where they are as long)."""
    out: list[re.Match] = []
    for m in sorted(matches, key=lambda m: (-(m.end() - m.start()), m.start())):
        if all(m.end() <= o.start() or m.start() >= o.end() for o in out):
            out.append(m)
    return out


# what a change is in, after a claim that names none: "20x reduction | in attention computation", "12.6% improvement |
# in image generation tasks" (a whole phrase of at most three words, not the start of a longer one), or on what
# benchmark ("3.6% improvement | on ImageNet")
_IN_WHAT = re.compile(rf"\s+(?:in|of)\s+(?!(?:average|total|general|particular|practice|addition|turn|summary|"
                      rf"contrast|part)\b)(?:(?!{_STOP})[a-z][\w\-‑]*\s+){{0,2}}(?!{_STOP})[a-z][\w\-‑]*"
                      rf"(?=\s*(?:[,.;:)]|$)|\s+{_STOP})")  # (not "in average", "in total")
_ON_WHAT = re.compile(_ON + r"(?![\w\-+]|\.\w)(?!\s+[A-Z])")  # ("3.6% improvement on ImageNet"; not "on the Travelling | Salesman")
_THAN_WHAT = re.compile(r"\s+than\s+(?:the\s+)?[A-Z][\w\-.+]*[\w+](?![\w\-+]|\.\w)(?!\s+[A-Z])")  # ("170x less | than DDP")
_OVER_WHAT = re.compile(r"\s*(?<=\s)(?:over|vs\.?|versus)\s+[A-Z][\w\-.+]*[\w+](?![\w\-+]|\.\w)(?!\s+[A-Z])")
# (a figure or a change, over what method: "+34.8% | over DPO", "improves helpfulness by 34.8% | vs DPO")
_FIGURE_END = re.compile(rf"(?:\d|%|×|\bx|\b{_UNIT})$")
_COMPARED = re.compile(rf"(?:{_COMPARATIVES})$")
_CHANGE_NOUN = re.compile(rf"(?:{_CHANGES})$")
# a figure that starts a change ("from 0% to non-zero") is no result; looked for so far back
_FROM = re.compile(r"\bfrom\s+(?:(?:merely|only|just|about|around|roughly|nearly|a mere)\s+)?$")
_FROM_BACK = 40
_POINTS = re.compile(r"p(?![\w])")  # "+3.4%p": percentage points, as written
_ON_IN_BRACKETS = re.compile(r"\bon\s+(?:the\s+)?(?:[A-Z][\w\-.+]*[\w+]\s*\([^()]{1,40}\)(?:,\s+and|,|\s+and)\s+)?"
                             r"([A-Z][\w\-.+]*[\w+])\s*\($")  # "on Sudoku-extreme (95.2% vs. 55.0%) and Maze (78.6% vs. 74.5%)"
_BARE_CHANGE = re.compile(r"[+]\s?[\d.,]+\s?%")  # "+3.4%" alone says not what it measures: what the text says it is
_ON_AFTER_BRACKET = re.compile(r"\)\s+on\s+([A-Z][\w\-.+]*[\w+])(?![\w\-+]|\.\w)(?!\s+[A-Z])")  # "72.50% (+10.73%) | on AIME24"
_ON_LOWER = re.compile(rf"\s*\bon\s+(?:(?!{_STOP}(?![\-‑]))[a-z][\w\-‑]*\s+){{0,2}}(?!{_STOP}(?![\-‑]))[a-z][\w\-‑]*(?=\s*[,.;:)]|$)")  # "| on in-domain data"
_CHANGED_BY = re.compile(rf"\b{_CHANGED}\s+(?:(?!{_STOP})[a-z][\w\-‑]*\s+){{1,2}}by\s+(?:up\s+to\s+)?$")  # "raises safety by | +20%"
_NOUN_BRACKET = re.compile(rf"((?<![\w\-])(?:(?!{_STOP})[a-z][\w\-‑]*\s+){{0,2}}(?!{_STOP})[a-z][\w\-‑]*)\s*\((?:e\.g\.,?\s*)?$")
# ("safety gains (| +37%)", "text success rate (e.g., | +35%)"; not what it is over: "over their baselines (| +38.7%")
_NOT_WHAT = frozenset("over than with from against to of their its our the".split())


def _what_changed(text: str, m: re.Match, s: str) -> str | None:
    """A bare "+3.4%" with what the text says it measures, or None."""
    if (on := _ON_AFTER_BRACKET.match(text, m.end())) or (on := _ON_LOWER.match(text, m.end())):
        return f"{s} on {on.group(1) if on.re is _ON_AFTER_BRACKET else ' '.join(on.group(0).split()[1:])}"
    back = max(0, m.start() - MAX_CLAIM)
    if by := _CHANGED_BY.search(text, back, m.start()):
        return " ".join(by.group(0).split()) + " " + s
    noun = _NOUN_BRACKET.search(text, back, m.start())
    if noun and text[:noun.start(1)].split()[-1:] not in ([w] for w in _NOT_WHAT):
        return f"{s} {' '.join(noun.group(1).split())}"
    return None


def extract_results(text: str, limit: int = 4) -> list[str]:
    """Short claim strings in order of appearance, de-duplicated."""
    text = text.replace("\\%", "%").replace("$", "").replace("\\times", "×")
    out: list[str] = []
    found = list(_matches(text))
    late = list(_late(text))
    if late:
        found = sorted(_no_overlap(found + late), key=lambda m: m.start())
    for m in found:
        s = _LEAD_ARTICLE.sub("", _SPACED_UNIT.sub(r"\1\2", " ".join(m.group(0).split())).rstrip(",.;:"))
        if _BARE_NUMBER.fullmatch(s) or len(s) > MAX_CLAIM or _FROM.search(text, max(0, m.start() - _FROM_BACK), m.start()):
            continue
        if s.endswith("%") and _POINTS.match(text, m.end()):
            s += "p"
        if s.startswith("of "):  # "of 37dB": what it is of ("a PSNR score of 37dB", "by an average of 4.8 points")
            s = " ".join(_WHAT_OF.search(text, 0, m.start()).group(1).split() + [s])
        if _COMPARED.search(s):  # a bare comparative: than what; a change: in or on what
            what = _THAN_WHAT.match(text, m.end())
        elif _CHANGE_NOUN.search(s):
            what = _IN_WHAT.match(text, m.end()) or _ON_WHAT.match(text, m.end()) or _OVER_WHAT.match(text, m.end())
        elif _FIGURE_END.search(s):
            what = _OVER_WHAT.match(text, m.end())
        else:
            what = None
        if what is None and (on := _ON_WHAT.match(text, m.end())) and " the " not in on.group(0):
            what = on  # ("4.9% higher accuracy | on Sudoku-hard"; not "on the Adult | dataset": a name's start)
        if what and len(s) + len(what.group(0)) <= MAX_CLAIM:
            s += " " + " ".join(what.group(0).split())
        elif (on := _ON_IN_BRACKETS.search(text, max(0, m.start() - 2 * MAX_CLAIM), m.start())) \
                and len(s) + len(on.group(1)) + 4 <= MAX_CLAIM:
            s += " on " + on.group(1)  # "95.2% vs. 55.0% on Sudoku-extreme"
        elif _BARE_CHANGE.fullmatch(s):
            s = _what_changed(text, m, s)
            if s is None or len(s) > MAX_CLAIM:
                continue
        if not any(s in o or o in s for o in out):
            out.append(s)
        if len(out) >= limit:
            break
    return out
