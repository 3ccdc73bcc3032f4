"""Batch 22's classes (a traders' forum whose nicks are all Latin, tests/letters/batch22.md),
each by its shape. C-3 — a form that fits two living nicks proves neither: a handle's digit
left out or said as the letter it looks like (Sol0 beside Solo, Tick3r beside Ticker), and a
handle's camelCase part heard in Cyrillic (AltCoiner beside Alt_Season). C-2 — trade talk
with no word of the game proves no move: a verb with a thing of its own put «на» a player
(«Ставлю стоп-лосс на X»), and «слить» — the table's word for a vote-out by day, a trader's
for selling — whose player may be an indeclinable nick right after the verb. C-1 — a move
put off to an event to come («как закроется свеча») is asked."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import NickMatch, NickResolver, digit_twins, shared_name
from parser.sender import cast_state, sender_view


def _read(players: dict[str, str], sender: str, text: str, *, ruleset: str = "pefl") -> Any:
    cast = {
        "ruleset": ruleset,
        "turn": 2,
        "players": {nick: {"role": role} for nick, role in players.items()},
    }
    view = sender_view(cast_state(cast), sender)
    assert view is not None, sender
    reading: LetterReading = read_letter(text, view)
    return reading


_DIGITS = {
    "Rekt": "maniac",
    "Sol0": "civilian",
    "Solo": "civilian",
    "Tick3r": "civilian",
    "Ticker": "civilian",
    "Fibo": "civilian",
}


@pytest.mark.parametrize("text", ["Убиваю Sol", "Убиваю Соло", "Убиваю Тикера", "Убиваю Tiker"])
def test_C_3_a_form_without_a_handles_digit_fits_its_letter_twin_too(text: str) -> None:
    got = _read(_DIGITS, "Rekt", text)
    assert got.kind == "question" and got.code == "ambiguous_nick", got


@pytest.mark.parametrize(
    ("text", "nick"),
    [("Убиваю Sol0", "Sol0"), ("Убиваю Solo", "Solo"), ("Убиваю Tick3r", "Tick3r")],
)
def test_C_3_a_handle_typed_as_it_stands_names_its_bearer(text: str, nick: str) -> None:
    got = _read(_DIGITS, "Rekt", text)
    assert got.kind == "move" and got.targets == (nick,), got


def test_C_3_digit_twins_are_only_nicks_a_digit_read_as_a_letter_makes_equal() -> None:
    resolver = NickResolver(["Sol0", "Solo", "Вася", "Вася2005", "pips4u"])
    assert digit_twins(resolver, "Sol", "Sol0") == ("Solo",)
    assert digit_twins(resolver, "Соло", "Solo") == ("Sol0",)
    assert digit_twins(resolver, "Sol0", "Sol0") == ()  # the digit typed
    assert digit_twins(resolver, "Solo", "Solo") == ()  # the letters typed as they stand
    assert digit_twins(resolver, "Васю", "Вася") == ()  # a year is no letter
    # the votes read the same rule through `shared_name`
    m = shared_name(resolver, NickMatch("Соло", "Solo", "translit", 0.8))
    assert m.reason == "ambiguous_nick" and set(m.candidates) == {"Sol0", "Solo"}


_PARTS = {"Doji": "commissar", "AltCoiner": "civilian", "Alt_Season": "civilian"}


@pytest.mark.parametrize("text", ["Проверяю Альта", "Проверяю Альт", "Проверяю Alt"])
def test_C_3_a_part_two_handles_share_is_asked_camel_case_or_not(text: str) -> None:
    got = _read(_PARTS, "Doji", text, ruleset="gambler")
    assert got.kind == "question" and got.code == "ambiguous_nick", got


def test_C_3_a_part_one_handle_has_alone_names_him() -> None:
    players = {"Doji": "commissar", "AltCoiner": "civilian", "Zoloto": "civilian"}
    got = _read(players, "Doji", "Проверяю Альта", ruleset="gambler")
    assert got.kind == "move" and got.targets == ("AltCoiner",), got


def test_C_3_a_sound_of_one_handles_part_that_cuts_another_handle_short_is_asked() -> None:
    players = {"Doji": "commissar", "NightOwl": "civilian", "Nightfall": "civilian"}
    got = _read(players, "Doji", "Проверяю Найта", ruleset="gambler")
    assert got.kind == "question" and got.code == "ambiguous_nick", got


_TRADERS = {"Rekt": "maniac", "StopLoss": "doctor", "Doji": "civilian", "Ledger": "civilian"}


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("StopLoss", "Ставлю стоп-лосс на Доджи"),
        ("StopLoss", "Ставлю ордер на Ledger"),
        ("Rekt", "Кладу глаз на Ledger"),
    ],
)
def test_C_2_a_verbs_own_thing_put_on_a_player_proves_no_move(sender: str, text: str) -> None:
    """`sense.staked_on`: the verb has its thing, the player stands after a preposition."""
    got = _read(_TRADERS, sender, text)
    assert got.kind == "question" and got.code == "is_it_a_move", got


@pytest.mark.parametrize("text", ["Сливаю Ledger", "Сливаю Доджи", "Сажаю Доджи", "Сливаем Доджи"])
def test_C_2_a_verb_of_the_days_vote_out_proves_no_night_move(text: str) -> None:
    """«слить» is the table's word for voting a player out by day (`dayverbs`); an
    indeclinable nick right after the sender's verb is its object (`object_of_own_verb`)."""
    got = _read(_TRADERS, "Rekt", text)
    assert got.kind == "question" and got.code == "is_it_a_move", got


@pytest.mark.parametrize(
    ("sender", "text", "action"),
    [
        ("StopLoss", "Ставлю защиту на Доджи", "heal"),
        ("Rekt", "Фиксирую прибыль: убиваю Доджи", "kill"),
    ],
)
def test_C_2_a_game_word_beside_trade_talk_is_the_move(sender: str, text: str, action: str) -> None:
    got = _read(_TRADERS, sender, text)
    assert got.kind == "move" and got.action == action, got


_ENGLISH = {"Doji": "commissar", "trader_2008": "civilian", "GAZP": "civilian"}


def test_C_3_a_word_of_an_english_sentence_is_no_part_of_a_handle() -> None:
    """`mentions._foreign_talk`: «trader» amid «he is the oldest … here» is the sentence's."""
    got = _read(_ENGLISH, "Doji", "Проверяю GAZP, he is the oldest trader here", ruleset="gambler")
    assert got.kind == "move" and got.targets == ("GAZP",), got


def test_C_3_a_handles_part_alone_after_a_move_word_still_names_him() -> None:
    got = _read(_ENGLISH, "Doji", "Проверяю trader", ruleset="gambler")
    assert got.kind == "move" and got.targets == ("trader_2008",), got


_THUG = {"Hedge": "thug", "Khomyak": "civilian", "Ledger": "civilian"}


@pytest.mark.parametrize(
    "text", ["Сюрприз Хомяку готовлю — избиваю его", "Памп Хомяку устрою — избиваю его"]
)
def test_C_2_a_pronoun_points_back_to_the_object_of_a_verb_closing_its_clause(text: str) -> None:
    """`sense.antecedent_in_other_sense`: the verb of another sense after the player."""
    got = _read(_THUG, "Hedge", text)
    assert got.kind == "move" and got.action == "beat" and got.targets == ("Khomyak",), got


def test_C_3_a_pronoun_after_an_opinion_on_the_one_player_named_is_that_player() -> None:
    """`decide._sole_antecedent` (reader-52): the only possible antecedent is read."""
    got = _read(_THUG, "Hedge", "Думаю, Хомяк мафия — избиваю его")
    assert got.kind == "move" and got.action == "beat" and got.targets == ("Khomyak",), got


def test_C_3_a_pronoun_after_an_opinion_on_two_players_stays_asked() -> None:
    got = _read(_THUG, "Hedge", "Думаю, Хомяк и Ledger мафия — избиваю его")
    assert got.kind == "question" and got.code == "pronoun", got


_SHERIFF = {"Sniper_BTC": "sheriff", "BigWhale": "godfather", "Zoloto": "civilian"}


@pytest.mark.parametrize(
    "text",
    [
        "Застрелю Zoloto, как откроется биржа",
        "Как закроется свеча — убиваю Zoloto",
        "Убиваю Zoloto, как наступит полночь по Бангкоку",
    ],
)
def test_C_1_a_move_put_off_to_an_event_to_come_is_asked(text: str) -> None:
    got = _read(_SHERIFF, "Sniper_BTC", text, ruleset="gambler")
    assert got.kind == "question", got


@pytest.mark.parametrize(
    "text", ["Убиваю Zoloto, как и вчера хотел", "Застрелю Zoloto, как договаривались"]
)
def test_C_1_a_comparison_by_how_puts_nothing_off(text: str) -> None:
    got = _read(_SHERIFF, "Sniper_BTC", text, ruleset="gambler")
    assert got.kind == "move" and got.targets == ("Zoloto",), got
