"""IPB 1.x/2.x topic pages (the `<!--Begin Msg Number N-->` layout): the page cut into posts with
`str.find`, each header read from its raw markup where that is plainly the board's own
(`parser.rawmarkup`), else parsed; the bodies parsed together in one document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from selectolax.lexbor import LexborNode

from parser.dates import strip_date_label
from parser.html import parse_html, scan
from parser.ipb.body import PostParts, ReadContext, read_body_node
from parser.ipb.text import (
    collapse_text,
    first_member_id,
    fragment,
    member_id_in,
    normalize_nick,
    parse_board_date,
    select_all,
    select_first,
    visible_text,
)
from parser.rawmarkup import caseless, markup_ok, opens_tag, tag_attr, text_of
from parser.records import ParseIssue

# IPB 1.x/2.x mark a post's body with <!-- THE POST N --> … <!-- THE POST -->. Found as two
# literal-led searches: one pattern with a lazy body between them re-tries the end marker at
# every character of the body.
_THE_POST_START = re.compile(r"<!--\s*THE POST (\d+)\s*-->")


_THE_POST_END = re.compile(r"<!--\s*THE POST\s*-->")


def _body_span(chunk: str, pid: int) -> tuple[int, int, int, int] | None:
    """(start of the opening marker, body start, body end, end of the closing marker)."""
    for m in _post_starts(chunk):
        if int(m.group(1)) != pid:
            continue
        end = _THE_POST_END.search(chunk, m.end())
        if end is None:
            return None
        return m.start(), m.end(), end.start(), end.end()
    return None


def _post_starts(chunk: str) -> Iterator[re.Match[str]]:
    """`_THE_POST_START.finditer(chunk)`, found from its words: a match can only open at the
    nearest comment opening before "THE POST ", with nothing but whitespace between (the
    pattern, led by "<!--", was tried at every comment of the post's header)."""
    i = chunk.find("THE POST ")
    while i >= 0:
        start = chunk.rfind("<!--", 0, i)
        if start >= 0 and (start + 4 == i or chunk[start + 4 : i].isspace()):
            m = _THE_POST_START.match(chunk, start)
            if m is not None:
                yield m
        i = chunk.find("THE POST ", i + 1)


# `<!--\s*Begin Msg Number\s+(\d+)\s*-->` under IGNORECASE, its letters spelt as the classes
# IGNORECASE gives them (dotted and dotless I, long s): a case-blind pattern loses the
# search for its literal opening and is tried at every character of the page.
_MSG_SPLIT = re.compile(
    "<!--\\s*[Bb][Ee][Gg][Ii\u0130\u0131][Nn]\\s+[Mm][Ss\u017f][Gg]"
    "\\s+[Nn][Uu][Mm][Bb][Ee][Rr]\\s+(\\d+)\\s*-->"
)


_SIG_SPLIT = re.compile(r"(?:<br\s*/?>\s*){1,2}-{10,}\s*<br\s*/?>\s*(?=<div class=['\"]signature)")


def without_posts(html: str) -> str:
    """An IPB 1.x/2.x page with its posts cut out: the page before the first post and after
    the last post's body (the header, the pagination above and below, the footer)."""
    return _without_posts(html, scan(html, "<!--", _MSG_SPLIT))


def _without_posts(html: str, first: re.Match[str] | None) -> str:
    if first is None:
        return html
    last = html.rfind("<!-- THE POST -->")
    if last < first.start():
        return html
    return html[: first.start()] + html[last:]


def first_post(html: str) -> re.Match[str] | None:
    """The opening marker of a page's first post (None: no post)."""
    return scan(html, "<!--", _MSG_SPLIT)


def chrome_parts(html: str, first: re.Match[str] | None, *, sliced: bool) -> tuple[str, str]:
    """(`without_posts`, `top_chrome`) of a page whose first post `first_post` found; with
    `sliced=False` the chrome is the page without its posts (the reference)."""
    without = _without_posts(html, first)
    return without, _top_chrome(html, without, first) if sliced else without


# Where an IPB 1.x/2.x page's navigation starts above its first post: the page-jump link that
# opens the pager (IPB 1.3 prints it right above the topic's title bar, IPB 2 inside it), or
# the title bar itself.
_TOP_MARKS = ("multi_page_jump(", "maintitle")
# A link to a page of the topic by its offset, `[?&;]st=\d`, matched where its literal is found.
_PAGE_OFFSET = re.compile(r"(?<=[?&;])st=\d")


# A call of the page-jump script (its first argument a quoted address), not the function's
# own definition (``function multi_page_jump( url_bit, …``) in the page's scripts, which IPB
# 1.x prints in the page's body on every page.
_JUMP_CALL = re.compile(r"multi_page_jump\(\s*['\"]")


def _last_jump_call(html: str, start: int, end: int) -> int:
    """Where the last call of the page-jump script in `html[start:end]` starts (-1: none)."""
    i = html.rfind(_TOP_MARKS[0], start, end)
    while i >= 0 and _JUMP_CALL.match(html, i) is None:
        i = html.rfind(_TOP_MARKS[0], start, i)
    return i


def top_chrome(html: str, without: str) -> str:
    """What the page tree of an IPB 1.x/2.x page needs (its title, the title bar and pager just
    above the first post): the head's scripts and styles, the board's header menus, the quick
    reply and the footer are not parsed. `without` (the page without its posts) when the marks
    are missing or the pager is printed only below the posts."""
    return _top_chrome(html, without, scan(html, "<!--", _MSG_SPLIT))


def _top_chrome(html: str, without: str, first: re.Match[str] | None) -> str:
    body = html.find("<body", 0, first.start()) if first is not None else -1
    if first is None or body < 0:
        return without
    start = first.start()
    head_end = html.find(">", body, start) + 1
    jump = _last_jump_call(html, head_end, start)
    found = [i for i in (jump, html.rfind(_TOP_MARKS[1], head_end, start)) if i >= 0]
    if not found:
        return without
    top = html.rfind("<", head_end, min(found) + 1)
    if jump < top:
        last = html.rfind("<!-- THE POST -->")
        if last > start and scan(html, "st=", _PAGE_OFFSET, last + 1) is not None:
            return without  # a pager below the posts alone
    # of the head, only the title is read: its scripts and styles are left out
    title_end = html.find("</title>", 0, body)
    head = html[: title_end + len("</title>")] if title_end >= 0 else html[:head_end]
    return head + html[max(top, head_end) : start]


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
    (header root or None, body root), each reading exactly as `fragment` of its markup
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
    if q not in "'\"" or head[end : end + 2] != q + ">" or not opens_tag(head, opened):
        return None
    inner = end + 2
    close = head.find("</span>", inner)
    if close < 0 or head.find("<span", inner, close) >= 0:
        return None
    return inner, close


def _msg_head_facts(head: str, ctx: ReadContext) -> _HeadFacts | None:
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
    candidate = collapse_text(shown_raw)
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
    `first_member_id` reads the first link its selector finds; None when the string is not
    in a link's address or the address gives no id (then the parser reads the links)."""
    opened = html.rfind("<", 0, at)
    if opened < 0 or not html.startswith("<a", opened) or not opens_tag(html, opened):
        return None
    tag = tag_attr(html, opened, "href")
    if tag is None or tag[0] != "a" or tag[2] <= at:
        return None
    href = tag[1]
    if href is None or not any(m in href for m in needles):
        return None  # the first such string is not in a link's address
    return member_id_in(href)  # as `member_id_from` reads it


def _cut_msg_post(pid: int, chunk: str) -> _MsgPost:
    bm = _body_span(chunk, pid)
    if bm:
        outside = chunk[: bm[0]] + chunk[bm[3] :]
        post = _MsgPost(pid, chunk[bm[1] : bm[2]], outside, chunk[: bm[0]])
    else:
        node = select_first(fragment(chunk), f"#post-main-{pid}, #post-{pid}")
        if node is None:
            post = _MsgPost(pid, "", chunk, None, found=False)
        else:
            outside = chunk.replace(node.html or "", "")
            post = _MsgPost(pid, node.inner_html or "", outside, None)
    if "signature" in post.body_html:
        post.body_html = _SIG_SPLIT.split(post.body_html, maxsplit=1)[0]
    return post


def _msg_chunks(html: str, first: re.Match[str] | None) -> list[tuple[int, str]]:
    """Each post's id and markup, up to the next post's marker, as `_MSG_SPLIT.split` cuts
    the page (searched from the first post on: the header before it is not searched again)."""
    if first is None:
        return []
    chunks: list[tuple[int, str]] = []
    prev = first
    for m in _MSG_SPLIT.finditer(html, first.end()):
        chunks.append((int(prev.group(1)), html[prev.end() : m.start()]))
        prev = m
    chunks.append((int(prev.group(1)), html[prev.end() :]))
    return chunks


def msgnumber_posts(
    html: str, ctx: ReadContext, first: re.Match[str] | None = None
) -> list[PostParts]:
    """The posts of an IPB 1.x/2.x page; `first`: its first post's marker where `first_post`
    found it already."""
    d = ctx.dialect
    posts: list[PostParts] = []
    chunks = _msg_chunks(html, first if first is not None else first_post(html))
    cut = [_cut_msg_post(pid, chunk) for pid, chunk in chunks]
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
            body = read_body_node(
                body_root if body_root is not None else fragment(body_html),
                d,
                tz=ctx.tz,
                now=ctx.now,
                where=where,
                issues=ctx.issues,
            )
            posts.append((pid, facts.author, facts.author_id, facts.posted_at, facts.shown, body))
            continue
        # the post's header row (nick, member link, time) comes before its body: read that,
        # and the rest of the post's markup only when the header lacks them
        if head is None and mp.head_html is not None:
            head = fragment(mp.head_html)
        author_node = select_first(head, d.sel("author"))
        dates = select_all(head, d.sel("date")) if author_node is not None else []
        if head is None or author_node is None or not dates:
            head = fragment(outside)
            author_node = select_first(head, d.sel("author"))
            dates = select_all(head, d.sel("date"))
        author = normalize_nick(author_node.text()) if author_node is not None else ""
        if not author:
            ctx.issues.append(ParseIssue(where, "author not found"))
        author_id = first_member_id(head, d.sel("author_link"))
        if author_id is None:
            av = re.search(r"av-(\d+)\.", outside)
            author_id = int(av.group(1)) if av else None
        posted_at, shown = None, ""
        for dn in dates:
            candidate = collapse_text(visible_text(dn))
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
        body = read_body_node(
            body_root if body_root is not None else fragment(body_html),
            d,
            tz=ctx.tz,
            now=ctx.now,
            where=where,
            issues=ctx.issues,
        )
        posts.append((pid, author, author_id, posted_at, shown, body))
    return posts
