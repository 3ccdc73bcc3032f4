"""The known-miss classes that recur across the development batches (14-16: football, cooks,
chess), each read by a rule of the language and the sender's role, never by a phrase (C-2,
C-3, P-M.8, G-M.5)."""

from __future__ import annotations

import pytest

from parser.letters.reading import NO_TARGET
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Шах и мат, Блик! Убиваю.", "Блик"),
        ("Блик. Убиваю.", "Блик"),
        ("Бедный Блик! Убиваю.", "Блик"),
    ],
)
def test_C_2_a_bare_action_word_takes_the_one_player_a_nominal_line_before_it_ends_on(
    text: str, target: str
) -> None:
    # the maniac's kill word is a sentence on its own; the sentence before names one player
    # and tells nothing of him (no verb): the two read as one «X — убиваю»
    got = read_in_cast("chess", "Цейтнот", text)
    assert got.kind == "move" and got.action == "kill" and got.targets == (target,), got


@pytest.mark.parametrize(
    "text",
    [
        "Спасибо, Блик. Убиваю.",  # an address with thanks: the move names no one
        "Блик ходит конём. Убиваю.",  # a line telling what he does
        "Блик? Убиваю.",  # a question
        "Не Блик. Убиваю.",  # a negation
        "Блик и Слон. Убиваю.",  # two players: which one?
        "Блик. Подумаю ещё. Убиваю.",  # not the sentence right before
    ],
)
def test_C_2_a_line_that_tells_more_than_the_player_gives_a_bare_action_word_no_target(
    text: str,
) -> None:
    got = read_in_cast("chess", "Цейтнот", text)
    assert got.kind != "move", got


def test_C_2_a_bare_action_word_with_no_line_before_it_is_still_asked_for_a_target() -> None:
    got = read_in_cast("chess", "Цейтнот", "Убиваю.")
    assert got.kind == "question" and got.code == NO_TARGET, got
