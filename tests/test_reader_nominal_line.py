"""C-2: a verbless line «<noun> — <player>» from a letter with no action word proves the
role's move only where its noun names the move or its target in the game's sense (a word
the game's vocabulary reads as an action — «проверка», «лечение», «проверяемый» —, a
target label, «ход», «выбор», a role's name); a noun of another trade (`infer.
other_trade_label`: «трофей», «пациент», «клиент», «улов») is asked, never the move."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Маргарита", "Сегодня мой трофей — Тарас."),
        ("Ростислав", "Мой пациент — Лукьян."),
        ("Маргарита", "мой улов сегодня тарас"),
        ("Ростислав", "Подопечный на ночь — Прохор."),
        ("Маргарита", "Сегодня мой партнёр по танцам — Нонна"),
    ],
)
def test_C_2_a_nominal_line_of_another_trade_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("nominal", sender, text)
    assert got.kind == "question" and got.code == "is_it_a_move"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ульяна", "Цель — Тарас.", "check", "Тарас"),
        ("Маргарита", "Жертва — Нонна.", "kill", "Нонна"),
        ("Ростислав", "На лечение — Прохор.", "heal", "Прохор"),
        ("Ростислав", "Мой выбор — Евгения.", "heal", "Евгения"),
        ("Ульяна", "Проверка: Станислава", "check", "Станислава"),
        ("Маргарита", "Сегодня моя цель — Евгения.", "kill", "Евгения"),
    ],
)
def test_C_2_a_nominal_line_of_the_move_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("nominal", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_an_order_with_its_executor_is_a_kill_whatever_its_noun() -> None:
    got = read_in_cast("nominal", "Всеволод", "Приговор: Тарас. Исполнитель: Агата.")
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Тарас",),
        "Агата",
    )
