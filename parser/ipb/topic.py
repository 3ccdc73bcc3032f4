"""`parse_ipb_topic`: one topic page of any Invision generation into a `TopicPage`."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, tzinfo

from parser.dates import Now
from parser.dialects import Dialect
from parser.html import CUT_SHORT, cut_short, parse_html, scan
from parser.ipb.blocks import block_posts, drop_post_tails, read_posts, slice_bounds
from parser.ipb.body import ReadContext
from parser.ipb.detect import login_state, resolve_dialect
from parser.ipb.msgnumber import chrome_parts, first_post, msgnumber_posts
from parser.ipb.navigation import board_clock, find_topic_id, page_jump, pagination, topic_title
from parser.ipb.text import as_tz, parse_board_date
from parser.records import ParseIssue, Post, Quote, TopicPage, post_record


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
    zone = as_tz(tz)
    # without a fetch time, the board's own clock (its footer), read where a time needs it
    clock: Now = now if now is not None else board_clock(html, zone, d)
    return _read_topic(html, d, zone, clock, base_url, sliced=True)


def _read_topic(
    html: str,
    d: Dialect,
    zone: tzinfo,
    now: Now,
    base_url: str | None,
    *,
    sliced: bool,
) -> TopicPage:
    """`parse_ipb_topic` once the dialect is known. `sliced=False` parses a page's chrome whole
    instead of cut to what is read (its dialect's `PageSlice`, IPB 1.x/2.x's `top_chrome`):
    the reference the slicing must match."""
    issues: list[ParseIssue] = []
    ctx = ReadContext(dialect=d, tz=zone, now=now, issues=issues)
    if d.layout == "msgnumber":
        # posts are read from their own slices; the page tree is only for the chrome around
        # them (title, pagination, topic links, login state), so the posts are left out of
        # it; so are they out of every page-wide search (a player's words are no chrome)
        first = first_post(html)
        links_in, chrome = chrome_parts(html, first, sliced=sliced)
        state_in = links_in
        read = msgnumber_posts(html, ctx, first)
        tree = parse_html(chrome)  # once the posts' document is gone (see below)
    else:
        chrome = links_in = state_in = html
        sl = d.page_slice
        cut = slice_bounds(html, sl) if sl is not None and sliced else None
        if sl is not None and cut is not None:
            # page counters are read from the kept chrome too (words in posts are none); the
            # topic id falls back on the links of the whole page, posts' links included
            chrome, start, end = cut
            # the posts are read, and their document freed, before the chrome is parsed:
            # one lexbor document alive at a time. Two at once outgrow the allocator's heap
            # until it has grown for a larger page, and it hands their memory back to the
            # system when both are freed: the next page faults it in again (~90 page faults
            # an IPS 4 page, a fifth of its CPU time, in a process that has read no larger
            # page yet; `bench/parse_ipb.py --fresh`)
            # given to lexbor as UTF-8 built a part at a time (`post_tails_utf8`): the same
            # bytes selectolax would make of the text, the posts' headers copied, not encoded
            # (IPS 4 posts whose headers fit a learnt template: their bodies alone, `read_posts`)
            read = read_posts(html, sl, start, end, ctx)
            tree = parse_html(chrome)
        else:
            tree = parse_html(drop_post_tails(html, sl) if sl is not None else html)
            read = block_posts(tree, ctx)
    posts = [
        post_record(pid, a, aid, at, body, shown=shown) for pid, a, aid, at, shown, body in read
    ]
    posts = _link_quotes(posts, ctx)
    if not posts:
        issues.append(ParseIssue("page", f"no posts found ({d.generation} markup)"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    topic_id = find_topic_id(tree, links_in, d)
    # IPB 1.x/2.x print the topic's post count into their page-jump link; the pagination
    # reads the posts a page from it (one search of the chrome for both)
    jump = page_jump(chrome)
    nav = pagination(tree, chrome, d, base_url, topic_id, jump)
    return TopicPage(
        topic_id=topic_id,
        title=topic_title(tree, d),
        page=nav.page,
        total_pages=nav.total_pages,
        posts=tuple(posts),
        next_url=nav.next_url,
        total_posts=int(jump.group(1)) if jump else None,
        logged_in=login_state(state_in, d),
        issues=tuple(issues),
        last_url=nav.last_url,
        start=nav.start,
        per_page=nav.per_page,
    )


def header_end(html: str, dialect: Dialect) -> int:
    """Where a page of `dialect`'s board stops being its header: the opening of its first
    post as the topic reader finds it (IPB 1.x/2.x's first `Begin Msg Number` marker, the
    other generations' first post tag by their `PageSlice`), else the page's end. What the
    board prints in its header (the new-letter counter) lies before it; a player's words,
    which may quote any markup, lie after it."""
    if dialect.layout == "msgnumber":
        first = first_post(html)
    elif dialect.page_slice is not None:
        first = scan(html, dialect.page_slice.post_literal, dialect.page_slice.post_open)
    else:
        first = None
    return first.start() if first is not None else len(html)


def _link_quotes(posts: list[Post], ctx: ReadContext) -> list[Post]:
    """Give quotes without a post id (IPB 1.3's «Цитата (Nick @ date)») the id of the post on
    this page by that author at that time, so PEFL agreement by quote (P-V.2) can follow it."""
    if not any(_unlinked(p) for p in posts):
        return posts  # most pages: no quote to link (the tables below are not built)
    by_text: dict[tuple[str, str], int] = {}
    by_time: dict[tuple[str, datetime], int] = {}
    for p in posts:
        key = p.author.casefold()
        by_text.setdefault((key, p.posted_at_text), p.id)
        if p.posted_at is not None:
            by_time.setdefault((key, p.posted_at), p.id)
    out: list[Post] = []
    for p in posts:
        if not _unlinked(p):
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


def _unlinked(p: Post) -> bool:
    """Whether a post quotes someone by nick and time but no post id."""
    return bool(p.quotes) and any(q.post_id is None and q.author and q.time_text for q in p.quotes)
