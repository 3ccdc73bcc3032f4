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
from functools import lru_cache
from itertools import islice

__all__ = ["Nav", "PageLink", "Stated", "page_link", "read_nav", "topic_of"]

# Addresses that name a topic and a position but are not a page of it: a post, the first
# unread post, a reply form, a printable view, moderator actions (each as the boards spell it).
_NOT_A_PAGE_WORDS = (
    "view=", "findpost", "#entry", "#p", "findComment", "comment=", "CODE=", "act=Post",
    "act=Print", "mode=", "mcp.php", "posting.php", "javascript:",
)  # fmt: skip
_POST_PARAM = re.compile(r"[?&;]p(?:id)?=\d")
# A page number in a link's title: «Страница: 4», "Page 4", IPB 3's bare "3".
_TITLE_PAGE = re.compile(r"^\s*(?:(?:Страница|Page)\s*:?\s*)?(\d+)\s*$", re.IGNORECASE)


# Plain classes, not dataclasses: every reader imports these, and a dataclass costs a quarter
# of a millisecond to define at each start of `mafiabot parse posts`.


class PageLink:
    """A link to a page of the topic, as the page shows it."""

    __slots__ = ("label", "offset", "page", "url")

    def __init__(self, url: str, offset: int | None, page: int | None, label: int | None) -> None:
        self.url = url  # as written (entities decoded), absolute where the page's address is known
        self.offset = offset  # the post offset the address carries (st=, start=, page__st__)
        self.page = page  # the page number the address carries (page=, /page/N/, data-page)
        self.label = label  # the page number the link shows (its text or its title)


class Stated:
    """What a page states about its navigation outright (None: it does not say)."""

    __slots__ = ("last_url", "next_url", "numbered", "page", "per_page", "total", "total_posts")

    def __init__(
        self,
        page: int | None = None,
        total: int | None = None,
        per_page: int | None = None,
        total_posts: int | None = None,
        numbered: bool = False,
        next_url: str | None = None,
        last_url: str | None = None,
    ) -> None:
        self.page = page  # the current page, marked in the pager
        self.total = total  # the page count («(4)», "Page 1 of 3", data-pages)
        self.per_page = per_page  # posts a page (a page-jump script or attribute)
        self.total_posts = total_posts  # posts in the topic
        # the board addresses its pages by number (IPS 4/5): posts a page find none of them
        self.numbered = numbered
        # a link the board marks as the next page (rel=next, or the host's [board.selectors])
        self.next_url = next_url
        self.last_url = last_url  # a link the board marks as the last page (rel=last)

    def linked(self, next_url: str | None, last_url: str | None) -> Stated:
        """The same statements with these marked next and last links."""
        page, total, per, posts = self.page, self.total, self.per_page, self.total_posts
        return Stated(page, total, per, posts, self.numbered, next_url, last_url)


class Nav:
    """A topic page's place among its pages."""

    __slots__ = ("last_url", "next_url", "page", "per_page", "start", "total_pages")

    def __init__(
        self,
        page: int,
        total_pages: int,
        next_url: str | None,
        last_url: str | None,
        start: int | None,
        per_page: int | None,
    ) -> None:
        self.page = page
        self.total_pages = total_pages
        self.next_url = next_url  # None on the last page
        self.last_url = last_url  # None on the last page
        self.start = start  # offset of the page's first post, where known
        self.per_page = per_page


# What an address says, each spelling as (key, whether a parameter separator must come before
# it), read with str.find (an alternation is tried at every character); `&amp;` ends in ";", a
# separator too. The topic: IPB showtopic=T, act=ST&t=T, phpBB viewtopic.php?t=T, IPB 3 and
# IPS 4 /topic/T-slug. A post offset: IPB st=N, IPB 3 page__st__N, phpBB start=N. A page
# number: IPS 4 &page=N or /page/N/, IPB 3 /page-N.
_TOPIC_KEYS = (("showtopic=", False), ("t=", True), ("/topic/", False))
_OFFSET_KEYS = (("st=", True), ("start=", True), ("page__st__", False))
_PAGE_KEYS = (("page=", True), ("/page/", False), ("/page-", False))


def _find_number(url: str, keys: tuple[tuple[str, bool], ...]) -> tuple[int, int] | None:
    """Where the number written right after the first of `keys` found in `url` is."""
    for key, separated in keys:
        i = url.find(key)
        while i >= 0:
            if not separated or (i > 0 and url[i - 1] in "?&;"):
                j = k = i + len(key)
                while k < len(url) and url[k].isdigit():
                    k += 1
                if k > j:
                    return j, k
            i = url.find(key, i + 1)
    return None


def _number_after(url: str, keys: tuple[tuple[str, bool], ...]) -> int | None:
    """The number written right after the first of `keys` found in `url`."""
    found = _find_number(url, keys)
    return int(url[found[0] : found[1]]) if found else None


def topic_of(url: str) -> int | None:
    """The topic an address shows, None when it names none."""
    return _number_after(url, _TOPIC_KEYS)


def _position(url: str) -> tuple[int | None, int | None]:
    return _number_after(url, _OFFSET_KEYS), _number_after(url, _PAGE_KEYS)


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
    url = joined(base_url, href) if base_url else href
    return PageLink(url, offset, page, label)


def joined(base_url: str, href: str) -> str:
    """`urljoin(base_url, href)`. A link with a path of its own ("./viewtopic.php?…") does
    not take the base's query or fragment, so it is joined against the base without them
    and remembered: consecutive pages of a topic show mostly the same page links, and a
    first read of a thousand pages joined each of them again on every page."""
    if href[:1] in ("", "?", ";", "#"):  # the base's path (and maybe its query) is kept
        from urllib.parse import urljoin

        return urljoin(base_url, href)
    # the address up to its first "?" or "#", cut by two plain splits (cheaper than a pattern)
    return _joined_path(base_url.split("#", 1)[0].split("?", 1)[0], href)


@lru_cache(maxsize=512)
def _joined_path(base: str, href: str) -> str:
    # urllib.parse only when the page's address is known: `mafiabot parse posts` starts without
    from urllib.parse import urljoin

    return urljoin(base, href)


def _label(text: str, title: str | None) -> int | None:
    shown = text.strip().strip("[]").strip()
    if shown.isdigit():
        return int(shown)
    if title:
        m = _TITLE_PAGE.match(title)
        if m:
            return int(m.group(1))
    return None


def _per_page(links: list[PageLink]) -> int | None:
    """Posts a page, from what the links' offsets and page numbers agree on (offset =
    (page - 1) × posts a page), else from the offsets' common divisor."""
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


class _Links:
    """A page's links to the topic's pages, read only as far as a question needs them (a
    pager of a long topic holds a dozen; most pages state most answers outright)."""

    def __init__(self, links: Iterable[PageLink]) -> None:
        self._rest = iter(links)
        self.read: list[PageLink] = []

    def all(self) -> list[PageLink]:
        self.read.extend(self._rest)
        return self.read

    def first(self) -> PageLink | None:
        if not self.read:
            self.read.extend(islice(self._rest, 1))
        return self.read[0] if self.read else None

    def to(self, n: int, per: int | None) -> str | None:
        """The address of page `n`, as the page links it."""
        for link in self.read:
            if _page_of(link, per) == n:
                return link.url
        for link in self._rest:
            self.read.append(link)
            if _page_of(link, per) == n:
                return link.url
        return None

    def with_offset(self) -> str | None:
        """Any link's address that carries a position, to make others from."""
        for link in (*self.read, *self._rest):
            if link.offset is not None or link.page is not None:
                return link.url
        return None


def read_nav(links: Iterable[PageLink], stated: Stated, *, own_url: str | None = None) -> Nav:
    """One page's navigation from what it states, its own address, and as many of its page
    links as the statements leave open (an iterable: read lazily)."""
    lazy = _Links(links)
    per = stated.per_page
    first = lazy.first() if per is None and not stated.numbered else None
    if first is not None and first.offset is not None:  # a pager by post offsets
        per = _per_page(lazy.all())
    own_offset, own_page = _position(own_url) if own_url else (None, None)
    page = stated.page or own_page
    if page is None and own_offset is not None and per:
        page = own_offset // per + 1  # an offset between two pages: the one it starts in
    page = page or 1
    total = stated.total
    if total is None and stated.total_posts is not None and per:
        total = -(-stated.total_posts // per)
    if total is None:
        total = max((n for n in (_page_of(x, per) for x in lazy.all()) if n), default=page)
    total = max(total, page)
    start = _start(page, per, own_offset, stated.page is not None)
    if page >= total:
        return Nav(page, total, None, None, start, per)
    # the board's marked next link, its link to the page after this, or one made from a link
    next_url = stated.next_url or lazy.to(page + 1, per)
    next_url = next_url or _shifted(lazy.with_offset(), per, page)
    last_url = stated.last_url or _shifted(next_url, per, total - 1) or lazy.to(total, per)
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


def _shifted(url: str | None, per: int | None, index: int) -> str | None:
    """The address of page `index + 1` made from another page's address: its post offset
    moved (with posts a page known), or its page number."""
    if url is None:
        return None
    found = _find_number(url, _OFFSET_KEYS)
    if found is not None:
        return url[: found[0]] + str(index * per) + url[found[1] :] if per else None
    found = _find_number(url, _PAGE_KEYS)
    if found is not None:
        return url[: found[0]] + str(index + 1) + url[found[1] :]
    return None
