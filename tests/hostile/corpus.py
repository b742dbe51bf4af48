"""The hostile corpus: vectors.txt embedded in realistic abstracts, hostile headers and metadata.

`write_inputs(folder)` writes the abstract files a test site is built from; `fallback_enrich()`
stands in for generator.enrich while that stage is unfinished (it derives the title, teaser, name,
category, tags and results from the hostile text itself, so hostile text reaches every field).
"""
from __future__ import annotations

import csv
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
VECTORS = [line for line in (HERE / "vectors.txt").read_text("utf-8").splitlines()
           if line.strip() and not line.startswith("## ")]
HOSTILE_HEADER = '<img src=x onerror=alert(1)> "><script>alert(1)</script> NeurIPS 2026'
CSV_ROWS = [
    {"title": "<script>alert(1)</script> A title", "authors": "<img src=x onerror=alert(1)>; [x](javascript:alert(1))",
     "abstract": "We evaluate a metadata-borne attack where every field is hostile, and show that robust training "
                 "improves accuracy by 4% on three benchmarks.",
     "keywords": "<svg onload=alert(1)>, {{ 7*7 }}, [k](javascript:alert(1))",
     "primary_area": "<img src=x onerror=alert(1)> security & privacy",
     "openreview_url": "javascript:alert(1)"},
    {"title": "[t](javascript:alert(1)) Second title", "authors": "A. Author",
     "abstract": "A second paper with a hostile area and a URL that tries to break out of its attribute, which we "
                 "study on twelve tasks and improve by 2%.",
     "keywords": "graphs", "primary_area": "</title><script>alert(1)</script>",
     "openreview_url": 'https://example.com/"onmouseover="alert(1)'},
]


def sentence(n: int, vector: str) -> str:
    """Vector n inside an abstract-like paragraph; every other one at the very start (line-start tricks)."""
    body = (f"as a threat model for robust graph learning (case {n}), and we report a 3% gain on five benchmarks "
            "with a simple defence that keeps the text readable.")
    return f"{vector} We study this {body}" if n % 2 == 0 else f"We study {vector} {body}"


def write_inputs(folder: Path) -> dict[int, str]:
    """Write the hostile abstracts; returns {vector number: the paragraph as written}."""
    folder.mkdir(parents=True, exist_ok=True)
    paragraphs = {n: sentence(n, v.strip()) for n, v in enumerate(VECTORS)}
    half = len(VECTORS) // 2
    first = [p for n, p in paragraphs.items() if n < half]
    second = [p for n, p in paragraphs.items() if n >= half]
    (folder / "hostile.txt").write_text("ICLR 2026 Papers\n\n" + "\n\n".join(first) + "\n", "utf-8")
    (folder / "hostile header.txt").write_text(HOSTILE_HEADER + "\n\n" + "\n\n".join(second) + "\n", "utf-8")
    with open(folder / "hostile-meta.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(CSV_ROWS[0]))
        writer.writeheader()
        writer.writerows(CSV_ROWS)
    (folder / "hostile.jsonl").write_text(json.dumps({
        "title": "{% include '/etc/passwd' %}", "abstract": "A JSON record whose title tries a template include "
        "and whose text tries --8<-- \"/etc/passwd\" as a snippet, evaluated on four datasets with a 5% gain.",
        "keywords": ["--8<-- \"/etc/passwd\""], "area": "{{ config }}"}) + "\n", "utf-8")
    (folder / "hostile.rss").write_text(  # (a feed's description is HTML where a site puts it in CDATA)
        '<?xml version="1.0"?>\n<rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel>\n'
        "<title>{{ 7*7 }}</title>\n<item><title>&lt;script&gt;alert(1)&lt;/script&gt; Feed title</title>\n"
        "<link>javascript:alert(1)</link>\n<dc:creator>&lt;b&gt;Eve&lt;/b&gt;, {{ config }}, &lt;img src=x "
        "onerror=alert(1)&gt;</dc:creator>\n"  # (an author of a CSV row's too: "By the same authors" on both pages)
        "<description><![CDATA[<img src=x onerror=alert(1)> A feed item whose description holds HTML and "
        "<script>alert(2)</script>, tested on three datasets with a 4% gain.]]></description></item>\n"
        "</channel></rss>\n", "utf-8")
    (folder / "hostile.html").write_text(  # (a saved page: its text is data, its scripts and links are not followed)
        "<!DOCTYPE html>\n<html><head><title>{{ 7*7 }}</title><script>document.write('<p class=abstract>x</p>')"
        "</script></head>\n<body onload=alert(4)><div class='paper'><h2 class='title'><a href='javascript:alert(5)'>"
        "&lt;script&gt;alert(6)&lt;/script&gt; Page title</a></h2>\n<div class='authors'>{% raw %}Mallory, "
        "&lt;svg onload=alert(7)&gt;</div>\n<p class='abstract'><img src=x onerror=alert(8)>A saved page's abstract "
        "that says &lt;iframe src=javascript:alert(9)&gt; and --8&lt;-- \"/etc/passwd\", tested on two datasets with "
        "a 3% gain.<script>alert(10)</script></p></div></body></html>\n", "utf-8")
    return paragraphs


def fallback_enrich(simple: bool = False):
    """(EnrichConfig, enrich) stand-ins that copy hostile text into every derived field
    (`simple`: one fixed category and no tags, so that the nav does not change with the corpus)."""
    from dataclasses import dataclass

    from generator.slugs import slugify

    @dataclass
    class EnrichConfig:
        taxonomy_path: Path | None = None

    def enrich(papers, config=None, fit=None, cache=None, text_keys=None, one_core=None):  # (the real one's signature)
        if one_core is not None:
            one_core()  # (one process all along, as the real one without a fit's workers)
        for p in papers:
            words = p.plain_text.split()
            p.title = p.given_title or " ".join(words[:14])
            p.slug = (slugify(p.title, 50) or "paper") + "-" + p.id[:6]
            p.teaser = " ".join(words[:40])
            p.name = " ".join(words[:3])
            p.category = "General" if simple else (
                p.given_area or ("Robust learning" if int(p.id, 16) % 2 else p.plain_text[:40]))
            p.categories = [(p.category, 0.9)]
            p.category_terms = words[:3]
            p.subtopic = None
            p.tags = [] if simple else list(dict.fromkeys((p.keywords or []) + [" ".join(words[:2])]))[:4]
            p.entities = [] if simple else [w for w in words if re.search(r"[<>\[{]", w)][:2]
            p.results = [" ".join(words[:4])]
        return papers

    return EnrichConfig, enrich


def ensure_enrich(force: bool = False, simple: bool = False) -> bool:
    """Install the fallback into generator.enrich if the real stage is missing (or `force`); True if installed."""
    import generator.enrich as module
    if not force and hasattr(module, "enrich") and hasattr(module, "EnrichConfig"):
        return False
    module.EnrichConfig, module.enrich = fallback_enrich(simple)
    return True
