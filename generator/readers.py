"""Readers: one per input format, all yielding RawRecords with file and line.

Formats: text (header paragraph + one abstract per paragraph), CSV/TSV, JSON, JSONL.
Problems are collected as `Issue`s (file:line: message) instead of raised, so that
`paper-digest check` can report all of them at once; nothing is dropped silently.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import markup
from .model import Issue, RawRecord, Source
from .words import words

TEXT_EXT = {".txt", ".md", ".text", ".abstracts"}
NOT_ABSTRACTS = {"readme", "license", "licence", "changelog", "changes", "contributing", "authors", "copying"}
TABLE_EXT = {".csv": ",", ".tsv": "\t"}
JSON_EXT = {".json"}
JSONL_EXT = {".jsonl", ".ndjson"}
BIB_EXT = {".bib"}
SUPPORTED = TEXT_EXT | set(TABLE_EXT) | JSON_EXT | JSONL_EXT | BIB_EXT

MAX_HEADER_CHARS = 150
LONG_PARAGRAPH = 5_000  # characters: OpenReview's limit for an abstract; longer paragraphs are kept, with a warning
MAX_PARAGRAPH = 100_000  # characters; longer ones (50 abstracts' worth) are left out, with a warning
SHORT_PARAGRAPH_WORDS = 12
ABSTRACT_LINE = 500  # characters: a line this long with a sentence break inside can be a whole abstract (the dev file's
# shortest has 542; an abstract's own paragraphs rarely are, three of them hardly ever: one in 2,120)
_RULE_MARKS = "-=*_~#•·—–"
_SEPARATOR_LINE = re.compile(f"(?:[{_RULE_MARKS}][ \\t]*){{3,}}")  # a line of rule marks alone: "---", "* * *", "======"
_SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]|[。！？]\S")
# a list number opening a paragraph ("1. ", "12) ", "[3] ", "(4) ", "#5 "): a numbered dump's, not the abstract's
_LIST_NUMBER = re.compile(r"(?:(\d{1,5})[.)]|\[(\d{1,5})\]|\((\d{1,5})\)|#(\d{1,5})[.:]?)\s+(?=\S)")
GROUP_LIMIT = 5  # issues of one kind in one file shown individually; the rest summarised on one line
# Control characters other than tab and newline: replaced by a space (with a warning) as the file is read,
# so that nothing downstream (Markdown's own \x02..\x03 placeholders, terminals) ever sees them.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_MAGIC = {b"%PDF": "a PDF", b"\x89PNG": "a PNG image", b"PK\x03\x04": "a ZIP/DOCX/XLSX archive",
          b"\x1f\x8b": "gzip-compressed", b"\xff\xd8\xff": "a JPEG image", b"GIF8": "a GIF image",
          b"\x7fELF": "an executable", b"\xd0\xcf\x11\xe0": "an old Word/Excel document"}

# Column names accepted in structured files (first match wins).
COLUMNS = {
    "abstract": ("abstract", "summary", "text", "abstract_text", "content", "abstract_note"),  # (Zotero: Abstract Note)
    "title": ("title", "paper_title", "name"),
    "authors": ("authors", "author", "author_names", "author_list"),
    "url": ("url", "openreview_url", "link", "pdf_url", "paper_url", "forum"),
    "keywords": ("keywords", "keyword", "tags", "manual_tags", "author_keywords"),  # (Zotero, Scopus)
    "area": ("primary_area", "area", "category", "topic", "track"),
    "collection": ("collection", "venue", "conference"),
}

_HEADER_NOISE = re.compile(
    r"\b(accepted|selected|all|list of|papers?|abstracts?|proceedings|submissions?)\b|论文列表|论文|列表|摘要",
    re.IGNORECASE,
)
_VENUE_YEAR = re.compile(r"([A-Za-z][A-Za-z0-9&.\-]*)\)?[\s_\-']*((?:19|20)\d\d)(?!\d)")  # ("(ICLR) 2026" too)
_SEP_HINT = re.compile(r"sep=([,;\t|])[ \t]*\n")
_VENUE_SHORT_YEAR = re.compile(r"([A-Z][A-Za-z0-9&.\-]+)\)?\s*['’‘](\d\d)(?![\d'’])")  # ICLR '26, ICML’25
# venues as they spell themselves, for headers in other letter cases ("NEURIPS 2025", "iclr 2026 papers")
VENUES = {v.casefold(): v for v in (
    "AAAI", "ACL", "AISTATS", "CHI", "CIKM", "COLING", "COLM", "COLT", "CoRL", "CVPR", "EACL", "ECCV", "EMNLP", "ICASSP",
    "ICCV", "ICLR", "ICML", "ICRA", "IJCAI", "Interspeech", "IROS", "JMLR", "KDD", "LoG", "MICCAI", "MLSys", "NAACL",
    "NeurIPS", "RSS", "SIGIR", "TMLR", "UAI", "WACV", "WSDM", "WWW")}
_VENUE = re.compile(r"(?<![\w\-])[A-Z][A-Za-z&.\-]*[A-Z]\)?[\s_\-']*(?:19|20)\d\d(?!\d)")  # ICLR 2026, NeurIPS 2025
INVISIBLE = frozenset("\u00ad\u200b\u2060\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# (soft hyphens and zero-width spaces from PDFs, "inves\u00adtigate"; direction marks): characters that show nothing
JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners: part of Persian words and emoji ("👩\u200d👧"), kept
CJK_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"  # kana and Han characters (a class's ranges)
CJK = re.compile(f"[{CJK_CHARS}]")  # a kana or Han character


@dataclass
class ReadResult:
    """Everything the read stage produced: records, issues, and the paragraph accounting.

    `paragraphs` counts, per file, every paragraph (text) or row/object/line (structured) that could
    hold an abstract; `excluded` lists, with the reason, each one that did not become a record, and `joined`
    each paragraph read as part of the abstract above it (_abstracts: a titled file's paragraph without a title
    line, a list, a keywords line, a link alone, the rest of a sentence a page break cut).
    So sum(paragraphs) == len(records) + len(excluded) + len(joined), always: nothing is dropped silently.
    """

    records: list[RawRecord] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    paragraphs: dict[str, int] = field(default_factory=dict)
    excluded: list[Issue] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)  # a short reason for each of `excluded`
    files_not_read: list[str] = field(default_factory=list)
    joined: list[Issue] = field(default_factory=list)  # paragraphs read as the rest of the abstract above them

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.level == "error"]

    def exclude(self, file: str, line: int, message: str, reason: str, level: str = "warning") -> None:
        issue = Issue(level, file, line, message)
        self.issues.append(issue)
        self.excluded.append(issue)
        self.reasons.append(reason)


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


def collection_name(header: str, fallback: str = "") -> str:
    """Canonical collection from a header or file name: "ICLR 2026 论文列表" -> "ICLR 2026"; a known venue in its own
    spelling ("neurips 2025 papers" -> "NeurIPS 2025"), a year written "'26" as 2026."""
    for text in (header, fallback):
        text = unicodedata.normalize("NFKC", text or "")
        m = _VENUE_YEAR.search(text) or _VENUE_SHORT_YEAR.search(text)
        if m:
            venue = m.group(1).strip(" -_'")
            venue = VENUES.get(venue.casefold(), venue.upper() if venue.islower() else venue)
            year = int(m.group(2))
            return f"{venue} {year if year > 99 else year + (2000 if year < 70 else 1900)}"
    cleaned = re.sub(r"\s+", " ", _HEADER_NOISE.sub(" ", header or "")).strip(" -:,")
    return cleaned or (fallback.replace("_", " ").strip() or "Papers")


def looks_like_header(paragraph: str, one_line: bool = False) -> bool:
    """A header is one short line that does not read like a sentence of an abstract; or, where the paragraph is
    one line of the file, one that names a venue, its year and its papers ("ICLR 2026 accepted papers.",
    "... (ICLR) 2026 - full list of accepted papers")."""
    text = paragraph.strip()
    return 0 < len(text) <= MAX_HEADER_CHARS and "\n" not in text and (
        (not re.search(r"[.!?。]\s*$", text) and len(text.split()) <= 12)
        or one_line and bool(_VENUE.search(text) and _HEADER_NOISE.search(text)))


def display_name(rel: str, issues: list[Issue]) -> str:
    """The name used in messages and pages; control characters (a newline in a file name) made visible."""
    if not _CONTROL.search(rel) and "\n" not in rel:
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
                                    "(use .txt, .md, .csv, .tsv, .json, .jsonl or .bib)"))
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


# the UTF-8 bytes of _CONTROL's characters, but for CR (line ends are normalized first): C0 and DEL
# are one byte each, C1 is \xc2 and \x80-\x9f
_C0_BYTES = bytes(b for b in range(0x20) if b not in b"\t\n\r") + b"\x7f"
_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")


def may_hold_controls(data: bytes) -> bool:
    """False when data, read as UTF-8, has no character clean_controls replaces: a check of the bytes
    in C (0.02 s for 28 MB), where _CONTROL's search of the text took 0.2 s.  (Any other encoding: True.)"""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):  # (UTF-16/32, by their BOM)
        return True
    return len(data.translate(None, _C0_BYTES)) != len(data) or (b"\xc2" in data and bool(_C1_UTF8.search(data)))


def clean_controls(text: str, name: str, issues: list[Issue]) -> str:
    """Replace control characters (other than tab and newline) by spaces, with one warning per file."""
    first = _CONTROL.search(text)
    if not first:
        return text
    count = len(_CONTROL.findall(text))
    line = text.count("\n", 0, first.start()) + 1
    issues.append(Issue("warning", name, line, f"{count} control character(s) (first U+{ord(first.group(0)):04X}) "
                        "replaced by spaces"))
    return _CONTROL.sub(" ", text)


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
    or all the file holds under its header line.  Such lines that stay one abstract are pointed out in a note."""
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
        if whole and (sum(map(len, body)) > LONG_PARAGRAPH or alone):
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
    authors, institutions or front matter line many papers share ("Paper under double-blind review": _authored)."""
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
                      or _affiliation_line(line))}
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


def read_text(text: str, name: str, result: ReadResult) -> None:
    """The seed format: a header paragraph, then one abstract per paragraph."""
    if "\u2028" in text or "\u2029" in text:  # Unicode's line and paragraph separators
        text = text.replace("\u2028", "\n").replace("\u2029", "\n\n")
    first = text.split("\n", 1)[0]
    if "\t" in first and _has_abstract(first.split("\t")):  # a spreadsheet saved as text: a table, not paragraphs
        result.issues.append(Issue("info", name, 1, "read as tab-separated: its first line is a header row with an "
                                   "abstract column"))
        return read_table(text, name, result, "\t")
    if text.lstrip()[:1] in ("[", "{") and _json_text(text):  # (an export saved as .txt)
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
    titles = _titles(paras, lines, name, result)
    abstracts = _abstracts(paras, titles, name, result)
    tagged = 0
    for a in abstracts:
        line, title, para = a.line, a.title, _ABSTRACT_LABEL.sub("", a.text, count=1)
        m = _KEYWORDS_LINE.search(para) if any(w in para for w in _KEYWORDS_WORDS) else None  # (a fast test first)
        keywords = _split_list(m.group(1).rstrip("."), ",;") if m else []
        para, tagged = (para[:m.start()], tagged + 1) if m else (para, tagged)
        if acceptable(para, name, line, result):
            result.records.append(RawRecord(para, Source(name, line, header), collection, title=title,
                                            authors=a.authors, url=a.url, keywords=keywords))
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
                                                         or n == 1 and _author_line(paras[k + n][1])):
                n += 1  # (the authors' names, "Anonymous authors", an "Abstract" label between title and abstract)
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


def _abstracts(paras: list[tuple[int, str]], titles: list | None, name: str, result: ReadResult) -> list[_Abstract]:
    """Each abstract of a text file's paragraphs (after its header): a PDF's page numbers and running headers, and
    an "Abstract" label alone, are left out; a list with blank lines around it, a keywords line, a link alone on
    its line, the rest of a sentence a page break cut, and in a titled file a paragraph without a title line, are
    read as part of the abstract above (a paper's page as its address)."""
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
        listed = title is None and bool(abstracts) and not _SEPARATOR_LINE.fullmatch(para) and (
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
        elif abstracts and _KEYWORDS_ALONE.fullmatch(para):  # a keywords line with a blank line above it
            join("info", line, para, "a keywords line")
        elif titles and title is None and abstracts:  # a paragraph of the abstract above (a blank line inside it)
            long = len(para.split()) >= ABSTRACT_WORDS  # (as long as an abstract: maybe one without its title line)
            join("warning" if long else "info", line, para, "no title line", " (a blank line inside it?"
                 + (" It is as long as an abstract: if it is one, give it a title line)" if long else ")"))
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


def _titles(paras: list[tuple[int, str]], lines: list[str], name: str, result: ReadResult) -> list | None:
    """Each paragraph's (first line, title) or None, where most paragraphs open with a title line (a titled dump,
    said in a note); else None."""
    lines_read = [_title_line(lines[line - 1], para) for line, para in paras]
    sure = sum(t is not None and t[2] for t in lines_read)
    if sure < 2 or 2 * sure < len(paras):
        return None
    titles = [t and _authored(t[:2], para, [n for n in lines[line:line + 9] if not _blank(n)][:5])
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
                                       f"; {placed} lines of their institutions under them left out" if placed else "")))
    fronted = [line for t, (line, _) in zip(titles, paras) if t and t[4]]
    if fronted:
        result.issues.append(Issue("info", name, fronted[0], f"{len(fronted)} of {found} titles have a first page's "
                                   "front matter under them ('Anonymous authors', 'Paper under double-blind review', an "
                                   "'Abstract' label): left out of the abstracts"))
    return titles


def _authored(title: tuple[str, str], para: str, after: list[str]) -> tuple[str, str, list[str], bool, bool]:
    """(first, title, authors, affiliations, front): the lines under the title line (`after`: the next ones that
    are not blank) that are no part of the abstract, taken into `first` so that the abstract is read without
    them, as long as the abstract follows them in the paragraph: the authors' names, the line of their
    institutions right under them ("MIT, Stanford University": `affiliations`), and a first page's front
    matter (`front`): "Anonymous authors", "Paper under double-blind review", an "Abstract" label alone.  Such a
    line that a PDF paste's page furniture took out already is passed over."""
    cut, authors, placed, front = len(title[0]), [], False, False
    for line in (line.strip() for line in after):
        rest = para[cut:].lstrip()
        names = None if _FRONT_LINE.fullmatch(line) or authors or front else _author_line(line)
        kind = "front" if _FRONT_LINE.fullmatch(line) else "names" if names \
            else "places" if authors and not (placed or front) and _affiliation_line(line) else None
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


def _affiliation_line(line: str) -> bool:
    """Does a line under the authors' names name their institutions ("¹MIT ²Stanford University", "Massachusetts
    Institute of Technology, Google DeepMind")?  An institution's word, no sentence in it, and most of its longer
    words capitalised."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’\-]*", line) if len(w) >= 4]
    return len(line) <= AUTHORS_LINE and not _SENTENCE_BREAK.search(line) and line[-1:] not in ".!?:" \
        and _INSTITUTION.search(line) is not None and (not words or sum(w[0].isupper() for w in words) >= 0.6 * len(words))


AUTHORS_LINE = 600  # characters: a longer line is a sentence, not a list of names
_AUTHORS_LABEL = re.compile(r"(?i:authors?\s*[:：]|by\s)\s*")
_AFFILIATION = re.compile(r"\([^()]{0,120}\)|\{[^{}]{0,200}\}[^\s,;]*|[^\s,;]+@[^\s,;]+")  # "(MIT)", "{ann,bo}@x.edu", ann@x.edu
_MARKS = re.compile(r"(?<=[^\W\d_])(?:\d{1,2}(?:,\d{1,2})*|[*†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹])+(?=\s|,|;|$)")  # "Doe1,2", "Doe*†"
_NAME_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’\-](?=[^\W\d_]))*\.?|[^\W\d_]\.(?:-?[^\W\d_]\.)*")
_PARTICLES = frozenset("van von de der den da di du del della dos das la le bin ibn al el ten ter y".split())
_SMALL_WORDS = frozenset("a an the and or but not no of in on at to up by for from with via as is are be we you i it "
                         "how why what when who all one two new more less than into over out".split())  # (words() has 4+ letters)
_LOWER_WORD = re.compile(r"(?<![\w'’\-.@{,])(?!(?:and|et|al|by|authors?)\b)[a-z]{3,}(?![\w@.}])")  # ("{ann,bo}@x.edu": none)
_ET_AL = re.compile(r",?\s+et\s+al\.?$")


def _author_line(line: str) -> list[str] | None:
    """The authors a line names ("Jane Doe (MIT), John Smith", "Authors: A. Lee, B. Chen and C. Dee"), or None:
    two or more names (one, after a label, with an affiliation or an e-mail address), each of two to five
    capitalised words or initials, where at most half the words, none of six letters or more and no small word,
    are words the abstracts write (not a subtitle in Title Case)."""
    if len(line) > AUTHORS_LINE or not line[:1].isupper() or any(
            w not in _PARTICLES for w in _LOWER_WORD.findall(line)):  # (a sentence's words: a fast test first)
        return None
    label = _AUTHORS_LABEL.match(line)
    bare = _ET_AL.sub("", line[label.end():] if label else line)
    plain = _MARKS.sub("", _AFFILIATION.sub(" ", bare))
    names = [" ".join(n.split()) for n in _split_list(plain, ",;&·|", names=True)]
    if not names or len(names) == 1 and not (label or plain != bare):
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
    in Title Case), and a capitalised sentence under it; sure: also most of its longer words capitalised, a
    "Name: ..." form or a label.  Else None."""
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
    if not words or len(title.split()) > 30 or title.endswith((",", ";", ":")) \
            or not (_CAPITALISED.match(_ABSTRACT_LABEL.sub("", rest, count=1)) or rest[:1].isupper()):
        return None
    cased = sum(w[0].isupper() for w in words) / len(words)
    if title.endswith(".") and cased < 0.6:  # a sentence, unless in Title Case ("... Towards Realistic Evaluation.")
        return None
    return first, " ".join(title.split()), bool(label or bold or cased >= 0.6 or _NAME_COLON.match(title))


def acceptable(text: str, name: str, line: int, result: ReadResult) -> bool:
    """Whether a paragraph can be an abstract; if not, it is recorded as excluded with the reason."""
    if len(text) > MAX_PARAGRAPH:
        result.exclude(name, line, f"paragraph of {len(text):,} characters (an abstract is ~2,000; the limit is "
                                   f"{MAX_PARAGRAPH:,}); left out: separate the abstracts with blank lines",
                       f"longer than {MAX_PARAGRAPH:,} characters")
        return False
    if not any(c.isalnum() for c in text):
        result.exclude(name, line, f"paragraph {text[:40]!r} has no letters or digits (a separator?); "
                                   "not an abstract, left out", "no letters or digits")
        return False
    return True


def _pick(row: dict, key: str):
    """The first non-empty value of `key`'s columns in a row keyed by _column, as it is (text, a list, a number
    ...), or None."""
    for col in COLUMNS[key]:
        value = row.get(col)
        if value not in (None, "", []):
            return value
    return None


def _text(value) -> str | None:
    """A value as text: a string, or a list of strings joined ("abstract": ["part 1", "part 2"]); else None."""
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return " ".join(value)
    return value if isinstance(value, str) else None


_AND = re.compile(r",?\s+and\s+")  # "Ann Lee, Bo Chen and Cy Dee" (arXiv), "A, B, and C"


def _split_list(value, seps: str, names: bool = False) -> list[str]:
    """A list field's items: a list's (an author object's "name": Semantic Scholar), or a string split at `seps`
    (and at " and " for `names`)."""
    if value is None:
        return []
    if isinstance(value, list):
        items = [v.get("name", "") if isinstance(v, dict) else v for v in value]
        return [str(v).strip() for v in items if isinstance(v, (str, int, float)) and str(v).strip()]
    if not isinstance(value, str):
        return []
    parts = re.split(f"[{seps}]", _AND.sub(seps[0], value) if names else value)
    return [v.strip() for v in parts if v.strip()]


def _clean_value(value):
    """Structured values can carry control characters as JSON escapes ("\\u0002"): blank them; OpenReview's
    {"value": x} is x."""
    if isinstance(value, dict) and "value" in value:
        value = value["value"]
    if isinstance(value, str):
        return _CONTROL.sub(" ", value)
    if isinstance(value, list):
        return [_clean_value(v) for v in value]
    return value


_DOMAIN_PATH = re.compile(r"(?:[\w\-]+\.)+[a-z]{2,}(?:/\S*)?", re.I)  # "openreview.net/forum?id=x": no scheme
_ARXIV_ID = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?")  # 2101.00001, hep-th/9901001


def _names(authors) -> list[str]:
    """A record's authors: a list's, or a string's split at ";" where it has one ("Lee, Ann; Chen, Bo", as
    reference managers export them: each "Last, First" read "First Last"), else at "," and "and"."""
    if isinstance(authors, str) and ";" in authors:
        names = _split_list(authors, ";", names=True)
        return [_first_last(n) if n.count(",") == 1 else n for n in names]
    return _split_list(authors, ",", names=True)


def _address(row: dict) -> str | None:
    """The paper's address: its url column (https:// put before a bare "openreview.net/forum?id=x"), else the page
    of an OpenReview forum id, of an arXiv id (an API's note, arXiv's metadata), of its DOI or of its arXiv
    eprint (BibTeX's fields)."""
    url = _text(_pick(row, "url"))
    url = url.strip() if url else None
    forum, ident = (_text(row.get(k)) for k in ("forum", "id"))
    if url and _DOMAIN_PATH.fullmatch(url):
        return "https://" + url
    if forum and url == forum.strip() and re.fullmatch(r"[\w\-]{5,}", url):
        return f"https://openreview.net/forum?id={url}"
    if not url and ident and _ARXIV_ID.fullmatch(ident.strip()):
        return f"https://arxiv.org/abs/{ident.strip()}"
    doi, eprint = _text(row.get("doi")), _text(row.get("eprint"))
    archive = str(row.get("archiveprefix") or row.get("eprinttype") or "")
    if not url and doi and doi.strip():
        return "https://doi.org/" + re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", "", doi.strip())
    if not url and eprint and (archive.lower() == "arxiv" or _ARXIV_ID.fullmatch(eprint.strip())):
        return f"https://arxiv.org/abs/{eprint.strip()}"
    return url


_TYPES = {int: "a number", float: "a number", bool: "true or false", dict: "an object", list: "a list"}


def _record(row: dict, name: str, line: int, default_collection: str, result: ReadResult, what: str = "record"
            ) -> None:
    if isinstance(row.get("content"), dict):  # an OpenReview note: its fields are in "content"
        row = {**{k: v for k, v in row.items() if k != "content"}, **row["content"]}
    row = {_column(k): _clean_value(v) for k, v in row.items() if k is not None}  # ("Paper Title" -> paper_title)
    value = _pick(row, "abstract")
    abstract = _text(value)
    if abstract is None and value is not None:
        result.exclude(name, line, f"{what}'s abstract is {_TYPES.get(type(value), type(value).__name__)}, not text; "
                       "skipped", "abstract not text")
        return
    if not abstract or not abstract.strip():
        result.exclude(name, line, f"{what} has no abstract (columns: " + ", ".join(COLUMNS["abstract"]) + "); skipped",
                       "no abstract field")
        return
    if not acceptable(" ".join(abstract.split()), name, line, result):
        return
    authors, coll, title = _pick(row, "authors"), _text(_pick(row, "collection")), _text(_pick(row, "title"))
    year = row.get("year")
    if coll and isinstance(year, (int, str)) and re.fullmatch(r"(?:19|20)\d\d", str(year).strip()) \
            and not _VENUE_YEAR.search(coll):  # (Semantic Scholar: "venue": "ICLR", "year": 2026)
        coll = f"{coll} {str(year).strip()}"
    result.records.append(RawRecord(
        text=" ".join(abstract.split()),
        source=Source(name, line, coll or ""),
        collection=collection_name(coll, "") if coll else default_collection,
        title=" ".join(title.split()) or None if title else None,
        authors=_names(authors),
        url=_address(row),
        keywords=_split_list(_pick(row, "keywords"), ",;"),
        area=_text(_pick(row, "area")),
    ))


def read_table(text: str, name: str, result: ReadResult, delimiter: str) -> None:
    """CSV/TSV with a header row; each record keeps the line its row starts on."""
    csv.field_size_limit(1 << 30)
    hint = _SEP_HINT.match(text)  # Excel's first line naming the delimiter: "sep=;"
    if hint:
        delimiter, text = hint.group(1), text[hint.end():]
        result.issues.append(Issue("info", name, 1, f"read as {delimiter!r}-separated, as its first line says"))
    offset = 1 if hint else 0  # (the lines of the rows: those of the file)
    first = text.split("\n", 1)[0]
    if delimiter == "," and not _has_abstract(first.split(",")) and _has_abstract(first.split(";")):
        delimiter = ";"  # (a spreadsheet's CSV where the comma is the decimal mark)
        result.issues.append(Issue("info", name, 1 + offset, "read as semicolon-separated (its header row is)"))
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)  # (a stray quote: an error)
    default = collection_name("", Path(name).stem)
    try:
        fieldnames = reader.fieldnames or []
    except csv.Error as exc:
        fieldnames = []
        result.issues.append(Issue("error", name, 1 + offset, f"CSV error in the header row: {exc}; not read"))
    if not _has_abstract(fieldnames):
        if fieldnames:
            result.issues.append(Issue("error", name, 1 + offset, f"no abstract column among {fieldnames} (expected one of "
                                       + ", ".join(COLUMNS["abstract"]) + "); not read"))
        elif text.strip():
            result.issues.append(Issue("error", name, 1 + offset, "no header row; not read"))
        else:
            result.issues.append(Issue("warning", name, 1, "empty file; nothing read from it"))
        result.files_not_read.append(name)
        return
    known = {c for cols in COLUMNS.values() for c in cols}
    unread = [f for f in fieldnames if f and f.strip() and _column(f) not in known]
    if unread:  # (a title column under a name no alias has is otherwise lost without a word)
        result.issues.append(Issue("info", name, 1 + offset, "columns not read: " + ", ".join(repr(f) for f in unread[:12])
                                   + (" ..." if len(unread) > 12 else "") + " (the columns read: "
                                   + ", ".join(cols[0] for cols in COLUMNS.values()) + ", or another name of theirs)"))
    count = 0
    try:
        for row in reader:
            count += 1  # (the line a row starts on: the last one read, less the line breaks inside its fields)
            line = reader.line_num - sum(v.count("\n") for v in _values(row)) + offset
            if all(f is None or (row.get(f) or "").strip() == f.strip() for f in row):
                result.exclude(name, line, "row repeats the header row (two tables joined?); skipped", "a header row",
                               level="info")
                continue
            extra = [v for v in row.get(None) or [] if v.strip()]
            if extra:  # (more fields than the header names: what follows the abstract would be read as other columns)
                result.exclude(name, line, f"row has {len(fieldnames) + len(row[None])} fields, the header "
                               f"{len(fieldnames)}: a comma or quote inside an unquoted field? Not read: quote the "
                               "field", "more fields than the header", level="error")
                continue
            _record(row, name, line, default, result)
    except csv.Error as exc:
        count += 1
        result.exclude(name, reader.reader.line_num + offset, f"CSV error: {exc} (a stray or unclosed quote?); this row and the rest "
                       "of the file are not read: fix the quoting", "CSV error", level="error")
    result.paragraphs[name] = count


def _has_abstract(fieldnames) -> bool:
    return any(_column(f) in COLUMNS["abstract"] for f in fieldnames if f)


def _column(name) -> str:
    """A column's name as COLUMNS spell it: "Paper Title" -> paper_title, "Author-List" -> author_list."""
    return re.sub(r"[\s\-]+", "_", str(name).strip().lower())


def _values(row: dict):
    for v in row.values():
        yield from (v if isinstance(v, list) else [v or ""])


WRAPPERS = ("papers", "records", "notes", "data")  # the array in an object: ours, OpenReview's API, Semantic Scholar's


def _json_objects(text: str):
    """(collection, [(line, item)]) for a JSON array of objects, or an object with one (WRAPPERS:
    {"collection": ..., "papers": [...]}, an API's {"notes": [...]}), or one record alone (an object with an
    abstract, or an OpenReview note: a paper saved from an API)."""
    data = json.loads(text)
    coll, start = "", 0
    if isinstance(data, dict):
        key = next((k for k in WRAPPERS if k in data), None)
        if key is None and (_has_abstract(data) or isinstance(data.get("content"), dict)
                            and _has_abstract(data["content"])):
            return "", [(1, data)]
        if key is None:
            raise ValueError("expected an array of objects, or an object with a " + " or ".join(f'"{k}"' for k in WRAPPERS)
                             + " array; this object has " + (", ".join(f'"{k}"' for k in list(data)[:5]) or "no keys"))
        if not isinstance(data[key], list):
            raise ValueError(f'"{key}" must be a list of objects')
        coll = data.get("collection") or data.get("venue") or ""
        coll, data = coll if isinstance(coll, str) else "", data[key]
        m = re.search(rf'"{key}"\s*:\s*\[', text)  # (where the array starts, for its items' lines: the first such
        start = m.end() - 1 if m else -1  # key; a nested one of the same name before it only costs line numbers)
    if not isinstance(data, list):
        raise ValueError('expected an array of objects, or an object with a "papers" array')
    if start < 0:
        return coll, [(None, item) for item in data]
    # Walk the array once more to learn each object's line (counting on from the last: linear in the file).
    decoder, pos, line, counted, out = json.JSONDecoder(), text.index("[", start) + 1, 1, 0, []
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            break
        obj, end = decoder.raw_decode(text, pos)
        line, counted = line + text.count("\n", counted, pos), pos
        out.append((line, obj))
        pos = end
    return coll, out


def read_json(text: str, name: str, result: ReadResult) -> None:
    try:
        coll, items = _json_objects(text)
    except (ValueError, json.JSONDecodeError) as exc:
        if isinstance(exc, json.JSONDecodeError) and exc.msg == "Extra data" and _one_object_a_line(text):
            result.issues.append(Issue("info", name, 1, "read as JSON Lines, one object a line (name it .jsonl)"))
            return read_jsonl(text, name, result)
        line = getattr(exc, "lineno", 1)
        what = "invalid JSON" if isinstance(exc, json.JSONDecodeError) else "not a list of records"
        result.issues.append(Issue("error", name, line, f"{what}: {exc}; not read: fix the file"))
        result.files_not_read.append(name)
        return
    default = collection_name(coll, Path(name).stem)
    if not items:
        result.issues.append(Issue("warning", name, 1, "no records in the file (an empty list); nothing read from it"))
    for index, (line, item) in enumerate(items, start=1):
        where = line or 1
        if not isinstance(item, dict):
            result.exclude(name, where, f"item {index} is not an object; skipped", "not a JSON object")
            continue
        _record(item, name, where, default, result, what=f"item {index}")
    result.paragraphs[name] = len(items)


def _json_text(text: str) -> bool:
    """Is text a JSON array or object (or JSON Lines of objects)?"""
    try:
        return isinstance(json.loads(text), (list, dict))
    except json.JSONDecodeError as exc:
        return exc.msg == "Extra data" and _one_object_a_line(text)
    except ValueError:
        return False


def _one_object_a_line(text: str) -> bool:
    """Does the text open with a line that is a whole JSON object (JSON Lines)?"""
    try:
        return isinstance(json.loads(text.lstrip().split("\n", 1)[0]), dict)
    except json.JSONDecodeError:
        return False


def read_jsonl(text: str, name: str, result: ReadResult) -> None:
    if text.lstrip()[:1] == "[":  # (JSON Lines hold no array: a .json file's)
        result.issues.append(Issue("info", name, 1, "read as a JSON array (name it .json)"))
        return read_json(text, name, result)
    default = collection_name("", Path(name).stem)
    count = 0
    for line, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        count += 1
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            result.exclude(name, line, f"invalid JSON line: {exc.msg} (column {exc.colno}); not read: fix the line",
                           "invalid JSON", level="error")
            continue
        if not isinstance(item, dict):
            result.exclude(name, line, "line is not a JSON object; skipped", "not a JSON object")
            continue
        _record(item, name, line, default, result)
    result.paragraphs[name] = count


def read_bibtex(text: str, name: str, result: ReadResult) -> None:
    """A BibTeX file (a reference manager's export: Zotero, JabRef, Mendeley): each entry with an abstract is a
    record, with its title, authors ("Lee, Ann and Bo Chen"), address (url, doi or arXiv eprint) and keywords.
    TeX in the abstract is read as an abstract's TeX is; in a title or a name ("{LLM}", "Sch{\\"o}lkopf") it is
    read as text.  An entry the parser cannot read is an error at its line; one whose key or a field name
    repeats is read, with a note."""
    import logging

    import bibtexparser  # (only where there is a .bib file)
    from bibtexparser.model import Entry

    log = logging.getLogger("bibtexparser")
    level = log.level
    log.setLevel(logging.CRITICAL)  # (its warnings are said below, at their lines)
    try:
        library = bibtexparser.parse_string(text)
    finally:
        log.setLevel(level)
    default = collection_name("", Path(name).stem)
    for block in sorted([*library.entries, *library.failed_blocks], key=lambda b: b.start_line):
        entry = block if isinstance(block, Entry) else block.ignore_error_block
        if not isinstance(block, Entry):
            if isinstance(entry, Entry):  # (a key or a field twice: the entry is whole)
                result.issues.append(Issue("info", name, block.start_line + 1, f"{block.error}: read as it is"))
            else:
                what = " ".join(str(getattr(block.error, "abort_reason", "") or block.error or "unreadable").split())
                result.exclude(name, block.start_line + 1, f"not a BibTeX entry the parser can read ({what[:160]}); "
                               "not read: fix the entry", "invalid BibTeX", level="error")
                continue
        fields = {key.lower(): _unenclosed(field.value) for key, field in entry.fields_dict.items()}
        row = {"abstract": fields.get("abstract"), "title": _tex_text(fields.get("title")),
               "authors": [_tex_text(_first_last(a)) for a in _BIB_AND.split(fields.get("author") or "") if a.strip()],
               "keywords": fields.get("keywords"),
               **{k: fields.get(k) for k in ("url", "doi", "eprint", "archiveprefix", "eprinttype")}}
        _record(row, name, entry.start_line + 1, default, result, what=f"entry {entry.key!r}")
    result.paragraphs[name] = len(library.entries) + len(library.failed_blocks)


def _unenclosed(value):
    """A field's value without the braces or quotes around it all (the parser takes them off, but not of an
    entry it reads after an error)."""
    if not isinstance(value, str) or len(value) < 2 or (value[0], value[-1]) not in (("{", "}"), ('"', '"')):
        return value
    if value[0] == "{":
        depth = 0
        for i, c in enumerate(value):
            depth += (c == "{") - (c == "}")
            if depth == 0 and i < len(value) - 1:
                return value  # ("{A} and {B}": two groups)
    return value[1:-1]


_BIB_AND = re.compile(r"\s+and\s+(?![^{]*})")  # BibTeX's author separator (not inside braces: "{Barnes and Noble}")


def _first_last(author: str) -> str:
    """"Lee, Ann" -> "Ann Lee" ("von Last, Jr, First" too); a name without a comma as it is."""
    parts = [p.strip() for p in author.split(",")]
    return " ".join([parts[-1], *parts[:-1]] if len(parts) == 2 else [parts[-1], parts[0], *parts[1:-1]]
                    if len(parts) > 2 else parts)


def _tex_text(value):
    """A BibTeX title's or name's text: its braces and TeX read ("{G}aia2: {LLM} Agents", "Sch{\\"o}lkopf")."""
    if not isinstance(value, str) or not any(c in value for c in "{\\$"):
        return value
    return " ".join(markup.to_plain(markup.parse(value)).split())


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
