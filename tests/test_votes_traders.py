"""Batch 22's vote classes (a traders' forum, tests/votes/README.md, round `reader-38`): C-3 —
a space typed between a handle's letters and its digits («Sol 0») is the handle, and a form
a handle's digit left out fits its letter twin too («Соло»: Sol0 and Solo); C-1, P-V.1,
G-N.4 — a vote put off to an event to come («как закроется свеча»: «как» and a perfective
future of the third person) is shown to the host, never counted, in the day and in court."""

from __future__ import annotations

from mafiabot.replay_posts import post_from_body
from parser.nicks import STRICT_TIERS, NickResolver
from parser.votes.court import extract_court_votes
from parser.votes.records import PostReading, VoteOptions
from tests.vote_kit import reader_for

PLAYERS = ("Sol0", "Solo", "MAPKET", "Вася2005", "Rekt", "Fibo")


# Sol_0: a board account that is no player, a look-alike of Sol0
_read = reader_for(PLAYERS, by="Rekt", options=VoteOptions(accounts=frozenset({"Sol_0"})))


def test_C_3_a_space_between_a_handles_letters_and_digits_is_the_handle() -> None:
    red = _read('<span style="color:red">Sol 0</span> — врёт про ночь и путает голоса.')
    assert (red.status, red.target) == ("vote", "Sol0"), red
    typed = NickResolver(PLAYERS).resolve_strict("Вася 2005", STRICT_TIERS)
    assert typed is not None and typed.nick == "Вася2005", typed


def test_C_3_a_form_without_the_digit_fits_the_letter_twin_too() -> None:
    red = _read('<span style="color:red">Соло</span> — врёт про ночь и путает голоса.')
    assert red.status == "rejected" and red.reason == "ambiguous_nick", red


def test_C_1_a_vote_put_off_to_an_event_to_come_is_not_counted() -> None:
    red = _read(
        'Как откроется биржа — проголосую против <span style="color:red">Fibo</span>, он врёт.'
    )
    assert red.status == "rejected" and red.reason == "put_off", red


def test_C_1_a_comparison_by_how_is_no_event() -> None:
    red = _read('Как и вчера, голосую против <span style="color:red">Fibo</span>, он врёт.')
    assert (red.status, red.target) == ("vote", "Fibo"), red


def test_G_N_4_a_bare_nominee_put_off_to_an_event_is_not_counted() -> None:
    def court(body: str) -> PostReading:
        posts = [post_from_body(1, "Rekt", body, 1)]
        (got,) = extract_court_votes(posts, nominees=["Fibo", "Sol0"], players=PLAYERS).posts
        return got

    put_off = court("Fibo, как закроется свеча")
    assert put_off.status == "rejected" and put_off.reason == "put_off", put_off
    plain = court("Fibo, как и вчера")
    assert (plain.status, plain.target) == ("vote", "Fibo"), plain
