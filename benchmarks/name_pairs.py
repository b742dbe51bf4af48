"""Acronym or long form: which does a paper's title use?  The choice behind most wrong names, on the dev CSV.

    .venv/bin/python benchmarks/name_pairs.py [--csv PATH] [--folds 5] [--repeats 5]

Of the papers that quality.py scores for names (real title "Name: ...", Name in the abstract), those whose
abstract defines their Name as "Long Form (ACR)" and whose extracted name is one side of that pair: did the
title take the acronym or the long form?  Prints, for that choice:

- how the titles choose, and how often the extractor's rule (names._prefer) chooses as they do;
- the same for "always the acronym", and for a logistic regression and a depth-2 tree on the features below,
  cross-validated (`--folds`, `--repeats` shuffles): can anything the abstract shows predict the choice?
- what name precision would be were every pair chosen right, and were every pair name withheld.

Features: the acronym's length, share of capitals, lower-case letters, digits, hyphen, whether it is 2-3
capitals; the long form's words, characters, Title Case, a hyphened "-of-"/"-to-" phrase, a generic last
word (Optimization, Learning, ...); how often the abstract writes the acronym and the long form, where it
first writes the long form, and whether either is in bold.  No timing.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quality import DEV_CSV, name_cases, read_csv  # noqa: E402
from generator.enrich.names import acronym_pairs, analyze  # noqa: E402

_GENERIC_END = frozenset("optimization learning training tuning decoding alignment".split())


def pair_cases(papers):
    """(text, long form, acronym, title's choice is the long form, extractor's choice is the long form, right)."""
    for p, want, name in name_cases(papers):
        if name is None:
            continue
        text = analyze(p.abstract_md)[0]
        for long, acro in acronym_pairs(text):
            sides = {acro.lower(): False, long.lower(): True}
            took = next((v for k, v in sides.items() if want.lower() == k), None)
            chose = next((v for k, v in sides.items() if name.lower() == k or name.startswith(acro + " ")), None)
            if took is not None and chose is not None:
                yield text, long, acro, took, chose, name == want
                break


def features(text: str, long: str, acro: str) -> list[float]:
    words = [w for w in re.split(r"[\s\-–]+", long) if w]
    uses = len(re.findall(rf"(?<![\w-]){re.escape(acro)}(?![\w-])", text))
    return [len(acro), sum(c.isupper() for c in acro) / len(acro), any(c.islower() for c in acro),
            any(c.isdigit() for c in acro), "-" in acro, bool(re.fullmatch(r"[A-Z]{2,3}", acro)),
            len(words), len(long), all(w[0].isupper() or w in ("of", "and", "to", "as", "for", "the", "by") for w in words),
            bool(re.search(r"-(?:of|to|in|and)-", long)), words[-1].lower() in _GENERIC_END,
            min(uses, 6), text.lower().count(long.lower()), text.lower().find(long.lower()) / max(len(text), 1),
            f"**{acro}" in text, f"**{words[0]}" in text]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    papers = read_csv(args.csv)
    scored = list(name_cases(papers))
    got = sum(name is not None for _, _, name in scored)
    hit = sum(name == want for _, want, name in scored)
    cases = list(pair_cases(papers))
    X = np.array([features(t, lf, a) for t, lf, a, *_ in cases], float)
    y = np.array([c[3] for c in cases])
    rule = np.array([c[4] for c in cases])
    wrong_pairs = sum(not c[5] for c in cases)

    def cv(model) -> float:
        return float(np.mean([(cross_val_predict(model, X, y, cv=StratifiedKFold(args.folds, shuffle=True, random_state=r))
                               == y).mean() for r in range(args.repeats)]))
    rows = [("pair cases (title takes the acronym / the long form)", f"{len(cases)} ({(~y).sum()} / {y.sum()})"),
            ("names wrong among them", f"{wrong_pairs} of {got - hit} wrong names"),
            ("extractor's rule chooses as the title", f"{(rule == y).mean():.3f}"),
            ("always the acronym", f"{(~y).mean():.3f}"),
            ("logistic regression, cross-validated", f"{cv(make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))):.3f}"),
            ("depth-2 tree, cross-validated", f"{cv(DecisionTreeClassifier(max_depth=2, random_state=0)):.3f}"),
            ("name precision now", f"{hit / max(got, 1):.3f}"),
            ("... were every pair chosen right", f"{(hit + wrong_pairs) / max(got, 1):.3f}"),
            ("... were every pair name withheld", f"{(hit - (len(cases) - wrong_pairs)) / max(got - len(cases), 1):.3f}"
                                                  f" (recall {(hit - (len(cases) - wrong_pairs)) / max(len(scored), 1):.3f})")]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")


if __name__ == "__main__":
    main()
