"""Read: the collection's name, from a file's header line or its file name ("ICLR 2026 论文列表" -> "ICLR 2026")."""
from __future__ import annotations

import re
import unicodedata

MAX_HEADER_CHARS = 150
_HEADER_NOISE = re.compile(
    r"\b(accepted|selected|all|list of|papers?|abstracts?|proceedings|submissions?)\b|论文列表|论文|列表|摘要",
    re.IGNORECASE,
)
VENUE_YEAR = re.compile(r"([A-Za-z][A-Za-z0-9&.\-]*)\)?[\s_\-']*((?:19|20)\d\d)(?!\d)")  # ("(ICLR) 2026" too)
_VENUE_SHORT_YEAR = re.compile(r"([A-Z][A-Za-z0-9&.\-]+)\)?\s*['’‘](\d\d)(?![\d'’])")  # ICLR '26, ICML’25
# venues as they spell themselves, for headers in other letter cases ("NEURIPS 2025", "iclr 2026 papers")
VENUES = {v.casefold(): v for v in (
    "AAAI", "ACL", "AISTATS", "CHI", "CIKM", "COLING", "COLM", "COLT", "CoRL", "CVPR", "EACL", "ECCV", "EMNLP", "ICASSP",
    "ICCV", "ICLR", "ICML", "ICRA", "IJCAI", "Interspeech", "IROS", "JMLR", "KDD", "LoG", "MICCAI", "MLSys", "NAACL",
    "NeurIPS", "RSS", "SIGIR", "TMLR", "UAI", "WACV", "WSDM", "WWW")}
_VENUE = re.compile(r"(?<![\w\-])[A-Z][A-Za-z&.\-]*[A-Z]\)?[\s_\-']*(?:19|20)\d\d(?!\d)")  # ICLR 2026, NeurIPS 2025


def collection_name(header: str, fallback: str = "") -> str:
    """Canonical collection from a header or file name: "ICLR 2026 论文列表" -> "ICLR 2026"; a known venue in its own
    spelling ("neurips 2025 papers" -> "NeurIPS 2025"), a year written "'26" as 2026."""
    for text in (header, fallback):
        text = unicodedata.normalize("NFKC", text or "")
        m = VENUE_YEAR.search(text) or _VENUE_SHORT_YEAR.search(text)
        if m:
            venue = m.group(1).strip(" -_'")
            venue = VENUES.get(venue.casefold(), venue.upper() if venue.islower() else venue)
            year = int(m.group(2))
            return f"{venue} {year if year > 99 else year + (2000 if year < 70 else 1900)}"
    cleaned = re.sub(r"\s+", " ", _HEADER_NOISE.sub(" ", header or "")).strip(" -:,")
    return cleaned or (fallback.replace("_", " ").strip() or "Papers")


def known_venue(text: str) -> str | None:
    """The collection a line names by a known venue and its year ("Under review as a conference paper at ICLR 2026",
    "Conference on Neural Information Processing Systems (NeurIPS 2025)"), or None."""
    for m in _VENUE.finditer(text):
        v = VENUE_YEAR.match(m.group())
        if v and v.group(1).strip(" -_'").casefold() in VENUES:
            return collection_name(m.group())
    return None


def looks_like_header(paragraph: str, one_line: bool = False) -> bool:
    """A header is one short line that does not read like a sentence of an abstract; or, where the paragraph is
    one line of the file, one that names a venue, its year and its papers ("ICLR 2026 accepted papers.",
    "... (ICLR) 2026 - full list of accepted papers")."""
    text = paragraph.strip()
    return 0 < len(text) <= MAX_HEADER_CHARS and "\n" not in text and (
        (not re.search(r"[.!?。]\s*$", text) and len(text.split()) <= 12)
        or one_line and bool(_VENUE.search(text) and _HEADER_NOISE.search(text)))
