"""Word (.docx) and LibreOffice (.odt) documents: their paragraphs read as a text dump's lines, a record's line its
paragraph's number; headings and bold paragraphs as titles; broken or oversized archives are errors."""
import csv
import io
import zipfile
from xml.sax.saxutils import escape

from conftest import DEV_CSV, read_file

ABSTRACT = "We propose a method for learning. It works well on many benchmarks and tasks in practice."
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def run(text: str, bold: bool = False) -> str:
    props = "<w:rPr><w:b/></w:rPr>" if bold else ""
    parts = text.split("\n")
    return "".join(f"<w:r>{props}{'<w:br/>' if k else ''}<w:t xml:space=\"preserve\">{escape(p)}</w:t></w:r>"
                   for k, p in enumerate(parts))


def para(text: str = "", style: str = "", bold: bool = False, runs: list[str] | None = None) -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f"<w:p>{props}{''.join(runs) if runs else run(text, bold) if text else ''}</w:p>"


def docx(paragraphs: list[str]) -> bytes:
    body = f'<?xml version="1.0" encoding="UTF-8"?><w:document {W}><w:body>{"".join(paragraphs)}</w:body></w:document>'
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", body)
    return out.getvalue()


def test_a_word_document_s_paragraphs_are_a_text_dump_s_lines(tmp_path):
    """The header paragraph (a heading too) names the collection; each abstract its paragraph, one after another
    without empty paragraphs between them (as Word spaces paragraphs); a heading over it, a bold paragraph, or a
    title and a line break in one paragraph, its title; a record's line is its paragraph's number."""
    long = " ".join([ABSTRACT] * 4)
    doc = docx([para("ICLR 2026 Papers", style="Heading1"),
                para("Sparse Attention at Scale", style="Heading2"), para(f"{long} One."),
                para("CoCo: Compact Graph Clustering", bold=True), para(f"{long} Two."),
                para(f"LINK: Learning Instance-level Knowledge\n{long} Three."),
                para(runs=[run("Gaia2: "), run("Benchmarking Agents")]), para(f"{long} Four.")])
    result = read_file(tmp_path, "papers.docx", doc)
    assert [(r.source.line, r.collection, r.title, r.text) for r in result.records] == [
        (2, "ICLR 2026", "Sparse Attention at Scale", f"{long} One."),
        (4, "ICLR 2026", "CoCo: Compact Graph Clustering", f"{long} Two."),
        (6, "ICLR 2026", "LINK: Learning Instance-level Knowledge", f"{long} Three."),
        (7, "ICLR 2026", "Gaia2: Benchmarking Agents", f"{long} Four.")]
    assert {r.source.header for r in result.records} == {"ICLR 2026 Papers"}  # (a heading first: the header)
    assert result.issues[0].message == ("read as a Word document: its 8 paragraphs as the paragraphs of a text file "
                                        "(a line number is a paragraph's number)")
    assert not [i for i in result.issues if i.level != "info"]


def test_the_dev_abstracts_in_a_word_document_read_whole(tmp_path):
    """2,120 abstracts under their titles, the titles in bold, no empty paragraphs between them."""
    rows = list(csv.DictReader(open(DEV_CSV, encoding="utf-8")))
    paragraphs = [para("ICLR 2026 Papers")]
    for r in rows:
        paragraphs += [para(" ".join(r["title"].split()), bold=True), para(" ".join(r["abstract"].split()))]
    result = read_file(tmp_path, "dev.docx", docx(paragraphs))
    assert [(r.title, r.text) for r in result.records] == [
        (" ".join(r["title"].split()), " ".join(r["abstract"].split())) for r in rows]
    assert [r.source.line for r in result.records] == list(range(2, 2 * len(rows) + 1, 2))


def test_a_libreoffice_document_s_paragraphs_and_headings(tmp_path):
    """Its paragraphs and headings; runs of spaces as written, a count that is no number or absurd as one space
    or a hundred (not a memory's worth)."""
    t = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' \
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
    long = " ".join([ABSTRACT] * 4)
    content = (f'<?xml version="1.0"?><office:document-content {t}><office:body><office:text>'
               '<text:p>ICLR 2026 Papers</text:p><text:p/>'
               f'<text:h text:outline-level="2">Sparse <text:span>Attention</text:span> at Scale</text:h>'
               f'<text:p>{escape(long)}<text:s text:c="2"/>One.</text:p><text:p/>'
               f'<text:h>CoCo: Compact Graph Clustering</text:h><text:p>{escape(long)}<text:s text:c="x"/>Two.'
               '<text:s text:c="99999999999"/></text:p>'
               '</office:text></office:body></office:document-content>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", content)
    result = read_file(tmp_path, "papers.odt", out.getvalue())
    assert [(r.source.line, r.title, r.text) for r in result.records] == [
        (3, "Sparse Attention at Scale", f"{long}  One."), (6, "CoCo: Compact Graph Clustering", f"{long} Two.")]


def test_broken_documents_and_entities_are_errors_naming_the_file(tmp_path, monkeypatch):
    """Not a zip; a zip without the document's part (a .docx named .odt); a document that declares entities
    (refused by defusedxml); one that would unpack into more than the limit: each an error naming the file, nothing
    read, the build stops."""
    from generator import workbook
    entity = io.BytesIO()
    with zipfile.ZipFile(entity, "w") as archive:
        archive.writestr("word/document.xml", f'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]><w:document {W}>'
                                              '<w:body><w:p><w:r><w:t>&e;</w:t></w:r></w:p></w:body></w:document>')
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("other.xml", "<x/>")
    for name, data in (("a.docx", b"PK\x03\x04 not really"), ("b.docx", empty.getvalue()),
                       ("c.docx", entity.getvalue()), ("d.odt", docx([para(ABSTRACT)]))):
        result = read_file(tmp_path, name, data)
        assert result.records == [] and result.files_not_read == [name]
        assert [(i.level, i.file, i.line) for i in result.issues] == [("error", name, 1)]
        assert result.issues[0].message.startswith(("not a .docx document that can be read", "not an .odt document"))
    monkeypatch.setattr(workbook, "MAX_UNPACKED", 1_000)  # (the limit documents share)
    result = read_file(tmp_path, "e.docx", docx([para(ABSTRACT)] * 20))
    assert result.records == [] and "more than 1,000" in result.issues[0].message


def test_lines_numbered_by_paragraph_are_read_with_those_numbers_in_records_and_messages():
    """textdump.read_numbered, which documents and PDFs share: a record's line and a message's, and a line a message
    names ("part of the abstract at line ..."), are the numbers the lines carry."""
    from generator.model import ReadResult
    from generator.textdump import read_numbered
    long = " ".join([ABSTRACT] * 4)
    result = ReadResult()
    read_numbered([(4, "ICLR 2026 Papers"), (4, ""), (6, "Sparse Attention at Scale"), (6, ""), (7, long), (7, ""),
                   (9, "CoCo: Compact Graph Clustering"), (9, ""), (10, long), (10, ""), (12, long + " More.")],
                  "a.docx", result)
    assert [(r.source.line, r.title) for r in result.records] == [(6, "Sparse Attention at Scale"),
                                                                  (9, "CoCo: Compact Graph Clustering")]
    joined = [str(i) for i in result.joined]
    assert joined == ["a.docx:12: info: no title line: read as part of the abstract at line 9 (a blank line inside "
                      "it?)"]


def test_a_paper_s_own_manuscript_is_one_paper(tmp_path):
    """A paper written in Word: its title in the Title style, the authors, an "Abstract" heading, the abstract, then
    "1 Introduction" and the body: one paper, its line the label's paragraph."""
    body = [para("Graph clustering groups the nodes of a graph so that nodes in one group are densely connected. " * 3)
            for _ in range(8)]
    doc = docx([para("CoCo: Compact Graph Clustering", style="Title"), para("Ann Lee, Bo Chen"),
                para("Stanford University"), para("Abstract", style="Heading1"), para(" ".join([ABSTRACT] * 3)),
                para("1 Introduction", style="Heading1"), *body, para("References", style="Heading1")])
    result = read_file(tmp_path, "coco.docx", doc)
    assert [(r.source.line, r.collection, r.title, r.authors, r.text) for r in result.records] == [
        (4, "Papers", "CoCo: Compact Graph Clustering", ["Ann Lee", "Bo Chen"], " ".join([ABSTRACT] * 3))]
