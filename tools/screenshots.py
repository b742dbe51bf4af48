"""Screenshots of a built site for the README: home, a category page and a paper page.

Usage: python tools/screenshots.py [SITE_DIR] [OUT_DIR]   (defaults: site/ and docs/img/)
Serves SITE_DIR on 127.0.0.1 and drives Debian's headless Chromium with Playwright.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest_browser import launch_browser, serve  # noqa: E402  (one way to serve and drive Chromium)


def main(site: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    category = sorted(p for p in site.glob("*/*/index.html") if p.parts[-3] not in ("papers", "tags", "entities",
                                                                                     "search", "assets"))[0]
    paper = next(p for p in sorted(site.glob("papers/*/index.html"))  # the page of a seed paper with a name
                 if p.parent.name.startswith(("c-voting-", "gaia2-")))
    shots = {"home": "", "category": category.parent.relative_to(site).as_posix() + "/",
             "paper": paper.parent.relative_to(site).as_posix() + "/",
             "search": "search/?query=diffusion"}
    with serve(site) as base:
        pw, browser = launch_browser()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for name, url in shots.items():
            page.goto(f"{base}/{url}")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(out / f"{name}.png"))
            print(out / f"{name}.png")
        browser.close()
        pw.stop()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(Path(args[0]) if args else Path("site"), Path(args[1]) if len(args) > 1 else Path("docs/img"))
