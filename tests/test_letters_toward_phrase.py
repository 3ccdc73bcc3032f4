"""The verb that governs «к X» is found by the sentence's structure, across whatever stands
between (C-2, rulings §2; reader-66 read only adverbs, particles, pronouns and a phrase of
time there): a whole prepositional phrase — a preposition with its noun group — or a
phrase in the instrumental. A verb outside the game's vocabulary so found
(«Пристаю с расспросами к X», «Обращаюсь по важному делу к X») proves no strike; a verb of
going so found («Приезжаю на машине к X», «Подплыву на лодке к X») is the visit the ruling
reads as the move of a role whose one action on a player it can only be. A noun group no
preposition takes (the verb's own object, «Несу торт к X») ends the search. Development
letters: tests/letters/devsilent.jsonl."""

from __future__ import annotations

import pytest

from parser.letters.actions import going_toward, governing_toward, verb_toward
from parser.letters.mentions import Mention
from parser.letters.tokens import Token, tokenize
from tests.letter_kit import read_in_cast


def _toward(text: str) -> tuple[list[Token], Mention]:
    tokens = tokenize(text)
    i = next(k for k, t in enumerate(tokens) if t.word == "антону")
    return list(tokens), Mention(i, i + 1, "Антону", "nick", "Антон", 1.0)


@pytest.mark.parametrize(
    "text",
    [
        "Пристаю с расспросами к Антону.",
        "Обращаюсь по важному делу к Антону.",
        "Прицеплюсь с утра к Антону.",
        "Присматриваюсь с интересом к Антону.",
        "Присматриваюсь этой ночью к Антону.",
    ],
)
def test_C_2_an_outside_verb_governs_k_x_across_a_phrase(text: str) -> None:
    tokens, m = _toward(text)
    assert verb_toward(tokens, m) == 0


@pytest.mark.parametrize(
    "text",
    [
        "Приезжаю на машине к Антону.",
        "Подкрадываюсь в темноте к Антону.",
        "Подплыву на лодке к Антону и утоплю его.",
        "Подкрадусь тихонько ночью к Антону.",
    ],
)
def test_C_2_a_verb_of_going_governs_k_x_across_a_phrase(text: str) -> None:
    tokens, m = _toward(text)
    assert going_toward(tokens, m)
    assert verb_toward(tokens, m) is None


@pytest.mark.parametrize(
    "text",
    ["Несу торт к Антону", "Приезжал на машине к Антону", "Присматриваюсь весь вечер к Антону"],
)
def test_C_2_an_object_or_a_past_visit_is_no_going_toward_him(text: str) -> None:
    tokens, m = _toward(text)
    assert not going_toward(tokens, m)
    if text.startswith("Несу"):
        assert governing_toward(tokens, m) is None


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Самовар", "Приезжаю на машине к Антону."),
        ("Ястреб", "Подплыву на лодке к Антону и утоплю его."),
    ],
)
def test_C_2_a_visit_by_a_verb_of_going_with_a_phrase_between_is_the_strike(
    sender: str, text: str
) -> None:
    got = read_in_cast("devsilent", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Антон",))


@pytest.mark.parametrize(
    "text",
    [
        "Пристаю с расспросами к Антону.",
        "Обращаюсь по важному делу к Антону.",
        "Приеду на машине к Антону на чай.",
    ],
)
def test_C_2_an_outside_verb_or_a_call_with_a_phrase_between_is_asked(text: str) -> None:
    got = read_in_cast("devsilent", "Самовар", text)
    assert got.kind == "question"
