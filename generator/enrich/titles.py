"""Display title, teaser sentence and slug for a paper.

Title: a given title always wins; else "Name: short descriptor" (the appositive after the name,
or the long form of an acronym); else the abstract's own key phrase ("we propose a ...").
"""
from __future__ import annotations

import re

from .names import _VERBS
from .text import sentences, shorten, slugify

_FILLER = r"(?:novel|new|simple|simple yet effective|effective|general|generic|unified|first|principled|lightweight|efficient|powerful|scalable|robust|flexible|comprehensive|versatile|training-free|plug-and-play|\s|,|and|yet)*"
_STOP_AT = re.compile(r"\s+(?:that|which|where|whereby|wherein|to|by|using|via|through|while|whose|designed|based on|built|capable|leveraging|consisting)\b|[,.;:()\[\]—–]|\s-+\s")
_WE = re.compile(r"\b(?:we|this paper|this work)\b", re.I)
_INTRO = re.compile(rf"\b(?:we|this (?:paper|work))\s+(?:\w+ly\s+)?{_VERBS}[sd]?\s+(?:here\s+)?(?:a|an|the)?\s*({_FILLER})(.*)", re.I)


def _phrase(rest: str, max_words: int = 9) -> str:
    """Cut a noun phrase at the first clause boundary, at most max_words words."""
    rest = rest.replace("*", "").replace("$", "")
    m = _STOP_AT.search(rest)
    words = (rest[:m.start()] if m else rest).split()[:max_words]
    while words and words[-1].lower() in ("a", "an", "the", "of", "for", "and", "in", "on", "with", "from", "as"):
        words.pop()
    return " ".join(words)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


_AFTER_NAME = re.compile(rf"\**\)?\**\s*(?:,|--|—|–|:|\s+is)\s*(?:a|an|the)\s+{_FILLER}(.*)")
_LONG_BEFORE = re.compile(r"((?:[A-Z][\w\-]*\s+){1,7}[A-Z][\w\-]*)\s*\(\**$")
_NOUN_BEFORE = re.compile(rf"(?:a|an|the)\s+{_FILLER}([\w\- ]{{3,60}}?),?\s+(?:called|termed|named|dubbed)?\s*\**$")


def descriptor(name: str, text: str) -> str:
    """What the abstract says its name is: 'X, a framework for Y' -> 'Framework for Y'."""
    pos = text.find(name)
    while pos >= 0:
        before, after = text[max(0, pos - 120):pos], text[pos + len(name):pos + len(name) + 200]
        m = _AFTER_NAME.match(after)
        if m and len(_phrase(m.group(1)).split()) >= 2:
            return _cap(_phrase(m.group(1)))
        m = _LONG_BEFORE.search(before)
        if m and m.group(1).strip() != name and after.lstrip("*").startswith(")"):
            return m.group(1).strip()
        m = _NOUN_BEFORE.search(before)
        if m and len(m.group(1).split()) >= 2:
            return _cap(_phrase(m.group(1)))
        pos = text.find(name, pos + len(name))
    return ""


def key_phrase(text: str) -> str:
    """The abstract's own statement of what it proposes, as a short title."""
    for s in sentences(text):
        m = _INTRO.search(s)
        if m:
            p = _phrase(m.group(2))
            if len(p.split()) >= 2:
                return _cap(p)
    return ""


def make_title(given: str | None, name: str | None, text: str, tags: list[str]) -> str:
    if given and given.strip():
        return " ".join(given.split())
    if name:
        d = descriptor(name, text)
        return f"{name}: {d}" if d and d.lower() != name.lower() else name
    p = key_phrase(text)
    if p:
        return p
    if tags:
        return _cap(tags[0]) + (f" and {tags[1]}" if len(tags) > 1 else "")
    return shorten(sentences(text)[0] if text else "Untitled", 80)


def teaser(text: str, limit: int = 200) -> str:
    """The key sentence: the one saying what the paper proposes, else the first 'we' sentence."""
    sents = sentences(text)
    if not sents:
        return ""
    pick = next((s for s in sents if _INTRO.search(s)), None) \
        or next((s for s in sents if _WE.search(s)), sents[0])
    return shorten(pick, limit)


def make_slugs(papers) -> list[str]:
    """readable-part + '-' + id[:6], unique in the corpus (longer id prefix on a clash)."""
    seen, out = set(), []
    for p in papers:
        base = slugify(p.name or p.title, 60) or "paper"
        n = 6
        slug = f"{base}-{p.id[:n]}"
        while slug in seen:
            n += 2
            slug = f"{base}-{p.id[:n]}" if n <= len(p.id) else f"{base}-{p.id}-{len(seen)}"
        seen.add(slug)
        out.append(slug)
    return out
