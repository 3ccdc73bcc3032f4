"""Targets the rules forbid a role, read from the engine's own `check_move` (P-M.5, P-M.6,
P-M.8, P-M.11, P-M.15, G-M.7) and conditions the host cannot know at night: never a move
accepted in silence (issue 17, item 1)."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.actions import Move
from engine.rules import ruleset_class
from engine.settings import RulesSettings
from engine.state import GameState
from mafiabot.daemon.moves import receipt
from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view
from tests.engine_kit import deaths, play

PEFL: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Вера": {"role": "doctor"},
        "Дина": {"role": "necromancer"},
        "Ефим": {"role": "maniac"},
        "Жора": {"role": "mafia", "clan": "yakuza", "don": True},
        "Зоя": {"role": "mafia", "clan": "yakuza"},
        "Кира": {"role": "bastard", "clan": "yakuza"},
        "Лев": {"role": "mafia", "clan": "triad", "don": True},
        "Назар": {"role": "thug", "clan": "triad"},
        "Оскар": {"role": "bastard", "clan": "triad"},
        "Пётр": {"role": "civilian"},
        "Рита": {"role": "civilian"},
    },
}
GAMBLER: dict[str, Any] = {
    "ruleset": "gambler",
    "turn": 3,
    "players": {
        "Фёдор": {"role": "godfather"},
        "Яна": {"role": "doctor"},
        "Юлиан": {"role": "sheriff"},
        "Гриша": {"role": "civilian"},
        "Даша": {"role": "civilian"},
    },
}


def _read(state: GameState, sender: str, text: str) -> LetterReading:
    view = sender_view(state, sender)
    assert view is not None
    return read_letter(text, view)


def test_P_M_5_P_M_15_pefl_doctor_on_himself_is_refused_with_the_reason() -> None:
    got = _read(cast_state(PEFL), "Вера", "Лечу себя")
    assert (got.kind, got.code) == ("refused", "forbidden_target")
    assert "на себя" in got.text and "Лечу Ник" in got.text
    ok = _read(cast_state(PEFL), "Вера", "Лечу Риту")
    assert (ok.kind, ok.targets) == ("move", ("Рита",))


def test_P_M_6_a_protect_to_himself_beside_another_is_asked_not_halved() -> None:
    got = _read(cast_state(PEFL), "Дина", "Протекты Рите и себе")
    assert (got.kind, got.code) == ("question", "forbidden_part")
    assert "Рита" in got.text  # the allowed half is named, not dropped in silence


def test_P_M_6_a_second_protect_to_himself_after_a_is_not_dropped_in_silence() -> None:
    got = _read(cast_state(PEFL), "Дина", "Даю протект Рите, а второй себе")
    assert (got.kind, got.code) == ("question", "forbidden_part")
    two = _read(cast_state(PEFL), "Дина", "Протект Рите, второй Петру")
    assert two.targets == ("Рита", "Пётр")


def test_P_M_8_you_know_who_is_a_wink_the_mate_named_after_it_executes() -> None:
    state = cast_state(PEFL)
    for text in (
        "Убиваем Риту. Исполнитель: сами знаете кто)) ну Зоя",
        "Убиваем Риту, исполнитель сам знаешь кто — Зоя",
    ):
        got = _read(state, "Жора", text)
        assert (got.kind, got.targets, got.executor) == ("move", ("Рита",), "Зоя"), text
    assert _read(state, "Жора", "Убиваем Риту, исполнитель я сам").executor == "Жора"


def test_P_M_11_thug_never_beats_his_own_bastard_but_may_beat_another_clans() -> None:
    state = cast_state(PEFL)
    assert _read(state, "Назар", "Избиваю Оскара").code == "forbidden_target"
    assert _read(state, "Назар", "Избиваю Киру").targets == ("Кира",)


def test_P_M_8_a_clan_never_shoots_its_own_nor_names_the_don_executor() -> None:
    state = cast_state(PEFL)
    assert _read(state, "Лев", "Убиваем Назара").code == "forbidden_target"
    # the Don as his own executor waits for the deadline: the hanging may leave him alone
    got = _read(state, "Жора", "Убиваем Риту, исполнитель Жора")
    assert (got.kind, got.executor) == ("move", "Жора")
    got = _read(state, "Жора", "Убиваем Риту, исполнитель Зоя")
    assert (got.kind, got.targets, got.executor) == ("move", ("Рита",), "Зоя")


def test_G_M_7_gambler_doctor_heals_himself_once_others_never_target_themselves() -> None:
    state = cast_state(GAMBLER)
    assert _read(state, "Яна", "Лечу себя").targets == ("Яна",)
    assert _read(state, "Юлиан", "Стреляю в себя").code == "forbidden_target"


def test_C_2_a_condition_on_the_days_outcome_after_the_move_is_asked() -> None:
    state = cast_state(PEFL)
    assert _read(state, "Ефим", "Убиваю Риту, если Петра не повесят").code == "undecided"
    assert _read(state, "Ефим", "Убиваю Риту, если получится").targets == ("Рита",)
    assert _read(state, "Ефим", "Убиваю Риту. Если что, я на связи").targets == ("Рита",)


def test_G_M_5_the_godfather_may_send_the_kill_at_his_own_mafioso() -> None:
    """G-M.5 names the mafia's victim only as one player: no Gambler rule bars the godfather's
    own mafioso (P-M.8 bars a PEFL clan its own; docs/rulings.md). His plain letter is read as
    the kill, the daemon accepts it at receipt and the mafioso dies at the night."""
    cast = {
        **GAMBLER,
        "players": {**GAMBLER["players"], "Зиновий": {"role": "mafia"}},
    }
    state = cast_state(cast)
    got = _read(state, "Фёдор", "Убиваем Зиновия")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Зиновий",))
    move = got.as_input("Фёдор")
    assert isinstance(move, Move)
    rules = ruleset_class(state.ruleset)(RulesSettings())
    assert receipt(rules, state, move)[0] == "accepted"
    at_night = dataclasses.replace(state, phase="court")  # the deadline that ends the night
    _after, events = play(rules, at_night, [move])
    assert deaths(events) == {"Зиновий": "mafia"}
    # the PEFL Don's kill of his own clan's mafioso stays refused (P-M.8)
    pefl = _read(cast_state(PEFL), "Жора", "Убиваем Зою")
    assert (pefl.kind, pefl.code) == ("refused", "forbidden_target")
