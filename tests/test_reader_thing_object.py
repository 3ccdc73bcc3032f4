"""C-2, the game's sense of an action word (with `parser.letters.sense`): a verb whose
direct object is a thing — an ordinary lower-case inanimate noun in the accusative, no
player's name — is said in the sense of the sender's trade («Проверяю тесто», «пошёл резать
лук») and proves no move, where its clause names no player and the letter names one
elsewhere. The move is then read where the letter makes it (batch 15, class M1)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def test_C_2_a_trade_verb_on_a_thing_leaves_the_election() -> None:
    text = "Голосую за Ираклия доном. Всё, пошёл резать лук, до вечера."
    got = read_in_cast("kitchen", "Тесак", text, turn=0)
    assert (got.kind, got.action, list(got.targets)) == ("move", "don", ["Ираклий Гивиевич"])


def test_C_2_a_trade_verb_on_a_thing_leaves_the_labelled_move() -> None:
    text = "Проверяю тесто, подошло ли. А по игре — Пышко."
    got = read_in_cast("kitchen", "Нонна Витальевна", text)
    assert (got.kind, got.action, list(got.targets)) == ("move", "check", ["Пышко"]), got


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("kitchen", "Мясник", "Ломаю ноги Сомелье"),  # the player in the verb's clause
    ],
)
def test_C_2_a_thing_beside_a_player_in_the_clause_is_read_as_before(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind != "none", got


def test_C_2_a_thing_in_a_letter_naming_no_one_is_no_move() -> None:
    """«Проверяю тесто» with no player anywhere was asked for a target; since `reader-75`
    a letter naming no one whose action word is spent on a plain thing is hobby talk
    (`proof._hobby_object`, tests/test_letters_hobby_object.py)."""
    got = read_in_cast("kitchen", "Нонна Витальевна", "Проверяю тесто")
    assert got.kind == "none", got
