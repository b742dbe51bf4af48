"""benchmarks/search_ideas.py keeps working: on the dev papers it prints its tables, the papers the
search finds through related terms only are more on topic than a random pick, and ranking the papers
that write a query's words in a row first shows more such papers (no timing checks)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"


@pytest.mark.skipif(not CSV.exists() or shutil.which("node") is None, reason="needs the dev CSV and node")
def test_search_ideas_table():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "search_ideas.py")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in proc.stdout.splitlines() if line.startswith("| ") and not line.startswith("| engine")}
    assert set(rows) == {"words only", "words and acronyms", "+ related ideas, 1 related term",
                         "+ related ideas, 2 related terms (the site)", "+ related ideas, 3 related terms",
                         "the site, phrases not ranked first", "the site"}
    words, acros, site = rows["words only"], rows["words and acronyms"], rows["+ related ideas, 2 related terms (the site)"]
    assert words[2] == acros[2] == "0" and int(site[2].replace(",", "")) > 100  # related-only hits
    found = [int(r[0].replace(",", "")) for r in (words, acros, site)]
    assert found[0] < found[1] <= found[2]  # acronyms find more relevant papers; related ideas never fewer
    same_area, random_pick = float(site[4]), float(site[6])
    assert same_area > 2 * random_pick
    assert re.match(r"2,120 papers, \d+ keyword queries", proc.stdout)
    apart, site = rows["the site, phrases not ranked first"], rows["the site"]
    assert float(site[1]) > float(apart[1]) + 0.05  # of the first 10 hits, more write the words in a row
    assert float(site[0]) >= float(apart[0])  # and as many list the keyword
    assert re.search(r"\n\d+ keyword queries of 2 or 3 words", proc.stdout)
