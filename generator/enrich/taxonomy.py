"""The category taxonomy: the 21 ICLR primary areas by default, or a user's JSON/YAML file.

File shape: {"name": ..., "areas": [{"name", "description", "keywords": [...]}, ...]}
(a bare list of areas is accepted too).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.model import Issue
from generator.slugs import category_slug


DATA = Path(__file__).resolve().parent.parent / "data"
DEFAULT_TAXONOMY = DATA / "iclr2026_areas.json"
OTHER_HINTS = ("other topics", "none of the above", "other", "others", "miscellaneous", "misc")
UNMATCHED = "Other"  # a user taxonomy's category for papers that match none of its areas, if it has no catch-all


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
    notes: tuple[str, ...] = ()  # what the file holds that is not read (a misspelt key?)

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.areas]

    @cached_property
    def _folded(self) -> dict[str, str]:
        return {a.name.casefold(): a.name for a in self.areas}

    def area_named(self, text: str) -> str | None:
        """The area a given name means, whatever its case and spacing ("  Generative Models "), or None."""
        return self._folded.get(" ".join(text.split()).casefold())

    @property
    def catch_all(self) -> str | None:
        """The area for papers that match no other ("Other topics"), if the taxonomy has one."""
        return next((a.name for a in self.areas if a.name.casefold() in OTHER_HINTS
                     or a.name.casefold().startswith("other ")), None)

    def issues(self, papers) -> list[Issue]:
        """What the build reports about the taxonomy: keys it did not read, and each paper whose given area
        (primary_area) it does not have (that paper is categorised from its words instead)."""
        out = [Issue("warning", str(self.path), 0, note) for note in self.notes]
        for p in papers:
            if p.given_area and self.area_named(p.given_area) is None:
                out.append(Issue("warning", p.sources[0].file, p.sources[0].line,
                                 f"area {p.given_area!r} is not one of {self.path.name}'s: the paper is "
                                 "categorised from its words"))
        return out


KEYS = {"name", "description", "keywords"}


class TaxonomyError(ValueError):
    """What is wrong with a taxonomy file, and where: the file (with line and column, for one that does
    not parse) and the message."""

    def __init__(self, where, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where, self.message = str(where), message


def load_taxonomy(path: Path | str | None = None) -> Taxonomy:
    """Read and validate a taxonomy file; errors name the file (its line and column, for a file that
    does not parse) and the offending entry.  Keys it does not know are listed in `notes`."""
    p = Path(path) if path else DEFAULT_TAXONOMY
    try:
        raw = p.read_text(encoding="utf-8-sig")  # (a byte-order mark, as editors on Windows save)
    except OSError as e:
        raise TaxonomyError(p, f"cannot read taxonomy file ({e.strerror})") from None
    except UnicodeDecodeError as e:
        raise TaxonomyError(p, f"not UTF-8 text (byte {e.start})") from None
    data = _parsed(p, raw)
    items = data.get("areas") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise TaxonomyError(p, "expected a non-empty list 'areas' of {name, description, keywords}")
    areas, notes, pages = [], [], {}
    for i, a in enumerate(items):
        if isinstance(a, (str, int, float)) and not isinstance(a, bool):
            a = {"name": a}
        name = a.get("name") if isinstance(a, dict) else None
        if not isinstance(name, (str, int, float)) or isinstance(name, bool) or not str(name).strip():
            raise TaxonomyError(p, f"areas[{i}] needs a 'name' (text)")
        name = " ".join(str(name).split())
        area = f"areas[{i}] ({name!r})"
        description = a.get("description")
        if description is not None and not isinstance(description, str):
            raise TaxonomyError(p, f"{area}: 'description' must be text, not {type(description).__name__}")
        kws = a.get("keywords")
        if isinstance(kws, str):
            kws = [k.strip() for k in kws.split(",")]
        if kws is not None and not (isinstance(kws, list) and all(isinstance(k, (str, int, float)) for k in kws)):
            raise TaxonomyError(p, f"{area}: 'keywords' must be a list of words or phrases, or one comma-separated text")
        if set(a) - KEYS:
            notes.append(f"{area}: key(s) {', '.join(sorted(map(str, set(a) - KEYS)))} not read "
                         f"(an area has {', '.join(sorted(KEYS))})")
        page = category_slug(name)
        if page in pages:
            raise TaxonomyError(p, f"areas {pages[page]!r} and {name!r} would share one page ({page}): "
                             "give them names that differ in more than case and punctuation")
        pages[page] = name
        keywords = tuple(str(k).strip() for k in kws or () if str(k).strip())
        areas.append(Area(name, (description or "").strip(), keywords))
    name = data.get("name", p.stem) if isinstance(data, dict) else p.stem
    return Taxonomy(str(name), tuple(areas), p, is_default=(p.resolve() == DEFAULT_TAXONOMY.resolve()), notes=tuple(notes))


def _parsed(p: Path, raw: str):
    """The file's data: YAML for .yml/.yaml, else JSON; a syntax error names its line and column."""
    if p.suffix.lower() in (".yml", ".yaml"):
        import yaml
        try:
            return yaml.safe_load(raw)
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            at = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
            raise TaxonomyError(f"{p}{at}", f"not valid YAML: {getattr(e, 'problem', None) or e}") from None
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise TaxonomyError(f"{p}:{e.lineno}:{e.colno}", f"not valid JSON: {e.msg}") from None
