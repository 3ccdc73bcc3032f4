"""The `RuleSet` protocol and look-up of rule sets by name (`get_ruleset("pefl")`); the shared
base class is `engine.base.RuleSetBase`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine.actions import Move
from engine.base import RULESETS, Phase, RuleSetBase, RulesetName, VoteKind
from engine.events import Event
from engine.inputs import TurnInputs
from engine.kinds import Clan, Role
from engine.settings import RulesSettings
from engine.state import GameState, Seat

if TYPE_CHECKING:  # the rule sets import this module's neighbours; loaded when asked for
    from engine.gambler import Gambler
    from engine.pefl import Pefl


class UnknownRuleset(ValueError):
    """No rule set of that name."""


class RuleSet(Protocol):
    """One rule set (Gambler or PEFL). Implementations are stateless apart from settings."""

    settings: RulesSettings

    @property
    def name(self) -> RulesetName: ...

    @property
    def roles(self) -> tuple[Role, ...]: ...

    @property
    def clan_roles(self) -> tuple[Role, ...]: ...

    @property
    def fixed_clans(self) -> Mapping[Role, Clan]: ...

    @property
    def first_turn(self) -> int:
        """PEFL 0, Gambler 1."""
        ...

    def new_game(self, seats: Sequence[Seat]) -> GameState:
        """The state before the first deadline, for a cast already dealt."""
        ...

    def introductions(self, state: GameState) -> list[Event]:
        """Role PMs and who-knows-whom messages (G-S.3, P-S.3)."""
        ...

    def role_table(self, players: int) -> dict[str, int]:
        """Role counts for a game of this size (G-S.1, P-S.1), settings applied."""
        ...

    def check_move(self, state: GameState, move: Move) -> str | None:
        """Why a move cannot be taken now (a reason code), or None when it can."""
        ...

    def resolve(
        self, state: GameState, inputs: TurnInputs, rng: random.Random
    ) -> tuple[GameState, list[Event]]:
        """Close the deadline of `state.phase` and return the new state and what happened."""
        ...

    def winner(self, state: GameState) -> str | None:
        """Who has won (G-W.1, P-W.1), None while the game goes on."""
        ...

    # --- what the shell asks (answered by `RuleSetBase`) --------------------------------------
    @property
    def turn_phases(self) -> tuple[Phase, ...]: ...

    @property
    def last_word(self) -> bool: ...

    def vote_kind(self, phase: Phase) -> VoteKind: ...

    def counts_votes(self, state: GameState) -> bool: ...

    def takes_move(self, phase: Phase, action: str) -> bool: ...

    def takes_override(self, phase: Phase, kind: str) -> bool: ...

    def request_changes(self) -> int | None: ...

    def conditional_letter(self, state: GameState, move: Move, reason: str | None) -> bool: ...

    def court_threshold(self, living: int) -> int | None: ...


def ruleset_class(name: str) -> type[Pefl] | type[Gambler]:
    """The class of the rule set called `name` ("gambler" | "pefl"): its class data and
    class methods answer what needs no settings (roles, calendar shape, vote look, paper),
    so the config check can ask before any game exists."""
    if name == "pefl":
        from engine.pefl import Pefl

        return Pefl
    if name == "gambler":
        from engine.gambler import Gambler

        return Gambler
    raise UnknownRuleset(f"unknown rule set {name!r} (gambler | pefl)")


def get_ruleset(name: str, settings: RulesSettings | None = None) -> RuleSet:
    """The rule set called `name` ("gambler" | "pefl") with these settings."""
    return ruleset_class(name)(settings or RulesSettings())


__all__ = [
    "RULESETS",
    "Phase",
    "RuleSet",
    "RuleSetBase",
    "RulesetName",
    "UnknownRuleset",
    "VoteKind",
    "get_ruleset",
    "ruleset_class",
]
