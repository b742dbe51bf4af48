"""Read: the lines around an abstract in a text dump that are no part of it: the authors' names and their
institutions, a PDF first page's front matter ("Anonymous authors", "Paper under double-blind review"), and
field lines, as arXiv's listings, OpenReview's pages and proceedings pages have them ("Title:", "Authors:",
"Primary Area:", a label over its value's line).  textdump.py asks these of the lines it reads."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .model import Issue, ReadResult
from .structured import ARXIV_ID, address, split_list
from .textlines import ABSTRACT_LABEL, ABSTRACT_WORD, LABEL_ALONE, LIST_NUMBER, SENTENCE_BREAK, is_blank, unnumbered
from .venues import MAX_HEADER_CHARS
from .words import words

# a field line: "Title: ...", "Authors: ...", "Comments: ...", "Primary Area: ..." (arXiv's listings and abstract
# pages, OpenReview's forum pages, hand-made files), and arXiv's id line "arXiv:2501.00001 [pdf, html, other]"
_LABELS = (r"title|authors?|author\s*\(s\)|comments?|subjects?|journal[- ]ref|doi|report[- ]no|msc[- ]class|acm[- ]class|"
           r"published|last\s+modified|keywords?|key\s+words|index\s+terms|tl;?\s*dr|venue|primary[\s_]+area|track|code|"
           r"url|pdf|link|submission\s+number|anthology\s+id|volume|month|year|address|publisher|pages|language|bibkey|"
           r"editors?|abstract")  # (arXiv's, OpenReview's, the ACL Anthology's)
FIELD_LINE = re.compile(rf"((?i:{_LABELS}))\s*[:：]\s*(.*)")
_LABEL_AT_END = re.compile(r"(?:^|\s)" + ABSTRACT_WORD + r"\s*[:：.]?$")  # a paragraph's last line an "Abstract" label
_FIELD_AT_END = re.compile(rf"\s(?i:{_LABELS})\s*[:：]\s*\S[^:：]*$")  # ("... baselines. Subject: ICLR.2026 - Poster")
_FIELD_ALONE = re.compile(rf"((?i:{_LABELS}))\s*[:：]?")  # a label over its value's line: "Authors", "Anthology ID:"
_ARXIV_LINE = re.compile(rf"arXiv:({ARXIV_ID.pattern})(?:\s*\[[^\]]*\])*")
_FIELD_LINES = 12  # lines of fields above an abstract, at most
_ABSTRACT_INSIDE = re.compile(r"\s(?:Abstract|ABSTRACT)(?:\s*[:：]|\s)")  # (an "Abstract" label after another line)
_GIVEN = {"title": "title", "authors": "authors", "author": "authors", "keywords": "keywords", "keyword": "keywords",
          "key words": "keywords", "index terms": "keywords", "primary area": "area", "primary_area": "area",
          "url": "url", "link": "url", "pdf": "url", "doi": "doi"}


@dataclass
class Fields:
    """What a paragraph's field lines give its paper (read_fields); `left`: the labels of the fields left out."""
    title: str | None = None
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    keywords: list[str] = field(default_factory=list)
    area: str | None = None
    left: list[str] = field(default_factory=list)

    def as_title(self) -> tuple:
        """As _titles reads a title line: (the text before the abstract: none, title, authors, places, front)."""
        return "", self.title, self.authors, False, False


def read_fields(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult
             ) -> tuple[list[tuple[int, str]], dict[int, Fields]]:
    """paras with the field lines around each abstract taken out, and what they give, by the paragraph's line.

    Field lines open the paragraph: two or more of them with a title, authors or arXiv's id among them (an arXiv
    listing: "arXiv:2501.00001 [pdf]", "Title: ...", "Authors: ...", "Subjects: ...", the abstract), or any of
    them before an "Abstract:" label, with at most a few lines without a label among them (an OpenReview page:
    the title, the authors' names, "Published: ...", "Keywords: ...", "TL;DR: ...", "Abstract: ...").  Below the
    abstract, field lines close it ("Primary Area: ...").  Title, authors, keywords, primary area and address
    (a url, arXiv's id, a DOI) go to the paper; the other fields (comments, subjects, TL;DR...) are left out,
    counted in a note."""
    out, found = [], {}
    for line, para in paras:
        got = _field_lines(line, para, lines) if FIELD_LINE.match(para) or _ARXIV_LINE.match(para) \
            or ("bstract" in para[:3000] or "BSTRACT" in para[:3000]) and _ABSTRACT_INSIDE.search(para, 0, 3000) \
            or (":" in para[-300:] or "：" in para[-300:]) and _FIELD_AT_END.search(para, max(0, len(para) - 300)) \
            else None  # (fast tests first)
        if got is None:
            out.append((line, para))
            continue
        body, found[line] = got
        out.append((line, body))
    if found:
        left = Counter(label for f in found.values() for label in f.left)
        result.issues.append(Issue("info", name, min(found), f"{len(found)} of {len(paras)} abstracts have field lines "
                                   "around them (Title:, Authors:, Keywords:, an arXiv id...): read as their titles, "
                                   "authors, keywords, area and address" + (
                                       "; left out: " + ", ".join(f"{n} {label!r}" for label, n in sorted(left.items()))
                                       if left else "")))
    return out, found


_IN_TEXT = {"keywords", "url", "link", "pdf", "code", "doi"}  # closing fields the text reader reads otherwise
# (a keywords line, a link alone under its abstract)
_NOT_CLOSING = {"title", "authors", "abstract"} | _IN_TEXT


def closing_paragraphs(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult
                       ) -> list[tuple[int, str]]:
    """paras, each paragraph of field lines that close an abstract ("Subject: ICLR.2026 - Poster", "Primary Area:
    ...": no title, authors, keywords or address among them) joined to the paragraph above it where that is more
    than a few words (said in a note), as papers.cool's and OpenReview's pages are copied; read_fields then reads
    them as its closing field lines."""
    out, joined = [], []
    for line, para in paras:
        if out and len(out[-1][1].split(None, 3)) > 3 and _closing_fields(line, para, lines):
            out[-1] = (out[-1][0], f"{out[-1][1]} {para}")
            joined.append(line)
        else:
            out.append((line, para))
    if joined:
        result.issues.append(Issue("info", name, joined[0], f"{len(joined)} paragraphs of field lines under an "
                                   "abstract ('Subject: ...', 'Primary Area: ...'), with a blank line above them: "
                                   "read as its fields"))
    return out


def field_paragraphs(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult
                     ) -> list[tuple[int, str]]:
    """paras, with the paragraph under each abstract's fields joined to them, where a blank line parts them (said
    in a note), as browsers copy pages: arXiv's listing (the id, title, authors and subjects, a blank line, the
    abstract) and OpenReview's (the title, authors, "Keywords: ...", "Abstract:", a blank line, the abstract).  A
    paragraph's opening field lines above a title (OpenReview's "Primary Area: ...") close the abstract above
    (closing_paragraphs joins such a paragraph of its own).  read_fields then reads them all as field lines."""
    out, k, joined = [], 0, []
    while k < len(paras):
        line, para = paras[k]
        under = paras[k + 1][1] if k + 1 < len(paras) else ""
        fields = _fields_alone(line, para, lines)
        over = None if fields else _over_label(line, para, lines)  # (its lines, where it ends with the label)
        if (over is not None or fields and not _fields_alone(*paras[k + 1], lines)) and len(under.split(None, 30)) > 30:
            closing = 0  # (over a label, the abstract above's closing fields: those above the first line without one)
            while over and out and len(out[-1][1].split(None, 30)) > 30 and field_of(over[closing][1]):
                closing += 1
            closing = 0 if over is None or closing >= len(over) - 1 else closing  # (fields alone: its paper's)
            if closing:
                out[-1] = (out[-1][0], " ".join([out[-1][1], *(text for _, text in over[:closing])]))
            out.append((over[closing][0], " ".join([*(text for _, text in over[closing:]), under])) if over
                       else (line, f"{para} {under}"))
            joined.append(out[-1][0])
            k += 2
        else:
            out.append((line, para))
            k += 1
    if joined:
        result.issues.append(Issue("info", name, joined[0], f"{len(joined)} paragraphs of an abstract's fields (an "
                                   "arXiv id, Title:, the authors, an 'Abstract' label...) with a blank line under "
                                   "them: read with the abstract below each"))
    return out


def field_of(text: str) -> tuple[str, str] | None:
    """(key, value) of a field line with its value ("Index Terms: a, b" -> ("keywords", "a, b")), the key _GIVEN's
    for its label, else the label; None for any other line ("LINK: Learning Instance-level Knowledge")."""
    m = FIELD_LINE.fullmatch(text)
    return (_key(m)[1], m.group(2).strip()) if m is not None and _field_value(m) else None


def _key(m: re.Match) -> tuple[str, str]:
    """A field line's (label, key): the label in lower case and single spaces, its key _GIVEN's, else the label."""
    label = " ".join(m.group(1).lower().split())
    return label, _GIVEN.get(label, label)


def _closing_fields(line: int, para: str, lines: list[str]) -> bool:
    """Whether a paragraph is a few field lines alone that close the abstract above it (none of _NOT_CLOSING)."""
    block = _paragraph_lines(line, para, lines) if FIELD_LINE.match(para) else []
    fields = [f for f in map(field_of, block) if f]
    return 0 < len(block) <= 3 and len(fields) == len(block) and " ".join(block) == para and not any(
        key in _NOT_CLOSING for key, _ in fields)


def _over_label(line: int, para: str, lines: list[str]) -> list[tuple[int, str]] | None:
    """The paragraph's lines, with their numbers, where it ends with an "Abstract" label alone on its line under a
    few short ones (a paper's title, names and fields); else None."""
    if not _LABEL_AT_END.search(para, max(0, len(para) - 12)):
        return None  # (a fast test first)
    block = _numbered_lines(line, para, lines)
    if not 2 <= len(block) <= _FIELD_LINES + 2 or " ".join(t for _, t in block) != para \
            or not LABEL_ALONE.fullmatch(block[-1][1]) or any(len(t) > AUTHORS_LINE for _, t in block[:-1]):
        return None
    return block


def _fields_alone(line: int, para: str, lines: list[str]) -> bool:
    """Whether a paragraph is field lines alone: two or more, a title, authors or an arXiv id among them."""
    number = LIST_NUMBER.match(para)  # (matched, not cut off: a paragraph is long)
    if not (FIELD_LINE.match(para) or _ARXIV_LINE.match(para, number.end() if number else 0)):
        return False  # (a fast test first)
    block = _paragraph_lines(line, para, lines)
    if not block or " ".join(block) != para:
        return False
    given, plain, taken = _opening([unnumbered(block[0]), *block[1:]], False)
    return taken == len(block) and len(given) >= 2 and bool({"title", "authors", "arxiv"} & given.keys())


def _paragraph_lines(start: int, para: str, lines: list[str]) -> list[str]:
    """The file's lines (stripped) that make up the paragraph starting at line `start`, as far as they spell it
    (a line a PDF's page furniture took out ends them early; the first may lose its list number)."""
    return [text for _, text in _numbered_lines(start, para, lines)]


def _numbered_lines(start: int, para: str, lines: list[str]) -> list[tuple[int, str]]:
    """_paragraph_lines, each with its line number."""
    out, pos = [], 0
    for number, raw in enumerate(lines[start - 1:], start=start):
        text = raw.strip()
        if pos >= len(para):
            break
        if is_blank(raw):
            continue  # (title_paragraphs and field_paragraphs join paragraphs to their abstract's)
        if not out and not para.startswith(text):
            text = unnumbered(text)  # (the dump's number, read off already)
        if not para.startswith(text, pos):
            break
        out.append((number, text))
        pos += len(text) + 1  # (paragraphs() joins lines with a space)
    return out


def _field_lines(start: int, para: str, lines: list[str]) -> tuple[str, Fields] | None:
    """(the abstract, its Fields) where field lines open the paragraph that starts at line `start`, or lines
    under_title does not read stand between its title and an "Abstract" label, or field lines close it; else None."""
    block = _paragraph_lines(start, para, lines)
    if " ".join(block) != para:
        return None  # (lines of the file that do not spell the paragraph: a PDF's page furniture taken out of it)
    labelled = next((k for k, text in enumerate(block[:_FIELD_LINES + 1])
                     if LABEL_ALONE.fullmatch(text) or ABSTRACT_LABEL.match(text)), None)  # (above it: fields)
    given, plain, taken = _opening(block[:_FIELD_LINES if labelled is None else labelled], labelled is not None)
    if labelled is not None and taken == labelled:
        label = block[labelled]
        body = block[labelled + 1:] if LABEL_ALONE.fullmatch(label) else [ABSTRACT_LABEL.sub("", label, count=1),
                                                                             *block[labelled + 1:]]
    elif len(given) >= 2 and {"title", "authors", "arxiv"} & given.keys() and not plain:
        body = block[taken:]
    elif _closing(block)[1].keys() - _IN_TEXT:  # (fields under the abstract alone: "Subject: ...")
        given, body = {}, block
    else:
        return None
    body, closing = _closing(body)
    known = lambda text: author_line(text) or affiliation_line(text) or FRONT_LINE.fullmatch(text)  # noqa: E731
    if not (given or closing.keys() - {"keywords"} or not all(map(known, plain[1:]))):
        return None  # (a title, names, front matter and a label over the abstract, a keywords line under it: read
        # so by _titles and read_text)
    text = " ".join(body)
    return (text, _fields({**closing, **given}, plain)) if len(text.split()) >= 12 else None


def _opening(top: list[str], labelled: bool) -> tuple[dict, list[str], int]:
    """The fields of a paragraph's opening lines (key -> (label, value)), its lines without a label (where an
    "Abstract" label follows: a title, names, "Part of Advances in Neural Information Processing Systems 37"),
    and how many lines that is."""
    given, plain, taken = {}, [], 0
    while taken < len(top):
        text = top[taken]
        m = FIELD_LINE.fullmatch(text)
        pair = None if m or taken + 1 == len(top) else _label_over(text, top[taken + 1])  # ("Authors" over the names)
        arxiv = _ARXIV_LINE.fullmatch(text) if taken == 0 else None
        if arxiv:
            given.setdefault("arxiv", ("arxiv", arxiv.group(1)))
        elif not m and "title" in given and "authors" not in given and author_line(text, alone=True):  # (arXiv's
            given["authors"] = ("authors", text)  # listing names its authors without a label, under the title)
        elif (m or pair) and _field_value(m or pair):
            _put(given, m or pair)
            taken += pair is not None  # (its value's line too)
        elif labelled and len(plain) < 4 and len(text) <= MAX_HEADER_CHARS * 2:
            plain.append(text)
        else:
            break
        taken += 1
    return given, plain, taken


def _closing(body: list[str]) -> tuple[list[str], dict]:
    """The abstract's lines without the field lines that close it ("Primary Area: ...", "Keywords: ...", the ACL
    Anthology's "Anthology ID:" over its value), and their fields."""
    given = {}
    while len(body) > 1:
        m, n = FIELD_LINE.fullmatch(body[-1]), 1
        if not m and len(body) > 2 and len(body[-1]) <= MAX_HEADER_CHARS * 2:
            m, n = _label_over(body[-2], body[-1]), 2
        if not m or m.group(1).lower() in ("title", "abstract") or not _field_value(m):
            break
        _put(given, m)
        body = body[:-n]
    return body, given


def _label_over(label: str, value: str) -> re.Match | None:
    """FIELD_LINE's match for a label alone on its line over its value's line ("Anthology ID:" / "2025.acl-long.1")."""
    return FIELD_LINE.fullmatch(f"{label.rstrip(':： ')}: {value}") if _FIELD_ALONE.fullmatch(label) else None


def _put(given: dict, m: re.Match) -> None:
    """Keep a field's (label, value) under its key (_key's): the first of a key stays."""
    label, key = _key(m)
    given.setdefault(key, (label, m.group(2).strip()))


def _field_value(m: re.Match) -> bool:
    """Is FIELD_LINE's match a field with its value: any, but for an address's label a link ("LINK: Learning Instance-
    level Knowledge ..." is a paper's title), and not "Abstract:" (the abstract's own label)?"""
    label, value = m.group(1).lower(), m.group(2).strip()
    if label in ("url", "link", "pdf", "code", "doi"):
        return bool(re.match(r"(?:https?://|www\.|doi:|10\.\d{4,}/|arXiv:)\S", value, re.I))
    return bool(value) and label != "abstract"


_VENUE_AFTER = re.compile(r";\s*(?:In\s+)?(?:Proceedings|Advances|Transactions|Journal)\b")  # (the CVF's way)


def _names_line(text: str) -> list[str] | None:
    """The authors a line without a label names: author_line's, or theirs before "; Proceedings of ..." (the
    CVF's "Jane Doe, John Smith; Proceedings of the IEEE/CVF Conference ...")."""
    venue = _VENUE_AFTER.search(text)
    return author_line(text[:venue.start()] if venue else text)


def _fields(given: dict, plain: list[str]) -> Fields:
    """Fields from a paragraph's fields (key -> (label, value)) and its lines without a label: the first is the
    title where no field gives one, a line of names the authors where no field gives them."""
    title, authors, keywords, area = (given.pop(key, None) for key in ("title", "authors", "keywords", "area"))
    url, doi, arxiv = (given.pop(key, None) for key in ("url", "doi", "arxiv"))
    if not title and plain and not _names_line(plain[0]):
        title, plain = ("title", plain[0]), plain[1:]
    named = next((k for k, text in enumerate(plain) if _names_line(text)), None) if not authors else None
    if named is None and not authors and title and plain and author_line(plain[0], alone=True):
        named = 0  # (one author's name, on the line under the title)
    names = author_line(f"Authors: {authors[1]}") if authors else (
        _names_line(plain[named]) or author_line(plain[named], alone=True)) if named is not None else []
    if authors and not names and not authors[1].lower().startswith("anonymous"):
        names = split_list(authors[1], ",;", names=True)
    link = url[1] if url and re.match(r"https?://|www\.", url[1]) else None
    return Fields(title=" ".join(title[1].split()) if title else None, authors=names or [],
                   url=address({"url": link, "doi": doi[1] if doi else None, "eprint": arxiv[1] if arxiv else None,
                                "archiveprefix": "arXiv" if arxiv else None}),
                   keywords=split_list(keywords[1].rstrip("."), ",;") if keywords else [], area=area[1] if area else None,
                   left=[label for label, _ in given.values()]
                   + ["a line without a label"] * (len(plain) - (named is not None)))


def under_title(title: tuple[str, str], para: str, under: list[str]) -> tuple[str, str, list[str], bool, bool]:
    """(first, title, authors, affiliations, front): the lines under the title line (`under`: the file's next
    lines) that are no part of the abstract, taken into `first` so that the abstract is read without them, as
    long as the abstract follows them in the paragraph: the authors' names, the line of their institutions under
    them ("MIT, Stanford University": `affiliations`), and a first page's front matter (`front`): "Anonymous
    authors", "Paper under double-blind review", an "Abstract" label alone.  Their institutions may take several
    lines, and one author's name alone is a line of names where an institution's line follows it, or where it is
    a paragraph of its own (title_paragraphs joined it).  Such a line that a PDF paste's page furniture took out
    already is passed over."""
    cut, authors, placed, front = len(title[0]), [], False, False
    rows = [line.strip() for line in under]
    kept = [k for k, line in enumerate(rows) if line][:5]
    after = [rows[k] for k in kept]
    for k, line in enumerate(after):
        rest = para[cut:].lstrip()
        alone = kept[k] > 0 and not rows[kept[k] - 1] and kept[k] + 1 < len(rows) and not rows[kept[k] + 1]
        names = None if FRONT_LINE.fullmatch(line) or authors or front else author_line(line) or (
            (alone or k + 1 < len(after) and affiliation_line(after[k + 1])) and author_line(line, alone=True) or None)
        kind = "front" if FRONT_LINE.fullmatch(line) else "names" if names \
            else "places" if authors and not front and affiliation_line(line) else None
        if kind is None or len(rest) <= len(line) + (0 if kind == "front" else 40):
            break  # (something of the abstract stays under it; under names, more than a line's worth)
        if not rest.startswith(line):
            continue  # (left out already as a PDF page's furniture)
        cut = len(para) - len(rest) + len(line)
        authors = names or authors
        placed, front = placed or kind == "places", front or kind == "front"
    return para[:cut], title[1], authors, placed, front


# a first page's front matter between the title and the abstract, and the review notice every page repeats
_NOTICE = r"(?i:under\s+review\s+as\s+a\s+conference\s+paper(?:\s+at\s+\S+(?:\s+\d{4})?)?)"  # ("... at ICLR 2026")
FRONT_LINE = re.compile(r"(?i:anonymous\s+authors?(?:\s*\(s\))?|paper\s+under\s+(?:double-blind\s+)?review|"
                         rf"anonymous\s+submission)|{_NOTICE}|(?:Abstract|ABSTRACT)\s*[:：.]?")
FIRST_PAGE_LINE = re.compile(rf"(?!{_NOTICE}$)(?:{FRONT_LINE.pattern})")  # (front matter a page's header is not)
_INSTITUTION = re.compile(r"\b(?:Universit(?:y|é|à|ä|at|ät|ad|ade)|Institute?|College|School|Laborator(?:y|ies)|Labs?|"
                          r"Research|Inc|Ltd|Corporation|Cent(?:re|er)|Academy|Hospital|Foundation|Polytechnic|"
                          r"Technion|ETH|EPFL|MIT|CMU|UCLA|CNRS|INRIA|Inria|KAIST|DeepMind|Google|Microsoft|Meta|NVIDIA|"
                          r"OpenAI|Anthropic|Amazon|Apple|IBM|Alibaba|Tencent|Baidu|ByteDance|Huawei)\b")


MARK_CHARS = "*†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹"  # the marks that tie authors to their institutions: "Doe¹*", "²Stanford University"
_NOTE_MARK = re.compile(f"[{MARK_CHARS}]")


def affiliation_line(line: str) -> bool:
    """Does a line under the authors' names name their institutions ("¹MIT ²Stanford University", "Massachusetts
    Institute of Technology, Google DeepMind")?  An institution's word, no sentence in it, and most of its longer
    words capitalised."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’\-]*", _NOTE_MARK.sub(" ", line)) if len(w) >= 4]
    return len(line) <= AUTHORS_LINE and not SENTENCE_BREAK.search(line) and line[-1:] not in ".!?:" \
        and _INSTITUTION.search(line) is not None and (not words or sum(w[0].isupper() for w in words) >= 0.6 * len(words))


AUTHORS_LINE = 600  # characters: a longer line is a sentence, not a list of names
_AUTHORS_LABEL = re.compile(r"(?i:authors?\s*[:：]|by\s)\s*")
_AFFILIATION = re.compile(r"\([^()]{0,120}\)|\{[^{}]{0,200}\}[^\s,;]*|[^\s,;]+@[^\s,;]+")  # "(MIT)", "{ann,bo}@x.edu", ann@x.edu
_MARKS = re.compile(rf"(?<=[^\W\d_])(?:\d{{1,2}}(?:,\d{{1,2}})*|[{MARK_CHARS}])+(?=\s|,|;|$)")  # "Doe1,2", "Doe*†"
_NAME_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’\-](?=[^\W\d_]))*\.?|[^\W\d_]\.(?:-?[^\W\d_]\.)*")
_PARTICLES = frozenset("van von de der den da di du del della dos das la le bin ibn al el ten ter y".split())
_SMALL_WORDS = frozenset("a an the and or but not no of in on at to up by for from with via as is are be we you i it "
                         "how why what when who all one two new more less than into over out".split())  # (words() has 4+ letters)
_LOWER_WORD = re.compile(r"(?<![\w'’\-.@{,])(?!(?:and|et|al|by|authors?)\b)[a-z]{3,}(?![\w@.}])")  # ("{ann,bo}@x.edu": none)
_ET_AL = re.compile(r",?\s+et\s+al\.?$")


def author_line(line: str, alone: bool = False) -> list[str] | None:
    """The authors a line names ("Jane Doe (MIT), John Smith", "Authors: A. Lee, B. Chen and C. Dee"), or None:
    two or more names (one, after a label, with an affiliation or an e-mail address, or `alone`), each of two to five
    capitalised words or initials, where at most half the words, none of six letters or more and no small word,
    are words the abstracts write (not a subtitle in Title Case)."""
    if len(line) > AUTHORS_LINE or not line[:1].isupper() or any(
            w not in _PARTICLES for w in _LOWER_WORD.findall(line)):  # (a sentence's words: a fast test first)
        return None
    label = _AUTHORS_LABEL.match(line)
    bare = _ET_AL.sub("", line[label.end():] if label else line)
    plain = _MARKS.sub("", _AFFILIATION.sub(" ", bare))
    names = [" ".join(n.split()) for n in split_list(plain, ",;&·|", names=True)]
    if not names or len(names) == 1 and not (label or plain != bare or alone):
        return None
    words_seen = []
    for n in names:
        parts = n.split()
        if not 2 <= len(parts) <= 5 or not all(_NAME_WORD.fullmatch(w) and (w[0].isupper() or w in _PARTICLES)
                                               and not (len(w) > 2 and w.isupper()) for w in parts):
            return None
        words_seen += [w.lower() for w in parts if w not in _PARTICLES]
    known = [w for w in words_seen if w in words() or w in _SMALL_WORDS]
    if 2 * len(known) > len(words_seen) or any(len(w) >= 6 or w in _SMALL_WORDS for w in known):
        return None  # (a subtitle: "Scaling Up, Speeding Up", "You Point, I Learn")
    return names
