"""Readers: one per input format, all yielding RawRecords with file and line.

Formats: text (header paragraph + one abstract per paragraph), CSV/TSV, JSON, JSONL.
Problems are collected as `Issue`s (file:line: message) instead of raised, so that
`paper-digest check` can report all of them at once; nothing is dropped silently.
"""
from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .model import Issue, RawRecord, Source

TEXT_EXT = {".txt", ".md", ".text", ".abstracts"}
TABLE_EXT = {".csv": ",", ".tsv": "\t"}
JSON_EXT = {".json"}
JSONL_EXT = {".jsonl", ".ndjson"}
SUPPORTED = TEXT_EXT | set(TABLE_EXT) | JSON_EXT | JSONL_EXT

MAX_HEADER_CHARS = 150
LONG_PARAGRAPH = 20_000  # characters; a real abstract is ~2,000
SHORT_PARAGRAPH_WORDS = 12

# Column names accepted in structured files (first match wins).
COLUMNS = {
    "abstract": ("abstract", "summary", "text", "abstract_text", "content"),
    "title": ("title", "paper_title", "name"),
    "authors": ("authors", "author", "author_names"),
    "url": ("url", "openreview_url", "link", "pdf_url", "paper_url", "forum"),
    "keywords": ("keywords", "keyword", "tags"),
    "area": ("primary_area", "area", "category", "topic", "track"),
    "collection": ("collection", "venue", "conference"),
}

_HEADER_NOISE = re.compile(
    r"\b(accepted|selected|all|list of|papers?|abstracts?|proceedings|submissions?)\b|论文列表|论文|列表|摘要",
    re.IGNORECASE,
)
_VENUE_YEAR = re.compile(r"([A-Za-z][A-Za-z0-9&.\-]*?(?:\s+[A-Z][A-Za-z0-9&.\-]*)*)[\s_\-']*((?:19|20)\d\d)")


@dataclass
class ReadResult:
    """Everything the read stage produced: records, issues, and paragraph counts per file."""

    records: list[RawRecord] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    paragraphs: dict[str, int] = field(default_factory=dict)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.level == "error"]


def collection_name(header: str, fallback: str = "") -> str:
    """Canonical collection from a header or file name: "ICLR 2026 论文列表" -> "ICLR 2026"."""
    for text in (header, fallback):
        text = unicodedata.normalize("NFKC", text or "")
        m = _VENUE_YEAR.search(text)
        if m:
            venue = m.group(1).strip(" -_'")
            venue = venue.upper() if venue.islower() else venue
            return f"{venue} {m.group(2)}"
    cleaned = re.sub(r"\s+", " ", _HEADER_NOISE.sub(" ", header or "")).strip(" -:,")
    return cleaned or (fallback.replace("_", " ").strip() or "Papers")


def looks_like_header(paragraph: str) -> bool:
    """A header is one short line that does not read like a sentence of an abstract."""
    text = paragraph.strip()
    return (
        0 < len(text) <= MAX_HEADER_CHARS
        and "\n" not in text
        and not re.search(r"[.!?。]\s*$", text)
        and len(text.split()) <= 12
    )


def discover(inputs: list[Path], issues: list[Issue]) -> list[tuple[Path, str]]:
    """Input files (sorted, deduplicated) with the display name used in messages and pages."""
    found: dict[Path, str] = {}
    for root in inputs:
        if root.is_file():
            found.setdefault(root.resolve(), root.name)
            continue
        if not root.is_dir():
            issues.append(Issue("error", str(root), 0, "no such file or folder"))
            continue
        base = root.resolve()
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if any(part.startswith(".") for part in path.relative_to(root).parts):
                continue  # hidden files, e.g. the state file
            if path.is_symlink():
                target = path.resolve()
                if base not in target.parents and target != base:
                    issues.append(Issue("error", rel, 0, f"symlink points outside the input folder ({target}); not read"))
                    continue
            if not path.is_file():
                continue
            if path.suffix.lower() not in SUPPORTED:
                issues.append(Issue("warning", rel, 0, f"unsupported extension {path.suffix!r}; skipped (use .txt, .csv, .tsv, .json or .jsonl)"))
                continue
            found.setdefault(path.resolve(), rel)
    return sorted(found.items(), key=lambda kv: kv[1])


def decode(data: bytes, name: str, issues: list[Issue], replace_invalid: bool = False) -> str | None:
    """Bytes to text: UTF-8 (with or without BOM) or BOM-marked UTF-16; None if unreadable."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        issues.append(Issue("info", name, 1, "UTF-16 file (byte-order mark); decoded as UTF-16"))
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            issues.append(Issue("error", name, 1, f"invalid UTF-16 at byte {exc.start}"))
            return None
    if b"\x00" in data[:8192]:
        issues.append(Issue("error", name, 1, "binary file (NUL bytes); not read"))
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        if not replace_invalid:
            issues.append(Issue("error", name, line,
                                f"invalid UTF-8 at byte {exc.start}; fix the file, or build with --replace-invalid "
                                "to decode it with replacement characters"))
            return None
        issues.append(Issue("warning", name, line, f"invalid UTF-8 at byte {exc.start}; decoded with replacement characters"))
        return data.decode("utf-8-sig", errors="replace")


def paragraphs(text: str) -> list[tuple[int, str]]:
    """Blank-line separated paragraphs with the 1-based line where each starts; wraps joined."""
    out: list[tuple[int, str]] = []
    start, lines = 0, []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not lines:
                start = number
            lines.append(line.strip())
        elif lines:
            out.append((start, " ".join(lines)))
            lines = []
    if lines:
        out.append((start, " ".join(lines)))
    return out


def read_text(text: str, name: str, result: ReadResult) -> None:
    """The seed format: a header paragraph, then one abstract per paragraph."""
    paras = paragraphs(text)
    if not paras:
        result.issues.append(Issue("warning", name, 1, "empty file: no header and no abstracts"))
        return
    header = ""
    if looks_like_header(paras[0][1]):
        header = paras.pop(0)[1]
    else:
        result.issues.append(Issue("warning", name, paras[0][0],
                                   "no header line naming the collection; the first paragraph is read as an abstract "
                                   "and the collection is taken from the file name"))
    if not paras:
        result.issues.append(Issue("warning", name, 1, f"header {header!r} but no abstracts"))
    collection = collection_name(header, Path(name).stem)
    result.paragraphs[name] = len(paras)
    for line, para in paras:
        result.records.append(RawRecord(para, Source(name, line, header), collection))


def _pick(row: dict, key: str) -> str | None:
    lowered = {str(k).strip().lower(): v for k, v in row.items() if k is not None}
    for col in COLUMNS[key]:
        value = lowered.get(col)
        if value not in (None, ""):
            return value if isinstance(value, str) else (value if isinstance(value, list) else str(value))
    return None


def _split_list(value, seps: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [v.strip() for v in re.split(f"[{seps}]", value) if v.strip()]


def _record(row: dict, name: str, line: int, default_collection: str, result: ReadResult) -> None:
    abstract = _pick(row, "abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        result.issues.append(Issue("warning", name, line, "record has no abstract (columns: "
                                   + ", ".join(COLUMNS["abstract"]) + "); skipped"))
        return
    authors = _pick(row, "authors")
    coll = _pick(row, "collection")
    result.records.append(RawRecord(
        text=" ".join(abstract.split()),
        source=Source(name, line, coll if isinstance(coll, str) else ""),
        collection=collection_name(coll, "") if isinstance(coll, str) else default_collection,
        title=(_pick(row, "title") or None) and " ".join(str(_pick(row, "title")).split()),
        authors=_split_list(authors, ";" if isinstance(authors, str) and ";" in authors else ","),
        url=_pick(row, "url") if isinstance(_pick(row, "url"), str) else None,
        keywords=_split_list(_pick(row, "keywords"), ",;"),
        area=_pick(row, "area") if isinstance(_pick(row, "area"), str) else None,
    ))


def read_table(text: str, name: str, result: ReadResult, delimiter: str) -> None:
    """CSV/TSV with a header row; each record keeps the line its row starts on."""
    csv.field_size_limit(1 << 30)
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    default = collection_name("", Path(name).stem)
    count, line = 0, 2
    try:
        for row in reader:
            count += 1
            _record(row, name, line, default, result)
            line = reader.line_num + 1
    except csv.Error as exc:
        result.issues.append(Issue("error", name, reader.line_num, f"CSV error: {exc}"))
    if reader.fieldnames and not any(f.strip().lower() in COLUMNS["abstract"] for f in reader.fieldnames if f):
        result.issues.append(Issue("error", name, 1, f"no abstract column among {reader.fieldnames}"))
    result.paragraphs[name] = count


def _json_objects(text: str):
    """(line, object) for a JSON array of objects, or {"collection":..., "papers":[...]}."""
    decoder = json.JSONDecoder()
    data = json.loads(text)
    if isinstance(data, dict):
        items = data.get("papers") or data.get("records") or []
        return data.get("collection") or data.get("venue") or "", [(None, item) for item in items]
    # Walk the array once more to learn each object's line.
    pos, out = text.index("[") + 1, []
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            break
        obj, end = decoder.raw_decode(text, pos)
        out.append((text.count("\n", 0, pos) + 1, obj))
        pos = end
    return "", out


def read_json(text: str, name: str, result: ReadResult) -> None:
    try:
        coll, items = _json_objects(text)
    except (ValueError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", 1)
        result.issues.append(Issue("error", name, line, f"invalid JSON: {exc}"))
        return
    default = collection_name(coll, Path(name).stem)
    for index, (line, item) in enumerate(items, start=1):
        where = line or 1
        if not isinstance(item, dict):
            result.issues.append(Issue("warning", name, where, f"item {index} is not an object; skipped"))
            continue
        _record(item, name, where, default, result)
    result.paragraphs[name] = len(items)


def read_jsonl(text: str, name: str, result: ReadResult) -> None:
    default = collection_name("", Path(name).stem)
    count = 0
    for line, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        count += 1
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            result.issues.append(Issue("error", name, line, f"invalid JSON line: {exc.msg} (column {exc.colno})"))
            continue
        if not isinstance(item, dict):
            result.issues.append(Issue("warning", name, line, "line is not a JSON object; skipped"))
            continue
        _record(item, name, line, default, result)
    result.paragraphs[name] = count


def read_inputs(inputs: list[Path], replace_invalid: bool = False) -> ReadResult:
    """Read every supported file under `inputs` into RawRecords plus a list of issues."""
    result = ReadResult()
    for path, name in discover(inputs, result.issues):
        text = decode(path.read_bytes(), name, result.issues, replace_invalid)
        if text is None:
            continue
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        suffix = path.suffix.lower()
        if suffix in TABLE_EXT:
            read_table(text, name, result, TABLE_EXT[suffix])
        elif suffix in JSON_EXT:
            read_json(text, name, result)
        elif suffix in JSONL_EXT:
            read_jsonl(text, name, result)
        else:
            read_text(text, name, result)
    for rec in result.records:
        n = len(rec.text)
        if n > LONG_PARAGRAPH:
            result.issues.append(Issue("warning", rec.source.file, rec.source.line,
                                       f"paragraph of {n:,} characters (an abstract is ~2,000): kept as one paper; "
                                       "check for missing blank lines"))
        elif len(rec.text.split()) < SHORT_PARAGRAPH_WORDS:
            result.issues.append(Issue("warning", rec.source.file, rec.source.line,
                                       f"very short paragraph ({len(rec.text.split())} words): kept as a paper; "
                                       "is it a stray line?"))
    return result
