"""Property-based tests (hypothesis) of the reader and the normalizer: they never crash, never lose a
paragraph, and always produce Markdown/HTML that carries no raw HTML from the input."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import markup
from generator.model import RawRecord, ReadResult, Source
from generator.normalize import normalize, normalize_record
from generator.readers import decode, read_inputs
from generator.textdump import one_per_line, read_text, title_paragraphs
from generator.textlines import LABEL_ALONE
from generator.venues import looks_like_header

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces of markup that attackers and LaTeX/Markdown remnants use, mixed with arbitrary text.
TOKENS = ["<script>", "</script>", "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "javascript:",
          "data:text/html,", "<!--", "-->", "<iframe", "[x](javascript:alert(1))", "![a](x)", "<http://a.b>",
          "[r]: javascript:alert(1)", "{{ 7*7 }}", "{% raw %}", '--8<-- "/etc/passwd"', "---", "{: onclick=x }",
          "{ #id .cls }", "$\\href{javascript:alert(1)}{x}$", "$\\text{<script>}$", "$x$", "$$", "\\(", "\\)",
          "\\textbf{", "\\emph{", "}", "{", "**", "*", "_", "`", "``", "\\", "&", "&lt;", "&#x3C;", "<", ">",
          "\"", "'", "|", "#", "1.", "- ", "+ ", "> ", "==", "~~", "^^", "\\url{", "\\href{http://a.b}{",
          "http://example.com/a_(b)", "https://x.y/<z>", "\x02wzxhzdk:0\x03", "\u202e", "\u200b", "é", "数学",
          "\n", "\n\n", " ", "\t", "\r\n", "2. ", "[3] ", "Abstract: ", ". Keywords: a, b", "A Title Line Here\n",
          "Graph Learning: ", "We"]  # (a numbered, titled dump's pieces)
pieces = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=12)), max_size=40).map("".join)
one_line = pieces.map(lambda s: " ".join(s.split()))


def site_markdown() -> markdown.Markdown:
    """Python-Markdown with the site's own extensions, read from mkdocs.yml."""
    class Loader(yaml.SafeLoader):
        pass
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=Loader)
    names, configs = [], {}
    for ext in config["markdown_extensions"]:
        name, conf = next(iter(ext.items())) if isinstance(ext, dict) else (ext, None)
        names.append(name)
        if conf:
            configs[name] = conf
    return markdown.Markdown(extensions=names, extension_configs=configs)


MD = site_markdown()


class Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.comments: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_comment(self, data):
        self.comments.append(data)

    def handle_data(self, data):
        self.text.append(data)


def tags_of(html: str) -> Tags:
    parser = Tags()
    parser.feed(html)
    parser.close()
    return parser


def assert_only_our_html(html: str, allowed: dict[str, set[str]]) -> None:
    found = tags_of(html)
    assert not found.comments, html
    for tag, attrs in found.tags:
        assert tag in allowed, f"<{tag}> in {html!r}"
        assert set(attrs) <= allowed[tag], f"<{tag} {attrs}> in {html!r}"
        if "href" in attrs:
            assert attrs["href"].lower().startswith(("http://", "https://")), html
        for name, value in attrs.items():
            assert not (value or "").lower().lstrip().startswith(("javascript:", "data:", "vbscript:")), html
            assert not name.startswith("on"), html


MD_ALLOWED = {"p": set(), "strong": set(), "em": set(), "code": set(), "a": {"href"}}
MATHML = {t: markup.MATHML_ATTRS for t in markup.MATHML_TAGS}
HTML_ALLOWED = {"strong": set(), "em": set(), "code": {"class"}, "a": {"href", "rel"}, **MATHML}


@SETTINGS
@given(pieces)
def test_reader_never_crashes_and_never_loses_a_paragraph(text):
    result = ReadResult()
    read_text(text, "x.txt", result)
    paras = one_per_line(text, "x.txt", ReadResult())  # (paragraphs, a block of abstracts one per line split in lines)
    body = paras[1:] if paras and looks_like_header(paras[0][1]) else paras  # the header names the collection
    body = title_paragraphs(body, "x.txt")  # (a title paragraph over its abstract: one paragraph)
    assert result.paragraphs.get("x.txt", 0) == len(result.records) + len(result.excluded) + len(result.joined)
    kept = {r.source.line: r.text for r in result.records}
    left = {i.line for i in result.excluded} | {i.line for i in result.joined}
    for line, para in body:  # (a record's text: its paragraph, maybe without a list number, title line, label or
        assert line in left or kept[line][:20] in para  # keywords line, maybe with the paragraphs joined to it)


@SETTINGS
@given(st.binary(max_size=300))
def test_decoding_arbitrary_bytes_never_crashes(data):
    issues = []
    text = decode(data, "b.txt", issues)
    assert text is not None or any(i.level == "error" and i.file == "b.txt" for i in issues)
    assert decode(data, "b.txt", [], replace_invalid=True) is not None or data.startswith((b"\xff\xfe", b"\xfe\xff")) \
        or b"\x00" in data[:8192] or any(i.level == "error" for i in issues)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.binary(max_size=200), min_size=1, max_size=4), st.sampled_from([".txt", ".csv", ".json", ".jsonl", ".bib", ".ris", ".ciw", ".xml",
                                                                                 ".xlsx", ".html", ".docx",
                                                                                 ".odt", ".pdf"]))
def test_read_inputs_on_arbitrary_files_never_crashes_and_accounts_for_everything(tmp_path_factory, blobs, ext):
    folder = tmp_path_factory.mktemp("prop")
    for n, blob in enumerate(blobs):
        (folder / f"f{n}{ext}").write_bytes(blob)
    result = read_inputs([folder])
    assert sum(result.paragraphs.values()) == len(result.records) + len(result.excluded) + len(result.joined) \
        or result.errors
    normalize(result.records)


_TAG_SOUP = st.lists(st.sampled_from(["<html>", "<head>", "<title>", "</title>", "<body>", "<div class='abstract'>",
                                      "<div>", "</div>", "<p>", "</p>", "<li>", "<ul>", "</ul>", "<h2 class='title'>",
                                      "</h2>", "<a href='/people/x'>", "</a>", "<br>", "<script>", "</script>", "<!--",
                                      "-->", "&lt;", "&amp", "Abstract:", "Keywords: a, b", "<meta name='citation_"
                                      "abstract' content='x'>", "We propose a method. It works.", " ", "\n"]),
                     max_size=60).map("".join)


@settings(max_examples=100, deadline=None)
@given(_TAG_SOUP)
def test_any_tag_soup_is_read_as_a_web_page_without_losing_an_abstract(tmp_path_factory, page):
    folder = tmp_path_factory.mktemp("html")
    (folder / "page.html").write_text(page, "utf-8")
    result = read_inputs([folder])
    assert result.paragraphs.get("page.html", 0) == len(result.records) + len(result.excluded)
    assert all(r.text.strip() for r in result.records)
    normalize(result.records)


@SETTINGS
@given(one_line)
def test_normalized_markdown_renders_with_no_raw_html_from_the_input(text):
    paper = normalize_record(RawRecord(text, Source("x.txt", 1), "C"))
    MD.reset()
    html = MD.convert(paper.abstract_md)
    assert_only_our_html(html, MD_ALLOWED)
    assert "\x02" not in html and "\x03" not in html and "wzxhzdk" not in html.replace("wzxhzdk:0", "")


@SETTINGS
@given(one_line)
def test_normalized_html_fragment_is_only_our_own_tags(text):
    paper = normalize_record(RawRecord(text, Source("x.txt", 1), "C"))
    assert_only_our_html(paper.abstract_html, HTML_ALLOWED)
    assert "\n\n" not in paper.abstract_html  # a blank line would end the raw HTML block it is embedded in
    assert paper.plain_text == " ".join(paper.plain_text.split())


@SETTINGS
@given(pieces)
def test_escaped_text_shows_every_character_as_written(text):
    """escape_md: Markdown renders the escaped text back to exactly the input characters."""
    line = " ".join(text.split())
    if not line:
        return
    MD.reset()
    html = MD.convert(markup.escape_md(line))
    parsed = tags_of(html)
    assert {t for t, _ in parsed.tags} <= {"p"}, html
    assert " ".join("".join(parsed.text).split()) == " ".join(markup_clean(line).split())


@SETTINGS
@given(st.lists(one_line.filter(lambda s: any(c.isalnum() for c in s)), min_size=1, max_size=8))
def test_every_paragraph_of_a_file_becomes_a_record(tmp_path_factory, paras):
    paras = [p.replace("\x00", "") for p in paras if p.strip()]  # (a NUL byte makes it a binary file: tested apart)
    paras = [p for p in paras if p.strip()]
    folder = tmp_path_factory.mktemp("paras")
    (folder / "a.txt").write_text("ICLR 2026 Papers\n\n" + "\n\n".join(paras) + "\n", encoding="utf-8")
    result = read_inputs([folder])
    kept = [" ".join(r.text.split()) for r in result.records]
    left_out = len(result.excluded)
    assert len(kept) + left_out + len(result.joined) == len(paras)
    for para in paras:  # (whole, or without a list number, title line, "Abstract:" label or keywords line)
        cleaned = " ".join(markup_clean(para).split())
        assert cleaned in kept or any(k and k in cleaned for k in kept) or result.joined \
            or any(i.level == "warning" for i in result.excluded) \
            or LABEL_ALONE.fullmatch(para.strip()) and any("a label" in i.message for i in result.excluded) \
            or para.strip().startswith("#") and any("a heading, not an abstract" in i.message
                                                    for i in result.excluded), para  # ("Abstract", "# Week 1")


def markup_clean(text: str) -> str:
    import re
    return re.sub(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", " ", text)


@SETTINGS
@given(st.text(alphabet=st.characters(codec="utf-8", max_codepoint=0x3000), max_size=60)
       | st.lists(st.sampled_from(["a", "é", "\u00ad", "\x85", "\x9f", "\x80", "\x7f", "\x1f", "\x0b", "\x0c",
                                   "\r", "\r\n", "\n", "\t", "\u00a0", "°", "数"]), max_size=30).map("".join))
def test_the_byte_check_never_misses_a_control_character(text):
    """readers.may_hold_controls: False only for texts with no character clean_controls replaces (what it
    looks at is the text's UTF-8 bytes, and line ends are normalized before clean_controls runs)."""
    from generator.readers import may_hold_controls
    from generator.structured import CONTROL
    data = text.encode("utf-8")
    cleaned = text.replace("\r\n", "\n").replace("\r", "\n")
    assert may_hold_controls(data) == bool(CONTROL.search(cleaned))
