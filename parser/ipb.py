"""Invision boards (IPB 1.3/2.x, IPB 3.x, IPS 4.x/5.x) → the shared records.

Every generation-specific detail comes from a `parser.dialects.Dialect`; this module holds the
reading logic: finding posts, reading nicks (NBSP normalised), member ids, times (relative
«Сегодня»/"Yesterday" resolved against an injected `now`), quotes (IPB 1.3's
`<!--QuoteBegin-…-->` comments with their split `postcolor` divs, IPB 2's `quoteo(…)`,
4PDA's `post-block quote`, IPB 3's `ipsBlockquote`, IPS 4's `ipsQuote` data attributes),
edit notes, coloured spans and pagination. Nothing here raises on odd markup: what cannot be
read becomes a `ParseIssue` beside the records.

Speed: a topic page is cut with `str.find` before lexbor sees it — IPB 1.x/2.x at its
`Begin Msg Number` comments (every post's body then parsed in one document, its header read
from the raw markup by `parser.rawmarkup` where that is plainly the board's own, else parsed
beside the body), IPS 4 by its dialect's `PageSlice` (posts and the chrome that is read, as two
trees); a page without the markers is parsed whole. A body without quotes is read from its
serialised markup (`_serial_read`) rather than by a walk over its nodes. Tests hold every
fast reading equal to the reference one (whole page, parsed header, node walk).
"""

from __future__ import annotations

import html as htmllib
import json
import re
from collections import deque
from dataclasses import dataclass, field, replace
from datetime import datetime, tzinfo
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.colors import canonical_color
from parser.dates import get_tz, read_formatted_date, strip_date_label
from parser.dialects import (
    IPB2,
    IPB2_4PDA,
    IPB3,
    IPS4,
    Dialect,
    PageSlice,
    dialect_by_name,
)
from parser.html import (
    CLOSE,
    COMMENT,
    CUT_SHORT,
    OPEN,
    TEXT,
    cut_short,
    parse_html,
    scan,
    scan_all,
    walk,
)
from parser.links import post_id_from_href
from parser.rawmarkup import caseless, in_comment, markup_ok, tag_attr, text_of
from parser.records import (
    ColoredSpan,
    EditNote,
    ParseIssue,
    PMFolder,
    PMSummary,
    Post,
    PrivateMessage,
    Quote,
    TopicPage,
)

__all__ = [
    "DEFAULT_TZ",
    "BodyParts",
    "HtmlForm",
    "PageTokens",
    "detect_ipb",
    "is_ipb_login",
    "normalize_nick",
    "page_logged_in",
    "page_tokens",
    "parse_board_date",
    "parse_forms",
    "parse_ipb_body",
    "parse_ipb_conversation",
    "parse_ipb_pm",
    "parse_ipb_pm_folder",
    "parse_ipb_topic",
    "resolve_dialect",
]

DEFAULT_TZ = "Europe/Moscow"

# ---------------------------------------------------------------------------------------------
# Detection


# Page-wide scans go through `scan` (str.find speed) from the literal each pattern starts
# with, or run only once a rarer word of the pattern is known to be on the page.
_COMMENT_CONTENT = re.compile(r"data-role=[\"']commentContent")
_POST_BLOCK = re.compile(r"class=[\"'][^\"']*\bpost_block\b")
_DATA_POST = re.compile(r"data-post=[\"']\d")
_NORMALNAME = re.compile(r"class=[\"']normalname")
_MSG_CODE = re.compile(r"act=Msg&(?:amp;)?CODE=")


def detect_ipb(html: str) -> Dialect | None:
    """The Invision dialect a page is written in, or None when it is not an Invision page.

    Signals are from STRUCTURE.md §0. The board's own markup decides, read from the top: the
    head's scripts (IPS 4's `ipsSettings`, IPB 3's `ipb.vars`), then the earliest post
    opening of any generation — everything after it is players' words, which may name any
    marker. A page without either (fragments, messenger and login pages) is judged by every
    signal anywhere (`_detect_anywhere`). Scans are `str.find`s bounded as they go: a Russian
    page is searched several times slower than a Latin one.
    """
    h = html[:400_000]
    body = h.find("<body")
    posts_from = 0  # where posts may open: below the head
    if body >= 0:
        posts_from = h.find(">", body) + 1 or body + 1  # the head and the <body> tag
        # IPS 4 names its page controller on the <body> tag itself
        if (
            h.find("ipsSettings", 0, body) >= 0
            or h.find("data-pagecontroller", body, posts_from) >= 0
        ):
            return IPS4
        if h.find("ipb.vars[", 0, body) >= 0:
            return IPB3
    first, found = -1, None
    for marker, dialect in _POST_OPENINGS:
        i = h.find(marker, posts_from, first + len(marker) if first >= 0 else len(h))
        if i >= 0 and (first < 0 or i < first):
            first, found = i, dialect
    if found is not None and _opens_post(h, first, found):
        return found
    return _detect_anywhere(h)


# Where each generation's first post opens (IPB 1.x/2.x, IPS 4, IPB 3, 4PDA), and the check
# that the earliest one found really is that markup (else every signal is weighed).
_POST_OPENINGS: tuple[tuple[str, Dialect], ...] = (
    ("<!--Begin Msg Number", IPB2),
    ("elComment_", IPS4),
    ("post_block", IPB3),
    ("data-post=", IPB2_4PDA),
)


def _opens_post(h: str, at: int, dialect: Dialect) -> bool:
    if dialect is IPB3:
        return _POST_BLOCK.search(h, max(0, at - 300), at + len("post_block")) is not None
    if dialect is IPB2_4PDA:
        return _DATA_POST.match(h, at) is not None and "post_body" in h
    return True


def _detect_anywhere(h: str) -> Dialect | None:
    """`detect_ipb` by every signal anywhere on the page, in the generations' order; 4PDA
    is checked before stock IPB 2 because its pages carry IPB 2's JavaScript variables over
    their own post markup. Works on fragments (no <head>)."""
    if (
        "data-pagecontroller" in h
        or "ipsSettings" in h
        or "elComment_" in h
        or "ipsEntry__" in h
        or "ipsQuote" in h
        or scan(h, "data-role=", _COMMENT_CONTENT)
    ):
        return IPS4
    if "ipb.vars[" in h or ("post_block" in h and _POST_BLOCK.search(h)) or "IP.Board 3" in h:
        return IPB3
    if ("post_body" in h and scan(h, "data-post=", _DATA_POST)) or "index.php?act=auth" in h:
        return IPB2_4PDA
    if (
        "<!--Begin Msg Number" in h
        or "<!-- THE POST" in h
        or "ipb_var_s" in h
        or "ipb_md5_check" in h
        or "Invision Power Board" in h
        or ("normalname" in h and _NORMALNAME.search(h))
        or scan(h, "act=Msg&", _MSG_CODE)
    ):
        return IPB2
    return None


def resolve_dialect(html: str, kind: str | Dialect = "auto") -> Dialect | None:
    """A dialect from `board.kind` ("auto", "ipb", a dialect name) or an explicit Dialect."""
    if isinstance(kind, Dialect):
        return kind
    k = kind.strip().lower()
    if k in ("auto", "ipb", "invision", "ips"):
        return detect_ipb(html)
    return dialect_by_name(k)


# ---------------------------------------------------------------------------------------------
# Small text helpers

_WS = re.compile(r"[ \t\r\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
_BLOCK_TAGS = frozenset(
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
_SKIP_TAGS = frozenset(("script", "style", "noscript", "template", "-comment"))


def normalize_nick(nick: str) -> str:
    """Nick as compared everywhere: NBSP and runs of spaces become one space, trimmed."""
    return _WS.sub(" ", nick).strip()


def _collapse(text: str) -> str:
    # every character of `_WS` but the zero-width space is whitespace to str.split
    return " ".join((text.replace("\u200b", " ") if "\u200b" in text else text).split())


def _visible_text(node: LexborNode | None) -> str:
    """Text as a reader sees it: <br> and block elements break lines, spaces collapsed."""
    if node is None:
        return ""
    parts: list[str] = []
    skip = 0  # open script/style/… elements: their text is not shown
    for event, n in walk(node):
        if event == TEXT:
            if not skip:
                parts.append(n.text_content or "")
        elif event == OPEN:
            tag = n.tag
            if tag in _SKIP_TAGS or skip:
                skip += 1
            elif tag == "br" or tag in _BLOCK_TAGS:
                parts.append("\n")
        elif event == CLOSE:
            if skip:
                skip -= 1
            elif n.tag in _BLOCK_TAGS:
                parts.append("\n")
    return _finish_text(parts)


def _first(node: LexborNode | None, selector: str) -> LexborNode | None:
    if node is None or not selector:
        return None
    try:
        return node.css_first(selector)
    except Exception:  # a bad host override must not kill the tick
        return None


def _all(node: LexborNode | None, selector: str) -> list[LexborNode]:
    if node is None or not selector:
        return []
    try:
        return list(node.css(selector))
    except Exception:
        return []


def _attr(node: LexborNode | None, name: str) -> str | None:
    if node is None:
        return None
    value = node.attributes.get(name)
    return value if value is None else str(value)


def _int(text: str | None) -> int | None:
    if not text:
        return None
    m = re.search(r"\d+", text)
    return int(m.group(0)) if m else None


def _fragment(html: str) -> LexborNode:
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
_MEMBER_ID = re.compile(
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


def _member_id_from(nodes: list[LexborNode]) -> int | None:
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
            m = _MEMBER_ID.search(htmllib.unescape(value))
            if m:
                return int(m.group(1))
    return None


# ---------------------------------------------------------------------------------------------
# Dates


def _as_tz(tz: tzinfo | str | None) -> tzinfo:
    return get_tz(tz if tz is not None else DEFAULT_TZ)


def parse_board_date(
    text: str,
    *,
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
    formats: tuple[str, ...] = IPB2.date_formats,
) -> datetime | None:
    """A board time as printed (or an ISO-8601 attribute) → aware datetime, or None.

    The reading is `parser.dates.read_formatted_date` (one date reader for every board) with
    the dialect's formats; «Сегодня»/«Вчера»/"Today"/"Yesterday" need `now`.
    """
    return read_formatted_date(text, formats, tz=_as_tz(tz), now=now)[0]


# ---------------------------------------------------------------------------------------------
# Colours


def _canonical_color(value: str) -> str | None:
    return canonical_color(value)


_STYLE_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
_STRIKE_TAGS = frozenset(("s", "del", "strike"))


def _raw_color(node: LexborNode) -> str | None:
    if node.tag == "font":
        value = _attr(node, "color")
        if value:
            return value.strip()
    style = _attr(node, "style")
    if style:
        m = _STYLE_COLOR.search(style)
        if m:
            return m.group(1).strip()
    return None


# Formatting around a coloured span, as the phpBB reader reports it (`ColoredSpan.wrappers`).
_WRAPPER_TAGS = frozenset(
    {"strong", "b", "em", "i", "u", "a", "s", "del", "strike", "details", "summary", "li",
     "sup", "sub", "big", "small", "font", "ins", "mark", "code", "pre", "h1", "h2", "h3",
     "h4", "h5", "h6"}
)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Quotes

_QUOTE_COMMENT = re.compile(
    r"^\s*(?:QuoteBegin(?:-(?P<nick>.*?)(?:\+(?P<date>[^+]*))?)?"
    r"|quoteo(?:\((?P<args>[^)]*)\))?)\s*$",
    re.S,
)
_CITATION = re.compile(
    r"(?:Цитата|QUOTE|Quote)?\s*\(?\s*(?P<nick>[^()@]+?)\s*@\s*(?P<date>[^)]*)\)?\s*$", re.S
)


@dataclass
class _QuoteInfo:
    author: str | None = None
    author_id: int | None = None
    post_id: int | None = None
    time_text: str = ""


_QUOTEO_ARGS = re.compile(r"post=(?P<post>\d*):date=(?P<date>.*?):name=(?P<name>.*)$", re.S)


def _comment_quote_info(text: str) -> _QuoteInfo | None:
    m = _QUOTE_COMMENT.match(text)
    if not m:
        return None
    if m.group("args") is not None:
        # IPB 2: quoteo(post=PID:date=18.06.2016, 13:00:name=Nick) — the date has colons
        a = _QUOTEO_ARGS.match(m.group("args").strip())
        if a is None:
            return _QuoteInfo()
        name = normalize_nick(htmllib.unescape(a.group("name")))
        return _QuoteInfo(
            author=name or None,
            post_id=_int(a.group("post")),
            time_text=_collapse(htmllib.unescape(a.group("date"))),
        )
    nick = m.group("nick")
    return _QuoteInfo(
        author=normalize_nick(htmllib.unescape(nick)) if nick else None,
        time_text=_collapse(m.group("date") or ""),
    )


def _comment_text(node: LexborNode) -> str:
    html = node.html or ""
    return html[4:-3] if html.startswith("<!--") and html.endswith("-->") else html


@dataclass(slots=True)
class _Span:
    """A coloured element being read: its text is the text whose nearest coloured ancestor
    (inside the same quote) it is."""

    color: str | None
    raw: str
    struck: bool
    wrappers: tuple[str, ...]
    quote: int | None  # index of the quote it sits in, None: the author's own words
    parts: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _QuoteRead:
    """A quote being read: the quote element, its text and the citation seen so far."""

    info: _QuoteInfo
    depth: int
    parts: list[str] = field(default_factory=list)  # its own text, nested quotes left out
    title: list[str] = field(default_factory=list)  # citation line (title) text
    box: list[str] = field(default_factory=list)  # other text of the box outside the body
    has_title: bool = False
    body_open: bool = False
    spans: list[_Span] = field(default_factory=list)


# Context frames of the body walk: what the text under an element belongs to.
_OWN, _BOX, _TITLE, _BODY, _SKIP = 0, 1, 2, 3, 4
# Formatting tags reported around one span at most (pathological nesting stays linear).
_MAX_WRAPPERS = 32


def _open_span(spans: list[_Span], raw: str, struck: bool, wrap_stack: list[str]) -> _Span:
    """A coloured element opens a span of the author's own words (both serial walkers)."""
    if spans:
        spans[-1].parts.append(" ")  # the inner colour's text is not the outer's
    span = _Span(
        color=_canonical_color(raw),
        raw=raw,
        struck=struck,
        wrappers=tuple(wrap_stack[-_MAX_WRAPPERS:]),
        quote=None,
    )
    spans.append(span)
    return span


@dataclass(slots=True)
class _Frame:
    elem: int  # mem_id of the element that opened the frame
    kind: int
    quote: int | None  # the quote it belongs to
    wrap_from: int  # first index of `wrap_stack` inside this context
    struck: int  # struck elements open inside this context


def _finish_text(parts: list[str]) -> str:
    """`_visible_text`'s layout: lines stripped, at most one blank line, spaces collapsed."""
    text = "".join(parts)
    if "\u200b" in text:  # zero-width space: a space to a reader, not to str.split
        text = text.replace("\u200b", " ")
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


def _may_match(low_html: str, selector: str) -> bool:
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


def _ids(root: LexborNode, selector: str) -> set[int]:
    return {n.mem_id for n in _all(root, selector)}


def _quote_boxes(
    root: LexborNode, dialect: Dialect, low: str
) -> tuple[list[LexborNode], dict[int, int], dict[int, int]]:
    """Quote elements in document order, the box to cut for each (IPB 1.3: the table around
    td#QUOTE, whose first row is the citation) and the title just before a quote (IPB 2's
    div.quotetop, IPB 3's citation), both as mem_id → quote index."""
    quotes = _all(root, dialect.sel("quote")) if _may_match(low, dialect.sel("quote")) else []
    boxes: dict[int, int] = {}
    titles_before: dict[int, int] = {}
    title_sel = dialect.sel("quote_title")
    for i, q in enumerate(quotes):
        box = q
        if dialect.layout == "msgnumber" and q.tag == "td":
            up = q.parent
            for _ in range(8):  # td → tr → tbody → table
                if up is None or up.tag == "table":
                    break
                up = up.parent
            if up is not None and up.tag == "table":
                box = up
        boxes.setdefault(box.mem_id, i)
        if title_sel:
            prev = box.prev
            while prev is not None and prev.tag in ("-text", "-comment"):
                prev = prev.prev
            if prev is not None and prev.mem_id not in boxes and prev.css_matches(title_sel):
                titles_before.setdefault(prev.mem_id, i)
    return quotes, boxes, titles_before


def _read_tree(  # noqa: C901  # one flat per-node loop, state in locals: the parse hot path
    root: LexborNode,
    dialect: Dialect,
    where: str,
    issues: list[ParseIssue],
    low: str | None = None,
    *,
    html: str | None = None,
    plain: bool = True,
    serial: bool = True,
) -> tuple[str, str, list[ColoredSpan], list[Quote], tuple[int, ...]]:
    """Text, own text, coloured spans, quotes and links of a body, in one walk.

    Every node is visited once, whatever the nesting (see `parser.html.walk`): a quote's text
    and colours are its own, the quotes nested in it being their own records; a coloured
    element around a quote does not colour the quote (C-3: a quoted nick is no vote).
    `html` and `low`: the body's markup as serialised now, and lowercased, where known."""
    if html is None:
        html = root.inner_html or ""
    if low is None:
        low = html.lower()
    quotes, boxes, titles_before = _quote_boxes(root, dialect, low)
    q_index = {q.mem_id: i for i, q in enumerate(quotes)}
    body_sel = dialect.sel("quote_body")
    body_ids = _ids(root, body_sel) if body_sel and quotes else set()
    title_ids = _ids(root, dialect.sel("quote_title")) if quotes else set()
    if plain and not quotes and not any(o in low for o in _SKIP_OPENERS):
        # most posts: no quote and nothing hidden — all the text is the author's own, read
        # from the body's serialised markup where that is plain, else by walking its nodes
        coloured = "color" in low
        if serial:
            fast = _serial_text(html, low)
            # coloured spans, where they are few and shallow, from the tree around each
            shallow = (_shallow_spans(root, low) if coloured else []) if fast else None
            if fast is not None and shallow is not None:
                return fast[0], fast[0], _spans_out(shallow, where, issues), [], fast[1]
        read = _serial_read(html, coloured) if serial else None
        if read is None:
            colours, strike_ids = _colours(root) if "color" in low else ({}, set())
            read = _plain_read(root, colours, strike_ids)
        text, plain_spans, links_only = read
        return text, text, _spans_out(plain_spans, where, issues), [], links_only
    colours, strike_ids = _colours(root) if "color" in low else ({}, set())
    msgnumber = dialect.layout == "msgnumber"
    a_attr = dialect.sel("quote_author_attr")
    p_attr = dialect.sel("quote_post_attr")
    u_attr = dialect.sel("quote_userid_attr")

    all_parts: list[str] = []
    own_parts: list[str] = []
    reads: list[_QuoteRead | None] = [None] * len(quotes)
    own_spans: list[_Span] = []
    links: list[int] = []
    pending: deque[_QuoteInfo] = deque()  # IPB 1.x/2.x QuoteBegin comments not yet paired
    frames: list[_Frame] = [_Frame(root.mem_id, _OWN, None, 0, 0)]
    spans: list[_Span | None] = []  # innermost coloured element per context, None = none
    span_at: list[int] = []  # mem_id that pushed each entry of `spans`
    wrap_stack: list[str] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    quote_depth = 0

    def sink() -> list[str] | None:
        f = frames[-1]
        if f.kind == _OWN:
            return own_parts
        if f.kind == _SKIP or f.quote is None:
            return None
        r = reads[f.quote]
        if r is None:
            return None
        if f.kind == _BODY:
            return r.parts
        return r.title if f.kind == _TITLE else r.box

    def push(elem: int, kind: int, quote: int | None) -> None:
        frames.append(_Frame(elem, kind, quote, len(wrap_stack), 0))
        spans.append(None)
        span_at.append(elem)

    def put(piece: str) -> None:
        all_parts.append(piece)
        out = sink()
        if out is not None:
            out.append(piece)
        span = spans[-1] if spans else None
        # struck words inside a colour are not its text: <red><s>Рома</s></red> names nobody
        if span is not None and (not frames[-1].struck or span.struck):
            span.parts.append(piece)

    for event, node in walk(root):
        if event == TEXT:
            if frames[-1].kind != _SKIP:
                put(node.text_content or "")
            continue
        if event == COMMENT:
            if msgnumber and node.tag == "-comment":
                info = _comment_quote_info(_comment_text(node))
                if info is not None:
                    pending.append(info)
            continue
        mid = node.mem_id
        tag = node.tag or ""
        if event == CLOSE:
            while spans and span_at[-1] == mid:
                span = spans.pop()
                span_at.pop()
                if span is not None and spans and spans[-1] is not None:
                    spans[-1].parts.append(" ")  # the inner colour's text is not the outer's
            if frames[-1].kind != _SKIP:
                if tag in _BLOCK_TAGS:
                    put("\n")
                if tag in _WRAPPER_TAGS and wrap_stack:
                    wrap_stack.pop()
                if mid in strike_ids and frames[-1].struck:
                    frames[-1].struck -= 1
            if tag in ("pre", "code"):
                code -= 1
            while len(frames) > 1 and frames[-1].elem == mid:
                f = frames.pop()
                if f.kind == _BODY and f.quote is not None:
                    quote_depth -= 1
            continue
        # OPEN
        if tag in ("pre", "code"):
            code += 1
        if frames[-1].kind == _SKIP:
            continue
        if tag in _SKIP_TAGS:
            push(mid, _SKIP, None)
            continue
        if mid in titles_before:
            i = titles_before[mid]
            _start_quote(reads, i, quote_depth, pending, msgnumber)
            push(mid, _TITLE, i)
            reads[i].has_title = True  # type: ignore[union-attr]
        box_i = boxes.get(mid)
        if box_i is not None:
            _start_quote(reads, box_i, quote_depth, pending, msgnumber)
            push(mid, _BOX, box_i)
        qi = q_index.get(mid)
        if qi is not None:
            qr = _start_quote(reads, qi, quote_depth, pending, msgnumber)
            if frames[-1].quote != qi:
                push(mid, _BOX, qi)
            if a_attr and _attr(node, a_attr):
                qr.info.author = normalize_nick(_attr(node, a_attr) or "")
            if p_attr:
                qr.info.post_id = _int(_attr(node, p_attr)) or qr.info.post_id
            if u_attr:
                qr.info.author_id = _int(_attr(node, u_attr)) or qr.info.author_id
        f = frames[-1]
        if f.kind == _BOX and f.quote is not None:
            r = reads[f.quote]
            if r is not None and not r.body_open:
                if mid in title_ids and not r.has_title:
                    r.has_title = True
                    push(mid, _TITLE, f.quote)
                elif (qi is not None and not body_sel) or mid in body_ids:
                    r.body_open = True
                    r.depth = quote_depth + 1
                    quote_depth += 1
                    push(mid, _BODY, f.quote)
        f = frames[-1]
        if tag == "br" or tag in _BLOCK_TAGS:
            put("\n")
        if tag == "a" and f.kind in (_OWN, _TITLE):
            href = _attr(node, "href")
            if href is not None:
                if f.kind == _OWN and not code:
                    pid = post_id_from_href(href.strip())
                    if pid is not None:
                        links.append(pid)
                elif f.kind == _TITLE and f.quote is not None and not msgnumber:
                    r = reads[f.quote]
                    pm = _TITLE_POST.search(href)
                    if r is not None and pm and r.info.post_id is None:
                        r.info.post_id = int(pm.group(1))
        raw = colours.get(mid)
        struck_here = mid in strike_ids
        if raw is not None and f.kind in (_OWN, _BODY):
            if spans and spans[-1] is not None:
                spans[-1].parts.append(" ")
            wraps = wrap_stack[f.wrap_from :][-_MAX_WRAPPERS:]
            span = _Span(
                color=_canonical_color(raw),
                raw=raw,
                struck=bool(f.struck) or struck_here,
                wrappers=tuple(wraps),
                quote=f.quote if f.kind == _BODY else None,
            )
            spans.append(span)
            span_at.append(mid)
            # listed where it starts: spans come out in document order; code shows its
            # colours, it casts no vote
            r = reads[span.quote] if span.quote is not None else None
            if code:
                pass  # listed nowhere
            elif span.quote is None:
                own_spans.append(span)
            elif r is not None:
                r.spans.append(span)
        if tag in _WRAPPER_TAGS:
            wrap_stack.append(tag)
        if struck_here:
            f.struck += 1

    out_quotes: list[Quote] = []
    for r in reads:
        if r is None:
            continue
        _cite_quote(r, msgnumber)
        out_quotes.append(
            Quote(
                author=r.info.author,
                author_id=r.info.author_id,
                post_id=r.info.post_id,
                depth=r.depth,
                # a quote box without the dialect's body element: all of it is the quote
                text=_finish_text(r.parts if r.body_open else r.box),
                time_text=r.info.time_text,
                colored=tuple(_spans_out(r.spans, where, None)),
            )
        )
    colored = _spans_out(own_spans, where, issues)
    return _finish_text(all_parts), _finish_text(own_parts), colored, out_quotes, tuple(links)


# Elements whose content the serialiser writes raw (or which are not HTML): bodies holding
# any are read by walking their nodes.
_RAW_OPENERS = (
    "<xmp", "<iframe", "<noembed", "<noframes", "<plaintext", "<svg", "<math", "<textarea",
    "<title",
)  # fmt: skip
_SKIP_OPENERS = tuple(f"<{t}" for t in _SKIP_TAGS)
# The serialiser's own spelling of a comment, an end tag and a start tag (every attribute
# written name="value", the value's quotes, ampersands and angle brackets escaped), in one
# pattern; a "<" that is none of them matches with every group empty.
_SERIAL_TOKEN = re.compile(
    r"<(?:!--(.*?)-->|/([a-zA-Z][^\s/>\"=<]*)>"
    r"|([a-zA-Z][^\s/>\"=<]*)((?: [^\s=\"<>/]+=\"[^\"]*\")*)>)?",
    re.S,
)
_SERIAL_ATTR = re.compile(r" ([^\s=\"<>/]+)=\"([^\"]*)\"")
# Elements the serialiser writes without an end tag.
_VOID_TAGS = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param")
)  # fmt: skip


def _serial_read(  # noqa: C901  # one flat per-tag loop, state in locals: the parse hot path
    html: str, coloured: bool
) -> tuple[str, list[_Span], tuple[int, ...]] | None:
    """`_plain_read` from the body's markup as lexbor serialises it (`inner_html`): there,
    text holds no "<", every tag is well formed and nested, and every attribute is quoted,
    so one pass over its tags reads what the node walk reads, without a call per node.
    `coloured`: the markup mentions a colour (coloured spans are read from the tags' own
    attributes). None when the markup holds anything else (raw-text elements, foreign
    content, odd attribute names): then the nodes are walked."""
    if "<" in html and any(o in html for o in _RAW_OPENERS):
        return None
    parts: list[str] = []
    links: list[int] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    own_spans: list[_Span] = []
    spans: list[_Span] = []  # the open coloured elements, innermost last
    # per open element: (tag, opened a span, struck); wrappers of the open elements
    stack: list[tuple[str, bool, bool]] = []
    wrap_stack: list[str] = []
    struck = 0
    pos = 0
    for m in _SERIAL_TOKEN.finditer(html):
        start = m.start()
        if start > pos:
            piece = html[pos:start]
            if "&" in piece:
                piece = htmllib.unescape(piece)
            parts.append(piece)
            if spans and (not struck or spans[-1].struck):  # struck words are no colour's
                spans[-1].parts.append(piece)
        pos = m.end()
        tag = m.group(2)
        if tag is not None:  # an end tag
            if not stack or stack[-1][0] != tag:
                return None
            opened_span, struck_here = stack.pop()[1:]
        else:
            tag = m.group(3)
            if tag is None:
                if m.group(1) is None:
                    return None  # a "<" the serialiser would not write
                continue  # a comment
            attrs = m.group(4)
            if tag == "br" or tag in _BLOCK_TAGS:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            href = None
            if attrs and (tag == "a" or coloured):
                values = {k: htmllib.unescape(v) for k, v in _SERIAL_ATTR.findall(attrs)}
                href = values.get("href") if tag == "a" else None
            else:
                values = {}
            if href is not None and not code:
                pid = post_id_from_href(href.strip())
                if pid is not None:
                    links.append(pid)
            if tag == "pre" or tag == "code":
                code += 1
            opened_span = struck_here = False
            if coloured:
                raw = _color_of(tag, values)
                style = values.get("style") or ""
                struck_here = tag in _STRIKE_TAGS or "line-through" in style.lower()
                if raw is not None:
                    span = _open_span(spans, raw, bool(struck) or struck_here, wrap_stack)
                    if not code:  # code shows its colours, it casts no vote
                        own_spans.append(span)
                    opened_span = True
                if tag in _WRAPPER_TAGS:
                    wrap_stack.append(tag)
                if struck_here:
                    struck += 1
            if tag not in _VOID_TAGS:
                stack.append((tag, opened_span, struck_here))
                continue
        # the element closes (an end tag, or a void element right after its start)
        if coloured:
            if opened_span:
                spans.pop()
                if spans:
                    spans[-1].parts.append(" ")
            if tag in _WRAPPER_TAGS and wrap_stack:
                wrap_stack.pop()
            if struck_here and struck:
                struck -= 1
        if tag in _BLOCK_TAGS:
            parts.append("\n")
            if spans:
                spans[-1].parts.append("\n")
        if tag == "pre" or tag == "code":
            code -= 1
    if pos < len(html):
        piece = html[pos:]
        if "&" in piece:
            piece = htmllib.unescape(piece)
        parts.append(piece)
    if stack:
        return None
    return _finish_text(parts), own_spans, tuple(links)


_SERIAL_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SERIAL_HR = re.compile(r"<hr(?: [^>]*)?>")
_SERIAL_BLOCK = re.compile(
    r"</?(?:br|" + "|".join(sorted(_BLOCK_TAGS - {"hr"}, key=len, reverse=True)) + r")(?: [^>]*)?>"
)
_SERIAL_ANY_TAG = re.compile(r"<[^>]*>")
_SERIAL_A = re.compile(r"<a((?: [^\s=\"<>/]+=\"[^\"]*\")*)>")


def _serial_text(html: str, low: str) -> tuple[str, tuple[int, ...]] | None:
    """The text and links `_serial_read` reads, by whole-string substitutions: every block
    tag (start or end) and <br> a line break, a rule two, other tags and comments nothing,
    then the text's escapes undone (in lexbor's serialisation every "&" of the text is an
    escape, so undoing them on the joined text is undoing them piece by piece). `low`: the
    body's markup lowercased. None where the token reading is needed (links inside code,
    markup the serialiser writes raw, attributes it spells oddly)."""
    if "<" not in html:
        text = htmllib.unescape(html) if "&" in html else html
        return _finish_text([text]), ()
    if any(o in html for o in _RAW_OPENERS):
        return None
    if "<!--" in html:
        html = _SERIAL_COMMENT.sub("", html)
    links: tuple[int, ...] = ()
    if "<a " in html:
        if "<pre" in low or "<code" in low:
            return None  # a link in code is shown, not made: the token reading knows where
        tags = _SERIAL_A.findall(html)
        if len(tags) != html.count("<a "):
            return None  # an attribute the serialiser spells oddly
        found: list[int] = []
        for attrs in tags:
            href = next((v for k, v in _SERIAL_ATTR.findall(attrs) if k == "href"), None)
            pid = post_id_from_href(htmllib.unescape(href).strip()) if href is not None else None
            if pid is not None:
                found.append(pid)
        links = tuple(found)
    if "<hr" in html:
        html = _SERIAL_HR.sub("\n\n", html)
    text = _SERIAL_ANY_TAG.sub("", _SERIAL_BLOCK.sub("\n", html))
    if "&" in text:
        text = htmllib.unescape(text)
    return _finish_text([text]), links


# Ancestors looked at above one coloured element before the token reading is left to decide.
_SHALLOW = 48


def _shallow_spans(root: LexborNode, low: str) -> list[_Span] | None:
    """`_plain_read`'s coloured spans of a body, read around each coloured element (its
    ancestors for strikes and formatting, its own markup for its text); None where a
    colour sits inside another (whose text is then split) or deeper than `_SHALLOW`."""
    found: list[tuple[LexborNode, str]] = []
    struck_ids: set[int] = set()
    struck_nodes: list[LexborNode] = []
    seen: set[int] = set()
    for node in _all(root, _COLOUR_OR_STRIKE):
        if node.mem_id in seen:
            continue  # matched by two parts of the selector: listed twice
        seen.add(node.mem_id)
        raw = _raw_color(node)
        if raw is not None:
            found.append((node, raw))
        if node.tag in _STRIKE_TAGS or "line-through" in (_attr(node, "style") or "").lower():
            struck_ids.add(node.mem_id)
            struck_nodes.append(node)
    coloured = {node.mem_id for node, _raw in found}
    stop = root.mem_id
    for node in struck_nodes:
        # a strike inside a colour takes words out of its text: the walk knows which
        up, depth = node.parent, 0
        while up is not None and up.mem_id != stop:
            depth += 1
            if up.mem_id in coloured or depth > _SHALLOW:
                return None
            up = up.parent
    spans: list[_Span] = []
    for node, raw in found:
        wrappers: list[str] = []
        struck = node.mem_id in struck_ids
        up = node.parent
        depth = 0
        while up is not None and up.mem_id != stop:
            mid = up.mem_id
            depth += 1
            if mid in coloured or depth > _SHALLOW:
                return None
            struck = struck or mid in struck_ids
            tag = up.tag or ""
            if tag == "pre" or tag == "code":
                return None  # code shows colours without casting votes: the walk knows
            if tag in _WRAPPER_TAGS:
                wrappers.append(tag)
            up = up.parent
        inner = _serial_text(node.inner_html or "", low)
        if up is None or inner is None:
            return None
        wrappers.reverse()
        spans.append(
            _Span(
                color=_canonical_color(raw),
                raw=raw,
                struck=struck,
                wrappers=tuple(wrappers[-_MAX_WRAPPERS:]),
                quote=None,
                parts=[inner[0]],
            )
        )
    return spans


def _color_of(tag: str, attrs: dict[str, str]) -> str | None:
    """`_raw_color` of an element from its attributes."""
    if tag == "font":
        value = attrs.get("color")
        if value:
            return value.strip()
    style = attrs.get("style")
    if style:
        m = _STYLE_COLOR.search(style)
        if m:
            return m.group(1).strip()
    return None


# Coloured elements and struck ones, found by one query (a query's set-up costs as much as
# reading a short body).
_COLOUR_OR_STRIKE = "[style*='color' i], font[color], s, del, strike, [style*='line-through' i]"


def _colours(root: LexborNode) -> tuple[dict[int, str], set[int]]:
    """The body's coloured elements (mem_id → raw colour; background colours are none) and,
    where there is a colour, its struck elements' mem_ids."""
    colours: dict[int, str] = {}
    struck: set[int] = set()
    for node in _all(root, _COLOUR_OR_STRIKE):
        raw = _raw_color(node)
        if raw is not None:
            colours[node.mem_id] = raw
        if node.tag in _STRIKE_TAGS or "line-through" in (_attr(node, "style") or "").lower():
            struck.add(node.mem_id)
    return colours, (struck if colours else set())


def _plain_read(  # noqa: C901  # one flat per-node loop, state in locals: the parse hot path
    root: LexborNode, colours: dict[int, str], strike_ids: set[int]
) -> tuple[str, list[_Span], tuple[int, ...]]:
    """`_read_tree`'s text, coloured spans and links of a body without quotes or hidden
    elements: the same walk without its quote contexts."""
    parts: list[str] = []
    links: list[int] = []
    code = 0  # open <pre>/<code>: links there are shown, not made
    block = _BLOCK_TAGS
    own_spans: list[_Span] = []
    spans: list[_Span] = []  # the open coloured elements, innermost last
    span_at: list[int] = []
    wrap_stack: list[str] = []
    struck = 0
    for event, node in walk(root):
        if event == TEXT:
            piece = node.text_content or ""
            parts.append(piece)
            if spans and (not struck or spans[-1].struck):  # struck words are no colour's
                spans[-1].parts.append(piece)
        elif event == OPEN:
            tag = node.tag
            if tag == "br" or tag in block:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            if tag == "a":
                if not code:
                    href = node.attributes.get("href")
                    if href is not None:
                        pid = post_id_from_href(str(href).strip())
                        if pid is not None:
                            links.append(pid)
            elif tag == "pre" or tag == "code":
                code += 1
            if colours:
                mid = node.mem_id
                raw = colours.get(mid)
                struck_here = mid in strike_ids
                if raw is not None:
                    span = _open_span(spans, raw, bool(struck) or struck_here, wrap_stack)
                    span_at.append(mid)
                    if not code:  # code shows its colours, it casts no vote
                        own_spans.append(span)
                if tag in _WRAPPER_TAGS:
                    wrap_stack.append(tag or "")
                if struck_here:
                    struck += 1
        elif event == CLOSE:
            tag = node.tag
            if colours:
                mid = node.mem_id
                while spans and span_at[-1] == mid:
                    spans.pop()
                    span_at.pop()
                    if spans:
                        spans[-1].parts.append(" ")
                if tag in _WRAPPER_TAGS and wrap_stack:
                    wrap_stack.pop()
                if mid in strike_ids and struck:
                    struck -= 1
            if tag in block:
                parts.append("\n")
                if spans:
                    spans[-1].parts.append("\n")
            if tag == "pre" or tag == "code":
                code -= 1
    return _finish_text(parts), own_spans, tuple(links)


_TITLE_POST = re.compile(r"(?:pid|p|comment)=(\d+)")
_SAID = re.compile(r"^(?P<nick>.+?),\s+(?:on\s+(?P<at>.+?),\s+)?said\b")


def _start_quote(
    reads: list[_QuoteRead | None],
    i: int,
    depth: int,
    pending: deque[_QuoteInfo],
    msgnumber: bool,
) -> _QuoteRead:
    r = reads[i]
    if r is None:
        # IPB 1.x/2.x: the QuoteBegin/quoteo comment before the box names the quoted post
        info = pending.popleft() if msgnumber and pending else _QuoteInfo()
        r = reads[i] = _QuoteRead(info, depth + 1)
    return r


def _cite_quote(r: _QuoteRead, msgnumber: bool) -> None:
    """Author and time from the citation line where the quote's markup did not give them."""
    info = r.info
    if msgnumber:
        # IPB 2's div.quotetop, then IPB 1.3's first table row: «Цитата (Nick @ date)»
        for text in (r.title, r.box):
            if info.author is not None or not text:
                continue
            cm = _CITATION.search(_collapse("".join(text)))
            if cm:
                info.author = normalize_nick(cm.group("nick"))
                info.time_text = info.time_text or cm.group("date").strip()
        return
    if not r.has_title:
        return
    ttext = _collapse("".join(r.title))
    cm = _CITATION.search(ttext)
    # IPB 3: «Huz, on 17 Aug 2015 - 2:33 PM, said:»; 4PDA: «Nick @ date»
    cm2 = _SAID.match(ttext)
    if cm:
        info.author = info.author or normalize_nick(cm.group("nick"))
        info.time_text = info.time_text or cm.group("date").strip()
    elif cm2:
        info.author = info.author or normalize_nick(cm2.group("nick"))
        info.time_text = info.time_text or (cm2.group("at") or "")


def _spans_out(
    spans: list[_Span], where: str, issues: list[ParseIssue] | None
) -> list[ColoredSpan]:
    out: list[ColoredSpan] = []
    for span in spans:
        text = _collapse("".join(span.parts))
        if not text:
            continue
        if span.color is None:
            if issues is not None:
                issues.append(ParseIssue(where, f"unreadable colour {span.raw!r}"))
            continue
        out.append(
            ColoredSpan(
                color=span.color,
                text=text,
                struck=span.struck,
                raw_color=span.raw,
                wrappers=span.wrappers,
            )
        )
    return out


def _contains(outer: LexborNode, inner: LexborNode) -> bool:
    n = inner.parent
    while n is not None:
        if n.mem_id == outer.mem_id:
            return True
        n = n.parent
    return False


# ---------------------------------------------------------------------------------------------
# Bodies


@dataclass(frozen=True, slots=True)
class BodyParts:
    """What a post or PM body holds, as the records want it."""

    html: str
    text: str
    own_text: str
    colored: tuple[ColoredSpan, ...]
    quotes: tuple[Quote, ...]
    edited: EditNote | None
    links: tuple[int, ...] = ()  # post ids linked outside quotes and signatures (P-V.2)


def _edit_note(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: datetime | None,
    where: str,
    issues: list[ParseIssue],
) -> EditNote | None:
    note: EditNote | None = None
    for node in _all(root, dialect.sel("edit")):
        if not dialect.edit_pattern.search(_collapse(_visible_text(node))):
            continue  # e.g. 4PDA's «Прикрепленные файлы» label shares span.edit
        reason = None
        # The reason sits inside the note (IPB 3 span.reason) or right after it (IPB 2, 4PDA).
        rnode = _first(root, dialect.sel("edit_reason")) if dialect.sel("edit_reason") else None
        if rnode is not None:
            reason = re.sub(
                r"^(?:Причина редактирования|Reason for edit)\s*:\s*",
                "",
                _collapse(_visible_text(rnode)),
            )
            rnode.decompose()
        raw = _collapse(_visible_text(node))
        m = dialect.edit_pattern.search(raw)
        if not m:
            continue
        rm = re.search(r"(?:Причина редактирования|Reason for edit)\s*:\s*(.+)$", raw)
        if reason is None and rm:
            reason = rm.group(1).strip()
        by = m.group("by")
        if dialect.name != "ips4":
            by_node = _first(node, "b, strong, a[href*='showuser='], a[href*='/profile/']")
            if by_node is not None and _collapse(by_node.text()):
                by = _collapse(by_node.text())
        at_text = m.group("at").rstrip(". ")
        time_node = _first(node, "time[datetime]")
        at = parse_board_date(
            _attr(time_node, "datetime") or at_text, tz=tz, now=now, formats=dialect.date_formats
        )
        if at is None:
            issues.append(ParseIssue(where, f"unreadable edit time {at_text!r}"))
        note = EditNote(by=normalize_nick(by) if by else None, at=at, reason=reason or None)
        node.decompose()
    return note


def _read_body(
    html: str,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: datetime | None,
    where: str,
    issues: list[ParseIssue],
) -> BodyParts:
    return _read_body_node(_fragment(html), dialect, tz=tz, now=now, where=where, issues=issues)


def _read_body_node(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: datetime | None,
    where: str,
    issues: list[ParseIssue],
) -> BodyParts:
    """Read a body element in place (its signature, scripts and edit note are removed)."""
    body_html = root.inner_html or ""
    # Selector queries cost as much as the rest of a short body's reading: ask only those
    # the markup can answer (`_may_match`).
    low = body_html.lower()
    changed = False
    for node in (
        _all(root, dialect.sel("signature")) if _may_match(low, dialect.sel("signature")) else ()
    ):
        node.decompose()
        changed = True
    if "<script" in low or "<style" in low:
        for node in _all(root, "script, style"):
            node.decompose()
            changed = True
    edited = None
    if _may_match(low, dialect.sel("edit")):
        edited = _edit_note(root, dialect, tz=tz, now=now, where=where, issues=issues)
        changed = True
    if changed:
        body_html = root.inner_html or ""
        low = body_html.lower()
    try:
        text, own_text, colored, quotes, links = _read_tree(
            root, dialect, where, issues, low, html=body_html
        )
    except Exception as exc:  # one hostile body never costs the page
        issues.append(ParseIssue(where, f"body unreadable: {exc!r}"))
        text, own_text, colored, quotes, links = "", "", [], [], ()
    return BodyParts(
        html=body_html.strip(),
        text=text,
        own_text=own_text,
        colored=tuple(colored),
        quotes=tuple(quotes),
        edited=edited,
        links=links,
    )


def parse_ipb_body(
    html: str,
    *,
    dialect: Dialect | str,
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> tuple[BodyParts, tuple[ParseIssue, ...]]:
    """Read one post/PM body's inner HTML (also a body cut out of a partial page)."""
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect) or IPB2
    body = _read_body(html, d, tz=_as_tz(tz), now=now, where="body", issues=issues)
    return body, tuple(issues)


# ---------------------------------------------------------------------------------------------
# Topic pages


@dataclass
class _Ctx:
    dialect: Dialect
    tz: tzinfo
    now: datetime | None
    issues: list[ParseIssue] = field(default_factory=list)


# IPB 1.x/2.x mark a post's body with <!-- THE POST N --> … <!-- THE POST -->. Found as two
# literal-led searches: one pattern with a lazy body between them re-tries the end marker at
# every character of the body.
_THE_POST_START = re.compile(r"<!--\s*THE POST (\d+)\s*-->")
_THE_POST_END = re.compile(r"<!--\s*THE POST\s*-->")


def _body_span(chunk: str, pid: int) -> tuple[int, int, int, int] | None:
    """(start of the opening marker, body start, body end, end of the closing marker)."""
    for m in _THE_POST_START.finditer(chunk):
        if int(m.group(1)) != pid:
            continue
        end = _THE_POST_END.search(chunk, m.end())
        if end is None:
            return None
        return m.start(), m.end(), end.start(), end.end()
    return None


# `<!--\s*Begin Msg Number\s+(\d+)\s*-->` under IGNORECASE, its letters spelt as the classes
# IGNORECASE gives them (dotted and dotless I, long s): a case-blind pattern loses the
# search for its literal opening and is tried at every character of the page.
_MSG_SPLIT = re.compile(
    "<!--\\s*[Bb][Ee][Gg][Ii\u0130\u0131][Nn]\\s+[Mm][Ss\u017f][Gg]"
    "\\s+[Nn][Uu][Mm][Bb][Ee][Rr]\\s+(\\d+)\\s*-->"
)
_SIG_SPLIT = re.compile(r"(?:<br\s*/?>\s*){1,2}-{10,}\s*<br\s*/?>\s*(?=<div class=['\"]signature)")


def _drop_post_tails(html: str, sl: PageSlice) -> str:
    """The posts' markup without what lies between each body and its post's close (the
    dialect's `tail` markers: IPS 4's reputation, controls and signature, half of a post's
    markup, which nothing reads)."""
    if not sl.tail:
        return html
    parts: list[str] = []
    pos = 0
    close = sl.post_close
    while True:
        body = html.find(sl.body_mark, pos)
        if body < 0:
            break
        end = html.find(close, body)
        if end < 0:
            break
        cut = end  # the first tail marker, each searched only up to the one found so far
        for marker in sl.tail:
            i = html.find(marker, body, cut)
            if i >= 0:
                cut = i
        parts.append(html[pos:cut])
        parts.append(close)
        pos = end + len(close)
    parts.append(html[pos:])
    return "".join(parts)


def _slice_blocks(html: str, sl: PageSlice) -> tuple[str, str] | None:
    """(chrome, posts) of a blocks-layout topic page cut by its dialect's `PageSlice`, or
    None when the page has no post opening tag to cut at (then it is parsed whole)."""
    first = scan(html, sl.post_literal, sl.post_open)
    if first is None:
        return None
    start = first.start()
    end = html.rfind(sl.post_close)
    if end < start:
        return None
    end += len(sl.post_close)
    # the first bottom marker after the posts (each searched only up to the one found so far)
    bottom = len(html)
    for marker in sl.bottom:
        i = html.find(marker, end, bottom)
        if i >= 0:
            bottom = i
    # a post opening between the last close and the bottom: the last post never closes (a
    # page cut short), it runs to the end; below the reply box and footer no post opens
    if scan(html, sl.post_literal, sl.post_open, end, bottom) is not None:
        end = bottom = len(html)
    # the head (title, canonical and next links) and the <body> tag (IPS's page id)
    body = html.find("<body", 0, start)
    head_end = html.find(">", body, start) + 1 if body >= 0 else 0
    top = max((html.rfind(m, head_end, start) for m in sl.top), default=-1) if head_end else -1
    top = html.rfind("<", head_end, top + 1) if top >= 0 else -1  # the marker's tag
    if top < 0:
        top = head_end
    if bottom < len(html):
        bottom = max(html.rfind("<", end, bottom + 1), end)
    chrome = html[:head_end] + html[top:start] + html[end:bottom]
    return chrome, _drop_post_tails(html[start:end], sl)


def _without_posts(html: str) -> str:
    """An IPB 1.x/2.x page with its posts cut out: the page before the first post and after
    the last post's body (the header, the pagination above and below, the footer)."""
    first = scan(html, "<!--", _MSG_SPLIT)
    if first is None:
        return html
    last = html.rfind("<!-- THE POST -->")
    if last < first.start():
        return html
    return html[: first.start()] + html[last:]


# Markup a body may hold that would read differently inside a table cell than on its own
# (table parts, raw-text and template elements, comments, forms, foreign content): a body with
# any of it gets a document of its own.
_CELL_UNSAFE_TAGS = (
    "t", "caption", "col", "body", "html", "head", "frame", "form", "plaintext", "xmp", "iframe",
    "noembed", "noframes", "noscript", "script", "style", "select", "math", "svg",
)  # fmt: skip
_CELL_UNSAFE = re.compile("<(?:!|/?(?:" + caseless(*_CELL_UNSAFE_TAGS) + "))")


# A form left open would swallow the forms of the pieces after it: such a header stays alone.
_FORM_TAG = re.compile(r"<form", re.I)
# Closes the table an IPB 1.x/2.x post header leaves open around its body cell.
_HEAD_CLOSE = "</td></tr></table>"


def _one_document(posts: list[_MsgPost]) -> dict[int, tuple[LexborNode | None, LexborNode]]:
    """The bodies of a page's posts, and the headers not read from their markup (`facts`),
    parsed as one document (a document costs as much as a short post's markup): post index →
    (header root or None, body root), each reading exactly as `_fragment` of its markup
    alone — or {} where the page's markup could break that (then every piece gets a document
    of its own).

    Each body sits in a table cell and each header in an <object>: both end by clearing the
    formatting tags left open inside them, so nothing of one piece reaches the next. A body
    whose markup could read differently in a cell (`_CELL_UNSAFE`) keeps its own document;
    a header that leaves more than its own table open is caught by the structure check."""
    keys: list[int] = []
    parts: list[str] = []
    for k, mp in enumerate(posts):
        if mp.head_html is None or (mp.facts is None and _FORM_TAG.search(mp.head_html)):
            continue
        if "<" in mp.body_html and _CELL_UNSAFE.search(mp.body_html):
            continue
        keys.append(k)
        parts.append(
            f"<table><tr><td><div data-mafiabot-root='1'>{mp.body_html}</div></td></tr></table>"
        )
        if mp.facts is None:  # a header read from its markup is not parsed at all
            parts.append(
                f"<object><div data-mafiabot-root='1'>{mp.head_html}{_HEAD_CLOSE}</div></object>"
            )
    if not keys:
        return {}
    tree = parse_html("".join(parts))
    out: dict[int, tuple[LexborNode | None, LexborNode]] = {}
    node = tree.body.child if tree.body is not None else None
    for k in keys:
        table = node
        if table is None or table.tag != "table":
            return {}
        row = table.child.child if table.child is not None else None
        cell = row.child if row is not None else None
        body = cell.child if cell is not None and cell.tag == "td" else None
        head: LexborNode | None = None
        node = table.next
        if posts[k].facts is None:
            obj = node
            if obj is None or obj.tag != "object":
                return {}
            head = obj.child
            if head is None or head.next is not None or not _is_root(head):
                return {}
            node = obj.next
        if body is None or not _is_root(body):
            return {}
        out[k] = (head, body)
    return out if node is None else {}


def _is_root(node: LexborNode) -> bool:
    return node.tag == "div" and "data-mafiabot-root" in node.attributes


@dataclass(slots=True)
class _MsgPost:
    """A post of an IPB 1.x/2.x page cut out of the page's text."""

    pid: int
    body_html: str
    outside: str  # the post's markup without its body
    head_html: str | None  # the header before the body (None: no body markers)
    found: bool = True  # a body was found
    # author, member id, time and its text read from the header's raw markup (None: the
    # header is parsed and queried instead)
    facts: _HeadFacts | None = None


@dataclass(frozen=True, slots=True)
class _HeadFacts:
    author: str
    author_id: int | None
    posted_at: datetime
    shown: str


# IPB 1.x/2.x print a post's nick and time in these spans (skin_topic), and link the
# author's profile with one of these in the href (the `author_link` selector's substrings).
_NICK_CLASSES = ("normalname", "unreg")
_DATE_CLASS = "postdetails"
_MEMBER_HREFS = ("showuser=", "MID=")
_SPAN_CLASS = "<span class="


def _first_of(html: str, needles: tuple[str, ...], end: int) -> int:
    """Where the first of `needles` starts in `html[:end]` (-1: none), each searched only up
    to the nearest found so far."""
    found = -1
    for needle in needles:
        i = html.find(needle, 0, end if found < 0 else found + len(needle))
        if i >= 0 and (found < 0 or i < found):
            found = i
    return found


def _span_at(head: str, at: int, cls_len: int) -> tuple[int, int] | None:
    """Inner bounds of the span whose class, `cls_len` long, is written at `at` as
    ``<span class='CLASS'>`` (its only attribute, quoted) and which holds no span of its
    own; None otherwise."""
    opened = at - len(_SPAN_CLASS) - 1
    if opened < 0 or not head.startswith(_SPAN_CLASS, opened):
        return None
    q = head[at - 1]
    end = at + cls_len
    if q not in "'\"" or head[end : end + 2] != q + ">" or in_comment(head, opened):
        return None
    inner = end + 2
    close = head.find("</span>", inner)
    if close < 0 or head.find("<span", inner, close) >= 0:
        return None
    return inner, close


def _msg_head_facts(head: str, ctx: _Ctx) -> _HeadFacts | None:
    """A post header's author, member id and time read from its raw markup, exactly as the
    `author`, `author_link` and `date` selectors of IPB 1.x/2.x would find them; None when
    the markup is not plainly the board's own (see `parser.rawmarkup`): the first of each
    class's name in the header must be that very span."""
    n_at = _first_of(head, _NICK_CLASSES, len(head))
    d_at = head.find(_DATE_CLASS)
    if n_at < 0 or d_at < 0:
        return None
    n_len = len(_NICK_CLASSES[0]) if head.startswith(_NICK_CLASSES[0], n_at) else len("unreg")
    nick = _span_at(head, n_at, n_len)
    date = _span_at(head, d_at, len(_DATE_CLASS)) if nick is not None else None
    if nick is None or date is None:
        return None
    link = _first_of(head, _MEMBER_HREFS, len(head))
    if not markup_ok(head, 0, max(nick[1], date[1], link) + 1):
        return None
    author = text_of(head[nick[0] : nick[1]], lines=False)
    shown_raw = text_of(head[date[0] : date[1]], lines=True)
    if author is None or shown_raw is None:
        return None
    author = normalize_nick(author)
    candidate = _collapse(shown_raw)
    d = ctx.dialect
    posted_at = parse_board_date(candidate, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
    if not author or posted_at is None:
        return None  # the parser's reading also reports what is missing
    author_id = None
    if link >= 0:
        author_id = _member_link_at(head, link, _MEMBER_HREFS)
        if author_id is None:
            return None
    return _HeadFacts(author, author_id, posted_at, strip_date_label(candidate).strip())


def _member_link_at(html: str, at: int, needles: tuple[str, ...]) -> int | None:
    """The member id of the link whose address holds the first of `needles` at `at`, as
    `_first_member_id` reads the first link its selector finds; None when the string is not
    in a link's address or the address gives no id (then the parser reads the links)."""
    opened = html.rfind("<", 0, at)
    if opened < 0 or not html.startswith("<a", opened) or in_comment(html, opened):
        return None
    tag = tag_attr(html, opened, "href")
    if tag is None or tag[0] != "a" or tag[2] <= at:
        return None
    href = tag[1]
    if href is None or not any(m in href for m in needles):
        return None  # the first such string is not in a link's address
    m = _MEMBER_ID.search(htmllib.unescape(href))  # as `_member_id_from` reads it
    return int(m.group(1)) if m else None


def _cut_msg_post(pid: int, chunk: str) -> _MsgPost:
    bm = _body_span(chunk, pid)
    if bm:
        outside = chunk[: bm[0]] + chunk[bm[3] :]
        post = _MsgPost(pid, chunk[bm[1] : bm[2]], outside, chunk[: bm[0]])
    else:
        node = _first(_fragment(chunk), f"#post-main-{pid}, #post-{pid}")
        if node is None:
            post = _MsgPost(pid, "", chunk, None, found=False)
        else:
            outside = chunk.replace(node.html or "", "")
            post = _MsgPost(pid, node.inner_html or "", outside, None)
    if "signature" in post.body_html:
        post.body_html = _SIG_SPLIT.split(post.body_html, maxsplit=1)[0]
    return post


def _msgnumber_posts(html: str, ctx: _Ctx) -> list[Post]:
    d = ctx.dialect
    pieces = _MSG_SPLIT.split(html)
    posts: list[Post] = []
    # pieces = [before, id1, chunk1, id2, chunk2, ...]
    cut = [_cut_msg_post(int(pieces[i]), pieces[i + 1]) for i in range(1, len(pieces) - 1, 2)]
    if d.raw_heads:  # the board's own header markup: read as text where it plainly is
        for mp in cut:
            if mp.head_html is not None:
                mp.facts = _msg_head_facts(mp.head_html, ctx)
    # headers and bodies, all in one document where that reads the same (see `_one_document`)
    joined = _one_document(cut)
    for k, mp in enumerate(cut):
        pid, outside, body_html = mp.pid, mp.outside, mp.body_html
        where = f"post {pid}"
        if not mp.found:
            ctx.issues.append(ParseIssue(where, "post body not found"))
        head, body_root = joined.get(k, (None, None))
        facts = mp.facts
        if facts is not None:
            body = _read_body_node(
                body_root if body_root is not None else _fragment(body_html),
                d,
                tz=ctx.tz,
                now=ctx.now,
                where=where,
                issues=ctx.issues,
            )
            posts.append(
                _post_record(pid, facts.author, facts.author_id, facts.posted_at, facts.shown, body)
            )
            continue
        # the post's header row (nick, member link, time) comes before its body: read that,
        # and the rest of the post's markup only when the header lacks them
        if head is None and mp.head_html is not None:
            head = _fragment(mp.head_html)
        author_node = _first(head, d.sel("author"))
        dates = _all(head, d.sel("date")) if author_node is not None else []
        if head is None or author_node is None or not dates:
            head = _fragment(outside)
            author_node = _first(head, d.sel("author"))
            dates = _all(head, d.sel("date"))
        author = normalize_nick(author_node.text()) if author_node is not None else ""
        if not author:
            ctx.issues.append(ParseIssue(where, "author not found"))
        author_id = _first_member_id(head, d.sel("author_link"))
        if author_id is None:
            av = re.search(r"av-(\d+)\.", outside)
            author_id = int(av.group(1)) if av else None
        posted_at, shown = None, ""
        for dn in dates:
            candidate = _collapse(_visible_text(dn))
            parsed = parse_board_date(candidate, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
            if parsed is not None:
                posted_at, shown = parsed, strip_date_label(candidate).strip()
                break
            if not shown and re.search(
                r"\d[\d.:/ -]*\d|сегодня|вчера|today|yesterday", candidate, re.I
            ):
                shown = strip_date_label(candidate).strip()
        if posted_at is None:
            ctx.issues.append(ParseIssue(where, f"unreadable post time {shown!r}"))
        body = _read_body_node(
            body_root if body_root is not None else _fragment(body_html),
            d,
            tz=ctx.tz,
            now=ctx.now,
            where=where,
            issues=ctx.issues,
        )
        posts.append(_post_record(pid, author, author_id, posted_at, shown, body))
    return posts


def _first_member_id(el: LexborNode, selector: str) -> int | None:
    """`_member_id_from(_all(el, selector))` that usually stops at the first link: a post's
    first profile link is its author's."""
    first = _first(el, selector)
    if first is None:
        return None
    found = _member_id_from([first])
    return found if found is not None else _member_id_from(_all(el, selector))


def _text_without(node: LexborNode, selector: str) -> str:
    """Text of `node` (text nodes joined as lexbor joins them) outside the elements matching
    `selector` (icons inside a nick)."""
    if not selector:
        return node.text()
    strip = {n.mem_id for n in _all(node, selector)}
    if not strip:
        return node.text()
    parts: list[str] = []
    inside: list[bool] = []
    hidden = 0
    for event, n in walk(node):
        if event == TEXT:
            if not hidden:
                parts.append(n.text_content or "")
        elif event == OPEN:
            s = n.mem_id in strip
            inside.append(s)
            hidden += s
        elif event == CLOSE:
            hidden -= inside.pop()
    return "".join(parts)


def _post_author(el: LexborNode, d: Dialect) -> tuple[str, int | None]:
    """A post's author nick ("" when missing) and member id."""
    author_node = _first(el, d.sel("author"))
    author = ""
    if author_node is not None:
        author = normalize_nick(_text_without(author_node, d.sel("author_strip")))
    author_id = _first_member_id(el, d.sel("author_link"))
    if author_id is None:
        author_id = _quote_data_userid(el)
    return author, author_id


def _quote_data_userid(el: LexborNode) -> int | None:
    """IPS 4's quote data names the post author's id: the fallback when no profile link
    gave it."""
    quote_data = _first(el, "[data-quotedata]")
    if quote_data is None:
        return None
    try:
        qd: Any = json.loads(htmllib.unescape(_attr(quote_data, "data-quotedata") or ""))
        if isinstance(qd, dict) and str(qd.get("userid", "")).isdigit():
            return int(qd["userid"])
    except ValueError:
        pass
    return None


def _post_date_node(el: LexborNode, body_node: LexborNode | None, d: Dialect) -> LexborNode | None:
    """The element holding a post's time. IPS 4: the post time precedes the body; times
    inside the body are edit notes."""
    date_node = _first(el, d.sel("date"))
    if date_node is not None and body_node is not None and _contains(body_node, date_node):
        date_node = next((c for c in _all(el, d.sel("date")) if not _contains(body_node, c)), None)
    return date_node


def _post_time(date_node: LexborNode | None, ctx: _Ctx) -> tuple[datetime | None, str]:
    """A post's time and its text as shown: the machine-readable attributes first, then
    the visible text."""
    if date_node is None:
        return None, ""
    d = ctx.dialect
    shown = _collapse(_visible_text(date_node)).split("|")[0].strip()
    for attr in d.sel("date_attrs").split():
        value = _attr(date_node, attr)
        if value:
            posted_at = parse_board_date(value, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
            if posted_at is not None:
                return posted_at, shown or value
    return parse_board_date(shown, tz=ctx.tz, now=ctx.now, formats=d.date_formats), shown


def _block_post(el: LexborNode, pid: int, ctx: _Ctx) -> Post:
    """One post element read into a record; what cannot be read is noted in `ctx.issues`."""
    d = ctx.dialect
    where = f"post {pid}"
    author, author_id = _post_author(el, d)
    if not author:
        ctx.issues.append(ParseIssue(where, "author not found"))
    body_node = _first(el, d.sel("body"))
    posted_at, shown = _post_time(_post_date_node(el, body_node, d), ctx)
    if posted_at is None:
        ctx.issues.append(ParseIssue(where, f"unreadable post time {shown!r}"))
    if body_node is None:
        ctx.issues.append(ParseIssue(where, "post body not found"))
        body = BodyParts("", "", "", (), (), None)
    else:
        # read in the page's own tree: no second parse of the body
        body = _read_body_node(body_node, d, tz=ctx.tz, now=ctx.now, where=where, issues=ctx.issues)
    return _post_record(pid, author, author_id, posted_at, shown, body)


def _post_record(
    pid: int,
    author: str,
    author_id: int | None,
    posted_at: datetime | None,
    shown: str,
    body: BodyParts,
) -> Post:
    """One post's record from its header facts and its read body (both layouts)."""
    return Post(
        id=pid,
        author=author,
        author_id=author_id,
        posted_at=posted_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        colored=body.colored,
        quotes=body.quotes,
        edited=body.edited,
        linked_posts=body.links,
        posted_at_text=shown,
    )


def _block_posts(tree: LexborHTMLParser, ctx: _Ctx) -> list[Post]:
    """The posts of a page whose posts are elements (IPB 3.x, IPS 4), each id once."""
    d = ctx.dialect
    posts: list[Post] = []
    root = tree.root
    if root is None:
        return posts
    seen: set[int] = set()
    for el in _all(root, d.sel("post")):
        pid = _int(_attr(el, d.sel("post_id_attr") or "id"))
        if pid is None or pid in seen:
            continue
        seen.add(pid)
        posts.append(_block_post(el, pid, ctx))
    return posts


_TOPIC_ID = re.compile(r"(?:showtopic=|[?&;]t=|/topic/)(\d+)")
# The same three spellings one at a time, for scanning whole pages: a pattern that starts
# with a literal is searched for at C speed, an alternation is tried at every position.
_TOPIC_ID_SCANS = (
    ("showtopic=", re.compile(r"showtopic=(\d+)")),
    ("/topic/", re.compile(r"/topic/(\d+)")),
    ("t=", re.compile(r"(?<=[?&;])t=(\d+)")),
)
_CONTENT_ID = re.compile(r"&quot;contentid&quot;:(\d+)")


def _topic_id(tree: LexborHTMLParser, html: str, dialect: Dialect) -> int | None:
    # the one <body> element (a second <body> tag only adds attributes to it): what the
    # query body[data-pageid] finds, without searching the tree
    body = tree.body
    if body is not None and body.tag == "body":
        value = _int(_attr(body, "data-pageid"))
        if value:
            return value
    canon = tree.css_first("link[rel='canonical']")
    if canon is not None:
        m = _TOPIC_ID.search(_attr(canon, "href") or "")
        if m:
            return int(m.group(1))
    qd = scan(html, "&quot;contentid&quot;:", _CONTENT_ID) if dialect is IPS4 else None
    if qd:
        return int(qd.group(1))
    counts: dict[int, int] = {}
    for literal, pattern in _TOPIC_ID_SCANS:
        for m in scan_all(html, literal, pattern):
            counts[int(m.group(1))] = counts.get(int(m.group(1)), 0) + 1
        if counts:  # the spellings are tried from the most telling one on
            break
    return max(counts, key=lambda k: counts[k]) if counts else None


def _title(tree: LexborHTMLParser, dialect: Dialect) -> str:
    for sel in dialect.sel("title").split(","):
        node = _first(tree.root, sel.strip())
        if node is None:
            continue
        text = _collapse(node.text())
        if node.tag == "title":
            # IPB 1.x/2.x: «Board -> Topic»; IPS 4: «Topic - Page N - Forum - Board»
            if " -> " in text:
                text = text.split(" -> ", 1)[1]
            elif dialect is IPS4:
                text = re.split(r" - (?:Page|Страница) \d+ - | - ", text)[0]
        if text:
            return text
    return ""


_PAGE_JUMP = re.compile(r"multi_page_jump\(\s*['\"][^'\"]*['\"]\s*,\s*(\d+)\s*,\s*(\d+)")
_PAGES_COUNT = (
    ("Страниц", re.compile(r"Страниц\s*:?\s*\((\d+)\)")),
    ("Pages", re.compile(r"Pages\s*:?\s*\((\d+)\)")),
)
_BOLD_PAGE = re.compile(r"<b>\[(\d+)\]</b>")


def _page_of_total(
    root: LexborNode | None, dialect: Dialect, cur: LexborNode | None
) -> tuple[int | None, int | None]:
    """The page number and page count the page's pager elements show, None where unshown."""
    page = _int(_collapse(cur.text()).strip("[]")) if cur is not None else None
    total: int | None = None
    node = _first(root, dialect.sel("page_total_attr_node"))
    if node is not None:
        for attr in dialect.sel("page_total_attr").split():
            total = _int(_attr(node, attr))
            if total:
                break
    jump = _first(root, dialect.sel("page_jump"))
    if jump is not None:
        jt = _collapse(jump.text())
        m = re.search(r"(?:Page|Страница)\s+(\d+)\s+(?:of|из)\s+(\d+)", jt, re.I)
        if m:
            page = page or int(m.group(1))
            total = total or int(m.group(2))
        else:
            m2 = re.search(r"(\d+)\s+страниц", jt, re.I)
            if m2:
                total = total or int(m2.group(1))
    return page, total


def _total_in_source(html: str) -> int | None:
    """The page count from the page source when no pager element gave it: the page-jump
    script's post count and posts a page, else a «Pages (N)» label."""
    mj = scan(html, "multi_page_jump", _PAGE_JUMP)
    if mj and int(mj.group(2)) > 0:
        return -(-int(mj.group(1)) // int(mj.group(2)))
    for literal, pattern in _PAGES_COUNT:
        m = scan(html, literal, pattern)
        if m:
            return int(m.group(1))
    return None


def _next_link(
    root: LexborNode | None, dialect: Dialect, cur: LexborNode | None
) -> LexborNode | None:
    """The link to the next page. IPB 1.x/2.x have no marked one: it is the pager's link
    right after the current page's number."""
    if dialect.layout != "msgnumber":
        return _first(root, dialect.sel("next_link"))
    if cur is None:
        return None
    sib = cur.next
    while sib is not None and sib.tag in ("-text",):
        sib = sib.next
    if sib is None:
        return None
    return sib if sib.tag == "a" else _first(sib, "a")


def _link_url(link: LexborNode | None, base_url: str | None) -> str | None:
    """Where `link` leads (absolute against `base_url`), None for no link or a script one."""
    href = _attr(link, "href")
    if not href or href.startswith(("#", "javascript:")):
        return None
    href = htmllib.unescape(href)
    return urljoin(base_url, href) if base_url else href


def _pagination(
    tree: LexborHTMLParser, html: str, dialect: Dialect, base_url: str | None
) -> tuple[int, int, str | None]:
    """This page's number, the page count and the next page's address (None on the last)."""
    root = tree.root
    cur = _first(root, dialect.sel("page_current"))
    page, total = _page_of_total(root, dialect, cur)
    if total is None:
        total = _total_in_source(html)
    if dialect.layout == "msgnumber" and page is None:
        m = scan(html, "<b>[", _BOLD_PAGE)
        if m:
            page = int(m.group(1))
    page = page or 1
    total = max(total or page, page)
    if page >= total:
        return page, total, None
    return page, total, _link_url(_next_link(root, dialect, cur), base_url)


_GUEST_GREETING_RU = re.compile(r"Здравствуйте\s*,?\s*(?:Гость|Guest)")
_GUEST_GREETING_EN = re.compile(r"Welcome\s*,?\s*(?:Гость|Guest)")


_MEMBER_JS = re.compile(r"memberID\s*:\s*(\d+)")
_MEMBER_VARS = (
    re.compile(r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*parseInt\(\s*(\d+)"),
    re.compile(r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*['\"]?(\d+)"),
)
# Logout links, each with the literal it starts with.
_LOGOUT = (
    ("act=Login&", re.compile(r"act=Login&(?:amp;)?CODE=03")),
    ("act=logout", re.compile(r"act=logout")),
    ("do=logout", re.compile(r"do=logout")),
    ("section=login&", re.compile(r"section=login&(?:amp;)?do=logout")),
)


def _logged_in(html: str, dialect: Dialect) -> bool | None:
    m = scan(html, "memberID", _MEMBER_JS)
    if m:
        return int(m.group(1)) > 0
    m = None
    if "ipb.vars[" in html:
        m = scan(html, "ipb.vars[", _MEMBER_VARS[0]) or scan(html, "ipb.vars[", _MEMBER_VARS[1])
    if m:
        return int(m.group(1)) > 0
    if scan(html, "Здравствуйте", _GUEST_GREETING_RU) or scan(html, "Welcome", _GUEST_GREETING_EN):
        return False
    if ("logout" in html or "CODE=03" in html) and any(
        scan(html, literal, pattern) for literal, pattern in _LOGOUT
    ):
        return True
    return None


def page_logged_in(html: str, dialect: Dialect | None = None) -> bool | None:
    """Whether the page was served to a logged-in member (None: the page does not say)."""
    return _logged_in(html, dialect or detect_ipb(html) or IPB2)


def parse_ipb_topic(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
    base_url: str | None = None,
) -> TopicPage:
    """One topic page of an Invision board → `TopicPage` (never raises on odd markup).

    `tz` is the board's zone for times printed without an offset; `now` (aware) resolves
    «Сегодня»/"Today"; `base_url` makes `next_url` absolute.
    """
    d = resolve_dialect(html, dialect)
    if d is None:
        return TopicPage(
            topic_id=None,
            title="",
            page=1,
            total_pages=1,
            posts=(),
            issues=(ParseIssue("page", "not an Invision board page"),),
        )
    zone = _as_tz(tz)
    if now is None:
        now = _board_now(html, zone, d)
    return _read_topic(html, d, zone, now, base_url, sliced=True)


def _read_topic(
    html: str,
    d: Dialect,
    zone: tzinfo,
    now: datetime | None,
    base_url: str | None,
    *,
    sliced: bool,
) -> TopicPage:
    """`parse_ipb_topic` once the dialect is known. `sliced=False` parses a blocks-layout page
    whole instead of as its dialect's `PageSlice` (the reference the slicing must match)."""
    issues: list[ParseIssue] = []
    ctx = _Ctx(dialect=d, tz=zone, now=now, issues=issues)
    if d.layout == "msgnumber":
        # posts are read from their own slices; the page tree is only for the chrome around
        # them (title, pagination, topic links, login state), so the posts are left out of
        # it; so are they out of every page-wide search (a player's words are no chrome)
        chrome = links_in = jump_in = state_in = _without_posts(html)
        tree = parse_html(chrome)
        posts = _msgnumber_posts(html, ctx)
    else:
        chrome = jump_in = links_in = state_in = html
        sl = d.page_slice
        cut = _slice_blocks(html, sl) if sl is not None and sliced else None
        if cut is not None:
            # page counters are read from the kept chrome too (words in posts are none); the
            # topic id falls back on the links of the whole page, posts' links included
            chrome = jump_in = cut[0]
            tree = parse_html(chrome)
            posts = _block_posts(parse_html(cut[1]), ctx)
        else:
            tree = parse_html(_drop_post_tails(html, sl) if sl is not None else html)
            posts = _block_posts(tree, ctx)
    posts = _link_quotes(posts, ctx)
    if not posts:
        issues.append(ParseIssue("page", f"no posts found ({d.generation} markup)"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    page, total, next_url = _pagination(tree, chrome, d, base_url)
    # IPB 1.x/2.x print the topic's post count into their page-jump link
    jump = scan(jump_in, "multi_page_jump", _PAGE_JUMP)
    return TopicPage(
        topic_id=_topic_id(tree, links_in, d),
        title=_title(tree, d),
        page=page,
        total_pages=total,
        posts=tuple(posts),
        next_url=next_url,
        total_posts=int(jump.group(1)) if jump else None,
        logged_in=_logged_in(state_in, d),
        issues=tuple(issues),
    )


def _link_quotes(posts: list[Post], ctx: _Ctx) -> list[Post]:
    """Give quotes without a post id (IPB 1.3's «Цитата (Nick @ date)») the id of the post on
    this page by that author at that time, so PEFL agreement by quote (P-V.2) can follow it."""
    by_text: dict[tuple[str, str], int] = {}
    by_time: dict[tuple[str, datetime], int] = {}
    for p in posts:
        key = p.author.casefold()
        by_text.setdefault((key, p.posted_at_text), p.id)
        if p.posted_at is not None:
            by_time.setdefault((key, p.posted_at), p.id)
    out: list[Post] = []
    for p in posts:
        if not any(q.post_id is None and q.author and q.time_text for q in p.quotes):
            out.append(p)
            continue
        linked: list[Quote] = []
        for q in p.quotes:
            if q.post_id is None and q.author and q.time_text:
                key = q.author.casefold()
                pid = by_text.get((key, q.time_text))
                if pid is None:
                    at = parse_board_date(
                        q.time_text, tz=ctx.tz, now=ctx.now, formats=ctx.dialect.date_formats
                    )
                    pid = by_time.get((key, at)) if at is not None else None
                if pid is not None and pid != p.id:
                    q = replace(q, post_id=pid)
            linked.append(q)
        out.append(replace(p, quotes=tuple(linked)))
    return out


_CLOCK_RU = re.compile(r"Сейчас\s*:\s*([^<]{6,40})<")
_CLOCK_EN = re.compile(r"Time is now\s*:\s*([^<]{6,40})<")


def _board_now(html: str, tz: tzinfo, dialect: Dialect) -> datetime | None:
    """The board's own clock where the footer prints it («Сейчас: 19.12.21, 14:21»)."""
    tail = max(0, len(html) - 16384)  # the clock is in the page footer
    m = scan(html, "Сейчас", _CLOCK_RU, tail) or scan(html, "Time is now", _CLOCK_EN, tail)
    if not m:
        return None
    return parse_board_date(m.group(1), tz=tz, formats=dialect.date_formats)


# ---------------------------------------------------------------------------------------------
# Forms and tokens


@dataclass(frozen=True, slots=True)
class HtmlForm:
    """A form as the page has it: where it posts and its fields (name → value)."""

    id: str | None
    name: str | None
    method: str
    action: str
    enctype: str | None
    fields: tuple[tuple[str, str, str], ...]  # (name, value, type) in document order

    def values(self) -> dict[str, str]:
        """Field values a browser would submit by default (checked boxes, first radio)."""
        out: dict[str, str] = {}
        for name, value, kind in self.fields:
            if not name or kind in ("checkbox", "radio", "submit", "button", "image", "file"):
                continue
            out.setdefault(name, value)
        return out


def parse_forms(html: str) -> tuple[HtmlForm, ...]:
    tree = LexborHTMLParser(html)
    forms: list[HtmlForm] = []
    for f in tree.css("form"):
        fields: list[tuple[str, str, str]] = []
        for inp in f.css("input, textarea, select, button"):
            name = _attr(inp, "name") or ""
            kind0 = (_attr(inp, "type") or ("submit" if inp.tag == "button" else "")).lower()
            if not name and kind0 != "submit":
                continue  # unnamed submit buttons are kept (name "") so callers see the label
            if inp.tag == "textarea":
                fields.append((name, inp.text(deep=True), "textarea"))
            elif inp.tag == "select":
                opt = inp.css_first("option[selected]") or inp.css_first("option")
                fields.append((name, (_attr(opt, "value") or "") if opt else "", "select"))
            else:
                kind = (_attr(inp, "type") or ("submit" if inp.tag == "button" else "text")).lower()
                value = _attr(inp, "value") or (inp.text() if inp.tag == "button" else "")
                fields.append((name, value.strip() if inp.tag == "button" else value, kind))
        forms.append(
            HtmlForm(
                id=_attr(f, "id"),
                name=_attr(f, "name"),
                method=(_attr(f, "method") or "get").upper(),
                action=htmllib.unescape(_attr(f, "action") or ""),
                enctype=_attr(f, "enctype"),
                fields=tuple(fields),
            )
        )
    return tuple(forms)


@dataclass(frozen=True, slots=True)
class PageTokens:
    """Session and anti-CSRF values an Invision page carries."""

    auth_key: str | None = None  # IPB 1.x-3.x form field / 2.x `ipb_md5_check` / 3.x secure_hash
    csrf_key: str | None = None  # IPS 4.x/5.x `csrfKey`
    session_id: str | None = None  # `s=` in IPB 1.x/2.x URLs, `ipb_var_s`, 3.x session_id
    member_id: int | None = None  # 0 for a guest where the page says so


def page_tokens(html: str) -> PageTokens:
    auth = None
    for pat in (
        r"name=[\"']auth_key[\"'][^>]*value=[\"']([0-9a-f]{32})",
        r"value=[\"']([0-9a-f]{32})[\"'][^>]*name=[\"']auth_key[\"']",
        r"ipb_md5_check\s*[=:]\s*[\"']([0-9a-f]{32})",
        r"ipb\.vars\[\s*['\"]secure_hash['\"]\s*\]\s*=\s*['\"]([0-9a-f]{32})",
        r"auth_key=([0-9a-f]{32})",
    ):
        m = re.search(pat, html)
        if m:
            auth = m.group(1)
            break
    csrf = None
    for pat in (
        r"csrfKey\s*:\s*[\"']([0-9a-f]{32})",
        r"name=[\"']csrfKey[\"'][^>]*value=[\"']([0-9a-f]{32})",
        r"csrfKey=([0-9a-f]{32})",
    ):
        m = re.search(pat, html)
        if m:
            csrf = m.group(1)
            break
    sid = None
    m = re.search(r"ipb_var_s\s*[=:]\s*[\"']([0-9a-f]{32})", html) or re.search(
        r"ipb\.vars\[\s*['\"]session_id['\"]\s*\]\s*=\s*['\"]([0-9a-f]{32})", html
    )
    if m is None:
        m = re.search(r"[?&;]s=([0-9a-f]{32})", html)
    if m:
        sid = m.group(1)
    member = None
    m = (
        re.search(r"memberID\s*:\s*(\d+)", html)
        or re.search(
            r"ipb\.vars\[\s*['\"]member_id['\"]\s*\]\s*=\s*(?:parseInt\(\s*)?['\"]?(\d+)", html
        )
        or re.search(r"ipb_member_id\s*[=:]\s*[\"']?(\d+)", html)
    )
    if m:
        member = int(m.group(1))
    return PageTokens(auth_key=auth, csrf_key=csrf, session_id=sid, member_id=member)


# ---------------------------------------------------------------------------------------------
# Messenger (template-derived for every generation: no real PM page was available)


def _msg_id(href: str) -> int | None:
    href = htmllib.unescape(href)
    q = parse_qs(urlsplit(href).query)
    for key in ("MSID", "topicID", "msid"):
        if key in q and q[key][0].isdigit():
            return int(q[key][0])
    m = re.search(r"/messenger/(\d+)", href)
    return int(m.group(1)) if m else None


def _find_date(text: str, d: Dialect, tz: tzinfo, now: datetime | None) -> datetime | None:
    """A time somewhere at the end of a line such as «Started by X, 17 August 2015 - 02:33 PM»."""
    text = _collapse(text)
    found = parse_board_date(text, tz=tz, now=now, formats=d.date_formats)
    if found is not None:
        return found
    for m in re.finditer(r"(?:,\s*|\s)(?=\S)", text):
        found = parse_board_date(text[m.end() :], tz=tz, now=now, formats=d.date_formats)
        if found is not None:
            return found
    return None


def parse_ipb_pm_folder(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> PMFolder:
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect)
    if d is None:
        return PMFolder(messages=(), issues=(ParseIssue("page", "not an Invision board page"),))
    zone = _as_tz(tz)
    tree = LexborHTMLParser(html)
    out: list[PMSummary] = []
    seen: set[int] = set()
    for row in _all(tree.root, d.sel("pm_row")):
        link = _first(row, d.sel("pm_row_link"))
        if link is None:
            continue
        mid = _attr(row, "data-messageid")
        msg_id = int(mid) if mid and mid.isdigit() else _msg_id(_attr(link, "href") or "")
        if msg_id is None:
            m = re.search(r"MT_(\d+)", _attr(row, "id") or "")
            msg_id = int(m.group(1)) if m else None
        if msg_id is None or msg_id in seen:
            continue
        seen.add(msg_id)
        where = f"pm {msg_id}"
        sender_node = _first(row, d.sel("pm_row_sender"))
        sender = normalize_nick(sender_node.text()) if sender_node is not None else ""
        sent_at = None
        date_node = _first(row, d.sel("pm_row_date")) if d.sel("pm_row_date") else None
        if date_node is not None:
            sent_at = _find_date(
                _attr(date_node, "datetime") or _visible_text(date_node), d, zone, now
            )
        else:
            for td in _all(row, "td"):
                sent_at = _find_date(_visible_text(td), d, zone, now)
                if sent_at is not None:
                    break
        if sent_at is None:
            issues.append(ParseIssue(where, "unreadable PM time"))
        # IPB 1.3/2.x keep the read state in a hidden input named after the message id.
        state = _first(row, f"input[type='hidden'][name='{msg_id}']")
        unread = (
            bool(_first(row, d.sel("pm_unread")))
            or "unread" in (_attr(row, "class") or "").lower()
            or (state is not None and (_attr(state, "value") or "") == "0")
        )
        out.append(
            PMSummary(
                id=msg_id,
                sender=sender,
                sender_id=_member_id_from([sender_node] if sender_node is not None else []),
                subject=_collapse(link.text()),
                sent_at=sent_at,
                unread=unread,
            )
        )
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    return PMFolder(
        messages=tuple(out),
        unread_count=sum(1 for m in out if m.unread),
        logged_in=_logged_in(html, d),
        issues=tuple(issues),
    )


def parse_ipb_conversation(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> tuple[PrivateMessage, ...]:
    """Every message on a messenger page: one for IPB 1.x/2.x, a whole conversation for IPB 3
    and IPS 4/5 (whose messages use the topic post markup)."""
    d = resolve_dialect(html, dialect)
    if d is None or d.layout == "msgnumber":
        return (parse_ipb_pm(html, dialect=d or "auto", tz=tz, now=now),)
    zone = _as_tz(tz)
    issues: list[ParseIssue] = []
    ctx = _Ctx(dialect=d, tz=zone, now=now, issues=issues)
    tree = LexborHTMLParser(html)
    title_node = _first(tree.root, d.sel("pm_title"))
    subject = _collapse(title_node.text()) if title_node is not None else ""
    out: list[PrivateMessage] = []
    for post in _block_posts(tree, ctx):
        where = f"pm {post.id}"
        out.append(
            PrivateMessage(
                id=post.id,
                sender=post.author,
                sender_id=post.author_id,
                recipients=(),
                subject=subject,
                sent_at=post.posted_at,
                body_html=post.body_html,
                text=post.text,
                own_text=post.own_text,
                quotes=post.quotes,
                issues=tuple(i for i in issues if i.where in (where, f"post {post.id}")),
            )
        )
    if out and cut_short(html):
        # the cut reaches the last message read (and whatever came after it)
        last = out[-1]
        out[-1] = replace(last, issues=(*last.issues, ParseIssue(f"pm {last.id}", CUT_SHORT)))
    return tuple(out)


def parse_ipb_pm(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
    msg_id: int | None = None,
) -> PrivateMessage:
    """A messenger view page → one message (for a conversation: `msg_id`, else the newest)."""
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect)
    zone = _as_tz(tz)
    if d is not None and d.layout != "msgnumber":
        messages = parse_ipb_conversation(html, dialect=d, tz=zone, now=now)
        # without an id, the newest message: the one that made the conversation unread
        chosen = next((m for m in messages if m.id == msg_id), messages[-1] if messages else None)
        if chosen is not None:
            return chosen
        issues.append(ParseIssue("pm", "no message found on the page"))
    if d is None or d.layout != "msgnumber":
        if d is None:
            issues.append(ParseIssue("page", "not an Invision board page"))
        return PrivateMessage(
            id=msg_id or 0,
            sender="",
            sender_id=None,
            recipients=(),
            subject="",
            sent_at=None,
            body_html="",
            text="",
            own_text="",
            issues=tuple(issues),
        )
    tree = LexborHTMLParser(html)
    root = tree.root
    if msg_id is None:
        m = re.search(r"MSID=(\d+)", html)
        msg_id = int(m.group(1)) if m else 0
    where = f"pm {msg_id}"
    title_node = _first(root, d.sel("pm_title"))
    subject = _collapse(title_node.text()) if title_node is not None else ""
    sender_node = _first(root, d.sel("pm_sender"))
    sender = normalize_nick(sender_node.text()) if sender_node is not None else ""
    sent_at = None
    for date_node in _all(root, d.sel("pm_date")):
        sent_at = _find_date(_visible_text(date_node), d, zone, now)
        if sent_at is not None:
            break
    if sent_at is None:
        issues.append(ParseIssue(where, "unreadable PM time"))
    # The body: the cell holding the first postcolor (1.3 splits it around quotes like posts).
    first_body = _first(root, d.sel("pm_body"))
    cell = first_body.parent if first_body is not None else None
    if cell is None:
        issues.append(ParseIssue(where, "PM body not found"))
        body = BodyParts("", "", "", (), (), None)
    else:
        body = _read_body(cell.inner_html or "", d, tz=zone, now=now, where=where, issues=issues)
    if cut_short(html):
        issues.append(ParseIssue(where, CUT_SHORT))
    return PrivateMessage(
        id=msg_id,
        sender=sender,
        sender_id=_member_id_from(_all(sender_node, "a") + ([sender_node] if sender_node else [])),
        recipients=(),
        subject=subject,
        sent_at=sent_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        quotes=body.quotes,
        issues=tuple(issues),
    )


# ---------------------------------------------------------------------------------------------
# Registration with parser.pages (board = "ipb" auto-detects the generation)

_CONTENT_MARKERS = re.compile(
    r"<!--\s*Begin Msg Number|data-post=[\"']\d|id=[\"']elComment_\d|id=[\"']post_id_\d"
    r"|data-messageid=|id=[\"']MT_\d|act=Msg&(?:amp;)?CODE=03",
)
# A messenger view (IPB 1.x/2.x MSID links, IPB 3 reply form, IPS 4/5 page controller): topic,
# mention and search pages carry the same post markup, so without this they read as a PM.
_MESSENGER_MARKERS = re.compile(
    r"MSID=\d|do=(?:sendReply|showConversation)|data-pagecontroller=[\"']messenger"
    r"|messenger_content_\d"
)
_LOGIN_FORMS = re.compile(
    r"<form[^>]+(?:name=[\"']LOGIN[\"']|id=[\"'](?:login|auth|elSignIn_form)[\"']"
    r"|action=[\"'][^\"']*(?:act=Login|act=auth|section=login|/login/?)[^\"']*[\"'])",
    re.I,
)


def is_ipb_login(html: str) -> bool:
    """True for a page whose business is logging in (the session is gone), not a content page
    that merely carries a sign-in box in its header."""
    if _CONTENT_MARKERS.search(html):
        return False
    return bool(
        _LOGIN_FORMS.search(html) and re.search(r"<input[^>]+type=[\"']password", html, re.I)
    )


def _register() -> None:
    from parser.pages import BoardReader, register_board

    def make(forced: Dialect | None) -> BoardReader:
        def topic(html: str | bytes, *, tz: tzinfo | str, now: datetime | None) -> TopicPage:
            if isinstance(html, bytes):
                from parser.encoding import decode_html

                html = decode_html(html)
            return parse_ipb_topic(html, dialect=forced or "auto", tz=tz, now=now)

        def folder(html: str, *, tz: tzinfo | str, now: datetime | None) -> PMFolder:
            return parse_ipb_pm_folder(html, dialect=forced or "auto", tz=tz, now=now)

        def pm(html: str, *, tz: tzinfo | str, now: datetime | None) -> PrivateMessage | None:
            if not _MESSENGER_MARKERS.search(html):
                return None
            msg = parse_ipb_pm(html, dialect=forced or "auto", tz=tz, now=now)
            return msg if (msg.sender or msg.text) else None

        def detect(html: str) -> bool:
            return forced is None and detect_ipb(html) is not None

        return BoardReader(
            name=forced.name if forced else "ipb",
            detect=detect,
            topic=topic,
            pm_folder=folder,
            pm=pm,
            is_login=is_ipb_login,
        )

    register_board(make(None))
    for d in (IPB2, IPB2_4PDA, IPB3, IPS4):
        register_board(make(d))


_register()
