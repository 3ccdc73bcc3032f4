"""What a topic page says around its posts: title, topic id, page number and count, posts a page,
the next page (prosilver's div.pagination, other styles' head and tail text).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from parser.html import collapse, first_int, node_text, query_int
from parser.phpbb.detect import as_text
from parser.records import Post

# Language-pack words (Russian, English, German phpBB.de): "Страница 1 из 8", "Page 1 of 8",
# "Seite 1 von 8"; "72 сообщения", "4 posts", "13 Beiträge".
PAGE_OF_RE = re.compile(r"(?:Страница|Page|Seite)\s+(\d+)\s+(?:из|of|von)\s+(\d+)", re.IGNORECASE)


_TOTAL_POSTS_RE = re.compile(
    r"(\d+)\s+(?:сообщени|posts?\b|ответ|messages?\b|beitr[äa]ge?\b)", re.IGNORECASE
)


TOPIC_LINK_RE = re.compile(r"viewtopic\.php\?(?:[^\"'#<>]*?(?:&amp;|&|;))?t=(\d+)")


_START_RE = re.compile(r"(?:[?&;]|&amp;)start=(\d+)")  # as parser.html.query_int(…, "start")


@dataclass(slots=True)
class _PageInfo:
    topic_id: int | None = None
    title: str = ""
    page: int | None = None
    total_pages: int | None = None
    per_page: int | None = None
    start: int | None = None
    total_posts: int | None = None
    next_url: str | None = None


def page_info(root: LexborNode | None, html: str | bytes) -> _PageInfo:
    info = _PageInfo()
    if root is None:
        return info
    h2 = (
        root.css_first("h2.topic-title a")
        or root.css_first("h2.topic-title")
        # phpBB 3.0 prosilver: a plain <h2><a href="./viewtopic.php?f=…&t=…">
        or root.css_first("h2 a[href*='viewtopic']")
    )
    if h2 is not None:
        info.title = node_text(h2)
        href = h2.attributes.get("href") if h2.tag == "a" else None
        info.topic_id = query_int(href, "t")
        info.start = query_int(href, "start")
    if info.topic_id is None:
        m = TOPIC_LINK_RE.search(as_text(html))
        if m:
            info.topic_id = int(m.group(1))
    pag = root.css_first("div.pagination")
    if pag is None:
        _page_info_from_head(info, as_text(html))
        return info
    ptext = node_text(pag)
    m = _TOTAL_POSTS_RE.search(ptext)
    if m:
        info.total_posts = int(m.group(1))
    m = PAGE_OF_RE.search(ptext)
    if m:
        info.page, info.total_pages = int(m.group(1)), int(m.group(2))
    if info.page is None:
        active = pag.css_first("li.active")
        if active is not None:
            info.page = first_int(node_text(active))
    _page_size_from_links(info, pag)
    return info


def _page_size_from_links(info: _PageInfo, pag: LexborNode) -> None:
    """Fill the next page's link, the page size and (when not printed) the page count from
    the pagination links' `start` offsets. Apart from `page_info`, which reads what the
    page prints; this infers what it does not. Runs once per page: no hot-path cost."""
    starts: list[int] = []
    for a in pag.css("a"):
        attrs = a.attributes  # a fresh dict per access: read it once
        href = attrs.get("href") or ""
        if "viewtopic" not in href:
            continue
        m = _START_RE.search(href)  # query_int(href, "start") without its per-call cache lookup
        starts.append(int(m.group(1)) if m else 0)
        if info.next_url is None and attrs.get("rel") == "next":
            info.next_url = href
    if info.start is not None:
        starts.append(info.start)
    positive = [s for s in starts if s > 0]
    if positive:
        info.per_page = math.gcd(*positive)
        if info.page and info.page > 1 and info.start:
            # the page's own offset pins the page size exactly
            info.per_page = info.start // (info.page - 1) or info.per_page
        if info.total_pages is None:
            info.total_pages = max(positive) // info.per_page + 1
            if info.page is not None:
                info.total_pages = max(info.total_pages, info.page)


_FIRST_POST_RE = re.compile(r"""<(?:div\s+id|a\s+name)=["']p\d+["']""")


_TAG_RE = re.compile(r"<[^>]*>")


_PER_PAGE_RE = re.compile(r"""per_page\s*=\s*['"]?(\d+)""")


def _page_info_from_head(info: _PageInfo, html: str) -> None:
    """Pagination for styles without div.pagination (subsilver2's td.nav, custom action bars):
    the "Page x of y" and "N posts" texts printed above the first post, and the page size
    from phpBB's own jump-to-page script."""
    m = _FIRST_POST_RE.search(html)
    head = html[: m.start()] if m else html
    # above the first post first; some styles print it only below the last one
    rest = list(_FIRST_POST_RE.finditer(html, m.end() if m else len(html)))
    tail = html[rest[-1].end() :] if rest else ""
    for part in (head, tail):
        text = collapse(_TAG_RE.sub(" ", part).replace("&nbsp;", " "))
        pm = PAGE_OF_RE.search(text)
        if pm and info.page is None:
            info.page, info.total_pages = int(pm.group(1)), int(pm.group(2))
        tm = _TOTAL_POSTS_RE.search(text)
        if tm and info.total_posts is None:
            info.total_posts = int(tm.group(1))
    sm = _PER_PAGE_RE.search(head)
    if sm and info.per_page is None:
        info.per_page = int(sm.group(1)) or None


def title_from_subject(tree_title: str, posts: list[Post]) -> str:
    """A style without a title heading: the first post's subject (less "Re: ") when the
    browser title carries it."""
    if not posts or not tree_title:
        return ""
    subject = posts[0].subject
    if subject[:4].lower() == "re: ":
        subject = subject[4:]
    return subject if subject and subject in tree_title else ""
