"""Helpers every stage of the Invision reader shares: selector queries that survive a host's
bad override, text as a reader sees it, nicks, member ids and board dates.
"""

from __future__ import annotations

import html as htmllib
import re
from datetime import datetime, tzinfo
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.bodylines import LineMarkup, read_lines
from parser.dates import Now, get_tz, read_formatted_date
from parser.dialects import IPB2
from parser.html import parse_html
from parser.rawmarkup import caseless

DEFAULT_TZ = "Europe/Moscow"


_WS = re.compile(r"[ \t\r\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+")


BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "tr",
        "table",
        "tbody",
        "blockquote",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "hr",
        "dl",
        "dt",
        "dd",
    ]
)


SKIP_TAGS = frozenset(("script", "style", "noscript", "template", "-comment"))


def normalize_nick(nick: str) -> str:
    """Nick as compared everywhere: NBSP and runs of spaces become one space, trimmed."""
    return _WS.sub(" ", nick).strip()


def collapse_text(text: str) -> str:
    # every character of `_WS` but the zero-width space is whitespace to str.split
    return " ".join((text.replace("\u200b", " ") if "\u200b" in text else text).split())


def visible_text(node: LexborNode | None) -> str:
    """Text as a reader sees it: <br> and block elements break lines, spaces collapsed."""
    return "" if node is None else read_lines(node, SHOWN_LINES)


def select_first(node: LexborNode | None, selector: str) -> LexborNode | None:
    if node is None or not selector:
        return None
    try:
        return node.css_first(selector)
    except Exception:  # a bad host override must not kill the tick
        return None


def select_all(node: LexborNode | None, selector: str) -> list[LexborNode]:
    if node is None or not selector:
        return []
    try:
        return list(node.css(selector))
    except Exception:
        return []


def attr_of(node: LexborNode | None, name: str) -> str | None:
    if node is None:
        return None
    value = node.attributes.get(name)
    return value if value is None else str(value)


def fragment(html: str) -> LexborNode:
    """Parse a piece of HTML and return a wrapper element holding it."""
    tree = parse_html(f"<div data-mafiabot-root='1'>{html}</div>")
    # the wrapper is the body's first child: found without a selector query (one per post)
    root = tree.body.child if tree.body is not None else None
    if root is None or root.tag != "div" or "data-mafiabot-root" not in root.attributes:
        root = tree.css_first("div[data-mafiabot-root]")
    if root is None:  # pragma: no cover - lexbor always builds the wrapper
        root = LexborHTMLParser("<div></div>").css_first("div")
        assert root is not None
    return root


# Member ids in profile links, in any ASCII case (spelt out: see `caseless`).
MEMBER_ID = re.compile(
    "(?:"
    + caseless("showuser=", "/profile/", "/user/")
    + "|[?&;]"
    + caseless("mid=")
    + "|"
    + caseless("hovercard-id=")
    + "[\"']?|"
    + caseless("act=qms&")
    + "(?:"
    + caseless("amp;")
    + ")?"
    + caseless("mid=")
    + r")(\d+)"
)
# Every match of `MEMBER_ID` starts where one of these lies in the lowercased text.
_MEMBER_STARTS = (
    "showuser=", "/profile/", "/user/", "?mid=", "&mid=", ";mid=", "hovercard-id=", "act=qms&",
)  # fmt: skip


@lru_cache(maxsize=1024)
def member_id_in(address: str) -> int | None:
    """The member id an address names: `MEMBER_ID.search` of it unescaped, found where one of
    its literal openings lies (`str.find` is several times faster than a pattern tried at every
    position; an address that is not ASCII is searched by the pattern itself). Remembered: a
    topic's posts link their few authors' profiles over and over."""
    text = htmllib.unescape(address) if "&" in address else address
    if not text.isascii():
        m = MEMBER_ID.search(text)
        return int(m.group(1)) if m else None
    low = text.lower()
    found: re.Match[str] | None = None
    for start in _MEMBER_STARTS:
        i = low.find(start)
        while i >= 0 and (found is None or i < found.start()):
            m = MEMBER_ID.match(text, i)
            if m is not None:
                found = m
                break
            i = low.find(start, i + 1)
    return int(found.group(1)) if found is not None else None


def member_id_from(nodes: list[LexborNode]) -> int | None:
    for n in nodes:
        attrs = n.attributes  # a fresh dict per access: read it once
        for name in ("href", "hovercard-id", "data-hovercard-id"):
            value = attrs.get(name)
            if not value:
                continue
            if name != "href":
                if value.isdigit():
                    return int(value)
                continue
            found = member_id_in(value)
            if found is not None:
                return found
    return None


def as_tz(tz: tzinfo | str | None) -> tzinfo:
    return get_tz(tz if tz is not None else DEFAULT_TZ)


def parse_board_date(
    text: str,
    *,
    tz: tzinfo | str | None = None,
    now: Now = None,
    formats: tuple[str, ...] = IPB2.date_formats,
) -> datetime | None:
    """A board time as printed (or an ISO-8601 attribute) → aware datetime, or None.

    The reading is `parser.dates.read_formatted_date` (one date reader for every board) with
    the dialect's formats; «Сегодня»/«Вчера»/"Today"/"Yesterday" need `now`.
    """
    return read_formatted_date(text, formats, tz=as_tz(tz), now=now)[0]


def finish_text(parts: list[str]) -> str:
    """`visible_text`'s layout: lines stripped, at most one blank line, spaces collapsed."""
    text = "".join(parts)
    if "\u200b" in text:  # zero-width space: a space to a reader, not to str.split
        text = text.replace("\u200b", " ")
    if "\n" not in text:  # one line (a short post, a coloured nick): its words
        return " ".join(text.split())
    out: list[str] = []
    blank = 0
    for line in text.split("\n"):
        # str.split() also breaks at the C0/C1 separators and U+2028/9 a line never holds
        # as text; every other character of `_WS` is whitespace to it
        words = line.split()
        if words:
            if blank and out:
                out.append("")
            blank = 0
            out.append(" ".join(words))
        else:
            blank += 1
    return "\n".join(out)


# What a reader sees of a piece of a page: every element's words but a script's, a style's
# (`SKIP_TAGS`); a line begins where a `<br>` stands and where a block opens and closes.
SHOWN_LINES = LineMarkup(
    hidden_tags=SKIP_TAGS,
    hidden_classes={},
    break_open=BLOCK_TAGS | {"br"},
    break_close=BLOCK_TAGS,
    layout=finish_text,
)


_NOT_RE = re.compile(r":not\([^()]*\)")


_NEEDLE_RE = re.compile(
    r"[.#]([\w-]+)|\[\s*([\w-]+)\s*(?:[~|^$*]?=\s*(['\"]?)([^'\"\]]*)\3)?\s*(?:[iIsS]\s*)?\]"
)


_WORD_RE = re.compile(r"[\w-]+")


@lru_cache(maxsize=256)
def _needles(selector: str) -> tuple[tuple[str, ...], ...] | None:
    """For each comma-separated part of `selector`, the strings (lowercased) that must occur
    in markup the part can match: class names, ids, attribute names and plain attribute
    values. None when some part needs none (a bare tag): then only a query can tell."""
    if ("'" in selector or '"' in selector) and re.search(r"['\"][^'\"]*,[^'\"]*['\"]", selector):
        return None  # a comma inside a quoted value: not worth splitting by hand
    parts: list[tuple[str, ...]] = []
    for part in _NOT_RE.sub("", selector).split(","):
        tokens: list[str] = []
        for m in _NEEDLE_RE.finditer(part):
            if m.group(1):
                tokens.append(m.group(1).lower())
                continue
            tokens.append(m.group(2).lower())
            value = m.group(4)
            if value and _WORD_RE.fullmatch(value):
                tokens.append(value.lower())
        if not tokens:
            return None
        parts.append(tuple(sorted(tokens, key=len, reverse=True)))  # the rarest first
    return tuple(parts)


def may_match(low_html: str, selector: str) -> bool:
    """False only when no element of the (lowercased) markup can match `selector`."""
    if not selector:
        return False
    needles = _needles(selector)
    if needles is None:
        return True
    for part in needles:
        for token in part:
            if token not in low_html:
                break
        else:
            return True
    return False


def ids_of(root: LexborNode, selector: str) -> set[int]:
    return {n.mem_id for n in select_all(root, selector)}


def contains(outer: LexborNode, inner: LexborNode, within: LexborNode | None = None) -> bool:
    """Whether `outer` is an ancestor of `inner`; `within`, an ancestor of `outer`, ends the
    search there (no ancestor above it can be `outer`)."""
    target = outer.mem_id
    stop = within.mem_id if within is not None else None
    n = inner.parent
    while n is not None:
        mid = n.mem_id
        if mid == target:
            return True
        if mid == stop:
            return False
        n = n.parent
    return False


def first_member_id(el: LexborNode, selector: str) -> int | None:
    """`member_id_from(select_all(el, selector))` that usually stops at the first link: a post's
    first profile link is its author's."""
    first = select_first(el, selector)
    if first is None:
        return None
    found = member_id_from([first])
    return found if found is not None else member_id_from(select_all(el, selector))
