"""Helpers for the incremental/history/collections/serve tests: a throw-away project and, while
generator.enrich is unfinished, a tiny deterministic stand-in for it (the real one wins once it exists).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
import types
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
if not SEEDS.is_dir():
    SEEDS = ROOT / "abstracts"


AREAS = ["Optimization", "Theory", "Computer vision", "Robotics", "Audio and speech", "Neuroscience",
         "Fairness and safety", "Datasets and benchmarks", "Causality", "Interpretability", "Federated learning"]
TAGS = ["transformer", "benchmark", "robustness", "alignment", "agents", "retrieval", "video", "3d", "medical",
        "quantization", "pruning", "distillation", "privacy", "multimodal", "reasoning", "planning", "sparse",
        "kernel", "bayesian", "contrastive", "tokenizer", "protein", "molecule", "physics", "pde", "uncertainty",
        "calibration", "memory", "attention", "scaling", "compression", "segmentation", "detection", "speech",
        "music", "trajectory", "navigation", "manipulation", "simulation", "sampling", "mcmc", "variational",
        "adversarial", "watermark", "hallucination", "preference", "reward", "curriculum", "continual", "meta-learning"]


def _stub_enrich(papers, config=None):
    from generator.slugs import slugify
    vocab = {"diffusion": "Generative models", "reinforcement": "Reinforcement learning",
             "language": "Language models", "graph": "Graph learning"}
    for p in papers:
        words = p.plain_text.split()
        p.title = p.given_title or " ".join(words[:8]).rstrip(".,;:")
        p.slug = f"{slugify(p.title, 50) or 'paper'}-{p.id[:6]}"
        p.teaser = " ".join(words[:25])
        low = p.plain_text.lower()
        p.category = next((c for k, c in vocab.items() if k in low), None) or \
            AREAS[int(hashlib.sha1(p.id.encode()).hexdigest(), 16) % len(AREAS)]
        p.categories = [(p.category, 1.0)]
        p.tags = sorted({k for k in vocab if k in low} | {w for w in TAGS if f" {w} " in f" {low} "})[:5]
    ids = sorted(p.id for p in papers)
    from generator.model import Related
    for p in papers:  # a deterministic "related" ring, so that adding papers touches neighbours
        k = ids.index(p.id)
        p.related = [Related(ids[(k + 1) % len(ids)], 0.5, ["ring"])] if len(ids) > 1 else []
    return papers


def ensure_enrich() -> bool:
    """Install the stand-in if generator.enrich has no `enrich` yet; True when the stub is used."""
    import generator.enrich as en
    import generator.search as se
    if not hasattr(se, "search_files"):  # helper-2's module mid-change: use what it has
        se.search_files = getattr(se, "build_files", lambda papers: {})
    if hasattr(en, "enrich") and hasattr(en, "EnrichConfig"):
        return False

    @dataclass
    class EnrichConfig:
        taxonomy_path: Path | None = None

    en.enrich, en.EnrichConfig = _stub_enrich, EnrichConfig
    return True


def make_project(tmp: Path, seeds: bool = True) -> Path:
    """A project folder: mkdocs.yml, hand-written docs, links to the templates and the hook."""
    tmp.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", tmp / "mkdocs.yml")
    (tmp / "site_templates").symlink_to(ROOT / "site_templates")
    (tmp / "generator").symlink_to(ROOT / "generator")
    (tmp / "docs").mkdir()
    for name in ("about.md", "data-format.md", "search.md", "performance.md"):
        if (ROOT / "docs" / name).is_file():
            shutil.copy(ROOT / "docs" / name, tmp / "docs" / name)
    if not (tmp / "docs" / "search.md").exists():  # helper-2's page, until it lands
        (tmp / "docs" / "search.md").write_text("# Search\n", "utf-8")
    (tmp / "abstracts").mkdir()
    if seeds:
        for f in sorted(SEEDS.glob("*.txt")):
            shutil.copy(f, tmp / "abstracts" / f.name)
    return tmp


def synth_file(path: Path, header: str, n: int, salt: str) -> Path:
    """A text abstract file of n distinct synthetic abstracts (ids differ by `salt`)."""
    paras = []
    for k in range(n):
        h = hashlib.sha1(f"{salt}-{k}".encode()).hexdigest()[:10]
        paras.append(f"We study diffusion models for problem {h} and propose a method that improves "
                     f"sample quality on benchmark {h.upper()} by a wide margin, with code released.")
    path.write_text(header + "\n\n" + "\n\n".join(paras) + "\n", "utf-8")
    return path


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def tree_mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in sorted(root.rglob("*")) if p.is_file()}
