"""Quotes of every generation: IPB 1.x/2.x's `<!--QuoteBegin-…-->` and `quoteo(…)` comments,
the citation lines («Цитата (Nick @ date)», "Nick, on DATE, said:"), the boxes around them, and
the quotes as the body walk reads them.
"""

from __future__ import annotations

import html as htmllib
import re
from collections import deque
from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

from parser.dialects import Dialect
from parser.html import first_int
from parser.ipb.spans import Span
from parser.ipb.text import collapse_text, may_match, normalize_nick, select_all

_QUOTE_COMMENT = re.compile(
    r"^\s*(?:QuoteBegin(?:-(?P<nick>.*?)(?:\+(?P<date>[^+]*))?)?"
    r"|quoteo(?:\((?P<args>[^)]*)\))?)\s*$",
    re.S,
)


_CITATION = re.compile(
    r"(?:Цитата|QUOTE|Quote)?\s*\(?\s*(?P<nick>[^()@]+?)\s*@\s*(?P<date>[^)]*)\)?\s*$", re.S
)


@dataclass
class QuoteInfo:
    author: str | None = None
    author_id: int | None = None
    post_id: int | None = None
    time_text: str = ""


_QUOTEO_ARGS = re.compile(r"post=(?P<post>\d*):date=(?P<date>.*?):name=(?P<name>.*)$", re.S)


def comment_quote_info(text: str) -> QuoteInfo | None:
    m = _QUOTE_COMMENT.match(text)
    if not m:
        return None
    if m.group("args") is not None:
        # IPB 2: quoteo(post=PID:date=18.06.2016, 13:00:name=Nick) — the date has colons
        a = _QUOTEO_ARGS.match(m.group("args").strip())
        if a is None:
            return QuoteInfo()
        name = normalize_nick(htmllib.unescape(a.group("name")))
        return QuoteInfo(
            author=name or None,
            post_id=first_int(a.group("post")),
            time_text=collapse_text(htmllib.unescape(a.group("date"))),
        )
    nick = m.group("nick")
    return QuoteInfo(
        author=normalize_nick(htmllib.unescape(nick)) if nick else None,
        time_text=collapse_text(m.group("date") or ""),
    )


def comment_text(node: LexborNode) -> str:
    html = node.html or ""
    return html[4:-3] if html.startswith("<!--") and html.endswith("-->") else html


@dataclass(slots=True)
class QuoteRead:
    """A quote being read: the quote element, its text and the citation seen so far."""

    info: QuoteInfo
    depth: int
    parts: list[str] = field(default_factory=list)  # its own text, nested quotes left out
    title: list[str] = field(default_factory=list)  # citation line (title) text
    box: list[str] = field(default_factory=list)  # other text of the box outside the body
    has_title: bool = False
    body_open: bool = False
    spans: list[Span] = field(default_factory=list)


def quote_boxes(
    root: LexborNode, dialect: Dialect, low: str
) -> tuple[list[LexborNode], dict[int, int], dict[int, int]]:
    """Quote elements in document order, the box to cut for each (IPB 1.3: the table around
    td#QUOTE, whose first row is the citation) and the title just before a quote (IPB 2's
    div.quotetop, IPB 3's citation), both as mem_id → quote index."""
    quotes = select_all(root, dialect.sel("quote")) if may_match(low, dialect.sel("quote")) else []
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


TITLE_POST = re.compile(r"(?:pid|p|comment)=(\d+)")


_SAID = re.compile(r"^(?P<nick>.+?),\s+(?:on\s+(?P<at>.+?),\s+)?said\b")


def start_quote(
    reads: list[QuoteRead | None],
    i: int,
    depth: int,
    pending: deque[QuoteInfo],
    msgnumber: bool,
) -> QuoteRead:
    r = reads[i]
    if r is None:
        # IPB 1.x/2.x: the QuoteBegin/quoteo comment before the box names the quoted post
        info = pending.popleft() if msgnumber and pending else QuoteInfo()
        r = reads[i] = QuoteRead(info, depth + 1)
    return r


def cite_quote(r: QuoteRead, msgnumber: bool) -> None:
    """Author and time from the citation line where the quote's markup did not give them."""
    info = r.info
    if msgnumber:
        # IPB 2's div.quotetop, then IPB 1.3's first table row: «Цитата (Nick @ date)»
        for text in (r.title, r.box):
            if info.author is not None or not text:
                continue
            cm = _CITATION.search(collapse_text("".join(text)))
            if cm:
                info.author = normalize_nick(cm.group("nick"))
                info.time_text = info.time_text or cm.group("date").strip()
        return
    if not r.has_title:
        return
    ttext = collapse_text("".join(r.title))
    cm = _CITATION.search(ttext)
    # IPB 3: «Huz, on 17 Aug 2015 - 2:33 PM, said:»; 4PDA: «Nick @ date»
    cm2 = _SAID.match(ttext)
    if cm:
        info.author = info.author or normalize_nick(cm.group("nick"))
        info.time_text = info.time_text or cm.group("date").strip()
    elif cm2:
        info.author = info.author or normalize_nick(cm2.group("nick"))
        info.time_text = info.time_text or (cm2.group("at") or "")
