"""Case forms only one nick can take (C-3; tests/votes/README.md, round `votes-26`): a
one-word Cyrillic nick's singular endings outside the prepositional follow its last letter
(Варден — Вардена, Варденом; Вардена — Вардены, Вардене, Варденой), an adjective word of
a nick declines by its own gender (Олаф Волчий — «Волчьего»; Ингрид Волчья — «Волчьей»),
and a nick whose likeliest reading is a form of another word but which is as likely a noun
of its own (Молот: молотый, молоть, молот) declines as that noun and is no word nick. A
form both nicks can take stays ambiguous; the verbs, adverbs and interjections that are
word nicks stay so."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.morph import word_nick
from parser.nicks import NickResolver
from parser.votes.day import extract_votes
from parser.votes.records import PostReading

PLAYERS = ("Варден", "Вардена", "Олаф Волчий", "Ингрид Волчья", "Молот", "Секач", "Хальд")


def _read(bodies: list[str], rules: Literal["pefl", "gambler"] = "pefl") -> list[PostReading]:
    posts = [post_from_body(n + 1, "Хальд", body, n + 1) for n, body in enumerate(bodies)]
    return extract_votes(posts, ruleset=rules, players=PLAYERS).posts


@pytest.mark.parametrize(
    ("form", "nick"),
    [
        ("Вардены", "Вардена"),  # a plural of Варден, the genitive of Вардена
        ("Вардене", "Вардена"),  # Варден's prepositional only, Вардена's dative
        ("Варденой", "Вардена"),
        ("Варденом", "Варден"),
        ("Волчьего", "Олаф Волчий"),
        ("Волчьему", "Олаф Волчий"),
        ("Волчьей", "Ингрид Волчья"),
        ("Волчью", "Ингрид Волчья"),
    ],
)
def test_C_3_a_form_only_one_nick_takes_names_him(form: str, nick: str) -> None:
    match = NickResolver(PLAYERS).resolve(form, inflected=True)
    assert match.nick == nick, match


@pytest.mark.parametrize("form", ["Вардену", "Вардена"])
def test_C_3_a_form_both_nicks_take_stays_ambiguous(form: str) -> None:
    match = NickResolver(PLAYERS).resolve(form, inflected=True)
    assert match.nick is None and set(match.candidates) == {"Варден", "Вардена"}, match


def test_C_3_a_vote_by_such_a_form_is_read() -> None:
    (red,) = _read(['Против <span style="color:red">Волчьего</span>, ведёт день в тупик.'])
    (green,) = _read(
        ['Зелёный <span style="color:green">Вардене</span>: путается в ночах.'], "gambler"
    )
    assert (red.status, red.target) == ("vote", "Олаф Волчий"), red
    assert (green.status, green.target) == ("vote", "Вардена"), green


def test_C_3_a_noun_nick_as_likely_as_a_form_of_another_word_declines() -> None:
    assert not word_nick("Молот")
    assert word_nick("Пас") and word_nick("Жду") and word_nick("Потом")


def test_G_N_1_a_new_green_after_a_change_of_mind_counts() -> None:
    first, second = _read(
        [
            '<span style="color:green">Секач</span>',
            'Передумал: <span style="color:green">Молот</span>',
        ],
        "gambler",
    )
    assert (first.target, second.status, second.target) == ("Секач", "vote", "Молот"), second


@pytest.mark.parametrize("form", ["Волчьих", "Волчьи", "Волчьими"])
def test_C_3_an_adjective_word_of_nicks_in_the_plural_names_them_all(form: str) -> None:
    match = NickResolver(PLAYERS).resolve(form, inflected=True)
    assert match.nick is None and match.reason == "ambiguous_nick", match
    # beside one bearer only, the plural (a family) is still no one player's name
    alone = NickResolver(("Олаф Волчий", "Секач")).resolve(form, inflected=True)
    assert alone.nick is None, alone


def test_P_V_1_a_red_on_a_plural_adjective_is_shown_not_dropped() -> None:
    (got,) = _read(['Против <span style="color:red">Волчьих</span>, оба темнят.'])
    assert (got.status, got.reason) == ("rejected", "ambiguous_nick"), got
