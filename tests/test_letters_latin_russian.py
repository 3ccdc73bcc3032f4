"""C-2: Russian typed in Latin letters is read as the Russian it spells by every stage of
the letter reader, not only its action word: a negation («ne»), the wish «by», a modal or
future («ne budu ubivat'»), a put-off («zavtra») and a condition say of a Latin-typed move
what they say of one in Cyrillic. Nicks are still matched as typed, and a plain move typed
in Latin stays a move (`parser.letters.tokens.russian_in_latin`)."""

from __future__ import annotations

import pytest

from parser.letters.tokens import russian_in_latin, tokenize
from parser.letters.words import TRANSLIT_CONFIDENCE
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Бензопила", "ne ubivayu Uroven"),  # negation
        ("Бензопила", "Ne ubivayu Urovnya, pust' zhivet"),
        ("Бензопила", "ubivayu by Uroven"),  # «бы»: a wish, not a move
        ("Бензопила", "ne budu ubivat' Uroven"),  # a modal future, negated
    ],
)
def test_C_2_latin_typed_words_around_the_action_word_keep_it_from_moving(
    sender: str, text: str
) -> None:
    got = read_in_cast("build_g", sender, text)
    assert got.kind != "move", got


@pytest.mark.parametrize(
    ("sender", "text", "cyrillic"),
    [
        ("Бензопила", "zavtra ubivayu Uroven", "завтра убиваю Уровень"),
        ("Бензопила", "ubivayu Uroven zavtra", "убиваю Уровень завтра"),
        ("Рулетка", "Uroven zavtra proveryu", "Уровень завтра проверю"),
        ("Рулетка", "proveryu Urovnya zavtra", "проверю Уровня завтра"),
    ],
)
def test_C_2_a_move_put_off_in_latin_letters_is_read_as_in_cyrillic(
    sender: str, text: str, cyrillic: str
) -> None:
    """«zavtra» puts the move off to the next night: no move tonight and nothing to ask,
    as the same letter typed in Cyrillic."""
    got = read_in_cast("build_g", sender, text)
    assert got.kind == "none", got
    assert read_in_cast("build_g", sender, cyrillic).kind == "none"


@pytest.mark.parametrize(
    ("cast", "sender", "text", "target"),
    [
        ("build_g", "Бензопила", "ubivayu Uroven", "Уровень"),
        ("build_g", "Рулетка", "proveryayu Urovnya", "Уровень"),
        ("kitchen", "Нонна Витальевна", "Proveryayu Muskata", "Мускат"),
        # «k sebe»: the sender's own place, read as «к себе» is, no second target
        ("theatre_g", "Милана", "Priglashayu k sebe Glashu", "Глафира"),
    ],
)
def test_C_2_a_plain_move_typed_in_latin_stays_a_move(
    cast: str, sender: str, text: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "move" and got.targets == (target,), got
    # the move is as sure as the spelling it was read through
    assert got.confidence <= TRANSLIT_CONFIDENCE, got


def test_C_2_a_latin_typed_russian_word_is_read_in_cyrillic_and_its_raw_kept() -> None:
    tokens = tokenize("ne budu ubivat' Uroven by zavtra, k Lebedevu")
    assert [t.word for t in tokens] == [
        "не", "буду", "убивать", "уровень", "бы", "завтра", "к", "лебедеву",
    ]  # fmt: skip
    assert tokens[3].raw == "Uroven"


@pytest.mark.parametrize("word", ["kill", "check", "not", "will", "i", "a", "xyzzy", "не"])
def test_C_2_english_words_and_unknown_ones_are_not_read_as_russian(word: str) -> None:
    assert russian_in_latin(word) is None
