"""`paper-digest serve`: MkDocs' live-reloading dev server that also watches abstracts/.

The server rebuilds whenever a watched file changes (docs/, mkdocs.yml, and here the inputs).
Each rebuild first regenerates docs/ from the inputs (the hook generator/mkdocs_hooks.py does
this when PAPER_DIGEST_SERVE is set); the writer only rewrites files whose bytes changed, so
regenerating never starts an endless rebuild loop, and the browser reloads once per change.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from .build import BuildFailed, load_mkdocs_config, log, taxonomy_file

ENV = "PAPER_DIGEST_SERVE"


def serve(inputs: list[Path], config_file: Path, dev_addr: str = "127.0.0.1:8000",
          state_file: Path | None = None, date: str | None = None, replace_invalid: bool = False) -> None:
    from mkdocs.commands.serve import serve as mkdocs_serve
    config = load_mkdocs_config(config_file, dev_addr=dev_addr)
    taxonomy = taxonomy_file(config)  # (a user's: watched too)
    _check_address(config["dev_addr"])  # (before the first build, which takes a while)
    os.environ[ENV] = json.dumps({"inputs": [str(p.resolve()) for p in inputs], "replace_invalid": replace_invalid,
                                  "state": str(state_file.resolve()) if state_file else None, "date": date})
    log(f"serving on http://{dev_addr}/ ; watching {', '.join(map(str, inputs))} (Ctrl-C to stop)")
    try:
        mkdocs_serve(str(config_file), livereload=True, dev_addr=dev_addr,
                     watch=[str(p) for p in [*inputs, *([taxonomy] if taxonomy else [])] if p.exists()])
    finally:
        os.environ.pop(ENV, None)


def _check_address(addr) -> None:
    """The address can be served on: free, and this machine's."""
    import socket
    try:
        with socket.socket(socket.AF_INET6 if ":" in addr.host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the server binds it)
            probe.bind((addr.host, addr.port))
    except OSError as exc:
        raise BuildFailed(f"cannot serve on {addr.host}:{addr.port}: {exc.strerror or exc}; is another server "
                          "running there? Pick another address with --dev-addr") from exc


def regenerate_if_serving(config) -> None:
    """Called by the hook's on_config: inputs -> docs/ before each serve rebuild."""
    settings = os.environ.get(ENV)
    if not settings:
        return
    from .build import generate, project_lock
    s = json.loads(settings)
    try:
        # the config file as written (serve points site_url at the dev server, which the feeds must not use)
        written = load_mkdocs_config(Path(config.config_file_path))
        with project_lock(Path(config.config_file_path)):
            generate([Path(p) for p in s["inputs"]], written, s.get("replace_invalid", False),
                     state_file=Path(s["state"]) if s.get("state") else None, date=s.get("date"))
    except (BuildFailed, Exception) as exc:  # keep serving the last good docs while the inputs are being edited
        log(f"error: regenerating docs/ failed, showing the previous version: {exc}")
