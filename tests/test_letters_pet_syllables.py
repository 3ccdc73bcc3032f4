"""Short pet forms of a given name by rule (C-3): a syllable of the name, the consonant that
follows it in the name and «я» (Ва|л|ерия → Валя, Э|л|ьвира → Эля, О|с|ип → Ося), or «я»
before the name's next vowel (Фа|ина → Фая, Та|ира → Тая), read only when it fits exactly
one living player, is no ordinary word and no other player's name or pet form; otherwise
asked, naming the players it fits. Development letters: tests/letters/syllables.jsonl and
the pet-form letters of lecture, lecture_g, nouns, forms_g."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nameforms import syllable_pet
from parser.nicks import NickResolver, pet_match
from parser.sender import cast_state, sender_view

LETTERS = Path(__file__).parent / "letters"


def _read(sender: str, text: str) -> LetterReading:
    cast = json.loads((LETTERS / "cast_syllables.json").read_text(encoding="utf-8"))
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view)


@pytest.mark.parametrize(
    ("form", "name", "fits"),
    [
        ("валя", "валентина", True),
        ("эля", "эльвира", True),
        ("фая", "фаина", True),
        ("геля", "ангелина", True),
        ("ося", "осип", True),
        ("ося", "остап", False),  # the first of a cluster: Ос|тап
        ("люся", "любава", False),  # a consonant her name lacks
        ("леля", "лера", False),
        ("вера", "вероника", False),  # a name of its own
        ("ляля", "лена", False),  # a pet name is no full name others come from
    ],
)
def test_C_3_a_syllable_pet_form_keeps_the_names_own_letters(
    form: str, name: str, fits: bool
) -> None:
    assert syllable_pet(form, name) is fits


@pytest.mark.parametrize(
    ("typed", "players", "nick"),
    [
        ("Фаю", ("Фаина", "Зиновий"), "Фаина"),
        ("Гелю", ("Ангелина", "Юрий"), "Ангелина"),
        ("Эля", ("Эльвира", "Агафья"), "Эльвира"),
        ("Осю", ("Осип", "Осипов"), "Осип"),  # a surname has no pet forms
        ("Люсю", ("Людмила", "Rider"), "Людмила"),
    ],
)
def test_C_3_a_pet_form_of_one_living_player_is_read(
    typed: str, players: tuple[str, ...], nick: str
) -> None:
    m = pet_match(NickResolver(players), typed)
    assert m is not None and m.nick == nick


def test_C_3_a_pet_form_two_players_fit_is_asked_naming_both() -> None:
    m = pet_match(NickResolver(("Элина", "Эльмира", "Таира")), "Элю")
    assert m is not None and m.nick is None and set(m.candidates) == {"Элина", "Эльмира"}
    got = _read("Венедикт", "Проверяю Элю")
    assert got.kind == "question" and "Элина" in got.text and "Эльмира" in got.text


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Ираклий", "убиваю таю"),  # a verb in lower case
        ("Раиса", "Лечу Фею"),  # an ordinary word's accusative
        ("Ираклий", "Режу Иру"),  # a woman's name for a man
        ("Раиса", "Лечу Лелю"),  # a consonant no name here has there
    ],
)
def test_C_3_an_ordinary_word_or_a_form_no_name_gives_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text).kind == "question"


def test_C_3_a_pet_form_the_table_gives_an_absent_name_is_not_read() -> None:
    # «Пашу»: the table's Павел, no one here; Прасковья's name has no «ш»
    m = pet_match(NickResolver(("Прасковья", "Пелагея")), "Пашу")
    assert m is None or m.nick is None


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Венедикт", "Проверяю Таю.", "check", "Таира"),
        ("Венедикт", "проверка: Валю", "check", "Валерия"),  # «валю» is also валить
        ("Раиса", "Лечу Веню", "heal", "Венедикт"),
        ("Ираклий", "Режу Валю. Хотя нет, Таю.", "kill", "Таира"),
    ],
)
def test_C_2_C_3_a_move_on_a_pet_form_is_read(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_a_player_told_of_after_a_correction_is_no_new_choice() -> None:
    # «Ой, Иру я лечил вчера. Тогда Наталью»: the reason for the correction, not a choice
    view = sender_view(
        cast_state(
            {
                "ruleset": "pefl",
                "turn": 2,
                "players": {
                    "Сергей": {"role": "doctor"},
                    "Ирина": {"role": "civilian"},
                    "Наталья": {"role": "civilian"},
                },
            }
        ),
        "Сергей",
    )
    assert view is not None
    got = read_letter("Лечу Иру. Ой, Иру я лечил вчера. Тогда Наталью", view)
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Наталья",))
