"""What a topic page says around its posts: topic id, title, page number, page count, the next
page's address, and the board's own clock.
"""

from __future__ import annotations

import html as htmllib
import re
from datetime import datetime, tzinfo
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.dialects import IPS4, Dialect
from parser.html import first_int, scan, scan_all
from parser.ipb.text import attr_of, collapse_text, parse_board_date, select_first

_TOPIC_ID = re.compile(r"(?:showtopic=|[?&;]t=|/topic/)(\d+)")


# The same three spellings one at a time, for scanning whole pages: a pattern that starts
# with a literal is searched for at C speed, an alternation is tried at every position.
_TOPIC_ID_SCANS = (
    ("showtopic=", re.compile(r"showtopic=(\d+)")),
    ("/topic/", re.compile(r"/topic/(\d+)")),
    ("t=", re.compile(r"(?<=[?&;])t=(\d+)")),
)


_CONTENT_ID = re.compile(r"&quot;contentid&quot;:(\d+)")


def find_topic_id(tree: LexborHTMLParser, html: str, dialect: Dialect) -> int | None:
    # the one <body> element (a second <body> tag only adds attributes to it): what the
    # query body[data-pageid] finds, without searching the tree
    body = tree.body
    if body is not None and body.tag == "body":
        value = first_int(attr_of(body, "data-pageid"))
        if value:
            return value
    canon = tree.css_first("link[rel='canonical']")
    if canon is not None:
        m = _TOPIC_ID.search(attr_of(canon, "href") or "")
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


def topic_title(tree: LexborHTMLParser, dialect: Dialect) -> str:
    for sel in dialect.sel("title").split(","):
        node = select_first(tree.root, sel.strip())
        if node is None:
            continue
        text = collapse_text(node.text())
        if node.tag == "title":
            # IPB 1.x/2.x: «Board -> Topic»; IPS 4: «Topic - Page N - Forum - Board»
            if " -> " in text:
                text = text.split(" -> ", 1)[1]
            elif dialect is IPS4:
                text = re.split(r" - (?:Page|Страница) \d+ - | - ", text)[0]
        if text:
            return text
    return ""


PAGE_JUMP = re.compile(r"multi_page_jump\(\s*['\"][^'\"]*['\"]\s*,\s*(\d+)\s*,\s*(\d+)")


_PAGES_COUNT = (
    ("Страниц", re.compile(r"Страниц\s*:?\s*\((\d+)\)")),
    ("Pages", re.compile(r"Pages\s*:?\s*\((\d+)\)")),
)


_BOLD_PAGE = re.compile(r"<b>\[(\d+)\]</b>")


def _page_of_total(
    root: LexborNode | None, dialect: Dialect, cur: LexborNode | None
) -> tuple[int | None, int | None]:
    """The page number and page count the page's pager elements show, None where unshown."""
    page = first_int(collapse_text(cur.text()).strip("[]")) if cur is not None else None
    total: int | None = None
    node = select_first(root, dialect.sel("page_total_attr_node"))
    if node is not None:
        for attr in dialect.sel("page_total_attr").split():
            total = first_int(attr_of(node, attr))
            if total:
                break
    jump = select_first(root, dialect.sel("page_jump"))
    if jump is not None:
        jt = collapse_text(jump.text())
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
    mj = scan(html, "multi_page_jump", PAGE_JUMP)
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
        return select_first(root, dialect.sel("next_link"))
    if cur is None:
        return None
    sib = cur.next
    while sib is not None and sib.tag in ("-text",):
        sib = sib.next
    if sib is None:
        return None
    return sib if sib.tag == "a" else select_first(sib, "a")


def _link_url(link: LexborNode | None, base_url: str | None) -> str | None:
    """Where `link` leads (absolute against `base_url`), None for no link or a script one."""
    href = attr_of(link, "href")
    if not href or href.startswith(("#", "javascript:")):
        return None
    href = htmllib.unescape(href)
    return urljoin(base_url, href) if base_url else href


def pagination(
    tree: LexborHTMLParser, html: str, dialect: Dialect, base_url: str | None
) -> tuple[int, int, str | None]:
    """This page's number, the page count and the next page's address (None on the last)."""
    root = tree.root
    cur = select_first(root, dialect.sel("page_current"))
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


_CLOCK_RU = re.compile(r"Сейчас\s*:\s*([^<]{6,40})<")


_CLOCK_EN = re.compile(r"Time is now\s*:\s*([^<]{6,40})<")


def board_now(html: str, tz: tzinfo, dialect: Dialect) -> datetime | None:
    """The board's own clock where the footer prints it («Сейчас: 19.12.21, 14:21»)."""
    tail = max(0, len(html) - 16384)  # the clock is in the page footer
    m = scan(html, "Сейчас", _CLOCK_RU, tail) or scan(html, "Time is now", _CLOCK_EN, tail)
    if not m:
        return None
    return parse_board_date(m.group(1), tz=tz, formats=dialect.date_formats)
