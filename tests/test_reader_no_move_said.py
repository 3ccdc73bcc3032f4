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
