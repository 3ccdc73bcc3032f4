"""A condition the reader does not settle is no proof (C-2): the move it conditions, or the
branch it offers, makes the letter a question naming the condition — never its first branch
(`parser.letters.conditions`). Manners of speech, remarks in a sentence of their own and the
conditions the cast settles stay read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.sender import cast_state, sender_view
from tests.letter_kit import read_in_cast

LETTERS = Path(__file__).parent / "letters"


def _read(cast: str, sender: str, text: str) -> dict[str, object]:
    return read_in_cast(cast, sender, text).to_json()


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


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Аду, если ведущий подтвердит, что её ещё не проверяли",
        "Проверяю Фаддея, когда узнаю, кого убили ночью",
        "Лечу Аду, как только ведущий подтвердит, что самолечение не нужно",
        "Лечу Аду, при условии что мне скажут, что она мирная",
        "Убиваю Капитолину, после того как узнаю, что она не доктор",
        "Если мне скажут, что Ада мирная, тогда проверяю Фаддея",
    ],
)
def test_C_2_a_condition_on_what_the_sender_is_told_is_asked(text: str) -> None:
    """What the host tells the player after his letter is no fact the bot settles at the
    deadline: a move waiting on it is a question naming the condition."""
    sender = {"Л": "Феврония", "У": "Изяслав"}.get(text[0], "Никифор")
    got = _read("relay", sender, text)
    assert (got["kind"], got["code"]) == ("question", "undecided"), got
    opening = text.split(",")[1].split()[0] if not text.startswith("Если") else "Если"
    assert opening.lower() in str(got["text"]).lower(), got


@pytest.mark.parametrize(
    "text",
    [
        "Когда узнаю, кто меня проверял, тогда выбираю мафию",
        "Выбираю мирных, если мне скажут, что шериф жив",
        "Выбираю мирных если мне скажут что Гордана жива",
        "Выбираю мафию, как только ведущий подтвердит, что Gideon крёстный",
        "Играю за мирных, при условии что мне подтвердят",
    ],
)
def test_G_M_8_a_side_chosen_on_what_she_is_told_is_asked(text: str) -> None:
    """A side chosen on being told or learning something (G-M.8, C-2): asked, never the
    side kept; «жив» in what she is told is no condition the cast settles."""
    got = _read("relay_g", "Веста", text)
    assert (got["kind"], got["code"]) == ("question", "undecided"), got


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action"),
    [
        ("relay", "Феврония", "Лечу Аду. Когда узнаю, кого убили, напишу ещё", "heal"),
        ("relay", "Феврония", "Когда все уснут, лечу Аду", "heal"),
        ("relay_g", "Веста", "Выбираю мирных. Если что — пишите", "choose_side"),
    ],
)
def test_C_2_when_with_nothing_to_learn_or_a_remark_leaves_the_move(
    cast: str, sender: str, text: str, action: str
) -> None:
    got = _read(cast, sender, text)
    assert (got["kind"], got["action"]) == ("move", action), got
