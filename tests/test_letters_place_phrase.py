"""A place nick inside a noun's phrase of place or a verbless clause of going (C-2, issue 17
item 1): «Лечу Каму, она живёт на берегу Оки», «Валю Урала у дороги на Минск», «а потом в
отпуск на Каму» — the second nick hangs on a lower-case inanimate noun that stands after a
preposition itself, so it is a place, accounted for (`sense.in_place_phrase`). «берегу»
after a preposition is the noun, not «беречь» (`actions._noun_after_preposition`). Near
misses: a second object, a companion «с», a blow's aim at a part. Development cases:
tests/letters/placenoun.jsonl (and route:15, route_g:8)."""

from __future__ import annotations

import pytest

from parser.letters.actions import _noun_after_preposition
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Нева", "Лечу Каму, она живёт на берегу Оки", "heal", "Кама"),
        ("Байкал", "Валю Днепра на берегу Иртыша", "kill", "Днепр"),
        ("Байкал", "Валю Урала у дороги на Минск", "kill", "Урал"),
        ("Енисей", "Проверяю Днепра, а потом в отпуск на Каму", "check", "Днепр"),
        ("Енисей", "Проверяю Каму. Потом в отпуск на Волгу", "check", "Кама"),
    ],
)  # fmt: skip
def test_C_2_a_nick_in_a_phrase_of_place_is_accounted_for(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("placenoun", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Енисей", "Проверяю Днепра и Каму"),
        ("Енисей", "Проверяю Днепра, а потом в отпуск с Камой"),
        ("Нева", "Лечу Каму на берегу Оки и Волгу"),
        ("Енисей", "Проверяю Днепра, а потом Каму на берегу"),
        ("Байкал", "Валю Урала, потом на Минска"),
        ("Байкал", "Валю Урала, стреляю в голову Минска"),
    ],
)  # fmt: skip
def test_C_2_a_second_player_outside_a_place_phrase_is_still_asked(sender: str, text: str) -> None:
    got = read_in_cast("placenoun", sender, text)
    assert got.kind == "question"


def test_C_2_an_action_word_after_a_preposition_is_its_noun() -> None:
    tokens = tokenize("Каму на берегу Оки")
    assert _noun_after_preposition(tokens, 2)
    assert not _noun_after_preposition(tokenize("Каму берегу"), 1)
