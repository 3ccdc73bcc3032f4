"""The classes development batch 16 (`tests/letters/batch16.md`, `chess`/`chess_g`: a chess
club's forum) showed, each read by the grammar of the words and the sender's role, never by a
phrase: a player who is only the recipient of the sender's verb of another sense is no move's
target when his nick is a common word the sentence may mean as the thing (C-2, C-3)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import Mention, chess_notation
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import given_to
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _nick_at(i: int, nick: str = "Слон") -> Mention:
    return Mention(i, i + 1, nick, "nick", nick, 1.0, False)


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
    # a person's name is no thing a chess idiom could mean: a blow dealt to him is the move
    assert not given_to(tokenize("Наношу удар Жоре"), _nick_at(2, "Жора"))
    got = read_in_cast("chess", "Цейтнот", "Кромсаю Слона.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Слон",)), got
    got = read_in_cast("chess", "Цейтнот", "Убиваю Слона.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Слон",)), got


@pytest.mark.parametrize("word", ["h7", "e4", "кf3", "Кf3", "exd5", "0-0", "0-0-0", "Фd1+"])
def test_C_3_a_square_or_a_move_in_chess_notation_is_no_nick(word: str) -> None:
    assert chess_notation(word)
    got = read_in_cast("chess", "Цейтнот", f"Конь на {word}, а я убиваю Слона.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Слон",)), got


def test_C_3_near_misses_of_notation_stay_words() -> None:
    # a file beyond h, a rank beyond 8, a name with digits: not notation
    assert not any(chess_notation(w) for w in ("j7", "e9", "КМС_2150", "Мишаня2013", "e"))


def test_P_M_8_the_senders_nick_in_a_clause_of_talk_before_his_own_move_is_no_pun() -> None:
    # a clause ends after the nick's sentence of talk, and the move follows in the first person
    got = read_in_cast("chess", "Ладья", "Ладья идёт на h7: стреляю в Королевского_гамбита.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Королевский_гамбит",)), got
    got = read_in_cast("chess", "Ладья", "Ладья уходит в угол; убиваю Janis_Riga.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Janis_Riga",)), got
