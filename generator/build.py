"""The pipeline: read -> normalize -> enrich -> render -> write docs/ -> mkdocs build -> site/.

Each stage is timed; `generate` stops after docs/ is written, `build` runs MkDocs as well and
swaps the new site into place only when the whole build succeeded.
"""
from __future__ import annotations

import logging
import logging.handlers
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Collection
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .mkdocs_parallel import build as mkdocs_build  # MkDocs' own build, on all cores when that is sound
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin

from .model import Issue, Paper, ReadResult
from .normalize import accounting, near_duplicates, normalize, text_keys
from .readers import read_inputs, summarize
from .render import Urls, render_site
from .writer import WriteError, WriteReport, holds, kept_where_held, write_outputs
from .feeds import history_files
from . import incremental
from .state import REFIT_SHARE, State, StateError, date_epoch, load_state, save_state, state_path, today
from .cache import CACHE_NAME, Cache
from .parallel import cores, fork_call, freeze_new, old_objects_frozen, trim_memory


os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # MkDocs' banner about its successor, on every build


class BuildFailed(Exception):
    """A build that must not replace the existing site; the message says why and what to do."""


@dataclass
class BuildResult:
    papers: list[Paper] = field(default_factory=list)
    read: ReadResult | None = None
    write: WriteReport | None = None
    timings: dict[str, float] = field(default_factory=dict)
    site_dir: Path | None = None
    state: State | None = None
    state_file: Path | None = None
    fit: set[str] = field(default_factory=set)  # ids of the papers enrichment (and the search's related terms) learned from
    mode: str = ""  # "full" or "dirty": how MkDocs built the site
    alongside: dict[str, float] = field(default_factory=dict)  # seconds of work done in a forked child


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def stage(name: str, timings: dict[str, float]):
    start = time.perf_counter()
    yield
    timings[name] = time.perf_counter() - start
    log(f"[{timings[name]:7.2f}s] {name}")
    freeze_new()  # (in a build: what a stage leaves is long-lived too, see generate)


def load_mkdocs_config(config_file: Path, **overrides) -> MkDocsConfig:
    """The project's mkdocs.yml, validated once here; overrides as in mkdocs' own API.  An invalid
    value fails the build, naming the file, or the option when it came from the command line."""
    if not config_file.is_file():
        raise BuildFailed(f"{config_file}: no MkDocs configuration; run from the project folder or pass --config")
    from mkdocs.exceptions import Abort, ConfigurationError
    given = {k: v for k, v in overrides.items() if v is not None}
    # MkDocs logs what is wrong, then aborts with "a configuration error": keep what it logs
    said = logging.handlers.BufferingHandler(capacity=1000)
    said.setLevel(logging.ERROR)
    logger = logging.getLogger("mkdocs.config")
    logger.addHandler(said)
    try:
        return load_config(config_file=str(config_file), **given)
    except (ConfigurationError, Abort) as exc:
        lines = [record.getMessage() for record in said.buffer]
        keys = {m.group(1) if (m := _CONFIG_VALUE.match(line)) else "" for line in lines}
        key = keys.pop() if len(keys) == 1 else ""
        source = f"--{key.replace('_', '-')} {given[key]!r}" if key in given else str(config_file)
        raise BuildFailed(f"{source}: {'; '.join(lines) or exc}") from exc
    finally:
        logger.removeHandler(said)


_CONFIG_VALUE = re.compile(r"Config value '([^']*)'")


def report_counts(result: ReadResult, papers: list[Paper], near: list[Issue] | None = None) -> list[str]:
    """Explain every difference between paragraphs read and papers made: nothing dropped silently."""
    return accounting(result, papers, near)


def taxonomy_file(config: MkDocsConfig) -> Path | None:
    """The user's taxonomy (`extra: digest: taxonomy: FILE` in mkdocs.yml, relative to it), if any."""
    name = ((config.get("extra") or {}).get("digest") or {}).get("taxonomy")
    return Path(config.config_file_path).parent / name if name else None


def load_state_or_fail(path: Path) -> State:
    try:
        return load_state(path)
    except StateError as exc:
        raise BuildFailed(str(exc)) from exc


def read_stage(inputs: list[Path], timings: dict[str, float], replace_invalid: bool = False) -> ReadResult:
    with stage("read", timings):
        result = read_inputs(inputs, replace_invalid=replace_invalid)
    for line in summarize(result.issues):
        log(line)
    if result.errors:
        raise BuildFailed(f"{len(result.errors)} input error(s) above; nothing was built and the existing site is "
                          "unchanged. Fix the files named, or remove them from the input.")
    if not result.records:
        raise BuildFailed("no abstracts found in " + ", ".join(map(str, inputs)))
    return result


def default_cache(config: MkDocsConfig) -> Cache:
    """The project's build cache: .digest-cache/ beside mkdocs.yml (local; it ignores itself in git)."""
    return Cache(Path(config.config_file_path).parent / CACHE_NAME)


@old_objects_frozen()
def generate(inputs: list[Path], config: MkDocsConfig, replace_invalid: bool = False,
             state_file: Path | None = None, date: str | None = None, cache: Cache | None = None,
             refit: bool = False, write: bool = True) -> BuildResult:
    """Inputs -> docs/ (generated pages, data and search index); returns papers and timings.
    `write=False`: the enriched papers only, nothing written (neither docs/ nor the state file).

    The history (first-seen dates) comes from the state file beside the inputs, which gets a new
    batch dated `date` (default: SOURCE_DATE_EPOCH or today) when new papers appear; it also names
    the papers enrichment is fitted on (`refit`: all of them, now).  `cache` (default: none) only
    saves work: the same inputs and state give the same bytes with it or without.

    Objects that outlive a stage (papers, memo tables, pages) are frozen out of garbage collection
    until the end: at 20,000 papers full collections walking them took 1.9 s of a 17 s build.
    """
    out = BuildResult()
    if cache is not None and cache.folder is None:
        cache = None  # (one that remembers nothing: no stage computes keys for it)
    save = cache.save if cache is not None else lambda: None  # each stage saves and drops its memo tables
    out.read = read_stage(inputs, out.timings, replace_invalid)
    with stage("normalize", out.timings):
        papers = normalize(out.read.records, cache, merged := [])
        save()
    out.read.issues.extend(merged)
    for line in summarize(merged):
        log(line)
    children = []  # started alongside this process and not yet collected: stopped if the build fails
    try:
        # The near-duplicate check only reports: a forked child makes it on the core enrichment leaves
        # free (from the start, or once a fit's per-abstract workers are done: memory, at 20,000 new
        # texts the check needs about 350 MB of its own)
        keys = text_keys(papers) if cache is not None else None
        near_check = None

        def start_near_check():
            nonlocal near_check
            near_check = alongside(lambda: near_duplicates(papers, cache=cache, keys=keys), cache, children)
        papers, taxonomy = _history_and_enrich(papers, inputs, config, state_file, date, cache, refit, out, keys,
                                               start_near_check)
        if near_check is None:  # (an enrichment that did not call it)
            start_near_check()
        with stage("near-duplicates", out.timings):  # (only the wait for its child, after enrich)
            near = _collected(near_check, out, "near-duplicates", "near-duplicate check", "enrich")
        for line in summarize(near) + report_counts(out.read, papers, near):
            log(line)
        if not write:
            out.papers = papers
            return out
        urls = Urls.of(config)
        history = (papers, out.state, config["site_name"], config.get("site_url") or "", urls, out.fit)
        # the search index and the feeds need only the papers: a forked child makes them, on one core,
        # while this process renders the pages on the other (on two cores with no worker of its own: at
        # 20,000 papers a third process saved no time and raised the peak memory by 150-230 MB)
        release_memory()  # (what enrich freed goes back to the system first: the child's share of memory is smaller)
        unchanged = holds(Path(config["docs_dir"]), cache.peek("docs-written")) if cache is not None else None
        search = alongside(lambda: kept_where_held(search_and_history(*history, cache=cache, processes=1), unchanged),
                           cache, children)
        with stage("render", out.timings):
            files = render_site(papers, config["site_name"], {a.name: a.description for a in taxonomy.areas}, cache,
                                unchanged, urls, page_worker=cores() > 2 or not search.forked)
            save()
        with stage("search index", out.timings):  # (with a child: only the wait for it, after render)
            files.update(_collected(search, out, "search index", "search index and feeds", "render"))
    finally:
        for collect in children:
            collect.cancel()
    with stage("write", out.timings):
        try:
            stamps = cache.table("docs-written") if cache is not None else None
            out.write = write_outputs(Path(config["docs_dir"]), files, stamps)
            save()
        except WriteError as exc:
            raise BuildFailed(f"{exc}; nothing was written and the existing site is unchanged") from exc
    log(f"docs: {len(out.write.written)} written, {out.write.unchanged} unchanged, {len(out.write.removed)} removed")
    if save_state(out.state_file, out.state):
        log(f"history: recorded in {out.state_file} (commit it with the inputs)")
    if cache is not None:
        log(f"cache: {cache.folder} (hits/lookups: {cache.stats()})")
    out.papers = papers
    return out


def _collected(collect, out: BuildResult, name: str, what: str, beside: str):
    """The value of a job started `alongside`; the seconds it took in its child (if any) are noted
    in out.alongside[name] and logged ("<what>: 1.23s in a process alongside <beside>")."""
    value, seconds = collect()
    if seconds is not None:
        out.alongside[name] = seconds
        log(f"{what}: {seconds:.2f}s in a process alongside {beside}")
    return value


def _history_and_enrich(papers: list[Paper], inputs: list[Path], config: MkDocsConfig, state_file: Path | None,
                        date: str | None, cache: Cache | None, refit: bool, out: BuildResult,
                        text_keys: list[str] | None = None, one_core=None):
    """First-seen dates from the state file (out.state), then enrichment (`text_keys`: the papers'
    normalize.text_keys, if computed already; `one_core`: see enrich); (papers, taxonomy)."""
    from .enrich import EnrichConfig, enrich  # here, so that `check` works without the enrich stage
    from .enrich.taxonomy import load_taxonomy
    taxonomy_path = taxonomy_file(config)
    try:
        taxonomy = load_taxonomy(taxonomy_path)
    except ValueError as exc:
        raise BuildFailed(f"{exc} (extra.digest.taxonomy in {config.config_file_path})") from exc
    told = taxonomy.issues(papers)  # (keys it does not read, given areas it does not have)
    out.read.issues.extend(told)
    for line in summarize(told):
        log(line)
    with stage("history", out.timings):
        out.state_file = state_path(inputs, state_file)
        out.state = load_state_or_fail(out.state_file)
        ids = [p.id for p in papers]
        new_ids = out.state.record(ids, today(date))
        for p in papers:
            p.first_seen = out.state.papers[p.id][1]
        fit = out.fit = out.state.fit_set(ids, refit)
    if new_ids:
        log(f"history: {len(new_ids):,} new paper{'' if len(new_ids) == 1 else 's'} in batch "
            f"{out.state.latest.number} ({out.state.latest.date})")
    if len(fit) < len(papers):
        log(f"enrich: {len(papers) - len(fit)} papers placed in the fit of batch {out.state.fit_batch} "
            f"({len(fit)} papers; refit when more than {REFIT_SHARE:.0%} are placed, or with --refit)")
    with stage("enrich", out.timings):
        papers = enrich(papers, EnrichConfig(taxonomy_path=taxonomy_path), fit=fit, cache=cache, text_keys=text_keys,
                        one_core=one_core)
        if cache is not None:
            cache.save()
    return papers, taxonomy


def search_and_history(papers: list[Paper], state: State, site_name: str, site_url: str, urls: Urls,
                       fit: set[str] | None = None, cache: Cache | None = None,
                       processes: int | None = None) -> dict[str, bytes]:
    """The search index, the What's-new page and the feeds (`processes`: for the index, see search.py;
    `fit`: the papers the search's related terms are learned from, default all)."""
    from .search import search_files
    files = history_files(papers, state, site_name, site_url, urls)
    files.update(search_files(papers, cache, processes, fit or None))
    return files


def alongside(job, cache: Cache | None, started: list):
    """Start job() in a forked child, which sees this process's memory as it is now and saves the
    cache tables the job opens; returns collect(), which waits for the child and gives (the job's
    value, its seconds there).  Where fork is unavailable, collect() runs the job itself (seconds:
    None).  collect is appended to `started`; collect.cancel() stops the child if it was not
    collected (for a build that fails meanwhile); collect.forked says whether there is a child."""
    def run(_):
        start = time.perf_counter()
        value = job()
        counts = {}
        if cache is not None:
            counts = {name: c for name, c in cache.counts().items() if name in cache.tables}
            cache.save()
        return value, counts, time.perf_counter() - start

    child = fork_call(run, None)
    pending = [child] if child else []  # (a child not yet collected)

    def collect():
        if child is None:
            value, counts, _ = run(None)
            seconds = None
        else:
            pending.clear()  # (collected: once the result is read, or the child failed, nothing to stop)
            value, counts, seconds = child()
        if cache is not None:
            cache.add_counts(counts)
        return value, seconds

    def cancel():
        if pending:
            pending.pop().cancel()
    collect.cancel = cancel
    collect.forked = child is not None  # (the job runs in a child, on a core of its own)
    started.append(collect)
    return collect


_INTERRUPTS: list[int] = []  # SIGINTs and SIGTERMs received during build()


@contextmanager
def interrupts_honoured():
    """Ctrl-C stops a build even when Python drops the KeyboardInterrupt (one raised in a finalizer
    or a garbage collection's callback is printed and ignored): the signal is noted too, and the
    build checks the note before it puts a new site in place (main thread only; a process started
    with SIGINT ignored, as a background job of a script is, keeps ignoring it).  SIGTERM (`kill`,
    `timeout`, a cancelled CI job) stops it the same way: the temporary folders go, the site stays."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def noted(signum, frame):
        _INTERRUPTS.append(signum)
        raise KeyboardInterrupt

    honoured = [s for s in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(s) is not signal.SIG_IGN]
    previous = {s: signal.signal(s, noted) for s in honoured}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        _INTERRUPTS.clear()


def release_memory() -> None:
    """Hand the generator's freed memory back to the system before a process is forked (the search
    index's, beside render) and before MkDocs starts (and forks).

    The generator's stages peak at about a gigabyte at 20,000 papers; once they are done, Python
    has freed the objects but glibc keeps the pages, so MkDocs (and its forked worker) would run on
    top of them.  malloc_trim returns them (measured at 20,000 papers: 1.1 GB -> 0.42 GB)."""
    import gc
    gc.collect()
    trim_memory()


@contextmanager
def source_date_epoch(date: str | None):
    """SOURCE_DATE_EPOCH from the state's latest batch (unless set): MkDocs dates sitemap.xml(.gz) with it."""
    if date is None or os.environ.get("SOURCE_DATE_EPOCH"):
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(date_epoch(date))
    try:
        yield
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH", None)


class ThemeTemplateCache(BasePlugin):
    """A plugin (added for the build) that gives MkDocs' theme environment a Jinja bytecode cache:
    compiling Material's templates is about a second of every build."""

    def __init__(self, bytecode_cache) -> None:
        super().__init__()
        self.bytecode_cache = bytecode_cache

    def on_env(self, env, config, files):
        env.bytecode_cache = self.bytecode_cache
        return env


def run_mkdocs(config_file: Path, site_dir: Path, dirty: bool = False, source_date: str | None = None,
               removed: list[str] = (), cache: Cache | None = None, changed: set[str] | None = None,
               generated: Collection[str] = (), site_url: str | None = None) -> None:
    """MkDocs build into a fresh sibling folder; a failure leaves site_dir as it was.

    A full build is then swapped in atomically.  dirty=True builds only the pages that changed since
    site_dir was built (the `generated` docs files in `changed`, when known; other files, and all
    without `changed`, whose source is newer than their output in site_dir), and lays them over it
    (generator/incremental.py says when that is sound).  `site_url`: in place of mkdocs.yml's.
    """
    site_dir = site_dir.resolve()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = site_dir.with_name(f".{site_dir.name}.building-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    dirty = dirty and site_dir.is_dir()
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    if not logging.getLogger("mkdocs").handlers:
        logging.getLogger("mkdocs").addHandler(logging.StreamHandler(sys.stderr))
    try:
        with source_date_epoch(source_date):
            mk_config = load_mkdocs_config(config_file, site_dir=str(staging), site_url=site_url)
            dirty_build = incremental.DirtyBuild(site_dir, changed, generated) if dirty else None
            if dirty_build:
                mk_config.plugins["paper-digest-dirty"] = dirty_build
            if cache is not None and cache.folder is not None:
                mk_config.plugins["paper-digest-templates"] = ThemeTemplateCache(cache.templates("jinja-theme"))
            with incremental.quiet_dirty_warning():
                mkdocs_build(mk_config, dirty=dirty)
            if dirty_build:
                incremental.merge_search_index(site_dir / incremental.SEARCH_INDEX, staging, dirty_build)
            if _INTERRUPTS:  # (interrupted, and the KeyboardInterrupt was dropped on the way)
                raise KeyboardInterrupt
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        from mkdocs.exceptions import MkDocsException  # (its Abort, e.g. strict-mode warnings, is a SystemExit)
        if isinstance(exc, KeyboardInterrupt) or (isinstance(exc, SystemExit) and not isinstance(exc, MkDocsException)):
            raise
        raise BuildFailed(f"mkdocs build failed: {exc}; the previous site is unchanged") from exc
    if dirty_build:
        dirty_build.overlay(staging, mk_config, removed)
        shutil.rmtree(staging, ignore_errors=True)
        log(f"mkdocs: dirty build re-rendered {len(dirty_build.rebuilt)} of {len(dirty_build.order)} pages")
    else:
        swap_in(staging, site_dir)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    if sys.platform != "linux":
        return False
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


def swap_in(staging: Path, site_dir: Path) -> None:
    """Put the finished `staging` folder in place of `site_dir`.

    On Linux the two folders are exchanged in one atomic rename, so at every instant site_dir is
    either the whole old site or the whole new one (even if the process is killed right here);
    elsewhere two renames leave a window of microseconds without site_dir.  The old site is then
    deleted in the background (remove_later), and so are the leftovers of builds that were killed
    (`.site.building-<pid>` and `.site.old-<pid>` of dead pids).
    """
    old = site_dir.with_name(f".{site_dir.name}.old-{os.getpid()}")
    if site_dir.exists() and _exchange(staging, site_dir):
        os.replace(staging, old)
    else:
        if site_dir.exists():
            os.replace(site_dir, old)
        os.replace(staging, site_dir)
    if old.exists():
        remove_later(old)
    if not Path("/proc/self").exists():
        return  # no way to tell a dead build from a running one
    for stale in [*site_dir.parent.glob(f".{site_dir.name}.building-*"), *site_dir.parent.glob(f".{site_dir.name}.old-*")]:
        pid = stale.name.rsplit("-", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not Path(f"/proc/{pid}").exists():
            remove_later(stale)


def remove_later(folder: Path) -> None:
    """Delete a folder without waiting for it: deleting the previous site of 20,000 papers takes
    10 s here (the file system frees every block), and nothing needs it gone.  `rm -rf` runs on
    in the background, in a session of its own, so it outlives this process; where there is no
    `rm`, the folder is deleted now.  What a deleter that was killed leaves, the next build sweeps."""
    rm = shutil.which("rm")
    if rm is None or sys.platform == "win32":
        shutil.rmtree(folder, ignore_errors=True)
        return
    # `sh` starts rm in the background and returns at once: rm is nobody's child to reap
    subprocess.run(["sh", "-c", 'exec "$0" -rf -- "$1" </dev/null >/dev/null 2>&1 &', rm, os.fspath(folder)],
                   check=False, start_new_session=True)


@contextmanager
def project_lock(config_file: Path):
    """One build of a project at a time (they share docs/ and the cache): another waits, and says so.
    The lock is an flock on the project's mkdocs.yml, which it leaves as it is; without flock (not
    POSIX), no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(config_file, "rb") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log(f"waiting for another build of this project ({config_file}) to finish")
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def site_target(site_dir: Path, config: MkDocsConfig, inputs: list[Path]) -> Path:
    """The site folder, resolved, once it is known that replacing it loses nothing: not a file, not
    the project, the docs, the theme, the cache or an input (nor inside or around one of them), and
    if it is there, a site (paper-digest's stamp beside it, or MkDocs' index.html and sitemap.xml in
    it).  A build replaces its whole site folder."""
    target = site_dir.resolve()
    if target.is_file():
        raise BuildFailed(f"{site_dir}: a file, not a site folder; choose another --output")
    project = Path(config.config_file_path).resolve().parent
    kept = [(project, "the project (the folder of mkdocs.yml)"), (Path(config["docs_dir"]).resolve(), "the docs folder"),
            *[(Path(p).resolve(), "an input") for p in inputs],
            (project / CACHE_NAME, "the build cache")]
    if config["theme"].custom_dir:
        kept.append((Path(config["theme"].custom_dir).resolve(), "the theme's templates"))
    for path, what in kept:
        if target == path or target in path.parents:
            relation = "be" if target == path else "hold"
        elif path != project and path in target.parents:
            relation = "be inside"
        else:
            continue
        raise BuildFailed(f"{site_dir}: the site folder would {relation} {what} ({path}), and a build replaces "
                          "its whole site folder; choose another --output")
    folder = next(p for p in target.parents if p.exists())  # (the new site is made beside the old, then swapped in)
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".digest-probe-", dir=folder))
    except OSError as exc:
        raise BuildFailed(f"{site_dir}: cannot write in {folder} ({exc.strerror}); choose another --output") from exc
    is_site = (incremental.stamp_path(target).is_file()
               or all((target / f).is_file() for f in ("index.html", "sitemap.xml")))
    if target.is_dir() and any(target.iterdir()) and not is_site:
        raise BuildFailed(f"{site_dir}: a folder that is not a site (no index.html and sitemap.xml), and a build "
                          "replaces its whole site folder; empty or remove it, or choose another --output")
    return target


def build(inputs: list[Path], config_file: Path, site_dir: Path | None = None, replace_invalid: bool = False,
          state_file: Path | None = None, date: str | None = None, full: bool = False, cache: bool = True,
          refit: bool = False, site_url: str | None = None) -> BuildResult:
    """generate, then MkDocs: dirty (incremental) when that is sound, else full; `full` forces full.
    `cache`: use the project's build cache (default_cache); `refit`: fit enrichment on all papers now;
    `site_url`: the address the site is published at, in place of mkdocs.yml's (the Pages workflow
    passes the one GitHub gives it)."""
    with interrupts_honoured():
        return _build(inputs, config_file, site_dir, replace_invalid, state_file, date, full, cache, refit, site_url)


def _build(inputs: list[Path], config_file: Path, site_dir: Path | None, replace_invalid: bool,
           state_file: Path | None, date: str | None, full: bool, cache: bool, refit: bool,
           site_url: str | None) -> BuildResult:
    config = load_mkdocs_config(config_file, site_url=site_url)
    target = site_target(site_dir or Path(config["site_dir"]), config, inputs)
    with project_lock(config_file):  # (from here on, docs/ and the site are this build's)
        memo = default_cache(config) if cache else None
        result = generate(inputs, config, replace_invalid, state_file, date, cache=memo, refit=refit)
        the_plan = incremental.plan(target, config_file, config, result.write.removed, force_full=full,
                                    written=len(result.write.written), digests=result.write.digests)
        result.mode = "dirty" if the_plan.dirty else "full"
        log(f"mkdocs: {result.mode} build ({the_plan.reason})")
        incremental.clear_stamp(target)
        if not the_plan.dirty:  # (a dirty build is serial and small: it needs no room made for it)
            release_memory()
        # (objects frozen: MkDocs' forked worker copies fewer pages)
        with stage("mkdocs build", result.timings), old_objects_frozen():
            run_mkdocs(config_file, target, dirty=the_plan.dirty, removed=the_plan.removed, cache=memo,
                       changed=the_plan.changed, generated=the_plan.sources or (), site_url=site_url,
                       source_date=result.state.latest.date if result.state and result.state.latest else None)
        incremental.write_stamp(target, the_plan)
        result.site_dir = target
        log(f"site: {target} ({len(result.papers)} papers) in {sum(result.timings.values()):.1f}s")
        return result
