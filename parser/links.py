"""Links to board posts in a post body (P-V.2 "quotes (or links to) an accepted vote").

One reader for every board: phpBB (``viewtopic.php?p=N#pN``, ``viewtopic.php?t=T&p=N``, a bare
``#pN`` anchor), IPB 1.3–3 (``showtopic=T&view=findpost&p=N``, ``act=findpost&pid=N``, IPB 3's
friendly ``/topic/T-title/page__view__findpost__p__N``) and Invision Community 4/5
(``?do=findComment&comment=N``), absolute or relative, with or without a session id. Which
link counts for a vote is the vote layer's business, not this module's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from selectolax.lexbor import LexborNode

from parser.html import CLOSE, OPEN, walk

__all__ = ["linked_post_ids", "post_id_from_href", "written_out_post_ids"]

_COMMENT = re.compile(r"[?&;]comment=(\d+)", re.I)
_PID = re.compile(r"[?&;]pid=(\d+)", re.I)
_P = re.compile(r"[?&;]p=(\d+)", re.I)
_FRIENDLY_P = re.compile(r"findpost__p__(\d+)", re.I)  # IPB 3 friendly URLs
_ANCHOR = re.compile(r"#p(\d+)$", re.I)


#: a board address written out in the text: a word naming one of the boards' post pages
_WRITTEN_OUT = re.compile(r"\S*(?:viewtopic|showtopic|findpost|findcomment)\S*", re.I)


def written_out_post_ids(text: str) -> tuple[int, ...]:
    """The board post ids of permalinks pasted as plain text (a board that does not turn an
    address into a link, or a post that keeps it as words): P-V.2's agreement reads them as
    it reads a link. Only addresses of a post page count, never a bare «#pN» in the words."""
    out: list[int] = []
    for m in _WRITTEN_OUT.finditer(text):
        pid = post_id_from_href(m.group(0).rstrip(".,;:!?)»\"'"))
        if pid is not None:
            out.append(pid)
    return tuple(out)


def post_id_from_href(href: str) -> int | None:
    """The board post id an href points at, or None when it is no link to a post."""
    low = href.lower()
    if "findcomment" in low:
        m = _COMMENT.search(href)
        return int(m.group(1)) if m else None
    if "findpost" in low:
        m = _PID.search(href) or _P.search(href) or _FRIENDLY_P.search(href)
        return int(m.group(1)) if m else None
    if "viewtopic" in low or "showtopic" in low:
        m = _P.search(href) or _ANCHOR.search(href)
        return int(m.group(1)) if m else None
    # a bare in-page anchor (phpBB renders its own post links as "#pN" on the same page)
    if href.startswith("#"):
        m = _ANCHOR.search(href)
        return int(m.group(1)) if m else None
    return None


def linked_post_ids(root: LexborNode, skip: Callable[[LexborNode], bool]) -> tuple[int, ...]:
    """Post ids of the links under `root`, in document order, leaving out every link that has
    an ancestor (below `root`) for which `skip` says yes (quotes, signatures, code).

    One iterative walk (`parser.html.walk`): `skip` is asked once per element, and nesting
    depth costs neither stack nor quadratic time."""
    found: list[int] = []
    skipped: list[bool] = []  # per open element: did it start a skipped region
    inside = 0
    for event, node in walk(root):
        if event == OPEN:
            if not inside and node.tag == "a":
                href = node.attributes.get("href")
                if href is not None:
                    pid = post_id_from_href(href.strip())
                    if pid is not None:
                        found.append(pid)
            starts = skip(node)
            skipped.append(starts)
            inside += starts
        elif event == CLOSE:
            inside -= skipped.pop()
    return tuple(found)
