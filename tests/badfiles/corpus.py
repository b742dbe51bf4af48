"""The bad-file corpus: a table of (file name, contents) and what the reader must say about each.

Binary and mis-encoded files are generated from this table (not committed as blobs).  Run this file
directly to print what each bad file produces:  .venv/bin/python tests/badfiles/corpus.py
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HEADER = "ICLR 2026 Papers"
A1 = ("We propose a simple method for learning sparse representations of graphs, which improves "
      "node classification accuracy by 3% on five standard benchmarks while halving the training time.")
A2 = ("Large language models often fail at long-horizon planning; we introduce a benchmark of 1,200 tasks "
      "and show that explicit search over sub-goals closes half of the gap to human experts.")
A3 = ("Diffusion models generate images by reversing a noising process; we show that a learned schedule "
      "reduces the number of sampling steps by a factor of four without loss in sample quality.")
A2_TYPO = A2.replace("planning", "planing").replace("experts", "expert")


def text(*paragraphs: str) -> bytes:
    return ("\n\n".join(paragraphs) + "\n").encode("utf-8")


@dataclass
class Case:
    name: str  # file name inside the input folder ("" entries are made by `special`)
    data: bytes | None  # None: made by `special` (symlinks)
    level: str  # the level of the issue expected ("" = no issue expected)
    says: str  # a substring the issue's message must contain
    line: int | None  # the line the issue must name (None: not checked)
    records: int  # abstracts this file must yield
    note: str  # what happens, for the closing report


CASES = [
    Case("invalid-utf8.txt", text(HEADER, A1) + b"Caf\xe9 au lait: " + A2.encode() + b"\n", "error",
         "invalid UTF-8 at byte", 4, 0, "error: file:line, byte offset, column; not read; build stops"),
    Case("cp1252.txt", text(HEADER, A1, A2.replace("benchmark", "benchmark \u2013 r\u00e9sum\u00e9")).decode()
         .encode("cp1252"), "error", "is it Latin-1/cp1252", 5, 0, "error: invalid UTF-8 with a hint"),
    Case("utf16-le-bom.txt", text(HEADER, A1, A2).decode().encode("utf-16"), "info", "UTF-16 file", 1, 2,
         "read as UTF-16, info line"),
    Case("utf16-be-bom.txt", b"\xfe\xff" + text(HEADER, A3).decode().encode("utf-16-be"), "info", "UTF-16 file", 1, 1,
         "read as UTF-16, info line"),
    Case("utf16-no-bom.txt", text(HEADER, A1).decode().encode("utf-16-le"), "error",
         "UTF-16-LE without a byte-order mark", 1, 0, "error: save as UTF-8"),
    Case("utf32-bom.txt", text(HEADER, A3).decode().encode("utf-32"), "info", "UTF-32 file", 1, 1, "read as UTF-32"),
    Case("utf8-bom.txt", b"\xef\xbb\xbf" + text(HEADER, A1), "", "", None, 1, "read; BOM ignored"),
    Case("binary.txt", bytes(range(256)) * 4, "error", "binary file (NUL byte", 1, 0, "error: not read"),
    Case("paper.pdf.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "error", "binary file (a PDF: name it .pdf)", 1, 0,
         "error: named as a PDF"),
    Case("archive.txt", b"PK\x03\x04\x14\x00\x00\x00\x08\x00", "error", "ZIP", 1, 0, "error: named as an archive"),
    Case("empty.txt", b"", "warning", "empty file", 1, 0, "warning: nothing read"),
    Case("blank-lines-only.txt", b"\n\n   \n\t\n", "warning", "empty file", 1, 0, "warning: nothing read"),
    Case("header-only.txt", text(HEADER), "warning", "but no abstracts", 1, 0, "warning: nothing read"),
    Case("no-header.txt", text(A1, A2), "warning", "no header line", 1, 2,
         "warning; first paragraph kept as an abstract; collection from file name"),
    Case("control-chars.txt", text(HEADER, A1.replace("simple", "sim\x02wzxhzdk:0\x03ple\x1b[31m")), "warning",
         "control character", 3, 1, "warning: replaced by spaces (no Markdown placeholder injection)"),
    Case("separators.txt", text(HEADER, "---", A1, "* * *", "***"), "warning", "no letters or digits", 3, 1,
         "warning per separator paragraph: left out, counted in the report"),
    Case("short-lines.txt", text(HEADER, "Code and data soon", A1), "warning", "very short paragraph", 3, 2,
         "warning: kept as a paper"),
    Case("page-numbers.txt", text(HEADER, A1, "Page 2", A2, "- 3 -"), "warning", "a page number", 5, 2,
         "warning per page number pasted from a PDF: left out, counted in the report"),
    Case("name with spaces.txt", text(HEADER, A3), "", "", None, 1, "read; name kept as is"),
    Case("ünïcødé 論文 2026.txt", text("NeurIPS 2026 论文列表", A1), "", "", None, 1, "read; Unicode name kept"),
    Case("dots..in..name.txt", text(HEADER, A2), "", "", None, 1, "read (`..` inside a name is just a name)"),
    Case("..hidden-dots.txt", text(HEADER, A2), "info", "hidden file", 0, 0, "info: hidden file not read"),
    Case("notes.pdf", b"%PDF-1.4\n", "error", "not a PDF that can be read", 1, 0, "error: a broken PDF, not read"),
    Case("notes.djvu", b"AT&TFORM", "warning", "unsupported extension", 0, 0, "warning: not read"),
    Case("bad.json", b'[\n {"abstract": "ok"},\n {"abstract": oops},\n {"abstract": "x"}\n]\n', "error", "invalid JSON", 3, 0,
         "error with line; not read"),
    Case("scalar.json", b"42\n", "error", "expected an array", None, 0, "error"),
    Case("object.json", b'{"title": "x"}\n', "error", 'this object has "title"', 1, 0,
         "error: no \"papers\" array, no abstract"),
    Case("empty-list.json", b"[]\n", "warning", "no records in the file", 1, 0, "warning: nothing read"),
    Case("bad.jsonl", b'{"abstract": "' + A1.encode() + b'"}\n{"abstract": oops}\n[1, 2]\n', "error",
         "invalid JSON line", 2, 1, "error on line 2; warning on line 3 (not an object)"),
    Case("no-abstract-col.csv", b"title,authors\nA,B\n", "error", "no abstract column", 1, 0, "error"),
    Case("empty-abstract.csv", b"title,abstract\nA,\nB," + A3.encode() + b"\n", "warning", "record has no abstract", 2, 1,
         "warning: row left out, counted"),
    Case("broken.bib", b"@article{a1, title = {Fine}, abstract = {" + A1.encode() + b"}}\n\n@article{a2,\n  title = {Unclosed,"
         b"\n\n@misc{a3, abstract = {" + A2.encode() + b"}}\n", "error", "not a BibTeX entry the parser can read", 3, 2,
         "error at the broken entry's line; the entries around it read"),
    Case("notes.ris", b"Reading list, exported by hand\nTY is a tag I forgot\n", "error", "text outside any RIS record", 1,
         0, "error: no RIS record in the file"),
    Case("broken.ris", b"TY  - JOUR\nAB  - " + A1.encode() + b"\nER  - \nnotes between records\nTY  - JOUR\nAB  - "
         + A2.encode() + b"\n", "warning", "text after a RIS record's end line", 4, 2,
         "warning at the stray line; both records read, the one without 'ER  -' with a note"),
    Case("savedrecs.ciw", b"FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nTI No abstract\nER\n\nPT J\nAB "
         + A2.encode() + b"\nER\n\nEF\n", "warning", "Web of Science record (J) has no abstract", 3, 1,
         "warning at the record's PT line; the record with an abstract read"),
    Case("citations.nbib", b"PMID- 1\nTI  - No abstract\n\nPMID- 2\nAB  - " + A3.encode() + b"\n", "warning",
         "PubMed record (1) has no abstract", 1, 1, "warning at the record's PMID line; the record with an abstract read"),
    Case("papers.xlsx", b"PK\x03\x04 a zip archive cut short", "error", "not an .xlsx workbook that can be read", 1, 0,
         "error: the archive cannot be opened; not read"),
    Case("feed.xml", b'<?xml version="1.0"?>\n<rss><channel>\n<item><description>' + A1.encode()
         + b"</item>\n</channel></rss>\n", "error", "not XML the parser can read (mismatched tag)", 3, 0,
         "error at the line the XML breaks; not read"),
]

SPECIAL = ["symlink-outside.txt -> /etc/passwd (error, not read)",
           "symlink-inside.txt -> a file in the folder (info, read once)",
           "linked-dir -> a folder outside (error, not read)",
           "newline\\nin name.txt (warning, name shown escaped)"]


def make(folder: Path, outside: Path) -> None:
    """Write every case into `folder`; `outside` is a folder beside it for the escaping symlinks."""
    folder.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        (folder / case.name).write_bytes(case.data)
    outside.mkdir(parents=True, exist_ok=True)
    (outside / "secret.txt").write_text(HEADER + "\n\nSECRET-FROM-OUTSIDE " + A1 + "\n")
    (folder / "symlink-outside.txt").symlink_to("/etc/passwd")
    (folder / "symlink-inside.txt").symlink_to(folder / "utf8-bom.txt")
    (folder / "linked-dir").symlink_to(outside, target_is_directory=True)
    (folder / "newline\nin name.txt").write_bytes(text(HEADER, A3 + " Newline name."))


if __name__ == "__main__":
    import sys
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from generator.readers import read_inputs

    with tempfile.TemporaryDirectory() as tmp:
        make(Path(tmp) / "in", Path(tmp) / "outside")
        result = read_inputs([Path(tmp) / "in"])
        for issue in result.issues:
            print(issue)
        print(f"{len(CASES) + len(SPECIAL)} bad files -> {len(result.records)} abstracts, "
              f"{len(result.errors)} errors, {len(result.issues)} issues")
