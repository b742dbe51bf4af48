"""The command line as a new user meets it: what it refuses to do to their files, and how it says so."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, build_project, make_project

from generator.cli import main


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The seed project, built once."""
    project = make_project(tmp_path_factory.mktemp("cli") / "p")
    assert build_project(project) == 0
    return project


def in_project(project: Path, *argv: str) -> int:
    cwd = os.getcwd()
    os.chdir(project)
    try:
        return main(list(argv))
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("output, says", [
    (".", "would be the project"), ("..", "would hold the project"), ("docs", "would be the docs folder"),
    ("docs/site", "would be inside the docs folder"), ("abstracts", "would be an input"),
    ("abstracts/site", "would be inside an input"), (".digest-cache", "would be the build cache"),
    ("mkdocs.yml", "a file, not a site folder"), ("../mine", "a folder that is not a site"),
])
def test_a_build_never_replaces_what_is_not_a_site(project, capsys, output, says):
    """A build replaces its whole site folder: --output must not name the project, its docs, inputs
    or cache (nor a folder around or inside them), a file, or a folder of other things."""
    (project.parent / "mine").mkdir(exist_ok=True)
    (project.parent / "mine" / "thesis.tex").write_text("mine")
    before = sorted(p.relative_to(project.parent).as_posix() for p in project.parent.rglob("*"))
    assert in_project(project, "build", "--output", output) == 2
    assert says in capsys.readouterr().err
    assert sorted(p.relative_to(project.parent).as_posix() for p in project.parent.rglob("*")) == before


def test_a_build_replaces_a_site_and_fills_an_empty_folder(project, tmp_path):
    (tmp_path / "empty").mkdir()
    assert in_project(project, "build", "--output", str(tmp_path / "empty")) == 0
    assert in_project(project, "build", "--output", str(tmp_path / "empty"), "--full") == 0  # (now a site)
    assert (tmp_path / "empty" / "index.html").is_file()


def test_export_writes_nothing_but_its_output(project, tmp_path, capsys):
    """export reads the inputs (the history too) and writes the JSON: not docs/, not the state file."""
    extra = tmp_path / "extra.txt"
    extra.write_text("ICLR 2026 Papers\n\nWe propose FooNet, a method whose export must not touch the project "
                     "folder: no page is written and no first-seen date recorded for it.\n", "utf-8")
    watched = [project / "docs", project / "abstracts"]
    before = {p: p.stat().st_mtime_ns for d in watched for p in d.rglob("*")}
    assert in_project(project, "export", "-i", "abstracts", "-i", str(extra), "-o", str(tmp_path / "x.json")) == 0
    assert {p: p.stat().st_mtime_ns for d in watched for p in d.rglob("*")} == before
    assert not (tmp_path / ".digest-state.json").exists() and not list(tmp_path.glob(".*"))
    assert len(json.loads((tmp_path / "x.json").read_text("utf-8"))["papers"]) == 39
    capsys.readouterr()
    assert in_project(project, "export", "-o", "-") == 0  # "-": standard output
    assert len(json.loads(capsys.readouterr().out)["papers"]) == 38
    assert in_project(project, "export", "-o", str(tmp_path / "no" / "x.json")) == 2
    assert "cannot write the export (No such file or directory)" in capsys.readouterr().err


@pytest.mark.parametrize("date, says", [("yesterday", "is not a date"), ("2026-02-30", "is not a date"),
                                        ("20260101", "is not a date"), ("3000-01-01", "is in the future")])
def test_a_bad_date_is_refused_before_any_work(project, capsys, date, says):
    """The history keeps a batch's date for good, and later batches must come after it."""
    with pytest.raises(SystemExit) as exc:
        in_project(project, "build", "--date", date)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "argument --date: " in err and says in err


def test_a_second_build_of_a_project_waits_for_the_first(project):
    """Two builds of one project share docs/ and the cache: one holds the project's lock (here, this
    test), the other says it waits, and builds once the lock is free."""
    from generator.build import project_lock
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    with project_lock(project / "mkdocs.yml"):
        proc = subprocess.Popen([sys.executable, "-m", "generator", "build"], cwd=project, env=env,
                                stderr=subprocess.PIPE, text=True)
        assert proc.stderr.readline() == "waiting for another build of this project (mkdocs.yml) to finish\n"
        time.sleep(0.5)
        assert proc.poll() is None  # (still waiting)
    assert proc.wait(timeout=600) == 0, proc.stderr.read()[-2000:]


def test_deploy_without_a_remote_says_so_before_building(tmp_path, capsys):
    project = make_project(tmp_path / "p")
    assert in_project(project, "deploy") == 2
    assert "not a git repository with the remote 'origin'" in capsys.readouterr().err
    assert not (project / "site").exists() and not (project / "docs" / "papers").exists()


def test_serve_names_a_bad_or_taken_address(project, capsys):
    assert in_project(project, "serve", "--dev-addr", "nonsense") == 2
    assert "error: --dev-addr 'nonsense': Config value 'dev_addr'" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        addr = "127.0.0.1:%d" % taken.getsockname()[1]
        assert in_project(project, "serve", "--dev-addr", addr) == 2
    err = capsys.readouterr().err
    assert f"error: cannot serve on {addr}: Address already in use" in err
    assert "] read" not in err  # (said before the first build, not after it)


def test_files_of_one_name_in_two_input_folders_are_told_apart(tmp_path):
    """Two folders' papers.txt: each paper's source names its folder, and every paragraph is accounted
    for (before, both were 'papers.txt' and the report said 10 paragraphs were unaccounted for)."""
    from digest_fixtures import synth_file
    from generator.check import check_inputs
    for name in ("d1", "d2"):
        (tmp_path / name).mkdir()
        synth_file(tmp_path / name / "papers.txt", "ICLR 2026 Papers", 3, name)
    (tmp_path / "d1" / "README.md").write_text("# Our abstracts\n\nOne file per venue; see the wiki for who adds what.\n")
    result = check_inputs([tmp_path / "d1", tmp_path / "d2"])
    assert sorted({s.file for p in result.papers for s in p.sources}) == ["d1/papers.txt", "d2/papers.txt"]
    report = result.report()
    assert "read 6 paragraphs/records from 2 file(s) -> 6 abstracts -> 6 papers" in report
    assert "README.md: info: a folder's read-me or licence, not abstracts; not read (name it with --input to read it)" in report
    assert len(result.papers) == 6


def test_a_project_builds_from_another_folder_and_refuses_a_folder_for_state(project, tmp_path, capsys):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:  # the default input is the abstracts/ beside the configuration, as docs/ and site/ are
        assert main(["build", "--config", str(project / "mkdocs.yml")]) == 0
        assert main(["build", "--config", str(project / "mkdocs.yml"), "--output", "/proc/digest"]) == 2
        assert "/proc/digest: cannot write in /proc" in capsys.readouterr().err
    finally:
        os.chdir(cwd)
    assert in_project(project, "build", "--state", "docs") == 2
    assert "docs: a folder, not a state file" in capsys.readouterr().err
    assert not (project / "docs.tmp").exists()
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("paper-digest ")
