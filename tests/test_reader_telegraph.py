"""C-2, C-3, M1 (batch 25): a letter typed as a telegram.

The telegraph spelt its marks as words: «ТЧК» the full stop, «ЗПТ» the comma, «ВСКЛ» the
exclamation mark, «КВК» the quotes. Standing alone as words, in any case or typed in Latin
letters, they are read as the marks (`parser.letters.spoken.telegraph_marks`): they end the
sentence or the clause and never join a nick. A word that is a living player's nick stays
the nick (the cast wins). A cancelling word said alone in its clause («X ЗПТ ОТСТАВИТЬ ЗПТ
Y», «X, отставить, Y») takes back X as «нет» does, and a letter all in capitals is read
without regard to its case (`uncapped`: «ТОРМОЗА» is the trade's thing, not a nick). Casts:
`cast_telegraph.json` (PEFL turn 2; Почтальон the commissar, Морзе the doctor, Ямщик the
maniac, Посылка a Don with Штемпель her member) and `cast_telegraph_nick.json` (the same
with a living player Тчк)."""

from __future__ import annotations

import pytest

from parser.letters.spoken import telegraph_marks, uncapped
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Почтальон", "ПРОВЕРЯЮ МАРКУ ТЧК", "check", "Марка"),  # P-M.1
        ("Почтальон", "проверка тчк адресат тчк", "check", "Адресат"),
        ("Почтальон", "ПРОВЕРЯЮ ПОЧТУ РОССИИ ТЧК КОНЕЦ", "check", "Почта России"),
        ("Морзе", "ЛЕЧУ ЯМЩИКА ВСКЛ", "heal", "Ямщик"),  # P-M.5
        ("Почтальон", "ПРОВЕРЯЮ КВК МАРКУ КВК ТЧК", "check", "Марка"),
        ("Почтальон", "PROVERYAYU MARKU TCHK", "check", "Марка"),
    ],
)
def test_C_2_M1_a_telegraph_mark_word_ends_the_sentence_and_joins_no_nick(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("telegraph", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])


def test_P_M_8_the_executor_after_a_telegraph_comma() -> None:
    got = read_in_cast("telegraph", "Посылка", "УБИВАЕМ МАРКУ ЗПТ ИСПОЛНИТЕЛЬ ШТЕМПЕЛЬ ТЧК")
    assert (got.kind, got.action, list(got.targets), got.executor) == (
        "move",
        "kill",
        ["Марка"],
        "Штемпель",
    )


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Тчк.", "Тчк"),
        ("проверяю тчк", "Тчк"),
        ("ПРОВЕРЯЮ АДРЕСАТА ЗПТ НЕ МАРКУ", "Адресат"),  # the other marks are still marks
    ],
)
def test_C_3_M1_a_living_nick_spelt_like_a_mark_stays_the_nick(text: str, target: str) -> None:
    got = read_in_cast("telegraph_nick", "Почтальон", text)
    assert (got.kind, got.action, list(got.targets)) == ("move", "check", [target])


def test_C_3_M1_with_a_living_Tchk_the_word_names_him_and_two_players_are_asked() -> None:
    assert read_in_cast("telegraph_nick", "Почтальон", "ПРОВЕРЯЮ МАРКУ ТЧК").kind == "question"


def test_C_2_M1_telegraph_marks_spells_the_marks_and_leaves_a_word_containing_them() -> None:
    assert telegraph_marks("ПРОВЕРЯЮ КВК МАРКУ КВК ТЧК") == "ПРОВЕРЯЮ  «МАРКУ»."
    assert telegraph_marks("Проверяю Тчкалова вскл") == "Проверяю Тчкалова!"
    assert telegraph_marks("Проверяю Тчк.", ["Тчк"]) == "Проверяю Тчк."


@pytest.mark.parametrize(
    "text",
    [
        "ПРОВЕРЯЮ МАРКУ ЗПТ ОТСТАВИТЬ ЗПТ АДРЕСАТА ТЧК",
        "Проверяю Марку, отставить, Адресата.",
        "проверяю марку отмена проверяю адресата",
    ],
)
def test_C_2_M1_a_cancelling_word_alone_in_its_clause_takes_back_the_player_before_it(
    text: str,
) -> None:
    got = read_in_cast("telegraph", "Почтальон", text)
    assert (got.kind, got.action, list(got.targets)) == ("move", "check", ["Адресат"])


def test_C_2_a_cancelling_word_with_no_player_after_it_still_cancels() -> None:
    got = read_in_cast("telegraph", "Почтальон", "Проверяю Марку. Отставить!")
    assert got.kind == "question"


def test_C_2_a_letter_all_in_capitals_is_read_without_regard_to_case() -> None:
    assert uncapped("ПРОВЕРЯЮ ТОРМОЗА У ГУДКОВОЙ.") == "проверяю тормоза у гудковой."
    assert uncapped("Проверяю ТОРМОЗА") == "Проверяю ТОРМОЗА"
    assert uncapped("ОК") == "ОК"
    # the trade's phrase «проверяю тормоза у X» is asked, as in lower case (rail:8)
    got = read_in_cast("rail", "Ерёма", "ПРОВЕРЯЮ ТОРМОЗА У ГУДКОВОЙ ТЧК ПОСЛЕ РЕЙСА ДОБАВЛЮ ТЧК")
    assert got.kind == "question"
