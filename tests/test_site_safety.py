"""Output safety: site/ is swapped in atomically; a failed, interrupted or killed build leaves the previous
site intact; a build never deletes or overwrites a hand-written file in docs/."""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, make_project

TESTS = Path(__file__).resolve().parent
# The enrich stage is replaced by the corpus' simple stand-in: what is tested here is the output
# machinery, which must not depend on how papers are categorised.
RUNNER = ("import sys; sys.path.insert(0, {tests!r}); from hostile.corpus import ensure_enrich; ensure_enrich(True, simple=True); "
          "from generator.cli import main; sys.exit(main(sys.argv[1:]))").format(tests=str(TESTS))
EXTRA = ("We propose an extra abstract that changes the corpus between two builds, so that the second build has "
         "real work to do, and we evaluate it on four benchmarks with a gain of 2%.")
HAND = "# My notes\n\nHand-written; the generator must never touch this.\n"


def no_old_sites(project: Path, wait: float = 30.0) -> bool:
    """No previous site left beside site/ (a full build deletes the one it replaced in the background)."""
    deadline = time.monotonic() + wait
    while list(project.glob(".site.old-*")) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not list(project.glob(".site.old-*"))


def snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha1(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def start_build(project: Path, *args: str) -> subprocess.Popen:
    """A build in a child whose SIGINT is not ignored, even where the tests run as a background job
    (which ignores SIGINT, and passes that on)."""
    return subprocess.Popen([sys.executable, "-c", RUNNER, "build", *args], cwd=project, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def run_build(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RUNNER, "build", *args], cwd=project, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture()
def built_project(tmp_path):
    project = make_project(tmp_path / "project")
    (project / "docs" / "notes.md").write_text(HAND)
    done = run_build(project)
    assert done.returncode == 0, done.stderr[-3000:]
    return project


def staging_dirs(project: Path) -> list[Path]:
    return sorted(project.glob(".site.building-*"))


def kill_during_mkdocs(project: Path, sig: int) -> subprocess.Popen:
    """Start a build and send `sig` once MkDocs has begun writing pages into its staging folder."""
    proc = start_build(project, *(["--full"] if "--full" in _build_flags() else []))
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        for staging in staging_dirs(project):
            if any(staging.rglob("*.html")):
                proc.send_signal(sig)
                proc.wait(timeout=120)
                return proc
        time.sleep(0.01)
    proc.kill()
    pytest.fail("the build finished before MkDocs could be caught writing pages:\n" + proc.stderr.read()[-2000:])


def _build_flags() -> str:
    return subprocess.run([sys.executable, "-m", "generator", "build", "--help"], cwd=ROOT, capture_output=True,
                          text=True).stdout


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM], ids=["SIGKILL", "SIGINT", "SIGTERM"])
def test_a_build_killed_during_mkdocs_leaves_the_previous_site_intact(built_project, sig):
    project = built_project
    before = snapshot(project / "site")
    assert "index.html" in before and any(k.startswith("papers/") for k in before)
    with open(project / "abstracts" / "000_93546517f0108cba.txt", "a", encoding="utf-8") as fh:
        fh.write("\n" + EXTRA + "\n")
    proc = kill_during_mkdocs(project, sig)
    assert proc.returncode != 0
    assert snapshot(project / "site") == before  # every file, byte for byte
    assert no_old_sites(project)
    if sig != signal.SIGKILL:  # (Ctrl-C, or a `kill`, `timeout` or cancelled CI job)
        assert "the previous site is unchanged" in proc.stderr.read()
        assert not staging_dirs(project)  # cleaned up on the way out
    assert (project / "docs" / "notes.md").read_text() == HAND
    # the next build succeeds, includes the new abstract, and removes what the killed one left behind
    done = run_build(project)
    assert done.returncode == 0, done.stderr[-3000:]
    assert not staging_dirs(project) and no_old_sites(project)
    assert snapshot(project / "site") != before
    assert any("extra abstract that changes the corpus" in p.read_text("utf-8")
               for p in (project / "site" / "papers").glob("*/index.html"))
    assert (project / "docs" / "notes.md").read_text() == HAND


def test_a_failed_mkdocs_build_leaves_the_previous_site_intact(built_project):
    project = built_project
    before = snapshot(project / "site")
    (project / "docs" / "notes.md").write_text(HAND + "\n[a broken link](no-such-page.md)\n")  # strict: fails
    done = run_build(project)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "the previous site is unchanged" in done.stderr
    assert snapshot(project / "site") == before
    assert not staging_dirs(project)


def test_a_broken_configuration_is_a_clear_error(built_project):
    project = built_project
    before = snapshot(project / "site")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text().replace("  - pymdownx.details", "  - pymdownx.details\n - bad indent"))
    done = run_build(project)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "mkdocs.yml" in done.stderr and "Traceback" not in done.stderr
    assert snapshot(project / "site") == before


def test_input_errors_stop_the_build_before_anything_is_written(built_project):
    project = built_project
    site_before, docs_before = snapshot(project / "site"), snapshot(project / "docs")
    (project / "abstracts" / "broken.txt").write_bytes(b"ICLR 2026 Papers\n\nCaf\xe9 " + EXTRA.encode() + b"\n")
    done = run_build(project)
    assert done.returncode == 2
    assert "broken.txt:3: error: invalid UTF-8 at byte 21" in done.stderr
    assert "nothing was built and the existing site is unchanged" in done.stderr
    assert snapshot(project / "site") == site_before and snapshot(project / "docs") == docs_before


def test_a_hand_written_file_in_the_way_is_never_overwritten(tmp_path):
    project = make_project(tmp_path / "project")
    mine = project / "docs" / "tags" / "index.md"
    mine.parent.mkdir(parents=True)
    mine.write_text(HAND)
    done = run_build(project)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "a hand-written file is in the way of a generated page" in done.stderr
    assert "tags/index.md" in done.stderr
    assert mine.read_text() == HAND
    assert not (project / "site").exists()


def test_hand_written_pages_survive_builds_and_generated_ones_are_removed_when_gone(built_project):
    project = built_project
    docs = project / "docs"
    hand = {p: p.read_bytes() for p in docs.rglob("*.md") if p.relative_to(docs).as_posix()
            not in (docs / ".generated.json").read_text()}
    assert docs / "notes.md" in hand and docs / "about.md" in hand
    papers = sorted((docs / "papers").glob("*.md"))
    # drop one abstract: its page goes, nothing hand-written does
    src = project / "abstracts" / "000_93546517f0108cba.txt"
    paras = src.read_text("utf-8").split("\n\n")
    src.write_text("\n\n".join(paras[:-1]) + "\n", "utf-8")
    done = run_build(project)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(sorted((docs / "papers").glob("*.md"))) == len(papers) - 1
    for path, data in hand.items():
        assert path.read_bytes() == data, path


def test_an_incremental_build_never_writes_through_into_the_previous_site(built_project, monkeypatch):
    """A dirty build must replace files of the live site (a new inode each), never rewrite them in place:
    a reader (or a hard-linked copy) of an old file must keep its bytes.  A hard-linked twin of site/
    taken before the build shows it: after a dirty MkDocs run, every file of the twin holds the old bytes."""
    from generator.build import run_mkdocs

    project = built_project
    before = snapshot(project / "site")
    twin = project / "site-twin"
    subprocess.run(["cp", "-al", str(project / "site"), str(twin)], check=True)
    time.sleep(1.1)  # (MkDocs' dirty mode compares modification times)
    (project / "docs" / "notes.md").write_text(HAND + "\nEdited.\n")
    monkeypatch.chdir(project)
    run_mkdocs(project / "mkdocs.yml", project / "site", dirty=True)
    assert "Edited." in (project / "site" / "notes" / "index.html").read_text("utf-8")
    changed = sorted(rel for rel, digest in snapshot(twin).items() if before.get(rel) != digest)
    assert not changed, f"written through hard links into the live site: {changed[:10]}"


def test_the_writer_overwrites_its_own_files_in_place_and_never_through_a_link(tmp_path):
    """A changed generated file is overwritten where it is (shorter content leaves no tail); one that
    is a link, or has another name elsewhere, is replaced, so what it points to is never written."""
    from generator.writer import write_outputs
    docs = tmp_path / "docs"
    write_outputs(docs, {"a.md": b"a long first version\n", "b.md": b"b\n", "c.md": b"c\n"})
    outside = tmp_path / "outside.md"
    outside.write_bytes(b"not the generator's\n")
    (docs / "b.md").unlink()
    (docs / "b.md").symlink_to(outside)
    os.link(docs / "c.md", tmp_path / "c-elsewhere.md")
    inode = (docs / "a.md").stat().st_ino
    report = write_outputs(docs, {"a.md": b"short\n", "b.md": b"b2\n", "c.md": b"c2\n"})
    assert report.written == ["a.md", "b.md", "c.md"]
    assert (docs / "a.md").read_bytes() == b"short\n" and (docs / "a.md").stat().st_ino == inode
    assert (docs / "b.md").read_bytes() == b"b2\n" and not (docs / "b.md").is_symlink()
    assert outside.read_bytes() == b"not the generator's\n"
    assert (docs / "c.md").read_bytes() == b"c2\n" and (tmp_path / "c-elsewhere.md").read_bytes() == b"c\n"


def test_the_writer_trusts_its_stamps_only_for_files_as_it_left_them(tmp_path, monkeypatch):
    """With stamps (size, mtime, inode and sha256 of what it wrote), unchanged files are not read back;
    a file changed since, even to the same size, is read, found different and written again."""
    import generator.writer as writer
    from generator.cache import Table
    docs, stamps = tmp_path / "docs", Table({})
    files = {"a.md": b"alpha\n", "sub/b.md": b"beta\n", "c.md": b"gamma\n"}
    assert writer.write_outputs(docs, files, stamps).written == ["a.md", "c.md", "sub/b.md"]
    (docs / "c.md").write_bytes(b"GAMMA\n")  # edited by hand, same size
    os.utime(docs / "c.md", ns=(0, 0))
    read = []
    same = writer._same_file
    monkeypatch.setattr(writer, "_same_file", lambda path, st, data: read.append(Path(path).name) or same(path, st, data))
    stamps = Table(dict(stamps.used))  # (as the next build loads it)
    report = writer.write_outputs(docs, {**files, "a.md": b"alpha 2\n"}, stamps)
    assert report.written == ["a.md", "c.md"] and report.unchanged == 1
    assert read == ["a.md", "c.md"]  # sub/b.md matches its stamp: not compared at all
    assert (docs / "c.md").read_bytes() == b"gamma\n"
    assert stamps.get("c.md") == writer._stamp((docs / "c.md").stat(), hashlib.sha256(b"gamma\n").digest())


def test_a_kept_page_is_one_whose_stamp_still_holds(tmp_path):
    """The render stage keeps a page (writer.Kept) only if docs/ still has the file the writer wrote."""
    import generator.writer as writer
    from generator.cache import Table
    docs, stamps = tmp_path / "docs", Table({})
    writer.write_outputs(docs, {"a.md": b"alpha\n", "b.md": b"beta\n"}, stamps)
    held = writer.holds(docs, dict(stamps.used))
    sha = hashlib.sha256
    assert held("a.md", sha(b"alpha\n").digest()) and not held("a.md", sha(b"other\n").digest())
    assert not held("c.md", sha(b"alpha\n").digest())
    (docs / "b.md").write_bytes(b"BETA\n")  # edited by hand: no longer held
    assert not held("b.md", sha(b"beta\n").digest())
    report = writer.write_outputs(docs, {"a.md": writer.Kept(sha(b"alpha\n").digest()), "b.md": b"beta\n"},
                                  Table(dict(stamps.used)))
    assert report.written == ["b.md"] and report.unchanged == 1 and (docs / "a.md").read_bytes() == b"alpha\n"


def test_a_replaced_site_is_deleted_in_the_background(tmp_path):
    from generator.build import remove_later, swap_in
    site, staging = tmp_path / ".site-x" / "site", tmp_path / ".site-x" / ".site.building-1"
    for folder, text in ((site, "old"), (staging, "new")):
        (folder / "papers" / "a").mkdir(parents=True)
        (folder / "papers" / "a" / "index.html").write_text(text)
    swap_in(staging, site)
    assert (site / "papers" / "a" / "index.html").read_text() == "new" and not staging.exists()
    assert no_old_sites(site.parent)
    gone = tmp_path / "gone"
    (gone / "x").mkdir(parents=True)
    remove_later(gone)
    deadline = time.monotonic() + 30
    while gone.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not gone.exists()


def test_an_interrupt_python_dropped_still_stops_the_build_before_the_site_changes(built_project, monkeypatch):
    """A KeyboardInterrupt raised in a finalizer is printed and dropped by Python; the build notes the
    signal itself and does not put the new site in place."""
    import generator.build as gb
    from digest_fixtures import run
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)  # (not ignored, even in a background job)
    before = snapshot(built_project / "site")
    with open(built_project / "abstracts" / "000_93546517f0108cba.txt", "a", encoding="utf-8") as fh:
        fh.write("\n" + EXTRA + "\n")
    real = gb.mkdocs_build

    def interrupted_build(*args, **kwargs):
        real(*args, **kwargs)
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.1)
        except KeyboardInterrupt:
            pass  # (dropped, as in a finalizer)
    monkeypatch.setattr(gb, "mkdocs_build", interrupted_build)
    try:
        with pytest.raises(KeyboardInterrupt):
            run(built_project, "2026-02-01")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and not gb._INTERRUPTS
    finally:
        signal.signal(signal.SIGINT, handler)
    assert snapshot(built_project / "site") == before


def test_a_folder_in_the_way_of_a_generated_file_is_never_taken_for_it(tmp_path):
    """No stamp matches something that is not a regular file (a folder has no stamp to compare with)."""
    import generator.writer as writer
    from generator.cache import Table
    docs = tmp_path / "docs"
    writer.write_outputs(docs, {"a.md": b"alpha\n"}, Table({}))
    (docs / "a.md").unlink()
    (docs / "a.md").mkdir()
    with pytest.raises(OSError):
        writer.write_outputs(docs, {"a.md": b"alpha\n"}, Table({}))
