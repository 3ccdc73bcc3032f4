"""P-V.1, G-N.1, G-N.4: a wish to vote that a «но» turns down in the same sentence is no vote
(`wished`, shown to the host); a later clause («Ладно, Y») may still give the vote. Near
misses: a «но» clause that votes after all, a plain vote with a «но» remark after it
(tests/votes/dev19/)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from tests.vote_kit import nick_reader_for

PLAYERS = ("Светик", "Юла", "Погремушка", "Фиалка", "Карамелька")


_read = nick_reader_for(PLAYERS, by="Карамелька")


@pytest.mark.parametrize(
    ("rules", "text", "nick"),
    [
        ("pefl", "Очень хочется проголосовать против Светика, но пока не буду, девочки", "Светика"),
        ("pefl", "Хотелось проголосовать против Юлы, но она сегодня такая милая", "Юлы"),
        ("gambler", "Хочется выдвинуть Светика, но она мне нравится)))", "Светика"),
        ("gambler", "Хочу выставить Фиалку, но подожду до вечера", "Фиалку"),
    ],
)
def test_P_V_1_G_N_1_a_wish_turned_down_by_no_is_no_vote(
    rules: RulesetName, text: str, nick: str
) -> None:
    got = _read(rules, text, nick)
    assert (got.status, got.reason) == ("rejected", "wished"), text


@pytest.mark.parametrize(
    ("rules", "text", "nick", "target"),
    [
        # the «но» clause votes after all
        ("pefl", "Очень хочется проголосовать против Светика, но голосую против неё завтра",
         "Светика", None),
        # no wish: a vote with a «но» remark after it
        ("pefl", "Голосую против Светика, но она мне нравится, так что без обид", "Светика",
         "Светик"),
        ("gambler", "Выдвигаю Юлу, но она милая", "Юлу", "Юла"),
        # a wish with no «но» after it stays as it was read
        ("pefl", "Хочу проголосовать против Фиалки: весь день молчит и путается", "Фиалки",
         "Фиалка"),
    ],
)  # fmt: skip
def test_P_V_1_near_misses_of_a_wish_turned_down(
    rules: RulesetName, text: str, nick: str, target: str | None
) -> None:
    got = _read(rules, text, nick)
    assert got.reason != "wished", text
    if target is not None:
        assert (got.status, got.target) == ("vote", target), text


def _court(text: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    post = post_from_body(1, "Карамелька", text, 1)
    result = extract_court_votes([post], nominees=("Фиалка", "Погремушка", "Юла"), players=PLAYERS)
    return (
        [(v.voter, v.target) for v in result.votes],
        [(r.author, r.reason) for r in result.rejected],
    )


def test_G_N_4_a_court_wish_turned_down_then_settled_is_the_later_nominee() -> None:
    text = "Юлу бы посадила, но она такая милая... Ладно, Погремушку"
    assert _court(text) == ([("Карамелька", "Погремушка")], [])
    text = "Хочется посадить Юлу, но она милая. Ладно, Погремушку"
    assert _court(text) == ([("Карамелька", "Погремушка")], [])


def test_G_N_4_a_court_wish_alone_is_shown_not_counted() -> None:
    assert _court("Юлу бы посадила, но она такая милая...") == ([], [("Карамелька", "wished")])
    assert _court("Хочется посадить Юлу, но она милая") == ([], [("Карамелька", "wished")])
    # near miss: a jailing with a «но» remark is a vote
    assert _court("Сажаю Юлу, но она милая") == ([("Карамелька", "Юла")], [])
