"""The first read of a long topic (issue 20 item 3): the same result for less work. Each test
holds a cheaper path equal to the one it replaces, or shows the work it saves; none is timed
(`bench/shell.py` prints the figures)."""

from __future__ import annotations

import dataclasses
import gc
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from engine import RuleSet
from mafiabot import heap
from mafiabot.config import Config
from mafiabot.config.sections import Override
from mafiabot.daemon import calendar
from scraper.http import BoardHttp
from tests.demo_game_kit import TOPIC_P6, dealt_game, demo_game, topic_fetch


def _turn_of(c: Config, rules: RuleSet, when: datetime | None, current: int) -> int:
    """C-1 read afresh for one moment, as before the finder: the first turn whose last
    deadline (a host's extension included) `when` is on time for; no moment: the turn under
    way. (`calendar.turn_at` is the finder itself now, so it cannot be the reference.)"""
    if when is None:
        return current
    t = rules.first_turn
    while t < current + 50:
        if calendar.on_time(c, when, calendar.deadline_for(c, rules, t, rules.turn_phases[-1])):
            return t
        t += 1
    return t


def test_the_turn_finder_answers_as_turn_at_for_every_moment(tmp_path: Path) -> None:
    # C-1: a post's turn is the first whose last deadline it is on time for (the deadline's
    # own minute on time); a first read asks for 20,000 posts' turns against one calendar
    run = demo_game(tmp_path)
    cfg, rules = run.cfg, run.daemon.shell.rules
    assert cfg.rules.deadline_minute_on_time and rules.turn_phases == ("day",)
    d1 = cfg.game.deadlines[1]  # turn 1's deadline
    moved = d1 + timedelta(hours=5, minutes=30)  # a host moved turn 1's deadline
    extended = dataclasses.replace(
        cfg, overrides=(Override(index=0, kind="extend_deadline", turn=1, until=moved),)
    )
    start = cfg.game.start - timedelta(hours=2)
    moments: list[datetime | None] = [None]
    moments += [start + timedelta(minutes=7 * k, seconds=k % 61) for k in range(1200)]
    minute = timedelta(minutes=1)
    edges = [d1, d1 + timedelta(seconds=59), d1 + minute, moved, moved + minute]
    moments += edges
    for c in (cfg, extended):
        for current in (0, 1, 3):
            finder = calendar.TurnFinder(c, rules, current)
            want = [_turn_of(c, rules, when, current) for when in moments]
            assert [finder(when) for when in moments] == want
            assert calendar.turn_at(c, rules, d1, current) == finder(d1)
    # the deadline's minute is on time, the next is not, an extension moves the line
    plain = calendar.TurnFinder(cfg, rules, 3)
    assert [plain(m) for m in [None, *edges]] == [3, 1, 1, 2, 2, 2]
    moved_on = calendar.TurnFinder(extended, rules, 3)
    assert [moved_on(m) for m in [None, *edges]] == [3, 1, 1, 1, 1, 2]


def test_a_long_read_keeps_freed_memory_freezes_what_was_loaded_and_collects_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # from heap.MANY_PAGES pages on, the daemon's read (as `parse posts`) asks the allocator
    # to keep freed memory and keeps what was loaded before out of the collector's passes,
    # given back when the read ends; a short read (an idle tick's one page) does neither
    from mafiabot.daemon import ingest

    run, start = dealt_game(tmp_path)
    sh, g = run.daemon.shell, run.daemon.game()
    page = topic_fetch(TOPIC_P6.read_text(), start)
    kept: list[int] = []
    monkeypatch.setattr(heap, "keep_freed_memory", lambda: kept.append(1))
    # what happened, in order: each batch stored, the full collection at the read's end
    # (and whether the collector's block was still on then)
    steps: list[str] = []
    monkeypatch.setattr(
        heap,
        "collect_after_read",
        lambda: steps.append(f"collected, frozen {gc.get_freeze_count() > 0}"),
    )
    frozen_while_storing: list[bool] = []
    upsert = sh.store.upsert_posts

    def storing(*a: Any, **k: Any) -> Any:
        frozen_while_storing.append(gc.get_freeze_count() > 0)
        steps.append("stored")
        return upsert(*a, **k)

    monkeypatch.setattr(sh.store, "upsert_posts", storing)
    assert gc.get_freeze_count() == 0
    ingest.ingest_pages(sh, g, 4, [page] * 3, start, ingest.TickReport())
    assert kept == [] and frozen_while_storing and not any(frozen_while_storing)
    assert "stored" in steps and not any(s.startswith("collected") for s in steps)
    frozen_while_storing.clear()
    steps.clear()
    ingest.ingest_pages(sh, g, 4, [page] * (heap.MANY_PAGES + 2), start, ingest.TickReport())
    assert kept == [1]
    # a long read ends with one full collection, after its last batch is stored and the
    # collector's block has ended: before the tick's next step (a first poll's letters)
    assert steps[-1] == "collected, frozen False"
    assert steps[:-1] and set(steps[:-1]) == {"stored"}
    assert frozen_while_storing and frozen_while_storing[-1]
    assert gc.get_freeze_count() == 0  # given back to the collector


def test_nested_frozen_blocks_leave_the_unfreezing_to_the_outermost() -> None:
    assert gc.get_freeze_count() == 0
    with heap.frozen():
        outer = gc.get_freeze_count()
        with heap.frozen():
            pass
        assert gc.get_freeze_count() == outer > 0
    assert gc.get_freeze_count() == 0


def test_a_long_read_passes_over_the_youngest_objects_less_often() -> None:
    # in a frozen block the youngest generation waits for heap.LONG_READ_YOUNG objects, not
    # 700; the thresholds are given back as they were when the outermost block ends
    before = gc.get_threshold()
    with heap.frozen():
        inside = gc.get_threshold()
        with heap.frozen():
            assert gc.get_threshold() == inside
        assert gc.get_threshold() == inside
    assert inside == (max(before[0], heap.LONG_READ_YOUNG), *before[1:])
    assert inside[0] > 700 and gc.get_threshold() == before


# -- the plain GET path (scraper.http.BoardHttp._plain_get) -----------------------------------


class _Board:
    """Answers every GET with a page; `set_cookie` (if any) goes with the next answer."""

    def __init__(self) -> None:
        self.seen: list[httpx.Request] = []
        self.set_cookie: list[str] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        headers = [("content-type", "text/html; charset=utf-8")]
        headers += [("set-cookie", c) for c in self.set_cookie]
        self.set_cookie = []
        return httpx.Response(200, headers=headers, content=b"<html><body>ok</body></html>")


def _http(board: _Board) -> BoardHttp:
    return BoardHttp(
        user_agent="mafiabot-test", min_interval=0, transport=httpx.MockTransport(board.handle)
    )


def test_a_plain_get_sends_what_httpx_would_send() -> None:
    board = _Board()
    http = _http(board)
    http.client.cookies.set("phpbb3_sid", "abc", domain="board.example", path="/")
    http.client.cookies.set("elsewhere", "x", domain="other.example", path="/")
    http.client.cookies.set("deeper", "y", domain="board.example", path="/forum/private")
    url = "https://board.example/forum/viewtopic.php?t=4&start=20"
    resp = http.send_once("GET", url)
    assert resp.status_code == 200 and resp.text.endswith("</html>")
    assert str(resp.url) == url and resp.request is board.seen[0]
    want = http.client.build_request("GET", url)
    got = board.seen[0]
    assert got.headers.raw == want.headers.raw
    assert got.headers["cookie"] == "phpbb3_sid=abc"
    assert got.extensions["timeout"] == want.extensions["timeout"]


def test_a_plain_get_follows_the_cookies_the_board_sets_rotates_and_drops() -> None:
    board = _Board()
    http = _http(board)
    url = "http://board.example/viewtopic.php?t=4"
    http.send_once("GET", url)
    assert "cookie" not in board.seen[-1].headers
    board.set_cookie = ["sid=one; path=/", "u=2; path=/"]  # logged in
    http.send_once("GET", url)
    http.send_once("GET", url)
    assert board.seen[-1].headers["cookie"] == "sid=one; u=2"
    board.set_cookie = ["sid=two; path=/"]  # the board rotates the session
    http.send_once("GET", url)
    http.send_once("GET", url)
    assert board.seen[-1].headers["cookie"] == "sid=two; u=2"
    board.set_cookie = ["u=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT"]  # logged out
    http.send_once("GET", url)
    http.send_once("GET", url)
    assert board.seen[-1].headers["cookie"] == "sid=two"
    http.client.cookies.clear()  # the client drops the session itself (a new login)
    http.send_once("GET", url)
    assert "cookie" not in board.seen[-1].headers


def test_a_plain_get_stops_sending_a_cookie_once_it_expires(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = _Board()
    http = _http(board)
    now = time.time()
    soon = datetime.fromtimestamp(now + 60, UTC).strftime("%a, %d %b %Y %H:%M:%S GMT")
    board.set_cookie = [f"sid=one; path=/; expires={soon}"]
    url = "http://board.example/viewtopic.php?t=4"
    http.send_once("GET", url)
    http.send_once("GET", url)
    assert board.seen[-1].headers["cookie"] == "sid=one"
    monkeypatch.setattr(time, "time", lambda: now + 120)  # the jar unchanged, the cookie old
    http.send_once("GET", url)
    assert "cookie" not in board.seen[-1].headers


def test_the_new_letter_counter_is_read_in_any_case_of_its_link() -> None:
    # the counter is first looked for where the board's own spelling of its link stands,
    # then anywhere in any case, as before
    from scraper.client import _pm_badge_in

    phpbb = (
        '<a href="./ucp.php?i=pm&amp;folder=inbox" role="menuitem"><strong class="badge">3</strong>'
    )
    ipb = "<a href='index.php?act=Msg&amp;CODE=01'>2 новых</a>"
    for page, want in ((phpbb, "3"), (ipb, "2")):
        for text in (page, page.upper().replace("НОВЫХ", "новых"), "x" * 500 + page):
            m = _pm_badge_in(text)
            assert m is not None and next(x for x in m.groups() if x) == want
    decoy = '<a href="?folder=inbox">inbox</a> ' + phpbb.replace("folder=inbox", "FOLDER=INBOX")
    m = _pm_badge_in(decoy)
    assert m is not None and next(x for x in m.groups() if x) == "3"
    assert _pm_badge_in("<p>no counter</p>") is None


def test_the_counter_found_by_plain_search_is_the_caseless_patterns_match() -> None:
    # a page without the counter (no new letters, IPS 4) is searched to its end on every read:
    # the plain-search way finds what the caseless pattern finds, on every saved page and in
    # any case of it
    from pathlib import Path

    from scraper.client import _PM_BADGE, _caseless_badge

    root = Path(__file__).resolve().parent.parent / "fixtures"
    pages = sorted(p for p in root.rglob("*") if p.suffix in (".html", ".htm"))
    assert len(pages) > 50
    found = 0
    for path in pages:
        text = path.read_bytes().decode("utf-8", "replace")
        mixed = text.replace("folder=inbox", "Folder=InboX").replace("CODE=01", "cOdE=01")
        for variant in (text, text.upper(), text.lower(), mixed):
            want = _PM_BADGE.search(variant)
            got = _caseless_badge(variant)
            assert (got and (got.start(), got.group(0))) == (want and (want.start(), want.group(0)))
            found += want is not None
    assert found > 20


BASES = [
    "http://board/forum/viewtopic.php?t=4&start=20",
    "https://board/viewtopic.php?f=1&t=4#p5",
    "http://board/a;p?q=1",
    "http://board/index.php?showtopic=5&st=20",
    "http://board/topic/5-x/page/2/",
    "http://board/x#frag?no",
    "http://board/",
]
HREFS = [
    "./viewtopic.php?t=4&start=40",
    "viewtopic.php?t=4",
    "/viewtopic.php?t=4&start=0",
    "../x?y",
    "//other/p",
    "http://z/q",
    "?start=40",
    ";x",
    "#top",
    "page/3/",
    "index.php?showtopic=5&st=40#e",
    # a query or fragment of the link's own, empty or odd, kept as urljoin keeps it
    "./viewtopic.php?",
    "./viewtopic.php#",
    "./viewtopic.php?#f",
    "./viewtopic.php?a=1#b#c",
    "./viewtopic.php#a?b",
    "viewtopic.php?a=1?b=2",
    "./v;p?q=1",
    "//other?q=1",
    "//other/p?q#f",
    "http:?q=1",
    "https:viewtopic.php?t=4",
    "mailto:x?subject=y",
    "./view\ttopic.php?t=4&start=40",
    "./viewtopic.php?t=4\n&start=40",
]


@pytest.mark.parametrize("base", BASES)
def test_page_links_are_joined_as_urljoin_joins_them(base: str) -> None:
    # the pager remembers joins against the page's address without its query: the same
    # address for every link, whatever page it was read on
    from urllib.parse import urljoin

    from parser.pager import joined

    for href in HREFS:
        assert joined(base, href) == urljoin(base, href)
        assert joined(base, href) == urljoin(base, href)  # remembered


def test_a_page_link_is_joined_once_for_every_page_of_a_topic() -> None:
    # the pager's links are the same on every page of a topic: a link joined on one page is
    # remembered for the next, whose address differs only in its query (or fragment)
    from parser.pager import _joined_path, joined

    pages = [f"http://board/forum/viewtopic.php?t=4&start={20 * k}#p{k}" for k in range(5)]
    _joined_path.cache_clear()
    for base in pages:
        for href in ("./viewtopic.php?t=4&start=40", "./viewtopic.php?t=4&start=60"):
            joined(base, href)
    info = _joined_path.cache_info()
    assert (info.misses, info.hits) == (2, 8)
