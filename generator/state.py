"""History: when each paper was first seen, kept in a small committed file beside the inputs.

`abstracts/.digest-state.json` (hidden, so readers skip it) records, for every paper id ever
built, the batch that added it and that batch's date.  A build that finds new ids opens a new
batch dated "today"; everything date-like on the site (first-seen dates, the What's new page,
Atom <updated>, sitemap lastmod) comes from this file, never from the clock, so the same inputs
and the same state give a byte-identical site on any machine.

"Today" is, in order: an explicit date (--date), SOURCE_DATE_EPOCH, the UTC wall clock.
The file lists one paper per line, sorted, so that it diffs and merges well in git.

It also names the batch that corpus statistics are fitted on (`fit_batch`, see
generator/enrich/__init__.py): papers of later batches are placed in that fit, so that a small batch
leaves every older paper's tags, sub-topic and name as they were; once the later papers outnumber
REFIT_SHARE of the fitted ones, the next build refits on all of them.
"""
from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

STATE_NAME = ".digest-state.json"
VERSION = 1
REFIT_SHARE = 0.1  # papers added since the fit, as a share of the fitted ones, that call for a refit


class StateError(Exception):
    pass


@dataclass(frozen=True)
class Batch:
    number: int
    date: str  # ISO date, YYYY-MM-DD
    added: int  # papers first seen in this batch


@dataclass
class State:
    batches: list[Batch] = field(default_factory=list)
    papers: dict[str, tuple[int, str]] = field(default_factory=dict)  # id -> (batch number, date)
    fit_batch: int = 0  # corpus statistics come from the papers of batches <= this one (0: none yet)

    @property
    def latest(self) -> Batch | None:
        return self.batches[-1] if self.batches else None

    def record(self, ids: list[str], today: str) -> list[str]:
        """Add the ids never seen before as one new batch dated `today`; returns them, sorted."""
        new = sorted({i for i in ids if i not in self.papers})
        if not new:
            return []
        number = (self.latest.number + 1) if self.latest else 1
        if self.latest and today < self.latest.date:
            today = self.latest.date  # a clock behind the last batch must not reorder history
        self.batches.append(Batch(number, today, len(new)))
        for i in new:
            self.papers[i] = (number, today)
        return new

    def fit_set(self, ids: list[str], refit: bool = False) -> set[str]:
        """The ids (of `ids`, the current papers, all recorded) that enrichment fits on; moves the fit
        to the latest batch when asked, when there is none, or when the papers added since it are
        more than REFIT_SHARE of the fitted ones (or all of them were removed)."""
        fitted = {i for i in ids if self.papers[i][0] <= self.fit_batch}
        if refit or not fitted or len(ids) - len(fitted) > REFIT_SHARE * len(fitted):
            self.fit_batch = self.latest.number if self.latest else 0
            fitted = set(ids)
        return fitted

    def dumps(self) -> str:
        lines = ['{', f' "version": {VERSION},', f' "fit_batch": {self.fit_batch},', ' "batches": [']
        lines += [f'  {json.dumps({"batch": b.number, "date": b.date, "added": b.added})}'
                  + ("," if k < len(self.batches) - 1 else "") for k, b in enumerate(self.batches)]
        lines += [' ],', ' "papers": {']
        ids = sorted(self.papers)
        lines += [f'  {json.dumps(i)}: {json.dumps(list(self.papers[i]))}' + ("," if k < len(ids) - 1 else "")
                  for k, i in enumerate(ids)]
        lines += [' }', '}']
        return "\n".join(lines) + "\n"


def state_path(inputs: list[Path], explicit: Path | None = None) -> Path:
    """The state file kept with the inputs: <first input folder>/.digest-state.json."""
    if explicit:
        return explicit
    first = inputs[0] if inputs else Path("abstracts")
    return (first if first.is_dir() else first.parent) / STATE_NAME


def load_state(path: Path) -> State:
    if path.exists() and not path.is_file():
        raise StateError(f"{path}: a folder, not a state file; give --state a file's name (or none)")
    if not path.is_file():
        return State()
    try:
        data = json.loads(path.read_text("utf-8"))
        if data.get("version") != VERSION:
            raise StateError(f"unsupported version {data.get('version')!r}")
        batches = [Batch(int(b["batch"]), _check_date(b["date"]), int(b["added"])) for b in data["batches"]]
        papers = {str(i): (int(v[0]), _check_date(v[1])) for i, v in data["papers"].items()}
        fit_batch = int(data.get("fit_batch", 0))
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, StateError) as exc:
        raise StateError(f"{path}: not a valid digest state file ({exc}); restore it from git, "
                         "or delete it to start the history afresh") from exc
    return State(batches, papers, fit_batch)


def save_state(path: Path, state: State) -> bool:
    """Write the state file if its bytes changed (atomically); returns whether it was written."""
    text = state.dumps()
    if path.is_file() and path.read_text("utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)
    return True


def today(explicit: str | None = None) -> str:
    """The build date: --date, else SOURCE_DATE_EPOCH, else the UTC clock (only new papers get it)."""
    if explicit:
        return _check_date(explicit)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc).date().isoformat()
    return dt.datetime.now(dt.timezone.utc).date().isoformat()


def date_epoch(date: str) -> int:
    """Seconds since the epoch at 00:00 UTC of an ISO date (for SOURCE_DATE_EPOCH)."""
    return int(dt.datetime.combine(dt.date.fromisoformat(date), dt.time(), dt.timezone.utc).timestamp())


def _check_date(value) -> str:
    try:
        return dt.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise StateError(f"{value!r} is not a date (YYYY-MM-DD)") from None
