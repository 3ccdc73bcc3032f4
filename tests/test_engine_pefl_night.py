"""PEFL night rules (P-M.*, P-O.1 steps 4–6), each test named after its rule id."""

from __future__ import annotations

from dataclasses import replace

from engine import Event, GameState, RuleSet
from engine import events as ev
from engine.inputs import Override
from tests.engine_kit import alive, deaths, game, mv, of, play, red, rejections

CAST = (
    "Y1:mafia:yakuza:don",
    "Y2:mafia:yakuza",
    "K:kamikaze:yakuza",
    "YB:bastard:yakuza",
    "T1:mafia:triad:don",
    "T2:mafia:triad",
    "H:thug:triad",
    "TB:bastard:triad",
    "Com:commissar",
    "Sgt:sergeant",
    "Nin:ninja",
    "Doc:doctor",
    "Nec:necromancer",
    "Man:maniac",
    "C1:civilian",
    "C2:civilian",
    "C3:civilian",
    "C4:civilian",
)


def pefl(turn: int = 1, **settings: object) -> tuple[RuleSet, GameState]:
    return game("pefl", *CAST, turn=turn, **settings)


# --- P-M.8 clan kills ----------------------------------------------------------------------
def test_P_M_8_don_names_victim_and_executor() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [mv("Y1", "kill", "C1", executor="Y2")])
    assert deaths(events) == {"C1": "yakuza"}
    rec = of(events, ev.DeathRecorded)[0]
    assert rec.killer == "Y2"
    assert "C1" not in alive(s2)


def test_P_M_8_silent_don_first_member_request_counts_and_sender_executes() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("T2", "kill", "C1"), mv("H", "kill", "C2")])
    assert deaths(events) == {"C1": "triad"}
    assert of(events, ev.DeathRecorded)[0].killer == "T2"


def test_P_M_8_dons_letter_beats_members_requests() -> None:
    rules, s = pefl()
    moves = [mv("T2", "kill", "C1"), mv("T1", "kill", "C2", executor="H")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C2": "triad"}


def test_P_M_8_each_clan_kills_one_a_night() -> None:
    rules, s = pefl()
    moves = [mv("Y1", "kill", "C1", executor="Y2"), mv("T1", "kill", "C2", executor="T2")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C1": "yakuza", "C2": "triad"}


def test_P_M_8_clan_cannot_shoot_own_member_or_own_bastard() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Y1", "kill", "Y2", executor="K")) == "own_clan"
    assert rules.check_move(s, mv("Y2", "kill", "YB")) == "own_bastard"
    # the other clan's bastard is fair game
    assert rules.check_move(s, mv("Y2", "kill", "TB")) is None


def test_P_M_8_executor_must_be_a_living_clan_member() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Y1", "kill", "C1", executor="T2")) == "executor_not_in_clan"
    assert rules.check_move(s, mv("Y1", "kill", "C1", executor="YB")) == "executor_not_in_clan"
    _, events = play(rules, s, [mv("Y1", "kill", "C1", executor="T2")])
    assert rejections(events) == {"Y1": "executor_not_in_clan"}
    assert deaths(events) == {}


def test_P_M_8_don_executes_only_when_last_of_his_clan() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Y1", "kill", "C1", executor="Y1")) == "don_executor"
    assert rules.check_move(s, mv("Y1", "kill", "C1")) == "no_executor"
    for n in ("Y2", "K"):
        s = s.with_player(n, alive=False, out_by="hanged")
    assert rules.check_move(s, mv("Y1", "kill", "C1")) is None
    _, events = play(rules, s, [mv("Y1", "kill", "C1")])
    assert deaths(events) == {"C1": "yakuza"}


# --- P-M.0 requests ------------------------------------------------------------------------
def test_P_M_0_request_changed_once_third_ignored() -> None:
    rules, s = pefl()
    moves = [mv("Man", "kill", "C1"), mv("Man", "kill", "C2"), mv("Man", "kill", "C3")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C2": "maniac"}
    assert rejections(events) == {"Man": "third_request"}
    assert [e.replaced for e in of(events, ev.MoveAccepted)] == [False, True]


# --- P-M.1 / P-M.2 checks ------------------------------------------------------------------
def _checks(events: list[Event]) -> list[tuple[str | None, str, str, str, str | None]]:
    return [(e.audience.nick, e.by, e.target, e.result, e.thug) for e in of(events, ev.CheckResult)]


def test_P_M_1_commissar_sees_clan_of_a_mafioso_bastard_and_exact_roles() -> None:
    rules, s = pefl()
    for target, result in (
        ("H", "triad"),
        ("K", "yakuza"),
        ("YB", "bastard"),
        ("Man", "maniac"),
        ("Doc", "doctor"),
    ):
        _, events = play(rules, s, [mv("Com", "check", target)])
        assert _checks(events)[0][1:4] == ("commissar", target, result)


def test_P_M_1_checking_a_beaten_player_names_the_thug() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("H", "beat", "C1"), mv("Com", "check", "C1")])
    assert _checks(events)[0] == ("Com", "commissar", "C1", "civilian", "H")


def test_P_M_1_commissar_killed_at_step_5_makes_no_check() -> None:
    rules, s = pefl()
    moves = [mv("Man", "kill", "Com"), mv("Com", "check", "Y1")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Com": "maniac"}
    assert _checks(events) == []


def test_P_M_2_sergeant_receives_every_check_result() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Com", "check", "T2")])
    assert ("Sgt", "sergeant", "T2", "triad", None) in _checks(events)


def test_P_M_2_sergeant_becomes_commissar_from_the_next_turn() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Sgt", "check", "C1")) == "wrong_role"
    s2, events = play(rules, s, [mv("Man", "kill", "Com"), mv("Com", "check", "Y1")])
    assert _checks(events) == []  # no check on the turn of the death
    assert of(events, ev.Promoted)[0].nick == "Sgt"
    assert rules.check_move(s2, mv("Sgt", "check", "Y1")) is None
    _, events = play(rules, s2, [mv("Sgt", "check", "Y1")])
    assert _checks(events) == [("Sgt", "commissar", "Y1", "yakuza", None)]


# --- P-M.3 / P-M.4 ninja -------------------------------------------------------------------
def test_P_M_3_ninja_kills_and_second_peaceful_victim_means_harakiri() -> None:
    rules, s = pefl()
    s, events = play(rules, s, [mv("Nin", "kill", "C1")])
    assert deaths(events) == {"C1": "ninja"}
    assert s.get("Nin").peaceful_kills == 1
    s, events = play(rules, s, [mv("Nin", "kill", "YB")])
    assert deaths(events) == {"YB": "ninja", "Nin": "harakiri"}


def test_P_M_3_ninja_killing_a_mafioso_does_not_count() -> None:
    rules, s = pefl()
    s = s.with_player("Nin", peaceful_kills=1)
    s2, events = play(rules, s, [mv("Nin", "kill", "T2")])
    assert deaths(events) == {"T2": "ninja"}
    assert s2.get("Nin").alive


def test_P_M_3_ninja_moves_are_optional() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [])
    assert deaths(events) == {}
    assert s2.get("Nin").alive


def test_P_M_4_ninja_testament_kills_first_voter() -> None:
    rules, s = pefl()
    votes = [red("C1", "Nin"), red("C2", "Nin"), red("C3", "C4")]
    _, events = play(rules, s, [], votes=votes)
    assert of(events, ev.Hanged)[0].nick == "Nin"
    assert deaths(events) == {"C1": "testament"}


def test_P_M_4_testament_passes_to_the_second_voter_if_the_first_dies_anyway() -> None:
    rules, s = pefl()
    votes = [red("C1", "Nin"), red("C2", "Nin"), red("C3", "C4")]
    _, events = play(rules, s, [mv("Man", "kill", "C1")], votes=votes)
    assert deaths(events) == {"C1": "maniac", "C2": "testament"}


# --- P-M.5 doctor --------------------------------------------------------------------------
def test_P_M_5_heal_saves_from_one_mafia_or_maniac_attack() -> None:
    rules, s = pefl()
    for killer in (mv("Man", "kill", "C1"), mv("T2", "kill", "C1")):
        _, events = play(rules, s, [killer, mv("Doc", "heal", "C1")])
        assert deaths(events) == {}
        assert [e.nick for e in of(events, ev.Saved)] == ["C1"]


def test_P_M_5_heal_powerless_against_two_attacks() -> None:
    rules, s = pefl()
    moves = [mv("Man", "kill", "C1"), mv("T2", "kill", "C1"), mv("Doc", "heal", "C1")]
    _, events = play(rules, s, moves)
    assert set(deaths(events)) == {"C1"}


def test_P_M_5_heal_powerless_against_the_ninja() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Nin", "kill", "T2"), mv("Doc", "heal", "T2")])
    assert deaths(events) == {"T2": "ninja"}


def test_P_M_5_no_same_target_two_turns_running_nor_himself() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Doc", "heal", "Doc")) == "self_target"
    s2, _ = play(rules, s, [mv("Doc", "heal", "C1")])
    assert rules.check_move(s2, mv("Doc", "heal", "C1")) == "repeated_target"
    assert rules.check_move(s2, mv("Doc", "heal", "C2")) is None


def test_P_M_5_a_heal_lost_to_a_beating_does_not_block_the_repeat() -> None:
    rules, s = pefl()
    s2, events = play(
        rules, s, [mv("H", "beat", "Doc"), mv("Doc", "heal", "C1"), mv("Man", "kill", "C1")]
    )
    assert deaths(events) == {"C1": "maniac"}  # beaten doctor healed nobody
    s2 = s2.with_player("C1", alive=True, out_by=None)
    assert rules.check_move(s2, mv("Doc", "heal", "C1")) is None


def test_P_M_5_heal_comes_before_the_vest_which_stays_whole() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [mv("T2", "kill", "Man"), mv("Doc", "heal", "Man")])
    assert deaths(events) == {}
    assert s2.get("Man").vest is True
    assert of(events, ev.Saved)[0].how == "heal"


def test_P_M_5_heal_comes_before_a_protect_which_stays_unused() -> None:
    rules, s = pefl()
    s2, _ = play(
        rules, s, [mv("Nec", "protect", "C1"), mv("Doc", "heal", "C1"), mv("Man", "kill", "C1")]
    )
    assert s2.get("C1").alive
    assert [p.spent_turn for p in s2.protects] == [None]


def test_P_M_5_doctor_dying_at_step_5_loses_his_heal() -> None:
    rules, s = pefl()
    moves = [mv("Man", "kill", "Doc"), mv("T2", "kill", "C1"), mv("Doc", "heal", "C1")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Doc": "maniac", "C1": "triad"}
    rules2, s = pefl(doctor_killed_heals=True)
    _, events = play(rules2, s, moves)
    assert deaths(events) == {"Doc": "maniac"}


# --- P-M.6 necromancer ---------------------------------------------------------------------
def test_P_M_6_protected_player_killed_is_resurrected_and_protect_spent() -> None:
    rules, s = pefl()
    s2, events = play(
        rules, s, [mv("Nec", "protect", "C1"), mv("Man", "kill", "C1"), mv("T2", "kill", "C1")]
    )
    assert deaths(events) == {}
    assert s2.get("C1").alive
    assert of(events, ev.Resurrected)[0].nick == "C1"
    assert s2.protects[0].spent_turn == 1


def test_P_M_6_protect_works_on_a_later_night() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "C1", "C2")])
    s3, events = play(rules, replace(s2, turn=5), [mv("Man", "kill", "C2")])
    assert deaths(events) == {}
    assert s3.get("C2").alive


def test_P_M_6_two_protects_in_turns_one_and_two_never_himself() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Nec", "protect", "Nec")) == "self_target"
    assert rules.check_move(replace(s, turn=3), mv("Nec", "protect", "C1")) == "wrong_turn"
    s2, _ = play(rules, s, [mv("Nec", "protect", "C1")])
    assert rules.check_move(s2, mv("Nec", "protect", "C2")) is None
    assert rules.check_move(s2, mv("Nec", "protect", "C2", "C3")) == "no_protects_left"


def test_P_M_6_no_resurrection_when_the_necromancer_dies_that_night() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "C1")])
    _, events = play(rules, s2, [mv("Man", "kill", "C1"), mv("T2", "kill", "Nec")])
    assert deaths(events) == {"C1": "maniac", "Nec": "triad"}


def test_P_M_6_hanging_is_not_undone() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "C1")])
    s3, events = play(rules, s2, [], votes=[red("C2", "C1")])
    assert of(events, ev.Hanged)[0].nick == "C1"
    assert not s3.get("C1").alive


# --- P-M.7 army of darkness ----------------------------------------------------------------
def _heroes_killed(s: GameState) -> GameState:
    for n, c in (("Com", "triad"), ("Sgt", "yakuza"), ("Nin", "maniac"), ("Doc", "triad")):
        s = s.with_player(n, alive=False, out_by=c)
    return s


def test_P_M_7_army_needs_all_heroes_dead_by_mafia_or_maniac() -> None:
    rules, s = pefl(turn=4)
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) == "army_not_allowed"
    s = _heroes_killed(s)
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) is None
    hanged = s.with_player("Nin", out_by="hanged")
    assert rules.check_move(hanged, mv("Nec", "army", "Y1", "T1")) == "army_not_allowed"


def test_P_M_7_army_kills_both_and_the_necromancer_nothing_saves() -> None:
    rules, s = pefl(turn=4)
    s = _heroes_killed(s)
    moves = [mv("Nec", "army", "Man", "T1"), mv("Man", "ambush")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Man": "army", "T1": "army", "Nec": "army"}


def test_P_M_7_army_needs_four_living_besides_the_necromancer() -> None:
    rules, s = pefl(turn=4)
    s = _heroes_killed(s)
    for n in ("Y2", "K", "YB", "T2", "H", "TB", "C1", "C2", "C3", "C4", "Man"):
        s = s.with_player(n, alive=False, out_by="hanged")
    # Y1, T1 + necromancer: too few
    assert rules.check_move(s, mv("Nec", "army", "Y1", "T1")) == "army_not_allowed"


def test_P_M_7_army_rejected_when_a_hero_was_hanged() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [], votes=[red("C1", "Doc")])
    assert s2.hero_hanged


# --- P-M.9 / P-M.10 kamikaze ---------------------------------------------------------------
def test_P_M_9_blast_kills_whatever_protects_the_target() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "Man")])
    moves = [mv("K", "blast", "Man"), mv("Man", "ambush"), mv("Doc", "heal", "Man")]
    s3, events = play(rules, s2, moves)
    assert deaths(events) == {"Man": "kamikaze", "K": "kamikaze"}
    assert not s3.get("Man").alive


def test_P_M_9_blast_once_and_only_the_kamikazes_own_request() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Y1", "blast", "C1")) == "wrong_role"
    used = s.with_player("K", blast_used=True)
    assert rules.check_move(used, mv("K", "blast", "C1")) == "used"


def test_P_M_10_clan_kill_on_the_kamikaze_takes_the_executor_not_the_don() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("T1", "kill", "K", executor="T2"), mv("Doc", "heal", "K")])
    assert deaths(events) == {"K": "triad", "T2": "kamikaze"}


def test_P_M_10_maniac_shooting_the_kamikaze_dies_with_him() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Man", "kill", "K"), mv("Doc", "heal", "Man")])
    assert deaths(events) == {"K": "maniac", "Man": "kamikaze"}


def test_P_M_10_kamikaze_takes_the_beater() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("H", "beat", "K")])
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze"}
    assert of(events, ev.Beaten) == []


def test_P_M_10_blasting_the_thug_kills_his_beaten_victim_too() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("K", "blast", "H"), mv("H", "beat", "C1")])
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze", "C1": "kamikaze"}


def test_P_M_10_beaten_kamikaze_who_blasts_kills_thug_himself_and_target() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("K", "blast", "Com"), mv("H", "beat", "K")])
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze", "Com": "kamikaze"}


def test_P_M_10_protect_does_not_resurrect_the_attacker_of_the_kamikaze() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "Man")])
    _, events = play(rules, s2, [mv("Man", "kill", "K")])
    assert deaths(events) == {"K": "maniac", "Man": "kamikaze"}


# --- P-M.11 / P-M.12 thug ------------------------------------------------------------------
def test_P_M_11_beaten_player_loses_his_move_and_is_named() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [mv("H", "beat", "Man"), mv("Man", "kill", "C1")])
    assert deaths(events) == {}
    assert [e.nick for e in of(events, ev.Beaten)] == ["Man"]
    assert of(events, ev.Beaten)[0].audience.kind == "public"
    assert s2.get("Man").beaten_once and s2.get("Man").beaten_turn == 1


def test_P_M_11_once_a_game_never_the_triads_bastard() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("H", "beat", "TB")) == "own_bastard"
    assert rules.check_move(s, mv("H", "beat", "YB")) is None
    assert rules.check_move(s, mv("H", "beat", "T2")) is None  # a clan member may be beaten
    s2, _ = play(rules, s, [mv("H", "beat", "C1")])
    assert rules.check_move(s2, mv("H", "beat", "C1")) == "already_beaten"


def test_P_M_11_thug_cannot_beat_and_execute_the_same_night() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("T1", "kill", "C2", executor="H"), mv("H", "beat", "C1")])
    assert deaths(events) == {}
    assert rejections(events) == {"T1": "executor_busy"}


def test_P_M_11_beaten_player_can_still_be_killed_and_checked() -> None:
    rules, s = pefl()
    moves = [mv("H", "beat", "C1"), mv("Man", "kill", "C1"), mv("Com", "check", "C1")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C1": "maniac"}
    assert len(of(events, ev.CheckResult)) == 2


def test_P_M_12_beating_an_ambushing_maniac_kills_the_thug_ambush_holds() -> None:
    rules, s = pefl()
    moves = [mv("H", "beat", "Man"), mv("Man", "ambush"), mv("T1", "kill", "Man", executor="T2")]
    s2, events = play(rules, s, moves)
    assert deaths(events) == {"H": "thug_accident", "T2": "ambush"}
    assert s2.get("Man").alive and not s2.get("Man").beaten_once


# --- P-M.13 / P-M.14 maniac ----------------------------------------------------------------
def test_P_M_13_vest_stops_one_mafia_bullet_then_is_gone() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [mv("T2", "kill", "Man")])
    assert deaths(events) == {}
    assert of(events, ev.Saved)[0].how == "vest"
    assert s2.get("Man").vest is False
    _, events = play(rules, s2, [mv("T2", "kill", "Man")])
    assert deaths(events) == {"Man": "triad"}


def test_P_M_13_two_bullets_in_one_night_kill_him() -> None:
    rules, s = pefl()
    moves = [mv("T2", "kill", "Man"), mv("Y1", "kill", "Man", executor="Y2")]
    _, events = play(rules, s, moves)
    assert set(deaths(events)) == {"Man"}


def test_P_M_13_ninja_blade_ignores_the_vest() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Nin", "kill", "Man")])
    assert deaths(events) == {"Man": "ninja"}


def test_P_M_13_maniac_kills_from_turn_zero() -> None:
    rules, s = pefl(turn=0)
    _, events = play(rules, s, [mv("Man", "kill", "C1")])
    assert deaths(events) == {"C1": "maniac"}


def test_P_M_14_ambush_kills_shooters_and_checkers_and_hides_the_maniac() -> None:
    rules, s = pefl()
    moves = [mv("Man", "ambush"), mv("Nin", "kill", "Man"), mv("Com", "check", "Man")]
    s2, events = play(rules, s, moves)
    assert deaths(events) == {"Nin": "ambush", "Com": "ambush"}
    assert s2.get("Man").alive and s2.get("Man").ambush_used
    public = [e for e in events if e.audience.kind == "public"]
    # the maniac is only in the list of the living, never in what happened
    assert all(
        "'Man'" not in repr(e)
        for e in public
        if not isinstance(e, ev.TurnResolved | ev.VotesCounted)
    )
    assert of(events, ev.CheckResult) == []


def test_P_M_14_ambush_once_a_game_and_instead_of_killing() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Man", "ambush")])
    assert rules.check_move(s2, mv("Man", "ambush")) == "used"
    assert rules.check_move(s, mv("Man", "ambush", "C1")) == "wrong_targets"


def test_P_M_14_cause_is_named_by_the_rule_of_the_striker() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("K", "blast", "Man"), mv("Man", "ambush")])
    assert deaths(events) == {"Man": "kamikaze", "K": "kamikaze"}


def test_P_M_15_nobody_targets_himself() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Man", "kill", "Man")) == "self_target"
    assert rules.check_move(s, mv("Com", "check", "Com")) == "self_target"
    assert rules.check_move(s, mv("K", "blast", "K")) == "self_target"


# --- P-O.1 order ---------------------------------------------------------------------------
def test_P_O_1_hanged_and_removed_have_no_night_move() -> None:
    rules, s = pefl()
    moves = [mv("Man", "kill", "C1"), mv("Nin", "kill", "C2")]
    ov = [Override(kind="remove", nick="Nin")]
    _, events = play(rules, s, moves, votes=[red("C3", "Man")], overrides=ov)
    assert deaths(events) == {"Nin": "override"}
    assert rejections(events) == {"Man": "dead", "Nin": "dead"}


def test_P_O_1_second_abstainer_still_moves_before_leaving_at_step_7() -> None:
    rules, s = pefl()
    s = s.with_player("Man", abstentions=1)
    _, events = play(rules, s, [mv("Man", "kill", "C1")], fresh=False)
    assert deaths(events) == {"C1": "maniac"}
    assert [(e.nick, e.reason) for e in of(events, ev.WentMissing)] == [
        ("Man", "second_abstention")
    ]
    order = [type(e).__name__ for e in events]
    assert order.index("DeathRecorded") < order.index("WentMissing")


def test_P_O_1_simultaneous_shots_executor_killed_still_fires() -> None:
    rules, s = pefl()
    moves = [mv("T1", "kill", "C1", executor="T2"), mv("Man", "kill", "T2")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C1": "triad", "T2": "maniac"}


def test_P_P_1_public_killed_event_names_the_killer_kind_never_a_nick() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Y1", "kill", "C1", executor="Y2")])
    killed = of(events, ev.Killed)[0]
    assert (killed.nick, killed.role, killed.by) == ("C1", "civilian", "yakuza")
    public = [e for e in events if e.audience.kind == "public"]
    assert all(
        "'Y2'" not in repr(e)
        for e in public
        if not isinstance(e, ev.TurnResolved | ev.VotesCounted)
    )
    assert of(events, ev.DeathRecorded)[0].audience.kind == "host"


def test_P_M_12_stray_bullet_the_thug_dies_with_the_kamikaze_he_beat_and_who_was_shot() -> None:
    # the other reading of the P-M.12 ruling (shot_at_beaten_kamikaze_dies off; the default
    # is in test_engine_pefl_rulings.py)
    rules, s = pefl(shot_at_beaten_kamikaze_dies=False)
    moves = [mv("H", "beat", "K"), mv("T1", "kill", "K", executor="T2")]
    _, events = play(rules, s, moves)
    # the thug dies (he touched the kamikaze); the shot arrives at a dead man and costs
    # the executor nothing
    assert deaths(events) == {"H": "kamikaze", "K": "kamikaze"}


def test_P_O_1_the_hanged_and_the_missing_are_not_shot_again() -> None:
    rules, s = pefl()
    posters = [n for n in s.living_nicks() if n != "C2"]
    moves = [mv("Man", "kill", "C1"), mv("T1", "kill", "C2", executor="T2")]
    s2, events = play(rules, s, moves, votes=[red("C3", "C1")], posters=posters)
    assert deaths(events) == {}
    assert rejections(events) == {"Man": "dead_target", "T1": "dead_target"}
    assert (s2.get("C1").out_by, s2.get("C2").out_by) == ("hanged", "missing")


def test_P_M_8_beaten_executor_shoots_nobody_beaten_don_counts_as_silent() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("Y1", "kill", "C1", executor="Y2"), mv("H", "beat", "Y2")])
    assert deaths(events) == {}
    moves = [mv("Y1", "kill", "C1", executor="Y2"), mv("K", "kill", "C2"), mv("H", "beat", "Y1")]
    _, events = play(rules, s, moves)
    assert deaths(events) == {"C2": "yakuza"}
    rules2, s = pefl(beaten_executor_fails=False)
    _, events = play(rules2, s, [mv("Y1", "kill", "C1", executor="Y2"), mv("H", "beat", "Y2")])
    assert deaths(events) == {"C1": "yakuza"}


def test_P_M_11_beaten_actor_is_told_his_move_is_lost() -> None:
    rules, s = pefl()
    _, events = play(rules, s, [mv("H", "beat", "Com"), mv("Com", "check", "T1")])
    assert rejections(events) == {"Com": "beaten"}
    assert of(events, ev.CheckResult) == []


def test_P_A_1_missing_actor_move_refused_as_missing() -> None:
    rules, s = pefl()
    posters = [n for n in s.living_nicks() if n != "Man"]
    _, events = play(rules, s, [mv("Man", "kill", "C1")], posters=posters)
    assert rejections(events) == {"Man": "missing"}
    assert deaths(events) == {}


def test_P_M_10_everyone_who_shoots_the_kamikaze_dies_with_him() -> None:
    rules, s = pefl()
    moves = [mv("T1", "kill", "K", executor="T2"), mv("Man", "kill", "K"), mv("Nin", "kill", "K")]
    _, events = play(rules, s, moves)
    got = deaths(events)
    assert set(got) == {"K", "T2", "Man", "Nin"}
    assert got["T2"] == got["Man"] == got["Nin"] == "kamikaze"


def test_P_M_8_don_left_alone_by_the_hanging_executes_his_own_order() -> None:
    rules, s = pefl()
    for n in ("T2",):
        s = s.with_player(n, alive=False, out_by="hanged")
    moves = [mv("T1", "kill", "C1", executor="T1")]
    assert rules.check_move(s, moves[0]) == "don_executor"  # the thug still lives
    _, events = play(rules, s, moves, votes=[red("C2", "H"), red("C3", "H")])
    assert of(events, ev.Hanged)[0].nick == "H"
    assert deaths(events) == {"C1": "triad"}


def test_P_M_6_protect_undoes_an_ambush_death_but_not_a_blast() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("Nec", "protect", "Nin", "C1")])
    moves = [mv("Man", "ambush"), mv("Nin", "kill", "Man"), mv("K", "blast", "C1")]
    s3, events = play(rules, s2, moves)
    assert deaths(events) == {"C1": "kamikaze", "K": "kamikaze"}
    assert s3.get("Nin").alive
    assert [e.nick for e in of(events, ev.Resurrected)] == ["Nin"]


def test_P_M_4_testament_is_not_healed() -> None:
    rules, s = pefl()
    votes = [red("C1", "Nin"), red("C2", "Nin")]
    _, events = play(rules, s, [mv("Doc", "heal", "C1")], votes=votes)
    assert deaths(events) == {"C1": "testament"}


def test_P_M_14_ambush_allowed_on_turn_zero() -> None:
    rules, s = pefl(turn=0)
    assert rules.check_move(s, mv("Man", "ambush")) is None


def test_P_M_14_a_blown_up_ambusher_springs_nothing_unless_the_setting_says() -> None:
    moves = [
        mv("Man", "ambush"),
        mv("K", "blast", "Man"),
        mv("T1", "kill", "Man", executor="T2"),
        mv("Com", "check", "Man"),
    ]
    rules, s = pefl()
    _, events = play(rules, s, moves)
    assert deaths(events) == {"Man": "kamikaze", "K": "kamikaze"}
    assert next((e.target, e.result) for e in of(events, ev.CheckResult)) == ("Man", "maniac")
    rules2, s = pefl(ambush_holds_after_death=True)
    _, events = play(rules2, s, moves)
    assert deaths(events) == {"Man": "kamikaze", "K": "kamikaze", "T2": "ambush", "Com": "ambush"}


def test_P_W_1_nobody_left_ends_the_game_without_a_winner() -> None:
    rules, s = pefl(turn=6)
    for p in s.players:
        if p.nick not in ("Man", "Nin", "C1"):
            s = s.with_player(p.nick, alive=False, out_by="hanged")
    s = s.with_player("Man", vest=False)
    s2, events = play(
        rules,
        s,
        [mv("Man", "kill", "Nin"), mv("Nin", "kill", "Man")],
        votes=[red("Man", "C1"), red("Nin", "C1")],
    )
    assert s2.living == () and s2.over and s2.winner is None
    assert [e.winner for e in of(events, ev.GameWon)] == [None]
