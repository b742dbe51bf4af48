"""The category taxonomy: the 21 ICLR primary areas by default, or a user's JSON/YAML file.

File shape: {"name": ..., "areas": [{"name", "description", "keywords": [...]}, ...]}
(a bare list of areas is accepted too).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


DATA = Path(__file__).resolve().parent.parent / "data"
DEFAULT_TAXONOMY = DATA / "iclr2026_areas.json"
OTHER_HINTS = ("other topics", "none of the above", "other")


@dataclass(frozen=True)
class Area:
    name: str
    description: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Taxonomy:
    name: str
    areas: tuple[Area, ...]
    path: Path
    is_default: bool = False

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.areas]


def load_taxonomy(path: Path | str | None = None) -> Taxonomy:
    """Read and validate a taxonomy file; errors name the file and the offending entry."""
    p = Path(path) if path else DEFAULT_TAXONOMY
    try:
        raw = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"{p}: cannot read taxonomy file ({e.strerror})") from None
    if p.suffix.lower() in (".yml", ".yaml"):
        import yaml
        data = yaml.safe_load(raw)
    else:
        data = json.loads(raw)
    items = data.get("areas") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise ValueError(f"{p}: expected a non-empty list 'areas' of {{name, description, keywords}}")
    areas = []
    for i, a in enumerate(items):
        if isinstance(a, str):
            a = {"name": a}
        if not isinstance(a, dict) or not str(a.get("name", "")).strip():
            raise ValueError(f"{p}: areas[{i}] needs a 'name'")
        kws = a.get("keywords") or []
        if isinstance(kws, str):
            kws = [k.strip() for k in kws.split(",")]
        areas.append(Area(str(a["name"]).strip(), str(a.get("description", "")),
                          tuple(str(k) for k in kws if str(k).strip())))
    if len({a.name for a in areas}) != len(areas):
        raise ValueError(f"{p}: duplicate area names")
    name = data.get("name", p.stem) if isinstance(data, dict) else p.stem
    return Taxonomy(name, tuple(areas), p, is_default=(p.resolve() == DEFAULT_TAXONOMY.resolve()))
