"""The build cache (generator/cache.py)."""
from __future__ import annotations

import os
import pickle

from generator.cache import Cache


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


def test_saving_drops_the_open_tables_and_keeps_their_counts(tmp_path):
    c = Cache(tmp_path / "c")
    c.table("a").put("k", 1)
    assert c.table("a").get("k") == 1 and c.table("a").get("x") is None
    c.save()
    assert c.tables == {} and c.counts() == {"a": (1, 1)} and c.stats() == "a 1/2"
    assert c.table("a").get("k") == 1  # opened again: from the file


def test_additions_go_to_delta_files_until_a_rewrite(tmp_path):
    folder = tmp_path / "c"
    c = Cache(folder)
    for k in range(8):
        c.table("t").put(k, k)
    c.save()
    base = (folder / "t.pickle").read_bytes()
    c = Cache(folder)
    assert all(c.table("t").get(k) == k for k in range(8))
    c.table("t").put("new", 1)
    c.save()
    assert (folder / "t.pickle").read_bytes() == base and (folder / "t.delta-1.pickle").is_file()
    c = Cache(folder)
    assert c.table("t").get("new") == 1 and c.table("t").deltas == 1
    assert all(c.table("t").get(k) == k for k in range(1, 8))  # 0 unused: 1 of 8 is garbage enough to keep
    c.save()
    assert not (folder / "t.delta-2.pickle").exists()  # nothing added: nothing written
    c = Cache(folder)
    assert c.table("t").get(0) == 0 and c.table("t").get("new") == 1
    c.save()  # 7 of 9 unused: rewritten with what was used, deltas gone
    assert (folder / "t.pickle").read_bytes() != base and not list(folder.glob("t.delta-*"))
    c = Cache(folder)
    assert c.table("t").get(0) == 0 and c.table("t").get(5) is None


def test_a_delta_of_another_table_file_is_ignored(tmp_path):
    folder = tmp_path / "c"
    c = Cache(folder)
    c.table("t").put("a", 1)
    c.save()
    c = Cache(folder)
    c.table("t").get("a")
    c.table("t").put("b", 2)
    c.save()
    old_delta = (folder / "t.delta-1.pickle").read_bytes()
    c = Cache(folder)
    c.table("t").put("z", 3)  # a, b unused: rewritten
    c.save()
    (folder / "t.delta-1.pickle").write_bytes(old_delta)  # (left over from the former file)
    c = Cache(folder)
    assert c.table("t").get("z") == 3 and c.table("t").get("b") is None and c.table("t").deltas == 0


def test_a_replaced_single_entry_is_rewritten_not_added_as_deltas(tmp_path):
    for build in range(3):
        cache = Cache(tmp_path)
        table = cache.table("one")
        assert table.get("k") == (None if build == 0 else f"v{build - 1}")
        table.replace_all("k", f"v{build}")
        cache.save()
        assert sorted(p.name for p in tmp_path.glob("one*")) == ["one.pickle"]
    assert Cache(tmp_path).table("one").get("k") == "v2"
