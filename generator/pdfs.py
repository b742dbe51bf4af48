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
from collections import Counter
from typing import NamedTuple

from .model import Issue, ReadResult
from .ownpaper import ARXIV_STAMP, add_paper, authors_of, locate, one_line
from .textdump import PAGE_NUMBER, read_numbered
from .words import ANY_ACCENT, accented

GAP = 1.5  # a gap this many times the document's usual line spacing (or more) parts two paragraphs
SHORT_LINES, SHORT_CHARS = 4, 400  # a paragraph of at most so many lines and characters: a wrapped title or names


_BREAK = re.compile("\r\n|\n|\ufffe")  # PDFium's line ends; U+FFFE: a hyphen it found at a line's end


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
            if ANY_ACCENT.search(line):
                line, parted = accented(line), accented(parted)
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


FRONT_PAGES = 2  # a paper's own PDF has its abstract on its first pages


def _own_paper(placed: list[list[Line]], usual: float, name: str, result: ReadResult) -> bool:
    """A paper's own PDF (a preprint, a camera-ready paper): one record (ownpaper.py), where the document has one
    "Abstract" label, on its first FRONT_PAGES pages, and a first section's heading after it; its title and
    authors are _front's, its address and venue are named on the label's page."""
    flat = [(p, k) for p, lines in enumerate(placed) for k in range(len(lines))]
    parts = locate([placed[p][k].text for p, k in flat], sum(len(lines) for lines in placed[:FRONT_PAGES]))
    if not parts:
        return False
    (page, at), (p, _) = flat[parts.label], flat[parts.heading]
    above = [line for line in placed[page][:at] if line.text and not ARXIV_STAMP.match(line.text)]
    if not above:
        return False
    region = [placed[q][j] for q, j in flat[parts.label if parts.lead else parts.label + 1:parts.heading]]
    if parts.lead:
        region[0] = region[0]._replace(text=region[0].text[parts.lead:])
    between = _unsplit([line for line in _paragraphs(region, usual)
                        if not (PAGE_NUMBER.fullmatch(line) or ARXIV_STAMP.match(line))])  # (a page's number, a stamp)
    title, authors = _front(above)
    return add_paper(name, page + 1, "page", title, authors, between, [placed[q][j].text for q, j in flat[parts.heading:]],
                     [line.text for line in placed[page]] + [line.text for line in placed[0]] * (page > 0),
                     f"on page {p + 1} ({len(placed) - p} page(s), references included)", result)


def _front(above: list[Line]) -> tuple[str, list[str]]:
    """A paper's title and authors from the lines above its abstract: the title is the lines in the largest type
    (a word a line's end split mended); the authors the names in the rows under it (a row: the lines on one
    baseline, which raised marks part; names side by side parted by their gaps: ownpaper.authors_of)."""
    top = max(line.size for line in above)
    at = [i for i, line in enumerate(above) if line.size >= 0.95 * top]
    first, last = at[0], next(i for i in at if i + 1 not in at)
    title = one_line(_unsplit([line.text for line in above[first:last + 1]]))
    rows: list[list[Line]] = []
    for line in above[last + 1:]:
        if rows and line.bottom is not None and rows[-1][0].bottom is not None and \
                abs(line.bottom - rows[-1][0].bottom) < 0.5 * (rows[-1][0].size or 10):
            rows[-1].append(line)
        else:
            rows.append([line])
    return title, authors_of([[line.parted or line.text for line in row] for row in rows])


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
