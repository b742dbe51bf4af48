"""Papers from an ICLR-style CSV (openreview_url,title,abstract,keywords,primary_area) or a folder of seed
files, read exactly as the site reads them (generator.readers, then generator.normalize), so that the
category trainer, the benchmarks and the tests see the text the extractors get in a build.
"""
from __future__ import annotations

from pathlib import Path

from generator.model import Paper, RawRecord, Source
from generator.normalize import normalize, normalize_record
from generator.readers import read_inputs

DEV_CSV = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "iclr2026_dev.csv"


def paper_from_text(abstract: str, **given) -> Paper:
    """A Paper as normalize makes it from one raw abstract; `given`: fields a reader would fill in
    (given_title, keywords, given_area...) and the collection (default "ICLR 2026")."""
    paper = normalize_record(RawRecord(abstract, Source("<text>", 1), given.pop("collection", "ICLR 2026")))
    for name, value in given.items():
        setattr(paper, name, value)
    return paper


def _read(path: Path | str) -> list[Paper]:
    """Every abstract under path as a build reads it; an input the build would report is an error here."""
    result = read_inputs([Path(path)])
    problems = [i for i in result.issues if i.level == "error"] + result.excluded
    if problems:
        raise ValueError("; ".join(map(str, problems[:5])))
    return normalize(result.records)


def read_csv(path: Path | str = DEV_CSV, hide_titles: bool = False) -> list[Paper]:
    """All rows of the CSV as Papers, in file order, collection "ICLR 2026"; given_area always set,
    given_title unless hidden."""
    papers = _read(path)
    for p in papers:
        p.collection = "ICLR 2026"
        if hide_titles:
            p.given_title = None
    return papers


def read_seeds(folder: Path | str) -> list[Paper]:
    """Seed files: a header line, then one abstract per blank-line separated paragraph."""
    return _read(folder)
