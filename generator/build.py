"""The pipeline: read -> normalize -> enrich -> render -> write docs/ -> mkdocs build -> site/.

Each stage is timed; `generate` stops after docs/ is written, `build` runs MkDocs as well and
swaps the new site into place only when the whole build succeeded.
"""
from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from .enrich import EnrichConfig, enrich
from .model import Issue, Paper
from .normalize import normalize
from .readers import ReadResult, read_inputs
from .render import render_site
from .writer import WriteReport, write_outputs


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


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def stage(name: str, timings: dict[str, float]):
    start = time.perf_counter()
    yield
    timings[name] = time.perf_counter() - start
    log(f"[{timings[name]:7.2f}s] {name}")


def load_mkdocs_config(config_file: Path, **overrides) -> MkDocsConfig:
    """The project's mkdocs.yml, validated once here; overrides as in mkdocs' own API."""
    if not config_file.is_file():
        raise BuildFailed(f"{config_file}: no MkDocs configuration; run from the project folder or pass --config")
    return load_config(config_file=str(config_file), **{k: v for k, v in overrides.items() if v is not None})


def report_counts(result: ReadResult, papers: list[Paper]) -> list[str]:
    """Explain every difference between paragraphs read and papers made: nothing dropped silently."""
    total = sum(result.paragraphs.values())
    merged = sum(len(p.sources) - 1 for p in papers)
    lines = [f"read {total} paragraphs/records from {len(result.paragraphs)} files -> "
             f"{len(result.records)} abstracts -> {len(papers)} papers"]
    if total != len(result.records):
        skipped = [i for i in result.issues if "skipped" in i.message]
        lines.append(f"  {total - len(result.records)} records had no abstract: " + "; ".join(map(str, skipped[:5])))
    if merged:
        lines.append(f"  {merged} abstracts are exact duplicates of another and were merged "
                     "(one paper, several sources)")
    return lines


def read_stage(inputs: list[Path], timings: dict[str, float], replace_invalid: bool = False) -> ReadResult:
    with stage("read", timings):
        result = read_inputs(inputs, replace_invalid=replace_invalid)
    for issue in result.issues:
        log(str(issue))
    if result.errors:
        raise BuildFailed(f"{len(result.errors)} input error(s) above; nothing was built and the existing site is "
                          "unchanged. Fix the files named, or remove them from the input.")
    if not result.records:
        raise BuildFailed("no abstracts found in " + ", ".join(map(str, inputs)))
    return result


def generate(inputs: list[Path], config: MkDocsConfig, replace_invalid: bool = False) -> BuildResult:
    """Inputs -> docs/ (generated pages, data and search index); returns papers and timings."""
    out = BuildResult()
    out.read = read_stage(inputs, out.timings, replace_invalid)
    with stage("normalize", out.timings):
        papers = normalize(out.read.records)
    for line in report_counts(out.read, papers):
        log(line)
    digest = (config.get("extra") or {}).get("digest") or {}
    taxonomy = digest.get("taxonomy")
    with stage("enrich", out.timings):
        papers = enrich(papers, EnrichConfig(taxonomy_path=Path(taxonomy) if taxonomy else None))
    with stage("render", out.timings):
        files = render_site(papers, config["site_name"], {})
    with stage("search index", out.timings):
        from .search import search_files
        files.update(search_files(papers))
    with stage("write", out.timings):
        out.write = write_outputs(Path(config["docs_dir"]), files)
    log(f"docs: {len(out.write.written)} written, {out.write.unchanged} unchanged, {len(out.write.removed)} removed")
    out.papers = papers
    return out


def run_mkdocs(config_file: Path, site_dir: Path, dirty: bool = False) -> None:
    """MkDocs build into a fresh sibling folder, then an atomic swap; a failure leaves site_dir as it was."""
    site_dir = site_dir.resolve()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = site_dir.with_name(f".{site_dir.name}.building-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    if dirty and site_dir.is_dir():
        shutil.copytree(site_dir, staging, copy_function=os.link)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    if not logging.getLogger("mkdocs").handlers:
        logging.getLogger("mkdocs").addHandler(logging.StreamHandler(sys.stderr))
    try:
        mkdocs_build(load_mkdocs_config(config_file, site_dir=str(staging)), dirty=dirty)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise BuildFailed(f"mkdocs build failed: {exc}; the previous site is unchanged") from exc
    old = site_dir.with_name(f".{site_dir.name}.old-{os.getpid()}")
    if site_dir.exists():
        os.replace(site_dir, old)
    os.replace(staging, site_dir)
    shutil.rmtree(old, ignore_errors=True)


def build(inputs: list[Path], config_file: Path, site_dir: Path | None = None, replace_invalid: bool = False) -> BuildResult:
    config = load_mkdocs_config(config_file)
    result = generate(inputs, config, replace_invalid)
    target = site_dir or Path(config["site_dir"])
    with stage("mkdocs build", result.timings):
        run_mkdocs(config_file, target)
    result.site_dir = target
    log(f"site: {target} ({len(result.papers)} papers) in {sum(result.timings.values()):.1f}s")
    return result
