"""Read: a paper's own text, as its PDF gives it (pdfs.py) or as it is pasted from one (textdump.py): one record
from its first page.  Such a text has one "Abstract" label near its start, alone on its line or opening the
abstract ("Abstract—We ...", IEEE's; "Abstract. We ...", Springer's), and after it its first section's heading
("1 Introduction", "1 I NTRODUCTION", "I. INTRODUCTION").  The abstract is the text between the two, its keywords
a "Keywords:" or "Index Terms—" line's; the body after the heading, references included, is no abstract and is
said in a note.  Title and authors are read above the label: by pdfs.py with the type's sizes, here (title_lines)
from the lines alone."""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from .bylines import FRONT_LINE, MARK_CHARS, affiliation_line, author_line
from .model import Issue, ReadResult
from .structured import ARXIV_ID, add_record, split_list
from .textlines import ABSTRACT_LABEL, BOLD_LINE, HEADING_MARK, KEYWORDS_LABEL, LABEL_ALONE
from .venues import known_venue
from .words import ANY_ACCENT, accented, mend_breaks

_SMALL_CAPITALS = re.compile(r"A BSTRACT\s*[:：.]?")  # the label as PDFium gives ICLR's small capitals
_SECTION_ONE = re.compile(r"(?:(?:1|I)\.?\s*)?(?:Introduction|I\s?NTRODUCTION)|"  # a first section's heading:
                          r"1\.?\s+[A-Z][\w\-]*(?:\s[\w\-]+){0,5}|"  # "1 Introduction", "1. Background",
                          r"I\.\s+[A-Z][A-Z\-]*(?:\s[A-Z\-]+){0,5}")  # "I. PRELIMINARIES"
_KEYWORDS = re.compile(KEYWORDS_LABEL)
ARXIV_STAMP = re.compile(rf"arXiv:({ARXIV_ID.pattern})")  # the identifier arXiv stamps along a first page's margin
_DOI = re.compile(r"(?:doi\.org/|\bDOI:?\s*|Digital Object Identifier:?\s*)(10\.\d{4,9}/\S+)", re.I)  # (ACM's, Springer's)
_MARKS_ALONE = re.compile(rf"[\d,{MARK_CHARS}]+")  # a line of a row that is a name's raised mark alone
# a mark the line above raised, opening a line: "1 Ines Ivanov"
_MARK = re.compile(rf"^(?:\d{{1,2}}(?:,\d{{1,2}})*|[{MARK_CHARS}])\s+(?=[^\W\d_])")
MIN_WORDS = 25  # an abstract has this many words at least; the body after the heading twice as many as the abstract
FRONT_LINES = 80  # a pasted paper's "Abstract" label is among its first lines


class Parts(NamedTuple):
    """Where a paper's own text has its parts, as indexes of its lines."""
    label: int  # the "Abstract" label's line
    lead: int  # how much of that line is the label, where the abstract goes on after it on that line (else 0)
    heading: int  # the first section's heading


def locate(lines: list[str] | Iterable[str], front: int, heading: bool = True) -> Parts | bool | None:
    """The parts of a paper's own text (lines: the whole text's), where its "Abstract" label is its only one and is
    among its first `front` lines, and a first section's heading follows it; None for any other text.  Without
    `heading`, only whether the label is so (lines may then be any iterable: read up to a second label)."""
    at = None
    for k, line in enumerate(lines):
        if at is None and k >= front:
            return None
        if _label(line):
            if at is not None:
                return None  # (a second label: abstracts, each labelled)
            at = k
    if at is None:
        return None
    if not heading:
        return True
    first = next((k for k in range(at + 1, len(lines)) if _SECTION_ONE.fullmatch(lines[k])), None)
    lead = None if _alone(lines[at]) else ABSTRACT_LABEL.match(lines[at])
    return Parts(at, lead.end() if lead else 0, first) if first else None


def _alone(line: str) -> bool:
    """An "Abstract" label alone on its line ("Abstract", "ABSTRACT", "A BSTRACT")."""
    return bool(LABEL_ALONE.fullmatch(line) or _SMALL_CAPITALS.fullmatch(line))


def _label(line: str) -> bool:
    """An "Abstract" label: alone on its line, or opening the abstract ("Abstract—We ...", "Abstract. We ...")."""
    return _alone(line) or bool(ABSTRACT_LABEL.match(line))


def authors_of(rows: list[list[str]]) -> list[str]:
    """The authors named by the rows of a paper's front under its title (a row: its parts, which raised marks part:
    "Bo Wang1" ", Ann Silva2", or "Jun Lee" "1 Farid Rao": one name a part), not its institutions, e-mail
    addresses or anonymous front matter."""
    authors = []
    for row in rows:
        text = "".join(("" if not k or part.startswith((",", ";")) or _MARKS_ALONE.fullmatch(part) else ", ")
                       + _MARK.sub("", part) for k, part in enumerate(row))
        if not (affiliation_line(text) or "@" in text or FRONT_LINE.fullmatch(text)):
            authors += author_line(text, alone=True) or []
    return authors


def title_lines(above: list[str]) -> tuple[list[str], list[str]]:
    """A pasted first page's lines above its label as (title, the rest): the title is the lines down to the first
    that names authors or institutions or is front matter ("Anonymous authors"); a review notice or a venue's
    line over it, and arXiv's stamp, are neither."""
    lines = [line for line in above if line and not ARXIV_STAMP.match(line)]
    while lines and (known_venue(lines[0]) or FRONT_LINE.fullmatch(lines[0])):
        lines.pop(0)
    end = next((k for k in range(1, len(lines)) if _names_start(lines, k)), len(lines))
    return lines[:end], lines[end:]


def _names_start(lines: list[str], k: int) -> bool:
    """Do the authors' names start at line k: names that surely are (two or more, or with their marks: "Ann Lee1"),
    an institution, an address or front matter; or one name alone where such a line or a raised mark follows it
    (else it could be a title's last words: "Range Web")?"""
    if author_line(lines[k]) or _place(lines[k]):
        return True
    follows = k + 1 == len(lines) or _place(lines[k + 1]) or _MARK.match(lines[k + 1])
    return bool(follows and author_line(_MARK.sub("", lines[k]), alone=True))


def _place(line: str) -> bool:
    """An institution's line, an e-mail address or anonymous front matter."""
    return bool(FRONT_LINE.fullmatch(line) or affiliation_line(line) or "@" in line)


def add_paper(name: str, at: int, unit: str, title: str, authors: list[str], between: list[str], body: list[str],
              front: list[str], body_at: str, result: ReadResult) -> bool:
    """The record of a paper's own text: `between` its lines from label to heading (the label taken off), `body`
    those from the heading on (`body_at`: where that is), `front` the lines its address and venue are looked for
    in, `at` the number of the label's `unit` ("page", "line"); False (nothing added) where the text under the
    label is too short for an abstract or the body too short for a paper's."""
    fields = next((k for k, line in enumerate(between) if _KEYWORDS.match(line)), len(between))
    abstract = mend_breaks("\n".join(between[:fields]))
    words = len(abstract.split())
    if words < MIN_WORDS or sum(len(line.split()) for line in body) < 2 * words:
        return False
    keywords = split_list(_KEYWORDS.sub("", " ".join(between[fields:])), ",;·")
    stamp = next((m.group(1) for line in front for m in [ARXIV_STAMP.match(line)] if m), None)
    doi = next((m.group(1).rstrip(".,;)") for line in front for m in [_DOI.search(line)] if m), None)
    venue = next((v for line in front for v in [known_venue(line)] if v), "Papers")
    result.paragraphs[name] = 1
    add_record({"abstract": abstract, "title": title, "authors": authors, "keywords": keywords, "id": stamp,
                "doi": doi}, name, at, venue, result, what="paper", holds="the text under its label")
    result.issues.append(Issue("info", name, at, f"read as a paper's own {'PDF' if unit == 'page' else 'text'}: "
                               f"its title, authors and abstract from {unit} {at}; its body, from \"{body[0]}\" "
                               f"{body_at}, is no abstract and is not read"))
    return True


def read_pasted(text: str, name: str, result: ReadResult) -> bool:
    """A paper's own text pasted from its PDF (its first page, or the whole paper) as one record, its lines numbered
    as the file's; False for any other text."""
    lines = text.split("\n")
    if not locate(map(_bare, lines), FRONT_LINES, heading=False):  # (the fast test: most texts are no paper's)
        return False
    lines = [_bare(accented(line) if ANY_ACCENT.search(line) else line) for line in lines]  # ("Schr¨odinger")
    parts = locate(lines, FRONT_LINES)
    if not parts:
        return False
    title, rest = title_lines(lines[:parts.label])
    if not title:  # (a dump's header, a venue's, over an abstract: no paper's first page)
        return False
    rows: list[list[str]] = []
    for line in rest:  # (a row a raised mark parted: "Bo Wang1", ", Ann Silva2", or "Jun Lee", "1 Farid Rao")
        if rows and (line.startswith((",", ";")) or _MARKS_ALONE.fullmatch(line) or _MARK.match(line)):
            rows[-1].append(line)
        else:
            rows.append([line])
    between = [lines[parts.label][parts.lead:]] if parts.lead else []
    between += lines[parts.label + 1:parts.heading]
    return add_paper(name, parts.label + 1, "line", one_line(title), authors_of(rows), between, lines[parts.heading:],
                     lines[:parts.heading], f"at line {parts.heading + 1}", result)


def _bare(line: str) -> str:
    """A line's text without the Markdown a heading or a bold line wears ("## Abstract", "**Title**"), as a .md file
    or a Word document's headings give them."""
    line = line.strip()
    heading = HEADING_MARK.match(line)
    line = line[heading.end():] if heading else line
    bold = BOLD_LINE.fullmatch(line)
    return (bold.group(1) or bold.group(2)) if bold else line


def one_line(lines: list[str]) -> str:
    """A title's lines as one: a word a line's end split mended, a hyphen before a capital kept ("Long-" and
    "Horizon": "Long-Horizon")."""
    return " ".join(mend_breaks(re.sub(r"-\n(?=[A-Z])", "-", "\n".join(lines))).split())
