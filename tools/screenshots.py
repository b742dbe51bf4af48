"""Screenshots of a built site for the README: home, a category page and a paper page.

Usage: python tools/screenshots.py [SITE_DIR] [OUT_DIR]   (defaults: site/ and docs/img/)
Serves SITE_DIR on 127.0.0.1 and drives Debian's headless Chromium with Playwright.
"""
from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def serve(site: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(site: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    category = sorted(p for p in site.glob("*/*/index.html") if p.parts[-3] not in ("papers", "tags", "entities",
                                                                                     "search", "assets"))[0]
    paper = next(p for p in sorted(site.glob("papers/*/index.html")) if "C-voting" in p.read_text("utf-8")
                 or "Gaia2" in p.read_text("utf-8"))
    shots = {"home": "", "category": category.parent.relative_to(site).as_posix() + "/",
             "paper": paper.parent.relative_to(site).as_posix() + "/",
             "search": "search/?query=diffusion"}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for name, url in shots.items():
            page.goto(base + url)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(out / f"{name}.png"))
            print(out / f"{name}.png")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(Path(args[0]) if args else Path("site"), Path(args[1]) if len(args) > 1 else Path("docs/img"))
