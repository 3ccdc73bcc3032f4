"""C-3: nicks across scripts, typos in nicks and English words among Latin-typed Russian
(`tests/letters/scripts.jsonl`, cast `cast_scripts.json`: PEFL turn 2; Ranger the
commissar, Ворона the doctor, Kedr the maniac; Latin nicks that are English words —
Knight, Sunset, Maverick, Hunter, Sorry, Later, Tiger, Cowboy — beside Cyrillic ones; Бурак
and Тимур out).

A Latin nick spelt in Cyrillic is the nick only when the spelling is one of its readings:
its letters, or — the nick being an English word — a pronunciation the English dictionary
holds (`parser.english.sounds_as`); a spelling that only shares its consonants is asked
about, naming the player."""

from __future__ import annotations

import pytest

from parser.english import english_word, sounds_as
from parser.nicks import proven_sound
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("word", "latin"),
    [
        ("найта", "knight"),
        ("лейтера", "later"),
        ("каубоя", "cowboy"),  # the й of «ой» meets the case ending
        ("рейнджера", "ranger"),
        ("сорри", "sorry"),  # a letter doubled in the spelling counts once
        ("оскара", "oscar"),  # the r-coloured vowel as spelt
        ("феникса", "phoenix"),  # a vowel as the letter spelling it
    ],
)
def test_C_3_a_cyrillic_spelling_of_the_english_sound_is_a_reading(word: str, latin: str) -> None:
    assert sounds_as(word, latin)
    assert proven_sound(word, latin)


@pytest.mark.parametrize(
    ("word", "latin"),
    [
        ("кнехта", "knight"),
        ("литера", "later"),
        ("хантира", "hunter"),
        ("хантора", "hunter"),
        ("вортакса", "vortex"),
        ("ранжера", "ranger"),
        ("сэри", "sorry"),
    ],
)
def test_C_3_a_sound_near_an_english_nick_proves_nothing(word: str, latin: str) -> None:
    assert english_word(latin)
    assert not proven_sound(word, latin)


def test_C_3_the_letters_of_a_nick_are_a_reading_whatever_its_sound() -> None:
    assert proven_sound("хунтера", "hunter")
    assert proven_sound("латера", "later")


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Найта", "Knight"),
        ("проверяю Лейтера", "Later"),
        ("Проверяю Хунтера", "Hunter"),
        ("убиваю Каубоя", "Cowboy"),
    ],
)
def test_C_3_a_reading_of_a_latin_nick_is_the_nick(text: str, target: str) -> None:
    sender = "Kedr" if text.startswith("убиваю") else "Ranger"
    got = read_in_cast("scripts", sender, text)
    assert (got.kind, list(got.targets)) == ("move", [target])


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Убиваю Кнехта", "Knight"),
        ("Убиваю Литера", "Later"),
        ("убиваю Хантира", "Hunter"),
        ("убиваю Вортакса", "Vortex7"),
    ],
)
def test_C_3_a_sound_alike_is_asked_naming_the_nick(text: str, nick: str) -> None:
    got = read_in_cast("scripts", "Kedr", text)
    assert (got.kind, got.code) == ("question", "unknown_nick")
    assert nick in got.text


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Лачточку", "Ласточка"),  # с/ч neighbours on ЙЦУКЕН
        ("проверяю Kobta", "Kobra"),  # r/t neighbours on QWERTY
        ("Проверяю Ласточу", "Ласточка"),  # a letter dropped
        ("Проверяю Kobbra", "Kobra"),  # a letter doubled
        ("проверяю Пельмнея", "Пельмень"),  # two letters swapped
        ("Проверяю Ласточточку", "Ласточка"),  # a syllable typed twice
    ],
)
def test_C_3_a_typo_proven_by_its_slip_is_the_nick(text: str, target: str) -> None:
    got = read_in_cast("scripts", "Ranger", text)
    assert (got.kind, list(got.targets)) == ("move", [target])


@pytest.mark.parametrize(
    "text",
    [
        "убиваю Тимор",  # one edit from Тимон and from Тимур, who is out
        "Убиваю Бурам",  # one edit from Буран and from Бурак, who is out
        "Убиваю Лсточк",  # two letters lost: no one slip
    ],
)
def test_C_3_a_typo_near_two_players_or_two_slips_off_is_asked(text: str) -> None:
    got = read_in_cast("scripts", "Kedr", text)
    assert got.kind == "question"


def test_C_3_a_dictionary_word_is_no_typo_of_a_nick() -> None:
    got = read_in_cast("scripts", "Kedr", "убиваю Ворогу")
    assert got.kind == "question"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ranger", "Proveryayu Knight, I guess", "check", "Knight"),
        ("Kedr", "Ubivayu Kobru, I mean it", "kill", "Kobra"),
    ],
)
def test_C_3_english_talk_among_latin_typed_russian_names_nobody(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("scripts", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [("Kedr", "Ubivayu Later", "kill", "Later"), ("Ranger", "Proveryayu Sorry", "check", "Sorry")],
)
def test_C_3_a_nick_that_is_an_english_word_is_read_where_the_verb_points(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast("scripts", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [target])
