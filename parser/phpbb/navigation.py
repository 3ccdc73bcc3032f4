"""What a topic page says around its posts: title, topic id, and its place among the topic's
pages (prosilver's div.pagination, other styles' head and tail text), read by `parser.pager`.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from parser.html import collapse, first_int, node_text, query_int
from parser.pager import Nav, Stated, joined, page_link, read_nav
from parser.phpbb.detect import as_text
from parser.records import Post

# Language-pack words (Russian, English, German phpBB.de): "Страница 1 из 8", "Page 1 of 8",
# "Seite 1 von 8"; "72 сообщения", "4 posts", "13 Beiträge".
PAGE_OF_RE = re.compile(r"(?:Страница|Page|Seite)\s+(\d+)\s+(?:из|of|von)\s+(\d+)", re.IGNORECASE)


_TOTAL_POSTS_RE = re.compile(
    r"(\d+)\s+(?:сообщени|posts?\b|ответ|messages?\b|beitr[äa]ge?\b)", re.IGNORECASE
)


TOPIC_LINK_RE = re.compile(r"viewtopic\.php\?(?:[^\"'#<>]*?(?:&amp;|&|;))?t=(\d+)")


class PageInfo:
    """What a topic page says around its posts."""

    __slots__ = ("nav", "title", "topic_id", "total_posts")

    def __init__(self, topic_id: int | None, title: str, total_posts: int | None, nav: Nav) -> None:
        self.topic_id = topic_id
        self.title = title
        self.total_posts = total_posts
        self.nav = nav


def page_info(root: LexborNode | None, html: str | bytes, base_url: str | None) -> PageInfo:
    """The page's title, topic id and place among the topic's pages (`parser.pager`): the
    pagination block's links and labels (prosilver), else the text printed above and below
    the posts and the links to the topic's pages anywhere (other styles)."""
    if root is None:
        return PageInfo(None, "", None, read_nav((), Stated()))
    h2 = (
        root.css_first("h2.topic-title a")
        or root.css_first("h2.topic-title")
        # phpBB 3.0 prosilver: a plain <h2><a href="./viewtopic.php?f=…&t=…">
        or root.css_first("h2 a[href*='viewtopic']")
    )
    title, topic_id, own = "", None, None
    if h2 is not None:
        title = node_text(h2)
        own = h2.attributes.get("href") if h2.tag == "a" else None
        topic_id = query_int(own, "t")
    if topic_id is None:
        m = TOPIC_LINK_RE.search(as_text(html))
        if m:
            topic_id = int(m.group(1))
    pag = root.css_first("div.pagination")
    if pag is None:
        stated = _stated_in_text(as_text(html))
        anchors = root.css("a[href*='start=']")
    else:
        stated = _stated(pag)
        anchors = pag.css("a")
    found = (
        page_link(a.attributes.get("href"), a.text(), topic_id=topic_id, base_url=base_url)
        for a in anchors
    )
    links = (link for link in found if link is not None)  # read as far as needed
    if stated.next_url and base_url:
        # joined as the page links are (the same link, remembered from the last page)
        stated = stated.linked(joined(base_url, stated.next_url), stated.last_url)
    nav = read_nav(links, stated, own_url=base_url or own)
    return PageInfo(topic_id, title, stated.total_posts, nav)


def _stated(pag: LexborNode) -> Stated:
    """prosilver's pagination block: «Страница 3 из 8», «72 сообщения», the active page, the
    page-jump box's posts a page, the rel="next" link."""
    ptext = node_text(pag)
    m = _TOTAL_POSTS_RE.search(ptext)
    total_posts = int(m.group(1)) if m else None
    page = total = None
    m = PAGE_OF_RE.search(ptext)
    if m:
        page, total = int(m.group(1)), int(m.group(2))
    if page is None:
        active = pag.css_first("li.active")
        page = first_int(node_text(active)) if active is not None else None
    jump = pag.css_first("input[data-per-page]")
    per_page = first_int(jump.attributes.get("data-per-page")) if jump is not None else None
    nxt = pag.css_first("a[rel='next']")
    return Stated(
        page=page,
        total=total,
        per_page=per_page or None,
        total_posts=total_posts,
        next_url=nxt.attributes.get("href") if nxt is not None else None,
    )


_FIRST_POST_RE = re.compile(r"""<(?:div\s+id|a\s+name)=["']p\d+["']""")


_TAG_RE = re.compile(r"<[^>]*>")


_PER_PAGE_RE = re.compile(r"""per_page\s*=\s*['"]?(\d+)""")


def _stated_in_text(html: str) -> Stated:
    """Pagination for styles without div.pagination (subsilver2's td.nav, custom action bars):
    the "Page x of y" and "N posts" texts printed above the first post (some styles print
    them only below the last one), and the page size from phpBB's own jump-to-page script."""
    m = _FIRST_POST_RE.search(html)
    head = html[: m.start()] if m else html
    rest = list(_FIRST_POST_RE.finditer(html, m.end() if m else len(html)))
    tail = html[rest[-1].end() :] if rest else ""
    page = total = total_posts = None
    for part in (head, tail):
        text = collapse(_TAG_RE.sub(" ", part).replace("&nbsp;", " "))
        pm = PAGE_OF_RE.search(text)
        if pm and page is None:
            page, total = int(pm.group(1)), int(pm.group(2))
        tm = _TOTAL_POSTS_RE.search(text)
        if tm and total_posts is None:
            total_posts = int(tm.group(1))
    sm = _PER_PAGE_RE.search(head)
    per_page = (int(sm.group(1)) or None) if sm else None
    return Stated(page=page, total=total, per_page=per_page, total_posts=total_posts)


def title_from_subject(tree_title: str, posts: list[Post]) -> str:
    """A style without a title heading: the first post's subject (less "Re: ") when the
    browser title carries it."""
    if not posts or not tree_title:
        return ""
    subject = posts[0].subject
    if subject[:4].lower() == "re: ":
        subject = subject[4:]
    return subject if subject and subject in tree_title else ""
