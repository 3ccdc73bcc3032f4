"""Work the HTTP layer did several times for one answer, done once (issue 20 item 3): whether
a page may be searched as bytes (`ascii_bytes`, asked four times a topic page), the board's
`Date` header (parsed while it stays the same second), the retry policy (built for every
request). Each is held to the behaviour it had: the same answers, the board clock's offset
following the header as it moves, the same retries and backoff, a session lost mid-read
still seen. None is timed (`bench/first_poll_pair.py` prints the figures)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from scraper import http as http_mod
from scraper.board import TopicCursor
from scraper.errors import BoardUnavailable
from scraper.http import BoardHttp, ascii_bytes
from scraper.phpbb import PhpbbClient, PhpbbSettings
from tests.fakeboard_phpbb import BASE, FakeClock, FakePhpbb

PAGE = Path(__file__).resolve().parent.parent / "fixtures" / "phpbb" / "other_topic_p1.html"
URL = "http://board.example/viewtopic.php?t=4"


def _answer(data: bytes, content_type: str | None = "text/html; charset=UTF-8") -> httpx.Response:
    headers = {} if content_type is None else {"content-type": content_type}
    return httpx.Response(200, content=data, headers=headers, request=httpx.Request("GET", URL))


def _counting(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> list[int]:  # calls of scraper.http.NAME, counted
    calls = [0]
    real: Callable[..., object] = getattr(http_mod, name)

    def counted(*args: object, **kw: object) -> object:
        calls[0] += 1
        return real(*args, **kw)

    monkeypatch.setattr(http_mod, name, counted)
    return calls


# -- ascii_bytes --------------------------------------------------------------------------


def test_a_pages_bytes_are_judged_once_for_its_four_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch, "utf8_declared")
    data = PAGE.read_bytes()
    resp = _answer(data)
    answers = [ascii_bytes(resp) for _ in range(4)]
    assert answers == [data] * 4
    assert calls[0] == 1


def test_the_judgement_belongs_to_its_answer_not_to_the_bytes() -> None:
    data = PAGE.read_bytes()
    utf8 = _answer(data)
    assert ascii_bytes(utf8) == data
    # the same bytes said to be windows-1251, then with a NUL byte: each answer its own verdict
    assert ascii_bytes(_answer(data, "text/html; charset=windows-1251")) is None
    assert ascii_bytes(_answer(data + b"\0")) is None
    assert ascii_bytes(_answer(data, None)) == data
    assert ascii_bytes(utf8) == data  # asked again after others: still its own


def test_a_topic_read_judges_each_page_once(monkeypatch: pytest.MonkeyPatch) -> None:
    board = FakePhpbb(FakeClock())
    client = PhpbbClient(
        PhpbbSettings(BASE, "Тестовый Игрок", "Tester-Pass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    calls = _counting(monkeypatch, "utf8_declared")
    board.reset_counts()
    poll = client.poll_topic(TopicCursor(4))
    assert len(poll.pages) > 1
    assert calls[0] == board.count("viewtopic.php")  # once a page, not once a question


def test_a_session_lost_mid_read_is_still_seen() -> None:
    board = FakePhpbb(FakeClock())
    client = PhpbbClient(
        PhpbbSettings(BASE, "Тестовый Игрок", "Tester-Pass-2026", remember_me=False),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    whole = client.poll_topic(TopicCursor(4))
    original = board._route
    pages = [0]

    def drop_after_first_page(method, path, q, form, sess):  # type: ignore[no-untyped-def]
        if path == "viewtopic.php":
            pages[0] += 1
            if pages[0] == 2:  # the session ends between the read's first and second page
                board.drop_sessions()
                sess.uid = 1
        return original(method, path, q, form, sess)

    board._route = drop_after_first_page  # type: ignore[method-assign]
    board.reset_counts()
    poll = client.poll_topic(TopicCursor(4))
    assert [p.post_ids for p in poll.pages] == [p.post_ids for p in whole.pages]
    assert board.count("ucp.php", "POST") == 1  # seen, and one login again
    assert all("mode=logout" in p.raw.html for p in poll.pages)


# -- the board's clock ----------------------------------------------------------------------


class _Dated:
    """Answers carrying the `Date` header set last; a clock the test moves."""

    def __init__(self) -> None:
        self.date: str | None = None
        self.now = 1_000_000.0

    def handle(self, request: httpx.Request) -> httpx.Response:
        headers = {"content-type": "text/plain"}
        if self.date is not None:
            headers["date"] = self.date
        return httpx.Response(200, content=b"ok", headers=headers)

    def http(self) -> BoardHttp:
        return BoardHttp(
            user_agent="t",
            min_interval=0,
            transport=httpx.MockTransport(self.handle),
            clock=lambda: self.now,
            sleep=lambda s: None,
        )


def test_C_1_the_board_clock_offset_follows_the_date_header_as_it_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parses = _counting(monkeypatch, "parsedate_to_datetime")
    board = _Dated()
    net = board.http()
    at = 1_800_000_000  # Fri, 15 Jan 2027 08:00:00 GMT
    board.now = at - 125.0
    board.date = "Fri, 15 Jan 2027 08:00:00 GMT"
    net.get(URL)
    assert net.clock_offset == 125.0
    board.now += 0.4  # the same second on the board, our clock moved on
    net.get(URL)
    assert net.clock_offset == pytest.approx(124.6)
    assert parses[0] == 1  # the same header: parsed once
    board.date = "Fri, 15 Jan 2027 08:00:03 GMT"  # the board's clock moved
    net.get(URL)
    assert net.clock_offset == pytest.approx(127.6)
    board.date = "Fri, 15 Jan 2027 11:00:04 +0300"  # another zone, the same moment + 1 s
    net.get(URL)
    assert net.clock_offset == pytest.approx(128.6)
    assert parses[0] == 3
    for unknown in ("Fri, 15 Jan 2027 08:00:09 -0000", "not a date"):  # no zone; garbage
        board.date = unknown
        net.get(URL)
        assert net.clock_offset == pytest.approx(128.6)  # kept from the last it knew
    board.date = "Fri, 15 Jan 2027 08:00:00 GMT"  # an earlier stamp again is read again
    net.get(URL)
    assert net.clock_offset == pytest.approx(124.6)


# -- the retry policy -------------------------------------------------------------------------


class _Flaky:
    def __init__(self) -> None:
        self.fail = 0
        self.requests = 0
        self.slept: list[float] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        if self.fail > 0:
            self.fail -= 1
            return httpx.Response(503, content=b"busy")
        return httpx.Response(200, content=b"ok", headers={"content-type": "text/plain"})

    def http(self, **kw: float) -> BoardHttp:
        return BoardHttp(
            user_agent="t",
            min_interval=0,
            transport=httpx.MockTransport(self.handle),
            clock=lambda: 0.0,
            sleep=self.slept.append,
            **kw,  # type: ignore[arg-type]
        )


def test_every_request_gets_the_whole_backoff_afresh(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = _counting(monkeypatch, "Retrying")
    board = _Flaky()
    net = board.http(retries=4, backoff=2.0, max_backoff=5.0)
    caplog.set_level(logging.WARNING, logger="scraper.http")
    for _ in range(2):  # the second request retries as the first did: nothing carried over
        board.fail, board.requests = 3, 0
        board.slept.clear()
        assert net.get(URL).status_code == 200
        assert board.requests == 4
        assert board.slept == [2.0, 4.0, 5.0]  # exponential, capped
    attempts = [r.getMessage() for r in caplog.records if "retrying" in r.getMessage()]
    assert [m.split("(attempt ")[1][0] for m in attempts] == ["1", "2", "3"] * 2
    assert all("503" in m for m in attempts)
    board.fail, board.requests = 10, 0
    with pytest.raises(BoardUnavailable, match="503"):
        net.get(URL)
    assert board.requests == 4  # given up after the configured tries
    assert built[0] == 1  # one policy for all three requests and their retries


def test_changed_retry_settings_take_effect_on_the_next_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built = _counting(monkeypatch, "Retrying")
    board = _Flaky()
    net = board.http(retries=5, backoff=1.0, max_backoff=60.0)
    board.fail = 1
    net.get(URL)
    assert board.slept == [1.0]
    net.retries, net.backoff = 2, 3.0
    board.fail, board.requests = 5, 0
    board.slept.clear()
    with pytest.raises(BoardUnavailable):
        net.get(URL)
    assert board.requests == 2
    assert board.slept == [3.0]
    slept: list[float] = []
    net.sleep = slept.append
    board.fail, board.requests = 1, 0
    net.get(URL)
    assert slept == [3.0]  # the new sleep is the one waited with
    assert built[0] == 3  # built again for each change of the settings, not per request
