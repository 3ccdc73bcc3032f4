"""Board time formats of every IPB generation, and edit notes in each language.

The formats are those the boards print (STRUCTURE.md §1-3); the real pages' own formats are
also asserted in test_ipb_real_pages.py.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from parser.dialects import IPB2, IPB3, IPS4
from parser.ipb.body import parse_ipb_body
from parser.ipb.text import parse_board_date

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2016, 6, 18, 15, 0, tzinfo=MSK)


@pytest.mark.parametrize(
    ("shown", "expected"),
    [
        ("31.07.2014 - 12:57", datetime(2014, 7, 31, 12, 57)),
        ("5.09.2014 - 14:55", datetime(2014, 9, 5, 14, 55)),
        ("13.12.21, 14:42", datetime(2021, 12, 13, 14, 42)),
        ("13.12.2021, 19:15", datetime(2021, 12, 13, 19, 15)),
        ("Дата 18.06.2016 - 14:12", datetime(2016, 6, 18, 14, 12)),
        ("Oct 2 2005, 04:08 AM", datetime(2005, 10, 2, 4, 8)),
        ("17 Aug 2015 - 2:33 PM", datetime(2015, 8, 17, 14, 33)),
        ("17 August 2015 - 02:33 PM", datetime(2015, 8, 17, 14, 33)),
        ("18 Июн 2016, 14:12", datetime(2016, 6, 18, 14, 12)),
        ("2 октября 2005, 04:08", datetime(2005, 10, 2, 4, 8)),
        ("Сегодня, 13:24", datetime(2016, 6, 18, 13, 24)),
        ("Вчера, 21:30", datetime(2016, 6, 17, 21, 30)),
        ("Today, 04:08 AM", datetime(2016, 6, 18, 4, 8)),
        ("Yesterday, 10:47 PM", datetime(2016, 6, 17, 22, 47)),
        ("Сегодня, 13:24&nbsp;| открыть тему", datetime(2016, 6, 18, 13, 24)),
    ],
)
def test_printed_board_times(shown: str, expected: datetime) -> None:
    assert parse_board_date(shown, tz=MSK, now=NOW) == expected.replace(tzinfo=MSK)


def test_iso_attributes_keep_their_offset() -> None:
    assert parse_board_date("2017-04-20T15:40:43Z") == datetime(2017, 4, 20, 15, 40, 43, tzinfo=UTC)
    got = parse_board_date("2015-08-17T14:33:00+03:00", tz="UTC")
    assert got is not None and got.utcoffset() is not None
    assert got.astimezone(UTC) == datetime(2015, 8, 17, 11, 33, tzinfo=UTC)


def test_relative_time_without_now_is_unknown_not_guessed() -> None:
    assert parse_board_date("Сегодня, 13:24", tz=MSK) is None
    assert parse_board_date("Yesterday, 10:47 PM", tz=MSK) is None


def test_relative_day_is_the_boards_day_not_utc() -> None:
    # 23:30 UTC is already «tomorrow» in Moscow
    late = datetime(2016, 6, 18, 23, 30, tzinfo=UTC)
    assert parse_board_date("Сегодня, 02:10", tz=MSK, now=late) == datetime(
        2016, 6, 19, 2, 10, tzinfo=MSK
    )


@pytest.mark.parametrize("junk", ["", "   ", "31.02.2014 - 12:57", "когда-то", "25:61"])
def test_unreadable_times_are_none(junk: str) -> None:
    assert parse_board_date(junk, tz=MSK, now=NOW) is None


def test_english_ipb1_edit_note() -> None:
    body, issues = parse_ipb_body(
        "Vote Ronin<br /><br /><span class='edit'>This post has been edited by <b>Mr.&nbsp;Grin</b>"
        " on Oct 2 2005, 04:08 AM</span>",
        dialect=IPB2,
        tz="UTC",
    )
    assert issues == ()
    assert body.edited is not None
    assert (body.edited.by, body.edited.at) == ("Mr. Grin", datetime(2005, 10, 2, 4, 8, tzinfo=UTC))
    assert body.own_text == "Vote Ronin"


def test_ipb3_edit_note_with_reason() -> None:
    body, _ = parse_ipb_body(
        "<p>##Vote Huz</p><br /><p class='edit'>This post has been edited by <strong>Huz</strong>: "
        "17 August 2015 - 02:40 PM<br /><span class='reason'>typo</span></p>",
        dialect=IPB3,
        tz="UTC",
    )
    assert body.edited is not None
    assert (body.edited.by, body.edited.reason) == ("Huz", "typo")
    assert body.edited.at == datetime(2015, 8, 17, 14, 40, tzinfo=UTC)


def test_ips4_edit_line() -> None:
    # IPS 4 `editLine()` markup (STRUCTURE.md §3; no saved page in this repository has one)
    body, _ = parse_ipb_body(
        "<p>Vote: Illyria</p><br><span class='ipsType_reset ipsType_medium ipsType_light' "
        "data-excludequote><strong>Edited <time datetime='2017-04-26T13:10:00Z' "
        "title='26/04/17 14:10 ' data-short='1 hr'>1 hour ago</time> by John0</strong></span>",
        dialect=IPS4,
    )
    assert body.edited is not None
    assert (body.edited.by, body.edited.at) == ("John0", datetime(2017, 4, 26, 13, 10, tzinfo=UTC))
    assert body.own_text == "Vote: Illyria"


def test_unreadable_edit_time_is_an_issue_not_a_crash() -> None:
    body, issues = parse_ipb_body(
        "текст<span class='edit'>Это сообщение отредактировал <b>Ronin</b> - когда-то</span>",
        dialect=IPB2,
    )
    assert body.edited is not None and body.edited.by == "Ronin" and body.edited.at is None
    assert [i.message for i in issues] == ["unreadable edit time 'когда-то'"]


def test_nested_colours_and_wrappers_like_the_phpbb_reader() -> None:
    # IPB 1.3 BBCode output style (single-quoted style attributes)
    body, issues = parse_ipb_body(
        "<b><span style='color:red'>против <span style='color:green'>за Ronin</span> Danila"
        "</span></b> <a href='x'><font color='blue'>ссылка</font></a>"
        " <span style='background-color:yellow'>фон</span>",
        dialect=IPB2,
    )
    assert issues == ()
    got = [(c.color, c.text, c.wrappers) for c in body.colored]
    assert got == [
        ("#ff0000", "против Danila", ("b",)),  # the inner green text is not the outer's
        ("#008000", "за Ronin", ("b",)),
        ("#0000ff", "ссылка", ("a",)),
    ]


@pytest.mark.parametrize(
    "space", [" ", "\t", "\n", "\u00a0", "\u2002", "\u2009", "\u200a", "\u200b", "\u202f", "\u3000"]
)
def test_printed_times_read_across_every_kind_of_space(space: str) -> None:
    # runs of any space a board or a browser's copy may print collapse to one
    shown = f"{space}Дата{space}{space}31.07.2014{space}-{space}12:57{space}"
    assert parse_board_date(shown, tz=MSK) == datetime(2014, 7, 31, 12, 57, tzinfo=MSK)
    assert parse_board_date(f"31.07.2014 -{space}x12:57", tz=MSK) is None
