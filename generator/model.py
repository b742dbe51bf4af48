"""The one data model that flows through every stage.

read -> RawRecord; normalize -> Paper; enrich fills in the Paper's derived fields;
render and search only read Papers.  Nothing downstream writes back upstream.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True, order=True)
class Source:
    """Where a paragraph came from: file (relative to the input root) and 1-based line."""

    file: str
    line: int
    header: str = ""  # the file's collection header, verbatim (provenance)


@dataclass
class RawRecord:
    """One abstract as a reader found it, before any cleaning."""

    text: str
    source: Source
    collection: str  # canonical collection name, e.g. "ICLR 2026"
    title: str | None = None
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    keywords: list[str] = field(default_factory=list)
    area: str | None = None


@dataclass
class Issue:
    """A problem found in the inputs; never fatal on its own unless level == 'error'."""

    level: str  # "error" | "warning" | "info"
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file  # line 0: the whole file
        return f"{where}: {self.level}: {self.message}"


@dataclass
class Related:
    id: str
    score: float
    shared: list[str] = field(default_factory=list)  # terms that explain the link


@dataclass
class Paper:
    """A paper: identity and text from normalize, the rest from enrich."""

    id: str  # short hash of the normalized abstract
    slug: str  # readable + hash, used in URLs; set by enrich once the name/title is known
    collection: str
    abstract_raw: str  # the text exactly as read (first source)
    abstract_md: str  # clean Markdown (math kept as $...$)
    abstract_html: str  # safe HTML fragment built by us (escaped text, MathML)
    plain_text: str  # no markup: for NLP, search and snippets
    sources: list[Source] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    # given metadata (structured inputs); a given value always wins over a derived one
    given_title: str | None = None
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    keywords: list[str] = field(default_factory=list)
    given_area: str | None = None
    # derived by enrich
    name: str | None = None
    title: str = ""
    teaser: str = ""
    category: str = ""
    categories: list[tuple[str, float]] = field(default_factory=list)
    category_terms: list[str] = field(default_factory=list)  # words that drove the decision
    subtopic: str | None = None
    tags: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    related: list[Related] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)  # ids of papers whose name occurs here
    position: tuple[int, int] | None = None  # on its collection's map (enrich/layout.py), which alone shows it
    first_seen: str = ""  # ISO date the paper was first built (state file)

    def to_dict(self) -> dict:
        return asdict(self)
