"""History views: the "What's new" page and Atom feeds (whole site and per category).

Dates come only from the state file (generator/state.py), so these files are the same on every
machine and every rebuild.  Feeds are built with ElementTree (escaped by construction) and written
into docs/feeds/, which MkDocs copies to the site as they are.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass

from .model import Paper
from .render import Urls, environment, min_term_papers, term_pages, terms_of
from .slugs import category_slug
from .state import State

ATOM = "http://www.w3.org/2005/Atom"
FEED_ENTRIES = 50  # newest papers per feed
NEW_CARDS = 200  # papers of the latest batch shown in full on the new page
PER_DATE = 100  # titles listed per earlier date
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass
class Day:
    date: str
    papers: list[Paper]


def feed_path(category: str | None = None) -> str:
    """Feed file under docs/: feeds/all.atom.xml, or feeds/categories/<slug>.atom.xml."""
    return "feeds/all.atom.xml" if category is None else f"feeds/categories/{category_slug(category)}.atom.xml"


def newest_first(papers: list[Paper], state: State) -> list[Paper]:
    return sorted(papers, key=lambda p: (-state.papers.get(p.id, (0, ""))[0], p.collection, p.category,
                                         p.title.casefold(), p.id))


def history_files(papers: list[Paper], state: State, site_name: str, site_url: str = "",
                  urls: Urls = Urls()) -> dict[str, bytes]:
    """new.md and the Atom feeds; every paper must already have its first_seen (from `state`)."""
    ordered = newest_first(papers, state)
    files = {"new.md": new_page(ordered, state, urls)}
    files[feed_path()] = atom(ordered, state, f"{site_name}: new papers", feed_path(), site_url, urls)
    by_category: dict[str, list[Paper]] = defaultdict(list)
    for p in ordered:
        by_category[p.category].append(p)
    for category, ps in sorted(by_category.items()):
        files[feed_path(category)] = atom(ps, state, f"{site_name}: new papers in {category}",
                                          feed_path(category), site_url, urls)
    return files


def new_page(ordered: list[Paper], state: State, urls: Urls = Urls()) -> bytes:
    latest = state.latest
    batch = [p for p in ordered if latest and state.papers.get(p.id, (0,))[0] == latest.number]
    days: dict[str, list[Paper]] = defaultdict(list)
    in_batch = {p.id for p in batch}  # a set: `p not in batch` compared whole Papers, O(n^2) at 20,000
    for p in ordered:
        if p.id not in in_batch:
            days[p.first_seen or "unknown"].append(p)
    earlier = [Day(d, days[d]) for d in sorted(days, reverse=True)]
    categories = sorted({p.category for p in ordered})
    env = environment(urls=urls)
    floor = min_term_papers(len(ordered))
    env.globals["term_pages"] = term_pages(terms_of(ordered, "tags", floor), terms_of(ordered, "entities", floor))
    text = env.get_template("new.md.j2").render(
        root=urls.root("new.md"), latest=latest, batch=batch[:NEW_CARDS], batch_total=len(batch), earlier=earlier, per_date=PER_DATE,
        total=len(ordered), feeds=[(c, feed_path(c)) for c in categories], all_feed=feed_path())
    return text.encode("utf-8")


def _clean(text: str) -> str:
    return _XML_ILLEGAL.sub("", text or "")


def _stamp(date: str) -> str:
    return f"{date}T00:00:00Z"


def _from_feed(path: str, feed: str, site_url: str) -> str:
    """A site path as a feed links it: under site_url when there is one, else relative to the feed's URL."""
    return site_url.rstrip("/") + "/" + path if site_url else "../" * feed.count("/") + path


def atom(papers: list[Paper], state: State, title: str, feed: str, site_url: str = "",
         urls: Urls = Urls()) -> bytes:
    """An Atom 1.0 feed of the newest papers in `papers` (already newest first)."""
    entries = papers[:FEED_ENTRIES]
    dates = [p.first_seen for p in entries if p.first_seen]
    updated = max(dates) if dates else (state.latest.date if state.latest else "1970-01-01")
    ET.register_namespace("", ATOM)
    root = ET.Element(f"{{{ATOM}}}feed")

    def sub(parent, tag, text=None, **attrs):
        el = ET.SubElement(parent, f"{{{ATOM}}}{tag}", {k: _clean(v) for k, v in attrs.items()})
        if text is not None:
            el.text = _clean(text)
        return el

    sub(root, "title", title)
    sub(root, "id", f"urn:paper-digest:feed:{feed}")
    sub(root, "updated", _stamp(updated))
    self_href = (site_url.rstrip("/") + "/" + feed) if site_url else feed.rsplit("/", 1)[-1]
    sub(root, "link", rel="self", type="application/atom+xml", href=self_href)
    sub(root, "link", rel="alternate", type="text/html", href=_from_feed(urls.page("new.md"), feed, site_url))
    author = sub(root, "author")
    sub(author, "name", title.split(":")[0])
    sub(root, "generator", "paper-digest")
    for p in entries:
        entry = sub(root, "entry")
        sub(entry, "title", p.title or p.id)
        sub(entry, "id", f"urn:paper-digest:paper:{p.id}")
        sub(entry, "published", _stamp(p.first_seen or updated))
        sub(entry, "updated", _stamp(p.first_seen or updated))
        sub(entry, "link", rel="alternate", type="text/html", href=_from_feed(urls.page(f"papers/{p.slug}.md"), feed, site_url))
        for name in p.authors:
            sub(sub(entry, "author"), "name", name)
        sub(entry, "category", term=p.category or "Uncategorised", label=f"{p.collection} › {p.category}")
        for tag in p.tags:
            sub(entry, "category", term=tag)
        if p.teaser:
            sub(entry, "summary", p.teaser)
        sub(entry, "content", f"<p>{p.abstract_html}</p>", type="html")
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"
