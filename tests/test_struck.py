"""Struck plain words are taken back (G-N.4 court posts, C-3 reading of a post as a host reads
it): «<s>Рома</s> Катя» names Катя alone. Every board's body reader keeps the struck words of a
post's own text in its record (`Post.struck`), read in the same pass as the rest of the body;
the corpus case `b7-struck` runs this through the real page chromes of every board, and here
the pieces are pinned one by one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from parser.dialects import IPB2, IPS4
from parser.html import parse_html
from parser.ipb.body import parse_ipb_body
from parser.phpbb.body import read_body
from parser.records import Body, Post, post_record
from parser.struck import struck_words, without_struck
from parser.votes.court import extract_court_votes
from parser.votes.records import VoteOptions

CAST = ["Рома", "Катя", "Ефим", "Саша Белый", "Жора"]
NOMINEES = ["Рома", "Катя", "Саша Белый"]
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def phpbb_body(html: str) -> Body:
    content = parse_html(f'<div class="content">{html}</div>').css_first("div.content")
    assert content is not None
    return read_body(content, "post 1")


def ipb2_body(html: str) -> Body:
    return parse_ipb_body(html, dialect=IPB2)[0]


def ips4_body(html: str) -> Body:
    return parse_ipb_body(html, dialect=IPS4)[0]


READERS: dict[str, Callable[[str], Body]] = {
    "phpbb": phpbb_body,
    "ipb2": ipb2_body,
    "ips4": ips4_body,
}


def post_of(html: str, author: str = "Ефим", reader: Callable[[str], Body] = phpbb_body) -> Post:
    """A post read by a board's body reader, as a topic page makes it."""
    return post_record(1, author, None, T0, reader(html))


def stored(post: Post) -> Post:
    """The same post as a record stored before the readers kept struck words."""
    return replace(post, struck=None)


@pytest.mark.parametrize("board", sorted(READERS))
def test_the_outermost_struck_elements_are_kept_in_order(board: str) -> None:
    html = (
        "<s>Рома</s> нет, <del>Саша <b>Белый</b></del>, "
        '<span style="text-decoration: line-through">Катя <s>тоже</s></span> Жора'
    )
    body = READERS[board](html)
    assert body.struck == ("Рома", "Саша Белый", "Катя тоже")
    assert READERS[board]("<STRIKE>Рома</STRIKE>").struck == ("Рома",)
    post = post_of(html, reader=READERS[board])
    assert struck_words(post) == struck_words(stored(post)) == body.struck


@pytest.mark.parametrize("board", sorted(READERS))
def test_no_strike_means_nothing_struck(board: str) -> None:
    for html in ("Рома <b>Катя</b>", '<span style="color: red">Рома</span> Катя'):
        post = post_of(html, reader=READERS[board])
        assert post.struck == ()
        assert without_struck(post) == without_struck(stored(post)) == "Рома Катя"


QUOTES = {
    "prosilver": (
        "<blockquote><div><cite>Жора wrote:</cite><s>Рома</s></div></blockquote>",
        "phpbb",
    ),
    "subsilver2": (
        '<div class="quotetitle">Жора:</div><div class="quotecontent"><s>Рома</s></div>',
        "phpbb",
    ),
    "ipb2": ("<div class='quotetop'>Цитата</div><div class='quotemain'><s>Рома</s></div>", "ipb2"),
    "ipb13": ("<table><tr><td id='QUOTE'><s>Рома</s></td></tr></table>", "ipb2"),
    "ips4": (
        '<blockquote class="ipsQuote"><div class="ipsQuote_contents"><s>Рома</s></div>'
        "</blockquote>",
        "ips4",
    ),
}


@pytest.mark.parametrize("markup", sorted(QUOTES))
def test_struck_words_in_a_quote_are_someone_elses(markup: str) -> None:
    quote, board = QUOTES[markup]
    post = post_of(quote + " Рома", reader=READERS[board])
    assert post.struck == ()
    assert struck_words(stored(post)) == ()  # a stored record reads every board's quotes


def test_without_struck_cuts_each_fragment_where_it_stands() -> None:
    assert without_struck(post_of("<s>Рома</s> Катя")) == "Катя"
    # whole words only: «Рома» is not cut out of «Ромашка»
    assert without_struck(post_of("Ромашка <s>Рома</s> Катя")) == "Ромашка Катя"
    # a nick split across tags reads with or without a space; either way it is cut
    split = post_of("<s>Ро<b>ма</b></s> Катя")
    assert without_struck(replace(split, own_text="Ро ма Катя")) == "Катя"
    assert without_struck(replace(split, own_text="Рома Катя")) == "Катя"
    # a second struck copy is cut after the first, not before it
    assert without_struck(post_of("Катя <s>Рома</s> <s>Рома</s>")) == "Катя"
    assert without_struck(post_of("Катя <s>\u00a0</s>")) == "Катя"


def read(html: str, own_text: str) -> tuple[str, str | None]:
    p = post_of(html)
    assert p.own_text == own_text
    result = extract_court_votes(
        [p], nominees=NOMINEES, players=CAST, options=VoteOptions(vote_nicks="as_moves")
    )
    (r,) = result.posts
    return r.status, r.target if r.status == "vote" else r.reason


def test_G_N_4_a_struck_nominee_is_taken_back_in_court() -> None:
    assert read("<s>Рома</s> Катя", "Рома Катя") == ("vote", "Катя")
    assert read("Сажаю <del>Рому</del> Катю", "Сажаю Рому Катю") == ("vote", "Катя")
    assert read("<s>Саша Белый</s> Рома", "Саша Белый Рома") == ("vote", "Рома")
    # all of it struck: nothing is left to vote with
    assert read("<s>Рома</s>", "Рома")[0] != "vote"
    # without the strike the same words stay two nominees at once
    assert read("Рома Катя", "Рома Катя") == ("rejected", "ambiguous_nick")


def _red(html: str, own: str) -> tuple[str, str | None]:
    """A PEFL red vote for Рома with `own` as the post's own text and `html` its markup."""
    from parser.votes.day import extract_votes

    p = post_of(html, "Жора")
    assert p.own_text == own
    result = extract_votes([p], ruleset="pefl", players=CAST)
    (r,) = result.posts
    return r.status, r.target if r.status == "vote" else r.reason


def test_P_V_1_a_struck_reason_is_no_reason() -> None:
    red = '<span style="color: #ff0000">Рома</span>'
    reason = "он весь день путал следы и врал про проверку"
    assert _red(f"{red} {reason}", f"Рома {reason}") == ("vote", "Рома")
    # the same words struck through: the player took them back, the vote has no reason
    assert _red(f"{red} <s>{reason}</s>", f"Рома {reason}") == ("rejected", "no_reason")
    # a struck aside beside a real reason leaves the reason standing
    assert _red(f"{red} <s>шучу</s> {reason}", f"Рома шучу {reason}") == ("vote", "Рома")


def test_C_3_a_struck_retraction_takes_nothing_back() -> None:
    # «снимаю голос» struck out is the retraction taken back: the red nick stands
    red = '<span style="color: #ff0000">Рома</span>'
    reason = "он весь день путал следы и врал про проверку"
    own = f"Снимаю голос с Ромы Рома {reason}"
    assert _red(f"Снимаю голос с Ромы {red} {reason}", own)[0] != "vote"
    assert _red(f"<s>Снимаю голос с Ромы</s> {red} {reason}", own) == ("vote", "Рома")
