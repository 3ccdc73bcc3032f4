"""C-2, C-3 for night letters naming family nicks (`parser.letters.family`): a nick that
holds its owner's name and a second person («Нина_и_Полечка», «Мама_Егора») is not named by
the second person alone; a parent word beside that person names the parent whose nick it
is; a word read as one part of a longer nick is weighed against every other nick it can
be; a move given up with any verb of one's own; a second target offered on a player's
state after the move."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view


def _cast() -> dict[str, Any]:
    players: dict[str, Any] = {
        "Вертинский": {"role": "commissar"},
        "Доктор Ватсон": {"role": "doctor"},
        "Кувшинка": {"role": "ninja"},
        "Рыжий": {"role": "mafia", "clan": "yakuza", "don": True},
        "Кремень": {"role": "kamikaze", "clan": "yakuza"},
        "Нина_и_Полечка": {"role": "civilian"},
        "Таня_и_Тимур": {"role": "civilian"},
        "Мама_Егора": {"role": "civilian"},
        "Папа_Егора": {"role": "civilian"},
        "Катя_и_Лиза": {"role": "civilian"},
        "Катюша": {"role": "civilian"},
        "Papa_Vova": {"role": "civilian"},
        "Пельмень": {"role": "civilian"},
    }
    return {"ruleset": "pefl", "turn": 2, "players": players, "dead": {}}


def _read(sender: str, text: str) -> LetterReading:
    view = sender_view(cast_state(_cast()), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize("text", ["Лечу Тимура", "Лечу Полечку", "Лечу Егора"])
def test_C_3_the_second_person_of_a_family_nick_is_no_player(text: str) -> None:
    got = _read("Доктор Ватсон", text)
    assert got.kind != "move", got


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Лечу Нину", "Нина_и_Полечка"),
        ("Лечу маму Егора", "Мама_Егора"),
        ("Лечу Мамочку Егора", "Мама_Егора"),
        ("Лечу папулю Егора", "Папа_Егора"),
        ("Лечу Нину_и_Полечку, Полечка пусть спит", "Нина_и_Полечка"),
    ],
)
def test_C_3_the_owner_or_the_parent_of_the_second_person_is_the_player(
    text: str, target: str
) -> None:
    got = _read("Доктор Ватсон", text)
    assert (got.kind, got.targets) == ("move", (target,)), got


@pytest.mark.parametrize(
    ("text", "both"),
    [
        # Катюша is a pet form of the name Катя_и_Лиза's nick opens with
        ("Проверяю Катю", ("Катя_и_Лиза", "Катюша")),
        # Papa_Vova's handle opens with the word «папа» spelt in Latin
        ("Проверяю папу", ("Папа_Егора", "Papa_Vova")),
    ],
)
def test_C_3_one_word_of_a_nick_is_weighed_against_every_nick_it_can_be(
    text: str, both: tuple[str, ...]
) -> None:
    got = _read("Вертинский", text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got
    assert all(name in got.text for name in both), got.text


def test_C_2_nobody_touched_tonight_with_a_name_beside_is_no_move() -> None:
    got = _read("Кувшинка", "Сегодня никого не трогаю, Полечка болеет, не до игры")
    assert got.kind == "none", got


def test_C_2_a_second_target_on_a_players_state_after_the_move_is_asked() -> None:
    got = _read("Вертинский", "Проверяю Пельменя, если Кремень ещё жив — то его")
    assert got.kind == "question", got


def test_C_2_a_move_on_condition_the_player_lives_with_no_other_branch_stays_read() -> None:
    got = _read("Вертинский", "Проверяю Кременя, если он ещё жив")
    assert (got.kind, got.targets) == ("move", ("Кремень",)), got


def test_C_3_a_shared_name_settled_by_the_child_beside_it_is_that_parent() -> None:
    got = _read("Вертинский", "Проверяю Катю. Ту, которая с Лизой)")
    assert (got.kind, got.targets) == ("move", ("Катя_и_Лиза",)), got


def test_C_2_a_story_labelled_rasskaz_is_the_kills_story() -> None:
    got = _read("Кувшинка", "Убиваю Пельменя, рассказ: его унесло ветром")
    assert (got.kind, got.targets, got.story) == ("move", ("Пельмень",), "его унесло ветром")
