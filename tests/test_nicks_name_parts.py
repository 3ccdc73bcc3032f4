"""C-3: one word of a longer nick names the player by a part of the nick, so every other player
that word can name is weighed beside him — a player whose nick is a pet form of that name, a
Latin handle the word spells a part of — and a word that names a second person of the nick
(«…_и_Мирон», «Мама_Тимоши») is not the player (tests/votes/dev19/, tests/votes/README.md)."""

from __future__ import annotations

import pytest

from parser.nicks import (
    AMBIGUOUS_NICK,
    NickResolver,
    nick_genders,
    own_words,
    possessive_match,
    trimmed_key,
)
from parser.votes.names import resolve_nick

CAST = [
    "Мама_Тимоши",
    "Папа_Тимоши",
    "Ксю_и_Мирон",
    "Лена_и_Сонечка",
    "Ленусик",
    "Papa_Dima",
    "Настюша",
    "Настя_и_Вика",
    "Бабушка Галя",
    "Мамочка_Даши",
    "Юла",
]


def _read(text: str, cast: list[str] = CAST) -> tuple[str | None, str | None, tuple[str, ...]]:
    m = resolve_nick(NickResolver(cast), text, "as_moves")
    return m.nick, m.reason, tuple(sorted(m.candidates))


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("Лены", ("Ленусик", "Лена_и_Сонечка")),
        ("Лену", ("Ленусик", "Лена_и_Сонечка")),
        ("Настю", ("Настюша", "Настя_и_Вика")),
    ],
)
def test_C_3_a_name_in_a_nick_shared_with_a_pet_form_nick_is_ambiguous(
    text: str, both: tuple[str, ...]
) -> None:
    # Ленусик is a pet form of Лена: «Лену» may be her as well as Лена_и_Сонечка
    assert _read(text) == (None, AMBIGUOUS_NICK, tuple(sorted(both)))


def test_C_3_a_word_spelling_a_latin_handles_part_is_a_candidate_too() -> None:
    # «папы» is a word of Папа_Тимоши and, spelt in Latin, a part of Papa_Dima
    assert _read("папы") == (None, AMBIGUOUS_NICK, ("Papa_Dima", "Папа_Тимоши"))


def test_C_3_near_misses_of_a_shared_name_still_count() -> None:
    # the nicks' own forms are theirs alone
    assert _read("Ленусика")[0] == "Ленусик"
    assert _read("Настюшу")[0] == "Настюша"
    assert _read("Лену_и_Сонечку")[0] == "Лена_и_Сонечка"
    # the writer's own name first in «X_и_Y» is still the player
    assert _read("Ксю")[0] == "Ксю_и_Мирон"
    # with no pet-form nick and no handle beside it, a word of a nick is read as before
    assert _read("Лену", ["Лена_и_Сонечка", "Юла"])[0] == "Лена_и_Сонечка"
    assert _read("папы", ["Папа_Тимоши", "Юла"])[0] == "Папа_Тимоши"
    assert _read("Димы")[0] == "Papa_Dima"


@pytest.mark.parametrize("text", ["Мирона", "Сонечки", "Вику", "Тимошу", "Тимоши", "Дашу"])
def test_C_3_the_second_person_of_a_nick_is_not_the_player(text: str) -> None:
    # a child's name in a mother's nick names the child: no player is read
    nick, _reason, _candidates = _read(text)
    assert nick is None


def test_C_3_the_nick_whole_in_a_case_form_still_names_the_player() -> None:
    assert _read("Маму Тимоши")[0] == "Мама_Тимоши"
    assert _read("Папы Тимоши")[0] == "Папа_Тимоши"
    assert _read("Мамочку Даши")[0] == "Мамочка_Даши"
    assert _read("Ксю и Мирона")[0] == "Ксю_и_Мирон"


def test_C_3_own_words_of_a_nick() -> None:
    def words(nick: str) -> tuple[str, ...]:
        return own_words(trimmed_key(nick))

    assert words("Ксю_и_Мирон") == ("ксю",)
    assert words("Мама_Тимоши") == ("мама",)
    # a name in the nominative beside a word is the player's own name
    assert words("Бабушка Галя") == ("бабушка", "галя")
    assert words("Ирина Витальевна") == ("ирина", "витальевна")
    assert words("Граф Монте-Кристо") == ("граф", "монте", "кристо")


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Тимошиного папы", "Папа_Тимоши"),
        ("Тимошину маму", "Мама_Тимоши"),
        ("мамы Тимошиной", "Мама_Тимоши"),
        ("Дашину маму", "Мамочка_Даши"),
    ],
)
def test_C_3_a_nick_said_with_its_name_as_a_possessive_names_the_player(
    text: str, nick: str
) -> None:
    # «Тимошиного папы» is Папа_Тимоши in other words (the name as a possessive adjective)
    assert _read(text)[0] == nick


def test_C_3_a_possessive_that_names_no_nick_names_nobody() -> None:
    assert possessive_match(NickResolver(CAST), "Машиного папы") is None
    assert possessive_match(NickResolver(CAST), "Тимошиных родителей") is None


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        # a Latin name with the soft sign its Latin spelling leaves out: Olga is Ольга
        ("Олечки", "Olga1989"),
        ("ОЛЕЧКЕ", "Olga1989"),
        ("Олю", "Olga1989"),
        # the pet name in a nick of several parts, its own word (not the child's)
        ("Ксюши", "Ксю_и_Мирон"),
        ("Ксюшу", "Ксю_и_Мирон"),
        # two pet forms of one name: Машенька and Машуня are Мария's
        ("Машеньку", "Машуня"),
    ],
)
def test_C_3_pet_forms_of_the_name_inside_a_nick(text: str, nick: str) -> None:
    cast = [*CAST, "Olga1989", "Машуня", "Пупсик"]
    assert _read(text, cast)[0] == nick


def test_C_3_near_misses_of_pet_forms_inside_a_nick() -> None:
    cast = [*CAST, "Olga1989", "Машуня", "Пупсик"]
    # the full name of a pet-form nick may be someone else's: asked, with the guess
    assert _read("Галину", cast)[:2] == (None, "unknown_nick")
    # a word that is no pet form of the name: «Машинку» (a toy)
    assert _read("Машинку", cast)[0] is None
    # the child's pet name is not the mother's: «Мирончика»
    assert _read("Мирончика", cast)[0] is None


def test_C_3_a_nicks_gender_is_its_own_words_not_the_second_persons() -> None:
    # Ксю_и_Мирон is a mother's nick: her son's name gives it no man's gender, so a woman's
    # pet form of her own name («Ксюши») agrees with it
    assert nick_genders("Ксю_и_Мирон") == frozenset()
    assert nick_genders("Лена_и_Сонечка") == frozenset({"femn"})
    assert _read("Ксюши", [*CAST, "Пупсик"])[0] == "Ксю_и_Мирон"
