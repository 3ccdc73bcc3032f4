"""C-2: a letter that says outright it makes no move («Ходов нет», «хода не будет», a bare
«Сегодня никого.») is no move, whatever action word stands elsewhere in it — an idiom
(«взрываю мозг кондитеру») or a verb of the sender's trade on food («режу лук»). A move said
plainly after such a sentence still stands (batch 15, class S2)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Перчик", "Взбиваю сливки и взрываю мозг кондитеру своими вопросами. Ходов нет."),
        ("Перчик", "Взрываю мозг Кондитеру вопросами. Хода не будет."),
        ("Васаби", "Режу лук, слёзы рекой. Сегодня никого."),
        ("Мускат", "Режу хлеб на бутерброды. Нет хода сегодня."),
    ],
)
def test_C_2_the_letter_s_own_no_move_stands_over_an_action_word(sender: str, text: str) -> None:
    got = read_in_cast("kitchen", sender, text)
    assert got.kind == "none", got


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Васаби", "Сегодня никого... Хотя нет, режу Бахтиёра.", "Бахтиёр"),
        ("Мускат", "Убиваю Паприку, больше никого.", "Паприка"),
        ("Перчик", "Взрываю Нонну Витальевну.", "Нонна Витальевна"),
    ],
)
def test_C_2_a_move_said_plainly_still_stands(sender: str, text: str, target: str) -> None:
    got = read_in_cast("kitchen", sender, text)
    assert got.kind == "move" and list(got.targets) == [target], got


def test_C_2_a_civilian_saying_he_has_no_move_is_no_move_not_a_refusal() -> None:
    got = read_in_cast("kitchen", "Пышко", "Проверяю тесто и иду спать. Я мирный, ходов нет.")
    assert got.kind == "none", got


def test_C_2_no_move_asked_about_is_not_said() -> None:
    # «почему у меня нет ходов?» asks; the move after it is weighed as before
    got = read_in_cast("kitchen", "Пышко", "А почему у меня нет ходов? Проверяю Мускат.")
    assert got.kind != "none", got
