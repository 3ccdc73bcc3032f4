"""What a topic page says around its posts: topic id, title, its place among the topic's pages
(read by `parser.pager` from the links and labels of any generation), and the board's own
clock.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Callable, Iterator
from datetime import datetime, tzinfo
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.dialects import IPS4, Dialect
from parser.html import first_int, scan, scan_all
from parser.ipb.text import attr_of, collapse_text, parse_board_date, select_all, select_first
from parser.pager import Nav, PageLink, Stated, page_link, read_nav
from parser.rawmarkup import caseless

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
# The page count a label prints: IPB 1.3's «Страницы:</a> (4)», IPB 2's «Страницы (3)»,
# "Pages: (4)"; the current page IPB 1.x prints as «<b>[1]</b>».
_PAGES_COUNT = (
    ("Страниц", re.compile(r"Страниц[аы]?\s*:?\s*(?:</a>\s*)?\(\s*(\d+)\s*\)")),
    ("Pages", re.compile(r"Pages\s*:?\s*(?:</a>\s*)?\(\s*(\d+)\s*\)")),
)
_BOLD_PAGE = re.compile(r"<b>\[(\d+)\]</b>")
_PER_PAGE_JS = re.compile(r"perPage\s*:\s*(\d+)")  # IPB 3's page jump
_OF_TOTAL = re.compile(r"(?:Page|Страница)\s+(\d+)\s+(?:of|из)\s+(\d+)", re.I)
_N_PAGES = re.compile(r"(\d+)\s+страниц", re.I)
# Links that may lead to a page of the topic: with a position, or to the topic itself (its
# first page); the links whose address holds one of these. A host's `page_link` selector
# replaces this.
_PAGE_LINK_MARKS = ("st=", "page", "start=", "showtopic=", "/topic/")


def _page_mark(href: str) -> bool:
    """Whether `href` holds one of `_PAGE_LINK_MARKS` (spelt out: a generator over them cost
    more than the tests, a link at a time)."""
    return (
        "st=" in href
        or "page" in href
        or "start=" in href
        or "showtopic=" in href
        or "/topic/" in href
    )


def pagination(
    tree: LexborHTMLParser,
    html: str,
    dialect: Dialect,
    base_url: str | None,
    topic_id: int | None,
    jump: re.Match[str] | None,
) -> Nav:
    """This page's number, the page count, the next and last pages' addresses and the posts a
    page, read from the page's own links and labels (`parser.pager`) whatever the generation
    writes them as; a host's [board.selectors] for navigation come first. `jump`: `page_jump`
    of `html` (the caller reads the topic's post count from it too: one search for both)."""
    root = tree.root
    links = _page_links(root, dialect, base_url, topic_id)  # read only as far as needed
    return read_nav(links, _stated(root, html, dialect, base_url, jump), own_url=base_url)


def page_jump(html: str) -> re.Match[str] | None:
    """IPB 1.x/2.x's page-jump call (`multi_page_jump('…', posts, per page)`), the first in
    `html`: the topic's post count and the posts a page."""
    return scan(html, "multi_page_jump", PAGE_JUMP)


def _page_links(
    root: LexborNode | None, dialect: Dialect, base_url: str | None, topic_id: int | None
) -> Iterator[PageLink]:
    chosen = dialect.sel("page_link")
    seen: set[tuple[str | None, str]] = set()
    # every link, its address tested here: what the query `a[href*='st='], …` for each mark
    # finds, in the same order, at a tenth of the cost (substring queries are slow in lexbor)
    for a in select_all(root, chosen or "a[href]"):
        attrs = a.attributes
        href = attrs.get("href")
        if not chosen and not _page_mark(href or ""):
            continue
        text = a.text()
        if (href, text) in seen:
            continue  # matched by two parts of the query, or the pager above and below
        seen.add((href, text))
        link = page_link(
            href,
            text,
            title=attrs.get("title"),
            data_page=attrs.get("data-page"),
            topic_id=topic_id,
            base_url=base_url,
        )
        # IPS 4's greyed-out "Next" on the last page still links a page past it
        if link is not None and not _inactive(a):
            yield link


def _inactive(a: LexborNode) -> bool:
    up = a.parent
    cls = (attr_of(up, "class") or "") if up is not None else ""
    return "inactive" in cls or "disabled" in cls


def _stated(
    root: LexborNode | None,
    html: str,
    dialect: Dialect,
    base_url: str | None,
    mj: re.Match[str] | None,
) -> Stated:
    """What the page states outright: the current page its pager marks, the page count and
    posts a page its labels, attributes and page-jump script (`mj`, `page_jump` of `html`)
    print, the links it marks as the next and the last page (looked for only when the page is
    not the last)."""
    cur = select_first(root, dialect.sel("page_current"))
    page = first_int(collapse_text(cur.text()).strip("[]")) if cur is not None else None
    if page is None and dialect.layout == "msgnumber":
        m = scan(html, "<b>[", _BOLD_PAGE)
        page = int(m.group(1)) if m else None
    total = _stated_total(root, dialect)
    per_page = total_posts = None
    if mj and int(mj.group(2)) > 0:
        total_posts, per_page = int(mj.group(1)), int(mj.group(2))
    else:
        pj = scan(html, "perPage", _PER_PAGE_JS)
        per_page = int(pj.group(1)) if pj else None
    if page is None or total is None:
        jump_page, jump_total = _jump_text(root, dialect)
        page = page or jump_page
        total = total or jump_total or _total_label(html)
    numbered = "{page}" in dialect.urls.get("topic", "")
    maybe_attr = per_page is None and not numbered and _PER_PAGE_NAME.search(html) is not None
    if maybe_attr and ("erpage" in html or "erPage" in html):
        per_page = _per_page_attr(root)
    stated = Stated(page, total, per_page, total_posts, numbered)
    if page is not None and total is not None and page >= total:
        return stated  # the last page: no next page, no last one to find
    # the next link a generation marks (IPB 1.x/2.x mark none: their selector finds every
    # page link), or the host's own
    next_sel = dialect.sel("next_link")
    if dialect.layout == "msgnumber" and "next_link" not in dialect.overridden:
        next_sel = ""
    last = select_first(root, "link[rel='last'], a[rel='last']") if "last" in html else None
    return stated.linked(
        next_url=link_url(select_first(root, next_sel), base_url) if next_sel else None,
        last_url=link_url(last, base_url),
    )


def _stated_total(root: LexborNode | None, dialect: Dialect) -> int | None:
    node = select_first(root, dialect.sel("page_total_attr_node"))
    if node is None:
        return None
    for attr in dialect.sel("page_total_attr").split():
        total = first_int(attr_of(node, attr))
        if total:
            return total
    return None


def _jump_text(root: LexborNode | None, dialect: Dialect) -> tuple[int | None, int | None]:
    """«Page 1 of 3» / «231 страниц» in the page-jump element."""
    jump = select_first(root, dialect.sel("page_jump"))
    if jump is None:
        return None, None
    text = collapse_text(jump.text())
    m = _OF_TOTAL.search(text)
    if m:
        return int(m.group(1)), int(m.group(2))
    m2 = _N_PAGES.search(text)
    return None, (int(m2.group(1)) if m2 else None)


def _total_label(html: str) -> int | None:
    for literal, pattern in _PAGES_COUNT:
        m = scan(html, literal, pattern)
        if m:
            return int(m.group(1))
    return None


# The end of the page-size attribute's name in any case: without it, no element has it (a
# query for an attribute of any element visits the whole tree).
_PER_PAGE_NAME = re.compile("-" + caseless("perpage"))


def _per_page_attr(root: LexborNode | None) -> int | None:
    node = select_first(root, "[data-ipspagination-perpage]")
    return first_int(attr_of(node, "data-ipspagination-perpage"))


def link_url(link: LexborNode | None, base_url: str | None) -> str | None:
    """Where `link` leads (absolute against `base_url`), None for no link or a script one."""
    href = attr_of(link, "href")
    if not href or href.startswith(("#", "javascript:")):
        return None
    href = htmllib.unescape(href)
    return urljoin(base_url, href) if base_url else href


_CLOCK_RU = re.compile(r"Сейчас\s*:\s*([^<]{6,40})<")


_CLOCK_EN = re.compile(r"Time is now\s*:\s*([^<]{6,40})<")


def board_clock(html: str, tz: tzinfo, dialect: Dialect) -> Callable[[], datetime | None]:
    """`board_now` of the page, read on the first call and kept: the page's time is needed
    only for a relative day («Сегодня», "Today"), which most pages never print."""
    read: list[datetime | None] = []

    def now() -> datetime | None:
        if not read:
            read.append(board_now(html, tz, dialect))
        return read[0]

    return now


def board_now(html: str, tz: tzinfo, dialect: Dialect) -> datetime | None:
    """The board's own clock where the footer prints it («Сейчас: 19.12.21, 14:21»)."""
    tail = max(0, len(html) - 16384)  # the clock is in the page footer
    m = scan(html, "Сейчас", _CLOCK_RU, tail) or scan(html, "Time is now", _CLOCK_EN, tail)
    if not m:
        return None
    return parse_board_date(m.group(1), tz=tz, formats=dialect.date_formats)
