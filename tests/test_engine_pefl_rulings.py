"""PEFL night rules as the newer rulings read them (RULES.md P-M.3, P-M.5, P-M.7, P-M.8,
P-M.10, P-M.12): the army after heroes fell to the ambush or the kamikaze, harakiri counting
only the ninja's own blade, a silent Don's member letter, a Don blown up at step 4, the heal
against the ambush, and a shot at a kamikaze beaten that night."""

from __future__ import annotations

import pytest

from engine import GameState, Move, RuleSet
from engine import events as ev
from tests.engine_kit import alive, deaths, mv, of, play, rejections
from tests.test_engine_pefl_night import pefl


def killer(events: list[ev.Event], nick: str) -> str | None:
    found: list[ev.DeathRecorded] = of(events, ev.DeathRecorded)
    return next(e.killer for e in found if e.nick == nick)


# --- P-M.7: the army after heroes fell to the ambush or the kamikaze -----------------------
def test_P_M_7_army_after_heroes_fell_to_the_ambush_and_the_kamikaze_played_out() -> None:
    rules, s = pefl()
    # night 1: the commissar checks and the ninja stabs the ambushing maniac: both die of
    # the ambush (P-M.14); the kamikaze blows up the doctor (P-M.9)
    moves = [
        mv("Man", "ambush"),
        mv("Com", "check", "Man"),
        mv("Nin", "kill", "Man"),
        mv("K", "blast", "Doc"),
    ]
    s, events = play(rules, s, moves)
    assert deaths(events) == {"Com": "ambush", "Nin": "ambush", "Doc": "kamikaze", "K": "kamikaze"}
    # night 2: the sergeant, now commissar (P-M.2), shoots nobody; the triad kills him
    s, events = play(rules, s, [mv("T1", "kill", "Sgt", executor="T2")])
    assert deaths(events) == {"Sgt": "triad"}
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) is None
    s, events = play(rules, s, [mv("Nec", "army", "Y1", "T1")])
    assert deaths(events) == {"Y1": "army", "T1": "army", "Nec": "army"}


def test_P_M_7_a_hero_who_shot_the_kamikaze_fell_to_the_kamikaze() -> None:
    rules, s = pefl()
    s, events = play(rules, s, [mv("Nin", "kill", "K")])  # P-M.10: the ninja dies with him
    assert deaths(events)["Nin"] == "kamikaze"
    for n, cause in (("Com", "yakuza"), ("Sgt", "maniac"), ("Doc", "triad")):
        s = s.with_player(n, alive=False, out_by=cause)
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) is None


@pytest.mark.parametrize("cause", ["ambush", "kamikaze", "yakuza", "triad", "maniac"])
def test_P_M_7_every_death_by_mafia_or_maniac_opens_the_army(cause: str) -> None:
    rules, s = pefl(turn=4)
    for n, c in (("Com", cause), ("Sgt", "yakuza"), ("Nin", "maniac"), ("Doc", "triad")):
        s = s.with_player(n, alive=False, out_by=c)
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) is None


@pytest.mark.parametrize("cause", ["harakiri", "testament", "ninja", "missing", "override"])
def test_P_M_7_other_deaths_keep_the_army_closed(cause: str) -> None:
    rules, s = pefl(turn=4)
    for n, c in (("Com", "triad"), ("Sgt", "yakuza"), ("Nin", cause), ("Doc", "triad")):
        s = s.with_player(n, alive=False, out_by=c)
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) == "army_not_allowed"


# --- P-M.3: only the ninja's own blade counts toward harakiri -------------------------------
def _one_peaceful_kill(rules: RuleSet, s: GameState) -> GameState:
    s, events = play(rules, s, [mv("Nin", "kill", "C4")])
    assert deaths(events) == {"C4": "ninja"} and s.get("Nin").peaceful_kills == 1
    return s


def test_P_M_3_target_blown_up_at_step_4_is_not_the_ninjas_kill() -> None:
    rules, s = pefl()
    s = _one_peaceful_kill(rules, s)
    s, events = play(rules, s, [mv("K", "blast", "C1"), mv("Nin", "kill", "C1")])
    assert deaths(events) == {"C1": "kamikaze", "K": "kamikaze"}  # no harakiri
    assert s.get("Nin").alive and s.get("Nin").peaceful_kills == 1


def test_P_M_3_beaten_victim_blown_up_with_the_thug_is_not_the_ninjas_kill() -> None:
    # P-M.10: the kamikaze blasts the thug, so the player the thug beat dies at step 4 too
    rules, s = pefl()
    s = _one_peaceful_kill(rules, s)
    moves = [mv("H", "beat", "C1"), mv("K", "blast", "H"), mv("Nin", "kill", "C1")]
    s, events = play(rules, s, moves)
    assert deaths(events) == {"C1": "kamikaze", "H": "kamikaze", "K": "kamikaze"}
    assert s.get("Nin").alive


def test_P_M_3_second_peaceful_kill_of_his_own_blade_is_harakiri() -> None:
    rules, s = pefl()
    s = _one_peaceful_kill(rules, s)
    _, events = play(rules, s, [mv("Nin", "kill", "TB")])
    assert deaths(events) == {"TB": "ninja", "Nin": "harakiri"}


def test_P_M_3_blade_and_a_clan_bullet_at_once_still_count() -> None:
    # step 5 strikes are simultaneous: the blade struck a living man and he died of it,
    # whichever strike names the cause (P-M.14 ruling)
    rules, s = pefl()
    s = _one_peaceful_kill(rules, s)
    moves = [mv("Nin", "kill", "C1"), mv("Y1", "kill", "C1", executor="Y2")]
    _, events = play(rules, s, moves)
    assert set(deaths(events)) == {"C1", "Nin"}
    assert deaths(events)["Nin"] == "harakiri"


# --- P-M.8: a silent Don's member letter, whatever executor it names ------------------------
@pytest.mark.parametrize("named", ["Y1", "T2", "YB", "C2", "Y2"])
def test_P_M_8_silent_dons_member_letter_counts_with_its_sender_as_executor(named: str) -> None:
    # the Don (Y1) is silent; Y2's letter names an executor who could not be one (the Don
    # himself, another clan's member, the bastard, an outsider to the clan) or himself
    rules, s = pefl()
    letter = mv("Y2", "kill", "C1", executor=named)
    assert rules.check_move(s, letter) is None
    _, events = play(rules, s, [letter])
    assert deaths(events) == {"C1": "yakuza"}
    assert killer(events, "C1") == "Y2"
    assert rejections(events) == {}


def test_P_M_8_member_letter_naming_the_thug_still_fires_by_its_sender() -> None:
    # a member's letter naming the beating thug as executor: not `executor_busy`, the sender
    # shoots (P-M.11 binds the thug, not the letter's sender)
    rules, s = pefl()
    moves = [mv("H", "beat", "C3"), mv("T2", "kill", "C1", executor="H")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C1": "triad"}
    assert killer(events, "C1") == "T2"


def test_P_M_8_dons_own_letter_is_still_held_to_the_executor_rules() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Y1", "kill", "C1", executor="T2")) == "executor_not_in_clan"
    assert rules.check_move(s, mv("Y1", "kill", "C1")) == "no_executor"


def test_P_M_8_member_letter_does_not_count_while_the_don_writes() -> None:
    rules, s = pefl()
    moves = [mv("Y2", "kill", "C1", executor="Y1"), mv("Y1", "kill", "C2", executor="K")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C2": "yakuza"}
    assert killer(events, "C2") == "K"


# --- P-M.8 (silent rule): a Don blown up at step 4 the night he sent his order ----------------
def test_P_M_8_blasted_dons_order_is_carried_out_by_his_living_executor() -> None:
    rules, s = pefl()
    moves = [mv("K", "blast", "T1"), mv("T1", "kill", "C1", executor="T2")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"T1": "kamikaze", "K": "kamikaze", "C1": "triad"}
    assert killer(events, "C1") == "T2"


def test_P_M_8_blasted_don_order_needs_a_living_executor() -> None:
    # a Don alone executes himself (P-M.8): blown up, nobody is left to shoot
    rules, s = pefl()
    s = s.with_player("T2", alive=False, out_by="maniac").with_player(
        "H", alive=False, out_by="maniac"
    )
    _, events = play(rules, s, [mv("K", "blast", "T1"), mv("T1", "kill", "C1", executor="T1")])
    assert deaths(events) == {"T1": "kamikaze", "K": "kamikaze"}


def test_P_M_8_blasted_don_setting_off_the_clan_plays_as_with_a_silent_don() -> None:
    rules, s = pefl(blasted_don_order_stands=False)
    moves = [
        mv("K", "blast", "T1"),
        mv("T1", "kill", "C1", executor="T2"),
        mv("H", "kill", "C2"),
    ]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"T1": "kamikaze", "K": "kamikaze", "C2": "triad"}
    assert killer(events, "C2") == "H"


# --- P-M.5 with P-M.14: the heal holds against the maniac's ambush -------------------------
def test_P_M_5_healed_checker_of_the_ambusher_lives_and_learns_nothing() -> None:
    rules, s = pefl()
    moves = [mv("Man", "ambush"), mv("Com", "check", "Man"), mv("Doc", "heal", "Com")]
    s, events = play(rules, s, moves)
    assert deaths(events) == {}
    assert "Com" in alive(s)
    assert [e.nick for e in of(events, ev.Saved) if e.how == "heal"] == ["Com"]
    assert of(events, ev.CheckResult) == []


def test_P_M_5_healed_shooter_of_the_ambusher_lives() -> None:
    rules, s = pefl()
    moves = [mv("Man", "ambush"), mv("Y1", "kill", "Man", executor="Y2"), mv("Doc", "heal", "Y2")]
    s, events = play(rules, s, moves)
    assert deaths(events) == {}
    assert {"Y2", "Man"} <= set(alive(s))


def test_P_M_5_heal_is_powerless_when_the_ambush_is_the_second_strike() -> None:
    # P-M.5: attacked twice (the triad's bullet and the ambush) → the heal does not help
    rules, s = pefl()
    moves = [
        mv("Man", "ambush"),
        mv("Com", "check", "Man"),
        mv("Doc", "heal", "Com"),
        mv("T1", "kill", "Com", executor="T2"),
    ]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Com": "ambush"}
    shooter = [
        mv("Man", "ambush"),
        mv("Nin", "kill", "Man"),
        mv("Doc", "heal", "Nin"),
        mv("T1", "kill", "Nin", executor="T2"),
    ]
    _, events = play(rules, s, shooter)
    assert deaths(events) == {"Nin": "ambush"}


def test_P_M_5_heal_stops_ambush_setting_off_the_ambush_takes_him_anyway() -> None:
    rules, s = pefl(heal_stops_ambush=False)
    moves = [
        mv("Man", "ambush"),
        mv("Com", "check", "Man"),
        mv("Nin", "kill", "Man"),
        mv("Doc", "heal", "Com"),
    ]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Com": "ambush", "Nin": "ambush"}
    _, events = play(
        rules, s, [mv("Man", "ambush"), mv("Nin", "kill", "Man"), mv("Doc", "heal", "Nin")]
    )
    assert deaths(events) == {"Nin": "ambush"}


# --- P-M.12 ruling / P-M.10: a shot at a kamikaze beaten that night -------------------------
@pytest.mark.parametrize(
    ("shot", "shooter"),
    [
        (mv("Man", "kill", "K"), "Man"),
        (mv("Nin", "kill", "K"), "Nin"),
        (mv("T1", "kill", "K", executor="T2"), "T2"),  # the executor, not the Don
    ],
)
def test_P_M_12_ruling_shooter_of_a_beaten_kamikaze_dies(shot: Move, shooter: str) -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("H", "beat", "K"), shot])
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze", shooter: "kamikaze"}
    assert killer(events, shooter) == "K"


def test_P_M_12_ruling_nothing_saves_the_shooter() -> None:
    rules, s = pefl()
    s, _ = play(rules, s, [mv("Nec", "protect", "Man")])
    moves = [mv("H", "beat", "K"), mv("Man", "kill", "K"), mv("Doc", "heal", "Man")]
    s, events = play(rules, s, moves)
    assert deaths(events)["Man"] == "kamikaze"
    assert "Man" not in alive(s)
    assert of(events, ev.Resurrected) == []


def test_P_M_12_ruling_setting_off_the_shot_finds_a_dead_man() -> None:
    rules, s = pefl(shot_at_beaten_kamikaze_dies=False)
    _, events = play(rules, s, [mv("H", "beat", "K"), mv("Man", "kill", "K")])
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze"}


def test_P_M_12_ruling_is_about_the_beaten_kamikaze_only() -> None:
    # a kamikaze who blew himself up at step 4 (not beaten) is just dead when the shot comes
    rules, s = pefl()
    _, events = play(rules, s, [mv("K", "blast", "C1"), mv("Man", "kill", "K")])
    assert deaths(events) == {"C1": "kamikaze", "K": "kamikaze"}


# --- P-M.11 ruling: beaten, then killed the same night -------------------------------------
def test_P_M_11_ruling_a_player_beaten_then_killed_is_still_named_as_beaten() -> None:
    rules, s = pefl()
    # the thug beats C1 at step 4, the yakuza shoots him at step 5
    _, events = play(rules, s, [mv("H", "beat", "C1"), mv("Y1", "kill", "C1", executor="Y2")])
    assert deaths(events) == {"C1": "yakuza"}
    assert [e.nick for e in of(events, ev.Beaten)] == ["C1"]


def test_P_M_11_ruling_setting_off_names_only_the_death() -> None:
    rules, s = pefl(beaten_and_killed_named=False)
    _, events = play(rules, s, [mv("H", "beat", "C1"), mv("Y1", "kill", "C1", executor="Y2")])
    assert deaths(events) == {"C1": "yakuza"}
    assert of(events, ev.Beaten) == []
    # a beaten player who lives is named either way
    _, events = play(rules, s, [mv("H", "beat", "C1")])
    assert [e.nick for e in of(events, ev.Beaten)] == ["C1"]


# --- P-M.2 ruling: the sergeant takes over however the commissar left -----------------------
def _sergeant_checks_next_turn(rules: RuleSet, s: GameState) -> None:
    assert not s.get("Com").alive
    assert s.get("Sgt").promoted
    assert rules.check_move(s, mv("Sgt", "check", "Y1")) is None
    _, events = play(rules, s, [mv("Sgt", "check", "Y1")])
    found: list[ev.CheckResult] = of(events, ev.CheckResult)
    assert [(e.audience.nick, e.by, e.target, e.result) for e in found] == [
        ("Sgt", "commissar", "Y1", "yakuza")
    ]


@pytest.mark.parametrize(
    "exit_",
    ["missing_no_post", "hanged", "removed_step_3", "removed_step_7", "second_abstention"],
)
def test_P_M_2_ruling_the_sergeant_takes_over_however_the_commissar_left(exit_: str) -> None:
    from engine import Override, Vote

    rules, s = pefl()
    others = [n for n in s.living_nicks() if n != "Com"]
    if exit_ == "missing_no_post":  # P-A.1
        s2, events = play(rules, s, posters=others)
    elif exit_ == "hanged":  # P-V.4
        votes = [Vote(n, "Com", "red", i) for i, n in enumerate(others[:5])]
        s2, events = play(rules, s, votes=votes)
    elif exit_ == "second_abstention":  # P-A.2
        s = s.with_player("Com", abstentions=1)
        voters = [Vote(n, "C1", "red", i) for i, n in enumerate(others)]
        s2, events = play(rules, s, votes=voters, fresh=False)
    else:  # C-6: the host removes him, at step 3 or as a step-7 leaver
        step = 3 if exit_ == "removed_step_3" else 7
        s2, events = play(rules, s, overrides=[Override(kind="remove", nick="Com", step=step)])
    assert [e.nick for e in of(events, ev.Promoted)] == ["Sgt"]
    _sergeant_checks_next_turn(rules, s2)
