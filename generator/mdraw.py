"""Markdown extension: regions of finished HTML passed through without being parsed.

The generator writes each page body as HTML it has already escaped (see render.py).  Python-Markdown
would still run every raw HTML block through its HTML parser twice (its own `html_block`
preprocessor, and MkDocs' scan for anchor ids): at 20,000 pages, more than half of MkDocs' time.
Lines between a line `<!--raw-->` and a line `<!--/raw-->` are stashed whole instead, and come out
byte for byte; the marker lines themselves are dropped.  An abstract cannot close a region early:
its text reaches the page escaped, so `<!--/raw-->` in it reads `&lt;!--/raw--&gt;`.

Ids inside a region are not registered with MkDocs' anchor validation, so regions hold no link
targets (headings that pages link to stay Markdown).  Enabled in mkdocs.yml as `generator.mdraw`.
"""
from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

OPEN, CLOSE = "<!--raw-->", "<!--/raw-->"


class RawRegions(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        if OPEN not in lines:
            return lines
        out: list[str] = []
        region: list[str] | None = None
        for line in lines:
            if region is None:
                if line == OPEN:
                    region = []
                else:
                    out.append(line)
            elif line == CLOSE:
                out += ["", self.md.htmlStash.store("\n".join(region)), ""]
                region = None
            else:
                region.append(line)
        if region is not None:  # an unclosed region is not one: leave its lines to Markdown
            out += [OPEN] + region
        return out


class RawRegionExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # after whitespace normalisation (30, and pymdownx's 29.9), before every other preprocessor:
        # fenced code (25) need not scan the regions, nor MkDocs' id scan (21) and html_block (20)
        md.preprocessors.register(RawRegions(md), "digest_raw", 29)


def makeExtension(**kwargs) -> RawRegionExtension:  # noqa: N802 - Markdown's entry point name
    return RawRegionExtension(**kwargs)
