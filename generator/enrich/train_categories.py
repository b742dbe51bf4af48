"""Train the default category model from a labelled CSV and write generator/data/category_model.json.

    python -m generator.enrich.train_categories [--csv PATH] [--out PATH]

Deterministic: same CSV -> byte-identical model file.  The model is a multinomial logistic regression
(class-balanced) over sublinear TF-IDF word 1-2 grams of the abstract (+ given keywords, twice); each
paper is used with and without its keywords so the model serves keyword-less inputs too.  Terms are
then pruned to the most weighted ones and the model refitted on them, so the file stays small.
(A linear SVM, used until December 2026, ranked as well first but worse in the top 3: 5-fold CV, three
splits, top-1 0.658 vs 0.655, top-3 0.904 vs 0.913; and its margins needed a fitted temperature to
read as probabilities, where these are calibrated as they come: ECE 0.052 against 0.075.)
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from threadpoolctl import threadpool_limits  # (installed with scikit-learn)
from sklearn.linear_model import LogisticRegression

from .categories import MODEL_PATH, CategoryModel, class_text
from .csvdata import DEV_CSV, read_csv
from .text import VECTORIZER_ARGS, corpus_text

C = 20.0  # (5 to 200 alike in cross-validation)
MAX_TERMS = 30000


def _fit(texts: list[str], labels: list[str], vocabulary=None) -> tuple[TfidfVectorizer, LogisticRegression]:
    vec = TfidfVectorizer(**VECTORIZER_ARGS, sublinear_tf=True, min_df=2, vocabulary=vocabulary)
    X = vec.fit_transform(texts)
    with threadpool_limits(1):  # one BLAS thread: the same sums in the same order on any machine
        clf = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(X, labels)
    return vec, clf


def train(papers) -> CategoryModel:
    """Fit on papers with given_area set (the same code path the benchmark cross-validates)."""
    papers = [p for p in papers if p.given_area]
    texts = [class_text(corpus_text(p.plain_text), p.keywords) for p in papers]
    texts += [corpus_text(p.plain_text) for p in papers if p.keywords]
    labels = [p.given_area for p in papers] + [p.given_area for p in papers if p.keywords]
    vec, clf = _fit(texts, labels)
    terms = vec.get_feature_names_out()
    if len(terms) > MAX_TERMS:
        weight = np.abs(clf.coef_).max(axis=0)
        keep = np.sort(np.argsort(-weight, kind="stable")[:MAX_TERMS])
        vec, clf = _fit(texts, labels, vocabulary=list(terms[keep]))
        terms = vec.get_feature_names_out()
    return CategoryModel(list(clf.classes_), [str(t) for t in terms], vec.idf_.astype(np.float32),
                         clf.coef_.astype(np.float32), clf.intercept_.astype(np.float32))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--out", type=Path, default=MODEL_PATH)
    args = ap.parse_args(argv)
    model = train(read_csv(args.csv))
    model.to_json(args.out)
    print(f"wrote {args.out}: {len(model.classes)} classes, {len(model.terms)} terms, "
          f"{args.out.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
