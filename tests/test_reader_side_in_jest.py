"""G-M.8, C-2: a side chosen and then called a joke in the next clause («Сторона — мафия.
Шутка! Мирные.») is taken back like a side refused; the side said after it is the choice
(batch 15, class M4). A side with no joke after it is read as before."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Сторона — мафия. Шутка! Мирные.", "town"),
        ("Выбираю мирных. Шучу)) За мафию.", "mafia"),
        ("Сторона — мафия.", "mafia"),
        ("Сторона — мафия. Не шучу.", "mafia"),
    ],
)
def test_G_M_8_a_side_called_a_joke_is_taken_back(text: str, side: str) -> None:
    got = read_in_cast("kitchen_g", "Меренга", text)
    assert (got.kind, got.action, got.side) == ("move", "choose_side", side), got


def test_G_M_8_a_side_taken_back_with_none_after_it_is_no_choice() -> None:
    got = read_in_cast("kitchen_g", "Меренга", "Сторона — мафия. Шутка!")
    assert got.kind != "move", got
