"""Train the default category model from a labelled CSV and write generator/data/category_model.json.

    python -m generator.enrich.train_categories [--csv PATH] [--out PATH]

Deterministic: the same CSV and the same numpy, scipy and scikit-learn releases (the file records them
in "trained_with") -> a byte-identical model file; other releases may round a near-tie otherwise (one
term of 30,000 swapped, coefficients moved in the third decimal) and classify the same.  The model is the mean of two class-balanced
linear models over sublinear TF-IDF word 1-2 grams of the abstract (+ given keywords, twice): a
multinomial logistic regression's logits and a linear SVM's margins (times SVM_SCALE, which makes
them read as logits); each paper is used with and without its keywords so the model serves
keyword-less inputs too.  Terms are then pruned to the most weighted ones and the model refitted on
them, so the file stays small.
Why both (5-fold CV, three splits, model alone; with keywords / without): the SVM ranks first best
(top-1 0.658 / 0.629) but its top 3 is weak (0.904 / 0.885); the logistic regression the other way
round (0.655 / 0.621, top-3 0.913 / 0.899); their mean keeps the SVM's top-1 (0.659 / 0.627) and most
of the regression's top 3 (0.909 / 0.894).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.svm import LinearSVC
from threadpoolctl import threadpool_limits  # (installed with scikit-learn)

from .categories import MODEL_PATH, CategoryModel, class_text
from .csvdata import DEV_CSV, read_csv
from .text import VECTORIZER_ARGS, corpus_text

LR_C = 20.0  # (5 to 200 alike in cross-validation)
SVM_C = 0.5
SVM_SCALE = 4.0  # SVM margins x this are calibrated like logits (the best softmax temperature for them alone)
MAX_TERMS = 30000


@dataclass
class _Mean:
    """The mean of the two linear models, as one linear model (what the model file holds)."""

    classes_: np.ndarray
    coef_: np.ndarray
    intercept_: np.ndarray


# the libraries whose arithmetic the coefficients are: another release may round a near-tie otherwise
LIBRARIES = ("numpy", "scipy", "scikit-learn")


def _fit(texts: list[str], labels: list[str], vocabulary=None) -> tuple[TfidfVectorizer, _Mean]:
    vec = TfidfVectorizer(**VECTORIZER_ARGS, sublinear_tf=True, min_df=2, vocabulary=vocabulary)
    X = vec.fit_transform(texts)
    with threadpool_limits(1):  # one BLAS thread: the same sums in the same order on any machine
        lr = LogisticRegression(C=LR_C, class_weight="balanced", max_iter=5000).fit(X, labels)
        svm = LinearSVC(C=SVM_C, class_weight="balanced", random_state=0, max_iter=5000).fit(X, labels)
    assert list(lr.classes_) == list(svm.classes_)
    return vec, _Mean(lr.classes_, (lr.coef_ + SVM_SCALE * svm.coef_) / 2,
                      (lr.intercept_ + SVM_SCALE * svm.intercept_) / 2)


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
                         clf.coef_.astype(np.float32), clf.intercept_.astype(np.float32),
                         {lib: version(lib) for lib in LIBRARIES})


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
