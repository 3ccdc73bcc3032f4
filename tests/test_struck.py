"""Struck plain words are taken back (G-N.4 court posts, C-3 reading of a post as a host reads
it): «<s>Рома</s> Катя» names Катя alone. The corpus case `b7-struck` runs this through the
real page chromes of every board; here the pieces are pinned one by one."""

from __future__ import annotations

from dataclasses import replace

from parser.struck import struck_fragments, without_struck
from parser.votes.court import extract_court_votes
from parser.votes.records import VoteOptions
from tests.test_votes import post

CAST = ["Рома", "Катя", "Ефим", "Саша Белый", "Жора"]
NOMINEES = ["Рома", "Катя", "Саша Белый"]


def test_fragments_are_the_outermost_struck_elements_in_order() -> None:
    html = (
        "<s>Рома</s> нет, <del>Саша <b>Белый</b></del>, "
        '<span style="text-decoration: line-through">Катя <s>тоже</s></span> Жора'
    )
    assert struck_fragments(html) == ("Рома", "Саша Белый", "Катя тоже")
    assert struck_fragments("<STRIKE>Рома</STRIKE>") == ("Рома",)


def test_no_strike_means_no_parse_and_nothing_found() -> None:
    assert struck_fragments("Рома <b>Катя</b>") == ()
    assert struck_fragments('<span style="color: red">Рома</span>') == ()
    assert without_struck("Рома Катя", "Рома <b>Катя</b>") == "Рома Катя"


def test_struck_words_in_a_quote_are_someone_elses() -> None:
    for quote in (
        "<blockquote><div><cite>Жора wrote:</cite><s>Рома</s></div></blockquote>",  # prosilver
        '<div class="quotetitle">Жора:</div><div class="quotecontent"><s>Рома</s></div>',
        "<div class='quotetop'>Цитата</div><div class='quotemain'><s>Рома</s></div>",  # IPB 2
        "<table><tr><td id='QUOTE'><s>Рома</s></td></tr></table>",  # IPB 1.3
        '<blockquote class="ipsQuote"><div class="ipsQuote_contents"><s>Рома</s></div>'
        "</blockquote>",  # IPS 4
    ):
        assert struck_fragments(quote + " Рома") == (), quote


def test_without_struck_cuts_each_fragment_where_it_stands() -> None:
    html = "<s>Рома</s> Катя"
    assert without_struck("Рома Катя", html) == "Катя"
    # whole words only: «Рома» is not cut out of «Ромашка»
    assert without_struck("Ромашка Рома Катя", "Ромашка <s>Рома</s> Катя") == "Ромашка Катя"
    # a nick split across tags reads with or without a space; either way it is cut
    split = "<s>Ро<b>ма</b></s> Катя"
    assert without_struck("Ро ма Катя", split) == "Катя"
    assert without_struck("Рома Катя", split) == "Катя"
    # a second struck copy is cut after the first, not before it
    assert without_struck("Катя Рома Рома", "Катя <s>Рома</s> <s>Рома</s>") == "Катя"
    assert without_struck("Катя", "Катя <s>\u00a0</s>") == "Катя"


def read(html: str, own_text: str) -> tuple[str, str | None]:
    p = replace(post(1, "Ефим", text=own_text), body_html=html)
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

    p = replace(post(1, "Жора", ("#ff0000", "Рома"), text=own), body_html=html)
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
