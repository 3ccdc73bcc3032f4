"""Russian typed in Latin letters with a verb's soft sign left out or typed as an apostrophe
(C-2, issue 17 item 3): «ubit» reads, every letter typed, as the short participle «убит» (is
killed), and as the infinitive «убить» with the sign dropped. The infinitive is meant where
the participle has no subject and a verb's object follows in the accusative («ubit Petrova»,
«poruchayu Zhanne ubit Viku»); a subject before it or a nominative agreeing with it after it
keeps the participle, a death told («Petrov ubit», «ubit Petrov»). Development letters:
tests/letters/softsign.jsonl, softsign_g.jsonl."""

from __future__ import annotations

import pytest

from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("ubit Petrova", "убить"),
        ("ubit' Petrova", "убить"),  # an apostrophe for the sign: the same context decides
        ("ubit` Gleba", "убить"),
        ("segodnya ubit Gleba", "убить"),
        ("hochu ubit ego", "убить"),  # a pronoun's accusative
        ("izbit Petrova", "избить"),  # P-M.11: the thug's verb alike
        ("Petrov ubit", "убит"),  # a subject before it: a death told
        ("ubit Petrov", "убит"),  # a nominative agreeing with it after it
        ("Zvezda ubita", "убита"),
        ("vchera ubit", "убит"),  # nothing after it: no object
    ],
)
def test_C_2_a_latin_verb_without_its_soft_sign_is_the_infinitive_before_its_object(
    text: str, verb: str
) -> None:
    assert verb in [t.word for t in tokenize(text)]


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target", "executor"),
    [
        ("softsign", "Рустам", "ubit Petrova", "kill", "Петров", None),  # P-M.13
        ("softsign", "Рустам", "ubit' Petrova", "kill", "Петров", None),
        ("softsign", "Марат", "ubit Petrova, ispolnitel Zoya", "kill", "Петров", "Зоя"),  # P-M.8
        ("softsign", "Фарид", "izbit Petrova", "beat", "Петров", None),  # P-M.11
        ("softsign_g", "Айдар", "ubit' Gleba", "kill", "Глеб", None),  # G-M.4
        ("kinobj", "Бенедикт", "poruchayu Zhanne ubit Viku", "kill", "Вика", "Жанна"),
    ],
)  # fmt: skip
def test_C_2_the_latin_infinitive_is_read_as_the_move(
    cast: str, sender: str, text: str, action: str, target: str, executor: str | None
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        action,
        (target,),
        executor,
    )


@pytest.mark.parametrize("text", ["Petrov ubit", "ubit Petrov", "Gleb ubit vchera, zhal"])
def test_C_2_a_death_told_in_latin_is_no_move(text: str) -> None:
    assert read_in_cast("softsign", "Рустам", text).kind != "move"
