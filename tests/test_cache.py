"""The build cache (generator/cache.py) and the writer's use of it (generator/writer.py)."""
from __future__ import annotations

import os
import pickle

from generator.cache import Cache
from generator.writer import write_outputs


def test_a_table_keeps_what_the_last_build_used_and_only_that(tmp_path):
    c = Cache(tmp_path / "c")
    t = c.table("t")
    t.put("a", 1)
    t.put("b", [2])
    c.save()
    assert (tmp_path / "c" / ".gitignore").read_text().strip().endswith("*")
    c = Cache(tmp_path / "c")
    t = c.table("t")
    assert t.get("a") == 1 and t.get("zzz") is None and (t.hits, t.misses) == (1, 1)
    assert t.stale  # "b" was not used: the file must shrink
    c.save()
    c = Cache(tmp_path / "c")
    assert c.table("t").get("b") is None and c.table("t").get("a") == 1
    assert not c.tables["t"].stale
    mtime = os.stat(tmp_path / "c" / "t.pickle").st_mtime_ns
    c.save()  # nothing changed: not rewritten
    assert os.stat(tmp_path / "c" / "t.pickle").st_mtime_ns == mtime


def test_a_foreign_damaged_or_other_code_file_is_ignored(tmp_path):
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "a.pickle").write_bytes(b"not a pickle")
    (folder / "b.pickle").write_bytes(pickle.dumps({"code": "another version", "entries": {"k": 1}}))
    (folder / "d.pickle").write_bytes(pickle.dumps(["a list"]))
    c = Cache(folder)
    assert [c.table(n).get("k") for n in "abd"] == [None, None, None]
    assert Cache(None).table("x").get("k") is None
    Cache(None).save()  # remembers nothing, writes nothing


def test_the_writer_skips_reading_what_it_left_untouched_and_restores_an_edit(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    files = {"a.md": b"# A\n", "sub/b.md": b"# B\n"}
    c = Cache(tmp_path / "c")
    assert write_outputs(docs, files, c).written == ["a.md", "sub/b.md"]
    c.save()
    reads = []
    real_open = open

    def spy(path, mode="r", *args, **kw):
        if "r" in mode and str(path).startswith(str(docs)) and not str(path).endswith(".json"):
            reads.append(os.path.relpath(path, docs))
        return real_open(path, mode, *args, **kw)

    monkeypatch.setattr("builtins.open", spy)
    c = Cache(tmp_path / "c")
    report = write_outputs(docs, files, c)
    assert report.written == [] and report.unchanged == 2 and reads == []
    (docs / "a.md").write_bytes(b"# a\n")  # a hand edit, same size: read, found different, restored
    report = write_outputs(docs, files, c)
    assert report.written == ["a.md"] and (docs / "a.md").read_bytes() == b"# A\n" and reads == ["a.md"]
    monkeypatch.undo()
    assert write_outputs(docs, files).written == []  # without the cache: the bytes are compared
