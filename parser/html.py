"""Small selectolax helpers shared by the board dialects.

Text conventions (all parsers, all boards): a node's visible text is its text nodes joined by
one space with whitespace runs (incl. NBSP) collapsed — so ``Голосую за <b>Шерлок</b>.`` reads
``Голосую за Шерлок .``; scripts, styles and image alts are not text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = [
    "CLOSE",
    "COMMENT",
    "OPEN",
    "TEXT",
    "collapse",
    "cut_short",
    "first_int",
    "iter_ancestors",
    "node_text",
    "parse_html",
    "query_int",
    "scan",
    "scan_all",
    "text_outside",
    "user_id_from_href",
    "walk",
]

_WS_RE = re.compile(r"\s+")
_INT_RE = re.compile(r"\d+")
_USER_RE = re.compile(r"[?&;](?:amp;)?u=(\d+)")


_fast = True  # LexborDocumentOptions.WO_EVENTS is available


def parse_html(html: str | bytes) -> LexborHTMLParser:
    """Parse a page (or a slice of one) with lexbor.

    DOM mutation events are switched off: they only mirror <select> state into
    <selectedcontent>, which no board page needs, and cost ~15% of the parse. selectolax
    before 1.0 has no such option and parses as usual."""
    global _fast
    if _fast:
        try:
            return LexborHTMLParser(html, options=1)
        except TypeError:
            _fast = False
    return LexborHTMLParser(html)


CUT_SHORT = "page cut short (no closing </html>): what followed the cut is missing"


def cut_short(html: str | bytes) -> bool:
    """True for a page that opens an HTML document but never closes it: the transfer (or the
    saved file) stopped early, so posts, rows or the end of a message may be missing.

    Every board page ends with ``</html>`` (phpBB, IPB 1.3 to IPS 5; scripts and comments
    may follow it). A fragment without ``<html`` makes no such promise and is not judged."""
    # the usual spellings first: lowering 12 KB of a Russian page costs more than the search
    if isinstance(html, bytes):
        head, tail = html[:4096], html[-8192:]
        if b"</html" in tail or b"</HTML" in tail:
            return False
        return b"<html" in head.lower() and b"</html" not in tail.lower()
    head_s, tail_s = html[:4096], html[-8192:]
    if "</html" in tail_s or "</HTML" in tail_s:
        return False
    return "<html" in head_s.lower() and "</html" not in tail_s.lower()


def collapse(text: str) -> str:
    """Collapse whitespace runs (NBSP included) to single spaces and trim."""
    return " ".join(text.split())


def node_text(node: LexborNode | None) -> str:
    """Visible text of a node, whitespace collapsed ("" for None)."""
    if node is None:
        return ""
    return " ".join(node.text(separator=" ").split())


def first_int(text: str | None) -> int | None:
    """The first run of digits in `text` as an int."""
    if not text:
        return None
    m = _INT_RE.search(text)
    return int(m.group()) if m else None


@lru_cache(maxsize=32)
def _param_re(name: str) -> re.Pattern[str]:
    return re.compile(r"(?:[?&;]|&amp;)" + re.escape(name) + r"=(\d+)")


def query_int(url: str | None, name: str) -> int | None:
    """Integer value of query parameter `name` in a (possibly relative) URL."""
    if not url:
        return None
    m = _param_re(name).search(url)
    return int(m.group(1)) if m else None


def scan(
    text: str, literal: str, pattern: re.Pattern[str], pos: int = 0, endpos: int | None = None
) -> re.Match[str] | None:
    """`pattern.search(text, pos)` for a pattern whose every match starts with `literal`
    (and, with `endpos`, whose literal lies before it).

    The same leftmost match, found at `str.find` speed: `re` looks for a pattern's literal
    prefix several times slower than `str.find` on text with non-Latin-1 characters (a Russian
    page), and not at all under IGNORECASE; a page is scanned this way a dozen times."""
    end = len(text) if endpos is None else endpos
    i = text.find(literal, pos, end)
    while i >= 0:
        m = pattern.match(text, i)
        if m is not None:
            return m
        i = text.find(literal, i + 1, end)
    return None


def scan_all(text: str, literal: str, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern whose every match starts with `literal` (and is
    never empty), found as `scan` finds one."""
    pos = 0
    while True:
        m = scan(text, literal, pattern, pos)
        if m is None:
            return
        yield m
        pos = m.end()


def user_id_from_href(href: str | None) -> int | None:
    """phpBB profile links carry the user id as ``u=<id>``."""
    if not href:
        return None
    m = _USER_RE.search(href)
    return int(m.group(1)) if m else None


# Events of `walk`.
OPEN, CLOSE, TEXT, COMMENT = 0, 1, 2, 3


def walk(root: LexborNode) -> Iterator[tuple[int, LexborNode]]:
    """The subtree below `root` as document-order events, without recursion.

    ``(OPEN, element)`` when an element starts, ``(CLOSE, element)`` when its subtree is done,
    ``(TEXT, text node)`` and ``(COMMENT, comment or other non-element node)``. `root` itself
    gives no event. Every node is visited once and an element's close costs O(1), so a
    reader built on this is linear in the size of the subtree however deep the nesting is (a
    post of a thousand nested tags must neither overflow the stack nor take quadratic time).
    """
    ids = [root.mem_id]
    opened = [root]
    nodes = root.traverse(include_text=True)
    next(nodes, None)  # the root itself
    for node in nodes:
        parent = node.parent
        pid = parent.mem_id if parent is not None else None
        while len(ids) > 1 and ids[-1] != pid:
            ids.pop()
            yield CLOSE, opened.pop()
        tag = node.tag or ""
        if tag == "-text":
            yield TEXT, node
        elif tag[:1] in ("-", "!"):
            yield COMMENT, node
        else:
            yield OPEN, node
            ids.append(node.mem_id)
            opened.append(node)
    while len(opened) > 1:
        ids.pop()
        yield CLOSE, opened.pop()


def iter_ancestors(node: LexborNode, stop: LexborNode | None = None) -> Iterator[LexborNode]:
    """Ancestors of `node` from the nearest up, stopping before `stop` (by identity)."""
    stop_id = stop.mem_id if stop is not None else None
    cur = node.parent
    while cur is not None and cur.mem_id != stop_id:
        yield cur
        cur = cur.parent


def text_outside(node: LexborNode, selector: str) -> str:
    """Visible text of `node` without the subtrees matching `selector` (works on a copy)."""
    copy = LexborHTMLParser(node.html or "")
    root = copy.body if copy.body is not None else copy.root
    if root is None:
        return ""
    for sub in root.css(selector):
        sub.decompose()
    return " ".join(_WS_RE.split(root.text(separator=" ").strip())).strip()
