"""Helpers for browser tests: serve a folder on 127.0.0.1 and drive headless Chromium.

Used by tests/test_search_browser.py and benchmarks/search.py.  Chromium is Debian's
(/usr/bin/chromium), driven through the Python playwright package; no browser download.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

CHROMIUM = os.environ.get("PAPER_DIGEST_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def browser_available() -> str | None:
    """None when tests can run, else the reason they cannot."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}"
    return None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as any real static host
    prefix = ""  # the path the folder is served at ("/digest": a GitHub Pages project site)

    def log_message(self, *args):  # keep test output clean
        pass

    def translate_path(self, path):
        if not self.prefix:
            return super().translate_path(path)
        if path != self.prefix and not path.startswith(self.prefix + "/"):
            return os.path.join(self.directory, "(outside the served path)")  # (a 404)
        return super().translate_path(path[len(self.prefix):] or "/")


class _Pages(_Quiet):
    """As a static host (GitHub Pages) does: a missing file gets the site's 404.html, status 404."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextlib.contextmanager
def serve(root: Path, not_found_page: bool = False, prefix: str = ""):
    """Serve `root` on 127.0.0.1 (free port) in a thread; yields the base URL (ending in `prefix`,
    the path the folder is served at, e.g. "/digest").  `not_found_page`: answer a missing file with
    root/404.html, as GitHub Pages does."""
    kind = _Pages if not_found_page else _Quiet
    handler = functools.partial(type(kind.__name__, (kind,), {"prefix": prefix.rstrip("/")}), directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix.rstrip('/')}"
    finally:
        server.shutdown()
        server.server_close()


def launch_browser():
    """(playwright, browser); the caller closes both."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    except Exception:
        pw.stop()
        raise
    return pw, browser
