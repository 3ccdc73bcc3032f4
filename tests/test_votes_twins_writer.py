"""Round `votes-37` (issue 17 item 2, C-3, G-N.4): twins in a court vote and the writer one of
the twins. The court reader settles a coloured form both twins answer to by the words agreeing
with it, as the day reader does (`parser.twins.settled_twin`, shared, not copied), and shows a
form nothing settles naming both rather than passing it over. Where the post's author is one of
the twins, a third person's pronoun after the form never speaks of her (`me=`, as the letters
weigh the sender), and she is never taken out to leave the other twin by elimination."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import AMBIGUOUS_NICK
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import NOT_A_NOMINEE, PostReading
from tests.vote_kit import green as _green
from tests.vote_kit import red as _red

PLAYERS = ("Августин", "Августина", "Valentin", "Valentina", "Ян", "Яна", "Тимур", "Олег")
TWINS = ("Августин", "Августина")


def _day(by: str, body: str, rules: Literal["pefl", "gambler"] = "pefl") -> PostReading:
    post = post_from_body(1, by, body, 1)
    (reading,) = extract_votes([post], ruleset=rules, players=PLAYERS).posts
    return reading


def _court(by: str, body: str, nominees: tuple[str, ...] = TWINS) -> PostReading:
    post = post_from_body(1, by, body, 1)
    (reading,) = extract_court_votes([post], nominees=nominees, players=PLAYERS).posts
    return reading


@pytest.mark.parametrize(
    ("by", "body", "nick"),
    [
        ("Тимур", f"{_green('Августина')} врала весь день, её и сажаю", "Августина"),
        ("Олег", f"Сажаю нашего {_green('Августина')}, юлит весь день", "Августин"),
        ("Тимур", f"{_green('Valentina')}, который весь день молчит", "Valentin"),
        ("Августина", f"{_green('Августина')}, он весь день молчит", "Августин"),
    ],
)
def test_G_N_4_C_3_a_court_twin_settled_by_an_agreeing_word(by: str, body: str, nick: str) -> None:
    nominees = ("Valentin", "Valentina") if "Valentina" in body else TWINS
    got = _court(by, body, nominees)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("by", "body"),
    [
        ("Тимур", f"{_green('Августина')}, весь день юлит и молчит"),
        ("Августин", f"{_green('Августина')}, весь день молчит"),
        ("Августина", f"{_green('Августина')}, весь день молчит"),
    ],
)
def test_G_N_4_C_3_a_court_twin_nothing_settles_is_shown_naming_both(by: str, body: str) -> None:
    got = _court(by, body)
    assert (got.status, got.reason) == ("rejected", AMBIGUOUS_NICK), got


def test_G_N_4_a_twin_settled_off_the_trial_is_not_given_to_the_nominee() -> None:
    got = _court("Олег", f"{_green('Августина')}, которая весь день молчит", ("Августин", "Тимур"))
    assert (got.status, got.reason) == ("rejected", NOT_A_NOMINEE), got


def test_G_N_4_an_unsettled_twin_with_one_on_trial_is_his() -> None:
    got = _court("Тимур", f"{_green('Августина')}, весь день юлит", ("Августин", "Тимур"))
    assert (got.status, got.target) == ("vote", "Августин"), got


@pytest.mark.parametrize(
    ("by", "body", "rules"),
    [
        ("Августина", f"Голосую против {_red('Августина')}, весь день юлит и молчит", "pefl"),
        ("Августин", f"Голосую против {_red('Августина')}, весь день юлит и молчит", "pefl"),
        ("Августина", f"{_red('Августина')}, она весь день юлит и молчит, голосую", "pefl"),
        ("Яна", f"Голосую против {_red('Яна')}, весь день молчит и юлит", "pefl"),
        ("Valentina", f"{_green('Valentina')} в зелень", "gambler"),
    ],
)
def test_C_3_the_writer_as_a_twin_is_never_left_out_by_elimination(
    by: str, body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _day(by, body, rules)
    assert got.status == "rejected" and got.target is None, got
    assert got.reason == AMBIGUOUS_NICK, got


@pytest.mark.parametrize(
    ("by", "body", "rules", "nick"),
    [
        ("Августина", f"Голосую против {_red('Августина')}, он весь день юлит", "pefl", "Августин"),
        ("Ян", f"Голосую против {_red('Яна')}, она весь день молчит и юлит", "pefl", "Яна"),
        ("Яна", f"{_green('Яна')}, он весь день молчит", "gambler", "Ян"),
        ("Valentina", f"{_green('Valentina')}, который весь день молчит", "gambler", "Valentin"),
    ],
)
def test_C_3_the_writer_as_a_twin_a_pronoun_speaks_of_the_other(
    by: str, body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _day(by, body, rules)
    assert (got.status, got.target) == ("vote", nick), got
