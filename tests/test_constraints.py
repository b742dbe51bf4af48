"""constraints.txt pins the releases every install uses (tests/run.sh, the README's build command, the
Pages workflow): it must pin each dependency pyproject.toml names, within pyproject's ranges, and the
shipped category model must have been trained under its numpy, scipy and scikit-learn."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def pins() -> dict[str, str]:
    found = {}
    for number, line in enumerate((ROOT / "constraints.txt").read_text("utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            m = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
            assert m, f"constraints.txt:{number}: not 'name==version': {line!r}"
            found[canonicalize_name(m.group(1))] = m.group(2)
    return found


def test_every_dependency_is_pinned_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for extra in project["optional-dependencies"].values() for r in extra]
    pinned = pins()
    for req in wanted:
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(pinned[name], prereleases=True), \
            f"{req.name}=={pinned[name]} is outside pyproject's {req.specifier}"


def test_every_install_uses_the_constraints():
    readme = (ROOT / "README.md").read_text("utf-8")
    build = next(line for line in readme.splitlines() if "paper-digest build" in line and "pip install" in line)
    assert "-c constraints.txt" in build
    assert "-c constraints.txt" in (ROOT / "tests" / "run.sh").read_text("utf-8")
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8")
    assert all("-c constraints.txt" in line for line in workflow.splitlines() if "pip install" in line)


def test_the_category_model_was_trained_under_the_pinned_releases():
    with open(ROOT / "generator" / "data" / "category_model.json", encoding="utf-8") as f:
        trained = json.load(f)["trained_with"]
    pinned = pins()
    assert trained == {name: pinned[name] for name in trained}, \
        "retrain it: python -m generator.enrich.train_categories (see its docstring)"
