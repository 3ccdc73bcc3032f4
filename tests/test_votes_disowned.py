"""Round `votes-35` (issue 17 item 2, P-V.1, G-N.1): a coloured nick the post itself calls
no vote.

A live «не» on a word of the author's own act of voting — a vote noun in the nominative
(«не голос», «это не номинация», «не голосование»), a vote verb in the first person («не
голосую», «не номинирую»), a verb of counting as an infinitive or imperative («не считать»)
— with no target of its own after it, not set against a vote after «а» and with no vote said
unnegated elsewhere in the post, makes the post no vote: shown to the host (`unproven`),
never counted. A negated vote word about another target, another person's vote or another
thing stays a vote."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from parser.votes.negation import disowned
from parser.votes.records import UNPROVEN, PostReading
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Ворон", "Сорока", "Грач", "Дятел", "Клёст", "Чиж")


_read = reader_for(PLAYERS, by="Чиж")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Ворон')}! Кыш с балкона! — это соседской птице кричу, не голос", "pefl"),
        (f"Это не голосование, а цитата из вчерашнего: {_red('Сорока')}", "pefl"),
        (f"(не считать) {_red('Грач')} — редактор сам покрасил", "pefl"),
        (f"{_green('Дятел')} — не номинация, просто цвет остался от прошлой темы", "gambler"),
        (f"не номинирую, просто отмечаю: {_green('Клёст')} всё утро молчит", "gambler"),
        (f"{_red('Сороку')} не считайте, промахнулась кнопкой", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_nick_the_post_calls_no_vote_is_shown_not_counted(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert got.status != "vote" and got.target is None, got
    assert got.status == "no_vote" or got.reason in (UNPROVEN, "doubted"), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Не голосую за Грача, голосую {_red('Ворон')}: врёт про ночь", "pefl", "Ворон"),
        (f"это не шутка: {_red('Дятел')}, путается в показаниях", "pefl", "Дятел"),
        (f"Не голос отчаяния, а взвешенный: {_red('Сорока')}, слишком тиха", "pefl", "Сорока"),
        (f"Не номинирую Грача, номинирую {_green('Клёста')}", "gambler", "Клёст"),
    ],
)
def test_P_V_1_G_N_1_a_negation_of_something_else_leaves_the_vote(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("это я псу кричу, не голос", True),
        ("это не голосование, а цитата", True),
        ("пока не буду голосовать", True),
        ("не голос за мирного, а голос за мафию", False),
        ("не голос отчаяния, а взвешенный", False),
        ("он не голосует весь день", False),
        ("не считаю его мирным", False),
        ("не трогайте его, он проверен", False),
        ("жаль не выставить сегодня", False),
    ],
)
def test_P_V_1_the_author_disowns_the_act_of_voting(text: str, said: bool) -> None:
    assert disowned(text) is said


def _court(body: str) -> PostReading:
    post = post_from_body(1, "Чиж", body, 1)
    result = extract_court_votes([post], nominees=("Ворон", "Сорока"), players=PLAYERS)
    (reading,) = result.posts
    return reading


@pytest.mark.parametrize(
    "body",
    [
        f"{_green('Ворон')} — это не голос, просто цвет прилип",
        f"это не голосование, а цитата из чата: {_green('Сорока')}",
        f"(не считать) {_red('Ворон')} — редактор сам покрасил",
    ],
)
def test_G_N_4_a_court_post_that_calls_its_nick_no_vote_is_shown_not_counted(body: str) -> None:
    got = _court(body)
    assert got.status != "vote" and got.target in (None, "Ворон", "Сорока"), got
    assert got.status == "no_vote" or got.reason == UNPROVEN, got


@pytest.mark.parametrize(
    ("body", "nick"),
    [
        (f"Не голосую за Ворона, голосую {_green('Сорока')}", "Сорока"),
        (f"это не шутка: {_green('Ворон')}", "Ворон"),
        ("Сажаю Сороку, это не шутка", "Сорока"),
    ],
)
def test_G_N_4_a_negation_of_something_else_leaves_the_court_vote(body: str, nick: str) -> None:
    got = _court(body)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Грач не голосует весь день — {_red('Грач')}, хватит прятаться", "pefl", "Грач"),
        (f"{_red('Дятел')} — он не голосовал вчера и молчит сегодня", "pefl", "Дятел"),
        (f"Клёст не голосует третий день — {_green('Клёст')}", "gambler", "Клёст"),
    ],
)
def test_P_V_1_G_N_1_another_players_vote_not_cast_is_the_reason_not_a_vote_negated(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Дятел')} — не голосую, просто выделил", "pefl"),
        (f"{_green('Клёст')} — не голосовала я, это цвет слетел", "gambler"),
    ],
)
def test_P_V_1_G_N_1_the_authors_own_vote_negated_still_casts_none(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    assert _read(body, rules).status != "vote"


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"{_red('Ворон')} — не голос за мирного, а голос за мафию", "pefl", "Ворон"),
        (f"{_green('Грач')} — не номинация ради шутки, а номинация всерьёз", "gambler", "Грач"),
        (
            f"Голосую против {_red('Сороки')}. Это не эмоции, а голос по делу: путает показания",
            "pefl",
            "Сорока",
        ),
    ],
)
def test_P_V_1_G_N_1_a_negation_set_against_a_vote_after_a_tells_its_kind(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Ворон')} — это не окончательно, подумаю ещё", "pefl"),
        (f"{_green('Грач')} — ради шутки, не всерьёз", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_hedge_or_a_joke_not_set_against_a_vote_still_casts_none(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    assert _read(body, rules).status != "vote"
