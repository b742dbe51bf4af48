"""Read: tagged reference exports, one record per run of tag lines: RIS (EndNote, Zotero, Mendeley, Scopus,
IEEE Xplore, the ACM Digital Library, Web of Science), Web of Science's own plain-text export (savedrecs.txt,
.ciw) and PubMed's (MEDLINE: pubmed-*.txt, .nbib).  rispy reads each record's tags; the records are found
here, so that each keeps its line, a record without its end line is still read (with a note), and text
outside every record is a warning, not lost."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable

from .model import Issue, ReadResult
from .structured import add_record, first_last, split_list
from .venues import collection_name


def _values(fields: dict, *keys: str) -> list[str]:
    """The non-empty values of list tags, in order ("AU" lines; a blank line inside a record adds an empty one)."""
    return [v.strip() for k in keys for v in (fields.get(k) or []) if isinstance(v, str) and v.strip()]


def _ris_row(fields: dict) -> dict:
    """A RIS record's columns: title (TI or T1), authors (AU, A1: "Lee, Ann" read "Ann Lee"), keywords (KW,
    "KW  - a; b" gives both), address (UR, else DO)."""
    return {"abstract": fields.get("abstract") or fields.get("notes_abstract"),
            "title": fields.get("title") or fields.get("primary_title"),
            "authors": [first_last(a) for a in _values(fields, "authors", "first_authors")],
            "keywords": [k for v in _values(fields, "keywords") for k in split_list(v, ";")],
            "url": next(iter(_values(fields, "urls")), None), "doi": fields.get("doi")}


def _wos_row(fields: dict) -> dict:
    """A Web of Science record's columns: title (TI), authors (AF's full names, else AU's "Lee, A"), the
    authors' keywords (DE; Keywords Plus, ID, are Web of Science's, not the authors'), address (DI, the DOI)."""
    return {"abstract": fields.get("abstract"), "title": fields.get("document_title"),
            "authors": [first_last(a) for a in _values(fields, "author_full_name") or _values(fields, "authors")],
            "keywords": split_list(fields.get("author_keywords"), ";"), "doi": fields.get("doi")}


def _medline_row(fields: dict) -> dict:
    """A PubMed record's columns: title (TI), authors (FAU's full names, else AU's "Lee A"), keywords (OT), its
    PubMed page (PMID)."""
    pmid = str(fields.get("pmid") or "").strip()
    return {"abstract": fields.get("abstract"), "title": fields.get("title"),
            "authors": [first_last(a) for a in _values(fields, "full_authors")] or _values(fields, "authors"),
            "keywords": _values(fields, "keywords"),
            "url": f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/" if pmid.isdigit() else None}


def _ris():
    import rispy  # (only where there is such a file)
    return rispy.RisParser


def _wok():
    import rispy
    return rispy.WokParser


@cache
def _medline():
    """rispy's parser for MEDLINE: a tag of up to four letters, padded, then "- " ("PMID- ", "AB  - ", "FAU - "),
    a line that goes on indented by six spaces."""
    import rispy

    class Medline(rispy.RisParser):
        START_TAG = "PMID"
        DEFAULT_MAPPING = {"PMID": "pmid", "TI": "title", "AB": "abstract", "FAU": "full_authors", "AU": "authors",
                           "OT": "keywords"}
        DEFAULT_LIST_TAGS = ["FAU", "AU", "OT"]
        DEFAULT_DELIMITER_MAPPING: dict = {}

        def parse_line(self, line: str):
            if line.startswith("      ") and line.strip():
                return None, line.strip()
            tag = _MEDLINE_TAG.match(line)
            return (tag.group(1), line[tag.end():].strip()) if tag else ("", "")  # ("": no tag of any record's)

    return Medline


_MEDLINE_TAG = re.compile(r"([A-Z][A-Z0-9]{1,3}) {0,2}- ")


@dataclass(frozen=True)
class Tagged:
    """A tagged format: how a record starts and ends, how a tag line is spelled, and what a record holds."""
    label: str                  # "RIS", in messages
    start: re.Pattern           # a record's first line
    first: str                  # ... as messages name it
    end: re.Pattern | None      # a record's end line (MEDLINE has none: a record ends where the next starts)
    last: str                   # ... as messages name it, and as it is put where a record lacks it
    tag: str                    # a tag line's opening, {} the tag
    abstract: tuple[str, ...]   # the tags an abstract is under
    parser: Callable[[], type]  # rispy's parser of the format
    row: Callable[[dict], dict]  # rispy's fields -> the record's columns
    kind: str                   # rispy's field that names the record ("JOUR"; Web of Science: "J"; PubMed: its PMID)
    opens: re.Pattern           # a file's first line, for a .txt file that holds this format
    furniture: re.Pattern | None = None  # the file's own lines outside the records (Web of Science: FN, VR, EF)


RIS = Tagged("RIS", re.compile(r"TY  -"), "TY  -", re.compile(r"ER  -"), "ER  -", "{}  -", ("AB", "N2"),
             _ris, _ris_row, "type_of_reference", opens=re.compile(r"TY  - "))
WOS = Tagged("Web of Science", re.compile(r"PT \S"), "PT", re.compile(r"ER\s*$"), "ER", "{} ", ("AB",),
             _wok, _wos_row, "publication_type", opens=re.compile(r"(?:FN|PT) \S"),
             furniture=re.compile(r"(?:FN|VR) \S|EF\s*$"))  # (exports joined into one file keep theirs inside)
MEDLINE = Tagged("PubMed", re.compile(r"PMID- ?\d"), "PMID-", None, "ER  -", "{:<4}- ", ("AB",), _medline,
                 _medline_row, "pmid", opens=re.compile(r"PMID- ?\d"))


def sniff(text: str) -> Tagged | None:
    """The tagged format a text file holds (an export saved as .txt: Web of Science names its savedrecs.txt,
    PubMed its pubmed-*.txt), or None: its first line opens the format and a line ends a record."""
    text = text.lstrip("\n")
    first = text.split("\n", 1)[0]
    return next((fmt for fmt in (RIS, WOS, MEDLINE) if fmt.opens.match(first)
                 and (fmt.end is None or any(map(fmt.end.match, text.split("\n"))))), None)


def read_tagged(text: str, name: str, result: ReadResult, fmt: Tagged) -> None:
    """Each record with an abstract is a record, at the line of its first tag; see the module's docstring."""
    import rispy

    if not text.strip():
        result.issues.append(Issue("warning", name, 1, "empty file; nothing read from it"))
        return
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if fmt.start.match(line)]
    kept = (lambda line: line.strip() and not (fmt.furniture and fmt.furniture.match(line)))
    stray = next((i for i, line in enumerate(lines[:starts[0] if starts else len(lines)]) if kept(line)), None)
    if stray is not None:
        result.issues.append(Issue("warning" if starts else "error", name, stray + 1,
                                   f"text outside any {fmt.label} record (a record starts with a line "
                                   f"'{fmt.first} ...'); not read"
                                   + ("" if starts else f": is this a {fmt.label} file?")))
    default = collection_name("", Path(name).stem)
    for at, end in zip(starts, starts[1:] + [len(lines)]):
        chunk = lines[at:end]
        closed = next((k for k, line in enumerate(chunk) if fmt.end.match(line)), None) if fmt.end else None
        if fmt.end is None:
            chunk = [*chunk, fmt.last + " "]  # (the next record's start ends it)
        elif closed is None:
            result.issues.append(Issue("info", name, at + 1, f"{fmt.label} record without its end line '{fmt.last}': "
                                       "read up to the " + ("next record" if end < len(lines) else "end of the file")))
            chunk = [*chunk, fmt.last + " "]
        else:
            after = next((k for k in range(closed + 1, len(chunk)) if kept(chunk[k])), None)
            if after is not None:
                result.issues.append(Issue("warning", name, at + after + 1, f"text after a {fmt.label} record's end "
                                           f"line '{fmt.last}' and before the next '{fmt.first}'; not read"))
            chunk = chunk[:closed + 1]
        for tag in fmt.abstract:
            again = [k for k, line in enumerate(chunk) if line.startswith(fmt.tag.format(tag))][1:]
            if again:
                result.issues.append(Issue("warning", name, at + again[0] + 1, f"{fmt.label} record with a second "
                                           f"'{tag}' line: the first {tag} read, this one not (one abstract per record)"))
        try:
            fields = rispy.loads("\n".join(chunk), implementation=fmt.parser(),
                                 skip_unknown_tags=True)[0]  # (a tag newer than rispy's list: left out, not an error)
        except Exception as exc:  # noqa: BLE001 - the library's own error, said at the record's line
            result.exclude(name, at + 1, f"not a {fmt.label} record the parser can read ({type(exc).__name__}: {exc}); "
                           "not read: fix the record", f"invalid {fmt.label}", level="error")
            continue
        kind = str(fields.get(fmt.kind) or "").strip()
        add_record(fmt.row(fields), name, at + 1, default, result, what=f"{fmt.label} record"
                   + (f" ({kind})" if kind else ""), holds="tag " + ", or ".join(fmt.abstract))
    result.paragraphs[name] = len(starts)
