"""Round `votes-36` (issue 17 item 2, C-3): a coloured nick written as listed that is also
another living nick's case form (Августина beside Августин, Valentina beside Valentin) is
settled by the words agreeing with it, by the letters' own check (`parser.twins.
settled_twin`): an adjective right before it, «который»/«которая» opening the next clause, a
past-tense verb right after it. Nothing agreeing: shown to the host naming both."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.nicks import AMBIGUOUS_NICK
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Августин", "Августина", "Valentin", "Valentina", "Тимур", "Олег")


_read = reader_for(PLAYERS, by="Тимур")


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"{_red('Августина')} врала весь день, голосую против неё", "pefl", "Августина"),
        (f"Голосую против нашего {_red('Августина')}, юлит весь день", "pefl", "Августин"),
        (f"Голосую против нашей {_red('Августина')}, юлит весь день", "pefl", "Августина"),
        (f"{_green('Valentina')}, которая весь день молчит", "gambler", "Valentina"),
        (f"{_green('Valentina')}, который весь день молчит", "gambler", "Valentin"),
    ],
)
def test_C_3_a_twin_settled_by_an_agreeing_word_is_counted(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Голосую против {_red('Августина')}, весь день юлит и молчит", "pefl"),
        (f"{_green('Valentina')} в зелень", "gambler"),
        (f"{_red('Августина')} врал весь день, голосую против", "pefl"),
        (f"{_green('Августина')} весь день молчит, зеленю", "gambler"),
    ],
)
def test_C_3_a_twin_nothing_settles_is_shown_naming_both(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", AMBIGUOUS_NICK), got


def test_C_3_a_nick_opening_its_sentence_before_a_reasons_lead_is_the_accusative() -> None:
    # «Августину» is his dative and her accusative: the vote's left-out verb takes hers
    got = _read(f"{_green('Августину')} за то что весь день молчит", "gambler")
    assert (got.status, got.target) == ("vote", "Августина"), got


def test_C_3_the_same_form_with_no_reasons_lead_is_not_counted() -> None:
    got = _read(f"{_green('Августину')} весь день никто не верит", "gambler")
    assert got.status != "vote", got
