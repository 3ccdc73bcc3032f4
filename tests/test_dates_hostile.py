"""Dates a board never prints: huge numbers, foreign digits, edges of the calendar.

One date reader serves both boards (`parser.dates`): phpBB's free-form `read_date` and the
Invision formats of `read_formatted_date` share the month table and these guards, so every
case is checked through both.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.dates import (
    english_months,
    has_foreign_digits,
    month_number,
    read_date,
    read_formatted_date,
)
from parser.dialects import IPB2, IPB3, IPS4
from parser.ipb.text import parse_board_date

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=MSK)
FORMATS = IPB2.date_formats + IPB3.date_formats + IPS4.date_formats


@pytest.mark.parametrize(
    "text",
    [
        "99999999999 минут назад",
        "99999999999999999999999999 minutes ago",
        "vor 5000000000 Minuten",
        "9999999 минут назад",  # nineteen years: past what any board prints as "ago"
    ],
)
def test_huge_relative_dates_are_an_issue_not_an_overflow(text: str) -> None:
    value, why = read_date(text, now=NOW)
    assert value is None and why is not None and "implausible" in why


def test_relative_dates_at_the_edge_of_the_calendar_are_an_issue() -> None:
    dawn = datetime(1, 1, 1, 0, 5, tzinfo=UTC)
    value, why = read_date("Вчера, 10:00", now=dawn)
    assert value is None and why is not None
    value, why = read_date("20 минут назад", tz="UTC", now=dawn)
    assert value is None and why is not None
    assert read_formatted_date("Вчера, 10:00", FORMATS, now=dawn)[0] is None


@pytest.mark.parametrize(
    "text",
    [
        "١٢ минут назад",  # Arabic-Indic digits
        "۱۲ минут назад",  # Extended Arabic-Indic
        "１２ ноя 2026, 12:00",  # fullwidth day
        "27 ноя ２０２６, 12:00",  # fullwidth year
        "²7 ноя 2026, 12:00",  # a superscript in front of the day
        "27 ноя 2026, १२:00",  # Devanagari hour
        "27.11.2026, 12:0٠",
    ],
)
def test_non_ascii_digits_are_not_numbers(text: str) -> None:
    assert has_foreign_digits(text)
    value, why = read_date(text, now=NOW)
    assert value is None and why is not None and "non-ASCII" in why
    assert read_formatted_date(text, FORMATS, now=NOW)[0] is None


@pytest.mark.parametrize(
    "text",
    ["18.06.2016 - １4:12", "１８ Июн 2016, 14:12", "Сегодня, １3:24", "2017-04-2０T15:40:43Z"],
)
def test_invision_formats_refuse_foreign_digits_too(text: str) -> None:
    value, why = read_formatted_date(text, FORMATS, now=NOW)
    assert value is None and why is not None
    assert parse_board_date(text, now=NOW) is None


@pytest.mark.parametrize(
    ("word", "month"),
    [
        ("ноя", 11),
        ("ноября", 11),
        ("Ноябрь", 11),
        ("мая", 5),
        ("май", 5),
        ("марта", 3),
        ("Nov", 11),
        ("November", 11),
        ("Mär", 3),
        ("сентябрь", 9),
        ("вторник", None),
    ],
)
def test_one_month_table_for_every_board(word: str, month: int | None) -> None:
    assert month_number(word) == month


def test_both_boards_read_the_same_russian_month_words() -> None:
    # the same printed day, as phpBB and IPB 1.3/2.x print it
    for word in ("ноября", "ноя", "Ноябрь", "НОЯБРЯ"):
        php = read_date(f"27 {word} 2026, 12:00", now=NOW)[0]
        ipb = parse_board_date(f"27 {word} 2026, 12:00", tz=MSK, now=NOW)
        assert php == ipb == datetime(2026, 11, 27, 12, 0, tzinfo=MSK)
    assert english_months("18 Июн 2016, сегодня") == "18 Jun 2016, сегодня"


def test_unknown_zone_name_does_not_raise_in_the_invision_reader() -> None:
    got = read_formatted_date("18.06.2016 - 14:12", FORMATS, tz="No/Such_Zone")[0]
    assert got == datetime(2016, 6, 18, 14, 12, tzinfo=MSK)


_digits = st.sampled_from("0123456789١٢٣４５⁶²９")


@settings(max_examples=80, deadline=None)
@given(
    st.text(
        alphabet=st.one_of(_digits, st.sampled_from(" .,:-/|TZ+аинмутзд"), st.characters()),
        max_size=40,
    )
)
def test_no_text_makes_either_reader_raise(text: str) -> None:
    value, why = read_date(text, now=NOW)
    assert (value is None) != (why is None)
    value, why = read_formatted_date(text, FORMATS, now=NOW)
    assert (value is None) != (why is None)
    if value is not None or read_date(text, now=NOW)[0] is not None:
        assert not has_foreign_digits(text)


_FORMAT_CASES = [
    "31.07.2014 - 12:57",
    "5.09.2014 - 14:55",
    "13.12.21, 14:42",
    "13.12.69, 14:42",
    "13.12.68, 14:42",
    " 5.09.2014 - 9:05",
    "05.9.2014 - 09:5",
    "13.12.2021, 19:15",
    "31.02.2014 - 12:57",
    "31.07.2014 -  12:57",
    "31.07.2014 - 24:00",
    "1.1.2000 0:00",
    "01/02/03 10:00",
    "Oct 2 2005, 04:08 AM",
    "17 Aug 2015 - 2:33 PM",
]


@pytest.mark.parametrize("text", _FORMAT_CASES)
def test_precompiled_formats_read_as_strptime_does(text: str) -> None:
    # the numeric formats are matched by our own precompiled patterns: same answers
    for fmt in IPB2.date_formats:
        try:
            expected: datetime | None = datetime.strptime(text, fmt)
        except ValueError:
            expected = None
        assert read_formatted_date(text, (fmt,), tz="UTC")[0] == (
            None if expected is None else expected.replace(tzinfo=ZoneInfo("UTC"))
        ), fmt
