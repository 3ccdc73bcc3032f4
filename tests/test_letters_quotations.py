"""Quotations and book talk (C-2, C-3, issue 17 item 1): text inside quotation marks
(«…», „…“, "…") that a verb of reading opens («Читаю Фламмариона: «…»») or that follows a
colon after a head of the sender's own talk («Из Перельмана: «…»», «Стишок: «…»») is
someone else's words: a player named in it is accounted for as quoted, not left
«unaccounted» (`reported._quotations`, one more kind of the letter's reports of another's
words). An author's surname that is no player — the object of a verb of reading, after
«у»/«из» in the genitive, after «по» in the dative, or the genitive of a noun in a phrase of
place («в книге Куликовского») — is the source cited, no target (`reported._authors`).
A move in quotation marks the writer makes his own («Мой ход: «Проверяю Ориона»»), a bare
colon before words of a move, and an unknown surname as the move's own object stay as
they were read. Development letters: tests/letters/quoted2.jsonl, hobbytalk_g.jsonl."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reading import UNKNOWN_NICK, LetterReading
from tests.letter_kit import read_among

_PLAYERS: dict[str, Any] = {
    "Вега": {"role": "commissar"},
    "Альтаир": {"role": "doctor"},
    "Сириус": {"role": "maniac"},
    "Комета": {"role": "mafia", "clan": "triad", "don": True},
    "Андромеда": {"role": "mafia", "clan": "triad"},
    "Орион": {"role": "civilian"},
    "Кассиопея": {"role": "civilian"},
    "Юпитер": {"role": "civilian"},
    "Венера": {"role": "civilian"},
}


def _read(sender: str, text: str) -> LetterReading:
    return read_among(_PLAYERS, sender, text)


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        (
            "Вега",
            "Читаю Фламмариона: «Венера — утренняя звезда, Юпитер — царь планет». Проверяю Ориона.",
            "check",
            "Орион",
        ),
        ("Альтаир", "Из Перельмана: «Юпитер больше всех планет». Лечу Ориона.", "heal", "Орион"),
        (
            "Вега",
            "Стишок: «Юпитер светит ярко, Венере не жарко». Проверяю Ориона.",
            "check",
            "Орион",
        ),
        ("Вега", "Из Перельмана: „Юпитер — гигант“. Проверяю Ориона.", "check", "Орион"),
        ("Вега", 'Читаю Фламмариона: "Венера ярче всех". Проверяю Ориона.', "check", "Орион"),
        (
            "Вега",
            "В книге Куликовского пишут: «Орион виден зимой». Проверяю Кассиопею.",
            "check",
            "Кассиопея",
        ),
        ("Вега", "Читаю Куликовского, проверяю Ориона.", "check", "Орион"),
        ("Вега", "У Перельмана хорошо про затмения. Проверяю Ориона.", "check", "Орион"),
        ("Вега", "По Куликовскому, туманность видна в бинокль. Проверяю Ориона.", "check", "Орион"),
    ],
)
def test_C_2_a_quotation_or_an_author_cited_is_no_part_of_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вега", "Мой ход: «Проверяю Ориона»", "check", "Орион"),
        ("Альтаир", "Ход: «Лечу Кассиопею»", "heal", "Кассиопея"),
        ("Вега", "Читаю Фламмариона: «Юпитер — царь планет». Проверяю Юпитера.", "check", "Юпитер"),
        ("Вега", "Проверяю «Ориона»", "check", "Орион"),
    ],
)
def test_C_2_a_move_in_quotation_marks_the_writer_makes_his_own_stays_the_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_a_quotation_alone_is_no_move_on_the_player_quoted() -> None:
    assert _read("Вега", "Читаю Фламмариона: «Юпитер — царь планет».").kind != "move"


def test_C_3_an_unknown_surname_as_the_moves_object_stays_asked() -> None:
    got = _read("Вега", "Проверяю Куликовского")
    assert (got.kind, got.code) == ("question", UNKNOWN_NICK)


@pytest.mark.parametrize(
    "text",
    [
        "Стреляю по Шэдоу",  # the move's own «по»: the unknown word is where its player stands
        "Проверяю Ориона, он у Маши в гостях.",  # a given name the dictionary knows
    ],
)
def test_C_3_an_unknown_name_where_a_player_may_stand_is_still_asked(text: str) -> None:
    sender = "Сириус" if text.startswith("Стреляю") else "Вега"
    got = _read(sender, text)
    assert (got.kind, got.code) == ("question", UNKNOWN_NICK)
