"""What the shell asks the rule set instead of asking which one it is (`RuleSetBase`)."""

from __future__ import annotations

import dataclasses

from engine import RULESETS, Move, RulesSettings, Seat, get_ruleset
from engine.bans import ban_games
from mafiabot.store import open_store

GAMBLER = get_ruleset("gambler")
PEFL = get_ruleset("pefl")


def test_C_1_the_turn_calendar_phases() -> None:
    assert RULESETS == ("gambler", "pefl")
    assert PEFL.turn_phases == ("day",) and PEFL.first_turn == 0
    assert GAMBLER.turn_phases == ("greens", "court") and GAMBLER.first_turn == 1


def test_P_V_1_G_N_1_G_N_4_what_counts_as_a_vote_in_a_phase() -> None:
    seats = [Seat(n, "civilian") for n in "ABCDEF"]
    pefl = PEFL.new_game(seats)
    assert not PEFL.counts_votes(pefl)  # turn 0 is a night
    assert PEFL.counts_votes(dataclasses.replace(pefl, turn=1))
    assert PEFL.vote_kind("day") == "red"
    gambler = GAMBLER.new_game(seats)
    assert not GAMBLER.counts_votes(gambler)  # the introduction day
    assert GAMBLER.counts_votes(dataclasses.replace(gambler, turn=2, phase="greens"))
    assert GAMBLER.vote_kind("greens") == "green" and GAMBLER.vote_kind("court") == "court"


def test_G_M_8_the_greens_take_the_side_letter_and_the_court_takes_the_rest() -> None:
    assert GAMBLER.takes_move("greens", "choose_side")
    assert not GAMBLER.takes_move("greens", "kill")
    assert GAMBLER.takes_move("court", "kill") and not GAMBLER.takes_move("court", "choose_side")
    assert PEFL.takes_move("day", "kill")


def test_C_6_gambler_replacements_with_the_greens_verdicts_with_the_court() -> None:
    assert GAMBLER.takes_override("greens", "replace")
    assert not GAMBLER.takes_override("greens", "jail")
    assert GAMBLER.takes_override("court", "jail") and not GAMBLER.takes_override(
        "court", "replace"
    )
    assert GAMBLER.takes_override("day", "replace")
    assert PEFL.takes_override("day", "replace") and PEFL.takes_override("day", "hang")


def test_P_M_0_request_changes_limit_is_pefls() -> None:
    assert PEFL.request_changes() == RulesSettings().request_changes
    assert get_ruleset("pefl", RulesSettings(request_changes=3)).request_changes() == 3
    assert GAMBLER.request_changes() is None  # each new letter replaces the last


def test_G_M_5_G_M_6_a_mafiosos_kill_letter_is_conditional() -> None:
    state = GAMBLER.new_game([Seat("Дон", "godfather"), Seat("Мафиози", "mafia")])
    kill = Move("Мафиози", "kill", ("Дон",))
    assert GAMBLER.conditional_letter(state, kill, "wrong_role")
    assert not GAMBLER.conditional_letter(state, kill, None)
    assert not GAMBLER.conditional_letter(state, Move("Дон", "kill", ("Мафиози",)), "wrong_role")
    assert not PEFL.conditional_letter(state, kill, "wrong_role")


def test_G_N_3_court_threshold_and_G_P_2_last_word() -> None:
    assert [GAMBLER.court_threshold(n) for n in (14, 9, 8)] == [3, 2, 1]
    assert PEFL.court_threshold(14) is None
    assert GAMBLER.last_word and not PEFL.last_word


def test_P_B_1_the_store_bans_by_the_engines_table() -> None:
    store = open_store("sqlite:///:memory:")
    ids = [store.create_game(name="g", ruleset="pefl", topic_id=i, seed=1).id for i in range(6)]
    games = [store.record_removal("Кот", gid, "passivity").games for gid in ids]
    assert games == [ban_games(n) for n in range(1, 7)] == [1, 2, 4, 8, 16, 16]
    store.close()
