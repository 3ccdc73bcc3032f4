"""A form two living players share names neither (C-3; tests/votes/README.md, round
`votes-32`): a short form of two given names («Ники» of Вероника and Доминика) or a surname
in the plural («Рельсовых» of both spouses) is shown to the host as ambiguous, naming both —
never refused as an unknown nick, never dropped, never counted. A form one of them alone
fits stays that one's vote."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import NickResolver
from parser.votes.day import extract_votes
from parser.votes.names import resolve_nick
from parser.votes.records import PostReading

PLAYERS = ("Вероника Лисс", "Доминика Кант", "Пётр Рельсов", "Анна Рельсова", "Бублик", "Тимур")


def _read(body: str, rules: Literal["pefl", "gambler"]) -> PostReading:
    post = post_from_body(1, "Тимур", body, 1)
    return extract_votes([post], ruleset=rules, players=PLAYERS).posts[0]


def _red(word: str) -> str:
    return f'Голосую против <span style="color:red">{word}</span>, весь день путается'


def _green(word: str) -> str:
    return f'Выставляю <span style="color:green">{word}</span>'


@pytest.mark.parametrize(
    ("body", "rules", "both"),
    [
        (_red("Ники"), "pefl", {"Вероника Лисс", "Доминика Кант"}),
        (_red("ники"), "pefl", {"Вероника Лисс", "Доминика Кант"}),
        (_green("Нику"), "gambler", {"Вероника Лисс", "Доминика Кант"}),
        (_red("Рельсовых"), "pefl", {"Пётр Рельсов", "Анна Рельсова"}),
        (_green("Рельсовых"), "gambler", {"Пётр Рельсов", "Анна Рельсова"}),
    ],
)
def test_a_form_two_players_share_is_shown_naming_both(
    body: str, rules: Literal["pefl", "gambler"], both: set[str]
) -> None:
    """C-3: neither unknown_nick nor silence — ambiguous_nick with both candidates."""
    got = _read(body, rules)
    assert (got.status, got.reason, got.target) == ("rejected", "ambiguous_nick", None)
    word = body.split(">", 1)[1].split("<", 1)[0]
    shown = resolve_nick(NickResolver(PLAYERS), word, "as_moves")
    assert set(shown.candidates) == both


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (_red("Вероники"), "pefl", "Вероника Лисс"),
        ('Против <span style="color:red">Рельсовой</span>, она врёт', "pefl", "Анна Рельсова"),
        (_green("Доминику"), "gambler", "Доминика Кант"),
    ],
)
def test_a_form_one_of_them_fits_is_hers_or_his(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    """C-3: the full name, or a case form only one gender takes, stays a vote."""
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick)
