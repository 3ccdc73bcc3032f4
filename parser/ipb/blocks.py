"""Topic pages whose posts are elements (4PDA's IPB 2 fork, IPB 3.x, IPS 4.x/5.x): the page cut by
its dialect's `PageSlice`, and one post element read into a record.
"""

from __future__ import annotations

import html as htmllib
import json
import re
from collections.abc import Container
from datetime import datetime
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.dialects import IPS4, Dialect, PageSlice
from parser.html import CLOSE, MAX_DEPTH, OPEN, TEXT, first_int, parse_utf8, scan, walk
from parser.ipb import heads
from parser.ipb.body import PostParts, ReadContext, read_body_node
from parser.ipb.text import (
    attr_of,
    collapse_text,
    contains,
    first_member_id,
    member_id_from,
    member_id_in,
    normalize_nick,
    parse_board_date,
    select_all,
    select_first,
    visible_text,
)
from parser.records import Body, ParseIssue


def drop_post_tails(html: str, sl: PageSlice, start: int = 0, stop: int | None = None) -> str:
    """The posts' markup (`html[start:stop]`) without what lies between each body and its
    post's close (the dialect's `tail` markers: IPS 4's reputation, controls and signature,
    half of a post's markup, which nothing reads). Read in place: no copy of the posts is
    made before their tails are left out."""
    if stop is None:
        stop = len(html)
    if not sl.tail:
        return html[start:stop]
    kept = _kept_spans(html, sl, start, stop)
    return sl.post_close.join([html[kept[k] : kept[k + 2]] for k in range(0, len(kept), 3)])


def post_tails_utf8(html: str, sl: PageSlice, start: int, stop: int) -> bytes:
    """`drop_post_tails(html, sl, start, stop)` as lexbor is given it (`parse_utf8`), encoded
    a part at a time: each post's header apart from its body, so that a header with no
    character beyond ASCII (the board's own markup: most of what is kept) is copied, not
    encoded character by character as the whole text would be."""
    if not sl.tail:
        return html[start:stop].encode("utf-8", "ignore")
    return _kept_utf8(html, sl, _kept_spans(html, sl, start, stop))


def _kept_utf8(html: str, sl: PageSlice, kept: list[int]) -> bytes:
    """`post_tails_utf8` of the spans `_kept_spans` found."""
    close = sl.post_close.encode()
    parts: list[bytes] = []
    for k in range(0, len(kept) - 3, 3):
        parts += (
            html[kept[k] : kept[k + 1]].encode("utf-8", "ignore"),
            html[kept[k + 1] : kept[k + 2]].encode("utf-8", "ignore"),
            close,
        )
    parts.append(html[kept[-3] : kept[-1]].encode("utf-8", "ignore"))
    return b"".join(parts)


def _kept_spans(html: str, sl: PageSlice, start: int, stop: int) -> list[int]:
    """What `drop_post_tails` keeps of `html[start:stop]`, flat: for each post, where its kept
    markup starts, where its body mark lies and where its tail begins; then the rest after
    the last post (start, start, stop). The post close follows each post's kept markup."""
    kept: list[int] = []
    pos = start
    close = sl.post_close
    while True:
        body = html.find(sl.body_mark, pos, stop)
        if body < 0:
            break
        end = html.find(close, body, stop)
        if end < 0:
            break
        cut = end  # the first tail marker, each searched only up to the one found so far
        for marker in sl.tail:
            i = html.find(marker, body, cut)
            if i >= 0:
                cut = i
        kept += (pos, body, cut)
        pos = end + len(close)
    kept += (pos, pos, stop)
    return kept


def slice_blocks(html: str, sl: PageSlice) -> tuple[str, str] | None:
    """(chrome, posts) of a blocks-layout topic page cut by its dialect's `PageSlice`, or
    None when the page has no post opening tag to cut at (then it is parsed whole)."""
    cut = slice_bounds(html, sl)
    if cut is None:
        return None
    chrome, start, end = cut
    return chrome, drop_post_tails(html, sl, start, end)


def slice_bounds(html: str, sl: PageSlice) -> tuple[str, int, int] | None:
    """`slice_blocks` but for the posts' bounds in `html` (their tails still in):
    (chrome, start, end)."""
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
    return chrome, start, end


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


def _post_author(el: LexborNode, d: Dialect, *, by_place: bool = True) -> tuple[str, int | None]:
    """A post's author nick ("" when missing) and member id. IPS 4's are found by their
    place in its author pane where the board's own selectors are in force (`_ips4_pane`);
    `by_place=False` queries the selectors (the reference)."""
    pane = _ips4_pane(el) if by_place and d.selectors is IPS4.selectors else None
    if pane is not None:
        nick, link, href = pane
        # the link's address is read once (by the pane): its member id, else its other
        # attributes as `member_id_from` reads them after the address
        author_id = member_id_in(href) if link is not None and href else None
        if author_id is None and link is not None:
            author_id = member_id_from([link])
        if author_id is None:
            author_id = first_member_id(el, d.sel("author_link"))
        author = normalize_nick(nick.text())  # (IPS 4 strips nothing from a nick)
    else:
        author_node = select_first(el, d.sel("author"))
        author = ""
        if author_node is not None:
            author = normalize_nick(_text_without(author_node, d.sel("author_strip")))
        author_id = first_member_id(el, d.sel("author_link"))
    if author_id is None:
        author_id = _quote_data_userid(el)
    return author, author_id


def _first_element(node: LexborNode) -> LexborNode | None:
    """`node`'s first child element (text and comments before it skipped)."""
    n: LexborNode | None = node.child
    while n is not None and not n.is_element_node:
        n = n.next
    return n


def _ips4_pane(el: LexborNode) -> tuple[LexborNode, LexborNode | None, str] | None:
    """IPS 4.1's author pane found by its place, as its own selectors find it, without their
    queries: the post's first element (`aside`), its first (`h3[itemprop=creator]`), its
    first (`strong[itemprop=name]`, the `author` selector's first match) and that one's first
    element (the author's profile link: the first link of the post, so the `author_link`
    selector's first match when its address names a profile), with that link's address. None
    when the post is not so built: its selectors are queried.

    Why these are the first matches: a selector query of a node tests the node itself and
    its descendants in document order, and here every element before the nick (the post,
    the `aside`, the `h3`) is no `[itemprop=name]` and no link, which is all the `author`
    selectors can match; and no element before the profile link is a link. (None of them is
    a link because the tree builder puts no link inside a link but through a table cell, and
    none lies between them.)"""
    if el.attrs.get("itemprop") == "name":
        return None
    aside = _first_element(el)
    if aside is None or aside.attrs.get("itemprop") == "name":
        return None
    h3 = _first_element(aside)
    if h3 is None or h3.tag != "h3" or h3.attrs.get("itemprop") != "creator":
        return None
    nick = _first_element(h3)
    if nick is None or nick.attrs.get("itemprop") != "name":
        return None
    link = _first_element(nick)  # (a link holds no link: the nick is none)
    if link is None or link.tag != "a":
        return None  # another element first: it may be, or hold, the first profile link
    href = link.attrs.get("href") or ""
    if "/profile/" in href or "showuser=" in href:
        return nick, link, href
    return nick, None, href


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


def _post_time(
    date_node: LexborNode | None, ctx: ReadContext, *, fast: bool = True
) -> tuple[datetime | None, str]:
    """A post's time and its text as shown: the machine-readable attributes first, then
    the visible text. `fast=False` reads the shown text by `visible_text` and every attribute
    by `attr_of` and `parse_board_date` (the references `_shown_time`, `_time_attr` and
    `_utc_iso` are held to)."""
    if date_node is None:
        return None, ""
    d = ctx.dialect
    shown = _shown_time(date_node) if fast else visible_text(date_node)
    shown = collapse_text(shown).split("|")[0].strip()
    for attr in d.sel("date_attrs").split():
        value = _time_attr(date_node, attr) if fast else attr_of(date_node, attr)
        if value:
            posted_at = _utc_iso(value) if fast else None
            if posted_at is None:
                posted_at = parse_board_date(value, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
            if posted_at is not None:
                return posted_at, shown or value
    return parse_board_date(shown, tz=ctx.tz, now=ctx.now, formats=d.date_formats), shown


# Time attributes read by lexbor's look-up of one name instead of a dictionary of every
# attribute (`attr_of`): that look-up matches a name in any case, so it finds what the
# dictionary finds only for lowercase names no element stores otherwise (an HTML element's
# names are lowercased by the tokenizer; no SVG or MathML name lowercases to these).
_LOOKED_UP = frozenset(("datetime", "title"))


def _time_attr(node: LexborNode, name: str) -> str | None:
    """`attr_of(node, name)` for a time element's attribute."""
    return node.attrs.get(name) if name in _LOOKED_UP else attr_of(node, name)


def _shown_time(node: LexborNode) -> str:
    """`visible_text` of a time element, whose text is usually its one text node: that
    node's text as it stands (collapsed by the caller, as `visible_text`'s lines would be)."""
    child = node.child
    if child is not None and child.next is None and child.tag == "-text":
        return child.text_content or ""
    return visible_text(node)


# A time attribute as IPS 4 writes it (`datetime='2017-04-19T17:01:59Z'`): whole seconds, UTC.
_UTC_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


def _utc_iso(value: str) -> datetime | None:
    """`parse_board_date` of an attribute spelt as `_UTC_ISO`, read as that reads it (an ISO
    time with nothing to clean off, `fromisoformat` with "Z" as +00:00) without its dispatch;
    None for any other spelling or an impossible date (then `parse_board_date` reads it)."""
    if _UTC_ISO.fullmatch(value) is None:
        return None
    try:
        return datetime.fromisoformat(value[:-1] + "+00:00")
    except ValueError:
        return None


def _block_post(
    el: LexborNode, pid: int, ctx: ReadContext, parts: _Parts | None = None
) -> PostParts:
    """One post element read; what cannot be read is noted in `ctx.issues`. `parts`: its
    body and times as the page's one query found them (else queried here)."""
    d = ctx.dialect
    where = f"post {pid}"
    author, author_id = _post_author(el, d)
    if not author:
        ctx.issues.append(ParseIssue(where, "author not found"))
    if parts is None:
        body_node = select_first(el, d.sel("body"))
        date_node = _post_date_node(el, body_node, d)
    else:
        body_node, date_node = parts.body, parts.date(el)
    posted_at, shown = _post_time(date_node, ctx)
    if posted_at is None:
        ctx.issues.append(ParseIssue(where, f"unreadable post time {shown!r}"))
    if body_node is None:
        ctx.issues.append(ParseIssue(where, "post body not found"))
        body = Body()
    else:
        # read in the page's own tree: no second parse of the body
        body = read_body_node(body_node, d, tz=ctx.tz, now=ctx.now, where=where, issues=ctx.issues)
    return pid, author, author_id, posted_at, shown, body


# IPS 4's own selectors for a post, its body and its times, as one query for the whole page (a
# selector query's set-up costs more than its search): each part names its own element, so
# what a found element is for is told by its tag. (Its author and profile link are still
# queried in each post, where the search stops at the post's first elements: a page-wide
# search for a nick's descendant selectors or a link's address costs more than that.)
_IPS4_PARTS = (
    ("article", "post"),
    ("div", "body"),
    ("time", "date"),
)
_PART_TAGS = frozenset(tag for tag, _key in _IPS4_PARTS)


class _Parts:
    """A post's body and times, found by the page's one query (`_page_parts`)."""

    __slots__ = ("body", "dates", "el")

    def __init__(self, el: LexborNode) -> None:
        self.el = el
        self.body: LexborNode | None = None  # the first body element
        # times in document order, each with whether it comes after the first body element
        # (a time before it cannot lie inside it)
        self.dates: list[tuple[LexborNode, bool]] = []

    def date(self, el: LexborNode) -> LexborNode | None:
        """`_post_date_node` of the post: its first time outside its body."""
        body = self.body
        for node, after in self.dates:
            if not after or body is None or not contains(body, node, el):
                return node
        return None


def _parts_query(d: Dialect) -> str | None:
    """The one query of `_page_parts` for a dialect whose selectors are IPS 4's own (None
    for any other, a host's overrides included: each post is queried by its selectors)."""
    if d.selectors is not IPS4.selectors:
        return None
    return ", ".join(d.sel(key) for _tag, key in _IPS4_PARTS)


def _page_parts(root: LexborNode, query: str) -> list[tuple[LexborNode, _Parts | None]] | None:
    """Every post element of the page with its parts, by one query in document order: each
    part belongs to the post before it. That holds when the posts are all children of one
    element whose other children are empty (IPS 4's comment anchors), so that no post lies
    inside another and what is found between two posts lies inside the first; otherwise None
    (each post is queried on its own). The last post is queried on its own too: what is found
    after it may lie outside it."""
    groups: list[_Parts] = []
    cur: _Parts | None = None
    for node in root.css(query):
        tag = node.tag
        if tag == "article":
            cur = _Parts(node)
            groups.append(cur)
        elif cur is None:
            continue
        elif tag == "div":
            if cur.body is None:
                cur.body = node
        else:
            cur.dates.append((node, cur.body is not None))
    if not groups:
        return []
    parent = groups[0].el.parent
    if parent is None:
        return None
    pid = parent.mem_id
    posts: set[int] = set()
    for g in groups:
        up = g.el.parent
        if up is None or up.mem_id != pid:
            return None
        posts.add(g.el.mem_id)
    for child in parent.iter():
        if child.mem_id not in posts and (child.child is not None or child.tag in _PART_TAGS):
            return None  # an element beside the posts that may hold what the query finds
    out: list[tuple[LexborNode, _Parts | None]] = [(g.el, g) for g in groups]
    out[-1] = (groups[-1].el, None)
    return out


def _post_id_attr(el: LexborNode, name: str) -> str | None:
    """`attr_of(el, name)` for the attribute holding a post's id; its `id` is read as the
    element's id (lexbor keeps it apart: no dictionary of every attribute is built)."""
    return el.id if name == "id" else attr_of(el, name)


def block_posts(
    tree: LexborHTMLParser, ctx: ReadContext, *, grouped: bool = True
) -> list[PostParts]:
    """The posts of a page whose posts are elements (IPB 3.x, IPS 4, and their messenger
    conversations), each id once. IPS 4's posts are found with their parts by one query
    for the page where its own selectors are in force; `grouped=False` queries each post
    (the reference the page's query is held to)."""
    d = ctx.dialect
    posts: list[PostParts] = []
    root = tree.root
    if root is None:
        return posts
    seen: set[int] = set()
    query = _parts_query(d) if grouped else None
    per_post = _page_parts(root, query) if query is not None else None
    if per_post is None:
        per_post = [(el, None) for el in select_all(root, d.sel("post"))]
    id_attr = d.sel("post_id_attr") or "id"
    for el, parts in per_post:
        pid = first_int(_post_id_attr(el, id_attr))
        if pid is None or pid in seen:
            continue
        seen.add(pid)
        posts.append(_block_post(el, pid, ctx, parts))
    return posts


# Header templates learnt in this process (`heads`): each proves its own matches, whatever
# board or page it was learnt on, so they are kept for the process, a few at most; learning is
# tried on a few pages at most (a board whose headers no template fits stops paying for it).
_TEMPLATES: list[heads.Template] = []
# a matched header: its template, where its article's tag ends and its body's tag starts, its
# fields, its time read
_Hit = tuple[heads.Template, int, int, heads.Fields, datetime, str]
_MAX_TEMPLATES = 4
_learning = {"tries": 16}


def read_posts(html: str, sl: PageSlice, start: int, end: int, ctx: ReadContext) -> list[PostParts]:
    """The posts of `html[start:end]` (a blocks-layout page's posts, cut by `slice_bounds`)
    read as `block_posts` reads them from lexbor's parse of `drop_post_tails` (given as
    UTF-8). Where IPS 4's own selectors are in force, each post whose header fits a learnt
    template (`heads`) is handed to lexbor as its article's tag, a stand-in and its body, and
    its fields read from the match; a page where lexbor's tree does not bear the stand-ins
    out is read whole. A header no template fits may teach one."""
    if _parts_query(ctx.dialect) is None or not sl.tail:
        return block_posts(_whole(html, sl, start, end), ctx)
    kept = _kept_spans(html, sl, start, end)
    hits: dict[int, _Hit] = {}
    if _TEMPLATES:
        for j in range(0, len(kept) - 3, 3):
            hit = _match(html, kept[j], kept[j + 1], ctx)
            if hit is not None:
                hits[j] = hit
    read = _read_reduced(html, sl, kept, hits, ctx) if hits else None
    if read is None:
        data = _kept_utf8(html, sl, kept)
        read = block_posts(parse_utf8(data, lambda: drop_post_tails(html, sl, start, end)), ctx)
        hits = {}
    if len(hits) < len(kept) // 3 - 1 and len(_TEMPLATES) < _MAX_TEMPLATES and _learning["tries"]:
        _learn(html, kept, hits, read, ctx)
    return read


def _whole(html: str, sl: PageSlice, start: int, end: int) -> LexborHTMLParser:
    utf8 = post_tails_utf8(html, sl, start, end)
    return parse_utf8(utf8, lambda: drop_post_tails(html, sl, start, end))


def _match(html: str, pos: int, mark: int, ctx: ReadContext) -> _Hit | None:
    """The first template the header of the post between `pos` and its body mark fits whole
    (its body's opening tag the one holding the mark, ending at the first `>` after it), with
    the fields read from it; None when none fits, or a field would send the reader to the
    tree. (The header is matched as a string of its own: one of a page's narrowest kind of
    string, its characters read a byte each where the page's need two.)"""
    art = html.rfind("<article", pos, mark)
    end = html.find(">", mark)
    if art < 0 or end < 0:
        return None
    head = html[art : end + 1]
    for t in _TEMPLATES:
        m = t.pattern.fullmatch(head)
        if m is not None:
            break
    else:
        return None
    body = m.start("body")
    if body + art >= mark:
        return None
    f = heads.fields(t, m)
    if f is None:
        return None
    posted_at, shown = _time_of(f.shown, f.attrs, ctx)
    if posted_at is None:
        return None
    return t, art + m.end("article"), art + body, f, posted_at, shown


def _time_of(
    shown: str, values: tuple[str | None, ...], ctx: ReadContext
) -> tuple[datetime | None, str]:
    """`_post_time` of a time element whose text is `shown` and whose `date_attrs` hold
    `values`."""
    d = ctx.dialect
    shown = collapse_text(shown).split("|")[0].strip()
    for value in values:
        if value:
            posted_at = _utc_iso(value)
            if posted_at is None:
                posted_at = parse_board_date(value, tz=ctx.tz, now=ctx.now, formats=d.date_formats)
            if posted_at is not None:
                return posted_at, shown or value
    return parse_board_date(shown, tz=ctx.tz, now=ctx.now, formats=d.date_formats), shown


def _read_reduced(
    html: str,
    sl: PageSlice,
    kept: list[int],
    hits: dict[int, _Hit],
    ctx: ReadContext,
) -> list[PostParts] | None:
    """The page read with each matched header's stand-in in its place; None when lexbor's
    tree does not show every stand-in where the proof needs it, or the whole posts' markup
    would have been capped (`parse_utf8`)."""
    key = heads.nonce()
    close = sl.post_close.encode()
    parts: list[bytes] = []
    delta = 0  # the whole markup's `<`s more than these
    for j in range(0, len(kept) - 3, 3):
        p, b, c = kept[j], kept[j + 1], kept[j + 2]
        hit = hits.get(j)
        if hit is None:
            parts += (
                html[p:b].encode("utf-8", "ignore"),
                html[b:c].encode("utf-8", "ignore"),
                close,
            )
            continue
        t, art_end, body_start = hit[0], hit[1], hit[2]
        parts += (
            html[p:art_end].encode("utf-8", "ignore"),
            heads.stand_in(t, key, j).encode(),
            html[body_start:c].encode("utf-8", "ignore"),
            close,
        )
        delta += t.lt - 2 - len(t.opens)  # (its article's and body's tags kept)
    parts.append(html[kept[-3] : kept[-1]].encode("utf-8", "ignore"))
    data = b"".join(parts)
    if len(data) + delta > MAX_DEPTH and data.count(b"<") + delta > MAX_DEPTH:
        return None  # the whole markup is parsed capped: read it so
    tree = parse_utf8(data, lambda: data.decode("utf-8"))
    root = tree.root
    if root is None:
        return None
    d = ctx.dialect
    query = _parts_query(d)
    per_post = _page_parts(root, query) if query is not None else None
    if per_post is None:
        per_post = [(el, None) for el in select_all(root, d.sel("post"))]
    opens = {j: len(hit[0].opens) for j, hit in hits.items()}
    stood: dict[int, tuple[int, LexborNode]] = {}
    for el, _parts in per_post:
        found = heads.verified(el, key, opens)
        if found is not None:
            stood[el.mem_id] = found
    if sorted(k for k, _b in stood.values()) != sorted(hits):
        return None
    posts: list[PostParts] = []
    seen: set[int] = set()
    id_attr = d.sel("post_id_attr") or "id"
    for el, parts_of in per_post:
        pid = first_int(_post_id_attr(el, id_attr))
        if pid is None or pid in seen:
            continue
        seen.add(pid)
        stand = stood.get(el.mem_id)
        if stand is None:
            posts.append(_block_post(el, pid, ctx, parts_of))
            continue
        k, body_node = stand
        f, posted_at, shown = hits[k][3:]
        body = read_body_node(
            body_node, d, tz=ctx.tz, now=ctx.now, where=f"post {pid}", issues=ctx.issues
        )
        posts.append((pid, f.author, f.author_id, posted_at, shown, body))
    return posts


def _learn(
    html: str,
    kept: list[int],
    hits: Container[int],
    read: list[PostParts],
    ctx: ReadContext,
) -> None:
    """Learn a template from the first header of the page no template fitted, when the
    reading lexbor made of it from the whole header equals the template's own reading."""
    d = ctx.dialect
    for j in range(0, len(kept) - 3, 3):
        if j in hits:
            continue
        p, mark = kept[j], kept[j + 1]
        art = html.rfind("<article", p, mark)
        tag_end = html.find(">", mark)
        if art < 0 or tag_end < 0:
            return
        _learning["tries"] -= 1
        markup = html[art : tag_end + 1]
        t = heads.learn(markup, tuple(d.sel("date_attrs").split()))
        if t is None:
            return
        m = t.pattern.match(html, art)
        if m is None or m.end() != tag_end + 1:
            return
        f = heads.fields(t, m)
        pid = first_int(heads.article_id(markup))
        if f is None or pid is None:
            return
        posted_at, shown = _time_of(f.shown, f.attrs, ctx)
        lexbor = next((r for r in read if r[0] == pid), None)
        if lexbor is None or lexbor[1:5] != (f.author, f.author_id, posted_at, shown):
            return
        _TEMPLATES.append(t)
        return
