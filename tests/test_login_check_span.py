"""The per-page login check's password search bounded to the board's markup around the posts
(issue 20 item 3): `parser.pages.no_login_page` looks for a password field in a phpBB page's
header and footer, not in its posts (`parser.phpbb.slicing.posts_span`), and the parse of the
same bytes reuses that span. Held equal here to the whole-page search it replaced on every
saved page the project has (logged-in and logged-out topic pages, login pages, IPB pages,
the recorded HTTP answers) and on each of them logged out, cut short, or with a password
field moved into its header or footer; the client's whole answer (`_looks_logged_out`) is
compared too. None is timed (`bench/README.md`, "a twenty-third look")."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx

import parser.phpbb.slicing as slicing
from parser.pages import is_login_page, no_login_page, parse_topic
from scraper import forms
from scraper.http import ascii_bytes, page_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PAGES = sorted(FIXTURES.rglob("*.html"))
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
URL = "http://board.example/viewtopic.php?t=4"
FIELD = b'<input type="password" name="password" />'


def _whole_page(data: bytes) -> bool:
    """The check as it was: no password field anywhere in the page's bytes."""
    return b'id="phpbb"' in data and b'type="password"' not in data


def _variants(data: bytes) -> Iterator[bytes]:
    yield data
    yield data[: len(data) // 2]
    yield data.replace(b"mode=logout", b"mode=login")
    # a login box in the header, and a quick login after the posts
    yield data.replace(b'<div id="page-body"', FIELD + b'<div id="page-body"', 1)
    yield data.replace(b"</body>", FIELD + b"</body>", 1)
    bar = b'<div class="action-bar bar-bottom">'
    at = data.rfind(bar)
    if at >= 0:  # a login form in the bottom bar
        at += len(bar)
        yield data[:at] + b'<form id="login">' + FIELD + b"</form>" + data[at:]


def _old_looks_logged_out(text: str, data: bytes | None) -> bool:
    """`scraper.phpbb.PhpbbClient._looks_logged_out` with the whole-page search."""
    if data is not None and _whole_page(data):
        return b"mode=logout" not in data
    return forms.is_login_page(text) or not forms.has_logout_link(text)


def _new_looks_logged_out(text: str, data: bytes | None) -> bool:
    if data is not None and no_login_page(data):
        return b"mode=logout" not in data
    return forms.is_login_page(text) or not forms.has_logout_link(text)


def test_the_bounded_search_answers_as_the_whole_page_one_on_every_saved_page() -> None:
    seen = bounded = login = 0
    for path in PAGES:
        for data in _variants(path.read_bytes()):
            assert no_login_page(data) == _whole_page(data), path
            resp = httpx.Response(
                200,
                content=data,
                headers={"content-type": "text/html; charset=UTF-8"},
                request=httpx.Request("GET", URL),
            )
            raw = ascii_bytes(resp)
            text = page_text(resp)
            assert _new_looks_logged_out(text, raw) == _old_looks_logged_out(text, raw), path
            seen += 1
            bounded += slicing.posts_span(data) is not None
            login += is_login_page(text)
    # the walk met topic pages whose posts were passed over, and login pages
    assert seen > 3 * len(PAGES) and bounded > 50 and login > 5


def test_a_password_field_among_the_posts_is_not_searched_for() -> None:
    # the posts' markup lies between the first post and the bottom bar: phpBB escapes the
    # posts' text, so no field of the board's stands there, and the check does not read it
    page = (FIXTURES / "phpbb" / "topic_p1.html").read_bytes()
    span = slicing.posts_span(page)
    assert span is not None
    start, end = span
    inside = page[:start] + page[start:end].replace(b"</div>", FIELD + b"</div>", 1) + page[end:]
    assert not _whole_page(inside)
    assert no_login_page(inside)


def test_the_parse_reuses_the_span_the_login_check_found() -> None:
    page = (FIXTURES / "phpbb" / "topic_p1.html").read_bytes()
    page = bytes(bytearray(page))  # a fresh object, not one an earlier test checked
    calls = 0
    real = slicing._span_of

    def counted(html: bytes, marks: tuple[bytes, ...]) -> tuple[int, int] | None:
        nonlocal calls
        calls += 1
        return real(html, marks)

    slicing._span_of = counted  # type: ignore[assignment]
    try:
        assert no_login_page(page)
        before = parse_topic(page, board="phpbb", now=NOW, base_url=URL)
        assert calls == 1  # the parse took the check's span
        again = parse_topic(page, board="phpbb", now=NOW, base_url=URL)
        assert calls == 2  # taken once: a later parse works it out itself
    finally:
        slicing._span_of = real
    assert before == again and before.posts
