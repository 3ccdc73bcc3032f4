"""A killer's Latin-typed «ubit» before an inanimate word nick (C-2, C-3, issue 17 item 3):
«ubit Uroven» — the participle «убит» with the noun as its subject, or the infinitive
«убить» with its soft sign left out and the noun as its object: «уровень» is nominative and
accusative alike, so the words alone do not settle it (`reader-68` kept the participle).
The sentence and the sender settle it: «ubit» opening its clause, in a letter from a role
that may kill now, is the infinitive (`tokens._infinitive_typed`, `killer`). A word before
it («Uroven ubit», «vchera ubit Kamen»), an animate nominative after it («ubit Petrov») or a
sender with no kill keep the death told. Development letters: tests/letters/ubit.jsonl,
build_g.jsonl (`:35`)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reading import LetterReading
from parser.letters.tokens import tokenize
from tests.letter_kit import read_among

_PLAYERS: dict[str, Any] = {
    "Тимур": {"role": "doctor"},
    "Рустам": {"role": "maniac"},
    "Марат": {"role": "mafia", "clan": "triad", "don": True},
    "Глеб": {"role": "civilian"},
    "Петров": {"role": "civilian"},
    "Уровень": {"role": "civilian"},
    "Камень": {"role": "civilian"},
}


def _read(sender: str, text: str) -> LetterReading:
    return read_among(_PLAYERS, sender, text)


@pytest.mark.parametrize(
    ("text", "target"),
    [("ubit Uroven", "Уровень"), ("ubit' Kamen", "Камень"), ("ubit Kamen segodnya", "Камень")],
)
def test_C_2_a_killers_ubit_before_an_inanimate_nick_is_his_kill(text: str, target: str) -> None:
    got = _read("Рустам", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", (target,))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Рустам", "Uroven ubit"),  # its subject before it
        ("Рустам", "vchera ubit Kamen"),  # a word before it in its clause
        ("Рустам", "ubit Petrov"),  # an animate nominative: a death told
        ("Тимур", "ubit Uroven"),  # a doctor has no kill
        ("Глеб", "ubit Kamen"),  # a civilian
    ],
)
def test_C_2_ubit_stays_a_death_told_without_a_killer_opening_it(sender: str, text: str) -> None:
    got = _read(sender, text)
    assert got.kind != "move"


def test_C_2_the_tokens_read_ubit_by_the_sender() -> None:
    assert tokenize("ubit Uroven", killer=True)[0].word == "убить"
    assert tokenize("ubit Uroven")[0].word == "убит"
    assert tokenize("ubit Petrov", killer=True)[0].word == "убит"
