"""Read: PDF files (an abstract booklet, proceedings' front matter, a page printed to PDF, a paper's own PDF).
PDFium (pypdfium2) gives each page's text in reading order, a line at a time, with where each line sits.  A gap
between two lines wider than the document's usual line spacing is a blank line, as if the text were pasted with its
paragraphs parted; a page break is one unless it falls inside a sentence; a short paragraph of a few lines (a title or
names the page wrapped) is one line.  Each page's running header, footer and page number are left out (said in a
note), and a word hyphenated at a line's end is joined where its second half is capitalised (a compound:
"Vision-Language").  textdump.read_text then reads the text as a pasted file, with its
rules for titles, authors and what PDFs leave behind; a record's or a message's line is the number of the page
it starts on.  A paper's own PDF (one "Abstract" label, then "1 Introduction") is one paper: _own_paper.

A PDF whose pages hold no text (scanned images) is a warning: it would need OCR."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import NamedTuple

from .bylines import FRONT_LINE, affiliation_line, author_line
from .model import Issue, ReadResult
from .structured import add_record, split_list
from .textdump import PAGE_NUMBER, read_numbered
from .venues import known_venue
from .words import mend_breaks

GAP = 1.5  # a gap this many times the document's usual line spacing (or more) parts two paragraphs
SHORT_LINES, SHORT_CHARS = 4, 400  # a paragraph of at most so many lines and characters: a wrapped title or names


_BREAK = re.compile("\r\n|\n|\ufffe")  # PDFium's line ends; U+FFFE: a hyphen it found at a line's end


# TeX's accents as pdflatex sets them without T1 fonts: a spacing accent before its letter ("Schr¨odinger"), a cedilla
# after it ("c¸"); as combining marks, each makes the letter it composes with ("ö"), or stays as it is
_SPACING = "\u00a8\u00b4\u02dc\u02c6\u02c7\u02d8\u02da\u02d9\u02dd\u00af\u02cb"  # ¨ ´ ˜ ˆ ˇ ˘ ˚ ˙ ˝ ¯ ˋ
_COMBINING = dict(zip(_SPACING + "\u00b8", "\u0308\u0301\u0303\u0302\u030c\u0306\u030a\u0307\u030b\u0304\u0300\u0327"))
_ANY_ACCENT = re.compile(f"[{_SPACING}\u00b8]")  # (the fast test)
_ACCENT_BEFORE = re.compile(f"([{_SPACING}])\\s?([A-Za-z\u0131])")
_CEDILLA_AFTER = re.compile("([A-Za-z])\\s?\u00b8")


def _accented(text: str) -> str:
    """TeX's spacing accents put on their letters: "Schr¨odinger" -> "Schrödinger", "Franc¸ois" -> "François"."""
    def put(letter: str, accent: str, whole: str) -> str:
        one = unicodedata.normalize("NFC", letter.replace("\u0131", "i") + _COMBINING[accent])
        return one if len(one) == 1 else whole
    text = _ACCENT_BEFORE.sub(lambda m: put(m.group(2), m.group(1), m.group()), text)
    return _CEDILLA_AFTER.sub(lambda m: put(m.group(1), "\u00b8", m.group()), text)


class Line(NamedTuple):
    """A line of a page, in PDFium's reading order."""
    text: str
    bottom: float | None  # the bottom of its first character's box (None for a line without text)
    size: float = 0.0  # its first character's font size
    parted: str = ""  # (a front page's lines) the text with ", " where a wide gap parts two words: names side by side


def _page_lines(page, front: bool = False) -> list[Line]:
    """A page's lines in PDFium's reading order; a line that ends with a hyphenated word's first half ends with
    U+FFFE (_hyphens).  On a `front` page, each line is also `parted` where a gap wider than its type's size parts
    two words (a table's columns: authors side by side)."""
    import pypdfium2.raw as pdfium

    text_page = page.get_textpage()
    try:
        text, count = text_page.get_text_range(), text_page.count_chars()
        lines, start = [], 0
        for end in [*(m for m in _BREAK.finditer(text)), None]:
            stop = end.start() if end else len(text)
            line = text[start:stop] + ("\ufffe" if end and end.group() == "\ufffe" else "")
            box = text_page.get_charbox(start, loose=True) if line.strip() and start < count else None
            size = pdfium.FPDFText_GetFontSize(text_page.raw, start) if box else 0.0
            parted = _parted(text_page, text, start, min(stop, count), size) if front and box and size else ""
            if _ANY_ACCENT.search(line):
                line, parted = _accented(line), _accented(parted)
            lines.append(Line(line.strip(), box[1] if box else None, size, parted.strip()))
            start = end.end() if end else len(text)
    finally:
        text_page.close()
    return lines


def _parted(text_page, text: str, start: int, stop: int, size: float) -> str:
    """text[start:stop] with ", " for each space where the gap between the characters around it is wider than the
    type's size: the columns of a table, names side by side."""
    box = text_page.get_charbox
    return "".join(", " if c == " " and start < i < stop - 1 and box(i + 1)[0] - box(i - 1)[2] > size else c
                   for i, c in zip(range(start, stop), text[start:stop]))


def _paragraphs(lines: list[Line], usual: float) -> list[str]:
    """A page's lines with a blank line where a gap wider than GAP times the usual line spacing parts two, or
    where the next line is higher up the page (a new column); a short paragraph of a few lines (a title or a list
    of names the page wrapped) is one line, as the text reader reads a title's or the authors' line."""
    blocks, last = [[]], None
    for line, bottom, *_ in lines:
        if bottom is not None and last is not None and usual and (last - bottom > GAP * usual or bottom > last):
            blocks.append([])
        blocks[-1].append(line)
        last = bottom if bottom is not None else last
    out = []
    for block in blocks:
        short = 2 <= len(block) <= SHORT_LINES and sum(map(len, block)) <= SHORT_CHARS and not block[-1].endswith("\ufffe")
        out += [*([" ".join(_unsplit(block))] if short else block), ""]
    return out[:-1]


def _usual_spacing(pages: list[list[Line]]) -> float:
    """The document's usual line spacing: the lower quartile of the steps down from a line to the next (most
    steps are a paragraph's own lines)."""
    steps = sorted(a - b for lines in pages for a, b in zip((x.bottom for x in lines), (x.bottom for x in lines[1:]))
                   if a is not None and b is not None and a > b)
    return steps[len(steps) // 4] if steps else 0.0


def _furniture(pages: list[list[str]]) -> set[tuple[int, int]]:
    """(page, line) of each page's running headers, footers and page numbers: among its first two and last two
    lines with text, a page number ("3", "Page 3 of 9") or a line that opens or closes a quarter of the pages, three
    at least (digits aside: "ICLR 2026 abstracts", "Proceedings, page 12")."""
    bands = []
    for lines in pages:
        filled = [k for k, line in enumerate(lines) if line]
        bands.append(sorted(set(filled[:2] + filled[-2:])))
    shape = lambda text: re.sub(r"\d+", "#", text)  # noqa: E731
    seen = Counter(shape(pages[p][k]) for p, band in enumerate(bands) for k in band)
    often = max(3, len(pages) // 4)
    return {(p, k) for p, band in enumerate(bands) for k in band
            if PAGE_NUMBER.fullmatch(pages[p][k]) or seen[shape(pages[p][k])] >= often and len(pages[p][k]) <= 120}


def _finished(line: str) -> bool:
    """Does a page's last line end a paragraph (a sentence's end), so that the next page opens a new one?"""
    return line.rstrip().endswith((".", "!", "?", ":", ")", "]", "\"", "”")) or not line.strip()


def _unsplit(lines: list[str]) -> list[str]:
    """_hyphens of lines that carry no page."""
    return [line for _, line in _hyphens([(0, line) for line in lines])]


def _hyphens(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Lines that end with a hyphenated word's first half (U+FFFE): joined to the next where that opens with a
    capital or a digit ("Vision-" and "Language": a compound's own hyphen); else ended with "-", for
    words.mend_breaks to judge ("consis-" and "tent")."""
    out: list[tuple[int, str]] = []
    for page, line in lines:
        split = bool(out) and out[-1][1].endswith("\ufffe")
        if split and (line[:1].isupper() or line[:1].isdigit()):
            out[-1] = (out[-1][0], out[-1][1][:-1] + "-" + line)  # (so " ".join keeps "Multi-View" whole)
            continue
        if split:
            out[-1] = (out[-1][0], out[-1][1][:-1] + "-")
        out.append((page, line))
    if out and out[-1][1].endswith("\ufffe"):
        out[-1] = (out[-1][0], out[-1][1][:-1] + "-")
    return out


_LABEL = re.compile(r"(?:Abstract|A\s?BSTRACT)\s*[:：.]?")  # ("A BSTRACT": small capitals as PDFium may give them)
_LABEL_LEAD = re.compile(r"(?:Abstract|A\s?BSTRACT)\s*[:：.—–]\s*(?=\S)")  # a label that opens the abstract's first line
_SECTION_ONE = re.compile(r"(?:(?:1|I)\.?\s*)?(?:Introduction|I\s?NTRODUCTION)|"  # a first section's heading:
                          r"1\.?\s+[A-Z][\w\-]*(?:\s[\w\-]+){0,5}|"  # "1 Introduction", "1. Background",
                          r"I\.\s+[A-Z][A-Z\-]*(?:\s[A-Z\-]+){0,5}")  # "I. PRELIMINARIES"
FRONT_PAGES = 2  # a paper's own PDF has its abstract on its first pages
_KEYWORDS = re.compile(r"(?i:keywords|key\s*words|index\s+terms)\s*[:：—–.\-]\s*")  # ("Index Terms—...": IEEE's)
_ARXIV_STAMP = re.compile(r"arXiv:(\d{4}\.\d{4,5}(?:v\d+)?)")  # the identifier arXiv stamps along a first page's margin
_DOI = re.compile(r"(?:doi\.org/|\bDOI:?\s*|Digital Object Identifier:?\s*)(10\.\d{4,9}/\S+)", re.I)  # (ACM's, Springer's)
_MARKS_ALONE = re.compile(r"[\d,*†‡§¶]+")  # a line of a row that is a name's raised mark alone
_MARK = re.compile(r"^(?:\d{1,2}(?:,\d{1,2})*|[*†‡§¶])\s+(?=[^\W\d_])")  # a mark the line above raised: "1 Ines Ivanov"


def _own_paper(placed: list[list[Line]], usual: float, name: str, result: ReadResult) -> bool:
    """A paper's own PDF (a preprint, a camera-ready paper): one record, where the document has one "Abstract"
    label (alone on its line, or opening the abstract: "Abstract—We ..."), on its first FRONT_PAGES pages, and a
    first section's heading after it ("1 Introduction"): the abstract is the text between the two (its keywords
    after a "Keywords:" line); title and authors are _front's; its address is arXiv's page of the identifier arXiv
    stamps on a preprint's first page, else the DOI its label's page names ("https://doi.org/10.1145/..."); the
    collection is a venue the page names ("Under review as a conference
    paper at ICLR 2026"), else "Papers".
    The body after the heading, its references included, is no abstract: said in a note."""
    labels = [(p, k) for p, lines in enumerate(placed) for k, line in enumerate(lines)
              if _LABEL.fullmatch(line.text) or _LABEL_LEAD.match(line.text)]
    if len(labels) != 1 or labels[0][0] >= FRONT_PAGES:
        return False
    page, at = labels[0]
    lead = _LABEL_LEAD.match(placed[page][at].text)  # ("Abstract—We ...": IEEE's, "Abstract. We ...": Springer's)
    first = at if lead else at + 1
    flat = [(p, k) for p in range(page, len(placed)) for k in range(first if p == page else 0, len(placed[p]))]
    heading = next((i for i, (p, k) in enumerate(flat) if _SECTION_ONE.fullmatch(placed[p][k].text)), None)
    above = [line for line in placed[page][:at] if line.text and not _ARXIV_STAMP.match(line.text)]
    if not heading or not above:
        return False
    region = [placed[p][k] for p, k in flat[:heading]]
    if lead:
        region[0] = region[0]._replace(text=region[0].text[lead.end():])
    text = [line for line in _paragraphs(region, usual)
            if not (PAGE_NUMBER.fullmatch(line) or _ARXIV_STAMP.match(line))]  # (a page's number, arXiv's stamp)
    text = _unsplit(text)
    fields = next((i for i, line in enumerate(text) if _KEYWORDS.match(line)), len(text))
    abstract, keywords = mend_breaks("\n".join(text[:fields])), _KEYWORDS.sub("", " ".join(text[fields:]))
    body = sum(len(placed[p][k].text.split()) for p, k in flat[heading:])
    if len(abstract.split()) < 25 or body < 2 * len(abstract.split()):
        return False  # (a short text under the label, or little after the heading: no paper's abstract and body)
    title, authors = _front(above)
    stamp = next((m.group(1) for line in placed[0] for m in [_ARXIV_STAMP.match(line.text)] if m), None)
    doi = next((m.group(1) for line in placed[page] for m in [_DOI.search(line.text)] if m), None)
    venue = next((v for line in placed[page] for v in [known_venue(line.text)] if v), "Papers")
    result.paragraphs[name] = 1
    add_record({"abstract": abstract, "title": title, "authors": authors, "keywords": split_list(keywords, ",;·"),
                "id": stamp, "doi": doi and doi.rstrip(".,;)")},
               name, page + 1, venue, result, what="PDF", holds="the text under its label")
    (p, k), pages = flat[heading], len(placed) - flat[heading][0]
    result.issues.append(Issue("info", name, page + 1, f"read as a paper's own PDF: its title, authors and abstract "
                               f"from page {page + 1}; its body, from \"{placed[p][k].text}\" on page {p + 1} ({pages} "
                               "page(s), references included), is no abstract and is not read"))
    return True


def _front(above: list[Line]) -> tuple[str, list[str]]:
    """A paper's title and authors from the lines above its abstract: the title is the lines in the largest type
    (a word a line's end split mended); the authors the names in the rows under it (a row: the lines on one
    baseline, which raised marks part: "Bo Wang1" ", Ann Silva2", or "Jun Lee" "1 Farid Rao": one name a line;
    names side by side parted by their gaps), not the institutions, e-mail addresses or anonymous front matter."""
    top = max(line.size for line in above)
    at = [i for i, line in enumerate(above) if line.size >= 0.95 * top]
    first, last = at[0], next(i for i in at if i + 1 not in at)
    title = " ".join(mend_breaks("\n".join(_unsplit([line.text for line in above[first:last + 1]]))).split())
    rows: list[list[Line]] = []
    for line in above[last + 1:]:
        if rows and line.bottom is not None and rows[-1][0].bottom is not None and \
                abs(line.bottom - rows[-1][0].bottom) < 0.5 * (rows[-1][0].size or 10):
            rows[-1].append(line)
        else:
            rows.append([line])
    authors = []
    for row in rows:
        text = "".join(("" if not k or part.startswith((",", ";")) or _MARKS_ALONE.fullmatch(part) else ", ")
                       + _MARK.sub("", part) for k, part in enumerate(line.parted or line.text for line in row))
        if not (affiliation_line(text) or "@" in text or FRONT_LINE.fullmatch(text)):
            authors += author_line(text, alone=True) or []
    return title, authors


def read_pdf(data: bytes, name: str, result: ReadResult) -> None:
    """The PDF's text read as a pasted text dump (see the module's docstring)."""
    import pypdfium2  # (only where there is a PDF)

    try:
        pdf = pypdfium2.PdfDocument(data)
    except Exception as exc:  # noqa: BLE001 - PDFium's refusal (broken, encrypted): said, the file not read
        result.issues.append(Issue("error", name, 1, f"not a PDF that can be read ({type(exc).__name__}: {exc}); "
                                   "not read: save it again, or copy its text into a .txt file"))
        result.files_not_read.append(name)
        return
    placed: list[list[Line]] = []
    try:
        for number in range(len(pdf)):
            try:
                page = pdf[number]
                try:
                    placed.append(_page_lines(page, front=number < FRONT_PAGES))
                finally:
                    page.close()
            except pypdfium2.PdfiumError as exc:  # (a broken page: said, the others read)
                result.issues.append(Issue("warning", name, number + 1, f"page {number + 1} cannot be read ({exc}); "
                                           "its text is not read: save the PDF again"))
                placed.append([])
    finally:
        pdf.close()
    usual = _usual_spacing(placed)
    if _own_paper(placed, usual, name, result):
        return
    pages = [_paragraphs(lines, usual) for lines in placed]
    furniture = _furniture(pages)
    lines: list[tuple[int, str]] = []  # (page number, line)
    for p, page_lines in enumerate(pages):
        kept = [line for k, line in enumerate(page_lines) if (p, k) not in furniture]
        while kept and not kept[-1]:
            kept.pop()  # (the gaps around the furniture left out)
        while kept and not kept[0]:
            kept.pop(0)
        last = next((line for _, line in reversed(lines) if line), "")
        if lines and kept and not last.endswith("\ufffe") and (_finished(last) or not kept[0][:1].islower()):
            lines.append((p + 1, ""))  # (a page break inside no sentence: a paragraph break)
        lines += [(p + 1, line) for line in kept]
    lines = _hyphens(lines)
    if not any(line for _, line in lines):
        result.issues.append(Issue("warning", name, 1, f"a PDF of {len(pages)} page(s) without "
                                   "text (scanned images?); nothing read from it: it would need OCR"))
        result.paragraphs[name] = 0
        return
    result.issues.append(Issue("info", name, 1, f"read as a PDF: the text of its {len(pages)} page(s), a wide gap "
                               "between lines a paragraph break (a line number is a page's number)" + (
                                   f"; {len(furniture)} running headers, footers and page numbers left out"
                                   if furniture else "")))
    read_numbered(lines, name, result)
