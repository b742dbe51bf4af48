"""MkDocs hooks: the generated nav, and the theme's stylesheets for the light page template.

MkDocs skips dot-files in docs/, so the nav file itself is never published.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

# Material's own stylesheets, whose names carry a content hash (main.<hash>.min.css, palette.<hash>...)
THEME_CSS = re.compile(r"assets/stylesheets/(main|palette)\.[0-9a-f]+\.min\.css")


def on_config(config):
    """Put the generated nav (docs/.nav.json) in front of the hand-written one."""
    from generator.serve import regenerate_if_serving
    regenerate_if_serving(config)  # `paper-digest serve` only: inputs -> docs/ before each rebuild
    nav_file = Path(config["docs_dir"]) / ".nav.json"
    if nav_file.is_file():
        config["nav"] = json.loads(nav_file.read_text("utf-8")) + list(config["nav"] or [])
    return config


def on_env(env, config, files):
    """`theme_css` for site_templates/overrides/light.html: Material's main (and palette) stylesheet."""
    found = {m.group(1): f.src_uri for f in files if (m := THEME_CSS.fullmatch(f.src_uri))}
    wanted = ["main"] + (["palette"] if config["theme"].get("palette") else [])
    env.globals["theme_css"] = [found[k] for k in wanted if k in found]
    env.auto_reload = False  # a fresh environment per build: no stat() of every template on every page
    return env
