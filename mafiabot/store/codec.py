"""Frozen dataclasses (engine state, parser records) to JSON and back, driven by type hints.

`to_json` turns a record into `Json` (what a JSON column holds); `from_json(T, data)` rebuilds
a `T` from it, checking every value against `T`'s hints on the way in: a stored word outside
a `Literal` (a role of no rule set) is refused where it comes in.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar, overload

from typing_extensions import TypeAliasType

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: A JSON value as a JSON column holds it.
Json = TypeAliasType("Json", "bool | int | float | str | list[Json] | dict[str, Json] | None")
#: A JSON object: what a record (a dataclass) is stored as.
JsonObject = dict[str, Json]
#: Any JSON value but null (`from_json` of one is never None).
JsonData = bool | int | float | str | list[Json] | dict[str, Json]

T = TypeVar("T")

_PLAIN = frozenset({str, int, float, bool, type(None)})


@overload
def to_json(value: DataclassInstance) -> JsonObject: ...
@overload
def to_json(value: Mapping[str, object]) -> JsonObject: ...
@overload
def to_json(value: object) -> Json: ...
def to_json(value: object) -> Json:
    """A JSON-able copy of a dataclass tree (tuples become lists, datetimes ISO strings)."""
    cls = type(value)
    if cls in _PLAIN:  # the bulk of a record's leaves: nothing to look up
        return typing.cast(Json, value)
    encode = _ENCODERS.get(cls)
    if encode is None:
        encode = _ENCODERS[cls] = _encoder(cls)
    return encode(value)


_Encode = Callable[[typing.Any], Json]  # each takes the one type it was made for
# how each type met is encoded, worked out once per type: a post's record holds a few dozen
# values, and asking each what it is (dataclass? datetime? sequence?) cost more than the rest
_ENCODERS: dict[type, _Encode] = {}


def _encoder(cls: type) -> _Encode:
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(tuple(f.name for f in dataclasses.fields(cls)))
    if issubclass(cls, datetime):
        return _isoformat
    if issubclass(cls, (list, tuple, frozenset, set)):
        return _sequence
    if issubclass(cls, Mapping):
        return _mapping
    return _as_is  # not JSON: the column's own encoder says so


def _dataclass_encoder(names: tuple[str, ...]) -> _Encode:
    def encode(value: object) -> Json:
        out: JsonObject = {}
        for name in names:  # plain leaves copied here: a call each cost a post's encoding
            v = getattr(value, name)
            out[name] = v if type(v) in _PLAIN else to_json(v)
        return out

    return encode


def _isoformat(value: datetime) -> Json:
    return value.isoformat()


def _sequence(value: Iterable[object]) -> Json:
    return [to_json(v) for v in value]


def _mapping(value: Mapping[object, object]) -> Json:
    return {str(k): to_json(v) for k, v in value.items()}


def _as_is(value: object) -> Json:
    return typing.cast(Json, value)


@functools.cache
def _hints(tp: type[DataclassInstance]) -> dict[str, object]:
    return typing.get_type_hints(tp)


@overload
def from_json(tp: type[T], data: None) -> None: ...
@overload
def from_json(tp: type[T], data: JsonData) -> T: ...
def from_json(tp: type[T], data: Json) -> T | None:
    """Rebuild a `tp` (a class) from `to_json` output (None stays None)."""
    return typing.cast("T | None", _decoder(tp)(data))


def decode(tp: object, data: Json) -> object:
    """`from_json` for any type expression (a union, `list[int]`), typed `object`."""
    return _decoder(tp)(data)


_Decode = Callable[[Json], object]
_DECODERS: dict[object, _Decode] = {}


def _decoder(tp: object) -> _Decode:
    """How to rebuild a `tp` from JSON, worked out once per type from its hints (reading the
    hints on every value cost more than the rest of a post's decoding). None is None for every
    type; a union tries its members in order and refuses a value none of them fits."""
    dec = _DECODERS.get(tp)
    if dec is None:
        inner = _build_decoder(tp)

        def dec(data: Json) -> object:
            return None if data is None else inner(data)

        _DECODERS[tp] = dec
    return dec


def _build_decoder(tp: object) -> _Decode:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        alts = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(alts) == 1:  # `X | None`: X's own error says what is wrong
            return _decoder(alts[0])
        return _union_decoder(alts)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    args: tuple[object, ...] = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _each(tuple, args[0])
        return _positional(args)
    if origin in (list, collections.abc.Sequence):
        return _each(list, args[0] if args else object)
    if origin is frozenset:
        return _each(frozenset, args[0] if args else object)
    if origin in (dict, collections.abc.Mapping):
        return _values(args[1] if len(args) == 2 else object)
    if tp is datetime:
        return _datetime
    if tp in (int, float, str, bool):
        assert isinstance(tp, type)
        return _scalar(tp)
    if origin is typing.Literal:
        return _literal(args)
    return _same


def _same(data: Json) -> object:
    return data


def _datetime(data: Json) -> datetime:
    if not isinstance(data, str):
        raise TypeError("datetime expected")
    return datetime.fromisoformat(data)


def _scalar(tp: type[object]) -> _Decode:
    def dec(data: Json) -> object:
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"{tp.__name__} expected, got {data!r}")
        return data

    return dec


def _union_decoder(alts: list[object]) -> _Decode:
    """The first alternative the value fits; one that fits none (a role of no rule set in
    `GamblerRole | PeflRole`) is refused as a single `Literal` would refuse it."""

    def dec(data: Json) -> object:
        errors: list[str] = []
        for a in alts:
            try:
                return _decoder(a)(data)
            except (TypeError, ValueError, KeyError) as e:
                errors.append(str(e))
        raise ValueError(f"{reprlib.repr(data)} fits none of: {'; '.join(errors)}")

    return dec


def _literal(words: tuple[object, ...]) -> _Decode:
    """The engine's words (roles, causes, phases): a stored value outside them is refused
    here, where it comes in, rather than met later as a surprise by a rule."""

    def dec(data: Json) -> object:
        if data not in words:
            raise ValueError(f"{data!r} is not one of {', '.join(map(repr, words))}")
        return data

    return dec


def _dataclass_decoder(tp: type[DataclassInstance]) -> _Decode:
    fields: list[tuple[str, _Decode]] = []  # filled on first use: a type may contain itself

    def dec(data: Json) -> object:
        if not isinstance(data, dict):
            raise TypeError(f"{tp.__name__} expected, got {reprlib.repr(data)}")
        if not fields:
            hints = _hints(tp)
            fields[:] = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)]
        make: Callable[..., object] = tp
        return make(**{name: d(data[name]) for name, d in fields if name in data})

    return dec


def _items(data: Json) -> list[Json]:
    if not isinstance(data, list):
        raise TypeError(f"a list expected, got {reprlib.repr(data)}")
    return data


def _each(kind: Callable[[Iterable[object]], object], item: object) -> _Decode:
    def dec(data: Json) -> object:
        d = _decoder(item)
        return kind(d(v) for v in _items(data))

    return dec


def _positional(args: tuple[object, ...]) -> _Decode:
    def dec(data: Json) -> object:
        return tuple(_decoder(a)(v) for a, v in zip(args, _items(data), strict=False))

    return dec


def _values(item: object) -> _Decode:
    def dec(data: Json) -> object:
        if not isinstance(data, dict):
            raise TypeError(f"an object expected, got {reprlib.repr(data)}")
        d = _decoder(item)
        return {k: d(v) for k, v in data.items()}

    return dec
