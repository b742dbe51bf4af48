"""Papers straight from an ICLR-style CSV (openreview_url,title,abstract,keywords,primary_area).

Used by the category trainer, the quality benchmark and the tests; the site itself reads
inputs through generator.readers / generator.normalize.  Cleanup here is deliberately simple.
"""
from __future__ import annotations

import csv
import hashlib
import re
from pathlib import Path

from generator.model import Paper

DEV_CSV = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "iclr2026_dev.csv"

_TEX_STYLE = re.compile(r"\\text(?:bf|it|sc|tt)\{([^{}]*)\}|\\emph\{([^{}]*)\}")


def to_markdown(text: str) -> str:
    r"""\textbf{X} -> **X**, \textit{X}/\emph{X} -> *X*, un-double escaped backslashes."""
    text = text.replace("\\\\", "\\")
    for _ in range(2):  # nested commands
        text = re.sub(r"\\textbf\{([^{}]*)\}", r"**\1**", text)
        text = re.sub(r"\\(?:textit|emph)\{([^{}]*)\}", r"*\1*", text)
        text = re.sub(r"\\text(?:sc|tt|rm)\{([^{}]*)\}", r"\1", text)
    return text.strip()


def to_plain(md: str) -> str:
    """Markup-free text: drop emphasis markers, $ and TeX commands, collapse spaces."""
    text = re.sub(r"\*{1,2}([^*]+?)\*{1,2}", r"\1", md)
    text = re.sub(r"\\[a-zA-Z]+\s?", "", text).replace("$", "").replace("{", "").replace("}", "")
    text = text.replace("\\%", "%").replace("\\", "")
    return re.sub(r"\s+", " ", text).strip()


def paper_from_text(abstract: str, **given) -> Paper:
    """A Paper as normalize would make it, from one raw abstract."""
    md = to_markdown(abstract)
    pid = hashlib.sha1(" ".join(md.split()).encode()).hexdigest()[:12]
    return Paper(id=pid, slug=pid, collection=given.pop("collection", "ICLR 2026"),
                 abstract_raw=abstract, abstract_md=md, abstract_html="",
                 plain_text=to_plain(md), **given)


def read_csv(path: Path | str = DEV_CSV, hide_titles: bool = False) -> list[Paper]:
    """All rows of the CSV as Papers; given_area always set, given_title unless hidden."""
    papers = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            kws = [k.strip() for k in (row.get("keywords") or "").split(",") if k.strip()]
            papers.append(paper_from_text(
                row["abstract"], given_title=None if hide_titles else row.get("title") or None,
                url=row.get("openreview_url") or None, keywords=kws,
                given_area=row.get("primary_area") or None))
    return papers


def read_seeds(folder: Path | str) -> list[Paper]:
    """Seed files: a header line, then one abstract per blank-line separated paragraph."""
    papers = []
    for f in sorted(Path(folder).glob("*.txt")):
        header, _, body = f.read_text(encoding="utf-8").partition("\n")
        for para in re.split(r"\n\s*\n", body):
            if para.strip():
                papers.append(paper_from_text(" ".join(para.split()), collection=header.strip()))
    return papers
