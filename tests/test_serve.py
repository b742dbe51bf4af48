"""`paper-digest serve`: serves the digest, a file added to abstracts/ shows up without a restart, and
then it rests."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from digest_fixtures import make_project, synth_file

TESTS = Path(__file__).resolve().parent
LAUNCH = ("import sys; sys.path.insert(0, {tests!r}); "
          "from generator.cli import main; sys.exit(main(['serve', '--dev-addr', {addr!r}, '--date', '2026-05-01']))")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, ""


def wait_for(predicate, timeout: float, what: str, proc) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        assert proc.poll() is None, f"serve exited early ({proc.returncode})"
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


def test_serve_regenerates_when_an_abstract_file_is_added(tmp_path):
    project = make_project(tmp_path / "p")
    port = free_port()
    addr = f"127.0.0.1:{port}"
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH.format(tests=str(TESTS), addr=addr)], cwd=project,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://{addr}/"
        wait_for(lambda: get(base)[0] == 200, 120, "the first build", proc)
        assert "papers" in get(base + "new/")[1]
        synth_file(project / "abstracts" / "002_live.txt", "ICLR 2026 Papers", 2, "live")

        def new_paper_served() -> bool:
            data = project / "docs" / "data" / "papers.json"
            papers = json.loads(data.read_text("utf-8"))["papers"] if data.is_file() else []
            live = [p for p in papers if any(s["file"].endswith("002_live.txt") for s in p["sources"])]
            return len(live) == 2 and all(get(base + p["url"])[0] == 200 for p in live) \
                and all(p["title"][:20] in get(base + "new/")[1] for p in live)
        wait_for(new_paper_served, 120, "the added papers to be served", proc)

        def rebuilds() -> int:
            return (tmp_path / "serve.log").read_text("utf-8").count("\ndocs: ")
        time.sleep(8)  # (the state file's update may cause one more rebuild, which writes nothing)
        settled = rebuilds()
        time.sleep(8)
        assert rebuilds() == settled, "serve rebuilds with nothing changed (a file it writes itself, watched?)"
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
    assert (project / "abstracts" / ".digest-state.json").is_file()
