"""A topic's pages as the board links them, every generation (issue 18 item 2): which page a page
is, how many there are, the next and the last page, posts a page — read from the page alone.

Real pages: the recorded exchanges with a live IPB 1.3 board (`fixtures/ipb13/http`: topic 4 in
four pages of 15, and an off-grid page at st=20, the board's bytes in windows-1251), pages saved
from it (`fixtures/ipb13/live`: topic 3 in two pages), the phpBB topic in eight pages
(`fixtures/phpbb`), the IPS 4.1 topic's last page; the IPB 2, IPB 3 and IC 5 template pages for
the markup no real page shows. The walk tests follow `next_url` only, as a client does: they
fail if any page of the topic is skipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from parser.dialects import IPB2
from parser.encoding import decode_html
from parser.ipb.topic import parse_ipb_topic
from parser.pages import parse_topic
from parser.records import TopicPage
from tests.conftest import FIXTURES

HTTP13 = FIXTURES / "ipb13" / "http"
LIVE13 = FIXTURES / "ipb13" / "live"
TEMPLATES = Path(__file__).parent / "ipb_template_pages"
BOARD = "http://127.0.0.1:8090/index.php"
TZ = "Europe/Moscow"


@dataclass(frozen=True)
class Recorded:
    url: str
    html: str


def recorded(flow: str) -> list[Recorded]:
    """The topic pages a flow fetched (answered 200), each with the address it was fetched at."""
    out = []
    for exchange in json.loads((HTTP13 / f"{flow}.json").read_text(encoding="utf-8")):
        response = exchange["response"]
        url = exchange["request"]["url"]
        if response["status"] == 200 and "showtopic=" in url:
            html = decode_html((HTTP13 / response["body_file"]).read_bytes())
            out.append(Recorded(url, html))
    return out


def ipb13(url: str, html: str, **kw: object) -> TopicPage:
    return parse_ipb_topic(html, tz=TZ, base_url=url, **kw)  # type: ignore[arg-type]


def _st(url: str | None) -> int | None:
    m = re.search(r"[?&]st=(\d+)", url or "")
    return int(m.group(1)) if m else None


# --- IPB 1.3: bare links after «Страницы:», the current page as <b>[1]</b> ---------------------


@pytest.mark.parametrize("flow", ["topic_pages", "topic_guest"])
def test_ipb13_pages_know_their_place_among_four(flow: str) -> None:
    seen = 0
    for rec in recorded(flow):
        st = _st(rec.url) or 0
        if st % 15:
            continue  # the off-grid page has its own test
        page = ipb13(rec.url, rec.html)
        n = st // 15 + 1
        assert (page.page, page.total_pages, page.per_page, page.start) == (n, 4, 15, st), rec.url
        assert page.total_posts == 56
        if n < 4:
            assert _st(page.next_url) == st + 15, rec.url
            assert _st(page.last_url) == 45, rec.url
        else:
            assert page.next_url is None and page.last_url is None
        seen += 1
    assert seen >= 2


def test_ipb13_an_off_grid_offset_reads_from_the_page_it_starts_in() -> None:
    # st=20 shows posts 21-35: no page is marked current; the next page read must not skip 36
    (rec,) = [r for r in recorded("topic_pages") if _st(r.url) == 20]
    page = ipb13(rec.url, rec.html)
    assert (page.page, page.total_pages, page.start) == (2, 4, 20)
    nxt = _st(page.next_url)
    assert nxt is not None and nxt <= 20 + len(page.posts)


def test_ipb13_the_count_is_read_from_any_of_the_page_s_statements() -> None:
    (rec,) = [r for r in recorded("topic_pages") if _st(r.url) is None]
    html = rec.html
    no_script = re.sub(r"javascript:multi_page_jump\([^)]*\)", "#", html)
    assert no_script != html
    no_label = no_script.replace("</a> (4)", "</a>")
    assert no_label != no_script
    for variant in (html, no_script, no_label):  # the script, the «(4)» label, the links
        page = ipb13(rec.url, variant)
        assert (page.page, page.total_pages, page.per_page) == (1, 4, 15)
        assert _st(page.last_url) == 45


def test_ipb13_without_its_address_the_page_still_links_on() -> None:
    (rec,) = [r for r in recorded("topic_pages") if _st(r.url) == 15]
    page = parse_ipb_topic(rec.html, tz=TZ)
    assert (page.page, page.total_pages) == (2, 4)
    assert page.next_url is not None and _st(page.next_url) == 30


# --- walking a topic: every page once, none skipped -------------------------------------------


def walk(pages: dict[str, str], first: str, read: object) -> list[TopicPage]:
    """Follow `next_url` from `first` over recorded pages, as a client polls a topic."""
    got: list[TopicPage] = []
    url: str | None = first
    while url is not None:
        assert url in pages, f"a page the board never served: {url}"
        page = read(url, pages[url])  # type: ignore[operator]
        got.append(page)
        assert len(got) <= len(pages), "the walk goes round in circles"
        url = page.next_url
    return got


def _key(url: str) -> str:
    return re.sub(r"&$", "", url)


def test_ipb13_a_walk_from_page_one_reads_every_post_of_the_topic() -> None:
    pages = {_key(r.url): r.html for r in recorded("topic_pages") if (_st(r.url) or 0) % 15 == 0}
    read = {u: ipb13(u, h) for u, h in pages.items()}
    every = sorted({p.id for page in read.values() for p in page.posts})
    assert len(every) == 56 == read[BOARD + "?showtopic=4"].total_posts
    got = walk(pages, BOARD + "?showtopic=4", lambda u, h: ipb13(_key(u), h))
    assert [p.page for p in got] == [1, 2, 3, 4]
    assert sorted(p.id for page in got for p in page.posts) == every


def test_ipb13_live_topic_walks_both_pages() -> None:
    p1 = decode_html((LIVE13 / "topic_3_p1.html").read_bytes())
    p2 = decode_html((LIVE13 / "topic_3_p2.html").read_bytes())
    first = BOARD + "?showtopic=3"
    page = ipb13(first, p1)
    assert (page.page, page.total_pages, page.per_page) == (1, 2, 15)
    assert page.next_url == page.last_url == BOARD + "?showtopic=3&st=15"
    got = walk({first: p1, page.next_url: p2}, first, ipb13)
    assert [len(p.posts) for p in got] == [15, 4]


PHPBB_BASE = "http://board.example/"


def _phpbb_pages() -> dict[str, str]:
    pages = {}
    for n in range(1, 9):
        url = PHPBB_BASE + "viewtopic.php?t=4" + (f"&start={(n - 1) * 10}" if n > 1 else "")
        pages[url] = (FIXTURES / "phpbb" / f"topic_p{n}.html").read_text(encoding="utf-8")
    return pages


def test_phpbb_a_walk_from_page_one_reads_every_page() -> None:
    pages = _phpbb_pages()
    first = PHPBB_BASE + "viewtopic.php?t=4"

    def read(url: str, html: str) -> TopicPage:
        return parse_topic(html.encode(), board="phpbb", tz=TZ, base_url=url)

    got = walk(pages, first, read)
    assert [p.page for p in got] == list(range(1, 9))
    assert [p.start for p in got] == [10 * i for i in range(8)]
    ids = [p.id for page in got for p in page.posts]
    assert len(ids) == len(set(ids)) == got[0].total_posts
    assert got[0].last_url == PHPBB_BASE + "viewtopic.php?t=4&start=70"
    assert got[0].per_page == 10


# --- the last page and the count from the first page alone -----------------------------------


def test_the_last_page_is_one_request_away_from_the_first() -> None:
    pages = {_key(r.url): r.html for r in recorded("topic_pages")}
    first = ipb13(BOARD + "?showtopic=4", pages[BOARD + "?showtopic=4"])
    assert first.last_url is not None
    last = ipb13(first.last_url, pages[first.last_url])
    assert last.page == last.total_pages == first.total_pages == 4
    assert last.next_url is None


# --- every generation's markup ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "page", "total", "next_url"),
    [
        # IPB 2: span.pagelink links, span.pagecurrent, multi_page_jump(url, 45, 20)
        ("ipb2_stock_topic", 2, 3, BOARD + "?showtopic=555&st=40"),
        # IPB 3: li.page links to page__st__N, li.page.active, «Page 2 of 3»
        ("ipb3_topic", 2, 3, "http://forum.example/topic/900-mafia-game-7/page__st__40"),
        # IC 5: ipsPagination with data-pages, page numbers in the address
        ("ic5_topic", 2, 3, "https://community.example/topic/4321-mafia-5/page/3/"),
    ],
)
def test_template_pagers_of_later_generations(
    name: str, page: int, total: int, next_url: str
) -> None:
    html = (TEMPLATES / f"{name}.template.html").read_text(encoding="utf-8")
    got = parse_ipb_topic(html, tz=TZ, base_url=BOARD)
    assert (got.page, got.total_pages, got.next_url) == (page, total, next_url)
    assert got.last_url == next_url  # page 3 of 3 is the next page and the last


def test_ips4_last_page_ignores_the_greyed_out_next_link() -> None:
    path = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
    got = parse_ipb_topic(decode_html(path.read_bytes()), tz=TZ)
    # its «Next» still links page 13, inactive: there is no page 13
    assert (got.page, got.total_pages, got.next_url, got.last_url) == (12, 12, None, None)


# --- a host's [board.selectors] for navigation ---------------------------------------------------


def test_host_selectors_for_navigation_come_first() -> None:
    (rec,) = [r for r in recorded("topic_pages") if _st(r.url) is None]
    # the host points at the pager's links: the same reading
    only_pager = IPB2.with_overrides({"page_link": "a[href*='st=']"})
    page = ipb13(rec.url, rec.html, dialect=only_pager)
    assert (page.page, page.total_pages, _st(page.next_url)) == (1, 4, 15)
    # the host names the next link outright: that link is the next page
    chosen = IPB2.with_overrides({"next_link": "a[href$='st=30']"})
    assert _st(ipb13(rec.url, rec.html, dialect=chosen).next_url) == 30
    # and a skin whose current page the stock selector misses: the host's selector finds it
    (rec2,) = [r for r in recorded("topic_pages") if _st(r.url) == 30]
    unmarked = rec2.html.replace("<b>[3]</b>", "<span class='now'>3</span>")
    assert ipb13(BOARD, unmarked).page == 1  # the address says nothing, nor does the pager
    skin = IPB2.with_overrides({"page_current": "span.now"})
    got = ipb13(BOARD, unmarked, dialect=skin)
    assert (got.page, got.total_pages, _st(got.next_url)) == (3, 4, 45)
