"""Read: the files under the inputs, each by its format's reader, into RawRecords with file and line.

Formats: text dumps (textdump.py: a header line, then one abstract per paragraph), CSV/TSV, JSON, JSONL and
BibTeX (structured.py), spreadsheets (workbook.py), RIS, Web of Science's and PubMed's tagged files
(tagged.py), XML feeds and exports (xmlexports.py), saved web pages (webpages.py), Word and LibreOffice
documents (documents.py: their paragraphs as a text dump's), PDFs (pdfs.py: their text, a wide gap a paragraph
break).  Here: which files are read (discover), how their bytes become text (decode, control characters), and
what every record is checked for.  Problems are collected as `Issue`s (file:line: message) instead of raised, so
that `paper-digest check` can report all of them at once; nothing is dropped silently (model.ReadResult's
accounting).
"""
from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

from .model import Issue, ReadResult
from .structured import CONTROL, read_bibtex, read_json, read_jsonl, read_table
from .tagged import MEDLINE, RIS, WOS, read_tagged
from .documents import read_document
from .pdfs import read_pdf
from .webpages import read_html
from .xmlexports import read_xml
from .workbook import read_workbook
from .textdump import LONG_PARAGRAPH, read_text

TEXT_EXT = {".txt", ".md", ".text", ".abstracts"}
NOT_ABSTRACTS = {"readme", "license", "licence", "changelog", "changes", "contributing", "authors", "copying"}
TABLE_EXT = {".csv": ",", ".tsv": "\t"}
JSON_EXT = {".json"}
JSONL_EXT = {".jsonl", ".ndjson"}
BIB_EXT = {".bib"}
TAGGED_EXT = {".ris": RIS, ".ciw": WOS, ".nbib": MEDLINE}  # (.ciw: Web of Science's plain-text format for
# EndNote; .nbib: PubMed's for a citation manager, MEDLINE)
FEED_EXT = {".xml", ".atom", ".rss"}
HTML_EXT = {".html", ".htm"}
BINARY_READERS = {".xlsx": read_workbook, ".docx": read_document, ".odt": read_document, ".pdf": read_pdf}
SUPPORTED = TEXT_EXT | set(TABLE_EXT) | JSON_EXT | JSONL_EXT | BIB_EXT | set(TAGGED_EXT) | FEED_EXT | HTML_EXT | set(
    BINARY_READERS)
SHORT_PARAGRAPH_WORDS = 12
GROUP_LIMIT = 5  # issues of one kind in one file shown individually; the rest summarised on one line
_MAGIC = {b"%PDF": "a PDF: name it .pdf", b"\x89PNG": "a PNG image", b"PK\x03\x04": "a ZIP/DOCX/XLSX archive: a document is read as .docx or .odt, a workbook as .xlsx",
          b"\x1f\x8b": "gzip-compressed", b"\xff\xd8\xff": "a JPEG image", b"GIF8": "a GIF image",
          b"\x7fELF": "an executable", b"\xd0\xcf\x11\xe0": "an old Word/Excel document: save it as .docx or .xlsx"}
CJK_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"  # kana and Han characters (a class's ranges)
CJK = re.compile(f"[{CJK_CHARS}]")  # a kana or Han character


def _template(message: str) -> str:
    """The kind of an issue: its message with numbers and quoted text blanked out."""
    return re.sub(r"\d[\d,.]*|'[^']*'|\"[^\"]*\"", "#", message)


def summarize(issues: list[Issue], limit: int = GROUP_LIMIT) -> list[str]:
    """Issue lines for people: the first `limit` of each kind per file, then one line with the rest.

    100,000 stray one-word paragraphs give six lines, not 100,000; every line still says file:line.
    """
    groups: dict[tuple[str, str, str], list[Issue]] = {}
    for issue in issues:
        groups.setdefault((issue.file, issue.level, _template(issue.message)), []).append(issue)
    out: list[str] = []
    for (file, level, _), items in groups.items():
        out.extend(str(i) for i in items[:limit])
        rest = items[limit:]
        if rest:
            lines = ", ".join(str(i.line) for i in rest[:20]) + (", ..." if len(rest) > 20 else "")
            out.append(f"{file}:{rest[0].line}: {level}: {len(rest):,} more like the above "
                       f"(lines {lines})")
    return out


def display_name(rel: str, issues: list[Issue]) -> str:
    """The name used in messages and pages; control characters (a newline in a file name) made visible."""
    if not CONTROL.search(rel) and "\n" not in rel:
        return rel
    shown = re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda m: f"\\x{ord(m.group(0)):02x}", rel)
    issues.append(Issue("warning", shown, 0, "file name contains control characters; shown escaped; rename the file"))
    return shown


def discover(inputs: list[Path], issues: list[Issue]) -> list[tuple[Path, str]]:
    """Input files (sorted, deduplicated) with the display name used in messages and pages: the path in
    its input folder, or from the folder above where two input folders have files of one name.

    Inside a folder, every file must resolve to a path inside that folder: a symlink (or a symlinked
    folder) that leads outside it is an error, so no file from elsewhere on the machine is read.
    """
    found: dict[Path, str] = {}
    for root in inputs:
        if root.is_file():
            found.setdefault(root.resolve(), display_name(root.name, issues))
            continue
        if not root.is_dir():
            issues.append(Issue("error", str(root), 0, "no such file or folder"))
            continue
        base = root.resolve()
        for path in sorted(root.rglob("*"), key=lambda p: (p.is_symlink(), p)):  # real files before links
            rel = display_name(path.relative_to(root).as_posix(), issues)
            target = path.resolve()
            if base != target and base not in target.parents:
                if path.is_symlink():
                    issues.append(Issue("error", rel, 0, f"symlink points outside the input folder (to {target}); "
                                        "it is not read and the build stops: copy the file into the folder, "
                                        "or pass its own folder with --input"))
                continue  # (a file inside a symlinked folder: the folder's own link was reported)
            if any(part.startswith(".") for part in path.relative_to(root).parts):
                if path.is_file() and path.suffix.lower() in SUPPORTED and not path.name.startswith((".paper-digest", ".digest")):
                    issues.append(Issue("info", rel, 0, "hidden file (name starts with '.'); not read: rename it to include it"))
                continue
            if not path.is_file():
                if path.exists() or path.is_symlink():
                    if not path.is_dir():
                        issues.append(Issue("warning", rel, 0, "not a regular file (or a broken symlink); not read"))
                continue
            if path.stem.casefold() in NOT_ABSTRACTS:
                issues.append(Issue("info", rel, 0, "a folder's read-me or licence, not abstracts; not read "
                                    "(name it with --input to read it)"))
                continue
            if path.suffix.lower() not in SUPPORTED:
                issues.append(Issue("warning", rel, 0, f"unsupported extension {path.suffix!r}; not read "
                                    "(use .txt, .md, .docx, .odt, .pdf, .csv, .tsv, .xlsx, .json, .jsonl, .bib, .ris, .ciw, .nbib, .xml or .html)"))
                continue
            resolved = path.resolve()
            if resolved in found:
                issues.append(Issue("info", rel, 0, f"same file as {found[resolved]} (given twice, or a link to it); "
                                    "read once"))
                continue
            found[resolved] = rel
    shared = {name for name, n in Counter(found.values()).items() if n > 1}  # (papers.txt of two input folders)
    if shared:
        common = Path(os.path.commonpath([p for p, name in found.items() if name in shared]))
        found = {p: display_name(p.relative_to(common).as_posix(), issues) if name in shared else name
                 for p, name in found.items()}
    return sorted(found.items(), key=lambda kv: kv[1])


def _looks_utf16(data: bytes) -> str | None:
    """'LE'/'BE' when a BOM-less file has NUL in every other byte of its start (UTF-16 text), else None."""
    head = data[:4096]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "LE"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "BE"
    return None


def decode(data: bytes, name: str, issues: list[Issue], replace_invalid: bool = False) -> str | None:
    """Bytes to text: UTF-8 (with or without BOM) or BOM-marked UTF-16/32; None if unreadable.

    Every refusal is an error naming the file, the line and the byte offset, and what to do.
    """
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        issues.append(Issue("info", name, 1, "UTF-32 file (byte-order mark); decoded as UTF-32"))
        try:
            return data.decode("utf-32")
        except UnicodeDecodeError as exc:
            issues.append(Issue("error", name, 1, f"invalid UTF-32 at byte {exc.start}; not read: save the file as UTF-8"))
            return None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        issues.append(Issue("info", name, 1, "UTF-16 file (byte-order mark); decoded as UTF-16 "
                            "(saving it as UTF-8 would make it readable by more tools)"))
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            issues.append(Issue("error", name, 1, f"invalid UTF-16 at byte {exc.start}; not read: save the file as UTF-8"))
            return None
    for magic, kind in _MAGIC.items():
        if data.startswith(magic):
            issues.append(Issue("error", name, 1, f"binary file ({kind}), not text; not read: remove it from the input "
                                "or convert it to a .txt file"))
            return None
    if b"\x00" in data[:8192]:
        order = _looks_utf16(data)
        if order:
            issues.append(Issue("error", name, 1, f"looks like UTF-16-{order} without a byte-order mark; not read: "
                                "save the file as UTF-8"))
        else:
            at = data.index(b"\x00")
            issues.append(Issue("error", name, data.count(b"\n", 0, at) + 1,
                                f"binary file (NUL byte at byte {at}); not read: remove it from the input"))
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        text = data.decode("utf-8-sig", errors="replace")
        bad = text.count("\ufffd") - data.count("\ufffd".encode())
        where = f"invalid UTF-8 at byte {exc.start} (line {line}, column {column}; {bad} bad sequence(s) in the file)"
        if not replace_invalid:
            issues.append(Issue("error", name, line, f"{where}; not read: fix the encoding (is it Latin-1/cp1252? "
                                "save it as UTF-8), or build with --replace-invalid to decode it with replacement "
                                "characters"))
            return None
        issues.append(Issue("warning", name, line, f"{where}; decoded with replacement characters (U+FFFD) "
                            "because of --replace-invalid"))
        return text


# the UTF-8 bytes of CONTROL's characters, but for CR (line ends are normalized first): C0 and DEL
# are one byte each, C1 is \xc2 and \x80-\x9f
_C0_BYTES = bytes(b for b in range(0x20) if b not in b"\t\n\r") + b"\x7f"
_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")


def may_hold_controls(data: bytes) -> bool:
    """False when data, read as UTF-8, has no character clean_controls replaces: a check of the bytes
    in C (0.02 s for 28 MB), where CONTROL's search of the text took 0.2 s.  (Any other encoding: True.)"""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):  # (UTF-16/32, by their BOM)
        return True
    return len(data.translate(None, _C0_BYTES)) != len(data) or (b"\xc2" in data and bool(_C1_UTF8.search(data)))


def clean_controls(text: str, name: str, issues: list[Issue]) -> str:
    """Replace control characters (other than tab and newline) by spaces, with one warning per file."""
    first = CONTROL.search(text)
    if not first:
        return text
    count = len(CONTROL.findall(text))
    line = text.count("\n", 0, first.start()) + 1
    issues.append(Issue("warning", name, line, f"{count} control character(s) (first U+{ord(first.group(0)):04X}) "
                        "replaced by spaces"))
    return CONTROL.sub(" ", text)


def _one_spelling(result: ReadResult) -> None:
    """Collections whose names differ only in letter case ("FOO 2024", "Foo 2024") are one: the spelling most
    records have (on a tie, one in mixed case), said in a note."""
    spellings: dict[str, Counter] = {}
    for rec in result.records:
        spellings.setdefault(rec.collection.casefold(), Counter())[rec.collection] += 1
    chosen = {}
    for counts in spellings.values():
        if len(counts) > 1:
            best = min(counts, key=lambda c: (-counts[c], c.isupper() or c.islower(), c))
            chosen.update((c, best) for c in counts if c != best)
    noted = set()
    for rec in result.records:
        best = chosen.get(rec.collection)
        if best is None:
            continue
        if (rec.source.file, rec.collection) not in noted:
            noted.add((rec.source.file, rec.collection))
            result.issues.append(Issue("info", rec.source.file, 0, f"collection {rec.collection!r} is {best!r} in "
                                       "other files: read as one"))
        rec.collection = best


def read_inputs(inputs: list[Path], replace_invalid: bool = False) -> ReadResult:
    """Read every supported file under `inputs` into RawRecords plus a list of issues."""
    result = ReadResult()
    for path, name in discover(inputs, result.issues):
        try:
            data = path.read_bytes()
        except OSError as exc:
            result.issues.append(Issue("error", name, 0, f"cannot read the file ({exc.strerror}); not read"))
            result.files_not_read.append(name)
            continue
        if path.suffix.lower() in BINARY_READERS:  # (formats read from their bytes, not decoded as text)
            BINARY_READERS[path.suffix.lower()](data, name, result)
            continue
        text = decode(data, name, result.issues, replace_invalid)
        if text is None:
            result.files_not_read.append(name)
            continue
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if may_hold_controls(data):
            text = clean_controls(text, name, result.issues)
        suffix = path.suffix.lower()
        if suffix in TABLE_EXT:
            read_table(text, name, result, TABLE_EXT[suffix])
        elif suffix in JSON_EXT:
            read_json(text, name, result)
        elif suffix in JSONL_EXT:
            read_jsonl(text, name, result)
        elif suffix in BIB_EXT:
            read_bibtex(text, name, result)
        elif suffix in TAGGED_EXT:
            read_tagged(text, name, result, TAGGED_EXT[suffix])
        elif suffix in FEED_EXT:
            read_xml(text, name, result)
        elif suffix in HTML_EXT:
            read_html(text, name, result)
        else:
            read_text(text, name, result)
    _one_spelling(result)
    for rec in result.records:
        n = len(rec.text)
        if n > LONG_PARAGRAPH:
            text_file = Path(rec.source.file).suffix.lower() in TEXT_EXT  # (a paragraph, not a table's record)
            result.issues.append(Issue("warning", rec.source.file, rec.source.line,
                                       f"{'paragraph' if text_file else 'abstract'} of {n:,} characters (an abstract "
                                       f"is ~1,500, at most {LONG_PARAGRAPH:,}): kept as one paper"
                                       + ("; are several abstracts run together? Separate them with blank lines"
                                          if text_file else "")))
        elif len(rec.text.split(None, SHORT_PARAGRAPH_WORDS)) < SHORT_PARAGRAPH_WORDS and (
                n < 2 * SHORT_PARAGRAPH_WORDS or not CJK.search(rec.text)):  # (Chinese and Japanese put no
            # spaces between words: short is under 24 characters)
            result.issues.append(Issue("warning", rec.source.file, rec.source.line,
                                       f"very short paragraph ({len(rec.text.split())} words): kept as a paper; "
                                       "is it a stray line?"))
    return result
