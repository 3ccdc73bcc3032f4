"""What the rule sets share: their names, phases and vote kinds as types, and `RuleSetBase`,
the one description of a rule set — what the engine calls at a deadline, and the answers the
shell asks of a rule set instead of asking which one it is."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Literal

from engine.actions import Move
from engine.kinds import CLANS, RULESETS, Clan, Phase, Role, RulesetName, Team, VoteKind
from engine.settings import RulesSettings
from engine.state import GameState, Player, Seat

if TYPE_CHECKING:
    from engine.events import Event
    from engine.inputs import TurnInputs

__all__ = ["RULESETS", "PaperShows", "Phase", "RuleSetBase", "RulesetName", "VoteKind"]


@dataclass(frozen=True, slots=True)
class PaperShows:
    """What a rule set's newspaper prints beyond what both print (G-P.1, P-P.1)."""

    #: how each night victim died (PEFL: the killer's kind, never his nick)
    kill_cause: bool = False
    #: the host's story of a kill (G-M.10)
    kill_story: bool = False
    #: checks made, the heal, moves that did not happen (G-P.1)
    night_notes: bool = False
    #: who was beaten (P-M.11)
    beaten: bool = False
    #: the final post's votes against each player over the game (P-E.1)
    votes_against: bool = False


class RuleSetBase:
    """What the rule sets share, and the answers the shell asks of a rule set instead of
    asking which one it is. A rule set states its shape in class data and overrides the
    methods where it differs."""

    name: ClassVar[RulesetName]
    #: the rule set as messages to the host name it
    title: ClassVar[str]
    roles: ClassVar[tuple[Role, ...]]
    #: the rule id of the role table (the host's config errors cite it)
    setup_rule: ClassVar[str]
    #: roles dealt into a clan, and those whose clan is fixed (a cast must name them)
    clan_roles: ClassVar[tuple[Role, ...]] = ()
    #: those of `clan_roles` that are the clan's members and play for it (the rest, PEFL's
    #: bastard, is only dealt into a clan, P-S.3): a role's label names their clan
    clan_member_roles: ClassVar[tuple[Role, ...]] = ()
    fixed_clans: ClassVar[Mapping[Role, Clan]] = MappingProxyType({})
    #: the clans elect a Don on the first turn (P-S.2)
    elects_dons: ClassVar[bool] = False
    first_turn: ClassVar[int]
    #: the deadlines of a full turn, in order (C-1)
    turn_phases: ClassVar[tuple[Phase, ...]]
    #: C-1: the host lists the deadlines himself (then they go on every `turn_hours`); else
    #: each turn's deadlines fall at a fixed time of day counted from the start
    host_deadlines: ClassVar[bool] = False
    #: the nominees are judged in a court topic of their own (G-N.3)
    court_topic: ClassVar[bool] = False
    #: each phase's votes, (phase, kind); a phase not named here has none
    vote_kinds: ClassVar[tuple[tuple[Phase, VoteKind], ...]]
    #: what a vote in the topic looks like: its colour spellings (`parser.colors` reads
    #: them), whose vote counts when a voter votes twice, whether it needs a reason and
    #: whether agreeing with a quoted vote counts as one
    vote_colors: ClassVar[tuple[str, ...]]
    vote_order: ClassVar[Literal["first", "last"]]
    vote_needs_reason: ClassVar[bool] = False
    vote_agreement: ClassVar[bool] = False
    #: a clan's kill letter may name who carries it out (P-M.8)
    kill_executor: ClassVar[bool] = False
    #: G-P.2: a killed player's last word has a time limit the shell enforces
    last_word: ClassVar[bool] = False
    #: the first turn closes with no votes (PEFL turn 0 is a night)
    silent_first_turn: ClassVar[bool] = False
    #: what the newspaper prints of a turn (the rest of it is the same for both)
    paper: ClassVar[PaperShows]
    #: each role's name for the players: Russian words, kept in `engine/words_ru.py`
    role_words: ClassVar[Mapping[Role, str]]
    #: each role's night actions (a role without a move has none)
    role_actions: ClassVar[Mapping[Role, tuple[str, ...]]] = MappingProxyType({})

    def __init__(self, settings: RulesSettings) -> None:
        self.settings = settings

    # --- the game, deadline by deadline (each rule set's own) -----------------------------------
    def new_game(self, seats: Sequence[Seat]) -> GameState:
        """The state before the first deadline, for a cast already dealt."""
        raise NotImplementedError

    def introductions(self, state: GameState) -> list[Event]:
        """Role PMs and who-knows-whom messages (G-S.3, P-S.3)."""
        raise NotImplementedError

    def role_table(self, players: int) -> dict[str, int]:
        """Role counts for a game of this size (G-S.1, P-S.1), settings applied."""
        raise NotImplementedError

    def check_move(self, state: GameState, move: Move) -> str | None:
        """Why a move cannot be taken now (a reason code), or None when it can."""
        raise NotImplementedError

    def resolve(
        self, state: GameState, inputs: TurnInputs, rng: random.Random
    ) -> tuple[GameState, list[Event]]:
        """Close the deadline of `state.phase` and return the new state and what happened."""
        raise NotImplementedError

    def winner(self, state: GameState) -> str | None:
        """Who has won (G-W.1, P-W.1), None while the game goes on."""
        raise NotImplementedError

    # --- about the rule set, before any game (config checks run without an engine) ------------
    @classmethod
    def team_of(cls, role: Role, clan: Clan | None = None) -> Team:
        """The side a player of this role (and clan) starts on."""
        raise NotImplementedError

    @classmethod
    def clan_problem(cls, role: Role, clan: str | None) -> str | None:
        """What is wrong with dealing `role` into `clan` (None: nothing)."""
        if role not in cls.clan_roles:
            return None if clan is None else f"no clan for a {role}"
        if clan not in CLANS:
            return f"yakuza or triad, got {clan!r}"
        fixed = cls.fixed_clans.get(role)
        if fixed is not None and clan != fixed:
            return f"the {role} is {fixed.capitalize()}'s"
        return None

    @classmethod
    def letter_actions(cls, state: GameState, nick: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The actions a living player's role has, and those the rules allow him now (the
        move reader reads a letter through them)."""
        raise NotImplementedError

    @classmethod
    def letter_mates(cls, state: GameState, nick: str) -> tuple[str, ...]:
        """The living members of the player's mafia (himself included), or () for none."""
        return ()

    def ends_turn(self, phase: Phase) -> bool:
        """Whether the deadline closing `phase` is the turn's last (C-1): a phase that is
        not one of the turn's deadlines (an introduction day) is closed by the last one."""
        return phase not in self.turn_phases[:-1]

    def court_votes(self, phase: Phase) -> bool:
        """Whether `phase` votes in court: about the nominees only, in the court topic, after
        the nominations closed (G-N.4)."""
        return self.court_topic and dict(self.vote_kinds).get(phase) == "court"

    def vote_kind(self, phase: Phase) -> VoteKind:
        """The kind of votes `phase` reads (a phase without votes: the turn's usual kind)."""
        kinds = dict(self.vote_kinds)
        return kinds.get(phase, self.vote_kinds[0][1])

    def counts_votes(self, state: GameState) -> bool:
        """Whether the deadline `state` waits for counts votes."""
        if self.silent_first_turn and state.turn == self.first_turn:
            return False
        return state.phase in dict(self.vote_kinds)

    def takes_move(self, phase: Phase, action: str) -> bool:
        """Whether the deadline closing `phase` takes a letter with this action."""
        return True

    def takes_override(self, phase: Phase, kind: str) -> bool:
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

    def vote_threshold(self, phase: Phase, living: int) -> int | None:
        """The votes a player needs in `phase` to be sent on (Gambler's greens to the court,
        G-N.3), printed with the interim count; None: no such threshold."""
        return None

    def host_vote_colors(self, phase: Phase) -> tuple[str, ...] | None:
        """The host's own colour list for `phase`'s votes (a `[rules]` setting), or None for
        the rule set's `vote_colors`."""
        return None

    def last_words(self, player: Player) -> int:
        """How many posts a player out of the game may still write as his last word
        (G-P.2); none unless the rule set grants one."""
        return 0
