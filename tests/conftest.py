"""Shared fixtures: a throw-away project folder (mkdocs.yml + docs/ + abstracts/) and a built seed site."""
from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DEV_CSV = SHARED / "data" / "iclr2026_dev.csv"


# CI (.ci/run and GitHub Actions set CI=true) runs the property tests on the same examples every time, so
# that a run lands or fails for the code, not for the examples it happened to draw; elsewhere they draw new
# ones each run.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def benchmark(name: str):
    """benchmarks/<name>.py as a module (the benchmarks are scripts, not a package): tests hold their figures."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_file(folder: Path, name: str, data: bytes):
    """read_inputs of one file written into folder, with its paragraph accounting checked (nothing dropped)."""
    from generator.readers import read_inputs

    (folder / name).write_bytes(data)
    result = read_inputs([folder / name])
    assert result.paragraphs.get(name, 0) == len(result.records) + len(result.excluded) + len(result.joined)
    return result


def make_project(where: Path, abstracts: Path | list[Path] | None = None) -> Path:
    """A project like a user's: mkdocs.yml, hand-written docs/, abstracts/; theme and hook linked in."""
    where.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", where / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", where / "docs", ignore=lambda d, names: [
        n for n in names if not (Path(d) / n).is_file() or not n.endswith(".md")
        or (Path(d) / n).relative_to(ROOT / "docs").as_posix() not in _hand_written()])
    for name in ("site_templates", "generator"):
        (where / name).symlink_to(ROOT / name)
    target = where / "abstracts"
    target.mkdir(exist_ok=True)
    sources = [ROOT / "abstracts"] if abstracts is None else ([abstracts] if isinstance(abstracts, Path) else abstracts)
    for src in sources:
        for f in ([src] if src.is_file() else sorted(p for p in src.iterdir()
                                                     if p.is_file() and not p.name.startswith("."))):
            shutil.copy(f, target / f.name)
    return where


def _hand_written() -> set[str]:
    """Hand-written docs pages: the ones .gitignore lets git track."""
    lines = (ROOT / ".gitignore").read_text().splitlines()
    return {line[len("!/docs/"):] for line in lines if line.startswith("!/docs/")}


def build_project(project: Path, *args: str) -> int:
    from generator.cli import main
    cwd = os.getcwd()
    os.chdir(project)
    try:
        return main(["build", *args])
    finally:
        os.chdir(cwd)


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory) -> Path:
    """The seed digest, built once per test session; returns the site folder."""
    project = make_project(tmp_path_factory.mktemp("seed-project"))
    assert build_project(project) == 0
    return project / "site"


@pytest.fixture(scope="session")
def published_site(tmp_path_factory) -> Path:
    """The seed digest built as the Pages workflow builds it for a project site: with
    --site-url https://example.org/digest/ (so it is served at /digest/)."""
    project = make_project(tmp_path_factory.mktemp("published-project"))
    assert build_project(project, "--site-url", "https://example.org/digest/") == 0
    return project / "site"
