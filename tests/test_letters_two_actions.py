"""Batch 25's S1 (a railway forum): a role with two actions takes one a night (P-M.0; the
thug's beating or his shot, P-M.11; the kamikaze's blast or his clan's kill, P-M.9), so two
of the sender's own action words on one player are asked which — whether the second takes
him again by a pronoun, by no object of its own in his sentence, or after «а потом» — and
never read as the first with the second dropped (`parser.letters.decide.two_own_actions`).
Checked on batch 13's cast, not on the development corpus's wordings."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> dict[str, object]:
    return read_in_cast("army", sender, text).to_json()


@pytest.mark.parametrize(
    "text",
    [
        "Избиваю Гранату и убиваю его.",  # a pronoun in the same sentence
        "Избиваю Гранату. Убиваю его тоже.",  # a pronoun in the next sentence
        "Гранату избиваю и убиваю.",  # the second verb with no object of its own
        "Бью Гранату, а потом убиваю его.",  # «а потом»: the same night's next deed
    ],
)
def test_P_M_11_the_thugs_beating_and_shot_on_one_player_are_asked(text: str) -> None:
    got = _read("Кастет", text)
    assert got["kind"] == "question" and got["code"] == "which_action", got
    assert "избиение" in str(got["text"]) and "убийство" in str(got["text"]), got


def test_P_M_9_the_kamikazes_blast_and_kill_on_one_player_are_asked() -> None:
    got = _read("Фугас", "Подрываю Гранату и убиваю его.")
    assert got["kind"] == "question" and got["code"] == "which_action", got


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Избиваю Гранату, убивать его не буду.", "beat"),  # the second declined
        ("Избиваю Гранату. Убьём его завтра.", "beat"),  # put off to a named night
        ("Избиваю Гранату, а убивает его пусть Скиф.", "beat"),  # another's deed
        ("Избиваю Гранату и бью его ещё раз.", "beat"),  # one action said twice
    ],
)
def test_P_M_11_one_move_with_a_second_word_that_is_no_move_is_read(text: str, action: str) -> None:
    got = _read("Кастет", text)
    assert got["kind"] == "move" and got["action"] == action, got
    assert got["targets"] == ["Граната"], got
