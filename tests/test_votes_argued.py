"""Issue 17 item 2 (P-V.1, G-N.1, P-V.3): a red or green with a vote word whose author's
own words argue against it — a plea to spare the same player, or the vote called a joke —
is shown to the host, never counted (`argued_votes_counted`, default false; development
parts 40 and 48: `s40-*`, `s48-*`)."""

from __future__ import annotations

from typing import Literal

import pytest

from engine.settings import RulesSettings
from parser.votes.day import extract_votes
from parser.votes.records import VoteOptions
from tests.vote_pages import bracketed_posts

LIVING = ["Мирон", "Лада", "Бруно", "Тимур", "Агата", "Ника", "Всеволод"]
IDS = {nick: 401 + i for i, nick in enumerate(LIVING)}


def _read(
    body: str, rules: Literal["gambler", "pefl"] = "pefl", counted: bool = False
) -> tuple[str, str | None, str | None]:
    posts = bracketed_posts(body, "Всеволод", IDS["Всеволод"], rules)
    options = VoteOptions(argued_votes_counted=counted)
    got = extract_votes(
        posts, ruleset=rules, players=LIVING, player_ids=IDS, options=options
    ).posts[0]
    return got.status, got.target, got.reason


PLEAS = [
    "Голосую против [Мирона], но пожалуйста, не вешайте его, он мирный.",  # s48-01
    "Голосую против [Тимура]. Только не голосуйте за него, пожалуйста.",  # s48-04
    "Против [Агаты], но оставьте её, она мне нравится",  # s48-05
    "Голосую против [Ники], но вы за неё не голосуйте, она честная.",  # s40-03
]


@pytest.mark.parametrize("body", PLEAS)
def test_a_plea_to_spare_the_same_player_is_shown_not_counted(body: str) -> None:
    assert _read(body) == ("rejected", None, "unproven")


@pytest.mark.parametrize("body", PLEAS)
def test_the_setting_counts_a_plea_as_the_colour_and_reason_alone(body: str) -> None:
    assert _read(body, counted=True)[0] == "vote"


def test_a_green_with_a_plea_is_shown_not_counted() -> None:
    # s40-06, s48-08
    body = "Зеленю [Агату], но в суде за неё не голосуйте."
    assert _read(body, "gambler") == ("rejected", None, "unproven")


@pytest.mark.parametrize(
    "body",
    [
        "Голосую против [Бруно] в шутку, просто чтобы не пропустить ход.",  # s48-03
        "Голосую против [Лады], это прикол, не ведитесь",  # s48-10
        "Голосую против [Мирона]. Шучу, конечно, он свой.",  # s48-13
        "голосую против [Ники] не трогайте её она своя",  # s48-06: phone-typed
    ],
)
def test_a_vote_called_a_joke_is_shown_not_dropped(body: str) -> None:
    assert _read(body) == ("rejected", None, "unproven")


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Голосую против [Лады]. Не жалейте её: врёт с первого дня.", "Лада"),  # s48-14
        ("Против [Бруно], весь день путается. Не трогайте Агату, она проверена.", "Бруно"),
        ("Голосую против [Тимура]: он врёт. Это не шутка, ребята.", "Тимур"),  # s48-16
        ("Голосую против [Мирона]. Не трогайте меня, я мирный, а он мафия.", "Мирон"),
        ("Мне жаль её, но голосую против [Ники]: путается в ночах.", "Ника"),  # s48-18
        ("Голосую за [Агату], оставьте свои шутки, она мафия и весь день врёт.", "Агата"),
    ],
)
def test_near_misses_stay_votes(body: str, target: str) -> None:
    assert _read(body)[:2] == ("vote", target)


def test_a_joke_with_the_vote_refused_in_words_is_still_nothing_to_tell() -> None:
    # d16-26: «пока не голосую» — no vote of his to show
    assert _read("[Ника], шучу)) пока не голосую")[0] == "no_vote"


def test_the_setting_is_read_from_the_rules_table() -> None:
    assert RulesSettings().argued_votes_counted is False
    assert RulesSettings.from_mapping({"argued_votes_counted": True}).argued_votes_counted
