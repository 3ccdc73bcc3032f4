"""Votes read as a careful host reads them on development batch 12's board (tests/votes/dev19/):
a nick's word by a sibling pet form (C-3), a Latin handle's sound run together (C-3), a question
after the vote that is a remark of its own about the player (P-V.1)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.replay_posts import post_from_body
from parser.latin import heard_run_together
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.vote_kit import nick_reader_for

PLAYERS = ("Бабушка Галя", "Sweet_Mom", "Papa_Dima", "Max_Power", "Юла", "Карамелька")


_read = nick_reader_for(PLAYERS, by="Карамелька")


@pytest.mark.parametrize(
    ("rules", "text", "nick", "target"),
    [
        # бабуля and бабушка are both pet forms of one word: a word of Бабушка Галя
        ("pefl", "Против бабули, уж больно хитро улыбается наша бабушка", "бабули",
         "Бабушка Галя"),
        # Sweet_Mom's sound written run together, in a case form too
        ("gambler", "Свитмам, она сегодня подозрительно милая", "Свитмам", "Sweet_Mom"),
        ("gambler", "Выставляю Свитмаму", "Свитмаму", "Sweet_Mom"),
        # a question that is a remark of its own about the player, not about the vote
        ("pefl", "Против Димы, он вообще чей папа? xD Слишком много знает", "Димы",
         "Papa_Dima"),
    ],
)  # fmt: skip
def test_C_3_P_V_1_votes_of_the_mothers_forum_are_read(
    rules: RulesetName, text: str, nick: str, target: str
) -> None:
    got = _read(rules, text, nick)
    assert (got.status, got.target) == ("vote", target), text


@pytest.mark.parametrize(
    ("rules", "text", "nick"),
    [
        # the vote itself asked: no vote yet
        ("pefl", "Может, Юлу выставить? Весь день молчит", "Юлу"),
        ("pefl", "Против Юлы, она ведь мафия, голосовать за неё?", "Юлы"),
    ],
)
def test_P_V_1_near_misses_a_vote_asked_is_no_vote(
    rules: RulesetName, text: str, nick: str
) -> None:
    got = _read(rules, text, nick)
    assert got.status != "vote", text


def test_C_3_a_handle_run_together_needs_both_parts_whole_and_in_order() -> None:
    assert heard_run_together("свитмам", "Sweet_Mom")
    assert heard_run_together("макспауэра", "Max_Power")
    assert not heard_run_together("свитер", "Sweet_Mom")  # a word that only opens alike
    assert not heard_run_together("мамсвит", "Sweet_Mom")  # the parts the other way round
    assert not heard_run_together("свит", "Sweet_Mom")
    assert not heard_run_together("свитмам", "Sweet")  # one part: `heard_as_handle`'s


def _post(by: str, body: str, rules: RulesetName, players: tuple[str, ...]) -> PostReading:
    post = post_from_body(1, by, body, 1)
    (reading,) = extract_votes([post], ruleset=rules, players=players).posts
    return reading


NASTYAS = ("Настюша", "Настя_и_Вика", "Юла", "Карамелька")


def test_C_3_an_ambiguous_name_pinned_by_the_words_after_it() -> None:
    body = 'Против <span style="color:red">Насти</span>, которая с Викой. Она путается'
    got = _post("Юла", body, "pefl", NASTYAS)
    assert (got.status, got.target) == ("vote", "Настя_и_Вика")
    # near miss: words after it that name no other part of one nick leave it ambiguous
    body = 'Против <span style="color:red">Насти</span>, которая с утра молчит. Она путается'
    got = _post("Юла", body, "pefl", NASTYAS)
    assert (got.status, got.reason) == ("rejected", "ambiguous_nick")


def test_P_V_1_a_weighed_name_no_player_bears_set_aside_by_a_correction() -> None:
    players = ("Машуня", "Юла", "Карамелька")
    body = (
        'Против <span style="color:red">Машуни</span> или <span style="color:red">Машинки'
        "</span>... ой, Машинка не играет. Против "
        '<span style="color:red">Машуни</span>, она слишком добрая'
    )
    got = _post("Юла", body, "pefl", players)
    assert (got.status, got.target) == ("vote", "Машуня")
    # near miss: with no correction and no second vote the choice stays open
    body = (
        'Против <span style="color:red">Машуни</span> или <span style="color:red">Машинки'
        "</span>, она слишком добрая"
    )
    assert _post("Юла", body, "pefl", players).status != "vote"


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        ("gambler", '<span style="color:green">Машинку</span> на суд'),
        ("pefl", 'Голосую против <span style="color:red">Машинки</span>, она весь день молчит'),
    ],
)
def test_C_3_an_ordinary_word_nominated_as_a_nick_is_shown_as_unknown(
    rules: RulesetName, body: str
) -> None:
    got = _post("Юла", body, rules, ("Машуня", "Юла", "Карамелька"))
    assert (got.status, got.reason) == ("rejected", "unknown_nick")


@pytest.mark.parametrize(
    "body",
    [
        # emphasis, not a nick: lower case, a nominative label, no vote in the sentence
        'Голосую против <span style="color:green">машинки</span> и всех игрушек',
        '<span style="color:green">Внимание</span>, голосование до вечера',
        'Купила ребёнку <span style="color:green">Машинку</span> вчера',
    ],
)
def test_C_3_near_misses_of_an_ordinary_word_meant_as_a_nick(body: str) -> None:
    got = _post("Юла", body, "gambler", ("Машуня", "Юла", "Карамелька"))
    assert got.reason != "unknown_nick", body
