"""Struck-through words of a post's own text, and that text without them.

A host reads a struck word as taken back: «<s>Рома</s> Катя» names Катя alone. Coloured spans
already carry their own `struck` flag; plain struck words leave no trace in `Post.own_text`,
so they are found here, from the body markup the page readers keep (`Post.body_html`, the
same on every board). This runs only for the posts a reader asks about and only when the
markup holds a strike at all, so page parsing pays nothing for it.

Struck text inside a quote is someone else's words (and is not in the own text anyway), so
it is left alone: a quote is a `blockquote` (phpBB prosilver, IPS 4) or an element whose
class names a quote (phpBB subsilver2 `quotecontent`, IPB 2–3 `quotemain`/`quotetop`) or
whose id does (IPB 1.3's quote cell `td#QUOTE`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from selectolax.lexbor import LexborNode

from parser.html import collapse, parse_html

__all__ = ["struck_fragments", "without_struck"]

# any strike at all: the cheap test before a parse
_STRIKE_MARK_RE = re.compile(r"<(?:s|del|strike)[\s>]|line-through", re.IGNORECASE)
_LINE_THROUGH_RE = re.compile(r"text-decoration[^;]*line-through", re.IGNORECASE)
_STRUCK_SELECTOR = "s, del, strike, [style*='line-through' i]"
_STRIKE_TAGS = frozenset(("s", "del", "strike"))


def _is_struck(node: LexborNode) -> bool:
    if node.tag in _STRIKE_TAGS:
        return True
    return _LINE_THROUGH_RE.search(node.attributes.get("style") or "") is not None


def _outside_own_text(node: LexborNode) -> bool:
    """Inside a quote, or inside another struck element (whose text already covers it)."""
    n = node.parent
    while n is not None and n.tag not in ("body", "html"):
        if n.tag == "blockquote":
            return True
        attrs = n.attributes
        if (
            "quote" in (attrs.get("class") or "").lower()
            or "quote" in (attrs.get("id") or "").lower()
        ):
            return True
        if _is_struck(n):
            return True
        n = n.parent
    return False


@lru_cache(maxsize=256)
def struck_fragments(body_html: str) -> tuple[str, ...]:
    """The texts of the outermost struck elements outside quotes, in document order."""
    if not _STRIKE_MARK_RE.search(body_html):
        return ()
    body = parse_html(body_html).body
    if body is None:
        return ()
    out: list[str] = []
    for node in body.css(_STRUCK_SELECTOR):
        if not _is_struck(node) or _outside_own_text(node):
            continue
        text = collapse(node.text(separator=" "))
        if text:
            out.append(text)
    return tuple(out)


def _fragment_re(fragment: str) -> re.Pattern[str]:
    # the readers join a body's text nodes with or without a space («Ро<b>ма</b>» may read
    # «Ро ма» or «Рома»), so any spacing is allowed between the fragment's characters
    chars = "".join(fragment.split())
    return re.compile(r"(?<!\w)" + r"\s*".join(re.escape(c) for c in chars) + r"(?!\w)")


def without_struck(own_text: str, body_html: str) -> str:
    """`own_text` with the struck fragments of `body_html` cut out, each at its first
    occurrence after the previous one (they come in document order)."""
    fragments = struck_fragments(body_html)
    if not fragments:
        return own_text
    text, pos = own_text, 0
    for fragment in fragments:
        m = _fragment_re(fragment).search(text, pos)
        if m is None:
            continue  # e.g. struck text the reader does not show: nothing to cut
        text = text[: m.start()] + " " + text[m.end() :]
        pos = m.start()
    return collapse(text)
