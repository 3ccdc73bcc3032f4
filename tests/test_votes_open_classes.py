"""Classes of development posts that stayed open after batch 16 (tests/votes/README.md,
round `votes-22`): a weighing of two reds answered by a later red, court votes given first
and talked of after, «т.е.» restating a jailing, a side jailed in court (P-V.1, G-N.4, C-3)."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.vote_kit import red as _red

PLAYERS = ("Блиц", "Блик", "Слон", "Ладья", "Таль", "КМС_2150")
NOMINEES = ("Блиц", "Блик", "Таль")


def _day(body: str) -> PostReading:
    post = post_from_body(1, "КМС_2150", body, 1)
    (reading,) = extract_votes([post], ruleset="pefl", players=PLAYERS).posts
    return reading


def _court(body: str) -> PostReading:
    post = post_from_body(1, "КМС_2150", body, 1)
    (reading,) = extract_court_votes([post], nominees=NOMINEES, players=PLAYERS).posts
    return reading


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (
            f"Голос против {_red('Блика')} — или {_red('Блица')}? Пардон: против {_red('Блица')}.",
            "Блиц",
        ),
        (f"Против {_red('Слона')} или {_red('Ладьи')}? Ой, против {_red('Ладьи')}.", "Ладья"),
    ],
)
def test_P_V_1_a_weighing_asked_then_answered_by_a_later_red_is_its_vote(
    body: str, target: str
) -> None:
    got = _day(body)
    assert (got.status, got.target) == ("vote", target), got


def test_P_V_1_a_weighing_asked_and_left_open_is_still_shown() -> None:
    got = _day(f"Против {_red('Слона')} или {_red('Ладьи')}? Не знаю. {_red('Ладьи')} нет.")
    assert got.status == "rejected", got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("блик потомучто", "Блик"),
        ("Блик, потому что врёт весь день", "Блик"),
        ("блиц ибо ночью врёт", "Блиц"),
        ("Таль. Как Таль в 1960-м — смело, но пора.", "Таль"),
        ("Блика на скамейку, т.е. в тюрьму", "Блик"),
        ("Блика на скамейку, т. е. в тюрьму", "Блик"),
    ],
)
def test_G_N_4_a_court_vote_given_first_and_talked_of_after(body: str, target: str) -> None:
    got = _court(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    "body",
    [
        "Таль. Слон тоже мутный.",  # another player talked of: not proven
        "Таль. Объясни свой ход вчера ночью",  # spoken to: an address
        "Рома, так и знал",  # no reason's lead, and no player
    ],
)
def test_G_N_4_a_bare_nick_beside_talk_of_another_is_no_vote(body: str) -> None:
    assert _court(body).status != "vote"


@pytest.mark.parametrize("body", ["Мафию в тюрьму", "Сажаю якудзу", "Мирных на нары"])
def test_C_3_G_N_4_a_side_jailed_in_court_names_no_player_and_shows_nothing(body: str) -> None:
    assert _court(body).status == "no_vote"


ROLE_CAST = ("Комиссар_матча", "Слон", "Ладья")


@pytest.mark.parametrize(
    "body",
    [
        f"Голосую против {_red('комиссара')}, он уже кого-то проверил",
        f"Против {_red('маньяка')} голосую, давно пора",
    ],
)
def test_C_3_P_V_1_a_role_voted_for_in_lower_case_is_shown_to_the_host(body: str) -> None:
    post = post_from_body(1, "Слон", body, 1)
    (got,) = extract_votes([post], ruleset="pefl", players=ROLE_CAST).posts
    assert (got.status, got.target) == ("rejected", None), got


def test_C_3_P_V_1_a_role_told_of_without_a_vote_is_still_no_line() -> None:
    post = post_from_body(1, "Слон", f"{_red('маньяк')} опять промахнулся, жаль", 1)
    (got,) = extract_votes([post], ruleset="pefl", players=ROLE_CAST).posts
    assert got.status == "no_vote", got
