"""The allocator and the collector for a long read (many pages in a row): `parse posts` over
many files, and the daemon's first read of a long topic; the allocator also for every Invision
page after a process's first.

Each page allocates and frees the same few hundred kilobytes (its bytes, its text, lexbor's
document); by default glibc gives the free top of its heap back to the system once it passes
128 KB and maps large blocks afresh each time, so the next page faults the same memory in
again: ~25 page faults a page, a tenth of a long read's CPU time. And every full pass of the
collector walks every object the imports made (a fifth of its passes over a long read), and
its youngest generation is passed over every 700 objects made (a first poll of 20,000 posts:
~190 passes, ~0.06 s).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# glibc's mallopt parameters (malloc.h)
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3
#: From about this many pages on, keeping freed memory saves more than loading ctypes costs
#: (~1.5 ms; each page saves ~0.07 ms).
MANY_PAGES = 16
#: Invision pages (IPB 1.x to IPS 5) are two to four times a phpBB page's markup and faulted
#: in again page after page in a process that does anything between them (`parse posts` over
#: IPS 4.1 pages of 25 posts: ~300 page faults and ~1 ms a page more): freed memory is kept
#: from the second such page a process reads (a process reading one, `run --once`, never
#: loads ctypes for it).
INVISION_PAGES = 2
#: In a long read the collector's youngest generation is passed over once this many more
#: objects were made than freed (Python's default is 700): a first poll of 20,000 posts makes
#: ~5 such passes instead of ~190 and their older generations' (0.06 s → 0.01 s). Cycles left
#: behind wait a little longer: at most this many young objects.
LONG_READ_YOUNG = 10_000

_kept = False
_invision_pages = 0


def keep_freed_memory() -> None:
    """Ask glibc's malloc (once a process) to keep 4 MB at the top of its heap and to take
    blocks up to 4 MB (Invision pages, larger, need that much) from the heap: the process
    stays a few megabytes larger and the next page reuses the memory the last one freed.
    Elsewhere (musl, macOS, Windows) nothing changes."""
    global _kept
    if _kept:
        return
    _kept = True
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
        mallopt(_M_TOP_PAD, 1 << 22)
        mallopt(_M_MMAP_THRESHOLD, 1 << 22)
    except (ImportError, OSError, AttributeError, TypeError):
        return


def collect_after_read() -> None:
    """At a long read's end, a full pass of the collector: besides the cycles the read left
    (usually none), it empties the interpreter's free lists (tuples, floats, lists, dicts
    kept for reuse), which a read of thousands of posts filled; their memory then serves
    what the tick does next — a first poll's letters, whose readers and replies are loaded
    once a process — instead of memory on top of the read's. A first poll of 20,000 posts
    with five letters: peak RSS −0.3–0.5 MB, ~10 ms of CPU. glibc's `malloc_trim` there
    (the heap's free memory given back to the system) lowers the current RSS by 1.7 MB but
    not the peak: the letters fault it in again (bench/README.md, "a fifteenth look")."""
    gc.collect()


def invision_page() -> None:
    """Note an Invision page about to be read: from the `INVISION_PAGES`-th of the process on,
    freed memory is kept (`keep_freed_memory`)."""
    global _invision_pages
    _invision_pages += 1
    if _invision_pages >= INVISION_PAGES:
        keep_freed_memory()


@contextmanager
def frozen() -> Iterator[None]:
    """What is alive now kept out of the collector's passes for the length of the block
    (nothing is lost: it goes back to the collector when the block ends), and its youngest
    generation passed over less often (`LONG_READ_YOUNG`; the thresholds as they were after
    it). Nested blocks leave both to the outermost. In a `mafiabot` process the start has
    frozen what its command loaded for good (`mafiabot.cli._command`), so the block leaves
    the collector as it is there (a first poll of 20,000 posts: ~370 passes of the youngest
    generation, ~0.1 s); raising the threshold there anyway cut those to ~220 for ~0.03 s of
    CPU and added 0.2–0.5 MB to the peak RSS, a first poll with letters over 90 MB:
    measured, not done (bench/README.md, "a thirteenth look")."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], LONG_READ_YOUNG), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
