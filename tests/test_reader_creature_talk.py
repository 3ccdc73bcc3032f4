"""Hobby talk on a move's verb with a lower-case word nick (C-2, C-3, issue 17): a fish, an
animal or a tool a player is named after, spoken of in its everyday sense — a heal's own
cause of the sender's life after it («лечу ерша от манки»), a diminutive built on the word
(«лечу барсучка»), a pronoun pointing back at the creature moved somewhere («Перевожу ерша в
карантин, лечу его там») — proves no move: asked. A capital, a cause of the game, a bare
lower-case nick and a name nick stay moves. Development letters: tests/letters/aquarium.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Окунь", "лечу ерша от манки, весь в точках"),  # a cause of the sender's life
        ("Окунь", "lechu ersha ot manki"),
        ("Окунь", "лечу барсучка"),  # a diminutive, a noun of its own
        (
            "Окунь",
            "Уважаемый ведущий! Пишу не по игре: у меня в аквариуме болеет ёрш. "
            "Лечу ерша от манки солью и теплом.",
        ),  # the subject of talk is no place of the move's object
    ],
)
def test_C_3_a_word_nick_in_its_everyday_sense_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("aquarium", sender, text)
    assert (got.kind, got.code) == ("question", "is_it_a_move")


def test_C_3_a_pronoun_back_at_a_creature_moved_is_no_players() -> None:
    # «его» points back at the fish moved to a quarantine tank as likely as at Ёрш
    got = read_in_cast("aquarium", "Окунь", "Перевожу ерша в карантин, лечу его там")
    assert (got.kind, got.code) == ("question", "pronoun")


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Окунь", "лечу ерша от мафии", "Ёрш"),  # the cause is the game's
        ("Окунь", "Лечу Ерша от простуды", "Ёрш"),  # a capital: the night's scene
        ("Окунь", "лечу ерша", "Ёрш"),  # a bare lower-case nick
        ("Окунь", "Лечу Вику от простуды", "Вика"),  # a name nick
    ],
)
def test_C_3_the_move_stays_where_nothing_of_the_creature_is_said(
    sender: str, text: str, target: str
) -> None:
    got = read_in_cast("aquarium", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", "heal", (target,))
