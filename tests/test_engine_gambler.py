"""Gambler rules (G-*), each test named after its rule id."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from engine import Event, GameState, Move, RuleSet, get_ruleset
from engine import events as ev
from engine.dealing import deal
from engine.inputs import Override, TurnInputs
from engine.step import step
from tests.engine_kit import court, deaths, game, green, mv, of, play, rejections

CAST = (
    "GF:godfather",
    "M1:mafia",
    "M2:mafia",
    "M3:mafia",
    "Law:lawyer",
    "Com:commissar",
    "Sh:sheriff",
    "Doc:doctor",
    "Man:maniac",
    "Pro:prostitute",
    "C1:civilian",
    "C2:civilian",
    "C3:civilian",
    "C4:civilian",
    "C5:civilian",
)


def gambler(turn: int = 2, **settings: object) -> tuple[RuleSet, GameState]:
    """A game at the court deadline of `turn` (nominees none unless set)."""
    return game("gambler", *CAST, turn=turn, **settings)


def night(
    rules: RuleSet, s: GameState, moves: list[Move], seed: int = 1
) -> tuple[GameState, list[Event]]:
    """Close the court (no nominees → nobody jailed) and play the night."""
    return play(rules, s, moves, seed=seed)


# --- set-up ---------------------------------------------------------------------------------
def test_G_S_1_role_table_by_player_count_and_seeded_uniform_deal() -> None:
    rules = get_ruleset("gambler")
    for n in range(11, 20):
        t = rules.role_table(n)
        assert sum(t.values()) == n
        assert t["godfather"] == 1
        if n >= 15:  # the original's counts only fit 15+ players (see default_role_table)
            assert 5 <= t["civilian"] <= 9
            assert 4 <= t["godfather"] + t["mafia"] <= 5
        for role in ("commissar", "sheriff", "doctor", "maniac", "prostitute", "lawyer"):
            assert t[role] == 1
    nicks = [f"p{i}" for i in range(13)]
    assert deal(rules, nicks, random.Random(3)) == deal(rules, nicks, random.Random(3))
    rng = random.Random(4)
    gf = Counter(
        next(s.nick for s in deal(rules, nicks, rng) if s.role == "godfather") for _ in range(1300)
    )
    assert len(gf) == 13 and max(gf.values()) < 2 * min(gf.values())


def test_G_S_2_day_one_is_introductions_only() -> None:
    rules, s = game("gambler", *CAST)
    assert (s.turn, s.phase) == (1, "day")
    assert rules.check_move(s, mv("Sh", "kill", "C1")) == "wrong_turn"
    s2, events = play(rules, s, [mv("Sh", "kill", "C1")])
    assert deaths(events) == {} and rejections(events) == {"Sh": "wrong_turn"}
    assert of(events, ev.GreensCounted) == []
    assert (s2.turn, s2.phase) == (2, "greens")


def test_G_S_3_mafia_know_each_other_nobody_knows_the_lawyer() -> None:
    rules, s = game("gambler", *CAST)
    meet = {e.nick: dict(e.others) for e in of(rules.introductions(s), ev.AcquaintanceMade)}
    assert set(meet) == {"GF", "M1", "M2", "M3"}
    assert meet["M1"] == {"GF": "godfather", "M2": "mafia", "M3": "mafia"}
    assert all("Law" not in o for o in meet.values())


# --- greens and court -----------------------------------------------------------------------
def _greens(s: GameState) -> GameState:
    return replace(s, phase="greens")


def test_G_N_1_last_green_before_the_deadline_counts() -> None:
    rules, s = gambler()
    votes = [green("C1", "C2"), green("C1", "C3"), green("C2", "C3")]
    s2, events = play(rules, _greens(s), votes=votes)
    counted = dict(of(events, ev.GreensCounted)[0].greens)
    assert counted["C3"] == 3  # C1's last green, C2's, and C3's own silence (G-N.2)
    assert "C2" not in counted
    assert s2.phase == "court"


def test_G_N_2_silent_player_greens_himself() -> None:
    rules, s = gambler()
    _, events = play(rules, _greens(s), votes=[green("C1", "C2")])
    g = of(events, ev.GreensCounted)[0]
    assert "C3" in g.self_greened and "C1" not in g.self_greened
    assert dict(g.greens)["C3"] == 1 and dict(g.greens)["C2"] == 2  # C1's + his own


def test_G_N_3_threshold_by_living_players() -> None:
    rules, s = gambler()
    assert len(s.living) == 15
    votes = [green(v, "C1") for v in ("C2", "C3")] + [green(v, "C4") for v in ("M1", "M2")]
    _, events = play(rules, _greens(s), votes=votes)
    g = of(events, ev.GreensCounted)[0]
    assert g.threshold == 3 and g.nominees == ("C1", "C4")  # each 2 + his own self-green
    small = s
    for n in ("C1", "C2", "C3", "C4", "C5", "M3", "Doc"):
        small = small.with_player(n, alive=False, out_by="jailed")
    _, events = play(rules, _greens(small), votes=[])
    g = of(events, ev.GreensCounted)[0]
    assert g.threshold == 1 and len(g.nominees) == 8  # 8 living: everyone self-greened


def test_G_N_3_nine_to_thirteen_need_two() -> None:
    rules, s = gambler()
    for n in ("C1", "C2"):
        s = s.with_player(n, alive=False, out_by="jailed")
    _, events = play(rules, _greens(s), votes=[green("C3", "C4")])
    g = of(events, ev.GreensCounted)[0]
    assert g.threshold == 2 and g.nominees == ("C4",)


def test_G_N_4_most_court_votes_jailed_role_revealed_only_nominees_count() -> None:
    rules, s = gambler()
    s = replace(s, nominees=("C1", "M1"))
    votes = [
        court("C2", "M1"),
        court("C3", "M1"),
        court("C4", "C1"),
        court("C5", "C2"),
        court("C4", "M1"),
    ]
    s2, events = play(rules, s, votes=votes)
    j = of(events, ev.Jailed)[0]
    assert (j.nick, j.role) == ("M1", "mafia")
    assert dict(of(events, ev.VotesCounted)[0].votes) == {"M1": 3}
    assert [(e.nick, e.reason) for e in of(events, ev.VoteIgnored)] == [("C5", "not_a_nominee")]
    assert s2.get("M1").out_by == "jailed"


def test_G_N_4_ruling_no_vote_nobody_jailed_single_nominee_needs_a_vote() -> None:
    rules, s = gambler()
    _, events = play(rules, replace(s, nominees=("C1",)))
    assert of(events, ev.Jailed) == [] and of(events, ev.NobodyRemoved)[0].reason == "no_votes"
    rules2, s = gambler(court_needs_a_vote=False)
    _, events = play(rules2, replace(s, nominees=("C1",)))
    assert of(events, ev.Jailed)[0].nick == "C1"


def test_G_N_5_tie_is_a_duel_by_seeded_coin() -> None:
    rules, s = gambler()
    s = replace(s, nominees=("C1", "C2"))
    votes = [court("C3", "C1"), court("C4", "C2")]
    losers = set()
    for seed in range(10):
        _, events = play(rules, s, votes=votes, seed=seed)
        duel = of(events, ev.DuelTossed)[0]
        assert duel.players == ("C1", "C2")
        assert of(events, ev.Jailed)[0].nick == duel.loser
        losers.add(duel.loser)
    assert losers == {"C1", "C2"}
    _, a = play(rules, s, votes=votes, seed=3)
    _, b = play(rules, s, votes=votes, seed=3)
    assert of(a, ev.DuelTossed) == of(b, ev.DuelTossed)


def test_G_N_5_host_overrides_with_the_real_duel() -> None:
    rules, s = gambler()
    s = replace(s, nominees=("C1", "C2"))
    votes = [court("C3", "C1"), court("C4", "C2")]
    _, events = play(rules, s, votes=votes, overrides=[Override(kind="duel", nick="C2")])
    assert of(events, ev.Jailed)[0].nick == "C2" and of(events, ev.DuelTossed) == []


# --- night ----------------------------------------------------------------------------------
def test_G_M_1_jailed_player_has_no_move() -> None:
    rules, s = gambler()
    s = replace(s, nominees=("Sh",))
    _, events = play(rules, s, [mv("Sh", "kill", "C1")], votes=[court("C2", "Sh")])
    assert deaths(events) == {} and rejections(events) == {"Sh": "dead"}


def test_G_M_1_prostitute_takes_the_move_of_the_roles_listed() -> None:
    rules, s = gambler()
    for guest, action in (
        ("Sh", "kill"),
        ("Man", "kill"),
        ("GF", "kill"),
        ("Doc", "heal"),
        ("Com", "check"),
        ("Law", "check"),
    ):
        moves = [mv("Pro", "block", guest), mv(guest, action, "C1")]
        _, events = night(rules, s, moves)
        assert deaths(events) == {}, guest
        assert of(events, ev.CheckResult) == []
        blocked = of(events, ev.MoveBlocked)
        assert [b.role for b in blocked] == [s.get(guest).role]


def test_G_M_1_ruling_lawyer_block_is_a_setting() -> None:
    rules, s = gambler(prostitute_blocks_lawyer=False)
    _, events = night(rules, s, [mv("Pro", "block", "Law"), mv("Law", "check", "C1")])
    assert len(of(events, ev.CheckResult)) == 1


def test_G_M_2_prostitute_never_invites_the_same_player_twice() -> None:
    rules, s = gambler()
    s2, _ = night(rules, s, [mv("Pro", "block", "Sh")])
    assert s2.get("Pro").invited == ("Sh",)
    assert rules.check_move(s2, mv("Pro", "block", "Sh")) == "repeated_target"
    assert rules.check_move(s2, mv("Pro", "block", "Pro")) == "self_target"


def test_G_M_3_commissar_and_lawyer_see_exact_role_maniac_as_civilian() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("Com", "check", "Man"), mv("Law", "check", "Doc")])
    res = {e.by: (e.target, e.result) for e in of(events, ev.CheckResult)}
    assert res == {"commissar": ("Man", "civilian"), "lawyer": ("Doc", "doctor")}


def test_G_M_4_sheriff_and_maniac_kill() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("Sh", "kill", "M1"), mv("Man", "kill", "C1")])
    assert deaths(events) == {"M1": "sheriff", "C1": "maniac"}


def test_G_M_5_godfather_sends_the_kill_blocked_means_none() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("GF", "kill", "C1")])
    assert deaths(events) == {"C1": "mafia"}
    assert rules.check_move(s, mv("M1", "kill", "C1")) == "wrong_role"
    _, events = night(rules, s, [mv("GF", "kill", "C1"), mv("Pro", "block", "GF")])
    assert deaths(events) == {}
    assert [(b.role, b.missed) for b in of(events, ev.MoveBlocked)] == [("godfather", "mafia_kill")]


def _no_godfather(s: GameState) -> GameState:
    return s.with_player("GF", alive=False, out_by="jailed")


def test_G_M_6_clan_kill_when_all_letters_agree() -> None:
    rules, s = gambler()
    s = _no_godfather(s)
    _, events = night(rules, s, [mv("M1", "kill", "C1"), mv("M2", "kill", "C1")])
    assert deaths(events) == {"C1": "mafia"}


def test_G_M_6_different_names_mafia_missed() -> None:
    rules, s = gambler()
    s = _no_godfather(s)
    _, events = night(rules, s, [mv("M1", "kill", "C1"), mv("M2", "kill", "C2")])
    assert deaths(events) == {} and len(of(events, ev.MafiaMissed)) == 1


def test_G_M_6_inviting_the_last_mafia_stops_it_one_of_several_does_not() -> None:
    rules, s = gambler()
    s = _no_godfather(s)
    _, events = night(rules, s, [mv("M1", "kill", "C1"), mv("Pro", "block", "M1")])
    assert deaths(events) == {"C1": "mafia"}
    for n in ("M2", "M3"):
        s = s.with_player(n, alive=False, out_by="jailed")
    _, events = night(rules, s, [mv("M1", "kill", "C1"), mv("Pro", "block", "M1")])
    assert deaths(events) == {}


def test_G_M_7_doctor_saves_from_every_kill_and_himself_once() -> None:
    rules, s = gambler()
    moves = [
        mv("Sh", "kill", "C1"),
        mv("Man", "kill", "C1"),
        mv("GF", "kill", "C1"),
        mv("Doc", "heal", "C1"),
    ]
    _, events = night(rules, s, moves)
    assert deaths(events) == {}
    assert [e.nick for e in of(events, ev.HealAnnounced)] == ["C1"]
    s2, events = night(rules, s, [mv("Man", "kill", "Doc"), mv("Doc", "heal", "Doc")])
    assert deaths(events) == {} and s2.get("Doc").self_heal_used
    assert rules.check_move(s2, mv("Doc", "heal", "Doc")) == "self_heal_used"


def test_G_M_8_commissar_recruits_for_town_lawyer_for_mafia() -> None:
    rules, s = gambler()
    s2, events = night(rules, s, [mv("Com", "check", "Pro")])
    assert [e.side for e in of(events, ev.Recruited)] == ["town"]
    assert s2.get("Pro").camp == "town"
    s3, events = night(rules, s, [mv("Law", "check", "Pro")])
    assert s3.get("Pro").camp == "mafia"


def test_G_M_8_both_checks_she_chooses_no_answer_town() -> None:
    rules, s = gambler()
    s2, events = night(rules, s, [mv("Com", "check", "Pro"), mv("Law", "check", "Pro")])
    assert of(events, ev.Recruited) == [] and s2.pending_side_choice
    assert of(events, ev.SideChoiceAsked)[0].audience.nick == "Pro"
    assert rules.check_move(s2, mv("Pro", "choose_side", side="mafia")) is None
    s3, events = play(rules, s2, [mv("Pro", "choose_side", side="mafia")])
    assert s3.get("Pro").side == "mafia" and of(events, ev.Recruited)[0].side == "mafia"
    s4, events = play(rules, s2, [])
    assert s4.get("Pro").side == "town"


def test_G_M_9_acquaintance_after_checks() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("Com", "check", "Sh"), mv("Law", "check", "M2")])
    meet = {(e.nick, e.reason) for e in of(events, ev.AcquaintanceMade)}
    assert {("Com", "commissar_sheriff"), ("Sh", "commissar_sheriff")} <= meet
    assert {("Law", "lawyer_mafia"), ("GF", "lawyer_mafia"), ("M2", "lawyer_mafia")} <= meet


def test_G_M_10_kill_letter_story_is_quoted() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("Sh", "kill", "C1", story="на рассвете у фонтана")])
    assert of(events, ev.Killed)[0].story == "на рассвете у фонтана"


def test_G_P_1_paper_shows_victims_roles_checks_heal_block_never_the_killer() -> None:
    rules, s = gambler()
    moves = [
        mv("Sh", "kill", "C1"),
        mv("Com", "check", "Doc"),
        mv("Pro", "block", "Law"),
        mv("Doc", "heal", "C2"),
    ]
    _, events = night(rules, s, moves)
    public = [e for e in events if e.audience.kind == "public"]
    killed = of(public, ev.Killed)[0]
    assert (killed.nick, killed.role, killed.by) == ("C1", "civilian", None)
    ann = {(e.by, e.made, e.result) for e in of(public, ev.CheckAnnounced)}
    assert ann == {("commissar", True, "doctor"), ("lawyer", False, None)}
    assert [e.nick for e in of(public, ev.HealAnnounced)] == ["C2"]
    assert [e.role for e in of(public, ev.MoveBlocked)] == ["lawyer"]
    text = " ".join(repr(e) for e in public if not isinstance(e, ev.TurnResolved))
    assert "'Sh'" not in text and "'Pro'" not in text and "'Law'" not in text


def test_G_P_1_ruling_check_roles_announcement_is_a_setting() -> None:
    rules, s = gambler(announce_check_roles=False)
    _, events = night(rules, s, [mv("Com", "check", "Doc")])
    assert [(e.made, e.result) for e in of(events, ev.CheckAnnounced) if e.by == "commissar"] == [
        (True, None)
    ]


def test_G_P_2_killed_civilian_last_word_then_flagged() -> None:
    rules, s = gambler()
    s = s.with_player("C1", alive=False, out_by="mafia").with_player(
        "M1", alive=False, out_by="jailed"
    )
    inputs = TurnInputs(post_authors=("C1", "M1", "C1"))
    _, events = step(s, inputs, None, random.Random(1), rules)
    assert [(e.nick, e.count) for e in of(events, ev.PostFlagged)] == [("M1", 1), ("C1", 2)]


# --- win ------------------------------------------------------------------------------------
def _only(s: GameState, *nicks: str) -> GameState:
    for p in s.players:
        if p.nick not in nicks:
            s = s.with_player(p.nick, alive=False, out_by="jailed")
    return s


def test_G_W_1_town_wins_when_no_godfather_or_mafia_left_checked_after_court() -> None:
    rules, s = gambler()
    s = replace(_only(s, "M1", "Law", "C1", "C2", "Sh"), nominees=("M1",))
    s2, events = play(
        rules, s, [mv("Sh", "kill", "C1")], votes=[court("C1", "M1"), court("C2", "M1")]
    )
    assert of(events, ev.GameWon)[0].winner == "town"
    assert deaths(events) == {}  # the night is not played
    assert s2.over


def test_G_W_1_mafia_wins_when_town_fewer_than_mafia() -> None:
    rules, s = gambler()
    s = _only(s, "GF", "Law", "C1", "C2")
    _, events = night(rules, s, [mv("GF", "kill", "C1")])
    assert of(events, ev.GameWon)[0].winner == "mafia"


def test_G_W_1_maniac_alone_and_priority() -> None:
    rules, s = gambler()
    s = _only(s, "Man", "Sh", "M1")
    moves = [mv("Sh", "kill", "M1"), mv("Man", "kill", "Sh")]
    _, events = night(rules, s, moves)
    assert of(events, ev.GameWon)[0].winner == "maniac"  # alone, and no mafia left: both hold
    rules2, s = gambler(gambler_win_priority=["town", "mafia", "maniac"])
    s = _only(s, "Man", "Sh", "M1")
    _, events = night(rules2, s, moves)
    assert of(events, ev.GameWon)[0].winner == "town"


def test_C_1_gambler_turn_has_two_deadlines() -> None:
    rules, s = gambler()
    s = _greens(s)
    s2, events = play(rules, s, votes=[green("C1", "C2")])
    assert (s2.turn, s2.phase) == (2, "court") and of(events, ev.TurnResolved) == []
    s3, events = play(rules, s2)
    assert (s3.turn, s3.phase) == (3, "greens") and len(of(events, ev.TurnResolved)) == 1


def test_G_M_1_blocked_player_is_told_privately() -> None:
    rules, s = gambler()
    _, events = night(rules, s, [mv("Pro", "block", "Sh"), mv("Sh", "kill", "C1")])
    rej = of(events, ev.MoveRejected)
    assert [(e.nick, e.reason, e.audience.kind) for e in rej] == [("Sh", "blocked", "player")]


def test_G_W_1_ruling_check_after_court_is_a_setting() -> None:
    rules, s = gambler(gambler_check_win_after_court=False)
    s = replace(_only(s, "M1", "Law", "C1", "C2", "Sh"), nominees=("M1",))
    _, events = play(
        rules, s, [mv("Sh", "kill", "C1")], votes=[court("C1", "M1"), court("C2", "M1")]
    )
    assert deaths(events) == {"C1": "sheriff"}  # the night is played, then town wins
    assert of(events, ev.GameWon)[0].winner == "town"


def test_G_M_8_choose_side_only_from_the_prostitute() -> None:
    rules, s = gambler()
    s2, _ = night(rules, s, [mv("Com", "check", "Pro"), mv("Law", "check", "Pro")])
    assert rules.check_move(s2, mv("C1", "choose_side", side="mafia")) == "wrong_role"
    assert rules.check_move(s, mv("Pro", "choose_side", side="mafia")) == "wrong_turn"
    s3, _ = play(rules, s2, [mv("C1", "choose_side", side="mafia")])
    assert s3.get("Pro").side == "town"


def test_G_W_1_nobody_left_after_the_last_shots_town_wins() -> None:
    rules, s = gambler()
    s = _only(s, "Sh", "GF")
    s2, events = night(rules, s, [mv("Sh", "kill", "GF"), mv("GF", "kill", "Sh")])
    assert s2.living == ()
    assert of(events, ev.GameWon)[0].winner == "town" and s2.over


def test_G_M_8_recruited_once_later_checks_do_not_change_her_side() -> None:
    rules, s = gambler()
    s2, _ = night(rules, s, [mv("Com", "check", "Pro")])
    s3, events = night(rules, replace(s2, phase="court"), [mv("Law", "check", "Pro")])
    assert s3.get("Pro").side == "town" and of(events, ev.Recruited) == []


def test_C_5_dead_prostitute_choose_side_is_refused() -> None:
    rules, s = gambler()
    s2, _ = night(rules, s, [mv("Com", "check", "Pro"), mv("Law", "check", "Pro")])
    s2 = s2.with_player("Pro", alive=False, out_by="mafia")
    _, events = play(rules, replace(s2, phase="greens"), [mv("Pro", "choose_side", side="mafia")])
    assert rejections(events) == {"Pro": "dead"}
    assert of(events, ev.Recruited) == []
