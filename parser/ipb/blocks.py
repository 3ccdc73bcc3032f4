"""Topic pages whose posts are elements (4PDA's IPB 2 fork, IPB 3.x, IPS 4.x/5.x): the page cut by
its dialect's `PageSlice`, and one post element read into a record.
"""

from __future__ import annotations

import html as htmllib
import json
from datetime import datetime
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.dialects import Dialect, PageSlice
from parser.html import CLOSE, OPEN, TEXT, first_int, scan, walk
from parser.ipb.body import PostParts, ReadContext, read_body_node
from parser.ipb.text import (
    attr_of,
    collapse_text,
    contains,
    first_member_id,
    normalize_nick,
    parse_board_date,
    select_all,
    select_first,
    visible_text,
)
from parser.records import Body, ParseIssue


def drop_post_tails(html: str, sl: PageSlice) -> str:
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


def slice_blocks(html: str, sl: PageSlice) -> tuple[str, str] | None:
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
    return chrome, drop_post_tails(html[start:end], sl)


def _text_without(node: LexborNode, selector: str) -> str:
    """Text of `node` (text nodes joined as lexbor joins them) outside the elements matching
    `selector` (icons inside a nick)."""
    if not selector:
        return node.text()
    strip = {n.mem_id for n in select_all(node, selector)}
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
    author_node = select_first(el, d.sel("author"))
    author = ""
    if author_node is not None:
        author = normalize_nick(_text_without(author_node, d.sel("author_strip")))
    author_id = first_member_id(el, d.sel("author_link"))
    if author_id is None:
        author_id = _quote_data_userid(el)
    return author, author_id


def _quote_data_userid(el: LexborNode) -> int | None:
    """IPS 4's quote data names the post author's id: the fallback when no profile link
    gave it."""
    quote_data = select_first(el, "[data-quotedata]")
    if quote_data is None:
        return None
    try:
        qd: Any = json.loads(htmllib.unescape(attr_of(quote_data, "data-quotedata") or ""))
        if isinstance(qd, dict) and str(qd.get("userid", "")).isdigit():
            return int(qd["userid"])
    except ValueError:
        pass
    return None


def _post_date_node(el: LexborNode, body_node: LexborNode | None, d: Dialect) -> LexborNode | None:
    """The element holding a post's time. IPS 4: the post time precedes the body; times
    inside the body are edit notes."""
    date_node = select_first(el, d.sel("date"))
    # (the body lies inside the post element: an ancestor above the post is never the body)
    if date_node is not None and body_node is not None and contains(body_node, date_node, el):
        date_node = next(
            (c for c in select_all(el, d.sel("date")) if not contains(body_node, c, el)), None
        )
    return date_node


def _post_time(date_node: LexborNode | None, ctx: ReadContext) -> tuple[datetime | None, str]:
    """A post's time and its text as shown: the machine-readable attributes first, then
    the visible text."""
    if date_node is None:
        return None, ""
    d = ctx.dialect
    shown = collapse_text(visible_text(date_node)).split("|")[0].strip()
    for attr in d.sel("date_attrs").split():
        value = attr_of(date_node, attr)
        if value:
            posted_at = parse_board_date(value, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
            if posted_at is not None:
                return posted_at, shown or value
    return parse_board_date(shown, tz=ctx.tz, now=ctx.now, formats=d.date_formats), shown


def _block_post(el: LexborNode, pid: int, ctx: ReadContext) -> PostParts:
    """One post element read; what cannot be read is noted in `ctx.issues`."""
    d = ctx.dialect
    where = f"post {pid}"
    author, author_id = _post_author(el, d)
    if not author:
        ctx.issues.append(ParseIssue(where, "author not found"))
    body_node = select_first(el, d.sel("body"))
    posted_at, shown = _post_time(_post_date_node(el, body_node, d), ctx)
    if posted_at is None:
        ctx.issues.append(ParseIssue(where, f"unreadable post time {shown!r}"))
    if body_node is None:
        ctx.issues.append(ParseIssue(where, "post body not found"))
        body = Body()
    else:
        # read in the page's own tree: no second parse of the body
        body = read_body_node(body_node, d, tz=ctx.tz, now=ctx.now, where=where, issues=ctx.issues)
    return pid, author, author_id, posted_at, shown, body


def block_posts(tree: LexborHTMLParser, ctx: ReadContext) -> list[PostParts]:
    """The posts of a page whose posts are elements (IPB 3.x, IPS 4, and their messenger
    conversations), each id once."""
    d = ctx.dialect
    posts: list[PostParts] = []
    root = tree.root
    if root is None:
        return posts
    seen: set[int] = set()
    for el in select_all(root, d.sel("post")):
        pid = first_int(attr_of(el, d.sel("post_id_attr") or "id"))
        if pid is None or pid in seen:
            continue
        seen.add(pid)
        posts.append(_block_post(el, pid, ctx))
    return posts
