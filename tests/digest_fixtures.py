"""Helpers for the incremental/history/collections/serve tests: projects, synthetic files, tree snapshots."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from conftest import make_project as _make_project

ROOT = Path(__file__).resolve().parent.parent


def make_project(tmp: Path, seeds: bool = True) -> Path:
    """A project folder (see conftest.make_project), with the seed files or with no abstracts."""
    return _make_project(tmp, None if seeds else [])


def synth_file(path: Path, header: str, n: int, salt: str) -> Path:
    """A text abstract file of n distinct synthetic abstracts (ids differ by `salt`)."""
    paras = []
    for k in range(n):
        h = hashlib.sha1(f"{salt}-{k}".encode()).hexdigest()[:10]
        paras.append(f"We study diffusion models for problem {h} and propose a method that improves "
                     f"sample quality on benchmark {h.upper()} by a wide margin, with code released.")
    path.write_text(header + "\n\n" + "\n\n".join(paras) + "\n", "utf-8")
    return path


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def tree_mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in sorted(root.rglob("*")) if p.is_file()}


def run(project: Path, date: str, **kw):
    """`paper-digest build` of a project, as run from its folder (generator.build.build; keywords as its)."""
    from generator.build import build  # (imported late: after the tests' enrich stand-in, if any)

    cwd = os.getcwd()
    os.chdir(project)
    try:
        return build([Path("abstracts")], Path("mkdocs.yml"), date=date, **kw)
    finally:
        os.chdir(cwd)
