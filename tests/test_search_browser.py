"""The site's scripts in a real browser: the paper search, and (at the end) the reading list.  The
seed site is built, served on 127.0.0.1 and driven with headless Chromium (Debian's
/usr/bin/chromium through playwright).

The site is built once per session by `python -m generator build --output <tmp>/site` from a
copy of the project (so the working tree's docs/ and state are untouched).  Set
PAPER_SEARCH_SITE=<dir> to run against an already built site instead.
"""
from __future__ import annotations

import json
import os
from collections import Counter
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest_browser import browser_available, launch_browser, serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(browser_available() is not None, reason=str(browser_available()))

HOSTILE = ["<img src=x onerror=alert(1)>", "*", "~", ":", "+-", '"unmatched', "'", "tag:", "-", "+",
           "^2", "title:*~2", "\\", "a" * 300, "<script>alert(1)</script>", "%00", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ü é"]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    given = os.environ.get("PAPER_SEARCH_SITE")
    if given:
        return Path(given)
    return _built_site(tmp_path_factory.mktemp("project"))


def _built_site(work: Path, directory_urls: bool = True, abstracts: Path | None = None) -> Path:
    """The seed project copied to `work` and built there (with use_directory_urls as given;
    `abstracts`: a file to build from instead of the seeds)."""
    for name in ("generator", "site_templates", "docs") + (() if abstracts else ("abstracts",)):
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", ".generated.json"))
    if abstracts:
        (work / "abstracts").mkdir()
        shutil.copy(abstracts, work / "abstracts" / abstracts.name)
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    if not directory_urls:
        assert "use_directory_urls: true\n" in config
        config = config.replace("use_directory_urls: true\n", "use_directory_urls: false\n")
    (work / "mkdocs.yml").write_text(config, "utf-8")
    # only the hand-written docs: generated ones would look hand-written to the writer
    tracked = subprocess.run(["git", "ls-files", "docs"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *[str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*") if p.is_file()]],
                             cwd=ROOT, capture_output=True, text=True).stdout.split()
    for rel in ignored:
        if rel not in tracked:
            (work / rel).unlink(missing_ok=True)
    out = work / "site"
    env = {**os.environ, "PYTHONPATH": str(work)}
    proc = subprocess.run([sys.executable, "-m", "generator", "build", "--output", str(out)],
                          cwd=work, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"build failed:\n{proc.stdout}\n{proc.stderr}"
    return out


@pytest.fixture(scope="session")
def base_url(site_dir):
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    pw, b = launch_browser()
    yield b
    b.close()
    pw.stop()


class Watched:
    """A page that records script errors, dialogs, requests that leave 127.0.0.1 and requests that fail."""

    def __init__(self, browser, base_url):
        self.page = browser.new_page()
        self.base = base_url
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.outside: list[str] = []
        self.missing: list[str] = []  # 404s and other failed responses (a script fetching what is not there)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("request", lambda r: None if r.url.startswith(base_url) or r.url.startswith("data:")
                     else self.outside.append(r.url))
        self.page.on("response", lambda r: r.status >= 400 and self.missing.append(f"{r.status} {r.url}"))

    def search(self, query: str = "", **params) -> None:
        qs = "&".join([f"query={quote(query)}"] + [f"{k}={quote(v)}" for k, v in params.items()])
        self.page.goto(f"{self.base}/search/?{qs}")
        self.settle()

    def settle(self) -> None:
        """Wait until the results shown are those of the query in the box (paper-search.js
        sets data-state="ready" and data-query on the container when it has rendered them)."""
        self.page.wait_for_function(
            "() => { const c = document.querySelector('[data-paper-search]'), i = document.querySelector('.ps-input');"
            " return c && i && c.dataset.state === 'ready' && c.dataset.query === i.value.trim() }",
            timeout=15000)

    def titles(self) -> list[str]:
        return self.page.locator(".ps-result .ps-title").all_inner_texts()

    def hrefs(self) -> list[str]:
        return self.page.eval_on_selector_all(".ps-result .ps-title", "els => els.map(e => e.getAttribute('href'))")

    def status(self) -> str:
        return self.page.inner_text(".ps-status")


@pytest.fixture
def web(browser, base_url):
    w = Watched(browser, base_url)
    yield w
    assert w.errors == [], w.errors
    assert w.dialogs == [], w.dialogs
    assert w.outside == [], w.outside  # every script and file is local
    assert w.missing == [], w.missing
    w.page.close()


def index_docs(site_dir: Path) -> list[list]:
    rows = []
    for path in sorted((site_dir / "assets" / "search" / "index" / "d").glob("*.json")):
        rows.extend(json.loads(path.read_text("utf-8")))
    return rows  # [slug, title, category, tags, text]


def test_gaia2_first(web, site_dir):
    gaia = [r for r in index_docs(site_dir) if "gaia2" in (r[1] + " " + r[4]).lower() and "Gaia2" in r[4][:400]]
    assert gaia, "the seed has the Gaia2 paper"
    web.search("Gaia2")
    assert web.hrefs()[0].endswith(f"/papers/{gaia[0][0]}/")
    assert "Gaia2" in web.page.inner_html(".ps-result mark") or web.page.locator(".ps-result mark").count() > 0


def test_phase_retrieval_found_in_abstract_text(web, site_dir):
    docs = index_docs(site_dir)
    target = [r for r in docs if "phase retrieval" in r[4].lower()]
    assert target and all("phase retrieval" not in r[1].lower() for r in docs)
    web.search("phase retrieval")
    assert any(h.endswith(f"/papers/{target[0][0]}/") for h in web.hrefs()[:3])
    marks = [m.lower() for m in web.page.locator(".ps-result mark").all_inner_texts()]
    assert "phase" in marks and "retrieval" in marks


def test_typo_and_prefix(web):
    web.search("diffusion")
    exact = set(web.hrefs())
    assert exact
    web.search("difusion")
    assert set(web.hrefs()) & exact
    web.search("diffu")
    assert set(web.hrefs()) & exact


def test_field_query(web, site_dir):
    docs = index_docs(site_dir)
    words = Counter(w for r in docs for w in {w for t in r[3] for w in t.lower().split()} if len(w) > 4)
    word = words.most_common(1)[0][0]  # the commonest tag word, e.g. "reasoning"
    tagged = {r[0] for r in docs if any(w.startswith(word[:5]) for t in r[3] for w in t.lower().split())}
    in_text_only = {r[0] for r in docs if word in r[4].lower() and r[0] not in tagged}
    web.search(f"tag:{word}")
    got = {h.rstrip("/").rsplit("/", 1)[-1] for h in web.hrefs()}
    assert got and got <= tagged
    assert not got & in_text_only
    web.search(f"{word}")  # without the field, the abstracts count too
    assert {h.rstrip("/").rsplit("/", 1)[-1] for h in web.hrefs()} - tagged or not in_text_only
    web.search("tag:benchmark")  # the example: whatever the tags, a clean answer
    got = {h.rstrip("/").rsplit("/", 1)[-1] for h in web.hrefs()}
    assert got <= {r[0] for r in docs if any("benchmark" in t.lower() for t in r[3])}
    assert got or "No papers match" in web.status()


def test_the_home_pages_search_examples_find_papers(web, site_dir):
    """Each query the home page offers as an example (a typo, tag:, name:; render.search_examples) finds
    papers in the real search; the name finds its own paper first."""
    home = (site_dir / "index.html").read_text("utf-8")
    queries = re.findall(r"<code>([^<]+)</code>", home[home.index('id="how-to-search"'):])
    assert len(queries) == 3 and queries[1].startswith("tag:") and queries[2].startswith("name:"), queries
    for query in queries:
        web.search(query)
        assert web.hrefs(), query
    named = {r[0] for r in index_docs(site_dir) if queries[2][5:] in r[1]}
    assert web.hrefs()[0].rstrip("/").rsplit("/", 1)[-1] in named


def test_category_facet_filters_and_lives_in_url(web):
    web.search("diffusion")
    before = web.page.locator(".ps-result .ps-cat").all_inner_texts()
    button = web.page.locator(".ps-facet-item", has_text=re.compile("generativ", re.I)).first
    category = button.locator(".ps-facet-name").inner_text()
    count = int(button.locator(".ps-facet-count").inner_text())
    button.click()
    web.page.wait_for_function("() => location.search.includes('category=')")
    web.settle()
    cats = web.page.locator(".ps-result .ps-cat").all_inner_texts()
    assert cats and set(cats) == {category}
    assert len(cats) == min(count, 10)
    url = web.page.url
    assert parse_qs(urlparse(url).query) == {"query": ["diffusion"], "category": [category]}
    shown = web.hrefs()
    web.page.reload()
    web.settle()
    assert web.hrefs() == shown
    assert web.page.locator(".ps-facet-item[aria-pressed=true]").first.inner_text().startswith(category)
    # Back undoes the filter, Forward redoes it
    web.page.go_back()
    web.settle()
    assert "category=" not in web.page.url
    assert web.page.locator(".ps-result .ps-cat").all_inner_texts() == before
    web.page.go_forward()
    web.settle()
    assert web.hrefs() == shown
    # a fresh visit of the shared URL gives the same view
    web.page.goto("about:blank")
    web.page.goto(url)
    web.settle()
    assert web.hrefs() == shown


def test_results_come_before_the_filters_on_a_phone(web):
    """On a narrow screen the facets stack below the results, not above them (a long tag facet
    would push every result off the first screen), and a button above the results leads down to them;
    on a wide one they sit beside the results, and there is no such button."""
    web.page.set_viewport_size({"width": 390, "height": 844})
    web.search("diffusion")
    result, facets = web.page.locator(".ps-result").first.bounding_box(), web.page.locator(".ps-facets").bounding_box()
    assert result["y"] < 844 and result["y"] < facets["y"]
    button = web.page.locator(".ps-to-filters")
    assert button.is_visible() and button.bounding_box()["y"] < result["y"]
    button.click()
    web.page.wait_for_function("() => { const top = document.querySelector('.ps-facets').getBoundingClientRect().top,"
                               " header = document.querySelector('.md-header').getBoundingClientRect().bottom;"
                               " return top >= header && top < header + 100 }")  # (below the header)
    web.page.set_viewport_size({"width": 1280, "height": 900})
    result, facets = web.page.locator(".ps-result").first.bounding_box(), web.page.locator(".ps-facets").bounding_box()
    assert facets["x"] > result["x"] and abs(facets["y"] - result["y"]) < 200
    assert not button.is_visible()


def test_no_page_scrolls_sideways_on_a_phone(browser, base_url, site_dir):
    """At 390 px no kind of page is wider than the screen: not a category page with a long name (the
    header's waiting second title reached past the screen), a paper, the search, a tag, the map."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    category = max((p.parent.name for p in (site_dir / "iclr-2026").glob("*/index.html")), key=len)
    paper = next((site_dir / "papers").glob("*/index.html")).parent.name
    tag = next((site_dir / "tags").glob("*/index.html")).parent.name
    for url in (f"iclr-2026/{category}/", f"papers/{paper}/", "search/?query=diffusion", f"tags/{tag}/",
                "iclr-2026/map/", ""):
        page.goto(f"{base_url}/{url}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, url
    context.close()


def test_the_box_offers_its_keyboard_shortcut_only_where_there_is_a_keyboard(browser, base_url):
    for touch, placeholder in ((False, "Search papers (press /)"), (True, "Search papers")):
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=touch, has_touch=touch)
        page = context.new_page()
        page.goto(f"{base_url}/tags/")
        page.wait_for_load_state("load")
        assert page.get_attribute(".ps-box input[name=query]", "placeholder") == placeholder
        context.close()


def test_a_long_query_goes_on_with_papers_missing_one_word(web):
    """Few seed papers have all of "diffusion language models reasoning": those come first, then the
    papers with all of the words but one, labelled and counted apart in the status line."""
    web.search("diffusion language models reasoning")
    m = re.match(r"(\d+) papers?\. (\d+) more with all of the words but one\.", web.status())
    assert m, web.status()
    full, near = int(m.group(1)), int(m.group(2))
    labels = [r.locator(".ps-why").all_inner_texts() for r in web.page.locator(".ps-result").all()]
    assert len(labels) == min(full + near, 10)
    assert all(not lab for lab in labels[:full]) and all(lab == ["all words but one"] for lab in labels[full:])


@pytest.mark.parametrize("flat", [False, True])
def test_an_old_paper_address_leads_to_the_paper(browser, site_dir, flat_site, flat):
    """A paper's address is made from its title; after a build that words the title differently, the
    old address ends with the same start of the paper's id, and the 404 page goes to the paper."""
    site = flat_site[0] if flat else site_dir
    papers = json.loads((site / "data" / "papers.json").read_text("utf-8"))["papers"]
    p = next(p for p in papers if p["name"])
    end = ".html" if flat else "/"
    with serve(site, not_found_page=True) as url:
        page = browser.new_page()
        try:
            page.goto(f"{url}/papers/an-older-wording-of-its-title-{p['id'][:6]}{end}#related-papers")
            page.wait_for_url(f"{url}/{p['url']}#related-papers", timeout=10000)
            assert page.locator("h1").first.inner_text() == p["title"]
            for where in (f"/papers/no-such-paper-ffffff{end}", "/nowhere/"):  # no such id, not a paper: it stays
                page.goto(url + where)
                page.wait_for_timeout(300)
                assert page.locator("#pd-not-found").count() == 1 and page.url == url + where
                assert page.locator("form.ps-box input[name=query]").count() == 1  # and offers the search
        finally:
            page.close()


def test_a_site_published_under_a_path_works_there(browser, published_site, site_dir):
    """Served at /digest/, as GitHub Pages serves a project site (built with --site-url, as the Pages
    workflow builds it): the 404 page, served at a missing address deep under it, gets its styles and
    scripts, leads an old paper address to the paper, and its search box finds papers."""
    papers = json.loads((published_site / "data" / "papers.json").read_text("utf-8"))["papers"]
    p = next(p for p in papers if p["name"])
    with serve(published_site, not_found_page=True, prefix="/digest") as url:
        w = Watched(browser, url)
        try:
            missing = f"{url}/no/such/page/here/"
            w.page.goto(missing)
            assert w.page.locator("#pd-not-found").count() == 1
            w.page.fill("form.ps-box input[name=query]", p["name"])
            w.page.press("form.ps-box input[name=query]", "Enter")
            w.page.wait_for_url(f"{url}/search/?query=*")
            w.settle()
            assert p["title"] in w.titles()
            w.page.goto(f"{url}/papers/an-older-wording-of-its-title-{p['id'][:6]}/")
            w.page.wait_for_url(f"{url}/{p['url']}", timeout=10000)
            assert w.page.locator("h1").first.inner_text() == p["title"]
            assert w.missing == [f"404 {missing}", f"404 {url}/papers/an-older-wording-of-its-title-{p['id'][:6]}/"]
            assert w.errors == [] and w.outside == []
        finally:
            w.page.close()
    with serve(site_dir, not_found_page=True, prefix="/digest") as url:  # (the check can fail: a site built
        w = Watched(browser, url)                                          # without the URL looks for /assets/)
        try:
            w.page.goto(f"{url}/no/such/page/here/")
            assert any("/assets/" in m and "/digest/" not in m for m in w.missing)
        finally:
            w.page.close()


def test_a_word_no_paper_has_is_announced_with_the_words_shown(web, site_dir):
    """A typo or a word's beginning that no paper has is read as the words it corrects or completes
    to, and the status line says so, naming them as the shown papers write them; a word papers have,
    or one asked to be corrected or completed (~, *), is not announced."""
    web.search("difusion")
    assert web.status().startswith("No paper has “difusion”: showing “diffusion”"), web.status()
    assert web.hrefs()
    web.search("Difusion models")  # as typed, and only for the word no paper has
    assert re.match(r"No paper has “Difusion”: showing “diffusion”[^.]*\. \d+ papers", web.status()), web.status()
    for query in ("diffusion", "difusion~1", "diffu*"):
        web.search(query)
        assert web.hrefs() and "No paper has" not in web.status(), (query, web.status())
    names = [r[1].split(":")[0] for r in index_docs(site_dir) if r[1].startswith("Gaia2:")]
    assert names, "the seed named Gaia2"
    web.search("name:Gaia3")
    assert web.status().startswith("No paper has “Gaia3” in its name: showing “Gaia2”"), web.status()
    assert web.titles()[0].startswith("Gaia2")


def test_no_match_says_so(web):
    web.search("qwxzvqj")
    assert web.titles() == []
    assert "No papers match" in web.status()
    web.search("this")  # (only words too common to be searched for: said so)
    assert web.titles() == [] and web.status().startswith("“this” is too common a word to search for.")


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_are_inert(web, query):
    web.search(query)  # through the URL
    web.page.fill(".ps-input", query)  # and typed
    web.settle()
    assert web.page.locator("#paper-search img, #paper-search script").count() == 0
    assert web.page.evaluate("() => !!document.querySelector('.ps-input')")
    web.page.fill(".ps-input", "diffusion")  # the page still works
    web.settle()
    assert web.titles()


def test_a_hand_written_q_link_searches(web, base_url):
    web.page.goto(f"{base_url}/search/?q=diffusion")
    web.settle()
    assert web.page.input_value(".ps-input") == "diffusion"
    shown = web.titles()
    web.search("diffusion")
    assert shown and web.titles() == shown


def test_results_as_you_type_and_keyboard(web, base_url):
    web.page.goto(f"{base_url}/")
    web.page.keyboard.press("/")
    assert web.page.evaluate("() => document.activeElement && document.activeElement.name") == "query"
    web.page.keyboard.type("diffusion")
    web.page.keyboard.press("Enter")
    web.page.wait_for_url(re.compile(r"/search/\?query=diffusion"))
    web.settle()
    first = web.hrefs()[0]
    web.page.locator(".ps-input").fill("")
    web.page.locator(".ps-input").type("diffusi", delay=30)
    web.settle()
    assert web.titles()  # results as you type, from a prefix
    web.page.locator(".ps-input").fill("diffusion")
    web.settle()
    web.page.keyboard.press("Enter")  # nothing highlighted: stays, the query goes into history
    assert "/search/" in web.page.url
    web.page.keyboard.press("ArrowDown")
    web.page.keyboard.press("ArrowDown")
    web.page.keyboard.press("ArrowUp")
    assert web.page.get_attribute("#ps-r0", "aria-selected") == "true"
    web.page.keyboard.press("Enter")
    web.page.wait_for_url(re.compile(r"/papers/"))
    assert web.page.url == first
    # "/" on the search page focuses its own input
    web.page.go_back()
    web.settle()
    web.page.locator("body").click(position={"x": 5, "y": 5})
    web.page.keyboard.press("/")
    assert web.page.evaluate("() => document.activeElement.classList.contains('ps-input')")


def test_back_returns_to_the_query_before_and_escape_keeps_the_query(web, base_url):
    """Typing rewrites one history entry per query; a query kept with Enter stays behind the next one, so
    Back returns to it.  Escape takes the highlight off a result, not the query out of the box."""
    web.page.goto(f"{base_url}/")
    web.page.goto(f"{base_url}/search/")
    box = web.page.locator(".ps-input")
    box.type("diffusion", delay=10)
    web.page.keyboard.press("Enter")
    web.settle()
    box.fill("")
    box.type("graph", delay=10)
    web.settle()
    web.page.keyboard.press("Enter")
    assert web.page.url.endswith("/search/?query=graph")
    web.page.go_back()
    web.page.wait_for_url(re.compile(r"/search/\?query=diffusion$"))
    web.settle()
    assert web.page.input_value(".ps-input") == "diffusion" and web.titles()
    web.page.go_forward()
    web.page.wait_for_url(re.compile(r"/search/\?query=graph$"))
    web.settle()
    box.focus()
    web.page.keyboard.press("ArrowDown")
    assert web.page.get_attribute("#ps-r0", "aria-selected") == "true"
    web.page.keyboard.press("Escape")
    assert web.page.get_attribute("#ps-r0", "aria-selected") == "false"
    assert web.page.input_value(".ps-input") == "graph" and web.page.url.endswith("?query=graph")


def test_back_from_a_result_after_show_more_shows_as_many(web, base_url):
    web.search("model")
    shown = web.page.locator(".ps-result").count()
    assert web.page.locator(".ps-more").is_visible(), "the seeds have more than a page of 'model'"
    web.page.click(".ps-more")
    web.page.wait_for_function(f"() => document.querySelectorAll('.ps-result').length > {shown}")
    more = web.page.locator(".ps-result").count()
    href = web.hrefs()[-1]
    web.page.locator(".ps-result .ps-title").last.click()
    web.page.wait_for_url(re.compile(r"/papers/"))
    web.page.go_back()
    web.settle()
    assert web.page.locator(".ps-result").count() == more and web.hrefs()[-1] == href


def test_box_on_every_page_leads_to_search(web, base_url, site_dir):
    paper = next((site_dir / "papers").glob("*/index.html")).parent.name
    web.page.goto(f"{base_url}/papers/{paper}/")
    box = web.page.locator("form.ps-box input[name=query]")
    assert box.count() == 1
    box.fill("phase retrieval")
    box.press("Enter")
    web.page.wait_for_url(re.compile(r"/search/\?query=phase\+retrieval"))
    web.settle()
    assert web.titles()


def test_the_paper_search_is_the_only_search(web, base_url, site_dir):
    """No second search box in the header that finds only the hand-written pages (Material's search
    is off by default: a reader typing a topic there got an overview page)."""
    assert not (site_dir / "search" / "search_index.json").exists()
    for path in ("/", "/about/"):
        web.page.goto(f"{base_url}{path}")
        assert web.page.locator(".md-search, [data-md-component=search]").count() == 0
        assert web.page.locator("form.ps-box input[name=query]").count() == 1


# --- the reading list (assets/digest/reading-list.js) ---------------------------------------------

def _papers_with_titles(site_dir: Path, n: int) -> list[tuple[str, str]]:
    """(slug, title) of n paper pages, the title as the page's <h1> shows it."""
    out = []
    for page in sorted((site_dir / "papers").glob("*/index.html"))[:n]:
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", page.read_text("utf-8"), re.S).group(1)
        out.append((page.parent.name, re.sub(r"<[^>]+>", "", h1).strip()))
    return out


def _list_ready(web) -> None:
    web.page.wait_for_selector("[data-reading-list][data-state=ready]", timeout=15000)


def _listed(web) -> list[tuple[str, str]]:
    return web.page.eval_on_selector_all(
        ".pd-rl-list li", "els => els.map(e => [e.dataset.slug, e.querySelector('.pd-rl-title').textContent])")


def test_reading_list_saves_lists_and_removes(web, base_url, site_dir):
    papers = _papers_with_titles(site_dir, 3)
    for slug, _ in papers:
        web.page.goto(f"{base_url}/papers/{slug}/")
        button = web.page.locator("[data-pd-save]")
        assert button.is_visible() and button.get_attribute("aria-pressed") == "false"
        button.click()
        assert button.get_attribute("aria-pressed") == "true" and "reading list" in button.inner_text()
    # pressed, it keeps the focus (and the pointer): its white text on a solid background, not a pale one
    web.page.wait_for_timeout(400)  # (Material's colour transitions)
    colours = button.evaluate("b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]")
    assert colours[0] == "rgb(255, 255, 255)" and colours[1].startswith("rgb(") and colours[1] != "rgb(255, 255, 255)"
    web.page.keyboard.press("Escape")
    web.page.goto(f"{base_url}/papers/{papers[0][0]}/")  # the first Tab offers to skip the header and the nav
    web.page.keyboard.press("Tab")
    assert web.page.evaluate("document.activeElement.textContent") == "Skip to content"
    web.page.keyboard.press("Enter")
    assert web.page.evaluate("location.hash") == "#c"
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert [list(p) for p in papers] == _listed(web)
    assert web.page.get_attribute("[data-reading-list]", "data-count") == "3"
    web.page.click(".pd-rl-list li:nth-child(2) .pd-rl-remove")
    _list_ready(web)
    assert [s for s, _ in _listed(web)] == [papers[0][0], papers[2][0]]
    web.page.click(".pd-rl-list li:first-child .pd-rl-title")  # the link leads to the paper's page
    web.page.wait_for_url(f"{base_url}/papers/{papers[0][0]}/")
    assert web.page.get_attribute("[data-pd-save]", "aria-pressed") == "true"
    web.page.click("[data-pd-save]")  # removed from its page
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert [s for s, _ in _listed(web)] == [papers[2][0]]
    web.page.click(".pd-rl-clear")  # armed by the first press, cleared by the second
    assert _listed(web) == [[papers[2][0], papers[2][1]]]
    web.page.click(".pd-rl-clear")
    _list_ready(web)
    assert _listed(web) == [] and "empty" in web.page.inner_text(".pd-rl-status")


def test_reading_list_shares_as_a_link_and_as_markdown(web, browser, base_url, site_dir):
    papers = _papers_with_titles(site_dir, 2)
    for slug, _ in papers:
        web.page.goto(f"{base_url}/papers/{slug}/")
        web.page.click("[data-pd-save]")
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    markdown = web.page.input_value(".pd-rl-markdown")
    escaped = [re.sub(r"([\[\]\\<>*_`])", r"\\\1", t) for _, t in papers]  # (text in any Markdown: no HTML)
    assert markdown == "".join(f"- [{t}]({base_url}/papers/{s}/)\n" for (s, _), t in zip(papers, escaped))
    link = web.page.input_value(".pd-rl-share")
    assert link == f"{base_url}/reading-list/#papers=" + ",".join(s for s, _ in papers)
    other = Watched(browser, base_url)  # another browser profile: nothing saved there
    try:
        bogus = "no-such-paper-000000"
        other.page.goto(link + f",{bogus},%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,../../etc")
        other.page.wait_for_selector("[data-reading-list][data-state=ready]", timeout=15000)
        assert other.page.locator(".pd-rl-status").inner_text() == (
            "A shared list of 2 papers. 1 of its papers is not in this site. 2 entries of the link are not a paper's"
            " address and were left out.")
        shared = other.page.eval_on_selector_all(".pd-rl-list li", "els => els.map(e => e.textContent)")
        assert [s.split(" · ")[0] for s in shared] == [t for _, t in papers] + [bogus]  # titles read from the pages
        assert "not in this site" in shared[2]
        other.page.click(".pd-rl-add")
        other.page.wait_for_selector("[data-reading-list][data-state=ready][data-count='2']", timeout=15000)
        assert [s for s, _ in _listed(other)] == [s for s, _ in papers]  # the missing paper is not added
        assert "#" not in other.page.url
        assert other.errors == [] and other.dialogs == [] and other.outside == []
    finally:
        other.page.close()


def test_reading_list_shows_stored_text_as_text(web, base_url, site_dir):
    """Entries in local storage are data: a title holding markup is shown as text, an entry whose
    slug is not a slug is dropped."""
    slug, _ = _papers_with_titles(site_dir, 1)[0]
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert web.page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('paper-digest:'))") == []
    hostile = "<img src=x onerror=alert(1)>"
    web.page.evaluate("""([slug, hostile]) => localStorage.setItem('paper-digest:reading-list:/', JSON.stringify([
        {slug: slug, title: hostile}, {slug: 'javascript:alert(1)', title: 'x'}, {slug: '../x', title: 'y'}, 42]))""",
                      [slug, hostile])
    web.page.reload()
    _list_ready(web)
    assert _listed(web) == [[slug, hostile]]
    assert web.page.locator(".pd-rl-list img").count() == 0


def test_reading_list_star_on_cards(web, base_url, site_dir):
    category = next(p for p in sorted((site_dir / "iclr-2026").glob("*/index.html")) if "pd-card" in p.read_text("utf-8"))
    web.page.goto(f"{base_url}/{category.parent.relative_to(site_dir).as_posix()}/")
    stars = web.page.locator(".pd-card .pd-star")
    assert stars.count() == web.page.locator(".pd-card").count() > 0  # one per card
    link = web.page.locator(".pd-card .pd-card-title > a").first
    title, slug = link.inner_text(), link.get_attribute("href").rstrip("/").rsplit("/", 1)[-1]
    stars.first.click()
    assert stars.first.get_attribute("aria-pressed") == "true" and stars.nth(1).get_attribute("aria-pressed") == "false"
    web.page.goto(f"{base_url}/papers/{slug}/")
    assert web.page.get_attribute("[data-pd-save]", "aria-pressed") == "true"  # the same list
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert _listed(web) == [[slug, title]]


def test_reading_list_star_on_one_line_lists_and_no_dead_button_without_javascript(web, browser, base_url, site_dir):
    """"All papers" (and a big tag's or entity's page) lists papers one line each: each line gets a star too.
    Without JavaScript the paper page's save button, which would do nothing, is not shown."""
    web.page.goto(f"{base_url}/papers/")
    lines = web.page.locator("ul.pd-list > li")
    assert lines.count() == len(list((site_dir / "papers").glob("*/index.html")))
    web.page.wait_for_function("() => document.querySelectorAll('ul.pd-list > li > .pd-star').length"
                               f" === {lines.count()}")  # (as they come into view: here all at once)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    slug = next((site_dir / "papers").glob("*/index.html")).parent.name
    page.goto(f"{base_url}/papers/{slug}/")
    assert page.locator("[data-pd-save]").count() == 1 and not page.locator("[data-pd-save]").is_visible()
    context.close()
    web.page.goto(f"{base_url}/papers/{slug}/")
    assert web.page.locator("[data-pd-save]").is_visible()


def test_reading_list_star_on_a_papers_related_papers(web, base_url, site_dir):
    """A paper page's related papers each get a star: one press saves that paper, not the page's own."""
    slug, _ = _papers_with_titles(site_dir, 1)[0]
    web.page.goto(f"{base_url}/papers/{slug}/")
    related = web.page.locator("#related-papers + ol > li")
    stars = web.page.locator("#related-papers + ol > li > .pd-star")
    assert stars.count() == related.count() > 0
    link = web.page.locator("#related-papers + ol > li > a").first
    other, title = link.get_attribute("href").rstrip("/").rsplit("/", 1)[-1], link.inner_text()
    stars.first.click()
    assert stars.first.get_attribute("aria-pressed") == "true"
    assert web.page.get_attribute("[data-pd-save]", "aria-pressed") == "false"  # (the page's own paper: not saved)
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert _listed(web) == [[other, title]]


def test_reading_list_star_on_search_results(web, base_url):
    """paper-search.js draws results query by query: each gets a star (reading-list.js watches), and
    the results' own keyboard and title logic is untouched."""
    web.search("graph")
    stars = web.page.locator(".ps-result .pd-star")
    assert stars.count() == web.page.locator(".ps-result").count() > 1
    title, href = web.titles()[1], web.hrefs()[1]
    stars.nth(1).click()
    assert stars.nth(1).get_attribute("aria-pressed") == "true"
    web.page.locator(".ps-input").fill("graph learning")  # results redrawn as one types: stars again
    web.settle()
    web.page.locator(".ps-input").fill("graph")
    web.settle()
    web.page.wait_for_function("() => document.querySelectorAll('.ps-result').length"
                               " === document.querySelectorAll('.ps-result .pd-star').length")
    lit = web.page.eval_on_selector_all(".ps-result .pd-star[aria-pressed=true] + a.ps-title", "els => els.map(e => e.href)")
    assert lit == [href]  # the saved one lit
    web.page.goto(f"{base_url}/reading-list/")
    _list_ready(web)
    assert _listed(web) == [[href.rstrip("/").rsplit("/", 1)[-1], title]]


_RELATED = re.compile(r'<li><a href="[^"]*?papers/([a-z0-9-]+)/">[^<]*</a> <span class="pd-why">([0-9.]+) · shared: ')


def _expected_suggestions(site_dir: Path, slugs: list[str]) -> list[str]:
    """The papers reading-list.js should suggest for a list, worked out from the built pages: the
    papers the list's pages name under "Related papers", by the sum of their scores (then by how
    many name them, then by slug), the list's own papers left out, at most 10."""
    score: Counter = Counter()
    count: Counter = Counter()
    for slug in slugs:
        html = (site_dir / "papers" / slug / "index.html").read_text("utf-8")
        section = html.split('id="related-papers"', 1)[1].split("</ol>", 1)[0]
        for other, s in _RELATED.findall(section):
            if other not in slugs:
                score[other] += float(s)
                count[other] += 1
    return sorted(score, key=lambda o: (-score[o], -count[o], o))[:10]


def test_reading_list_suggests_what_its_papers_are_related_to(web, browser, base_url, site_dir):
    """Under the list: the papers its papers' pages list as related, the most often and most closely
    first, each with the papers it is related to; a star adds one to the list, which then suggests
    again.  A shared list gets the same suggestions."""
    papers = _papers_with_titles(site_dir, 3)
    slugs = [s for s, _ in papers]
    web.page.goto(f"{base_url}/reading-list/")
    web.page.evaluate("(ps) => localStorage.setItem('paper-digest:reading-list:/', JSON.stringify(ps.map(p => ({slug: p[0], title: p[1]}))))",
                      papers)
    web.page.reload()
    web.page.wait_for_selector(".pd-rl-suggest[data-state=ready]", timeout=15000)
    want = _expected_suggestions(site_dir, slugs)
    assert len(want) >= 5
    shown = web.page.eval_on_selector_all(".pd-rl-suggested li", "els => els.map(e => [e.dataset.slug, e.textContent])")
    assert [s for s, _ in shown] == want
    titles = dict(papers)
    assert all("related to " in text and any(t in text for t in titles.values()) for _, text in shown)
    assert re.search(r"^☆.+ \d+\.\d\d · related to ", shown[0][1])
    web.page.click(".pd-rl-suggested li:first-child .pd-star")  # saved from the suggestions ...
    web.page.wait_for_selector(".pd-rl-suggest[data-state=ready]", timeout=15000)
    assert [s for s, _ in _listed(web)] == slugs + [want[0]]  # ... it joins the list
    again = web.page.eval_on_selector_all(".pd-rl-suggested li", "els => els.map(e => e.dataset.slug)")
    assert again == _expected_suggestions(site_dir, slugs + [want[0]]) and want[0] not in again
    other = Watched(browser, base_url)  # the list shared: the same suggestions, under the shared list
    try:
        other.page.goto(f"{base_url}/reading-list/#papers=" + ",".join(slugs))
        other.page.wait_for_selector(".pd-rl-suggest[data-state=ready]", timeout=15000)
        assert other.page.inner_text(".pd-rl-suggest h2") == "Related to this list"
        assert other.page.eval_on_selector_all(".pd-rl-suggested li", "els => els.map(e => e.dataset.slug)") == want
        assert other.errors == [] and other.missing == []
    finally:
        other.page.close()


def test_reading_list_says_when_no_page_could_be_read(browser, base_url):
    """Suggestions from pages that cannot be read (gone from the site, or a site opened from files) say
    so, rather than that the list's papers have no related papers."""
    other = Watched(browser, base_url)
    try:
        other.page.goto(f"{base_url}/reading-list/")
        other.page.evaluate("() => localStorage.setItem('paper-digest:reading-list:/', JSON.stringify("
                            "[{slug: 'no-such-paper-000000', title: 'Gone'}]))")
        other.page.reload()
        other.page.wait_for_selector(".pd-rl-suggest[data-state=ready]", timeout=15000)
        assert "could not be read" in other.page.inner_text(".pd-rl-suggest .pd-rl-note")
        assert other.page.get_attribute(".pd-rl-suggest", "data-count") == "0" and other.errors == []
    finally:
        other.page.close()


def test_map_lights_up_the_reading_list(web, base_url, site_dir):
    """The map's ★ button shows when the reading list has papers of the collection, and lights them up."""
    data = _map(web, f"{base_url}/iclr-2026/map/")
    button = web.page.locator(".pd-map-saved")
    assert not button.is_visible()  # nothing saved
    slugs = [p[4] for p in data["papers"][:2]]
    web.page.evaluate("(ss) => localStorage.setItem('paper-digest:reading-list:/', JSON.stringify("
                      "ss.map(s => ({slug: s, title: s})).concat([{slug: 'not-in-this-collection-0', title: 'x'}])))", slugs)
    web.page.reload()
    web.page.wait_for_selector(".pd-map[data-state=ready]")
    assert button.is_visible() and button.inner_text() == "★ Your reading list (2)"
    canvas = web.page.locator(".pd-map-canvas")
    whole = canvas.evaluate("c => c.toDataURL()")
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert web.page.inner_text(".pd-map-count") == "2 of 38 papers"
    web.page.wait_for_timeout(100)
    assert canvas.evaluate("c => c.toDataURL()") != whole
    button.click()
    assert web.page.inner_text(".pd-map-count") == ""
    web.page.wait_for_timeout(100)
    assert canvas.evaluate("c => c.toDataURL()") == whole


@pytest.fixture(scope="module")
def flat_site(tmp_path_factory):
    """The seed site built with use_directory_urls: false (pages at papers/<slug>.html), served."""
    site = _built_site(tmp_path_factory.mktemp("flat-project"), directory_urls=False)
    with serve(site) as url:
        yield site, url


def test_search_and_reading_list_without_directory_urls(browser, flat_site):
    site, base = flat_site
    web = Watched(browser, base)
    try:
        web.page.goto(f"{base}/about.html")
        box = web.page.locator("form.ps-box input[name=query]")
        box.fill("graph")
        box.press("Enter")
        web.page.wait_for_url(f"{base}/search.html?query=graph")
        web.settle()
        hrefs = web.hrefs()
        assert hrefs and all(re.fullmatch(r"\.\./papers/[a-z0-9-]+\.html|.*/papers/[a-z0-9-]+\.html", h) for h in hrefs), hrefs
        web.page.click(".ps-result .ps-title >> nth=0")
        web.page.wait_for_url(re.compile(r".*/papers/[a-z0-9-]+\.html$"))
        slug = web.page.url.rsplit("/", 1)[-1][:-len(".html")]
        assert (site / "papers" / f"{slug}.html").is_file()
        web.page.click("[data-pd-save]")
        web.page.goto(f"{base}/reading-list.html")
        _list_ready(web)
        assert [s for s, _ in _listed(web)] == [slug]
        assert web.page.get_attribute(".pd-rl-title", "href") == f"{base}/papers/{slug}.html"
        assert web.page.input_value(".pd-rl-share") == f"{base}/reading-list.html#papers={slug}"
        web.page.wait_for_selector(".pd-rl-suggest[data-state=ready]", timeout=15000)  # read from flat pages too
        suggested = web.page.eval_on_selector_all(".pd-rl-suggested a.pd-rl-title", "els => els.map(e => e.getAttribute('href'))")
        assert suggested and all(re.fullmatch(re.escape(base) + r"/papers/[a-z0-9-]+\.html", h) for h in suggested)
        assert web.errors == [] and web.dialogs == [] and web.outside == []
    finally:
        web.page.close()


DEV_CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"


@pytest.fixture(scope="module")
def dev_site(tmp_path_factory):
    """A site of the 2,120 dev papers (enough for related terms: from 1,000 papers), served."""
    if not DEV_CSV.exists():
        pytest.skip("needs ../shared/data/iclr2026_dev.csv")
    site = _built_site(tmp_path_factory.mktemp("dev-project"), abstracts=DEV_CSV)
    with serve(site) as url:
        yield site, url


def test_related_ideas_follow_the_papers_with_the_words(browser, dev_site):
    """`jailbreak`: the papers with the word, then those on related ideas (attacks, harmful
    prompts...), labelled, their related terms underlined, counted apart in the status line."""
    site, base = dev_site
    web = Watched(browser, base)
    try:
        web.search("jailbreak")
        status = web.status()
        m = re.match(r"([\d,]+) papers with these words, ([\d,]+) more on related ideas\. Showing 10\.", status)
        assert m, status
        direct = int(m.group(1).replace(",", ""))
        assert 5 < direct and int(m.group(2).replace(",", "")) > 20
        while web.page.locator(".ps-result").count() < direct + 5:
            web.page.click(".ps-more")
            web.settle()
        labels = web.page.eval_on_selector_all(".ps-result", "els => els.map(e => !!e.querySelector('.ps-why'))")
        assert labels[:direct] == [False] * direct and all(labels[direct:])
        first_related = web.page.locator(".ps-result").nth(direct)
        underlined = first_related.locator("mark.ps-rel").all_inner_texts()
        assert underlined and first_related.locator("mark:not(.ps-rel)").count() == 0
        assert web.page.locator(".ps-result").nth(0).locator("mark:not(.ps-rel)").count() > 0
        web.page.locator(".ps-result").nth(direct - 1).scroll_into_view_if_needed()
        web.page.screenshot(path=str(site.parent / "related-ideas.png"))
        web.search("+jailbreak")
        assert re.fullmatch(rf"{direct} papers\. Showing 10\.", web.status()), web.status()
        assert web.page.locator(".ps-why").count() == 0
        assert web.errors == [] and web.dialogs == [] and web.outside == []
    finally:
        web.page.close()


# The map (assets/digest/map.js): a collection's papers as dots, drawn on a canvas.

_DOT = """() => {  // a pixel of a dot (a colour, not the grey of a dimmed dot, the dark of a label or white)
  const c = document.querySelector('.pd-map-canvas'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const r = window.devicePixelRatio || 1, found = [];
  for (let y = 2; y < c.height - 2; y += 3) for (let x = 2; x < c.width - 2; x += 3) {
    const i = (y * c.width + x) * 4;
    if (d[i + 3] === 255 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) found.push([x / r, y / r]);
  }
  return found;
}"""


def _map(web, url: str) -> dict:
    """Open a map page, wait until it is drawn; its data (as the page fetched it)."""
    web.page.goto(url)
    web.page.wait_for_selector(".pd-map[data-state=ready]", timeout=15000)
    return web.page.evaluate("() => fetch(document.querySelector('.pd-map').dataset.map).then(r => r.json())")


def _hover_a_dot(web) -> tuple[float, float]:
    """Point at dots until the tip shows a paper; where the pointer is."""
    box = web.page.locator(".pd-map-canvas").bounding_box()
    dots = web.page.evaluate(_DOT)
    assert dots, "nothing drawn"
    for x, y in dots[::max(1, len(dots) // 40)]:
        web.page.mouse.move(box["x"] + x, box["y"] + y)
        if web.page.locator(".pd-map-tip").is_visible():
            return box["x"] + x, box["y"] + y
    raise AssertionError("no dot shows a title")


def test_map_shows_a_papers_title_and_opens_its_page(web, base_url, site_dir):
    data = _map(web, f"{base_url}/iclr-2026/map/")
    titles = {p[3]: p[4] for p in data["papers"]}
    assert len(titles) == 38
    x, y = _hover_a_dot(web)
    title = web.page.inner_text(".pd-map-tip strong")
    assert title in titles
    href = web.page.get_attribute(".pd-map-tip", "href")
    assert href == f"../../papers/{titles[title]}/"
    web.page.mouse.click(x, y)
    web.page.wait_for_url(f"{base_url}/papers/{titles[title]}/")
    assert web.page.inner_text("h1") == title
    web.page.click("text=on the map")  # ... and back: the paper, close up, its title shown
    web.page.wait_for_url(f"{base_url}/iclr-2026/map/?paper={titles[title]}")
    web.page.wait_for_selector(".pd-map[data-state=ready]")
    assert web.page.locator(".pd-map-tip").is_visible() and web.page.inner_text(".pd-map-tip strong") == title


def test_without_javascript_the_map_shows_no_dead_controls(web, browser, base_url):
    """The map's box, buttons and frame work only with its script: without it they are not shown, and the
    page says where else the papers are listed; with it they are."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/iclr-2026/map/")
    for part in (".pd-map-bar", ".pd-map-filter", ".pd-map-zoom", ".pd-map-stage"):
        assert not page.locator(part).first.is_visible(), part
    assert "The map needs JavaScript" in page.inner_text(".pd-map")
    context.close()
    _map(web, f"{base_url}/iclr-2026/map/")
    for part in (".pd-map-bar", ".pd-map-filter", ".pd-map-zoom", ".pd-map-stage"):
        assert web.page.locator(part).first.is_visible(), part


def test_on_a_touch_screen_a_tap_shows_a_dots_title_and_a_second_opens_it(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/iclr-2026/map/")
        page.wait_for_selector(".pd-map[data-state=ready]", timeout=15000)
        page.evaluate("() => document.querySelector('.pd-map-canvas').scrollIntoView({block: 'center', behavior: 'instant'})")
        box = page.locator(".pd-map-canvas").bounding_box()
        for x, y in [d for d in page.evaluate(_DOT) if 100 < box["y"] + d[1] < 800][::7]:  # (below the header bar)
            page.touchscreen.tap(box["x"] + x, box["y"] + y)
            if page.locator(".pd-map-tip").is_visible():
                break
        else:
            raise AssertionError("no tap shows a title")
        assert "/iclr-2026/map/" in page.url  # read, not opened
        href = page.get_attribute(".pd-map-tip", "href")
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
        page.wait_for_url(f"{base_url}/{href.replace('../../', '')}")
    finally:
        context.close()


def test_map_lights_up_words_and_categories_and_zooms_back(web, base_url):
    data = _map(web, f"{base_url}/iclr-2026/map/")
    canvas = web.page.locator(".pd-map-canvas")
    whole = canvas.evaluate("c => c.toDataURL()")
    label = {i: g["label"] for i, g in enumerate(data["groups"])}
    starts = lambda w, text: any(t.startswith(w) for t in re.split(r"[\W_]+", text.lower()))  # noqa: E731
    want = sum(starts("graph", f"{p[3]} {label[p[2]]}") for p in data["papers"])
    assert 0 < want < 38
    # words that begin so, not words holding it ("lora" is no "exploration")
    inside = sum("ora" in f"{p[3]} {label[p[2]]}".lower() and not starts("ora", f"{p[3]} {label[p[2]]}")
                 for p in data["papers"])
    assert inside
    web.page.fill(".pd-map-filter", "ora")
    assert web.page.inner_text(".pd-map-count") == f"{sum(starts('ora', f'{p[3]} {label[p[2]]}') for p in data['papers'])} of 38 papers"
    web.page.fill(".pd-map-filter", "Graph")
    assert web.page.inner_text(".pd-map-count") == f"{want} of 38 papers"
    assert web.page.url.endswith("/iclr-2026/map/#q=Graph")  # (a link to what is lit up)
    web.page.reload()
    web.page.wait_for_selector(".pd-map[data-state=ready]")
    assert web.page.input_value(".pd-map-filter") == "Graph"
    assert web.page.inner_text(".pd-map-count") == f"{want} of 38 papers"
    web.page.fill(".pd-map-filter", "")
    assert web.page.inner_text(".pd-map-count") == ""
    i, cat = max(enumerate(data["categories"]), key=lambda c: (c[1]["papers"], -c[0]))
    button = web.page.locator(".pd-map-legend button").nth(i)
    assert cat["name"] in button.inner_text()
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert web.page.inner_text(".pd-map-count") == f"{cat['papers']} of 38 papers"
    button.click()
    for _ in range(3):
        web.page.click("[data-zoom=in]")
    web.page.mouse.move(*(lambda b: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2))(canvas.bounding_box()))
    web.page.mouse.wheel(0, -400)
    web.page.wait_for_timeout(100)
    assert canvas.evaluate("c => c.toDataURL()") != whole
    web.page.click("[data-zoom=reset]")
    web.page.mouse.move(0, 0)
    web.page.wait_for_timeout(100)
    assert canvas.evaluate("c => c.toDataURL()") == whole


def test_map_without_directory_urls(browser, flat_site):
    site, base = flat_site
    web = Watched(browser, base)
    try:
        data = _map(web, f"{base}/iclr-2026/map.html")
        titles = {p[3]: p[4] for p in data["papers"]}
        x, y = _hover_a_dot(web)
        slug = titles[web.page.inner_text(".pd-map-tip strong")]
        web.page.mouse.click(x, y)
        web.page.wait_for_url(f"{base}/papers/{slug}.html")
        assert (site / "papers" / f"{slug}.html").is_file()
        assert web.errors == [] and web.dialogs == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()


def test_map_of_a_conference_draws_and_labels_its_sub_topics(browser, dev_site):
    site, base = dev_site
    web = Watched(browser, base)
    try:
        data = _map(web, f"{base}/iclr-2026/map/")
        assert len(data["papers"]) == 2120 and len(data["groups"]) > 30
        _hover_a_dot(web)
        assert web.page.inner_text(".pd-map-tip strong") in {p[3] for p in data["papers"]}
        meta = web.page.inner_text(".pd-map-tip-meta")
        assert any(meta.startswith(g["label"]) for g in data["groups"]), meta
        assert web.errors == [] and web.dialogs == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()


def test_the_tags_index_shows_the_most_used_first_and_filters_as_you_type(browser, dev_site):
    """A conference's hundreds of tags: the 30 most used first, then every tag once under its letter, and a box
    that keeps only the tags holding what is typed."""
    site, base = dev_site
    html = (site / "tags" / "index.html").read_text("utf-8")
    most, everything = html.split('id="all-tags-az"', 1)
    count = lambda chunk: [int(n) for n in re.findall(r'<span class="pd-count">([\d,]+)</span>', chunk)]  # noqa: E731
    assert "Most used" in most and len(count(most)) == 30 and count(most) == sorted(count(most), reverse=True)
    names = re.findall(r'<a class="pd-chip" href="[^"]*">([^<]*?) <span', everything)
    assert len(names) == len(set(names)) == int(re.search(r"([\d,]+) tags, each", html).group(1).replace(",", ""))
    assert sorted(count(everything))[-30:] == sorted(count(most))
    web = Watched(browser, base)
    try:
        web.page.goto(f"{base}/tags/")
        chips = web.page.locator(".pd-terms .pd-chip")
        assert chips.count() == len(names) and web.page.locator(".pd-terms-filter").is_visible()
        web.page.fill(".pd-terms-filter", "Attention HEADS")
        shown = [chips.nth(i).inner_text() for i in range(chips.count()) if chips.nth(i).is_visible()]
        assert shown and all("attention heads" in t.lower() for t in shown)
        assert len(shown) == sum("attention heads" in n.lower() for n in names)
        assert web.page.inner_text(".pd-terms-count") == f"{len(shown):,} of {len(names):,} tags"
        assert web.page.locator(".pd-terms-letter:visible").count() == len({t[0].upper() for t in shown})
        web.page.locator(".pd-terms .pd-chip:visible").first.click()  # ... and back: the box as it was, and its list
        web.page.wait_for_url(re.compile(r"/tags/[^/]+/$"))
        web.page.go_back()
        web.page.wait_for_load_state("load")
        assert web.page.input_value(".pd-terms-filter") == "Attention HEADS"
        assert web.page.locator(".pd-terms .pd-chip:visible").count() == len(shown)
        assert web.page.inner_text(".pd-terms-count") == f"{len(shown):,} of {len(names):,} tags"
        web.page.fill(".pd-terms-filter", "")
        assert web.page.locator(".pd-terms .pd-chip:visible").count() == len(names)
        assert web.errors == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()


def test_a_long_list_gets_its_reading_list_stars_as_it_scrolls_into_view(browser, dev_site):
    """'All papers' of a conference: a star on each line near the screen, not on all of its lines at load
    (20,000 stars at once added two seconds to the page's load)."""
    site, base = dev_site
    web = Watched(browser, base)
    try:
        web.page.goto(f"{base}/papers/")
        stars = "() => document.querySelectorAll('ul.pd-list > li > .pd-star').length"
        web.page.wait_for_function(f"{stars} > 0")
        lines = web.page.locator("ul.pd-list > li").count()
        assert lines == 2120 and web.page.evaluate(stars) < lines
        last = web.page.locator("ul.pd-list > li").last
        last.scroll_into_view_if_needed()
        web.page.wait_for_function("() => { const li = [...document.querySelectorAll('ul.pd-list > li')].pop();"
                                   " return li.firstElementChild.classList.contains('pd-star') }")
        assert web.errors == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()


def test_map_from_a_category_page_lights_up_its_papers(web, base_url, site_dir):
    home = (site_dir / "iclr-2026" / "index.html").read_text("utf-8")
    slug = re.search(r'href="(datasets-and-benchmarks)/"', home).group(1)
    web.page.goto(f"{base_url}/iclr-2026/{slug}/")
    web.page.click("text=on the map")
    web.page.wait_for_url(f"{base_url}/iclr-2026/map/?category=datasets%20and%20benchmarks")
    web.page.wait_for_selector(".pd-map[data-state=ready]")
    data = web.page.evaluate("() => fetch(document.querySelector('.pd-map').dataset.map).then(r => r.json())")
    n = next(c["papers"] for c in data["categories"] if c["name"] == "datasets and benchmarks")
    assert web.page.inner_text(".pd-map-count") == f"{n} of 38 papers"
    assert web.page.locator(".pd-map-legend button[aria-pressed=true]").inner_text().startswith("datasets and benchmarks")


def test_map_from_a_sub_topic_page_shows_its_disc(browser, dev_site):
    site, base = dev_site
    web = Watched(browser, base)
    try:
        topic = sorted((site / "topics").rglob("index.html"))[0]
        web.page.goto(f"{base}/{topic.parent.relative_to(site).as_posix()}/")
        label = web.page.inner_text("h1")
        web.page.click(".pd-lead >> text=on the map")
        web.page.wait_for_selector(".pd-map[data-state=ready]")
        assert "/iclr-2026/map/?topic=" in web.page.url
        box = web.page.locator(".pd-map-canvas").bounding_box()
        web.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # (the disc's centre)
        web.page.wait_for_selector(".pd-map-tip:visible")
        assert web.page.inner_text(".pd-map-tip-meta").startswith(label + " · ")
        assert web.errors == [] and web.dialogs == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()


CJK_ABSTRACTS = """ICLR 2026 论文列表

键值缓存随上下文长度线性增长，成为长文本推理的内存瓶颈。为了解决这一问题，我们提出了 ProtoKV，一种用于KV缓存压缩的新方法。ProtoKV 在 LongBench 上取得了最好的结果，同时内存占用降低了 3 倍。

大语言模型在复杂推理任务上表现出色，但其推理过程往往冗长且低效。为了解决这一问题，我们提出了一种新的推理压缩方法，称为思维链压缩（CoTC）。实验表明，CoTC将推理长度减少了50%！

本研究では、グラフニューラルネットワークの過平滑化を分析し、新しい正規化手法を提案する。実験により、提案手法が深いネットワークでも性能を維持することを示す。

We study diffusion models and show that they memorize their training data below a critical dataset size, with a sharp transition above it in every setting we test.
"""


@pytest.fixture(scope="module")
def cjk_site(tmp_path_factory):
    """A site of Chinese, Japanese and English abstracts, served."""
    work = tmp_path_factory.mktemp("cjk-project")
    (work / "zh.txt").write_text(CJK_ABSTRACTS, "utf-8")
    site = _built_site(work / "p", abstracts=work / "zh.txt")
    with serve(site) as url:
        yield site, url


def test_chinese_and_japanese_words_are_found(browser, cjk_site):
    """Chinese and Japanese have no spaces between words: two or more characters of a run find the abstracts that
    write them (the index holds each run's character pairs), an English word still finds its paper."""
    site, base = cjk_site
    web = Watched(browser, base)
    try:
        for query, want in (("缓存压缩", "ProtoKV"), ("思维链", "CoTC"), ("過平滑化", "グラフ"), ("推理 压缩", "CoTC"),
                            ("memorize", "diffusion")):
            web.search(query)
            titles = web.titles()
            assert titles and want.lower() in titles[0].lower(), (query, titles)
        web.search("缓存压缩")
        assert len(web.titles()) == 1  # (not every abstract with 缓 or 压)
        web.search("量子计算")
        assert web.titles() == []
        assert web.errors == [] and web.dialogs == [] and web.outside == []
    finally:
        web.page.close()


def _authored_dump() -> str:
    """Three titled abstracts with a line of authors under each title (two papers share Jane Doe)."""
    import csv
    with open(DEV_CSV, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))[:3]
    names = ["Jane Doe¹, John Smith² (MIT)", "Authors: Ann Lee and Jane Doe", "Wei Zhang, Long Chen"]
    return "ICLR 2026 Papers\n\n" + "\n\n".join(f"{r['title']}\n{n}\n{r['abstract']}" for r, n in zip(rows, names)) + "\n"


@pytest.fixture(scope="module")
def authored_site(tmp_path_factory):
    if not DEV_CSV.exists():
        pytest.skip("needs ../shared/data/iclr2026_dev.csv")
    work = tmp_path_factory.mktemp("authors-project")
    (work / "a.txt").write_text(_authored_dump(), "utf-8")
    site = _built_site(work / "p", abstracts=work / "a.txt")
    with serve(site) as url:
        yield site, url


def test_an_author_s_name_on_a_paper_page_finds_their_papers(browser, authored_site):
    """A paper's page shows the authors its title line named; a name opens the search for that author's papers,
    whose result cards show their authors, the name marked."""
    site, base = authored_site
    web = Watched(browser, base)
    try:
        docs = index_docs(site)
        assert sorted(len(r) for r in docs) == [6, 6, 6]  # (each with its authors)
        first = next(r for r in docs if r[5] == ["Jane Doe", "John Smith"])
        web.page.goto(f"{base}/papers/{first[0]}/")
        assert web.page.inner_text(".pd-meta a[title='Papers by Jane Doe']") == "Jane Doe"
        web.page.click(".pd-meta a[title='Papers by Jane Doe']")
        web.settle()
        assert web.page.input_value(".ps-input") == "author:Jane author:Doe"
        assert len(web.titles()) == 2
        cards = web.page.locator(".ps-result .ps-authors").all_inner_texts()
        assert sorted(cards) == ["Ann Lee, Jane Doe", "Jane Doe, John Smith"]
        assert {m.rstrip(",") for m in web.page.locator(".ps-result .ps-authors mark").all_inner_texts()} == {"Jane", "Doe"}
        assert web.errors == [] and web.dialogs == [] and web.outside == [] and web.missing == []
    finally:
        web.page.close()
