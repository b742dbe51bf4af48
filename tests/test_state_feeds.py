"""History state file, What's new page and Atom feeds: deterministic, escaped, and right across batches."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from generator.feeds import ATOM, atom, feed_path, history_files
from generator.model import Paper
from generator.slugs import slugify
from generator.state import State, StateError, load_state, save_state, today


def paper(i: str, title: str, category: str = "Vision", first_seen: str = "") -> Paper:
    return Paper(id=i, slug=f"{slugify(title)}-{i}", collection="ICLR 2026", abstract_raw=title,
                 abstract_md=title, abstract_html=f"<b>{title}</b> &amp; more", plain_text=title, title=title,
                 category=category, teaser=title, tags=["t1"], first_seen=first_seen)


def test_state_records_batches_and_round_trips(tmp_path):
    s = State()
    assert s.record(["b", "a"], "2026-01-01") == ["a", "b"]
    assert s.record(["a", "b"], "2026-01-05") == []  # nothing new: no batch
    assert s.record(["a", "c"], "2026-01-05") == ["c"]
    assert [(b.number, b.date, b.added) for b in s.batches] == [(1, "2026-01-01", 2), (2, "2026-01-05", 1)]
    assert s.record(["d"], "2025-12-31") == ["d"] and s.papers["d"] == (3, "2026-01-05")  # clock behind: clamp
    path = tmp_path / ".digest-state.json"
    assert save_state(path, s) and not save_state(path, s)  # second save: same bytes, not rewritten
    again = load_state(path)
    assert again == s and again.dumps() == path.read_text("utf-8")
    assert path.read_text("utf-8").count("\n") > len(s.papers)  # one paper per line: diffs well


def test_bad_state_file_names_the_file(tmp_path):
    path = tmp_path / ".digest-state.json"
    path.write_text('{"version": 1, "batches": [], "papers": {"a": [1, "soon"]}}', "utf-8")
    with pytest.raises(StateError, match=r"\.digest-state\.json"):
        load_state(path)
    assert load_state(tmp_path / "missing.json") == State()


def test_today_prefers_option_then_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01T00:00:00Z
    assert today() == "2026-01-01" and today("2026-02-03") == "2026-02-03"
    with pytest.raises(StateError):
        today("03/02/2026")


def test_feeds_are_valid_escaped_and_newest_first():
    s = State()
    s.record(["1", "2"], "2026-01-01")
    s.record(["3"], "2026-02-01")
    papers = [paper("1", "Old <one> & co", first_seen="2026-01-01"), paper("2", "Old two", "Audio", "2026-01-01"),
              paper("3", "New \x07three", first_seen="2026-02-01")]
    files = history_files(papers, s, "Digest")
    assert set(files) == {"new.md", "feeds/all.atom.xml", feed_path("Vision"), feed_path("Audio")}
    root = ET.fromstring(files["feeds/all.atom.xml"])
    ns = {"a": ATOM}
    assert root.tag == f"{{{ATOM}}}feed" and root.find("a:updated", ns).text == "2026-02-01T00:00:00Z"
    entries = root.findall("a:entry", ns)
    assert [e.find("a:id", ns).text for e in entries] == [f"urn:paper-digest:paper:{i}" for i in ("3", "2", "1")]
    assert entries[0].find("a:title", ns).text == "New three"  # control character dropped
    assert entries[2].find("a:title", ns).text == "Old <one> & co"
    assert entries[0].find("a:link", ns).get("href") == "../papers/new-three-3/"
    assert entries[0].find("a:content", ns).text == "<p><b>New \x07three</b> &amp; more</p>".replace("\x07", "")
    cat = ET.fromstring(files[feed_path("Vision")])
    assert len(cat.findall("a:entry", ns)) == 2
    assert cat.findall("a:entry", ns)[0].find("a:link", ns).get("href") == "../../papers/new-three-3/"
    absolute = ET.fromstring(atom(papers, s, "D", "feeds/all.atom.xml", "https://x.example/d/"))
    assert absolute.find("a:entry/a:link", ns).get("href").startswith("https://x.example/d/papers/")
    new = files["new.md"].decode()
    latest, earlier = new.split("## Latest: 2026-02-01", 1)[1].split("## Earlier, by date", 1)
    assert "new-three-3" in latest and "old-two-2" not in latest
    assert "### 2026-01-01 (2)" in earlier and "old-two-2" in earlier
    assert history_files(papers, s, "Digest") == files  # deterministic
