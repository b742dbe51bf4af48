"""Render: enriched Papers -> the generated files of docs/ (Markdown pages and data), in memory.

Templates live in site_templates/pages and hold no logic beyond loops and conditionals; the
grouping they loop over is computed here.  Untrusted text reaches Markdown only through the
`md` filter (escaped) and HTML only as the fragment normalize built.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field, fields
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from urllib.parse import quote, urlsplit

import jinja2
from markupsafe import Markup

from .cache import Cache, memo_key
from .enrich.names import coined
from .markup import escape_md, raised
from .model import Paper
from .papermap import map_json
from .parallel import fork_call
from .slugs import category_slug, collection_slug, slugify as _slugify
from .writer import Kept

TEMPLATES = Path(__file__).resolve().parent.parent / "site_templates" / "pages"
slugify = lru_cache(maxsize=1 << 16)(_slugify)  # pure, and the same names recur on every page


@dataclass
class Group:
    """A sub-topic of a category; `slug` is unique in the category (its anchor there, and its page's name)."""
    label: str
    papers: list[Paper]
    slug: str = ""
    tags: list[str] = field(default_factory=list)  # its most frequent tags
    page: str = ""  # docs path of its own page, in a category split by sub-topic


@dataclass
class Category:
    name: str
    description: str = ""
    papers: list[Paper] = field(default_factory=list)

    @property
    def subtopics(self) -> list[str]:
        return sorted({p.subtopic for p in self.papers if p.subtopic}, key=str.casefold)


@dataclass
class Collection:
    name: str
    slug: str
    papers: list[Paper] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    categories: list[Category] = field(default_factory=list)


@dataclass
class Term:
    name: str
    papers: list[Paper]
    spellings: tuple[str, ...] = ()  # every name that leads to its page (its slug's)

    def __post_init__(self):
        self.spellings = self.spellings or (self.name,)


def _yaml(value: str) -> Markup:
    """A front-matter value: HTML-escaped, because MkDocs' theme environment has no autoescape and
    Material prints `page.meta.title`/`description` raw into <title>, the header and <meta>; then as
    a JSON string (ASCII-escaped), which is a valid YAML scalar."""
    return Markup(json.dumps(html.escape(" ".join(str(value).split()), quote=True)))


def _md(value) -> Markup:
    return Markup(escape_md(" ".join(str(value).split())))


def _code(value: str) -> Markup:
    return Markup(" ".join(str(value).split()).replace("`", "'"))


def _urlsafe(value: str) -> Markup:
    """A URL for an autolink: http(s) only, no characters that end the autolink."""
    if not value.lower().startswith(("http://", "https://")):
        raise ValueError(f"refusing non-http URL {value!r}")
    # percent-encode every character Markdown could act on before the autolink is seen: a [x](y)
    # link, `code`, \escapes, <, > and whitespace (so a URL's text can never become another link)
    return Markup(re.sub(r"[^A-Za-z0-9\-._~:/?#@!$&+,;=%]", lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode()),
                         value))


def _linkkind(url: str) -> str:
    host = urlsplit(url).netloc.lower()
    if "github.com" in host or "gitlab" in host or "anonymous.4open" in host or "huggingface.co" in host:
        return "Code"
    if host.endswith("github.io") or "project" in url.lower():
        return "Project page"
    return "Link"


@dataclass(frozen=True)
class Urls:
    """Where MkDocs puts each docs page, and so the relative links between pages: with
    use_directory_urls (`directory`) "papers/x.md" is served at "papers/x/", else at "papers/x.html"."""
    directory: bool = True

    @classmethod
    def of(cls, config) -> "Urls":
        """The URL style of a loaded MkDocs config."""
        return cls(config.get("use_directory_urls", True))

    def page(self, md_path: str) -> str:
        """Site-relative URL of a docs page: "papers/x.md" -> "papers/x/" (or "papers/x.html"),
        "a/index.md" -> "a/" (or "a/index.html"), "index.md" -> "./" (or "index.html")."""
        stem = md_path[:-3] if md_path.endswith(".md") else md_path
        if not self.directory:
            return stem + ".html"
        if stem == "index":
            return "./"
        return (stem[:-6] if stem.endswith("/index") else stem) + "/"

    def root(self, md_path: str) -> str:
        """Relative path from a page's URL to the site root: "papers/x.md" -> "../../" (or "../")."""
        url = self.page(md_path)
        return "" if url == "./" else "../" * url.count("/")

    def href(self, md_path: str) -> str:
        """A page's URL for use after `root` (the home page is the root itself)."""
        url = self.page(md_path)
        return "" if url == "./" else url


def environment(bytecode_cache: jinja2.BytecodeCache | None = None, urls: Urls = Urls()) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        bytecode_cache=bytecode_cache,
        autoescape=True,  # anything not passed through a filter is HTML-escaped
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,  # (templates do not change during a build: no stat of each one at every page)
    )
    env.globals["secondary_min"] = SECONDARY_MIN
    env.filters.update(
        md=_md, yaml=_yaml, slug=slugify, cat_slug=category_slug, code=_code, urlsafe=_urlsafe, linkkind=_linkkind,
        page=urls.href,
        paper_url=lambda p: urls.href(f"papers/{p.slug}.md"),
        term_url=lambda name, kind: urls.href(f"{kind}/{slugify(name)}.md"),
        cat_url=lambda name, coll_slug: urls.href(category_path(coll_slug, name)),
        coll_url=lambda coll_slug: urls.href(f"{coll_slug}/index.md"),
        map_url=lambda coll_slug: urls.href(f"{coll_slug}/map.md"),
        count="{:,}".format,  # 20,000 papers, as the search page writes its counts
        papers=lambda n: f"{n:,} paper{'' if n == 1 else 's'}",  # "1 paper", "2,120 papers"
        raised=raised,  # A^2FM -> A²FM
        author_search=lambda name: f"{urls.href('search.md')}?query={quote(author_query(name))}",
    )
    return env


def author_query(name: str) -> str:
    """The search for an author's papers: each word of the name of two letters or more, in the author field
    ("A. Lee" -> "author:Lee")."""
    return " ".join(f"author:{w}" for w in (w.strip(".,") for w in name.split()) if len(w) >= 2)


SAME_AUTHORS = 5  # papers listed under "By the same authors" on a paper's page, at most (~1 kB of page)
_MAX_AUTHOR_PAPERS = 200  # an "author" of more papers than this is a placeholder, not a person


def _author_key(name: str) -> str:
    """An author's name as names are compared: "Ann  LEE" is "ann lee", "A. Lee" is "a lee".  (The readers leave
    out placeholders such as "Anonymous".)"""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().replace(".", " ").split())


def same_authors(papers: list[Paper]) -> dict[str, list[tuple[Paper, list[str]]]]:
    """For each paper (by id) with an author who wrote other papers here: those papers (most shared authors first,
    then in the order given) and the names it shares with each, as this paper spells them."""
    by_author: dict[str, list[int]] = defaultdict(list)
    for k, p in enumerate(papers):
        for key in dict.fromkeys(_author_key(a) for a in p.authors):
            if key:
                by_author[key].append(k)
    out = {}
    for k, p in enumerate(papers):
        shared: dict[int, list[str]] = defaultdict(list)
        for a in dict.fromkeys(p.authors):
            others = by_author.get(_author_key(a), [])
            if len(others) <= _MAX_AUTHOR_PAPERS:
                for j in others:
                    if j != k and a not in shared[j]:
                        shared[j].append(a)
        if shared:
            best = sorted(shared, key=lambda j: (-len(shared[j]), j))[:SAME_AUTHORS]
            out[p.id] = [(papers[j], shared[j]) for j in best]
    return out


FILES_NAMED = 5  # a collection that no header names is said to be from its files: at most so many names


def collections_of(papers: list[Paper], descriptions: dict[str, str]) -> list[Collection]:
    """Group papers by collection, then category (largest first), then sub-topic."""
    by_name: dict[str, Collection] = {}
    for p in papers:
        coll = by_name.setdefault(p.collection, Collection(p.collection, collection_slug(p.collection)))
        coll.papers.append(p)
        for s in p.sources:
            if s.header and s.header not in coll.headers:
                coll.headers.append(s.header)
    taken: set[str] = set()
    for name in sorted(by_name):  # two names of one slug ("NeurIPS 2025", "Neurips 2025") get two folders
        by_name[name].slug = unique_slug(by_name[name].slug, taken)
    for coll in by_name.values():
        cats: dict[str, Category] = {}
        for p in coll.papers:
            cats.setdefault(p.category, Category(p.category, descriptions.get(p.category, ""))).papers.append(p)
        coll.categories = sorted(cats.values(), key=lambda c: (-len(c.papers), c.name))
        if not coll.headers:  # (no file named it: its files, a few of them where they are many: papers' PDFs)
            files = sorted({s.file for p in coll.papers for s in p.sources})
            many = len(files) > FILES_NAMED
            coll.headers = [*files[:FILES_NAMED - 1], f"{len(files) - FILES_NAMED + 1} more files"] if many else files
    return sorted(by_name.values(), key=lambda c: c.name)


def subtopic_groups(category: Category, coll_slug: str) -> list[Group]:
    """The category's papers by sub-topic, largest first, each by title; with their own pages
    where the category is split."""
    groups: dict[str, list[Paper]] = defaultdict(list)
    for p in category.papers:
        groups[p.subtopic or "Other"].append(p)
    out, seen = [], set()
    for label, ps in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        slug = unique_slug(slugify(label) or "other", seen)  # (two labels of one slug: one anchor, one page each)
        tags = Counter(t for p in ps for t in p.tags)
        out.append(Group(label, sorted(ps, key=lambda p: p.title.casefold()), slug,
                         [t for t, _ in sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))[:TOPIC_TAGS]]))
    if split_category(out):
        for g in out:
            g.page = f"topics/{coll_slug}--{category_slug(category.name)}--{g.slug}.md"  # two levels deep, as paper pages: same cards
    return out


def unique_slug(base: str, taken: set[str]) -> str:
    """`base`, or base-2, base-3... the first that is not taken; it is taken from now on."""
    slug, k = base, 1
    while slug in taken:
        k += 1
        slug = f"{base}-{k}"
    taken.add(slug)
    return slug


def split_category(groups: list[Group]) -> bool:
    """Whether a category gets one page per sub-topic: a page of a thousand cards weighs megabytes and
    changes with every paper added, while a sub-topic's page changes only with its own papers."""
    return len(groups) > 1 and sum(len(g.papers) for g in groups) >= SPLIT_MIN


def category_path(coll_slug: str, name: str) -> str:
    return f"{coll_slug}/{category_slug(name)}.md"


def min_term_papers(n: int) -> int:
    """Papers a tag or entity needs for a page of its own: 1 below 100 papers (a small digest's index of
    datasets and models lists every one its papers name), 2, 3 from 1,000 papers, 5 from 10,000.  A page
    for every pair of papers would double a large site and list next to nothing."""
    return 1 + (n >= 100) + (n >= 1_000) + 2 * (n >= 10_000)


def terms_of(papers: list[Paper], attr: str, min_papers: int = 1) -> list[Term]:
    """Tags or entities with at least `min_papers` papers each, by name.  Names of one page (slug) are one
    term ("Llama-3.2-1B", "Llama-3.2-1b"), named as most of its papers write it, listing all of them."""
    papers_of: dict[str, list[Paper]] = defaultdict(list)
    spellings: dict[str, Counter] = defaultdict(Counter)
    for p in papers:
        for t in getattr(p, attr):
            slug = slugify(t)
            spellings[slug][t] += 1
            if not papers_of[slug] or papers_of[slug][-1] is not p:
                papers_of[slug].append(p)
    terms = []
    for slug, ps in papers_of.items():
        if slug and len(ps) >= min_papers:
            count = spellings[slug]
            terms.append(Term(min(count, key=lambda s: (-count[s], s)), ps, tuple(sorted(count))))
    return sorted(terms, key=lambda t: (t.name.casefold(), t.name))


MOST_USED = 30  # terms an index shows first, by papers, when it has more than twice as many


def most_used(terms: list[Term]) -> list[Term]:
    """The MOST_USED terms with the most papers (ties: in the index's order), for an index long enough to need them."""
    if len(terms) <= 2 * MOST_USED:
        return []
    return sorted(terms, key=lambda t: -len(t.papers))[:MOST_USED]


def by_letter(items: list, name) -> list[tuple[str, list]]:
    """The items (in their order) under the first letter of `name(item)`; "#" holds all but A-Z."""
    letters: dict[str, list] = defaultdict(list)
    for item in items:
        first = name(item)[:1].upper()
        letters[first if first.isalpha() and first.isascii() else "#"].append(item)
    return sorted(letters.items())


def provenance(papers: list[Paper]) -> str:
    """What the home page says of where the papers' titles, categories, tags and related papers come from:
    the input's own titles and areas win where it gives them (a CSV's, a metadata file's)."""
    given = {"titles": sum(bool(p.given_title) for p in papers), "categories": sum(bool(p.given_area) for p in papers)}
    kept = [k for k, n in given.items() if papers and n == len(papers)]
    some = [k for k, n in given.items() if 0 < n < len(papers)]
    made = [k for k, n in given.items() if not n] + ["tags", "related papers"]

    def listed(words: list[str]) -> str:  # ("Titles, categories and tags")
        return (", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]).capitalize()
    out = [f"{listed(kept)} are as the input gives them."] if kept else []
    out += [f"{listed(some)} are as the input gives them where it does, and derived from the abstract elsewhere."] if some else []
    out.append(f"{listed(made)} are derived from the abstracts themselves.")
    return " ".join(out)


_ONE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_DOUBLED = re.compile(r"([a-z])\1")


def search_examples(papers: list[Paper], tags: list[Term], mentioned_by: dict[str, list[Paper]]) -> dict[str, str]:
    """Queries the home page offers as examples, from this digest's own papers, so that each finds some:
    `tag`, its most used one-word tag; `name`, the one-word coined name ("Gaia2", not "Multimodal") other
    abstracts mention most (`mentioned_by`: paper id -> the papers whose abstracts name it; ties: alphabetical);
    `typo`, that tag or another with a doubled letter written once ("difusion"), where no abstract writes it so.
    A key is missing where the papers offer none."""
    out: dict[str, str] = {}
    words = sorted((t for t in tags if _ONE_WORD.fullmatch(t.name)), key=lambda t: (-len(t.papers), t.name.casefold()))
    if words:
        out["tag"] = words[0].name
    named = [(-len(mentioned_by.get(p.id, ())), p.name.casefold(), p.name) for p in papers
             if p.name and _ONE_WORD.fullmatch(p.name) and coined(p.name)]
    if named:
        out["name"] = min(named)[2]
    texts = None
    for t in words[:20]:
        m = _DOUBLED.search(t.name.lower(), 2)
        if m and len(t.name) >= 7:
            typo = t.name.lower()[:m.start()] + t.name.lower()[m.start() + 1:]
            texts = texts if texts is not None else "\n".join(p.plain_text.casefold() for p in papers)
            if typo not in texts:
                out["typo"] = typo
                break
    return out


def term_pages(tags: list[Term], entities: list[Term]) -> dict[str, set[str]]:
    """The tag and entity names that have a page (templates link only those), in every spelling."""
    return {"tags": {s for t in tags for s in t.spellings}, "entities": {s for t in entities for s in t.spellings}}


def papers_record(p: Paper, urls: Urls = Urls()) -> dict:
    """The public, documented record of docs/data/papers.json (see docs/data-format.md)."""
    return {
        "id": p.id,
        "url": urls.page(f"papers/{p.slug}.md"),
        "title": p.title,
        "name": p.name,
        "abstract": p.abstract_md,
        "abstract_raw": p.abstract_raw,
        "collection": p.collection,
        "category": p.category,
        "categories": [[c, round(s, 4)] for c, s in p.categories],
        "subtopic": p.subtopic,
        "teaser": p.teaser,
        "tags": p.tags,
        "entities": p.entities,
        "results": p.results,
        "related": [r.id for r in p.related],
        "mentions": p.mentions,
        "links": p.links,
        "given": {"title": p.given_title, "authors": p.authors, "url": p.url,
                  "keywords": p.keywords, "area": p.given_area},
        "sources": [{"file": s.file, "line": s.line, "header": s.header} for s in p.sources],
        "first_seen": p.first_seen or None,
    }


# What a page shows of a paper other than its own (the memo keys of render_site list these, so the
# templates must read no other field of them; tests/test_render_cache.py checks):
LINK_FIELDS = ("slug", "title")  # paper_link: a link to another paper from a paper's page
SUMMARY_FIELDS = ("slug", "title", "category", "teaser", "results", "tags")  # card, paper_list
PARALLEL_MIN_PAPERS = 2000  # below this a forked worker costs more than it saves
SPLIT_MIN = 200  # papers from which a category with several sub-topics gets a page per sub-topic
TOPIC_TAGS = 8  # frequent tags shown for a sub-topic on its category's page
SECONDARY_MIN = 0.05  # a secondary category is shown on a paper's page from this probability on


def raw_differs(p: Paper) -> bool:
    """Whether the page shows the paragraph as read: only where normalizing changed more than spacing
    (LaTeX, Markdown, entities...); otherwise it would repeat the abstract word for word."""
    return p.abstract_raw != p.plain_text and p.abstract_raw.split() != p.plain_text.split()


def record_line(p: Paper, urls: Urls = Urls()) -> bytes:
    """A paper's line of papers.json (json's C encoder: `indent` would switch it off, ~10x slower)."""
    return json.dumps(papers_record(p, urls), ensure_ascii=False, sort_keys=True).encode("utf-8")


def papers_json_bytes(papers: list[Paper], line=record_line) -> bytes:
    """docs/data/papers.json: one record per line (`line(p)`), sorted by id (diffable)."""
    parts = [b'{"papers": [\n']
    for p in sorted(papers, key=lambda p: p.id):
        parts += (line(p), b",\n")
    if papers:
        parts.pop()  # (the last separator)
    parts.append(b'\n], "version": 1}\n')
    return b"".join(parts)  # (the ~75 MB at 20,000 papers copied once)


def slug_maps(papers: list[Paper]) -> dict[str, bytes]:
    """docs/data/slugs/<c>.json: id -> slug of the papers whose id starts with hex digit c.  A paper's
    address is its slug, made from a title a later build may word differently; an old address still
    ends with the start of the paper's id, and the 404 page (site_templates/overrides/404.html) looks
    it up here to go to the paper's page now."""
    shards: dict[str, dict[str, str]] = {c: {} for c in "0123456789abcdef"}
    for p in papers:
        if p.id[:1] in shards:
            shards[p.id[:1]][p.id] = p.slug
    return {f"data/slugs/{c}.json": (json.dumps(dict(sorted(m.items())), ensure_ascii=False, separators=(",", ":"))
                                     + "\n").encode("utf-8") for c, m in shards.items()}


def papers_json(papers: list[Paper], urls: Urls = Urls()) -> str:
    return papers_json_bytes(papers, lambda p: record_line(p, urls)).decode("utf-8")


# normalize derives these from abstract_raw, with code the cache's fingerprint covers: a key that has
# abstract_raw need not hash them again (they are most of a paper's bytes)
DERIVED_TEXT = ("abstract_md", "abstract_html", "plain_text")
_PLAIN_FIELDS = attrgetter(*(f.name for f in fields(Paper)
                              if f.name not in ("related", "sources", "position", *DERIVED_TEXT)))


def paper_digest(p: Paper) -> str:
    """A key for everything a paper holds but its place on the map (which only the map shows): every field
    (the DERIVED_TEXT through abstract_raw), with its Related and Source values as tuples.  What a page
    shows of the paper itself is a function of this."""
    return memo_key((_PLAIN_FIELDS(p), [tuple(vars(r).values()) for r in p.related],
                     [tuple(vars(s).values()) for s in p.sources]))


class _Memo:
    """A cache table of what was rendered (text, or a page's sha256) seen through views (functions
    giving what an output shows): the key is memo_key of the view, computed only with a cache;
    without one every lookup misses."""

    def __init__(self, cache: Cache | None, name: str) -> None:
        self.table = cache.table(name) if cache is not None else None

    def key(self, view) -> str | None:
        return memo_key(view()) if self.table is not None else None

    def get(self, key):
        return self.table.get(key) if key is not None else None

    def put(self, key, value):
        if key is not None:
            self.table.put(key, value)
        return value


def render_site(papers: list[Paper], site_name: str, descriptions: dict[str, str],
                cache: Cache | None = None, unchanged=None, urls: Urls = Urls(),
                page_worker: bool = True) -> dict[str, bytes | Kept]:
    """Every generated file under docs/, as relative path -> bytes (or Kept).

    With a cache, cards and papers.json records are looked up by a key of everything they show (a
    view below lists it: it must cover everything the template reads) and rendered only when
    missing; so are paper, category, sub-topic, term and all-papers pages, of which the cache keeps
    the sha256: where `unchanged(path, sha256)` (writer.holds) says docs/ still holds the page last
    rendered with the same key, it is Kept there, not rendered.  The same bytes as without a cache.
    `urls`: where MkDocs puts the pages (use_directory_urls), which every link between them follows.
    `page_worker`: with many paper pages to render, fork a worker for half of them (False when another
    process has the second core: a third process gains no time and costs its memory)."""
    env = environment(cache.templates("jinja-pages") if cache is not None else None, urls)
    page_root = urls.root("papers/x.md")  # paper, tag, entity, category and sub-topic pages all sit as deep
    floor = min_term_papers(len(papers))
    tags, entities = terms_of(papers, "tags", floor), terms_of(papers, "entities", floor)
    env.globals["term_pages"] = linked = term_pages(tags, entities)  # before the macros module is made
    by_id = {p.id: p for p in papers}
    colls = collections_of(papers, descriptions)
    coll_slug = {c.name: c.slug for c in colls}
    cat_pages = {c.name: {cat.name for cat in c.categories} for c in colls}  # categories with a page
    groups_of = {(c.name, cat.name): subtopic_groups(cat, c.slug) for c in colls for cat in c.categories}
    where = {(coll, cat, g.label): urls.href(g.page) if g.page else f"{urls.href(category_path(coll_slug[coll], cat))}#{g.slug}"
             for (coll, cat), groups in groups_of.items() if len(groups) > 1 for g in groups}  # a sub-topic's page or anchor

    def subtopic_href(p: Paper) -> str:
        return where.get((p.collection, p.category, p.subtopic), "") if p.subtopic else ""
    mentioned_by: dict[str, list[Paper]] = defaultdict(list)
    for p in papers:
        for other in p.mentions:
            mentioned_by[other].append(p)
    coauthored = same_authors(papers)
    summary, link = attrgetter(*SUMMARY_FIELDS), attrgetter(*LINK_FIELDS)
    links = {p.id: link(p) for p in papers} if cache is not None else {}  # (what a link to each paper shows)

    def card_view(p: Paper, root: str = page_root) -> tuple:
        """What a paper's card shows: its summary, and which of its tags have a page."""
        return root, summary(p), [t in linked["tags"] for t in p.tags]

    def keys_of(share: list[Paper]) -> list[tuple[str, str, str]]:
        """Each paper's digest (the key of its papers.json record), card key and page key: what its
        page shows is the paper, LINK_FIELDS of each paper it links, which of its categories, tags
        and entities have a page, its collection's URL and where its sub-topic is shown."""
        out = []
        for p in share:
            digest, card = paper_digest(p), card_view(p)
            tag_pages = card[2]
            out.append((digest, memo_key(card), memo_key((
                "paper.md.j2", page_root, digest, coll_slug[p.collection], subtopic_href(p),
                [name in cat_pages[p.collection] for name, _ in p.categories],
                tag_pages, [e in linked["entities"] for e in p.entities],
                [links.get(r.id) for r in p.related], [links[i] for i in p.mentions if i in links],
                [links[q.id] for q in mentioned_by.get(p.id, [])],
                [(links[q.id], names) for q, names in coauthored.get(p.id, [])]))))
        return out

    digests: dict[int, str] = {}  # by id(paper), as card_keys and page_keys
    card_keys: dict[int, str] = {}
    page_keys: dict[int, str] = {}
    # (the memo tables are per URL style: their keys name pages and papers, not where the pages are)
    names = [f"render-{name}{'' if urls.directory else '-flat'}" for name in ("pages", "cards", "records")]
    if cache is None:
        pages, card_memo, records = (_Memo(None, name) for name in names)
    else:  # with many papers, a forked worker computes half the keys while this process loads the cache
        half = len(papers) // 2
        worker = fork_call(keys_of, papers[half:]) if len(papers) >= PARALLEL_MIN_PAPERS else None
        try:
            pages, card_memo, records = (_Memo(cache, name) for name in names)
            mine = keys_of(papers[:half] if worker else papers)
        except BaseException:
            if worker:
                worker.cancel()
            raise
        for p, (digest, card_key, page_key) in zip(papers, mine + (worker() if worker else [])):
            digests[id(p)], card_keys[id(p)], page_keys[id(p)] = digest, card_key, page_key
    for key in card_keys.values():  # every paper has a card on its category page: keep them all,
        card_memo.get(key)          # whichever pages are rendered this time
    cards: dict[tuple[str, str], Markup] = {}

    @lru_cache(maxsize=1)
    def macros():  # (templates are compiled only when something is rendered with them)
        return env.get_template("_macros.md.j2").module

    def card(p: Paper, root: str) -> Markup:
        """A paper's card, rendered once: it recurs on its category page and every tag/entity page."""
        if (p.id, root) not in cards:
            key = card_keys.get(id(p)) if root == page_root else card_memo.key(lambda: card_view(p, root))
            text = card_memo.get(key)
            if text is None:
                text = card_memo.put(key, str(macros().card(p, root)))
            cards[p.id, root] = Markup(text)
        return cards[p.id, root]

    env.globals["card"] = card
    out: dict[str, bytes] = {}

    def kept(path: str, key) -> Kept | None:
        """Kept, if docs/ holds the page `key` rendered last time."""
        digest = pages.get(key)
        return Kept(digest) if digest is not None and unchanged is not None and unchanged(path, digest) else None

    def remember(key, data: bytes) -> bytes:
        if pages.table is not None:
            pages.put(key, hashlib.sha256(data).digest())
        return data

    def page(path: str, name: str, view, **context) -> None:
        """out[path]: template `name` rendered with `context`, or Kept if docs/ holds it already."""
        key = pages.key(lambda: (name, view()))
        out[path] = kept(path, key) or remember(key, env.get_template(name).render(context).encode("utf-8"))

    def paper_pages(share: list[Paper]) -> list[bytes]:
        if not share:
            return []
        paper_t = env.get_template("paper.md.j2")
        return [paper_t.render(
            p=p, root=page_root, coll_slug=coll_slug[p.collection], cat_pages=cat_pages[p.collection],
            subtopic_href=subtopic_href(p),
            related=[(r, by_id[r.id]) for r in p.related if r.id in by_id],
            mentions=[by_id[i] for i in p.mentions if i in by_id],
            mentioned_by=mentioned_by.get(p.id, []), coauthored=coauthored.get(p.id, []),
            show_raw=raw_differs(p)).encode("utf-8") for p in share]

    todo = []  # the papers whose page must be rendered
    for p in papers:
        held = kept(f"papers/{p.slug}.md", page_keys.get(id(p)))
        if held is None:
            todo.append(p)
        else:
            out[f"papers/{p.slug}.md"] = held

    def add_pages(share: list[Paper], rendered: list[bytes]) -> None:
        for p, data in zip(share, rendered):
            out[f"papers/{p.slug}.md"] = remember(page_keys.get(id(p)), data)

    # Paper pages are most of the work and independent of each other: with two cores and many
    # pages to render, a forked worker renders every other one while this process renders the rest.
    worker = fork_call(paper_pages, todo[1::2]) if page_worker and len(todo) >= PARALLEL_MIN_PAPERS else None
    try:
        mine = todo[0::2] if worker else todo
        add_pages(mine, paper_pages(mine))
        for c in colls:
            out[f"{c.slug}/index.md"] = env.get_template("collection.md.j2").render(
                collection=c, root=urls.root(f"{c.slug}/index.md"),
                subtopic_url=lambda cat, label, c=c: where.get((c.name, cat, label), "")).encode("utf-8")
            out[f"{c.slug}/map.md"] = env.get_template("map.md.j2").render(
                collection=c, root=urls.root(f"{c.slug}/map.md")).encode("utf-8")
            out[f"data/map/{c.slug}.json"] = map_json(
                c.papers, lambda cat: urls.href(category_path(c.slug, cat)), subtopic_href,
                urls.href("papers/SLUG.md").replace("SLUG", "{slug}"))
            for cat in c.categories:
                groups = groups_of[c.name, cat.name]
                page(category_path(c.slug, cat.name), "category.md.j2",
                     lambda: (page_root, c.name, c.slug, cat.name, cat.description,
                              [(g.label, g.slug, g.page, len(g.papers), g.tags, [t in linked["tags"] for t in g.tags])
                               if g.page else (g.label, g.slug, [card_keys[id(p)] for p in g.papers]) for g in groups]),
                     root=page_root, category=cat, collection=c.name, coll_slug=c.slug, papers_count=len(cat.papers),
                     groups=groups)
                if not groups[0].page:
                    continue
                siblings = sorted(((g.label, urls.href(g.page)) for g in groups), key=lambda s: s[0].casefold())
                for g in groups:
                    page(g.page, "topic.md.j2",
                         lambda: (page_root, c.name, c.slug, cat.name, g.label, siblings, [card_keys[id(p)] for p in g.papers]),
                         root=page_root, group=g, category=cat.name, collection=c.name, coll_slug=c.slug, siblings=siblings)
        for kind, terms, heading, noun in (("tags", tags, "Tags", "tags"),
                                           ("entities", entities, "Datasets, benchmarks and models", "names")):
            out[f"{kind}/index.md"] = env.get_template("term_index.md.j2").render(
                root=urls.root(f"{kind}/index.md"), kind=kind, terms=terms, heading=heading, noun=noun, floor=floor,
                one=noun[:-1], most=most_used(terms), letters=by_letter(terms, lambda t: t.name)).encode("utf-8")
            for t in terms:
                page(f"{kind}/{slugify(t.name)}.md", "term.md.j2",
                     lambda: (page_root, kind, noun, t.name, t.spellings, [card_keys[id(p)] for p in t.papers]),
                     root=page_root, kind=kind, term=t, noun=noun)
        ordered = sorted(papers, key=lambda p: (p.title.casefold(), p.id))
        page("papers/index.md", "all_papers.md.j2", lambda: (urls.root("papers/index.md"), [card_keys[id(p)] for p in ordered]),
             root=urls.root("papers/index.md"), papers=ordered, groups=by_letter(ordered, lambda p: p.title))
        out["index.md"] = env.get_template("home.md.j2").render(
            site_name=site_name, papers=papers, collections=colls, tags=tags, entities=entities,
            examples=search_examples(papers, tags, mentioned_by), provenance=provenance(papers)).encode("utf-8")
    except BaseException:
        if worker:
            worker.cancel()
        raise
    if worker:
        add_pages(todo[1::2], worker())

    def record(p: Paper) -> bytes:
        data = records.get(digests.get(id(p)))  # a record shows the paper alone
        return records.put(digests.get(id(p)), record_line(p, urls)) if data is None else data

    files = {k: out[k] for k in sorted(out)}
    files["data/papers.json"] = papers_json_bytes(papers, record)
    files.update(slug_maps(papers))
    files[".nav.json"] = (json.dumps(nav(colls), ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    return files


def nav(colls: list[Collection]) -> list:
    """MkDocs nav: home, one section per collection with its categories, then the index pages.

    Categories are in name order here (pages list them by size): the nav is in every page, so it
    must not change when a batch of papers shifts category sizes, or no build could be incremental.
    """
    items: list = [{"Home": "index.md"}, {"Search": "search.md"}, {"What's new": "new.md"},  # new.md: feeds.py
                   {"Reading list": "reading-list.md"}]
    for c in colls:
        # nav titles are printed raw by the theme (no autoescape): HTML-escape the names we got from input
        items.append({html.escape(c.name): [{"Overview": f"{c.slug}/index.md"}, {"Map": f"{c.slug}/map.md"}]
                      + [{html.escape(cat.name): category_path(c.slug, cat.name)}
                         for cat in sorted(c.categories, key=lambda cat: cat.name.casefold())]})
    items += [{"All papers": "papers/index.md"}, {"Tags": "tags/index.md"},
              {"Datasets & models": "entities/index.md"}]
    return items
