"""One letter read in a development cast (tests/letters/cast_NAME.json), as the tests of
the letter reader's classes read it: the sender's view of the cast, at its own turn or at
another (P-S.2: turn 0)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import NickResolver
from parser.sender import at_turn, cast_state, sender_view

LETTERS = Path(__file__).parent / "letters"


def read_in_cast(cast: str, sender: str, text: str, *, turn: int | None = None) -> LetterReading:
    state = cast_state(json.loads((LETTERS / f"cast_{cast}.json").read_text(encoding="utf-8")))
    view = sender_view(state if turn is None else at_turn(state, turn), sender)
    assert view is not None, sender
    return read_letter(text, view)


def read_among(players: dict[str, Any], sender: str, text: str) -> LetterReading:
    """One letter read by `sender` in a PEFL cast of `players` at turn 2 (a cast written in
    the test itself), with the living players' nick resolver."""
    view = sender_view(cast_state({"ruleset": "pefl", "turn": 2, "players": players}), sender)
    assert view is not None, sender
    return read_letter(text, view, resolver=NickResolver(view.living))
