"""A move verb spent on a plain thing is hobby talk, not a half-written move (C-2, C-3,
issue 17 item 1): «Проверяю юстировку зеркала, потом спать», «Убиваю время до рассвета»,
«Стреляю взглядом в облака». Where the sender's action word found no player and its object,
by the clause's structure (`sense.thing_object_at`), is an ordinary lower-case inanimate noun
of the dictionary — no nick and no near spelling of one (`nicks.near_a_nick`) — and the
letter names no one at all, the letter is read as no move (`proof._hobby_object`), not asked
«не нашёл ник цели». A bare verb, a pronoun or a deferral, a word one letter from a nick, an
unknown name, a word nick and a thing with a player as its owner stay as they were read.
Development letters: tests/letters/hobbytalk.jsonl, hobbytalk_g.jsonl."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reading import NO_TARGET, LetterReading
from parser.morph import numeral_compound
from parser.nicks import near_a_nick
from tests.letter_kit import read_among

_PLAYERS: dict[str, Any] = {
    "Вега": {"role": "commissar"},
    "Альтаир": {"role": "doctor"},
    "Сириус": {"role": "maniac"},
    "Комета": {"role": "mafia", "clan": "triad", "don": True},
    "Андромеда": {"role": "mafia", "clan": "triad"},
    "Денеб": {"role": "thug", "clan": "triad"},
    "Зенит": {"role": "civilian"},
    "Болид": {"role": "civilian"},
    "Орион": {"role": "civilian"},
    "Кассиопея": {"role": "civilian"},
    "Ната": {"role": "civilian"},
}


def _read(sender: str, text: str) -> LetterReading:
    return read_among(_PLAYERS, sender, text)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вега", "Проверяю юстировку зеркала, потом спать"),
        ("Альтаир", "Защищаю трубу чехлом, дождь обещали"),  # a tool after the thing
        ("Денеб", "бью рекорд по метеорам — 47 за час"),
        ("Альтаир", "Спасаю зеркальце от росы"),
        ("Сириус", "Стреляю взглядом в облака"),  # a manner, then an aim that is a thing
        ("Сириус", "Убиваю время до рассвета"),
        ("Альтаир", "Лечу насморк чаем с мёдом"),
        ("Вега", "proveryayu yustirovku zerkala"),  # typed in Latin
    ],
)
def test_C_2_a_move_verb_on_a_plain_thing_is_no_move(sender: str, text: str) -> None:
    assert _read(sender, text).kind == "none"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вега", "Проверяю"),  # the verb with no object at all
        ("Вега", "Проверю кого-нибудь"),  # a deferral, no thing
        ("Альтаир", "Спасаю котёнка"),  # someone, not a thing
        ("Вега", "Проверяю ноту ля на гитаре"),  # «ноту»: one letter from Нату
        ("Вега", "Проверяю юстировку зеркала у Альдебарана"),  # an unknown name beside it
        ("Вега", "Проверяю зеркало. Проверю."),  # a second action word with no thing
    ],
)
def test_C_2_a_verb_with_no_thing_or_a_name_beside_it_is_still_asked(
    sender: str, text: str
) -> None:
    got = _read(sender, text)
    assert got.kind == "question"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вега", "Проверяю Зенит", "check", "Зенит"),  # a word nick that is a thing
        ("Альтаир", "Лечу Болида", "heal", "Болид"),
        ("Вега", "проверяю зенит", "check", "Зенит"),  # thingnick's ruling: the check
        ("Вега", "Протираю линзы, проверяю Ориона", "check", "Орион"),
        ("Сириус", "Убиваю Комету", "kill", "Комета"),
    ],
)
def test_C_3_a_word_nick_or_a_player_beside_the_talk_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_a_thing_with_a_player_as_its_owner_stays_asked() -> None:
    got = _read("Альтаир", "Защищаю трубу Кассиопеи")
    assert got.kind == "question" and got.code != NO_TARGET


def test_C_3_a_word_one_letter_from_a_nick_is_near_it() -> None:
    assert near_a_nick("ноту", ["Ната"])
    assert near_a_nick("кометку", ["Комета"])
    assert not near_a_nick("время", ["Вега", "Венера"])
    assert not near_a_nick("юстировку", list(_PLAYERS))


def test_C_3_a_numeral_compound_is_an_ordinary_word_not_a_name() -> None:
    """«восьмидюймовый» (an eight-inch telescope): Russian joins a numeral's genitive and a
    dictionary word; the word is no name, so it names no one beside the talk."""
    assert numeral_compound("восьмидюймовый") and numeral_compound("сорокаградусный")
    assert not numeral_compound("семинар") and not numeral_compound("пятницу")
    assert _read("Вега", "Наблюдаю туманность в восьмидюймовый").kind == "none"
