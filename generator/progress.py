"""Progress bars for the long per-paper loops (shown on a terminal only, on stderr)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")
MIN_ITEMS = 2_000  # below this a stage takes well under a second: no bar


def progress(items: Iterable[T], desc: str, total: int | None = None) -> Iterator[T]:
    """`items`, with a tqdm bar when stderr is a terminal and there are enough of them."""
    count = total if total is not None else (len(items) if hasattr(items, "__len__") else None)
    show = count is not None and count >= MIN_ITEMS
    return iter(tqdm(items, desc=desc, total=count, unit="paper", leave=False, disable=None if show else True))
