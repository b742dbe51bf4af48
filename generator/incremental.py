"""Incremental site builds: when `mkdocs build --dirty` is sound, and how to make it so.

MkDocs' dirty mode re-renders only pages whose source is newer than their HTML.  The writer
rewrites exactly the docs/ files whose bytes changed, so their mtimes mark what must be rebuilt.
A dirty build is still wrong in three ways, which this module rules out or repairs:

1. Every page embeds the whole nav, and depends on the config, the theme and the hand-written
   pages: a fingerprint of all of these (including docs/.nav.json) is kept beside the site; if it
   differs, the build is full.
2. Pages that disappeared leave stale HTML, and links from pages that are not re-rendered would
   not be checked.  Removed paper, tag, entity and sub-topic pages (out of the nav, out of Material's search)
   are deleted from the output, and every generated page that linked to one changed, so is
   re-rendered; if any other file disappeared, or a hand-written page names a removed one, the
   build is full.
3. Material's search index would hold only the re-rendered pages: it is merged with the previous
   index (the previous entries of the pages that were not re-rendered, in MkDocs' page order), so
   it comes out byte-identical to a full build's.

Which pages changed: the stamp beside the site keeps a digest of every generated docs file as
the site was built from it, and the writer reports each one's digest now; a generated page is
re-rendered where the two differ (and where none is known, or for any other file, where its source
is newer than its output, as MkDocs itself decides: at 20,000 pages those 50,000 stats took 0.5 s).
So docs/ written by a build that never reached MkDocs are built by the next one whatever their
mtimes; a page deleted from site/ by hand comes back with the next full build (`build --full`).

A dirty build writes into an empty staging folder only what changed, and once it succeeded lays
those files over the live site (DirtyBuild): no copy of the previous site is made, and none is
deleted (at 20,000 papers copying the site's 24,000 folders with hard links and deleting the old
copy took 11 of the 23 s of a dirty build).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Collection
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, InclusionLevel

from .mkdocs_parallel import parallel_pays
from .writer import MANIFEST, put

SEARCH_INDEX = "search/search_index.json"
OUT_OF_NAV = ("papers/", "tags/", "entities/", "topics/")  # generated, not in the nav, excluded from Material search
MOVE_ABOVE = 1 << 20  # bytes: a bigger output is moved into the live site, not written over its old copy
DIRTY_MAX_SHARE = 0.25  # above this share of docs files changed, a full (parallel) build beats a dirty one
PACKAGES = ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions", "paper-digest")


def stamp_path(site_dir: Path) -> Path:
    """Beside the site (never published): .site.digest-build.json for site/."""
    site_dir = site_dir.resolve()
    return site_dir.with_name(f".{site_dir.name}.digest-build.json")


def _hash_files(h, root: Path, paths) -> None:
    for rel in sorted(paths):
        h.update(rel.encode() + b"\0")
        p = root / rel
        h.update(p.read_bytes() if p.is_file() else b"<missing>")
        h.update(b"\0")


def docs_files(docs_dir: Path) -> list[str]:
    """Every non-hidden file of docs/ (MkDocs ignores dot-files)."""
    out, root = [], os.fspath(docs_dir)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        rel = Path(os.path.relpath(dirpath, root)).as_posix()  # (one path object per folder, not per file)
        prefix = "" if rel == "." else rel + "/"
        out += [prefix + f for f in filenames if not f.startswith(".")]
    return sorted(out)


def fingerprint(config_file: Path, config: MkDocsConfig, files: list[str]) -> dict[str, str]:
    """What every page depends on besides its own source: config, theme, hooks, nav, hand-written pages."""
    out = {}
    h = hashlib.sha256()
    for name in PACKAGES:
        try:
            h.update(f"{name}={version(name)}\n".encode())
        except PackageNotFoundError:
            h.update(f"{name}=?\n".encode())
    h.update(Path(config_file).read_bytes())
    h.update(f"site_url={config['site_url'] or ''}\n".encode())  # (given on the command line: not in the file)
    docs_dir = Path(config["docs_dir"])
    custom = config["theme"].custom_dir
    if custom and Path(custom).is_dir():
        _hash_files(h, Path(custom), [p.relative_to(custom).as_posix() for p in Path(custom).rglob("*") if p.is_file()])
    for name, module in sorted((config.get("hooks") or {}).items()):
        source = getattr(module, "__file__", None)
        h.update(name.encode() + (Path(source).read_bytes() if source and Path(source).is_file() else b""))
    out["configuration, theme or versions"] = h.hexdigest()
    h = hashlib.sha256()
    _hash_files(h, docs_dir, [".nav.json"])
    out["nav"] = h.hexdigest()
    manifest = docs_dir / MANIFEST
    generated = set(json.loads(manifest.read_text("utf-8"))) if manifest.is_file() else set()
    h = hashlib.sha256()
    _hash_files(h, docs_dir, [f for f in files if f not in generated])
    out["hand-written pages"] = h.hexdigest()
    return out


def _sha(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


@dataclass
class Plan:
    dirty: bool
    reason: str
    fingerprint: dict[str, str] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # docs pages gone since the last build
    sources: dict[str, str] | None = None  # generated docs file -> digest of its bytes now (None: unknown)
    changed: set[str] | None = None  # generated docs files not as the live site was built from (None: unknown)


def _short(digest: bytes) -> str:
    return digest[:8].hex()  # (64 bits: a stamp, not a security boundary)


def plan(site_dir: Path, config_file: Path, config: MkDocsConfig, removed: list[str], force_full: bool = False,
         written: int = 0, digests: dict[str, bytes] | None = None) -> Plan:
    """Decide between a dirty and a full MkDocs build; the reason is logged.  `written`: docs files this
    build rewrote (with most of them changed, a full build is faster: a dirty one writes each page twice,
    into a staging folder and over the live site); `digests`: every generated docs file's sha256 (the writer's report), if known."""
    files = docs_files(Path(config["docs_dir"]))
    fp = fingerprint(config_file, config, files)
    out = Plan(False, "", fp, files)
    if digests is not None:
        out.sources = {rel: _short(d) for rel, d in digests.items()}
    stamp_file = stamp_path(site_dir)
    if force_full:
        out.reason = "full build requested"
    elif not site_dir.is_dir() or not stamp_file.is_file():
        out.reason = "no previous build"
    else:
        try:
            stamp = json.loads(stamp_file.read_text("utf-8"))
        except ValueError:
            stamp = {}
        gone = set(stamp.get("files", [])) - set(files)
        changed = [k for k in fp if (stamp.get("fingerprint") or {}).get(k) != fp[k]]
        if changed:
            out.reason = " and ".join(changed) + " changed"
        elif (removed or gone) and not _removable(Path(config["docs_dir"]), sorted(set(removed) | gone), files, fp):
            out.reason = f"{len(set(removed) | gone)} docs file(s) removed, not all of them paper, tag, entity or sub-topic pages"
        elif stamp.get("search_index") != _sha(site_dir / SEARCH_INDEX):
            out.reason = "the previous site was changed outside paper-digest"
        elif written > DIRTY_MAX_SHARE * len(files) and parallel_pays(len(files)):
            out.reason = f"{written} of {len(files)} docs files changed"
        else:
            out.dirty, out.reason = True, "only page contents changed"
            out.removed = sorted(set(removed) | gone)
            built_from = stamp.get("sources")
            if out.sources is not None and isinstance(built_from, dict):
                out.changed = {rel for rel, h in out.sources.items() if built_from.get(rel) != h}
            if out.removed:
                out.reason += f" and {len(out.removed)} out-of-nav page(s) removed"
    return out


def _removable(docs_dir: Path, gone: list[str], files: list[str], fp: dict[str, str]) -> bool:
    """Removed pages a dirty build can drop: generated out-of-nav pages no hand-written page names."""
    if not all(g.startswith(OUT_OF_NAV) and g.endswith(".md") for g in gone):
        return False
    manifest = docs_dir / MANIFEST
    generated = set(json.loads(manifest.read_text("utf-8"))) if manifest.is_file() else set()
    hand = [f for f in files if f not in generated and f.endswith(".md")]
    names = [Path(g).stem for g in gone]
    for f in hand:
        text = (docs_dir / f).read_text("utf-8", errors="replace")
        if any(n in text for n in names):
            return False
    return True


def write_stamp(site_dir: Path, p: Plan) -> None:
    data = {"fingerprint": p.fingerprint, "search_index": _sha(site_dir / SEARCH_INDEX), "files": p.files}
    if p.sources is not None:
        data["sources"] = p.sources
    stamp_path(site_dir).write_text(json.dumps(data, indent=0) + "\n", "utf-8")


def clear_stamp(site_dir: Path) -> None:
    stamp_path(site_dir).unlink(missing_ok=True)


class DirtyBuild(BasePlugin):
    """A dirty MkDocs build into an empty staging folder, laid over the live site once it succeeded.

    Added to the config's plugins, it decides each file's `is_modified`: for a generated docs file,
    whether it is in `changed` (Plan.changed, when known); for any other, whether its source is newer
    than its output in the live site (not in the staging folder, where nothing is yet).  It notes the page
    order and the pages that are re-rendered (for the search index).  So MkDocs writes only what
    changed into the staging folder; `overlay` then writes each of those files over its live copy
    (in place, as the writer does in docs/: replacing a file frees its blocks, 0.7 ms a file here;
    a file over MOVE_ABOVE is moved instead, which costs less than copying its bytes)
    and deletes the pages of removed sources.  A build that fails leaves the live site as it was;
    one killed while laying over leaves it mixed, and (its stamp cleared) the next build is full."""

    def __init__(self, live: Path, changed: set[str] | None = None, generated: Collection[str] = ()) -> None:
        super().__init__()
        self.live = live
        self.changed, self.generated = changed, generated  # (see Plan.changed and Plan.sources)
        self.order: list[str] = []  # URLs of all documentation pages, in MkDocs' build order
        self.rebuilt: set[str] = set()  # URLs of the pages it re-renders

    def on_files(self, files, config):
        live, yes, no = os.fspath(self.live), (lambda: True), (lambda: False)
        docs = config["docs_dir"]
        known = self.generated if self.changed is not None else ()
        for f in files:
            modified = True
            if f.src_uri in known and f.src_dir == docs and not f.generated_by:
                modified = f.src_uri in self.changed
            elif f.abs_src_path is not None and not f.generated_by:
                try:
                    modified = os.stat(os.path.join(live, f.dest_uri)).st_mtime < os.stat(f.abs_src_path).st_mtime
                except OSError:
                    pass
            f.is_modified = yes if modified else no  # (an instance attribute: this build only)
        pages = files.documentation_pages(inclusion=InclusionLevel.is_included)
        self.order = [_page_url(f) for f in pages]
        self.rebuilt = {_page_url(f) for f in pages if f.is_modified()}
        return files

    def overlay(self, staging: Path, config: MkDocsConfig, removed: list[str] = ()) -> list[str]:
        """Write every file of `staging` over the live site; delete the outputs of removed sources.
        Returns the files laid over (relative to the site)."""
        moved = []
        for dirpath, _, filenames in os.walk(staging):
            for name in sorted(filenames):
                src = Path(dirpath, name)
                rel = src.relative_to(staging)
                (self.live / rel).parent.mkdir(parents=True, exist_ok=True)
                if src.stat().st_size > MOVE_ABOVE:  # (data/papers.json: renamed, not copied)
                    os.replace(src, self.live / rel)
                else:
                    put(os.fspath(self.live / rel), src.read_bytes())
                moved.append(rel.as_posix())
        for rel in removed:
            dest = self.live / File(rel, config["docs_dir"], str(self.live), config["use_directory_urls"]).dest_uri
            dest.unlink(missing_ok=True)
            folder = dest.parent
            if folder != self.live and folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        return sorted(moved)


def _page_url(file) -> str:
    """As mkdocs' Page.url (the search index's locations): '' for the home page."""
    return "" if file.url in (".", "./") else file.url


class QuietDirtyWarning(logging.Filter):
    """Drop MkDocs' generic "dirty build" warning (strict mode counts it as an error): the plan above
    made this dirty build sound."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build is being performed" not in record.getMessage()


@contextmanager
def quiet_dirty_warning():
    logger, filt = logging.getLogger("mkdocs.commands.build"), QuietDirtyWarning()
    logger.addFilter(filt)
    try:
        yield
    finally:
        logger.removeFilter(filt)


def _by_page(entries: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for e in entries:
        out.setdefault(e["location"].split("#", 1)[0], []).append(e)
    return out


def merge_search_index(previous: Path, staging: Path, build: DirtyBuild) -> None:
    """Previous entries of pages not re-rendered + new entries of re-rendered ones, in page order."""
    new_path = staging / SEARCH_INDEX
    if not new_path.is_file() or not previous.is_file():
        return
    new = json.loads(new_path.read_text("utf-8"))
    old_by_page = _by_page(json.loads(previous.read_text("utf-8")).get("docs", []))
    new_by_page = _by_page(new.get("docs", []))
    docs = []
    for url in build.order:
        docs += (new_by_page if url in build.rebuilt else old_by_page).get(url, [])
    data = json.dumps({"config": new["config"], "docs": docs}, separators=(",", ":"), default=str)
    tmp = new_path.with_name(new_path.name + ".tmp")
    tmp.write_bytes(data.encode("utf-8"))
    os.replace(tmp, new_path)
