"""A doubt said after the move about something other than the move (C-2, issue 17 item 1):
«Убиваю Урала, хотя и не уверен, что он мафия», «Лечу Оку, хотя и не уверена, что надо» —
the clause «что …» after «не уверен(а)» is about the player's side, what others will do or
the need, so the move stands (`proof._doubt_of_another`). The target named inside the
doubt's own clause («…, хотя не уверен, что Урала», «не уверен, убивать ли Урала») is what
is doubted, not the target named again to settle it (`proof._doubted_object`): asked.
Development cases: tests/letters/doubtof.jsonl (and correct3:15, correct3_g:9)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Байкал", "Убиваю Урала, хотя и не уверен, что он мафия", "kill", "Урал"),
        ("Енисей", "Проверяю Каму, хотя и не уверен, что надо", "check", "Кама"),
        ("Нева", "Лечу Волгу, хоть и не уверена, что её будут бить", "heal", "Волга"),
        ("Байкал", "Валю Днепра, хотя не уверен, что Днепр мафия", "kill", "Днепр"),
        ("Енисей", "Proveryayu Kamu, hotya i ne uveren, chto ona mafiya", "check", "Кама"),
        ("Байкал", "УБИВАЮ УРАЛА ХОТЯ И НЕ УВЕРЕН ЧТО ОН МАФИЯ", "kill", "Урал"),
    ],
)  # fmt: skip
def test_C_2_a_doubt_of_the_players_side_or_the_need_leaves_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("doubtof", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Байкал", "Убиваю Урала, хотя не уверен, что Урала"),
        ("Байкал", "Убиваю Урала, не уверен, убивать ли Урала"),
        ("Енисей", "Проверяю Каму, хотя не уверен, что Каму"),
    ],
)  # fmt: skip
def test_C_2_the_target_named_in_the_doubts_own_clause_is_doubted(sender: str, text: str) -> None:
    got = read_in_cast("doubtof", sender, text)
    assert got.kind == "question"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Енисей", "Проверяю Каму, хотя не уверен, что это правильно"),
        ("Енисей", "Проверяю Каму, но не уверен, что её"),
        ("Байкал", "Убиваю Урала, не уверен, что убью именно его"),
        ("Нева", "Лечу Волгу. Не уверена, что она, может Оку"),
        ("Байкал", "Убиваю Урала, хотя не уверен, что он, а не Минск"),
    ],
)  # fmt: skip
def test_C_2_a_doubt_of_the_move_or_its_target_is_still_asked(sender: str, text: str) -> None:
    got = read_in_cast("doubtof", sender, text)
    assert got.kind == "question"
