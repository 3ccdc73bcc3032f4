"""Latin model codes said in Russian (C-3, issue 17 item 3): with R1, MT-09, MT-10, ZX-10R,
GSX-R750 and CBR600RR in the cast, the Russian names of a code's letters and its number in
words, cardinal or ordinal in any case («эр первого», «эм-тэ девятого», «джи-эс-икс-эр
семьсот пятьдесят»), or its number alone when exactly one code has it («шестисотого»),
fit the code, which the letter's question offers (not yet read as the move); a number two
codes share is asked naming both. A number after a
preposition or before a noun it counts («в десять часов», «на шестисотом километре»), a
small number alone («первого») and a letter's name alone («эм…») name no one. Development
cases: tests/letters/codes_g.jsonl."""

from __future__ import annotations

import pytest

from parser.codes import code_keys, read_code
from tests.letter_kit import read_in_cast

CAST = ("GSX-R750", "R1", "MT-09", "MT-10", "ZX-10R", "CBR600RR", "Урал")


@pytest.mark.parametrize(
    ("words", "taken", "fits"),
    [
        ("эр один", 2, ("R1",)),
        ("эр первого", 2, ("R1",)),
        ("эм-тэ девятого", 2, ("MT-09",)),
        ("шестисотого", 1, ("CBR600RR",)),
        ("шестисот", 1, ("CBR600RR",)),
        ("джи-эс-икс-эр семьсот пятьдесят", 3, ("GSX-R750",)),
        ("семьсот пятидесятого", 2, ("GSX-R750",)),
        ("десятого", 1, ("MT-10", "ZX-10R")),
    ],
)
def test_C_3_a_code_said_by_its_letters_names_and_its_number(
    words: str, taken: int, fits: tuple[str, ...]
) -> None:
    assert read_code(words.split(), None, CAST) == (taken, fits, ())


@pytest.mark.parametrize(
    ("words", "before"),
    [
        ("десять часов", "в"),  # a time
        ("шестисотом километре", "на"),  # a distance
        ("шестьсот рублей", "ставлю"),  # a price before its noun
        ("первого", None),  # a small number alone
        ("эм", None),  # a hesitation
        ("эр", None),  # a letter's name without a number
    ],
)
def test_C_3_a_number_of_a_thing_or_a_letter_alone_names_no_code(
    words: str, before: str | None
) -> None:
    assert read_code(words.split(), before, CAST) is None


def test_C_3_a_name_with_a_number_is_no_code() -> None:
    assert code_keys("Kotik_92") == code_keys("Ira2005") == code_keys("Neo-1") == ()


@pytest.mark.parametrize(
    ("sender", "text", "code"),
    [
        ("Ducati", "Проверяю эр первого", "R1"),
        ("Харлей", "Лечу эм-тэ девятого", "MT-09"),
        ("Иж", "Убиваю шестисотого", "CBR600RR"),
    ],
)
def test_C_3_a_code_said_in_russian_is_offered_in_the_question(
    sender: str, text: str, code: str
) -> None:
    got = read_in_cast("codes_g", sender, text)
    assert got.action is None and got.code == "unknown_nick" and code in got.text, got


def test_C_3_a_number_of_a_distance_is_no_code() -> None:
    got = read_in_cast("codes_g", "Иж", "Убиваю Урала на шестисотом километре")
    assert (got.action, got.targets) == ("kill", ("Урал",)), got


def test_C_3_a_number_two_codes_share_is_asked_naming_both() -> None:
    got = read_in_cast("codes_g", "Иж", "Режу десятого")
    assert got.code == "ambiguous_nick" and "MT-10" in got.text and "ZX-10R" in got.text, got
