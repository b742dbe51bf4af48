"""Reader: the seed text format and its quirks, and the structured formats."""
import json
import re
from pathlib import Path

import pytest

from conftest import DEV_CSV, benchmark
from generator.model import ReadResult
from generator.readers import read_inputs
from generator.textdump import read_text
from generator.venues import collection_name

SEEDS = Path(__file__).resolve().parent.parent / "abstracts"
ABSTRACT = "We propose a method for learning. It works well on many benchmarks and tasks in practice."


def read_one(tmp_path: Path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return read_inputs([tmp_path])


def test_seed_files_give_38_abstracts_in_one_collection():
    result = read_inputs([SEEDS])
    assert len(result.records) == 38
    assert {r.collection for r in result.records} == {"ICLR 2026"}
    assert {r.source.header for r in result.records} == {"ICLR 2026 Papers", "ICLR 2026 论文列表"}
    assert not result.errors


@pytest.mark.parametrize("header, expected", [
    ("ICLR 2026 Papers", "ICLR 2026"),
    ("ICLR 2026 论文列表", "ICLR 2026"),
    ("NeurIPS 2025 Papers", "NeurIPS 2025"),
    ("Accepted papers of ACL 2024", "ACL 2024"),
    ("My reading list", "My reading list"),
    ("neurips 2025 papers", "NeurIPS 2025"),  # a known venue in its own spelling, whatever the header's case
    ("NEURIPS 2025 accepted papers", "NeurIPS 2025"),
    ("iclr 2026 论文列表", "ICLR 2026"),
    ("ICLR '26 papers", "ICLR 2026"),
    ("ICML’25 accepted", "ICML 2025"),
    ("foo 2024 papers", "FOO 2024"),
    ("Bob's '23 list", "Bob's '23 list"),
])
def test_collection_names(header, expected):
    assert collection_name(header) == expected


def test_collections_that_differ_only_in_letter_case_are_one(tmp_path):
    (tmp_path / "a.txt").write_text(f"FOO 2024 Papers\n\n{ABSTRACT}\n", "utf-8")
    (tmp_path / "b.txt").write_text(f"Foo 2024 Papers\n\n{ABSTRACT} Two.\n\n{ABSTRACT} Three.\n", "utf-8")
    result = read_inputs([tmp_path])
    assert [r.collection for r in result.records] == ["Foo 2024"] * 3
    assert [str(i) for i in result.issues] == ["a.txt: info: collection 'FOO 2024' is 'Foo 2024' in other files: read as one"]


def test_crlf_bom_trailing_spaces_blank_runs_and_wrapped_lines(tmp_path):
    text = ("\ufeffICLR 2026 Papers  \r\n\r\n\r\n\r\n"
            "We propose a method   \r\nthat is hard-wrapped \r\nover three lines.\r\n"
            "   \r\n \t \r\n"
            f"{ABSTRACT}  \r\n")
    result = read_one(tmp_path, "a.txt", text.encode("utf-8"))
    assert [r.text for r in result.records] == [
        "We propose a method that is hard-wrapped over three lines.", ABSTRACT]
    assert [r.source.line for r in result.records] == [5, 10]
    assert result.records[0].collection == "ICLR 2026"
    assert result.records[0].source.header == "ICLR 2026 Papers"


def test_line_numbers_are_where_each_paragraph_starts(tmp_path):
    text = f"ICLR 2026 Papers\n\n{ABSTRACT}\n\n\n{ABSTRACT} Two.\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [r.source.line for r in result.records] == [3, 6]
    assert result.paragraphs == {"a.txt": 2}


def test_file_without_header_keeps_first_paragraph_and_warns(tmp_path):
    result = read_one(tmp_path, "neurips2025.txt", f"{ABSTRACT}\n\n{ABSTRACT} Again.\n".encode())
    assert len(result.records) == 2
    assert result.records[0].collection == "NeurIPS 2025"  # (from the file name, in the venue's own spelling)
    assert any("no header" in i.message and i.line == 1 for i in result.issues)


def test_header_without_a_blank_line_after_it_is_named_in_the_warning(tmp_path):
    result = read_one(tmp_path, "a.txt", f"ICLR 2026 Papers\n{ABSTRACT}\n\n{ABSTRACT} Two.\n".encode())
    (warning,) = [i for i in result.issues if "no header" in i.message]
    assert warning.line == 1 and "'ICLR 2026 Papers', reads like one: put a blank line after it" in warning.message
    assert len(result.records) == 2  # (nothing dropped: the first paragraph is read as it stands)
    wrapped = read_one(tmp_path, "a.txt", f"We propose a method\nthat is hard-wrapped.\n\n{ABSTRACT}\n".encode())
    assert [i.message for i in wrapped.issues if "no header" in i.message] == [
        "no header line naming the collection; the first paragraph is read as an abstract and the collection is "
        "taken from the file name"]


def test_abstracts_run_together_are_kept_with_a_warning(tmp_path):
    """Longer than OpenReview allows an abstract (5,000 characters): several abstracts without blank lines."""
    long_one = " ".join([ABSTRACT] * 60)  # (5,400 characters)
    result = read_one(tmp_path, "a.txt", f"ICLR 2026 Papers\n\n{long_one}\n\n{ABSTRACT}\n".encode())
    assert len(result.records) == 2
    (warning,) = [i for i in result.issues if "characters" in i.message]
    assert warning.line == 3 and "are several abstracts run together?" in warning.message
    (tmp_path / "csv").mkdir()  # (a table's record: no paragraphs to separate)
    table = read_one(tmp_path / "csv", "a.csv", f'abstract\n"{long_one}"\n'.encode())
    (warning,) = [i for i in table.issues if "characters" in i.message]
    assert warning.message.startswith("abstract of 5,399 characters") and "blank lines" not in warning.message


def test_abstracts_one_per_line_are_read_one_per_line(tmp_path):
    """A dump with no blank lines: each line a whole abstract (longer than an abstract's own paragraphs, with
    sentences), the header line right above them."""
    abstracts = [f"Paper {k} studies topic {k} in depth. " + " ".join([ABSTRACT] * 7) for k in range(3)]  # (3 x 663)
    result = read_one(tmp_path, "a.txt", ("NeurIPS 2025 Papers\n" + "\n".join(abstracts) + "\n").encode())
    assert [(r.source.line, r.text, r.collection) for r in result.records] == [
        (k + 2, text, "NeurIPS 2025") for k, text in enumerate(abstracts)]
    assert [(i.level, i.line, i.message) for i in result.issues] == [
        ("info", 1, "3 abstracts on lines 2-4 with no blank line between them: read as one abstract per line")]
    (tmp_path / "b").mkdir()  # without a header, in a file with blank lines: where they are longer than one abstract
    longer = [text + " " + " ".join([ABSTRACT] * 16) for text in abstracts]  # (3 x 2,103)
    text = "ICLR 2026 Papers\n\n" + "\n".join(abstracts) + "\n\n" + "\n".join(longer) + "\n"
    result = read_one(tmp_path / "b", "b.txt", text.encode())
    assert [(r.source.line, r.text) for r in result.records] == [(3, " ".join(abstracts))] + [
        (k + 7, text) for k, text in enumerate(longer)]
    assert [(i.level, i.line, i.message.split(":")[0]) for i in result.issues] == [
        ("info", 3, "lines 3-5, each as long as an abstract, with no blank line between them"),  # (may be one's paragraphs)
        ("info", 7, "3 abstracts on lines 7-9 with no blank line between them")]
    (tmp_path / "c").mkdir()  # all a file holds under its header line (a blank line between)
    result = read_one(tmp_path / "c", "c.txt", ("ICLR 2026 Papers\n\n" + "\n".join(abstracts[:2]) + "\n").encode())
    assert [(r.source.line, r.text) for r in result.records] == [(3, abstracts[0]), (4, abstracts[1])]


def test_a_title_over_its_abstract_with_a_blank_line_between_is_its_title(tmp_path):
    """A Markdown file's way: "## Title", a blank line, the abstract (and "**Title**", "Title: ...", a plain title
    line alike); a paragraph with no title over it is the rest of the abstract above, as in a titled file."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    text = ("# ICLR 2026 Papers\n\n## ProtoKV: Processing Two Token Categories\n\n" + body + "\n\nMore of it: " + body
            + "\n\n**Gaia2: A Benchmark for Agents**\n\n" + body + "\n\nTitle: Cartridges for Long Contexts\n\n" + body + "\n")
    result = read_one(tmp_path, "a.md", text.encode())
    assert [(r.source.line, r.title, r.text) for r in result.records] == [
        (3, "ProtoKV: Processing Two Token Categories", f"{body} More of it: {body}"),
        (9, "Gaia2: A Benchmark for Agents", body), (13, "Cartridges for Long Contexts", body)]
    assert ("info", 3, "3 title lines with a blank line under them: read as the titles of the abstracts below them") in [
        (i.level, i.line, i.message) for i in result.issues]
    assert result.paragraphs["a.md"] == len(result.records) + len(result.joined)
    (tmp_path / "b").mkdir()  # one short line over an abstract is no titled file
    one = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\nAccepted papers\n\n{body}\n\n{body}\n".encode())
    assert [(r.title, r.text) for r in one.records] == [(None, "Accepted papers"), (None, body), (None, body)]


@pytest.mark.parametrize("layout", ["{t}\n{a}\n{b}", "{t}\n{a}\n\n{b}", "{t}\n\n{a}\n\n{b}", "## {t}\n\n{a}\n\n{b}"])
def test_a_line_of_authors_names_under_a_title_is_read_as_the_authors(tmp_path, layout):
    """A line of names under the title line, or a paragraph of them between title and abstract, gives the paper's
    authors (affiliations, marks and e-mail addresses left out); it is not the abstract's first sentence."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    names = ["Jane Doe¹, John Smith²* (MIT)", "Authors: A. Lee, B. Chen and C. Dee", "Wei Zhang, Long Chen · Xin Li",
             "By Ludwig van Beethoven (ann@x.org)"]
    titles = [f"A Method Numbered {n}" for n in range(4)]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(layout.format(t=t, a=a, b=body) for t, a in zip(titles, names)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.title, r.authors, r.text) for r in result.records] == [
        (titles[0], ["Jane Doe", "John Smith"], body), (titles[1], ["A. Lee", "B. Chen", "C. Dee"], body),
        (titles[2], ["Wei Zhang", "Long Chen", "Xin Li"], body), (titles[3], ["Ludwig van Beethoven"], body)]
    assert ("info", 3, "4 of 4 titles have a line of authors' names under them: read as the papers' authors") in [
        (i.level, i.line, i.message) for i in result.issues]


def test_a_line_of_institutions_under_the_authors_is_left_out_of_the_abstract(tmp_path):
    """Title, names, their institutions, abstract: the institutions' line is not the abstract's first words (a note
    says so); an abstract's first line that mentions research stays."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    places = ["¹Massachusetts Institute of Technology ²Google DeepMind", "Department of Computer Science, University of "
              "Toronto", "Research on large language models has grown fast,"]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(f"A Method Numbered {k}\nJane Doe¹, John Smith²\n{p}\n{body}"
                                                for k, p in enumerate(places)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.authors, r.text) for r in result.records] == [(["Jane Doe", "John Smith"], body)] * 2 + [
        (["Jane Doe", "John Smith"], f"{places[2]} {body}")]
    assert ("info", 3, "3 of 3 titles have a line of authors' names under them: read as the papers' authors; the lines "
                       "of their institutions under 2 of them left out") in [(i.level, i.line, i.message) for i in result.issues]


def test_institutions_on_several_lines_and_one_author_s_name_alone_are_left_out_of_the_abstract(tmp_path):
    """A PDF's title block: the institutions on a line each, under the names or under one author's name alone (a
    name alone is the authors' line only where an institution's line follows it: a short subtitle stays text)."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    blocks = ["Jane Doe¹, John Smith²\n¹Massachusetts Institute of Technology\n²Stanford University\nGoogle DeepMind",
              "Ann Lee\nUniversity of Toronto\nVector Institute", "Ann Lee\nThe first line of an abstract, cut here"]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(f"A Method Numbered {k}\n{b}\n{body}" for k, b in enumerate(blocks)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.authors, r.text) for r in result.records] == [
        (["Jane Doe", "John Smith"], body), (["Ann Lee"], body), ([], f"Ann Lee The first line of an abstract, cut here {body}")]
    assert ("info", 3, "2 of 3 titles have a line of authors' names under them: read as the papers' authors; the lines "
                       "of their institutions under 2 of them left out") in [(i.level, i.line, i.message) for i in result.issues]


@pytest.mark.parametrize("layout", ["{T}\nAnonymous authors\nPaper under double-blind review\nABSTRACT\n{b}",
                                    "{t}\nAnonymous authors\nPaper under double-blind review\n\nAbstract\n\n{b}",
                                    "{t}\nAnonymous authors\n\nAbstract\n\nA first paragraph: {t}.\n\n{b}",
                                    "{t}\nJane Doe, John Smith\nMIT, Stanford University\n\nAbstract\n\n{b}"])
def test_a_first_page_s_front_matter_under_a_title_is_no_part_of_the_abstract(tmp_path, layout):
    """An abstract copied with its PDF's first page: "Anonymous authors", "Paper under double-blind review" and the
    "ABSTRACT" heading between title and abstract (blank lines or not) are left out, with a note; so are the authors'
    names and institutions (the names kept as the authors)."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    titles = [f"A Method Numbered {k}" for k in range(3)]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(layout.format(t=t, T=t.upper(), b=body) for t in titles) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    named = ["Jane Doe", "John Smith"] if "Jane" in layout else []
    first = "A first paragraph: {t}. " if "first paragraph" in layout else ""  # (under its label, however short)
    assert [(r.title.lower(), r.authors, r.text) for r in result.records] == [
        (t.lower(), named, first.format(t=t) + body) for t in titles]
    assert not [i for i in result.issues if i.level != "info"]
    assert any(i.message.startswith("3 of 3 titles have a first page's front matter under them") for i in result.issues)


def test_a_paper_s_text_pasted_from_its_pdf_is_one_paper(tmp_path):
    """A whole paper copied out of its PDF into a .txt: the review notice, the title on two lines, authors whose
    raised marks part their line (and a name with pdflatex's parted accent, "G´omez"), institutions, addresses, the "ABSTRACT" label, the abstract with a word split at a
    line's end, its keywords, then "1 INTRODUCTION", the body and the references: one paper in the venue the notice
    names, its body said. A dump whose header stands over one labelled abstract and a numbered title stays a dump."""
    body = "\n".join(["Graph clustering groups the nodes of a graph so that nodes in one group are densely connected."] * 30)
    text = ("Under review as a conference paper at ICLR 2026\nCoCo: Compact Graph Clustering at the Scale of the\n"
            "Long-\nRange Web\nAnn Lee1\n, Bo G\u00b4omez2\n1Stanford University 2Google DeepMind\n{ann,bo}@stanford.edu\n"
            "ABSTRACT\nWe cluster graphs of a billion edges with a consis-\ntent method. " + ABSTRACT + "\n" + ABSTRACT
            + "\nKeywords: graph clustering, scalability\n1 INTRODUCTION\n" + body + "\nREFERENCES\nLee, A. Spectral "
            "clustering. In ICLR, 2024.\n")
    result = read_one(tmp_path, "coco.txt", text.encode())
    assert [(r.source.line, r.collection, r.title, r.authors, r.keywords, r.text) for r in result.records] == [
        (9, "ICLR 2026", "CoCo: Compact Graph Clustering at the Scale of the Long-Range Web", ["Ann Lee", "Bo Gómez"],
         ["graph clustering", "scalability"], f"We cluster graphs of a billion edges with a consistent method. "
         f"{ABSTRACT} {ABSTRACT}")]
    assert [(i.level, i.line, i.message) for i in result.issues] == [
        ("info", 9, "read as a paper's own text: its title, authors and abstract from line 9; its body, from "
                    "\"1 INTRODUCTION\" at line 14, is no abstract and is not read")]
    dump = ("ICLR 2026 Papers\n\nAbstract\n" + " ".join([ABSTRACT] * 3) + "\n\n1. Sparse Attention at Scale\n"
            + "\n\n".join([" ".join([ABSTRACT] * 3)] * 4) + "\n")
    (tmp_path / "dump").mkdir()
    assert len(read_one(tmp_path / "dump", "dump.txt", dump.encode()).records) == 5



def test_an_arxiv_listing_s_field_lines_give_title_authors_and_address(tmp_path):
    """arXiv's listing pasted: "[1] arXiv:2501.00001 [pdf, html, other]", "Title: ...", "Authors: ...", "Comments: ...",
    "Subjects: ...", the abstract: the fields are no part of the abstract; title, authors and the arXiv page go to
    the paper, the other fields are left out (counted in a note)."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    text = ("arXiv cs.LG new submissions\n\n"
            f"[1] arXiv:2501.00001 [pdf, html, other]\nTitle: Sparse Attention at Scale\nAuthors: Jane Doe, John Smith\n"
            f"Comments: 10 pages, 4 figures\nSubjects: Machine Learning (cs.LG); Artificial Intelligence (cs.AI)\n{body}\n\n"
            f"[2] arXiv:2501.00002 [pdf, other]\nTitle: CoCo: Compact Graph Clustering\nAuthors: Ann Lee\n"
            f"Subjects: Machine Learning (cs.LG)\n{body}\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.text) for r in result.records] == [
        (3, "Sparse Attention at Scale", ["Jane Doe", "John Smith"], "https://arxiv.org/abs/2501.00001", body),
        (10, "CoCo: Compact Graph Clustering", ["Ann Lee"], "https://arxiv.org/abs/2501.00002", body)]
    assert ("info", 3, "2 of 2 abstracts have field lines around them (Title:, Authors:, Keywords:, an arXiv id...): "
                       "read as their titles, authors, keywords, area and address; left out: 1 'comments', 2 'subjects'"
            ) in [(i.level, i.line, i.message) for i in result.issues]


def test_an_arxiv_listing_copied_from_a_browser_gives_title_authors_and_abstract(tmp_path):
    """As a browser copies arXiv's /list page: the authors without a label under the title (one author too), and
    a blank line between the fields and the abstract; the fields' paragraph is no paper of its own."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    text = ("arXiv cs.LG new submissions\n\n"
            "[1] arXiv:2501.00001 [pdf, html, other]\nTitle: Sparse Attention at Scale\nJane Doe, John Smith\n"
            f"Comments: 10 pages, 4 figures\nSubjects: Machine Learning (cs.LG)\n\n{body}\n\n"
            f"[2] arXiv:2501.00002 [pdf, other]\nTitle: CoCo: Compact Graph Clustering\nAnn Lee\n"
            f"Subjects: Machine Learning (cs.LG)\n\n{body} Two.\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.text) for r in result.records] == [
        (3, "Sparse Attention at Scale", ["Jane Doe", "John Smith"], "https://arxiv.org/abs/2501.00001", body),
        (11, "CoCo: Compact Graph Clustering", ["Ann Lee"], "https://arxiv.org/abs/2501.00002", f"{body} Two.")]
    assert result.paragraphs["a.txt"] == 2 and not [i for i in result.issues if i.level != "info"]
    many = "arXiv cs.LG new submissions\n\n" + "\n\n".join(  # (20 papers, with comments: no title line over
        f"[{n}] arXiv:2501.000{n:02d} [pdf, html, other]\nTitle: Paper {n}\nAnn Lee\nComments: 10 pages, 3 figures\nSubjects: Machine Learning "
        "(cs.LG)\n\n"
        f"{body} {n}." for n in range(1, 21)) + "\n"  # a blank line reads so; field lines alone do)
    (tmp_path / "many").mkdir()
    result = read_one(tmp_path / "many", "b.txt", many.encode())
    assert [(r.source.line, r.title, r.authors, r.text) for r in result.records] == [
        (3 + 8 * (n - 1), f"Paper {n}", ["Ann Lee"], f"{body} {n}.") for n in range(1, 21)]
    assert ("info", 3, "20 paragraphs of an abstract's fields (an arXiv id, Title:, the authors, an 'Abstract' "
                       "label...) with a blank line under them: read with the abstract below each") in [(i.level, i.line, i.message)
                                                                            for i in result.issues]


def test_an_openreview_venue_page_copied_from_a_browser_gives_each_paper_its_fields(tmp_path):
    """As a browser copies OpenReview's list of a venue's papers: the title, the authors (one author too), the date,
    "Keywords: ...", "Abstract:", a blank line, the abstract, a blank line, then "Primary Area: ..." over the next
    paper's title: that area closes the abstract above it."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    entry = ("{t}\n{a}\n19 Sept 2025 (modified: 08 Oct 2025) ICLR 2026 Conference Submission\nKeywords: {k}\n"
             "Abstract:\n\n{b}\n\nPrimary Area: {area}")
    papers = [("Sparse Attention at Scale", "Jane Doe, John Smith", "attention", "generative models"),
              ("CoCo: Compact Graph Clustering", "Ann Lee", "graphs", "learning on graphs"),
              ("LINK: Learning Instance-level Knowledge", "Bo Chen, Cy Dee", "knowledge", "optimization")]
    text = "ICLR 2026 Conference\n\n" + "\n".join(entry.format(t=t, a=a, k=k, b=f"{body} {n}.", area=area)
                                                   for n, (t, a, k, area) in enumerate(papers)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.title, r.authors, r.keywords, r.area, r.text) for r in result.records] == [
        (3 + 9 * n, t, a.split(", "), [k], area, f"{body} {n}.") for n, (t, a, k, area) in enumerate(papers)]
    assert result.paragraphs["a.txt"] == 3 and not [i for i in result.issues if i.level != "info"]


def test_a_papers_cool_page_copied_from_a_browser_gives_titles_authors_and_abstracts(tmp_path):
    """As a browser copies papers.cool: "#1 Title [PDF3] [Kimi1]", a blank line, "Authors: ...", the abstract, then
    "Subject: ICLR.2026 - Poster": the links after the title and the subject under the abstract are neither a
    title's nor a paper's; an area so placed is the paper's."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(
        f"#{n} Paper Number {n}: A Title [PDF{n}] [Copy] [Kimi{n}]\n\nAuthors: Ann Lee, Bo Chen\n\n{body} {n}.\n\n"
        f"Subject: ICLR.2026 - Poster" + ("\n\nPrimary Area: optimization" if n == 2 else "") for n in range(1, 6)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.title, r.authors, r.area, r.text) for r in result.records] == [
        (f"Paper Number {n}: A Title", ["Ann Lee", "Bo Chen"], "optimization" if n == 2 else None, f"{body} {n}.")
        for n in range(1, 6)]
    assert result.paragraphs["a.txt"] == 5 and not [i for i in result.issues if i.level != "info"]


def test_an_openreview_page_s_fields_around_the_abstract_are_read_as_fields(tmp_path):
    """OpenReview's forum page pasted: the title, the authors' names, "Published: ...", the venue's line, "Keywords:",
    "TL;DR:", "Abstract: ..." and, under it, "Primary Area: ...": title, authors, keywords and the area go to the
    paper (the area as a given one), the rest is left out; the abstract is the abstract alone.  One field line
    alone over an abstract ("Code: https://...") is the abstract's (a line with a link is no title either)."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    page = ("{t}\nJane Doe, John Smith\nPublished: 26 Jan 2026, Last Modified: 01 Mar 2026\nICLR 2026 Poster\n"
            "Keywords: sparse attention, long context\nTL;DR: Learned sparse attention halves the cost.\nAbstract: {b}\n"
            "Primary Area: foundation or frontier models, including LLMs")
    titles = ["Sparse Attention at Scale", "CoCo: Compact Graph Clustering", "LINK: Learning Instance-level Knowledge"]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(page.format(t=t, b=f"{body} Paper {k}.") for k, t in enumerate(titles))
    result = read_one(tmp_path, "a.txt", (text + "\n").encode())
    assert [(r.title, r.authors, r.keywords, r.area, r.text) for r in result.records] == [
        (t, ["Jane Doe", "John Smith"], ["sparse attention", "long context"], "foundation or frontier models, including "
         "LLMs", f"{body} Paper {k}.") for k, t in enumerate(titles)]  # (a title is no "Link:" field; an area that
    # closes three papers is no page's running header)
    note = next(i.message for i in result.issues if "field lines" in i.message)
    assert note.endswith("left out: 3 'a line without a label', 3 'published', 3 'tl;dr'")
    assert not [i for i in result.issues if i.level != "info"]
    (tmp_path / "b").mkdir()
    plain = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\nCode: https://github.com/x/y\n{body}\n\n{body}\n".encode())
    assert [(r.title, r.text) for r in plain.records] == [(None, f"Code: https://github.com/x/y {body}"), (None, body)]



@pytest.mark.parametrize("layout", ["- **{t}**: {b}", "* __{t}__ — {b}", "- {b}"])
def test_a_markdown_list_of_abstracts_gives_one_paper_per_item(tmp_path, layout):
    """A reading list in Markdown: one item per abstract, no blank line between them, "## Week 1" headings over
    the lists.  Each item is a paper (its bold lead, "**Title**:", its title; the list's mark no part of it); a
    heading alone is left out with a note.  (It was one paper of all the items, or none: over 100,000 characters.)"""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 8)
    titles = ["Sparse Attention at Scale", "CoCo: Compact *Graph* Clustering", "Gaia2", "A Method Numbered 4"]
    item = lambda k: layout.format(t=titles[k], b=f"{body} Paper {k}.")  # noqa: E731
    text = (f"# ICLR 2026 reading list\n\n## Week 1\n\n{item(0)}\n{item(1)}\n\n## Week 2\n\n{item(2)}\n{item(3)}\n")
    result = read_one(tmp_path, "list.md", text.encode())
    named = "{t}" in layout
    assert [(r.source.line, r.title, r.text) for r in result.records] == [
        (line, titles[k] if named else None, f"{body} Paper {k}.") for k, line in enumerate([5, 6, 10, 11])]
    assert [(i.line, i.message) for i in result.excluded] == [
        (3, "'## Week 1': a heading, not an abstract (no abstract under it reads as its paper's); left out"),
        (8, "'## Week 2': a heading, not an abstract (no abstract under it reads as its paper's); left out")]
    assert not [i for i in result.issues if i.level != "info"]



@pytest.mark.parametrize("layout", [
    "{t}\nPart of Advances in Neural Information Processing Systems 37 (NeurIPS 2024) Main Conference Track\nBibtex Paper"
    "\nAuthors\nJane Doe, John Smith\nAbstract\n{b}",
    "{t}\nJane Doe, John Smith; Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition "
    "(CVPR), 2025, pp. 1234-1243\nAbstract\n{b}",
    "{t}\nJane Doe, John Smith\nAbstract\n{b}\nAnthology ID:\n2025.acl-long.{k}\nVolume:\nProceedings of the 63rd "
    "Annual Meeting of the Association for Computational Linguistics (Volume 1: Long Papers)\nMonth:\nJuly",
    "{t}\n\nPart of Advances in Neural Information Processing Systems 37 (NeurIPS 2024) Main Conference Track\n\n"
    "Bibtex Paper\n\nAuthors\n\nJane Doe, John Smith\n\nAbstract\n\n{b}"], ids=["neurips", "cvf", "acl", "neurips-blank"])
def test_a_proceedings_page_s_lines_around_the_abstract_are_left_out(tmp_path, layout):
    """Abstracts pasted from proceedings sites (NeurIPS's, the CVF's, the ACL Anthology's): whatever stands between
    the title and an "Abstract" label (a venue's line, "Bibtex Paper", "Authors" over the names) and the fields
    under the abstract ("Anthology ID:" over its value) are no part of it; the names, alone on their line or before
    "; Proceedings of ...", are the authors.  Also where the page was copied with a blank line between every two
    of its lines (it was one short paper per line)."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    titles = ["Sparse Attention at Scale", "CoCo: Compact Graph Clustering", "A Method Numbered 3"]
    text = "Papers\n\n" + "\n\n".join(layout.format(t=t, b=f"{body} Paper {k}.", k=k) for k, t in enumerate(titles))
    result = read_one(tmp_path, "a.txt", (text + "\n").encode())
    assert [(r.title, r.authors, r.text) for r in result.records] == [
        (t, ["Jane Doe", "John Smith"], f"{body} Paper {k}.") for k, t in enumerate(titles)]
    assert not [i for i in result.issues if i.level != "info"]


def test_a_title_in_sentence_case_over_its_abstract_is_read_where_most_titles_are_sure(tmp_path):
    """Blank lines between titles and abstracts: once most title lines are sure ones, a title in sentence case is a
    title too (it used to be joined, with its abstract, to the abstract above), as in a file without blank lines."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    titles = ["Gaia2: A Benchmark for Agents", "Learning to rank with few labels", "ProtoKV: Two Token Categories"]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(f"{t}\n\n{body}" for t in titles) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.title, r.text) for r in result.records] == [(t, body) for t in titles]


def test_one_author_s_name_in_a_paragraph_of_its_own_under_a_title_is_the_authors_line(tmp_path):
    """Title, blank line, names, blank line, abstract: one name alone is the authors' line too (its paper's title
    was lost, read as the name), and a title after a "Title:" label is one even where it ends a sentence."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    papers = [("Gaia2: A Benchmark for Agents", "Jane Doe, John Smith"), ("ProtoKV: Two Token Categories", "Jane Doe"),
              ("Title: Memorization does not cause leakage. Non-robust features do.", "Authors: Bo Chen"),
              ("CoCo: Compact Graph Clustering", "Emeka Obi")]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(f"{t}\n\n{a}\n\n{body}" for t, a in papers) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.title, r.authors, r.text) for r in result.records] == [
        ("Gaia2: A Benchmark for Agents", ["Jane Doe", "John Smith"], body),
        ("ProtoKV: Two Token Categories", ["Jane Doe"], body),
        ("Memorization does not cause leakage. Non-robust features do.", ["Bo Chen"], body),
        ("CoCo: Compact Graph Clustering", ["Emeka Obi"], body)]
    assert not [i for i in result.issues if i.level != "info"]


@pytest.mark.skipif(not DEV_CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
@pytest.mark.parametrize("layout", ["{t}\n\n{a}", "{t}\nAnonymous authors\nPaper under double-blind review\n\nAbstract\n\n{a}",
                                    "{T}\nAnonymous authors\nPaper under double-blind review\nABSTRACT\n{a}"])
def test_the_dev_abstracts_under_their_titles_read_whole(tmp_path, layout):
    """The 2,120 dev papers as a dump of titles over abstracts (a blank line between; a first page's front matter):
    each abstract read exactly, under its title, but for the few whose blank lines inside part them."""
    import csv
    with open(DEV_CSV, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(layout.format(t=r["title"], T=r["title"].upper(), a=r["abstract"].strip())
                                                for r in rows) + "\n"
    result = read_one(tmp_path, "dev.txt", text.encode())
    want = {" ".join(r["abstract"].split()) for r in rows}
    exact = sum(" ".join(r.text.split()) in want and r.title is not None for r in result.records)
    assert exact >= 2110 and len(result.records) <= 2120, (exact, len(result.records))


@pytest.mark.parametrize("line", ["Scaling Up, Speeding Up", "You Point, I Learn", "Deep Learning, Reinforcement Learning",
                                  "Graph Neural Networks and Beyond", "Jane Doe", "GPT Agents, Tool Use"])
def test_a_subtitle_under_a_title_is_no_authors_line(tmp_path, line):
    """A second line in Title Case that is not a list of names stays where it was: in the text."""
    body = ABSTRACT + " " + " ".join(["It improves results on many standard benchmarks by a wide margin."] * 3)
    text = "ICLR 2026 Papers\n\n" + "\n\n".join(f"A Method Numbered {n}\n{line}\n{body}" for n in range(3)) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.authors, r.text) for r in result.records] == [([], f"{line} {body}")] * 3

def test_a_keywords_line_or_an_abstract_label_with_blank_lines_around_is_no_paper(tmp_path):
    text = (f"ICLR 2026 Papers\n\nAbstract\n\n{ABSTRACT}\n\nKeywords: KV cache, LLMs\n\n"
            f"ABSTRACT:\n\n{ABSTRACT} Two.\n\nIndex Terms— graphs; clustering\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.text, r.keywords) for r in result.records] == [
        (5, ABSTRACT, ["KV cache", "LLMs"]), (11, f"{ABSTRACT} Two.", ["graphs", "clustering"])]
    assert [i.line for i in result.excluded] == [3, 9] and [i.line for i in result.joined] == [7, 13]
    assert result.paragraphs["a.txt"] == len(result.records) + len(result.excluded) + len(result.joined)


def test_an_untitled_paragraph_as_long_as_an_abstract_in_a_titled_file_is_warned_about(tmp_path):
    long = " ".join([ABSTRACT] * 6)  # (96 words)
    text = (f"ICLR 2026 Papers\n\nProtoKV: Token Categories\n{long}\n\nShort rest of it, in a few words only.\n\n"
            f"Gaia2: A Benchmark\n{long}\n\n{long}\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.title, r.source.line) for r in result.records] == [("ProtoKV: Token Categories", 3), ("Gaia2: A Benchmark", 8)]
    assert [(i.level, i.line) for i in result.joined] == [("info", 6), ("warning", 11)]
    assert "It is as long as an abstract: if it is one, give it a title line" in result.joined[1].message


def test_page_numbers_and_running_headers_of_a_pdf_paste_are_left_out(tmp_path):
    body = [f"{ABSTRACT} Paper {k}." for k in range(4)]
    furniture = ["Page 2", "ICLR 2026 Conference Submission", "3", "ICLR 2026 Conference Submission", "- 4 -",
                 "ICLR 2026 Conference Submission", "Page 5 of 9"]
    text = "ICLR 2026 Papers\n\n" + "\n\n".join([body[0], *furniture[:2], body[1], *furniture[2:4], body[2],
                                                   *furniture[4:], body[3]]) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [r.text for r in result.records] == body
    assert len(result.excluded) == 7 and all(i.level == "warning" for i in result.excluded)
    assert set(result.reasons) == {"a page number or running header"}


def test_a_page_s_number_and_header_pasted_inside_paragraphs_are_left_out(tmp_path):
    """A PDF paste without blank lines around the page furniture: a page number next to a running header (a short
    line repeated at paragraphs' ends), or between an abstract's last sentence and a blank line, is left out with a
    warning at its line, also inside an abstract; the abstracts' wrapped lines stay, whatever they share."""
    head = "Under review as a conference paper at ICLR 2026"
    body = [f"{ABSTRACT}\nPaper {k} ends here." for k in range(4)]
    text = (f"ICLR 2026 Papers\n\n{body[0]}\n2\n{head}\n\n{body[1]}\n{head}\n\n"
            f"The first part of a sentence\n3\n{head}\ngoes on here. {ABSTRACT}\n\n{body[2]}\n4\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [r.text for r in result.records] == [
        body[0].replace("\n", " "), body[1].replace("\n", " "), f"The first part of a sentence goes on here. {ABSTRACT}",
        body[2].replace("\n", " ")]
    assert [(i.line, i.message) for i in result.issues if i.level == "warning"] == [
        (n, f"{line!r}: a page number or a line every page repeats, inside a paragraph (pasted from a PDF?); left out")
        for n, line in [(5, "2"), (6, head), (10, head), (13, "3"), (14, head), (19, "4")]]
    (tmp_path / "b").mkdir()  # lines many papers share: the same authors, the opening words of abstracts
    shared = "".join(f"A Method Numbered {k}\nJane Doe, John Smith\nLarge language models (LLMs) have achieved\n"
                     f"{ABSTRACT}\n\n" for k in range(4))
    same = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\n{shared}".encode())
    assert [(r.authors, r.text) for r in same.records] == [
        (["Jane Doe", "John Smith"], f"Large language models (LLMs) have achieved {ABSTRACT}")] * 4
    assert not [i for i in same.issues if i.level == "warning"]
    (tmp_path / "c").mkdir()  # an abstract the file holds three times, its last line without a full stop
    held = f"{ABSTRACT}\nCode is at our project page on GitHub"
    thrice = read_one(tmp_path / "c", "c.txt", f"ICLR 2026 Papers\n\n{held}\n\n{held}\n\n{held}\n".encode())
    assert [r.text for r in thrice.records] == [held.replace("\n", " ")] * 3


def test_no_wrapped_line_of_the_dev_abstracts_is_read_as_a_page_s_furniture():
    import csv
    import textwrap

    from generator.textdump import _furniture
    with open(DEV_CSV, encoding="utf-8") as f:
        abstracts = [row["abstract"].strip() for row in csv.DictReader(f)]
    for width in (30, 50, 70):  # (at 40-70 characters, hundreds of wrapped lines recur 3 times or more)
        assert _furniture("ICLR 2026 Papers\n\n" + "\n\n".join("\n".join(textwrap.wrap(a, width)) for a in abstracts)) == {}


def test_a_sentence_a_page_break_cuts_is_one_abstract_and_the_page_s_header_inside_it_is_left_out(tmp_path):
    """"... also known" [page number, running header] "as Sinkhorn's algorithm. ...": one abstract; a short line
    between the halves of a sentence is the page's header (once is enough).  An abstract that ends its sentence
    stays apart from a paragraph under it that opens in lower case."""
    head, tail = "We study the bridge problem. The procedure is also known", "as Sinkhorn's algorithm. " + ABSTRACT
    text = f"ICLR 2026 Papers\n\n{head}\n\nPage 3\n\nICLR 2026 Conference Submission\n\n{tail}\n\n{ABSTRACT}\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [r.text for r in result.records] == [f"{head} {tail}", ABSTRACT]
    assert [(i.level, i.line) for i in result.excluded] == [("warning", 5), ("warning", 7)]
    assert [(i.level, i.line, i.message) for i in result.joined] == [
        ("info", 9, "the rest of a sentence the abstract above leaves unfinished: read as part of the abstract at line "
                    "3 (a page break or a blank line inside it?)")]
    (tmp_path / "b").mkdir()
    ended = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\n{ABSTRACT}\n\nxLSTM is {ABSTRACT}\n".encode())
    assert [r.text for r in ended.records] == [ABSTRACT, f"xLSTM is {ABSTRACT}"]


def test_a_link_alone_under_an_abstract_is_its_address_or_part_of_its_text(tmp_path):
    """A paper's own page (OpenReview, arXiv, DOI) alone on the line under its abstract is its address; another
    link ("Code: https://...") is read as the abstract's last words, where the page shows it as a link."""
    text = (f"ICLR 2026 Papers\n\n{ABSTRACT}\n\nhttps://openreview.net/forum?id=abc0\n\n{ABSTRACT} Two.\n\n"
            f"Code: https://github.com/x/y\n\n<https://arxiv.org/abs/2501.00001>\n\nhttps://doi.org/10.1/x\n")
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.text, r.url) for r in result.records] == [
        (ABSTRACT, "https://openreview.net/forum?id=abc0"),
        (f"{ABSTRACT} Two. Code: https://github.com/x/y https://doi.org/10.1/x", "https://arxiv.org/abs/2501.00001")]
    assert [i.message for i in result.joined][:2] == [
        "a link alone on its line: read as the address of the abstract at line 3",
        "a link alone on its line: read as part of the abstract at line 7"]
    assert result.paragraphs["a.txt"] == len(result.records) + len(result.joined)


def test_a_list_with_blank_lines_around_it_stays_in_its_abstract(tmp_path):
    lead = f"{ABSTRACT} Our contributions are:"
    items = ["- We introduce a method.", "- We prove a bound.", "• We release code."]
    after = "We further show that it scales."  # (shorter than an abstract: the rest of this one)
    other = " ".join([ABSTRACT] * 6)  # (96 words: an abstract of its own)
    text = "ICLR 2026 Papers\n\n" + "\n\n".join([lead, *items, after, other]) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [r.text for r in result.records] == [" ".join([lead, *items, after]), other]
    assert [i.line for i in result.joined] == [5, 7, 9, 11]


def test_excel_s_sep_line_and_a_repeated_header_row(tmp_path):
    data = f'sep=;\ntitle;abstract\nOne;"{ABSTRACT}"\ntitle;abstract\nTwo;"{ABSTRACT} Two."\n'
    result = read_one(tmp_path, "a.csv", data.encode())
    assert [(r.source.line, r.title) for r in result.records] == [(3, "One"), (5, "Two")]
    assert [str(i) for i in result.issues] == ["a.csv:1: info: read as ';'-separated, as its first line says",
                                                "a.csv:4: info: row repeats the header row (two tables joined?); skipped"]
    assert result.paragraphs["a.csv"] == len(result.records) + len(result.excluded)


def test_json_saved_as_text_is_read_as_json(tmp_path):
    records = [{"title": "One", "abstract": ABSTRACT}, {"title": "Two", "abstract": f"{ABSTRACT} Two."}]
    result = read_one(tmp_path, "a.txt", json.dumps(records, indent=1).encode())
    assert [r.title for r in result.records] == ["One", "Two"] and not result.errors
    (tmp_path / "b").mkdir()
    lines = read_one(tmp_path / "b", "b.txt", "\n".join(json.dumps(r) for r in records).encode())
    assert [r.title for r in lines.records] == ["One", "Two"]
    (tmp_path / "c").mkdir()  # a numbered dump is no JSON
    numbered = read_one(tmp_path / "c", "c.txt", f"ICLR 2026 Papers\n\n[1] {ABSTRACT}\n\n[2] {ABSTRACT} Two.\n".encode())
    assert [r.text for r in numbered.records] == [ABSTRACT, f"{ABSTRACT} Two."]


def test_a_separator_line_parts_abstracts_without_blank_lines(tmp_path):
    text = f"ICLR 2026 Papers\n\n{ABSTRACT}\n---\nSecond {ABSTRACT}\n* * *\nThird {ABSTRACT}\n\n=====\n\nFourth {ABSTRACT}\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.text) for r in result.records] == [
        (3, ABSTRACT), (5, f"Second {ABSTRACT}"), (7, f"Third {ABSTRACT}"), (11, f"Fourth {ABSTRACT}")]
    assert [i.line for i in result.excluded] == [4, 6, 9] and set(result.reasons) == {"no letters or digits"}
    assert result.paragraphs["a.txt"] == 7
    (tmp_path / "b").mkdir()  # a dash that is text stays text
    kept = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\n{ABSTRACT}\n-- 3 -- tasks.\n".encode())
    assert [r.text for r in kept.records] == [f"{ABSTRACT} -- 3 -- tasks."]


def test_an_abstract_s_own_paragraphs_and_wrapped_lines_stay_one_abstract(tmp_path):
    paragraphs = [f"Part {k} of the abstract. " + " ".join([ABSTRACT] * 6) for k in range(3)]  # (3 x 563 characters)
    wrapped = [" ".join([ABSTRACT] * 2)] * 40  # (hard-wrapped: 40 lines of 179 characters, 7,199 together)
    text = "ICLR 2026 Papers\n\n" + "\n".join(paragraphs) + "\n\n" + "\n".join(wrapped) + "\n"
    result = read_one(tmp_path, "a.txt", text.encode())
    assert [(r.source.line, r.text) for r in result.records] == [(3, " ".join(paragraphs)), (7, " ".join(wrapped))]
    assert not [i for i in result.issues if "one abstract per line" in i.message]
    assert [i.line for i in result.issues if "each as long as an abstract" in i.message] == [3]  # (not the wrapped lines)
    assert [i.line for i in result.issues if "run together" in i.message] == [7]


def test_a_numbered_list_of_abstracts_is_read_without_its_numbers(tmp_path):
    """"1. ", "[2] ", "(3) " opening most paragraphs number the dump, not the abstract: they go (with a note), so an
    abstract has one id whatever its number; a single paragraph that opens so, among others that do not, stays."""
    other = "Graph clustering is hard. We introduce a spectral method with guarantees on block models."
    result = read_one(tmp_path, "a.txt", f"ICLR 2026 Papers\n\n1. {ABSTRACT}\n\n[2] {other}\n\n(3) {ABSTRACT} Also.\n\n"
                                         f"{other} More.\n\n1. {other} Enumerated.\n".encode())
    assert [r.text for r in result.records] == [ABSTRACT, other, ABSTRACT + " Also.", other + " More.",
                                                f"1. {other} Enumerated."]  # (a list's numbers grow: not after 3)
    (note,) = [i for i in result.issues if "list number" in i.message]
    assert (note.level, note.line) == ("info", 3) and note.message.startswith("3 of 5 paragraphs")
    (tmp_path / "b").mkdir()
    kept = read_one(tmp_path / "b", "b.txt", f"ICLR 2026 Papers\n\n1. {ABSTRACT}\n\n{other}\n\n3.5 billion tokens. "
                                             f"{other}\n".encode())
    assert kept.records[0].text == f"1. {ABSTRACT}" and not [i for i in kept.issues if "list number" in i.message]


def test_a_title_line_over_most_abstracts_is_read_as_their_titles(tmp_path):
    """A line of its own over an abstract that reads as a title (Title Case, "Name: ...", "Title:" or "## ") names the
    paper, where most paragraphs have one; "Abstract:" under it goes.  Hard-wrapped abstracts keep their first lines."""
    body = "We propose a method for learning. It works well on many benchmarks and tasks in practice."
    result = read_one(tmp_path, "a.txt", (
        "ICLR 2026 Papers\n\n1. ProtoKV: Processing Two Token Categories for KV Cache Compression\n" + body + "\n\n"
        "2. When Do Diffusion Models Memorize?\nAbstract: " + body + " Twice.\n\n"
        "3. ## Spectral clustering of graphs\n" + body + " Thrice.\n").encode())
    assert [(r.title, r.text) for r in result.records] == [
        ("ProtoKV: Processing Two Token Categories for KV Cache Compression", body),
        ("When Do Diffusion Models Memorize?", body + " Twice."), ("Spectral clustering of graphs", body + " Thrice.")]
    assert [r.source.line for r in result.records] == [3, 6, 9]
    assert [i.message for i in result.issues if "title line" in i.message] == [
        "3 of 3 paragraphs open with a title line: read as the papers' titles"]
    # in a titled file, titles in sentence case too; a paragraph without one continues the abstract above it
    (tmp_path / "c").mkdir()
    result = read_one(tmp_path / "c", "c.txt", (
        "ICLR 2026 Papers\n\nSpectral Clustering of Graphs\n" + body + "\n\nGaussian certified unlearning in high "
        "dimensions: a hypothesis testing approach\n*Certified unlearning* is hard. " + body + "\n\nThe second "
        "paragraph of that abstract, after a blank line.\n\nHow NOT to Benchmark Your SITE Metric.\n" + body).encode())
    assert [(r.title, r.text[:30], r.source.line) for r in result.records] == [
        ("Spectral Clustering of Graphs", body[:30], 3),
        ("Gaussian certified unlearning in high dimensions: a hypothesis testing approach",
         "*Certified unlearning* is hard", 6), ("How NOT to Benchmark Your SITE Metric.", body[:30], 11)]
    assert result.records[1].text.endswith(body + " The second paragraph of that abstract, after a blank line.")
    assert "3 of 4 paragraphs open with a title line: read as the papers' titles; 1 without one: read as the rest of " \
           "the abstract above" in [i.message for i in result.issues]
    joined = [(i.level, i.line, i.message) for i in result.issues if i.message.startswith("no title line")]
    assert joined == [("info", 9, "no title line: read as part of the abstract at line 6 (a blank line inside it?)")]
    assert [i.line for i in result.joined] == [9]  # (accounted for: paragraphs = records + excluded + joined)
    assert sum(result.paragraphs.values()) == len(result.records) + len(result.excluded) + len(result.joined) == 4
    (tmp_path / "b").mkdir()
    wrapped = read_one(tmp_path / "b", "b.txt", (
        "ICLR 2026 Papers\n\nLarge language models (LLMs) have shown remarkable abilities in\nreasoning. " + body +
        "\n\nGraph Neural Networks (GNNs) are widely used for learning on graphs\nbut they oversmooth. " + body +
        "\n").encode())
    assert [r.title for r in wrapped.records] == [None, None]
    assert wrapped.records[1].text.startswith("Graph Neural Networks (GNNs) are widely used for learning on graphs but")


def test_abstract_labels_and_keywords_lines(tmp_path):
    """"Abstract:" opening a paragraph is a label, not text; a "Keywords: a, b; c" line ending it gives the paper's
    keywords (as a CSV's keywords column would).  Neither is touched inside the text."""
    result = read_one(tmp_path, "a.txt", ("ICLR 2026 Papers\n\nAbstract: " + ABSTRACT + "\nKeywords: KV cache, LLM "
                                          "inference; compression\n\nAbstract reasoning is hard. We make the abstract: a"
                                          " summary with keywords: many. It works on real graphs of all kinds.\n").encode())
    assert [(r.text, r.keywords) for r in result.records] == [
        (ABSTRACT, ["KV cache", "LLM inference", "compression"]),
        ("Abstract reasoning is hard. We make the abstract: a summary with keywords: many. It works on real graphs of"
         " all kinds.", [])]
    assert "1 of 2 abstracts end with a keywords line: read as the papers' keywords" in [i.message for i in result.issues]


def test_utf16_with_bom_is_read(tmp_path):
    result = read_one(tmp_path, "u16.txt", f"ICLR 2026 Papers\n\n{ABSTRACT}\n".encode("utf-16"))
    assert [r.text for r in result.records] == [ABSTRACT]


def test_invalid_utf8_names_file_line_and_byte(tmp_path):
    data = f"ICLR 2026 Papers\n\n{ABSTRACT}\n\nBad \xff byte here in a sentence.\n".encode("latin-1")
    result = read_one(tmp_path, "bad.txt", data)
    (err,) = result.errors
    assert err.file == "bad.txt" and err.line == 5 and "byte" in err.message
    replaced = read_inputs([tmp_path], replace_invalid=True)
    assert not replaced.errors and len(replaced.records) == 2


def test_csv_with_optional_columns(tmp_path):
    csv_text = ('title,abstract,authors,url,keywords,primary_area\n'
                f'"Gaia2: A benchmark","{ABSTRACT}","Ann Lee; Bo Chen",https://openreview.net/forum?id=x,'
                '"agents, benchmark",datasets and benchmarks\n'
                f',"Second {ABSTRACT}\nwith a newline inside",,,,\n')
    result = read_one(tmp_path, "iclr2026_export.csv", csv_text.encode())
    first, second = result.records
    assert first.title == "Gaia2: A benchmark" and first.authors == ["Ann Lee", "Bo Chen"]
    assert first.keywords == ["agents", "benchmark"] and first.area == "datasets and benchmarks"
    assert first.url.startswith("https://openreview.net") and first.collection == "ICLR 2026"
    assert second.title is None and second.source.line == 3
    assert "newline inside" in second.text


def test_json_and_jsonl(tmp_path):
    items = [{"abstract": ABSTRACT, "title": "One"}, {"abstract": ABSTRACT + " Two.", "keywords": ["a", "b"]}]
    (tmp_path / "x.json").write_text(json.dumps(items, indent=2))
    (tmp_path / "y.jsonl").write_text("\n".join(json.dumps(i) for i in items) + "\n")
    result = read_inputs([tmp_path])
    by_file = {}
    for r in result.records:
        by_file.setdefault(r.source.file, []).append(r)
    assert [r.title for r in by_file["x.json"]] == ["One", None]
    assert [r.source.line for r in by_file["x.json"]] == [2, 6]
    assert [r.source.line for r in by_file["y.jsonl"]] == [1, 2]
    assert by_file["y.jsonl"][1].keywords == ["a", "b"]


def test_a_json_file_without_records_says_so(tmp_path):
    """An object with no "papers" array and no abstract is an error naming the file (not a file silently read
    as nothing); an empty list, a warning.  One record alone (a paper saved from an API) is read."""
    (tmp_path / "obj.json").write_text('{"title": "x", "venue": "y"}')
    (tmp_path / "none.json").write_text("[]")
    (tmp_path / "one.json").write_text(json.dumps({"title": "Gaia2", "abstract": ABSTRACT}, indent=1))
    (tmp_path / "note.json").write_text(json.dumps({"id": "n1", "content": {"title": {"value": "Note"},
                                                                            "abstract": {"value": ABSTRACT + " Two."}}}))
    result = read_inputs([tmp_path])
    said = {(i.file, i.level): i.message for i in result.issues}
    assert 'an object with a "papers" or "records" or "notes" or "data" array; this object has "title", "venue"' \
        in said[("obj.json", "error")]
    assert result.files_not_read == ["obj.json"]
    assert "no records" in said[("none.json", "warning")]
    assert [(r.source.file, r.source.line, r.title, r.text) for r in result.records] == [
        ("note.json", 1, "Note", ABSTRACT + " Two."), ("one.json", 1, "Gaia2", ABSTRACT)]


def test_a_bibtex_file_s_entries_with_abstracts_are_records(tmp_path):
    """A reference manager's export: title, authors ("Last, First" and "and"), address (url, DOI, arXiv eprint) and
    keywords of each entry with an abstract; its TeX read as an abstract's is, in titles and names as text; an entry
    without an abstract is left out with a warning, an unreadable one is an error at its line, a repeated key read."""
    bib = (
        '% Exported from Zotero\n@string{iclr = "International Conference on Learning Representations"}\n\n'
        '@inproceedings{lee2026,\n  title = {{Gaia2}: Benchmarking {LLM} Agents},\n'
        '  author = {Lee, Ann and Chen, Bo and Sch{\\"o}lkopf, Bernhard},\n  booktitle = iclr,\n'
        f'  abstract = {{We introduce \\textbf{{Gaia2}}, reaching 95.2\\% on $x^2$. {ABSTRACT}}},\n'
        '  doi = {10.1234/gaia2},\n  keywords = {agents; benchmark}\n}\n\n'
        '@misc{noabs, title = {No abstract}, author = {Doe, Jane}}\n\n'
        f'@article{{arx, title = "From arXiv", author = "{{Google DeepMind}} and van der Berg, Jan",\n'
        f'  eprint = {{2501.00001}}, archivePrefix = {{arXiv}}, abstract = "{ABSTRACT} Two."}}\n\n'
        '@article{broken,\n  title = {Unclosed,\n\n'
        f'@misc{{arx, title = {{Same key}}, author = {{Smith, Jr, John}}, abstract = {{{ABSTRACT} Three.}}}}\n')
    result = read_one(tmp_path, "refs.bib", bib.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.keywords, r.collection, r.text) for r in result.records] == [
        (4, "Gaia2: Benchmarking LLM Agents", ["Ann Lee", "Bo Chen", "Bernhard Schölkopf"], "https://doi.org/10.1234/gaia2",
         ["agents", "benchmark"], "refs", f"We introduce \\textbf{{Gaia2}}, reaching 95.2\\% on $x^2$. {ABSTRACT}"),
        (15, "From arXiv", ["Google DeepMind", "Jan van der Berg"], "https://arxiv.org/abs/2501.00001", [], "refs",
         f"{ABSTRACT} Two."),
        (21, "Same key", ["John Smith Jr"], None, [], "refs", f"{ABSTRACT} Three.")]
    said = [(i.level, i.line, i.message) for i in result.issues]
    assert ("warning", 13, "entry 'noabs' has no abstract (field abstract); skipped") in said
    assert ("info", 21, "Duplicate entry key 'arx': read as it is") in said
    assert [(i.level, i.line) for i in result.excluded] == [("warning", 13), ("error", 18)]
    assert "not a BibTeX entry the parser can read (Unexpected block start: `@misc`." in result.excluded[1].message
    assert result.paragraphs["refs.bib"] == len(result.records) + len(result.excluded)



def test_a_ris_file_s_records_with_abstracts_are_records(tmp_path):
    """EndNote's, Zotero's, Web of Science's RIS: each record from its "TY  -" line, the abstract under AB (lines
    that go on without a tag included) or EndNote's N2, title, authors ("Last, First" under AU or A1), keywords,
    address (UR, else the DOI's page); a record without an abstract is left out with a warning, one without its
    "ER  -" read with a note, text outside every record or a second abstract a warning, a file with no record at all
    an error."""
    ris = ("Exported by EndNote\n\n"
           "TY  - CONF\nAU  - Lee, Ann\nAU  - Chen, Bo\nTI  - Gaia2: Benchmarking LLM Agents\n"
           "T2  - International Conference on Learning Representations\nPY  - 2026\n"
           f"AB  - We introduce **Gaia2**, reaching 95.2% on it.\n  {ABSTRACT}\n"
           "KW  - agents\nKW  - benchmark; LLM\nDO  - 10.1234/gaia2\nER  - \n\n"
           "TY  - JOUR\nA1  - Doe, Jane\nT1  - No abstract\nER  - \n"
           "a stray line\n"
           f"TY  - JOUR\nAU  - Google DeepMind\nT1  - From EndNote\nN2  - {ABSTRACT} Two.\n"
           "UR  - https://arxiv.org/abs/2501.00001\n"
           f"TY  - GEN\nAB  - {ABSTRACT} Three.\nAB  - A second abstract line.\n")
    result = read_one(tmp_path, "refs.ris", ris.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.keywords, r.collection, r.text) for r in result.records] == [
        (3, "Gaia2: Benchmarking LLM Agents", ["Ann Lee", "Bo Chen"], "https://doi.org/10.1234/gaia2",
         ["agents", "benchmark", "LLM"], "refs", f"We introduce **Gaia2**, reaching 95.2% on it. {ABSTRACT}"),
        (21, "From EndNote", ["Google DeepMind"], "https://arxiv.org/abs/2501.00001", [], "refs", f"{ABSTRACT} Two."),
        (26, None, [], None, [], "refs", f"{ABSTRACT} Three.")]
    said = [(i.level, i.line, i.message) for i in result.issues]
    assert said == [
        ("warning", 1, "text outside any RIS record (a record starts with a line 'TY  - ...'); not read"),
        ("warning", 20, "text after a RIS record's end line 'ER  -' and before the next 'TY  -'; not read"),
        ("warning", 16, "RIS record (JOUR) has no abstract (tag AB, or N2); skipped"),
        ("info", 21, "RIS record without its end line 'ER  -': read up to the next record"),
        ("info", 26, "RIS record without its end line 'ER  -': read up to the end of the file"),
        ("warning", 28, "RIS record with a second 'AB' line: the first AB read, this one not (one abstract per record)")]
    assert result.paragraphs["refs.ris"] == len(result.records) + len(result.excluded) == 4
    (tmp_path / "x").mkdir()
    lost = read_one(tmp_path / "x", "notes.ris", b"Some notes, no record.\n")
    assert [(i.level, i.line) for i in lost.issues] == [("error", 1)] and not lost.records


def test_a_web_of_science_export_s_records_with_abstracts_are_records(tmp_path):
    """Web of Science's plain-text export (savedrecs.txt, or .ciw): each record from its "PT" line, the abstract
    under AB (lines that go on indented included), title, authors (AF's full names, else AU's), the authors'
    keywords (DE, not Keywords Plus), the DOI's page; the file's own FN, VR and EF lines, also where two exports
    are joined, are no stray text. The tab-delimited export reads its AB, TI, AF, DE and DI columns."""
    wos = ("\ufeffFN Clarivate Analytics Web of Science\nVR 1.0\n"
           "PT J\nAU Lee, A\n   Chen, B\nAF Lee, Ann\n   Chen, Bo\nTI Gaia2: Benchmarking LLM\n   Agents\n"
           "SO NATURE MACHINE INTELLIGENCE\nDE agents; benchmark\nID NETWORKS\n"
           f"AB We introduce **Gaia2**, reaching 95.2% on it.\n   {ABSTRACT}\nDI 10.1234/gaia2\nUT WOS:000123\nER\n\n"
           "PT C\nAU Doe, J\nTI No abstract\nER\n\nEF\n"
           "FN Clarivate Analytics Web of Science\nVR 1.0\n"
           f"PT J\nAU Smith, J\nTI Second export\nAB {ABSTRACT} Two.\nER\n"
           "a stray line\n"
           f"PT J\nAB {ABSTRACT} Three.\nAB A second abstract.\n")
    want = [(3, "Gaia2: Benchmarking LLM Agents", ["Ann Lee", "Bo Chen"], "https://doi.org/10.1234/gaia2",
             ["agents", "benchmark"], "savedrecs", f"We introduce **Gaia2**, reaching 95.2% on it. {ABSTRACT}"),
            (27, "Second export", ["J Smith"], None, [], "savedrecs", f"{ABSTRACT} Two."),
            (33, None, [], None, [], "savedrecs", f"{ABSTRACT} Three.")]
    said = [("warning", 19, "Web of Science record (C) has no abstract (tag AB); skipped"),
            ("warning", 32, "text after a Web of Science record's end line 'ER' and before the next 'PT'; not read"),
            ("info", 33, "Web of Science record without its end line 'ER': read up to the end of the file"),
            ("warning", 35, "Web of Science record with a second 'AB' line: the first AB read, this one not (one abstract "
                            "per record)")]
    for file in ("savedrecs.txt", "savedrecs.ciw"):
        (tmp_path / file).mkdir()
        result = read_one(tmp_path / file, file, wos.encode())
        assert [(r.source.line, r.title, r.authors, r.url, r.keywords, r.collection, r.text)
                for r in result.records] == want
        sniffed = [("info", 1, "read as a Web of Science export: its first line opens a Web of Science record or file")]
        assert [(i.level, i.line, i.message) for i in result.issues] == (sniffed if file.endswith(".txt") else []) + said
        assert result.paragraphs[file] == len(result.records) + len(result.excluded) == 4
    for folder in ("ris", "seed", "tab"):
        (tmp_path / folder).mkdir()
    ris = read_one(tmp_path / "ris", "zotero.txt", f"TY  - JOUR\nTI  - Saved as text\nAB  - {ABSTRACT}\nER  - \n".encode())
    assert [(r.title, r.text) for r in ris.records] == [("Saved as text", ABSTRACT)]
    seed = read_one(tmp_path / "seed", "seed.txt", f"PT Papers of the week\n\n{ABSTRACT}\n".encode())
    assert [r.text for r in seed.records] == [ABSTRACT]  # (no end line: a seed file's header, not a record)
    tab = ("PT\tAU\tAF\tTI\tSO\tDE\tID\tAB\tDI\tPY\tUT\n"
           f"J\tLee, A; Chen, B\tLee, Ann; Chen, Bo\tGaia2\tNMI\tagents; benchmark\tNETWORKS\t{ABSTRACT}\t10.1234/g2\t"
           "2026\tWOS:1\n")
    result = read_one(tmp_path / "tab", "tabbed.txt", tab.encode())
    assert [(r.title, r.authors, r.url, r.keywords, r.text) for r in result.records] == [
        ("Gaia2", ["Ann Lee", "Bo Chen"], "https://doi.org/10.1234/g2", ["agents", "benchmark"], ABSTRACT)]
    assert "columns not read: 'PT', 'SO', 'ID', 'PY', 'UT' " in result.issues[1].message


def test_a_pubmed_export_s_records_with_abstracts_are_records(tmp_path):
    """PubMed's "Save" as PubMed (MEDLINE) format, pubmed-*.txt, or .nbib: a record from its PMID line to the
    next, the abstract under AB (lines that go on indented by six spaces), the title, authors (FAU's full names,
    else AU's), keywords (OT) and the paper's PubMed page."""
    medline = ("PMID- 38000001\nOWN - NLM\nTI  - Place cells encode a predictive map of space and\n      time.\n"
               f"LID - 10.1234/n.1 [doi]\nAB  - We introduce **Gaia2**, reaching 95.2% on it.\n      {ABSTRACT}\n"
               "FAU - Lee, Ann\nAU  - Lee A\nAD  - Department of Neuroscience, MIT.\nFAU - Chen, Bo\nAU  - Chen B\n"
               "OT  - place cells\nOT  - successor representation\nSO  - J Neurosci. 2024;44(3):1-10.\n\n"
               "PMID- 38000002\nTI  - An erratum.\nAU  - Doe J\n\n"
               f"PMID- 38000003\nTI  - Grid cells.\nAB  - {ABSTRACT} Two.\nAB  - A second abstract line.\nAU  - Obi E\n")
    for file in ("pubmed-place-set.txt", "citations.nbib"):
        (tmp_path / file).mkdir()
        result = read_one(tmp_path / file, file, medline.encode())
        assert [(r.source.line, r.title, r.authors, r.keywords, r.url, r.text) for r in result.records] == [
            (1, "Place cells encode a predictive map of space and time.", ["Ann Lee", "Bo Chen"],
             ["place cells", "successor representation"], "https://pubmed.ncbi.nlm.nih.gov/38000001/",
             f"We introduce **Gaia2**, reaching 95.2% on it. {ABSTRACT}"),
            (21, "Grid cells.", ["Obi E"], [], "https://pubmed.ncbi.nlm.nih.gov/38000003/", f"{ABSTRACT} Two.")]
        said = [("warning", 17, "PubMed record (38000002) has no abstract (tag AB); skipped"),
                ("warning", 24, "PubMed record with a second 'AB' line: the first AB read, this one not (one abstract "
                                "per record)")]
        sniffed = [("info", 1, "read as a PubMed export: its first line opens a PubMed record or file")]
        assert [(i.level, i.line, i.message) for i in result.issues] == (sniffed if file.endswith(".txt") else []) + said
        assert result.paragraphs[file] == len(result.records) + len(result.excluded) == 3


ATOM = f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: search_query=cat:cs.LG&amp;start=0&amp;max_results=2</title>
  <entry>
    <id>http://arxiv.org/abs/2501.00001v1</id>
    <title>Gaia2: Benchmarking LLM Agents on
  Dynamic Environments</title>
    <summary>  We introduce **Gaia2**, reaching $95.2\\%$ on it &amp; more.
  {ABSTRACT}
</summary>
    <author><name>Ann Lee</name></author>
    <author><name>Bo Chen</name><arxiv:affiliation>MIT</arxiv:affiliation></author>
    <link href="http://arxiv.org/pdf/2501.00001v1" rel="related" type="application/pdf"/>
    <link href="http://arxiv.org/abs/2501.00001v1" rel="alternate" type="text/html"/>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/2501.00002v1</id>
    <title>No summary</title>
  </entry>
</feed>
"""
RSS = f"""<?xml version='1.0' encoding='UTF-8'?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" version="2.0">
  <channel>
    <title>cs.LG updates on arXiv.org</title>
    <link>http://rss.arxiv.org/rss/cs.LG</link>
    <item>
      <title>ProtoKV: Processing Two Token Categories</title>
      <link>https://arxiv.org/abs/2501.00003</link>
      <description>arXiv:2501.00003v1 Announce Type: new
Abstract: {ABSTRACT} Two.</description>
      <guid isPermaLink="false">oai:arXiv.org:2501.00003v1</guid>
      <category>cs.LG</category>
      <dc:creator>Ann Lee, Bo Chen and Cy Dee</dc:creator>
    </item>
  </channel>
</rss>
"""


def test_atom_and_rss_feeds_give_a_record_per_entry(tmp_path):
    """arXiv's API answers in Atom, its daily listings are RSS: each entry or item with an abstract is a record at
    its opening tag's line, with its title, authors and address; arXiv's "Announce Type" and "Abstract:" lead is
    no part of the abstract; a feed saved as .txt is read as one; the collection is named after the file, or the
    feed's title where that has a venue and a year."""
    for folder in ("atom", "rss", "txt", "venue"):
        (tmp_path / folder).mkdir()
    atom = read_one(tmp_path / "atom", "query.xml", ATOM.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.collection, r.text) for r in atom.records] == [
        (4, "Gaia2: Benchmarking LLM Agents on Dynamic Environments", ["Ann Lee", "Bo Chen"],
         "http://arxiv.org/abs/2501.00001v1", "query", f"We introduce **Gaia2**, reaching $95.2\\%$ on it & more. {ABSTRACT}")]
    assert [(i.level, i.line, i.message) for i in atom.issues] == [
        ("warning", 16, "entry 2 has no abstract (summary, content or description); skipped")]
    assert atom.paragraphs["query.xml"] == len(atom.records) + len(atom.excluded) == 2
    for folder, file in (("rss", "cs.LG.rss"), ("txt", "daily.txt")):
        rss = read_one(tmp_path / folder, file, RSS.encode())
        assert [(r.source.line, r.title, r.authors, r.url, r.text) for r in rss.records] == [
            (6, "ProtoKV: Processing Two Token Categories", ["Ann Lee", "Bo Chen", "Cy Dee"],
             "https://arxiv.org/abs/2501.00003", f"{ABSTRACT} Two.")]
    assert [i.message for i in rss.issues] == ["read as an XML feed: the file opens with an XML declaration, <rss> or "
                                               "<feed> (name it .xml)"]
    named = read_one(tmp_path / "venue", "feed.atom", ATOM.replace("ArXiv Query: search_query", "ICLR 2026 papers,")
                     .encode())
    assert {r.collection for r in named.records} == {"ICLR 2026"}


def test_endnote_xml_and_arxiv_oai_records_are_records(tmp_path):
    """EndNote's XML export (Zotero writes it too): each <record> with an <abstract>, its text inside EndNote's
    <style> elements, with title, authors ("Lee, Ann"), keywords, url; arXiv's OAI-PMH harvest: each <record>
    with its arXiv metadata (authors as forenames and keyname, the arXiv id's page)."""
    endnote = ('<?xml version="1.0" encoding="UTF-8" ?><xml><records><record><rec-number>1</rec-number>'
               '<contributors><authors><author><style face="normal">Lee, Ann</style></author><author><style>Chen, Bo'
               '</style></author></authors></contributors><titles><title><style>Gaia2: Benchmarking Agents</style>'
               '</title><secondary-title><style>ICLR</style></secondary-title></titles><keywords><keyword><style>'
               'agents</style></keyword></keywords><urls><related-urls><url><style>https://openreview.net/forum?id=a'
               f'</style></url></related-urls></urls><abstract><style face="normal">{ABSTRACT}</style></abstract>'
               '</record>\n<record><titles><title>No abstract</title></titles></record></records></xml>\n')
    oai = ('<?xml version="1.0"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>\n<record>\n'
           '<header><identifier>oai:arXiv.org:2501.00001</identifier></header><metadata>\n'
           '<arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>2501.00001</id><authors><author><keyname>Lee</keyname>'
           '<forenames>Ann</forenames></author></authors><title>Sparse\n  Graphs</title>'
           f'<abstract>  {ABSTRACT}\n</abstract></arXiv></metadata></record></ListRecords></OAI-PMH>\n')
    for folder in ("e", "o"):
        (tmp_path / folder).mkdir()
    result = read_one(tmp_path / "e", "library.xml", endnote.encode())
    assert [(r.source.line, r.title, r.authors, r.keywords, r.url, r.text) for r in result.records] == [
        (1, "Gaia2: Benchmarking Agents", ["Ann Lee", "Bo Chen"], ["agents"], "https://openreview.net/forum?id=a",
         ABSTRACT)]
    assert [(i.level, i.line, i.message) for i in result.issues] == [
        ("warning", 2, "record 2 has no abstract (element abstract); skipped")]
    result = read_one(tmp_path / "o", "harvest.xml", oai.encode())
    assert [(r.source.line, r.title, r.authors, r.url, r.text) for r in result.records] == [
        (3, "Sparse Graphs", ["Ann Lee"], "https://arxiv.org/abs/2501.00001", ABSTRACT)]


@pytest.mark.parametrize("xml, line, says", [
    ('<?xml version="1.0"?>\n<!DOCTYPE r [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;">\n]>\n'
     "<rss><channel><item><description>&b;</description></item></channel></rss>\n", 3,
     "the document declares an entity, which no export needs (entities can make XML expand without end); not read"),
    ('<?xml version="1.0"?>\n<rss><channel>\n<item><description>x</item></channel></rss>\n', 3,
     "not XML the parser can read (mismatched tag); not read: fix the file"),
    ('<?xml version="1.0"?>\n<html><body>Papers</body></html>\n', 1,
     "no Atom <entry>, RSS <item> or EndNote <record> in this <html> document; not read: is it a feed or a reference "
     "export?")],
    ids=["entities", "broken", "not a feed"])
def test_a_feed_that_cannot_be_read_is_an_error_at_its_line(tmp_path, xml, line, says):
    result = read_one(tmp_path, "feed.xml", xml.encode())
    assert [(i.level, i.line, i.message) for i in result.issues] == [("error", line, says)]
    assert not result.records and result.files_not_read == ["feed.xml"]


def test_an_xlsx_workbook_s_sheets_with_an_abstract_column_are_tables(tmp_path):
    """Microsoft CMT's export, or any spreadsheet saved as .xlsx: the first row of a sheet names its columns, as a
    CSV's header does; a record's line is its row's number; CMT's "Ann Lee (MIT)*" is Ann Lee; an empty row is no
    record, a row without an abstract is left out with a warning, cells under no column's name are said, a sheet
    without an abstract column is passed over with a note; where names are parted by ";", "Dee, Cy" is one."""
    import datetime

    import openpyxl
    book = openpyxl.Workbook()
    papers = book.active
    papers.title = "Papers"
    papers.append(["Paper ID", "Paper Title", "Abstract", "Author Names", "Primary Subject Area", "Created"])
    papers.append([1, "Gaia2", ABSTRACT, "Ann Lee (MIT)*; Bo Chen (ETH Zurich, D-INFK)", "datasets and benchmarks",
                   datetime.datetime(2026, 9, 1)])
    papers.append([])
    papers.append([2, "No abstract", None, "Cy Dee"])
    papers.append([3, 2026, f"{ABSTRACT} Two.", "Dee, Cy", None, None, "a note in no column"])  # (";" parts names)
    book.create_sheet("Reviewers").append(["Name", "Email"])
    book.save(tmp_path / "cmt.xlsx")
    result = read_inputs([tmp_path])
    assert [(r.source.line, r.title, r.authors, r.area, r.collection, r.text) for r in result.records] == [
        (2, "Gaia2", ["Ann Lee", "Bo Chen"], "datasets and benchmarks", "cmt", ABSTRACT),
        (5, "2026", ["Cy Dee"], None, "cmt", f"{ABSTRACT} Two.")]
    assert [(i.level, i.line, i.message) for i in result.issues] == [
        ("info", 1, "columns not read: 'Paper ID', 'Created' (the columns read: abstract, title, authors, url, "
                    "keywords, primary_area, collection, doi, or another name of theirs)"),
        ("warning", 4, "record has no abstract (columns: abstract, summary, text, abstract_text, content, "
                       "abstract_note, ab); skipped"),
        ("warning", 5, "sheet 'Papers': 1 row has cells in columns the first row does not name; those cells are not "
                       "read"),
        ("info", 1, "sheet 'Reviewers': no abstract column in its first row; not read")]
    assert result.paragraphs["cmt.xlsx"] == len(result.records) + len(result.excluded) == 3
    (tmp_path / "cmt.xlsx").unlink()
    book.remove(papers)
    book.save(tmp_path / "reviewers.xlsx")
    (tmp_path / "renamed.xlsx").write_bytes(b"Paper Title,Abstract\nA," + ABSTRACT.encode() + b"\n")
    said = [(i.file, i.level, i.message) for i in read_inputs([tmp_path]).issues]
    assert ("reviewers.xlsx", "error", "no sheet with an abstract column (its first row naming one of abstract, "
            "summary, text, ...); not read") in said
    assert ("renamed.xlsx", "error", "not an .xlsx workbook that can be read (BadZipFile: File is not a zip file); "
            "not read: save it again as .xlsx or .csv") in said


def test_a_workbook_whose_sheet_is_broken_is_an_error_not_a_crash(tmp_path):
    """A read-only workbook reads a sheet's XML as its rows are asked for: a sheet cut short is an error naming
    it, and the build stops there with a message (it used to raise out of the read stage)."""
    import io
    import zipfile

    import openpyxl
    book = openpyxl.Workbook()
    book.active.append(["abstract"])
    book.active.append([ABSTRACT])
    whole = io.BytesIO()
    book.save(whole)
    cut = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(whole.getvalue())) as src, zipfile.ZipFile(cut, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            dst.writestr(item, data[:len(data) // 2] if item.filename.endswith("sheet1.xml") else data)
    result = read_one(tmp_path, "cut.xlsx", cut.getvalue())
    assert not result.records and [(i.level, i.line) for i in result.issues] == [("error", 1)]
    assert result.issues[0].message.startswith("sheet 'Sheet' cannot be read (ParseError: ")


def test_a_workbook_that_unpacks_into_too_much_is_not_read(tmp_path, monkeypatch):
    """The archive's unpacked size is checked before the workbook is opened (a zip bomb is refused unopened)."""
    import openpyxl

    from generator import workbook
    book = openpyxl.Workbook()
    book.active.append(["abstract"])
    book.active.append([ABSTRACT])
    book.save(tmp_path / "a.xlsx")
    assert len(read_inputs([tmp_path]).records) == 1
    monkeypatch.setattr(workbook, "MAX_UNPACKED", 1000)
    result = read_inputs([tmp_path])
    assert not result.records and [i.level for i in result.issues] == ["error"]
    assert re.fullmatch(r"not an \.xlsx workbook that can be read \(ValueError: it unpacks into [\d,]+ bytes, more than "
                        r"1,000\); not read: save it again as \.xlsx or \.csv", result.issues[0].message)


def test_placeholder_names_are_no_authors(tmp_path):
    """A double-blind export's "Anonymous" (or "Unknown", "N/A") is no author: not shown, not searched, and no link
    between the papers that carry it; the real names beside it stay."""
    rows = [("Anonymous", []), ("Ann Lee; anonymous authors", ["Ann Lee"]), ("Bo Chen; Unknown", ["Bo Chen"])]
    text = "title,authors,abstract\n" + "".join(f'T{k},"{a}","{ABSTRACT} {k}."\n' for k, (a, _) in enumerate(rows))
    result = read_one(tmp_path, "a.csv", text.encode())
    assert [r.authors for r in result.records] == [want for _, want in rows]


def test_a_csl_json_export_gives_its_authors(tmp_path):
    """CSL JSON, as Zotero, Mendeley and citation tools export it: authors are objects of "given" and "family"
    names (or a "literal" one); the DOI's page is the address; "keyword" is the keywords."""
    csl = [{"id": "lee2026", "type": "paper-conference", "title": "Gaia2", "abstract": ABSTRACT, "DOI": "10.1234/g2",
            "author": [{"family": "Lee", "given": "Ann"}, {"family": "Berg", "given": "Jo", "non-dropping-particle": "van"},
                       {"literal": "The Gaia Team"}], "keyword": "agents, benchmark"}]
    result = read_one(tmp_path, "zotero.json", json.dumps(csl).encode())
    assert [(r.title, r.authors, r.url, r.keywords) for r in result.records] == [
        ("Gaia2", ["Ann Lee", "Jo van Berg", "The Gaia Team"], "https://doi.org/10.1234/g2", ["agents", "benchmark"])]


def test_a_reference_manager_s_csv_export_is_read(tmp_path):
    """Zotero's CSV: "Abstract Note", "Manual Tags", authors as "Last, First; Last, First" (and so one author's
    "Last, First" is one author), a DOI where the Url is empty; Scopus's "Author Keywords"; Microsoft CMT's
    "Paper Title", "Author Names", "Primary Subject Area"."""
    zotero = ('"Key","Item Type","Publication Year","Author","Title","DOI","Url","Abstract Note","Manual Tags"\n'
              f'"K1","conferencePaper","2026","Lee, Ann; Chen, Bo","Gaia2","10.1234/g2","","{ABSTRACT}","agents; benchmark"\n'
              f'"K2","conferencePaper","2026","Dee, Cy","Alone","","","{ABSTRACT} Two.",""\n')
    scopus = f'Authors,Title,Abstract,Author Keywords,Link\n"Lee A., Chen B.",ProtoKV,"{ABSTRACT} Two.",KV cache; LLM,\n'
    (tmp_path / "z").mkdir()
    result = read_one(tmp_path / "z", "zotero.csv", zotero.encode())
    assert [(r.title, r.authors, r.url, r.keywords, r.text) for r in result.records] == [
        ("Gaia2", ["Ann Lee", "Bo Chen"], "https://doi.org/10.1234/g2", ["agents", "benchmark"], ABSTRACT),
        ("Alone", ["Cy Dee"], None, [], f"{ABSTRACT} Two.")]
    (tmp_path / "s").mkdir()
    result = read_one(tmp_path / "s", "scopus.csv", scopus.encode())
    assert [(r.authors, r.keywords) for r in result.records] == [(["Lee A.", "Chen B."], ["KV cache", "LLM"])]
    cmt = ('"Paper ID","Paper Title","Abstract","Author Names","Author Emails","Track Name","Primary Subject Area"\n'
           f'"12","Gaia2","{ABSTRACT}","Ann Lee; Bo Chen","a@x.org; b@y.org","Main Track","learning theory"\n')
    (tmp_path / "c").mkdir()  # (Microsoft CMT's export: its subject area is the paper's area, not its track)
    result = read_one(tmp_path / "c", "cmt.csv", cmt.encode())
    assert [(r.title, r.authors, r.area) for r in result.records] == [("Gaia2", ["Ann Lee", "Bo Chen"], "learning theory")]


@pytest.mark.skipif(not DEV_CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
def test_dev_csv_reads_completely():
    result = read_inputs([DEV_CSV])
    assert len(result.records) == 2120 and not result.errors
    assert all(r.title for r in result.records)


@pytest.mark.skipif(not DEV_CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
def test_title_lines_on_the_dev_abstracts():
    """The dev abstracts written as a titled dump: their titles read (a title that is two sentences may be
    missed), none made up; hard-wrapped without titles: none read (benchmarks/quality.py's figures)."""
    figures = benchmark("quality").title_lines(DEV_CSV)
    assert figures["title_lines_read"] >= 0.995 and figures["title_lines_wrong"] == 0
    assert figures["wrapped_false_titles"] == 0


def test_lines_of_invisible_characters_and_unicode_separators_part_paragraphs(tmp_path):
    """A line that shows nothing (a zero-width space, a BOM, a soft hyphen) is blank, and Unicode's paragraph
    separator parts paragraphs: before, either ran a whole file into one paper."""
    for sep in ("\n\u200b\n", "\n \ufeff \n", "\n\u00ad\n", "\u2029"):
        text = f"ICLR 2026 Papers{sep}{ABSTRACT}{sep}{ABSTRACT} Two.{sep}{ABSTRACT} Three.\n"
        result = read_one(tmp_path, "a.txt", text.encode())
        assert [r.text for r in result.records] == [ABSTRACT, f"{ABSTRACT} Two.", f"{ABSTRACT} Three."], repr(sep)
        assert {r.collection for r in result.records} == {"ICLR 2026"}
    lines = read_one(tmp_path, "a.txt", f"ICLR 2026 Papers\n\n{ABSTRACT}\n\u200b\n{ABSTRACT} Two.\n".encode())
    assert [r.source.line for r in lines.records] == [3, 5]


@pytest.mark.parametrize("header, collection", [
    ("ICLR 2026 accepted papers.", "ICLR 2026"),
    ("International Conference on Learning Representations (ICLR) 2026 - Full list of accepted papers with "
     "abstracts", "ICLR 2026"),
])
def test_a_header_naming_a_venue_its_year_and_papers_is_a_header_with_a_full_stop_or_many_words(tmp_path, header,
                                                                                                 collection):
    result = read_one(tmp_path, "dump.txt", f"{header}\n\n{ABSTRACT}\n\n{ABSTRACT} Two.\n".encode())
    assert [r.text for r in result.records] == [ABSTRACT, f"{ABSTRACT} Two."]
    assert {r.collection for r in result.records} == {collection}
    assert not [i for i in result.issues if "no header" in i.message]
    # (a short sentence that names a dataset and its year is not a header)
    plain = read_one(tmp_path, "dump.txt", f"We evaluate on COCO 2017.\n\n{ABSTRACT}\n".encode())
    assert len(plain.records) == 2 and any("no header" in i.message for i in plain.issues)


def test_front_matter_atop_a_markdown_file_is_skipped_and_lines_keep_their_numbers(tmp_path):
    result = read_one(tmp_path, "papers.md", f"---\ntitle: x\nlayout: page\n---\nNeurIPS 2025 Papers\n\n{ABSTRACT}\n".encode())
    assert [(r.text, r.collection, r.source.line) for r in result.records] == [(ABSTRACT, "NeurIPS 2025", 7)]
    assert [(i.level, i.line, i.message) for i in result.issues] == [("info", 1, "front matter (lines 1-4) skipped")]


def test_a_chinese_abstract_is_not_called_short(tmp_path):
    zh = ("大型语言模型在推理任务上表现出色，但其推理过程往往冗长。我们提出了一种新的压缩方法，称为思维链压缩（CoTC），"
          "它在保持准确率的同时将推理长度减少了一半以上。")
    result = read_one(tmp_path, "a.txt", f"ICLR 2026 论文列表\n\n{zh}\n\n短行\n".encode())
    assert len(result.records) == 2
    assert [i.line for i in result.issues if "very short" in i.message] == [5]  # (the stray line only)


A2 = "Graph networks fail under heterophily. We introduce a spectral filter that adapts to each node and wins."


def test_broken_csv_quoting_and_extra_fields_are_errors_at_their_line_not_mangled_abstracts(tmp_path):
    """Before, a stray quote cut an abstract and made its rest an author, an unclosed one swallowed the next row,
    and an unquoted comma split an abstract over columns: all read without a word."""
    stray = read_one(tmp_path, "a.csv", (f'title,abstract,authors\nQ1,"{ABSTRACT}",Ann\nQ2,"A "quoted" word. '
                                          f'{ABSTRACT}",Ann\nQ3,"{A2}",Bo\n').encode())
    assert [r.title for r in stray.records] == ["Q1"]
    (error,) = stray.errors
    assert error.line == 3 and "CSV error" in error.message and "fix the quoting" in error.message
    commas = read_one(tmp_path, "a.csv", f"title,abstract,authors\nU0,We introduce ProtoKV, a method. {ABSTRACT},Ann\n"
                                         f'U1,"{A2}",Bo\n'.encode())
    assert [r.title for r in commas.records] == ["U1"]
    assert [(i.line, i.level) for i in commas.issues] == [(2, "error")] and "4 fields, the header 3" in commas.issues[0].message
    trailing = read_one(tmp_path, "a.csv", f'title,abstract\nT,"{ABSTRACT}",\n'.encode())  # (an empty extra field)
    assert len(trailing.records) == 1 and not trailing.issues


def test_csv_rows_keep_their_lines_after_blank_lines_and_a_semicolon_csv_is_read(tmp_path):
    blank = read_one(tmp_path, "a.csv", f'title,abstract\nB0,"{ABSTRACT}\nover two lines"\n\n\n\nB1,"{A2}"\n'.encode())
    assert [(r.title, r.source.line) for r in blank.records] == [("B0", 2), ("B1", 7)]
    euro = read_one(tmp_path, "a.csv", f'Title;Authors;Abstract\nE0;Ann, Bo;"{ABSTRACT}"\n'.encode())
    assert [(r.title, r.authors) for r in euro.records] == [("E0", ["Ann", "Bo"])]
    assert [i.message for i in euro.issues] == ["read as semicolon-separated (its header row is)"]


def test_a_tab_separated_table_saved_as_text_is_read_as_a_table(tmp_path):
    result = read_one(tmp_path, "export.txt", f"title\tauthors\tabstract\nT0\tAnn\t{ABSTRACT}\nT1\tBo\t{A2}\n".encode())
    assert [(r.title, r.text) for r in result.records] == [("T0", ABSTRACT), ("T1", A2)]
    assert [i.level for i in result.issues] == ["info"]


def test_structured_values_that_are_not_text(tmp_path):
    items = [{"title": "Num", "abstract": 12345}, {"title": "List", "abstract": [ABSTRACT, "Second part."]},
             {"title": ["A", "list title"], "abstract": A2, "authors": "Ann Lee, Bo Chen and Cy Dee"}]
    result = read_one(tmp_path, "a.json", json.dumps(items, indent=1).encode())
    assert [(r.title, r.text, r.authors) for r in result.records] == [
        ("List", f"{ABSTRACT} Second part.", []), ("A list title", A2, ["Ann Lee", "Bo Chen", "Cy Dee"])]
    (skipped,) = result.excluded
    assert skipped.line == 2 and skipped.message == "item 1's abstract is a number, not text; skipped"


def test_api_responses_openreview_notes_and_semantic_scholar_papers(tmp_path):
    notes = {"count": 2, "notes": [
        {"id": "n1", "forum": "n1", "content": {"title": {"value": "Gaia2"}, "abstract": {"value": ABSTRACT},
                                               "authors": {"value": ["Ann", "Bo"]}, "keywords": {"value": ["agents"]},
                                               "venue": {"value": "ICLR 2026 Poster"}}},
        {"id": "n2", "content": {"title": "V1 note", "abstract": A2, "authors": ["Cy"]}}]}
    text = json.dumps(notes, indent=2)
    result = read_one(tmp_path, "notes.json", text.encode())
    assert [(r.title, r.text, r.authors, r.keywords, r.collection) for r in result.records] == [
        ("Gaia2", ABSTRACT, ["Ann", "Bo"], ["agents"], "ICLR 2026"), ("V1 note", A2, ["Cy"], [], "notes")]
    lines = text.split("\n")  # (each item's own line, in a wrapper too: its "{", the line above its "id")
    assert [r.source.line for r in result.records] == [lines.index('      "id": "n1",'), lines.index('      "id": "n2",')]
    s2 = {"total": 2, "data": [{"paperId": "p", "title": "S2", "abstract": ABSTRACT, "venue": "NeurIPS", "year": 2025,
                                "authors": [{"authorId": "1", "name": "Ann Lee"}, {"authorId": "2", "name": "Bo"}]},
                               {"paperId": "q", "title": "No abstract", "abstract": None}]}
    result = read_one(tmp_path, "notes.json", json.dumps(s2).encode())
    assert [(r.title, r.authors, r.collection) for r in result.records] == [("S2", ["Ann Lee", "Bo"], "NeurIPS 2025")]
    assert [i.message for i in result.excluded] == ["item 2 has no abstract (columns: abstract, summary, text, "
                                                    "abstract_text, content, abstract_note, ab); skipped"]


def test_addresses_from_bare_domains_openreview_forums_and_arxiv_ids_and_misnamed_json_files(tmp_path):
    rows = [{"abstract": ABSTRACT, "url": "openreview.net/forum?id=abc"},
            {"content": {"abstract": {"value": A2}}, "id": "Xy12AbCd", "forum": "Xy12AbCd"},
            {"abstract": f"{ABSTRACT} Three.", "id": "2101.00001v2", "categories": "cs.LG"},
            {"abstract": f"{ABSTRACT} Four.", "url": "javascript:alert(1)"}]
    lines = "\n".join(json.dumps(r) for r in rows) + "\n"
    result = read_one(tmp_path, "a.json", lines.encode())  # (JSON Lines in a .json file)
    assert [r.url for r in result.records] == ["https://openreview.net/forum?id=abc",
                                               "https://openreview.net/forum?id=Xy12AbCd",
                                               "https://arxiv.org/abs/2101.00001v2", "javascript:alert(1)"]
    assert [i.message for i in result.issues] == ["read as JSON Lines, one object a line (name it .jsonl)"]
    (tmp_path / "a.json").unlink()  # (a JSON array in a .jsonl file)
    array = read_one(tmp_path, "a.jsonl", json.dumps(rows, indent=1).encode())
    assert len(array.records) == 4 and [i.message for i in array.issues] == ["read as a JSON array (name it .json)"]


def test_column_names_as_spreadsheets_write_them(tmp_path):
    result = read_one(tmp_path, "a.csv", f'Paper Title,Author List,Abstract Text,Primary-Area\nT,"Ann, Bo","{ABSTRACT}",'
                                         f'optimization\n'.encode())
    assert [(r.title, r.authors, r.text, r.area) for r in result.records] == [
        ("T", ["Ann", "Bo"], ABSTRACT, "optimization")]
    german = read_one(tmp_path, "a.csv", f'Titel,Abstract,Autoren\nT,"{ABSTRACT}",Ann\n'.encode())
    assert [r.title for r in german.records] == [None]  # (a title column no alias names: said, not lost silently)
    assert [(i.level, i.line) for i in german.issues] == [("info", 1)]
    assert german.issues[0].message.startswith("columns not read: 'Titel', 'Autoren' (the columns read: abstract, title")


def test_only_a_markdown_file_has_front_matter_and_only_with_keys():
    """Two rules with nothing but a blank line between them are no front matter (a property test found
    '---\\n\\n---' read as such, and its paragraphs unaccounted for), nor anything atop a .txt file."""
    for name, text in (("x.md", "---\n\n---\n\nICLR 2026 Papers\n\nAn abstract."),
                       ("x.txt", "---\ntitle: x\n---\n\nICLR 2026 Papers\n\nAn abstract.")):
        result = ReadResult()
        read_text(text, name, result)
        assert not any("front matter" in i.message for i in result.issues), name


def test_a_list_number_is_taken_off_a_line_s_start_only():
    """textlines.unnumbered: "[2] arXiv:..." loses its number; a number inside a line stays ("improves by 3. Then"),
    where re.sub of the unanchored LIST_NUMBER took it out."""
    from generator.textlines import unnumbered
    assert [unnumbered(t) for t in ("[2] arXiv:2501.00002", "12. A title", "#3 Title", "It improves by 3. Then more",
                                    "Table (4) shows it")] == [
        "arXiv:2501.00002", "A title", "Title", "It improves by 3. Then more", "Table (4) shows it"]
