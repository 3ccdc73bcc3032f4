"""P-V.1, G-N.1, C-3 (`reader-62`, batch 27's KVS4): a coloured vote taken back in the same
post by a slip — an interjection («ой», «упс», «блин») and an excuse, no correction word —
is the later nick's vote when that nick restates the vote (it opens its clause or repeats
the vote's word, in the first nick's form), never the first's; a nick after an interjection
that is the subject of a remark is no correction (development part 62: `sl-*`)."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.votes.day import extract_votes
from parser.votes.slip import excuse_blanked, restates, slip_only
from tests.vote_pages import bracketed_posts

LIVING = ["Лютикова", "Лютина", "Сомов", "Осока", "Пчёлкин", "Ромашка", "Всеволод"]
IDS = {nick: 501 + i for i, nick in enumerate(LIVING)}


def _read(
    body: str, rules: Literal["gambler", "pefl"] = "pefl"
) -> tuple[str, str | None, str | None]:
    posts = bracketed_posts(body, "Всеволод", IDS["Всеволод"], rules)
    got = extract_votes(posts, ruleset=rules, players=LIVING, player_ids=IDS).posts[0]
    return got.status, got.target, got.reason


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # the excuse negates a demonstrative: «не те», «не туда», «не ту» (`excuse_blanked`)
        ("Против [Лютиковой], ой, не те очки взяла — [Лютиной]! Молчит весь день.", "Лютина"),
        ("Голосую против [Осоки], упс, не туда ткнул — против [Пчёлкина], врёт.", "Пчёлкин"),
        ("Против [Ромашки] ой ой не та строчка — [Осоки], она путается в словах.", "Осока"),
        # an interjection and an excuse with no negation, the vote's word repeated
        ("Против [Пчёлкина], блин, палец соскользнул — против [Ромашки]: молчит.", "Ромашка"),
    ],
)
def test_the_red_after_a_slip_is_the_vote(body: str, target: str) -> None:
    assert _read(body) == ("vote", target, None)


def test_a_nick_correcting_the_vote_keeps_its_grammar() -> None:
    # «Сомов» is also a word (the genitive plural of «сом»): it stands in the vote
    # it corrects, whatever the words after the dash
    body = "Против [Осоки]... ошибся, простите — [Сомова]: слишком гладко говорит."
    assert _read(body) == ("vote", "Сомов", None)


def test_a_verb_of_writing_after_a_slip_is_the_authors_excuse() -> None:
    body = "против [Ромашки] блин не ту написал [Осоки] она весь день молчит"
    assert _read(body) == ("vote", "Осока", None)


def test_a_green_after_a_slip_is_the_nomination() -> None:
    assert _read("[Осоку], ой, не ту — [Ромашку]", "gambler") == ("vote", "Ромашка", None)


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # the later nick the subject of a remark, in another form than the vote's
        ("Против [Лютиковой], ой, как она врала! А [Лютина] молодец.", "Лютикова"),
        ("Против [Лютиковой] — ой, не те нынче мирные, [Лютина] и та честнее.", "Лютикова"),
        ("Против [Осоки], ой, прямо как [Ромашка] в прошлой игре, не люблю таких.", "Осока"),
        # after a preposition or conjunction of its own clause
        ("Против [Пчёлкина], ой, не тот он человек, и [Ромашка] с ним заодно.", "Пчёлкин"),
        ("Против [Ромашки], ах, как у [Осоки] вчера красиво вышло.", "Ромашка"),
    ],
)
def test_a_nick_after_an_interjection_in_a_remark_is_no_correction(body: str, target: str) -> None:
    assert _read(body) == ("vote", target, None)


def test_the_excuse_is_blanked_only_after_a_slip() -> None:
    assert excuse_blanked("против x, ой, не те очки — y") == "против x, ой,    те очки — y"
    assert excuse_blanked("против x, не те очки — y") == "против x, не те очки — y"
    assert excuse_blanked("против x, ой, не хочу — y") == "против x, ой, не хочу — y"


def test_an_interjection_alone_restates_by_form() -> None:
    assert slip_only(", ой, очки не те надела — ")
    assert not slip_only(", ой, нет — ")  # «нет» corrects by itself
    declined = ("Лютиковой", "Лютикова")
    assert restates(", ой — ", declined, ("Лютиной", "Лютина"))
    assert not restates(", ой — ", declined, ("Лютина", "Лютина"))
    assert restates(", ой — против ", declined, ("Лютина", "Лютина"))
    assert not restates(", ой, как у ", declined, ("Лютиной", "Лютина"))
