"""Read: word-processor documents (.docx, as Word and Google Docs save them; .odt, LibreOffice's).  The document's
paragraphs are the paragraphs of a text dump (a blank line after each, as Word parts paragraphs by their spacing;
a line break inside one a new line; a heading "## ...", a paragraph set in bold "**...**"), read by
textdump.read_text as a pasted file is; a record's or a message's line is its paragraph's number in the document.

The archive's unpacked size is checked first (workbook.open_archive), and its XML is parsed by defusedxml, which
refuses entity declarations."""
from __future__ import annotations

import re

from defusedxml import ElementTree

from .model import Issue, ReadResult
from .textdump import read_numbered
from .workbook import open_archive

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_OFF = {"0", "false", "off", "none"}  # a run property switched off (<w:b w:val="0"/>)
_HEADING_STYLE = re.compile(r"(?i)heading\s*\d|berschrift|titre\s*\d")  # Word's style ids ("Heading2", localised)


def _docx_lines(root) -> list[tuple[int, str]]:
    """(paragraph number, line) for each line of a .docx body: its paragraphs, a heading marked "## ", a
    paragraph all in bold "**...**"."""
    out, started = [], False
    for number, para in enumerate(root.iter(f"{_W}p"), start=1):
        parts, bold = [], []
        for run in para.iter(f"{_W}r"):
            props = run.find(f"{_W}rPr")
            for node in run:
                if node.tag == f"{_W}t" and node.text:
                    parts.append(node.text)
                    bold.append(props is not None and _on(props.find(f"{_W}b")))
                elif node.tag in (f"{_W}br", f"{_W}cr"):
                    parts.append("\n")
                elif node.tag == f"{_W}tab":
                    parts.append("\t")
        style = para.find(f"{_W}pPr/{_W}pStyle")
        text = "".join(parts)
        if text.strip() and style is not None and _HEADING_STYLE.match(style.get(f"{_W}val", "")) and started:
            text = f"## {text.strip()}"  # (not the first: the header line naming the collection)
        elif text.strip() and bold and all(bold) and "\n" not in text:
            mark = "**" if "*" not in text else "__" if "_" not in text else ""  # (a mark the title does not hold:
            text = f"{mark}{text.strip()}{mark}"  # "**FaSTA*: ...**" would not read as bold)
        out.extend((number, line) for line in [*text.split("\n"), ""])  # (a blank line after each paragraph)
        started = started or bool(text.strip())
    return out


def _on(flag) -> bool:
    return flag is not None and flag.get(f"{_W}val", "true").lower() not in _OFF


def _odt_lines(root) -> list[tuple[int, str]]:
    """(paragraph number, line) for each line of an .odt's text: its paragraphs and headings ("## ")."""
    out, number, started = [], 0, False
    for node in root.iter():
        if node.tag not in (f"{_TEXT}p", f"{_TEXT}h"):
            continue
        number += 1
        parts = [node.text or ""]
        for child in node.iter():
            if child is node:
                continue
            if child.tag == f"{_TEXT}line-break":
                parts.append("\n")
            elif child.tag == f"{_TEXT}tab":
                parts.append("\t")
            elif child.tag == f"{_TEXT}s":
                count = child.get(f"{_TEXT}c", "1")  # (spaces; a count that is no number, or absurd, is one or 100)
                parts.append(" " * min(int(count), 100) if count.isdigit() else " ")
            elif child.text and child.tag not in (f"{_TEXT}note", f"{_TEXT}note-citation"):
                parts.append(child.text)
            if child.tail and child is not node:
                parts.append(child.tail)
        text = "".join(parts)
        text = f"## {text.strip()}" if node.tag == f"{_TEXT}h" and text.strip() and started else text
        out.extend((number, line) for line in [*text.split("\n"), ""])
        started = started or bool(text.strip())
    return out


def read_document(data: bytes, name: str, result: ReadResult) -> None:
    """The document's paragraphs read as a text dump (see the module's docstring)."""
    odt = name.lower().endswith(".odt")
    part = "content.xml" if odt else "word/document.xml"
    try:
        with open_archive(data) as archive:
            root = ElementTree.fromstring(archive.read(part))
    except Exception as exc:  # noqa: BLE001 - zipfile's, the XML's (defusedxml's refusals too) or the size's
        kind = "an .odt" if odt else "a .docx"
        result.issues.append(Issue("error", name, 1, f"not {kind} document that can be read ({type(exc).__name__}: "
                                   f"{exc}); not read: save it again, or as .txt"))
        result.files_not_read.append(name)
        return
    lines = _odt_lines(root) if odt else _docx_lines(root)
    result.issues.append(Issue("info", name, 1, f"read as a {'LibreOffice' if odt else 'Word'} document: its "
                               f"{lines[-1][0] if lines else 0} paragraphs as the paragraphs of a text file (a "
                               "line number is a paragraph's number)"))
    read_numbered(lines, name, result)
