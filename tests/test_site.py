"""End to end: the seed digest builds with `mkdocs build --strict`, every page is readable and every link resolves."""
from __future__ import annotations

import gzip
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import markupsafe
import pytest
from conftest import DEV_CSV, build_project, make_project

from generator import render


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for key in ("href", "src"):
            if attrs.get(key):
                self.links.append(attrs[key])


def parse(path: Path) -> Links:
    p = Links()
    p.feed(path.read_text("utf-8"))
    return p


def resolve(site: Path, page: Path, href: str, root: str = "/") -> tuple[Path, str]:
    """The file and anchor an href of `page` names, for a site served at the path `root`."""
    url, frag = urldefrag(href)
    url = url.split("?", 1)[0]  # (a static host serves the file whatever the query: "map/?paper=x")
    if url.startswith("/"):  # (404.html uses root-absolute URLs: it is served at any address)
        if not url.startswith(root):
            return site / "(outside the site)" / url.lstrip("/"), frag
        target = (site / unquote(url[len(root):])).resolve()
    else:
        target = (page.parent / unquote(url)).resolve() if url else page
    if target.is_dir():
        target = target / "index.html"
    return target, frag


def crawl(site: Path, root: str = "/") -> list[str]:
    """Every internal href/src in every HTML page must name an existing file (and anchor), the site
    being served at the path `root`."""
    broken, parsed = [], {}
    pages = sorted(site.rglob("*.html"))
    for page in pages:
        parsed[page] = parse(page)
    for page in pages:
        for href in parsed[page].links:
            if urlsplit(href).scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            target, frag = resolve(site, page, href, root)
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {href} (no {target})")
            elif frag and target.suffix == ".html":
                ids = parsed.get(target) or parse(target)
                if frag not in ids.ids:
                    broken.append(f"{page.relative_to(site)}: {href} (no anchor #{frag})")
    return broken


def paper_pages(site: Path) -> list[Path]:
    return sorted(p for p in (site / "papers").glob("*/index.html"))


def text_of(html: str) -> str:
    html = re.sub(r"<math.*?</math>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_seed_site_has_38_paper_pages_in_one_collection(seed_site):
    assert len(paper_pages(seed_site)) == 38
    data = json.loads((seed_site / "data" / "papers.json").read_text())
    assert len(data["papers"]) == 38
    assert {p["collection"] for p in data["papers"]} == {"ICLR 2026"}
    for record in data["papers"]:
        for key in ("id", "url", "title", "name", "abstract", "collection", "category", "categories", "tags",
                    "related", "sources", "links"):
            assert key in record
        assert (seed_site / record["url"] / "index.html").is_file()
        assert record["sources"][0]["line"] >= 3


def test_paper_pages_show_the_primary_category_and_the_likely_secondary_ones(seed_site):
    """The primary category with the words that drove it, then the secondary ones a reader should
    consider (probability >= render.SECONDARY_MIN), not a row of 0.00s."""
    from generator.render import SECONDARY_MIN
    html_text = lambda h: unescape(text_of(h)).strip()  # noqa: E731
    secondary = 0
    for record in json.loads((seed_site / "data" / "papers.json").read_text())["papers"]:
        html = (seed_site / record["url"] / "index.html").read_text("utf-8")
        table = html.split('id="categories"', 1)[1].split("</table>", 1)[0]
        rows = [(html_text(a), float(b), html_text(c)) for a, b, c in
                re.findall(r"<tr><td>(.*?)</td><td[^>]*>([\d.]+)</td><td>(.*?)</td></tr>", table)]
        wanted = [c for c, score in record["categories"][:3] if c == record["category"] or score >= SECONDARY_MIN]
        assert [r[0] for r in rows] == wanted and rows[0][0] == record["category"] and rows[0][2]
        assert all(score >= SECONDARY_MIN and not why for _, score, why in rows[1:])
        secondary += len(rows) - 1
    assert secondary  # the seeds include papers between two areas


def test_every_abstract_is_readable(seed_site):
    for page in paper_pages(seed_site):
        html = page.read_text("utf-8")
        abstract = re.search(r'<div class="pd-abstract">(.*?)</div>', html, re.S).group(1)
        text = text_of(abstract)
        assert "\\textbf" not in text and "\\\\%" not in text and "$" not in text and "\\" not in text, page
        assert len(text.split()) > 50


def test_math_renders_as_mathml(seed_site):
    html = "".join(p.read_text("utf-8") for p in paper_pages(seed_site))
    assert html.count("<math") >= 5  # the C-voting seed's percentages


def test_every_internal_link_and_anchor_resolves(seed_site):
    assert crawl(seed_site) == []


def test_a_site_published_under_a_path_links_within_it(published_site):
    """Built with --site-url https://example.org/digest/ (as the Pages workflow does for a project
    site): every link resolves with the site served at /digest/, the 404 page's root-absolute ones
    included, and feeds and the sitemap give absolute addresses under the site's URL."""
    assert crawl(published_site, root="/digest/") == []
    assert 'href="/digest/assets/' in (published_site / "404.html").read_text("utf-8")
    feed = (published_site / "feeds" / "all.atom.xml").read_text("utf-8")
    links = re.findall(r'<link [^>]*href="([^"]+)"', feed)
    assert len(links) > 38 and all(u.startswith("https://example.org/digest/") for u in links)
    assert "https://example.org/digest/papers/" in gzip.decompress((published_site / "sitemap.xml.gz").read_bytes()).decode()
    assert crawl(published_site) != []  # (the check can fail: served at /, the 404 page's links lead outside)


def test_a_bad_site_url_fails_naming_the_option(tmp_path, capsys):
    project = make_project(tmp_path / "p")
    assert build_project(project, "--site-url", "digest.example.org") == 2
    assert "error: --site-url 'digest.example.org': Config value 'site_url': The URL isn't valid" in capsys.readouterr().err
    assert not (project / "site").exists() and not (project / "docs" / "papers").exists()
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("use_directory_urls: true", "use_directory_urls: maybe"), "utf-8")
    assert build_project(project) == 2
    assert "error: mkdocs.yml: Config value 'use_directory_urls': Expected type" in capsys.readouterr().err


def test_pages_without_directory_urls_link_right(tmp_path):
    """use_directory_urls: false puts a page at papers/<slug>.html, not papers/<slug>/index.html: every
    link the generator writes (and papers.json's urls, the search box, the header's search link) follows."""
    project = make_project(tmp_path / "p")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("use_directory_urls: true\n", "use_directory_urls: false\n"), "utf-8")
    assert build_project(project) == 0
    site = project / "site"
    assert crawl(site) == []
    papers = json.loads((site / "data" / "papers.json").read_text())["papers"]
    assert papers and all((site / p["url"]).is_file() and p["url"].endswith(".html") for p in papers)
    page = (site / papers[0]["url"]).read_text("utf-8")
    assert 'action="../search.html"' in page and 'href="../search.html"' in page
    assert not list(site.glob("papers/*/index.html"))
    placed = map_papers(site)  # (the map's papers too)
    assert len(placed) == len(papers) and all(url.endswith(".html") and (site / url).is_file() for _, url in placed)
    feed = site / "feeds" / "all.atom.xml"  # (entries link relative to the feed)
    entries = re.findall(r'<link rel="alternate" type="text/html" href="\.\./(papers/[^"]+)"', feed.read_text("utf-8"))
    assert entries and all(e.endswith(".html") and (site / e).is_file() for e in entries)


def test_pages_advertise_their_feeds(seed_site):
    """Every page links the site's Atom feed, a category page its own too; the rel is "alternate feed"
    (feed readers read rel's tokens; a bare "alternate" makes Material fetch a sitemap beside the feed)."""
    feed_rx = re.compile(r'<link rel="([^"]*)" type="application/atom\+xml" title="[^"]*" href="([^"]+)">')
    category = next(p for p in (seed_site / "iclr-2026").glob("*/index.html"))
    paper = next((seed_site / "papers").glob("*/index.html"))
    for page in (seed_site / "index.html", category, paper):
        links = feed_rx.findall(page.read_text("utf-8"))
        assert links and all(rel.split() == ["alternate", "feed"] for rel, _ in links), page
        for _, href in links:
            assert resolve(seed_site, page, href)[0].is_file(), (page, href)
    own = [href for _, href in feed_rx.findall(category.read_text("utf-8")) if "categories/" in href]
    assert own and own[0].endswith(category.parent.name + ".atom.xml")
    new = seed_site / "new" / "index.html"  # the What's new page links the feed in its lead, as a link
    lead = re.search(r'<p class="pd-lead">(.*?)</p>', new.read_text("utf-8"), re.S).group(1)
    hrefs = re.findall(r'<a href="([^"]+)">Atom feed of new papers</a>', lead)
    assert hrefs and resolve(seed_site, new, hrefs[0])[0] == seed_site / "feeds" / "all.atom.xml"


def test_slug_maps_give_every_papers_address_by_id(seed_site):
    """data/slugs/<c>.json (what the 404 page looks an old address up in): every paper, by its id's
    first hex digit, to the slug of its page now."""
    papers = json.loads((seed_site / "data" / "papers.json").read_text("utf-8"))["papers"]
    maps = {f.stem: json.loads(f.read_text("utf-8")) for f in (seed_site / "data" / "slugs").glob("*.json")}
    assert set(maps) == set("0123456789abcdef")
    assert {i: s for m in maps.values() for i, s in m.items()} == {p["id"]: p["url"].split("/")[1] for p in papers}
    assert all(i.startswith(c) for c, m in maps.items() for i in m)
    assert (seed_site / "assets" / "digest" / "moved.js").is_file() and "moved.js" in (seed_site / "404.html").read_text()


def test_lead_paragraphs_hold_no_unrendered_markdown(seed_site):
    """A page's lead is raw HTML, where Markdown is not rendered: a link there must be an <a>."""
    for page in sorted(seed_site.rglob("*.html")):
        for lead in re.findall(r'<p class="pd-lead">(.*?)</p>', page.read_text("utf-8"), re.S):
            assert "](" not in lead and "**" not in lead, (page, lead)


def test_home_lists_collection_and_categories(seed_site):
    home = (seed_site / "index.html").read_text("utf-8")
    assert "ICLR 2026" in home and "38 papers" in home
    nav_categories = re.findall(r'href="iclr-2026/([a-z0-9-]+)/"', home)
    assert nav_categories
    assert "Titles, categories, tags and related papers are derived from the abstracts themselves." in home
    tags, entities = ((seed_site / kind / "index.html").read_text("utf-8") for kind in ("tags", "entities"))
    assert "tags, each with the papers it is a key phrase of." in tags  # (not "every paper that mentions it")
    assert "names, each with the papers whose abstract names it." in entities
    the_map = (seed_site / "iclr-2026" / "map" / "index.html").read_text("utf-8")
    assert "Papers of one category share a disc" in the_map  # (too few papers for sub-topics)


def test_the_home_page_says_what_the_input_gave():
    """The input's own titles and areas win: the home page says so, for all papers, some or none."""
    from generator.enrich.csvdata import paper_from_text

    def papers(*given):
        return [paper_from_text(f"Abstract {i}.", given_title=t, given_area=a) for i, (t, a) in enumerate(given)]
    assert render.provenance(papers(("T", "A"), ("U", "B"))) == (
        "Titles and categories are as the input gives them. Tags and related papers are derived from the abstracts themselves.")
    assert render.provenance(papers(("T", None), (None, None))) == (
        "Titles are as the input gives them where it does, and derived from the abstract elsewhere. "
        "Categories, tags and related papers are derived from the abstracts themselves.")


def test_a_small_digest_has_a_page_for_every_named_dataset_and_model(seed_site):
    """Below 100 papers every dataset, benchmark or model a paper names has its page (a larger digest
    needs two papers or more), listed on the index, which counts them in good English."""
    index = (seed_site / "entities" / "index.html").read_text("utf-8")
    chips = dict(re.findall(r'<a class="pd-chip" href="[^"]*entities/([a-z0-9-]+)/">[^<]*<span class="pd-count">(\d+)</span>', index))
    assert {"gpt-5", "claude-4-sonnet", "kimi-k2", "longbench", "imagenet", "cifar-10"} <= set(chips) and "1" in chips.values()
    assert f"<p class=\"pd-lead\">{len(chips)} names, each" in index
    one = (seed_site / "entities" / "gpt-5" / "index.html").read_text("utf-8")
    assert '<p class="pd-lead">1 paper · ' in one and one.count('class="pd-card"') == 1
    home = (seed_site / "index.html").read_text("utf-8")
    assert f"{len(chips)} named datasets, benchmarks or models" in home


def map_papers(site: Path, collection: str = "iclr-2026") -> list[tuple[str, str]]:
    """(title, page file) of every paper on a collection's map, from the data its page draws."""
    data = json.loads((site / "data" / "map" / f"{collection}.json").read_text("utf-8"))
    assert len(data["groups"]) == len({g for _, _, g, _, _ in data["papers"]}) and data["spacing"] > 0
    for c in data["categories"] + data["groups"]:
        target, frag = resolve(site, site / "index.html", c["url"])
        assert target.is_file() and (not frag or frag in parse(target).ids), c
    return [(title, data["page"].replace("{slug}", slug)) for _, _, _, title, slug in data["papers"]]


def test_the_map_shows_every_paper_of_its_collection(seed_site):
    """Every page's nav leads to the collection's map; its data places each of the 38 papers once, with its
    title and the address of its page."""
    home = (seed_site / "index.html").read_text("utf-8")
    assert 'href="iclr-2026/map/"' in home and '<a href="iclr-2026/map/">on a map</a>, by topic' in home
    page = (seed_site / "iclr-2026" / "map" / "index.html").read_text("utf-8")
    assert 'data-map="../../data/map/iclr-2026.json"' in page and "../../assets/digest/map.js" in page
    placed = map_papers(seed_site)
    records = json.loads((seed_site / "data" / "papers.json").read_text())["papers"]
    assert sorted(placed) == sorted((r["title"], r["url"]) for r in records)
    assert all((seed_site / url / "index.html").is_file() for _, url in placed)


@pytest.mark.skipif(not DEV_CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
def test_build_from_dev_csv(tmp_path):
    """2,120 papers: every page built and every link resolves; a large category lists its sub-topics,
    each with a page of its own, and each of its papers is on exactly one of them."""
    project = make_project(tmp_path / "p", DEV_CSV)
    assert build_project(project) == 0
    site = project / "site"
    assert len(paper_pages(site)) == 2120
    assert crawl(site) == []
    papers = json.loads((site / "data" / "papers.json").read_text())["papers"]
    given = next(p for p in papers if p["given"]["keywords"])  # the authors' keywords, under the tags
    shown = markupsafe.escape(" · ".join(given["given"]["keywords"]))
    assert f'<p class="pd-keywords">Authors\' keywords: {shown}</p>' in (site / given["url"] / "index.html").read_text("utf-8")
    by_cat: dict[str, set[str]] = {}
    for p in papers:
        by_cat.setdefault(p["category"], set()).add(p["url"])
    split = [c for c, urls in by_cat.items() if len(urls) >= render.SPLIT_MIN]
    assert split
    for cat in split:
        page = site / "iclr-2026" / render.slugify(cat) / "index.html"
        topics = re.findall(r'href="\.\./\.\./(topics/[^"]+/)"', page.read_text("utf-8"))
        assert len(topics) > 1
        listed = [u for t in topics for u in re.findall(r'class="pd-card-title"><a href="\.\./\.\./(papers/[^"]+/)"',
                                                        (site / t / "index.html").read_text("utf-8"))]
        assert sorted(listed) == sorted(by_cat[cat])
    # from 1,000 papers a tag needs 3 for a page: the index says so, and a rarer tag is no link on its paper's page
    index = (site / "tags" / "index.html").read_text("utf-8")
    assert "A tag of fewer than 3 papers has no page of its own: it shows on its papers' pages, unlinked." in index
    counts: dict[str, int] = {}
    for p in papers:
        for t in p["tags"]:
            counts[t] = counts.get(t, 0) + 1
    rare = next(p for p in papers if any(counts[t] < 3 for t in p["tags"]))
    tag = next(t for t in rare["tags"] if counts[t] < 3)
    assert f'<span class="pd-tag">{markupsafe.escape(tag)}</span>' in (site / rare["url"] / "index.html").read_text("utf-8")


def test_home_offers_search_examples_its_own_papers_answer(seed_site):
    """The home page's search examples come from the digest's papers: a tag with a page, a paper's coined
    name, a typo no abstract writes; with no papers, the fields alone."""
    home = " ".join(text_of((seed_site / "index.html").read_text("utf-8")).split())
    m = re.search(r"tolerates typos \( ?(\w+) ?\), and takes field queries such as tag:(\w+) or name:(\w+) ?\.", home)
    assert m, home[home.find("How to search"):][:400]
    typo, tag, name = m.groups()
    papers = json.loads((seed_site / "data" / "papers.json").read_text())["papers"]
    assert (seed_site / "tags" / render.slugify(tag) / "index.html").is_file()
    assert name in {p["name"] for p in papers}
    assert not any(typo in p["abstract"].casefold() for p in papers)
    assert render.search_examples([], [], {}) == {}


def test_out_of_nav_pages_use_the_light_template(seed_site):
    """Paper, tag and entity pages: Material's stylesheets and header bar, the top-level nav and the
    paper search, no theme script bundle; in-nav pages keep Material's full page."""
    light = paper_pages(seed_site)[:3] + sorted((seed_site / "tags").glob("*/index.html"))[:2]
    for page in light:
        html = page.read_text("utf-8")
        assert re.search(r'<link rel="stylesheet" href="(\.\./)+assets/stylesheets/main\.[0-9a-f]+\.min\.css">', html)
        assert 'class="md-header' in html and 'class="ps-box"' in html and 'class="md-nav__list"' in html
        assert "assets/javascripts/bundle." not in html, page
        assert html.count("<h1") == 1
        # the header's icons are files the stylesheet paints, not SVG inlined in every page
        assert "<svg" not in html and all(f'class="pd-icon pd-icon--{i}"' in html for i in ("logo", "menu", "search"))
        assert "Made with" not in html and "md-footer" not in html  # (no copyright set: no footer)
    css = seed_site / "assets" / "digest" / "digest.css"
    icons = re.findall(r'url\("([^"]+)"\)', css.read_text("utf-8"))
    assert {Path(i).name for i in icons} == {"logo.svg", "menu.svg", "search.svg"}
    for icon in icons:
        assert (css.parent / icon).read_text("utf-8").startswith("<svg"), icon
    home = (seed_site / "index.html").read_text("utf-8")
    assert "assets/javascripts/bundle." in home
    assert re.search(r'class="md-header__button md-logo"[^>]*>\s*<svg', home)  # (Material's own pages: its own way)


def test_names_of_one_page_are_one_term():
    """"Llama-3.2-1B" and "Llama-3.2-1b" lead to one page, named as most papers write it, listing every
    paper of either spelling once, in paper order; a name of its own page stays apart."""
    from generator.model import Paper

    def paper(i, ents):
        return Paper(id=str(i), slug=f"p{i}", collection="C", abstract_raw="", abstract_md="", abstract_html="",
                     plain_text="", entities=ents)
    papers = [paper(0, ["Llama-3.2-1b"]), paper(1, ["Llama-3.2-1B", "GSM8K"]), paper(2, ["Llama-3.2-1B"]),
              paper(3, ["Llama-3.2-1b", "Llama-3.2-1B"]), paper(4, ["GSM8K"])]
    terms = render.terms_of(papers, "entities", 2)
    assert [(t.name, [p.id for p in t.papers], t.spellings) for t in terms] == [
        ("GSM8K", ["1", "4"], ("GSM8K",)),
        ("Llama-3.2-1B", ["0", "1", "2", "3"], ("Llama-3.2-1B", "Llama-3.2-1b"))]
    assert render.term_pages([], terms)["entities"] == {"GSM8K", "Llama-3.2-1B", "Llama-3.2-1b"}
    assert render.terms_of(papers, "entities", 3)[0].name == "Llama-3.2-1B"
    plus = [paper(0, ["HumanEval"]), paper(1, ["HumanEval", "HumanEval+"]), paper(2, ["HumanEval+"])]
    assert [(t.name, [p.id for p in t.papers]) for t in render.terms_of(plus, "entities", 2)] == [
        ("HumanEval", ["0", "1"]), ("HumanEval+", ["1", "2"])]  # a benchmark and its extension: two pages


def test_a_collection_no_header_names_is_said_to_be_from_a_few_of_its_files():
    """A folder of papers' PDFs (no header names their collection) is "from" its first files and how many more, not
    a hundred file names; a collection a header names is from its headers."""
    from generator.model import Paper, Source

    def paper(i, coll, header=""):
        return Paper(id=str(i), slug=f"p{i}", collection=coll, abstract_raw="", abstract_md="", abstract_html="",
                     plain_text="", sources=[Source(f"paper{i:02d}.pdf", 1, header)])
    papers = [paper(i, "Papers") for i in range(12)] + [paper(20, "ICLR 2026", "ICLR 2026 Papers")]
    assert {c.name: c.headers for c in render.collections_of(papers, {})} == {
        "ICLR 2026": ["ICLR 2026 Papers"],
        "Papers": ["paper00.pdf", "paper01.pdf", "paper02.pdf", "paper03.pdf", "8 more files"]}


def test_a_name_with_a_power_is_set_raised_in_its_title_and_on_its_page(tmp_path):
    """`A$^2$FM` reads `A^2FM` in plain text (so mentions and search find it), but a reader sees A²FM."""
    from generator.enrich import enrich
    from generator.normalize import normalize
    from generator.readers import read_inputs
    src = tmp_path / "a.txt"
    src.write_text("Test Papers\n\nWe present Adaptive Agent Foundation Model (A$^2$FM), a unified framework that "
                   "routes queries between reasoning and tools. A$^2$FM reaches 13.4% on BrowseComp.\n", "utf-8")
    [paper] = enrich(normalize(read_inputs([src]).records))
    paper.first_seen = "2026-01-01"
    assert paper.name == "A^2FM" and paper.title == "A²FM: Adaptive Agent Foundation Model"
    page = render.render_site([paper], "Digest", {})[f"papers/{paper.slug}.md"].decode("utf-8")
    assert "# A²FM: Adaptive Agent Foundation Model" in page and "introduces <strong>A²FM</strong>" in page


def test_a_paper_page_lists_the_papers_of_the_same_authors(tmp_path):
    """Papers that share an author link each other under "By the same authors", most shared authors first, with
    the names they share; names match whatever their letter case, dots or spaces; "Anonymous" is no author."""
    from generator.enrich import enrich
    from generator.normalize import normalize
    from generator.readers import read_inputs
    rows = [("Gaia2: A Benchmark", "Ann Lee; Bo Chen; Anonymous"), ("ProtoKV: Two Token Kinds", "ann  LEE; Cy Dee"),
            ("CoCo: Graph Clustering", "Bo Chen; Ann Lee"), ("Other Work", "Dee Eve; Anonymous")]
    text = "title,authors,abstract\n" + "".join(
        f'"{t}","{a}","We study {t.split(":")[0]} on {k + 3} benchmarks and improve accuracy by {k + 2}% over strong '
        f'baselines in every setting we try."\n' for k, (t, a) in enumerate(rows))
    (tmp_path / "a.csv").write_text(text, "utf-8")
    papers = enrich(normalize(read_inputs([tmp_path / "a.csv"]).records))
    for p in papers:
        p.first_seen = "2026-01-01"
    by_title = {p.title: p for p in papers}
    same = render.same_authors(papers)
    assert [(q.title, names) for q, names in same[by_title["Gaia2: A Benchmark"].id]] == [
        ("CoCo: Graph Clustering", ["Ann Lee", "Bo Chen"]), ("ProtoKV: Two Token Kinds", ["Ann Lee"])]
    assert by_title["Other Work"].id not in same
    site = render.render_site(papers, "Digest", {})
    page = site[f"papers/{by_title['ProtoKV: Two Token Kinds'].slug}.md"].decode("utf-8")
    gaia, coco = by_title["Gaia2: A Benchmark"], by_title["CoCo: Graph Clustering"]
    assert (f'<h2 id="by-the-same-authors">By the same authors</h2>\n\n<ul>\n<li><a href="../../papers/{gaia.slug}/">'
            f'Gaia2: A Benchmark</a> <span class="pd-why">ann  LEE</span></li>\n<li><a href="../../papers/{coco.slug}/">'
            'CoCo: Graph Clustering</a> <span class="pd-why">ann  LEE</span></li>\n</ul>') in page
    assert "By the same authors" not in site[f"papers/{by_title['Other Work'].slug}.md"].decode("utf-8")


def test_the_authors_an_input_names_link_to_a_search_for_their_papers(tmp_path):
    """An authors line under a title (or an authors column) is shown on the paper's page, each name a link to the
    search `author:` field query of its words; a name is text, escaped, in the link as in the page."""
    from generator.enrich import enrich
    from generator.normalize import normalize
    from generator.readers import read_inputs
    src = tmp_path / "a.csv"
    src.write_text('title,authors,abstract\nGaia2: A Benchmark,"A. Lee, Bo <b>Chen</b>","We introduce Gaia2, a benchmark '
                   'for agents in asynchronous environments that change while the agent thinks."\n', "utf-8")
    [paper] = enrich(normalize(read_inputs([src]).records))
    paper.first_seen = "2026-01-01"
    assert paper.authors == ["A. Lee", "Bo <b>Chen</b>"]
    page = render.render_site([paper], "Digest", {})[f"papers/{paper.slug}.md"].decode("utf-8")
    assert ('· <a href="../../search/?query=author%3ALee" title="Papers by A. Lee">A. Lee</a>, <a href="../../search/'
            '?query=author%3ABo%20author%3A%3Cb%3EChen%3C/b%3E" title="Papers by Bo &lt;b&gt;Chen&lt;/b&gt;">Bo &lt;b&gt;'
            'Chen&lt;/b&gt;</a> ·') in page
    assert render.author_query("Ludwig van Beethoven") == "author:Ludwig author:van author:Beethoven"


def test_the_page_scripts_parse_in_older_browsers():
    """The site's own scripts use no regular-expression look-behind or named group, which Safari before 16.4
    (iOS 16.3 and older) cannot parse: there a syntax error would stop the whole script (the search, say)."""
    scripts = sorted((Path(__file__).resolve().parents[1] / "site_templates").rglob("*.js"))
    assert scripts
    for script in scripts:
        text = script.read_text("utf-8")
        assert "(?<" not in text, script.name
