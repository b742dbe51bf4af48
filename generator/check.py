"""`paper-digest check`: read and normalize the inputs, and report every problem without building.

The report is the one `build` prints before it builds: issues (grouped, each with file:line and what
will happen), near-duplicate abstracts, and the paragraph -> abstract -> paper accounting.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .model import Issue, Paper, ReadResult
from .normalize import accounting, near_duplicates, normalize
from .readers import read_inputs, summarize


@dataclass
class CheckResult:
    read: ReadResult
    papers: list[Paper] = field(default_factory=list)
    near: list[Issue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.read.errors and bool(self.read.records)

    def report(self) -> list[str]:
        lines = summarize(self.read.issues) + summarize(self.near) + accounting(self.read, self.papers, self.near)
        counts = {lvl: sum(1 for i in self.read.issues + self.near if i.level == lvl) for lvl in ("error", "warning")}
        if self.read.errors:
            lines.append(f"{counts['error']} error(s), {counts['warning']} warning(s): `paper-digest build` would stop "
                         "and leave the existing site unchanged; fix the files named above")
        elif not self.read.records:
            lines.append("no abstracts found: `paper-digest build` would stop")
        else:
            lines.append(f"ok: the inputs can be built ({counts['warning']} warning(s))")
        return lines


def check_inputs(inputs: list[Path], replace_invalid: bool = False, taxonomy: Path | None = None) -> CheckResult:
    """The build's report on the inputs, and on the `taxonomy` file (a user's, named in mkdocs.yml) they
    are categorised in: an error if it cannot be read, and the keys and given areas it does not have."""
    from .enrich.taxonomy import TaxonomyError, load_taxonomy
    read = read_inputs(inputs, replace_invalid=replace_invalid)
    papers = normalize(read.records, merged=read.issues)  # (merged duplicates are reported with what was read)
    if taxonomy is not None:
        try:
            read.issues.extend(load_taxonomy(taxonomy).issues(papers))
        except TaxonomyError as exc:
            read.issues.append(Issue("error", exc.where, 0, exc.message))
    return CheckResult(read, papers, near_duplicates(papers))
