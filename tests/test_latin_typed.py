"""C-2, C-3: Russian typed in Latin letters by any scheme, by ear and with digits, read back by
one table of letter correspondences (`parser.latin.TYPED_LETTERS`): walked against the
dictionary for the letter's words (`parser.letters.tokens.russian_in_latin`) and against
the cast's Cyrillic nicks (`parser.nicks.NickResolver`, its `translit` tier). The cheapest
reading is kept only when no other is as cheap: a word two schemes read as two words or two
players is not proven, and its letter is asked. Cast: `cast_typed.json` (PEFL turn 2;
Тимур the commissar, Вера the doctor, Rex the maniac; Вилка and Шилка, Цезарь, Чук, Эльза
civilians)."""

from __future__ import annotations

import pytest

from parser.latin import dictionary_readings, unique_reading
from parser.letters.tokens import russian_in_latin
from parser.nicks import NickResolver
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("letchu", "лечу"),  # «tch» for ч
        ("le4u", "лечу"),  # a digit for ч
        ("u6ivaju", "убиваю"),  # a digit for б
        ("ubivau", "убиваю"),  # by ear: «u» for ю
        ("proveriau", "проверяю"),  # by ear: «ia» for я
        ("prover9u", "проверяю"),  # a digit for я
        ("proverяю", "проверяю"),  # Cyrillic letters among the Latin ones
        ("ispolnitel", "исполнитель"),  # the soft sign left out
    ],
)
def test_C_2_a_word_typed_by_any_scheme_reads_as_its_one_russian_word(
    typed: str, word: str
) -> None:
    assert russian_in_latin(typed) == word


@pytest.mark.parametrize("typed", ["zachekinu", "xd", "neubivaju"])
def test_C_2_a_word_with_no_russian_reading_stays_unread(typed: str) -> None:
    """«zachekinu» is no word; «xd» an emoticon; «neubivaju» two words glued."""
    assert russian_in_latin(typed) is None


def test_C_2_two_equally_cheap_readings_leave_a_word_unread() -> None:
    """«moi» is мои and мой alike by the table: neither is its one reading."""
    assert {r for r, _ in dictionary_readings("moi")} >= {"мои", "мой"}
    assert unique_reading(dictionary_readings("moi")) is None
    assert unique_reading(dictionary_readings("ubivau")) == "убиваю"


def test_C_3_a_latin_word_two_schemes_read_as_two_nicks_names_both() -> None:
    """«w» is в in the Polish habit and ш in the chat one: «Wilku» is Вилку or Шилку."""
    resolver = NickResolver(["Вилка", "Шилка", "Тимур"])
    match = resolver.resolve("Wilku")
    assert match.nick is None and set(match.candidates) == {"Вилка", "Шилка"}
    assert resolver.resolve("Vilku").nick == "Вилка"
    assert resolver.resolve("Shilku").nick == "Шилка"


@pytest.mark.parametrize(
    ("typed", "nick"), [("4uka", "Чук"), ("Tzezarja", "Цезарь"), ("Wukina", "Щукин")]
)
def test_C_3_a_cyrillic_nick_typed_in_latin_by_any_scheme(typed: str, nick: str) -> None:
    assert NickResolver(["Чук", "Цезарь", "Щукин", "Вера"]).resolve(typed).nick == nick


def test_C_3_a_letter_naming_a_nick_two_schemes_read_alike_is_asked() -> None:
    got = read_in_cast("typed", "Тимур", "proverjaju Wilku")
    assert got.kind == "question" and got.code == "ambiguous_nick"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вера", "letchu Timura", "heal", "Тимур"),
        ("Rex", "ubivau Tzezarja", "kill", "Цезарь"),
        ("Rex", "ubivaju 4uka", "kill", "Чук"),
        ("Rex", "kill Lucky", "kill", "Lucky"),  # an English move word, kept
        ("Тимур", "check Fokus", "check", "Фокус"),
    ],
)
def test_C_2_latin_typed_moves(sender: str, text: str, action: str, target: str) -> None:
    got = read_in_cast("typed", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])
