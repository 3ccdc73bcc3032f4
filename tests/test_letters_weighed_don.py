"""A Don election naming two players under «или» with neither chosen after (C-3, P-M.8,
P-S.2): the sender has not made the choice, so the host asks naming both — never the one
of them the clan's rules let stand (`knit:62`: «Дон Клюквина или Клюкина, не помню» was
Клюквина's election because Клюкина is no clan member). A choice made after the pair, a
contrast («а не»), or «или» with no second player is read as before. Development letters:
tests/letters/devsilent.jsonl (turn 0)."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    "text",
    [
        "Дон Клюквина или Зайцев, не помню, кто из них.",  # a civilian beside a clan member
        "Дон — Клюквина или Куница, пока не решила.",  # two clan members
        "дон клюквина или куница не помню кто из них старше",
    ],
)
def test_C_3_P_M_8_an_election_weighing_two_under_or_is_asked(text: str) -> None:
    got = read_in_cast("devsilent", "Зайцева", text, turn=0)
    assert got.kind == "question" and got.code == "which_target"
    assert "доном" in got.text


@pytest.mark.parametrize(
    "text",
    [
        "Дон — Клюквина.",
        "Дон Клюквина или Куница… Нет, всё-таки Клюквина.",  # chosen after the pair
        "Дон — Клюквина, а не Куница.",  # a contrast, no choice left open
        "Дон Клюквина, или как там её фамилия, та что в синей кофте.",  # one player
    ],
)
def test_C_3_P_M_8_an_election_the_letter_settles_stands(text: str) -> None:
    got = read_in_cast("devsilent", "Зайцева", text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Клюквина",))
