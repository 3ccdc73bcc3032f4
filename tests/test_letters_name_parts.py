"""C-3 for night letters: a player called by a form of the name one part of his nick carries
(`parser.letters.nameparts`) — a Latin handle with a digit tail or a second part, a Cyrillic
nick of several words — by the name table; a pet form only a suffix rule derives stays a
doubt, and a form two such players fit is asked naming both."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view


def _read(text: str, *civilians: str) -> LetterReading:
    players: dict[str, Any] = {
        "Вертинский": {"role": "commissar"},
        "Рыжий": {"role": "mafia", "clan": "yakuza", "don": True},
    }
    for name in civilians:
        players[name] = {"role": "civilian"}
    cast = {"ruleset": "pefl", "turn": 2, "players": players, "dead": {}}
    view = sender_view(cast_state(cast), "Вертинский")
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("text", "seated", "target"),
    [
        ("Проверяю Наташу", ("Natasha88", "Пельмень"), "Natasha88"),
        ("Проверяю Наташеньку", ("Natasha88", "Пельмень"), "Natasha88"),
        ("Проверяю Машеньку", ("Маша_и_Тимур", "Пельмень"), "Маша_и_Тимур"),
        ("Проверяю Олю", ("Olga_Mom", "Пельмень"), "Olga_Mom"),
    ],
)
def test_C_3_a_tabled_form_of_the_name_a_nick_part_carries_is_that_player(
    text: str, seated: tuple[str, ...], target: str
) -> None:
    got = _read(text, *seated)
    assert (got.kind, got.targets) == ("move", (target,)), got


def test_C_3_a_form_two_nicks_parts_carry_is_asked_naming_both() -> None:
    got = _read("Проверяю Наташу", "Natasha88", "Наташа_и_Лёва")
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got


def test_C_3_a_pet_form_only_a_suffix_rule_derives_is_no_proof() -> None:
    got = _read("Проверяю Игорька", "Игорь Петрович", "Пельмень")
    assert got.kind != "move", got


def test_C_3_a_lower_case_name_part_after_the_action_word_is_that_player() -> None:
    got = _read("проверяю олю", "Olga_Mom", "Пельмень")
    assert (got.kind, got.targets) == ("move", ("Olga_Mom",)), got
