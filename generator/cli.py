"""`paper-digest`: build, serve, export, check and deploy the digest."""
from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
from pathlib import Path

from .build import BuildFailed, build, generate, load_mkdocs_config, log
from .render import Urls, papers_json


DEFAULT_CONFIG = "mkdocs.yml"


def _inputs(args) -> list[Path]:
    """--input, or the abstracts/ folder beside the configuration (of the project run from elsewhere too)."""
    return [Path(p) for p in args.input] if args.input else [Path(args.config).parent / "abstracts"]


def cmd_build(args):
    return build(_inputs(args), Path(args.config), Path(args.output) if args.output else None, args.replace_invalid,
                 state_file=_state(args), date=args.date, full=args.full, cache=not args.no_cache, refit=args.refit,
                 site_url=args.site_url)


def _date(text: str) -> str:
    """--date: a real day (YYYY-MM-DD), not after tomorrow (UTC): the history keeps it for good, and
    every later batch must be dated after it."""
    from .state import StateError, today
    try:
        day = today(text) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) else None
    except StateError:
        day = None
    if day is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)")
    latest = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=1)
    if dt.date.fromisoformat(day) > latest:
        raise argparse.ArgumentTypeError(f"{text} is in the future: papers seen today cannot be first seen then")
    return day


def _state(args) -> Path | None:
    return Path(args.state) if getattr(args, "state", None) else None


def cmd_check(args) -> None:
    from .check import check_inputs
    from .build import taxonomy_file
    config = Path(args.config)  # its taxonomy is checked too (outside a project, with no mkdocs.yml: none)
    project = config.is_file() or args.config != DEFAULT_CONFIG
    taxonomy = taxonomy_file(load_mkdocs_config(config)) if project else None
    result = check_inputs(_inputs(args), args.replace_invalid, taxonomy)
    for line in result.report():
        print(line, flush=True)
    if not result.ok:
        raise BuildFailed("the inputs cannot be built as they are (see the report above)")


def cmd_export(args) -> None:
    config = load_mkdocs_config(Path(args.config), site_url=args.site_url)
    result = generate(_inputs(args), config, args.replace_invalid, _state(args), args.date, write=False)
    data = papers_json(result.papers, Urls.of(config))  # the bytes of the site's data/papers.json
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(data, "utf-8")
        except OSError as exc:
            raise BuildFailed(f"{args.output}: cannot write the export ({exc.strerror})") from exc
        log(f"wrote {len(result.papers)} papers to {args.output}")
    else:
        sys.stdout.write(data)


def cmd_serve(args) -> None:
    from .serve import serve
    serve(_inputs(args), Path(args.config), args.dev_addr, state_file=_state(args), date=args.date,
          replace_invalid=args.replace_invalid)


def cmd_deploy(args) -> None:
    from .deploy import deploy
    deploy(_inputs(args), Path(args.config), message=args.message, force=args.force,
           state_file=_state(args), date=args.date, site_url=args.site_url, replace_invalid=args.replace_invalid)


def parser() -> argparse.ArgumentParser:
    from importlib.metadata import PackageNotFoundError, version
    ap = argparse.ArgumentParser(prog="paper-digest", description="Turn abstract files into a browsable static site.")
    try:
        ap.add_argument("--version", action="version", version=f"%(prog)s {version('paper-digest')}")
    except PackageNotFoundError:  # (run from a source tree that is not installed)
        pass
    sub = ap.add_subparsers(dest="command", required=True)

    def add(name, func, help_text, output_help=None):
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        p.add_argument("--input", "-i", action="extend", nargs="+", metavar="PATH",
                       help="abstract files or folders (--input a b, or --input a --input b; default: abstracts/)")
        p.add_argument("--config", "-f", default=DEFAULT_CONFIG, help=f"MkDocs configuration (default: {DEFAULT_CONFIG})")
        p.add_argument("--replace-invalid", action="store_true",
                       help="decode invalid UTF-8 with replacement characters instead of failing")
        if output_help:
            p.add_argument("--output", "-o", metavar="PATH", help=output_help)
        if name != "check":
            p.add_argument("--state", metavar="FILE",
                           help="history file (default: .digest-state.json in the first input folder; commit it)")
            p.add_argument("--date", metavar="YYYY-MM-DD", type=_date,
                           help="date recorded for papers seen for the first time (default: SOURCE_DATE_EPOCH or today)")
        if name not in ("check", "serve"):
            p.add_argument("--site-url", metavar="URL",
                           help="the address the site is published at, e.g. https://USER.github.io/REPO/ (default: "
                                "site_url in mkdocs.yml): feeds and the sitemap link there, the 404 page finds its "
                                "styles under its path")
        p.set_defaults(func=func)
        return p

    build = add("build", cmd_build, "generate docs/ and build the site (incremental when sound)",
                "site folder (default: site/ from mkdocs.yml)")
    build.add_argument("--full", action="store_true", help="always rebuild the whole site (no dirty build)")
    build.add_argument("--refit", action="store_true",
                       help="fit tags, sub-topics and the related-papers space on all papers now (see docs/about.md)")
    build.add_argument("--no-cache", action="store_true",
                       help="ignore and keep no build cache (.digest-cache/ beside mkdocs.yml); the output is the same")
    add("check", cmd_check, "validate the inputs and report problems, without building")
    add("export", cmd_export, "write the enriched corpus as JSON", "JSON file (default, or -: standard output)")
    serve = add("serve", cmd_serve, "build, serve on 127.0.0.1 with live reload, regenerate on input changes")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    deploy = add("deploy", cmd_deploy, "build and publish to the gh-pages branch (mkdocs gh-deploy)")
    deploy.add_argument("--message", "-m", default=None, help="commit message for gh-pages")
    deploy.add_argument("--force", action="store_true", help="force-push gh-pages")
    return ap


def main(argv: list[str] | None = None, keep: list | None = None) -> int:
    """Run a command; `keep`: a list that gets what the command returned (see run)."""
    args = parser().parse_args(argv)
    try:
        result = args.func(args)
        if keep is not None:
            keep.append(result)
    except BuildFailed as exc:
        log(f"error: {exc}")
        return 2
    except KeyboardInterrupt:
        log("interrupted; the previous site is unchanged")
        return 130
    return 0


def run(argv: list[str] | None = None) -> None:
    """The `paper-digest` command: main(), then exit at once, without freeing the heap one object at a
    time (at 20,000 papers that took 0.3 s after every build, and 0.2 s more for the build's result,
    which is therefore held until the exit); output streams are flushed first."""
    kept: list = []
    code = main(argv, kept)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
