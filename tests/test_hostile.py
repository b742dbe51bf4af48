"""The hostile corpus (tests/hostile/vectors.txt, OWASP-style XSS vectors plus Markdown, Jinja, snippet,
front-matter and attribute-list tricks) built into a real site, then checked in headless Chromium:
no dialog opens, no injected script runs (window.__pwned stays undefined), nothing is fetched from
outside the site, no file from outside the inputs is read, and each abstract still reads as written."""
from __future__ import annotations

from html.parser import HTMLParser
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import build_project, make_project
from conftest_browser import browser_available, launch_browser, serve
from hostile.corpus import CSV_ROWS, HOSTILE_HEADER, VECTORS, ensure_enrich, write_inputs

from generator import markup
from generator.normalize import clean_text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    ensure_enrich()
    root = tmp_path_factory.mktemp("hostile")
    paragraphs = write_inputs(root / "in")
    project = make_project(root / "project", root / "in")
    assert build_project(project) == 0
    return project, paragraphs


@pytest.fixture(scope="module")
def server(hostile_site):
    project, _ = hostile_site
    with serve(project / "site") as base:
        yield base + "/"


@pytest.fixture(scope="module")
def browser():
    reason = browser_available()
    if reason:
        pytest.skip(reason)
    pw, b = launch_browser()
    yield b
    b.close()
    pw.stop()


class Watch:
    """A page that records dialogs, outside requests and page errors."""

    def __init__(self, browser, base: str):
        self.base = base
        self.dialogs: list[str] = []
        self.outside: list[str] = []
        self.context = browser.new_context(java_script_enabled=True)
        self.page = self.context.new_page()
        self.page.on("dialog", self._dialog)
        self.context.route("**/*", self._route)

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message} on {self.page.url}")
        dialog.dismiss()

    def _route(self, route):
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:", "about:")):
            route.continue_()
        else:
            self.outside.append(f"{url} from {self.page.url}")
            route.abort()

    def visit(self, url: str, settle_ms: int = 0) -> str:
        self.page.goto(url, wait_until="load")
        if settle_ms:
            self.page.wait_for_timeout(settle_ms)
        # hover and focus the content, so that on*over/focus handlers would fire if any existed
        self.page.evaluate("""() => { for (const el of document.querySelectorAll('article *, .md-nav *')) {
            for (const t of ['mouseover', 'pointerover', 'focus']) el.dispatchEvent(new Event(t)); } }""")
        self.check(url)
        return self.page.inner_text("body")

    def check(self, where: str) -> None:
        pwned = self.page.evaluate("() => [typeof window.__pwned, typeof parent.__pwned]")
        assert pwned == ["undefined", "undefined"], f"script from input ran on {where}"


def pages(site: Path, folder: str) -> list[str]:
    return sorted(p.parent.relative_to(site).as_posix() + "/" for p in (site / folder).glob("*/index.html"))


def expected_text(paragraph: str) -> str | None:
    """What the reader must see: the paragraph as written, after the documented typography; None when
    it holds math or LaTeX (rendered, not shown as source)."""
    if re.search(r"\$|\\[(\[a-zA-Z]", paragraph):
        return None
    return markup.to_plain(markup.parse(clean_text(paragraph)))


def squash(text: str) -> str:
    return " ".join(text.split())


def test_hostile_inputs_build_and_nothing_outside_is_read(hostile_site):
    project, paragraphs = hostile_site
    site = project / "site"
    assert len(list((site / "papers").glob("*/index.html"))) == len(VECTORS) + len(CSV_ROWS) + 3  # (+ the JSONL record, the feed's
    # item and the saved page's paper)
    shared = [p for p in (site / "papers").glob("*/index.html") if 'id="by-the-same-authors"' in p.read_text("utf-8")]
    assert len(shared) == 2  # (a CSV row and the feed's item share a hostile author: the section is on both, escaped)
    passwd = Path("/etc/passwd").read_text().splitlines()[0]
    for page in site.rglob("*"):
        if page.is_file() and page.suffix in (".html", ".json", ".xml", ".js"):
            body = page.read_text("utf-8", errors="replace")
            assert passwd not in body, page
            assert "root:x:0:0" not in body, page


class Elements(HTMLParser):
    """Every element, attribute and script body of a page, as the browser's parser would see them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        self.in_script = tag == "script"
        for name, value in attrs:
            value = " ".join((value or "").split()).lower()
            if name.startswith("on"):
                self.bad.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "action", "formaction", "data", "xlink:href", "background", "srcdoc") and \
                    (value.startswith(("javascript:", "vbscript:", "data:text/html"))
                     or ("evil.example" in value and tag != "a")):  # (an http link to it is fine: not loaded)
                self.bad.append(f"<{tag} {name}={value!r}>")
        if tag in ("iframe", "object", "embed", "base", "svg", "math", "img", "video", "audio", "form", "marquee") \
                and any("alert" in (v or "") or "evil" in (v or "") for _, v in attrs):
            self.bad.append(f"<{tag} {attrs}>")
        if tag == "meta" and dict(attrs).get("http-equiv", "").lower() == "refresh":
            self.bad.append(f"<meta refresh {attrs}>")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and ("alert(" in data or "__pwned" in data):
            self.bad.append(f"<script>{data[:80]}")


def test_no_raw_html_from_input_in_generated_pages(hostile_site):
    """Static check beside the browser: parsed like a browser, no page has an element, attribute or
    script from the corpus."""
    project, _ = hostile_site
    for page in (project / "site").rglob("*.html"):
        parser = Elements()
        parser.feed(page.read_text("utf-8"))
        assert not parser.bad, f"{page}: {parser.bad[:5]}"


def test_paper_pages_run_no_script_and_show_the_text_as_written(hostile_site, server, browser):
    project, paragraphs = hostile_site
    site = project / "site"
    watch = Watch(browser, server)
    bodies = {}
    for rel in pages(site, "papers"):
        bodies[rel] = squash(watch.visit(server + rel))
    assert not watch.dialogs, watch.dialogs
    assert not watch.outside, watch.outside
    everything = "\n".join(bodies.values())
    missing = []
    for n, paragraph in paragraphs.items():
        want = expected_text(paragraph)
        if want and squash(want) not in everything:
            missing.append((n, want))
    assert not missing, missing[:5]
    assert "<script>alert(1)</script>" in everything  # literally, as text
    assert '\u20138<\u2013 "/etc/passwd"' in everything  # (-- is an en dash, as in LaTeX: documented typography)
    assert "{{ 7*7 }}" in everything and "{% include '/etc/passwd' %}" in everything


def test_the_same_authors_papers_get_a_reading_list_star_that_saves_them(hostile_site, server, browser):
    """The links under "By the same authors" get the star that saves a paper, as related papers do: a press saves
    that paper (its hostile title kept as text), not the page's own."""
    site = hostile_site[0] / "site"
    rel = next(r for r in pages(site, "papers") if 'id="by-the-same-authors"' in (site / r / "index.html").read_text("utf-8"))
    watch = Watch(browser, server)
    watch.visit(server + rel)
    stars = watch.page.locator("#by-the-same-authors + ul > li > .pd-star")
    stars.first.wait_for()
    assert stars.count() == watch.page.locator("#by-the-same-authors + ul > li").count() == 1
    stars.first.click()
    assert stars.first.get_attribute("aria-pressed") == "true"
    assert watch.page.get_attribute("[data-pd-save]", "aria-pressed") == "false"
    link = watch.page.locator("#by-the-same-authors + ul > li > a").first
    other = link.get_attribute("href").rstrip("/").rsplit("/", 1)[-1]
    saved = watch.page.evaluate("() => Object.entries(localStorage).filter(([k]) => k.startsWith('paper-digest:'))"
                                ".map(([, v]) => JSON.parse(v))")
    assert [[(it["slug"], it["title"]) for it in v] for v in saved] == [[(other, link.inner_text())]]
    assert "<script>alert(1)</script>" in link.inner_text()  # (the title as text)
    assert not watch.dialogs and not watch.outside
    watch.check(rel)
    watch.context.close()


def test_index_category_tag_and_home_pages_run_no_script(hostile_site, server, browser):
    project, _ = hostile_site
    site = project / "site"
    watch = Watch(browser, server)
    urls = ["", "papers/", "tags/", "entities/", "search/"]
    for folder in [p for p in site.iterdir() if p.is_dir() and p.name not in ("papers", "assets", "search")]:
        urls += [folder.name + "/"] + pages(site, folder.name)
    texts = [watch.visit(server + u) for u in urls]
    assert len(urls) > 20
    assert not watch.dialogs, watch.dialogs
    assert not watch.outside, watch.outside
    home = squash(texts[0])
    assert "NeurIPS 2026" in home
    assert squash(HOSTILE_HEADER) in squash("\n".join(texts))  # the header, shown as text


def test_search_page_with_vectors_as_queries_runs_no_script(hostile_site, server, browser):
    watch = Watch(browser, server)
    queries = VECTORS + [HOSTILE_HEADER, "javascript:alert(1)", '"><img src=x onerror=alert(1)>']
    for vector in queries[::12]:  # as a URL query (the search box's GET form), a sample
        watch.visit(f"{server}search/?query={quote(vector)}", settle_ms=200)
    watch.visit(f"{server}search/", settle_ms=300)
    box = watch.page.locator("#paper-search input, input[type=search]").first
    assert box.count(), "no search box on the search page"
    for vector in queries:  # typed into the box: results rendered live
        box.fill(vector)
        watch.page.wait_for_timeout(40)
        watch.check(f"search for {vector!r}")
    watch.page.wait_for_timeout(300)
    watch.check("search page")
    assert not watch.dialogs, watch.dialogs
    assert not watch.outside, watch.outside
