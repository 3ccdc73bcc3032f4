"""Votes read as a careful host reads them on development batch 16's board (tests/votes/dev24/,
a chess club): a red nick asked about and the choice put off after it is no vote, shown to the
host (P-V.1)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.vote_kit import red as _red

PLAYERS = ("Блиц", "Блик", "Слон", "Ладья", "Таль", "КМС_2150")


def _read(rules: RulesetName, body: str) -> PostReading:
    post = post_from_body(1, "КМС_2150", body, 1)
    (reading,) = extract_votes([post], ruleset=rules, players=PLAYERS).posts
    return reading


@pytest.mark.parametrize(
    "body",
    [
        f"{_red('Блиц')}? Кто играет блиц в час ночи… Завтра решу.",
        f"{_red('Слона')}? Не знаю, молчит. Определюсь позже.",
        f"{_red('Ладью')}? Потом решу окончательно.",
    ],
)
def test_P_V_1_a_red_asked_about_and_the_choice_put_off_is_no_vote(body: str) -> None:
    got = _read("pefl", body)
    assert got.status != "vote", body
    assert got.status == "rejected", got  # shown to the host, never counted


@pytest.mark.parametrize(
    "body",
    [
        # a question about the player answered by the vote itself, or a vote said to him
        # (a question to him alone is no vote: tests/test_votes_asked_spoken_put_off.py)
        f"{_red('Слона')}? Да, точно его, весь день молчит.",
        f"{_red('Блиц')}? Ты где был ночью? Голосую против, врёшь весь день.",
        # the decision put off is of something else, after a vote said plainly
        f"Голосую против {_red('Блика')} — врёт весь день. Завтра решу, кому верить.",
    ],
)
def test_P_V_1_near_misses_a_question_or_a_put_off_alone_leaves_the_vote(body: str) -> None:
    got = _read("pefl", body)
    assert got.status == "vote", (body, got)
