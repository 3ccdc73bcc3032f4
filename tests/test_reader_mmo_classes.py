"""The classes development batch 17 (`tests/letters/batch17.md`, `mmo`/`mmo_g`: an online
game guild's forum) showed, each read by the grammar of the words and the sender's role,
never by a phrase: a jargon verb of another game governing a player proves no move (C-2)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import Mention
from parser.letters.reading import IS_IT_A_MOVE, UNDECIDED
from parser.letters.sense import governing_other_verb
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "verb"),
    [
        ("Strelok_47", "Станю Грифона", "Станю"),  # the sheriff: to stun, no shot
        ("Berserk_666", "Фармлю Silence", "Фармлю"),  # the maniac: to farm, no kill
        ("Berserk_666", "Бафаю сегодня Вожака.", "Бафаю"),  # out of the dictionary: its ending
        ("Priestess_Lu", "Агрю Танка", "Агрю"),  # the doctor's one action is no heal here
    ],
)
def test_C_2_S1_a_jargon_verb_governing_a_player_is_asked_never_the_roles_only_action(
    sender: str, text: str, verb: str
) -> None:
    # a role with one action and one living player named: the bare-nick reading would infer
    # the role's move on him, but the sender's own verb says something else about him
    got = read_in_cast("mmo_g", sender, text)
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got
    assert f"«{verb}»" in got.text, got.text


def test_C_2_S1_the_verb_governs_the_player_only_across_adverbs_and_agreeing_words() -> None:
    tokens = tokenize("Станю сегодня этого Грифона")
    nick = _mention(3, "Грифон")
    assert governing_other_verb(tokens, nick) == 0
    # a noun between: the verb has its own object, the player is no longer governed by it
    assert governing_other_verb(tokenize("Станю босса, Грифона"), _mention(2, "Грифон")) is None
    assert governing_other_verb(tokenize("Фармлю лут Грифону"), _mention(2, "Грифон")) is None


def test_C_2_S1_the_game_s_verbs_their_slang_and_typings_stay_the_move() -> None:
    # the game's own slang (vocabulary), a Russian verb the dictionary knows read through the
    # role, a word typed in Latin look-alikes and digits: each still the maniac's kill
    for text in ("Ганкаю Грифона", "Кромсаю Грифона", "y6uBaю Грифона"):
        got = read_in_cast("mmo_g", "Berserk_666", text)
        assert (got.kind, got.action, got.targets) == ("move", "kill", ("Грифон",)), (text, got)


def _mention(i: int, nick: str) -> Mention:
    return Mention(i, i + 1, nick, "nick", nick, 1.0, False)


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        # S2: the heal's player is a lower-case common word, and the move is put off
        ("mmo_g", "Priestess_Lu", "весь вечер хилю танка на рейде, ход завтра утром"),
        # M1: «ход» put off to an event, and a word of the talk no nick is read from
        ("mmo_g", "Strelok_47", "Ход после рейда, сейчас вайпаемся"),
        ("mmo", "Vortex_77", "вайп на третьем боссе, все афк. Ход после рейда"),
        # M1: a promise to send the move later, with no living player named
        ("mmo", "Light_Hands", "Как с кача вернусь — напишу, кого лечу"),
    ],
)
def test_C_2_S2_M1_a_move_put_off_or_promised_is_no_move_tonight(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "none", got


def test_C_2_S2_a_move_put_off_still_asks_about_a_player_written_as_a_player() -> None:
    # the nick written as a nick (capitalised mid-sentence) is no word of the talk: the move
    # and its put-off both stand in the letter, so the host asks which holds
    got = read_in_cast("mmo_g", "Priestess_Lu", "весь вечер хилю Танка на рейде, ход завтра утром")
    assert got.kind == "question" and got.code == UNDECIDED, got
    got = read_in_cast("mmo_g", "Priestess_Lu", "Лечу Танка. Ход окончательный.")
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Танк",)), got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        # M2: chat shorthand of consonants alone in lower case is no name to weigh
        ("Boomkin_13", "Взрываю Kaelin. Бум! ггвп всем", "blast", "Kaelin"),
        # M3: a lower-case word in the instrumental beside the player is the instrument
        ("Ember", "Рублю катаной Vortex_77. ггвп", "kill", "Vortex_77"),
        ("Ember", "Режу ножом Vortex_77", "kill", "Vortex_77"),
    ],
)
def test_C_2_M2_M3_shorthand_and_instruments_are_no_second_player(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("mmo", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got


def test_C_3_M3_a_capitalised_word_in_the_instrumental_is_still_asked_about() -> None:
    # written as a name, the word may be a player the reader could not place: never dropped
    got = read_in_cast("mmo", "Ember", "Рублю Катаной Vortex_77")
    assert got.kind != "move", got


@pytest.mark.parametrize("text", ["Дон триады — я.", "Дон клана — сам. Пацаны в курсе"])
def test_P_S_2_M5_whose_don_said_in_the_genitive_before_the_sender_s_own_i(text: str) -> None:
    got = read_in_cast("mmo", "Maxim_Tankov", text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Maxim_Tankov",)), got


def test_P_S_2_M5_a_verb_after_the_don_is_no_election_of_the_sender() -> None:
    got = read_in_cast("mmo", "Maxim_Tankov", "Дон решит — я подожду.", turn=0)
    assert not (got.kind == "move" and got.targets == ("Maxim_Tankov",)), got


def test_P_M_11_M6_kicking_a_player_is_a_beating_never_a_shot() -> None:
    # the thug beats or kills: «пинать» is a verb of beating, so the move is no question
    got = read_in_cast("mmo", "Kaelin", "Пинаю Kaznachey-а, пусть отдохнёт")
    assert (got.kind, got.action, got.targets) == ("move", "beat", ("Kaznachey",)), got


def test_P_M_8_M7_a_move_put_off_after_but_gives_way_to_the_labelled_request() -> None:
    text = (
        "кикнуть бы из пати Boomkin_13 за вайп, но это после рейда. "
        "Заявка: N00bSl4yer, исполнитель Vortex_77"
    )
    got = read_in_cast("mmo", "Kaznachey", text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("N00bSl4yer",),
        "Vortex_77",
    ), got
    # the same «но» with no later time after it takes nothing back
    got = read_in_cast("mmo", "Ember", "Убиваю Vortex_77, но тихо")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Vortex_77",)), got


def test_C_2_M4_a_ukrainian_false_friend_of_an_action_word_is_the_ukrainian_word() -> None:
    # «чекаю» is Ukrainian «I wait» in a sentence written in Ukrainian: no check, no nick
    got = read_in_cast("mmo", "N1ghtW4tch", "Я сержант, чекаю звіт комісара. Ходу не маю")
    assert got.kind == "none", got
    # the Ukrainian action word in the same kind of sentence is still the move
    got = read_in_cast("mmo", "N1ghtW4tch", "Перевіряю Kaelin, бо він дивний")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Kaelin",)), got
    # in a Russian sentence the chat word «чекаю» is the check
    got = read_in_cast("mmo", "N1ghtW4tch", "Чекаю Kaelin")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Kaelin",)), got
