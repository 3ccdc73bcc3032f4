"""Frozen dataclasses (engine state, parser records) to JSON and back, driven by type hints."""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import reprlib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any

_PLAIN = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # dataclass -> its field names


def to_json(value: Any) -> Any:
    """A JSON-able copy of a dataclass tree (tuples become lists, datetimes ISO strings)."""
    cls = type(value)
    if cls in _PLAIN:  # the bulk of a record's leaves: nothing to look up
        return value
    names = _FIELD_NAMES.get(cls)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        out = {}
        for name in names:  # plain leaves copied here: a call each cost a post's encoding
            v = getattr(value, name)
            out[name] = v if type(v) in _PLAIN else to_json(v)
        return out
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple, frozenset, set)):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


@functools.cache
def _hints(tp: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(tp)


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_json` output."""
    return _decoder(tp)(data)


_Decode = Callable[[Any], Any]
_DECODERS: dict[Any, _Decode] = {}


def _decoder(tp: Any) -> _Decode:
    """How to rebuild a `tp` from JSON, worked out once per type from its hints (reading the
    hints on every value cost more than the rest of a post's decoding). None is None for every
    type; a union tries its members in order and refuses a value none of them fits."""
    dec = _DECODERS.get(tp)
    if dec is None:
        inner = _build_decoder(tp)

        def dec(data: Any) -> Any:
            return None if data is None else inner(data)

        _DECODERS[tp] = dec
    return dec


def _build_decoder(tp: Any) -> _Decode:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        alts = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(alts) == 1:  # `X | None`: X's own error says what is wrong
            return _decoder(alts[0])
        return _union_decoder(alts)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_decoder(tp)
    args: tuple[Any, ...] = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _each(tuple, args[0])
        return _positional(args)
    if origin in (list, collections.abc.Sequence):
        return _each(list, args[0] if args else Any)
    if origin is frozenset:
        return _each(frozenset, args[0] if args else Any)
    if origin in (dict, collections.abc.Mapping):
        return _values(args[1] if len(args) == 2 else Any)
    if tp is datetime:
        return _datetime
    if tp in (int, float, str, bool):
        return _scalar(tp)
    if origin is typing.Literal:
        return _literal(args)
    return _same


def _same(data: Any) -> Any:
    return data


def _datetime(data: Any) -> datetime:
    if not isinstance(data, str):
        raise TypeError("datetime expected")
    return datetime.fromisoformat(data)


def _scalar(tp: type[Any]) -> _Decode:
    def dec(data: Any) -> Any:
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"{tp.__name__} expected, got {data!r}")
        return data

    return dec


def _union_decoder(alts: list[Any]) -> _Decode:
    """The first alternative the value fits; one that fits none (a role of no rule set in
    `GamblerRole | PeflRole`) is refused as a single `Literal` would refuse it."""

    def dec(data: Any) -> Any:
        errors: list[str] = []
        for a in alts:
            try:
                return _decoder(a)(data)
            except (TypeError, ValueError, KeyError) as e:
                errors.append(str(e))
        raise ValueError(f"{reprlib.repr(data)} fits none of: {'; '.join(errors)}")

    return dec


def _literal(words: tuple[Any, ...]) -> _Decode:
    """The engine's words (roles, causes, phases): a stored value outside them is refused
    here, where it comes in, rather than met later as a surprise by a rule."""

    def dec(data: Any) -> Any:
        if data not in words:
            raise ValueError(f"{data!r} is not one of {', '.join(map(repr, words))}")
        return data

    return dec


def _dataclass_decoder(tp: Any) -> _Decode:
    fields: list[tuple[str, _Decode]] = []  # filled on first use: a type may contain itself

    def dec(data: Any) -> Any:
        if not fields:
            hints = _hints(tp)
            fields[:] = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)]
        return tp(**{name: d(data[name]) for name, d in fields if name in data})

    return dec


def _each(kind: Callable[[Iterator[Any]], Any], item: Any) -> _Decode:
    def dec(data: Any) -> Any:
        d = _decoder(item)
        return kind(d(v) for v in data)

    return dec


def _positional(args: tuple[Any, ...]) -> _Decode:
    def dec(data: Any) -> Any:
        return tuple(_decoder(a)(v) for a, v in zip(args, data, strict=False))

    return dec


def _values(item: Any) -> _Decode:
    def dec(data: Any) -> Any:
        d = _decoder(item)
        return {k: d(v) for k, v in data.items()}

    return dec
