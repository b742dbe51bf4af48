"""Read: plain-text abstract dumps.  A header line names the collection, then one abstract per paragraph,
and whatever people's files add around them: titles over the abstracts (with or without blank lines),
authors' names and institutions, "Abstract"/"Keywords" labels, numbered lists, a PDF first page's front
matter, page numbers and running headers, one abstract per line without blank lines.  A .txt that is
really a table or a JSON export goes to the structured readers."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .model import Issue, RawRecord, ReadResult, Source
from .structured import address, has_abstract, json_text, read_json, read_table, split_list
from .tagged import read_tagged, sniff
from .webfeeds import read_feed
from .venues import MAX_HEADER_CHARS, collection_name, looks_like_header
from .words import words

LONG_PARAGRAPH = 5_000  # characters: OpenReview's limit for an abstract; longer paragraphs are kept, with a warning
ABSTRACT_LINE = 500  # characters: a line this long with a sentence break inside can be a whole abstract (the dev file's
# shortest has 542; an abstract's own paragraphs rarely are, three of them hardly ever: one in 2,120)
_RULE_MARKS = "-=*_~#•·—–"
_SEPARATOR_LINE = re.compile(f"(?:[{_RULE_MARKS}][ \\t]*){{3,}}")  # a line of rule marks alone: "---", "* * *", "======"
_SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]|[。！？]\S")
# a list number opening a paragraph ("1. ", "12) ", "[3] ", "(4) ", "#5 "): a numbered dump's, not the abstract's
_LIST_NUMBER = re.compile(r"(?:(\d{1,5})[.)]|\[(\d{1,5})\]|\((\d{1,5})\)|#(\d{1,5})[.:]?)\s+(?=\S)")
INVISIBLE = frozenset("\u00ad\u200b\u2060\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# (soft hyphens and zero-width spaces from PDFs, "inves\u00adtigate"; direction marks): characters that show nothing
JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners: part of Persian words and emoji ("👩\u200d👧"), kept


def _blank(line: str) -> bool:
    """A line that parts paragraphs: nothing, or only spaces and characters that show nothing (a zero-width space)."""
    return not (line.strip() and (line.isascii() or line.strip().strip(_SHOWS_NOTHING).strip()))


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
        blank = _blank(line)
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
        whole = len(body) >= 2 and all(len(line) >= ABSTRACT_LINE and _SENTENCE_BREAK.search(line) for line in body)
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
    authors, institutions or front matter line many papers share ("Paper under double-blind review": _authored),
    nor a field line ("Primary Area: learning theory": _fielded)."""
    raw = text.split("\n")
    short = {i: line.strip() for i, line in enumerate(raw) if i and len(line) <= MAX_HEADER_CHARS}
    numbers = {i for i, line in short.items() if line and (line[0].isdigit() or line[0] in "-–—Pp")
               and _PAGE_NUMBER.fullmatch(line)}  # (a fast test first)

    def at(i: int) -> str:
        return short[i] if i in short else raw[i].strip() if 0 <= i < len(raw) else ""
    ends: dict[str, list[str]] = {}  # a line at a paragraph's end or next to a page number -> the lines above it
    for i, line in short.items():
        if line and (i + 1 in numbers or i - 1 in numbers or not at(i + 1)) and 3 <= len(line.split()) <= 12 \
                and line[-1] not in ".!?:;," and any(c.isalpha() for c in line):
            ends.setdefault(line, []).append(at(i - 1))
    heads = {line for line, above in ends.items() if len(above) >= 3 and len(set(above)) >= 2
             and not (_KEYWORDS_ALONE.fullmatch(line) or _FIRST_PAGE_LINE.fullmatch(line) or _author_line(line)
                      or _affiliation_line(line) or _FIELD.fullmatch(line))}
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


_SHOWS_NOTHING = "".join(sorted(INVISIBLE | JOINERS))
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
        return read_feed(text, name, result)
    if text.lstrip()[:1] in ("[", "{") and json_text(text):  # (an export saved as .txt)
        result.issues.append(Issue("info", name, 1, "read as JSON: the file holds a JSON array or object, or one a "
                                   "line (name it .json or .jsonl)"))
        return read_json(text, name, result)
    front = _FRONT_MATTER.match(text) if name.lower().endswith(".md") else None
    if front and _YAML_KEY.search(front.group(0)):  # (blank lines in its place: every line keeps its number)
        text = "\n" * front.group(0).count("\n") + text[front.end():]
        result.issues.append(Issue("info", name, 1, f"front matter (lines 1-{front.group(0).count(chr(10)) + 1}) "
                                   "skipped"))
    paras = one_per_line(text, name, result)
    result.paragraphs[name] = 0
    if not paras:
        result.issues.append(Issue("warning", name, 1, "empty file (no header and no abstracts); nothing read from it"))
        return
    header, lines = "", text.split("\n")
    if looks_like_header(paras[0][1], one_line=lines[paras[0][0] - 1].strip() == paras[0][1]):
        header = paras.pop(0)[1]
    else:
        result.issues.append(Issue("warning", name, paras[0][0],
                                   f"no header line naming the collection{_header_hint(text, paras[0][0])}; the first "
                                   "paragraph is read as an abstract and the collection is taken from the file name"))
    if not paras:
        result.issues.append(Issue("warning", name, 1, f"header {header!r} but no abstracts after it; "
                                   "nothing read from this file"))
    collection = collection_name(header, Path(name).stem)
    paras = title_paragraphs(paras, name, result, lines)
    result.paragraphs[name] = len(paras)
    paras = _unnumbered(paras, name, result)
    paras, fielded = _fielded(paras, lines, name, result)
    titles = _titles(paras, lines, name, result, fielded)
    abstracts = _abstracts(paras, titles, name, result, fielded)
    tagged = 0
    for a in abstracts:
        line, title, para = a.line, a.title, _ABSTRACT_LABEL.sub("", a.text, count=1)
        m = _KEYWORDS_LINE.search(para) if any(w in para for w in _KEYWORDS_WORDS) else None  # (a fast test first)
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
            while n < 4 and k + n + 1 < len(paras) and (_FRONT_LINE.fullmatch(paras[k + n][1])
                                                         or n == 1 and _author_line(paras[k + n][1], alone=True)):
                n += 1  # (the authors' names, "Anonymous authors", an "Abstract" label between title and abstract)
            label = next((j for j in range(n, 9) if k + j + 1 >= len(paras) or _LABEL_ALONE.fullmatch(paras[k + j][1])
                          or len(paras[k + j][1].split()) > 40 or not _one_line(paras[k + j], lines)), None)
            if label and k + label + 1 < len(paras) and _LABEL_ALONE.fullmatch(paras[k + label][1]):
                n = label + 1  # (a pasted page's one-line paragraphs between a title and its "Abstract" label: fields)
            body = paras[k + n][1]
            labelled = any(_LABEL_ALONE.fullmatch(p) for _, p in paras[k + 1:k + n])  # ("Abstract" over the body)
            read = len(title) <= MAX_HEADER_CHARS * 2 and (len(body.split()) > 30 or labelled) \
                and not (_LABEL_ALONE.fullmatch(title) or _KEYWORDS_ALONE.fullmatch(title)) \
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


def _one_line(para: tuple[int, str], lines: list[str] | None) -> bool:
    """Whether a paragraph is one line of the file (`lines`; without them, whether it could be)."""
    return lines[para[0] - 1].strip() == para[1] if lines and para[0] <= len(lines) else "\n" not in para[1]


def _title_alone(para: tuple[int, str], lines: list[str] | None) -> str:
    """A title paragraph's text without the lines under its first that are authors' names, their institutions
    or a first page's front matter ("Title" / "Anonymous authors" / "Paper under double-blind review")."""
    line, text = para
    if lines is None or line > len(lines) or text == lines[line - 1].strip():
        return text
    first = lines[line - 1].strip()
    under = [first]
    for raw in lines[line:line + 4]:
        below = raw.strip()
        if _blank(raw) or not (_FRONT_LINE.fullmatch(below) or _author_line(below) or _affiliation_line(below)):
            break
        under.append(below)
    return first if " ".join(under) == text else text


def _abstracts(paras: list[tuple[int, str]], titles: list | None, name: str, result: ReadResult,
               fielded: dict[int, _Fields] | None = None) -> list[_Abstract]:
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
        if (_PAGE_NUMBER.fullmatch(para) or para in repeated) and not _LABEL_ALONE.fullmatch(para):  # a PDF page's
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
        item = bullet and title is None and len(para) >= ABSTRACT_LINE and _SENTENCE_BREAK.search(para) is not None
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
        elif _LABEL_ALONE.fullmatch(para):  # "Abstract" on a line of its own, over the abstract
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
    marks = [_LIST_NUMBER.match(p) for _, p in paras]
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


# a field line: "Title: ...", "Authors: ...", "Comments: ...", "Primary Area: ..." (arXiv's listings and abstract
# pages, OpenReview's forum pages, hand-made files), and arXiv's id line "arXiv:2501.00001 [pdf, html, other]"
_LABELS = (r"title|authors?|author\s*\(s\)|comments?|subjects?|journal[- ]ref|doi|report[- ]no|msc[- ]class|acm[- ]class|"
           r"published|last\s+modified|keywords?|key\s+words|index\s+terms|tl;?\s*dr|venue|primary[\s_]+area|track|code|"
           r"url|pdf|link|submission\s+number|anthology\s+id|volume|month|year|address|publisher|pages|language|bibkey|"
           r"editors?|abstract")  # (arXiv's, OpenReview's, the ACL Anthology's)
_FIELD = re.compile(rf"((?i:{_LABELS}))\s*[:：]\s*(.*)")
_FIELD_ALONE = re.compile(rf"((?i:{_LABELS}))\s*[:：]?")  # a label over its value's line: "Authors", "Anthology ID:"
_ARXIV_LINE = re.compile(r"arXiv:(\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?)(?:\s*\[[^\]]*\])*")
_FIELD_LINES = 12  # lines of fields above an abstract, at most
_ABSTRACT_INSIDE = re.compile(r"\s(?:Abstract|ABSTRACT)(?:\s*[:：]|\s)")  # (an "Abstract" label after another line)
_GIVEN = {"title": "title", "authors": "authors", "author": "authors", "keywords": "keywords", "keyword": "keywords",
          "key words": "keywords", "index terms": "keywords", "primary area": "area", "primary_area": "area",
          "url": "url", "link": "url", "pdf": "url", "doi": "doi"}


@dataclass
class _Fields:
    """What a paragraph's field lines give its paper (_fielded); `left`: the labels of the fields left out."""
    title: str | None = None
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    keywords: list[str] = field(default_factory=list)
    area: str | None = None
    left: list[str] = field(default_factory=list)

    def as_title(self) -> tuple:
        """As _titles reads a title line: (the text before the abstract: none, title, authors, places, front)."""
        return "", self.title, self.authors, False, False


def _fielded(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult
             ) -> tuple[list[tuple[int, str]], dict[int, _Fields]]:
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
        got = _field_lines(line, para, lines) if _FIELD.match(para) or _ARXIV_LINE.match(para) \
            or ("bstract" in para[:3000] or "BSTRACT" in para[:3000]) and _ABSTRACT_INSIDE.search(para, 0, 3000) \
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


def _paragraph_lines(start: int, para: str, lines: list[str]) -> list[str]:
    """The file's lines (stripped) that make up the paragraph starting at line `start`, as far as they spell it
    (a line a PDF's page furniture took out ends them early; the first may lose its list number)."""
    out, pos = [], 0
    for raw in lines[start - 1:]:
        text = raw.strip()
        if pos >= len(para):
            break
        if _blank(raw):
            continue  # (title_paragraphs joins a title's paragraphs to its abstract's)
        if not out and not para.startswith(text):
            text = _LIST_NUMBER.sub("", text, count=1)  # (the dump's number, read off already)
        if not para.startswith(text, pos):
            break
        out.append(text)
        pos += len(text) + 1  # (paragraphs() joins lines with a space)
    return out


def _field_lines(start: int, para: str, lines: list[str]) -> tuple[str, _Fields] | None:
    """(the abstract, its _Fields) where field lines open the paragraph that starts at line `start`, or lines
    _authored does not read stand between its title and an "Abstract" label, or field lines close it; else None."""
    block = _paragraph_lines(start, para, lines)
    if " ".join(block) != para:
        return None  # (lines of the file that do not spell the paragraph: a PDF's page furniture taken out of it)
    labelled = next((k for k, text in enumerate(block[:_FIELD_LINES + 1])
                     if _LABEL_ALONE.fullmatch(text) or _ABSTRACT_LABEL.match(text)), None)  # (above it: fields)
    given, plain, taken = _opening(block[:_FIELD_LINES if labelled is None else labelled], labelled is not None)
    if labelled is not None and taken == labelled:
        label = block[labelled]
        body = block[labelled + 1:] if _LABEL_ALONE.fullmatch(label) else [_ABSTRACT_LABEL.sub("", label, count=1),
                                                                             *block[labelled + 1:]]
    elif len(given) >= 2 and {"title", "authors", "arxiv"} & given.keys() and not plain:
        body = block[taken:]
    else:
        return None
    body, closing = _closing(body)
    known = lambda text: _author_line(text) or _affiliation_line(text) or _FRONT_LINE.fullmatch(text)  # noqa: E731
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
        m = _FIELD.fullmatch(text)
        pair = None if m or taken + 1 == len(top) else _label_over(text, top[taken + 1])  # ("Authors" over the names)
        arxiv = _ARXIV_LINE.fullmatch(text) if taken == 0 else None
        if arxiv:
            given.setdefault("arxiv", ("arxiv", arxiv.group(1)))
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
        m, n = _FIELD.fullmatch(body[-1]), 1
        if not m and len(body) > 2 and len(body[-1]) <= MAX_HEADER_CHARS * 2:
            m, n = _label_over(body[-2], body[-1]), 2
        if not m or m.group(1).lower() in ("title", "abstract") or not _field_value(m):
            break
        _put(given, m)
        body = body[:-n]
    return body, given


def _label_over(label: str, value: str) -> re.Match | None:
    """_FIELD's match for a label alone on its line over its value's line ("Anthology ID:" / "2025.acl-long.1")."""
    return _FIELD.fullmatch(f"{label.rstrip(':： ')}: {value}") if _FIELD_ALONE.fullmatch(label) else None


def _put(given: dict, m: re.Match) -> None:
    """Keep a field's (label, value) under its key (_GIVEN's, else the label): the first of a key stays."""
    label = " ".join(m.group(1).lower().split())
    given.setdefault(_GIVEN.get(label, label), (label, m.group(2).strip()))


def _field_value(m: re.Match) -> bool:
    """Is _FIELD's match a field with its value: any, but for an address's label a link ("LINK: Learning Instance-
    level Knowledge ..." is a paper's title), and not "Abstract:" (the abstract's own label)?"""
    label, value = m.group(1).lower(), m.group(2).strip()
    if label in ("url", "link", "pdf", "code", "doi"):
        return bool(re.match(r"(?:https?://|www\.|doi:|10\.\d{4,}/|arXiv:)\S", value, re.I))
    return bool(value) and label != "abstract"


_VENUE_AFTER = re.compile(r";\s*(?:In\s+)?(?:Proceedings|Advances|Transactions|Journal)\b")  # (the CVF's way)


def _names_line(text: str) -> list[str] | None:
    """The authors a line without a label names: _author_line's, or theirs before "; Proceedings of ..." (the
    CVF's "Jane Doe, John Smith; Proceedings of the IEEE/CVF Conference ...")."""
    venue = _VENUE_AFTER.search(text)
    return _author_line(text[:venue.start()] if venue else text)


def _fields(given: dict, plain: list[str]) -> _Fields:
    """_Fields from a paragraph's fields (key -> (label, value)) and its lines without a label: the first is the
    title where no field gives one, a line of names the authors where no field gives them."""
    title, authors, keywords, area = (given.pop(key, None) for key in ("title", "authors", "keywords", "area"))
    url, doi, arxiv = (given.pop(key, None) for key in ("url", "doi", "arxiv"))
    if not title and plain and not _names_line(plain[0]):
        title, plain = ("title", plain[0]), plain[1:]
    named = next((k for k, text in enumerate(plain) if _names_line(text)), None) if not authors else None
    names = _author_line(f"Authors: {authors[1]}") if authors else _names_line(plain[named]) if named is not None else []
    if authors and not names and not authors[1].lower().startswith("anonymous"):
        names = split_list(authors[1], ",;", names=True)
    link = url[1] if url and re.match(r"https?://|www\.", url[1]) else None
    return _Fields(title=" ".join(title[1].split()) if title else None, authors=names or [],
                   url=address({"url": link, "doi": doi[1] if doi else None, "eprint": arxiv[1] if arxiv else None,
                                "archiveprefix": "arXiv" if arxiv else None}),
                   keywords=split_list(keywords[1].rstrip("."), ",;") if keywords else [], area=area[1] if area else None,
                   left=[label for label, _ in given.values()]
                   + ["a line without a label"] * (len(plain) - (named is not None)))


def _titles(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult,
            fielded: dict[int, _Fields] | None = None) -> list | None:
    """Each paragraph's (first line, title) or None, where most paragraphs open with a title line (a titled dump,
    said in a note); else None.  A title given in field lines (`fielded`, by the paragraph's line) is a sure one."""
    fielded = fielded or {}
    lines_read = [("", fielded[line].title, True) if line in fielded and fielded[line].title
                  else _title_line(lines[line - 1], para) for line, para in paras]
    sure = sum(t is not None and t[2] for t in lines_read)
    if sure < 2 or 2 * sure < len(paras):
        return None
    titles = [t and (fielded[line].as_title() if t[0] == "" and line in fielded else
                     _authored(t[:2], para, lines[line:line + 9]))
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


def _authored(title: tuple[str, str], para: str, under: list[str]) -> tuple[str, str, list[str], bool, bool]:
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
        names = None if _FRONT_LINE.fullmatch(line) or authors or front else _author_line(line) or (
            (alone or k + 1 < len(after) and _affiliation_line(after[k + 1])) and _author_line(line, alone=True) or None)
        kind = "front" if _FRONT_LINE.fullmatch(line) else "names" if names \
            else "places" if authors and not front and _affiliation_line(line) else None
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
_FRONT_LINE = re.compile(r"(?i:anonymous\s+authors?(?:\s*\(s\))?|paper\s+under\s+(?:double-blind\s+)?review|"
                         rf"anonymous\s+submission)|{_NOTICE}|(?:Abstract|ABSTRACT)\s*[:：.]?")
_FIRST_PAGE_LINE = re.compile(rf"(?!{_NOTICE}$)(?:{_FRONT_LINE.pattern})")  # (front matter a page's header is not)
_INSTITUTION = re.compile(r"\b(?:Universit(?:y|é|à|ä|at|ät|ad|ade)|Institute?|College|School|Laborator(?:y|ies)|Labs?|"
                          r"Research|Inc|Ltd|Corporation|Cent(?:re|er)|Academy|Hospital|Foundation|Polytechnic|"
                          r"Technion|ETH|EPFL|MIT|CMU|UCLA|CNRS|INRIA|Inria|KAIST|DeepMind|Google|Microsoft|Meta|NVIDIA|"
                          r"OpenAI|Anthropic|Amazon|Apple|IBM|Alibaba|Tencent|Baidu|ByteDance|Huawei)\b")


_MARK_CHARS = "*†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹"  # the marks that tie authors to their institutions: "Doe¹*", "²Stanford University"
_NOTE_MARK = re.compile(f"[{_MARK_CHARS}]")


def _affiliation_line(line: str) -> bool:
    """Does a line under the authors' names name their institutions ("¹MIT ²Stanford University", "Massachusetts
    Institute of Technology, Google DeepMind")?  An institution's word, no sentence in it, and most of its longer
    words capitalised."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’\-]*", _NOTE_MARK.sub(" ", line)) if len(w) >= 4]
    return len(line) <= AUTHORS_LINE and not _SENTENCE_BREAK.search(line) and line[-1:] not in ".!?:" \
        and _INSTITUTION.search(line) is not None and (not words or sum(w[0].isupper() for w in words) >= 0.6 * len(words))


AUTHORS_LINE = 600  # characters: a longer line is a sentence, not a list of names
_AUTHORS_LABEL = re.compile(r"(?i:authors?\s*[:：]|by\s)\s*")
_AFFILIATION = re.compile(r"\([^()]{0,120}\)|\{[^{}]{0,200}\}[^\s,;]*|[^\s,;]+@[^\s,;]+")  # "(MIT)", "{ann,bo}@x.edu", ann@x.edu
_MARKS = re.compile(rf"(?<=[^\W\d_])(?:\d{{1,2}}(?:,\d{{1,2}})*|[{_MARK_CHARS}])+(?=\s|,|;|$)")  # "Doe1,2", "Doe*†"
_NAME_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’\-](?=[^\W\d_]))*\.?|[^\W\d_]\.(?:-?[^\W\d_]\.)*")
_PARTICLES = frozenset("van von de der den da di du del della dos das la le bin ibn al el ten ter y".split())
_SMALL_WORDS = frozenset("a an the and or but not no of in on at to up by for from with via as is are be we you i it "
                         "how why what when who all one two new more less than into over out".split())  # (words() has 4+ letters)
_LOWER_WORD = re.compile(r"(?<![\w'’\-.@{,])(?!(?:and|et|al|by|authors?)\b)[a-z]{3,}(?![\w@.}])")  # ("{ann,bo}@x.edu": none)
_ET_AL = re.compile(r",?\s+et\s+al\.?$")


def _author_line(line: str, alone: bool = False) -> list[str] | None:
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


# a title line's labels: "## ", "Title: "; the abstract's: "Abstract: "
_TITLE_LABEL = re.compile(r"(?:#{1,6}\s+|(?i:title)\s*[:：]\s*)")
_PAGE_NUMBER = re.compile(r"(?i:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—]")  # 3, Page 3 of 9, - 3 -
_BULLET = re.compile(r"[-*•◦▪‣]\s+\S")  # a list item opening a paragraph
_HEADING = re.compile(r"#{1,6}\s+\S.{0,150}")  # a Markdown heading alone
_ITEM_TITLE = re.compile(r"[-*•◦▪‣]\s+(?:\*\*(\S.{1,300}?)\*\*|__(\S.{1,300}?)__)\s*(?:[:—–]|\s-\s|\.\s)\s*(?=\S)")  # "- **Title**: "
_ABSTRACT_WORD = r"(?:Abstract|ABSTRACT)"
_KEYWORDS_WORDS = ("Keywords", "Key words", "Key Words", "KEYWORDS", "Index Terms")
_KEYWORDS_LABEL = rf"(?:{'|'.join(_KEYWORDS_WORDS)})\s*[:：—–-]\s*"
_LABEL_ALONE = re.compile(_ABSTRACT_WORD + r"\s*[:：.]?")
_KEYWORDS_ALONE = re.compile(_KEYWORDS_LABEL + r"\S.{0,400}")
ABSTRACT_WORDS = 80  # words: an untitled paragraph this long in a titled file may be an abstract of its own
_ABSTRACT_LABEL = re.compile("^" + _ABSTRACT_WORD + r"\s*[:：.—–]\s*")
_UNFINISHED = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*[,;\-–—]?")  # a last word mid-sentence ("... also known")
_GOES_ON = re.compile(r"[^\W\d_A-Z]+(?:['’\-][^\W\d_]+)*[\s,;.)]")  # a sentence's rest: a lower-case word ("as ...")
_LINK_ALONE = re.compile(r"(?:[A-Z][\w .]{0,30}[:：]\s*)?<?((?:https?://|www\.)[^\s<>]+?)>?")  # (Code: https://...)
_PAPER_PAGE = re.compile(r"https?://(?:www\.)?(?:openreview\.net/(?:forum|pdf)\?id=|arxiv\.org/(?:abs|pdf)/|"
                         r"(?:dx\.)?doi\.org/)\S+")  # a paper's own page: its address, not a link in its text
# a keywords line ending an abstract (after its last sentence): "... baselines. Keywords: LLM, KV cache"
_KEYWORDS_LINE = re.compile(r"(?<=[.!?。)\]])\s+" + _KEYWORDS_LABEL + r"(\S.{0,400}?)\s*$")
_CAPITALISED = re.compile(r"[*_$\"“(\[]*[A-Z0-9]")  # (after the marks of emphasis or math: "*Automated ...")
_BOLD_LINE = re.compile(r"\*\*([^*\s](?:[^*]*[^*\s])?)\*\*|__([^_\s](?:[^_]*[^_\s])?)__")
_NAME_COLON = re.compile(r"[^\s:]{2,30}: \S")  # "ProtoKV: processing two token categories"


def _title_line(first: str, para: str) -> tuple[str, str, bool] | None:
    """(the paragraph's first line, as joined, the title it holds, sure) where that line reads as a paper's title
    above its abstract: a line of its own of at most 30 words, not ending a sentence (a '?' may, and a '.' a line
    in Title Case or after a label, and none holds a link: "Code: https://..."), and a capitalised sentence under
    it; sure: also most of its longer words capitalised, a "Name: ..." form or a label.  Else None."""
    first = first.strip()  # (as paragraphs() joins it)
    if not para.startswith(first):
        first = _LIST_NUMBER.sub("", first, count=1)  # (read without its list number)
    if not para.startswith(first) or len(para) <= len(first) + 40:
        return None
    label = _TITLE_LABEL.match(first)
    title = first[label.end():] if label else first
    bold = _BOLD_LINE.fullmatch(title)  # "**Title**" on its own line: a title, without its marks
    title = (bold.group(1) or bold.group(2)) if bold else title
    words = [w for w in title.split() if len(w) >= 4 and w[0].isalpha()]
    rest = para[len(first):].lstrip()
    if not words or len(title.split()) > 30 or title.endswith((",", ";", ":")) or "://" in title \
            or not (_CAPITALISED.match(_ABSTRACT_LABEL.sub("", rest, count=1)) or rest[:1].isupper()):
        return None
    cased = sum(w[0].isupper() for w in words) / len(words)
    if title.endswith(".") and cased < 0.6 and not label:  # a sentence, unless in Title Case ("... Towards Realistic
        return None  # Evaluation.") or labelled ("Title: X does not cause Y. Z does.")
    return first, " ".join(title.split()), bool(label or bold or cased >= 0.6 or _NAME_COLON.match(title))
