"""A correction inside one letter, in any script (C-2, issue 17 items 1, 3): after «хотя
нет», «а впрочем нет лучше», «или нет, стоп», «ой» the move goes to the player named after
it, and a player corrected away and then named again as left to others («Урала пусть
другие», «а Урала оставлю другим») is no new choice. «Пусть» before a word of other people
lets them do something and corrects nothing; «нет» before a common noun in the genitive
(«нет смысла ждать») says that something is not there, and takes nothing back. A
Latin-typed «pust» is the particle «пусть» (the soft sign left out), not the short adjective
«пуст», unless a subject stands right before it. Development cases:
tests/letters/correct3.jsonl, correct3_g.jsonl."""

from __future__ import annotations

import pytest

from parser.letters.corrections import existential_no
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("correct3", "Байкал", "Убиваю Урала, хотя нет, давай Минска, Урала пусть другие",
         "kill", "Минск"),
        ("correct3_g", "Амур", "Убиваем Урала, хотя нет, давай Минск, а Урала оставлю другим",
         "kill", "Минск"),
        ("correct3_g", "Амур", "ubivaem urala hotya net davai minsk urala pust drugie",
         "kill", "Минск"),
        ("correct3", "Енисей", "Проверяю Каму, хотя нет — Днепра, Каму проверю завтра",
         "check", "Днепр"),
    ],
)  # fmt: skip
def test_C_2_the_player_corrected_away_and_left_to_others_is_no_new_choice(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.action, got.targets) == (action, (target,))


def test_C_2_a_player_left_to_others_without_a_correction_is_no_second_target() -> None:
    got = read_in_cast("correct3", "Байкал", "Убиваю Урала, Минска пусть другие")
    assert (got.action, got.targets) == ("kill", ("Урал",))


def test_C_2_let_others_think_is_no_correction_even_without_a_comma() -> None:
    # «пусть другие думают что это Минск»: a joke about who did it, not the new target
    got = read_in_cast("correct3_g", "Амур", "Убиваем Урала, пусть другие думают что это Минск")
    assert (got.action, got.targets) == ("kill", ("Урал",))


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("correct3", "Енисей", "Проверяю Каму, нет смысла ждать", "check", "Кама"),
        ("correct3", "Енисей", "proveryayu Kamu net smysla zhdat", "check", "Кама"),
        ("correct3", "Нева", "лечу Оку, нет ничего важнее", "heal", "Ока"),
        # a nick after «нет» is still the correction
        ("correct3", "Енисей", "Проверяю Каму, нет Днепра", "check", "Днепр"),
        ("correct3", "Енисей", "proveryayu kamu net dnepra", "check", "Днепр"),
    ],
)
def test_C_2_no_before_a_common_genitive_takes_nothing_back(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.action, got.targets) == (action, (target,))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("urala pust drugie", "пусть"),
        ("pust budet Minsk", "пусть"),
        ("dom pust", "пуст"),  # a subject right before it: the short adjective
    ],
)
def test_C_2_a_latin_pust_is_the_particle_unless_its_subject_stands_before_it(
    text: str, word: str
) -> None:
    read = {t.raw: t.word for t in tokenize(text)}
    assert read["pust"] == word


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("проверяю каму, нет смысла ждать", True),
        ("лечу оку, нет ничего важнее", True),
        ("проверяю каму, нет кота", False),  # the accusative's form too: may be a player
        ("проверяю каму, нет его", False),
        ("проверяю каму, нет, смысла нет", False),  # «нет» closing its clause
    ],
)
def test_C_2_no_of_something_not_there_is_told_by_a_genitive_only_form(
    text: str, said: bool
) -> None:
    tokens = tokenize(text)
    k = next(n for n, t in enumerate(tokens) if t.word == "нет")
    assert existential_no(tokens, k) is said
