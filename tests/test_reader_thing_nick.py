"""C-3: a lower-case word nick the letter speaks of as a thing of the sender's trade is not
proven the move's target (`parser.letters.sense.thing_of_talk`).

A nick that is an ordinary noun («фокус», «рукав», «строй») written in lower case after a move
verb is the player only while nothing in the sentence says it is a thing. Two of these say
so: the word written as a thing (the inanimate accusative, or a bare masculine stem the
dictionary does not know), an adjective agreeing with it, a thing's phrase after it, another
thing the sender's verb takes in the letter, another player written with a capital inside his
sentence, a clause after it telling of it with no subject of its own. Then alone the letter is
asked naming the word; beside a player named as one in another sentence, that player is the
move. Cast: `cast_thingnick.json` (PEFL turn 2; Вадим the commissar, Ольга the doctor,
Кирилл the maniac, Борис a Don whose clan mate is Затвор; Фокус, Зум, Рукав, Плёнка, Строй,
Улей, Лис civilians)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import Mention
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import thing_of_talk
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("thingnick", sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вадим", "Проверяю фокус на новом полтиннике"),  # a phrase after it
        ("Вадим", "проверю строй у баянов"),  # «у» and a thing
        ("Ольга", "лечу рукав — опять течёт"),  # a subjectless clause telling of it
        ("Вадим", "Сначала проверяю экспозицию по экспонометру, затем проверяю зум"),  # a list
        ("Вадим", "чекаю зум на новой тушке щас"),  # a word the dictionary does not know
        ("Вадим", "proveryayu fokus na novom poltinnike"),  # typed in Latin
        ("Ольга", "Лечу рукав куртки, Нина порвала"),  # a genitive; Нина capitalised
    ],
)
def test_C_3_a_lower_case_word_nick_spoken_of_as_a_thing_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("thingnick", sender, text)
    assert (got.kind, got.code) == ("question", IS_IT_A_MOVE)


def test_C_3_the_question_names_the_word_and_the_player() -> None:
    got = read_in_cast("thingnick", "Вадим", "Проверяю фокус на новом полтиннике")
    assert "«фокус» — это игрок Фокус?" in got.text


def test_C_3_a_thing_word_gives_way_to_a_player_named_in_another_sentence() -> None:
    text = "Проверяю фокус на новом полтиннике. Ночная проверка — Нина."
    assert _read("Вадим", text) == ("move", "check", ["Нина"])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вадим", "проверяю фокус", "check", "Фокус"),  # bare: players type nicks so
        ("Вадим", "Проверяю Фокус", "check", "Фокус"),  # capitalised
        ("Вадим", "проверяю фокус, он мафия по-любому", "check", "Фокус"),  # his pronoun
        ("Вадим", "ну чё проверяю фокус сегодня ночью", "check", "Фокус"),  # all lower case
        ("Вадим", "проверяю фокуса на мафию", "check", "Фокус"),  # animate accusative
        ("Вадим", "проверяю лиса", "check", "Лис"),  # an animate noun
        ("Ольга", "лечу плёнку, её вчера чуть не слили", "heal", "Плёнка"),
        ("Кирилл", "убиваю улей", "kill", "Улей"),
    ],
)
def test_C_3_a_lower_case_word_nick_with_nothing_of_a_thing_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read(sender, text) == ("move", action, [target])


def test_C_3_an_executor_line_in_lower_case_stays_the_executor() -> None:
    got = read_in_cast("thingnick", "Борис", "Убиваем Нину, исполнитель — затвор")
    assert (got.kind, got.action, list(got.targets), got.executor) == (
        "move",
        "kill",
        ["Нина"],
        "Затвор",
    )


@pytest.mark.parametrize(
    ("text", "word", "thing"),
    [
        ("проверяю фокус на новом полтиннике", "фокус", True),
        ("проверяю старую плёнку от царапин", "плёнку", True),  # adjective and phrase
        ("проверяю фокус", "фокус", False),  # one sign alone proves nothing
        ("проверяю фокуса на новом полтиннике", "фокуса", False),  # a person's form
        ("проверяю лиса у баянов", "лиса", False),  # an animal is never a thing
    ],
)
def test_C_3_thing_of_talk_needs_two_signs(text: str, word: str, thing: bool) -> None:
    tokens = tokenize(text)
    at = next(k for k, t in enumerate(tokens) if t.raw == word)
    m = Mention(at, at + 1, tokens[at].raw, "nick", word.capitalize())
    assert thing_of_talk(tokens, m, [m]) is thing
