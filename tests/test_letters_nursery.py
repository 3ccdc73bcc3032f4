"""C-2, P-S.2 for night letters as a busy parent writes them: a child's keypresses and a
refrain name nobody; dictated punctuation corrected by «нет» corrects the punctuation, not the
move; a Don's name said in jest and taken back by «шучу» gives way to the next."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import at_turn, cast_state, sender_view


def _cast(turn: int = 2) -> dict[str, Any]:
    players: dict[str, Any] = {
        "Вертинский": {"role": "commissar"},
        "Кувшинка": {"role": "ninja"},
        "Жорик": {"role": "mafia", "clan": "yakuza"},
        "Лаванда": {"role": "mafia", "clan": "yakuza"},
        "Кнопа": {"role": "bastard", "clan": "yakuza"},
        "Пельмень": {"role": "civilian"},
        "Громила": {"role": "thug", "clan": "triad"},
        "Шарлотка": {"role": "civilian"},
    }
    return {"ruleset": "pefl", "turn": turn, "players": players, "dead": {}}


def _read(sender: str, text: str, turn: int = 2) -> LetterReading:
    view = sender_view(cast_state(_cast(turn)), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize("text", ["ааааааааааааа ыыыы 5555555", "ооооооо ьььь"])
def test_C_2_a_childs_keypresses_name_nobody(text: str) -> None:
    assert _read("Вертинский", text).kind == "none"


def test_C_2_a_refrain_after_the_move_says_no_more_than_a_smiley() -> None:
    got = _read("Кувшинка", "Уложу спать Пельменя навсегда))) баю-баюшки-баю")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Пельмень",)), got


def test_C_2_nyet_among_dictated_marks_corrects_the_punctuation_not_the_move() -> None:
    got = _read("Вертинский", "Проверяю Шарлотку точка запятая нет просто точка")
    assert (got.kind, got.targets) == ("move", ("Шарлотка",)), got


def test_P_S_2_a_don_named_in_jest_gives_way_to_the_next() -> None:
    got = _read("Лаванда", "Дон - Кнопа. Шучу)) Дон Лаванда", turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Лаванда",)), got


def test_P_S_2_a_turn_zero_letter_is_read_with_every_seat_still_in_the_game() -> None:
    # the maniac's victim of the first night is a living target in that night's letters
    cast = _cast()
    cast["players"]["Мясник"] = {"role": "maniac"}
    cast["dead"] = {"Пельмень": "maniac"}
    state = cast_state(cast)
    view = sender_view(at_turn(state, 0), "Мясник")
    assert view is not None and "Пельмень" in view.living
    got = read_letter("Первая ночь, убиваю Пельменя", view)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Пельмень",)), got


@pytest.mark.parametrize("text", ["Отшлёпаю Пельменя по попе))", "Наподдам Пельменю"])
def test_P_M_11_a_nursery_word_of_beating_is_the_thugs_beating(text: str) -> None:
    got = _read("Громила", text)
    assert (got.kind, got.action, got.targets) == ("move", "beat", ("Пельмень",)), got
