"""Memo of pure computations between builds: a local folder of tables, never committed or published.

A build looks up what it computed last time instead of computing it again: per-abstract work keyed
by the text's hash, page bytes keyed by a hash of everything the page shows (memo_key), and so on.  Only pure
functions are memoized, and every table is tied to a fingerprint of the code, its data and the
libraries that compute it, so a build with the cache gives the same bytes as a build without it
(tests build both ways and compare).  A table keeps the entries used by the latest build (and,
until its file is next rewritten, at most a quarter more that recent builds stopped using), so the
folder does not grow with history; a build that only added entries writes them as a small delta
file beside the table's file instead of rewriting it (at 20,000 papers the rewrites took 1.3 s).

    cache = Cache(Path(".digest-cache"))      # Cache(None): a cache that remembers nothing
    table = cache.table("near-duplicates")
    sig = table.get(key)                       # None when absent
    table.put(key, value)
    cache.save()                               # when a stage is done with its tables

The files are pickles written by this program into a folder it owns; a damaged or foreign file is
ignored (and rewritten), never trusted for more than a memo.
"""
from __future__ import annotations

import gc
import hashlib
import marshal
import os
import pickle
import sys
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .parallel import freeze_new

CACHE_NAME = ".digest-cache"
LIBRARIES = ("numpy", "scipy", "scikit-learn", "jinja2", "markupsafe", "markdown", "pymdown-extensions",
             "latex2mathml", "lunr")
_MISSING = object()
MAX_DELTAS = 8  # delta files on top of a table's file before it is rewritten whole
GARBAGE = 0.25  # entries the last build did not use, as a share of those it did, kept until a rewrite


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """sha256 of the generator's code and data, the page templates and the library versions."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256(sys.version.encode())  # (memo_key's marshal format may change with Python)
    for folder in (root, root.parent / "site_templates" / "pages"):
        if not folder.is_dir():
            continue
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for name in LIBRARIES:
        try:
            h.update(f"{name}={version(name)}\n".encode())
        except PackageNotFoundError:
            h.update(f"{name}=?\n".encode())
    return h.hexdigest()


def memo_key(value) -> str:
    """A cache key for a value made of str, int, float, bool, None, bytes, lists and tuples.

    marshal's version 2 has no back-references and no interned-string marks, so equal values give
    equal bytes whatever objects they share; it refuses other types (repr, slower, takes them)."""
    try:
        h = hashlib.sha256(b"m")
        h.update(marshal.dumps(value, 2))
    except ValueError:
        h = hashlib.sha256(b"r")
        h.update(repr(value).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


class Table:
    """One memo: key -> value, as loaded at the start of the build plus what this build added."""

    def __init__(self, old: dict) -> None:
        self._old = old
        self.used: dict = {}
        self.added: dict = {}  # put by this build
        self.hits = self.misses = 0
        self.deltas = 0  # delta files the loaded entries came from (see Cache.save)
        self.base_id: str | None = None  # the id of the table file they came from

    def get(self, key, default=None):
        value = self.used.get(key, _MISSING)
        if value is _MISSING:
            value = self._old.get(key, _MISSING)
            if value is _MISSING:
                self.misses += 1
                return default
            self.used[key] = value
        self.hits += 1
        return value

    def put(self, key, value) -> None:
        self.used[key] = value
        self.added[key] = value

    def replace_all(self, key, value) -> None:
        """Make (key, value) the table's only entry: its file is rewritten at save, not added to (for
        a table whose one entry is replaced by every build, which delta files would only pile up)."""
        self.used, self.added, self.base_id = {key: value}, {key: value}, None

    @property
    def stale(self) -> bool:
        """Whether the file must be written: something was added, or not everything loaded was used."""
        return bool(self.added) or len(self.used) != len(self._old)

    def __contains__(self, key) -> bool:
        return key in self.used or key in self._old


class Cache:
    """The tables of one project's cache folder (None: remember nothing, save nothing)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.tables: dict[str, Table] = {}  # open now
        self._stats: dict[str, tuple[int, int]] = {}  # tables saved: (hits, misses)

    def _file(self, name: str) -> Path:
        return self.folder / f"{name}.pickle"

    def table(self, name: str) -> Table:
        if name not in self.tables:
            entries, deltas, base_id = self._load(name)
            self.tables[name] = Table(entries)
            self.tables[name].deltas, self.tables[name].base_id = deltas, base_id
            freeze_new()  # (in a build that keeps long-lived objects out of collections)
        return self.tables[name]

    def _read(self, path: Path) -> dict | None:
        enabled = gc.isenabled()
        gc.disable()  # (unpickling makes millions of objects: collections meanwhile would only walk them)
        try:
            with path.open("rb") as f:
                stored = pickle.load(f)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError):
            return None
        finally:
            if enabled:
                gc.enable()
        if not isinstance(stored, dict) or stored.get("code") != code_fingerprint() \
                or not isinstance(stored.get("entries"), dict):
            return None
        return stored

    def _load(self, name: str) -> tuple[dict, int, str | None]:
        """The table's entries: its file, then its delta files in order (those written on top of
        that very file); a damaged, foreign or other-code file counts as none."""
        if self.folder is None:
            return {}, 0, None
        base = self._read(self._file(name))
        if base is None:
            return {}, 0, None
        entries, k = base["entries"], 0
        while True:
            delta = self._read(self._delta(name, k + 1))
            if delta is None or delta.get("base") != base.get("id"):
                return entries, k, base.get("id")
            entries.update(delta["entries"])
            k += 1

    def peek(self, name: str) -> dict:
        """A table's entries as the last build left them, read only: the table is not opened, so no
        save of this build writes or drops it."""
        return self._load(name)[0] if self.folder is not None else {}

    def save(self) -> None:
        """Write every open table used by this build, and drop them from memory (a stage calls this
        when done with its tables: they are not kept through the later stages).  A later
        `table(name)` starts from the files again.

        A table whose build only added entries, and left unused at most GARBAGE of what it loaded,
        gets a delta file with the additions (up to MAX_DELTAS of them); otherwise its file is
        rewritten with exactly the entries this build used."""
        for name, table in sorted(self.tables.items()):
            if self.folder is not None and table.stale:
                unused = len(table._old) - (len(table.used) - len(table.added.keys() - table._old.keys()))
                if not (table.base_id and unused <= GARBAGE * len(table.used)):
                    self._write(name, table)
                elif table.added and table.deltas < MAX_DELTAS:
                    self._dump(self._delta(name, table.deltas + 1), {"base": table.base_id, "entries": table.added})
                elif table.added:
                    self._write(name, table)
            self._stats[name] = (table.hits, table.misses)
        self.tables.clear()

    def _delta(self, name: str, k: int) -> Path:
        return self.folder / f"{name}.delta-{k}.pickle"

    def _make_folder(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        ignore = self.folder / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# paper-digest's build cache: local, never committed\n*\n", "utf-8")

    def templates(self, name: str):
        """A Jinja bytecode cache in the folder (None without one): compiled templates, which Jinja
        checks against their source and its own and Python's version, so they never change output."""
        if self.folder is None:
            return None
        import jinja2
        self._make_folder()
        (self.folder / name).mkdir(exist_ok=True)
        return jinja2.FileSystemBytecodeCache(str(self.folder / name))

    def _dump(self, path: Path, data: dict) -> None:
        self._make_folder()
        tmp = path.with_suffix(f".tmp-{os.getpid()}")
        with tmp.open("wb") as f:
            pickle.dump({"code": code_fingerprint(), **data}, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)

    def _write(self, name: str, table: Table) -> None:
        for stale in self.folder.glob(f"{name}.delta-*.pickle"):
            stale.unlink()
        self._dump(self._file(name), {"id": os.urandom(8).hex(), "entries": table.used})

    def counts(self) -> dict[str, tuple[int, int]]:
        """(hits, misses) per table, of the tables saved so far and those still open."""
        return {**self._stats, **{n: (t.hits, t.misses) for n, t in self.tables.items()}}

    def add_counts(self, counts: dict[str, tuple[int, int]]) -> None:
        """(hits, misses) of tables used and saved elsewhere (in a forked child), for stats."""
        self._stats.update(counts)

    def stats(self) -> str:
        return ", ".join(f"{n} {h}/{h + m}" for n, (h, m) in sorted(self.counts().items()))
