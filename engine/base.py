"""What the rule sets share: their names, phases and vote kinds as types, and `RuleSetBase`,
which answers what the shell asks of a rule set instead of asking which one it is."""

from __future__ import annotations

from typing import ClassVar

from mafiabot.engine.actions import Move
from mafiabot.engine.kinds import RULESETS, Phase, Role, RulesetName, VoteKind
from mafiabot.engine.settings import RulesSettings
from mafiabot.engine.state import GameState

__all__ = ["RULESETS", "Phase", "RuleSetBase", "RulesetName", "VoteKind"]


class RuleSetBase:
    """What the rule sets share, and the answers the shell asks of a rule set instead of
    asking which one it is. A rule set states its shape in class data and overrides the
    methods where it differs."""

    name: ClassVar[RulesetName]
    roles: ClassVar[tuple[Role, ...]]
    first_turn: ClassVar[int]
    #: the deadlines of a full turn, in order (C-1)
    turn_phases: ClassVar[tuple[Phase, ...]]
    #: each phase's votes, (phase, kind); a phase not named here has none
    vote_kinds: ClassVar[tuple[tuple[str, VoteKind], ...]]
    #: G-P.2: a killed player's last word has a time limit the shell enforces
    last_word: ClassVar[bool] = False
    #: the first turn closes with no votes (PEFL turn 0 is a night)
    silent_first_turn: ClassVar[bool] = False

    def __init__(self, settings: RulesSettings) -> None:
        self.settings = settings

    def vote_kind(self, phase: str) -> VoteKind:
        """The kind of votes `phase` reads (a phase without votes: the turn's usual kind)."""
        kinds = dict(self.vote_kinds)
        return kinds.get(phase, self.vote_kinds[0][1])

    def counts_votes(self, state: GameState) -> bool:
        """Whether the deadline `state` waits for counts votes."""
        if self.silent_first_turn and state.turn == self.first_turn:
            return False
        return state.phase in dict(self.vote_kinds)

    def takes_move(self, phase: str, action: str) -> bool:
        """Whether the deadline closing `phase` takes a letter with this action."""
        return True

    def takes_override(self, phase: str, kind: str) -> bool:
        """Whether the deadline closing `phase` applies a host override of this kind."""
        return True

    def request_changes(self) -> int | None:
        """How many times a player may change a request in a turn (None: no limit; each new
        letter replaces the last)."""
        return None

    def conditional_letter(self, state: GameState, move: Move, reason: str | None) -> bool:
        """Whether a letter refused now may still count at the deadline."""
        return False

    def court_threshold(self, living: int) -> int | None:
        """Greens a player needs to go to court (None: the rule set has no court)."""
        return None
