"""generator/mkdocs_parallel.py builds the same site as MkDocs' serial build, and fails as it does."""
from __future__ import annotations

import filecmp
import os
from pathlib import Path

import pytest

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from mkdocs.commands.build import build as serial_build  # noqa: E402
from mkdocs.config import load_config  # noqa: E402

from generator import mkdocs_parallel  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _project(tmp_path: Path, pages: int = 30) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "site_templates").symlink_to(ROOT / "site_templates")
    (tmp_path / "generator").symlink_to(ROOT / "generator")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nstrict: true\nsite_url: https://example.org/\n"
        "theme: {name: material, custom_dir: site_templates/overrides, font: false}\n"
        "nav: [{Home: index.md}, {About: about.md}]\nnot_in_nav: |\n  /papers/\nplugins: [search]\nhooks: [generator/mkdocs_hooks.py]\n"
        "markdown_extensions: [toc, attr_list, md_in_html]\n"
        "validation: {links: {anchors: warn, unrecognized_links: warn}}\n", "utf-8")
    docs = tmp_path / "docs"
    (docs / "papers").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\n## Top\n\n[first](papers/p0.md#results)\n", "utf-8")
    (docs / "about.md").write_text("# About\n\nWhat this is.\n", "utf-8")
    for i in range(pages):
        nxt = (i + 1) % pages
        meta = "search:\n  exclude: true\n" if i % 3 else "template: light.html\n"  # some in Material's search
        (docs / "papers" / f"p{i}.md").write_text(
            f"---\n{meta}---\n# Paper {i}\n\n## Results\n\n"
            f"[next](p{nxt}.md#results) · [home](../index.md#top)\n", "utf-8")
    return tmp_path


def _build(project: Path, site: str, parallel: bool):
    cfg = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / site))
    if parallel:
        mkdocs_parallel.build(cfg, jobs=2)
    else:
        serial_build(cfg)


def _same_tree(a: Path, b: Path) -> None:
    cmp = filecmp.dircmp(a, b)
    assert not (cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files), (a, cmp.diff_files)
    for sub in cmp.common_dirs:
        _same_tree(a / sub, b / sub)


@pytest.fixture
def small_workers(monkeypatch):
    monkeypatch.setattr(mkdocs_parallel, "MIN_PAGES_PER_WORKER", 1)


def test_parallel_build_is_byte_identical_to_serial(tmp_path, small_workers, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = _project(tmp_path)
    _build(project, "serial", parallel=False)
    _build(project, "parallel", parallel=True)
    _same_tree(project / "serial", project / "parallel")
    assert (project / "parallel" / "papers" / "p7" / "index.html").is_file()


def test_a_dirty_parallel_build_is_the_serial_dirty_build(tmp_path, small_workers, monkeypatch):
    """--dirty: only modified pages (here shared between two processes) are built, as MkDocs' own
    dirty build does it, to the byte; the others keep their files untouched."""
    import shutil
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = _project(tmp_path)
    _build(project, "serial", parallel=False)
    shutil.copytree(project / "serial", project / "parallel")  # (copytree keeps the files' mtimes)
    before = {p: p.stat().st_mtime_ns for p in (project / "parallel").rglob("*.html")}
    later = max(before.values()) / 1e9 + 10
    changed = [1, 2, 5, 8, 13, 21]
    for i in changed:  # (text and anchors change; mtimes after the outputs'.)
        page = project / "docs" / "papers" / f"p{i}.md"
        page.write_text(page.read_text("utf-8").replace("## Results", "Changed.\n\n## Results"), "utf-8")
        os.utime(page, (later, later))
    from generator.incremental import quiet_dirty_warning  # (MkDocs' warning about --dirty; strict mode)
    for site, parallel in (("serial", False), ("parallel", True)):
        cfg = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / site))
        with quiet_dirty_warning():
            (mkdocs_parallel.build(cfg, dirty=True, jobs=2) if parallel else serial_build(cfg, dirty=True))
    _same_tree(project / "serial", project / "parallel")
    rebuilt = {p for p, t in before.items() if p.stat().st_mtime_ns != t}
    assert rebuilt >= {project / "parallel" / "papers" / f"p{i}" / "index.html" for i in changed}
    assert project / "parallel" / "papers" / "p3" / "index.html" not in rebuilt
    assert b"Changed." in (project / "parallel" / "papers" / "p13" / "index.html").read_bytes()


@pytest.mark.parametrize("bad", ["[x](p999.md)", "[x](p1.md#nowhere)"])
def test_a_broken_link_on_a_worker_page_still_fails_a_strict_build(tmp_path, small_workers, bad):
    project = _project(tmp_path)
    for i in range(30):  # every out-of-nav page, so whichever process renders it
        with (project / "docs" / "papers" / f"p{i}.md").open("a", encoding="utf-8") as f:
            f.write(f"\n{bad}\n")
    with pytest.raises(SystemExit):  # mkdocs' Abort, as the serial build raises
        _build(project, "site", parallel=True)


def test_unknown_page_plugins_fall_back_to_the_serial_build(tmp_path):
    project = _project(tmp_path)
    (project / "hook.py").write_text("def on_page_markdown(markdown, **kw):\n    return markdown\n", "utf-8")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as f:
        f.write("hooks: [hook.py]\n")
    cfg = load_config(config_file=str(project / "mkdocs.yml"))
    assert not mkdocs_parallel.parallel_safe(cfg)
    cfg = load_config(config_file=str(_project(tmp_path / "plain") / "mkdocs.yml"))
    assert mkdocs_parallel.parallel_safe(cfg)


def test_lean_file_construction_gives_mkdocs_own_files(tmp_path):
    """get_files under _lean_files makes the same File objects as MkDocs' own get_files: same type,
    attributes and order, README/index conflicts, hidden files, templates and odd names included."""
    from mkdocs.structure.files import get_files
    project = _project(tmp_path, pages=3)
    docs = project / "docs"
    for rel in ("README.md", "sub/README.md", "sub/index.md", "sub/deep/a b.md", "sub/deep/x.markdown",
                ".hidden.md", "sub/.dot/y.md", "templates/t.html", "img/p.png", "data/papers.json", "é/ü.md",
                "papers/a-b_c.d.md", "papers/Index.md", "papers/README.markdown", "x/index.md/y.md", "~t.md", "-.md"):
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text("# x\n", "utf-8")
    cfg = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / "site"))

    def described(files):  # (every property asked first: the attributes compared include their cached values)
        return [(type(f), f.src_path, f.name, f.dest_uri, f.url, f.abs_src_path, f.abs_dest_path, f.inclusion,
                 vars(f).copy()) for f in files]
    own = described(get_files(cfg))
    with mkdocs_parallel._lean_files():
        lean = described(get_files(cfg))
    assert lean == own and len(own) > 10
    from mkdocs.structure import files as mk_files
    assert mk_files.File is mk_files.Files.__init__.__globals__["File"]  # (restored)


def test_documentation_pages_lists_what_mkdocs_own_lists(tmp_path):
    """_documentation_pages, for every inclusion test MkDocs passes and every level a file can have,
    gives MkDocs' own Files.documentation_pages: the same files in the same order."""
    from mkdocs.structure.files import File, Files, InclusionLevel
    files = []
    for k, level in enumerate(list(InclusionLevel) * 4):
        f = File(f"d{k}/p.{('md', 'markdown', 'html', 'json')[k // 5 % 4]}", str(tmp_path), str(tmp_path / "site"), True)
        f.inclusion = level
        files.append(f)
    files = Files(files)
    for inclusion in (InclusionLevel.is_included, InclusionLevel.is_in_nav, InclusionLevel.is_not_in_nav,
                      InclusionLevel.is_in_serve, InclusionLevel.is_excluded, InclusionLevel.all):
        own = files.documentation_pages(inclusion=inclusion)
        assert mkdocs_parallel._documentation_pages(files, inclusion=inclusion) == own
    assert mkdocs_parallel._documentation_pages(files) == files.documentation_pages() and files.documentation_pages()


def _stateful_project(tmp_path: Path, pages: int = 12) -> Path:
    """Pages whose Markdown would come out wrong if one page's state leaked into the next: an
    abbreviation defined on one page only, the same heading ids on every page, admonitions and
    details, tables, definition lists, raw regions, and attributes Material's search strips."""
    project = _project(tmp_path, pages=pages)
    cfg = project / "mkdocs.yml"
    cfg.write_text(cfg.read_text("utf-8").replace(
        "markdown_extensions: [toc, attr_list, md_in_html]",
        "markdown_extensions: [generator.mdraw, {toc: {permalink: false}}, tables, attr_list, admonition, "
        "pymdownx.details, abbr, def_list]"), "utf-8")
    for i in range(pages):
        page = project / "docs" / "papers" / f"p{i}.md"
        extra = "\n*[HTML]: Hyper Text Markup Language\n" if i == 2 else ""
        page.write_text(page.read_text("utf-8") + (
            f"\nHTML here.{extra}\n\n## Results\n\n!!! note \"N{i}\"\n    inside\n\n??? tip\n    folded\n\n"
            "| a | b |\n|---|---|\n| 1 | 2 |\n\nterm\n:   definition\n\n"
            "<!--raw-->\n<div class=\"x\">\n```\nnot a fence\n```\n</div>\n<!--/raw-->\n\n"
            "## Kept { data-search-exclude=\"yes\" }\n\ntext\n"), "utf-8")
    return project


def _count_page_markdowns(monkeypatch) -> list:
    """A list that gets an item for every Markdown instance made to convert a page (from now on)."""
    import sys
    import markdown
    made = []

    class Counted(markdown.Markdown):
        def __init__(self, *a, **kw):
            if sys._getframe(1).f_code.co_name != "run_validation":  # (not MkDocs' check of the config)
                made.append(1)
            super().__init__(*a, **kw)
    monkeypatch.setattr(markdown, "Markdown", Counted)
    return made


def test_one_markdown_instance_per_process_gives_mkdocs_own_pages(tmp_path, small_workers, monkeypatch):
    """With the extensions known to reset, pages are converted by one reused Markdown instance per
    process (and Material's search handler skips its no-op clean-up): byte for byte MkDocs' own
    site, page state included (the abbreviation stays on its page, heading ids restart)."""
    import markdown
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = _stateful_project(tmp_path)
    _build(project, "serial", parallel=False)
    made = _count_page_markdowns(monkeypatch)
    _build(project, "parallel", parallel=True)
    _same_tree(project / "serial", project / "parallel")
    assert len(made) == 1  # (the parent's one; the worker's copy was forked from it or made there unseen)
    abbr = (project / "parallel" / "papers" / "p2" / "index.html").read_text("utf-8")
    assert '<abbr title="Hyper Text Markup Language">HTML</abbr>' in abbr
    assert "<abbr" not in (project / "parallel" / "papers" / "p3" / "index.html").read_text("utf-8")
    assert '<div class="x">\n```\nnot a fence\n```\n</div>' in abbr  # (a raw region is no one's to parse)
    assert "data-search-exclude" not in abbr
    from mkdocs.structure import pages as mk_pages
    assert mk_pages.markdown is markdown  # (restored)


def test_an_unknown_extension_gets_a_new_markdown_instance_per_page(tmp_path, small_workers, monkeypatch):
    import markdown
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = _project(tmp_path, pages=6)  # (md_in_html: not among the extensions known to reset)
    made = _count_page_markdowns(monkeypatch)
    _build(project, "serial", parallel=False)
    assert len(made) == 8  # (every page: MkDocs' own way)


def test_light_pages_header_icons_come_from_the_themes_icon_set(tmp_path):
    """mkdocs_hooks.on_files adds the header icons of light.html as files: the theme's own logo icon
    (or the one mkdocs.yml names), its menu and search icons; an icon the theme lacks is an error."""
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import Files
    project = _project(tmp_path)
    for logo, want in ((None, "material/library"), ("material/school", "material/school")):
        config = load_config(str(project / "mkdocs.yml"), **({"theme": {"name": "material", "icon": {"logo": logo}}} if logo else {}))
        files = config.plugins.on_files(Files([]), config=config)  # (the hooks, run as MkDocs runs them)
        got = {f.src_uri: f.content_bytes for f in files}
        icons = next(Path(d, ".icons") for d in config["theme"].dirs if Path(d, ".icons").is_dir())
        assert got == {f"assets/digest/icons/{n}.svg": (icons / f"{i}.svg").read_bytes()
                       for n, i in (("logo", want), ("menu", "material/menu"), ("search", "material/magnify"))}
    config = load_config(str(project / "mkdocs.yml"), theme={"name": "material", "icon": {"logo": "material/no-such-icon"}})
    with pytest.raises(PluginError, match="no-such-icon"):
        config.plugins.on_files(Files([]), config=config)
