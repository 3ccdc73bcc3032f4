"""Issue 17 item 2 with C-3, P-V.1, G-N.1, G-N.4: a vote or a jailing by a name no player
bears is shown to the host as `unknown_nick`, never dropped unseen — the object of a vote
verb in the vote's colour however it is typed («голосую <лимонад>», «голосую <Лунный
свет>»), a capitalised word beside a Gambler vote word («<Призрака> зеленю»), a capitalised
animate noun heading its sentence («<Призрак> мутный какой-то»), a noun that is all the words
of its post («<Солнышко> 🙏»), and in court
the noun a jailing clause jails («Кирпича в тюрьму», «сажаю лунный свет»). Near misses stay
no vote with nothing to tell: an ordinary word in colour with no vote grammar, a negated,
asked or doubted jailing, a role or a pronoun jailed (tests/votes/dev7/, dev14/)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.replay_posts import post_from_body
from parser.nicks import UNKNOWN_NICK
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.vote_kit import green as _green
from tests.vote_kit import red as _red

PLAYERS = ("Огурец", "Moonlight", "Brick", "Тамара", "Кузьмич", "Лимон")
NOMINEES = ("Огурец", "Moonlight", "Brick")


def _day(rules: RulesetName, body: str) -> PostReading:
    (got,) = extract_votes(
        [post_from_body(1, "Тамара", body, 1)], ruleset=rules, players=PLAYERS
    ).posts
    return got


def _court(text: str) -> PostReading:
    post = post_from_body(1, "Тамара", text, 1)
    (got,) = extract_court_votes([post], nominees=NOMINEES, players=PLAYERS).posts
    return got


@pytest.mark.parametrize(
    ("rules", "body", "span"),
    [
        ("pefl", f"голосую {_red('лимонад')} он весь день юлит", "лимонад"),
        ("pefl", f"Голосую {_red('Лунный свет')}, потому что сливается", "Лунный свет"),
        ("pefl", f"голосую {_red('самовар')}, весь день молчит и путает", "самовар"),
        ("gambler", f"{_green('Призрака')} зеленю, весь день молчит", "Призрака"),
        ("gambler", f"Выдвигаю {_green('Чайник')}", "Чайник"),
    ],
)
def test_P_V_1_G_N_1_a_vote_by_a_name_no_player_bears_is_shown(
    rules: RulesetName, body: str, span: str
) -> None:
    got = _day(rules, body)
    assert (got.status, got.reason, got.span) == ("rejected", UNKNOWN_NICK, span), body


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        # an ordinary word in colour with no vote grammar: emphasis
        ("pefl", f"{_red('внимание')} всем, завтра голосуем с утра"),
        # a lower-case word after the vote verb in a case no object takes
        ("pefl", f"голосую {_red('сердцем')}, а не головой"),
        # the nominative with no vote verb before it: a label or a cry
        ("gambler", f"{_green('Внимание')}! зеленю вечером"),
    ],
)
def test_P_V_1_near_misses_stay_no_vote(rules: RulesetName, body: str) -> None:
    got = _day(rules, body)
    assert got.status == "no_vote", body


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Кирпича в тюрьму", "Кирпича"),
        ("сажаю лунный свет точка", "лунный свет"),
        ("Лунного света на нары!", "Лунного света"),
        ("Самовар сажаю", "Самовар"),
    ],
)
def test_G_N_4_a_jailing_by_a_name_no_player_bears_is_shown(text: str, span: str) -> None:
    got = _court(text)
    assert (got.status, got.reason, got.span) == ("rejected", UNKNOWN_NICK, span), text


@pytest.mark.parametrize(
    "text",
    [
        "Не сажаю Кирпича",  # negated
        "Может, Кирпича в тюрьму?",  # asked and doubted
        "Маньяка на нары",  # a role: whoever holds it, no one's name
        "Всех в тюрьму",  # a pronoun
        "Сажаю по совести",  # no object
        "Голосую за посадку",  # the jailing noun alone
    ],
)
def test_G_N_4_near_misses_of_a_jailing_stay_no_vote(text: str) -> None:
    assert _court(text).status == "no_vote", text


@pytest.mark.parametrize(
    ("rules", "body", "span"),
    [
        ("pefl", f"{_red('Призрак')} мутный какой-то весь день", "Призрак"),
        ("gambler", f"Весь день молчит. {_green('Лесник')} точно что-то знает", "Лесник"),
    ],
)
def test_C_3_a_being_named_at_the_head_of_its_sentence_is_shown(
    rules: RulesetName, body: str, span: str
) -> None:
    got = _day(rules, body)
    assert (got.status, got.reason, got.span) == ("rejected", UNKNOWN_NICK, span), body


@pytest.mark.parametrize(
    "body",
    [
        f"{_red('Маньяк')} сегодня опять промахнулся",  # a role: whoever holds it
        f"{_red('Друзья')}, давайте думать",  # a plural: no one player
        f"{_red('Мафия')} хитрая какая-то",  # no being
        f"Мне кажется, {_red('Призрак')} тут ни при чём",  # not at the head of its sentence
    ],
)
def test_C_3_near_misses_of_a_being_named_stay_no_vote(body: str) -> None:
    assert _day("pefl", body).status == "no_vote", body


@pytest.mark.parametrize(
    ("rules", "body", "span"),
    [
        ("gambler", f"{_green('Солнышко')} 🙏", "Солнышко"),
        ("gambler", _green("лимонад"), "лимонад"),
        ("pefl", f"{_red('Лунный свет')}!!!", "Лунный свет"),
    ],
)
def test_G_N_1_a_noun_that_is_all_its_post_is_shown(
    rules: RulesetName, body: str, span: str
) -> None:
    got = _day(rules, body)
    assert (got.status, got.reason, got.span) == ("rejected", UNKNOWN_NICK, span), body


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        ("gambler", _green("согласна")),  # no noun: a word of assent
        ("gambler", f"{_green('лимонад')} вкусный"),  # other words: a remark
        ("pefl", _red("очень")),  # an adverb: emphasis
        ("gambler", _green("Голос:")),  # a label
        ("pefl", _red("Голос")),  # a vote word
    ],
)
def test_G_N_1_near_misses_of_a_noun_alone_stay_no_vote(rules: RulesetName, body: str) -> None:
    assert _day(rules, body).status == "no_vote", body
