"""benchmarks/name_pairs.py keeps working: it finds which side of an acronym's definition a title takes and
which the extractor took, and on the dev papers prints its table (no timing checks)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"
sys.path.insert(0, str(ROOT / "benchmarks"))

from generator.enrich.csvdata import paper_from_text  # noqa: E402
from name_pairs import pair_cases  # noqa: E402

PAPERS = [  # (the title's name, its abstract): the extractor names the first CRV, the second Test-Time Matching
    ("CRV", "We propose Circuit-based Reasoning Verification (CRV), a white-box method that verifies chains of "
            "thought from their attribution graphs. CRV finds errors that black-box verifiers miss."),
    ("TTM", "We introduce Test-Time Matching (TTM), an iterative self-training algorithm that bootstraps model "
            "performance without external supervision. TTM lifts group matching scores on hard benchmarks."),
    ("Omni-Reward", "We present Omni-Reward, a step toward generalist omni-modal reward modeling."),  # (no pair)
]


def test_pair_cases_tell_the_titles_choice_from_the_extractors():
    papers = [paper_from_text(text, given_title=f"{name}: a title") for name, text in PAPERS]
    cases = [(acro, long, took, chose, right) for _, long, acro, took, chose, right in pair_cases(papers)]
    assert cases == [("CRV", "Circuit-based Reasoning Verification", False, False, True),
                     ("TTM", "Test-Time Matching", False, True, False)]


@pytest.mark.skipif(not CSV.exists(), reason="needs the dev CSV")
def test_name_pairs_table():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "name_pairs.py"), "--repeats", "1"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = dict(line.rsplit("  ", 1) for line in proc.stdout.splitlines())
    rows = {k.strip(): v.strip() for k, v in rows.items()}
    assert len(rows) == 9, proc.stdout
    shares = [float(rows[k]) for k in ("extractor's rule chooses as the title", "always the acronym",
                                        "logistic regression, cross-validated", "depth-2 tree, cross-validated")]
    assert all(0.5 < s <= 1 for s in shares)
    now, perfect = float(rows["name precision now"]), float(rows["... were every pair chosen right"])
    assert 0.9 < now <= perfect <= 1
