"""Quality and speed of the enrichment on the dev CSV, titles and areas hidden, its abstracts read as a build
reads them (generator.readers, then generator.normalize: the text the extractors get on the site).

    python benchmarks/quality.py [--csv PATH] [--folds 5] [--scale 20000] [--names-only]

Categories: k-fold CV (train_categories.train on k-1 folds, enrich the held-out fold).
Names: papers whose real title is "Name: ..." with Name in the abstract -> recall / precision.
Titles: ROUGE-1 F1 (content words, stop words out) of the derived title vs the real title, titles hidden;
  title_name_f1 on papers whose real title is "Name: ...", title_noname_f1 on the rest.
Tags: tag_match -- share of papers with >= 1 tag equal to one of their author keywords (lowercase,
  hyphens as spaces, last word singular); tag_vocab -- share of tags that are some paper's keyword.
Related: share of top-5 related papers with the same primary_area vs random pairs.
Sub-topics: subtopic_keyword_lift -- inside each category with sub-topics, how much more often two papers of
  one sub-topic share an author keyword than two papers of different sub-topics (1.0: no better than chance).
Map: map_neighbour_keyword_lift -- how much more often a paper shares an author keyword with its 10 nearest
  papers on other discs of the collection's map than with any paper on another disc (1.0: placed at random).
Results: results_found -- share of abstracts that state a figure in % or x (a percentage, a speedup) whose
  paper gets at least one headline result; results_per_paper -- headline results per paper.
Title lines: the reader on the CSV's abstracts as text dumps, each under its title line (title_lines_read: share of
  titles read exactly; title_lines_wrong: share of read titles that are not a real one) and hard-wrapped at 80
  columns, no titles (wrapped_false_titles: titles read, should be 0).
Time: enrichment of the whole CSV (and, with --scale N, of N perturbed copies).
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import random
import re
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from generator.enrich import EnrichConfig, corpus_common, enrich  # noqa: E402
from generator.enrich.csvdata import DEV_CSV, paper_from_text, read_csv  # noqa: E402
from generator.enrich.names import extract_name, token_counts  # noqa: E402
from generator.enrich.text import corpus_text  # noqa: E402
from generator.enrich.vectors import build_corpus  # noqa: E402
from generator.markup import flat  # noqa: E402
from generator.enrich.train_categories import train  # noqa: E402
from generator.readers import read_inputs  # noqa: E402


def hidden(papers):
    """Copies with title and area removed: what the enrichment must work out itself."""
    return [dataclasses.replace(p, given_title=None, given_area=None) for p in papers]


def category_cv(papers, folds: int) -> dict:
    y = np.array([p.given_area for p in papers])
    pred = np.empty(len(y), dtype=object)
    top3 = np.zeros(len(y), bool)
    for tr, te in StratifiedKFold(folds, shuffle=True, random_state=0).split(y, y):
        model = train([papers[i] for i in tr])
        test = enrich(hidden([papers[i] for i in te]), EnrichConfig(model=model))
        for i, p in zip(te, test):
            pred[i] = p.category
            top3[i] = y[i] in [c for c, _ in p.categories[:3]]
    return {"top1": float((pred == y).mean()), "top3": float(top3.mean()),
            "macro_f1": float(f1_score(y, pred, labels=sorted(set(y)), average="macro"))}


def name_cases(papers, rows=None):
    """(paper, the Name its real title "Name: ..." opens with, the name extracted) for the papers whose abstract
    writes that Name; `rows(i)`: only the papers at those row numbers (common names still come from all papers)."""
    common = corpus_common([token_counts(p.plain_text) for p in papers], build_corpus([corpus_text(p.plain_text) for p in papers]))
    for i, p in enumerate(papers):
        if rows is not None and not rows(i):
            continue
        m = re.match(r"^([^:]{1,60}):\s", p.given_title or "")
        want = flat(m.group(1).strip()) if m else None  # (a title sets A^2FM raised, as A²FM)
        if want and want in p.plain_text:
            yield p, want, extract_name(p.abstract_md, common)


def names(papers, rows=None) -> dict:
    """Name recall and precision (name_cases)."""
    hit = got = total = 0
    for _, want, name in name_cases(papers, rows):
        total += 1
        got += name is not None
        hit += name == want
    return {"name_subset": total, "name_recall": hit / max(total, 1), "name_precision": hit / max(got, 1)}


_STOPWORDS = frozenset("""a an the of for and in on to with via by from as at is are be its into under over through
towards toward using based their your our we you it this that these""".split())


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOPWORDS]


def rouge1(pred: str, ref: str) -> float:
    p, r = Counter(_words(pred)), Counter(_words(ref))
    overlap = sum((p & r).values())
    return 0.0 if not overlap else 2 * overlap / (sum(p.values()) + sum(r.values()))


def titles(enriched, real: dict) -> dict:
    named, plain = [], []
    for p in enriched:
        ref = real[p.id] or ""
        (named if re.match(r"^[^:]{1,60}:\s", ref) else plain).append(rouge1(p.title, ref))
    return {"title_f1": float(np.mean(named + plain)), "title_name_f1": float(np.mean(named or [0])),
            "title_noname_f1": float(np.mean(plain or [0]))}


def _norm_kw(k: str) -> str:
    words = re.sub(r"[\s\-_/]+", " ", re.sub(r"\([^()]*\)", " ", k.lower())).strip().split()
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith(("ss", "us", "is")):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def tags(enriched, keywords: dict) -> dict:
    vocab = {_norm_kw(k) for ks in keywords.values() for k in ks}
    all_tags = [_norm_kw(t) for p in enriched for t in p.tags]
    hit = [bool({_norm_kw(t) for t in p.tags} & {_norm_kw(k) for k in keywords[p.id]}) for p in enriched]
    return {"tag_match": float(np.mean(hit)), "tag_vocab": float(np.mean([t in vocab for t in all_tags] or [0])),
            "tags_per_paper": len(all_tags) / max(len(enriched), 1)}


_FIGURE = re.compile(r"\d(?:\.\d+)?\s*(?:\\?%|×|x\b|\\times)")  # "95.2%", "81×", "2.35x"


def results(enriched) -> dict:
    stated = [p for p in enriched if _FIGURE.search(p.plain_text)]
    return {"results_found": float(np.mean([bool(p.results) for p in stated] or [0])),
            "results_per_paper": sum(len(p.results) for p in enriched) / max(len(enriched), 1)}


def related_purity(enriched, areas: dict) -> dict:
    same = [areas[r.id] == areas[p.id] for p in enriched for r in p.related[:5]]
    freq = np.array(list(Counter(areas.values()).values())) / len(areas)
    return {"related_same_area": float(np.mean(same)), "random_same_area": float((freq ** 2).sum())}


def subtopic_lift(enriched, keywords: dict) -> dict:
    same = other = 0.0
    n_same = n_other = 0
    for cat in sorted({p.category for p in enriched if p.subtopic}):
        group = [p for p in enriched if p.category == cat and p.subtopic]
        vocab = {k: i for i, k in enumerate(sorted({_norm_kw(k) for p in group for k in keywords[p.id]}))}
        rows = [(i, vocab[_norm_kw(k)]) for i, p in enumerate(group) for k in keywords[p.id]]
        K = sp.csr_matrix((np.ones(len(rows)), tuple(zip(*rows))), shape=(len(group), len(vocab)))
        shares = (K @ K.T).toarray() > 0
        labels = np.array([p.subtopic for p in group])
        together = labels[:, None] == labels[None, :]
        upper = np.triu(np.ones_like(together), k=1)
        same += (shares & together & upper).sum()
        n_same += (together & upper).sum()
        other += (shares & ~together & upper).sum()
        n_other += (~together & upper).sum()
    return {"subtopic_keyword_lift": (same / max(n_same, 1)) / max(other / max(n_other, 1), 1e-9)}


def map_lift(enriched, keywords: dict, k: int = 10) -> dict:
    """Do similar discs of the map (enrich/layout.py) lie near each other?  Author keywords, which the
    enrichment never reads, shared with each paper's k nearest papers on other discs vs on any other disc."""
    vocab = {w: i for i, w in enumerate(sorted({_norm_kw(w) for p in enriched for w in keywords[p.id]}))}
    rows = [(i, vocab[_norm_kw(w)]) for i, p in enumerate(enriched) for w in keywords[p.id]]
    K = sp.csr_matrix((np.ones(len(rows)), tuple(zip(*rows))), shape=(len(enriched), len(vocab)))
    shares = (K @ K.T).toarray() > 0
    ids: dict = {}
    group = np.array([ids.setdefault((p.collection, p.category, p.subtopic), len(ids)) for p in enriched])
    coll = np.array([ids.setdefault(p.collection, len(ids)) for p in enriched])
    apart = (group[:, None] != group[None, :]) & (coll[:, None] == coll[None, :])  # other discs of one map
    P = np.array([p.position for p in enriched], dtype=float)
    D = ((P[:, None, :] - P[None, :, :]) ** 2).sum(axis=2)
    D[~apart] = np.inf
    near = np.argsort(D, axis=1, kind="stable")[:, :k]
    has = np.isfinite(D[np.arange(len(enriched))[:, None], near])
    near_rate = shares[np.arange(len(enriched))[:, None], near][has].mean()
    return {"map_neighbour_keyword_lift": near_rate / max(shares[np.triu(apart, 1)].mean(), 1e-9)}


def perturbed(papers, n: int, seed: int = 0):
    """n distinct papers from the dev abstracts: sentence order shuffled, a few words dropped."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        p = papers[len(out) % len(papers)]
        sents = re.split(r"(?<=\.)\s+", p.abstract_raw)
        rng.shuffle(sents)
        words = " ".join(sents).split()
        drop = {rng.randrange(len(words)) for _ in range(3)}
        out.append(paper_from_text(" ".join(w for i, w in enumerate(words) if i not in drop), keywords=p.keywords))
    return out


def title_lines(csv_path: Path) -> dict:
    """The reader on the CSV's abstracts written as text dumps: each under its title line (share of titles read
    exactly, and of read titles that are wrong), and hard-wrapped at 80 columns with no titles (titles read)."""
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    want = [" ".join(r["title"].split()) for r in rows]
    with tempfile.TemporaryDirectory() as tmp:
        titled, wrapped = Path(tmp) / "titled", Path(tmp) / "wrapped"
        titled.mkdir(), wrapped.mkdir()
        (titled / "a.txt").write_text("Papers\n\n" + "\n\n".join(f"{t}\n{r['abstract']}" for t, r in zip(want, rows)))
        (wrapped / "a.txt").write_text("Papers\n\n" + "\n\n".join(textwrap.fill(r["abstract"], 80) for r in rows))
        read = [r.title for r in read_inputs([titled]).records if r.title]
        false = sum(r.title is not None for r in read_inputs([wrapped]).records)
    return {"title_lines_read": len(set(read) & set(want)) / len(want),
            "title_lines_wrong": len(set(read) - set(want)) / max(len(read), 1), "wrapped_false_titles": false}


def timed(papers) -> tuple[float, float]:
    t, c = time.perf_counter(), time.process_time()
    enrich(papers)
    return time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--scale", type=int, default=0, help="also time enrichment of this many papers")
    ap.add_argument("--no-cv", action="store_true", help="skip the category cross-validation (faster)")
    ap.add_argument("--names-only", action="store_true",
                    help="only the name figures: all papers, even rows, odd rows, and the CPU time they take")
    args = ap.parse_args()
    papers = read_csv(args.csv)
    rows = {}
    if args.names_only:
        cpu = time.process_time()
        rows.update(names(papers))
        rows["names_cpu_s"] = time.process_time() - cpu
        for half, rest in (("even", 0), ("odd", 1)):
            rows.update({f"{k}_{half}": v for k, v in names(papers, lambda i: i % 2 == rest).items()})
        return report(rows)
    wall, cpu = timed(hidden(papers))
    if not args.no_cv:
        rows.update(category_cv(papers, args.folds))
    rows.update(names(papers))
    enriched = enrich(hidden(papers))
    rows.update(related_purity(enriched, {p.id: p.given_area for p in papers}))
    rows.update(titles(enriched, {p.id: p.given_title for p in papers}))
    rows.update(tags(enriched, {p.id: p.keywords for p in papers}))
    rows.update(subtopic_lift(enriched, {p.id: p.keywords for p in papers}))
    rows.update(map_lift(enriched, {p.id: p.keywords for p in papers}))
    rows.update(results(enriched))
    rows.update(title_lines(args.csv))
    rows[f"enrich_{len(papers)}_wall_s"], rows[f"enrich_{len(papers)}_cpu_s"] = wall, cpu
    if args.scale:
        rows[f"enrich_{args.scale}_wall_s"], rows[f"enrich_{args.scale}_cpu_s"] = timed(perturbed(papers, args.scale))
    report(rows)


def report(rows: dict) -> None:
    targets = {"top1": 0.63, "top3": 0.90, "name_recall": 0.93, "name_precision": 0.97}
    print(f"{'metric':<24}{'value':>10}  target")
    for k, v in rows.items():
        t = targets.get(k)
        print(f"{k:<24}{v:>10.3f}  {'' if t is None else ('>= %.2f %s' % (t, 'ok' if v >= t else 'MISS'))}")


if __name__ == "__main__":
    main()
