"""generator.mdraw: <!--raw--> regions come out byte for byte, and only whole regions count."""
import markdown

from generator.mdraw import CLOSE, OPEN


def convert(text: str) -> str:
    return markdown.Markdown(extensions=["generator.mdraw", "toc"]).convert(text)


def test_region_passes_through_unparsed_and_markers_vanish():
    region = '<div class="x"><p>*not emphasis* &amp; [not](a link)</p>\n\n<p>two</p></div>'
    out = convert(f"# Title\n\n{OPEN}\n{region}\n{CLOSE}\n\nafter *this*")
    assert region in out
    assert OPEN not in out and CLOSE not in out
    assert out.startswith('<h1 id="title">Title</h1>')
    assert out.endswith("<p>after <em>this</em></p>")


def test_escaped_marker_inside_a_region_does_not_close_it():
    hostile = "&lt;!--/raw--&gt;\n**still raw**"
    out = convert(f"{OPEN}\n<p>{hostile}</p>\n{CLOSE}")
    assert f"<p>{hostile}</p>" == out


def test_unclosed_region_is_left_to_markdown():
    out = convert(f"{OPEN}\n*emphasis*")
    assert "<em>emphasis</em>" in out


def test_several_regions_and_markdown_between():
    out = convert(f"{OPEN}\n<p>a</p>\n{CLOSE}\n\n## Mid\n\n{OPEN}\n<p>b</p>\n{CLOSE}")
    assert out == '<p>a</p>\n<h2 id="mid">Mid</h2>\n<p>b</p>'
