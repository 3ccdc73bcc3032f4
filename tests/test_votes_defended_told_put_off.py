"""A red defended, a red in a report of another's vote, a vote put off with a present verb
(P-V.1, G-N.1; tests/votes/README.md, round `votes-26`): none is the author's vote, each is
shown to the host. Defence is the fourth sense beside gratitude, approval and trust in
`parser.votes.proof`: an accusation or guilt negated, a plea not to harm him, a guarantee
or his innocence said — in his own clause or a later one speaking of him by a pronoun. A
vote word, an accusation not negated, or innocence put as a condition leave the vote."""

from __future__ import annotations

from typing import Literal

import pytest

from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Рубанок", "Стамеска", "Зубило", "Верстак", "Lathe_3", "Напильник", "Тиски")


_read = reader_for(PLAYERS, by="Тиски")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"{_red('Рубанок')} здесь вообще ни при чём, оставьте.", "pefl"),
        (f"Читаю лог ночи. {_red('Стамеска')} — не трогайте её, она своя.", "pefl"),
        (f"{_red('Зубило')} играет ровно, он не мафия.", "pefl"),
        (f"Закрываю собой {_red('Верстак')}: я за него ручаюсь.", "pefl"),
        (f"{_red('Lathe_3')} — он честный, проверено.", "pefl"),
        (f"{_green('Напильник')} не виноват, отстаньте от него.", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_red_defended_is_no_vote(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert got.status != "vote", got
    assert got.status == "no_vote" or (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # a condition or a question says nothing of him for sure
        (f"{_red('Рубанок')} — если он честный, пусть объяснит ночь.", "Рубанок"),
        # a defence word negated, or an accusation beside the negated one, accuses
        (f"{_red('Стамеска')} не мафия, а маньяк, путается весь день.", "Стамеска"),
        (f"{_red('Зубило')} весь день молчит, я за него не ручаюсь.", "Зубило"),
        # a vote word in the post keeps the vote
        (f"Голосую против {_red('Верстака')}, он не мирный точно.", "Верстак"),
        # innocence not said of him: «строит из себя мирного»
        (f"{_red('Lathe_3')} строит из себя мирного, а сам путается.", "Lathe_3"),
    ],
)
def test_P_V_1_near_misses_of_a_defence_are_still_the_vote(body: str, target: str) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    "body",
    [
        f"Вчера Зубило голосовал против {_red('Рубанка')}, странный выбор.",
        f"Верстак против {_red('Стамески')} проголосовал, а я думаю — зря.",
        f"Он с утра голосовал против {_red('Напильника')}, вот и всё.",
    ],
)
def test_P_V_1_a_red_in_a_report_of_anothers_past_vote_is_not_the_authors(body: str) -> None:
    got = _read(body)
    assert (got.status, got.reason) == ("rejected", "unproven"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # another's past vote told in a clause of its own: the author's red is his vote
        (f"Голосую против {_red('Рубанка')}, хотя Зубило вчера голосовал иначе.", "Рубанок"),
        (f"Голосую против {_red('Стамески')}: вчера она голосовала за мирного.", "Стамеска"),
    ],
)
def test_P_V_1_the_authors_own_vote_beside_a_past_tense_is_read(body: str, target: str) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    "body",
    [
        f"голосую против {_red('Зубила')} после смены, сейчас некогда",
        f"Голосую против {_red('Верстака')} вечером, не сейчас — на работе.",
    ],
)
def test_P_V_1_a_present_vote_verb_put_off_and_not_now_is_put_off(body: str) -> None:
    got = _read(body)
    assert (got.status, got.reason) == ("rejected", "put_off"), got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # no «not now»: the time may be the vote's ground
        (f"Голосую против {_red('Зубила')} после проверки шерифа.", "Зубило"),
        # «некогда» about something else, no time to come beside the vote verb
        (f"Голосую против {_red('Верстака')}, сейчас некогда расписывать.", "Верстак"),
    ],
)
def test_P_V_1_a_present_vote_verb_without_both_signs_is_the_vote(body: str, target: str) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", target), got


DEAD = ("Шуруповёрт",)


_read_with_dead = reader_for(PLAYERS, by="Тиски", dead=DEAD)


def test_C_5_P_V_1_a_red_on_a_dead_player_taken_back_as_a_joke_is_shown() -> None:
    got = _read_with_dead(f"Против {_red('Шуруповёрта')} — его уже нет с нами, шучу)")
    assert (got.status, got.reason) == ("rejected", "dead_target"), got
    # on a living player the same joke takes the red back with nothing to show
    living = _read_with_dead(f"Против {_red('Рубанка')} — шучу)")
    assert living.status != "vote", living


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"{_green('верстак')} в суд", "Верстак"),
        (f"{_green('Стамеску')} на суд, хватит", "Стамеска"),
    ],
)
def test_G_N_1_a_green_sent_to_court_is_the_vote_in_lower_case_too(body: str, target: str) -> None:
    got = _read(body, "gambler")
    assert (got.status, got.target) == ("vote", target), got


def test_G_N_1_a_lower_case_word_green_with_no_vote_grammar_is_still_the_word() -> None:
    got = _read(f"после {_green('верстака')} поговорим", "gambler")
    assert got.status != "vote", got


@pytest.mark.parametrize(
    "body",
    [
        f"{_red('Сороку')} за то что весь день молчала",
        f"{_red('Ворону')}, потому что путается в ночах",
    ],
)
def test_C_3_P_V_1_a_being_no_player_bears_as_a_vote_object_is_shown_unknown(body: str) -> None:
    got = _read(body)
    assert (got.status, got.reason) == ("rejected", "unknown_nick"), got


def test_C_3_a_being_named_in_passing_is_no_line() -> None:
    got = _read(f"{_red('Сороку')} видела утром во дворе")
    assert got.status == "no_vote", got


def test_P_V_1_innocence_as_a_nouns_attribute_is_no_defence() -> None:
    got = _read(f"{_red('Зубило')} — мирный житель только на словах: путается в ночах.")
    assert (got.status, got.target) == ("vote", "Зубило"), got


def test_G_N_1_no_time_now_beside_a_vote_verb_is_no_time_to_come() -> None:
    got = _read(f"{_green('Верстак')} выдвигаю, некогда мне, на смене", "gambler")
    assert (got.status, got.target) == ("vote", "Верстак"), got
