"""P-V.1: a red vote's reason is the voter's own words — outside every quote, before a
signature he typed into the body, not the board's edit note, not struck — and P-V.2's
agreement is the one way a quoted reason stands for his (tests/votes/dev37)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parser.pages import parse_topic
from parser.records import Post
from parser.votes.day import extract_votes
from tests.vote_pages import BOARDS, CasePost, page

PLAYERS = ["Гамбит", "Марина", "Тимофей", "Пешка"]
IDS = {nick: 101 + i for i, nick in enumerate(PLAYERS)}
RED = '<span style="color: red">{}</span>'
VOTE = RED.format("Тимофей") + " — весь день молчит и уходит от вопросов."


def _read(board: str, bodies: list[tuple[str, str]], edited: int | None = None) -> list[Post]:
    posts = [CasePost(by, IDS[by], body) for by, body in bodies]
    if edited is not None:
        posts[-1] = replace(posts[-1], edited=edited)
    html, _ids = page(board, posts)
    return list(parse_topic(html).posts)


def _last(posts: list[Post]) -> tuple[str, str | None, str | None]:
    got = extract_votes(posts, ruleset="pefl", players=PLAYERS, player_ids=IDS).posts[-1]
    return got.status, got.target, got.reason


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    "tail",
    [
        "<br />--<br />Играю честно и голосую сердцем",
        "<br /><br />С уважением, ваш Пешка, мирный с 2009 года",
    ],
    ids=["dashes", "sign-off"],
)
def test_P_V_1_a_signature_typed_into_the_body_gives_no_reason(board: str, tail: str) -> None:
    posts = _read(board, [("Марина", RED.format("Пешка") + tail)])
    assert _last(posts) == ("rejected", "Пешка", "no_reason")
    # the cut is what refuses it: the same words read as the body's own are a reason
    (post,) = posts
    assert _last([replace(post, words_end=len(post.own_text))])[0] == "vote"


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_1_a_reason_before_the_signature_stands(board: str) -> None:
    body = RED.format("Пешка") + " врёт про ночь и путается<br />--<br />Играю честно"
    assert _last(_read(board, [("Марина", body)])) == ("vote", "Пешка", None)


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_1_a_quoted_reason_is_not_the_voters_for_another_target(board: str) -> None:
    quoted = "{quote:0}" + VOTE + "{/quote}"
    posts = _read(board, [("Гамбит", VOTE), ("Марина", quoted + "+1 " + RED.format("Пешка"))])
    assert _last(posts) == ("rejected", "Пешка", "no_reason")


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_2_a_quoted_accepted_vote_lends_its_reason_to_the_same_target(board: str) -> None:
    quoted = "{quote:0}" + VOTE + "{/quote}"
    posts = _read(board, [("Гамбит", VOTE), ("Марина", quoted + "+1 " + RED.format("Тимофей"))])
    assert _last(posts) == ("vote", "Тимофей", None)


@pytest.mark.parametrize("board", ["phpbb", "ipb13"])
def test_P_V_1_the_boards_edit_note_is_no_reason(board: str) -> None:
    posts = _read(board, [("Марина", RED.format("Пешка"))], edited=5)
    assert posts[0].edited is not None
    assert _last(posts) == ("rejected", "Пешка", "no_reason")
