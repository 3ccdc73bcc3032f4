"""Russian morphology, shared by the move reader, the vote reader and the newspaper.

One analyzer per process: pymorphy3 with the Russian dictionary that ships as a package
(``pymorphy3-dicts-ru``), so nothing is downloaded at run time. Loading it takes a few tenths
of a second and ~15 MB, so it is built lazily, on first use, and cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def analyzer() -> Any:
    """The process-wide ``pymorphy3.MorphAnalyzer`` (imported on first call)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=65536)
def lemmas(word: str) -> tuple[str, ...]:
    """Every dictionary normal form pymorphy3 offers for `word` (lower case), best first."""
    seen: dict[str, None] = {}
    for p in analyzer().parse(word.casefold()):
        seen.setdefault(p.normal_form.replace("ё", "е"), None)
    return tuple(seen)
