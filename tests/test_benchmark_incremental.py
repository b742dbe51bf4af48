"""benchmarks/incremental.py keeps working: a tiny run makes a full build, then incremental builds
of one more batch each, and prints the table (no timing checks)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"


@pytest.mark.skipif(not CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
def test_a_tiny_incremental_benchmark_runs_and_prints_its_table(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "incremental.py"), "--sizes", "120",
                           "--batches", "2", "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    [row] = json.loads((tmp_path / "incremental.json").read_text("utf-8"))
    assert row["n"] == 120 and row["full"]["mode"] == "full" and len(row["incremental_seconds"]) == 2
    assert row["incremental"]["mode"] in ("dirty", "full") and row["incremental"]["written"] > 0
    state = json.loads((tmp_path / "incremental-120" / "abstracts" / ".digest-state.json").read_text("utf-8"))
    assert [b["date"] for b in state["batches"]] == ["2026-01-01", "2026-01-02", "2026-01-03"]
    assert "+20 abstracts s (median)" in proc.stdout and "\n    120 |" in proc.stdout
