"""Every code the engine puts into a `reason` field, in one place.

Events carry codes, never prose: the daemon's Russian texts (and the host report) are keyed by
these codes, and tests check that each code the engine can emit is listed here.
"""

from __future__ import annotations

from typing import Final

#: MoveRejected.reason — why a PM move was refused (C-2, C-5, P-M.*, G-M.*).
MOVE_REJECT_REASONS: Final = (
    "not_a_player",  # the sender is not in the game (C-2)
    "dead",  # the sender is out of the game (C-5)
    "missing",  # the sender went missing (P-A.1, P-A.2)
    "wrong_role",  # his role has no such action (or not yet: sergeant before P-M.2)
    "wrong_turn",  # not on this turn: G-S.2 day 1, P-S.2 turn 0, P-M.6 after turn 2
    "wrong_targets",  # wrong number of targets, or a target twice
    "unknown_target",  # a target is nobody in the game
    "dead_target",  # a target is out of the game (also: removed by the day, P-O.1)
    "self_target",  # P-M.15 (and G-M.2, P-M.5, P-M.6)
    "self_heal_used",  # G-M.7: the doctor saved himself once already
    "repeated_target",  # G-M.2 prostitute; P-M.5 doctor two turns running
    "third_request",  # P-M.0
    "own_clan",  # P-M.8
    "own_bastard",  # P-M.8, P-M.11
    "executor_not_in_clan",  # P-M.8
    "don_executor",  # P-M.8: the Don executes only when he is the last one
    "no_executor",  # P-M.8: the Don's letter names no executor
    "executor_busy",  # P-M.11: the thug who beats cannot execute the same night
    "already_beaten",  # P-M.11: once a game
    "used",  # P-M.9 blast, P-M.14 ambush: once a game
    "no_protects_left",  # P-M.6: two protects in all
    "army_not_allowed",  # P-M.7 conditions not met
    "not_eligible",  # P-S.2: Don must be a living plain mafioso of the clan
    "beaten",  # P-M.11: the actor was beaten this night
    "blocked",  # G-M.1: the prostitute's guest
)

#: VoteIgnored.reason — a vote the engine did not count (the parser's codes, plus these).
VOTE_IGNORE_REASONS: Final = (
    "not_a_player",
    "dead",
    "beaten",  # P-A.3
    "changed_vote",  # P-V.3
    "dead_target",
    "not_a_nominee",  # G-N.4
)

#: NobodyRemoved.reason — why nobody was jailed / hanged.
NOBODY_REMOVED_REASONS: Final = ("no_nominee", "no_votes", "duel_pending", "host_to_decide")

#: WentMissing.reason.
MISSING_REASONS: Final = ("no_post", "second_abstention", "override")

#: PostFlagged.reason.
POST_FLAG_REASONS: Final = ("dead", "beaten")

#: AcquaintanceMade.reason.
ACQUAINTANCE_REASONS: Final = ("clan", "commissar_sergeant", "commissar_sheriff", "lawyer_mafia")
