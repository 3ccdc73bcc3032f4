"""C-3: a form of a nick names a player only when it agrees with the gender of the
player's name. A case form, a part of a longer nick, a pet form, a transliterated or a
mistyped form that the dictionary reads only as a man's (or only as a woman's) name,
surname or patronymic is no form of a nick of the other gender: it is asked about, never
read for that player. A form of either gender between a man's and a woman's nick is read
for one of them only when the word before it fixes its case. Development cases:
tests/letters/genders.jsonl, tests/votes/dev21/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import (
    AMBIGUOUS_NICK,
    UNKNOWN_NICK,
    NickResolver,
    agrees,
    one_gender,
    pet_match,
)
from parser.sender import cast_state, sender_view

LETTERS = Path(__file__).parent / "letters"


def _read(sender: str, text: str) -> LetterReading:
    cast = json.loads((LETTERS / "cast_genders.json").read_text(encoding="utf-8"))
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("text", "nick", "fits"),
    [
        ("Гордеевой", "Гордеев", False),  # only a woman's form
        ("Гордеевым", "Гордеева", False),  # only a man's form
        ("Валентиной", "Валентин", False),
        ("Александром", "Александра", False),
        ("Витю", "Виталина", False),  # a boy's pet name
        ("Гордееву", "Гордеев", True),  # the man's dative
        ("Гордееву", "Гордеева", True),  # the woman's accusative
        ("Сашу", "Александра", True),  # a pet name of common gender
        ("Валика", "Валентин", True),  # also the genitive of the noun «валик»
        ("Гордеевой", "Анна Гордеева", True),
        ("Гордеевой", "Иван Гордеев", False),  # a surname word of a longer nick
        ("Витю", "Vitalina", False),  # a Latin nick by its Cyrillic spelling
        ("Кота", "Кот", True),  # no name: no gender to disagree
    ],
)
def test_C_3_a_form_agrees_with_the_gender_of_the_players_name(
    text: str, nick: str, fits: bool
) -> None:
    assert agrees(text, nick) is fits


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Гордеевой", "Гордеев"),
        ("Петровым", "Петрова"),
        ("Валентиной", "Валентин"),
        ("Ярославой", "Ярослав"),
        ("Евгенией", "Евгений"),
    ],
)
def test_C_3_a_case_form_of_the_other_gender_is_no_form_of_the_only_fit(
    text: str, nick: str
) -> None:
    resolver = NickResolver((nick, "Зиновий"))
    # neither by the case-form tiers nor by a close spelling
    assert resolver.resolve(text, inflected=True).reason == UNKNOWN_NICK


def test_C_3_a_surname_form_of_the_other_gender_is_no_part_of_a_longer_nick() -> None:
    resolver = NickResolver(("Иван Гордеев", "Зиновий"))
    assert resolver.resolve("Гордеевой", inflected=True).nick is None
    assert NickResolver(("Анна Гордеева", "Зиновий")).resolve("Гордееву", inflected=True).ok


@pytest.mark.parametrize("text", ["Витю", "Витьку", "Vityu"])
def test_C_3_a_boys_pet_name_is_no_pet_form_of_a_womans_name(text: str) -> None:
    m = pet_match(NickResolver(("Виталина", "Зиновий")), text)
    assert m is None or m.nick is None


def test_C_3_a_pet_name_fitting_a_man_and_a_woman_by_letters_stays_asked_naming_both() -> None:
    # the dictionary's gender of a pet form drops a player to a question, never picks one of
    # two: it files «Сашку» as a boy's though Саша is either, so «Витю» names both here
    m = pet_match(NickResolver(("Виталина", "Виталий")), "Витю")
    assert m is not None and m.nick is None and m.reason == AMBIGUOUS_NICK
    assert set(m.candidates) == {"Виталина", "Виталий"}
    sasha = pet_match(NickResolver(("Александра", "Александр")), "Сашку")
    assert sasha is not None and sasha.nick is None and sasha.reason == AMBIGUOUS_NICK


def test_C_3_a_form_of_either_gender_is_settled_only_by_its_case() -> None:
    resolver = NickResolver(("Гордеев", "Гордеева"))
    both = resolver.resolve("Гордееву", inflected=True)
    assert both.reason == AMBIGUOUS_NICK
    assert one_gender(both).reason == AMBIGUOUS_NICK
    assert one_gender(both, "accs").nick == "Гордеева"
    assert one_gender(both, "datv").nick == "Гордеев"


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Тихон", "Убиваю Кондратьеву", "Кондратьева"),  # a verb's object: accusative
        ("Тихон", "Пулю Кондратьеву", "Кондратьев"),  # a thing given: dative
        ("Руслана", "Лечу Владиславу", "Владислава"),
    ],
)
def test_C_3_letters_read_a_gendered_form_for_the_player_it_agrees_with(
    sender: str, text: str, target: str
) -> None:
    got = _read(sender, text)
    assert got.kind == "move" and got.targets == (target,)


@pytest.mark.parametrize(
    ("sender", "text", "code"),
    [
        ("Тихон", "Кондратьеву", "ambiguous_nick"),  # nothing fixes the case
        ("Руслана", "Укол Владиславу", "ambiguous_nick"),  # «укол» may be a nominative label
        ("Тихон", "Убийство Сидоровой", "unknown_nick"),  # a woman's form, a man seated
        ("Тихон", "Убиваю Калининым", "unknown_nick"),  # a man's form, a woman seated
        ("Сидоров", "Проверяю Святославом", "unknown_nick"),
    ],
)
def test_C_3_letters_ask_about_a_form_of_the_other_gender(
    sender: str, text: str, code: str
) -> None:
    got = _read(sender, text)
    assert got.kind == "question" and got.code == code
