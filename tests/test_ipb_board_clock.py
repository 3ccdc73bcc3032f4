"""Without a fetch time, an Invision topic page's own clock (its footer's «Сейчас: …») is read
only where a time needs it (a relative day, «Сегодня»/"Today"), and once: the page reads as it
read with the clock handed over beforehand. A post's time decides which turn and which side of a
deadline it falls on (C-1), so the lazy clock must give the same times."""

from __future__ import annotations

from datetime import datetime, tzinfo
from pathlib import Path

import pytest

from parser.dates import get_tz
from parser.dialects import Dialect
from parser.encoding import decode_html
from parser.ipb import navigation
from parser.ipb.detect import detect_ipb
from parser.ipb.topic import parse_ipb_topic
from tests.conftest import FIXTURES

MSK = "Europe/Moscow"
TEMPLATE_PAGES = Path(__file__).parent / "ipb_template_pages"
# every saved Invision page a generation is detected on (the login form's too)
PAGES = [
    p
    for p in sorted((FIXTURES / "ipb").glob("*/*.html")) + sorted(TEMPLATE_PAGES.glob("*.html"))
    if detect_ipb(decode_html(p.read_bytes())) is not None
]
PDA_SEARCH = FIXTURES / "ipb/1x-2x/ipb2fork_4pda_search_posts_page1_cp1251.html"
IPS41 = FIXTURES / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = navigation.board_now

    def board_now(html: str, tz: tzinfo, dialect: Dialect) -> datetime | None:
        calls.append(1)
        return real(html, tz, dialect)

    monkeypatch.setattr(navigation, "board_now", board_now)
    return calls


def test_C_1_the_pages_cover_a_clock_in_use() -> None:
    # (the comparison below would show nothing were no page's time read by its clock)
    html = decode_html(PDA_SEARCH.read_bytes())
    d = detect_ipb(html)
    assert d is not None
    now = navigation.board_now(html, get_tz(MSK), d)
    assert now == datetime(2021, 12, 19, 14, 21, tzinfo=get_tz(MSK))
    texts = [p.posted_at_text for p in parse_ipb_topic(html, tz=MSK).posts]
    assert any(t.startswith("Сегодня") for t in texts)


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_C_1_a_page_reads_as_with_its_clock_given(path: Path) -> None:
    html = decode_html(path.read_bytes())
    d = detect_ipb(html)
    assert d is not None
    given = navigation.board_now(html, get_tz(MSK), d)
    assert parse_ipb_topic(html, tz=MSK) == parse_ipb_topic(html, tz=MSK, now=given)


def test_C_1_the_clock_is_read_once_where_a_relative_day_needs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the saved page prints one «Сегодня»; a second post's time made «Вчера» too
    html = decode_html(PDA_SEARCH.read_bytes())
    assert html.count("13.12.21, 14:42") == 1
    html = html.replace("13.12.21, 14:42", "Вчера, 14:42")
    calls = _counted(monkeypatch)
    page = parse_ipb_topic(html, tz=MSK)
    relative = [p.posted_at for p in page.posts if p.posted_at_text[:5] in ("Сегод", "Вчера")]
    day = datetime(2021, 12, 19, tzinfo=get_tz(MSK))
    assert relative == [day.replace(hour=13, minute=24), day.replace(day=18, hour=14, minute=42)]
    assert calls == [1]


def test_C_1_the_clock_is_not_read_where_no_time_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    page = parse_ipb_topic(decode_html(IPS41.read_bytes()), tz=MSK)
    assert page.posts and all(p.posted_at is not None for p in page.posts)
    assert calls == []
