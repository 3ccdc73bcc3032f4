"""Batch 23's classes (a fire brigade forum's letters and votes, tests/letters/batch23.md),
each by its shape, never by its phrase: C-3 — a plural of a common noun is no case form of
a one-person nick that equals its singular («гидранты» is no form of Гидрант), in the one
resolver the letter and vote readers share; C-3 — a pronoun points back to the nearest noun
of its gender and number, so a lower-case thing word that equals a nick («с каски … её»)
gives the pronoun no player; P-V.1 — a red whose sentence says he is clean («чист») or owns
the author's error about him in the past («я ошибалась») defends him, no vote."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import NickResolver, plural_of_singular
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("word", "nick", "plural"),
    [
        ("гидранты", "гидрант", True),  # only the plural of the noun
        ("карабины", "карабин", True),
        ("гидранта", "гидрант", False),  # a singular case form
        ("каски", "каска", False),  # the genitive singular shares the spelling
        ("саши", "саша", False),  # a name: the name rules decide
        ("жаровы", "жаров", False),  # a surname's plural names the family
        ("гидрант", "гидрант", False),
    ],
)
def test_C_3_a_plural_is_no_case_form_of_a_singular_nick(
    word: str, nick: str, plural: bool
) -> None:
    assert plural_of_singular(word, nick) is plural


@pytest.mark.parametrize("word", ["гидранты", "Гидранты", "гидрантов"])
def test_C_3_the_shared_resolver_reads_no_player_from_a_plural(word: str) -> None:
    got = NickResolver(["Гидрант", "Найда"]).resolve(word, inflected=True)
    assert got.nick is None


def test_C_3_a_singular_case_form_still_names_the_player() -> None:
    assert NickResolver(["Гидрант", "Найда"]).resolve("Гидранта", inflected=True).nick == (
        "Гидрант"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Диспетчер-01 на связи. Проверяю гидранты на выезде до утра, потом сплю.",
        "Проверяю гидранты.",
    ],
)
def test_C_3_a_plural_common_noun_is_no_check_on_the_word_nick(text: str) -> None:
    assert read_in_cast("fire", "Диспетчер-01", text).kind != "move"


def test_C_3_the_singular_is_still_the_check() -> None:
    got = read_in_cast("fire", "Диспетчер-01", "Проверяю Гидранта.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Гидрант",))


@pytest.mark.parametrize("text", ["сбиваю пламя с каски, лечу её", "сбиваю пламя с каски. лечу её"])
def test_C_3_a_pronoun_after_a_lower_case_thing_word_names_no_player(text: str) -> None:
    got = read_in_cast("fire", "Лиза_03", text)
    assert (got.kind, got.code) == ("question", "pronoun")


def test_C_3_a_pronoun_after_the_nick_written_as_one_is_that_player() -> None:
    got = read_in_cast("fire", "Лиза_03", "Сбиваю пламя с Каски, лечу её.")
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Каска",))


def _vote(body: str) -> PostReading:
    post = post_from_body(1, "Пена", body, 1)
    players = ("Гидрант", "Найда", "Каска", "Пена")
    (reading,) = extract_votes([post], ruleset="pefl", players=players).posts
    return reading


def _red(nick: str) -> str:
    return f'<span style="color:red">{nick}</span>'


@pytest.mark.parametrize(
    "body",
    [
        f"Отбой тревоги, {_red('Гидрант')} чист, я ошибалась.",
        f"{_red('Гидрант')} чист.",
        f"{_red('Найда')} весь день молчала, я ошиблась.",
    ],
)
def test_P_V_1_innocence_said_short_or_an_error_owned_is_no_vote(body: str) -> None:
    got = _vote(body)
    assert got.status != "vote", got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # owning an error in the present is a hedge beside the reason, not a defence
        (f"{_red('Гидрант')} весь день путается, может я ошибаюсь.", "Гидрант"),
        # an error denied: she was right
        (f"{_red('Найда')} путается весь день, я не ошиблась.", "Найда"),
        # «чистый» said of a thing after him, no innocence of his
        (f"{_red('Каска')} путается, чистая ложь весь день.", "Каска"),
    ],
)
def test_P_V_1_near_misses_of_innocence_are_still_the_vote(body: str, target: str) -> None:
    got = _vote(body)
    assert (got.status, got.target) == ("vote", target), got
