"""MkDocs hook: put the generated nav (docs/.nav.json) in front of the hand-written one.

MkDocs skips dot-files in docs/, so the nav file itself is never published.
"""
from __future__ import annotations

import json
from pathlib import Path


def on_config(config):
    from generator.serve import regenerate_if_serving
    regenerate_if_serving(config)  # `paper-digest serve` only: inputs -> docs/ before each rebuild
    nav_file = Path(config["docs_dir"]) / ".nav.json"
    if nav_file.is_file():
        config["nav"] = json.loads(nav_file.read_text("utf-8")) + list(config["nav"] or [])
    return config
