"""Board dates as phpBB and Invision boards print them → timezone-aware datetimes.

The one date reader of the project: phpBB's free-form times (`read_date`) and the Invision
dialects' strptime formats (`read_formatted_date`) share the month table, the «Сегодня»/«Вчера»
words and the guards below (numbers must be ASCII digits; absurd values are unreadable, not an
exception).

phpBB prints times in the viewer's zone and language: ``27 ноя 2026, 12:00``,
``Сегодня, 07:45``, ``Вчера, 22:00``, ``20 минут назад``, ``менее минуты назад``, or in English
``Mon Nov 30, 2026 8:40 am``, ``Today, 8:40 am``, ``5 minutes ago``. Relative forms can only be
resolved against the time the page was fetched (`now`); without it they are reported as a
problem instead of guessed. A ``<time datetime=…>`` attribute, when present, is absolute UTC
and always wins (`parse_iso`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "DEFAULT_TZ",
    "Now",
    "english_months",
    "get_tz",
    "has_foreign_digits",
    "month_number",
    "parse_date",
    "parse_iso",
    "read_date",
    "read_formatted_date",
    "strip_date_label",
    "zone_or_none",
]

DEFAULT_TZ = "Europe/Moscow"

# The time a page was fetched, for «Сегодня»/"Today": the time itself, or a function giving it
# on first need (an Invision page's own clock, read from its footer only when a relative day is
# met: most pages print none, and their times are read without it).
Now = datetime | Callable[[], datetime | None] | None

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

_TIME_RE = re.compile(r"([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?\s*([ap])?\.?\s*m?\.?(?![a-zа-я])")
# Month words in any alphabet (German "Mär", "März"); German prints the day as "3." ("d. M Y").
_DMY_WORD_RE = re.compile(r"([0-9]{1,2})\.?\s+([^\W\d_]{3,})\.?,?\s+([0-9]{4})")
_MDY_WORD_RE = re.compile(r"([a-z]{3,})\.?\s+([0-9]{1,2})(?:st|nd|rd|th)?,?\s+([0-9]{4})")
_DMY_NUM_RE = re.compile(r"([0-9]{1,2})[./]([0-9]{1,2})[./]([0-9]{4})")
_YMD_NUM_RE = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")
_LESS_MIN_RE = re.compile(
    r"менее\s+минуты\s+назад|less\s+than\s+a\s+minute\s+ago|только\s+что|just\s+now"
)
_MIN_AGO_RE = re.compile(
    r"([0-9]+)\s+(?:минут[уаы]?|min(?:ute)?s?)\s+(?:назад|ago)|vor\s+([0-9]+)\s+minuten?"
)
_ONE_MIN_RE = re.compile(r"^(?:минуту|a\s+minute|one\s+minute)\s+(?:назад|ago)")


# A board prints minutes ago only for the last hour or so; anything past ten years is junk.
_MAX_AGO = timedelta(days=3660)
_ENGLISH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def month_number(word: str) -> int | None:
    """The month a month word names (Russian in any case or abbreviation, English, German):
    «ноя», «ноября», «Ноябрь», "Nov", "November", "Mär" → 11 / 11 / 11 / 11 / 11 / 3."""
    return _MONTHS.get(word[:3].lower())


def has_foreign_digits(text: str) -> bool:
    """True when `text` holds a digit that is not 0-9 (Arabic-Indic, fullwidth, superscript…).

    Boards print ASCII digits; a date with other digits is not one a board printed, and
    Python's `int()` and `\\d` would otherwise read «١٢» as 12."""
    return not text.isascii() and any(not ch.isascii() and ch.isnumeric() for ch in text)


_CYRILLIC_WORD_RE = re.compile(r"[а-яё]+", re.IGNORECASE)


def english_months(text: str) -> str:
    """`text` with every Russian month word replaced by its English abbreviation ("Nov"), so
    that strptime's ``%b``/``%B`` read it."""

    def sub(m: re.Match[str]) -> str:
        month = month_number(m.group())
        return _ENGLISH_ABBR[month - 1] if month else m.group()

    return _CYRILLIC_WORD_RE.sub(sub, text)


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
        month = month_number(m.group(2))
        if month:
            return _safe_date(int(m.group(3)), month, int(m.group(1)))
    m = _MDY_WORD_RE.search(text)
    if m:
        month = month_number(m.group(1))
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


def _unescape(text: str) -> str:
    """`html.unescape`, imported when a printed date is first read: pages whose times are ISO
    attributes (phpBB's <time datetime>) start without the entity tables."""
    if "&" not in text:
        return text
    from html import unescape

    return unescape(text)


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
    if has_foreign_digits(t):
        return None, f"non-ASCII digits in date {text.strip()!r}"
    try:
        return _read(t, text, zone, now)
    except (OverflowError, ValueError):  # a year or offset past what datetime can hold
        return None, f"date out of range {text.strip()!r}"


def _minutes_ago(t: str, text: str) -> tuple[timedelta | None, str | None]:
    """«N минут назад» and kin → how long ago, ``(None, None)`` when the text is not one,
    ``(None, why)`` when the count is beyond what a board prints. Kept apart from `_read`
    because the minute-relative forms are a grammar of their own."""
    if _LESS_MIN_RE.search(t):
        return timedelta(0), None
    m = _MIN_AGO_RE.search(t)
    if m:
        digits = m.group(1) or m.group(2)
        if len(digits) > 7:  # past ten years in minutes: no board prints that
            return None, f"implausible relative date {text.strip()!r}"
        relative = timedelta(minutes=int(digits))
        if relative > _MAX_AGO:
            return None, f"implausible relative date {text.strip()!r}"
        return relative, None
    if _ONE_MIN_RE.search(t):
        return timedelta(minutes=1), None
    return None, None


def _read(
    t: str, text: str, zone: tzinfo, now: datetime | None
) -> tuple[datetime | None, str | None]:
    if now is not None:
        now = now.replace(tzinfo=zone) if now.tzinfo is None else now.astimezone(zone)

    relative, why = _minutes_ago(t, text)
    if why is not None:
        return None, why
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


# --- dialects that print times in fixed strptime formats (Invision boards) -----------------

_LABELS_RE = re.compile(
    r"^(?:Дата|Отправлено|Добавлено|Posted(?:\s+on)?|Sent|Date)\s*:?\s*", re.IGNORECASE
)
_ISO_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T")
# An ISO time with no entity, space, label, "|" or trailing comma to clean off first.
_PLAIN_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.TZ+-]*")
_RELATIVE_RE = re.compile(
    r"^(?P<word>сегодня|вчера|today|yesterday)\b[\s,:\-]*(?:в|at)?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_CLOCK_FORMATS = ("%H:%M", "%H:%M:%S", "%I:%M %p", "%I:%M:%S %p")


def strip_date_label(text: str) -> str:
    """A printed time without its leading label («Дата:», "Posted on")."""
    return _LABELS_RE.sub("", text)


def read_formatted_date(
    text: str,
    formats: tuple[str, ...],
    *,
    tz: str | tzinfo | None = DEFAULT_TZ,
    now: Now = None,
) -> tuple[datetime | None, str | None]:
    """A time printed in one of `formats` (strptime, English month names; Russian ones are
    translated first), an ISO-8601 attribute, or «Сегодня»/«Вчера»/"Today"/"Yesterday" with a
    clock time → ``(value, None)`` or ``(None, why)``. Never raises.

    Times without an offset are in the board's zone `tz`; the relative days need `now`."""
    if not isinstance(text, str):
        return None, "no date text"
    zone = get_tz(tz)
    if _PLAIN_ISO.fullmatch(text):  # an attribute's ISO time: the cleaning would keep it as is
        s = text
    else:
        t = _unescape(text)
        # spaces of any kind (NBSP, U+2000-U+200B, U+202F, U+205F, U+3000) collapse to one:
        # all are whitespace to str.split but the zero-width space
        if "\u200b" in t:
            t = t.replace("\u200b", " ")
        s = " ".join(t.split())
        s = strip_date_label(s).split("|")[0].strip().rstrip(",")
        if not s:
            return None, "empty date"
        if has_foreign_digits(s):
            return None, f"non-ASCII digits in date {s!r}"
    try:
        return _read_formatted(s, formats, zone, now)
    except (OverflowError, ValueError):
        return None, f"date out of range {s!r}"


def _read_formatted(
    s: str, formats: tuple[str, ...], zone: tzinfo, now: Now
) -> tuple[datetime | None, str | None]:
    if _ISO_RE.match(s):
        try:
            dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        except ValueError:
            return None, f"unreadable ISO time {s!r}"
        return (dt if dt.tzinfo else dt.replace(tzinfo=zone)), None
    rel = _RELATIVE_RE.match(s)
    if rel:
        if callable(now):
            now = now()
        if now is None:
            return None, f"relative date {s!r} needs the fetch time"
        days = 0 if rel.group("word").lower() in ("сегодня", "today") else 1
        base = now.astimezone(zone).date() - timedelta(days=days)
        rest = rel.group("rest").strip().upper()
        for fmt in _CLOCK_FORMATS:
            try:
                clock = datetime.strptime(rest, fmt).time()
            except ValueError:
                continue
            return datetime.combine(base, clock, tzinfo=zone), None
        return None, f"no time of day in {s!r}"
    s_en = english_months(s) if not s.isascii() else s
    # A board prints every time in one format: try the one that read the last time first
    # (strptime is costly, and IPB's list is long).
    # (by the tuple's identity: hashing a long tuple of formats costs more than the look-up)
    last = _LAST_FORMAT.get(id(formats))
    first = last[1] if last is not None and last[0] is formats else 0
    order = (
        (first, *(i for i in range(len(formats)) if i != first)) if first else range(len(formats))
    )
    for i in order:
        read = _strptime(s_en, formats[i], zone)
        if read is None:
            continue
        _LAST_FORMAT[id(formats)] = (formats, i)
        return read, None
    return None, f"unreadable date {s!r}"


_LAST_FORMAT: dict[int, tuple[tuple[str, ...], int]] = {}
# strptime's own patterns for the numeric directives (Lib/_strptime.py), so that a format made
# of them alone is read by one precompiled match instead of strptime's per-call set-up.
_NUMERIC = {
    "d": r"(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])",
    "m": r"(?P<m>1[0-2]|0[1-9]|[1-9])",
    "Y": r"(?P<Y>\d\d\d\d)",
    "y": r"(?P<y>\d\d)",
    "H": r"(?P<H>2[0-3]|[0-1]\d|\d)",
    "M": r"(?P<M>[0-5]\d|\d)",
    "S": r"(?P<S>6[0-1]|[0-5]\d|\d)",
}


@lru_cache(maxsize=128)
def _numeric_format(fmt: str) -> re.Pattern[str] | None:
    """`fmt` as one regex when it uses only numeric directives, else None (use strptime)."""
    out: list[str] = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "%":
            pattern = _NUMERIC.get(fmt[i + 1 : i + 2])
            if pattern is None or pattern in out:
                return None
            out.append(pattern)
            i += 2
        elif ch.isspace():
            while i < len(fmt) and fmt[i].isspace():
                i += 1
            out.append(r"\s+")  # as strptime reads whitespace in a format
        else:
            out.append(re.escape(ch))
            i += 1
    return re.compile("".join(out), re.IGNORECASE)


def _strptime(text: str, fmt: str, tz: tzinfo | None = None) -> datetime | None:
    """`datetime.strptime(text, fmt)` (in zone `tz` where given), None where it raises."""
    reader = _numeric_reader(fmt)
    if reader is None:
        try:
            read = datetime.strptime(text, fmt)
        except ValueError:
            return None
        return read if tz is None else read.replace(tzinfo=tz)
    rx, where = reader
    m = rx.fullmatch(text)
    if m is None:
        return None
    g = m.groups()
    iy, i2y, im, i_d, ih, imin, isec = where
    if iy >= 0:
        year = int(g[iy])
    elif i2y >= 0:
        year = int(g[i2y])
        year += 2000 if year <= 68 else 1900  # strptime's pivot
    else:
        year = 1900
    try:
        return datetime(
            year,
            int(g[im]) if im >= 0 else 1,
            int(g[i_d]) if i_d >= 0 else 1,
            int(g[ih]) if ih >= 0 else 0,
            int(g[imin]) if imin >= 0 else 0,
            int(g[isec]) if isec >= 0 else 0,
            tzinfo=tz,
        )
    except ValueError:
        return None


_Reader = tuple[re.Pattern[str], tuple[int, int, int, int, int, int, int]]


@lru_cache(maxsize=128)
def _numeric_reader(fmt: str) -> _Reader | None:
    """`_numeric_format(fmt)` and the index of each directive's group in its match (-1: not
    in the format): Y, y, m, d, H, M, S. Every group a format has always takes part in a
    match, with a digit at least."""
    rx = _numeric_format(fmt)
    if rx is None:
        return None
    index = rx.groupindex
    y, y2, m, d, h, mi, s = (index.get(k, 0) - 1 for k in "YymdHMS")
    return rx, (y, y2, m, d, h, mi, s)
