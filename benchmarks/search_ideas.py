"""Does the search find ideas, not only words?  Author keywords as queries, on the dev CSV.

    .venv/bin/python benchmarks/search_ideas.py [--csv PATH] [--min-papers 5]

The papers of shared/data/iclr2026_dev.csv are enriched with their titles, areas and keywords
hidden (as the site would have them), indexed by generator/search.py, and searched by the page's
own engine (paper-search.js, in node).  Each query is an author keyword of one or two words that
at least --min-papers papers list.  For the engine with words only, with the acronyms the papers
define (LLM = large language model), and with related ideas too (a paper without a word needs
`minIdeas` of its related terms; the site uses 2), over all queries:

- relevant found / recall: papers that list the keyword, found;
- related-only hits: papers found through related terms only, and how many list the keyword
  (a sparse judge: authors list few keywords);
- same area: the share of a query's hits in the ICLR area most common among the papers that have
  its words or acronyms (hidden from the pipeline), for the related-only hits, next to the papers
  with the words themselves and to a random pick (that area's share of all papers).

Then the ranking of phrases: author keywords of two or three words ("state space models") as
queries, and of their first 10 hits the share that list the keyword (P@10) and the share that write
its words in a row, for the site's engine with and without phrases ranked first.

Prints a table; no timing.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from generator import search  # noqa: E402
from generator.enrich import enrich  # noqa: E402
from generator.enrich.csvdata import DEV_CSV, read_csv  # noqa: E402

ENGINE_JS = ROOT / "site_templates" / "overrides" / "assets" / "search" / "paper-search.js"
NODE = r"""
const fs = require('fs'), path = require('path');
const [lunrPath, enginePath, indexDir, cmdPath] = process.argv.slice(2);
const lunr = require(lunrPath), {Engine} = require(enginePath);
const read = p => JSON.parse(fs.readFileSync(path.join(indexDir, p), 'utf8'));
const cmd = JSON.parse(fs.readFileSync(cmdPath, 'utf8'));
(async () => {
  const out = {};
  for (const [name, acronyms, related, minIdeas, phrases] of cmd.settings) {
    const engine = new Engine(lunr, read('manifest.json'), read('meta.json'), p => Promise.resolve(read(p)));
    engine.acronyms = acronyms;
    engine.relatedIdeas = related;
    engine.minIdeas = minIdeas;
    engine.phrases = phrases;
    out[name] = [];
    for (const q of cmd.queries) {
      const res = await engine.search(q);
      out[name].push(res.hits.map(h => [h.doc, h.related ? 1 : 0]));
    }
  }
  process.stdout.write(JSON.stringify(out));
})().catch(e => { console.error(e && e.stack || e); process.exit(1); });
"""
SETTINGS = [("words only", False, False, 2, True), ("words and acronyms", True, False, 2, True),
            ("+ related ideas, 1 related term", True, True, 1, True), ("+ related ideas, 2 related terms (the site)", True, True, 2, True),
            ("+ related ideas, 3 related terms", True, True, 3, True)]
RANKING = [("the site, phrases not ranked first", True, True, 2, False), ("the site", True, True, 2, True)]


def run_engine(index: Path, queries: list[str], settings: list[tuple]) -> dict[str, list[list[tuple[int, int]]]]:
    """Per setting, per query: the hits (doc number, 1 if through related terms only) of paper-search.js in node."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("needs node (paper-search.js runs in it)")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "run.js").write_text(NODE, "utf-8")
        (Path(tmp) / "cmd.json").write_text(json.dumps({"queries": queries, "settings": settings}), "utf-8")
        proc = subprocess.run([node, str(Path(tmp) / "run.js"), str(search.lunr_js_path()), str(ENGINE_JS), str(index),
                               str(Path(tmp) / "cmd.json")], capture_output=True, text=True, timeout=1800)
    if proc.returncode:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout)


def in_a_row(words: list[str], text: str) -> bool:
    """Does text hold these index terms in a row within a clause (stop words skipped, as the index reads it)?"""
    n = len(words)
    for clause in re.split(r"(?<=[.,;:!?)\]}])\s+|\s+(?=[(\[{])", search._fold(text)):
        seq = search.index_terms(clause)
        if any(seq[k:k + n] == words for k in range(len(seq) - n + 1)):
            return True
    return False


def ranking(given, order, index: Path, min_papers: int) -> list[str]:
    """The lines of the ranking table: author keywords of 2 or 3 words as queries, phrases ranked first or not."""
    listed: dict[str, set[str]] = defaultdict(set)
    for g in given:
        for k in g.keywords:
            k = " ".join(k.lower().replace("-", " ").split())
            if 2 <= len(k.split()) <= 3 and k.replace(" ", "").isalpha() and len(search.index_terms(k)) >= 2:
                listed[k].add(g.id)
    queries = sorted(k for k, ids in listed.items() if len(ids) >= min_papers)
    runs = run_engine(index, queries, RANKING)
    texts = [(p.title or "") + " \n. " + (p.plain_text or "") for p in order]
    out = [f"\n{len(queries)} keyword queries of 2 or 3 words (listed by >= {min_papers} papers), their first 10 hits:\n",
           "| engine | list the keyword (P@10) | write its words in a row |", "|---|---:|---:|"]
    for name, *_ in RANKING:
        hit = row = shown = 0
        for q, hits in zip(queries, runs[name]):
            words = search.index_terms(q)
            for doc, _ in hits[:10]:
                shown += 1
                hit += order[doc].id in listed[q]
                row += in_a_row(words, texts[doc])
        out.append(f"| {name} | {hit / max(shown, 1):.3f} | {row / max(shown, 1):.3f} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--min-papers", type=int, default=5, help="a keyword is a query when this many papers list it")
    args = ap.parse_args()
    given = read_csv(args.csv)
    papers = enrich([dataclasses.replace(p, given_title=None, given_area=None, keywords=[]) for p in given])
    listed: dict[str, set[str]] = defaultdict(set)
    for g in given:
        for k in g.keywords:
            k = " ".join(k.lower().split())
            if 1 <= len(k.split()) <= 2 and k.replace(" ", "").isalpha():
                listed[k].add(g.id)
    queries = sorted(k for k, ids in listed.items() if len(ids) >= args.min_papers)
    order = search._order(papers)  # doc numbers of the index
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index"
        for rel, data in search.build_files(papers, processes=1).items():
            (index / rel).parent.mkdir(parents=True, exist_ok=True)
            (index / rel).write_bytes(data)
        runs = run_engine(index, queries, SETTINGS)
        ranked = ranking(given, order, index, args.min_papers)
    n = len(order)
    area = {g.id: g.given_area for g in given}
    share = Counter(area.values())
    relevant_total = sum(len(listed[q]) for q in queries)
    majority = []  # per query: the area most common among the papers with its words (None: no such paper)
    for hits in runs["words and acronyms"]:
        areas = Counter(area[order[d].id] for d, _ in hits)
        majority.append(min(areas, key=lambda a: (-areas[a], a)) if areas else None)
    print(f"{len(papers):,} papers, {len(queries)} keyword queries (listed by >= {args.min_papers} papers; "
          f"{relevant_total:,} relevant papers in all)\n")
    print("| engine | relevant found | recall | related-only hits | of them list the keyword | same area: related-only | "
          "same area: with the words | same area: random |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, *_ in SETTINGS:
        found = by_idea = idea_hits = idea_area = word_hits = word_area = 0
        rand = []
        for q, top, hits in zip(queries, majority, runs[name]):
            for doc, related in hits:
                pid = order[doc].id
                found += pid in listed[q]
                if related:
                    by_idea += 1
                    idea_hits += pid in listed[q]
                    idea_area += area[pid] == top
                    rand.append(share[top] / n)
                else:
                    word_hits += 1
                    word_area += area[pid] == top
        cell = (lambda k: f"{k / by_idea:.3f}") if by_idea else (lambda k: "–")
        print(f"| {name} | {found:,} | {found / relevant_total:.3f} | {by_idea:,} | {idea_hits:,} ({cell(idea_hits)}) | "
              f"{cell(idea_area)} | {word_area / max(word_hits, 1):.3f} | {cell(sum(rand) * by_idea / len(rand)) if rand else '–'} |")
    print("\n".join(ranked))


if __name__ == "__main__":
    main()
