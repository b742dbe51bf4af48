"""PDF files: each page's text with its layout (a wide gap between lines a paragraph break, a page break inside a
sentence none), running headers, footers and page numbers left out, then read as a pasted text dump; a record's
line is its page's number.  The PDFs are written here, a few lines of PDF each, in Helvetica."""
from conftest import read_file

ABSTRACT = "We propose a method for learning. It works well on many benchmarks and tasks in practice."


def escaped(text: str) -> str:
    """A PDF string's text: its backslashes and parentheses escaped."""
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf(pages: list[list[tuple]]) -> bytes:
    """A PDF of letter-size pages, each a list of (height from the bottom, line of text) in 10-point Helvetica at
    72 points from the left, or (height, line, size in points[, points from the left])."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    kids = []
    for lines in pages:
        stream = "".join(f"BT /F1 {at[0] if at else 10} Tf {at[1] if len(at) > 1 else 72} {y} Td ({escaped(text)}) Tj ET\n"
                         for y, text, *at in lines).encode("cp1252")  # (WinAnsi: "—" too)
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


BODY = ("Graph clustering groups the nodes of a graph so that nodes in one group are densely connected. We review the "
        "spectral methods and their limits at scale, then the message passing networks that replaced them. ") * 6


def test_a_paper_s_own_pdf_is_one_paper_its_body_left_out(tmp_path):
    """A preprint's first page: the review notice, a title on two lines in large type, arXiv's stamp in larger type
    still, the authors with their marks, institutions and addresses, an "ABSTRACT" label, the abstract, its keywords, then "1 INTRODUCTION" and the body
    over two pages with the references: one paper, in the venue the notice names; the body is said, not read."""
    long = " ".join([ABSTRACT] * 3)
    first = [(760, "Under review as a conference paper at ICLR 2026", 8),
             (700, "CoCo: Compact Graph Clustering at", 17), (680, "the Scale of the Web", 17),
             (400, "arXiv:2501.00001v2 [cs.LG] 3 Jan 2026", 20, 15), (650, "Ann Lee1, Bo Chen2"), (636, "1Stanford University 2Google DeepMind"), (622, "{ann,bo}@stanford.edu"),
             (595, "ABSTRACT", 11), *wrapped(long, 578), (520, "Keywords: graph clustering, scalability"),
             (490, "1 INTRODUCTION", 11), *wrapped(BODY, 472)[:30], (40, "1")]
    second = [(760, "Under review as a conference paper at ICLR 2026", 8), *wrapped(BODY, 720), (400, "REFERENCES"),
              (380, "Lee, A. and Chen, B. Spectral clustering at scale. In ICLR, 2024."), (40, "2")]
    result = read_file(tmp_path, "coco.pdf", pdf([first, second, second]))
    assert [(r.source.line, r.collection, r.title, r.authors, r.keywords, r.url, r.text) for r in result.records] == [
        (1, "ICLR 2026", "CoCo: Compact Graph Clustering at the Scale of the Web", ["Ann Lee", "Bo Chen"],
         ["graph clustering", "scalability"], "https://arxiv.org/abs/2501.00001v2", long)]
    assert [(i.level, i.line, i.message) for i in result.issues] == [
        ("info", 1, "read as a paper's own PDF: its title, authors and abstract from page 1; its body, from "
                    "\"1 INTRODUCTION\" on page 1 (3 page(s), references included), is no abstract and is not read")]


def test_an_anonymous_paper_without_a_venue_is_in_papers_and_a_booklet_with_one_label_stays_a_booklet(tmp_path):
    """Anonymous authors give no names, a page naming no known venue gives the collection "Papers"; a booklet whose
    one paper has an "Abstract" label, and no first section after it, is read as a booklet."""
    long = " ".join([ABSTRACT] * 3)
    paper = [(700, "Sparse Attention at Scale", 17), (660, "Anonymous authors"), (646, "Paper under double-blind review"),
             (610, "Abstract", 11), *wrapped(long, 592), (520, "1. Introduction", 11), *wrapped(BODY, 500)]
    result = read_file(tmp_path, "anon.pdf", pdf([paper]))
    assert [(r.collection, r.title, r.authors, r.text) for r in result.records] == [
        ("Papers", "Sparse Attention at Scale", [], long)]
    booklet = [(720, "ICLR 2026 Papers"), (690, "Sparse Attention at Scale"), (666, "Jane Doe, John Smith"),
               (650, "Abstract"), *wrapped(f"{long} One.", 636), (560, "CoCo: Compact Graph Clustering"),
               (536, "Ann Lee, Bo Chen"), *wrapped(f"{long} Two.", 512)]
    result = read_file(tmp_path, "booklet.pdf", pdf([booklet]))
    assert [(r.title, r.text) for r in result.records] == [("Sparse Attention at Scale", f"{long} One."),
                                                            ("CoCo: Compact Graph Clustering", f"{long} Two.")]


def test_a_paper_s_authors_are_read_across_raised_marks_and_side_by_side(tmp_path):
    """pdflatex's ways with a paper's front: authors whose raised marks part their line ("Bo Wang1" ", Ann Silva2"),
    authors side by side in a table's columns, parted by their gaps, with their institutions under them; TeX's
    spacing accents ("Schr¨odinger", "G´omez") put on their letters."""
    long = " ".join([ABSTRACT] * 3)
    marked = [(700, "Schr\u00a8odinger Bridges at Scale", 17), (660, "Bo Wang", 10, 200), (664, "1", 7, 241.5),
              (660, ", Ann G\u00b4omez", 10, 245.5), (664, "2", 7, 307.5), (646, "1University of Toronto 2Microsoft Research"),
              (610, "Abstract", 11), *wrapped(long, 592), (520, "1 Introduction", 11), *wrapped(BODY, 500)]
    side = [(700, "Dual Solvers for Diffusion", 17), (660, "Sven Mensah", 10, 100), (660, "Rosa Silva", 10, 260),
            (660, "Qi Sato", 10, 420), (646, "ETH Zurich", 10, 100), (646, "ETH Zurich", 10, 260),
            (646, "ETH Zurich", 10, 420), (610, "Abstract", 11), *wrapped(long, 592), (520, "1 Introduction", 11),
            *wrapped(BODY, 500)]
    read = [read_file(tmp_path, f"{k}.pdf", pdf([page])).records for k, page in enumerate([marked, side])]
    assert [(r.title, r.authors) for [r] in read] == [("Schrödinger Bridges at Scale", ["Bo Wang", "Ann Gómez"]),
                                                      ("Dual Solvers for Diffusion", ["Sven Mensah", "Rosa Silva", "Qi Sato"])]


def test_an_ieee_paper_s_abstract_opens_with_its_label_and_its_keywords_are_index_terms(tmp_path):
    """IEEE's way: "Abstract—We ..." in one paragraph with the label, "Index Terms—..." under it, then
    "I. INTRODUCTION"; Springer's: "Abstract. We ...", keywords parted by a centred dot, the chapter's DOI in a
    footnote (its address)."""
    long = " ".join([ABSTRACT] * 3)
    page = [(700, "Robust Graph Learning", 20), (670, "Ann Lee, Bo Chen"), *wrapped(f"Abstract\u2014{long}", 640),
            (570, "Index Terms\u2014graph learning, robustness"), (540, "I. INTRODUCTION"), *wrapped(BODY, 520)]
    springer = [(700, "Robust Graph Learning", 20), (670, "Ann Lee, Bo Chen"), *wrapped(f"Abstract. {long}", 640),
                (570, "Keywords: graph learning \u00b7 robustness"), (540, "1 Introduction"), *wrapped(BODY, 520)[:30],
                (60, "https://doi.org/10.1007/978-3-031-00001-1_7.", 8)]
    for name, layout, url in (("ieee.pdf", page, None), ("lncs.pdf", springer,
                                                         "https://doi.org/10.1007/978-3-031-00001-1_7")):
        assert [(r.title, r.authors, r.keywords, r.url, r.text) for r in read_file(tmp_path, name, pdf([layout])).records] \
            == [("Robust Graph Learning", ["Ann Lee", "Bo Chen"], ["graph learning", "robustness"], url, long)]
