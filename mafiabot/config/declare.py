"""How a config key is declared, and how a declared section is checked key by key.

A section is a frozen dataclass (so callers can `dataclasses.replace` it) whose fields carry
their whole declaration in the annotation: `Annotated[type, pydantic constraints/validators,
Key(help=…)]` plus the dataclass default. From that one place come the per-key check
(pydantic, through a `TypeAdapter` of the annotated type), the unknown-key check with a
"did you mean", error messages naming the dotted key, and the commented example file.

Keys are checked one at a time, not the section at once, so one bad key neither hides the
others nor the cross-key checks that can still run on the good ones: the host sees every
problem of the file in one go.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Annotated, Any, Final, get_args, get_origin, get_type_hints
from zoneinfo import ZoneInfo

from pydantic import AfterValidator, BeforeValidator, Strict, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails


class _Nothing:
    """No value: a required key's default, a key declared without an example."""

    def __repr__(self) -> str:
        return "NOTHING"


NOTHING: Final = _Nothing()

#: phpBB and IPB keep topic, forum, post and message ids in unsigned 32-bit columns; a bigger
#: number is a copy-paste slip (and would not fit the store's integer columns either).
MAX_BOARD_ID: Final = 4_294_967_295


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity: examples are dicts
class Key:
    """The host-facing half of a key's declaration (the type and checks are pydantic's)."""

    help: str
    #: The value shown in config.example.toml (default: the key's default).
    example: Any = NOTHING
    #: Shown commented out in the example: an optional key most games leave out.
    commented: bool = False
    #: The key's name in the file when it differs from the attribute's.
    toml: str | None = None
    #: The field is a nested record whose own keys sit directly in this table.
    flatten: bool = False


Problems = list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Declared:
    """One declared key of a section."""

    attr: str
    name: str  # in the file
    hint: Any  # the full Annotated type
    key: Key
    default: Any  # NOTHING when the key is required

    @property
    def required(self) -> bool:
        return self.default is NOTHING


def _key_of(hint: Any) -> Key | None:
    if get_origin(hint) is Annotated:
        for meta in get_args(hint)[1:]:
            if isinstance(meta, Key):
                return meta
    return None


@functools.cache
def declared(cls: type) -> tuple[Declared, ...]:
    """The keys a section declares, in declaration order (flattened records inlined)."""
    hints = get_type_hints(cls, include_extras=True)
    out: list[Declared] = []
    for f in dataclasses.fields(cls):
        key = _key_of(hints[f.name])
        if key is None:
            continue  # bookkeeping, not a key (e.g. an override's position in the file)
        if key.flatten:
            out.extend(declared(get_args(hints[f.name])[0]))
            continue
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = NOTHING
        out.append(Declared(f.name, key.toml or f.name, hints[f.name], key, default))
    return tuple(out)


@functools.cache
def _adapter(hint: Any) -> TypeAdapter[Any]:
    return TypeAdapter(hint)


def did_you_mean(name: str, known: Iterator[str] | list[str] | tuple[str, ...]) -> str:
    """`; did you mean 'x'?` for a near miss, else nothing."""
    close = difflib.get_close_matches(name, list(known), n=2, cutoff=0.6)
    return f"; did you mean {' or '.join(map(repr, close))}?" if close else ""


def unknown_keys(
    prefix: str, data: Mapping[str, Any], known: list[str], problems: Problems
) -> None:
    for k in data:
        if k not in known:
            where = f"{prefix}.{k}" if prefix else str(k)
            problems.append((where, "unknown key" + did_you_mean(str(k), known)))


def check_section(
    cls: type,
    data: Mapping[str, Any],
    prefix: str,
    problems: Problems,
    context: Mapping[str, Any],
) -> dict[str, Any]:
    """Check every declared key of `data`; return attribute → value for the good ones and
    the defaults of the absent ones, appending (dotted key, message) for each bad one."""
    keys = declared(cls)
    unknown_keys(prefix, data, [d.name for d in keys], problems)
    values: dict[str, Any] = {}
    for d in keys:
        where = f"{prefix}.{d.name}"
        raw = data.get(d.name)
        if raw is None:
            if d.required:
                problems.append((where, "missing"))
            else:
                values[d.attr] = d.default
            continue
        try:
            values[d.attr] = _adapter(d.hint).validate_python(raw, context=dict(context))
        except ValidationError as exc:
            problems.extend(messages(exc, where))
    return values


_TYPE_MESSAGES: Final = {
    "int_type": "must be an integer",
    "int_parsing": "must be an integer",
    "int_from_float": "must be an integer",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be a string",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number (not nan or inf)",
    "list_type": "must be a list [ … ]",
    "tuple_type": "must be a list [ … ]",
    "dict_type": "must be a table (key = value lines under [its.name])",
    "string_too_short": "must not be empty",
}


def _message(e: ErrorDetails) -> str:
    kind, ctx = e["type"], e.get("ctx", {})
    if kind in ("value_error", "assertion_error"):
        return str(ctx.get("error", e["msg"])).removeprefix("Assertion failed, ")
    if kind == "greater_than_equal":
        return f"must be at least {ctx['ge']}"
    if kind == "greater_than":
        return f"must be more than {ctx['gt']}"
    if kind == "less_than_equal":
        return f"must be at most {ctx['le']}"
    if kind == "literal_error":
        return f"must be one of {ctx['expected']} (got {e['input']!r})"
    return _TYPE_MESSAGES.get(kind, e["msg"])


def messages(exc: ValidationError, where: str) -> Problems:
    """pydantic's errors as (dotted key, message): list items as `[i]`, table keys as `.k`."""
    out: Problems = []
    for e in exc.errors(include_url=False):
        key = where
        for part in e["loc"]:
            if isinstance(part, int):
                key += f"[{part}]"
            elif "[" not in part and "(" not in part:  # pydantic's own schema step names
                key += f".{part}"
        out.append((key, _message(e)))
    return out


# --------------------------------------------------------------------------------------------
# Value types shared by the sections (each refuses what TOML would let through by accident)

StrictInt = Annotated[int, Strict()]
StrictBool = Annotated[bool, Strict()]
StrictStr = Annotated[str, Strict()]


def _nonempty(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


Text = Annotated[str, Strict(), AfterValidator(_nonempty)]


def _seconds(value: Any) -> Any:
    # TOML allows nan and inf; a nan delay makes every sleep raise, an inf one never wakes
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("must be a number of seconds, e.g. 1.5")
    if not math.isfinite(value):
        raise ValueError(f"must be a finite number of seconds, not {value}")
    return float(value)


Seconds = Annotated[float, BeforeValidator(_seconds)]


def _board_id(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("must be a board id (a positive number, e.g. 2)")
    return _plausible(value)


def _plausible(n: int) -> int:
    if not 1 <= n <= MAX_BOARD_ID:
        raise ValueError(
            f"{n} is not a plausible board id (1 … {MAX_BOARD_ID}): copy the number from "
            "the board's address bar"
        )
    return n


def _topic_id(value: Any) -> int:
    """A topic given as an id or as a board URL (`viewtopic.php?t=4`, `showtopic=12`)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _plausible(value)
    if isinstance(value, str):
        m = re.search(r"(?:[?&](?:t|showtopic)=|/topic/)(\d+)", value)
        if m:
            return _plausible(int(m.group(1)))
        if value.strip().isdigit():
            return _plausible(int(value))
    raise ValueError("not a topic id / topic URL (e.g. 4 or …/viewtopic.php?t=4)")


BoardId = Annotated[int, BeforeValidator(_board_id)]
TopicId = Annotated[int, BeforeValidator(_topic_id)]


def to_datetime(value: Any, tz: ZoneInfo | None) -> datetime | None:
    """A TOML date-time, date or ISO string; without a zone it is board time (`tz`)."""
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, date):
        dt = datetime.combine(value, time(0, 0))
    elif isinstance(value, str):
        try:
            dt = datetime.fromisoformat(value.strip().replace(" ", "T", 1))
        except ValueError:
            return None
    else:
        return None
    if dt.tzinfo is None and tz is not None:
        dt = dt.replace(tzinfo=tz)
    return dt


def _board_time(value: Any, info: Any) -> datetime:
    tz = (info.context or {}).get("tz")
    dt = to_datetime(value, tz)
    if dt is None:
        raise ValueError("not a date-time like 2026-12-02T22:00")
    return dt


def _clock(value: Any) -> time:
    if isinstance(value, time):
        return value
    try:
        return time.fromisoformat(str(value))
    except ValueError:
        raise ValueError("must be a time like 23:59") from None


BoardTime = Annotated[datetime, BeforeValidator(_board_time)]
Clock = Annotated[time, BeforeValidator(_clock)]
