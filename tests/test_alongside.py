"""Work done alongside the build (generator.build.alongside): a forked child's value, the cache tables
it opened saved by it and counted here, its failure raised here, and the child stopped when the build
fails first; the same without fork; what a child sends back of files docs/ holds already.  And the
`paper-digest` entry point, which exits without teardown."""
import hashlib
import os
import subprocess
import sys
import time

import pytest

from generator import build
from generator.build import alongside
from generator.cache import Cache


def _job(cache: Cache, value: str):
    def job():
        table = cache.table("demo")
        assert table.get("k") is None
        table.put("k", value)
        return {"pid": os.getpid(), "value": value}
    return job


@pytest.mark.parametrize("fork", [True, False])
def test_the_childs_value_and_cache_table_reach_this_process(tmp_path, monkeypatch, fork):
    if not fork:
        monkeypatch.setattr(build, "fork_call", lambda func, arg: None)  # (as where fork is unavailable)
    cache = Cache(tmp_path / "cache")
    started = []
    collect = alongside(_job(cache, "v1"), cache, started)
    assert started == [collect] and collect.forked == fork
    value, seconds = collect()
    assert value["value"] == "v1"
    assert (value["pid"] != os.getpid()) == fork and (seconds is not None) == fork
    assert cache.counts()["demo"] == (0, 1)  # the child's lookups, counted here
    assert "demo" not in cache.tables  # saved and dropped where it was used
    assert Cache(tmp_path / "cache").table("demo").get("k") == "v1"  # on disk for the next build
    collect.cancel()  # (collected already: nothing to stop, and no error)


def test_a_failure_in_the_child_is_raised_here(tmp_path):
    def job():
        raise ValueError("bad abstract 42")
    collect = alongside(job, None, [])
    with pytest.raises(RuntimeError, match="bad abstract 42"):
        collect()


def test_a_child_not_collected_is_stopped(tmp_path):
    marker = tmp_path / "finished"

    def job():
        time.sleep(3)
        marker.write_text("done")
    collect = alongside(job, None, [])
    collect.cancel()
    time.sleep(3.5)
    assert not marker.exists()
    collect.cancel()  # twice: still no error


def test_a_child_ends_when_done_not_when_collected():
    """fork_call's child leaves its result and ends: it does not wait, with all its memory, until this
    process collects (a result larger than a pipe holds kept the search index's child alive through
    render); the result is whole when collected later."""
    from generator.parallel import fork_call
    big = bytes(range(256)) * 40_000  # 10 MB: far more than a pipe's buffer
    result = fork_call(lambda n: [big] * n, 3)
    if result is None:
        pytest.skip("no fork here")
    deadline = time.monotonic() + 20
    while True:  # the child becomes a zombie (ended, not yet waited for) without our reading anything
        with open(f"/proc/{result.pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                break
        assert time.monotonic() < deadline, "the child still runs: it waits to be collected"
        time.sleep(0.05)
    assert result() == [big] * 3


def test_the_command_exits_with_its_code_and_its_output_flushed(tmp_path):
    """`paper-digest` (generator.cli:run) leaves with os._exit: output written before it is not lost."""
    (tmp_path / "a.txt").write_text("ICLR 2026 Papers\n\n" + "We study a problem with a long abstract. " * 5 + "\n")
    code = "import sys; print('before', end=''); from generator.cli import run; run(sys.argv[1:])"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # (stdout buffered, as in a pipe)
    ok = subprocess.run([sys.executable, "-c", code, "check", "-i", str(tmp_path / "a.txt")],
                        capture_output=True, text=True, env=env)
    assert ok.returncode == 0 and ok.stdout.startswith("before"), ok.stderr
    bad = subprocess.run([sys.executable, "-c", code, "build", "--config", str(tmp_path / "none.yml")],
                         capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "no MkDocs configuration" in bad.stderr
    assert bad.stdout == "before"  # (nothing else printed to stdout: flushed by run itself)


def test_a_child_sends_back_only_the_files_docs_does_not_hold(tmp_path):
    """kept_where_held: a file the last build wrote and docs/ still holds comes back as Kept (its
    sha256), one whose bytes changed, one edited on disk and a new one as bytes; without stamps, all."""
    from generator.writer import Kept, holds, kept_where_held, write_outputs
    docs, cache = tmp_path / "docs", Cache(tmp_path / "cache")
    before = {"a.json": b"[1]", "b.json": b"[2]", "c.json": b"[3]"}
    write_outputs(docs, before, cache.table("docs-written"))
    cache.save()
    time.sleep(0.01)
    (docs / "c.json").write_bytes(b"[3]")  # the same bytes, written again by someone else: not the stamped file
    unchanged = holds(docs, Cache(tmp_path / "cache").peek("docs-written"))
    now = {"a.json": b"[1]", "b.json": b"[2, 2]", "c.json": b"[3]", "d.json": b"[4]"}
    sent = kept_where_held(now, unchanged)
    assert sent == {"a.json": Kept(hashlib.sha256(b"[1]").digest()), "b.json": b"[2, 2]", "c.json": b"[3]",
                    "d.json": b"[4]"}
    assert kept_where_held(now, None) is now
    write_outputs(docs, sent, Cache(tmp_path / "cache").table("docs-written"))
    assert {p.name: p.read_bytes() for p in docs.glob("[!.]*.json")} == now  # (.generated.json: the manifest)
