"""`mkdocs build` on several cores: MkDocs 1.6.1's own build, with the out-of-nav pages shared out.

MkDocs builds one page at a time.  Converting a page's Markdown and rendering it into the theme
depend only on the page itself and on the site-wide file list and nav, which are complete before
the first page is read.  So, once files and nav are final (after the `files` and `nav` events),
the build forks: each worker process converts and renders its share of the pages that are not in
the nav (the paper, tag and entity pages) with the full file list and nav, so every cross-link
resolves and is validated exactly as in a serial build.  Out-of-nav pages are streamed: each is
converted, rendered and written before the next is read, and its Markdown and HTML are dropped,
so memory does not grow with the number of pages (no template of another page reads them).  The parent does the nav pages and its own
share, then collects from each worker what the rest of the build needs: each page's anchors and
links to anchors (anchor validation runs over all pages at the end, as in MkDocs), any entries the
Material search plugin indexed, and the number of warnings (strict mode counts them all).

This is sound only if page-level plugin events keep no state beyond those; so the parallel path
is taken only when every page-level event handler is known (Material's or MkDocs' search plugin).
Anything else, or a single core: MkDocs' own serial build, unchanged.  A `--dirty` build does the
same with only the pages (and static files) whose `is_modified()` holds, as MkDocs' own would.

The loop below follows `mkdocs.commands.build.build` of MkDocs 1.6.1 (the last 1.x; pinned).
"""
from __future__ import annotations

import logging
import os
import pickle
import re
import signal
import traceback
from contextlib import contextmanager

import markdown
from mkdocs import utils
from mkdocs.commands import build as mk
from mkdocs.exceptions import Abort, BuildError
from mkdocs.structure import files as mk_files
from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
from mkdocs.structure.nav import get_navigation
from mkdocs.structure import pages as mk_pages
from mkdocs.structure.pages import Page

from .parallel import cores

log = logging.getLogger("mkdocs.commands.build")
PAGE_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content", "page_context", "post_page")
MIN_PAGES_PER_WORKER = 100  # below this the fork costs more than it saves


def _search_plugins(config) -> list:
    return [p for p in config.plugins.values() if hasattr(p, "search_index") and hasattr(p.search_index, "entries")]


def parallel_pays(pages: int) -> bool:
    """Whether a full build of this many pages would run on more than one core."""
    return cores() > 1 and pages >= 2 * MIN_PAGES_PER_WORKER


def parallel_safe(config) -> bool:
    """True if every page-level event handler is one whose per-page state we know how to collect."""
    for event in PAGE_EVENTS:
        for handler in config.plugins.events.get(event, []):
            owner = type(getattr(handler, "__self__", None))
            if owner.__name__ != "SearchPlugin" or not owner.__module__.startswith(("material.", "mkdocs.")):
                return False
    return True


def build(config, dirty: bool = False, jobs: int | None = None) -> None:
    """Build the site of a loaded MkDocs config, like `mkdocs.commands.build.build`."""
    jobs = cores() if jobs is None else jobs
    with _one_build_date(), _one_markdown(config), _patched(mk_files.Files, "documentation_pages", _documentation_pages):
        if jobs <= 1 or not parallel_safe(config):
            return mk.build(config, dirty=dirty)
        with _strip_only_when_present(config):
            return _parallel_build(config, jobs, dirty)


@contextmanager
def _patched(owner, name: str, value):
    """owner.name is `value` while the block runs, and what it was again afterwards."""
    original = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, original)


def _one_build_date():
    """Every page asks for the build date (SOURCE_DATE_EPOCH, or now: reading the environment and
    formatting a date, 40 µs), so 24,000 pages took a second: MkDocs' own function, asked once."""
    date = mk_pages.get_build_date()
    return _patched(mk_pages, "get_build_date", lambda: date)


def _documentation_pages(self, *, inclusion=InclusionLevel.is_included):
    """`Files.documentation_pages` of MkDocs 1.6.1, asking `inclusion` once per level instead of once
    per file: InclusionLevel's methods read Enum properties (1 µs a file), and a build lists the
    pages six times (0.15 s at 25,000 files).  Tests compare it with MkDocs' own."""
    allowed = [level for level in InclusionLevel if inclusion(level)]
    return [file for file in self if file.is_documentation_page() and file.inclusion in allowed]


# Markdown extensions whose state a reset() clears (read in Python-Markdown 3.x and pymdown-extensions):
# with only these, one Markdown instance per process can convert every page.
REUSABLE_EXTENSIONS = frozenset({
    "abbr", "admonition", "attr_list", "def_list", "fenced_code", "meta", "sane_lists", "tables", "toc",
    "generator.mdraw", "pymdownx.details",
})


@contextmanager
def _one_markdown(config):
    """MkDocs makes a new Markdown instance for every page it converts (0.37 ms: loading the
    extensions and building the parser, 9 CPU s of a 25,000-page build).  While the build runs,
    MkDocs' `Page.render` gets one instance per process instead, reset before each page as
    Python-Markdown prescribes for reuse; MkDocs registers its per-page processors on it under the
    same names, which replaces the previous page's.  Only with REUSABLE_EXTENSIONS (anything else:
    a new instance per page, as ever); tests compare the pages with MkDocs' own."""
    names = config["markdown_extensions"]
    if not all(isinstance(name, str) and name.removeprefix("markdown.extensions.") in REUSABLE_EXTENSIONS
               for name in names):
        yield
        return
    made: dict = {}  # (extensions, their configs) -> the instance; a forked worker has its own copy

    def reused(extensions, extension_configs):
        key = (tuple(extensions), repr(extension_configs))
        md = made.get(key)
        if md is None:
            md = made[key] = markdown.Markdown(extensions=extensions, extension_configs=extension_configs)
        return md.reset()

    with _patched(mk_pages, "markdown", _MarkdownModule(reused)):
        yield


class _MarkdownModule:
    """The `markdown` module as MkDocs' pages module sees it, with `Markdown` made by `make`."""

    def __init__(self, make) -> None:
        self.Markdown = make

    def __getattr__(self, name: str):
        return getattr(markdown, name)


@contextmanager
def _strip_only_when_present(config):
    """Material's search plugin, at every page, indexes it (nothing, for a page excluded from search)
    and then strips the page's `data-search-*` attributes with a regular expression that reads the
    whole page (0.17 ms, 4 CPU s of a 25,000-page build).  While a build runs, its handler is called
    only for pages that hold such an attribute; for the others the indexing is done alone."""
    handlers = config.plugins.events["page_context"]
    originals = list(handlers)
    origins = getattr(config.plugins, "_event_origins", {})  # (which plugin an error came from)
    for k, handler in enumerate(handlers):
        plugin = getattr(handler, "__self__", None)
        if type(plugin).__name__ == "SearchPlugin" and type(plugin).__module__.startswith("material."):
            handlers[k] = _indexing_only(plugin, handler)
            if handler in origins:
                origins[handlers[k]] = origins[handler]
    try:
        yield
    finally:
        for wrapper in set(handlers) - set(originals):
            origins.pop(wrapper, None)
        handlers[:] = originals


def _indexing_only(plugin, handler):
    """Material's page_context handler, with its clean-up skipped where it would change nothing."""
    def on_page_context(context, *, page, config, nav):
        if "data-search-" in page.content:
            return handler(context, page=page, config=config, nav=nav)
        if plugin.config.enabled:
            plugin.search_index.add_entry_from_context(page)
        return None
    return on_page_context


def _parallel_build(config, jobs: int, dirty: bool = False) -> None:
    """`mkdocs.commands.build.build`, with the out-of-nav pages shared out among `jobs` processes.
    dirty: as MkDocs' --dirty, only the pages and static files whose `is_modified()` are built
    (the site folder is not cleaned first)."""
    warning_counter = utils.CountHandler()
    warning_counter.setLevel(logging.WARNING)
    if config.strict:
        logging.getLogger("mkdocs").addHandler(warning_counter)
    inclusion = InclusionLevel.is_included
    try:
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        if not dirty:
            utils.clean_directory(config.site_dir)
        with _lean_files():
            files = get_files(config)
        env = config.theme.get_env()
        files.add_files_from_theme(env, config)
        files = config.plugins.on_files(files, config=config)
        set_exclusions(files, config)
        nav = get_navigation(files, config)
        nav = config.plugins.on_nav(nav, config=config, files=files)

        doc_files = files.documentation_pages(inclusion=inclusion)
        for file in doc_files:
            if file.page is None and file.inclusion.is_not_in_nav():
                Page(None, file, config)
        todo = [f for f in doc_files if f.is_modified()] if dirty else doc_files
        out_of_nav = [f for f in todo if f.inclusion.is_not_in_nav()]
        jobs = max(1, min(jobs, len(out_of_nav) // MIN_PAGES_PER_WORKER))
        shares = [out_of_nav[k::jobs] for k in range(jobs)]
        workers: list[tuple[int, int]] = []  # (pid, pipe) of the workers not yet collected
        try:
            for share in shares[1:]:
                workers.append(_fork(share, config, files, nav, doc_files))

            in_nav = [f for f in todo if not f.inclusion.is_not_in_nav()]
            for file in in_nav:
                mk._populate_page(file.page, config, files)
            env = config.plugins.on_env(env, config=config, files=files)
            _stream(shares[0], config, files, doc_files, nav, env)
            files.copy_static_files(dirty=dirty, inclusion=inclusion)
            for template in config.theme.static_templates:
                mk._build_theme_template(template, env, files, config, nav)
            for template in config.extra_templates:
                mk._build_extra_template(template, files, config, nav)
            for file in in_nav:
                mk._build_page(file.page, config, doc_files, nav, env, excluded=file.inclusion.is_excluded())

            worker_warnings = 0
            by_uri = {f.src_uri: f for f in files}
            while workers:
                pid, read_end = workers.pop(0)
                worker_warnings += _collect(pid, read_end, by_uri, config)
        finally:
            _stop(workers)  # (after a failure or an interrupt: no worker may write on into the site)

        _serial_order(config, doc_files)
        log_level = config.validation.links.anchors
        for file in doc_files:
            file.page.validate_anchor_links(files=files, log_level=log_level)
        config.plugins.on_post_build(config=config)

        counts = warning_counter.get_counts()
        if worker_warnings:
            counts.append(("WARNING (in worker processes)", worker_warnings))
        if config.strict and counts:
            msg = ", ".join(f"{v} {k.lower()}s" for k, v in counts)
            raise Abort(f"Aborted with {msg} in strict mode!")
    except Exception as e:
        config.plugins.on_build_error(error=e)
        if isinstance(e, BuildError):
            log.error(str(e))
            raise Abort("Aborted with a BuildError!")
        raise
    finally:
        logging.getLogger("mkdocs").removeHandler(warning_counter)


# a Markdown page with a plain path (letters, digits and _.~- only) whose stem is neither index nor README
_PLAIN_PAGE = re.compile(r"((?:[A-Za-z0-9_.~-]+/)*)(?!(?:index|README)\.md$)([A-Za-z0-9_~-][A-Za-z0-9_.~-]*)\.md")


@contextmanager
def _lean_files():
    """While MkDocs' get_files runs, the File objects it makes are made without their constructor's
    PurePath (a third of get_files' 0.8 s at 25,000 files): the same attributes, set directly as
    File.__init__ of MkDocs 1.6.1 sets them.  A plain page (_PLAIN_PAGE) gets its name and dest_uri
    set too, the values of File's cached properties that get_files asks for (0.2 s at 25,000 files);
    not its url, which a plugin's change of dest_uri must still affect.  Tests compare the result
    with get_files' own."""
    real = mk_files.File

    def make(path, src_dir, dest_dir, use_directory_urls, **kw):
        if kw or os.sep != "/" or "//" in path or "/./" in path or path.endswith(("/", "/.")):
            return real(path, src_dir, dest_dir, use_directory_urls, **kw)
        f = real.__new__(real)
        f.src_uri = path[2:] if path.startswith("./") else path  # (PurePath(path).as_posix())
        f.src_dir, f.dest_dir, f.use_directory_urls = src_dir, dest_dir, use_directory_urls
        f.inclusion = InclusionLevel.UNDEFINED
        plain = _PLAIN_PAGE.fullmatch(f.src_uri) if use_directory_urls else None
        if plain:  # foo/bar.md: foo/bar/index.html
            folder, f.name = plain.groups()
            f.dest_uri = f"{folder}{f.name}/index.html"
        return f
    with _patched(mk_files, "File", make):
        yield


def _serial_order(config, doc_files) -> None:
    """Search entries in MkDocs' page order, as a serial build adds them (pages were built out of
    that order here: streamed shares first, other processes' pages collected last)."""
    rank = {f.page.url: k for k, f in enumerate(doc_files)}
    for plugin in _search_plugins(config):
        plugin.search_index.entries.sort(key=lambda e: rank.get(e["location"].split("#", 1)[0], len(rank)))


def _stream(share, config, files, doc_files, nav, env) -> None:
    """Convert, render and write out-of-nav pages one at a time, dropping each page's Markdown and
    HTML once written: no other page's template reads them (they are in no nav), and what the end
    of the build needs (title, anchors, links to anchors, search entries) is kept."""
    for file in share:
        page = file.page
        mk._populate_page(page, config, files)
        mk._build_page(page, config, doc_files, nav, env, excluded=file.inclusion.is_excluded())
        page.markdown = page.content = None
        page.toc = []


def _fork(share, config, files, nav, doc_files) -> tuple[int, int]:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        return pid, read_end
    # the worker: convert and render its share, report, and leave without running any cleanup
    os.close(read_end)
    code = 0
    try:
        counter = utils.CountHandler()
        counter.setLevel(logging.WARNING)
        logging.getLogger("mkdocs").addHandler(counter)
        search = _search_plugins(config)
        before = [len(p.search_index.entries) for p in search]
        env = config.plugins.on_env(config.theme.get_env(), config=config, files=files)
        _stream(share, config, files, doc_files, nav, env)
        pages = {
            f.src_uri: (f.page.title, f.page.present_anchor_ids,
                        {to.src_uri: links for to, links in (f.page.links_to_anchors or {}).items()})
            for f in share
        }
        entries = [p.search_index.entries[n:] for p, n in zip(search, before)]
        payload = ("ok", pages, entries, sum(counter.counts.values()))
    except BaseException:  # noqa: BLE001 - reported to the parent, which raises
        payload = ("error", traceback.format_exc())
        code = 1
    try:
        with os.fdopen(write_end, "wb") as out:
            pickle.dump(payload, out, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        os._exit(code)


def _stop(workers: list[tuple[int, int]]) -> None:
    """Kill and reap workers that were not collected."""
    for pid, read_end in workers:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.close(read_end)
        os.waitpid(pid, 0)
    workers.clear()


def _collect(pid: int, read_end: int, by_uri: dict, config) -> int:
    """A worker's results merged into this process's pages; returns its warning count."""
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        raise BuildError(f"a build worker process died (status {status}) before reporting")
    payload = pickle.loads(data)
    if payload[0] != "ok":
        raise BuildError("a build worker process failed:\n" + payload[1])
    _, pages, entries, warnings = payload
    for uri, (title, anchors, links) in pages.items():
        page = by_uri[uri].page
        page.title = title
        page.present_anchor_ids = anchors
        page.links_to_anchors = {by_uri[to]: lk for to, lk in links.items()}
    for plugin, new in zip(_search_plugins(config), entries):
        plugin.search_index.entries.extend(new)
    return warnings
