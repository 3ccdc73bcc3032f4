"""The classes development batch 16 (`tests/letters/batch16.md`, `chess`/`chess_g`: a chess
club's forum) showed, each read by the grammar of the words and the sender's role, never by a
phrase: a player who is only the recipient of the sender's verb of another sense is no move's
target (C-2)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import Mention
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import given_to
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _nick_at(i: int) -> Mention:
    return Mention(i, i + 1, "X", "nick", "X", 1.0, False)


@pytest.mark.parametrize(
    "text",
    ["Ставлю мат Слону.", "Объявляю шах Ладье.", "Дарю партию Слону."],
)
def test_C_2_a_player_only_given_a_thing_by_a_verb_of_another_sense_is_asked_about(
    text: str,
) -> None:
    # the maniac has one action with a target: a named player would be read as his kill, but
    # the sentence's verb has its own object and the player is only its recipient (dative)
    got = read_in_cast("chess", "Цейтнот", text)
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got


def test_C_2_the_recipient_rule_leaves_the_object_of_a_slang_verb_and_the_game_verb_alone() -> None:
    assert given_to(tokenize("Ставлю мат Слону"), _nick_at(2))
    # the player as the verb's own object (accusative): a slang verb's move stands
    assert not given_to(tokenize("Кромсаю Слона"), _nick_at(1))
    # a preposition before the player: no bare recipient
    assert not given_to(tokenize("Ставлю всё на Слона"), _nick_at(3))
    got = read_in_cast("chess", "Цейтнот", "Кромсаю Слона.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Слон",)), got
    got = read_in_cast("chess", "Цейтнот", "Убиваю Слона.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Слон",)), got
