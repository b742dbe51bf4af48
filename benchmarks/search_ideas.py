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

Prints a table; no timing.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
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
  for (const [name, acronyms, related, minIdeas] of cmd.settings) {
    const engine = new Engine(lunr, read('manifest.json'), read('meta.json'), p => Promise.resolve(read(p)));
    engine.acronyms = acronyms;
    engine.relatedIdeas = related;
    engine.minIdeas = minIdeas;
    out[name] = [];
    for (const q of cmd.queries) {
      const res = await engine.search(q);
      out[name].push(res.hits.map(h => [h.doc, h.related ? 1 : 0]));
    }
  }
  process.stdout.write(JSON.stringify(out));
})().catch(e => { console.error(e && e.stack || e); process.exit(1); });
"""
SETTINGS = [("words only", False, False, 2), ("words and acronyms", True, False, 2),
            ("+ related ideas, 1 related term", True, True, 1), ("+ related ideas, 2 related terms (the site)", True, True, 2),
            ("+ related ideas, 3 related terms", True, True, 3)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=DEV_CSV)
    ap.add_argument("--min-papers", type=int, default=5, help="a keyword is a query when this many papers list it")
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("needs node (paper-search.js runs in it)")
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
        (Path(tmp) / "run.js").write_text(NODE, "utf-8")
        (Path(tmp) / "cmd.json").write_text(json.dumps({"queries": queries, "settings": SETTINGS}), "utf-8")
        proc = subprocess.run([node, str(Path(tmp) / "run.js"), str(search.lunr_js_path()), str(ENGINE_JS), str(index),
                               str(Path(tmp) / "cmd.json")], capture_output=True, text=True, timeout=1800)
        if proc.returncode:
            raise SystemExit(proc.stderr)
        runs = json.loads(proc.stdout)
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

if __name__ == "__main__":
    main()
