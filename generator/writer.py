"""The one stage that touches docs/: write generated files, only where their bytes changed.

A manifest (docs/.generated.json) lists every file the generator owns.  Files not in it are
hand-written and are never overwritten or deleted; generated files that are no longer produced
are removed.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .cache import Cache

MANIFEST = ".generated.json"


class WriteError(Exception):
    pass


@dataclass
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)


def write_outputs(docs_dir: Path, files: dict[str, bytes], cache: Cache | None = None) -> WriteReport:
    """Make docs_dir hold exactly `files` (relative posix path -> bytes) among generated files.

    With a build cache, a file whose size and modification time are those this writer left, and
    whose new bytes hash as the ones it wrote then, is known unchanged without reading it."""
    written_table = cache.table("written") if cache is not None else None
    docs_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = docs_dir / MANIFEST
    owned = set(json.loads(manifest_path.read_text("utf-8"))) if manifest_path.exists() else set()
    report = WriteReport()
    root = os.fspath(docs_dir)
    for rel in sorted(files.keys() - owned):
        if os.path.lexists(os.path.join(root, rel)):  # (a link, even a broken one, is in the way too)
            raise WriteError(f"{docs_dir / rel}: a hand-written file is in the way of a generated page; "
                             "rename or move it (the generator never overwrites files it did not write)")
    # Claim every path first: a build killed while writing leaves a manifest that still names each
    # file it may have created, so the next build neither mistakes them for hand-written pages nor
    # touches a file it does not own.
    _write_manifest(manifest_path, owned | set(files))
    resolved = docs_dir.resolve()
    for rel in sorted(owned - set(files)):
        target = docs_dir / rel
        if resolved not in target.resolve().parents:
            continue  # a manifest entry that leads out of docs/ (edited by hand?) is never deleted
        if target.is_file():
            target.unlink()
            report.removed.append(rel)
            _prune_empty(target.parent, docs_dir)
    folders: set[str] = set()  # made (or found) already
    for rel, data in sorted(files.items()):
        target = os.path.join(root, rel)
        h = hashlib.blake2b(data, digest_size=16).digest() if written_table is not None else None
        known = written_table.get(rel) if written_table is not None else None
        same = _same_file(target, data, known, h)
        if same:
            report.unchanged += 1
            if same == "read" and written_table is not None:
                _remember(written_table, rel, target, h)
            continue
        folder = os.path.dirname(target)
        if folder not in folders:
            os.makedirs(folder, exist_ok=True)
            folders.add(folder)
        with open(target + ".tmp", "wb") as fh:
            fh.write(data)
        os.replace(target + ".tmp", target)
        report.written.append(rel)
        if written_table is not None:
            _remember(written_table, rel, target, h)
    _write_manifest(manifest_path, set(files))
    return report


def _remember(table, rel: str, target: str, h: bytes) -> None:
    st = os.stat(target)
    table.put(rel, (st.st_size, st.st_mtime_ns, st.st_ino, h))


def _same_file(path: str, data: bytes, known: tuple | None = None, h: bytes | None = None) -> str | bool:
    """Is path a regular file (or a link to one) holding exactly data?  "known" if `known`, the (size,
    mtime, inode, hash) of what this writer left there, shows it without reading; "read" if reading did."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
            return False
        if known is not None and known == (st.st_size, st.st_mtime_ns, st.st_ino, h):
            return "known"
        with open(path, "rb") as fh:
            return "read" if fh.read() == data else False
    except (FileNotFoundError, NotADirectoryError):
        return False


def _write_manifest(path: Path, names: set[str]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(sorted(names), indent=0) + "\n", "utf-8")
    os.replace(tmp, path)


def _prune_empty(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
