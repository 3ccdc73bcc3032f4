"""A visit whose purpose is said by «на» and a thing — a call («зайду к X на чай», «на кофе»,
«на ужин») — proves no strike (C-2, rulings §2; `visit62:10`, once the maniac's kill): it
is asked, as a visit with a purpose of talk said by an infinitive is (reader-62). The
strike stands where the sentence says it («иду к X на чай и убиваю его»), where the visit
is bare, and for the roles whose move the visit itself is (the commissar's «загляну к X на
чай» is his check, P-M.1). Development letters: tests/letters/devsilent.jsonl."""

from __future__ import annotations

import pytest

from parser.letters.actions import social_call
from parser.letters.tokens import tokenize
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Самовар", "Прихожу к Антону на чай."),
        ("Самовар", "Зайду к Антону на чай с пирогами."),
        ("Самовар", "загляну к антону на кофе"),
        ("Самовар", "Иду к Антону на ужин, давно звал."),
    ],
)
def test_C_2_a_strikers_social_call_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("devsilent", sender, text)
    assert got.kind == "question"


@pytest.mark.parametrize(
    ("sender", "text", "action"),
    [
        ("Самовар", "Иду к Антону на чай и убиваю его.", "kill"),  # the strike said
        ("Самовар", "Прихожу к Антону.", "kill"),  # a bare visit
        ("Ольга", "Загляну к Антону на чай.", "check"),  # the commissar's visit
        ("Лев", "Иду к Антону на чай, заодно полечу его.", "heal"),
    ],
)
def test_C_2_the_move_said_beside_a_call_or_a_visiting_role_stands(
    sender: str, text: str, action: str
) -> None:
    got = read_in_cast("devsilent", sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, ("Антон",))


def test_C_2_the_strikes_own_scene_word_after_na_is_no_call() -> None:
    tokens = tokenize("Беру на прицел Антона")
    assert not social_call(tokens, 1)
    assert social_call(tokenize("к Антону на чай"), 2)
