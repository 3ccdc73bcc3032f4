"""C-2: a move verb whose object is a thing, the player its owner (LS1), and a move verb
with a time of the working day (LS3), are not proven — asked, never taken as the move.

LS1 (`parser.letters.sense.owned_by_thing`): the verb's accusative object slot is filled by
a lower-case inanimate noun, and the player stands beside it in the genitive or the dative
(after the noun, or between the verb and the noun), or — a code nick that does not decline
— in apposition to the inanimate noun. A player in the accusative, or in apposition to an
animate noun («игрока Q-7»), is the verb's object: the move. LS3 (`sense.booked_hour`): a
clock time of the working day in the clause of the move's verb books the writer's day; an
hour of the night says when the move is made. Casts: `cast_ownerobj.json` (PEFL),
`cast_booking_g.json` (Gambler)."""

from __future__ import annotations

import pytest

from parser.letters.mentions import Mention
from parser.letters.reading import IS_IT_A_MOVE
from parser.letters.sense import booked_hour, owned_by_thing
from parser.letters.tokens import Token, clock_hour, tokenize
from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast(cast, sender, text)
    return (got.kind, got.code if got.kind == "question" else got.action, list(got.targets))


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ася", "Спасаю кота Данилы от блох"),  # the genitive after an animal
        ("Ася", "спасаю пальто Ефросинье, моль поела"),  # the dative after the thing
        ("Полина", "режу Ветровой чёлку"),  # between the verb and the thing
        ("Штерн", "проверяю оттенок Q-7 у заказчика"),  # a code naming the thing
        ("Штерн", "Проверяю отчёт Лады, там ошибки"),  # «Лады» is «лад» too: the nick's own
    ],
)
def test_C_2_a_player_owning_the_verbs_thing_is_asked(sender: str, text: str) -> None:
    assert _read("ownerobj", sender, text)[:2] == ("question", IS_IT_A_MOVE)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Полина", "Режу Ветрову", "kill", "Ветрова"),  # the accusative: the object
        ("Штерн", "Проверяю игрока Q-7", "check", "Q-7"),  # apposition to a person
        ("Штерн", "Проверяю Q-7", "check", "Q-7"),
        ("Штерн", "Проверяю соседку Ладу", "check", "Лада"),
        ("Полина", "Днём режу кончики клиенткам, а ночью режу Данилу", "kill", "Данила"),
    ],
)
def test_C_2_the_player_as_the_verbs_object_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read("ownerobj", sender, text) == ("move", action, [target])


def _mention(
    text: str, word: str, nick: str, *, nominative: bool = False
) -> tuple[list[Token], Mention]:
    tokens = tokenize(text)
    at = next(k for k, t in enumerate(tokens) if t.word == word)
    return tokens, Mention(at, at + 1, tokens[at].raw, "nick", nick, nominative=nominative)


def test_C_2_owned_by_thing_reads_the_nicks_own_case() -> None:
    # «Медовой» is a masculine accusative of another lemma too: the nick's own (Медовая)
    # has only the genitive, dative, instrumental and locative
    tokens, m = _mention("Режу кончики Медовой", "медовой", "Медовая")
    assert owned_by_thing(tokens, m)
    tokens, m = _mention("Режу Медовой кончики", "медовой", "Медовая")
    assert owned_by_thing(tokens, m)
    tokens, m = _mention("Режу Медовую", "медовую", "Медовая")
    assert not owned_by_thing(tokens, m)
    tokens, m = _mention("Проверяю оттенок 5.3", "5.3", "5.3", nominative=True)
    assert owned_by_thing(tokens, m)
    tokens, m = _mention("Проверяю игрока 5.3", "5.3", "5.3", nominative=True)
    assert not owned_by_thing(tokens, m)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Люба", "приглашаю на стрижку Таисию к 11:00"),
        ("Люба", "Приглашаю Марфу к 14.30 на чистку лица"),  # a dotted hour
        ("Варя", "лечу Таисию в 12:00, запись на пломбу"),
        ("Гоша", "Режу Марфу в 13:00, у неё стрижка"),
    ],
)
def test_C_2_a_move_booked_for_an_hour_of_the_day_is_asked(sender: str, text: str) -> None:
    assert _read("booking_g", sender, text)[:2] == ("question", IS_IT_A_MOVE)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Люба", "Приглашаю Нину к себе в 23:00", "block", "Нина"),
        ("Варя", "Лечу Таисию в 02:00", "heal", "Таисия"),
        ("Люба", "Днём у меня маникюр до 18:00, а ночью приглашаю Белову", "block", "Белова"),
    ],
)
def test_C_2_an_hour_of_the_night_or_of_another_clause_keeps_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    assert _read("booking_g", sender, text) == ("move", action, [target])


def test_C_2_clock_hour_and_booked_hour() -> None:
    assert clock_hour("15:00,") == 15 and clock_hour("9.30") == 9 and clock_hour("Лику") is None
    tokens = tokenize("приглашаю Лику к 15:00")
    assert booked_hour(tokens, 0) == "15:00"
    assert booked_hour(tokenize("приглашаю Лику к 23:00"), 0) is None
