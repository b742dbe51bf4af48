"""Benchmark the whole build at scale: abstracts/ -> docs/ -> site/, per stage, for N papers.

    .venv/bin/python benchmarks/scale.py                  # N = 2,000, 5,000 and 20,000
    .venv/bin/python benchmarks/scale.py --sizes 200      # a quick run
    .venv/bin/python benchmarks/scale.py --keep /tmp/pd   # keep each N's corpus, docs/ and site/

For each N a corpus in the seed format (a header line, then one abstract per blank-line separated
paragraph; 500 abstracts per file, English and Chinese headers alternating as in the seeds) is
made from the real abstracts of ../shared/data/iclr2026_dev.csv.  Beyond its 2,120 rows the
abstracts are reused with a light, seeded perturbation (a few words swapped for synonyms, one
sentence dropped or a trailing clause cut, numbers nudged), so that every paper has its own id
and the text still reads like an abstract.  Titles are not given: the seed format has none.

Each N then runs in a fresh Python process, in a throw-away project folder (the repo's
mkdocs.yml, with symlinks to its generator/ and site_templates/, and a copy of the hand-written
pages of docs/), through the real pipeline, `generator.build.build`: the repo's docs/ and site/
are never touched.  Peak RSS is sampled from /proc for the whole process tree (the build process
plus any worker processes; proportional set size, so pages a forked worker shares with its parent
count once), so it is the memory the build needs at once, not one process's.

The table: N, seconds per stage (read, normalize, enrich, render, search index, other generator
stages such as write, mkdocs build), total wall, the ratio generator/MkDocs, the CPU seconds of
the build process and its workers (on a busy machine wall time exceeds CPU / cores), peak RSS,
the size of site/ and the mean size of a paper's page (site/papers/<slug>/index.html).  Sizes of
files are in MB and kB (10^6 and 10^3 bytes, as GitHub Pages' 1 GB), memory in MiB (2^20 bytes).
--json also records the 1-minute load average at the start and end of each N.
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import hashlib
import json
import os
import random
import resource
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CSV = ROOT.parent / "shared" / "data" / "iclr2026_dev.csv"
if not CSV.exists():
    CSV = Path("/work/shared/data/iclr2026_dev.csv")

PER_FILE = 500  # abstracts per input file
HEADERS = ("ICLR 2026 Papers", "ICLR 2026 论文列表")  # as in the two seed files
MAIN_STAGES = ("read", "normalize", "near-duplicates", "enrich", "render", "search index")
MKDOCS_STAGE = "mkdocs build"

# --- the corpus ---------------------------------------------------------------------------

# Synonyms that keep an abstract's meaning and register (matched case-sensitively, whole words).
SYNONYMS = {
    "propose": ["present", "introduce", "develop"],
    "introduce": ["propose", "present"],
    "present": ["propose", "introduce"],
    "novel": ["new"],
    "new": ["novel"],
    "method": ["approach", "technique"],
    "methods": ["approaches", "techniques"],
    "approach": ["method", "technique"],
    "framework": ["approach", "method"],
    "demonstrate": ["show"],
    "show": ["demonstrate"],
    "significantly": ["substantially", "markedly"],
    "substantially": ["significantly"],
    "improves": ["enhances", "boosts"],
    "improve": ["enhance", "boost"],
    "outperforms": ["surpasses", "beats"],
    "achieves": ["attains", "reaches"],
    "achieve": ["attain", "reach"],
    "however": ["yet", "nevertheless"],
    "However": ["Yet", "Nevertheless"],
    "large": ["big", "sizable"],
    "various": ["diverse", "several"],
    "several": ["multiple", "various"],
    "tasks": ["problems", "settings"],
    "performance": ["accuracy", "results"],
    "efficient": ["lightweight", "fast"],
    "leverage": ["exploit", "use"],
    "leverages": ["exploits", "uses"],
    "utilize": ["use", "employ"],
    "existing": ["current", "prior"],
    "robust": ["reliable", "resilient"],
    "crucial": ["critical", "essential"],
    "key": ["central", "main"],
    "Furthermore": ["Moreover", "In addition"],
    "Moreover": ["Furthermore", "In addition"],
    "Specifically": ["Concretely", "In particular"],
    "extensive": ["comprehensive", "thorough"],
    "Extensive": ["Comprehensive", "Thorough"],
    "state-of-the-art": ["leading", "best-performing"],
    "challenging": ["difficult", "hard"],
    "enables": ["allows", "permits"],
    "enable": ["allow", "permit"],
    "typically": ["usually", "often"],
    "often": ["frequently", "typically"],
}
_WORD = re.compile(r"(?<![\w\-])([A-Za-z][a-z\-]+)(?![\w\-])")
# standalone numbers (not part of names such as ResNet-18 or GPT-4, not years)
_NUM = re.compile(r"(?<![\w.\-/$\\^_(])(\d{1,3}(?:\.\d+)?)(?![\w\-)])(?!\.\d)")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


def load_abstracts() -> list[str]:
    """The real abstracts, whitespace collapsed to one paragraph each."""
    with CSV.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    return [" ".join(r["abstract"].split()) for r in rows if r["abstract"].strip()]


def _nudge(m: re.Match, rnd: random.Random) -> str:
    s = m.group(1)
    if "." in s:
        places = len(s.split(".")[1])
        v = float(s) * rnd.uniform(0.93, 1.07)
        return f"{max(v, 10 ** -places):.{places}f}"
    v = int(s)
    if v <= 10:
        return s  # "1 step", "3 tasks": small counts stay
    return str(max(2, round(v * rnd.uniform(0.85, 1.15)) or v + 1))


def perturb(text: str, rnd: random.Random) -> str:
    """A light, realistic variation: 2-4 synonym swaps, one sentence or clause less, numbers nudged."""
    spots = [m for m in _WORD.finditer(text) if m.group(1) in SYNONYMS]
    for m in sorted(rnd.sample(spots, min(len(spots), rnd.randint(2, 4))), key=lambda m: -m.start()):
        text = text[:m.start()] + rnd.choice(SYNONYMS[m.group(1)]) + text[m.end():]
    sents = _SENT.split(text)
    if len(sents) >= 4 and rnd.random() < 0.6:
        del sents[rnd.randrange(1, len(sents) - 1)]  # a middle sentence (the claim and the result stay)
    else:
        i = rnd.randrange(len(sents))
        s = sents[i]
        cut = s.rfind(", ")
        if cut > 40 and s.endswith("."):
            sents[i] = s[:cut] + "."  # the sentence's trailing clause
    text = " ".join(sents)
    text = _NUM.sub(lambda m: _nudge(m, rnd) if rnd.random() < 0.5 else m.group(1), text)
    return text


def make_abstracts(n: int, seed: int = 2026) -> list[str]:
    """n distinct abstracts: the real ones first, then seeded perturbations of them."""
    base = load_abstracts()
    out: list[str] = []
    seen: set[str] = set()

    def key(t: str) -> str:
        return hashlib.sha1(" ".join(t.casefold().split()).encode()).hexdigest()

    for i in range(n):
        row, copy = i % len(base), i // len(base)
        text = base[row]
        if copy:
            rnd = random.Random(f"{seed}:{copy}:{row}")
            text = perturb(text, rnd)
            while key(text) in seen:  # a too-short abstract came out the same: perturb again
                text = perturb(text, rnd) if rnd.random() < 0.9 else text + " Code is available."
        seen.add(key(text))
        out.append(text)
    return out


def write_corpus(n: int, folder: Path, seed: int = 2026) -> int:
    """Seed-format files of PER_FILE abstracts each; returns the number of bytes written."""
    folder.mkdir(parents=True, exist_ok=True)
    abstracts = make_abstracts(n, seed)
    total = 0
    for k, start in enumerate(range(0, n, PER_FILE)):
        body = HEADERS[k % 2] + "\n\n" + "\n\n".join(abstracts[start:start + PER_FILE]) + "\n"
        data = body.encode("utf-8")
        (folder / f"{k:03d}_bench.txt").write_bytes(data)
        total += len(data)
    return total


# --- one N, in its own process ---------------------------------------------------------------

def hand_written_pages() -> list[Path]:
    """Pages of docs/ that are not generated: what git tracks or would track (see .gitignore)."""
    docs = ROOT / "docs"
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "docs"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        return [ROOT / p for p in out if (ROOT / p).is_file()]
    except (OSError, subprocess.CalledProcessError):
        manifest = docs / ".generated.json"
        generated = set(json.loads(manifest.read_text("utf-8"))) if manifest.exists() else set()
        return [p for p in docs.rglob("*") if p.is_file() and not p.name.startswith(".")
                and p.relative_to(docs).as_posix() not in generated]


def make_project(work: Path) -> Path:
    """A throw-away project: the repo's mkdocs.yml and hand-written pages; code linked, not copied.
    Nothing hidden is linked: above all not the repo's build cache (.digest-cache), which would turn
    a full build from nothing into a build that finds much of its work done."""
    work.mkdir(parents=True, exist_ok=True)
    for entry in ROOT.iterdir():
        if entry.name in {"docs", "site", "abstracts", "benchmarks", "tests"} or entry.name.startswith("."):
            continue
        link = work / entry.name
        if entry.name == "mkdocs.yml":
            shutil.copyfile(entry, link)
        elif not link.exists():
            link.symlink_to(entry)
    for page in hand_written_pages():
        target = work / page.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(page, target)
    return work / "mkdocs.yml"


def dir_size(folder: Path) -> tuple[int, int]:
    total = files = 0
    for dirpath, _, names in os.walk(folder):
        for name in names:
            total += os.path.getsize(os.path.join(dirpath, name))
            files += 1
    return total, files


def child(n: int, work: Path, seed: int) -> dict:
    """Make the corpus, build it with the real pipeline, measure; returns the row as a dict."""
    t0 = time.perf_counter()
    corpus_bytes = write_corpus(n, work / "abstracts", seed)
    corpus_s = time.perf_counter() - t0
    config = make_project(work)
    os.chdir(work)
    sys.path.insert(0, str(ROOT))
    import generator.build as gb  # imported here: its import time is not the build's

    cpu: dict[str, float] = {}
    timed = gb.stage

    @contextlib.contextmanager
    def stage(name, timings):  # the build's own stage timer, plus CPU seconds (this process + workers)
        t = os.times()
        with timed(name, timings):
            yield
        u = os.times()
        cpu[name] = (u.user - t.user) + (u.system - t.system) + (u.children_user - t.children_user) \
            + (u.children_system - t.children_system)
        gb.log(f"[{cpu[name]:7.2f}s CPU] {name}")

    gb.stage = stage
    build = gb.build
    t0 = time.perf_counter()
    result = build([work / "abstracts"], config, work / "site")
    wall = time.perf_counter() - t0
    site = work / "site"
    size, nfiles = dir_size(site)
    pages = [os.path.getsize(p) for p in (site / "papers").glob("*/index.html")]
    return {
        "n": n, "papers": len(result.papers), "corpus_bytes": corpus_bytes, "corpus_s": corpus_s,
        "timings": dict(result.timings), "alongside": dict(result.alongside), "cpu_stages": cpu, "wall": wall,
        "site_bytes": size, "site_files": nfiles,
        "paper_pages": len(pages), "page_bytes": (sum(pages) / len(pages)) if pages else 0,
        "docs_bytes": dir_size(work / "docs")[0],
    }


# --- the driver -----------------------------------------------------------------------------

def _tree_rss(root_pid: int) -> int:
    """Resident bytes of a process and all its descendants (PSS where the kernel has it), from /proc."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        total += _pss(pid, rss.get(pid, 0))
        stack.extend(children.get(pid, []))
    return total


def _pss(pid: int, rss: int) -> int:
    """Proportional set size: a forked worker's pages shared with its parent count once, not twice."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            for line in f:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return rss


def run_one(n: int, work: Path, seed: int, quiet: bool) -> dict:
    out_file = work / "result.json"
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", str(n), "--work", str(work), "--seed", str(seed)]
    log = open(work.parent / f"build-{n}.log", "w") if quiet else None
    os.sync()  # (the corpus and earlier sizes' sites flushed first: their writeback would slow this build's writes)
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT if quiet else None)
    peak = 0
    stop = threading.Event()

    def sample():
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            stop.wait(0.25)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    load0 = os.getloadavg()[0]
    rc = proc.wait()
    process_wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    stop.set()
    sampler.join()
    if log:
        log.close()
    if rc != 0:
        if quiet:  # the end of the build's log, since the folder it is in may be removed
            tail = (work.parent / f"build-{n}.log").read_text("utf-8", errors="replace").splitlines()[-25:]
            print("\n".join(tail), file=sys.stderr)
        raise SystemExit(f"the build of N={n} failed (exit {rc})")
    row = json.loads(out_file.read_text("utf-8"))
    row["peak_rss"] = peak
    row["cpu"] = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)  # build + its workers
    row["load"] = [round(load0, 2), round(os.getloadavg()[0], 2)]  # 1-min load average, start and end
    row["process_wall"] = process_wall
    return row


# --- the reference: a bare MkDocs build of the same pages -------------------------------------

BARE_LIGHT = '{% extends "main.html" %}\n'  # (stock Material's page template for the pages that ask for light.html)


def bare_config(work: Path) -> Path:
    """A configuration for a stock `mkdocs build` of the docs/ a build generated: the project's
    mkdocs.yml without the digest's hook and Markdown extension, with MkDocs' default plugins (its
    search), not strict, and Material's own templates (the overrides' light page template replaced by
    Material's main.html); the same nav, out-of-nav pages, theme options and stylesheet: a site of
    these pages built by MkDocs and Material alone, in one process, the reference the generator's
    share of a build is weighed against (docs/performance.md)."""
    import yaml  # (MkDocs' own dependency)
    cfg = yaml.safe_load((work / "mkdocs.yml").read_text("utf-8"))
    for key in ("hooks", "plugins", "strict", "validation"):
        cfg.pop(key, None)
    cfg["markdown_extensions"] = [e for e in cfg.get("markdown_extensions", [])
                                  if not (isinstance(e, str) and e.startswith("generator."))]
    overrides = work / "bare-overrides"
    overrides.mkdir(exist_ok=True)
    (overrides / "light.html").write_text(BARE_LIGHT, "utf-8")
    cfg["theme"]["custom_dir"] = "bare-overrides"
    cfg["site_dir"] = "bare-site"
    path = work / "bare.yml"
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), "utf-8")
    return path


def run_bare(work: Path, quiet: bool) -> dict:
    """Wall and CPU seconds of a bare `mkdocs build` (bare_config) of work/docs/."""
    config = bare_config(work)
    log = open(work.parent / f"bare-{work.name}.log", "w") if quiet else None
    os.sync()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)], cwd=work,
                        stdout=log, stderr=subprocess.STDOUT if quiet else None).returncode
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if log:
        log.close()
    if rc != 0:
        raise SystemExit(f"the bare mkdocs build in {work} failed (exit {rc})")
    return {"wall": wall, "cpu": (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime),
            "site_bytes": dir_size(work / "bare-site")[0]}


def bare_lines(rows: list[dict]) -> list[str]:
    """One line per N that has a bare build: its times, and the generator's stages over it."""
    out = []
    for r in rows:
        b = r.get("bare")
        if not b:
            continue
        gen = sum(v for k, v in r["timings"].items() if k != MKDOCS_STAGE)
        gen_cpu = sum(v for k, v in (r.get("cpu_stages") or {}).items() if k != MKDOCS_STAGE)
        out.append(f"N={r['n']:,}: a bare `mkdocs build` of the same docs/ (stock MkDocs and Material, one process): "
                   f"{b['wall']:.1f} s wall, {b['cpu']:.1f} s CPU, site {b['site_bytes'] / 1e6:,.1f} MB; "
                   f"generator / bare build: {gen / b['wall']:.2f} in wall seconds, "
                   f"{gen_cpu / b['cpu']:.2f} in CPU seconds")
    return out


def table(rows: list[dict]) -> str:
    """The benchmark table as Markdown (it is also what docs/performance.md shows)."""
    head = ["N", *MAIN_STAGES, "other", "generator", MKDOCS_STAGE, "total", "gen/mkdocs",
            "CPU", "peak RSS", "site", "paper page"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for r in rows:
        t = r["timings"]
        gen = sum(v for k, v in t.items() if k != MKDOCS_STAGE)
        other = gen - sum(t.get(k, 0.0) for k in MAIN_STAGES)
        mk = t.get(MKDOCS_STAGE, 0.0)
        cells = [f"{r['n']:,}", *(f"{t.get(k, 0.0):.1f} s" for k in MAIN_STAGES), f"{other:.1f} s",
                 f"{gen:.1f} s", f"{mk:.1f} s", f"{r['wall']:.1f} s", f"{gen / mk:.2f}" if mk else "-",
                 f"{r.get('cpu', 0):.0f} s",
                 f"{r['peak_rss'] / 2**20:,.0f} MiB", f"{r['site_bytes'] / 1e6:,.1f} MB",
                 f"{r['page_bytes'] / 1e3:.1f} kB"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def cpu_table(rows: list[dict]) -> str:
    """CPU seconds per stage (build process + its workers): what the stages cost on an idle machine."""
    head = ["N", *MAIN_STAGES, "other", "generator", MKDOCS_STAGE, "total", "gen/mkdocs"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for r in rows:
        c = r.get("cpu_stages") or {}
        gen = sum(v for k, v in c.items() if k != MKDOCS_STAGE)
        other = gen - sum(c.get(k, 0.0) for k in MAIN_STAGES)
        mk = c.get(MKDOCS_STAGE, 0.0)
        cells = [f"{r['n']:,}", *(f"{c.get(k, 0.0):.1f} s" for k in MAIN_STAGES), f"{other:.1f} s",
                 f"{gen:.1f} s", f"{mk:.1f} s", f"{gen + mk:.1f} s", f"{gen / mk:.2f}" if mk else "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="2000,5000,20000", help="comma-separated corpus sizes (default 2000,5000,20000)")
    ap.add_argument("--seed", type=int, default=2026, help="perturbation seed (default 2026)")
    ap.add_argument("--keep", metavar="DIR", help="build in DIR/n<N>/ and keep it (default: a temporary folder, removed)")
    ap.add_argument("--json", metavar="FILE", help="also write the measurements as JSON")
    ap.add_argument("--verbose", action="store_true", help="show the build's own log instead of writing it to a file")
    ap.add_argument("--bare", action="store_true",
                    help="after each build, time a bare `mkdocs build` of the same docs/ (stock MkDocs and Material) for reference")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--work", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.child is not None:
        work = Path(args.work)
        row = child(args.child, work, args.seed)
        (work / "result.json").write_text(json.dumps(row), "utf-8")
        return 0

    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="pd-scale-"))
    base.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for n in sizes:
            work = base / f"n{n}"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir(parents=True)
            print(f"N={n:,}: building in {work} ...", file=sys.stderr, flush=True)
            os.sync()  # (earlier writes flushed first: they would slow this build's own)
            row = run_one(n, work, args.seed, quiet=not args.verbose)
            if args.bare:
                print(f"N={n:,}: a bare mkdocs build of the same docs/ ...", file=sys.stderr, flush=True)
                row["bare"] = run_bare(work, quiet=not args.verbose)
            rows.append(row)
            if args.json:  # after every N, so that a long run's finished sizes are kept
                Path(args.json).write_text(json.dumps(rows, indent=1) + "\n", "utf-8")
            print(f"N={n:,}: {row['wall']:.1f} s, {row['papers']:,} papers, peak RSS {row['peak_rss'] / 2**20:,.0f} MiB",
                  file=sys.stderr, flush=True)
            # (folders are deleted at the end, not here: the file system frees their blocks for
            # seconds after rmtree returns, which slowed the next size's writes by up to 5 s)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(table(rows))
    for r in rows:
        if r.get("alongside"):
            print(f"N={r['n']:,}: in a forked process beside the stages above (not in their wall times): "
                  + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(r["alongside"].items())))
    for line in bare_lines(rows):
        print(line)
    print("\nCPU seconds per stage (the build process and its workers):\n")
    print(cpu_table(rows))
    if len(rows) >= 2 and rows[0]["timings"].get("enrich") and rows[-1]["n"] > rows[0]["n"]:
        a, b = rows[0], rows[-1]
        import math
        growth = b["timings"]["enrich"] / a["timings"]["enrich"]
        nlogn = (b["n"] * math.log(b["n"])) / (a["n"] * math.log(a["n"]))
        print(f"\nenrich {a['n']:,} -> {b['n']:,}: x{growth:.2f} (n log n: x{nlogn:.2f}, n: x{b['n'] / a['n']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
