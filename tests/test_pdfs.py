"""PDF files: each page's text with its layout (a wide gap between lines a paragraph break, a page break inside a
sentence none), running headers, footers and page numbers left out, then read as a pasted text dump; a record's
line is its page's number.  The PDFs are written here, a few lines of PDF each, in Helvetica."""
from conftest import read_file

ABSTRACT = "We propose a method for learning. It works well on many benchmarks and tasks in practice."


def escaped(text: str) -> str:
    """A PDF string's text: its backslashes and parentheses escaped."""
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf(pages: list[list[tuple[float, str]]]) -> bytes:
    """A PDF of letter-size pages, each a list of (height from the bottom, line of text) in 10-point Helvetica."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    kids = []
    for lines in pages:
        stream = "".join(f"BT /F1 10 Tf 72 {y} Td ({escaped(text)}) Tj ET\n" for y, text in lines).encode("latin-1")
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"endstream")
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> "
                       b">> /Contents %d 0 R >>" % len(objects))
        kids.append(len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def wrapped(text: str, top: float, width: int = 60) -> list[tuple[float, str]]:
    """The text's lines of at most `width` characters, 12 points apart from `top` down."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [(top - 12 * k, text) for k, text in enumerate([*lines, line])]


def test_a_booklet_s_papers_are_read_across_pages_without_its_headers_and_page_numbers(tmp_path):
    """Title, authors and abstract parted by wide gaps; a title on two lines is one; an abstract that runs on to the
    next page is one; the running header and the page numbers are no part of anything; a record's line is the page
    it starts on."""
    long = " ".join([ABSTRACT] * 3)
    furniture = lambda n: [(760, "ICLR 2026 abstract booklet"), (40, str(n))]  # noqa: E731
    first = [(720, "ICLR 2026 Papers"), (690, "Sparse Attention at Scale"), (666, "Jane Doe, John Smith"),
             *wrapped(f"{long} One.", 642), (560, "CoCo: Compact Graph Clustering"), (536, "Ann Lee, Bo Chen"),
             *wrapped(f"{long} It goes on", 512)[:3]]
    rest = wrapped(f"{long} It goes on", 512)[3:]
    second = [(720 - 12 * k, text) for k, (_, text) in enumerate(rest)]
    second += [(600, "LINK: Learning Instance-level Knowledge"), (576, "Bo Chen, Cy Dee"), *wrapped(f"{long} Three.", 552)]
    third = [(720, "Gaia2: Benchmarking Agents on"), (708, "Dynamic Environments"), (684, "Cy Dee, Ann Lee"),
             *wrapped(f"{long} Four.", 660)]  # (a title the page wrapped)
    result = read_file(tmp_path, "booklet.pdf", pdf([first + furniture(1), second + furniture(2),
                                                         third + furniture(3)]))
    assert [(r.source.line, r.collection, r.title, r.authors, r.text) for r in result.records] == [
        (1, "ICLR 2026", "Sparse Attention at Scale", ["Jane Doe", "John Smith"], f"{long} One."),
        (1, "ICLR 2026", "CoCo: Compact Graph Clustering", ["Ann Lee", "Bo Chen"], f"{long} It goes on"),
        (2, "ICLR 2026", "LINK: Learning Instance-level Knowledge", ["Bo Chen", "Cy Dee"], f"{long} Three."),
        (3, "ICLR 2026", "Gaia2: Benchmarking Agents on Dynamic Environments", ["Cy Dee", "Ann Lee"], f"{long} Four.")]
    assert result.issues[0].message == ("read as a PDF: the text of its 3 page(s), a wide gap between lines a "
                                        "paragraph break (a line number is a page's number); 6 running headers, "
                                        "footers and page numbers left out")
    assert not [i for i in result.issues if i.level != "info"]


def test_a_page_that_cannot_be_read_is_said_and_the_others_are_read(tmp_path):
    long = " ".join([ABSTRACT] * 3)
    first = [(720, "ICLR 2026 Papers"), (690, "Sparse Attention at Scale"), (666, "Jane Doe, John Smith"),
             *wrapped(f"{long} One.", 642), (560, "CoCo: Compact Graph Clustering"), (536, "Ann Lee, Bo Chen"),
             *wrapped(f"{long} Two.", 512)]
    data = pdf([first, [(720, "Lost")]])
    broken = data.replace(b"/Kids [5 0 R 7 0 R]", b"/Kids [5 0 R 99 0 R]")  # (the second page is no object)
    assert broken != data
    result = read_file(tmp_path, "booklet.pdf", broken)
    assert [(r.source.line, r.title) for r in result.records] == [(1, "Sparse Attention at Scale"),
                                                                  (1, "CoCo: Compact Graph Clustering")]
    assert [(i.level, i.line) for i in result.issues if i.level != "info"] == [("warning", 2)]
    assert "page 2 cannot be read" in result.issues[0].message


def test_a_pdf_without_text_and_a_broken_one_are_said(tmp_path):
    blank = read_file(tmp_path, "scan.pdf", pdf([[], []]))
    assert blank.records == [] and [(i.level, i.line) for i in blank.issues] == [("warning", 1)]
    assert "2 page(s) without text (scanned images?)" in blank.issues[0].message
    broken = read_file(tmp_path, "broken.pdf", b"%PDF-1.4\n1 0 obj garbage")
    assert broken.records == [] and broken.files_not_read == ["broken.pdf"]
    assert [(i.level, i.line) for i in broken.issues] == [("error", 1)]
    assert broken.issues[0].message.startswith("not a PDF that can be read")
