"""C-2, C-3: a letter with no action word moves on the one player it names only where the
nick is the letter's message — alone, on its own line, in a nominal line — never where it
is a word of talk: the subject of a verb, or a handle that is also an English word inside
English talk (`infer._in_talk`). P-M.8 with the P-S.2 ruling: a clan member whose Don is
gone (not replaced) moves by a bare nick as beside a silent Don."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    "text",
    ["Roger that", "ok, Storm is coming", "Hope dies last", "Bolt from the blue", "Lucky me"],
)
def test_C_2_a_handle_inside_english_talk_is_asked(text: str) -> None:
    got = read_in_cast("barenick", "Pike", text)
    assert got.kind == "question" and got.code == "is_it_a_move"


def test_C_2_a_player_the_subject_of_a_verb_is_no_move() -> None:
    assert read_in_cast("barenick", "Pike", "ок, Оса жужжит").kind == "none"


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Lucky", "Lucky"),
        ("Привет! Lucky. Удачи", "Lucky"),
        ("Цель: Storm", "Storm"),
        ("Nova pls", "Nova"),
        ("Привет\nChance\nудачи вам", "Chance"),
        ("Hello! Rain", "Rain"),
    ],
)
def test_C_2_a_nick_that_is_the_letters_message_is_the_roles_move(text: str, target: str) -> None:
    got = read_in_cast("barenick", "Pike", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", (target,))


def test_P_M_8_a_member_after_his_don_is_hanged_moves_by_a_bare_nick() -> None:
    got = read_in_cast("barenick", "Copper", "Hope")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Hope",))
    got = read_in_cast("barenick", "Copper", "Roger that")
    assert got.kind == "question"
