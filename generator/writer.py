"""The one stage that touches docs/: write generated files, only where their bytes changed.

A manifest (docs/.generated.json) lists every file the generator owns.  Files not in it are
hand-written and are never overwritten or deleted; generated files that are no longer produced
are removed.  With a table of stamps (from the build cache), a file whose size, mtime and inode are
those it had when this writer last wrote the same bytes (by their sha256) is not read again.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = ".generated.json"


class WriteError(Exception):
    pass


@dataclass(frozen=True)
class Kept:
    """In `files`, in place of a file's bytes: docs/ holds the file as the writer left it, with bytes
    whose sha256 is `digest` (`holds` checked it); the writer leaves it alone."""
    digest: bytes


def holds(docs_dir: Path, stamps: dict):
    """A check for the render stage and the search index's child: holds(rel, digest) is whether
    docs/rel is still the file the writer wrote with bytes of that sha256 (same size, mtime and
    inode), by the stamps of the last build (a cache table's entries, read only)."""
    root = os.fspath(docs_dir)

    def check(rel: str, digest: bytes) -> bool:
        stamp = stamps.get(rel)
        if stamp is None or stamp[3] != digest:
            return False
        try:
            return _matches(stamp, os.stat(os.path.join(root, rel)), digest)
        except (FileNotFoundError, NotADirectoryError):
            return False
    return check


def kept_where_held(files: dict[str, bytes], unchanged) -> dict[str, bytes | Kept]:
    """files, with Kept for each one docs/ holds already (`unchanged(rel, sha256)`: holds above; None:
    none is known): a child then sends back only what changed (at 20,000 papers a new batch leaves
    499 of the search index's 500 doc shards, most of its bytes, as they were)."""
    if unchanged is None:
        return files
    out: dict[str, bytes | Kept] = {}
    for rel, data in files.items():
        digest = hashlib.sha256(data).digest()
        out[rel] = Kept(digest) if unchanged(rel, digest) else data
    return out


@dataclass
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    digests: dict[str, bytes] | None = None  # with stamps: every generated file's sha256, as docs/ now holds it


def write_outputs(docs_dir: Path, files: dict[str, bytes | Kept], stamps=None) -> WriteReport:
    """Make docs_dir hold exactly `files` (relative posix path -> bytes, or Kept) among generated files.

    `stamps` (a cache Table, or None): path -> (size, mtime_ns, inode, sha256) of the file as this
    writer left it; comparing those costs a stat and a hash instead of reading 25,000 files back."""
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
    digests = report.digests = {} if stamps is not None else None
    for rel, data in sorted(files.items()):
        target = os.path.join(root, rel)
        if isinstance(data, Kept):  # (checked against its stamp by the render stage a moment ago)
            if stamps is not None:
                stamps.get(rel)  # (kept for the next build)
                digests[rel] = data.digest
            report.unchanged += 1
            continue
        digest = hashlib.sha256(data).digest() if stamps is not None else None
        if digests is not None:
            digests[rel] = digest
        try:
            st = os.stat(target)
        except (FileNotFoundError, NotADirectoryError):
            st = None
        if st is not None and stamps is not None and _matches(stamps.get(rel), st, digest):
            report.unchanged += 1
            continue
        if st is not None and _same_file(target, st, data):
            report.unchanged += 1
        else:
            folder = os.path.dirname(target)
            if folder not in folders:
                os.makedirs(folder, exist_ok=True)
                folders.add(folder)
            put(target, data)
            report.written.append(rel)
            st = os.stat(target)
        if stamps is not None:
            stamps.put(rel, _stamp(st, digest))
    _write_manifest(manifest_path, set(files))
    return report


def _stamp(st: os.stat_result, digest: bytes) -> tuple | None:
    return (st.st_size, st.st_mtime_ns, st.st_ino, digest) if stat.S_ISREG(st.st_mode) else None


def _matches(stamp: tuple | None, st: os.stat_result, digest: bytes) -> bool:
    """Whether a file (its os.stat) is still the one a stamp was taken of, holding bytes of that sha256
    (no stamp, or something other than a regular file, never matches)."""
    return stamp is not None and stamp == _stamp(st, digest)


def _same_file(path: str, st: os.stat_result, data: bytes) -> bool:
    """Is path (whose os.stat is st) a regular file (or a link to one) holding exactly data?"""
    if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
        return False
    try:
        with open(path, "rb") as fh:
            return fh.read() == data
    except (FileNotFoundError, NotADirectoryError):
        return False


def put(path: str, data: bytes) -> None:
    """Write `path` where it is: a new file is created, and one that is there (regular, with one
    link) is overwritten in place, since replacing it would free its blocks, 20 times slower here
    (0.7 ms a file); it is truncated only if it was longer (ext4 flushes a truncated file to disk
    when it is closed).  A build killed meanwhile leaves a torn file, which the next build rewrites
    (docs/: it differs; site/: the site's stamp is gone, so the build is full).  Anything else in
    the way (a link) is replaced, never written through."""
    size = 0
    try:
        st = os.lstat(path)
        fd = os.open(path, os.O_WRONLY) if stat.S_ISREG(st.st_mode) and st.st_nlink == 1 else None
        size = st.st_size
    except FileNotFoundError:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    if fd is None:
        with open(path + ".tmp", "wb") as fh:
            fh.write(data)
        os.replace(path + ".tmp", path)
        return
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        if len(data) < size:
            fh.truncate()


def _write_manifest(path: Path, names: set[str]) -> None:
    """(Not rewritten when unchanged: `serve` watches docs/, and a touched file is a change to rebuild for.)"""
    data = (json.dumps(sorted(names), indent=0) + "\n").encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _prune_empty(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
