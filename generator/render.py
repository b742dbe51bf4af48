"""Render: enriched Papers -> the generated files of docs/ (Markdown pages and data), in memory.

Templates live in site_templates/pages and hold no logic beyond loops and conditionals; the
grouping they loop over is computed here.  Untrusted text reaches Markdown only through the
`md` filter (escaped) and HTML only as the fragment normalize built.
"""
from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup

from .markup import escape_md
from .model import Paper
from .parallel import fork_call
from .slugs import slugify

TEMPLATES = Path(__file__).resolve().parent.parent / "site_templates" / "pages"


@dataclass
class Group:
    label: str
    papers: list[Paper]


@dataclass
class Category:
    name: str
    description: str = ""
    papers: list[Paper] = field(default_factory=list)

    @property
    def subtopics(self) -> list[str]:
        return sorted({p.subtopic for p in self.papers if p.subtopic})


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


def page_url(md_path: str) -> str:
    """Site-relative URL of a docs page, as MkDocs makes it (use_directory_urls: true):
    "papers/x.md" -> "papers/x/", "a/index.md" -> "a/", "index.md" -> "./"."""
    stem = md_path[:-3] if md_path.endswith(".md") else md_path
    if stem == "index":
        return "./"
    return (stem[:-6] if stem.endswith("/index") else stem) + "/"


def root_of(md_path: str) -> str:
    """Relative path from a page's URL to the site root: "papers/x.md" -> "../../"."""
    url = page_url(md_path)
    return "" if url == "./" else "../" * url.count("/")


def _href(path: str) -> str:
    """A page's URL for use after `root` (the home page is the root itself)."""
    url = page_url(path)
    return "" if url == "./" else url


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # anything not passed through a filter is HTML-escaped
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters.update(
        md=_md, yaml=_yaml, slug=slugify, code=_code, urlsafe=_urlsafe, linkkind=_linkkind, page=_href,
        paper_url=lambda p: _href(f"papers/{p.slug}.md"),
        term_url=lambda name, kind: _href(f"{kind}/{slugify(name)}.md"),
        cat_url=lambda name, coll_slug: _href(f"{coll_slug}/{slugify(name)}.md"),
        coll_url=lambda coll_slug: _href(f"{coll_slug}/index.md"),
    )
    return env


def collections_of(papers: list[Paper], descriptions: dict[str, str]) -> list[Collection]:
    """Group papers by collection, then category (largest first), then sub-topic."""
    by_name: dict[str, Collection] = {}
    for p in papers:
        coll = by_name.setdefault(p.collection, Collection(p.collection, slugify(p.collection) or "papers"))
        coll.papers.append(p)
        for s in p.sources:
            if s.header and s.header not in coll.headers:
                coll.headers.append(s.header)
    for coll in by_name.values():
        cats: dict[str, Category] = {}
        for p in coll.papers:
            cats.setdefault(p.category, Category(p.category, descriptions.get(p.category, ""))).papers.append(p)
        coll.categories = sorted(cats.values(), key=lambda c: (-len(c.papers), c.name))
        if not coll.headers:
            coll.headers = sorted({s.file for p in coll.papers for s in p.sources})
    return sorted(by_name.values(), key=lambda c: c.name)


def subtopic_groups(category: Category) -> list[Group]:
    groups: dict[str, list[Paper]] = defaultdict(list)
    for p in category.papers:
        groups[p.subtopic or "Other"].append(p)
    return [Group(label, sorted(ps, key=lambda p: p.title.casefold()))
            for label, ps in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))]


def min_term_papers(n: int) -> int:
    """Papers a tag or entity needs for a page of its own: 2, 3 from 1,000 papers, 5 from 10,000.
    A page for every pair of papers would double a large site and list next to nothing."""
    return 2 + (n >= 1_000) + 2 * (n >= 10_000)


def terms_of(papers: list[Paper], attr: str, min_papers: int = 1) -> list[Term]:
    """Tags or entities with at least `min_papers` papers each, by name."""
    index: dict[str, list[Paper]] = defaultdict(list)
    for p in papers:
        for t in getattr(p, attr):
            index[t].append(p)
    seen_slugs: set[str] = set()
    terms = []
    for name, ps in sorted(index.items(), key=lambda kv: kv[0].casefold()):
        if len(ps) < min_papers or not slugify(name) or slugify(name) in seen_slugs:
            continue  # enrich merges variants; a slug clash here would overwrite a page
        seen_slugs.add(slugify(name))
        terms.append(Term(name, ps))
    return terms


def term_pages(tags: list[Term], entities: list[Term]) -> dict[str, set[str]]:
    """The tag and entity names that have a page (templates link only those)."""
    return {"tags": {t.name for t in tags}, "entities": {t.name for t in entities}}


def papers_record(p: Paper) -> dict:
    """The public, documented record of docs/data/papers.json (see docs/data-format.md)."""
    return {
        "id": p.id,
        "url": f"papers/{p.slug}/",
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


PAGE_ROOT = root_of("papers/x.md")  # paper, tag, entity and category pages all sit two levels deep
PARALLEL_MIN_PAPERS = 2000  # below this a forked worker costs more than it saves


def raw_differs(p: Paper) -> bool:
    """Whether the page shows the paragraph as read: only where normalizing changed more than spacing
    (LaTeX, Markdown, entities...); otherwise it would repeat the abstract word for word."""
    return p.abstract_raw.split() != p.plain_text.split()


def papers_json(papers: list[Paper]) -> str:
    """docs/data/papers.json: one record per line, sorted by id (diffable; and json's C encoder,
    which `indent` would switch off, is ~10x faster at 20,000 papers)."""
    records = [json.dumps(papers_record(p), ensure_ascii=False, sort_keys=True)
               for p in sorted(papers, key=lambda p: p.id)]
    return '{"papers": [\n' + ",\n".join(records) + '\n], "version": 1}\n'


def render_site(papers: list[Paper], site_name: str, descriptions: dict[str, str]) -> dict[str, bytes]:
    """Every generated file under docs/, as relative path -> bytes."""
    env = environment()
    floor = min_term_papers(len(papers))
    tags, entities = terms_of(papers, "tags", floor), terms_of(papers, "entities", floor)
    env.globals["term_pages"] = term_pages(tags, entities)  # before the macros module is made
    card_macro, cards = env.get_template("_macros.md.j2").module.card, {}

    def card(p: Paper, root: str) -> Markup:
        """A paper's card, rendered once: it recurs on its category page and every tag/entity page."""
        key = (p.id, root)
        if key not in cards:
            cards[key] = card_macro(p, root)
        return cards[key]

    env.globals["card"] = card
    by_id = {p.id: p for p in papers}
    colls = collections_of(papers, descriptions)
    coll_slug = {c.name: c.slug for c in colls}
    cat_pages = {c.name: {cat.name for cat in c.categories} for c in colls}  # categories with a page
    # categories whose page has one section (and anchor) per sub-topic
    grouped = {(c.name, cat.name) for c in colls for cat in c.categories if len(subtopic_groups(cat)) > 1}
    mentioned_by: dict[str, list[Paper]] = defaultdict(list)
    for p in papers:
        for other in p.mentions:
            mentioned_by[other].append(p)
    out: dict[str, str] = {}

    paper_t = env.get_template("paper.md.j2")

    def paper_pages(share: list[Paper]) -> dict[str, str]:
        return {f"papers/{p.slug}.md": paper_t.render(
            p=p, root=PAGE_ROOT, coll_slug=coll_slug[p.collection], cat_pages=cat_pages[p.collection],
            subtopic_anchor=slugify(p.subtopic) if p.subtopic and (p.collection, p.category) in grouped else "",
            related=[(r, by_id[r.id]) for r in p.related if r.id in by_id],
            mentions=[by_id[i] for i in p.mentions if i in by_id],
            mentioned_by=mentioned_by.get(p.id, []), show_raw=raw_differs(p)) for p in share}

    # Paper pages are most of the work and independent of each other: with two cores and many
    # papers, a forked worker renders every other one while this process renders the rest.
    worker = fork_call(paper_pages, papers[1::2]) if len(papers) >= PARALLEL_MIN_PAPERS else None
    try:
        out.update(paper_pages(papers[0::2] if worker else papers))
        category_t = env.get_template("category.md.j2")
        for c in colls:
            out[f"{c.slug}/index.md"] = env.get_template("collection.md.j2").render(collection=c)
            for cat in c.categories:
                out[f"{c.slug}/{slugify(cat.name)}.md"] = category_t.render(
                    root=PAGE_ROOT, category=cat, collection=c.name, papers_count=len(cat.papers), groups=subtopic_groups(cat))
        for kind, terms, heading, noun in (("tags", tags, "Tags", "tags"),
                                           ("entities", entities, "Datasets, benchmarks and models", "names")):
            out[f"{kind}/index.md"] = env.get_template("term_index.md.j2").render(
                root=root_of(f"{kind}/index.md"), kind=kind, terms=terms, heading=heading, noun=noun)
            term_t = env.get_template("term.md.j2")
            for t in terms:
                out[f"{kind}/{slugify(t.name)}.md"] = term_t.render(root=PAGE_ROOT, kind=kind, term=t, noun=noun)
        ordered = sorted(papers, key=lambda p: (p.title.casefold(), p.id))
        letters: dict[str, list[Paper]] = defaultdict(list)
        for p in ordered:
            first = p.title[:1].upper()
            letters[first if first.isalpha() and first.isascii() else "#"].append(p)
        out["papers/index.md"] = env.get_template("all_papers.md.j2").render(
            root=root_of("papers/index.md"), papers=ordered, groups=sorted(letters.items()))
        out["index.md"] = env.get_template("home.md.j2").render(
            site_name=site_name, papers=papers, collections=colls, tags=tags, entities=entities)
    except BaseException:
        if worker:
            worker.cancel()
        raise
    if worker:
        out.update(worker())
    files = {k: out.pop(k).encode("utf-8") for k in sorted(out)}  # each text dropped once encoded: memory
    files["data/papers.json"] = papers_json(papers).encode("utf-8")
    files[".nav.json"] = (json.dumps(nav(colls), ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    return files


def nav(colls: list[Collection]) -> list:
    """MkDocs nav: home, one section per collection with its categories, then the index pages.

    Categories are in name order here (pages list them by size): the nav is in every page, so it
    must not change when a batch of papers shifts category sizes, or no build could be incremental.
    """
    items: list = [{"Home": "index.md"}, {"Search": "search.md"}, {"What's new": "new.md"}]  # new.md: feeds.py
    for c in colls:
        # nav titles are printed raw by the theme (no autoescape): HTML-escape the names we got from input
        items.append({html.escape(c.name): [{"Overview": f"{c.slug}/index.md"}]
                      + [{html.escape(cat.name): f"{c.slug}/{slugify(cat.name)}.md"}
                         for cat in sorted(c.categories, key=lambda cat: cat.name.casefold())]})
    items += [{"All papers": "papers/index.md"}, {"Tags": "tags/index.md"},
              {"Datasets & models": "entities/index.md"}]
    return items
