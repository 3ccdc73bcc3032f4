"""A later syllable of a word nick is no pet form of it (C-3, issue 17 item 3): a given
name gives its tail as a pet name (Рита of Маргарита, Слава of Вячеслав), a word gives
only its diminutive (Машиночка of Машинка) or its opening cut — so «Санса» proves no
Сапсан and «Рузу» no Кукуруза: offered as a guess, never read as the player
(`scripts:28`, once Сапсан's check). Development letters: tests/letters/devsilent.jsonl."""

from __future__ import annotations

import pytest

from parser.nicks import NickResolver, pet_match
from tests.letter_kit import read_in_cast

_CAST = ("Сапсан", "Кукуруза", "Маргарита", "Станислав", "Машинка", "Антон")


@pytest.mark.parametrize("word", ["Санса", "Рузу"])
def test_C_3_a_later_syllable_of_a_word_nick_proves_no_player(word: str) -> None:
    found = pet_match(NickResolver(_CAST), word)
    assert found is None or found.nick is None


@pytest.mark.parametrize(
    ("word", "nick"),
    [("Риту", "Маргарита"), ("Стаса", "Станислав"), ("Машиночку", "Машинка")],
)
def test_C_3_a_names_tail_and_a_words_diminutive_still_read(word: str, nick: str) -> None:
    found = pet_match(NickResolver(_CAST), word)
    assert found is not None and found.nick == nick


@pytest.mark.parametrize("text", ["Проверяю Санса", "Проверяю Рузу."])
def test_C_3_the_check_on_a_words_later_syllable_is_asked(text: str) -> None:
    got = read_in_cast("devsilent", "Ольга", text)
    assert got.kind == "question"


def test_C_3_the_check_on_a_names_tail_stands() -> None:
    got = read_in_cast("devsilent", "Ольга", "Проверяю Риту.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Маргарита",))
