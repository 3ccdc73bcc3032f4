"""A phpBB topic page read from its bytes (issue 20 item 3): the daemon's first read no
longer decodes every page to text for a few ASCII marks (the truncation check, the login
check, the new-letter counter) and the parse. Each cheaper path is held equal here to the
decoded-text one it stands in for, over every saved board page and variants of them in
other charsets, cut short, logged out; none is timed (`bench/shell.py` prints the figures)."""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from parser.pages import is_login_page, no_login_page, parse_topic
from scraper import forms
from scraper.board import RawPage
from scraper.client import _pm_badge_in, _pm_badge_near
from scraper.http import ascii_bytes, is_complete, page_text
from scraper.phpbb import read_topic

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PAGES = sorted(FIXTURES.rglob("*.html"))
HEADERS = ("text/html; charset=UTF-8", "text/html", "text/html; charset=windows-1251", None)
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
TZ = "Europe/Moscow"
URL = "http://board.example/viewtopic.php?t=4"


def _variants(data: bytes) -> Iterator[bytes]:
    """The page, cut short, logged out, with its counter's link moved out of reach, and —
    where its text allows — in windows-1251 (declared, and not), UTF-16 with its BOM and a
    stray ſ in a password field's type."""
    yield data
    yield data[: len(data) // 2]  # a dropped connection
    yield data.replace(b"mode=logout", b"mode=login")
    yield data.replace(b'folder=inbox"', b'folder=inbox" ' + b"x" * 5000)
    yield data.replace(b'type="password"', 'type="paſsword"'.encode())
    text = data.decode("utf-8", errors="replace")
    try:
        cp = text.encode("windows-1251")
    except UnicodeEncodeError:
        cp = None
    if cp is not None:
        yield cp
        yield re.sub(rb"charset=[\w-]+", b"charset=windows-1251", cp)
    yield codecs.BOM_UTF16_LE + text.encode("utf-16-le")


def _answers_of(path: Path) -> Iterator[httpx.Response]:
    for data in _variants(path.read_bytes()):
        for ct in HEADERS:
            headers = {} if ct is None else {"content-type": ct}
            yield httpx.Response(
                200, content=data, headers=headers, request=httpx.Request("GET", URL)
            )


def _answers() -> Iterator[httpx.Response]:
    for path in PAGES:
        yield from _answers_of(path)


def test_the_truncation_check_from_the_bytes_is_the_text_one() -> None:
    fast = 0
    for resp in _answers():
        want = forms.is_complete(page_text(resp))
        assert is_complete(resp, page_text) == want, resp.headers
        data = ascii_bytes(resp)
        fast += data is not None and b"</html>" in data[-4096:].lower()
    assert fast > len(PAGES)  # most whole pages are told complete without decoding


def test_the_login_check_from_the_bytes_is_the_text_one() -> None:
    # a page the bytes call no login page is none by its text (every reader's test), and
    # its logout link is there exactly when the text has it
    fast = logged_out = 0
    for resp in _answers():
        data = ascii_bytes(resp)
        if data is None or not no_login_page(data):
            continue
        text = page_text(resp)
        assert not is_login_page(text)
        assert (b"mode=logout" in data) == forms.has_logout_link(text)
        fast += 1
        logged_out += not forms.has_logout_link(text)
    assert fast > len(PAGES) and logged_out > 0
    # a login page is never taken for a content page
    login = (FIXTURES / "phpbb" / "login.html").read_bytes()
    assert is_login_page(login.decode()) and not no_login_page(login)


def test_the_new_letter_counter_from_the_bytes_is_the_text_one() -> None:
    fast = 0
    for resp in _answers():
        data = ascii_bytes(resp)
        near = _pm_badge_near(data) if data is not None else None
        if near is None:
            continue
        want = _pm_badge_in(page_text(resp))
        assert want is not None and near.groups() == want.groups()
        fast += 1
    assert fast > 0


def test_a_topic_page_read_from_its_bytes_is_the_one_read_from_its_text() -> None:
    # every saved phpBB page and its variants (windows-1251 served as UTF-8 among them: a
    # reading from the bytes that shows nothing of their charset is made again from the text)
    fast = 0
    for path in sorted((FIXTURES / "phpbb").glob("*.html")) + sorted(
        (FIXTURES / "phpbb33").rglob("*.html")
    ):
        for resp in _answers_of(path):
            if not is_complete(resp, page_text):
                continue  # refused before it is read (`BoardHttp.send_once`: truncated)
            want = parse_topic(page_text(resp), board="phpbb", tz=TZ, now=NOW, base_url=URL)
            assert read_topic(resp, TZ, NOW) == want, path
            fast += ascii_bytes(resp) is not None and bool(want.posts)
    assert fast > 8


def test_a_raw_page_decoded_later_is_the_page_decoded_at_once() -> None:
    calls: list[int] = []

    def text() -> str:
        calls.append(1)
        return "<html>страница</html>"

    later = RawPage.later("http://b/t", text, NOW, 200)
    assert calls == []  # nothing decoded until asked
    plain = RawPage("http://b/t", "<html>страница</html>", NOW, 200)
    assert later.html == plain.html and later == plain and plain == later
    assert hash(later) == hash(plain) and later.url == "http://b/t" and later.status == 200
    assert later.html is later.html and calls == [1]  # decoded once
    assert later != RawPage("http://b/t", "другая", NOW, 200)


@pytest.mark.parametrize("ct", ["text/html; charset=KOI8-R", "text/html; charset=utf-16"])
def test_a_page_that_names_another_charset_is_searched_in_its_text(ct: str) -> None:
    data = (FIXTURES / "phpbb" / "topic_p1.html").read_bytes()
    assert ascii_bytes(httpx.Response(200, content=data, headers={"content-type": ct})) is None
    assert ascii_bytes(httpx.Response(200, content=data)) is data
