"""Small selectolax helpers shared by the board dialects.

Text conventions (all parsers, all boards): a node's visible text is its text nodes joined by
one space with whitespace runs (incl. NBSP) collapsed — so ``Голосую за <b>Шерлок</b>.`` reads
``Голосую за Шерлок .``; scripts, styles and image alts are not text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = [
    "CLOSE",
    "COMMENT",
    "OPEN",
    "TEXT",
    "cap_depth",
    "collapse",
    "cut_short",
    "first_int",
    "iter_ancestors",
    "node_text",
    "parse_html",
    "parse_utf8",
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

# How deep elements may nest in what lexbor is given. lexbor checks the open elements on every
# block element it opens, so a tree's cost grows with the square of its depth (16,000 nested
# quotes took seconds); markup nested deeper than this is read as if the elements beyond the
# limit were not there (their text stays, inside the deepest element kept). No post a board
# accepts comes near it: phpBB refuses more than 3 levels of quotes by default, and a post at
# its 60,000-character limit, all `[quote]`s, nests 4,000 quotes of two elements each.
MAX_DEPTH = 8192


def parse_html(html: str | bytes) -> LexborHTMLParser:
    """Parse a page (or a slice of one) with lexbor, nested at most `MAX_DEPTH` deep.

    DOM mutation events are switched off: they only mirror <select> state into
    <selectedcontent>, which no board page needs, and cost ~15% of the parse. selectolax
    before 1.0 has no such option and parses as usual."""
    # only markup with that many tags (each three characters at least) can nest so deep
    if len(html) > 3 * MAX_DEPTH and _tags(html) > MAX_DEPTH:
        html = cap_depth(html, MAX_DEPTH)
    return _lexbor(html)


def parse_utf8(data: bytes, text: Callable[[], str]) -> LexborHTMLParser:
    """`parse_html(text())`, where `data` is that text as selectolax would hand it to lexbor
    (UTF-8, lone surrogates left out: `str.encode("utf-8", "ignore")`): lexbor parses the
    same bytes, and the text is not encoded again. A caller that builds the text from parts
    can encode them one by one, where a part without a character beyond ASCII (most of a
    page's markup) is copied rather than encoded. Markup with more than `MAX_DEPTH` tags is
    parsed from `text()` instead, capped as `parse_html` caps it."""
    # a tag's `<` is the byte 0x3C in UTF-8 and in no other character's encoding, so the count
    # is the text's; and a tag's three characters or more are as many bytes, so bytes too few
    # for more than `MAX_DEPTH` tags are a text that `parse_html` gives lexbor as it is
    if len(data) > 3 * MAX_DEPTH and data.count(b"<") > MAX_DEPTH:
        return parse_html(text())
    return _lexbor(data)


def _lexbor(html: str | bytes) -> LexborHTMLParser:
    global _fast
    if _fast:
        try:
            return LexborHTMLParser(html, options=1)
        except TypeError:
            _fast = False
    return LexborHTMLParser(html)


def _tags(html: str | bytes) -> int:
    return html.count(b"<") if isinstance(html, bytes) else html.count("<")


# A tag as the depth cap reads it: a comment or declaration (skipped), an end tag, or a start tag
# (its name, and whether it closes itself).
_TAG = re.compile(r"<(?:!--.*?-->|!|\?|(/?)([a-zA-Z][^\s/>]*)[^>]*?(/?)>)", re.S)
_VOID = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param")
)  # fmt: skip
_RAW_TEXT = frozenset(
    ("script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext")
)
# Elements a sibling of the same kind closes (<li>a<li>b: two items, not one inside the other).
_SELF_SIBLING = frozenset(("p", "li", "dt", "dd", "option", "tr", "td", "th"))


def cap_depth(html: str | bytes, limit: int) -> str | bytes:
    """`html` without the tags of elements nested deeper than `limit` (their text kept), in
    one pass over its tags; markup that never nests that deep comes back unchanged."""
    text = html.decode("utf-8", "surrogateescape") if isinstance(html, bytes) else html
    cut = _too_deep(text, limit)
    if not cut:
        return html
    parts: list[str] = []
    last = 0
    for start, end in cut:
        parts.append(text[last:start])
        last = end
    parts.append(text[last:])
    out = "".join(parts)
    return out.encode("utf-8", "surrogateescape") if isinstance(html, bytes) else out


class _Nesting:
    """The elements open at a point of the markup, as the depth cap follows them."""

    __slots__ = ("count", "stack")

    def __init__(self) -> None:
        self.stack: list[tuple[str, bool]] = []  # open elements: name, kept
        self.count: dict[str, int] = {}

    def open(self, name: str, limit: int) -> bool:
        """A start tag: whether it is kept (its element is no deeper than `limit`)."""
        if name in _SELF_SIBLING and self.stack and self.stack[-1][0] == name:
            self.stack.pop()
            self.count[name] -= 1
        kept = len(self.stack) < limit
        self.stack.append((name, kept))
        self.count[name] = self.count.get(name, 0) + 1
        return kept

    def close(self, name: str) -> bool:
        """An end tag: it closes the nearest open element of its name (and those inside it);
        whether it is kept (a stray one is, lexbor ignores it)."""
        if not self.count.get(name):
            return True
        while self.stack:
            top, kept = self.stack.pop()
            self.count[top] -= 1
            if top == name:
                return kept
        return True


def _too_deep(text: str, limit: int) -> list[tuple[int, int]]:
    """The spans of the tags of elements nested deeper than `limit`."""
    nesting = _Nesting()
    cut: list[tuple[int, int]] = []
    pos = 0
    while (m := _TAG.search(text, pos)) is not None:
        pos = m.end()
        name = (m.group(2) or "").lower()
        if not name or name in _VOID or m.group(3):
            continue  # a comment, a declaration, a stray "<", an element without content
        if m.group(1):
            kept = nesting.close(name)
        elif name in _RAW_TEXT:  # its text holds no tags: go to its end tag
            close = text.find("</" + name, pos)
            pos = close if close >= 0 else len(text)
            continue
        else:
            kept = nesting.open(name, limit)
        if not kept:
            cut.append(m.span())
    return cut


CUT_SHORT = "page cut short (no closing </html>): what followed the cut is missing"


def cut_short(html: str | bytes) -> bool:
    """True for a page that opens an HTML document but never closes it: the transfer (or the
    saved file) stopped early, so posts, rows or the end of a message may be missing.

    Every board page ends with ``</html>`` (phpBB, IPB 1.3 to IPS 5; scripts and comments
    may follow it). A fragment without ``<html`` makes no such promise and is not judged."""
    # the usual spellings first: lowering 12 KB of a Russian page costs more than the search,
    # which runs from the end, where the closing tag is (a forward search spends ~10 µs on
    # the 8 KB before it)
    if isinstance(html, bytes):
        head, tail = html[:4096], html[-8192:]
        if tail.rfind(b"</html") >= 0 or tail.rfind(b"</HTML") >= 0:
            return False
        return b"<html" in head.lower() and b"</html" not in tail.lower()
    head_s, tail_s = html[:4096], html[-8192:]
    if tail_s.rfind("</html") >= 0 or tail_s.rfind("</HTML") >= 0:
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
