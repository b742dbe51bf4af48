"""Read: plain-text abstract dumps.  A header line names the collection, then one abstract per paragraph,
and whatever people's files add around them: titles over the abstracts (with or without blank lines),
authors' names and institutions, "Abstract"/"Keywords" labels, numbered lists, a PDF first page's front
matter, page numbers and running headers, one abstract per line without blank lines.  Which lines around an
abstract are no part of it (names, institutions, front matter, field lines) bylines.py says.  A .txt that is
really a table, a JSON, tagged or feed export goes to its reader."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from .bylines import (AUTHORS_LINE, FIELD_LINE, FIRST_PAGE_LINE, FRONT_LINE, Fields, affiliation_line, author_line,
                      closing_paragraphs, field_paragraphs, read_fields, under_title)
from .model import Issue, RawRecord, ReadResult, Source
from .ownpaper import read_pasted
from .structured import has_abstract, json_text, read_json, read_table, split_list
from .tagged import read_tagged, sniff
from .textlines import (ABSTRACT_LABEL, BOLD_LINE, HEADING_MARK, KEYWORDS_LABEL, KEYWORDS_WORDS, LABEL_ALONE, LIST_NUMBER,
                        LONG_PARAGRAPH, SENTENCE_BREAK, is_blank, unnumbered)
from .venues import MAX_HEADER_CHARS, collection_name, looks_like_header
from .webpages import is_html, read_html
from .xmlexports import read_xml

ABSTRACT_LINE = 500  # characters: a line this long with a sentence break inside can be a whole abstract (the dev file's
# shortest has 542; an abstract's own paragraphs rarely are, three of them hardly ever: one in 2,120)
_RULE_MARKS = "-=*_~#•·—–"
_SEPARATOR_LINE = re.compile(f"(?:[{_RULE_MARKS}][ \\t]*){{3,}}")  # a line of rule marks alone: "---", "* * *", "======"


def blocks(text: str, skip: dict[int, str] | None = None) -> list[tuple[int, list[str]]]:
    """Blank-line separated blocks of lines (stripped), with the 1-based line where each starts.  A separator
    line ("---", "* * *") is a block of its own, blank lines around it or not (a dump may part its abstracts
    with one alone): read_text then leaves it out, with a warning.  The lines numbered in `skip` are read as
    if they were not there (a PDF page's furniture inside a paragraph: _furniture).

    Lines are split on "\n" only (as editors number them), in one linear pass.
    """
    out: list[tuple[int, list[str]]] = []
    start, lines = 0, []
    for number, line in enumerate(text.split("\n"), start=1):
        if skip and number in skip:
            continue
        stripped = line.strip()
        blank = is_blank(line)
        separator = not blank and stripped[0] in _RULE_MARKS and _SEPARATOR_LINE.fullmatch(stripped)
        if lines and (separator or blank):
            out.append((start, lines))
            lines = []
        if separator:
            out.append((number, [stripped]))
        elif not blank:
            if not lines:
                start = number
            lines.append(stripped)
    if lines:
        out.append((start, lines))
    return out


def paragraphs(text: str) -> list[tuple[int, str]]:
    """Blank-line separated paragraphs with the 1-based line where each starts; wraps joined."""
    return [(start, " ".join(lines)) for start, lines in blocks(text)]


def one_per_line(text: str, name: str, result: ReadResult) -> list[tuple[int, str]]:
    """The paragraphs of text, where a block of abstracts written one per line (no blank line between them) gives
    one paragraph per line (and the header line above them, if the file opens with one), said in a note: two or
    more lines of at least ABSTRACT_LINE characters, each with a sentence break inside (not the wrapped lines of
    one abstract), longer together than an abstract can be (LONG_PARAGRAPH: an abstract's own paragraphs are not),
    or all the file holds under its header line, or each a list's item ("- **Title**: abstract").  Such lines that
    stay one abstract are pointed out in a note."""
    skip = _furniture(text)
    for number, line in skip.items():
        result.issues.append(Issue("warning", name, number, f"{line!r}: a page number or a line every page repeats, "
                                   "inside a paragraph (pasted from a PDF?); left out"))
    out, found = [], blocks(text, skip)
    opens = bool(found) and looks_like_header(found[0][1][0], one_line=True)  # (the file's first line: a header)
    headed = opens and len(found[0][1]) == 1  # (a header line alone, then blank)
    for k, (start, lines) in enumerate(found):
        head = k == 0 and opens
        body = lines[1:] if head else lines
        first, last = start + len(lines) - len(body), start + len(lines) - 1
        whole = len(body) >= 2 and all(len(line) >= ABSTRACT_LINE and SENTENCE_BREAK.search(line) for line in body)
        alone = head and len(found) == 1 or k == 1 and len(found) == 2 and headed  # (the body of a headed file)
        items = whole and all(_BULLET.match(line) for line in body)  # (a Markdown list of abstracts)
        if whole and (sum(map(len, body)) > LONG_PARAGRAPH or alone or items):
            out += [(start + i, line) for i, line in enumerate(lines)]
            result.issues.append(Issue("info", name, start, f"{len(body)} abstracts on lines {first}-{last} with no blank "
                                       "line between them: read as one abstract per line"))
            continue
        if whole:
            result.issues.append(Issue("info", name, first, f"lines {first}-{last}, each as long as an abstract, with no "
                                       "blank line between them: read as one abstract (a blank line parts two)"))
        out.append((start, " ".join(lines)))
    return out


def _furniture(text: str) -> dict[int, str]:
    """The lines of a PDF page's furniture pasted inside a paragraph (one alone between blank lines is a paragraph
    _abstracts leaves out), by number: a running header, a line of 3 to 12 words with a letter and no closing
    punctuation found 3 times or more at a paragraph's end or next to a page number, under two different lines
    at least ("Under review as a conference paper at ICLR 2026"; not the opening words many abstracts share, nor
    the last line of an abstract the file holds three times), wherever it stands; and a page number next to one,
    or between a paragraph's last sentence and a blank line.  Never the file's first line, nor a keywords,
    authors, institutions or front matter line many papers share ("Paper under double-blind review": under_title),
    nor a field line ("Primary Area: learning theory": read_fields)."""
    raw = text.split("\n")
    short = {i: line.strip() for i, line in enumerate(raw) if i and len(line) <= MAX_HEADER_CHARS}
    numbers = {i for i, line in short.items() if line and (line[0].isdigit() or line[0] in "-–—Pp")
               and PAGE_NUMBER.fullmatch(line)}  # (a fast test first)

    def at(i: int) -> str:
        return short[i] if i in short else raw[i].strip() if 0 <= i < len(raw) else ""
    ends: dict[str, list[str]] = {}  # a line at a paragraph's end or next to a page number -> the lines above it
    for i, line in short.items():
        if line and (i + 1 in numbers or i - 1 in numbers or not at(i + 1)) and 3 <= len(line.split()) <= 12 \
                and line[-1] not in ".!?:;," and any(c.isalpha() for c in line):
            ends.setdefault(line, []).append(at(i - 1))
    heads = {line for line, above in ends.items() if len(above) >= 3 and len(set(above)) >= 2
             and not (_KEYWORDS_ALONE.fullmatch(line) or FIRST_PAGE_LINE.fullmatch(line) or author_line(line)
                      or affiliation_line(line) or FIELD_LINE.fullmatch(line))}
    out = {}
    for i in sorted(numbers | {i for i, line in short.items() if line in heads} if heads else numbers):
        line, above, below = short[i], at(i - 1), at(i + 1)
        if (above or below) and (line in heads or above in heads or below in heads
                                 or not below and above[-1] in ".!?" or not above and below[0].isupper()):
            out[i + 1] = line
    return out


def _header_hint(text: str, line: int) -> str:
    """Where the paragraph at `line` opens with a header line and a new sentence right under it (no blank
    line between), a hint that says so; otherwise ""."""
    first, after = (text.split("\n", line + 1)[line - 1:line + 1] + [""])[:2]
    if after.strip()[:1].isupper() and looks_like_header(first, one_line=True):
        return f" (its first line, {first.strip()!r}, reads like one: put a blank line after it)"
    return ""


_FRONT_MATTER = re.compile(r"---[ \t]*\n(?:.*\n){0,40}?(?:---|\.\.\.)[ \t]*(?=\n|$)")  # YAML, atop a Markdown file
_YAML_KEY = re.compile(r"^[\w-]+:(?:[ \t]|$)", re.M)  # (front matter has a "key: value" line; two rules may not)


_FEED = re.compile(r"\s*<(?:\?xml\s|rss[\s>]|feed[\s>]|rdf:RDF[\s>])")


def read_text(text: str, name: str, result: ReadResult) -> None:
    """The seed format: a header paragraph, then one abstract per paragraph."""
    if "\u2028" in text or "\u2029" in text:  # Unicode's line and paragraph separators
        text = text.replace("\u2028", "\n").replace("\u2029", "\n\n")
    first = text.split("\n", 1)[0]
    if "\t" in first and has_abstract(first.split("\t")):  # a spreadsheet saved as text: a table, not paragraphs
        result.issues.append(Issue("info", name, 1, "read as tab-separated: its first line is a header row with an "
                                   "abstract column"))
        return read_table(text, name, result, "\t")
    fmt = sniff(text)
    if fmt:  # (Web of Science's plain-text export is savedrecs.txt)
        result.issues.append(Issue("info", name, 1, f"read as a {fmt.label} export: its first line opens a "
                                   f"{fmt.label} record or file"))
        return read_tagged(text, name, result, fmt)
    if _FEED.match(text):  # (a feed saved as .txt)
        result.issues.append(Issue("info", name, 1, "read as an XML feed: the file opens with an XML declaration, "
                                   "<rss> or <feed> (name it .xml)"))
        return read_xml(text, name, result)
    if is_html(text):  # (a web page saved as .txt)
        result.issues.append(Issue("info", name, 1, "read as a web page: the file opens with <!DOCTYPE html> or "
                                   "<html> (name it .html)"))
        return read_html(text, name, result)
    if text.lstrip()[:1] in ("[", "{") and json_text(text):  # (an export saved as .txt)
        result.issues.append(Issue("info", name, 1, "read as JSON: the file holds a JSON array or object, or one a "
                                   "line (name it .json or .jsonl)"))
        return read_json(text, name, result)
    front = _FRONT_MATTER.match(text) if name.lower().endswith(".md") else None
    if front and _YAML_KEY.search(front.group(0)):  # (blank lines in its place: every line keeps its number)
        text = "\n" * front.group(0).count("\n") + text[front.end():]
        result.issues.append(Issue("info", name, 1, f"front matter (lines 1-{front.group(0).count(chr(10)) + 1}) "
                                   "skipped"))
    if read_pasted(text, name, result):  # (a paper's own text, pasted from its PDF)
        return
    paras = one_per_line(text, name, result)
    result.paragraphs[name] = 0
    if not paras:
        result.issues.append(Issue("warning", name, 1, "empty file (no header and no abstracts); nothing read from it"))
        return
    header, lines = "", text.split("\n")
    if looks_like_header(paras[0][1], one_line=_one_line(paras[0], lines)):
        header = paras.pop(0)[1]
    else:
        result.issues.append(Issue("warning", name, paras[0][0],
                                   f"no header line naming the collection{_header_hint(text, paras[0][0])}; the first "
                                   "paragraph is read as an abstract and the collection is taken from the file name"))
    if not paras:
        result.issues.append(Issue("warning", name, 1, f"header {header!r} but no abstracts after it; "
                                   "nothing read from this file"))
    collection = collection_name(header, Path(name).stem)
    paras = closing_paragraphs(paras, lines, name, result)
    paras = field_paragraphs(title_paragraphs(paras, name, result, lines), lines, name, result)
    result.paragraphs[name] = len(paras)
    paras = _unnumbered(paras, name, result)
    paras, fielded = read_fields(paras, lines, name, result)
    titles = _titles(paras, lines, name, result, fielded)
    abstracts = _abstracts(paras, titles, name, result, fielded)
    tagged = 0
    for a in abstracts:
        line, title, para = a.line, a.title, ABSTRACT_LABEL.sub("", a.text, count=1)
        m = _KEYWORDS_LINE.search(para) if any(w in para for w in KEYWORDS_WORDS) else None  # (a fast test first)
        keywords = split_list(m.group(1).rstrip("."), ",;") if m else []
        para, tagged = (para[:m.start()], tagged + 1) if m else (para, tagged)
        given = fielded.get(line)
        if result.acceptable(para, name, line):
            result.records.append(RawRecord(para, Source(name, line, header), collection, title=title,
                                            authors=a.authors, url=a.url or (given and given.url),
                                            keywords=keywords or (given.keywords if given else []),
                                            area=given.area if given else None))
    if tagged:
        result.issues.append(Issue("info", name, paras[0][0], f"{tagged} of {len(abstracts)} abstracts end with a "
                                   "keywords line: read as the papers' keywords"))


_LINE_IN_MESSAGE = re.compile(r"\bline (\d+)\b")


def read_numbered(lines: list[tuple[int, str]], name: str, result: ReadResult) -> None:
    """Lines read as a text file's (read_text), a record's and a message's line being the number each line carries:
    a document's paragraph, a PDF's page (line 0, the whole file, stays 0)."""
    part = ReadResult()
    read_text("\n".join(line for _, line in lines), name, part)
    number = [n for n, _ in lines]

    def at(line: int) -> int:
        return number[line - 1] if 0 < line <= len(number) else line
    for record in part.records:
        record.source = replace(record.source, line=at(record.source.line))
    moved = {id(i): replace(i, line=at(i.line), message=_LINE_IN_MESSAGE.sub(lambda m: f"line {at(int(m.group(1)))}",
                                                                             i.message))
             for i in [*part.issues, *part.excluded, *part.joined]}  # (an Issue may be in two lists; a message may
    # name another line: "part of the abstract at line 12")
    result.records += part.records
    result.issues += [moved[id(i)] for i in part.issues]
    result.excluded += [moved[id(i)] for i in part.excluded]
    result.joined += [moved[id(i)] for i in part.joined]
    result.reasons += part.reasons
    result.files_not_read += part.files_not_read
    result.paragraphs.update(part.paragraphs)


def title_paragraphs(paras: list[tuple[int, str]], name: str, result: ReadResult | None = None,
                     lines: list[str] | None = None) -> list[tuple[int, str]]:
    """paras, each title paragraph joined to the abstract under it as its first line, where most abstracts have one
    (said in a note): a title over its abstract with a blank line between ("## Title", blank, abstract: a Markdown
    file's way), which reads as a title line (_title_line: sure) over a paragraph of more than 30 words (of any
    length under an "Abstract" label).  The paragraphs between the two that are the authors' names or a first
    page's front matter are joined too, and such lines under the title in its own paragraph are not read as the
    title's (`lines`: the file's lines)."""
    def titled(sure_only: bool) -> dict[int, int]:  # title paragraph -> how many paragraphs under it are joined to it
        starts, k = {}, 0
        while k < len(paras) - 1:
            title, n = _title_alone(paras[k], lines), 1
            while n < 4 and k + n + 1 < len(paras) and (FRONT_LINE.fullmatch(paras[k + n][1])
                                                         or n == 1 and author_line(paras[k + n][1], alone=True)):
                n += 1  # (the authors' names, "Anonymous authors", an "Abstract" label between title and abstract)
            label = next((j for j in range(n, 9) if k + j + 1 >= len(paras) or LABEL_ALONE.fullmatch(paras[k + j][1])
                          or _long(paras[k + j][1]) or not _one_line(paras[k + j], lines)), None)
            if label and k + label + 1 < len(paras) and LABEL_ALONE.fullmatch(paras[k + label][1]):
                n = label + 1  # (a pasted page's one-line paragraphs between a title and its "Abstract" label: fields)
            body = paras[k + n][1]
            labelled = any(LABEL_ALONE.fullmatch(p) for _, p in paras[k + 1:k + n])  # ("Abstract" over the body)
            read = len(title) <= MAX_HEADER_CHARS * 2 and (len(body.split()) > 30 or labelled) \
                and not (LABEL_ALONE.fullmatch(title) or _KEYWORDS_ALONE.fullmatch(title)) \
                and _title_line(title, " ".join([title, *(p for _, p in paras[k + n:k + n + (3 if labelled else 1)])]))
            # (30 words at most; labels are none; under a label, the abstract's paragraphs as one)
            if read and (read[2] or not sure_only):
                starts[k] = n
                k += n
            k += 1
        return starts
    starts = titled(sure_only=True)
    if len(starts) < 2 or 2 * len(starts) < len(paras) - sum(starts.values()):
        return paras
    starts = titled(sure_only=False)  # (most are sure: then titles in sentence case too, as _titles reads them)
    out, under = [], 0
    for k, (line, para) in enumerate(paras):
        if under:
            out[-1], under = (out[-1][0], f"{out[-1][1]} {para}"), under - 1
        else:
            out.append((line, para))
            under = starts.get(k, 0)
    if result is not None:
        result.issues.append(Issue("info", name, paras[min(starts)][0], f"{len(starts)} title lines with a blank line "
                                   "under them: read as the titles of the abstracts below them"))
    return out


@dataclass
class _Abstract:
    """An abstract of a text file, as _abstracts reads it."""
    line: int
    title: str | None
    text: str
    authors: list[str]
    url: str | None = None


def _long(text: str) -> bool:
    """More than a field's or a names' line: over AUTHORS_LINE characters or 40 words."""
    return len(text) > AUTHORS_LINE or len(text.split(None, 40)) > 40


def _one_line(para: tuple[int, str], lines: list[str] | None) -> bool:
    """Whether a paragraph is one line of the file (`lines`; without them, whether it could be)."""
    return lines[para[0] - 1].strip() == para[1] if lines and para[0] <= len(lines) else "\n" not in para[1]


def _title_alone(para: tuple[int, str], lines: list[str] | None) -> str:
    """A title paragraph's text without the lines under its first that are authors' names, their institutions
    or a first page's front matter ("Title" / "Anonymous authors" / "Paper under double-blind review")."""
    line, text = para
    if not lines or line > len(lines) or _one_line(para, lines):
        return text
    first = lines[line - 1].strip()
    under = [first]
    for raw in lines[line:line + 4]:
        below = raw.strip()
        if is_blank(raw) or not (FRONT_LINE.fullmatch(below) or author_line(below) or affiliation_line(below)):
            break
        under.append(below)
    return first if " ".join(under) == text else text


def _abstracts(paras: list[tuple[int, str]], titles: list | None, name: str, result: ReadResult,
               fielded: dict[int, Fields] | None = None) -> list[_Abstract]:
    """Each abstract of a text file's paragraphs (after its header): a PDF's page numbers and running headers, an
    "Abstract" label alone and a Markdown heading that titles no abstract ("## Week 1") are left out; a list's item
    as long as an abstract is one ("- **Title**: ...", its bold lead its title); a list with blank lines around
    it, a keywords line, a link alone on its line, the rest of a sentence a page break cut, and in a titled file a
    paragraph without a title line, are read as part of the abstract above (a paper's page as its address).  A
    paragraph with a title in field lines (`fielded`) is titled."""
    abstracts: list[_Abstract] = []
    repeated = {p for p, n in Counter(p for _, p in paras).items() if n >= 3 and len(p.split()) <= 12}

    def join(level: str, line: int, para: str, what: str, note: str = "", as_text: bool = True) -> None:
        if as_text:
            abstracts[-1].text += " " + para
        result.joined.append(Issue(level, name, line, f"{what}: read as {'part' if as_text else 'the address'} of the "
                                   f"abstract at line {abstracts[-1].line}" + note))
        result.issues.append(result.joined[-1])
    in_list = False  # (the paragraph above was a list joined to its abstract)
    for k, ((line, para), title) in enumerate(zip(paras, titles or [None] * len(paras))):
        if title is None and fielded and line in fielded and fielded[line].title:  # (in a dump that is not titled)
            title = fielded[line].as_title()
        cut = title is None and bool(abstracts) and _UNFINISHED.fullmatch(abstracts[-1].text[-40:].rsplit(None, 1)[-1]) \
            is not None  # (the abstract above stops mid-sentence)
        if (PAGE_NUMBER.fullmatch(para) or para in repeated) and not LABEL_ALONE.fullmatch(para):  # a PDF page's
            # number or running header, pasted with it (an "Abstract" label on every paper is a label: below)
            result.exclude(name, line, f"{para!r}: a page number or a line every page repeats (pasted from a PDF?); "
                           "left out", "a page number or running header")
            continue
        if cut and len(para.split()) <= 12 and not _GOES_ON.match(para) and paras[k + 1:k + 2] \
                and _GOES_ON.match(paras[k + 1][1]):  # (the sentence goes on under it)
            result.exclude(name, line, f"{para!r}: a short line inside a sentence of the abstract at line "
                           f"{abstracts[-1].line} (a page's running header, pasted from a PDF?); left out",
                           "a page number or running header")
            continue
        if cut and _GOES_ON.match(para):
            join("info", line, para, "the rest of a sentence the abstract above leaves unfinished",
                 " (a page break or a blank line inside it?)")
            continue
        bullet = _BULLET.match(para) is not None
        item = bullet and title is None and len(para) >= ABSTRACT_LINE and SENTENCE_BREAK.search(para) is not None
        # (an abstract as a list's item: as one_per_line reads a line)
        listed = title is None and bool(abstracts) and not _SEPARATOR_LINE.fullmatch(para) and not item and (
            bullet or abstracts[-1].text.endswith(":")  # (paragraphs are stripped)
            or in_list and len(para.split()) < ABSTRACT_WORDS)  # ("Our contributions are:", the items, the rest)
        in_list = listed and (in_list or bullet)
        link = _LINK_ALONE.fullmatch(para) if title is None and abstracts else None
        if listed:
            join("info", line, para, "a list, or what leads into or follows one, with blank lines around it")
        elif link:  # "https://openreview.net/forum?id=x", "Code: https://github.com/x/y" under the abstract
            page = _PAPER_PAGE.fullmatch(link.group(1)) and not abstracts[-1].url
            abstracts[-1].url = link.group(1) if page else abstracts[-1].url
            join("info", line, para, "a link alone on its line", as_text=not page)
        elif LABEL_ALONE.fullmatch(para):  # "Abstract" on a line of its own, over the abstract
            result.exclude(name, line, f"{para!r}: a label, not an abstract; left out", "a label alone", level="info")
        elif title is None and _HEADING.fullmatch(para):  # "## Week 1" over a list of abstracts: the file's sections
            result.exclude(name, line, f"{para!r}: a heading, not an abstract (no abstract under it reads as its "
                           "paper's); left out", "a heading", level="info")
        elif abstracts and _KEYWORDS_ALONE.fullmatch(para):  # a keywords line with a blank line above it
            join("info", line, para, "a keywords line")
        elif titles and title is None and abstracts:  # a paragraph of the abstract above (a blank line inside it)
            long = len(para.split()) >= ABSTRACT_WORDS  # (as long as an abstract: maybe one without its title line)
            join("warning" if long else "info", line, para, "no title line", " (a blank line inside it?"
                 + (" It is as long as an abstract: if it is one, give it a title line)" if long else ")"))
        elif item:  # "- **Title**: abstract", "* abstract": without the list's mark, the bold lead its title
            lead = _ITEM_TITLE.match(para)
            abstracts.append(_Abstract(line, (lead.group(1) or lead.group(2)).strip(), para[lead.end():], []) if lead
                             else _Abstract(line, None, para[_BULLET.match(para).end() - 1:], []))
        else:
            abstracts.append(_Abstract(line, title[1], para[len(title[0]):].lstrip(), title[2]) if title
                             else _Abstract(line, None, para, []))
    return abstracts


def _unnumbered(paras: list[tuple[int, str]], name: str, result: ReadResult) -> list[tuple[int, str]]:
    """The paragraphs without their list numbers where most open with one (a numbered dump, said in a note): the
    number is the dump's, not the abstract's, and would give an abstract another id in the next dump.  A list's
    numbers grow: a "1." after "57." opens an enumeration inside an abstract, and stays."""
    marks = [LIST_NUMBER.match(p) for _, p in paras]
    found = sum(m is not None for m in marks)
    if found < 2 or 2 * found < len(paras):
        return paras
    out, last, taken = [], 0, 0
    for (line, para), m in zip(paras, marks):
        number = int(next(g for g in m.groups() if g)) if m else 0
        if number > last:
            para, last, taken = para[m.end():], number, taken + 1
        out.append((line, para))
    result.issues.append(Issue("info", name, paras[0][0], f"{taken} of {len(paras)} paragraphs open with a list "
                               "number (1., [2], (3)...): read without it"))
    return out


def _titles(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult,
            fielded: dict[int, Fields] | None = None) -> list | None:
    """Each paragraph's (first line, title) or None, where most paragraphs open with a title line (a titled dump,
    said in a note); else None.  A title given in field lines (`fielded`, by the paragraph's line) is a sure one."""
    fielded = fielded or {}
    lines_read = [("", fielded[line].title, True) if line in fielded and fielded[line].title
                  else _title_line(lines[line - 1], para) for line, para in paras]
    sure = sum(t is not None and t[2] for t in lines_read)
    if sure < 2 or 2 * sure < len(paras):
        return None
    titles = [t and (fielded[line].as_title() if t[0] == "" and line in fielded else
                     under_title(t[:2], para, lines[line:line + 9]))
              for t, (line, para) in zip(lines_read, paras)]
    found = sum(t is not None for t in titles)
    rest = len(paras) - found - (titles[0] is None)  # (a first paragraph without one is an abstract of its own)
    result.issues.append(Issue("info", name, paras[0][0], f"{found} of {len(paras)} paragraphs open with a title "
                               "line: read as the papers' titles" + (f"; {rest} without one: read as the rest of the "
                                                                      "abstract above" if rest else "")))
    authored = [line for t, (line, _) in zip(titles, paras) if t and t[2]]
    placed = sum(bool(t and t[3]) for t in titles)
    if authored:
        result.issues.append(Issue("info", name, authored[0], f"{len(authored)} of {found} titles have a line of "
                                   "authors' names under them: read as the papers' authors" + (
                                       f"; the lines of their institutions under {placed} of them left out" if placed else "")))
    fronted = [line for t, (line, _) in zip(titles, paras) if t and t[4]]
    if fronted:
        result.issues.append(Issue("info", name, fronted[0], f"{len(fronted)} of {found} titles have a first page's "
                                   "front matter under them ('Anonymous authors', 'Paper under double-blind review', an "
                                   "'Abstract' label): left out of the abstracts"))
    return titles


# a title line's labels: "## ", "Title: "; the abstract's: "Abstract: "
_TITLE_LABEL = re.compile(rf"(?:{HEADING_MARK.pattern}|(?i:title)\s*[:：]\s*)")
PAGE_NUMBER = re.compile(r"(?i:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—]")  # 3, Page 3 of 9, - 3 -
_BULLET = re.compile(r"[-*•◦▪‣]\s+\S")  # a list item opening a paragraph
_HEADING = re.compile(r"#{1,6}\s+\S.{0,150}")  # a Markdown heading alone
_ITEM_TITLE = re.compile(r"[-*•◦▪‣]\s+(?:\*\*(\S.{1,300}?)\*\*|__(\S.{1,300}?)__)\s*(?:[:—–]|\s-\s|\.\s)\s*(?=\S)")  # "- **Title**: "
_KEYWORDS_ALONE = re.compile(KEYWORDS_LABEL + r"\S.{0,400}")
ABSTRACT_WORDS = 80  # words: an untitled paragraph this long in a titled file may be an abstract of its own
_UNFINISHED = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*[,;\-–—]?")  # a last word mid-sentence ("... also known")
_GOES_ON = re.compile(r"[^\W\d_A-Z]+(?:['’\-][^\W\d_]+)*[\s,;.)]")  # a sentence's rest: a lower-case word ("as ...")
_LINK_ALONE = re.compile(r"(?:[A-Z][\w .]{0,30}[:：]\s*)?<?((?:https?://|www\.)[^\s<>]+?)>?")  # (Code: https://...)
_PAPER_PAGE = re.compile(r"https?://(?:www\.)?(?:openreview\.net/(?:forum|pdf)\?id=|arxiv\.org/(?:abs|pdf)/|"
                         r"(?:dx\.)?doi\.org/)\S+")  # a paper's own page: its address, not a link in its text
# a keywords line ending an abstract (after its last sentence): "... baselines. Keywords: LLM, KV cache"
_KEYWORDS_LINE = re.compile(r"(?<=[.!?。)\]])\s+" + KEYWORDS_LABEL + r"(\S.{0,400}?)\s*$")
_CAPITALISED = re.compile(r"[*_$\"“(\[]*[A-Z0-9]")  # (after the marks of emphasis or math: "*Automated ...")
_NAME_COLON = re.compile(r"[^\s:]{2,30}: \S")  # "ProtoKV: processing two token categories"
_LINK_LABELS = re.compile(r"(?:\s+\[[A-Za-z]{2,10}\d*\])+$")  # a copied page's links after a title: " [PDF3] [Kimi1]"


def _title_line(first: str, para: str) -> tuple[str, str, bool] | None:
    """(the paragraph's first line, as joined, the title it holds, sure) where that line reads as a paper's title
    above its abstract: a line of its own of at most 30 words, not ending a sentence (a '?' may, and a '.' a line
    in Title Case or after a label, and none holds a link: "Code: https://..."), and a capitalised sentence under
    it; sure: also most of its longer words capitalised, a "Name: ..." form or a label.  Else None."""
    first = first.strip()  # (as paragraphs() joins it)
    if not para.startswith(first):
        first = unnumbered(first)  # (read without its list number)
    if not para.startswith(first) or len(para) <= len(first) + 40:
        return None
    label = _TITLE_LABEL.match(first)
    title = first[label.end():] if label else first
    bold = BOLD_LINE.fullmatch(title)  # "**Title**" on its own line: a title, without its marks
    title = _LINK_LABELS.sub("", (bold.group(1) or bold.group(2)) if bold else title)
    words = [w for w in title.split() if len(w) >= 4 and w[0].isalpha()]
    rest = para[len(first):].lstrip()
    if not words or len(title.split()) > 30 or title.endswith((",", ";", ":")) or "://" in title \
            or not (_CAPITALISED.match(ABSTRACT_LABEL.sub("", rest, count=1)) or rest[:1].isupper()):
        return None
    cased = sum(w[0].isupper() for w in words) / len(words)
    if title.endswith(".") and cased < 0.6 and not (label or bold):  # a sentence, unless in Title Case ("... Towards
        return None  # Realistic Evaluation."), labelled ("Title: X does not cause Y. Z does.") or bold ("**X. Y.**")
    return first, " ".join(title.split()), bool(label or bold or cased >= 0.6 or _NAME_COLON.match(title))
