"""The bad-file corpus (tests/badfiles/corpus.py): every bad input gets a clear message naming the file,
the line and what will happen; nothing is dropped silently; `check` prints the report without building."""
from __future__ import annotations

import contextlib
import io
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "badfiles"))
from corpus import A1, A2, A2_TYPO, A3, CASES, HEADER, make, text  # noqa: E402

from generator.check import check_inputs  # noqa: E402
from generator.normalize import near_duplicates, normalize  # noqa: E402
from generator.readers import read_inputs  # noqa: E402


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("badfiles")
    make(root / "in", root / "outside")
    return root / "in", read_inputs([root / "in"])


def run_cli(*argv: str) -> tuple[int, str]:
    from generator.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(list(argv))
    return rc, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_bad_file_gets_its_message(corpus, case):
    _, result = corpus
    mine = [i for i in result.issues if i.file == case.name]
    if case.level:
        hits = [i for i in mine if i.level == case.level and case.says in i.message]
        assert hits, f"{case.name}: expected {case.level} {case.says!r}, got {[str(i) for i in mine]}"
        if case.line is not None:
            assert hits[0].line == case.line, str(hits[0])
    else:
        assert not [i for i in mine if i.level != "info"], [str(i) for i in mine]
    assert sum(r.source.file == case.name for r in result.records) == case.records


def test_no_file_outside_the_input_folder_is_read(corpus):
    _, result = corpus
    by_file = {i.file: i for i in result.issues if i.level == "error"}
    assert "symlink points outside the input folder" in by_file["symlink-outside.txt"].message
    assert "/etc/passwd" in by_file["symlink-outside.txt"].message
    assert "symlink points outside" in by_file["linked-dir"].message
    assert not any("root:" in r.text or "SECRET-FROM-OUTSIDE" in r.text for r in result.records)
    assert not any(r.source.file.startswith("linked-dir") for r in result.records)


def test_symlink_inside_is_read_once_and_newline_names_are_escaped(corpus):
    _, result = corpus
    assert any(i.file == "symlink-inside.txt" and "same file as utf8-bom.txt" in i.message for i in result.issues)
    assert sum(r.source.file == "utf8-bom.txt" for r in result.records) == 1
    escaped = [r.source.file for r in result.records if "in name" in r.source.file]
    assert escaped == ["newline\\x0ain name.txt"]
    assert all("\n" not in i.file and "\n" not in str(i) for i in result.issues)


def test_every_paragraph_is_accounted_for(corpus):
    _, result = corpus
    assert sum(result.paragraphs.values()) == len(result.records) + len(result.excluded) + len(result.joined)
    assert len(result.excluded) == len(result.reasons)


def test_replace_invalid_decodes_with_replacement_only_when_asked(tmp_path):
    (tmp_path / "latin1.txt").write_bytes(text(HEADER, A1) + b"\nCaf\xe9 au lait: " + A2.encode() + b"\n")
    strict = read_inputs([tmp_path])
    assert strict.errors and not strict.records
    loose = read_inputs([tmp_path], replace_invalid=True)
    assert not loose.errors and len(loose.records) == 2
    assert "Caf\ufffd au lait" in loose.records[1].text
    assert any(i.level == "warning" and "--replace-invalid" in i.message and i.line == 5 for i in loose.issues)


def test_check_prints_the_report_and_fails_on_errors(corpus):
    folder, _ = corpus
    rc, out = run_cli("check", "-i", str(folder))
    assert rc == 2
    for case in CASES:
        if case.level in ("error", "warning"):
            assert case.name in out, case.name
    assert "invalid-utf8.txt:4: error: invalid UTF-8 at byte" in out
    assert "would stop and leave the existing site unchanged" in out
    assert "paragraphs/records from" in out and "left out" in out


def test_check_passes_with_warnings_only(tmp_path):
    (tmp_path / "a.txt").write_bytes(text(HEADER, A1, "---", A2, "Code and data soon"))
    (tmp_path / "b.txt").write_bytes(text(A3))
    rc, out = run_cli("check", "-i", str(tmp_path))
    assert rc == 0, out
    assert "a.txt:5: warning: paragraph '---' has no letters or digits" in out
    assert "b.txt:1: warning: no header line" in out
    assert "read 5 paragraphs/records from 2 file(s) -> 4 abstracts -> 4 papers" in out
    assert "1 x no letters or digits (a.txt:5)" in out
    assert out.rstrip().endswith("warning(s))")


def test_input_takes_several_paths_as_the_readme_writes_it(tmp_path):
    for name, body in (("a", A1), ("b", A2)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.txt").write_bytes(text(HEADER, body))
    one = run_cli("check", "--input", str(tmp_path / "a"), str(tmp_path / "b"))
    assert one == run_cli("check", "-i", str(tmp_path / "a"), "-i", str(tmp_path / "b"))
    assert one[0] == 0 and "read 2 paragraphs/records from 2 file(s) -> 2 abstracts -> 2 papers" in one[1]


def test_exact_and_near_duplicates_are_reported_with_both_locations(tmp_path):
    (tmp_path / "a.txt").write_bytes(text(HEADER, A1, A2, A1))
    (tmp_path / "b.txt").write_bytes(text(HEADER, A3, A2_TYPO))
    result = check_inputs([tmp_path])
    assert len(result.read.records) == 5 and len(result.papers) == 4
    assert [s.line for s in result.papers[0].sources] == [3, 7]  # one paper, two sources
    (near,) = result.near
    assert re.fullmatch(r"b\.txt:5: warning: near-duplicate of a\.txt:5 \(9\d% similar, not identical\): kept as two "
                        r"papers; if it is the same abstract with a typo, delete one copy", str(near)), str(near)
    report = "\n".join(result.report())
    assert "a.txt:7: info: the same abstract as a.txt:3: one paper, with both sources" in report
    assert "1 abstracts are exact duplicates of another and were merged" in report
    assert "1 pairs of near-duplicate abstracts flagged" in report
    # a copy in another collection: the paper is listed in the first one only, and the warning says so
    (tmp_path / "c.txt").write_bytes(text("NeurIPS 2025 Papers", A3))
    (merged,) = [i for i in check_inputs([tmp_path]).read.issues if i.file == "c.txt"]
    assert str(merged) == ("c.txt:3: warning: the same abstract as b.txt:3: one paper, with both sources; listed "
                           "under ICLR 2026, not NeurIPS 2025")


def test_near_duplicates_do_not_flag_different_abstracts():
    from generator.readers import read_inputs as read
    from conftest import DEV_CSV
    if not DEV_CSV.exists():
        pytest.skip("no dev CSV")
    papers = normalize(read([DEV_CSV]).records)
    assert near_duplicates(papers) == []


def test_five_megabyte_paragraph_is_left_out_quickly_with_a_reason(tmp_path):
    (tmp_path / "big.txt").write_text(HEADER + "\n\n" + "We study a method that improves accuracy. " * 125_000
                                      + "\n\n" + A1 + "\n")
    start = time.perf_counter()
    result = check_inputs([tmp_path])
    assert time.perf_counter() - start < 30
    assert len(result.read.records) == 1 and len(result.papers) == 1
    (issue,) = result.read.excluded
    assert (issue.file, issue.line) == ("big.txt", 3)
    assert "5,249,999 characters" in issue.message and "separate the abstracts with blank lines" in issue.message
    assert "1 x longer than 100,000 characters (big.txt:3)" in "\n".join(result.report())


def test_100000_tiny_paragraphs_are_kept_and_reported_in_a_few_lines(tmp_path):
    (tmp_path / "tiny.txt").write_text(HEADER + "\n\n" + "\n\n".join(f"stray line {i}" for i in range(100_000)))
    start = time.perf_counter()
    rc, out = run_cli("check", "-i", str(tmp_path))
    elapsed = time.perf_counter() - start
    assert rc == 0
    assert elapsed < 120, elapsed
    lines = out.splitlines()
    assert len(lines) < 15, lines
    assert "tiny.txt:3: warning: very short paragraph (3 words)" in out
    assert "99,995 more like the above (lines 13, 15" in out
    assert "read 100,000 paragraphs/records from 1 file(s) -> 100,000 abstracts -> 100,000 papers" in out


def test_deeply_nested_markup_and_huge_but_allowed_paragraphs_do_not_crash(tmp_path):
    nested = "\\textbf{" * 3000 + "deep" + "}" * 3000
    (tmp_path / "deep.txt").write_text(text(HEADER, nested + " " + A1, "$" * 5000 + A2, "{" * 20000 + A3).decode())
    result = check_inputs([tmp_path])
    assert len(result.papers) == 3
    assert all(p.plain_text for p in result.papers)


def test_near_duplicate_check_survives_texts_without_real_words(tmp_path):
    """Two near-identical paragraphs of one-letter 'words' gave scikit-learn an empty vocabulary."""
    from generator.normalize import near_duplicates, normalize
    from generator.readers import read_inputs
    words = " ".join("abcdefghijklmnopqrstuvwxyz")
    (tmp_path / "a.txt").write_text(f"ICLR 2026 Papers\n\n{words} {words}.\n\n{words} {words} q.\n", "utf-8")
    papers = normalize(read_inputs([tmp_path]).records)
    assert len(papers) == 2
    assert near_duplicates(papers) == []
