"""C-2, C-3 for night letters: a pet form two players' names share is asked naming both,
and a case form only one of two close nicks can take is read as that player — the rule the
vote reader follows (docs/rulings.md, the C-3 row on diminutives and the C-2/C-3 row on two
close nicks; tests/test_votes_shared_forms.py)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.sender import cast_state, sender_view


def _cast(*civilians: str, commissar: str = "Вертинский") -> dict[str, Any]:
    players: dict[str, Any] = {
        commissar: {"role": "commissar"},
        "Доктор Ватсон": {"role": "doctor"},
        "Рыжий": {"role": "mafia", "clan": "yakuza", "don": True},
    }
    for name in civilians:
        players.setdefault(name, {"role": "civilian"})
    return {"ruleset": "pefl", "turn": 2, "players": players, "dead": {}}


def _read(cast: dict[str, Any], sender: str, text: str) -> LetterReading:
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("seated", "text", "both"),
    [
        (("Алёна", "Алёнка"), "Проверяю Алёнушку", ("Алёна", "Алёнка")),
        (("Ганна", "Ганка"), "Проверяю Ганю", ("Ганна", "Ганка")),
        (("Злата", "Златка", "Фёкла"), "Проверяю Златочку", ("Злата", "Златка")),
    ],
)
def test_C_3_a_pet_form_two_players_names_share_is_asked_naming_both(
    seated: tuple[str, ...], text: str, both: tuple[str, ...]
) -> None:
    got = _read(_cast(*seated), "Вертинский", text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got
    assert all(name in got.text for name in both), got.text


def test_C_3_a_shared_pet_form_from_one_of_the_two_is_asked_not_refused_as_her_own() -> None:
    # Злата is the commissar: «Златочку» may be Златка, so it is no move on herself
    got = _read(_cast("Златка", "Фёкла", commissar="Злата"), "Злата", "Проверяю Златочку")
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got


@pytest.mark.parametrize(
    ("seated", "text", "target"),
    [
        # each nick's own case forms are hers alone
        (("Алёна", "Алёнка"), "Проверяю Алёнку", "Алёнка"),
        (("Алёна", "Алёнка"), "Проверяю Алёну", "Алёна"),
        (("Ганна", "Ганка"), "Проверяю Ганну", "Ганна"),
        (("Ганна", "Ганка"), "Проверяю Ганку", "Ганка"),
        (("Злата", "Златка", "Фёкла"), "Проверяю Златку", "Златка"),
        (("Злата", "Златка", "Фёкла"), "Проверяю Злату", "Злата"),
        # a pet form of one name only
        (("Злата", "Златка", "Фёкла"), "Проверяю Фёклушку", "Фёкла"),
        # without the pet nick seated the full name is read
        (("Злата", "Фёкла"), "Проверяю Златочку", "Злата"),
    ],
)
def test_C_3_near_misses_of_a_shared_pet_form_still_read(
    seated: tuple[str, ...], text: str, target: str
) -> None:
    got = _read(_cast(*seated), "Вертинский", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", (target,)), got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вертинский", "Проверка Соколовой", "check", "Соколова"),
        # the masculine's dative or the feminine's accusative: the verb governs the accusative
        ("Вертинский", "Проверяю Соколову", "check", "Соколова"),
        ("Доктор Ватсон", "Лечу Белкиной", "heal", "Белкина"),
        ("Доктор Ватсон", "Лечу Белкина", None, None),  # either: his accusative, her nick
    ],
)
def test_C_2_C_3_a_form_only_one_of_two_close_nicks_takes_is_read(
    sender: str, text: str, action: str | None, target: str | None
) -> None:
    got = _read(_cast("Соколова", "Соколов", "Белкина", "Белкин"), sender, text)
    if target is None:
        assert (got.kind, got.code) == ("question", "ambiguous_nick"), got
    else:
        assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got


_CLAN: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "dead": {},
    "players": {
        "Рыжий": {"role": "mafia", "clan": "yakuza", "don": True},
        "Алёна": {"role": "mafia", "clan": "yakuza"},
        "Алёнка": {"role": "mafia", "clan": "yakuza"},
        "Вертинский": {"role": "commissar"},
        "Фёкла": {"role": "civilian"},
    },
}


@pytest.mark.parametrize(
    "text",
    [
        "Убиваем Фёклу, исполнитель Алёнушка",
        "Исполнитель Алёнушка, цель Фёкла",
        "Фёклу убивает Алёнушка",
    ],
)
def test_C_3_P_M_8_an_executor_called_by_a_pet_form_two_mates_share_is_asked(text: str) -> None:
    # a Don's order: «Алёнушка» may be either clan mate, so who shoots is asked
    got = _read(_CLAN, "Рыжий", text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got
    assert "Алёна" in got.text and "Алёнка" in got.text, got.text


@pytest.mark.parametrize(
    ("text", "mate"),
    [
        ("Убиваем Фёклу, исполнитель Алёнка", "Алёнка"),
        ("Убиваем Фёклу, исполнитель Алёна", "Алёна"),
    ],
)
def test_C_3_P_M_8_each_mates_own_nick_still_names_the_executor(text: str, mate: str) -> None:
    got = _read(_CLAN, "Рыжий", text)
    assert (got.kind, got.action, got.targets, got.executor) == ("move", "kill", ("Фёкла",), mate)
