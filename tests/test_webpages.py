"""Saved web pages (.html): a paper's own page, the lists of papers conferences, arXiv and digests publish, a
document exported as HTML; each abstract with the title, authors and keywords around it, at its line."""
import csv
import html
from pathlib import Path

from conftest import DEV_CSV, read_file

ABSTRACT = "We propose a method for learning. It works well on many benchmarks and tasks in practice."
LONG = " ".join([ABSTRACT] * 3)  # 48 words: long enough to be an abstract where no class or label marks one


def read_page(tmp_path: Path, page: str, name: str = "page.html"):
    return read_file(tmp_path, name, page.encode("utf-8"))


def fields(result):
    return [(r.source.line, r.title, r.authors, r.keywords, r.url, r.text) for r in result.records]


def test_an_arxiv_listing_gives_each_abstract_its_title_and_authors(tmp_path):
    """arXiv's /list pages mark no abstract: the long text blocks of the page's most common kind are its abstracts;
    the "Title:" label and the page's script and header are no part of anything read."""
    entry = """<dt><a name='item{n}'>[{n}]</a> <a href='/abs/2512.0000{n}'>arXiv:2512.0000{n}</a> [<a href='/pdf/x'>pdf</a>]</dt>
<dd><div class='meta'>
<div class='list-title mathjax'><span class='descriptor'>Title:</span>
Paper {n}: A Title</div>
<div class='list-authors'><a href="/a/lee_a_1">Ann Lee</a>, <a href="/a/chen_b_1">Bo Chen</a></div>
<div class='list-subjects'><span class='descriptor'>Subjects:</span> Machine Learning (cs.LG)</div>
<p class='mathjax'>{text}
</p></div></dd>"""
    page = ("<!DOCTYPE html>\n<html><head><title>Machine Learning (cs.LG) - new</title>\n<script>var p = '<p>"
            + LONG + "</p>';</script></head>\n<body><header>arXiv &gt; cs.LG</header>\n<h3>New submissions</h3><dl>\n"
            + "\n".join(entry.format(n=n, text=f"{LONG} Number {n}.") for n in (1, 2)) + "\n</dl></body></html>\n")
    result = read_page(tmp_path, page)
    assert fields(result) == [
        (12, "Paper 1: A Title", ["Ann Lee", "Bo Chen"], [], None, f"{LONG} Number 1."),
        (20, "Paper 2: A Title", ["Ann Lee", "Bo Chen"], [], None, f"{LONG} Number 2.")]
    assert [str(i) for i in result.issues] == [
        "page.html:12: info: read as a web page: 2 abstracts (long text blocks of the kind the page has most of "
        "(<p>)), 2 with a title"]


def test_abstracts_a_class_or_label_marks_are_read_whatever_their_length(tmp_path):
    """papers.cool's (class "summary"), OpenReview's ("Abstract:" over it) and the ACL Anthology's ("abstract-collapse")
    ways; a link's text in brackets ("[PDF]") is no title; a title's relative link is made whole by the page's
    <base>, or its og:url; keywords from a "Keywords:" block; names from links to people's pages where no class
    names authors."""
    cool = """<html><head><title>ICLR.2026 | Cool Papers</title>
<meta property="og:url" content="https://papers.cool/venue/ICLR.2026"></head><body><nav>Home Feeds</nav><h1>ICLR 2026 Papers</h1>
<div class='panel paper'><h2 class='title'><span class='index'>#1</span> <a class='title-link' href='/venue/1'>Avey-B</a>
<a class='title-pdf'>[PDF<sup>3</sup>]</a></h2><p class='metainfo authors'><strong>Authors</strong>: <a class='author'>Ann Lee</a>, <a class='author'>Bo Chen</a></p>
<p class='summary'>Short abstract.</p></div></body></html>"""
    result = read_page(tmp_path, cool)
    assert fields(result) == [(5, "Avey-B", ["Ann Lee", "Bo Chen"], [], "https://papers.cool/venue/1", "Short abstract.")]
    assert {r.collection for r in result.records} == {"ICLR 2026"}
    assert any("very short" in i.message for i in result.issues)  # (short, so said, but read)
    openreview = """<!DOCTYPE html><html><head><base href="https://openreview.net/group"></head><body>
<ul><li class='note'><h4><a href='/forum?id=abc'>Gaia2: Agents</a></h4><div class='note-authors'>Ann Lee, Bo Chen</div>
<ul class='note-content'><li><strong>Keywords:</strong> <span>agents, benchmarks</span></li>
<li><strong>Abstract:</strong> <div class='value'><p>""" + ABSTRACT + """</p></div></li>
<li><strong>Primary Area:</strong> <span>datasets and benchmarks</span></li></ul></li></ul></body></html>"""
    assert fields(read_page(tmp_path, openreview)) == [
        (4, "Gaia2: Agents", ["Ann Lee", "Bo Chen"], ["agents", "benchmarks"], "https://openreview.net/forum?id=abc",
         ABSTRACT)]
    acl = """<html><body><h2>Proceedings</h2>
<p class='d-sm-flex'><span><a href='x.pdf'>pdf</a> <a href='#abstract-1'>abs</a></span><span class='d-block'><strong><a href='https://aclanthology.org/2025.acl-long.1/'>Sapiens2</a></strong><br><a href='/people/ann-lee/'>Ann Lee</a> | <a href='/people/bo-chen/'>Bo Chen</a></span></p>
<div class='card collapse abstract-collapse' id='abstract-1'><div class='card-body'>""" + ABSTRACT + """</div></div>
</body></html>"""
    assert fields(read_page(tmp_path, acl)) == [
        (3, "Sapiens2", ["Ann Lee", "Bo Chen"], [], "https://aclanthology.org/2025.acl-long.1/", ABSTRACT)]


def test_a_paper_s_own_page_is_read_from_its_citation_meta_tags(tmp_path):
    """Google Scholar's meta tags where the page has them (authors "Last, First" read "First Last"); else its
    body, as arXiv's abstract page lays it out (labels inside the title, authors and abstract)."""
    page = """<!DOCTYPE html><html><head>
<meta name="citation_title" content="Gaia2: Benchmarking Agents">
<meta name="citation_author" content="Lee, Ann"><meta name="citation_author" content="Chen, Bo">
<meta name="citation_abstract" content="  """ + html.escape(ABSTRACT + " <b>Bold</b> & more.") + """ ">
<meta name="citation_conference_title" content="The Fourteenth International Conference on Learning Representations (ICLR 2026)">
<meta name="citation_abstract_html_url" content="https://arxiv.org/abs/2501.00001">
</head><body><h1>Gaia2</h1><blockquote class="abstract">Abstract: the same, shown.</blockquote></body></html>"""
    result = read_page(tmp_path, page, "2501.00001.html")
    assert fields(result) == [(4, "Gaia2: Benchmarking Agents", ["Ann Lee", "Bo Chen"], [],
                               "https://arxiv.org/abs/2501.00001", ABSTRACT + " <b>Bold</b> & more.")]
    assert {r.collection for r in result.records} == {"ICLR 2026"}
    unplaced = page.replace("citation_conference_title", "citation_publisher")  # (no venue: one collection for all)
    assert {r.collection for r in read_page(tmp_path, unplaced, "2501.00001.html").records} == {"Papers"}
    abs_page = """<html><head><title>[2501.00001] Gaia2</title></head><body><div id="abs">
<h1 class="title mathjax"><span class="descriptor">Title:</span>Gaia2: Benchmarking Agents</h1>
<div class="authors"><span class="descriptor">Authors:</span><a href="https://arxiv.org/a/lee_a_1">Ann Lee</a>, <a href="https://arxiv.org/a/chen_b_1">Bo Chen</a></div>
<blockquote class="abstract mathjax"><span class="descriptor">Abstract:</span>""" + ABSTRACT + """</blockquote></div></body></html>"""
    assert fields(read_page(tmp_path, abs_page, "abs.html")) == [
        (4, "Gaia2: Benchmarking Agents", ["Ann Lee", "Bo Chen"], [], None, ABSTRACT)]


def test_a_document_exported_as_html_gives_a_paper_per_paragraph(tmp_path):
    """Its first heading names the collection and is no paper's title; headings over the abstracts are their
    titles; a page saved as .txt is read as a page; a long block that is not of the abstracts' kind is said."""
    page = (f"<html>\n<body>\n<h1>ICLR 2026 Papers</h1>\n<div class='intro'>{LONG} About this list.</div>\n"
            + "".join(f"<h2>Title {n}</h2>\n<p>{LONG} {n}.\n" for n in range(3)) + "</body></html>")
    result = read_page(tmp_path, page, "papers.txt")
    assert [(r.source.line, r.title, r.collection, r.text) for r in result.records] == [
        (6, "Title 0", "ICLR 2026", f"{LONG} 0."), (8, "Title 1", "ICLR 2026", f"{LONG} 1."),
        (10, "Title 2", "ICLR 2026", f"{LONG} 2.")]
    assert [str(i) for i in result.issues] == [
        "papers.txt:1: info: read as a web page: the file opens with <!DOCTYPE html> or <html> (name it .html)",
        "papers.txt:6: info: read as a web page: 3 abstracts (long text blocks of the kind the page has most of (<p>)), "
        "3 with a title",
        "papers.txt:4: warning: a text block of 51 words that is not read as an abstract (the page's abstracts are "
        "other blocks): is it one?"]


def test_page_text_is_data_and_a_page_without_abstracts_is_said(tmp_path):
    """Entities are decoded into text, never markup; scripts, styles and forms give nothing; a page with no
    abstract reads nothing and says so."""
    page = ("<html><body><form><textarea>" + LONG + "</textarea></form><style>p {}</style>"
            "<p class='abstract'>&lt;script&gt;alert(1)&lt;/script&gt; {{ config }} <img src=x onerror=alert(1)>"
            + ABSTRACT + "</p></body></html>")
    assert [r.text for r in read_page(tmp_path, page).records] == ["<script>alert(1)</script> {{ config }} " + ABSTRACT]
    empty = read_page(tmp_path, "<!doctype html><html><body><p>Home</p><p>Contact us.</p></body></html>", "empty.html")
    assert empty.records == [] and [i.level for i in empty.issues] == ["warning"]
    assert "a web page without abstracts" in empty.issues[0].message


def test_the_dev_papers_on_four_kinds_of_page_read_whole(tmp_path):
    """The 2,120 dev papers as arXiv's listing, papers.cool, an OpenReview venue page and an ACL Anthology volume
    lay them out: every abstract read exactly, with its title and authors."""
    rows = list(csv.DictReader(open(DEV_CSV, encoding="utf-8")))[:300]
    e = html.escape
    kinds = {
        "arxiv": lambda i, r: (f"<dt>[{i}] <a href='/abs/{i}'>arXiv:{i}</a></dt><dd><div class='meta'><div class='list-title"
                               f" mathjax'><span class='descriptor'>Title:</span> {e(r['title'])}</div><div class="
                               f"'list-authors'><a href='/a/x'>Ann Lee</a>, <a href='/a/y'>Bo Chen</a></div>"
                               f"<p class='mathjax'>{e(r['abstract'])}</p></div></dd>"),
        "cool": lambda i, r: (f"<div class='panel paper'><h2 class='title'><a class='title-link'>{e(r['title'])}</a> "
                              f"<a class='title-pdf'>[PDF]</a></h2><p class='authors'><a class='author'>Ann Lee</a>, "
                              f"<a class='author'>Bo Chen</a></p><p class='summary'>{e(r['abstract'])}</p></div>"),
        "openreview": lambda i, r: (f"<li class='note'><h4><a href='/forum?id={i}'>{e(r['title'])}</a></h4><div "
                                    f"class='note-authors'>Ann Lee, Bo Chen</div><ul><li><strong>Keywords:</strong> "
                                    f"{e(r['keywords'])}</li><li><strong>Abstract:</strong> <div><p>{e(r['abstract'])}"
                                    f"</p></div></li><li><strong>Primary Area:</strong> {e(r['primary_area'])}</li></ul></li>"),
        "acl": lambda i, r: (f"<p><span><a>pdf</a><a>abs</a></span><span><strong><a href='/{i}/'>{e(r['title'])}</a>"
                             f"</strong><br><a href='/people/ann/'>Ann Lee</a> | <a href='/people/bo/'>Bo Chen</a></span>"
                             f"</p><div class='abstract-collapse'><div class='card-body'>{e(r['abstract'])}</div></div>"),
    }
    for kind, entry in kinds.items():
        entries = [entry(i, r) for i, r in enumerate(rows)]
        lines = [3 + sum(e.count("\n") + 1 for e in entries[:i]) for i in range(len(rows))]  # (an abstract may
        # hold line breaks)
        page = "<!DOCTYPE html>\n<html><body><h1>Papers</h1>\n" + "\n".join(entries) + "\n</body></html>"
        result = read_page(tmp_path, page, f"{kind}.html")
        assert [(r.source.line, r.text, r.title, r.authors) for r in result.records] == [
            (line, " ".join(r["abstract"].split()), " ".join(r["title"].split()), ["Ann Lee", "Bo Chen"])
            for line, r in zip(lines, rows)], kind


def test_unclosed_elements_nested_deep_are_read(tmp_path):
    """A page whose 50,000 <div>s are never closed (and as many stray end tags) is read, not a recursion error."""
    page = "<html><body>" + "<div><span>x</span></i>" * 50_000 + f"<p class='abstract'>{ABSTRACT}</p></body></html>"
    assert [r.text for r in read_page(tmp_path, page).records] == [ABSTRACT]


def test_an_abstract_in_several_paragraphs_is_one_and_a_list_marked_as_abstracts_is_many(tmp_path):
    """An element marked as an abstract (or opening under an "Abstract:" label) holds one abstract, its paragraphs
    read as one text, its "Abstract" heading left out; one that holds headings or titles is a list of papers, not
    an abstract."""
    page = f"""<html><body>
<li><strong>Abstract:</strong> <div class='markdown'><p>{ABSTRACT}</p>
<p>Second paragraph.</p></div></li>
<section class="abstract"><h2>Abstract</h2><p>{ABSTRACT}</p><p>Its second paragraph.</p></section>
</body></html>"""
    assert [(r.source.line, r.text) for r in read_page(tmp_path, page).records] == [
        (2, f"{ABSTRACT} Second paragraph."), (4, f"{ABSTRACT} Its second paragraph.")]
    listed = f"""<html><body><div id="abstracts">
<h3>First Paper</h3><p>{LONG} One.</p>
<h3>Second Paper</h3><p>{LONG} Two.</p>
</div></body></html>"""
    assert [(r.source.line, r.title, r.text) for r in read_page(tmp_path, listed, "listed.html").records] == [
        (2, "First Paper", f"{LONG} One."), (3, "Second Paper", f"{LONG} Two.")]
