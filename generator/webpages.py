"""Read: saved web pages (.html, .htm).  A paper's own page (arXiv's, OpenReview's...) is one record, from the
`citation_*` meta tags such pages carry for Google Scholar.  A page that lists papers (a conference's, arXiv's
listing, a digest's, a document exported as HTML) gives a record per abstract: the text blocks that a class name
or a label marks as abstracts ("abstract", "summary", an "Abstract:" label over them); where none is marked, the
long text blocks of the kind the page has most of (arXiv's listing: its <p class="mathjax">).  Each abstract's
title, authors, keywords and address are read from the elements between it and the abstract before it: the
innermost element whose class names a title (else a heading, else bold text), the elements whose class names
authors (else links to people's pages), a "Keywords:" block, and the title's link, made whole by the page's
<base>, canonical link or og:url.

The page is parsed by Python's HTMLParser into a small tree that keeps each element's line.  Its text is data:
scripts, styles and forms are skipped, and nothing of the page's markup reaches the site."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

from .bylines import field_of
from .model import Issue, ReadResult
from .structured import add_record, first_last, split_list
from .textlines import ABSTRACT_LABEL, LABEL_ALONE, LONG_PARAGRAPH
from .venues import VENUE_YEAR, collection_name, looks_like_header

_SKIP = {"script", "style", "noscript", "template", "svg", "math", "nav", "footer", "form", "button", "select",
         "textarea", "iframe", "object", "canvas"}  # no paper's text in them
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param"}
_BLOCK = {"address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "div",
          "dl", "dt", "fieldset", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
          "html", "legend", "li", "main", "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "td",
          "tfoot", "th", "thead", "tr", "ul"}
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_CLOSES_P = _BLOCK - {"body", "html", "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "dd", "dt", "li"}
_MARKED = re.compile(r"abstract|summary")  # a class or id naming an abstract ("abstract-collapse", "summary")
_TITLE = re.compile(r"(?<![a-z])(?:title|paper-?name)", re.I)  # ("list-title", "title-link"; not "subtitle")
_AUTHOR = re.compile(r"author", re.I)
_PERSON_LINK = re.compile(r"/(?:people|person|authors?|profile)/|[?&](?:searchtype=author|author=|id=~)", re.I)
_LABEL = re.compile(r"^\s*(?:Title|Authors?|Keywords?|Key words|Abstract|Summary)\s*[:：]\s*", re.I)
_BUTTON = re.compile(r"\[[^\]]*\]|\([^)]*\)")  # a link's text in brackets: "[PDF]", "[Kimi]", "(code)"
_FIELD = re.compile(r"[^\W\d][\w;/ ]{0,30}[:：]\s")  # a block that opens with a field's label ("Primary Area: ")
LONG_WORDS = 40  # words: a text block this long, of the page's most common kind, is an abstract where none is marked
_HTML_START = re.compile(r"\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S)


def is_html(text: str) -> bool:
    """Whether a text file is a web page (it opens with <!DOCTYPE html> or <html>)."""
    return _HTML_START.match(text[:4096]) is not None


@dataclass(eq=False)
class _Element:
    tag: str
    attrs: dict
    line: int
    parent: _Element | None = None
    children: list = field(default_factory=list)  # _Element and str
    label: str = ""  # the last run of text before it between blocks (an "Abstract:" over it)
    _text: str | None = None

    def hints(self) -> str:
        return f"{self.attrs.get('class') or ''} {self.attrs.get('id') or ''}"

    def text(self) -> str:
        """The element's text, its blocks and line breaks as spaces, its white space collapsed."""
        if self._text is None:
            parts, todo = [], list(reversed(self.children))  # (a loop, not recursion: unclosed <div>s nest deep)
            while todo:
                node = todo.pop()
                if isinstance(node, str):
                    parts.append(node)
                else:
                    spaced = node.tag in _BLOCK or node.tag == "br"
                    todo.extend([" "] * spaced + list(reversed(node.children)) + [" "] * spaced)
            self._text = " ".join("".join(parts).split())
        return self._text

    def iter(self):
        """The element and every element inside it, in the page's order."""
        todo = [self]
        while todo:
            node = todo.pop()
            yield node
            todo.extend(c for c in reversed(node.children) if isinstance(c, _Element))


_IN_HEAD = {"meta", "title", "link", "base", "style", "script", "noscript", "template"}


class _Tree(HTMLParser):
    """The page as _Elements under one root, each with its opening tag's line; the <title>, the <meta> tags (by
    name or property, lower case) and the <base>/canonical address.  Unclosed <p>, <li>, <dt>/<dd> and <head>
    close as browsers close them; scripts, styles, navigation and forms keep no text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = _Element("#root", {}, 1)
        self.open = [self.root]
        self.title: list[str] = []
        self.meta: dict[str, list[tuple[str, int]]] = {}
        self.base = ""
        self.run: list[str] = []  # the text since the last block boundary
        self.last_run = ""
        self.opened: dict[str, int] = {}  # how many elements of each tag are open (a stray end tag: none)
        self.skipping = 0  # open elements whose text is skipped

    def _boundary(self) -> None:
        text = " ".join("".join(self.run).split())
        self.last_run, self.run = text or self.last_run, []

    def handle_starttag(self, tag, attrs):
        attrs = {k.lower(): v or "" for k, v in attrs}
        line = self.getpos()[0]
        if tag == "meta":
            key = (attrs.get("name") or attrs.get("property") or "").lower()
            if key and attrs.get("content"):
                self.meta.setdefault(key, []).append((attrs["content"], line))
        elif (tag == "base" or tag == "link" and "canonical" in attrs.get("rel", "").lower()) and attrs.get("href"):
            self.base = self.base or attrs["href"]
        if tag not in _IN_HEAD:
            self._close_to("head")
        if tag in _VOID:
            if tag == "br":
                self.open[-1].children.append(_Element("br", {}, line, self.open[-1]))
            return
        if tag in _CLOSES_P:
            self._close_to("p", stop=_BLOCK - {"p"})
        if tag in ("li", "dt", "dd"):
            self._close_to(*(("li",) if tag == "li" else ("dt", "dd")), stop={"ul", "ol", "dl", "table"})
        if tag in _BLOCK:
            self._boundary()
        element = _Element(tag, attrs, line, self.open[-1], label=self.last_run)
        self.open[-1].children.append(element)
        self.open.append(element)
        self.opened[tag] = self.opened.get(tag, 0) + 1
        self.skipping += tag in _SKIP or tag in ("head", "title")

    def _close_to(self, *tags, stop=None):
        """Close the innermost open element of these tags (and what is open inside it), if no `stop` tag is
        nearer."""
        if not any(self.opened.get(t) for t in tags):
            return
        for k in range(len(self.open) - 1, 0, -1):
            tag = self.open[k].tag
            if tag in tags:
                for e in self.open[k:]:
                    self.opened[e.tag] -= 1
                    self.skipping -= e.tag in _SKIP or e.tag in ("head", "title")
                if any(e.tag in _BLOCK for e in self.open[k:]):
                    self._boundary()
                del self.open[k:]
                return
            if stop is not None and tag in stop:
                return

    def handle_endtag(self, tag):
        if tag not in _VOID:
            self._close_to(tag)

    def handle_data(self, data):
        if self.open[-1].tag == "title":
            if not self.opened.get("svg"):  # (the page's title, not an image's)
                self.title.append(data)
        elif not self.skipping:
            self.open[-1].children.append(data)
            self.run.append(data)


def _parse(text: str) -> _Tree:
    tree = _Tree()
    tree.feed(text)
    tree.close()
    return tree


def _meta(tree: _Tree, *keys: str) -> list[tuple[str, int]]:
    return [v for key in keys for v in tree.meta.get(key, [])]


def _own_page(tree: _Tree, name: str, default: str, result: ReadResult) -> bool:
    """A paper's own page: one record from its citation_* meta tags, where it has an abstract in them."""
    abstract = _meta(tree, "citation_abstract")
    if not abstract:
        return False
    first = lambda *keys: next((v for v, _ in _meta(tree, *keys)), None)  # noqa: E731
    venue = first("citation_conference_title", "citation_journal_title")
    row = {"abstract": abstract[0][0], "title": first("citation_title", "dc.title"),
           "authors": [first_last(v) if v.count(",") == 1 else v for v, _ in _meta(tree, "citation_author", "dc.creator")],
           "keywords": [k for v, _ in _meta(tree, "citation_keywords") for k in split_list(v, ";,")],
           "url": first("citation_abstract_html_url", "og:url") or tree.base or None,
           "doi": first("citation_doi"), "id": first("citation_arxiv_id")}
    result.paragraphs[name] = 1
    add_record(row, name, abstract[0][1], collection_name(venue, default) if venue else default, result,
               what="page", holds="meta tag citation_abstract")
    result.issues.append(Issue("info", name, abstract[0][1], "read as a paper's own page: its citation_* meta tags "
                               "give its abstract, title and authors"))
    return True


class _Layout:
    """The page's elements in order, with where each one's inside ends (`end`, by position), computed once: so
    that every question about what lies inside what is a comparison of positions, even in a page whose unclosed
    <div>s nest thousands deep."""

    def __init__(self, root: _Element):
        self.order = list(root.iter())
        self.at = {id(e): k for k, e in enumerate(self.order)}
        self.end = [0] * len(self.order)
        leaf = [True] * len(self.order)
        for k in range(len(self.order) - 1, -1, -1):
            e = self.order[k]
            kids = [self.at[id(c)] for c in e.children if isinstance(c, _Element)]
            self.end[k] = self.end[kids[-1]] if kids else k
            leaf[k] = all(leaf[j] and self.order[j].tag not in _BLOCK for j in kids)
        self.marker: dict[int, _Element | None] = {}  # the nearest element around (or at) each whose class or id
        for e in self.order:  # names an abstract
            own = e.tag not in ("body", "html", "#root") and _MARKED.search(e.hints().lower()) is not None
            self.marker[id(e)] = e if own else self.marker[id(e.parent)] if e.parent is not None else None
        self.blocks = [e for k, e in enumerate(self.order) if e.tag in _BLOCK and leaf[k] and e.text()]

    def inside(self, e: _Element, box: _Element) -> bool:
        return self.at[id(box)] <= self.at[id(e)] <= self.end[self.at[id(box)]]

    def innermost(self, elements: list[_Element]) -> list[_Element]:
        """Those of `elements` (in the page's order) with none of the others inside them."""
        return [e for e, after in zip(elements, [*elements[1:], None]) if after is None or not self.inside(after, e)]


def _one_abstract(layout: _Layout, box: _Element) -> bool:
    """Whether an element that a class name or label marks holds one abstract (its paragraphs), not a list of
    papers: no heading but an "Abstract" label, nothing whose class names a title or authors, not longer than an
    abstract can be."""
    inside = layout.order[layout.at[id(box)] + 1:layout.end[layout.at[id(box)]] + 1]
    return len(box.text()) <= LONG_PARAGRAPH and not any(
        e.tag in _HEADINGS and not LABEL_ALONE.fullmatch(e.text()) or _TITLE.search(e.hints())
        or _AUTHOR.search(e.hints()) for e in inside)


def _marked(layout: _Layout) -> list[tuple[_Element, list[_Element]]]:
    """The abstracts a class name or an "Abstract" label marks: (the element that holds one, its text blocks)."""
    units: dict[int, _Element] = {}
    whole: dict[int, bool] = {}  # _one_abstract of each marked element, asked once
    for block in layout.blocks:
        if LABEL_ALONE.fullmatch(block.text()):
            continue  # (a label is no abstract)
        box = layout.marker[id(block)]
        if box is not None and id(box) not in whole:
            whole[id(box)] = _one_abstract(layout, box)
        if box is None or not whole[id(box)]:
            if not LABEL_ALONE.fullmatch(block.label):
                continue
            box = block  # (under a label: up to the largest element that opens after it)
            while box.parent is not None and box.parent.label == block.label and box.parent.tag not in ("body", "html"):
                box = box.parent
            if box is not block and not _one_abstract(layout, box):
                box = block
        units.setdefault(id(box), box)
    out: list[tuple[_Element, list[_Element]]] = []
    starts = [layout.at[id(b)] for b in layout.blocks]
    for box in sorted(units.values(), key=lambda u: layout.at[id(u)]):
        if not out or not layout.inside(box, out[-1][0]):  # (one abstract inside another: the outer one)
            at = layout.at[id(box)]
            inside = layout.blocks[bisect_left(starts, at):bisect_right(starts, layout.end[at])]
            out.append((box, [b for b in inside if not LABEL_ALONE.fullmatch(b.text())]))
    return out


def _kind(block: _Element) -> tuple:
    parent = block.parent
    return block.tag, block.attrs.get("class", ""), parent.tag, parent.attrs.get("class", "")


def _abstracts(layout: _Layout) -> tuple[list[tuple[_Element, list[_Element]]], str]:
    """The page's abstracts, each (the element that holds it, its text blocks), and how they were found."""
    marked = _marked(layout)
    if marked:
        return marked, "a class name or an 'Abstract' label marks them"
    long = [b for b in layout.blocks if len(b.text().split()) >= LONG_WORDS]
    if not long:
        return [], ""
    counts: dict[tuple, int] = {}
    for b in long:  # (in the page's order: on a tie, the kind that comes first)
        counts[_kind(b)] = counts.get(_kind(b), 0) + 1
    kind = max(counts, key=counts.get)
    return [(b, [b]) for b in layout.blocks if _kind(b) == kind], \
        f"long text blocks of the kind the page has most of (<{kind[0]}>)"


def _fields(layout: _Layout, region: list[_Element], base: str, header: str) -> dict:
    """Title, authors, keywords and address from the elements before an abstract (see the module's docstring);
    the page's own heading (`header`) is no paper's title."""
    titled = layout.innermost([e for e in region if _TITLE.search(e.hints()) and e.text()
                               and not _BUTTON.fullmatch(e.text())])
    title = max(titled, key=lambda e: len(e.text()), default=None) or next(
        (e for e in reversed(region) if (e.tag in _HEADINGS or e.tag in ("strong", "b") and (
            len(e.text().split()) >= 2 or any(c.tag == "a" for c in e.iter()))) and not e.text().endswith((":", "："))
         and e.text() != header), None)
    row: dict = {"title": _LABEL.sub("", title.text()) if title else None, "url": None}
    if title is not None:
        link = next((e for e in (*title.iter(), *_ancestors(title, 3)) if e.tag == "a" and e.attrs.get("href")), None)
        href = urljoin(base, link.attrs["href"].strip()) if link is not None else ""
        row["url"] = href if href.startswith(("http://", "https://")) else None
    authored = layout.innermost([e for e in region if _AUTHOR.search(e.hints()) and e.text()] or [
        e for e in region if e.tag == "a" and _PERSON_LINK.search(e.attrs.get("href", "")) and e.text()])
    row["authors"] = [n for e in authored for n in split_list(_LABEL.sub("", e.text()), ",;|", names=True)]
    keywords = next((value for e in region if e.tag in _BLOCK for key, value in [field_of(e.text()) or ("", "")]
                     if key == "keywords"), None)  # (a "Keywords:" block, as the text reader reads one)
    row["keywords"] = split_list(keywords, ",;") if keywords else []
    return row


def _ancestors(e: _Element, most: int):
    for _ in range(most):
        if e.parent is None:
            return
        e = e.parent
        yield e


def _records(layout: _Layout, abstracts: list[_Element], base: str, header: str):
    """(abstract, its fields) for each abstract: from the elements of its entry on the page (the largest element
    around it that holds no other abstract) where those give a title, else from all the elements between it and
    the abstract before it."""
    at, end, order = layout.at, layout.end, layout.order
    count = [0] * len(order)  # abstracts inside each element
    for a in abstracts:
        count[at[id(a)]] = 1
    for k in range(len(order) - 1, -1, -1):
        count[k] += sum(count[at[id(c)]] for c in order[k].children if isinstance(c, _Element))
    after = 0
    for a in abstracts:
        start = at[id(a)]
        region = [e for e in order[after:start] if end[at[id(e)]] < start]  # (not the abstract's ancestors)
        box = a
        while box.parent is not None and box.parent.parent is not None and count[at[id(box.parent)]] == 1:
            box = box.parent
        row = _fields(layout, [e for e in region if layout.inside(e, box)], base, header)
        if not row["title"]:
            row = _fields(layout, region, base, header)
        yield a, row
        after = end[start] + 1


def _header(tree: _Tree, headings: list[str]) -> str:
    """The page's name for its collection: its first heading (of `headings`, those above its first abstract) or
    its title where that names a venue and year; else its first heading where that reads as a header and another
    heading follows it (the nearest one above the first abstract may be that paper's title)."""
    heading = headings[0] if headings else ""
    title = " ".join("".join(tree.title).split())
    named = next((t for t in (heading, title) if VENUE_YEAR.search(t)), "")
    return named or (heading if len(headings) > 1 and looks_like_header(heading) else "")


def read_html(text: str, name: str, result: ReadResult) -> None:
    """Each paper of a saved web page is a record (see the module's docstring)."""
    tree = _parse(text)
    if _own_page(tree, name, collection_name(_header(tree, [])), result):  # (no venue: Papers, as a paper's PDF)
        return
    layout = _Layout(tree.root)
    abstracts, how = _abstracts(layout)
    above = layout.order[:layout.at[id(abstracts[0][0])] if abstracts else 0]
    header = _header(tree, [e.text() for e in above if e.tag in _HEADINGS and e.text()])
    default = collection_name(header, Path(name).stem)
    result.paragraphs[name] = len(abstracts)
    if not abstracts:
        result.issues.append(Issue("warning", name, 1, f"a web page without abstracts: no text block marked as one "
                                   f"(a class 'abstract' or 'summary', an 'Abstract' label) and none of {LONG_WORDS} "
                                   "words or more; nothing read from it"))
        return
    titled, blocks = 0, dict(abstracts)
    base = tree.base or next((v for v, _ in _meta(tree, "og:url")), "")  # (where the page was: its links' base)
    for box, row in _records(layout, [box for box, _ in abstracts], base, header):
        row["abstract"] = ABSTRACT_LABEL.sub("", " ".join(b.text() for b in blocks[box]), count=1)
        titled += bool(row["title"])
        add_record(row, name, box.line, default, result, what="text block", holds="text")
    result.issues.append(Issue("info", name, abstracts[0][0].line, f"read as a web page: {len(abstracts)} abstract"
                               f"{'s' * (len(abstracts) > 1)} ({how}), {titled} with a title"))
    read = {id(b) for _, inside in abstracts for b in inside}
    for block in layout.blocks:
        words = len(block.text().split())
        if id(block) not in read and words >= LONG_WORDS and not _FIELD.match(block.text()):
            result.issues.append(Issue("warning", name, block.line, f"a text block of {words} words that is not read "
                                       "as an abstract (the page's abstracts are other blocks): is it one?"))
