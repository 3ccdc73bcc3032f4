"""Board dates as phpBB (and similar boards) print them → timezone-aware datetimes.

phpBB prints times in the viewer's zone and language: ``27 ноя 2026, 12:00``,
``Сегодня, 07:45``, ``Вчера, 22:00``, ``20 минут назад``, ``менее минуты назад``, or in English
``Mon Nov 30, 2026 8:40 am``, ``Today, 8:40 am``, ``5 minutes ago``. Relative forms can only be
resolved against the time the page was fetched (`now`); without it they are reported as a
problem instead of guessed. A ``<time datetime=…>`` attribute, when present, is absolute UTC
and always wins (`parse_iso`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = ["DEFAULT_TZ", "get_tz", "parse_date", "parse_iso", "read_date", "zone_or_none"]

DEFAULT_TZ = "Europe/Moscow"

# Keyed by the first three letters: unique for Russian (nominative, genitive and the
# abbreviations phpBB uses: янв фев мар апр май июн июл авг сен окт ноя дек) and English.
_MONTHS: dict[str, int] = {
    "янв": 1,
    "фев": 2,
    "мар": 3,
    "апр": 4,
    "май": 5,
    "мая": 5,
    "июн": 6,
    "июл": 7,
    "авг": 8,
    "сен": 9,
    "окт": 10,
    "ноя": 11,
    "дек": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
    # German (phpBB.de language pack: Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez and the
    # full names Januar … Dezember)
    "mär": 3,
    "mrz": 3,
    "mai": 5,
    "okt": 10,
    "dez": 12,
}

_TODAY = ("сегодня", "today", "heute")
_YESTERDAY = ("вчера", "yesterday", "gestern")

_TIME_RE = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?(?![a-zа-я])")
# Month words in any alphabet (German "Mär", "März"); German prints the day as "3." ("d. M Y").
_DMY_WORD_RE = re.compile(r"(\d{1,2})\.?\s+([^\W\d_]{3,})\.?,?\s+(\d{4})")
_MDY_WORD_RE = re.compile(r"([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")
_DMY_NUM_RE = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{4})")
_YMD_NUM_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_LESS_MIN_RE = re.compile(
    r"менее\s+минуты\s+назад|less\s+than\s+a\s+minute\s+ago|только\s+что|just\s+now"
)
_MIN_AGO_RE = re.compile(
    r"(\d+)\s+(?:минут[уаы]?|min(?:ute)?s?)\s+(?:назад|ago)|vor\s+(\d+)\s+minuten?"
)
_ONE_MIN_RE = re.compile(r"^(?:минуту|a\s+minute|one\s+minute)\s+(?:назад|ago)")


@lru_cache(maxsize=64)
def _zone(name: str) -> tzinfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def zone_or_none(name: str) -> tzinfo | None:
    """The zone named `name`, or None when there is no such zone (for checking user input)."""
    return _zone(name)


def get_tz(tz: str | tzinfo | None) -> tzinfo:
    """A tzinfo for a zone name or object; unknown names fall back to the default board zone."""
    if tz is None:
        tz = DEFAULT_TZ
    if isinstance(tz, str):
        zone = _zone(tz)
        if zone is None:
            zone = _zone(DEFAULT_TZ)
        assert zone is not None  # tzdata is a dependency, so the default zone always exists
        return zone
    return tz


def parse_iso(value: str, tz: str | tzinfo | None = DEFAULT_TZ) -> datetime | None:
    """Parse an ISO 8601 timestamp (phpBB's ``<time datetime>``), converted to the board zone."""
    try:
        dt = datetime.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        return None
    zone = get_tz(tz)
    if dt.tzinfo is None:
        # A naive stamp is taken as already being in the board's zone.
        return dt.replace(tzinfo=zone)
    return dt.astimezone(zone)


def _clock(text: str) -> time | None:
    m = _TIME_RE.search(text)
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    second = int(m.group(3) or 0)
    ampm = m.group(4)
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm == "p" else 0)
    if hour > 23 or minute > 59 or second > 59:
        return None
    return time(hour, minute, second)


def _day(text: str) -> date | None:
    m = _DMY_WORD_RE.search(text)
    if m:
        month = _MONTHS.get(m.group(2)[:3])
        if month:
            return _safe_date(int(m.group(3)), month, int(m.group(1)))
    m = _MDY_WORD_RE.search(text)
    if m:
        month = _MONTHS.get(m.group(1)[:3])
        if month:
            return _safe_date(int(m.group(3)), month, int(m.group(2)))
    m = _YMD_NUM_RE.search(text)
    if m:
        return _safe_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = _DMY_NUM_RE.search(text)
    if m:
        return _safe_date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    return None


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _localize(day: date, clock: time, zone: tzinfo) -> datetime:
    # fold=0: an ambiguous wall time (DST fall-back) is read as the first occurrence.
    return datetime.combine(day, clock).replace(tzinfo=zone)


def read_date(
    text: str, *, tz: str | tzinfo | None = DEFAULT_TZ, now: datetime | None = None
) -> tuple[datetime | None, str | None]:
    """Parse a printed board time; return ``(value, None)`` or ``(None, why it failed)``.

    Never raises. `now` is the fetch time (aware, or naive meaning the board zone); it is
    needed for «Сегодня»/«Вчера»/«N минут назад» and their English forms.
    """
    if not isinstance(text, str):
        return None, "no date text"
    zone = get_tz(tz)
    t = " ".join(text.replace("\xa0", " ").split()).lower()
    if not t:
        return None, "empty date"
    if now is not None:
        now = now.replace(tzinfo=zone) if now.tzinfo is None else now.astimezone(zone)

    relative = None
    if _LESS_MIN_RE.search(t):
        relative = timedelta(0)
    else:
        m = _MIN_AGO_RE.search(t)
        if m:
            relative = timedelta(minutes=int(m.group(1) or m.group(2)))
        elif _ONE_MIN_RE.search(t):
            relative = timedelta(minutes=1)
    if relative is not None:
        if now is None:
            return None, f"relative date {text.strip()!r} needs the fetch time"
        # phpBB floors to whole minutes; the value is exact only to the minute.
        return (now - relative).replace(second=0, microsecond=0), None

    clock = _clock(t)
    day_offset = None
    if any(w in t for w in _TODAY):
        day_offset = 0
    elif any(w in t for w in _YESTERDAY):
        day_offset = 1
    if day_offset is not None:
        if now is None:
            return None, f"relative date {text.strip()!r} needs the fetch time"
        if clock is None:
            return None, f"no time of day in {text.strip()!r}"
        return _localize(now.date() - timedelta(days=day_offset), clock, zone), None

    day = _day(t)
    if day is None:
        return None, f"unreadable date {text.strip()!r}"
    if clock is None:
        if _TIME_RE.search(t):
            return None, f"impossible time of day in {text.strip()!r}"
        clock = time(0, 0)
    return _localize(day, clock, zone), None


def parse_date(
    text: str, *, tz: str | tzinfo | None = DEFAULT_TZ, now: datetime | None = None
) -> datetime | None:
    """Like `read_date` but only the value (None when unreadable)."""
    return read_date(text, tz=tz, now=now)[0]
