"""Board dates as phpBB prints them (parser/dates.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parser.dates import get_tz, parse_date, parse_iso, read_date

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=MSK)


def at(y: int, mo: int, d: int, h: int, mi: int, tz: ZoneInfo = MSK) -> datetime:
    return datetime(y, mo, d, h, mi, tzinfo=tz)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("27 ноя 2026, 12:00", at(2026, 11, 27, 12, 0)),
        ("1 янв 2027, 00:05", at(2027, 1, 1, 0, 5)),
        ("3 мар 2026, 7:09", at(2026, 3, 3, 7, 9)),
        ("9 мая 2026, 10:00", at(2026, 5, 9, 10, 0)),
        ("9 май 2026, 10:00", at(2026, 5, 9, 10, 0)),
        ("27 ноября 2026, 12:00", at(2026, 11, 27, 12, 0)),
        ("27 Ноябрь 2026 12:00", at(2026, 11, 27, 12, 0)),
        ("15 сентября 2026 г., 18:30", at(2026, 9, 15, 18, 30)),
        ("27.11.2026, 12:00", at(2026, 11, 27, 12, 0)),
        ("2026-11-27 12:00", at(2026, 11, 27, 12, 0)),
        ("Mon Nov 30, 2026 8:40 am", at(2026, 11, 30, 8, 40)),
        ("Fri Nov 27, 2026 12:00 pm", at(2026, 11, 27, 12, 0)),
        ("Fri Nov 27, 2026 12:30 am", at(2026, 11, 27, 0, 30)),
        ("Sun Nov 29, 2026 10:40 pm", at(2026, 11, 29, 22, 40)),
        ("November 27, 2026, 21:15", at(2026, 11, 27, 21, 15)),
        ("27 Nov 2026, 21:15", at(2026, 11, 27, 21, 15)),
        ("27\xa0ноя\xa02026, 12:00", at(2026, 11, 27, 12, 0)),
        ("Сегодня, 07:45", at(2026, 11, 30, 7, 45)),
        ("сегодня, 07:45", at(2026, 11, 30, 7, 45)),
        ("Вчера, 22:00", at(2026, 11, 29, 22, 0)),
        ("Today, 8:40 am", at(2026, 11, 30, 8, 40)),
        ("Yesterday, 10:40 pm", at(2026, 11, 29, 22, 40)),
        ("20 минут назад", at(2026, 11, 30, 8, 40)),
        ("1 минуту назад", at(2026, 11, 30, 8, 59)),
        ("2 минуты назад", at(2026, 11, 30, 8, 58)),
        ("менее минуты назад", at(2026, 11, 30, 9, 0)),
        ("5 minutes ago", at(2026, 11, 30, 8, 55)),
        ("less than a minute ago", at(2026, 11, 30, 9, 0)),
    ],
)
def test_printed_dates(text: str, expected: datetime) -> None:
    got = parse_date(text, tz="Europe/Moscow", now=NOW)
    assert got == expected
    assert got is not None and got.tzinfo is not None and got.utcoffset() == timedelta(hours=3)


def test_relative_dates_follow_the_fetch_time_across_midnight() -> None:
    just_after_midnight = datetime(2026, 12, 1, 0, 10, tzinfo=MSK)
    assert parse_date("Вчера, 23:50", now=just_after_midnight) == at(2026, 11, 30, 23, 50)
    assert parse_date("20 минут назад", now=just_after_midnight) == at(2026, 11, 30, 23, 50)


def test_now_in_another_zone_is_converted_to_the_board_zone() -> None:
    now_utc = datetime(2026, 11, 29, 22, 30, tzinfo=UTC)  # 01:30 on the 30th in MSK
    assert parse_date("Сегодня, 01:00", now=now_utc) == at(2026, 11, 30, 1, 0)
    naive = datetime(2026, 11, 30, 9, 0)  # naive = board time
    assert parse_date("Вчера, 22:00", now=naive) == at(2026, 11, 29, 22, 0)


@pytest.mark.parametrize(
    "text",
    ["Сегодня, 07:45", "Вчера, 22:00", "20 минут назад", "менее минуты назад", "Today, 1:00 pm"],
)
def test_relative_dates_without_now_are_reported_not_guessed(text: str) -> None:
    value, why = read_date(text, now=None)
    assert value is None
    assert why is not None and "fetch time" in why


@pytest.mark.parametrize(
    "text", ["", "   ", "вчерашний день", "31 фев 2026, 12:00", "27 ноя 2026, 25:61", "hello"]
)
def test_unreadable_dates(text: str) -> None:
    value, why = read_date(text, now=NOW)
    assert value is None and why


def test_board_zone_is_respected() -> None:
    assert parse_date("27 ноя 2026, 12:00", tz="UTC") == datetime(
        2026, 11, 27, 12, tzinfo=ZoneInfo("UTC")
    )
    berlin = ZoneInfo("Europe/Berlin")
    assert parse_date("27 ноя 2026, 12:00", tz=berlin) == datetime(2026, 11, 27, 12, tzinfo=berlin)
    assert get_tz("No/Such_Zone") == MSK  # unknown names fall back to the default board zone


def test_time_datetime_attribute_is_absolute_utc() -> None:
    got = parse_iso("2026-11-27T09:00:03+00:00", "Europe/Moscow")
    assert got == datetime(2026, 11, 27, 12, 0, 3, tzinfo=MSK)
    assert got is not None and str(got.tzinfo) == "Europe/Moscow"
    assert parse_iso("not a date") is None
    assert parse_iso("2026-11-27T12:00:00") == datetime(2026, 11, 27, 12, tzinfo=MSK)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)))
def test_russian_and_english_absolute_forms_agree(dt: datetime) -> None:
    ru = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
    en = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    dt = dt.replace(second=0, microsecond=0)
    hour12 = dt.hour % 12 or 12
    ampm = "am" if dt.hour < 12 else "pm"
    ru_text = f"{dt.day} {ru[dt.month - 1]} {dt.year}, {dt:%H:%M}"
    en_text = f"{dt:%a} {en[dt.month - 1]} {dt.day}, {dt.year} {hour12}:{dt:%M} {ampm}"
    a = parse_date(ru_text, tz="UTC")
    b = parse_date(en_text, tz="UTC")
    assert a == b == dt.replace(tzinfo=ZoneInfo("UTC"))


@given(st.text(max_size=60))
def test_any_text_never_raises(text: str) -> None:
    value, why = read_date(text, now=NOW)
    assert (value is None) != (why is None)
