"""Read: XML exports: Atom and RSS feeds, as arXiv's API (Atom) and its daily listings (RSS) give them, and
records, as EndNote's XML export and arXiv's OAI-PMH harvest hold them.  Each entry, item or record with an
abstract is a record, with its title, authors, address and the line of its opening tag.

The file is parsed by expat, the parser Python ships, into ElementTree elements; a document that declares
entities is refused (no export needs them, and they are how XML is made to expand without end)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.parsers import expat

from .model import Issue, ReadResult
from .structured import add_record, first_last, split_list
from .venues import VENUE_YEAR, collection_name

_ENTRY = {"entry", "item", "record"}  # Atom's, RSS's (2.0 and 1.0); EndNote's and OAI-PMH's
_ARXIV_LEAD = re.compile(r"^\s*arXiv:\S+\s+Announce Type:\s*\S+\s*")  # arXiv's RSS: "arXiv:2501.00001v1 Announce Type: new"
_ABSTRACT_LABEL = re.compile(r"^\s*Abstract:\s*")


class _Refused(Exception):
    """A document that declares entities, at `lineno`."""

    def __init__(self, lineno: int):
        super().__init__(f"line {lineno}: the document declares an entity")
        self.lineno = lineno


def _parse(text: str) -> tuple[ET.Element, dict[int, int]]:
    """The document's root, and the line of every element's opening tag (by id)."""
    builder, lines = ET.TreeBuilder(), {}
    parser = expat.ParserCreate(namespace_separator="}")

    def start(tag, attrs):
        element = builder.start("{" + tag if "}" in tag else tag, attrs)
        lines[id(element)] = parser.CurrentLineNumber

    def refuse(*_):
        raise _Refused(parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: builder.end("{" + tag if "}" in tag else tag)
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = refuse
    parser.Parse(text, True)
    return builder.close(), lines


def _local(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _child(element: ET.Element, *names: str, deep: bool = False) -> ET.Element | None:
    """The first child of one of these local names, in the order of the names (`deep`: the first element
    anywhere below `element`)."""
    for name in names:
        found = next((e for e in (element.iter() if deep else element) if e is not element and _local(e) == name),
                     None)
        if found is not None:
            return found
    return None


def _text(element: ET.Element | None) -> str | None:
    return " ".join("".join(element.itertext()).split()) or None if element is not None else None


def _person(author: ET.Element) -> str | None:
    """An author element's name: "Lee, Ann" (EndNote's) read "Ann Lee"; arXiv's forenames and keyname."""
    parts = {_local(c): _text(c) for c in author}
    if parts.get("keyname"):
        return " ".join(p for p in (parts.get("forenames"), parts["keyname"], parts.get("suffix")) if p)
    name = _text(author)
    return first_last(name) if name and name.count(",") == 1 else name


def _record_row(record: ET.Element) -> dict:
    """A record's columns (EndNote's <record>: titles/title, contributors/authors/author, keywords/keyword,
    urls/related-urls/url, electronic-resource-num; arXiv's OAI-PMH <record>: title, authors/author, id)."""
    def below(*names: str) -> str | None:
        return _text(_child(record, *names, deep=True))
    return {"abstract": below("abstract"), "title": below("title"),
            "authors": [n for n in map(_person, (e for e in record.iter() if _local(e) == "author")) if n],
            "keywords": [k for k in (_text(e) for e in record.iter() if _local(e) == "keyword") if k],
            "url": below("url"), "doi": below("electronic-resource-num", "doi"),
            "id": below("id")}  # (an arXiv id: its page)


def _row(entry: ET.Element) -> dict:
    """An entry's columns: the abstract (Atom's summary or content, RSS's description, without arXiv's "arXiv:...
    Announce Type: new" and "Abstract:" lead), title, authors (Atom's author names, RSS's dc:creator or author,
    "Ann Lee, Bo Chen"), address (the alternate link, else a link id)."""
    abstract = _text(_child(entry, "summary", "content", "description", "encoded"))
    if abstract:
        abstract = _ABSTRACT_LABEL.sub("", _ARXIV_LEAD.sub("", abstract), count=1)
    authors = [_text(_child(a, "name")) for a in entry if _local(a) == "author" and _child(a, "name") is not None]
    if not authors:
        authors = split_list(_text(_child(entry, "creator", "author")), ",;", names=True)
    links = [(c.get("rel") or "alternate", c.get("href") or (c.text or "").strip()) for c in entry if _local(c) == "link"]
    url = next((href for rel, href in links if rel == "alternate" and href), None)
    ident = _text(_child(entry, "id", "guid"))
    return {"abstract": abstract, "title": _text(_child(entry, "title")), "authors": [a for a in authors if a],
            "url": url or (ident if ident and re.match(r"https?://", ident) else None)}


def read_xml(text: str, name: str, result: ReadResult) -> None:
    """Each Atom entry, RSS item or EndNote/OAI-PMH record of the file is a record (see the module's docstring)."""
    try:
        root, lines = _parse(text)
    except (expat.ExpatError, _Refused) as exc:
        said = (f"not XML the parser can read ({expat.ErrorString(exc.code)}); not read: fix the file"
                if isinstance(exc, expat.ExpatError) else "the document declares an entity, which no export needs "
                "(entities can make XML expand without end); not read")
        result.issues.append(Issue("error", name, exc.lineno, said))
        result.files_not_read.append(name)
        return
    entries = [e for e in root.iter() if _local(e) in _ENTRY]
    if not entries:
        result.issues.append(Issue("error", name, 1, f"no Atom <entry>, RSS <item> or EndNote <record> in this "
                                   f"<{_local(root)}> document; not read: is it a feed or a reference export?"))
        result.files_not_read.append(name)
        return
    channel = _child(root, "channel")  # (RSS's; Atom's title is the feed's own)
    title = _text(_child(root if channel is None else channel, "title")) or ""
    default = collection_name(title if VENUE_YEAR.search(title) else "", Path(name).stem)
    for index, entry in enumerate(entries, start=1):
        record = _local(entry) == "record"
        add_record(_record_row(entry) if record else _row(entry), name, lines[id(entry)], default, result,
                   what=f"{_local(entry)} {index}", holds="element abstract" if record else "summary, content or description")
    result.paragraphs[name] = len(entries)
