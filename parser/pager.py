"""A topic page's navigation as the board writes it, on every board: which page this is, how
many there are, where the next and the last page are, and the posts a page.

Boards print their page links in many ways — IPB 1.3's bare `<a href='…&amp;st=15'>2</a>`
after «Страницы:» with the current page as `<b>[1]</b>`, IPB 2's `span.pagelink`, IPB 3's
`li.page` with `page__st__N` addresses, IPS 4's `ipsPagination` with `&page=N` and `data-page`,
phpBB's `start=N` buttons — but every one of them is a link to the same topic that carries a
position (a post offset or a page number) and usually shows a page number. So a reader hands
this module the links it found (`PageLink`) and what the page states outright (`Stated`: the
current page, the page count, posts a page), and gets one `Nav`: every fact the links and the
statements agree on, the next page never past the last, and the last page found from the
first without walking the pages between.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin

__all__ = ["Nav", "PageLink", "Stated", "page_link", "read_nav", "topic_of"]

# A post offset in a topic address: IPB's st=N (and IPB 3's page__st__N), phpBB's start=N.
_OFFSET = re.compile(r"(?:[?&;]|&amp;)(?:st|start)=(\d+)|page__st__(\d+)")
# A page number in a topic address: IPS 4's &page=N or /page/N/, IPB 3's /page-N.
_PAGE = re.compile(r"(?:[?&;]|&amp;)page=(\d+)|/page[/-](\d+)")
# The topic an address shows: IPB showtopic=T, act=ST&t=T, phpBB viewtopic.php?t=T, IPB 3 and
# IPS 4 /topic/T-slug.
_TOPIC = re.compile(r"showtopic=(\d+)|(?:[?&;]|&amp;)t=(\d+)|/topic/(\d+)")
# Addresses that name a topic and a position but are not a page of it: a post, the first
# unread post, a reply form, a printable view, moderator actions (each as the boards spell it).
_NOT_A_PAGE_WORDS = (
    "view=", "findpost", "#entry", "#p", "findComment", "comment=", "CODE=", "act=Post",
    "act=Print", "mode=", "mcp.php", "posting.php", "javascript:",
)  # fmt: skip
_POST_PARAM = re.compile(r"[?&;]p(?:id)?=\d")
# A page number in a link's title: «Страница: 4», "Page 4", IPB 3's bare "3".
_TITLE_PAGE = re.compile(r"^\s*(?:(?:Страница|Page)\s*:?\s*)?(\d+)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PageLink:
    """A link to a page of the topic, as the page shows it."""

    url: str  # as the page writes it (entities decoded), absolute where the page's address is known
    offset: int | None  # the post offset the address carries (st=, start=, page__st__)
    page: int | None  # the page number the address carries (page=, /page/N/, data-page)
    label: int | None  # the page number the link shows (its text or its title)


@dataclass(frozen=True, slots=True)
class Stated:
    """What a page states about its navigation outright (None: it does not say)."""

    page: int | None = None  # the current page, marked in the pager
    total: int | None = None  # the page count («(4)», "Page 1 of 3", data-pages)
    per_page: int | None = None  # posts a page (a page-jump script or attribute)
    total_posts: int | None = None  # posts in the topic
    next_url: str | None = None  # a link the board marks as the next page (rel=next)
    last_url: str | None = None  # a link the board marks as the last page (rel=last)
    # the next link is the host's own choice ([board.selectors]): it wins over the links
    next_chosen: bool = False


@dataclass(frozen=True, slots=True)
class Nav:
    """A topic page's place among its pages."""

    page: int
    total_pages: int
    next_url: str | None  # None on the last page
    last_url: str | None  # None on the last page
    start: int | None  # offset of the page's first post, where known
    per_page: int | None


def topic_of(url: str) -> int | None:
    """The topic an address shows, None when it names none."""
    m = _TOPIC.search(url)
    return int(next(g for g in m.groups() if g is not None)) if m else None


def _position(url: str) -> tuple[int | None, int | None]:
    off = _OFFSET.search(url)
    num = _PAGE.search(url)
    offset = int(off.group(1) or off.group(2)) if off else None
    page = int(num.group(1) or num.group(2)) if num else None
    return offset, page


def page_link(
    href: str | None,
    text: str,
    *,
    title: str | None = None,
    data_page: str | None = None,
    topic_id: int | None,
    base_url: str | None,
) -> PageLink | None:
    """A link of the page read as a link to one of the topic's pages, or None when it is not
    one: another topic, a post, a form, or no position and no page number shown."""
    if not href or href.startswith("#"):
        return None
    href = href.strip()
    positioned = "st=" in href or "page" in href or "start=" in href or bool(data_page)
    label = _label(text, title)
    if not positioned and label is None:
        return None  # most links of a page: no position, no page number shown
    if any(w in href for w in _NOT_A_PAGE_WORDS) or _POST_PARAM.search(href):
        return None
    linked = topic_of(href)
    if linked is None or (topic_id is not None and linked != topic_id):
        return None
    offset, page = _position(href) if positioned else (None, None)
    if page is None and data_page and data_page.isdigit():
        page = int(data_page)
    if offset is None and page is None:
        if label != 1:
            return None
        offset = 0  # the topic's own address is its first page
    url = urljoin(base_url, href) if base_url else href
    return PageLink(url, offset, page, label)


def _label(text: str, title: str | None) -> int | None:
    shown = text.strip().strip("[]").strip()
    if shown.isdigit():
        return int(shown)
    if title:
        m = _TITLE_PAGE.match(title)
        if m:
            return int(m.group(1))
    return None


def _per_page(links: list[PageLink], stated: int | None) -> int | None:
    """Posts a page: as stated, else what the links' offsets and page numbers agree on
    (offset = (page - 1) × posts a page), else the offsets' common divisor."""
    if stated:
        return stated
    votes: Counter[int] = Counter()
    offsets: list[int] = []
    for link in links:
        if link.offset is None or link.offset <= 0:
            continue
        offsets.append(link.offset)
        shown = link.page or link.label
        if shown is not None and shown > 1 and link.offset % (shown - 1) == 0:
            votes[link.offset // (shown - 1)] += 1
    if votes:
        return votes.most_common(1)[0][0]
    return math.gcd(*offsets) if offsets else None


def _page_of(link: PageLink, per: int | None) -> int | None:
    """Which page a link leads to: the page number its address carries, else its offset's
    page, else the number it shows."""
    if link.page is not None:
        return link.page
    if link.offset is not None and per:
        return link.offset // per + 1
    return link.label


def read_nav(links: Iterable[PageLink], stated: Stated, *, own_url: str | None = None) -> Nav:
    """One page's navigation from its page links, what it states, and its own address."""
    found = list(links)
    per = _per_page(found, stated.per_page)
    own_offset, own_page = _position(own_url) if own_url else (None, None)
    pages: dict[int, str] = {}
    for link in found:
        n = _page_of(link, per)
        if n is not None and n > 0:
            pages.setdefault(n, link.url)
    page = stated.page or own_page
    if page is None and own_offset is not None and per:
        page = own_offset // per + 1  # an offset between two pages: the one it starts in
    page = page or 1
    total = stated.total
    if total is None and stated.total_posts is not None and per:
        total = -(-stated.total_posts // per)
    if total is None:
        total = max(pages, default=page)
    total = max(total, page)
    start = _start(page, per, own_offset, stated.page is not None)
    if page >= total:
        return Nav(page, total, None, None, start, per)
    next_url = stated.next_url if stated.next_chosen else None
    next_url = next_url or pages.get(page + 1) or stated.next_url or _shifted(found, per, page)
    last_url = pages.get(total) or stated.last_url or _shifted(found, per, total - 1)
    return Nav(page, total, next_url, last_url, start, per)


def _start(page: int, per: int | None, own_offset: int | None, page_stated: bool) -> int | None:
    """The offset of the page's first post: its page's when the page marks which it is (an
    address past the end shows the last page), else the address's own (an offset between
    two pages), else its page's."""
    if per and (page_stated or own_offset is None):
        return (page - 1) * per
    if own_offset is not None:
        return own_offset
    return 0 if page == 1 else None


def _shifted(links: list[PageLink], per: int | None, index: int) -> str | None:
    """The address of page `index + 1` made from a page link that carries an offset (a pager
    that leaves out the pages between shows the first and the last)."""
    if not per:
        return None
    for link in links:
        if link.offset is None:
            continue
        m = _OFFSET.search(link.url)
        if m is None:
            continue
        group = 1 if m.group(1) is not None else 2
        return link.url[: m.start(group)] + str(index * per) + link.url[m.end(group) :]
    return None
