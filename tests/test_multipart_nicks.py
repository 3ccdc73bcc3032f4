"""C-3: nicks of several parts in their case forms and cut short (`tests/letters/multipart.jsonl`,
cast `cast_multipart.json`: PEFL turn 2; Лоцман the commissar, Штурман the doctor; Рыба-Пила,
Неон-Тетра, Старый Сом, Старая Щука, Король Ночи, Кот Бегемот, Pro100Лещ, Гуппи_Love,
Mr.Шуруп, 105 among the living; Белый Кит and Рак-Отшельник out).

A written form is a player's only when it is a case form of his nick's parts as Russian
declines them: the parts the sender declined share one case, a part left as the nick has it
says nothing; one word of the nick beside a word that makes it another name is asked."""

from __future__ import annotations

import pytest

from parser.nicks import NickResolver, fit_kind, longer_name, number_forms, parts_agree
from parser.votes.names import _phrase_nick
from tests.letter_kit import read_in_cast

CAST = (
    "Рыба-Пила", "Неон-Тетра", "Старый Сом", "Старая Щука", "Король Ночи", "Кот Бегемот",
    "Pro100Лещ", "Гуппи_Love", "Mr.Шуруп", "105", "Лоцман",
)  # fmt: skip


@pytest.fixture(scope="module")
def resolver() -> NickResolver:
    return NickResolver(CAST)


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Рыбу-Пилу", "Рыба-Пила"),  # a hyphen parts a compound nick: both parts declined
        ("Рыбой-Пилой", "Рыба-Пила"),
        ("Неон-Тетру", "Неон-Тетра"),  # only the last part declined
        ("Неона-Тетру", "Неон-Тетра"),  # a person's accusative is his genitive
        ("Старого Сома", "Старый Сом"),
        ("Старой Щуке", "Старая Щука"),
        ("Короля Ночи", "Король Ночи"),
        ("Про100Леща", "Pro100Лещ"),  # a mixed handle spelt word by word in its scripts
        ("Гуппи Лав", "Гуппи_Love"),  # the Latin word by its English sound
        ("сто пятого", "105"),  # a nick of digits in number words
        ("сто пять", "105"),
        ("ста пяти", "105"),
        ("105-го", "105"),
    ],
)
def test_C_3_a_case_form_of_every_part_is_the_player(
    resolver: NickResolver, text: str, nick: str
) -> None:
    assert resolver.resolve(text, inflected=True, fuzzy=False).nick == nick


@pytest.mark.parametrize(
    "text",
    ["Рыбу-Пилой", "Старого Сому", "Неоно-Тетру", "Пилу-Рыбу", "сто шестого", "пятого"],
)
def test_C_3_parts_in_two_cases_or_no_form_name_nobody(resolver: NickResolver, text: str) -> None:
    assert resolver.resolve(text, inflected=True, fuzzy=False).nick is None


def test_C_3_parts_agree_by_case() -> None:
    assert parts_agree(["старого", "сома"], ["старый", "сом"])
    assert parts_agree(["неон", "тетру"], ["неон", "тетра"])
    assert not parts_agree(["старого", "сому"], ["старый", "сом"])
    assert not parts_agree(["рыбу", "пилой"], ["рыба", "пила"])


def test_C_3_number_words_of_a_digit_nick() -> None:
    forms = number_forms("105")
    assert {"сто пять", "сто пятый", "сто пятого", "сто пятому", "сто пятую"} <= forms
    assert "пятого" not in forms
    assert not number_forms("123456")  # no nick says a number that long aloud


def test_C_3_another_number_on_a_handle_is_a_loose_fit() -> None:
    assert fit_kind("Pro200Лещ", "Pro100Лещ", CAST) == "near"
    assert fit_kind("Pro100Лещ", "Pro100Лещ", CAST) == "exact"


@pytest.mark.parametrize(
    ("word", "beside", "nick", "expected"),
    [
        ("короля", "ночного", "Король Ночи", True),  # an adjective agreeing: another name
        ("сома", "старого", "Старый Сом", False),  # «Старого Сома»: the nick itself
        ("старого", "сома", "Старый Сом", True),  # «Сома Старого»: out of its order
        ("сому", "старого", "Старый Сом", True),  # «Старого Сому»: in two cases
        ("сома", "нашего", "Старый Сом", False),  # a pronoun adjective is no word of a name
        ("сома", "второго", "Старый Сом", False),  # nor is an ordinal
    ],
)
def test_C_3_a_longer_name_beside_one_word_of_a_nick(
    word: str, beside: str, nick: str, expected: bool
) -> None:
    assert longer_name(word, beside, nick, after=False) is expected


@pytest.mark.parametrize(
    ("text", "action", "nick"),
    [
        ("Проверяю Рыбу-Пилу", "check", "Рыба-Пила"),
        ("Proveryayu Starogo Soma", "check", "Старый Сом"),
        ("Proveryayu Rybu-Pilu", "check", "Рыба-Пила"),
        ("Проверяю Леща", "check", "Pro100Лещ"),  # the handle's Cyrillic word alone
        ("Даю защиту сто пятому", "heal", "105"),
    ],
)
def test_C_3_letters_read_a_multi_part_nick_in_its_forms(text: str, action: str, nick: str) -> None:
    sender = "Штурман" if action == "heal" else "Лоцман"
    got = read_in_cast("multipart", sender, text)
    assert (got.kind, got.action, list(got.targets)) == ("move", action, [nick])


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Сома Старого",
        "Проверяю Старого доброго Сома",
        "Проверяю Ночного Короля",
        "Проверяю Старого Сому",
        "Проверяю Старого Кота",
        "Proveryayu Rybu-Piloy",
        "Проверяю Pro200Лещ",
    ],
)
def test_C_3_letters_ask_a_name_no_nick_is(text: str) -> None:
    assert read_in_cast("multipart", "Лоцман", text).kind == "question"


def test_C_3_a_coloured_phrase_naming_another_name_is_no_vote(resolver: NickResolver) -> None:
    read = _phrase_nick(resolver, "против Короля Ночи")
    assert read is not None and read.nick == "Король Ночи"
    for text in ("против Короля Дня", "против Сома Старого", "против Ночного Короля"):
        other = _phrase_nick(resolver, text)
        assert other is not None and other.nick is None, text


def test_C_3_a_handle_spelt_whole_in_the_other_script_is_no_shared_short_form() -> None:
    got = read_in_cast("club", "Oni.Kuro", "Цель — Усаги. Исполняет Неко-сама.")
    assert (got.kind, got.executor) == ("move", "Neko_Sama")
