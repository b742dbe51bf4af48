"""Read: structured files, one record per row, object or entry: CSV/TSV (reference managers' exports
included), JSON, JSONL and BibTeX (tagged exports: tagged.py; spreadsheets: workbook.py; XML: xmlexports.py).
Columns are matched by name (COLUMNS); a given title, authors, link, keywords or area travels with its
abstract."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from . import markup
from .model import Issue, RawRecord, ReadResult, Source
from .venues import VENUE_YEAR, collection_name

# Control characters other than tab and newline: replaced by a space (with a warning) as the file is read,
# so that nothing downstream (Markdown's own \x02..\x03 placeholders, terminals) ever sees them.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

# Column names accepted in structured files (first match wins).
# Web of Science's tab-delimited export names its columns by its tags: AB, TI, AF (full names), AU, DE, DI.
COLUMNS = {
    "abstract": ("abstract", "summary", "text", "abstract_text", "content", "abstract_note", "ab"),  # (Zotero: Abstract Note)
    "title": ("title", "paper_title", "name", "ti"),
    "authors": ("authors", "author", "author_names", "author_list", "af", "au"),
    "url": ("url", "openreview_url", "link", "pdf_url", "paper_url", "forum"),
    "keywords": ("keywords", "keyword", "tags", "manual_tags", "author_keywords", "de"),  # (Zotero, Scopus)
    "area": ("primary_area", "area", "primary_subject_area", "subject_area", "category", "topic", "track"),  # (CMT's)
    "collection": ("collection", "venue", "conference"),
}
_SEP_HINT = re.compile(r"sep=([,;\t|])[ \t]*\n")


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


def split_list(value, seps: str, names: bool = False) -> list[str]:
    """A list field's items: a list's (an author object's "name", Semantic Scholar's; or its "given" and "family"
    names, CSL JSON's, as Zotero and Mendeley export it), or a string split at `seps` (and at " and " for
    `names`)."""
    if value is None:
        return []
    if isinstance(value, list):
        items = [_person(v) if isinstance(v, dict) else v for v in value]
        return [str(v).strip() for v in items if isinstance(v, (str, int, float)) and str(v).strip()]
    if not isinstance(value, str):
        return []
    parts = re.split(f"[{seps}]", _AND.sub(seps[0], value) if names else value)
    return [v.strip() for v in parts if v.strip()]


def _person(author: dict) -> str:
    """An author object's name: {"name": "Ann Lee"}, {"given": "Ann", "family": "Lee"}, {"literal": "..."}."""
    parts = [author.get(k) for k in ("given", "non-dropping-particle", "family")]
    return next((v for v in (author.get("name"), " ".join(p for p in parts if isinstance(p, str) and p.strip()),
                             author.get("literal")) if isinstance(v, str) and v.strip()), "")


def _clean_value(value):
    """Structured values can carry control characters as JSON escapes ("\\u0002"): blank them; OpenReview's
    {"value": x} is x."""
    if isinstance(value, dict) and "value" in value:
        value = value["value"]
    if isinstance(value, str):
        return CONTROL.sub(" ", value)
    if isinstance(value, list):
        return [_clean_value(v) for v in value]
    return value


_DOMAIN_PATH = re.compile(r"(?:[\w\-]+\.)+[a-z]{2,}(?:/\S*)?", re.I)  # "openreview.net/forum?id=x": no scheme
ARXIV_ID = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?")  # 2101.00001, hep-th/9901001


def _names(authors, semicolons: bool = False) -> list[str]:
    """A record's authors: a list's, or a string's split at ";" where it has one ("Lee, Ann; Chen, Bo", as
    reference managers export them: each "Last, First" read "First Last"; one "Lee, Ann" too where the file's
    other rows part names with ";": `semicolons`), else at "," and "and"; without an institution in brackets
    or a contact's mark after a name (Microsoft CMT's "Ann Lee (MIT)*; Bo Chen (ETH)"); never "Anonymous"."""
    if isinstance(authors, str):
        authors = _NAME_EXTRAS.sub(" ", authors)
    if isinstance(authors, str) and (";" in authors or semicolons and _LAST_FIRST.fullmatch(authors)):
        names = [first_last(n) if n.count(",") == 1 else n for n in split_list(authors, ";", names=True)]
    else:
        names = split_list(authors, ",", names=True)
    return [n for n in names if n.casefold() not in _NO_AUTHOR]


_NO_AUTHOR = {"anonymous", "anonymous authors", "anonymous author(s)", "anon", "unknown", "n/a", "none", "et al",
              "et al."}  # (a double-blind export's placeholders: no author, and no link between their papers)


_LAST_FIRST = re.compile(r"\s*[^\s,]+,[^,]+")  # one author, "Lee, Ann" (not "Ann Lee, Bo Chen")
_NAME_EXTRAS = re.compile(r"\s*\([^()]*\)\s*(?=[*†‡]*\s*(?:[;,]|$))|(?<=\S)[*†‡]+(?=\s*(?:[;,]|$))")


def address(row: dict) -> str | None:
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
    if not url and ident and ARXIV_ID.fullmatch(ident.strip()):
        return f"https://arxiv.org/abs/{ident.strip()}"
    doi, eprint = _text(row.get("doi") or row.get("di")), _text(row.get("eprint"))
    archive = str(row.get("archiveprefix") or row.get("eprinttype") or "")
    if not url and doi and doi.strip():
        return "https://doi.org/" + re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", "", doi.strip())
    if not url and eprint and (archive.lower() == "arxiv" or ARXIV_ID.fullmatch(eprint.strip())):
        return f"https://arxiv.org/abs/{eprint.strip()}"
    return url


_ADDRESS_COLUMNS = ("doi", "di", "eprint", "archiveprefix", "eprinttype")  # (read by address)
_TYPES = {int: "a number", float: "a number", bool: "true or false", dict: "an object", list: "a list"}


def add_record(row: dict, name: str, line: int, default_collection: str, result: ReadResult, what: str = "record",
               holds: str = "columns: " + ", ".join(COLUMNS["abstract"]), semicolons: bool = False) -> None:
    """Append row's record, or exclude it with the reason (`what` it is and what `holds` an abstract: messages;
    `semicolons`: its file parts authors with ";", so that "Lee, Ann" is one)."""
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
        result.exclude(name, line, f"{what} has no abstract ({holds}); skipped", "no abstract field")
        return
    if not result.acceptable(" ".join(abstract.split()), name, line):
        return
    authors, coll, title = _pick(row, "authors"), _text(_pick(row, "collection")), _text(_pick(row, "title"))
    year = row.get("year")
    if coll and isinstance(year, (int, str)) and re.fullmatch(r"(?:19|20)\d\d", str(year).strip()) \
            and not VENUE_YEAR.search(coll):  # (Semantic Scholar: "venue": "ICLR", "year": 2026)
        coll = f"{coll} {str(year).strip()}"
    result.records.append(RawRecord(
        text=" ".join(abstract.split()),
        source=Source(name, line, coll or ""),
        collection=collection_name(coll, "") if coll else default_collection,
        title=" ".join(title.split()) or None if title else None,
        authors=_names(authors, semicolons),
        url=address(row),
        keywords=split_list(_pick(row, "keywords"), ",;"),
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
    if delimiter == "," and not has_abstract(first.split(",")) and has_abstract(first.split(";")):
        delimiter = ";"  # (a spreadsheet's CSV where the comma is the decimal mark)
        result.issues.append(Issue("info", name, 1 + offset, "read as semicolon-separated (its header row is)"))
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)  # (a stray quote: an error)
    default = collection_name("", Path(name).stem)
    try:
        fieldnames = reader.fieldnames or []
    except csv.Error as exc:
        fieldnames = []
        result.issues.append(Issue("error", name, 1 + offset, f"CSV error in the header row: {exc}; not read"))
    if not header_read(fieldnames, name, 1 + offset, result, empty=not text.strip()):
        return
    rows, broken = [], None
    try:
        for row in reader:  # (the line a row starts on: the last one read, less the line breaks inside its fields)
            rows.append((reader.line_num - sum(v.count("\n") for v in _values(row)) + offset, row))
    except csv.Error as exc:
        broken = (reader.reader.line_num + offset, exc)
    semicolons = semicolon_names(row for _, row in rows)
    for line, row in rows:
        extra = [v for v in row.get(None) or [] if v.strip()]
        if extra and not _repeats_header(row):  # (more fields than the header names: what follows the abstract
            # would be read as other columns)
            result.exclude(name, line, f"row has {len(fieldnames) + len(row[None])} fields, the header "
                           f"{len(fieldnames)}: a comma or quote inside an unquoted field? Not read: quote the "
                           "field", "more fields than the header", level="error")
            continue
        table_row(row, name, line, default, result, semicolons)
    if broken:
        result.exclude(name, broken[0], f"CSV error: {broken[1]} (a stray or unclosed quote?); this row and the rest "
                       "of the file are not read: fix the quoting", "CSV error", level="error")
    result.paragraphs[name] = len(rows) + (broken is not None)


def header_read(fieldnames: list, name: str, line: int, result: ReadResult, empty: bool = False) -> bool:
    """Whether a table's header row names an abstract column (else an error, or a warning for an `empty` file, and
    the file is not read); the columns it does not read are said in a note."""
    if not has_abstract(fieldnames):
        if fieldnames:
            result.issues.append(Issue("error", name, line, f"no abstract column among {fieldnames} (expected one of "
                                       + ", ".join(COLUMNS["abstract"]) + "); not read"))
        elif not empty:
            result.issues.append(Issue("error", name, line, "no header row; not read"))
        else:
            result.issues.append(Issue("warning", name, 1, "empty file; nothing read from it"))
        result.files_not_read.append(name)
        return False
    known = {c for cols in COLUMNS.values() for c in cols} | set(_ADDRESS_COLUMNS)
    unread = [f for f in fieldnames if f and f.strip() and _column(f) not in known]
    if unread:  # (a title column under a name no alias has is otherwise lost without a word)
        result.issues.append(Issue("info", name, line, "columns not read: " + ", ".join(repr(f) for f in unread[:12])
                                   + (" ..." if len(unread) > 12 else "") + " (the columns read: "
                                   + ", ".join(cols[0] for cols in COLUMNS.values()) + ", doi, or another name of theirs)"))
    return True


def table_row(row: dict, name: str, line: int, default: str, result: ReadResult, semicolons: bool = False) -> None:
    """A table's row (column name -> text): a record, or left out with a note where it repeats the header row
    (`semicolons`: the table parts its authors with ";", see semicolon_names)."""
    if _repeats_header(row):
        result.exclude(name, line, "row repeats the header row (two tables joined?); skipped", "a header row",
                       level="info")
    else:
        add_record(row, name, line, default, result, semicolons=semicolons)


def semicolon_names(rows) -> bool:
    """Whether a table parts its authors with ";" ("Lee, Ann; Chen, Bo": Zotero's, Scopus's way); then a row's
    "Lee, Ann" is one author, not two."""
    return any(isinstance(v, str) and ";" in v for row in rows
               for v in [_pick({_column(k): v for k, v in row.items() if k is not None}, "authors")])


def _repeats_header(row: dict) -> bool:
    return all(f is None or (row.get(f) or "").strip() == f.strip() for f in row)


def has_abstract(fieldnames) -> bool:
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
        if key is None and (has_abstract(data) or isinstance(data.get("content"), dict)
                            and has_abstract(data["content"])):
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
        add_record(item, name, where, default, result, what=f"item {index}")
    result.paragraphs[name] = len(items)


def json_text(text: str) -> bool:
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
        add_record(item, name, line, default, result)
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
               "authors": [_tex_text(first_last(a)) for a in _BIB_AND.split(fields.get("author") or "") if a.strip()],
               "keywords": fields.get("keywords"),
               **{k: fields.get(k) for k in ("url", "doi", "eprint", "archiveprefix", "eprinttype")}}
        add_record(row, name, entry.start_line + 1, default, result, what=f"entry {entry.key!r}", holds="field abstract")
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


def first_last(author: str) -> str:
    """"Lee, Ann" -> "Ann Lee" ("von Last, Jr, First" too); a name without a comma as it is."""
    parts = [p.strip() for p in author.split(",")]
    return " ".join([parts[-1], *parts[:-1]] if len(parts) == 2 else [parts[-1], parts[0], *parts[1:-1]]
                    if len(parts) > 2 else parts)


def _tex_text(value):
    """A BibTeX title's or name's text: its braces and TeX read ("{G}aia2: {LLM} Agents", "Sch{\\"o}lkopf")."""
    if not isinstance(value, str) or not any(c in value for c in "{\\$"):
        return value
    return " ".join(markup.to_plain(markup.parse(value)).split())
