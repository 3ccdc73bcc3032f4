"""The classes development batch 14 (`tests/letters/batch14.md`, `stadium`/`stadium_g`: a
football fans' forum) showed, each read by the grammar of the words (`parser.letters.sense`),
never by a phrase: a word that sounds like a move is proof of one only in the game's sense —
the sender's own act now with a living player as its object (C-2). A player who is the
subject of a told verb is talked of; a player taken «off» a place of another world's game
by a verb of that world is asked about; an action noun after a preposition of aim or lack
names no move tonight; a word in the locative after «в»/«на» is a place, not a word nick
(C-3); a move noun whose clause promises the letter for later is no move yet; «не её» takes
back the player named before it; a kill verb of either aspect is read by its lemma."""

from __future__ import annotations

import pytest

from parser.latin import cyrillic_spellings
from parser.letters.mentions import Mention
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import noun_of_other_verb, place_phrase, told_of
from parser.letters.tokens import tokenize
from parser.vocab import lookup
from tests.letter_kit import read_in_cast


def _nick_at(i: int, nominative: bool) -> Mention:
    return Mention(i, i + 1, "X", "nick", "X", 1.0, nominative)


def test_C_2_a_player_who_does_what_the_sentence_tells_is_talked_of() -> None:
    # «Бровка спас матч»: the player is the subject of a past verb — no heal, no kill of him
    got = read_in_cast("stadium", "BetKing77", "В газете напишут: «Бровка спас матч». Ходов нет.")
    assert got.kind != "move", got
    tokens = tokenize("Бровка спас матч")
    assert told_of(tokens, _nick_at(0, True))
    # the perfective future says what the sender means to happen: not a story
    assert not told_of(tokenize("Бровка умрёт этой ночью"), _nick_at(0, True))


def test_C_2_a_player_taken_off_a_place_of_another_game_is_asked_about() -> None:
    got = read_in_cast("stadium_g", "Угловой", "Снимаю с игры Фола.")
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got
    # a verb of slang with the player alone is still the role's only move
    got = read_in_cast("stadium_g", "Угловой", "Кромсаю Фола.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Фол",)), got


def test_C_2_an_action_noun_after_a_preposition_of_aim_or_lack_is_no_move() -> None:
    got = read_in_cast("stadium", "BetKing77", "Коплю силы на засаду, сегодня отдыхаю.")
    assert got.kind != "move", got
    assert noun_of_other_verb(tokenize("сегодня без убийства"), 2)
    got = read_in_cast("stadium", "BetKing77", "Сажусь в засаду.")
    assert (got.kind, got.action) == ("move", "ambush"), got


def test_C_3_a_word_in_the_locative_after_v_or_na_is_a_place_not_a_word_nick() -> None:
    got = read_in_cast("stadium_g", "Лайнсмен", "Проверка после игры, сижу на скамейке.")
    assert got.kind != "move", got
    assert place_phrase(tokenize("я на трибуне"), 2)
    assert not place_phrase(tokenize("стреляю в стенку"), 2)  # the accusative: aimed at
    got = read_in_cast("stadium_g", "Лайнсмен", "Проверяю Скамейку.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Скамейка",)), got


def test_C_2_a_move_noun_beside_a_promise_to_write_later_is_not_sent_yet() -> None:
    got = read_in_cast("stadium", "Перекладина", "Подрыв Стенки вечером напишу, я на стадионе.")
    assert got.kind != "move", got
    got = read_in_cast("stadium", "Перекладина", "Подрываю Стенку, подробности напишу утром.")
    assert (got.kind, got.action, got.targets) == ("move", "blast", ("Стенка",)), got


def test_C_2_ne_and_a_pronoun_take_back_the_player_named_before() -> None:
    got = read_in_cast("stadium", "Стенка", "Убиваю Ультраса... тьфу, не его. Ультру!")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Ультра",)), got


def test_P_M_8_a_player_named_by_a_verb_of_another_sense_beside_the_order_is_talk() -> None:
    got = read_in_cast(
        "stadium",
        "Прибой78",
        "Сажаю на скамейку Бровку, пусть отдохнёт. Цель — Ультра, исполняет Обозреватель.",
    )
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Ультра",),
        "Обозреватель",
    ), got


@pytest.mark.parametrize("word", ["добиваю", "добивай", "добиваем", "добью"])
def test_C_2_a_kill_verb_of_either_aspect_is_read_by_its_lemma(word: str) -> None:
    found = lookup(word)
    assert found is not None and found.actions == {"kill"}, word


def test_C_2_a_pronoun_points_back_to_the_player_of_words_of_another_sense() -> None:
    got = read_in_cast("stadium", "BetKing77", "Ставлю на Бровку. В смысле режу её.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Бровка",)), got
    got = read_in_cast("stadium_g", "Кипер", "Подстраховать Скамейку — лечу её.")
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Скамейка",)), got
    # an opinion on the one player named: the pronoun's only antecedent (reader-52); an
    # opinion on two players leaves it a question
    got = read_in_cast("stadium", "BetKing77", "Думаю, Бровка мафия. Режу её.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Бровка",)), got
    got = read_in_cast("stadium", "BetKing77", "Думаю, Бровка и Ультра мафия. Режу её.")
    assert got.kind == "question", got


def test_P_S_2_a_don_election_of_the_sender_by_sebya() -> None:
    got = read_in_cast("stadium", "Прибой78", "Доном выбираю себя, я капитан.", turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Прибой78",)), got
    # the thug may not be the Don: answered so, never read as nothing
    got = read_in_cast("stadium", "Бульдозер", "Выбираю доном себя.", turn=0)
    assert got.kind == "refused" and got.action == "don", got


def test_C_3_latin_io_for_yo_after_a_consonant() -> None:
    assert "селезнев" in cyrillic_spellings("selezniov")
    assert cyrillic_spellings("radio") == ("радио",)
    got = read_in_cast("stadium_g", "Лайнсмен", "proveryayu Selezniova")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Селезнёв",)), got
