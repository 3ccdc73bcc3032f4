"""A place nick in a way or a direction after a move verb that is also a verb of going
(C-2, issue 17 item 1): «лечу» (лечить / лететь), «валю» (валить someone / валить off) take
their player as a direct object; «Лечу в Минск к брату», «Валю под сто сорок по Чуйскому
тракту», «valyu po Uralu do Minska» name where the sender goes, and prove no move on the
player — asked («is it a move?»), never read as the move. A verb of one sense keeps its
aims («Стреляю по Уралу»), and the plain object stays the move. Development cases:
tests/letters/route.jsonl, route_g.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("route", "Нева", "Лечу в Минск к брату"),
        ("route", "Нева", "лечу на Каму рыбачить"),
        ("route", "Байкал", "VALYU PO URALU DO MINSKA"),
        ("route_g", "Байкал", "Валю по Чуйскому тракту к Бийску"),
        ("route_g", "Нева", "lechu v Minsk"),
    ],
)
def test_C_2_a_way_after_a_verb_of_going_proves_no_move(cast: str, sender: str, text: str) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind != "move", got
    assert got.code == "is_it_a_move"


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("route", "Байкал", "Валю Урала", "kill", "Урал"),
        ("route", "Нева", "Лечу Каму", "heal", "Кама"),
        ("route", "Нева", "Иду к Минску лечить", "heal", "Минск"),
        ("route", "Байкал", "Убиваю Днепра на Урале", "kill", "Днепр"),
        ("route_g", "Казбек", "Стреляю по Уралу", "kill", "Урал"),  # one sense: its aim
    ],
)
def test_C_2_the_plain_object_and_a_one_sense_verbs_aim_stay_the_move(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.action, got.targets) == (action, (target,))
