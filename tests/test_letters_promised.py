"""A move whose player the sender promises in a later letter (C-2): the host waits for that
letter, so the action word alone is no move and no question; a refusal, a doubt or a request
to the host is no promise. Development letters: tests/letters/post9b.jsonl."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view

LETTERS = Path(__file__).parent / "letters"


def _read(sender: str, text: str) -> LetterReading:
    cast = json.loads((LETTERS / "cast_post9b.json").read_text(encoding="utf-8"))
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    "text",
    ["Проверяю, кого — напишу позже.", "Проверка будет, ник отпишу... отпишусь вечером"],
)
def test_C_2_a_target_promised_later_is_no_move_yet(text: str) -> None:
    assert _read("Евстафий", text).kind == "none"


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю. Не напишу кого.",  # a refusal
        "Проверяю. Напишу ли кого — не знаю.",  # a doubt
        "Проверяю. Кого — напиши мне, ведущий?",  # a request to the host
        "Проверяю.",
    ],
)
def test_C_2_no_promise_leaves_the_target_asked(text: str) -> None:
    assert _read("Евстафий", text).kind == "question"


def test_C_2_a_promise_beside_a_named_player_leaves_the_move() -> None:
    got = _read("Евстафий", "Проверяю Созона, остальное напишу потом.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Созон",))
