"""C-2: a slip of a floury phone screen in the sender's own action word — two letters
swapped («лчеу»), a digit for a letter («Пров3ряю»), a neighbouring key («стреляб») — is
read as that action only when every form it is one slip off names one action the sender's
role takes; a past form never wins a tie over the present (batch 15, class M2)."""

from __future__ import annotations

import pytest

from parser.vocab import lookup, role_typo
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        (
            "kitchen",
            "Нонна Витальевна",
            "Хосподи, экран весь в муке. Пров3ряю Бахтиёра",
            "check",
            "Бахтиёр",
        ),
        ("kitchen", "Пышка", "лчеу Кондитре, мука на экарне сорри", "heal", "Кондитер"),
        ("kitchen", "Пышка", "Лчеу Опару", "heal", "Опара"),
        ("kitchen_g", "Сковородка", "стреляб в Кинзу, мука на экране", "kill", "Кинза"),
    ],
)
def test_C_2_a_slip_in_the_role_s_own_action_word_is_that_action(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert got.kind == "move" and (got.action, list(got.targets)) == (action, [target]), got


def test_C_2_a_slip_is_read_only_against_the_role_s_own_actions() -> None:
    assert role_typo("лчеу", frozenset({"heal"})) is not None
    assert role_typo("лчеу", frozenset({"kill", "check"})) is None  # not this role's word
    assert role_typo("лечу", frozenset({"heal"})) is None  # a dictionary word: lookup's
    assert role_typo("п12веряю", frozenset({"check"})) is None  # two digits: no word
    assert role_typo("лчеу", frozenset()) is None


def test_C_2_a_typo_tie_goes_to_the_present_not_the_past() -> None:
    found = lookup("стреляб")
    assert found is not None and found.actions == {"kill"} and not found.past
