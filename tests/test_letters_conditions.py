"""A condition the reader does not settle is no proof (C-2): the move it conditions, or the
branch it offers, makes the letter a question naming the condition — never its first branch
(`parser.letters.conditions`). Manners of speech, remarks in a sentence of their own and the
conditions the cast settles stay read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.sender import cast_state, sender_view

LETTERS = Path(__file__).parent / "letters"


def _read(cast: str, sender: str, text: str) -> dict[str, object]:
    state = cast_state(json.loads((LETTERS / f"cast_{cast}.json").read_text(encoding="utf-8")))
    view = sender_view(state, sender)
    assert view is not None
    return read_letter(text, view).to_json()


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Кафку, а если её уже проверяли — тогда Линукса",
        "Проверяю Кафку. Если кто-то её уже проверял, то Линукса",
        "Если Пупкин мафия, проверяю Кафку",
        "Проверяю Кафку, иначе Линукса",
        "Проверяю Кафку, коли она не спит",
        "В случае если Пупкина повесят, проверяю Кафку",
        "Проверяю Кафку, если Линукс не против",
    ],
)
def test_C_2_a_condition_the_reader_does_not_settle_is_asked(text: str) -> None:
    got = _read("handles", "Byte_Hunter", text)
    assert got["kind"] == "question", got


def test_C_2_the_question_names_the_condition() -> None:
    got = _read("handles", "Byte_Hunter", "Если Пупкин мафия, проверяю Кафку")
    assert got["code"] == "undecided", got
    assert "Если Пупкин мафия" in str(got["text"]), got


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Кафку. Если что — пишите",
        "Проверяю Кафку. Если она мафия — будет весело",
        "Проверяю Кафку, если она ещё жива",
        "Сегодня Кафку проверяю, Линукса завтра, если доживу",
        "Проверяю Кафку, а то она подозрительно молчит",
        "Если честно, не знаю. Проверяю Кафку",
        "Если днём повесили не того — значит мафия охотится за Линуксом. Проверяю Кафку",
    ],
)
def test_C_2_a_remark_or_a_settled_condition_leaves_the_move(text: str) -> None:
    got = _read("handles", "Byte_Hunter", text)
    assert got["kind"] == "move", got
    assert got["targets"] == ["Kafka_Fan"], got


def test_G_M_8_a_side_chosen_on_a_condition_is_asked() -> None:
    text = "Если Тарас мафия — я за мафию, если нет — за мирных"
    got = _read("doubt_g", "Лукерья", text)
    assert got["kind"] == "question", got


def test_G_M_8_a_side_chosen_beside_a_manner_of_speech_stands() -> None:
    got = _read("doubt_g", "Лукерья", "Я за мирных. Если что — пишите")
    assert got["kind"] == "move" and got["side"] == "town", got


@pytest.mark.parametrize(
    "text",
    [
        "Режу Феникса; если Феникс уже в тюрьме — тогда Блейда.",
        "Режу Феникса, а если он уже сидит — Блейда",
        "Режу Феникса. Если Тоторо уже выбыл, то Блейда",
    ],
)
def test_C_2_a_fallback_on_a_living_player_being_out_is_ruled_out_by_the_cast(text: str) -> None:
    # G-N.4: the jailed are out of the game and the cast says who; a living player is not,
    # so the fallback is void (C-2: the condition resolved, not guessed)
    got = _read("club_g", "Chainsaw.Boy", text)
    assert got["kind"] == "move" and got["targets"] == ["Phoenix_W"], got


@pytest.mark.parametrize(
    "text",
    [
        "Режу Феникса; если Catbug уже в тюрьме — тогда Блейда",  # he is: the branch holds
        "Режу Феникса; если его посадят — тогда Блейда",  # what may still happen
        "Режу Феникса, если Блейд уже выбыл",  # the move's own condition, false
        "Если Феникс в тюрьме, режу Блейда",
    ],
)
def test_C_2_a_fallback_the_cast_does_not_rule_out_is_asked(text: str) -> None:
    got = _read("club_g", "Chainsaw.Boy", text)
    assert got["kind"] == "question", got


def test_C_2_one_module_settles_every_condition_the_cast_settles() -> None:
    """The whole-letter «Если X ещё жив, …, иначе Y» and the clause-level conditions on a
    player alive or out are decided in `parser.letters.conditions` alone."""
    import importlib

    from parser.letters import conditions

    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("parser.letters.alive")
    assert {"settled_by_cast", "false_by_cast"} <= set(conditions.__all__)
    state = cast_state(json.loads((LETTERS / "cast_pefl.json").read_text(encoding="utf-8")))
    view = sender_view(state, "Ефим")
    assert view is not None
    alive = "Если Жанна ещё жива, проверяю её, иначе — Игоря"
    assert conditions.settled_by_cast(alive, view.living, view.dead) == "проверяю Жанна"
    out = "Если Олег ещё жив, проверяю его, иначе — Игоря"
    assert conditions.settled_by_cast(out, view.living, view.dead) == "проверяю Игоря"
    assert _read("pefl", "Ефим", out)["targets"] == ["Игорь"]
