"""`paper-digest deploy`: build the site, then publish it to the gh-pages branch (mkdocs gh-deploy).

For publishing from CI with the official Pages actions instead, see .github/workflows/pages.yml.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

from .build import BuildFailed, build, load_mkdocs_config, log


def deploy(inputs: list[Path], config_file: Path, message: str | None = None, force: bool = False,
           state_file: Path | None = None, date: str | None = None, remote_branch: str | None = None,
           site_url: str | None = None, replace_invalid: bool = False) -> None:
    from mkdocs.commands.gh_deploy import gh_deploy
    _check_remote(load_mkdocs_config(config_file))
    result = build(inputs, config_file, replace_invalid=replace_invalid, state_file=state_file, date=date, full=True,
                   site_url=site_url)
    overrides = {"site_dir": str(result.site_dir), "site_url": site_url}
    if remote_branch:
        overrides["remote_branch"] = remote_branch
    config = load_mkdocs_config(config_file, **overrides)
    log(f"deploy: pushing {result.site_dir} to {config['remote_name']}/{config['remote_branch']}")
    try:
        gh_deploy(config, message=message, force=force)
    except (SystemExit, subprocess.CalledProcessError) as exc:  # gh_deploy exits on git errors after logging them
        code = exc.code if isinstance(exc, SystemExit) else exc.returncode
        raise BuildFailed(f"gh-deploy failed (git exit {code}): can you push to the remote "
                          f"'{config['remote_name']}'? The site is built in {result.site_dir}") from exc
    log(f"deploy: done; remember to commit {result.state_file or 'the state file'}")


def _check_remote(config) -> None:
    """Before any work: a git repository with the remote gh-deploy pushes to."""
    where = Path(config.config_file_path).parent
    remote = config["remote_name"]
    try:
        found = subprocess.run(["git", "remote", "get-url", remote], cwd=where, capture_output=True, text=True)
    except OSError as exc:
        raise BuildFailed(f"deploy needs git ({exc.strerror})") from exc
    if found.returncode:
        raise BuildFailed(f"{where}: not a git repository with the remote '{remote}' to push the site to "
                          f"({found.stderr.strip() or 'git said nothing'}); add one (git remote add {remote} URL), or "
                          "build with `paper-digest build` and publish site/ yourself")
