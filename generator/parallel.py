"""Share a list of independent jobs between this process and forked workers, results in order."""
from __future__ import annotations

import os
from multiprocessing import get_all_start_methods, get_context


def cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on Linux)
        return os.cpu_count() or 1


def fork_map(fn, items: list, processes: int):
    """Yield fn(x) for each x of items, in order: the first of `processes` equal shares computed here
    while forked workers (which see this process's memory as it is at the first next()) do the others.

    This process works instead of waiting, and only the workers' results are pickled."""
    if processes < 2 or len(items) < 2 or "fork" not in get_all_start_methods():
        yield from map(fn, items)
        return
    mine = -(-len(items) // processes)
    with get_context("fork").Pool(processes - 1) as pool:
        later = pool.imap(fn, items[mine:], chunksize=-(-(len(items) - mine) // (processes - 1)))
        yield from map(fn, items[:mine])
        yield from later
