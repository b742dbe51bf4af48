"""MkDocs hooks: the generated nav, and the theme's stylesheets and header icons for the light page template.

MkDocs skips dot-files in docs/, so the nav file itself is never published.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

# Material's own stylesheets, whose names carry a content hash (main.<hash>.min.css, palette.<hash>...)
THEME_CSS = re.compile(r"assets/stylesheets/(main|palette)\.[0-9a-f]+\.min\.css")
# light.html's header icons (the logo is the theme's icon.logo): files drawn as a CSS mask in the header's
# colour (digest.css), where Material inlines each: 0.9 KB of each of 25,000 pages at 20,000 papers
ICONS = {"menu": "material/menu", "search": "material/magnify"}
ICON_DIR = "assets/digest/icons"


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


def on_files(files, config):
    """The header icons of light.html, from the theme's own icon set, as files of the site."""
    icons = dict(ICONS, logo=(config["theme"]["icon"] or {}).get("logo") or "material/library")  # (Material's default)
    for name, icon in sorted(icons.items()):
        svg = next((Path(d, ".icons", f"{icon}.svg") for d in config["theme"].dirs
                    if Path(d, ".icons", f"{icon}.svg").is_file()), None)
        if svg is None:
            raise PluginError(f"theme icon {icon!r} (for the header of paper pages) is not in the theme's icon set")
        files.append(File.generated(config, f"{ICON_DIR}/{name}.svg", content=svg.read_bytes()))
    return files
