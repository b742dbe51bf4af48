"""`paper-digest deploy`: build the site, then publish it to the gh-pages branch (mkdocs gh-deploy).

For publishing from CI with the official Pages actions instead, see .github/workflows/pages.yml.
"""
from __future__ import annotations

from pathlib import Path

from .build import BuildFailed, build, load_mkdocs_config, log


def deploy(inputs: list[Path], config_file: Path, message: str | None = None, force: bool = False,
           state_file: Path | None = None, date: str | None = None, remote_branch: str | None = None,
           site_url: str | None = None) -> None:
    from mkdocs.commands.gh_deploy import gh_deploy
    result = build(inputs, config_file, state_file=state_file, date=date, full=True, site_url=site_url)
    overrides = {"site_dir": str(result.site_dir), "site_url": site_url}
    if remote_branch:
        overrides["remote_branch"] = remote_branch
    config = load_mkdocs_config(config_file, **overrides)
    log(f"deploy: pushing {result.site_dir} to {config['remote_name']}/{config['remote_branch']}")
    try:
        gh_deploy(config, message=message, force=force)
    except SystemExit as exc:  # gh_deploy exits on git errors after logging them
        raise BuildFailed(f"gh-deploy failed (exit {exc.code}); is this a git repository with a "
                          f"'{config['remote_name']}' remote you can push to?") from exc
    log("deploy: done; remember to commit abstracts/.digest-state.json")
