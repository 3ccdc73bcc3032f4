"""`parse_topic`: one phpBB topic page (normal or printable view) into a `TopicPage`."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, tzinfo

from selectolax.lexbor import LexborHTMLParser

from parser.dates import get_tz, read_date
from parser.encoding import misread, utf8_declared
from parser.html import CUT_SHORT, cut_short, node_text, parse_html
from parser.phpbb.body import safe_body
from parser.phpbb.detect import Tz, as_text, login_state
from parser.phpbb.navigation import PAGE_OF_RE, TOPIC_LINK_RE, page_info, title_from_subject
from parser.phpbb.posts import POST_ID_RE, read_posts
from parser.phpbb.slicing import slice_page
from parser.phpbb.tables import read_table_posts
from parser.records import Body, ParseIssue, Post, TopicPage, post_record


def parse_topic(
    html: str | bytes,
    *,
    tz: Tz = "Europe/Moscow",
    now: datetime | None = None,
    base_url: str | None = None,
) -> TopicPage:
    """Read one phpBB topic page (normal or printable view); `html` may be text or the raw
    bytes of the page (faster: no decoding when the page is UTF-8). `base_url`, the page's
    own address, makes the navigation's addresses absolute.

    Bytes that declare UTF-8 (or nothing) are read as they are; should what they read show
    they are not UTF-8 after all, the page is read again from its text as
    `parser.encoding.decode_html` decodes it (the one decision on a page's encoding)."""
    if isinstance(html, bytes) and not utf8_declared(html):
        html = as_text(html)
    page = _parse_topic(html, get_tz(tz), now, base_url)
    if isinstance(html, bytes) and misread(html, _texts(page)):
        page = _parse_topic(as_text(html), get_tz(tz), now, base_url)
    return page


def _texts(page: TopicPage) -> Iterator[str]:
    yield page.title
    for post in page.posts:
        yield post.author
        yield post.text


def _parse_topic(
    html: str | bytes, zone: tzinfo, now: datetime | None, base_url: str | None
) -> TopicPage:
    issues: list[ParseIssue] = []
    sl: str | bytes | None = slice_page(html) if isinstance(html, str) else slice_page(html)  # noqa: RUF034 (narrows AnyStr for mypy)
    tree = parse_html(html if sl is None else sl)
    root = tree.root
    if (
        sl is None
        and tree.css_first("div.post div.date") is not None
        and not any(POST_ID_RE.search(n.id or "") for n in tree.css("div.post"))
    ):
        return _parse_print(tree, as_text(html), zone, now)
    info = page_info(root, html, base_url)
    nav = info.nav
    if info.topic_id is None:
        issues.append(ParseIssue("page", "no topic id"))
    page, per_page = nav.page, nav.per_page
    first_position = nav.start + 1 if nav.start is not None else None
    posts = read_posts(root, zone, now, issues, first_position) if root is not None else []
    if not posts and root is not None and root.css_first("div.postbody") is not None:
        posts = read_table_posts(root, zone, now, issues, first_position)
    title = info.title
    if not title:
        title = title_from_subject(node_text(tree.css_first("title")), posts)
    if not posts:
        issues.append(ParseIssue("page", "no posts found"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    elif posts and info.total_posts and per_page and sl is not None:
        # the page's own counters: every page but the last holds a full page of posts
        expected = min(per_page, info.total_posts - (page - 1) * per_page)
        if len(posts) < expected:
            issues.append(
                ParseIssue(
                    "page",
                    f"{len(posts)} posts on page {page}, its counters promise {expected}: "
                    "the page may be cut short",
                )
            )
    total_pages = nav.total_pages
    next_url, last_url = nav.next_url, nav.last_url
    if page < total_pages and info.topic_id is not None and per_page:
        # a style whose pager links no page: phpBB's own address of a page
        next_url = next_url or _address(info.topic_id, page * per_page, base_url)
        last_url = last_url or _address(info.topic_id, (total_pages - 1) * per_page, base_url)
    return TopicPage(
        topic_id=info.topic_id,
        title=title,
        page=page,
        total_pages=total_pages,
        posts=tuple(posts),
        next_url=next_url,
        total_posts=info.total_posts,
        logged_in=login_state(html),
        issues=tuple(issues),
        last_url=last_url,
        start=nav.start,
        per_page=per_page,
    )


def _address(topic_id: int, start: int, base_url: str | None) -> str:
    url = f"./viewtopic.php?t={topic_id}&start={start}"
    if not base_url:
        return url
    from urllib.parse import urljoin  # only with the page's address known

    return urljoin(base_url, url)


def _parse_print(tree: LexborHTMLParser, html: str, tz: tzinfo, now: datetime | None) -> TopicPage:
    """The printable view (view=print): no post or user ids anywhere; posts are still read."""
    issues: list[ParseIssue] = [
        ParseIssue("page", "printable view: posts carry no board ids (id=0) and no user ids")
    ]
    title_node = tree.css_first("#page-header h2") or tree.css_first("h2")
    title = node_text(title_node)
    topic_id = None
    m = TOPIC_LINK_RE.search(html)
    if m:
        topic_id = int(m.group(1))
    page, total_pages = 1, 1
    pn = tree.css_first("div.page-number")
    if pn is not None:
        pm = PAGE_OF_RE.search(node_text(pn))
        if pm:
            page, total_pages = int(pm.group(1)), int(pm.group(2))
    posts: list[Post] = []
    for i, node in enumerate(tree.css("div.post")):
        where = f"post #{i + 1}"
        an = node.css_first("div.author strong") or node.css_first("div.author")
        author = node_text(an)
        dn = node.css_first("div.date strong") or node.css_first("div.date")
        dtext = node_text(dn)
        posted_at, why = read_date(dtext, tz=tz, now=now) if dtext else (None, "no post time")
        if why:
            issues.append(ParseIssue(where, why))
        content = node.css_first("div.content")
        body = safe_body(content, where, issues) if content is not None else Body()
        posts.append(
            post_record(
                0,
                author,
                None,
                posted_at,
                body,
                shown=dtext,
                subject=node_text(node.css_first("h3")),
                # the page size is not printed; only page 1's positions are certain
                position=i + 1 if page == 1 else None,
            )
        )
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    return TopicPage(
        topic_id=topic_id,
        title=title,
        page=page,
        total_pages=total_pages,
        posts=tuple(posts),
        logged_in=None,
        issues=tuple(issues),
    )
