"""Round `votes-39` (issue 17 item 2, P-V.1, G-N.1, G-N.4): a book or film told of.

A coloured nick that is the subject of a story in the present tense is told of when the
sentence speaks of a book or a film — a noun of a work with no word of likeness before it
(«в этой книге», not «как в книге») — and a past deed is told of when the readers are asked to
recall it («помните?»). The court reader asks the same talk check (`parser.votes.talk`) of a
coloured nick in a post with no word of jailing: such a nick is shown to the host, never a
vote to jail."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import UNPROVEN, PostReading

PLAYERS = ("Обломов", "Базаров", "Чацкий", "Наташа", "Pierre", "Штольц")
NOMINEES = ("Обломов", "Базаров")

Rules = Literal["pefl", "gambler"]


def _colour(nick: str, rules: Rules) -> str:
    return f'<span style="color:{"red" if rules == "pefl" else "green"}">{nick}</span>'


def _day(body: str, rules: Rules) -> PostReading:
    posts = [post_from_body(1, "Штольц", body, 1)]
    (got,) = extract_votes(posts, ruleset=rules, players=PLAYERS).posts
    return got


def _court(body: str) -> PostReading:
    posts = [post_from_body(1, "Штольц", body, 1)]
    (got,) = extract_court_votes(posts, nominees=NOMINEES, players=PLAYERS).posts
    return got


STORY = [
    ("{} всё время спит в этой книге, перечитайте.", "Обломов"),
    ("{} в конце романа уезжает к отцу.", "Базаров"),
    ("{} режет лягушек, помните?", "Базаров"),
    ("{} в сериале появляется только в третьей серии.", "Обломов"),
    ("{} по сюжету уезжает к отцу.", "Базаров"),
    ("{} в этой повести режет лягушек.", "Базаров"),
]

REASON = [
    ("{} врёт весь день, это видно.", "Обломов"),
    ("{} вчера слил Наташу, точно мафия.", "Базаров"),
    ("{} всё время врёт в этой игре.", "Обломов"),
    ("{} молчит весь день, помню его по прошлой партии.", "Базаров"),
    ("{} путает версии, прямо как в книге.", "Обломов"),
    # a work as an object, a likeness further back, «серия» of games: the game's talk
    ("{} рассказывает сказки весь день.", "Обломов"),
    ("{} опять пишет роман в каждом посте.", "Базаров"),
    ("{} в этой партии врёт, как в своей любимой книге.", "Обломов"),
    ("{} в прошлой серии игр слил всех мирных.", "Базаров"),
]


@pytest.mark.parametrize(("body", "nick"), STORY)
def test_P_V_1_a_story_of_a_work_in_red_is_shown_not_counted(body: str, nick: str) -> None:
    got = _day(body.format(_colour(nick, "pefl")), "pefl")
    assert got.status == "rejected" and got.reason == UNPROVEN, got


@pytest.mark.parametrize(("body", "nick"), REASON)
def test_P_V_1_a_reason_of_the_game_after_the_red_stays_a_vote(body: str, nick: str) -> None:
    got = _day(body.format(_colour(nick, "pefl")), "pefl")
    assert got.status == "vote" and got.target == nick, got


COURT_TALK = [
    "{} режет лягушек, помните?",
    "Там {} в конце уезжает к отцу.",
    "I loved {} in school, a great novel.",
    "Тургенев писал: «{} был нигилист». Вот и всё.",
]


@pytest.mark.parametrize("body", COURT_TALK)
def test_G_N_4_a_nominee_talked_of_in_court_is_shown_not_jailed(body: str) -> None:
    got = _court(body.format(_colour("Базаров", "gambler")))
    assert got.status == "rejected" and got.reason == UNPROVEN, got


@pytest.mark.parametrize(
    "body",
    [
        "{} врёт весь день, сажаю.",
        "{} вчера слил Наташу, в тюрьму его.",
        "{}. Режет лягушек в романе, а тут режет нас.",
        "Сажаю {}, он в романе лягушек резал, и тут зарежет.",
        "{}, весь день путается в показаниях.",
        "{} весь день молчит, как в романе.",
    ],
)
def test_G_N_4_a_court_vote_with_a_story_after_the_name_stays_a_vote(body: str) -> None:
    got = _court(body.format(_colour("Базарова" if "Сажаю" in body else "Базаров", "gambler")))
    assert got.status == "vote" and got.target == "Базаров", got
