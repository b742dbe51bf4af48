"""The one data model that flows through every stage.

read -> RawRecord (and a ReadResult's accounting); normalize -> Paper; enrich fills in the Paper's derived fields;
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


MAX_PARAGRAPH = 100_000  # characters; longer ones (50 abstracts' worth) are left out, with a warning


@dataclass
class ReadResult:
    """Everything the read stage produced: records, issues, and the paragraph accounting.

    `paragraphs` counts, per file, every paragraph (text) or row/object/line (structured) that could
    hold an abstract; `excluded` lists, with the reason, each one that did not become a record, and `joined`
    each paragraph read as part of the abstract above it (textdump._abstracts: a titled file's paragraph without
    a title line, a list, a keywords line, a link alone, the rest of a sentence a page break cut).
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

    def acceptable(self, text: str, name: str, line: int) -> bool:
        """Whether a paragraph can be an abstract; if not, it is recorded as excluded with the reason."""
        if len(text) > MAX_PARAGRAPH:
            self.exclude(name, line, f"paragraph of {len(text):,} characters (an abstract is ~2,000; the limit is "
                                     f"{MAX_PARAGRAPH:,}); left out: separate the abstracts with blank lines",
                         f"longer than {MAX_PARAGRAPH:,} characters")
            return False
        if not any(c.isalnum() for c in text):
            self.exclude(name, line, f"paragraph {text[:40]!r} has no letters or digits (a separator?); "
                                     "not an abstract, left out", "no letters or digits")
            return False
        return True


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
