"""The one turn assembly (`build_turn_inputs`) that the daemon's deadline and `mafiabot
replay` share: phase votes, letters and overrides, G-P.2's last word, P-P.2's allowance."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta

from engine import GameState, Move, Override, Seat, get_ruleset, step
from engine import events as ev
from mafiabot.replay_posts import post_from_body
from mafiabot.turn_inputs import TurnCalendar, TurnPost, build_turn_inputs, phase_overrides

DIED = datetime(2026, 12, 4, 21, 0, tzinfo=UTC)
GAMBLER_SEATS = (
    Seat("Анна", "civilian"),
    Seat("Борис", "civilian"),
    Seat("Вера", "godfather"),
    Seat("Глеб", "mafia"),
    Seat("Дина", "doctor"),
    Seat("Егор", "sheriff"),
)


def _post(pid: int, author: str, html: str, at: datetime | None = None) -> TurnPost:
    post = dataclasses.replace(post_from_body(pid, author, html, pid), posted_at=at)
    return TurnPost(post, author)


def _gambler_court(dead_civilian: str = "Анна", cause: str = "killed") -> GameState:
    rules = get_ruleset("gambler")
    state = rules.new_game(GAMBLER_SEATS)
    state = dataclasses.replace(state, turn=3, phase="court", nominees=("Вера",))
    return state.with_player(dead_civilian, alive=False, out_by=cause, out_turn=2)


def _calendar(hours: int = 12) -> TurnCalendar:
    return TurnCalendar(
        deadline=DIED + timedelta(days=1),
        greens_deadline=DIED + timedelta(hours=14),
        deaths={"Анна": DIED},
        last_word=timedelta(hours=hours),
    )


def test_G_P_2_a_killed_civilians_post_after_12_hours_is_not_his_last_word() -> None:
    rules = get_ruleset("gambler")
    state = _gambler_court()
    late = _post(10, "Анна", "Я всё-таки скажу: это Вера!", DIED + timedelta(hours=13))
    built = build_turn_inputs(rules, state, posts=[late], calendar=_calendar())
    assert built.inputs.post_authors == ()  # the engine does not take it as the last word
    (flag,) = built.flags
    assert "сообщение 10 написано позже чем через 12 часов после гибели" in flag
    assert "последним словом оно уже не считается" in flag


def test_G_P_2_a_last_word_within_the_window_is_his_one_post() -> None:
    rules = get_ruleset("gambler")
    state = _gambler_court()
    word = _post(11, "Анна", "Прощайте, город.", DIED + timedelta(hours=11))
    built = build_turn_inputs(rules, state, posts=[word], calendar=_calendar())
    assert built.inputs.post_authors == ("Анна",) and built.flags == ()
    _, events = step(state, built.inputs, None, random.Random(1), rules)
    assert not [e for e in events if isinstance(e, ev.PostFlagged)]


def test_G_P_2_a_late_post_after_the_last_word_is_flagged_once_by_the_engine() -> None:
    rules = get_ruleset("gambler")
    state = _gambler_court()
    posts = [
        _post(12, "Анна", "Прощайте.", DIED + timedelta(hours=2)),
        _post(13, "Анна", "И ещё одно…", DIED + timedelta(hours=20)),
    ]
    built = build_turn_inputs(rules, state, posts=posts, calendar=_calendar())
    assert built.flags == ()  # the second post is beyond the one allowed: the engine's flag
    _, events = step(state, built.inputs, None, random.Random(1), rules)
    assert [e.count for e in events if isinstance(e, ev.PostFlagged)] == [2]


def test_G_P_2_the_window_is_the_hosts_setting() -> None:
    rules = get_ruleset("gambler")
    state = _gambler_court()
    late = _post(14, "Анна", "Прощайте.", DIED + timedelta(hours=13))
    built = build_turn_inputs(rules, state, posts=[late], calendar=_calendar(hours=24))
    assert built.inputs.post_authors == ("Анна",) and built.flags == ()


def test_G_P_2_a_jailed_player_has_no_last_word_window_to_enforce() -> None:
    rules = get_ruleset("gambler")
    state = _gambler_court(cause="jailed")
    late = _post(15, "Анна", "Несправедливо!", DIED + timedelta(hours=13))
    built = build_turn_inputs(rules, state, posts=[late], calendar=_calendar())
    assert built.flags == () and built.inputs.post_authors == ("Анна",)  # the engine flags it


def test_P_P_2_the_hosts_posts_after_death_reaches_the_engine() -> None:
    rules = get_ruleset("pefl")
    seats = (
        Seat("Анна", "civilian"),
        Seat("Борис", "civilian"),
        Seat("Вера", "mafia", "yakuza", True),
        Seat("Глеб", "mafia", "triad", True),
        Seat("Дина", "doctor"),
        Seat("Егор", "commissar"),
    )
    state = dataclasses.replace(rules.new_game(seats), turn=2, dons_chosen=True)
    state = state.with_player("Анна", alive=False, out_by="killed", out_turn=1)
    posts = [_post(20 + i, "Анна", "ещё слово", None) for i in range(2)]
    for allowed, flagged in ((None, [2]), (2, [])):
        built = build_turn_inputs(rules, state, posts=posts, posts_after_death=allowed)
        _, events = step(state, built.inputs, None, random.Random(1), rules)
        assert [e.count for e in events if isinstance(e, ev.PostFlagged)] == flagged


def test_gambler_phases_take_their_own_letters_and_overrides() -> None:
    rules = get_ruleset("gambler")
    replace = Override("replace", nick="Борис", new_nick="Борис2")
    jail = Override("jail", nick="Вера")
    moves = [Move("Дина", "heal", ("Егор",)), Move("Глеб", "choose_side", (), side="mafia")]
    greens = dataclasses.replace(_gambler_court(), phase="greens")
    built = build_turn_inputs(rules, greens, posts=[], moves=moves, overrides=[replace, jail])
    assert built.inputs.overrides == (replace,)
    assert [m.action for m in built.inputs.moves] == ["choose_side"]
    built = build_turn_inputs(rules, _gambler_court(), posts=[], moves=moves, overrides=[jail])
    assert built.inputs.overrides == (jail,)
    assert [m.action for m in built.inputs.moves] == ["heal"]
    # C-6: a replacement on the introduction day takes effect then
    day = dataclasses.replace(greens, turn=1, phase="day")
    assert phase_overrides(rules, day.phase, [replace, jail]) == (replace, jail)


def test_C_6_a_replacement_accounts_green_counts_for_the_seat() -> None:
    rules = get_ruleset("gambler")
    state = dataclasses.replace(_gambler_court(), phase="greens", nominees=())
    green = '<span style="color:green">Вера</span>'
    # the daemon names the seat (its store maps the new account to the old nick)
    posts = [TurnPost(post_from_body(30, "Борис2", green, 1), "Борис")]
    replace = Override("replace", nick="Борис", new_nick="Борис2")
    built = build_turn_inputs(rules, state, posts=posts, overrides=[replace])
    assert [(v.voter, v.target) for v in built.inputs.votes] == [("Борис2", "Вера")]
    assert built.inputs.posters == ("Борис2",)
