"""A move naming a player already out of the game (C-3: a nick resolves among the living
only) is answered with his nick as listed — «Проверяю Мирона» when Мирон died last night
says that Мирон is out and asks for another player — never as a nick not found among the
living. The daemon's answer (tests/test_moves_daemon.py) takes its words from the
`move_question` template."""

from __future__ import annotations

import pytest

from parser.letters.reading import DEAD_TARGET, QUESTION_CODES
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "what"),
    [
        ("Ольга", "Проверяю Мирона.", "проверка"),  # a case form
        ("Ольга", "Проверяю Мирон", "проверка"),  # as listed
        ("Самовар", "Убиваю Мирона", "убийство"),
    ],
)
def test_C_3_a_dead_target_is_named_as_listed(sender: str, text: str, what: str) -> None:
    got = read_in_cast("devsilent", sender, text)
    assert (got.kind, got.code, got.targets) == ("question", DEAD_TARGET, ("Мирон",))
    assert f"Ход «{what}»: игрок Мирон уже выбыл из игры" in got.text
    assert "не нашёл" not in got.text


def test_C_3_a_dead_executor_is_named_as_listed() -> None:
    got = read_in_cast("devsilent", "Клюквина", "Убиваем Антона, исполнитель Мирон")
    assert got.code == DEAD_TARGET and got.text.startswith("Исполнитель Мирон уже выбыл")


def test_C_2_the_dead_target_is_a_question_the_daemon_asks() -> None:
    assert DEAD_TARGET in QUESTION_CODES


def test_C_3_a_nick_no_one_has_is_still_not_found() -> None:
    got = read_in_cast("devsilent", "Ольга", "Проверяю Тимофея")
    assert got.code == "unknown_nick"
