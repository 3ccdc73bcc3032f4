"""PEFL day, set-up and endgame rules (P-S.*, P-V.*, P-A.*, P-E.*, P-W.*, P-P.2, P-B.1)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from engine import GameState, get_ruleset
from engine import events as ev
from engine.bans import ban_games, is_banned
from engine.dealing import deal
from engine.inputs import Override, TurnInputs
from engine.state import VoteRecord
from engine.step import step
from tests.engine_kit import alive, deaths, game, mv, of, play, red, rejections
from tests.test_engine_pefl_night import CAST, pefl


# --- P-S.* ----------------------------------------------------------------------------------
def test_P_S_1_role_table_a_third_mafia_in_two_clans_for_20_to_30() -> None:
    rules = get_ruleset("pefl")
    for n in range(20, 31):
        table = rules.role_table(n)
        assert sum(table.values()) == n
        mafiosi = table["mafia"] + table["thug"] + table["kamikaze"]
        assert abs(mafiosi - n / 3) <= 1
        assert table["bastard"] == 2 and table["civilian"] > 0
        for role in ("commissar", "sergeant", "ninja", "doctor", "necromancer", "maniac"):
            assert table[role] == 1


def test_P_S_1_role_table_is_a_host_setting_and_deal_is_seeded() -> None:
    custom = {
        "20": {
            "civilian": 8,
            "commissar": 1,
            "sergeant": 1,
            "ninja": 1,
            "doctor": 1,
            "necromancer": 1,
            "maniac": 1,
            "bastard": 2,
            "mafia": 2,
            "thug": 1,
            "kamikaze": 1,
        }
    }
    from engine import RulesSettings

    rules = get_ruleset("pefl", RulesSettings(role_tables=custom))
    nicks = [f"p{i}" for i in range(20)]
    a = deal(rules, nicks, random.Random(5))
    b = deal(rules, nicks, random.Random(5))
    assert a == b
    assert Counter(s.role for s in a)["civilian"] == 8
    assert {s.clan for s in a if s.role == "thug"} == {"triad"}
    assert {s.clan for s in a if s.role == "kamikaze"} == {"yakuza"}
    assert sorted(str(s.clan) for s in a if s.role == "bastard") == ["triad", "yakuza"]


def test_P_S_1_deal_is_uniform_over_seats() -> None:
    rules = get_ruleset("pefl")
    nicks = [f"p{i}" for i in range(21)]
    rng = random.Random(11)
    maniac_at = Counter(
        next(s.nick for s in deal(rules, nicks, rng) if s.role == "maniac") for _ in range(2100)
    )
    assert len(maniac_at) == 21
    assert max(maniac_at.values()) < 2 * min(maniac_at.values())


def test_P_S_2_turn_zero_only_the_maniac_moves() -> None:
    rules, s = pefl(turn=0)
    assert rules.check_move(s, mv("Nin", "kill", "C1")) == "wrong_turn"
    assert rules.check_move(s, mv("Com", "check", "C1")) == "wrong_turn"
    assert rules.check_move(s, mv("Man", "kill", "C1")) is None
    s2, events = play(rules, s, [mv("Nin", "kill", "C1"), mv("Man", "kill", "C2")], posters=())
    assert deaths(events) == {"C2": "maniac"}
    assert rejections(events) == {"Nin": "wrong_turn"}
    assert of(events, ev.WentMissing) == []  # no activity duty on turn 0
    assert of(events, ev.VotesCounted) == []  # and no vote
    assert s2.turn == 1


def _no_don_cast() -> tuple[str, ...]:
    return tuple(c.replace(":don", "") for c in CAST)


def test_P_S_2_clan_elects_a_don_on_turn_zero() -> None:
    rules, s = game("pefl", *_no_don_cast(), turn=0)
    letters = [
        mv("Y2", "don", "Y1"),
        mv("K", "don", "Y1"),
        mv("Y1", "don", "Y2"),
        mv("T1", "don", "T2"),
    ]
    s2, events = play(rules, s, letters)
    assert s2.get("Y1").is_don and not s2.get("Y2").is_don
    assert s2.get("T2").is_don
    chosen = {(e.clan, e.nick, e.by) for e in of(events, ev.DonChosen)}
    assert ("yakuza", "Y1", "election") in chosen


def test_P_S_2_silent_clan_gets_a_random_don_never_kamikaze_or_thug() -> None:
    rules, s = game("pefl", *_no_don_cast(), turn=0)
    assert rules.check_move(s, mv("Y1", "don", "K")) == "not_eligible"
    for seed in range(20):
        s2, events = play(rules, s, [], seed=seed)
        dons = {p.nick for p in s2.players if p.is_don}
        assert len(dons) == 2
        assert dons <= {"Y1", "Y2", "T1", "T2"}
        assert {e.by for e in of(events, ev.DonChosen)} == {"appointment"}


def test_P_S_3_clans_know_members_and_bastard_bastard_told_civilian() -> None:
    rules, s = pefl(turn=0)
    events = rules.introductions(s)
    told = {e.nick: e.role for e in of(events, ev.RoleDealt)}
    assert told["YB"] == "civilian" and told["TB"] == "civilian" and told["K"] == "kamikaze"
    meet = {(e.nick, e.reason): dict(e.others) for e in of(events, ev.AcquaintanceMade)}
    assert meet[("Y2", "clan")] == {"Y1": "mafia", "K": "kamikaze", "YB": "bastard"}
    assert ("YB", "clan") not in meet
    assert meet[("Com", "commissar_sergeant")] == {"Sgt": "sergeant"}
    assert meet[("Sgt", "commissar_sergeant")] == {"Com": "commissar"}
    assert all(e.audience.kind == "player" for e in events)


# --- P-V.* ----------------------------------------------------------------------------------
def test_P_V_3_first_accepted_vote_counts_later_ones_ignored() -> None:
    rules, s = pefl()
    votes = [red("C1", "C2"), red("C1", "C3"), red("C4", "C3")]
    _, events = play(rules, s, [], votes=votes)
    assert dict(of(events, ev.VotesCounted)[0].votes) == {"C2": 1, "C3": 1}
    ignored = of(events, ev.VoteIgnored)
    assert [(e.nick, e.reason) for e in ignored] == [("C1", "changed_vote")]
    assert ignored[0].audience.kind == "host"


def test_P_V_4_most_votes_hangs_role_revealed() -> None:
    rules, s = pefl()
    votes = [red("C1", "T2"), red("C2", "T2"), red("C3", "C4")]
    s2, events = play(rules, s, [], votes=votes)
    hanged = of(events, ev.Hanged)[0]
    assert (hanged.nick, hanged.role, hanged.votes) == ("T2", "mafia", 2)
    assert not s2.get("T2").alive and s2.get("T2").out_by == "hanged"


def test_P_V_4_tie_hangs_who_first_reached_the_number() -> None:
    rules, s = pefl()
    # C3 reaches 2 votes (4th vote) before C4 does (5th vote), though C4 got the first vote
    votes = [red("C1", "C4"), red("C2", "C3"), red("Y1", "T1"), red("T1", "C3"), red("Y2", "C4")]
    _, events = play(rules, s, [], votes=votes)
    assert of(events, ev.Hanged)[0].nick == "C3"


def test_P_V_4_no_accepted_vote_nobody_hanged() -> None:
    rules, s = pefl()
    s2, events = play(rules, s, [])
    assert of(events, ev.Hanged) == []
    assert of(events, ev.NobodyRemoved)[0].reason == "no_votes"
    assert len(alive(s2)) == len(CAST)


def test_P_V_5_no_accepted_vote_is_an_abstention() -> None:
    rules, s = pefl()
    votes = [red(n, "C1") for n in s.living_nicks() if n not in ("C2", "C1")]
    s2, events = play(rules, s, [], votes=votes)
    assert of(events, ev.VotesCounted)[0].abstained == ("C1", "C2")  # the hanged included
    assert s2.get("C2").abstentions == 1


# --- P-A.* ----------------------------------------------------------------------------------
def test_P_A_1_no_post_all_turn_goes_missing_at_step_1_role_revealed() -> None:
    rules, s = pefl()
    posters = [n for n in s.living_nicks() if n != "Doc"]
    s2, events = play(rules, s, [mv("Doc", "heal", "C1"), mv("Man", "kill", "C1")], posters=posters)
    gone = of(events, ev.WentMissing)
    assert [(e.nick, e.role, e.reason) for e in gone] == [("Doc", "doctor", "no_post")]
    assert deaths(events) == {"C1": "maniac"}  # the missing doctor healed nobody
    assert s2.get("Doc").out_by == "missing"


def test_P_A_2_second_abstention_goes_missing_at_step_7() -> None:
    rules, s = pefl()
    votes = [red(n, "C1") for n in s.living_nicks() if n not in ("C2", "C1")]
    s2, _ = play(rules, s, [], votes=votes)
    votes = [red(n, "C3") for n in s2.living_nicks() if n not in ("C2", "C3")]
    s3, events = play(rules, s2, [], votes=votes, fresh=False)
    assert [(e.nick, e.reason) for e in of(events, ev.WentMissing)] == [("C2", "second_abstention")]
    assert not s3.get("C2").alive


def test_P_A_3_beaten_player_owes_no_post_and_no_vote_and_his_vote_is_ignored() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("H", "beat", "C1")])
    posters = [n for n in s2.living_nicks() if n != "C1"]
    s3, events = play(rules, s2, [], votes=[red("C1", "C2")], posters=posters)
    assert s3.get("C1").alive
    assert of(events, ev.WentMissing) == []
    assert "C1" not in of(events, ev.VotesCounted)[0].abstained
    assert [(e.nick, e.reason) for e in of(events, ev.VoteIgnored)] == [("C1", "beaten")]
    assert s3.get("C1").abstentions == 0


# --- P-E.* / P-W.1 --------------------------------------------------------------------------
def _only(s: GameState, *nicks: str) -> GameState:
    for p in s.players:
        if p.nick not in nicks:
            s = s.with_player(p.nick, alive=False, out_by="hanged")
    return s


def _votes(s: GameState, nick: str, *seqs: int) -> GameState:
    recs = tuple(VoteRecord(voter="C1", turn=1, seq=q) for q in seqs)
    return s.with_player(nick, votes_received=recs)


def test_P_E_1_two_left_fewer_votes_over_the_game_wins() -> None:
    rules, s = pefl(turn=6)
    s = _votes(_votes(_only(s, "T2", "Com", "C4"), "T2", 1, 2, 3), "Com", 4)
    s2, events = play(rules, s, [mv("T2", "kill", "C4")])
    won = of(events, ev.GameWon)[0]
    assert (won.winner, won.how) == ("town", "P-E.1")
    assert s2.over and s2.winner == "town"


def test_P_E_1_equal_votes_first_voted_against_loses() -> None:
    rules, s = pefl(turn=6)
    s = _votes(_votes(_only(s, "T2", "Man", "C4"), "T2", 5, 6), "Man", 2, 9)
    _, events = play(rules, s, [mv("T2", "kill", "C4")])
    assert of(events, ev.GameWon)[0].winner == "triad"


def test_P_E_1_nobody_ever_voted_against_either_is_a_logged_duel() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "T2", "Man", "C4")
    winners = set()
    for seed in range(12):
        _, events = play(rules, s, [mv("T2", "kill", "C4")], seed=seed)
        assert len(of(events, ev.DuelTossed)) == 1
        winners.add(of(events, ev.GameWon)[0].winner)
    assert winners == {"triad", "maniac"}


def test_P_E_2_mafioso_and_his_own_bastard_left_town_wins() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "T2", "TB", "C4")
    _, events = play(rules, s, [mv("T2", "kill", "C4")])
    assert (of(events, ev.GameWon)[0].winner, of(events, ev.GameWon)[0].how) == ("town", "P-E.2")


def test_P_W_1_town_wins_when_mafiosi_and_maniac_are_dead() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "T2", "Com", "C4", "YB")
    s2, events = play(rules, s, [], votes=[red("Com", "T2"), red("C4", "T2")])
    assert of(events, ev.GameWon)[0].winner == "town"
    # checked after the day: the night is not played
    assert deaths(events) == {}
    assert s2.phase == "over"


def test_P_W_1_last_clan_standing_wins() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "T2", "T1", "C4")
    _, events = play(rules, s, [mv("T1", "kill", "C4", executor="T2")])
    assert of(events, ev.GameWon)[0].winner == "triad"


def test_P_W_1_maniac_wins_only_alone() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "Man", "C4", "C3", "C2")
    s2, events = play(rules, s, [mv("Man", "kill", "C4")])
    assert of(events, ev.GameWon) == []  # the maniac with two civilians: nobody yet
    assert len(alive(s2)) == 3


def test_P_W_1_game_over_stays_over() -> None:
    rules, s = pefl(turn=6)
    s = _only(s, "Man", "C4")
    s2, events = play(rules, s, [mv("Man", "kill", "C4")])
    assert s2.over and of(events, ev.GameWon)[0].winner == "maniac"
    s3, more = play(rules, s2, [], fresh=False)
    assert s3 == s2 and more == []


# --- P-P.2, P-B.1, C-5, C-6 -----------------------------------------------------------------
def test_P_P_2_dead_player_may_post_once_then_is_flagged() -> None:
    rules, s = pefl()
    s = s.with_player("C1", alive=False, out_by="maniac")
    inputs = TurnInputs(posters=s.living_nicks(), post_authors=("C1", "C2", "C1", "C1"))
    s2, events = step(s, inputs, None, random.Random(1), rules)
    flagged = of(events, ev.PostFlagged)
    assert [(e.nick, e.count) for e in flagged] == [("C1", 2), ("C1", 3)]
    assert all(e.audience.kind == "host" for e in flagged)
    assert s2.get("C1").posts_after_death == 3


def test_P_B_1_bans_double_per_removal() -> None:
    assert [ban_games(n) for n in range(1, 7)] == [1, 2, 4, 8, 16, 16]
    assert is_banned([2], [1]) and not is_banned([2], [2])


def test_C_5_the_dead_neither_vote_nor_move() -> None:
    rules, s = pefl()
    s = s.with_player("Man", alive=False, out_by="hanged")
    assert rules.check_move(s, mv("Man", "kill", "C1")) == "dead"
    assert rules.check_move(s, mv("Nin", "kill", "Man")) == "dead_target"
    _, events = play(rules, s, [], votes=[red("Man", "C1")])
    assert [(e.nick, e.reason) for e in of(events, ev.VoteIgnored)] == [("Man", "dead")]


def test_C_2_only_players_move_and_unknown_targets_are_refused() -> None:
    rules, s = pefl()
    assert rules.check_move(s, mv("Stranger", "kill", "C1")) == "not_a_player"
    assert rules.check_move(s, mv("Man", "kill", "Nobody")) == "unknown_target"
    assert rules.check_move(s, mv("C1", "kill", "C2")) == "wrong_role"


def test_C_6_override_forces_the_hanging_and_is_announced() -> None:
    rules, s = pefl()
    votes = [red("C1", "C2"), red("C3", "C2")]
    _, events = play(rules, s, [], votes=votes, overrides=[Override(kind="hang", nick="T1")])
    assert of(events, ev.Hanged)[0].nick == "T1"
    assert of(events, ev.OverrideApplied)[0].what == "hang"


def test_C_6_replacement_account_keeps_the_seat() -> None:
    rules, s = pefl()
    ov = [Override(kind="replace", nick="Man", new_nick="Newman")]
    s2, events = play(
        rules, s, [mv("Newman", "kill", "C1")], overrides=ov, posters=[*s.living_nicks(), "Newman"]
    )
    assert s2.get("Newman").role == "maniac" and s2.player("Man") is None
    assert deaths(events) == {"C1": "maniac"}
    assert of(events, ev.PlayerReplaced)[0].old == "Man"


def test_C_6_ignore_and_count_vote_by_post_id() -> None:
    rules, s = pefl()
    votes = [red("C1", "C2", post_id=11), red("C3", "C4", post_id=12)]
    ovs = [
        Override(kind="ignore_vote", post_id=11),
        Override(kind="count_vote", post_id=13, nick="Y1", target="C4"),
    ]
    _, events = play(rules, s, [], votes=votes, overrides=ovs)
    assert dict(of(events, ev.VotesCounted)[0].votes) == {"C4": 2}
    assert of(events, ev.Hanged)[0].nick == "C4"


def test_C_1_turn_is_a_day_then_a_night() -> None:
    rules, s = pefl()
    s2, events = play(rules, replace(s, turn=3), [mv("Man", "kill", "C1")], votes=[red("C2", "C3")])
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Hanged") < kinds.index("Killed") < kinds.index("TurnResolved")
    assert (s2.turn, s2.phase) == (4, "day")


def test_P_V_4_ruling_no_votes_can_wait_for_the_host() -> None:
    rules, s = pefl(nobody_hanged_without_votes=False)
    _, events = play(rules, s, [])
    assert of(events, ev.NobodyRemoved)[0].reason == "host_to_decide"
    assert of(events, ev.Hanged) == []


def test_P_A_3_beaten_players_posts_are_flagged_to_the_host() -> None:
    rules, s = pefl()
    s2, _ = play(rules, s, [mv("H", "beat", "C1")])
    inputs = TurnInputs(posters=s2.living_nicks(), post_authors=("C2", "C1"))
    _, events = step(s2, inputs, None, random.Random(1), rules)
    flagged = of(events, ev.PostFlagged)
    assert [(e.nick, e.reason, e.audience.kind) for e in flagged] == [("C1", "beaten", "host")]


def test_P_S_2_tied_election_goes_to_the_nick_named_first() -> None:
    rules, s = game("pefl", *_no_don_cast(), turn=0)
    s2, _ = play(rules, s, [mv("Y2", "don", "Y1"), mv("Y1", "don", "Y2")])
    assert s2.get("Y1").is_don and not s2.get("Y2").is_don


def test_P_V_4_votes_against_the_missing_count_but_he_cannot_hang() -> None:
    rules, s = pefl()
    posters = [n for n in s.living_nicks() if n != "C1"]
    votes = [red("C2", "C1"), red("C3", "C1"), red("C4", "T2")]
    s2, events = play(rules, s, [], votes=votes, posters=posters)
    assert of(events, ev.Hanged)[0].nick == "T2"
    assert len(s2.get("C1").votes_received) == 2
