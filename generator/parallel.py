"""Work shared between this process and forked workers: fork_map (a list of jobs, results in order)
and fork_call (one call in a child while this process does something else); leave and left (a forked
child's result handed over in a file, so that the child ends at once); old_objects_frozen
(keep what exists out of garbage collection while a stage runs); trim_memory (freed memory back to
the system)."""
from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import tempfile
import traceback
from contextlib import contextmanager
from multiprocessing import get_all_start_methods, get_context


def cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on Linux)
        return os.cpu_count() or 1


def trim_memory() -> None:
    """Give the pages Python has freed back to the system (glibc keeps them otherwise: a process then
    holds its peak to the end).  No garbage collection: in a forked child that would touch, and so
    copy, the parent's objects.  Nothing to do where libc is not glibc."""
    if sys.platform.startswith("linux"):
        import ctypes
        try:
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):  # (e.g. musl)
            pass


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


def fork_call(func, arg):
    """Run func(arg) in a forked child (it inherits everything, nothing is pickled on the way in);
    returns a function that waits for and returns its result.  None if fork is unavailable or
    only one core is usable.

    The child leaves its result in an unnamed temporary file and ends: through a pipe it would wait,
    with all its memory, until this process reads (at 20,000 papers the search index's child waited
    through the rest of render, on top of the build's peak: 1,309-1,450 MiB then, 1,103-1,107 now)."""
    if not hasattr(os, "fork") or cores() < 2:
        return None
    out = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:  # the child: compute, write, leave without running any of the parent's cleanup
        code = 0
        try:
            payload = ("ok", func(arg))
        except BaseException:  # noqa: BLE001 - re-raised in the parent
            payload, code = ("error", traceback.format_exc()), 1
        try:
            leave(payload, out)
        finally:
            os._exit(code)

    def result():
        os.waitpid(pid, 0)
        with out:
            status, value = left(out)
        if status != "ok":
            raise RuntimeError("a forked worker process failed:\n" + value)
        return value

    def cancel():
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        out.close()
    result.cancel, result.pid = cancel, pid
    return result


def leave(value, out) -> None:
    """In a forked child: leave `value` in `out`, an unnamed temporary file the parent opened before the
    fork, so that the child can end at once (through a pipe it would wait, with all its memory, for the
    parent to read)."""
    pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
    out.flush()


def left(out):
    """In the parent: the value a child left in `out` (see leave)."""
    out.seek(0)
    try:
        return pickle.load(out)
    except Exception:  # noqa: BLE001 - nothing, or half a value: the child died while writing
        raise RuntimeError("a forked worker process died before reporting") from None


YOUNG = 50_000  # allocations between young collections inside old_objects_frozen (Python's default: 700)
_freezing = False  # inside old_objects_frozen (gc.get_freeze_count would walk every frozen object: 24 ms at 20,000 papers)


def freeze_new() -> None:
    """Inside old_objects_frozen: freeze what exists now as well (what a stage leaves is long-lived too)."""
    if _freezing:
        gc.freeze()


@contextmanager
def old_objects_frozen():
    """Leave the objects that exist now (records, papers, memo tables) out of garbage collection while
    the block runs: the many small objects a stage makes set off full collections that would walk them
    all again and again, and in a forked worker copy every page they touch.  Young collections are
    made rarer too: at 20,000 papers an incremental build spent 0.7 s in 2,000 of them, 0.3 s in 100.
    (Left alone if someone else froze objects already.)"""
    global _freezing
    if _freezing or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    _freezing = True
    threshold = gc.get_threshold()
    gc.set_threshold(max(YOUNG, threshold[0]), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        _freezing = False
        gc.unfreeze()
