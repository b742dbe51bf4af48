"""The one stage that touches docs/: write generated files, only where their bytes changed.

A manifest (docs/.generated.json) lists every file the generator owns.  Files not in it are
hand-written and are never overwritten or deleted; generated files that are no longer produced
are removed.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = ".generated.json"


class WriteError(Exception):
    pass


@dataclass
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)


def write_outputs(docs_dir: Path, files: dict[str, bytes]) -> WriteReport:
    """Make docs_dir hold exactly `files` (relative posix path -> bytes) among generated files."""
    docs_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = docs_dir / MANIFEST
    owned = set(json.loads(manifest_path.read_text("utf-8"))) if manifest_path.exists() else set()
    report = WriteReport()
    for rel in sorted(files):
        target = docs_dir / rel
        if rel not in owned and (target.exists() or target.is_symlink()):
            raise WriteError(f"{target}: a hand-written file is in the way of a generated page; "
                             "rename or move it (the generator never overwrites files it did not write)")
    # Claim every path first: a build killed while writing leaves a manifest that still names each
    # file it may have created, so the next build neither mistakes them for hand-written pages nor
    # touches a file it does not own.
    _write_manifest(manifest_path, owned | set(files))
    root = docs_dir.resolve()
    for rel in sorted(owned - set(files)):
        target = docs_dir / rel
        if root not in target.resolve().parents:
            continue  # a manifest entry that leads out of docs/ (edited by hand?) is never deleted
        if target.is_file():
            target.unlink()
            report.removed.append(rel)
            _prune_empty(target.parent, docs_dir)
    for rel, data in sorted(files.items()):
        target = docs_dir / rel
        if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
            report.unchanged += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
        report.written.append(rel)
    _write_manifest(manifest_path, set(files))
    return report


def _write_manifest(path: Path, names: set[str]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(sorted(names), indent=0) + "\n", "utf-8")
    os.replace(tmp, path)


def _prune_empty(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
